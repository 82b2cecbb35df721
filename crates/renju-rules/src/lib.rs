//! The RIF rules of Renju on a 15×15 board: Black's forbidden points (overline, double four,
//! double three with the recursive exception of RIF 9.3), fives, and whole games under a chosen
//! opening rule, as text in and out.
//!
//! Moves of a [`game::RenjuGame`] are played the workspace's one way: `try_play` checks and returns a `PlayError` naming
//! the rule a move breaks, `play` panics with it, `play_unchecked` is the engines' fast path,
//! `check` gives the reason without playing; text errors are `ParseError`; a side is
//! `search_core::Side`, to and from which the game's own `Color` converts.
//!
//! Sources, shipped with the crate: the RIF International Rules of Renju 1996/1998, rules
//! 9.1–9.3, in `tests/data/renju-rif-9.3.txt`; ALPHANO's statement of the rules and its judge
//! protocol in `spec/alphano-renju.md`; the definitions as implemented in `spec/renju-rules.md`.
//!
//! # Example
//!
//! A diagram in, Black's forbidden points with their kinds out:
//!
//! ```
//! use renju_rules::{Board, Forbidden, Point};
//!
//! let board: Board = "
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . X . . . . . . .
//!     . . . . . . . X . . . . . . .
//!     . . . . . . . . X X . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//!     . . . . . . . . . . . . . . .
//! ".parse()?;
//! // h8 would make two open threes (h8-h9-h10 and h8-i8-j8): a double three.
//! let forbidden = board.forbidden_points();
//! assert_eq!(forbidden, vec![("h8".parse::<Point>()?, Forbidden::DoubleThree)]);
//! for (point, kind) in &forbidden {
//!     println!("{point}: {kind}"); // h8: double-three
//! }
//! # Ok::<(), renju_rules::ParseError>(())
//! ```
//!
//! Replaying a game record under RIF's opening is [`game::RenjuGame`]'s job (it implements
//! [`search_core::Game`], re-exported here, so it can be searched as it is). The program
//! `examples/forbidden.rs` reads diagrams from stdin and lists their forbidden points, and the
//! `renju-forbid` binary does the same in a fixed format for scripts.
//!
//! # Conventions
//!
//! - Points are 0-based `(row, col)`, row 0 on top; as text `h8` (column letter, rank from the
//!   bottom) or the judges' `x y` = `(row + 1, col + 1)` (see [`Point`]).
//! - Black moves first. Black wins with exactly five; White with five or more. Black may not
//!   play an overline, a double four or a double three unless the move makes a five
//!   ([`Board::forbidden`]); the double-three exception of RIF 9.3 is applied recursively.
//! - Openings ([`game::Opening`]): free; RIF's (the first three stones in the centre, the central
//!   3×3 and 5×5); ALPHANO's (the same boxes, no pass on those turns). Two passes in a row draw.
//!
//! # Modules
//!
//! - the crate root: [`Board`] (line bitboards in all four directions, updated on every
//!   placement and removal; [`Board::line_window`] gives a point's neighbourhood along a line),
//!   [`Point`], [`Color`], [`Direction`], [`Forbidden`];
//! - [`pattern`]: table-driven classification of a line (fives, overlines, fours, straight
//!   fours, threes) and the forbidden-point test;
//! - [`game`]: [`game::RenjuGame`], [`game::Move`], [`game::Opening`], records as text.

pub use search_core;

pub mod game;
pub mod pattern;

use std::fmt;
use std::str::FromStr;

/// Board side.
pub const SIZE: usize = 15;
/// Padding bits on each side of a line: off-board cells read as blocked.
const PAD: usize = 5;

/// A stone color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; has forbidden moves.
    Black = 0,
    /// Moves second; no forbidden moves, and an overline wins.
    White = 1,
}

impl fmt::Display for Color {
    /// `black` or `white`, as [`Color`]'s `FromStr` reads them.
    ///
    /// ```
    /// use renju_rules::Color;
    ///
    /// assert_eq!(Color::White.to_string(), "white");
    /// assert_eq!("Black".parse::<Color>().unwrap(), Color::Black);
    /// assert!("red".parse::<Color>().is_err());
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

impl FromStr for Color {
    type Err = ParseError;

    /// `black` or `white` (any case, surrounding space ignored).
    fn from_str(s: &str) -> Result<Color, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            _ => Err(ParseError::new(format!(
                "{s:?} is not a color (black or white)"
            ))),
        }
    }
}

