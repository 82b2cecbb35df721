//! Combinatorial game theory for short partizan games, and the exact values of Domineering
//! regions.
//!
//! A [`Games`] arena keeps games in *canonical form* (Conway, *On Numbers and Games*, ch. 10;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 2–4; Siegel, *Combinatorial Game Theory*,
//! ch. II): dominated options removed and reversible ones bypassed, so two games are equal
//! exactly when their canonical forms are, and a [`Game`] is an index that compares by value.
//! Sums, negatives, comparisons and outcomes are memoised in the arena; a [`Value`] is a game
//! written out in the usual notation (`3`, `-1/2`, `*`, `*2`, `↑`, `⇓*`, `1/2↑*`, `{1|-1}`,
//! `{2|{1|0}}`), and reads back with `FromStr`.
//!
//! [`Regions`] gives the canonical value of a Domineering position (horizontal is Left),
//! computed region by region — every connected region of empty cells is a game of its own and
//! the position is their sum — with each region's value memoised under its least image by the
//! mirrors and the half turn (a transpose swaps the players: it negates the value). Barton and
//! Uiterwijk build the same values into databases for the MUDoS solver ("Combinatorial game
//! theory in Domineering endgames", 2014).
//!
//! ```
//! use domineering::cgt::{Games, Outcome, Regions};
//! use domineering::Board;
//!
//! let mut regions = Regions::new(16);
//! // A 2×2 square: whoever moves takes a domino and leaves the other a move, but a horizontal
//! // domino leaves horizontal a second one: ±1.
//! let square: Board = "..\n..".parse()?;
//! let g = regions.value(&square).expect("small enough");
//! assert_eq!(regions.games().value(g).to_string(), "{1|-1}");
//! assert_eq!(regions.games().outcome(g), Outcome::N);
//!
//! // Values add: * + * = 0, ↑ + ↑ = ⇑.
//! let mut games = Games::new();
//! let star = games.star(1);
//! let twice = games.sum(star, star);
//! assert_eq!(twice, games.zero());
//! let up: domineering::cgt::Value = "↑".parse()?;
//! let up = games.game(&up);
//! let double = games.sum(up, up);
//! assert_eq!(games.value(double).to_string(), "⇑");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Board, ParseError, Player, Row, MAX};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// A dyadic rational `num / 2^exp`, kept in lowest terms: the numbers of short games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// `num / 2^exp`, reduced.
    pub fn new(mut num: i64, mut exp: u32) -> Dyadic {
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        Dyadic { num, exp }
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The denominator's exponent: the value is `numerator / 2^exponent`.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether it is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    fn scaled(self, exp: u32) -> i128 {
        i128::from(self.num) << (exp - self.exp)
    }

    fn add(self, other: Dyadic) -> Dyadic {
        let exp = self.exp.max(other.exp);
        Dyadic::new((self.scaled(exp) + other.scaled(exp)) as i64, exp)
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent: unbounded),
    /// Conway's simplicity rule: the integer nearest zero if one fits, else the fitting
    /// dyadic with the least denominator.
    fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        let above = |x: Dyadic| lo.map_or(true, |l| x > l);
        let below = |x: Dyadic| hi.map_or(true, |h| x < h);
        if above(Dyadic::integer(0)) && below(Dyadic::integer(0)) {
            return Dyadic::integer(0);
        }
        match (lo, hi) {
            (Some(l), _) if l >= Dyadic::integer(0) => {
                // The least integer above `l`, if below `hi`.
                let n = Dyadic::integer(floor(l) + 1);
                if below(n) {
                    return n;
                }
            }
            (_, Some(h)) => {
                let n = Dyadic::integer(ceil(h) - 1);
                if above(n) {
                    return n;
                }
            }
            _ => {}
        }
        let (l, h) = (lo.expect("bounded below"), hi.expect("bounded above"));
        for exp in 1..62 {
            // The least multiple of 2^-exp above l.
            let k = (l.scaled(exp.max(l.exp)) >> (exp.max(l.exp) - exp)) + 1;
            let x = Dyadic::new(k as i64, exp);
            if x < h {
                return x;
            }
        }
        unreachable!("two distinct dyadics have a dyadic between them")
    }
}

