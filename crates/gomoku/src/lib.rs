//! Gomoku on square boards up to 19×19.
//!
//! - [`board`]: the board as cells plus every *window* (five consecutive cells in a row, column or
//!   diagonal) with its count of black and white stones, updated on make/unmake. Window counts are
//!   the line-pattern table: a window with five of a colour is a five; with four of a colour and
//!   none of the other it is a four whose empty cell completes five; three of a colour and none of
//!   the other is a three-in-window, and so on, per direction. Zobrist keys.
//! - [`engine`]: free-style and standard Gomoku on search-core: VCF/VCT first, then PVS with a
//!   window evaluation (the Gomocup brain's engine for those rules).
//! - [`java_random`]: a bit-exact `java.util.Random`.
//! - [`neerc`]: the NEERC 2014 "Gomoku" judge's player (spec: `shared/specs/neerc-gomoku.md`) and
//!   a planner for the second player that searches over the judge's possible replies.

pub mod board;
pub mod engine;
pub mod java_random;
pub mod neerc;
pub mod threats;

pub use board::{Board, Rule, Stone};
pub use java_random::JavaRandom;
