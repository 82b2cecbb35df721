//! The search returns the exact brute-force minimax value on toy games, at every depth, with every
//! combination of TT / PVS / aspiration / killers / history, and with a quiescence search.

use search_core::score::{self, Score};
use search_core::{
    perft, Aspiration, Evaluator, Game, Iir, LateMovePruning, Limits, Lmr, Margin, MoveCount,
    NullMove, Outcome, Quiescence, SearchConfig, Searcher, Side, Singular, Switches,
};

/// A configuration with some parts switched off.
type Cfg = (SearchConfig, Switches);

fn searcher<G: Game>((config, switches): Cfg) -> Searcher<G> {
    Searcher::with_switches(config, switches)
}

/// Brute-force depth-limited negamax with the same conventions as the searcher: terminal outcomes
/// score by distance from the root, the leaves by the evaluator, draws by `draw` for `root`.
fn brute<G: Game, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    depth: u32,
    ply: usize,
    root: Side,
    draw: Score,
) -> Score {
    brute_opts(g, e, depth, ply, (root, draw), (0, 0), false, 0)
}

fn configs() -> Vec<Cfg> {
    let mut out = Vec::new();
    for bits in 0..32u32 {
        let config = SearchConfig {
            tt_mib: 1,
            aspiration: (bits & 4 != 0).then_some(Aspiration {
                window: 3,
                from_depth: 4,
            }),
            draw_score: 0,
            ..SearchConfig::default()
        };
        let switches = Switches {
            tt: bits & 1 != 0,
            pvs: bits & 2 != 0,
            killers: bits & 8 != 0,
            history: bits & 16 != 0,
        };
        out.push((config, switches));
    }
    out
}

/// Checks the searcher's value (and that its move achieves it) against brute force.
fn check<G: Game + Clone, E: Evaluator<G>>(g: &G, e: &E, depth: u32, cfg: Cfg) {
    let mut game = g.clone();
    let root = game.side_to_move();
    let draw = cfg.0.draw_score;
    let want = brute(&mut game, e, depth, 0, root, draw);
    let mut s = searcher::<G>(cfg);
    let r = s.search(&mut game, e, &Limits::depth(depth));
    assert_eq!(r.score, want, "depth {depth}, {cfg:?}");
    assert_eq!(r.stats.depth, r.stats.depth.min(depth));
    if let Some(mv) = r.best_move {
        assert_eq!(r.pv.first(), Some(&mv));
        game.make_move(mv);
        // The move achieves the value: searched to the depth the search completed.
        let child = -brute(&mut game, e, r.stats.depth - 1, 1, root, draw);
        assert_eq!(
            child,
            brute(&mut g.clone(), e, r.stats.depth, 0, root, draw)
        );
        game.unmake_move(mv);
    }
    assert_eq!(game.zobrist(), g.zobrist(), "search restores the position");
}

// ---------------------------------------------------------------- tic-tac-toe

