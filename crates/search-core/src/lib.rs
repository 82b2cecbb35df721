//! Game-agnostic search for two-player, zero-sum, perfect-information games.
//!
//! A game implements [`Game`] (rules: moves, make/unmake, outcome, Zobrist key) and an evaluation
//! implements [`Evaluator`]. [`Searcher`] then runs iterative-deepening negamax with alpha-beta,
//! principal variation search (PVS), aspiration windows, a [`TranspositionTable`], killer and history
//! move ordering, and time management driven by [`Limits`].
//!
//! All scores are from the point of view of the side to move (negamax convention) and use the
//! scale described in [`score`]. See `docs/architecture.md` for how each plyforge game maps onto
//! these traits.

pub mod game;
pub mod ordering;
pub mod perft;
pub mod score;
pub mod search;
pub mod time;
pub mod tt;
pub mod zobrist;

pub use game::{Evaluator, Game, Outcome, Side};
pub use perft::perft;
pub use score::Score;
pub use search::{SearchConfig, SearchResult, SearchStats, Searcher};
pub use time::{Clock, GameBudget, Limits, TimeManager};
pub use tt::{Bound, TranspositionTable};
