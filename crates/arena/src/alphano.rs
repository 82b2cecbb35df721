//! The ALPHANO judge's protocol, shared by its games (specs: `shared/specs/alphano-*.md`).
//!
//! A bot is started once per game, receives the game's preamble lines (Domineering: the board
//! values; Renju: none) and `READY FIRST|SECOND`, and must answer `OK` within 3000 ms. On each of
//! its turns it is sent `OPP x y time` (the opponent's last move, if any, and the ms it used)
//! and `TURN my_time opp_time`, and must answer `MOVE x y` within `my_time` ms of its whole-game
//! clock. At the end it is sent `FINISH`. An answer past the clock is TLE; a malformed line, an
//! illegal move, or a crash is RE; either loses the game.

use crate::process::{BotProcess, Recv};
use crate::record::{Failure, TimedMove};
use crate::BotCommand;
use std::time::{Duration, Instant};

/// Time to answer `READY` with `OK`, in ms.
pub const READY_MS: u64 = 3_000;

/// The game side of the judge.
pub trait Referee {
    /// A move.
    type Move: Copy;
    /// The protocol's `x y` for `mv` (as `MOVE` and `OPP` lines and the records write it).
    fn protocol(mv: Self::Move) -> String;
    /// The player to move: 0 = FIRST, 1 = SECOND.
    fn to_move(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The protocol move `x y`, if it is legal for the player to move; else why not.
    fn parse_move(&self, x: i64, y: i64) -> Result<Self::Move, String>;
    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move);
    /// For a Gomocup brain, which cannot know this judge's own constraints (Renju: the opening
    /// boxes): the legal move nearest to its protocol move `x y` when only such a constraint
    /// rules that move out; `None` (the default) when the move is illegal for any other reason,
    /// which stays RE.
    fn seat_move(&self, _x: i64, _y: i64) -> Option<Self::Move> {
        None
    }
    /// The pass, when it is the only legal move of the player to move (Renju: a full board, or
    /// every empty point forbidden to Black); `None` (the default) otherwise. Gomocup has no
    /// pass, so the judge plays it for a Gomocup brain without asking (see [`play`]).
    fn forced_pass(&self) -> Option<Self::Move> {
        None
    }
}

/// A built-in player: the move for the position.
pub type BuiltinPlayer<'a, G> = Box<dyn FnMut(&G) -> <G as Referee>::Move + 'a>;

