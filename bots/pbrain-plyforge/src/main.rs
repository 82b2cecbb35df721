//! `pbrain-plyforge`: the plyforge engines as a Gomocup (Piskvork protocol) brain. Run it from a
//! Gomocup manager or GUI, or by hand: `START 15`, `INFO rule 4`, `BEGIN`, … (see the library
//! docs). Exits 0 after `END` or at the end of input; 1 if writing the answers fails.

use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("pbrain-plyforge: internal error: {info}")
    }));
    match pbrain_plyforge::run(std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-plyforge: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
