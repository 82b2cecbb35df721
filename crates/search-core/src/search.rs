//! Iterative-deepening negamax with alpha-beta, PVS and aspiration windows.
//!
//! One loop ([`Searcher::search`]) deepens one ply at a time until a limit stops it. Each iteration
//! searches the root moves with the previous best first; inner nodes probe the transposition table,
//! order moves (TT move, evaluator hints, killers, history) and search the first move with a full
//! window and the rest with a null window, re-searching on a fail-high (PVS, Marsland 1986).
//! From depth 4 on, an iteration starts with a narrow window around the previous score and widens it
//! on failure (aspiration windows). The search is fail-soft.
//!
//! When the hard deadline or the node budget stops an iteration, the result is the last completed
//! iteration's, unless the stopped iteration had already fully searched a root move that scored
//! above its window's lower bound (the previous best is searched first, so such a move is at least
//! as good as far as the deeper search knows).

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

/// Switches and sizes of the search (builder-style defaults via [`Default`]).
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    /// Transposition table size in MiB; 0 disables the table. Allocated at the first search.
    pub tt_mib: usize,
    /// Principal variation search (null windows after the first move).
    pub pvs: bool,
    /// Aspiration windows from depth 4 on.
    pub aspiration: bool,
    /// Initial half-width of the aspiration window, in evaluation units.
    pub aspiration_window: Score,
    /// Killer-move ordering.
    pub killers: bool,
    /// History-heuristic ordering.
    pub history: bool,
    /// The value of a draw for the side to move at the root (negative: avoid draws).
    pub draw_score: Score,
    /// Beam width: below the root, search only the first this many moves of each node in
    /// move order (0: all). A pruned node is not exact (it meets the horizon).
    pub move_limit: usize,
    /// Late-move reductions `(k, r)`: below the root, with at least 3 plies left, the moves
    /// after the first `k` are searched `r` plies shallower with a null window first, and again
    /// at full depth only if they beat alpha (0 for `r`: none).
    pub lmr: (usize, i32),
    /// Single-reply extension: a node with only one move searches it at the node's own depth
    /// (a forced reply costs no depth), so forcing lines such as a run of fours are read to
    /// their end. Each extension is paid for by a ply of the `MAX_PLY` stack.
    pub single_reply_extension: bool,
    /// Quiescence search: past the horizon, at most this many plies of the moves
    /// [`Evaluator::quiescence_moves`] names (captures in chess; fours and their blocks in
    /// five-in-a-row games), the side to move standing pat on the static evaluation where that
    /// hook allows it (0: none, the horizon is the evaluation). No TT, no PV inside it.
    pub quiescence_plies: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            tt_mib: 16,
            pvs: true,
            aspiration: true,
            aspiration_window: 50,
            killers: true,
            history: true,
            draw_score: 0,
            move_limit: 0,
            lmr: (0, 0),
            single_reply_extension: false,
            quiescence_plies: 0,
        }
    }
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
    tt: Option<TranspositionTable<G::Move>>,
    killers: Killers<G::Move>,
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
    /// Whether the current subtree met the depth horizon (or a TT entry that did).
    horizon: bool,
    /// The current iteration left moves out (beam) or trusted a reduced search (LMR): its
    /// wins and losses are not proofs.
    pruned: bool,
}

/// Ordering keys: TT move, then evaluator hints > 0, then killers, then history (±HISTORY_MAX)
/// plus hints ≤ 0.
const ORDER_TT: i32 = i32::MAX;
const ORDER_HINT: i32 = 1 << 24;
const ORDER_KILLER: i32 = 1 << 20;

