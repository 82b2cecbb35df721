//! A Gomoku engine for free-style (five or more wins) and standard (exactly five) rules on boards
//! of 5×5 to 19×19, as the Gomocup brain plays them (`bots/pbrain-plyforge`).
//!
//! In order: the centre on an empty board; a five if we have one; the block if the opponent has
//! a single five to make; our own VCF ([`threats::vcf`]); if the opponent would have a VCF were
//! we to pass, only the moves after which it has none are searched (those on its line and our
//! fours first); with no VCF on either side, our own VCT ([`threats::vct`]); then
//! iterative-deepening PVS (search-core) over the empty cells within two steps of a stone along
//! a line, with [`WindowEval`].
//!
//! [`WindowEval`] reads the board's running totals of *pure* windows (five cells holding stones
//! of one color only, [`Board::pure_windows`]), so a leaf costs a few multiplications; its move
//! hint is the gain of a stone over the windows through its cell.

use crate::board::{Board, Color, DIRECTIONS};
use crate::threats::{self, four_moves, ThreatLimits};
use search_core::{
    Aspiration, ClockPlan, Evaluator, Game, Limits, Outcome, Score, SearchConfig, Searcher, Side,
};
use std::time::{Duration, Instant};

/// A position for the search: the board, which cells lie near stones, and an optional
/// restriction of the root's moves.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// Stones within two steps along a line, per cell.
    near: Vec<u8>,
    /// The last move won.
    won: bool,
    /// Moves allowed at history length `allowed_at` (empty: all).
    allowed: Vec<u16>,
    allowed_at: usize,
}

impl Position {
    /// The search position of `board`.
    pub fn new(board: Board) -> Position {
        let cells = board.size() * board.size();
        let mut p = Position {
            near: vec![0; cells],
            won: false,
            allowed: Vec::new(),
            allowed_at: 0,
            board,
        };
        for cell in 0..cells {
            if p.board.at(cell).is_some() {
                p.touch(cell, 1);
            }
        }
        p
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays the empty `cell` for the side to move (unchecked: the engine's fast path).
    pub fn play_unchecked(&mut self, cell: usize) {
        let me = self.board.to_move();
        self.board.play_unchecked(cell);
        self.touch(cell, 1);
        self.won = self.board.has_won(me);
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) {
        if let Some(&cell) = self.board.history().last() {
            self.board.undo();
            if (cell as usize) < self.near.len() {
                self.touch(cell as usize, -1); // (not a pass)
            }
        }
        self.won = false;
    }

    /// Restricts the moves generated at the current history length (the search's root) to
    /// `cells`; an empty list lifts the restriction.
    pub fn restrict_root(&mut self, cells: Vec<u16>) {
        self.allowed = cells;
        self.allowed_at = self.board.history().len();
    }

    fn touch(&mut self, cell: usize, by: i8) {
        let (r, c) = self.board.coords(cell);
        for (dr, dc) in DIRECTIONS {
            for k in [-2, -1, 1, 2] {
                if let Some(q) = self.board.cell(r + k * dr, c + k * dc) {
                    self.near[q] = (self.near[q] as i8 + by) as u8;
                }
            }
        }
    }

    /// Empty cells within two steps of a stone along a line, in index order.
    pub fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.near.len()).filter(|&c| self.near[c] > 0 && self.board.at(c).is_none())
    }

    fn candidate_moves(&self, moves: &mut Vec<u16>) {
        let me = self.board.to_move();
        let mut cells = Vec::new();
        self.board.winning_cells(me, &mut cells);
        if let Some(&c) = cells.first() {
            moves.push(c as u16);
            return;
        }
        self.board.winning_cells(me.opponent(), &mut cells);
        if !cells.is_empty() {
            moves.extend(cells.iter().map(|&c| c as u16));
            return;
        }
        moves.extend(self.candidates().map(|c| c as u16));
        if moves.is_empty() {
            let n = self.board.size();
            let centre = (n / 2) * n + n / 2;
            let first = (centre..n * n)
                .chain(0..centre)
                .find(|&c| self.board.at(c).is_none());
            moves.extend(first.map(|c| c as u16));
        }
    }
}

impl Game for Position {
    type Move = u16;
    const MOVE_INDEX_SPACE: usize = crate::board::MAX_SIZE * crate::board::MAX_SIZE;

    fn side_to_move(&self) -> Side {
        self.board.to_move().into()
    }

    /// A five if the side to move has one; else the blocks of the opponent's fives if it has
    /// any; else every empty cell within two steps of a stone along a line (the centre, or the
    /// first empty cell from it, on a board without stones near any empty cell). At the ply set
    /// by [`Position::restrict_root`], only the moves allowed there.
    fn generate_moves(&self, moves: &mut Vec<u16>) {
        self.candidate_moves(moves);
        if !self.allowed.is_empty() && self.board.history().len() == self.allowed_at {
            let narrowed: Vec<u16> = moves
                .iter()
                .copied()
                .filter(|m| self.allowed.contains(m))
                .collect();
            if !narrowed.is_empty() {
                *moves = narrowed;
            }
        }
    }

