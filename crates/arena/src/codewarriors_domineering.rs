//! An emulation of the Code Warriors Domineering-with-bombs arena (spec:
//! `shared/specs/codewarriors-domineering.md`).
//!
//! Every turn a bot is started as a new process and gets one line: its id (1 horizontal, 2
//! vertical), the 169 cells row-major (0 empty, 1 horizontal, 2 vertical), its own bomb flag,
//! each followed by a space, then a newline; stdin is never closed. The bot must print
//! `type row col` and exit within 1 s of wall time, counted here from the process's start (so
//! start-up is included). Output is read after the exit. A domino on an occupied or non-existent
//! cell, an illegal bomb (a second one, off the board, or cutting a domino), malformed or missing
//! output, or a turn past 1 s loses. After each move, the player to move next with no legal
//! move — no placement and no usable bomb — has lost.
//!
//! Reference players ([`Contestant`]): random plays a uniformly random domino, and a random bomb
//! only when it has no domino; greedy plays the domino (or, when it has none, the bomb) that
//! maximises its placements minus the opponent's afterwards, ties broken at random. Both draw
//! from the game's seed.

use crate::process::BotProcess;
use crate::record::{Cause, Failure, Record};
use crate::BotCommand;
use domineering_bomb::eval::counts;
use domineering_bomb::{Cell, Move, Player, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Board side.
pub const SIDE: usize = 13;
/// Wall time per turn, in ms, from process start to exit.
pub const TURN_MS: u64 = 1_000;

pub use crate::Contestant;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The loser had no legal move.
    NoMove,
    /// The loser's process did not exit within the turn's time.
    TimeLimit(String),
    /// The loser answered with a malformed line or an illegal move, or could not be run.
    Invalid(String),
}

/// One game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's seed (random players draw from it).
    pub seed: u64,
    /// The winner.
    pub winner: Player,
    /// How it ended.
    pub end: End,
    /// The moves, in the bots' `type row col` form.
    pub moves: Vec<String>,
    /// The slowest turn of each player that is a bot, start to exit, in ms (horizontal,
    /// vertical); 0 for built-in players.
    pub slowest_ms: [u64; 2],
    /// Bombs used (horizontal, vertical).
    pub bombed: [bool; 2],
    /// The ms each move took (bots: process start to exit).
    pub move_ms: Vec<u64>,
}

impl GameRecord {
    /// This game as a [`Record`] of game `game`, `players` by seat (horizontal, vertical),
    /// player A in seat `a_seat`.
    pub fn record(&self, game: usize, players: [String; 2], a_seat: usize) -> Record {
        let loser = self.winner.opponent() as usize;
        let failure = |cause, detail: &String| {
            Some(Failure {
                seat: loser,
                cause,
                detail: detail.clone(),
            })
        };
        Record {
            clock_ms: None,
            seated: None,
            contest: "codewarriors-domineering".into(),
            game,
            seed: self.seed as i64,
            opening: None,
            players,
            a_seat,
            moves: crate::alphano::timed_moves(&self.moves, &self.move_ms),
            winner: Some(self.winner as usize),
            reason: match &self.end {
                End::NoMove => "no move".into(),
                End::TimeLimit(s) => format!("time limit: {s}"),
                End::Invalid(s) => format!("invalid: {s}"),
            },
            failure: match &self.end {
                End::NoMove => None,
                End::TimeLimit(s) => failure(Cause::Clock, s),
                End::Invalid(s) => failure(Cause::of_runtime_error(s), s),
            },
        }
    }
}

/// The contest's input line for `player` to move in `pos` (its bomb flag from `pos`).
pub fn input_line(pos: &Position, player: Player) -> String {
    let mut s = format!("{} ", player.id());
    for cell in pos.cells() {
        s.push_str(match cell {
            Cell::Empty => "0 ",
            Cell::Horizontal => "1 ",
            Cell::Vertical => "2 ",
            Cell::Blocked => unreachable!("Code Warriors boards have no blocked cells"),
        });
    }
    s.push_str(if pos.has_bomb(player) { "1 " } else { "0 " });
    s
}

