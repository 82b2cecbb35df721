//! Lines of Action between two engines under the Kattis rules (`shared/specs/kattis-loa.md`):
//! the judge's random mover replaced by a second player, for engine matches and SPRTs.
//!
//! A seat is a program speaking the Kattis protocol ([`LoaSeat::Kattis`]: it is told its color
//! (`0` Black, `1` White), prints its moves as `r1 c1 r2 c2` and reads the other side's in the
//! same form; it sees the game's end itself and exits 0), the library's engine in-process
//! ([`LoaSeat::Engine`], for SPRTs of engine settings), or a UCI-like engine
//! ([`LoaSeat::Uci`], e.g. nbarriga's `LinesOfActionBot`: `position startpos moves b1b3 …`, then
//! a `go` command, answered by `bestmove b1b3`; `quit` at the end). The game ends as the Kattis
//! judge ends it: a connected side (the mover wins if both are), no legal move (a draw), or
//! 100 plies (a draw). A seat that answers past the move timeout, with a malformed or illegal
//! move, or crashes, loses the game. With [`LoaPairMatch::opening_plies`] the judge first plays
//! that many random legal moves (from the pair's seed, both games of a pair alike), so that
//! deterministic engines play games that differ; a Kattis program cannot be told a position,
//! so openings are for engine and UCI seats only.

use crate::process::{BotProcess, Recv};
use crate::record::{Failure, Record, TimedMove};
use crate::BotCommand;
use loa::engine::{Engine, EngineConfig};
use loa::{Color, GameEnd, Move, Position, MAX_PLIES};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// One player of a [`LoaPairMatch`].
#[derive(Clone, Debug)]
pub enum LoaSeat {
    /// A program speaking the Kattis protocol (as the `kattis-loa` bot).
    Kattis(BotCommand),
    /// `loa::engine` in this process with these settings (a new engine, so a new game budget,
    /// every game).
    Engine(EngineConfig),
    /// A UCI-like engine, asked with `go` followed by this command's arguments (e.g.
    /// `depth 4`).
    Uci(BotCommand, String),
}

impl std::fmt::Display for LoaSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoaSeat::Kattis(cmd) => write!(f, "{cmd}"),
            LoaSeat::Engine(_) => write!(f, "engine"),
            LoaSeat::Uci(cmd, go) => write!(f, "uci:{cmd} (go {go})"),
        }
    }
}

/// A match between two seats, colors alternating unless pinned.
#[derive(Clone, Debug)]
pub struct LoaPairMatch {
    /// Players A and B.
    pub seats: [LoaSeat; 2],
    /// Their names for tables and records.
    pub names: [String; 2],
    /// The longest a seat may think on one move.
    pub move_timeout: Duration,
    /// The base seed ([`crate::contest::schedule`]; the game itself uses no randomness).
    pub seed: u64,
    /// A's seat in every game (0: Black), or `None` to alternate.
    pub a_seat: Option<usize>,
    /// Random plies the judge plays before the seats take over (engine and UCI seats only).
    pub opening_plies: usize,
}

/// Parses an in-process engine seat: `engine`, or `engine:` and comma-separated settings,
/// `NAME=0|1` for the search options (`loa::engine::Selective::NAMES`), `budget_ms=N` (the
/// engine's whole-game thinking budget), and the evaluation weights and `plan_moves` of
/// `loa::engine::EngineConfig::set_weight`.
pub fn parse_engine(spec: &str) -> Result<EngineConfig, String> {
    let mut config = EngineConfig::default();
    let Some(rest) = spec.strip_prefix("engine") else {
        return Err(format!("{spec:?} is not `engine[:SETTINGS]`"));
    };
    let rest = match rest.strip_prefix(':') {
        Some(r) => r,
        None if rest.is_empty() => "",
        None => return Err(format!("{spec:?} is not `engine[:SETTINGS]`")),
    };
    for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
        match item.trim().strip_prefix("budget_ms=") {
            Some(ms) => {
                config.budget_ms = ms
                    .parse()
                    .map_err(|_| format!("budget_ms={ms}: not a whole number"))?
            }
            None => {
                let name = item.split('=').next().unwrap_or("").trim();
                if loa::engine::Selective::NAMES.contains(&name) {
                    config.set_search(item)?
                } else {
                    config.set_weight(item)?
                }
            }
        }
    }
    Ok(config)
}

