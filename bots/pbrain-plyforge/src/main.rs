//! `pbrain-plyforge`: the plyforge engines as a Gomocup (Piskvork protocol) brain. Run it from a
//! Gomocup manager or GUI, or by hand: `START 15`, `INFO rule 4`, `BEGIN`, … (see the library
//! docs). Exits 0 after `END` or at the end of input; 1 if writing the answers fails.
//!
//! `pbrain-plyforge [--renju NAME=VALUE]...`: the Renju engine's tuning options
//! (`renju::EngineConfig::set`, e.g. `--renju null_move=1`), for matches between settings; a
//! manager runs it bare. A bad option: one stderr line, exit 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("pbrain-plyforge: internal error: {info}")
    }));
    let mut renju = renju::EngineConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let set = match (a.as_str(), args.next()) {
            ("--renju", Some(spec)) => renju.set(&spec),
            _ => Err(format!(
                "unknown argument {a:?} (known: --renju NAME=VALUE)"
            )),
        };
        if let Err(e) = set {
            eprintln!("pbrain-plyforge: {e}");
            return ExitCode::from(2);
        }
    }
    let brain = pbrain_plyforge::Brain::new().with_renju_config(renju);
    match pbrain_plyforge::run_brain(brain, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-plyforge: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
