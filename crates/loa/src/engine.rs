//! The Lines of Action player: iterative-deepening PVS on [`search_core`] under a whole-game
//! time budget, with the selective options that won an SPRT here ([`EngineConfig::selective`]);
//! the Kattis bot's settings against a random mover ([`EngineConfig::against_random`]) add a
//! connection planner first and weights tuned against that mover.
//!
//! ```
//! use loa::engine::{Engine, EngineConfig};
//! use loa::{Color, Position, MAX_PLIES};
//!
//! // A quick game of the engine against itself, 2,000 nodes a move.
//! let config = EngineConfig { max_nodes: Some(2_000), ..EngineConfig::default() };
//! let mut black = Engine::new(config, Color::Black);
//! let mut white = Engine::new(config, Color::White);
//! let mut pos = Position::start();
//! let mut plies = 0;
//! while pos.game_end(plies, MAX_PLIES).is_none() {
//!     let engine = if pos.to_move() == Color::Black { &mut black } else { &mut white };
//!     let mv = engine.choose(&pos, plies);
//!     assert!(pos.is_legal(mv));
//!     pos.play(mv);
//!     plies += 1;
//! }
//! ```

use crate::{Color, EvalWeights, LoaEval, Move, Position};
pub use search_core::Selective;
use search_core::{
    GameBudget, Iir, LateMovePruning, Lmr, Margin, NullMove, SearchConfig, Searcher, Singular,
};
use std::time::Instant;

pub use crate::position::MAX_PLIES;

/// How the engine thinks: budget, search sizes, evaluation weights, planner.
#[derive(Clone, Copy, Debug)]
pub struct EngineConfig {
    /// Thinking budget for the whole game, in ms of wall time (our turns only).
    pub budget_ms: u64,
    /// Safety margin kept from every deadline, in ms.
    pub margin_ms: u64,
    /// Optional node cap per move (reproducible play in tests and fuzzing).
    pub max_nodes: Option<u64>,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Evaluation weights.
    pub weights: EvalWeights,
    /// Longest connection plan (own moves, opponent frozen) the planner looks for before the
    /// minimax search; 0 disables it. See [`crate::plan`].
    pub plan_moves: u32,
    /// Node budget of the planner per move.
    pub plan_nodes: u64,
    /// Print one line of search statistics per move to stderr.
    pub verbose: bool,
    /// The selective options of the search that are on, with the values of
    /// [`EngineConfig::preset`]: those that won an SPRT against the engine without them (the
    /// default says which and by how much).
    pub selective: Selective,
}

/// The engine for play against a real opponent: the search alone (no connection planner), the
/// default [`EvalWeights`] (both sides' structure counts alike). Against nbarriga's engine
/// (`go movetime 200`, 40 games from 4 random plies, about equal time a move) it scored
/// 29/0/11 where [`EngineConfig::against_random`] scored 8/0/32.
impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            budget_ms: 500,
            margin_ms: 5,
            max_nodes: None,
            tt_mib: 16,
            weights: EvalWeights::default(),
            plan_moves: 0,
            plan_nodes: 200_000,
            verbose: false,
            // Null move: SPRT(0, 20) against the engine without it (500 ms a game, 4 random
            // plies, `arena match kattis-loa --a engine:null_move=1 --b engine`): 130/0/74,
            // +98 Elo (95%: +50 … +150), H1 accepted. Reverse futility on top of it:
            // 605/3/521, +26 Elo (95%: +6 … +46), H1 accepted. The others measured no gain on
            // top (LMR table: -8, H0) or alone (see the README).
            selective: Selective {
                null_move: true,
                reverse_futility: true,
                ..Selective::default()
            },
        }
    }
}

impl EngineConfig {
    /// The Kattis contest's settings, against a uniformly random mover: weights tuned in arena
    /// matches against it (160 games per setting, see the closing note of the foundation
    /// issue: our own structure matters most) and the connection planner of up to 3 moves (a
    /// random mover rarely blocks a plan). Weak against a real opponent (see the `Default`).
    pub fn against_random() -> Self {
        EngineConfig {
            weights: EvalWeights {
                concentration: 3,
                euler: 30,
                opponent_percent: 30,
                ..EvalWeights::default()
            },
            plan_moves: 3,
            // The settings the Kattis bot played before the selective options existed.
            selective: Selective::default(),
            ..EngineConfig::default()
        }
    }
}

impl EngineConfig {
    /// The search settings the engine runs with (the table size from [`EngineConfig::tt_mib`]).
    pub fn search_config(&self) -> SearchConfig {
        let base = SearchConfig {
            tt_mib: self.tt_mib,
            // A draw (no legal move, or the ply limit) fails the test: treat it as nearly lost.
            draw_score: -search_core::score::MAX_EVAL / 2,
            ..SearchConfig::default()
        };
        self.selective.apply(base, &Self::preset())
    }

