//! Arbitrary bytes as the NEERC judge's input: the bot ends with a result or an error, never a
//! panic, and prints only on-board coordinates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use neerc_gomoku::{run, Config};

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    let _ = run(data, &mut out, Config { budget_ms: 20 });
    for line in String::from_utf8(out).expect("ASCII output").lines() {
        let v: Vec<i64> = line
            .split(' ')
            .map(|t| t.parse().expect("integer"))
            .collect();
        assert!(v.len() == 2 && v.iter().all(|x| (1..=19).contains(x)));
    }
});
