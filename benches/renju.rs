//! Renju rules: the forbidden check of one point and the full forbidden set of a position, on
//! 60-stone middle-game positions from seeded greedy games (`plyforge_benches::renju_game`).
//! Target (issue 4): the full set of a 60-stone position in under 10 µs on average.
//!
//! Renju engine, on positions of games between seeded one-ply pattern players: the evaluation
//! of a 30-stone position, nodes per second of a depth-3 search (throughput in nodes), the
//! time to complete depth 5 with the engine's beam and late-move reductions against the full
//! width (with the depths each completes in 100,000 nodes printed), and the
//! VCF search on positions where the side to move has one (found within the engine's limits),
//! against the same search on positions without.
//!
//! The board's put and remove with patterns recomputed against restored; the df-pn threat
//! prover's nodes per second on tactical-suite positions at a fixed node budget.

#[path = "vcf_group.rs"]
mod vcf_group;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gomoku::threats;
use plyforge_benches::{renju_game, renju_position};
use renju::eval::ShapeEval;
use renju::{EngineConfig, PatternEval, Position};
use renju_rules::{Color, Point, SIZE};
use search_core::{Evaluator, Limits, SearchConfig, Searcher};
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

fn engine(c: &mut Criterion) {
    let positions: Vec<Position> = (1..40)
        .filter_map(|s| renju_position(s, 30))
        .take(8)
        .collect();
    let mut g = c.benchmark_group("renju_engine");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("eval/30_stones", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(PatternEval.evaluate(p));
            }
        })
    });
    // ShapeEval's cost beside PatternEval's in the same run (its pair features on top).
    g.bench_function("eval_shape/30_stones", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(ShapeEval.evaluate(p));
            }
        })
    });
    let config = SearchConfig {
        tt_mib: 16,
        ..SearchConfig::default()
    };
    let search = |p: &Position| {
        Searcher::new(config).search(&mut p.clone(), &PatternEval, &Limits::depth(3))
    };
    let nodes: u64 = positions[..4].iter().map(|p| search(p).stats.nodes).sum();
    eprintln!("depth-3 searches of 4 positions: {nodes} nodes");
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.bench_function("search_depth3/4_positions", |b| {
        b.iter(|| {
            for p in &positions[..4] {
                black_box(search(p));
            }
        })
    });

    // Black's search shape (a beam of 12 and late-move reductions, `EngineConfig`'s
    // defaults) against the full width (White's): the depth each completes in 100,000 nodes, and the
    // time to complete depth 5.
    let engine_cfg = EngineConfig::default();
    let shapes = [
        ("full_width", config),
        (
            "beam12_lmr",
            SearchConfig {
                beam: engine_cfg.search[0].beam,
                lmr: engine_cfg.search[0].lmr,
                ..config
            },
        ),
    ];
    for (name, cfg) in shapes {
        let depths: Vec<u32> = positions
            .iter()
            .map(|p| {
                Searcher::new(cfg)
                    .search(&mut p.clone(), &PatternEval, &Limits::nodes(100_000))
                    .stats
                    .depth
            })
            .collect();
        eprintln!("{name}: depths completed in 100,000 nodes: {depths:?}");
    }
    for (name, cfg) in shapes {
        let nodes: u64 = positions[..4]
            .iter()
            .map(|p| {
                Searcher::new(cfg)
                    .search(&mut p.clone(), &PatternEval, &Limits::depth(5))
                    .stats
                    .nodes
            })
            .sum();
        eprintln!("{name}: depth-5 searches of 4 positions: {nodes} nodes");
        g.throughput(Throughput::Elements(4));
        g.bench_function(format!("search_depth5/{name}"), |b| {
            b.iter(|| {
                for p in &positions[..4] {
                    black_box(Searcher::new(cfg).search(
                        &mut p.clone(),
                        &PatternEval,
                        &Limits::depth(5),
                    ));
                }
            })
        });
    }
    g.finish();

    // VCF: positions (either side to move) of seeded greedy games, 20 to 60 stones.
    let limits = EngineConfig::default().vcf;
    let mut with = Vec::new();
    let mut without = Vec::new();
    'seeds: for seed in 1..400 {
        for stones in (16..=60).step_by(4) {
            let Some(g) = renju_position(seed, stones) else {
                break;
            };
            for side in [Color::Black, Color::White] {
                let mut p = Position::from_board(g.board(), side);
                if p.winning_points(side).is_empty() && p.winning_points(side.opponent()).is_empty()
                {
                    match threats::vcf(&mut p, limits) {
                        Some(_) if with.len() < 16 => with.push(p),
                        None if without.len() < 16 => without.push(p),
                        _ => {}
                    }
                }
            }
            if with.len() == 16 && without.len() == 16 {
                break 'seeds;
            }
        }
    }
    eprintln!(
        "VCF positions: {} with a VCF, {} without",
        with.len(),
        without.len()
    );
    vcf_group::bench_vcf(c, "renju_vcf", &with, &without, limits);
}

