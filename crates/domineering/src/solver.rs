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
//! - **Packing bounds** (Bullock 2002, ch. 4; the private `packing` module): each player's empty cells
//!   are packed with its safe moves (on cells the opponent can never cover), protective areas,
//!   vulnerable moves of two kinds and safe moves with an option, which gives a lower bound on
//!   its moves and an upper bound on the opponent's (half the cells the opponent can cover, less
//!   those the player's sure moves take; or the opponent's disjoint dominoes, less those the
//!   player's areas spoil). The side to move wins if its sure moves exceed the opponent's most,
//!   and loses if the opponent's sure moves (moving second) reach its own most. The stocks of
//!   the one-player regions add to both sides' counts.
//! - **Safe moves wait**: while a player has any other move, its safe moves are not searched
//!   (Bullock 2002: playing one is never needed before the end).
//!   The mover's packing, beside the opponent's cheap tally (its bound needs only the
//!   opponent's disjoint dominoes), finds a win of the side to move; a loss is found one ply
//!   up, when the parent checks the child ([`Solver::loss_test`]).
//! - **Move ordering**: when the bounds leave a gap a move could close, each move that cuts
//!   enough of the opponent's dominoes and coverable cells to close it has its position packed
//!   first (a move that leaves the opponent lost by the bounds wins at once, before any move is
//!   searched); the others are tallied from the lines the move changes. Then moves
//!   go by place, Bullock's fixed pattern (in the mover's orientation: the second line from an
//!   edge and every second one inward, every second cell from the nearer end, edge lines last;
//!   on odd lines too: measured on 7×7, 7×9, 9×7, 5×9 and 9×5, both sides, one-ended and
//!   staggered patterns took 1.7–4.4× the nodes), ties broken by the position left: safe moves,
//!   disjoint dominoes and coverable cells of both players, then placements taken from the
//!   opponent and from oneself; the stock move last. The best move is picked before any sort:
//!   the rest are sorted only when it fails.
//! - **Combinatorial game values** (optional, [`Solver::cgt_cells`]; [`crate::cgt`]): mixed
//!   regions of a few cells are valued exactly; integers join the stock, a position whose
//!   mixed regions all have values is decided by their sum, and one with larger regions too by
//!   the valued regions' integer bounds when the packing bounds of the rest settle it.
//! - **A transposition table that folds symmetries**: a position is stored under the least of
//!   its images by the left-right mirror, the top-bottom mirror and the half turn (each keeps
//!   every domino's orientation), with the whole normalised board as the key, so a hit is never
//!   a collision (the private `table` module: 16-byte entries in lock-free buckets of four on
//!   boards of at most 111 cells, locked buckets of two on larger ones). A new entry replaces an
//!   empty one, else the one whose search took the fewest nodes.

use crate::cgt::Regions;
use crate::packing::{self, Lines, Tallies};
use crate::table::{self, Table};
use crate::{Board, Move, Player, Row, MAX};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Splits happen only this close to the root (in plies), where a subtree repays a thread.
const SPLIT_PLIES: u32 = 8;

/// A child is packed to see whether the move closes the gap (leaves the opponent lost by the
/// bounds) only when twice the opponent's disjoint dominoes it cuts plus the coverable cells it
/// takes from the opponent reach the gap plus this (always at gap 0). The test is a filter on
/// a shortcut, never on the result: a child left unpacked is searched, and its own bounds find
/// the same loss. Measured on 7×9 and 9×7, both sides (a child check at gaps of 1 to 5 won
/// 0.5–10% of the time; most of the wins cut a domino or 3+ cells): slack 2 packs a third
/// fewer children for 0.3–3% more nodes, 12–16% less time (least of 5 runs each); 1 and 3 were
/// within 2% of it.
const CHILD_CHECK_SLACK: i32 = 2;

/// A normalised board: occupied cells (dead and one-player regions filled in), by row.
type Rows = table::Rows;

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
    /// A winning first domino of the side to move, when the search found one at the root (`None`: it loses, its win is a move in a region of its
    /// own, or the position came from the table; [`Solver::winning_move`] then tells).
    pub best: Option<Move>,
    /// Nodes decided without search by the sum of all their mixed regions' values
    /// ([`Solver::cgt_cells`]; 0 with values off).
    pub by_values: u64,
    /// Nodes decided without search by their valued regions' integer bounds beside the packing
    /// bounds of the rest of the board ([`Solver::cgt_cells`]; 0 with values off).
    pub by_bounds: u64,
    /// Times a node's remaining moves were shared with another thread
    /// ([`Solver::set_threads`]; 0 with one thread).
    pub splits: u64,
    /// Wall time.
    pub time: Duration,
}

