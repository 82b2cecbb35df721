//! Proving a win by threats with depth-first proof-number search (df-pn).
//!
//! The attacker (the side to move at the root) plays only threats: fours (one more stone makes
//! five) and threes (one more stone makes a straight four or, for White, a double four); the
//! defender answers each threat with every reply that stops it and every four of its own. The
//! attacker wins when it makes five, when a four of its has two completion points or one the
//! defender may not take (Black's forbidden points), or when nothing stops its threat; it fails
//! when the defender makes five first, or when it has no threat to make. So a proof is a VCT
//! (victory by continuous threats), with VCFs (fours only) among them, for either color under
//! the RIF rules, and a defender's own VCF refutes it inside the same tree.
//!
//! The tree is searched by df-pn (Nagai, "Df-pn algorithm for searching AND/OR trees and its
//! applications", PhD thesis, University of Tokyo, 2002), proof and disproof numbers kept in a
//! table under the board's Zobrist key, so transpositions (the same threats in another order)
//! are searched once; the search stops at a node or time limit. Threat-space search after
//! Allis, van den Herik and Huntjens, "Go-Moku solved by new search techniques" (1996).
//!
//! Replies to a three are generated as the empty points on the lines of the attacker's winning
//! points (within five of them) and the winning points themselves, kept when the attacker has
//! no winning point left after them, plus all the defender's fours. A defence that would work
//! only by making one of Black's winning points forbidden is not generated (a white stone can
//! do that only through RIF 9.3's recursion; not seen in the suite's games).

use crate::position::{five_on_line, Position, POINTS};
use gomoku::threats::{self, ThreatBoard, ThreatLimits};
use renju_rules::game::Move;
use renju_rules::{pattern, Board, Color, Direction, Point};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = 1 << 28;

/// The 1 + ε trick (Pawlewicz and Lew, "Improving depth-first PN-search: 1 + ε trick", 2006):
/// a child is searched until its number passes the second best by 1/`EPS_DIV`, not by 1
/// (the prover's default; [`Prover::set_eps_div`], where its figures are; 4 before stop 71).
pub const EPS_DIV: u32 = 16;

/// The proof number a quiet threat (a move after which a VCF may follow, neither a three nor a
/// four) starts with: most of the defender's moves must be answered.
const QUIET_PN: u32 = 16;

/// The proof number a three starts with.
const THREE_PN: u32 = 3;

/// Slots of the cache of expanded nodes (a power of two).
const EXPANDED_SLOTS: usize = 1 << 15;

/// Mixed into the key of defender-to-move nodes.
const AND_KEY: u64 = 0x6A09_E667_F3BC_C908;

/// The table key of the child of the node of table key `key` where `mover`, its side to move,
/// puts a stone on `p` (the other kind of node: [`AND_KEY`] toggled).
#[inline]
fn child_key(key: u64, p: Point, mover: Color) -> u64 {
    key ^ Board::stone_key(p, mover) ^ AND_KEY
}

/// Limits of a proof search.
#[derive(Clone, Copy, Debug)]
pub struct ProofLimits {
    /// Most nodes (positions expanded).
    pub max_nodes: u64,
    /// Stop (unproved) at this instant.
    pub until: Option<Instant>,
}

/// What a proof search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The attacker wins by threats, starting with this move.
    Win(Move),
    /// The attacker has no win by threats (every threat is refuted).
    NoWin,
    /// The limits ran out first.
    Unknown,
}

/// A df-pn threat prover, with its table kept between calls (positions of the same game share
/// their proofs).
pub struct Prover {
    table: HashMap<u64, (u32, u32), BuildHasherDefault<KeyHasher>>,
    nodes: u64,
    node_limit: u64,
    until: Option<Instant>,
    stopped: bool,
    attacker: Color,
    /// The children of recently expanded nodes by key (`EXPANDED_SLOTS` slots, one node each):
    /// df-pn comes back to a node many times, and generating its moves is most of a visit.
    expanded: Vec<Expanded>,
    /// Buffers for the children of a visit, one per node on the path (like `number_bufs`).
    children_bufs: Vec<Vec<(Point, u32)>>,
    /// Buffers for the children's numbers at a visit, one per node on the path, reused where
    /// each visit allocated its own. With `fives_buf`, the criterion bench `renju_dfpn` read
    /// 3.9% faster (−5.3 … −2.5%) in one A/B run against the allocating prover and 0.5% (no
    /// significant change) in a second; wall time on the suite's slowest proofs, about 2.5%.
    number_bufs: Vec<Vec<(u32, u32)>>,
    /// The buffer of [`Prover::forced`]'s completion points (reused likewise).
    fives_buf: Vec<usize>,
    /// Quiet moves that threaten a win by threats ([`Prover::set_vct_threats`]).
    vct_threats: bool,
    /// Mixed into the keys of the nested search that looks for such a win (0 outside it).
    salt: u64,
    /// Weak proof numbers ([`Prover::set_weak_numbers`]).
    weak: bool,
    /// Nodes of each VCF search at a defender's node ([`Prover::set_zone_vcf_nodes`]).
    zone_vcf_nodes: u64,
    /// The history's length at the root of the last [`Prover::prove`].
    root_ply: usize,
    /// The divisor of the 1 + ε trick ([`Prover::set_eps_div`]).
    eps_div: u32,
}

impl Default for Prover {
    fn default() -> Self {
        Prover::new()
    }
}

/// Most children a slot of the cache of expanded nodes holds (a node with more is expanded
/// again at each visit): on the 9 suite positions whose proofs take about 1 s, 99.3% of the
/// expanded nodes have at most 30 (48% have one, a forced block).
const CACHED_CHILDREN: usize = 30;

/// A slot of the cache of expanded nodes: a node's key and its children (point indices and
/// the proof numbers they start with) in place, so that a visit reads one 72-byte slot.
/// Empty: `len` 0 (an expanded node has a child, or a value instead).
#[derive(Clone, Copy)]
struct Expanded {
    key: u64,
    len: u8,
    points: [u8; CACHED_CHILDREN],
    pns: [u8; CACHED_CHILDREN],
}

const _: () = assert!(std::mem::size_of::<Expanded>() == 72);

impl Expanded {
    const EMPTY: Expanded = Expanded {
        key: 0,
        len: 0,
        points: [0; CACHED_CHILDREN],
        pns: [0; CACHED_CHILDREN],
    };

    /// The slot holding `children` under `key`, if they fit (every point index and starting
    /// proof number fits a byte: 225 points, numbers up to [`QUIET_PN`]).
    fn of(key: u64, children: &[(Point, u32)]) -> Option<Expanded> {
        if children.is_empty() || children.len() > CACHED_CHILDREN {
            return None;
        }
        let mut e = Expanded {
            key,
            len: children.len() as u8,
            ..Expanded::EMPTY
        };
        for (k, &(p, pn)) in children.iter().enumerate() {
            e.points[k] = u8::try_from(p.index()).ok()?;
            e.pns[k] = u8::try_from(pn).ok()?;
        }
        Some(e)
    }

    /// Appends the children to `out`.
    fn children_to(&self, out: &mut Vec<(Point, u32)>) {
        let n = usize::from(self.len);
        out.extend(
            self.points[..n]
                .iter()
                .zip(&self.pns[..n])
                .map(|(&p, &pn)| (Point::from_index(usize::from(p)), u32::from(pn))),
        );
    }
}

/// A node's children, or its value when it has none to search.
enum Expand {
    Proved,
    Disproved,
    /// The moves, each with the proof number its child starts with before it is searched.
    Children(Vec<(Point, u32)>),
    /// The limits ran out while expanding (nothing is known).
    Unknown,
}

/// The hasher of the proof table: its keys are Zobrist keys, already uniform in every bit, so
/// the key is its own hash (with SipHash, table lookups and inserts took 8% of the prover's
/// time).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

