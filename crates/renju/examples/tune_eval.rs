//! The evaluation's tuner: logistic ("Texel") tuning of [`renju::eval::WEIGHTS`] on positions
//! from games, fitted to the games' results.
//!
//! ```sh
//! # 1. The data set, reproducible from the seed: N games of the search against itself at a
//! #    fixed node count a move (no clock: the same games on any machine), the first plies
//! #    random inside ALPHANO's opening boxes; one line per quiet position (no five to make or
//! #    to block): the game's index, the result for the side to move (1, 0.5, 0), its features.
//! cargo run --release -p renju --example tune_eval -- gen 3000 1 2000 > /tmp/renju-positions.txt
//! # 2. The fit, from the weights compiled in (`eval::WEIGHTS`, at first `HAND_WEIGHTS`): the
//! #    scale K that best fits them, then every weight by Adam on
//! #    the mean squared error of sigmoid(K·eval) against the result; 10% of the games held
//! #    out. Prints both errors and the weights as a Rust array for `eval::WEIGHTS`.
//! cargo run --release -p renju --example tune_eval -- fit /tmp/renju-positions.txt
//! ```
//!
//! `gen GAMES SEED NODES [THREADS] [RANDOM_PLIES]` (2 threads and 4 random plies by default);
//! `fit FILE [ITERATIONS]` (3,000 by default); `records FILE...`: the same lines from the
//! games of `arena match alphano-renju --record` files (e.g. against Rapfi: positions judged
//! by a stronger player's results), every quiet position from the fourth stone on, the games
//! numbered from 1,000,000 by file and game so that they join a `gen` file's without a clash. The games use the engine's search settings
//! for each color and the evaluation compiled in, so a second round starts from the first.
//! `labels FILE`: the same lines for positions labelled by another judge (`GAME TARGET
//! MOVES`, the moves as `row,col`, TARGET the side to move's expected score from 0 to 1, e.g.
//! sigmoid(eval / 200) of Rapfi's evaluation): the evaluation is then fitted to that judge's
//! verdict on each position instead of the game's result (distillation). With `--pairs`,
//! `labels` writes [`renju::eval::PairEval`]'s features and `fit` fits its weights
//! ([`renju::eval::PAIR_WEIGHTS`]) in place of [`renju::eval::WEIGHTS`], and with `--shapes`
//! [`renju::eval::ShapeEval`]'s ([`renju::eval::SHAPE_WEIGHTS`]), and with `--quads`
//! [`renju::eval::QuadEval`]'s (`labels` writes its point classes sparse, as `INDEX:COUNT`;
//! `fit` starts from [`renju::eval::quad_weights_of_shapes`], which is the shape evaluation,
//! and prints `src/quad_weights.in`); with `--side black`
//! (or `white`) `labels` keeps only the positions with that side to move (one fit a side:
//! [`renju::eval::SIDED_WEIGHTS`]).
//! Method: Texel's tuning method (Peter Österlund, 2014), with Adam (Kingma & Ba 2015) in place
//! of his coordinate search.

use renju::eval::{
    quad_weights_of_shapes, PairEval, QuadEval, ShapeEval, FEATURES, HAND_WEIGHTS, PAIR_WEIGHTS,
    QUAD_FEATURES, SHAPE_WEIGHTS, WEIGHTS,
};
use renju::renju_rules::game::Move;
use renju::renju_rules::Color;
use renju::search_core::{Game, Limits, Outcome, SearchConfig, Searcher};
use renju::{EngineConfig, PatternEval, Position};
use std::io::{BufRead, Write};

