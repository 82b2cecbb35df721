//! Never an illegal move: run the engine, and if it panics or answers something the rules refuse,
//! play a fallback instead.
//!
//! Every bot needs the same last line of defence (a contest loses a game on any illegal move,
//! and a panic is an illegal move): [`guarded`] runs the choice under
//! [`std::panic::catch_unwind`], checks the answer, and otherwise takes the fallback — usually
//! [`first_legal_move`].
//!
//! ```
//! use search_core::{guarded, Guarded};
//! let legal = [3, 5, 8];
//! let chosen = guarded(|| -> u32 { panic!("a bug in the engine") }, |m| legal.contains(m), || legal[0]);
//! assert_eq!(chosen, Guarded::Fallback(3));
//! let chosen = guarded(|| 5, |m| legal.contains(m), || legal[0]);
//! assert_eq!(chosen.into_inner(), 5);
//! ```

use crate::game::Game;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What [`guarded`] returned: the engine's choice, or the fallback that replaced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guarded<T> {
    /// The engine returned this and the check accepted it.
    Chosen(T),
    /// The engine panicked or its answer failed the check: this is the fallback's value. The
    /// engine's state may be broken; rebuild it before the next move.
    Fallback(T),
}

impl<T> Guarded<T> {
    /// The value, whichever way it came.
    pub fn into_inner(self) -> T {
        match self {
            Guarded::Chosen(v) | Guarded::Fallback(v) => v,
        }
    }

    /// Whether the fallback was used.
    pub fn fell_back(&self) -> bool {
        matches!(self, Guarded::Fallback(_))
    }
}

/// Runs `choose`; returns its value if it returns normally and `accept` approves it, otherwise
/// the value of `fallback`. A panic inside `choose` is caught (the panic hook still prints its
/// message to stderr), so the caller always gets an answer. `choose` is treated as unwind-safe:
/// after a fallback, discard any state it borrowed mutably.
pub fn guarded<T>(
    choose: impl FnOnce() -> T,
    accept: impl FnOnce(&T) -> bool,
    fallback: impl FnOnce() -> T,
) -> Guarded<T> {
    match catch_unwind(AssertUnwindSafe(choose)) {
        Ok(v) if accept(&v) => Guarded::Chosen(v),
        _ => Guarded::Fallback(fallback()),
    }
}

/// The first move [`Game::generate_moves`] gives in `game`, or `None` when there is none.
pub fn first_legal_move<G: Game>(game: &G) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.first().copied()
}
