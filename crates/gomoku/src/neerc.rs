//! NEERC 2014 problem G "Gomoku" (spec: `spec/neerc-gomoku.md` in this crate): the judge's player, exact
//! to the bit, and [`Planner`], the second player's strategy against it.
//!
//! The judge (Black) scores a position over every window: `+50^(2k−1)` for k black stones and no
//! white, `−50^(2k)` for k white and no black. Its move maximises `score(after) − score(now)` plus
//! `nextInt(2500)` drawn per empty cell in cell order (`java.util.Random`), ties to the lower cell.
//! The change of the score from a black stone on an empty cell `c` is a sum over the windows through
//! `c` of a value that depends only on each window's counts ([`window_gain`]), so [`Model`] keeps
//! every cell's gain up to date with about 100 additions per move.
//!
//! Because the random term is below 2500, the judge can only ever pick a cell whose gain is within
//! 2499 of the best gain: [`Model::replies`]. The planner searches our moves against *all* such
//! replies (an AND-OR search) for a forced five, and otherwise picks the move whose worst reply
//! leaves the best window balance.

use crate::board::{Board, Color, Rule};
use crate::java_random::JavaRandom;

/// Board side in this problem.
pub const SIZE: usize = 19;
/// The judge's first move: the centre, (10, 10) in the 1-based protocol.
pub const CENTRE: usize = 9 * SIZE + 9;
/// The judge's random term is `nextInt(NOISE)`.
pub const NOISE: i32 = 2500;

const fn pow50(e: u32) -> i64 {
    let mut v = 1i64;
    let mut i = 0;
    while i < e {
        v *= 50;
        i += 1;
    }
    v
}

/// The change of a window's score when a black stone is added to it (it has `b` black and `w` white
/// stones, and an empty cell): own windows grow from `50^(2b−1)` to `50^(2b+1)`; a white-only window
/// stops subtracting `50^(2w)`; a mixed window stays 0.
pub const fn window_gain(b: u8, w: u8) -> i64 {
    if w == 0 {
        let before = if b == 0 { 0 } else { pow50(2 * b as u32 - 1) };
        pow50(2 * b as u32 + 1) - before
    } else if b == 0 {
        pow50(2 * w as u32)
    } else {
        0
    }
}

const fn gain_table() -> [[i64; 6]; 6] {
    let mut t = [[0i64; 6]; 6];
    let mut b = 0;
    while b < 6 {
        let mut w = 0;
        while w < 6 {
            // A full window has no empty cell to gain from.
            t[b][w] = if b + w < 5 {
                window_gain(b as u8, w as u8)
            } else {
                0
            };
            w += 1;
        }
        b += 1;
    }
    t
}

/// [`window_gain`] for every (black, white) count, 0 for full windows.
static GAIN: [[i64; 6]; 6] = gain_table();

/// The judge's score of a position from scratch, exactly as the statement defines it (without the
/// random term). For tests and for checking [`Model`].
pub fn position_score(board: &Board) -> i64 {
    board
        .window_counts()
        .iter()
        .map(|&[b, w]| match (b, w) {
            (0, 0) => 0,
            (b, 0) => pow50(2 * b as u32 - 1),
            (0, w) => -pow50(2 * w as u32),
            _ => 0,
        })
        .sum()
}

