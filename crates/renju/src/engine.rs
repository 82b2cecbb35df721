//! Choosing a move under the ALPHANO whole-game clock.
//!
//! In order: the centre on turn 1; a single forced move as it is; Black's third stone from
//! the opening book after a White stone beside the centre on a row or column ([`book_move`],
//! Kagetsu); a position of the position book ([`PositionBook::builtin`]) with its move; our
//! own VCF (victory by
//! continuous fours: Black never on a forbidden point, White winning when Black's only block is
//! forbidden) — its first move; if the opponent has no VCF, our win by threats (fours, threes
//! and moves that threaten a VCF, against every defence: df-pn, [`crate::dfpn`], within a third
//! of the move's share, its table kept from move to move; with
//! [`EngineConfig::quiet_threats`], when df-pn refutes them in less, a quiet move that
//! threatens such a win, [`Prover::prove_quiet`], in the rest of that third);
//! if the opponent would have a VCF were we to pass, only the moves after which it has none
//! (tried first: the points of its winning line and our own fours) are left to the search;
//! then iterative-deepening PVS (search-core) with [`PatternEval`] over the candidate
//! moves, and past its horizon a quiescence search of fours and their blocks (4 plies, the
//! side to move standing pat unless it must block a four) — for Black, below the root only the first 12 of each node in move order, and those
//! after the third searched a ply shallower first (late-move reductions): about three plies
//! deeper in the same time than the full width, which wins the attack; White, defending,
//! searches the full width, pruned only by Rapfi's move count (at most `3 + depth^1.32` moves
//! a node below the root once one is no loss). Whatever happens, the move returned is legal.
//!
//! Time ([`RENJU_CLOCK`]): this move's share is an eighth of the clock left less a margin and
//! a reserve, doubled when the opponent threatens (a VCF, a four or a three), and never more
//! than a quarter of what is left.

use crate::book::{EntryKind, PositionBook};
use crate::dfpn::{Proof, ProofLimits, Prover};
use crate::eval::{
    PairEval, PatternEval, QuadEval, QuietOrderEval, ShapeEval, SidedEval, ValueOrder,
};
use crate::position::Position;
use gomoku::threats::{self, ThreatBoard};
use renju_rules::game::{Move, Opening, RenjuGame as RulesGame};
use renju_rules::{Color, Point, SIZE};
use search_core::score::MATE_BOUND;
use search_core::{
    Aspiration, ClockPlan, Evaluator, Game, Iir, Iteration, LateMovePruning, Limits, Lmr, Margin,
    MoveCount, NullMove, Quiescence, SearchConfig, SearchResult, Searcher, Selective, Singular,
    TimeStability,
};
use std::time::{Duration, Instant};

/// The quiescence search of [`EngineConfig::verify_search`]'s check: 16 plies of fours and
/// their blocks (narrowed to the attacker's last stone from [`crate::eval::NARROW_VCF_FROM`]),
/// with the table.
pub const VERIFY_QUIESCENCE: Quiescence = Quiescence {
    plies: 16,
    tt: true,
};

