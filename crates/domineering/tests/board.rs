//! The standard board proven against a naive rule set: make/unmake restores the position, the
//! incremental key equals the key from scratch, the generated moves equal a naive generator's,
//! text round-trips, and mirrored or transposed boards give the solver's answer mirrored.

use domineering::solver::Solver;
use domineering::{Board, Cell, Move, Player};
use proptest::prelude::*;

/// Every domino of `p` on the cell grid, row-major: the naive generator.
fn naive_moves(b: &Board, p: Player) -> Vec<Move> {
    let empty = |r: usize, c: usize| r < b.rows() && c < b.cols() && b.cell(r, c) == Cell::Empty;
    let mut out = Vec::new();
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            let (r2, c2) = match p {
                Player::Horizontal => (r, c + 1),
                Player::Vertical => (r + 1, c),
            };
            if empty(r, c) && empty(r2, c2) {
                out.push(Move {
                    row: r as u8,
                    col: c as u8,
                });
            }
        }
    }
    out
}

/// A board of the given size after `picks` (each picks a legal move by index) and holes.
fn board_from(rows: usize, cols: usize, holes: &[(usize, usize)], picks: &[usize]) -> Board {
    let mut cells = vec![Cell::Empty; rows * cols];
    for &(r, c) in holes {
        cells[(r % rows) * cols + c % cols] = Cell::Blocked;
    }
    let mut b = Board::from_cells(rows, cols, &cells, Player::Horizontal).unwrap();
    let mut moves = Vec::new();
    for &k in picks {
        moves.clear();
        b.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        b.play_unchecked(moves[k % moves.len()]);
    }
    b
}

fn boards() -> impl Strategy<Value = Board> {
    (
        1usize..=9,
        1usize..=9,
        prop::collection::vec((0usize..13, 0usize..13), 0..6),
        prop::collection::vec(0usize..1000, 0..30),
    )
        .prop_map(|(r, c, holes, picks)| board_from(r, c, &holes, &picks))
}

proptest! {
    /// `check` names a reason exactly when a move is illegal, `try_play` agrees with it, and a
    /// refused move leaves the board as it was.
    #[test]
    fn check_agrees_with_is_legal(b in boards()) {
        for row in 0..14u8 {
            for col in 0..14u8 {
                let mv = Move { row, col };
                prop_assert_eq!(b.check(mv).is_ok(), b.is_legal(mv), "{:?}", mv);
                let mut after = b.clone();
                prop_assert_eq!(after.try_play(mv), b.check(mv));
                if b.check(mv).is_err() {
                    prop_assert_eq!(&after, &b);
                }
            }
        }
    }

    #[test]
    fn moves_equal_the_naive_generator(b in boards()) {
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        prop_assert_eq!(&moves, &naive_moves(&b, b.to_move()));
        for p in [Player::Horizontal, Player::Vertical] {
            prop_assert_eq!(b.count_placements(p) as usize, naive_moves(&b, p).len());
        }
        prop_assert_eq!(b.has_move(), !moves.is_empty());
        for r in 0..13u8 {
            for c in 0..13u8 {
                let mv = Move { row: r, col: c };
                prop_assert_eq!(b.is_legal(mv), moves.contains(&mv));
            }
        }
    }

    #[test]
    fn play_and_unplay_restore_the_board_and_keys_stay_exact(
        b in boards(),
        picks in prop::collection::vec(0usize..1000, 1..20),
    ) {
        let mut b = b;
        let start = b.clone();
        let mut played = Vec::new();
        let mut moves = Vec::new();
        for k in picks {
            moves.clear();
            b.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[k % moves.len()];
            b.try_play(mv).unwrap();
            played.push(mv);
            prop_assert_eq!(b.key(), b.compute_key());
        }
        while let Some(mv) = played.pop() {
            b.unplay(mv);
            prop_assert_eq!(b.key(), b.compute_key());
        }
        prop_assert_eq!(b.key(), start.key());
        prop_assert_eq!(b, start);
    }

    #[test]
    fn text_round_trips(b in boards(), r in 0u8..13, c in 0u8..13) {
        prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b.clone());
        let mv = Move { row: r, col: c };
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }

    #[test]
    fn mirrors_and_the_transpose_keep_the_moves_and_the_winner(
        rows in 1usize..=5,
        cols in 1usize..=5,
        holes in prop::collection::vec((0usize..13, 0usize..13), 0..4),
        picks in prop::collection::vec(0usize..1000, 0..6),
    ) {
        let b = board_from(rows, cols, &holes, &picks);
        let me = b.to_move();
        let winner = Solver::new(rows, cols, 12).solve(&b).unwrap().winner;
        for m in [b.mirrored(true), b.mirrored(false)] {
            prop_assert_eq!(m.count_placements(me), b.count_placements(me));
            prop_assert_eq!(Solver::new(rows, cols, 12).solve(&m).unwrap().winner, winner);
        }
        // Turned on its side the roles swap: the same side to move wins, in the other role.
        let t = b.transposed();
        prop_assert_eq!(t.count_placements(me.opponent()), b.count_placements(me));
        let tw = Solver::new(cols, rows, 12).solve(&t).unwrap().winner;
        prop_assert_eq!(tw == t.to_move(), winner == me);
    }
}

#[test]
fn malformed_text_is_refused() {
    for bad in [
        "..\n...\n",         // rows of unequal length
        ".-.\n",             // a horizontal run of odd length
        "|.\n..\n",          // a vertical run of odd length
        "..x\n",             // another character
        "..\nto move: up\n", // a bad side
        "",                  // no rows
    ] {
        assert!(bad.parse::<Board>().is_err(), "{bad:?}");
    }
    for bad in ["13,0", "1", "a,b", "1,2,3"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
    let mut b = Board::new(2, 2);
    assert!(b.try_play(Move { row: 1, col: 1 }).is_err());
    assert_eq!(b, Board::new(2, 2));
}

/// The players are search-core's sides by another name, both ways.
#[test]
fn players_are_sides() {
    use domineering::search_core::Side;
    for (p, s) in [
        (Player::Horizontal, Side::First),
        (Player::Vertical, Side::Second),
    ] {
        assert_eq!(Side::from(p), s);
        assert_eq!(Player::from(s), p);
    }
}
