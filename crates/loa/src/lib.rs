//! Lines of Action on an 8×8 board, as played on Kattis `linesofaction`
//! (rules: `shared/specs/kattis-loa.md`).
//!
//! - [`Square`], [`Move`], [`Color`]: small typed values; squares are 0-based `row * 8 + col` with
//!   row 0 the top row (protocol row 1) and column 0 the left column (protocol column 1).
//! - [`Position`]: two bitboards, side to move and Zobrist key; move generation by line counts
//!   from const tables; make/unmake; the outcome (a connected side wins, the mover wins if both are
//!   connected, no legal move is a draw). It implements [`search_core::Game`].
//! - [`eval::LoaEval`]: concentration, centralisation, quad/Euler-number connectivity and mobility.
//!
//! The rules crate links no external crate, so a bot built on it starts fast and bundles easily.

pub mod bitboard;
pub mod eval;
pub mod plan;
mod position;
pub mod reference;
mod zobrist;

pub use eval::{EvalWeights, LoaEval};
pub use position::{transform_square, Color, Move, MoveError, ParseBoardError, Position, Square};
