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

use crate::alphano::{self, Seat};
use crate::record::Record;
use crate::record::{Cause, Failure};
use domineering::scored::{Move, Position, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Each player's whole-game clock, in ms.
pub const CLOCK_MS: u64 = 10_000;
pub use crate::alphano::READY_MS;

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
    /// The board's seed (and the built-in players').
    pub seed: u64,
    /// The board's cell values, row by row.
    pub values: [[u8; 8]; 8],
    /// The winner.
    pub winner: Side,
    /// How it ended.
    pub end: End,
    /// Final scores in half-points (FIRST, SECOND).
    pub scores: [i32; 2],
    /// Clock each player used, in ms (FIRST, SECOND).
    pub used_ms: [u64; 2],
    /// Each seat's whole-game clock in ms (FIRST, SECOND).
    pub clock_ms: [u64; 2],
    /// The moves, in protocol form.
    pub moves: Vec<String>,
    /// The ms each move took.
    pub move_ms: Vec<u64>,
}

impl GameRecord {
    /// This game as a [`Record`] of game `game`, `players` by seat (FIRST, SECOND), player A in
    /// seat `a_seat`; the opening is the board: its 64 cell values, row by row.
    pub fn record(&self, game: usize, players: [String; 2], a_seat: usize) -> Record {
        let winner = self.winner as usize;
        // The loser's fault, in the ALPHANO judge's two kinds.
        let failure = match &self.end {
            End::Scores => None,
            End::TimeLimit(s) => Some(Failure::clock(1 - winner, s.clone())),
            End::RuntimeError(s) => Some(Failure::runtime_error(1 - winner, s.clone())),
        };
        Record {
            contest: "alphano-domineering".into(),
            game,
            seed: self.seed as i64,
            opening: Some(
                self.values
                    .iter()
                    .flatten()
                    .map(|v| char::from(b'0' + v))
                    .collect(),
            ),
            players,
            a_seat,
            moves: alphano::timed_moves(&self.moves, &self.move_ms),
            winner: Some(winner),
            reason: failure.as_ref().map_or_else(
                || format!("scores {}-{} half-points", self.scores[0], self.scores[1]),
                Failure::verdict,
            ),
            failure,
            clock_ms: Some(self.clock_ms),
            seated: None,
        }
    }
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
    let step = if p.to_move() == Side::First { 1 } else { 8 };
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

impl crate::alphano::Referee for Position {
    type Move = Move;
    fn protocol(mv: Move) -> String {
        mv.to_string()
    }
    fn to_move(&self) -> usize {
        Position::to_move(self) as usize
    }
    fn is_over(&self) -> bool {
        Position::is_over(self)
    }
    fn parse_move(&self, x: i64, y: i64) -> Result<Move, String> {
        Position::parse_move(self, x, y).map_err(|e| e.to_string())
    }
    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }
}

fn seat(i: usize, c: &Contestant, seed: u64) -> Seat<'_, Position> {
    let mut rng = StdRng::seed_from_u64(seed ^ (i as u64 + 1));
    match c {
        Contestant::Bot(cmd) => Seat::Bot(cmd),
        Contestant::Gomocup(cmd) => Seat::Gomocup(cmd, &[]),
        Contestant::Greedy => Seat::Builtin(Box::new(greedy_move)),
        Contestant::Random => Seat::Builtin(Box::new(move |p| random_move(p, &mut rng))),
    }
}

/// Plays game `seed` between `first` (horizontal) and `second` (vertical) at the judge's clock.
pub fn play_game(first: &Contestant, second: &Contestant, seed: u64) -> GameRecord {
    play_on(first, second, seed, board_values(seed), [CLOCK_MS; 2])
}

/// Boards from a text: one board a line, its 64 cell values 0–3 row by row (white space
/// between them allowed); blank lines and lines starting with `#` are skipped.
///
/// Errors: a line without exactly 64 values 0–3 (its 1-based number is named), or no board.
pub fn parse_boards(text: &str) -> Result<Vec<[[u8; 8]; 8]>, String> {
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let digits: Vec<u8> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '0'..='3' => Ok(c as u8 - b'0'),
                _ => Err(format!("line {}: {c:?} is not a cell value 0-3", i + 1)),
            })
            .collect::<Result<_, _>>()?;
        if digits.len() != 64 {
            return Err(format!(
                "line {}: {} values, expected 64",
                i + 1,
                digits.len()
            ));
        }
        let mut b = [[0u8; 8]; 8];
        for (k, v) in digits.into_iter().enumerate() {
            b[k / 8][k % 8] = v;
        }
        boards.push(b);
    }
    if boards.is_empty() {
        return Err("no boards".into());
    }
    Ok(boards)
}

/// Plays a game on the board `values` between `first` (horizontal) and `second` (vertical),
/// with whole-game clocks of `clocks_ms` ms (FIRST's, SECOND's; the judge's are [`CLOCK_MS`]);
/// `seed` seeds the built-in players.
pub fn play_on(
    first: &Contestant,
    second: &Contestant,
    seed: u64,
    values: [[u8; 8]; 8],
    clocks_ms: [u64; 2],
) -> GameRecord {
    let mut pos = Position::new(values);
    let board_text: Vec<String> = values
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let played = alphano::play(
        &mut pos,
        [seat(0, first, seed), seat(1, second, seed)],
        &board_text,
        clocks_ms,
        &[],
    );
    let mut rec = GameRecord {
        seed,
        values,
        winner: Side::First,
        end: End::Scores,
        scores: [pos.score(Side::First), pos.score(Side::Second)],
        used_ms: played.used_ms,
        clock_ms: clocks_ms,
        moves: played.moves,
        move_ms: played.move_ms,
    };
    match played.fault {
        Some(fault) => {
            rec.winner = if fault.seat == 0 {
                Side::Second
            } else {
                Side::First
            };
            rec.end = match fault.cause {
                Cause::Clock => End::TimeLimit(fault.detail),
                _ => End::RuntimeError(fault.detail),
            };
        }
        None => rec.winner = pos.winner().expect("finished"),
    }
    rec
}

