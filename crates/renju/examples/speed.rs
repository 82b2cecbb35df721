//! Search speed of the engine on positions in the tactical suite's format (`tests/data/
//! rapfi-suite.txt`: the moves, `|`, anything): each position searched for the given ms with
//! the engine's search (its beam for the side to move, late-move reductions, the pattern
//! evaluation), one line each with depth, nodes and nodes per second, then the total. The same
//! positions given to Rapfi (`tools/renju_suite.py --speed`) give its figures beside ours.
//!
//! Options after the ms: `--set NAME=VALUE` (repeatable) sets any of the engine's options by
//! name ([`EngineConfig::set`], as `alphano-renju --set`); `--quiet-order S` and `--search
//! NAME=0|1` are older spellings of two of them; `--depth D` stops each search after
//! depth D; `--pv 1` prints each search's principal variation on the line after its
//! figures; with `--nodes N` each search stops at N nodes instead (the same tree on
//! every run: the check that a change meant to be only faster leaves the search alone, by
//! comparing the lines, which also give the move found).
//!
//! ```sh
//! head -n 23 crates/renju/tests/data/rapfi-suite.txt | cargo run --release -p renju --example speed -- 1000
//! ```

use renju::book::replay_moves;
use renju::search_core::{Limits, Searcher};
use renju::{EngineConfig, Position};
use std::io::BufRead;

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut config = EngineConfig::default();
    let mut nodes_cap: Option<u64> = None;
    let mut depth_cap: Option<u32> = None;
    let mut show_pv = false;
    let rest: Vec<String> = std::env::args().skip(2).collect();
    for pair in rest.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        match pair[0].as_str() {
            "--nodes" => nodes_cap = value.parse().ok(),
            "--depth" => depth_cap = value.parse().ok(),
            "--pv" => show_pv = value == "1",
            "--quiet-order" => config.quiet_order = value.parse().ok().filter(|&s| s > 0),
            // `--search NAME=0|1` is the older name of `--set` for the selective options.
            "--search" | "--set" => config.set(value).expect("--set NAME=VALUE"),
            other => panic!(
                "unknown option {other} (--nodes N, --depth D, --pv 1, --set NAME=VALUE, --quiet-order S, --search NAME=0|1)"
            ),
        }
    }
    let (mut nodes, mut micros) = (0u64, 0u128);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let moves = line.split('|').next().unwrap_or("");
        let game = replay_moves(moves).unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut pos = Position::from_game(&game);
        pos.set_defend_combinations(config.defend_combinations);
        let mut searcher = Searcher::new(config.search_config(game.to_move()));
        let mut limits = nodes_cap.map_or(Limits::movetime(ms, 0), Limits::nodes);
        if let Some(d) = depth_cap {
            limits = limits.with_max_depth(d);
        }
        let r = config.search(&mut searcher, &mut pos, &limits);
        let us = r.stats.elapsed.as_micros().max(1);
        println!(
            "{:3} stones: depth {:2}, {:9} nodes, {:8.0} nodes/s, score {:6}, best {}",
            game.moves().len(),
            r.stats.depth,
            r.stats.nodes,
            r.stats.nodes as f64 * 1e6 / us as f64,
            r.score,
            r.best_move.map_or("-".to_string(), |m| m.to_string())
        );
        if show_pv {
            let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
            println!("    pv {}", pv.join(" "));
        }
        nodes += r.stats.nodes;
        micros += us;
    }
    println!(
        "total: {nodes} nodes in {:.1} s, {:.0} nodes/s",
        micros as f64 / 1e6,
        nodes as f64 * 1e6 / micros.max(1) as f64
    );
}
