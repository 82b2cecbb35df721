//! The one-file bundle of this bot compiles with plain rustc, stays under 64 KiB, and plays the
//! same games as the workspace build (both searching a fixed number of nodes).

use arena::alphano_domineering::{play_game, Contestant};
use arena::bundle::build;
use arena::BotCommand;
use std::path::Path;

#[test]
fn bundle_compiles_and_plays_the_same_games() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let dir = std::env::temp_dir().join(format!("plyforge-bundle-dom-{}", std::process::id()));
    let (b, bin) = build(&manifest, "alphano-domineering", &dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        b.crates,
        vec![
            "alphano_domineering",
            "search_core",
            "domineering",
            "bot_io"
        ]
    );
    assert!(b.source.len() < 64 * 1024, "{} bytes", b.source.len());
    assert!(!b.source.contains("#[cfg(test)]") && !b.source.contains("///"));

    let args = ["--nodes", "3000"];
    let workspace =
        Contestant::Bot(BotCommand::new(env!("CARGO_BIN_EXE_alphano-domineering")).with_args(args));
    let bundled = Contestant::Bot(BotCommand::new(&bin).with_args(args));
    for seed in 0..2 {
        let a = play_game(&workspace, &Contestant::Greedy, seed);
        let c = play_game(&bundled, &Contestant::Greedy, seed);
        assert_eq!(
            a.moves, c.moves,
            "board {seed}: the same game move for move"
        );
        assert_eq!(a.winner, c.winner);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
