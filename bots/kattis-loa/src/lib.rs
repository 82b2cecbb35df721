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

pub use bot_io::BotError;
use bot_io::Ints;
pub use loa::engine::{gives_immediate_win, Engine, EngineConfig as Config};
use loa::{Color, GameEnd, Position, MAX_PLIES};
use std::io::{BufRead, Write};

/// How the game stopped, as the bot saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The rules ended it ([`Position::game_end`] under the judge's ply limit).
    Over(GameEnd),
    /// The input ended cleanly between moves (spec, "decided").
    InputClosed,
}

/// Plays one game over `input`/`output` as the Kattis judge runs it.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: Config,
) -> Result<Finish, BotError> {
    let mut reader = Ints::new(input);
    let [color] = reader
        .read::<1>("our color")?
        .ok_or_else(|| BotError::Bad("input ended before our color (0 or 1)".into()))?;
    let us = match color {
        0 => Color::Black,
        1 => Color::White,
        other => {
            return Err(BotError::Bad(format!(
                "color must be 0 (Black) or 1 (White), read {other}"
            )))
        }
    };
    let mut player = Engine::new(config, us);
    let mut pos = Position::start();
    let mut plies = 0;
    loop {
        if let Some(end) = pos.game_end(plies, MAX_PLIES) {
            return Ok(Finish::Over(end));
        }
        let mv = if pos.to_move() == us {
            let mv = player.choose(&pos, plies);
            writeln!(output, "{}", mv.judge())?;
            output.flush()?;
            mv
        } else {
            let Some(read) = reader.read::<4>("the judge's move (r1 c1 r2 c2)")? else {
                return Ok(Finish::InputClosed);
            };
            pos.parse_move(read).map_err(|why| {
                BotError::Bad(format!(
                    "judge move at ply {} \"{} {} {} {}\" rejected: {why}",
                    plies + 1,
                    read[0],
                    read[1],
                    read[2],
                    read[3]
                ))
            })?
        };
        pos.play_unchecked(mv);
        plies += 1;
    }
}
