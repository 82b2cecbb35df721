//! The Gomocup (Piskvork) brain protocol — Petr Laštovička's "Gomoku AI protocol", the one the
//! Gomocup managers (Piskvork, GomocupJudge, liskvork) and GUIs speak — around the engines of
//! crates `gomoku` (free-style and standard rules) and `renju` (renju rules).
//!
//! Coordinates are `x,y` with `x` the column and `y` the row, both 0-based. Commands (one a line;
//! CR LF or LF; empty lines ignored; command words in any case):
//!
//! | command | answer |
//! |---|---|
//! | `START n` | `OK`, a new empty n×n game (5 ≤ n ≤ 19); else `ERROR …` |
//! | `RECTSTART w,h` | as `START w` when `w = h`; else `ERROR …` |
//! | `RESTART` | `OK`, a new empty game of the same size |
//! | `BEGIN` | our move on the empty board |
//! | `TURN x,y` | the opponent's stone at `x,y`; then our move |
//! | `BOARD` then `x,y,f` lines and `DONE` | the whole position (`f` 1: ours, 2: the opponent's, 3: ignored, a continuous-game mark); then our move |
//! | `TAKEBACK x,y` | the stone at `x,y` taken off; `OK` |
//! | `INFO key value` | nothing; `timeout_turn`, `timeout_match`, `time_left` (ms; 0: no limit, or as fast as possible for `timeout_turn`), `max_memory` (bytes, 0: no limit), `rule` (bit 1: exactly five; bit 4: renju; 0: free-style; bit 2, continuous play, is ignored) are used, other keys ignored |
//! | `ABOUT` | `name="…", version="…", author="…", country="…"` |
//! | `END` | nothing: the brain exits (status 0) |
//!
//! Who is Black: the side to move when the stone count is even. Under renju rules (15×15
//! only) Black never plays a forbidden point and White wins by an overline too.
//!
//! Bad input — an unknown command (`UNKNOWN …`), a malformed or out-of-board coordinate, an
//! occupied point, a move asked for on a full board or a finished game, an unsupported size or
//! rule — gets one `ERROR …` (or `UNKNOWN …`) line, as the protocol expects, and the brain goes
//! on reading; it never panics. The end of input without `END` ends the brain (status 0).

use gomoku::engine::{Engine as GomokuEngine, EngineConfig as GomokuConfig};
use gomoku::{Board as GomokuBoard, Color as GomokuColor, Rule};
use renju::{Engine as RenjuEngine, EngineConfig as RenjuConfig, Position};
use renju_rules::game::Move;
use renju_rules::{Board as RenjuBoard, Color, Point, SIZE as RENJU_SIZE};
use std::io::{self, BufRead, Write};

/// What the brain answers to `ABOUT`.
pub const ABOUT: &str = concat!(
    "name=\"plyforge\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"plyforge\", country=\"-\""
);

/// The smallest and largest board sides supported.
pub const SIZES: std::ops::RangeInclusive<usize> = 5..=19;

/// The game rule set by `INFO rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRule {
    /// Five or more in a row wins (`rule` 0).
    Freestyle,
    /// Exactly five wins (`rule` bit 1).
    Standard,
    /// RIF renju: Black's overline, double four and double three are forbidden (`rule` bit 4).
    Renju,
}

/// Who owns a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Us,
    Them,
}

/// The brain's state between commands.
pub struct Brain {
    size: Option<usize>,
    /// Stones in the order they were placed.
    stones: Vec<(usize, Owner)>,
    rule: GameRule,
    /// Ms per move (0: as fast as possible).
    timeout_turn: u64,
    /// Ms per game (0: no limit).
    timeout_match: u64,
    /// Ms left of the game's time, as last told.
    time_left: Option<u64>,
    /// Bytes of memory allowed (0: no limit).
    max_memory: u64,
    /// Node cap per search (tests and fuzzing); `None`: time alone decides.
    max_nodes: Option<u64>,
    renju: Option<RenjuEngine>,
    gomoku: Option<GomokuEngine>,
    /// The Renju engine's settings before the clock's ([`Brain::with_renju_config`]).
    renju_base: RenjuConfig,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

/// Ms of a move when `timeout_turn` is 0 ("as fast as possible").
const FAST_MS: u64 = 100;
/// Ms kept back from every time limit (process scheduling, pipe latency).
const MARGIN_MS: u64 = 150;
/// The largest transposition table, in MiB.
const MAX_TT_MIB: usize = 64;

impl Brain {
    /// This brain with `config` as the Renju engine's settings (the clock and memory ones
    /// still come from the manager): the tuning options of `pbrain-plyforge --renju`.
    pub fn with_renju_config(mut self, config: RenjuConfig) -> Brain {
        self.renju_base = config;
        self
    }

