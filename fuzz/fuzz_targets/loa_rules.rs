//! Arbitrary move sequences through the rules: the bitboard generator equals the naive reference,
//! make/unmake restores the position, and the incremental Zobrist key equals the recomputed one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use loa::{reference, Color, Position};

fuzz_target!(|data: &[u8]| {
    let mut p = Position::start();
    let mut moves = Vec::new();
    for &byte in data.iter().take(200) {
        if p.winner().is_some() {
            break;
        }
        moves.clear();
        p.legal_moves(&mut moves);
        let board = reference::board_of(&p);
        let me = if p.to_move() == Color::Black { 1 } else { 2 };
        assert_eq!(reference::fast_moves(&p), reference::moves(&board, me));
        if moves.is_empty() {
            break;
        }
        let mv = moves[byte as usize % moves.len()];
        let before = p.clone();
        p.play(mv);
        assert_eq!(p.key(), p.compute_key());
        p.unplay(mv);
        assert_eq!(p, before);
        p.play(mv);
    }
});
