//! An exact endgame solver for scored Domineering.
//!
//! The value of the rest of a game — the points the side to move will still gain minus the points
//! the opponent will still gain, in half-points — depends only on the covered cells, the side to
//! move and whether a pass is pending, never on the scores so far. The solver searches that value
//! with alpha-beta (fail-soft negamax) and keys its transposition table on the board alone, so
//! every tiling that reaches the same cells shares one entry, which a general search keyed on the
//! scores as well cannot do. The final margin is the current margin plus that value.
//!
//! Cut-offs before any move is tried: the side to move can gain at most twice the values of the
//! cells it can still cover, and loses at most twice the values of those the opponent can cover;
//! each side surely gains its safe moves (dominoes on cells the other can never cover, Bullock
//! 2002: the packing idea of the standard solver), which tightens both bounds.
//! Moves are ordered: the table's move, then placements by points, then the pass (passing is a
//! real move and is searched: it can win a tempo).
//!
//! [`Solver::winning_move`] answers only "can the side to move win?" with a null window around
//! the current margin; it is much cheaper than [`Solver::solve`], which returns the exact value.
//! Both honour a node limit and a deadline and return `None` when stopped.

use crate::scored::{Bitboard, Move, Position, Side};
use search_core::{bits, Bound};
use std::time::Instant;

const INF: i32 = 1 << 20;

use crate::scored::{coverable_on as coverable, placements_on as placements, safe_on};

/// A table entry: the board, what the value is (search-core's [`Bound`], the general search's
/// entry kind), the best move and the value.
#[derive(Clone, Copy)]
struct Entry {
    occ: Bitboard,
    /// 1 + (side to move) + 2 × (pass pending); 0 = empty slot.
    tag: u8,
    bound: Bound,
    /// Best move: 0..64 a placement, 64 the pass.
    mv: u8,
    value: i16,
}

const EMPTY: Entry = Entry {
    occ: 0,
    tag: 0,
    bound: Bound::None,
    mv: 0,
    value: 0,
};

/// What [`Solver::winning_move`] proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins by playing this move.
    Win(Move),
    /// The side to move loses whatever it plays.
    Loss,
}