/// The opening of the pair seeded `seed`: `plies` random legal moves after which the game
/// is not over (drawn again, from the same generator, until one is).
pub fn opening(seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x4c4f_415f_4f50_454e);
    let mut legal = Vec::new();
    loop {
        let mut pos = Position::start();
        let mut line = Vec::with_capacity(plies);
        while line.len() < plies && pos.winner().is_none() {
            legal.clear();
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            pos.play_unchecked(mv);
            line.push(mv);
        }
        legal.clear();
        pos.legal_moves(&mut legal);
        if line.len() == plies && pos.winner().is_none() && !legal.is_empty() {
            return line;
        }
    }
}

/// How long a Kattis program may take to exit once the game is over (the Kattis judge's).
const EXIT_TIMEOUT: Duration = Duration::from_secs(2);

/// A running seat.
struct Running<'a> {
    seat: &'a LoaSeat,
    /// Its seat in the game (0: Black), for its failures.
    index: usize,
    proc: Option<BotProcess>,
    engine: Option<Engine>,
}

impl Running<'_> {
    fn start(seat: &LoaSeat, color: Color) -> Result<Running<'_>, Failure> {
        let index = color as usize;
        let cmd = match seat {
            LoaSeat::Kattis(cmd) | LoaSeat::Uci(cmd, _) => cmd,
            LoaSeat::Engine(config) => {
                return Ok(Running {
                    seat,
                    index,
                    proc: None,
                    engine: Some(Engine::new(*config, color)),
                })
            }
        };
        let mut proc = BotProcess::spawn(cmd)
            .map_err(|e| Failure::crash(index, format!("cannot start {cmd}: {e}")))?;
        let first = match seat {
            LoaSeat::Kattis(_) => if color == Color::Black { "0" } else { "1" }.to_string(),
            _ => "ucinewgame".to_string(),
        };
        proc.send_line(&first)
            .map_err(|e| Failure::crash(index, format!("could not send the start: {e}")))?;
        Ok(Running {
            seat,
            index,
            proc: Some(proc),
            engine: None,
        })
    }

    /// The seat's move in `pos` after `history` (every move so far), within `timeout`.
    fn ask(
        &mut self,
        pos: &Position,
        history: &[Move],
        timeout: Duration,
    ) -> Result<Move, Failure> {
        let deadline = Instant::now() + timeout;
        if let Some(engine) = &mut self.engine {
            let mv = engine.choose(pos, history.len() as u32);
            if Instant::now() > deadline {
                return Err(Failure::clock(
                    self.index,
                    format!(
                        "no move within {} ms at ply {}",
                        timeout.as_millis(),
                        history.len() + 1
                    ),
                ));
            }
            return Ok(mv);
        }
        let proc = self.proc.as_mut().expect("a program seat has a process");
        if let LoaSeat::Uci(_, go) = self.seat {
            let moves: Vec<String> = history.iter().map(|m| uci(*m)).collect();
            let position = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            proc.send_line(&position)
                .and_then(|()| proc.send_line(&format!("go {go}")))
                .map_err(|e| {
                    Failure::crash(self.index, format!("could not send the position: {e}"))
                })?;
        }
        let ply = history.len() + 1;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match proc.recv_line(left) {
                Recv::Line(l) => l,
                Recv::Timeout => {
                    return Err(Failure::clock(
                        self.index,
                        format!("no move within {} ms at ply {ply}", timeout.as_millis()),
                    ))
                }
                Recv::Closed => {
                    return Err(Failure::crash(
                        self.index,
                        format!("output closed before its move at ply {ply}"),
                    ))
                }
            };
            let text = match self.seat {
                LoaSeat::Uci(..) => match line.trim().strip_prefix("bestmove ") {
                    Some(mv) => mv.split_whitespace().next().unwrap_or("").to_string(),
                    None => continue, // info lines, debug lines
                },
                _ => line.trim().to_string(),
            };
            let mv = match self.seat {
                LoaSeat::Kattis(_) | LoaSeat::Engine(_) => {
                    let nums: Vec<i64> = text
                        .split_whitespace()
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| {
                            Failure::protocol(self.index, format!("malformed move line {line:?}"))
                        })?;
                    let nums: [i64; 4] = nums.try_into().map_err(|_| {
                        Failure::protocol(self.index, format!("malformed move line {line:?}"))
                    })?;
                    pos.parse_move(nums)
                        .map_err(|e| Failure::illegal(self.index, format!("{text} ({e})")))?
                }
                LoaSeat::Uci(..) => {
                    let mut legal = Vec::new();
                    pos.legal_moves(&mut legal);
                    legal.into_iter().find(|&m| uci(m) == text).ok_or_else(|| {
                        Failure::illegal(self.index, format!("{text:?} at ply {ply}"))
                    })?
                }
            };
            return Ok(mv);
        }
    }

    /// Tells the seat the other side's move (a Kattis program reads it; a UCI engine is given
    /// the whole game with its next `position`).
    fn tell(&mut self, mv: Move) -> Result<(), Failure> {
        match (self.seat, &mut self.proc) {
            (LoaSeat::Kattis(_), Some(proc)) => proc
                .send_line(&mv.judge().to_string())
                .map_err(|e| Failure::crash(self.index, format!("could not send the move: {e}"))),
            _ => Ok(()),
        }
    }

    /// After the game: a Kattis program must exit 0 and print nothing more; a UCI engine is
    /// told `quit`.
    fn finish(&mut self) -> Result<(), Failure> {
        let Some(proc) = &mut self.proc else {
            return Ok(());
        };
        match self.seat {
            LoaSeat::Uci(..) | LoaSeat::Engine(_) => {
                let _ = proc.send_line("quit");
                Ok(())
            }
            LoaSeat::Kattis(_) => proc.finish_game(EXIT_TIMEOUT, self.index),
        }
    }
}

