//! The canonical value of every single-component Domineering region up to `N` cells (the first
//! argument, 1 to 13; default 8): the table Barton and Uiterwijk build for MUDoS ("Combinatorial
//! game theory in Domineering endgames", 2014), made here by `domineering::cgt::Regions`.
//!
//! Every region is a fixed polyomino (translations are one region; mirrors, turns and the
//! transpose are not, although `Regions` values them once): grown cell by cell from the
//! smaller ones, so the counts per size are OEIS A001168 (1, 2, 6, 19, 63, 216, 760, 2725, …),
//! a check on the enumeration. Prints, per size: regions, the distinct values among them, how
//! many are numbers (and integers), their outcome classes, and the time; with `--list`, each
//! region (rows of `.` and `#`, joined by `/`) and its value.
//!
//! ```sh
//! cargo run --release -p domineering --example region_table -- 8
//! # cells regions values numbers integers      L      R      N      P   ms
//! #     1       1      1       1        1      0      0      0      1    0
//! #     2       2      2       2        2      1      1      0      0    0
//! # …
//! ```

use domineering::cgt::{Outcome, Regions};
use domineering::{Row, MAX};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// A region's cells by row, moved to touch row 0 and column 0.
type Cells = [Row; MAX];

/// `cells` moved up and left to touch row 0 and column 0.
fn to_corner(mut cells: Cells) -> Cells {
    while cells[0] == 0 {
        cells.rotate_left(1);
    }
    let left = cells.iter().fold(Row::MAX, |m, &r| {
        if r == 0 {
            m
        } else {
            m.min(r.trailing_zeros() as Row)
        }
    });
    cells.map(|r| r >> left)
}

/// The regions of one more cell than those of `smaller`: each with a neighbouring cell added
/// (room is kept by moving every region one row down and one column right first).
fn grow(smaller: &HashSet<Cells>) -> HashSet<Cells> {
    let mut out = HashSet::new();
    for region in smaller {
        let mut moved = [0 as Row; MAX];
        for r in 0..MAX - 1 {
            moved[r + 1] = region[r] << 1;
        }
        for r in 0..MAX {
            let up = if r > 0 { moved[r - 1] } else { 0 };
            let down = if r + 1 < MAX { moved[r + 1] } else { 0 };
            let mut next = (moved[r] << 1 | moved[r] >> 1 | up | down) & !moved[r];
            next &= (1 << MAX) - 1;
            while next != 0 {
                let bit = next & next.wrapping_neg();
                next &= next - 1;
                let mut bigger = moved;
                bigger[r] |= bit;
                out.insert(to_corner(bigger));
            }
        }
    }
    out
}

/// A region as rows of `.` (its cells) and `#`, joined by `/`.
fn diagram(cells: &Cells) -> String {
    let width = cells
        .iter()
        .map(|r| Row::BITS - r.leading_zeros())
        .max()
        .unwrap_or(0);
    let rows: Vec<String> = cells
        .iter()
        .take_while(|&&r| r != 0)
        .map(|&r| {
            (0..width)
                .map(|c| if r >> c & 1 == 1 { '.' } else { '#' })
                .collect()
        })
        .collect();
    rows.join("/")
}

fn main() -> ExitCode {
    let mut most = 8u32;
    let mut list = false;
    for arg in std::env::args().skip(1) {
        if arg == "--list" {
            list = true;
            continue;
        }
        match arg.parse::<u32>() {
            Ok(n) if (1..=MAX as u32).contains(&n) => most = n,
            _ => {
                eprintln!("region_table: expected a cell count 1..={MAX} or --list, got {arg:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut regions = Regions::new(most);
    let mut level: HashSet<Cells> = HashSet::from([to_corner({
        let mut one = [0 as Row; MAX];
        one[0] = 1;
        one
    })]);
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) ends the table quietly.
    if writeln!(
        out,
        "cells regions values numbers integers      L      R      N      P     ms"
    )
    .is_err()
    {
        return ExitCode::SUCCESS;
    }
    for cells in 1..=most {
        if cells > 1 {
            level = grow(&level);
        }
        let start = Instant::now();
        let mut sorted: Vec<&Cells> = level.iter().collect();
        sorted.sort();
        let (mut numbers, mut integers) = (0, 0);
        let mut classes: HashMap<Outcome, usize> = HashMap::new();
        let mut values = HashSet::new();
        for region in sorted {
            let g = regions.value_of_rows(region).expect("within the limit");
            values.insert(g);
            let games = regions.games();
            if let Some(x) = games.number_value(g) {
                numbers += 1;
                integers += usize::from(x.is_integer());
            }
            *classes.entry(games.outcome(g)).or_default() += 1;
            if list && writeln!(out, "{} {}", diagram(region), games.value(g)).is_err() {
                return ExitCode::SUCCESS;
            }
        }
        let class = |o| classes.get(&o).copied().unwrap_or(0);
        let line = writeln!(
            out,
            "{cells:5} {:7} {:6} {numbers:7} {integers:8} {:6} {:6} {:6} {:6} {:6}",
            level.len(),
            values.len(),
            class(Outcome::L),
            class(Outcome::R),
            class(Outcome::N),
            class(Outcome::P),
            start.elapsed().as_millis()
        );
        if line.is_err() {
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
