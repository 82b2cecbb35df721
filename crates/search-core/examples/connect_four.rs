//! Connect Four (7 columns × 6 rows) on search-core: the rules as a `Game`, a small evaluation,
//! and a game of the engine against itself with a time limit per move and a stop flag.
//!
//! ```sh
//! cargo run --release -p search-core --example connect_four -- 200   # ms per move
//! ```

use search_core::{Evaluator, Game, Limits, Outcome, SearchConfig, Searcher, Side};

const W: usize = 7;
const H: usize = 6;
/// Bit `col * 7 + row` (one spare bit a column keeps the shifts below from wrapping).
const COL: u64 = (1 << H) - 1;
const BOTTOM: u64 = ((1 << (7 * W)) - 1) / 127;
const BOARD: u64 = COL * BOTTOM;

#[derive(Clone, Default)]
struct ConnectFour {
    /// Stones of the side to move and of both sides.
    mine: u64,
    all: u64,
    moves: u32,
}

fn four(b: u64) -> bool {
    [1, 7, 6, 8].iter().any(|&d| {
        let m = b & (b >> d);
        m & (m >> (2 * d)) != 0
    })
}

impl Game for ConnectFour {
    /// The column, 0-based.
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = W;

    fn side_to_move(&self) -> Side {
        if self.moves & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        // Centre columns first: a good static order.
        for c in [3, 2, 4, 1, 5, 0, 6] {
            if self.all & (1 << (c * 7 + H - 1)) == 0 {
                moves.push(c as u8);
            }
        }
    }
    fn make_move(&mut self, c: u8) {
        let low = (self.all + (1 << (c as usize * 7))) & (COL << (c as usize * 7));
        self.mine ^= self.all; // the opponent's stones become "mine"
        self.all |= low;
        self.moves += 1;
    }
    fn unmake_move(&mut self, c: u8) {
        let column = self.all & (COL << (c as usize * 7));
        let top = 1u64 << (63 - column.leading_zeros());
        self.all ^= top;
        self.mine ^= self.all;
        self.moves -= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        // The last mover's stones are `all ^ mine`.
        if four(self.all ^ self.mine) {
            Some(Outcome::Loss)
        } else if self.all == BOARD {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    fn zobrist(&self) -> u64 {
        // A perfect key: the stones of the side to move plus a bit atop each column.
        (self.mine + self.all + BOTTOM).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn move_index(c: u8) -> usize {
        c as usize
    }
}

/// Open lines of four: +1 for each the side to move could still complete, −1 for the opponent's.
struct Lines;
impl Evaluator<ConnectFour> for Lines {
    fn evaluate(&self, g: &ConnectFour) -> i32 {
        let theirs = g.all ^ g.mine;
        let mut score = 0;
        for c in 0..W as i32 {
            for r in 0..H as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if !(0..W as i32).contains(&ec) || !(0..H as i32).contains(&er) {
                        continue;
                    }
                    let line: u64 = (0..4)
                        .map(|k| 1u64 << ((c + k * dc) * 7 + r + k * dr))
                        .sum();
                    score += i32::from(line & theirs == 0) - i32::from(line & g.mine == 0);
                }
            }
        }
        score
    }
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let ms = args.next().flatten().unwrap_or(100);
    let max_depth = args.next().flatten().unwrap_or(u64::MAX) as u32;
    let mut game = ConnectFour::default();
    let mut searcher = Searcher::new(SearchConfig::default());
    // The stop flag, raised from the per-iteration callback once the search is deep enough
    // (another thread could raise it just as well: a GUI's stop button, a protocol's `stop`).
    let stop = searcher.stop_handle();
    while game.outcome().is_none() && game.all != BOARD {
        let r = searcher.search_with(&mut game, &Lines, &Limits::movetime(ms, 5), |it| {
            if it.depth >= max_depth {
                stop.stop();
            }
        });
        let mv = r.best_move.expect("a move while the game is on");
        println!(
            "move {:2}: column {} (depth {:2}, score {:>5}, {:>8} nodes{})",
            game.moves + 1,
            mv + 1,
            r.stats.depth,
            search_core::score::display(r.score),
            r.stats.nodes,
            if r.exact { ", proven" } else { "" }
        );
        game.make_move(mv);
    }
    match game.outcome() {
        Some(Outcome::Loss) if game.moves & 1 == 1 => println!("First wins"),
        Some(Outcome::Loss) => println!("Second wins"),
        _ => println!("draw"),
    }
}
