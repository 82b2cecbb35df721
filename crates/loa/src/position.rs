//! Squares, moves and positions; move generation and the game's outcome.

use crate::bitboard::{self, squares, Bitboard, BETWEEN, DIRECTIONS, LINES};
use crate::zobrist;
use search_core::{Game, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// A square, 0-based `row * 8 + col`; row 0 is the top row (protocol row 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The Kattis judge (`linesofaction`, spec `kattis-loa.md`) ends a game after this many plies
/// (both players' moves) as a draw.
pub const MAX_PLIES: u32 = 100;

/// How a game ended ([`Position::game_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A side connected its pieces: the winner.
    Won(Color),
    /// The side to move had no legal move: a draw.
    NoMoves,
    /// The ply limit was reached: a draw.
    PlyLimit,
}

impl Square {
    /// The square at 0-based `row`, `col` (each in `0..8`), or `None` off the board.
    #[inline]
    pub fn new(row: i32, col: i32) -> Option<Square> {
        ((0..8).contains(&row) && (0..8).contains(&col)).then(|| Square((row * 8 + col) as u8))
    }

    /// The square with index `idx` in `0..64` (`idx % 64` for a larger one: indices come from
    /// loops over the board, never from input; [`Square::new`] and [`FromStr`] check theirs).
    #[inline]
    pub fn from_index(idx: usize) -> Square {
        Square((idx & 63) as u8)
    }

    /// Index `row * 8 + col`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based row.
    #[inline]
    pub fn row(self) -> i32 {
        i32::from(self.0 / 8)
    }

    /// 0-based column.
    #[inline]
    pub fn col(self) -> i32 {
        i32::from(self.0 % 8)
    }

    /// The one-square bitboard.
    #[inline]
    pub fn bb(self) -> Bitboard {
        1 << self.0
    }
}

impl fmt::Display for Square {
    /// Algebraic: the column as a letter `a`–`h` (column 1 = `a`), then the protocol row 1–8
    /// (row 1 is the top row, where Black's pieces start): `b1` is row 1, column 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// Reads `b1` (see [`Square`]'s `Display`), upper or lower case.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        let mut chars = t.chars();
        let (Some(file @ 'a'..='h'), Some(rank @ '1'..='8'), None) =
            (chars.next(), chars.next(), chars.next())
        else {
            return Err(ParseError(format!("{s:?} is not a square a1..h8")));
        };
        Ok(Square((rank as u8 - b'1') * 8 + (file as u8 - b'a')))
    }
}

/// A player's color. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; starts on rows 1 and 8.
    Black = 0,
    /// Moves second; starts on columns 1 and 8.
    White = 1,
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
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The search-core side: Black is [`Side::First`].
    #[inline]
    pub fn side(self) -> Side {
        self.into()
    }
}

/// A move: a piece from `from` to `to`, capturing the enemy piece there if `capture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Whether an enemy piece stands on `to`.
    pub capture: bool,
}

impl Move {
    /// The judge's form `r1 c1 r2 c2` (1-based rows and columns), as Kattis reads and prints
    /// moves: `format!("{}", mv.judge())`. [`Position::parse_move`] reads it back.
    pub fn judge(self) -> impl fmt::Display {
        struct Judge(Move);
        impl fmt::Display for Judge {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let m = self.0;
                write!(
                    f,
                    "{} {} {} {}",
                    m.from.row() + 1,
                    m.from.col() + 1,
                    m.to.row() + 1,
                    m.to.col() + 1
                )
            }
        }
        Judge(self)
    }
}

impl fmt::Display for Move {
    /// Algebraic: `b1-b3` for a move, `b1xd3` for a capture (squares as [`Square`] prints them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `b1-b3` or `b1xd3` (see `Display`). Whether the move is legal is the position's
    /// business: [`Position::is_legal`].
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        let (from, to, capture) = if let Some((a, b)) = t.split_once('-') {
            (a, b, false)
        } else if let Some((a, b)) = t.split_once(['x', 'X']) {
            (a, b, true)
        } else {
            return Err(ParseError(format!(
                "{s:?} is not a move like b1-b3 or b1xd3"
            )));
        };
        Ok(Move {
            from: from.parse()?,
            to: to.parse()?,
            capture,
        })
    }
}