/// The solver: a board shape and a transposition table kept between calls.
pub struct Solver {
    rows: usize,
    cols: usize,
    full: Row,
    /// Move-ordering tie-break by place, per player, (row, col) of the domino's first cell.
    place_value: [[[i32; 16]; MAX]; 2],
    table: Arc<Table>,
    /// Region values, shared by a solve's threads.
    regions: Arc<Mutex<Regions>>,
    /// Threads a solve may use ([`Solver::set_threads`]).
    threads: usize,
    /// Threads searching now, this one included (shared by a solve's threads).
    active: Arc<AtomicUsize>,
    /// Flags that stop this thread's work: set when a sibling split found the win.
    aborts: Vec<Arc<AtomicBool>>,
    nodes: u64,
    wins_by_move: u64,
    first_move_wins: u64,
    splits: u64,
    by_values: u64,
    by_bounds: u64,
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
    /// The static test at every node packs the opponent's lines too, to find a loss of the
    /// side to move by the bounds. Off (the default), only a win is found there: a loss is
    /// found one ply up, where the parent packs the child to see whether its move closes the
    /// gap, or one ply down, where each child's own test sees the opponent win. On 7×9 V the
    /// opponent's packing ran at 960,197 of 2,247,638 nodes and found a loss at 770: off, the
    /// empty 7×9, 9×7, 8×8, 8×9, 6×10 and 10×6 boards, both sides, take 0–1% more nodes and
    /// 6–8% less time (7×9 V 2,250,217 nodes against 2,247,638, 1,380 ms against 1,496).
    pub loss_test: bool,
    /// Mixed regions of at most this many cells are valued exactly by combinatorial game
    /// theory ([`crate::cgt::Regions`]): a region equal to an integer goes into the stock; a
    /// position whose mixed regions all are within the limit is decided by the sum of their
    /// values and the stock, without search; and in one with larger regions too, a valued
    /// region settles it when the rest of the board cannot change the outcome — the integers
    /// `a ≤ G ≤ b` around the valued regions' sum ([`crate::cgt::Games::integer_bounds`]) put
    /// the position between the rest plus `a` and the rest plus `b`, and the packing bounds
    /// decide one of those for the side to move (a win in the one worse for it, or a loss in
    /// the one better). 0 (the default) turns it off: on the empty 7×9, 8×8, 8×9 and 6×10
    /// boards it saves 0–7% of the nodes and costs more time than that.
    pub cgt_cells: u32,
    /// How much the place pattern weighs in move ordering against the counts (8 by default,
    /// where it leads and a large difference in the counts can overrule a step of it; 0 orders
    /// by the counts alone, better on mid-game positions of big boards, where the board's edges
    /// say little). Against 16, the default before: 3.7% fewer nodes over the empty 7×9, 9×7,
    /// 8×8, 8×9 V, 6×10 and 10×6 boards, both sides where short (−5% on 7×9 V and 9×7 H, −7% on
    /// 6×10 V and 10×6 H, at most +0.5%), and level on 8×9 H (54,939,404 against 54,971,343);
    /// 4, 6, 10 and 12 did worse over the set.
    pub place_weight: i32,
    /// The place pattern weighs only in positions with more than this many empty cells; in
    /// the others moves are ordered by the counts alone, as with a [`Solver::place_weight`] of
    /// 0 (0: the pattern weighs everywhere). By default ([`Solver::default_place_min_empty`])
    /// the pattern weighs only in the first nine plies of boards at least 9 cells each way and
    /// everywhere on smaller ones.
    pub place_min_empty: u32,
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
    /// The same cells by column (`cols[c]` bit `r`): vertical's lines.
    cols: Rows,
    /// Horizontal's stock moves minus vertical's.
    stock: i32,
    /// Cells of the largest mixed region (both players can move there); with values off
    /// ([`Solver::cgt_cells`] 0), where only values read it, the cells of all of them.
    largest: u32,
    /// The mixed regions valued by [`Solver::cgt_cells`] that are not integers, with the bounds of
    /// their sum ([`Bounded`]); `None` if there are none.
    bounded: Option<Bounded>,
}

/// A position's valued regions taken out: `occ` is the position with them filled in, and
/// their sum lies between the integers `lo` and `hi` (`lo < hi`), so that the position lies
/// between the rest with `lo` more in the stock and the rest with `hi` more.
#[derive(Clone, Copy)]
struct Bounded {
    occ: Rows,
    lo: i32,
    hi: i32,
}

impl Solver {
    /// A solver for `rows`×`cols` boards with a table of `2^table_bits` entries (16 bytes each
    /// on boards of at most 111 cells, e.g. up to 10×11, in lock-free buckets of four, one cache
    /// line; 32 bytes in locked buckets of two on larger boards).
    pub fn new(rows: usize, cols: usize, table_bits: u32) -> Solver {
        assert!((1..=MAX).contains(&rows) && (1..=MAX).contains(&cols));
        Solver::on_table(rows, cols, Arc::new(Table::new(table_bits, rows, cols)))
    }

    /// A solver with default settings and fresh counters over `table`.
    fn on_table(rows: usize, cols: usize, table: Arc<Table>) -> Solver {
        Solver {
            rows,
            cols,
            full: ((1u32 << cols) - 1) as Row,
            place_value: place_values(rows, cols),
            table,
            regions: Arc::new(Mutex::new(Regions::new(64))),
            threads: 1,
            active: Arc::new(AtomicUsize::new(1)),
            aborts: Vec::new(),
            nodes: 0,
            wins_by_move: 0,
            first_move_wins: 0,
            splits: 0,
            by_values: 0,
            by_bounds: 0,
            ply: 0,
            root_move: None,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            child_eval: true,
            skip_safe: true,
            loss_test: false,
            place_weight: 8,
            place_min_empty: Solver::default_place_min_empty(rows, cols),
            cgt_cells: 0,
            progress: None,
            progress_every: Duration::from_secs(5),
            started: Instant::now(),
            next_report: Duration::MAX,
        }
    }

