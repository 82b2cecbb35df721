//! The ALPHANO scored-Domineering judge (spec: `shared/specs/alphano-domineering.md`).
//!
//! Board values are drawn per game from a seed. A bot receives the 8 value lines and
//! `READY FIRST|SECOND` (answer `OK` within 3000 ms); then `TURN my_time opp_time` on its turns
//! (answer `MOVE x y` or `MOVE -1 -1` within `my_time`), `OPP x y time` after the opponent's
//! moves, and `FINISH` at the end. Each clock starts at 10,000 ms for the whole game. An answer past
//! the clock is TLE; a malformed line or an illegal move is RE; either loses the game.
//!
//! Reference players ([`Contestant`]): random plays a uniformly random placement (passing only
//! when it has none), seeded per game; greedy plays the placement with the most immediate points
//! (the first on ties) and passes when it has none.

use crate::process::{BotProcess, Recv};
use crate::BotCommand;
use domineering::{Move, Player, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Each player's whole-game clock, in ms.
pub const CLOCK_MS: u64 = 10_000;
/// Time to answer `READY` with `OK`, in ms.
pub const READY_MS: u64 = 3_000;

pub use crate::Contestant;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Played to the end; the higher score won.
    Scores,
    /// The loser answered past its clock.
    TimeLimit(String),
    /// The loser answered with a malformed line or an illegal move, or crashed.
    RuntimeError(String),
}

/// One game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The board's seed.
    pub seed: u64,
    /// The winner.
    pub winner: Player,
    /// How it ended.
    pub end: End,
    /// Final scores in half-points (FIRST, SECOND).
    pub scores: [i32; 2],
    /// Clock each player used, in ms (FIRST, SECOND).
    pub used_ms: [u64; 2],
    /// The moves, in protocol form.
    pub moves: Vec<String>,
}

/// The board values of game `seed`: uniform in 0..=3.
pub fn board_values(seed: u64) -> [[u8; 8]; 8] {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut v = [[0u8; 8]; 8];
    for row in v.iter_mut() {
        for x in row.iter_mut() {
            *x = rng.random_range(0..=3);
        }
    }
    v
}

/// The greedy reference move.
pub fn greedy_move(p: &Position) -> Move {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let step = if p.to_move() == Player::First { 1 } else { 8 };
    moves
        .into_iter()
        .filter_map(|m| match m {
            Move::Place(c) => Some((p.value(c as usize) + p.value(c as usize + step), m)),
            Move::Pass => None,
        })
        .fold(None, |best: Option<(u8, Move)>, (v, m)| match best {
            Some((bv, _)) if bv >= v => best,
            _ => Some((v, m)),
        })
        .map_or(Move::Pass, |(_, m)| m)
}

