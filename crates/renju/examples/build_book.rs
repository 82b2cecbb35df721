//! Writes position-book lines ([`renju::book`]) for positions read from standard input: each
//! position searched by the engine's search (as `speed` runs it) for the given ms, and its
//! move written as a book line of kind `win` when the search scores a win for the side to
//! move (a mate score; a proof when the settings search every reply of the opponent where the
//! others lose, `beam_loss_guard=1`), with the search's time, depth, nodes and score as the
//! note; a position without a win found is written as a `#` comment (with `--all 1`, as a
//! book line of kind `choice`), so the output can be appended to `crates/renju/src/book.txt`
//! as it is.
//!
//! Input: one position a line, the moves from the empty board as the arena's records write
//! them (`8 8, 7 8, …`), or as the tactical suite writes them (`8,8 7,8 … | note`); `#` lines
//! are skipped. Options after the ms: `--set NAME=VALUE` (repeatable, [`EngineConfig::set`]);
//! `--all 1`: every position's move is a book line, won or not.
//!
//! ```sh
//! echo '8 8, 7 8, 7 7, 9 9, 6 7, 8 7, 6 9, 6 8, 5 8, 4 7, 4 9, 3 10, 5 9, 7 9' |
//!   cargo run --release -p renju --example build_book -- 240000
//! ```

use renju::book::{replay_moves, EntryKind};
use renju::search_core::score::{is_decisive, plies_to_end};
use renju::search_core::{Limits, Searcher};
use renju::{EngineConfig, Position};
use std::io::BufRead;

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: build_book MS [--set NAME=VALUE]…");
    let mut config = EngineConfig::default();
    let mut sets = Vec::new();
    let mut all = false;
    let rest: Vec<String> = std::env::args().skip(2).collect();
    for pair in rest.chunks(2) {
        match (pair[0].as_str(), pair.get(1)) {
            ("--set", Some(v)) => {
                config.set(v).expect("--set NAME=VALUE");
                sets.push(v.clone());
            }
            ("--all", Some(v)) => all = v == "1",
            (other, _) => panic!("unknown option {other} (--set NAME=VALUE, --all 1)"),
        }
    }
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        // Either form: `8 8, 7 8` or `8,8 7,8`.
        let moves = line.split('|').next().unwrap_or("");
        let game = replay_moves(moves).expect("legal moves");
        let written: Vec<String> = game.moves().iter().map(|m| m.judge().to_string()).collect();
        let mut pos = Position::from_game(&game);
        pos.set_defend_combinations(config.defend_combinations);
        let mut searcher = Searcher::new(config.search_config(game.to_move()));
        let r = config.search(&mut searcher, &mut pos, &Limits::movetime(ms, 0));
        let best = r
            .best_move
            .map_or("-".to_string(), |m| m.judge().to_string());
        let score = match plies_to_end(r.score) {
            Some(n) if r.score > 0 => format!("mate in {n}"),
            Some(n) => format!("lost in {n}"),
            None => r.score.to_string(),
        };
        let settings = if sets.is_empty() {
            "the defaults".to_string()
        } else {
            sets.join(" ")
        };
        let note = format!(
            "{} ms, {settings}: depth {}, {} nodes, {score}",
            r.stats.elapsed.as_millis(),
            r.stats.depth,
            r.stats.nodes
        );
        let won = is_decisive(r.score) && r.score > 0;
        let mark = if won || all { "" } else { "# no win: " };
        let kind = if won {
            EntryKind::Win
        } else {
            EntryKind::Choice
        };
        println!("{mark}{} | {best} | {kind} | {note}", written.join(", "));
    }
}
