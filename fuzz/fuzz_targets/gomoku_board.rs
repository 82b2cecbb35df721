//! Arbitrary play/undo sequences: window counts, pattern totals, Zobrist key and the judge's gains
//! stay equal to a from-scratch recomputation.
#![no_main]

use gomoku::neerc::{position_score, Model, SIZE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut m = Model::new();
    for pair in data.chunks(2).take(120) {
        if pair[0] == 255 {
            m.undo();
            continue;
        }
        let cell =
            (usize::from(pair[0]) * 256 + usize::from(*pair.get(1).unwrap_or(&0))) % (SIZE * SIZE);
        if m.board().at(cell).is_none() {
            m.play_unchecked(cell);
        }
    }
    assert_eq!(m.board().key(), m.board().compute_key());
    // Gains equal score differences, computed from scratch, for a few empty cells.
    if m.board().to_move() == gomoku::Color::Black {
        let before = position_score(m.board());
        let mut b = m.board().clone();
        let empty: Vec<usize> = (0..SIZE * SIZE)
            .filter(|&c| b.at(c).is_none())
            .take(8)
            .collect();
        for cell in empty {
            b.play(cell);
            assert_eq!(m.gain(cell), position_score(&b) - before);
            b.undo();
        }
    }
});
