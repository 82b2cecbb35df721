//! The contests, one entry each: name, description, judge's clock, how a match is made from a
//! request, and how a recorded game is drawn. The command line, the record reader and the
//! pictures look contests up here and nowhere else, so adding a contest is its own module plus
//! one line of [`Registry::standard`].
//!
//! ```
//! use arena::registry::Registry;
//!
//! let contests = Registry::standard();
//! assert_eq!(contests.get("alphano-renju")?.clock_ms, Some(20_000));
//! assert!(contests.get("chess").is_err());
//! # Ok::<(), String>(())
//! ```

use crate::contest::{Contest, Pairing};
use crate::record::Record;
use crate::view::{Draw, Picture};
use crate::Contestant;
use std::path::PathBuf;

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
    /// A file of boards (ALPHANO Domineering).
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
                "--boards: {contest} games start from an empty board (only ALPHANO Domineering has boards)"
            )),
        }
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

/// Every contest the arena knows.
#[derive(Clone)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// The five contests of plyforge.
    pub fn standard() -> Registry {
        Registry {
            entries: vec![
                crate::kattis_loa::ENTRY,
                crate::neerc_gomoku::ENTRY,
                crate::alphano_domineering::ENTRY,
                crate::codewarriors_domineering::ENTRY,
                crate::alphano_renju::ENTRY,
            ],
        }
    }

    /// Adds a contest (or replaces the one of the same name).
    pub fn register(&mut self, entry: Entry) {
        self.entries.retain(|e| e.name != entry.name);
        self.entries.push(entry);
    }

    /// Every contest, in registration order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The contest named `name`.
    ///
    /// # Errors
    /// An unknown name, with the known ones.
    pub fn get(&self, name: &str) -> Result<&Entry, String> {
        self.entries.iter().find(|e| e.name == name).ok_or_else(|| {
            let known: Vec<&str> = self.entries.iter().map(|e| e.name).collect();
            format!("unknown contest {name:?} (known: {})", known.join(", "))
        })
    }

    /// The judge's whole-game clock of contest `name`, if it has one.
    pub fn clock_ms(&self, name: &str) -> Option<u64> {
        self.get(name).ok().and_then(|e| e.clock_ms)
    }

    /// The match of contest `name` that `req` asks for, its players resolved by `players`.
    ///
    /// # Errors
    /// An unknown contest, a player or option the contest cannot take.
    pub fn make_match(
        &self,
        name: &str,
        req: &MatchRequest,
        players: &Players,
    ) -> Result<Box<dyn Contest>, String> {
        let entry = self.get(name)?;
        match entry.making {
            Making::Judge(make) => {
                if req.a_clock_ms.is_some() || req.b_clock_ms.is_some() {
                    return Err(format!(
                        "--a-clock-ms/--b-clock-ms: {name} has no whole-game clock (the ALPHANO contests do)"
                    ));
                }
                make(req, players)
            }
            Making::AnyTwo(make) => {
                let clocks_ms = match (req.a_clock_ms, req.b_clock_ms) {
                    (None, None) => None,
                    (a, b) => {
                        let judge = entry.clock_ms.ok_or_else(|| {
                            format!(
                                "--a-clock-ms/--b-clock-ms: {name} has no whole-game clock (the ALPHANO contests do)"
                            )
                        })?;
                        if a == Some(0) || b == Some(0) {
                            return Err("--a-clock-ms/--b-clock-ms: a clock of 0 ms".into());
                        }
                        Some([a.unwrap_or(judge), b.unwrap_or(judge)])
                    }
                };
                let pairing = Pairing {
                    a: players(&req.a, &req.a_args)?,
                    b: players(req.b.as_deref().unwrap_or("greedy"), &req.b_args)?,
                    seed: req.seed,
                    a_seat: req.a_seat,
                    clocks_ms,
                };
                make(pairing, req)
            }
        }
    }

    /// The match of two given players of contest `name` (a tournament's pairing).
    ///
    /// # Errors
    /// An unknown contest, or one whose judge plays one side itself.
    pub fn make_pairing(
        &self,
        name: &str,
        pairing: Pairing,
        req: &MatchRequest,
    ) -> Result<Box<dyn Contest>, String> {
        match self.get(name)?.making {
            Making::AnyTwo(make) => make(pairing, req),
            Making::Judge(_) => Err(format!(
                "{name}: its judge plays every game; a tournament needs a contest of any two players"
            )),
        }
    }

    /// The position of recorded game `rec` after `ply` plies, drawn by its contest.
    ///
    /// # Errors
    /// An unknown contest, a move that does not parse or that the rules reject.
    pub fn picture(&self, rec: &Record, ply: usize) -> Result<Picture, String> {
        let draw = self
            .get(&rec.contest)
            .map_err(|e| format!("no pictures: {e}"))?
            .draw;
        crate::view::picture_by(rec, ply, draw)
    }
}
