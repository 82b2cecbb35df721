//! The search's settings: [`SearchConfig`] and the typed options it holds.
//!
//! Every selective option is an `Option<…>` whose `None` is "off"; all the pruning options are
//! off by default, so a plain [`SearchConfig::default`] search returns the depth-limited minimax
//! value (the brute-force tests hold it to that). What each option prunes, its source, and what
//! it costs in exactness is said on its type. Two promises hold with every option on:
//!
//! - [`crate::SearchResult::exact`] stays truthful: an option that cuts a subtree without
//!   searching it, or searches it shallower, marks the iteration as not exact (as the beam does),
//!   so a result called exact is the game-theoretic value.
//! - Except under a [`SearchConfig::beam`] (which leaves the opponent's replies out) without
//!   [`SearchConfig::beam_loss_guard`], a decisive score is a proof: a reported win in `n` plies is
//!   a real win in at most `n`, a reported loss in `n` a real loss in at most `n` (the options
//!   never return a decisive score they did not search, and never skip a move at a node whose best
//!   so far is a loss).
//!
//! The game says what the options need through hooks with safe defaults:
//! [`crate::Evaluator::threatened`] (no null move, no futility or razoring where the side to move
//! must answer a threat), a positive [`crate::Evaluator::move_hint`] (a forcing move, never
//! pruned by futility or late-move pruning), [`crate::Game::make_null_move`] (a pass for the
//! null-move search; games without one never null-move prune).

use crate::score::Score;

