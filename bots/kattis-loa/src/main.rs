//! `kattis-loa`: the Lines of Action bot for Kattis `linesofaction`.
//!
//! Usage: `kattis-loa [--budget-ms N] [--nodes N] [--weight NAME=VALUE]... [--search NAME=0|1]...
//! [--verbose]` (`--search`: a selective option of the engine, see `loa::engine::Selective`)
//! (`--nodes` caps each search for reproducible play, as the bundle test uses it). — the judge runs it without arguments.
//! Exit status 0 after a finished game; 1 with one line on stderr for malformed judge input.

use kattis_loa::{run, Config};
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    // The judge is a uniformly random mover: the settings tuned against one.
    let mut config = Config::against_random();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--budget-ms" => match args.next().and_then(|v| v.parse().ok()) {
                Some(ms) => config.budget_ms = ms,
                None => {
                    eprintln!("kattis-loa: --budget-ms needs a whole number of milliseconds");
                    return ExitCode::from(2);
                }
            },
            "--nodes" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) => config.max_nodes = Some(n),
                None => {
                    eprintln!("kattis-loa: --nodes needs a whole number");
                    return ExitCode::from(2);
                }
            },
            "--verbose" => config.verbose = true,
            "--search" => {
                let spec = args.next().unwrap_or_default();
                if let Err(e) = config.set_search(&spec) {
                    eprintln!("kattis-loa: --search {spec:?}: {e}");
                    return ExitCode::from(2);
                }
            }
            "--weight" => {
                let spec = args.next().unwrap_or_default();
                if let Err(e) = config.set_weight(&spec) {
                    eprintln!("kattis-loa: --weight {spec:?}: {e}");
                    return ExitCode::from(2);
                }
            }
            other => {
                eprintln!("kattis-loa: unknown argument {other:?} (known: --budget-ms N, --nodes N, --weight NAME=VALUE, --search NAME=0|1, --verbose)");
                return ExitCode::from(2);
            }
        }
    }
    // A panic must never print a trace: the only panic path left is a bug, reported in one line.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("kattis-loa: internal error: {info}")
    }));
    match run(io::stdin().lock(), io::stdout().lock(), config) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kattis-loa: {e}");
            ExitCode::FAILURE
        }
    }
}
