//! `neerc-gomoku`: the second player for NEERC 2014 problem G "Gomoku".
//! Usage: `neerc-gomoku [--budget-ms N]` (the judge runs it without arguments).
//! Exit 0 after `-1 -1`; exit 1 with one stderr line on malformed judge input.

use neerc_gomoku::{run, Config};
use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("neerc-gomoku: internal error: {info}")
    }));
    match run(
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        Config::default(),
    ) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("neerc-gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
