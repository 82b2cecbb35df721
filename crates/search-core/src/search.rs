//! Iterative-deepening negamax with alpha-beta, PVS and aspiration windows.
//!
//! One loop ([`Searcher::search`]) deepens one ply at a time until a limit stops it. Each iteration
//! searches the root moves with the previous best first. One node routine serves the root, PV
//! and non-PV nodes (a node-type parameter, as Stockfish's `search.cpp`), in numbered steps: it
//! probes the transposition table, applies the selective options that are on
//! ([`crate::config`]), orders the moves (TT move, evaluator hints, killers, counter-move,
//! history; or takes them stage by stage from a game that generates in stages) and searches the
//! first move with a full window and the rest with a null window, re-searching on a fail-high
//! (PVS, Marsland 1986).
//! From depth 4 on, an iteration starts with a narrow window around the previous score and widens it
//! on failure (aspiration windows). The search is fail-soft.
//!
//! When the hard deadline or the node budget stops an iteration, the result is the last completed
//! iteration's, unless the stopped iteration had already fully searched a root move that scored
//! above its window's lower bound (the previous best is searched first, so such a move is at least
//! as good as far as the deeper search knows).

use crate::config::{Lmr, Reduction, SearchConfig, Switches};
use crate::game::{Evaluator, Game, Outcome, Side};
use crate::ordering::{History, Killers};
use crate::score::{self, Score, INFINITY, MAX_EVAL, MAX_PLY};
use crate::time::{Limits, TimeManager};
use crate::tt::{Bound, TranspositionTable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Stops a running search from another thread, or from an iteration callback.
///
/// A clone of the searcher's flag ([`Searcher::stop_handle`]): [`StopHandle::stop`] makes the
/// search return within about a thousand nodes with the best move it has (as when a deadline
/// passes). Each search clears the flag when it starts, so a handle serves every later search.
///
/// ```
/// use search_core::StopHandle;
/// let handle = StopHandle::new();
/// let other = handle.clone();
/// other.stop();
/// assert!(handle.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A new, unset flag.
    pub fn new() -> Self {
        StopHandle::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for since the search started.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// What one completed iteration of [`Searcher::search_with`] found, handed to its callback.
#[derive(Clone, Copy, Debug)]
pub struct Iteration<'a, M> {
    /// The iteration's depth in plies (1, 2, …).
    pub depth: u32,
    /// The root score for the side to move (see [`crate::score`]).
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: &'a [M],
    /// Nodes visited by the whole search so far.
    pub nodes: u64,
    /// Deepest ply reached so far.
    pub seldepth: u32,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Whether the score is the game-theoretic value (the deepening stops after this iteration).
    pub exact: bool,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited (calls of the node routine, root excluded).
    pub nodes: u64,
    /// Deepest completed iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached by any node (selective depth).
    pub seldepth: u32,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
}

impl SearchStats {
    /// Nodes per second (0 when no time was measured).
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// Share of TT probes that hit, in `0.0..=1.0`.
    pub fn tt_hit_rate(&self) -> f64 {
        if self.tt_probes == 0 {
            0.0
        } else {
            self.tt_hits as f64 / self.tt_probes as f64
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the root has no legal move or the game is over.
    pub best_move: Option<M>,
    /// Its score for the side to move (see [`crate::score`]).
    pub score: Score,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Whether `score` is the game-theoretic value: the last completed iteration reached only
    /// finished games (no position was cut off by the depth horizon), or it proved a win or loss
    /// within its depth. Iterative deepening stops as soon as this holds, so an endgame search
    /// becomes an exact solver by itself.
    pub exact: bool,
    /// Counters.
    pub stats: SearchStats,
}

/// A reusable searcher for game `G`: keeps its TT, killers and history between searches.
pub struct Searcher<G: Game> {
    config: SearchConfig,
    switches: Switches,
    tt: Option<TranspositionTable<G::Move>>,
    killers: Killers<G::Move>,
    /// Counter-moves by side and the opponent's previous move ([`SearchConfig::counter_moves`]).
    counters: Vec<Option<G::Move>>,
    /// The move that led to each ply's node (`None` at the root and after a null move).
    prev: Vec<Option<G::Move>>,
    history: History,
    lists: Vec<Vec<G::Move>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<G::Move>>,
    stats: SearchStats,
    time: Option<TimeManager>,
    max_nodes: u64,
    root_side: Side,
    stopped: bool,
    stop: StopHandle,
    /// Whether the current subtree met the depth horizon (or a TT entry that did, or a pruning
    /// that judged it without searching it).
    horizon: bool,
    /// The current iteration left moves out (beam), cut or trusted a reduced search (LMR,
    /// null move, futility, …): its wins and losses are not exact.
    pruned: bool,
    /// The best fully searched root move of the current root search, with its score.
    root_best: Option<(G::Move, Score)>,
    /// Whether each ply's node was reached by a null move (no two in a row).
    null_at: Vec<bool>,
    /// Inside a null-move verification search: no null moves.
    verifying: bool,
    /// The move a singular-extension search leaves out, per ply.
    excluded: Vec<Option<G::Move>>,
    /// The static evaluation of each ply's node on the current path, where it was taken (for
    /// [`crate::config::MoveCount::improving`]).
    evals: Vec<Option<Score>>,
    /// Late-move reductions by depth and move number (both capped at 63), for the current
    /// [`SearchConfig::lmr`].
    lmr_table: Vec<i32>,
}

/// Ordering keys: TT move, then evaluator hints > 0, then killers, then the counter-move, then
/// history (±HISTORY_MAX) plus hints ≤ 0.
const ORDER_TT: i32 = i32::MAX;
const ORDER_HINT: i32 = 1 << 24;
const ORDER_KILLER: i32 = 1 << 20;
/// Below the killers, above every history score.
const ORDER_COUNTER: i32 = ORDER_KILLER - 1;

/// The kind of node being searched, as a type: the root, a PV node (open window: the
/// principal variation may pass through it), or a non-PV node (null window: it only has to
/// fail high or low). One node routine serves all three ([`Searcher::negamax`]).
trait NodeType {
    const ROOT: bool;
    const PV: bool;
}
struct Root;
struct Pv;
struct NonPv;
impl NodeType for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}
impl NodeType for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
}
impl NodeType for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
}

