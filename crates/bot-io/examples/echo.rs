//! The smallest bot on `bot-io`: reads `x y` lines and answers each with `MOVE x y` until `END`;
//! malformed input gives one line on stderr and exit status 1, as every plyforge bot does.
//!
//! ```sh
//! printf '3 4\n5 6\nEND\n' | cargo run -p bot-io --example echo
//! ```

use bot_io::{two_ints, BotError, Lines};
use std::io::{self, Write};
use std::process::ExitCode;

fn run() -> Result<(), BotError> {
    let mut lines = Lines::new(io::stdin().lock());
    let mut out = io::stdout().lock();
    loop {
        let line = lines.next("a move or END")?;
        if line.trim() == "END" {
            return Ok(());
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        let (x, y) = two_ints(&parts, lines.no(), &line)?;
        writeln!(out, "MOVE {x} {y}")?;
        out.flush()?;
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("echo: {e}");
            ExitCode::FAILURE
        }
    }
}
