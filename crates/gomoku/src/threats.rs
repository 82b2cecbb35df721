//! Threat-space search against every defence: victory by continuous fours (VCF) and by threes
//! and fours (VCT, [`vct`]).
//!
//! The attacker (the side to move) plays only moves that make a four — a window with four of its
//! stones and none of the defender's — so the defender's reply is forced: it must take the cell
//! that would complete five. The attacker wins when a four leaves two completion cells (the
//! defender can take only one) or when it can complete five at once. A defender that can complete
//! five itself wins first, so the attacker must then block with a move that also makes a four.
//! (Allis, van den Herik and Huntjens, "Go-Moku solved by new search techniques", 1996.)
//!
//! The opponent's VCF and VCT are found by passing first: [`opponent_vcf`], [`opponent_vct`].
//!
//! The VCF search is generic over [`ThreatBoard`], so Renju (crate `renju`) runs the same search
//! with its own board: there a four move or a block may be a point Black may not take, and a
//! four whose only block is forbidden to a Black defender wins.

use crate::board::{Board, Color};

/// Limits of a threat search.
#[derive(Clone, Copy, Debug)]
pub struct ThreatLimits {
    /// Most fours the attacker may play.
    pub max_fours: u32,
    /// Most positions to visit.
    pub max_nodes: u64,
}

impl Default for ThreatLimits {
    fn default() -> Self {
        ThreatLimits {
            max_fours: 12,
            max_nodes: 100_000,
        }
    }
}

/// What the VCF search needs of a k-in-a-row board whose moves are cells (`usize` indices).
pub trait ThreatBoard {
    /// The game's stone color (a side by its color: [`crate::Color`], Renju's `Color`).
    type Color: Copy + Eq;
    /// The player to move.
    fn side_to_move(&self) -> Self::Color;
    /// The other player.
    fn other(side: Self::Color) -> Self::Color;
    /// Replaces `out` with the empty cells where a `side` stone wins at once (a five under the
    /// board's rule).
    fn winning_cells(&self, side: Self::Color, out: &mut Vec<usize>);
    /// [`ThreatBoard::winning_cells`] (the same cells, in the same order) where `side` had
    /// none before the stone on `cell` was played: a board may look only along `cell`'s lines.
    fn winning_cells_after(&self, side: Self::Color, _cell: usize, out: &mut Vec<usize>) {
        self.winning_cells(side, out);
    }
    /// The empty cells where a `side` stone makes a new four (one more stone could then win)
    /// and that `side` may play.
    fn four_cells(&self, side: Self::Color) -> Vec<usize>;
    /// Whether the side to move may play the empty `cell` (Renju: Black's forbidden points may
    /// not be played).
    fn may_play(&self, cell: usize) -> bool;
    /// Plays `cell` for the side to move.
    fn play_cell(&mut self, cell: usize);
    /// Takes back the last [`ThreatBoard::play_cell`].
    fn undo_cell(&mut self);
    /// Whether `side` has made a winning line.
    fn has_won(&self, side: Self::Color) -> bool;
    /// A Zobrist key of the position (the VCF search keys the positions it refuted by it: they
    /// all have the attacker to move, so a key of the stones alone will do).
    fn key(&self) -> u64;
}

impl ThreatBoard for Board {
    type Color = Color;
    fn side_to_move(&self) -> Color {
        self.to_move()
    }
    fn other(side: Color) -> Color {
        side.opponent()
    }
    fn winning_cells(&self, side: Color, out: &mut Vec<usize>) {
        Board::winning_cells(self, side, out)
    }
    fn winning_cells_after(&self, side: Color, cell: usize, out: &mut Vec<usize>) {
        Board::winning_cells_after(self, side, cell, out)
    }
    fn four_cells(&self, side: Color) -> Vec<usize> {
        four_moves(self, side)
    }
    fn may_play(&self, _cell: usize) -> bool {
        true
    }
    fn play_cell(&mut self, cell: usize) {
        self.play_unchecked(cell)
    }
    fn undo_cell(&mut self) {
        self.undo()
    }
    fn has_won(&self, side: Color) -> bool {
        Board::has_won(self, side)
    }
    fn key(&self) -> u64 {
        Board::key(self)
    }
}