    /// A brain before `START`: free-style, 5 s a move, no match limit.
    pub fn new() -> Brain {
        Brain {
            size: None,
            stones: Vec::new(),
            rule: GameRule::Freestyle,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            max_nodes: None,
            renju: None,
            gomoku: None,
            renju_base: RenjuConfig::default(),
        }
    }

    /// The same brain with each search capped at `max_nodes` nodes (reproducible, fast play
    /// for tests and fuzzing; the threat searches keep their own caps).
    pub fn with_node_cap(mut self, max_nodes: u64) -> Brain {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// The rule in force.
    pub fn rule(&self) -> GameRule {
        self.rule
    }

    /// Handles one command line (`input` supplies the lines after `BOARD`). Returns the
    /// answer lines, and whether the brain should stop (`END`).
    pub fn handle<R: BufRead>(&mut self, line: &str, input: &mut R) -> (Vec<String>, bool) {
        let line = line.trim();
        if line.is_empty() {
            return (Vec::new(), false);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let answer = match word.to_ascii_uppercase().as_str() {
            "END" => return (Vec::new(), true),
            "START" => self.start(rest),
            "RECTSTART" => match parse_pair(rest) {
                Some((w, h)) if w == h => self.start(&w.to_string()),
                Some(_) => Err("rectangular boards are not supported".to_string()),
                None => Err(format!("RECTSTART needs w,h, read {rest:?}")),
            },
            "RESTART" => match self.size {
                Some(n) => self.start(&n.to_string()),
                None => Err("RESTART before START".to_string()),
            },
            "BEGIN" => self.need_board().and_then(|_| {
                if self.stones.is_empty() {
                    self.our_move()
                } else {
                    Err("BEGIN on a board that has stones".to_string())
                }
            }),
            "TURN" => self.turn(rest),
            "BOARD" => self.board(input),
            "TAKEBACK" => self.takeback(rest),
            "INFO" => match self.info(rest) {
                Ok(()) => return (Vec::new(), false),
                Err(e) => Err(e),
            },
            "ABOUT" => Ok(ABOUT.to_string()),
            _ => return (vec![format!("UNKNOWN command {word:?}")], false),
        };
        let line = match answer {
            Ok(a) => a,
            Err(e) => format!("ERROR {e}"),
        };
        (vec![line], false)
    }

    fn start(&mut self, arg: &str) -> Result<String, String> {
        let n: usize = arg
            .parse()
            .map_err(|_| format!("START needs a board size, read {arg:?}"))?;
        if !SIZES.contains(&n) {
            return Err(format!(
                "unsupported board size {n} (supported: {} to {})",
                SIZES.start(),
                SIZES.end()
            ));
        }
        self.size = Some(n);
        self.stones.clear();
        self.renju = None;
        self.gomoku = None;
        Ok("OK".to_string())
    }

    fn need_board(&self) -> Result<usize, String> {
        self.size
            .ok_or_else(|| "no board yet: START first".to_string())
    }

    /// The cell index of `x,y` (0-based column, row), on the board and empty, or why not.
    fn empty_cell(&self, text: &str) -> Result<usize, String> {
        let n = self.need_board()?;
        let (x, y) = parse_pair(text).ok_or_else(|| format!("expected x,y, read {text:?}"))?;
        if x >= n || y >= n {
            return Err(format!("{x},{y} is off the {n}×{n} board"));
        }
        let cell = y * n + x;
        if self.stones.iter().any(|&(c, _)| c == cell) {
            return Err(format!("{x},{y} is occupied"));
        }
        Ok(cell)
    }

    fn turn(&mut self, arg: &str) -> Result<String, String> {
        let cell = self.empty_cell(arg)?;
        // The stone stays even if no answer can be given (a finished game): the error says why.
        self.stones.push((cell, Owner::Them));
        self.our_move()
    }

    fn board<R: BufRead>(&mut self, input: &mut R) -> Result<String, String> {
        // Read to DONE whatever happens, so a bad line does not leave the rest as commands.
        let mut stones = Vec::new();
        let mut problem = None;
        loop {
            let Some(line) = read_line(input) else {
                return Err("input ended before DONE".to_string());
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line.eq_ignore_ascii_case("DONE") {
                break;
            }
            if problem.is_some() {
                continue;
            }
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let parsed = match fields[..] {
                [x, y, f] => match (x.parse::<usize>(), y.parse::<usize>(), f) {
                    (Ok(x), Ok(y), "1") => Some((x, y, Some(Owner::Us))),
                    (Ok(x), Ok(y), "2") => Some((x, y, Some(Owner::Them))),
                    (Ok(x), Ok(y), "3") => Some((x, y, None)),
                    _ => None,
                },
                _ => None,
            };
            match parsed {
                None => problem = Some(format!("BOARD line {line:?}: expected x,y,1|2|3")),
                Some((_, _, None)) => {}
                Some((x, y, Some(owner))) => match self.size {
                    Some(n) if x < n && y < n => {
                        let cell = y * n + x;
                        if stones.iter().any(|&(c, _)| c == cell) {
                            problem = Some(format!("BOARD: {x},{y} given twice"));
                        } else {
                            stones.push((cell, owner));
                        }
                    }
                    Some(n) => problem = Some(format!("BOARD: {x},{y} is off the {n}×{n} board")),
                    None => problem = Some("BOARD before START".to_string()),
                },
            }
        }
        if let Some(p) = problem {
            return Err(p);
        }
        self.stones = stones;
        self.our_move()
    }

    fn takeback(&mut self, arg: &str) -> Result<String, String> {
        let n = self.need_board()?;
        let (x, y) = parse_pair(arg).ok_or_else(|| format!("expected x,y, read {arg:?}"))?;
        let cell = (x < n && y < n).then(|| y * n + x);
        match self.stones.iter().position(|&(c, _)| Some(c) == cell) {
            Some(i) => {
                self.stones.remove(i);
                Ok("OK".to_string())
            }
            None => Err(format!("TAKEBACK {x},{y}: no stone there")),
        }
    }

    fn info(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("INFO {key}: expected a number, read {value:?}"))
        };
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.timeout_turn = number()?,
            "timeout_match" => self.timeout_match = number()?,
            "time_left" => self.time_left = Some(number()?),
            "max_memory" => {
                self.max_memory = number()?;
                self.renju = None;
                self.gomoku = None;
            }
            "rule" => {
                let r = number()?;
                self.rule = if r & 4 != 0 {
                    GameRule::Renju
                } else if r & 1 != 0 {
                    GameRule::Standard
                } else {
                    GameRule::Freestyle
                };
                if r & 8 != 0 {
                    return Err(format!(
                        "INFO rule {r}: caro (bit 8) is not supported; playing {:?}",
                        self.rule
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The transposition table size that `max_memory` allows (a quarter of it, at most 64 MiB).
    fn tt_mib(&self) -> usize {
        if self.max_memory == 0 {
            MAX_TT_MIB
        } else {
            ((self.max_memory / 4) >> 20).clamp(1, MAX_TT_MIB as u64) as usize
        }
    }

    /// Ms this move may take (per-move limit, margin kept back) and ms left on the game clock.
    fn times(&self) -> (u64, u64) {
        let turn = if self.timeout_turn == 0 {
            FAST_MS
        } else {
            self.timeout_turn.min(u64::from(u32::MAX))
        };
        let game = if self.timeout_match == 0 {
            u64::from(u32::MAX) // no limit: about 50 days
        } else {
            self.time_left.unwrap_or(self.timeout_match)
        };
        (turn.min(game), game)
    }

    /// Our move, played on the board, as the protocol's `x,y`.
    fn our_move(&mut self) -> Result<String, String> {
        let n = self.need_board()?;
        if self.stones.len() >= n * n {
            return Err("the board is full".to_string());
        }
        let cell = match self.rule {
            GameRule::Renju => self.renju_move(n)?,
            GameRule::Freestyle | GameRule::Standard => self.gomoku_move(n)?,
        };
        self.stones.push((cell, Owner::Us));
        Ok(format!("{},{}", cell % n, cell / n))
    }

    /// Our color: Black when the stone count is even.
    fn we_are_black(&self) -> bool {
        self.stones.len() & 1 == 0
    }

    fn gomoku_move(&mut self, n: usize) -> Result<usize, String> {
        let rule = match self.rule {
            GameRule::Standard => Rule::ExactlyFive,
            _ => Rule::FiveOrMore,
        };
        let black_is_us = self.we_are_black();
        let mut board = GomokuBoard::new(n, rule);
        for &(cell, owner) in &self.stones {
            let black = (owner == Owner::Us) == black_is_us;
            board.play_as(
                cell,
                if black {
                    GomokuColor::Black
                } else {
                    GomokuColor::White
                },
            );
        }
        for s in [GomokuColor::Black, GomokuColor::White] {
            if board.has_won(s) {
                return Err("the game is over: a five is on the board".to_string());
            }
        }
        let (turn, game) = self.times();
        let config = GomokuConfig {
            margin_ms: MARGIN_MS,
            tt_mib: self.tt_mib(),
            max_nodes: self.max_nodes,
            ..GomokuConfig::default()
        };
        let engine = self
            .gomoku
            .get_or_insert_with(|| GomokuEngine::new(&config));
        Ok(engine.choose_on_clock(&board, turn, game, &config).0)
    }

    fn renju_move(&mut self, n: usize) -> Result<usize, String> {
        if n != RENJU_SIZE {
            return Err(format!(
                "renju is played on {RENJU_SIZE}×{RENJU_SIZE} only, not {n}×{n}"
            ));
        }
        let black_is_us = self.we_are_black();
        let mut board = RenjuBoard::new();
        for &(cell, owner) in &self.stones {
            let black = (owner == Owner::Us) == black_is_us;
            // The stone list holds each point once (BOARD and TURN refuse occupied points).
            board.put_unchecked(
                Point::from_index(cell),
                if black { Color::Black } else { Color::White },
            );
        }
        let me = if black_is_us {
            Color::Black
        } else {
            Color::White
        };
        let pos = Position::from_board(&board, me).without_opening_constraints();
        if pos.last_move_won() || board.five().is_some() {
            return Err("the game is over: a five is on the board".to_string());
        }
        let (turn, game) = self.times();
        let config = RenjuConfig {
            margin_ms: MARGIN_MS.min(turn / 2),
            turn_ms: Some(turn),
            max_nodes: self.max_nodes,
            ..self.renju_base
        }
        .with_tt_mib(self.tt_mib());
        let engine = self.renju.get_or_insert_with(|| RenjuEngine::new(&config));
        match engine.choose_in(pos, game, &config).0 {
            Move::Stone(p) => Ok(p.index()),
            Move::Pass => Err("no legal point for us (every empty point is forbidden)".to_string()),
        }
    }
}

/// `a,b` as two non-negative integers.
fn parse_pair(text: &str) -> Option<(usize, usize)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The next line of `input` (invalid UTF-8 replaced), or `None` at its end or on a read error.
fn read_line<R: BufRead>(input: &mut R) -> Option<String> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// Runs a new brain over `input`/`output` until `END` or the end of input.
pub fn run<R: BufRead, W: Write>(input: R, output: W) -> io::Result<()> {
    run_brain(Brain::new(), input, output)
}

/// Runs `brain` over `input`/`output` until `END` or the end of input.
pub fn run_brain<R: BufRead, W: Write>(
    mut brain: Brain,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    while let Some(line) = read_line(&mut input) {
        let (answers, end) = brain.handle(&line, &mut input);
        for a in answers {
            writeln!(output, "{a}")?;
        }
        output.flush()?;
        if end {
            break;
        }
    }
    Ok(())
}