    /// The default [`Solver::place_min_empty`] of an empty `rows`×`cols` board: its cells
    /// less 17 when both sides are at least 9 (the pattern orders the positions with at most 16
    /// cells filled, the first nine plies; the counts the rest), else 0 (the pattern
    /// everywhere).
    ///
    /// Bullock's pattern was fitted to boards up to 8×8, and on them it still pays deep in the
    /// tree: the counts alone take 3–5× the nodes of the empty 7×9, 8×8 and 6×10 boards, and
    /// letting them order the last 60% of the cells 1.05–1.9× (`domineering-solve
    /// --place-min-empty E`). On 9×9, where both players' lines are 9 long, the pattern picks
    /// the wrong first move at half the nodes a move wins, the counts at a tenth: on 14 of its
    /// positions six plies in, the counts alone took 3–10× fewer nodes. The empty 9×9, V to
    /// move, two threads: the pattern everywhere 2,774,278,264 nodes; down to 69 empty cells
    /// 648,895,711, to 64 510,752,890, to 60 545,193,643, to 56 674,201,621, to 50 911,882,395.
    pub fn default_place_min_empty(rows: usize, cols: usize) -> u32 {
        if rows.min(cols) >= 9 {
            (rows * cols - 17) as u32
        } else {
            0
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
        let (used, size) = self.table.usage();
        TableUse { used, size }
    }

    fn start(&mut self) {
        self.nodes = 0;
        self.wins_by_move = 0;
        self.first_move_wins = 0;
        self.splits = 0;
        self.by_values = 0;
        self.by_bounds = 0;
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

    /// Lets a solve use up to `threads` threads (1, the default: no others): after the first
    /// move of a node within a few plies of the root fails to win, the rest of its moves are
    /// split with another thread (young brothers wait), the table shared; the first to find a
    /// win stops the other. Nodes are then those of all threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// A solver for another thread: the same settings and table, counters of its own, no
    /// progress reports.
    fn helper(&self, abort: &Arc<AtomicBool>) -> Solver {
        let mut helper = Solver::on_table(self.rows, self.cols, Arc::clone(&self.table));
        helper.threads = self.threads;
        helper.active = Arc::clone(&self.active);
        helper.aborts = self.aborts.clone();
        helper.aborts.push(Arc::clone(abort));
        helper.ply = self.ply;
        helper.node_limit = self.node_limit.saturating_sub(self.nodes);
        helper.deadline = self.deadline;
        helper.child_eval = self.child_eval;
        helper.skip_safe = self.skip_safe;
        helper.loss_test = self.loss_test;
        helper.place_weight = self.place_weight;
        helper.place_min_empty = self.place_min_empty;
        helper.cgt_cells = self.cgt_cells;
        helper.regions = Arc::clone(&self.regions);
        helper.started = self.started;
        helper
    }

    /// Who wins `board` with its side to move; `None` if the node limit or the deadline
    /// stopped the search.
    ///
    /// # Panics
    /// If `board` is not of the solver's size (a solver's table is laid out for one size:
    /// [`Solver::new`]), saying both sizes.
    pub fn solve(&mut self, board: &Board) -> Option<Solution> {
        assert!(
            (board.rows(), board.cols()) == (self.rows, self.cols),
            "a solver for {}×{} boards was given a {}×{} board",
            self.rows,
            self.cols,
            board.rows(),
            board.cols()
        );
        let to_move = board.to_move();
        let start = Instant::now();
        self.start();
        let node = self.normalise(board.occupied_rows(), 0);
        let win = self.wins(node, to_move);
        (!self.stopped).then(|| Solution {
            winner: if win { to_move } else { to_move.opponent() },
            nodes: self.nodes,
            wins_by_move: self.wins_by_move,
            first_move_wins: self.first_move_wins,
            splits: self.splits,
            by_values: self.by_values,
            by_bounds: self.by_bounds,
            best: if win {
                self.root_move.map(|(row, col)| Move { row, col })
            } else {
                None
            },
            time: start.elapsed(),
        })
    }

    /// A winning move for the side to move in `board`, if it has one; `Ok(None)` if it loses
    /// whatever it plays, `Err(())` if the node limit or the deadline stopped the search. Every
    /// legal domino is tried, so a win by a move in one of the mover's own regions is found too.
    #[allow(clippy::result_unit_err)]
    pub fn winning_move(&mut self, board: &Board) -> Result<Option<Move>, ()> {
        self.start();
        let to_move = board.to_move();
        let occ = board.occupied_rows();
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
                return Ok(Some(Move {
                    row: r as u8,
                    col: c as u8,
                }));
            }
        }
        Ok(None)
    }

    /// Who wins `board` with its side to move by the bounds alone, without search (`None`:
    /// they do not decide it): the static test every node of [`Solver::solve`] starts with.
    pub fn decided_by_bounds(&self, board: &Board) -> Option<Player> {
        let to_move = board.to_move();
        let node = self.normalise(board.occupied_rows(), 0);
        self.decide(&node, to_move)
            .ok()
            .map(|win| if win { to_move } else { to_move.opponent() })
    }

    /// Whether `me` to move wins `node` by the bounds alone, or if they do not decide it, the
    /// gap a move of `me` would have to close for them to: how many moves the opponent's most
    /// exceeds `me`'s sure moves when `me` moves second.
    fn decide(&self, node: &Node, me: Player) -> Result<bool, i32> {
        let theirs = self.lines(node, me.opponent());
        self.decide_lines(
            node,
            me,
            &self.lines(node, me),
            &theirs,
            &packing::tally(&theirs),
        )
    }

    /// [`Solver::decide`] given `me`'s lines, the opponent's and the opponent's tally.
    fn decide_lines(
        &self,
        node: &Node,
        me: Player,
        my_lines: &Lines,
        their_lines: &Lines,
        tally: &packing::Packing,
    ) -> Result<bool, i32> {
        let (_, my_stock, their_stock) = stocks(node, me);
        // The mover's packing and the opponent's tally (its bound needs only the opponent's
        // disjoint dominoes); with the loss test, the opponent's packing if that does not decide.
        let mine = packing::pack(my_lines);
        // (No disjoint domino of its own: no move.)
        if my_stock == 0 && mine.real == 0 {
            return Ok(false);
        }
        let first = packing::sure(&mine, true);
        if first.moves + my_stock > packing::most(&mine, tally, &first) + their_stock {
            return Ok(true);
        }
        if self.loss_test {
            let theirs = packing::pack(their_lines);
            let sure = packing::sure(&theirs, false);
            if sure.moves + their_stock >= packing::most(&theirs, &mine, &sure) + my_stock {
                return Ok(false);
            }
        }
        // (The opponent's most needs only its disjoint dominoes, which the tally counts.)
        let second = packing::sure(&mine, false);
        Err(packing::most(&mine, tally, &second) + their_stock - second.moves - my_stock)
    }

    /// The integers between which the mixed region `comp` of `size` cells lies (equal if it is
    /// an integer), if the region is within [`Solver::cgt_cells`].
    fn region_bounds(&self, comp: &Rows, size: u32) -> Option<(i32, i32)> {
        if size > self.cgt_cells {
            return None;
        }
        let mut regions = self.regions.lock().unwrap_or_else(|e| e.into_inner());
        let g = regions.value_of_rows(comp)?;
        let (lo, hi) = regions.games().integer_bounds(g);
        Some((lo as i32, hi as i32))
    }