/// The greedy reference move, `None` when there is no legal move: the domino (or, with none, the
/// bomb) that maximises its placements minus the opponent's afterwards, ties broken at random
/// by `rng` (so a match against greedy is not one game repeated).
pub fn greedy_move(p: &Position, rng: &mut StdRng) -> Option<Move> {
    let me = p.to_move();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let has_domino = moves.iter().any(|m| matches!(m, Move::Place { .. }));
    let mut scratch = p.clone();
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i32::MIN;
    for m in moves {
        if has_domino && matches!(m, Move::Bomb { .. }) {
            continue;
        }
        scratch.play_unchecked(m);
        let c = counts(&scratch);
        scratch.unplay(m);
        let v = c.moves[me as usize] - c.moves[me.opponent() as usize];
        if v > best_value {
            best_value = v;
            best.clear();
        }
        if v == best_value {
            best.push(m);
        }
    }
    (!best.is_empty()).then(|| best[rng.random_range(0..best.len())])
}

/// The random reference move, `None` when there is no legal move.
pub fn random_move(p: &Position, rng: &mut StdRng) -> Option<Move> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let dominoes: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Place { .. }))
        .collect();
    let pool = if dominoes.is_empty() { moves } else { dominoes };
    (!pool.is_empty()).then(|| pool[rng.random_range(0..pool.len())])
}

/// Parses a bot's answer `type row col` as a legal move in `pos`.
pub fn parse_answer(pos: &Position, text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [t, r, c] = parts[..] else {
        return Err(format!(
            "malformed answer {text:?}: expected `type row col`"
        ));
    };
    let num = |s: &str| {
        s.parse::<i64>()
            .map_err(|_| format!("malformed answer {text:?}"))
    };
    let (t, r, c) = (num(t)?, num(r)?, num(c)?);
    if !(0..SIDE as i64).contains(&r) || !(0..SIDE as i64).contains(&c) {
        return Err(format!("answer {text:?}: cell off the board"));
    }
    let mv = match t {
        1 => Move::Place {
            row: r as u8,
            col: c as u8,
        },
        2 => Move::Bomb {
            row: r as u8,
            col: c as u8,
        },
        _ => return Err(format!("answer {text:?}: type must be 1 or 2")),
    };
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(format!("answer {text:?} is an illegal move"))
    }
}

/// Runs one turn of a bot: start, write the line, wait for the exit, read the answer. Returns
/// the move (or why the turn is lost) and the turn's wall time in ms.
pub fn bot_turn(cmd: &BotCommand, pos: &Position) -> (Result<Move, End>, u64) {
    let start = Instant::now();
    let mut proc = match BotProcess::spawn(cmd) {
        Ok(p) => p,
        Err(e) => return (Err(End::Invalid(format!("cannot start {cmd}: {e}"))), 0),
    };
    // The arena writes one line and never closes stdin.
    let _ = proc.send_line(&input_line(pos, pos.to_move()));
    let limit = Duration::from_millis(TURN_MS);
    let status = proc.wait_exit(limit.saturating_sub(start.elapsed()));
    let took = start.elapsed().as_millis() as u64;
    let Some(_) = status else {
        return (
            Err(End::TimeLimit(format!("still running after {TURN_MS} ms"))),
            took,
        );
    };
    if took > TURN_MS {
        return (Err(End::TimeLimit(format!("exited after {took} ms"))), took);
    }
    let lines = proc.remaining_lines(Duration::from_millis(200));
    let text = lines.join(" ");
    (parse_answer(pos, &text).map_err(End::Invalid), took)
}

/// Plays game `seed` between `first` (horizontal, moves first) and `second` (vertical).
pub fn play_game(first: &Contestant, second: &Contestant, seed: u64) -> GameRecord {
    play_game_from(first, second, seed, 0)
}

