//! Search speed of the engine on positions in the tactical suite's format (`tests/data/
//! rapfi-suite.txt`: the moves, `|`, anything): each position searched for the given ms with
//! the engine's search (its beam for the side to move, late-move reductions, the pattern
//! evaluation), one line each with depth, nodes and nodes per second, then the total. The same
//! positions given to Rapfi (`tools/renju_suite.py --speed`) give its figures beside ours.
//!
//! With `--nodes N` after the ms, each search stops at N nodes instead (the same tree on
//! every run: the check that a change meant to be only faster leaves the search alone, by
//! comparing the lines, which also give the move found).
//!
//! ```sh
//! head -n 23 crates/renju/tests/data/rapfi-suite.txt | cargo run --release -p renju --example speed -- 1000
//! ```

use renju::renju_rules::game::{Move, Opening, RenjuGame};
use renju::search_core::{Limits, Searcher};
use renju::{EngineConfig, PatternEval, Position};
use std::io::BufRead;

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let nodes_cap: Option<u64> = match std::env::args().nth(2).as_deref() {
        Some("--nodes") => std::env::args().nth(3).and_then(|a| a.parse().ok()),
        _ => None,
    };
    let config = EngineConfig::default();
    let (mut nodes, mut micros) = (0u64, 0u128);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let moves = line.split('|').next().unwrap_or("");
        let mut game = RenjuGame::with_opening(Opening::Alphano);
        for m in moves.split_whitespace() {
            let (r, c) = m.split_once(',').expect("row,col");
            let mv = Move::from_judge(r.parse().unwrap(), c.parse().unwrap()).expect("a point");
            game.try_play(mv).expect("a legal move");
        }
        let mut pos = Position::from_game(&game);
        let mut searcher = Searcher::new(config.search[game.to_move() as usize]);
        let limits = nodes_cap.map_or(Limits::movetime(ms, 0), Limits::nodes);
        let r = searcher.search(&mut pos, &PatternEval, &limits);
        let us = r.stats.elapsed.as_micros().max(1);
        println!(
            "{:3} stones: depth {:2}, {:9} nodes, {:8.0} nodes/s, best {}",
            game.moves().len(),
            r.stats.depth,
            r.stats.nodes,
            r.stats.nodes as f64 * 1e6 / us as f64,
            r.best_move.map_or("-".to_string(), |m| m.to_string())
        );
        nodes += r.stats.nodes;
        micros += us;
    }
    println!(
        "total: {nodes} nodes in {:.1} s, {:.0} nodes/s",
        micros as f64 / 1e6,
        nodes as f64 * 1e6 / micros.max(1) as f64
    );
}