    /// Whether `me` to move wins `node` by its valued regions' bounds and the rest's packing
    /// bounds ([`Bounded`]): if the side to move wins the rest with the bound on its own side
    /// of the regions' sum in the stock, it wins the whole (the whole is at least as good for
    /// it); if it loses the rest with the bound on the other side, it loses the whole.
    fn decide_by_bounds(&self, node: &Node, me: Player) -> Option<bool> {
        let b = node.bounded?;
        // The rest of the board, its columns transposed once for both tests.
        let mut rest = Node {
            occ: b.occ,
            cols: transpose(&b.occ, self.rows, self.full),
            stock: node.stock,
            largest: node.largest,
            bounded: None,
        };
        // Horizontal counts up: its worst case is `lo`, vertical's `hi`.
        let (worst, best) = match me {
            Player::Horizontal => (b.lo, b.hi),
            Player::Vertical => (b.hi, b.lo),
        };
        rest.stock = node.stock + worst;
        if self.decide(&rest, me) == Ok(true) {
            return Some(true);
        }
        rest.stock = node.stock + best;
        if self.decide(&rest, me) == Ok(false) {
            return Some(false);
        }
        None
    }

    /// Whether `me` to move wins `node` by the sum of its mixed regions' values and the stock
    /// ([`Solver::cgt_cells`]); `None` if a region is too large for the table.
    fn decide_by_values(&self, node: &Node, me: Player) -> Option<bool> {
        let empty: Rows = std::array::from_fn(|r| {
            if r < self.rows {
                !node.occ[r] & self.full
            } else {
                0
            }
        });
        let mut regions = self.regions.lock().unwrap_or_else(|e| e.into_inner());
        let value = regions.value_of_rows(&empty)?;
        let games = regions.games();
        let stock = games.integer(i64::from(node.stock));
        let sum = games.sum(value, stock);
        Some(games.first_player_wins(sum, me))
    }

