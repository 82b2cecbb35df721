//! Any text read as a Renju record, board and point, and as LOA positions and moves: an error or
//! a value, never a panic; what reads prints back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(g) = text.parse::<renju_rules::game::RenjuGame>() {
        assert_eq!(g.to_string().parse::<renju_rules::game::RenjuGame>().unwrap(), g);
    }
    if let Ok(b) = text.parse::<renju_rules::Board>() {
        assert_eq!(b.to_string().parse::<renju_rules::Board>().unwrap(), b);
    }
    if let Ok(p) = text.parse::<renju_rules::Point>() {
        assert_eq!(p.to_string().parse::<renju_rules::Point>().unwrap(), p);
    }
    if let Ok(p) = text.parse::<loa::Position>() {
        assert_eq!(p.to_string().parse::<loa::Position>().unwrap(), p);
    }
    if let Ok(m) = text.parse::<loa::Move>() {
        assert_eq!(m.to_string().parse::<loa::Move>().unwrap(), m);
    }
});
