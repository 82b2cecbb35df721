//! Text in and out (points, forbidden kinds, boards, moves, game records), the checked board
//! mutators, the opening rules, and `RenjuGame` as a `search_core::Game`.

use proptest::prelude::*;
use renju_rules::game::{GameResult, Move, Opening, PlayError, RenjuGame};
use renju_rules::search_core::Game;
use renju_rules::{Board, Color, Forbidden, PlaceError, Point, SIZE};

#[test]
fn every_point_round_trips_in_both_notations() {
    for i in 0..SIZE * SIZE {
        let p = Point::from_index(i);
        assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        assert_eq!(p.judge().to_string().parse::<Point>(), Ok(p));
        assert_eq!(p.to_string().to_uppercase().parse::<Point>(), Ok(p));
    }
    assert_eq!("h8".parse::<Point>(), Ok(Point::new(7, 7).unwrap()));
    assert_eq!("a1".parse::<Point>(), Ok(Point::new(14, 0).unwrap()));
    assert_eq!("o15".parse::<Point>(), Ok(Point::new(0, 14).unwrap()));
    for bad in [
        "", "h", "h0", "h16", "p8", "8", "0 1", "16 1", "1 x", "h8x", "-1 -1",
    ] {
        assert!(bad.parse::<Point>().is_err(), "{bad:?}");
    }
    assert_eq!(Point::new(15, 0), None);
    assert_eq!(Point::from_judge(0, 5), None);
}

#[test]
fn forbidden_kinds_and_moves_round_trip() {
    for k in [
        Forbidden::Overline,
        Forbidden::DoubleFour,
        Forbidden::DoubleThree,
    ] {
        assert_eq!(k.to_string().parse::<Forbidden>(), Ok(k));
    }
    assert_eq!("Double Three".parse(), Ok(Forbidden::DoubleThree));
    assert!("triple-three".parse::<Forbidden>().is_err());
    for mv in [Move::Pass, Move::Stone(Point::new(3, 9).unwrap())] {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        let judge = mv.judge().to_string();
        assert_eq!(judge.parse::<Move>(), Ok(mv), "{judge}");
    }
    assert_eq!(Move::from_judge(-1, -1), Ok(Move::Pass));
    assert!(Move::from_judge(16, 1).is_err());
}

#[test]
fn the_board_refuses_occupied_and_empty_points_without_changing() {
    let mut b = Board::new();
    let p = Point::new(7, 7).unwrap();
    b.try_put(p, Color::Black).unwrap();
    let before = b.clone();
    assert_eq!(b.try_put(p, Color::White), Err(PlaceError::Occupied(p)));
    assert_eq!(b, before);
    assert_eq!(b.key(), b.compute_key());
    let q = Point::new(0, 0).unwrap();
    assert_eq!(b.try_remove(q), Err(PlaceError::Empty(q)));
    assert_eq!(b.try_remove(p), Ok(Color::Black));
    assert_eq!(b, Board::new());
}

