//! The engine returns a legal move in every position it is given, takes a VCF when it has one,
//! and blocks the opponent's five.

use proptest::prelude::*;
use renju::search_core::{Lmr, Quiescence};
use renju::{Engine, EngineConfig, Reason};
use renju_rules::game::{Move, RenjuGame as Game};
use renju_rules::Point;

mod common;
use common::random_game;

fn quick() -> EngineConfig {
    EngineConfig {
        max_nodes: Some(300),
        ..EngineConfig::default()
    }
    .with_tt_mib(1)
}

fn game_of(moves: &[(usize, usize)]) -> Game {
    let mut g = Game::new();
    for &(r, c) in moves {
        g.try_play(Move::Stone(Point::new(r, c).unwrap())).unwrap();
    }
    g
}

/// [`game_of`] of moves in the judge's form: (row, column), 1-based.
fn judge_game(moves: &[(usize, usize)]) -> Game {
    let zero_based: Vec<(usize, usize)> = moves.iter().map(|&(r, c)| (r - 1, c - 1)).collect();
    game_of(&zero_based)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn always_a_legal_move(picks in prop::collection::vec(any::<u16>(), 0..40), clock in 0u64..20_000) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        // Half the cases with the VCT-aware defence on.
        let config = EngineConfig { defend_vct: clock % 2 == 1, ..quick() };
        let (mv, _) = Engine::new(&config).choose(&g, clock, &config);
        prop_assert!(g.is_legal(mv), "{mv} is illegal: {:?}", g.check(mv));
    }

    /// Every selective option of search-core at once (null move, futility, razoring, …,
    /// `renju_selective`'s values): still a legal move, at a budget where they fire.
    #[test]
    fn always_a_legal_move_with_every_selective_option(picks in prop::collection::vec(any::<u16>(), 0..40)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let mut config = EngineConfig { max_nodes: Some(3_000), ..quick() };
        for name in renju::search_core::Selective::NAMES {
            config.set(&format!("{name}=1")).unwrap();
        }
        let (mv, _) = Engine::new(&config).choose(&g, 20_000, &config);
        prop_assert!(g.is_legal(mv), "{mv} is illegal: {:?}", g.check(mv));
    }
}

#[test]
fn takes_a_vcf_and_blocks_a_five() {
    // Black (to move) has (7,5),(7,6),(7,7) across, White at (7,3), and (4,9),(5,9),(6,9) down,
    // closed by White at (3,9): (7,9) or (7,8) starts a win by fours.
    let g = game_of(&[
        (7, 7),
        (6, 6),
        (7, 5),
        (7, 3),
        (7, 6),
        (0, 0),
        (4, 9),
        (3, 9),
        (5, 9),
        (0, 14),
        (6, 9),
        (14, 0),
    ]);
    let config = quick();
    let (mv, why) = Engine::new(&config).choose(&g, 20_000, &config);
    assert_eq!(why, Reason::Vcf, "{mv}");
    // White to move must block Black's four (7,4..7), closed at (7,3): (7,8) is the only block.
    let g = game_of(&[(7, 7), (6, 6), (7, 6), (7, 3), (7, 5), (0, 0), (7, 4)]);
    let (mv, why) = Engine::new(&config).choose(&g, 20_000, &config);
    assert_eq!(
        (mv, why),
        (Move::Stone(Point::new(7, 8).unwrap()), Reason::Forced)
    );
}

#[test]
fn the_default_search_shapes_are_a_beam_for_black_and_the_full_width_for_white() {
    let [black, white] = EngineConfig::default().search;
    assert_eq!((black.beam, black.lmr), (Some(12), Some(Lmr::fixed(3, 1))));
    assert_eq!((white.beam, white.lmr), (None, None));
    for s in [black, white] {
        assert!(!s.single_reply_extension);
        assert_eq!((s.aspiration.map(|a| a.window), s.tt_mib), (Some(200), 64));
    }
    // White's searches: null move, razoring and reverse futility, and the deep VCF; Black's
    // neither.
    let [black, white] = EngineConfig::default().selective;
    assert!(white.null_move && white.razoring && white.reverse_futility);
    assert!(!black.null_move && !black.razoring && !black.reverse_futility);
    assert!(black.lmr && white.lmr);
    let [black, white] = EngineConfig::default().search;
    assert_eq!(black.quiescence, Some(Quiescence::plies(4)));
    assert_eq!(
        white.quiescence,
        Some(Quiescence {
            plies: 16,
            tt: true
        })
    );
    let small = EngineConfig::default().with_tt_mib(2);
    assert!(small.search.iter().all(|s| s.tt_mib == 2));
}