impl<G: Game> Searcher<G> {
    /// A searcher with `config`. Allocates nothing large until the first search.
    pub fn new(config: SearchConfig) -> Self {
        Searcher {
            config,
            tt: None,
            killers: Killers::new(),
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
        self.root_side = game.side_to_move();
        if self.config.tt_mib > 0 && self.tt.is_none() {
            self.tt = Some(TranspositionTable::new(self.config.tt_mib));
        }
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        self.history.age();
        self.killers.clear();

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
        let mut root_moves = Vec::new();
        game.generate_moves(&mut root_moves);
        if root_moves.is_empty() {
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

        let max_depth = limits.max_depth.clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            if depth > 1 && (time.soft_expired() || self.stop.is_stopped()) {
                break;
            }
            let prev = result.score;
            let mut delta = self.config.aspiration_window.max(1);
            let (mut alpha, mut beta) =
                if self.config.aspiration && depth >= 4 && !score::is_decisive(prev) {
                    (prev - delta, prev + delta)
                } else {
                    (-INFINITY, INFINITY)
                };
            let mut partial = None;
            self.horizon = false;
            self.pruned = false;
            loop {
                let (s, best) = self.root(game, eval, &mut root_moves, depth as i32, alpha, beta);
                if self.stopped {
                    partial = best.filter(|&(_, bs)| bs > alpha);
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
            result.best_move = Some(root_moves[0]);
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
            if root_moves.len() == 1 && time.hard().is_some() {
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

    /// One root iteration. Returns the fail-soft value and the best fully searched move with its
    /// score; moves the best move to the front of `moves`.
    fn root<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        moves: &mut [G::Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> (Score, Option<(G::Move, Score)>) {
        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_idx = None;
        self.pv[0].clear();
        for (i, &mv) in moves.iter().enumerate() {
            game.make_move(mv);
            let s = if i == 0 || !self.config.pvs {
                -self.negamax(game, eval, depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(game, eval, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(game, eval, depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            game.unmake_move(mv);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_idx = Some(i);
                if s > alpha {
                    alpha = s;
                    self.update_pv(0, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let found = best_idx.map(|i| (moves[i], best));
        if let (Some(i), false) = (best_idx, self.stopped) {
            moves[..=i].rotate_right(1);
            if let Some(tt) = &mut self.tt {
                let bound = bound_of(best, orig_alpha, beta);
                tt.store(
                    game.zobrist(),
                    depth,
                    0,
                    best,
                    bound,
                    Some(moves[0]),
                    !self.horizon,
                );
            }
        }
        (best, found)
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        if let Some(s) = self.enter(game, ply, &mut alpha, &mut beta) {
            return s;
        }
        let to_move = game.side_to_move();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(game, eval, ply, 0, alpha, beta);
        }

        let key = game.zobrist();
        let mut tt_move = None;
        if let Some(tt) = &self.tt {
            self.stats.tt_probes += 1;
            if let Some(e) = tt.probe(key) {
                self.stats.tt_hits += 1;
                tt_move = e.mv;
                // No cut-offs at PV nodes (open windows): they would cut the principal variation.
                if i32::from(e.depth) >= depth && beta - alpha == 1 {
                    let s = e.score(ply);
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                        Bound::None => false,
                    };
                    if cut {
                        self.horizon |= !e.exact;
                        return s;
                    }
                }
            }
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut keys = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            self.scores[ply] = keys;
            return self.outcome_score(game.no_move_outcome(), ply, to_move);
        }
        keys.clear();
        keys.extend(
            moves
                .iter()
                .map(|&mv| self.order_key(game, eval, mv, tt_move, ply)),
        );

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // A forced reply costs no depth (see `single_reply_extension`).
        let next = depth - 1 + i32::from(self.config.single_reply_extension && moves.len() == 1);
        let (lmr_after, lmr_by) = self.config.lmr;
        // Whether this node's own subtree meets the horizon, kept apart from its siblings'.
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        for i in 0..moves.len() {
            if self.config.move_limit > 0 && i >= self.config.move_limit {
                // Beam: the rest are not searched, so this node's value is not exact.
                self.horizon = true;
                self.pruned = true;
                break;
            }
            // Selection sort: bring the best remaining move to position i.
            let j = (i..moves.len()).max_by_key(|&j| keys[j]).unwrap_or(i);
            moves.swap(i, j);
            keys.swap(i, j);
            let mv = moves[i];
            game.make_move(mv);
            let reduce = if lmr_by > 0 && i >= lmr_after.max(1) && depth >= 3 {
                lmr_by.min(depth - 2)
            } else {
                0
            };
            let s = if i == 0 || !self.config.pvs {
                -self.negamax(game, eval, next, ply + 1, -beta, -alpha)
            } else {
                let mut s = -self.negamax(game, eval, next - reduce, ply + 1, -alpha - 1, -alpha);
                if reduce > 0 {
                    if s > alpha && !self.stopped {
                        s = -self.negamax(game, eval, next, ply + 1, -alpha - 1, -alpha);
                    } else {
                        self.pruned = true;
                    }
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(game, eval, next, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            game.unmake_move(mv);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        self.reward(to_move, ply, depth, &moves[..=i], &keys[..=i]);
                        break;
                    }
                }
            }
        }
        let subtree_horizon = self.horizon;
        self.horizon |= outer_horizon;
        if !self.stopped {
            if let Some(tt) = &mut self.tt {
                let bound = bound_of(best, orig_alpha, beta);
                tt.store(key, depth, ply, best, bound, best_move, !subtree_horizon);
            }
        }
        self.lists[ply] = moves;
        self.scores[ply] = keys;
        best
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

    /// The value past the horizon (`qply` plies into it): the static evaluation, or with
    /// [`SearchConfig::quiescence_plies`] the fail-soft alpha-beta value of the quiescence
    /// moves, the side to move standing pat where the evaluator allows it.
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
        if qply >= self.config.quiescence_plies || ply >= MAX_PLY - 1 {
            return Self::static_eval(eval, game);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        moves.clear();
        let stand = eval.quiescence_moves(game, &mut moves);
        let mut best = -INFINITY;
        if stand || moves.is_empty() {
            best = Self::static_eval(eval, game);
            if best >= beta || moves.is_empty() {
                self.lists[ply] = moves;
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
        best
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
        if self.config.killers {
            let rank = self.killers.rank(ply, mv);
            if rank > 0 {
                return ORDER_KILLER + rank;
            }
        }
        let history = if self.config.history {
            self.history.get(game.side_to_move(), G::move_index(mv))
        } else {
            0
        };
        history + hint.max(-ORDER_KILLER / 2)
    }

    /// A beta cut-off by the last of `tried`: killers and history learn from it.
    fn reward(&mut self, side: Side, ply: usize, depth: i32, tried: &[G::Move], keys: &[i32]) {
        let (&cut, before) = tried.split_last().expect("at least the cut-off move");
        let quiet = |k: i32| k < ORDER_KILLER || k == ORDER_TT;
        if self.config.killers && quiet(keys[keys.len() - 1]) {
            self.killers.record(ply, cut);
        }
        if self.config.history {
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

fn bound_of(best: Score, alpha: Score, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
