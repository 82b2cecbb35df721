//! The traits a game and its evaluation implement to be searched.

use crate::score::Score;
use std::fmt::Debug;

/// One of the two players: the workspace's one side type. Which one moves first is the game's
/// business; search-core only needs a stable index per player (for per-side history tables and
/// draw contempt). A game's own names for its sides (LOA's, Gomoku's and Renju's `Color`,
/// Domineering's `Player`) convert to and from it with `From`.
///
/// ```
/// use search_core::Side;
///
/// assert_eq!("second".parse::<Side>(), Ok(Side::Second));
/// assert_eq!(Side::First.to_string(), "first");
/// assert_eq!(Side::First.opponent().index(), 1);
/// assert!("third".parse::<Side>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player who moves first (Black in LOA, Gomoku and Renju; FIRST/Left in Domineering).
    First,
    /// The player who moves second.
    Second,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for [`Side::First`], 1 for [`Side::Second`]; for indexing per-side tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Side {
    /// `first` or `second`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::First => "first",
            Side::Second => "second",
        })
    }
}

impl std::str::FromStr for Side {
    type Err = String;

    /// `first` or `second` (any case), as `Display` writes them.
    fn from_str(s: &str) -> Result<Side, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "first" => Ok(Side::First),
            "second" => Ok(Side::Second),
            _ => Err(format!("{s:?} is not a side (first or second)")),
        }
    }
}

/// How a finished game ended, seen from the side to move in the finished position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has already won: the opponent's last move completed the side to move's
    /// goal (LOA: a capture that leaves the side to move's remaining pieces connected).
    Win,
    /// The side to move has lost: the opponent's last move won.
    Loss,
    /// Drawn (LOA: side to move has no legal move; Renju: two passes; Gomoku: full board).
    Draw,
    /// The game ended with an exact point result for the side to move, in evaluation units
    /// (ALPHANO scored Domineering: the final score difference in half-points). Must lie strictly
    /// inside `(-score::MAX_EVAL, score::MAX_EVAL)`.
    Score(Score),
}

/// The rules of a two-player game, as search-core needs them.
///
/// Implementations keep everything the search needs incrementally: `make_move`/`unmake_move` must
/// restore the position exactly (including [`Game::zobrist`]), and `generate_moves` must produce
/// exactly the legal moves of the side to move. Game-specific shapes fit as follows:
/// - passes are ordinary moves (a `Pass` variant of `Move`) that the game generates when legal;
/// - forbidden moves (Renju) are simply not generated;
/// - one-shot resources (Code Warriors bombs) are part of the position and of its Zobrist key;
/// - "no legal move" is scored by [`Game::no_move_outcome`] (a draw in LOA, a loss in normal play).
pub trait Game {
    /// A move. Small and `Copy`: it is stored in move lists, the TT and killer slots.
    type Move: Copy + Eq + Debug;

