//! Packing bounds on the moves each Domineering player can still make, after Bullock's
//! Obsequi (N. Bullock, "Domineering: solving large combinatorial search spaces", MSc thesis,
//! University of Alberta, 2002, ch. 4): the empty cells are packed with a player's protective
//! areas, vulnerable moves (of two kinds) and safe moves with an option, and the packing gives a
//! lower bound on that player's moves and an upper bound on the opponent's. This is an own
//! formulation in terms of the cells the opponent can cover; the solver uses it beside its own
//! bounds, and the brute-force tests check both.
//!
//! Everything here is seen from one player, its dominoes lying along its *lines* (rows for
//! horizontal, columns for vertical). A line is a `u32` with cell `j` at bit `j + 1`; bit 0,
//! the bits past the line's end, and the lines before the first and after the last are walls
//! (set). The opponent's dominoes lie across two adjacent lines at one bit.

use crate::MAX;

/// One player's walled lines: `b[k + 1]` is line `k`, `b[0]` and `b[n + 1]` are walls.
#[derive(Clone, Copy)]
pub(crate) struct Lines {
    pub b: [u32; MAX + 3],
    /// Number of lines.
    pub n: usize,
    /// Cells in a line.
    pub len: usize,
}

impl Lines {
    /// Walled lines from occupancy `occ` (`occ[k]` bit `j`: cell `j` of line `k`), `n` lines of
    /// `len` cells.
    pub fn new(occ: &[u16], n: usize, len: usize) -> Lines {
        let outside = !(((1u32 << len) - 1) << 1);
        let mut b = [u32::MAX; MAX + 3];
        for k in 0..n {
            b[k + 1] = (u32::from(occ[k]) << 1) | outside;
        }
        Lines { b, n, len }
    }
}

/// What one player's packing found ([`pack`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Packing {
    /// Disjoint safe moves (both cells beyond the opponent's reach).
    pub safe: i32,
    /// The most disjoint own dominoes on the empty cells.
    pub real: i32,
    /// Protective areas: empty 2×2 squares walled on one side across the lines, kept apart.
    pub prot: i32,
    /// Vulnerable moves one opponent domino can destroy together with another packed item.
    pub v2: i32,
    /// Of those, the ones with a cell the opponent cannot cover.
    pub v2p: i32,
    /// Vulnerable moves an opponent domino destroys alone.
    pub v1: i32,
    /// Of those, the ones with a cell the opponent cannot cover.
    pub v1p: i32,
    /// Safe moves with an option: a free cell beside them, not next to any packed cell, that
    /// playing the safe move shifted onto it takes from the opponent together with 0, 1 or 2
    /// cells across that only it reaches: `opt[g - 1]` counts those taking `g` cells.
    pub opt: [i32; 3],
    /// Empty cells the opponent can cover now.
    pub opp_cover: i32,
}