impl From<Color> for search_core::Side {
    /// Black is [`search_core::Side::First`], White [`search_core::Side::Second`].
    fn from(c: Color) -> search_core::Side {
        match c {
            Color::Black => search_core::Side::First,
            Color::White => search_core::Side::Second,
        }
    }
}

impl From<search_core::Side> for Color {
    /// [`search_core::Side::First`] is Black, [`search_core::Side::Second`] White.
    fn from(s: search_core::Side) -> Color {
        match s {
            search_core::Side::First => Color::Black,
            search_core::Side::Second => Color::White,
        }
    }
}

impl Color {
    /// The other color.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A point, 0-based `(row, col)`; row 0 is the top row of a diagram.
///
/// As text ([`fmt::Display`], [`FromStr`]) a point is written the way Renju players write it: the
/// column as a letter `a`–`o` (column 0 = `a`), then the rank 1–15 counted from the bottom row
/// (row 14 = rank 1), so `h8` is the centre and `a15` the top-left corner. [`FromStr`] also
/// takes the judges' numbers `x y` (1-based row, column; ALPHANO's `MOVE x y`), and
/// [`Point::judge`] prints them.
///
/// ```
/// use renju_rules::Point;
/// let centre: Point = "h8".parse()?;
/// assert_eq!((centre.row, centre.col), (7, 7));
/// assert_eq!("8 8".parse::<Point>()?, centre);
/// let corner = Point::new(0, 0).unwrap();
/// assert_eq!(corner.to_string(), "a15");
/// assert_eq!(corner.judge().to_string(), "1 1");
/// assert!(Point::new(15, 0).is_none() && "p1".parse::<Point>().is_err());
/// # Ok::<(), renju_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row 0..15 (the protocol's x − 1).
    pub row: u8,
    /// Column 0..15 (the protocol's y − 1).
    pub col: u8,
}

impl Point {
    /// The point (row, col), or `None` off the board.
    pub const fn new(row: usize, col: usize) -> Option<Point> {
        if row < SIZE && col < SIZE {
            Some(Point {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    /// The point of the judges' 1-based `(x, y)` = (row + 1, col + 1), or `None` off the board.
    pub fn from_judge(x: i64, y: i64) -> Option<Point> {
        if (1..=SIZE as i64).contains(&x) && (1..=SIZE as i64).contains(&y) {
            Point::new(x as usize - 1, y as usize - 1)
        } else {
            None
        }
    }

    /// The judges' form `x y` (1-based row, then column), as ALPHANO's `MOVE x y` writes it.
    pub fn judge(self) -> impl fmt::Display {
        struct Judge(Point);
        impl fmt::Display for Judge {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", self.0.row + 1, self.0.col + 1)
            }
        }
        Judge(self)
    }

    /// Index `row * 15 + col`.
    pub fn index(self) -> usize {
        self.row as usize * SIZE + self.col as usize
    }

    /// The point of an index `0..225` (`i % 225` for a larger one: indices come from loops
    /// over the board, never from input).
    ///
    /// ```
    /// use renju_rules::Point;
    ///
    /// for i in 0..1000 {
    ///     let p = Point::from_index(i);
    ///     assert_eq!((p.row as usize, p.col as usize), (i % 225 / 15, i % 225 % 15));
    ///     assert_eq!(p.index(), i % 225);
    /// }
    /// ```
    #[inline]
    pub fn from_index(i: usize) -> Point {
        // A lookup in place of the divisions, on the evaluation's hot path.
        match POINT_OF_INDEX.get(i) {
            Some(&p) => p,
            None => POINT_OF_INDEX[i % (SIZE * SIZE)],
        }
    }

    /// The point `k` steps along direction `d` (may leave the board).
    pub fn step(self, d: Direction, k: i32) -> Option<Point> {
        let (dr, dc) = d.delta();
        let r = self.row as i32 + dr * k;
        let c = self.col as i32 + dc * k;
        ((0..SIZE as i32).contains(&r) && (0..SIZE as i32).contains(&c)).then_some(Point {
            row: r as u8,
            col: c as u8,
        })
    }

    /// The image under symmetry `s` (0..8): bit 0 mirrors columns, bit 1 mirrors rows, bit 2
    /// transposes (applied first).
    pub fn transformed(self, s: u8) -> Point {
        let (mut r, mut c) = (self.row as usize, self.col as usize);
        if s & 4 != 0 {
            std::mem::swap(&mut r, &mut c);
        }
        if s & 1 != 0 {
            c = SIZE - 1 - c;
        }
        if s & 2 != 0 {
            r = SIZE - 1 - r;
        }
        Point {
            row: r as u8,
            col: c as u8,
        }
    }
}

impl fmt::Display for Point {
    /// `h8`: the column letter and the rank from the bottom (see [`Point`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.col) as char,
            SIZE - self.row as usize
        )
    }
}

impl FromStr for Point {
    type Err = ParseError;

