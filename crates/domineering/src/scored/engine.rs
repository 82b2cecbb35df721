//! The ALPHANO engine for scored Domineering: the exact [`Solver`] once few placements are
//! left and it proves a win within the move's share of the clock, otherwise iterative-deepening
//! alpha-beta (search-core) with [`DomEval`]. Never an illegal move: whatever the search returns
//! is checked against the legal list, and a failure falls back to the first legal move.
//!
//! ```
//! use domineering::scored::engine::{Engine, EngineConfig};
//! use domineering::scored::Position;
//!
//! // Cell values 0..=3, row by row.
//! let values = [[1, 2, 0, 3, 1, 2, 0, 3]; 8];
//! let pos = Position::new(values);
//! let config = EngineConfig { max_nodes: Some(2_000), ..EngineConfig::default() };
//! let mv = Engine::new(&config).choose(&pos, 10_000, &config);
//! assert!(pos.is_legal(mv));
//! ```

use super::endgame::{Solver, Verdict};
use super::eval::DomEval;
use super::{Move, Position, Side};
use search_core::{Aspiration, Limits, SearchConfig, Searcher};
use std::time::{Duration, Instant};

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct EngineConfig {
    /// Kept back from the reported clock on every move, in ms (process and pipe latency).
    pub margin_ms: u64,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Optional node cap per move (reproducible play in tests and fuzzing).
    pub max_nodes: Option<u64>,
    /// Fraction of the clock to use, in percent (a weaker engine for reference matches).
    pub clock_percent: u64,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            margin_ms: 60,
            tt_mib: 64,
            max_nodes: None,
            clock_percent: 100,
        }
    }
}

/// Placements left (both players together) from which the exact endgame solver is tried first.
pub const SOLVER_FROM: u32 = 34;

/// The engine's state for one game: the search (with its transposition table) and the endgame
/// solver, made on first use so a game that never reaches the endgame does not pay for it.
pub struct Engine {
    searcher: Searcher<Position>,
    solver: Option<Solver>,
}

impl Engine {
    /// An engine with the table sizes of `config`.
    pub fn new(config: &EngineConfig) -> Engine {
        Engine {
            searcher: Searcher::new(SearchConfig {
                tt_mib: config.tt_mib,
                aspiration: Some(Aspiration {
                    window: 2 * super::SCALE,
                    ..Aspiration::default()
                }),
                ..SearchConfig::default()
            }),
            solver: None,
        }
    }

    /// Chooses our move in `pos` with `my_time` ms left on our clock: a proven win from the
    /// endgame solver when there is one within this move's share of the clock, otherwise the
    /// iterative-deepening search with what is left of the share.
    pub fn choose(&mut self, pos: &Position, my_time: u64, config: &EngineConfig) -> Move {
        let start = Instant::now();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // Our remaining placements bound the moves left; spend the clock over about half of them.
        let own = pos.placements(pos.to_move()).count_ones();
        let moves_to_go = (own / 2).clamp(3, 16);
        let budget = my_time * config.clock_percent / 100;
        let free = (pos.placements(Side::First) | pos.placements(Side::Second)).count_ones();
        let found = search_core::guarded(
            || {
                if free <= SOLVER_FROM && config.max_nodes.is_none() {
                    let share = budget.saturating_sub(config.margin_ms) / u64::from(moves_to_go);
                    let solver = self
                        .solver
                        .get_or_insert_with(|| Solver::new(pos, SOLVER_TABLE_BITS));
                    solver.set_limits(u64::MAX, Some(start + Duration::from_millis(share / 2)));
                    if let Some(Verdict::Win(mv)) = solver.winning_move(pos) {
                        return Some(mv);
                    }
                }
                let spent = start.elapsed().as_millis() as u64;
                let mut limits =
                    Limits::game_clock(budget.saturating_sub(spent), moves_to_go, config.margin_ms);
                if let Some(n) = config.max_nodes {
                    limits.max_nodes = n;
                }
                let mut scratch = pos.clone();
                self.searcher
                    .search(&mut scratch, &DomEval::default(), &limits)
                    .best_move
            },
            |mv| mv.is_some_and(|mv| legal.contains(&mv)),
            || Some(legal[0]),
        );
        found.into_inner().unwrap_or(legal[0])
    }
}

/// The endgame solver's table: 2^20 entries, 16 MiB.
const SOLVER_TABLE_BITS: u32 = 20;