/// A 19×19 free-style board plus every cell's judge gain, kept incrementally.
#[derive(Clone, Debug)]
pub struct Model {
    board: Board,
    gain: Vec<i64>,
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    /// The empty board.
    pub fn new() -> Model {
        let board = Board::new(SIZE, Rule::FiveOrMore);
        let mut gain = vec![0; SIZE * SIZE];
        for (cell, g) in gain.iter_mut().enumerate() {
            *g = board.geometry().cell_windows[cell].len() as i64 * window_gain(0, 0);
        }
        Model { board, gain }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `score(after a black stone on cell) − score(now)` for an empty cell.
    #[inline]
    pub fn gain(&self, cell: usize) -> i64 {
        self.gain[cell]
    }

    /// Plays (`undo == false`) or takes back the stone on `cell`, moving every cell's gain by the
    /// change of each window through `cell`.
    fn update(&mut self, cell: usize, undo: bool) {
        let geo = std::sync::Arc::clone(self.board.geometry_arc());
        let windows = &geo.cell_windows[cell];
        let mut before = [0i64; 20];
        let counts = self.board.window_counts();
        for (slot, &w) in before.iter_mut().zip(windows) {
            let [b, wh] = counts[w as usize];
            *slot = GAIN[b as usize][wh as usize];
        }
        if undo {
            self.board.undo();
        } else {
            self.board.play_unchecked(cell);
        }
        let counts = self.board.window_counts();
        for (&old, &w) in before.iter().zip(windows) {
            let [b, wh] = counts[w as usize];
            let delta = GAIN[b as usize][wh as usize] - old;
            if delta != 0 {
                for &c in &geo.windows[w as usize] {
                    self.gain[c as usize] += delta;
                }
            }
        }
    }

    /// Plays the side to move on the empty `cell` (unchecked: the planner's fast path).
    pub fn play_unchecked(&mut self, cell: usize) {
        self.update(cell, false);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        if let Some(&last) = self.board.history().last() {
            self.update(last as usize, true);
        }
    }

    /// The greatest gain over the empty cells (`None` on a full board).
    pub fn best_gain(&self) -> Option<i64> {
        (0..SIZE * SIZE)
            .filter(|&c| self.board.at(c).is_none())
            .map(|c| self.gain[c])
            .max()
    }

    /// Every cell the judge may pick now: the empty cells whose gain is within `NOISE − 1` of the
    /// best (on the empty board: the centre only).
    pub fn replies(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.board.stones() == 0 {
            out.push(CENTRE);
            return;
        }
        // One pass: keep every cell within NOISE of the best so far, then drop those that fell
        // behind the final best.
        let mut best = i64::MIN;
        for c in 0..SIZE * SIZE {
            if self.board.at(c).is_none() {
                let g = self.gain[c];
                if g > best.saturating_sub(i64::from(NOISE)) {
                    best = best.max(g);
                    out.push(c);
                }
            }
        }
        out.retain(|&c| self.gain[c] > best - i64::from(NOISE));
    }
}

/// The judge's player: `java.util.Random(seed)`, one `nextInt(2500)` per empty cell per move.
#[derive(Clone, Debug)]
pub struct JudgePlayer {
    rng: JavaRandom,
}

impl JudgePlayer {
    /// The judge of the test with this seed.
    pub fn new(seed: i64) -> Self {
        JudgePlayer {
            rng: JavaRandom::new(seed),
        }
    }

    /// The judge's move in `model` (Black to move): the centre first, then the greatest gain plus
    /// noise, the first cell on ties. `None` on a full board.
    pub fn choose(&mut self, model: &Model) -> Option<usize> {
        if model.board().stones() == 0 {
            return Some(CENTRE);
        }
        let mut best: Option<(i64, usize)> = None;
        for cell in 0..SIZE * SIZE {
            if model.board().at(cell).is_some() {
                continue;
            }
            let v = model.gain(cell) + i64::from(self.rng.next_int_bounded(NOISE));
            // A match, not `is_none_or` (rustc 1.82): bundles build on judges' older compilers.
            let better = match best {
                None => true,
                Some((b, _)) => v > b,
            };
            if better {
                best = Some((v, cell));
            }
        }
        best.map(|(_, c)| c)
    }
}

/// How a simulated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White (the second player, us) made five.
    WhiteWins,
    /// The judge made five.
    BlackWins,
    /// The board filled up.
    Draw,
}

/// The second player's strategy against the judge.
#[derive(Clone, Debug)]
pub struct Planner {
    /// Deepest forced-win search, in own moves.
    pub max_depth: u32,
    /// Node budget of the forced-win search per move.
    pub node_budget: u64,
    /// How many three-making moves the forced-win search tries at each of its nodes.
    pub threat_width: usize,
    /// Weight of the judge's windows against ours in the positional evaluation, in percent.
    pub defence_percent: i64,
    /// Own moves the positional lookahead sees (1 or 2).
    pub lookahead_plies: u32,
    /// Quiet (non-threat) moves the forced-win search also tries while two or more own moves
    /// remain, best window balance first.
    pub quiet_width: usize,
    /// Window weights of the positional evaluation by stones in a pure window (index 1..=4).
    pub weights: [i64; 5],
    nodes: u64,
    /// Proven failures: Zobrist key → the deepest search (own moves) that found no forced win
    /// there. Valid for the whole game: the key identifies the stones, and so the side to move.
    failed: std::collections::HashMap<u64, u32>,
}