    /// Reads `h8` (either case) or the judges' `8 8` (see [`Point`]).
    fn from_str(s: &str) -> Result<Point, ParseError> {
        let t = s.trim();
        let bad = || ParseError::new(format!("{t:?} is not a point (a1..o15, or x y in 1..15)"));
        if let Some((x, y)) = t.split_once(char::is_whitespace) {
            let x: i64 = x.trim().parse().map_err(|_| bad())?;
            let y: i64 = y.trim().parse().map_err(|_| bad())?;
            return Point::from_judge(x, y).ok_or_else(bad);
        }
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !('a'..='o').contains(&letter) || !(1..=SIZE).contains(&rank) {
            return Err(bad());
        }
        Point::new(SIZE - rank, letter as usize - 'a' as usize).ok_or_else(bad)
    }
}

/// Why text could not be read as a point, a move, a forbidden kind, a board or a game record;
/// the message says what was read and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(String);

impl ParseError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError(message.into())
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Why a stone could not be put on or taken off a point ([`Board::try_put`],
/// [`Board::try_remove`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// The point already holds a stone.
    Occupied(Point),
    /// The point holds no stone.
    Empty(Point),
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::Occupied(p) => write!(f, "{p} is occupied"),
            PlaceError::Empty(p) => write!(f, "{p} holds no stone"),
        }
    }
}

impl std::error::Error for PlaceError {}

/// One of the four line directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Along a row (column increases).
    Horizontal = 0,
    /// Along a column (row increases).
    Vertical = 1,
    /// Row and column increase together.
    Diagonal = 2,
    /// Row increases, column decreases.
    AntiDiagonal = 3,
}

