//! The solver's transposition table: whether the side to move wins a normalised position, keyed
//! by the whole position (its canonical board, stock and side to move), so that a hit is never
//! a collision.
//!
//! Two layouts, chosen by the board's size:
//!
//! - **Packed** (boards of at most [`PACKED_CELLS`] cells, e.g. up to 10×11): an entry is 16
//!   bytes, two `u64`s — the board's first 64 cells, then its other cells beside the stock, the
//!   side to move, the result and the work (log2 of the nodes the search took). Buckets of four
//!   entries fill one 64-byte cache line. An entry is written under a lock bit of its own
//!   (bit 63 of its second word) and read lock-free, seqlock fashion: a reader that sees the
//!   lock, or a second word that changed while it read the first, takes it as a miss (Boehm,
//!   "Can seqlocks get along with programming language memory models?", MSPC 2012: the fences
//!   below are his).
//! - **Locked** (larger boards, up to 13×13): an entry holds the board row by row (32 bytes);
//!   buckets of two entries, each bucket behind a mutex.
//!
//! Replacement: a position's own entry is overwritten; otherwise an empty entry, otherwise the
//! one whose search took the least work (Breuker, Uiterwijk and van den Herik, "Replacement
//! schemes for transposition tables", ICCA Journal 1994: the "big-all" scheme by nodes).

use crate::{Row, MAX};
use std::sync::atomic::{fence, AtomicU64, Ordering};
use std::sync::Mutex;

/// A normalised board: occupied cells by row.
pub(crate) type Rows = [Row; MAX];

/// Boards of at most this many cells get the packed layout: 64 cells in the first word, 47 in
/// the second beside 17 bits of stock, side, result, work and lock.
pub(crate) const PACKED_CELLS: usize = 111;

/// Second word of a packed entry: the board's cells from 64 on in bits 0..47, then these.
const STOCK_SHIFT: u32 = 47;
/// The stock is stored plus this, in 7 bits (a stock's size is at most half the cells).
const STOCK_BIAS: i32 = 64;
const SIDE_SHIFT: u32 = 54;
const WIN: u64 = 1 << 56;
const WORK_SHIFT: u32 = 57;
const LOCK: u64 = 1 << 63;
/// The bits of the second word that identify a position: board, stock, side.
const KEY_BITS: u64 = WIN - 1;

/// A position's place in the table and what identifies it there.
#[derive(Clone, Copy)]
pub(crate) struct Key {
    bucket: usize,
    /// Packed: the two words' identifying bits.
    lo: u64,
    hi: u64,
    /// Locked: the position itself.
    rows: Rows,
    stock: i16,
    side: u8,
}

/// One packed bucket: four entries of two words, one cache line.
#[repr(align(64))]
#[derive(Default)]
struct Bucket([AtomicU64; 8]);

#[derive(Clone, Copy)]
struct Entry {
    rows: Rows,
    stock: i16,
    /// 0 empty; 1 + side to move.
    side: u8,
    win: bool,
    work: u8,
}

const EMPTY: Entry = Entry {
    rows: [0; MAX],
    stock: 0,
    side: 0,
    win: false,
    work: 0,
};

enum Layout {
    Packed(Vec<Bucket>),
    Locked(Vec<Mutex<[Entry; 2]>>),
}

/// The table, shared by the threads of a parallel solve.
pub(crate) struct Table {
    layout: Layout,
    rows: usize,
    cols: usize,
}

impl Table {
    /// A table of `2^bits` entries (at least 4) for `rows`×`cols` boards.
    pub fn new(bits: u32, rows: usize, cols: usize) -> Table {
        let layout = if rows * cols <= PACKED_CELLS {
            Layout::Packed(
                (0..1usize << (bits.max(2) - 2))
                    .map(|_| Bucket::default())
                    .collect(),
            )
        } else {
            Layout::Locked(
                (0..1usize << (bits.max(2) - 1))
                    .map(|_| Mutex::new([EMPTY; 2]))
                    .collect(),
            )
        };
        Table { layout, rows, cols }
    }

