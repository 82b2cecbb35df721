//! The searchable position against the rules crate: make/unmake restores everything, keys are
//! the from-scratch keys, generated moves are legal and (when nothing is forced) exactly the
//! naive candidate set, the evaluation is symmetric; VCF lines replay legally under the rules.

use gomoku::threats::{self, ThreatLimits};
use proptest::prelude::*;
use renju::book::replay_moves;
use renju::{eval, PatternEval, Position};
use renju_rules::game::{GameResult as Outcome, Move, RenjuGame as RulesGame};
use renju_rules::{Color, Point, SIZE};
use search_core::{Evaluator, Game};

mod common;
use common::random_game;

/// The naive candidate set: empty points within two steps of a stone along a line, legal for
/// the side to move.
fn naive_candidates(pos: &Position) -> Vec<Move> {
    let b = pos.board();
    let mut out = Vec::new();
    for i in 0..SIZE * SIZE {
        let p = Point::from_index(i);
        if b.get(p).is_some() {
            continue;
        }
        let mut near = false;
        for dr in -2i32..=2 {
            for dc in -2i32..=2 {
                let aligned = dr == 0 || dc == 0 || dr.abs() == dc.abs();
                let (r, c) = (p.row as i32 + dr, p.col as i32 + dc);
                if (dr, dc) != (0, 0)
                    && aligned
                    && (0..SIZE as i32).contains(&r)
                    && (0..SIZE as i32).contains(&c)
                    && b.get(Point::new(r as usize, c as usize).unwrap()).is_some()
                {
                    near = true;
                }
            }
        }
        if near && pos.is_legal(Move::Stone(p)) {
            out.push(Move::Stone(p));
        }
    }
    // Facing an open three: only points where either side makes a four.
    let me = pos.to_move();
    let them = me.opponent();
    let dirs = renju_rules::Direction::ALL;
    let open_three = (0..SIZE * SIZE).map(Point::from_index).any(|p| {
        b.get(p).is_none()
            && pos.is_near(p)
            && dirs.iter().any(|&d| b.pattern(p, d, them).straight_four)
            && (them == Color::White || b.forbidden(p).is_none())
    });
    if open_three {
        out.retain(|&m| {
            let Move::Stone(p) = m else { return true };
            [me, them]
                .iter()
                .any(|&c| dirs.iter().any(|&d| b.pattern(p, d, c).fours > 0))
        });
    }
    out
}

