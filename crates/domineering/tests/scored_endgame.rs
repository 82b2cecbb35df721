//! The endgame solver against full minimax (the naive reference's `solve`) on thousands of
//! random late positions, with both sides to move and with a pass pending.

use domineering::scored::endgame::{Solver, Verdict};
use domineering::scored::reference::{seeded_values, State};
use domineering::scored::{Move, Position, Side};

fn to_ref(mv: Move) -> Option<(usize, usize)> {
    match mv {
        Move::Place(c) => Some((c as usize / 8, c as usize % 8)),
        Move::Pass => None,
    }
}

/// A late position from `seed`: random placements until at most `left` placements remain for
/// both players together, then perhaps one pass.
fn late(seed: u64, left: u32) -> (Position, State) {
    let values = seeded_values(seed);
    let mut p = Position::new(values);
    let mut s = State::new(values);
    let mut k = seed ^ 0x5DEE_CE66;
    let mut next = |n: usize| {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (k >> 33) as usize % n
    };
    loop {
        let free = (p.placements(Side::First) | p.placements(Side::Second)).count_ones();
        if p.is_over() || free <= left {
            break;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves.pop();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            moves[next(moves.len())]
        };
        p.play_unchecked(mv);
        s = s.after(to_ref(mv));
    }
    if !p.is_over() && next(3) == 0 {
        p.play_unchecked(Move::Pass);
        s = s.after(None);
    }
    (p, s)
}

#[test]
fn solver_equals_full_minimax_on_thousands_of_positions() {
    let solver_for = |p: &Position| Solver::new(p, 12);
    let (mut wins, mut losses, mut over) = (0, 0, 0);
    for seed in 0..3000u64 {
        let left = 3 + (seed % 8) as u32;
        let (p, s) = late(seed, left);
        let want = s.solve();
        let mut solver = solver_for(&p);
        let (value, mv) = solver.solve(&p).expect("no limits");
        assert_eq!(value, want, "seed {seed}: exact value");
        if p.is_over() {
            over += 1;
            continue;
        }
        // The move achieves the value.
        let mut legal = Vec::new();
        p.legal_moves(&mut legal);
        assert!(legal.contains(&mv), "seed {seed}: illegal {mv:?}");
        assert_eq!(
            -s.after(to_ref(mv)).solve(),
            want,
            "seed {seed}: move {mv:?}"
        );
        // A fresh solver's null-window verdict agrees.
        match solver_for(&p).winning_move(&p).expect("no limits") {
            Verdict::Win(m) => {
                assert!(want > 0, "seed {seed}: claimed win, value {want}");
                assert!(legal.contains(&m));
                assert!(-s.after(to_ref(m)).solve() > 0, "seed {seed}: {m:?} wins");
                wins += 1;
            }
            Verdict::Loss => {
                assert!(want < 0, "seed {seed}: claimed loss, value {want}");
                losses += 1;
            }
        }
    }
    // The sample covers both verdicts and finished games.
    assert!(wins > 500 && losses > 500, "{wins} wins, {losses} losses");
    assert!(over > 0 || wins + losses == 3000);
}

#[test]
fn a_reused_table_gives_the_same_values() {
    // Successive positions of one game share one solver, as the bot uses it.
    let (mut p, _) = late(77, 16);
    let mut solver = Solver::new(&p, 16);
    while !p.is_over() {
        let s = {
            let v = p.clone();
            let mut st = State::new(seeded_values(77));
            st.cells = [[false; 8]; 8];
            for c in 0..64 {
                st.cells[c / 8][c % 8] = v.occupied() >> c & 1 == 1;
            }
            st.scores = [v.score(Side::First), v.score(Side::Second)];
            st.first_to_move = v.to_move() == Side::First;
            st.passes = u32::from(v.passes());
            st
        };
        let (value, mv) = solver.solve(&p).expect("no limits");
        assert_eq!(value, s.solve());
        p.play_unchecked(mv);
    }
}

#[test]
fn limits_stop_the_solver() {
    let (p, _) = late(5, 40);
    let mut solver = Solver::new(&p, 16);
    solver.set_limits(10_000, None);
    assert_eq!(solver.solve(&p), None);
    assert!(solver.nodes() <= 10_000 + 4096);
}
