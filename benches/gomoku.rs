//! Gomoku (NEERC 2014): window-table update rate, the judge's move computation, and the planner's
//! forced-win search rate, on positions from real games of the planner against the judge; and
//! the threat module's VCF search on seeded crowded positions where the side to move has one
//! (within the default limits) and where it has none.

#[path = "vcf_group.rs"]
mod vcf_group;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gomoku::neerc::{JudgePlayer, Model, Planner};
use gomoku::threats::{self, ThreatLimits};
use gomoku::{Board, Color, Rule};
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

/// Seeded positions on the 19×19 board, stones in the centre 9×9, White passing at half of
/// its turns (so that Black has fours to play in many orders), neither side with a completion
/// point: 16 where the side to move has a VCF within `limits` and 16 where it has none.
fn vcf_positions(limits: ThreatLimits) -> (Vec<Board>, Vec<Board>) {
    let (mut with, mut without) = (Vec::new(), Vec::new());
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while with.len() < 16 || without.len() < 16 {
        let mut b = Board::new(19, Rule::FiveOrMore);
        let stones = 12 + next() % 20;
        while (b.stones() as u64) < stones {
            let r = next() % 9;
            let c = next() % 9;
            let cell = b.cell(5 + r as i32, 5 + c as i32).expect("on the board");
            if b.at(cell).is_some() {
                continue;
            }
            b.play_unchecked(cell);
            if b.has_won(Color::Black) || b.has_won(Color::White) {
                b.undo();
                break;
            }
            if b.to_move() == Color::White && next() % 2 == 0 {
                b.pass();
            }
        }
        let mut cells = Vec::new();
        b.winning_cells(Color::Black, &mut cells);
        let mut theirs = Vec::new();
        b.winning_cells(Color::White, &mut theirs);
        if !cells.is_empty() || !theirs.is_empty() {
            continue;
        }
        match threats::vcf(&mut b, limits) {
            Some(_) if with.len() < 16 => with.push(b),
            None if without.len() < 16 => without.push(b),
            _ => {}
        }
    }
    (with, without)
}

/// The VCF search (the default limits) on [`vcf_positions`].
fn vcf(c: &mut Criterion) {
    let limits = ThreatLimits::default();
    let (with, without) = vcf_positions(limits);
    vcf_group::bench_vcf(c, "gomoku_vcf", &with, &without, limits);
}

criterion_group!(benches, bench, vcf);
criterion_main!(benches);
