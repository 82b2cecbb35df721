//! One Code Warriors game, 13×13 with a bomb each, the engine against itself at a fixed node
//! budget per move: prints the moves as the contest writes them and who won.
//!
//! ```sh
//! cargo run --release -p domineering-bomb --example self_play -- 20000   # nodes per move
//! ```

use domineering_bomb::engine::{choose, EngineConfig};
use domineering_bomb::Position;

fn main() {
    let nodes = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let config = EngineConfig {
        max_nodes: Some(nodes),
        solver_nodes: nodes,
        ..EngineConfig::default()
    };
    let mut pos = Position::new(13, 13, true);
    let mut moves = 0;
    // `choose` answers `None` only when the side to move has no move: it has lost.
    while let Some(mv) = choose(&pos, &config) {
        println!("{:?}: {mv}", pos.to_move());
        pos.try_play(mv).expect("the engine plays legal moves");
        moves += 1;
    }
    println!("{:?} wins after {moves} moves", pos.to_move().opponent());
}
