//! The one-file bundle of this bot compiles with plain rustc into a static native binary (the
//! `.out` Code Warriors accepts), and plays the same games as the workspace build (both searching
//! a fixed number of nodes).

use arena::bundle::{bundle, compile_native};
use arena::codewarriors_domineering::{play_game, Contestant};
use arena::BotCommand;
use std::path::Path;

#[test]
fn native_bundle_compiles_and_plays_the_same_games() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let b = bundle(&manifest, "codewarriors-domineering").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        b.crates,
        vec![
            "codewarriors_domineering",
            "search_core",
            "domineering_bomb",
            "domineering",
            "bot_io"
        ]
    );
    let dir = std::env::temp_dir().join(format!("plyforge-bundle-cw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("codewarriors-domineering.rs");
    std::fs::write(&file, &b.source).unwrap();
    let bin = dir.join("codewarriors-domineering.out");
    compile_native(&file, &bin).unwrap_or_else(|e| panic!("{e}"));

    let args = ["--nodes", "2000"];
    let workspace = Contestant::Bot(
        BotCommand::new(env!("CARGO_BIN_EXE_codewarriors-domineering")).with_args(args),
    );
    let bundled = Contestant::Bot(BotCommand::new(&bin).with_args(args));
    let a = play_game(&workspace, &Contestant::Greedy, 1);
    let c = play_game(&bundled, &Contestant::Greedy, 1);
    assert_eq!(a.moves, c.moves, "the same game move for move");
    assert_eq!(a.winner, c.winner);
    let _ = std::fs::remove_dir_all(&dir);
}