/// Packs one player's lines `l` (see the module docs).
pub(crate) fn pack(l: &Lines) -> Packing {
    let (b, n) = (&l.b, l.n);
    let mut p = Packing::default();
    // Packed cells by line index (as `b`): protective areas, vulnerable moves, options.
    let mut used = [0u32; MAX + 3];

    // Protective areas over lines k, k + 1: both cells of a column pair walled on line k − 1 or
    // on line k + 2, nothing packed within a line of them.
    for k in 1..n {
        let walls = (b[k - 1] & b[k - 1] >> 1) | (b[k + 2] & b[k + 2] >> 1);
        let busy = used[k - 1] | used[k] | used[k + 1] | used[k + 2] | b[k] | b[k + 1];
        let mut cand = walls & !(busy | busy >> 1);
        while cand != 0 {
            let j = cand.trailing_zeros();
            cand &= !(0b11 << j);
            used[k] |= 0b11 << j;
            used[k + 1] |= 0b11 << j;
            p.prot += 1;
        }
    }

    // Safe moves and vulnerable moves, line by line: each run of free cells is split into
    // stretches of protected (opponent-proof) and open cells. A protected stretch of length L
    // gives ⌊L/2⌋ safe moves; an odd one's spare cell and the open cells pair up, left to
    // right, into vulnerable moves.
    // Left cells of the vulnerable moves, and of those with a protected cell.
    let mut vuln = [0u32; MAX + 3];
    let mut vuln_prot = [0u32; MAX + 3];
    // Left cells of the safe moves counted.
    let mut safe_at = [0u32; MAX + 3];
    let runs = runs();
    let whole = (l.len <= LINE_MAX).then(|| &line_tables()[l.len][..]);
    for k in 1..=n {
        let empty = !b[k];
        let shielded = b[k - 1] & b[k + 1];
        p.real += pairs(empty);
        p.opp_cover += (empty & !shielded).count_ones() as i32;
        let mut free = empty & !used[k];
        if let Some(table) = whole {
            // The whole line in one lookup.
            let split = table[(free >> 1 | (free & shielded) >> 1 << l.len) as usize];
            p.safe += (split >> 27) as i32;
            safe_at[k] |= (split & 0x1FF) << 1;
            vuln[k] |= (split >> 9 & 0x1FF) << 1;
            vuln_prot[k] |= (split >> 18 & 0x1FF) << 1;
            free = 0;
        }
        while free != 0 {
            let low = free.trailing_zeros();
            let len = (free >> low).trailing_ones();
            free &= !((((1u64 << len) - 1) as u32) << low);
            let shield = (shielded >> low) & ((1u32 << len) - 1);
            let run = runs[((1usize << len) | shield as usize) & (RUNS_LEN - 1)];
            p.safe += run.safe();
            safe_at[k] |= run.safe_at() << low;
            vuln[k] |= run.vuln() << low;
            vuln_prot[k] |= run.vuln_prot() << low;
        }
        used[k] |= vuln[k] | vuln[k] << 1;
    }

    // A vulnerable move is of the second kind when a cell across from it is packed too: one
    // opponent domino there destroys both.
    for k in 1..=n {
        let near = used[k - 1] | used[k + 1];
        let second = vuln[k] & (near | near >> 1);
        let (all, prot) = (vuln[k].count_ones(), vuln_prot[k].count_ones());
        let (v2, v2p) = (second.count_ones(), (second & vuln_prot[k]).count_ones());
        p.v2 += v2 as i32;
        p.v2p += v2p as i32;
        p.v1 += (all - v2) as i32;
        p.v1p += (prot - v2p) as i32;
    }

    // Safe moves with an option: a free open cell x beside a safe move, no packed cell across
    // from it. Shifting the safe move onto x takes x from the opponent, and with it each cell
    // across from x that the opponent can reach only through x.
    for k in 1..=n {
        let mut starts = safe_at[k];
        while starts != 0 {
            let j = starts.trailing_zeros();
            starts &= starts - 1;
            let open = !b[k] & !used[k] & !(b[k - 1] & b[k + 1]) & !(used[k - 1] | used[k + 1]);
            let x = if open >> (j - 1) & 1 == 1 {
                j - 1
            } else if open >> (j + 2) & 1 == 1 {
                j + 2
            } else {
                continue;
            };
            used[k] |= 1 << x;
            // The cell across (line `across`) is the opponent's only through x when the cell
            // beyond it (line `beyond`) is occupied or a wall.
            let lone =
                |across: usize, beyond: usize| b[across] >> x & 1 == 0 && b[beyond] >> x & 1 == 1;
            let mut gain = 1;
            if k >= 2 && lone(k - 1, k - 2) {
                gain += 1;
            }
            if k < n && lone(k + 1, k + 2) {
                gain += 1;
            }
            p.opt[gain - 1] += 1;
        }
    }
    p
}

