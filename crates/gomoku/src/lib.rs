//! Gomoku on square boards up to 19×19: free-style (five or more) and standard (exactly five)
//! rules, threat-space search (VCF, VCT), an engine, and the NEERC 2014 judge's player.
//!
//! Moves are played the workspace's one way: `try_play` checks and returns a `PlayError` naming
//! the rule a move breaks, `play` panics with it, `play_unchecked` is the engines' fast path,
//! `check` gives the reason without playing; text errors are `ParseError`; a side is
//! `search_core::Side`, to and from which the game's own `Color` (with the feature `engine`) converts.
//!
//! # Example
//!
//! A board as text, and a victory by continuous fours (VCF) found by the threat search:
//!
//! ```
//! use gomoku::threats::{vcf, ThreatLimits};
//! use gomoku::Board;
//!
//! let mut board: Board = "
//!     ...............
//!     ...............
//!     ...............
//!     .......O.......
//!     .......X.......
//!     .......X.......
//!     .......X.......
//!     ...OXXX........
//!     ...............
//!     ...............
//!     ...............
//!     ...............
//!     ...............
//!     ...............
//!     O.O.O.O........
//!     rule: five-or-more
//!     to move: black
//! ".parse()?;
//! // h8 makes two fours at once (e8–h8 and h8–h11): the defender can block only one.
//! let line = vcf(&mut board, ThreatLimits::default()).expect("Black has a VCF");
//! assert_eq!(board.point_name(line[0]), "h8");
//! assert_eq!(board.parse_point("h8")?, line[0]);
//! board.try_play(line[0])?;
//! assert_eq!(board.to_string().parse::<Board>()?, board);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/vcf.rs` reads a board from stdin and prints its VCF, if any.
//!
//! # Modules
//!
//! - [`board`]: the board as cells plus every *window* (five consecutive cells in a row, column
//!   or diagonal) with its count of black and white stones, updated on make/unmake. Window
//!   counts are the line-pattern table: a window with five of a color is a five; with four of a
//!   color and none of the other it is a four whose empty cell completes five; three of a color
//!   and none of the other is a three-in-window, and so on, per direction. Zobrist keys; text in
//!   and out.
//! - [`threats`]: VCF and VCT (threat-space search against every defence, Allis 1994), generic
//!   over [`threats::ThreatBoard`] so that crate `renju` runs the same VCF on its board.
//! - [`engine`] (feature `engine`, on by default): free-style and standard Gomoku on
//!   [`search_core`] (re-exported): VCF/VCT first, then PVS with a window evaluation (the Gomocup
//!   brain's engine for those rules). Without it the crate depends on nothing, which keeps the
//!   NEERC bot's one-file bundle small.
//! - [`java_random`]: a bit-exact `java.util.Random`.
//! - [`neerc`]: the NEERC 2014 "Gomoku" judge's player (spec: `spec/neerc-gomoku.md` in this
//!   crate) and a planner for the second player that searches over the judge's possible replies.

pub mod board;
#[cfg(feature = "engine")]
pub mod engine;
pub mod java_random;
pub mod neerc;
pub mod threats;

pub use board::{Board, Color, ParseError, PlayError, Rule};
pub use java_random::JavaRandom;
#[cfg(feature = "engine")]
pub use search_core;