    /// Player `p`'s lines in `node`: rows for horizontal, columns for vertical.
    fn lines(&self, node: &Node, p: Player) -> Lines {
        match p {
            Player::Horizontal => Lines::new(&node.occ, self.rows, self.cols),
            Player::Vertical => Lines::new(&node.cols, self.cols, self.rows),
        }
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
        let mut largest = 0;
        let mut bounded: Option<Bounded> = None;
        let (hp, vp) = self.all_placements(&occ);
        let mut live = [0 as Row; MAX];
        for r in 0..self.rows {
            live[r] |= hp[r] | hp[r] << 1 | vp[r];
            if r + 1 < self.rows {
                live[r + 1] |= vp[r];
            }
        }
        let mut comps = Components::new(&live, self.rows, self.cols);
        if self.cgt_cells == 0 {
            // Without values no region is looked at alone: the cells of the regions where one
            // player has no placement are those its placements' cells do not reach, all such
            // regions at once (a fill from every covered cell converges in a step or two).
            let [h_cover, v_cover] = self.covers(&hp, &vp);
            let (with_h, with_v) = (comps.reach(&h_cover), comps.reach(&v_cover));
            let mut v_only = [0 as Row; MAX];
            for r in 0..self.rows {
                let h_only = live[r] & !with_v[r];
                v_only[r] = live[r] & !with_h[r];
                stock += pairs_in_row(h_only);
                largest += (live[r] & with_h[r] & with_v[r]).count_ones();
                occ[r] |= h_only | v_only[r] | (!live[r] & self.full);
            }
            stock -= pairs_down(&v_only, self.rows);
            return Node {
                occ,
                cols: transpose(&occ, self.rows, self.full),
                stock,
                largest,
                bounded: None,
            };
        }
        while let Some(comp) = comps.next_component() {
            let has_h = (0..self.rows).any(|r| hp[r] & comp[r] != 0);
            let has_v = (0..self.rows).any(|r| vp[r] & comp[r] != 0);
            if has_h && has_v {
                let size = comp.iter().map(|r| r.count_ones()).sum();
                match self.region_bounds(&comp, size) {
                    // A region equal to an integer is that many moves in the stock.
                    Some((lo, hi)) if lo == hi => stock += lo,
                    found => {
                        largest = largest.max(size);
                        if let Some((lo, hi)) = found {
                            let b = bounded.get_or_insert(Bounded {
                                occ: [0; MAX],
                                lo: 0,
                                hi: 0,
                            });
                            for (cells, part) in b.occ.iter_mut().zip(&comp) {
                                *cells |= part;
                            }
                            b.lo += lo;
                            b.hi += hi;
                        }
                        continue;
                    }
                }
            } else if has_h {
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
        let cols = transpose(&occ, self.rows, self.full);
        if let Some(b) = &mut bounded {
            for (cells, &filled) in b.occ.iter_mut().zip(&occ) {
                *cells |= filled;
            }
        }
        Node {
            occ,
            cols,
            stock,
            largest,
            bounded,
        }
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
            || (self.nodes & 0x3F == 0 && self.aborts.iter().any(|a| a.load(Ordering::Relaxed)))
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
        let (my_lines, their_lines) = (self.lines(&node, me), self.lines(&node, me.opponent()));
        let their_sums = Tallies::new(&their_lines);
        let their_tally = their_sums.total();
        let gap = match self.decide_lines(&node, me, &my_lines, &their_lines, &their_tally) {
            Ok(win) => return win,
            Err(gap) => gap,
        };
        // One move never closed a gap of more than 4 on the boards measured (7×7 to 8×9: the
        // same nodes, within 0.05%, with the check limited to gaps of 5 or less): past 5 the
        // children are only tallied for ordering.
        let check_children = gap <= 5;
        let occ = &node.occ;
        let (hp, vp) = self.all_placements(occ);
        let (sign, my_stock, their_stock) = stocks(&node, me);
        let mine = match me {
            Player::Horizontal => &hp,
            Player::Vertical => &vp,
        };
        let covers = self.covers(&hp, &vp);
        let (i, o) = (me as usize, me.opponent() as usize);

        let (canon, side, stock) = self.canonical(occ, 1 + me as u8, node.stock);
        let key = self.table.key(&canon, stock, side);
        if let Some(win) = self.table.probe(&key) {
            return win;
        }
        if self.cgt_cells > 0 {
            if node.largest <= self.cgt_cells {
                if let Some(win) = self.decide_by_values(&node, me) {
                    self.by_values += 1;
                    return win;
                }
            } else if let Some(win) = self.decide_by_bounds(&node, me) {
                self.by_bounds += 1;
                return win;
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
        let my_sums = Tallies::new(&my_lines);
        let my_tally = my_sums.total();
        // (Cells are counted only where the pattern weighs at all.)
        let place_weight = if self.place_weight == 0
            || self.place_min_empty == 0
            || (0..self.rows)
                .map(|r| (!occ[r] & self.full).count_ones())
                .sum::<u32>()
                > self.place_min_empty
        {
            self.place_weight
        } else {
            0
        };
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
                    // Obsequi-style: judge the move by the position it leaves. The move fills
                    // two cells of one of `me`'s lines and one cell of two of the opponent's;
                    // the tallies change only there and beside them.
                    let (line, cell) = match me {
                        Player::Horizontal => (r, c),
                        Player::Vertical => (c, r),
                    };
                    let mut my_next = my_lines;
                    my_next.b[line + 1] |= 0b11 << (cell + 1);
                    let mut their_next = their_lines;
                    their_next.b[cell + 1] |= 1 << (line + 1);
                    their_next.b[cell + 2] |= 1 << (line + 1);
                    let theirs = their_sums.retally(&their_next, cell.saturating_sub(1), cell + 2);
                    let tallied = my_sums.retally(&my_next, line.saturating_sub(1), line + 1);
                    // Packed only if the move may close the gap ([`CHILD_CHECK_SLACK`]).
                    let check = check_children
                        && (gap == 0
                            || 2 * (their_tally.real - theirs.real)
                                + (my_tally.opp_cover - tallied.opp_cover)
                                >= gap + CHILD_CHECK_SLACK);
                    let mine = if check {
                        packing::pack(&my_next)
                    } else {
                        tallied
                    };
                    if check && {
                        let sure = packing::sure(&mine, false);
                        sure.moves + my_stock >= packing::most(&mine, &theirs, &sure) + their_stock
                    } {
                        // The opponent, to move, is lost by the bounds: a winning move.
                        if self.ply == 1 {
                            self.root_move = Some((r as u8, c as u8));
                        }
                        self.table.store(&key, true, 0);
                        return true;
                    }
                    let (ms, mm, ts, tm) = (mine.safe, mine.real, theirs.safe, theirs.real);
                    // Weights tuned on the empty 7×7 and 6×8 boards (nodes, both sides).
                    score = 8 * (ms - ts) + 4 * (mm - tm) + 2 * score + theirs.opp_cover
                        - mine.opp_cover;
                }
                // The place decides (Bullock's fixed pattern); the counts break its ties.
                // (Measured on 7×7, 6×8 and 8×6, both sides: 1.6–2.9× fewer nodes than the
                // counts alone, and fewer than with the place as their tie-break; but not past
                // the opening on 9×9: [`Solver::default_place_min_empty`].)
                score += place_weight * self.place_value[i][r][c];
                list[n] = (score, (r * 16 + c) as u8);
                n += 1;
            }
        }
        // The best first; the rest are sorted only if it fails (most nodes a first move wins
        // never need them in order).
        if let Some(best) = (0..n).max_by_key(|&k| (list[k].0, std::cmp::Reverse(k))) {
            list[..=best].rotate_right(1);
        }
        let mut codes = [0u8; MAX * 16];
        for (slot, &(_, code)) in codes.iter_mut().zip(&list[..n]) {
            *slot = code;
        }
        let codes = &mut codes[..n];
        let mut win = false;
        for k in 0..codes.len() {
            if k == 1 {
                list[1..n].sort_by_key(|&(score, _)| std::cmp::Reverse(score));
                for (slot, &(_, code)) in codes[1..].iter_mut().zip(&list[1..n]) {
                    *slot = code;
                }
            }
            let code = codes[k];
            // Young brothers wait: once the first move has failed, the rest may be split.
            if k == 1 && self.ply <= SPLIT_PLIES && codes.len() > 2 && self.claim_thread() {
                match self.split(&node, me, &codes[1..]) {
                    None => return false,
                    Some(found) => {
                        if let Some(code) = found {
                            win = true;
                            self.wins_by_move += 1;
                            if self.ply == 1 {
                                self.root_move = Some((code / 16, code % 16));
                            }
                        }
                        break;
                    }
                }
            }
            if self.move_wins(&node, me, code) {
                win = true;
                self.wins_by_move += 1;
                self.first_move_wins += u64::from(k == 0);
                if self.ply == 1 {
                    self.root_move = Some((code / 16, code % 16));
                }
                break;
            }
            if self.stopped {
                return false;
            }
        }
        if self.stopped {
            return false;
        }
        if !win && my_stock > 0 {
            let child = Node {
                stock: node.stock - sign,
                ..node
            };
            let child_wins = self.wins(child, me.opponent());
            if self.stopped {
                return false;
            }
            win = !child_wins;
        }
        let work = 64 - (self.nodes - start_nodes).leading_zeros();
        self.table.store(&key, win, work);
        win
    }

    /// Whether `me` playing `code` (row × 16 + col) in `node` wins: the opponent loses the
    /// normalised result. `false` too when stopped.
    fn move_wins(&mut self, node: &Node, me: Player, code: u8) -> bool {
        let (r, c) = (usize::from(code / 16), usize::from(code % 16));
        let mut next = node.occ;
        Self::place(&mut next, me, r, c);
        let child = self.normalise(next, node.stock);
        let child_wins = self.wins(child, me.opponent());
        !self.stopped && !child_wins
    }

    /// Takes one more thread for a split, if a solve may use one now.
    fn claim_thread(&self) -> bool {
        self.threads > 1
            && self
                .active
                .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                    (n < self.threads).then_some(n + 1)
                })
                .is_ok()
    }

    /// Searches `codes` for a winning move of `me` in `node` on this thread and a helper
    /// (which [`Solver::claim_thread`] took), each taking the next move not yet taken. A
    /// thread that runs out of moves gives its place back at once, so the other can split
    /// again below while it waits. `Some(Some(code))`: a winning move; `Some(None)`: none
    /// wins; `None`: stopped from outside.
    fn split(&mut self, node: &Node, me: Player, codes: &[u8]) -> Option<Option<u8>> {
        let abort = Arc::new(AtomicBool::new(false));
        let mut helper = self.helper(&abort);
        self.aborts.push(Arc::clone(&abort));
        let next = AtomicUsize::new(0);
        let search = |solver: &mut Solver| -> Option<Option<u8>> {
            let found = loop {
                let Some(&code) = codes.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break Some(None);
                };
                if solver.move_wins(node, me, code) {
                    abort.store(true, Ordering::Relaxed);
                    break Some(Some(code));
                }
                if solver.stopped {
                    break None;
                }
            };
            solver.active.fetch_sub(1, Ordering::AcqRel);
            found
        };
        let (mine, other) = std::thread::scope(|scope| {
            let handle = scope.spawn(|| {
                let found = search(&mut helper);
                (found, helper)
            });
            let mine = search(self);
            let (found, helper) = handle.join().expect("a solver thread panicked");
            self.nodes += helper.nodes;
            self.wins_by_move += helper.wins_by_move;
            self.first_move_wins += helper.first_move_wins;
            self.splits += 1 + helper.splits;
            self.by_values += helper.by_values;
            self.by_bounds += helper.by_bounds;
            (mine, found)
        });
        // This thread goes on: its place is taken again.
        self.active.fetch_add(1, Ordering::AcqRel);
        self.aborts.pop();
        // A stop that came from this split's own flag only ends the other half.
        let outside = self.aborts.iter().any(|a| a.load(Ordering::Relaxed))
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        self.stopped = outside;
        match (mine, other) {
            (Some(Some(code)), _) | (_, Some(Some(code))) => Some(Some(code)),
            (Some(None), Some(None)) => Some(None),
            _ => {
                self.stopped = true;
                None
            }
        }
    }

    /// Cells each player can cover (by [`Player`] index), from its placements `hp`, `vp`.
    fn covers(&self, hp: &Rows, vp: &Rows) -> [Rows; 2] {
        [
            cover(hp, Player::Horizontal, self.rows),
            cover(vp, Player::Vertical, self.rows),
        ]
    }
}

