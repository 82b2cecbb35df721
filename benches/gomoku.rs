//! Gomoku (NEERC 2014): window-table update rate, the judge's move computation, and the planner's
//! forced-win search rate, on positions from real games of the planner against the judge.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gomoku::neerc::{JudgePlayer, Model, Planner};
use gomoku::Color;
use std::hint::black_box;

/// The position after `plies` moves of the planner against the judge with `seed` (stops before
/// the game ends).
fn game_position(seed: i64, plies: usize) -> Model {
    let mut m = Model::new();
    let mut judge = JudgePlayer::new(seed);
    let mut planner = Planner::default();
    while m.board().stones() < plies {
        let mv = if m.board().to_move() == Color::Black {
            judge.choose(&m).expect("empty cells")
        } else {
            planner.choose(&mut m)
        };
        m.play_unchecked(mv);
        if m.board().has_won(Color::Black) || m.board().has_won(Color::White) {
            m.undo();
            break;
        }
    }
    m
}

fn bench(c: &mut Criterion) {
    let mid = game_position(-614_188_506, 12);
    let empty: Vec<usize> = (0..361).filter(|&x| mid.board().at(x).is_none()).collect();

    let mut g = c.benchmark_group("gomoku");
    g.throughput(Throughput::Elements(empty.len() as u64 * 2));
    let mut board = mid.board().clone();
    g.bench_function("board_play_undo (window table)", |b| {
        b.iter(|| {
            for &x in &empty {
                board.play_unchecked(x);
                board.undo();
            }
        })
    });
    let mut model = mid.clone();
    g.bench_function("model_play_undo (table + judge gains)", |b| {
        b.iter(|| {
            for &x in &empty {
                model.play_unchecked(x);
                model.undo();
            }
        })
    });

    g.throughput(Throughput::Elements(1));
    let judge_pos = game_position(-302_182_768, 10); // Black to move
    g.bench_function("judge_move", |b| {
        b.iter(|| JudgePlayer::new(black_box(7)).choose(&judge_pos))
    });

    let search_pos = game_position(1_714_649_334, 9);
    let planner = || {
        let mut p = Planner::default();
        p.node_budget = 20_000;
        p
    };
    let mut probe = planner();
    probe.forced_win(&mut search_pos.clone());
    let nodes = probe.nodes().max(1);
    eprintln!("forced_win on the benchmark position: {nodes} nodes");
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("forced_win_search", |b| {
        b.iter(|| planner().forced_win(&mut search_pos.clone()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
