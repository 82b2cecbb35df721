//! Arbitrary bytes as a Gomocup manager's input to `pbrain-plyforge`: the brain never panics and
//! prints only `OK`, `x,y` moves on a board of at most 19×19, `ERROR …`, `UNKNOWN …` and the
//! `ABOUT` line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbrain_plyforge::{run_brain, Brain, ABOUT};
use std::io::Read;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    // Short turns unless the input asks for more; 200 nodes a search either way.
    let input = (&b"INFO timeout_turn 20\n"[..]).chain(data);
    run_brain(Brain::new().with_node_cap(200), input, &mut out).expect("writing to a Vec");
    for line in String::from_utf8(out).expect("UTF-8 output").lines() {
        if line == "OK" || line == ABOUT || line.starts_with("ERROR ") || line.starts_with("UNKNOWN ")
        {
            continue;
        }
        let (x, y) = line.split_once(',').expect("x,y");
        let (x, y): (usize, usize) = (x.parse().expect("x"), y.parse().expect("y"));
        assert!(x < 19 && y < 19, "{line}");
    }
});
