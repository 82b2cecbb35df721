//! The Renju engine for ALPHANO (spec: `shared/specs/alphano-renju.md`), on the rules of crate
//! `renju-rules`:
//!
//! - [`position`]: a searchable position (candidate moves near stones, forced replies, Black's
//!   forbidden points left out) implementing search-core's `Game` and the VCF search's
//!   `ThreatBoard` of crate `gomoku` (the same threat-space search serves both games).
//! - [`eval`]: pattern-based evaluation from the rules crate's line-pattern table.
//! - [`engine`]: VCF for both colours, defence against the opponent's VCF, iterative-deepening
//!   PVS, and time management for the 20 s whole-game clock.

pub mod engine;
pub mod eval;
pub mod position;
pub mod vct;

pub use engine::{Engine, EngineConfig, Reason};
pub use eval::PatternEval;
pub use position::Position;
