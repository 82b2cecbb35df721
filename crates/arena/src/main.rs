//! `arena`: plays matches between contest players under each contest's judge, and shows the
//! games.
//!
//! - `arena match CONTEST [--a PLAYER] [--b PLAYER]`: a match, sides swapped every pair of games
//!   (each board, opening or seed is played from both sides); live progress bar, per-game lines,
//!   a final table with W/D/L per side, Elo ± 95%, LOS and failures by cause; `--sprt` stops it
//!   once decided; `--record FILE` writes JSON Lines, `--resume` continues it.
//!   `--shard K/N` plays one shard of the match's games.
//! - `arena report FILE…`: the table of a match from its record files (shards merged).
//! - `arena tournament CONTEST --player P --player Q …`: a round robin with a crosstable.
//! - `arena replay FILE [--game K] [--ply N]`: the game on the terminal, ply by ply.
//! - `arena render FILE --game K --svg OUT [--ply N]`: the game (or a position of it) as SVG.
//! - `arena bundle BOT [--check]`: the bot as one source file, `dist/BOT.rs`.
//!
//! Contests are looked up in [`arena::registry::Registry`] (each one's match is a
//! [`arena::contest::Contest`] of its judge module); this file only parses and dispatches.
//!
//! A PLAYER is `bot` (the contest's workspace bot, built --release), `greedy` or `random` (the
//! contest's built-in players), a bot executable, or `gomocup:PATH` (a Gomocup brain, Renju).

use arena::registry::{MatchRequest, Registry};
use arena::runner::{self, MatchConfig, Shard};
use arena::stats::Sprt;
use arena::Contestant;
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Parser, Subcommand};
use loa::search_core::Side;
use std::path::PathBuf;
use std::process::ExitCode;

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
    Match(Box<MatchArgs>),
    /// Play a round robin among several players and print the crosstable.
    Tournament(TournamentArgs),
    /// Step through a recorded game on the terminal.
    Replay(ReplayArgs),
    /// Draw a recorded game, or one position of it, as SVG.
    Render(RenderArgs),
    /// The table of a match from its record files (e.g. the shards of `match --shard`).
    Report(ReportArgs),
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

/// The contests of the registry, for clap (name and description of each).
fn contests() -> PossibleValuesParser {
    PossibleValuesParser::new(
        Registry::standard()
            .entries()
            .iter()
            .map(|e| PossibleValue::new(e.name).help(e.about)),
    )
}

#[derive(clap::Args)]
struct MatchArgs {
    /// Which contest's judge to run.
    #[arg(value_parser = contests())]
    contest: String,
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
    /// Player A plays only this side, `first` (Renju: Black; Domineering: horizontal) or
    /// `second` (default: sides swap every game).
    #[arg(long, value_parser = ["first", "second"])]
    a_side: Option<String>,
    /// Stop early with a sequential probability ratio test: `ELO0 ELO1 [ALPHA BETA]`
    /// (alpha and beta default to 0.05). ELO0 may be negative: `--sprt -20 5` is a
    /// non-regression test (H1: A is not weaker by 20 Elo or more).
    #[arg(long, num_args = 2..=4, allow_negative_numbers = true, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    sprt: Option<Vec<f64>>,
    #[command(flatten)]
    common: Common,
    /// ALPHANO contests: player A's whole-game clock in ms instead of the judge's (20,000 for
    /// Renju, 10,000 for Domineering): time odds.
    #[arg(long)]
    a_clock_ms: Option<u64>,
    /// ALPHANO contests: player B's whole-game clock in ms, e.g. an opponent at 1/8 of ours:
    /// `--b-clock-ms 2500`.
    #[arg(long)]
    b_clock_ms: Option<u64>,
    /// Kattis LOA with B a `uci:PATH` engine: what follows `go` when it is asked for a move.
    #[arg(long, default_value = "depth 4")]
    uci_go: String,
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
    /// Play only shard K of N of the match's games (`K/N`, 1 <= K <= N): the pairs of games
    /// (2p, 2p+1) with p % N = K-1. Run the N shards anywhere with their own --record files and
    /// merge them with `arena report`.
    #[arg(long)]
    shard: Option<Shard>,
    /// ALPHANO Domineering: boards from this file (one a line, 64 cell values 0-3 row by
    /// row), pair k playing board k (cycling), instead of boards drawn from the seed. ALPHANO
    /// Renju: openings from this file (one a line, the moves as the records write them,
    /// `8 8, 7 8, 7 7`), pair k starting from opening k (cycling), for Gomocup brains and
    /// built-in players only.
    #[arg(long)]
    boards: Option<PathBuf>,
    /// Code Warriors: the judge opens each pair of games with this many random dominoes (from
    /// the pair's seed, both games alike) before the players take over, so that deterministic
    /// bots play games that differ. ALPHANO Renju: as many random stones (the opening boxes,
    /// then within 3 of the centre), for Gomocup brains and built-in players only (an ALPHANO
    /// bot cannot be told a position; `gomocup:target/release/pbrain-plyforge` plays our
    /// engine). Kattis LOA between two engines: as many random plies, for `engine[:SETTINGS]`
    /// and `uci:PATH` seats.
    #[arg(long, default_value_t = 0)]
    opening_plies: usize,
}

impl Common {
    /// The request of a match of these options (players and the rest left as they default).
    fn request(&self) -> MatchRequest {
        MatchRequest {
            seed: self.seed,
            games: self.games,
            opening_plies: self.opening_plies,
            boards: self.boards.clone(),
            ..MatchRequest::default()
        }
    }
}

