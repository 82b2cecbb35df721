//! A Renju position for searching: the rules' [`Board`] plus the side to move, the move history,
//! and for every point how many stones lie within two steps of it along its four lines (the
//! candidate moves).
//!
//! Implements [`search_core::Game`] (forbidden points are simply not generated for Black) and
//! [`gomoku::threats::ThreatBoard`] (so the VCF search of crate `gomoku` runs on it, cells being
//! point indices `row * 15 + col`).

use crate::eval::{CodeParts, PointScore, ThreatClass};
use gomoku::threats::ThreatBoard;
use renju_rules::game::{opening_allows, Move, RenjuGame as RulesGame};
use renju_rules::pattern::{LineCode, LineInfo};
use renju_rules::{Board, Color, Direction, Point, SAVED_PER_STONE, SIZE};
use search_core::{bits, Outcome, Side};

/// Zobrist key of "White to move" (the board's own keys cover the stones).
const WHITE_TO_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;
/// Zobrist key of "the last move was a pass".
const AFTER_PASS: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;

/// A set of points as bits: bit `i % 64` of word `i / 64` is the point of index `i`.
pub(crate) type PointSet = [u64; 4];

/// For each point, the points within two steps of it along its four lines (itself left out):
/// a stone makes them candidates.
static NEIGHBOURS: [PointSet; POINTS] = {
    let mut t = [[0u64; 4]; POINTS];
    let mut i = 0;
    while i < POINTS {
        let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
        let mut d = 0;
        while d < 4 {
            let (dr, dc) = Direction::ALL[d].delta();
            let mut k = -2;
            while k <= 2 {
                let (rr, cc) = (r + k * dr, c + k * dc);
                if k != 0 && rr >= 0 && rr < SIZE as i32 && cc >= 0 && cc < SIZE as i32 {
                    let j = rr as usize * SIZE + cc as usize;
                    t[i][j / 64] |= 1 << (j % 64);
                }
                k += 1;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// A position: board, side to move, history, candidate moves, kept point scores.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    to_move: Color,
    history: Vec<Move>,
    /// The last move made five (the side to move has lost).
    won: bool,
    /// The points that hold a stone.
    occupied: PointSet,
    /// The candidates (empty points with a stone within two steps along a line) as a
    /// [`PointSet`]: a stone adds its [`NEIGHBOURS`] and takes its own point out;
    /// `cand_kept` holds the set as it was before each stone, for its take-back to put back.
    cand: PointSet,
    cand_kept: Vec<PointSet>,
    /// Root moves the search may choose from (at history length `allowed_at`); empty: all.
    allowed: Vec<Move>,
    allowed_at: usize,
    /// Whether ALPHANO's opening constraints apply (see [`Position::opening_radius`]).
    alphano_opening: bool,
    /// The codes of the board's patterns each stone played replaced, for [`Position::undo`] to
    /// restore ([`Board::put_saving`]).
    saved: Vec<LineCode>,
    /// The points whose scores each stone's put replaced, a stone's after the ones before it,
    /// and what they were (Black's, White's: two entries a point in `kept_scores`);
    /// `kept_from` holds where each stone's points start. A take-back puts them back instead
    /// of computing them again.
    kept: Vec<u16>,
    kept_scores: Vec<PointScore>,
    kept_from: Vec<u32>,
    /// `scores[color][point]`: what a `color` stone on the (empty) point would make
    /// ([`PointScore`]), recomputed from the four line patterns
    /// ([`crate::eval::LineSums`]) at the empty points along the lines of every stone put
    /// (put back as they were when it is taken back); an occupied point's are as its stone
    /// found them, right again when the stone is taken back.
    scores: Box<[[PointScore; POINTS]; 2]>,
    /// Each line code's part of a point score ([`CodeParts::get`]).
    parts: &'static CodeParts,
    /// [`Position::set_defend_combinations`]: move generation answers the opponent's
    /// four-three and double-four points.
    defend_combinations: bool,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board, Black to move.
    pub fn new() -> Position {
        let mut p = Position {
            board: Board::new(),
            to_move: Color::Black,
            history: Vec::new(),
            won: false,
            occupied: [0; 4],
            cand: [0; 4],
            cand_kept: Vec::new(),
            allowed: Vec::new(),
            allowed_at: 0,
            alphano_opening: true,
            saved: Vec::new(),
            kept: Vec::new(),
            kept_scores: Vec::new(),
            kept_from: Vec::new(),
            scores: Box::new([[PointScore::default(); POINTS]; 2]),
            defend_combinations: false,
            parts: CodeParts::get(),
        };
        for i in 0..POINTS {
            for color in [Color::Black, Color::White] {
                p.scores[color as usize][i] = p.made_score(i, color);
            }
        }
        p
    }

    /// The same position without ALPHANO's opening constraints (Gomocup's renju: any empty
    /// point from the first move on, the centre still chosen on an empty board).
    pub fn without_opening_constraints(mut self) -> Position {
        self.alphano_opening = false;
        self
    }

    /// The position of a game of the rules crate (its moves replayed), under the game's
    /// opening rule (a free opening lifts the boxes of [`Position::new`]).
    pub fn from_game(game: &RulesGame) -> Position {
        let mut p = Position::new();
        if game.opening() == renju_rules::game::Opening::Free {
            p = p.without_opening_constraints();
        }
        for &mv in game.moves() {
            p.play_unchecked(mv);
        }
        p
    }

    /// A position with the stones of `board` and `to_move` to move, their order unknown: the
    /// stones are replayed Black, White, … with single passes where one color has more, and a
    /// pass at the end if needed for `to_move` (never two passes in a row). The history has at
    /// least as many moves as stones, so positions of three stones or more are past the
    /// opening constraints.
    pub fn from_board(board: &Board, to_move: Color) -> Position {
        let stones = |c: Color| -> Vec<Point> {
            (0..POINTS)
                .map(Point::from_index)
                .filter(|&p| board.get(p) == Some(c))
                .collect()
        };
        let (mut black, mut white) = (
            stones(Color::Black).into_iter(),
            stones(Color::White).into_iter(),
        );
        let mut pos = Position::new();
        while black.len() + white.len() > 0 {
            let next = match pos.to_move {
                Color::Black => black.next(),
                Color::White => white.next(),
            };
            pos.play_unchecked(next.map_or(Move::Pass, Move::Stone));
        }
        if pos.to_move != to_move {
            pos.play_unchecked(Move::Pass);
        }
        pos
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The color to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Moves played so far (passes included).
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Whether the last move made a five (for White: five or more).
    pub fn last_move_won(&self) -> bool {
        self.won
    }

    /// Whether some stone lies within two steps of `p` along one of its lines.
    pub fn is_near(&self, p: Point) -> bool {
        let near = &NEIGHBOURS[p.index()];
        (0..4).any(|w| near[w] & self.occupied[w] != 0)
    }

    /// The ALPHANO opening constraint of the coming turn: the largest row and column distance
    /// from the centre allowed (0, 1, 2 on turns 1–3), or `None` from turn 4 on. Without those
    /// constraints ([`Position::without_opening_constraints`]): 0 on an empty board (the
    /// centre is the move to make there), else `None`.
    pub fn opening_radius(&self) -> Option<usize> {
        if self.alphano_opening {
            (self.history.len() < 3).then_some(self.history.len())
        } else {
            (self.board.stones() == 0).then_some(0)
        }
    }

    /// What a `color` stone on the empty `p` makes, as one class ([`ThreatClass`]): a five, a
    /// straight four, two fours, a four-three, a four, two threes, a three, nothing; for
    /// Black, [`ThreatClass::Forbidden`] where the rules forbid the point. From the kept
    /// point score; the forbidden test runs only where two threats or an overline meet.
    ///
    /// ```
    /// use renju::eval::ThreatClass;
    /// use renju::renju_rules::game::Move;
    /// use renju::renju_rules::{Color, Point};
    /// use renju::Position;
    ///
    /// let mut pos = Position::new().without_opening_constraints();
    /// for (r, c) in [(7, 7), (0, 0), (7, 8), (0, 2), (7, 9)] {
    ///     pos.play_unchecked(Move::Stone(Point::new(r, c).unwrap()));
    /// }
    /// // Black's h8 i8 j8: g8 and k8 make a straight four.
    /// assert_eq!(pos.threat_class(Point::new(7, 6).unwrap(), Color::Black), ThreatClass::StraightFour);
    /// assert_eq!(pos.threat_class(Point::new(7, 10).unwrap(), Color::Black), ThreatClass::StraightFour);
    /// assert_eq!(pos.threat_class(Point::new(7, 11).unwrap(), Color::Black), ThreatClass::Four);
    /// assert_eq!(pos.threat_class(Point::new(3, 3).unwrap(), Color::White), ThreatClass::None);
    /// ```
    pub fn threat_class(&self, p: Point, color: Color) -> ThreatClass {
        ThreatClass::of(self.score(p, color), || self.board.forbidden(p).is_some())
    }

    /// Whether `color` may put a stone on `p`: the point is empty and, for Black, not
    /// forbidden (RIF 9.2, 9.3; the one "may Black play here" test of the engine).
    #[inline]
    pub fn may_play(&self, p: Point, color: Color) -> bool {
        self.board.get(p).is_none() && (color == Color::White || self.board.forbidden(p).is_none())
    }

    /// Whether the side to move may play `mv` (the rules of [`RulesGame::check`], the game not
    /// being over).
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => self.opening_radius().is_none(),
            Move::Stone(p) => {
                (!self.alphano_opening || opening_allows(self.history.len(), p))
                    && self.may_play(p, self.to_move)
            }
        }
    }

    /// Plays `mv` for the side to move, which must be legal (unchecked: the engine's fast
    /// path; [`Position::is_legal`] checks).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.won = false;
        if let Move::Stone(p) = mv {
            self.won = self.wins_at(p, self.to_move);
            self.board.put_saving(p, self.to_move, &mut self.saved);
            self.cand_kept.push(self.cand);
            let i = p.index();
            self.occupied[i / 64] |= 1 << (i % 64);
            for ((c, near), occupied) in self.cand.iter_mut().zip(NEIGHBOURS[i]).zip(self.occupied)
            {
                *c = (*c | near) & !occupied;
            }
            self.update_scores(p);
        }
        self.history.push(mv);
        self.to_move = self.to_move.opponent();
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let mv = self.history.pop().expect("a move to take back");
        if let Move::Stone(p) = mv {
            self.restore_scores();
            self.board.remove_restoring(p, &mut self.saved);
            let i = p.index();
            self.occupied[i / 64] &= !(1 << (i % 64));
            self.cand = self
                .cand_kept
                .pop()
                .expect("the candidates before the stone");
        }
        self.won = false;
        self.to_move = self.to_move.opponent();
    }

    /// What a `color` stone on the empty `p` would make, from its four line patterns (kept
    /// incrementally; meaningless on an occupied point). Black's may still be forbidden
    /// ([`PointScore::check_forbidden`]).
    #[inline]
    pub fn score(&self, p: Point, color: Color) -> &PointScore {
        &self.scores[color as usize][p.index()]
    }

    /// [`Position::score`] of the point of index `i`.
    #[inline]
    pub(crate) fn score_at(&self, i: usize, color: Color) -> &PointScore {
        &self.scores[color as usize][i]
    }

    /// Recomputes the scores of the empty points within five steps of `p` along its four
    /// lines whose pattern's part of the score ([`CodeParts::part`]) differs between the board
    /// and the pattern codes [`Board::put_saving`] saved last for `p` (the last
    /// [`SAVED_PER_STONE`] of `saved`, in its order: direction, step −5 … 5, Black then
    /// White), after the put of `p`'s stone, from their four line codes
    /// ([`Position::made_score`]). What a point had before is kept for
    /// [`Position::restore_scores`].
    fn update_scores(&mut self, p: Point) {
        let base = self.saved.len() - SAVED_PER_STONE;
        self.kept_from.push(self.kept.len() as u32);
        for (di, d) in Direction::ALL.into_iter().enumerate() {
            for (slot, i) in d.around_indices(p) {
                // An occupied point's scores wait: they are as its stone found them when it is
                // taken back (every later stone is taken back first).
                if self.board.get_at(i).is_some() {
                    continue;
                }
                let at = base + (di * 11 + slot) * 2;
                let changed = [Color::Black, Color::White].map(|color| {
                    let was = self.saved[at + color as usize];
                    let now = self.board.line_codes_at(i, color)[di];
                    was != now && self.parts.part(color, was) != self.parts.part(color, now)
                });
                if changed == [false, false] {
                    continue;
                }
                self.kept.push(i as u16);
                self.kept_scores.push(self.scores[0][i]);
                self.kept_scores.push(self.scores[1][i]);
                for color in [Color::Black, Color::White] {
                    if changed[color as usize] {
                        self.scores[color as usize][i] = self.made_score(i, color);
                    }
                }
            }
        }
    }

    /// The score of the point of index `q` for `color`, made from its four line codes on the board
    /// ([`CodeParts::sums`]; equal to [`PointScore::of_lines`] of their patterns).
    #[inline(always)]
    fn made_score(&self, q: usize, color: Color) -> PointScore {
        self.parts
            .sums(color, self.board.line_codes_at(q, color))
            .score(color)
    }

    /// Puts back the scores the last [`Position::update_scores`] replaced.
    fn restore_scores(&mut self) {
        let from = self.kept_from.pop().expect("a stone to take back") as usize;
        // (Each point is kept at most once a stone: it lies on one of the stone's lines.)
        for (k, &i) in self.kept[from..].iter().enumerate() {
            let (i, at) = (usize::from(i), 2 * (from + k));
            self.scores[0][i] = self.kept_scores[at];
            self.scores[1][i] = self.kept_scores[at + 1];
        }
        self.kept.truncate(from);
        self.kept_scores.truncate(2 * from);
    }

    /// With `on`, the search's moves (`search_core::Game::generate_moves`) at a node where the
    /// opponent has a point it may play that makes a four and a second four or three (a
    /// four-three or double four: a win in three plies unless answered), and no open three
    /// or four to answer first, are only the points on those threats' lines within four of
    /// it (the point itself among them) and our own fours; all moves when none is legal.
    /// Rapfi's move picker answers the same points so (`DEFEND_B4F3`). Off by default.
    pub fn set_defend_combinations(&mut self, on: bool) {
        self.defend_combinations = on;
    }

    /// Restricts the moves generated at the current ply (the search's root) to `moves`; an empty
    /// list lifts the restriction.
    pub fn restrict_root(&mut self, moves: Vec<Move>) {
        self.allowed = moves;
        self.allowed_at = self.history.len();
    }

    /// Empty points with a stone within two steps along a line, in index order.
    pub fn candidates(&self) -> impl Iterator<Item = Point> + '_ {
        self.candidate_indices().map(Point::from_index)
    }

    /// [`Position::candidates`] as point indices (for loops that read the kept scores by
    /// index, [`Position::score_at`]).
    #[inline]
    pub(crate) fn candidate_indices(&self) -> impl Iterator<Item = usize> {
        let cand = self.cand;
        (0..4).flat_map(move |w| bits(cand[w]).map(move |b| w * 64 + b))
    }

    /// Whether a `color` stone on the empty `p` wins at once (Black: exactly five; White: five
    /// or more).
    pub fn wins_at(&self, p: Point, color: Color) -> bool {
        self.wins_at_index(p.index(), color)
    }

    /// [`Position::wins_at`] of the point of index `i`: the kept point score says it (the same
    /// as `Board::makes_five`).
    #[inline]
    fn wins_at_index(&self, i: usize, color: Color) -> bool {
        self.score_at(i, color).five
    }

    /// The points where a `color` stone wins at once.
    pub fn winning_points(&self, color: Color) -> Vec<Point> {
        self.candidates()
            .filter(|&p| self.wins_at(p, color))
            .collect()
    }

    /// Whether a `color` stone on `p` makes a four (one more stone would make five).
    pub fn makes_four(&self, p: Point, color: Color) -> bool {
        self.score(p, color).four
    }

    fn candidate_moves(&self, moves: &mut Vec<Move>) {
        if let Some(r) = self.opening_radius() {
            let c = SIZE / 2;
            for row in c - r..=c + r {
                for col in c - r..=c + r {
                    let m = Move::Stone(Point::from_index(row * SIZE + col));
                    if self.is_legal(m) {
                        moves.push(m);
                    }
                }
            }
            return;
        }
        let me = self.to_move;
        let them = me.opponent();
        // One pass over the candidates, reading both colors' kept point scores.
        let mut points = Vec::with_capacity(64); // (point, a four for either side there)
        let mut blocks = Vec::new();
        let mut straight_fours = Vec::new();
        let mut combinations = Vec::new();
        for i in self.candidate_indices() {
            let (a, b) = (&self.scores[me as usize][i], &self.scores[them as usize][i]);
            let p = Point::from_index(i);
            let (mine, theirs, four) = (a.five, b.five, a.four || b.four);
            if self.defend_combinations && b.four && b.threats >= 2 {
                combinations.push(p);
            }
            // (A five's score counts the five alone: its other lines read from the board.)
            let straight = b.counts[1] > 0
                || (b.five
                    && Direction::ALL
                        .iter()
                        .any(|&d| self.board.pattern(p, d, them).straight_four));
            if mine {
                // A five now ends the game.
                moves.push(Move::Stone(p));
                return;
            }
            if theirs {
                blocks.push(p);
            }
            if straight {
                straight_fours.push(p);
            }
            points.push((p, four));
        }
        // The opponent's five must be blocked: only blocks matter (if none is legal, every
        // move loses, and the legal ones are generated below).
        moves.extend(
            blocks
                .into_iter()
                .map(Move::Stone)
                .filter(|&m| self.is_legal(m)),
        );
        if !moves.is_empty() {
            return;
        }
        // Facing an open three (a point where the opponent's stone makes a straight four, and
        // may be played there), only our fours and the points where the opponent would make
        // a four (which include every defence of the three) can hold.
        let open_three = straight_fours.into_iter().any(|p| self.may_play(p, them));
        if !open_three && self.defend_combination_moves(&combinations, moves) {
            return;
        }
        moves.extend(
            points
                .into_iter()
                .filter(|&(_, four)| !open_three || four)
                .map(|(p, _)| Move::Stone(p))
                .filter(|&m| me == Color::White || self.is_legal(m)),
        );
        if moves.is_empty() {
            // No stone near any other (or none legal there): any legal point, else a pass.
            moves.extend(
                (0..POINTS)
                    .map(|i| Move::Stone(Point::from_index(i)))
                    .filter(|&m| self.is_legal(m))
                    .take(1),
            );
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
        }
    }
}

