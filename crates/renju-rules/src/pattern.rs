//! Line patterns by table lookup, and Black's forbidden points (RIF 9.2, 9.3).
//!
//! A point's neighbourhood along one line is the 10 points within distance 5 on either side,
//! each empty, own or blocked (the other color, or off the board): 3^10 = 59,049 cases. For
//! each case, with an own stone on the point itself, one table entry records what that stone
//! makes on the line: a five (a run of exactly five through it), an overline (six or more),
//! how many different fours (distinct sets of four stones, the point included, that one more
//! stone turns into exactly five — two on one line for `X.XXX.X`), and the points that would
//! turn a three through it into a straight four (an unbroken four whose two open ends each give
//! exactly five). Distance 5 is enough: a straight four through the point spans at most ±3, its
//! ends ±4, and the "exactly five" test looks one further.
//!
//! That is Black's table. White wins with five or more (RIF 9.1: an overline is a win for
//! White), so White's table ([`table`] of [`Color::White`]) reads "five" as "five or more"
//! throughout: its five is a run of five or more, its fours and straight fours are completed
//! by a stone that makes five or more, and so are the straight fours its threes lead to
//! (`O.OOOO` is a four for White, none for Black).
//!
//! A three counts only if its straight-four point is not forbidden in the position with the new
//! stone added and does not make a five there (RIF 9.3 and the definition of a three); that is
//! checked recursively, each level adding a stone, so the recursion ends.

use crate::{Board, Color, Direction, Forbidden, Point};
use std::sync::OnceLock;

/// What an own stone on the centre point makes along one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineInfo {
    /// A run of exactly five through the point (in White's table: five or more).
    pub five: bool,
    /// A run of six or more through the point.
    pub overline: bool,
    /// Different fours through the point (0, 1 or 2): sets of stones that one more stone
    /// turns into a five (White's table: five or more).
    pub fours: u8,
    /// The four through the point is a straight four (an unbroken run of exactly four whose two
    /// open ends each give exactly five; White's table: five or more).
    pub straight_four: bool,
    /// Window offsets (bit `k` is offset `k − 5`) of the points that turn a three through the
    /// point into a straight four.
    pub three_points: u16,
    /// The most `color` stones, the centre not counted, in a five-point window through the
    /// centre that holds no blocked point (0 to 4; 0 when no such window exists): how far the
    /// line is from a five when it holds no four or three (an evaluation's "two", "one").
    pub window: u8,
    /// The strongest of the above, as one class (the overline aside: see
    /// [`LineInfo::overline`]).
    pub class: LineClass,
    /// How far the line is from a five, told apart by what one more own stone on the line
    /// could make of it (Rapfi's line patterns: a flex two from a blocked two, and so on).
    pub shape: LineShape,
}

/// What an own stone on the centre point makes of the line, defined by what one more own stone
/// in the window could make of it, the strongest first: a five, a straight four, a four (one
/// or two), a three (its next stone may make a straight four), a blocked three (its next
/// stone makes at best a four), a two (its next stone makes a three: in one way, in two, in
/// three or more), a blocked two (at best a blocked three), a one (at best a two), a blocked
/// one (at best a blocked two), else dead. The classes of Rapfi's classical patterns (`DEAD`,
/// `B1`, `F1`, `B2`, `F2`/`F2A`/`F2B`, `B3`, `F3`, `B4`, `F4`, `F5` in its `game/pattern.h`),
/// defined here by one more stone within the ±5 window ([`LineInfo`]'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum LineShape {
    /// No own stone can make this line a five.
    #[default]
    Dead = 0,
    /// One more stone makes at best a blocked two.
    BlockedOne = 1,
    /// One more stone makes a two.
    One = 2,
    /// One more stone makes at best a blocked three.
    BlockedTwo = 3,
    /// One more stone makes a three, on one point.
    Two = 4,
    /// One more stone makes a three, on two points.
    TwoTwice = 5,
    /// One more stone makes a three, on three or more points.
    TwoThrice = 6,
    /// One more stone makes at best a four (not a straight four).
    BlockedThree = 7,
    /// A three ([`LineClass::Three`]).
    Three = 8,
    /// A four, or two ([`LineClass::Four`], [`LineClass::DoubleFour`]).
    Four = 9,
    /// A straight four.
    StraightFour = 10,
    /// A five (White: or more).
    Five = 11,
}

