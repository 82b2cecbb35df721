//! Normal-play Domineering on boards up to 13×13, with the optional one-bomb-per-player rule of
//! the Code Warriors contest (spec: `spec/codewarriors-domineering.md`, shipped with the crate).
//!
//! - Rows and columns are 0-based; a cell's index is `row * 13 + col` whatever the board size
//!   ([`STRIDE`]), which is also how the contest numbers its 169 cells.
//! - [`Player::Horizontal`] (the contest's id 1, "Left") moves first and places dominoes on
//!   (r, c), (r, c+1); [`Player::Vertical`] (id 2) on (r, c), (r+1, c).
//! - A bomb empties a 5×5 area [r..r+4]×[c..c+4] inside the board; it is legal only if no domino
//!   crosses the area's border, checked exactly as the contest's arena does (every maximal run of
//!   horizontal cells in a row of the area, and of vertical cells in a column, has even length).
//! - The player to move with no legal move (no placement, and no bomb or no legal bomb area)
//!   loses.
//! - Moves are played the workspace's one way: `try_play` checks and returns a [`PlayError`]
//!   naming the rule, `play` panics with it, `play_unchecked` is the engine's fast path.
//!
//! # Example
//!
//! ```
//! use domineering_bomb::domineering::solver::Solver;
//! use domineering_bomb::{Player, Position};
//!
//! // A position as text: `-` horizontal dominoes, `|` vertical ones, the side to move, bombs.
//! let pos: Position = "
//!     ......
//!     .--...
//!     ......
//!     ...|..
//!     ...|..
//!     ......
//!     to move: vertical
//!     bombs: none
//! ".parse()?;
//! assert_eq!(pos.to_string().parse::<Position>()?, pos);
//!
//! // Solved exactly: who wins with perfect play, and a winning move if the mover has one.
//! // No bomb left: standard Domineering, which the solver of the `domineering` crate settles.
//! let mut solver = Solver::new(pos.rows(), pos.cols(), 16);
//! let solution = solver.solve(pos.board()).expect("no node limit was set");
//! println!("{:?} wins ({} nodes)", solution.winner, solution.nodes);
//! let best = solver.winning_move(pos.board()).expect("no node limit was set");
//! assert_eq!(best.is_some(), solution.winner == Player::Vertical);
//! # Ok::<(), domineering_bomb::ParseError>(())
//! ```
//!
//! `examples/self_play.rs` plays one game of the engine against itself.
//!
//! # Modules
//!
//! - the crate root: [`Position`] (the standard [`Board`] of the `domineering` crate, which is
//!   re-exported here with [`search_core`], plus the bombs; implements [`search_core::Game`]),
//!   [`Move`], text in and out;
//! - [`eval`]: the engine's evaluation ([`eval::BombEval`]);
//! - [`engine`]: the Code Warriors engine: the solver when it can prove a win, otherwise a
//!   search, never an illegal move;
//! - `reference` (feature `reference`, off by default: a test oracle): a slow, obviously correct
//!   rule set for the tests.

pub mod engine;
pub mod eval;
#[cfg(feature = "reference")]
pub mod reference;

pub use domineering;
pub use domineering::{Board, Cell, ParseError, Player, Row, MAX, STRIDE};
pub use search_core;
use search_core::{Game, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// Side length of a bomb's square area, in cells.
pub const BOMB: usize = 5;

/// A move; `row`/`col` are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A domino of the side to move with its left (horizontal) or top (vertical) cell here.
    Place {
        /// Row of the left/top cell.
        row: u8,
        /// Column of the left/top cell.
        col: u8,
    },
    /// The side to move's bomb on the 5×5 area with this top-left corner.
    Bomb {
        /// Top row of the area.
        row: u8,
        /// Left column of the area.
        col: u8,
    },
}

