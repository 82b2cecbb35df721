//! Lines of Action: perft rate (bitboard rules vs the naive reference in the same run) and search
//! speed (nodes per second at fixed depth, which also fixes the node count: a regression signature).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use loa::{reference, EvalWeights, LoaEval, Position};
use plyforge_benches::loa_middle_games;
use search_core::{perft, Evaluator, Limits, SearchConfig, Searcher};
use std::hint::black_box;

fn perft_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("loa_perft");
    g.sample_size(10);
    let mut start = Position::start();
    let leaves = perft(&mut start, 3);
    g.throughput(Throughput::Elements(leaves));
    g.bench_function("bitboard/start/depth3", |b| {
        b.iter(|| perft(black_box(&mut start), 3))
    });
    let mut board = reference::board_of(&start);
    g.bench_function("reference/start/depth3", |b| {
        b.iter(|| reference::perft(black_box(&mut board), 1, 3))
    });
    let mut mid = loa_middle_games().remove(1);
    g.throughput(Throughput::Elements(perft(&mut mid, 3)));
    g.bench_function("bitboard/middle/depth3", |b| {
        b.iter(|| perft(black_box(&mut mid), 3))
    });
    g.finish();
}

fn eval_bench(c: &mut Criterion) {
    let positions = loa_middle_games();
    let eval = LoaEval::new(EvalWeights::default());
    let mut g = c.benchmark_group("loa_eval");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("middle_games", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| eval.evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    g.finish();
}

fn search_bench(c: &mut Criterion) {
    let eval = LoaEval::new(EvalWeights::default());
    let mut g = c.benchmark_group("loa_search");
    g.sample_size(10);
    for (i, pos) in loa_middle_games().into_iter().enumerate() {
        let depth = 5;
        // A 2 MiB table holds these searches; a larger one would time its own allocation.
        let config = SearchConfig {
            tt_mib: 2,
            ..SearchConfig::default()
        };
        // Node count of one search from a fresh searcher: deterministic, the regression signature.
        let nodes = Searcher::new(config)
            .search(&mut pos.clone(), &eval, &Limits::depth(depth))
            .stats
            .nodes;
        eprintln!("loa_search middle{i} depth {depth}: {nodes} nodes");
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(
            BenchmarkId::new("depth5", format!("middle{i}")),
            &pos,
            |b, pos| {
                b.iter(|| {
                    let mut s = Searcher::new(SearchConfig {
                        tt_mib: 16,
                        ..SearchConfig::default()
                    });
                    s.search(&mut pos.clone(), &eval, &Limits::depth(depth))
                        .stats
                        .nodes
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, perft_bench, eval_bench, search_bench);
criterion_main!(benches);
