//! Pattern-based evaluation: every candidate point is scored, for each colour, by what a stone
//! of that colour would make there — along each line a five, a straight four, a four, a three
//! (the table of [`renju_rules::pattern::LineInfo`]), or failing those the most own stones in a
//! five-point window free of the other colour; two or more threats on one point add a bonus
//! (four-three, double four), unless the point is forbidden to Black, where Black's value is
//! nothing.
//!
//! A position is worth the side to move's total less the opponent's, with the side to move's
//! best point counted again (it moves first). Units: about 1,000 for a four's worth of threat.

use crate::position::{five_on_line, Position};
use renju_rules::game::Move;
use renju_rules::{Color, Direction, Point};
use search_core::{Evaluator, Score};

/// A stone that makes five.
pub const FIVE: i32 = 100_000;
/// A stone that makes a straight four (two ways to five).
pub const OPEN_FOUR: i32 = 12_000;
/// A stone that makes a four.
pub const FOUR: i32 = 1_200;
/// A stone that makes a three (it can become a straight four).
pub const THREE: i32 = 1_000;
/// Bonus for a point with two or more threats (four-three, double four, double three).
pub const DOUBLE: i32 = 8_000;
/// Values of a line without a three, by own stones in its best free five-window (before the
/// new stone).
const WINDOW: [i32; 5] = [0, 12, 60, 100, 100];

/// What a `color` stone on the empty `p` would be worth, and how many threats (fours and
/// threes) it would make.
pub fn point_value(pos: &Position, p: Point, color: Color) -> (i32, u32) {
    let board = pos.board();
    let mut value = 0;
    let mut threats = 0;
    let mut overline = false;
    for d in Direction::ALL {
        let info = board.pattern(p, d, color);
        if info.five || (color == Color::White && info.overline) {
            return (FIVE, 1);
        }
        overline |= info.overline;
        if info.straight_four {
            value += OPEN_FOUR;
            threats += 1;
        } else if info.fours > 0 {
            value += FOUR * i32::from(info.fours);
            threats += u32::from(info.fours);
        } else if info.three_points != 0 {
            value += THREE;
            threats += 1;
        } else {
            let (own, blocked) = board.line_window(p, d, color);
            let mut best = 0;
            for s in 1..=5 {
                let w = 0x1F << s;
                if blocked & w == 0 {
                    best = best.max((own & w).count_ones());
                }
            }
            value += WINDOW[best.min(4) as usize];
        }
    }
    if color == Color::Black && (threats >= 2 || overline) && board.forbidden(p).is_some() {
        return (0, 0);
    }
    if threats >= 2 {
        value += DOUBLE;
    }
    (value, threats)
}

/// A cheap version of [`point_value`] for move ordering: the table's fives, fours and threes
/// only, 1 for a line with none, no forbidden check.
pub fn threat_value(pos: &Position, p: Point, color: Color) -> i32 {
    let board = pos.board();
    let mut value = 0;
    let mut threats = 0;
    for d in Direction::ALL {
        let info = board.pattern(p, d, color);
        if info.five || (color == Color::White && info.overline) {
            return FIVE;
        }
        if info.straight_four {
            value += OPEN_FOUR;
            threats += 1;
        } else if info.fours > 0 {
            value += FOUR;
            threats += 1;
        } else if info.three_points != 0 {
            value += THREE;
            threats += 1;
        } else {
            value += 1;
        }
    }
    if threats >= 2 {
        value += DOUBLE;
    }
    value
}

/// The evaluation (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct PatternEval;

/// One colour's threats over the candidate points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats {
    /// Sum of [`point_value`] over the candidates.
    pub sum: i32,
    /// The best point value.
    pub best: i32,
    /// Points where its stone makes five.
    pub fives: u32,
    /// Points (it may play) where its stone makes a straight four.
    pub straight_fours: u32,
    /// Points (it may play) with two or more threats (four-three, double four, double three).
    pub doubles: u32,
}

impl PatternEval {
    /// Both colours' [`Threats`], Black first.
    pub fn threats(pos: &Position) -> [Threats; 2] {
        let mut t = [Threats::default(); 2];
        for p in pos.candidates() {
            for color in [Color::Black, Color::White] {
                let (v, n) = point_value(pos, p, color);
                let c = &mut t[color as usize];
                c.sum += v;
                c.best = c.best.max(v);
                if v >= FIVE {
                    c.fives += 1;
                } else if v >= OPEN_FOUR {
                    c.straight_fours += 1;
                }
                if n >= 2 && v < FIVE {
                    c.doubles += 1;
                }
            }
        }
        t
    }
}

/// The value of a threat that wins unless the opponent can answer with fours.
const WINNING: i32 = 60_000;

impl Evaluator<Position> for PatternEval {
    /// The side to move's totals less the opponent's, its best point again; then the threat
    /// race: a five to make wins; two fives to block lose, and so does one beside an open
    /// three (a four-three already made); with no five to block, a straight four or a double
    /// threat (four-three, White's double four or three) to make is nearly won, and the
    /// opponent's double-threat points count against us.
    fn evaluate(&self, pos: &Position) -> Score {
        let t = PatternEval::threats(pos);
        let me = pos.to_move() as usize;
        let (mine, theirs) = (t[me], t[1 - me]);
        let mut v = mine.sum - theirs.sum + mine.best - theirs.best / 2;
        if mine.fives > 0 {
            v += 2 * WINNING;
        } else if theirs.fives >= 2 {
            v -= 2 * WINNING;
        } else if theirs.fives == 1 {
            // We must block a four; an open three beside it (a four-three) still wins for them.
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

    /// Attack plus defence: the threats the move makes for the side to move and those it
    /// takes from the opponent ([`threat_value`]).
    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        match mv {
            Move::Stone(p) => {
                let me = pos.to_move();
                threat_value(pos, p, me) + threat_value(pos, p, me.opponent()) * 4 / 5
            }
            Move::Pass => i32::MIN / 2,
        }
    }

    /// Past the horizon, fours and their blocks (a VCF read at the leaves): a five of the
    /// side to move is its only move; facing the opponent's five it must block (no standing
    /// pat; with no legal block, no move and the evaluation stands); otherwise it may stand
    /// pat or make a four (Black not on a forbidden point), fours that also make a three or a
    /// second four first ([`threat_value`]).
    fn quiescence_moves(&self, pos: &Position, moves: &mut Vec<Move>) -> bool {
        let me = pos.to_move();
        let them = me.opponent();
        let mut blocks = Vec::new();
        let mut fours = Vec::new();
        for p in pos.candidates() {
            let (mut five, mut block, mut four) = (false, false, false);
            for d in Direction::ALL {
                let (a, b) = (
                    pos.board().pattern(p, d, me),
                    pos.board().pattern(p, d, them),
                );
                five |= five_on_line(a, me);
                block |= five_on_line(b, them);
                four |= a.fours > 0;
            }
            if five {
                moves.push(Move::Stone(p));
                return false;
            }
            if block {
                blocks.push(p);
            } else if four {
                fours.push(p);
            }
        }
        if !blocks.is_empty() {
            moves.extend(
                blocks
                    .into_iter()
                    .map(Move::Stone)
                    .filter(|&m| pos.is_legal(m)),
            );
            return false;
        }
        let mut scored: Vec<(i32, Move)> = fours
            .into_iter()
            .map(Move::Stone)
            .filter(|&m| me == Color::White || pos.is_legal(m))
            .map(|m| (self.move_hint(pos, m), m))
            .collect();
        scored.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        moves.extend(scored.into_iter().map(|(_, m)| m));
        true
    }
}
