//! The Kattis `linesofaction` protocol (spec: `shared/specs/kattis-loa.md`), separate from `main`
//! so that tests and the fuzzer can drive it with any reader and writer.
//!
//! 1. Read one integer: 0 = we play Black (first), 1 = White.
//! 2. On our turn print `r1 c1 r2 c2` (1-based) and flush; on the judge's turn read its move.
//! 3. Stop, exit 0 and read nothing more once the game is over: a side connected, the side to move
//!    without a legal move, or 100 plies played.
//!
//! Reading is tolerant — any whitespace between integers, a move may span lines — but strict about
//! content: a non-number, a line holding more numbers than the value being read, an off-board or
//! illegal judge move, or input ending in the middle of a value is an error naming what was read.
//! Input that ends cleanly between moves is taken as the end of the game (spec, "decided").

pub use loa::engine::{gives_immediate_win, Engine, EngineConfig as Config, MAX_PLIES};
use loa::{Color, Position};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Write};

/// Why the bot stopped with an error.
#[derive(Debug)]
pub enum BotError {
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
    /// The input could not be understood; the string says what was read and where.
    Malformed(String),
    /// The judge's move is not legal in the current position.
    IllegalMove {
        /// The four numbers read.
        read: [i64; 4],
        /// Why they are not a legal move.
        why: loa::MoveError,
        /// Ply number (1-based) of the move.
        ply: u32,
    },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Io(e) => write!(f, "i/o error: {e}"),
            BotError::Malformed(s) => write!(f, "malformed input: {s}"),
            BotError::IllegalMove { read, why, ply } => write!(
                f,
                "judge move at ply {ply} \"{} {} {} {}\" rejected: {why}",
                read[0], read[1], read[2], read[3]
            ),
        }
    }
}

impl std::error::Error for BotError {}

impl From<io::Error> for BotError {
    fn from(e: io::Error) -> Self {
        BotError::Io(e)
    }
}

/// How a game ended, as the bot saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A side connected; the winner.
    Won(Color),
    /// The side to move had no legal move.
    NoMoves,
    /// 100 plies were played.
    PlyLimit,
    /// Input ended cleanly between moves.
    InputClosed,
}

/// Reads whitespace-separated integers, a value at a time (see the module docs for the rules).
pub struct IntReader<R> {
    input: R,
    pending: VecDeque<String>,
    line_no: u64,
    line: String,
}

impl<R: BufRead> IntReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        IntReader {
            input,
            pending: VecDeque::new(),
            line_no: 0,
            line: String::new(),
        }
    }

    /// Reads the next `N` integers for `what`. `Ok(None)`: input ended before any of them.
    pub fn read<const N: usize>(&mut self, what: &str) -> Result<Option<[i64; N]>, BotError> {
        let mut out = [0i64; N];
        let mut got = 0;
        while got < N {
            if self.pending.is_empty() {
                self.line.clear();
                // A line that is not UTF-8 is malformed input, not an i/o failure.
                let mut raw = Vec::new();
                let n = self.input.read_until(b'\n', &mut raw)?;
                if n == 0 {
                    if got == 0 {
                        return Ok(None);
                    }
                    return Err(BotError::Malformed(format!(
                        "input ended while reading {what}: got only {:?}",
                        &out[..got]
                    )));
                }
                self.line_no += 1;
                self.line = String::from_utf8_lossy(&raw).into_owned();
                let tokens: Vec<String> = self.line.split_whitespace().map(String::from).collect();
                if tokens.len() > N - got {
                    return Err(BotError::Malformed(format!(
                        "line {} {:?} holds {} numbers, but {what} needs {}",
                        self.line_no,
                        self.line.trim_end(),
                        tokens.len(),
                        N - got
                    )));
                }
                self.pending.extend(tokens);
                continue;
            }
            let tok = self.pending.pop_front().expect("non-empty");
            out[got] = tok.parse().map_err(|_| {
                BotError::Malformed(format!(
                    "line {} {:?}: {tok:?} is not an integer (reading {what})",
                    self.line_no,
                    self.line.trim_end()
                ))
            })?;
            got += 1;
        }
        Ok(Some(out))
    }
}

/// Whether the game is over in `pos` after `plies` plies, and how.
pub fn game_end(pos: &Position, plies: u32) -> Option<GameEnd> {
    if let Some(w) = pos.winner() {
        return Some(GameEnd::Won(w));
    }
    if pos.mobility(pos.to_move()) == 0 {
        return Some(GameEnd::NoMoves);
    }
    (plies >= MAX_PLIES).then_some(GameEnd::PlyLimit)
}

/// Plays one game over `input`/`output` as the Kattis judge runs it.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: Config,
) -> Result<GameEnd, BotError> {
    let mut reader = IntReader::new(input);
    let [colour] = reader
        .read::<1>("our colour")?
        .ok_or_else(|| BotError::Malformed("input ended before our colour (0 or 1)".into()))?;
    let us = match colour {
        0 => Color::Black,
        1 => Color::White,
        other => {
            return Err(BotError::Malformed(format!(
                "colour must be 0 (Black) or 1 (White), read {other}"
            )))
        }
    };
    let mut player = Engine::new(config, us);
    let mut pos = Position::start();
    let mut plies = 0;
    loop {
        if let Some(end) = game_end(&pos, plies) {
            return Ok(end);
        }
        let mv = if pos.to_move() == us {
            let mv = player.choose(&pos, plies);
            writeln!(output, "{}", mv.judge())?;
            output.flush()?;
            mv
        } else {
            let Some(read) = reader.read::<4>("the judge's move (r1 c1 r2 c2)")? else {
                return Ok(GameEnd::InputClosed);
            };
            pos.parse_move(read).map_err(|why| BotError::IllegalMove {
                read,
                why,
                ply: plies + 1,
            })?
        };
        pos.play(mv);
        plies += 1;
    }
}