impl Prover {
    /// An empty prover.
    pub fn new() -> Prover {
        Prover {
            table: HashMap::default(),
            nodes: 0,
            node_limit: u64::MAX,
            until: None,
            stopped: false,
            attacker: Color::Black,
            expanded: Vec::new(),
            children_bufs: Vec::new(),
            number_bufs: Vec::new(),
            fives_buf: Vec::new(),
            vct_threats: false,
            salt: 0,
            weak: true,
            zone_vcf_nodes: ZONE_VCF_NODES,
            root_ply: 0,
            eps_div: EPS_DIV,
        }
    }

    /// With `on`, [`Prover::prove`] also proves wins that need quiet moves threatening a win by
    /// threats (a λ² search after Thomsen, "Lambda-search in game trees", 2000, where threats
    /// alone are λ¹): where the defender has a three (a point that makes it a straight four),
    /// the attacker's moves include every quiet move that stops it; and at a defender's node
    /// where the attacker has no three, the attacker's threat may be any win by threats it
    /// would have were the defender to pass (a nested proof of at most [`NESTED_NODES`]
    /// nodes, itself of threats alone), answered by every point that proof depends on and
    /// every counter-threat. Off by default (the table is cleared on a change): it proves
    /// more with a large budget and less with a small one. On the suite
    /// (`examples/prove_suite.rs --vct`): of the 25 positions whose wins threats alone refute,
    /// 5 proved at 3,000,000 nodes each (`--check`: every legal reply to each first move
    /// proved again); but as the only proof at 300,000 nodes a position, 282 of 360 proved
    /// against 312 without, and after the plain proof refutes, in the rest of 1 s, no more
    /// than the quiet-move search ([`Prover::prove_quiet`]) proves there; so
    /// [`crate::engine::prove_win`] and the engine leave it off. For offline solving with a
    /// large budget.
    pub fn set_vct_threats(&mut self, on: bool) {
        self.vct_threats = on;
        self.clear();
    }

    /// With `on`, a node's summed number (the proof number of a defender's node, the disproof
    /// number of an attacker's) is its children's largest plus one for each other unsolved
    /// child, not their sum: weak proof-number search (Ueda, Hashimoto, Hashimoto and Iida,
    /// "Weak proof-number search", Computers and Games 2008). Threats made in another order
    /// reach the same position, and a sum counts such a shared subtree once for every path to
    /// it, so a node whose children share their proofs looks far harder than it is, and the
    /// sums reach the cap of the numbers: on one of the missed wins (an M13,
    /// `tests/data/missed-wins.txt`) the summed search stopped after 840,831 of its 2,000,000
    /// nodes, neither proved nor refuted, its root's disproof number at the cap (2^28), where
    /// weak numbers proved the win in 1,375,007. On by
    /// default (the engine sets its provers by [`crate::EngineConfig::weak_numbers`]): on the
    /// tactical suite at 100,000 nodes a position 303 of 360 proved against
    /// 296 with sums, in fewer nodes (5.37M against 5.90M); at 1 s a position 318 and 318
    /// against 315 and 314 (interleaved runs); on the 44 missed wins at 1 s, 12 against 8.
    /// The table is cleared on a change.
    pub fn set_weak_numbers(&mut self, on: bool) {
        self.weak = on;
        self.clear();
    }

    /// The divisor of the 1 + ε trick (Pawlewicz and Lew 2006): a child is searched until its
    /// number passes the second best child's `n` by `1 + n / div`, so a larger `div` switches
    /// between children sooner (1 + ε with a smaller ε). [`EPS_DIV`] (16) by default; 0 is
    /// taken as 1. On the tactical suite at 1.5 s a position (`examples/tactical_suite.rs
    /// --times`, runs alone on an idle machine, stop 71): proved within 1 s, 318 and 321 with
    /// 4, 322 with 8, 323 and 326 with 16, 320 with 32; the proofs above 100 ms took 0.86× the
    /// time with 16 as with 4 (geometric mean of 74 positions, 31 faster by more than 10%, 6
    /// slower). In play, the engine's provers with 16 against 4 (self-play, 3 s clocks, four
    /// random stones, `--seed 71000 --sprt -20 5`): H1 accepted at 553 games, 289/4/260, Elo
    /// +18 (95%: −11 … +47). The table is kept: the numbers it holds do not depend on `div`.
    pub fn set_eps_div(&mut self, div: u32) {
        self.eps_div = div.max(1);
    }

    /// The node limit of each VCF search at a defender's node where the attacker has no three
    /// (the VCF it would have were the defender to pass is the threat there; no VCF within
    /// the limit, no threat: the node is disproved). [`ZONE_VCF_NODES`] by default. Fewer
    /// make each such node cheaper and find the deeper VCFs less often. On the suite at
    /// 1,500,000 df-pn nodes a position (`prove_suite`, `PLYFORGE_PROVE_NODES`), 323 proved
    /// with 300, 150 and 100 alike, in 28.07M, 28.03M and 28.01M nodes; at 1 s a position
    /// (`tactical_suite 1000 --prove-only`, one machine, one after another) 322 with 300, 324
    /// and 324 with 150, 323 with 100. The table is cleared on a change.
    pub fn set_zone_vcf_nodes(&mut self, nodes: u64) {
        if nodes != self.zone_vcf_nodes {
            self.zone_vcf_nodes = nodes;
            self.clear();
        }
    }

    /// Nodes expanded by the last [`Prover::prove`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions in the table.
    pub fn entries(&self) -> usize {
        self.table.len()
    }

    /// Forgets every stored proof (a table grows with the positions proved).
    pub fn clear(&mut self) {
        self.table.clear();
        self.expanded.clear();
    }

    /// Whether the side to move of `pos` wins by threats, within `limits`. `pos` is restored.
    pub fn prove(&mut self, pos: &mut Position, limits: ProofLimits) -> Proof {
        if pos.last_move_won() || pos.opening_radius().is_some() {
            return Proof::NoWin;
        }
        if self.attacker != pos.to_move() {
            self.clear();
        }
        self.attacker = pos.to_move();
        self.root_ply = pos.history().len();
        self.nodes = 0;
        self.node_limit = limits.max_nodes;
        self.until = limits.until;
        self.stopped = false;
        let key = pos.board().key();
        let (pn, dn) = self.mid(pos, key, true, INF, INF);
        if pn == 0 {
            let Expand::Children(children) = self.expand(pos, true) else {
                // Proved without a move: a five of its own.
                let five = pos.winning_points(self.attacker)[0];
                return Proof::Win(Move::Stone(five));
            };
            let best = children
                .into_iter()
                .map(|(p, _)| p)
                .find(|&p| self.is_proved(child_key(key, p, self.attacker)))
                .expect("a proved OR node has a proved child");
            Proof::Win(Move::Stone(best))
        } else if dn == 0 {
            Proof::NoWin
        } else {
            Proof::Unknown
        }
    }

    /// Whether the side to move of `pos` wins by a quiet move that threatens a win by threats
    /// (a λ³ threat, after Thomsen, "Lambda-search in game trees", 2000): a move `m` after
    /// which, were the defender to pass, [`Prover::prove`] proves a win; the defender's replies
    /// are every legal point the proof's tree depends on (the lines within five of every
    /// move, winning point and VCF in it) and every point where its stone makes a four or a
    /// new four-point, and the move wins when
    /// [`Prover::prove`] proves the win after each of them. Each of those proofs stops at
    /// `sub_nodes` nodes; the whole search at `limits`. `pos` is restored.
    ///
    /// The win after a reply is first checked by replaying the threat's own proof with the
    /// reply on the board (proof tree reuse: at the attacker's nodes one move the old proof
    /// proved, at the defender's every reply generated now, each node's value read again
    /// with the reply there, at most [`REPLAY_NODES`] nodes), and searched only where that
    /// fails: most replies leave the proof standing, and walking a proof costs far fewer
    /// nodes than finding it again (on the suite position 157, 0-based, 215 of 310 replies
    /// replayed; its proof 1.0 s → 0.6 s).
    ///
    /// Where a reply makes a four and the win after it is refuted, the block is tried as a
    /// quiet move again (up to `QUIET_BLOCKS` (2) such blocks in a line, each within
    /// `sub_nodes` nodes in all): the attacker's forced block may itself threaten a win by
    /// threats.
    pub fn prove_quiet(
        &mut self,
        pos: &mut Position,
        limits: ProofLimits,
        sub_nodes: u64,
    ) -> Proof {
        self.quiet(pos, limits, sub_nodes, QUIET_BLOCKS, QUIET_LAST_MUL)
    }

