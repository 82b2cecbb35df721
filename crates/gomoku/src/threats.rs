//! Threat-space search against every defence: victory by continuous fours (VCF).
//!
//! The attacker (the side to move) plays only moves that make a four — a window with four of its
//! stones and none of the defender's — so the defender's reply is forced: it must take the cell
//! that would complete five. The attacker wins when a four leaves two completion cells (the
//! defender can take only one) or when it can complete five at once. A defender that can complete
//! five itself wins first, so the attacker must then block with a move that also makes a four.
//! (Allis, van den Herik and Huntjens, "Go-Moku solved by new search techniques", 1996.)
//!
//! The opponent's VCF is found by passing first: [`opponent_vcf`].

use crate::board::{Board, Stone};

/// Limits of a threat search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most fours the attacker may play.
    pub max_fours: u32,
    /// Most positions to visit.
    pub max_nodes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_fours: 12,
            max_nodes: 100_000,
        }
    }
}

/// A VCF for the side to move of `board`: the attacker's moves with the defender's forced replies
/// between them (attacker, defender, attacker, …, attacker's winning move), or `None` if there is
/// none within `limits`. `board` is restored.
pub fn vcf(board: &mut Board, limits: Limits) -> Option<Vec<usize>> {
    let mut nodes = 0;
    let mut line = Vec::new();
    let attacker = board.to_move();
    search(
        board,
        attacker,
        limits.max_fours,
        &mut nodes,
        limits.max_nodes,
        &mut line,
    )
    .then_some(line)
}

/// The VCF the opponent of the side to move would have if the side to move passed.
pub fn opponent_vcf(board: &mut Board, limits: Limits) -> Option<Vec<usize>> {
    board.pass();
    let found = vcf(board, limits);
    board.undo();
    found
}

/// Cells that give `colour` a new four: empty cells of windows with three of its stones and none
/// of the other's.
pub fn four_moves(board: &Board, colour: Stone) -> Vec<usize> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for (w, cnt) in board.window_counts().iter().enumerate() {
        if cnt[colour as usize] == 3 && cnt[colour.opponent() as usize] == 0 {
            for &c in &geo.windows[w] {
                let c = c as usize;
                if board.at(c).is_none() && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

fn search(
    board: &mut Board,
    attacker: Stone,
    fours_left: u32,
    nodes: &mut u64,
    max_nodes: u64,
    line: &mut Vec<usize>,
) -> bool {
    *nodes += 1;
    let mut cells = Vec::new();
    board.winning_cells(attacker, &mut cells);
    if let Some(&c) = cells.first() {
        line.push(c);
        return true;
    }
    if fours_left == 0 || *nodes > max_nodes {
        return false;
    }
    board.winning_cells(attacker.opponent(), &mut cells);
    let must_block = match cells.len() {
        0 => None,
        1 => Some(cells[0]),
        _ => return false,
    };
    for c in four_moves(board, attacker) {
        if must_block.is_some_and(|b| b != c) {
            continue;
        }
        board.play(c);
        board.winning_cells(attacker, &mut cells);
        let won = match cells.len() {
            0 => false, // not a four after all (exactly-five rule)
            1 => {
                let block = cells[0];
                board.play(block);
                let ok = !board.has_won(attacker.opponent())
                    && search(board, attacker, fours_left - 1, nodes, max_nodes, line);
                board.undo();
                if ok {
                    line.insert(0, block);
                }
                ok
            }
            _ => {
                // Two completion cells: the defender takes one, the attacker completes the other.
                line.clear();
                line.extend([cells[0], cells[1]]);
                true
            }
        };
        board.undo();
        if won {
            line.insert(0, c);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rule;

    fn board_from(moves: &[(i32, i32)]) -> Board {
        let mut b = Board::new(15, Rule::FiveOrMore);
        for &(r, c) in moves {
            let cell = b.cell(r, c).unwrap();
            b.play(cell);
        }
        b
    }

    /// Replays a VCF with the defender taking the completion cell each time: the attacker wins.
    fn check_line(b: &mut Board, line: &[usize]) {
        let attacker = b.to_move();
        for &c in line {
            b.play(c);
        }
        assert!(b.has_won(attacker), "the line ends in a five");
        for _ in line {
            b.undo();
        }
    }

    #[test]
    fn finds_a_four_three_made_of_fours() {
        // Black (to move) has an L: (7,3),(7,4),(7,5) and (4,6),(5,6),(6,6) — playing (7,6)
        // makes two fours at once... with White stones far away.
        let mut b = board_from(&[
            (7, 3),
            (0, 0),
            (7, 4),
            (0, 2),
            (7, 5),
            (0, 4),
            (4, 6),
            (0, 6),
            (5, 6),
            (0, 8),
            (6, 6),
            (0, 10),
        ]);
        assert_eq!(b.to_move(), Stone::Black);
        let line = vcf(&mut b, Limits::default()).expect("a VCF");
        check_line(&mut b, &line);
        assert_eq!(b.stones(), 12, "restored");
    }

    #[test]
    fn no_vcf_without_threes_and_the_defender_may_win_first() {
        let mut b = board_from(&[(7, 7), (0, 0)]);
        assert!(vcf(&mut b, Limits::default()).is_none());
        // White has a four open at (0,4); Black's fours elsewhere must not ignore it.
        let mut b = board_from(&[
            (7, 3),
            (0, 0),
            (7, 4),
            (0, 1),
            (7, 5),
            (0, 2),
            (10, 10),
            (0, 3),
        ]);
        assert_eq!(b.to_move(), Stone::Black);
        // Black's only hope would be a four that also blocks (0,4): there is none.
        assert!(vcf(&mut b, Limits::default()).is_none());
        // From White's side (if Black passed) the win is immediate.
        let line = opponent_vcf(&mut b, Limits::default()).expect("White wins");
        assert_eq!(line.len(), 1);
        assert_eq!(b.key(), b.compute_key());
    }
}
