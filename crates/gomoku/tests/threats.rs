//! VCF against a naive reference: the attacker tries every empty cell (not only the window-based
//! candidates); both must agree on whether a VCF exists, and every line found must replay to a
//! five with the defender's forced replies.

use gomoku::threats::{vcf, ThreatLimits};
use gomoku::{Board, Color, Rule};
use proptest::prelude::*;

/// Naive VCF: any empty cell after which the attacker threatens five is a four.
fn naive(b: &mut Board, attacker: Color, fours: u32) -> bool {
    let mut cells = Vec::new();
    b.winning_cells(attacker, &mut cells);
    if !cells.is_empty() {
        return true;
    }
    if fours == 0 {
        return false;
    }
    b.winning_cells(attacker.opponent(), &mut cells);
    if cells.len() > 1 {
        return false;
    }
    let block = cells.first().copied();
    let n = b.size() * b.size();
    for c in 0..n {
        if b.at(c).is_some() || block.is_some_and(|x| x != c) {
            continue;
        }
        b.play_unchecked(c);
        b.winning_cells(attacker, &mut cells);
        let ok = match cells.len() {
            0 => false,
            1 => {
                b.play_unchecked(cells[0]);
                let ok = !b.has_won(attacker.opponent()) && naive(b, attacker, fours - 1);
                b.undo();
                ok
            }
            _ => true,
        };
        b.undo();
        if ok {
            return true;
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn vcf_agrees_with_the_naive_search(cells in prop::collection::vec((4i32..11, 4i32..11), 6..26)) {
        let mut b = Board::new(15, Rule::FiveOrMore);
        for (r, c) in cells {
            let cell = b.cell(r, c).unwrap();
            if b.at(cell).is_none() {
                b.play_unchecked(cell);
                if b.has_won(Color::Black) || b.has_won(Color::White) {
                    b.undo();
                }
            }
        }
        let attacker = b.to_move();
        let limits = ThreatLimits { max_fours: 3, max_nodes: u64::MAX };
        let found = vcf(&mut b, limits);
        prop_assert_eq!(found.is_some(), naive(&mut b, attacker, 3));
        if let Some(line) = found {
            for &c in &line {
                prop_assert!(b.at(c).is_none());
                b.play_unchecked(c);
            }
            prop_assert!(b.has_won(attacker));
        }
    }
}

/// A seeded pseudo-random position: `stones` = min + up to `extra` placement attempts inside the
/// square of side 7 whose top-left cell is (`lo`, `lo`), skipping occupied cells and moves that
/// would end the game.
fn seeded_board(state: &mut u64, size: usize, lo: i32, min: u64, extra: u64) -> Board {
    let mut next = |m: u64| {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) % m
    };
    let mut b = Board::new(size, Rule::FiveOrMore);
    for _ in 0..(min + next(extra)) {
        let cell = b.cell(lo + next(7) as i32, lo + next(7) as i32).unwrap();
        if b.at(cell).is_none() {
            b.play_unchecked(cell);
            if b.has_won(Color::Black) || b.has_won(Color::White) {
                b.undo();
            }
        }
    }
    b
}

#[test]
fn seeded_positions_agree_and_some_have_a_vcf() {
    let mut state = 11u64;
    let (mut found, mut total) = (0, 0);
    for _ in 0..400 {
        let mut b = seeded_board(&mut state, 15, 4, 8, 20);
        let attacker = b.to_move();
        let fast = vcf(
            &mut b,
            ThreatLimits {
                max_fours: 3,
                max_nodes: u64::MAX,
            },
        )
        .is_some();
        assert_eq!(fast, naive(&mut b, attacker, 3));
        found += usize::from(fast);
        total += 1;
    }
    eprintln!("{found} of {total} positions have a VCF of at most 3 fours");
    assert!(
        found >= 20,
        "only {found} positions with a VCF: the sample proves little"
    );
}

/// Naive VCT: the attacker's threats are recognised by what they do (a four leaves a completion
/// cell; a three leaves a move with two completion cells), and the defender may answer anywhere.
fn naive_vct(b: &mut Board, attacker: Color, threats: u32) -> bool {
    let mut cells = Vec::new();
    b.winning_cells(attacker, &mut cells);
    if !cells.is_empty() {
        return true;
    }
    if threats == 0 {
        return false;
    }
    b.winning_cells(attacker.opponent(), &mut cells);
    if cells.len() > 1 {
        return false;
    }
    let block = cells.first().copied();
    let n = b.size() * b.size();
    for c in 0..n {
        if b.at(c).is_some() || block.is_some_and(|x| x != c) {
            continue;
        }
        b.play_unchecked(c);
        b.winning_cells(attacker, &mut cells);
        let is_threat = !cells.is_empty() || gomoku::threats::has_double_threat_move(b, attacker);
        let won = is_threat
            && (0..n)
                .filter(|&x| b.at(x).is_none())
                .collect::<Vec<_>>()
                .into_iter()
                .all(|x| {
                    b.play_unchecked(x);
                    let ok = !b.has_won(attacker.opponent()) && naive_vct(b, attacker, threats - 1);
                    b.undo();
                    ok
                });
        b.undo();
        if won {
            return true;
        }
    }
    false
}

#[test]
fn vct_agrees_with_a_full_width_defender() {
    let mut state = 5u64;
    let (mut found, mut vcf_only) = (0, 0);
    for _ in 0..400 {
        let mut b = seeded_board(&mut state, 9, 1, 8, 12);
        let attacker = b.to_move();
        let limits = ThreatLimits {
            max_fours: 2,
            max_nodes: u64::MAX,
        };
        let fast = gomoku::threats::vct(&mut b, limits);
        assert_eq!(
            fast.is_some(),
            naive_vct(&mut b, attacker, 2),
            "\n{:?}",
            b.history()
        );
        found += usize::from(fast.is_some());
        vcf_only += usize::from(vcf(&mut b, limits).is_some());
    }
    eprintln!("{found} of 400 positions have a VCT of 2 threats ({vcf_only} by fours alone)");
    assert!(
        found >= vcf_only + 5,
        "the sample must contain wins that need a three"
    );
}
