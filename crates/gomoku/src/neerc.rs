//! NEERC 2014 problem G "Gomoku" (spec: `shared/specs/neerc-gomoku.md`): the judge's player, exact
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

use crate::board::{Board, Rule};
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

    fn retally(&mut self, cell: usize, sign: i64) {
        // Adds (sign = 1) or removes (sign = -1) the contribution of every window through `cell`.
        let geo = std::sync::Arc::clone(self.board_geometry());
        let counts = self.board.window_counts();
        for &w in &geo.cell_windows[cell] {
            let [b, wh] = counts[w as usize];
            let g = if b + wh < 5 { window_gain(b, wh) } else { 0 };
            for &c in &geo.windows[w as usize] {
                self.gain[c as usize] += sign * g;
            }
        }
    }

    fn board_geometry(&self) -> &std::sync::Arc<crate::board::Geometry> {
        self.board.geometry_arc()
    }

    /// Plays the side to move on the empty `cell`.
    pub fn play(&mut self, cell: usize) {
        self.retally(cell, -1);
        self.board.play(cell);
        self.retally(cell, 1);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let Some(&last) = self.board.history().last() else {
            return;
        };
        self.retally(last as usize, -1);
        self.board.undo();
        self.retally(last as usize, 1);
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
        let Some(best) = self.best_gain() else {
            return;
        };
        out.extend(
            (0..SIZE * SIZE)
                .filter(|&c| self.board.at(c).is_none() && self.gain[c] > best - i64::from(NOISE)),
        );
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
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, cell));
            }
        }
        best.map(|(_, c)| c)
    }
}
