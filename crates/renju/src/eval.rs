//! Pattern-based evaluation: every candidate point is scored, for each color, by what a stone
//! of that color would make there — along each line a five, a straight four, a four, a three
//! (the table of [`renju_rules::pattern::LineInfo`]), or failing those the most own stones in a
//! five-point window free of the other color; two or more threats on one point add a bonus
//! (four-three, double four), unless the point is forbidden to Black, where Black's value is
//! nothing.
//!
//! The points' counts of each kind, summed per color, the best point of each color and the
//! state of the threat race are the evaluation's features ([`PatternEval::features`]); a
//! position is worth their weighted sum for the side to move ([`WEIGHTS`], fitted to game
//! results by `examples/tune_eval.rs` from [`HAND_WEIGHTS`], the values first set by hand).
//! [`point_value`] keeps the hand values: the move ordering's and the greedy player's measure.

use crate::position::{five_on_line, Position};
use renju_rules::game::Move;
use renju_rules::pattern::{LineClass, LineCode, LineInfo, LineShape};
use renju_rules::{Color, Point};
use search_core::{Evaluator, Score};
use std::sync::OnceLock;

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

/// What a `color` stone on the empty `p` would make, counted as the evaluation's features
/// count it: `[five, straight fours, fours, threes, lines whose best free five-window holds 1,
/// 2, 3, 4 own stones (before the new stone), double]` (lines of the four directions; double:
/// two or more fours and threes). A five (White: or an overline) counts alone; a point
/// forbidden to Black counts nothing. Also returns the number of threats (fours and threes).
pub fn point_counts(pos: &Position, p: Point, color: Color) -> ([u8; POINT_FEATURES], u32) {
    let (c, threats, _) = point_scan(pos, p, color);
    (c, threats)
}

/// What a stone of one color on an empty point would make, read from the point's four line
/// patterns alone ([`renju_rules::pattern::LineInfo`], a five-window's stones included):
/// [`point_counts`]' features, [`point_value`]'s hand value and [`threat_value`], before the
/// forbidden test, which depends on stones beyond the lines. [`Position`] keeps one per empty
/// point and color, recomputed at the empty points along the four lines of every stone put
/// and put back as they were when it is taken back ([`Position::score`]), so that the
/// evaluation reads them instead of scanning lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointScore {
    /// [`point_counts`]' features, as if the point were not forbidden.
    pub counts: [u8; POINT_FEATURES],
    /// [`point_value`]'s hand value, as if the point were not forbidden.
    pub value: i32,
    /// Fours (each of a line's two fours) and threes the stone makes; 1 for a five.
    pub threats: u8,
    /// [`threat_value`]: the move ordering's cheaper measure.
    pub hint: i32,
    /// A five (for White five or more): the stone wins at once.
    pub five: bool,
    /// Some line holds a four through the point (one more stone makes five).
    pub four: bool,
    /// Black only: the point may be forbidden (two or more fours and threes, or an
    /// overline, and no five), so a forbidden test must confirm the values above.
    pub check_forbidden: bool,
}

/// One line's part of a [`PointScore`], by its [`LineClass`], packed as [`LineSums`] packs
/// the sums: the counts (four bits a feature), the fours and threes and whether the line
/// holds one in `bits`; the hand value and the move hint in `vh`.
#[derive(Clone, Copy)]
struct LinePart {
    bits: u64,
    vh: u64,
}

/// Where [`LineSums::bits`] keeps each sum beside the counts (bits 0..36, four a feature):
/// fours and threes, lines holding one, fives, overlines, lines holding a four.
const THREATS: u32 = 36;
const THREAT_LINES: u32 = 40;
const FIVES: u32 = 44;
const OVERLINES: u32 = 48;
const FOUR_LINES: u32 = 52;

/// [`LinePart`] of each [`LineClass`] (a five is handled apart).
const LINE_PARTS: [LinePart; LineClass::COUNT] = {
    const fn part(counts: u64, value: i32, hint: i32, threats: u64, threat_line: u64) -> LinePart {
        LinePart {
            bits: counts | threats << THREATS | threat_line << THREAT_LINES,
            vh: value as u64 | (hint as u64) << 32,
        }
    }
    const fn quiet(k: usize, value: i32) -> LinePart {
        part(if k == 0 { 0 } else { 1 << (4 * (3 + k)) }, value, 1, 0, 0)
    }
    const fn threat(feature: usize, n: u8, value: i32, hint: i32) -> LinePart {
        part((n as u64) << (4 * feature), value, hint, n as u64, 1)
    }
    [
        quiet(0, 0),
        quiet(1, WINDOW[1]),
        quiet(2, WINDOW[2]),
        quiet(3, WINDOW[3]),
        quiet(4, WINDOW[4]),
        threat(3, 1, THREE, THREE),
        threat(2, 1, FOUR, FOUR),
        threat(2, 2, 2 * FOUR, FOUR),
        threat(1, 1, OPEN_FOUR, OPEN_FOUR),
        threat(0, 0, 0, 0), // Five: never read
    ]
};

/// The sum over a point's four lines of each line's part of its [`PointScore`] (for one
/// color): what the score is made from ([`LineSums::score`]). Every part is a table entry
/// by the line's [`LineClass`], all of them packed in two words, so that the four lines'
/// sum is eight additions: `bits` holds, four bits each (at most 8 over four lines), the
/// counts of [`PointScore::counts`], the fours and threes, the lines holding one, the fives,
/// the overlines and the lines holding a four; `vh` the hand value (low 32 bits) and the move
/// hint (high 32 bits), neither ever negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineSums {
    bits: u64,
    vh: u64,
}

impl LineSums {
    /// Adds the part of a line whose pattern for `color` is `info`.
    #[inline]
    pub fn add_line(&mut self, info: &LineInfo, color: Color) {
        let four = u64::from(info.fours > 0) << FOUR_LINES;
        if five_on_line(*info, color) {
            self.bits += 1 << FIVES | four;
            return;
        }
        let part = &LINE_PARTS[info.class as usize];
        self.bits += part.bits | four | u64::from(info.overline) << OVERLINES;
        self.vh += part.vh;
    }

    /// The sums of the four lines `lines` (for `color`).
    #[inline]
    pub fn of_lines(lines: &[LineInfo; 4], color: Color) -> LineSums {
        let mut s = LineSums::default();
        for info in lines {
            s.add_line(info, color);
        }
        s
    }

    /// The sum at `shift` in [`LineSums::bits`].
    #[inline]
    fn field(&self, shift: u32) -> u64 {
        self.bits >> shift & 0xF
    }