fn main() {
    // `--pairs` anywhere: `labels` and `fit` use [`PairEval`]'s features and weights.
    let pairs = std::env::args().any(|a| a == "--pairs");
    // `--shapes` anywhere: `labels` and `fit` use [`ShapeEval`]'s features and weights.
    let shapes = std::env::args().any(|a| a == "--shapes");
    // `--quads` anywhere: `labels` writes [`QuadEval`]'s features (the point classes sparse)
    // and `fit` fits its weights, from [`quad_weights_of_shapes`].
    let quads = std::env::args().any(|a| a == "--quads");
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--pairs" && a != "--shapes" && a != "--quads")
        .collect();
    // `--side black|white`: `labels` keeps only the positions with that side to move (for
    // [`renju::eval::SIDED_WEIGHTS`], one fit a side).
    let side = args.iter().position(|a| a == "--side").map(|i| {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        args.drain(i..(i + 2).min(args.len()));
        v.parse::<Color>().unwrap_or_else(|_| {
            eprintln!("--side black or --side white");
            std::process::exit(2);
        })
    });
    let num = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map(|a| a.parse().expect("a number"))
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("gen") => gen(num(1, 1000), num(2, 1), num(3, 2000), num(4, 2), num(5, 4)),
        Some("fit") if quads => fit_quads(
            args.get(1).expect("fit FILE"),
            num(2, 3000) as usize,
            args.get(3).map_or(0.0, |a| a.parse().expect("a number")),
        ),
        Some("fit") if shapes => fit(
            args.get(1).expect("fit FILE"),
            num(2, 3000) as usize,
            SHAPE_WEIGHTS,
        ),
        Some("fit") if pairs => fit(
            args.get(1).expect("fit FILE"),
            num(2, 3000) as usize,
            PAIR_WEIGHTS,
        ),
        Some("fit") => fit(
            args.get(1).expect("fit FILE"),
            num(2, 3000) as usize,
            WEIGHTS,
        ),
        Some("records") => records(&args[1..]),
        Some("labels") => labels(
            args.get(1).expect("labels FILE"),
            pairs,
            shapes,
            quads,
            side,
        ),
        _ => {
            eprintln!("usage: tune_eval gen GAMES SEED NODES [THREADS] [RANDOM_PLIES] | fit FILE [ITERATIONS] | records FILE... | labels FILE [--pairs|--shapes|--quads] [--side black|white] (fit FILE [ITERATIONS] --pairs|--shapes|--quads)");
            std::process::exit(2);
        }
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014): the games' random openings.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One game: its quiet positions' lines (the game's index first, for the hold-out split).
fn play_game(index: u64, seed: u64, nodes: u64, random_plies: u64) -> Vec<String> {
    let mut rng = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let search = EngineConfig::default()
        .search
        .map(|c| SearchConfig { tt_mib: 16, ..c });
    let mut searcher = Searcher::new(search[0]);
    let mut pos = Position::new();
    let mut seen: Vec<(usize, [i32; FEATURES])> = Vec::new();
    let mut moves = Vec::new();
    while pos.outcome().is_none() && pos.history().len() < 200 {
        let me = pos.to_move();
        let mv = if (pos.history().len() as u64) < random_plies {
            moves.clear();
            pos.generate_moves(&mut moves);
            moves[(splitmix(&mut rng) % moves.len() as u64) as usize]
        } else {
            if let Some(f) = quiet_features(&pos) {
                seen.push((me as usize, f));
            }
            *searcher.config_mut() = search[me as usize];
            let r = searcher.search(&mut pos, &PatternEval, &Limits::nodes(nodes));
            r.best_move.unwrap_or(Move::Pass)
        };
        pos.play_unchecked(mv);
    }
    // The result for Black: the side to move of a finished game has lost (a five or a
    // forbidden move ended it), or it is drawn.
    let black = match pos.outcome() {
        Some(Outcome::Loss) => {
            if pos.to_move() as usize == 0 {
                0.0
            } else {
                1.0
            }
        }
        _ => 0.5,
    };
    seen.into_iter()
        .map(|(side, f)| {
            let r = if side == 0 { black } else { 1.0 - black };
            let fs: Vec<String> = f.iter().map(i32::to_string).collect();
            format!("{index} {r} {}", fs.join(" "))
        })
        .collect()
}

fn gen(games: u64, seed: u64, nodes: u64, threads: u64, random_plies: u64) {
    let next = std::sync::atomic::AtomicU64::new(0);
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let lines = play_game(i, seed, nodes, random_plies);
                let mut done = done.lock().expect("not poisoned");
                done.push((i, lines));
                if done.len() % 100 == 0 {
                    eprintln!("{} games", done.len());
                }
            });
        }
    });
    // In the games' order, whatever the threads' timing: the same file from the same seed.
    let mut done = done.into_inner().expect("not poisoned");
    done.sort_by_key(|&(i, _)| i);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in done.into_iter().flat_map(|(_, lines)| lines) {
        writeln!(out, "{line}").expect("write");
    }
}

