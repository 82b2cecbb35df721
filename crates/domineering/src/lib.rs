//! Domineering: the standard game on boards up to 13×13 and its exact solver, and the scored
//! 8×8 variant ALPHANO plays with its engine.
//!
//! - Rows and columns are 0-based; a cell's index is `row * 13 + col` whatever the board size
//!   ([`STRIDE`]).
//! - [`Player::Horizontal`] (Left) places dominoes on (r, c), (r, c+1) and moves first from the
//!   empty board; [`Player::Vertical`] (Right) on (r, c), (r+1, c). Normal play: the player to
//!   move with no domino to place loses.
//!
//! Moves are played the workspace's one way: `try_play` checks and returns a `PlayError` naming
//! the rule a move breaks, `play` panics with it, `play_unchecked` is the engines' fast path,
//! `check` gives the reason without playing; text errors are `ParseError`; a side is
//! `search_core::Side` (the scored variant's players are that type), to and from which the game's own `Player` converts.
//!
//! # Example
//!
//! ```
//! use domineering::solver::Solver;
//! use domineering::{Board, Player};
//!
//! // A position as text: `-` horizontal dominoes, `|` vertical ones, `#` holes, the side to move.
//! let board: Board = "
//!     ......
//!     .--...
//!     ......
//!     ...|..
//!     ...|.#
//!     ......
//!     to move: vertical
//! ".parse()?;
//! assert_eq!(board.to_string().parse::<Board>()?, board);
//!
//! // Solved exactly: who wins with perfect play, and a winning move if the mover has one.
//! let mut solver = Solver::new(board.rows(), board.cols(), 16);
//! let solution = solver.solve(&board).expect("no limit was set");
//! println!("{:?} wins ({} nodes)", solution.winner, solution.nodes);
//! let best = solver.winning_move(&board).expect("no limit was set");
//! assert_eq!(best.is_some(), solution.winner == Player::Vertical);
//! # Ok::<(), domineering::ParseError>(())
//! ```
//!
//! `examples/solve.rs` solves a board given on stdin for both sides to move; the
//! `domineering-solve` binary is the same solver as a command-line tool (empty m×n boards,
//! outcome classes, `--threads`). `examples/scored_against_greedy.rs` plays the ALPHANO engine.
//!
//! # Modules
//!
//! - the crate root (feature `board`, on by default): [`Board`] (row bitboards; implements
//!   [`search_core::Game`], re-exported here), [`Move`], [`Player`], [`Cell`], text in and out;
//!   [`ParseError`] and [`PlayError`], which every variant shares, are there without it;
//! - [`solver`] (feature `solver`, on by default): the exact solver (Bullock's packing bounds and safe moves, regions, a
//!   symmetry-folding transposition table, a parallel search), and [`solver::Counts`], the
//!   safe-move and move counts engines evaluate with;
//! - [`cgt`] (feature `solver`): combinatorial game theory — short games in canonical form
//!   (sums, comparisons, outcomes, the usual notation `{1|-1}`, `↑*`, `1/2` as text both
//!   ways) and the exact value of any Domineering position of small regions;
//! - [`scored`]: the ALPHANO variant (spec: `spec/alphano-domineering.md`, shipped with the
//!   crate) on its own fast 8×8 `u64` board: rules, evaluation, exact endgame solver, engine.
//!
//! The Code Warriors variant (13×13 with bombs) is the `domineering-bomb` crate, built on
//! [`Board`].

#[cfg(feature = "board")]
mod board;
#[cfg(feature = "solver")]
pub mod cgt;
mod error;
#[cfg(feature = "solver")]
mod packing;
pub mod scored;
#[cfg(feature = "solver")]
pub mod solver;
#[cfg(feature = "solver")]
mod table;

#[cfg(feature = "board")]
pub use board::{Board, Cell, Move, Player, Row, MAX, STRIDE};
pub use error::{ParseError, PlayError};
pub use search_core;