/// A match of ALPHANO Domineering between A and B: each pair of games on one board (from
/// `boards`, cycling, or drawn from the pair's seed), sides swapped.
#[derive(Clone, Debug)]
pub struct DomineeringMatch {
    /// The players, seed and seat.
    pub pairing: crate::contest::Pairing,
    /// Boards for pair 0, 1, … (cycling); empty: each board from its game's seed.
    pub boards: Vec<[[u8; 8]; 8]>,
}

impl crate::contest::Contest for DomineeringMatch {
    fn name(&self) -> &'static str {
        "alphano-domineering"
    }
    fn names(&self) -> [&str; 2] {
        self.pairing.names()
    }
    fn clocks_ms(&self) -> Option<[u64; 2]> {
        Some(self.pairing.clocks(CLOCK_MS))
    }
    fn game(&self, k: usize) -> Record {
        let (a_seat, seed, players, names) = self.pairing.seats(k);
        let clocks = self.pairing.seat_clocks(a_seat, CLOCK_MS);
        let pair = (seed - self.pairing.seed) as usize;
        let values = if self.boards.is_empty() {
            board_values(seed)
        } else {
            self.boards[pair % self.boards.len()]
        };
        play_on(players[0], players[1], seed, values, clocks).record(k, names, a_seat)
    }
}

/// The registry's entry ([`crate::registry`]) of ALPHANO Domineering.
pub const ENTRY: crate::contest::Entry = crate::contest::Entry {
    name: "alphano-domineering",
    about: "ALPHANO scored 8×8 Domineering (10 s whole-game clocks), any two players",
    clock_ms: Some(CLOCK_MS),
    making: crate::contest::Making::AnyTwo(pairing_match),
    draw: draw_domineering,
};

/// The match of `pairing` on the boards of `req`'s `--boards` file (pair k on board k,
/// cycling), or on boards drawn from the seeds.
pub fn pairing_match(
    pairing: crate::contest::Pairing,
    req: &crate::contest::MatchRequest,
) -> Result<Box<dyn crate::contest::Contest>, String> {
    req.no_opening("alphano-domineering")?;
    let boards = req.read_boards(parse_boards)?.unwrap_or_default();
    Ok(Box::new(DomineeringMatch { pairing, boards }))
}

/// ALPHANO Domineering: the dominoes over the cell values of the record's board.
pub fn draw_domineering(rec: &Record, p: &mut crate::view::Picture) -> Result<(), String> {
    use crate::view::{moves_of, two, Domino};
    let moves = moves_of(rec, p);
    use domineering::scored::{Move, Position, Side};
    let text = rec.opening.as_deref().unwrap_or_default();
    let values: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if values.len() != 64 || values.iter().any(|&v| v > 3) {
        return Err("the record's opening is not 64 cell values 0-3".into());
    }
    let mut board = [[0u8; 8]; 8];
    for (i, &v) in values.iter().enumerate() {
        board[i / 8][i % 8] = v;
    }
    let mut pos = Position::new(board);
    (p.rows, p.cols, p.values) = (8, 8, Some(values));
    for (i, mv) in moves.enumerate() {
        let (x, y) = two(mv)?;
        let seat = pos.to_move() as usize;
        let m = pos
            .parse_move(x, y)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        if let Move::Place(c) = m {
            p.dominoes.push(Domino {
                row: c as usize / 8,
                col: c as usize % 8,
                vertical: pos.to_move() == Side::Second,
                seat,
                number: i + 1,
            });
        }
        pos.play_unchecked(m);
    }
    Ok(())
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
        use crate::BotCommand;
        let sh = |s: &str| Contestant::Bot(BotCommand::new("sh").with_args(["-c", s]));
        let skip = "for i in 1 2 3 4 5 6 7 8 9; do read l; done; echo OK; read t;";
        let r = play_game(
            &sh(&format!("{skip} echo MOVE 1 8")),
            &Contestant::Greedy,
            1,
        );
        assert!(
            matches!(r.end, End::RuntimeError(_)) && r.winner == Side::Second,
            "{:?}",
            r.end
        );
        let r = play_game(&sh(&format!("{skip} echo hello")), &Contestant::Greedy, 1);
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
        let r = play_game(&sh("read l; echo NOPE"), &Contestant::Greedy, 1);
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
    }

    #[test]
    fn boards_come_from_a_file() {
        let one = "0123".repeat(16);
        let spaced: String = "3 2 1 0 ".repeat(16);
        let boards = parse_boards(&format!("# boards\n{one}\n\n{spaced}\n")).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0][0], [0, 1, 2, 3, 0, 1, 2, 3]);
        assert_eq!(boards[1][7], [3, 2, 1, 0, 3, 2, 1, 0]);
        assert!(parse_boards(&"0".repeat(63))
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_boards(&"4".repeat(64)).is_err());
        assert!(parse_boards("# nothing\n").is_err());
        // The game is played, and recorded, on the given board.
        let r = play_on(
            &Contestant::Greedy,
            &Contestant::Greedy,
            3,
            boards[0],
            [CLOCK_MS; 2],
        );
        let rec = r.record(0, ["greedy".into(), "greedy".into()], 0);
        assert_eq!(rec.opening.as_deref(), Some(one.as_str()));
    }
}