impl Direction {
    /// All four.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// (row step, column step).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (0, 1),
            Direction::Vertical => (1, 0),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }

    /// The line through `p` in this direction and `p`'s position along it (0-based from the
    /// line's start).
    #[inline]
    fn line_of(self, p: Point) -> (usize, usize) {
        let (r, c) = (p.row as usize, p.col as usize);
        match self {
            Direction::Horizontal => (r, c),
            Direction::Vertical => (c, r),
            // Lines by r − c + 14 (0..29); position = min(r, c) along it.
            Direction::Diagonal => (r + SIZE - 1 - c, r.min(c)),
            // Lines by r + c (0..29); position = r − max(0, r + c − 14).
            Direction::AntiDiagonal => (r + c, r - (r + c).saturating_sub(SIZE - 1)),
        }
    }

    /// The points of the board within five steps of `q` along this direction (`q` included),
    /// each with its step `k + 5` (0..11), in step order: `q.step(self, k)` for each `k` in
    /// `−5..=5` that is on the board, read from `q`'s place along its line.
    ///
    /// ```
    /// use renju_rules::{Direction, Point};
    ///
    /// for i in 0..225 {
    ///     let q = Point::from_index(i);
    ///     for d in Direction::ALL {
    ///         let stepped: Vec<_> = (-5..=5)
    ///             .filter_map(|k| q.step(d, k).map(|p| ((k + 5) as usize, p)))
    ///             .collect();
    ///         assert_eq!(d.around(q).collect::<Vec<_>>(), stepped);
    ///     }
    /// }
    /// // A corner along a row: itself and the five to its right.
    /// let corner = Point::from_index(0);
    /// assert_eq!(Direction::Horizontal.around(corner).count(), 6);
    /// ```
    #[inline]
    pub fn around(self, q: Point) -> impl Iterator<Item = (usize, Point)> {
        let (l, at) = self.line_of(q);
        let len = self.line_len(l) as i32;
        let (dr, dc) = self.delta();
        let (at, row, col) = (at as i32, q.row as i32, q.col as i32);
        (-5..=5i32)
            .filter(move |k| (0..len).contains(&(at + k)))
            .map(move |k| {
                let p = Point {
                    row: (row + dr * k) as u8,
                    col: (col + dc * k) as u8,
                };
                ((k + 5) as usize, p)
            })
    }

    /// [`Direction::around`] by point index (`row * 15 + col`): the step `k + 5` and the index
    /// of each point of the board within five steps of `q` along this direction, in step
    /// order; the on-board steps are found once, then each index is the last plus the
    /// direction's step (no bounds test or [`Point`] per step).
    ///
    /// ```
    /// use renju_rules::{Direction, Point};
    ///
    /// let q = Point::new(1, 13).unwrap();
    /// let steps: Vec<_> = Direction::AntiDiagonal.around_indices(q).collect();
    /// // Up and to the right one step (row 0, col 14), down and to the left to row 6, col 8.
    /// assert_eq!(steps.first(), Some(&(4, 14)));
    /// assert_eq!(steps.last(), Some(&(10, 6 * 15 + 8)));
    /// assert_eq!(steps.len(), 7);
    /// ```
    #[inline]
    pub fn around_indices(self, q: Point) -> impl Iterator<Item = (usize, usize)> {
        self.indices_within(q, 5)
            .map(|(k, i)| ((k + 5) as usize, i))
    }

    /// The step `k` (`−reach ..= reach`) and the index (`row * 15 + col`) of each point of the
    /// board within `reach` steps of `q` along this direction (`q` included, at `k` = 0), in
    /// step order, as [`Direction::around_indices`] finds them.
    ///
    /// ```
    /// use renju_rules::{Direction, Point};
    ///
    /// let q = Point::new(0, 1).unwrap();
    /// let near: Vec<_> = Direction::Horizontal.indices_within(q, 2).collect();
    /// assert_eq!(near, [(-1, 0), (0, 1), (1, 2), (2, 3)]);
    /// ```
    #[inline]
    pub fn indices_within(self, q: Point, reach: i32) -> impl Iterator<Item = (i32, usize)> {
        let (l, at) = self.line_of(q);
        let (len, at) = (self.line_len(l) as i32, at as i32);
        let (dr, dc) = self.delta();
        let step = dr * SIZE as i32 + dc;
        let (lo, hi) = ((-at).max(-reach), (len - 1 - at).min(reach));
        let qi = q.index() as i32;
        (lo..hi + 1).map(move |k| (k, (qi + k * step) as usize))
    }

    /// Length of line `l`.
    #[inline]
    fn line_len(self, l: usize) -> usize {
        match self {
            Direction::Horizontal | Direction::Vertical => SIZE,
            Direction::Diagonal | Direction::AntiDiagonal => {
                SIZE - (l as i32 - (SIZE as i32 - 1)).unsigned_abs() as usize
            }
        }
    }
}

/// [`Point::from_index`] of every index, built at compile time.
static POINT_OF_INDEX: [Point; SIZE * SIZE] = {
    let mut t = [Point { row: 0, col: 0 }; SIZE * SIZE];
    let mut i = 0;
    while i < SIZE * SIZE {
        t[i] = Point {
            row: (i / SIZE) as u8,
            col: (i % SIZE) as u8,
        };
        i += 1;
    }
    t
};

/// Lines per direction (rows, columns, and 29 diagonals each way), offsets into the line array.
const LINE_BASE: [usize; 4] = [0, SIZE, 2 * SIZE, 2 * SIZE + 2 * SIZE - 1];
const LINES: usize = 2 * SIZE + 2 * (2 * SIZE - 1);

/// Why a point is forbidden for Black (named by the first that applies, as RIF 9.2 orders them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Forbidden {
    /// The stone makes a row of six or more (and no five).
    Overline,
    /// The stone makes two or more fours (and no five).
    DoubleFour,
    /// The stone makes two or more threes that can still become straight fours on points that
    /// are not themselves forbidden (RIF 9.3), and no five.
    DoubleThree,
}

impl Forbidden {
    /// The name `renju-forbid` prints: `overline`, `double-four`, `double-three`.
    pub fn name(self) -> &'static str {
        match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double-four",
            Forbidden::DoubleThree => "double-three",
        }
    }
}

impl fmt::Display for Forbidden {
    /// [`Forbidden::name`]: `overline`, `double-four`, `double-three`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Forbidden {
    type Err = ParseError;

