//! How far the exact solver reaches within the Code Warriors engine's budget: positions of
//! standard 13×13 Domineering (no bombs left) after random play, by their empty cells in bands
//! of ten, each given to the solver as the engine gives it (`Solver::winning_move`, the
//! engine's node cap and 40% of its think time, place weight 0). Prints per band how many the
//! solver settled (found a winning move or proved that none wins) — what
//! `EngineConfig::solver_max_empty` is set from.
//!
//! ```sh
//! cargo run --release -p domineering-bomb --example solver_reach -- 60   # positions a band
//! ```

use domineering::solver::Solver;
use domineering::{Board, Move};
use domineering_bomb::engine::EngineConfig;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn main() {
    let per_band: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(60);
    let config = EngineConfig::default();
    let budget = Duration::from_millis(config.think_ms * 2 / 5);
    let mut rng = StdRng::seed_from_u64(13);
    println!("empty cells | settled | mean ms | slowest ms");
    for band in [60u32, 70, 80, 90, 100] {
        let (mut settled, mut total_ms, mut slowest) = (0, 0.0, 0.0f64);
        let mut done = 0;
        while done < per_band {
            let Some(board) = random_position(&mut rng, band, band + 9) else {
                continue;
            };
            let start = Instant::now();
            let mut solver = Solver::new(13, 13, 16);
            solver.place_weight = 0;
            solver.set_node_limit(config.solver_nodes);
            solver.set_deadline(Some(start + budget));
            if solver.winning_move(&board).is_ok() {
                settled += 1;
            }
            let ms = start.elapsed().as_secs_f64() * 1e3;
            total_ms += ms;
            slowest = slowest.max(ms);
            done += 1;
        }
        println!(
            "{band}–{} | {settled}/{per_band} | {:.0} | {slowest:.0}",
            band + 9,
            total_ms / per_band as f64
        );
    }
}

/// A 13×13 position reached by random moves with `lo..=hi` empty cells and a move to make, or
/// `None` if the game ended or skipped past the band.
fn random_position(rng: &mut StdRng, lo: u32, hi: u32) -> Option<Board> {
    let mut board = Board::new(13, 13);
    let mut moves: Vec<Move> = Vec::new();
    loop {
        let empty: u32 = (0..13).map(|r| board.empty(r).count_ones()).sum();
        if empty < lo {
            return None;
        }
        moves.clear();
        board.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        if empty <= hi {
            return Some(board);
        }
        board.play(moves[rng.random_range(0..moves.len())]);
    }
}
