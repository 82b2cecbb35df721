//! The NEERC 2014 "Gomoku" protocol (spec: `shared/specs/neerc-gomoku.md`), separate from `main` so
//! tests and the fuzzer can drive it.
//!
//! Repeatedly: read a line `x y` (1-based); `-1 -1` ends the game (exit 0); otherwise it is the
//! judge's move: answer with ours as `x y` and flush. A malformed line, an off-board or occupied
//! judge move, or input ending before `-1 -1` is an error naming what was read.

use gomoku::neerc::{Model, Planner, SIZE};
use gomoku::Color;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

pub use bot_io::BotError;

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Thinking budget for the whole game in ms (the judge allows 2 s per game).
    pub budget_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { budget_ms: 800 }
    }
}

/// Plays one game over `input`/`output`. Returns the number of moves we played.
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    config: Config,
) -> Result<usize, BotError> {
    let mut model = Model::new();
    let mut planner = Planner::default();
    let base_budget = planner.node_budget;
    let mut used = Duration::ZERO;
    let mut ours = 0;
    let mut line = String::new();
    let mut line_no = 0;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Err(BotError::Bad(format!(
                "input ended after line {line_no} without the closing \"-1 -1\""
            )));
        }
        line_no += 1;
        let text = line.trim();
        let nums: Vec<i64> = text
            .split_whitespace()
            .map(|t| t.parse::<i64>())
            .collect::<Result<_, _>>()
            .map_err(|_| BotError::Bad(format!("line {line_no} {text:?} is not two integers")))?;
        let [x, y] = nums[..] else {
            return Err(BotError::Bad(format!(
                "line {line_no} {text:?} holds {} numbers, expected 2",
                nums.len()
            )));
        };
        if (x, y) == (-1, -1) {
            return Ok(ours);
        }
        let start = Instant::now();
        let n = SIZE as i64;
        if !(1..=n).contains(&x) || !(1..=n).contains(&y) {
            return Err(BotError::Bad(format!(
                "line {line_no}: judge move {x} {y} is off the board"
            )));
        }
        let cell = ((x - 1) * n + (y - 1)) as usize;
        if model.board().at(cell).is_some() {
            return Err(BotError::Bad(format!(
                "line {line_no}: judge move {x} {y} is on an occupied cell"
            )));
        }
        if model.board().to_move() != Color::Black {
            return Err(BotError::Bad(format!(
                "line {line_no}: a judge move while it is our turn"
            )));
        }
        model.play_unchecked(cell);
        if model.board().has_won(Color::Black) || model.board().is_full() {
            // The game is over; the judge will say -1 -1.
            continue;
        }
        // Spend less search as the budget runs down: never past it.
        let left = config.budget_ms.saturating_sub(used.as_millis() as u64);
        planner.node_budget = if left > config.budget_ms / 4 {
            base_budget
        } else {
            base_budget / 20
        };
        let mv = planner.choose(&mut model);
        model.play_unchecked(mv);
        ours += 1;
        writeln!(output, "{} {}", mv / SIZE + 1, mv % SIZE + 1)?;
        output.flush()?;
        used += start.elapsed();
    }
}