fn mirror(g: &RulesGame, s: u8) -> Position {
    let mut p = Position::new();
    for &m in g.moves() {
        p.play_unchecked(match m {
            Move::Stone(q) => Move::Stone(q.transformed(s)),
            Move::Pass => Move::Pass,
        });
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_keys_and_moves(picks in prop::collection::vec(any::<u16>(), 4..40)) {
        let g = random_game(&picks);
        let mut pos = Position::from_game(&g);
        prop_assert_eq!(pos.board().key(), pos.board().compute_key());
        let before = (pos.board().clone(), pos.zobrist(), pos.history().to_vec());
        let near_before: Vec<bool> = (0..SIZE * SIZE).map(|i| pos.is_near(Point::from_index(i))).collect();
        // The fives read from the kept patterns are the rules' fives.
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            if pos.board().get(p).is_none() {
                for c in [Color::Black, Color::White] {
                    prop_assert_eq!(pos.wins_at(p, c), pos.board().makes_five(p, c), "{:?}", p);
                }
            }
        }
        let mut moves = Vec::new();
        if pos.outcome().is_none() {
            pos.generate_moves(&mut moves);
            prop_assert!(!moves.is_empty());
            for &m in &moves {
                prop_assert!(pos.is_legal(m), "{m} generated but illegal");
                prop_assert!(g.is_legal(m), "{m} generated but the rules refuse it");
            }
            // With no five to make or block, the generator gives exactly the naive set.
            let me = pos.to_move();
            if pos.winning_points(me).is_empty() && pos.winning_points(me.opponent()).is_empty() {
                prop_assert_eq!(&moves, &naive_candidates(&pos));
            }
            for &m in moves.iter().take(12) {
                pos.make_move(m);
                prop_assert_eq!(pos.board().key(), pos.board().compute_key());
                let mut replay = g.clone();
                replay.try_play(m).unwrap();
                prop_assert_eq!(pos.last_move_won(), replay.result() == Some(Outcome::Win(me)));
                pos.unmake_move(m);
                prop_assert_eq!(pos.board(), &before.0);
                prop_assert_eq!(pos.zobrist(), before.1);
                prop_assert_eq!(pos.history(), &before.2[..]);
                for (i, &was) in near_before.iter().enumerate() {
                    prop_assert_eq!(pos.is_near(Point::from_index(i)), was);
                }
            }
        }
    }

    /// The per-point scores kept through plays and take-backs are those computed from
    /// scratch: every empty point, both colors, against a plain scan of the line bitboards.
    #[test]
    fn kept_point_scores_are_the_scanned_ones(
        picks in prop::collection::vec(any::<u16>(), 4..60),
        back in 0usize..20,
    ) {
        let g = random_game(&picks);
        let mut pos = Position::from_game(&g);
        for _ in 0..back.min(pos.history().len()) {
            pos.undo();
        }
        // Play some again (a different sequence from the undone one, when the picks allow).
        let mut again = Vec::new();
        pos.generate_moves(&mut again);
        if let Some(&m) = again.get(back % again.len().max(1)) {
            if pos.outcome().is_none() {
                pos.play_unchecked(m);
            }
        }
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            if pos.board().get(p).is_some() {
                continue;
            }
            for color in [Color::Black, Color::White] {
                prop_assert_eq!(*pos.score(p, color), scanned_score(&pos, p, color), "{} {:?}", p, color);
            }
        }
        // The candidates: the empty points with a stone within two steps along a line.
        let near = |p: Point| {
            renju_rules::Direction::ALL.iter().any(|&d| {
                [-2, -1, 1, 2]
                    .iter()
                    .any(|&k| p.step(d, k).is_some_and(|q| pos.board().get(q).is_some()))
            })
        };
        let naive: Vec<Point> = (0..SIZE * SIZE)
            .map(Point::from_index)
            .filter(|&p| pos.board().get(p).is_none() && near(p))
            .collect();
        prop_assert_eq!(pos.candidates().collect::<Vec<_>>(), naive);
    }

    /// The quiet-order hints: a move that makes or takes a four or a three keeps the pattern
    /// hint (positive); every other move's is negative and grows with its points' value.
    #[test]
    fn quiet_order_hints_split_threats_from_quiet_moves(picks in prop::collection::vec(any::<u16>(), 4..40)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let pos = Position::from_game(&g);
        let q = eval::QuietOrderEval {
            eval: PatternEval,
            scale: 3,
        };
        let me = pos.to_move();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let mut quiet = Vec::new();
        for m in moves {
            let Move::Stone(p) = m else { continue };
            let threat = pos.score(p, me).threats + pos.score(p, me.opponent()).threats > 0;
            if threat {
                prop_assert_eq!(q.move_hint(&pos, m), PatternEval.move_hint(&pos, m));
                prop_assert!(q.move_hint(&pos, m) > 0);
            } else {
                prop_assert!(q.move_hint(&pos, m) < 0);
                let v = pos.score(p, me).value + pos.score(p, me.opponent()).value * 4 / 5;
                quiet.push((v, q.move_hint(&pos, m)));
            }
        }
        quiet.sort();
        prop_assert!(quiet.windows(2).all(|w| w[0].1 <= w[1].1), "{:?}", quiet);
    }

    /// Every empty point's threat class, both colors, is the one the rules' line patterns
    /// give from scratch, and Black's forbidden class marks exactly the rules' forbidden set.
    #[test]
    fn threat_classes_are_the_rules_ones(picks in prop::collection::vec(any::<u16>(), 4..70)) {
        use eval::ThreatClass as T;
        use renju_rules::pattern::line_info_from_lines;
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        let b = pos.board();
        let forbidden: Vec<Point> = b.forbidden_points().into_iter().map(|(p, _)| p).collect();
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            if b.get(p).is_some() {
                continue;
            }
            for color in [Color::Black, Color::White] {
                let lines = renju_rules::Direction::ALL.map(|d| line_info_from_lines(b, p, d, color));
                let five = lines.iter().any(|l| l.five || (color == Color::White && l.overline));
                let straight = lines.iter().any(|l| l.straight_four);
                let fours: u8 = lines.iter().map(|l| l.fours).sum();
                let threes = lines.iter().filter(|l| l.fours == 0 && l.three_points != 0).count();
                let expected = if five {
                    T::Five
                } else if color == Color::Black && forbidden.contains(&p) {
                    T::Forbidden
                } else if straight {
                    T::StraightFour
                } else if fours >= 2 {
                    T::DoubleFour
                } else if fours == 1 && threes > 0 {
                    T::FourThree
                } else if fours == 1 {
                    T::Four
                } else if threes >= 2 {
                    T::DoubleThree
                } else if threes == 1 {
                    T::Three
                } else {
                    T::None
                };
                prop_assert_eq!(pos.threat_class(p, color), expected, "{} {:?}", p, color);
            }
        }
    }

    #[test]
    fn evaluation_is_symmetric(picks in prop::collection::vec(any::<u16>(), 4..30)) {
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        prop_assume!(pos.outcome().is_none());
        let v = PatternEval.evaluate(&pos);
        for s in 1..8 {
            prop_assert_eq!(PatternEval.evaluate(&mirror(&g, s)), v, "symmetry {}", s);
        }
    }

    /// The evaluation under its hand-set weights is the formula it was written as before the
    /// weights became a table (the tuner's starting point is that evaluation, not another).
    #[test]
    fn hand_weights_are_the_hand_formula(picks in prop::collection::vec(any::<u16>(), 4..50)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let pos = Position::from_game(&g);
        let f = PatternEval::features(&pos);
        prop_assert_eq!(PatternEval::weigh(&f, &eval::HAND_WEIGHTS), hand_formula(&pos));
        // The point counts weigh to the hand point values.
        for p in pos.candidates() {
            for color in [Color::Black, Color::White] {
                let (c, _) = eval::point_counts(&pos, p, color);
                let (v, _) = eval::point_value(&pos, p, color);
                prop_assert_eq!(v, if c[0] > 0 { eval::FIVE } else {
                    c.iter().zip([eval::FIVE, eval::OPEN_FOUR, eval::FOUR, eval::THREE, 12, 60, 100, 100, eval::DOUBLE])
                        .map(|(&n, w)| i32::from(n) * w).sum()
                });
            }
        }
    }

    /// The VCF search's cheap completion points (`winning_cells_after`: along the last
    /// stone's lines only) are the full scan's, in its order, wherever the mover had none
    /// before that stone; for the other color too, which had none before.
    #[test]
    fn completion_points_after_a_stone_are_the_scanned_ones(picks in prop::collection::vec(any::<u16>(), 4..70)) {
        use gomoku::threats::ThreatBoard;
        let g = random_game(&picks);
        let mut pos = Position::new();
        for &m in g.moves() {
            let Move::Stone(p) = m else { continue };
            let mover = pos.to_move();
            let had: [bool; 2] = [mover, mover.opponent()].map(|c| !pos.winning_points(c).is_empty());
            pos.play_unchecked(m);
            for (c, had) in [mover, mover.opponent()].into_iter().zip(had) {
                if had {
                    continue;
                }
                let (mut full, mut after) = (Vec::new(), Vec::new());
                pos.winning_cells(c, &mut full);
                pos.winning_cells_after(c, p.index(), &mut after);
                prop_assert_eq!(after, full);
            }
        }
    }

    #[test]
    fn vcf_lines_replay_under_the_rules(picks in prop::collection::vec(any::<u16>(), 10..50)) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none() && g.moves().len() >= 3);
        let mut pos = Position::from_game(&g);
        let attacker = pos.to_move();
        let found = threats::vcf(&mut pos, ThreatLimits { max_fours: 10, max_nodes: 2_000 });
        prop_assert_eq!(pos.board(), g.board(), "restored");
        if let Some(line) = found {
            let mut replay = g.clone();
            for (k, &c) in line.iter().enumerate() {
                let m = Move::Stone(Point::from_index(c));
                prop_assert!(replay.is_legal(m), "move {k} of {line:?} is illegal: {:?}", replay.check(m));
                replay.try_play(m).unwrap();
            }
            if replay.result() != Some(Outcome::Win(attacker)) {
                // The line stops at a four whose blocks the (Black) defender may not play.
                prop_assert_eq!(attacker, Color::White);
                let w = Position::from_game(&replay).winning_points(Color::White);
                prop_assert!(!w.is_empty());
                for p in w {
                    prop_assert!(replay.board().forbidden(p).is_some());
                }
            }
        }
    }
}

