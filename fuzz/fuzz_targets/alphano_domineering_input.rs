//! Arbitrary bytes as the ALPHANO judge's input: the bot ends with a result or an error, never a
//! panic, and prints only `OK` and well-formed `MOVE x y` lines.
#![no_main]

use alphano_domineering::{run, Config};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    let config = Config {
        max_nodes: Some(200),
        tt_mib: 1,
        ..Config::default()
    };
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
        assert!(v == [-1, -1] || (v.len() == 2 && v.iter().all(|x| (1..=8).contains(x))));
    }
});
