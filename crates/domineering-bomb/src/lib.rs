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
//!
//! # Example
//!
//! ```
//! use domineering_bomb::solver::Solver;
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
//! let mut solver = Solver::new(pos.rows(), pos.cols(), 16);
//! let solution = solver.solve(&pos, Player::Vertical).expect("no node limit was set");
//! println!("{:?} wins ({} nodes)", solution.winner, solution.nodes);
//! let best = solver.winning_move(&pos, Player::Vertical).expect("no node limit was set");
//! assert_eq!(best.is_some(), solution.winner == Player::Vertical);
//! # Ok::<(), domineering_bomb::ParseError>(())
//! ```
//!
//! `examples/solve.rs` solves a board given on stdin for both sides to move; the
//! `domineering-solve` binary is the same solver as a command-line tool.
//!
//! # Modules
//!
//! - the crate root: [`Position`] (row bitboards, the bomb rule; implements
//!   [`search_core::Game`], re-exported here), [`Move`], [`Player`], [`Cell`], text in and out;
//! - [`solver`]: the exact solver for standard Domineering (no bombs): regions, safe moves,
//!   move-count bounds, a symmetry-folding transposition table;
//! - [`eval`]: the engine's evaluation ([`eval::BombEval`]);
//! - [`engine`]: the Code Warriors engine: the solver when it can prove a win, otherwise a
//!   search, never an illegal move;
//! - [`reference`](mod@reference): a slow, obviously correct rule set for the tests.

pub mod engine;
pub mod eval;
mod packing;
pub mod reference;
pub mod solver;

pub use search_core;
use search_core::{Game, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// Largest number of rows or columns.
pub const MAX: usize = 13;
/// Cell index stride: cell (r, c) is `r * STRIDE + c`.
pub const STRIDE: usize = 13;
/// Side length of a bomb's square area, in cells.
pub const BOMB: usize = 5;

/// One row of a board: bit `c` is column `c`.
pub type Row = u16;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Places horizontal dominoes and moves first (contest id 1).
    Horizontal = 0,
    /// Places vertical dominoes (contest id 2).
    Vertical = 1,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Horizontal => Player::Vertical,
            Player::Vertical => Player::Horizontal,
        }
    }

    /// The contest's id: 1 horizontal, 2 vertical.
    pub fn id(self) -> u8 {
        self as u8 + 1
    }

    /// The letter the solver prints: `H` or `V`.
    pub fn letter(self) -> char {
        match self {
            Player::Horizontal => 'H',
            Player::Vertical => 'V',
        }
    }
}

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

/// Why a board, an input line or a move was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// What a cell holds, as the contest encodes it (0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Empty (0).
    Empty = 0,
    /// Half of a horizontal domino (1).
    Horizontal = 1,
    /// Half of a vertical domino (2).
    Vertical = 2,
}

const CELLS: usize = MAX * STRIDE;
/// Keys 0..169 horizontal cells, 169..338 vertical cells, 338 vertical to move, 339/340 bombs.
static ZOBRIST: [u64; 2 * CELLS + 3] = search_core::zobrist::keys(0x424F_4D42); // "BOMB"

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

/// A position: board size, the cells of each player's dominoes, unused bombs, side to move.
///
/// As text (`Display`, [`FromStr`]): one line per row of `.` (empty), `-` (horizontal domino),
/// `|` (vertical domino), then `to move: horizontal|vertical` and `bombs: H V` (the players whose
/// bomb is unused, `none` for neither). Equality compares that state, not the move history.
#[derive(Clone, Debug)]
pub struct Position {
    rows: u8,
    cols: u8,
    /// Cells covered by horizontal dominoes, by row.
    h: [Row; MAX],
    /// Cells covered by vertical dominoes, by row.
    v: [Row; MAX],
    /// Whether each player (by [`Player`] index) still has its bomb.
    bombs: [bool; 2],
    to_move: Player,
    undo: Vec<Removed>,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (
            self.rows,
            self.cols,
            self.h,
            self.v,
            self.bombs,
            self.to_move,
        ) == (
            other.rows,
            other.cols,
            other.h,
            other.v,
            other.bombs,
            other.to_move,
        )
    }
}