/// Why a move was refused ([`Position::check`], [`Position::try_play`],
/// [`Position::parse_move`]), by the first rule it breaks (rules: spec `kattis-loa.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A judge coordinate outside 1..=8 (`r1 c1 r2 c2` as read).
    OffBoard([i64; 4]),
    /// The move's first square holds no piece of the side to move (`mover`).
    NoPiece {
        /// The move.
        mv: Move,
        /// The side to move.
        mover: Color,
    },
    /// The squares are the same or not on one row, column or diagonal.
    NotALine(Move),
    /// A piece moves exactly as many squares as there are pieces (of both sides) on the line
    /// of its move: `pieces`.
    Distance {
        /// The move.
        mv: Move,
        /// Pieces on the move's line.
        pieces: u32,
    },
    /// An opponent's piece stands on `at`, between the squares (a piece may jump its own).
    Blocked {
        /// The move.
        mv: Move,
        /// The blocking piece's square.
        at: Square,
    },
    /// The move lands on a piece of its own side.
    OwnPiece(Move),
    /// The capture mark is wrong: the move is legal written as `legal` (`x` onto an
    /// opponent's piece, `-` onto an empty square).
    CaptureMark {
        /// The move as given.
        mv: Move,
        /// The same squares, spelled right.
        legal: Move,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayError::OffBoard(v) => write!(f, "move {v:?} has a coordinate outside 1..=8"),
            PlayError::NoPiece { mv, mover } => {
                write!(f, "{mv}: no {mover:?} piece on {} ({mover:?} to move)", mv.from)
            }
            PlayError::NotALine(mv) => {
                write!(f, "{mv}: not along a row, a column or a diagonal")
            }
            PlayError::Distance { mv, pieces } => write!(
                f,
                "{mv}: a piece moves as many squares as there are pieces on its line ({pieces} here)"
            ),
            PlayError::Blocked { mv, at } => {
                write!(f, "{mv}: an opponent's piece on {at} blocks the way")
            }
            PlayError::OwnPiece(mv) => write!(f, "{mv}: lands on its own piece on {}", mv.to),
            PlayError::CaptureMark { mv, legal } => {
                write!(f, "{mv}: the capture mark is wrong, write {legal}")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Why text could not be read as a square, a move or a position (the string says what and
/// where).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read: {}", self.0)
    }
}

impl std::error::Error for ParseError {}

/// A Lines of Action position: both colors' pieces, the side to move and the Zobrist key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pieces: [Bitboard; 2],
    to_move: Color,
    key: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position: Black on rows 1 and 8, White on columns 1 and 8 (corners empty),
    /// Black to move.
    pub fn start() -> Position {
        let black = 0x7E | (0x7E << 56);
        let white = (bitboard::COL_0 | bitboard::COL_7) & !(0xFF | (0xFF << 56));
        Position::from_parts(black, white, Color::Black)
    }

    /// A position from bitboards (disjoint) and the side to move.
    pub fn from_parts(black: Bitboard, white: Bitboard, to_move: Color) -> Position {
        assert_eq!(black & white, 0, "a square holds at most one piece");
        let mut p = Position {
            pieces: [black, white],
            to_move,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    /// Reads 8 lines of 8 characters (`b`/`x` Black, `w`/`o` White, `.` empty; row 1 first).
    /// Whitespace inside lines is ignored.
    pub fn from_diagram(text: &str, to_move: Color) -> Result<Position, ParseError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|l| !l.is_empty())
            .collect();
        if rows.len() != 8 {
            return Err(ParseError(format!("{} rows, expected 8", rows.len())));
        }
        let mut pieces = [0u64; 2];
        for (r, row) in rows.iter().enumerate() {
            if row.len() != 8 {
                return Err(ParseError(format!("row {} has {} cells", r + 1, row.len())));
            }
            for (c, ch) in row.iter().enumerate() {
                let bit = 1u64 << (r * 8 + c);
                match ch.to_ascii_lowercase() {
                    'b' | 'x' => pieces[0] |= bit,
                    'w' | 'o' => pieces[1] |= bit,
                    '.' => {}
                    other => return Err(ParseError(format!("row {} has '{other}'", r + 1))),
                }
            }
        }
        Ok(Position::from_parts(pieces[0], pieces[1], to_move))
    }

    /// The Zobrist key computed from scratch (the incremental [`Position::key`] must equal it).
    pub fn compute_key(&self) -> u64 {
        let mut k = if self.to_move == Color::White {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        for c in 0..2 {
            for sq in squares(self.pieces[c]) {
                k ^= zobrist::PIECE[c][sq];
            }
        }
        k
    }

    /// The incrementally maintained Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color as usize]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The color to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.pieces[0] & sq.bb() != 0 {
            Some(Color::Black)
        } else if self.pieces[1] & sq.bb() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Calls `visit(from, to, capture)` for every legal move of `color` (as if it were to move).
    #[inline]
    fn for_each_move(&self, color: Color, mut visit: impl FnMut(usize, usize, bool)) {
        let us = self.pieces[color as usize];
        let them = self.pieces[color.opponent() as usize];
        let occ = us | them;
        for from in squares(us) {
            let (r, c) = ((from / 8) as i32, (from % 8) as i32);
            for &(dr, dc, kind) in &DIRECTIONS {
                // The distance is the number of pieces on the whole line through `from`.
                let n = (occ & LINES[kind][from]).count_ones() as i32;
                let (tr, tc) = (r + dr as i32 * n, c + dc as i32 * n);
                if !(0..8).contains(&tr) || !(0..8).contains(&tc) {
                    continue;
                }
                let to = (tr * 8 + tc) as usize;
                if us & (1 << to) == 0 && BETWEEN[from][to] & them == 0 {
                    visit(from, to, them & (1 << to) != 0);
                }
            }
        }
    }

    /// Appends the legal moves of the side to move (captures flagged) to `out`, ignoring whether
    /// the game is already over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.for_each_move(self.to_move, |from, to, capture| {
            out.push(Move {
                from: Square(from as u8),
                to: Square(to as u8),
                capture,
            })
        });
    }

    /// The number of legal moves `color` would have if it were to move (mobility).
    pub fn mobility(&self, color: Color) -> u32 {
        let mut count = 0;
        self.for_each_move(color, |_, _, _| count += 1);
        count
    }

    /// Whether `mv` (capture flag included) is a legal move of the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        let ours = self.pieces[self.to_move as usize];
        if ours & mv.from.bb() == 0 || ours & mv.to.bb() != 0 {
            return false;
        }
        let mut found = false;
        self.for_each_move(self.to_move, |from, to, capture| {
            found |= from == mv.from.index() && to == mv.to.index() && capture == mv.capture;
        });
        found
    }

    /// Whether `mv` is legal for the side to move, and if not, the first rule it breaks: a
    /// piece of the mover on the first square, one line, the distance, no opponent's piece
    /// jumped, not onto its own piece, the capture mark. Agrees with
    /// [`Position::legal_moves`] (a proptest checks every move of random positions).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let us = self.to_move as usize;
        let (ours, theirs) = (self.pieces[us], self.pieces[us ^ 1]);
        if ours & mv.from.bb() == 0 {
            return Err(PlayError::NoPiece {
                mv,
                mover: self.to_move,
            });
        }
        let (dr, dc) = (mv.to.row() - mv.from.row(), mv.to.col() - mv.from.col());
        if (dr, dc) == (0, 0) || !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return Err(PlayError::NotALine(mv));
        }
        let (sr, sc) = (dr.signum(), dc.signum());
        let all = ours | theirs;
        let at = |k: i32| Square::new(mv.from.row() + k * sr, mv.from.col() + k * sc);
        let mut pieces = 1;
        for dir in [1, -1] {
            let mut k = dir;
            while let Some(s) = at(k) {
                pieces += u32::from(all & s.bb() != 0);
                k += dir;
            }
        }
        let dist = dr.abs().max(dc.abs());
        if dist as u32 != pieces {
            return Err(PlayError::Distance { mv, pieces });
        }
        for k in 1..dist {
            let s = at(k).expect("between two squares of the board");
            if theirs & s.bb() != 0 {
                return Err(PlayError::Blocked { mv, at: s });
            }
        }
        if ours & mv.to.bb() != 0 {
            return Err(PlayError::OwnPiece(mv));
        }
        let capture = theirs & mv.to.bb() != 0;
        if capture != mv.capture {
            return Err(PlayError::CaptureMark {
                mv,
                legal: Move { capture, ..mv },
            });
        }
        Ok(())
    }

    /// Plays `mv` after checking it ([`Position::check`]); on error the position is unchanged
    /// and the error says which rule the move breaks.
    ///
    /// ```
    /// use loa::{Move, PlayError, Position};
    /// let mut pos = Position::start();
    /// pos.try_play("b1-b3".parse::<Move>()?)?;
    /// let err = pos.try_play("b8-b6".parse()?).unwrap_err();
    /// assert!(matches!(err, PlayError::NoPiece { .. }), "that is Black's piece, White moves");
    /// assert_eq!(err.to_string(), "b8-b6: no White piece on b8 (White to move)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// If `mv` is illegal, with the rule it breaks ([`Position::try_play`] returns it instead;
    /// [`Position::play_unchecked`] does not check).
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move: {e}");
        }
    }

    /// The unchecked fast path for engines: plays `mv`, which must be legal (a move from
    /// [`Position::legal_moves`]): moves the piece, removes a captured one, passes the turn.
    /// An illegal `mv` corrupts the position (a debug build asserts it is legal); use
    /// [`Position::play`] or [`Position::try_play`] for moves from outside.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()));
        self.toggle(mv, self.to_move);
        self.to_move = self.to_move.opponent();
    }

    /// Takes back `mv`, the last move played.
    #[inline]
    pub fn unplay(&mut self, mv: Move) {
        self.to_move = self.to_move.opponent();
        self.toggle(mv, self.to_move);
    }

    /// Flips `mv`'s squares for its mover `us` (and the captured piece), with the key: its own
    /// inverse, so it both makes and unmakes.
    #[inline]
    fn toggle(&mut self, mv: Move, us: Color) {
        let us = us as usize;
        let (f, t) = (mv.from.index(), mv.to.index());
        self.pieces[us] ^= (1 << f) | (1 << t);
        self.key ^= zobrist::PIECE[us][f] ^ zobrist::PIECE[us][t] ^ zobrist::WHITE_TO_MOVE;
        if mv.capture {
            self.pieces[us ^ 1] ^= 1 << t;
            self.key ^= zobrist::PIECE[us ^ 1][t];
        }
    }

    /// The winner, if a side is connected: the player who just moved wins if its pieces are
    /// connected (even if the side to move's are too); otherwise the side to move wins if its
    /// pieces are connected (a capture can leave them so). `None` otherwise, including the
    /// start position.
    pub fn winner(&self) -> Option<Color> {
        let mover = self.to_move.opponent();
        if bitboard::is_connected(self.pieces[mover as usize]) {
            Some(mover)
        } else if bitboard::is_connected(self.pieces[self.to_move as usize]) {
            Some(self.to_move)
        } else {
            None
        }
    }

    /// Whether the game is over after `plies` plies under a limit of `max_plies` (Kattis
    /// `linesofaction`: [`MAX_PLIES`]), and how, in the order the rules decide it: a side
    /// connected ([`Position::winner`]), then the side to move without a legal move, then the
    /// ply limit (both draws).
    ///
    /// ```
    /// use loa::{GameEnd, Position, MAX_PLIES};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.game_end(0, MAX_PLIES), None);
    /// assert_eq!(pos.game_end(MAX_PLIES, MAX_PLIES), Some(GameEnd::PlyLimit));
    /// ```
    pub fn game_end(&self, plies: u32, max_plies: u32) -> Option<GameEnd> {
        if let Some(w) = self.winner() {
            return Some(GameEnd::Won(w));
        }
        if self.mobility(self.to_move) == 0 {
            return Some(GameEnd::NoMoves);
        }
        (plies >= max_plies).then_some(GameEnd::PlyLimit)
    }

    /// Finds the legal move written `r1 c1 r2 c2` (1-based), as the judge prints it.
    pub fn parse_move(&self, v: [i64; 4]) -> Result<Move, PlayError> {
        if v.iter().any(|&x| !(1..=8).contains(&x)) {
            return Err(PlayError::OffBoard(v));
        }
        let from = Square::new(v[0] as i32 - 1, v[1] as i32 - 1).ok_or(PlayError::OffBoard(v))?;
        let to = Square::new(v[2] as i32 - 1, v[3] as i32 - 1).ok_or(PlayError::OffBoard(v))?;
        // The judge writes no capture mark: a move onto an opponent's piece captures it.
        let capture = self.pieces[self.to_move.opponent() as usize] & to.bb() != 0;
        let mv = Move { from, to, capture };
        self.check(mv)?;
        Ok(mv)
    }

    /// The position under one of the 8 symmetries of the square (`0..8`: bit 0 flips columns,
    /// bit 1 flips rows, bit 2 transposes first). Colors and side to move are unchanged.
    pub fn transformed(&self, sym: u8) -> Position {
        let t = |bb: Bitboard| transform_bb(bb, sym);
        Position::from_parts(t(self.pieces[0]), t(self.pieces[1]), self.to_move)
    }
}

