//! Boards and points as text round-trip; try_play refuses what play must not be given.

use gomoku::{Board, Rule, Stone};
use proptest::prelude::*;

#[test]
fn points_are_named_from_the_bottom_left() {
    let b = Board::new(15, Rule::FiveOrMore);
    assert_eq!(b.point_name(7 * 15 + 7), "h8");
    assert_eq!(b.point_name(14 * 15), "a1");
    assert_eq!(b.parse_point("A15"), Ok(0));
    assert_eq!(b.parse_point("7 7"), Ok(7 * 15 + 7));
    for bad in ["", "p1", "a0", "a16", "15 0", "x", "h8h"] {
        assert!(b.parse_point(bad).is_err(), "{bad:?}");
    }
    let small = Board::new(19, Rule::ExactlyFive);
    for cell in 0..19 * 19 {
        assert_eq!(small.parse_point(&small.point_name(cell)), Ok(cell));
    }
}

#[test]
fn bad_boards_and_moves_are_refused() {
    assert!(
        "....\n....\n....\n....\n".parse::<Board>().is_err(),
        "4×4 is too small"
    );
    let five = ".....\n".repeat(5);
    assert!(five.parse::<Board>().is_ok());
    assert!(
        five.replacen('.', "O", 1).parse::<Board>().is_err(),
        "White ahead"
    );
    assert!(format!("{five}rule: renju\n").parse::<Board>().is_err());
    let mut b = Board::new(15, Rule::FiveOrMore);
    b.try_play(0).unwrap();
    assert!(b.try_play(0).is_err());
    assert!(b.try_play(15 * 15).is_err());
    assert_eq!(b.stones(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn boards_round_trip_with_rule_and_side(
        n in 5usize..=19,
        standard in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
        pass in any::<bool>(),
    ) {
        let rule = if standard { Rule::ExactlyFive } else { Rule::FiveOrMore };
        let mut b = Board::new(n, rule);
        for c in choices {
            if b.has_won(Stone::Black) || b.has_won(Stone::White) || b.is_full() {
                break;
            }
            let cell = c as usize % (n * n);
            if b.is_legal(cell) {
                b.try_play(cell).unwrap();
            }
        }
        if pass {
            b.pass();
        }
        let back: Board = b.to_string().parse().unwrap();
        prop_assert_eq!(&back, &b);
        prop_assert_eq!(back.key(), b.key());
        prop_assert_eq!(back.to_move(), b.to_move());
    }
}
