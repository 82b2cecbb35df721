//! The bitboard rules against a deliberately naive reference written from the spec
//! (`spec/kattis-loa.md`): a 2-D array, walking cell by cell.

mod common;
use common::playout;

use loa::bitboard::{components, euler_number, is_connected};
use loa::reference::{self, board_of, fast_moves};
use loa::{transform_square, Color, EvalWeights, LoaEval, Move, Position, Square};

use proptest::prelude::*;
use search_core::{perft, Evaluator, Game, Outcome};

fn naive_euler(bb: u64) -> i32 {
    let cell = |r: i32, c: i32| -> u8 {
        ((0..8).contains(&r) && (0..8).contains(&c) && bb >> (r * 8 + c) & 1 == 1) as u8
    };
    let (mut q1, mut q3, mut qd) = (0, 0, 0);
    for r in -1..8 {
        for c in -1..8 {
            let (a, b, x, d) = (
                cell(r, c),
                cell(r, c + 1),
                cell(r + 1, c),
                cell(r + 1, c + 1),
            );
            match a + b + x + d {
                1 => q1 += 1,
                3 => q3 += 1,
                2 if a == d => qd += 1,
                _ => {}
            }
        }
    }
    (q1 - q3 - 2 * qd) / 4
}

#[test]
fn start_position_facts_from_the_spec() {
    let p = Position::start();
    let moves = fast_moves(&p);
    assert_eq!(moves.len(), 36);
    assert_eq!(moves.iter().filter(|m| m.4).count(), 4);
    assert_eq!(p.to_string().lines().next(), Some(".bbbbbb."));
    assert_eq!(p.outcome(), None);
}

#[test]
fn perft_to_depth_4_agrees_with_the_naive_generator() {
    let mut p = Position::start();
    let mut b = board_of(&p);
    let mut counts = Vec::new();
    for depth in 1..=4 {
        let fast = perft(&mut p, depth);
        assert_eq!(fast, reference::perft(&mut b, 1, depth), "perft({depth})");
        counts.push(fast);
    }
    assert_eq!(counts[0], 36);
    assert_eq!(p, Position::start(), "perft restores the position");
    println!("LOA perft 1..=4: {counts:?}");
}

#[test]
fn both_connected_the_mover_wins_and_a_capture_can_win_for_the_victim() {
    // White to move captures Black's last loose piece at (1,1) (two pieces on row 2: distance 2):
    // Black's remaining pieces are connected, White's are not: Black (now to move) wins.
    let p = Position::from_diagram(
        "........\n.b.w....\n........\n........\n........\n.....bb.\n.....bb.\nw.......",
        Color::White,
    )
    .unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let cap = *moves
        .iter()
        .find(|m| m.capture && m.to == Square::new(1, 1).unwrap())
        .unwrap();
    let mut q = p.clone();
    q.play_unchecked(cap);
    assert_eq!(q.winner(), Some(Color::Black));
    assert_eq!(q.outcome(), Some(Outcome::Win));
    // Both connected after the mover's move: the mover wins.
    let both = Position::from_diagram(
        "bb......\n........\n........\n........\n........\n........\n........\n......ww",
        Color::White,
    )
    .unwrap();
    assert_eq!(both.winner(), Some(Color::Black), "Black just moved");
}

#[test]
fn judge_notation_round_trips_and_rejects_bad_moves() {
    let p = Position::start();
    let mv = p.parse_move([1, 2, 3, 2]).unwrap();
    assert_eq!(mv.judge().to_string(), "1 2 3 2");
    assert_eq!(mv.to_string(), "b1-b3");
    assert!(p.parse_move([1, 2, 2, 2]).is_err(), "wrong distance");
    assert!(p.parse_move([0, 2, 3, 2]).is_err(), "off board");
    assert!(
        p.parse_move([2, 1, 2, 3]).is_err(),
        "White's piece while Black moves"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `check` (which names the rule a move breaks) agrees with the generator on every
    /// (from, to, capture mark) of random positions, and `try_play` with `check`.
    #[test]
    fn check_agrees_with_the_generator(choices in prop::collection::vec(any::<u16>(), 0..60)) {
        for p in playout(&choices) {
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            for f in 0..64 {
                for t in 0..64 {
                    for capture in [false, true] {
                        let mv = Move { from: Square::from_index(f), to: Square::from_index(t), capture };
                        prop_assert_eq!(p.check(mv).is_ok(), legal.contains(&mv), "{} in\n{}", mv, p);
                        let mut q = p.clone();
                        prop_assert_eq!(q.try_play(mv), p.check(mv));
                        if p.check(mv).is_err() {
                            prop_assert_eq!(&q, &p);
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generator_matches_naive_and_make_unmake_restores(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for p in playout(&choices) {
            let b = board_of(&p);
            let me = p.to_move() as u8 + 1;
            prop_assert_eq!(fast_moves(&p), reference::moves(&b, me));
            prop_assert_eq!(p.key(), p.compute_key());
            let naive_winner = reference::winner(&b, me).map(|w| if w == 1 { Color::Black } else { Color::White });
            prop_assert_eq!(p.winner(), naive_winner);
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            prop_assert_eq!(p.mobility(p.to_move()) as usize, moves.len());
            for mv in moves {
                let mut q = p.clone();
                q.play_unchecked(mv);
                prop_assert_eq!(q.key(), q.compute_key(), "incremental key after {}", mv);
                q.unplay(mv);
                prop_assert_eq!(&q, &p);
            }
        }
    }

    #[test]
    fn symmetric_positions_give_symmetric_answers(choices in prop::collection::vec(any::<u16>(), 0..60), sym in 0u8..8) {
        let e = LoaEval::new(EvalWeights::default());
        for p in playout(&choices) {
            let q = p.transformed(sym);
            let mut pm = Vec::new();
            p.legal_moves(&mut pm);
            let mut mapped: Vec<Move> = pm
                .iter()
                .map(|m| Move { from: transform_square(m.from, sym), to: transform_square(m.to, sym), capture: m.capture })
                .collect();
            let mut qm = Vec::new();
            q.legal_moves(&mut qm);
            let key = |m: &Move| (m.from.index(), m.to.index());
            mapped.sort_by_key(key);
            qm.sort_by_key(key);
            prop_assert_eq!(mapped, qm);
            prop_assert_eq!(p.winner(), q.winner());
            for c in [Color::Black, Color::White] {
                prop_assert_eq!(components(p.pieces(c)), components(q.pieces(c)));
                prop_assert_eq!(euler_number(p.pieces(c)), euler_number(q.pieces(c)));
                prop_assert_eq!(loa::eval::concentration(p.pieces(c)), loa::eval::concentration(q.pieces(c)));
            }
            prop_assert_eq!(e.evaluate(&p), e.evaluate(&q));
        }
    }

    #[test]
    fn euler_number_matches_quad_counting(bb in any::<u64>()) {
        prop_assert_eq!(euler_number(bb), naive_euler(bb));
        prop_assert_eq!(is_connected(bb), components(bb) <= 1);
    }
}

#[test]
fn a_null_move_passes_the_turn_with_the_key() {
    use search_core::Game as _;
    let mut p = loa::Position::start();
    let key = p.key();
    assert!(p.make_null_move());
    assert_eq!(p.to_move(), loa::Color::White);
    assert_ne!(p.key(), key);
    assert_eq!(p.key(), p.compute_key());
    p.unmake_null_move();
    assert_eq!((p.to_move(), p.key()), (loa::Color::Black, key));
}
