//! `arena`: plays matches between a contest bot and that contest's judge.
//!
//! `arena match kattis-loa` builds the Kattis LOA bot (release profile) if needed and plays it
//! against the judge's seeded random mover, alternating colours; one line per game, then a summary.
//! `arena match neerc-gomoku --seeds ../shared/data/neerc-gomoku-seeds.txt` replays the 100 official
//! NEERC 2014 tests through the Gomoku bot (`--games N --seed S` plays other seeds).
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
    /// NEERC 2014 G: 19×19 Gomoku as the second player against the judge's greedy player.
    NeercGomoku,
    /// ALPHANO scored 8×8 Domineering: the bot against `--opponent`, each board from both sides.
    AlphanoDomineering,
    /// Code Warriors 13×13 Domineering with bombs: a process per turn, 1 s each, against
    /// `--opponent`, sides alternating.
    CodewarriorsDomineering,
    /// ALPHANO 15×15 Renju (RIF forbidden moves, 20 s whole-game clocks): the bot against
    /// `--opponent`, colours alternating.
    AlphanoRenju,
}

#[derive(clap::Args)]
struct MatchArgs {
    /// Which contest's judge to run.
    contest: Contest,
    /// The bot executable (default: the workspace's bot for the contest, built --release);
    /// for Renju, `gomocup:PATH` plays a Gomocup brain in its seat.
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
    /// NEERC Gomoku: play the seeds of this file (lines `test seed`) instead of --games/--seed.
    #[arg(long)]
    seeds: Option<PathBuf>,
    /// NEERC Gomoku: play the library's planner in-process (no subprocess; for quick tuning).
    #[arg(long)]
    in_process: bool,
    /// NEERC Gomoku in-process: a planner setting NAME=VALUE (repeatable).
    #[arg(long = "planner")]
    planner: Vec<String>,
    /// Domineering and Renju contests: the opponent — `greedy`, `random`, or a bot executable
    /// (`--opponent-arg` passes it arguments, e.g. the engine at reduced time:
    /// `--opponent target/release/alphano-renju --opponent-arg=--clock-percent=10`). Renju also
    /// takes `gomocup:PATH`, a Gomocup (Piskvork protocol) brain under the same clock, e.g.
    /// `--opponent gomocup:/path/to/pbrain-rapfi`; so does `--bot`.
    #[arg(long, default_value = "greedy")]
    opponent: String,
    /// Domineering and Renju contests: an argument for the opponent bot (repeatable).
    #[arg(long = "opponent-arg", allow_hyphen_values = true)]
    opponent_args: Vec<String>,
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

/// Runs `play(k)` for k in 0..count on `jobs` threads, handing each result to `done` as it comes.
fn parallel<R: Send>(
    count: usize,
    jobs: usize,
    play: impl Fn(usize) -> R + Sync,
    mut done: impl FnMut(R),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<R>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= count || tx.send(play(k)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for r in rx {
            done(r);
        }
    });
}