/// Putting and removing one stone on each empty point of a 60-stone position: the patterns
/// recomputed on removal (`put_unchecked`/`remove_unchecked`) against restored from what the
/// put saved (`put_saving`/`remove_restoring`, what `renju::Position` does), the same points
/// in the same run; and `renju::Position`'s play and undo there, which also keeps every
/// point's score for both colors (the evaluation's and move ordering's per-point data).
fn board(c: &mut Criterion) {
    let games: Vec<_> = (1..=4).map(|s| renju_game(s, 60)).collect();
    let empties: usize = games.iter().map(|b| SIZE * SIZE - b.stones()).sum();
    let mut g = c.benchmark_group("renju_board");
    g.throughput(Throughput::Elements(empties as u64));
    // Every empty point of every position, put and removed by `put_remove`.
    let each_empty = |put_remove: &mut dyn FnMut(&mut renju_rules::Board, Point)| {
        for board in &games {
            let mut board = board.clone();
            for i in 0..SIZE * SIZE {
                let p = Point::from_index(i);
                if board.get(p).is_none() {
                    put_remove(&mut board, p);
                }
            }
            black_box(board.key());
        }
    };
    g.bench_function("put_remove/recompute", |b| {
        b.iter(|| {
            each_empty(&mut |board, p| {
                board.put_unchecked(p, Color::Black);
                board.remove_unchecked(p);
            })
        })
    });
    g.bench_function("put_remove/restore", |b| {
        let mut saved = Vec::new();
        b.iter(|| {
            each_empty(&mut |board, p| {
                board.put_saving(p, Color::Black, &mut saved);
                board.remove_restoring(p, &mut saved);
            })
        })
    });
    // The engine's position on the same boards: the board's restore plus every point's kept
    // score (`Position::score`) brought up to date, what a search pays per move and undo.
    let positions: Vec<Position> = games
        .iter()
        .map(|b| Position::from_board(b, Color::Black).without_opening_constraints())
        .collect();
    g.bench_function("put_remove/position_with_point_scores", |b| {
        b.iter(|| {
            for pos in &positions {
                let mut pos = pos.clone();
                for i in 0..SIZE * SIZE {
                    let p = Point::from_index(i);
                    if pos.board().get(p).is_none() {
                        pos.play_unchecked(renju_rules::game::Move::Stone(p));
                        pos.undo();
                    }
                }
                black_box(pos.board().key());
            }
        })
    });
    g.finish();
}

/// The df-pn threat prover on the first 40 positions of the tactical suite (positions of games
/// against Rapfi where it proved a win), 20,000 nodes each at most: a fixed-node run whose
/// proved count (printed) doubles as a regression check; throughput in nodes.
fn prover(c: &mut Criterion) {
    use renju::dfpn::{Proof, ProofLimits, Prover};
    use renju_rules::game::{Move, Opening, RenjuGame};
    let positions: Vec<Position> = include_str!("../crates/renju/tests/data/rapfi-suite.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(40)
        .map(|line| {
            let mut game = RenjuGame::with_opening(Opening::Alphano);
            for m in line.split('|').next().unwrap_or("").split_whitespace() {
                let (r, c) = m.split_once(',').expect("row,col");
                let mv = Move::from_judge(r.parse().unwrap(), c.parse().unwrap()).unwrap();
                game.try_play(mv).unwrap();
            }
            Position::from_game(&game)
        })
        .collect();
    let limits = ProofLimits {
        max_nodes: 20_000,
        until: None,
    };
    let run = || {
        let (mut proved, mut nodes) = (0, 0);
        for p in &positions {
            let mut prover = Prover::new();
            proved += u64::from(matches!(
                prover.prove(&mut p.clone(), limits),
                Proof::Win(_)
            ));
            nodes += prover.nodes();
        }
        (proved, nodes)
    };
    let (proved, nodes) = run();
    eprintln!(
        "df-pn: {proved} of {} proved in {nodes} nodes",
        positions.len()
    );
    let mut g = c.benchmark_group("renju_dfpn");
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.bench_function("suite_40/20k_nodes", |b| b.iter(|| black_box(run())));
    g.finish();
}

criterion_group!(benches, bench, engine, board, prover);
criterion_main!(benches);