/// The selective options that act on a node change the search (each fires on quiet
/// middle-game positions: another node count at the same depth; futility and late-move
/// pruning, which skip quiet moves, have none to skip under the default move hints); `threatened`, which keeps them off, says when the
/// side to move must answer a four or an open three.
#[test]
fn the_selective_options_fire_on_quiet_positions_only() {
    use renju::search_core::{Evaluator, Game as _, Limits, Searcher, Selective};
    use renju::{renju_selective, PatternEval, Position};
    let base = EngineConfig::default().search[1];
    let nodes = |pos: &Position, name: Option<&str>| {
        let mut on = Selective::default();
        if let Some(n) = name {
            on.set(n, true).unwrap();
        }
        let config = on.apply(base, &renju_selective(base));
        let mut s = Searcher::new(config);
        let mut p = pos.clone();
        s.search(&mut p, &PatternEval, &Limits::depth(5))
            .stats
            .nodes
    };
    // Quiet: a few positions of random games past the opening, no threat to answer.
    let mut fired = std::collections::BTreeSet::new();
    let mut quiet = 0;
    for seed in 0u16..40 {
        let g = random_game(&[seed * 7 + 3, seed * 11 + 1, 5, seed, 9, seed * 3, 2, 8]);
        let pos = Position::from_game(&g);
        if g.result().is_some() || pos.outcome().is_some() || PatternEval.threatened(&pos) {
            continue;
        }
        quiet += 1;
        let plain = nodes(&pos, None);
        for name in ["null_move", "reverse_futility", "razoring"] {
            if nodes(&pos, Some(name)) != plain {
                fired.insert(name);
            }
        }
        if quiet == 6 {
            break;
        }
    }
    assert!(quiet >= 3, "{quiet} quiet positions");
    assert_eq!(fired.len(), 3, "fired: {fired:?}");
    // Threatened: Black's open three h8 i8 j8 (White to move) must be answered; one move
    // earlier, nothing is.
    let three = game_of(&[(7, 7), (6, 7), (7, 8), (0, 0), (7, 9)]);
    assert!(PatternEval.threatened(&Position::from_game(&three)));
    let before = game_of(&[(7, 7), (6, 7), (7, 8), (0, 0)]);
    assert!(!PatternEval.threatened(&Position::from_game(&before)));
}

/// The search-shape options by name set each color's beam, reductions and quiescence.
#[test]
fn search_shape_options_by_name() {
    let mut c = EngineConfig::default();
    for spec in [
        "black_beam=0",
        "white_beam=16",
        "white_lmr=2",
        "lmr_table=1",
        "quiescence_plies=12",
    ] {
        c.set(spec).unwrap();
    }
    // Each color keeps its table setting (White's deep VCF reads it by default).
    assert!(c
        .search
        .iter()
        .all(|s| s.quiescence.map(|q| q.plies) == Some(12)));
    assert_eq!(c.search[0].quiescence, Some(Quiescence::plies(12)));
    assert_eq!(c.search[0].beam, None);
    assert_eq!(c.search[1].beam, Some(16));
    // Both colors reduce (Black's fixed reductions are the default), now by the table.
    assert_eq!(c.search[0].lmr, Some(Lmr::table(3)));
    assert_eq!(c.search[1].lmr, Some(Lmr::table(3)));
    c.set("black_lmr=0").unwrap();
    assert_eq!(c.search[0].lmr, None);
    c.set("quiescence_plies=0").unwrap();
    assert_eq!(c.search[1].quiescence, None);
    assert!(c.set("black_beam=-1").is_err());
}

/// With [`EngineConfig::verify_move`] the engine does not play a move after which the
/// opponent proves a win by threats when another holds: from a game lost as White against
/// Rapfi (1/32 of our clock), White's 18th move, where the search alone chooses g9 (Black
/// then wins by threats from k8) and k5 is the one move after which our prover finds no win
/// for Black.
#[test]
fn a_verified_move_leaves_no_win_by_threats() {
    use renju::engine::prove_win;
    use renju::Position;
    // The judge's moves 8 8, 9 8, 8 7, 8 6, 9 6, 10 7, 8 9, 10 5, 9 9, 10 8, 10 6, 9 7, 11 9,
    // 7 9, 10 10, 7 5, 6 4 (1-based row and column).
    let g = game_of(&[
        (7, 7),
        (8, 7),
        (7, 6),
        (7, 5),
        (8, 5),
        (9, 6),
        (7, 8),
        (9, 4),
        (8, 8),
        (9, 7),
        (9, 5),
        (8, 6),
        (10, 8),
        (6, 8),
        (9, 9),
        (6, 4),
        (5, 3),
    ]);
    // Summed proof numbers, as the option was written and measured with: with weak ones (now
    // the engine's default) the verification's proof of Black's win after g9 does not
    // finish within its share here, though a 2 s proof does (the option is off by default).
    // The search as it was then too (the pattern evaluation, no threat extension, no proof
    // under threat, White at the full width without move-count pruning): today's defaults
    // find a move that holds without the verification.
    let mut summed = EngineConfig {
        weak_numbers: false,
        shape_eval: false,
        prove_under_threat: false,
        ..EngineConfig::default()
    };
    summed.set("threat_extension=0").unwrap();
    summed.set("white_move_count=0").unwrap();
    let refuted = |mv: Move| {
        let mut after = g.clone();
        after.try_play(mv).unwrap();
        let mut pos = Position::from_game(&after);
        prove_win(&mut pos, &summed, std::time::Duration::from_secs(2)).is_some()
    };
    let plain = EngineConfig {
        max_nodes: Some(20_000),
        ..summed
    }
    .with_tt_mib(8);
    let verified = EngineConfig {
        verify_move: true,
        ..plain
    };
    let (unchecked, _) = Engine::new(&plain).choose(&g, 60_000, &plain);
    let (checked, _) = Engine::new(&verified).choose(&g, 60_000, &verified);
    assert!(
        refuted(unchecked),
        "{unchecked} holds: the position no longer tests the option"
    );
    assert!(!refuted(checked), "{checked} leaves Black a win by threats");
}