/// The count of the candidate points in each of `classes` point classes for the side to move,
/// then for the opponent, a point's class being `class` of the shapes of its four lines read
/// from scratch (the rules' table of each line's window, not the board's kept codes).
fn scratch_class_counts(
    pos: &Position,
    classes: usize,
    class: impl Fn(Vec<renju_rules::pattern::LineShape>) -> usize,
) -> Vec<i32> {
    let me = pos.to_move();
    let mut counts = vec![0; 2 * classes];
    for p in pos.candidates() {
        for (k, color) in [me, me.opponent()].into_iter().enumerate() {
            let shapes = renju_rules::Direction::ALL
                .iter()
                .map(|&d| {
                    renju_rules::pattern::line_info_from_lines(pos.board(), p, d, color).shape
                })
                .collect();
            counts[k * classes + class(shapes)] += 1;
        }
    }
    counts
}

/// Board from rows of `X` (Black), `O` (White), `.`, with `to_move` to move.
/// The evaluation as first written by hand (before its weights became a table).
fn hand_formula(pos: &Position) -> i32 {
    const WINNING: i32 = 60_000;
    let t = PatternEval::threats(pos);
    let me = pos.to_move() as usize;
    let (mine, theirs) = (t[me], t[1 - me]);
    let mut v = mine.sum - theirs.sum + mine.best - theirs.best / 2;
    if mine.fives > 0 {
        v += 2 * WINNING;
    } else if theirs.fives >= 2 {
        v -= 2 * WINNING;
    } else if theirs.fives == 1 {
        if theirs.straight_fours > 0 {
            v -= WINNING;
        }
    } else if mine.straight_fours > 0 {
        v += WINNING;
    } else if mine.doubles > 0 {
        v += WINNING * 3 / 4;
    } else if theirs.straight_fours > 0 && theirs.doubles > 0 {
        v -= WINNING / 2;
    } else if theirs.doubles > 0 {
        v -= WINNING / 4;
    }
    v.clamp(-500_000, 500_000) / 4
}