    /// Reads a [`Forbidden::name`], ignoring case, spaces, `-` and `_` (`Double Three` too).
    fn from_str(s: &str) -> Result<Forbidden, ParseError> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "overline" => Ok(Forbidden::Overline),
            "doublefour" | "44" => Ok(Forbidden::DoubleFour),
            "doublethree" | "33" => Ok(Forbidden::DoubleThree),
            _ => Err(ParseError::new(format!(
                "{s:?} is not overline, double-four or double-three"
            ))),
        }
    }
}

/// Stones on the board, as line bitboards in all four directions.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// `lines[color][line]`: bit `PAD + i` is the line's `i`-th point.
    lines: [[u32; LINES]; 2],
    /// Off-board bits of each line (both padding regions and beyond the line's length).
    offboard: [u32; LINES],
    cells: [Option<Color>; SIZE * SIZE],
    stones: usize,
    key: u64,
    /// `codes[color][point][direction]`: what a `color` stone on the point makes along the
    /// line ([`pattern::LineCode`]), kept up to date for the eleven points around every stone
    /// put or removed.
    codes: Box<[[[pattern::LineCode; 4]; SIZE * SIZE]; 2]>,
    /// `windows[color][point][direction]`: the table index ([`pattern::index`]) of the
    /// point's window along the line for `color`, from which its code is read. A stone put
    /// or taken `k` steps away moves it by a constant ([`pattern::bit_weight`]), so it is
    /// kept by additions instead of being read from the line words again.
    windows: Box<[[[u16; 4]; SIZE * SIZE]; 2]>,
    /// The code tables ([`pattern::codes`]), held for reading without a lazy static's check.
    tables: Tables,
}

