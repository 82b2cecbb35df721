//! The fast rules against the reference from the RIF definitions on random dense positions, the
//! eight board symmetries, fives never forbidden, and put/remove restoring everything.
//!
//! `cargo test -p renju-rules --release -- --ignored` runs the full 100,000-position comparison.

mod common;

use proptest::prelude::*;
use renju_rules::{Board, Color, Point, SIZE};

/// A dense random position: stones scattered over a random square region, a little more Black
/// than White so Black shapes (and forbidden points) are common.
#[allow(clippy::needless_range_loop)] // (r, c) index the board and the grid alike
fn dense(seed: u64) -> (Board, common::Grid) {
    let mut k = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |n: u64| {
        k ^= k << 13;
        k ^= k >> 7;
        k ^= k << 17;
        k % n
    };
    let side = 7 + next(9) as usize; // 7..=15
    let r0 = next((SIZE - side + 1) as u64) as usize;
    let c0 = next((SIZE - side + 1) as u64) as usize;
    let fill = 30 + next(40); // percent of the region covered
    let mut b = Board::new();
    let mut g = [[0u8; 15]; 15];
    for r in r0..r0 + side {
        for c in c0..c0 + side {
            if next(100) < fill {
                let black = next(100) < 55;
                let (color, code) = if black {
                    (Color::Black, 1)
                } else {
                    (Color::White, 2)
                };
                b.put_unchecked(Point::new(r, c).unwrap(), color);
                g[r][c] = code;
            }
        }
    }
    (b, g)
}

fn compare(seed: u64) -> usize {
    let (board, grid) = dense(seed);
    let fast: Vec<((i32, i32), &str)> = board
        .forbidden_points()
        .iter()
        .map(|&(p, f)| ((p.row as i32, p.col as i32), f.name()))
        .collect();
    let reference = common::forbidden_set(&grid);
    assert_eq!(fast, reference, "seed {seed}\n{board}");
    fast.len()
}

#[test]
fn fast_equals_reference_on_random_dense_positions() {
    let forbidden: usize = (0..1500).map(compare).sum();
    // The sample is rich in forbidden points of every kind.
    assert!(forbidden > 1000, "{forbidden}");
}

#[test]
#[ignore = "slow: 100,000 positions (minutes in release)"]
fn fast_equals_reference_on_100_000_positions() {
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..100_000u64 {
        let (board, _) = dense(seed);
        compare(seed);
        for (_, f) in board.forbidden_points() {
            *kinds.entry(f.name()).or_insert(0u64) += 1;
        }
    }
    println!("100,000 positions, zero differences; forbidden points by kind: {kinds:?}");
}

/// The index walks along a line are the stepped points: for every point, direction and reach
/// up to 5, the on-board points `q.step(d, k)`, `|k| ≤ reach`, in order, with their indices.
#[test]
fn index_walks_are_the_stepped_points() {
    for i in 0..SIZE * SIZE {
        let q = Point::from_index(i);
        for d in renju_rules::Direction::ALL {
            for reach in 0..=5 {
                let stepped: Vec<(i32, usize)> = (-reach..=reach)
                    .filter_map(|k| q.step(d, k).map(|p| (k, p.index())))
                    .collect();
                assert_eq!(d.indices_within(q, reach).collect::<Vec<_>>(), stepped);
            }
            let around: Vec<(usize, usize)> = d.around(q).map(|(s, p)| (s, p.index())).collect();
            assert_eq!(d.around_indices(q).collect::<Vec<_>>(), around);
        }
    }
}

#[test]
fn symmetries_map_forbidden_sets() {
    for seed in 0..200 {
        let (board, _) = dense(seed);
        let base = board.forbidden_points();
        for s in 1..8u8 {
            let t = board.transformed(s);
            let mut want: Vec<_> = base.iter().map(|&(p, f)| (p.transformed(s), f)).collect();
            want.sort();
            assert_eq!(t.forbidden_points(), want, "seed {seed} symmetry {s}");
        }
    }
}