impl LineShape {
    /// Number of shapes (the size of a table indexed by `shape as usize`).
    pub const COUNT: usize = 12;
}

/// What an own stone on the centre point makes along one line, the strongest first: a five,
/// a straight four, two fours, a four, a three, else the most own stones of a free
/// five-window through the point ([`LineInfo::window`]). One byte, for tables indexed by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum LineClass {
    /// No free five-window through the point holds an own stone (or none is free).
    #[default]
    Dead = 0,
    /// A free five-window with one own stone besides the point.
    Window1 = 1,
    /// … with two.
    Window2 = 2,
    /// … with three (and no three or four: a closed or broken shape).
    Window3 = 3,
    /// … with four (and no four: e.g. a five-window whose stone would make an overline).
    Window4 = 4,
    /// A three (a point makes it a straight four).
    Three = 5,
    /// One four (one more stone makes five).
    Four = 6,
    /// Two fours on the line (`X.XXX.X`, `XX.XX.XX`).
    DoubleFour = 7,
    /// A straight four (two ways to five).
    StraightFour = 8,
    /// A five (a run of exactly five).
    Five = 9,
}

impl LineClass {
    /// Number of classes (the size of a table indexed by `class as usize`).
    pub const COUNT: usize = 10;

    /// The class of a line's facts, strongest first (see the type's docs).
    pub fn of(info: &LineInfo) -> LineClass {
        if info.five {
            LineClass::Five
        } else if info.straight_four {
            LineClass::StraightFour
        } else if info.fours >= 2 {
            LineClass::DoubleFour
        } else if info.fours == 1 {
            LineClass::Four
        } else if info.three_points != 0 {
            LineClass::Three
        } else {
            match info.window {
                0 => LineClass::Dead,
                1 => LineClass::Window1,
                2 => LineClass::Window2,
                3 => LineClass::Window3,
                _ => LineClass::Window4,
            }
        }
    }
}

/// Powers of three for the ternary index.
const fn ternary_of_bits() -> [u16; 1024] {
    let mut t = [0u16; 1024];
    let mut x = 0;
    while x < 1024 {
        let mut v = 0u32;
        let mut pow = 1u32;
        let mut b = 0;
        while b < 10 {
            if x >> b & 1 == 1 {
                v += pow;
            }
            pow *= 3;
            b += 1;
        }
        t[x] = v as u16;
        x += 1;
    }
    t
}

static TERNARY: [u16; 1024] = ternary_of_bits();

/// The 10 neighbours of an 11-point window (bit 5 dropped).
#[inline]
fn squeeze(x: u32) -> usize {
    ((x >> 6) << 5 | (x & 0x1F)) as usize
}

/// The table index of a window (own and blocked masks, bit 5 the centre).
#[inline]
pub fn index(own: u32, blocked: u32) -> usize {
    TERNARY[squeeze(own)] as usize + 2 * TERNARY[squeeze(blocked)] as usize
}

/// What an own stone on window bit `bit` (0 … 10, not the centre 5) adds to [`index`]; a
/// blocked point adds twice as much. So a stone put `k` steps from a point (`bit` = 5 − `k`)
/// moves that point's index by a constant, which is how [`crate::Board`] keeps its indices.
pub const fn bit_weight(bit: u32) -> u16 {
    assert!(bit <= 10 && bit != 5, "a window bit other than the centre");
    let squeezed = if bit < 5 { bit } else { bit - 1 };
    3u16.pow(squeezed)
}

/// Length of the run of ones in `own` through bit `at`, and its lowest bit.
fn run_at(own: u32, at: u32) -> (u32, u32) {
    if own >> at & 1 == 0 {
        return (0, at);
    }
    let mut lo = at;
    while lo > 0 && own >> (lo - 1) & 1 == 1 {
        lo -= 1;
    }
    let mut hi = at;
    while hi < 10 && own >> (hi + 1) & 1 == 1 {
        hi += 1;
    }
    (hi - lo + 1, lo)
}