    fn make_move(&mut self, mv: u16) {
        self.play_unchecked(mv as usize);
    }

    fn unmake_move(&mut self, _mv: u16) {
        self.undo();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            Some(Outcome::Loss)
        } else if self.board.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    fn zobrist(&self) -> u64 {
        self.board.key()
    }

    fn move_index(mv: u16) -> usize {
        mv as usize
    }
}

/// Value of a pure window by its stones of one color (0 to 4).
const WINDOW: [Score; 5] = [0, 2, 12, 80, 600];
/// A five to make on the side to move's turn.
const WIN_NOW: Score = 30_000;
/// Two or more of the opponent's four-windows against us.
const LOSING: Score = 12_000;

/// The window evaluation (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowEval;

impl WindowEval {
    fn total(board: &Board, color: Color) -> Score {
        (1..5)
            .map(|k| WINDOW[k] * board.pure_windows(color, k) as Score)
            .sum()
    }
}

impl Evaluator<Position> for WindowEval {
    /// The side to move's pure-window total (×5/4: it moves first) less the opponent's; a
    /// four-window of the side to move is a five to make; two of the opponent's are nearly
    /// lost. In units of about 600 per four-window.
    fn evaluate(&self, pos: &Position) -> Score {
        let b = pos.board();
        let me = b.to_move();
        if b.pure_windows(me, 4) > 0 {
            return WIN_NOW;
        }
        let mut v = Self::total(b, me) * 5 / 4 - Self::total(b, me.opponent());
        if b.pure_windows(me.opponent(), 4) >= 2 {
            v -= LOSING;
        }
        v.clamp(-WIN_NOW, WIN_NOW)
    }

    /// The gain of our stone on `cell` over its windows: growing our pure windows and spoiling
    /// the opponent's (defence weighted a little below attack).
    fn move_hint(&self, pos: &Position, cell: u16) -> i32 {
        let b = pos.board();
        let me = b.to_move() as usize;
        let geo = b.geometry();
        let counts = b.window_counts();
        let mut v = 0;
        for &w in &geo.cell_windows[cell as usize] {
            let [mine, theirs] = {
                let c = counts[w as usize];
                [c[me] as usize, c[1 - me] as usize]
            };
            if theirs == 0 {
                v += WINDOW[mine.min(4)] + if mine == 4 { WIN_NOW } else { 1 };
            }
            if mine == 0 && theirs > 0 {
                v += WINDOW[theirs.min(4)] * 4 / 5 + if theirs == 4 { LOSING } else { 0 };
            }
        }
        v
    }
}

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct EngineConfig {
    /// Kept back from every move's time, in ms.
    pub margin_ms: u64,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Optional node cap per search (reproducible play in tests).
    pub max_nodes: Option<u64>,
    /// Limits of each VCF search.
    pub vcf: ThreatLimits,
    /// Limits of our VCT search.
    pub vct: ThreatLimits,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            margin_ms: 100,
            tt_mib: 64,
            max_nodes: None,
            vcf: ThreatLimits {
                max_fours: 16,
                max_nodes: 4_000,
            },
            vct: ThreatLimits {
                max_fours: 10,
                max_nodes: 20_000,
            },
        }
    }
}

impl EngineConfig {
    /// The search settings of the alpha-beta part: the table size of
    /// [`EngineConfig::tt_mib`] and an aspiration window of 100 (a pure window of four is
    /// worth a few hundred).
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            tt_mib: self.tt_mib,
            aspiration: Some(Aspiration {
                window: 100,
                ..Aspiration::default()
            }),
            ..SearchConfig::default()
        }
    }
}

/// Why an engine chose its move (this one's and crate `renju`'s), for logs and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The only candidate (the opening centre, a five, a single block).
    Forced,
    /// The first move of our VCF.
    Vcf,
    /// The first move of our VCT (Renju: a three after which every reply leaves us a VCF).
    Vct,
    /// The search's choice.
    Search,
    /// The legal fallback after an internal failure.
    Fallback,
    /// An opening book's move (Renju: Black's third stone, `renju::engine::book_move`).
    Book,
}

/// The engine for one game: the search with its transposition table.
pub struct Engine {
    searcher: Searcher<Position>,
}

impl Engine {
    /// An engine with the table size of `config`.
    pub fn new(config: &EngineConfig) -> Engine {
        Engine {
            searcher: Searcher::new(config.search_config()),
        }
    }