    /// The point's score for `color` (see [`PointScore`]): a five alone if a line makes one,
    /// else the parts' sum with the double-threat bonuses.
    #[inline(always)]
    pub fn score(&self, color: Color) -> PointScore {
        let four = self.field(FOUR_LINES) > 0;
        if self.field(FIVES) > 0 {
            let mut counts = [0; POINT_FEATURES];
            counts[0] = 1;
            return PointScore {
                counts,
                value: FIVE,
                threats: 1,
                hint: FIVE,
                five: true,
                four,
                check_forbidden: false,
            };
        }
        let threats = self.field(THREATS) as u8;
        let double = threats >= 2;
        // The first eight four-bit counts spread to one byte each (one eight-byte store:
        // bytes written one by one and read back as a word stalled the position's updates).
        let mut x = self.bits & 0xFFFF_FFFF;
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
        let b = x.to_le_bytes();
        let counts: [u8; POINT_FEATURES] = [
            b[0],
            b[1],
            b[2],
            b[3],
            b[4],
            b[5],
            b[6],
            b[7],
            u8::from(double),
        ];
        let (value, hint) = (self.vh as u32 as i32, (self.vh >> 32) as i32);
        PointScore {
            counts,
            value: value + if double { DOUBLE } else { 0 },
            threats,
            hint: hint
                + if self.field(THREAT_LINES) >= 2 {
                    DOUBLE
                } else {
                    0
                },
            five: false,
            four,
            check_forbidden: color == Color::Black && (double || self.field(OVERLINES) > 0),
        }
    }
}

/// Each [`LineCode`]'s part of a [`LineSums`] for each color ([`LineSums::add_line`] of the
/// code's pattern): a point's sums are its four lines' parts added, one lookup a line, and a
/// line whose code changed changes the point's score only if its part did.
#[derive(Debug)]
pub struct CodeParts([[LineSums; 256]; 2]);

impl CodeParts {
    /// The parts of all codes ([`renju_rules::pattern::codes`]), built once.
    pub fn get() -> &'static CodeParts {
        static PARTS: OnceLock<CodeParts> = OnceLock::new();
        PARTS.get_or_init(|| {
            let codes = renju_rules::pattern::codes();
            CodeParts([Color::Black, Color::White].map(|color| {
                std::array::from_fn(|code| {
                    let mut s = LineSums::default();
                    s.add_line(&codes.info(LineCode(code as u8)), color);
                    s
                })
            }))
        })
    }

    /// The part of a line whose pattern for `color` has code `code`.
    #[inline(always)]
    pub fn part(&self, color: Color, code: LineCode) -> LineSums {
        self.0[color as usize][code.0 as usize]
    }

    /// The sums of a point's four lines whose codes for `color` are `codes` (equal to
    /// [`LineSums::of_lines`] of their patterns).
    #[inline(always)]
    pub fn sums(&self, color: Color, codes: [LineCode; 4]) -> LineSums {
        let t = &self.0[color as usize];
        let mut s = LineSums::default();
        for c in codes {
            let part = t[c.0 as usize];
            s.bits += part.bits;
            s.vh += part.vh;
        }
        s
    }
}

impl PointScore {
    /// The score of a `color` stone on a point whose lines' patterns (for `color`, in
    /// [`renju_rules::Direction::ALL`] order) are `lines`: the sum of each line's part by its
    /// [`LineClass`], then the double-threat bonus ([`LineSums`]).
    #[inline]
    pub fn of_lines(lines: [LineInfo; 4], color: Color) -> PointScore {
        LineSums::of_lines(&lines, color).score(color)
    }
}

/// [`point_counts`] with the hand value of [`point_value`], from the position's kept
/// [`PointScore`] and, where it may be forbidden to Black, the forbidden test.
#[inline]
fn point_scan(pos: &Position, p: Point, color: Color) -> ([u8; POINT_FEATURES], u32, i32) {
    point_scan_at(pos, p.index(), color)
}

/// [`point_scan`] of the point of index `i`.
#[inline]
fn point_scan_at(pos: &Position, i: usize, color: Color) -> ([u8; POINT_FEATURES], u32, i32) {
    let s = pos.score_at(i, color);
    if s.check_forbidden && pos.board().forbidden(Point::from_index(i)).is_some() {
        return ([0; POINT_FEATURES], 0, 0);
    }
    (s.counts, u32::from(s.threats), s.value)
}

/// What a `color` stone on the empty `p` would be worth by the hand-set values ([`FIVE`],
/// [`OPEN_FOUR`], [`FOUR`], [`THREE`], a line without a three 12/60/100/100 by own stones in
/// its best free five-window, [`DOUBLE`]), and how many threats (fours and threes) it would
/// make. The greedy player's and the move ordering's measure of a point.
pub fn point_value(pos: &Position, p: Point, color: Color) -> (i32, u32) {
    let (_, threats, value) = point_scan(pos, p, color);
    (value, threats)
}

/// Number of per-point features ([`point_counts`]).
pub const POINT_FEATURES: usize = 9;

/// The hand-set value of each of [`point_counts`]' features.
const POINT_VALUES: [i32; POINT_FEATURES] = [
    FIVE, OPEN_FOUR, FOUR, THREE, WINDOW[1], WINDOW[2], WINDOW[3], WINDOW[4], DOUBLE,
];

/// A cheap version of [`point_value`] for move ordering: the table's fives, fours and threes
/// only, 1 for a line with none, no forbidden check ([`PointScore::hint`], kept by the
/// position).
#[inline]
pub fn threat_value(pos: &Position, p: Point, color: Color) -> i32 {
    pos.score(p, color).hint
}

/// The evaluation (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct PatternEval;

/// One color's threats over the candidate points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats {
    /// Sum of [`point_value`] over the candidates.
    pub sum: i32,
    /// Sum of [`point_counts`] over the candidates.
    pub counts: [i32; POINT_FEATURES],
    /// The best point value.
    pub best: i32,
    /// Points where its stone makes five.
    pub fives: u32,
    /// Points (it may play) where its stone makes a straight four.
    pub straight_fours: u32,
    /// Points (it may play) with two or more threats (four-three, double four, double three).
    pub doubles: u32,
}

/// Number of evaluation features ([`PatternEval::features`]).
pub const FEATURES: usize = 2 * POINT_FEATURES + 2 + RACE_STATES;

/// Number of threat-race states ([`PatternEval::features`]).
const RACE_STATES: usize = 7;

/// The value of a threat that wins unless the opponent can answer with fours.
const WINNING: i32 = 60_000;

/// The hand-set weights (the evaluation before tuning, and the tuner's start), in 1/64 of the
/// evaluation's units: [`point_counts`]' values for the side to move, the same negated for the
/// opponent, the best points ¼ and −⅛, then the race states.
pub const HAND_WEIGHTS: [i32; FEATURES] = {
    let mut w = [0; FEATURES];
    let mut i = 0;
    while i < POINT_FEATURES {
        w[i] = POINT_VALUES[i] * 16;
        w[POINT_FEATURES + i] = -POINT_VALUES[i] * 16;
        i += 1;
    }
    w[2 * POINT_FEATURES] = 16;
    w[2 * POINT_FEATURES + 1] = -8;
    let race = [
        2 * WINNING,
        -2 * WINNING,
        -WINNING,
        WINNING,
        WINNING * 3 / 4,
        -WINNING / 2,
        -WINNING / 4,
    ];
    let mut k = 0;
    while k < RACE_STATES {
        w[2 * POINT_FEATURES + 2 + k] = race[k] * 16;
        k += 1;
    }
    w
};