#[test]
fn diagrams_are_tolerant_and_errors_name_the_row() {
    let mut text = String::from("a b c d e f g h i j k l m n o\n\n");
    for r in 0..SIZE {
        let row: String = (0..SIZE)
            .map(|c| match (r, c) {
                (7, 7) => "x ",
                (7, 8) => "w ",
                _ => "+ ",
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    let b: Board = text.parse().unwrap();
    assert_eq!(b.get("h8".parse().unwrap()), Some(Color::Black));
    assert_eq!(b.get("i8".parse().unwrap()), Some(Color::White));
    assert_eq!(b.stones(), 2);
    let bad = text.replacen("x ", "z ", 1);
    let err = bad.parse::<Board>().unwrap_err();
    assert!(err.to_string().contains("row 8"), "{err}");
    assert!("...\n".parse::<Board>().is_err());
}

#[test]
fn openings_box_the_first_stones_or_not() {
    let far = Move::Stone("a1".parse().unwrap());
    assert_eq!(
        RenjuGame::with_opening(Opening::Rif).check(far),
        Err(PlayError::Opening(1))
    );
    assert_eq!(
        RenjuGame::new().check(Move::Pass),
        Err(PlayError::Opening(1))
    );
    let mut free = RenjuGame::with_opening(Opening::Free);
    free.try_play(far).unwrap();
    free.try_play(Move::Pass).unwrap();
    assert_eq!(free.result(), None);
    free.try_play(Move::Pass).unwrap();
    assert_eq!(free.result(), Some(GameResult::Draw));
    // A record that breaks the RIF opening names its move.
    let err = "opening: rif\nh8 a1".parse::<RenjuGame>().unwrap_err();
    assert!(err.to_string().contains("move 2 (a1)"), "{err}");
    let err = "h8 h8".parse::<RenjuGame>().unwrap_err();
    assert!(err.to_string().contains("occupied"), "{err}");
    assert!("h8 x9".parse::<RenjuGame>().is_err());
    assert!("opening: gomocup\nh8".parse::<RenjuGame>().is_err());
}

#[test]
fn a_forbidden_move_in_a_record_is_refused() {
    // Black (free opening) builds h9, h10, i8, j8 around h8; White plays far away.
    let record = "h9 a1 h10 a3 i8 a5 j8 a7 h8";
    let err = record.parse::<RenjuGame>().unwrap_err();
    assert!(err.to_string().contains("double-three"), "{err}");
    let ok: RenjuGame = "h9 a1 h10 a3 i8 a5 j8 a7 g8".parse().unwrap();
    assert_eq!(ok.moves().len(), 9);
}

fn random_game(choices: &[u16], opening: Opening) -> RenjuGame {
    let mut g = RenjuGame::with_opening(opening);
    let mut moves = Vec::new();
    for &c in choices {
        if g.result().is_some() {
            break;
        }
        moves.clear();
        g.legal_moves(&mut moves);
        // Mostly stones near the last ones, so games get dense; a pass now and then.
        let mv = moves[c as usize % moves.len()];
        g.try_play(mv).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn records_and_boards_round_trip(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        rif in any::<bool>(),
    ) {
        let opening = if rif { Opening::Rif } else { Opening::Free };
        let g = random_game(&choices, opening);
        let back: RenjuGame = g.to_string().parse().unwrap();
        prop_assert_eq!(&back, &g);
        let board: Board = g.board().to_string().parse().unwrap();
        prop_assert_eq!(&board, g.board());
    }

    #[test]
    fn as_a_search_core_game_moves_are_exactly_the_legal_ones_and_unmake_restores(
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let mut g = random_game(&choices, Opening::Alphano);
        prop_assume!(g.result().is_none());
        let mut generated = Vec::new();
        g.generate_moves(&mut generated);
        let mut every: Vec<Move> = (0..SIZE * SIZE).map(|i| Move::Stone(Point::from_index(i))).collect();
        every.push(Move::Pass);
        let legal: Vec<Move> = every.into_iter().filter(|&m| g.clone().try_play(m).is_ok()).collect();
        prop_assert_eq!(&generated, &legal);
        let (key, before) = (g.zobrist(), g.clone());
        for &mv in generated.iter().take(30) {
            g.make_move(mv);
            prop_assert_ne!(g.zobrist(), key);
            g.unmake_move(mv);
            prop_assert_eq!(g.zobrist(), key);
            prop_assert_eq!(&g, &before);
        }
    }
}

#[test]
fn a_search_on_renju_game_finds_the_five() {
    use renju_rules::search_core::{Evaluator, Limits, SearchConfig, Searcher};
    struct Flat;
    impl Evaluator<RenjuGame> for Flat {
        fn evaluate(&self, _: &RenjuGame) -> i32 {
            0
        }
    }
    let mut g: RenjuGame = "h8 a1 h9 a3 h10 a5 h11 a7".parse().unwrap();
    let mut searcher = Searcher::new(SearchConfig::default());
    let r = searcher.search(&mut g, &Flat, &Limits::depth(1));
    let five = r.best_move.unwrap();
    assert!(
        five == "h7".parse().unwrap() || five == "h12".parse().unwrap(),
        "{five}"
    );
    assert!(renju_rules::search_core::score::is_decisive(r.score));
}

/// The game's colors are search-core's sides by another name, both ways.
#[test]
fn colors_are_sides() {
    use renju_rules::search_core::Side;
    for (c, s) in [(Color::Black, Side::First), (Color::White, Side::Second)] {
        assert_eq!(Side::from(c), s);
        assert_eq!(Color::from(s), c);
    }
}