    /// The values of the selective options for this evaluation's units (a group is worth 30,
    /// an Euler unit 30): null move R = 3 + depth/3 verified from depth 8; reverse futility
    /// up to 4 plies, 60 a ply; razoring up to 2 plies, 100 + 80 a ply; futility of quiet
    /// moves (non-captures) up to 3 plies, 40 + 60 a ply; late-move reductions from the
    /// logarithmic table after 2 moves; late-move pruning up to 4 plies after 4 + 2·depth²
    /// moves; internal iterative reduction from 5 plies; singular extension from 6 plies, 2 a
    /// ply. Which are on: [`EngineConfig::selective`].
    pub fn preset() -> SearchConfig {
        SearchConfig {
            null_move: Some(NullMove::default()),
            reverse_futility: Some(Margin {
                max_depth: 4,
                base: 0,
                per_depth: 60,
            }),
            razoring: Some(Margin {
                max_depth: 2,
                base: 100,
                per_depth: 80,
            }),
            futility: Some(Margin {
                max_depth: 3,
                base: 40,
                per_depth: 60,
            }),
            lmr: Some(Lmr::table(2)),
            late_move_pruning: Some(LateMovePruning {
                max_depth: 4,
                base: 4,
                per_depth_sq: 2,
            }),
            iir: Some(Iir { min_depth: 5 }),
            singular: Some(Singular {
                min_depth: 6,
                margin_per_depth: 2,
            }),
            ..SearchConfig::default()
        }
    }

    /// Turns a search option on or off from `name=1` or `name=0` (names:
    /// [`Selective::NAMES`]).
    pub fn set_search(&mut self, spec: &str) -> Result<(), String> {
        self.selective.set_spec(spec).map_err(|e| e.to_string())
    }

    /// Sets one evaluation weight from `name=value`; names are the fields of
    /// [`EvalWeights`] (`concentration`, `groups`, `euler`, `centre`, `mobility`, `opponent_percent`).
    pub fn set_weight(&mut self, spec: &str) -> Result<(), String> {
        let (name, value) = spec.split_once('=').ok_or("expected NAME=VALUE")?;
        let value: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("{value:?} is not an integer"))?;
        let w = &mut self.weights;
        let slot = match name.trim() {
            "concentration" => &mut w.concentration,
            "groups" => &mut w.groups,
            "euler" => &mut w.euler,
            "centre" => &mut w.centre,
            "mobility" => &mut w.mobility,
            "opponent_percent" => &mut w.opponent_percent,
            "plan_moves" => {
                self.plan_moves = value.max(0) as u32;
                return Ok(());
            }
            other => return Err(format!("unknown weight {other:?}")),
        };
        *slot = value;
        Ok(())
    }
}

/// A player for one game: picks moves within the game budget ([`EngineConfig::budget_ms`]).
pub struct Engine {
    config: EngineConfig,
    searcher: Searcher<Position>,
    budget: GameBudget,
    eval: LoaEval,
}

impl Engine {
    /// A player of color `me` for one game.
    pub fn new(config: EngineConfig, me: Color) -> Self {
        Engine {
            searcher: Searcher::new(config.search_config()),
            budget: GameBudget::new(config.budget_ms),
            eval: LoaEval::new(config.weights).for_player(me),
            config,
        }
    }

    /// Our move in `pos` (which must have a legal move), `plies` plies into the game. Never fails:
    /// if the search yields nothing or panics, the first legal move is played.
    ///
    /// First the planner looks for the shortest connection with the opponent frozen; its first move
    /// is played if no reply of the opponent wins at once (a random mover rarely blocks a plan).
    /// Otherwise the minimax search decides.
    pub fn choose(&mut self, pos: &Position, plies: u32) -> Move {
        let start = Instant::now();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if self.config.plan_moves > 0 {
            if let Some(plan) = crate::plan::shortest_connection(
                pos,
                self.config.plan_moves,
                self.config.plan_nodes,
            ) {
                let first = plan.moves[0];
                if legal.contains(&first) && !gives_immediate_win(pos, first) {
                    if self.config.verbose {
                        eprintln!(
                            "ply {plies} plan of {} moves, {} nodes",
                            plan.moves.len(),
                            plan.nodes
                        );
                    }
                    self.budget.charge(start.elapsed());
                    return first;
                }
            }
        }
        let our_moves_left = (MAX_PLIES.saturating_sub(plies) / 2).clamp(1, 12);
        let mut limits = self.budget.limits(our_moves_left, self.config.margin_ms);
        if let Some(n) = self.config.max_nodes {
            limits.max_nodes = n;
        }
        let mut scratch = pos.clone();
        let (searcher, eval, verbose) = (&mut self.searcher, &self.eval, self.config.verbose);
        let found = search_core::guarded(
            || {
                let r = searcher.search(&mut scratch, eval, &limits);
                if verbose {
                    let s = r.stats;
                    eprintln!(
                        "ply {plies} depth {} seldepth {} score {} nodes {} nps {} tt {:.0}% time {}ms",
                        s.depth,
                        s.seldepth,
                        search_core::score::display(r.score),
                        s.nodes,
                        s.nps(),
                        100.0 * s.tt_hit_rate(),
                        s.elapsed.as_millis()
                    );
                }
                r.best_move
            },
            |m| m.is_some_and(|m| legal.contains(&m)),
            || None,
        );
        if found.fell_back() {
            self.searcher = Searcher::new(*self.searcher.config());
        }
        let mv = found.into_inner();
        let mut mv = mv.unwrap_or(legal[0]);
        // The last word: a shallow search (budget nearly spent) may not have looked at replies.
        if gives_immediate_win(pos, mv) {
            if let Some(&safe) = legal.iter().find(|&&m| !gives_immediate_win(pos, m)) {
                mv = safe;
            }
        }
        self.budget.charge(start.elapsed());
        mv
    }
}

/// Whether playing `mv` in `pos` lets the opponent win with its very next move.
pub fn gives_immediate_win(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.winner().is_some() {
        return false; // the game is over: `mv` itself decided it
    }
    let them = after.to_move();
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        after.play_unchecked(r);
        let won = after.winner() == Some(them);
        after.unplay(r);
        won
    })
}
