//! Zobrist keys: one random 64-bit key per (colour, square) and one for "White to move",
//! generated at compile time by SplitMix64 from a fixed seed.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 64]; 2], u64) {
    let mut keys = [[0u64; 64]; 2];
    let mut state = 0x4C4F_4131_u64; // "LOA1"
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][sq] = k;
            sq += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

const TABLES: ([[u64; 64]; 2], u64) = build();

/// `PIECE[colour][square]`.
pub(crate) static PIECE: [[u64; 64]; 2] = TABLES.0;
/// XORed in when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = TABLES.1;