impl Eq for Position {}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads what `Display` prints: rows of `.`, `-`, `|` (white space inside a row ignored;
    /// `#` a blocked cell, covered for neither player), then optional `to move:` (horizontal
    /// when absent; `h`/`v` too) and `bombs:` lines (none when absent).
    ///
    /// # Errors
    /// Rows of unequal length, a size beyond 13×13, another character, a run of horizontal (or
    /// vertical) cells of odd length, or a bad `to move`/`bombs` line.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let mut to_move = Player::Horizontal;
        let mut bombs = [false; 2];
        let mut grid: Vec<Vec<char>> = Vec::new();
        for line in s.lines() {
            let t = line.trim();
            if let Some(v) = t.strip_prefix("to move:") {
                to_move = match v.trim().to_ascii_lowercase().as_str() {
                    "horizontal" | "h" => Player::Horizontal,
                    "vertical" | "v" => Player::Vertical,
                    other => return Err(ParseError(format!("side to move {other:?}"))),
                };
            } else if let Some(v) = t.strip_prefix("bombs:") {
                for tok in v.split_whitespace() {
                    match tok.to_ascii_uppercase().as_str() {
                        "H" => bombs[0] = true,
                        "V" => bombs[1] = true,
                        "NONE" | "-" => {}
                        other => return Err(ParseError(format!("bombs: {other:?} is not H or V"))),
                    }
                }
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
        let mut blocked = [0 as Row; MAX];
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                cells.push(match ch {
                    '.' => Cell::Empty,
                    '-' => Cell::Horizontal,
                    '|' => Cell::Vertical,
                    '#' if r < MAX && c < MAX => {
                        blocked[r] |= 1 << c;
                        Cell::Empty
                    }
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
        let mut p = Position::from_cells(rows, cols, &cells, bombs, to_move)?;
        for (h, b) in p.h.iter_mut().zip(blocked) {
            *h |= b;
        }
        p.key = p.compute_key();
        Ok(p)
    }
}

impl Position {
    /// An empty `rows`×`cols` board (each 1..=13), horizontal to move; `bombs` gives both players
    /// a bomb (the Code Warriors rule), otherwise the game is standard Domineering.
    ///
    /// Panics if a dimension is out of range.
    pub fn new(rows: usize, cols: usize, bombs: bool) -> Position {
        assert!((1..=MAX).contains(&rows) && (1..=MAX).contains(&cols));
        let mut p = Position {
            rows: rows as u8,
            cols: cols as u8,
            h: [0; MAX],
            v: [0; MAX],
            bombs: [bombs; 2],
            to_move: Player::Horizontal,
            undo: Vec::new(),
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    /// A position from cells given row by row (`cells[r * cols + c]`), the unused bombs and the
    /// side to move. Errors when a run of horizontal cells in a row, or of vertical cells in a
    /// column, has odd length: no sequence of dominoes (and bombs, which remove whole dominoes)
    /// leaves such a board.
    pub fn from_cells(
        rows: usize,
        cols: usize,
        cells: &[Cell],
        bombs: [bool; 2],
        to_move: Player,
    ) -> Result<Position, ParseError> {
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
        let mut p = Position::new(rows, cols, false);
        p.bombs = bombs;
        p.to_move = to_move;
        for r in 0..rows {
            for c in 0..cols {
                match cells[r * cols + c] {
                    Cell::Empty => {}
                    Cell::Horizontal => p.h[r] |= 1 << c,
                    Cell::Vertical => p.v[r] |= 1 << c,
                }
            }
        }
        for r in 0..rows {
            if let Some(c) = odd_run(p.h[r]) {
                return Err(ParseError(format!(
                    "row {r}: a run of horizontal cells from column {c} has odd length"
                )));
            }
        }
        for c in 0..cols {
            let col: u32 = (0..rows).map(|r| u32::from(p.v[r] >> c & 1) << r).sum();
            if let Some(r) = odd_run(col as Row) {
                return Err(ParseError(format!(
                    "column {c}: a run of vertical cells from row {r} has odd length"
                )));
            }
        }
        p.key = p.compute_key();
        Ok(p)
    }

    /// Reads a board of `.` (empty) and `#` (occupied) characters, one line per row, all lines
    /// of equal length (1..=13 rows and columns; blank lines are ignored). Occupied cells count
    /// for neither player's dominoes; no bombs; horizontal to move. (The `.`/`#` case of
    /// [`FromStr`], which reads dominoes, the side to move and bombs too.)
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        text.parse()
    }

    /// The key computed from scratch (cells of each kind, side to move, bombs).
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
        for (i, &b) in self.bombs.iter().enumerate() {
            if b {
                k ^= ZOBRIST[2 * CELLS + 1 + i];
            }
        }
        k
    }

    /// The incrementally kept key.
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

    /// Sets the player to move (for positions read from a contest line or a solver query).
    pub fn set_to_move(&mut self, p: Player) {
        if p != self.to_move {
            self.to_move = p;
            self.key ^= ZOBRIST[2 * CELLS];
        }
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
            self.key ^= ZOBRIST[2 * CELLS + 1 + player as usize];
        }
    }

    /// The cell (r, c).
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        if self.h[r] >> c & 1 == 1 {
            Cell::Horizontal
        } else if self.v[r] >> c & 1 == 1 {
            Cell::Vertical
        } else {
            Cell::Empty
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
        !(self.h[r] | self.v[r]) & self.full_row()
    }

    /// Occupied cells by row (either kind), for the solver.
    pub fn occupied_rows(&self) -> [Row; MAX] {
        std::array::from_fn(|r| {
            if r < self.rows as usize {
                self.h[r] | self.v[r]
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

    /// Whether a bomb on the 5×5 area with top-left corner (r, c) is legal on this board (for
    /// whoever holds a bomb): the area is inside the board and no domino crosses its border —
    /// the arena's test, every maximal run of horizontal cells in each of its rows and of
    /// vertical cells in each of its columns has even length.
    pub fn bomb_area_ok(&self, r: usize, c: usize) -> bool {
        if r + BOMB > self.rows as usize || c + BOMB > self.cols as usize {
            return false;
        }
        let mut cols = [0u32; BOMB];
        for (i, rr) in (r..r + BOMB).enumerate() {
            if !EVEN_RUNS[(u32::from(self.h[rr]) >> c & 0x1F) as usize] {
                return false;
            }
            let vbits = u32::from(self.v[rr]) >> c & 0x1F;
            for (j, col) in cols.iter_mut().enumerate() {
                *col |= (vbits >> j & 1) << i;
            }
        }
        cols.iter().all(|&x| EVEN_RUNS[x as usize])
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Place { row, col } => {
                let (r, c) = (row as usize, col as usize);
                r < self.rows as usize
                    && c < self.cols as usize
                    && self.placements_in_row(self.to_move, r) >> c & 1 == 1
            }
            Move::Bomb { row, col } => {
                self.bombs[self.to_move as usize] && self.bomb_area_ok(row as usize, col as usize)
            }
        }
    }

    /// Appends the side to move's legal moves: its dominoes (row-major), then its bombs
    /// (row-major) if it still has one.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let me = self.to_move;
        for r in 0..self.rows as usize {
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
        let (rows, cols) = (self.rows as usize, self.cols as usize);
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
        self.can_place(self.to_move)
            || (self.bombs[self.to_move as usize] && {
                let mut v = Vec::new();
                self.bomb_moves(&mut v);
                !v.is_empty()
            })
    }

    /// Plays `mv` after checking it ([`Position::is_legal`]); unchanged on error.
    pub fn try_play(&mut self, mv: Move) -> Result<(), ParseError> {
        if !self.is_legal(mv) {
            return Err(ParseError(format!("{mv} is not a legal move here")));
        }
        self.play(mv);
        Ok(())
    }

    /// The unchecked fast path for engines: plays `mv`, which must be legal (checked in debug
    /// builds only). Use [`Position::try_play`] for moves from outside.
    pub fn play(&mut self, mv: Move) {
        let me = self.to_move;
        match mv {
            Move::Place { row, col } => {
                let (r, c) = (row as usize, col as usize);
                debug_assert!(
                    self.placements_in_row(me, r) >> c & 1 == 1,
                    "illegal {mv:?}"
                );
                match me {
                    Player::Horizontal => {
                        self.h[r] |= 0b11 << c;
                        self.key ^= ZOBRIST[r * STRIDE + c] ^ ZOBRIST[r * STRIDE + c + 1];
                    }
                    Player::Vertical => {
                        self.v[r] |= 1 << c;
                        self.v[r + 1] |= 1 << c;
                        self.key ^=
                            ZOBRIST[CELLS + r * STRIDE + c] ^ ZOBRIST[CELLS + (r + 1) * STRIDE + c];
                    }
                }
            }
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
                    removed.h[i] = self.h[r] & mask;
                    removed.v[i] = self.v[r] & mask;
                    self.toggle_cells(r, removed.h[i], removed.v[i]);
                }
                self.undo.push(removed);
                self.bombs[me as usize] = false;
                self.key ^= ZOBRIST[2 * CELLS + 1 + me as usize];
            }
        }
        self.to_move = me.opponent();
        self.key ^= ZOBRIST[2 * CELLS];
    }

    /// Takes back `mv`, the last move played.
    pub fn unplay(&mut self, mv: Move) {
        self.to_move = self.to_move.opponent();
        self.key ^= ZOBRIST[2 * CELLS];
        let me = self.to_move;
        match mv {
            Move::Place { row, col } => {
                let (r, c) = (row as usize, col as usize);
                match me {
                    Player::Horizontal => {
                        self.h[r] &= !(0b11 << c);
                        self.key ^= ZOBRIST[r * STRIDE + c] ^ ZOBRIST[r * STRIDE + c + 1];
                    }
                    Player::Vertical => {
                        self.v[r] &= !(1 << c);
                        self.v[r + 1] &= !(1 << c);
                        self.key ^=
                            ZOBRIST[CELLS + r * STRIDE + c] ^ ZOBRIST[CELLS + (r + 1) * STRIDE + c];
                    }
                }
            }
            Move::Bomb { row, .. } => {
                let removed = self.undo.pop().expect("a bomb to take back");
                for i in 0..BOMB {
                    self.toggle_cells(row as usize + i, removed.h[i], removed.v[i]);
                }
                self.bombs[me as usize] = true;
                self.key ^= ZOBRIST[2 * CELLS + 1 + me as usize];
            }
        }
    }

    /// Flips the horizontal cells `h` and vertical cells `v` of row `r`, keeping the key.
    fn toggle_cells(&mut self, r: usize, h: Row, v: Row) {
        self.h[r] ^= h;
        self.v[r] ^= v;
        for (mut bits, base) in [(h, r * STRIDE), (v, CELLS + r * STRIDE)] {
            while bits != 0 {
                self.key ^= ZOBRIST[base + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
    }

    /// The contest's 169 cell codes, row-major (0 empty, 1 horizontal, 2 vertical).
    pub fn cells(&self) -> Vec<Cell> {
        (0..self.rows())
            .flat_map(|r| (0..self.cols()).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c))
            .collect()
    }

    /// The same position mirrored: `vertical_axis` swaps columns c ↔ cols−1−c, otherwise rows
    /// are swapped r ↔ rows−1−r. Both preserve each player's domino orientation. Undo history
    /// is not carried over.
    pub fn mirrored(&self, vertical_axis: bool) -> Position {
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
        Position::from_cells(rows, cols, &mirrored, self.bombs, self.to_move)
            .expect("a mirror image of a reachable board is reachable")
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

impl fmt::Display for Position {
    /// Rows of `.` (empty), `-` (horizontal) and `|` (vertical), then the side to move and the
    /// unused bombs (see [`Position`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                let ch = match self.cell(r, c) {
                    Cell::Empty => '.',
                    Cell::Horizontal => '-',
                    Cell::Vertical => '|',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        let side = match self.to_move {
            Player::Horizontal => "horizontal",
            Player::Vertical => "vertical",
        };
        writeln!(f, "to move: {side}")?;
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
    let count = |bits: &[Row; MAX]| -> u32 { bits.iter().map(|r| r.count_ones()).sum::<u32>() / 2 };
    let (h, v) = (count(&p.h), count(&p.v));
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
        match self.to_move {
            Player::Horizontal => Side::First,
            Player::Vertical => Side::Second,
        }
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
    }

    fn make_move(&mut self, mv: Move) {
        self.play(mv);
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
            Move::Place { row, col } => row as usize * STRIDE + col as usize,
            Move::Bomb { row, col } => CELLS + row as usize * STRIDE + col as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        p.play(Move::Place { row: 0, col: 0 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Vertical));
        // Vertical bombs an empty area: a vertical domino is missing, the bomb is proven used.
        p.play(Move::Bomb { row: 5, col: 5 });
        assert!(opponent_bomb_certainly_used(&p, Player::Horizontal));
        p.unplay(Move::Bomb { row: 5, col: 5 });
        // A bomb that removes the horizontal domino balances the counts: it cannot be told.
        p.play(Move::Bomb { row: 0, col: 0 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Horizontal));
        p.unplay(Move::Bomb { row: 0, col: 0 });
        p.play(Move::Place { row: 5, col: 5 });
        assert!(!opponent_bomb_certainly_used(&p, Player::Horizontal));
    }
}
