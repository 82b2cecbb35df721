//! A whole game: moves and passes, an opening rule, legality, the result, and game records
//! as text. [`RenjuGame`] implements [`search_core::Game`], so it can be searched as it is.
//!
//! Rules: RIF International Rules of Renju (1996/1998), rules 9.1–9.3, in
//! `tests/data/renju-rif-9.3.txt`; ALPHANO's opening and judge protocol as summarised in the
//! crate's `README.md`.
//!
//! ```
//! use renju_rules::game::{GameResult, Opening, RenjuGame};
//! use renju_rules::Color;
//!
//! // A RIF game record (move numbers and commas are skipped): Black makes five on the h file.
//! let game: RenjuGame = "opening: rif\n1. h8 2. i9 3. h9 4. i8 5. h10 6. i10 7. h11 8. i11 9. h12"
//!     .parse()?;
//! assert_eq!(game.result(), Some(GameResult::Win(Color::Black)));
//! assert_eq!(game.opening(), Opening::Rif);
//! // Display writes the record back, and it reads back to the same game.
//! assert_eq!(game.to_string().parse::<RenjuGame>()?, game);
//! # Ok::<(), renju_rules::ParseError>(())
//! ```

use crate::{Board, Color, Forbidden, ParseError, Point, SIZE};
use std::fmt;
use std::str::FromStr;

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move.
    Stone(Point),
    /// Passing.
    Pass,
}

impl Move {
    /// The image under symmetry `s` (0..8, [`Point::transformed`]); a pass stays a pass.
    ///
    /// ```
    /// use renju_rules::game::Move;
    /// let mv: Move = "8 9".parse().unwrap();
    /// assert_eq!(mv.transformed(1), "8 7".parse().unwrap());
    /// assert_eq!(Move::Pass.transformed(5), Move::Pass);
    /// ```
    pub fn transformed(self, s: u8) -> Move {
        match self {
            Move::Stone(p) => Move::Stone(p.transformed(s)),
            Move::Pass => Move::Pass,
        }
    }

    /// The judges' form: `x y` (1-based row, column), or `-1 -1` for a pass (ALPHANO's
    /// `MOVE x y`). [`Move::from_judge`] reads it back.
    pub fn judge(self) -> impl fmt::Display {
        struct Judge(Move);
        impl fmt::Display for Judge {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    Move::Stone(p) => write!(f, "{}", p.judge()),
                    Move::Pass => write!(f, "-1 -1"),
                }
            }
        }
        Judge(self)
    }

    /// Reads the judges' `x y` (1-based; `-1 -1` a pass), checked for the board's bounds only;
    /// [`RenjuGame::check`] tells whether it is legal.
    ///
    /// # Errors
    /// A point off the board.
    pub fn from_judge(x: i64, y: i64) -> Result<Move, ParseError> {
        if (x, y) == (-1, -1) {
            return Ok(Move::Pass);
        }
        Point::from_judge(x, y)
            .map(Move::Stone)
            .ok_or_else(|| ParseError::new(format!("move {x} {y} is off the board")))
    }
}

impl fmt::Display for Move {
    /// A point as players write it (`h8`), or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `h8`, the judges' `8 8`, or `pass` (also `-1 -1`), any case.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") || t.split_whitespace().eq(["-1", "-1"]) {
            return Ok(Move::Pass);
        }
        t.parse().map(Move::Stone)
    }
}

/// Which opening rule constrains the first moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// None: any empty point from the first move on, passes allowed (Gomocup renju, free
    /// records).
    Free,
    /// RIF's opening (1996): the first three stones form one of the 26 canonical openings —
    /// Black on the centre, White within the central 3×3, Black within the central 5×5 — with
    /// no pass on those turns. RIF's swaps and fifth-move offers are choices made beside the
    /// board: a record lists the moves that stayed, and replays under this rule.
    Rif,
    /// ALPHANO's opening (spec `alphano-renju.md`): the same three boxes as RIF, no pass on
    /// those turns. The default.
    #[default]
    Alphano,
}