/// A seat at the table.
pub enum Seat<'a, G: Referee> {
    /// A bot, started for this game.
    Bot(&'a BotCommand),
    /// A Gomocup (Piskvork protocol) brain, started for this game and set up with the game's
    /// Gomocup lines (Renju: `START 15`, `INFO rule 4`; empty: the game has no Gomocup form and
    /// the brain cannot play it). See [`play`].
    Gomocup(&'a BotCommand, &'a [String]),
    /// A built-in player: the move for the position.
    Builtin(BuiltinPlayer<'a, G>),
}

/// The moves of a game with their times, for a record.
pub fn timed_moves(moves: &[String], ms: &[u64]) -> Vec<TimedMove> {
    moves
        .iter()
        .zip(ms)
        .map(|(m, &t)| TimedMove {
            mv: m.clone(),
            ms: Some(t),
        })
        .collect()
}

/// A game as the judge saw it.
#[derive(Clone, Debug)]
pub struct Played {
    /// The fault that lost the game (its seat: 0 = FIRST); `None` if played to the end.
    pub fault: Option<Failure>,
    /// Clock each player used, in ms (FIRST, SECOND).
    pub used_ms: [u64; 2],
    /// The moves, in protocol form.
    pub moves: Vec<String>,
    /// The ms each move took (built-in players: their computing time, not charged).
    pub move_ms: Vec<u64>,
    /// Moves of a Gomocup brain the judge moved to the nearest legal point
    /// ([`Referee::seat_move`]), by seat.
    pub seated: [u32; 2],
}

enum Running<'a, G: Referee> {
    Bot(BotProcess),
    Gomocup(BotProcess),
    Builtin(BuiltinPlayer<'a, G>),
}

/// Plays `game` to its end between `seats` (FIRST, SECOND), each bot with a whole-game clock of
/// `clocks_ms[seat]` ms (the judge's is the same for both; unequal clocks measure time odds),
/// sending `preamble` before `READY`.
///
/// A Gomocup brain gets its clock the same way: after its setup lines, `INFO timeout_match`,
/// `INFO timeout_turn` (both its clock), `INFO max_memory` (1 GiB, the judge's limit) and
/// `INFO game_type 1`, it must answer `OK` to `START` and then answer `ABOUT`, each within
/// [`READY_MS`] (the `ABOUT` answer shows that it has read its setup, so that a brain which
/// sizes its hash table on `INFO max_memory` does so before its clock runs, as an ALPHANO
/// bot sets up before its `OK`); each turn it is sent
/// `INFO time_left` (its clock) and `BEGIN` or `TURN x,y`, and its `x,y` answer (0-based column,
/// row: the ALPHANO move `y+1 x+1`) must come within its clock; `MESSAGE`, `DEBUG` and `SUGGEST`
/// lines are skipped, an `ERROR` line is RE. At the end it is sent `END`. Gomocup has no pass:
/// when the pass is a brain's only legal move ([`Referee::forced_pass`]) the judge plays it for
/// the brain at 0 ms without asking, and a brain whose opponent passed (or that passed) is sent
/// the position as a `BOARD` on its next turn, the passes left out. A brain's move that only the
/// game's own constraint forbids (Renju: outside the opening box) is played on the nearest
/// legal point instead ([`Referee::seat_move`], counted in [`Played::seated`]), and the brain's
/// next turn is a `BOARD` with the whole game (its stones 1, the other's 2) and `DONE` in place
/// of `TURN`, so that it plays on from the real position.
///
/// The judge first plays the moves of `opening` itself (0 ms each); a Gomocup brain's first
/// turn is then a `BOARD` of them. An ALPHANO bot has no way to be told a position, so a game
/// with an opening must have none (the callers refuse it).
pub fn play<'a, G: Referee>(
    game: &mut G,
    seats: [Seat<'a, G>; 2],
    preamble: &[String],
    clocks_ms: [u64; 2],
    opening: &[G::Move],
) -> Played {
    let mut played = Played {
        fault: None,
        used_ms: [0, 0],
        moves: Vec::new(),
        move_ms: Vec::new(),
        seated: [0, 0],
    };
    for &m in opening {
        played.moves.push(G::protocol(m));
        played.move_ms.push(0);
        game.play(m);
    }
    // Brains whose last move the judge seated elsewhere, or that have not seen the opening:
    // their next turn is a BOARD.
    let mut resync = [!opening.is_empty(); 2];
    let mut running: Vec<Running<'a, G>> = Vec::new();
    for (i, seat) in seats.into_iter().enumerate() {
        match seat {
            Seat::Bot(cmd) => match start_bot(cmd, preamble, i) {
                Ok(p) => running.push(Running::Bot(p)),
                Err(e) => {
                    played.fault = Some(Failure::runtime_error(i, e));
                    finish(&mut running);
                    return played;
                }
            },
            Seat::Gomocup(cmd, setup) => match start_gomocup(cmd, setup, clocks_ms[i]) {
                Ok(p) => running.push(Running::Gomocup(p)),
                Err(e) => {
                    played.fault = Some(Failure::runtime_error(i, e));
                    finish(&mut running);
                    return played;
                }
            },
            Seat::Builtin(f) => running.push(Running::Builtin(f)),
        }
    }
    let mut clock = clocks_ms.map(|c| c as i64);
    let mut last: Option<(String, u64)> = None;
    while !game.is_over() {
        let me = game.to_move();
        let (my_clock, their_clock) = (clock[me], clock[1 - me]);
        let thinking = Instant::now();
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
                    (Err(e), _) => Err(Failure::runtime_error(
                        me,
                        format!("could not send TURN: {e}"),
                    )),
                    (_, Recv::Line(l)) => parse_answer(game, &l, me),
                    (_, Recv::Timeout) => Err(Failure::clock(
                        me,
                        format!("no answer within {my_clock} ms"),
                    )),
                    (_, Recv::Closed) => Err(Failure::runtime_error(me, "output closed")),
                };
                let took = start.elapsed().as_millis() as u64;
                let answer = if answer.is_ok() && took as i64 > my_clock {
                    Err(Failure::clock(
                        me,
                        format!("answered after {took} ms with {my_clock} ms left"),
                    ))
                } else {
                    answer
                };
                (answer, took)
            }
            Running::Gomocup(proc) => match game.forced_pass() {
                // Gomocup cannot say a pass: the judge plays it, and the brain learns the
                // position from the BOARD of its next turn.
                Some(pass) => {
                    resync[me] = true;
                    (Ok(pass), 0)
                }
                None => {
                    let after_pass = last
                        .as_ref()
                        .is_some_and(|(m, _)| gomocup_point(m).is_none());
                    let turn = if resync[me] || after_pass {
                        // The whole game, this brain's stones 1 and the other's 2, in order.
                        let mut lines = vec!["BOARD".to_string()];
                        for (i, m) in played.moves.iter().enumerate() {
                            if let Some(p) = gomocup_point(m) {
                                lines.push(format!("{p},{}", 1 + usize::from(i % 2 != me)));
                            }
                        }
                        lines.push("DONE".into());
                        lines.join("\n")
                    } else {
                        match last.as_ref().and_then(|(m, _)| gomocup_point(m)) {
                            None => "BEGIN".to_string(),
                            Some(p) => format!("TURN {p}"),
                        }
                    };
                    let _ = proc.send_line(&format!("INFO time_left {my_clock}"));
                    let start = Instant::now();
                    let answer = match proc.send_line(&turn) {
                        Err(e) => Err(Failure::runtime_error(
                            me,
                            format!("could not send {turn}: {e}"),
                        )),
                        Ok(()) => gomocup_answer(proc, game, start, my_clock, me),
                    };
                    resync[me] = matches!(answer, Ok((_, true)));
                    played.seated[me] += u32::from(resync[me]);
                    (answer.map(|(m, _)| m), start.elapsed().as_millis() as u64)
                }
            },
        };
        clock[me] -= took as i64;
        played.used_ms[me] += took;
        match answer {
            Ok(m) => {
                played.moves.push(G::protocol(m));
                let ms = match running[me] {
                    Running::Builtin(_) => thinking.elapsed().as_millis() as u64,
                    _ => took,
                };
                played.move_ms.push(ms);
                game.play(m);
                last = Some((G::protocol(m), took));
            }
            Err(fault) => {
                played.fault = Some(fault);
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
        Recv::Closed => Err("output closed before OK (the bot exited)".into()),
        Recv::Timeout => Err(format!("no OK within {READY_MS} ms")),
    }
}

