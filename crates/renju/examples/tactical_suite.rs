//! The tactical suite as the engine meets it: positions of our games against Rapfi in which
//! Rapfi (single thread, classical evaluation, 1 s a move) proved a forced win for the side to
//! move (`tests/data/rapfi-suite.txt`, made by `tools/renju_suite.py`). For a budget of the
//! given ms a position (100 by default; issue 31's measure is 1000) it prints how many of those
//! wins [`renju::engine::prove_win`] proves (by Rapfi's mate length) and how many of Rapfi's
//! first moves the engine plays. A strength figure, so it is measured here and recorded, not
//! asserted in `cargo test` (the searches stop on the clock: the figures move with the load;
//! at 1 s a position, runs alone on an idle machine proved 324, 324, 324 and 323 at a36f56c,
//! where the same run beside another one (one per core) proved 318: the issue's figure is a
//! run alone).
//! Options after the ms: `--set NAME=VALUE` (repeatable) sets any of the engine's options by
//! name ([`EngineConfig::set`], e.g. `weak_numbers=0`) for both the proofs and the engine's
//! moves; `--prove-only` skips the engine's moves (half the time); `--file PATH` reads the
//! positions from PATH (the suite's format, e.g. the wins our engine missed in its games,
//! `tools/renju_missed.py`) in place of the suite; `--moves` prints each position's line of
//! the suite's format with the engine's move in place of Rapfi's (to be judged by Rapfi,
//! e.g. whether the move keeps the win); `--times` prints each position's proof on a line of
//! its own: its index in the file (0-based, comment lines not counted), Rapfi's mate length,
//! `proved` or `-`, and the wall time the proof took in ms (with a budget above 1000 it shows
//! which positions sit near the issue's 1 s: how far each is from it, not only whether).
//!
//! ```sh
//! cargo run --release -p renju --example tactical_suite -- 1000
//! ```

use renju::engine::prove_win;
use renju::{Engine, EngineConfig, Position};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[path = "../tests/common/suite.rs"]
mod suite_data;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: u64 = args
        .get(1)
        .map(|a| a.parse().expect("ms a position"))
        .unwrap_or(100);
    let mut base = EngineConfig::default();
    for pair in args.windows(2).filter(|w| w[0] == "--set") {
        base.set(&pair[1]).expect("--set NAME=VALUE");
    }
    let prove_only = args.iter().any(|a| a == "--prove-only");
    let print_moves = args.iter().any(|a| a == "--moves");
    let print_times = args.iter().any(|a| a == "--times");
    let judge = suite_data::suite_word;
    let (mut cases, mut proved, mut same) = (0, 0, 0);
    let mut by_length = BTreeMap::<u32, (u32, u32)>::new();
    let cases_of = match args.windows(2).find(|w| w[0] == "--file") {
        Some(w) => suite_data::parse(&std::fs::read_to_string(&w[1]).expect("--file PATH")),
        None => suite_data::suite(),
    };
    for suite_data::Case { game, mate, rapfi } in cases_of {
        let mut pos = Position::from_game(&game);
        let started = Instant::now();
        let win = prove_win(&mut pos, &base, Duration::from_millis(ms)).is_some();
        if print_times {
            let took = started.elapsed().as_millis();
            let result = if win { "proved" } else { "-" };
            println!("{cases} M{mate} {result} {took}");
        }
        cases += 1;
        proved += usize::from(win);
        let e = by_length.entry(mate).or_default();
        e.0 += u32::from(win);
        e.1 += 1;
        if prove_only {
            continue;
        }
        let config = EngineConfig {
            turn_ms: Some(ms + base.margin_ms),
            ..base
        };
        let (mv, _) = Engine::new(&config).choose(&game, 1_000_000, &config);
        same += usize::from(mv == rapfi);
        if print_moves {
            let moves: Vec<String> = game.moves().iter().map(|m| judge(*m)).collect();
            println!(
                "{} | M{mate} {} {}",
                moves.join(" "),
                judge(mv),
                judge(rapfi)
            );
        }
    }
    for (len, (p, n)) in &by_length {
        println!("  M{len}: proved {p} of {n}");
    }
    println!(
        "tactical suite, {ms} ms a position: proved {proved} of {cases} Rapfi wins, played Rapfi's move in {same}"
    );
}