/// [`play_game`] after an opening of `plies` random dominoes, drawn from `seed` alone (so the
/// two games of a pair, which share their seed, open alike) and played by the judge for both
/// sides: the Code Warriors protocol hands each turn the whole board, so a bot meets a
/// mid-game position as it would any other. Gives deterministic engines games that differ.
pub fn play_game_from(
    first: &Contestant,
    second: &Contestant,
    seed: u64,
    plies: usize,
) -> GameRecord {
    let mut pos = Position::new(SIDE, SIDE, true);
    let mut opening = Vec::new();
    let mut draw = StdRng::seed_from_u64(seed ^ 0x6f70_656e_696e_6773);
    for _ in 0..plies {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.retain(|m| matches!(m, Move::Place { .. }));
        if moves.is_empty() {
            break;
        }
        let mv = moves[draw.random_range(0..moves.len())];
        opening.push(mv.to_string());
        pos.play_unchecked(mv);
    }
    let mut rngs = [
        StdRng::seed_from_u64(seed.wrapping_mul(2)),
        StdRng::seed_from_u64(seed.wrapping_mul(2) + 1),
    ];
    let mut rec = GameRecord {
        seed,
        winner: Player::Horizontal,
        end: End::NoMove,
        move_ms: vec![0; opening.len()],
        moves: opening,
        slowest_ms: [0, 0],
        bombed: [false, false],
    };
    let players = [first, second];
    loop {
        let me = pos.to_move();
        let i = me as usize;
        if !pos.has_move() {
            rec.winner = me.opponent();
            rec.end = End::NoMove;
            return rec;
        }
        let thinking = Instant::now();
        let mut took = None;
        let answer = match players[i] {
            Contestant::Bot(cmd) => {
                let (a, t) = bot_turn(cmd, &pos);
                rec.slowest_ms[i] = rec.slowest_ms[i].max(t);
                took = Some(t);
                a
            }
            Contestant::Gomocup(cmd) => Err(End::Invalid(format!(
                "{cmd}: a Gomocup brain cannot play Code Warriors Domineering"
            ))),
            Contestant::Greedy => greedy_move(&pos, &mut rngs[i]).ok_or(End::NoMove),
            Contestant::Random => random_move(&pos, &mut rngs[i]).ok_or(End::NoMove),
        };
        match answer {
            Ok(mv) => {
                if matches!(mv, Move::Bomb { .. }) {
                    rec.bombed[i] = true;
                }
                rec.moves.push(mv.to_string());
                rec.move_ms
                    .push(took.unwrap_or(thinking.elapsed().as_millis() as u64));
                pos.play_unchecked(mv);
            }
            Err(end) => {
                rec.winner = me.opponent();
                rec.end = end;
                return rec;
            }
        }
    }
}

/// A match in the Code Warriors arena between A and B (sides swapped every game unless pinned).
#[derive(Clone, Debug)]
pub struct CodeWarriorsMatch {
    /// The players and seeds.
    pub pairing: crate::contest::Pairing,
    /// Random dominoes the judge plays before the players take over ([`play_game_from`]).
    pub opening_plies: usize,
}

impl crate::contest::Contest for CodeWarriorsMatch {
    fn name(&self) -> &'static str {
        "codewarriors-domineering"
    }
    fn names(&self) -> [&str; 2] {
        self.pairing.names()
    }
    fn game(&self, k: usize) -> Record {
        let (a_seat, seed, players, names) = self.pairing.seats(k);
        let game = play_game_from(players[0], players[1], seed, self.opening_plies);
        let mut record = game.record(k, names, a_seat);
        if self.opening_plies > 0 {
            record.opening =
                Some(game.moves[..self.opening_plies.min(game.moves.len())].join(", "));
        }
        record
    }
}

/// The registry's entry ([`crate::registry`]) of Code Warriors Domineering.
pub const ENTRY: crate::contest::Entry = crate::contest::Entry {
    name: "codewarriors-domineering",
    about: "Code Warriors 13×13 Domineering with bombs (a process per turn, 1 s each), any two \
            players",
    clock_ms: None,
    making: crate::contest::Making::AnyTwo(pairing_match),
    draw: draw_codewarriors,
};

/// The match of `pairing`, each pair of games opened with `req`'s random dominoes.
pub fn pairing_match(
    pairing: crate::contest::Pairing,
    req: &crate::contest::MatchRequest,
) -> Result<Box<dyn crate::contest::Contest>, String> {
    req.no_boards("codewarriors-domineering")?;
    Ok(Box::new(CodeWarriorsMatch {
        pairing,
        opening_plies: req.opening_plies,
    }))
}

