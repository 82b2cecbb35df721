//! Random games of Domineering with bombs on random board sizes: the bitboard rules equal the
//! naive reference move for move (dominoes and bombs), keys stay incremental, unmake restores.
#![no_main]

use domineering_bomb::reference::State;
use domineering_bomb::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&dims, choices)) = data.split_first() else {
        return;
    };
    let rows = 1 + (dims >> 4) as usize % 13;
    let cols = 1 + (dims & 15) as usize % 13;
    let mut p = Position::new(rows, cols, true);
    let mut s = State::new(rows, cols, true);
    for &ch in choices {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let reference: Vec<(bool, usize, usize)> = s.moves();
        let mine: Vec<(bool, usize, usize)> = moves
            .iter()
            .map(|m| match *m {
                Move::Place { row, col } => (false, row as usize, col as usize),
                Move::Bomb { row, col } => (true, row as usize, col as usize),
            })
            .collect();
        assert_eq!(mine, reference);
        if moves.is_empty() {
            return;
        }
        let mv = moves[ch as usize % moves.len()];
        let before = p.clone();
        p.play(mv);
        assert_eq!(p.key(), p.compute_key());
        p.unplay(mv);
        assert_eq!(p, before);
        p.play(mv);
        let (b, r, c) = mine[ch as usize % moves.len()];
        s = s.after((b, r, c));
    }
});
