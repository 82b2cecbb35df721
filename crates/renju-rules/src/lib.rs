//! The RIF rules of Renju on a 15×15 board, as ALPHANO plays them (spec:
//! `shared/specs/alphano-renju.md`; RIF International Rules of Renju 1996/1998, rules 9.1–9.3, in
//! `shared/data/renju-rif-9.3.txt`; the definitions as implemented: `docs/renju-rules.md`).
//!
//! - Points are 0-based `(row, col)`; the protocol's `(x, y)` is `(row + 1, col + 1)`.
//! - Black moves first. Black wins with exactly five; White with five or more. Black may not
//!   play an overline, a double four or a double three unless the move makes a five
//!   ([`Board::forbidden`]); the double-three exception of RIF 9.3 is applied recursively.
//! - ALPHANO's opening: Black's first stone on the centre, White's first within the central 3×3,
//!   Black's second within the central 5×5, no pass on those turns ([`game::Game::check`]). Two
//!   passes in a row draw.
//!
//! [`Board`] keeps each colour's stones as line bitboards in all four directions, updated on every
//! placement and removal; [`Board::line_window`] gives a point's neighbourhood along a line and
//! [`pattern`] classifies it by table lookup (fives, overlines, fours, straight fours, threes).

pub mod game;
pub mod pattern;

use std::fmt;

/// Board side.
pub const SIZE: usize = 15;
/// Padding bits on each side of a line: off-board cells read as blocked.
const PAD: usize = 5;

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; has forbidden moves.
    Black = 0,
    /// Moves second; no forbidden moves, and an overline wins.
    White = 1,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A point, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row 0..15 (the protocol's x − 1).
    pub row: u8,
    /// Column 0..15 (the protocol's y − 1).
    pub col: u8,
}

impl Point {
    /// The point (row, col); panics off the board.
    pub fn new(row: usize, col: usize) -> Point {
        assert!(row < SIZE && col < SIZE, "({row}, {col}) is off the board");
        Point {
            row: row as u8,
            col: col as u8,
        }
    }

    /// Index `row * 15 + col`.
    pub fn index(self) -> usize {
        self.row as usize * SIZE + self.col as usize
    }

    /// The point of an index 0..225.
    pub fn from_index(i: usize) -> Point {
        Point::new(i / SIZE, i % SIZE)
    }

    /// The point `k` steps along direction `d` (may leave the board).
    pub fn step(self, d: Direction, k: i32) -> Option<Point> {
        let (dr, dc) = d.delta();
        let r = self.row as i32 + dr * k;
        let c = self.col as i32 + dc * k;
        ((0..SIZE as i32).contains(&r) && (0..SIZE as i32).contains(&c))
            .then(|| Point::new(r as usize, c as usize))
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
        Point::new(r, c)
    }
}

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
    pub fn delta(self) -> (i32, i32) {
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
    /// `patterns[color][point][direction]`: what a `color` stone on the point makes along the
    /// line, kept up to date for the ten points around every stone put or removed.
    patterns: Box<[[[pattern::LineInfo; 4]; SIZE * SIZE]; 2]>,
}

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
            patterns: Box::new([[[pattern::LineInfo::default(); 4]; SIZE * SIZE]; 2]),
        };
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            for d in Direction::ALL {
                for color in [Color::Black, Color::White] {
                    b.patterns[color as usize][i][d as usize] =
                        pattern::line_info_from_lines(&b, p, d, color);
                }
            }
        }
        b
    }

    /// What a `color` stone on `p` makes along `d`: five, overline, fours, straight four, three
    /// points (see [`pattern::LineInfo`]); `p`'s own content is ignored. Kept incrementally.
    #[inline]
    pub fn pattern(&self, p: Point, d: Direction, color: Color) -> pattern::LineInfo {
        self.patterns[color as usize][p.index()][d as usize]
    }

    /// Recomputes the patterns of the points within distance 5 of `q` along its four lines.
    fn refresh_around(&mut self, q: Point) {
        for d in Direction::ALL {
            for k in -5..=5 {
                if let Some(p) = q.step(d, k) {
                    for color in [Color::Black, Color::White] {
                        self.patterns[color as usize][p.index()][d as usize] =
                            pattern::line_info_from_lines(self, p, d, color);
                    }
                }
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

    /// Puts a `color` stone on the empty point `p`.
    pub fn put(&mut self, p: Point, color: Color) {
        debug_assert!(self.get(p).is_none(), "{p:?} is occupied");
        self.cells[p.index()] = Some(color);
        self.stones += 1;
        self.key ^= ZOBRIST[color as usize * SIZE * SIZE + p.index()];
        for d in Direction::ALL {
            let (l, i) = d.line_of(p);
            self.lines[color as usize][LINE_BASE[d as usize] + l] |= 1 << (PAD + i);
        }
        self.refresh_around(p);
    }

    /// Removes the stone on `p`.
    pub fn remove(&mut self, p: Point) {
        let color = self.cells[p.index()].take().expect("a stone to remove");
        self.stones -= 1;
        self.key ^= ZOBRIST[color as usize * SIZE * SIZE + p.index()];
        for d in Direction::ALL {
            let (l, i) = d.line_of(p);
            self.lines[color as usize][LINE_BASE[d as usize] + l] &= !(1 << (PAD + i));
        }
        self.refresh_around(p);
    }

    /// The 11 points centred on `p` along `d` (p−5 … p+5), as bit masks (bit 5 is `p`): the
    /// `color` stones, and the blocked points (the other colour's stones and off-board points).
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
                b.put(Point::from_index(i).transformed(s), c);
            }
        }
        b
    }

    /// Reads 15 lines of 15 characters: `.` empty, `X` Black, `O` White (first line row 1).
    pub fn parse(text: &str) -> Result<Board, String> {
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        if lines.len() != SIZE {
            return Err(format!("{} lines, expected {SIZE}", lines.len()));
        }
        let mut b = Board::new();
        for (r, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != SIZE {
                return Err(format!(
                    "line {} has {} characters, expected {SIZE}",
                    r + 1,
                    chars.len()
                ));
            }
            for (c, ch) in chars.iter().enumerate() {
                match ch {
                    '.' => {}
                    'X' => b.put(Point::new(r, c), Color::Black),
                    'O' => b.put(Point::new(r, c), Color::White),
                    other => {
                        return Err(format!(
                            "line {} column {}: {other:?} is not '.', 'X' or 'O'",
                            r + 1,
                            c + 1
                        ))
                    }
                }
            }
        }
        Ok(b)
    }
}

impl fmt::Display for Board {
    /// 15 lines of `.`, `X` (Black) and `O` (White).
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
