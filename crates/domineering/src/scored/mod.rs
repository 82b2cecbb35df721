//! Scored Domineering on an 8×8 board, as ALPHANO plays it (spec: `spec/alphano-domineering.md`,
//! shipped with the crate), on a board of its own: one `u64`, the fast shape for 8×8.
//!
//! - Cells are 0-based `row * 8 + col`; protocol cell (x, y) is row x−1, column y−1.
//! - FIRST places horizontal dominoes on (r, c), (r, c+1); SECOND vertical ones on (r, c), (r+1, c).
//!   A move is named by the domino's top-left cell. Either player may pass at any time.
//! - A placement earns the values (0..=3) of its two cells. Scores are kept exactly in half-points:
//!   FIRST starts at 0, SECOND at 5 (2.5 points), so a game never ties.
//! - The game ends after two consecutive passes, or when neither player has a placement.
//!
//! [`Position`] implements [`search_core::Game`]: passing is a move the search must consider, and a
//! finished game scores [`search_core::Outcome::Score`] = the final score difference in half-points,
//! times [`SCALE`], for the side to move. The Zobrist key covers the occupied cells, the side to move, the pending
//! pass and the score difference, so equal keys mean equal futures and equal values.
//!
//! # Example
//!
//! ```
//! use domineering::scored::endgame::Solver;
//! use domineering::scored::eval::DomEval;
//! use domineering::search_core::{Limits, SearchConfig, Searcher};
//! use domineering::scored::{Move, Position};
//!
//! // The judge's preamble: 8 rows of cell values 0..=3.
//! let values = Position::parse_values(&"0 1 2 3 3 2 1 0\n".repeat(8))?;
//! let mut pos = Position::new(values);
//! pos.try_play("1 4".parse::<Move>()?)?; // FIRST covers (1,4)-(1,5): 3 + 3 points
//! assert_eq!(pos.score(domineering::scored::Side::First), 12); // half-points
//!
//! // Text round-trips, side to move and scores included.
//! assert_eq!(pos.to_string().parse::<Position>()?, pos);
//!
//! // A short search for SECOND's reply with the engine's evaluation.
//! let mut searcher = Searcher::new(SearchConfig::default());
//! let reply = searcher.search(&mut pos.clone(), &DomEval::default(), &Limits::depth(3)).best_move;
//! assert!(reply.is_some_and(|m| pos.is_legal(m)));
//!
//! // The exact solver on a late position: the best final margin for the side to move.
//! let late: Position = "0# 0# 0# 0# 0# 0# 0# 0#\n".repeat(6).add("1 2 0# 0# 0# 0# 0# 0#\n1 2 0# 0# 0# 0# 0# 0#\n").parse()?;
//! let mut solver = Solver::new(&late, 16);
//! let (margin, _best) = solver.solve(&late).expect("no limit was set");
//! assert!(margin != 0);
//! # use std::ops::Add;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/scored_against_greedy.rs` plays the engine against a one-ply greedy player.
//!
//! # Modules
//!
//! - this module: [`Position`], [`Move`], [`Side`], bitboards, text in and out;
//! - [`eval`]: [`eval::DomEval`], safe placements and mobility, with its [`eval::Weights`];
//! - [`endgame`]: the exact endgame [`endgame::Solver`] keyed on the board alone;
//! - [`engine`]: the ALPHANO engine (the endgame solver when it proves a win, else a search);
//! - `reference` (feature `reference`, off by default: a test oracle): a deliberately naive rule set the tests
//!   check the fast one against, and seeded boards.

pub mod endgame;
pub mod engine;
pub mod eval;
#[cfg(feature = "reference")]
pub mod reference;

/// Evaluation units per half-point: terminal scores are `margin × SCALE`, so heuristic terms can
/// be finer than a half-point and stay comparable with exact results.
pub const SCALE: i32 = 16;

use search_core::{Game, Outcome};
use std::fmt;
use std::str::FromStr;

/// A set of cells: bit `row * 8 + col`.
pub type Bitboard = u64;

