//! The threat prover (df-pn): it proves a known win of several threes, every legal reply to its
//! first move still loses (with summed proof numbers too), a quiet threat is found where threats alone fail, it finds no win where the side to move has no threat, its first
//! move is legal, and it restores the position.

use proptest::prelude::*;
use renju::dfpn::{Proof, ProofLimits, Prover};
use renju::eval::ThreatClass;
use renju::Position;
use renju_rules::game::{Move, RenjuGame as Game};
use renju_rules::{Color, Point};

/// The node cap of every proof here.
const NODES: u64 = 2_000_000;

mod common;
use common::random_game;

/// A node cap and no clock: the results do not depend on the machine's speed or load (the caps
/// are several times what each proof takes).
fn limits(max_nodes: u64) -> ProofLimits {
    ProofLimits {
        max_nodes,
        until: None,
    }
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
        g.try_play(Move::from_judge(it.next().unwrap(), it.next().unwrap()).unwrap())
            .unwrap();
    }
    Position::from_game(&g)
}

/// `mv` is legal in `pos` (whose key before the proof was `key`: restored), and after it
/// and each of the opponent's legal replies (more than 150) the prover proves the win again
/// (no reply makes five): by threats, or with `quiet` by threats or a quiet move.
fn holds_against_every_reply(
    prover: &mut Prover,
    pos: &mut Position,
    mv: Move,
    key: u64,
    quiet: bool,
) {
    assert!(pos.is_legal(mv), "{mv}");
    assert_eq!(search_core::Game::zobrist(pos), key, "restored");
    pos.play_unchecked(mv);
    let mut replies = 0;
    for i in 0..225 {
        let reply = Move::Stone(Point::from_index(i));
        if !pos.is_legal(reply) {
            continue;
        }
        pos.play_unchecked(reply);
        assert!(!pos.last_move_won(), "{reply} makes five");
        let mut again = prover.prove(pos, limits(NODES));
        if quiet && again == Proof::NoWin {
            again = prover.prove_quiet(pos, limits(NODES), 100_000);
        }
        assert!(matches!(again, Proof::Win(_)), "{mv} {reply}: {again:?}");
        pos.undo();
        replies += 1;
    }
    assert!(replies > 150, "{replies}");
}

/// The proof of [`GAME`] holds against every legal reply, not only the replies the prover
/// generates: after each, it proves the win again (or the reply made five, which it cannot).
#[test]
fn a_win_of_several_threes_holds_against_every_reply() {
    let mut pos = position(GAME);
    let key = search_core::Game::zobrist(&pos);
    let mut prover = Prover::new();
    let Proof::Win(mv) = prover.prove(&mut pos, limits(NODES)) else {
        panic!("no win found");
    };
    holds_against_every_reply(&mut prover, &mut pos, mv, key, false);
}

/// The position after `moves`, its key, and a prover that has just refuted every win by
/// threats alone there (asserted).
fn refuted_by_threats(moves: &str) -> (Position, u64, Prover) {
    let mut pos = position(moves);
    let key = search_core::Game::zobrist(&pos);
    let mut prover = Prover::new();
    assert_eq!(prover.prove(&mut pos, limits(NODES)), Proof::NoWin);
    (pos, key, prover)
}

/// The first move of the win [`Prover::prove_quiet`] proves in `pos` (asserted).
fn quiet_win(prover: &mut Prover, pos: &mut Position) -> Move {
    let Proof::Win(mv) = prover.prove_quiet(pos, limits(NODES), 100_000) else {
        panic!("no quiet win found");
    };
    mv
}

/// A suite position (Rapfi: White wins in 19 plies) where White has no win by threats alone
/// (the prover refutes every threat) but a quiet move threatens one: [`Prover::prove_quiet`]
/// finds it, its first move is legal, the position is restored, and after every legal reply
/// the prover proves White's win by threats.
const QUIET: &str = "8 8, 7 8, 9 7, 7 9, 7 7, 9 9, 8 7, 10 7, 9 8, 10 9, 8 9, 8 6, 10 6, 8 10, \
                     5 7, 6 7, 7 11";

#[test]
fn a_quiet_threat_wins_where_threats_alone_do_not() {
    let (mut pos, key, mut prover) = refuted_by_threats(QUIET);
    let mv = quiet_win(&mut prover, &mut pos);
    holds_against_every_reply(&mut prover, &mut pos, mv, key, false);
}

/// A suite position (Rapfi: White wins in 19 plies) where Black has an open three and White
/// no win by threats: the quiet move must stop the three, and one of Black's replies to it is
/// a four whose forced block must itself threaten the win. [`Prover::prove_quiet`] proves it
/// (it refuted it before it tried the blocks of a reply's four), its move stops Black's three
/// (after it Black has no point that makes a straight four), and after every legal reply the
/// prover proves White's win again, by threats or by a quiet move.
const QUIET_BLOCK: &str = "8 8, 7 7, 6 6, 6 7, 5 7, 7 5, 7 4, 9 7, 6 4, 7 8, 5 4";