/// Switches and sizes of the search; the selective options are off by default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Transposition table size in MiB (at least one bucket). Allocated at the first search.
    pub tt_mib: usize,
    /// Aspiration windows (on by default: a half-width of 50 from depth 4).
    pub aspiration: Option<Aspiration>,
    /// The value of a draw for the side to move at the root (negative: avoid draws).
    pub draw_score: Score,
    /// Below the root, search only the first this many moves of each node in move order.
    /// A pruned node is not exact (it meets the horizon), and a decisive score found under a
    /// beam is no proof (the opponent's other replies were not searched).
    pub beam: Option<usize>,
    /// The beam at the opponent's nodes (the side not to move at the root) in place of
    /// [`SearchConfig::beam`]; `None`: the same beam for both. A wider beam here keeps more of
    /// the opponent's replies, so the root side's own narrow beam is less optimistic.
    /// Renju's Black (`black_reply_beam=999`, White's replies in full) won 43 of 50 against
    /// Rapfi at 1/8 of our clock as with its beam everywhere (`--seed 31 --a-side first`);
    /// off by default.
    pub reply_beam: Option<usize>,
    /// With a beam ([`SearchConfig::beam`], [`SearchConfig::reply_beam`]), a node whose moves
    /// searched so far all lose goes on past the beam until one does not lose (or none is
    /// left), as move-count pruning does (Stockfish's and Rapfi's guard: no move is skipped
    /// while the best is a loss). A loss is then searched in full at every node, so a decisive
    /// score found under the beam is a proof again: the opponent's replies are cut only where
    /// one of them already holds. Off by default.
    pub beam_loss_guard: bool,
    /// Late-move reductions.
    pub lmr: Option<Lmr>,
    /// Single-reply extension: a node with only one move searches it at the node's own depth
    /// (a forced reply costs no depth), so forcing lines such as a run of fours are read to
    /// their end. Each extension is paid for by a ply of the `MAX_PLY` stack. Exactness: none
    /// lost (it only searches deeper).
    pub single_reply_extension: bool,
    /// Threat extension (the Gomoku family's check extension): a node whose side to move must
    /// answer a threat ([`crate::Evaluator::threatened`]) is searched a ply deeper, the horizon
    /// included, so that a forcing move and its answer cost one ply and a line of threats
    /// (Renju's threes and fours) is read about twice as deep; only within twice the
    /// iteration's depth of the root, which bounds the extensions on a line. Exactness: none
    /// lost (it only searches deeper).
    pub threat_extension: bool,
    /// With [`SearchConfig::threat_extension`]: a node is extended only within this many plies
    /// past the iteration's depth from the root, a bound on the extensions of a line (`None`:
    /// the iteration's depth past it, so twice the depth from the root). A
    /// smaller reach leaves long lines of threats to the quiescence search and the next
    /// iteration: the nominal depth grows faster. Exactness: as the extension's. Measured in
    /// Renju (option `threat_reach=2`, both colors): Black's mean depth at 1M nodes 9.25
    /// against 7.90, but self-play at 3 s clocks (`--seed 9400 --sprt 0 20`) 383/2/412 in 797
    /// games, Elo −13 (95%: −37 … +11), H0 accepted; as Black against Rapfi at 1/8, 87 of 100
    /// against 85 without (`--seed 31` and `1031`). Off by default.
    pub threat_extension_reach: Option<u32>,
    /// Quiescence search past the horizon.
    pub quiescence: Option<Quiescence>,
    /// Razoring (step 5 of the node).
    pub razoring: Option<Margin>,
    /// Reverse futility pruning, also called static null move (step 6).
    pub reverse_futility: Option<Margin>,
    /// Null-move pruning (step 7).
    pub null_move: Option<NullMove>,
    /// Internal iterative reduction (step 8).
    pub iir: Option<Iir>,
    /// Futility pruning of quiet moves at the frontier (step 12).
    pub futility: Option<Margin>,
    /// Late-move pruning of quiet moves (step 12).
    pub late_move_pruning: Option<LateMovePruning>,
    /// Move-count pruning of every move, by a count that grows with the depth left (step 11,
    /// beside the beam).
    pub move_count: Option<MoveCount>,
    /// Singular extension of the TT move (step 13).
    pub singular: Option<Singular>,
    /// Counter-move ordering (Uiterwijk 1992; Stockfish's `counterMoves`): the quiet move that
    /// last refuted the opponent's previous move is tried right after the killers. Ordering
    /// only: no value changes.
    pub counter_moves: bool,
    /// Static win detection ([`crate::Evaluator::quick_win`]; Rapfi's `quickWinCheck`): at
    /// every node below the root and every quiescence node, a win the evaluator proves
    /// without search is the node's value. Exactness: none lost (the evaluator's win must be
    /// a proof).
    pub quick_win: bool,
    /// The soft deadline scaled by how settled the root's choice is (iterative deepening's
    /// time management; off: no new iteration after the soft deadline as it stands).
    pub time_stability: Option<TimeStability>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            tt_mib: 16,
            aspiration: Some(Aspiration::default()),
            draw_score: 0,
            beam: None,
            reply_beam: None,
            beam_loss_guard: false,
            lmr: None,
            single_reply_extension: false,
            threat_extension: false,
            threat_extension_reach: None,
            quiescence: None,
            razoring: None,
            reverse_futility: None,
            null_move: None,
            iir: None,
            futility: None,
            late_move_pruning: None,
            move_count: None,
            singular: None,
            counter_moves: false,
            quick_win: false,
            time_stability: None,
        }
    }
}

/// Aspiration windows: an iteration from `from_depth` on starts with the window
/// `previous score ± window` and widens it (doubling) on a fail (Stockfish; Marsland 1986).
/// Exactness: none lost (a failed window is searched again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aspiration {
    /// The first half-width, in evaluation units.
    pub window: Score,
    /// The first iteration that uses a window.
    pub from_depth: u32,
}

impl Default for Aspiration {
    fn default() -> Self {
        Aspiration {
            window: 50,
            from_depth: 4,
        }
    }
}