/// The entry for one window, computed straight from the definitions; `white`: a run of five
/// or more wins (White's table), else exactly five (Black's).
fn compute(own: u32, blocked: u32, white: bool) -> LineInfo {
    let wins = |len: u32| len == 5 || (white && len > 5);
    let own = own | 1 << 5;
    let empty = !own & !blocked & 0x7FF;
    let (run, _) = run_at(own, 5);
    let mut info = LineInfo {
        five: wins(run),
        overline: run >= 6,
        window: (1..=5)
            .map(|s| 0x1F << s)
            .filter(|&w| blocked & w == 0)
            .map(|w| (own & !(1 << 5) & w).count_ones() as u8)
            .max()
            .unwrap_or(0),
        ..LineInfo::default()
    };
    // Fours: empty points whose stone makes a five with the centre (exactly five for Black);
    // distinct stone sets.
    let mut sets = [0u32; 2];
    let mut n = 0;
    for e in 0..11 {
        if empty >> e & 1 == 0 {
            continue;
        }
        let with = own | 1 << e;
        let (len, lo) = run_at(with, 5);
        if wins(len) && (lo..lo + len).contains(&e) {
            let set = (((1u32 << len) - 1) << lo) & !(1 << e);
            if !sets[..n].contains(&set) && n < 2 {
                sets[n] = set;
                n += 1;
            }
        }
    }
    info.fours = n as u8;
    if run == 4 {
        let (_, lo) = run_at(own, 5);
        let ends = [lo as i32 - 1, lo as i32 + 4];
        info.straight_four = ends.iter().all(|&end| {
            (0..11).contains(&end)
                && empty >> end & 1 == 1
                && wins(run_at(own | 1 << end, end as u32).0)
        });
    }
    // Three points: empty q making an unbroken run of exactly four through the centre whose
    // ends are empty and each give exactly five.
    for q in 0..11u32 {
        if empty >> q & 1 == 0 {
            continue;
        }
        let with = own | 1 << q;
        let (len, lo) = run_at(with, 5);
        if len != 4 || !(lo..lo + 4).contains(&q) {
            continue;
        }
        let hi = lo + 3;
        let open = |end: i32| (0..11).contains(&end) && empty >> end & 1 == 1;
        let five_at = |end: i32| {
            let (l, _) = run_at(with | 1 << end, end as u32);
            wins(l)
        };
        let (a, b) = (lo as i32 - 1, hi as i32 + 1);
        if open(a) && open(b) && five_at(a) && five_at(b) {
            info.three_points |= 1 << q;
        }
    }
    info.class = LineClass::of(&info);
    info
}

/// The [`LineShape`] of entry `i` of a table whose entries' other fields are set, from the
/// shapes of the entries with one more own stone (memoised in `shapes`).
fn shape_of(t: &[LineInfo], shapes: &mut [Option<LineShape>], i: usize) -> LineShape {
    if let Some(s) = shapes[i] {
        return s;
    }
    let info = &t[i];
    let direct = match info.class {
        LineClass::Five => Some(LineShape::Five),
        LineClass::StraightFour => Some(LineShape::StraightFour),
        LineClass::Four | LineClass::DoubleFour => Some(LineShape::Four),
        LineClass::Three => Some(LineShape::Three),
        _ => None,
    };
    let shape = direct.unwrap_or_else(|| {
        // The best shape one more own stone on an empty window point makes, and on how many
        // points a three.
        let (mut best, mut threes) = (LineShape::Dead, 0);
        let mut x = i;
        for b in 0..10u32 {
            let digit = x % 3;
            x /= 3;
            if digit != 0 {
                continue;
            }
            let bit = if b < 5 { b } else { b + 1 };
            let next = shape_of(t, shapes, i + usize::from(bit_weight(bit)));
            threes += usize::from(next == LineShape::Three);
            best = best.max(next);
        }
        match best {
            LineShape::Five | LineShape::Four | LineShape::StraightFour => LineShape::BlockedThree,
            LineShape::Three => match threes {
                1 => LineShape::Two,
                2 => LineShape::TwoTwice,
                _ => LineShape::TwoThrice,
            },
            LineShape::BlockedThree => LineShape::BlockedTwo,
            LineShape::Two | LineShape::TwoTwice | LineShape::TwoThrice => LineShape::One,
            LineShape::BlockedTwo => LineShape::BlockedOne,
            _ => LineShape::Dead,
        }
    });
    shapes[i] = Some(shape);
    shape
}

