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

    /// Each player's whole-game clock in ms, where the judge keeps one (the ALPHANO contests).
    fn clock_ms(&self) -> Option<u64> {
        clock_ms(self.name())
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

/// The whole-game clock in ms of contest `name`, if its judge keeps one.
pub fn clock_ms(name: &str) -> Option<u64> {
    match name {
        "alphano-renju" => Some(crate::alphano_renju::CLOCK_MS),
        "alphano-domineering" => Some(crate::alphano_domineering::CLOCK_MS),
        _ => None,
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
        };
        let (seat, seed, players, names) = p.seats(3);
        assert_eq!((seat, seed), (1, 2));
        assert!(matches!(players[0], Contestant::Random));
        assert_eq!(names, ["random".to_string(), "greedy".to_string()]);
    }
}
