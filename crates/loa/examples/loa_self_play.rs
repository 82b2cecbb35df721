//! A game of Lines of Action between two copies of the tuned engine, one line per move.
//!
//! ```sh
//! cargo run --release -p loa --example loa_self_play -- 300   # ms budget per side for the game
//! ```

use loa::engine::{Engine, EngineConfig};
use loa::{Color, GameEnd, Position, MAX_PLIES};

fn main() {
    let budget_ms = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let config = EngineConfig {
        budget_ms,
        ..EngineConfig::default()
    };
    let mut engines = [
        Engine::new(config, Color::Black),
        Engine::new(config, Color::White),
    ];
    let mut pos = Position::start();
    let mut plies = 0;
    let end = loop {
        if let Some(end) = pos.game_end(plies, MAX_PLIES) {
            break end;
        }
        let mv = engines[pos.to_move() as usize].choose(&pos, plies);
        pos.try_play(mv).expect("the engine plays legal moves");
        plies += 1;
        println!("{plies:3}. {mv}");
    };
    println!("{pos}");
    match end {
        GameEnd::Won(c) => println!("{c:?} wins after {plies} plies"),
        GameEnd::NoMoves | GameEnd::PlyLimit => println!("draw after {plies} plies"),
    }
}
