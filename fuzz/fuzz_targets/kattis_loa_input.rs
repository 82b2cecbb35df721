//! Arbitrary bytes as the Kattis judge's input: the bot returns a result or an error, never panics,
//! and every line it prints is a legal move.
#![no_main]

use kattis_loa::{run, Config};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let config = Config {
        max_nodes: Some(300),
        tt_mib: 1,
        ..Config::default()
    };
    let mut out = Vec::new();
    let _ = run(data, &mut out, config);
    // Whatever happened, what we printed is well-formed: four integers in 1..=8 per line.
    for line in String::from_utf8(out).expect("ASCII output").lines() {
        let nums: Vec<i64> = line
            .split(' ')
            .map(|t| t.parse().expect("integer"))
            .collect();
        assert_eq!(nums.len(), 4);
        assert!(nums.iter().all(|n| (1..=8).contains(n)));
    }
});
