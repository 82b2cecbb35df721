//! Scored Domineering: a search with the crate's evaluation (and the exact endgame solver once
//! few cells are left) plays FIRST against a one-ply greedy SECOND on a random board.
//!
//! ```sh
//! cargo run --release -p domineering --example scored_against_greedy -- 7   # board seed
//! ```

use domineering::scored::endgame::Solver;
use domineering::scored::eval::DomEval;
use domineering::scored::{Move, Position, Side};
use domineering::search_core::{Limits, SearchConfig, Searcher};

/// The placement worth most points now (a pass when there is none).
fn greedy(p: &Position) -> Move {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let step = if p.to_move() == Side::First { 1 } else { 8 };
    let worth = |m: &Move| match *m {
        Move::Place(c) => i32::from(p.value(c as usize) + p.value(c as usize + step)),
        Move::Pass => -1,
    };
    moves.into_iter().max_by_key(worth).unwrap_or(Move::Pass)
}

fn main() {
    let mut seed: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let mut values = [[0u8; 8]; 8];
    for cell in values.iter_mut().flatten() {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *cell = (seed >> 62) as u8;
    }
    let mut pos = Position::new(values);
    let mut searcher = Searcher::new(SearchConfig::default());
    while !pos.is_over() {
        let mv = if pos.to_move() == Side::First {
            let free = (!pos.occupied()).count_ones();
            let solved = (free <= 24)
                .then(|| Solver::new(&pos, 20).solve(&pos))
                .flatten();
            match solved {
                Some((_, mv)) => mv,
                None => searcher
                    .search(
                        &mut pos.clone(),
                        &DomEval::default(),
                        &Limits::movetime(100, 0),
                    )
                    .best_move
                    .expect("a move while the game is on"),
            }
        } else {
            greedy(&pos)
        };
        pos.try_play(mv).expect("both players play legal moves");
        println!("{:?} {mv}", pos.to_move().opponent());
    }
    println!("{pos}");
    let (f, s) = (pos.score(Side::First), pos.score(Side::Second));
    println!(
        "FIRST {} – SECOND {}: {:?} wins",
        f as f64 / 2.0,
        s as f64 / 2.0,
        pos.winner().expect("the game is over")
    );
}