fn jobs(args: &MatchArgs) -> usize {
    args.jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

fn bot_command(args: &MatchArgs, package: &str) -> Result<BotCommand, String> {
    let program = match &args.bot {
        Some(p) => p.clone(),
        None => build_bot(package)?,
    };
    Ok(BotCommand::new(program).with_args(args.bot_args.iter().cloned()))
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    match args.contest {
        Contest::KattisLoa => run_loa(args),
        Contest::NeercGomoku => run_neerc(args),
        Contest::AlphanoDomineering => run_domineering(args),
        Contest::CodewarriorsDomineering => run_codewarriors(args),
        Contest::AlphanoRenju => run_renju(args),
    }
}

/// The `--opponent`: a built-in player or a bot executable with `--opponent-arg`s.
fn opponent(args: &MatchArgs) -> arena::Contestant {
    match args.opponent.as_str() {
        "greedy" => arena::Contestant::Greedy,
        "random" => arena::Contestant::Random,
        path => match path.strip_prefix("gomocup:") {
            Some(brain) => arena::Contestant::Gomocup(
                BotCommand::new(brain).with_args(args.opponent_args.iter().cloned()),
            ),
            None => arena::Contestant::Bot(
                BotCommand::new(path).with_args(args.opponent_args.iter().cloned()),
            ),
        },
    }
}

fn run_codewarriors(args: &MatchArgs) -> Result<(), String> {
    use arena::codewarriors_domineering::{self as cw, End};
    use arena::Contestant;
    use domineering_bomb::Player;
    let ours = Contestant::Bot(bot_command(args, "codewarriors-domineering")?);
    let theirs = opponent(args);
    let jobs = jobs(args);
    eprintln!(
        "arena: {} Code Warriors Domineering games against {}, seeds from {}, {jobs} at once",
        args.games, args.opponent, args.seed
    );
    let started = Instant::now();
    let mut results: Vec<(usize, cw::GameRecord)> = Vec::new();
    let side_of = |k: usize| {
        if k.is_multiple_of(2) {
            Player::Horizontal
        } else {
            Player::Vertical
        }
    };
    parallel(
        args.games,
        jobs,
        |k| {
            let seed = args.seed + k as u64;
            let rec = if k % 2 == 0 {
                cw::play_game(&ours, &theirs, seed)
            } else {
                cw::play_game(&theirs, &ours, seed)
            };
            (k, rec)
        },
        |(k, rec)| {
            let us = side_of(k);
            if !args.quiet {
                println!(
                    "game {k:>4} seed {} bot {:?}: {} ({:?}) in {} moves; slowest bot turn {} ms; bombs used {:?}",
                    rec.seed,
                    us,
                    if rec.winner == us { "win" } else { "LOSS" },
                    rec.end,
                    rec.moves.len(),
                    rec.slowest_ms[us as usize],
                    rec.bombed,
                );
            }
            results.push((k, rec));
        },
    );
    let mut wdl = [0usize; 2];
    for (name, side) in [
        ("horizontal", Player::Horizontal),
        ("vertical", Player::Vertical),
    ] {
        let games: Vec<&cw::GameRecord> = results
            .iter()
            .filter(|(k, _)| side_of(*k) == side)
            .map(|(_, r)| r)
            .collect();
        let wins = games.iter().filter(|r| r.winner == side).count();
        wdl[0] += wins;
        wdl[1] += games.len() - wins;
        println!("bot as {name:<10}: {wins}/{} won", games.len());
    }
    let faults: Vec<&End> = results
        .iter()
        .filter(|(k, r)| r.winner != side_of(*k) && r.end != End::NoMove)
        .map(|(_, r)| &r.end)
        .collect();
    let slowest = results
        .iter()
        .map(|(k, r)| r.slowest_ms[side_of(*k) as usize])
        .max()
        .unwrap_or(0);
    println!(
        "bot losses by an invalid move or the time limit: {}{}; slowest bot turn (start to exit): {slowest} ms of {}",
        faults.len(),
        if faults.is_empty() { String::new() } else { format!(" {faults:?}") },
        cw::TURN_MS
    );
    println!("{}", arena::summary::elo_line(wdl[0], 0, wdl[1]));
    println!(
        "{} games in {:.1} s",
        results.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_domineering(args: &MatchArgs) -> Result<(), String> {
    use arena::alphano_domineering::{self as ad, End};
    use arena::Contestant;
    use domineering::Player;
    let ours = Contestant::Bot(bot_command(args, "alphano-domineering")?);
    let theirs = opponent(args);
    let jobs = jobs(args);
    eprintln!(
        "arena: {} ALPHANO Domineering games against {}, boards from seed {}, {jobs} at once",
        args.games, args.opponent, args.seed
    );
    let started = Instant::now();
    let mut results: Vec<(usize, ad::GameRecord)> = Vec::new();
    parallel(
        args.games,
        jobs,
        |k| {
            let seed = args.seed + (k / 2) as u64;
            let rec = if k % 2 == 0 {
                ad::play_game(&ours, &theirs, seed)
            } else {
                ad::play_game(&theirs, &ours, seed)
            };
            (k, rec)
        },
        |(k, rec)| {
            let our_side = if k % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            if !args.quiet {
                println!(
                    "game {k:>4} board {} bot {}: {} ({:?}) scores {}-{} half-points; bot clock {} ms",
                    rec.seed,
                    if our_side == Player::First { "FIRST " } else { "SECOND" },
                    if rec.winner == our_side { "win" } else { "LOSS" },
                    rec.end,
                    rec.scores[0],
                    rec.scores[1],
                    rec.used_ms[our_side as usize],
                );
            }
            results.push((k, rec));
        },
    );
    for (name, side) in [("FIRST", Player::First), ("SECOND", Player::Second)] {
        let games: Vec<&ad::GameRecord> = results
            .iter()
            .filter(|(k, _)| (k % 2 == 0) == (side == Player::First))
            .map(|(_, r)| r)
            .collect();
        let wins = games.iter().filter(|r| r.winner == side).count();
        println!("bot as {name:<6}: {wins}/{} won", games.len());
    }
    let our = |k: usize| k % 2; // the bot plays FIRST (index 0) in even games
    let faults = results
        .iter()
        .filter(|(k, r)| r.winner as usize != our(*k) && r.end != End::Scores)
        .count();
    let most = results
        .iter()
        .map(|(k, r)| r.used_ms[our(*k)])
        .max()
        .unwrap_or(0);
    let wins = results
        .iter()
        .filter(|(k, r)| r.winner as usize == our(*k))
        .count();
    println!(
        "{}",
        arena::summary::elo_line(wins, 0, results.len() - wins)
    );
    println!(
        "bot losses by TLE/RE: {faults}; most clock used in a game: {most} ms of {} ({:.0}%)",
        ad::CLOCK_MS,
        100.0 * most as f64 / ad::CLOCK_MS as f64
    );
    println!(
        "{} games in {:.1} s",
        results.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_renju(args: &MatchArgs) -> Result<(), String> {
    use arena::alphano_renju::{self as ar, End};
    use arena::Contestant;
    use renju_rules::Color;
    let ours = match args
        .bot
        .as_ref()
        .and_then(|b| b.to_str()?.strip_prefix("gomocup:"))
    {
        Some(brain) => {
            Contestant::Gomocup(BotCommand::new(brain).with_args(args.bot_args.iter().cloned()))
        }
        None => Contestant::Bot(bot_command(args, "alphano-renju")?),
    };
    let theirs = opponent(args);
    let jobs = jobs(args);
    eprintln!(
        "arena: {} ALPHANO Renju games against {}, seeds from {}, {jobs} at once",
        args.games, args.opponent, args.seed
    );
    let started = Instant::now();
    let mut results: Vec<(Color, ar::GameRecord)> = Vec::new();
    parallel(
        args.games,
        jobs,
        |k| {
            let seed = args.seed + k as u64;
            if k % 2 == 0 {
                (Color::Black, ar::play_game(&ours, &theirs, seed))
            } else {
                (Color::White, ar::play_game(&theirs, &ours, seed))
            }
        },
        |(side, rec)| {
            if !args.quiet {
                let result = match rec.winner {
                    Some(w) if w == side => "win",
                    Some(_) => "LOSS",
                    None => "draw",
                };
                println!(
                    "game seed {} bot {side:?}: {result} ({:?}) in {} moves; bot clock {} ms",
                    rec.seed,
                    rec.end,
                    rec.moves.len(),
                    rec.used_ms[side as usize],
                );
                if rec.winner != Some(side) {
                    println!("  moves: {}", rec.moves.join(", "));
                }
            }
            results.push((side, rec));
        },
    );
    let mut wdl = [0usize; 3];
    for color in [Color::Black, Color::White] {
        let games: Vec<&ar::GameRecord> = results
            .iter()
            .filter(|(s, _)| *s == color)
            .map(|(_, r)| r)
            .collect();
        let wins = games.iter().filter(|r| r.winner == Some(color)).count();
        let draws = games.iter().filter(|r| r.winner.is_none()).count();
        let losses = games.len() - wins - draws;
        println!(
            "bot as {color:?}: {wins} won, {draws} drawn, {losses} lost of {}",
            games.len()
        );
        wdl[0] += wins;
        wdl[1] += draws;
        wdl[2] += losses;
    }
    println!("{}", arena::summary::elo_line(wdl[0], wdl[1], wdl[2]));
    let faults: Vec<&End> = results
        .iter()
        .filter(|(s, r)| r.winner != Some(*s) && r.winner.is_some())
        .map(|(_, r)| &r.end)
        .filter(|e| !matches!(e, End::Five | End::Draw))
        .collect();
    let most = results
        .iter()
        .map(|(s, r)| r.used_ms[*s as usize])
        .max()
        .unwrap_or(0);
    println!(
        "bot losses by TLE/RE: {}{}; most clock used in a game: {most} ms of {} ({:.0}%)",
        faults.len(),
        if faults.is_empty() {
            String::new()
        } else {
            format!(" {faults:?}")
        },
        ar::CLOCK_MS,
        100.0 * most as f64 / ar::CLOCK_MS as f64
    );
    println!(
        "{} games in {:.1} s",
        results.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_loa(args: &MatchArgs) -> Result<(), String> {
    let bot = bot_command(args, "kattis-loa")?;
    let cfg = JudgeConfig {
        move_timeout: Duration::from_millis(args.move_timeout_ms),
        game_budget: args.game_budget_ms.map(Duration::from_millis),
        ..JudgeConfig::default()
    };
    let jobs = jobs(args);
    eprintln!(
        "arena: {} games of {bot} against the Kattis LOA random mover, seeds {}.., {jobs} at once",
        args.games, args.seed
    );
    let started = Instant::now();
    let mut records = Vec::with_capacity(args.games);
    parallel(
        args.games,
        jobs,
        |k| {
            let color = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            kattis_loa::play_game(&bot, k, args.seed + k as u64, color, &cfg)
        },
        |rec| {
            if !args.quiet {
                println!("{}", game_line(&rec));
            }
            records.push(rec);
        },
    );
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

fn run_neerc(args: &MatchArgs) -> Result<(), String> {
    use arena::neerc_gomoku::{self as ng, Outcome};
    let seeds: Vec<(Option<u32>, i64)> = match &args.seeds {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            ng::read_seeds(&text)?
                .into_iter()
                .map(|(t, s)| (Some(t), s))
                .collect()
        }
        None => (0..args.games)
            .map(|k| (None, args.seed as i64 + k as i64))
            .collect(),
    };
    let bot = if args.in_process {
        None
    } else {
        Some(bot_command(args, "neerc-gomoku")?)
    };
    let mut base_planner = gomoku::neerc::Planner::default();
    for spec in &args.planner {
        base_planner
            .set(spec)
            .map_err(|e| format!("--planner {spec}: {e}"))?;
    }
    let jobs = jobs(args);
    eprintln!(
        "arena: {} NEERC Gomoku games of {}, {jobs} at once",
        seeds.len(),
        bot.as_ref()
            .map_or("the in-process planner".to_string(), |b| b.to_string())
    );
    let started = Instant::now();
    let mut records: Vec<ng::GameRecord> = Vec::with_capacity(seeds.len());
    parallel(
        seeds.len(),
        jobs,
        |k| {
            let (test, seed) = seeds[k];
            match &bot {
                Some(bot) => ng::play_game(bot, seed, test),
                None => {
                    let t = Instant::now();
                    let mut planner = base_planner.clone();
                    let (result, moves) = gomoku::neerc::simulate(seed, &mut planner);
                    let outcome = match result {
                        gomoku::neerc::GameResult::WhiteWins => Outcome::BotWin,
                        gomoku::neerc::GameResult::BlackWins => Outcome::JudgeWin,
                        gomoku::neerc::GameResult::Draw => Outcome::Draw,
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
            }
        },
        |rec| {
            if !args.quiet {
                let name = rec.test.map_or(String::new(), |t| format!("test {t:03} "));
                let result = match &rec.outcome {
                    Outcome::BotWin => "win".to_string(),
                    Outcome::JudgeWin => "LOSS".to_string(),
                    Outcome::Draw => "DRAW".to_string(),
                    Outcome::Failed(f) => format!("FAIL {f}"),
                };
                println!(
                    "{name}seed {}: {result} in {} moves; wall {:.1} ms",
                    rec.seed,
                    rec.moves,
                    rec.wall.as_secs_f64() * 1000.0
                );
            }
            records.push(rec);
        },
    );
    let won = records
        .iter()
        .filter(|r| r.outcome == Outcome::BotWin)
        .count();
    let lost = records
        .iter()
        .filter(|r| r.outcome == Outcome::JudgeWin)
        .count();
    let drawn = records
        .iter()
        .filter(|r| r.outcome == Outcome::Draw)
        .count();
    let failed = records.len() - won - lost - drawn;
    let mean = records.iter().map(|r| r.moves).sum::<usize>() as f64 / records.len().max(1) as f64;
    let name = |r: &ng::GameRecord| {
        format!(
            "{}seed {}",
            r.test.map_or(String::new(), |t| format!("test {t:03} ")),
            r.seed
        )
    };
    println!(
        "games {} won {won} drawn {drawn} lost {lost} failed {failed}",
        records.len()
    );
    if let Some(r) = records.iter().max_by_key(|r| r.moves) {
        println!(
            "moves per game (both sides): mean {mean:.2}, max {} ({})",
            r.moves,
            name(r)
        );
    }
    if let Some(r) = records.iter().max_by_key(|r| r.wall) {
        println!(
            "slowest game: {:.1} ms wall ({})",
            r.wall.as_secs_f64() * 1000.0,
            name(r)
        );
    }
    println!(
        "{} games in {:.1} s; {}",
        records.len(),
        started.elapsed().as_secs_f64(),
        if won == records.len() {
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
