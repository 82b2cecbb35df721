//! The bitboard rules against the naive reference: move lists (dominoes and bombs), perft,
//! make/unmake, incremental keys, the bomb's effect, the mirror symmetries and input checks.

use domineering_bomb::reference::{RefMove, State};
use domineering_bomb::{Cell, Move, Player, Position};
use proptest::prelude::*;
use search_core::perft;

fn to_ref(mv: Move) -> RefMove {
    match mv {
        Move::Place { row, col } => (false, row as usize, col as usize),
        Move::Bomb { row, col } => (true, row as usize, col as usize),
    }
}

fn ref_cells(s: &State) -> Vec<Cell> {
    s.cells
        .iter()
        .flatten()
        .map(|&x| match x {
            0 => Cell::Empty,
            1 => Cell::Horizontal,
            _ => Cell::Vertical,
        })
        .collect()
}

/// Both representations after the same `choices` (move indices; bombs get a quarter of them).
fn playout(rows: usize, cols: usize, choices: &[u16]) -> Vec<(Position, State)> {
    let mut p = Position::new(rows, cols, true);
    let mut s = State::new(rows, cols, true);
    let mut out = vec![(p.clone(), s.clone())];
    for &ch in choices {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let bombs: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Bomb { .. }))
            .collect();
        let mv = if ch % 4 == 0 && !bombs.is_empty() {
            bombs[ch as usize / 4 % bombs.len()]
        } else {
            moves[ch as usize % moves.len()]
        };
        p.play_unchecked(mv);
        s = s.after(to_ref(mv));
        out.push((p.clone(), s.clone()));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `check` names a reason exactly when a move is illegal, and `try_play` agrees with it.
    #[test]
    fn check_agrees_with_is_legal(
        rows in 1usize..=13, cols in 1usize..=13,
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        for (p, _) in playout(rows, cols, &choices) {
            for row in 0..13u8 {
                for col in 0..13u8 {
                    for mv in [Move::Place { row, col }, Move::Bomb { row, col }] {
                        prop_assert_eq!(p.check(mv).is_ok(), p.is_legal(mv), "{:?}", mv);
                        let mut after = p.clone();
                        prop_assert_eq!(after.try_play(mv), p.check(mv));
                    }
                }
            }
        }
    }

    #[test]
    fn rules_match_the_reference(
        rows in 1usize..=13, cols in 1usize..=13,
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        for (p, s) in playout(rows, cols, &choices) {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let mine: Vec<RefMove> = moves.iter().map(|&m| to_ref(m)).collect();
            prop_assert_eq!(mine, s.moves());
            prop_assert_eq!(p.cells(), ref_cells(&s));
            prop_assert_eq!(p.key(), p.compute_key());
            prop_assert_eq!(p.to_move() == Player::Horizontal, s.horizontal_to_move);
            prop_assert_eq!(p.has_bomb(Player::Horizontal), s.bombs[0]);
            prop_assert_eq!(p.has_bomb(Player::Vertical), s.bombs[1]);
            prop_assert_eq!(p.has_move(), !s.moves().is_empty());
            // Every bomb area's verdict, not just the listed ones.
            for r in 0..13 {
                for c in 0..13 {
                    prop_assert_eq!(p.bomb_area_ok(r, c), s.bomb_ok(r, c), "area {} {}", r, c);
                }
            }
        }
    }

    #[test]
    fn make_unmake_restores_everything(
        rows in 1usize..=13, cols in 1usize..=13,
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let line = playout(rows, cols, &choices);
        let (mut p, _) = line.last().cloned().unwrap();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        for mv in moves {
            let before = p.clone();
            p.play_unchecked(mv);
            prop_assert_eq!(p.key(), p.compute_key());
            p.unplay(mv);
            prop_assert_eq!(&p, &before);
        }
    }

    #[test]
    fn mirrors_give_mirrored_moves(
        rows in 1usize..=13, cols in 1usize..=13,
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let (p, _) = playout(rows, cols, &choices).pop().unwrap();
        let count = |q: &Position| { let mut v = Vec::new(); q.legal_moves(&mut v); v.len() };
        for axis in [true, false] {
            let m = p.mirrored(axis);
            prop_assert_eq!(count(&m), count(&p));
            prop_assert_eq!(m.mirrored(axis).cells(), p.cells());
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            for mv in moves {
                let image = match (mv, axis, p.to_move()) {
                    (Move::Place { row, col }, true, Player::Horizontal) =>
                        Move::Place { row, col: (cols - 2) as u8 - col },
                    (Move::Place { row, col }, true, Player::Vertical) =>
                        Move::Place { row, col: (cols - 1) as u8 - col },
                    (Move::Place { row, col }, false, Player::Horizontal) =>
                        Move::Place { row: (rows - 1) as u8 - row, col },
                    (Move::Place { row, col }, false, Player::Vertical) =>
                        Move::Place { row: (rows - 2) as u8 - row, col },
                    (Move::Bomb { row, col }, true, _) => Move::Bomb { row, col: (cols - 5) as u8 - col },
                    (Move::Bomb { row, col }, false, _) => Move::Bomb { row: (rows - 5) as u8 - row, col },
                };
                prop_assert!(m.is_legal(image), "{:?} → {:?}", mv, image);
            }
        }
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    for (rows, cols) in [(5, 5), (6, 7), (13, 13)] {
        let mut p = Position::new(rows, cols, true);
        let s = State::new(rows, cols, true);
        for depth in 1..=3 {
            assert_eq!(
                perft(&mut p, depth),
                s.perft(depth),
                "{rows}×{cols} depth {depth}"
            );
        }
        assert_eq!(p, Position::new(rows, cols, true));
    }
    // 13×13: 156 dominoes and 81 bomb areas for the first player.
    assert_eq!(perft(&mut Position::new(13, 13, true), 1), 156 + 81);
}