/// The evaluation's weights ([`PatternEval::features`]), in 1/64 of the evaluation's units:
/// fitted to game results by logistic (Texel) tuning from [`HAND_WEIGHTS`]
/// (`examples/tune_eval.rs`: `gen 4000 1 2000` — 4,000 games of the search against itself at
/// 2,000 nodes a move, 4 random opening plies, seed 1: 103,201 quiet positions — then `fit`,
/// 3,000 Adam steps): mean squared error 0.2070 → 0.1802 (held-out games 0.1981 → 0.1762).
/// Features never seen in quiet positions (fives, the first three race states) keep their
/// hand values; the fitted ones are a whole, not each a value of its own (a double-threat
/// point weighs with its fours and threes and the best point). SPRT against the hand weights
/// (5 s clocks, varied openings): 128/1/84, Elo +73 (95%: +26 … +122), H1 accepted.
pub const WEIGHTS: [i32; FEATURES] = [
    1600000, 471932, 201747, 75039, 7101, 42491, -65641, 1600, -148956, -1600000, -395691, -203917,
    -55431, -4592, -46200, 61862, -1600, -190874, 128, 26, 1920000, -1920000, -960000, 2139797,
    -547224, -224015, -18518,
];

impl PatternEval {
    /// Both colors' [`Threats`], Black first.
    pub fn threats(pos: &Position) -> [Threats; 2] {
        let mut t = [Threats::default(); 2];
        for i in pos.candidate_indices() {
            for color in [Color::Black, Color::White] {
                let (counts, n, v) = point_scan_at(pos, i, color);
                let c = &mut t[color as usize];
                for (total, k) in c.counts.iter_mut().zip(counts) {
                    *total += i32::from(k);
                }
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

    /// The features the evaluation weighs ([`WEIGHTS`]), for the side to move: its
    /// [`Threats::counts`], the opponent's, its best point value ([`point_value`]), the
    /// opponent's, then one of seven threat-race states (1 for the state, 0 for the others;
    /// all 0 when none holds): a five to make; two fives of the opponent to block; one
    /// beside an open three of the opponent (a four-three made); else, with no five to block,
    /// a straight four to make; a double threat to make; the opponent's straight four and
    /// double threat points; the opponent's double threat points.
    pub fn features(pos: &Position) -> [i32; FEATURES] {
        let t = PatternEval::threats(pos);
        let me = pos.to_move() as usize;
        let (mine, theirs) = (t[me], t[1 - me]);
        let mut f = [0; FEATURES];
        f[..POINT_FEATURES].copy_from_slice(&mine.counts);
        f[POINT_FEATURES..2 * POINT_FEATURES].copy_from_slice(&theirs.counts);
        f[2 * POINT_FEATURES] = mine.best;
        f[2 * POINT_FEATURES + 1] = theirs.best;
        let race = if mine.fives > 0 {
            Some(0)
        } else if theirs.fives >= 2 {
            Some(1)
        } else if theirs.fives == 1 {
            (theirs.straight_fours > 0).then_some(2)
        } else if mine.straight_fours > 0 {
            Some(3)
        } else if mine.doubles > 0 {
            Some(4)
        } else if theirs.straight_fours > 0 && theirs.doubles > 0 {
            Some(5)
        } else if theirs.doubles > 0 {
            Some(6)
        } else {
            None
        };
        if let Some(k) = race {
            f[2 * POINT_FEATURES + 2 + k] = 1;
        }
        f
    }

    /// The evaluation of features `f` under `weights` (in 1/64 units): their dot product,
    /// kept within ±125,000.
    pub fn weigh<const N: usize>(f: &[i32; N], weights: &[i32; N]) -> Score {
        Self::scaled(Self::dot(f, weights))
    }

    /// The dot product of features `f` and `weights`, in 1/64 units.
    fn dot(f: &[i32], weights: &[i32]) -> i64 {
        f.iter()
            .zip(weights)
            .map(|(&x, &w)| i64::from(x) * i64::from(w))
            .sum()
    }

    /// A sum `v` in 1/64 units as a score, kept within ±125,000.
    fn scaled(v: i64) -> Score {
        (v.clamp(-8_000_000, 8_000_000) / 64) as Score
    }
}

impl Evaluator<Position> for PatternEval {
    /// [`PatternEval::weigh`] of [`PatternEval::features`] under [`WEIGHTS`]: the side to
    /// move's point values less the opponent's, the best points, and the threat race (a five
    /// to make wins; two fives to block lose, and so does one beside an open three; with no
    /// five to block, a straight four or a double threat to make is nearly won, and the
    /// opponent's double-threat points count against us).
    fn evaluate(&self, pos: &Position) -> Score {
        PatternEval::weigh(&PatternEval::features(pos), &WEIGHTS)
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

    /// [`Position::quick_win`].
    fn quick_win(&self, pos: &Position) -> Option<u32> {
        pos.quick_win()
    }

    /// The side to move must answer: the opponent has a point where its stone makes five (a
    /// four on the board) or a straight four (an open three; for Black's point, one that is
    /// not forbidden). The selective options (null move, futility, razoring, late-move
    /// pruning) stay off there.
    fn threatened(&self, pos: &Position) -> bool {
        let them = pos.to_move().opponent();
        pos.candidate_indices().any(|i| {
            let s = pos.score_at(i, them);
            s.five || (s.counts[1] > 0 && pos.may_play(Point::from_index(i), them))
        })
    }

    /// Past the horizon, fours and their blocks (a VCF read at the leaves): a five of the
    /// side to move is its only move; facing the opponent's five it must block (no standing
    /// pat; with no legal block, no move and the evaluation stands); otherwise it may stand
    /// pat or make a four (Black not on a forbidden point), fours that also make a three or a
    /// second four first ([`threat_value`]). From [`NARROW_VCF_FROM`] plies past the horizon
    /// on, only fours near the side's own last stone (at most 2 rows and 2 columns away, or
    /// 4 points along one of its lines), as in Rapfi's VCF quiescence (`search/movepick.cpp`,
    /// `QVCF_MOVES`), so that a long quiescence search (`quiescence_plies` above 4) follows a
    /// VCF rather than every four on the board.
    fn quiescence_moves(&self, pos: &Position, qply: u32, moves: &mut Vec<Move>) -> bool {
        let me = pos.to_move();
        let them = me.opponent();
        let mut blocks = Vec::new();
        let mut fours = Vec::new();
        let near = if qply >= NARROW_VCF_FROM {
            near_last_stone(pos)
        } else {
            None
        };
        for i in pos.candidate_indices() {
            let (mine, theirs) = (pos.score_at(i, me), pos.score_at(i, them));
            let (five, block, four) = (mine.five, theirs.five, mine.four);
            if five {
                moves.push(Move::Stone(Point::from_index(i)));
                return false;
            }
            if block {
                blocks.push(Point::from_index(i));
            } else if four && near.as_ref().map_or(true, |n| n(Point::from_index(i))) {
                fours.push(Point::from_index(i));
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

/// The plies past the horizon from which [`PatternEval`]'s quiescence moves keep to fours
/// near the side's own last stone: the quiescence search of the default
/// (`quiescence_plies=4`) never gets there, a longer one follows a VCF.
pub const NARROW_VCF_FROM: u32 = 4;

/// Whether a point lies near the last stone of the side to move of `pos` (its second-to-last
/// move): at most 2 rows and 2 columns away, or on one of the stone's four lines at most 4
/// away (Rapfi's `RANGE_SQUARE2_LINE4`). `None` when that side has no stone yet.
fn near_last_stone(pos: &Position) -> Option<impl Fn(Point) -> bool> {
    let h = pos.history();
    let Move::Stone(last) = *h.get(h.len().checked_sub(2)?)? else {
        return None;
    };
    Some(move |p: Point| {
        let dr = (i32::from(p.row) - i32::from(last.row)).abs();
        let dc = (i32::from(p.col) - i32::from(last.col)).abs();
        (dr <= 2 && dc <= 2) || ((dr == 0 || dc == 0 || dr == dc) && dr.max(dc) <= 4)
    })
}

/// The most a quiet point can be worth to both colors together by [`PointScore::value`] (four
/// lines of 100 for the side to move, four fifths of that for the opponent), rounded up: what
/// [`QuietOrderEval`] subtracts to make every quiet move's hint negative.
const QUIET_CEILING: i32 = 1_000;

/// A point's value to the side to move, whose score there is `mine`, and four fifths of its
/// value to the opponent (`theirs`): what a stone there builds and spoils
/// ([`PointScore::value`]); [`QuietOrderEval`]'s and [`ValueOrder`]'s measure of a quiet point.
#[inline]
fn worth(mine: &PointScore, theirs: &PointScore) -> i32 {
    mine.value + theirs.value * 4 / 5
}

/// An evaluation `E` ([`PatternEval`] by default) with the quiet moves told apart for the
/// move ordering: a move that makes or takes a four or a three keeps `E`'s positive hint
/// (searched first, never pruned as quiet), and every other move gets a hint ≤ 0, `scale`
/// times its points' value ([`PointScore::value`], the side to move's plus four fifths of the
/// opponent's: the windows of twos and ones it builds and spoils) less a ceiling. Under
/// [`PatternEval`]'s hints every move's is positive, so that search-core orders them all by
/// the hints alone and its killers, counter-moves and history never act, nor do futility and
/// late-move pruning, which skip only quiet moves; here they do. `scale` weighs the value
/// against history (whose scores stay within ±16,384): 1 lets history decide, 64 the value.
/// Evaluation, quick wins, the threat test and the quiescence moves are `E`'s.
#[derive(Clone, Copy, Debug)]
pub struct QuietOrderEval<E = PatternEval> {
    /// The evaluation whose hints and everything else are kept.
    pub eval: E,
    /// The quiet hint's weight (see the type's docs), at least 1.
    pub scale: i32,
}

impl<E: Evaluator<Position>> Evaluator<Position> for QuietOrderEval<E> {
    /// `E`'s.
    fn evaluate(&self, pos: &Position) -> Score {
        self.eval.evaluate(pos)
    }

    /// `E`'s for a move that makes or takes a four or a three; otherwise
    /// `scale · (value − 1,000)`, at most −280·`scale` (see the type's docs).
    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let Move::Stone(p) = mv else {
            return self.eval.move_hint(pos, mv);
        };
        let me = pos.to_move();
        let (a, b) = (pos.score(p, me), pos.score(p, me.opponent()));
        if a.threats > 0 || b.threats > 0 {
            return self.eval.move_hint(pos, mv);
        }
        (worth(a, b) - QUIET_CEILING) * self.scale.max(1)
    }

    /// `E`'s.
    fn threatened(&self, pos: &Position) -> bool {
        self.eval.threatened(pos)
    }

    /// `E`'s.
    fn quiescence_moves(&self, pos: &Position, qply: u32, moves: &mut Vec<Move>) -> bool {
        self.eval.quiescence_moves(pos, qply, moves)
    }

    /// `E`'s.
    fn quick_win(&self, pos: &Position) -> Option<u32> {
        self.eval.quick_win(pos)
    }
}

/// The [`Evaluator`] methods other than `evaluate` as [`PatternEval`]'s (move ordering, quick
/// wins, the threat test, the quiescence moves), for the evaluations that differ from it only
/// in their weighing ([`SidedEval`], [`PairEval`]).
macro_rules! pattern_eval_search_hooks {
    () => {
        /// [`PatternEval`]'s.
        fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
            PatternEval.move_hint(pos, mv)
        }

        /// [`PatternEval`]'s.
        fn quick_win(&self, pos: &Position) -> Option<u32> {
            PatternEval.quick_win(pos)
        }

        /// [`PatternEval`]'s.
        fn threatened(&self, pos: &Position) -> bool {
            PatternEval.threatened(pos)
        }

        /// [`PatternEval`]'s.
        fn quiescence_moves(&self, pos: &Position, qply: u32, moves: &mut Vec<Move>) -> bool {
            PatternEval.quiescence_moves(pos, qply, moves)
        }
    };
}

/// How many of [`ValueOrder`]'s hint units one unit of [`PatternEval`]'s hint is worth: the
/// room below it for the tie-break, the point's value.
const VALUE_ORDER_SCALE: i32 = 1 << 10;

/// An evaluation `E` with its move hints' ties broken by the point's value: `E`'s hint times
/// 1,024 plus the point's [`PointScore::value`] for the side to move and four fifths of the
/// opponent's (the windows of twos and ones it builds and spoils, at most 1,023). Under
/// [`PatternEval`] every quiet point has the same hint (one a line, for either color), so that
/// which of them a beam keeps and which late moves are reduced fell to the order the points
/// were generated in; here the points that build the most come first (Rapfi's move picker
/// orders by its per-point pattern scores likewise, `search/movepick.cpp`). Every hint stays
/// positive, so nothing that tells forcing moves from quiet ones changes. Evaluation, quick
/// wins, the threat test and the quiescence moves are `E`'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValueOrder<E>(pub E);

impl<E: Evaluator<Position>> Evaluator<Position> for ValueOrder<E> {
    /// `E`'s.
    fn evaluate(&self, pos: &Position) -> Score {
        self.0.evaluate(pos)
    }

    /// `E`'s hint times 1,024 plus the point's value, at most 1,023 (see the type's docs); a
    /// hint ≤ 0 (a quiet move under [`QuietOrderEval`], ordered its own way) is kept.
    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let hint = self.0.move_hint(pos, mv);
        let Move::Stone(p) = mv else {
            return hint;
        };
        if hint <= 0 {
            return hint;
        }
        let me = pos.to_move();
        let value = worth(pos.score(p, me), pos.score(p, me.opponent()));
        hint.saturating_mul(VALUE_ORDER_SCALE)
            .saturating_add(value.clamp(0, VALUE_ORDER_SCALE - 1))
    }

    /// `E`'s.
    fn quick_win(&self, pos: &Position) -> Option<u32> {
        self.0.quick_win(pos)
    }

    /// `E`'s.
    fn threatened(&self, pos: &Position) -> bool {
        self.0.threatened(pos)
    }

    /// `E`'s.
    fn quiescence_moves(&self, pos: &Position, qply: u32, moves: &mut Vec<Move>) -> bool {
        self.0.quiescence_moves(pos, qply, moves)
    }
}

/// [`PatternEval`]'s features weighed by the side to move: [`SIDED_WEIGHTS`] holds one set for
/// Black to move and one for White (Renju's colors play different games: Black's forbidden
/// points, White's overlines). Move ordering, quick wins, the threat test and the quiescence
/// moves are [`PatternEval`]'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct SidedEval;

/// [`SidedEval`]'s weights, Black to move first, in 1/64 of the evaluation's units: each set
/// fitted from [`WEIGHTS`] (`examples/tune_eval.rs`, `labels --side black|white`, then
/// `fit`, 3,000 Adam steps) to Rapfi's judgement of that side's positions among the 13,566
/// of [`PAIR_WEIGHTS`]' data: mean squared error on held-out games, Black to move 0.1046 →
/// 0.0561 (587 positions), White 0.0735 → 0.0345 (413).
pub const SIDED_WEIGHTS: [[i32; FEATURES]; 2] = [
    [
        1600000, 729430, 65242, 108903, 10261, -3526, 184723, 1600, 197151, -1600000, -230265,
        -204627, -15841, 227, -33607, 61862, -1600, 163115, 191, -1, 1920000, -1920000, -960000,
        2708319, 795932, -189652, -182075,
    ],
    [
        1600000, 731938, 209987, 58694, 6818, 33890, -65641, 1600, -257589, -1600000, -478365,
        -87372, -92499, -5604, -2738, -277601, -1600, -284920, 108, -25, 1920000, -1920000,
        -960000, 1001387, -869960, -513265, 206740,
    ],
];

impl Evaluator<Position> for SidedEval {
    /// [`PatternEval::weigh`] of [`PatternEval::features`] under the side to move's
    /// [`SIDED_WEIGHTS`].
    fn evaluate(&self, pos: &Position) -> Score {
        PatternEval::weigh(
            &PatternEval::features(pos),
            &SIDED_WEIGHTS[pos.to_move() as usize],
        )
    }

    pattern_eval_search_hooks!();
}

/// Classes of a point for [`PairEval`]'s pair features, from its [`ThreatClass`]: nothing, a
/// three, a double three, a four, a stronger combination (four-three, double four, straight
/// four, five), forbidden (Black only).
pub const PAIR_CLASSES: usize = 6;

/// Number of [`PairEval`]'s features: [`PatternEval`]'s, then one count per pair of point
/// classes (the side to move's, the opponent's).
pub const PAIR_FEATURES: usize = FEATURES + PAIR_CLASSES * PAIR_CLASSES;

/// A point's class for the pair features (see [`PAIR_CLASSES`]).
fn pair_class(c: ThreatClass) -> usize {
    match c {
        ThreatClass::None => 0,
        ThreatClass::Three => 1,
        ThreatClass::DoubleThree => 2,
        ThreatClass::Four => 3,
        ThreatClass::Forbidden => 5,
        ThreatClass::FourThree
        | ThreatClass::DoubleFour
        | ThreatClass::StraightFour
        | ThreatClass::Five => 4,
    }
}

/// [`PatternEval`] with pair features, as a classical Rapfi weighs each empty point by the
/// pair of what the two players would make there (its "pattern4" of both colors): besides
/// [`PatternEval::features`], the number of candidate points in each pair of classes (the
/// side to move's class, the opponent's; [`PAIR_CLASSES`]), weighed by [`PAIR_WEIGHTS`].
/// Move ordering, quick wins, the threat test and the quiescence moves are
/// [`PatternEval`]'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairEval;

impl PairEval {
    /// The features [`PAIR_WEIGHTS`] weighs: [`PatternEval::features`], then at
    /// `FEATURES + PAIR_CLASSES · a + b` the number of candidate points where the side to move
    /// makes class `a` and the opponent class `b`.
    pub fn features(pos: &Position) -> [i32; PAIR_FEATURES] {
        let mut f = [0; PAIR_FEATURES];
        f[..FEATURES].copy_from_slice(&PatternEval::features(pos));
        let me = pos.to_move();
        for i in pos.candidate_indices() {
            let p = Point::from_index(i);
            let forbidden = || pos.board().forbidden(p).is_some();
            let a = pair_class(ThreatClass::of(pos.score_at(i, me), forbidden));
            let b = pair_class(ThreatClass::of(pos.score_at(i, me.opponent()), forbidden));
            f[FEATURES + PAIR_CLASSES * a + b] += 1;
        }
        f
    }
}

/// [`PairEval`]'s weights, in 1/64 of the evaluation's units: fitted by `examples/tune_eval.rs`
/// (`labels --pairs`, `fit --pairs`, from [`WEIGHTS`] and zero pair weights, 3,000 Adam
/// steps) to Rapfi's judgement of 13,566 positions of 600 of our games against it (Rapfi
/// single-thread, 80 ms a position, `tools/renju_labels.py`; 10,070 quiet): mean squared error
/// against sigmoid(Rapfi's eval / 200) 0.0914 → 0.0619 (held-out games 0.0918 → 0.0537;
/// [`WEIGHTS`] fitted alone on the same data: 0.0749).
pub const PAIR_WEIGHTS: [i32; PAIR_FEATURES] = [
    1600000, 591997, 234005, 67477, 9961, 19618, -9852, 1600, 443361, -1600000, -247576, -201799,
    -39161, -2656, -23891, -76435, -1600, 138411, 233, -30, 1920000, -1920000, -960000, 2790530,
    -1719624, -603557, -212601, -71, -32928, 541591, 38881, -91960, -256766, 23498, 43606, 494582,
    105174, 87151, -693219, -1203652, -865787, 0, -673640, -1466309, 0, -104020, -117834, 54342,
    -81141, 194667, 1194167, 494465, 1131853, 1698738, 1287429, 867698, -1184992, 327403, 533710,
    1127810, -363906, -1126282, 0,
];

impl Evaluator<Position> for PairEval {
    /// [`PatternEval::weigh`] of [`PairEval::features`] under [`PAIR_WEIGHTS`].
    fn evaluate(&self, pos: &Position) -> Score {
        PatternEval::weigh(&PairEval::features(pos), &PAIR_WEIGHTS)
    }

    pattern_eval_search_hooks!();
}

/// Number of unordered pairs of [`LineShape`]s (a point's two best lines, [`ShapeEval`]).
pub const SHAPE_PAIRS: usize = LineShape::COUNT * (LineShape::COUNT + 1) / 2;

/// Number of [`ShapeEval`]'s features: [`PatternEval`]'s, then one count per pair of line
/// shapes for the side to move and one for the opponent.
pub const SHAPE_FEATURES: usize = FEATURES + 2 * SHAPE_PAIRS;

/// The index among [`SHAPE_PAIRS`] of the shapes `a` and `b` (in either order).
pub fn shape_pair(a: LineShape, b: LineShape) -> usize {
    pair_index(a.max(b) as u8, a.min(b) as u8)
}

/// The index among [`SHAPE_PAIRS`] of the shapes numbered `hi` ≥ `lo`.
#[inline]
fn pair_index(hi: u8, lo: u8) -> usize {
    let hi = usize::from(hi);
    hi * (hi + 1) / 2 + usize::from(lo)
}

/// [`PatternEval`] with line-shape pair features, a step towards a classical Rapfi's
/// evaluation, which weighs every point by the combination of its four lines' patterns (its
/// "pcode", `game/pattern.h`): besides [`PatternEval::features`], the number of candidate
/// points whose two best lines for a color have each pair of [`LineShape`]s (a flex two
/// crossing a flex two, a three crossing a blocked two, …), for the side to move at
/// `FEATURES + `[`shape_pair`] and for the opponent [`SHAPE_PAIRS`] further, weighed by
/// [`SHAPE_WEIGHTS`]. Black's forbidden points count as any other (their threats are in
/// [`PatternEval`]'s part). Move ordering, quick wins, the threat test and the quiescence
/// moves are [`PatternEval`]'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShapeEval;

impl ShapeEval {
    /// The features [`SHAPE_WEIGHTS`] weighs (see the type's docs).
    pub fn features(pos: &Position) -> [i32; SHAPE_FEATURES] {
        let tables = ShapeTables::get();
        class_features(pos, SHAPE_PAIRS, |c| tables.pair(c))
            .try_into()
            .expect("SHAPE_FEATURES features")
    }
}

/// [`ShapeEval`]'s weights, in 1/64 of the evaluation's units: fitted by `examples/tune_eval.rs`
/// (`labels --shapes`, `fit --shapes`, 10,000 Adam steps from [`WEIGHTS`] and zero pair
/// weights, then 10,000 more with twice the data) to Rapfi's judgement
/// (`tools/renju_labels.py`, 80 ms a position) of the positions of 600 of our games against
/// it (`--seed 5000` and `--seed 6000`, 300 games each, 3 s against 0.6 s, 4 random opening
/// stones): 13,099 quiet positions; mean squared error against sigmoid(Rapfi's eval / 200)
/// 0.0848 → 0.0455 (held-out games 0.0722 → 0.0295; [`WEIGHTS`] fitted alone: 0.0628).
pub const SHAPE_WEIGHTS: [i32; SHAPE_FEATURES] = [
    1600000, 1238048, 582755, -252203, 21335, -68484, -88666, 1600, -105157, -1600000, -757793,
    -269540, 19697, -15654, -44908, 92689, -1600, 162027, 172, -32, 1920000, -1920000, -960000,
    3545109, -1308286, -95178, 453596, -22227, -65086, -149320, -15200, -4243, 12319, 4999, -84267,
    -18537, -45830, 0, 0, 0, 0, 0, -58501, -24734, -217, -38552, 0, -29449, -49953, -57566, -13102,
    -27681, 0, -10799, -19892, -76220, 45865, 58992, 24100, 0, 139927, 104991, 199847, 195942,
    207797, 366181, 330317, 0, 336992, 380058, 510443, 188075, -121168, -271213, -476023, -524974,
    0, -318151, -282402, -164165, 3094883, -420265, 1305761, 1134817, -1151257, 493686, 0,
    -1951244, -2517589, 1269109, -2606242, 2783335, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -74412,
    76027, 125891, 12959, 15280, -9830, 13867, 68165, 22868, 48053, 0, 0, 0, 0, 0, -35320, 257,
    -18476, 40075, 0, 2205, 89596, 99291, 18255, 28112, 0, 20471, 14323, 214645, 85403, 52937,
    50424, 0, 25032, 32715, 68348, -50711, 92012, -104457, -86502, 0, -65798, -108835, -76543,
    -134292, 648822, 212802, 180978, 104589, 0, 56587, 40615, -67893, -784120, -218917, -1114362,
    615270, 476660, 305801, 0, 390287, 373233, 161101, 462548, -369363, -192163, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0,
];

/// [`PatternEval`]'s features followed by the count of the candidate points in each of
/// `classes` point classes (`class` of a point's four line codes) for the side to move, then
/// for the opponent: [`ShapeEval`]'s and [`QuadEval`]'s features.
fn class_features(
    pos: &Position,
    classes: usize,
    class: impl Fn([LineCode; 4]) -> usize,
) -> Vec<i32> {
    let mut f = vec![0; FEATURES + 2 * classes];
    f[..FEATURES].copy_from_slice(&PatternEval::features(pos));
    let me = pos.to_move();
    for i in pos.candidate_indices() {
        for (k, color) in [me, me.opponent()].into_iter().enumerate() {
            f[FEATURES + k * classes + class(pos.board().line_codes_at(i, color))] += 1;
        }
    }
    f
}

/// [`PatternEval::weigh`] of [`class_features`] under `weights`, computed without the feature
/// vector: [`PatternEval`]'s part, then each candidate point's class weights for both colors
/// added directly.
#[inline(always)]
fn class_eval(
    pos: &Position,
    weights: &[i32],
    classes: usize,
    class: impl Fn([LineCode; 4]) -> usize,
) -> Score {
    let mut v = PatternEval::dot(&PatternEval::features(pos), &weights[..FEATURES]);
    let me = pos.to_move();
    let (w_me, w_them) = weights[FEATURES..FEATURES + 2 * classes].split_at(classes);
    let board = pos.board();
    for i in pos.candidate_indices() {
        v += i64::from(w_me[class(board.line_codes_at(i, me))]);
        v += i64::from(w_them[class(board.line_codes_at(i, me.opponent()))]);
    }
    PatternEval::scaled(v)
}

/// The [`LineShape`] of each line code (below 64), as a number: [`ShapeTables`]' and
/// [`QuadTables`]' first lookup.
fn code_shapes() -> [u8; 64] {
    let codes = renju_rules::pattern::codes();
    let mut shapes = [0u8; 64];
    for (k, s) in shapes.iter_mut().enumerate().take(codes.len()) {
        *s = codes.info(LineCode(k as u8)).shape as u8;
    }
    shapes
}

/// Lookup tables for [`ShapeEval`]'s evaluation without branches: the shape pair of two lines by
/// their codes, and the pair of a point's four lines by the pairs of its two halves (the two
/// best of four shapes are the two best of the halves' two best).
struct ShapeTables {
    /// [`pair_index`] of the shapes of two line codes, by the codes (each below 64).
    lines: [[u8; 64]; 64],
    /// [`pair_index`] of the two best shapes of two pairs, by the pairs' indices.
    halves: [[u8; SHAPE_PAIRS]; SHAPE_PAIRS],
}

impl ShapeTables {
    /// The tables, built once from the line codes' shapes ([`renju_rules::pattern::codes`]).
    fn get() -> &'static ShapeTables {
        static TABLES: OnceLock<ShapeTables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let shapes = code_shapes();
            let pair = |a: u8, b: u8| pair_index(a.max(b), a.min(b)) as u8;
            // The shapes of each pair index, to merge two pairs.
            let mut of_pair = [(0u8, 0u8); SHAPE_PAIRS];
            for hi in 0..LineShape::COUNT as u8 {
                for lo in 0..=hi {
                    of_pair[pair_index(hi, lo)] = (hi, lo);
                }
            }
            let lines =
                std::array::from_fn(|a| std::array::from_fn(|b| pair(shapes[a], shapes[b])));
            let halves = std::array::from_fn(|x| {
                std::array::from_fn(|y| {
                    let mut s = [of_pair[x].0, of_pair[x].1, of_pair[y].0, of_pair[y].1];
                    s.sort_unstable();
                    pair(s[3], s[2])
                })
            });
            ShapeTables { lines, halves }
        })
    }

    /// The [`pair_index`] of the two best shapes of a point's four lines with codes `c`.
    #[inline(always)]
    fn pair(&self, c: [LineCode; 4]) -> usize {
        let x = self.lines[usize::from(c[0].0 & 63)][usize::from(c[1].0 & 63)];
        let y = self.lines[usize::from(c[2].0 & 63)][usize::from(c[3].0 & 63)];
        usize::from(self.halves[usize::from(x)][usize::from(y)])
    }
}

impl Evaluator<Position> for ShapeEval {
    /// [`PatternEval::weigh`] of [`ShapeEval::features`] under [`SHAPE_WEIGHTS`], computed
    /// without the feature vector: [`PatternEval`]'s part, then each candidate point's pair
    /// weights for both colors added directly (each pair by three table lookups).
    fn evaluate(&self, pos: &Position) -> Score {
        let tables = ShapeTables::get();
        class_eval(pos, &SHAPE_WEIGHTS, SHAPE_PAIRS, |c| tables.pair(c))
    }

    pattern_eval_search_hooks!();
}

/// Number of multisets of four [`LineShape`]s: the point classes [`QuadEval`] weighs for each
/// color (`C(12 + 3, 4)`).
pub const QUADS: usize = 1365;

/// Number of [`QuadEval`]'s features: [`PatternEval`]'s, then one count per point class
/// ([`QUADS`]) for the side to move and one for the opponent.
pub const QUAD_FEATURES: usize = FEATURES + 2 * QUADS;

/// [`QuadEval`]'s weights, in 1/64 of the evaluation's units: fitted by `examples/tune_eval.rs`
/// (`labels --quads`, then `fit --quads` with 1,500 Adam steps and a penalty of 10⁻⁴ on the
/// distance from [`quad_weights_of_shapes`], [`ShapeEval`]'s weights) to Rapfi's judgement
/// (`tools/renju_labels.py`, 80 ms a position) of the positions of our games against it: the
/// 16,913 positions [`SHAPE_WEIGHTS`] were fitted to and 27,893 more from 1,200 games of
/// stops 55 and 56 (1,000 of them as Black, most from four random stones), 33,604 quiet
/// positions in all. Mean squared error against sigmoid(Rapfi's eval / 200), K = 1.071·10⁻⁴:
/// 0.0569 → 0.0411 (held-out games 0.0552 → 0.0520). The class weights do not beat a refit of
/// [`ShapeEval`]'s 183 weights on the same data (`fit --shapes`, 3,000 steps: held out
/// 0.0515), and without the penalty they overfit (on the first 13,099 quiet positions alone
/// the held-out error rose from 0.0295 to 0.0490 in 3,000 steps).
pub const QUAD_WEIGHTS: [i32; QUAD_FEATURES] = include!("quad_weights.in");

/// The evaluation of a classical Rapfi in its shape (after its `game/pattern.h`):
/// every candidate point is classed, for each color, by the four line shapes a stone there
/// makes ([`LineShape`], as a multiset: its "pcode"), and the position's value is
/// [`PatternEval`]'s features weighed as in [`ShapeEval`] plus one fitted value per point and
/// color by its class, for the side to move and for the opponent ([`QUADS`] classes each).
/// [`ShapeEval`] is the special case where a class's value depends on its two best shapes
/// alone ([`quad_weights_of_shapes`] makes its weights so). Move ordering, quick wins, the
/// threat test and the quiescence moves are [`PatternEval`]'s.
#[derive(Clone, Copy, Debug)]
pub struct QuadEval<'w>(pub &'w [i32; QUAD_FEATURES]);

impl Default for QuadEval<'static> {
    /// The evaluation under [`QUAD_WEIGHTS`].
    fn default() -> Self {
        QuadEval(&QUAD_WEIGHTS)
    }
}

