//! The NEERC 2014 "Gomoku" judge (spec: `shared/specs/neerc-gomoku.md`): the judge's greedy player
//! ([`gomoku::neerc::JudgePlayer`], bit-exact) plays Black against the bot over the bot's stdin and
//! stdout. The judge prints its move `x y` (1-based) and reads the bot's; after the game it prints
//! `-1 -1` and the bot must exit 0. A test passes only if the bot wins within 2 s.

use crate::process::{BotProcess, Recv};
use crate::record::{Failure, Record, TimedMove};
use crate::BotCommand;
use gomoku::neerc::{JudgePlayer, Model, SIZE};
use gomoku::Color;
use std::time::{Duration, Instant};

/// The judge's time limit per game (the statement: 2 s per test).
pub const GAME_LIMIT: Duration = Duration::from_secs(2);

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The bot made five.
    BotWin,
    /// The judge made five.
    JudgeWin,
    /// The board filled up.
    Draw,
    /// The bot failed on a technicality.
    Failed(Failure),
}

/// The bot's seat: the judge moves first.
const BOT: usize = 1;

/// One game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The judge's `java.util.Random` seed.
    pub seed: i64,
    /// The test number, when the seed comes from the official list.
    pub test: Option<u32>,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played by both sides.
    pub moves: usize,
    /// The cells played, in order (0-based `x · 19 + y`).
    pub history: Vec<u16>,
    /// Wall time from starting the bot to its exit.
    pub wall: Duration,
}

impl GameRecord {
    /// This game as a [`Record`] of game `game`: the judge's greedy player (`judge`) is Black
    /// in seat 0, the bot named `bot` is player A in seat 1. Moves are `x y` (1-based), untimed
    /// (the judge limits the whole game).
    pub fn record(&self, game: usize, bot: &str) -> Record {
        let moves = self
            .history
            .iter()
            .map(|&c| TimedMove {
                mv: format!("{} {}", c as usize / SIZE + 1, c as usize % SIZE + 1),
                ms: None,
            })
            .collect();
        let (winner, reason, failure) = match &self.outcome {
            Outcome::BotWin => (Some(1), "five".to_string(), None),
            Outcome::JudgeWin => (Some(0), "five".to_string(), None),
            Outcome::Draw => (None, "full board".to_string(), None),
            Outcome::Failed(f) => (Some(1 - f.seat), f.to_string(), Some(f.clone())),
        };
        Record {
            clock_ms: None,
            seated: None,
            contest: "neerc-gomoku".into(),
            game,
            seed: self.seed,
            opening: self.test.map(|t| format!("test {t}")),
            players: ["judge".to_string(), bot.to_string()],
            a_seat: 1,
            moves,
            winner,
            reason,
            failure,
        }
    }
}

/// Plays the game of test `test` with judge seed `seed` against `bot`.
pub fn play_game(bot: &BotCommand, seed: i64, test: Option<u32>) -> GameRecord {
    let started = Instant::now();
    let mut rec = GameRecord {
        seed,
        test,
        outcome: Outcome::Draw,
        moves: 0,
        history: Vec::new(),
        wall: Duration::ZERO,
    };
    let mut proc = match BotProcess::spawn(bot) {
        Ok(p) => p,
        Err(e) => {
            rec.outcome = Outcome::Failed(Failure::crash(BOT, format!("cannot start {bot}: {e}")));
            return rec;
        }
    };
    let mut model = Model::new();
    rec.outcome = match referee(&mut proc, &mut model, seed, started) {
        Ok(outcome) => {
            let _ = proc.send_line("-1 -1");
            match proc.wait_exit(
                GAME_LIMIT.saturating_sub(started.elapsed()) + Duration::from_millis(200),
            ) {
                Some(s) if s.success() => outcome,
                Some(s) => Outcome::Failed(Failure::crash(BOT, format!("exited with {s}"))),
                None => Outcome::Failed(Failure::protocol(BOT, "did not exit after -1 -1")),
            }
        }
        Err(f) => Outcome::Failed(f),
    };
    rec.moves = model.board().stones();
    rec.history = model.board().history().to_vec();
    rec.wall = started.elapsed();
    if rec.wall > GAME_LIMIT && matches!(rec.outcome, Outcome::BotWin) {
        rec.outcome = Outcome::Failed(Failure::clock(
            BOT,
            format!(
                "the game took {} ms, over the 2 s limit",
                rec.wall.as_millis()
            ),
        ));
    }
    rec
}

