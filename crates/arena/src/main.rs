//! `arena`: plays matches between contest players under each contest's judge, and shows the
//! games.
//!
//! - `arena match CONTEST [--a PLAYER] [--b PLAYER]`: a match, sides swapped every pair of games
//!   (each board, opening or seed is played from both sides); live progress bar, per-game lines,
//!   a final table with W/D/L per side, Elo ± 95%, LOS and failures by cause; `--sprt` stops it
//!   once decided; `--record FILE` writes JSON Lines, `--resume` continues it.
//! - `arena tournament CONTEST --player P --player Q …`: a round robin with a crosstable.
//! - `arena replay FILE [--game K] [--ply N]`: the game on the terminal, ply by ply.
//! - `arena render FILE --game K --svg OUT [--ply N]`: the game (or a position of it) as SVG.
//! - `arena bundle BOT [--check]`: the bot as one source file, `dist/BOT.rs`.
//!
//! A PLAYER is `bot` (the contest's workspace bot, built --release), `greedy` or `random` (the
//! contest's built-in players), a bot executable, or `gomocup:PATH` (a Gomocup brain, Renju).

use arena::record::{Outcome, Record};
use arena::runner::{self, MatchConfig, MatchReport};
use arena::stats::{self, Sprt, Wdl};
use arena::{BotCommand, Contestant};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "plyforge referee: contest players under their judges, and their games shown"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a match between two players under a contest's judge.
    Match(MatchArgs),
    /// Play a round robin among several players and print the crosstable.
    Tournament(TournamentArgs),
    /// Step through a recorded game on the terminal.
    Replay(ReplayArgs),
    /// Draw a recorded game, or one position of it, as SVG.
    Render(RenderArgs),
    /// Write one self-contained source file of a bot (dist/<bot>.rs) for judges that take one
    /// file and no crates; `--check` compiles it with plain rustc.
    Bundle(BundleArgs),
}

#[derive(clap::Args)]
struct BundleArgs {
    /// The bot's package name (e.g. kattis-loa).
    bot: String,
    /// Directory to write into.
    #[arg(long, default_value = "dist")]
    out_dir: PathBuf,
    /// Also compile the bundle with `rustc --edition 2021 -O` (binary next to it).
    #[arg(long)]
    check: bool,
    /// Also build a static native binary, dist/<bot>.out (always done for Code Warriors bots).
    #[arg(long)]
    native: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Contest {
    /// Kattis `linesofaction`: Lines of Action against the judge's random mover (B is always
    /// `random`), win within 100 plies.
    KattisLoa,
    /// NEERC 2014 G: 19×19 Gomoku as the second player against the judge's greedy player (B is
    /// always `judge`).
    NeercGomoku,
    /// ALPHANO scored 8×8 Domineering (10 s whole-game clocks), any two players.
    AlphanoDomineering,
    /// Code Warriors 13×13 Domineering with bombs (a process per turn, 1 s each), any two
    /// players.
    CodewarriorsDomineering,
    /// ALPHANO 15×15 Renju (RIF forbidden moves, 20 s whole-game clocks), any two players
    /// (Gomocup brains too).
    AlphanoRenju,
}

impl Contest {
    fn name(self) -> &'static str {
        match self {
            Contest::KattisLoa => "kattis-loa",
            Contest::NeercGomoku => "neerc-gomoku",
            Contest::AlphanoDomineering => "alphano-domineering",
            Contest::CodewarriorsDomineering => "codewarriors-domineering",
            Contest::AlphanoRenju => "alphano-renju",
        }
    }

    /// Whole-game clock of each player in ms, for the ALPHANO contests.
    fn clock_ms(self) -> Option<u64> {
        match self {
            Contest::AlphanoDomineering => Some(arena::alphano_domineering::CLOCK_MS),
            Contest::AlphanoRenju => Some(arena::alphano_renju::CLOCK_MS),
            _ => None,
        }
    }
}

/// Which side player A takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    /// Moves first (Renju: Black; Domineering: horizontal).
    First,
    /// Moves second.
    Second,
}

