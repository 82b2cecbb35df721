//! Black's forbidden points of Renju positions given as text.
//!
//! Reads diagrams from stdin (15 rows of 15 cells, `X` Black, `O` White, `.` empty; blank
//! lines and spaces are ignored, so any diagram layout works) separated by a line `--`, and
//! prints each position's forbidden points with their kinds, e.g. `h8 double-three`.
//!
//! ```sh
//! cargo run -p renju-rules --example forbidden < crates/renju-rules/examples/positions.txt
//! ```

use renju_rules::Board;
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("forbidden: reading stdin: {e}");
        return ExitCode::FAILURE;
    }
    for (i, diagram) in input.split("\n--").enumerate() {
        if diagram.trim().is_empty() {
            continue;
        }
        let board: Board = match diagram.parse() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("forbidden: position {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        };
        println!("position {}:", i + 1);
        let points = board.forbidden_points();
        if points.is_empty() {
            println!("  no forbidden point");
        }
        for (point, kind) in points {
            println!("  {point} {kind}");
        }
    }
    ExitCode::SUCCESS
}