impl Position {
    /// `Some(n)`: the side to move wins by force within `n` plies, read from the kept point
    /// scores without search (after Rapfi's `quickWinCheck`): 1, it has a five to make; 3,
    /// the opponent has no five to make and it has a straight four to make (for Black on a
    /// point not forbidden), or White has a double four to make; 5, White has a four-three
    /// to make and the opponent no four, or a double three and the opponent neither a four
    /// nor a straight four (a defence stone stops one line only: the lines of one point meet
    /// only there, and the opponent's own threats come a move too late). Black's four-threes
    /// are left to the search (the straight four that follows may be forbidden). `None`
    /// during ALPHANO's opening boxes.
    pub fn quick_win(&self) -> Option<u32> {
        if self.opening_radius().is_some() {
            return None;
        }
        use ThreatClass as T;
        let me = self.to_move;
        let them = me.opponent();
        let (mut their_five, mut their_four, mut their_straight) = (false, false, false);
        let (mut in_three, mut four_three, mut double_three) = (false, false, false);
        for i in self.candidate_indices() {
            let (a, b) = (&self.scores[me as usize][i], &self.scores[them as usize][i]);
            if a.five {
                return Some(1);
            }
            their_five |= b.five;
            their_four |= b.four;
            their_straight |= b.counts[1] > 0;
            // Black's straight four only (its combinations are left to the search); the
            // forbidden test only where a straight four is on offer.
            let class = match me {
                Color::White => T::of(a, || false),
                Color::Black if a.counts[1] > 0 => self.threat_class(Point::from_index(i), me),
                Color::Black => T::None,
            };
            match class {
                T::StraightFour | T::DoubleFour => in_three = true,
                T::FourThree => four_three = true,
                T::DoubleThree => double_three = true,
                _ => {}
            }
        }
        if their_five {
            return None;
        }
        if in_three {
            return Some(3);
        }
        if their_four {
            return None;
        }
        // (An opponent's straight-four point forbidden to Black counts as one: no win claimed.)
        (four_three || (double_three && !their_straight)).then_some(5)
    }

