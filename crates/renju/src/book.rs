//! A position book: positions met in play, each with the move our own engine chose for it in a
//! search far longer than a game allows, played without a search when the position comes up
//! again (Rapfi keeps such a database of analysed positions, `database/`, for the same
//! reason: a win that takes minutes to find once can be played in a move's time ever after).
//!
//! Each line of a book is `MOVES | MOVE | KIND [| NOTE]`: the moves from the empty board as
//! the arena's records write them (`8 8, 7 8, …`, 1-based row and column), the move to play
//! there, `win` or `choice` ([`EntryKind`]: a win the search proved, or only the move it
//! preferred), and a free note (the search that chose it: its time, depth and score). Blank
//! lines and
//! lines starting with `#` are skipped. An entry matches its position under all eight
//! symmetries of the board (Renju's rules, forbidden points included, have them all), so a
//! mirrored game finds the mirrored move; the side to move must be the entry's.
//!
//! ```
//! use renju::book::{EntryKind, PositionBook};
//! use renju::renju_rules::game::{Move, Opening, RenjuGame};
//!
//! let book: PositionBook = "8 8, 7 8, 7 7 | 9 9 | choice | a note".parse().unwrap();
//! let mut game = RenjuGame::with_opening(Opening::Alphano);
//! // The same position mirrored left to right: 8 8, 7 8, 7 9.
//! for m in ["8 8", "7 8", "7 9"] {
//!     game.try_play(m.parse().unwrap()).unwrap();
//! }
//! let entry = book.get(game.board(), game.to_move());
//! assert_eq!(entry, Some(("9 7".parse::<Move>().unwrap(), EntryKind::Choice)));
//! ```

use renju_rules::game::{Move, Opening, RenjuGame};
use renju_rules::{Board, Color};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The book the engine plays from ([`PositionBook::builtin`]): `book.txt` beside this module,
/// written by `cargo run --release -p renju --example build_book`.
pub const BUILTIN_BOOK: &str = include_str!("book.txt");

/// What a book entry's move is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A win: the search that chose it scored a mate for the side to move, with every reply
    /// of the opponent searched wherever the others lose (a proof within the candidate area).
    Win,
    /// The move a long search preferred, without a proof.
    Choice,
}

impl FromStr for EntryKind {
    type Err = String;

    /// Reads `win` or `choice`.
    fn from_str(s: &str) -> Result<EntryKind, String> {
        match s.trim() {
            "win" => Ok(EntryKind::Win),
            "choice" => Ok(EntryKind::Choice),
            other => Err(format!("kind {other:?} is neither `win` nor `choice`")),
        }
    }
}

impl fmt::Display for EntryKind {
    /// `win` or `choice`, as [`EntryKind::from_str`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EntryKind::Win => "win",
            EntryKind::Choice => "choice",
        })
    }
}

/// Positions (by the Zobrist key of their board, under each of the eight symmetries) with
/// the move to play there. See the module's documentation for the text it reads.
#[derive(Clone, Debug, Default)]
pub struct PositionBook {
    entries: HashMap<u64, (Color, Move, EntryKind)>,
    lines: usize,
}

/// A book line that cannot be read: its 1-based line number and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The 1-based number of the line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BookError {}

impl PositionBook {
    /// The book compiled into the crate ([`BUILTIN_BOOK`]), read once.
    ///
    /// # Panics
    /// Never on the book that ships: a test reads it.
    pub fn builtin() -> &'static PositionBook {
        static BOOK: OnceLock<PositionBook> = OnceLock::new();
        BOOK.get_or_init(|| BUILTIN_BOOK.parse().expect("the built-in book reads"))
    }

    /// The number of entries (lines with a position), before symmetries.
    pub fn len(&self) -> usize {
        self.lines
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.lines == 0
    }

    /// Adds the entry `mv` of `kind` for `board` with `to_move` to move, under all eight
    /// symmetries (a later entry for the same position replaces an earlier one).
    pub fn insert(&mut self, board: &Board, to_move: Color, mv: Move, kind: EntryKind) {
        for s in 0..8 {
            self.entries.insert(
                board.transformed(s).key(),
                (to_move, mv.transformed(s), kind),
            );
        }
        self.lines += 1;
    }

    /// The book's move for `board` with `to_move` to move and its kind, if the book holds the
    /// position (or one of its symmetric images). The caller checks the move is legal in its
    /// own position.
    pub fn get(&self, board: &Board, to_move: Color) -> Option<(Move, EntryKind)> {
        self.entries
            .get(&board.key())
            .filter(|(c, _, _)| *c == to_move)
            .map(|&(_, mv, kind)| (mv, kind))
    }
}