const COL_7: Bitboard = 0x8080_8080_8080_8080;

/// The top-left cells of `player`'s legal dominoes when `occ` is covered.
#[inline]
pub(crate) fn placements_on(occ: Bitboard, player: Side) -> Bitboard {
    let empty = !occ;
    match player {
        Side::First => empty & (empty >> 1) & !COL_7,
        Side::Second => empty & (empty >> 8),
    }
}

/// The top-left cells of `player`'s *safe* placements when `occ` is covered and the opponent
/// could still cover `their_cover`: dominoes neither of whose cells the opponent can ever take
/// away (Bullock, "Domineering: solving large combinatorial search spaces", 2002). Scored
/// Domineering's one safe-move rule: the evaluation counts these, the endgame solver takes
/// disjoint ones of them (the standard game's solver counts its own on its row-packed board,
/// `crate::packing`).
#[inline]
pub(crate) fn safe_on(occ: Bitboard, player: Side, their_cover: Bitboard) -> Bitboard {
    let step = match player {
        Side::First => 1,
        Side::Second => 8,
    };
    placements_on(occ, player) & !their_cover & !(their_cover >> step)
}

/// Cells `player` could still cover with some domino when `occ` is covered.
#[inline]
pub(crate) fn coverable_on(occ: Bitboard, player: Side) -> Bitboard {
    let tops = placements_on(occ, player);
    match player {
        Side::First => tops | (tops << 1),
        Side::Second => tops | (tops << 8),
    }
}

/// The players are search-core's [`Side`]: FIRST ([`Side::First`]) places horizontal dominoes,
/// moves first and starts with 0 points; SECOND ([`Side::Second`]) places vertical ones and starts
/// with 2.5 points.
pub use search_core::Side;

/// A move: a domino by its top-left cell (0-based index), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A domino of the side to move with its top-left cell here.
    Place(u8),
    /// Passing.
    Pass,
}

impl fmt::Display for Move {
    /// The protocol's `x y` (1-based), or `-1 -1` for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(c) => write!(f, "{} {}", c / 8 + 1, c % 8 + 1),
            Move::Pass => write!(f, "-1 -1"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the protocol's `x y` (1-based row, column of the domino's top-left cell) or
    /// `-1 -1` (also `pass`): what `Display` prints. Checked for the board's bounds only;
    /// [`Position::is_legal`] tells whether the move is legal.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let nums: Vec<i64> = t
            .split_whitespace()
            .map(|x| {
                x.parse()
                    .map_err(|_| ParseError(format!("{t:?} is not a move `x y`")))
            })
            .collect::<Result<_, _>>()?;
        match nums[..] {
            [x, y] => Move::from_judge(x, y),
            _ => Err(ParseError(format!("{t:?} is not a move `x y`"))),
        }
    }
}

impl Move {
    /// The protocol's `x y` (1-based; `-1 -1` a pass), checked for the board's bounds only.
    pub fn from_judge(x: i64, y: i64) -> Result<Move, ParseError> {
        if (x, y) == (-1, -1) {
            return Ok(Move::Pass);
        }
        if !(1..=8).contains(&x) || !(1..=8).contains(&y) {
            return Err(ParseError(format!("move {x} {y} is off the board")));
        }
        Ok(Move::Place(((x - 1) * 8 + (y - 1)) as u8))
    }
}

pub use crate::{ParseError, PlayError};

/// Keys 0..64: occupied cells; 64: SECOND to move; 65: a pass is pending; 66: score multiplier.
static ZOBRIST: [u64; 67] = search_core::zobrist::keys(0x444F_4D49); // "DOMI"

