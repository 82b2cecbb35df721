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

    /// Whether the soft deadline scaled by `percent` (within the hard deadline) has passed.
    #[inline]
    pub fn scaled_soft_expired(&self, percent: u32) -> bool {
        self.soft.is_some_and(|s| {
            let scaled = s * percent / 100;
            self.elapsed() >= self.hard.map_or(scaled, |h| scaled.min(h))
        })
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

/// How an engine spreads a whole-game clock over its moves, the same way in every game: a move's
/// share is the time usable (what is left, less a margin and a reserve never planned on) over
/// the moves still planned (`planned_moves` from the start, less those made, never fewer than
/// `min_moves_to_go`), `critical_factor` times that where the position is critical (the
/// opponent threatens), and never more than `1 / max_fraction` of the time usable. All in ms.
///
/// ```
/// use search_core::time::ClockPlan;
///
/// let plan = ClockPlan::default();
/// // 20 s clock, 20 s left, nothing made yet: 35 moves planned, 15% kept back.
/// let usable = plan.usable_ms(20_000, 20_000, 150);
/// assert_eq!(usable, 20_000 - 150 - 3_000);
/// assert_eq!(plan.share_ms(usable, 0, false), usable / 35);
/// // Late in the game the share stops shrinking (12 moves at least), and doubles when critical.
/// assert_eq!(plan.share_ms(usable, 30, true), 2 * (usable / 12));
/// ```
#[cfg(feature = "clock-plan")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockPlan {
    /// Our moves the clock is planned to last from the start of the game.
    pub planned_moves: u32,
    /// The fewest moves still to go it ever plans for (at least 1).
    pub min_moves_to_go: u32,
    /// Percent of the game's clock (the most time it has shown) never planned on, so that a
    /// game longer than planned still ends inside the clock (at most 90).
    pub reserve_percent: u64,
    /// The share is multiplied by this where the position is critical.
    pub critical_factor: u64,
    /// A move's share is at most this fraction's inverse of the time usable (at least 1).
    pub max_fraction: u64,
}

#[cfg(feature = "clock-plan")]
impl Default for ClockPlan {
    /// [`ClockPlan::DEFAULT`].
    fn default() -> Self {
        ClockPlan::DEFAULT
    }
}

#[cfg(feature = "clock-plan")]
impl ClockPlan {
    /// A plan for games of about 35 moves: 35 moves, at least 12 to go, 15% in reserve, twice
    /// the share when threatened, at most a quarter of what is usable on one move. A `const`,
    /// so an engine's own plan can be written as changes to it (`..ClockPlan::DEFAULT`).
    pub const DEFAULT: ClockPlan = ClockPlan {
        planned_moves: 35,
        min_moves_to_go: 12,
        reserve_percent: 15,
        critical_factor: 2,
        max_fraction: 4,
    };

    /// The ms a plan may use of `remaining_ms` left on a clock that has shown at most
    /// `game_ms`: less `margin_ms` (kept back on every move) and the reserve. Figures past a
    /// few weeks are capped, so nothing overflows.
    pub fn usable_ms(&self, remaining_ms: u64, game_ms: u64, margin_ms: u64) -> u64 {
        let reserve = game_ms.min(1 << 31) * self.reserve_percent.min(90) / 100;
        remaining_ms
            .min(1 << 31)
            .saturating_sub(margin_ms)
            .saturating_sub(reserve)
    }

    /// The moves the usable time is spread over when `moves_made` of ours have been made.
    pub fn moves_to_go(&self, moves_made: u32) -> u32 {
        self.planned_moves
            .saturating_sub(moves_made)
            .max(self.min_moves_to_go)
            .max(1)
    }

    /// One move's share of `usable_ms` (see [`ClockPlan::usable_ms`]) after `moves_made` of
    /// ours, `critical` where the position asks for more.
    pub fn share_ms(&self, usable_ms: u64, moves_made: u32, critical: bool) -> u64 {
        let share = usable_ms / u64::from(self.moves_to_go(moves_made));
        let share = if critical {
            share.saturating_mul(self.critical_factor)
        } else {
            share
        };
        share.min(usable_ms / self.max_fraction.max(1))
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
    fn a_scaled_soft_deadline_stays_within_the_hard_one() {
        // A turn that started 600 ms ago with 10 s a move: soft 5 s, hard 10 s.
        let start = Instant::now() - Duration::from_millis(600);
        let tm = TimeManager::new(&Limits::per_move(10_000, 0), start);
        assert!(!tm.soft_expired());
        assert!(
            tm.scaled_soft_expired(10),
            "a tenth of the soft deadline is 500 ms"
        );
        assert!(!tm.scaled_soft_expired(100));
        // 20 times the soft deadline (500 ms) would be 10 s: the hard deadline (1 s) bounds it.
        let late = TimeManager::new(&Limits::per_move(1_000, 0), start - Duration::from_secs(1));
        assert!(late.scaled_soft_expired(2_000));
        assert!(!TimeManager::new(&Limits::depth(3), start).scaled_soft_expired(1));
    }

    #[test]
    fn infinite_never_expires() {
        let tm = TimeManager::new(&Limits::depth(3), Instant::now());
        assert!(!tm.soft_expired() && !tm.hard_expired());
    }

    #[cfg(feature = "clock-plan")]
    #[test]
    fn clock_plan_spreads_the_usable_time() {
        let plan = ClockPlan::default();
        assert_eq!(plan.usable_ms(20_000, 20_000, 150), 20_000 - 150 - 3_000);
        assert_eq!(plan.usable_ms(3_100, 20_000, 150), 0);
        assert!(plan.usable_ms(u64::MAX, u64::MAX, 0) > 0);
        let none = ClockPlan {
            reserve_percent: 0,
            ..plan
        };
        assert_eq!(none.usable_ms(3_100, 20_000, 150), 3_100 - 150);
        assert_eq!(plan.moves_to_go(0), 35);
        assert_eq!(plan.moves_to_go(30), 12);
        assert_eq!(plan.share_ms(3_500, 0, false), 100);
        assert_eq!(plan.share_ms(1_200, 40, false), 100);
        assert_eq!(plan.share_ms(1_200, 40, true), 200);
        // Never more than a quarter of what is usable, however critical.
        let eager = ClockPlan {
            critical_factor: 10,
            ..plan
        };
        assert_eq!(eager.share_ms(1_200, 40, true), 300);
        let zero = ClockPlan {
            planned_moves: 0,
            min_moves_to_go: 0,
            max_fraction: 0,
            ..plan
        };
        assert_eq!(zero.share_ms(1_000, 5, false), 1_000);
    }
}