impl Opening {
    /// Whether the rule boxes the first three stones (centre, 3×3, 5×5).
    fn boxed(self) -> bool {
        !matches!(self, Opening::Free)
    }

    /// The name used in records: `free`, `rif`, `alphano`.
    pub fn name(self) -> &'static str {
        match self {
            Opening::Free => "free",
            Opening::Rif => "rif",
            Opening::Alphano => "alphano",
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Opening {
    type Err = ParseError;

    /// Reads `free` (or `none`), `rif`, `alphano`, any case.
    fn from_str(s: &str) -> Result<Opening, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "free" | "none" => Ok(Opening::Free),
            "rif" => Ok(Opening::Rif),
            "alphano" => Ok(Opening::Alphano),
            other => Err(ParseError::new(format!(
                "opening {other:?} is not free, rif or alphano"
            ))),
        }
    }
}

/// Why a move is illegal (the judge rules RE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
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

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::Occupied => write!(f, "the point is occupied"),
            PlayError::Opening(t) => write!(
                f,
                "move {t} must be {} (the opening rule)",
                [
                    "on the centre",
                    "within the central 3×3",
                    "within the central 5×5"
                ][usize::from(*t).clamp(1, 3) - 1]
            ),
            PlayError::Forbidden(k) => write!(f, "forbidden for Black ({})", k.name()),
        }
    }
}

impl std::error::Error for PlayError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This color made five (White: or more).
    Win(Color),
    /// Two passes in a row, or a full board.
    Draw,
}

/// Whether the boxed opening (RIF, ALPHANO) lets a stone go on `p` after `moves_played` moves:
/// turn 1 the centre, turn 2 the central 3×3, turn 3 the central 5×5, any point from turn 4 on.
pub fn opening_allows(moves_played: usize, p: Point) -> bool {
    let centre = (SIZE / 2) as u8;
    moves_played >= 3
        || (p.row.abs_diff(centre) as usize <= moves_played
            && p.col.abs_diff(centre) as usize <= moves_played)
}

/// Zobrist keys beyond the stones: White to move, the last move was a pass.
const KEY_WHITE: u64 = 0x9E37_79B9_7F4A_7C15;
const KEY_PASSED: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// A game in progress under an [`Opening`] rule: the board, the moves, the result.
///
/// [`RenjuGame::play`] checks every move; [`search_core::Game::make_move`] is the unchecked
/// path a search uses on moves it generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenjuGame {
    board: Board,
    moves: Vec<Move>,
    result: Option<GameResult>,
    opening: Opening,
}

impl Default for RenjuGame {
    fn default() -> Self {
        RenjuGame::new()
    }
}

impl RenjuGame {
    /// The start under ALPHANO's opening: an empty board, Black to move.
    pub fn new() -> RenjuGame {
        RenjuGame::with_opening(Opening::Alphano)
    }

    /// The start under `opening`.
    pub fn with_opening(opening: Opening) -> RenjuGame {
        RenjuGame {
            board: Board::new(),
            moves: Vec::new(),
            result: None,
            opening,
        }
    }

