//! The ALPHANO judge's protocol, shared by its games (specs: `shared/specs/alphano-*.md`).
//!
//! A bot is started once per game, receives the game's preamble lines (Domineering: the board
//! values; Renju: none) and `READY FIRST|SECOND`, and must answer `OK` within 3000 ms. On each of
//! its turns it is sent `OPP x y time` (the opponent's last move, if any, and the ms it used)
//! and `TURN my_time opp_time`, and must answer `MOVE x y` within `my_time` ms of its whole-game
//! clock. At the end it is sent `FINISH`. An answer past the clock is TLE; a malformed line, an
//! illegal move, or a crash is RE; either loses the game.

use crate::process::{BotProcess, Recv};
use crate::BotCommand;
use std::fmt::Display;
use std::time::{Duration, Instant};

/// Time to answer `READY` with `OK`, in ms.
pub const READY_MS: u64 = 3_000;

/// The game side of the judge.
pub trait Referee {
    /// A move; `Display` gives the protocol's `x y`.
    type Move: Copy + Display;
    /// The player to move: 0 = FIRST, 1 = SECOND.
    fn to_move(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The protocol move `x y`, if it is legal for the player to move; else why not.
    fn parse_move(&self, x: i64, y: i64) -> Result<Self::Move, String>;
    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move);
}

/// A built-in player: the move for the position.
pub type Player<'a, G> = Box<dyn FnMut(&G) -> <G as Referee>::Move + 'a>;

/// A seat at the table.
pub enum Seat<'a, G: Referee> {
    /// A bot, started for this game.
    Bot(&'a BotCommand),
    /// A built-in player: the move for the position.
    Builtin(Player<'a, G>),
}

/// Why a player lost before the game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It answered past its clock.
    TimeLimit(String),
    /// It answered with a malformed line or an illegal move, or crashed.
    RuntimeError(String),
}

/// A game as the judge saw it.
#[derive(Clone, Debug)]
pub struct Played {
    /// The player who lost by a fault (0 = FIRST), and the fault; `None` if played to the end.
    pub fault: Option<(usize, Fault)>,
    /// Clock each player used, in ms (FIRST, SECOND).
    pub used_ms: [u64; 2],
    /// The moves, in protocol form.
    pub moves: Vec<String>,
}

enum Running<'a, G: Referee> {
    Bot(BotProcess),
    Builtin(Player<'a, G>),
}

/// Plays `game` to its end between `seats` (FIRST, SECOND), each bot with a whole-game clock of
/// `clock_ms`, sending `preamble` before `READY`.
pub fn play<'a, G: Referee>(
    game: &mut G,
    seats: [Seat<'a, G>; 2],
    preamble: &[String],
    clock_ms: u64,
) -> Played {
    let mut played = Played {
        fault: None,
        used_ms: [0, 0],
        moves: Vec::new(),
    };
    let mut running: Vec<Running<'a, G>> = Vec::new();
    for (i, seat) in seats.into_iter().enumerate() {
        match seat {
            Seat::Bot(cmd) => match start_bot(cmd, preamble, i) {
                Ok(p) => running.push(Running::Bot(p)),
                Err(e) => {
                    played.fault = Some((i, Fault::RuntimeError(e)));
                    finish(&mut running);
                    return played;
                }
            },
            Seat::Builtin(f) => running.push(Running::Builtin(f)),
        }
    }
    let mut clock = [clock_ms as i64, clock_ms as i64];
    let mut last: Option<(String, u64)> = None;
    while !game.is_over() {
        let me = game.to_move();
        let (my_clock, their_clock) = (clock[me], clock[1 - me]);
        let (answer, took) = match &mut running[me] {
            Running::Builtin(f) => (Ok(f(game)), 0),
            Running::Bot(proc) => {
                if let Some((m, t)) = &last {
                    let _ = proc.send_line(&format!("OPP {m} {t}"));
                }
                let start = Instant::now();
                let sent = proc.send_line(&format!("TURN {my_clock} {their_clock}"));
                let answer = match (
                    sent,
                    proc.recv_line(Duration::from_millis(my_clock.max(0) as u64 + 1)),
                ) {
                    (Err(e), _) => Err(Fault::RuntimeError(format!("could not send TURN: {e}"))),
                    (_, Recv::Line(l)) => parse_answer(game, &l),
                    (_, Recv::Timeout) => {
                        Err(Fault::TimeLimit(format!("no answer within {my_clock} ms")))
                    }
                    (_, Recv::Closed) => Err(Fault::RuntimeError("output closed".into())),
                };
                let took = start.elapsed().as_millis() as u64;
                let answer = if answer.is_ok() && took as i64 > my_clock {
                    Err(Fault::TimeLimit(format!(
                        "answered after {took} ms with {my_clock} ms left"
                    )))
                } else {
                    answer
                };
                (answer, took)
            }
        };
        clock[me] -= took as i64;
        played.used_ms[me] += took;
        match answer {
            Ok(m) => {
                played.moves.push(m.to_string());
                game.play(m);
                last = Some((m.to_string(), took));
            }
            Err(fault) => {
                played.fault = Some((me, fault));
                break;
            }
        }
    }
    finish(&mut running);
    played
}

fn start_bot(cmd: &BotCommand, preamble: &[String], seat: usize) -> Result<BotProcess, String> {
    let mut p = BotProcess::spawn(cmd).map_err(|e| format!("cannot start {cmd}: {e}"))?;
    for line in preamble {
        p.send_line(line)
            .map_err(|e| format!("could not send the preamble: {e}"))?;
    }
    let side = if seat == 0 { "FIRST" } else { "SECOND" };
    p.send_line(&format!("READY {side}"))
        .map_err(|e| format!("could not send READY: {e}"))?;
    match p.recv_line(Duration::from_millis(READY_MS)) {
        Recv::Line(l) if l.trim() == "OK" => Ok(p),
        Recv::Line(l) => Err(format!("answered READY with {l:?}")),
        _ => Err(format!("no OK within {READY_MS} ms")),
    }
}

fn parse_answer<G: Referee>(game: &G, line: &str) -> Result<G::Move, Fault> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let bad = || Fault::RuntimeError(format!("malformed answer {line:?}"));
    let [tag, x, y] = parts[..] else {
        return Err(bad());
    };
    if tag != "MOVE" {
        return Err(bad());
    }
    let (x, y): (i64, i64) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
    game.parse_move(x, y)
        .map_err(|e| Fault::RuntimeError(format!("illegal move {line:?}: {e}")))
}

fn finish<G: Referee>(running: &mut [Running<'_, G>]) {
    for seat in running.iter_mut() {
        if let Running::Bot(p) = seat {
            let _ = p.send_line("FINISH");
            let _ = p.wait_exit(Duration::from_millis(1000));
        }
    }
}
