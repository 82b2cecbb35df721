//! The errors every Domineering variant shares: text that does not parse and moves that break a
//! rule (the standard `Board`, feature `board`, the scored variant's
//! `scored::Position`, Code Warriors' dominoes).

use std::fmt;

/// A malformed board, move or player, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Why a move was refused, by the rule it breaks: `Board::try_play`, the scored variant's
/// `scored::Position::try_play` and Code Warriors' dominoes. Cells are 0-based (row, column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A cell of the domino is off the board.
    OffBoard {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// A cell of the domino is covered already (or a hole).
    Occupied {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// The game is over: no move is legal any more.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard { row, col } => {
                write!(f, "the domino leaves the board at ({row}, {col})")
            }
            PlayError::Occupied { row, col } => write!(f, "cell ({row}, {col}) is taken"),
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}
