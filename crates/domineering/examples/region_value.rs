//! The exact combinatorial-game value of a Domineering position (horizontal is Left): each
//! region of empty cells on its own, then their sum and who wins it.
//!
//! Reads a position from stdin (rows of `.` empty, `#` blocked, `-`/`|` dominoes; see
//! `Board`'s text form); regions of up to 24 cells are valued (the first argument changes
//! the limit).
//!
//! ```sh
//! printf '..#...\n..#...\n' | cargo run --release -p domineering --example region_value
//! # region 1: {1|-1}
//! # region 2: {1/2|-2}
//! # sum: {{3/2|-1/2}|{-1|-3}} outcome R (vertical wins whoever starts)
//! ```

use domineering::cgt::{Outcome, Regions};
use domineering::Board;
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let limit = match std::env::args().nth(1).map(|a| a.parse::<u32>()) {
        None => 24,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("region_value: the cell limit: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("region_value: reading stdin: {e}");
        return ExitCode::FAILURE;
    }
    let board: Board = match text.parse() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("region_value: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut regions = Regions::new(limit);
    let parts = regions.region_values(&board);
    let mut sum = regions.games().zero();
    for (k, part) in parts.iter().enumerate() {
        match part {
            Some(g) => {
                println!("region {}: {}", k + 1, regions.games().value(*g));
                sum = regions.games().sum(sum, *g);
            }
            None => {
                eprintln!("region_value: region {} has more than {limit} cells", k + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let outcome = regions.games().outcome(sum);
    let says = match outcome {
        Outcome::L => "horizontal wins whoever starts",
        Outcome::R => "vertical wins whoever starts",
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    };
    println!(
        "sum: {} outcome {outcome:?} ({says})",
        regions.games().value(sum)
    );
    ExitCode::SUCCESS
}