#[derive(Clone)]
struct Ttt {
    cells: [u8; 9],
    stm: Side,
    stones: u32,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Ttt {
    fn new() -> Self {
        Ttt {
            cells: [0; 9],
            stm: Side::First,
            stones: 0,
        }
    }
    fn mark(side: Side) -> u8 {
        side.index() as u8 + 1
    }
}

impl Game for Ttt {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 9;
    fn side_to_move(&self) -> Side {
        self.stm
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
    }
    fn make_move(&mut self, mv: u8) {
        self.cells[mv as usize] = Ttt::mark(self.stm);
        self.stm = self.stm.opponent();
        self.stones += 1;
    }
    fn unmake_move(&mut self, mv: u8) {
        self.cells[mv as usize] = 0;
        self.stm = self.stm.opponent();
        self.stones -= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        let last = Ttt::mark(self.stm.opponent());
        LINES
            .iter()
            .any(|l| l.iter().all(|&i| self.cells[i] == last))
            .then_some(Outcome::Loss)
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    fn zobrist(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.stm.index() as u64, |h, &c| {
                h.wrapping_mul(0x100000001b3) ^ (c as u64 + 1)
            })
            .wrapping_mul(0x9E3779B97F4A7C15)
    }
    fn move_index(mv: u8) -> usize {
        mv as usize
    }
    fn make_null_move(&mut self) -> bool {
        self.stm = self.stm.opponent();
        true
    }
    fn unmake_null_move(&mut self) {
        self.stm = self.stm.opponent();
    }
}

/// Open lines (no opponent mark) weighted by own marks, for the side to move.
struct TttEval;
impl Evaluator<Ttt> for TttEval {
    fn evaluate(&self, g: &Ttt) -> Score {
        let me = Ttt::mark(g.stm);
        let mut v = 0;
        for l in LINES {
            let mine = l.iter().filter(|&&i| g.cells[i] == me).count() as i32;
            let theirs = l
                .iter()
                .filter(|&&i| g.cells[i] != 0 && g.cells[i] != me)
                .count() as i32;
            if theirs == 0 {
                v += mine * mine + 1;
            }
            if mine == 0 {
                v -= theirs * theirs + 1;
            }
        }
        v
    }
}

#[test]
fn tic_tac_toe_exact_at_every_depth() {
    let mut g = Ttt::new();
    // Games lasting all 9 plies: 81,792 won by X on the last move plus 46,080 draws.
    assert_eq!(perft(&mut g, 9), 127_872);
    assert_eq!(
        perft(&mut g, 5),
        15_120,
        "9·8·7·6·5: nobody can win before ply 5"
    );
    assert_eq!(
        perft(&mut g, 6),
        (15_120 - 1_440) * 4,
        "1,440 games end with X's win at ply 5"
    );
    for cfg in configs() {
        for depth in 1..=9 {
            check(&g, &TttEval, depth, cfg);
        }
    }
    // Full depth: tic-tac-toe is a draw.
    let r = Searcher::new(SearchConfig::default()).search(&mut g, &TttEval, &Limits::depth(9));
    assert_eq!(r.score, 0);
}

#[test]
fn tic_tac_toe_takes_the_fastest_win_and_the_slowest_loss() {
    // X: 0, 4; O: 1, 2 → X to move wins at once with 8.
    let mut g = Ttt::new();
    for mv in [0, 1, 4, 2] {
        g.make_move(mv);
    }
    for cfg in configs() {
        let r = searcher(cfg).search(&mut g, &TttEval, &Limits::depth(9));
        assert_eq!(r.score, score::win_in(1), "{cfg:?}");
        assert_eq!(r.best_move, Some(8));
        check(&g, &TttEval, 5, cfg);
    }
}

// ---------------------------------------------------------------- take-away

/// `n` stones; take 1, 2 or 3; whoever takes the last stone wins. Transpositions abound.
#[derive(Clone)]
struct TakeAway {
    n: u32,
    stm: Side,
}

impl Game for TakeAway {
    type Move = u32;
    const MOVE_INDEX_SPACE: usize = 4;
    fn side_to_move(&self) -> Side {
        self.stm
    }
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&k| k <= self.n));
    }
    fn make_move(&mut self, mv: u32) {
        self.n -= mv;
        self.stm = self.stm.opponent();
    }
    fn unmake_move(&mut self, mv: u32) {
        self.n += mv;
        self.stm = self.stm.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.n == 0).then_some(Outcome::Loss)
    }
    fn no_move_outcome(&self) -> Outcome {
        unreachable!("a non-empty heap always has a move")
    }
    fn zobrist(&self) -> u64 {
        (u64::from(self.n) * 2 + self.stm.index() as u64 + 1).wrapping_mul(0x9E3779B97F4A7C15)
    }
    fn move_index(mv: u32) -> usize {
        mv as usize
    }
    fn make_null_move(&mut self) -> bool {
        self.stm = self.stm.opponent();
        true
    }
    fn unmake_null_move(&mut self) {
        self.stm = self.stm.opponent();
    }
}

struct TakeEval;
impl Evaluator<TakeAway> for TakeEval {
    fn evaluate(&self, g: &TakeAway) -> Score {
        (g.n as i32 * 37 % 11) - 5
    }
}

#[test]
fn take_away_exact_when_solved_and_without_tt_at_every_depth() {
    for n in 1..=14 {
        let g = TakeAway {
            n,
            stm: Side::First,
        };
        for cfg in configs() {
            // Solved: value is a win iff n % 4 != 0, with the exact distance.
            check(&g, &TakeEval, n + 2, cfg);
            let r = searcher(cfg).search(&mut g.clone(), &TakeEval, &Limits::depth(n + 2));
            assert_eq!(r.score > 0, n % 4 != 0, "n={n}");
            if !cfg.1.tt {
                for depth in 1..=n {
                    check(&g, &TakeEval, depth, cfg);
                }
            }
        }
    }
}

#[test]
fn take_away_win_distance_is_the_shortest() {
    // n = 7: take 3 → 4 left (lost for the opponent); the opponent then needs 1 more move and we
    // take the rest: the win comes at ply 3 at best.
    let mut g = TakeAway {
        n: 7,
        stm: Side::First,
    };
    let r = Searcher::new(SearchConfig::default()).search(&mut g, &TakeEval, &Limits::depth(20));
    assert_eq!(r.best_move, Some(3));
    assert_eq!(r.score, score::win_in(3));
    assert_eq!(r.pv.len(), 3);
}

// ---------------------------------------------------------------- random trees

/// A random game tree without transpositions: the key is the path hash.
#[derive(Clone)]
struct Tree {
    path: Vec<u64>,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ceb9fe1a85ec53);
    x ^ (x >> 33)
}

impl Tree {
    fn node(&self) -> u64 {
        *self.path.last().expect("root")
    }
}