/// Starts a Gomocup brain: its setup lines and the clock's `INFO` lines, then `OK`.
fn start_gomocup(cmd: &BotCommand, setup: &[String], clock_ms: u64) -> Result<BotProcess, String> {
    if setup.is_empty() {
        return Err(format!("{cmd}: this game has no Gomocup form"));
    }
    let mut p = BotProcess::spawn(cmd).map_err(|e| format!("cannot start {cmd}: {e}"))?;
    let mut lines = setup.to_vec();
    lines.extend([
        format!("INFO timeout_match {clock_ms}"),
        format!("INFO timeout_turn {clock_ms}"),
        "INFO max_memory 1073741824".to_string(),
        "INFO game_type 1".to_string(),
    ]);
    // START comes first and is answered at once; the INFO lines after it are not answered.
    for line in &lines {
        p.send_line(line)
            .map_err(|e| format!("could not send {line:?}: {e}"))?;
    }
    let deadline = Instant::now() + Duration::from_millis(READY_MS);
    match next_gomocup_line(&mut p, deadline) {
        Recv::Line(l) if l.trim().eq_ignore_ascii_case("OK") => {}
        Recv::Line(l) => return Err(format!("answered {:?} with {l:?}", setup[0])),
        Recv::Closed => return Err("output closed before OK (the brain exited)".into()),
        Recv::Timeout => return Err(format!("no OK within {READY_MS} ms")),
    }
    // The INFO lines are not answered: ABOUT, which is, says when they have been read.
    p.send_line("ABOUT")
        .map_err(|e| format!("could not send ABOUT: {e}"))?;
    let deadline = Instant::now() + Duration::from_millis(READY_MS);
    match next_gomocup_line(&mut p, deadline) {
        Recv::Line(_) => Ok(p),
        Recv::Closed => Err("output closed before answering ABOUT (the brain exited)".into()),
        Recv::Timeout => Err(format!("no answer to ABOUT within {READY_MS} ms")),
    }
}