    /// The move of the side to move on `board` (not full, nobody has won) on a Gomocup-style
    /// clock: at most `turn_ms` for this turn and `game_ms` left on the whole game's clock. The
    /// share of the game clock is search-core's [`ClockPlan`] without its reserve (the manager
    /// reports the time left every turn, and the turn's own limit caps it), by our moves so far
    /// (half the stones); the margin is at most half the share. Never an occupied cell: a
    /// panic in the search or an occupied answer falls back to the first empty cell
    /// ([`Reason::Fallback`]), and the engine starts afresh, its state perhaps broken.
    pub fn choose_on_clock(
        &mut self,
        board: &Board,
        turn_ms: u64,
        game_ms: u64,
        config: &EngineConfig,
    ) -> (usize, Reason) {
        let plan = ClockPlan {
            reserve_percent: 0,
            ..ClockPlan::default()
        };
        let ours = (board.stones() / 2) as u32;
        let move_ms = turn_ms.min(plan.share_ms(game_ms, ours, false));
        let config = EngineConfig {
            margin_ms: config.margin_ms.min(move_ms / 2),
            ..*config
        };
        let found = search_core::guarded(
            || self.choose(board, move_ms, &config),
            |&(c, _)| board.at(c).is_none(),
            || {
                let first = (0..board.size() * board.size())
                    .find(|&c| board.at(c).is_none())
                    .expect("the board is not full");
                (first, Reason::Fallback)
            },
        );
        if found.fell_back() {
            *self = Engine::new(&config);
        }
        found.into_inner()
    }

    /// The move of the side to move on `board` (not full, nobody has won), thinking for about
    /// `move_ms` ms: an empty cell (index `row · n + col`, 0-based).
    pub fn choose(
        &mut self,
        board: &Board,
        move_ms: u64,
        config: &EngineConfig,
    ) -> (usize, Reason) {
        let start = Instant::now();
        let mut pos = Position::new(board.clone());
        let mut cands = Vec::new();
        pos.generate_moves(&mut cands);
        if cands.len() == 1 {
            return (cands[0] as usize, Reason::Forced);
        }
        let me = board.to_move();
        let move_ms = move_ms.min(1 << 31); // (past weeks is no limit; keeps the sums in range)
        let deadline = start + Duration::from_millis(move_ms.saturating_sub(config.margin_ms));
        let budget = move_ms.saturating_sub(config.margin_ms).max(1);
        // Threat searches cost about 2 µs a node: keep each under a fifth of the move's time.
        let scale = |l: ThreatLimits| ThreatLimits {
            max_nodes: l.max_nodes.min(budget * 100).max(100),
            ..l
        };
        let (vcf_limits, vct_limits) = (scale(config.vcf), scale(config.vct));
        let mut board = board.clone();
        if let Some(line) = threats::vcf(&mut board, vcf_limits) {
            return (line[0], Reason::Vcf);
        }
        match threats::opponent_vcf(&mut board, vcf_limits) {
            Some(line) => {
                let safe = vcf_defences(&mut board, me, &line, &cands, vcf_limits, deadline);
                if safe.len() == 1 {
                    return (safe[0] as usize, Reason::Forced);
                }
                pos.restrict_root(safe);
            }
            None => {
                if let Some(c) = threats::vct(&mut board, vct_limits) {
                    return (c, Reason::Vct);
                }
            }
        }
        let spent = start.elapsed().as_millis() as u64;
        let mut limits = Limits::per_move(budget.saturating_sub(spent).max(1), 0);
        if let Some(n) = config.max_nodes {
            limits.max_nodes = n;
        }
        let r = self.searcher.search(&mut pos, &WindowEval, &limits);
        match r.best_move {
            Some(c) => (c as usize, Reason::Search),
            None => (cands[0] as usize, Reason::Search),
        }
    }
}

/// The candidates after which the opponent has no VCF: those on its winning `line` and our own
/// fours first, then (if none works and time allows) the rest.
fn vcf_defences(
    board: &mut Board,
    me: Color,
    line: &[usize],
    cands: &[u16],
    limits: ThreatLimits,
    deadline: Instant,
) -> Vec<u16> {
    let first: Vec<u16> = line
        .iter()
        .copied()
        .chain(four_moves(board, me))
        .map(|c| c as u16)
        .filter(|c| cands.contains(c))
        .collect();
    let refutes = |board: &mut Board, c: u16| {
        board.play_unchecked(c as usize);
        let ok = board.has_won(me) || threats::vcf(board, limits).is_none();
        board.undo();
        ok
    };
    let mut safe: Vec<u16> = Vec::new();
    for &c in &first {
        if Instant::now() < deadline && !safe.contains(&c) && refutes(board, c) {
            safe.push(c);
        }
    }
    if safe.is_empty() {
        for &c in cands.iter().filter(|c| !first.contains(c)) {
            if Instant::now() >= deadline {
                break;
            }
            if refutes(board, c) {
                safe.push(c);
            }
        }
    }
    safe
}