impl Game for Tree {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 6;
    fn side_to_move(&self) -> Side {
        if self.path.len() % 2 == 1 {
            Side::First
        } else {
            Side::Second
        }
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let n = if self.path.len() == 1 {
            6
        } else {
            mix(self.node()) % 6
        };
        moves.extend(0..n as u8);
    }
    fn make_move(&mut self, mv: u8) {
        let next = mix(self.node() ^ (u64::from(mv) + 1).wrapping_mul(0x9E3779B97F4A7C15));
        self.path.push(next);
    }
    fn unmake_move(&mut self, _mv: u8) {
        self.path.pop();
    }
    fn outcome(&self) -> Option<Outcome> {
        match mix(self.node() ^ 0xABCD) % 23 {
            0 if self.path.len() > 1 => Some(Outcome::Loss),
            1 if self.path.len() > 1 => Some(Outcome::Win),
            2 if self.path.len() > 1 => Some(Outcome::Score(-7)),
            _ => None,
        }
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    fn zobrist(&self) -> u64 {
        self.node()
    }
    fn move_index(mv: u8) -> usize {
        mv as usize
    }
    fn make_null_move(&mut self) -> bool {
        let next = mix(self.node() ^ 0xD00D);
        self.path.push(next);
        true
    }
    fn unmake_null_move(&mut self) {
        self.path.pop();
    }
}

struct TreeEval;
impl Evaluator<Tree> for TreeEval {
    fn evaluate(&self, g: &Tree) -> Score {
        (mix(g.node() ^ 0x5555) % 201) as Score - 100
    }
    fn move_hint(&self, g: &Tree, mv: u8) -> i32 {
        // Some hints, some none: exercises every ordering tier.
        (mix(g.node() ^ u64::from(mv)) % 7) as i32 - 3
    }
}

#[test]
fn random_trees_exact_at_every_depth_with_every_switch() {
    for seed in 0..40u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for (i, mut cfg) in configs().into_iter().enumerate() {
            cfg.0.draw_score = [0, -30, 25][(seed as usize + i) % 3];
            for depth in 1..=7 {
                check(&g, &TreeEval, depth, cfg);
            }
        }
    }
}

#[test]
fn node_limit_stops_with_a_legal_move() {
    let mut g = Ttt::new();
    for limit in [1u64, 10, 100, 1000] {
        let r =
            Searcher::new(SearchConfig::default()).search(&mut g, &TttEval, &Limits::nodes(limit));
        assert!(r.stats.nodes <= limit);
        let mv = r.best_move.expect("a move even when stopped at once");
        assert!(mv < 9);
        assert_eq!(g.stones, 0);
    }
}

#[test]
fn finished_or_moveless_roots_return_no_move() {
    let mut g = TakeAway {
        n: 0,
        stm: Side::Second,
    };
    let r = Searcher::new(SearchConfig::default()).search(&mut g, &TakeEval, &Limits::depth(3));
    assert_eq!((r.best_move, r.score), (None, score::loss_in(0)));
    let mut full = Ttt::new();
    for mv in [0, 1, 2, 4, 3, 5, 7, 6, 8] {
        full.make_move(mv);
    }
    // X O X / O X O / O X O... whichever: the board is full; if nobody has three it is a draw.
    let r = Searcher::new(SearchConfig::default()).search(&mut full, &TttEval, &Limits::depth(3));
    assert_eq!(r.best_move, None);
}

#[test]
fn exact_results_stop_the_deepening() {
    for cfg in configs() {
        let mut g = Ttt::new();
        let deep = searcher(cfg).search(&mut g, &TttEval, &Limits::depth(30));
        assert!(deep.exact, "{cfg:?}");
        // Games last at most 9 plies; a drawn full board is only known to have no moves one ply
        // later (moves are generated when depth remains), so iteration 10 is the first exact one.
        assert!(
            deep.stats.depth <= 10,
            "stopped once exact, at {}",
            deep.stats.depth
        );
        assert_eq!(deep.score, 0);
        let shallow = searcher(cfg).search(&mut g, &TttEval, &Limits::depth(3));
        assert!(
            !shallow.exact,
            "a 3-ply search of tic-tac-toe meets the horizon"
        );
        // Solved take-away heaps: exact, and a result that brute force confirms.
        let mut t = TakeAway {
            n: 9,
            stm: Side::First,
        };
        let r = searcher(cfg).search(&mut t, &TakeEval, &Limits::depth(40));
        assert!(r.exact);
        assert_eq!(r.score, brute(&mut t, &TakeEval, 40, 0, Side::First, 0));
    }
}

// ---------------------------------------------------------------- beam, LMR, extensions

/// Brute force as the searcher, plain (`beam` 0, no `extend`) or with its options below the
/// root: only the first `beam.0` moves by hint order at the root side's nodes and `beam.1` at
/// the opponent's (0: all; the searcher's first pick is the last move of the highest hint;
/// only a beam of one is modelled), and a node with one move
/// searching it at its own depth when `extend` holds; with `threats` > 0, the threat
/// extension ([`SearchConfig::threat_extension`]): a non-root node within `threats` plies of
/// the root whose side to move is threatened gets a ply more before the horizon is tested.
/// Draws score `draw` for `root`.
#[allow(clippy::too_many_arguments)]
fn brute_opts<G: Game, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    depth: u32,
    ply: usize,
    (root, draw): (Side, Score),
    beam: (usize, usize),
    extend: bool,
    threats: usize,
) -> Score {
    let stm = g.side_to_move();
    let score_of = |o: Outcome| match o {
        Outcome::Win => score::win_in(ply),
        Outcome::Loss => score::loss_in(ply),
        Outcome::Draw if stm == root => draw,
        Outcome::Draw => -draw,
        Outcome::Score(s) => s,
    };
    if let Some(o) = g.outcome() {
        return score_of(o);
    }
    let depth = depth + u32::from(ply > 0 && ply < threats && e.threatened(g));
    if depth == 0 {
        return e.evaluate(g);
    }
    let mut moves = Vec::new();
    g.generate_moves(&mut moves);
    if moves.is_empty() {
        return score_of(g.no_move_outcome());
    }
    let width = if stm == root { beam.0 } else { beam.1 };
    if ply > 0 && width > 0 && width < moves.len() {
        assert_eq!(width, 1, "the replica models a beam of one");
        let mut best = 0;
        for (i, &m) in moves.iter().enumerate() {
            if e.move_hint(g, m) >= e.move_hint(g, moves[best]) {
                best = i;
            }
        }
        moves = vec![moves[best]];
    }
    let next = depth - 1 + u32::from(extend && moves.len() == 1);
    let mut best = -score::INFINITY;
    for mv in moves {
        g.make_move(mv);
        best = best.max(-brute_opts(
            g,
            e,
            next,
            ply + 1,
            (root, draw),
            beam,
            extend,
            threats,
        ));
        g.unmake_move(mv);
    }
    best
}

