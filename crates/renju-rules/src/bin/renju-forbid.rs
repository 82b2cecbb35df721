//! `renju-forbid`: reads Renju positions from stdin — each 15 lines of 15 characters (`.` empty,
//! `X` Black, `O` White; the first line is row 1, the first character column 1), positions
//! separated by one blank line — and prints one line per position: its Black-forbidden empty
//! points in increasing (row, column) order as `row,col:kind` (1-based; kind `overline`,
//! `double-four` or `double-three`) separated by spaces, or `-` when there are none.
//!
//! A malformed position gives one error line on stderr naming the position and the line, and
//! exit status 1 (positions before it have been printed).

use renju_rules::{Board, SIZE};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut block: Vec<String> = Vec::new();
    let mut first_line = 1;
    let mut position = 0;
    let mut lines = stdin.lock().lines().enumerate().peekable();
    loop {
        let next = lines.next();
        let (no, line) = match next {
            Some((i, Ok(l))) => (i + 1, Some(l)),
            Some((i, Err(e))) => {
                eprintln!("renju-forbid: reading line {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
            None => (0, None),
        };
        let blank = line.as_deref().map_or(true, |l| l.trim().is_empty());
        if !blank {
            if block.is_empty() {
                first_line = no;
            }
            block.push(line.unwrap_or_default());
            continue;
        }
        if !block.is_empty() {
            position += 1;
            if block.len() != SIZE {
                eprintln!(
                    "renju-forbid: position {position} (line {first_line}): {} lines, expected {SIZE}",
                    block.len()
                );
                return ExitCode::FAILURE;
            }
            match Board::parse(&block.join("\n")) {
                Ok(board) => {
                    let points = board.forbidden_points();
                    let text = if points.is_empty() {
                        "-".to_string()
                    } else {
                        points
                            .iter()
                            .map(|(p, k)| format!("{},{}:{}", p.row + 1, p.col + 1, k.name()))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    if writeln!(out, "{text}").is_err() {
                        return ExitCode::FAILURE;
                    }
                }
                Err(e) => {
                    // Board::parse names the row within the position; make it an input line too.
                    let within: Option<usize> = e
                        .message()
                        .strip_prefix("row ")
                        .and_then(|r| r.split_whitespace().next())
                        .and_then(|n| n.parse().ok());
                    let at = within.map_or(String::new(), |k| {
                        format!(" (input line {})", first_line + k - 1)
                    });
                    eprintln!("renju-forbid: position {position}: {e}{at}");
                    return ExitCode::FAILURE;
                }
            }
            block.clear();
        }
        if line.is_none() {
            break;
        }
    }
    ExitCode::SUCCESS
}
