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
//! Each contest's match is a [`arena::contest::Contest`] of its judge module; this file keeps
//! only the command line.
//!
//! A PLAYER is `bot` (the contest's workspace bot, built --release), `greedy` or `random` (the
//! contest's built-in players), a bot executable, or `gomocup:PATH` (a Gomocup brain, Renju).

use arena::contest::{Contest, Pairing};
use arena::record::Record;
use arena::runner::{self, MatchConfig, Shard};
use arena::stats::{Sprt, Wdl};
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

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ContestName {
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

impl ContestName {
    fn name(self) -> &'static str {
        match self {
            ContestName::KattisLoa => "kattis-loa",
            ContestName::NeercGomoku => "neerc-gomoku",
            ContestName::AlphanoDomineering => "alphano-domineering",
            ContestName::CodewarriorsDomineering => "codewarriors-domineering",
            ContestName::AlphanoRenju => "alphano-renju",
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
    contest: ContestName,
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
    /// row), pair k playing board k (cycling), instead of boards drawn from the seed.
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
    /// The `--boards` file's boards, if given (only ALPHANO Domineering has boards).
    fn boards(&self, contest: ContestName) -> Result<Vec<[[u8; 8]; 8]>, String> {
        let Some(path) = &self.boards else {
            return Ok(Vec::new());
        };
        if contest != ContestName::AlphanoDomineering {
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

    /// `--opening-plies`, refused for the contests whose protocol cannot start a bot mid-game.
    fn opening_plies(&self, contest: ContestName) -> Result<usize, String> {
        if self.opening_plies > 0
            && !matches!(
                contest,
                ContestName::CodewarriorsDomineering
                    | ContestName::AlphanoRenju
                    | ContestName::KattisLoa
            )
        {
            return Err(format!(
                "--opening-plies: only Code Warriors Domineering hands a bot the whole board each \
                 turn (and ALPHANO Renju with Gomocup brains); {} games start from its own \
                 opening",
                contest.name()
            ));
        }
        Ok(self.opening_plies)
    }
}

#[derive(clap::Args)]
struct TournamentArgs {
    /// Which contest (ALPHANO Domineering, ALPHANO Renju, Code Warriors Domineering).
    contest: ContestName,
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
    /// An SPRT over all the games: `ELO0 ELO1 [ALPHA BETA]`.
    #[arg(long, num_args = 2..=4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    sprt: Option<Vec<f64>>,
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
fn player(
    contest: ContestName,
    spec: &str,
    args: &[String],
) -> Result<(Contestant, String), String> {
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
        shard: common.shard,
    }
}

/// The match of `contest` between A and B that `args` describe.
fn contest_match(args: &MatchArgs) -> Result<Box<dyn Contest>, String> {
    let contest = args.contest;
    let a_seat = args.a_side.map(|s| s as usize);
    let b_spec = args.b.as_deref();
    // Clocks of A and B instead of the judge's (time odds), for contests with a whole-game clock.
    let clocks_ms = match (args.a_clock_ms, args.b_clock_ms) {
        (None, None) => None,
        (a, b) => {
            let judge = arena::contest::clock_ms(contest.name()).ok_or_else(|| {
                format!(
                    "--a-clock-ms/--b-clock-ms: {} has no whole-game clock (the ALPHANO contests do)",
                    contest.name()
                )
            })?;
            if a == Some(0) || b == Some(0) {
                return Err("--a-clock-ms/--b-clock-ms: a clock of 0 ms".into());
            }
            Some([a.unwrap_or(judge), b.unwrap_or(judge)])
        }
    };
    Ok(match contest {
        ContestName::KattisLoa => {
            use arena::kattis_loa::{JudgeConfig, LoaMatch};
            use arena::loa_pair::{LoaPairMatch, LoaSeat};
            let pair = b_spec.is_some_and(|b| b != "random") || args.a.starts_with("engine");
            if pair {
                // Two engines under the Kattis rules: each a Kattis-protocol program, the
                // library's engine in-process (`engine[:SETTINGS]`) or a UCI-like engine
                // (`uci:PATH`).
                let seat = |spec: &str, extra: &[String]| -> Result<(LoaSeat, String), String> {
                    if spec.starts_with("engine") {
                        let config = arena::loa_pair::parse_engine(spec)?;
                        return Ok((LoaSeat::Engine(config), spec.to_string()));
                    }
                    if let Some(path) = spec.strip_prefix("uci:") {
                        let cmd = arena::BotCommand::new(path).with_args(extra.iter().cloned());
                        let name = format!("uci:{} (go {})", cmd, args.uci_go);
                        return Ok((LoaSeat::Uci(cmd, args.uci_go.clone()), name));
                    }
                    match player(contest, spec, extra)? {
                        (Contestant::Bot(cmd), name) => Ok((LoaSeat::Kattis(cmd), name)),
                        _ => Err(format!(
                            "Kattis LOA: {spec} cannot play B's seat (a bot program, \
                             `engine[:SETTINGS]` or `uci:PATH`)"
                        )),
                    }
                };
                let (a, a_name) = seat(&args.a, &args.a_args)?;
                let (b, b_name) = seat(b_spec.unwrap_or("random"), &args.b_args)?;
                let opening_plies = args.common.opening_plies;
                if opening_plies > 0 && [&a, &b].iter().any(|s| matches!(s, LoaSeat::Kattis(_))) {
                    return Err("--opening-plies: a Kattis program starts from the start \
                                position; use `engine[:SETTINGS]` or `uci:PATH` seats"
                        .into());
                }
                return Ok(Box::new(LoaPairMatch {
                    seats: [a, b],
                    names: [a_name, b_name],
                    move_timeout: Duration::from_millis(args.move_timeout_ms),
                    seed: args.common.seed,
                    a_seat,
                    opening_plies,
                }));
            }
            if args.common.opening_plies > 0 {
                return Err(
                    "--opening-plies: the Kattis judge's games start from the start \
                            position (openings are for two engines: `engine` or `uci:PATH` seats)"
                        .into(),
                );
            }
            let (Contestant::Bot(bot), name) = player(contest, &args.a, &args.a_args)? else {
                return Err("Kattis LOA: A must be a bot program".into());
            };
            Box::new(LoaMatch {
                bot,
                name,
                judge: JudgeConfig {
                    move_timeout: Duration::from_millis(args.move_timeout_ms),
                    game_budget: args.game_budget_ms.map(Duration::from_millis),
                    ..JudgeConfig::default()
                },
                seed: args.common.seed,
                a_seat,
            })
        }
        ContestName::NeercGomoku => {
            use arena::neerc_gomoku::{read_seeds, NeercMatch, NeercPlayer};
            if b_spec.is_some_and(|b| b != "judge") {
                return Err("NEERC Gomoku: B is the judge's greedy player (`--b judge`)".into());
            }
            let seeds: Vec<(Option<u32>, i64)> = match &args.seeds {
                Some(path) => {
                    let text = std::fs::read_to_string(path)
                        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                    read_seeds(&text)?
                        .into_iter()
                        .map(|(t, s)| (Some(t), s))
                        .collect()
                }
                None => (0..args.common.games)
                    .map(|k| (None, args.common.seed as i64 + k as i64))
                    .collect(),
            };
            let (player, name) = if args.in_process {
                let mut planner = gomoku::neerc::Planner::default();
                for spec in &args.planner {
                    planner
                        .set(spec)
                        .map_err(|e| format!("--planner {spec}: {e}"))?;
                }
                (
                    NeercPlayer::InProcess(planner),
                    "in-process planner".to_string(),
                )
            } else {
                match player(contest, &args.a, &args.a_args)? {
                    (Contestant::Bot(cmd), name) => (NeercPlayer::Bot(cmd), name),
                    _ => return Err("NEERC Gomoku: A must be a bot program".into()),
                }
            };
            Box::new(NeercMatch {
                player,
                name,
                seeds,
            })
        }
        _ => {
            let pairing = Pairing {
                a: player(contest, &args.a, &args.a_args)?,
                b: player(contest, b_spec.unwrap_or("greedy"), &args.b_args)?,
                seed: args.common.seed,
                a_seat,
                clocks_ms,
            };
            two_seat(
                contest,
                pairing,
                args.common.boards(contest)?,
                args.common.opening_plies(contest)?,
            )?
        }
    })
}

/// The match of a contest where any two players meet.
fn two_seat(
    contest: ContestName,
    pairing: Pairing,
    boards: Vec<[[u8; 8]; 8]>,
    opening_plies: usize,
) -> Result<Box<dyn Contest>, String> {
    Ok(match contest {
        ContestName::AlphanoRenju => {
            let bot = |c: &Contestant| matches!(c, Contestant::Bot(_));
            if opening_plies > 0 && (bot(&pairing.a.0) || bot(&pairing.b.0)) {
                return Err(
                    "--opening-plies: an ALPHANO Renju bot cannot be told a position; \
                     play Gomocup brains (gomocup:PATH, our engine is \
                     gomocup:target/release/pbrain-plyforge) or built-in players"
                        .into(),
                );
            }
            Box::new(arena::alphano_renju::RenjuMatch {
                pairing,
                opening_plies,
            })
        }
        ContestName::AlphanoDomineering => {
            Box::new(arena::alphano_domineering::DomineeringMatch { pairing, boards })
        }
        _ => Box::new(arena::codewarriors_domineering::CodeWarriorsMatch {
            pairing,
            opening_plies,
        }),
    })
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let sprt = sprt_of(&args.sprt)?;
    if sprt.is_some() && args.common.shard.is_some() {
        return Err(
            "--sprt decides on the whole match: play the shards without it and give it to \
             `arena report`"
                .into(),
        );
    }
    let m = contest_match(args)?;
    let games = m.games().unwrap_or(args.common.games);
    let cfg = config(&args.common, games, sprt);
    let [a, b] = m.names();
    eprintln!(
        "arena: {games} {} games, A = {a}, B = {b}, seeds from {}{}, {} at once",
        m.name(),
        args.common.seed,
        cfg.shard
            .map_or(String::new(), |s| format!(", shard {s} of the games")),
        cfg.jobs
    );
    let report = runner::play(&cfg, m.as_ref(), args.common.quiet)?;
    println!("{report}");
    Ok(())
}

fn run_report(args: &ReportArgs) -> Result<(), String> {
    let report = runner::merge(&args.files, sprt_of(&args.sprt)?)?;
    print!("{}", report.table());
    println!(
        "{} games from {} record file{}",
        report.records.len(),
        args.files.len(),
        if args.files.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

fn run_tournament(args: &TournamentArgs) -> Result<(), String> {
    let contest = args.contest;
    if matches!(contest, ContestName::KattisLoa | ContestName::NeercGomoku) {
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
    let opening_plies = args.common.opening_plies(contest)?;
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
            let pairing = Pairing {
                a: a.clone(),
                b: b.clone(),
                seed: args.common.seed,
                a_seat: None,
                clocks_ms: None,
            };
            let m = two_seat(contest, pairing, boards.clone(), opening_plies)?;
            let report = runner::play(&cfg, m.as_ref(), args.common.quiet)?;
            let t = report.tally()[0];
            table[i][j] = Some(t);
            table[j][i] = Some(t.flipped());
        }
    }
    println!(
        "{}",
        runner::crosstable(
            &players.iter().map(|p| p.1.as_str()).collect::<Vec<_>>(),
            &table
        )
    );
    Ok(())
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