/// The plain switches without the TT, killers or history, so that move order is the hints'.
fn hint_ordered() -> Vec<Cfg> {
    configs()
        .into_iter()
        .filter(|(_, sw)| !sw.tt && !sw.killers && !sw.history)
        .collect()
}

/// On random trees, with hint-ordered configurations changed by `with`: the searcher's value
/// at every depth up to `max_depth` equals [`brute_opts`] with `beam` and `extend`.
fn matches_replica(
    with: impl Fn(SearchConfig) -> SearchConfig,
    beam: (usize, usize),
    extend: bool,
    max_depth: u32,
) {
    for seed in 0..40u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for (cfg, sw) in hint_ordered() {
            let cfg = (with(cfg), sw);
            for depth in 1..=max_depth {
                let root = (Side::First, 0);
                let want = brute_opts(&mut g.clone(), &TreeEval, depth, 0, root, beam, extend, 0);
                let r = searcher(cfg).search(&mut g.clone(), &TreeEval, &Limits::depth(depth));
                assert_eq!(r.score, want, "seed {seed}, depth {depth}, {cfg:?}");
            }
        }
    }
}

#[test]
fn a_beam_of_one_follows_the_best_hint_below_the_root() {
    matches_replica(|c| SearchConfig { beam: Some(1), ..c }, (1, 1), false, 7);
}

#[test]
fn a_reply_beam_replaces_the_beam_at_the_opponents_nodes() {
    // The root side's nodes keep a beam of one; the opponent's are searched in full (a reply
    // beam wider than every node), then the other way round.
    let wide = |c| SearchConfig {
        beam: Some(1),
        reply_beam: Some(6),
        ..c
    };
    matches_replica(wide, (1, 0), false, 6);
    let narrow = |c| SearchConfig {
        beam: Some(6),
        reply_beam: Some(1),
        ..c
    };
    matches_replica(narrow, (0, 1), false, 6);
}

#[test]
fn a_beam_wider_than_every_node_changes_nothing() {
    for seed in 0..20u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for cfg in configs() {
            let wide = SearchConfig {
                beam: Some(6),
                ..cfg.0
            };
            check(&g, &TreeEval, 5, (wide, cfg.1));
        }
    }
}

#[test]
fn single_reply_extension_searches_forced_moves_for_free() {
    matches_replica(
        |c| SearchConfig {
            single_reply_extension: true,
            ..c
        },
        (0, 0),
        true,
        6,
    );
}

#[test]
fn the_threat_extension_searches_threatened_nodes_a_ply_deeper() {
    let mut changed = 0;
    for seed in 0..30u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for ((cfg, sw), reach) in hint_ordered()
            .into_iter()
            .flat_map(|c| [None, Some(0), Some(1), Some(3)].map(|r| (c, r)))
        {
            let cfg = (
                SearchConfig {
                    threat_extension: true,
                    threat_extension_reach: reach,
                    ..cfg
                },
                sw,
            );
            for depth in 1..=4 {
                let brute = |limit| {
                    let root = (Side::First, 0);
                    brute_opts(
                        &mut g.clone(),
                        &ThreatTreeEval,
                        depth,
                        0,
                        root,
                        (0, 0),
                        false,
                        limit,
                    )
                };
                // The extension's bound in plies from the root: the depth plus its reach.
                let bound = depth as usize + reach.map_or(depth as usize, |r| r as usize);
                let want = brute(bound);
                let r =
                    searcher(cfg).search(&mut g.clone(), &ThreatTreeEval, &Limits::depth(depth));
                assert_eq!(r.score, want, "seed {seed}, depth {depth}, {cfg:?}");
                changed += usize::from(want != brute(0));
            }
        }
    }
    assert!(changed > 0, "the extension never changed a value");
}

