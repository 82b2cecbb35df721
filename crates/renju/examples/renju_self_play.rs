//! A game of Renju between two copies of the engine, each on a whole-game clock.
//!
//! ```sh
//! cargo run --release -p renju --example renju_self_play -- 5000   # ms on each clock (ALPHANO: 20000)
//! ```

use renju::renju_rules::game::RenjuGame;
use renju::{Engine, EngineConfig};
use std::time::Instant;

fn main() {
    let clock_ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5_000);
    let config = EngineConfig::default();
    let mut engines = [Engine::new(&config), Engine::new(&config)];
    let mut clocks = [clock_ms; 2];
    let mut game = RenjuGame::new();
    while game.result().is_none() {
        let me = game.to_move() as usize;
        let start = Instant::now();
        let (mv, why) = engines[me].choose(&game, clocks[me], &config);
        let took = start.elapsed().as_millis() as u64;
        clocks[me] = clocks[me].saturating_sub(took);
        game.try_play(mv).expect("the engine plays legal moves");
        println!(
            "{:3}. {:?} {mv:>4} ({why:?}, {took} ms, {} ms left)",
            game.moves().len(),
            game.to_move().opponent(),
            clocks[me]
        );
        if clocks[me] == 0 {
            println!("{:?} ran out of time", game.to_move().opponent());
            return;
        }
    }
    println!("{}", game.board());
    println!("{:?}", game.result().expect("the game is over"));
}