impl Default for Planner {
    fn default() -> Self {
        Planner {
            max_depth: 8,
            node_budget: 30_000,
            threat_width: 8,
            defence_percent: 250,
            lookahead_plies: 1,
            quiet_width: 3,
            weights: [0, 1, 12, 150, 2_000],
            nodes: 0,
            failed: std::collections::HashMap::new(),
        }
    }
}

impl Planner {
    /// Sets one field from `name=value` (`max_depth`, `node_budget`, `threat_width`,
    /// `defence_percent`, `lookahead_plies`, `quiet_width`, `w1`…`w4`), for tuning from the command line.
    pub fn set(&mut self, spec: &str) -> Result<(), String> {
        let (name, value) = spec.split_once('=').ok_or("expected NAME=VALUE")?;
        let v: i64 = value
            .trim()
            .parse()
            .map_err(|_| format!("{value:?} is not an integer"))?;
        match name.trim() {
            "max_depth" => self.max_depth = v.max(1) as u32,
            "node_budget" => self.node_budget = v.max(0) as u64,
            "threat_width" => self.threat_width = v.max(0) as usize,
            "defence_percent" => self.defence_percent = v,
            "lookahead_plies" => self.lookahead_plies = v.clamp(1, 3) as u32,
            "quiet_width" => self.quiet_width = v.max(0) as usize,
            "w1" => self.weights[1] = v,
            "w2" => self.weights[2] = v,
            "w3" => self.weights[3] = v,
            "w4" => self.weights[4] = v,
            other => return Err(format!("unknown planner setting {other:?}")),
        }
        Ok(())
    }

    /// Our (White's) move in `model`, which must have White to move and an empty cell.
    pub fn choose(&mut self, model: &mut Model) -> usize {
        let board = model.board();
        let mut cells = Vec::new();
        board.winning_cells(Color::White, &mut cells);
        if let Some(&c) = cells.first() {
            return c;
        }
        board.winning_cells(Color::Black, &mut cells);
        if let Some(&c) = cells.first() {
            return c; // forced block (two fours cannot both be blocked anyway)
        }
        self.forced_win(model)
            .unwrap_or_else(|| self.positional(model))
    }

    /// A move that forces five against every possible judge reply within `max_depth` own moves,
    /// by iterative deepening within `node_budget` nodes. See [`Planner::nodes`] for the work.
    pub fn forced_win(&mut self, model: &mut Model) -> Option<usize> {
        self.nodes = 0;
        for depth in 2..=self.max_depth {
            if let Some(c) = self.win_search(model, depth) {
                return Some(c);
            }
            if self.nodes > self.node_budget {
                break;
            }
        }
        None
    }

    /// Nodes (own-move positions) the last [`Planner::forced_win`] visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the proven failures (they stay valid for a whole game; clear between games).
    pub fn clear(&mut self) {
        self.failed.clear();
    }

    /// A move that forces five within `depth` own moves against every possible judge reply.
    fn win_search(&mut self, m: &mut Model, depth: u32) -> Option<usize> {
        self.nodes += 1;
        let mut cells = Vec::new();
        m.board().winning_cells(Color::White, &mut cells);
        if let Some(&c) = cells.first() {
            return Some(c);
        }
        if depth <= 1 || self.nodes > self.node_budget {
            return None;
        }
        let key = m.board().key();
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        m.board().winning_cells(Color::Black, &mut cells);
        let candidates = match cells.len() {
            0 => {
                let mut c = self.threat_moves(m);
                if depth >= 3 && self.quiet_width > 0 {
                    // Set-up moves too, while two or more own moves remain.
                    let quiet: Vec<usize> = Self::near_cells(m)
                        .into_iter()
                        .filter(|x| !c.contains(x))
                        .collect();
                    c.extend(self.best_by_balance(m, quiet, self.quiet_width));
                }
                c
            }
            1 => cells,
            _ => return None,
        };
        for c in candidates {
            m.play_unchecked(c);
            let ok = self.judge_cannot_escape(m, depth - 1);
            m.undo();
            if ok {
                return Some(c);
            }
        }
        // A failure is proven only if the budget did not cut the search short.
        if self.nodes <= self.node_budget {
            if self.failed.len() > 1 << 20 {
                self.failed.clear();
            }
            self.failed.insert(key, depth);
        }
        None
    }

