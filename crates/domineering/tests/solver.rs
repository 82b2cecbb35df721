//! The solver against brute force: every empty m×n board with m·n ≤ 30, both sides to move,
//! plus random part-filled boards and every static verdict of the bounds; the published
//! results for 5×5 and 6×6, and every larger board up to 8×8.

use domineering::solver::Solver;
use domineering::{Board, Cell, Player};
use std::collections::HashMap;

mod common;
use common::{Brute, Lcg};

/// `board` with `to_move` to move.
fn with(board: &Board, to_move: Player) -> Board {
    let mut b = board.clone();
    b.set_to_move(to_move);
    b
}

fn brute_winner(pos: &Board, to_move: Player) -> Player {
    let (rows, cols) = (pos.rows(), pos.cols());
    let mut occ = 0u128;
    for r in 0..rows {
        for c in 0..cols {
            if pos.cell(r, c) != Cell::Empty {
                occ |= 1 << (r * cols + c);
            }
        }
    }
    let mut b = Brute {
        rows,
        cols,
        memo: HashMap::new(),
    };
    if b.wins(occ, to_move == Player::Horizontal) {
        to_move
    } else {
        to_move.opponent()
    }
}

#[test]
fn empty_boards_up_to_30_cells_agree_with_brute_force() {
    let mut checked = 0;
    for rows in 1..=30usize {
        for cols in 1..=30usize {
            if rows * cols > 30 || rows > 13 || cols > 13 {
                continue;
            }
            let pos = Board::new(rows, cols);
            for to_move in [Player::Horizontal, Player::Vertical] {
                let want = brute_winner(&pos, to_move);
                let got = Solver::new(rows, cols, 16)
                    .solve(&with(&pos, to_move))
                    .unwrap();
                assert_eq!(got.winner, want, "{rows}×{cols}, {to_move:?} to move");
                checked += 1;
            }
        }
    }
    // 73 board shapes (rows, cols ≤ 13), two sides to move each.
    assert_eq!(checked, 146);
}

#[test]
fn random_part_filled_boards_agree_with_brute_force() {
    let mut lcg = Lcg(12345);
    let mut next = |n: u64| lcg.below(n);
    let mut splits = 0;
    for board in 0..1200 {
        let rows = 2 + next(5) as usize;
        let cols = 2 + next(5) as usize;
        let text: String = (0..rows)
            .map(|_| {
                let mut l: String = (0..cols)
                    .map(|_| if next(4) == 0 { '#' } else { '.' })
                    .collect();
                l.push('\n');
                l
            })
            .collect();
        let pos = text.parse::<Board>().unwrap();
        for to_move in [Player::Horizontal, Player::Vertical] {
            let want = brute_winner(&pos, to_move);
            let mut solver = Solver::new(rows, cols, 12);
            // Every second board with two threads: a split search must agree too.
            solver.set_threads(1 + board % 2);
            // Every third board orders by the counts alone once half its cells are filled.
            if board % 3 == 0 {
                solver.place_min_empty = (rows * cols / 2) as u32;
            }
            // Every fifth board with the static loss test the other way from its default.
            if board % 5 == 1 {
                solver.loss_test = !solver.loss_test;
            }
            let solution = solver.solve(&with(&pos, to_move)).unwrap();
            splits += solution.splits;
            assert_eq!(solution.winner, want, "{to_move:?} to move on\n{text}");
            // The root's winning move, when the search names one, wins.
            if let Some(mv) = solution.best {
                let mut after = with(&pos, to_move);
                after.play_unchecked(mv);
                assert_eq!(
                    brute_winner(&after, to_move.opponent()),
                    to_move,
                    "{mv}\n{text}"
                );
            }
            // A claimed winning move really wins.
            match solver.winning_move(&with(&pos, to_move)).unwrap() {
                Some(mv) => {
                    assert_eq!(want, to_move);
                    let mut after = with(&pos, to_move);
                    after.try_play(mv).unwrap();
                    assert_eq!(brute_winner(&after, to_move.opponent()), to_move);
                }
                None => assert_eq!(want, to_move.opponent()),
            }
        }
    }
    // The two-thread boards did split their searches.
    assert!(splits > 100, "{splits} splits");
}

/// Random boards up to 6×6 with a random share of cells blocked (a seeded LCG).
fn random_boards(seed: u64, count: usize) -> impl Iterator<Item = Board> {
    let mut lcg = Lcg(seed);
    let mut next = move |n: u64| lcg.below(n);
    (0..count).map(move |_| {
        let rows = 2 + next(5) as usize;
        let cols = 2 + next(5) as usize;
        let fill = 2 + next(5);
        let text: String = (0..rows)
            .map(|_| {
                let mut l: String = (0..cols)
                    .map(|_| if next(fill) == 0 { '#' } else { '.' })
                    .collect();
                l.push('\n');
                l
            })
            .collect();
        text.parse::<Board>().unwrap()
    })
}