#[derive(clap::Args)]
struct MatchArgs {
    /// Which contest's judge to run.
    contest: Contest,
    /// Player A: `bot` (the contest's bot, built --release), `greedy`, `random`, a bot
    /// executable, or `gomocup:PATH` (Renju).
    #[arg(long, visible_alias = "bot", default_value = "bot")]
    a: String,
    /// An argument for player A's program (repeatable).
    #[arg(long = "a-arg", visible_alias = "bot-arg", allow_hyphen_values = true)]
    a_args: Vec<String>,
    /// Player B, as player A (default: `greedy`; Kattis LOA: `random`; NEERC: `judge`).
    #[arg(long, visible_alias = "opponent")]
    b: Option<String>,
    /// An argument for player B's program (repeatable), e.g. the engine at reduced time:
    /// `--b target/release/alphano-renju --b-arg=--clock-percent --b-arg=10`.
    #[arg(
        long = "b-arg",
        visible_alias = "opponent-arg",
        allow_hyphen_values = true
    )]
    b_args: Vec<String>,
    /// Player A plays only this side (default: sides swap every game).
    #[arg(long, value_enum)]
    a_side: Option<Side>,
    /// Stop early with a sequential probability ratio test: `ELO0 ELO1 [ALPHA BETA]`
    /// (alpha and beta default to 0.05).
    #[arg(long, num_args = 2..=4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    sprt: Option<Vec<f64>>,
    #[command(flatten)]
    common: Common,
    /// Kattis LOA: hang guard, ms the bot may take for one move.
    #[arg(long, default_value_t = 5000)]
    move_timeout_ms: u64,
    /// Kattis LOA: total ms the bot may think in one game (default: unlimited, reported only).
    #[arg(long)]
    game_budget_ms: Option<u64>,
    /// NEERC Gomoku: play the seeds of this file (lines `test seed`) instead of --games/--seed.
    #[arg(long)]
    seeds: Option<PathBuf>,
    /// NEERC Gomoku: play the library's planner in-process (no subprocess; for quick tuning).
    #[arg(long)]
    in_process: bool,
    /// NEERC Gomoku in-process: a planner setting NAME=VALUE (repeatable).
    #[arg(long = "planner")]
    planner: Vec<String>,
}

/// Options every match takes.
#[derive(clap::Args)]
struct Common {
    /// Number of games (per pairing, in a tournament).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Base seed: games 2k and 2k+1 use seed + k (the same board, opening and built-in
    /// players' generators, sides swapped).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print only the table, not a line per game.
    #[arg(long)]
    quiet: bool,
    /// Append every game to this JSON Lines file as it ends.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Continue the match in the --record file: its games count and are not played again.
    #[arg(long, requires = "record")]
    resume: bool,
    /// ALPHANO Domineering: boards from this file (one a line, 64 cell values 0-3 row by
    /// row), pair k playing board k (cycling), instead of boards drawn from the seed.
    #[arg(long)]
    boards: Option<PathBuf>,
}

