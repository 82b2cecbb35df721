//! Arbitrary bytes as the ALPHANO Renju judge's input: the bot ends with a result or an error,
//! never a panic, and prints only `OK` and well-formed `MOVE x y` lines (1..=15 or a pass).
#![no_main]

use alphano_renju::run;
use libfuzzer_sys::fuzz_target;
use renju::EngineConfig;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    let mut config = EngineConfig {
        max_nodes: Some(200),
        ..EngineConfig::default()
    };
    for search in &mut config.search {
        search.tt_mib = 1;
    }
    let _ = run(data, &mut out, config);
    for line in String::from_utf8(out).expect("ASCII output").lines() {
        if line == "OK" {
            continue;
        }
        let parts: Vec<&str> = line.split(' ').collect();
        assert_eq!(parts[0], "MOVE");
        let v: Vec<i64> = parts[1..]
            .iter()
            .map(|t| t.parse().expect("integer"))
            .collect();
        assert!(v == [-1, -1] || (v.len() == 2 && v.iter().all(|x| (1..=15).contains(x))));
    }
});