/// The game of `moves` from the empty board under ALPHANO's opening rules, the moves written
/// as the arena's records write them (`8 8, 7 8, …`) or as the tactical suite writes them
/// (`8,8 7,8 …`: every move one `row,col` word) ([`RenjuGame::replay`]).
///
/// ```
/// let records = renju::book::replay_moves("8 8, 7 8, 7 7").unwrap();
/// let suite = renju::book::replay_moves("8,8 7,8 7,7").unwrap();
/// assert_eq!(records.moves(), suite.moves());
/// assert_eq!(records.moves().len(), 3);
/// ```
///
/// # Errors
/// A move that does not parse, or the first illegal one.
pub fn replay_moves(moves: &str) -> Result<RenjuGame, String> {
    let suite = moves.split_whitespace().all(|w| {
        w.split_once(',')
            .is_some_and(|(r, c)| !r.is_empty() && !c.is_empty())
    });
    let words: Vec<String> = if suite {
        moves
            .split_whitespace()
            .map(|w| w.replace(',', " "))
            .collect()
    } else {
        moves.split(',').map(str::to_owned).collect()
    };
    let moves = words
        .iter()
        .filter(|m| !m.trim().is_empty())
        .map(|m| m.parse::<Move>().map_err(|e| format!("{m:?}: {e}")))
        .collect::<Result<Vec<Move>, String>>()?;
    RenjuGame::replay(Opening::Alphano, moves).map_err(|(_, mv, e)| format!("{}: {e}", mv.judge()))
}

/// One line of a book read: `None` for a blank or `#` line, else the position's game, its
/// move (legal there) and the entry's kind.
///
/// # Errors
/// What is wrong with the line: a missing `|`, a move that does not parse, an illegal one, or
/// a kind other than `win` and `choice`.
pub fn read_line(line: &str) -> Result<Option<(RenjuGame, Move, EntryKind)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.split('|');
    let moves = fields.next().unwrap_or("");
    let answer = fields.next().ok_or("no `|` before the book's move")?;
    let kind: EntryKind = fields
        .next()
        .ok_or("no `|` before the entry's kind")?
        .parse()?;
    let game = replay_moves(moves)?;
    let mv: Move = answer.parse().map_err(|e| format!("{answer:?}: {e}"))?;
    if !game.is_legal(mv) {
        return Err(format!("{} is not legal there", mv.judge()));
    }
    Ok(Some((game, mv, kind)))
}

impl FromStr for PositionBook {
    type Err = BookError;

    /// Reads a book (the module's format). Every position must arise from the empty board
    /// by legal moves under ALPHANO's opening rules, and its move must be legal there.
    ///
    /// # Errors
    /// The first line that does not read: a missing `|`, a move that does not parse, an
    /// illegal one, or a kind other than `win` and `choice`.
    fn from_str(text: &str) -> Result<PositionBook, BookError> {
        let mut book = PositionBook::default();
        for (i, line) in text.lines().enumerate() {
            let entry = read_line(line).map_err(|message| BookError {
                line: i + 1,
                message,
            })?;
            if let Some((game, mv, kind)) = entry {
                book.insert(game.board(), game.to_move(), mv, kind);
            }
        }
        Ok(book)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_of(moves: &[&str]) -> RenjuGame {
        replay_moves(&moves.join(",")).unwrap()
    }

    #[test]
    fn the_builtin_book_reads_and_its_moves_are_legal() {
        let book = PositionBook::builtin();
        assert!(!book.is_empty());
        for (i, line) in BUILTIN_BOOK.lines().enumerate() {
            let Some((game, _, _)) = read_line(line).unwrap() else {
                continue;
            };
            let mv = book.get(game.board(), game.to_move());
            assert!(mv.is_some_and(|(m, _)| game.is_legal(m)), "line {}", i + 1);
        }
    }

    #[test]
    fn every_symmetric_image_finds_the_image_of_the_move() {
        let book: PositionBook = "8 8, 7 8, 7 7, 9 9, 6 7 | 8 7 | win".parse().unwrap();
        let moves = ["8 8", "7 8", "7 7", "9 9", "6 7"];
        for s in 0..8 {
            let image = |m: &str| m.parse::<Move>().unwrap().transformed(s);
            let game = RenjuGame::replay(Opening::Alphano, moves.map(image)).unwrap();
            let entry = book.get(game.board(), game.to_move());
            assert_eq!(entry, Some((image("8 7"), EntryKind::Win)));
        }
        // Another position, or the same stones with the other side to move, is not found.
        let other = game_of(&["8 8", "7 8", "7 7", "9 9", "6 6"]);
        assert_eq!(book.get(other.board(), other.to_move()), None);
        let game = game_of(&moves);
        assert_eq!(book.get(game.board(), Color::Black), None);
    }

    #[test]
    fn bad_lines_are_named() {
        let bad = |text: &str| text.parse::<PositionBook>().unwrap_err();
        assert_eq!(bad("# c\n8 8, 7 8").line, 2);
        assert!(bad("8 8, 7 8 | 8 8 | win").message.contains("not legal"));
        assert!(bad("8 8, 7 8, 8 8 | 9 9 | win").line == 1);
        assert!(bad("8 8, x | 9 9 | win").message.contains('x'));
        assert!(bad("8 8, 7 8 | 9 9").message.contains("kind"));
        assert!(bad("8 8, 7 8 | 9 9 | maybe").message.contains("maybe"));
        for kind in [EntryKind::Win, EntryKind::Choice] {
            assert_eq!(kind.to_string().parse::<EntryKind>(), Ok(kind));
        }
        let ok: PositionBook = "\n# only a comment\n".parse().unwrap();
        assert!(ok.is_empty());
    }
}
