//! The threat prover alone ([`renju::dfpn::Prover`], what [`renju::engine::prove_win`] runs
//! after its VCF) on positions in the tactical suite's format (`tests/data/rapfi-suite.txt`:
//! the moves, `|`, side, Rapfi's mate length `M<n>`, Rapfi's move): how many wins it proves
//! within the given ms each, by Rapfi's mate length; how many it refutes (no win by threats:
//! Rapfi's win needs a quieter move); its nodes and table positions; the time it took. `-v`
//! prints each position's result; `--check` plays every legal reply to each proved first move
//! and proves again (a reply after which the prover finds no win would be a defence the proof
//! missed: it counts them). `--quiet`: where df-pn refutes the threats, look for a quiet move
//! that threatens a win by them ([`Prover::prove_quiet`]) in the time left, each of its proofs
//! stopping at `PLYFORGE_QUIET_SUB` nodes (100,000 by default, as `prove_win`). `--vct`:
//! where df-pn refutes the threats, prove again with quiet moves that threaten a win by
//! threats ([`Prover::set_vct_threats`], as `prove_win`) in the time left (before `--quiet`).
//! With `PLYFORGE_PROVE_NODES=N` each proof stops at N nodes instead of the clock; with
//! `PLYFORGE_WEAK_PN=0` the prover sums its proof numbers instead of using weak ones
//! ([`Prover::set_weak_numbers`]).
//!
//! ```sh
//! cargo run --release -p renju --example prove_suite -- 1000 < crates/renju/tests/data/rapfi-suite.txt
//! ```

use renju::book::replay_moves;
use renju::dfpn::{Proof, ProofLimits, Prover};
use renju::renju_rules::game::Move;
use renju::renju_rules::Point;
use renju::Position;
use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// Limits of `ms` from now, or of `PLYFORGE_PROVE_NODES` nodes when that is set (a run that
/// does not depend on the machine's speed or load).
fn until(ms: u64) -> ProofLimits {
    match std::env::var("PLYFORGE_PROVE_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        Some(n) => ProofLimits {
            max_nodes: n,
            until: None,
        },
        None => ProofLimits {
            max_nodes: u64::MAX,
            until: Some(Instant::now() + Duration::from_millis(ms)),
        },
    }
}

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let verbose = std::env::args().any(|a| a == "-v");
    let check = std::env::args().any(|a| a == "--check");
    let quiet = std::env::args().any(|a| a == "--quiet");
    let vct = std::env::args().any(|a| a == "--vct");
    let weak = std::env::var("PLYFORGE_WEAK_PN").ok().map(|v| v == "1");
    let (mut unsound, mut unchecked) = (0u32, 0u32);
    let (mut nodes, mut refuted, mut entries) = (0u64, 0u32, 0u64);
    let mut by_length = BTreeMap::<u32, (u32, u32)>::new();
    let (mut proved, mut total, mut spent) = (0, 0, Duration::ZERO);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (moves, rest) = line.split_once('|').expect("moves | answer");
        let game = replay_moves(moves).unwrap_or_else(|e| panic!("{line}: {e}"));
        let mate: u32 = rest
            .split_whitespace()
            .nth(1)
            .and_then(|m| m.trim_start_matches('M').parse().ok())
            .expect("M<n>");
        let mut pos = Position::from_game(&game);
        let t = Instant::now();
        let mut prover = Prover::new();
        if let Some(on) = weak {
            prover.set_weak_numbers(on);
        }
        let mut r = prover.prove(&mut pos, until(ms));
        if vct && r == Proof::NoWin {
            let left = ms.saturating_sub(t.elapsed().as_millis() as u64);
            prover.set_vct_threats(true);
            r = prover.prove(&mut pos, until(left));
            if verbose {
                println!("vct threats: {r:?}");
            }
        }
        if quiet && r == Proof::NoWin {
            prover.set_vct_threats(false);
            let left = ms.saturating_sub(t.elapsed().as_millis() as u64);
            let sub = std::env::var("PLYFORGE_QUIET_SUB")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(100_000);
            r = prover.prove_quiet(&mut pos, until(left), sub);
            if verbose {
                println!("quiet: {r:?}");
            }
        }
        let took = t.elapsed();
        nodes += prover.nodes();
        entries += prover.entries() as u64;
        refuted += u32::from(r == Proof::NoWin);
        if verbose && r == Proof::NoWin {
            println!("refuted: {line}");
        }
        if check {
            if let Proof::Win(m) = r {
                // Every legal reply (not only those the prover generates) must still lose.
                pos.play_unchecked(m);
                if !pos.last_move_won() {
                    for i in 0..225 {
                        let reply = Move::Stone(Point::from_index(i));
                        if !pos.is_legal(reply) {
                            continue;
                        }
                        pos.play_unchecked(reply);
                        let after = if pos.last_move_won() {
                            Proof::NoWin
                        } else {
                            prover.prove(&mut pos, until(ms))
                        };
                        pos.undo();
                        match after {
                            Proof::NoWin => {
                                unsound += 1;
                                println!("unsound: {line} after {m} {reply}");
                            }
                            Proof::Unknown => unchecked += 1,
                            Proof::Win(_) => {}
                        }
                    }
                }
                pos.undo();
            }
        }
        let win = match r {
            Proof::Win(m) => Some(m),
            _ => None,
        };
        spent += took;
        if verbose {
            println!(
                "M{mate:<3} {:>6} ms {}",
                took.as_millis(),
                win.map_or("-".to_string(), |m| m.to_string())
            );
        }
        proved += u32::from(win.is_some());
        total += 1;
        let e = by_length.entry(mate).or_default();
        e.0 += u32::from(win.is_some());
        e.1 += 1;
    }
    for (len, (p, n)) in &by_length {
        println!("M{len}: proved {p} of {n}");
    }
    println!(
        "proved {proved} of {total} within {ms} ms each, {:.1} s in all, {nodes} df-pn nodes ({entries} positions), {refuted} refuted",
        spent.as_secs_f64()
    );
    if check {
        println!("check: {unsound} replies refute a proof, {unchecked} unchecked in time");
    }
}