/// A position: values, occupied cells, scores, side to move and pass state.
///
/// As text (`Display`, [`FromStr`]): 8 rows of 8 cell values `0`–`3`, a covered cell marked
/// with a trailing `#` (`2#`), then `to move: first|second`, `scores: F S` (half-points) and
/// `passes: N` lines. Equality compares that state, not the history of moves that led to it.
#[derive(Clone, Debug)]
pub struct Position {
    values: [u8; 64],
    occupied: Bitboard,
    /// Scores in half-points, indexed by [`Side`].
    scores: [i32; 2],
    to_move: Side,
    /// Consecutive passes just played (0, 1 or 2).
    passes: u8,
    /// `passes` before each move, for unmaking.
    undo: Vec<u8>,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (
            self.values,
            self.occupied,
            self.scores,
            self.to_move,
            self.passes,
        ) == (
            other.values,
            other.occupied,
            other.scores,
            other.to_move,
            other.passes,
        )
    }
}

impl Eq for Position {}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..8 {
            let row: Vec<String> = (0..8)
                .map(|c| {
                    let cell = r * 8 + c;
                    let mark = if self.occupied >> cell & 1 == 1 {
                        "#"
                    } else {
                        " "
                    };
                    format!("{}{mark}", self.values[cell])
                })
                .collect();
            writeln!(f, "{}", row.join(" ").trim_end())?;
        }
        let side = match self.to_move {
            Side::First => "first",
            Side::Second => "second",
        };
        writeln!(f, "to move: {side}")?;
        writeln!(f, "scores: {} {}", self.scores[0], self.scores[1])?;
        write!(f, "passes: {}", self.passes)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads what `Display` prints. The `to move`, `scores` and `passes` lines may be left out
    /// (FIRST to move, the covered cells' scores unknown: 0 and 5, no pass); a grid without `#`
    /// is the judge's preamble, the start position.
    ///
    /// # Errors
    /// A grid other than 8 rows of 8 cells, a cell other than a value 0–3 with an optional `#`,
    /// or a bad `to move`, `scores` or `passes` line.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let mut values = [[0u8; 8]; 8];
        let mut occupied: Bitboard = 0;
        let mut rows = 0;
        let (mut to_move, mut scores, mut passes) = (Side::First, [0, 5], 0u8);
        for line in s.lines() {
            let t = line.trim();
            let bad = || ParseError(format!("line {t:?} cannot be read"));
            if let Some(v) = t.strip_prefix("to move:") {
                to_move = match v.trim() {
                    "first" => Side::First,
                    "second" => Side::Second,
                    _ => return Err(bad()),
                };
            } else if let Some(v) = t.strip_prefix("scores:") {
                let n: Vec<i32> = v
                    .split_whitespace()
                    .map(|x| x.parse().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?;
                scores = match n[..] {
                    [a, b] => [a, b],
                    _ => return Err(bad()),
                };
            } else if let Some(v) = t.strip_prefix("passes:") {
                passes = v.trim().parse().ok().filter(|&n| n <= 2).ok_or_else(bad)?;
            } else if !t.is_empty() {
                let cells: Vec<&str> = t.split_whitespace().collect();
                if rows == 8 || cells.len() != 8 {
                    return Err(ParseError(format!(
                        "row {} {t:?}: a board is 8 rows of 8 cells",
                        rows + 1
                    )));
                }
                for (c, cell) in cells.iter().enumerate() {
                    let value = cell.strip_suffix('#');
                    values[rows][c] = match value.unwrap_or(cell).parse::<u8>() {
                        Ok(v) if v <= 3 => v,
                        _ => {
                            return Err(ParseError(format!(
                                "row {} cell {cell:?} is not a value 0..=3 (and `#` if covered)",
                                rows + 1
                            )))
                        }
                    };
                    if value.is_some() {
                        occupied |= 1 << (rows * 8 + c);
                    }
                }
                rows += 1;
            }
        }
        if rows != 8 {
            return Err(ParseError(format!("{rows} board rows, expected 8")));
        }
        let mut p = Position::new(values);
        p.occupied = occupied;
        p.scores = scores;
        p.to_move = to_move;
        p.passes = passes;
        p.key = p.compute_key();
        Ok(p)
    }
}

