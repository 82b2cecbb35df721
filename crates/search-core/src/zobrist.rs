//! Random keys for Zobrist hashing (Zobrist, "A new hashing method with application for game
//! playing", 1970), generated reproducibly by SplitMix64 (Steele, Lea and Flood, "Fast splittable
//! pseudorandom number generators", OOPSLA 2014), usable in `const` tables.

/// One SplitMix64 step: from `state`, the next state and a well-mixed 64-bit value.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` keys from `seed` (the same seed always gives the same keys).
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        t[i] = k;
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_reproducible_and_distinct() {
        let a: [u64; 64] = keys(42);
        assert_eq!(a, keys::<64>(42));
        let mut sorted = a.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
        assert_ne!(keys::<4>(1), keys::<4>(2));
        // The first SplitMix64 output for seed 0 (the reference implementation's value).
        assert_eq!(splitmix64(0).1, 0xE220_A839_7B1D_CDAF);
    }
}