/// How [`pack`] splits one run of free cells of a line: its safe moves and its vulnerable
/// moves, as masks relative to the run's first cell (bit 0), packed in a `u64`: the left cells
/// of the safe moves (bits 0–15), of the vulnerable moves (16–31), of the vulnerable moves with
/// a protected cell (32–47), and the number of safe moves (48–55).
#[derive(Clone, Copy, Default)]
struct Run(u64);

impl Run {
    fn safe_at(self) -> u32 {
        (self.0 & 0xFFFF) as u32
    }
    fn vuln(self) -> u32 {
        (self.0 >> 16 & 0xFFFF) as u32
    }
    fn vuln_prot(self) -> u32 {
        (self.0 >> 32 & 0xFFFF) as u32
    }
    fn safe(self) -> i32 {
        (self.0 >> 48 & 0xFF) as i32
    }
}

/// Entries of [`RUNS`]: index `1 << len | shield` for runs of `len` ≤ 13 cells.
const RUNS_LEN: usize = 1 << (MAX + 1);

/// Every run's split ([`walk_run`]), by `1 << len | shield` (`shield`: the run's protected
/// cells, bit 0 its first): a lookup in place of a walk at every run of every packing.
static RUNS: std::sync::OnceLock<Box<[Run; RUNS_LEN]>> = std::sync::OnceLock::new();

/// [`RUNS`], built on first use.
fn runs() -> &'static [Run; RUNS_LEN] {
    RUNS.get_or_init(|| {
        let mut t = Box::new([Run::default(); RUNS_LEN]);
        for len in 1..=MAX as u32 {
            for shield in 0..1u32 << len {
                t[(1 << len | shield) as usize] = walk_run(len, shield);
            }
        }
        t
    })
}

/// Lines of at most this many cells are split by one lookup ([`line_tables`]).
const LINE_MAX: usize = 9;

static LINE_TABLES: std::sync::OnceLock<Vec<Box<[u32]>>> = std::sync::OnceLock::new();

/// For each line length `len` ≤ [`LINE_MAX`], every line's split into safe and vulnerable
/// moves (its runs by [`walk_run`]), by `free | shield << len` (`free`: the line's free cells,
/// bit 0 its first; `shield`: those of them the opponent cannot reach): the left cells of
/// the safe moves (bits 0–8), of the vulnerable moves (9–17), of the vulnerable moves with a
/// protected cell (18–26), and the number of safe moves (27–31). Built on first use (1.4 MB).
fn line_tables() -> &'static [Box<[u32]>] {
    LINE_TABLES.get_or_init(|| {
        (0..=LINE_MAX)
            .map(|len| {
                let mut t = vec![0u32; 1 << (2 * len)].into_boxed_slice();
                for free in 0u32..1 << len {
                    // Every subset of the free cells as the shielded ones.
                    let mut shield = free;
                    loop {
                        let mut split = 0u32;
                        let mut rest = free;
                        while rest != 0 {
                            let low = rest.trailing_zeros();
                            let run = (rest >> low).trailing_ones();
                            rest &= !(((1u64 << run) - 1) as u32) << low;
                            let r = walk_run(run, shield >> low & ((1 << run) - 1));
                            split += (r.safe() as u32) << 27;
                            split |= r.safe_at() << low;
                            split |= r.vuln() << low << 9;
                            split |= r.vuln_prot() << low << 18;
                        }
                        t[(free | shield << len) as usize] = split;
                        if shield == 0 {
                            break;
                        }
                        shield = (shield - 1) & free;
                    }
                }
                t
            })
            .collect()
    })
}