    /// Whether every reply the judge may pick leaves us a forced win within `depth` moves.
    fn judge_cannot_escape(&mut self, m: &mut Model, depth: u32) -> bool {
        let mut replies = Vec::new();
        m.replies(&mut replies);
        if replies.is_empty() {
            return false;
        }
        replies.into_iter().all(|r| {
            m.play_unchecked(r);
            let ok = !m.board().has_won(Color::Black) && self.win_search(m, depth).is_some();
            m.undo();
            ok
        })
    }

    /// Cells that make a four (all of them) or a three in some window (the best `threat_width`).
    fn threat_moves(&self, m: &Model) -> Vec<usize> {
        let board = m.board();
        let geo = board.geometry();
        let mut score = vec![0i32; SIZE * SIZE];
        for (w, &[b, wh]) in board.window_counts().iter().enumerate() {
            if b == 0 && wh >= 2 {
                let add = if wh == 3 { 1000 } else { 10 };
                for &c in &geo.windows[w] {
                    if board.at(c as usize).is_none() {
                        score[c as usize] += add;
                    }
                }
            }
        }
        let mut cand: Vec<usize> = (0..SIZE * SIZE).filter(|&c| score[c] > 0).collect();
        cand.sort_by_key(|&c| std::cmp::Reverse(score[c]));
        let fours = cand.iter().take_while(|&&c| score[c] >= 1000).count();
        cand.truncate(fours.max(self.threat_width));
        cand
    }

    /// The window balance for White: own pure windows minus the judge's, weighted by size.
    fn balance(&self, b: &Board) -> i64 {
        (1..5)
            .map(|k| {
                self.weights[k] * i64::from(b.pure_windows(Color::White, k))
                    - self.weights[k] * self.defence_percent / 100
                        * i64::from(b.pure_windows(Color::Black, k))
            })
            .sum()
    }

    /// The value of one window with `b` black and `w` white stones in [`Planner::balance`].
    #[inline]
    fn window_value(&self, b: u8, w: u8) -> i64 {
        // Fives are not part of the balance (a five ends the game).
        match (b, w) {
            (0, 1..=4) => self.weights[w as usize],
            (1..=4, 0) => -self.weights[b as usize] * self.defence_percent / 100,
            _ => 0,
        }
    }

    /// How much a white stone on the empty `cell` changes [`Planner::balance`]: only the windows
    /// through `cell` change, so this reads at most 20 windows instead of playing the move.
    fn balance_gain(&self, m: &Model, cell: usize) -> i64 {
        let board = m.board();
        let counts = board.window_counts();
        board.geometry().cell_windows[cell]
            .iter()
            .map(|&w| {
                let [b, wh] = counts[w as usize];
                self.window_value(b, wh + 1) - self.window_value(b, wh)
            })
            .sum()
    }

    /// The `k` of `cells` whose stone (ours) leaves the best window balance, best first.
    fn best_by_balance(&self, m: &Model, cells: Vec<usize>, k: usize) -> Vec<usize> {
        let mut keyed: Vec<(i64, usize)> = cells
            .into_iter()
            .map(|c| (self.balance_gain(m, c), c))
            .collect();
        keyed.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        keyed.into_iter().take(k).map(|(_, c)| c).collect()
    }

    /// Empty cells within two cells (Chebyshev) of any stone.
    fn near_cells(m: &Model) -> Vec<usize> {
        let n = SIZE as i32;
        let board = m.board();
        let mut near = vec![false; SIZE * SIZE];
        for &s in board
            .history()
            .iter()
            .filter(|&&s| usize::from(s) < SIZE * SIZE)
        {
            let (r, c) = board.coords(s as usize);
            for dr in -2..=2 {
                for dc in -2..=2 {
                    let (rr, cc) = (r + dr, c + dc);
                    if (0..n).contains(&rr) && (0..n).contains(&cc) {
                        near[(rr * n + cc) as usize] = true;
                    }
                }
            }
        }
        (0..SIZE * SIZE)
            .filter(|&c| near[c] && board.at(c).is_none())
            .collect()
    }