impl<G: Game> Searcher<G> {
    /// A searcher with `config`. Allocates nothing large until the first search.
    pub fn new(config: SearchConfig) -> Self {
        Self::with_switches(config, Switches::ALL)
    }

    /// A searcher with `config` and some of its parts switched off (see [`Switches`]): for
    /// tests that check each part changes no value, and for measuring what each is worth.
    pub fn with_switches(config: SearchConfig, switches: Switches) -> Self {
        Searcher {
            config,
            switches,
            tt: None,
            killers: Killers::new(),
            counters: vec![None; 2 * G::MOVE_INDEX_SPACE],
            prev: vec![None; MAX_PLY + 1],
            history: History::new(G::MOVE_INDEX_SPACE),
            lists: vec![Vec::new(); MAX_PLY + 1],
            scores: vec![Vec::new(); MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            stats: SearchStats::default(),
            time: None,
            max_nodes: u64::MAX,
            root_side: Side::First,
            stopped: false,
            stop: StopHandle::new(),
            horizon: false,
            pruned: false,
            root_best: None,
            null_at: vec![false; MAX_PLY + 1],
            verifying: false,
            excluded: vec![None; MAX_PLY + 1],
            evals: vec![None; MAX_PLY + 1],
            lmr_table: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The configuration, to change between searches (e.g. a different beam for each side).
    /// A new `tt_mib` takes effect only before the first search allocates the table.
    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// The parts switched on (all, unless made by [`Searcher::with_switches`]).
    pub fn switches(&self) -> Switches {
        self.switches
    }

    /// A handle on this searcher's stop flag: [`StopHandle::stop`] from any thread ends the
    /// running search early (see [`StopHandle`]).
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Forgets everything learnt (TT, killers, history), e.g. before a new game.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.killers.clear();
        self.history = History::new(G::MOVE_INDEX_SPACE);
        self.counters.fill(None);
    }

    /// Searches `game` (restored on return) with evaluator `eval` until `limits` stop it, or
    /// the [`StopHandle`]. The time budget runs from this call.
    pub fn search<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: &Limits,
    ) -> SearchResult<G::Move> {
        self.search_with(game, eval, limits, |_| {})
    }

    /// As [`Searcher::search`], calling `on_iteration` after every completed iteration with its
    /// depth, score, principal variation and counters (to print progress, or to stop through a
    /// [`StopHandle`] once an answer is good enough).
    ///
    /// ```
    /// # use search_core::{Evaluator, Game, Limits, Outcome, SearchConfig, Searcher, Side};
    /// # #[derive(Clone)] struct Nim(u8, Side);
    /// # impl Game for Nim {
    /// #     type Move = u8;
    /// #     const MOVE_INDEX_SPACE: usize = 4;
    /// #     fn side_to_move(&self) -> Side { self.1 }
    /// #     fn generate_moves(&self, m: &mut Vec<u8>) { m.extend((1..=3).filter(|&k| k <= self.0)) }
    /// #     fn make_move(&mut self, k: u8) { self.0 -= k; self.1 = self.1.opponent() }
    /// #     fn unmake_move(&mut self, k: u8) { self.0 += k; self.1 = self.1.opponent() }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then_some(Outcome::Loss) }
    /// #     fn no_move_outcome(&self) -> Outcome { Outcome::Loss }
    /// #     fn zobrist(&self) -> u64 { u64::from(self.0) * 2 + self.1.index() as u64 }
    /// #     fn move_index(k: u8) -> usize { k as usize }
    /// # }
    /// # struct Zero;
    /// # impl Evaluator<Nim> for Zero { fn evaluate(&self, _: &Nim) -> i32 { 0 } }
    /// // Nim with 1–3 stones a turn, whoever takes the last wins: 10 stones, take 2.
    /// let mut searcher = Searcher::new(SearchConfig::default());
    /// let mut depths = Vec::new();
    /// let result = searcher.search_with(&mut Nim(10, Side::First), &Zero, &Limits::depth(20), |it| {
    ///     depths.push(it.depth)
    /// });
    /// assert_eq!(result.best_move, Some(2));
    /// assert!(result.exact);
    /// assert_eq!(depths.last(), Some(&result.stats.depth));
    /// ```
    pub fn search_with<E: Evaluator<G>, F: FnMut(&Iteration<'_, G::Move>)>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: &Limits,
        mut on_iteration: F,
    ) -> SearchResult<G::Move> {
        self.stop.clear();
        let time = TimeManager::new(limits, std::time::Instant::now());
        self.time = Some(time);
        self.max_nodes = limits.max_nodes;
        self.stats = SearchStats::default();
        self.stopped = false;
        self.verifying = false;
        self.null_at.fill(false);
        self.excluded.fill(None);
        self.root_side = game.side_to_move();
        if self.switches.tt && self.tt.is_none() {
            self.tt = Some(TranspositionTable::new(self.config.tt_mib));
        }
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        self.history.age();
        self.killers.clear();
        self.lmr_table = lmr_table(self.config.lmr);

        let mut result = SearchResult {
            best_move: None,
            score: 0,
            pv: Vec::new(),
            exact: false,
            stats: self.stats,
        };
        if let Some(o) = game.outcome() {
            result.score = self.outcome_score(o, 0, game.side_to_move());
            result.exact = true;
            return self.finish(result, &time);
        }
        let mut root_moves = std::mem::take(&mut self.lists[0]);
        root_moves.clear();
        game.generate_moves(&mut root_moves);
        if root_moves.is_empty() {
            self.lists[0] = root_moves;
            result.score = self.outcome_score(game.no_move_outcome(), 0, game.side_to_move());
            result.exact = true;
            return self.finish(result, &time);
        }
        // Previous searches' knowledge first: the TT move leads.
        if let Some(mv) = self.tt_move(game.zobrist()) {
            if let Some(i) = root_moves.iter().position(|&m| m == mv) {
                root_moves[..=i].rotate_right(1);
            }
        }
        result.best_move = Some(root_moves[0]);
        result.pv = vec![root_moves[0]];
        let single = root_moves.len() == 1;
        self.lists[0] = root_moves;

        let max_depth = limits.max_depth.clamp(1, MAX_PLY as u32 - 1);
        // The soft deadline's scale (percent) and the best move's recent changes, with
        // [`SearchConfig::time_stability`].
        let (mut soft_percent, mut changes) = (100, 0.0f64);
        for depth in 1..=max_depth {
            if depth > 1 && (time.scaled_soft_expired(soft_percent) || self.stop.is_stopped()) {
                break;
            }
            let prev = result.score;
            let window = self
                .config
                .aspiration
                .filter(|a| depth >= a.from_depth && !score::is_decisive(prev));
            let mut delta = window.map_or(1, |a| a.window.max(1));
            let (mut alpha, mut beta) = match window {
                Some(_) => (prev - delta, prev + delta),
                None => (-INFINITY, INFINITY),
            };
            let mut partial = None;
            self.horizon = false;
            self.pruned = false;
            loop {
                self.root_best = None;
                let s = self.negamax::<Root, E>(game, eval, depth as i32, 0, alpha, beta);
                if self.stopped {
                    partial = self.root_best.filter(|&(_, bs)| bs > alpha);
                    break;
                }
                if s <= alpha && alpha > -INFINITY {
                    alpha = (s - delta).max(-INFINITY);
                } else if s >= beta && beta < INFINITY {
                    beta = (s + delta).min(INFINITY);
                } else {
                    result.score = s;
                    break;
                }
                delta = delta.saturating_mul(2);
                if delta > MAX_EVAL / 4 {
                    (alpha, beta) = (-INFINITY, INFINITY);
                }
            }
            if self.stopped {
                if let Some((mv, s)) = partial {
                    if Some(mv) != result.best_move {
                        result.pv = self.pv[0].clone();
                    }
                    result.best_move = Some(mv);
                    result.score = s;
                }
                break;
            }
            self.stats.depth = depth;
            if let Some(t) = self.config.time_stability {
                let changed = depth > 1 && result.best_move != Some(self.lists[0][0]);
                changes = changes / 2.0 + f64::from(u8::from(changed));
                let fall = if depth > 1 {
                    prev.saturating_sub(result.score)
                } else {
                    0
                };
                soft_percent = t.percent(changes, fall);
            }
            result.best_move = Some(self.lists[0][0]);
            result.pv = self.pv[0].clone();
            // Exact: every leaf was a finished game, or a win/loss is proven within the depth
            // searched (a proven result cannot change with more depth).
            // (Not when moves were pruned or reduced: such a win or loss is no proof.)
            result.exact = !self.horizon
                || (!self.pruned && score::plies_to_end(result.score).is_some_and(|n| n <= depth));
            on_iteration(&Iteration {
                depth,
                score: result.score,
                pv: &result.pv,
                nodes: self.stats.nodes,
                seldepth: self.stats.seldepth,
                elapsed: time.elapsed(),
                exact: result.exact,
            });
            if result.exact {
                break;
            }
            if single && time.hard().is_some() {
                break;
            }
        }
        self.finish(result, &time)
    }

    fn finish(
        &mut self,
        mut result: SearchResult<G::Move>,
        time: &TimeManager,
    ) -> SearchResult<G::Move> {
        self.stats.elapsed = time.elapsed();
        result.stats = self.stats;
        result
    }

    fn tt_move(&self, key: u64) -> Option<G::Move> {
        self.tt
            .as_ref()
            .and_then(|tt| tt.probe(key))
            .and_then(|e| e.mv)
    }

    fn outcome_score(&self, outcome: Outcome, ply: usize, to_move: Side) -> Score {
        match outcome {
            Outcome::Win => score::win_in(ply),
            Outcome::Loss => score::loss_in(ply),
            Outcome::Draw if to_move == self.root_side => self.config.draw_score,
            Outcome::Draw => -self.config.draw_score,
            Outcome::Score(s) => s,
        }
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Marks the current subtree as judged without a full search (a pruning fired): it is not
    /// exact, and the iteration's wins and losses are no proofs of their distance.
    #[inline]
    fn mark_pruned(&mut self) {
        self.horizon = true;
        self.pruned = true;
    }

    /// The fail-soft negamax value of the node `game` at `ply` with `depth` plies left, within
    /// `(alpha, beta)`: one routine for the root, PV and non-PV nodes (`N`), in numbered steps.
    /// At the root the moves are `self.lists[0]` in their order; the best is moved to the
    /// front and kept with its score in `self.root_best`.
    fn negamax<N: NodeType, E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        // Step 1. Enter: count the node, check the limits, a finished game, mate-distance
        // pruning (the root is neither counted nor finished: the search checked it).
        if N::ROOT {
            self.pv[0].clear();
        } else if let Some(s) = self.enter(game, ply, &mut alpha, &mut beta) {
            return s;
        }
        // Step 2. The horizon: the quiescence search (or the static evaluation); a threat to
        // answer first extends the node (within the extension's reach past the iteration's
        // depth: by default twice the depth from the root).
        if !N::ROOT
            && self.config.threat_extension
            && ply < self.extension_bound()
            && eval.threatened(game)
        {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(game, eval, ply, 0, alpha, beta);
        }
        let to_move = game.side_to_move();
        let excluded = self.excluded[ply];
        if !N::ROOT {
            if let Some(s) = self.quick_win(eval, game, ply) {
                return s;
            }
        }

        // Step 3. Transposition table: its move leads the ordering; at non-PV nodes a deep
        // enough bound that settles the window ends the node (not at PV nodes: it would cut
        // the principal variation; not in a singular search: the position lacks a move).
        let key = game.zobrist();
        let mut tt_move = None;
        let mut tt_hit = None;
        if let (Some(tt), false) = (&self.tt, N::ROOT) {
            self.stats.tt_probes += 1;
            if let Some(e) = tt.probe(key) {
                self.stats.tt_hits += 1;
                tt_move = e.mv;
                let s = e.score(ply);
                tt_hit = Some((s, e.bound, i32::from(e.depth)));
                if !N::PV
                    && excluded.is_none()
                    && i32::from(e.depth) >= depth
                    && settles(e.bound, s, alpha, beta)
                {
                    self.horizon |= !e.exact;
                    return s;
                }
            }
        }

        // Step 4. Whether the side to move must answer a threat, and the static evaluation,
        // for the non-PV prunings of steps 5–7, the futility of step 12 and whether the node
        // is improving for the move count of step 11 (taken only when one of them is on).
        let c = self.config;
        let selective = !N::PV
            && excluded.is_none()
            && (c.razoring.is_some() || c.reverse_futility.is_some() || c.null_move.is_some());
        let track_improving = c.move_count.is_some_and(|m| m.improving);
        let needs_eval = selective || (!N::ROOT && c.futility.is_some()) || track_improving;
        let threatened = (needs_eval || c.late_move_pruning.is_some()) && eval.threatened(game);
        let static_eval = if needs_eval && !threatened {
            Some(Self::static_eval(eval, game))
        } else {
            None
        };
        // Improving: the evaluation above the one two plies up the path (a threatened node
        // takes its parent's, negated, and is not improving; none two plies up: improving).
        let improving = if track_improving {
            self.evals[ply] = match static_eval {
                None if threatened && ply > 0 => self.evals[ply - 1].map(|e| -e),
                e => e,
            };
            let before = ply.checked_sub(2).and_then(|p| self.evals[p]);
            !threatened
                && match (static_eval, before) {
                    (Some(now), Some(before)) => now > before,
                    _ => true,
                }
        } else {
            true
        };

        if let (true, Some(ev)) = (selective, static_eval) {
            // Step 5. Razoring: far below alpha, the quiescence search decides.
            if let Some(r) = c.razoring {
                if depth <= r.max_depth
                    && !score::is_decisive(alpha)
                    && ev.saturating_add(r.at(depth)) < alpha
                {
                    let v = self.quiesce(game, eval, ply, 0, alpha - 1, alpha);
                    if v < alpha && !score::is_decisive(v) {
                        self.mark_pruned();
                        return v;
                    }
                }
            }
            // Step 6. Reverse futility (static null move): far above beta, the evaluation is
            // the node's value.
            if let Some(r) = c.reverse_futility {
                if depth <= r.max_depth
                    && !score::is_decisive(beta)
                    && ev.saturating_sub(r.at(depth)) >= beta
                {
                    self.mark_pruned();
                    return ev;
                }
            }
            // Step 7. Null move: if passing still fails high at a reduced depth, so does the
            // node (verified by a reduced search without null moves from `verify_from` on).
            if let Some(n) = c.null_move {
                if depth >= n.min_depth
                    && ev >= beta
                    && !score::is_decisive(beta)
                    && !self.verifying
                    && !self.null_at[ply]
                    && game.make_null_move()
                {
                    let r = n.reduction + depth / n.divisor.max(1);
                    self.null_at[ply + 1] = true;
                    self.prev[ply + 1] = None;
                    let v = -self.negamax::<NonPv, E>(
                        game,
                        eval,
                        depth - 1 - r,
                        ply + 1,
                        -beta,
                        -beta + 1,
                    );
                    self.null_at[ply + 1] = false;
                    game.unmake_null_move();
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        let v = if score::is_decisive(v) { beta } else { v };
                        if n.verify_from.map_or(true, |d| depth < d) {
                            self.mark_pruned();
                            return v;
                        }
                        self.verifying = true;
                        let w =
                            self.negamax::<NonPv, E>(game, eval, depth - r, ply, beta - 1, beta);
                        self.verifying = false;
                        if self.stopped {
                            return 0;
                        }
                        if w >= beta {
                            self.mark_pruned();
                            return v;
                        }
                    }
                }
            }
        }

        // Step 8. Internal iterative reduction: no TT move, poor ordering: a ply shallower.
        if let Some(iir) = c.iir {
            if !N::ROOT && tt_move.is_none() && self.tt.is_some() && depth >= iir.min_depth {
                depth -= 1;
                self.pruned = true;
            }
        }

        // Step 9. The moves, with their ordering keys (the root keeps its own order); a game
        // that generates in stages gets them stage by stage in the move loop.
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut keys = std::mem::take(&mut self.scores[ply]);
        let staged = G::STAGED && !N::ROOT && !c.single_reply_extension;
        let mut stage = if staged { Stage::Tt } else { Stage::Done };
        if !N::ROOT {
            moves.clear();
            if !staged {
                game.generate_moves(&mut moves);
                if moves.is_empty() {
                    self.lists[ply] = moves;
                    self.scores[ply] = keys;
                    return self.outcome_score(game.no_move_outcome(), ply, to_move);
                }
            }
        }
        keys.clear();
        if !N::ROOT {
            keys.extend(
                moves
                    .iter()
                    .map(|&mv| self.order_key(game, eval, mv, tt_move, ply)),
            );
        } else {
            keys.resize(moves.len(), 0);
        }

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut best_idx = None;
        // Step 10. Single-reply extension: a forced reply costs no depth.
        let next = depth - 1 + i32::from(!N::ROOT && c.single_reply_extension && moves.len() == 1);
        // Whether this node's own subtree meets the horizon, kept apart from its siblings'.
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let mut searched = 0usize;
        let mut next_index = 0;
        let own_node = game.side_to_move() == self.root_side;
        let move_count = c
            .move_count
            .filter(|m| !N::ROOT && (m.replies || own_node))
            .map(|m| m.limit_at(depth, improving));
        // The node's beam: the reply beam at the opponent's nodes, if set (one side to move
        // for the whole node, so chosen once here).
        let beam = match c.reply_beam {
            Some(w) if !own_node => Some(w),
            _ => c.beam,
        }
        .filter(|_| !N::ROOT);
        loop {
            // The next stage's moves once the last stage's are all tried.
            while next_index == moves.len() && stage != Stage::Done {
                stage = self.next_stage(game, eval, stage, &mut moves, &mut keys, tt_move, ply);
            }
            if next_index == moves.len() {
                break;
            }
            let i = next_index;
            next_index += 1;
            // Step 11. Beam: below the root only the first moves in order are searched (with
            // its loss guard, once one is no loss); with move-count pruning, only the first
            // few by the depth left once one is no loss.
            if let Some(width) = beam {
                if i >= width && !(c.beam_loss_guard && best <= -MAX_EVAL) {
                    self.mark_pruned();
                    break;
                }
            }
            if let (Some(limit), true) = (move_count, best > -MAX_EVAL) {
                if searched >= limit {
                    self.mark_pruned();
                    break;
                }
            }
            // Selection sort: bring the best remaining move to position i.
            if !N::ROOT {
                let j = (i..moves.len()).max_by_key(|&j| keys[j]).unwrap_or(i);
                moves.swap(i, j);
                keys.swap(i, j);
            }
            let mv = moves[i];
            if Some(mv) == excluded {
                continue;
            }
            let quiet = !N::ROOT && keys[i] < ORDER_HINT;
            // Step 12. Futility and late-move pruning of quiet moves, once a move was searched
            // and the best so far is no loss.
            if quiet && !threatened && best > -MAX_EVAL {
                if let (Some(f), Some(ev)) = (c.futility, static_eval) {
                    if depth <= f.max_depth
                        && !score::is_decisive(alpha)
                        && ev.saturating_add(f.at(depth)) <= alpha
                    {
                        self.mark_pruned();
                        continue;
                    }
                }
                if let Some(l) = c.late_move_pruning {
                    let d = depth.max(0) as usize;
                    if depth <= l.max_depth && searched >= l.base + l.per_depth_sq * d * d {
                        self.mark_pruned();
                        continue;
                    }
                }
            }
            // Step 13. Singular extension of the TT move.
            let mut extension = 0;
            if let (Some(sg), Some((ts, bound, td)), false) = (c.singular, tt_hit, N::ROOT) {
                if Some(mv) == tt_move
                    && excluded.is_none()
                    && depth >= sg.min_depth
                    && td >= depth - 3
                    && matches!(bound, Bound::Lower | Bound::Exact)
                    && !score::is_decisive(ts)
                {
                    let sbeta = ts - sg.margin_per_depth * depth;
                    self.excluded[ply] = Some(mv);
                    let v = self.negamax::<NonPv, E>(
                        game,
                        eval,
                        (depth - 1) / 2,
                        ply,
                        sbeta - 1,
                        sbeta,
                    );
                    self.excluded[ply] = None;
                    if self.stopped {
                        break;
                    }
                    if v < sbeta {
                        extension = 1;
                    }
                }
            }
            searched += 1;
            self.prev[ply + 1] = Some(mv);
            game.make_move(mv);
            let child = next + extension;
            // Step 14. Late-move reductions.
            let reduce = match (c.lmr, N::ROOT) {
                (Some(l), false) if i >= l.after.max(1) && depth >= 3 => self
                    .reduction::<N>(l, depth, i, to_move, mv, quiet)
                    .min(depth - 2),
                _ => 0,
            };
            // Step 15. Principal variation search: the first move with the full window, the
            // others with a null window (reduced, then at full depth if they beat alpha), and
            // with the full window again if they land inside it.
            let s = if searched == 1 || !self.switches.pvs {
                if N::PV {
                    -self.negamax::<Pv, E>(game, eval, child, ply + 1, -beta, -alpha)
                } else {
                    -self.negamax::<NonPv, E>(game, eval, child, ply + 1, -beta, -alpha)
                }
            } else {
                let mut s = -self.negamax::<NonPv, E>(
                    game,
                    eval,
                    child - reduce,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if reduce > 0 {
                    if s > alpha && !self.stopped {
                        s = -self.negamax::<NonPv, E>(
                            game,
                            eval,
                            child,
                            ply + 1,
                            -alpha - 1,
                            -alpha,
                        );
                    } else {
                        self.pruned = true;
                    }
                }
                if N::PV && s > alpha && s < beta && !self.stopped {
                    -self.negamax::<Pv, E>(game, eval, child, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            game.unmake_move(mv);
            if self.stopped {
                break;
            }
            // Step 16. The best move so far; a cut-off teaches killers and history.
            if s > best {
                best = s;
                best_idx = Some(i);
                if s > alpha {
                    alpha = s;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if !N::ROOT {
                            self.reward(to_move, ply, depth, &moves[..=i], &keys[..=i]);
                        }
                        break;
                    }
                }
            }
        }
        if staged && moves.is_empty() {
            // No stage had a move: none is legal.
            self.horizon = outer_horizon;
            self.lists[ply] = moves;
            self.scores[ply] = keys;
            return self.outcome_score(game.no_move_outcome(), ply, to_move);
        }
        // Every move left out (a singular search's only move, or all pruned): the node is
        // judged by what was searched, or fails low at alpha.
        if best == -INFINITY && !self.stopped {
            best = alpha;
        }
        let subtree_horizon = self.horizon;
        self.horizon |= outer_horizon;
        // Step 17. The root keeps its best move first; the table learns the node's result.
        if N::ROOT {
            self.root_best = best_idx.map(|i| (moves[i], best));
            if let (Some(i), false) = (best_idx, self.stopped) {
                moves[..=i].rotate_right(1);
                best_move = Some(moves[0]);
            }
        }
        if !self.stopped && excluded.is_none() {
            if let Some(tt) = &mut self.tt {
                let bound = bound_of(best, orig_alpha, beta);
                tt.store(key, depth, ply, best, bound, best_move, !subtree_horizon);
            }
        }
        self.lists[ply] = moves;
        self.scores[ply] = keys;
        best
    }

    /// Appends the moves of the stage after `stage` (see [`Game::STAGED`]) with their ordering
    /// keys, leaving out those already tried, and returns that stage.
    #[allow(clippy::too_many_arguments)]
    fn next_stage<E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        stage: Stage,
        moves: &mut Vec<G::Move>,
        keys: &mut Vec<i32>,
        tt_move: Option<G::Move>,
        ply: usize,
    ) -> Stage {
        let start = moves.len();
        let next = match stage {
            Stage::Tt => {
                if let Some(mv) = tt_move.filter(|&m| game.is_legal_move(m)) {
                    moves.push(mv);
                }
                Stage::Forcing
            }
            Stage::Forcing => {
                game.generate_forcing_moves(moves);
                Stage::Killers
            }
            Stage::Killers => {
                let killers = if self.switches.killers {
                    self.killers.get(ply)
                } else {
                    [None, None]
                };
                let counter = self.counter_move(game.side_to_move(), ply);
                for k in killers.into_iter().chain([counter]).flatten() {
                    if !moves.contains(&k) && game.is_legal_move(k) {
                        moves.push(k);
                    }
                }
                Stage::Quiet
            }
            Stage::Quiet => {
                game.generate_quiet_moves(moves);
                Stage::Done
            }
            Stage::Done => Stage::Done,
        };
        // The TT move and the killers were tried already (the generators know nothing of them).
        if matches!(stage, Stage::Forcing | Stage::Quiet) && start > 0 {
            let mut k = start;
            while k < moves.len() {
                if moves[..start].contains(&moves[k]) {
                    moves.swap_remove(k);
                } else {
                    k += 1;
                }
            }
        }
        for &mv in &moves[start..] {
            keys.push(self.order_key(game, eval, mv, tt_move, ply));
        }
        next
    }

    /// The plies from the root within which [`SearchConfig::threat_extension`] extends a node:
    /// the iteration's depth plus [`SearchConfig::threat_extension_reach`], by default twice
    /// the iteration's depth (`stats.depth` is the last one completed: this iteration's less
    /// one).
    #[inline]
    fn extension_bound(&self) -> usize {
        let depth = self.stats.depth as usize + 1;
        depth
            + self
                .config
                .threat_extension_reach
                .map_or(depth, |r| r as usize)
    }

    /// The plies a late move (the `i`-th, from 0) is reduced by at a node with `depth` left.
    #[inline]
    fn reduction<N: NodeType>(
        &self,
        lmr: Lmr,
        depth: i32,
        i: usize,
        side: Side,
        mv: G::Move,
        quiet: bool,
    ) -> i32 {
        match lmr.reduction {
            Reduction::Plies(r) => r.max(0),
            Reduction::Log { .. } => {
                let d = (depth as usize).min(63);
                let m = (i + 1).min(63);
                let mut r = self.lmr_table[d * 64 + m] - i32::from(N::PV);
                if let (Some(div), true, true) = (lmr.history_divisor, quiet, self.switches.history)
                {
                    r -= self.history.get(side, G::move_index(mv)) / div.max(1);
                }
                r.max(0)
            }
        }
    }

    /// What every node does first: count itself, check the limits, and end there when the
    /// search is stopped, the game is over, or mate-distance pruning closes the window (no
    /// result can beat a win in `ply + 1` or lose faster than now). `Some`: the node's value.
    #[inline]
    fn enter(
        &mut self,
        game: &G,
        ply: usize,
        alpha: &mut Score,
        beta: &mut Score,
    ) -> Option<Score> {
        self.pv[ply].clear();
        self.stats.nodes += 1;
        if self.stats.nodes >= self.max_nodes
            || (self.stats.nodes & 1023 == 0
                && (self.time.as_ref().is_some_and(TimeManager::hard_expired)
                    || self.stop.is_stopped()))
        {
            self.stopped = true;
        }
        if self.stopped {
            return Some(0);
        }
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if let Some(o) = game.outcome() {
            return Some(self.outcome_score(o, ply, game.side_to_move()));
        }
        *alpha = (*alpha).max(score::loss_in(ply));
        *beta = (*beta).min(score::win_in(ply + 1));
        (*alpha >= *beta).then_some(*alpha)
    }

    /// The static evaluation, kept inside `(-MAX_EVAL, MAX_EVAL)`.
    fn static_eval<E: Evaluator<G>>(eval: &E, game: &G) -> Score {
        let v = eval.evaluate(game);
        debug_assert!(v.abs() < MAX_EVAL, "evaluation {v} out of range");
        v.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
    }

    /// With [`SearchConfig::quick_win`], the score of a win the evaluator proves at `ply`
    /// without search ([`Evaluator::quick_win`]; not in a singular search, where the win may
    /// need the excluded move, nor past [`MAX_PLY`]).
    #[inline]
    fn quick_win<E: Evaluator<G>>(&self, eval: &E, game: &G, ply: usize) -> Option<Score> {
        if !self.config.quick_win || self.excluded[ply].is_some() {
            return None;
        }
        let at = ply + eval.quick_win(game)? as usize;
        (at < MAX_PLY).then(|| score::win_in(at))
    }

    /// The value past the horizon (`qply` plies into it): the static evaluation, or with
    /// [`SearchConfig::quiescence`] the fail-soft alpha-beta value of the quiescence moves,
    /// the side to move standing pat where the evaluator allows it.
    fn quiesce<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        ply: usize,
        qply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.horizon = true;
        // Also at the horizon itself.
        if let Some(s) = self.quick_win(eval, game, ply) {
            return s;
        }
        let (plies, q_tt) = self
            .config
            .quiescence
            .map_or((0, false), |q| (q.plies, q.tt));
        if qply >= plies || ply >= MAX_PLY - 1 {
            return Self::static_eval(eval, game);
        }
        // The table, with the draft -1 - qply (Quiescence::tt): an entry with at least as
        // many quiescence plies left, or any main-search entry, settles the window; a deeper
        // one is kept.
        let draft = -1 - qply as i32;
        let mut key = None;
        if let (Some(tt), true) = (&self.tt, q_tt) {
            let k = game.zobrist();
            match tt
                .probe(k)
                .map(|e| (i32::from(e.depth), e.bound, e.score(ply)))
            {
                Some((d, b, s)) if d >= draft && settles(b, s, alpha, beta) => return s,
                Some((d, ..)) if d > draft => {}
                _ => key = Some(k),
            }
        }
        let orig_alpha = alpha;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        moves.clear();
        let stand = eval.quiescence_moves(game, qply, &mut moves);
        let mut best = -INFINITY;
        if stand || moves.is_empty() {
            best = Self::static_eval(eval, game);
            if best >= beta || moves.is_empty() {
                self.lists[ply] = moves;
                self.store_q(key, draft, ply, best, orig_alpha, beta);
                return best;
            }
            alpha = alpha.max(best);
        }
        for &mv in &moves {
            game.make_move(mv);
            let (mut a, mut b) = (-beta, -alpha);
            let s = match self.enter(game, ply + 1, &mut a, &mut b) {
                Some(s) => -s,
                None => -self.quiesce(game, eval, ply + 1, qply + 1, a, b),
            };
            game.unmake_move(mv);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                alpha = alpha.max(s);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = moves;
        if !self.stopped {
            self.store_q(key, draft, ply, best, orig_alpha, beta);
        }
        best
    }

    /// Stores a quiescence node's value under `key` (`None`: not stored) with draft `d`.
    fn store_q(&mut self, key: Option<u64>, d: i32, ply: usize, v: Score, a: Score, b: Score) {
        if let (Some(key), Some(tt)) = (key, &mut self.tt) {
            tt.store(key, d, ply, v, bound_of(v, a, b), None, false);
        }
    }

    #[inline]
    fn order_key<E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        mv: G::Move,
        tt_move: Option<G::Move>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == tt_move {
            return ORDER_TT;
        }
        let hint = eval.move_hint(game, mv);
        if hint > 0 {
            return ORDER_HINT + hint.min(ORDER_HINT - 1);
        }
        if self.switches.killers {
            let rank = self.killers.rank(ply, mv);
            if rank > 0 {
                return ORDER_KILLER + rank;
            }
        }
        if Some(mv) == self.counter_move(game.side_to_move(), ply) {
            return ORDER_COUNTER;
        }
        let history = if self.switches.history {
            self.history.get(game.side_to_move(), G::move_index(mv))
        } else {
            0
        };
        history + hint.max(-ORDER_KILLER / 2)
    }

    /// The counter-move of `side` at `ply`: its quiet move that last refuted the move that led
    /// here ([`SearchConfig::counter_moves`]).
    #[inline]
    fn counter_move(&self, side: Side, ply: usize) -> Option<G::Move> {
        if !self.config.counter_moves {
            return None;
        }
        let p = self.prev[ply]?;
        self.counters[side.index() * G::MOVE_INDEX_SPACE + G::move_index(p)]
    }

    /// A beta cut-off by the last of `tried`: killers, the counter-move and history learn from
    /// it.
    fn reward(&mut self, side: Side, ply: usize, depth: i32, tried: &[G::Move], keys: &[i32]) {
        let (&cut, before) = tried.split_last().expect("at least the cut-off move");
        let quiet = |k: i32| k < ORDER_KILLER || k == ORDER_TT;
        if self.switches.killers && quiet(keys[keys.len() - 1]) {
            self.killers.record(ply, cut);
        }
        if let (true, true, Some(p)) = (
            self.config.counter_moves,
            quiet(keys[keys.len() - 1]),
            self.prev[ply],
        ) {
            self.counters[side.index() * G::MOVE_INDEX_SPACE + G::move_index(p)] = Some(cut);
        }
        if self.switches.history {
            let bonus = depth * depth;
            self.history.update(side, G::move_index(cut), bonus);
            for (&mv, &k) in before.iter().zip(keys) {
                if k < ORDER_HINT {
                    self.history.update(side, G::move_index(mv), -bonus);
                }
            }
        }
    }
}

/// The stages of a staged move generation ([`Game::STAGED`]), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The TT move, if legal.
    Tt,
    /// The game's forcing moves.
    Forcing,
    /// The killers, if legal.
    Killers,
    /// The rest.
    Quiet,
    /// All generated.
    Done,
}