/// The quiet positions of recorded games (`arena match alphano-renju --record` lines: the
/// moves as `"mv":"ROW COL"`, the winner's seat as `"winner":0|1|null`, seat 0 Black), as
/// [`gen`] prints them.
fn records(files: &[String]) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut games, mut lines) = (0, 0);
    for (f, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).expect("a readable record file");
        for (g, record) in text.lines().enumerate() {
            let moves: Vec<Move> = record
                .split("\"mv\":\"")
                .skip(1)
                .filter_map(|m| {
                    let (r, c) = m.split('"').next()?.split_once(' ')?;
                    Move::from_judge(r.parse().ok()?, c.parse().ok()?).ok()
                })
                .collect();
            let black = match record.split("\"winner\":").nth(1).map(|w| w.trim_start()) {
                Some(w) if w.starts_with('0') => 1.0,
                Some(w) if w.starts_with('1') => 0.0,
                _ => 0.5,
            };
            let index = 1_000_000 + f * 100_000 + g;
            let mut pos = Position::new();
            for (k, &mv) in moves.iter().enumerate() {
                if pos.outcome().is_some() || !pos.is_legal(mv) {
                    break;
                }
                if k >= 3 {
                    if let Some(feats) = quiet_features(&pos) {
                        let r = if pos.to_move() as usize == 0 {
                            black
                        } else {
                            1.0 - black
                        };
                        let fs: Vec<String> = feats.iter().map(i32::to_string).collect();
                        writeln!(out, "{index} {r} {}", fs.join(" ")).expect("write");
                        lines += 1;
                    }
                }
                pos.play_unchecked(mv);
            }
            games += 1;
        }
    }
    eprintln!("{games} games, {lines} positions");
}

/// The evaluation's features of `pos` when it is quiet: no five to make or to block (the
/// first three race states; a five to block without an open three beside it has no state, so
/// the counts say it).
fn quiet_features(pos: &Position) -> Option<[i32; FEATURES]> {
    let f = PatternEval::features(pos);
    let race = &f[2 * renju::eval::POINT_FEATURES + 2..];
    let fives = f[0] + f[renju::eval::POINT_FEATURES];
    (fives == 0 && race[..3].iter().all(|&x| x == 0)).then_some(f)
}

/// `labels FILE`: lines `GAME TARGET MOVES` (the moves in the judge's `row,col` form, 1-based;
/// TARGET the side to move's expected score, 0 to 1, e.g. from a stronger engine's evaluation)
/// to the data set's lines (`GAME TARGET FEATURES`) of the quiet positions among them: `fit`
/// then fits the evaluation to that engine's judgement instead of game results. With `quads`,
/// [`QuadEval`]'s features: the [`FEATURES`] pattern features, then the nonzero point-class
/// counts as `INDEX:COUNT` (the index past the pattern features).
fn labels(file: &str, pairs: bool, shapes: bool, quads: bool, side: Option<Color>) {
    let text = std::fs::read_to_string(file).expect("a readable labels file");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut read, mut lines) = (0, 0);
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let (Some(game), Some(target)) = (it.next(), it.next()) else {
            continue;
        };
        let target: f64 = target.parse().expect("a target");
        let mut pos = Position::new();
        for m in it {
            let (r, c) = m.split_once(',').expect("row,col");
            let mv = Move::from_judge(r.parse().expect("a row"), c.parse().expect("a column"))
                .expect("a point");
            assert!(pos.is_legal(mv), "{mv} is not legal in {line}");
            pos.play_unchecked(mv);
        }
        read += 1;
        if pos.outcome().is_some() || side.is_some_and(|c| c != pos.to_move()) {
            continue;
        }
        if let Some(f) = quiet_features(&pos) {
            let fs: Vec<String> = if quads {
                let f = QuadEval::features(&pos);
                let sparse = f.iter().enumerate().skip(FEATURES).filter(|(_, &x)| x != 0);
                f[..FEATURES]
                    .iter()
                    .map(i32::to_string)
                    .chain(sparse.map(|(i, x)| format!("{}:{x}", i - FEATURES)))
                    .collect()
            } else {
                let f = if shapes {
                    ShapeEval::features(&pos).to_vec()
                } else if pairs {
                    PairEval::features(&pos).to_vec()
                } else {
                    f.to_vec()
                };
                f.iter().map(i32::to_string).collect()
            };
            writeln!(out, "{game} {target} {}", fs.join(" ")).expect("write");
            lines += 1;
        }
    }
    eprintln!("{read} positions read, {lines} quiet");
}