/// Code Warriors: the dominoes, bomb areas dashed.
pub fn draw_codewarriors(rec: &Record, p: &mut crate::view::Picture) -> Result<(), String> {
    use crate::view::{moves_of, Domino};
    let moves = moves_of(rec, p);

    use domineering_bomb::{Move, Player, Position};
    let mut pos = Position::new(SIDE, SIDE, true);
    (p.rows, p.cols) = (SIDE, SIDE);
    for (i, mv) in moves.enumerate() {
        let seat = pos.to_move() as usize;
        let m = parse_answer(&pos, mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        match m {
            Move::Place { row, col } => p.dominoes.push(Domino {
                row: row as usize,
                col: col as usize,
                vertical: pos.to_move() == Player::Vertical,
                seat,
                number: i + 1,
            }),
            Move::Bomb { row, col } => {
                let (r0, c0) = (row as usize, col as usize);
                let inside =
                    |r: usize, c: usize| (r0..r0 + 5).contains(&r) && (c0..c0 + 5).contains(&c);
                p.dominoes.retain(|d| !inside(d.row, d.col));
                p.bombs.push((r0, c0, seat, i + 1));
            }
        }
        pos.play_unchecked(m);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_line_has_171_integers_and_a_trailing_space() {
        let mut p = Position::new(SIDE, SIDE, true);
        p.play_unchecked(Move::Place { row: 0, col: 0 });
        let line = input_line(&p, Player::Vertical);
        assert!(line.ends_with(' '));
        let v: Vec<u8> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(v.len(), 171);
        assert_eq!(v[0], 2);
        assert_eq!(&v[1..4], &[1, 1, 0]);
        assert_eq!(v[170], 1);
    }

    #[test]
    fn answers_are_checked() {
        let p = Position::new(SIDE, SIDE, true);
        assert!(parse_answer(&p, "1 10 10").is_ok());
        assert!(parse_answer(&p, "1 0 12").is_err()); // the domino leaves the board
        assert!(parse_answer(&p, "2 8 8").is_ok());
        assert!(parse_answer(&p, "2 9 0").is_err());
        assert!(parse_answer(&p, "3 0 0").is_err());
        assert!(parse_answer(&p, "1 0").is_err());
        assert!(parse_answer(&p, "").is_err());
        assert!(parse_answer(&p, "1 -1 0").is_err());
    }

    #[test]
    fn a_random_opening_is_the_same_for_both_games_of_a_pair_and_differs_between_pairs() {
        let a = play_game_from(&Contestant::Greedy, &Contestant::Random, 11, 6);
        let b = play_game_from(&Contestant::Random, &Contestant::Greedy, 11, 6);
        let c = play_game_from(&Contestant::Greedy, &Contestant::Random, 12, 6);
        assert_eq!(a.moves[..6], b.moves[..6]);
        assert_ne!(a.moves[..6], c.moves[..6]);
        assert!(
            a.moves[..6].iter().all(|m| m.starts_with("1 ")),
            "dominoes only"
        );
        assert_eq!(a.move_ms[..6], [0; 6]);
        // Without an opening the built-in players' first move is their own.
        let d = play_game_from(&Contestant::Greedy, &Contestant::Random, 11, 0);
        assert_eq!(
            d.moves,
            play_game(&Contestant::Greedy, &Contestant::Random, 11).moves
        );
    }

    #[test]
    fn builtin_players_finish_games() {
        let g = play_game(&Contestant::Greedy, &Contestant::Random, 3);
        assert_eq!(g.end, End::NoMove);
        assert!(g.moves.len() > 20);
        // Replaying the moves reaches a position where the loser has no move.
        let mut p = Position::new(SIDE, SIDE, true);
        for m in &g.moves {
            let mv = parse_answer(&p, m).expect("a legal move");
            p.play_unchecked(mv);
        }
        assert!(!p.has_move());
        assert_eq!(p.to_move(), g.winner.opponent());
    }
}
