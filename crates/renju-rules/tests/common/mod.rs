//! A slow, obviously correct Black-forbidden test written straight from the RIF definitions
//! (chapter 3 and rules 9.2, 9.3) on a plain 2-D array: enumerate the windows through the stone,
//! try each stone, recurse. It shares no code with the crate.

#![allow(dead_code)]

use std::collections::BTreeSet;

pub const N: i32 = 15;
pub const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// 0 empty, 1 Black, 2 White.
pub type Grid = [[u8; 15]; 15];

/// A point (row, col).
type Cell = (i32, i32);
/// A set of stones, sorted.
type Stones = Vec<Cell>;

fn at(g: &Grid, r: i32, c: i32) -> Option<u8> {
    ((0..N).contains(&r) && (0..N).contains(&c)).then(|| g[r as usize][c as usize])
}

/// The length of the Black run through (r, c) along (dr, dc).
fn run(g: &Grid, r: i32, c: i32, dr: i32, dc: i32) -> i32 {
    let mut n = 1;
    for s in [1, -1] {
        let mut k = 1;
        while at(g, r + s * k * dr, c + s * k * dc) == Some(1) {
            n += 1;
            k += 1;
        }
    }
    n
}

/// Whether the Black stone on (r, c) is part of an exact five.
pub fn five_at(g: &Grid, r: i32, c: i32) -> bool {
    DIRS.iter().any(|&(dr, dc)| run(g, r, c, dr, dc) == 5)
}

fn overline_at(g: &Grid, r: i32, c: i32) -> bool {
    DIRS.iter().any(|&(dr, dc)| run(g, r, c, dr, dc) >= 6)
}

/// The fours through the Black stone on (r, c): sets of four stones, (r, c) among them, that one
/// more stone (on an empty point) turns into exactly five.
fn fours(g: &mut Grid, r: i32, c: i32) -> BTreeSet<Vec<(i32, i32)>> {
    let mut out = BTreeSet::new();
    for (dr, dc) in DIRS {
        for k in -4..=4 {
            let (er, ec) = (r + k * dr, c + k * dc);
            if at(g, er, ec) != Some(0) {
                continue;
            }
            g[er as usize][ec as usize] = 1;
            if run(g, er, ec, dr, dc) == 5 {
                // The five's stones, without the added one; it must contain (r, c).
                let mut stones = Vec::new();
                let mut s = 0;
                while at(g, er - (s + 1) * dr, ec - (s + 1) * dc) == Some(1) {
                    s += 1;
                }
                for j in 0..5 {
                    let p = (er + (j - s) * dr, ec + (j - s) * dc);
                    if p != (er, ec) {
                        stones.push(p);
                    }
                }
                if stones.contains(&(r, c)) {
                    stones.sort();
                    out.insert(stones);
                }
            }
            g[er as usize][ec as usize] = 0;
        }
    }
    out
}

/// Whether the Black stones on (r, c) … make a straight four along (dr, dc) containing (r, c):
/// an unbroken run of exactly four with both ends empty, each end giving exactly five.
fn straight_four_through(g: &mut Grid, r: i32, c: i32, dr: i32, dc: i32) -> bool {
    if run(g, r, c, dr, dc) != 4 {
        return false;
    }
    let mut lo = 0;
    while at(g, r - (lo + 1) * dr, c - (lo + 1) * dc) == Some(1) {
        lo += 1;
    }
    let start = (r - lo * dr, c - lo * dc);
    let ends = [
        (start.0 - dr, start.1 - dc),
        (start.0 + 4 * dr, start.1 + 4 * dc),
    ];
    ends.iter().all(|&(er, ec)| {
        if at(g, er, ec) != Some(0) {
            return false;
        }
        g[er as usize][ec as usize] = 1;
        let five = run(g, er, ec, dr, dc) == 5;
        g[er as usize][ec as usize] = 0;
        five
    })
}

/// The threes through the Black stone on (r, c), per RIF 9.3: sets of three stones, (r, c) among
/// them, to which one stone on a point that is not forbidden, and that makes no five, adds a
/// straight four.
fn threes(g: &mut Grid, r: i32, c: i32) -> BTreeSet<Vec<(i32, i32)>> {
    // First every candidate (q, three) by the shape alone, then the 9.3 test of each q — but
    // only when there are two different candidate threes (otherwise there is no double three
    // whatever the 9.3 test says, and the recursion would only cost time).
    let mut candidates: Vec<(Cell, Stones)> = Vec::new();
    for (dr, dc) in DIRS {
        for k in -4..=4 {
            let (qr, qc) = (r + k * dr, c + k * dc);
            if at(g, qr, qc) != Some(0) {
                continue;
            }
            g[qr as usize][qc as usize] = 1;
            let straight =
                straight_four_through(g, r, c, dr, dc) && straight_four_through(g, qr, qc, dr, dc);
            let makes_five = five_at(g, qr, qc);
            // The three: the straight four's stones without q.
            let mut lo = 0;
            while at(g, r - (lo + 1) * dr, c - (lo + 1) * dc) == Some(1) {
                lo += 1;
            }
            let mut stones: Vec<(i32, i32)> = (0..4)
                .map(|j| (r + (j - lo) * dr, c + (j - lo) * dc))
                .filter(|&p| p != (qr, qc))
                .collect();
            g[qr as usize][qc as usize] = 0;
            // The straight four must be the one q completes: q is among its four stones (p may
            // already have a straight four of its own elsewhere on the line).
            let completes = stones.len() == 3;
            if straight && completes && !makes_five {
                stones.sort();
                candidates.push(((qr, qc), stones));
            }
        }
    }
    let distinct: BTreeSet<&Vec<(i32, i32)>> = candidates.iter().map(|(_, s)| s).collect();
    if distinct.len() < 2 {
        return distinct.into_iter().cloned().collect();
    }
    let mut out = BTreeSet::new();
    for ((qr, qc), stones) in candidates {
        if !out.contains(&stones) && forbidden(g, qr, qc).is_none() {
            out.insert(stones);
        }
    }
    out
}

/// Why a Black stone on the empty (r, c) is forbidden: "overline", "double-four",
/// "double-three", or `None`.
pub fn forbidden(g: &mut Grid, r: i32, c: i32) -> Option<&'static str> {
    if at(g, r, c) != Some(0) {
        return None;
    }
    g[r as usize][c as usize] = 1;
    let verdict = if five_at(g, r, c) {
        None
    } else if overline_at(g, r, c) {
        Some("overline")
    } else if fours(g, r, c).len() >= 2 {
        Some("double-four")
    } else if threes(g, r, c).len() >= 2 {
        Some("double-three")
    } else {
        None
    };
    g[r as usize][c as usize] = 0;
    verdict
}

/// All forbidden points, in (row, col) order.
pub fn forbidden_set(g: &Grid) -> Vec<((i32, i32), &'static str)> {
    let mut g = *g;
    let mut out = Vec::new();
    for r in 0..N {
        for c in 0..N {
            if let Some(k) = forbidden(&mut g, r, c) {
                out.push(((r, c), k));
            }
        }
    }
    out
}