    /// Number of distinct values of [`Game::move_index`]; sizes the history table.
    const MOVE_INDEX_SPACE: usize;

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// Appends every legal move of the side to move to `moves` (which the caller has cleared).
    /// Called only on positions where [`Game::outcome`] is `None`.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which must be legal in the current position.
    fn make_move(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move made.
    fn unmake_move(&mut self, mv: Self::Move);

    /// `Some` when the game is over by its rules (a win, a loss, a final score) in this position,
    /// judged before generating moves. A position whose only problem is that the side to move has
    /// no legal move returns `None` here; see [`Game::no_move_outcome`].
    fn outcome(&self) -> Option<Outcome>;

    /// The outcome when the side to move has no legal move (and [`Game::outcome`] is `None`).
    fn no_move_outcome(&self) -> Outcome;

    /// The position's Zobrist key: equal positions (same side to move, same state) give equal keys.
    fn zobrist(&self) -> u64;

    /// A dense index of `mv` in `0..Self::MOVE_INDEX_SPACE`, used by the history heuristic.
    fn move_index(mv: Self::Move) -> usize;

    /// Passes the turn to the opponent without a move (a null move, for
    /// [`crate::SearchConfig::null_move`]) and returns `true`, or returns `false` with the
    /// position unchanged where the game has no such pass (the default: null-move pruning then
    /// never fires). A pass must change [`Game::zobrist`] as the side to move changes.
    #[inline]
    fn make_null_move(&mut self) -> bool {
        false
    }

    /// Takes back the null move [`Game::make_null_move`] made (called only after it returned
    /// `true`).
    #[inline]
    fn unmake_null_move(&mut self) {}

    /// Whether the game generates its moves in stages (a move picker, as Stockfish's
    /// `movepick.cpp`): below the root the search then tries the TT move (if
    /// [`Game::is_legal_move`]) before generating anything, then the forcing moves
    /// ([`Game::generate_forcing_moves`], by the evaluator's hints), then the killers that are
    /// legal here, and only then the quiet moves ([`Game::generate_quiet_moves`], by history):
    /// a cut-off by an early move saves generating (and ordering) the rest. The two generators
    /// must split [`Game::generate_moves`] exactly (each legal move in one of them, once), and
    /// `is_legal_move` must be exact. Default: `false`, one flat list from `generate_moves`.
    /// (Not with [`crate::SearchConfig::single_reply_extension`], which needs the count first:
    /// that searches from the flat list.)
    const STAGED: bool = false;

    /// With [`Game::STAGED`]: appends the forcing moves (captures, checks, fours, …).
    #[inline]
    fn generate_forcing_moves(&self, _moves: &mut Vec<Self::Move>) {}

    /// With [`Game::STAGED`]: appends every legal move that
    /// [`Game::generate_forcing_moves`] does not.
    #[inline]
    fn generate_quiet_moves(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves)
    }

    /// With [`Game::STAGED`]: whether `mv`, a move found elsewhere in the search (the TT
    /// move, a killer), is legal in this position.
    #[inline]
    fn is_legal_move(&self, _mv: Self::Move) -> bool {
        false
    }
}

/// A static evaluation of positions of game `G`.
pub trait Evaluator<G: Game> {
    /// The heuristic value of `game` for the side to move, strictly inside
    /// `(-score::MAX_EVAL, score::MAX_EVAL)`. Called only on positions that are not over.
    fn evaluate(&self, game: &G) -> Score;

    /// A move-ordering hint: moves with larger hints are searched first, after the TT move and
    /// before killers and history (e.g. captures in LOA). A move with a positive hint is a
    /// forcing move: futility and late-move pruning never skip it. Default: no hint.
    #[inline]
    fn move_hint(&self, _game: &G, _mv: G::Move) -> i32 {
        0
    }

    /// Whether the side to move must answer a threat (in check; facing a four): no null move,
    /// razoring, reverse futility, futility or late-move pruning at such a node (see
    /// [`crate::config`]). Asked only when one of those options is on. Default: never.
    #[inline]
    fn threatened(&self, _game: &G) -> bool {
        false
    }

    /// The quiescence moves of `game` (searched past the horizon when
    /// [`crate::SearchConfig::quiescence`] is set), in the order to search them, pushed
    /// onto `moves`; returns whether the side to move may stand pat instead (take the static
    /// evaluation): `false` when it must answer a threat (a check; a four to block). `qply`
    /// is how many plies past the horizon the node lies (0 at the horizon), so that deep in
    /// a long quiescence search the moves may narrow (Rapfi's VCF quiescence keeps to fours
    /// near the attacker's last stone). Called only on positions that are not over. Default:
    /// no moves, standing pat allowed (the horizon is the evaluation).
    #[inline]
    fn quiescence_moves(&self, _game: &G, _qply: u32, _moves: &mut Vec<G::Move>) -> bool {
        true
    }

    /// `Some(n)` when the side to move of `game` wins by force in `n` plies (its own last
    /// move among them; 1: it wins with its next move), seen without search — a proof, not a
    /// guess: every reply of the opponent loses. Asked at every node below the root and at
    /// every quiescence node when [`crate::SearchConfig::quick_win`] is on. Called only on
    /// positions that are not over. Default: never.
    #[inline]
    fn quick_win(&self, _game: &G) -> Option<u32> {
        None
    }
}
