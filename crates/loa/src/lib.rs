//! Lines of Action on an 8×8 board, as played on Kattis `linesofaction` (rules:
//! `spec/kattis-loa.md`, shipped with the crate): move a piece exactly as many squares as there
//! are pieces on its line, jump your own pieces but not the opponent's, capture by landing;
//! connect all your pieces to win.
//!
//! Moves are played the workspace's one way: `try_play` checks and returns a `PlayError` naming
//! the rule a move breaks, `play` panics with it, `play_unchecked` is the engines' fast path,
//! `check` gives the reason without playing; text errors are `ParseError`; a side is
//! `search_core::Side`, to and from which the game's own `Color` converts.
//!
//! # Example
//!
//! ```
//! use loa::engine::{Engine, EngineConfig};
//! use loa::{Color, Move, Position};
//!
//! // Text in and out: squares `a1`–`h8` (row 1 at the top), moves `b1-b3` or `b1xd3`.
//! let mut pos = Position::start();
//! pos.try_play("b1-b3".parse::<Move>()?)?;
//! let text = pos.to_string(); // 8 rows, then "to move: white"
//! assert_eq!(text.parse::<Position>()?, pos);
//!
//! // The legal moves, and the engine (here 5,000 nodes a move).
//! let mut moves = Vec::new();
//! pos.legal_moves(&mut moves);
//! let mut engine = Engine::new(EngineConfig { max_nodes: Some(5_000), ..EngineConfig::default() }, Color::White);
//! let reply = engine.choose(&pos, 1);
//! assert!(moves.contains(&reply));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/loa_self_play.rs` plays a whole game of the engine against itself.
//!
//! # Modules
//!
//! - [`Square`], [`Move`], [`Color`], [`Position`] ([`position`], re-exported): squares are
//!   0-based `row * 8 + col` with row 0 the top row (protocol row 1) and column 0 the left
//!   column; move generation by line counts from const tables; make/unmake; the outcome (a
//!   connected side wins, the mover wins if both are connected, no legal move is a draw).
//!   [`Position`] implements [`search_core::Game`].
//! - [`bitboard`]: 64-bit boards, line tables, connectivity by flood fill.
//! - [`eval`]: [`LoaEval`], concentration, centralisation, quad/Euler-number connectivity and
//!   mobility, with [`EvalWeights`].
//! - [`plan`]: the shortest connection with the opponent frozen (a planner for the first moves).
//! - [`engine`]: the player: PVS on [`search_core`] under a game budget (and for the Kattis
//!   judge's random mover, the planner first: `EngineConfig::against_random`).
//! - `reference` (feature `reference`, off by default: a test oracle): a deliberately naive rules
//!   implementation the tests and the fuzz target check the fast one against.
//!
//! The rules link no crate but [`search_core`] (re-exported), so a bot built on them starts fast
//! and bundles into one file.

pub mod bitboard;
pub mod engine;
pub mod eval;
pub mod plan;
pub mod position;
#[cfg(feature = "reference")]
pub mod reference;
mod zobrist;

pub use eval::{EvalWeights, LoaEval};
pub use position::{
    transform_square, Color, GameEnd, Move, ParseError, PlayError, Position, Square, MAX_PLIES,
};
pub use search_core;
