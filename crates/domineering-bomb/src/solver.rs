//! An exact solver for standard Domineering (no bombs) on boards up to 13×13: who wins with
//! perfect play, with either side to move.
//!
//! Techniques, after Breuker, Uiterwijk and van den Herik ("Solving 8×8 Domineering", TCS 2000)
//! and Bullock's Obsequi ("Domineering: solving large combinatorial search spaces", 2002):
//!
//! - **Splitting into independent regions.** At every node the live empty cells (those some
//!   domino could still cover) fall into connected components. A component where only one player
//!   has a placement is an integer in combinatorial game theory: its value is the number of
//!   dominoes that player can still fit (rows or columns are independent there, so it is the sum
//!   of ⌊run/2⌋). Such components are taken off the board and replaced by one integer, the
//!   *stock*: horizontal's moves there minus vertical's. Games that are equal can be exchanged in
//!   any sum, so a position is its *mixed* components (both players can move) plus that integer,
//!   and playing in one's own region is one move, "stock − 1" (its other options are dominated).
//!   Dead cells vanish the same way.
//! - **Safe moves and move-count bounds** (Lachmann, Moore and Rapaport, "Who wins Domineering on
//!   rectangular boards?", 2002; Bullock 2002): a player's *safe* moves are disjoint dominoes on
//!   cells the opponent can never cover; its *maximum* is the number of disjoint dominoes it
//!   could still fit. Its other disjoint dominoes are *unsafe*: it plays them first, and each
//!   opponent move destroys at most two of them, at most one unless it hits a pair in adjacent
//!   lines (and those pairs it can use at most a matching's worth of times, bounded by a vertex
//!   cover), so a share of them is sure too. Each unsafe play also takes cells the opponent
//!   could have covered, which bounds the opponent's moves by half its coverable cells less
//!   those. The side to move wins if its sure moves exceed the opponent's bound, and loses if
//!   the opponent's sure moves reach its own (`Bounds::outlasts`).
//! - **Protective blocks** (Bullock 2002): a 2×2 empty square walled on both sides across a
//!   player's dominoes is the player's whoever enters it first; blocks pair up (an intrusion is
//!   answered in another block), so `k` of them, rounded down to even, are as many sure moves
//!   for the player and take as many from the opponent's bound.
//! - **Safe moves wait**: while a player has any other move, its safe moves are not searched
//!   (Bullock 2002: playing one is never needed before the end).
//! - **Move ordering**: each move is judged by the bounds of the position it leaves (a move
//!   that leaves the opponent lost by them wins at once): safe moves, maxima and coverable
//!   cells of both players, then placements taken from the opponent and from oneself; the
//!   stock move last.
//! - **A transposition table that folds symmetries**: a position is stored under the least of
//!   its images by the left-right mirror, the top-bottom mirror and the half turn (each keeps
//!   every domino's orientation), with the whole normalised board as the key, so a hit is never
//!   a collision. Buckets of two entries; a new entry replaces the one whose search took fewer
//!   nodes.

use crate::{Player, Position, Row, MAX};
use std::time::{Duration, Instant};

/// A normalised board: occupied cells (dead and one-player regions filled in), by row.
type Rows = [Row; MAX];

#[derive(Clone, Copy)]
struct Entry {
    rows: Rows,
    stock: i16,
    /// 0 empty; 1 + side to move.
    side: u8,
    /// Whether the side to move wins.
    win: bool,
    /// log2 of the nodes the search of this entry took: the replacement priority.
    work: u8,
}

const EMPTY: Entry = Entry {
    rows: [0; MAX],
    stock: 0,
    side: 0,
    win: false,
    work: 0,
};

/// The answer to [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Who wins with perfect play.
    pub winner: Player,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes won by a searched move (the side to move found a winning move among its list).
    pub wins_by_move: u64,
    /// Of those, the ones the first move of the ordered list won: how often the ordering put
    /// the refutation first.
    pub first_move_wins: u64,
    /// A winning first domino of the side to move, (row, col) of its left/top cell, when the
    /// search found one at the root (`None`: it loses, its win is a move in a region of its
    /// own, or the position came from the table; [`Solver::winning_move`] then tells).
    pub best: Option<(u8, u8)>,
    /// Wall time.
    pub time: Duration,
}