/// With the opponent threatening a VCF, our own win by threats is proved only with
/// `prove_under_threat` (a position of a game lost to Rapfi, 12 stones, Black to move: Black
/// wins by threes and fours that outpace White's VCF; Rapfi proves it, and the search alone
/// chased a win it did not hold).
#[test]
fn proves_a_win_that_must_outpace_the_opponents_vcf() {
    // Judge form (row, column), 1-based.
    let judge = [
        (8, 8),
        (9, 7),
        (7, 7),
        (6, 11),
        (7, 8),
        (6, 8),
        (9, 9),
        (6, 6),
        (7, 9),
        (7, 10),
        (8, 9),
        (6, 9),
    ];
    let g = judge_game(&judge);
    let mut config = EngineConfig {
        max_nodes: Some(2_000),
        ..EngineConfig::default()
    }
    .with_tt_mib(1);
    config.set("prove_under_threat=0").unwrap();
    let (_, why) = Engine::new(&config).choose(&g, 200_000, &config);
    assert_ne!(
        why,
        Reason::Vct,
        "no proof while the opponent threatens a VCF"
    );
    config.set("prove_under_threat=1").unwrap();
    let (mv, why) = Engine::new(&config).choose(&g, 200_000, &config);
    assert_eq!(why, Reason::Vct);
    assert!(g.is_legal(mv));
}

/// With `direct_second`, White answers the centre stone with the point above it (a direct
/// opening) as a book move, before the position book's diagonal stone; without either, it
/// searches.
#[test]
fn direct_second_plays_white_beside_the_centre() {
    let mut config = quick();
    let g = game_of(&[(7, 7)]);
    config.direct_second = true;
    assert_eq!(
        Engine::new(&config).choose(&g, 20_000, &config),
        (Move::Stone(Point::new(6, 7).unwrap()), Reason::Book)
    );
    config.direct_second = false;
    let (mv, why) = Engine::new(&config).choose(&g, 20_000, &config);
    assert_eq!(why, Reason::Book);
    let Move::Stone(p) = mv else {
        panic!("a pass: {mv}")
    };
    assert_eq!(
        (p.row.abs_diff(7), p.col.abs_diff(7)),
        (1, 1),
        "the book's diagonal second stone: {mv}"
    );
    config.position_book = 0;
    assert_ne!(
        Engine::new(&config).choose(&g, 20_000, &config).1,
        Reason::Book
    );
}

