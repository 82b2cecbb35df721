//! The bitboard rules against the naive reference: perft, move sets, scores, the end rule,
//! make/unmake, keys, the column mirror, and exact values by search-core against full minimax.

use domineering::scored::reference::State;
use domineering::scored::{Move, Position, Side};
use proptest::prelude::*;
use search_core::{perft, Limits, SearchConfig, Searcher};

fn values(seed: u64) -> [[u8; 8]; 8] {
    domineering::scored::reference::seeded_values(seed)
}

fn to_ref(mv: Move) -> Option<(usize, usize)> {
    match mv {
        Move::Place(c) => Some((c as usize / 8, c as usize % 8)),
        Move::Pass => None,
    }
}

/// Both representations after the same `choices`, which pick moves by index.
fn playout(seed: u64, choices: &[u16]) -> Vec<(Position, State)> {
    let mut p = Position::new(values(seed));
    let mut s = State::new(values(seed));
    let mut out = vec![(p.clone(), s.clone())];
    for &ch in choices {
        if p.is_over() {
            break;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let mv = moves[ch as usize % moves.len()];
        p.play_unchecked(mv);
        s = s.after(to_ref(mv));
        out.push((p.clone(), s.clone()));
    }
    out
}

#[test]
fn perft_agrees_with_the_reference() {
    for seed in [1, 2] {
        let mut p = Position::new(values(seed));
        let s = State::new(values(seed));
        for depth in 1..=3 {
            assert_eq!(
                perft(&mut p, depth),
                s.perft(depth),
                "seed {seed} depth {depth}"
            );
        }
        // 56 horizontal placements plus the pass on the empty board.
        assert_eq!(perft(&mut p, 1), 57);
        assert_eq!(p, Position::new(values(seed)));
    }
}

#[test]
fn search_solves_late_positions_exactly() {
    let mut solved = 0;
    for seed in 0..40u64 {
        // Fill the board at random until few placements remain.
        let choices: Vec<u16> = (0..60).map(|k| (seed * 31 + k * 17) as u16).collect();
        let mut pos = Position::new(values(seed));
        let mut st = State::new(values(seed));
        for &ch in &choices {
            let free = (pos.placements(Side::First) | pos.placements(Side::Second)).count_ones();
            if pos.is_over() || free <= 10 {
                break;
            }
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves.pop(); // no passes while filling
            if moves.is_empty() {
                break;
            }
            let mv = moves[ch as usize % moves.len()];
            pos.play_unchecked(mv);
            st = st.after(to_ref(mv));
        }
        if pos.is_over() {
            continue;
        }
        let want = st.solve() * domineering::scored::SCALE;
        let r =
            Searcher::new(SearchConfig::default()).search(&mut pos, &NoEval, &Limits::depth(100));
        assert_eq!(r.score, want, "seed {seed}");
        assert!(r.exact, "a full search of an endgame is exact");
        solved += 1;
    }
    assert!(solved >= 30, "only {solved} positions solved");
}

/// Depth-unlimited searches never call the evaluation.
struct NoEval;
impl search_core::Evaluator<Position> for NoEval {
    fn evaluate(&self, _: &Position) -> i32 {
        0
    }
}

fn mirror(v: [[u8; 8]; 8]) -> [[u8; 8]; 8] {
    let mut m = v;
    for row in m.iter_mut() {
        row.reverse();
    }
    m
}

/// The same move on the board mirrored left to right.
fn mirrored(mv: Move, player: Side) -> Move {
    match mv {
        Move::Pass => Move::Pass,
        Move::Place(c) => {
            let (r, col) = (c / 8, c % 8);
            let width = if player == Side::First { 2 } else { 1 };
            Move::Place(r * 8 + (8 - width - col))
        }
    }
}

#[test]
fn mirrored_positions_have_equal_values() {
    for seed in 0..12u64 {
        let mut a = Position::new(values(seed));
        let mut b = Position::new(mirror(values(seed)));
        for k in 0..40u64 {
            let free = (a.placements(Side::First) | a.placements(Side::Second)).count_ones();
            if a.is_over() || free <= 9 {
                break;
            }
            let mut moves = Vec::new();
            a.legal_moves(&mut moves);
            moves.pop();
            if moves.is_empty() {
                break;
            }
            let mv = moves[((seed * 13 + k * 7) as usize) % moves.len()];
            b.play_unchecked(mirrored(mv, a.to_move()));
            a.play_unchecked(mv);
        }
        assert_eq!(perft(&mut a, 2), perft(&mut b, 2));
        let solve = |p: &mut Position| {
            Searcher::new(SearchConfig::default())
                .search(p, &NoEval, &Limits::depth(100))
                .score
        };
        assert_eq!(solve(&mut a), solve(&mut b), "seed {seed}");
        assert_eq!(a.score(Side::First), b.score(Side::First));
    }
}

#[test]
fn protocol_moves_parse_and_print() {
    let p = Position::new(values(9));
    assert_eq!(p.parse_move(1, 1).unwrap().to_string(), "1 1");
    assert_eq!(p.parse_move(-1, -1).unwrap(), Move::Pass);
    assert!(
        p.parse_move(1, 8).is_err(),
        "a horizontal domino cannot start in column 8"
    );
    assert!(p.parse_move(0, 3).is_err());
    assert!(Position::parse_values("0 1 2 3 0 1 2 3\n".repeat(8).as_str()).is_ok());
    assert!(Position::parse_values("0 1 2 3 0 1 2 4\n".repeat(8).as_str()).is_err());
    assert!(Position::parse_values("0 1 2 3 0 1 2\n".repeat(8).as_str()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `check` names a reason exactly when a move is illegal, and `try_play` agrees with it.
    #[test]
    fn check_agrees_with_is_legal(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..70)) {
        for (p, _) in playout(seed, &choices) {
            for mv in (0..64).map(Move::Place).chain([Move::Pass]) {
                prop_assert_eq!(p.check(mv).is_ok(), p.is_legal(mv), "{:?}", mv);
                let mut after = p.clone();
                prop_assert_eq!(after.try_play(mv), p.check(mv));
            }
        }
    }

    #[test]
    fn rules_match_the_reference(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..70)) {
        for (p, s) in playout(seed, &choices) {
            let mut fast = Vec::new();
            p.legal_moves(&mut fast);
            let fast: Vec<_> = fast.into_iter().map(to_ref).collect();
            let mut naive = s.moves();
            let mut sorted = fast.clone();
            sorted.sort();
            naive.sort();
            prop_assert_eq!(sorted, naive);
            prop_assert_eq!([p.score(Side::First), p.score(Side::Second)], s.scores);
            prop_assert_eq!(p.is_over(), s.over());
            prop_assert_eq!(p.key(), p.compute_key());
            if !p.is_over() {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                for mv in moves {
                    let mut q = p.clone();
                    q.play_unchecked(mv);
                    prop_assert_eq!(q.key(), q.compute_key());
                    q.unplay(mv);
                    prop_assert_eq!(&q, &p);
                }
            }
        }
    }
}
