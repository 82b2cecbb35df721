//! What the solver and CGT tests share: brute-force minimax and seeded randomness.

#![allow(dead_code)]

use std::collections::HashMap;

/// Plain minimax with a memo on the occupied cells (no bounds, no symmetry, no splitting).
pub struct Brute {
    pub rows: usize,
    pub cols: usize,
    pub memo: HashMap<(u128, bool), bool>,
}

impl Brute {
    pub fn wins(&mut self, occ: u128, horizontal: bool) -> bool {
        if let Some(&w) = self.memo.get(&(occ, horizontal)) {
            return w;
        }
        let (rows, cols) = (self.rows, self.cols);
        let bit = |r: usize, c: usize| 1u128 << (r * cols + c);
        let mut win = false;
        'outer: for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = if horizontal { (r, c + 1) } else { (r + 1, c) };
                if r2 >= rows || c2 >= cols || occ & (bit(r, c) | bit(r2, c2)) != 0 {
                    continue;
                }
                if !self.wins(occ | bit(r, c) | bit(r2, c2), !horizontal) {
                    win = true;
                    break 'outer;
                }
            }
        }
        self.memo.insert((occ, horizontal), win);
        win
    }
}

/// Knuth's MMIX linear congruential generator: the tests' seeded randomness.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next state.
    pub fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        (self.step() >> 33) % n
    }
}