    /// [`Prover::prove_quiet`] with `blocks` more quiet blocks allowed after a reply's four,
    /// an undecided candidate's proofs tried again up to `last_mul` times `sub_nodes` (1: not
    /// again).
    fn quiet(
        &mut self,
        pos: &mut Position,
        limits: ProofLimits,
        sub_nodes: u64,
        blocks: u32,
        last_mul: u64,
    ) -> Proof {
        if pos.last_move_won() || pos.opening_radius().is_some() {
            return Proof::NoWin;
        }
        let attacker = pos.to_move();
        let defender = attacker.opponent();
        let mut total = 0u64;
        let mut out_of_budget = false;
        let candidates: Vec<Point> = match pos.winning_points(defender)[..] {
            [] => {
                let mut c: Vec<(Point, i32)> = pos
                    .candidates()
                    .filter(|&p| pos.may_play(p, attacker))
                    .map(|p| {
                        let v = crate::eval::point_value(pos, p, attacker).0
                            + crate::eval::point_value(pos, p, defender).0;
                        (p, v)
                    })
                    .collect();
                c.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
                c.into_iter().map(|(p, _)| p).collect()
            }
            [block] if pos.may_play(block, attacker) => vec![block],
            _ => return Proof::NoWin,
        };
        // Where the defender has a three (a point that makes it a straight four, or for
        // White a double four), a quiet move that does not stop it loses to it: only the
        // points after which it has no such point are candidates.
        let threes = winning_points_of(pos, defender);
        let candidates = if threes.is_empty() {
            candidates
        } else {
            let stops = stopping_points(pos, &threes, defender, attacker);
            candidates
                .into_iter()
                .filter(|p| stops.contains(p))
                .collect()
        };
        let spent = |total: u64| {
            total >= limits.max_nodes || limits.until.is_some_and(|u| Instant::now() >= u)
        };
        // Each candidate's proofs (its threat, the win after each reply) stop at `sub_nodes`
        // nodes; a candidate left undecided is tried again after the others with
        // `QUIET_GROWTH` times that, up to `last_mul` times `sub_nodes` (the table keeps what
        // the earlier tries found).
        let first = sub_nodes.max(1);
        let last = sub_nodes.saturating_mul(last_mul);
        let retry = |budget: u64| (budget < last).then(|| (budget * QUIET_GROWTH).min(last));
        let mut queue: Vec<(Point, u64)> = candidates.into_iter().map(|m| (m, first)).collect();
        let mut next = 0;
        while let Some(&(m, threat_nodes)) = queue.get(next) {
            next += 1;
            if spent(total) {
                return Proof::Unknown;
            }
            let sub = ProofLimits {
                max_nodes: threat_nodes.min(limits.max_nodes - total),
                until: limits.until,
            };
            pos.play_unchecked(Move::Stone(m));
            if pos.last_move_won() {
                pos.undo();
                return Proof::Win(Move::Stone(m));
            }
            pos.play_unchecked(Move::Pass);
            let threat = self.prove(pos, sub);
            total += self.nodes;

            let mut zone = [false; POINTS];
            if matches!(threat, Proof::Win(_)) {
                let mut seen = std::collections::HashSet::new();
                self.mark_proof(pos, true, &mut zone, &mut seen);
            }
            pos.undo();
            if !matches!(threat, Proof::Win(_)) {
                out_of_budget |= undecided(&mut queue, m, threat, retry(threat_nodes));
                pos.undo();
                continue;
            }
            let mut replies: Vec<(Point, i32)> = (0..POINTS)
                .map(Point::from_index)
                .filter(|&q| pos.may_play(q, defender))
                .filter(|&q| zone[q.index()] || counter_threat(pos, q, defender))
                .map(|q| (q, crate::eval::threat_value(pos, q, defender)))
                .collect();
            replies.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            let mut holds = true;
            for (r, _) in replies {
                if spent(total) {
                    holds = false;
                    out_of_budget = true;
                    break;
                }
                pos.play_unchecked(Move::Stone(r));
                let after = if pos.last_move_won() {
                    Proof::NoWin
                } else if self.replay_after(pos, r, &mut total) {
                    // The threat's proof (after a pass) still stands with the reply on the
                    // board: on to the next reply.
                    pos.undo();
                    continue;
                } else {
                    let sub = ProofLimits {
                        max_nodes: threat_nodes.min(limits.max_nodes - total),
                        until: limits.until,
                    };
                    let mut a = self.prove(pos, sub);
                    total += self.nodes;
                    if a == Proof::NoWin
                        && blocks > 0
                        && !spent(total)
                        && !pos.winning_points(defender).is_empty()
                    {
                        // The reply made a four: its block may be a quiet threat.
                        // (Within one proof's budget: a block that fails should cost no
                        // more than the proof it stands for.)
                        let rest = ProofLimits {
                            max_nodes: threat_nodes.min(limits.max_nodes - total),
                            until: limits.until,
                        };
                        a = self.quiet(pos, rest, threat_nodes, blocks - 1, 1);
                        total += self.nodes;
                    }
                    a
                };
                pos.undo();
                if !matches!(after, Proof::Win(_)) {
                    out_of_budget |= undecided(&mut queue, m, after, retry(threat_nodes));
                    holds = false;
                    break;
                }
            }
            pos.undo();
            if holds {
                self.nodes = total;
                return Proof::Win(Move::Stone(m));
            }
        }
        self.nodes = total;
        if out_of_budget {
            Proof::Unknown
        } else {
            Proof::NoWin
        }
    }

    /// Marks in `zone` the points a proved node's proof tree (from the table) depends on: the
    /// lines within five of every move in it (both sides': a defender's stone near its own
    /// may make a four), of the attacker's fives and winning points at each node, and of the
    /// VCFs its quiet-threat nodes rest on. A defender's stone anywhere else changes no
    /// node's moves or value, except by making a four or a four-point of its own (which
    /// [`Prover::prove_quiet`] tries as replies). A node missing from the table marks the
    /// whole board.
    fn mark_proof(
        &mut self,
        pos: &mut Position,
        or: bool,
        zone: &mut [bool; POINTS],
        seen: &mut std::collections::HashSet<u64>,
    ) {
        let key = self.node_key(pos, or);
        if !seen.insert(key) || pos.last_move_won() {
            return;
        }
        let attacker = self.attacker;
        let scan = Scan::new(pos, attacker, false);
        for &p in &scan.fives[0] {
            mark_lines(zone, p);
        }
        for &(w, _) in &scan.winning {
            mark_lines(zone, w);
        }
        let Expand::Children(children) = self.expand(pos, or) else {
            return;
        };
        let mover = pos.to_move();
        if or {
            let proved = children
                .iter()
                .map(|&(p, _)| p)
                .find(|&p| self.is_proved(child_key(key, p, mover)));
            let Some(p) = proved else {
                zone.fill(true);
                return;
            };
            mark_lines(zone, p);
            pos.play_unchecked(Move::Stone(p));
            self.mark_proof(pos, false, zone, seen);
            pos.undo();
        } else {
            if scan.winning.is_empty() {
                // (Marked into the zone itself: a threat's points are part of the proof's.)
                self.threat_zone(pos, zone);
            }
            for &(p, _) in &children {
                mark_lines(zone, p);
                pos.play_unchecked(Move::Stone(p));
                self.mark_proof(pos, true, zone, seen);
                pos.undo();
            }
        }
    }

