//! `codewarriors-domineering`: one turn of 13×13 Domineering with bombs for the Code Warriors
//! arena — reads the 171-integer line, prints `type row col`, exits.
//!
//! Usage: `codewarriors-domineering [--think-ms N] [--nodes N]` (the arena runs it without
//! arguments; `--nodes` caps the search for reproducible play). Exit status 0 after answering;
//! 1 with one line on stderr for malformed input; 2 for bad arguments. Otherwise stderr stays
//! quiet: the arena never reads it.

use codewarriors_domineering::run;
use domineering_bomb::engine::EngineConfig;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = EngineConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--think-ms", Some(ms)) => config.think_ms = ms,
            ("--nodes", Some(n)) => config.max_nodes = Some(n),
            _ => {
                eprintln!(
                    "codewarriors-domineering: bad argument {arg:?} (known: --think-ms N, --nodes N)"
                );
                return ExitCode::from(2);
            }
        }
    }
    // Panics inside the engine are caught and answered with a legal move: keep them silent.
    std::panic::set_hook(Box::new(|_| {}));
    match run(io::stdin().lock(), io::stdout().lock(), &config) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("codewarriors-domineering: {e}");
            ExitCode::FAILURE
        }
    }
}
