//! `domineering-solve --to-move h|v`: reads a board from stdin (m lines of n characters, `.`
//! empty, `#` occupied, 1 ≤ m, n ≤ 13) and prints who wins standard Domineering with perfect play
//! — `H` (horizontal dominoes) or `V` (vertical) — then ` nodes=N time_ms=T`.
//!
//! Options: `--to-move h|v` (required), `--table-bits B` (transposition table of 2^B entries,
//! default 22). Errors (bad arguments, a malformed board) give one line on stderr and exit 2.

use domineering_bomb::solver::Solver;
use domineering_bomb::{Player, Position};
use std::io::Read;
use std::process::ExitCode;

fn fail(msg: &str) -> ExitCode {
    eprintln!("domineering-solve: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut to_move = None;
    let mut bits = 22u32;
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1).map(String::as_str)) {
            ("--to-move", Some("h" | "H")) => to_move = Some(Player::Horizontal),
            ("--to-move", Some("v" | "V")) => to_move = Some(Player::Vertical),
            ("--table-bits", Some(b)) => match b.parse() {
                Ok(b) if (10..=30).contains(&b) => bits = b,
                _ => return fail(&format!("--table-bits {b:?}: expected 10..=30")),
            },
            ("-h" | "--help", _) => {
                println!("usage: domineering-solve --to-move h|v [--table-bits B] < board");
                return ExitCode::SUCCESS;
            }
            (a, v) => {
                return fail(&format!(
                    "unexpected argument {a:?}{}; usage: --to-move h|v [--table-bits B]",
                    v.map(|v| format!(" {v:?}")).unwrap_or_default()
                ))
            }
        }
        i += 2;
    }
    let Some(to_move) = to_move else {
        return fail("--to-move h|v is required");
    };
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        return fail(&format!("reading the board: {e}"));
    }
    let pos = match Position::from_text(&text) {
        Ok(p) => p,
        Err(e) => return fail(&format!("bad board: {e}")),
    };
    let mut solver = Solver::new(pos.rows(), pos.cols(), bits);
    let s = solver.solve(&pos, to_move).expect("no node limit was set");
    println!(
        "{} nodes={} time_ms={}",
        s.winner.letter(),
        s.nodes,
        s.time.as_millis()
    );
    ExitCode::SUCCESS
}
