//! A Domineering evaluation in the spirit of Obsequi (Bullock, "Domineering: solving large
//! combinatorial search spaces", 2002): the current margin, plus the placements each side still
//! has, and above all its *safe* ones — placements the opponent can never take away because no
//! opponent domino can cover either cell.

use crate::scored::{coverable_on, Bitboard, Position, Side, SCALE};
use search_core::{Evaluator, Score};

/// `player`'s placements (their top-left cells) whose two cells the opponent can never cover.
pub fn safe_placements(p: &Position, player: Side) -> Bitboard {
    let occ = p.occupied();
    crate::scored::safe_on(occ, player, coverable_on(occ, player.opponent()))
}

/// Term weights, in evaluation units (a half-point is [`SCALE`] units).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Per safe placement.
    pub safe: i32,
    /// Per placement.
    pub moves: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            safe: 3 * SCALE,
            moves: SCALE / 2,
        }
    }
}

/// The evaluator: margin plus weighted safe placements and placements, for the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct DomEval {
    /// Term weights.
    pub weights: Weights,
}

impl Evaluator<Position> for DomEval {
    fn evaluate(&self, p: &Position) -> Score {
        let me = p.to_move();
        let them = me.opponent();
        let w = self.weights;
        let term = |player: Side| {
            w.safe * safe_placements(p, player).count_ones() as i32
                + w.moves * p.placements(player).count_ones() as i32
        };
        p.margin() * SCALE + term(me) - term(them)
    }

    /// Valuable dominoes first.
    fn move_hint(&self, p: &Position, mv: crate::scored::Move) -> i32 {
        match mv {
            crate::scored::Move::Place(c) => {
                let c = c as usize;
                let other = match p.to_move() {
                    Side::First => c + 1,
                    Side::Second => c + 8,
                };
                i32::from(p.value(c) + p.value(other))
            }
            crate::scored::Move::Pass => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_safe_on_an_open_board() {
        let p = Position::new([[2; 8]; 8]);
        assert_eq!(safe_placements(&p, Side::First), 0);
        assert_eq!(safe_placements(&p, Side::Second), 0);
    }

    #[test]
    fn safe_placements_on_a_corridor() {
        // SECOND fills rows 1-6 with vertical dominoes: rows 0 and 7 stay free, FIRST's dominoes
        // there are safe (SECOND cannot place vertically in a single free row); SECOND has none.
        let mut p = Position::new([[1; 8]; 8]);
        let mut second_turn_fill = Vec::new();
        for r in (1..7).step_by(2) {
            for c in 0..8 {
                second_turn_fill.push((r * 8 + c) as u8);
            }
        }
        for cell in second_turn_fill {
            // FIRST passes while SECOND fills rows 1..8 with vertical dominoes.
            p.play_unchecked(crate::scored::Move::Pass);
            p.play_unchecked(crate::scored::Move::Place(cell));
        }
        assert_eq!(p.placements(Side::Second), 0);
        assert_eq!(safe_placements(&p, Side::First).count_ones(), 14);
        assert_eq!(safe_placements(&p, Side::First), p.placements(Side::First));
    }
}
