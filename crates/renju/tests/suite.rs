//! The tactical suite: positions from our games against Rapfi in which Rapfi (single thread,
//! classical evaluation, 1 s a move) proved a forced win for the side to move (`tests/data/
//! rapfi-suite.txt`, made by `tools/renju_suite.py`; Rapfi is not needed here). The tests check
//! the suite and facts about the prover on it; the strength figures (wins proved within a time,
//! Rapfi's moves played) are the example `tactical_suite`'s, recorded, not asserted.

use renju::dfpn::{Proof, ProofLimits, Prover};
use renju::Position;
use renju_rules::game::GameResult;
use renju_rules::Color;

#[path = "common/suite.rs"]
mod suite_data;
use suite_data::suite;

#[test]
fn the_suite_is_real_games_with_rapfi_wins() {
    let cases = suite();
    assert!(cases.len() >= 200, "{} positions", cases.len());
    assert!(cases.iter().all(|c| c.mate > 0));
    assert!(cases.iter().all(|c| c.game.is_legal(c.rapfi)));
    let white = cases
        .iter()
        .filter(|c| c.game.to_move() == Color::White)
        .count();
    assert!(white > 0 && white < cases.len());
}

/// Facts, not figures (those are `examples/tactical_suite.rs`'s): on the first 30 positions,
/// with a node cap in place of a clock, a win the prover claims begins with a legal move after
/// which the opponent has no five, and the prover leaves the position as it found it.
#[test]
fn prover_claims_on_the_suite_are_legal_and_leave_the_position() {
    let mut claimed = 0;
    for case in suite().iter().take(30) {
        let mut pos = Position::from_game(&case.game);
        let before = (pos.board().clone(), pos.to_move(), pos.history().to_vec());
        let mut prover = Prover::new();
        let proof = prover.prove(
            &mut pos,
            ProofLimits {
                max_nodes: 20_000,
                until: None,
            },
        );
        assert_eq!(
            (pos.board().clone(), pos.to_move(), pos.history().to_vec()),
            before,
            "the prover restores the position"
        );
        if let Proof::Win(mv) = proof {
            claimed += 1;
            assert!(case.game.is_legal(mv), "{mv:?}");
            let mut after = case.game.clone();
            after.try_play(mv).expect("legal");
            let loser = case.game.to_move().opponent();
            assert_ne!(after.result(), Some(GameResult::Win(loser)), "{mv:?}");
        }
    }
    // The cap is generous for the short wins at the start of the file: a prover that never
    // claims anything would pass the checks above vacuously.
    assert!(
        claimed > 0,
        "no win claimed within 20,000 nodes on 30 positions"
    );
}

/// `tests/data/white-blunders.txt` (read by `search_mates --config white`): each position is
/// one of `tests/data/missed-defences.txt`'s with a White stone more, Black to move, and
/// Rapfi's winning move legal there.
#[test]
fn white_blunders_follow_the_missed_defences() {
    let blunders = suite_data::parse(include_str!("data/white-blunders.txt"));
    let defences: Vec<&str> = include_str!("data/missed-defences.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('|').next())
        .map(str::trim)
        .collect();
    assert!(blunders.len() >= 15, "{} positions", blunders.len());
    for case in &blunders {
        assert_eq!(case.game.to_move(), Color::Black);
        assert!(case.mate > 0 && case.game.is_legal(case.rapfi));
        let moves: Vec<String> = case
            .game
            .moves()
            .iter()
            .map(|&m| suite_data::suite_word(m))
            .collect();
        let before = moves[..moves.len() - 1].join(" ");
        assert!(defences.contains(&before.as_str()), "{before}");
    }
}
