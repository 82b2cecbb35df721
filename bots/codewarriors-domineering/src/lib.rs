//! The Code Warriors Domineering-with-bombs protocol (spec:
//! `shared/specs/codewarriors-domineering.md`), separate from `main` so tests and the fuzzer can
//! drive it.
//!
//! The arena starts the bot once per turn and writes one line of 171 integers: our id (1 =
//! horizontal, 2 = vertical), the 169 cells of the 13×13 board row-major (0 empty, 1 horizontal
//! domino, 2 vertical domino), and our bomb flag (1 = unused). stdin is never closed, so exactly
//! 171 integers are read and no more. The answer is one line `type row col` (0-based; type 1 a
//! domino by its left/top cell, type 2 a bomb by its area's top-left corner), then the process
//! exits; the arena allows 1 s of wall time from its write to our exit.

use domineering_bomb::engine::{choose, EngineConfig};
use domineering_bomb::{opponent_bomb_certainly_used, Cell, Move, Player, Position};
use std::io::{BufRead, Write};

/// Integers on the input line.
pub const INPUT_INTEGERS: usize = 171;
/// Board side.
pub const SIDE: usize = 13;

pub use bot_io::BotError;

/// One turn's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who we are.
    pub me: Player,
    /// The board with us to move; our bomb as sent, the opponent's assumed unused unless the
    /// board proves otherwise ([`opponent_bomb_certainly_used`]).
    pub position: Position,
}

/// Reads exactly [`INPUT_INTEGERS`] integers (any white space between them) without reading
/// past the last one's end: a token ends at white space, or — for the last one — where the
/// bytes received so far end, so a missing trailing space cannot make the bot wait for input
/// that never comes (stdin stays open).
pub fn read_integers<R: BufRead>(input: &mut R) -> Result<Vec<i64>, BotError> {
    let mut values = Vec::with_capacity(INPUT_INTEGERS);
    let mut token = String::new();
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            // End of input: a pending token counts; too few integers is an error.
            if !token.is_empty() {
                values.push(parse_token(&token, values.len())?);
            }
            if values.len() == INPUT_INTEGERS {
                return Ok(values);
            }
            return Err(BotError::Bad(format!(
                "input ended after {} of {INPUT_INTEGERS} integers",
                values.len()
            )));
        }
        let mut used = 0;
        for &b in buf {
            used += 1;
            if b.is_ascii_whitespace() {
                if !token.is_empty() {
                    values.push(parse_token(&token, values.len())?);
                    token.clear();
                    if values.len() == INPUT_INTEGERS {
                        input.consume(used);
                        return Ok(values);
                    }
                }
            } else {
                if token.len() >= 20 {
                    return Err(BotError::Bad(format!(
                        "integer {} is too long",
                        values.len() + 1
                    )));
                }
                token.push(b as char);
            }
        }
        input.consume(used);
        // The last integer with nothing after it yet: every valid last value is one digit, so
        // take it rather than wait for a space that may never come.
        if values.len() == INPUT_INTEGERS - 1 && !token.is_empty() {
            values.push(parse_token(&token, values.len())?);
            return Ok(values);
        }
    }
}

fn parse_token(t: &str, index: usize) -> Result<i64, BotError> {
    t.parse().map_err(|_| {
        BotError::Bad(format!(
            "integer {} of {INPUT_INTEGERS} is not an integer: {t:?}",
            index + 1
        ))
    })
}

/// Checks the 171 integers and builds the position (us to move).
pub fn parse_turn(values: &[i64]) -> Result<Turn, BotError> {
    if values.len() != INPUT_INTEGERS {
        return Err(BotError::Bad(format!(
            "{} integers, expected {INPUT_INTEGERS}",
            values.len()
        )));
    }
    let me = match values[0] {
        1 => Player::Horizontal,
        2 => Player::Vertical,
        other => return Err(BotError::Bad(format!("player id {other}, expected 1 or 2"))),
    };
    let mut cells = Vec::with_capacity(SIDE * SIDE);
    for (i, &v) in values[1..1 + SIDE * SIDE].iter().enumerate() {
        cells.push(match v {
            0 => Cell::Empty,
            1 => Cell::Horizontal,
            2 => Cell::Vertical,
            other => {
                return Err(BotError::Bad(format!(
                    "cell {} (row {}, column {}) is {other}, expected 0, 1 or 2",
                    i,
                    i / SIDE,
                    i % SIDE
                )))
            }
        });
    }
    let my_bomb = match values[INPUT_INTEGERS - 1] {
        0 => false,
        1 => true,
        other => return Err(BotError::Bad(format!("bomb flag {other}, expected 0 or 1"))),
    };
    let mut bombs = [true; 2];
    bombs[me as usize] = my_bomb;
    let mut position = Position::from_cells(SIDE, SIDE, &cells, bombs, me)
        .map_err(|e| BotError::Bad(format!("impossible board: {e}")))?;
    if opponent_bomb_certainly_used(&position, me) {
        position.set_bomb(me.opponent(), false);
    }
    Ok(Turn { me, position })
}

/// Plays one turn: reads the input line, writes the answer. With no legal move (the game is
/// already lost) it still answers a syntactically valid domino, `1 0 0`.
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    config: &EngineConfig,
) -> Result<Option<Move>, BotError> {
    let values = read_integers(&mut input)?;
    let turn = parse_turn(&values)?;
    let mv = choose(&turn.position, config);
    match mv {
        Some(m) => writeln!(output, "{m}")?,
        None => writeln!(output, "1 0 0")?,
    }
    output.flush()?;
    Ok(mv)
}
