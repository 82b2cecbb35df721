//! The engine late in a 13×13 game, where the exact solver takes over: legal moves, and a solver
//! that stops at its deadline (a solver node there costs microseconds, so a node cap alone is no
//! time limit).

use domineering_bomb::domineering::solver::Solver;
use domineering_bomb::engine::{choose, EngineConfig};
use domineering_bomb::{Player, Position};
use std::time::Instant;

/// A 13×13 game without bombs, dominoes placed at random until at most `empty` cells are empty.
fn late(seed: u64, empty: u32) -> Position {
    let mut p = Position::new(13, 13, false);
    let mut k = seed | 1;
    loop {
        let free: u32 = (0..13).map(|r| p.empty(r).count_ones()).sum();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if free <= empty || moves.is_empty() {
            return p;
        }
        k ^= k << 13;
        k ^= k >> 7;
        k ^= k << 17;
        p.play_unchecked(moves[(k % moves.len() as u64) as usize]);
    }
}

/// Late in a game the engine (solver hand-over included) answers with a legal move on every
/// position, with node caps in place of the clock (its time keeping is measured by the arena's
/// matches, which report the slowest turn, not asserted here).
#[test]
fn late_positions_are_answered_with_legal_moves() {
    let config = EngineConfig {
        max_nodes: Some(20_000),
        solver_nodes: 20_000,
        think_ms: 60_000,
        ..EngineConfig::default()
    };
    for seed in 1..=6 {
        let p = late(seed, 40);
        if !p.has_move() {
            continue;
        }
        let mv = choose(&p, &config).expect("a move");
        assert!(p.is_legal(mv), "seed {seed}: {mv:?}");
    }
}

/// A solve that needs more than 10,000 nodes stops at a deadline that has passed (the solver
/// checks its clock every 256 nodes) and says so, rather than running on.
#[test]
fn the_solver_stops_at_its_deadline() {
    let mut p = late(3, 100);
    p.set_to_move(Player::Horizontal);
    let mut capped = Solver::new(13, 13, 16);
    capped.set_node_limit(10_000);
    assert!(
        capped.winning_move(p.board()).is_err(),
        "the position takes more than 10,000 nodes"
    );
    let mut solver = Solver::new(13, 13, 16);
    solver.set_deadline(Some(Instant::now()));
    assert!(solver.winning_move(p.board()).is_err());
}