    /// Replays `moves` from the start under `opening`, checking each.
    ///
    /// # Errors
    /// The first illegal move, with its 1-based number.
    pub fn replay(
        opening: Opening,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<RenjuGame, (usize, Move, PlayError)> {
        let mut game = RenjuGame::with_opening(opening);
        for (i, mv) in moves.into_iter().enumerate() {
            game.try_play(mv).map_err(|e| (i + 1, mv, e))?;
        }
        Ok(game)
    }

    /// The opening rule.
    pub fn opening(&self) -> Opening {
        self.opening
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

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The opening constraint of the coming turn: the largest distance from the centre allowed
    /// in rows and columns (0, 1, 2 on turns 1, 2, 3 of a boxed opening), or `None`.
    pub fn opening_radius(&self) -> Option<usize> {
        (self.opening.boxed() && self.moves.len() < 3).then_some(self.moves.len())
    }

    /// Whether `mv` is legal for the side to move, and why not.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.result.is_some() {
            return Err(PlayError::GameOver);
        }
        let turn = self.moves.len() as u8 + 1;
        match mv {
            Move::Pass => match self.opening_radius() {
                Some(_) => Err(PlayError::Opening(turn)),
                None => Ok(()),
            },
            Move::Stone(p) => {
                if self.board.get(p).is_some() {
                    return Err(PlayError::Occupied);
                }
                if self.opening.boxed() && !opening_allows(self.moves.len(), p) {
                    return Err(PlayError::Opening(turn));
                }
                if self.to_move() == Color::Black {
                    if let Some(k) = self.board.forbidden(p) {
                        return Err(PlayError::Forbidden(k));
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

    /// Appends every legal move of the side to move to `out`: points in index order, then the
    /// pass if legal. Nothing once the game is over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend(
            (0..SIZE * SIZE)
                .map(|i| Move::Stone(Point::from_index(i)))
                .filter(|&m| self.is_legal(m)),
        );
        if self.is_legal(Move::Pass) {
            out.push(Move::Pass);
        }
    }

    /// Plays `mv` after checking it ([`RenjuGame::check`]); the game is unchanged on error.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// If `mv` is illegal, with the rule it breaks ([`RenjuGame::try_play`] returns it
    /// instead).
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("illegal move {mv}: {e}");
        }
    }

    /// The fast path: plays `mv`, which must be legal ([`RenjuGame::check`]; a debug build
    /// asserts it); a stone on an occupied point corrupts the board.
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()), "{mv}");
        let me = self.to_move();
        if let Move::Stone(p) = mv {
            let wins = self.board.makes_five(p, me);
            self.board.put_unchecked(p, me);
            if wins {
                self.result = Some(GameResult::Win(me));
            } else if self.board.stones() == SIZE * SIZE {
                // A full board leaves only passes: a draw.
                self.result = Some(GameResult::Draw);
            }
        } else if self.moves.last() == Some(&Move::Pass) {
            self.result = Some(GameResult::Draw);
        }
        self.moves.push(mv);
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Move::Stone(p) = mv {
            self.board.remove_unchecked(p);
        }
        self.result = None;
        Some(mv)
    }

    /// The Zobrist key: the stones, the side to move, and whether the last move was a pass.
    pub fn key(&self) -> u64 {
        let mut k = self.board.key();
        if self.to_move() == Color::White {
            k ^= KEY_WHITE;
        }
        if self.moves.last() == Some(&Move::Pass) {
            k ^= KEY_PASSED;
        }
        k
    }
}

impl fmt::Display for RenjuGame {
    /// The record: `opening: NAME` on one line, then the moves as players write them
    /// (`h8 i9 … pass …`) on the next. Reads back with [`FromStr`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "opening: {}", self.opening)?;
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        write!(f, "{}", moves.join(" "))
    }
}

impl FromStr for RenjuGame {
    type Err = ParseError;

