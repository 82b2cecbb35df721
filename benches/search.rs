//! The search on each game at a fixed depth, with each engine's own search settings: the node
//! count and move of every search are printed first (deterministic: the regression signature
//! of search-core and of each game's move order and evaluation; a change that should not alter
//! the tree must leave them as they are), then criterion times them (throughput in nodes).
//!
//! LOA also at depth 6 with each selective option of search-core alone (the engine's preset
//! values), against none: the nodes each saves.
//!
//! `cargo bench -p plyforge-benches --bench search` (add `-- --test` for the signature alone).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use domineering_bomb::eval::BombEval;
use loa::LoaEval;
use plyforge_benches::{loa_playout, renju_position};
use renju::PatternEval;
use search_core::{Evaluator, Game, Limits, SearchConfig, Searcher, Selective};
use std::fmt::Debug;
use std::hint::black_box;

/// One game's fixed-depth suite: the positions, its evaluator, its search settings, the depth.
struct Suite<G: Game, E: Evaluator<G>> {
    name: &'static str,
    positions: Vec<G>,
    eval: E,
    config: SearchConfig,
    depth: u32,
}

impl<G: Game + Clone, E: Evaluator<G>> Suite<G, E>
where
    G::Move: Debug,
{
    /// Runs every search once; prints and returns the total nodes.
    fn signature(&self) -> u64 {
        let mut total = 0;
        for (i, p) in self.positions.iter().enumerate() {
            let r = Searcher::new(self.config).search(
                &mut p.clone(),
                &self.eval,
                &Limits::depth(self.depth),
            );
            eprintln!(
                "{} #{i} depth {}: {} nodes, best {:?}, score {}",
                self.name, self.depth, r.stats.nodes, r.best_move, r.score
            );
            total += r.stats.nodes;
        }
        eprintln!("{}: {total} nodes in all", self.name);
        total
    }

    fn bench(&self, c: &mut Criterion) {
        let nodes = self.signature();
        let mut g = c.benchmark_group("search_fixed_depth");
        g.sample_size(10);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(self.name, |b| {
            b.iter(|| {
                for p in &self.positions {
                    black_box(Searcher::new(self.config).search(
                        &mut p.clone(),
                        &self.eval,
                        &Limits::depth(self.depth),
                    ));
                }
            })
        });
        g.finish();
    }
}

fn loa(c: &mut Criterion) {
    let config = loa::engine::EngineConfig::default();
    let positions: Vec<_> = (1..=6).map(|s| loa_playout(s, 10 + 2 * s as u32)).collect();
    Suite {
        name: "loa",
        positions: positions.clone(),
        eval: LoaEval::new(config.weights),
        config: config.search_config(),
        depth: 5,
    }
    .bench(c);
    // Each selective option alone (the engine's preset values) against none: what it saves.
    let preset = loa::engine::EngineConfig::preset();
    let base = loa::engine::EngineConfig {
        selective: Selective::default(),
        ..config
    }
    .search_config();
    for name in std::iter::once("none").chain(Selective::NAMES) {
        let mut on = Selective::default();
        if name != "none" {
            on.set(name, true).expect("a known option");
        }
        let label: &'static str = Box::leak(format!("loa_depth6/{name}").into_boxed_str());
        Suite {
            name: label,
            positions: positions.clone(),
            eval: LoaEval::new(config.weights),
            config: on.apply(base, &preset),
            depth: 6,
        }
        .bench(c);
    }
}

fn renju(c: &mut Criterion) {
    let config = renju::EngineConfig::default();
    let positions: Vec<_> = (1..60)
        .filter_map(|s| renju_position(s, 24))
        .take(6)
        .collect();
    for (name, side) in [("renju_black_shape", 0), ("renju_white_shape", 1)] {
        Suite {
            name,
            positions: positions.clone(),
            eval: PatternEval,
            config: config.search[side],
            depth: 5,
        }
        .bench(c);
    }
}

fn codewarriors(c: &mut Criterion) {
    let config = domineering_bomb::engine::EngineConfig::default();
    let mut positions = Vec::new();
    for seed in 1..=4u64 {
        let mut p = domineering_bomb::Position::new(13, 13, true);
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut moves = Vec::new();
        for _ in 0..20 {
            moves.clear();
            p.generate_moves(&mut moves);
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            p.make_move(moves[(state % moves.len() as u64) as usize]);
        }
        positions.push(p);
    }
    Suite {
        name: "codewarriors",
        positions,
        eval: BombEval::default(),
        config: config.search_config(),
        depth: 3,
    }
    .bench(c);
}

criterion_group!(benches, loa, renju, codewarriors);
criterion_main!(benches);
