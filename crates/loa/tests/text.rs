//! Text round-trips (squares, moves, positions) and the checked `try_play`.

mod common;
use common::playout;

use loa::{Color, Move, PlayError, Position, Square};
use proptest::prelude::*;
use search_core::Game;

#[test]
fn squares_read_and_print_algebraic() {
    for i in 0..64 {
        let sq = Square::from_index(i);
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    assert_eq!("b1".parse::<Square>(), Ok(Square::new(0, 1).unwrap()));
    assert_eq!("H8".parse::<Square>(), Ok(Square::new(7, 7).unwrap()));
    for bad in ["", "i1", "a0", "a9", "a10", "11", "b 1"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?}");
    }
}

#[test]
fn diagrams_are_tolerant_and_say_what_is_wrong() {
    let text = "\n .bbbbbb.\n W......w\nw......w\nw......w\n\nw......w\nw......w\nw......w\n.bbbbbb.\n to move: White\n";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.to_move(), loa::Color::White);
    assert!(".bbbbbb.\n".parse::<Position>().is_err());
    let err = Position::start()
        .to_string()
        .replace("to move: black", "to move: green")
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("green"), "{err}");
    assert!("b1-b3x".parse::<Move>().is_err());
    assert!("b1b3".parse::<Move>().is_err());
}

#[test]
fn try_play_refuses_what_is_not_legal_and_leaves_the_position() {
    let mut p = Position::start();
    let before = p.clone();
    // Each rule broken once, with what the error says.
    let mv = |t: &str| t.parse::<Move>().unwrap();
    let cases = [
        (
            "b1xb3",
            PlayError::CaptureMark {
                mv: mv("b1xb3"),
                legal: mv("b1-b3"),
            },
            "b1xb3: the capture mark is wrong, write b1-b3",
        ),
        (
            "a2-c2",
            PlayError::NoPiece {
                mv: mv("a2-c2"),
                mover: Color::Black,
            },
            "a2-c2: no Black piece on a2 (Black to move)",
        ),
        (
            "e4-e5",
            PlayError::NoPiece {
                mv: mv("e4-e5"),
                mover: Color::Black,
            },
            "e4-e5: no Black piece on e4 (Black to move)",
        ),
        (
            "b1-b4",
            PlayError::Distance {
                mv: mv("b1-b4"),
                pieces: 2,
            },
            "b1-b4: a piece moves as many squares as there are pieces on its line (2 here)",
        ),
        (
            "b1-c3",
            PlayError::NotALine(mv("b1-c3")),
            "b1-c3: not along a row, a column or a diagonal",
        ),
        (
            "b1-b1",
            PlayError::NotALine(mv("b1-b1")),
            "b1-b1: not along a row, a column or a diagonal",
        ),
    ];
    for (text, err, says) in cases {
        let got = p.try_play(mv(text)).unwrap_err();
        assert_eq!(got, err, "{text}");
        assert_eq!(got.to_string(), says, "{text}");
        assert_eq!(p, before);
    }
    // White's a2-d5 after b1-b3: three pieces on the diagonal, Black's b3 in the way.
    let mut q = before.clone();
    q.play(mv("b1-b3"));
    let blocked = PlayError::Blocked {
        mv: mv("a2-d5"),
        at: "b3".parse().unwrap(),
    };
    assert_eq!(q.try_play(mv("a2-d5")), Err(blocked));
    assert_eq!(
        blocked.to_string(),
        "a2-d5: an opponent's piece on b3 blocks the way"
    );
    p.try_play("b1-b3".parse().unwrap()).unwrap();
    assert_ne!(p, before);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn positions_and_moves_round_trip_and_legality_matches_the_generator(
        choices in prop::collection::vec(any::<u16>(), 0..60)
    ) {
        for p in playout(&choices) {
            let back: Position = p.to_string().parse().unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.zobrist(), p.zobrist());
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            for &mv in &moves {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
                prop_assert!(p.is_legal(mv));
                let flipped = Move { capture: !mv.capture, ..mv };
                prop_assert!(!p.is_legal(flipped));
                let judge: Vec<i64> = mv.judge().to_string().split(' ').map(|x| x.parse().unwrap()).collect();
                prop_assert_eq!(p.parse_move([judge[0], judge[1], judge[2], judge[3]]), Ok(mv));
            }
            // Every from/to pair the generator leaves out is refused.
            let mut count = 0;
            for from in 0..64 {
                for to in 0..64 {
                    for capture in [false, true] {
                        let mv = Move { from: Square::from_index(from), to: Square::from_index(to), capture };
                        count += usize::from(p.is_legal(mv));
                    }
                }
            }
            prop_assert_eq!(count, moves.len());
        }
    }
}

/// The game's colors are search-core's sides by another name, both ways.
#[test]
fn colors_are_sides() {
    use search_core::Side;
    for (c, s) in [(Color::Black, Side::First), (Color::White, Side::Second)] {
        assert_eq!(Side::from(c), s);
        assert_eq!(Color::from(s), c);
    }
}