    /// Reads a game record in one of three forms, every move checked:
    /// - this crate's (what [`Display`](fmt::Display) writes) and RIF's: an optional
    ///   `opening: free|rif|alphano` line (free when absent, so any record replays), then moves
    ///   as players write them (`h8`, `pass`) separated by white space or commas; move numbers
    ///   (`1.`, `12.`) are skipped;
    /// - Piskvork's `.psq` (Gomocup's game files): a `Piskvorky 15x15, …` line, then a move a
    ///   line as `x,y,ms` with 1-based x = column and y = row, up to the first line that is not
    ///   one (the brains' names and the result that follow); free opening;
    /// - the Gomocup protocol's `x,y` pairs (0-based x = column, y = row, as a brain answers
    ///   `TURN`) separated by white space, e.g. `7,7 8,8 6,8`; free opening.
    ///
    /// # Errors
    /// A token that is not a move, a point off the 15×15 board, a `.psq` of another size, or an
    /// illegal move, named by its number.
    fn from_str(s: &str) -> Result<RenjuGame, ParseError> {
        if let Some(moves) = gomocup_moves(s)? {
            return RenjuGame::replay(Opening::Free, moves)
                .map_err(|(n, mv, why)| ParseError::new(format!("move {n} ({mv}): {why}")));
        }
        let mut opening = Opening::Free;
        let mut moves = Vec::new();
        for line in s.lines() {
            let t = line.trim();
            if let Some(name) = t.strip_prefix("opening:") {
                opening = name.parse()?;
                continue;
            }
            for tok in t.split(|c: char| c.is_whitespace() || c == ',') {
                let tok = tok.trim();
                if tok.is_empty()
                    || (tok.ends_with('.')
                        && tok[..tok.len() - 1].bytes().all(|b| b.is_ascii_digit()))
                {
                    continue;
                }
                let mv: Move = tok.parse().map_err(|e: ParseError| {
                    ParseError::new(format!("move {}: {}", moves.len() + 1, e.message()))
                })?;
                moves.push(mv);
            }
        }
        RenjuGame::replay(opening, moves)
            .map_err(|(n, mv, why)| ParseError::new(format!("move {n} ({mv}): {why}")))
    }
}

/// The moves of a Gomocup record (`.psq` or protocol pairs, see [`RenjuGame::from_str`]), or
/// `None` if `s` is neither.
fn gomocup_moves(s: &str) -> Result<Option<Vec<Move>>, ParseError> {
    let ints =
        |t: &str| -> Option<Vec<i64>> { t.split(',').map(|v| v.trim().parse().ok()).collect() };
    let point = |n: usize, x: i64, y: i64| {
        usize::try_from(y)
            .ok()
            .zip(usize::try_from(x).ok())
            .and_then(|(row, col)| Point::new(row, col))
            .map(Move::Stone)
            .ok_or_else(|| ParseError::new(format!("move {n}: {x},{y} is off the 15×15 board")))
    };
    let mut lines = s.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else {
        return Ok(None);
    };
    if let Some(rest) = first.strip_prefix("Piskvorky") {
        let size = rest.split(',').next().unwrap_or("").trim();
        if size != format!("{SIZE}x{SIZE}") {
            return Err(ParseError::new(format!(
                "a .psq of a {size} board: renju is played on {SIZE}x{SIZE}"
            )));
        }
        let mut moves = Vec::new();
        for line in lines {
            match ints(line).as_deref() {
                Some([x, y, ..]) if *x >= 1 && *y >= 1 => {
                    moves.push(point(moves.len() + 1, x - 1, y - 1)?)
                }
                _ => break,
            }
        }
        return Ok(Some(moves));
    }
    let tokens: Vec<&str> = s.split_whitespace().collect();
    let pairs: Option<Vec<(i64, i64)>> = tokens
        .iter()
        .map(|t| match ints(t).as_deref() {
            Some(&[x, y]) if t.contains(',') => Some((x, y)),
            _ => None,
        })
        .collect();
    match pairs {
        Some(pairs) if !pairs.is_empty() => pairs
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| point(i + 1, x, y))
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        _ => Ok(None),
    }
}

impl search_core::Game for RenjuGame {
    type Move = Move;
    /// 225 points and the pass.
    const MOVE_INDEX_SPACE: usize = SIZE * SIZE + 1;

    fn side_to_move(&self) -> search_core::Side {
        self.to_move().into()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
    }

    fn make_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn unmake_move(&mut self, _mv: Move) {
        self.undo();
    }

    fn outcome(&self) -> Option<search_core::Outcome> {
        self.result.map(|r| match r {
            GameResult::Win(c) if c == self.to_move() => search_core::Outcome::Win,
            GameResult::Win(_) => search_core::Outcome::Loss,
            GameResult::Draw => search_core::Outcome::Draw,
        })
    }