    /// The key of a position: its canonical board `rows`, the stock and the side code (1 +
    /// the side to move).
    #[inline]
    pub fn key(&self, rows: &Rows, stock: i32, side: u8) -> Key {
        match &self.layout {
            Layout::Packed(buckets) => {
                // At most 111 cells: a stock is at most 55 moves either way.
                debug_assert!((-STOCK_BIAS..STOCK_BIAS).contains(&stock), "stock {stock}");
                let mut board = 0u128;
                for (r, &row) in rows.iter().enumerate().take(self.rows) {
                    board |= u128::from(row) << (r * self.cols);
                }
                let lo = board as u64;
                let hi = (board >> 64) as u64
                    | ((stock + STOCK_BIAS) as u64 & 0x7F) << STOCK_SHIFT
                    | u64::from(side) << SIDE_SHIFT;
                let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi;
                h = (h ^ h >> 32).wrapping_mul(0xD6E8_FEB8_6659_FD93);
                h ^= h >> 32;
                Key {
                    bucket: h as usize & (buckets.len() - 1),
                    lo,
                    hi,
                    rows: [0; MAX],
                    stock: 0,
                    side: 0,
                }
            }
            Layout::Locked(buckets) => {
                let mut h = (stock as u64) << 2 | u64::from(side);
                for &r in rows {
                    h = (h ^ u64::from(r)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    h ^= h >> 29;
                }
                Key {
                    bucket: (h >> 11) as usize & (buckets.len() - 1),
                    lo: 0,
                    hi: 0,
                    rows: *rows,
                    stock: stock as i16,
                    side,
                }
            }
        }
    }

    /// The stored result for the position, if any: whether its side to move wins.
    #[inline]
    pub fn probe(&self, key: &Key) -> Option<bool> {
        match &self.layout {
            Layout::Packed(buckets) => {
                let words = &buckets[key.bucket].0;
                for e in 0..4 {
                    let hi = words[2 * e + 1].load(Ordering::Acquire);
                    if hi & (KEY_BITS | LOCK) != key.hi {
                        continue;
                    }
                    let lo = words[2 * e].load(Ordering::Relaxed);
                    fence(Ordering::Acquire);
                    if lo == key.lo && words[2 * e + 1].load(Ordering::Relaxed) == hi {
                        return Some(hi & WIN != 0);
                    }
                }
                None
            }
            Layout::Locked(buckets) => lock(&buckets[key.bucket])
                .iter()
                .find(|e| e.side == key.side && e.stock == key.stock && e.rows == key.rows)
                .map(|e| e.win),
        }
    }

    /// Stores the result of the position: whether its side to move wins, and the work its
    /// search took (log2 of its nodes, at most 63). A packed entry another thread is writing
    /// is left to it (the store is dropped).
    pub fn store(&self, key: &Key, win: bool, work: u32) {
        let work = work.min(63);
        match &self.layout {
            Layout::Packed(buckets) => {
                let words = &buckets[key.bucket].0;
                let his: [u64; 4] =
                    std::array::from_fn(|e| words[2 * e + 1].load(Ordering::Relaxed));
                let same = (0..4).find(|&e| his[e] & KEY_BITS == key.hi);
                let target = same.unwrap_or_else(|| {
                    (0..4)
                        .min_by_key(|&e| (his[e] >> SIDE_SHIFT & 3 != 0, his[e] >> WORK_SHIFT & 63))
                        .unwrap_or(0)
                });
                let old = his[target];
                if old & LOCK != 0
                    || words[2 * target + 1]
                        .compare_exchange(old, old | LOCK, Ordering::Relaxed, Ordering::Relaxed)
                        .is_err()
                {
                    return;
                }
                fence(Ordering::Release);
                words[2 * target].store(key.lo, Ordering::Relaxed);
                let hi = key.hi | if win { WIN } else { 0 } | u64::from(work) << WORK_SHIFT;
                words[2 * target + 1].store(hi, Ordering::Release);
            }
            Layout::Locked(buckets) => {
                let mut bucket = lock(&buckets[key.bucket]);
                let same =
                    |e: &Entry| e.side == key.side && e.stock == key.stock && e.rows == key.rows;
                let target = if same(&bucket[0]) {
                    0
                } else if same(&bucket[1]) || bucket[0].work >= bucket[1].work {
                    1
                } else {
                    0
                };
                bucket[target] = Entry {
                    rows: key.rows,
                    stock: key.stock,
                    side: key.side,
                    win,
                    work: work as u8,
                };
            }
        }
    }

    /// Entries holding a position, and entries in all (a scan of the table).
    pub fn usage(&self) -> (usize, usize) {
        match &self.layout {
            Layout::Packed(buckets) => (
                buckets
                    .iter()
                    .flat_map(|b| (0..4).map(move |e| b.0[2 * e + 1].load(Ordering::Relaxed)))
                    .filter(|hi| hi >> SIDE_SHIFT & 3 != 0)
                    .count(),
                4 * buckets.len(),
            ),
            Layout::Locked(buckets) => (
                buckets
                    .iter()
                    .map(|b| lock(b).iter().filter(|e| e.side != 0).count())
                    .sum(),
                2 * buckets.len(),
            ),
        }
    }
}

fn lock(bucket: &Mutex<[Entry; 2]>) -> std::sync::MutexGuard<'_, [Entry; 2]> {
    bucket.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(seed: u64, rows: usize, cols: usize) -> Rows {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        std::array::from_fn(|r| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if r < rows {
                (x as Row) & ((1 << cols) - 1) as Row
            } else {
                0
            }
        })
    }

    /// Both layouts give back exactly what was stored, for positions that differ in one cell,
    /// the stock or the side, and forget nothing while a bucket has room.
    #[test]
    fn a_stored_result_comes_back_for_its_own_position_only() {
        for (rows, cols) in [(9, 9), (10, 11), (13, 13), (8, 13)] {
            // 4 entries: every key in one or two buckets, so neighbours share them.
            let table = Table::new(2, rows, cols);
            let base = board(rows as u64 * 31 + cols as u64, rows, cols);
            let mut other = base;
            other[rows - 1] ^= 1 << (cols - 1);
            let keys = [
                (base, 3, 1, true),
                (other, 3, 1, false),
                (base, -3, 1, false),
                (base, 3, 2, false),
            ];
            for (k, &(rows_, stock, side, win)) in keys.iter().enumerate() {
                let key = table.key(&rows_, stock, side);
                assert_eq!(
                    table.probe(&key),
                    None,
                    "{rows}×{cols}, key {k} before storing"
                );
                table.store(&key, win, 5);
                assert_eq!(table.probe(&key), Some(win), "{rows}×{cols}, key {k}");
            }
            // Once full, a store replaces the entry of least work.
            let (keep, drop) = (table.key(&keys[0].0, 3, 1), table.key(&keys[1].0, 3, 1));
            table.store(&keep, true, 9);
            table.store(&table.key(&keys[2].0, -3, 1), false, 9);
            table.store(&table.key(&keys[3].0, 3, 2), false, 9);
            let fresh = table.key(&board(7, rows, cols), 0, 2);
            table.store(&fresh, true, 1);
            if rows * cols <= PACKED_CELLS {
                assert_eq!(table.usage(), (4, 4), "{rows}×{cols}");
                assert_eq!(
                    table.probe(&drop),
                    None,
                    "{rows}×{cols}: the least work goes"
                );
                assert_eq!(table.probe(&keep), Some(true), "{rows}×{cols}");
                assert_eq!(table.probe(&fresh), Some(true), "{rows}×{cols}");
            }
        }
    }

    /// Two threads storing and probing the same few buckets never read a result stored for
    /// another position: every position's result is a function of it, and a hit must agree.
    #[test]
    fn concurrent_stores_never_tear_an_entry() {
        let table = Table::new(3, 9, 9);
        let result = |seed: u64| seed.count_ones() % 2 == 1;
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        let seed = (i * 2 + t) % 64;
                        let key = table.key(&board(seed, 9, 9), (seed % 9) as i32 - 4, 1);
                        if let Some(win) = table.probe(&key) {
                            assert_eq!(win, result(seed), "seed {seed}");
                        }
                        table.store(&key, result(seed), (i % 7) as u32);
                    }
                });
            }
        });
    }
}