    /// [`Position::set_defend_combinations`]' moves, when the opponent may play one of
    /// `combinations` (its points with a four and another threat): the empty points within
    /// four of each on its lines that hold a four or a three, and our fours, those the side
    /// to move may play. Returns whether it generated any.
    fn defend_combination_moves(&self, combinations: &[Point], moves: &mut Vec<Move>) -> bool {
        let me = self.to_move;
        let them = me.opponent();
        let mut zone = [false; POINTS];
        let mut any = false;
        for &c in combinations {
            if !self.may_play(c, them) {
                continue;
            }
            any = true;
            zone[c.index()] = true;
            for d in Direction::ALL {
                let info = self.board.pattern(c, d, them);
                if info.fours == 0 && info.three_points == 0 {
                    continue;
                }
                for k in (-4..=4).filter(|&k| k != 0) {
                    if let Some(q) = c.step(d, k) {
                        zone[q.index()] = true;
                    }
                }
            }
        }
        if !any {
            return false;
        }
        let start = moves.len();
        moves.extend(
            self.candidate_indices()
                .filter(|&i| zone[i] || self.scores[me as usize][i].four)
                .map(|i| Move::Stone(Point::from_index(i)))
                .filter(|&m| self.is_legal(m)),
        );
        moves.len() > start
    }
}