    /// After the defender's reply `r` to a quiet move, whose threat (the attacker to move
    /// again, as after a pass) the table holds proved: whether that proof still proves the
    /// win with `r` on the board, checked node by node in `pos`
    /// (proof tree reuse): at the attacker's nodes one move the old proof proved, at the
    /// defender's every reply [`Prover::expand`] generates now, each of which the old proof
    /// must have proved, and every node's own value (a five, a four's block, the replies) read
    /// again with `r` there. So `true` is a proof as [`Prover::prove`]'s are (its nodes are
    /// stored proved); `false` where a node differs or more than [`REPLAY_NODES`] are walked,
    /// and the caller searches. The nodes walked are added to `total`. `pos` is restored.
    fn replay_after(&mut self, pos: &mut Position, r: Point, total: &mut u64) -> bool {
        if self.salt != 0 || pos.to_move() != self.attacker {
            return false;
        }
        // Each node's key in the proof without `r`.
        let r_key = Board::stone_key(r, self.attacker.opponent());
        self.root_ply = pos.history().len();
        let mut budget = REPLAY_NODES;
        let holds = self.replay(pos, true, r_key, &mut budget);
        *total += REPLAY_NODES - budget;
        holds
    }

    /// One node of [`Prover::replay_after`]'s check: whether, at an attacker's node (`or`),
    /// a move the old proof proved still wins, or at a defender's every reply loses. A node
    /// the table holds proved (checked earlier in this walk, or proved by a search with `r`
    /// on the board) holds; a node found to hold is stored proved.
    fn replay(&mut self, pos: &mut Position, or: bool, r_key: u64, budget: &mut u64) -> bool {
        let key = self.node_key(pos, or);
        if self.is_proved(key) {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let children = match self.expand(pos, or) {
            Expand::Proved => {
                self.table.insert(key, (0, INF));
                return true;
            }
            Expand::Disproved | Expand::Unknown => return false,
            Expand::Children(children) => children,
        };
        let mover = pos.to_move();
        // The child's key without `r`: its node in the old proof.
        let was_proved = |this: &Self, p: Point| this.is_proved(child_key(key, p, mover) ^ r_key);
        let mut holds = |this: &mut Self, p: Point| {
            pos.play_unchecked(Move::Stone(p));
            let ok = this.replay(pos, !or, r_key, budget);
            pos.undo();
            ok
        };
        let won = if or {
            children
                .iter()
                .any(|&(p, _)| was_proved(self, p) && holds(self, p))
        } else {
            children.iter().all(|&(p, _)| was_proved(self, p))
                && children.iter().all(|&(p, _)| holds(self, p))
        };
        if won {
            self.table.insert(key, (0, INF));
        }
        won
    }

    /// The table key of the node `pos` (the attacker to move if `or`): the board's key, the
    /// nested search's salt, and [`AND_KEY`] at the defender's nodes; [`child_key`] steps it.
    fn node_key(&self, pos: &Position, or: bool) -> u64 {
        pos.board().key() ^ self.salt ^ if or { 0 } else { AND_KEY }
    }

    /// Whether the table holds the node of key `key` proved.
    fn is_proved(&self, key: u64) -> bool {
        self.lookup(key, 1).0 == 0
    }

    /// The numbers stored for `key`, or `(pn, 1)` for a node not searched yet.
    fn lookup(&self, key: u64, pn: u32) -> (u32, u32) {
        self.table.get(&key).copied().unwrap_or((pn, 1))
    }

    /// The df-pn step at a node: search below it until its proof number reaches `th_pn` or its
    /// disproof number `th_dn` (or it is solved, or the limits run out); its numbers.
    fn mid(
        &mut self,
        pos: &mut Position,
        key: u64,
        or: bool,
        th_pn: u32,
        th_dn: u32,
    ) -> (u32, u32) {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 0x3F == 0 && self.until.is_some_and(|u| Instant::now() >= u))
        {
            self.stopped = true;
        }
        if self.stopped {
            return self.lookup(key, 1);
        }
        let slot = key as usize & (EXPANDED_SLOTS - 1);
        // The children of a node met again are in its slot; a new one is expanded (ending the
        // visit when it has a value).
        let fresh = match self.expanded.get(slot) {
            Some(e) if e.key == key && e.len > 0 => None,
            _ => match self.expand(pos, or) {
                Expand::Proved => {
                    self.table.insert(key, (0, INF));
                    return (0, INF);
                }
                Expand::Disproved => {
                    self.table.insert(key, (INF, 0));
                    return (INF, 0);
                }
                Expand::Unknown => return self.lookup(key, 1),
                Expand::Children(c) => {
                    if self.expanded.is_empty() {
                        self.expanded = vec![Expanded::EMPTY; EXPANDED_SLOTS];
                    }
                    // (A node too large for a slot still takes it, as an empty one.)
                    self.expanded[slot] = Expanded::of(key, &c).unwrap_or(Expanded::EMPTY);
                    Some(c)
                }
            },
        };
        // One buffer of the pool for the rest of the visit, given back at its end.
        let mut children = self.children_bufs.pop().unwrap_or_default();
        children.clear();
        match fresh {
            Some(c) => children.extend_from_slice(&c),
            None => self.expanded[slot].children_to(&mut children),
        }
        let mover = pos.to_move();
        let child = |p: Point| child_key(key, p, mover);
        // phi/delta: the numbers the node minimises and sums over its children (OR: proof,
        // disproof; AND: the other way round).
        let (th_phi, th_delta) = if or { (th_pn, th_dn) } else { (th_dn, th_pn) };
        let (mut phi, mut delta);
        // The children's numbers, read from the table once a visit: below this node only the
        // child searched changes them (a transposition into a sibling's subtree that changes
        // the sibling is seen at the next visit).
        let mut numbers = self.number_bufs.pop().unwrap_or_default();
        numbers.clear();
        numbers.extend(children.iter().map(|&(p, pn0)| self.lookup(child(p), pn0)));
        loop {
            let mut best = 0;
            let (mut min1, mut min2) = (INF, INF);
            let mut sum: u32 = 0;
            let (mut max_phi, mut open) = (0u32, 0u32);
            let mut best_phi = INF;
            for (i, &(cpn, cdn)) in numbers.iter().enumerate() {
                // The child's phi/delta are its own (it is of the other kind).
                let (cphi, cdelta) = if or { (cdn, cpn) } else { (cpn, cdn) };
                if cdelta < min1 {
                    min2 = min1;
                    min1 = cdelta;
                    best = i;
                    best_phi = cphi;
                } else if cdelta < min2 {
                    min2 = cdelta;
                }
                sum = sum.saturating_add(cphi).min(INF);
                if cphi != 0 {
                    max_phi = max_phi.max(cphi);
                    open += 1;
                }
            }
            phi = min1;
            delta = if self.weak && sum < INF {
                max_phi + open.saturating_sub(1)
            } else {
                sum
            };
            if phi >= th_phi || delta >= th_delta || self.stopped {
                break;
            }
            let child_th_phi = th_delta
                .saturating_sub(delta)
                .saturating_add(best_phi)
                .min(INF);
            let child_th_delta = th_phi.min(min2.saturating_add(1 + min2 / self.eps_div).min(INF));
            let p = children[best].0;
            let k = child(p);
            pos.play_unchecked(Move::Stone(p));
            let (cpn, cdn) = if or {
                self.mid(pos, k, false, child_th_delta, child_th_phi)
            } else {
                self.mid(pos, k, true, child_th_phi, child_th_delta)
            };
            pos.undo();
            if self.stopped {
                // (A child that ran to its thresholds stored its numbers itself.)
                self.table.insert(k, (cpn, cdn));
            }
            numbers[best] = (cpn, cdn);
        }
        self.number_bufs.push(numbers);
        self.children_bufs.push(children);
        let (pn, dn) = if or { (phi, delta) } else { (delta, phi) };
        if !self.stopped || pn == 0 || dn == 0 {
            self.table.insert(key, (pn, dn));
        }
        (pn, dn)
    }

