//! Random stone sequences: the rules never panic, put/remove keep the Zobrist key, and the fast
//! forbidden set equals the reference written from the RIF definitions (the tests' own).
#![no_main]

#[path = "../../crates/renju-rules/tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use renju_rules::{Board, Color, Point, SIZE};

fuzz_target!(|data: &[u8]| {
    let mut board = Board::new();
    let mut grid = [[0u8; 15]; 15];
    // Each byte places a stone: bit 7 the color, the low 7 bits times 7 (mod 225) the point.
    for &byte in data.iter().take(120) {
        let color = if byte & 0x80 == 0 { Color::Black } else { Color::White };
        let i = (byte & 0x7F) as usize * 7 % (SIZE * SIZE);
        let p = Point::from_index(i);
        if board.try_put(p, color).is_err() {
            continue;
        }
        grid[p.row as usize][p.col as usize] = if color == Color::Black { 1 } else { 2 };
    }
    assert_eq!(board.key(), board.compute_key());
    let fast: Vec<((i32, i32), &str)> = board
        .forbidden_points()
        .iter()
        .map(|&(p, f)| ((p.row as i32, p.col as i32), f.name()))
        .collect();
    assert_eq!(fast, common::forbidden_set(&grid));
});