/// Splits a run of `len` free cells (bits 0..len) whose protected cells (beyond the
/// opponent's reach) are `shield` into safe and vulnerable moves: each protected stretch of
/// length L gives ⌊L/2⌋ safe moves; an odd one's spare cell and the open cells pair up, low
/// end first, into vulnerable moves (an open cell before an odd protected stretch takes its
/// first cell: a vulnerable move with a protected cell).
fn walk_run(len: u32, shield: u32) -> Run {
    let (mut safe, mut safe_at, mut vuln, mut vuln_prot) = (0u64, 0u64, 0u64, 0u64);
    // `pending`: an unpaired earlier cell (bit, protected).
    let mut pending: Option<(u32, bool)> = None;
    let mut j = 0;
    while j < len {
        if shield >> j & 1 == 1 {
            let stretch = ((!shield >> j).trailing_zeros()).min(len - j);
            let mut first = j;
            let mut rest = stretch;
            if let Some((u, false)) = pending {
                if stretch % 2 == 1 {
                    // The open cell before takes the first protected one.
                    vuln |= 1 << u;
                    vuln_prot |= 1 << u;
                    first += 1;
                    rest -= 1;
                }
                pending = None;
            }
            safe += u64::from(rest / 2);
            for m in 0..rest / 2 {
                safe_at |= 1 << (first + 2 * m);
            }
            if rest % 2 == 1 {
                pending = Some((first + rest - 1, true));
            }
            j += stretch;
        } else {
            match pending.take() {
                Some((u, prot)) => {
                    vuln |= 1 << u;
                    if prot {
                        vuln_prot |= 1 << u;
                    }
                }
                None => pending = Some((j, false)),
            }
            j += 1;
        }
    }
    Run(safe_at | vuln << 16 | vuln_prot << 32 | safe << 48)
}

/// The cheap part of [`pack`]: `safe`, `real` and `opp_cover` only (the rest zero), for the
/// side whose packing a test does not need.
pub(crate) fn tally(l: &Lines) -> Packing {
    tally_range(l, 0, l.n.saturating_sub(1))
}

/// [`tally`] of lines `lo..=hi` only (0-based, clipped to the lines there are): what a move
/// changes in a tally, since a line's counts depend on it and its two neighbours alone.
pub(crate) fn tally_range(l: &Lines, lo: usize, hi: usize) -> Packing {
    let b = &l.b;
    let mut p = Packing::default();
    for k in lo + 1..=(hi + 1).min(l.n) {
        let empty = !b[k];
        let shielded = b[k - 1] & b[k + 1];
        p.real += pairs(empty);
        p.safe += pairs(empty & shielded);
        p.opp_cover += (empty & !shielded).count_ones() as i32;
    }
    p
}

/// One player's [`tally`] summed line by line (`sums[k]`: lines `0..k`), so that a child's
/// tally is the parent's with the few lines a move changes counted again ([`Tallies::retally`]).
pub(crate) struct Tallies {
    /// `safe`, `real` and `opp_cover` of the first `k` lines.
    sums: [[i32; 3]; MAX + 1],
    n: usize,
}

impl Tallies {
    /// The running sums of `l`'s lines.
    pub fn new(l: &Lines) -> Tallies {
        let b = &l.b;
        let mut sums = [[0; 3]; MAX + 1];
        for k in 1..=l.n {
            let empty = !b[k];
            let shielded = b[k - 1] & b[k + 1];
            sums[k] = [
                sums[k - 1][0] + pairs(empty & shielded),
                sums[k - 1][1] + pairs(empty),
                sums[k - 1][2] + (empty & !shielded).count_ones() as i32,
            ];
        }
        Tallies { sums, n: l.n }
    }

    /// The tally of all the lines (as [`tally`]).
    pub fn total(&self) -> Packing {
        let [safe, real, opp_cover] = self.sums[self.n];
        Packing {
            safe,
            real,
            opp_cover,
            ..Packing::default()
        }
    }

    /// The tally of `after`, lines that differ from these only in `lo..=hi` (0-based, clipped
    /// to the lines there are).
    pub fn retally(&self, after: &Lines, lo: usize, hi: usize) -> Packing {
        let end = (hi + 1).min(self.n);
        let (total, before, start) = (self.sums[self.n], self.sums[end], self.sums[lo.min(end)]);
        let new = tally_range(after, lo, hi);
        Packing {
            safe: total[0] - (before[0] - start[0]) + new.safe,
            real: total[1] - (before[1] - start[1]) + new.real,
            opp_cover: total[2] - (before[2] - start[2]) + new.opp_cover,
            ..Packing::default()
        }
    }
}

