//! Move-ordering tables: killer moves per ply and the history heuristic per side.
//!
//! Killers (Akl & Newborn 1977): the last two quiet moves that caused a beta cut-off at a ply.
//! History (Schaeffer 1989): a per-side score per [`crate::Game::move_index`], raised by `depth²`
//! for cut-off moves and lowered for the moves tried before them; values are kept bounded by the
//! "gravity" update `h += bonus - h·|bonus| / HISTORY_MAX`.

use crate::game::Side;
use crate::score::MAX_PLY;

/// Bound on the absolute value of a history score.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Two killer moves per ply.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    /// Empty killers for plies `0..MAX_PLY`.
    pub fn new() -> Self {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 1],
        }
    }

    /// Records `mv` as the newest killer at `ply`.
    #[inline]
    pub fn record(&mut self, ply: usize, mv: M) {
        let s = &mut self.slots[ply];
        if s[0] != Some(mv) {
            s[1] = s[0];
            s[0] = Some(mv);
        }
    }

    /// The killers at `ply`, newest first.
    #[inline]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply]
    }

    /// 2 if `mv` is the newest killer at `ply`, 1 if the older one, else 0.
    #[inline]
    pub fn rank(&self, ply: usize, mv: M) -> i32 {
        let s = &self.slots[ply];
        if s[0] == Some(mv) {
            2
        } else if s[1] == Some(mv) {
            1
        } else {
            0
        }
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// History scores per side and move index.
pub struct History {
    table: Vec<i32>,
    space: usize,
}

impl History {
    /// A zeroed table for move indices `0..space`.
    pub fn new(space: usize) -> Self {
        History {
            table: vec![0; space * 2],
            space,
        }
    }

    /// The history score of move index `idx` for `side`.
    #[inline]
    pub fn get(&self, side: Side, idx: usize) -> i32 {
        self.table[side.index() * self.space + idx]
    }

    /// Adds `bonus` (negative for a malus) with gravity, keeping |score| ≤ [`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, side: Side, idx: usize, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let h = &mut self.table[side.index() * self.space + idx];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Halves every score (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|h| *h /= 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_rank_newest_first() {
        let mut k = Killers::new();
        k.record(3, 10u8);
        k.record(3, 11);
        k.record(3, 11);
        assert_eq!(
            (k.rank(3, 11), k.rank(3, 10), k.rank(3, 12), k.rank(2, 11)),
            (2, 1, 0, 0)
        );
    }

    #[test]
    fn history_stays_bounded_and_ranks_by_success() {
        let mut h = History::new(4);
        for _ in 0..1000 {
            h.update(Side::First, 1, 400);
            h.update(Side::First, 2, -400);
        }
        assert!(h.get(Side::First, 1) <= HISTORY_MAX && h.get(Side::First, 1) > 0);
        assert!(h.get(Side::First, 2) >= -HISTORY_MAX && h.get(Side::First, 2) < 0);
        assert_eq!(h.get(Side::Second, 1), 0);
        h.age();
        assert!(h.get(Side::First, 1) <= HISTORY_MAX / 2 + 1);
    }
}
