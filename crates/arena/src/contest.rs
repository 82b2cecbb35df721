//! What every contest's module speaks: the [`Contest`] trait (what the runner needs to play
//! game k between players A and B under that contest's judge, and what the contest alone adds
//! to the final report), the [`Pairing`] of two players, the [`MatchRequest`] a match is made
//! from, and the contest's [`Entry`] for the registry. Each judge module implements these; the
//! runner runs any [`Contest`] and the registry lists the entries, so no judge module needs
//! either of them.

use crate::record::Record;
use crate::view::Draw;
use crate::Contestant;
use std::path::PathBuf;

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

    /// Lines about the whole match (its records) that only this contest prints (Kattis LOA: the plies of
    /// the won games; NEERC: whether every test was won). None by default.
    fn summary(&self, _records: &[Record]) -> Vec<String> {
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

/// A match as the command line asks for it, in words every contest understands; each contest
/// takes what applies to it and refuses what cannot (a `--boards` file where games start from
/// an empty board, …).
#[derive(Clone, Debug, Default)]
pub struct MatchRequest {
    /// Player A's spec (`bot`, `greedy`, `random`, a program, `gomocup:PATH`, …).
    pub a: String,
    /// Player A's program arguments.
    pub a_args: Vec<String>,
    /// Player B's spec; `None`: the contest's default opponent.
    pub b: Option<String>,
    /// Player B's program arguments.
    pub b_args: Vec<String>,
    /// A's seat in every game (0: first), or `None` to swap every game.
    pub a_seat: Option<usize>,
    /// Whole-game clocks of A and B in ms instead of the judge's (time odds).
    pub a_clock_ms: Option<u64>,
    /// See [`MatchRequest::a_clock_ms`].
    pub b_clock_ms: Option<u64>,
    /// The base seed.
    pub seed: u64,
    /// Games asked for.
    pub games: usize,
    /// Random plies the judge plays before the players take over.
    pub opening_plies: usize,
    /// A file of boards (ALPHANO Domineering) or openings (ALPHANO Renju).
    pub boards: Option<PathBuf>,
    /// Ms a bot may take for one move (Kattis LOA's hang guard).
    pub move_timeout_ms: u64,
    /// Total ms a bot may think in one game (Kattis LOA).
    pub game_budget_ms: Option<u64>,
    /// What follows `go` for a `uci:PATH` engine (Kattis LOA pairs).
    pub uci_go: String,
    /// A file of `test seed` lines (NEERC Gomoku).
    pub seeds: Option<PathBuf>,
    /// Play the library's planner in-process (NEERC Gomoku).
    pub in_process: bool,
    /// Planner settings `NAME=VALUE` (NEERC Gomoku in-process).
    pub planner: Vec<String>,
}

impl MatchRequest {
    /// An error unless no `--boards` file was given (`contest` starts from an empty board).
    pub fn no_boards(&self, contest: &str) -> Result<(), String> {
        match &self.boards {
            None => Ok(()),
            Some(_) => Err(format!(
                "--boards: {contest} games start from an empty board (only ALPHANO Domineering has boards, ALPHANO Renju openings)"
            )),
        }
    }

    /// The `--boards` file read by `parse` (the contest's own format), or `None` without one.
    ///
    /// # Errors
    /// The file cannot be read, or `parse`'s error, each naming the file.
    pub fn read_boards<T>(
        &self,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        let Some(path) = &self.boards else {
            return Ok(None);
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        parse(&text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// An error unless no opening plies were asked for (`contest`'s protocol cannot start a
    /// bot mid-game).
    pub fn no_opening(&self, contest: &str) -> Result<(), String> {
        if self.opening_plies == 0 {
            return Ok(());
        }
        Err(format!(
            "--opening-plies: only Code Warriors Domineering hands a bot the whole board each \
             turn (and ALPHANO Renju with Gomocup brains, Kattis LOA between two engines); \
             {contest} games start from its own opening"
        ))
    }
}

/// Turns a player spec and its program arguments into a contestant and its name for tables
/// (the command line builds `bot` with cargo; a test gives its own).
pub type Players<'a> = dyn Fn(&str, &[String]) -> Result<(Contestant, String), String> + 'a;

/// A contest's match, or why it cannot be made.
pub type Made = Result<Box<dyn Contest>, String>;

/// How a contest's matches are made.
#[derive(Clone, Copy)]
pub enum Making {
    /// The judge plays one side itself (Kattis LOA, NEERC Gomoku): the contest makes the whole
    /// match from the request.
    Judge(fn(&MatchRequest, &Players) -> Made),
    /// Any two players meet (the ALPHANO contests, Code Warriors; tournaments too): the
    /// registry seats A and B ([`Pairing`], B `greedy` by default) and the contest adds what
    /// is its own.
    AnyTwo(fn(Pairing, &MatchRequest) -> Made),
}

/// One contest.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Its name, as the command line and the records spell it (`alphano-renju`, …).
    pub name: &'static str,
    /// One line for `arena match --help`.
    pub about: &'static str,
    /// The judge's whole-game clock in ms, where it keeps one.
    pub clock_ms: Option<u64>,
    /// How its matches are made.
    pub making: Making,
    /// How its recorded games are drawn.
    pub draw: Draw,
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