#[test]
fn a_bomb_empties_its_area_and_nothing_else() {
    let mut p = Position::new(13, 13, true);
    // A horizontal domino inside the area, a vertical one inside, one just outside.
    p.play_unchecked(Move::Place { row: 2, col: 2 });
    p.play_unchecked(Move::Place { row: 3, col: 4 });
    p.play_unchecked(Move::Place { row: 0, col: 7 });
    p.play_unchecked(Move::Place { row: 8, col: 0 });
    let before = p.clone();
    assert!(p.is_legal(Move::Bomb { row: 1, col: 2 }));
    p.play_unchecked(Move::Bomb { row: 1, col: 2 });
    for r in 0..13 {
        for c in 0..13 {
            let inside = (1..6).contains(&r) && (2..7).contains(&c);
            let want = if inside {
                Cell::Empty
            } else {
                before.cell(r, c)
            };
            assert_eq!(p.cell(r, c), want, "cell {r} {c}");
        }
    }
    // Horizontal (to move after four dominoes) used its bomb.
    assert!(!p.has_bomb(Player::Horizontal));
    assert!(p.has_bomb(Player::Vertical));
    // An area cutting the domino at (0,7)-(0,8) is illegal; one cutting (8,0)-(9,0) too.
    assert!(!p.bomb_area_ok(0, 8));
    assert!(!p.bomb_area_ok(4, 0));
    assert!(p.bomb_area_ok(5, 0));
    assert!(p.bomb_area_ok(0, 7));
    // Off-board areas.
    assert!(!p.bomb_area_ok(9, 0));
    assert!(!p.bomb_area_ok(0, 9));
}

#[test]
fn impossible_and_malformed_boards_are_rejected() {
    use Cell::{Empty as E, Horizontal as H, Vertical as V};
    assert!(Position::from_cells(1, 3, &[H, H, E], [true; 2], Player::Horizontal).is_ok());
    assert!(Position::from_cells(1, 3, &[H, E, E], [true; 2], Player::Horizontal).is_err());
    assert!(Position::from_cells(1, 3, &[H, H, H], [true; 2], Player::Horizontal).is_err());
    assert!(Position::from_cells(3, 1, &[V, V, V], [true; 2], Player::Horizontal).is_err());
    assert!(Position::from_cells(3, 1, &[V, V, E], [true; 2], Player::Horizontal).is_ok());
    assert!(Position::from_text("..\n.#\n").is_ok());
    assert!(Position::from_text("..\n.\n").is_err());
    assert!(Position::from_text("..\n.x\n").is_err());
    assert!(Position::from_text("").is_err());
    assert!(Position::from_text(&".".repeat(14)).is_err());
}