/// The table of [`EngineConfig::verify_search`]'s check, in MiB.
pub const VERIFY_TT_MIB: usize = 16;

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct EngineConfig {
    /// Kept back from the clock on every move, in ms (process and pipe latency, scheduling).
    pub margin_ms: u64,
    /// The search's settings when the engine plays Black and when it plays White
    /// ([`SearchConfig`]; the table is made once, with Black's `tt_mib`). Black's: a beam of 12
    /// (below the root only the first 12 moves of a node in move order,
    /// [`SearchConfig::beam`]) and late-move reductions after the third move by one ply:
    /// 499 of 500 games won against greedy (seeds 100000…), where the full width won 424 (18
    /// drawn). The beam cuts White's replies in Black's search too, so a mate that search
    /// scores is no proof; `black_reply_beam=N` widens the beam at White's nodes alone. With
    /// 24, Black won 186 of 200 against Rapfi at 1/8 of our clock from four random stones
    /// (`--a-side first --opening-plies 4`, 50 games each on `--seed 31`, `1031`, `2031`,
    /// `3031`) where the beam of 12 there won 177 on the same day (openings won by one of the
    /// two only: 13 by 24, 4 by 12), and from the empty board 47/100 (45–5 as Black, 2–48
    /// as White, `--seed 5700`) where the defaults scored 45/100 (43–7, 2–48). Not the default:
    /// in self-play at 3 s clocks against the defaults (`--opening-plies 4 --seed 6100 --sprt 0
    /// 20`) H0 was accepted at 1,805 games, 899/9/897, Elo +0 (95%: −16 … +16); as Black it won
    /// 89.6% there, the defaults 89.2%. Rapfi's move count in place of Black's beam
    /// (`black_beam=0 black_move_count=100`) won 317 of 350 such Black games (seven seeds,
    /// stop 57) where the beam of 12 won 302 (openings won by one of the two only: 33 to 18,
    /// p = 0.049); with it the 1/8 rung on `--seed 31` read 51/100 (48–2, 3–47) and Black won
    /// 47 of 50 from the empty board. Not the default either: in self-play at 3 s clocks
    /// (`--seed 57000 --sprt 0 20`) it was undecided at 642 games, 322/3/317, Elo +3 (95%:
    /// −24 … +30). White's: the full width without reductions, which won 499
    /// of 500 there, where 12 won 487, and Rapfi's move-count pruning ([`MoveCount::RAPFI`],
    /// option `white_move_count`; figures in [`EngineConfig::default`]'s source). Both: no
    /// single-reply extension (on top of the beam it lost a 60-game match against the same
    /// engine without, 24/2/34), an aspiration window of 200, and a quiescence search of 4
    /// plies of fours and blocks (`quiescence`: SPRT against the engine without, 5 s clocks,
    /// varied openings: 151/1/106, Elo +61, 95% +19 … +105); White's reads 16 plies with the
    /// table, with its selective options ([`EngineConfig::selective`]).
    pub search: [SearchConfig; 2],
    /// Optional node cap per search (reproducible play in tests).
    pub max_nodes: Option<u64>,
    /// Share of the clock to use, in percent (a weaker engine for reference matches).
    pub clock_percent: u64,
    /// Most ms one move may take, whatever the clock (a per-turn limit, as Gomocup's
    /// `timeout_turn`); `None`: the whole-game clock alone decides.
    pub turn_ms: Option<u64>,
    /// Limits of each VCF search of the opponent (one per defence tried).
    pub vcf: threats::ThreatLimits,
    /// Limits of our own VCF searches after each reply to a three.
    pub own_vcf: threats::ThreatLimits,
    /// How the game's clock is spread over our moves (search-core's [`ClockPlan`]; by default
    /// [`RENJU_CLOCK`]).
    pub clock: ClockPlan,
    /// Facing a VCF, prefer the defences that also leave the opponent no win by threats
    /// ([`crate::dfpn`]) found within a sixth of the move's share.
    pub defend_vct: bool,
    /// When the opponent has no VCF but would win by threats were we to pass (proved within
    /// a sixth of the move's share), leave to the search only the moves after which it
    /// proves none (tried within a third of the share).
    pub defend_threats: bool,
    /// When our threats alone are refuted (df-pn disproves them) before the prover's time is
    /// up, look for a quiet move that threatens a win by threats in the time left
    /// ([`Prover::prove_quiet`]). Off: in play it measured no gain (600 games against the
    /// engine without it, 5 s clocks, varied openings: 296/0/304, Elo −5, 95% −33 … +23).
    pub quiet_threats: bool,
    /// Check the search's move before playing it: when the opponent proves a win by threats
    /// after it ([`crate::dfpn`], each proof within a quarter of the move's share), search
    /// again without it, until a move holds or twice the share is spent (the search's first
    /// choice stands when none is found to hold). Off: in self-play at 3 s clocks against the
    /// engine without it (`--opening-plies 4 --seed 5800 --sprt 0 20`) 2,000 games gave
    /// 1000/14/986, Elo +2 (95%: −13 … +18), LLR −2.52, no sign of a gain.
    pub verify_move: bool,
    /// With [`EngineConfig::verify_move`], this percent of the move's share for each check,
    /// which is then the opponent's alpha-beta search in place of df-pn: the opponent's own
    /// settings (for White's moves, Black's attacking search: its beam and reductions) with
    /// a quiescence search of 16 plies that uses the table (the deep VCF,
    /// [`VERIFY_QUIESCENCE`]), its table kept from move to move ([`VERIFY_TT_MIB`]). The
    /// move is refuted when that search scores a win for the opponent. Its worth as a gauge
    /// (`examples/search_mates`, node counts, so the same on any machine): on the 19 positions
    /// after White blunders of `tests/data/white-blunders.txt`, 500k nodes a position, it
    /// finds a win for Black in 10 (Rapfi's winning move in 8), where White's own settings
    /// find 1 (0) and Black's without the deep VCF 1 (1); after the 23 defences Rapfi chose
    /// there (`tests/data/missed-defences.txt`) it claims 1 (a win our df-pn proves too).
    /// Off (0: the checks are df-pn's): White against Rapfi at 1/16 from the balanced
    /// positions (`tests/data/white-balanced.txt`, `--a-side second --games 120 --seed 6700`)
    /// won 24/120 with `verify_move=1 verify_search=50`, where the defaults won 29.
    pub verify_search: u32,
    /// Which of search-core's selective options the search uses when Black and when White is
    /// to move at the root (indexed as [`EngineConfig::search`]), each with Renju's values
    /// ([`renju_selective`]); `lmr` stands for [`EngineConfig::search`]'s own reductions (on:
    /// Black's late-move reductions as set there). White's null move, razoring and reverse
    /// futility are on (with White's deep VCF; figures in [`EngineConfig::default`]'s
    /// source); the others are off until a match shows their worth.
    pub selective: [Selective; 2],
    /// With `Some(scale)`, the search orders quiet moves by killers, counter-moves, history
    /// and their points' value ([`QuietOrderEval`] with that scale around the evaluation
    /// chosen), where [`PatternEval`]'s hints order every move by its threats alone; quiet
    /// moves are then what futility and late-move pruning may skip. Off until measured.
    pub quiet_order: Option<i32>,
    /// The search answers the opponent's four-three and double-four points as it answers an
    /// open three: only the points on those threats' lines and its own fours
    /// ([`Position::set_defend_combinations`]). Off until measured.
    pub defend_combinations: bool,
    /// The search evaluates with [`PairEval`] (the pattern evaluation plus counts of the
    /// points by the pair of what each player makes there, fitted to Rapfi's judgement) in
    /// place of [`PatternEval`]. Off until measured.
    pub pair_eval: bool,
    /// The search evaluates with [`ShapeEval`] (the pattern evaluation plus counts of the
    /// points by the pair of shapes of their two best lines, for each color) in place of
    /// [`PatternEval`]. On by default, with the threat extension and
    /// [`EngineConfig::prove_under_threat`], flipped together: a self-play SPRT at 3 s clocks,
    /// all three against none (`--seed 7600 --sprt 0 20`, 3ea898b's engine), accepted H1 at
    /// 1,086 games, 581/4/501, Elo +26 (95%: +5 … +46); against Rapfi at 1/8 they scored
    /// 126/300 on three opening sets where the previous defaults scored about 114.
    pub shape_eval: bool,
    /// The search evaluates with [`SidedEval`] (the pattern features weighed by a set for each
    /// side to move, fitted to Rapfi's judgement) while the board holds at most this many
    /// stones, [`PatternEval`] after: 0, never (the default); `SIZE * SIZE`, the whole game
    /// (option `sided_eval=1`); a few, the opening judged by the fit and the rest of the game
    /// by the pattern evaluation (option `sided_eval_until=STONES`). Off until measured.
    pub sided_eval_until: usize,
    /// Both of the engine's threat provers (and [`prove_win`]) search with weak proof numbers
    /// ([`Prover::set_weak_numbers`], the prover's own default); off, they sum. On: weak
    /// numbers prove more (tactical suite at 1 s: 322 against 318 at 39bbb74's speed; 318
    /// against 315 before), and in play they are not weaker: a non-regression SPRT in
    /// self-play at 3 s clocks (`--seed 5100 --sprt -20 5`, 39bbb74) accepted H1 at 1,052
    /// games, 534/1/517, Elo +6 (95%: −15 … +27). Earlier: at 5 s (`--seed 4600 --sprt 0
    /// 40`) 217/1/218, H0 accepted (not +40 better); against Rapfi at 1/8 (`--seed 31`,
    /// `1031`) 33/100 and 40/100 where sums scored 38 and 40 on the same openings.
    pub weak_numbers: bool,
    /// Our threat prover (df-pn) runs when the opponent threatens a VCF too (its fours are
    /// among the defences a proof must beat, so a proof stands); off, it runs only when the
    /// opponent has none, and a win by threats that must outpace the opponent's VCF is left
    /// to the search. On by default, with [`EngineConfig::shape_eval`] and the threat
    /// extension (the figures there).
    pub prove_under_threat: bool,
    /// The search's move hints break ties by the point's value ([`ValueOrder`] around the
    /// evaluation chosen; with [`EngineConfig::quiet_order`] too, the quiet moves keep that
    /// option's order). On by default: in self-play at 3 s clocks against the same engine
    /// without it (`--opening-plies 4 --seed 7800 --sprt 0 20`) H1 was accepted at 3,020
    /// games, 1573/12/1435, Elo +16 (95%: +4 … +28); against Rapfi at 1/8 of our clock
    /// (`--seed 31`, 100 games) 44/100 where the engine without it scored 41 on the same
    /// openings.
    pub value_order: bool,
    /// Black's third stone from [`book_move`] (Renju opening theory: Kagetsu) when the board
    /// holds the centre stone and a White stone beside it on a row or column, in place of a
    /// search. On by default: in self-play at 3 s clocks against the engine without it, from
    /// a random White second stone (`--opening-plies 2 --seed 5600 --sprt 0 20`), H1 was
    /// accepted at 693 games, 382/0/311, Elo +36 (95%: +10 … +62); there Black won 68 of 68
    /// direct openings with it and 53 of 68 without. Against Rapfi at 1/8 of our clock as
    /// Black from the same kind of openings (`--seed 5500`, 40 games) 33/40 where the engine
    /// without it scored 19/40 (direct openings 17/19 against 3/19); from the empty board,
    /// where every ALPHANO game starts (`--seed 5700`, 100 games), 45/100 (43–7 as Black,
    /// 2–48 as White) where the engine without it scored 9/100 (1–49 as Black, 8–42 as
    /// White: the same White, the difference is Rapfi's choice among a few lines).
    pub opening_book: bool,
    /// Which entries of [`PositionBook::builtin`] (moves our own searches chose in minutes,
    /// for positions met in play) are played in place of a search, after a forced move and
    /// [`book_move`]: 0 none, 1 the wins ([`EntryKind::Win`]), 2 the wins and the choices
    /// ([`EntryKind::Choice`]). 2 by default. The book's choices are White's moves in its main
    /// line from the empty board against Rapfi (15 to 23 stones). With them
    /// (`--a-arg=position_book=2`, before the default changed), against Rapfi at 1/8: White's
    /// half from the empty board (`--a-side second --games 50 --seed 6510`) 37/50, where four
    /// runs without them went 3, 0, 4.5 and 9 of 50; the whole 1/8 rung (`--seed 6520`, 100
    /// games, 0 failures, at most 84% of our clock) **88/100**, 50–0 as Black and 38–12 as
    /// White. At 1 (the default before that) the book's wins are Black's 14-, 16- and
    /// 18-stone moves of the line that follows Rapfi's fourth stone `6 8`, where our Black lost
    /// every game at 1/8 of our clock. With it (`--a-arg=position_book=1`, before the default
    /// changed) that line from its eighth stone against Rapfi at 1/8 (`--boards line68.open
    /// --a-side first --games 20 --seed 6500`, the file in docs/renju.md) went 20/20, where
    /// the runs of stops 62–64 with several settings went 0/20 each; the 1/8 rung from the
    /// empty board (`--seed 6500`, 100 games, 0 failures, at most 84% of our clock) read
    /// **59/100**, 50–0 as Black (Rapfi's fourth stone `6 8` in 6 games, all won) and 9–41 as
    /// White, where seven runs without it averaged 44. No self-play SPRT for either level:
    /// the book's positions do not arise in self-play from random stones. What the book
    /// does not do is make the search stronger: it answers the lines Rapfi has played.
    pub position_book: u8,
    /// Every search starts from empty tables ([`Searcher::clear`]: the transposition table,
    /// history, killers and counter-moves), where by default the entries of our earlier moves'
    /// searches are kept (older ones easier to replace). Made for one of the positions where
    /// our Black lost to Rapfi from the empty board (`--seed 5700`, game 8, 16 stones): the
    /// search on the kept table played 3 9, and on an empty one (the table alone emptied, too)
    /// 5 10, which it scores as a mate within 2 s. That mate is no proof (White's replies are
    /// cut by Black's beam; with `black_reply_beam=24` the score is 53,388), and Black lost all
    /// 14 games where it was played. Off: against Rapfi at 1/8 of our clock from the empty
    /// board (`--seed 5700`, 100 games) 40/100 (36–14 as Black, 4–46 as White) where the
    /// engine without it scored 45/100; as Black from four random stones (`--a-side first
    /// --opening-plies 4`, 50 games each on `--seed 31` and `1031`) 92/100 where the engine
    /// without it scored 90/100 on the same day.
    pub fresh_tables: bool,
    /// The search evaluates with [`QuadEval`] (every point valued by the class of its four
    /// line shapes for each color, [`crate::eval::QUAD_WEIGHTS`]) in place of the evaluation
    /// chosen by the options above. Off: as Black against Rapfi at 1/8 of our clock
    /// (`--a-side first --opening-plies 4`, 50 games each on `--seed 5031` and `6031`) 45 and
    /// 39, where the defaults scored 44 and 41 on the same day.
    pub quad_eval: bool,
    /// White's second stone beside the centre on a row or column, a direct opening
    /// ([`direct_second`]), in place of a search (which plays it diagonal to the centre, an
    /// indirect opening). Off: against Rapfi at 1/8 of our clock from a random second stone
    /// (`--opening-plies 2 --a-side second --seed 7100`, 50 games) White won 4 of 28 direct
    /// openings and 0 of 22 indirect ones, but from the empty board with it (`--a-side second
    /// --seed 5700`) 2 of 50, as the search's indirect stone did (2 of 50, stop 55).
    pub direct_second: bool,
    /// The node limit of each VCF search the threat provers run at a defender's node without
    /// an attacker's three ([`Prover::set_zone_vcf_nodes`]; option `zone_vcf_nodes=N`).
    /// [`crate::dfpn::ZONE_VCF_NODES`] (150; 300 before its SPRT).
    pub zone_vcf_nodes: u64,
    /// The divisor of the threat provers' 1 + ε trick ([`Prover::set_eps_div`]; option
    /// `proof_eps_div=N`). [`crate::dfpn::EPS_DIV`] (16; 4 before its SPRT in stop 71).
    pub proof_eps_div: u32,
}

