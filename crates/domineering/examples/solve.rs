//! Who wins a standard Domineering position, with either side to move.
//!
//! Reads a position from stdin (rows of `.` empty, `#` blocked, `-`/`|` dominoes; see
//! `Board`'s text form) and prints the winner with each side to move, a winning first move
//! when there is one, and the work it took.
//!
//! ```sh
//! printf '......\n......\n......\n......\n......\n......\n' |
//!   cargo run --release -p domineering --example solve
//! ```

use domineering::solver::Solver;
use domineering::{Board, Player};
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("solve: reading stdin: {e}");
        return ExitCode::FAILURE;
    }
    let mut pos: Board = match text.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("solve: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut solver = Solver::new(pos.rows(), pos.cols(), 22);
    for to_move in [Player::Horizontal, Player::Vertical] {
        pos.set_to_move(to_move);
        let s = solver.solve(&pos).expect("no limit was set");
        let first = match solver.winning_move(&pos) {
            Ok(Some(mv)) => format!(", e.g. by a domino at row {}, column {}", mv.row, mv.col),
            _ => String::new(),
        };
        println!(
            "{to_move:?} to move: {:?} wins{first} ({} nodes, {} ms)",
            s.winner,
            s.nodes,
            s.time.as_millis()
        );
    }
    ExitCode::SUCCESS
}