fn position(rows: &[&str], to_move: Color) -> Position {
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    Position::from_board(&renju_rules::Board::parse(&text).unwrap(), to_move)
}

#[test]
fn white_wins_by_a_four_whose_block_is_forbidden() {
    // Black's row 10 is XXX.XX: (10,3) would make an overline, so Black may not block there.
    // White's column 3 has three stones above it, capped by Black at (5,3) and (11,3).
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...X...........",
        "...............",
        "...O...........",
        "...O...........",
        "...O........X..",
        "XXX.XX......X..",
        "...X...........",
        "...............",
        "...............",
        "...............",
    ];
    let mut pos = position(&rows, Color::White);
    assert_eq!(
        pos.board().forbidden(Point::new(10, 3).unwrap()),
        Some(renju_rules::Forbidden::Overline)
    );
    let line = threats::vcf(&mut pos, ThreatLimits::default()).expect("White's VCF");
    assert_eq!(line, vec![Point::new(6, 3).unwrap().index()]);
    // Without the overline trap the same four is simply blocked: no VCF.
    let mut rows2 = rows;
    rows2[10] = "XXX..X.........";
    let mut pos = position(&rows2, Color::White);
    let l = threats::vcf(&mut pos, ThreatLimits::default());
    assert!(
        l.is_none(),
        "{:?}",
        l.map(|l| l.iter().map(|&c| Point::from_index(c)).collect::<Vec<_>>())
    );
}

#[test]
fn black_never_plays_a_forbidden_four() {
    // (7,7) would give Black two fours (a double four, forbidden): across (7,4..7) and down
    // (4..7,7), each closed at its far end by White. In free-style Gomoku it would win.
    let rows = [
        "...............",
        "...............",
        "...............",
        ".......O.......",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        "...OXXX........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..............O",
        "...........O...",
    ];
    let mut pos = position(&rows, Color::Black);
    assert_eq!(
        pos.board().forbidden(Point::new(7, 7).unwrap()),
        Some(renju_rules::Forbidden::DoubleFour)
    );
    if let Some(line) = threats::vcf(&mut pos, ThreatLimits::default()) {
        assert!(
            !line
                .iter()
                .step_by(2)
                .any(|&c| c == Point::new(7, 7).unwrap().index()),
            "{line:?}"
        );
    }
    // The engine's move generator leaves it out too.
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    assert!(!moves.contains(&Move::Stone(Point::new(7, 7).unwrap())));
}

