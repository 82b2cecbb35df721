//! The Renju engine for ALPHANO-style contests (spec: `spec/alphano-renju.md` of crate
//! `renju-rules`), on the rules of crate [`renju_rules`] (re-exported, with [`search_core`]).
//!
//! # Example
//!
//! ```
//! use renju::{Engine, EngineConfig};
//! use renju::renju_rules::game::RenjuGame;
//!
//! // A RIF record: Black has an open three (h8 h9 h10) and White has not answered it.
//! let game: RenjuGame = "opening: rif\nh8 i9 h9 j10 h10 k11".parse()?;
//! let config = EngineConfig { max_nodes: Some(20_000), ..EngineConfig::default() };
//! let mut engine = Engine::new(&config);
//! // 20 s left on Black's clock: the engine makes the straight four (h7 or h11) or wins outright.
//! let (mv, why) = engine.choose(&game, 20_000, &config);
//! assert!(game.is_legal(mv));
//! println!("{mv} ({why:?})");
//! # Ok::<(), renju::renju_rules::ParseError>(())
//! ```
//!
//! `examples/renju_self_play.rs` plays a whole game of the engine against itself under the ALPHANO
//! clock (or a shorter one); `examples/speed.rs` measures the search's nodes per second on
//! positions of the tactical suite (`tests/data/rapfi-suite.txt`: 360 positions of games against
//! Rapfi where it proved a win; `examples/tactical_suite.rs` measures [`engine::prove_win`] on them).
//!
//! # Modules
//!
//! - [`position`]: a searchable position (candidate moves near stones, forced replies, Black's
//!   forbidden points left out) implementing search-core's `Game` and the VCF search's
//!   `ThreatBoard` of crate `gomoku` (the same threat-space search serves both games).
//! - [`eval`]: pattern-based evaluation from the rules crate's line-pattern table, its weights
//!   fitted to game results (`examples/tune_eval.rs`).
//! - [`dfpn`]: proving a win by threats (fours, threes, moves that threaten a VCF) against
//!   every defence, for either color, with depth-first proof-number search.
//! - [`engine`]: VCF for both colors, defence against the opponent's VCF, iterative-deepening
//!   PVS, and time management for the 20 s whole-game clock; [`engine::prove_win`], the
//!   engine's tactical proof on its own.

pub mod book;
pub mod dfpn;
pub mod engine;
pub mod eval;
pub mod position;

pub use engine::{renju_selective, Engine, EngineConfig, Reason};
pub use eval::PatternEval;
pub use position::Position;
pub use renju_rules;
pub use search_core;
