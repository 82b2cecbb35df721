//! Positions and moves as text round-trip (side to move and bombs included); try_play accepts
//! exactly the generated moves.

use domineering_bomb::{Move, Position};
use proptest::prelude::*;
use search_core::Game;

fn random_position(rows: usize, cols: usize, bombs: bool, choices: &[u16]) -> Position {
    let mut p = Position::new(rows, cols, bombs);
    let mut moves = Vec::new();
    for &c in choices {
        moves.clear();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.play_unchecked(moves[c as usize % moves.len()]);
    }
    p
}

#[test]
fn bad_text_is_refused_with_a_reason() {
    for bad in ["0 1 1", "1 13 0", "2 1", "3 0 0", "1 a b"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    let odd = "-..\n...\n".parse::<Position>().unwrap_err();
    assert!(odd.to_string().contains("odd"), "{odd}");
    assert!("..\n...\n".parse::<Position>().is_err());
    assert!("..\n..\nto move: diagonal\n".parse::<Position>().is_err());
    assert!("..\n..\nbombs: X\n".parse::<Position>().is_err());
    let mut p = Position::new(6, 6, false);
    let before = p.clone();
    assert!(
        p.try_play(Move::Bomb { row: 0, col: 0 }).is_err(),
        "no bomb in this game"
    );
    assert!(
        p.try_play(Move::Place { row: 0, col: 5 }).is_err(),
        "off the right edge"
    );
    assert_eq!(p, before);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn text_round_trips_and_try_play_matches_the_generator(
        rows in 1usize..=13,
        cols in 1usize..=13,
        bombs in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..50),
    ) {
        let p = random_position(rows, cols, bombs, &choices);
        let back: Position = p.to_string().parse().unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.zobrist(), p.zobrist());
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        for &mv in &moves {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        let mut every = Vec::new();
        for row in 0..13u8 {
            for col in 0..13u8 {
                every.push(Move::Place { row, col });
                every.push(Move::Bomb { row, col });
            }
        }
        let mut legal: Vec<Move> = every.into_iter().filter(|&m| p.clone().try_play(m).is_ok()).collect();
        let key = |m: &Move| format!("{m:?}");
        legal.sort_by_key(key);
        moves.sort_by_key(key);
        prop_assert_eq!(legal, moves);
    }
}