#[test]
fn reduced_searches_still_solve_the_toy_games() {
    for cfg in configs() {
        for (lmr, beam) in [((1, 1), None), ((2, 2), None), ((1, 1), Some(9))] {
            let cfg = (
                SearchConfig {
                    lmr: Some(Lmr::fixed(lmr.0, lmr.1)),
                    beam,
                    ..cfg.0
                },
                cfg.1,
            );
            let mut g = Ttt::new();
            let r = searcher(cfg).search(&mut g, &TttEval, &Limits::depth(30));
            assert!(r.exact, "{cfg:?}");
            assert_eq!(r.score, 0, "tic-tac-toe is a draw; {cfg:?}");
            for n in [5, 8, 11] {
                let mut t = TakeAway {
                    n,
                    stm: Side::First,
                };
                let r = searcher(cfg).search(&mut t, &TakeEval, &Limits::depth(40));
                assert!(r.exact);
                assert_eq!(r.score, brute(&mut t, &TakeEval, 40, 0, Side::First, 0));
            }
        }
    }
}

#[test]
fn a_narrow_beam_is_never_exact_where_it_pruned() {
    let mut g = Ttt::new();
    let cfg = SearchConfig {
        beam: Some(2),
        ..SearchConfig::default()
    };
    let r = Searcher::new(cfg).search(&mut g, &TttEval, &Limits::depth(30));
    assert!(!r.exact, "two moves a node cannot prove tic-tac-toe");
}

// ---------------------------------------------------------------- quiescence

/// [`TreeEval`] with quiescence moves: the moves with a positive hint, and no standing pat at
/// one node in five (as a player facing a threat).
struct QTreeEval;
impl Evaluator<Tree> for QTreeEval {
    fn evaluate(&self, g: &Tree) -> Score {
        TreeEval.evaluate(g)
    }
    fn move_hint(&self, g: &Tree, mv: u8) -> i32 {
        TreeEval.move_hint(g, mv)
    }
    fn quiescence_moves(&self, g: &Tree, _qply: u32, moves: &mut Vec<u8>) -> bool {
        let mut all = Vec::new();
        g.generate_moves(&mut all);
        moves.extend(all.into_iter().filter(|&m| TreeEval.move_hint(g, m) > 0));
        mix(g.node() ^ 0x7777) % 5 != 0
    }
}

/// Brute-force negamax to `depth`, then minimax over [`QTreeEval`]'s quiescence moves for at
/// most `qmax` plies, standing pat where it allows (draws 0).
fn brute_q(g: &mut Tree, depth: u32, qply: u32, qmax: u32, ply: usize) -> Score {
    let score_of = |o: Outcome| match o {
        Outcome::Win => score::win_in(ply),
        Outcome::Loss => score::loss_in(ply),
        Outcome::Draw => 0,
        Outcome::Score(s) => s,
    };
    if let Some(o) = g.outcome() {
        return score_of(o);
    }
    let mut moves = Vec::new();
    let mut best = -score::INFINITY;
    if depth > 0 {
        g.generate_moves(&mut moves);
        if moves.is_empty() {
            return score_of(g.no_move_outcome());
        }
    } else {
        if qply >= qmax {
            return QTreeEval.evaluate(g);
        }
        let stand = QTreeEval.quiescence_moves(g, qply, &mut moves);
        if stand || moves.is_empty() {
            best = QTreeEval.evaluate(g);
        }
    }
    for mv in moves {
        g.make_move(mv);
        let (d, q) = if depth > 0 {
            (depth - 1, 0)
        } else {
            (0, qply + 1)
        };
        best = best.max(-brute_q(g, d, q, qmax, ply + 1));
        g.unmake_move(mv);
    }
    best
}

/// With [`SearchConfig::quiescence`], with and without its transposition table, the
/// searcher's value at every depth is the minimax value of the depth-limited tree extended by
/// the quiescence moves (standing pat where allowed), with every switch; without it, the
/// quiescence moves are never asked for.
#[test]
fn quiescence_search_is_the_minimax_of_the_quiescence_moves() {
    let mut differs = 0;
    for seed in 0..30u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for (cfg, tt) in configs().into_iter().flat_map(|c| [(c, false), (c, true)]) {
            for qmax in 1..=3 {
                let cfg = (
                    SearchConfig {
                        quiescence: Some(Quiescence { plies: qmax, tt }),
                        ..cfg.0
                    },
                    cfg.1,
                );
                for depth in 1..=4 {
                    let want = brute_q(&mut g.clone(), depth, 0, qmax, 0);
                    let r = searcher(cfg).search(&mut g.clone(), &QTreeEval, &Limits::depth(depth));
                    assert_eq!(r.score, want, "seed {seed}, depth {depth}, {cfg:?}");
                    let plain = brute_q(&mut g.clone(), depth, 0, 0, 0);
                    differs += usize::from(plain != want);
                }
            }
        }
    }
    // The quiescence moves change the value in many of these trees (else the test tests
    // nothing).
    assert!(differs > 1000, "{differs}");
    for seed in 0..10u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        check(&g, &QTreeEval, 4, (SearchConfig::default(), Switches::ALL));
    }
}

// ---------------------------------------------------------------- pruning and extensions

/// [`TreeEval`] with a threat at one node in five (no null move, no futility there).
struct ThreatTreeEval;
impl Evaluator<Tree> for ThreatTreeEval {
    fn evaluate(&self, g: &Tree) -> Score {
        TreeEval.evaluate(g)
    }
    fn move_hint(&self, g: &Tree, mv: u8) -> i32 {
        TreeEval.move_hint(g, mv)
    }
    fn threatened(&self, g: &Tree) -> bool {
        mix(g.node() ^ 0x3333) % 5 == 0
    }
}