    /// At a node below the root whose last stone made a four: its value or its one move (the
    /// block), read along that stone's lines without a scan; `None` elsewhere. Below the
    /// root no side has a completion point from before the last stone: an OR node where the
    /// attacker has one is proved, a defender's at an OR node is blocked (its only move),
    /// an attacker's at an AND node likewise, and no stone makes one for the other side. So
    /// the completion points of the side that moved last are on that stone's lines, and the
    /// side to move has none.
    fn forced(&mut self, pos: &Position, or: bool) -> Option<Expand> {
        if pos.history().len() <= self.root_ply {
            return None;
        }
        let Some(&Move::Stone(last)) = pos.history().last() else {
            return None;
        };
        let (to_move, moved) = (pos.to_move(), pos.to_move().opponent());
        let mut fives = std::mem::take(&mut self.fives_buf);
        fives.clear();
        pos.winning_cells_after(moved, last.index(), &mut fives);
        #[cfg(debug_assertions)]
        {
            let scan = Scan::new(pos, self.attacker, or);
            let (own, theirs) = if or { (1, 0) } else { (0, 1) };
            debug_assert!(scan.fives[theirs].is_empty(), "no five of the side to move");
            let scanned: Vec<usize> = scan.fives[own].iter().map(|p| p.index()).collect();
            debug_assert_eq!(scanned, fives, "the last stone's fives are all");
        }
        let forced = match fives[..] {
            [] => None,
            [f] if pos.may_play(Point::from_index(f), to_move) => {
                Some(Expand::Children(vec![(Point::from_index(f), 1)]))
            }
            _ if or => Some(Expand::Disproved),
            _ => Some(Expand::Proved),
        };
        self.fives_buf = fives;
        forced
    }

    /// The moves to search at a node (`or`: the attacker to move), or its value.
    fn expand(&mut self, pos: &mut Position, or: bool) -> Expand {
        let attacker = self.attacker;
        let defender = attacker.opponent();
        if pos.last_move_won() {
            // The last move made five: the defender's (at an OR node) or the attacker's.
            return if or {
                Expand::Disproved
            } else {
                Expand::Proved
            };
        }
        if let Some(forced) = self.forced(pos, or) {
            return forced;
        }
        let scan = Scan::new(pos, attacker, or);
        if or {
            if !scan.fives[0].is_empty() {
                return Expand::Proved;
            }
            match scan.fives[1][..] {
                [] => {}
                // The defender's four must be blocked; the block is searched if it may be
                // played (the threat it leaves is checked below it).
                [block] if pos.may_play(block, attacker) => {
                    return Expand::Children(vec![(block, 1)]);
                }
                _ => return Expand::Disproved,
            }
            let mut threats = scan.threats;
            threats.retain(|&(p, _)| pos.may_play(p, attacker));
            // Fours first, then by how many lines they threaten on.
            threats.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            let mut children: Vec<(Point, u32)> = threats
                .into_iter()
                .map(|(p, score)| {
                    let pn = match score {
                        0 => QUIET_PN,
                        1..=9 => THREE_PN,
                        _ => 1,
                    };
                    (p, pn)
                })
                .collect();
            if self.vct_threats && self.salt == 0 {
                // The defender's three (a point that makes it a straight four): a move that
                // stops it may be a quiet threat ([`Prover::set_vct_threats`]).
                let threes = winning_points_of(pos, defender);
                if !threes.is_empty() {
                    for q in stopping_points(pos, &threes, defender, attacker) {
                        if !children.iter().any(|&(p, _)| p == q) {
                            children.push((q, QUIET_PN));
                        }
                    }
                }
            }
            if children.is_empty() {
                return Expand::Disproved;
            }
            Expand::Children(children)
        } else {
            if !scan.fives[1].is_empty() {
                return Expand::Disproved;
            }
            match scan.fives[0][..] {
                [] => {}
                [five] if pos.may_play(five, defender) => return Expand::Children(vec![(five, 1)]),
                _ => return Expand::Proved,
            }
            let mut winning = scan.winning;
            winning.retain(|&(p, _)| pos.may_play(p, attacker));
            if winning.is_empty() {
                // No three: a VCF the attacker would have if the defender passed is the
                // threat.
                return self.threat_replies(pos);
            }
            // Replies: the defender's fours, and the points on the lines of the attacker's
            // winning points after which none is left (a defender's stone makes none new).
            let mut replies = scan.counters;
            replies.retain(|&p| pos.may_play(p, defender));
            for q in stopping_points(pos, &winning, attacker, defender) {
                if !replies.contains(&q) {
                    replies.push(q);
                }
            }
            if replies.is_empty() {
                Expand::Proved
            } else {
                Expand::Children(replies.into_iter().map(|p| (p, 1)).collect())
            }
        }
    }
}

/// One pass over the candidate points: what each player can make.
#[derive(Default)]
#[cfg_attr(test, derive(Debug, PartialEq))]
struct Scan {
    /// The points where the attacker (0) and the defender (1) make five.
    fives: [Vec<Point>; 2],
    /// The attacker's fours and threes with an ordering score (fours first), not yet checked
    /// for Black's forbidden points.
    threats: Vec<(Point, i32)>,
    /// The defender's fours, not yet checked for Black's forbidden points.
    counters: Vec<Point>,
    /// The attacker's winning points (a straight four, or for White a double four) with the
    /// directions (bit `d`) of their fours, not yet checked for Black's forbidden points.
    winning: Vec<(Point, u8)>,
}

impl Scan {
    /// The scan of `pos`; the attacker's threats only if `threats` (its own nodes: the
    /// defender's never use them).
    fn new(pos: &Position, attacker: Color, threats: bool) -> Scan {
        let defender = attacker.opponent();
        let mut scan = Scan::default();
        for i in pos.candidate_indices() {
            let (a, d) = (pos.score_at(i, attacker), pos.score_at(i, defender));
            let p = Point::from_index(i);
            if a.five || a.threats > 0 {
                scan.add_lines(pos, p, attacker, threats);
                continue;
            }
            // No five, four or three of the attacker's on any line (the kept scores say it:
            // a line's class is a four's or a three's whenever it holds one): the defender's
            // five and four from its score, and the quiet threat only where two lines have a
            // free five-window with two of the attacker's stones (`four_next` needs one).
            if d.five {
                scan.fives[1].push(p);
            }
            if d.four {
                scan.counters.push(p);
            }
            if threats
                && a.counts[5] + a.counts[6] + a.counts[7] >= 2
                && two_fours_next(pos, p, attacker)
            {
                scan.threats.push((p, 0));
            }
        }
        scan
    }

    /// The scan made by reading every line of every candidate: what [`Scan::new`] reads from
    /// the kept scores where it can (the reference its tests compare it with).
    #[cfg(test)]
    fn from_lines(pos: &Position, attacker: Color, threats: bool) -> Scan {
        let mut scan = Scan::default();
        for p in pos.candidates() {
            scan.add_lines(pos, p, attacker, threats);
        }
        scan
    }

    /// Adds the candidate `p` to the scan from its four lines' patterns.
    fn add_lines(&mut self, pos: &Position, p: Point, attacker: Color, threats: bool) {
        let defender = attacker.opponent();
        let five = five_on_line;
        let (mut a5, mut d5, mut d4) = (false, false, false);
        let (mut fours, mut threes, mut dirs, mut straight) = (0, 0, 0u8, false);
        for d in Direction::ALL {
            let a = pos.board().pattern(p, d, attacker);
            let b = pos.board().pattern(p, d, defender);
            a5 |= five(a, attacker);
            d5 |= five(b, defender);
            d4 |= b.fours > 0;
            if a.fours > 0 {
                fours += i32::from(a.fours);
                dirs |= 1 << d as u8;
                straight |= a.straight_four;
            }
            threes += i32::from(a.three_points != 0);
        }
        if a5 {
            self.fives[0].push(p);
        }
        if d5 {
            self.fives[1].push(p);
        }
        if d4 {
            self.counters.push(p);
        }
        if !threats {
            // The defender's node: no threats of the attacker to collect.
        } else if fours > 0 || threes > 0 {
            self.threats.push((p, 10 * fours + threes));
        } else if two_fours_next(pos, p, attacker) {
            // Two lines where one more stone makes a four: a VCF may follow (checked
            // below it).
            self.threats.push((p, 0));
        }
        if wins_by_shape(fours, straight, attacker) {
            self.winning.push((p, dirs));
        }
    }
}