/// A move in UCI form: `b1b3` (from and to squares, no capture mark).
pub fn uci(mv: Move) -> String {
    format!("{}{}", mv.from, mv.to)
}

/// Plays one game from `opening` (played by the judge): `seats[0]` is Black. Returns the
/// moves with their times (none for the opening's), the winner's seat (`None`: a draw), the
/// reason, and a failure if a seat lost by one.
fn play(
    seats: [&LoaSeat; 2],
    opening: &[Move],
    timeout: Duration,
) -> (Vec<TimedMove>, Option<usize>, String, Option<Failure>) {
    let mut moves: Vec<TimedMove> = opening
        .iter()
        .map(|m| TimedMove {
            mv: m.to_string(),
            ms: None,
        })
        .collect();
    let fail =
        |f: Failure, moves: Vec<TimedMove>| (moves, Some(1 - f.seat), f.to_string(), Some(f));
    let mut running = Vec::with_capacity(2);
    for (seat, s) in seats.into_iter().enumerate() {
        let color = if seat == 0 {
            Color::Black
        } else {
            Color::White
        };
        match Running::start(s, color) {
            Ok(r) => running.push(r),
            Err(f) => return fail(f, moves),
        }
    }
    let mut pos = Position::start();
    for &mv in opening {
        pos.play_unchecked(mv);
    }
    let mut history = opening.to_vec();
    let (winner, reason) = loop {
        match pos.game_end(history.len() as u32, MAX_PLIES) {
            Some(GameEnd::Won(w)) => break (Some(w as usize), "connected".to_string()),
            Some(GameEnd::NoMoves) => break (None, "no legal move".to_string()),
            Some(GameEnd::PlyLimit) => break (None, format!("{MAX_PLIES} plies")),
            None => {}
        }
        let me = pos.to_move() as usize;
        let asked = Instant::now();
        let mv = match running[me].ask(&pos, &history, timeout) {
            Ok(mv) => mv,
            Err(f) => return fail(f, moves),
        };
        moves.push(TimedMove {
            mv: mv.to_string(),
            ms: Some(asked.elapsed().as_millis() as u64),
        });
        pos.play_unchecked(mv);
        history.push(mv);
        if let Err(f) = running[1 - me].tell(mv) {
            return fail(f, moves);
        }
    };
    for r in running.iter_mut() {
        if let Err(f) = r.finish() {
            return fail(f, moves);
        }
    }
    (moves, winner, reason, None)
}

