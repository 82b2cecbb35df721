//! Bitboards (`u64`, bit `row * 8 + col`) and the const tables move generation uses.

/// A set of squares: bit `row * 8 + col` (0-based, row 0 at the top).
pub type Bitboard = u64;

/// The squares of `bb` (their indices `row * 8 + col`), lowest first: search-core's
/// [`bits`](fn@search_core::bits), the pop-lowest-bit loop as an iterator.
///
/// ```
/// use loa::bitboard::squares;
///
/// assert_eq!(squares(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
/// ```
pub use search_core::{bits as squares, Bits as Squares};

/// Column 0 (protocol column 1).
pub const COL_0: Bitboard = 0x0101_0101_0101_0101;
/// Column 7 (protocol column 8).
pub const COL_7: Bitboard = COL_0 << 7;
/// The border squares.
pub const EDGE: Bitboard = 0xFF | (0xFF << 56) | COL_0 | COL_7;

/// The four line kinds through a square: row, column, diagonal (↘) and anti-diagonal (↙).
pub const LINE_KINDS: usize = 4;

/// The eight directions `(d_row, d_col, line kind)`.
pub const DIRECTIONS: [(i8, i8, usize); 8] = [
    (0, 1, 0),
    (0, -1, 0),
    (1, 0, 1),
    (-1, 0, 1),
    (1, 1, 2),
    (-1, -1, 2),
    (1, -1, 3),
    (-1, 1, 3),
];

const fn on_board(r: i32, c: i32) -> bool {
    r >= 0 && r < 8 && c >= 0 && c < 8
}

const fn build_lines() -> [[Bitboard; 64]; LINE_KINDS] {
    let mut t = [[0u64; 64]; LINE_KINDS];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (dr, dc, kind) = DIRECTIONS[d];
            let (mut rr, mut cc) = (r, c);
            while on_board(rr, cc) {
                t[kind][sq] |= 1 << (rr * 8 + cc);
                rr += dr as i32;
                cc += dc as i32;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn build_between() -> [[Bitboard; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (dr, dc, _) = DIRECTIONS[d];
            let mut path = 0u64;
            let (mut rr, mut cc) = (r + dr as i32, c + dc as i32);
            while on_board(rr, cc) {
                t[sq][(rr * 8 + cc) as usize] = path;
                path |= 1 << (rr * 8 + cc);
                rr += dr as i32;
                cc += dc as i32;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `LINES[kind][sq]`: every square of the whole line of `kind` through `sq` (itself included).
pub static LINES: [[Bitboard; 64]; LINE_KINDS] = build_lines();

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a line, else empty.
pub static BETWEEN: [[Bitboard; 64]; 64] = build_between();

/// The 8-neighbourhood dilation of `bb` (itself included).
#[inline]
pub fn dilate(bb: Bitboard) -> Bitboard {
    let v = bb | (bb << 8) | (bb >> 8);
    v | ((v << 1) & !COL_0) | ((v >> 1) & !COL_7)
}

/// The 8-connected group of `bb` containing `seed` (a subset of `bb`).
#[inline]
pub fn flood(seed: Bitboard, bb: Bitboard) -> Bitboard {
    let mut group = seed & bb;
    loop {
        let next = dilate(group) & bb;
        if next == group {
            return group;
        }
        group = next;
    }
}

/// Whether the squares of `bb` form at most one 8-connected group.
#[inline]
pub fn is_connected(bb: Bitboard) -> bool {
    bb == 0 || flood(bb & bb.wrapping_neg(), bb) == bb
}

/// The number of 8-connected groups in `bb`.
pub fn components(mut bb: Bitboard) -> u32 {
    let mut n = 0;
    while bb != 0 {
        bb &= !flood(bb & bb.wrapping_neg(), bb);
        n += 1;
    }
    n
}

/// The Euler number of `bb` under 8-connectivity: groups minus holes, by Gray's quad counting
/// (S. B. Gray, "Local properties of binary images in two dimensions", IEEE Trans. Computers, 1971;
/// used for LOA by Winands, "Informed Search in Complex Games", 2004): over all 2×2 windows of the
/// board padded with empty squares, `E = (Q1 − Q3 − 2·Qd) / 4`, where Q1 counts windows with one
/// piece, Q3 with three, and Qd with two diagonal pieces.
pub fn euler_number(bb: Bitboard) -> i32 {
    // Interior windows: top-left corner at (r, c) with r, c in 0..7.
    let inner = !(COL_7 | (0xFF << 56));
    let a = bb & inner; // (r, c)
    let b = (bb >> 1) & inner; // (r, c+1)
    let c = (bb >> 8) & inner; // (r+1, c)
    let d = (bb >> 9) & inner; // (r+1, c+1)
    let any_one = a ^ b ^ c ^ d; // odd count: 1 or 3
    let three = (a & b & (c | d)) | (c & d & (a | b));
    let four = a & b & c & d;
    let q3 = (three & !four).count_ones() as i32;
    let q1 = (any_one & !(three & !four)).count_ones() as i32;
    let qd = ((a & d & !b & !c) | (b & c & !a & !d)).count_ones() as i32;
    // Border windows hold at most two pieces, side by side: Q1 windows are where exactly one of two
    // neighbours along the border is set (padding counts as empty).
    let transitions = |line: u32| -> i32 {
        // `line` has 8 bits; pad with an empty cell on both ends.
        let padded = line << 1;
        ((padded ^ (padded >> 1)) & 0x1FF).count_ones() as i32
    };
    let row = |r: u32| ((bb >> (8 * r)) & 0xFF) as u32;
    let col = |c: u32| {
        let mut v = 0u32;
        for r in 0..8 {
            v |= (((bb >> (r * 8 + c)) & 1) as u32) << r;
        }
        v
    };
    // Row 0 and row 7 windows (including the corners), then column 0 and 7 windows between rows
    // (corners excluded: the row terms counted them).
    let col_inner = |line: u32| ((line ^ (line >> 1)) & 0x7F).count_ones() as i32;
    let border = transitions(row(0)) + transitions(row(7)) + col_inner(col(0)) + col_inner(col(7));
    (q1 + border - q3 - 2 * qd) / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_geometry() {
        // Square (3, 3): row has 8, column 8, ↘ diagonal 8, ↙ anti-diagonal 7 squares.
        let sq = 3 * 8 + 3;
        let counts: Vec<u32> = (0..4).map(|k| LINES[k][sq].count_ones()).collect();
        assert_eq!(counts, vec![8, 8, 8, 7]);
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][1], 0);
        assert_eq!(BETWEEN[0][10], 0, "not aligned");
        assert_eq!(BETWEEN[7][56].count_ones(), 6);
    }

    #[test]
    fn connectivity_basics() {
        assert!(is_connected(0b11) && is_connected(1 | (1 << 9)));
        assert!(
            !is_connected(1 | (1 << 7)),
            "no wrap-around between columns 7 and 0"
        );
        assert_eq!(components(1 | (1 << 2) | (1 << 63)), 3);
        assert_eq!(euler_number(1 | (1 << 63)), 2);
        assert_eq!(euler_number(0), 0);
        // A ring of 8 around (1,1): one group with one hole.
        let ring = 0b111 | (0b101 << 8) | (0b111 << 16);
        assert_eq!(euler_number(ring), 0);
    }
}
