//! The combinatorial game values: the arithmetic of short games on known identities, the
//! notation read back, and every Domineering region value against brute-force minimax and the
//! solver (a game's outcome with each side to move).

use domineering::cgt::{Dyadic, Games, Outcome, Regions, Value};
use domineering::solver::Solver;
use domineering::{Board, Cell, Player};
use std::collections::HashMap;

mod common;
use common::{Brute, Lcg};

fn brute_outcome(board: &Board) -> Outcome {
    let (rows, cols) = (board.rows(), board.cols());
    let mut occ = 0u128;
    for r in 0..rows {
        for c in 0..cols {
            if board.cell(r, c) != Cell::Empty {
                occ |= 1 << (r * cols + c);
            }
        }
    }
    let mut brute = Brute {
        rows,
        cols,
        memo: HashMap::new(),
    };
    let h = brute.wins(occ, true);
    let v = brute.wins(occ, false);
    match (h, v) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// Random boards up to `max`×`max` with a random share of cells blocked.
fn random_boards(seed: u64, count: usize, max: u64) -> Vec<Board> {
    let mut lcg = Lcg(seed);
    (0..count)
        .map(|_| {
            let rows = 1 + lcg.below(max) as usize;
            let cols = 1 + lcg.below(max) as usize;
            let fill = 2 + lcg.below(5);
            let text: String = (0..rows)
                .map(|_| {
                    let mut l: String = (0..cols)
                        .map(|_| if lcg.below(fill) == 0 { '#' } else { '.' })
                        .collect();
                    l.push('\n');
                    l
                })
                .collect();
            text.parse::<Board>().unwrap()
        })
        .collect()
}

fn value_text(regions: &mut Regions, text: &str) -> String {
    let board: Board = text.parse().unwrap();
    let g = regions.value(&board).unwrap();
    regions.games().value(g).to_string()
}

#[test]
fn small_regions_have_their_textbook_values() {
    let mut r = Regions::new(20);
    // Winning Ways, ch. 2: a horizontal slot is 1, a vertical one -1, a lone cell 0.
    assert_eq!(value_text(&mut r, ".."), "1");
    assert_eq!(value_text(&mut r, ".\n."), "-1");
    assert_eq!(value_text(&mut r, "."), "0");
    assert_eq!(value_text(&mut r, "...."), "2");
    assert_eq!(value_text(&mut r, "....."), "2");
    // The L tromino: either player's move leaves a lone cell: {0|0} = *.
    assert_eq!(value_text(&mut r, "..\n.#"), "*");
    // The 2×2 square is ±1, its sum with itself is 0 (a mirror strategy).
    assert_eq!(value_text(&mut r, "..\n.."), "{1|-1}");
    assert_eq!(value_text(&mut r, "..#..\n..#.."), "0");
    // A horizontal 1×3 is 1 and a vertical one -1: their sum is 0.
    assert_eq!(value_text(&mut r, "...\n###\n.##\n.##\n.##"), "0");
    // The other L tromino: either move again leaves a lone cell.
    assert_eq!(value_text(&mut r, ".#\n.."), "*");
}

#[test]
fn arithmetic_of_short_games() {
    let mut g = Games::new();
    let zero = g.zero();
    let one = g.integer(1);
    let half = g.form(&[zero], &[one]);
    assert_eq!(g.value(half).to_string(), "1/2");
    assert_eq!(g.sum(half, half), one);
    // {0|2} is 1 (the right option reverses through 1 ≥ G), {1|} is 2, {0,1|} is 2.
    let two = g.integer(2);
    assert_eq!(g.form(&[zero], &[two]), one);
    assert_eq!(g.form(&[one], &[]), two);
    assert_eq!(g.form(&[zero, one], &[]), two);
    let star = g.star(1);
    assert_eq!(g.sum(star, star), zero);
    let star2 = g.star(2);
    let star3 = g.star(3);
    assert_eq!(g.sum(star, star2), star3);
    // ↑ = {0|*}, ↓ = -↑, ↑ + ↓ = 0, ↑ + * = ↑* = {0,*|0}, ↑ > 0 and ↑ || *.
    let up = g.form(&[zero], &[star]);
    let down = g.neg(up);
    assert_eq!(g.sum(up, down), zero);
    let up_star = g.sum(up, star);
    assert_eq!(up_star, g.form(&[zero, star], &[zero]));
    assert_eq!(g.value(up_star).to_string(), "↑*");
    assert_eq!(g.outcome(up), Outcome::L);
    assert_eq!(g.outcome(up_star), Outcome::N);
    assert_eq!(g.outcome(star), Outcome::N);
    assert_eq!(g.outcome(zero), Outcome::P);
    assert!(g.le(zero, up) && !g.le(up, zero));
    assert!(!g.le(up, star) && !g.le(star, up));
    // Switches: ±1 + ±1 = 0 (the mirror strategy), {1|0} − {1|0} = 0.
    let m1 = g.integer(-1);
    let pm = g.form(&[one], &[m1]);
    assert_eq!(g.sum(pm, pm), zero);
    let switch = g.form(&[one], &[zero]);
    assert_eq!(g.value(switch).to_string(), "{1|0}");
    let neg = g.neg(switch);
    assert_eq!(g.sum(switch, neg), zero);
    // 1/2 + ↑* + * = 1/2↑: a number beside an infinitesimal.
    let a = g.sum(half, up_star);
    let b = g.sum(a, star);
    assert_eq!(g.value(b).to_string(), "1/2↑");
}

#[test]
fn numbers_and_values_round_trip_through_text() {
    for text in [
        "0",
        "3",
        "-2",
        "1/2",
        "-3/4",
        "5/8",
        "*",
        "*2",
        "↑",
        "⇑",
        "↑↑↑",
        "↓*",
        "1/2↑*",
        "-1*3",
        "{1|-1}",
        "{2|{1|0}}",
        "{1,*|0}",
    ] {
        let v: Value = text.parse().unwrap();
        let mut g = Games::new();
        let game = g.game(&v);
        let shown = g.value(game).to_string();
        // The canonical text reads back to the same game.
        let again: Value = shown.parse().unwrap();
        assert_eq!(g.game(&again), game, "{text} → {shown}");
    }
    assert_eq!("1/2".parse::<Dyadic>().unwrap(), Dyadic::new(1, 1));
    assert_eq!(Dyadic::new(6, 2).to_string(), "3/2");
    assert!("1/3".parse::<Dyadic>().is_err());
    assert!("{1|".parse::<Value>().is_err());
    assert!("x".parse::<Value>().is_err());
    // The canonical forms the notation names.
    let mut g = Games::new();
    let v: Value = "{1,*|0}".parse().unwrap();
    let game = g.game(&v);
    assert_eq!(g.value(game).to_string(), "{1|0}", "* is dominated by 1");
}

#[test]
fn region_values_give_the_brute_force_outcome_of_every_sampled_board() {
    let mut regions = Regions::new(30);
    let mut seen = 0;
    for board in random_boards(1234, 400, 5) {
        let g = regions.value(&board).expect("30 cells at most");
        let outcome = regions.games().outcome(g);
        assert_eq!(outcome, brute_outcome(&board), "{board}");
        // Its text reads back to the same game; minus itself is 0.
        let text = regions.games().value(g).to_string();
        let back: Value = text.parse().unwrap();
        assert_eq!(regions.games().game(&back), g, "{text}");
        let neg = regions.games().neg(g);
        assert_eq!(regions.games().sum(g, neg), regions.games().zero());
        seen += 1;
    }
    assert_eq!(seen, 400);
    assert!(regions.known() > 100, "{} regions", regions.known());
}

#[test]
fn region_values_agree_with_the_solver_on_bigger_boards() {
    let mut regions = Regions::new(16);
    let mut decided = 0;
    for board in random_boards(99, 200, 7) {
        let Some(g) = regions.value(&board) else {
            continue;
        };
        let (rows, cols) = (board.rows(), board.cols());
        let mut solver = Solver::new(rows, cols, 16);
        for p in [Player::Horizontal, Player::Vertical] {
            let mut b = board.clone();
            b.set_to_move(p);
            let winner = solver.solve(&b).unwrap().winner;
            assert_eq!(regions.games().first_player_wins(g, p), winner == p, "{b}");
        }
        decided += 1;
    }
    assert!(
        decided > 100,
        "{decided} boards had every region within 16 cells"
    );
}

#[test]
fn the_solver_deciding_by_region_values_agrees_with_brute_force() {
    for board in random_boards(4321, 300, 6) {
        let (rows, cols) = (board.rows(), board.cols());
        let mut solver = Solver::new(rows, cols, 14);
        solver.cgt_cells = 10;
        let outcome = brute_outcome(&board);
        for p in [Player::Horizontal, Player::Vertical] {
            let mut b = board.clone();
            b.set_to_move(p);
            let winner = solver.solve(&b).unwrap().winner;
            let brute_winner = match (outcome, p) {
                (Outcome::N, _) => p,
                (Outcome::P, _) => p.opponent(),
                (Outcome::L, _) => Player::Horizontal,
                (Outcome::R, _) => Player::Vertical,
            };
            assert_eq!(winner, brute_winner, "{b}");
        }
    }
}

/// Boards of several regions, some within the values' limit and some beyond it: with values
/// on, the solver decides nodes by a valued region's bounds beside the rest's packing bounds,
/// and every result stays that of the solver without values (itself checked against brute
/// force in tests/solver.rs).
#[test]
fn a_valued_regions_bounds_beside_the_rest_agree_with_the_plain_solver() {
    let (mut by_bounds, mut compared) = (0, 0);
    for board in random_boards(2468, 300, 8) {
        let (rows, cols) = (board.rows(), board.cols());
        if rows * cols < 30 {
            continue;
        }
        let mut plain = Solver::new(rows, cols, 16);
        let mut valued = Solver::new(rows, cols, 16);
        valued.cgt_cells = 6;
        for p in [Player::Horizontal, Player::Vertical] {
            let mut b = board.clone();
            b.set_to_move(p);
            let want = plain.solve(&b).unwrap().winner;
            let got = valued.solve(&b).unwrap();
            assert_eq!(got.winner, want, "{b}");
            by_bounds += got.by_bounds;
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} positions compared");
    assert!(
        by_bounds > 100,
        "{by_bounds} nodes decided by a region's bounds"
    );
}

/// A region's integer bounds are the tightest: `a ≤ G ≤ b`, and neither `a + 1 ≤ G` nor
/// `G ≤ b − 1`; they meet exactly at integers.
#[test]
fn integer_bounds_are_the_tightest_integers_around_a_value() {
    let mut regions = Regions::new(14);
    let mut checked = 0;
    for board in random_boards(1357, 300, 6) {
        let Some(g) = regions.value(&board) else {
            continue;
        };
        let games = regions.games();
        let (a, b) = games.integer_bounds(g);
        let (ga, gb) = (games.integer(a), games.integer(b));
        assert!(games.le(ga, g) && games.le(g, gb), "{a} ≤ G ≤ {b}: {board}");
        let (above, below) = (games.integer(a + 1), games.integer(b - 1));
        assert!(
            !games.le(above, g) && !games.le(g, below),
            "{a}, {b}: {board}"
        );
        let is_integer = games.number_value(g).is_some_and(|x| x.is_integer());
        assert_eq!(a == b, is_integer, "{board}");
        checked += 1;
    }
    assert!(checked > 200, "{checked} regions");
}