impl crate::contest::Contest for LoaPairMatch {
    fn name(&self) -> &'static str {
        "kattis-loa"
    }
    fn names(&self) -> [&str; 2] {
        [&self.names[0], &self.names[1]]
    }
    fn game(&self, k: usize) -> Record {
        let (a_seat, seed) = crate::contest::schedule(k, self.seed, self.a_seat);
        let seats = if a_seat == 0 {
            [&self.seats[0], &self.seats[1]]
        } else {
            [&self.seats[1], &self.seats[0]]
        };
        let opening = opening(seed, self.opening_plies);
        let (moves, winner, reason, failure) = play(seats, &opening, self.move_timeout);
        let mut players = self.names.clone();
        if a_seat == 1 {
            players.swap(0, 1);
        }
        Record {
            clock_ms: None,
            seated: None,
            contest: "kattis-loa".into(),
            game: k,
            seed: seed as i64,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::Contest;

    fn sh(script: &str) -> LoaSeat {
        LoaSeat::Kattis(BotCommand::new("sh").with_args(["-c", script]))
    }

    #[test]
    fn uci_squares_are_the_algebraic_ones() {
        let pos = Position::start();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let names: Vec<String> = legal.iter().map(|&m| uci(m)).collect();
        // Black's b1 piece: two pieces on its column (b1, b8) → two squares up.
        assert!(names.contains(&"b1b3".to_string()), "{names:?}");
        assert_eq!(legal.len(), 36);
    }

    #[test]
    fn a_seat_that_misbehaves_loses_and_the_other_wins() {
        let timeout = Duration::from_millis(300);
        // Black answers nonsense: White wins; White never answers: Black wins.
        let (_, winner, reason, failure) =
            play([&sh("read c; echo x"), &sh("read c")], &[], timeout);
        assert_eq!(winner, Some(1));
        assert_eq!(failure.map(|f| f.seat), Some(0), "{reason}");
        let (moves, winner, _, failure) = play(
            [&sh("read c; echo 1 2 3 2; sleep 5"), &sh("read c; sleep 5")],
            &[],
            timeout,
        );
        assert_eq!((moves.len(), winner), (1, Some(0)));
        assert_eq!(failure.map(|f| f.seat), Some(1));
    }

    #[test]
    fn a_uci_engine_is_given_the_game_and_answers_with_bestmove() {
        // A fake UCI engine that prints chatter, then the one move it knows for Black.
        let engine = LoaSeat::Uci(
            BotCommand::new("sh").with_args([
                "-c",
                "read a; read p; read g; echo \"$p\" >&2; echo info depth 1; echo bestmove b1b3; sleep 5",
            ]),
            "depth 1".into(),
        );
        let m = LoaPairMatch {
            seats: [engine, sh("read c; read m; sleep 5")],
            names: ["uci".into(), "silent".into()],
            move_timeout: Duration::from_millis(500),
            seed: 1,
            a_seat: Some(0),
            opening_plies: 0,
        };
        let r = m.game(0);
        assert_eq!(r.moves.first().map(|m| m.mv.as_str()), Some("b1-b3"));
        // The silent Kattis program then times out on White's first move: Black wins.
        assert_eq!(r.winner, Some(0));
        assert_eq!(r.failure.map(|f| f.seat), Some(1));
    }

    #[test]
    fn openings_are_seeded_legal_unfinished_and_varied() {
        let a = opening(5, 6);
        assert_eq!(a, opening(5, 6));
        assert_eq!(a.len(), 6);
        let mut pos = Position::start();
        for &m in &a {
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
        }
        assert!(pos.winner().is_none());
        let distinct: std::collections::HashSet<Vec<Move>> =
            (0..20).map(|s| opening(s, 4)).collect();
        assert!(distinct.len() >= 18);
    }

    #[test]
    fn engine_seats_play_a_whole_game_from_an_opening() {
        let config = parse_engine("engine:null_move=1,budget_ms=200").unwrap();
        assert!(config.selective.null_move && config.budget_ms == 200);
        assert!(parse_engine("engine:warp=1").is_err());
        assert_eq!(parse_engine("engine:plan_moves=0").unwrap().plan_moves, 0);
        let m = LoaPairMatch {
            seats: [
                LoaSeat::Engine(config),
                LoaSeat::Engine(EngineConfig::default()),
            ],
            names: ["a".into(), "b".into()],
            move_timeout: Duration::from_secs(5),
            seed: 3,
            a_seat: None,
            opening_plies: 4,
        };
        let r = m.game(1);
        assert!(r.failure.is_none(), "{:?}", r.failure);
        assert!(r.moves.len() > 4 && r.moves[..4].iter().all(|m| m.ms.is_none()));
        assert_eq!(r.moves[4..].iter().filter(|m| m.ms.is_none()).count(), 0);
    }
}