fn referee(
    proc: &mut BotProcess,
    model: &mut Model,
    seed: i64,
    started: Instant,
) -> Result<Outcome, Failure> {
    let mut judge = JudgePlayer::new(seed);
    let n = SIZE as i64;
    loop {
        let Some(j) = judge.choose(model) else {
            return Ok(Outcome::Draw);
        };
        model.play_unchecked(j);
        if model.board().has_won(Color::Black) {
            return Ok(Outcome::JudgeWin);
        }
        if model.board().is_full() {
            return Ok(Outcome::Draw);
        }
        proc.send_line(&format!("{} {}", j / SIZE + 1, j % SIZE + 1))
            .map_err(|e| Failure::crash(BOT, format!("could not send the judge's move: {e}")))?;
        let left = GAME_LIMIT.saturating_sub(started.elapsed());
        let line = match proc.recv_line(left) {
            Recv::Line(l) => l,
            Recv::Timeout => {
                return Err(Failure::clock(BOT, "no answer within the 2 s game limit"))
            }
            Recv::Closed => return Err(Failure::crash(BOT, "output closed during the game")),
        };
        let nums: Option<Vec<i64>> = line.split_whitespace().map(|t| t.parse().ok()).collect();
        let (x, y) = match nums.as_deref() {
            Some(&[x, y]) => (x, y),
            _ => {
                return Err(Failure::protocol(
                    BOT,
                    format!("malformed move line {line:?}"),
                ))
            }
        };
        if !(1..=n).contains(&x) || !(1..=n).contains(&y) {
            return Err(Failure::illegal(BOT, format!("{line} is off the board")));
        }
        let cell = ((x - 1) * n + (y - 1)) as usize;
        if model.board().at(cell).is_some() {
            return Err(Failure::illegal(BOT, format!("{line} is occupied")));
        }
        model.play_unchecked(cell);
        if model.board().has_won(Color::White) {
            return Ok(Outcome::BotWin);
        }
        if model.board().is_full() {
            return Ok(Outcome::Draw);
        }
    }
}

/// Reads the official seed list: lines `NNN seed`.
pub fn read_seeds(text: &str) -> Result<Vec<(u32, i64)>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut it = l.split_whitespace();
            let test = it.next().and_then(|t| t.parse().ok());
            let seed = it.next().and_then(|t| t.parse().ok());
            match (test, seed, it.next()) {
                (Some(t), Some(s), None) => Ok((t, s)),
                _ => Err(format!(
                    "seed file line {}: {l:?} is not `test seed`",
                    i + 1
                )),
            }
        })
        .collect()
}

/// Who plays White against the NEERC judge.
#[derive(Clone, Debug)]
pub enum NeercPlayer {
    /// A bot program under the judge's protocol.
    Bot(BotCommand),
    /// The library's planner in this process (no protocol; for quick tuning).
    InProcess(gomoku::neerc::Planner),
}

/// A match of a player (A, White) against the NEERC judge's greedy player (B, Black), one game
/// per seed.
#[derive(Clone, Debug)]
pub struct NeercMatch {
    /// The player.
    pub player: NeercPlayer,
    /// Its name for tables and records.
    pub name: String,
    /// Game k's official test number (if from the list) and judge seed.
    pub seeds: Vec<(Option<u32>, i64)>,
}

impl crate::contest::Contest for NeercMatch {
    fn name(&self) -> &'static str {
        "neerc-gomoku"
    }
    fn names(&self) -> [&str; 2] {
        [&self.name, "judge"]
    }
    fn games(&self) -> Option<usize> {
        Some(self.seeds.len())
    }
    fn game(&self, k: usize) -> Record {
        let (test, seed) = self.seeds[k];
        let rec = match &self.player {
            NeercPlayer::Bot(bot) => play_game(bot, seed, test),
            NeercPlayer::InProcess(planner) => {
                let t = Instant::now();
                let mut planner = planner.clone();
                let (result, moves) = gomoku::neerc::simulate(seed, &mut planner);
                let outcome = match result {
                    gomoku::neerc::GameResult::WhiteWins => Outcome::BotWin,
                    gomoku::neerc::GameResult::BlackWins => Outcome::JudgeWin,
                    gomoku::neerc::GameResult::Draw => Outcome::Draw,
                };
                GameRecord {
                    seed,
                    test,
                    outcome,
                    moves,
                    history: Vec::new(),
                    wall: t.elapsed(),
                }
            }
        };
        let mut r = rec.record(k, &self.name);
        r.reason = format!(
            "{}; wall {:.1} ms",
            r.reason,
            rec.wall.as_secs_f64() * 1000.0
        );
        r
    }
    /// Whether every test was won (the contest's bar).
    fn summary(&self, records: &[Record]) -> Vec<String> {
        let won = records
            .iter()
            .filter(|r| r.outcome_a() == crate::record::Outcome::Win)
            .count();
        vec![if won == records.len() {
            "all won".into()
        } else {
            "NOT all won".into()
        }]
    }
}