/// `color`'s table: one entry per window (see [`index`]); White's reads five as five or more
/// (see the module docs).
pub fn table(color: Color) -> &'static [LineInfo] {
    static TABLES: [OnceLock<Vec<LineInfo>>; 2] = [OnceLock::new(), OnceLock::new()];
    let white = color == Color::White;
    TABLES[color as usize].get_or_init(|| {
        let mut t = vec![LineInfo::default(); 59_049];
        for (i, entry) in t.iter_mut().enumerate() {
            // Decode the ternary digits: 0 empty, 1 own, 2 blocked.
            let (mut own, mut blocked, mut x) = (0u32, 0u32, i);
            for b in 0..10 {
                let bit = if b < 5 { b } else { b + 1 };
                match x % 3 {
                    1 => own |= 1 << bit,
                    2 => blocked |= 1 << bit,
                    _ => {}
                }
                x /= 3;
            }
            *entry = compute(own, blocked, white);
        }
        let mut shapes = vec![None; t.len()];
        for i in 0..t.len() {
            let shape = shape_of(&t, &mut shapes, i);
            t[i].shape = shape;
        }
        t
    })
}

/// What a `color` stone on `p` makes along `d` (the point need not be empty: its own content is
/// ignored), from the board's incrementally kept patterns.
#[inline]
pub fn line_info(board: &Board, p: Point, d: Direction, color: Color) -> LineInfo {
    board.pattern(p, d, color)
}

/// A line pattern in one byte: the number of its [`LineInfo`] among the distinct entries of
/// both colors' tables (under 64 of them, 48 with the [`LineShape`]s), what
/// [`Board`] keeps for every point, direction and color so that a stone's put rewrites, saves
/// and restores a byte a pattern rather than a [`LineInfo`]. Two codes are equal exactly when
/// their patterns are (the [`LineInfo`]s, of either color's table); [`LineCode::info`] reads
/// the pattern back. Code 0 is [`LineInfo::default`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCode(pub u8);

impl LineCode {
    /// The pattern of this code ([`LineCodes::info`]).
    #[inline]
    pub fn info(self) -> LineInfo {
        codes().info(self)
    }
}

/// Both colors' tables as [`LineCode`]s, and the pattern of each code ([`codes`]).
pub struct LineCodes {
    /// `by_window[color][index(own, blocked)]`: the code of that window's entry of
    /// [`table`]`(color)`.
    by_window: [Vec<LineCode>; 2],
    /// The pattern of each code (unused codes: the default), 256 of them so that a code
    /// indexes it unchecked by the compiler's own proof.
    infos: [LineInfo; 256],
    /// How many codes are used.
    used: usize,
}

impl LineCodes {
    /// The code of a `color` window's pattern, by the window's [`index`].
    #[inline]
    pub fn code(&self, color: Color, index: usize) -> LineCode {
        self.by_window[color as usize][index]
    }

    /// The pattern of `code`.
    #[inline]
    pub fn info(&self, code: LineCode) -> LineInfo {
        self.infos[code.0 as usize]
    }

    /// How many different patterns the two tables hold (the codes `0..len()` are in use).
    pub fn len(&self) -> usize {
        self.used
    }

    /// Never: the default pattern is always coded.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }
}

/// The tables as [`LineCode`]s, built once from [`table`] (the default pattern first, then
/// Black's entries and White's in window order, each pattern coded where first met).
pub fn codes() -> &'static LineCodes {
    static CODES: OnceLock<LineCodes> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut infos = [LineInfo::default(); 256];
        let mut used = 1;
        let by_window = [Color::Black, Color::White].map(|color| {
            table(color)
                .iter()
                .map(|info| {
                    let known = infos[..used].iter().position(|i| i == info);
                    let code = known.unwrap_or_else(|| {
                        assert!(used < 256, "more than 256 line patterns");
                        infos[used] = *info;
                        used += 1;
                        used - 1
                    });
                    LineCode(code as u8)
                })
                .collect()
        });
        LineCodes {
            by_window,
            infos,
            used,
        }
    })
}