/// Whether the line pattern `i` of a `color` stone is a win: a five, or for White an overline.
#[inline]
pub(crate) fn five_on_line(i: LineInfo, color: Color) -> bool {
    i.five || (color == Color::White && i.overline)
}

impl search_core::Game for Position {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = POINTS + 1;

    fn side_to_move(&self) -> Side {
        self.to_move.into()
    }

    /// Candidate moves: a five if the side to move has one; else the blocks of the opponent's
    /// fives if it has any; else every empty point within two steps of a stone along a line
    /// (Black's forbidden points left out), and of those, facing an open three, only the points
    /// where either side would make a four (our counter-fours and every defence of the three);
    /// in the opening, the points the constraint allows. At the ply set by
    /// [`Position::restrict_root`], only the moves allowed there.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.candidate_moves(moves);
        if !self.allowed.is_empty() && self.history.len() == self.allowed_at {
            let narrowed: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| self.allowed.contains(m))
                .collect();
            if !narrowed.is_empty() {
                *moves = narrowed;
            }
        }
    }

    fn make_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn unmake_move(&mut self, _mv: Move) {
        self.undo();
    }

    /// A pass, once the opening constraints are over (a pass is no move in the boxes).
    fn make_null_move(&mut self) -> bool {
        if self.opening_radius().is_some() {
            return false;
        }
        self.play_unchecked(Move::Pass);
        true
    }

    fn unmake_null_move(&mut self) {
        self.undo();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            return Some(Outcome::Loss);
        }
        let n = self.history.len();
        if n >= 2 && self.history[n - 1] == Move::Pass && self.history[n - 2] == Move::Pass {
            return Some(Outcome::Draw);
        }
        (self.board.stones() == POINTS).then_some(Outcome::Draw)
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    fn zobrist(&self) -> u64 {
        let mut k = self.board.key();
        if self.to_move == Color::White {
            k ^= WHITE_TO_MOVE;
        }
        if self.history.last() == Some(&Move::Pass) {
            k ^= AFTER_PASS;
        }
        k
    }

    fn move_index(mv: Move) -> usize {
        match mv {
            Move::Stone(p) => p.index(),
            Move::Pass => POINTS,
        }
    }
}