/// The registry's entry ([`crate::registry`]) of NEERC 2014 G.
pub const ENTRY: crate::contest::Entry = crate::contest::Entry {
    name: "neerc-gomoku",
    about: "NEERC 2014 G: 19×19 Gomoku as the second player against the judge's greedy player \
            (B is always `judge`)",
    clock_ms: None,
    making: crate::contest::Making::Judge(match_of),
    draw: draw_gomoku,
};

/// The match `req` asks for: A (a bot program, or the library's planner in-process) against
/// the judge, one game per seed (the `--seeds` file's, or `games` seeds from `seed`).
pub fn match_of(
    req: &crate::contest::MatchRequest,
    players: &crate::contest::Players,
) -> Result<Box<dyn crate::contest::Contest>, String> {
    req.no_boards("neerc-gomoku")?;
    req.no_opening("neerc-gomoku")?;
    if req.b.as_deref().is_some_and(|b| b != "judge") {
        return Err("NEERC Gomoku: B is the judge's greedy player (`--b judge`)".into());
    }
    let seeds: Vec<(Option<u32>, i64)> = match &req.seeds {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            read_seeds(&text)?
                .into_iter()
                .map(|(t, s)| (Some(t), s))
                .collect()
        }
        None => (0..req.games)
            .map(|k| (None, req.seed as i64 + k as i64))
            .collect(),
    };
    let (player, name) = if req.in_process {
        let mut planner = gomoku::neerc::Planner::default();
        for spec in &req.planner {
            planner
                .set(spec)
                .map_err(|e| format!("--planner {spec}: {e}"))?;
        }
        (
            NeercPlayer::InProcess(planner),
            "in-process planner".to_string(),
        )
    } else {
        match players(&req.a, &req.a_args)? {
            (crate::Contestant::Bot(cmd), name) => (NeercPlayer::Bot(cmd), name),
            _ => return Err("NEERC Gomoku: A must be a bot program".into()),
        }
    };
    Ok(Box::new(NeercMatch {
        player,
        name,
        seeds,
    }))
}

/// NEERC Gomoku: numbered stones on 19×19.
pub fn draw_gomoku(rec: &Record, p: &mut crate::view::Picture) -> Result<(), String> {
    crate::view::draw_stones(rec, p, 19)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_lists_parse() {
        assert_eq!(
            read_seeds("001 -5\n\n002 7\n").unwrap(),
            vec![(1, -5), (2, 7)]
        );
        assert!(read_seeds("001\n").is_err());
        assert!(read_seeds("1 2 3\n").is_err());
    }

    #[test]
    fn misbehaving_players_fail_with_their_cause() {
        let sh = |s: &str| BotCommand::new("sh").with_args(["-c", s]);
        let r = play_game(&sh("read a; echo 10 10"), 1, None);
        assert!(
            matches!(&r.outcome, Outcome::Failed(f) if f.cause == crate::record::Cause::IllegalMove),
            "{:?}",
            r.outcome
        );
        let r = play_game(&sh("read a; echo 0 5"), 1, None);
        assert!(
            matches!(&r.outcome, Outcome::Failed(f) if f.cause == crate::record::Cause::IllegalMove),
            "{:?}",
            r.outcome
        );
        let r = play_game(&sh("read a; echo hello"), 1, None);
        assert!(
            matches!(&r.outcome, Outcome::Failed(f) if f.cause == crate::record::Cause::Protocol),
            "{:?}",
            r.outcome
        );
    }
}
