//! A slow, obviously correct reference of the rules, written from the spec on a 2-D array; the
//! tests check the bitboard rules against it.

/// Reproducible cell values 0..=3 from `seed` (an LCG), for tests and benchmarks.
pub fn seeded_values(seed: u64) -> [[u8; 8]; 8] {
    let mut state = seed;
    let mut v = [[0u8; 8]; 8];
    for row in v.iter_mut() {
        for x in row.iter_mut() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *x = ((state >> 33) % 4) as u8;
        }
    }
    v
}

/// `cells[row][col]`: whether a cell is covered.
pub type Cells = [[bool; 8]; 8];

/// The legal placements (top-left row, col) of FIRST (`horizontal`) or SECOND, sorted.
pub fn placements(cells: &Cells, horizontal: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let (r2, c2) = if horizontal { (r, c + 1) } else { (r + 1, c) };
            if r2 < 8 && c2 < 8 && !cells[r][c] && !cells[r2][c2] {
                out.push((r, c));
            }
        }
    }
    out
}

/// A whole game state for the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Cell values.
    pub values: [[u8; 8]; 8],
    /// Covered cells.
    pub cells: Cells,
    /// Scores in half-points: FIRST, SECOND.
    pub scores: [i32; 2],
    /// Whether FIRST is to move.
    pub first_to_move: bool,
    /// Consecutive passes.
    pub passes: u32,
}

impl State {
    /// The start of a game.
    pub fn new(values: [[u8; 8]; 8]) -> State {
        State {
            values,
            cells: [[false; 8]; 8],
            scores: [0, 5],
            first_to_move: true,
            passes: 0,
        }
    }

    /// Over: two passes in a row, or nobody can place.
    pub fn over(&self) -> bool {
        self.passes >= 2
            || (placements(&self.cells, true).is_empty()
                && placements(&self.cells, false).is_empty())
    }

    /// The moves: every placement, then `None` for the pass.
    pub fn moves(&self) -> Vec<Option<(usize, usize)>> {
        let mut m: Vec<_> = placements(&self.cells, self.first_to_move)
            .into_iter()
            .map(Some)
            .collect();
        m.push(None);
        m
    }

    /// The state after `mv`.
    pub fn after(&self, mv: Option<(usize, usize)>) -> State {
        let mut s = self.clone();
        let me = usize::from(!self.first_to_move);
        match mv {
            Some((r, c)) => {
                let (r2, c2) = if self.first_to_move {
                    (r, c + 1)
                } else {
                    (r + 1, c)
                };
                s.cells[r][c] = true;
                s.cells[r2][c2] = true;
                s.scores[me] += 2 * i32::from(self.values[r][c] + self.values[r2][c2]);
                s.passes = 0;
            }
            None => s.passes += 1,
        }
        s.first_to_move = !self.first_to_move;
        s
    }

    /// Leaf count of the game tree to `depth` (finished games have no moves).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over() {
            return 0;
        }
        self.moves()
            .into_iter()
            .map(|m| self.after(m).perft(depth - 1))
            .sum()
    }

    /// The exact final margin (half-points) for the side to move, by full minimax.
    pub fn solve(&self) -> i32 {
        if self.over() {
            let me = usize::from(!self.first_to_move);
            return self.scores[me] - self.scores[1 - me];
        }
        self.moves()
            .into_iter()
            .map(|m| -self.after(m).solve())
            .max()
            .expect("a move")
    }
}