fn floor(x: Dyadic) -> i64 {
    x.num >> x.exp
}

fn ceil(x: Dyadic) -> i64 {
    -((-x.num) >> x.exp)
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let exp = self.exp.max(other.exp);
        self.scaled(exp).cmp(&other.scaled(exp))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-1/2`, `5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = ParseError;

    /// `n` or `n/d` with `d` a power of two.
    fn from_str(s: &str) -> Result<Dyadic, ParseError> {
        let bad = || ParseError(format!("{s:?} is not a dyadic number (n or n/2^k)"));
        let (n, d) = match s.split_once('/') {
            Some((n, d)) => (n, d.parse::<u64>().map_err(|_| bad())?),
            None => (s, 1),
        };
        let n = n.trim().parse::<i64>().map_err(|_| bad())?;
        if !d.is_power_of_two() || d > 1 << 61 {
            return Err(bad());
        }
        Ok(Dyadic::new(n, d.trailing_zeros()))
    }
}

/// A game in a [`Games`] arena: two `Game`s of one arena are equal exactly when the games are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(u32);

/// Who wins a game: Left (horizontal) whoever starts, Right whoever starts, the player to
/// move (Next), or the other one (Previous).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts: G > 0.
    L,
    /// Right wins whoever starts: G < 0.
    R,
    /// The player to move wins: G is confused with 0.
    N,
    /// The player to move loses: G = 0.
    P,
}

struct Form {
    left: Vec<Game>,
    right: Vec<Game>,
    number: Option<Dyadic>,
}

