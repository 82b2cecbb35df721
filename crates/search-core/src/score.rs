//! The score scale shared by every game.
//!
//! Scores are `i32` from the side to move's point of view. Heuristic values lie strictly inside
//! `(-MAX_EVAL, MAX_EVAL)`. Won and lost positions carry their distance in plies from the root:
//! a win `n` plies from the root scores `MATE - n`, a loss `-(MATE - n)`, so negamax prefers the
//! fastest win and the slowest loss.

/// A search score (see the module docs for the scale).
pub type Score = i32;

/// Larger than any score; the initial alpha-beta window is `(-INFINITY, INFINITY)`.
pub const INFINITY: Score = 1_000_000_000;

/// The score of a win at the root itself (0 plies away).
pub const MATE: Score = 100_000_000;

/// The deepest ply the search ever reaches; mate scores are within this many plies of [`MATE`].
pub const MAX_PLY: usize = 256;

/// Scores with absolute value at least this are won or lost positions.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;

/// Heuristic evaluations and [`crate::Outcome::Score`] values must stay strictly inside
/// `(-MAX_EVAL, MAX_EVAL)`.
pub const MAX_EVAL: Score = MATE_BOUND - 1;

/// The score of winning `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of losing `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether `score` says the game is won or lost (rather than a heuristic or exact point value).
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// For a decisive score, the number of plies from the root to the end of the game.
#[inline]
pub fn plies_to_end(score: Score) -> Option<u32> {
    is_decisive(score).then(|| (MATE - score.abs()) as u32)
}

/// Converts a score relative to the root into one relative to the node at `ply` (for storing in
/// the transposition table, which must not depend on the path that reached a position).
#[inline]
pub fn to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Inverse of [`to_tt`]: a stored node-relative score made root-relative for the node at `ply`.
#[inline]
pub fn from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// A human-readable score: `#+n` (win in n plies), `#-n` (loss in n plies) or the number.
pub fn display(score: Score) -> String {
    match plies_to_end(score) {
        Some(n) if score > 0 => format!("#+{n}"),
        Some(n) => format!("#-{n}"),
        None => score.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_conversion_round_trips_and_mates_are_decisive() {
        for ply in [0usize, 1, 7, 100] {
            for s in [0, 5, -5, MAX_EVAL, -MAX_EVAL, win_in(9), loss_in(12)] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        assert!(is_decisive(win_in(3)) && is_decisive(loss_in(3)) && !is_decisive(MAX_EVAL));
        assert_eq!(plies_to_end(win_in(5)), Some(5));
        assert_eq!(plies_to_end(loss_in(4)), Some(4));
        assert_eq!(display(win_in(3)), "#+3");
        assert_eq!(display(loss_in(2)), "#-2");
        // A win found at ply 3 that is 2 plies below that node is stored as "win in 2".
        assert_eq!(to_tt(win_in(5), 3), win_in(2));
    }
}