/// A VCF for the side to move of `board`: the attacker's moves with the defender's forced replies
/// between them (attacker, defender, attacker, …, attacker's winning move), or `None` if there is
/// none within `limits`. A line may also end with an attacker's four whose blocks the defender
/// may not play (Renju); the attacker completes five there next. `board` is restored.
///
/// The search remembers the positions it has refuted (no VCF from them with as many fours
/// left, searched to the end), so fours played in another order are not searched twice.
/// Where the search without that table ends within `limits`, this one gives the same result
/// in no more nodes; where that one runs out of nodes, this one finds a VCF whenever it does
/// (perhaps an earlier one in the same order of moves, which it had the nodes to finish).
pub fn vcf<B: ThreatBoard>(board: &mut B, limits: ThreatLimits) -> Option<Vec<usize>> {
    REFUTED.with_borrow_mut(|refuted| {
        refuted.next_search();
        vcf_counted(board, limits, Some(refuted)).0
    })
}

/// [`vcf`] with the table of refuted positions given (or none), and the nodes it visited.
fn vcf_counted<B: ThreatBoard>(
    board: &mut B,
    limits: ThreatLimits,
    refuted: Option<&mut Refuted>,
) -> (Option<Vec<usize>>, u64) {
    let mut search = Vcf {
        nodes: 0,
        max_nodes: limits.max_nodes,
        refuted,
    };
    let mut line = Vec::new();
    let attacker = board.side_to_move();
    let found = search.search(board, attacker, limits.max_fours, None, &mut line);
    (found.then_some(line), search.nodes)
}

/// Slots of the VCF search's table of refuted positions (a power of two).
const REFUTED_SLOTS: usize = 1 << 12;

thread_local! {
    /// The VCF search's table, kept between searches (its entries are marked with the search
    /// they belong to, so a new search starts with none without clearing it).
    static REFUTED: std::cell::RefCell<Refuted> = std::cell::RefCell::new(Refuted {
        slots: vec![(0, 0, 0); REFUTED_SLOTS].into_boxed_slice(),
        search: 0,
    });
}

/// Positions a VCF search has refuted: by key, the fours left when it did, and the search.
struct Refuted {
    slots: Box<[(u64, u32, u32)]>,
    search: u32,
}

impl Refuted {
    /// Starts a new search (forgetting the last one's positions).
    fn next_search(&mut self) {
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // (After 2^32 searches, an old entry could pass for this one's.)
            self.slots.fill((0, 0, 0));
            self.search = 1;
        }
    }

    /// Whether the position `key` was refuted with at least `fours_left` fours left.
    fn refuted(&self, key: u64, fours_left: u32) -> bool {
        let (k, left, search) = self.slots[key as usize & (REFUTED_SLOTS - 1)];
        k == key && search == self.search && left >= fours_left
    }

    fn insert(&mut self, key: u64, fours_left: u32) {
        self.slots[key as usize & (REFUTED_SLOTS - 1)] = (key, fours_left, self.search);
    }
}

/// One VCF search: its node count and its table of refuted positions (none: the reference
/// the tests compare it with).
struct Vcf<'a> {
    nodes: u64,
    max_nodes: u64,
    refuted: Option<&'a mut Refuted>,
}

/// The VCF the opponent of the side to move would have if the side to move passed.
pub fn opponent_vcf(board: &mut Board, limits: ThreatLimits) -> Option<Vec<usize>> {
    board.pass();
    let found = vcf(board, limits);
    board.undo();
    found
}

