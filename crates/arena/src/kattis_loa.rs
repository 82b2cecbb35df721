//! The Kattis `linesofaction` judge (spec: `shared/specs/kattis-loa.md`).
//!
//! The judge sends the bot its color (`0` Black, `1` White), then alternates: it reads the bot's
//! move `r1 c1 r2 c2` (1-based) and checks it, or plays a uniformly random legal move (from a
//! seeded RNG, so a game replays exactly) and prints it. The game ends when a side is connected
//! (the mover wins if both are), when the side to move has no legal move (draw), or after 100 plies
//! (draw). The bot must then exit 0 without printing more. The test passes only if the bot wins.

use crate::process::{BotProcess, Recv};
use crate::record::{Failure, Record, TimedMove};
use crate::BotCommand;
pub use loa::MAX_PLIES;
use loa::{Color, GameEnd, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Judge settings.
#[derive(Clone, Copy, Debug)]
pub struct JudgeConfig {
    /// Longest the bot may take for one move before it is stopped (a hang guard).
    pub move_timeout: Duration,
    /// Longest the bot may take to exit once the game is over.
    pub exit_timeout: Duration,
    /// Total thinking time the bot may use in one game (the sum of its move times); `None`: no
    /// limit, only reported.
    pub game_budget: Option<Duration>,
}

impl Default for JudgeConfig {
    fn default() -> Self {
        JudgeConfig {
            move_timeout: Duration::from_secs(5),
            exit_timeout: Duration::from_secs(2),
            game_budget: None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    /// The bot connected its pieces.
    BotWin,
    /// The random mover connected its pieces.
    JudgeWin,
    /// The side to move had no legal move.
    DrawNoMoves,
    /// 100 plies were played without a winner.
    DrawPlyLimit,
    /// The bot lost on a technicality.
    Failed(Failure),
}

/// One game's record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Game number in the match (0-based).
    pub index: usize,
    /// The random mover's seed.
    pub seed: u64,
    /// The bot's color.
    pub bot_color: Color,
    /// How the game ended.
    pub outcome: GameOutcome,
    /// Plies played (both sides).
    pub plies: u32,
    /// Every move in judge notation, in order.
    pub moves: Vec<String>,
    /// The bot's response time per move: from the judge's last write to the bot's line.
    pub bot_move_times: Vec<Duration>,
    /// Wall time of the whole game, process start to exit.
    pub wall: Duration,
    /// The end of the bot's stderr, kept for failures.
    pub stderr_tail: String,
}

impl GameRecord {
    /// This game as a [`Record`]: the bot named `bot` is player A, the judge's random mover
    /// (`random`) player B; seat 0 is Black, who moves first. Only the bot's moves are timed.
    pub fn record(&self, bot: &str) -> Record {
        let a_seat = self.bot_color as usize;
        let mut players = [bot.to_string(), "random".to_string()];
        if a_seat == 1 {
            players.swap(0, 1);
        }
        let mut times = self.bot_move_times.iter();
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| TimedMove {
                mv: m.clone(),
                ms: if i % 2 == a_seat {
                    times.next().map(|t| t.as_millis() as u64)
                } else {
                    None
                },
            })
            .collect();
        let (winner, reason, failure) = match &self.outcome {
            GameOutcome::BotWin => (Some(a_seat), "connected".to_string(), None),
            GameOutcome::JudgeWin => (Some(1 - a_seat), "connected".to_string(), None),
            GameOutcome::DrawNoMoves => (None, "no legal move".to_string(), None),
            GameOutcome::DrawPlyLimit => (None, format!("{MAX_PLIES} plies"), None),
            GameOutcome::Failed(f) => (Some(1 - f.seat), f.to_string(), Some(f.clone())),
        };
        Record {
            clock_ms: None,
            seated: None,
            contest: "kattis-loa".into(),
            game: self.index,
            seed: self.seed as i64,
            opening: None,
            players,
            a_seat,
            moves,
            winner,
            reason,
            failure,
        }
    }
}

/// Plays one game of `bot` (as `bot_color`) against the random mover seeded with `seed`.
pub fn play_game(
    bot: &BotCommand,
    index: usize,
    seed: u64,
    bot_color: Color,
    cfg: &JudgeConfig,
) -> GameRecord {
    let started = Instant::now();
    let mut rec = GameRecord {
        index,
        seed,
        bot_color,
        outcome: GameOutcome::DrawPlyLimit,
        plies: 0,
        moves: Vec::new(),
        bot_move_times: Vec::new(),
        wall: Duration::ZERO,
        stderr_tail: String::new(),
    };
    let mut proc = match BotProcess::spawn(bot) {
        Ok(p) => p,
        Err(e) => {
            let seat = bot_color as usize;
            rec.outcome =
                GameOutcome::Failed(Failure::crash(seat, format!("cannot start {bot}: {e}")));
            return rec;
        }
    };
    rec.outcome = match referee(&mut proc, &mut rec, seed, bot_color, cfg) {
        Ok(outcome) => match proc.finish_game(cfg.exit_timeout, bot_color as usize) {
            Ok(()) => outcome,
            Err(f) => GameOutcome::Failed(f),
        },
        Err(f) => GameOutcome::Failed(f),
    };
    proc.kill();
    rec.wall = started.elapsed();
    rec.stderr_tail = proc.stderr_tail();
    rec
}

/// Runs the game to its end by the rules; `Err` when the bot fails.
fn referee(
    proc: &mut BotProcess,
    rec: &mut GameRecord,
    seed: u64,
    bot_color: Color,
    cfg: &JudgeConfig,
) -> Result<GameOutcome, Failure> {
    let seat = bot_color as usize;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start();
    let color_line = if bot_color == Color::Black { "0" } else { "1" };
    let mut last_write = Instant::now();
    proc.send_line(color_line)
        .map_err(|e| Failure::crash(seat, format!("could not send the color: {e}")))?;
    let mut moves = Vec::with_capacity(64);
    let mut thinking = Duration::ZERO;
    loop {
        match pos.game_end(rec.plies, MAX_PLIES) {
            Some(GameEnd::Won(w)) if w == bot_color => return Ok(GameOutcome::BotWin),
            Some(GameEnd::Won(_)) => return Ok(GameOutcome::JudgeWin),
            Some(GameEnd::NoMoves) => return Ok(GameOutcome::DrawNoMoves),
            Some(GameEnd::PlyLimit) => return Ok(GameOutcome::DrawPlyLimit),
            None => {}
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        let mv = if pos.to_move() == bot_color {
            let line = match proc.recv_line(cfg.move_timeout) {
                Recv::Line(l) => l,
                Recv::Timeout => {
                    return Err(Failure::clock(
                        seat,
                        format!(
                            "no move within {} ms at ply {}",
                            cfg.move_timeout.as_millis(),
                            rec.plies + 1
                        ),
                    ))
                }
                Recv::Closed => {
                    return Err(Failure::crash(
                        seat,
                        format!("output closed before its move at ply {}", rec.plies + 1),
                    ))
                }
            };
            let took = last_write.elapsed();
            rec.bot_move_times.push(took);
            thinking += took;
            if let Some(budget) = cfg.game_budget {
                if thinking > budget {
                    return Err(Failure::clock(
                        seat,
                        format!(
                            "used {} ms in total, over the {} ms budget",
                            thinking.as_millis(),
                            budget.as_millis()
                        ),
                    ));
                }
            }
            let nums = parse_move_line(&line)
                .ok_or_else(|| Failure::protocol(seat, format!("malformed move line {line:?}")))?;
            pos.parse_move(nums)
                .map_err(|e| Failure::illegal(seat, format!("{line} ({e})")))?
        } else {
            let mv = moves[rng.random_range(0..moves.len())];
            proc.send_line(&mv.judge().to_string()).map_err(|e| {
                Failure::crash(
                    seat,
                    format!("could not send the move at ply {}: {e}", rec.plies + 1),
                )
            })?;
            last_write = Instant::now();
            mv
        };
        rec.moves.push(mv.judge().to_string());
        pos.play_unchecked(mv);
        rec.plies += 1;
    }
}

/// Exactly four integers separated by whitespace.
fn parse_move_line(line: &str) -> Option<[i64; 4]> {
    let v: Vec<i64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    v.try_into().ok()
}

/// A match of a bot (A) against the Kattis judge's random mover (B), colors alternating unless
/// pinned.
#[derive(Clone, Debug)]
pub struct LoaMatch {
    /// The bot.
    pub bot: BotCommand,
    /// Its name for tables and records.
    pub name: String,
    /// The judge's limits.
    pub judge: JudgeConfig,
    /// The base seed ([`crate::contest::schedule`]).
    pub seed: u64,
    /// The bot's seat in every game (0: Black), or `None` to alternate.
    pub a_seat: Option<usize>,
}

impl crate::contest::Contest for LoaMatch {
    fn name(&self) -> &'static str {
        "kattis-loa"
    }
    fn names(&self) -> [&str; 2] {
        [&self.name, "random"]
    }
    fn game(&self, k: usize) -> Record {
        let (seat, seed) = crate::contest::schedule(k, self.seed, self.a_seat);
        let color = if seat == 0 {
            Color::Black
        } else {
            Color::White
        };
        let rec = play_game(&self.bot, k, seed, color, &self.judge);
        let mut r = rec.record(&self.name);
        if matches!(rec.outcome, GameOutcome::Failed(_)) && !rec.stderr_tail.is_empty() {
            r.reason = format!("{} (bot stderr: {})", r.reason, rec.stderr_tail.trim_end());
        }
        r
    }
    /// The plies of the won games, and whether every game was won (the contest's bar).
    fn summary(&self, records: &[Record]) -> Vec<String> {
        let wins: Vec<usize> = records
            .iter()
            .filter(|r| r.outcome_a() == crate::record::Outcome::Win)
            .map(|r| r.moves.len())
            .collect();
        let Some(&max) = wins.iter().max() else {
            return vec!["no game won".into()];
        };
        vec![format!(
            "plies of the won games: mean {:.2}, max {max} (limit {MAX_PLIES}); {}",
            wins.iter().sum::<usize>() as f64 / wins.len() as f64,
            if wins.len() == records.len() {
                "all won"
            } else {
                "NOT all won"
            }
        )]
    }
}

/// The registry's entry ([`crate::registry`]) of Kattis `linesofaction`.
pub const ENTRY: crate::contest::Entry = crate::contest::Entry {
    name: "kattis-loa",
    about: "Kattis `linesofaction`: Lines of Action against the judge's random mover (B is \
            always `random`), win within 100 plies; or two engines under its rules",
    clock_ms: None,
    making: crate::contest::Making::Judge(match_of),
    draw: draw_loa,
};

/// The match `req` asks for: the bot against the judge's random mover, or (B not `random`, or
/// A an `engine`) two engines under the Kattis rules ([`crate::loa_pair`]): each a
/// Kattis-protocol program, the library's engine in-process (`engine[:SETTINGS]`) or a
/// UCI-like engine (`uci:PATH`).
pub fn match_of(
    req: &crate::contest::MatchRequest,
    players: &crate::contest::Players,
) -> Result<Box<dyn crate::contest::Contest>, String> {
    use crate::loa_pair::{parse_engine, LoaPairMatch, LoaSeat};
    use crate::Contestant;
    req.no_boards("kattis-loa")?;
    let b_spec = req.b.as_deref();
    let pair = b_spec.is_some_and(|b| b != "random") || req.a.starts_with("engine");
    if pair {
        let seat = |spec: &str, extra: &[String]| -> Result<(LoaSeat, String), String> {
            if spec.starts_with("engine") {
                let config = parse_engine(spec)?;
                return Ok((LoaSeat::Engine(config), spec.to_string()));
            }
            if let Some(path) = spec.strip_prefix("uci:") {
                let cmd = BotCommand::new(path).with_args(extra.iter().cloned());
                let name = format!("uci:{} (go {})", cmd, req.uci_go);
                return Ok((LoaSeat::Uci(cmd, req.uci_go.clone()), name));
            }
            match players(spec, extra)? {
                (Contestant::Bot(cmd), name) => Ok((LoaSeat::Kattis(cmd), name)),
                _ => Err(format!(
                    "Kattis LOA: {spec} cannot play B's seat (a bot program, \
                     `engine[:SETTINGS]` or `uci:PATH`)"
                )),
            }
        };
        let (a, a_name) = seat(&req.a, &req.a_args)?;
        let (b, b_name) = seat(b_spec.unwrap_or("random"), &req.b_args)?;
        if req.opening_plies > 0 && [&a, &b].iter().any(|s| matches!(s, LoaSeat::Kattis(_))) {
            return Err("--opening-plies: a Kattis program starts from the start \
                        position; use `engine[:SETTINGS]` or `uci:PATH` seats"
                .into());
        }
        return Ok(Box::new(LoaPairMatch {
            seats: [a, b],
            names: [a_name, b_name],
            move_timeout: Duration::from_millis(req.move_timeout_ms),
            seed: req.seed,
            a_seat: req.a_seat,
            opening_plies: req.opening_plies,
        }));
    }
    if req.opening_plies > 0 {
        return Err(
            "--opening-plies: the Kattis judge's games start from the start \
                    position (openings are for two engines: `engine` or `uci:PATH` seats)"
                .into(),
        );
    }
    let (Contestant::Bot(bot), name) = players(&req.a, &req.a_args)? else {
        return Err("Kattis LOA: A must be a bot program".into());
    };
    Ok(Box::new(LoaMatch {
        bot,
        name,
        judge: JudgeConfig {
            move_timeout: Duration::from_millis(req.move_timeout_ms),
            game_budget: req.game_budget_ms.map(Duration::from_millis),
            ..JudgeConfig::default()
        },
        seed: req.seed,
        a_seat: req.a_seat,
    }))
}

/// Lines of Action: the pieces and an arrow for the last move.
pub fn draw_loa(rec: &Record, p: &mut crate::view::Picture) -> Result<(), String> {
    use crate::view::{moves_of, Stone};
    let moves = moves_of(rec, p);
    use loa::{Color, Position, Square};
    let mut pos = Position::start();
    (p.rows, p.cols, p.checkered) = (8, 8, true);
    for (i, mv) in moves.enumerate() {
        let v: Vec<i64> = mv
            .split_whitespace()
            .map(|t| t.parse().map_err(|_| format!("bad move {mv:?}")))
            .collect::<Result<_, _>>()?;
        let v: [i64; 4] = v.try_into().map_err(|_| format!("bad move {mv:?}"))?;
        let seat = pos.to_move() as usize;
        let m = pos
            .parse_move(v)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play_unchecked(m);
        let at = |r: i64, c: i64| (r as usize - 1, c as usize - 1);
        p.arrow = Some((at(v[0], v[1]), at(v[2], v[3]), seat));
    }
    for idx in 0..64 {
        let sq = Square::from_index(idx);
        if let Some(c) = pos.piece_at(sq) {
            p.stones.push(Stone {
                row: sq.row() as usize,
                col: sq.col() as usize,
                seat: usize::from(c == Color::White),
                number: 0,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> BotCommand {
        BotCommand::new("sh").with_args(["-c", script])
    }

    #[test]
    fn parses_only_four_integers() {
        assert_eq!(parse_move_line("1 2 3 4"), Some([1, 2, 3, 4]));
        assert_eq!(parse_move_line(" 1  2 3 4 "), Some([1, 2, 3, 4]));
        assert_eq!(parse_move_line("1 2 3"), None);
        assert_eq!(parse_move_line("1 2 3 x"), None);
    }

    #[test]
    fn each_misbehaviour_is_scored_with_its_cause() {
        let cfg = JudgeConfig {
            move_timeout: Duration::from_millis(300),
            exit_timeout: Duration::from_millis(300),
            game_budget: None,
        };
        use crate::record::Cause;
        let cases = [
            (sh("read c; echo 1 2 2 2"), Cause::IllegalMove),
            (sh("read c; echo hello"), Cause::Protocol),
            (sh("read c; sleep 5"), Cause::Clock),
            (sh("read c; exit 3"), Cause::Crash),
            (BotCommand::new("/nonexistent/bot"), Cause::Crash),
        ];
        for (cmd, cause) in cases {
            let r = play_game(&cmd, 0, 1, Color::Black, &cfg);
            let GameOutcome::Failed(f) = &r.outcome else {
                panic!("{cmd}: expected a failure, got {:?}", r.outcome)
            };
            assert_eq!((f.seat, f.cause), (0, cause), "{cmd}: {f}");
            assert!(f.to_string().starts_with(cause.name()), "{cmd}: {f}");
        }
    }

    #[test]
    fn a_legal_opening_then_silence_times_out_on_the_second_move() {
        // Black's 1 2 3 2 is legal; the script then reads White's reply and stops answering.
        let cfg = JudgeConfig {
            move_timeout: Duration::from_millis(300),
            ..JudgeConfig::default()
        };
        let r = play_game(
            &sh("read c; echo 1 2 3 2; read m; sleep 5"),
            0,
            7,
            Color::Black,
            &cfg,
        );
        assert_eq!(r.plies, 2);
        assert!(
            matches!(&r.outcome, GameOutcome::Failed(f) if f.cause == crate::record::Cause::Clock),
            "{:?}",
            r.outcome
        );
    }
}
