//! `alphano-renju`: the Renju bot for ALPHANO.
//! Usage: `alphano-renju [--clock-percent P] [--nodes N] [--planned-moves N] [--vct-levels N]
//! [--defend-vct 0|1] [--beam N] [--black-beam N] [--white-beam N] [--lmr-after N] [--lmr-by N]
//! [--extend-forced 0|1]`
//! (the judge runs it bare; the others are for reference opponents and tuning).
//! Exit 0 after `FINISH`; exit 1 with one stderr line on malformed judge input.

use alphano_renju::run;
use renju::EngineConfig;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = EngineConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--clock-percent", Some(p)) => config.clock_percent = p.clamp(1, 100),
            ("--nodes", Some(n)) => config.max_nodes = Some(n),
            ("--planned-moves", Some(n)) => config.planned_moves = n.max(1),
            ("--vct-levels", Some(n)) => config.vct_levels = n as u32,
            ("--defend-vct", Some(n)) => config.defend_vct = n != 0,
            ("--beam", Some(n)) => config.beam = [n as usize; 2],
            ("--black-beam", Some(n)) => config.beam[0] = n as usize,
            ("--white-beam", Some(n)) => config.beam[1] = n as usize,
            ("--lmr-after", Some(n)) => config.lmr.0 = n as usize,
            ("--lmr-by", Some(n)) => config.lmr.1 = n.min(8) as i32,
            ("--extend-forced", Some(n)) => config.extend_forced = n != 0,
            _ => {
                eprintln!("alphano-renju: bad arguments (known: --clock-percent P, --nodes N, --planned-moves N, --vct-levels N, --defend-vct 0|1, --beam N, --black-beam N, --white-beam N, --lmr-after N, --lmr-by N, --extend-forced 0|1)");
                return ExitCode::from(2);
            }
        }
    }
    std::panic::set_hook(Box::new(|info| {
        eprintln!("alphano-renju: internal error: {info}")
    }));
    match run(std::io::stdin().lock(), std::io::stdout().lock(), config) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("alphano-renju: {e}");
            ExitCode::FAILURE
        }
    }
}