impl ThreatBoard for Position {
    type Color = Color;

    fn side_to_move(&self) -> Color {
        self.to_move
    }

    fn other(side: Color) -> Color {
        side.opponent()
    }

    fn winning_cells(&self, side: Color, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.candidates()
                .filter(|&p| self.wins_at(p, side))
                .map(Point::index),
        );
    }

    fn winning_cells_after(&self, side: Color, cell: usize, out: &mut Vec<usize>) {
        out.clear();
        let p = Point::from_index(cell);
        for d in Direction::ALL {
            for (k, i) in d.indices_within(p, 4) {
                if k != 0 && self.board.get_at(i).is_none() && self.wins_at_index(i, side) {
                    out.push(i);
                }
            }
        }
        // (In winning_cells' order; a point lies on one line through `cell` at most.)
        out.sort_unstable();
    }

    fn four_cells(&self, side: Color) -> Vec<usize> {
        self.candidates()
            .filter(|&p| self.makes_four(p, side) && !self.wins_at(p, side))
            .filter(|&p| self.may_play(p, side))
            .map(Point::index)
            .collect()
    }

    fn may_play(&self, cell: usize) -> bool {
        Position::may_play(self, Point::from_index(cell), self.to_move)
    }

    fn play_cell(&mut self, cell: usize) {
        self.play_unchecked(Move::Stone(Point::from_index(cell)));
    }

    fn undo_cell(&mut self) {
        self.undo();
    }

    fn has_won(&self, side: Color) -> bool {
        self.won && self.to_move == side.opponent()
    }

    fn key(&self) -> u64 {
        self.board.key()
    }
}
