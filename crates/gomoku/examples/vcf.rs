//! A victory by continuous fours, if the side to move has one.
//!
//! Reads a board from stdin (rows of `.`, `X`, `O`, optionally `rule:` and `to move:` lines; see
//! `Board`'s text form) and prints the VCF as points (`h8 …`, the defender's forced replies in
//! brackets), or says there is none within the search limits.
//!
//! ```sh
//! cargo run --release -p gomoku --example vcf < crates/gomoku/examples/vcf-board.txt
//! ```

use gomoku::threats::{vcf, ThreatLimits};
use gomoku::Board;
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("vcf: reading stdin: {e}");
        return ExitCode::FAILURE;
    }
    let mut board: Board = match text.parse() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("vcf: {e}");
            return ExitCode::FAILURE;
        }
    };
    let limits = ThreatLimits {
        max_fours: 20,
        max_nodes: 1_000_000,
    };
    let me = board.to_move();
    match vcf(&mut board, limits) {
        Some(line) => {
            let names: Vec<String> = line
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let name = board.point_name(c);
                    if i % 2 == 1 {
                        format!("({name})")
                    } else {
                        name
                    }
                })
                .collect();
            println!("{me:?} wins by continuous fours: {}", names.join(" "));
        }
        None => println!("{me:?} has no VCF within {} fours", limits.max_fours),
    }
    ExitCode::SUCCESS
}