/// Why a Code Warriors move was refused, by the rule it breaks ([`Position::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A domino the board refuses (off the board, a cell taken).
    Domino(domineering::PlayError),
    /// The side to move has no bomb left (one a game, in games with bombs).
    NoBomb,
    /// The bomb's 5×5 area with this top-left corner leaves the board or cuts a domino.
    BombArea {
        /// The area's top row.
        row: usize,
        /// The area's left column.
        col: usize,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Domino(e) => e.fmt(f),
            PlayError::NoBomb => f.write_str("no bomb left"),
            PlayError::BombArea { row, col } => write!(
                f,
                "the 5×5 bomb area at ({row}, {col}) leaves the board or cuts a domino"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl fmt::Display for Move {
    /// The contest's answer `type row col`: type 1 a domino, 2 a bomb.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { row, col } => write!(f, "1 {row} {col}"),
            Move::Bomb { row, col } => write!(f, "2 {row} {col}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads the contest's `type row col` (type 1 a domino, 2 a bomb; 0-based row and column
    /// below 13): what `Display` prints. [`Position::is_legal`] tells whether it is legal.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        let bad = || ParseError(format!("{t:?} is not a move `type row col`"));
        let n: Vec<u8> = t
            .split_whitespace()
            .map(|x| x.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match n[..] {
            [1, row, col] if (row as usize) < MAX && (col as usize) < MAX => {
                Ok(Move::Place { row, col })
            }
            [2, row, col] if (row as usize) < MAX && (col as usize) < MAX => {
                Ok(Move::Bomb { row, col })
            }
            _ => Err(bad()),
        }
    }
}

const CELLS: usize = MAX * STRIDE;
/// Keys of the unused bombs (horizontal's, vertical's), on top of the board's key.
static ZOBRIST: [u64; 2] = search_core::zobrist::keys(0x424F_4D42); // "BOMB"

/// Whether every maximal run of ones in the 5-bit `x` has even length (the arena's bomb test
/// for one row or column of the area).
const fn runs_even(mut x: u32) -> bool {
    while x != 0 {
        let low = x.trailing_zeros();
        let run = (x >> low).trailing_ones();
        if run % 2 == 1 {
            return false;
        }
        x &= !(((1u32 << run) - 1) << low);
    }
    true
}

const EVEN_RUNS: [bool; 32] = {
    let mut t = [false; 32];
    let mut x = 0;
    while x < 32 {
        t[x] = runs_even(x as u32);
        x += 1;
    }
    t
};

/// What a bomb removed, to put back on unmake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Removed {
    h: [Row; BOMB],
    v: [Row; BOMB],
}

/// A position: the standard [`Board`] (cells, side to move) and the players' unused bombs.
///
/// As text (`Display`, [`FromStr`]): the board's text (rows of `.`, `-`, `|`, then
/// `to move: horizontal|vertical`), then `bombs: H V` (the players whose bomb is unused, `none`
/// for neither). Equality compares that state, not the move history.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// Whether each player (by [`Player`] index) still has its bomb.
    bombs: [bool; 2],
    undo: Vec<Removed>,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (&self.board, self.bombs) == (&other.board, other.bombs)
    }
}

impl Eq for Position {}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads what `Display` prints: the board's text ([`Board`]'s `FromStr`: rows of `.`, `-`,
    /// `|`, `#`, an optional `to move:` line) and an optional `bombs:` line (none when absent).
    ///
    /// # Errors
    /// What the board's text gives, or a bad `bombs` line.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let mut bombs = [false; 2];
        let mut rest = String::new();
        for line in s.lines() {
            if let Some(v) = line.trim().strip_prefix("bombs:") {
                for tok in v.split_whitespace() {
                    match tok.to_ascii_uppercase().as_str() {
                        "H" => bombs[0] = true,
                        "V" => bombs[1] = true,
                        "NONE" | "-" => {}
                        other => return Err(ParseError(format!("bombs: {other:?} is not H or V"))),
                    }
                }
            } else {
                rest.push_str(line);
                rest.push('\n');
            }
        }
        Ok(Position::on_board(rest.parse()?, bombs))
    }
}

impl fmt::Display for Position {
    /// The board's text, then the unused bombs (see [`Position`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.board)?;
        let bombs: Vec<&str> = [(0, "H"), (1, "V")]
            .iter()
            .filter(|&&(i, _)| self.bombs[i])
            .map(|&(_, n)| n)
            .collect();
        write!(
            f,
            "bombs: {}",
            if bombs.is_empty() {
                "none".to_string()
            } else {
                bombs.join(" ")
            }
        )
    }
}

impl Position {
    /// An empty `rows`×`cols` board (each 1..=13), horizontal to move; `bombs` gives both players
    /// a bomb (the Code Warriors rule), otherwise the game is standard Domineering.
    ///
    /// Panics if a dimension is out of range.
    pub fn new(rows: usize, cols: usize, bombs: bool) -> Position {
        Position::on_board(Board::new(rows, cols), [bombs; 2])
    }