/// ⌊run/2⌋ summed over the runs of set bits in `x`, a line's cells (bits 1 to 13, walls
/// clear): disjoint dominoes along a line. A table lookup.
#[inline]
pub(crate) fn pairs(x: u32) -> i32 {
    i32::from(PAIRS[(x >> 1) as usize & (PAIRS.len() - 1)])
}

/// [`pairs`] for every 13-cell line, built at compile time.
static PAIRS: [u8; 1 << MAX] = {
    let mut t = [0u8; 1 << MAX];
    let mut x = 0;
    while x < t.len() {
        let (mut n, mut run, mut bit) = (0, 0, 0);
        while bit <= MAX {
            if bit < MAX && x >> bit & 1 == 1 {
                run += 1;
            } else {
                n += run / 2;
                run = 0;
            }
            bit += 1;
        }
        t[x] = n as u8;
        x += 1;
    }
    t
};

/// A player's sure moves from its packing and what its play takes from the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sure {
    /// Moves the player surely makes (its stock not included).
    pub moves: i32,
    /// Cells those moves (and options) surely take from the opponent's coverable ones.
    pub taken: i32,
    /// How much they lower the opponent's most disjoint dominoes.
    pub real_cut: i32,
}

/// The player's sure moves with packing `p`, moving first or not (Bullock's counting: pairs
/// of protective areas give one area's two moves, vulnerable moves of the second kind one in
/// three, of the first kind one in two, options one in two, and the first mover takes the
/// odd one out where it pays most).
pub(crate) fn sure(p: &Packing, first: bool) -> Sure {
    let mut c = *p;
    let mut s = Sure {
        moves: 0,
        taken: 0,
        real_cut: 0,
    };
    // Playing one vulnerable move of a kind now: an open one if any (it takes two cells).
    let play = |v: &mut i32, vp: &mut i32, s: &mut Sure| {
        *v -= 1;
        s.moves += 1;
        if *vp > *v {
            *vp -= 1;
            s.taken += 1;
        } else {
            s.taken += 2;
        }
    };
    if first {
        if c.prot % 2 == 1 {
            c.prot -= 1;
            s.moves += 2;
            s.taken += 4;
            s.real_cut += 2;
        } else if c.v2 % 3 != 0 {
            play(&mut c.v2, &mut c.v2p, &mut s);
        } else if c.v1 % 2 != 0 {
            play(&mut c.v1, &mut c.v1p, &mut s);
        } else if let Some(g) = (0..3).rev().find(|&g| c.opt[g] % 2 == 1) {
            c.opt[g] -= 1;
            s.taken += g as i32 + 1;
        } else if c.v2 > 0 {
            play(&mut c.v2, &mut c.v2p, &mut s);
        } else if c.v1 > 0 {
            play(&mut c.v1, &mut c.v1p, &mut s);
        } else if c.prot > 0 {
            c.prot -= 1;
            s.moves += 2;
            s.taken += 4;
        }
    }
    // An odd protective area is as good as two vulnerable moves of the second kind.
    if c.prot % 2 == 1 {
        c.prot -= 1;
        c.v2 += 2;
    }
    let (h2, h1) = (c.v2 / 3, c.v1 / 2);
    let bonus = c.v2 % 3 != 0 && c.v1 % 2 != 0;
    let vuln_moves = h2 + h1 + i32::from(bonus);
    // At most this many of them have a cell the opponent could not cover (they take one).
    let with_prot = (h2 - (c.v2 - c.v2p) / 3) + (h1 - (c.v1 - c.v1p) / 2) + i32::from(bonus);
    s.moves += c.prot + c.safe + vuln_moves;
    s.taken += 2 * c.prot + 2 * vuln_moves - with_prot.min(vuln_moves);
    s.real_cut += c.prot;
    // Options: one of each two is the player's; the odd one goes to whoever has the tempo.
    let tempo = bonus || (c.v2 % 3 == 0 && c.v1 % 2 == 0);
    let mut opt = c.opt;
    if tempo {
        for g in (1..3).rev() {
            if opt[g] % 2 == 1 {
                opt[g] -= 1;
                opt[g - 1] += 1;
            }
        }
    } else if let Some(g) = (0..3).rev().find(|&g| opt[g] % 2 == 1) {
        s.taken += g as i32 + 1;
        opt[g] -= 1;
        if g == 2 && opt[1] % 2 == 1 {
            opt[1] -= 1;
            opt[0] += 1;
        }
    }
    s.taken += (0..3).map(|g| (opt[g] / 2) * (g as i32 + 1)).sum::<i32>();
    s
}

