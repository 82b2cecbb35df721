//! Game-agnostic search for two-player, zero-sum, perfect-information games.
//!
//! A game implements [`Game`] (rules: moves, make/unmake, outcome, Zobrist key) and an evaluation
//! implements [`Evaluator`]. [`Searcher`] then runs iterative-deepening negamax with alpha-beta,
//! principal variation search (PVS), aspiration windows, a [`TranspositionTable`], killer and history
//! move ordering, the selective options of strong engines (each off until a game turns it on),
//! and time management driven by [`Limits`]. A [`StopHandle`] ends a search from
//! another thread; [`Searcher::search_with`] reports every completed iteration.
//!
//! All scores are from the point of view of the side to move (negamax convention) and use the
//! scale described in [`score`].
//!
//! # Example
//!
//! Nim with one to three stones a turn, whoever takes the last stone wins: implement the rules,
//! give a (here trivial) evaluation, search with a time limit.
//!
//! ```
//! use search_core::{Evaluator, Game, Limits, Outcome, SearchConfig, Searcher, Side};
//!
//! #[derive(Clone)]
//! struct Nim { stones: u32, to_move: Side }
//!
//! impl Game for Nim {
//!     type Move = u32; // stones taken
//!     const MOVE_INDEX_SPACE: usize = 4;
//!     fn side_to_move(&self) -> Side { self.to_move }
//!     fn generate_moves(&self, moves: &mut Vec<u32>) {
//!         moves.extend((1..=3).filter(|&k| k <= self.stones));
//!     }
//!     fn make_move(&mut self, k: u32) { self.stones -= k; self.to_move = self.to_move.opponent(); }
//!     fn unmake_move(&mut self, k: u32) { self.stones += k; self.to_move = self.to_move.opponent(); }
//!     // The previous player took the last stone: the side to move has lost.
//!     fn outcome(&self) -> Option<Outcome> { (self.stones == 0).then_some(Outcome::Loss) }
//!     fn no_move_outcome(&self) -> Outcome { Outcome::Loss }
//!     fn zobrist(&self) -> u64 { u64::from(self.stones) << 1 | self.to_move.index() as u64 }
//!     fn move_index(k: u32) -> usize { k as usize }
//! }
//!
//! struct NoIdea;
//! impl Evaluator<Nim> for NoIdea {
//!     fn evaluate(&self, _: &Nim) -> i32 { 0 }
//! }
//!
//! let mut searcher = Searcher::new(SearchConfig::default());
//! let mut nim = Nim { stones: 21, to_move: Side::First };
//! // Up to 10 s, but the search stops as soon as it has proved the result (a few ms).
//! let result = searcher.search(&mut nim, &NoIdea, &Limits::movetime(10_000, 0));
//! // Leave a multiple of four: take one. The search proves it and stops early.
//! assert_eq!(result.best_move, Some(1));
//! assert!(result.exact && search_core::score::is_decisive(result.score));
//! ```
//!
//! A longer example, Connect Four with a time limit and a stop flag, is
//! `examples/connect_four.rs` (`cargo run --release -p search-core --example connect_four`).
//!
//! # Modules
//!
//! - [`game`]: the [`Game`] and [`Evaluator`] traits, [`Side`], [`Outcome`].
//! - [`search`]: [`Searcher`] (one negamax for root, PV and non-PV nodes, in numbered steps),
//!   results, statistics, [`StopHandle`].
//! - [`config`]: [`SearchConfig`] and its typed options: aspiration, beam, late-move
//!   reductions, quiescence, razoring, reverse futility, null move, internal iterative
//!   reduction, futility, late-move pruning, singular extension (the selective ones off by
//!   default, each with its source and what it costs in exactness); [`Switches`] for tests.
//! - `select` (feature `select`, part of `tools`, on by default): `Selective`, the options by name with a game's
//!   preset values, for command lines and match specs.
//! - [`time`]: [`Limits`], the clock kinds and the deadlines drawn from them; `ClockPlan`
//!   (feature `clock-plan`, on by default), a whole game's clock spread over its moves.
//! - [`tt`]: the transposition table and its [`Bound`]s.
//! - [`ordering`]: killer moves and the history table.
//! - [`score`]: the score scale (evaluation units, wins and losses by distance).
//! - [`perft`](mod@perft): leaf counts for checking move generators.
//! - [`zobrist`]: Zobrist key tables at compile time.
//! - [`guard`]: never an illegal move — an engine's answer checked, with a fallback.
//! - [`bits`](mod@bits): the set bits of a `u64` bitboard as an iterator.

pub mod bits;
pub mod config;
pub mod game;
pub mod guard;
pub mod ordering;
#[cfg(feature = "tools")]
pub mod perft;
pub mod score;
pub mod search;
#[cfg(feature = "select")]
pub mod select;
pub mod time;
pub mod tt;
pub mod zobrist;

pub use bits::{bits, Bits};
pub use config::{
    Aspiration, Iir, LateMovePruning, Lmr, Margin, MoveCount, NullMove, Quiescence, Reduction,
    SearchConfig, Singular, Switches, TimeStability,
};
pub use game::{Evaluator, Game, Outcome, Side};
pub use guard::{first_legal_move, guarded, Guarded};
#[cfg(feature = "tools")]
pub use perft::perft;
pub use score::Score;
pub use search::{Iteration, SearchResult, SearchStats, Searcher, StopHandle};
#[cfg(feature = "select")]
pub use select::{OptionError, Selective};
#[cfg(feature = "clock-plan")]
pub use time::ClockPlan;
pub use time::{Clock, GameBudget, Limits, TimeManager};
pub use tt::{Bound, TranspositionTable};
