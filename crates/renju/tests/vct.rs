//! The VCT search: it proves a known multi-three win that one three cannot, its first move is a
//! legal threat of the side to move, and it restores the position.

use gomoku::threats::ThreatLimits;
use proptest::prelude::*;
use renju::vct::{vct, VctLimits};
use renju::Position;
use renju_rules::game::{Move, RenjuGame as Game};
use renju_rules::Direction;
use std::time::{Duration, Instant};

mod common;
use common::random_game;

fn limits(levels: u32, fours: u32) -> VctLimits {
    VctLimits {
        levels,
        fours,
        vcf: ThreatLimits {
            max_fours: 16,
            max_nodes: 2_000,
        },
        until: Instant::now() + Duration::from_secs(60),
    }
}

/// Whether `mv` is a legal three or four for the side to move of `pos`.
fn is_threat(pos: &Position, mv: Move) -> bool {
    let Move::Stone(p) = mv else { return false };
    let me = pos.to_move();
    pos.is_legal(mv)
        && (pos.makes_four(p, me)
            || Direction::ALL
                .iter()
                .any(|&d| pos.board().pattern(p, d, me).three_points != 0))
}

/// A game between our engine (Black) and the greedy player; from move 19 Black wins by threes
/// and fours (Rapfi's line: 7 4, 10 7, 6 3, 5 2, 6 6, 5 6, 6 4), which needs more than one
/// three against every defence.
const GAME: &str = "8 8, 7 7, 8 6, 8 7, 9 7, 7 9, 10 8, 7 5, 7 6, 11 9, 9 6, 10 6, 9 4, 9 8, \
                    8 5, 10 3, 6 7, 5 8";

fn position(moves: &str) -> Position {
    let mut g = Game::new();
    for m in moves.split(", ") {
        let mut it = m.split_whitespace().map(|v| v.parse::<i64>().unwrap());
        g.play(Move::from_judge(it.next().unwrap(), it.next().unwrap()).unwrap())
            .unwrap();
    }
    Position::from_game(&g)
}

#[test]
fn two_threes_prove_what_one_cannot() {
    let mut pos = position(GAME);
    let key = search_core::Game::zobrist(&pos);
    assert_eq!(vct(&mut pos, limits(1, 0)), None);
    let mv = vct(&mut pos, limits(2, 2)).expect("a two-three VCT");
    assert!(is_threat(&pos, mv), "{mv}");
    assert_eq!(search_core::Game::zobrist(&pos), key, "restored");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn a_vct_starts_with_a_legal_threat(picks in prop::collection::vec(any::<u16>(), 6..40)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let mut pos = Position::from_game(&g);
        let before = pos.board().key();
        if let Some(mv) = vct(&mut pos, limits(2, 1)) {
            prop_assert!(is_threat(&pos, mv), "{mv}");
        }
        prop_assert_eq!(pos.board().key(), before);
    }
}
