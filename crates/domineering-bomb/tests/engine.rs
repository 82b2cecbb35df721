//! The engine's move choice keeps to its time even when the exact solver takes over late in a
//! 13×13 game (a solver node there costs microseconds, so a node cap alone is no time limit).

use domineering_bomb::domineering::solver::Solver;
use domineering_bomb::engine::{choose, EngineConfig};
use domineering_bomb::{Move, Player, Position};
use std::time::{Duration, Instant};

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
        p.play(moves[(k % moves.len() as u64) as usize]);
    }
}

#[test]
fn late_positions_are_answered_within_the_think_time() {
    let config = EngineConfig {
        think_ms: 150,
        ..EngineConfig::default()
    };
    let mut slowest = Duration::ZERO;
    for seed in 1..=6 {
        let p = late(seed, 40);
        if !p.has_move() {
            continue;
        }
        let start = Instant::now();
        let mv = choose(&p, &config).expect("a move");
        slowest = slowest.max(start.elapsed());
        assert!(p.is_legal(mv), "seed {seed}: {mv:?}");
    }
    // Generous slack for a loaded machine; before the solver had a deadline, a 200,000-node
    // attempt alone could take well over a second here.
    assert!(
        slowest < Duration::from_millis(800),
        "slowest answer {slowest:?}"
    );
}

#[test]
fn the_solver_stops_at_its_deadline() {
    let mut p = late(3, 60);
    p.set_to_move(Player::Horizontal);
    let mut solver = Solver::new(13, 13, 16);
    solver.set_deadline(Some(Instant::now() + Duration::from_millis(20)));
    let start = Instant::now();
    let r = solver.winning_move(p.board());
    // Either it finished quickly or it stopped at the deadline, never much later.
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    if let Ok(Some(mv)) = r {
        assert!(p.is_legal(Move::Place {
            row: mv.row,
            col: mv.col
        }));
    }
}
