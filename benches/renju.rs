//! Renju rules: the forbidden check of one point and the full forbidden set of a position, on
//! 60-stone middle-game positions from seeded greedy games (`plyforge_benches::renju_game`).
//! Target (issue 4): the full set of a 60-stone position in under 10 µs on average.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use plyforge_benches::renju_game;
use renju_rules::{Point, SIZE};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let games: Vec<_> = (1..=16).map(|s| renju_game(s, 60)).collect();
    let forbidden: usize = games.iter().map(|b| b.forbidden_points().len()).sum();
    eprintln!(
        "{} positions of {:?} stones, {forbidden} forbidden points in all",
        games.len(),
        games.iter().map(|b| b.stones()).collect::<Vec<_>>()
    );
    let mut g = c.benchmark_group("renju_forbidden");
    g.throughput(Throughput::Elements(games.len() as u64));
    g.bench_function("full_set/60_stones", |b| {
        b.iter(|| {
            for board in &games {
                black_box(board.forbidden_points());
            }
        })
    });
    // One point: every empty point of every position, one check each.
    let points: Vec<(usize, Point)> = games
        .iter()
        .enumerate()
        .flat_map(|(k, b)| {
            (0..SIZE * SIZE)
                .map(Point::from_index)
                .filter(|&p| b.get(p).is_none())
                .map(move |p| (k, p))
                .collect::<Vec<_>>()
        })
        .collect();
    g.throughput(Throughput::Elements(points.len() as u64));
    g.bench_function("one_point/60_stones", |b| {
        b.iter(|| {
            for &(k, p) in &points {
                black_box(games[k].forbidden(p));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