/// Each selective option alone, set to fire often on the toy evaluations (values ±100), and
/// all of them together.
fn selective_options() -> Vec<(&'static str, SearchConfig)> {
    let base = SearchConfig::default();
    let margin = Margin {
        max_depth: 3,
        base: 20,
        per_depth: 30,
    };
    let one = [
        (
            "razoring",
            SearchConfig {
                razoring: Some(margin),
                ..base
            },
        ),
        (
            "reverse futility",
            SearchConfig {
                reverse_futility: Some(margin),
                ..base
            },
        ),
        (
            "null move",
            SearchConfig {
                null_move: Some(NullMove {
                    min_depth: 2,
                    reduction: 1,
                    divisor: 3,
                    verify_from: Some(4),
                }),
                ..base
            },
        ),
        (
            "iir",
            SearchConfig {
                iir: Some(Iir { min_depth: 3 }),
                ..base
            },
        ),
        (
            "futility",
            SearchConfig {
                futility: Some(margin),
                ..base
            },
        ),
        (
            "late-move pruning",
            SearchConfig {
                late_move_pruning: Some(LateMovePruning {
                    max_depth: 3,
                    base: 1,
                    per_depth_sq: 1,
                }),
                ..base
            },
        ),
        (
            "move count",
            SearchConfig {
                move_count: Some(MoveCount {
                    base: 1,
                    percent: 50,
                    improving: false,
                    replies: true,
                }),
                ..base
            },
        ),
        (
            "move count at the root side's nodes only",
            SearchConfig {
                move_count: Some(MoveCount {
                    base: 1,
                    percent: 50,
                    improving: false,
                    replies: false,
                }),
                ..base
            },
        ),
        (
            "move count, halved unless improving",
            SearchConfig {
                move_count: Some(MoveCount {
                    base: 2,
                    percent: 50,
                    improving: true,
                    replies: true,
                }),
                ..base
            },
        ),
        (
            "lmr table",
            SearchConfig {
                lmr: Some(Lmr::table(1)),
                ..base
            },
        ),
        (
            "beam with its loss guard",
            SearchConfig {
                beam: Some(2),
                beam_loss_guard: true,
                ..base
            },
        ),
        (
            "singular",
            SearchConfig {
                singular: Some(Singular {
                    min_depth: 3,
                    margin_per_depth: 5,
                }),
                ..base
            },
        ),
    ];
    let mut all = base;
    for (_, c) in &one {
        all.razoring = all.razoring.or(c.razoring);
        all.reverse_futility = all.reverse_futility.or(c.reverse_futility);
        all.null_move = all.null_move.or(c.null_move);
        all.iir = all.iir.or(c.iir);
        all.futility = all.futility.or(c.futility);
        all.late_move_pruning = all.late_move_pruning.or(c.late_move_pruning);
        all.move_count = all.move_count.or(c.move_count);
        all.lmr = all.lmr.or(c.lmr);
        all.singular = all.singular.or(c.singular);
    }
    let mut out = one.to_vec();
    out.push(("all", all));
    out
}

/// The promises of [`search_core::config`], for `result` of a search of `g`: a result called
/// exact is the minimax value at the depth it completed, and a decisive score is a proof (a win
/// in `n` is a forced win within `n` plies, a loss in `n` a forced loss within `n`).
fn keeps_promises<G: Game + Clone, E: Evaluator<G>>(
    g: &G,
    e: &E,
    r: &search_core::SearchResult<G::Move>,
    what: &str,
) {
    let root = g.side_to_move();
    if r.exact {
        let want = brute(&mut g.clone(), e, r.stats.depth, 0, root, 0);
        assert_eq!(r.score, want, "{what}: called exact");
    }
    if let Some(n) = score::plies_to_end(r.score) {
        let truth = brute(&mut g.clone(), e, n, 0, root, 0);
        if r.score > 0 {
            assert!(truth >= r.score, "{what}: a win in {n} that is none");
        } else {
            assert!(truth <= r.score, "{what}: a loss in {n} that is none");
        }
    }
}

#[test]
fn every_selective_option_keeps_its_promises_on_random_trees() {
    let mut plain_nodes = 0;
    let mut nodes = vec![0u64; selective_options().len()];
    let mut decisive = 0;
    for seed in 0..40u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for depth in 1..=7 {
            let limits = Limits::depth(depth);
            plain_nodes += Searcher::new(SearchConfig::default())
                .search(&mut g.clone(), &ThreatTreeEval, &limits)
                .stats
                .nodes;
            for (k, (name, cfg)) in selective_options().into_iter().enumerate() {
                for sw in [
                    Switches::ALL,
                    Switches {
                        pvs: false,
                        ..Switches::ALL
                    },
                ] {
                    let mut game = g.clone();
                    let r = Searcher::with_switches(cfg, sw).search(
                        &mut game,
                        &ThreatTreeEval,
                        &limits,
                    );
                    assert_eq!(game.path, g.path, "{name}: the position is restored");
                    let what = format!("{name}, seed {seed}, depth {depth}, {sw:?}");
                    keeps_promises(&g, &ThreatTreeEval, &r, &what);
                    decisive += usize::from(score::is_decisive(r.score));
                    if sw == Switches::ALL {
                        nodes[k] += r.stats.nodes;
                    }
                }
            }
        }
    }
    // The trees hold decisive results for the promises to be tested on.
    assert!(decisive > 100, "{decisive}");
    // Each option changes the search (else this test tests nothing).
    for ((name, _), n) in selective_options().into_iter().zip(nodes) {
        assert_ne!(n, plain_nodes, "{name} never fired");
    }
}

