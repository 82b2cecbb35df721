//! Shared fixtures for the benchmarks: reproducible positions taken from play.

use loa::Position;

/// The position after `plies` pseudo-random legal moves from the start, chosen by a fixed LCG from
/// `seed` (stops early if the game ends). Deterministic: the same arguments give the same position.
pub fn loa_playout(seed: u64, plies: u32) -> Position {
    let mut p = Position::start();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        p.legal_moves(&mut moves);
        if moves.is_empty() || p.winner().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(state >> 33) as usize % moves.len()];
        p.play(mv);
    }
    p
}

/// Three middle-game positions (16, 20 and 24 plies into seeded random games).
pub fn loa_middle_games() -> Vec<Position> {
    vec![loa_playout(1, 16), loa_playout(2, 20), loa_playout(3, 24)]
}
