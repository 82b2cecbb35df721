//! The free-style/standard engine: its search position restores what it plays, and the engine
//! answers with an empty cell, completing its own five and blocking the opponent's.

use gomoku::engine::{Engine, EngineConfig, Position, WindowEval};
use gomoku::{Board, Rule};
use proptest::prelude::*;
use search_core::{Evaluator, Game};

fn config() -> EngineConfig {
    EngineConfig {
        max_nodes: Some(3_000),
        ..EngineConfig::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Playing generated moves and taking them back restores the key, the candidates and the
    /// evaluation; every generated move is an empty cell.
    #[test]
    fn make_unmake_restores(n in 7usize..=19, picks in prop::collection::vec(any::<u16>(), 1..40), exact in any::<bool>()) {
        let rule = if exact { Rule::ExactlyFive } else { Rule::FiveOrMore };
        let mut pos = Position::new(Board::new(n, rule));
        let mut trail = Vec::new();
        for pick in picks {
            if pos.outcome().is_some() {
                break;
            }
            let before = (pos.zobrist(), pos.candidates().collect::<Vec<_>>(), WindowEval.evaluate(&pos));
            let mut moves = Vec::new();
            pos.generate_moves(&mut moves);
            prop_assert!(!moves.is_empty());
            let m = moves[pick as usize % moves.len()];
            prop_assert!(pos.board().at(m as usize).is_none());
            pos.make_move(m);
            prop_assert_eq!(pos.zobrist(), pos.board().compute_key());
            trail.push((m, before));
        }
        while let Some((m, before)) = trail.pop() {
            pos.unmake_move(m);
            let after = (pos.zobrist(), pos.candidates().collect::<Vec<_>>(), WindowEval.evaluate(&pos));
            prop_assert_eq!(after, before);
        }
    }

    /// From random positions the engine answers with an empty cell.
    #[test]
    fn the_engine_answers_an_empty_cell(n in 7usize..=15, cells in prop::collection::vec(any::<u16>(), 0..30)) {
        let mut board = Board::new(n, Rule::FiveOrMore);
        for c in cells {
            let c = c as usize % (n * n);
            if board.at(c).is_none() {
                board.play_unchecked(c);
            }
            if board.has_won(gomoku::Color::Black) || board.has_won(gomoku::Color::White) {
                return Ok(());
            }
        }
        if board.is_full() {
            return Ok(());
        }
        let (c, _) = Engine::new(&config()).choose(&board, 50, &config());
        prop_assert!(c < n * n && board.at(c).is_none());
    }
}

fn cell(n: usize, r: usize, c: usize) -> usize {
    r * n + c
}

#[test]
fn the_engine_makes_five_and_blocks_five() {
    let n = 15;
    // Black: four in row 7 (cols 3..7); White: scattered. Black to move completes it.
    let mut b = Board::new(n, Rule::FiveOrMore);
    for (k, c) in [3, 4, 5, 6].into_iter().enumerate() {
        b.play_unchecked(cell(n, 7, c));
        b.play_unchecked(cell(n, 1 + 3 * (k % 3), 12 - k));
    }
    let (m, _) = Engine::new(&config()).choose(&b, 100, &config());
    assert!(m == cell(n, 7, 2) || m == cell(n, 7, 7), "{m}");
    // The same with White to move: it blocks one end (the other is not yet a five for Black:
    // a straight four cannot be stopped, but the block must still be one of the two).
    b.pass();
    let (m, _) = Engine::new(&config()).choose(&b, 100, &config());
    assert!(m == cell(n, 7, 2) || m == cell(n, 7, 7), "{m}");
}

#[test]
fn standard_rule_does_not_count_an_overline() {
    let n = 15;
    // Black X X X X . X on row 5 (cols 2..7): col 1 makes five under both rules; col 6 makes
    // six, a win only in free-style.
    for (rule, wins) in [
        (Rule::FiveOrMore, &[1, 6][..]),
        (Rule::ExactlyFive, &[1][..]),
    ] {
        let mut b = Board::new(n, rule);
        for (k, c) in [2, 3, 4, 5, 7].into_iter().enumerate() {
            b.play_unchecked(cell(n, 5, c));
            b.play_unchecked(cell(n, 12, 2 * k + 1));
        }
        let (m, _) = Engine::new(&config()).choose(&b, 100, &config());
        assert!(wins.iter().any(|&c| m == cell(n, 5, c)), "{rule:?}: {m}");
        let mut cells = Vec::new();
        b.winning_cells(gomoku::Color::Black, &mut cells);
        cells.sort();
        let expect: Vec<usize> = wins.iter().map(|&c| cell(n, 5, c)).collect();
        assert_eq!(cells, expect, "{rule:?}");
    }
}