/// The solver: a board shape and a transposition table kept between calls.
pub struct Solver {
    rows: usize,
    cols: usize,
    full: Row,
    table: Vec<Entry>,
    nodes: u64,
    wins_by_move: u64,
    first_move_wins: u64,
    /// Depth of the running `wins` call (1 at the root).
    ply: u32,
    /// The winning move found at the root.
    root_move: Option<(u8, u8)>,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Order moves by the bounds of the position each leaves (costlier, fewer nodes).
    pub child_eval: bool,
    /// Leave safe moves out while other moves remain (on by default; off to measure it).
    pub skip_safe: bool,
    /// Called about every `progress_every` with the nodes so far and the time since the call
    /// started (a long solve's progress line).
    progress: Option<Box<dyn FnMut(u64, Duration) + Send>>,
    progress_every: Duration,
    started: Instant,
    next_report: Duration,
}

/// How full the transposition table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableUse {
    /// Entries holding a position.
    pub used: usize,
    /// Entries in all.
    pub size: usize,
}

impl TableUse {
    /// `used` as a share of `size`, in `0.0..=1.0`.
    pub fn fraction(&self) -> f64 {
        self.used as f64 / self.size as f64
    }
}

/// A position as the solver sees it.
#[derive(Clone, Copy)]
struct Node {
    occ: Rows,
    /// Horizontal's stock moves minus vertical's.
    stock: i32,
}

impl Solver {
    /// A solver for `rows`×`cols` boards with a table of `2^table_bits` entries (40 bytes each).
    pub fn new(rows: usize, cols: usize, table_bits: u32) -> Solver {
        assert!((1..=MAX).contains(&rows) && (1..=MAX).contains(&cols));
        Solver {
            rows,
            cols,
            full: ((1u32 << cols) - 1) as Row,
            table: vec![EMPTY; 1 << table_bits],
            nodes: 0,
            wins_by_move: 0,
            first_move_wins: 0,
            ply: 0,
            root_move: None,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            child_eval: true,
            skip_safe: true,
            progress: None,
            progress_every: Duration::from_secs(5),
            started: Instant::now(),
            next_report: Duration::MAX,
        }
    }

    /// Calls `report(nodes, elapsed)` about every `every` while a call runs (checked every
    /// 65,536 nodes), e.g. to print a progress line on a long solve.
    pub fn set_progress(
        &mut self,
        every: Duration,
        report: impl FnMut(u64, Duration) + Send + 'static,
    ) {
        self.progress = Some(Box::new(report));
        self.progress_every = every;
    }

    /// How many table entries hold a position (a scan of the table).
    pub fn table_use(&self) -> TableUse {
        TableUse {
            used: self.table.iter().filter(|e| e.side != 0).count(),
            size: self.table.len(),
        }
    }

    fn start(&mut self) {
        self.nodes = 0;
        self.wins_by_move = 0;
        self.first_move_wins = 0;
        self.ply = 0;
        self.root_move = None;
        self.stopped = false;
        self.started = Instant::now();
        self.next_report = if self.progress.is_some() {
            self.progress_every
        } else {
            Duration::MAX
        };
    }

    /// Stops later calls after `nodes` nodes each (they return `None`).
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    /// Stops later calls at `deadline` (checked every 256 nodes; they return `None`/`Err`).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Who wins `pos` (its bombs ignored: standard Domineering) with `to_move` to move; `None`
    /// if the node limit stopped the search. Panics if `pos` is not of the solver's size.
    pub fn solve(&mut self, pos: &Position, to_move: Player) -> Option<Solution> {
        assert_eq!((pos.rows(), pos.cols()), (self.rows, self.cols));
        let start = Instant::now();
        self.start();
        let node = self.normalise(pos.occupied_rows(), 0);
        let win = self.wins(node, to_move);
        (!self.stopped).then(|| Solution {
            winner: if win { to_move } else { to_move.opponent() },
            nodes: self.nodes,
            wins_by_move: self.wins_by_move,
            first_move_wins: self.first_move_wins,
            best: if win { self.root_move } else { None },
            time: start.elapsed(),
        })
    }

