//! Boards and points as text round-trip; try_play refuses what play must not be given.

use gomoku::{Board, Color, PlayError, Rule};
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
    assert_eq!(b.try_play(0), Err(PlayError::Occupied(0)));
    assert_eq!(b.try_play(15 * 15), Err(PlayError::OffBoard(225)));
    assert_eq!(
        b.try_play(15 * 15).unwrap_err().to_string(),
        "cell 225 is off the board"
    );
    assert_eq!(b.stones(), 1);
    // Five in a row for Black ends the game: no more stones, whatever the cell.
    let mut won = Board::new(15, Rule::FiveOrMore);
    for k in 0..5 {
        won.play(k);
        if k < 4 {
            won.play(30 + k);
        }
    }
    assert_eq!(won.check(100), Err(PlayError::GameOver));
    assert!(!won.is_legal(100));
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
            if b.has_won(Color::Black) || b.has_won(Color::White) || b.is_full() {
                break;
            }
            let cell = c as usize % (n * n);
            if b.is_legal(cell) {
                b.try_play(cell).unwrap();
            }
        }
        for cell in 0..n * n + 2 {
            prop_assert_eq!(b.check(cell).is_ok(), b.is_legal(cell));
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

/// The game's colors are search-core's sides by another name, both ways.
#[test]
fn colors_are_sides() {
    use gomoku::search_core::Side;
    for (c, s) in [(Color::Black, Side::First), (Color::White, Side::Second)] {
        assert_eq!(Side::from(c), s);
        assert_eq!(Color::from(s), c);
    }
}