/// Whether a `color` stone on `p` leaves two lines where one more stone makes a four
/// ([`four_next`]).
fn two_fours_next(pos: &Position, p: Point, color: Color) -> bool {
    Direction::ALL
        .iter()
        .filter(|&&d| {
            let (own, blocked) = pos.board().line_window(p, d, color);
            four_next(own, blocked)
        })
        .count()
        >= 2
}

/// Whether a stone on the centre of a line window (`own`, `blocked`: bits 0–10, the centre
/// bit 5) leaves a five-window through it with three own stones and nothing blocked: one more
/// stone there makes a four.
#[inline]
fn four_next(own: u32, blocked: u32) -> bool {
    THREE_OWN[(own | 1 << 5) as usize & 0x7FF] & CLEAR[blocked as usize & 0x7FF] != 0
}

/// By an 11-bit window of own stones: bit `s − 1` set when the five-window at bits
/// `s..s + 5` (`s` in 1..=5, all through the centre) holds exactly three.
static THREE_OWN: [u8; 2048] = windows(3);
/// By an 11-bit window of blocked points: bit `s − 1` set when that five-window holds none.
static CLEAR: [u8; 2048] = windows(0);

/// The five-windows through the centre holding exactly `n` set bits, for every 11-bit mask.
const fn windows(n: u32) -> [u8; 2048] {
    let mut t = [0u8; 2048];
    let mut x = 0;
    while x < 2048 {
        let mut s = 1;
        while s <= 5 {
            if ((x as u32) >> s & 0x1F).count_ones() == n {
                t[x] |= 1 << (s - 1);
            }
            s += 1;
        }
        x += 1;
    }
    t
}

/// Whether a `color` stone on `q` makes a five, a four or a new four-point (a line where one
/// more stone makes a four, [`four_next`]) on one of its lines: a counter-threat that can
/// interrupt the other side's threes, so a defence that a proof's zone does not show.
fn counter_threat(pos: &Position, q: Point, color: Color) -> bool {
    Direction::ALL.iter().any(|&d| {
        let info = pos.board().pattern(q, d, color);
        let (own, blocked) = pos.board().line_window(q, d, color);
        info.fours > 0 || info.five || four_next(own, blocked)
    })
}

/// The points where a `color` stone wins next move whatever the other does (a straight four,
/// or for White a double four; Black's forbidden points left out), with the directions of
/// their fours (as [`Scan::winning`]), read from the kept point scores.
fn winning_points_of(pos: &Position, color: Color) -> Vec<(Point, u8)> {
    let mut out = Vec::new();
    for i in pos.candidate_indices() {
        let s = pos.score_at(i, color);
        let fours = s.counts[1] + s.counts[2];
        if s.five || !(s.counts[1] > 0 || (color == Color::White && fours >= 2)) {
            continue;
        }
        let p = Point::from_index(i);
        if !pos.may_play(p, color) {
            continue;
        }
        let dirs = Direction::ALL
            .iter()
            .filter(|&&d| pos.board().pattern(p, d, color).fours > 0)
            .fold(0u8, |m, &d| m | 1 << d as u8);
        out.push((p, dirs));
    }
    out
}

/// The empty points where a stone of `blocker` (one it may play) leaves `color` none of its
/// `winning` points (with the directions of their fours, as [`Scan::winning`]): the points on
/// those fours' lines within five of them, and the winning points themselves.
fn stopping_points(
    pos: &Position,
    winning: &[(Point, u8)],
    color: Color,
    blocker: Color,
) -> Vec<Point> {
    let mut near = Vec::new();
    for &(w, dirs) in winning {
        near.push(w);
        for d in Direction::ALL {
            if dirs & (1 << d as u8) == 0 {
                continue;
            }
            for k in -5..=5 {
                if let Some(q) = w.step(d, k) {
                    near.push(q);
                }
            }
        }
    }
    near.sort_unstable_by_key(|p| p.index());
    near.dedup();
    near.retain(|&q| {
        pos.board().get(q).is_none()
            && pos.may_play(q, blocker)
            && winning
                .iter()
                .all(|&(w, _)| w == q || !wins_despite(pos, w, q, color))
    });
    near
}

/// Whether a stone making `fours` fours, `straight` among them a straight four, wins next move
/// whatever the other does: a straight four, or for White a double four.
#[inline]
fn wins_by_shape(fours: i32, straight: bool, color: Color) -> bool {
    straight || (color == Color::White && fours >= 2)
}

/// The line through `w` and `q` and the step `k` (`w.step(d, k) == q`, 1 to 5 either way)
/// when `q` is within five of `w` on one of its lines.
fn line_offset(w: Point, q: Point) -> Option<(Direction, i32)> {
    let dr = i32::from(q.row) - i32::from(w.row);
    let dc = i32::from(q.col) - i32::from(w.col);
    let (d, k) = match (dr, dc) {
        (0, k) => (Direction::Horizontal, k),
        (k, 0) => (Direction::Vertical, k),
        (r, c) if r == c => (Direction::Diagonal, r),
        (r, c) if r == -c => (Direction::AntiDiagonal, r),
        _ => return None,
    };
    (k != 0 && k.abs() <= 5).then_some((d, k))
}

/// Whether `color`'s winning point `w` (see [`wins_by_shape`]) still makes a straight four
/// (or for White a double four) once the other color has a stone on the empty `q`: the lines
/// through both are read again with `q` blocked, without playing it.
fn wins_despite(pos: &Position, w: Point, q: Point, color: Color) -> bool {
    let (mut fours, mut straight) = (0, false);
    let through = line_offset(w, q);
    for d in Direction::ALL {
        let mut info = pos.board().pattern(w, d, color);
        if let Some((_, k)) = through.filter(|&(line, _)| line == d) {
            let (own, blocked) = pos.board().line_window(w, d, color);
            info = pattern::table(color)[pattern::index(own, blocked | 1 << (5 + k))];
        }
        fours += info.fours;
        straight |= info.straight_four;
    }
    wins_by_shape(i32::from(fours), straight, color)
}

impl Prover {
    /// An AND node whose attacker has no winning point: if it has a VCF (were the defender to
    /// pass), the replies are the defender's fours and its legal moves on the lines through
    /// the VCF's points (its moves, the blocks and the completion points) within five of them:
    /// a stone anywhere else changes none of the VCF's fours, fives or blocks, so it still wins
    /// (those that do not stop it are proved below them, by its fours). With
    /// [`Prover::set_vct_threats`], failing a VCF, a win by threats found by a nested proof
    /// (within [`NESTED_NODES`]) is the threat: the replies are then the legal points its
    /// proof tree depends on ([`Prover::mark_proof`]) and the defender's points that make a
    /// five, a four or a new four-point (a defence by counter-threats). Without a threat the
    /// node is disproved.
    fn threat_replies(&mut self, pos: &mut Position) -> Expand {
        let defender = self.attacker.opponent();
        let mut near = [false; POINTS];
        let vct = match self.threat_zone(pos, &mut near) {
            Zone::Vcf => false,
            Zone::Vct => true,
            Zone::NoThreat => return Expand::Disproved,
            Zone::Stopped => return Expand::Unknown,
        };
        let replies: Vec<(Point, u32)> = pos
            .candidates()
            .filter(|&q| {
                near[q.index()]
                    || if vct {
                        counter_threat(pos, q, defender)
                    } else {
                        Direction::ALL
                            .iter()
                            .any(|&d| pos.board().pattern(q, d, defender).fours > 0)
                    }
            })
            .filter(|&q| pos.may_play(q, defender))
            .map(|q| (q, 1))
            .collect();
        if replies.is_empty() {
            Expand::Proved
        } else {
            Expand::Children(replies)
        }
    }

