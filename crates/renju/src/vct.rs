//! Victory by continuous threats (VCT) on a Renju position: the attacker (the side to move)
//! plays threes and fours; after a three, *every* defence the rules leave the defender must
//! still lose; the leaves are VCFs ([`gomoku::threats::vcf`], which respects and exploits Black's
//! forbidden points).
//!
//! An AND-OR depth-first search bounded by the number of threes (`levels`), iteratively deepened
//! by [`vct`]: level 1 is a three after which every reply leaves a VCF. The defender's replies
//! to a three are those [`Position`]'s move generator keeps when facing an open three — its own
//! fours and the points where the attacker would make a four (every defence of the three is
//! among them) — plus a pass (ignoring the three); a defender with a VCF of its own refutes the
//! three. (Threat-space search: Allis, van den Herik and Huntjens, "Go-Moku solved by new search
//! techniques", 1996.)

use crate::position::Position;
use gomoku::threats::{self, ThreatLimits};
use renju_rules::game::Move;
use renju_rules::{Color, Direction};
use search_core::Game;
use std::time::Instant;

/// Limits of a VCT search.
#[derive(Clone, Copy, Debug)]
pub struct VctLimits {
    /// Most threes the attacker may play.
    pub levels: u32,
    /// Most fours the attacker may play between its threes (the VCFs at the leaves have their
    /// own limits).
    pub fours: u32,
    /// Limits of every VCF search inside it (attacker's leaves and defender's refutations).
    pub vcf: ThreatLimits,
    /// Stop (unproved) at this instant.
    pub until: Instant,
}

/// A first move of a VCT for the side to move of `pos` within `limits`, trying 1, 2, …
/// `limits.levels` threes; `None` if none is proved in time. A VCF is not looked for (the
/// caller has done so). `pos` is restored.
pub fn vct(pos: &mut Position, limits: VctLimits) -> Option<Move> {
    let me = pos.to_move();
    (1..=limits.levels).find_map(|level| winning_threat(pos, me, level, limits.fours, &limits))
}

/// With `me` to move: a three or four (within `levels` threes and `fours` fours from here on)
/// that no defence stops.
fn winning_threat(
    pos: &mut Position,
    me: Color,
    levels: u32,
    fours: u32,
    limits: &VctLimits,
) -> Option<Move> {
    for (m, four) in threats_of(pos, me) {
        if Instant::now() >= limits.until {
            return None;
        }
        let (l, f) = match four {
            true if fours == 0 => continue,
            true => (levels, fours - 1),
            false => (levels - 1, fours),
        };
        pos.play(m);
        let wins = defended_in_vain(pos, me, l, f, limits);
        pos.undo();
        if wins {
            return Some(m);
        }
    }
    None
}

/// The moves of the side to move `me` that make a four or a three (a point where one more
/// stone makes a straight four), among the generated moves: each with whether it makes a four,
/// fours first, then threes by how many lines they threaten on.
fn threats_of(pos: &Position, me: Color) -> Vec<(Move, bool)> {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    let mut scored: Vec<(i32, Move, bool)> = moves
        .into_iter()
        .filter_map(|m| {
            let Move::Stone(p) = m else { return None };
            let threes = Direction::ALL
                .iter()
                .filter(|&&d| pos.board().pattern(p, d, me).three_points != 0)
                .count() as i32;
            let four = pos.makes_four(p, me);
            (threes > 0 || four).then_some((threes + 10 * i32::from(four), m, four))
        })
        .collect();
    scored.sort_by_key(|&(s, _, _)| std::cmp::Reverse(s));
    scored.into_iter().map(|(_, m, f)| (m, f)).collect()
}

/// With the defender to move after `me`'s three or four: whether every defence still loses —
/// `me` has a VCF after it, or a VCT within `levels` threes and `fours` fours. False if the
/// defender has a VCF.
fn defended_in_vain(
    pos: &mut Position,
    me: Color,
    levels: u32,
    fours: u32,
    limits: &VctLimits,
) -> bool {
    if threats::vcf(pos, limits.vcf).is_some() {
        return false; // it wins first
    }
    // (generate_moves expects an empty list: it tells forced cases by what it has added.)
    let mut replies = Vec::new();
    pos.generate_moves(&mut replies);
    if pos.winning_points(me).is_empty() {
        replies.push(Move::Pass); // ignoring a three (a four must be blocked)
    }
    // Cheapest refutations first: our four points and its own fours.
    replies.sort_by_key(|&r| match r {
        Move::Stone(p) => std::cmp::Reverse(
            i32::from(pos.makes_four(p, me)) + i32::from(pos.makes_four(p, me.opponent())),
        ),
        Move::Pass => std::cmp::Reverse(3),
    });
    for r in replies {
        if Instant::now() >= limits.until {
            return false;
        }
        pos.play(r);
        let lost = !pos.last_move_won() && attacker_wins(pos, me, levels, fours, limits);
        pos.undo();
        if !lost {
            return false;
        }
    }
    true
}

/// With `me` to move: a VCF, or a three or four (at most `levels` threes and `fours` fours
/// more) that no defence stops.
fn attacker_wins(
    pos: &mut Position,
    me: Color,
    levels: u32,
    fours: u32,
    limits: &VctLimits,
) -> bool {
    threats::vcf(pos, limits.vcf).is_some()
        || (levels > 0 && winning_threat(pos, me, levels, fours, limits).is_some())
}