impl QuadEval<'_> {
    /// The features the weights weigh (see the type's docs), [`QUAD_FEATURES`] of them.
    pub fn features(pos: &Position) -> Vec<i32> {
        let tables = QuadTables::get();
        class_features(pos, QUADS, |c| tables.quad(c))
    }

    /// The class of the shapes `s` (in any order) among [`QUADS`].
    pub fn quad_index(s: [LineShape; 4]) -> usize {
        let t = QuadTables::get();
        let [a, b, c, d] = s.map(|x| x as usize);
        usize::from(t.quads[a * LineShape::COUNT + b][c * LineShape::COUNT + d])
    }
}

/// [`QuadEval`]'s weights that make it [`ShapeEval`]: [`SHAPE_WEIGHTS`]' pattern part, and
/// each class valued as its two best shapes' pair (for each side).
pub fn quad_weights_of_shapes() -> Vec<i32> {
    let mut w = vec![0; QUAD_FEATURES];
    w[..FEATURES].copy_from_slice(&SHAPE_WEIGHTS[..FEATURES]);
    let t = QuadTables::get();
    for (q, &(hi, lo)) in t.best_two.iter().enumerate() {
        let pair = pair_index(hi, lo);
        for k in 0..2 {
            w[FEATURES + k * QUADS + q] = SHAPE_WEIGHTS[FEATURES + k * SHAPE_PAIRS + pair];
        }
    }
    w
}