/// The nodes `config`'s search visits to `depth` on the 40 random trees of seeds 1 to 40, each
/// searched by a fresh searcher.
fn tree_nodes(config: SearchConfig, depth: u32) -> u64 {
    (0..40u64)
        .map(|seed| {
            let mut g = Tree {
                path: vec![mix(seed + 1)],
            };
            Searcher::new(config)
                .search(&mut g, &TreeEval, &Limits::depth(depth))
                .stats
                .nodes
        })
        .sum()
}

#[test]
fn the_move_count_halved_unless_improving_searches_fewer_nodes() {
    let nodes = |improving: bool| {
        let config = SearchConfig {
            move_count: Some(MoveCount {
                base: 2,
                percent: 60,
                improving,
                replies: true,
            }),
            ..SearchConfig::default()
        };
        (1..=6).map(|depth| tree_nodes(config, depth)).sum::<u64>()
    };
    let (full, halved) = (nodes(false), nodes(true));
    assert!(halved < full, "{halved} nodes halved, {full} not");
}

/// Without [`MoveCount::replies`] the count prunes the root side's nodes alone: at depth 2,
/// where the nodes below the root that have moves are all the opponent's, the tree is the
/// one without a count; one ply deeper it is smaller.
#[test]
fn the_move_count_without_replies_prunes_only_the_root_sides_nodes() {
    let nodes = |count: Option<bool>, depth: u32| {
        let config = SearchConfig {
            move_count: count.map(|replies| MoveCount {
                base: 1,
                percent: 40,
                improving: false,
                replies,
            }),
            ..SearchConfig::default()
        };
        tree_nodes(config, depth)
    };
    // At depth 2 every node with moves below the root is the opponent's.
    let (every, own, none) = (nodes(Some(true), 2), nodes(Some(false), 2), nodes(None, 2));
    assert!(
        every < none,
        "{every} nodes pruned everywhere, {none} without a count"
    );
    assert_eq!(own, none);
    // At depth 3 the root side's nodes two plies down are pruned.
    let (own, none) = (nodes(Some(false), 3), nodes(None, 3));
    assert!(
        own < none,
        "{own} nodes pruned at our nodes, {none} without a count"
    );
}

/// Whether `r`'s score, if decisive, is a proof (as [`keeps_promises`] asks).
fn decisive_is_proved<G: Game + Clone, E: Evaluator<G>>(
    g: &G,
    e: &E,
    r: &search_core::SearchResult<G::Move>,
) -> bool {
    let Some(n) = score::plies_to_end(r.score) else {
        return true;
    };
    let truth = brute(&mut g.clone(), e, n, 0, g.side_to_move(), 0);
    if r.score > 0 {
        truth >= r.score
    } else {
        truth <= r.score
    }
}

/// A beam alone reports wins and losses that are none (the opponent's cut replies held), on
/// the same trees where the loss guard's searches are proofs (every one of them, by
/// [`every_selective_option_keeps_its_promises_on_random_trees`]); so that test of the guard
/// could fail.
#[test]
fn a_beam_without_its_loss_guard_reports_decisive_scores_that_are_no_proof() {
    let (mut unproved, mut guarded_unproved) = (0, 0);
    for seed in 0..40u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        for depth in 1..=7 {
            for (guard, count) in [(false, &mut unproved), (true, &mut guarded_unproved)] {
                let cfg = SearchConfig {
                    beam: Some(2),
                    beam_loss_guard: guard,
                    ..SearchConfig::default()
                };
                let r = Searcher::new(cfg).search(
                    &mut g.clone(),
                    &ThreatTreeEval,
                    &Limits::depth(depth),
                );
                *count += usize::from(!decisive_is_proved(&g, &ThreatTreeEval, &r));
            }
        }
    }
    assert!(unproved > 0, "the beam alone proved everything it claimed");
    assert_eq!(guarded_unproved, 0);
}

#[test]
fn selective_options_keep_their_promises_on_the_toy_games() {
    for (name, cfg) in selective_options() {
        let mut g = Ttt::new();
        for depth in [3, 5, 9, 12] {
            let r = Searcher::new(cfg).search(&mut g, &TttEval, &Limits::depth(depth));
            assert_eq!(g.stones, 0);
            keeps_promises(&g, &TttEval, &r, name);
            // Tic-tac-toe is a draw: nothing may prove otherwise.
            assert!(!score::is_decisive(r.score), "{name}: {}", r.score);
        }
        for n in 1..=13 {
            let t = TakeAway {
                n,
                stm: Side::First,
            };
            let r = Searcher::new(cfg).search(&mut t.clone(), &TakeEval, &Limits::depth(n + 4));
            keeps_promises(&t, &TakeEval, &r, name);
            if score::is_decisive(r.score) {
                assert_eq!(r.score > 0, n % 4 != 0, "{name}: n = {n}");
            }
        }
    }
}

