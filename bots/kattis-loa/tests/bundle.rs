//! The one-file bundle of this bot compiles with plain rustc, stays under the judges' 64 KiB, and
//! plays exactly the same games as the workspace build (both searching a fixed number of nodes).

use arena::bundle::{build, compile_native};
use arena::kattis_loa::{play_game, JudgeConfig};
use arena::BotCommand;
use loa::Color;
use std::path::Path;

#[test]
fn bundle_compiles_and_plays_the_same_games() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let dir = std::env::temp_dir().join(format!("plyforge-bundle-{}", std::process::id()));
    let (b, bin) = build(&manifest, "kattis-loa", &dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.crates, vec!["kattis_loa", "search_core", "loa", "bot_io"]);
    assert!(b.source.len() < 64 * 1024, "{} bytes", b.source.len());
    assert!(!b.source.contains("#[cfg(test)]") && !b.source.contains("proptest"));
    assert!(!b.source.contains("//!") && !b.source.contains("///"));
    let src = dir.join("kattis-loa.rs");

    let native = dir.join("kattis-loa.out");
    compile_native(&src, &native).unwrap_or_else(|e| panic!("no static binary:\n{e}"));

    let args = ["--nodes", "3000", "--budget-ms", "1000000"];
    let workspace = BotCommand::new(env!("CARGO_BIN_EXE_kattis-loa")).with_args(args);
    let bundled = BotCommand::new(&bin).with_args(args);
    let static_bin = BotCommand::new(&native).with_args(args);
    let cfg = JudgeConfig::default();
    for k in 0..6 {
        let color = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let a = play_game(&workspace, k, 900 + k as u64, color, &cfg);
        for other in [&bundled, &static_bin] {
            let b = play_game(other, k, 900 + k as u64, color, &cfg);
            assert_eq!(a.moves, b.moves, "game {k} with {other}");
            assert_eq!(a.outcome, b.outcome, "game {k} with {other}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