/// A point's score computed plainly: each line's pattern from the line bitboards, its best free
/// five-window counted point by point, then the values as `eval`'s docs define them.
fn scanned_score(pos: &Position, p: Point, color: Color) -> eval::PointScore {
    use renju_rules::pattern::line_info_from_lines;
    let b = pos.board();
    let mut s = eval::PointScore::default();
    let (mut threats, mut threat_lines, mut overline) = (0u8, 0, false);
    let four = renju_rules::Direction::ALL
        .iter()
        .any(|&d| line_info_from_lines(b, p, d, color).fours > 0);
    for d in renju_rules::Direction::ALL {
        let info = line_info_from_lines(b, p, d, color);
        if info.five || (color == Color::White && info.overline) {
            let mut counts = [0; eval::POINT_FEATURES];
            counts[0] = 1;
            return eval::PointScore {
                counts,
                value: eval::FIVE,
                threats: 1,
                hint: eval::FIVE,
                five: true,
                four,
                check_forbidden: false,
            };
        }
        overline |= info.overline;
        s.four |= info.fours > 0;
        if info.straight_four || info.fours > 0 || info.three_points != 0 {
            threat_lines += 1;
        }
        if info.straight_four {
            s.counts[1] += 1;
            threats += 1;
            s.hint += eval::OPEN_FOUR;
        } else if info.fours > 0 {
            s.counts[2] += info.fours;
            threats += info.fours;
            s.hint += eval::FOUR;
        } else if info.three_points != 0 {
            s.counts[3] += 1;
            threats += 1;
            s.hint += eval::THREE;
        } else {
            s.hint += 1;
            // The most own stones in a window of five points through p with no blocked point.
            let mut best = 0;
            for start in -4i32..=0 {
                let mut own = 0;
                let mut free = true;
                for k in start..start + 5 {
                    match p.step(d, k) {
                        None => free = false,
                        Some(q) if k != 0 => match b.get(q) {
                            Some(c) if c == color => own += 1,
                            Some(_) => free = false,
                            None => {}
                        },
                        Some(_) => {}
                    }
                }
                if free {
                    best = best.max(own);
                }
            }
            if best > 0 {
                s.counts[3 + best.min(4)] += 1;
            }
        }
    }
    if threats >= 2 {
        s.counts[8] = 1;
    }
    if threat_lines >= 2 {
        s.hint += eval::DOUBLE;
    }
    let weights = [
        eval::FIVE,
        eval::OPEN_FOUR,
        eval::FOUR,
        eval::THREE,
        12,
        60,
        100,
        100,
        eval::DOUBLE,
    ];
    s.value = s
        .counts
        .iter()
        .zip(weights)
        .map(|(&n, w)| i32::from(n) * w)
        .sum();
    s.threats = threats;
    s.check_forbidden = color == Color::Black && (threats >= 2 || overline);
    s
}

/// White's four-three point h7 (row 7: X O O O . ., column 6: O O above it), stones in the
/// corners.
const FOUR_THREE: [&str; 15] = [
    "X.............X",
    "...............",
    "...............",
    "...............",
    "...............",
    "......O........",
    "......O........",
    "..XOOO.........",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "X.............X",
];