/// A position of the data set: the target and the nonzero features by index.
struct Sample {
    result: f64,
    features: Vec<(usize, f64)>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation (units of the engine's score) of `s` under `w` (in 1/64 units).
fn eval(s: &Sample, w: &[f64]) -> f64 {
    s.features.iter().map(|&(i, x)| w[i] * x).sum::<f64>() / 64.0
}

/// The mean squared error of the predictions of `w` at scale `k` (0 without data).
fn error(data: &[Sample], w: &[f64], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    data.iter()
        .map(|s| (s.result - sigmoid(k * eval(s, w))).powi(2))
        .sum::<f64>()
        / data.len() as f64
}

/// The data set at `path` (lines `GAME TARGET FEATURES`, a feature `INDEX:COUNT` standing
/// for the feature `FEATURES + INDEX`) as the fitted games and the held-out ones (one game
/// in ten).
fn read_samples(path: &str) -> (Vec<Sample>, Vec<Sample>) {
    let file = std::fs::File::open(path).expect("the data set");
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let mut it = line.split_whitespace();
        let game: u64 = it.next().and_then(|x| x.parse().ok()).expect("game index");
        let result: f64 = it.next().and_then(|x| x.parse().ok()).expect("result");
        let mut features = Vec::new();
        for (i, x) in it.enumerate() {
            let (index, value) = match x.split_once(':') {
                Some((j, v)) => (FEATURES + j.parse::<usize>().expect("an index"), v),
                None => (i, x),
            };
            let value: f64 = value.parse().expect("a feature");
            if value != 0.0 {
                features.push((index, value));
            }
        }
        let s = Sample { result, features };
        if game % 10 == 9 {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    eprintln!("{} positions to fit, {} held out", train.len(), test.len());
    (train, test)
}

/// The fit of `start` to `train`: the scale K that best fits `start` (golden-section search
/// on log K), then `iterations` steps of Adam on the mean squared error of sigmoid(K·eval)
/// against the targets, each weight in units that move the logit by about one for its
/// feature's largest value, with a penalty `lambda / 2 · Σ (u − u₀)²` on each weight's
/// distance from its start in those units (0: none). Returns K and the weights; prints both
/// errors as it goes.
fn fit_weights(
    train: &[Sample],
    test: &[Sample],
    start: &[f64],
    iterations: usize,
    lambda: f64,
) -> (f64, Vec<f64>) {
    let n_weights = start.len();
    let (mut lo, mut hi) = ((1e-6f64).ln(), (1.0f64).ln());
    for _ in 0..60 {
        let (a, b) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
        if error(train, start, a.exp()) < error(train, start, b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = ((lo + hi) / 2.0).exp();
    eprintln!(
        "K = {k:.3e}; start: error {:.5} (held out {:.5})",
        error(train, start, k),
        error(test, start, k)
    );
    let mut scale = vec![1.0f64; n_weights];
    for s in train {
        for &(i, x) in &s.features {
            scale[i] = scale[i].max(x.abs());
        }
    }
    let mut w = start.to_vec();
    let (mut m1, mut m2) = (vec![0.0f64; n_weights], vec![0.0f64; n_weights]);
    let (b1, b2, lr) = (0.9f64, 0.999f64, 0.002f64);
    let n = train.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = vec![0.0f64; n_weights];
        for s in train {
            let p = sigmoid(k * eval(s, &w));
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k / 64.0;
            for &(i, x) in &s.features {
                grad[i] += g * x;
            }
        }
        for i in 0..n_weights {
            // In the scaled coordinates u = w / (64 / (k · scale)): one unit moves the
            // evaluation's logit by about one for the feature's largest value.
            let unit = 64.0 / (k * scale[i]);
            let g = grad[i] / n * unit + lambda * (w[i] - start[i]) / unit;
            m1[i] = b1 * m1[i] + (1.0 - b1) * g;
            m2[i] = b2 * m2[i] + (1.0 - b2) * g * g;
            let (mh, vh) = (
                m1[i] / (1.0 - b1.powi(t as i32)),
                m2[i] / (1.0 - b2.powi(t as i32)),
            );
            w[i] -= lr * mh / (vh.sqrt() + 1e-12) * unit;
        }
        if t % 500 == 0 || t == iterations {
            eprintln!(
                "iteration {t}: error {:.5} (held out {:.5})",
                error(train, &w, k),
                error(test, &w, k)
            );
        }
    }
    (k, w)
}

/// Prints the fit's summary line (K, both errors before and after) and the weights as a Rust
/// array.
fn print_fit(train: &[Sample], test: &[Sample], start: &[f64], k: f64, w: &[f64]) {
    let rounded: Vec<String> = w.iter().map(|x| format!("{}", x.round() as i64)).collect();
    println!(
        "// K = {k:.3e}; error {:.5} → {:.5} (held out {:.5} → {:.5}); {} + {} positions",
        error(train, start, k),
        error(train, w, k),
        error(test, start, k),
        error(test, w, k),
        train.len(),
        test.len()
    );
    println!("[{}]", rounded.join(", "));
}

/// `fit FILE [ITERATIONS [LAMBDA]] --quads`: [`fit_weights`] on [`QuadEval`]'s weights from
/// [`quad_weights_of_shapes`] (the start is [`ShapeEval`]); prints the weights for
/// `src/quad_weights.in`.
fn fit_quads(path: &str, iterations: usize, lambda: f64) {
    let (train, test) = read_samples(path);
    let start: Vec<f64> = quad_weights_of_shapes()
        .into_iter()
        .map(f64::from)
        .collect();
    assert_eq!(start.len(), QUAD_FEATURES);
    let (k, w) = fit_weights(&train, &test, &start, iterations, lambda);
    print_fit(&train, &test, &start, k, &w);
}

/// The fit of `start` (the weights compiled in: [`WEIGHTS`], or [`PAIR_WEIGHTS`] for
/// `--pairs`) to the data set at `path`, whose lines hold `N` features each.
fn fit<const N: usize>(path: &str, iterations: usize, start: [i32; N]) {
    let (train, test) = read_samples(path);
    assert!(
        train
            .iter()
            .chain(&test)
            .all(|s| s.features.iter().all(|&(i, _)| i < N)),
        "a line holds more than {N} features"
    );
    // The start: the weights compiled in (the hand-set ones before the first round).
    let hand = N == FEATURES && start[..] == HAND_WEIGHTS[..];
    eprintln!(
        "starting from the {} weights",
        if hand {
            "hand-set"
        } else {
            "compiled-in fitted"
        }
    );
    let start = start.map(f64::from);
    let (k, w) = fit_weights(&train, &test, &start, iterations, 0.0);
    print_fit(&train, &test, &start, k, &w);
    for (i, (h, t)) in start.iter().zip(w).enumerate() {
        eprintln!("{i:2}: {h:>12} → {:>12}", t.round());
    }
}