impl Common {
    /// The `--boards` file's boards, if given (only ALPHANO Domineering has boards).
    fn boards(&self, contest: Contest) -> Result<Vec<[[u8; 8]; 8]>, String> {
        let Some(path) = &self.boards else {
            return Ok(Vec::new());
        };
        if contest != Contest::AlphanoDomineering {
            return Err(format!(
                "--boards: {} games start from an empty board (only ALPHANO Domineering has boards)",
                contest.name()
            ));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        arena::alphano_domineering::parse_boards(&text)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[derive(clap::Args)]
struct TournamentArgs {
    /// Which contest (ALPHANO Domineering, ALPHANO Renju, Code Warriors Domineering).
    contest: Contest,
    /// A player, as for `match` (at least two; repeatable). `NAME=PATH ARGS…` is not parsed:
    /// pass bot arguments with a wrapper script.
    #[arg(long = "player", required = true, num_args = 1)]
    players: Vec<String>,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args)]
struct ReplayArgs {
    /// A JSON Lines record file (`arena match … --record FILE`).
    file: PathBuf,
    /// The game number (default: the file's first game).
    #[arg(long)]
    game: Option<usize>,
    /// Show only the position after this many plies.
    #[arg(long)]
    ply: Option<usize>,
}

#[derive(clap::Args)]
struct RenderArgs {
    /// A JSON Lines record file.
    file: PathBuf,
    /// The game number (default: the file's first game).
    #[arg(long)]
    game: Option<usize>,
    /// Draw the position after this many plies (default: the end of the game).
    #[arg(long)]
    ply: Option<usize>,
    /// Where to write the SVG.
    #[arg(long)]
    svg: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Bots run in process groups of their own, out of the terminal's reach: stop them here.
    let _ = ctrlc::set_handler(|| {
        arena::process::kill_all();
        eprintln!("arena: interrupted; every bot stopped (a --record file can be --resume'd)");
        std::process::exit(130);
    });
    match cli.command {
        Cmd::Match(args) => report(run_match(&args)),
        Cmd::Tournament(args) => report(run_tournament(&args)),
        Cmd::Replay(args) => report(run_replay(&args)),
        Cmd::Render(args) => report(run_render(&args)),
        Cmd::Bundle(args) => report(run_bundle(&args)),
    }
}

fn report(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_bundle(args: &BundleArgs) -> Result<(), String> {
    let manifest = workspace_root().join("Cargo.toml");
    let b = arena::bundle::bundle(&manifest, &args.bot).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| format!("cannot create {}: {e}", args.out_dir.display()))?;
    let file = args.out_dir.join(format!("{}.rs", args.bot));
    std::fs::write(&file, &b.source)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let kib = b.source.len() as f64 / 1024.0;
    println!(
        "{}: {} bytes ({kib:.1} KiB{}), crates {}",
        file.display(),
        b.source.len(),
        if b.source.len() > 64 * 1024 {
            ", OVER the 64 KiB judge limit"
        } else {
            ""
        },
        b.crates.join(", ")
    );
    if args.check {
        let binary = args.out_dir.join(&args.bot);
        arena::bundle::compile(&file, &binary)
            .map_err(|e| format!("{} does not compile:\n{e}", file.display()))?;
        println!(
            "{}: compiled with rustc --edition 2021 -O",
            binary.display()
        );
    }
    if args.native || arena::bundle::NATIVE_BOTS.contains(&args.bot.as_str()) {
        let binary = args.out_dir.join(format!("{}.out", args.bot));
        arena::bundle::compile_native(&file, &binary)
            .map_err(|e| format!("{} does not compile natively:\n{e}", file.display()))?;
        let size = std::fs::metadata(&binary).map_or(0, |m| m.len());
        println!("{}: static native binary, {size} bytes", binary.display());
    }
    Ok(())
}

/// The workspace root this arena was built from.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds `package` in release mode and returns its binary's path.
fn build_bot(package: &str) -> Result<PathBuf, String> {
    let root = workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("arena: building {package} (release)…");
    let status = std::process::Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", package])
        .current_dir(&root)
        .status()
        .map_err(|e| format!("cannot run cargo to build {package}: {e}"))?;
    if !status.success() {
        return Err(format!("building {package} failed ({status})"));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    Ok(target.join("release").join(package))
}

fn jobs(common: &Common) -> usize {
    common
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// A player from its spec: `bot`, `greedy`, `random`, `gomocup:PATH` or a program path, with
/// its program's arguments; and its name for tables and records.
fn player(contest: Contest, spec: &str, args: &[String]) -> Result<(Contestant, String), String> {
    let no_args = || {
        if args.is_empty() {
            Ok(())
        } else {
            Err(format!("{spec} takes no program arguments"))
        }
    };
    let c = match spec {
        "greedy" => {
            no_args()?;
            Contestant::Greedy
        }
        "random" => {
            no_args()?;
            Contestant::Random
        }
        "bot" => Contestant::Bot(
            BotCommand::new(build_bot(contest.name())?).with_args(args.iter().cloned()),
        ),
        path => match path.strip_prefix("gomocup:") {
            Some(brain) => {
                Contestant::Gomocup(BotCommand::new(brain).with_args(args.iter().cloned()))
            }
            None => Contestant::Bot(BotCommand::new(path).with_args(args.iter().cloned())),
        },
    };
    // Programs by their file name and arguments (paths make tables unreadable).
    let short = |cmd: &BotCommand| {
        let file = cmd.program.file_name().map_or_else(
            || cmd.program.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        std::iter::once(file)
            .chain(cmd.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let name = match &c {
        Contestant::Bot(cmd) => short(cmd),
        Contestant::Gomocup(cmd) => format!("gomocup:{}", short(cmd)),
        other => other.to_string(),
    };
    Ok((c, name))
}

fn sprt_of(v: &Option<Vec<f64>>) -> Result<Option<Sprt>, String> {
    let Some(v) = v else { return Ok(None) };
    let mut t = Sprt::new(v[0], v[1]);
    match v[2..] {
        [] => {}
        [a] => t.alpha = a,
        [a, b] => (t.alpha, t.beta) = (a, b),
        _ => return Err("--sprt takes ELO0 ELO1 [ALPHA BETA]".into()),
    }
    t.validate()?;
    Ok(Some(t))
}

fn config(common: &Common, games: usize, sprt: Option<Sprt>) -> MatchConfig {
    MatchConfig {
        games,
        jobs: jobs(common),
        sprt,
        record: common.record.clone(),
        resume: common.resume,
        progress: true,
    }
}

/// One game of a two-seat contest (ALPHANO Renju and Domineering, Code Warriors) as a record.
fn two_seat_game(
    contest: Contest,
    players: [(&Contestant, &str); 2],
    seed: u64,
    board: Option<[[u8; 8]; 8]>,
    game: usize,
    a_seat: usize,
) -> Record {
    let names = [players[0].1.to_string(), players[1].1.to_string()];
    let (first, second) = (players[0].0, players[1].0);
    match contest {
        Contest::AlphanoRenju => {
            arena::alphano_renju::play_game(first, second, seed).record(game, names, a_seat)
        }
        Contest::AlphanoDomineering => {
            use arena::alphano_domineering::{board_values, play_on};
            let values = board.unwrap_or_else(|| board_values(seed));
            play_on(first, second, seed, values).record(game, names, a_seat)
        }
        Contest::CodewarriorsDomineering => {
            arena::codewarriors_domineering::play_game(first, second, seed)
                .record(game, names, a_seat)
        }
        Contest::KattisLoa | Contest::NeercGomoku => {
            unreachable!("judge contests are played by their own runners")
        }
    }
}

/// Game k between A and B (`players`, with their names) in a two-seat contest: the seat and
/// seed from [`schedule`], the board from `boards` (if any).
fn match_game(
    contest: Contest,
    players: [(&Contestant, &str); 2],
    common: &Common,
    a_side: Option<Side>,
    boards: &[[[u8; 8]; 8]],
    k: usize,
) -> Record {
    let (a_seat, seed) = schedule(k, common.seed, a_side);
    let mut seats = players;
    if a_seat == 1 {
        seats.swap(0, 1);
    }
    let board = board_of(boards, seed - common.seed);
    two_seat_game(contest, seats, seed, board, k, a_seat)
}

/// Board number `pair` of `boards` (cycling), none when there are none.
fn board_of(boards: &[[[u8; 8]; 8]], pair: u64) -> Option<[[u8; 8]; 8]> {
    (!boards.is_empty()).then(|| boards[pair as usize % boards.len()])
}

/// Game k of a match between A and B: seat and seed (pairs share a seed, sides swapped).
fn schedule(k: usize, base_seed: u64, a_side: Option<Side>) -> (usize, u64) {
    match a_side {
        Some(Side::First) => (0, base_seed + k as u64),
        Some(Side::Second) => (1, base_seed + k as u64),
        None => (k % 2, base_seed + (k / 2) as u64),
    }
}

/// One line for a finished game, from A's side; the moves follow when A did not win.
fn game_line(r: &Record) -> String {
    let result = match r.outcome_a() {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "LOSS",
    };
    let ms = |seat: usize| -> u64 { r.seat_ms(seat).sum() };
    let mut line = format!(
        "game {:>4} seed {}: A {} {result} ({}) in {} moves; A thought {} ms, B {} ms",
        r.game,
        r.seed,
        if r.a_seat == 0 { "first " } else { "second" },
        r.reason,
        r.moves.len(),
        ms(r.a_seat),
        ms(1 - r.a_seat),
    );
    if r.outcome_a() != Outcome::Win {
        let moves: Vec<&str> = r.moves.iter().map(|m| m.mv.as_str()).collect();
        line.push_str(&format!("\n  moves: {}", moves.join(", ")));
    }
    line
}

/// A's and B's most thinking in one game and slowest move, in ms.
fn time_line(report: &MatchReport, clock: Option<u64>) -> String {
    let mut most = [(0u64, 0usize); 2];
    let mut slowest = [0u64; 2];
    for r in &report.records {
        for seat in 0..2 {
            let who = usize::from(seat != r.a_seat);
            let times: Vec<u64> = r.seat_ms(seat).collect();
            let total: u64 = times.iter().sum();
            if total > most[who].0 {
                most[who] = (total, r.game);
            }
            slowest[who] = slowest[who].max(times.iter().copied().max().unwrap_or(0));
        }
    }
    let of = |t: u64| {
        clock.map_or(String::new(), |c| {
            format!(" of {c} ({:.0}%)", 100.0 * t as f64 / c as f64)
        })
    };
    format!(
        "time: A most in one game {} ms{} (game {}), slowest move {} ms; B most {} ms{}, slowest move {} ms",
        most[0].0,
        of(most[0].0),
        most[0].1,
        slowest[0],
        most[1].0,
        of(most[1].0),
        slowest[1]
    )
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let sprt = sprt_of(&args.sprt)?;
    match args.contest {
        Contest::KattisLoa => return run_loa(args, sprt),
        Contest::NeercGomoku => return run_neerc(args, sprt),
        _ => {}
    }
    let contest = args.contest;
    let (a, a_name) = player(contest, &args.a, &args.a_args)?;
    let b_spec = args.b.as_deref().unwrap_or("greedy");
    let (b, b_name) = player(contest, b_spec, &args.b_args)?;
    let boards = args.common.boards(contest)?;
    let cfg = config(&args.common, args.common.games, sprt);
    eprintln!(
        "arena: {} {} games, A = {a_name}, B = {b_name}, seeds from {}, {} at once",
        args.common.games,
        contest.name(),
        args.common.seed,
        cfg.jobs
    );
    let report = runner::run(
        &cfg,
        contest.name(),
        (&a_name, &b_name),
        |k| {
            let players = [(&a, a_name.as_str()), (&b, b_name.as_str())];
            match_game(contest, players, &args.common, args.a_side, &boards, k)
        },
        |r| (!args.common.quiet).then(|| game_line(r)),
    )?;
    println!("{report}");
    println!("{}", time_line(&report, contest.clock_ms()));
    Ok(())
}

fn run_loa(args: &MatchArgs, sprt: Option<Sprt>) -> Result<(), String> {
    use arena::kattis_loa::{self, JudgeConfig, MAX_PLIES};
    if args.b.as_deref().is_some_and(|b| b != "random") {
        return Err("Kattis LOA: B is the judge's random mover (`--b random`)".into());
    }
    let (a, a_name) = player(Contest::KattisLoa, &args.a, &args.a_args)?;
    let Contestant::Bot(bot) = a else {
        return Err("Kattis LOA: A must be a bot program".into());
    };
    let judge = JudgeConfig {
        move_timeout: Duration::from_millis(args.move_timeout_ms),
        game_budget: args.game_budget_ms.map(Duration::from_millis),
        ..JudgeConfig::default()
    };
    let cfg = config(&args.common, args.common.games, sprt);
    eprintln!(
        "arena: {} Kattis LOA games of {a_name} against the judge's random mover, seeds from {}, {} at once",
        args.common.games, args.common.seed, cfg.jobs
    );
    let report = runner::run(
        &cfg,
        Contest::KattisLoa.name(),
        (&a_name, "random"),
        |k| {
            let (seat, seed) = schedule(k, args.common.seed, args.a_side);
            let colour = if seat == 0 {
                loa::Color::Black
            } else {
                loa::Color::White
            };
            let rec = kattis_loa::play_game(&bot, k, seed, colour, &judge);
            let mut r = rec.record(&a_name);
            if matches!(rec.outcome, kattis_loa::GameOutcome::Failed(_))
                && !rec.stderr_tail.is_empty()
            {
                r.reason = format!("{} (bot stderr: {})", r.reason, rec.stderr_tail.trim_end());
            }
            r
        },
        |r| (!args.common.quiet).then(|| game_line(r)),
    )?;
    println!("{report}");
    println!("{}", time_line(&report, None));
    let wins: Vec<usize> = report
        .records
        .iter()
        .filter(|r| r.outcome_a() == Outcome::Win)
        .map(|r| r.moves.len())
        .collect();
    if let Some(&max) = wins.iter().max() {
        println!(
            "plies of the won games: mean {:.2}, max {max} (limit {MAX_PLIES}); {}",
            wins.iter().sum::<usize>() as f64 / wins.len() as f64,
            if wins.len() == report.records.len() {
                "all won"
            } else {
                "NOT all won"
            }
        );
    }
    Ok(())
}

fn run_neerc(args: &MatchArgs, sprt: Option<Sprt>) -> Result<(), String> {
    use arena::neerc_gomoku::{self as ng, Outcome as NgOutcome};
    if args.b.as_deref().is_some_and(|b| b != "judge") {
        return Err("NEERC Gomoku: B is the judge's greedy player (`--b judge`)".into());
    }
    let seeds: Vec<(Option<u32>, i64)> = match &args.seeds {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            ng::read_seeds(&text)?
                .into_iter()
                .map(|(t, s)| (Some(t), s))
                .collect()
        }
        None => (0..args.common.games)
            .map(|k| (None, args.common.seed as i64 + k as i64))
            .collect(),
    };
    let (bot, a_name) = if args.in_process {
        (None, "in-process planner".to_string())
    } else {
        match player(Contest::NeercGomoku, &args.a, &args.a_args)? {
            (Contestant::Bot(cmd), name) => (Some(cmd), name),
            _ => return Err("NEERC Gomoku: A must be a bot program".into()),
        }
    };
    let mut base_planner = gomoku::neerc::Planner::default();
    for spec in &args.planner {
        base_planner
            .set(spec)
            .map_err(|e| format!("--planner {spec}: {e}"))?;
    }
    let cfg = config(&args.common, seeds.len(), sprt);
    eprintln!(
        "arena: {} NEERC Gomoku games of {a_name} against the judge, {} at once",
        seeds.len(),
        cfg.jobs
    );
    let report = runner::run(
        &cfg,
        Contest::NeercGomoku.name(),
        (&a_name, "judge"),
        |k| {
            let (test, seed) = seeds[k];
            let rec = match &bot {
                Some(bot) => ng::play_game(bot, seed, test),
                None => {
                    let t = std::time::Instant::now();
                    let mut planner = base_planner.clone();
                    let (result, moves) = gomoku::neerc::simulate(seed, &mut planner);
                    let outcome = match result {
                        gomoku::neerc::GameResult::WhiteWins => NgOutcome::BotWin,
                        gomoku::neerc::GameResult::BlackWins => NgOutcome::JudgeWin,
                        gomoku::neerc::GameResult::Draw => NgOutcome::Draw,
                    };
                    ng::GameRecord {
                        seed,
                        test,
                        outcome,
                        moves,
                        history: Vec::new(),
                        wall: t.elapsed(),
                    }
                }
            };
            let mut r = rec.record(k, &a_name);
            r.reason = format!(
                "{}; wall {:.1} ms",
                r.reason,
                rec.wall.as_secs_f64() * 1000.0
            );
            r
        },
        |r| (!args.common.quiet).then(|| game_line(r)),
    )?;
    println!("{report}");
    let won = report.tally()[0].wins;
    println!(
        "{}",
        if won == report.records.len() {
            "all won"
        } else {
            "NOT all won"
        }
    );
    Ok(())
}

fn run_tournament(args: &TournamentArgs) -> Result<(), String> {
    let contest = args.contest;
    if matches!(contest, Contest::KattisLoa | Contest::NeercGomoku) {
        return Err(format!(
            "{}: its judge plays every game; a tournament needs a contest of any two players",
            contest.name()
        ));
    }
    if args.players.len() < 2 {
        return Err("a tournament needs at least two --player".into());
    }
    if args.common.record.is_some() {
        return Err(
            "tournament records are not written yet: play the pairings with `match --record`"
                .into(),
        );
    }
    let boards = args.common.boards(contest)?;
    let players: Vec<(Contestant, String)> = args
        .players
        .iter()
        .map(|p| player(contest, p, &[]))
        .collect::<Result<_, _>>()?;
    let n = players.len();
    let mut table = vec![vec![None::<Wdl>; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let cfg = config(&args.common, args.common.games, None);
            let (a, b) = (&players[i], &players[j]);
            eprintln!("arena: {} vs {}", a.1, b.1);
            let report = runner::run(
                &cfg,
                contest.name(),
                (&a.1, &b.1),
                |k| {
                    let players = [(&a.0, a.1.as_str()), (&b.0, b.1.as_str())];
                    match_game(contest, players, &args.common, None, &boards, k)
                },
                |r| (!args.common.quiet).then(|| game_line(r)),
            )?;
            let t = report.tally()[0];
            table[i][j] = Some(t);
            table[j][i] = Some(t.flipped());
        }
    }
    println!(
        "{}",
        crosstable(
            &players.iter().map(|p| p.1.as_str()).collect::<Vec<_>>(),
            &table
        )
    );
    Ok(())
}

/// The crosstable: each row a player, its points against each column (of the games played),
/// then its total, score and Elo against the field, best first.
fn crosstable(names: &[&str], table: &[Vec<Option<Wdl>>]) -> String {
    let n = names.len();
    let totals: Vec<Wdl> = (0..n)
        .map(|i| {
            let mut t = Wdl::default();
            for cell in table[i].iter().flatten() {
                t += *cell;
            }
            t
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| {
        totals[y]
            .score()
            .unwrap_or(0.0)
            .total_cmp(&totals[x].score().unwrap_or(0.0))
    });
    let width = names.iter().map(|s| s.len()).max().unwrap_or(4).min(40);
    let mut out = format!("{:>3} {:<width$}", "#", "player");
    for k in 0..n {
        out.push_str(&format!(" {:>9}", k + 1));
    }
    out.push_str(&format!(" {:>9} {:>7} {:>12}\n", "points", "score", "Elo"));
    for (rank, &i) in order.iter().enumerate() {
        let name: String = names[i].chars().take(width).collect();
        out.push_str(&format!("{:>3} {:<width$}", rank + 1, name));
        for &j in &order {
            let cell = match &table[i][j] {
                Some(t) => format!("{}/{}", t.wins as f64 + 0.5 * t.draws as f64, t.games()),
                None => "-".into(),
            };
            out.push_str(&format!(" {cell:>9}"));
        }
        let t = totals[i];
        out.push_str(&format!(
            " {:>9} {:>6.1}% {:>12}\n",
            t.wins as f64 + 0.5 * t.draws as f64,
            100.0 * t.score().unwrap_or(0.0),
            stats::elo_short(t)
        ));
    }
    out
}

fn chosen_game(file: &Path, game: Option<usize>) -> Result<Record, String> {
    let records = arena::record::read(file)?;
    let found = match game {
        None => records.into_iter().next(),
        Some(k) => records.into_iter().find(|r| r.game == k),
    };
    found.ok_or_else(|| match game {
        Some(k) => format!("{} has no game {k}", file.display()),
        None => format!("{} has no games", file.display()),
    })
}

fn run_replay(args: &ReplayArgs) -> Result<(), String> {
    let rec = chosen_game(&args.file, args.game)?;
    let show = |ply: usize| -> Result<(), String> {
        let p = arena::view::picture(&rec, ply)?;
        print!("{}", arena::view::text(&p));
        if let Some(m) = ply.checked_sub(1).and_then(|i| rec.moves.get(i)) {
            println!(
                "ply {ply}: {}{}",
                m.mv,
                m.ms.map_or(String::new(), |t| format!(" ({t} ms)"))
            );
        }
        Ok(())
    };
    if let Some(ply) = args.ply {
        return show(ply);
    }
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut ply = 0;
    loop {
        show(ply)?;
        if !interactive {
            if ply == rec.moves.len() {
                return Ok(());
            }
            ply += 1;
            println!();
            continue;
        }
        println!("[Enter] next  [b] back  [number] go to ply  [q] quit");
        let mut line = String::new();
        if std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| e.to_string())?
            == 0
        {
            return Ok(());
        }
        match line.trim() {
            "q" => return Ok(()),
            "b" => ply = ply.saturating_sub(1),
            "" => ply = (ply + 1).min(rec.moves.len()),
            n => match n.parse::<usize>() {
                Ok(k) => ply = k.min(rec.moves.len()),
                Err(_) => println!("?"),
            },
        }
    }
}

fn run_render(args: &RenderArgs) -> Result<(), String> {
    let rec = chosen_game(&args.file, args.game)?;
    let p = arena::view::picture(&rec, args.ply.unwrap_or(usize::MAX))?;
    std::fs::write(&args.svg, arena::view::svg(&p))
        .map_err(|e| format!("cannot write {}: {e}", args.svg.display()))?;
    println!("{}: {}", args.svg.display(), p.caption);
    Ok(())
}