    /// `board` with these unused bombs (by [`Player`] index).
    pub fn on_board(board: Board, bombs: [bool; 2]) -> Position {
        let mut p = Position {
            board,
            bombs,
            undo: Vec::new(),
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    /// A position from cells given row by row (`cells[r * cols + c]`), the unused bombs and the
    /// side to move.
    ///
    /// # Errors
    /// As [`Board::from_cells`]: a bad size, or a run of horizontal cells in a row (vertical in
    /// a column) of odd length: no sequence of dominoes (and bombs, which remove whole
    /// dominoes) leaves such a board.
    pub fn from_cells(
        rows: usize,
        cols: usize,
        cells: &[Cell],
        bombs: [bool; 2],
        to_move: Player,
    ) -> Result<Position, ParseError> {
        Ok(Position::on_board(
            Board::from_cells(rows, cols, cells, to_move)?,
            bombs,
        ))
    }

    /// Reads a board of `.` (empty) and `#` (blocked) characters, one line per row, all lines
    /// of equal length (1..=13 rows and columns; blank lines are ignored); no bombs; horizontal
    /// to move. (The `.`/`#` case of [`FromStr`], which reads dominoes, the side to move and
    /// bombs too.)
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        text.parse()
    }

    /// The standard board under the bombs: cells and side to move (what the solver of the
    /// `domineering` crate reads once no bomb is left).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The key computed from scratch: the board's ([`Board::compute_key`]) and the unused bombs.
    pub fn compute_key(&self) -> u64 {
        let mut k = self.board.compute_key();
        for (i, &b) in self.bombs.iter().enumerate() {
            if b {
                k ^= ZOBRIST[i];
            }
        }
        k
    }

    /// The incrementally kept key (equal to [`Position::compute_key`]).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.board.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.board.to_move()
    }

    /// Sets the player to move (for positions read from a contest line or a solver query).
    pub fn set_to_move(&mut self, p: Player) {
        self.key ^= self.board.key();
        self.board.set_to_move(p);
        self.key ^= self.board.key();
    }

    /// Whether `player` still has its bomb.
    pub fn has_bomb(&self, player: Player) -> bool {
        self.bombs[player as usize]
    }

    /// Gives or takes `player`'s bomb (the contest does not say whether the opponent still has
    /// its bomb; the bot decides what to assume).
    pub fn set_bomb(&mut self, player: Player, unused: bool) {
        if self.bombs[player as usize] != unused {
            self.bombs[player as usize] = unused;
            self.key ^= ZOBRIST[player as usize];
        }
    }

