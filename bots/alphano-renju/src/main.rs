//! `alphano-renju`: the Renju bot for ALPHANO.
//! Usage: `alphano-renju [--clock-percent P] [--nodes N] [--planned-moves N]
//! [--defend-vct 0|1] [--defend-threats 0|1] [--quiet-threats 0|1] [--reserve-percent P] [--beam N] [--black-beam N]
//! [--white-beam N] [--lmr-after N] [--lmr-by N] [--extend-forced 0|1] [--set NAME=VALUE]...`
//! (`--set`: any of `renju::EngineConfig::set`'s options, e.g. `null_move=1`, `quiet_order=64`;
//! `--search` is the same flag)
//! (the judge runs it bare; the others are for reference opponents and tuning).
//! Exit 0 after `FINISH`; exit 1 with one stderr line on malformed judge input.

use alphano_renju::run;
use renju::EngineConfig;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = EngineConfig::default();
    // The search shape flags: a beam per color, the reductions that go with a beam (none at the
    // full width), the single-reply extension; applied to both colors' SearchConfig below.
    // A beam or reduction of 0 on the command line is none.
    let mut beam = config.search.map(|s| s.beam.unwrap_or(0));
    let mut lmr = match config.search[0].lmr {
        Some(renju::search_core::Lmr {
            after,
            reduction: renju::search_core::Reduction::Plies(by),
            ..
        }) => (after, by),
        _ => (0, 0),
    };
    let mut extend = config.search[0].single_reply_extension;
    // NAME=VALUE options (renju::EngineConfig::set), applied after the search shape flags.
    let mut specs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let raw = args.next();
        if a == "--set" || a == "--search" {
            match raw {
                Some(spec) => specs.push(spec),
                None => {
                    eprintln!("alphano-renju: {a} needs NAME=VALUE");
                    return ExitCode::from(2);
                }
            }
            continue;
        }
        let value = raw.and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--clock-percent", Some(p)) => config.clock_percent = p.clamp(1, 100),
            ("--nodes", Some(n)) => config.max_nodes = Some(n),
            ("--planned-moves", Some(n)) => config.clock.planned_moves = n.clamp(1, 1000) as u32,
            ("--defend-vct", Some(n)) => config.defend_vct = n != 0,
            ("--defend-threats", Some(n)) => config.defend_threats = n != 0,
            ("--quiet-threats", Some(n)) => config.quiet_threats = n != 0,
            ("--reserve-percent", Some(n)) => config.clock.reserve_percent = n.min(90),
            ("--beam", Some(n)) => beam = [n as usize; 2],
            ("--black-beam", Some(n)) => beam[0] = n as usize,
            ("--white-beam", Some(n)) => beam[1] = n as usize,
            ("--lmr-after", Some(n)) => lmr.0 = n as usize,
            ("--lmr-by", Some(n)) => lmr.1 = n.min(8) as i32,
            ("--extend-forced", Some(n)) => extend = n != 0,
            ("--quiet-order", Some(n)) => {
                config.quiet_order = (n > 0).then_some(n.min(1 << 10) as i32)
            }
            _ => {
                eprintln!("alphano-renju: bad arguments (known: --clock-percent P, --nodes N, --planned-moves N, --defend-vct 0|1, --defend-threats 0|1, --quiet-threats 0|1, --reserve-percent P, --beam N, --black-beam N, --white-beam N, --lmr-after N, --lmr-by N, --extend-forced 0|1, --set NAME=VALUE)");
                return ExitCode::from(2);
            }
        }
    }
    for (s, b) in config.search.iter_mut().zip(beam) {
        s.beam = (b > 0).then_some(b);
        s.lmr = (b > 0 && lmr.1 > 0).then(|| renju::search_core::Lmr::fixed(lmr.0, lmr.1));
        s.single_reply_extension = extend;
    }
    for spec in &specs {
        if let Err(e) = config.set(spec) {
            eprintln!("alphano-renju: {e}");
            return ExitCode::from(2);
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
