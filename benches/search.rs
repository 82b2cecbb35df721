//! The search on each game at a fixed depth, with each engine's own search settings: the node
//! count and move of every search are printed first (deterministic: the regression signature
//! of search-core and of each game's move order and evaluation; a change that should not alter
//! the tree must leave them as they are), then criterion times them (throughput in nodes).
//!
//! The suites: LOA, Renju (each color's shape), Code Warriors, Gomoku (the Gomocup brain's
//! engine), scored ALPHANO Domineering.
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

/// `p` after up to `plies` random moves from a xorshift generator seeded by `seed`.
fn playout<G: Game>(mut p: G, seed: u64, plies: u32) -> G {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut moves = Vec::new();
    for _ in 0..plies {
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
    p
}

fn codewarriors(c: &mut Criterion) {
    let config = domineering_bomb::engine::EngineConfig::default();
    let positions = (1..=4)
        .map(|seed| playout(domineering_bomb::Position::new(13, 13, true), seed, 20))
        .collect();
    Suite {
        name: "codewarriors",
        positions,
        eval: BombEval::default(),
        config: config.search_config(),
        depth: 3,
    }
    .bench(c);
}

fn gomoku(c: &mut Criterion) {
    let config = gomoku::engine::EngineConfig::default();
    let mut positions = Vec::new();
    for seed in 1..=4u64 {
        let mut board = gomoku::Board::new(19, gomoku::Rule::FiveOrMore);
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        // Stones near the centre, at random, until 16 are down (nobody wins that early here).
        while board.stones() < 16 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let (r, c) = (6 + (state % 7) as i32, 6 + ((state >> 8) % 7) as i32);
            let cell = board.cell(r, c).expect("on the board");
            if board.at(cell).is_none() {
                board.play_unchecked(cell);
            }
        }
        positions.push(gomoku::engine::Position::new(board));
    }
    Suite {
        name: "gomoku",
        positions,
        eval: gomoku::engine::WindowEval,
        config: config.search_config(),
        depth: 4,
    }
    .bench(c);
}

fn alphano_domineering(c: &mut Criterion) {
    let positions = (1..=4)
        .map(|seed| {
            let values = domineering::scored::reference::seeded_values(seed);
            playout(domineering::scored::Position::new(values), seed, 8)
        })
        .collect();
    Suite {
        name: "alphano_domineering",
        positions,
        eval: domineering::scored::eval::DomEval::default(),
        // As `scored::engine::Engine::new`: an aspiration window of two points.
        config: SearchConfig {
            aspiration: Some(search_core::Aspiration {
                window: 2 * domineering::scored::SCALE,
                ..search_core::Aspiration::default()
            }),
            ..SearchConfig::default()
        },
        depth: 5,
    }
    .bench(c);
}

criterion_group!(
    benches,
    loa,
    renju,
    codewarriors,
    gomoku,
    alphano_domineering
);
criterion_main!(benches);
