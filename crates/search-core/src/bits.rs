//! The set bits of a `u64` bitboard as an iterator, lowest first: the pop-lowest-bit loop
//! (`trailing_zeros`, then clear the lowest bit) written once for every game's bitboards.
//!
//! ```
//! use search_core::bits;
//!
//! assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
//! assert_eq!(bits(u64::MAX).len(), 64);
//! assert_eq!(bits(0).next(), None);
//! ```

/// The indices of the set bits of `bb`, lowest first.
#[inline]
pub fn bits(bb: u64) -> Bits {
    Bits(bb)
}

/// The iterator of [`bits`]: what is left of the bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}
