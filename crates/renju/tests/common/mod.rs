//! Shared by the renju crate's tests.

use renju_rules::game::{Move, RenjuGame as RulesGame};
use renju_rules::{Point, SIZE};

/// A game of `n` moves, each the `pick`-th legal move (mod their number), stopping early at the
/// end of the game; passes are left out.
pub fn random_game(picks: &[u16]) -> RulesGame {
    let mut g = RulesGame::new();
    for &k in picks {
        if g.result().is_some() {
            break;
        }
        let legal: Vec<Move> = (0..SIZE * SIZE)
            .map(|i| Move::Stone(Point::from_index(i)))
            .filter(|&m| g.is_legal(m))
            .collect();
        if legal.is_empty() {
            break;
        }
        // Keep games compact: prefer points near the centre so patterns form.
        let near: Vec<Move> = legal
            .iter()
            .copied()
            .filter(
                |m| matches!(m, Move::Stone(p) if p.row.abs_diff(7) <= 4 && p.col.abs_diff(7) <= 4),
            )
            .collect();
        let from = if near.is_empty() { &legal } else { &near };
        g.try_play(from[k as usize % from.len()]).unwrap();
    }
    g
}
