//! The Kattis `linesofaction` protocol (spec: `shared/specs/kattis-loa.md`), separate from `main`
//! so that tests and the fuzzer can drive it with any reader and writer.
//!
//! 1. Read one integer: 0 = we play Black (first), 1 = White.
//! 2. On our turn print `r1 c1 r2 c2` (1-based) and flush; on the judge's turn read its move.
//! 3. Stop, exit 0 and read nothing more once the game is over: a side connected, the side to move
//!    without a legal move, or 100 plies played.
//!
//! Reading is tolerant — any whitespace between integers, a move may span lines — but strict about
//! content: a non-number, a line holding more numbers than the value being read, an off-board or
//! illegal judge move, or input ending in the middle of a value is an error naming what was read.
//! Input that ends cleanly between moves is taken as the end of the game (spec, "decided").

use loa::{Color, EvalWeights, LoaEval, Move, Position};
use search_core::{GameBudget, SearchConfig, Searcher};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// The judge ends a game after this many plies (both players' moves) as a draw.
pub const MAX_PLIES: u32 = 100;

/// How the bot thinks.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Thinking budget for the whole game, in ms of wall time (our turns only).
    pub budget_ms: u64,
    /// Safety margin kept from every deadline, in ms.
    pub margin_ms: u64,
    /// Optional node cap per move (reproducible play in tests and fuzzing).
    pub max_nodes: Option<u64>,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Evaluation weights.
    pub weights: EvalWeights,
    /// Longest connection plan (own moves, opponent frozen) the planner looks for before the
    /// minimax search; 0 disables it. See [`loa::plan`].
    pub plan_moves: u32,
    /// Node budget of the planner per move.
    pub plan_nodes: u64,
    /// Print one line of search statistics per move to stderr.
    pub verbose: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            budget_ms: 500,
            margin_ms: 5,
            max_nodes: None,
            tt_mib: 16,
            // Tuned in arena matches against the random mover (160 games per setting, see the
            // closing note of the foundation issue): our own structure matters most.
            weights: EvalWeights {
                concentration: 3,
                euler: 30,
                opponent_percent: 30,
                ..EvalWeights::default()
            },
            plan_moves: 3,
            plan_nodes: 200_000,
            verbose: false,
        }
    }
}

impl Config {
    /// Sets one evaluation weight from `name=value`; names are the fields of
    /// [`EvalWeights`] (`concentration`, `groups`, `euler`, `centre`, `mobility`, `opponent_percent`).
    pub fn set_weight(&mut self, spec: &str) -> Result<(), String> {
        let (name, value) = spec.split_once('=').ok_or("expected NAME=VALUE")?;
        let value: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("{value:?} is not an integer"))?;
        let w = &mut self.weights;
        let slot = match name.trim() {
            "concentration" => &mut w.concentration,
            "groups" => &mut w.groups,
            "euler" => &mut w.euler,
            "centre" => &mut w.centre,
            "mobility" => &mut w.mobility,
            "opponent_percent" => &mut w.opponent_percent,
            "plan_moves" => {
                self.plan_moves = value.max(0) as u32;
                return Ok(());
            }
            other => return Err(format!("unknown weight {other:?}")),
        };
        *slot = value;
        Ok(())
    }
}

/// Why the bot stopped with an error.
#[derive(Debug)]
pub enum BotError {
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
    /// The input could not be understood; the string says what was read and where.
    Malformed(String),
    /// The judge's move is not legal in the current position.
    IllegalMove {
        /// The four numbers read.
        read: [i64; 4],
        /// Why they are not a legal move.
        why: loa::MoveError,
        /// Ply number (1-based) of the move.
        ply: u32,
    },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Io(e) => write!(f, "i/o error: {e}"),
            BotError::Malformed(s) => write!(f, "malformed input: {s}"),
            BotError::IllegalMove { read, why, ply } => write!(
                f,
                "judge move at ply {ply} \"{} {} {} {}\" rejected: {why}",
                read[0], read[1], read[2], read[3]
            ),
        }
    }
}

