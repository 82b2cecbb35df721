//! Shared fixtures for the benchmarks: reproducible positions taken from play.

use loa::Position;

/// The position after `plies` pseudo-random legal moves from the start, chosen by a fixed LCG from
/// `seed` (stops early if the game ends). Deterministic: the same arguments give the same position.
pub fn loa_playout(seed: u64, plies: u32) -> Position {
    let mut p = Position::start();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        p.legal_moves(&mut moves);
        if moves.is_empty() || p.winner().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(state >> 33) as usize % moves.len()];
        p.play_unchecked(mv);
    }
    p
}

/// Three middle-game positions (16, 20 and 24 plies into seeded random games).
pub fn loa_middle_games() -> Vec<Position> {
    vec![loa_playout(1, 16), loa_playout(2, 20), loa_playout(3, 24)]
}

/// A Renju game between two seeded greedy players (each point near the stones is scored by the
/// runs it would extend for both colors, plus a little noise; Black never plays a forbidden
/// point), stopped after `stones` stones or before a five. Middle-game positions with the
/// shapes real play makes: threes, fours, broken lines on both sides.
pub fn renju_game(seed: u64, stones: usize) -> renju_rules::Board {
    use renju_rules::{Board, Color, Direction, Point, SIZE};
    let mut b = Board::new();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut noise = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 7) as i32
    };
    b.put_unchecked(Point::from_index(7 * SIZE + 7), Color::Black);
    let mut me = Color::White;
    while b.stones() < stones {
        let mut best: Option<(i32, Point)> = None;
        for i in 0..SIZE * SIZE {
            let p = Point::from_index(i);
            if b.get(p).is_some() {
                continue;
            }
            let near = Direction::ALL
                .iter()
                .any(|&d| (-2..=2).any(|k| p.step(d, k).is_some_and(|q| b.get(q).is_some())));
            if !near || (me == Color::Black && b.forbidden(p).is_some()) {
                continue;
            }
            if b.makes_five(p, Color::Black) || b.makes_five(p, Color::White) {
                continue; // keep the game going
            }
            let score: i32 = Direction::ALL
                .iter()
                .map(|&d| {
                    let own = b.run_through(p, d, me) as i32;
                    let theirs = b.run_through(p, d, me.opponent()) as i32;
                    own * own * 3 + theirs * theirs * 2
                })
                .sum::<i32>()
                + noise();
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, p));
            }
        }
        let Some((_, p)) = best else { break };
        b.put_unchecked(p, me);
        me = me.opponent();
    }
    b
}

/// A position of a game between two seeded one-ply pattern players (attack plus four fifths of
/// defence, as the arena's greedy reference player, plus noise), after `stones` stones or
/// before the game ends; `None` if it ended first.
pub fn renju_position(seed: u64, stones: usize) -> Option<renju::Position> {
    use renju::eval::point_value;
    use renju_rules::game::Move;
    use search_core::Game;
    let mut pos = renju::Position::new();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while pos.board().stones() < stones {
        if pos.outcome().is_some() {
            return None;
        }
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let me = pos.to_move();
        let best = moves.into_iter().max_by_key(|&m| match m {
            Move::Stone(p) => {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                point_value(&pos, p, me).0
                    + point_value(&pos, p, me.opponent()).0 * 4 / 5
                    + (state % 40) as i32
            }
            Move::Pass => i32::MIN,
        })?;
        pos.play_unchecked(best);
    }
    (pos.outcome().is_none()).then_some(pos)
}