    /// Never reached (a pass is always legal after the opening, and the opening boxes always
    /// have an empty point); a draw.
    fn no_move_outcome(&self) -> search_core::Outcome {
        search_core::Outcome::Draw
    }

    fn zobrist(&self) -> u64 {
        self.key()
    }

    fn move_index(mv: Move) -> usize {
        match mv {
            Move::Stone(p) => p.index(),
            Move::Pass => SIZE * SIZE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(x: usize, y: usize) -> Move {
        Move::Stone(Point::new(x - 1, y - 1).unwrap())
    }

    /// The same five moves as a Piskvork `.psq` (1-based x = column, y = row), as Gomocup
    /// protocol pairs (0-based) and in this crate's notation give the same game.
    #[test]
    fn gomocup_records_read_as_the_same_game() {
        let ours: RenjuGame = "h8 i9 g7 j10 f6".parse().unwrap();
        let psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,15\n7,9,3\n10,6,8\n6,10,1\nrapfi\nplyforge\n-1\n";
        let psq: RenjuGame = psq.parse().unwrap();
        let pairs: RenjuGame = "7,7 8,6 6,8 9,5 5,9".parse().unwrap();
        assert_eq!(psq.moves(), ours.moves());
        assert_eq!(pairs.moves(), ours.moves());
        assert_eq!(psq.opening(), Opening::Free);
        let e = "Piskvorky 20x20, 11:11, 0\n10,10,0\n"
            .parse::<RenjuGame>()
            .unwrap_err();
        assert!(e.message().contains("20x20"), "{e}");
        let e = "7,7 15,3".parse::<RenjuGame>().unwrap_err();
        assert!(e.message().contains("move 2: 15,3 is off"), "{e}");
        let e = "7,7 7,7".parse::<RenjuGame>().unwrap_err();
        assert!(e.message().starts_with("move 2"), "{e}");
    }

    #[test]
    fn opening_constraints() {
        let mut g = RenjuGame::new();
        assert_eq!(g.check(Move::Pass), Err(PlayError::Opening(1)));
        assert_eq!(g.check(st(7, 8)), Err(PlayError::Opening(1)));
        g.try_play(st(8, 8)).unwrap();
        assert_eq!(g.check(st(10, 8)), Err(PlayError::Opening(2)));
        assert_eq!(g.check(st(8, 8)), Err(PlayError::Occupied));
        g.try_play(st(9, 9)).unwrap();
        assert_eq!(g.check(st(11, 8)), Err(PlayError::Opening(3)));
        assert_eq!(g.check(Move::Pass), Err(PlayError::Opening(3)));
        g.try_play(st(10, 6)).unwrap();
        assert!(g.is_legal(Move::Pass));
        assert!(g.is_legal(st(1, 1)));
    }

    #[test]
    fn fives_overlines_and_passes() {
        let mut g = RenjuGame::new();
        // Black builds 8,4..8,8 minus one; White wanders far away.
        let black = [(8, 8), (8, 7), (8, 6), (8, 5)];
        let white = [(7, 7), (1, 1), (1, 3), (1, 5)];
        for i in 0..4 {
            g.try_play(st(black[i].0, black[i].1)).unwrap();
            g.try_play(st(white[i].0, white[i].1)).unwrap();
        }
        g.try_play(st(8, 4)).unwrap();
        assert_eq!(g.result(), Some(GameResult::Win(Color::Black)));
        assert_eq!(g.check(Move::Pass), Err(PlayError::GameOver));
        g.undo();
        // Two passes draw.
        g.try_play(Move::Pass).unwrap();
        g.try_play(Move::Pass).unwrap();
        assert_eq!(g.result(), Some(GameResult::Draw));
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
        assert_eq!(
            b.forbidden(Point::new(1, 3).unwrap()),
            Some(Forbidden::Overline)
        );
        assert!(b.makes_five(Point::new(2, 3).unwrap(), Color::White));
        assert!(!b.makes_five(Point::new(1, 3).unwrap(), Color::Black));
    }
}