/// An exact endgame solver for one board's cell values (it keeps its table between calls, so
/// solving successive positions of one game reuses earlier work).
pub struct Solver {
    values: [u8; 64],
    table: Vec<Entry>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Solver {
    /// A solver for the cell values of `pos`, with a table of `2^table_bits` entries
    /// (16 bytes each: 20 bits is 16 MiB).
    pub fn new(pos: &Position, table_bits: u32) -> Solver {
        Solver {
            values: std::array::from_fn(|c| pos.value(c)),
            table: vec![EMPTY; 1 << table_bits],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
        }
    }

    /// Whether `pos` has the cell values this solver was made for.
    pub fn fits(&self, pos: &Position) -> bool {
        (0..64).all(|c| self.values[c] == pos.value(c))
    }

    /// Limits for the following calls: at most `nodes` nodes each, and no work past `deadline`.
    pub fn set_limits(&mut self, nodes: u64, deadline: Option<Instant>) {
        self.node_limit = nodes;
        self.deadline = deadline;
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact final margin (half-points, for the side to move) with perfect play from `pos`,
    /// and a move that achieves it; `None` if the limits stopped the search. A finished game
    /// gives its margin and a pass.
    pub fn solve(&mut self, pos: &Position) -> Option<(i32, Move)> {
        self.start();
        let (v, mv) = self.root(pos, -INF, INF);
        (!self.stopped).then(|| (pos.margin() + v, mv))
    }

    /// Whether the side to move wins `pos` with perfect play, and how; `None` if stopped.
    pub fn winning_move(&mut self, pos: &Position) -> Option<Verdict> {
        self.start();
        // Margins are odd (SECOND starts 2.5 points, every gain is whole), future values even:
        // the side to move wins iff the future value exceeds -margin.
        let t = -pos.margin();
        let (v, mv) = self.root(pos, t, t + 1);
        if self.stopped {
            None
        } else if v > t {
            Some(Verdict::Win(mv))
        } else {
            Some(Verdict::Loss)
        }
    }

    fn start(&mut self) {
        self.nodes = 0;
        self.stopped = false;
    }

    fn root(&mut self, pos: &Position, alpha: i32, beta: i32) -> (i32, Move) {
        if pos.is_over() {
            return (0, Move::Pass);
        }
        let v = self.node(
            pos.occupied(),
            pos.to_move(),
            pos.passes(),
            alpha,
            beta,
            true,
        );
        let e = self.table[self.slot(pos.occupied(), Self::tag(pos.to_move(), pos.passes()))];
        let mv = if e.occ == pos.occupied() && e.tag == Self::tag(pos.to_move(), pos.passes()) {
            Self::decode(e.mv)
        } else {
            Move::Pass
        };
        (v, mv)
    }

    fn decode(m: u8) -> Move {
        if m == 64 {
            Move::Pass
        } else {
            Move::Place(m)
        }
    }

    #[inline]
    fn tag(me: Side, passes: u8) -> u8 {
        1 + me as u8 + 2 * passes.min(1)
    }

    #[inline]
    fn slot(&self, occ: Bitboard, tag: u8) -> usize {
        let h = (occ ^ u64::from(tag).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (h >> 17) as usize & (self.table.len() - 1)
    }

    /// Twice the values of `cells`: the most half-points dominoes on them can earn.
    #[inline]
    fn worth(&self, cells: Bitboard) -> i32 {
        2 * bits(cells).map(|c| i32::from(self.values[c])).sum::<i32>()
    }

    /// What `p` surely gains from here, in half-points: disjoint dominoes of its on cells the
    /// opponent can never cover (`their_cover`: safe moves, Bullock 2002), taken from the low
    /// end of each line. The opponent cannot take them away and `p` keeps a move while one is
    /// left, so the game cannot end before `p` has played them all.
    #[inline]
    fn safe_gain(&self, occ: Bitboard, p: Side, their_cover: Bitboard) -> i32 {
        let step = match p {
            Side::First => 1,
            Side::Second => 8,
        };
        let mut tops = safe_on(occ, p, their_cover);
        let mut gain = 0;
        while tops != 0 {
            let c = tops.trailing_zeros() as usize;
            // Taking (c, c + step) rules out the domino starting at c + step.
            tops &= !(1 << c) & !(1u64.checked_shl((c + step) as u32).unwrap_or(0));
            gain += self.gain(c, p);
        }
        gain
    }

    #[inline]
    fn gain(&self, cell: usize, me: Side) -> i32 {
        let step = match me {
            Side::First => 1,
            Side::Second => 8,
        };
        2 * i32::from(self.values[cell] + self.values[cell + step])
    }

    /// The future value for `me` to move on `occ` with `passes` pending, fail-soft in
    /// (`alpha`, `beta`).
    fn search(&mut self, occ: Bitboard, me: Side, passes: u8, alpha: i32, beta: i32) -> i32 {
        self.node(occ, me, passes, alpha, beta, false)
    }

    /// [`Solver::search`]; at the `root` the static bounds do not end the search (they could
    /// prove the result without naming a move), so the table gets the root's best move.
    fn node(
        &mut self,
        occ: Bitboard,
        me: Side,
        passes: u8,
        alpha: i32,
        beta: i32,
        root: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0
            && (self.nodes >= self.node_limit || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let opp = me.opponent();
        let mine = placements(occ, me);
        if passes >= 2 || (mine | placements(occ, opp)) == 0 {
            return 0;
        }
        // Each side gains at most the cells it can cover, and at least its safe moves.
        let (mut alpha, mut beta) = (alpha, beta);
        if !root {
            let (mine, theirs) = (coverable(occ, me), coverable(occ, opp));
            let hi = self.worth(mine) - self.safe_gain(occ, opp, mine);
            if hi <= alpha {
                return hi;
            }
            let lo = self.safe_gain(occ, me, theirs) - self.worth(theirs);
            if lo >= beta {
                return lo;
            }
            (alpha, beta) = (alpha.max(lo), beta.min(hi));
        }

        let tag = Self::tag(me, passes);
        let slot = self.slot(occ, tag);
        let e = self.table[slot];
        let mut tt_move = u8::MAX;
        if e.occ == occ && e.tag == tag {
            let v = i32::from(e.value);
            match e.bound {
                Bound::Exact => return v,
                Bound::Lower if v >= beta => return v,
                Bound::Upper if v <= alpha => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
                Bound::None => {}
            }
            if alpha >= beta {
                return v;
            }
            tt_move = e.mv;
        }
        let alpha_in = alpha;

        // Placements by points, best first; the pass after them.
        let mut moves = [(0i32, 0u8); 64];
        let mut n = 0;
        for c in bits(mine) {
            let g = self.gain(c, me);
            let key = if c as u8 == tt_move { 1000 } else { g };
            moves[n] = (key, c as u8);
            n += 1;
        }
        moves[..n].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));

        // The table's move first (the pass included), then the rest.
        let mut list = [0u8; 65];
        let mut len = 0;
        if tt_move == 64 {
            list[0] = 64;
            len = 1;
        }
        for &(_, c) in &moves[..n] {
            list[len] = c;
            len += 1;
        }
        if tt_move != 64 {
            list[len] = 64;
            len += 1;
        }
        let mut best = -INF;
        let mut best_mv = 64u8;
        for &c in &list[..len] {
            let v = if c == 64 {
                if passes >= 1 {
                    0
                } else {
                    -self.search(occ, opp, 1, -beta, -alpha)
                }
            } else {
                let g = self.gain(c as usize, me);
                let d = crate::scored::Position::domino(me, c as usize);
                g - self.search(occ | d, opp, 0, g - beta, g - alpha)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_mv = c;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            occ,
            tag,
            bound,
            mv: best_mv,
            value: best as i16,
        };
        best
    }
}