/// Late-move reductions (Heinz 2000; Stockfish's table by depth and move number): below the
/// root, with at least 3 plies left, the moves after the first `after` are searched shallower
/// with a null window first, and again at full depth only if they beat alpha. The reduced
/// search is capped so that at least one ply is left. Exactness: a reduced search may miss a
/// shorter win, so the iteration is not called exact when it trusted one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lmr {
    /// How many moves of each node are searched at full depth first (at least 1).
    pub after: usize,
    /// How many plies a late move is reduced by.
    pub reduction: Reduction,
    /// With `Some(d)`, a quiet move's history score over `d` is taken off its reduction (a
    /// move that often cut is reduced less, one that never did more; Stockfish's statScore).
    pub history_divisor: Option<i32>,
}

impl Lmr {
    /// Every late move reduced by `plies` (the fixed reduction the engines used before the table).
    pub fn fixed(after: usize, plies: i32) -> Self {
        Lmr {
            after,
            reduction: Reduction::Plies(plies),
            history_divisor: None,
        }
    }

    /// The logarithmic table `0.75 + ln(depth)·ln(move number) / 2.25` (less by one at PV
    /// nodes), adjusted by history (divisor 8192: at most two plies either way).
    pub fn table(after: usize) -> Self {
        Lmr {
            after,
            reduction: Reduction::Log {
                base_percent: 75,
                divisor_percent: 225,
            },
            history_divisor: Some(8192),
        }
    }
}

/// The reduction of a late move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// The same number of plies for every late move.
    Plies(i32),
    /// `base + ln(depth)·ln(move number) / divisor` (both in hundredths), rounded down; one
    /// ply less at PV nodes.
    Log {
        /// The constant term, in hundredths of a ply.
        base_percent: i32,
        /// The divisor of the product of logarithms, in hundredths.
        divisor_percent: i32,
    },
}

/// Quiescence search: past the horizon, at most `plies` plies of the moves
/// [`crate::Evaluator::quiescence_moves`] names (captures in chess; fours and their blocks in
/// five-in-a-row games), the side to move standing pat on the static evaluation where that hook
/// allows it. No PV inside it. Exactness: its leaves are horizon leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiescence {
    /// The most plies searched past the horizon.
    pub plies: u32,
    /// Whether quiescence nodes read and write the transposition table (as Rapfi's VCF
    /// quiescence does, `search/ab/search.cpp`, `vcfsearch`): a node `q` plies past the
    /// horizon is stored with draft `-1 - q`, so that an entry settles a later visit only
    /// when it had at least as many quiescence plies left (any main-search entry does), and
    /// it never replaces a deeper entry of the same position.
    pub tt: bool,
}

impl Quiescence {
    /// `plies` plies past the horizon, without the transposition table.
    pub const fn plies(plies: u32) -> Quiescence {
        Quiescence { plies, tt: false }
    }
}

/// A margin that grows with the depth left: `base + per_depth · depth`, used at nodes with at
/// most `max_depth` plies left, by [`SearchConfig::razoring`], [`SearchConfig::reverse_futility`]
/// and [`SearchConfig::futility`].
///
/// - **Razoring** (Birmingham & Kent 1977; Stockfish's search.cpp): at a non-PV node whose static
///   evaluation plus the margin is below alpha, the quiescence search (the static evaluation
///   without one) at a null window on alpha decides; if it stays below alpha, its value is the
///   node's. Rapfi's figure: about 68 Elo with a VCF as its quiescence.
/// - **Reverse futility** (static null move; Stockfish's search.cpp): at a non-PV node whose static
///   evaluation less the margin is at least beta, the evaluation is the node's value.
/// - **Futility** (Schaeffer 1986; Heinz 1998; Stockfish's search.cpp): a quiet move (no positive
///   hint) at a node whose static evaluation plus the margin cannot reach alpha is skipped, once
///   a move was searched and the best so far is no loss.
///
/// None fires where the side to move is [`crate::Evaluator::threatened`] or the bound it
/// compares against is decisive; none returns a decisive score. Exactness: the iteration is not
/// exact once one fires (the subtree was judged by the evaluation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margin {
    /// The deepest node (plies left) the pruning applies at.
    pub max_depth: i32,
    /// The margin's constant part, in evaluation units.
    pub base: Score,
    /// The margin's part per ply left, in evaluation units.
    pub per_depth: Score,
}