/// The reductions of [`Reduction::Log`] by depth and move number (0..64 each), or nothing.
fn lmr_table(lmr: Option<Lmr>) -> Vec<i32> {
    let Some(Lmr {
        reduction: Reduction::Log {
            base_percent,
            divisor_percent,
        },
        ..
    }) = lmr
    else {
        return Vec::new();
    };
    let mut t = vec![0; 64 * 64];
    for d in 1..64 {
        for m in 1..64 {
            let r = f64::from(base_percent) / 100.0
                + (d as f64).ln() * (m as f64).ln() / (f64::from(divisor_percent.max(1)) / 100.0);
            t[d * 64 + m] = r.floor() as i32;
        }
    }
    t
}

/// Whether a stored score `s` with bound `b` settles the window (`alpha`, `beta`).
fn settles(b: Bound, s: Score, alpha: Score, beta: Score) -> bool {
    match b {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
        Bound::None => false,
    }
}

fn bound_of(best: Score, alpha: Score, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lmr_table_grows_with_depth_and_move_number() {
        let t = lmr_table(Some(Lmr::table(1)));
        let r = |d: usize, m: usize| t[d * 64 + m];
        // 0.75 + ln d · ln m / 2.25: nothing for the first move or at depth 1; about 3 plies
        // for the 20th move at depth 10.
        assert_eq!((r(1, 30), r(30, 1)), (0, 0));
        assert_eq!(r(10, 20), (0.75 + 10f64.ln() * 20f64.ln() / 2.25) as i32);
        assert_eq!(r(10, 20), 3);
        for d in 1..63 {
            for m in 1..63 {
                assert!(r(d, m) <= r(d + 1, m) && r(d, m) <= r(d, m + 1));
            }
        }
        assert!(lmr_table(Some(Lmr::fixed(3, 1))).is_empty());
        assert!(lmr_table(None).is_empty());
    }
}
