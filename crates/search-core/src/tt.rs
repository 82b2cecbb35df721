//! A transposition table: Zobrist key → (bound, draft, best move, score), sized in MiB.
//!
//! Two entries per bucket. A store goes to the entry already holding the same key, else replaces
//! the entry of lower worth, where worth is the draft minus four plies per search of age; so deep
//! results survive, but stale ones from earlier searches give way.

use crate::score::{self, Score};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Empty slot.
    None,
    /// The true value equals the score.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full Zobrist key of the position.
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The score, relative to the stored node (see [`score::to_tt`]).
    score: Score,
    /// The draft in plies the score was searched to.
    pub depth: i16,
    /// What kind of bound `score` is.
    pub bound: Bound,
    /// Whether the subtree behind the score reached only finished games (no depth horizon).
    pub exact: bool,
    age: u8,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        mv: None,
        score: 0,
        depth: -1,
        bound: Bound::None,
        exact: false,
        age: 0,
    };

    /// The stored score, made relative to the root for the node at `ply`.
    #[inline]
    pub fn score(&self, ply: usize) -> Score {
        score::from_tt(self.score, ply)
    }
}

/// A fixed-size, two-way bucketed transposition table.
pub struct TranspositionTable<M> {
    buckets: Vec<[Entry<M>; 2]>,
    mask: usize,
    age: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `mib` MiB (at least one bucket). The number of buckets is the largest
    /// power of two that fits.
    pub fn new(mib: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<[Entry<M>; 2]>();
        let fit = (mib.max(1) * 1024 * 1024 / bucket_bytes).max(1);
        let len = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: vec![[Entry::EMPTY; 2]; len],
            mask: len - 1,
            age: 0,
        }
    }

    /// Number of entries (two per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::EMPTY; 2]);
        self.age = 0;
    }

    /// Starts a new search: entries from earlier searches become older and easier to replace.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits index; the full key is checked on probe.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.bound != Bound::None && e.key == key)
    }

    /// Stores a result for `key` found at `ply` from the root with draft `depth`.
    /// `score` is root-relative; it is stored node-relative. `exact`: the search behind it met no
    /// depth horizon. A store without a move keeps the move already stored for the same key.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        score: Score,
        bound: Bound,
        mv: Option<M>,
        exact: bool,
    ) {
        let age = self.age;
        let idx = self.bucket(key);
        let bucket = &mut self.buckets[idx];
        let slot = match bucket
            .iter()
            .position(|e| e.key == key && e.bound != Bound::None)
        {
            Some(i) => i,
            None => {
                let worth = |e: &Entry<M>| -> i32 {
                    if e.bound == Bound::None {
                        i32::MIN
                    } else {
                        e.depth as i32 - 4 * age.wrapping_sub(e.age) as i32
                    }
                };
                if worth(&bucket[0]) <= worth(&bucket[1]) {
                    0
                } else {
                    1
                }
            }
        };
        let old = bucket[slot];
        bucket[slot] = Entry {
            key,
            mv: mv.or(if old.key == key { old.mv } else { None }),
            score: score::to_tt(score, ply),
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            bound,
            exact,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_prefers_deep_fresh_entries() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        assert!(tt.capacity().is_power_of_two());
        assert!(tt.probe(42).is_none());
        tt.store(42, 5, 0, 17, Bound::Exact, Some(3), false);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.depth, e.score(0), e.bound, e.mv),
            (5, 17, Bound::Exact, Some(3))
        );
        // A store without a move keeps the old move of the same key.
        tt.store(42, 6, 0, 20, Bound::Lower, None, false);
        assert_eq!(tt.probe(42).unwrap().mv, Some(3));
        // Mate scores are stored node-relative.
        tt.store(7, 3, 4, score::win_in(6), Bound::Exact, None, true);
        assert!(tt.probe(7).unwrap().exact);
        assert_eq!(tt.probe(7).unwrap().score(1), score::win_in(3));
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn replacement_keeps_the_deeper_entry_of_the_current_search() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        // Find three keys in the same bucket.
        let b = tt.bucket(1);
        let keys: Vec<u64> = (1u64..).filter(|&k| tt.bucket(k) == b).take(4).collect();
        tt.store(keys[0], 9, 0, 1, Bound::Exact, None, false);
        tt.store(keys[1], 2, 0, 1, Bound::Exact, None, false);
        tt.store(keys[2], 4, 0, 1, Bound::Exact, None, false);
        assert!(tt.probe(keys[0]).is_some(), "deep entry survives");
        assert!(tt.probe(keys[1]).is_none(), "shallow entry replaced");
        assert!(tt.probe(keys[2]).is_some());
        // Three searches later both are stale (worth 9-12 and 4-12): the shallower goes first,
        // then the deep one gives way to a fresh shallow entry.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(keys[1], 1, 0, 1, Bound::Exact, None, false);
        assert!(tt.probe(keys[2]).is_none() && tt.probe(keys[0]).is_some());
        tt.store(keys[3], 1, 0, 1, Bound::Exact, None, false);
        assert!(
            tt.probe(keys[0]).is_none(),
            "stale deep entry replaced by a fresh one"
        );
        assert!(tt.probe(keys[1]).is_some() && tt.probe(keys[3]).is_some());
    }
}