/// Place values for move ordering (Bullock 2002 orders ties by a fixed board pattern): in a
/// player's own orientation, dominoes on the second line from an edge (and every second line
/// inward) at every second cell from the nearer end come first, then the rest of those lines,
/// then the inner lines, the edge lines last. By [`Player`] index, (row, col) of the first cell.
fn place_values(rows: usize, cols: usize) -> [[[i32; 16]; MAX]; 2] {
    let mut v = [[[0; 16]; MAX]; 2];
    for (p, table) in v.iter_mut().enumerate() {
        // Lines and cells in the player's orientation: horizontal's lines are rows.
        let (lines, len) = if p == 0 { (rows, cols) } else { (cols, rows) };
        for line in 0..lines {
            for cell in 0..len.saturating_sub(1) {
                let from_edge = line.min(lines - 1 - line);
                let from_end = cell.min(len - 2 - cell);
                let tier = if from_edge % 2 == 1 && from_edge < lines / 2 + 1 {
                    if from_end % 2 == 0 {
                        4
                    } else {
                        3
                    }
                } else if from_edge >= 2 {
                    if from_end % 2 == 0 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                // Within a tier, nearer the edges first.
                let value = tier * 32 - (from_edge * 2 + from_end).min(31) as i32;
                let (r, c) = if p == 0 { (line, cell) } else { (cell, line) };
                table[r][c] = value;
            }
        }
    }
    v
}

/// Move counts of both players in a position, by [`Player`] index: the terms engines evaluate
/// with, counted by the same code as the solver's bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Current legal dominoes.
    pub moves: [i32; 2],
    /// Safe moves: disjoint dominoes on cells the opponent can never cover (Bullock 2002).
    pub safe: [i32; 2],
    /// The most disjoint dominoes that fit on the empty cells.
    pub max: [i32; 2],
}

/// The [`Counts`] of `board` (its side to move does not matter).
///
/// ```
/// use domineering::{solver, Board, Player};
///
/// let board: Board = "....\n#..#\n####".parse()?;
/// let c = solver::counts(&board);
/// // Horizontal: 3 placements in the top row and 1 below, 2 + 1 disjoint, none safe (vertical
/// // can cover the middle cells of both rows; the top corners are single cells).
/// assert_eq!(c.moves[Player::Horizontal as usize], 4);
/// assert_eq!(c.max[Player::Horizontal as usize], 3);
/// assert_eq!(c.safe[Player::Horizontal as usize], 0);
/// assert_eq!(c.moves[Player::Vertical as usize], 2);
/// # Ok::<(), domineering::ParseError>(())
/// ```
pub fn counts(board: &Board) -> Counts {
    let occ = board.occupied_rows();
    let (rows, cols) = (board.rows(), board.cols());
    let by_col = transpose(&occ, rows, board.full_row());
    let h = packing::tally(&Lines::new(&occ, rows, cols));
    let v = packing::tally(&Lines::new(&by_col, cols, rows));
    Counts {
        moves: [
            board.count_placements(Player::Horizontal) as i32,
            board.count_placements(Player::Vertical) as i32,
        ],
        safe: [h.safe, v.safe],
        max: [h.real, v.real],
    }
}