// ---------------------------------------------------------------- staged move generation

/// [`Tree`] generating its moves in stages: the even moves are "forcing", the odd ones quiet;
/// it counts how often each stage was generated.
#[derive(Clone)]
struct StagedTree {
    tree: Tree,
    forcing_generations: std::rc::Rc<std::cell::Cell<u64>>,
    quiet_generations: std::rc::Rc<std::cell::Cell<u64>>,
}

impl Game for StagedTree {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 6;
    const STAGED: bool = true;
    fn side_to_move(&self) -> Side {
        self.tree.side_to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        self.tree.generate_moves(moves)
    }
    fn make_move(&mut self, mv: u8) {
        self.tree.make_move(mv)
    }
    fn unmake_move(&mut self, mv: u8) {
        self.tree.unmake_move(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.tree.outcome()
    }
    fn no_move_outcome(&self) -> Outcome {
        self.tree.no_move_outcome()
    }
    fn zobrist(&self) -> u64 {
        self.tree.zobrist()
    }
    fn move_index(mv: u8) -> usize {
        mv as usize
    }
    fn generate_forcing_moves(&self, moves: &mut Vec<u8>) {
        self.forcing_generations
            .set(self.forcing_generations.get() + 1);
        let mut all = Vec::new();
        self.tree.generate_moves(&mut all);
        moves.extend(all.into_iter().filter(|m| m % 2 == 0));
    }
    fn generate_quiet_moves(&self, moves: &mut Vec<u8>) {
        self.quiet_generations.set(self.quiet_generations.get() + 1);
        let mut all = Vec::new();
        self.tree.generate_moves(&mut all);
        moves.extend(all.into_iter().filter(|m| m % 2 == 1));
    }
    fn is_legal_move(&self, mv: u8) -> bool {
        let mut all = Vec::new();
        self.tree.generate_moves(&mut all);
        all.contains(&mv)
    }
}

struct StagedEval;
impl Evaluator<StagedTree> for StagedEval {
    fn evaluate(&self, g: &StagedTree) -> Score {
        TreeEval.evaluate(&g.tree)
    }
    fn move_hint(&self, g: &StagedTree, mv: u8) -> i32 {
        TreeEval.move_hint(&g.tree, mv)
    }
}

#[test]
fn staged_generation_searches_every_move_once_and_spares_quiet_lists() {
    let (mut forcing_lists, mut quiet_lists) = (0, 0);
    for seed in 0..40u64 {
        let g = StagedTree {
            tree: Tree {
                path: vec![mix(seed + 1)],
            },
            forcing_generations: Default::default(),
            quiet_generations: Default::default(),
        };
        for cfg in configs() {
            for depth in 1..=6 {
                // The same values as brute force with every switch (a move searched twice or
                // never would change some of them).
                check(&g, &StagedEval, depth, cfg);
            }
        }
        g.forcing_generations.set(0);
        g.quiet_generations.set(0);
        Searcher::new(SearchConfig::default()).search(
            &mut g.clone(),
            &StagedEval,
            &Limits::depth(7),
        );
        forcing_lists += g.forcing_generations.get();
        quiet_lists += g.quiet_generations.get();
    }
    // Cut-offs by a forcing move or a killer leave the quiet moves ungenerated (and by the TT
    // move, the forcing ones too).
    assert!(
        quiet_lists * 10 < forcing_lists * 9,
        "{quiet_lists} quiet lists, {forcing_lists} forcing lists"
    );
}

#[test]
fn counter_moves_reorder_without_changing_any_value() {
    let (mut with, mut without) = (0u64, 0u64);
    for seed in 0..30u64 {
        let g = Tree {
            path: vec![mix(seed + 1)],
        };
        let staged = StagedTree {
            tree: g.clone(),
            forcing_generations: Default::default(),
            quiet_generations: Default::default(),
        };
        for (cfg, sw) in configs() {
            let on = SearchConfig {
                counter_moves: true,
                ..cfg
            };
            for depth in 1..=6 {
                check(&g, &TreeEval, depth, (on, sw));
                check(&staged, &StagedEval, depth, (on, sw));
            }
        }
        let nodes = |counter_moves| {
            let cfg = SearchConfig {
                counter_moves,
                ..SearchConfig::default()
            };
            Searcher::new(cfg)
                .search(&mut g.clone(), &TreeEval, &Limits::depth(8))
                .stats
                .nodes
        };
        with += nodes(true);
        without += nodes(false);
    }
    let mut t = Ttt::new();
    let on = SearchConfig {
        counter_moves: true,
        ..SearchConfig::default()
    };
    for depth in 1..=9 {
        check(&t, &TttEval, depth, (on, Switches::ALL));
    }
    assert_eq!(
        Searcher::new(on)
            .search(&mut t, &TttEval, &Limits::depth(9))
            .score,
        0
    );
    // The ordering changes the trees (else this test tests nothing).
    assert_ne!(with, without);
}