/// Cells that give `color` a new four: empty cells of windows with three of its stones and none
/// of the other's.
pub fn four_moves(board: &Board, color: Color) -> Vec<usize> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for (w, cnt) in board.window_counts().iter().enumerate() {
        if cnt[color as usize] == 3 && cnt[color.opponent() as usize] == 0 {
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

impl Vcf<'_> {
    /// Whether the attacker (to move) has a VCF with at most `fours_left` fours; if so its
    /// line is in `line`.
    ///
    /// `block`: the defender's last stone, a forced block (`None` at the root). After one,
    /// the attacker has no completion cell (it had one, now blocked) and the defender's can
    /// only lie on the block's lines (the attacker's four took any it had before).
    fn search<B: ThreatBoard>(
        &mut self,
        board: &mut B,
        attacker: B::Color,
        fours_left: u32,
        block: Option<usize>,
        line: &mut Vec<usize>,
    ) -> bool {
        self.nodes += 1;
        let mut cells = Vec::new();
        if block.is_none() {
            board.winning_cells(attacker, &mut cells);
            if let Some(&c) = cells.first() {
                line.push(c);
                return true;
            }
        }
        if fours_left == 0 || self.nodes > self.max_nodes {
            return false;
        }
        let key = board.key();
        if self
            .refuted
            .as_ref()
            .is_some_and(|r| r.refuted(key, fours_left))
        {
            return false;
        }
        let defender = B::other(attacker);
        match block {
            Some(b) => board.winning_cells_after(defender, b, &mut cells),
            None => board.winning_cells(defender, &mut cells),
        }
        let must_block = match cells.len() {
            0 => None,
            1 => Some(cells[0]),
            _ => return false,
        };
        for c in board.four_cells(attacker) {
            if must_block.is_some_and(|b| b != c) || !board.may_play(c) {
                continue;
            }
            board.play_cell(c);
            board.winning_cells_after(attacker, c, &mut cells);
            let won = match cells.len() {
                0 => false, // not a four after all (exactly-five rule)
                1 if !board.may_play(cells[0]) => {
                    // The defender may not take the only block (a Renju forbidden point).
                    line.clear();
                    true
                }
                1 => {
                    let block = cells[0];
                    board.play_cell(block);
                    let ok = !board.has_won(defender)
                        && self.search(board, attacker, fours_left - 1, Some(block), line);
                    board.undo_cell();
                    if ok {
                        line.insert(0, block);
                    }
                    ok
                }
                _ => {
                    // Two completion cells: the defender takes one it may play (if any), the
                    // attacker completes another.
                    line.clear();
                    if let Some(&b) = cells.iter().find(|&&x| board.may_play(x)) {
                        let other = cells.iter().copied().find(|&x| x != b).expect("two cells");
                        line.extend([b, other]);
                    }
                    true
                }
            };
            board.undo_cell();
            if won {
                line.insert(0, c);
                return true;
            }
        }
        if let Some(refuted) = self
            .refuted
            .as_mut()
            .filter(|_| self.nodes <= self.max_nodes)
        {
            // Searched to the end: refuted.
            refuted.insert(key, fours_left);
        }
        false
    }
}

/// Whether `color` has a move that leaves it two or more completion cells (a straight four or a
/// double four): a win unless the opponent can make five first.
pub fn has_double_threat_move(board: &mut Board, color: Color) -> bool {
    let mut cells = Vec::new();
    for c in four_moves(board, color) {
        board.play_as(c, color);
        board.winning_cells(color, &mut cells);
        board.undo();
        if cells.len() >= 2 {
            return true;
        }
    }
    false
}

/// The defender's replies that can refute the attacker's three (the side that just moved is the
/// attacker; the defender is to move): every cell after which the attacker has no double-threat
/// move, and every cell that gives the defender a four (a counter-threat). Any other reply loses
/// to a straight four. Only cells of windows with three attacker stones and no defender stones,
/// and the defender's four moves, can matter, so only those are tried.
pub fn three_defences(board: &mut Board) -> Vec<usize> {
    let defender = board.to_move();
    let attacker = defender.opponent();
    let counters = four_moves(board, defender);
    let mut candidates = four_moves(board, attacker);
    for &c in &counters {
        if !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    candidates
        .into_iter()
        .filter(|&x| {
            if counters.contains(&x) {
                return true;
            }
            board.play_unchecked(x);
            let stops = !has_double_threat_move(board, attacker);
            board.undo();
            stops
        })
        .collect()
}

/// A VCT for the side to move of `board`: a first move that wins by fours and threes against every
/// defence within `limits` (fours and threes counted together in `max_fours`), or `None`. `board`
/// is restored.
pub fn vct(board: &mut Board, limits: ThreatLimits) -> Option<usize> {
    let mut nodes = 0;
    let attacker = board.to_move();
    vct_search(
        board,
        attacker,
        limits.max_fours,
        &mut nodes,
        limits.max_nodes,
    )
}

/// The VCT the opponent of the side to move would have if the side to move passed: its first move.
pub fn opponent_vct(board: &mut Board, limits: ThreatLimits) -> Option<usize> {
    board.pass();
    let found = vct(board, limits);
    board.undo();
    found
}

fn vct_search(
    board: &mut Board,
    attacker: Color,
    threats_left: u32,
    nodes: &mut u64,
    max_nodes: u64,
) -> Option<usize> {
    *nodes += 1;
    let mut cells = Vec::new();
    board.winning_cells(attacker, &mut cells);
    if let Some(&c) = cells.first() {
        return Some(c);
    }
    if threats_left == 0 || *nodes > max_nodes {
        return None;
    }
    board.winning_cells(attacker.opponent(), &mut cells);
    let must_block = match cells.len() {
        0 => None,
        1 => Some(cells[0]),
        _ => return None,
    };
    // Threat moves: fours first (forcing a single reply), then threes.
    let fours = four_moves(board, attacker);
    let mut threes = Vec::new();
    let geo = board.geometry();
    // A three needs a second threat after it: the straight four that wins if it is ignored.
    let windows = if threats_left >= 2 {
        board.window_counts()
    } else {
        &[]
    };
    for (w, cnt) in windows.iter().enumerate() {
        if cnt[attacker as usize] == 2 && cnt[attacker.opponent() as usize] == 0 {
            for &c in &geo.windows[w] {
                let c = c as usize;
                if board.at(c).is_none() && !fours.contains(&c) && !threes.contains(&c) {
                    threes.push(c);
                }
            }
        }
    }
    for (c, is_four) in fours
        .iter()
        .map(|&c| (c, true))
        .chain(threes.into_iter().map(|c| (c, false)))
    {
        if must_block.is_some_and(|b| b != c) {
            continue;
        }
        board.play_unchecked(c);
        let won = if is_four {
            board.winning_cells(attacker, &mut cells);
            match cells.len() {
                0 => false,
                1 => {
                    let block = cells[0];
                    board.play_unchecked(block);
                    let ok = !board.has_won(attacker.opponent())
                        && vct_search(board, attacker, threats_left - 1, nodes, max_nodes)
                            .is_some();
                    board.undo();
                    ok
                }
                _ => true, // two completion cells: the defender can take only one
            }
        } else if !has_double_threat_move(board, attacker) {
            false // not a three: the attacker would have no straight four to follow
        } else {
            three_defences(board).into_iter().all(|x| {
                board.play_unchecked(x);
                let ok = !board.has_won(attacker.opponent())
                    && vct_search(board, attacker, threats_left - 1, nodes, max_nodes).is_some();
                board.undo();
                ok
            })
        };
        board.undo();
        if won {
            return Some(c);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rule;

    fn board_from(moves: &[(i32, i32)]) -> Board {
        let mut b = Board::new(15, Rule::FiveOrMore);
        for &(r, c) in moves {
            let cell = b.cell(r, c).unwrap();
            b.play_unchecked(cell);
        }
        b
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

        /// The table of refuted positions changes no result the search without it reaches:
        /// on crowded random positions (stones in the centre 9×9, White passing at some of its
        /// turns, so that Black has fours to play in many orders), where the search without
        /// it ends within its limits the one with it gives the same result in no more nodes;
        /// where that one runs out of nodes, the one with the table finds a VCF whenever it
        /// does (perhaps an earlier one, which it had the nodes to finish).
        #[test]
        fn the_refuted_table_keeps_the_search_s_results(
            cells in proptest::collection::vec((3i32..12, 3i32..12, proptest::bool::ANY), 8..40),
            max_nodes in proptest::sample::select(vec![10u64, 30, 300, 100_000]),
        ) {
            let mut b = Board::new(15, Rule::FiveOrMore);
            for (r, c, pass) in cells {
                let cell = b.cell(r, c).unwrap();
                if b.at(cell).is_none() && !b.has_won(Color::Black) && !b.has_won(Color::White) {
                    b.play_unchecked(cell);
                    if pass && b.to_move() == Color::White {
                        b.pass();
                    }
                }
            }
            proptest::prop_assume!(!b.has_won(Color::Black) && !b.has_won(Color::White));
            let limits = ThreatLimits { max_fours: 12, max_nodes };
            let key = b.key();
            let (plain, plain_nodes) = vcf_counted(&mut b, limits, None);
            let mut refuted = Refuted {
                slots: vec![(0, 0, 0); REFUTED_SLOTS].into_boxed_slice(),
                search: 0,
            };
            refuted.next_search();
            let (tabled, tabled_nodes) = vcf_counted(&mut b, limits, Some(&mut refuted));
            proptest::prop_assert_eq!(b.key(), key, "restored");
            if plain_nodes <= max_nodes {
                proptest::prop_assert_eq!(&tabled, &plain);
                proptest::prop_assert!(tabled_nodes <= plain_nodes);
            }
            proptest::prop_assert!(tabled.is_some() || plain.is_none());
            if let Some(line) = &tabled {
                check_line(&mut b, line);
            }
            proptest::prop_assert_eq!(vcf(&mut b, limits), tabled);
        }
    }

    proptest::proptest! {
        /// The completion cells read through the last stone's windows are the full scan's, in
        /// its order, for both colors wherever that color had none before the stone (under
        /// either rule: exactly-five falls back to the scan).
        #[test]
        fn completion_cells_after_a_stone_are_the_scanned_ones(
            cells in proptest::collection::vec((2i32..13, 2i32..13), 4..80),
            exact in proptest::bool::ANY,
        ) {
            let rule = if exact { Rule::ExactlyFive } else { Rule::FiveOrMore };
            let mut b = Board::new(15, rule);
            for (r, c) in cells {
                let cell = b.cell(r, c).unwrap();
                if b.at(cell).is_some() || b.has_won(Color::Black) || b.has_won(Color::White) {
                    continue;
                }
                let colors = [Color::Black, Color::White];
                let had = colors.map(|color| {
                    let mut w = Vec::new();
                    b.winning_cells(color, &mut w);
                    !w.is_empty()
                });
                b.play_unchecked(cell);
                for (color, had) in colors.into_iter().zip(had) {
                    if had {
                        continue;
                    }
                    let (mut full, mut after) = (Vec::new(), Vec::new());
                    b.winning_cells(color, &mut full);
                    b.winning_cells_after(color, cell, &mut after);
                    proptest::prop_assert_eq!(after, full);
                }
            }
        }
    }

    /// Replays a VCF with the defender taking the completion cell each time: the attacker wins.
    fn check_line(b: &mut Board, line: &[usize]) {
        let attacker = b.to_move();
        for &c in line {
            b.play_unchecked(c);
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
        assert_eq!(b.to_move(), Color::Black);
        let line = vcf(&mut b, ThreatLimits::default()).expect("a VCF");
        check_line(&mut b, &line);
        assert_eq!(b.stones(), 12, "restored");
    }

    #[test]
    fn no_vcf_without_threes_and_the_defender_may_win_first() {
        let mut b = board_from(&[(7, 7), (0, 0)]);
        assert!(vcf(&mut b, ThreatLimits::default()).is_none());
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
        assert_eq!(b.to_move(), Color::Black);
        // Black's only hope would be a four that also blocks (0,4): there is none.
        assert!(vcf(&mut b, ThreatLimits::default()).is_none());
        // From White's side (if Black passed) the win is immediate.
        let line = opponent_vcf(&mut b, ThreatLimits::default()).expect("White wins");
        assert_eq!(line.len(), 1);
        assert_eq!(opponent_vct(&mut b, ThreatLimits::default()), Some(line[0]));
        assert_eq!(b.key(), b.compute_key());
    }
}
