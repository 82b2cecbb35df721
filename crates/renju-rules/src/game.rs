//! A whole game as ALPHANO plays it: moves and passes, the opening constraints, legality, the
//! outcome (spec: `shared/specs/alphano-renju.md`).

use crate::{Board, Color, Forbidden, Point, SIZE};
use std::fmt;

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move.
    Stone(Point),
    /// Passing.
    Pass,
}

impl fmt::Display for Move {
    /// The protocol's `x y` (1-based row, column), or `-1 -1` for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => write!(f, "{} {}", p.row + 1, p.col + 1),
            Move::Pass => write!(f, "-1 -1"),
        }
    }
}

/// Why a move is illegal (the judge rules RE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The point is occupied.
    Occupied,
    /// The point breaks the opening constraint of this turn (1: the centre; 2: the central 3×3;
    /// 3: the central 5×5), or a pass on one of those turns.
    Opening(u8),
    /// A Black stone on a forbidden point.
    Forbidden(Forbidden),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::Occupied => write!(f, "the point is occupied"),
            Illegal::Opening(t) => write!(f, "turn {t} breaks the opening constraint"),
            Illegal::Forbidden(k) => write!(f, "forbidden for Black ({})", k.name()),
        }
    }
}

impl std::error::Error for Illegal {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This colour made five (White: or more).
    Win(Color),
    /// Two passes in a row.
    Draw,
}

/// Whether the opening constraint lets a stone go on `p` after `moves_played` moves: turn 1
/// the centre, turn 2 the central 3×3, turn 3 the central 5×5, any point from turn 4 on.
pub fn opening_allows(moves_played: usize, p: Point) -> bool {
    let centre = (SIZE / 2) as u8;
    moves_played >= 3
        || (p.row.abs_diff(centre) as usize <= moves_played
            && p.col.abs_diff(centre) as usize <= moves_played)
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// The start: an empty board, Black to move.
    pub fn new() -> Game {
        Game {
            board: Board::new(),
            moves: Vec::new(),
            outcome: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        if self.moves.len() & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The opening constraint of the coming turn: the largest distance from the centre allowed
    /// in rows and columns (0, 1, 2 on turns 1, 2, 3), or `None` from turn 4 on.
    pub fn opening_radius(&self) -> Option<usize> {
        (self.moves.len() < 3).then_some(self.moves.len())
    }

    /// Whether `mv` is legal for the side to move, and why not.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        let turn = self.moves.len() as u8 + 1;
        match mv {
            Move::Pass => match self.opening_radius() {
                Some(_) => Err(Illegal::Opening(turn)),
                None => Ok(()),
            },
            Move::Stone(p) => {
                if self.board.get(p).is_some() {
                    return Err(Illegal::Occupied);
                }
                if !opening_allows(self.moves.len(), p) {
                    return Err(Illegal::Opening(turn));
                }
                if self.to_move() == Color::Black {
                    if let Some(k) = self.board.forbidden(p) {
                        return Err(Illegal::Forbidden(k));
                    }
                }
                Ok(())
            }
        }
    }

    /// Whether `mv` is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Every legal move of the side to move: points in index order, then the pass if legal.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = (0..SIZE * SIZE)
            .map(|i| Move::Stone(Point::from_index(i)))
            .filter(|&m| self.is_legal(m))
            .collect();
        if self.is_legal(Move::Pass) {
            out.push(Move::Pass);
        }
        out
    }

    /// Plays `mv` after checking it.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        let me = self.to_move();
        if let Move::Stone(p) = mv {
            let wins = self.board.makes_five(p, me);
            self.board.put(p, me);
            if wins {
                self.outcome = Some(Outcome::Win(me));
            } else if self.board.stones() == SIZE * SIZE {
                // A full board leaves only passes: a draw.
                self.outcome = Some(Outcome::Draw);
            }
        } else if self.moves.last() == Some(&Move::Pass) {
            self.outcome = Some(Outcome::Draw);
        }
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Move::Stone(p) = mv {
            self.board.remove(p);
        }
        self.outcome = None;
        Some(mv)
    }

    /// Parses a protocol move `x y` (1-based; `-1 -1` a pass) — checked for the board's bounds
    /// only; [`Game::check`] tells whether it is legal.
    pub fn parse_move(x: i64, y: i64) -> Result<Move, String> {
        if (x, y) == (-1, -1) {
            return Ok(Move::Pass);
        }
        if !(1..=SIZE as i64).contains(&x) || !(1..=SIZE as i64).contains(&y) {
            return Err(format!("move {x} {y} is off the board"));
        }
        Ok(Move::Stone(Point::new(x as usize - 1, y as usize - 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(x: usize, y: usize) -> Move {
        Move::Stone(Point::new(x - 1, y - 1))
    }

    #[test]
    fn opening_constraints() {
        let mut g = Game::new();
        assert_eq!(g.check(Move::Pass), Err(Illegal::Opening(1)));
        assert_eq!(g.check(st(7, 8)), Err(Illegal::Opening(1)));
        g.play(st(8, 8)).unwrap();
        assert_eq!(g.check(st(10, 8)), Err(Illegal::Opening(2)));
        assert_eq!(g.check(st(8, 8)), Err(Illegal::Occupied));
        g.play(st(9, 9)).unwrap();
        assert_eq!(g.check(st(11, 8)), Err(Illegal::Opening(3)));
        assert_eq!(g.check(Move::Pass), Err(Illegal::Opening(3)));
        g.play(st(10, 6)).unwrap();
        assert!(g.is_legal(Move::Pass));
        assert!(g.is_legal(st(1, 1)));
    }

    #[test]
    fn fives_overlines_and_passes() {
        let mut g = Game::new();
        // Black builds 8,4..8,8 minus one; White wanders far away.
        let black = [(8, 8), (8, 7), (8, 6), (8, 5)];
        let white = [(7, 7), (1, 1), (1, 3), (1, 5)];
        for i in 0..4 {
            g.play(st(black[i].0, black[i].1)).unwrap();
            g.play(st(white[i].0, white[i].1)).unwrap();
        }
        g.play(st(8, 4)).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
        assert_eq!(g.check(Move::Pass), Err(Illegal::GameOver));
        g.undo();
        // Two passes draw.
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn black_overline_is_illegal_white_overline_wins() {
        let b = Board::parse(
            &["...............", "XXX.XXX........", "OOO.OOO........"]
                .iter()
                .map(|l| format!("{l}\n"))
                .chain(std::iter::repeat_n("...............\n".to_string(), 12))
                .collect::<String>(),
        )
        .unwrap();
        assert_eq!(b.forbidden(Point::new(1, 3)), Some(Forbidden::Overline));
        assert!(b.makes_five(Point::new(2, 3), Color::White));
        assert!(!b.makes_five(Point::new(1, 3), Color::Black));
    }
}