/// The Renju engine's clock plan: every move's share is an eighth of the time usable (8 moves
/// to go, whatever was made: the share shrinks as the clock does), 15% of the clock never
/// planned on, twice the share when the opponent threatens a VCF or has a four, at most a
/// quarter of what is usable. Renju games are decided early: against Rapfi, from our eighth
/// move on half of our moves were forced or proved and took no time, and the previous plan
/// (35 moves, at least 12 to go: search-core's [`ClockPlan::DEFAULT`]) used 22-25% of the
/// 20 s clock in a game on average, under 0.5 s a move. This one spends about 1.9 s on our
/// first move after a four-stone opening, 45% of the clock in a game on average, at most
/// 84%. Measured (`arena match alphano-renju`, our engine as `pbrain-plyforge`, four random
/// opening stones): against Rapfi at 1/8 of our clock (`--b-clock-ms 2500`, 100 games on each
/// of four opening sets, `--seed 31, 1031, 2031, 3031`) 142 of 400 (Black 142 of 200) where
/// the previous plan scored 115 (Black 115), same openings; in self-play against the previous
/// plan at 5 s clocks (`--seed 4500 --sprt 0 40`) 356/0/293, Elo +34 (95%: +7 … +61), H1
/// accepted at 649 games.
pub const RENJU_CLOCK: ClockPlan = ClockPlan {
    planned_moves: 8,
    min_moves_to_go: 8,
    ..ClockPlan::DEFAULT
};

/// `base` with Renju's values of the selective options that [`Selective`] names (the ones
/// switched on are copied by [`Selective::apply`]; `lmr` is `base`'s own). In the
/// evaluation's units (a three on the board is worth about 1,200, a four about 3,000):
/// null move from 3 plies (search-core's reduction, verified from 8 plies); reverse futility
/// at most 4 plies left, 400 per ply; razoring at most 3 plies left, 800 + 600 per ply;
/// futility at most 3 plies left, 500 + 500 per ply; late-move pruning at most 4 plies left,
/// after 6 + 2·depth² quiet moves; internal iterative reduction from 4 plies; singular
/// extension from 6 plies, 50 per ply. None fires where the side to move faces a four or an
/// open three ([`PatternEval`]'s `threatened`). Futility and late-move pruning skip only
/// quiet moves (a move hint ≤ 0), and under [`PatternEval`]'s hints every point's is
/// positive: they never fire. White's searches use null move, razoring and reverse futility
/// by default ([`EngineConfig::selective`]). Black's null move (`black_null_move=1`) stays
/// off: with both colors' (`null_move=1`), in self-play
/// at 3 s clocks from four random stones (`--seed 60000 --sprt 0 20`) it was undecided at
/// the 3,000 games' end, 1531/11/1458, Elo +8 (95%: −4 … +21); at 1M nodes it searched 0.3
/// plies deeper on 20 Black-to-move game positions, and it finds the mate of Rapfi's `6 8`
/// line at 14 stones after 2M nodes where the defaults need 7M (docs/renju.md).
pub fn renju_selective(base: SearchConfig) -> SearchConfig {
    SearchConfig {
        null_move: Some(NullMove::default()),
        reverse_futility: Some(Margin {
            max_depth: 4,
            base: 0,
            per_depth: 400,
        }),
        razoring: Some(Margin {
            max_depth: 3,
            base: 800,
            per_depth: 600,
        }),
        futility: Some(Margin {
            max_depth: 3,
            base: 500,
            per_depth: 500,
        }),
        late_move_pruning: Some(LateMovePruning {
            max_depth: 4,
            base: 6,
            per_depth_sq: 2,
        }),
        iir: Some(Iir { min_depth: 4 }),
        singular: Some(Singular {
            min_depth: 6,
            margin_per_depth: 50,
        }),
        ..base
    }
}

impl EngineConfig {
    /// This configuration with a transposition table of `mib` MiB.
    pub fn with_tt_mib(mut self, mib: usize) -> EngineConfig {
        for s in &mut self.search {
            s.tt_mib = mib;
        }
        self
    }

    /// The search settings the engine runs with when `color` is to move at the root: that
    /// color's entry of the `search` field with the selective options switched on in its
    /// entry of [`EngineConfig::selective`] at [`renju_selective`]'s values.
    pub fn search_config(&self, color: Color) -> SearchConfig {
        let base = self.search[color as usize];
        self.selective[color as usize].apply(base, &renju_selective(base))
    }

    /// `searcher`'s search of `pos` within `limits` with the evaluation this configuration
    /// chooses: [`QuadEval`], [`PairEval`], [`ShapeEval`] or [`SidedEval`] (while the board
    /// holds at most [`EngineConfig::sided_eval_until`] stones) when set, else [`PatternEval`];
    /// wrapped in [`QuietOrderEval`] with [`EngineConfig::quiet_order`], then in [`ValueOrder`]
    /// with [`EngineConfig::value_order`]. The engine's search and the `speed` example's.
    pub fn search(
        &self,
        searcher: &mut Searcher<Position>,
        pos: &mut Position,
        limits: &Limits,
    ) -> SearchResult<Move> {
        self.search_with(searcher, pos, limits, &mut |_| {})
    }

