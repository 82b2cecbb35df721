//! Arbitrary bytes as the Code Warriors input line: the bot ends with an answer or an error,
//! never a panic, and an answer is a legal `type row col` for the position it read.
#![no_main]

use codewarriors_domineering::{parse_turn, read_integers, run};
use domineering_bomb::engine::EngineConfig;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let config = EngineConfig {
        max_nodes: Some(100),
        tt_mib: 1,
        ..EngineConfig::default()
    };
    let mut out = Vec::new();
    let result = run(data, &mut out, &config);
    if let Ok(Some(mv)) = result {
        let mut reader = data;
        let turn = parse_turn(&read_integers(&mut reader).expect("read once")).expect("parsed once");
        assert!(turn.position.is_legal(mv), "{mv:?}");
        assert_eq!(String::from_utf8(out).unwrap(), format!("{mv}\n"));
    }
});
