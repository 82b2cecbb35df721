//! Choosing a move: the exact [`Solver`] of the `domineering` crate when no bomb is left and the
//! board is small enough for it to finish, otherwise iterative-deepening alpha-beta (search-core)
//! with [`BombEval`], bombs searched like any other move.

use crate::eval::BombEval;
use crate::{Move, Position};
use domineering::solver::Solver;
pub use search_core::Selective;
use search_core::{
    Iir, LateMovePruning, Limits, Lmr, Margin, NullMove, SearchConfig, Searcher, Singular,
};
use std::time::Instant;

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct EngineConfig {
    /// Hard limit on thinking, in ms (the search stops starting iterations at half of it).
    pub think_ms: u64,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Optional node cap (reproducible play in tests).
    pub max_nodes: Option<u64>,
    /// The solver is tried only with at most this many empty cells (dead ones included).
    pub solver_max_empty: u32,
    /// Node budget of a solver attempt (it also stops at 40% of `think_ms`).
    pub solver_nodes: u64,
    /// The selective options of the search that are on, with the values of
    /// [`EngineConfig::preset`]. On by default: late-move reductions (won an SPRT against
    /// the build without them, 407/0/335, +34 Elo (+9 … +59), 742 games at 100 ms a turn).
    /// Null move lost its SPRT here (−38 Elo); the rest are untried.
    pub selective: Selective,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            think_ms: 500,
            tt_mib: 16,
            max_nodes: None,
            // With the packing bounds the solver settles positions of up to about 80 empty
            // cells within the 200 ms it gets (all of 70–79 and 60% of 80–89 in random play;
            // the old bounds: 83% and 25%). Tried from 90 it lost 6 of 9 games to the previous
            // build: a failed attempt costs the search 40% of its time, so 70.
            solver_max_empty: 70,
            solver_nodes: 5_000_000,
            selective: Selective {
                lmr: true,
                ..Selective::default()
            },
        }
    }
}

impl EngineConfig {
    /// The search settings of the alpha-beta part (the table size from
    /// [`EngineConfig::tt_mib`]).
    pub fn search_config(&self) -> SearchConfig {
        let base = SearchConfig {
            tt_mib: self.tt_mib,
            ..SearchConfig::default()
        };
        self.selective.apply(base, &Self::preset())
    }

    /// The values of the selective options in [`crate::eval::BombEval`]'s units (a safe move
    /// is worth 60): null move R = 3 + depth/3 verified from depth 8 (Domineering is hot:
    /// moving is worth more than passing, so zugzwang is rare); reverse futility up to 3
    /// plies, 80 a ply; razoring up to 2 plies, 150 + 100 a ply; futility of quiet moves up
    /// to 2 plies, 60 + 80 a ply; late-move reductions from the logarithmic table after 3
    /// moves; late-move pruning up to 3 plies after 6 + 3·depth² moves; internal iterative
    /// reduction from 4 plies; singular extension from 6 plies, 4 a ply. Which are on:
    /// [`EngineConfig::selective`].
    pub fn preset() -> SearchConfig {
        SearchConfig {
            null_move: Some(NullMove::default()),
            reverse_futility: Some(Margin {
                max_depth: 3,
                base: 0,
                per_depth: 80,
            }),
            razoring: Some(Margin {
                max_depth: 2,
                base: 150,
                per_depth: 100,
            }),
            futility: Some(Margin {
                max_depth: 2,
                base: 60,
                per_depth: 80,
            }),
            lmr: Some(Lmr::table(3)),
            late_move_pruning: Some(LateMovePruning {
                max_depth: 3,
                base: 6,
                per_depth_sq: 3,
            }),
            iir: Some(Iir { min_depth: 4 }),
            singular: Some(Singular {
                min_depth: 6,
                margin_per_depth: 4,
            }),
            ..SearchConfig::default()
        }
    }
}

/// The move to play in `pos`, or `None` if the side to move has none (it has lost). Never an
/// illegal move: whatever the search returns is checked against the legal list, and a failure
/// falls back to the first legal move.
pub fn choose(pos: &Position, config: &EngineConfig) -> Option<Move> {
    let start = Instant::now();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let first = *legal.first()?;
    if legal.len() == 1 {
        return Some(first);
    }
    let think = || {
        let me = pos.to_move();
        let no_bombs = !pos.has_bomb(me) && !pos.has_bomb(me.opponent());
        let empty: u32 = (0..pos.rows()).map(|r| pos.empty(r).count_ones()).sum();
        if no_bombs && empty <= config.solver_max_empty {
            let mut solver = Solver::new(pos.rows(), pos.cols(), 16);
            // Mid-game 13×13 positions are settled more often within the time by the counts
            // alone (random play, 80–89 empty cells: 36 of 60 against 14 with the pattern).
            solver.place_weight = 0;
            solver.set_node_limit(config.solver_nodes);
            // A node on a big board costs microseconds: the node cap alone is no time limit.
            solver.set_deadline(Some(
                start + std::time::Duration::from_millis(config.think_ms * 2 / 5),
            ));
            if let Ok(Some(mv)) = solver.winning_move(pos.board()) {
                return Some(Move::Place {
                    row: mv.row,
                    col: mv.col,
                });
            }
        }
        let spent = start.elapsed().as_millis() as u64;
        let mut limits = Limits::per_move(config.think_ms.saturating_sub(spent), 0);
        if let Some(n) = config.max_nodes {
            limits.max_nodes = n;
        }
        let mut searcher = Searcher::new(config.search_config());
        searcher
            .search(&mut pos.clone(), &BombEval::default(), &limits)
            .best_move
    };
    search_core::guarded(
        think,
        |mv| mv.is_some_and(|mv| legal.contains(&mv)),
        || Some(first),
    )
    .into_inner()
}