#[test]
fn the_bounds_alone_never_contradict_brute_force() {
    // Every node is first tried by the packing bounds; a wrong static verdict would poison the whole search, so each is checked on its own.
    // PLYFORGE_BOUND_BOARDS raises the count (100,000 were checked by hand).
    let count = std::env::var("PLYFORGE_BOUND_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3000);
    let mut decided = 0;
    // Part-filled boards, and positions reached by random play (the shapes a search meets).
    let mut lcg = Lcg(99);
    let played = (0..count).map(move |_| {
        let k = lcg.step();
        let (rows, cols) = (4 + (k >> 40) as usize % 3, 4 + (k >> 44) as usize % 3);
        let mut pos = Board::new(rows, cols);
        let mut moves = Vec::new();
        for _ in 0..2 + (k >> 48) % 10 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[lcg.below(moves.len() as u64) as usize]);
        }
        pos
    });
    for pos in random_boards(777, count).chain(played) {
        let solver = Solver::new(pos.rows(), pos.cols(), 4);
        for to_move in [Player::Horizontal, Player::Vertical] {
            if let Some(w) = solver.decided_by_bounds(&with(&pos, to_move)) {
                decided += 1;
                assert_eq!(
                    w,
                    brute_winner(&pos, to_move),
                    "{to_move:?} to move on\n{pos}"
                );
            }
        }
    }
    // The bounds decide most such boards (the test would prove nothing otherwise).
    assert!(decided > 2 * count, "{decided} of {} decided", 4 * count);
}

#[test]
fn published_results() {
    // 5×5: the second player wins (Lachmann, Moore and Rapaport 2002).
    let p = Board::new(5, 5);
    for to_move in [Player::Horizontal, Player::Vertical] {
        let s = Solver::new(5, 5, 16).solve(&with(&p, to_move)).unwrap();
        assert_eq!(s.winner, to_move.opponent(), "5×5, {to_move:?} first");
    }
    // 6×6: the first player wins, either way (Breuker, Uiterwijk and van den Herik 2000).
    let p = Board::new(6, 6);
    for to_move in [Player::Horizontal, Player::Vertical] {
        let s = Solver::new(6, 6, 18).solve(&with(&p, to_move)).unwrap();
        assert_eq!(s.winner, to_move, "6×6, {to_move:?} first");
    }
}

#[test]
fn every_empty_board_up_to_eight_by_eight() {
    // The boards of more than 30 cells up to 8×8 (the smaller ones are checked against brute
    // force above), with the winner for each side to move: horizontal first, then vertical.
    // Each was computed by this solver and, independently, by Bullock's Obsequi built from its
    // public source (outside this repository), which agreed on all 15; 8×8 is the published
    // first-player win (Breuker, Uiterwijk and van den Herik 2000).
    let table = [
        (4, 8, "HH"),
        (5, 7, "HH"),
        (5, 8, "HH"),
        (6, 6, "HV"),
        (6, 7, "VV"),
        (6, 8, "HH"),
        (7, 5, "VV"),
        (7, 6, "HH"),
        (7, 7, "HV"),
        (7, 8, "HH"),
        (8, 4, "VV"),
        (8, 5, "VV"),
        (8, 6, "VV"),
        (8, 7, "VV"),
        (8, 8, "HV"),
    ];
    for (k, (rows, cols, winners)) in table.into_iter().enumerate() {
        let pos = Board::new(rows, cols);
        let mut solver = Solver::new(rows, cols, 20);
        solver.set_threads(1 + k % 2);
        for (to_move, want) in [Player::Horizontal, Player::Vertical]
            .into_iter()
            .zip(winners.chars())
        {
            let s = solver.solve(&with(&pos, to_move)).unwrap();
            assert_eq!(s.winner.letter(), want, "{rows}×{cols}, {to_move:?} first");
        }
    }
}

#[test]
fn progress_reports_come_while_a_solve_runs_and_the_table_fills() {
    use std::sync::{Arc, Mutex};
    let pos = Board::new(7, 7);
    let mut solver = Solver::new(7, 7, 18);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    solver.set_progress(std::time::Duration::ZERO, move |nodes, _| {
        sink.lock().unwrap().push(nodes)
    });
    let s = solver.solve(&pos).unwrap();
    let seen = seen.lock().unwrap();
    // Every 65,536 nodes at most, the node counts growing.
    assert!(
        seen.len() as u64 >= s.nodes / 65_536 / 2,
        "{} reports, {} nodes",
        seen.len(),
        s.nodes
    );
    assert!(seen.windows(2).all(|w| w[0] < w[1]));
    let t = solver.table_use();
    assert!(t.used > 1000 && t.used <= t.size, "{t:?}");
}

#[test]
fn the_place_pattern_stops_weighing_at_its_empty_cell_limit() {
    // A limit of at least the board's cells is a place weight of 0; a limit of 0 the default.
    let solve = |weight: i32, min_empty: u32| {
        let mut solver = Solver::new(6, 7, 16);
        solver.place_weight = weight;
        solver.place_min_empty = min_empty;
        let mut board = Board::new(6, 7);
        board.set_to_move(Player::Vertical);
        solver.solve(&board).unwrap()
    };
    let (pattern, counts) = (solve(8, 0), solve(0, 0));
    assert_ne!(
        pattern.nodes, counts.nodes,
        "the pattern must change the order here"
    );
    assert_eq!(solve(8, 42).nodes, counts.nodes);
    assert_eq!(solve(8, 100).nodes, counts.nodes);
    // Between the two: the pattern in the opening only, the same winner.
    let mixed = solve(8, 34);
    assert_eq!(mixed.winner, pattern.winner);
    assert_ne!(mixed.nodes, pattern.nodes);
    // By default the pattern weighs everywhere below 9 cells a side, only in the first nine
    // plies from 9×9 on.
    assert_eq!(Solver::new(6, 7, 10).place_min_empty, 0);
    assert_eq!(Solver::new(8, 13, 10).place_min_empty, 0);
    assert_eq!(Solver::new(9, 9, 10).place_min_empty, 64);
    assert_eq!(Solver::new(9, 11, 10).place_min_empty, 82);
}
