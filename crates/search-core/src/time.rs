//! Search limits and time management for the three clock kinds of our contests.
//!
//! - [`Clock::GameClock`]: a whole-game clock whose remaining time the judge reports each turn
//!   (ALPHANO: `TURN my_time opp_time`).
//! - [`Clock::PerMove`]: a fixed wall-clock time per move (Code Warriors: 1 s per process).
//! - A per-game budget that nobody reports (Kattis, NEERC): the bot keeps a [`GameBudget`] and turns
//!   it into a [`Clock::GameClock`] each turn with [`GameBudget::limits`].
//!
//! [`TimeManager`] turns a [`Limits`] into two deadlines measured from the start of the turn:
//! a *soft* one (do not start another iteration after it) and a *hard* one (abort the search).
//! All times are in milliseconds.

use std::time::{Duration, Instant};

/// How much time a move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// No time limit (depth or node limits only).
    Infinite,
    /// A fixed time per move, in ms, from the moment the turn started. The search stops starting
    /// new iterations at half of it (one started later rarely finishes) and aborts at all of it.
    PerMove {
        /// Time for this move in ms.
        ms: u64,
    },
    /// Exactly this long, in ms: iterations are started until the time is up and the running one
    /// is then aborted (its best fully searched root move still counts). Spends all it is given.
    MoveTime {
        /// Time for this move in ms.
        ms: u64,
    },
    /// A whole-game clock with `remaining_ms` left, expected to last `moves_to_go` more of our moves.
    GameClock {
        /// Time left on our clock in ms.
        remaining_ms: u64,
        /// How many more of our own moves the remaining time must cover (at least 1).
        moves_to_go: u32,
    },
}

/// What may stop a search: time, depth, nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The clock kind and its figures.
    pub clock: Clock,
    /// Time in ms kept back from every deadline for process scheduling, pipe latency and output.
    pub margin_ms: u64,
    /// Deepest iteration to run, in plies.
    pub max_depth: u32,
    /// Node budget; the search stops once it has visited this many nodes.
    pub max_nodes: u64,
}

impl Limits {
    /// No limit but `max_depth` plies.
    pub fn depth(max_depth: u32) -> Self {
        Limits {
            clock: Clock::Infinite,
            margin_ms: 0,
            max_depth,
            max_nodes: u64::MAX,
        }
    }

    /// No limit but `max_nodes` nodes (a reproducible fixed-work search).
    pub fn nodes(max_nodes: u64) -> Self {
        Limits {
            max_nodes,
            ..Limits::depth(crate::score::MAX_PLY as u32 - 1)
        }
    }

    /// `ms` milliseconds per move, keeping back `margin_ms`. No new iteration starts after half
    /// of `ms − margin_ms` (see [`TimeManager::new`]), so a search usually returns earlier than
    /// `ms`; use [`Limits::movetime`] to spend all of it.
    pub fn per_move(ms: u64, margin_ms: u64) -> Self {
        Limits {
            clock: Clock::PerMove { ms },
            margin_ms,
            ..Limits::depth(crate::score::MAX_PLY as u32 - 1)
        }
    }

    /// Think for `ms` milliseconds less `margin_ms`, all of it: the search deepens until the
    /// deadline aborts it (or a limit of depth or nodes, or a proven result, stops it first).
    ///
    /// ```
    /// use search_core::{Clock, Limits};
    /// let limits = Limits::movetime(200, 10);
    /// assert_eq!(limits.clock, Clock::MoveTime { ms: 200 });
    /// ```
    pub fn movetime(ms: u64, margin_ms: u64) -> Self {
        Limits {
            clock: Clock::MoveTime { ms },
            margin_ms,
            ..Limits::depth(crate::score::MAX_PLY as u32 - 1)
        }
    }

    /// A whole-game clock with `remaining_ms` left for an expected `moves_to_go` moves.
    pub fn game_clock(remaining_ms: u64, moves_to_go: u32, margin_ms: u64) -> Self {
        Limits {
            clock: Clock::GameClock {
                remaining_ms,
                moves_to_go,
            },
            margin_ms,
            ..Limits::depth(crate::score::MAX_PLY as u32 - 1)
        }
    }

    /// The same limits with a different depth cap.
    pub fn with_max_depth(self, max_depth: u32) -> Self {
        Limits { max_depth, ..self }
    }
}

