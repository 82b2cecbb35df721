//! A single-agent connection planner: the fewest own moves that connect all of one side's pieces
//! if the opponent's pieces stood still.
//!
//! Against a strong opponent this is only a heuristic, but against a random mover (Kattis) a plan
//! the opponent *could* block is rarely blocked, so following the shortest plan wins sooner than
//! waiting for a forced win that minimax can prove. Iterative deepening over own moves only, with
//! an admissible bound: a move lands one piece next to at most four mutually separate groups, so
//! with `g` groups at least `⌈(g − 1) / 4⌉` more moves are needed.

use crate::bitboard::components;
use crate::position::{Color, Move, Position};

/// What the planner found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The moves, first to play first; the last one connects.
    pub moves: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// The shortest sequence of at most `max_moves` moves by the side to move of `pos` that connects
/// its pieces with the opponent frozen, visiting at most `max_nodes` positions. `None` if there is
/// none within those limits. Moves whose result connects the opponent are never used (the mover
/// would still win if both were connected, but a plan through such a position ends there).
pub fn shortest_connection(pos: &Position, max_moves: u32, max_nodes: u64) -> Option<Plan> {
    let me = pos.to_move();
    let mut nodes = 0;
    let mut line = Vec::new();
    let mut solo = Solo {
        pieces: [pos.pieces(Color::Black), pos.pieces(Color::White)],
        me,
    };
    for depth in 1..=max_moves {
        match solo.search(depth, &mut line, &mut nodes, max_nodes) {
            Some(true) => {
                line.reverse();
                return Some(Plan { moves: line, nodes });
            }
            Some(false) => {}
            None => return None,
        }
    }
    None
}

/// The position seen as a puzzle for one side: the opponent never moves.
struct Solo {
    pieces: [u64; 2],
    me: Color,
}

impl Solo {
    fn position(&self) -> Position {
        // The side to move is always `me`.
        Position::from_parts(self.pieces[0], self.pieces[1], self.me)
    }

    /// `Some(true)` if a connection within `depth` moves exists (its moves pushed onto `line` in
    /// reverse order), `Some(false)` if not, `None` if the node budget ran out.
    fn search(
        &mut self,
        depth: u32,
        line: &mut Vec<Move>,
        nodes: &mut u64,
        max: u64,
    ) -> Option<bool> {
        let us = self.me as usize;
        let groups = components(self.pieces[us]);
        if groups <= 1 {
            return Some(true);
        }
        if depth == 0 || (groups - 1).div_ceil(4) > depth {
            return Some(false);
        }
        *nodes += 1;
        if *nodes > max {
            return None;
        }
        let mut moves = Vec::with_capacity(48);
        self.position().legal_moves(&mut moves);
        for mv in moves {
            let saved = self.pieces;
            let (f, t) = (mv.from.bb(), mv.to.bb());
            self.pieces[us] ^= f | t;
            if mv.capture {
                self.pieces[us ^ 1] &= !t;
            }
            let them_connected = crate::bitboard::is_connected(self.pieces[us ^ 1]);
            let found = if them_connected && components(self.pieces[us]) > 1 {
                Some(false)
            } else {
                self.search(depth - 1, line, nodes, max)
            };
            self.pieces = saved;
            match found {
                Some(true) => {
                    line.push(mv);
                    return Some(true);
                }
                Some(false) => {}
                None => return None,
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exhaustive: can `me` connect within `depth` own moves (opponent frozen), no pruning.
    fn brute(pieces: [u64; 2], me: Color, depth: u32) -> bool {
        let us = me as usize;
        if crate::bitboard::is_connected(pieces[us]) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let mut moves = Vec::new();
        Position::from_parts(pieces[0], pieces[1], me).legal_moves(&mut moves);
        moves.into_iter().any(|mv| {
            let mut p = pieces;
            p[us] ^= mv.from.bb() | mv.to.bb();
            if mv.capture {
                p[us ^ 1] &= !mv.to.bb();
            }
            let blocked =
                crate::bitboard::is_connected(p[us ^ 1]) && !crate::bitboard::is_connected(p[us]);
            !blocked && brute(p, me, depth - 1)
        })
    }

    #[test]
    fn a_one_move_connection_is_found() {
        // Black's loose piece alone on its column moves one step, next to the pair.
        let pos = Position::from_diagram(
            "........\n........\n........\n...bb...\n........\n.....b..\n........\nw......w",
            Color::Black,
        )
        .unwrap();
        let p = shortest_connection(&pos, 3, 1_000_000).expect("a plan");
        assert_eq!(p.moves.len(), 1);
        let mut q = pos.clone();
        q.play_unchecked(p.moves[0]);
        assert_eq!(q.winner(), Some(Color::Black));
        assert_eq!(shortest_connection(&Position::start(), 2, 10_000_000), None);
    }

    #[test]
    fn plan_lengths_equal_exhaustive_search() {
        let mut state = 12345u64;
        let mut found = 0;
        for game in 0..800 {
            let mut pos = Position::start();
            let mut moves = Vec::new();
            for _ in 0..(10 + game % 80) {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.winner().is_some() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
            }
            if pos.winner().is_some() {
                continue;
            }
            let me = pos.to_move();
            let pieces = [pos.pieces(Color::Black), pos.pieces(Color::White)];
            let want = (1..=2).find(|&d| brute(pieces, me, d));
            let got = shortest_connection(&pos, 2, u64::MAX).map(|p| p.moves.len() as u32);
            assert_eq!(got, want, "{pos}");
            found += usize::from(want.is_some());
        }
        eprintln!("{found} positions with a connection in 1 or 2 moves");
        assert!(found >= 10, "the sample must contain connectable positions");
    }

    #[test]
    fn plans_replay_to_a_connection() {
        let mut pos = Position::start();
        // A few moves in, find a plan of up to 4 moves for Black and replay it with White frozen.
        let mut moves = Vec::new();
        for k in 0..12 {
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[(k * 7) % moves.len()]);
        }
        if let Some(plan) = shortest_connection(&pos, 4, 5_000_000) {
            let me = pos.to_move();
            let mut solo = Solo {
                pieces: [pos.pieces(Color::Black), pos.pieces(Color::White)],
                me,
            };
            for mv in &plan.moves {
                let p = solo.position();
                let mut legal = Vec::new();
                p.legal_moves(&mut legal);
                assert!(legal.contains(mv));
                let mut q = p.clone();
                q.play_unchecked(*mv);
                solo.pieces = [q.pieces(Color::Black), q.pieces(Color::White)];
            }
            assert!(crate::bitboard::is_connected(solo.pieces[me as usize]));
        }
    }
}