/// The next line of a Gomocup brain that is not a `MESSAGE`, `DEBUG` or `SUGGEST` line, by
/// `deadline`.
fn next_gomocup_line(p: &mut BotProcess, deadline: Instant) -> Recv {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match p.recv_line(left + Duration::from_millis(1)) {
            Recv::Line(l) => {
                let word = l
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_ascii_uppercase();
                if !matches!(word.as_str(), "MESSAGE" | "DEBUG" | "SUGGEST") {
                    return Recv::Line(l);
                }
                if Instant::now() > deadline {
                    return Recv::Timeout;
                }
            }
            other => return other,
        }
    }
}

/// A protocol move `x y` (1-based row, column) as Gomocup's `col,row` (0-based); `None` for a
/// pass or anything else.
fn gomocup_point(m: &str) -> Option<String> {
    let mut it = m.split_whitespace().map(|v| v.parse::<i64>());
    match (it.next(), it.next()) {
        (Some(Ok(x)), Some(Ok(y))) if x >= 1 && y >= 1 => Some(format!("{},{}", y - 1, x - 1)),
        _ => None,
    }
}

/// A Gomocup brain's answer to `BEGIN`/`TURN`/`BOARD` sent at `start`, within `my_clock` ms,
/// and whether the judge seated it elsewhere ([`Referee::seat_move`]).
fn gomocup_answer<G: Referee>(
    p: &mut BotProcess,
    game: &G,
    start: Instant,
    my_clock: i64,
    me: usize,
) -> Result<(G::Move, bool), Failure> {
    let deadline = start + Duration::from_millis(my_clock.max(0) as u64);
    let line = match next_gomocup_line(p, deadline) {
        Recv::Line(l) => l,
        Recv::Timeout => {
            return Err(Failure::clock(
                me,
                format!("no answer within {my_clock} ms"),
            ))
        }
        Recv::Closed => return Err(Failure::runtime_error(me, "output closed")),
    };
    let took = start.elapsed().as_millis() as i64;
    if took > my_clock {
        return Err(Failure::clock(
            me,
            format!("answered after {took} ms with {my_clock} ms left"),
        ));
    }
    let bad = || Failure::runtime_error(me, format!("malformed answer {line:?}"));
    let (c, r) = line.trim().split_once(',').ok_or_else(bad)?;
    let (c, r): (i64, i64) = (
        c.trim().parse().map_err(|_| bad())?,
        r.trim().parse().map_err(|_| bad())?,
    );
    match game.parse_move(r + 1, c + 1) {
        Ok(m) => Ok((m, false)),
        Err(e) => match game.seat_move(r + 1, c + 1) {
            Some(m) => Ok((m, true)),
            None => Err(Failure::runtime_error(
                me,
                format!("illegal move {line:?}: {e}"),
            )),
        },
    }
}

fn parse_answer<G: Referee>(game: &G, line: &str, me: usize) -> Result<G::Move, Failure> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let bad = || Failure::runtime_error(me, format!("malformed answer {line:?}"));
    let [tag, x, y] = parts[..] else {
        return Err(bad());
    };
    if tag != "MOVE" {
        return Err(bad());
    }
    let (x, y): (i64, i64) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
    game.parse_move(x, y)
        .map_err(|e| Failure::runtime_error(me, format!("illegal move {line:?}: {e}")))
}

fn finish<G: Referee>(running: &mut [Running<'_, G>]) {
    for seat in running.iter_mut() {
        let (p, bye) = match seat {
            Running::Bot(p) => (p, "FINISH"),
            Running::Gomocup(p) => (p, "END"),
            Running::Builtin(_) => continue,
        };
        let _ = p.send_line(bye);
        let _ = p.wait_exit(Duration::from_millis(1000));
    }
}