    /// The cell (r, c).
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        self.board.cell(r, c)
    }

    /// The mask of the board's columns.
    #[inline]
    pub fn full_row(&self) -> Row {
        self.board.full_row()
    }

    /// Empty cells of row `r`.
    #[inline]
    pub fn empty(&self, r: usize) -> Row {
        self.board.empty(r)
    }

    /// Occupied cells by row (either kind), for the solver.
    pub fn occupied_rows(&self) -> [Row; MAX] {
        self.board.occupied_rows()
    }

    /// The left/top cells of `player`'s legal dominoes in row `r`.
    #[inline]
    pub fn placements_in_row(&self, player: Player, r: usize) -> Row {
        self.board.placements_in_row(player, r)
    }

    /// How many legal dominoes `player` has.
    pub fn count_placements(&self, player: Player) -> u32 {
        self.board.count_placements(player)
    }

    /// Whether `player` has at least one legal domino.
    pub fn can_place(&self, player: Player) -> bool {
        self.board.can_place(player)
    }

    /// Whether a bomb on the 5×5 area with top-left corner (r, c) is legal on this board (for
    /// whoever holds a bomb): the area is inside the board and no domino crosses its border —
    /// the arena's test, every maximal run of horizontal cells in each of its rows and of
    /// vertical cells in each of its columns has even length.
    pub fn bomb_area_ok(&self, r: usize, c: usize) -> bool {
        if r + BOMB > self.rows() || c + BOMB > self.cols() {
            return false;
        }
        let mut cols = [0u32; BOMB];
        for (i, rr) in (r..r + BOMB).enumerate() {
            let h = self.board.dominoes_in_row(Player::Horizontal, rr);
            if !EVEN_RUNS[(u32::from(h) >> c & 0x1F) as usize] {
                return false;
            }
            let vbits = u32::from(self.board.dominoes_in_row(Player::Vertical, rr)) >> c & 0x1F;
            for (j, col) in cols.iter_mut().enumerate() {
                *col |= (vbits >> j & 1) << i;
            }
        }
        cols.iter().all(|&x| EVEN_RUNS[x as usize])
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Place { row, col } => self.board.is_legal(domineering::Move { row, col }),
            Move::Bomb { row, col } => {
                self.bombs[self.to_move() as usize] && self.bomb_area_ok(row as usize, col as usize)
            }
        }
    }

    /// Appends the side to move's legal moves: its dominoes (row-major), then its bombs
    /// (row-major) if it still has one.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let me = self.to_move();
        for r in 0..self.rows() {
            let mut p = self.placements_in_row(me, r);
            while p != 0 {
                out.push(Move::Place {
                    row: r as u8,
                    col: p.trailing_zeros() as u8,
                });
                p &= p - 1;
            }
        }
        if self.bombs[me as usize] {
            self.bomb_moves(out);
        }
    }

    /// Appends every legal bomb area (whether or not the side to move has a bomb).
    pub fn bomb_moves(&self, out: &mut Vec<Move>) {
        let (rows, cols) = (self.rows(), self.cols());
        for r in 0..=rows.saturating_sub(BOMB) {
            for c in 0..=cols.saturating_sub(BOMB) {
                if self.bomb_area_ok(r, c) {
                    out.push(Move::Bomb {
                        row: r as u8,
                        col: c as u8,
                    });
                }
            }
        }
    }

    /// Whether the side to move has any legal move (if not, it has lost).
    pub fn has_move(&self) -> bool {
        self.can_place(self.to_move())
            || (self.bombs[self.to_move() as usize] && {
                let mut v = Vec::new();
                self.bomb_moves(&mut v);
                !v.is_empty()
            })
    }

    /// Whether `mv` is legal for the side to move, and if not, why: a domino the board refuses
    /// ([`Board::check`]), a bomb already used, a bomb area off the board or across a domino.
    /// Agrees with [`Position::is_legal`].
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        match mv {
            Move::Place { row, col } => self
                .board
                .check(domineering::Move { row, col })
                .map_err(PlayError::Domino),
            Move::Bomb { .. } if !self.bombs[self.to_move() as usize] => Err(PlayError::NoBomb),
            Move::Bomb { row, col } if !self.bomb_area_ok(row as usize, col as usize) => {
                Err(PlayError::BombArea {
                    row: row as usize,
                    col: col as usize,
                })
            }
            Move::Bomb { .. } => Ok(()),
        }
    }

    /// Plays `mv` after checking it ([`Position::check`]).
    ///
    /// # Errors
    /// The rule `mv` breaks; the position is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// If `mv` is illegal, with the rule it breaks ([`Position::try_play`] returns it instead).
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move {mv}: {e}");
        }
    }

    /// The unchecked fast path for engines: plays `mv`, which must be legal (checked in debug
    /// builds only). Use [`Position::try_play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) {
        let me = self.to_move();
        self.key ^= self.board.key();
        match mv {
            Move::Place { row, col } => self.board.play_unchecked(domineering::Move { row, col }),
            Move::Bomb { row, col } => {
                let (r0, c0) = (row as usize, col as usize);
                debug_assert!(self.bombs[me as usize] && self.bomb_area_ok(r0, c0));
                let mask: Row = 0x1F << c0;
                let mut removed = Removed {
                    h: [0; BOMB],
                    v: [0; BOMB],
                };
                for i in 0..BOMB {
                    let r = r0 + i;
                    removed.h[i] = self.board.dominoes_in_row(Player::Horizontal, r) & mask;
                    removed.v[i] = self.board.dominoes_in_row(Player::Vertical, r) & mask;
                    self.board.flip_cells(r, removed.h[i], removed.v[i]);
                }
                self.undo.push(removed);
                self.bombs[me as usize] = false;
                self.key ^= ZOBRIST[me as usize];
                self.board.pass_turn();
            }
        }
        self.key ^= self.board.key();
    }

    /// Takes back `mv`, the last move played.
    pub fn unplay(&mut self, mv: Move) {
        self.key ^= self.board.key();
        match mv {
            Move::Place { row, col } => self.board.unplay(domineering::Move { row, col }),
            Move::Bomb { row, .. } => {
                self.board.pass_turn();
                let me = self.to_move();
                let removed = self.undo.pop().expect("a bomb to take back");
                for i in 0..BOMB {
                    self.board
                        .flip_cells(row as usize + i, removed.h[i], removed.v[i]);
                }
                self.bombs[me as usize] = true;
                self.key ^= ZOBRIST[me as usize];
            }
        }
        self.key ^= self.board.key();
    }

    /// The contest's 169 cell codes, row-major (0 empty, 1 horizontal, 2 vertical).
    pub fn cells(&self) -> Vec<Cell> {
        self.board.cells()
    }

    /// The same position mirrored: `vertical_axis` swaps columns c ↔ cols−1−c, otherwise rows
    /// are swapped r ↔ rows−1−r. Both preserve each player's domino orientation. Undo history
    /// is not carried over.
    pub fn mirrored(&self, vertical_axis: bool) -> Position {
        Position::on_board(self.board.mirrored(vertical_axis), self.bombs)
    }
}