/// With [`Position::set_defend_combinations`], facing White's four-three point h7 (row 7:
/// X O O O . ., column 6: O O above it), Black's moves are the points on those two lines
/// near it and nothing in the corners; a corner move left out loses to a VCF.
#[test]
fn a_four_three_point_is_answered_on_its_lines() {
    let mut pos = position(&FOUR_THREE, Color::Black);
    let c = Point::new(7, 6).unwrap();
    assert_eq!(
        pos.threat_class(c, Color::White),
        eval::ThreatClass::FourThree
    );
    let mut all = Vec::new();
    pos.generate_moves(&mut all);
    pos.set_defend_combinations(true);
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    assert!(moves.len() < all.len(), "{moves:?}");
    assert!(moves.iter().all(|m| all.contains(m)), "{moves:?}");
    for (r, col) in [(7, 6), (7, 7), (8, 6), (4, 6)] {
        let m = Move::Stone(Point::new(r, col).unwrap());
        assert!(moves.contains(&m), "{m} missing from {moves:?}");
    }
    let corner = Move::Stone(Point::new(1, 1).unwrap());
    assert!(all.contains(&corner) && !moves.contains(&corner));
    pos.play_unchecked(corner);
    assert!(threats::vcf(&mut pos, ThreatLimits::default()).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// With [`Position::set_defend_combinations`], the generated moves are some of the moves
    /// generated without it, and where the opponent may play a four-three or double-four
    /// point (nothing stronger pending), they hold that point.
    #[test]
    fn combination_defences_narrow_and_keep_the_point(picks in prop::collection::vec(any::<u16>(), 4..60)) {
        use eval::ThreatClass as T;
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let mut pos = Position::from_game(&g);
        let mut all = Vec::new();
        pos.generate_moves(&mut all);
        pos.set_defend_combinations(true);
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        prop_assert!(moves.iter().all(|m| all.contains(m)), "{:?} not within {:?}", moves, all);
        let (me, them) = (pos.to_move(), pos.to_move().opponent());
        let class = |p, c| pos.threat_class(p, c);
        let empty: Vec<Point> = pos.candidates().collect();
        let pending = empty.iter().any(|&p| {
            matches!(class(p, me), T::Five)
                || matches!(class(p, them), T::Five | T::StraightFour)
        });
        if !pending && pos.opening_radius().is_none() {
            for &p in &empty {
                if matches!(class(p, them), T::FourThree | T::DoubleFour) && pos.is_legal(Move::Stone(p)) {
                    prop_assert!(moves.contains(&Move::Stone(p)), "{} missing from {:?}", p, moves);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// [`Position::quick_win`] is a proof: where it claims a win within `n` plies, a
    /// full-width search of `n` plies (no pruning, no quiescence, no quick wins) finds one.
    #[test]
    fn a_quick_win_is_a_win_the_search_finds(picks in prop::collection::vec(any::<u16>(), 8..90)) {
        use search_core::{score, Limits, SearchConfig, Searcher};
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let mut pos = Position::from_game(&g);
        let Some(n) = pos.quick_win() else {
            return Ok(());
        };
        let config = SearchConfig { aspiration: None, ..SearchConfig::default() };
        let r = Searcher::new(config).search(&mut pos, &PatternEval, &Limits::depth(n));
        prop_assert!(r.score >= score::win_in(n as usize), "claimed {} plies, searched {}", n, r.score);
    }
}

/// With [`search_core::SearchConfig::quick_win`], a 2-ply search sees White's four-three
/// win in 5 (the straight four left after Black's forced block is a win in 3 read without
/// search); without it the same search sees no win.
#[test]
fn the_search_reads_quick_wins_past_its_depth() {
    use search_core::{score, Limits, SearchConfig, Searcher};
    let mut pos = position(&FOUR_THREE, Color::White);
    let four_three = Point::new(7, 6).unwrap();
    for quick_win in [false, true] {
        let config = SearchConfig {
            quick_win,
            ..SearchConfig::default()
        };
        let r = Searcher::new(config).search(&mut pos, &PatternEval, &Limits::depth(2));
        if quick_win {
            assert_eq!(r.score, score::win_in(5));
            assert_eq!(r.best_move, Some(Move::Stone(four_three)));
        } else {
            assert!(!score::is_decisive(r.score), "{}", r.score);
        }
    }
}

/// White wins with six (RIF 9.1), so a four of White's that six completes is a four: from a
/// game lost to Rapfi (Black's 17th move, j7, left White the four-three f9 — its row's four
/// completed at e9 by six stones), White's VCF is found, and it starts at f9.
#[test]
fn whites_four_completed_by_an_overline_is_a_four() {
    let moves = "8,8 9,7 7,6 10,9 6,7 9,9 8,9 9,8 9,10 7,8 8,5 9,4 8,11 8,7 8,10 8,12 7,10";
    let g = replay_moves(moves).unwrap();
    let mut pos = Position::from_game(&g);
    assert_eq!(pos.to_move(), Color::White);
    let f9 = Point::new(8, 5).unwrap(); // judge 9,6
    assert_eq!(
        pos.threat_class(f9, Color::White),
        eval::ThreatClass::FourThree
    );
    let line = threats::vcf(&mut pos, ThreatLimits::default()).expect("White's VCF");
    assert_eq!(line[0], f9.index());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// [`eval::PairEval`]'s features are [`PatternEval`]'s followed by one count per pair of
    /// point classes: every candidate point counted once, in the cell of the classes the two
    /// players' stones would make there (read here from each point's own threat class), so
    /// that the cells of a four of the side to move hold exactly its four points.
    #[test]
    fn pair_features_count_every_candidate_by_both_classes(
        picks in prop::collection::vec(any::<u16>(), 4..60)
    ) {
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        let f = eval::PairEval::features(&pos);
        let n = eval::FEATURES;
        prop_assert_eq!(&f[..n], &PatternEval::features(&pos)[..]);
        let pairs = &f[n..];
        prop_assert_eq!(pairs.len(), eval::PAIR_CLASSES * eval::PAIR_CLASSES);
        prop_assert_eq!(pairs.iter().sum::<i32>() as usize, pos.candidates().count());
        let me = pos.to_move();
        let fours = pos
            .candidates()
            .filter(|&p| pos.threat_class(p, me) == eval::ThreatClass::Four)
            .count();
        let four_cells: i32 = (0..eval::PAIR_CLASSES).map(|b| pairs[3 * eval::PAIR_CLASSES + b]).sum();
        prop_assert_eq!(four_cells as usize, fours);
        // The evaluation is the weighted sum.
        prop_assert_eq!(
            eval::PairEval.evaluate(&pos),
            PatternEval::weigh(&f, &eval::PAIR_WEIGHTS)
        );
        // SidedEval weighs the pattern features by Black's set with Black to move, by
        // White's with White to move.
        let sided = if me == Color::Black { &eval::SIDED_WEIGHTS[0] } else { &eval::SIDED_WEIGHTS[1] };
        prop_assert_eq!(
            eval::SidedEval.evaluate(&pos),
            PatternEval::weigh(&PatternEval::features(&pos), sided)
        );
    }

    /// [`eval::ShapeEval`]'s features are [`PatternEval`]'s followed by, for the side to move
    /// and then the opponent, one count per pair of line shapes: every candidate point counted
    /// once for each color, in the cell of its two best lines' shapes, read here from scratch
    /// (the rules' table of each line's window, not the board's kept codes).
    #[test]
    fn shape_features_count_every_candidate_by_its_two_best_lines(
        picks in prop::collection::vec(any::<u16>(), 4..60)
    ) {
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        let f = eval::ShapeEval::features(&pos);
        let n = eval::FEATURES;
        prop_assert_eq!(&f[..n], &PatternEval::features(&pos)[..]);
        let want = scratch_class_counts(&pos, eval::SHAPE_PAIRS, |mut shapes| {
            shapes.sort_unstable_by(|a, b| b.cmp(a));
            eval::shape_pair(shapes[0], shapes[1])
        });
        prop_assert_eq!(&f[n..], &want[..]);
        prop_assert_eq!(
            eval::ShapeEval.evaluate(&pos),
            PatternEval::weigh(&f, &eval::SHAPE_WEIGHTS)
        );
    }

    /// [`eval::QuadEval`]'s features are [`PatternEval`]'s followed by, for the side to move
    /// and then the opponent, one count per class of a point's four line shapes (read here
    /// from scratch); its evaluation is their weighted sum; and under
    /// [`eval::quad_weights_of_shapes`] it is [`eval::ShapeEval`] (a class valued by its two
    /// best shapes alone).
    #[test]
    fn quad_features_count_every_candidate_by_its_four_lines(
        picks in prop::collection::vec(any::<u16>(), 4..60)
    ) {
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        let f = eval::QuadEval::features(&pos);
        let n = eval::FEATURES;
        prop_assert_eq!(&f[..n], &PatternEval::features(&pos)[..]);
        let want = scratch_class_counts(&pos, eval::QUADS, |s| {
            eval::QuadEval::quad_index([s[0], s[1], s[2], s[3]])
        });
        prop_assert_eq!(&f[n..], &want[..]);
        let fitted: &[i32; eval::QUAD_FEATURES] = &eval::QUAD_WEIGHTS;
        prop_assert_eq!(
            eval::QuadEval(fitted).evaluate(&pos),
            PatternEval::weigh(&<[i32; eval::QUAD_FEATURES]>::try_from(&f[..]).unwrap(), fitted)
        );
        let of_shapes: [i32; eval::QUAD_FEATURES] =
            eval::quad_weights_of_shapes().try_into().unwrap();
        prop_assert_eq!(eval::QuadEval(&of_shapes).evaluate(&pos), eval::ShapeEval.evaluate(&pos));
    }

    /// [`eval::ValueOrder`] keeps the wrapped evaluation's order of hints and its signs (a
    /// forcing move stays forcing) and breaks its ties by the point's value: of two points
    /// with the same hint, the one worth more (the side to move's value plus four fifths of
    /// the opponent's, below the 1,024 of room) comes first; the quiet order's quiet hints
    /// (≤ 0) are kept.
    #[test]
    fn value_order_breaks_the_hints_ties_by_value(
        picks in prop::collection::vec(any::<u16>(), 4..60)
    ) {
        let g = random_game(&picks);
        let pos = Position::from_game(&g);
        let me = pos.to_move();
        let vo = eval::ValueOrder(PatternEval);
        let points: Vec<(i32, i32, i32)> = pos
            .candidates()
            .map(|p| {
                let m = Move::Stone(p);
                let value = pos.score(p, me).value + pos.score(p, me.opponent()).value * 4 / 5;
                (PatternEval.move_hint(&pos, m), value, vo.move_hint(&pos, m))
            })
            .collect();
        for &(h, _, v) in &points {
            prop_assert_eq!(h > 0, v > 0);
        }
        for &(ha, va, a) in &points {
            for &(hb, vb, b) in &points {
                if ha > hb {
                    prop_assert!(a > b, "hint {} over {} lost: {} against {}", ha, hb, a, b);
                }
                if ha == hb && va > vb && va < 1024 {
                    prop_assert!(a > b, "value {} over {} at hint {}: {} against {}", va, vb, ha, a, b);
                }
            }
        }
        // Around the quiet order, the quiet moves (hints ≤ 0) keep their hints, which that
        // order weighs against history; the forcing ones stay forcing.
        let q = eval::QuietOrderEval { eval: PatternEval, scale: 3 };
        let vq = eval::ValueOrder(q);
        for p in pos.candidates() {
            let m = Move::Stone(p);
            let (h, v) = (q.move_hint(&pos, m), vq.move_hint(&pos, m));
            if h <= 0 {
                prop_assert_eq!(v, h);
            } else {
                prop_assert!(v > 0);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// [`PatternEval`]'s quiescence moves: before [`eval::NARROW_VCF_FROM`] plies past the
    /// horizon, every one is a four of the side to move (or its five, or a block of the
    /// opponent's five); from there on, where the side may stand pat, they are the same fours
    /// less those farther from its own last stone than two rows and two columns, or four
    /// points along one of the stone's lines; a five or a block is never narrowed.
    #[test]
    fn deep_quiescence_keeps_to_fours_near_the_last_stone(
        picks in prop::collection::vec(any::<u16>(), 6..90),
    ) {
        let g = random_game(&picks);
        prop_assume!(g.result().is_none());
        let pos = Position::from_game(&g);
        let me = pos.to_move();
        let b = pos.board();
        let (mut wide, mut narrow) = (Vec::new(), Vec::new());
        let stand = PatternEval.quiescence_moves(&pos, 0, &mut wide);
        let deep_stand = PatternEval.quiescence_moves(&pos, eval::NARROW_VCF_FROM, &mut narrow);
        prop_assert_eq!(stand, deep_stand);
        let h = pos.history();
        let Some(&Move::Stone(last)) = h.len().checked_sub(2).and_then(|k| h.get(k)) else {
            prop_assert_eq!(wide, narrow);
            return Ok(());
        };
        if !stand {
            prop_assert_eq!(wide, narrow);
            return Ok(());
        }
        for &m in &wide {
            let Move::Stone(p) = m else { panic!("a pass among the quiescence moves") };
            let four = renju_rules::Direction::ALL.iter().any(|&d| b.pattern(p, d, me).fours > 0);
            prop_assert!(four, "{} is no four", p);
        }
        let near = |m: &Move| {
            let Move::Stone(p) = *m else { return false };
            let dr = (p.row as i32 - last.row as i32).abs();
            let dc = (p.col as i32 - last.col as i32).abs();
            (dr <= 2 && dc <= 2) || ((dr == 0 || dc == 0 || dr == dc) && dr.max(dc) <= 4)
        };
        let expected: Vec<Move> = wide.iter().copied().filter(near).collect();
        prop_assert_eq!(narrow, expected);
    }
}
