//! A slow, obviously correct reference implementation of the rules, written straight from the spec
//! (`spec/kattis-loa.md` in this crate) on a plain 2-D array, walking cell by cell. It shares no code with
//! the bitboard rules; the tests check the fast rules against it, the benchmarks use it as a
//! baseline and the fuzz target as an oracle.

use crate::position::{Color, Position, Square};

/// A board: `board[row][col]`, 0-based, holding 0 (empty), 1 (Black) or 2 (White).
pub type Board = [[u8; 8]; 8];

/// A move as `(from row, from col, to row, to col, capture)`, 0-based.
pub type NaiveMove = (i32, i32, i32, i32, bool);

/// The bitboard generator's moves of the side to move of `p`, in this module's sorted tuple form
/// (for comparing the two generators).
pub fn fast_moves(p: &Position) -> Vec<NaiveMove> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    let mut out: Vec<NaiveMove> = v
        .iter()
        .map(|m| {
            (
                m.from.row(),
                m.from.col(),
                m.to.row(),
                m.to.col(),
                m.capture,
            )
        })
        .collect();
    out.sort();
    out
}

/// The board of `p`.
pub fn board_of(p: &Position) -> Board {
    let mut b = [[0u8; 8]; 8];
    for (r, row) in b.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            *cell = match p.piece_at(Square::new(r as i32, c as i32).expect("on board")) {
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
                None => 0,
            };
        }
    }
    b
}

/// The legal moves of player `me` (1 or 2), sorted: for each piece and each of the 8 directions,
/// count the pieces on the whole line, walk that many cells, refuse enemy pieces on the way, the
/// board's edge, or an own piece on the landing cell.
pub fn moves(b: &Board, me: u8) -> Vec<NaiveMove> {
    let them = 3 - me;
    let dirs = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let at = |r: i32, c: i32| -> Option<u8> {
        ((0..8).contains(&r) && (0..8).contains(&c)).then(|| b[r as usize][c as usize])
    };
    let mut out = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            if b[r as usize][c as usize] != me {
                continue;
            }
            for (dr, dc) in dirs {
                let mut count = 1;
                for sign in [1, -1] {
                    let (mut rr, mut cc) = (r + sign * dr, c + sign * dc);
                    while let Some(v) = at(rr, cc) {
                        count += i32::from(v != 0);
                        rr += sign * dr;
                        cc += sign * dc;
                    }
                }
                let mut ok = true;
                for step in 1..count {
                    let v = at(r + step * dr, c + step * dc);
                    if v != Some(0) && v != Some(me) {
                        ok = false;
                    }
                }
                let (tr, tc) = (r + count * dr, c + count * dc);
                match at(tr, tc) {
                    Some(v) if ok && v != me => out.push((r, c, tr, tc, v == them)),
                    _ => {}
                }
            }
        }
    }
    out.sort();
    out
}

/// Whether player `who`'s pieces form one 8-connected group (breadth-first over the cells).
pub fn connected(b: &Board, who: u8) -> bool {
    let cells: Vec<(i32, i32)> = (0..64)
        .map(|i| (i / 8, i % 8))
        .filter(|&(r, c)| b[r as usize][c as usize] == who)
        .collect();
    if cells.is_empty() {
        return true;
    }
    let mut seen = vec![cells[0]];
    let mut stack = vec![cells[0]];
    while let Some((r, c)) = stack.pop() {
        for &(r2, c2) in &cells {
            if (r2 - r).abs() <= 1 && (c2 - c).abs() <= 1 && !seen.contains(&(r2, c2)) {
                seen.push((r2, c2));
                stack.push((r2, c2));
            }
        }
    }
    seen.len() == cells.len()
}

/// The winner with player `me` to move: the player who just moved if connected, else `me` if
/// connected.
pub fn winner(b: &Board, me: u8) -> Option<u8> {
    if connected(b, 3 - me) {
        Some(3 - me)
    } else if connected(b, me) {
        Some(me)
    } else {
        None
    }
}

/// Perft with player `me` to move: leaf count at `depth`; finished games have no moves.
pub fn perft(b: &mut Board, me: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if winner(b, me).is_some() {
        return 0;
    }
    let list = moves(b, me);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for (r, c, tr, tc, _) in list {
        let saved = b[tr as usize][tc as usize];
        b[tr as usize][tc as usize] = me;
        b[r as usize][c as usize] = 0;
        total += perft(b, 3 - me, depth - 1);
        b[r as usize][c as usize] = me;
        b[tr as usize][tc as usize] = saved;
    }
    total
}
