//! The NEERC judge's player: hand-worked gains, incremental gains against the statement's score
//! from scratch, and its choice against an independent replay of its random terms.

use gomoku::neerc::{position_score, JudgePlayer, Model, CENTRE, NOISE, SIZE};
use gomoku::{Color, JavaRandom};
use proptest::prelude::*;

fn cell(row: usize, col: usize) -> usize {
    row * SIZE + col
}

#[test]
fn hand_worked_gains_next_to_the_centre() {
    let mut m = Model::new();
    m.play_unchecked(CENTRE); // black (10,10)
    m.play_unchecked(cell(0, 0)); // white far away, in a corner
                                  // A black stone at (10,11): 4 horizontal windows also hold the centre (each 50 → 50³, i.e.
                                  // +124,950); the other 16 windows through (10,11) are empty (+50 each).
    assert_eq!(m.gain(cell(9, 10)), 4 * 124_950 + 16 * 50);
    // A black stone on (1,2), next to white's corner stone. Windows through it: horizontal ones
    // starting at columns 1 and 2 — the first holds white's stone, so black gains 50² for
    // spoiling it, the second is empty (+50); one vertical and one ↘ window, both empty; no ↙
    // window fits (it would leave the board on the left).
    assert_eq!(m.gain(cell(0, 1)), 2_500 + 50 + 50 + 50);
}

/// A position from a random sequence of legal moves.
fn random_model(choices: &[u16]) -> Model {
    let mut m = Model::new();
    for &ch in choices {
        let empty: Vec<usize> = (0..SIZE * SIZE)
            .filter(|&c| m.board().at(c).is_none())
            .collect();
        // Keep stones near the centre so windows fill up.
        let near: Vec<usize> = empty
            .iter()
            .copied()
            .filter(|&c| (c / SIZE).abs_diff(9) <= 4 && (c % SIZE).abs_diff(9) <= 4)
            .collect();
        m.play_unchecked(near[ch as usize % near.len()]);
        if m.board().has_won(Color::Black) || m.board().has_won(Color::White) {
            m.undo();
            break;
        }
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_gains_equal_score_differences(choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let m = random_model(&choices);
        if m.board().to_move() == Color::Black {
            let before = position_score(m.board());
            let mut b = m.board().clone();
            for c in 0..SIZE * SIZE {
                if b.at(c).is_none() {
                    b.play_unchecked(c);
                    prop_assert_eq!(m.gain(c), position_score(&b) - before, "cell {}", c);
                    b.undo();
                }
            }
        }
        // Undo restores the gains exactly.
        let mut u = m.clone();
        if u.board().stones() > 0 {
            let last = *u.board().history().last().unwrap() as usize;
            u.undo();
            u.play_unchecked(last);
            for c in 0..SIZE * SIZE {
                prop_assert_eq!(u.gain(c), m.gain(c));
            }
            prop_assert_eq!(u.board().key(), u.board().compute_key());
        }
    }

    #[test]
    fn the_judge_picks_the_greatest_gain_plus_noise(choices in prop::collection::vec(any::<u16>(), 1..30), seed in any::<i32>()) {
        let mut m = random_model(&choices);
        if m.board().to_move() == Color::White {
            m.play_unchecked((0..SIZE * SIZE).find(|&c| m.board().at(c).is_none()).unwrap());
        }
        let mut judge = JudgePlayer::new(i64::from(seed));
        let pick = judge.choose(&m).unwrap();
        // Replay the noise independently: one nextInt(2500) per empty cell in index order, with
        // the score difference computed from scratch.
        let mut rng = JavaRandom::new(i64::from(seed));
        let before = position_score(m.board());
        let mut b = m.board().clone();
        let mut values = Vec::new();
        for c in 0..SIZE * SIZE {
            if b.at(c).is_none() {
                b.play_unchecked(c);
                values.push((position_score(&b) - before + i64::from(rng.next_int_bounded(NOISE)), c));
                b.undo();
            }
        }
        let best = values.iter().map(|v| v.0).max().unwrap();
        let first_best = values.iter().find(|v| v.0 == best).unwrap().1;
        prop_assert_eq!(pick, first_best);
        let mut replies = Vec::new();
        m.replies(&mut replies);
        prop_assert!(replies.contains(&pick), "the reply set covers every possible pick");
    }
}

#[test]
fn first_move_is_the_centre() {
    let m = Model::new();
    assert_eq!(JudgePlayer::new(5).choose(&m), Some(CENTRE));
    let mut r = Vec::new();
    m.replies(&mut r);
    assert_eq!(r, vec![CENTRE]);
}