/// The opening book answers each of White's four direct second stones with Kagetsu, a legal
/// point beside both stones and diagonal to the centre, and none of the four indirect ones;
/// the engine plays it only with `opening_book`, and no other position has an entry.
#[test]
fn the_opening_book_answers_every_direct_second_stone_with_kagetsu() {
    use renju::engine::book_move;
    let c = 7i32;
    let mut config = quick();
    for dr in -1i32..=1 {
        for dc in -1i32..=1 {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let white = ((c + dr) as usize, (c + dc) as usize);
            let g = game_of(&[(7, 7), white]);
            let pos = renju::Position::from_game(&g);
            let direct = dr == 0 || dc == 0;
            if !direct {
                assert_eq!(book_move(&pos), None, "after White {white:?}");
                continue;
            }
            let Some(Move::Stone(p)) = book_move(&pos) else {
                panic!("no book move after White {white:?}");
            };
            assert!(g.is_legal(Move::Stone(p)));
            let (r, k) = (i32::from(p.row) - c, i32::from(p.col) - c);
            // Diagonal to the centre, beside White on a row or column.
            assert_eq!((r.abs(), k.abs()), (1, 1), "{p} after {white:?}");
            assert_eq!((r - dr).abs() + (k - dc).abs(), 1, "{p} after {white:?}");
            config.opening_book = true;
            assert_eq!(
                Engine::new(&config).choose(&g, 20_000, &config),
                (Move::Stone(p), Reason::Book)
            );
            config.opening_book = false;
            assert_ne!(
                Engine::new(&config).choose(&g, 20_000, &config).1,
                Reason::Book
            );
        }
    }
    // White to move, or three stones: no entry.
    for moves in [&[(7, 7)][..], &[(7, 7), (6, 7), (6, 6)]] {
        let pos = renju::Position::from_game(&game_of(moves));
        assert_eq!(book_move(&pos), None, "{moves:?}");
    }
    // A White stone off the centre's 3×3, or no Black stone on the centre: no entry.
    let p = |r, c| Point::new(r, c).unwrap();
    for stones in [[p(7, 7), p(5, 5)], [p(6, 6), p(7, 7)]] {
        let mut board = renju_rules::Board::new();
        board.try_put(stones[0], renju_rules::Color::Black).unwrap();
        board.try_put(stones[1], renju_rules::Color::White).unwrap();
        let pos = renju::Position::from_board(&board, renju_rules::Color::Black);
        assert_eq!(book_move(&pos), None, "{stones:?}");
    }
}

/// With `position_book=2`, every position of the built-in book (and its mirror image) is
/// answered with the book's move at once, with `position_book=1` those whose entry is a win;
/// without it, the engine searches.
#[test]
fn the_position_book_answers_its_positions_only_when_asked() {
    use renju::book::{read_line, EntryKind, PositionBook, BUILTIN_BOOK};
    let mut config = quick();
    let mut seen = 0;
    for line in BUILTIN_BOOK.lines() {
        let Some((game, answer, kind)) = read_line(line).unwrap() else {
            continue;
        };
        let moves = game.moves();
        let win = kind == EntryKind::Win;
        for image in [false, true] {
            let s = u8::from(image);
            let images = moves.iter().map(|m| m.transformed(s));
            let g = Game::replay(renju_rules::game::Opening::Alphano, images).unwrap();
            // The book's move, or its image under a symmetry of the board (the lone centre
            // stone has eight, so the book keeps one of the equivalent moves).
            let expected = |mv: Move| {
                (0..8u8).any(|t| {
                    g.board().transformed(t) == *g.board()
                        && answer.transformed(s).transformed(t) == mv
                })
            };
            config.position_book = 2;
            let (mv, why) = Engine::new(&config).choose(&g, 20_000, &config);
            assert!(
                why == Reason::Book && expected(mv),
                "{line}: {mv} ({why:?})"
            );
            config.position_book = 1;
            let (mv, why) = Engine::new(&config).choose(&g, 20_000, &config);
            assert_eq!(why == Reason::Book, win, "{line}");
            if win {
                assert!(expected(mv), "{line}: {mv}");
            }
            config.position_book = 0;
            assert_ne!(
                Engine::new(&config).choose(&g, 20_000, &config).1,
                Reason::Book
            );
        }
        seen += 1;
    }
    assert_eq!(seen, PositionBook::builtin().len());
}

/// With `fresh_tables`, what the engine searched on earlier moves leaves no trace: asked
/// about a game's positions in turn, it chooses in each what a new engine chooses there (the
/// search under a node cap is otherwise deterministic). The positions are Black's moves of a
/// game against Rapfi from the empty board (`arena match`, `--seed 5700`, game 8) up to the
/// one the option's doc names.
#[test]
fn fresh_tables_make_each_choice_independent_of_the_earlier_searches() {
    let judge = [
        (8, 8),
        (7, 8),
        (7, 7),
        (9, 9),
        (6, 7),
        (8, 7),
        (6, 9),
        (6, 8),
        (5, 8),
        (4, 7),
        (4, 9),
        (3, 10),
        (5, 9),
        (7, 9),
        (5, 7),
        (5, 6),
    ];
    let mut config = EngineConfig {
        max_nodes: Some(30_000),
        ..EngineConfig::default()
    }
    .with_tt_mib(1);
    config.set("fresh_tables=1").unwrap();
    // The position book holds this line's 14- and 16-stone positions: searched here.
    config.set("position_book=0").unwrap();
    let mut engine = Engine::new(&config);
    for stones in (8..=judge.len()).step_by(2) {
        let g = judge_game(&judge[..stones]);
        let after_others = engine.choose(&g, 200_000, &config);
        let alone = Engine::new(&config).choose(&g, 200_000, &config);
        assert_eq!(after_others, alone, "{stones} stones");
    }
}
