//! A Lines of Action evaluation that pulls a side's pieces together.
//!
//! Per color it measures (after Winands, "Informed Search in Complex Games", 2004, ch. 4):
//! - **concentration**: the sum of Chebyshev distances of the pieces to their centre of mass,
//!   minus the least such sum any `n` pieces can have (0 = packed as tightly as possible);
//! - **connectivity**: the number of 8-connected groups, and the quad-counted Euler number;
//! - **centralisation**: a piece-square table favouring the centre;
//! - **mobility**: the number of legal moves.
//!
//! The value is `F(me) − opponent_percent/100 · F(other)` for a fixed color `me` (the bot's own,
//! [`LoaEval::perspective`]), negated when the other color is to move — so the weighting stays
//! anchored to the bot whichever side is to move at a leaf. Without a perspective (symmetric
//! play) `me` is the side to move and `opponent_percent` should stay 100.

use crate::bitboard::{self, squares, Bitboard};
use crate::position::{Color, Move, Position};
use search_core::{Evaluator, Score};

/// Weights of the evaluation terms, in evaluation units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// Per quarter square of concentration excess (distance sum above the tightest packing).
    pub concentration: i32,
    /// Per connected group beyond the first.
    pub groups: i32,
    /// Per unit of Euler number above 1.
    pub euler: i32,
    /// Per point of the centralisation table (summed over pieces, divided by the piece count).
    pub centre: i32,
    /// Per legal move.
    pub mobility: i32,
    /// The opponent's terms are scaled by this many percent.
    pub opponent_percent: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            concentration: 6,
            groups: 30,
            euler: 10,
            centre: 4,
            mobility: 1,
            opponent_percent: 100,
        }
    }
}

/// Centralisation bonus per square: 0 on the rim up to 3 in the centre.
const CENTRE: [i32; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let dr = if r < 4 { r } else { 7 - r };
        let dc = if c < 4 { c } else { 7 - c };
        t[sq] = if dr < dc { dr } else { dc };
        sq += 1;
    }
    t
};

/// The least possible sum of Chebyshev distances to the centre of mass for `n` pieces: one at the
/// centre, 8 at distance 1, 16 at distance 2, …
pub fn min_distance_sum(n: u32) -> i32 {
    let mut left = n.saturating_sub(1) as i32;
    let mut sum = 0;
    let mut ring = 1;
    while left > 0 {
        let here = left.min(8 * ring);
        sum += here * ring;
        left -= here;
        ring += 1;
    }
    sum
}

/// Concentration excess of `bb`, in quarter squares: the mean Chebyshev distance of the pieces to
/// their exact centre of mass, times the piece count, minus [`min_distance_sum`]; never negative.
/// Computed in exact integer arithmetic (distances scaled by `n`), so it is invariant under the
/// board's symmetries.
pub fn concentration(bb: Bitboard) -> i32 {
    let n = bb.count_ones() as i32;
    if n <= 1 {
        return 0;
    }
    let (mut sr, mut sc) = (0, 0);
    for sq in squares(bb).map(|s| s as i32) {
        sr += sq / 8;
        sc += sq % 8;
    }
    let mut scaled = 0;
    for sq in squares(bb).map(|s| s as i32) {
        scaled += (n * (sq / 8) - sr).abs().max((n * (sq % 8) - sc).abs());
    }
    (4 * scaled / n - 4 * min_distance_sum(n as u32)).max(0)
}

/// The LOA evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoaEval {
    /// Term weights.
    pub weights: EvalWeights,
    /// The color whose own structure counts fully (the bot's); `None`: the side to move.
    pub perspective: Option<Color>,
}

impl LoaEval {
    /// A symmetric evaluator with `weights`.
    pub fn new(weights: EvalWeights) -> Self {
        LoaEval {
            weights,
            perspective: None,
        }
    }

    /// The same evaluator, anchored to `me` (see the module docs).
    pub fn for_player(self, me: Color) -> Self {
        LoaEval {
            perspective: Some(me),
            ..self
        }
    }

    /// The structure score `F(color)` of one side (higher is better for that side).
    pub fn side_score(&self, pos: &Position, color: Color) -> i32 {
        let w = &self.weights;
        let bb = pos.pieces(color);
        let n = bb.count_ones() as i32;
        let centre: i32 = squares(bb).map(|sq| CENTRE[sq]).sum();
        let mut v = -w.concentration * concentration(bb)
            - w.groups * (bitboard::components(bb) as i32 - 1)
            - w.euler * (bitboard::euler_number(bb) - 1).max(0)
            + w.centre * centre / n.max(1);
        if w.mobility != 0 {
            v += w.mobility * pos.mobility(color) as i32;
        }
        v
    }
}

impl Evaluator<Position> for LoaEval {
    fn evaluate(&self, pos: &Position) -> Score {
        let me = self.perspective.unwrap_or(pos.to_move());
        let v = self.side_score(pos, me)
            - self.weights.opponent_percent * self.side_score(pos, me.opponent()) / 100;
        if me == pos.to_move() {
            v
        } else {
            -v
        }
    }

    /// Captures are searched right after the TT move. (In LOA a capture is double-edged — the
    /// opponent has one piece fewer to connect — so the hint only orders, it does not score.)
    fn move_hint(&self, _pos: &Position, mv: Move) -> i32 {
        i32::from(mv.capture)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_distance_sums() {
        assert_eq!(
            (1..=12).map(min_distance_sum).collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14]
        );
    }

    #[test]
    fn packed_pieces_beat_spread_ones() {
        let packed = Position::from_diagram(
            "........\n........\n...bb...\n...bb...\n........\nw......w\n........\n........",
            Color::Black,
        )
        .unwrap();
        let spread = Position::from_diagram(
            "b......b\n........\n........\n........\n........\nw......w\n........\nb......b",
            Color::Black,
        )
        .unwrap();
        let e = LoaEval::default();
        assert_eq!(concentration(packed.pieces(Color::Black)), 0);
        assert!(e.side_score(&packed, Color::Black) > e.side_score(&spread, Color::Black));
        assert!(e.evaluate(&packed) > e.evaluate(&spread));
    }
}
