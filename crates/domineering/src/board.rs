//! The standard game's board: up to 13×13 cells as row bitboards, the side to move, a Zobrist
//! key kept incrementally.

use crate::error::{ParseError, PlayError};
use search_core::{Game, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// Largest number of rows or columns.
pub const MAX: usize = 13;
/// Cell index stride: cell (r, c) is `r * STRIDE + c`, whatever the board size.
pub const STRIDE: usize = 13;

/// One row of a board: bit `c` is column `c`.
pub type Row = u16;

const CELLS: usize = MAX * STRIDE;
/// Keys 0..169 horizontal cells, 169..338 vertical cells, 338 vertical to move.
static ZOBRIST: [u64; 2 * CELLS + 1] = search_core::zobrist::keys(0x444F_4D49); // "DOMI"

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Places horizontal dominoes, (r, c) and (r, c+1); Left in combinatorial game theory; moves
    /// first in a game from the empty board.
    Horizontal = 0,
    /// Places vertical dominoes, (r, c) and (r+1, c); Right.
    Vertical = 1,
}

impl From<Player> for search_core::Side {
    /// Horizontal is [`search_core::Side::First`], Vertical [`search_core::Side::Second`].
    fn from(c: Player) -> search_core::Side {
        match c {
            Player::Horizontal => search_core::Side::First,
            Player::Vertical => search_core::Side::Second,
        }
    }
}

impl From<search_core::Side> for Player {
    /// [`search_core::Side::First`] is Horizontal, [`search_core::Side::Second`] Vertical.
    fn from(s: search_core::Side) -> Player {
        match s {
            search_core::Side::First => Player::Horizontal,
            search_core::Side::Second => Player::Vertical,
        }
    }
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Horizontal => Player::Vertical,
            Player::Vertical => Player::Horizontal,
        }
    }

    /// 1 for horizontal, 2 for vertical (the Code Warriors contest's ids).
    pub fn id(self) -> u8 {
        self as u8 + 1
    }

    /// `H` or `V`, as the solver prints the winner.
    pub fn letter(self) -> char {
        match self {
            Player::Horizontal => 'H',
            Player::Vertical => 'V',
        }
    }
}

impl fmt::Display for Player {
    /// `horizontal` or `vertical`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Horizontal => "horizontal",
            Player::Vertical => "vertical",
        })
    }
}

impl FromStr for Player {
    type Err = ParseError;

    /// `horizontal`, `vertical`, `h` or `v`, in any case.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "horizontal" | "h" => Ok(Player::Horizontal),
            "vertical" | "v" => Ok(Player::Vertical),
            other => Err(ParseError(format!(
                "{other:?} is not a player (horizontal, vertical, h, v)"
            ))),
        }
    }
}

/// A domino of the side to move: the 0-based row and column of its left (horizontal) or top
/// (vertical) cell. As text `row,col` (`3,4`; `3 4` is read too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Row of the left/top cell, 0-based.
    pub row: u8,
    /// Column of the left/top cell, 0-based.
    pub col: u8,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// `row,col` or `row col`, 0-based, each below 13.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let parts: Vec<&str> = s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let num = |p: &str| -> Result<u8, ParseError> {
            p.parse::<u8>()
                .ok()
                .filter(|&n| usize::from(n) < MAX)
                .ok_or_else(|| ParseError(format!("{p:?} is not a row or column 0..=12")))
        };
        match parts[..] {
            [r, c] => Ok(Move {
                row: num(r)?,
                col: num(c)?,
            }),
            _ => Err(ParseError(format!("{s:?} is not a move `row,col`"))),
        }
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Empty (the Code Warriors code 0).
    Empty = 0,
    /// Half of a horizontal domino (code 1).
    Horizontal = 1,
    /// Half of a vertical domino (code 2).
    Vertical = 2,
    /// Covered, but by no domino: a hole in the board (`#` in text).
    Blocked = 3,
}

