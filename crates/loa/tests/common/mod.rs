//! What the LOA test files share.

use loa::Position;
use search_core::Game;

/// The positions of a game from the start, each move the `choices[i] % n`-th legal one, until
/// the game ends or the choices run out (the start included).
pub fn playout(choices: &[u16]) -> Vec<Position> {
    let mut p = Position::start();
    let mut seen = vec![p.clone()];
    for &ch in choices {
        if p.outcome().is_some() {
            break;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.play_unchecked(moves[ch as usize % moves.len()]);
        seen.push(p.clone());
    }
    seen
}