    /// A winning move for the side to move in `pos` (a domino, as (row, col)), if it has one;
    /// `Ok(None)` if it loses whatever it plays, `Err(())` if the node limit stopped the search.
    /// The stock move is translated into a domino in one of the mover's own regions.
    #[allow(clippy::result_unit_err)]
    pub fn winning_move(
        &mut self,
        pos: &Position,
        to_move: Player,
    ) -> Result<Option<(u8, u8)>, ()> {
        self.start();
        let occ = pos.occupied_rows();
        let mut moves = Vec::new();
        for r in 0..self.rows {
            let mut p = self.placements(&occ, to_move, r);
            while p != 0 {
                let c = p.trailing_zeros() as usize;
                p &= p - 1;
                moves.push((r, c));
            }
        }
        for (r, c) in moves {
            let mut next = occ;
            Self::place(&mut next, to_move, r, c);
            let child = self.normalise(next, 0);
            let child_wins = self.wins(child, to_move.opponent());
            if self.stopped {
                return Err(());
            }
            if !child_wins {
                return Ok(Some((r as u8, c as u8)));
            }
        }
        Ok(None)
    }

    fn place(occ: &mut Rows, p: Player, r: usize, c: usize) {
        match p {
            Player::Horizontal => occ[r] |= 0b11 << c,
            Player::Vertical => {
                occ[r] |= 1 << c;
                occ[r + 1] |= 1 << c;
            }
        }
    }

    #[inline]
    fn placements(&self, occ: &Rows, p: Player, r: usize) -> Row {
        let e = !occ[r] & self.full;
        match p {
            Player::Horizontal => e & (e >> 1),
            Player::Vertical if r + 1 < self.rows => e & !occ[r + 1] & self.full,
            Player::Vertical => 0,
        }
    }

    /// Horizontal and vertical placements (top-left cells) by row.
    #[inline]
    fn all_placements(&self, occ: &Rows) -> (Rows, Rows) {
        let mut hp = [0; MAX];
        let mut vp = [0; MAX];
        for r in 0..self.rows {
            hp[r] = self.placements(occ, Player::Horizontal, r);
            vp[r] = self.placements(occ, Player::Vertical, r);
        }
        (hp, vp)
    }