impl Position {
    /// The start position on a board with these cell values (`values[row][col]`, each 0..=3).
    pub fn new(values: [[u8; 8]; 8]) -> Position {
        let mut v = [0u8; 64];
        for (r, row) in values.iter().enumerate() {
            for (c, &x) in row.iter().enumerate() {
                assert!(x <= 3, "cell values are 0..=3");
                v[r * 8 + c] = x;
            }
        }
        let mut p = Position {
            values: v,
            occupied: 0,
            scores: [0, 5],
            to_move: Side::First,
            passes: 0,
            undo: Vec::with_capacity(64),
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    /// Reads the judge's preamble: 8 lines of 8 integers 0..=3 separated by white space.
    pub fn parse_values(text: &str) -> Result<[[u8; 8]; 8], ParseError> {
        let mut values = [[0u8; 8]; 8];
        let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if rows.len() != 8 {
            return Err(ParseError(format!(
                "{} board lines, expected 8",
                rows.len()
            )));
        }
        for (r, line) in rows.iter().enumerate() {
            let nums: Vec<&str> = line.split_whitespace().collect();
            if nums.len() != 8 {
                return Err(ParseError(format!(
                    "board line {} {line:?} has {} values",
                    r + 1,
                    nums.len()
                )));
            }
            for (c, t) in nums.iter().enumerate() {
                values[r][c] = match t.parse::<u8>() {
                    Ok(v) if v <= 3 => v,
                    _ => {
                        return Err(ParseError(format!(
                            "board line {} value {t:?} is not 0..=3",
                            r + 1
                        )))
                    }
                };
            }
        }
        Ok(values)
    }

    /// The key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = ZOBRIST[..64]
            .iter()
            .enumerate()
            .filter(|&(cell, _)| self.occupied >> cell & 1 == 1)
            .fold(0, |k, (_, z)| k ^ z);
        if self.to_move == Side::Second {
            k ^= ZOBRIST[64];
        }
        if self.passes > 0 {
            k ^= ZOBRIST[65];
        }
        k
    }

    /// The incrementally kept key of the cells, side to move and pending pass (without scores;
    /// [`Game::zobrist`] adds them).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The value of cell `cell` (0..64).
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Occupied cells.
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The player to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// `player`'s score in half-points.
    pub fn score(&self, player: Side) -> i32 {
        self.scores[player as usize]
    }

    /// Consecutive passes just played.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The top-left cells of `player`'s legal dominoes.
    #[inline]
    pub fn placements(&self, player: Side) -> Bitboard {
        placements_on(self.occupied, player)
    }

    /// The two cells a domino of `player` at `cell` covers.
    #[inline]
    pub fn domino(player: Side, cell: usize) -> Bitboard {
        match player {
            Side::First => 0b11 << cell,
            Side::Second => 0x101 << cell,
        }
    }

    /// Whether the game is over: two passes in a row, or no placement for either player.
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || (self.placements(Side::First) | self.placements(Side::Second)) == 0
    }

    /// The winner of a finished game (scores never tie).
    pub fn winner(&self) -> Option<Side> {
        self.is_over().then(|| {
            if self.scores[0] > self.scores[1] {
                Side::First
            } else {
                Side::Second
            }
        })
    }

