//! A slow, obviously correct rule set written straight from the spec on a 2-D array of cell
//! codes (0 empty, 1 horizontal, 2 vertical). The tests check the bitboard rules and the fuzz
//! targets against it.

/// A whole game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// `cells[r][c]`: 0 empty, 1 horizontal domino, 2 vertical domino.
    pub cells: Vec<Vec<u8>>,
    /// Unused bombs: horizontal, vertical.
    pub bombs: [bool; 2],
    /// Whether the horizontal player is to move.
    pub horizontal_to_move: bool,
}

/// A move: (is_bomb, row, col).
pub type RefMove = (bool, usize, usize);

impl State {
    /// An empty board.
    pub fn new(rows: usize, cols: usize, bombs: bool) -> State {
        State {
            cells: vec![vec![0; cols]; rows],
            bombs: [bombs; 2],
            horizontal_to_move: true,
        }
    }

    fn rows(&self) -> usize {
        self.cells.len()
    }

    fn cols(&self) -> usize {
        self.cells[0].len()
    }

    /// The spec's bomb test: the 5×5 area lies inside the board, and inside it every maximal
    /// horizontal run of 1-cells in each row and vertical run of 2-cells in each column has
    /// even length.
    pub fn bomb_ok(&self, r: usize, c: usize) -> bool {
        if r + 5 > self.rows() || c + 5 > self.cols() {
            return false;
        }
        for i in r..r + 5 {
            let mut run = 0;
            for j in c..c + 6 {
                if j < c + 5 && self.cells[i][j] == 1 {
                    run += 1;
                } else {
                    if run % 2 == 1 {
                        return false;
                    }
                    run = 0;
                }
            }
        }
        for j in c..c + 5 {
            let mut run = 0;
            for i in r..r + 6 {
                if i < r + 5 && self.cells[i][j] == 2 {
                    run += 1;
                } else {
                    if run % 2 == 1 {
                        return false;
                    }
                    run = 0;
                }
            }
        }
        true
    }

    /// The legal moves of the side to move: dominoes row-major, then bombs row-major.
    pub fn moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                let (r2, c2) = if self.horizontal_to_move {
                    (r, c + 1)
                } else {
                    (r + 1, c)
                };
                if r2 < self.rows()
                    && c2 < self.cols()
                    && self.cells[r][c] == 0
                    && self.cells[r2][c2] == 0
                {
                    out.push((false, r, c));
                }
            }
        }
        if self.bombs[usize::from(!self.horizontal_to_move)] {
            for r in 0..self.rows() {
                for c in 0..self.cols() {
                    if self.bomb_ok(r, c) {
                        out.push((true, r, c));
                    }
                }
            }
        }
        out
    }

    /// The state after a legal move.
    pub fn after(&self, (bomb, r, c): RefMove) -> State {
        let mut s = self.clone();
        let me = usize::from(!self.horizontal_to_move);
        if bomb {
            for row in s.cells.iter_mut().skip(r).take(5) {
                for x in row.iter_mut().skip(c).take(5) {
                    *x = 0;
                }
            }
            s.bombs[me] = false;
        } else if self.horizontal_to_move {
            s.cells[r][c] = 1;
            s.cells[r][c + 1] = 1;
        } else {
            s.cells[r][c] = 2;
            s.cells[r + 1][c] = 2;
        }
        s.horizontal_to_move = !self.horizontal_to_move;
        s
    }

    /// Leaf count of the game tree to `depth` (a player with no move has no children).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| self.after(m).perft(depth - 1))
            .sum()
    }

    /// Whether the side to move wins with perfect play (plain minimax; tiny boards only).
    pub fn wins(&self) -> bool {
        self.moves().into_iter().any(|m| !self.after(m).wins())
    }
}