/// A standard Domineering position: board size, the cells of each player's dominoes, blocked
/// cells, side to move. Normal play: the player to move with no domino to place loses.
///
/// As text (`Display`, [`FromStr`]): one line per row of `.` (empty), `-` (horizontal domino),
/// `|` (vertical domino) and `#` (blocked), then `to move: horizontal|vertical`. Equality
/// compares that state.
///
/// ```
/// use domineering::{Board, Move, Player, PlayError};
///
/// let mut board = Board::new(4, 5);
/// board.try_play(Move { row: 1, col: 2 })?; // horizontal covers (1,2) and (1,3)
/// assert_eq!(board.to_move(), Player::Vertical);
/// assert_eq!(board.to_string(), ".....\n..--.\n.....\n.....\nto move: vertical");
/// assert_eq!(board.to_string().parse::<Board>()?, board);
/// // Vertical at (0, 3) would cover (1, 3): refused, with the reason.
/// let err = board.try_play(Move { row: 0, col: 3 }).unwrap_err();
/// assert_eq!(err, PlayError::Occupied { row: 1, col: 3 });
/// assert_eq!(err.to_string(), "cell (1, 3) is taken");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    rows: u8,
    cols: u8,
    /// Cells covered by horizontal dominoes, by row.
    h: [Row; MAX],
    /// Cells covered by vertical dominoes, by row.
    v: [Row; MAX],
    /// Blocked cells, by row.
    blocked: [Row; MAX],
    to_move: Player,
    key: u64,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        (
            self.rows,
            self.cols,
            self.h,
            self.v,
            self.blocked,
            self.to_move,
        ) == (
            other.rows,
            other.cols,
            other.h,
            other.v,
            other.blocked,
            other.to_move,
        )
    }
}

impl Eq for Board {}

impl FromStr for Board {
    type Err = ParseError;

    /// Reads what `Display` prints: rows of `.`, `-`, `|`, `#` (white space inside a row
    /// ignored), then an optional `to move:` line (horizontal when absent; `h`/`v` too).
    ///
    /// # Errors
    /// Rows of unequal length, a size beyond 13×13, another character or line, a run of
    /// horizontal (or vertical) cells of odd length, or a bad `to move` line.
    fn from_str(s: &str) -> Result<Board, ParseError> {
        let mut to_move = Player::Horizontal;
        let mut grid: Vec<Vec<char>> = Vec::new();
        for line in s.lines() {
            let t = line.trim();
            if let Some(v) = t.strip_prefix("to move:") {
                to_move = v.parse()?;
            } else if !t.is_empty() {
                grid.push(t.chars().filter(|c| !c.is_whitespace()).collect());
            }
        }
        let rows = grid.len();
        let cols = grid.first().map_or(0, Vec::len);
        if let Some(r) = grid.iter().position(|row| row.len() != cols) {
            return Err(ParseError(format!(
                "row {} has {} cells, the first row {cols}",
                r + 1,
                grid[r].len()
            )));
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                cells.push(match ch {
                    '.' => Cell::Empty,
                    '-' => Cell::Horizontal,
                    '|' => Cell::Vertical,
                    '#' => Cell::Blocked,
                    other => {
                        return Err(ParseError(format!(
                            "row {} column {}: {other:?} is not '.', '-', '|' or '#'",
                            r + 1,
                            c + 1
                        )))
                    }
                });
            }
        }
        Board::from_cells(rows, cols, &cells, to_move)
    }
}

impl fmt::Display for Board {
    /// Rows of `.`, `-`, `|`, `#`, then the side to move (see [`Board`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                let ch = match self.cell(r, c) {
                    Cell::Empty => '.',
                    Cell::Horizontal => '-',
                    Cell::Vertical => '|',
                    Cell::Blocked => '#',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        write!(f, "to move: {}", self.to_move)
    }
}

impl Board {
    /// An empty `rows`×`cols` board (each 1..=13), horizontal to move.
    ///
    /// Panics if a dimension is out of range.
    pub fn new(rows: usize, cols: usize) -> Board {
        assert!((1..=MAX).contains(&rows) && (1..=MAX).contains(&cols));
        let mut b = Board {
            rows: rows as u8,
            cols: cols as u8,
            h: [0; MAX],
            v: [0; MAX],
            blocked: [0; MAX],
            to_move: Player::Horizontal,
            key: 0,
        };
        b.key = b.compute_key();
        b
    }

    /// A board from cells given row by row (`cells[r * cols + c]`) and the side to move.
    ///
    /// # Errors
    /// A size outside 1..=13, a cell count other than `rows * cols`, or a run of horizontal
    /// cells in a row (of vertical cells in a column) of odd length: no sequence of dominoes
    /// leaves such a board.
    pub fn from_cells(
        rows: usize,
        cols: usize,
        cells: &[Cell],
        to_move: Player,
    ) -> Result<Board, ParseError> {
        if !(1..=MAX).contains(&rows) || !(1..=MAX).contains(&cols) {
            return Err(ParseError(format!(
                "board {rows}×{cols} is not within 1..=13"
            )));
        }
        if cells.len() != rows * cols {
            return Err(ParseError(format!(
                "{} cells for a {rows}×{cols} board",
                cells.len()
            )));
        }
        let mut b = Board::new(rows, cols);
        b.to_move = to_move;
        for r in 0..rows {
            for c in 0..cols {
                match cells[r * cols + c] {
                    Cell::Empty => {}
                    Cell::Horizontal => b.h[r] |= 1 << c,
                    Cell::Vertical => b.v[r] |= 1 << c,
                    Cell::Blocked => b.blocked[r] |= 1 << c,
                }
            }
        }
        for r in 0..rows {
            if let Some(c) = odd_run(b.h[r]) {
                return Err(ParseError(format!(
                    "row {r}: a run of horizontal cells from column {c} has odd length"
                )));
            }
        }
        for c in 0..cols {
            let col: u32 = (0..rows).map(|r| u32::from(b.v[r] >> c & 1) << r).sum();
            if let Some(r) = odd_run(col as Row) {
                return Err(ParseError(format!(
                    "column {c}: a run of vertical cells from row {r} has odd length"
                )));
            }
        }
        b.key = b.compute_key();
        Ok(b)
    }