/// [`QuadEval`]'s lookup tables: a line code's shape, and the class of four shapes by the
/// two pairs' indices (`a · 12 + b`, `c · 12 + d`).
struct QuadTables {
    /// The [`LineShape`] of each line code (below 64), as a number.
    shapes: [u8; 64],
    /// The class of four shapes, by the pair indices of the first two and the last two.
    quads: Vec<[u16; LineShape::COUNT * LineShape::COUNT]>,
    /// Each class's two best shapes, the best first.
    best_two: Vec<(u8, u8)>,
}

impl QuadTables {
    fn get() -> &'static QuadTables {
        static TABLES: OnceLock<QuadTables> = OnceLock::new();
        TABLES.get_or_init(|| {
            const N: usize = LineShape::COUNT;
            let shapes = code_shapes();
            // Number the multisets in the order of their shapes sorted best first.
            let mut id = vec![u16::MAX; N * N * N * N];
            let mut best_two = Vec::with_capacity(QUADS);
            for a in 0..N {
                for b in 0..=a {
                    for c in 0..=b {
                        for d in 0..=c {
                            id[((a * N + b) * N + c) * N + d] = best_two.len() as u16;
                            best_two.push((a as u8, b as u8));
                        }
                    }
                }
            }
            assert_eq!(best_two.len(), QUADS);
            let mut quads = vec![[0u16; N * N]; N * N];
            for (x, row) in quads.iter_mut().enumerate() {
                for (y, q) in row.iter_mut().enumerate() {
                    let mut s = [x / N, x % N, y / N, y % N];
                    s.sort_unstable_by(|p, q| q.cmp(p));
                    *q = id[((s[0] * N + s[1]) * N + s[2]) * N + s[3]];
                }
            }
            QuadTables {
                shapes,
                quads,
                best_two,
            }
        })
    }

    /// The class of a point's four lines with codes `c`.
    #[inline(always)]
    fn quad(&self, c: [LineCode; 4]) -> usize {
        let s = c.map(|c| usize::from(self.shapes[usize::from(c.0 & 63)]));
        let n = LineShape::COUNT;
        usize::from(self.quads[s[0] * n + s[1]][s[2] * n + s[3]])
    }
}