impl Margin {
    /// `base + per_depth · depth`.
    #[inline]
    pub fn at(&self, depth: i32) -> Score {
        self.base + self.per_depth * depth
    }
}

/// Null-move pruning (Beal 1989; Donninger 1993; verification: Tabibi & Netanyahu 2002): at a
/// non-PV node with at least `min_depth` plies left, a static evaluation at least beta, and the
/// side to move not [`crate::Evaluator::threatened`], the side to move passes
/// ([`crate::Game::make_null_move`]) and the opponent searches `reduction + depth / divisor`
/// plies shallower; if it still fails high, the node fails high (with beta in place of a
/// decisive score, which a pass does not prove). From `verify_from` plies on the cut is first
/// verified by a search of the node itself at the reduced depth with null moves off (zugzwang).
/// Never two null moves in a row. Exactness: the iteration is not exact once one cuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMove {
    /// The shallowest node (plies left) that tries a null move.
    pub min_depth: i32,
    /// The constant part of the reduction.
    pub reduction: i32,
    /// The reduction grows by one ply per this many plies of depth.
    pub divisor: i32,
    /// Verify the cut from this depth on (`None`: never).
    pub verify_from: Option<i32>,
}

impl Default for NullMove {
    fn default() -> Self {
        NullMove {
            min_depth: 3,
            reduction: 3,
            divisor: 3,
            verify_from: Some(8),
        }
    }
}

/// Internal iterative reduction (Stockfish's search.cpp; a cheap stand-in for internal iterative
/// deepening): a node with at least `min_depth` plies left and no TT move is searched a ply
/// shallower (its ordering is poor; the next visit has a TT move). Exactness: the iteration is
/// not exact once it fires (a shorter win may be missed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iir {
    /// The shallowest node (plies left) reduced.
    pub min_depth: i32,
}

/// Late-move pruning (move-count pruning; Stockfish's search.cpp): at a node with at most
/// `max_depth` plies left, quiet moves (no positive hint) after the first
/// `base + per_depth_sq · depth²` are skipped, once the best so far is no loss, where the side
/// to move is not [`crate::Evaluator::threatened`]. Exactness: the iteration is not exact once it
/// fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateMovePruning {
    /// The deepest node (plies left) the pruning applies at.
    pub max_depth: i32,
    /// Moves always searched.
    pub base: usize,
    /// Moves added per square of the depth left.
    pub per_depth_sq: usize,
}

