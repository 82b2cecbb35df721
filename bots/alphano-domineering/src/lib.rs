//! The ALPHANO Domineering protocol (spec: `shared/specs/alphano-domineering.md`), separate from
//! `main` so tests and the fuzzer can drive it.
//!
//! 1. Read 8 lines of 8 cell values (0..=3).
//! 2. `READY FIRST|SECOND` → `OK`.
//! 3. `TURN my_time opp_time` → `MOVE x y` (1-based top-left cell) or `MOVE -1 -1` (pass), within
//!    `my_time` ms of the remaining whole-game clock.
//! 4. `OPP x y time` → the opponent's move. 5. `FINISH` → exit 0 without output.
//!
//! Any malformed line, an illegal opponent move, or input ending before `FINISH` is an error
//! naming the line. Our own move always comes from the legal list: a failed search falls back to
//! the first legal move (a pass at worst).

use domineering::endgame::{Solver, Verdict};
use domineering::eval::DomEval;
use domineering::{Move, Player, Position};
use search_core::{Limits, SearchConfig, Searcher};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

pub use bot_io::BotError;
use bot_io::{two_ints, Lines};

/// Settings.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Kept back from the reported clock on every move, in ms (process and pipe latency).
    pub margin_ms: u64,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Optional node cap per move (reproducible play in tests and fuzzing).
    pub max_nodes: Option<u64>,
    /// Fraction of the clock to use, in percent (a weaker engine for reference matches).
    pub clock_percent: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            margin_ms: 60,
            tt_mib: 64,
            max_nodes: None,
            clock_percent: 100,
        }
    }
}

/// Placements left (both players together) from which the exact endgame solver is tried first.
pub const SOLVER_FROM: u32 = 34;

/// The engine's state for one game: the search (with its transposition table) and the endgame
/// solver, made on first use so a game that never reaches the endgame does not pay for it.
pub struct Engine {
    searcher: Searcher<Position>,
    solver: Option<Solver>,
}

impl Engine {
    /// An engine with the table sizes of `config`.
    pub fn new(config: &Config) -> Engine {
        Engine {
            searcher: Searcher::new(SearchConfig {
                tt_mib: config.tt_mib,
                aspiration_window: 2 * domineering::SCALE,
                ..SearchConfig::default()
            }),
            solver: None,
        }
    }

    /// Chooses our move in `pos` with `my_time` ms left on our clock: a proven win from the
    /// endgame solver when there is one within this move's share of the clock, otherwise the
    /// iterative-deepening search with what is left of the share.
    pub fn choose(&mut self, pos: &Position, my_time: u64, config: &Config) -> Move {
        let start = Instant::now();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // Our remaining placements bound the moves left; spend the clock over about half of them.
        let own = pos.placements(pos.to_move()).count_ones();
        let moves_to_go = (own / 2).clamp(3, 16);
        let budget = my_time * config.clock_percent / 100;
        let free = (pos.placements(Player::First) | pos.placements(Player::Second)).count_ones();
        let found = search_core::guarded(
            || {
                if free <= SOLVER_FROM && config.max_nodes.is_none() {
                    let share = budget.saturating_sub(config.margin_ms) / u64::from(moves_to_go);
                    let solver = self
                        .solver
                        .get_or_insert_with(|| Solver::new(pos, SOLVER_TABLE_BITS));
                    solver.set_limits(u64::MAX, Some(start + Duration::from_millis(share / 2)));
                    if let Some(Verdict::Win(mv)) = solver.winning_move(pos) {
                        return Some(mv);
                    }
                }
                let spent = start.elapsed().as_millis() as u64;
                let mut limits =
                    Limits::game_clock(budget.saturating_sub(spent), moves_to_go, config.margin_ms);
                if let Some(n) = config.max_nodes {
                    limits.max_nodes = n;
                }
                let mut scratch = pos.clone();
                self.searcher
                    .search(&mut scratch, &DomEval::default(), &limits)
                    .best_move
            },
            |mv| mv.is_some_and(|mv| legal.contains(&mv)),
            || Some(legal[0]),
        );
        found.into_inner().unwrap_or(legal[0])
    }
}

/// The endgame solver's table: 2^20 entries, 16 MiB.
const SOLVER_TABLE_BITS: u32 = 20;

/// Plays one game over `input`/`output`. Returns the number of moves we made.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: Config,
) -> Result<usize, BotError> {
    let mut lines = Lines::new(input);
    let mut board = String::new();
    for _ in 0..8 {
        board.push_str(&lines.next("the 8 board lines")?);
        board.push('\n');
    }
    let values = Position::parse_values(&board).map_err(|e| BotError::Bad(e.to_string()))?;
    let mut pos = Position::new(values);
    let ready = lines.next("READY")?;
    let us = match ready.trim() {
        "READY FIRST" => Player::First,
        "READY SECOND" => Player::Second,
        other => {
            return Err(BotError::Bad(format!(
                "expected READY FIRST or READY SECOND, read {other:?}"
            )))
        }
    };
    writeln!(output, "OK")?;
    output.flush()?;
    let mut engine = Engine::new(&config);
    let mut ours = 0;
    loop {
        let line = lines.next("FINISH")?;
        let parts: Vec<&str> = line.split_whitespace().collect();
        let n = lines.no();
        match parts.first().copied() {
            Some("FINISH") => return Ok(ours),
            Some("TURN") => {
                if pos.to_move() != us {
                    return Err(BotError::Bad(format!(
                        "line {n}: TURN while the opponent is to move"
                    )));
                }
                let (my_time, _) = two_ints(&parts[1..], n, &line)?;
                let mv = engine.choose(&pos, my_time.max(0) as u64, &config);
                writeln!(output, "MOVE {mv}")?;
                output.flush()?;
                pos.play(mv);
                ours += 1;
            }
            Some("OPP") => {
                if pos.to_move() == us {
                    return Err(BotError::Bad(format!("line {n}: OPP while we are to move")));
                }
                let (x, y) = two_ints(&parts[1..], n, &line)?;
                let mv = pos
                    .parse_move(x, y)
                    .map_err(|e| BotError::Bad(format!("line {n}: opponent {e}")))?;
                pos.play(mv);
            }
            _ => return Err(BotError::Bad(format!("line {n}: unknown command {line:?}"))),
        }
    }
}