impl Evaluator<Position> for QuadEval<'_> {
    /// [`PatternEval::weigh`] of [`QuadEval::features`] under the weights, computed without
    /// the feature vector: [`PatternEval`]'s part, then each candidate point's class weights
    /// for both colors added directly.
    fn evaluate(&self, pos: &Position) -> Score {
        let tables = QuadTables::get();
        class_eval(pos, self.0, QUADS, |c| tables.quad(c))
    }

    pattern_eval_search_hooks!();
}

/// What a stone of one color on an empty point makes, as one class, the strongest first (for
/// move pickers and threat searches; Rapfi's "pattern4" in other words): read from the
/// point's kept score ([`Position::threat_class`]), Black's forbidden points confirmed by the
/// rules' test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ThreatClass {
    /// Nothing of the below: no four and no three.
    None,
    /// One three (a point then makes a straight four).
    Three,
    /// Two or more threes on different lines (for Black a forbidden point unless RIF 9.3 spares
    /// it; then it is this class).
    DoubleThree,
    /// One four.
    Four,
    /// A four and a three on other lines: wins unless the four's block defends.
    FourThree,
    /// Two or more fours (for White a win; for Black forbidden, so never this class).
    DoubleFour,
    /// A straight four: two points make five.
    StraightFour,
    /// A five (for White five or more): the game is won.
    Five,
    /// Black only: forbidden (an overline, a double four or a double three; RIF 9.2, 9.3).
    Forbidden,
}