/// `occ` (`rows` rows, columns `full`) by column: bit `r` of entry `c` is cell (r, c).
fn transpose(occ: &Rows, rows: usize, full: Row) -> Rows {
    // A 16×16 bit matrix transposed in four rounds of block swaps (Warren, Hacker's Delight,
    // 2nd ed., §7–3), low bit first: each round swaps the off-diagonal blocks of size `j`.
    let mut a = [0u16; 16];
    for (slot, &row) in a.iter_mut().zip(occ.iter().take(rows)) {
        *slot = row & full;
    }
    let mut j = 8;
    let mut m: u16 = 0x00FF;
    while j != 0 {
        let mut k = 0;
        while k < 16 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
    std::array::from_fn(|c| a[c])
}

/// `me`'s sign in the stock (horizontal's moves count up), its stock and its opponent's.
fn stocks(node: &Node, me: Player) -> (i32, i32, i32) {
    let sign = match me {
        Player::Horizontal => 1,
        Player::Vertical => -1,
    };
    (
        sign,
        (node.stock * sign).max(0),
        (-node.stock * sign).max(0),
    )
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

/// ⌊run/2⌋ summed over the runs of ones in `x` (the row's 13 cells at most): disjoint
/// horizontal dominoes in a row.
#[inline]
fn pairs_in_row(x: Row) -> i32 {
    packing::pairs(u32::from(x) << 1)
}

/// The 4-connected components of a set of cells, taken lowest cell first
/// ([`Components::next_component`]). Boards with `rows × (cols + 1)` ≤ 128 are filled as one
/// `u128`, rows `cols + 1` bits apart (the spare bit after each row stays empty): a component
/// grows along whole runs of its rows at once (up the bits by a carry, down by a Kogge–Stone
/// fill), then along whole runs of its columns (a Kogge–Stone fill each way), until neither
/// adds a cell; larger boards row by row.
struct Components {
    rows: usize,
    /// The cells not yet in a component, by row (larger boards).
    rest: Rows,
    /// All the cells, as rows: the cells a component grows over (larger boards).
    cells: Rows,
    /// Bits between rows in the packed form, or 0 when the board does not fit.
    stride: u32,
    /// The packed cells, and those not yet in a component.
    all: u128,
    rest128: u128,
    /// Cells with 1, 3 and 7 more cells of the set below them in their run (the fill's
    /// propagators for shifts of 2, 4 and 8).
    run2: u128,
    run4: u128,
    run8: u128,
    /// The same along the columns, each way: cells with 1, 3 and 7 more cells of the set
    /// below them in their column (in the rows after theirs: the propagators of the fill
    /// towards row 0, `up`) and above them (`down`).
    up: [u128; 3],
    down: [u128; 3],
    /// Whether a column may hold more than 8 cells (the fills then take a fourth step).
    tall: bool,
}

impl Components {
    fn new(cells: &Rows, rows: usize, cols: usize) -> Components {
        let stride = if rows * (cols + 1) <= 128 {
            cols as u32 + 1
        } else {
            0
        };
        let mut all = 0u128;
        if stride > 0 {
            for (r, &row) in cells.iter().enumerate().take(rows) {
                all |= u128::from(row) << (r as u32 * stride);
            }
        }
        let run2 = all & all >> 1;
        let run4 = run2 & run2 >> 2;
        let run8 = run4 & run4 >> 4;
        let w = stride;
        let (mut up, mut down) = ([0u128; 3], [0u128; 3]);
        if w > 0 {
            up[0] = all & all >> w;
            up[1] = up[0] & up[0] >> (2 * w);
            up[2] = up[1] & up[1] >> (4 * w);
            down[0] = all & all << w;
            down[1] = down[0] & down[0] << (2 * w);
            down[2] = down[1] & down[1] << (4 * w);
        }
        Components {
            up,
            down,
            tall: rows > 8,
            rows,
            rest: *cells,
            cells: *cells,
            stride,
            all,
            rest128: all,
            run2,
            run4,
            run8,
        }
    }

    /// `comp` (packed cells of the set) grown along the whole runs of the set's rows it meets.
    #[inline]
    fn along_rows(&self, comp: u128) -> u128 {
        let all = self.all;
        // Up each run: the carry from the component's lowest cell in it runs to the run's end
        // (the cells it flips, with the component's own).
        let mut h = comp | ((all.wrapping_add(comp) ^ all) & all);
        // Down each run.
        h |= all & h >> 1;
        h |= self.run2 & h >> 2;
        h |= self.run4 & h >> 4;
        h | self.run8 & h >> 8
    }

    /// The cells of the set connected to `comp` (packed cells of the set), `comp` included:
    /// along whole runs of rows, then of columns, until neither adds a cell.
    fn grow(&self, mut comp: u128) -> u128 {
        let (all, w) = (self.all, self.stride);
        loop {
            let h = self.along_rows(comp);
            // Along the columns, both ways at once (rows are `w` bits apart).
            let (mut a, mut b) = (h | (all & h >> w), h | (all & h << w));
            a |= self.up[0] & a >> (2 * w);
            b |= self.down[0] & b << (2 * w);
            a |= self.up[1] & a >> (4 * w);
            b |= self.down[1] & b << (4 * w);
            if self.tall {
                a |= self.up[2] & a >> (8 * w);
                b |= self.down[2] & b << (8 * w);
            }
            let grown = a | b;
            if grown == comp {
                break;
            }
            comp = grown;
        }
        comp
    }

    /// Every cell of the set connected to one of `seeds` (cells by row, within the set).
    fn reach(&self, seeds: &Rows) -> Rows {
        if self.stride > 0 {
            let mut packed = 0u128;
            for (r, &row) in seeds.iter().enumerate().take(self.rows) {
                packed |= u128::from(row) << (r as u32 * self.stride);
            }
            if packed == self.all {
                return self.cells;
            }
            // Seeds that cover most of the set: a row across per step is enough.
            let (all, w) = (self.all, self.stride);
            loop {
                let h = self.along_rows(packed);
                let grown = h | ((h << w | h >> w) & all);
                if grown == packed {
                    return self.unpack(packed);
                }
                packed = grown;
            }
        }
        let mut comp = *seeds;
        flood_fill(&mut comp[..self.rows], &self.cells[..self.rows]);
        comp
    }

    /// Packed cells back by row.
    fn unpack(&self, packed: u128) -> Rows {
        let w = self.stride;
        let mask = (1u128 << (w - 1)) - 1;
        std::array::from_fn(|r| {
            if r < self.rows {
                (packed >> (r as u32 * w) & mask) as Row
            } else {
                0
            }
        })
    }

    /// The next component, by row; `None` when every cell is in one.
    fn next_component(&mut self) -> Option<Rows> {
        let rows = self.rows;
        if self.stride > 0 {
            if self.rest128 == 0 {
                return None;
            }
            let comp = self.grow(self.rest128 & self.rest128.wrapping_neg());
            self.rest128 &= !comp;
            return Some(self.unpack(comp));
        }
        let r0 = (0..rows).find(|&r| self.rest[r] != 0)?;
        let mut comp = [0 as Row; MAX];
        comp[r0] = self.rest[r0] & self.rest[r0].wrapping_neg();
        flood_fill(&mut comp[..rows], &self.cells[..rows]);
        for (rest, part) in self.rest.iter_mut().zip(&comp) {
            *rest &= !part;
        }
        Some(comp)
    }
}

/// Grows `comp` (cells by row) over the edge-adjacent cells of `within` (as many rows) until
/// it is the whole 4-connected component of its cells, row by row.
pub(crate) fn flood_fill(comp: &mut [Row], within: &[Row]) {
    let rows = comp.len();
    loop {
        let mut changed = false;
        for r in 0..rows {
            let mut grow = comp[r] | comp[r] << 1 | comp[r] >> 1;
            if r > 0 {
                grow |= comp[r - 1];
            }
            if r + 1 < rows {
                grow |= comp[r + 1];
            }
            grow &= within[r];
            if grow != comp[r] {
                comp[r] = grow;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// ⌊run/2⌋ summed over the vertical runs of `cells` in every column: disjoint vertical dominoes.
#[inline]
fn pairs_down(cells: &Rows, rows: usize) -> i32 {
    let mut n = 0;
    let mut pending: Row = 0;
    for row in cells.iter().take(rows) {
        let matched = pending & row;
        n += matched.count_ones() as i32;
        pending = row & !matched;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_transpose_is_the_cell_by_cell_one() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (rows, cols) in [(1, 1), (7, 9), (9, 7), (13, 13), (8, 13), (13, 2)] {
            let full = ((1u32 << cols) - 1) as Row;
            for _ in 0..500 {
                let occ: Rows = std::array::from_fn(|r| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    // Bits past the board too: the transpose must drop them.
                    if r < rows {
                        seed as Row
                    } else {
                        0
                    }
                });
                let mut want = [0 as Row; MAX];
                for (r, &row) in occ.iter().enumerate().take(rows) {
                    for (c, col) in want.iter_mut().enumerate().take(cols) {
                        *col |= (row >> c & 1) << r;
                    }
                }
                assert_eq!(transpose(&occ, rows, full), want, "{rows}×{cols} {occ:?}");
            }
        }
    }

    #[test]
    fn one_player_regions_found_at_once_are_those_found_region_by_region() {
        // With values off, `normalise` finds every one-player region in two fills; with values
        // on for regions of one cell (no mixed region is that small) it walks the regions one
        // by one as it always did. Both must fill the same cells and count the same stock.
        let mut seed = 0x5851_F42D_4C95_7F2Du64;
        for (rows, cols) in [(7, 9), (9, 7), (8, 8), (10, 11), (13, 13), (3, 13)] {
            let at_once = Solver::new(rows, cols, 10);
            let mut by_region = Solver::new(rows, cols, 10);
            by_region.cgt_cells = 1;
            let full = ((1u32 << cols) - 1) as Row;
            let mut filled = 0;
            for _ in 0..2000 {
                let occ: Rows = std::array::from_fn(|r| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    // Between a quarter and three quarters of the cells taken.
                    let x = (seed >> 20) as Row & ((seed >> 36) as Row | (seed >> 52) as Row);
                    if r < rows {
                        x & full
                    } else {
                        0
                    }
                });
                let (a, b) = (at_once.normalise(occ, 3), by_region.normalise(occ, 3));
                assert_eq!((a.occ, a.stock), (b.occ, b.stock), "{rows}×{cols} {occ:?}");
                assert_eq!(a.cols, b.cols);
                filled += usize::from(a.stock != 3);
            }
            // The boards are varied enough that one-player regions occur.
            assert!(filled > 100, "{rows}×{cols}: {filled}");
        }
    }

    #[test]
    fn packed_components_are_the_row_by_row_ones() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (rows, cols) in [(8, 8), (7, 9), (9, 9), (10, 11), (4, 15), (2, 2)] {
            for _ in 0..3000 {
                let cells: Rows = std::array::from_fn(|r| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    // About half the cells, some boards much denser or sparser.
                    let x = (seed >> 17) as Row | (seed >> 40) as Row & (seed >> 50) as Row;
                    if r < rows {
                        x & ((1u32 << cols) - 1) as Row
                    } else {
                        0
                    }
                });
                let mut packed = Components::new(&cells, rows, cols);
                assert!(packed.stride > 0);
                let mut by_rows = Components {
                    stride: 0,
                    ..Components::new(&cells, rows, cols)
                };
                let mut seen = [0 as Row; MAX];
                loop {
                    let (a, b) = (packed.next_component(), by_rows.next_component());
                    assert_eq!(a, b, "{rows}×{cols} {cells:?}");
                    let Some(comp) = a else { break };
                    for r in 0..MAX {
                        assert_eq!(seen[r] & comp[r], 0, "components overlap");
                        seen[r] |= comp[r];
                    }
                }
                assert_eq!(seen, cells, "every cell in a component");
            }
        }
    }
}