    /// The value for White of a position with White to move, seen `plies` of our moves deep:
    /// our best candidate against the judge's worst reply. At the leaves: a five or two fours for
    /// either side decide, else the window balance. Inner levels try the `INNER_WIDTH` candidates
    /// whose own balance is best.
    fn lookahead(&mut self, m: &mut Model, plies: u32, top: bool) -> (i64, usize) {
        const WON: i64 = i64::MAX / 2;
        const INNER_WIDTH: usize = 8;
        let mut fours = Vec::new();
        m.board().winning_cells(Color::White, &mut fours);
        if let Some(&c) = fours.first() {
            return (WON, c);
        }
        let mut candidates = Self::near_cells(m);
        if !top {
            candidates = self.best_by_balance(m, candidates, INNER_WIDTH);
        }
        let mut best = (i64::MIN, candidates.first().copied().unwrap_or(CENTRE));
        let mut replies = Vec::new();
        for c in candidates {
            m.play_unchecked(c);
            m.replies(&mut replies);
            let mut worst = i64::MAX;
            for &r in &replies.clone() {
                m.play_unchecked(r);
                let v = if m.board().has_won(Color::Black) {
                    -WON
                } else {
                    m.board().winning_cells(Color::White, &mut fours);
                    let white_fours = fours.len();
                    m.board().winning_cells(Color::Black, &mut fours);
                    if white_fours > 0 {
                        WON - 1
                    } else if fours.len() >= 2 {
                        -WON + 1
                    } else if plies > 1 && fours.is_empty() {
                        self.lookahead(m, plies - 1, false).0
                    } else {
                        self.balance(m.board())
                    }
                };
                m.undo();
                worst = worst.min(v);
                if worst <= best.0 {
                    break; // cannot beat the best candidate so far
                }
            }
            m.undo();
            if worst > best.0 {
                best = (worst, c);
            }
        }
        best
    }

    /// The move whose worst judge reply leaves the best position, two own moves deep.
    fn positional(&mut self, m: &mut Model) -> usize {
        self.lookahead(m, self.lookahead_plies, true).1
    }
}

/// Plays one whole game in-process: the judge seeded with `seed` against `planner`.
/// Returns the result and the number of moves played by both sides.
pub fn simulate(seed: i64, planner: &mut Planner) -> (GameResult, usize) {
    let mut m = Model::new();
    let mut judge = JudgePlayer::new(seed);
    loop {
        let Some(j) = judge.choose(&m) else {
            return (GameResult::Draw, m.board().stones());
        };
        m.play_unchecked(j);
        if m.board().has_won(Color::Black) {
            return (GameResult::BlackWins, m.board().stones());
        }
        if m.board().is_full() {
            return (GameResult::Draw, m.board().stones());
        }
        let ours = planner.choose(&mut m);
        m.play_unchecked(ours);
        if m.board().has_won(Color::White) {
            return (GameResult::WhiteWins, m.board().stones());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balance_gain_equals_the_balance_difference() {
        let p = Planner::default();
        let mut m = Model::new();
        let mut state = 7u64;
        for _ in 0..60 {
            let empty: Vec<usize> = (0..SIZE * SIZE)
                .filter(|&c| {
                    m.board().at(c).is_none()
                        && (c / SIZE).abs_diff(9) <= 4
                        && (c % SIZE).abs_diff(9) <= 4
                })
                .collect();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cell = empty[(state >> 33) as usize % empty.len()];
            if m.board().to_move() == Color::White {
                let before = p.balance(m.board());
                let predicted = p.balance_gain(&m, cell);
                m.play_unchecked(cell);
                assert_eq!(predicted, p.balance(m.board()) - before);
            } else {
                m.play_unchecked(cell);
            }
            if m.board().has_won(Color::Black) || m.board().has_won(Color::White) {
                break;
            }
        }
    }
}
