//! The ALPHANO Domineering protocol (spec: `shared/specs/alphano-domineering.md`), separate from
//! `main` so tests and the fuzzer can drive it.
//!
//! 1. Read 8 lines of 8 cell values (0..=3).
//! 2. `READY FIRST|SECOND` → `OK`.
//! 3. `TURN my_time opp_time` → `MOVE x y` (1-based top-left cell) or `MOVE -1 -1` (pass), within
//!    `my_time` ms of the remaining whole-game clock.
//! 4. `OPP x y time` → the opponent's move. 5. `FINISH` → exit 0 without output.
//!
//! Any malformed line, an illegal opponent move, or input ending before `FINISH` is an error
//! naming the line. The engine is `domineering::scored::engine`; our own move always comes from
//! the legal list there (a failed search falls back to the first legal move, a pass at worst).

use domineering::scored::engine::Engine;
pub use domineering::scored::engine::EngineConfig as Config;
use domineering::scored::{Position, Side};
use std::io::{BufRead, Write};

pub use bot_io::BotError;
use bot_io::{two_ints, Lines};

/// Plays one game over `input`/`output`. Returns the number of moves we made.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: Config,
) -> Result<usize, BotError> {
    let mut lines = Lines::new(input);
    let mut board = String::new();
    for _ in 0..8 {
        board.push_str(&lines.next("the 8 board lines")?);
        board.push('\n');
    }
    let values = Position::parse_values(&board).map_err(|e| BotError::Bad(e.to_string()))?;
    let mut pos = Position::new(values);
    let ready = lines.next("READY")?;
    let us = match ready.trim() {
        "READY FIRST" => Side::First,
        "READY SECOND" => Side::Second,
        other => {
            return Err(BotError::Bad(format!(
                "expected READY FIRST or READY SECOND, read {other:?}"
            )))
        }
    };
    writeln!(output, "OK")?;
    output.flush()?;
    let mut engine = Engine::new(&config);
    let mut ours = 0;
    loop {
        let line = lines.next("FINISH")?;
        let parts: Vec<&str> = line.split_whitespace().collect();
        let n = lines.no();
        match parts.first().copied() {
            Some("FINISH") => return Ok(ours),
            Some("TURN") => {
                if pos.to_move() != us {
                    return Err(BotError::Bad(format!(
                        "line {n}: TURN while the opponent is to move"
                    )));
                }
                let (my_time, _) = two_ints(&parts[1..], n, &line)?;
                let mv = engine.choose(&pos, my_time.max(0) as u64, &config);
                writeln!(output, "MOVE {mv}")?;
                output.flush()?;
                pos.play_unchecked(mv);
                ours += 1;
            }
            Some("OPP") => {
                if pos.to_move() == us {
                    return Err(BotError::Bad(format!("line {n}: OPP while we are to move")));
                }
                let (x, y) = two_ints(&parts[1..], n, &line)?;
                let mv = pos
                    .parse_move(x, y)
                    .map_err(|e| BotError::Bad(format!("line {n}: opponent {e}")))?;
                pos.play_unchecked(mv);
            }
            _ => return Err(BotError::Bad(format!("line {n}: unknown command {line:?}"))),
        }
    }
}