#[derive(clap::Args)]
struct TournamentArgs {
    /// Which contest (ALPHANO Domineering, ALPHANO Renju, Code Warriors Domineering).
    #[arg(value_parser = contests())]
    contest: String,
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
struct ReportArgs {
    /// JSON Lines record files of one match (`arena match … --record FILE`), in any order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// An SPRT over all the games: `ELO0 ELO1 [ALPHA BETA]` (ELO0 may be negative).
    #[arg(long, num_args = 2..=4, allow_negative_numbers = true, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    sprt: Option<Vec<f64>>,
    /// After the table, A's results by opening line: the games grouped by their first N
    /// moves, for each of A's seats, most played first.
    #[arg(long, value_name = "N")]
    lines: Option<usize>,
    /// With --lines: only the games whose first moves are these (as the records write them,
    /// e.g. "8 8, 7 9, 6 8"), to see where they part.
    #[arg(long, value_name = "MOVES", requires = "lines")]
    starting: Option<String>,
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
        Cmd::Report(args) => report(run_report(&args)),
        Cmd::Bundle(args) => report(run_bundle(&args)),
    }
}

fn report(result: Result<(), String>) -> ExitCode {
    let failed = result.map_err(|e| eprintln!("arena: {e}")).is_err();
    ExitCode::from(u8::from(failed))
}

fn sprt_of(v: &Option<Vec<f64>>) -> Result<Option<Sprt>, String> {
    v.as_deref().map(Sprt::from_args).transpose()
}

fn config(common: &Common, games: usize, sprt: Option<Sprt>) -> MatchConfig {
    MatchConfig {
        games,
        jobs: common
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        sprt,
        record: common.record.clone(),
        resume: common.resume,
        progress: true,
        shard: common.shard,
    }
}

/// The contest-neutral request of a `match` command.
fn request(args: &MatchArgs) -> MatchRequest {
    MatchRequest {
        a: args.a.clone(),
        a_args: args.a_args.clone(),
        b: args.b.clone(),
        b_args: args.b_args.clone(),
        a_seat: args
            .a_side
            .as_deref()
            .map(|s| s.parse::<Side>().map_or(0, Side::index)),
        a_clock_ms: args.a_clock_ms,
        b_clock_ms: args.b_clock_ms,
        move_timeout_ms: args.move_timeout_ms,
        game_budget_ms: args.game_budget_ms,
        uci_go: args.uci_go.clone(),
        seeds: args.seeds.clone(),
        in_process: args.in_process,
        planner: args.planner.clone(),
        ..args.common.request()
    }
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let sprt = sprt_of(&args.sprt)?;
    let players =
        |spec: &str, extra: &[String]| arena::players::resolve(&args.contest, spec, extra);
    let m = Registry::standard().make_match(&args.contest, &request(args), &players)?;
    let games = m.games().unwrap_or(args.common.games);
    let cfg = config(&args.common, games, sprt);
    eprintln!("{}", runner::announce(&cfg, m.as_ref(), args.common.seed));
    let report = runner::play(&cfg, m.as_ref(), args.common.quiet)?;
    println!("{report}");
    Ok(())
}

fn run_report(args: &ReportArgs) -> Result<(), String> {
    let clock = |name: &str| Registry::standard().clock_ms(name);
    let report = runner::merge(&args.files, sprt_of(&args.sprt)?, &clock)?;
    let files = args.files.len();
    let s = if files == 1 { "" } else { "s" };
    print!("{}", report.table());
    println!("{} games from {files} record file{s}", report.records.len());
    if let Some(plies) = args.lines {
        // (by_line trims each move; an empty --starting is no restriction.)
        let starting: Vec<String> = args.starting.as_deref().map_or(Vec::new(), |m| {
            m.split(',')
                .filter(|mv| !mv.trim().is_empty())
                .map(String::from)
                .collect()
        });
        print!("{}", arena::lines::table(&report.records, plies, &starting));
    }
    Ok(())
}

fn run_tournament(args: &TournamentArgs) -> Result<(), String> {
    let contest = args.contest.as_str();
    let registry = Registry::standard();
    if let arena::registry::Making::Judge(_) = registry.get(contest)?.making {
        return Err(format!(
            "{contest}: its judge plays every game; a tournament needs a contest of any two players"
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
    let players: Vec<(Contestant, String)> = args
        .players
        .iter()
        .map(|p| arena::players::resolve(contest, p, &[]))
        .collect::<Result<_, _>>()?;
    let cfg = config(&args.common, args.common.games, None);
    let make = |pairing| registry.make_pairing(contest, pairing, &args.common.request());
    let table = runner::round_robin(&players, args.common.seed, &cfg, args.common.quiet, &make)?;
    println!("{table}");
    Ok(())
}

fn run_bundle(args: &BundleArgs) -> Result<(), String> {
    let manifest = arena::players::workspace_root().join("Cargo.toml");
    for line in
        arena::bundle::write_dist(&manifest, &args.bot, &args.out_dir, args.check, args.native)?
    {
        println!("{line}");
    }
    Ok(())
}

fn run_replay(args: &ReplayArgs) -> Result<(), String> {
    let rec = arena::record::read_game(&args.file, args.game)?;
    let draw = Registry::standard().get(&rec.contest)?.draw;
    arena::view::replay(&rec, args.ply, draw)
}

fn run_render(args: &RenderArgs) -> Result<(), String> {
    let rec = arena::record::read_game(&args.file, args.game)?;
    let p = Registry::standard().picture(&rec, args.ply.unwrap_or(usize::MAX))?;
    let write = std::fs::write(&args.svg, arena::view::svg(&p));
    write.map_err(|e| format!("cannot write {}: {e}", args.svg.display()))?;
    println!("{}: {}", args.svg.display(), p.caption);
    Ok(())
}