/// The same, computed from the line bitboards (what the board's pattern cache must equal).
#[inline]
pub fn line_info_from_lines(board: &Board, p: Point, d: Direction, color: Color) -> LineInfo {
    let (own, blocked) = board.line_window(p, d, color);
    table(color)[index(own, blocked)]
}

/// Cheap necessary condition for `p` to be forbidden: two lines each holding two or more other
/// Black stones near `p`, or one line with four or more.
#[inline]
pub fn could_be_forbidden(board: &Board, p: Point) -> bool {
    let mut lines = 0;
    for d in Direction::ALL {
        let (own, _) = board.line_window(p, d, Color::Black);
        let n = (own & !(1 << 5)).count_ones();
        if n >= 4 {
            return true;
        }
        if n >= 2 {
            lines += 1;
        }
    }
    lines >= 2
}

/// The first stage of the forbidden test, without changing the board: `Ok(verdict)` when the
/// lines decide it (a five, an overline, a double four, or fewer than two lines with a three),
/// `Err(three_points)` when two or more lines offer a three that RIF 9.3 must confirm.
#[inline]
fn classify(board: &Board, p: Point) -> Result<Option<Forbidden>, [u16; 4]> {
    let mut fours = 0;
    let mut overline = false;
    let mut threes = [0u16; 4];
    for d in Direction::ALL {
        let info = line_info(board, p, d, Color::Black);
        if info.five {
            return Ok(None);
        }
        overline |= info.overline;
        fours += info.fours;
        threes[d as usize] = info.three_points;
    }
    if overline {
        return Ok(Some(Forbidden::Overline));
    }
    if fours >= 2 {
        return Ok(Some(Forbidden::DoubleFour));
    }
    if threes.iter().filter(|&&t| t != 0).count() < 2 {
        return Ok(None);
    }
    Err(threes)
}

/// Whether at least two of the lines' threes survive RIF 9.3 with a Black stone on `p`: each
/// needs a straight-four point that makes no five and is not itself forbidden (recursively).
/// `board` is scratch: stones are added and removed, and it ends as it began.
fn double_three_survives(board: &mut Board, p: Point, threes: [u16; 4]) -> bool {
    board.put_unchecked(p, Color::Black);
    let mut live = 0;
    for d in Direction::ALL {
        let mut points = threes[d as usize];
        while points != 0 {
            let k = points.trailing_zeros() as i32;
            points &= points - 1;
            let q = p.step(d, k - 5).expect("a three point is on the board");
            if !board.makes_five(q, Color::Black) && forbidden_in(board, q).is_none() {
                live += 1;
                break;
            }
        }
        if live >= 2 {
            break;
        }
    }
    board.remove_unchecked(p);
    live >= 2
}

/// [`forbidden`] on a board the recursion may use as scratch.
fn forbidden_in(board: &mut Board, p: Point) -> Option<Forbidden> {
    match classify(board, p) {
        Ok(verdict) => verdict,
        Err(threes) => double_three_survives(board, p, threes).then_some(Forbidden::DoubleThree),
    }
}

/// Why a Black stone on the empty point `p` is forbidden on `board`, if it is. The board is
/// copied only when a double three needs the recursive 9.3 check.
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    match classify(board, p) {
        Ok(verdict) => verdict,
        Err(threes) => {
            let mut scratch = board.clone();
            double_three_survives(&mut scratch, p, threes).then_some(Forbidden::DoubleThree)
        }
    }
}