/// `sq` under symmetry `sym` (see [`Position::transformed`]).
pub fn transform_square(sq: Square, sym: u8) -> Square {
    let (mut r, mut c) = (sq.row(), sq.col());
    if sym & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    if sym & 1 != 0 {
        c = 7 - c;
    }
    if sym & 2 != 0 {
        r = 7 - r;
    }
    Square((r * 8 + c) as u8)
}

fn transform_bb(bb: Bitboard, sym: u8) -> Bitboard {
    squares(bb).fold(0, |out, sq| {
        out | transform_square(Square(sq as u8), sym).bb()
    })
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads a diagram as [`Position::from_diagram`] does, with an optional last line
    /// `to move: black` or `to move: white` (Black when absent): what `Display` prints reads back.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let mut to_move = Color::Black;
        let mut board = String::new();
        for line in s.lines() {
            let t = line.trim().to_ascii_lowercase();
            if let Some(side) = t.strip_prefix("to move:") {
                to_move = match side.trim() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    other => return Err(ParseError(format!("side to move {other:?}"))),
                };
            } else {
                board.push_str(line);
                board.push('\n');
            }
        }
        Position::from_diagram(&board, to_move)
    }
}

impl fmt::Display for Position {
    /// 8 lines of `b`, `w`, `.` (row 1 first), then `to move: black|white`; reads back with
    /// [`FromStr`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..8 {
            for c in 0..8 {
                let ch = match self.piece_at(Square((r * 8 + c) as u8)) {
                    Some(Color::Black) => 'b',
                    Some(Color::White) => 'w',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        let side = match self.to_move {
            Color::Black => "black",
            Color::White => "white",
        };
        write!(f, "to move: {side}")
    }
}

impl Game for Position {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = 64 * 64;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move.side()
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
    }

    #[inline]
    fn make_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn unmake_move(&mut self, mv: Move) {
        self.unplay(mv);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(|w| {
            if w == self.to_move {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        })
    }

    /// The side to move has no legal move: a draw (spec).
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.key
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.from.index() * 64 + mv.to.index()
    }

    /// A pass, for null-move pruning: the turn changes hands, the pieces stay.
    #[inline]
    fn make_null_move(&mut self) -> bool {
        self.to_move = self.to_move.opponent();
        self.key ^= zobrist::WHITE_TO_MOVE;
        true
    }

    #[inline]
    fn unmake_null_move(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key ^= zobrist::WHITE_TO_MOVE;
    }
}
