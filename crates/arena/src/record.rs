//! Game records, one JSON object per line (JSON Lines): every contest's games in one shape, so
//! a match can be written as it is played, resumed, replayed and drawn.
//!
//! A line looks like
//! `{"contest":"alphano-renju","game":0,"seed":1,"players":["bot","greedy"],"a_seat":0,
//! "moves":[{"mv":"8 8","ms":12},…],"winner":0,"reason":"five"}`; `opening` (the board or the
//! opening the game started from) and `failure` (a loss by a fault) appear when they apply.

use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::Path;

/// One move and the time its player took, in ms (`None` where the judge does not time it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedMove {
    /// The move in the contest's protocol form (ALPHANO `x y`, Code Warriors `type row col`,
    /// Kattis LOA `a1-b2`, NEERC Gomoku `x y`).
    pub mv: String,
    /// Thinking time in ms, from the judge's last line to the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

/// Why a player lost before the game's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// A move the rules do not allow (a forbidden point, an occupied cell, …).
    IllegalMove,
    /// An answer past the clock (or none at all).
    Clock,
    /// The program could not start, exited, or closed its output.
    Crash,
    /// A line the protocol does not allow.
    Protocol,
}

impl Cause {
    /// Its name, as in the records.
    pub fn name(self) -> &'static str {
        match self {
            Cause::IllegalMove => "illegal move",
            Cause::Clock => "clock",
            Cause::Crash => "crash",
            Cause::Protocol => "protocol",
        }
    }

    /// The cause of a runtime error from its judge's description: an `illegal` or `forbidden`
    /// move; a program that `cannot start`, whose `output closed` or that one `could not send`
    /// to (a crash); anything else is a line the protocol does not allow.
    pub fn of_runtime_error(detail: &str) -> Cause {
        let d = detail.to_ascii_lowercase();
        if d.contains("illegal") || d.contains("forbidden") {
            Cause::IllegalMove
        } else if ["cannot start", "output closed", "could not send"]
            .iter()
            .any(|w| d.contains(w))
        {
            Cause::Crash
        } else {
            Cause::Protocol
        }
    }
}

/// A loss by a fault: the arena's one failure type. Every judge reports a player's fault with
/// it (who, why, the judge's words), and game records carry it as it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// The seat of the player at fault (0: it moved first).
    pub seat: usize,
    /// Why.
    pub cause: Cause,
    /// The judge's words.
    pub detail: String,
}

impl Failure {
    /// The fault of the player in `seat`.
    pub fn new(seat: usize, cause: Cause, detail: impl Into<String>) -> Failure {
        Failure {
            seat,
            cause,
            detail: detail.into(),
        }
    }

    /// An answer past the clock (or none at all).
    pub fn clock(seat: usize, detail: impl Into<String>) -> Failure {
        Failure::new(seat, Cause::Clock, detail)
    }

    /// A program that could not start, exited, or closed its output.
    pub fn crash(seat: usize, detail: impl Into<String>) -> Failure {
        Failure::new(seat, Cause::Crash, detail)
    }

    /// A line the protocol does not allow.
    pub fn protocol(seat: usize, detail: impl Into<String>) -> Failure {
        Failure::new(seat, Cause::Protocol, detail)
    }

    /// A move the rules do not allow.
    pub fn illegal(seat: usize, detail: impl Into<String>) -> Failure {
        Failure::new(seat, Cause::IllegalMove, detail)
    }

    /// A runtime error in the ALPHANO judge's sense (anything but the clock), its cause read
    /// from the judge's words ([`Cause::of_runtime_error`]).
    pub fn runtime_error(seat: usize, detail: impl Into<String>) -> Failure {
        let detail = detail.into();
        Failure::new(seat, Cause::of_runtime_error(&detail), detail)
    }

    /// The ALPHANO judge's verdict in words: `TLE: …` for the clock, `RE: …` otherwise.
    pub fn verdict(&self) -> String {
        match self.cause {
            Cause::Clock => format!("TLE: {}", self.detail),
            _ => format!("RE: {}", self.detail),
        }
    }
}

impl std::fmt::Display for Failure {
    /// `cause: words`, e.g. `clock: no move within 5000 ms at ply 3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.cause.name(), self.detail)
    }
}

impl std::error::Error for Failure {}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The contest (`alphano-renju`, `alphano-domineering`, `codewarriors-domineering`,
    /// `kattis-loa`, `neerc-gomoku`).
    pub contest: String,
    /// The game's number in its match (0-based).
    pub game: usize,
    /// The seed of the game (board, built-in players' generators; NEERC: the judge's
    /// `java.util.Random` seed, which may be negative).
    pub seed: i64,
    /// The board or opening the game started from, in the contest's text form (ALPHANO
    /// Domineering: the 64 cell values row by row; Renju with an opening: its moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// The players by seat: the first to move, then the second.
    pub players: [String; 2],
    /// The seat of player A (the match's first-named player).
    pub a_seat: usize,
    /// Every move, in order, both players.
    pub moves: Vec<TimedMove>,
    /// The winning seat, `None` for a draw.
    pub winner: Option<usize>,
    /// How the game ended, in words (`five`, `scores 12-9`, `no move`, `TLE: …`).
    pub reason: String,
    /// The fault that ended it, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// Each seat's whole-game clock in ms (first, second), where the judge keeps one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<[u64; 2]>,
    /// Moves of a Gomocup brain the judge played on the nearest legal point because only the
    /// contest's own constraint ruled them out (ALPHANO Renju: the opening boxes), by seat;
    /// absent when there were none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seated: Option<[u32; 2]>,
}