/// Whether the opponent of `me` has certainly used its bomb, judged from the board alone (the
/// contest sends only our own bomb flag). With our bomb unused every one of our dominoes is on
/// the board unless the opponent's bomb removed it, so the domino counts must match the number
/// of turns: horizontal made as many moves as vertical, or one more when vertical is to move.
/// If they do not match, the opponent has bombed. Otherwise we cannot know (a bomb can remove
/// dominoes in a balanced way) and the caller should assume the worst: the bomb is still there.
pub fn opponent_bomb_certainly_used(p: &Position, me: Player) -> bool {
    if !p.has_bomb(me) {
        return false;
    }
    let count = |who: Player| -> u32 {
        (0..p.rows())
            .map(|r| p.board.dominoes_in_row(who, r).count_ones())
            .sum::<u32>()
            / 2
    };
    let (h, v) = (count(Player::Horizontal), count(Player::Vertical));
    // Horizontal moves first: before our turn the horizontal side made `extra` more moves.
    let extra = u32::from(me == Player::Vertical);
    match me {
        // Our (horizontal) dominoes are all there: h = our moves = vertical's moves; the
        // opponent bombed iff fewer vertical dominoes can be explained only by a bomb.
        Player::Horizontal => h != v + extra,
        Player::Vertical => v + extra != h,
    }
}

impl Game for Position {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = 2 * CELLS;

    fn side_to_move(&self) -> Side {
        self.board.side_to_move()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
    }

    fn make_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn unmake_move(&mut self, mv: Move) {
        self.unplay(mv);
    }

    /// Games end only when the side to move has no move ([`Game::no_move_outcome`]).
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    /// Normal play: no move, no win.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Loss
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    fn move_index(mv: Move) -> usize {
        match mv {
            Move::Place { row, col } => Board::move_index(domineering::Move { row, col }),
            Move::Bomb { row, col } => CELLS + row as usize * STRIDE + col as usize,
        }
    }

    /// A pass, for null-move pruning: the turn changes hands, the board stays.
    fn make_null_move(&mut self) -> bool {
        self.key ^= self.board.key();
        self.board.pass_turn();
        self.key ^= self.board.key();
        true
    }

    fn unmake_null_move(&mut self) {
        self.make_null_move();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_null_move_passes_the_turn_with_the_key() {
        let mut p = Position::new(13, 13, true);
        p.play_unchecked(Move::Place { row: 3, col: 4 });
        let (key, side) = (p.zobrist(), p.side_to_move());
        assert!(p.make_null_move());
        assert_eq!(p.side_to_move(), side.opponent());
        assert_ne!(p.zobrist(), key);
        p.unmake_null_move();
        assert_eq!((p.zobrist(), p.side_to_move()), (key, side));
    }

    #[test]
    fn run_parity_table() {
        assert!(EVEN_RUNS[0]);
        assert!(EVEN_RUNS[0b00011]);
        assert!(EVEN_RUNS[0b11011]);
        assert!(EVEN_RUNS[0b01111]);
        assert!(!EVEN_RUNS[0b00001]);
        assert!(!EVEN_RUNS[0b11111]);
        assert!(!EVEN_RUNS[0b10110]);
    }

    #[test]
    fn opponent_bomb_inference() {
        let mut p = Position::new(13, 13, true);
        assert!(!opponent_bomb_certainly_used(&p, Player::Horizontal));
        p.play_unchecked(Move::Place { row: 0, col: 0 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Vertical));
        // Vertical bombs an empty area: a vertical domino is missing, the bomb is proven used.
        p.play_unchecked(Move::Bomb { row: 5, col: 5 });
        assert!(opponent_bomb_certainly_used(&p, Player::Horizontal));
        p.unplay(Move::Bomb { row: 5, col: 5 });
        // A bomb that removes the horizontal domino balances the counts: it cannot be told.
        p.play_unchecked(Move::Bomb { row: 0, col: 0 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Horizontal));
        p.unplay(Move::Bomb { row: 0, col: 0 });
        p.play_unchecked(Move::Place { row: 5, col: 5 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Horizontal));
    }
}