fn random_move(p: &Position, rng: &mut StdRng) -> Move {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.pop(); // the pass: only when nothing else is legal
    if moves.is_empty() {
        Move::Pass
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

/// A seat at the table: a running bot or a built-in player.
enum Seat {
    Bot(BotProcess),
    Builtin(Contestant, Box<StdRng>),
}

/// Plays game `seed` between `first` (horizontal) and `second` (vertical).
pub fn play_game(first: &Contestant, second: &Contestant, seed: u64) -> GameRecord {
    let values = board_values(seed);
    let mut pos = Position::new(values);
    let mut rec = GameRecord {
        seed,
        winner: Player::First,
        end: End::Scores,
        scores: [0, 5],
        used_ms: [0, 0],
        moves: Vec::new(),
    };
    let board_text: Vec<String> = values
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut seats = Vec::new();
    for (i, c) in [first, second].into_iter().enumerate() {
        let player = if i == 0 {
            Player::First
        } else {
            Player::Second
        };
        let seat = match c {
            Contestant::Bot(cmd) => match start_bot(cmd, &board_text, player) {
                Ok(p) => Seat::Bot(p),
                Err(e) => {
                    rec.winner = player.opponent();
                    rec.end = End::RuntimeError(e);
                    return rec;
                }
            },
            other => Seat::Builtin(
                other.clone(),
                Box::new(StdRng::seed_from_u64(seed ^ (i as u64 + 1))),
            ),
        };
        seats.push(seat);
    }
    let mut clock = [CLOCK_MS as i64, CLOCK_MS as i64];
    let mut last: Option<(Move, u64)> = None;
    while !pos.is_over() {
        let me = pos.to_move() as usize;
        let (them_clock, my_clock) = (clock[1 - me], clock[me]);
        let (mv, took) = match &mut seats[me] {
            Seat::Builtin(kind, rng) => {
                let mv = match kind {
                    Contestant::Greedy => greedy_move(&pos),
                    _ => random_move(&pos, rng),
                };
                (Ok(mv), 0)
            }
            Seat::Bot(proc) => {
                if let Some((m, t)) = last {
                    let _ = proc.send_line(&format!("OPP {m} {t}"));
                }
                let start = Instant::now();
                let sent = proc.send_line(&format!("TURN {my_clock} {them_clock}"));
                let answer = match (
                    sent,
                    proc.recv_line(Duration::from_millis(my_clock.max(0) as u64 + 1)),
                ) {
                    (Err(e), _) => Err(End::RuntimeError(format!("could not send TURN: {e}"))),
                    (_, Recv::Line(l)) => parse_move(&pos, &l),
                    (_, Recv::Timeout) => {
                        Err(End::TimeLimit(format!("no answer within {my_clock} ms")))
                    }
                    (_, Recv::Closed) => Err(End::RuntimeError("output closed".into())),
                };
                let took = start.elapsed().as_millis() as u64;
                let answer = if answer.is_ok() && took as i64 > my_clock {
                    Err(End::TimeLimit(format!(
                        "answered after {took} ms with {my_clock} ms left"
                    )))
                } else {
                    answer
                };
                (answer, took)
            }
        };
        clock[me] -= took as i64;
        rec.used_ms[me] += took;
        match mv {
            Ok(m) => {
                rec.moves.push(m.to_string());
                pos.play(m);
                last = Some((m, took));
            }
            Err(end) => {
                rec.winner = if me == 0 {
                    Player::Second
                } else {
                    Player::First
                };
                rec.end = end;
                finish(&mut seats);
                return rec;
            }
        }
    }
    rec.scores = [pos.score(Player::First), pos.score(Player::Second)];
    rec.winner = pos.winner().expect("finished");
    finish(&mut seats);
    rec
}

fn start_bot(cmd: &BotCommand, board: &[String], player: Player) -> Result<BotProcess, String> {
    let mut p = BotProcess::spawn(cmd).map_err(|e| format!("cannot start {cmd}: {e}"))?;
    for line in board {
        p.send_line(line)
            .map_err(|e| format!("could not send the board: {e}"))?;
    }
    let side = if player == Player::First {
        "FIRST"
    } else {
        "SECOND"
    };
    p.send_line(&format!("READY {side}"))
        .map_err(|e| format!("could not send READY: {e}"))?;
    match p.recv_line(Duration::from_millis(READY_MS)) {
        Recv::Line(l) if l.trim() == "OK" => Ok(p),
        Recv::Line(l) => Err(format!("answered READY with {l:?}")),
        _ => Err("no OK within 3000 ms".into()),
    }
}

fn parse_move(pos: &Position, line: &str) -> Result<Move, End> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let bad = || End::RuntimeError(format!("malformed answer {line:?}"));
    let [tag, x, y] = parts[..] else {
        return Err(bad());
    };
    if tag != "MOVE" {
        return Err(bad());
    }
    let (x, y): (i64, i64) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
    pos.parse_move(x, y)
        .map_err(|e| End::RuntimeError(format!("illegal move {line:?}: {e}")))
}

fn finish(seats: &mut [Seat]) {
    for seat in seats.iter_mut() {
        if let Seat::Bot(p) = seat {
            let _ = p.send_line("FINISH");
            let _ = p.wait_exit(Duration::from_millis(1000));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_takes_the_most_points_and_builtins_finish_games() {
        let mut v = [[0u8; 8]; 8];
        v[3][4] = 3;
        v[3][5] = 3;
        let p = Position::new(v);
        assert_eq!(greedy_move(&p), Move::Place(3 * 8 + 4));
        let r = play_game(&Contestant::Greedy, &Contestant::Random, 5);
        assert_eq!(r.end, End::Scores);
        assert!(r.scores[0] + r.scores[1] > 5);
    }

    #[test]
    fn misbehaving_bots_lose_by_re_or_tle() {
        let sh = |s: &str| Contestant::Bot(BotCommand::new("sh").with_args(["-c", s]));
        let skip = "for i in 1 2 3 4 5 6 7 8 9; do read l; done; echo OK; read t;";
        let r = play_game(
            &sh(&format!("{skip} echo MOVE 1 8")),
            &Contestant::Greedy,
            1,
        );
        assert!(
            matches!(r.end, End::RuntimeError(_)) && r.winner == Player::Second,
            "{:?}",
            r.end
        );
        let r = play_game(&sh(&format!("{skip} echo hello")), &Contestant::Greedy, 1);
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
        let r = play_game(&sh("read l; echo NOPE"), &Contestant::Greedy, 1);
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
    }
}