/// The one set of [`pattern::LineCodes`] every board holds (so equal on all boards).
#[derive(Clone, Copy)]
struct Tables(&'static pattern::LineCodes);

impl PartialEq for Tables {
    fn eq(&self, _: &Tables) -> bool {
        true
    }
}

impl Eq for Tables {}

/// Patterns [`Board::put_saving`] saves per stone: both colors at the 11 points of each of
/// the four lines through it.
pub const SAVED_PER_STONE: usize = 2 * 11 * 4;

/// What a stone adds to the window index ([`pattern::index`]) of the point `slot − 5` steps
/// from it along a line, as the window's own stone (twice that as a blocked point); 0 at the
/// stone's own point, whose window leaves it out.
const SLOT_WEIGHT: [u16; 11] = {
    let mut w = [0u16; 11];
    let mut slot = 0;
    while slot < 11 {
        if slot != 5 {
            // The stone lies `slot − 5` steps from the point: on its window's bit 10 − slot.
            w[slot] = pattern::bit_weight(10 - slot as u32);
        }
        slot += 1;
    }
    w
};

/// Zobrist keys: 225 Black points, then 225 White points.
static ZOBRIST: [u64; 2 * SIZE * SIZE] = search_core::zobrist::keys(0x5245_4E4A_5552_4C45); // "RENJURLE"

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        let mut offboard = [0u32; LINES];
        for d in Direction::ALL {
            let count = if LINE_BASE[d as usize] < 2 * SIZE {
                SIZE
            } else {
                2 * SIZE - 1
            };
            for l in 0..count {
                let len = d.line_len(l);
                offboard[LINE_BASE[d as usize] + l] = !(((1u32 << len) - 1) << PAD);
            }
        }
        let mut b = Board {
            lines: [[0; LINES]; 2],
            offboard,
            cells: [None; SIZE * SIZE],
            stones: 0,
            key: 0,
            codes: Box::new([[[pattern::LineCode::default(); 4]; SIZE * SIZE]; 2]),
            windows: Box::new([[[0; 4]; SIZE * SIZE]; 2]),
            tables: Tables(pattern::codes()),
        };
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            for d in Direction::ALL {
                for color in [Color::Black, Color::White] {
                    let (own, blocked) = b.line_window(p, d, color);
                    let index = pattern::index(own, blocked);
                    b.windows[color as usize][i][d as usize] = index as u16;
                    b.codes[color as usize][i][d as usize] = b.tables.0.code(color, index);
                }
            }
        }
        b
    }

    /// What a `color` stone on `p` makes along `d`: five, overline, fours, straight four, three
    /// points (see [`pattern::LineInfo`]); `p`'s own content is ignored. Kept incrementally.
    #[inline]
    pub fn pattern(&self, p: Point, d: Direction, color: Color) -> pattern::LineInfo {
        self.tables.0.info(self.line_code(p, d, color))
    }

    /// The [`Board::line_code`]s of the four lines through the point of index `i`
    /// (`row * 15 + col`) for `color`, in [`Direction::ALL`] order.
    #[inline]
    pub fn line_codes_at(&self, i: usize, color: Color) -> [pattern::LineCode; 4] {
        self.codes[color as usize][i]
    }

    /// [`Board::get`] of the point of index `i` (`row * 15 + col`).
    #[inline]
    pub fn get_at(&self, i: usize) -> Option<Color> {
        self.cells[i]
    }

    /// [`Board::pattern`] as its one-byte [`pattern::LineCode`] (equal codes, equal patterns).
    #[inline]
    pub fn line_code(&self, p: Point, d: Direction, color: Color) -> pattern::LineCode {
        self.codes[color as usize][p.index()][d as usize]
    }

    /// Takes a `color` stone on `q` out of the window indices around it, and puts back the
    /// codes there that [`Board::put_saving`] saved last, popping them.
    fn restore_around(&mut self, q: Point, color: Color, saved: &mut Vec<pattern::LineCode>) {
        let base = saved.len() - SAVED_PER_STONE;
        let (own, other) = (color as usize, color.opponent() as usize);
        for (di, d) in Direction::ALL.into_iter().enumerate() {
            for (slot, p) in d.around_indices(q) {
                let w = SLOT_WEIGHT[slot];
                self.windows[own][p][di] -= w;
                self.windows[other][p][di] -= 2 * w;
                let at = base + (di * 11 + slot) * 2;
                self.codes[Color::Black as usize][p][di] = saved[at];
                self.codes[Color::White as usize][p][di] = saved[at + 1];
            }
        }
        saved.truncate(base);
    }

    /// [`Board::put_unchecked`], appending to `saved` the [`SAVED_PER_STONE`] pattern codes it
    /// replaces (direction, step −5 … 5, Black then White; [`Board::line_code`]), so that
    /// [`Board::remove_restoring`] can put them back instead of recomputing them.
    pub fn put_saving(&mut self, p: Point, color: Color, saved: &mut Vec<pattern::LineCode>) {
        debug_assert!(self.get(p).is_none(), "{p:?} is occupied");
        let base = saved.len();
        saved.resize(base + SAVED_PER_STONE, pattern::LineCode::default());
        self.place_stone(p, color);
        self.shift_windows(p, color, 1, |di, slot, black, white| {
            let at = base + (di * 11 + slot) * 2;
            saved[at] = black;
            saved[at + 1] = white;
        });
    }

    /// Removes the stone on `p` that the last [`Board::put_saving`] with this `saved` put
    /// there, restoring the patterns it saved (and popping them). Stones must be removed in
    /// the reverse order of their puts; `saved` must hold at least [`SAVED_PER_STONE`] entries.
    pub fn remove_restoring(&mut self, p: Point, saved: &mut Vec<pattern::LineCode>) {
        if let Some(color) = self.take_stone(p) {
            self.restore_around(p, color, saved);
        }
    }

    /// Takes the stone off `p` (cells, count, key, lines; not the patterns): its color, if
    /// there was one (checked only in debug builds).
    fn take_stone(&mut self, p: Point) -> Option<Color> {
        let Some(color) = self.cells[p.index()].take() else {
            debug_assert!(false, "no stone on {p:?} to remove");
            return None;
        };
        self.stones -= 1;
        self.key ^= ZOBRIST[color as usize * SIZE * SIZE + p.index()];
        for d in Direction::ALL {
            let (l, i) = d.line_of(p);
            self.lines[color as usize][LINE_BASE[d as usize] + l] &= !(1 << (PAD + i));
        }
        Some(color)
    }

    /// Puts a `color` stone on the empty `p` (cells, count, key, lines; not the patterns).
    fn place_stone(&mut self, p: Point, color: Color) {
        self.cells[p.index()] = Some(color);
        self.stones += 1;
        self.key ^= ZOBRIST[color as usize * SIZE * SIZE + p.index()];
        for d in Direction::ALL {
            let (l, i) = d.line_of(p);
            self.lines[color as usize][LINE_BASE[d as usize] + l] |= 1 << (PAD + i);
        }
    }

    /// Moves the window indices within five steps of `q` along its lines by a `color` stone
    /// on `q` (`sign` 1: put, −1: taken off) and reads their codes again, handing each
    /// point's codes before the change (Black's, White's) to `old` with the direction's
    /// number and the point's slot (step + 5).
    #[inline(always)]
    fn shift_windows(
        &mut self,
        q: Point,
        color: Color,
        sign: i16,
        mut old: impl FnMut(usize, usize, pattern::LineCode, pattern::LineCode),
    ) {
        let tables = self.tables.0;
        let (own, other) = (color as usize, color.opponent() as usize);
        for (di, d) in Direction::ALL.into_iter().enumerate() {
            for (slot, p) in d.around_indices(q) {
                old(
                    di,
                    slot,
                    self.codes[Color::Black as usize][p][di],
                    self.codes[Color::White as usize][p][di],
                );
                // (Wrapping: a take-back adds the weight's negation.)
                let w = SLOT_WEIGHT[slot].wrapping_mul(sign as u16);
                let own_index = &mut self.windows[own][p][di];
                *own_index = own_index.wrapping_add(w);
                let own_index = *own_index as usize;
                let other_index = &mut self.windows[other][p][di];
                *other_index = other_index.wrapping_add(w.wrapping_mul(2));
                let other_index = *other_index as usize;
                self.codes[own][p][di] = tables.code(color, own_index);
                self.codes[other][p][di] = tables.code(color.opponent(), other_index);
            }
        }
    }

    /// The stone on `p`.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()]
    }

    /// The Zobrist key of the stones, kept incrementally.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key a `color` stone on `p` adds to (XORs into) [`Board::key`]: the key of a
    /// position one stone on, without playing it.
    #[inline]
    pub fn stone_key(p: Point, color: Color) -> u64 {
        ZOBRIST[color as usize * SIZE * SIZE + p.index()]
    }

    /// The Zobrist key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        (0..SIZE * SIZE)
            .filter_map(|i| self.cells[i].map(|c| ZOBRIST[c as usize * SIZE * SIZE + i]))
            .fold(0, |k, z| k ^ z)
    }

    /// Number of stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Puts a `color` stone on `p` after checking that it is empty; the board is unchanged on
    /// error. (No rule beyond that: forbidden points and turns are [`game::RenjuGame`]'s.)
    pub fn try_put(&mut self, p: Point, color: Color) -> Result<(), PlaceError> {
        if self.get(p).is_some() {
            return Err(PlaceError::Occupied(p));
        }
        self.put_unchecked(p, color);
        Ok(())
    }

    /// Takes the stone off `p` after checking that there is one; returns its color.
    pub fn try_remove(&mut self, p: Point) -> Result<Color, PlaceError> {
        let color = self.get(p).ok_or(PlaceError::Empty(p))?;
        self.remove_unchecked(p);
        Ok(color)
    }

    /// The fast path for engines: puts a `color` stone on `p`, which must be empty (checked only
    /// in debug builds; a stone on an occupied point corrupts the board). Use
    /// [`Board::try_put`] for points from outside.
    pub fn put_unchecked(&mut self, p: Point, color: Color) {
        debug_assert!(self.get(p).is_none(), "{p:?} is occupied");
        self.place_stone(p, color);
        self.shift_windows(p, color, 1, |_, _, _, _| {});
    }

    /// The fast path for engines: removes the stone on `p`, which must hold one (an empty point
    /// is left alone; checked only in debug builds). Use [`Board::try_remove`] from outside.
    pub fn remove_unchecked(&mut self, p: Point) {
        if let Some(color) = self.take_stone(p) {
            self.shift_windows(p, color, -1, |_, _, _, _| {});
        }
    }

    /// The 11 points centred on `p` along `d` (p−5 … p+5), as bit masks (bit 5 is `p`): the
    /// `color` stones, and the blocked points (the other color's stones and off-board points).
    #[inline]
    pub fn line_window(&self, p: Point, d: Direction, color: Color) -> (u32, u32) {
        let (l, i) = d.line_of(p);
        let k = LINE_BASE[d as usize] + l;
        let own = self.lines[color as usize][k] >> i & 0x7FF;
        let blocked = (self.lines[color.opponent() as usize][k] | self.offboard[k]) >> i & 0x7FF;
        (own, blocked)
    }

    /// The longest run of `color` stones through `p` along `d`, counting `p` as a `color` stone.
    pub fn run_through(&self, p: Point, d: Direction, color: Color) -> u32 {
        let (own, _) = self.line_window(p, d, color);
        let own = own | 1 << 5;
        let up = (own >> 6).trailing_ones();
        let down = (own << (32 - 5)).leading_ones();
        1 + up + down
    }

    /// Whether a `color` stone on `p` makes five (for Black exactly five, for White five or more)
    /// in some direction.
    pub fn makes_five(&self, p: Point, color: Color) -> bool {
        Direction::ALL.iter().any(|&d| {
            let run = self.run_through(p, d, color);
            run == 5 || (color == Color::White && run > 5)
        })
    }

    /// The color with a five on the board (for Black exactly five in a row, for White five or
    /// more), if one has: the game's end by the stones alone, as a position set up from a
    /// record or a manager's `BOARD` must be checked. Black first if both have one.
    ///
    /// ```
    /// use renju_rules::{Board, Color};
    ///
    /// let mut board = Board::new();
    /// for col in 0..5 {
    ///     board.put_unchecked("h8".parse::<renju_rules::Point>()?.step(renju_rules::Direction::ALL[0], col).unwrap(), Color::White);
    /// }
    /// assert_eq!(board.five(), Some(Color::White));
    /// # Ok::<(), renju_rules::ParseError>(())
    /// ```
    pub fn five(&self) -> Option<Color> {
        // `makes_five` counts the point itself as the color's stone: on a point that holds one,
        // it says whether that stone stands in a five.
        [Color::Black, Color::White].into_iter().find(|&c| {
            (0..SIZE * SIZE)
                .map(Point::from_index)
                .any(|p| self.get(p) == Some(c) && self.makes_five(p, c))
        })
    }

    /// Why a Black stone on the empty point `p` would be forbidden, if it would; `None` for a
    /// legal point (or an occupied one). A move that makes a five is never forbidden.
    pub fn forbidden(&self, p: Point) -> Option<Forbidden> {
        if self.get(p).is_some() {
            return None;
        }
        pattern::forbidden(self, p)
    }

    /// Every Black-forbidden empty point with its kind, in increasing (row, col) order.
    pub fn forbidden_points(&self) -> Vec<(Point, Forbidden)> {
        pattern::forbidden_points(self)
    }

    /// The board under symmetry `s` (0..8, see [`Point::transformed`]).
    pub fn transformed(&self, s: u8) -> Board {
        let mut b = Board::new();
        for i in 0..SIZE * SIZE {
            if let Some(c) = self.cells[i] {
                b.put_unchecked(Point::from_index(i).transformed(s), c);
            }
        }
        b
    }

    /// Reads a diagram: 15 rows of 15 cells, the first row on top (row 0, rank 15). Tolerant
    /// as every plyforge diagram reader is: blank lines and white space are ignored, cells are
    /// `X`/`B` (Black), `O`/`W` (White), `.`/`+`/`_` (empty) in either case, and one row of
    /// column letters `a`–`o` (a header or footer) is skipped.
    ///
    /// # Errors
    /// A row count or a row length other than 15, or another character, named by its row.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|l| !l.is_empty())
            .filter(|l| {
                !l.iter()
                    .collect::<String>()
                    .eq_ignore_ascii_case("abcdefghijklmno")
            })
            .collect();
        if rows.len() != SIZE {
            return Err(ParseError::new(format!(
                "{} rows, expected {SIZE}",
                rows.len()
            )));
        }
        let mut b = Board::new();
        for (r, row) in rows.iter().enumerate() {
            if row.len() != SIZE {
                return Err(ParseError::new(format!(
                    "row {} has {} cells, expected {SIZE}",
                    r + 1,
                    row.len()
                )));
            }
            for (c, ch) in row.iter().enumerate() {
                let p = Point::from_index(r * SIZE + c);
                match ch.to_ascii_uppercase() {
                    '.' | '+' | '_' => {}
                    'X' | 'B' => b.put_unchecked(p, Color::Black),
                    'O' | 'W' => b.put_unchecked(p, Color::White),
                    other => {
                        return Err(ParseError::new(format!(
                            "row {} column {}: {other:?} is not '.', 'X' or 'O'",
                            r + 1,
                            c + 1
                        )))
                    }
                }
            }
        }
        Ok(b)
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// [`Board::parse`]: reads what `Display` prints, and more (see there).
    fn from_str(s: &str) -> Result<Board, ParseError> {
        Board::parse(s)
    }
}

impl fmt::Display for Board {
    /// 15 lines of `.`, `X` (Black) and `O` (White), row 0 (rank 15) first; reads back with
    /// [`Board::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..SIZE {
            for c in 0..SIZE {
                let ch = match self.cells[r * SIZE + c] {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}
