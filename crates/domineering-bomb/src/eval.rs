//! The engine's evaluation for Domineering with bombs, in the spirit of Obsequi (Bullock 2002):
//! in normal play what counts is how many more moves one side can still make, so the terms are
//! move counts — safe moves (dominoes the opponent can never take away), the most disjoint
//! dominoes each side can still fit, and its current placements — plus the value of a bomb in
//! hand. When no bomb is left and one side's safe moves decide the game by the bounds of
//! the `domineering` crate's solver, the evaluation says so with a large score.

use crate::{Move, Player, Position, Row};
use search_core::{Evaluator, Score};

pub use domineering::solver::Counts;

/// Counts the move terms of `p`: its board's [`Counts`], by the solver's own counter
/// (`domineering::solver::counts`).
pub fn counts(p: &Position) -> Counts {
    domineering::solver::counts(p.board())
}

/// Term weights in score units.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Per safe move.
    pub safe: i32,
    /// Per domino of the maximum.
    pub max: i32,
    /// Per current placement.
    pub moves: i32,
    /// A bomb still in hand.
    pub bomb: i32,
    /// Decided by the safe-move bounds (no bombs left).
    pub decided: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            safe: 60,
            max: 20,
            moves: 4,
            bomb: 150,
            decided: 100_000,
        }
    }
}

/// The evaluator, from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default)]
pub struct BombEval {
    /// Term weights.
    pub weights: Weights,
}

impl Evaluator<Position> for BombEval {
    fn evaluate(&self, p: &Position) -> Score {
        let me = p.to_move() as usize;
        let them = 1 - me;
        let c = counts(p);
        let w = self.weights;
        let bombs = |i: usize| {
            i32::from(p.has_bomb(if i == 0 {
                Player::Horizontal
            } else {
                Player::Vertical
            }))
        };
        if bombs(0) + bombs(1) == 0 {
            if c.safe[me] > c.max[them] {
                return w.decided + c.safe[me];
            }
            if c.safe[them] >= c.max[me] {
                return -w.decided - c.safe[them];
            }
        }
        let side = |i: usize| {
            w.safe * c.safe[i] + w.max * c.max[i] + w.moves * c.moves[i] + w.bomb * bombs(i)
        };
        side(me) - side(them)
    }

    /// Dominoes that take the most placements from the opponent and the fewest from oneself
    /// first; bombs after every domino.
    fn move_hint(&self, p: &Position, mv: Move) -> i32 {
        let Move::Place { row, col } = mv else {
            return -1000;
        };
        let (r, c) = (row as usize, col as usize);
        let me = p.to_move();
        let rows = p.rows();
        let vp = |r: usize| p.placements_in_row(Player::Vertical, r);
        let hp = |r: usize| p.placements_in_row(Player::Horizontal, r);
        let (theirs, mine) = match me {
            Player::Horizontal => {
                let two: Row = 0b11 << c;
                let above = if r > 0 { vp(r - 1) & two } else { 0 };
                (
                    above.count_ones() + (vp(r) & two).count_ones(),
                    (hp(r) & (0b111 << c >> 1)).count_ones(),
                )
            }
            Player::Vertical => {
                let two: Row = 0b11 << c >> 1;
                let one: Row = 1 << c;
                let above = if r > 0 { vp(r - 1) & one } else { 0 };
                let below = if r + 1 < rows { vp(r + 1) & one } else { 0 };
                (
                    (hp(r) & two).count_ones() + (hp(r + 1) & two).count_ones(),
                    (above | (vp(r) & one) | below).count_ones(),
                )
            }
        };
        4 * theirs as i32 - 2 * mine as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_on_small_boards() {
        // 2×2 empty: two horizontal and two vertical dominoes fit, none is safe.
        let p = Position::new(2, 2, false);
        let c = counts(&p);
        assert_eq!(c.moves, [2, 2]);
        assert_eq!(c.max, [2, 2]);
        assert_eq!(c.safe, [0, 0]);
        // A single row: vertical cannot move, all horizontal moves are safe.
        let p = Position::from_text(".....\n").unwrap();
        let c = counts(&p);
        assert_eq!(c.moves, [4, 0]);
        assert_eq!(c.safe, [2, 0]);
        assert_eq!(c.max, [2, 0]);
    }

    #[test]
    fn decided_positions_score_as_decided() {
        // Horizontal to move with two safe moves against a vertical maximum of one.
        let p = Position::from_text(".....\n##.##\n##.##\n").unwrap();
        let e = BombEval::default();
        assert!(e.evaluate(&p) >= Weights::default().decided);
    }
}