    /// [`EngineConfig::search`], calling `on_iteration` after each completed iteration of the
    /// deepening ([`Searcher::search_with`]: its depth, score, principal variation and nodes
    /// so far), e.g. to find the nodes a search needs before it first plays a given move.
    pub fn search_with(
        &self,
        searcher: &mut Searcher<Position>,
        pos: &mut Position,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&Iteration<'_, Move>),
    ) -> SearchResult<Move> {
        /// The search of `pos` with `eval`, its hints' ties broken by [`ValueOrder`] if
        /// `value_order`.
        fn with_value_order<E: Evaluator<Position>>(
            searcher: &mut Searcher<Position>,
            pos: &mut Position,
            eval: E,
            value_order: bool,
            limits: &Limits,
            on_iteration: &mut dyn FnMut(&Iteration<'_, Move>),
        ) -> SearchResult<Move> {
            if value_order {
                searcher.search_with(pos, &ValueOrder(eval), limits, |it| on_iteration(it))
            } else {
                searcher.search_with(pos, &eval, limits, |it| on_iteration(it))
            }
        }
        /// [`with_value_order`] of `eval`, wrapped in [`QuietOrderEval`] with a quiet order.
        fn run<E: Evaluator<Position>>(
            searcher: &mut Searcher<Position>,
            pos: &mut Position,
            eval: E,
            (quiet_order, value_order): (Option<i32>, bool),
            limits: &Limits,
            on_iteration: &mut dyn FnMut(&Iteration<'_, Move>),
        ) -> SearchResult<Move> {
            match quiet_order {
                Some(scale) => {
                    let eval = QuietOrderEval { eval, scale };
                    with_value_order(searcher, pos, eval, value_order, limits, on_iteration)
                }
                None => with_value_order(searcher, pos, eval, value_order, limits, on_iteration),
            }
        }
        let order = (self.quiet_order, self.value_order);
        let f = on_iteration;
        if self.quad_eval {
            run(searcher, pos, QuadEval::default(), order, limits, f)
        } else if self.pair_eval {
            run(searcher, pos, PairEval, order, limits, f)
        } else if self.shape_eval {
            run(searcher, pos, ShapeEval, order, limits, f)
        } else if pos.history().len() <= self.sided_eval_until {
            run(searcher, pos, SidedEval, order, limits, f)
        } else {
            run(searcher, pos, PatternEval, order, limits, f)
        }
    }

    /// The option names [`EngineConfig::set`] knows besides search-core's selective ones
    /// ([`Selective::NAMES`]).
    pub const OPTION_NAMES: [&'static str; 48] = [
        "quiet_order",
        "black_beam",
        "white_beam",
        "black_lmr",
        "white_lmr",
        "lmr_table",
        "planned_moves",
        "min_moves_to_go",
        "reserve_percent",
        "defend_vct",
        "defend_threats",
        "quiet_threats",
        "verify_move",
        "verify_search",
        "quiescence_plies",
        "black_quiescence_plies",
        "white_quiescence_plies",
        "quiescence_tt",
        "black_quiescence_tt",
        "white_quiescence_tt",
        "defend_combinations",
        "quick_win",
        "pair_eval",
        "sided_eval",
        "weak_numbers",
        "single_reply",
        "sided_eval_until",
        "shape_eval",
        "threat_extension",
        "prove_under_threat",
        "value_order",
        "threat_reach",
        "move_count",
        "black_move_count",
        "white_move_count",
        "move_count_improving",
        "move_count_replies",
        "time_stability",
        "black_reply_beam",
        "white_reply_beam",
        "opening_book",
        "position_book",
        "fresh_tables",
        "beam_loss_guard",
        "quad_eval",
        "direct_second",
        "zone_vcf_nodes",
        "proof_eps_div",
    ];

    /// Sets one tuning option by name, the one vocabulary of both Renju bots' command lines
    /// (`alphano-renju --set NAME=VALUE`, `pbrain-plyforge --renju NAME=VALUE`) and of match
    /// specs: a selective option of search-core by its name with 0 or 1 (`null_move=1`, see
    /// [`EngineConfig::selective`]), for one color's searches with `black_` or `white_` before
    /// it (`white_razoring=1`); `quiet_order=SCALE` ([`EngineConfig::quiet_order`], 0:
    /// off); `black_beam=N`, `white_beam=N` (that color's [`SearchConfig::beam`], 0: the full
    /// width); `black_reply_beam=N`, `white_reply_beam=N` (that color's
    /// [`SearchConfig::reply_beam`]: the beam at the opponent's nodes of its search; 0: the
    /// color's own beam there too); `black_lmr=PLIES`, `white_lmr=PLIES` (that color's late-move reductions, every
    /// move after the third reduced by that many plies; 0: none); `lmr_table=1` (every color
    /// with reductions reduces by search-core's logarithmic table adjusted by history,
    /// [`Lmr::table`], in place of a fixed number of plies); `planned_moves=N`,
    /// `min_moves_to_go=N`, `reserve_percent=P` ([`ClockPlan`]);
    /// `defend_vct`, `defend_threats`, `quiet_threats`, `verify_move`, `defend_combinations`,
    /// `pair_eval`, `shape_eval`, `quad_eval`, `sided_eval`, `weak_numbers`,
    /// `prove_under_threat` with 0 or 1; `sided_eval_until=STONES`
    /// ([`EngineConfig::sided_eval_until`]); `verify_search=PERCENT`
    /// ([`EngineConfig::verify_search`]);
    /// `quick_win=1` (both colors' [`SearchConfig::quick_win`]:
    /// [`Position::quick_win`] at every node);
    /// `quiescence_plies=N` (both colors' [`SearchConfig::quiescence`] reads fours and their
    /// blocks up to N plies past the horizon, at most 64; 0: none; past 4 plies only fours
    /// near the side's last stone, [`crate::eval::NARROW_VCF_FROM`]); `quiescence_tt=1` (both
    /// colors' quiescence reads and writes the transposition table, [`Quiescence::tt`], kept
    /// by a later `quiescence_plies`); `black_quiescence_plies=N`, `white_quiescence_plies=N`,
    /// `black_quiescence_tt=1`, `white_quiescence_tt=1` for one color; `single_reply=1` (both
    /// colors' [`SearchConfig::single_reply_extension`]: a node with one move, as the block of
    /// a four, costs no depth); `threat_extension=1` (both colors'
    /// [`SearchConfig::threat_extension`]: a node that must answer a four or an open three is
    /// searched a ply deeper); `threat_reach=PLIES` (both colors'
    /// [`SearchConfig::threat_extension_reach`]: extended only within that many plies past
    /// the iteration's depth; 0: the default, the depth itself); `move_count=PERCENT` (both
    /// colors' [`SearchConfig::move_count`]: at most `3 + PERCENT/100 · depth^1.32` moves a
    /// node below the root, [`MoveCount`]; 100 is Rapfi's count; 0: none), and
    /// `black_move_count=PERCENT`, `white_move_count=PERCENT` for one color;
    /// `move_count_improving=1` (the move count of every color that has one, White's by
    /// default, halved at nodes whose evaluation is not above the one two plies up,
    /// [`MoveCount::improving`]; kept by a later `move_count` option of that color, so give
    /// it after them); `move_count_replies=0` (the move count of every color that has one
    /// prunes only that color's own nodes of its search, not the opponent's replies,
    /// [`MoveCount::replies`]; kept likewise);
    /// `beam_loss_guard=1` (both colors' [`SearchConfig::beam_loss_guard`]: where a beam is
    /// set, Black's by default, a node whose moves so far all lose searches past it, so
    /// Black's mates are proofs; off: as Black against Rapfi at 1/8 of our clock, `--a-side
    /// first --opening-plies 4`, 44 and 41 of 50 on `--seed 5031` and `6031`, as without it on
    /// the same day (openings won by one of the two only: 2 each); at 1 s a ply shallower on
    /// 2 of 20 tactical-suite positions, as deep on the rest);
    /// `time_stability=1` (both colors' [`SearchConfig::time_stability`] at
    /// [`TimeStability::DEFAULT`]: the search stops sooner on a settled move, later on an
    /// unsettled one); `opening_book=1` ([`EngineConfig::opening_book`]: Black's third stone
    /// from [`book_move`]); `position_book=0|1|2` ([`EngineConfig::position_book`]: which
    /// moves of [`PositionBook::builtin`] are played); `direct_second=1`
    /// ([`EngineConfig::direct_second`]: White's second stone from [`direct_second`]);
    /// `zone_vcf_nodes=N` ([`EngineConfig::zone_vcf_nodes`]); `proof_eps_div=N`
    /// ([`EngineConfig::proof_eps_div`]).
    ///
    /// ```
    /// let mut c = renju::EngineConfig::default();
    /// c.set("null_move=1").unwrap();
    /// c.set("planned_moves=20").unwrap();
    /// c.set("min_moves_to_go=8").unwrap();
    /// assert!(c.selective.iter().all(|s| s.null_move));
    /// c.set("black_null_move=0").unwrap();
    /// c.set("white_razoring=1").unwrap();
    /// assert!(!c.selective[0].null_move && c.selective[1].null_move);
    /// assert!(!c.selective[0].razoring && c.selective[1].razoring);
    /// assert!(c.set("white_razoring=2").is_err());
    /// c.set("white_lmr=2").unwrap();
    /// assert!(c.search[1].lmr.is_some() && c.selective[1].lmr);
    /// assert_eq!(c.clock.planned_moves, 20);
    /// assert_eq!(c.clock.min_moves_to_go, 8);
    /// c.set("position_book=0").unwrap();
    /// assert_eq!(c.position_book, 0);
    /// c.set("single_reply=1").unwrap();
    /// assert!(c.search.iter().all(|s| s.single_reply_extension));
    /// c.set("threat_extension=0").unwrap();
    /// assert!(c.search.iter().all(|s| !s.threat_extension));
    /// c.set("quiescence_tt=1").unwrap();
    /// c.set("quiescence_plies=16").unwrap();
    /// assert!(c.search.iter().all(|s| s.quiescence == Some(search_core::Quiescence {
    ///     plies: 16,
    ///     tt: true
    /// })));
    /// c.set("white_quiescence_plies=4").unwrap();
    /// c.set("white_quiescence_tt=0").unwrap();
    /// assert_eq!(c.search[1].quiescence, Some(search_core::Quiescence::plies(4)));
    /// assert_eq!(c.search[0].quiescence.map(|q| (q.plies, q.tt)), Some((16, true)));
    /// c.set("threat_reach=2").unwrap();
    /// assert!(c.search.iter().all(|s| s.threat_extension_reach == Some(2)));
    /// assert_eq!(c.search[1].move_count, Some(search_core::MoveCount::RAPFI));
    /// c.set("white_move_count=0").unwrap();
    /// assert_eq!(c.search[1].move_count, None);
    /// c.set("black_move_count=100").unwrap();
    /// assert_eq!(c.search[0].move_count, Some(search_core::MoveCount::RAPFI));
    /// c.set("move_count_improving=1").unwrap();
    /// c.set("black_move_count=150").unwrap();
    /// assert!(c.search[0].move_count.is_some_and(|m| m.improving && m.percent == 150));
    /// c.set("move_count_replies=0").unwrap();
    /// c.set("black_move_count=100").unwrap();
    /// assert!(c.search[0].move_count.is_some_and(|m| !m.replies && m.percent == 100));
    /// c.set("beam_loss_guard=1").unwrap();
    /// assert!(c.search.iter().all(|s| s.beam_loss_guard));
    /// c.set("black_reply_beam=24").unwrap();
    /// assert_eq!((c.search[0].beam, c.search[0].reply_beam), (Some(12), Some(24)));
    /// c.set("sided_eval_until=8").unwrap();
    /// assert_eq!(c.sided_eval_until, 8);
    /// c.set("zone_vcf_nodes=300").unwrap();
    /// assert_eq!(c.zone_vcf_nodes, 300);
    /// assert!(c.set("warp=9").is_err());
    /// assert!(c.set("planned_moves=many").is_err());
    /// ```
    ///
    /// # Errors
    /// An unknown name, a value that is not a number, or no `=`: a message naming the
    /// known options.
    pub fn set(&mut self, spec: &str) -> Result<(), String> {
        /// The entries of [`EngineConfig::search`] an option names: Black's for `black_…`,
        /// White's for `white_…`, both otherwise.
        fn colors_of(name: &str) -> std::ops::Range<usize> {
            if name.starts_with("black_") {
                0..1
            } else if name.starts_with("white_") {
                1..2
            } else {
                0..2
            }
        }
        let (name, value) = spec
            .split_once('=')
            .ok_or_else(|| format!("{spec:?}: expected NAME=VALUE"))?;
        let (name, value) = (name.trim(), value.trim());
        let bare = name
            .strip_prefix("black_")
            .or_else(|| name.strip_prefix("white_"))
            .unwrap_or(name);
        // `black_lmr` and `white_lmr` are the colors' reductions, not the selective `lmr`.
        if Selective::NAMES.contains(&bare) && !Self::OPTION_NAMES.contains(&name) {
            for s in &mut self.selective[colors_of(name)] {
                s.set_spec(&format!("{bare}={value}"))
                    .map_err(|e| e.to_string())?;
            }
            return Ok(());
        }
        let n: u64 = value
            .parse()
            .map_err(|_| format!("{spec:?}: {value:?} is not a whole number"))?;
        match name {
            "quiet_order" => self.quiet_order = (n > 0).then_some(n.min(1 << 10) as i32),
            "black_beam" | "white_beam" => {
                for s in &mut self.search[colors_of(name)] {
                    s.beam = (n > 0).then_some(n as usize);
                }
            }
            "black_reply_beam" | "white_reply_beam" => {
                for s in &mut self.search[colors_of(name)] {
                    s.reply_beam = (n > 0).then_some(n as usize);
                }
            }
            "black_lmr" | "white_lmr" => {
                for s in &mut self.search[colors_of(name)] {
                    s.lmr = (n > 0).then(|| Lmr::fixed(3, n.min(8) as i32));
                }
            }
            "lmr_table" => {
                for s in &mut self.search {
                    if n != 0 && s.lmr.is_some() {
                        s.lmr = Some(Lmr::table(3));
                    }
                }
            }
            "planned_moves" => self.clock.planned_moves = n.clamp(1, 1000) as u32,
            "min_moves_to_go" => self.clock.min_moves_to_go = n.clamp(1, 1000) as u32,
            "reserve_percent" => self.clock.reserve_percent = n.min(90),
            "defend_vct" => self.defend_vct = n != 0,
            "defend_threats" => self.defend_threats = n != 0,
            "quiet_threats" => self.quiet_threats = n != 0,
            "verify_move" => self.verify_move = n != 0,
            "verify_search" => self.verify_search = n.min(100) as u32,
            "defend_combinations" => self.defend_combinations = n != 0,
            "pair_eval" => self.pair_eval = n != 0,
            "shape_eval" => self.shape_eval = n != 0,
            "sided_eval" => self.sided_eval_until = if n != 0 { SIZE * SIZE } else { 0 },
            "sided_eval_until" => self.sided_eval_until = (n as usize).min(SIZE * SIZE),
            "weak_numbers" => self.weak_numbers = n != 0,
            "prove_under_threat" => self.prove_under_threat = n != 0,
            "value_order" => self.value_order = n != 0,
            "opening_book" => self.opening_book = n != 0,
            "position_book" => self.position_book = n.min(2) as u8,
            "fresh_tables" => self.fresh_tables = n != 0,
            "quad_eval" => self.quad_eval = n != 0,
            "direct_second" => self.direct_second = n != 0,
            "zone_vcf_nodes" => self.zone_vcf_nodes = n,
            "proof_eps_div" => self.proof_eps_div = n.clamp(1, 1 << 20) as u32,
            "beam_loss_guard" => self
                .search
                .iter_mut()
                .for_each(|s| s.beam_loss_guard = n != 0),
            "quick_win" => self.search.iter_mut().for_each(|s| s.quick_win = n != 0),
            "single_reply" => self
                .search
                .iter_mut()
                .for_each(|s| s.single_reply_extension = n != 0),
            "threat_extension" => self
                .search
                .iter_mut()
                .for_each(|s| s.threat_extension = n != 0),
            "move_count" | "black_move_count" | "white_move_count" => {
                for s in &mut self.search[colors_of(name)] {
                    s.move_count = (n > 0).then_some(MoveCount {
                        percent: n.min(10_000) as u32,
                        improving: s.move_count.is_some_and(|m| m.improving),
                        replies: s.move_count.map_or(true, |m| m.replies),
                        ..MoveCount::RAPFI
                    });
                }
            }
            "move_count_improving" => {
                for m in self.search.iter_mut().filter_map(|s| s.move_count.as_mut()) {
                    m.improving = n != 0;
                }
            }
            "move_count_replies" => {
                for m in self.search.iter_mut().filter_map(|s| s.move_count.as_mut()) {
                    m.replies = n != 0;
                }
            }
            "time_stability" => {
                let t = (n > 0).then_some(TimeStability::DEFAULT);
                self.search.iter_mut().for_each(|s| s.time_stability = t);
            }
            "threat_reach" => {
                let reach = (n > 0).then_some(n.min(64) as u32);
                self.search
                    .iter_mut()
                    .for_each(|s| s.threat_extension_reach = reach);
            }
            "quiescence_tt" | "black_quiescence_tt" | "white_quiescence_tt" => {
                for s in &mut self.search[colors_of(name)] {
                    if let Some(q) = s.quiescence.as_mut() {
                        q.tt = n != 0;
                    }
                }
            }
            "quiescence_plies" | "black_quiescence_plies" | "white_quiescence_plies" => {
                for s in &mut self.search[colors_of(name)] {
                    let tt = s.quiescence.is_some_and(|q| q.tt);
                    s.quiescence = (n > 0).then_some(Quiescence {
                        plies: n.min(64) as u32,
                        tt,
                    });
                }
            }
            _ => {
                return Err(format!(
                    "unknown option {name:?} (known: {}, {})",
                    EngineConfig::OPTION_NAMES.join(", "),
                    Selective::NAMES.join(", ")
                ))
            }
        }
        Ok(())
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        let white = SearchConfig {
            tt_mib: 64,
            aspiration: Some(Aspiration {
                window: 200,
                ..Aspiration::default()
            }),
            beam: None,
            lmr: None,
            single_reply_extension: false,
            // On with `shape_eval` and `prove_under_threat` (the figures at `shape_eval`).
            threat_extension: true,
            quiescence: Some(Quiescence::plies(4)),
            ..SearchConfig::default()
        };
        let black_selective = Selective {
            lmr: true,
            ..Selective::default()
        };
        let black = SearchConfig {
            beam: Some(12),
            lmr: Some(Lmr::fixed(3, 1)),
            ..white
        };
        // White at the full width, pruned by Rapfi's move count (option white_move_count):
        // self-play SPRT against the engine without it, 3 s clocks, four random opening stones
        // (`--seed 8800 --sprt 0 20`): 836/5/739 in 1,580 games, Elo +21 (95%: +4 … +39), H1
        // accepted; White scored 12% against itself where it scored 7%, Black unchanged. Against
        // greedy as White (`--a-side second --games 200 --seed 9000`): 200/200, at most 75% of
        // the clock.
        let white = SearchConfig {
            move_count: Some(MoveCount::RAPFI),
            ..white
        };
        // White's searches with stop 68's selective bundle (null move, razoring and reverse
        // futility at `renju_selective`'s values, below) and the deep VCF at the horizon (16
        // plies of fours and blocks with the table). White alone against Rapfi at 1/8 of our
        // clock from the empty board (`--a-side second --games 100 --seed 7000`): 77/100 where
        // the defaults won 64/100 in the run after (Rapfi's `8 6` line: 27/40 against 17/36);
        // from the 30 contested positions at 1/16 (`white-contested.txt`, 120 games) 58 and
        // 59 where the defaults won 46, 41 and 40. Self-play against the build without it,
        // 3 s clocks, four random stones (`--seed 70000 --sprt -20 5`, a non-regression test:
        // self-play cannot judge White's defence): H1 accepted at 951 games, 483/6/462, Elo +8
        // (95%: −14 … +30); its White won 78 of 475 games, the other build's 68 of 476.
        let white = SearchConfig {
            quiescence: Some(Quiescence {
                plies: 16,
                tt: true,
            }),
            ..white
        };
        let white_selective = Selective {
            null_move: true,
            razoring: true,
            reverse_futility: true,
            ..black_selective
        };
        EngineConfig {
            margin_ms: 150,
            search: [black, white],
            max_nodes: None,
            clock_percent: 100,
            turn_ms: None,
            vcf: threats::ThreatLimits {
                max_fours: 16,
                max_nodes: 4_000,
            },
            own_vcf: threats::ThreatLimits {
                max_fours: 16,
                max_nodes: 2_000,
            },
            clock: RENJU_CLOCK,
            defend_vct: false,
            defend_threats: true,
            quiet_threats: false,
            verify_move: false,
            verify_search: 0,
            selective: [black_selective, white_selective],
            quiet_order: None,
            defend_combinations: false,
            pair_eval: false,
            shape_eval: true,
            sided_eval_until: 0,
            weak_numbers: true,
            prove_under_threat: true,
            value_order: true,
            opening_book: true,
            position_book: 2,
            fresh_tables: false,
            quad_eval: false,
            direct_second: false,
            zone_vcf_nodes: crate::dfpn::ZONE_VCF_NODES,
            proof_eps_div: crate::dfpn::EPS_DIV,
        }
    }
}

pub use gomoku::engine::Reason;

/// The engine for one game: the search with its transposition table, and the position of
/// the game it was last asked about, kept up to date move by move.
pub struct Engine {
    searcher: Searcher<Position>,
    /// Our threat prover, its table kept from move to move (we attack with the same color).
    prover: Prover,
    /// The opponent's threat prover (proving its wins, to defend against them), likewise.
    their_prover: Prover,
    /// The opponent's search that checks our move with [`EngineConfig::verify_search`], made
    /// at its first use, its table kept from move to move.
    checker: Option<Searcher<Position>>,
    /// The most time we have been told we have (ms): the game's clock, of which
    /// [`ClockPlan::reserve_percent`] is never planned on.
    clock_ms: u64,
    /// The last game's position and its opening rule: the next call plays only the moves
    /// made since (a game that does not continue it is read afresh).
    game: Option<(Position, Opening)>,
}

impl Engine {
    /// An engine with the table size of `config` (Black's `tt_mib`).
    pub fn new(config: &EngineConfig) -> Engine {
        Engine {
            searcher: Searcher::new(config.search[0]),
            prover: new_prover(config),
            their_prover: new_prover(config),
            checker: None,
            clock_ms: 0,
            game: None,
        }
    }

    /// The position of `game`: the one kept from the last call with the moves made since
    /// played on it, or, if `game` does not continue that one, read from the start.
    fn position_of(&mut self, game: &RulesGame) -> Position {
        let moves = game.moves();
        let continues = self.game.as_ref().is_some_and(|(p, opening)| {
            let seen = p.history();
            *opening == game.opening() && moves.len() >= seen.len() && moves.starts_with(seen)
        });
        if !continues {
            self.game = Some((Position::from_game(game), game.opening()));
        }
        let (pos, _) = self.game.as_mut().expect("set just above");
        for &mv in &moves[pos.history().len()..] {
            pos.play_unchecked(mv);
        }
        pos.clone()
    }

    /// Our move in `game` (we are its side to move) with `my_time_ms` left on our clock: always
    /// a legal move (a pass only when nothing else is legal).
    pub fn choose(
        &mut self,
        game: &RulesGame,
        my_time_ms: u64,
        config: &EngineConfig,
    ) -> (Move, Reason) {
        let pos = self.position_of(game);
        let (mv, why) = self.choose_in(pos, my_time_ms, config);
        if game.is_legal(mv) {
            (mv, why)
        } else {
            (fallback_move(&Position::from_game(game)), Reason::Fallback)
        }
    }

    /// Our move in `pos` (we are its side to move), as [`Engine::choose`]: always a move that
    /// [`Position::is_legal`] allows (a pass only when nothing else is).
    pub fn choose_in(
        &mut self,
        pos: Position,
        my_time_ms: u64,
        config: &EngineConfig,
    ) -> (Move, Reason) {
        let start = Instant::now();
        let backup = pos.clone();
        search_core::guarded(
            || self.think(pos, my_time_ms, config, start),
            |&(mv, _)| backup.is_legal(mv),
            || (fallback_move(&backup), Reason::Fallback),
        )
        .into_inner()
    }

    fn think(
        &mut self,
        mut pos: Position,
        my_time_ms: u64,
        config: &EngineConfig,
        start: Instant,
    ) -> (Move, Reason) {
        pos.set_defend_combinations(config.defend_combinations);
        let mut cands = Vec::new();
        pos.generate_moves(&mut cands);
        if cands.len() == 1 {
            return (cands[0], Reason::Forced);
        }
        if let Some(mv) = book_move(&pos).filter(|_| config.opening_book) {
            return (mv, Reason::Book);
        }
        // Asked for, the direct second stone comes before the book's (which answers the
        // centre diagonally).
        if let Some(mv) = direct_second(&pos).filter(|_| config.direct_second) {
            return (mv, Reason::Book);
        }
        if config.position_book > 0 {
            let entry = PositionBook::builtin().get(pos.board(), pos.to_move());
            let allowed = |kind| kind == EntryKind::Win || config.position_book > 1;
            if let Some((mv, _)) = entry.filter(|&(m, kind)| allowed(kind) && pos.is_legal(m)) {
                return (mv, Reason::Book);
            }
        }
        let me = pos.to_move();
        self.clock_ms = self.clock_ms.max(my_time_ms.min(1 << 31));
        let left = usable_ms(self.clock_ms, my_time_ms, config);
        // The threat searches stop on node counts, not the clock: with little time left, fewer
        // nodes (about 5 µs each; at most a tenth of what is left per search).
        let mut scaled = *config;
        // The most this move may take: the per-turn limit (its margin kept back), if any,
        // within what is usable.
        let turn_left = config
            .turn_ms
            .map_or(left, |t| t.saturating_sub(config.margin_ms).min(left));
        for l in [&mut scaled.vcf, &mut scaled.own_vcf] {
            l.max_nodes = l.max_nodes.min(turn_left * 20).max(100);
        }
        let config = &scaled;
        if pos.opening_radius().is_none() {
            if let Some(line) = threats::vcf(&mut pos, config.vcf) {
                return (Move::Stone(Point::from_index(line[0])), Reason::Vcf);
            }
        }
        let ours = (pos.history().len() / 2) as u32;
        let opening = pos.opening_radius().is_some();
        let theirs = if opening {
            None
        } else {
            pos.play_unchecked(Move::Pass);
            let line = threats::vcf(&mut pos, config.vcf);
            pos.undo();
            line
        };
        let critical = theirs.is_some() || (!opening && PatternEval.threatened(&pos));
        let share = config
            .clock
            .share_ms(left, ours, critical)
            .min(turn_left)
            .max(1);
        let deadline = start + Duration::from_millis(share);
        if !opening && (theirs.is_none() || config.prove_under_threat) {
            // A win by threats (df-pn) wins; the opponent's VCF, if it has one, is among the
            // defences the proof must beat.
            let limits = ProofLimits {
                max_nodes: u64::MAX,
                until: Some(start + Duration::from_millis(share / 3)),
            };
            let mut proof = bounded(&mut self.prover).prove(&mut pos, limits);
            if proof == Proof::NoWin && config.quiet_threats {
                proof = self.prover.prove_quiet(&mut pos, limits, QUIET_SUB_NODES);
            }
            if let Proof::Win(mv) = proof {
                return (mv, Reason::Vct);
            }
            if config.defend_threats && theirs.is_none() {
                // Would the opponent win by threats if we passed? Then only the moves after
                // which it proves no win are left to the search.
                pos.play_unchecked(Move::Pass);
                let limits = ProofLimits {
                    max_nodes: u64::MAX,
                    until: Some(Instant::now() + Duration::from_millis(share / 6)),
                };
                let threat = bounded(&mut self.their_prover).prove(&mut pos, limits);
                pos.undo();
                if let Proof::Win(first) = threat {
                    let until = Instant::now() + Duration::from_millis(share / 3);
                    let safe = self.threat_defences(&mut pos, first, &cands, until);
                    if safe.len() == 1 {
                        return (safe[0], Reason::Forced);
                    }
                    if !safe.is_empty() {
                        pos.restrict_root(safe);
                    }
                }
            }
        }
        {
            // Defend against the opponent's VCF, if it has one.
            if let Some(line) = theirs {
                let mut safe = self.vcf_defences(&mut pos, &line, &cands, config, deadline);
                if safe.len() > 1 && config.defend_vct {
                    // Of those, prefer the ones that also leave it no win by threats (a
                    // three of its that adds a second threat to the one we are parrying).
                    let until = start + Duration::from_millis(share / 2);
                    let each = Duration::from_millis(share / 6) / safe.len() as u32;
                    let holds: Vec<Move> = safe
                        .iter()
                        .copied()
                        .filter(|&m| {
                            let stop = (Instant::now() + each).min(until);
                            self.holds_against_threats(&mut pos, m, stop)
                        })
                        .collect();
                    if !holds.is_empty() && Instant::now() < until {
                        safe = holds;
                    }
                }
                if safe.len() == 1 {
                    return (safe[0], Reason::Forced);
                }
                pos.restrict_root(safe);
            }
        }
        if config.fresh_tables {
            self.searcher.clear();
        }
        let spent = start.elapsed().as_millis() as u64;
        *self.searcher.config_mut() = config.search_config(me);
        let chosen = self.search_root(&mut pos, share.saturating_sub(spent).max(1), config);
        let best = if config.verify_move && !opening {
            // At most twice the share, within what one move may take.
            let most = (2 * share)
                .min(left / config.clock.max_fraction.max(1))
                .min(turn_left)
                .max(share);
            let until = start + Duration::from_millis(most);
            self.verified(&mut pos, chosen, share, until, config)
        } else {
            chosen
        };
        match best {
            Some(mv) => (mv, Reason::Search),
            None => (fallback_move(&pos), Reason::Fallback),
        }
    }

    /// The search's move in `pos` within `ms` (and [`EngineConfig::max_nodes`]).
    fn search_root(&mut self, pos: &mut Position, ms: u64, config: &EngineConfig) -> Option<Move> {
        let mut limits = Limits::per_move(ms, 0);
        if let Some(n) = config.max_nodes {
            limits.max_nodes = n;
        }
        config.search(&mut self.searcher, pos, &limits).best_move
    }

    /// [`EngineConfig::verify_move`]: `chosen`, or when the opponent proves a win by threats
    /// after it (with [`EngineConfig::verify_search`], when its search scores a win), the
    /// search's move among the others, checked the same way, until one holds or
    /// `until` (a move found then is played unchecked); `chosen` when every move is refuted or
    /// no time is left to search another.
    fn verified(
        &mut self,
        pos: &mut Position,
        chosen: Option<Move>,
        share: u64,
        until: Instant,
        config: &EngineConfig,
    ) -> Option<Move> {
        let mut best = chosen;
        while let Some(mv) = best {
            let now = Instant::now();
            if now >= until {
                // Not checked: still better than a move known to lose.
                return best;
            }
            let refuted = if config.verify_search > 0 {
                let ms = (share * u64::from(config.verify_search) / 100)
                    .min(until.saturating_duration_since(now).as_millis() as u64)
                    .max(1);
                self.opponent_wins_after(pos, mv, &Limits::movetime(ms, 0), config)
            } else {
                pos.play_unchecked(mv);
                let proof = if pos.last_move_won() {
                    Proof::NoWin
                } else {
                    let limits = ProofLimits {
                        max_nodes: u64::MAX,
                        until: Some(until.min(now + Duration::from_millis(share / 4))),
                    };
                    bounded(&mut self.their_prover).prove(pos, limits)
                };
                pos.undo();
                matches!(proof, Proof::Win(_))
            };
            if !refuted {
                return best;
            }
            // The root moves left (the moves refuted before are already taken out of them).
            let mut rest = Vec::new();
            pos.generate_moves(&mut rest);
            rest.retain(|&m| m != mv);
            let left = until.saturating_duration_since(Instant::now()).as_millis() as u64;
            if rest.is_empty() || left < 2 {
                break;
            }
            pos.restrict_root(rest);
            // Half of what is left: the other half checks the move it finds.
            best = self.search_root(pos, left / 2, config);
        }
        chosen
    }

    /// Whether after our `mv` the opponent's search within `limits` scores a win for it
    /// ([`EngineConfig::verify_search`]: its own settings, the deep VCF at its horizon);
    /// `false` when `mv` wins outright. `pos` is restored.
    fn opponent_wins_after(
        &mut self,
        pos: &mut Position,
        mv: Move,
        limits: &Limits,
        config: &EngineConfig,
    ) -> bool {
        pos.play_unchecked(mv);
        let wins = !pos.last_move_won() && {
            let mut settings = config.search_config(pos.to_move());
            settings.quiescence = Some(VERIFY_QUIESCENCE);
            settings.tt_mib = VERIFY_TT_MIB;
            let checker = self.checker.get_or_insert_with(|| Searcher::new(settings));
            *checker.config_mut() = settings;
            config.search(checker, pos, limits).score >= MATE_BOUND
        };
        pos.undo();
        wins
    }

    /// Of `cands`, the moves after which the opponent proves no win by threats, tried until
    /// `until`: first the first move of its proof (`first`), then our fours, then the rest by
    /// [`PatternEval`]'s move hint; the moves not tried by then are left out.
    fn threat_defences(
        &mut self,
        pos: &mut Position,
        first: Move,
        cands: &[Move],
        until: Instant,
    ) -> Vec<Move> {
        let me = pos.to_move();
        let mut order: Vec<(i32, Move)> = cands
            .iter()
            .map(|&m| {
                let rank = match m {
                    _ if m == first => i32::MAX,
                    Move::Stone(p) if pos.makes_four(p, me) => i32::MAX - 1,
                    _ => PatternEval.move_hint(pos, m),
                };
                (rank, m)
            })
            .collect();
        order.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        let each = until.saturating_duration_since(Instant::now()) / order.len().max(1) as u32;
        let mut safe = Vec::new();
        for (_, m) in order {
            let now = Instant::now();
            if now >= until {
                break;
            }
            if self.holds_against_threats(pos, m, (now + 2 * each).min(until)) {
                safe.push(m);
            }
        }
        safe
    }

    /// Whether after our `m` the opponent proves no win by threats before `until` (or `m`
    /// wins outright). `pos` is restored.
    fn holds_against_threats(&mut self, pos: &mut Position, m: Move, until: Instant) -> bool {
        pos.play_unchecked(m);
        let limits = ProofLimits {
            max_nodes: u64::MAX,
            until: Some(until),
        };
        let holds =
            pos.last_move_won() || !matches!(self.their_prover.prove(pos, limits), Proof::Win(_));
        pos.undo();
        holds
    }

    /// The moves after which the opponent has no VCF: first those on its winning `line` and our
    /// own fours, then (if none of those works and time allows) every other candidate.
    fn vcf_defences(
        &self,
        pos: &mut Position,
        line: &[usize],
        cands: &[Move],
        config: &EngineConfig,
        deadline: Instant,
    ) -> Vec<Move> {
        let me = pos.to_move();
        let mut first: Vec<Move> = line
            .iter()
            .map(|&c| Move::Stone(Point::from_index(c)))
            .chain(
                ThreatBoard::four_cells(pos, me)
                    .into_iter()
                    .map(|c| Move::Stone(Point::from_index(c))),
            )
            .filter(|m| cands.contains(m))
            .collect();
        first.dedup();
        let mut safe = Vec::new();
        for &m in &first {
            if Instant::now() >= deadline {
                break;
            }
            if refutes(pos, m, config) && !safe.contains(&m) {
                safe.push(m);
            }
        }
        if safe.is_empty() {
            let mut rest: Vec<Move> = cands
                .iter()
                .copied()
                .filter(|m| !first.contains(m))
                .collect();
            rest.sort_by_key(|&m| std::cmp::Reverse(PatternEval.move_hint(pos, m)));
            for m in rest {
                if Instant::now() >= deadline {
                    break;
                }
                if refutes(pos, m, config) {
                    safe.push(m);
                }
            }
        }
        safe
    }
}

/// A proven win for the side to move of `pos` found within `time`, and how: a VCF (the threat
/// search of fours only, within `config.vcf`'s node and four limits), else a win by threats
/// (fours, threes and moves that threaten a VCF) proved by df-pn ([`crate::dfpn`], with weak
/// proof numbers when `config.weak_numbers`) in the time left, and when df-pn refutes those, a
/// quiet move threatening such a win ([`Prover::prove_quiet`]). `None`: nothing proved in the
/// time (which proves nothing either way).
///
/// The tactical suite (`examples/tactical_suite.rs` on `tests/data/rapfi-suite.txt`, positions in
/// which Rapfi proves a forced win) measures
/// the engine's proving strength with it.
pub fn prove_win(
    pos: &mut Position,
    config: &EngineConfig,
    time: Duration,
) -> Option<(Move, Reason)> {
    if pos.opening_radius().is_some() {
        return None;
    }
    let until = Instant::now() + time;
    if let Some(line) = threats::vcf(pos, config.vcf) {
        return Some((Move::Stone(Point::from_index(line[0])), Reason::Vcf));
    }
    let limits = ProofLimits {
        max_nodes: u64::MAX,
        until: Some(until),
    };
    let mut prover = new_prover(config);
    let proof = match prover.prove(pos, limits) {
        // Threats alone refuted: a quiet move may still threaten a win by them.
        Proof::NoWin => prover.prove_quiet(pos, limits, QUIET_SUB_NODES),
        other => other,
    };
    match proof {
        Proof::Win(mv) => Some((mv, Reason::Vct)),
        Proof::NoWin | Proof::Unknown => None,
    }
}

/// A threat prover with `config`'s proof numbers ([`EngineConfig::weak_numbers`]).
fn new_prover(config: &EngineConfig) -> Prover {
    let mut prover = Prover::new();
    prover.set_weak_numbers(config.weak_numbers);
    prover.set_zone_vcf_nodes(config.zone_vcf_nodes);
    prover.set_eps_div(config.proof_eps_div);
    prover
}

/// Whether, after our `m`, the opponent has no VCF (or `m` won outright).
fn refutes(pos: &mut Position, m: Move, config: &EngineConfig) -> bool {
    pos.play_unchecked(m);
    let ok = pos.last_move_won() || threats::vcf(pos, config.vcf).is_none();
    pos.undo();
    ok
}

/// The ms of `my_time_ms` the engine may plan with, for a game clock of `clock_ms`: its
/// `clock_percent` share, less the per-move margin and the game's reserve
/// ([`ClockPlan::usable_ms`]).
fn usable_ms(clock_ms: u64, my_time_ms: u64, config: &EngineConfig) -> u64 {
    // (A clock past a few weeks is no clock: cap it so no product overflows.)
    let budget = my_time_ms.min(1 << 31) * config.clock_percent.min(100) / 100;
    config.clock.usable_ms(budget, clock_ms, config.margin_ms)
}

/// Node limit of each proof inside [`Prover::prove_quiet`] (the threat after a quiet move, and
/// the win after each reply to it). On the 26 suite positions the prover refutes, at 1 s each:
/// 5,000 and 20,000 proved none, 100,000 proved 2 (each sound against every legal reply).
const QUIET_SUB_NODES: u64 = 100_000;

/// Prover table entries past which the engine starts its table afresh (about 16 bytes each).
const PROVER_ENTRIES: usize = 4 << 20;

/// `prover`, its table cleared first once it holds more than [`PROVER_ENTRIES`] positions.
fn bounded(prover: &mut Prover) -> &mut Prover {
    if prover.entries() > PROVER_ENTRIES {
        prover.clear();
    }
    prover
}

/// Black's third stone by Renju opening theory: for the board of the centre's Black stone and
/// one White stone beside it on a row or column (a direct opening; every ALPHANO game starts
/// with the centre and a White stone in its 3×3), Black to move, the point diagonal to the
/// centre and beside White: Kagetsu (D4). `None` for any other position (an indirect
/// opening, White on a diagonal, is left to the search) or when that point is not legal.
///
/// The classical classification of the 26 three-stone openings (RIF; for example Nosovsky
/// and Sokolsky, *Renju for Beginners*, 1999, chapter 4) rates Kagetsu a win for Black. The
/// search's own third stone after a direct White stone (a point beside the centre, not
/// beside White: diagonal to the centre on the far side in 11 of those games, on the
/// centre's other line in 8) lost 16 of 19 such games as Black against Rapfi at 1/8
/// of our clock, where Kagetsu won 19 of 19. In the indirect openings the search's stone (on
/// the centre's row or column, away from White) won 16 of 21 there, and Hogetsu (I7, the
/// point beside both stones) 11 of 21, so no entry is made for them. Of Kagetsu's two mirror
/// images the one nearer the board's first row, then its first column.
///
/// ```
/// use renju::engine::book_move;
/// use renju::renju_rules::game::{Move, RenjuGame};
/// let mut game = RenjuGame::new();
/// for m in ["8 8", "7 8"] {
///     game.try_play(m.parse().unwrap()).unwrap();
/// }
/// let pos = renju::Position::from_game(&game);
/// // Direct (White above the centre): Kagetsu, beside White, diagonal to the centre.
/// assert_eq!(book_move(&pos), Some("7 7".parse::<Move>().unwrap()));
/// game.try_play("7 7".parse().unwrap()).unwrap();
/// // No entry once the third stone is down.
/// assert_eq!(book_move(&renju::Position::from_game(&game)), None);
/// ```
pub fn book_move(pos: &Position) -> Option<Move> {
    let board = pos.board();
    let c = (SIZE / 2) as i32;
    if pos.to_move() != Color::Black
        || board.stones() != 2
        || board.get(Point::new(c as usize, c as usize)?) != Some(Color::Black)
    {
        return None;
    }
    let white = (0..SIZE * SIZE)
        .map(Point::from_index)
        .find(|&p| board.get(p) == Some(Color::White))?;
    let (dr, dc) = (i32::from(white.row) - c, i32::from(white.col) - c);
    // Direct only: White beside the centre on a row or column.
    if dr.abs() + dc.abs() != 1 {
        return None;
    }
    // Of the two points beside White across the line centre-White, (dr ∓ |dc|, dc ∓ |dr|),
    // the first: its row and column are never the larger.
    let p = Point::new((c + dr - dc.abs()) as usize, (c + dc - dr.abs()) as usize)?;
    Some(Move::Stone(p)).filter(|&m| pos.is_legal(m))
}

/// White's second stone in a direct opening: the point above the centre, when the board holds
/// the centre stone alone and White is to move; `None` otherwise
/// ([`EngineConfig::direct_second`]).
///
/// ```
/// use renju::engine::direct_second;
/// use renju::renju_rules::game::{Move, RenjuGame};
/// let mut game = RenjuGame::new();
/// assert_eq!(direct_second(&renju::Position::from_game(&game)), None);
/// game.try_play("8 8".parse().unwrap()).unwrap();
/// let above: Move = "7 8".parse().unwrap();
/// assert_eq!(direct_second(&renju::Position::from_game(&game)), Some(above));
/// game.try_play("7 8".parse().unwrap()).unwrap();
/// assert_eq!(direct_second(&renju::Position::from_game(&game)), None);
/// ```
pub fn direct_second(pos: &Position) -> Option<Move> {
    let board = pos.board();
    let c = SIZE / 2;
    if pos.to_move() != Color::White
        || board.stones() != 1
        || board.get(Point::new(c, c)?) != Some(Color::Black)
    {
        return None;
    }
    Some(Move::Stone(Point::new(c - 1, c)?)).filter(|&m| pos.is_legal(m))
}

/// A legal move without thinking: the first candidate that is legal, else the first legal
/// point, else a pass.
pub fn fallback_move(pos: &Position) -> Move {
    let mut cands = Vec::new();
    pos.generate_moves(&mut cands);
    cands
        .into_iter()
        .find(|&m| pos.is_legal(m))
        .or_else(|| {
            (0..SIZE * SIZE)
                .map(|i| Move::Stone(Point::from_index(i)))
                .find(|&m| pos.is_legal(m))
        })
        .unwrap_or(Move::Pass)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`EngineConfig::verify_search`]'s check, on a position of `tests/data/
    /// missed-defences.txt` with a node cap in place of the clock: after our move there (a
    /// blunder: Rapfi proves mate in 13) it finds Black's win; after Rapfi's defence it finds
    /// none; the position is left as it was.
    #[test]
    fn the_search_check_tells_a_blunder_from_a_defence() {
        let game =
            crate::book::replay_moves("8,8 7,9 6,9 6,8 8,10 8,9 7,8 8,7 5,10 4,10 9,9 10,8 7,11")
                .unwrap();
        let mut pos = Position::from_game(&game);
        let history = pos.history().to_vec();
        let config = EngineConfig {
            verify_search: 25,
            ..EngineConfig::default()
        };
        let mut engine = Engine::new(&config);
        let limits = Limits::nodes(300_000);
        let blunder: Move = "4 11".parse().unwrap();
        let defence: Move = "5 11".parse().unwrap();
        assert!(engine.opponent_wins_after(&mut pos, blunder, &limits, &config));
        assert!(!engine.opponent_wins_after(&mut pos, defence, &limits, &config));
        assert_eq!(pos.history(), &history[..]);
        assert_eq!(pos.to_move(), Color::White);
    }

    /// The reserve: 15% of a 20 s clock (3,000 ms) and the 150 ms margin are never planned
    /// on, so a game's clock is at most 85% used however long it lasts.
    #[test]
    fn a_reserve_of_the_clock_is_never_planned_on() {
        let config = EngineConfig::default();
        assert_eq!(usable_ms(20_000, 20_000, &config), 20_000 - 150 - 3_000);
        assert_eq!(usable_ms(20_000, 5_000, &config), 5_000 - 150 - 3_000);
        assert_eq!(usable_ms(20_000, 3_100, &config), 0);
        let none = EngineConfig {
            clock: ClockPlan {
                reserve_percent: 0,
                ..config.clock
            },
            ..config
        };
        assert_eq!(usable_ms(20_000, 3_100, &none), 3_100 - 150);
        // A clock past a few weeks is capped, not overflowed.
        assert!(usable_ms(u64::MAX, u64::MAX, &config) > 0);
    }

    /// The plan spends more on the early moves and never plans past the reserve: a game of
    /// 100 of our moves, each critical and taking its whole share, ends with the reserve (15%
    /// of the clock) and the margin untouched; the first moves' shares are an eighth of
    /// what is usable (twice that when critical), several times the old plan's 35th.
    #[test]
    fn the_clock_plan_front_loads_and_keeps_the_reserve() {
        let config = EngineConfig::default();
        let clock = 20_000;
        let first = config
            .clock
            .share_ms(usable_ms(clock, clock, &config), 2, false);
        assert_eq!(first, (clock - 150 - 3_000) / 8);
        let mut left = clock;
        for ours in 0..100 {
            let usable = usable_ms(clock, left, &config);
            let share = config.clock.share_ms(usable, ours, true);
            assert!(share <= usable / 4, "move {ours}: {share} of {usable}");
            left -= share;
        }
        assert!(left >= 3_000 + 150, "{left} ms left of a 20 s clock");
    }

    /// The kept position equals the one read from the start, move after move, and a game that
    /// does not continue it (a take-back, another game) is read afresh.
    #[test]
    fn the_kept_position_follows_the_game() {
        let config = EngineConfig::default().with_tt_mib(1);
        let mut engine = Engine::new(&config);
        let same = |a: &Position, b: &Position| {
            a.history() == b.history() && a.board() == b.board() && a.to_move() == b.to_move()
        };
        let mut game = RulesGame::new();
        let mut seed = 12345u64;
        for _ in 0..40 {
            let pos = engine.position_of(&game);
            assert!(same(&pos, &Position::from_game(&game)));
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            if game.result().is_some() || legal.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            game.try_play(legal[(seed >> 33) as usize % legal.len()])
                .unwrap();
        }
        // A shorter game (a take-back) and a fresh one.
        let mut back = RulesGame::new();
        for &mv in &game.moves()[..game.moves().len() / 2] {
            back.try_play(mv).unwrap();
        }
        for g in [back, RulesGame::new()] {
            assert!(same(&engine.position_of(&g), &Position::from_game(&g)));
        }
    }

    /// `search_with` runs the same search as `search` (same move, score and nodes at a node
    /// limit) and reports every completed iteration in order, the last being the result's.
    #[test]
    fn search_with_reports_each_iteration_of_the_same_search() {
        let config = EngineConfig::default().with_tt_mib(1);
        let mut game = RulesGame::new();
        for (r, c) in [(8, 8), (7, 8), (7, 7), (9, 9), (6, 7), (8, 7)] {
            game.try_play(Move::from_judge(r, c).unwrap()).unwrap();
        }
        let limits = Limits::nodes(30_000);
        let searcher = || Searcher::new(config.search_config(game.to_move()));
        let plain = config.search(&mut searcher(), &mut Position::from_game(&game), &limits);
        let mut seen: Vec<(u32, Option<Move>, u64)> = Vec::new();
        let reported = config.search_with(
            &mut searcher(),
            &mut Position::from_game(&game),
            &limits,
            &mut |it| seen.push((it.depth, it.pv.first().copied(), it.nodes)),
        );
        assert_eq!(
            (reported.best_move, reported.score, reported.stats.nodes),
            (plain.best_move, plain.score, plain.stats.nodes)
        );
        assert!(seen.len() >= 2, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0 && w[0].2 <= w[1].2));
        let last = seen.last().unwrap();
        assert_eq!(last.0, reported.stats.depth);
    }
}