    /// At an AND node whose attacker has no winning point: the threat the attacker would have
    /// were the defender to pass ([`Prover::threat_replies`]), the points it depends on
    /// marked in `near`.
    fn threat_zone(&mut self, pos: &mut Position, near: &mut [bool; POINTS]) -> Zone {
        if self.vcf_threat_zone(pos, near) {
            return Zone::Vcf;
        }
        if !self.vct_threats || self.salt != 0 {
            return Zone::NoThreat;
        }
        pos.play_unchecked(Move::Pass);
        let key = pos.board().key() ^ NESTED_KEY;
        let limit = self.node_limit;
        self.node_limit = limit.min(self.nodes + NESTED_NODES);
        self.salt = NESTED_KEY;
        let (pn, _) = self.mid(pos, key, true, INF, INF);
        self.node_limit = limit;
        self.stopped = self.nodes >= limit || self.until.is_some_and(|u| Instant::now() >= u);
        let zone = if pn == 0 {
            self.mark_proof(pos, true, near, &mut Default::default());
            Zone::Vct
        } else if self.stopped {
            Zone::Stopped
        } else {
            Zone::NoThreat
        };
        self.salt = 0;
        pos.undo();
        zone
    }

    /// At an AND node: whether the attacker would have a VCF were the defender to pass; if so
    /// the points on the lines within five of its points (its moves, the blocks, and after
    /// each four its completion points) are marked in `near`.
    fn vcf_threat_zone(&self, pos: &mut Position, near: &mut [bool; POINTS]) -> bool {
        let attacker = self.attacker;
        pos.play_unchecked(Move::Pass);
        let limits = ThreatLimits {
            max_fours: ZONE_VCF_FOURS,
            max_nodes: self.zone_vcf_nodes,
        };
        let Some(line) = threats::vcf(pos, limits) else {
            pos.undo();
            return false;
        };
        for (i, &c) in line.iter().enumerate() {
            let p = Point::from_index(c);
            mark_lines(near, p);
            pos.play_unchecked(Move::Stone(p));
            if i % 2 == 0 && !pos.last_move_won() {
                for w in pos.winning_points(attacker) {
                    mark_lines(near, w);
                }
            }
        }
        for _ in 0..=line.len() {
            pos.undo();
        }
        true
    }
}

/// What an AND node's threat rests on ([`Prover::threat_zone`]; the points it depends on are
/// marked in the caller's buffer).
enum Zone {
    /// A VCF.
    Vcf,
    /// A win by threats (the nested proof of [`Prover::set_vct_threats`]).
    Vct,
    /// The attacker has no threat.
    NoThreat,
    /// The limits ran out first.
    Stopped,
}

/// Mixed into the keys of [`Prover::threat_zone`]'s nested search, so that its proofs and
/// disproofs (whose AND nodes rest on VCFs only) are kept apart from the outer search's.
const NESTED_KEY: u64 = 0xBB67_AE85_84CA_A73B;

/// Nodes of each nested search for a win by threats after a pass
/// ([`Prover::set_vct_threats`]). On the 25 suite positions whose wins threats alone refute,
/// 3,000,000 nodes each: 1,000 proved 3, 3,000 proved 5. (With 1 s each, on the 48 positions
/// not proved at 300,000 nodes: 1,000 proved 3, 3,000 2, 10,000 1.)
pub const NESTED_NODES: u64 = 3_000;

/// Marks the points within five of `p` on its four lines (and `p`).
fn mark_lines(zone: &mut [bool; POINTS], p: Point) {
    for d in Direction::ALL {
        for k in -5..=5 {
            if let Some(q) = p.step(d, k) {
                zone[q.index()] = true;
            }
        }
    }
}

/// Most nodes [`Prover::prove_quiet`] walks to check a quiet move's threat proof with a reply
/// on the board before it gives up (and searches the win after the reply).
pub const REPLAY_NODES: u64 = 20_000;

/// Quiet blocks of a reply's four [`Prover::prove_quiet`] tries in one line of play.
const QUIET_BLOCKS: u32 = 2;

/// For [`Prover::prove_quiet`]: when `proof` (of candidate `m`) is unknown and `more` nodes
/// are allowed, queues `m` to be tried again with them; otherwise whether it is unknown (the
/// budget ran out on it).
fn undecided(queue: &mut Vec<(Point, u64)>, m: Point, proof: Proof, more: Option<u64>) -> bool {
    match more {
        Some(nodes) if proof == Proof::Unknown => {
            queue.push((m, nodes));
            false
        }
        _ => proof == Proof::Unknown,
    }
}

/// [`Prover::prove_quiet`] tries a candidate left undecided again with this many times the
/// node limit of its last try ...
const QUIET_GROWTH: u64 = 4;

/// ... up to this many times its `sub_nodes`.
const QUIET_LAST_MUL: u64 = 16;

/// Nodes of each VCF search that tells a VCF threat and its defences
/// ([`Prover::set_zone_vcf_nodes`]), by default. 150: as many proofs as 300 by nodes and more
/// by time (see there), and not weaker in play: a non-regression SPRT in self-play at 3 s
/// clocks (`zone_vcf_nodes=150` against 300, `--opening-plies 4 --seed 59000 --sprt -20 5`)
/// accepted H1 at 1,870 games, 930/9/931, Elo 0 (95%: −16 … +16). Before: 300, which on the
/// suite at 150k df-pn nodes a position proved as many as 1,000 (305) in nearly the same tree
/// (7,539,824 nodes against 7,540,993) for 12% fewer instructions.
pub const ZONE_VCF_NODES: u64 = 150;