    /// Fills dead cells and one-player components into `occ`, adding the latter's move counts
    /// to the stock.
    fn normalise(&self, mut occ: Rows, mut stock: i32) -> Node {
        let (hp, vp) = self.all_placements(&occ);
        let mut live = [0 as Row; MAX];
        for r in 0..self.rows {
            live[r] |= hp[r] | hp[r] << 1 | vp[r];
            if r + 1 < self.rows {
                live[r + 1] |= vp[r];
            }
        }
        let mut rest = live;
        while let Some(r0) = (0..self.rows).find(|&r| rest[r] != 0) {
            // Flood fill the component of the lowest remaining live cell.
            let mut comp = [0 as Row; MAX];
            comp[r0] = rest[r0] & rest[r0].wrapping_neg();
            loop {
                let mut changed = false;
                for r in 0..self.rows {
                    let mut grow = comp[r] | comp[r] << 1 | comp[r] >> 1;
                    if r > 0 {
                        grow |= comp[r - 1];
                    }
                    if r + 1 < self.rows {
                        grow |= comp[r + 1];
                    }
                    grow &= live[r];
                    if grow != comp[r] {
                        comp[r] = grow;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            let has_h = (0..self.rows).any(|r| hp[r] & comp[r] != 0);
            let has_v = (0..self.rows).any(|r| vp[r] & comp[r] != 0);
            for r in 0..self.rows {
                rest[r] &= !comp[r];
            }
            if has_h && has_v {
                continue;
            }
            if has_h {
                stock += (0..self.rows).map(|r| pairs_in_row(comp[r])).sum::<i32>();
            } else if has_v {
                stock -= pairs_down(&comp, self.rows);
            }
            for r in 0..self.rows {
                occ[r] |= comp[r];
            }
        }
        // Dead cells: empty but not live.
        for r in 0..self.rows {
            occ[r] |= !live[r] & self.full;
        }
        Node { occ, stock }
    }

    /// The least image of `occ` under the mirrors that keep orientations.
    fn canonical(&self, occ: &Rows, side: u8, stock: i32) -> (Rows, u8, i32) {
        // (The transpose with the roles swapped was tried on square boards: no fewer nodes.)
        let mirrors = |occ: &Rows| -> [Rows; 4] {
            let shift = 16 - self.cols as u32;
            let lr: Rows = std::array::from_fn(|r| {
                if r < self.rows {
                    occ[r].reverse_bits() >> shift
                } else {
                    0
                }
            });
            let mut tb = [0 as Row; MAX];
            let mut rot = [0 as Row; MAX];
            for r in 0..self.rows {
                tb[r] = occ[self.rows - 1 - r];
                rot[r] = lr[self.rows - 1 - r];
            }
            [*occ, lr, tb, rot]
        };
        let mut best = (*occ, side, stock);
        for img in mirrors(occ) {
            if img < best.0 {
                best.0 = img;
            }
        }
        best
    }

    #[inline]
    fn slot(&self, rows: &Rows, stock: i32, side: u8) -> usize {
        let mut h = (stock as u64) << 2 | u64::from(side);
        for &r in rows {
            h = (h ^ u64::from(r)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        (h >> 11) as usize & (self.table.len() - 1)
    }

    /// Whether `me` to move wins `node` (normalised).
    fn wins(&mut self, node: Node, me: Player) -> bool {
        self.ply += 1;
        let win = self.wins_at(node, me);
        self.ply -= 1;
        win
    }

    /// [`Solver::wins`] at the current ply.
    fn wins_at(&mut self, node: Node, me: Player) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 0xFF == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.nodes & 0xFFFF == 0 && self.next_report != Duration::MAX {
            let elapsed = self.started.elapsed();
            if elapsed >= self.next_report {
                self.next_report = elapsed + self.progress_every;
                if let Some(report) = &mut self.progress {
                    report(self.nodes, elapsed);
                }
            }
        }
        if self.stopped {
            return false;
        }
        let occ = &node.occ;
        let (hp, vp) = self.all_placements(occ);
        let sign = match me {
            Player::Horizontal => 1,
            Player::Vertical => -1,
        };
        let my_stock = (node.stock * sign).max(0);
        let their_stock = (-node.stock * sign).max(0);
        let mine = match me {
            Player::Horizontal => &hp,
            Player::Vertical => &vp,
        };
        let my_count: u32 = mine.iter().map(|r| r.count_ones()).sum();
        if my_count == 0 && my_stock == 0 {
            return false;
        }
        // Bounds from safe moves and maxima.
        let covers = self.covers(&hp, &vp);
        let b = self.bounds(occ, &covers);
        let (i, o) = (me as usize, me.opponent() as usize);
        if b.outlasts(i, my_stock, true, their_stock) {
            return true;
        }
        if b.outlasts(o, their_stock, false, my_stock) {
            return false;
        }

        let (canon, side, stock) = self.canonical(occ, 1 + me as u8, node.stock);
        let slot = self.slot(&canon, stock, side);
        for s in [slot, slot ^ 1] {
            let e = &self.table[s];
            if e.side == side && i32::from(e.stock) == stock && e.rows == canon {
                return e.win;
            }
        }
        let start_nodes = self.nodes;

        // Candidate dominoes with ordering scores.
        let mut list: [(i32, u8); MAX * 16] = [(0, 0); MAX * 16];
        let mut n = 0;
        let their_cover = &covers[o];
        // A safe move (neither cell ever coverable by the opponent) need not be played while
        // any other move is left (Bullock 2002): only when all are safe are they tried.
        let my_cover = &covers[i];
        let skip_safe = self.skip_safe && (0..self.rows).any(|r| my_cover[r] & their_cover[r] != 0);
        for r in 0..self.rows {
            let mut p = mine[r];
            while p != 0 {
                let c = p.trailing_zeros() as usize;
                p &= p - 1;
                let (theirs_taken, mine_taken, unsafe_) = match me {
                    Player::Horizontal => {
                        let two: Row = 0b11 << c;
                        let above = if r > 0 { vp[r - 1] & two } else { 0 };
                        (
                            (above.count_ones() + (vp[r] & two).count_ones()) as i32,
                            (hp[r] & (0b111 << c >> 1)).count_ones() as i32,
                            their_cover[r] & two != 0,
                        )
                    }
                    Player::Vertical => {
                        let two: Row = 0b11 << c >> 1;
                        let one: Row = 1 << c;
                        let above = if r > 0 { vp[r - 1] & one } else { 0 };
                        let below = if r + 1 < self.rows {
                            vp[r + 1] & one
                        } else {
                            0
                        };
                        (
                            ((hp[r] & two).count_ones() + (hp[r + 1] & two).count_ones()) as i32,
                            (above | (vp[r] & one)).count_ones() as i32 + below.count_ones() as i32,
                            (their_cover[r] | their_cover[r + 1]) & one != 0,
                        )
                    }
                };
                if skip_safe && !unsafe_ {
                    continue;
                }
                let mut score = 4 * theirs_taken - 2 * mine_taken + if unsafe_ { 2 } else { 0 };
                if self.child_eval {
                    // Obsequi-style: judge the move by the position it leaves.
                    let mut next = node.occ;
                    Self::place(&mut next, me, r, c);
                    let (nh, nv) = self.all_placements(&next);
                    let cb = self.bounds(&next, &self.covers(&nh, &nv));
                    let (i, o) = (me as usize, me.opponent() as usize);
                    if cb.outlasts(i, my_stock, false, their_stock) {
                        // The opponent, to move, is lost by the bounds: a winning move.
                        if self.ply == 1 {
                            self.root_move = Some((r as u8, c as u8));
                        }
                        self.store(slot, canon, stock, side, true, 0);
                        return true;
                    }
                    let (ms, mm, ts, tm) = (cb.safe[i], cb.max[i], cb.safe[o], cb.max[o]);
                    // Weights tuned on the empty 7×7 and 6×8 boards (nodes, both sides).
                    score = 8 * (ms - ts) + 4 * (mm - tm) + 2 * score + cb.cells[i] - cb.cells[o];
                }
                list[n] = (score, (r * 16 + c) as u8);
                n += 1;
            }
        }
        list[..n].sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));

        let mut win = false;
        for (k, &(_, code)) in list[..n].iter().enumerate() {
            let (r, c) = (code as usize / 16, code as usize % 16);
            let mut next = node.occ;
            Self::place(&mut next, me, r, c);
            let child = self.normalise(next, node.stock);
            let child_wins = self.wins(child, me.opponent());
            if self.stopped {
                return false;
            }
            if !child_wins {
                win = true;
                self.wins_by_move += 1;
                self.first_move_wins += u64::from(k == 0);
                if self.ply == 1 {
                    self.root_move = Some((r as u8, c as u8));
                }
                break;
            }
        }
        if !win && my_stock > 0 {
            let child = Node {
                occ: node.occ,
                stock: node.stock - sign,
            };
            let child_wins = self.wins(child, me.opponent());
            if self.stopped {
                return false;
            }
            win = !child_wins;
        }
        let work = 64 - (self.nodes - start_nodes).leading_zeros();
        self.store(slot, canon, stock, side, win, work as u8);
        win
    }

    /// Stores into the bucket `slot`, `slot ^ 1`: over this position's own entry if there is
    /// one, else over the entry that took less work (ties: the second).
    fn store(&mut self, slot: usize, rows: Rows, stock: i32, side: u8, win: bool, work: u8) {
        let entry = Entry {
            rows,
            stock: stock as i16,
            side,
            win,
            work,
        };
        let (a, b) = (&self.table[slot], &self.table[slot ^ 1]);
        let same = |e: &Entry| e.side == side && i32::from(e.stock) == stock && e.rows == rows;
        let target = if same(a) {
            slot
        } else if same(b) || a.work >= b.work {
            slot ^ 1
        } else {
            slot
        };
        self.table[target] = entry;
    }

    /// Cells each player can cover (by [`Player`] index), from its placements `hp`, `vp`.
    fn covers(&self, hp: &Rows, vp: &Rows) -> [Rows; 2] {
        [
            cover(hp, Player::Horizontal, self.rows),
            cover(vp, Player::Vertical, self.rows),
        ]
    }

    /// Each player's protective blocks (after Bullock 2002): 2×2 empty squares walled on at
    /// least one side across the player's dominoes — horizontal's with both cells above, or
    /// both below, occupied (or off the board); vertical's with both cells left, or both right.
    /// Whoever plays first in a block takes it: the player's first domino there goes on the
    /// open side and makes the other one safe (between it and the wall), while an opponent's
    /// domino there spoils both. Blocks are packed greedily and kept apart (no block's cells
    /// within one line of another's across the opponent's dominoes), so one opponent domino
    /// touches at most one block. Returns the counts and, by row, the cells to leave out of
    /// each player's unsafe dominoes: the blocks' and, on an open side, the line next to it (an
    /// opponent domino entering a block from there must not also spoil an unsafe domino).
    fn protective_blocks(&self, occ: &Rows, empty: &Rows) -> (i32, i32, Rows, Rows) {
        let rows = self.rows;
        let (mut hb, mut vb) = ([0 as Row; MAX], [0 as Row; MAX]);
        let (mut hx, mut vx) = ([0 as Row; MAX], [0 as Row; MAX]);
        let (mut hn, mut vn) = (0, 0);
        let wall = |r: isize| -> Row {
            if r < 0 || r as usize >= rows {
                Row::MAX
            } else {
                occ[r as usize] | !self.full
            }
        };
        for r in 0..rows.saturating_sub(1) {
            let both = empty[r] & empty[r + 1];
            // Horizontal: walled above (row r − 1) or below (row r + 2) at both columns.
            let (up, down) = (wall(r as isize - 1), wall(r as isize + 2));
            let pair = both & both >> 1;
            let mut cand = pair & ((up & up >> 1) | (down & down >> 1));
            while cand != 0 {
                let c = cand.trailing_zeros();
                cand &= cand - 1;
                let cells: Row = 0b11 << c;
                let mut busy = hb[r] | hb[r + 1];
                if r > 0 {
                    busy |= hb[r - 1];
                }
                if r + 2 < rows {
                    busy |= hb[r + 2];
                }
                if busy & cells != 0 {
                    continue;
                }
                hb[r] |= cells;
                hb[r + 1] |= cells;
                hx[r] |= cells;
                hx[r + 1] |= cells;
                let (walled_up, walled_down) = (up & cells == cells, down & cells == cells);
                if walled_up && !walled_down && r + 2 < rows {
                    hx[r + 2] |= cells;
                }
                if walled_down && !walled_up && r > 0 {
                    hx[r - 1] |= cells;
                }
                hn += 1;
            }
            // Vertical: walled left (column c − 1) or right (column c + 2) in both rows.
            let walls = (occ[r] & occ[r + 1]) | !self.full;
            let (left, right) = (walls << 1 | 1, walls >> 2);
            let mut cand = pair & (left | right) & self.full;
            while cand != 0 {
                let c = cand.trailing_zeros();
                cand &= cand - 1;
                let cells: Row = 0b11 << c;
                let busy = vb[r] | vb[r + 1];
                if (busy | busy << 1 | busy >> 1) & cells != 0 {
                    continue;
                }
                vb[r] |= cells;
                vb[r + 1] |= cells;
                let (walled_left, walled_right) = (left >> c & 1 == 1, right >> c & 1 == 1);
                let mut zone = cells;
                if walled_left && !walled_right {
                    zone |= (1 << (c + 2)) & self.full;
                }
                if walled_right && !walled_left && c > 0 {
                    zone |= 1 << (c - 1);
                }
                vx[r] |= zone;
                vx[r + 1] |= zone;
                vn += 1;
            }
        }
        (hn, vn, hx, vx)
    }

    /// Safe moves, maxima, unsafe dominoes and coverable cells of both players, on `occ` with
    /// the players' `covers`.
    fn bounds(&self, occ: &Rows, covers: &[Rows; 2]) -> Bounds {
        let [hcov, vcov] = covers;
        let mut b = Bounds::default();
        let mut empty = [0 as Row; MAX];
        let mut v_safe_cells = [0 as Row; MAX];
        // The unsafe dominoes: disjoint pairs of the empty cells the safe ones leave (so at
        // least one cell the opponent can cover), as cells, to find which of them one
        // opponent move can hit together: horizontal ones in adjacent rows sharing a column,
        // vertical ones in adjacent columns sharing a row.
        let mut h_unsafe = [0 as Row; MAX];
        let mut h_starts = [0 as Row; MAX];
        for r in 0..self.rows {
            empty[r] = !occ[r] & self.full;
        }
        let blocks = self.protective_blocks(occ, &empty);
        b.prot = [blocks.0, blocks.1];
        let (hblock, vblock) = (blocks.2, blocks.3);
        for r in 0..self.rows {
            let safe_starts = pair_starts(empty[r] & !vcov[r]);
            b.safe[0] += safe_starts.count_ones() as i32;
            b.max[0] += pairs_in_row(empty[r]);
            h_starts[r] = pair_starts(empty[r] & !(safe_starts | safe_starts << 1) & !hblock[r]);
            h_unsafe[r] = h_starts[r] | h_starts[r] << 1;
            b.unsafe_[0] += h_starts[r].count_ones() as i32;
            b.half_covered[0] += (h_starts[r] & (vcov[r] ^ vcov[r] >> 1)).count_ones() as i32;
            v_safe_cells[r] = empty[r] & !hcov[r];
            b.cells[0] += (empty[r] & hcov[r]).count_ones() as i32;
            b.cells[1] += (empty[r] & vcov[r]).count_ones() as i32;
        }
        b.max[1] = pairs_down(&empty, self.rows);
        let safe_tops = pair_tops_down(&v_safe_cells, self.rows);
        let mut v_rest = empty;
        for r in 0..self.rows {
            b.safe[1] += safe_tops[r].count_ones() as i32;
            v_rest[r] &= !safe_tops[r] & !vblock[r];
            if r > 0 {
                v_rest[r] &= !safe_tops[r - 1];
            }
        }
        let v_tops = pair_tops_down(&v_rest, self.rows);
        for r in 0..self.rows.saturating_sub(1) {
            b.unsafe_[1] += v_tops[r].count_ones() as i32;
            b.half_covered[1] += (v_tops[r] & (hcov[r] ^ hcov[r + 1])).count_ones() as i32;
        }
        // A vertex cover of the "hit together" graph bounds its matchings: the conflicting
        // dominoes of the even rows (columns) cover every edge, and so do the odd ones.
        let mut h_cover = [0; 2];
        let mut v_hit = [0 as Row; MAX];
        for r in 0..self.rows {
            let mut near = 0;
            if r > 0 {
                near |= h_unsafe[r - 1];
            }
            if r + 1 < self.rows {
                near |= h_unsafe[r + 1];
            }
            let hit = h_unsafe[r] & near;
            h_cover[r & 1] += (h_starts[r] & (hit | hit >> 1)).count_ones() as i32;
            let mut v_cells = v_tops[r];
            if r > 0 {
                v_cells |= v_tops[r - 1];
            }
            v_hit[r] = v_cells & (v_cells << 1 | v_cells >> 1);
        }
        let mut v_cover = [0; 2];
        for r in 0..self.rows.saturating_sub(1) {
            let hit = v_tops[r] & (v_hit[r] | v_hit[r + 1]);
            v_cover[0] += (hit & EVEN_COLS).count_ones() as i32;
            v_cover[1] += (hit & !EVEN_COLS).count_ones() as i32;
        }
        b.matching = [h_cover[0].min(h_cover[1]), v_cover[0].min(v_cover[1])];
        b
    }
}

/// Move counts for the bounds, by [`Player`] index.
#[derive(Clone, Copy, Default)]
struct Bounds {
    /// Disjoint safe dominoes.
    safe: [i32; 2],
    /// The most disjoint dominoes on the empty cells.
    max: [i32; 2],
    /// Disjoint dominoes on empty cells that are not safe: each opponent move can destroy at
    /// most two of them (it covers two cells) and playing one uses one.
    unsafe_: [i32; 2],
    /// An upper bound on how many opponent moves can each destroy two of the unsafe ones
    /// (the size of a vertex cover of the graph joining the pairs one move can hit together,
    /// which bounds any matching of that graph).
    matching: [i32; 2],
    /// Empty cells the player can cover (in one of its placements).
    cells: [i32; 2],
    /// How many of the unsafe dominoes have just one cell the opponent can cover.
    half_covered: [i32; 2],
    /// Protective blocks ([`Solver::protective_blocks`]); their cells are left out of the
    /// unsafe dominoes.
    prot: [i32; 2],
}

/// Columns 0, 2, 4, …
const EVEN_COLS: Row = 0x5555;

impl Bounds {
    /// Moves player `i` can surely make: its safe ones and stock, plus `h` of the unsafe ones.
    ///
    /// It plays unsafe ones while any remain. If it plays `h` of the `u` of them, the opponent
    /// destroyed the rest: `d` by moves that hit two (at most `matching` of those, as they form
    /// a matching) and `s` that hit one, with `d + s` at most `h` when it moves first and
    /// `h + 1` when second. So `u ≤ h + d + (d + s) ≤ 2h + min(matching, h)` moving first,
    /// which gives `h`; moving second, `h + 1` plays that role for `u + 1`.
    fn guaranteed(&self, i: usize, stock: i32, moves_first: bool) -> i32 {
        let (u, m) = (self.unsafe_[i], self.matching[i]);
        // The least h with u ≤ 2h + min(m, h).
        let least = |u: i32| {
            if u <= 3 * m {
                (u + 2) / 3
            } else {
                (u - m + 1) / 2
            }
        };
        let h = if moves_first {
            least(u)
        } else {
            (least(u + 1) - 1).max(0)
        };
        self.safe[i] + stock + h
    }

    /// Whether player `i` (with `stock`, moving first or not) surely makes more moves than
    /// the other (with `their_stock`) can: `i` wins.
    ///
    /// The other's moves are bounded by its disjoint dominoes, and by half the cells it can
    /// cover less those that `i`'s unsafe plays take: two each, one for a half-covered one,
    /// the fewest the other can leave `i` (it chooses which to destroy).
    ///
    /// Protective blocks pair up (Bullock 2002): when the other plays into one, `i` answers in
    /// another untouched one and makes both its dominoes there; untouched ones at the end are
    /// `i`'s too. (The other's entry into a block spoils none of `i`'s unsafe dominoes: their
    /// cells keep clear of the blocks and the lines beside their open sides.)
    fn outlasts(&self, i: usize, stock: i32, moves_first: bool, their_stock: i32) -> bool {
        let k = self.prot[i];
        // Pairing: at least ⌊k/2⌋ blocks end up `i`'s. Moving first with an odd count, `i`
        // may also take one at once and pair the rest, the rest of its play then second.
        self.outlasts_taking(i, stock, moves_first, moves_first, their_stock, k / 2)
            || (moves_first
                && k & 1 == 1
                && self.outlasts_taking(i, stock, true, false, their_stock, 1 + k / 2))
    }

    /// [`Bounds::outlasts`] when `taken_blocks` protective blocks surely become `i`'s: two
    /// moves each for `i`, and each takes four cells the other could cover and one domino
    /// from each of its two columns' (rows') packing, next to the wall. `i` moves first in the
    /// game if `moves_first`, and in the fight over its unsafe dominoes if `unsafe_first`.
    fn outlasts_taking(
        &self,
        i: usize,
        stock: i32,
        moves_first: bool,
        unsafe_first: bool,
        their_stock: i32,
        taken_blocks: i32,
    ) -> bool {
        let o = 1 - i;
        let sure = self.guaranteed(i, stock, unsafe_first);
        let h = sure - self.safe[i] - stock;
        let sure = sure + 2 * taken_blocks;
        // Its plays take two cells each the other could cover, one for a half-covered one.
        let taken = 2 * h - h.min(self.half_covered[i]);
        let theirs = self.max[o].min((self.cells[o] - taken) / 2) - 2 * taken_blocks + their_stock;
        if moves_first {
            sure > theirs
        } else {
            sure >= theirs
        }
    }
}

/// Cells covered by some placement in `tops` of player `p`.
fn cover(tops: &Rows, p: Player, rows: usize) -> Rows {
    let mut c = [0 as Row; MAX];
    for r in 0..rows {
        match p {
            Player::Horizontal => c[r] |= tops[r] | tops[r] << 1,
            Player::Vertical => {
                c[r] |= tops[r];
                if r + 1 < rows {
                    c[r + 1] |= tops[r];
                }
            }
        }
    }
    c
}

/// The left cells of the dominoes [`pairs_in_row`] counts (each run paired from its low end).
#[inline]
fn pair_starts(mut x: Row) -> Row {
    let mut starts = 0;
    while x != 0 {
        let low = x.trailing_zeros();
        let run = (x >> low).trailing_ones();
        // Bits low, low+2, … for the ⌊run/2⌋ pairs.
        let pairs = run / 2;
        starts |= ((0x5555_5555u32 & ((1u32 << (2 * pairs)) - 1)) << low) as Row;
        x &= !((((1u32 << run) - 1) << low) as Row);
    }
    starts
}

/// The top cells of the dominoes [`pairs_down`] counts, by row.
#[inline]
fn pair_tops_down(cells: &Rows, rows: usize) -> Rows {
    let mut tops = [0 as Row; MAX];
    let mut pending: Row = 0;
    for r in 0..rows {
        let matched = pending & cells[r];
        if r > 0 {
            tops[r - 1] = matched;
        }
        pending = cells[r] & !matched;
    }
    tops
}

/// ⌊run/2⌋ summed over the runs of ones in `x`: disjoint horizontal dominoes in a row.
#[inline]
pub fn pairs_in_row(mut x: Row) -> i32 {
    let mut n = 0;
    while x != 0 {
        let low = x.trailing_zeros();
        let run = (x >> low).trailing_ones();
        n += run as i32 / 2;
        x &= !((((1u32 << run) - 1) << low) as Row);
    }
    n
}

/// ⌊run/2⌋ summed over the vertical runs of `cells` in every column: disjoint vertical dominoes.
#[inline]
pub fn pairs_down(cells: &Rows, rows: usize) -> i32 {
    let mut n = 0;
    let mut pending: Row = 0;
    for row in cells.iter().take(rows) {
        let matched = pending & row;
        n += matched.count_ones() as i32;
        pending = row & !matched;
    }
    n
}