    /// Appends the legal moves of the side to move: its placements, then the pass.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let mut p = self.placements(self.to_move);
        while p != 0 {
            out.push(Move::Place(p.trailing_zeros() as u8));
            p &= p - 1;
        }
        out.push(Move::Pass);
    }

    /// Whether `mv` is legal for the side to move (a pass always is, until the game is over).
    pub fn is_legal(&self, mv: Move) -> bool {
        !self.is_over()
            && match mv {
                Move::Place(cell) => cell < 64 && self.placements(self.to_move) >> cell & 1 == 1,
                Move::Pass => true,
            }
    }

    /// Whether `mv` is legal for the side to move, and if not, why: the game is over, or a
    /// cell of the domino is off the board or taken (0-based). Agrees with
    /// [`Position::is_legal`].
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let Move::Place(c) = mv else { return Ok(()) };
        let c = c as usize;
        let (row, col) = (c / 8, c % 8);
        let other = match self.to_move {
            Side::First => (row, col + 1),
            Side::Second => (row + 1, col),
        };
        for (row, col) in [(row, col), other] {
            if row > 7 || col > 7 {
                return Err(PlayError::OffBoard { row, col });
            }
            if self.occupied >> (row * 8 + col) & 1 == 1 {
                return Err(PlayError::Occupied { row, col });
            }
        }
        Ok(())
    }

    /// Plays `mv` after checking it ([`Position::check`]); unchanged on error.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// If `mv` is illegal, with the rule it breaks ([`Position::try_play`] returns it instead).
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move {mv}: {e}");
        }
    }

    /// The unchecked fast path for engines: plays `mv`, which must be legal for the side to
    /// move (checked in debug builds only). Use [`Position::try_play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.undo.push(self.passes);
        if self.passes > 0 {
            self.key ^= ZOBRIST[65];
        }
        match mv {
            Move::Place(cell) => {
                let cell = cell as usize;
                let d = Self::domino(self.to_move, cell);
                debug_assert_eq!(d & self.occupied, 0, "domino on occupied cells");
                self.occupied |= d;
                self.key ^= ZOBRIST[cell] ^ ZOBRIST[cell + self.step()];
                self.scores[self.to_move as usize] += self.gain(cell);
                self.passes = 0;
            }
            Move::Pass => {
                self.passes += 1;
                self.key ^= ZOBRIST[65];
            }
        }
        self.to_move = self.to_move.opponent();
        self.key ^= ZOBRIST[64];
    }

    /// Takes back `mv`, the last move played.
    pub fn unplay(&mut self, mv: Move) {
        self.to_move = self.to_move.opponent();
        self.key ^= ZOBRIST[64];
        if self.passes > 0 {
            self.key ^= ZOBRIST[65];
        }
        if let Move::Place(cell) = mv {
            let cell = cell as usize;
            self.occupied &= !Self::domino(self.to_move, cell);
            self.key ^= ZOBRIST[cell] ^ ZOBRIST[cell + self.step()];
            self.scores[self.to_move as usize] -= self.gain(cell);
        }
        self.passes = self.undo.pop().expect("a move to take back");
        if self.passes > 0 {
            self.key ^= ZOBRIST[65];
        }
    }

    /// Cell offset of the second half of the side to move's domino.
    #[inline]
    fn step(&self) -> usize {
        match self.to_move {
            Side::First => 1,
            Side::Second => 8,
        }
    }

    /// Points (half-points ×2) a domino of the side to move at `cell` earns.
    #[inline]
    fn gain(&self, cell: usize) -> i32 {
        2 * i32::from(self.values[cell] + self.values[cell + self.step()])
    }

    /// The score difference in half-points for the side to move.
    pub fn margin(&self) -> i32 {
        self.scores[self.to_move as usize] - self.scores[self.to_move.opponent() as usize]
    }

    /// Parses a protocol move `x y` (1-based, `-1 -1` = pass) as a legal move for the side to move.
    pub fn parse_move(&self, x: i64, y: i64) -> Result<Move, ParseError> {
        match Move::from_judge(x, y)? {
            Move::Place(cell) if self.placements(self.to_move) >> cell & 1 == 0 => Err(ParseError(
                format!("move {x} {y} is not a legal domino here"),
            )),
            mv => Ok(mv),
        }
    }
}

impl Game for Position {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = 65;

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
    }

    fn make_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn unmake_move(&mut self, mv: Move) {
        self.unplay(mv);
    }

    /// A finished game scores its final margin (half-points × [`SCALE`]) for the side to move.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::Score(self.margin() * SCALE))
    }

    /// Unreachable: passing is always legal.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Score(self.margin() * SCALE)
    }

    /// The board key mixed with the score difference: positions with the same cells but different
    /// scores (other tilings got there) have different values, so they must not share TT entries.
    fn zobrist(&self) -> u64 {
        self.key ^ ((self.scores[0] - self.scores[1]) as u64).wrapping_mul(ZOBRIST[66])
    }

    fn move_index(mv: Move) -> usize {
        match mv {
            Move::Place(c) => c as usize,
            Move::Pass => 64,
        }
    }
}
