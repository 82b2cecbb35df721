//! Domineering. Standard: the exact solver on empty 6×6 and 7×7 boards, each side to move (8×8
//! is timed once, outside criterion, with `PLYFORGE_SOLVE_8X8` set: it takes longer than a
//! sample should). Scored (ALPHANO): perft rate, search nodes per second, and exact endgame
//! solving time by the number of placements left.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use domineering::scored::endgame::Solver;
use domineering::scored::eval::DomEval;
use domineering::scored::{Move, Position, Side};
use domineering::solver::Solver as StandardSolver;
use domineering::Board;
use search_core::{perft, Limits, SearchConfig, Searcher};
use std::hint::black_box;

fn values(seed: u64) -> [[u8; 8]; 8] {
    domineering::scored::reference::seeded_values(seed)
}

/// A position from a seeded fill that stops when at most `left` placements remain for both.
fn late(seed: u64, left: u32) -> Position {
    let mut p = Position::new(values(seed));
    let mut k = seed;
    loop {
        let free = (p.placements(Side::First) | p.placements(Side::Second)).count_ones();
        if p.is_over() || free <= left {
            return p;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves.pop();
        if moves.is_empty() {
            p.play_unchecked(Move::Pass);
            continue;
        }
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p.play_unchecked(moves[(k >> 33) as usize % moves.len()]);
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("domineering");
    g.sample_size(10);
    let mut start = Position::new(values(1));
    g.throughput(Throughput::Elements(perft(&mut start, 3)));
    g.bench_function("perft3_start", |b| {
        b.iter(|| perft(black_box(&mut start), 3))
    });

    let config = SearchConfig {
        tt_mib: 8,
        aspiration: Some(search_core::Aspiration {
            window: 32,
            ..search_core::Aspiration::default()
        }),
        ..SearchConfig::default()
    };
    let mid = late(7, 30);
    let nodes = Searcher::new(config)
        .search(&mut mid.clone(), &DomEval::default(), &Limits::depth(5))
        .stats
        .nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("search_depth5_middle", |b| {
        b.iter(|| {
            Searcher::new(config).search(&mut mid.clone(), &DomEval::default(), &Limits::depth(5))
        })
    });

    for left in [10u32, 14, 18] {
        let pos = late(3, left);
        let r = Searcher::new(config).search(
            &mut pos.clone(),
            &DomEval::default(),
            &Limits::depth(120),
        );
        eprintln!(
            "endgame with {left} placements left: exact={} nodes={}",
            r.exact, r.stats.nodes
        );
        g.throughput(Throughput::Elements(1));
        g.bench_with_input(BenchmarkId::new("solve_endgame", left), &pos, |b, pos| {
            b.iter(|| {
                Searcher::new(config).search(
                    &mut pos.clone(),
                    &DomEval::default(),
                    &Limits::depth(120),
                )
            })
        });
    }
    for left in [14u32, 18, 24, 30] {
        let pos = late(3, left);
        let mut solver = Solver::new(&pos, 18);
        let (value, _) = solver.solve(&pos).expect("no limits");
        let exact_nodes = solver.nodes();
        let mut solver = Solver::new(&pos, 18);
        solver.winning_move(&pos).expect("no limits");
        eprintln!(
            "endgame solver, {left} placements left: value {value}, {exact_nodes} nodes exact, {} nodes win/loss",
            solver.nodes()
        );
        if left <= 24 {
            g.bench_with_input(
                BenchmarkId::new("endgame_solver_exact", left),
                &pos,
                |b, pos| b.iter(|| Solver::new(pos, 18).solve(pos)),
            );
        }
        g.bench_with_input(
            BenchmarkId::new("endgame_solver_win_loss", left),
            &pos,
            |b, pos| b.iter(|| Solver::new(pos, 18).winning_move(pos)),
        );
    }
    g.finish();
}

fn standard_solver(c: &mut Criterion) {
    let mut g = c.benchmark_group("solver_empty_board");
    g.sample_size(10);
    for n in [6usize, 7] {
        let mut pos = Board::new(n, n);
        for (name, to_move) in [
            ("h", domineering::Player::Horizontal),
            ("v", domineering::Player::Vertical),
        ] {
            pos.set_to_move(to_move);
            let s = StandardSolver::new(n, n, 20).solve(&pos).expect("no limit");
            eprintln!(
                "{n}×{n}, {name} to move: {} wins, {} nodes",
                s.winner.letter(),
                s.nodes
            );
            g.bench_with_input(
                BenchmarkId::new(format!("{n}x{n}"), name),
                &pos,
                |b, pos| b.iter(|| StandardSolver::new(n, n, 20).solve(pos)),
            );
        }
    }
    g.finish();
    // 8×8 once: the first player wins either way (Breuker, Uiterwijk and van den Herik 2000).
    if std::env::var_os("PLYFORGE_SOLVE_8X8").is_some() {
        let mut pos = Board::new(8, 8);
        for to_move in [
            domineering::Player::Horizontal,
            domineering::Player::Vertical,
        ] {
            pos.set_to_move(to_move);
            let s = StandardSolver::new(8, 8, 26).solve(&pos).expect("no limit");
            eprintln!(
                "8×8, {:?} to move: {} wins, {} nodes, {:.1} s",
                to_move,
                s.winner.letter(),
                s.nodes,
                s.time.as_secs_f64()
            );
        }
    }
}

criterion_group!(benches, bench, standard_solver);
criterion_main!(benches);