impl std::error::Error for BotError {}

impl From<io::Error> for BotError {
    fn from(e: io::Error) -> Self {
        BotError::Io(e)
    }
}

/// How a game ended, as the bot saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A side connected; the winner.
    Won(Color),
    /// The side to move had no legal move.
    NoMoves,
    /// 100 plies were played.
    PlyLimit,
    /// Input ended cleanly between moves.
    InputClosed,
}

/// Reads whitespace-separated integers, a value at a time (see the module docs for the rules).
pub struct IntReader<R> {
    input: R,
    pending: VecDeque<String>,
    line_no: u64,
    line: String,
}

impl<R: BufRead> IntReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        IntReader {
            input,
            pending: VecDeque::new(),
            line_no: 0,
            line: String::new(),
        }
    }

    /// Reads the next `N` integers for `what`. `Ok(None)`: input ended before any of them.
    pub fn read<const N: usize>(&mut self, what: &str) -> Result<Option<[i64; N]>, BotError> {
        let mut out = [0i64; N];
        let mut got = 0;
        while got < N {
            if self.pending.is_empty() {
                self.line.clear();
                // A line that is not UTF-8 is malformed input, not an i/o failure.
                let mut raw = Vec::new();
                let n = self.input.read_until(b'\n', &mut raw)?;
                if n == 0 {
                    if got == 0 {
                        return Ok(None);
                    }
                    return Err(BotError::Malformed(format!(
                        "input ended while reading {what}: got only {:?}",
                        &out[..got]
                    )));
                }
                self.line_no += 1;
                self.line = String::from_utf8_lossy(&raw).into_owned();
                let tokens: Vec<String> = self.line.split_whitespace().map(String::from).collect();
                if tokens.len() > N - got {
                    return Err(BotError::Malformed(format!(
                        "line {} {:?} holds {} numbers, but {what} needs {}",
                        self.line_no,
                        self.line.trim_end(),
                        tokens.len(),
                        N - got
                    )));
                }
                self.pending.extend(tokens);
                continue;
            }
            let tok = self.pending.pop_front().expect("non-empty");
            out[got] = tok.parse().map_err(|_| {
                BotError::Malformed(format!(
                    "line {} {:?}: {tok:?} is not an integer (reading {what})",
                    self.line_no,
                    self.line.trim_end()
                ))
            })?;
            got += 1;
        }
        Ok(Some(out))
    }
}

/// Whether the game is over in `pos` after `plies` plies, and how.
pub fn game_end(pos: &Position, plies: u32) -> Option<GameEnd> {
    if let Some(w) = pos.winner() {
        return Some(GameEnd::Won(w));
    }
    if pos.mobility(pos.to_move()) == 0 {
        return Some(GameEnd::NoMoves);
    }
    (plies >= MAX_PLIES).then_some(GameEnd::PlyLimit)
}

/// The engine side of the bot: picks our moves within the game budget.
pub struct Player {
    config: Config,
    searcher: Searcher<Position>,
    budget: GameBudget,
    eval: LoaEval,
}

impl Player {
    /// A player of colour `me` for one game.
    pub fn new(config: Config, me: Color) -> Self {
        Player {
            searcher: Searcher::new(SearchConfig {
                tt_mib: config.tt_mib,
                // A draw (no legal move, or the ply limit) fails the test: treat it as nearly lost.
                draw_score: -search_core::score::MAX_EVAL / 2,
                ..SearchConfig::default()
            }),
            budget: GameBudget::new(config.budget_ms),
            eval: LoaEval::new(config.weights).for_player(me),
            config,
        }
    }