impl ThreatClass {
    /// The class of a stone of `color` with score `s`, `forbidden` saying whether the point is
    /// forbidden to it (asked only where [`PointScore::check_forbidden`] holds).
    pub fn of(s: &PointScore, forbidden: impl FnOnce() -> bool) -> ThreatClass {
        if s.five {
            return ThreatClass::Five;
        }
        if s.check_forbidden && forbidden() {
            return ThreatClass::Forbidden;
        }
        let fours = s.counts[1] + s.counts[2];
        let threes = s.counts[3];
        match () {
            _ if s.counts[1] > 0 => ThreatClass::StraightFour,
            _ if fours >= 2 => ThreatClass::DoubleFour,
            _ if fours == 1 && threes > 0 => ThreatClass::FourThree,
            _ if fours == 1 => ThreatClass::Four,
            _ if threes >= 2 => ThreatClass::DoubleThree,
            _ if threes == 1 => ThreatClass::Three,
            _ => ThreatClass::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use renju_rules::pattern::codes;

    /// The classes of four shapes are the multisets: the same for every order of the four,
    /// [`QUADS`] different ones, and numbered below [`QUADS`].
    #[test]
    fn quad_classes_are_the_multisets_of_four_shapes() {
        use std::collections::{BTreeMap, BTreeSet};
        use LineShape::*;
        let n = LineShape::COUNT;
        let shapes = [
            Dead,
            BlockedOne,
            One,
            BlockedTwo,
            Two,
            TwoTwice,
            TwoThrice,
            BlockedThree,
            Three,
            Four,
            StraightFour,
            Five,
        ];
        assert!(shapes.iter().enumerate().all(|(k, &s)| s as usize == k));
        let mut class_of: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
        for x in 0..n * n * n * n {
            let s = [x / (n * n * n), x / (n * n) % n, x / n % n, x % n];
            let q = QuadEval::quad_index(s.map(|k| shapes[k]));
            assert!(q < QUADS);
            let mut key = s.to_vec();
            key.sort_unstable();
            assert_eq!(*class_of.entry(key).or_insert(q), q, "{s:?}");
        }
        assert_eq!(class_of.len(), QUADS);
        assert_eq!(class_of.values().collect::<BTreeSet<_>>().len(), QUADS);
    }

    /// A code's part is the line part of its pattern, for each color (a White overline is a
    /// five, a Black one is not), and four codes' sums are the sums of their patterns.
    #[test]
    fn code_parts_are_the_patterns_parts() {
        let (parts, codes) = (CodeParts::get(), codes());
        let all: Vec<LineCode> = (0..codes.len()).map(|k| LineCode(k as u8)).collect();
        for color in [Color::Black, Color::White] {
            for &code in &all {
                let mut s = LineSums::default();
                s.add_line(&code.info(), color);
                assert_eq!(parts.part(color, code), s, "{color:?} {code:?}");
            }
            for (k, &a) in all.iter().enumerate() {
                let four = [
                    a,
                    all[(k * 7 + 1) % all.len()],
                    all[(k * 3 + 2) % all.len()],
                    a,
                ];
                assert_eq!(
                    parts.sums(color, four),
                    LineSums::of_lines(&four.map(LineCode::info), color)
                );
            }
        }
    }
}