#[test]
fn a_quiet_move_stops_a_three_and_blocks_a_four_on_the_way() {
    let (mut pos, key, mut prover) = refuted_by_threats(QUIET_BLOCK);
    let mv = quiet_win(&mut prover, &mut pos);
    pos.play_unchecked(mv);
    let straight = (0..225).map(Point::from_index).any(|p| {
        pos.board().get(p).is_none()
            && pos.threat_class(p, Color::Black) == ThreatClass::StraightFour
    });
    assert!(!straight, "{mv} leaves Black's three");
    pos.undo();
    holds_against_every_reply(&mut prover, &mut pos, mv, key, true);
}

/// A suite position (Rapfi: White wins in 19 plies) where threats alone are refuted and a
/// quiet move must come deeper in the line: with [`Prover::set_vct_threats`] the prover
/// proves the win, and after every legal reply to its first move proves it again.
const LAMBDA_TWO: &str = "8 8, 7 8, 9 7, 7 9, 7 7, 9 9, 8 7, 10 7, 8 9, 8 6, 5 5, 6 6, 6 5, \
                          5 7, 7 6, 5 4, 7 5, 8 5, 7 4, 7 3, 10 9, 9 8, 8 3, 5 6, 7 11, 4 6, \
                          8 10";

#[test]
fn quiet_threats_inside_the_tree_prove_what_threats_alone_cannot() {
    let (mut pos, key, mut prover) = refuted_by_threats(LAMBDA_TWO);
    prover.set_vct_threats(true);
    let Proof::Win(mv) = prover.prove(&mut pos, limits(NODES)) else {
        panic!("no win found with quiet threats");
    };
    holds_against_every_reply(&mut prover, &mut pos, mv, key, false);
}

/// Summed proof numbers (weak ones off, [`Prover::set_weak_numbers`]) change only the order of
/// the search: the win of [`GAME`] is proved and holds against every legal reply, and where
/// threats alone fail ([`QUIET`]) they are refuted.
#[test]
fn summed_numbers_prove_what_holds_and_refute_what_fails() {
    let mut prover = Prover::new();
    prover.set_weak_numbers(false);
    proves_game_and_refutes_quiet(&mut prover, "summed numbers");
}

/// `prover` proves [`GAME`]'s win, which holds against every legal reply, and refutes
/// threats alone in [`QUIET`]; `setting` names the prover's setting in a failure.
fn proves_game_and_refutes_quiet(prover: &mut Prover, setting: &str) {
    let mut pos = position(GAME);
    let key = search_core::Game::zobrist(&pos);
    let Proof::Win(mv) = prover.prove(&mut pos, limits(NODES)) else {
        panic!("no win found with {setting}");
    };
    holds_against_every_reply(prover, &mut pos, mv, key, false);
    let mut pos = position(QUIET);
    assert_eq!(
        prover.prove(&mut pos, limits(NODES)),
        Proof::NoWin,
        "{setting}"
    );
}

/// The 1 + ε trick's divisor ([`Prover::set_eps_div`]) changes the order of the search, not
/// its answers: with each of 1 and 16 the win of [`GAME`] is proved and holds against every
/// legal reply, and where threats alone fail ([`QUIET`]) they are refuted.
#[test]
fn every_epsilon_proves_what_holds_and_refutes_what_fails() {
    for div in [1, 16] {
        let mut prover = Prover::new();
        prover.set_eps_div(div);
        proves_game_and_refutes_quiet(&mut prover, &format!("the divisor {div}"));
    }
}

/// White with one stone and Black with two: White has no threat, so no win.
#[test]
fn no_threat_no_win() {
    let mut pos = position("8 8, 7 7, 9 9");
    assert_eq!(Prover::new().prove(&mut pos, limits(NODES)), Proof::NoWin);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// On random games: a proof's first move is legal for the side to move, and the position
    /// (stones, history, side to move) is restored.
    #[test]
    fn a_proof_starts_with_a_legal_move(picks in prop::collection::vec(any::<u16>(), 6..40)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let mut pos = Position::from_game(&g);
        let before = (pos.board().clone(), pos.history().to_vec(), pos.to_move());
        let mut prover = Prover::new();
        prover.set_weak_numbers(false);
        let r = prover.prove(&mut pos, ProofLimits { max_nodes: 20_000, until: None });
        if let Proof::Win(mv) = r {
            prop_assert!(pos.is_legal(mv), "{mv}");
        }
        prop_assert_eq!((pos.board().clone(), pos.history().to_vec(), pos.to_move()), before.clone());
        // Weak proof numbers (the default) search in another order; where both searches end,
        // they agree.
        let mut weak = Prover::new();
        let w = weak.prove(&mut pos, ProofLimits { max_nodes: 20_000, until: None });
        if let Proof::Win(mv) = w {
            prop_assert!(pos.is_legal(mv), "{mv}");
        }
        if r != Proof::Unknown && w != Proof::Unknown {
            prop_assert_eq!(matches!(r, Proof::Win(_)), matches!(w, Proof::Win(_)));
        }
        prop_assert_eq!((pos.board().clone(), pos.history().to_vec(), pos.to_move()), before);
    }
}