/// Most fours of each VCF search that tells a VCF threat.
const ZONE_VCF_FOURS: u32 = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The position after `moves` (judge form, `"8 8, 7 8, …"`).
    fn position(moves: &str) -> Position {
        let mut g = renju_rules::game::RenjuGame::new();
        for m in moves.split(", ") {
            let mut it = m.split_whitespace().map(|v| v.parse::<i64>().unwrap());
            g.try_play(Move::from_judge(it.next().unwrap(), it.next().unwrap()).unwrap())
                .unwrap();
        }
        Position::from_game(&g)
    }

    /// A suite position (Rapfi: White wins in 19 plies) whose win needs a quiet move: with
    /// node limits too small for one try, [`Prover::prove_quiet`] proves it by trying the
    /// undecided candidates again with more, where a single try of each does not.
    #[test]
    fn undecided_quiet_candidates_are_tried_again_with_more_nodes() {
        const QUIET: &str = "8 8, 7 8, 9 7, 7 9, 7 7, 9 9, 8 7, 10 7, 9 8, 10 9, 8 9, 8 6, \
                             10 6, 8 10, 5 7, 6 7, 7 11";
        let limits = ProofLimits {
            max_nodes: 20_000_000,
            until: None,
        };
        // (A single try of each candidate needs about 32,000 nodes here.)
        let sub = 4_000;
        let mut pos = position(QUIET);
        let key = pos.board().key();
        let once = Prover::new().quiet(&mut pos, limits, sub, QUIET_BLOCKS, 1);
        assert_eq!(once, Proof::Unknown);
        let Proof::Win(mv) = Prover::new().prove_quiet(&mut pos, limits, sub) else {
            panic!("no quiet win with {sub} nodes a proof and retries");
        };
        assert_eq!(pos.board().key(), key);
        assert!(pos.is_legal(mv));
    }

    /// Quiet moves' threat proofs replayed with each legal reply on the board
    /// ([`Prover::replay_after`]): where the replay says the win stands, a fresh prover's
    /// search finds no refutation; where the search refutes the threat (the reply defends),
    /// the replay said so too. Over the first two candidates whose threats are proved, on a
    /// suite position whose win needs a quiet move.
    #[test]
    fn a_replayed_proof_is_a_proof() {
        const QUIET: &str = "8 8, 7 8, 9 7, 7 9, 7 7, 9 9, 8 7, 10 7, 9 8, 10 9, 8 9, 8 6, \
                             10 6, 8 10, 5 7, 6 7, 7 11";
        let limits = |max_nodes| ProofLimits {
            max_nodes,
            until: None,
        };
        let mut pos = position(QUIET);
        let (attacker, defender) = (pos.to_move(), pos.to_move().opponent());
        let mut prover = Prover::new();
        let (mut threats, mut replayed, mut refuted) = (0, 0, 0);
        let moves: Vec<Point> = pos.candidates().collect();
        for m in moves {
            if threats == 2 || !pos.may_play(m, attacker) {
                continue;
            }
            pos.play_unchecked(Move::Stone(m));
            pos.play_unchecked(Move::Pass);
            let threat = prover.prove(&mut pos, limits(50_000));
            pos.undo();
            if matches!(threat, Proof::Win(_)) && !pos.last_move_won() {
                threats += 1;
                for r in (0..POINTS).map(Point::from_index) {
                    if !pos.may_play(r, defender) {
                        continue;
                    }
                    pos.play_unchecked(Move::Stone(r));
                    if !pos.last_move_won() {
                        let mut total = 0;
                        let replay = prover.replay_after(&mut pos, r, &mut total);
                        assert!(total <= REPLAY_NODES);
                        let fresh = Prover::new().prove(&mut pos, limits(10_000));
                        if replay {
                            replayed += 1;
                            assert_ne!(fresh, Proof::NoWin, "{m:?} then {r:?}");
                        } else if fresh == Proof::NoWin {
                            refuted += 1;
                        }
                    }
                    pos.undo();
                }
            }
            pos.undo();
        }
        assert_eq!(threats, 2);
        assert!(
            replayed > 0 && refuted > 0,
            "{replayed} replayed, {refuted} refuted"
        );
    }

    /// Whether `color` wins next move by shape at the empty `w` of `board`.
    fn wins_on(board: &Board, w: Point, color: Color) -> bool {
        let (mut fours, mut straight) = (0, false);
        for d in Direction::ALL {
            let i = board.pattern(w, d, color);
            fours += i32::from(i.fours);
            straight |= i.straight_four;
        }
        wins_by_shape(fours, straight, color)
    }

    /// A cache slot gives back the children it was made from, in order, with their starting
    /// proof numbers; a node with no child or more than a slot holds gets none.
    #[test]
    fn an_expanded_slot_holds_its_children() {
        let children: Vec<(Point, u32)> = (0..CACHED_CHILDREN)
            .map(|k| {
                (
                    Point::from_index(224 - 7 * k),
                    [1, THREE_PN, QUIET_PN][k % 3],
                )
            })
            .collect();
        for n in 1..=CACHED_CHILDREN {
            let e = Expanded::of(0xABC, &children[..n]).expect("fits");
            assert_eq!((e.key, usize::from(e.len)), (0xABC, n));
            let mut out = vec![(Point::from_index(0), 9)];
            e.children_to(&mut out);
            assert_eq!(out[1..], children[..n]);
        }
        let mut more = children.clone();
        more.push((Point::from_index(3), 1));
        assert!(Expanded::of(1, &more).is_none());
        assert!(Expanded::of(1, &[]).is_none());
    }

    /// `line_offset` names the step along a line from any point to any other, as stepping
    /// finds it.
    #[test]
    fn line_offset_is_the_step_between_the_points() {
        for w in (0..POINTS).map(Point::from_index) {
            for q in (0..POINTS).map(Point::from_index) {
                let stepped = Direction::ALL.iter().find_map(|&d| {
                    (-5..=5)
                        .find(|&k| k != 0 && w.step(d, k) == Some(q))
                        .map(|k| (d, k))
                });
                assert_eq!(line_offset(w, q), stepped, "{w} {q}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// A proof's zone ([`Prover::mark_proof`]) is all a defender's stone can change: on
        /// crowded random boards where the side to move proves a win, a defender's stone on a
        /// point outside it (one where it makes no four and no new four-point) leaves a win
        /// the prover proves again.
        #[test]
        fn a_stone_outside_the_proof_zone_leaves_the_win(
            stones in prop::collection::vec((0usize..7, 0usize..7, any::<bool>()), 12..40),
            black_attacks in any::<bool>(),
            pick in any::<u64>(),
        ) {
            let mut board = Board::new();
            for (r, c, black) in stones {
                let p = Point::new(4 + r, 4 + c).expect("on the board");
                if board.get(p).is_none() {
                    board.put_unchecked(p, if black { Color::Black } else { Color::White });
                }
            }
            let attacker = if black_attacks { Color::Black } else { Color::White };
            let defender = attacker.opponent();
            let mut pos = Position::from_board(&board, attacker);
            let mut prover = Prover::new();
            let limits = ProofLimits { max_nodes: 20_000, until: None };
            // A board with a five on it is a finished game (the random stones can make one
            // anywhere, not only with the last move replayed).
            if board.five().is_some()
                || pos.last_move_won()
                || !pos.winning_points(Color::Black).is_empty()
                || !pos.winning_points(Color::White).is_empty()
                || !matches!(prover.prove(&mut pos, limits), Proof::Win(_))
            {
                return Ok(());
            }
            let mut zone = [false; POINTS];
            prover.mark_proof(&mut pos, true, &mut zone, &mut Default::default());
            let outside: Vec<Point> = (0..POINTS)
                .map(Point::from_index)
                .filter(|&q| !zone[q.index()] && pos.may_play(q, defender))
                .filter(|&q| !counter_threat(&pos, q, defender))
                .collect();
            // Near the stones first: far points are outside every zone.
            let near: Vec<Point> = outside.iter().copied().filter(|&q| pos.is_near(q)).collect();
            let tried = if near.is_empty() { &outside } else { &near };
            for i in 0..tried.len().min(3) {
                let q = tried[(pick as usize).wrapping_add(i * 7) % tried.len()];
                let mut after = board.clone();
                after.put_unchecked(q, defender);
                let mut again = Position::from_board(&after, attacker);
                let limits = ProofLimits { max_nodes: 200_000, until: None };
                let r = Prover::new().prove(&mut again, limits);
                prop_assert!(r != Proof::NoWin, "{} {:?}: {:?}", q, defender, r);
            }
        }

        /// The scan read from the kept point scores is the one read from every line, for
        /// both attackers and both kinds of node, on crowded random boards (through the
        /// moves of a game and their take-backs, so that the scores are the incrementally
        /// kept ones).
        #[test]
        fn the_scan_from_the_scores_is_the_scan_from_the_lines(
            picks in prop::collection::vec((0usize..9, 0usize..9), 8..60),
        ) {
            let mut pos = Position::new().without_opening_constraints();
            for (r, c) in picks {
                let p = Point::new(3 + r, 3 + c).expect("on the board");
                if pos.last_move_won() {
                    break;
                }
                if pos.board().get(p).is_none() && pos.may_play(p, pos.to_move()) {
                    pos.play_unchecked(Move::Stone(p));
                }
                for attacker in [Color::Black, Color::White] {
                    for threats in [false, true] {
                        prop_assert_eq!(
                            Scan::new(&pos, attacker, threats),
                            Scan::from_lines(&pos, attacker, threats)
                        );
                    }
                }
            }
            // And back through the take-backs (the kept scores put back).
            while !pos.history().is_empty() {
                pos.undo();
                for attacker in [Color::Black, Color::White] {
                    prop_assert_eq!(
                        Scan::new(&pos, attacker, true),
                        Scan::from_lines(&pos, attacker, true)
                    );
                }
            }
        }

        /// Reading a winning point's lines again with one point blocked tells the same as
        /// putting the other color's stone there, on crowded random boards.
        #[test]
        fn wins_despite_equals_playing_the_stone(
            stones in prop::collection::vec((0usize..7, 0usize..7, any::<bool>()), 12..40)
        ) {
            let mut board = Board::new();
            for (r, c, black) in stones {
                let p = Point::new(4 + r, 4 + c).expect("on the board");
                if board.get(p).is_none() {
                    board.put_unchecked(p, if black { Color::Black } else { Color::White });
                }
            }
            let pos = Position::from_board(&board, Color::Black);
            for color in [Color::Black, Color::White] {
                for w in (0..POINTS).map(Point::from_index) {
                    if board.get(w).is_some() || !wins_on(&board, w, color) {
                        continue;
                    }
                    for d in Direction::ALL {
                        for k in -5..=5 {
                            let Some(q) = w.step(d, k) else { continue };
                            if k == 0 || board.get(q).is_some() {
                                continue;
                            }
                            let mut after = board.clone();
                            after.put_unchecked(q, color.opponent());
                            prop_assert_eq!(
                                wins_despite(&pos, w, q, color),
                                wins_on(&after, w, color),
                                "{} {} {:?}", w, q, color
                            );
                        }
                    }
                }
            }
        }
    }
}