/// Soft and hard deadlines for one move.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// Deadlines for a turn that started at `start`.
    ///
    /// - `PerMove { ms }`: hard = `ms − margin`, soft = half of that (an iteration usually costs
    ///   more than all before it, so one started after the half rarely finishes).
    /// - `MoveTime { ms }`: soft = hard = `ms − margin`.
    /// - `GameClock { remaining, moves_to_go }`: with `avail = remaining − margin`,
    ///   hard = `min(3 × avail / moves_to_go, avail / 2)` — never more than half of what is left on
    ///   one move, so the clock can never be run down — and soft = `min(avail / moves_to_go, hard)`.
    pub fn new(limits: &Limits, start: Instant) -> Self {
        let (soft, hard) = match limits.clock {
            Clock::Infinite => (None, None),
            Clock::PerMove { ms } => {
                let hard = ms.saturating_sub(limits.margin_ms);
                (Some(hard / 2), Some(hard))
            }
            Clock::MoveTime { ms } => {
                let hard = ms.saturating_sub(limits.margin_ms);
                (Some(hard), Some(hard))
            }
            Clock::GameClock {
                remaining_ms,
                moves_to_go,
            } => {
                let avail = remaining_ms.saturating_sub(limits.margin_ms);
                let share = avail / u64::from(moves_to_go.max(1));
                let hard = (share * 3).min(avail / 2);
                (Some(share.min(hard)), Some(hard))
            }
        };
        TimeManager {
            start,
            soft: soft.map(Duration::from_millis),
            hard: hard.map(Duration::from_millis),
        }
    }

    /// When the turn started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// Time since the turn started.
    #[inline]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The soft budget (no new iteration after it), if any.
    pub fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard budget (abort the search), if any.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// Whether the soft deadline has passed.
    #[inline]
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s)
    }

    /// Whether the hard deadline has passed.
    #[inline]
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }
}

/// A whole-game time budget that the judge does not report (Kattis, NEERC): the bot records how
/// long each of its turns took and asks for a [`Limits`] per turn.
#[derive(Clone, Copy, Debug)]
pub struct GameBudget {
    total_ms: u64,
    used: Duration,
}

impl GameBudget {
    /// A budget of `total_ms` for the whole game.
    pub fn new(total_ms: u64) -> Self {
        GameBudget {
            total_ms,
            used: Duration::ZERO,
        }
    }

    /// Records a turn that took `spent` (measure from reading the opponent's move to writing ours).
    pub fn charge(&mut self, spent: Duration) {
        self.used += spent;
    }

    /// Time used so far.
    pub fn used(&self) -> Duration {
        self.used
    }

    /// Milliseconds left of the budget.
    pub fn remaining_ms(&self) -> u64 {
        self.total_ms.saturating_sub(self.used.as_millis() as u64)
    }

    /// The limits for the next move, expected to be one of `moves_to_go` more, keeping `margin_ms`.
    pub fn limits(&self, moves_to_go: u32, margin_ms: u64) -> Limits {
        Limits::game_clock(self.remaining_ms(), moves_to_go, margin_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_move_deadlines_keep_the_margin() {
        let tm = TimeManager::new(&Limits::per_move(1000, 150), Instant::now());
        assert_eq!(tm.hard(), Some(Duration::from_millis(850)));
        assert_eq!(tm.soft(), Some(Duration::from_millis(425)));
        assert!(!tm.hard_expired());
    }

    #[test]
    fn game_clock_never_spends_more_than_half_of_what_is_left() {
        let tm = TimeManager::new(&Limits::game_clock(10_000, 20, 100), Instant::now());
        assert_eq!(tm.soft(), Some(Duration::from_millis(495)));
        assert_eq!(tm.hard(), Some(Duration::from_millis(1485)));
        let low = TimeManager::new(&Limits::game_clock(300, 1, 100), Instant::now());
        assert_eq!(low.hard(), Some(Duration::from_millis(100)));
        let out = TimeManager::new(&Limits::game_clock(50, 5, 100), Instant::now());
        assert_eq!(out.hard(), Some(Duration::ZERO));
        assert!(out.hard_expired());
    }

    #[test]
    fn game_budget_counts_down() {
        let mut b = GameBudget::new(1000);
        b.charge(Duration::from_millis(300));
        assert_eq!(b.remaining_ms(), 700);
        b.charge(Duration::from_millis(900));
        assert_eq!(b.remaining_ms(), 0);
        assert_eq!(
            b.limits(10, 0).clock,
            Clock::GameClock {
                remaining_ms: 0,
                moves_to_go: 10
            }
        );
    }

    #[test]
    fn movetime_spends_all_of_it() {
        let tm = TimeManager::new(&Limits::movetime(200, 20), Instant::now());
        assert_eq!(tm.soft(), Some(Duration::from_millis(180)));
        assert_eq!(tm.hard(), Some(Duration::from_millis(180)));
    }

    #[test]
    fn infinite_never_expires() {
        let tm = TimeManager::new(&Limits::depth(3), Instant::now());
        assert!(!tm.soft_expired() && !tm.hard_expired());
    }
}