#[test]
fn a_five_is_never_forbidden() {
    let mut fives = 0;
    for seed in 0..500 {
        let (board, _) = dense(seed);
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            if board.get(p).is_none() && board.makes_five(p, Color::Black) {
                assert_eq!(board.forbidden(p), None, "seed {seed} {p:?}");
                fives += 1;
            }
        }
    }
    assert!(fives > 50, "{fives}");
}

/// The first point, direction and color whose kept pattern differs from the one computed from
/// the line bitboards, if any.
fn stale_pattern(board: &Board) -> Option<(Point, renju_rules::Direction, Color)> {
    (0..SIZE * SIZE).map(Point::from_index).find_map(|p| {
        renju_rules::Direction::ALL.into_iter().find_map(|d| {
            [Color::Black, Color::White].into_iter().find_map(|c| {
                let fresh = renju_rules::pattern::line_info_from_lines(board, p, d, c);
                (board.pattern(p, d, c) != fresh).then_some((p, d, c))
            })
        })
    })
}

proptest! {
    // The same comparison on positions proptest chooses (and shrinks to a small seed on failure).
    #[test]
    fn fast_equals_reference_on_proptest_positions(seed in any::<u64>()) {
        compare(seed);
    }

    /// Putting with saved patterns and removing by restoring them leaves the board as
    /// before, and the patterns equal those computed from scratch at every step.
    #[test]
    fn put_saving_remove_restoring_equals_recomputing(seed in any::<u64>(), picks in prop::collection::vec(0usize..225, 1..40)) {
        let (mut board, _) = dense(seed);
        let before = board.clone();
        let mut saved = Vec::new();
        let mut placed = Vec::new();
        for (n, i) in picks.into_iter().enumerate() {
            let p = Point::from_index(i);
            if board.get(p).is_none() {
                let c = if n % 2 == 0 { Color::Black } else { Color::White };
                let mut fresh = board.clone();
                fresh.put_unchecked(p, c);
                board.put_saving(p, c, &mut saved);
                prop_assert_eq!(&board, &fresh);
                prop_assert_eq!(saved.len(), (placed.len() + 1) * renju_rules::SAVED_PER_STONE);
                placed.push(p);
            }
        }
        for p in placed.into_iter().rev() {
            let mut fresh = board.clone();
            fresh.remove_unchecked(p);
            board.remove_restoring(p, &mut saved);
            prop_assert_eq!(&board, &fresh);
            for i in 0..SIZE * SIZE {
                let q = Point::from_index(i);
                for d in renju_rules::Direction::ALL {
                    for c in [Color::Black, Color::White] {
                        prop_assert_eq!(board.pattern(q, d, c), fresh.pattern(q, d, c));
                    }
                }
            }
        }
        prop_assert!(saved.is_empty());
        prop_assert_eq!(&board, &before);
    }

    #[test]
    fn put_remove_restores_lines_and_keys(seed in any::<u64>(), picks in prop::collection::vec(0usize..225, 1..40)) {
        let (mut board, _) = dense(seed);
        let before = board.clone();
        let mut placed = Vec::new();
        for (n, i) in picks.into_iter().enumerate() {
            let p = Point::from_index(i);
            if board.get(p).is_none() {
                board.put_unchecked(p, if n % 2 == 0 { Color::Black } else { Color::White });
                prop_assert_eq!(board.key(), board.compute_key());
                placed.push(p);
            }
        }
        // After the puts too (the board keeps its window indices by additions).
        prop_assert_eq!(stale_pattern(&board), None);
        for p in placed.into_iter().rev() {
            board.remove_unchecked(p);
            prop_assert_eq!(board.key(), board.compute_key());
        }
        prop_assert_eq!(&board, &before);
        // The incrementally kept patterns equal patterns computed from scratch.
        prop_assert_eq!(stale_pattern(&board), None);
        prop_assert_eq!(board.forbidden_points(), before.forbidden_points());
    }
}
