//! The engine's alpha-beta search (not the df-pn prover) on positions where Rapfi proved a win:
//! the tactical suite's (`tests/data/rapfi-suite.txt`), or those of a file in its format
//! (`--file PATH`, e.g. `tests/data/missed-wins.txt`: the moves, `|`, side, Rapfi's mate length
//! `M<n>`, Rapfi's first move). For each position: the nodes the search needed before an
//! iteration first played Rapfi's move with a winning score (`-` when none did within the
//! cap), and whether the last iteration still did; then how many were found and the median of
//! their nodes. Wins that need quiet moves (which the prover refutes) can only be found this
//! way, so this measures the search's tactics, where `speed` measures its pace. The searches
//! stop at a node count, not the clock, so a run gives the same figures on any machine and
//! under any load. (A winning score from a search whose beam cut the defender's replies may
//! be no proof; Rapfi's move is one.)
//!
//! Options: `--file PATH`; `--nodes N` (the cap a position, 4,000,000 by default);
//! `--set NAME=VALUE` (repeatable), any of the engine's options
//! ([`renju::EngineConfig::set`]); `--config black|white`, the color whose search settings
//! search every position (by default the side to move's); `-v` prints each position's line.
//!
//! With `--config white` on positions where Black wins (`tests/data/white-blunders.txt`: the
//! positions after White's moves that let Rapfi win), it measures how soon White's search
//! would see the attack its move let in: the search of that subtree, with White's settings.
//!
//! ```sh
//! cargo run --release -p renju --example search_mates -- \
//!     --file crates/renju/tests/data/missed-wins.txt
//! ```

use renju::renju_rules::Color;
use renju::search_core::score::MATE_BOUND;
use renju::search_core::{Limits, Searcher};
use renju::{EngineConfig, Position};

#[path = "../tests/common/suite.rs"]
mod suite_data;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut config = EngineConfig::default();
    let mut cap: u64 = 4_000_000;
    let mut verbose = false;
    let mut file: Option<String> = None;
    let mut settings: Option<Color> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--nodes" => {
                i += 1;
                cap = args.get(i).and_then(|n| n.parse().ok()).expect("--nodes N");
            }
            "--set" => {
                i += 1;
                let spec = args.get(i).expect("--set NAME=VALUE");
                config.set(spec).expect("--set NAME=VALUE");
            }
            "--file" => {
                i += 1;
                file = Some(args.get(i).expect("--file PATH").clone());
            }
            "--config" => {
                i += 1;
                let color = args.get(i).and_then(|c| c.parse::<Color>().ok());
                settings = Some(color.expect("--config black|white"));
            }
            "-v" => verbose = true,
            other => panic!(
                "unknown option {other} (--file PATH, --nodes N, --set NAME=VALUE, \
                 --config black|white, -v)"
            ),
        }
        i += 1;
    }
    let cases = match &file {
        Some(path) => suite_data::parse(&std::fs::read_to_string(path).expect("--file PATH")),
        None => suite_data::suite(),
    };
    let mut found: Vec<u64> = Vec::new();
    let mut kept = 0;
    // Positions where some iteration gave any move a winning score.
    let mut any_win = 0;
    for (k, case) in cases.iter().enumerate() {
        let mut pos = Position::from_game(&case.game);
        pos.set_defend_combinations(config.defend_combinations);
        let color = settings.unwrap_or(case.game.to_move());
        let mut searcher = Searcher::new(config.search_config(color));
        let wins = |mv: Option<&renju::renju_rules::game::Move>, score| {
            mv == Some(&case.rapfi) && score >= MATE_BOUND
        };
        let mut first: Option<(u64, u32)> = None;
        let mut won = false;
        let result = config.search_with(&mut searcher, &mut pos, &Limits::nodes(cap), &mut |it| {
            if first.is_none() && wins(it.pv.first(), it.score) {
                first = Some((it.nodes, it.depth));
            }
            won |= it.score >= MATE_BOUND;
        });
        any_win += usize::from(won);
        let holds = wins(result.best_move.as_ref(), result.score);
        kept += usize::from(holds);
        if let Some((nodes, _)) = first {
            found.push(nodes);
        }
        if verbose {
            let at = first.map_or("-".to_string(), |(n, d)| format!("{n} (depth {d})"));
            println!(
                "{k:3} M{:<3} {}: first at {at}; last: {} {}{}",
                case.mate,
                suite_data::suite_word(case.rapfi),
                result
                    .best_move
                    .map_or("-".to_string(), suite_data::suite_word),
                result.score,
                if holds { " (Rapfi's, winning)" } else { "" }
            );
        }
    }
    found.sort_unstable();
    let median = found.get(found.len() / 2).copied();
    println!(
        "Rapfi's winning move with a winning score within {cap} nodes: {} of {} (median {} \
         nodes); still the last iteration's move: {kept}; a winning score for any move: {any_win}",
        found.len(),
        cases.len(),
        median.map_or("-".to_string(), |n| n.to_string())
    );
}
