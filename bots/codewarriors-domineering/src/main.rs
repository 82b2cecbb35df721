//! `codewarriors-domineering`: one turn of 13×13 Domineering with bombs for the Code Warriors
//! arena — reads the 171-integer line, prints `type row col`, exits.
//!
//! Usage: `codewarriors-domineering [--think-ms N] [--nodes N] [--solver-empty N]
//! [--solver-nodes N] [--search NAME=0|1]...` (the arena runs it without arguments; `--search`
//! turns on a selective option of the search, `search_core::Selective`; `--nodes` caps the search for
//! reproducible play; the solver flags set when the exact solver is tried, for tuning). Exit status 0 after answering;
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
        let raw = args.next();
        if arg == "--search" {
            let spec = raw.unwrap_or_default();
            if let Err(e) = config.selective.set_spec(&spec) {
                eprintln!("codewarriors-domineering: --search {spec:?}: {e}");
                return ExitCode::from(2);
            }
            continue;
        }
        let value = raw.and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--think-ms", Some(ms)) => config.think_ms = ms,
            ("--nodes", Some(n)) => config.max_nodes = Some(n),
            ("--solver-empty", Some(n)) => {
                config.solver_max_empty = n.min(u64::from(u32::MAX)) as u32
            }
            ("--solver-nodes", Some(n)) => config.solver_nodes = n,
            _ => {
                eprintln!(
                    "codewarriors-domineering: bad argument {arg:?} (known: --think-ms N, \
                     --nodes N, --solver-empty N, --solver-nodes N, --search NAME=0|1)"
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
