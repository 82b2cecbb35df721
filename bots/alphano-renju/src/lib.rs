//! The ALPHANO Renju protocol (spec: `shared/specs/alphano-renju.md`), separate from `main` so
//! tests and the fuzzer can drive it.
//!
//! 1. `READY FIRST|SECOND` → `OK` (FIRST plays Black).
//! 2. `TURN my_time opp_time` → `MOVE x y` (1-based row, column) or `MOVE -1 -1` (pass), within
//!    `my_time` ms of the remaining whole-game clock.
//! 3. `OPP x y time` → the opponent's move. 4. `FINISH` → exit 0 without output.
//!
//! Any malformed line, an illegal opponent move (occupied, off the board, breaking the opening
//! constraints, forbidden to Black), a command out of turn, or input ending before `FINISH` is
//! an error naming the line. Our own move always passes the rules' legality check: a failed
//! search falls back to a legal candidate (a pass only when nothing else is legal).

use renju::{Engine, EngineConfig};
use renju_rules::game::{Move, RenjuGame};
use renju_rules::Color;
use std::io::{BufRead, Write};

pub use bot_io::BotError;
use bot_io::{two_ints, Lines};

/// Plays one game over `input`/`output`. Returns the number of moves we made.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: EngineConfig,
) -> Result<usize, BotError> {
    let mut lines = Lines::new(input);
    let ready = lines.next("READY")?;
    let us = match ready.trim() {
        "READY FIRST" => Color::Black,
        "READY SECOND" => Color::White,
        other => {
            return Err(BotError::Bad(format!(
                "line 1: expected READY FIRST or READY SECOND, read {other:?}"
            )))
        }
    };
    writeln!(output, "OK")?;
    output.flush()?;
    let mut game = RenjuGame::new();
    let mut engine = Engine::new(&config);
    let mut ours = 0;
    loop {
        let line = lines.next("FINISH")?;
        let n = lines.no();
        let parts: Vec<&str> = line.split_whitespace().collect();
        match parts.first().copied() {
            Some("FINISH") if parts.len() == 1 => return Ok(ours),
            Some("TURN") if parts.len() == 3 => {
                if game.to_move() != us {
                    return Err(BotError::Bad(format!(
                        "line {n}: TURN while the opponent is to move"
                    )));
                }
                let (my_time, _) = two_ints(&parts[1..], n, &line)?;
                let (mv, _) = engine.choose(&game, my_time.max(0) as u64, &config);
                writeln!(output, "MOVE {}", mv.judge())?;
                output.flush()?;
                game.try_play(mv)
                    .map_err(|e| BotError::Bad(format!("line {n}: our move {mv}: {e}")))?;
                ours += 1;
            }
            Some("OPP") if parts.len() == 4 => {
                if game.to_move() == us {
                    return Err(BotError::Bad(format!("line {n}: OPP while we are to move")));
                }
                let (x, y) = two_ints(&parts[1..], n, &line)?;
                parts[3].parse::<i64>().map_err(|_| {
                    BotError::Bad(format!("line {n} {line:?}: expected a time in ms"))
                })?;
                let mv = Move::from_judge(x, y)
                    .map_err(|e| BotError::Bad(format!("line {n}: opponent {e}")))?;
                game.try_play(mv).map_err(|e| {
                    BotError::Bad(format!("line {n}: opponent's move {mv} is illegal: {e}"))
                })?;
            }
            _ => return Err(BotError::Bad(format!("line {n}: unexpected {line:?}"))),
        }
    }
}