    /// The key computed from scratch: the cells of each player's dominoes and the side to move
    /// (blocked cells are part of the board's shape and not keyed).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for r in 0..self.rows as usize {
            for c in 0..self.cols as usize {
                if self.h[r] >> c & 1 == 1 {
                    k ^= ZOBRIST[r * STRIDE + c];
                }
                if self.v[r] >> c & 1 == 1 {
                    k ^= ZOBRIST[CELLS + r * STRIDE + c];
                }
            }
        }
        if self.to_move == Player::Vertical {
            k ^= ZOBRIST[2 * CELLS];
        }
        k
    }

    /// The incrementally kept key (equal to [`Board::compute_key`]).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Sets the player to move (a position read from elsewhere, a solver query for either side).
    pub fn set_to_move(&mut self, p: Player) {
        if p != self.to_move {
            self.to_move = p;
            self.key ^= ZOBRIST[2 * CELLS];
        }
    }

    /// The cell (r, c) (0-based).
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        if self.h[r] >> c & 1 == 1 {
            Cell::Horizontal
        } else if self.v[r] >> c & 1 == 1 {
            Cell::Vertical
        } else if self.blocked[r] >> c & 1 == 1 {
            Cell::Blocked
        } else {
            Cell::Empty
        }
    }

    /// The cells of row `r` covered by `player`'s dominoes.
    #[inline]
    pub fn dominoes_in_row(&self, player: Player, r: usize) -> Row {
        match player {
            Player::Horizontal => self.h[r],
            Player::Vertical => self.v[r],
        }
    }

    /// The mask of the board's columns.
    #[inline]
    pub fn full_row(&self) -> Row {
        ((1u32 << self.cols) - 1) as Row
    }

    /// Empty cells of row `r`.
    #[inline]
    pub fn empty(&self, r: usize) -> Row {
        !(self.h[r] | self.v[r] | self.blocked[r]) & self.full_row()
    }

    /// Covered cells (dominoes of either player, blocked cells) by row; rows past the board 0.
    pub fn occupied_rows(&self) -> [Row; MAX] {
        std::array::from_fn(|r| {
            if r < self.rows as usize {
                self.h[r] | self.v[r] | self.blocked[r]
            } else {
                0
            }
        })
    }

    /// The left/top cells of `player`'s legal dominoes in row `r`.
    #[inline]
    pub fn placements_in_row(&self, player: Player, r: usize) -> Row {
        let e = self.empty(r);
        match player {
            Player::Horizontal => e & (e >> 1),
            Player::Vertical if r + 1 < self.rows as usize => e & self.empty(r + 1),
            Player::Vertical => 0,
        }
    }

    /// How many legal dominoes `player` has.
    pub fn count_placements(&self, player: Player) -> u32 {
        (0..self.rows as usize)
            .map(|r| self.placements_in_row(player, r).count_ones())
            .sum()
    }

    /// Whether `player` has at least one legal domino.
    pub fn can_place(&self, player: Player) -> bool {
        (0..self.rows as usize).any(|r| self.placements_in_row(player, r) != 0)
    }

    /// Whether the side to move has a legal move (if not, it has lost).
    pub fn has_move(&self) -> bool {
        self.can_place(self.to_move)
    }

    /// Whether `mv` is a legal domino for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        let (r, c) = (mv.row as usize, mv.col as usize);
        r < self.rows as usize
            && c < self.cols as usize
            && self.placements_in_row(self.to_move, r) >> c & 1 == 1
    }

    /// Appends the side to move's legal dominoes, row-major.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        for r in 0..self.rows as usize {
            let mut p = self.placements_in_row(self.to_move, r);
            while p != 0 {
                out.push(Move {
                    row: r as u8,
                    col: p.trailing_zeros() as u8,
                });
                p &= p - 1;
            }
        }
    }

    /// Whether the side to move may place its domino at `mv` (its top-left cell), and if not,
    /// why: a cell off the board or a cell taken. Agrees with [`Board::is_legal`].
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let (r, c) = (mv.row as usize, mv.col as usize);
        let other = match self.to_move {
            Player::Horizontal => (r, c + 1),
            Player::Vertical => (r + 1, c),
        };
        for (row, col) in [(r, c), other] {
            if row >= self.rows as usize || col >= self.cols as usize {
                return Err(PlayError::OffBoard { row, col });
            }
        }
        for (row, col) in [(r, c), other] {
            if self.cell(row, col) != Cell::Empty {
                return Err(PlayError::Occupied { row, col });
            }
        }
        Ok(())
    }

    /// Plays `mv` after checking it ([`Board::check`]).
    ///
    /// # Errors
    /// The rule `mv` breaks; the board is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// If `mv` is illegal, with the rule it breaks ([`Board::try_play`] returns it instead).
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move {mv}: {e}");
        }
    }

    /// The unchecked fast path for engines: plays `mv`, which must be legal (checked in debug
    /// builds only). Use [`Board::play`] or [`Board::try_play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal {mv:?}");
        self.flip_domino(self.to_move, mv);
        self.pass_turn();
    }

    /// Takes back `mv`, the last move played.
    pub fn unplay(&mut self, mv: Move) {
        self.pass_turn();
        self.flip_domino(self.to_move, mv);
    }

    /// Hands the move to the other player without placing anything (for variants whose moves
    /// are not dominoes, such as Code Warriors bombs).
    pub fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key ^= ZOBRIST[2 * CELLS];
    }

    fn flip_domino(&mut self, p: Player, mv: Move) {
        let (r, c) = (mv.row as usize, mv.col as usize);
        match p {
            Player::Horizontal => self.flip_cells(r, 0b11 << c, 0),
            Player::Vertical => {
                self.flip_cells(r, 0, 1 << c);
                self.flip_cells(r + 1, 0, 1 << c);
            }
        }
    }

    /// Flips the horizontal cells `h` and vertical cells `v` of row `r` (covered ↔ empty),
    /// keeping the key: for variants that take dominoes off the board (Code Warriors bombs).
    /// The caller keeps the board one that dominoes can leave (runs of even length).
    pub fn flip_cells(&mut self, r: usize, h: Row, v: Row) {
        self.h[r] ^= h;
        self.v[r] ^= v;
        for (mut bits, base) in [(h, r * STRIDE), (v, CELLS + r * STRIDE)] {
            while bits != 0 {
                self.key ^= ZOBRIST[base + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
    }

    /// The cells row-major (`rows * cols` of them).
    pub fn cells(&self) -> Vec<Cell> {
        (0..self.rows())
            .flat_map(|r| (0..self.cols()).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c))
            .collect()
    }

    /// The same position mirrored: `vertical_axis` swaps columns c ↔ cols−1−c, otherwise rows
    /// are swapped r ↔ rows−1−r. Both keep each player's domino orientation, so the mirrored
    /// position has the same value.
    pub fn mirrored(&self, vertical_axis: bool) -> Board {
        let (rows, cols) = (self.rows(), self.cols());
        let cells = self.cells();
        let mirrored: Vec<Cell> = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let (r, c) = if vertical_axis {
                    (r, cols - 1 - c)
                } else {
                    (rows - 1 - r, c)
                };
                cells[r * cols + c]
            })
            .collect();
        Board::from_cells(rows, cols, &mirrored, self.to_move)
            .expect("a mirror image of a reachable board is reachable")
    }

    /// The transpose with the roles swapped: cell (r, c) goes to (c, r), horizontal dominoes
    /// become vertical ones and the other player is to move in the player's place. The value
    /// for the side to move is the same (the game is its own negative turned on its side).
    pub fn transposed(&self) -> Board {
        let (rows, cols) = (self.rows(), self.cols());
        let cells: Vec<Cell> = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / rows, i % rows);
                match self.cell(c, r) {
                    Cell::Horizontal => Cell::Vertical,
                    Cell::Vertical => Cell::Horizontal,
                    other => other,
                }
            })
            .collect();
        Board::from_cells(cols, rows, &cells, self.to_move.opponent())
            .expect("the transpose of a reachable board is reachable")
    }
}

/// The lowest bit where an odd-length run of ones starts in `x`, if any.
fn odd_run(mut x: Row) -> Option<u32> {
    while x != 0 {
        let low = x.trailing_zeros();
        let run = (x >> low).trailing_ones();
        if run % 2 == 1 {
            return Some(low);
        }
        x &= !((((1u32 << run) - 1) << low) as Row);
    }
    None
}

impl Game for Board {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = CELLS;

    fn side_to_move(&self) -> Side {
        self.to_move.into()
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
        mv.row as usize * STRIDE + mv.col as usize
    }
}
