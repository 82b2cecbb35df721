//! Positions and moves as text round-trip; try_play accepts exactly the generated moves.

use domineering::scored::{Move, Position};
use proptest::prelude::*;
use search_core::Game;

fn random_position(seed: u64, choices: &[u16]) -> Position {
    let mut s = seed | 1;
    let mut values = [[0u8; 8]; 8];
    for v in values.iter_mut().flatten() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        *v = (s % 4) as u8;
    }
    let mut p = Position::new(values);
    let mut moves = Vec::new();
    for &c in choices {
        if p.is_over() {
            break;
        }
        moves.clear();
        p.legal_moves(&mut moves);
        p.play_unchecked(moves[c as usize % moves.len()]);
    }
    p
}

#[test]
fn bad_text_is_refused_with_a_reason() {
    assert!("0 1".parse::<Move>().is_err());
    assert!("9 1".parse::<Move>().is_err());
    assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
    let p = random_position(3, &[1, 2, 3]);
    let text = p.to_string();
    assert!(text
        .replace("to move: ", "to move: nobody")
        .parse::<Position>()
        .is_err());
    assert!(text.replacen("0", "4", 1).parse::<Position>().is_err() || !text.contains('0'));
    let mut q = p.clone();
    assert!(
        q.try_play(Move::Place(63)).is_err(),
        "no domino starts on the last cell"
    );
    assert_eq!(q, p);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn text_round_trips_and_try_play_matches_the_generator(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let p = random_position(seed, &choices);
        let back: Position = p.to_string().parse().unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.zobrist(), p.zobrist());
        let mut moves = Vec::new();
        if !p.is_over() {
            p.legal_moves(&mut moves);
        }
        for &mv in &moves {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        let mut every: Vec<Move> = (0..64).map(Move::Place).collect();
        every.push(Move::Pass);
        let legal: Vec<Move> = every.into_iter().filter(|&m| p.clone().try_play(m).is_ok()).collect();
        moves.sort_by_key(|m| <Position as Game>::move_index(*m));
        prop_assert_eq!(legal, moves);
    }
}