/// A game's result from player A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A won.
    Win,
    /// Drawn.
    Draw,
    /// A lost.
    Loss,
}

impl Record {
    /// The names of players A and B, whatever their seats.
    pub fn a_and_b(&self) -> (&str, &str) {
        (&self.players[self.a_seat], &self.players[1 - self.a_seat])
    }

    /// The result for player A.
    pub fn outcome_a(&self) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) if w == self.a_seat => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }

    /// The timed moves' ms of the player in `seat` (seats alternate, seat 0 first).
    pub fn seat_ms(&self, seat: usize) -> impl Iterator<Item = u64> + '_ {
        self.moves.iter().skip(seat).step_by(2).filter_map(|m| m.ms)
    }

    /// This record as one JSON line (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// A record from one JSON line.
    pub fn from_line(line: &str) -> Result<Record, serde_json::Error> {
        serde_json::from_str(line)
    }
}

/// Appends `record` as one line to `out` and flushes (a match killed midway keeps every game
/// finished before).
pub fn append(out: &mut impl Write, record: &Record) -> std::io::Result<()> {
    writeln!(out, "{}", record.to_line())?;
    out.flush()
}

/// Reads every record of a JSON Lines file; blank lines are skipped. A line that is not a
/// record is an error naming its line number (1-based) — except a cut last line, the trace of
/// an interrupted match, which is dropped.
pub fn read(path: &Path) -> Result<Vec<Record>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let lines: Vec<String> = std::io::BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match Record::from_line(line) {
            Ok(r) => out.push(r),
            Err(e) if e.is_eof() && Some(i) == last => break,
            Err(e) => {
                return Err(format!(
                    "{}:{}: not a game record: {e}",
                    path.display(),
                    i + 1
                ))
            }
        }
    }
    Ok(out)
}

/// Game `game` of record file `file` (its first game if `None`).
///
/// # Errors
/// An unreadable file, or no such game.
pub fn read_game(file: &std::path::Path, game: Option<usize>) -> Result<Record, String> {
    let records = read(file)?;
    let found = match game {
        None => records.into_iter().next(),
        Some(k) => records.into_iter().find(|r| r.game == k),
    };
    found.ok_or_else(|| match game {
        Some(k) => format!("{} has no game {k}", file.display()),
        None => format!("{} has no games", file.display()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            clock_ms: None,
            seated: None,
            contest: "alphano-renju".into(),
            game: 3,
            seed: 42,
            opening: None,
            players: ["bot".into(), "greedy".into()],
            a_seat: 1,
            moves: vec![
                TimedMove {
                    mv: "8 8".into(),
                    ms: Some(12),
                },
                TimedMove {
                    mv: "7 9".into(),
                    ms: None,
                },
            ],
            winner: Some(0),
            reason: "RE: illegal move".into(),
            failure: Some(Failure {
                seat: 1,
                cause: Cause::IllegalMove,
                detail: "forbidden point".into(),
            }),
        }
    }

    #[test]
    fn records_round_trip_through_json_lines() {
        let r = sample();
        let line = r.to_line();
        assert!(!line.contains('\n'));
        assert!(line.contains("\"cause\":\"illegal-move\""), "{line}");
        assert_eq!(Record::from_line(&line).unwrap(), r);
        assert_eq!(r.outcome_a(), Outcome::Loss);
        let draw = Record {
            winner: None,
            opening: Some("0123".into()),
            failure: None,
            ..sample()
        };
        let dir = std::env::temp_dir().join(format!("arena-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.jsonl");
        let mut f = std::fs::File::create(&path).unwrap();
        append(&mut f, &r).unwrap();
        append(&mut f, &draw).unwrap();
        // An interrupted write leaves a cut last line: dropped, not an error.
        write!(f, "{{\"contest\":\"alph").unwrap();
        drop(f);
        let back = read(&path).unwrap();
        assert_eq!(back, vec![r.clone(), draw.clone()]);
        assert_eq!(back[1].outcome_a(), Outcome::Draw);
        // A bad line in the middle is an error with its line number.
        std::fs::write(
            &path,
            format!("{}\nnot json\n{}\n", r.to_line(), r.to_line()),
        )
        .unwrap();
        let err = read(&path).unwrap_err();
        assert!(err.contains(":2:"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn runtime_errors_are_classified() {
        assert_eq!(
            Cause::of_runtime_error("illegal move \"MOVE 1 1\": not the centre"),
            Cause::IllegalMove
        );
        assert_eq!(
            Cause::of_runtime_error("malformed answer \"hello\""),
            Cause::Protocol
        );
        assert_eq!(
            Cause::of_runtime_error("answered READY with \"NO\""),
            Cause::Protocol
        );
        assert_eq!(Cause::of_runtime_error("output closed"), Cause::Crash);
        assert_eq!(
            Cause::of_runtime_error("cannot start /no/bot: not found"),
            Cause::Crash
        );
    }
}
