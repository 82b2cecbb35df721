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
pub use crate::contest::{Entry, Made, Making, MatchRequest, Players};
use crate::record::Record;
use crate::view::Picture;

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
