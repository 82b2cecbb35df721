//! Zobrist keys: one random 64-bit key per (color, square) and one for "White to move",
//! generated at compile time by [`search_core::zobrist::keys`] from a fixed seed.

const KEYS: [u64; 129] = search_core::zobrist::keys(0x4C4F_4131); // "LOA1"

const fn piece_table() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut i = 0;
    while i < 128 {
        t[i / 64][i % 64] = KEYS[i];
        i += 1;
    }
    t
}

/// `PIECE[color][square]`.
pub(crate) static PIECE: [[u64; 64]; 2] = piece_table();
/// XORed in when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = KEYS[128];