/// Move-count pruning of every move (Rapfi's `futilityMoveCount`, `search/ab/parameter.h`:
/// `3 + depth^1.32` moves): below the root, once the best so far is no loss, a node with
/// `depth` plies left searches at most `base + percent/100 · depth^1.32` moves in move order,
/// forcing ones too (a beam that narrows toward the horizon: 4 moves with 1 ply left, 7 with
/// 3, 13 with 6, 23 with 10 at Rapfi's values). Unlike [`LateMovePruning`] it counts the
/// moves with a positive hint, which in five-in-a-row games are most of a node's (a point
/// that makes or takes a three is forcing). Exactness: the iteration is not exact once it
/// fires; a decisive score stays a proof (a node whose best so far is a loss searches on).
///
/// Measured in Renju, self-play at 3 s clocks from four random opening stones: for White
/// (`white_move_count=100`, its default since) +21 Elo (95%: +4 … +39), H1 accepted at 1,580
/// games (`--seed 8800`); for Black in place of its beam of 12 (`black_beam=0
/// black_move_count=100`) −9 Elo (95%: −31 … +13), H0 accepted at 969 games (`--seed 9600`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCount {
    /// Moves always searched.
    pub base: usize,
    /// The weight of `depth^1.32`, in hundredths.
    pub percent: u32,
    /// Whether the count is halved (rounded down, at least 1) at a node that is not
    /// *improving*: its static evaluation is not above the one of the node two plies up the
    /// same path (Rapfi's `futilityMoveCount(depth, improving)`, `FutilityMC[d] / (2 -
    /// improving)`; Stockfish's `improving`). A node that must answer a threat
    /// ([`crate::Evaluator::threatened`]) is not evaluated and takes the parent's evaluation
    /// negated, as Rapfi does at a node facing a four; a node with no evaluation two plies up
    /// (near the root) counts as improving. Costs a static evaluation at every node.
    ///
    /// Measured in Renju for White (`move_count_improving=1`): about a ply deeper in 500 ms
    /// on 24 White-to-move game positions (mean depth 7.8 against 6.8), but in self-play at
    /// 3 s clocks from four random stones (`--seed 64000 --sprt 0 20`) H0 was accepted at 841
    /// games, 407/0/434, Elo −11 (95%: −35 … +12): White won 36 of 420 games with it where
    /// the defaults' White won 50 of 421. Off: the halved count at White's nodes that are
    /// not improving cuts defences that matter.
    pub improving: bool,
    /// Whether the count prunes the opponent's nodes too (those where the side to move is not
    /// the root's), as Rapfi's does; off, only the root side's own nodes are pruned and the
    /// opponent's replies are searched as without a count (a beam, [`SearchConfig::reply_beam`],
    /// still applies there). A defender's search then keeps the attacker's quiet moves that
    /// build a long attack.
    ///
    /// Measured in Renju for White against Rapfi at 1/16 of our clock (option
    /// `move_count_replies=0` with `white_reply_beam=12` and a 16-ply VCF quiescence, from
    /// the 30 positions of `white-contested.txt`, four games each): 43/120, where the
    /// defaults won 46 the same day. Off: no gain shown.
    pub replies: bool,
}

impl MoveCount {
    /// Rapfi's values: `3 + depth^1.32`, not halved at nodes that are not improving.
    pub const RAPFI: MoveCount = MoveCount {
        base: 3,
        percent: 100,
        improving: false,
        replies: true,
    };

    /// The most moves searched at a node with `depth` plies left that is `improving` or not
    /// (see [`MoveCount::improving`]): [`MoveCount::limit`], halved when the node is not
    /// improving and the option is on.
    ///
    /// ```
    /// use search_core::MoveCount;
    /// let mc = MoveCount { improving: true, ..MoveCount::RAPFI };
    /// let counts = [1, 3, 6, 10].map(|d| (mc.limit_at(d, true), mc.limit_at(d, false)));
    /// assert_eq!(counts, [(4, 2), (7, 3), (13, 6), (23, 11)]);
    /// assert_eq!(MoveCount::RAPFI.limit_at(6, false), 13);
    /// ```
    pub fn limit_at(&self, depth: i32, improving: bool) -> usize {
        let full = self.limit(depth);
        if self.improving && !improving {
            (full / 2).max(1)
        } else {
            full
        }
    }

    /// The most moves searched at a node with `depth` plies left (at least `base`, and 1).
    ///
    /// ```
    /// use search_core::MoveCount;
    /// let counts: Vec<usize> = [0, 1, 2, 3, 6, 10].map(|d| MoveCount::RAPFI.limit(d)).to_vec();
    /// assert_eq!(counts, [3, 4, 5, 7, 13, 23]);
    /// ```
    pub fn limit(&self, depth: i32) -> usize {
        let grown = f64::from(depth.max(0)).powf(1.32) * f64::from(self.percent) / 100.0;
        (self.base + grown as usize).max(1)
    }
}

