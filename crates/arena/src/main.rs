//! `arena`: plays matches between a contest bot and that contest's judge.
//!
//! `arena match kattis-loa` builds the Kattis LOA bot (release profile) if needed and plays it
//! against the judge's seeded random mover, alternating colours; one line per game, then a summary.
//! `arena bundle kattis-loa [--check]` writes the bot as one source file, `dist/kattis-loa.rs`.

use arena::kattis_loa::{self, GameOutcome, GameRecord, JudgeConfig};
use arena::summary::Summary;
use arena::BotCommand;
use clap::{Parser, Subcommand, ValueEnum};
use loa::Color;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "plyforge referee: bots against their judges"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a match of a bot against a contest's judge.
    Match(MatchArgs),
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

#[derive(Clone, Copy, ValueEnum)]
enum Contest {
    /// Kattis `linesofaction`: Lines of Action against a random mover, win within 100 plies.
    KattisLoa,
}

#[derive(clap::Args)]
struct MatchArgs {
    /// Which contest's judge to run.
    contest: Contest,
    /// The bot executable (default: the workspace's bot for the contest, built --release).
    #[arg(long)]
    bot: Option<PathBuf>,
    /// An argument for the bot (repeatable).
    #[arg(long = "bot-arg", allow_hyphen_values = true)]
    bot_args: Vec<String>,
    /// Number of games; colours alternate (even games: bot plays Black).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Base seed of the judge's random mover; game k uses seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Hang guard: ms the bot may take for one move.
    #[arg(long, default_value_t = 5000)]
    move_timeout_ms: u64,
    /// Total ms the bot may think in one game (default: unlimited, reported only).
    #[arg(long)]
    game_budget_ms: Option<u64>,
    /// Print only the summary, not a line per game.
    #[arg(long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Match(args) => report(run_match(&args)),
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

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let Contest::KattisLoa = args.contest;
    let program = match &args.bot {
        Some(p) => p.clone(),
        None => build_bot("kattis-loa")?,
    };
    let bot = BotCommand::new(program).with_args(args.bot_args.iter().cloned());
    let cfg = JudgeConfig {
        move_timeout: Duration::from_millis(args.move_timeout_ms),
        game_budget: args.game_budget_ms.map(Duration::from_millis),
        ..JudgeConfig::default()
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    eprintln!(
        "arena: {} games of {bot} against the Kattis LOA random mover, seeds {}.., {jobs} at once",
        args.games, args.seed
    );
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let mut records = Vec::with_capacity(args.games);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, bot, cfg) = (&next, &bot, &cfg);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= args.games {
                    break;
                }
                let color = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let rec = kattis_loa::play_game(bot, k, args.seed + k as u64, color, cfg);
                if tx.send(rec).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for rec in rx {
            if !args.quiet {
                println!("{}", game_line(&rec));
            }
            records.push(rec);
        }
    });
    records.sort_by_key(|r| r.index);
    let summary = Summary::from_records(&records);
    println!("{summary}");
    println!(
        "{} games in {:.1} s; {}",
        records.len(),
        started.elapsed().as_secs_f64(),
        if summary.all_won() {
            "all won"
        } else {
            "NOT all won"
        }
    );
    Ok(())
}

fn game_line(r: &GameRecord) -> String {
    let colour = match r.bot_color {
        Color::Black => "black",
        Color::White => "white",
    };
    let result = match &r.outcome {
        GameOutcome::BotWin => "win".to_string(),
        GameOutcome::JudgeWin => "LOSS".to_string(),
        GameOutcome::DrawNoMoves => "DRAW (no legal move)".to_string(),
        GameOutcome::DrawPlyLimit => "DRAW (100 plies)".to_string(),
        GameOutcome::Failed(f) => format!("FAIL {f}"),
    };
    let max = r.bot_move_times.iter().max().copied().unwrap_or_default();
    let mut line = format!(
        "game {:>4} seed {:>6} bot {colour}: {result} in {} plies; max move {:.1} ms; wall {:.0} ms",
        r.index,
        r.seed,
        r.plies,
        max.as_secs_f64() * 1000.0,
        r.wall.as_secs_f64() * 1000.0
    );
    if matches!(r.outcome, GameOutcome::Failed(_)) && !r.stderr_tail.is_empty() {
        line.push_str(&format!("\n  bot stderr: {}", r.stderr_tail.trim_end()));
    }
    line
}