/// An arena of canonical forms with memoised comparisons, sums and negatives.
pub struct Games {
    forms: Vec<Form>,
    index: HashMap<(Vec<Game>, Vec<Game>), Game>,
    numbers: HashMap<Dyadic, Game>,
    le: HashMap<(Game, Game), bool>,
    sums: HashMap<(Game, Game), Game>,
    negs: HashMap<Game, Game>,
    /// Games `ups·↑ + *star` by game, for [`Games::value`].
    infinitesimals: HashMap<Game, (i32, u32)>,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// An arena holding 0.
    pub fn new() -> Games {
        let mut g = Games {
            forms: Vec::new(),
            index: HashMap::new(),
            numbers: HashMap::new(),
            le: HashMap::new(),
            sums: HashMap::new(),
            negs: HashMap::new(),
            infinitesimals: HashMap::new(),
        };
        g.intern(Vec::new(), Vec::new());
        g
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> Game {
        Game(0)
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether the arena holds only 0 (never: it is made with it).
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Left's options of `g` (canonical, in arena order).
    pub fn left(&self, g: Game) -> &[Game] {
        &self.forms[g.0 as usize].left
    }

    /// Right's options of `g`.
    pub fn right(&self, g: Game) -> &[Game] {
        &self.forms[g.0 as usize].right
    }

    /// `g`'s value if it is a number.
    pub fn number_value(&self, g: Game) -> Option<Dyadic> {
        self.forms[g.0 as usize].number
    }

    fn intern(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_unstable();
        right.sort_unstable();
        let key = (left, right);
        if let Some(&g) = self.index.get(&key) {
            return g;
        }
        let (left, right) = key.clone();
        let nums = |side: &[Game]| -> Option<Vec<Dyadic>> {
            side.iter().map(|&o| self.number_value(o)).collect()
        };
        let number = match (nums(&left), nums(&right)) {
            (Some(l), Some(r)) => {
                let lo = l.iter().copied().max();
                let hi = r.iter().copied().min();
                match (lo, hi) {
                    (Some(a), Some(b)) if a >= b => None,
                    _ => Some(Dyadic::simplest_between(lo, hi)),
                }
            }
            _ => None,
        };
        let g = Game(self.forms.len() as u32);
        self.forms.push(Form {
            left,
            right,
            number,
        });
        self.index.insert(key, g);
        if let Some(x) = number {
            self.numbers.entry(x).or_insert(g);
        }
        g
    }

    /// The number `x` in canonical form: integers `{n−1|}` and `{|n+1}`, other dyadics
    /// `{x − 2^−k | x + 2^−k}`.
    pub fn number(&mut self, x: Dyadic) -> Game {
        if let Some(&g) = self.numbers.get(&x) {
            return g;
        }
        let g = if x.exp > 0 {
            let step = Dyadic::new(1, x.exp);
            let lo = self.number(x.add(Dyadic::new(-1, x.exp)));
            let hi = self.number(x.add(step));
            self.intern(vec![lo], vec![hi])
        } else if x.num > 0 {
            let lo = self.number(Dyadic::integer(x.num - 1));
            self.intern(vec![lo], Vec::new())
        } else if x.num < 0 {
            let hi = self.number(Dyadic::integer(x.num + 1));
            self.intern(Vec::new(), vec![hi])
        } else {
            self.zero()
        };
        self.numbers.insert(x, g);
        g
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Game {
        self.number(Dyadic::integer(n))
    }

    /// The nimber `*n` (`*0` = 0): `{0, *, …, *(n−1) | 0, *, …, *(n−1)}`.
    pub fn star(&mut self, n: u32) -> Game {
        let opts: Vec<Game> = (0..n).map(|k| self.star(k)).collect();
        self.intern(opts.clone(), opts)
    }

    /// Whether `g ≤ h`: no Left option of `g` is ≥ `h` and no Right option of `h` is ≤ `g`.
    pub fn le(&mut self, g: Game, h: Game) -> bool {
        if g == h {
            return true;
        }
        if let (Some(x), Some(y)) = (self.number_value(g), self.number_value(h)) {
            return x <= y;
        }
        if let Some(&r) = self.le.get(&(g, h)) {
            return r;
        }
        let mut r = true;
        for i in 0..self.left(g).len() {
            let gl = self.left(g)[i];
            if self.le(h, gl) {
                r = false;
                break;
            }
        }
        if r {
            for i in 0..self.right(h).len() {
                let hr = self.right(h)[i];
                if self.le(hr, g) {
                    r = false;
                    break;
                }
            }
        }
        self.le.insert((g, h), r);
        r
    }

    /// Whether the form `{left | right}` (options canonical) is ≤ `h`.
    fn form_le(&mut self, left: &[Game], right: &[Game], h: Game) -> bool {
        if left.iter().any(|&l| self.le(h, l)) {
            return false;
        }
        for i in 0..self.right(h).len() {
            let hr = self.right(h)[i];
            if self.le_form(hr, left, right) {
                return false;
            }
        }
        true
    }

    /// Whether `x` ≤ the form `{left | right}`.
    fn le_form(&mut self, x: Game, left: &[Game], right: &[Game]) -> bool {
        if right.iter().any(|&r| self.le(r, x)) {
            return false;
        }
        for i in 0..self.left(x).len() {
            let xl = self.left(x)[i];
            if self.form_le(left, right, xl) {
                return false;
            }
        }
        true
    }

    /// The canonical form of `{left | right}` (options in any order, repeats allowed):
    /// dominated options removed, reversible ones bypassed, until neither applies.
    pub fn form(&mut self, left: &[Game], right: &[Game]) -> Game {
        let (mut l, mut r) = (left.to_vec(), right.to_vec());
        loop {
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            // Dominated: a Left option ≤ another, a Right option ≥ another.
            let mut keep = Vec::with_capacity(l.len());
            for &a in &l {
                let mut dominated = false;
                for &b in &l {
                    if a != b && self.le(a, b) {
                        dominated = true;
                        break;
                    }
                }
                if !dominated {
                    keep.push(a);
                }
            }
            l = keep;
            let mut keep = Vec::with_capacity(r.len());
            for &a in &r {
                let mut dominated = false;
                for &b in &r {
                    if a != b && self.le(b, a) {
                        dominated = true;
                        break;
                    }
                }
                if !dominated {
                    keep.push(a);
                }
            }
            r = keep;
            // Reversible: a Left option with a Right option ≤ G is replaced by that option's
            // Left options; a Right option with a Left option ≥ G by its Right options.
            let mut changed = false;
            let mut new_l = Vec::with_capacity(l.len());
            for &a in &l {
                let mut through = None;
                for i in 0..self.right(a).len() {
                    let ar = self.right(a)[i];
                    if self.le_form(ar, &l, &r) {
                        through = Some(ar);
                        break;
                    }
                }
                match through {
                    Some(ar) => {
                        new_l.extend_from_slice(&self.forms[ar.0 as usize].left);
                        changed = true;
                    }
                    None => new_l.push(a),
                }
            }
            let mut new_r = Vec::with_capacity(r.len());
            for &a in &r {
                let mut through = None;
                for i in 0..self.left(a).len() {
                    let al = self.left(a)[i];
                    if self.form_le(&l, &r, al) {
                        through = Some(al);
                        break;
                    }
                }
                match through {
                    Some(al) => {
                        new_r.extend_from_slice(&self.forms[al.0 as usize].right);
                        changed = true;
                    }
                    None => new_r.push(a),
                }
            }
            l = new_l;
            r = new_r;
            if !changed {
                return self.intern(l, r);
            }
        }
    }

    /// `-g`: `{−G^R | −G^L}`.
    pub fn neg(&mut self, g: Game) -> Game {
        if let Some(&n) = self.negs.get(&g) {
            return n;
        }
        let left: Vec<Game> = (0..self.right(g).len())
            .map(|i| {
                let o = self.right(g)[i];
                self.neg(o)
            })
            .collect();
        let right: Vec<Game> = (0..self.left(g).len())
            .map(|i| {
                let o = self.left(g)[i];
                self.neg(o)
            })
            .collect();
        let n = self.intern(left, right);
        self.negs.insert(g, n);
        self.negs.insert(n, g);
        n
    }

    /// `g + h`: `{G^L + H, G + H^L | G^R + H, G + H^R}` in canonical form (a number's own
    /// options are left out beside a game that is not one: the number avoidance theorem).
    pub fn sum(&mut self, g: Game, h: Game) -> Game {
        let (g, h) = if g <= h { (g, h) } else { (h, g) };
        if g == self.zero() {
            return h;
        }
        if let (Some(x), Some(y)) = (self.number_value(g), self.number_value(h)) {
            return self.number(x.add(y));
        }
        if let Some(&s) = self.sums.get(&(g, h)) {
            return s;
        }
        let (gn, hn) = (
            self.number_value(g).is_some(),
            self.number_value(h).is_some(),
        );
        let mut left = Vec::new();
        let mut right = Vec::new();
        if !gn || hn {
            for i in 0..self.left(g).len() {
                let o = self.left(g)[i];
                left.push(self.sum(o, h));
            }
            for i in 0..self.right(g).len() {
                let o = self.right(g)[i];
                right.push(self.sum(o, h));
            }
        }
        if !hn || gn {
            for i in 0..self.left(h).len() {
                let o = self.left(h)[i];
                left.push(self.sum(g, o));
            }
            for i in 0..self.right(h).len() {
                let o = self.right(h)[i];
                right.push(self.sum(g, o));
            }
        }
        let s = self.form(&left, &right);
        self.sums.insert((g, h), s);
        s
    }

    /// Who wins `g`: Left moving first wins when some `G^L ≥ 0`, Right when some `G^R ≤ 0`.
    pub fn outcome(&mut self, g: Game) -> Outcome {
        let zero = self.zero();
        let left_wins = (0..self.left(g).len()).any(|i| {
            let o = self.left(g)[i];
            self.le(zero, o)
        });
        let right_wins = (0..self.right(g).len()).any(|i| {
            let o = self.right(g)[i];
            self.le(o, zero)
        });
        match (left_wins, right_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// Whether the player `p` (horizontal is Left) wins `g` moving first.
    pub fn first_player_wins(&mut self, g: Game, p: Player) -> bool {
        matches!(
            (self.outcome(g), p),
            (Outcome::N, _) | (Outcome::L, Player::Horizontal) | (Outcome::R, Player::Vertical)
        )
    }

    /// The greatest integer `a` with `a ≤ g` and the least `b` with `g ≤ b` (`a == b` exactly
    /// when `g` is an integer): what `g` is worth at the least and at the most, in whole moves.
    /// Found from the stops (a number below Right's stop is below `g`, one above Left's stop
    /// is above it; Conway, *On Numbers and Games*, ch. 9), the boundary case by [`Games::le`].
    ///
    /// ```
    /// use domineering::cgt::{Games, Value};
    ///
    /// let mut games = Games::new();
    /// let switch = games.game(&"{1|-1}".parse::<Value>()?);
    /// // ±1 is confused with every number from −1 to 1, so it lies strictly between −2 and 2.
    /// assert_eq!(games.integer_bounds(switch), (-2, 2));
    /// let up_star = games.game(&"↑*".parse::<Value>()?);
    /// assert_eq!(games.integer_bounds(up_star), (-1, 1)); // ↑* is fuzzy with 0
    /// let up = games.game(&"↑".parse::<Value>()?);
    /// assert_eq!(games.integer_bounds(up), (0, 1)); // 0 < ↑ < 1
    /// let half = games.game(&"3/2".parse::<Value>()?);
    /// assert_eq!(games.integer_bounds(half), (1, 2));
    /// # Ok::<(), domineering::ParseError>(())
    /// ```
    pub fn integer_bounds(&mut self, g: Game) -> (i64, i64) {
        let (ls, rs) = self.stops(g);
        let floor = |x: Dyadic| x.num >> x.exp;
        let ceil = |x: Dyadic| -((-x.num) >> x.exp);
        let mut a = floor(rs);
        let lo = self.integer(a);
        if !self.le(lo, g) {
            a -= 1;
        }
        let mut b = ceil(ls);
        let hi = self.integer(b);
        if !self.le(g, hi) {
            b += 1;
        }
        (a, b)
    }

    /// Left's stop (what Left moving first can hold the game to, a number) and Right's.
    fn stops(&self, g: Game) -> (Dyadic, Dyadic) {
        if let Some(x) = self.number_value(g) {
            return (x, x);
        }
        let ls = self.left(g).iter().map(|&o| self.stops(o).1).max();
        let rs = self.right(g).iter().map(|&o| self.stops(o).0).min();
        // A game that is not a number has options on both sides.
        (
            ls.expect("a non-number has Left options"),
            rs.expect("a non-number has Right options"),
        )
    }

    /// `ups·↑ + *star` (negative `ups`: downs).
    fn up_star(&mut self, ups: i32, star: u32) -> Game {
        let zero = self.zero();
        let s = self.star(1);
        let up = self.intern(vec![zero], vec![s]);
        let mut g = self.star(star);
        let unit = if ups < 0 { self.neg(up) } else { up };
        for _ in 0..ups.unsigned_abs() {
            g = self.sum(g, unit);
        }
        g
    }

    /// `g` written out: a number, a number plus ups and a nimber, or `{L|R}` of such.
    pub fn value(&mut self, g: Game) -> Value {
        if let Some(x) = self.number_value(g) {
            return Value::Number(x);
        }
        if self.infinitesimals.is_empty() {
            for ups in -4..=4 {
                for star in 0..8 {
                    let e = self.up_star(ups, star);
                    self.infinitesimals.insert(e, (ups, star));
                }
            }
        }
        let (ls, rs) = self.stops(g);
        if ls == rs {
            let minus = self.number(Dyadic::new(-ls.num, ls.exp));
            let rest = self.sum(g, minus);
            if let Some(&(ups, star)) = self.infinitesimals.get(&rest) {
                return Value::Infinitesimal {
                    number: ls,
                    ups,
                    star,
                };
            }
        }
        let left = (0..self.left(g).len())
            .map(|i| {
                let o = self.left(g)[i];
                self.value(o)
            })
            .collect();
        let right = (0..self.right(g).len())
            .map(|i| {
                let o = self.right(g)[i];
                self.value(o)
            })
            .collect();
        Value::Form { left, right }
    }

    /// The game a [`Value`] writes (its canonical form in this arena).
    pub fn game(&mut self, v: &Value) -> Game {
        match v {
            Value::Number(x) => self.number(*x),
            Value::Infinitesimal { number, ups, star } => {
                let x = self.number(*number);
                let e = self.up_star(*ups, *star);
                self.sum(x, e)
            }
            Value::Form { left, right } => {
                let l: Vec<Game> = left.iter().map(|v| self.game(v)).collect();
                let r: Vec<Game> = right.iter().map(|v| self.game(v)).collect();
                self.form(&l, &r)
            }
        }
    }
}

/// A short game written out in the usual notation: `Display` writes it, `FromStr` reads it
/// back (`Games::value`, `Games::game`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A number: `0`, `3`, `-1/2`, `5/8`.
    Number(Dyadic),
    /// `number + ups·↑ + *star`, with `ups` or `star` not zero: `*`, `*2`, `↑`, `⇑`, `↑↑↑`,
    /// `↓*`, `1/2↑*`, `-1*3`.
    Infinitesimal {
        /// The number part (omitted in the text when 0).
        number: Dyadic,
        /// Ups (↑) when positive, downs (↓) when negative.
        ups: i32,
        /// The nimber `*star`.
        star: u32,
    },
    /// `{a, b | c}`: Left's options, then Right's, each written the same way (nested forms
    /// in braces).
    Form {
        /// Left's options.
        left: Vec<Value>,
        /// Right's options.
        right: Vec<Value>,
    },
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(x) => write!(f, "{x}"),
            Value::Infinitesimal { number, ups, star } => {
                if *number != Dyadic::integer(0) {
                    write!(f, "{number}")?;
                }
                match ups {
                    2 => f.write_str("⇑")?,
                    -2 => f.write_str("⇓")?,
                    n => {
                        let arrow = if *n > 0 { "↑" } else { "↓" };
                        for _ in 0..n.unsigned_abs() {
                            f.write_str(arrow)?;
                        }
                    }
                }
                match star {
                    0 => Ok(()),
                    1 => f.write_str("*"),
                    n => write!(f, "*{n}"),
                }
            }
            Value::Form { left, right } => {
                f.write_str("{")?;
                for (i, v) in left.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("|")?;
                for (i, v) in right.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

impl FromStr for Value {
    type Err = ParseError;

    /// What `Display` writes; spaces are ignored, `^`/`v` may stand for `↑`/`↓`.
    fn from_str(s: &str) -> Result<Value, ParseError> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        let mut at = 0;
        let v = parse_value(&chars, &mut at).map_err(|e| ParseError(format!("{s:?}: {e}")))?;
        if at != chars.len() {
            return Err(ParseError(format!(
                "{s:?}: unexpected {:?} at {at}",
                chars[at]
            )));
        }
        Ok(v)
    }
}

fn parse_value(c: &[char], at: &mut usize) -> Result<Value, String> {
    if c.get(*at) == Some(&'{') {
        *at += 1;
        let mut sides = [Vec::new(), Vec::new()];
        let mut side = 0;
        loop {
            match c.get(*at) {
                Some('|') if side == 0 => {
                    side = 1;
                    *at += 1;
                }
                Some('}') => {
                    *at += 1;
                    let [left, right] = sides;
                    return Ok(Value::Form { left, right });
                }
                Some(',') => *at += 1,
                Some(_) => sides[side].push(parse_value(c, at)?),
                None => return Err("a `{` is not closed".into()),
            }
        }
    }
    let start = *at;
    while *at < c.len() && (c[*at].is_ascii_digit() || c[*at] == '/' || c[*at] == '-') {
        *at += 1;
    }
    let number = if *at > start {
        let text: String = c[start..*at].iter().collect();
        text.parse::<Dyadic>().map_err(|e| e.0)?
    } else {
        Dyadic::integer(0)
    };
    let mut ups = 0;
    while let Some(&ch) = c.get(*at) {
        match ch {
            '↑' | '^' => ups += 1,
            '↓' | 'v' => ups -= 1,
            '⇑' => ups += 2,
            '⇓' => ups -= 2,
            _ => break,
        }
        *at += 1;
    }
    let mut star = 0;
    if c.get(*at) == Some(&'*') {
        *at += 1;
        let s = *at;
        while *at < c.len() && c[*at].is_ascii_digit() {
            *at += 1;
        }
        star = if *at > s {
            c[s..*at]
                .iter()
                .collect::<String>()
                .parse::<u32>()
                .map_err(|e| e.to_string())?
        } else {
            1
        };
    }
    if *at == start {
        return Err(format!("no value at {start}"));
    }
    Ok(if ups == 0 && star == 0 {
        Value::Number(number)
    } else {
        Value::Infinitesimal { number, ups, star }
    })
}

/// Cells of a region, by row (bit `c` of row `r`), at most 16 × 16.
type Cells = [u16; 16];

/// Canonical values of Domineering regions (horizontal is Left), memoised by shape.
pub struct Regions {
    games: Games,
    memo: HashMap<Cells, Game>,
    max_cells: u32,
}

impl Regions {
    /// Values for regions of at most `max_cells` cells (larger ones give `None`).
    pub fn new(max_cells: u32) -> Regions {
        Regions {
            games: Games::new(),
            memo: HashMap::new(),
            max_cells,
        }
    }

    /// The arena the values live in.
    pub fn games(&mut self) -> &mut Games {
        &mut self.games
    }

    /// Regions whose value is known.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The canonical value of `board`'s empty cells (the side to move does not matter): the
    /// sum of its regions' values; `None` if a region has more than `max_cells` cells.
    pub fn value(&mut self, board: &Board) -> Option<Game> {
        let mut cells = [0u16; 16];
        for (r, row) in cells.iter_mut().enumerate().take(board.rows()) {
            *row = board.empty(r);
        }
        self.value_of_cells(&cells)
    }

    /// The value of the empty cells `rows` (bit `c` of `rows[r]`: cell (r, c) is empty, at
    /// most 13 × 13), or `None` if a region has more than `max_cells` cells.
    pub fn value_of_rows(&mut self, rows: &[Row; MAX]) -> Option<Game> {
        let mut cells = [0u16; 16];
        cells[..MAX].copy_from_slice(rows);
        self.value_of_cells(&cells)
    }

    /// The value of each region of `board`'s empty cells, top to bottom (by its first
    /// cell), `None` for a region of more than `max_cells` cells: [`Regions::value`] is their
    /// sum.
    pub fn region_values(&mut self, board: &Board) -> Vec<Option<Game>> {
        let mut cells = [0u16; 16];
        for (r, row) in cells.iter_mut().enumerate().take(board.rows()) {
            *row = board.empty(r);
        }
        components(&cells)
            .iter()
            .map(|comp| self.region(comp))
            .collect()
    }

    fn value_of_cells(&mut self, cells: &Cells) -> Option<Game> {
        let mut sum = self.games.zero();
        for comp in components(cells) {
            let v = self.region(&comp)?;
            sum = self.games.sum(sum, v);
        }
        Some(sum)
    }

    /// The value of one connected region.
    fn region(&mut self, cells: &Cells) -> Option<Game> {
        let size: u32 = cells.iter().map(|r| r.count_ones()).sum();
        let (h, v) = (horizontal_pairs(cells), vertical_pairs(cells));
        match (h, v) {
            (0, 0) => return Some(self.games.zero()),
            (_, 0) => return Some(self.games.integer(i64::from(max_run_pairs(cells)))),
            (0, _) => {
                let t = transpose(cells);
                return Some(self.games.integer(-i64::from(max_run_pairs(&t))));
            }
            _ => {}
        }
        if size > self.max_cells {
            return None;
        }
        let (key, negated) = canonical(cells);
        if let Some(&g) = self.memo.get(&key) {
            return Some(if negated { self.games.neg(g) } else { g });
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Options of the stored image (the key), whose value is g (negated: -g).
        let k = key;
        for r in 0..16 {
            let mut hp = k[r] & k[r] >> 1;
            while hp != 0 {
                let c = hp.trailing_zeros();
                hp &= hp - 1;
                let mut next = k;
                next[r] &= !(0b11 << c);
                left.push(self.value_of_cells(&next)?);
            }
            if r + 1 < 16 {
                let mut vp = k[r] & k[r + 1];
                while vp != 0 {
                    let c = vp.trailing_zeros();
                    vp &= vp - 1;
                    let mut next = k;
                    next[r] &= !(1 << c);
                    next[r + 1] &= !(1 << c);
                    right.push(self.value_of_cells(&next)?);
                }
            }
        }
        let g = self.games.form(&left, &right);
        self.memo.insert(key, g);
        Some(if negated { self.games.neg(g) } else { g })
    }
}

fn horizontal_pairs(cells: &Cells) -> u32 {
    cells.iter().map(|&r| (r & r >> 1).count_ones()).sum()
}

fn vertical_pairs(cells: &Cells) -> u32 {
    cells.windows(2).map(|w| (w[0] & w[1]).count_ones()).sum()
}

/// ⌊run/2⌋ summed over the runs of every row: the disjoint horizontal dominoes.
fn max_run_pairs(cells: &Cells) -> u32 {
    cells
        .iter()
        .map(|&r| crate::packing::pairs(u32::from(r) << 1) as u32)
        .sum()
}

fn transpose(cells: &Cells) -> Cells {
    let mut t = [0u16; 16];
    for (r, &row) in cells.iter().enumerate() {
        let mut x = row;
        while x != 0 {
            let c = x.trailing_zeros() as usize;
            x &= x - 1;
            t[c] |= 1 << r;
        }
    }
    t
}

/// Moved to the top-left corner.
fn anchored(cells: &Cells) -> Cells {
    let top = cells.iter().position(|&r| r != 0).unwrap_or(0);
    let left = cells.iter().fold(0u16, |a, &r| a | r).trailing_zeros() % 16;
    let mut out = [0u16; 16];
    for r in top..16 {
        out[r - top] = cells[r] >> left;
    }
    out
}

/// The least image of a region by the mirrors and the half turn (same value) and by those of
/// its transpose (negated value), anchored at the corner; `true` if the least is a transpose.
fn canonical(cells: &Cells) -> (Cells, bool) {
    let mut best: Option<(Cells, bool)> = None;
    for (base, negated) in [(*cells, false), (transpose(cells), true)] {
        let a = anchored(&base);
        let height = a.iter().rposition(|&r| r != 0).map_or(0, |p| p + 1);
        let width = 16 - a.iter().fold(0u16, |acc, &r| acc | r).leading_zeros() as usize;
        let lr: Cells = std::array::from_fn(|r| a[r].reverse_bits() >> (16 - width));
        let tb: Cells = std::array::from_fn(|r| if r < height { a[height - 1 - r] } else { 0 });
        let rot: Cells = std::array::from_fn(|r| if r < height { lr[height - 1 - r] } else { 0 });
        for img in [a, lr, tb, rot] {
            if best.map_or(true, |(b, _)| img < b) {
                best = Some((img, negated));
            }
        }
    }
    best.expect("four images")
}

/// The connected regions of `cells` (edge-adjacent).
fn components(cells: &Cells) -> Vec<Cells> {
    let mut rest = *cells;
    let mut out = Vec::new();
    while let Some(r0) = rest.iter().position(|&r| r != 0) {
        let mut comp = [0u16; 16];
        comp[r0] = rest[r0] & rest[r0].wrapping_neg();
        crate::solver::flood_fill(&mut comp, &rest);
        for r in 0..16 {
            rest[r] &= !comp[r];
        }
        out.push(comp);
    }
    out
}