/// The most moves the opponent can make against a player with packing `mine` whose play is
/// `sure`, the opponent's packing being `theirs`: no more than its disjoint dominoes less the
/// cut, nor than half the cells it can cover less those taken.
pub(crate) fn most(mine: &Packing, theirs: &Packing, sure: &Sure) -> i32 {
    (theirs.real - sure.real_cut).min((mine.opp_cover - sure.taken) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pairs_table_counts_half_of_every_run() {
        for x in 0u32..1 << MAX {
            // Greedy from the low end, run by run (as the old counter did).
            let (mut want, mut rest) = (0, x);
            while rest != 0 {
                let low = rest.trailing_zeros();
                let run = (rest >> low).trailing_ones();
                want += run as i32 / 2;
                rest &= !(((1u32 << run) - 1) << low);
            }
            assert_eq!(pairs(x << 1), want, "{x:013b}");
        }
        // Walls (bit 0, bits past the line) are never counted.
        assert_eq!(pairs(0b1_1111_1111_1111_1110), 6);
    }

    #[test]
    fn a_retally_is_the_tally_of_the_changed_lines() {
        // Random lines, then one more domino along a line (two cells of line k) or across
        // (one cell of lines k and k + 1): the parent's sums with the changed lines and their
        // neighbours counted again equal the child's whole tally.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        for _ in 0..5000 {
            let (n, len) = (2 + next(12) as usize, 2 + next(12) as usize);
            let occ: Vec<u16> = (0..MAX)
                .map(|_| (next(1 << 13) & next(1 << 13)) as u16)
                .collect();
            let before = Lines::new(&occ, n, len);
            let sums = Tallies::new(&before);
            assert_eq!(sums.total(), tally(&before));
            let mut after = before;
            let (k, j) = (next(n as u64) as usize, next(len as u64 - 1) as usize);
            let (lo, hi) = if next(2) == 0 {
                after.b[k + 1] |= 0b11 << (j + 1);
                (k.saturating_sub(1), k + 1)
            } else {
                let k = k.min(n - 2);
                after.b[k + 1] |= 1 << (j + 1);
                after.b[k + 2] |= 1 << (j + 1);
                (k.saturating_sub(1), k + 2)
            };
            assert_eq!(
                sums.retally(&after, lo, hi),
                tally(&after),
                "{n}×{len} {occ:?}"
            );
        }
    }

    #[test]
    fn the_whole_line_lookup_packs_as_the_run_by_run_split() {
        // Random lines of every short length; the same lines marked as long take the run path.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for len in 2..=LINE_MAX {
            for _ in 0..2000 {
                let mut occ = [0u16; MAX];
                let n = 2 + (seed % 9) as usize;
                for row in occ.iter_mut().take(n) {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    // About a third of the cells occupied.
                    *row = ((seed >> 20) & (seed >> 40) & ((1 << len) - 1)) as u16;
                }
                let short = Lines::new(&occ, n, len);
                let long = Lines {
                    len: usize::MAX,
                    ..short
                };
                assert_eq!(
                    pack(&short),
                    pack(&long),
                    "len {len}, lines {:?}",
                    &occ[..n]
                );
            }
        }
    }
}