/// Every Black-forbidden empty point of `board` with its kind, in increasing (row, col) order.
pub fn forbidden_points(board: &Board) -> Vec<(Point, Forbidden)> {
    let mut scratch: Option<Board> = None;
    let mut out = Vec::new();
    for i in 0..crate::SIZE * crate::SIZE {
        let p = Point::from_index(i);
        if board.get(p).is_some() || !could_be_forbidden(board, p) {
            continue;
        }
        let verdict = match classify(board, p) {
            Ok(v) => v,
            Err(threes) => {
                let s = scratch.get_or_insert_with(|| board.clone());
                double_three_survives(s, p, threes).then_some(Forbidden::DoubleThree)
            }
        };
        if let Some(f) = verdict {
            out.push((p, f));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every window's code reads back its table entry, for both colors; equal entries share a
    /// code and different ones do not; the codes in use are few (under 64).
    #[test]
    fn codes_read_back_the_tables() {
        let codes = codes();
        assert!(codes.len() > 1 && codes.len() < 64, "{} codes", codes.len());
        assert_eq!(codes.info(LineCode(0)), LineInfo::default());
        for color in [Color::Black, Color::White] {
            for (i, info) in table(color).iter().enumerate() {
                let code = codes.code(color, i);
                assert!((code.0 as usize) < codes.len());
                assert_eq!(code.info(), *info, "{color:?} window {i}");
            }
        }
        let infos: Vec<LineInfo> = (0..codes.len())
            .map(|k| codes.info(LineCode(k as u8)))
            .collect();
        for (k, info) in infos.iter().enumerate() {
            assert!(!infos[..k].contains(info), "code {k} repeats a pattern");
        }
    }

    /// An own stone on a window bit adds its weight to the index, a blocked point twice it,
    /// whatever else the window holds.
    #[test]
    fn bit_weights_are_the_index_steps() {
        for bit in (0..11).filter(|&b| b != 5) {
            let w = bit_weight(bit) as usize;
            for own in (0..0x800u32).filter(|x| x >> bit & 1 == 0 && x >> 5 & 1 == 0) {
                let blocked = !own & 0x7DF & !(1 << bit) & (own.rotate_left(3) | 0x401);
                assert_eq!(index(own | 1 << bit, blocked), index(own, blocked) + w);
                assert_eq!(index(own, blocked | 1 << bit), index(own, blocked) + 2 * w);
            }
        }
    }

    /// The own and blocked masks of an 11-character line (`X` own, `O` or `#` blocked), the
    /// centre (index 5) an own stone, left out of the mask as [`index`] wants it.
    fn masks(line: &str) -> (u32, u32) {
        let (mut own, mut blocked) = (0, 0);
        for (i, ch) in line.chars().enumerate() {
            match ch {
                'X' => own |= 1 << i,
                'O' | '#' => blocked |= 1 << i,
                _ => {}
            }
        }
        assert_eq!(own >> 5 & 1, 1, "centre must be X: {line}");
        (own & !(1 << 5), blocked)
    }

    fn info(line: &str) -> LineInfo {
        let (own, blocked) = masks(line);
        table(Color::Black)[index(own, blocked)]
    }

    /// [`info`] from White's table (`X` still marks the stones of the color asked about).
    fn info_white(line: &str) -> LineInfo {
        let (own, blocked) = masks(line);
        table(Color::White)[index(own, blocked)]
    }

    /// Line shapes, Rapfi's patterns by example: what one more stone can make tells a flex
    /// two from a blocked one, and the ways to a three tell twos apart.
    #[test]
    fn shapes_tell_flex_from_blocked() {
        use LineShape::*;
        let cases = [
            (".....X.....", One),
            ("#....X....#", One),
            ("....OX....#", BlockedOne),
            ("...O.X....#", One),
            ("#...XX....#", TwoThrice),
            ("#..OXX....#", BlockedTwo),
            ("#....X.X..#", TwoThrice),
            ("#.X..X....#", TwoTwice),
            ("#...OX.X..#", BlockedTwo),
            ("#...XXX...#", Three),
            ("#..OXXX...#", BlockedThree),
            ("#..OXXXX..#", Four),
            ("#..OXX.XX.#", Four),
            ("#..OXX.XO.#", Dead),
            ("#...XXXX..#", StraightFour),
            ("#..XXXXX..#", Five),
            ("####.X.####", Dead),
            ("###..X..###", BlockedOne),
        ];
        for (line, shape) in cases {
            assert_eq!(info(line).shape, shape, "{line}");
        }
    }

    /// White wins with an overline (RIF 9.1), so its fours, straight fours and threes count
    /// completions that make six or more; Black's do not.
    #[test]
    fn white_reads_an_overline_as_a_five() {
        assert!(info_white("..XXXXXX...").five);
        assert_eq!(info_white("..XXXXXX...").class, LineClass::Five);
        // X.XXXX capped: the gap gives six — a four for White, nothing for Black.
        assert_eq!(info_white("X.XXXXO....").fours, 1);
        assert_eq!(info("X.XXXXO....").fours, 0);
        assert_eq!(info_white("X.XXXXO....").class, LineClass::Four);
        assert_eq!(info("X.XXXXO....").class, LineClass::Window3);
        // Open on the other side: two ways to win for White (a straight four), one for Black.
        assert!(info_white("X.XXXX.....").straight_four);
        assert_eq!(info("X.XXXX.....").fours, 1);
        // .XXXX. with a stone beyond one end: both ends win for White (a straight four).
        assert!(info_white("..X.XXXX...").straight_four);
        assert!(!info("..X.XXXX...").straight_four);
        // A three whose straight four needs an overline end: one for White only.
        assert_ne!(info_white("..X.XX.X...").three_points, 0);
        assert_eq!(info("..X.XX.X...").three_points, 0);
        // Where exactly five is all there is, the tables agree.
        for line in [
            "....XXXX...",
            "...X.XXX.X.",
            "....XXX....",
            "...OXXX....",
            "..OX.X.O...",
        ] {
            assert_eq!(info_white(line), info(line), "{line}");
        }
    }

    #[test]
    fn line_patterns() {
        assert!(info("...XXXXX...").five);
        assert!(info("..XXXXXX...").overline);
        assert_eq!(info("....XXXX...").fours, 1); // a straight four is one four
        assert!(info("....XXXX...").straight_four);
        assert!(!info("...OXXXX...").straight_four);
        assert!(!info("..XX.XX....").straight_four);
        assert!(!info("..X.XXXX...").straight_four); // one end gives an overline
        assert_eq!(info("...X.XXX.X.").fours, 2); // X.XXX.X: two fours on one line
        assert_eq!(info(".XX.XX.XX..").fours, 2);
        assert_eq!(info("...OXXXX...").fours, 1);
        assert_eq!(info("....XXX....").three_points.count_ones(), 2);
        assert_eq!(info("...OXXX....").three_points, 0); // a closed three is no three
        assert_eq!(info("..O.XXX....").three_points.count_ones(), 1); // only one side works
        assert_eq!(info("..OXXX.O...").three_points, 0);
        assert_eq!(info("...X.XX....").three_points.count_ones(), 1); // the gap
                                                                      // A straight four that would need an overline end is not one: X.XXX. with X beyond.
        assert_eq!(info("..X.XX.X...").three_points, 0);
        assert_eq!(info(".....X.....").three_points, 0);
        assert_eq!(info(".....X.....").window, 0);
        assert_eq!(info("...X.X.X...").window, 2);
        assert_eq!(info("..XX.X..O..").window, 2); // the window through both X's and the centre
        assert_eq!(info("..OX.X.O...").window, 0); // every window through the centre is blocked
        assert_eq!(info("X...OX.XX.X").window, 2); // only the window to the right is free
        assert_eq!(info("....XX.XX..").window, 3);
        assert_eq!(info("....XX.XX..").class, LineClass::Four); // the gap makes five
        assert_eq!(info("...OXX.X...").class, LineClass::Window2); // closed: no three
        assert_eq!(info("...X.XXX.X.").class, LineClass::DoubleFour);
        assert_eq!(info("....XXXX...").class, LineClass::StraightFour);
        assert_eq!(info("...OXXXX...").class, LineClass::Four);
        assert_eq!(info("....XXX....").class, LineClass::Three);
        assert_eq!(info("...XXXXX...").class, LineClass::Five);
        assert_eq!(info("..XXXXXX...").class, LineClass::Window4); // an overline: no four
        assert!(info("..XXXXXX...").overline);
        assert_eq!(info("..OX.X.O...").class, LineClass::Dead);
    }

    #[test]
    fn index_covers_every_window() {
        assert_eq!(index(0, 0), 0);
        let all_blocked = 0x7FF & !(1 << 5);
        assert_eq!(index(0, all_blocked), 59_048);
    }
}