/// Time management by the root's stability (after Stockfish's `bestMoveInstability` and
/// falling evaluation, `search.cpp`, simplified): after each iteration the soft deadline (no new
/// iteration after it; [`crate::TimeManager::soft`]) is scaled by
/// [`TimeStability::percent`]: shorter while the best move stays the same, longer when it
/// changed in the last iterations or the score fell, never past the hard deadline. The time
/// saved on settled moves is left on a game clock for the unsettled ones. Exactness: no
/// effect (only when iterations start).
///
/// Measured in Renju (option `time_stability=1`, both colors): self-play at 3 s clocks from
/// four random opening stones (`--seed 9200 --sprt 0 20`), 406/4/404 in 814 games, Elo +1
/// (95%: −23 … +25), stopped undecided (LLR −1.24); off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeStability {
    /// The scale when the best move has not changed for several iterations, in percent.
    pub settled_percent: u32,
    /// What each recent change of the best move adds, in percent (the count of changes halves
    /// every iteration).
    pub per_change_percent: u32,
    /// What a fall of the score by more than [`TimeStability::fall`] adds, in percent.
    pub fall_percent: u32,
    /// The fall of the score from the previous iteration that counts, in evaluation units.
    pub fall: i32,
    /// The largest scale, in percent.
    pub max_percent: u32,
}

impl TimeStability {
    /// Settled 60%, each recent change of the best move +60%, a fall of the score by more
    /// than 100 +40%, at most 200%.
    pub const DEFAULT: TimeStability = TimeStability {
        settled_percent: 60,
        per_change_percent: 60,
        fall_percent: 40,
        fall: 100,
        max_percent: 200,
    };

    /// The soft deadline's scale in percent, from `changes` (the best move's recent changes:
    /// halved each iteration, plus one when this iteration's best move differs from the last
    /// one's) and `fall` (the previous iteration's score less this one's).
    ///
    /// ```
    /// use search_core::TimeStability;
    /// let t = TimeStability::DEFAULT;
    /// assert_eq!(t.percent(0.0, 0), 60);
    /// assert_eq!(t.percent(1.0, 0), 120);
    /// assert_eq!(t.percent(1.5, 150), 190);
    /// assert_eq!(t.percent(1.9, 500), 200);
    /// ```
    pub fn percent(&self, changes: f64, fall: i32) -> u32 {
        let moved = (changes.max(0.0) * f64::from(self.per_change_percent)) as u32;
        let fell = if fall > self.fall {
            self.fall_percent
        } else {
            0
        };
        (self.settled_percent + moved + fell).min(self.max_percent)
    }
}

/// Singular extension (Anantharaman, Campbell & Hsu 1990; Stockfish's search.cpp): at a node with at
/// least `min_depth` plies left whose TT entry holds a move with a lower bound (or exact score)
/// from at least `depth - 3` plies, the other moves are searched at half the depth against
/// `tt score - margin_per_depth · depth`; if none reaches it, the TT move is singular and is
/// searched a ply deeper. Exactness: none lost (it only searches deeper), but the extra search
/// costs nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Singular {
    /// The shallowest node (plies left) tested.
    pub min_depth: i32,
    /// The margin below the TT score per ply of depth.
    pub margin_per_depth: Score,
}

/// The parts of the search that can be switched off one at a time, to show that each changes
/// no value (the brute-force tests do) or to measure what each is worth. Production searches
/// leave them all on ([`Searcher::new`](crate::Searcher::new)); set them through
/// [`Searcher::with_switches`](crate::Searcher::with_switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// The transposition table.
    pub tt: bool,
    /// Principal variation search (null windows after the first move).
    pub pvs: bool,
    /// Killer-move ordering.
    pub killers: bool,
    /// History-heuristic ordering.
    pub history: bool,
}

impl Switches {
    /// Everything on.
    pub const ALL: Switches = Switches {
        tt: true,
        pvs: true,
        killers: true,
        history: true,
    };
}

impl Default for Switches {
    fn default() -> Self {
        Switches::ALL
    }
}
