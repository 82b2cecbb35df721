//! Domineering with bombs (13×13): perft rate (bitboard rules against the naive reference in the
//! same run), search nodes per second, and the bot's process start-to-answer time. (The standard
//! solver's benchmarks are in `domineering.rs`.)

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use domineering_bomb::eval::BombEval;
use domineering_bomb::reference::State;
use domineering_bomb::Position;
use search_core::{perft, Limits, SearchConfig, Searcher};
use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn rules(c: &mut Criterion) {
    let mut g = c.benchmark_group("bomb_perft");
    g.sample_size(10);
    let mut start = Position::new(13, 13, true);
    let leaves = perft(&mut start, 2);
    g.throughput(Throughput::Elements(leaves));
    g.bench_function("bitboard/13x13/depth2", |b| {
        b.iter(|| perft(black_box(&mut start), 2))
    });
    let naive = State::new(13, 13, true);
    g.bench_function("reference/13x13/depth2", |b| {
        b.iter(|| black_box(&naive).perft(2))
    });
    g.finish();

    let mut g = c.benchmark_group("bomb_search");
    g.sample_size(10);
    let config = SearchConfig {
        tt_mib: 16,
        ..SearchConfig::default()
    };
    let pos = Position::new(13, 13, true);
    let nodes = Searcher::new(config)
        .search(&mut pos.clone(), &BombEval::default(), &Limits::depth(2))
        .stats
        .nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("depth2/13x13_start", |b| {
        b.iter(|| {
            Searcher::new(config).search(&mut pos.clone(), &BombEval::default(), &Limits::depth(2))
        })
    });
    g.finish();
}

/// The release binary of the bot, if built (`cargo build --release -p codewarriors-domineering`).
fn bot_binary() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let bin = target.join("release").join("codewarriors-domineering");
    bin.exists().then_some(bin)
}

fn process(c: &mut Criterion) {
    let Some(bin) = bot_binary() else {
        eprintln!("codewarriors-domineering is not built in release mode: start-to-answer skipped");
        return;
    };
    let line = format!("1 {}1 \n", "0 ".repeat(169));
    let mut g = c.benchmark_group("bot_process");
    g.sample_size(20);
    // The fixed cost of a turn: start, read, a 1-node search, answer, exit.
    g.bench_function("start_to_exit/1_node", |b| {
        b.iter(|| {
            let mut child = Command::new(&bin)
                .args(["--nodes", "1"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("start the bot");
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(line.as_bytes()).expect("write");
            // stdin stays open, as in the arena, until the bot has exited.
            let out = child.wait_with_output().expect("wait");
            drop(stdin);
            assert!(out.status.success());
        })
    });
    g.finish();
}

criterion_group!(benches, rules, process);
criterion_main!(benches);
