//! Perft: counting the leaf nodes of the game tree to a fixed depth, to check move generators.

use crate::game::Game;

/// The number of move sequences of exactly `depth` plies from `game` (leaf nodes at that depth).
/// A position where the game is over ([`Game::outcome`] is `Some`) has no moves, so lines that end
/// the game early contribute nothing below that point. `game` is restored before returning.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut lists = vec![Vec::new(); depth as usize + 1];
    perft_rec(game, depth, &mut lists)
}

fn perft_rec<G: Game>(game: &mut G, depth: u32, lists: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    let (moves, rest) = lists.split_first_mut().expect("one list per ply");
    moves.clear();
    game.generate_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        game.make_move(mv);
        total += perft_rec(game, depth - 1, rest);
        game.unmake_move(mv);
    }
    total
}