    /// Our move in `pos` (which must have a legal move), `plies` plies into the game. Never fails:
    /// if the search yields nothing or panics, the first legal move is played.
    ///
    /// First the planner looks for the shortest connection with the opponent frozen; its first move
    /// is played if no reply of the opponent wins at once (a random mover rarely blocks a plan).
    /// Otherwise the minimax search decides.
    pub fn choose(&mut self, pos: &Position, plies: u32) -> Move {
        let start = Instant::now();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if self.config.plan_moves > 0 {
            if let Some(plan) =
                loa::plan::shortest_connection(pos, self.config.plan_moves, self.config.plan_nodes)
            {
                let first = plan.moves[0];
                if legal.contains(&first) && !gives_immediate_win(pos, first) {
                    if self.config.verbose {
                        eprintln!(
                            "ply {plies} plan of {} moves, {} nodes",
                            plan.moves.len(),
                            plan.nodes
                        );
                    }
                    self.budget.charge(start.elapsed());
                    return first;
                }
            }
        }
        let our_moves_left = (MAX_PLIES.saturating_sub(plies) / 2).clamp(1, 12);
        let mut limits = self.budget.limits(our_moves_left, self.config.margin_ms);
        if let Some(n) = self.config.max_nodes {
            limits.max_nodes = n;
        }
        let mut scratch = pos.clone();
        let (searcher, eval) = (&mut self.searcher, &self.eval);
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            searcher.search(&mut scratch, eval, &limits)
        }));
        let mv = match found {
            Ok(r) => {
                if self.config.verbose {
                    let s = r.stats;
                    eprintln!(
                        "ply {plies} depth {} seldepth {} score {} nodes {} nps {} tt {:.0}% time {}ms",
                        s.depth,
                        s.seldepth,
                        search_core::score::display(r.score),
                        s.nodes,
                        s.nps(),
                        100.0 * s.tt_hit_rate(),
                        s.elapsed.as_millis()
                    );
                }
                r.best_move.filter(|m| legal.contains(m))
            }
            Err(_) => {
                self.searcher = Searcher::new(*self.searcher.config());
                None
            }
        };
        let mut mv = mv.unwrap_or(legal[0]);
        // The last word: a shallow search (budget nearly spent) may not have looked at replies.
        if gives_immediate_win(pos, mv) {
            if let Some(&safe) = legal.iter().find(|&&m| !gives_immediate_win(pos, m)) {
                mv = safe;
            }
        }
        self.budget.charge(start.elapsed());
        mv
    }
}

/// Whether playing `mv` in `pos` lets the opponent win with its very next move.
pub fn gives_immediate_win(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play(mv);
    if after.winner().is_some() {
        return false; // the game is over: `mv` itself decided it
    }
    let them = after.to_move();
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        after.play(r);
        let won = after.winner() == Some(them);
        after.unplay(r);
        won
    })
}

/// Plays one game over `input`/`output` as the Kattis judge runs it.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: Config,
) -> Result<GameEnd, BotError> {
    let mut reader = IntReader::new(input);
    let [colour] = reader
        .read::<1>("our colour")?
        .ok_or_else(|| BotError::Malformed("input ended before our colour (0 or 1)".into()))?;
    let us = match colour {
        0 => Color::Black,
        1 => Color::White,
        other => {
            return Err(BotError::Malformed(format!(
                "colour must be 0 (Black) or 1 (White), read {other}"
            )))
        }
    };
    let mut player = Player::new(config, us);
    let mut pos = Position::start();
    let mut plies = 0;
    loop {
        if let Some(end) = game_end(&pos, plies) {
            return Ok(end);
        }
        let mv = if pos.to_move() == us {
            let mv = player.choose(&pos, plies);
            writeln!(output, "{mv}")?;
            output.flush()?;
            mv
        } else {
            let Some(read) = reader.read::<4>("the judge's move (r1 c1 r2 c2)")? else {
                return Ok(GameEnd::InputClosed);
            };
            pos.parse_move(read).map_err(|why| BotError::IllegalMove {
                read,
                why,
                ply: plies + 1,
            })?
        };
        pos.play(mv);
        plies += 1;
    }
}
