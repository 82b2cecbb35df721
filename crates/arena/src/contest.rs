//! One trait for every contest's match: what the runner needs to play game k between players
//! A and B under that contest's judge, and what the contest alone adds to the final report.
//!
//! Each judge module implements it for its matches ([`crate::alphano_renju::RenjuMatch`],
//! [`crate::alphano_domineering::DomineeringMatch`],
//! [`crate::codewarriors_domineering::CodeWarriorsMatch`], [`crate::kattis_loa::LoaMatch`],
//! [`crate::neerc_gomoku::NeercMatch`]); [`crate::runner::play`] runs any of them.

use crate::record::Record;
use crate::runner::MatchReport;
use crate::Contestant;

/// A contest's match between A and B.
pub trait Contest: Sync {
    /// The contest's name, as records carry it (`alphano-renju`, `kattis-loa`, …).
    fn name(&self) -> &'static str;

    /// The players' whole-game clocks in ms, A then B, where the judge keeps one (the ALPHANO
    /// contests: the judge's clock for both unless the match gives them others). None by
    /// default.
    fn clocks_ms(&self) -> Option<[u64; 2]> {
        None
    }

    /// The players' names for tables and records: A, then B.
    fn names(&self) -> [&str; 2];

    /// How many games the match has, when the contest fixes it (NEERC: one per seed); `None`:
    /// as many as asked for.
    fn games(&self) -> Option<usize> {
        None
    }

    /// Plays game `k` of the match (0-based; its seat and seed from [`schedule`] or the
    /// contest's own list) and returns its record.
    fn game(&self, k: usize) -> Record;

    /// Lines about the whole match that only this contest prints (Kattis LOA: the plies of
    /// the won games; NEERC: whether every test was won). None by default.
    fn summary(&self, _report: &MatchReport) -> Vec<String> {
        Vec::new()
    }
}

/// Game `k` of a match: A's seat (0 moves first) and the game's seed. With `a_seat` pinned,
/// game k has seed `base_seed + k`; otherwise games 2p and 2p + 1 share seed `base_seed + p`
/// (the same board, opening and built-in players' generators) with the sides swapped.
pub fn schedule(k: usize, base_seed: u64, a_seat: Option<usize>) -> (usize, u64) {
    match a_seat {
        Some(seat) => (seat.min(1), base_seed + k as u64),
        None => (k % 2, base_seed + (k / 2) as u64),
    }
}

/// Two players of a contest where any two play (ALPHANO Renju and Domineering, Code Warriors),
/// with their names, the base seed and an optional pinned seat for A.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// Player A and its name.
    pub a: (Contestant, String),
    /// Player B and its name.
    pub b: (Contestant, String),
    /// The base seed of [`schedule`].
    pub seed: u64,
    /// A's seat in every game (0: first), or `None` to swap every game.
    pub a_seat: Option<usize>,
    /// Whole-game clocks in ms for A and B instead of the judge's (ALPHANO contests: time
    /// odds), or `None` for the judge's.
    pub clocks_ms: Option<[u64; 2]>,
}

impl Pairing {
    /// Game `k`'s A seat, seed, the players in seat order, and their names in seat order.
    pub fn seats(&self, k: usize) -> (usize, u64, [&Contestant; 2], [String; 2]) {
        let (a_seat, seed) = schedule(k, self.seed, self.a_seat);
        let (first, second) = if a_seat == 0 {
            (&self.a, &self.b)
        } else {
            (&self.b, &self.a)
        };
        (
            a_seat,
            seed,
            [&first.0, &second.0],
            [first.1.clone(), second.1.clone()],
        )
    }

    /// The names, A then B.
    pub fn names(&self) -> [&str; 2] {
        [&self.a.1, &self.b.1]
    }

    /// The clocks of A and B: the match's, or `judge_ms` for both.
    pub fn clocks(&self, judge_ms: u64) -> [u64; 2] {
        self.clocks_ms.unwrap_or([judge_ms; 2])
    }

    /// The clocks by seat in a game where A has seat `a_seat`.
    pub fn seat_clocks(&self, a_seat: usize, judge_ms: u64) -> [u64; 2] {
        let [a, b] = self.clocks(judge_ms);
        if a_seat == 0 {
            [a, b]
        } else {
            [b, a]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_a_seed_with_sides_swapped() {
        assert_eq!(schedule(0, 10, None), (0, 10));
        assert_eq!(schedule(1, 10, None), (1, 10));
        assert_eq!(schedule(5, 10, None), (1, 12));
        assert_eq!(schedule(5, 10, Some(1)), (1, 15));
        let p = Pairing {
            a: (Contestant::Greedy, "greedy".into()),
            b: (Contestant::Random, "random".into()),
            seed: 1,
            a_seat: None,
            clocks_ms: Some([20_000, 2_500]),
        };
        let (seat, seed, players, names) = p.seats(3);
        assert_eq!((seat, seed), (1, 2));
        assert!(matches!(players[0], Contestant::Random));
        assert_eq!(names, ["random".to_string(), "greedy".to_string()]);
        // B (random) moves first in game 3: the clocks by seat follow.
        assert_eq!(p.seat_clocks(seat, 20_000), [2_500, 20_000]);
        assert_eq!(p.seat_clocks(0, 20_000), [20_000, 2_500]);
        let judge = Pairing {
            clocks_ms: None,
            ..p
        };
        assert_eq!(judge.seat_clocks(1, 10_000), [10_000, 10_000]);
    }
}
