//! The one-file bundle of this bot compiles with plain rustc, stays under 64 KiB, and plays the
//! same games as the workspace build on official seeds.

use arena::bundle::build;
use arena::neerc_gomoku::{play_game, Outcome};
use arena::BotCommand;
use std::path::Path;

#[test]
fn bundle_compiles_and_plays_the_same_games() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let dir = std::env::temp_dir().join(format!("plyforge-bundle-gomoku-{}", std::process::id()));
    let (b, bin) = build(&manifest, "neerc-gomoku", &dir).unwrap_or_else(|e| panic!("{e}"));
    // Crate gomoku's engine (and with it search-core) is an optional feature this bot leaves off.
    assert_eq!(b.crates, vec!["neerc_gomoku", "gomoku", "bot_io"]);
    assert!(b.source.len() < 64 * 1024, "{} bytes", b.source.len());
    assert!(!b.source.contains("#[cfg(test)]") && !b.source.contains("///"));

    // A budget far above any game's needs: play depends on the node budget only.
    let args = ["--budget-ms", "100000"];
    let workspace = BotCommand::new(env!("CARGO_BIN_EXE_neerc-gomoku")).with_args(args);
    let bundled = BotCommand::new(&bin).with_args(args);
    for (test, seed) in [(1, -614188506i64), (7, 0), (100, 23371789)] {
        let a = play_game(&workspace, seed, Some(test));
        let c = play_game(&bundled, seed, Some(test));
        assert_eq!(a.outcome, Outcome::BotWin, "test {test}");
        assert_eq!(
            a.history, c.history,
            "test {test}: the same game move for move"
        );
        assert_eq!(c.outcome, Outcome::BotWin, "test {test}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
