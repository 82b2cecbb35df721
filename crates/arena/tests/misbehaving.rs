//! Each kind of misbehaving player (a tiny shell program per misbehaviour, in `tests/players/`)
//! is stopped at its deadline, its game is scored with the right cause, the match goes on, and
//! no process of it is left behind.

use arena::record::{Cause, Outcome, Record};
use arena::runner::{self, MatchConfig};
use arena::{alphano_renju, codewarriors_domineering, BotCommand, Contestant};
use std::path::PathBuf;

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/players")
        .join(name)
}

/// Processes whose command line mentions `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(needle) && !cmd.contains("cargo") {
                found.push(format!("{}: {cmd}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}

/// Plays 2 games (one per side) of `bad` against greedy under `contest` and returns them.
fn match_of(contest: &str, name: &str) -> Vec<Record> {
    let bad = Contestant::Bot(BotCommand::new("sh").with_args([script(name).to_string_lossy()]));
    let cfg = MatchConfig {
        games: 2,
        jobs: 2,
        ..MatchConfig::default()
    };
    let report = runner::run(
        &cfg,
        contest,
        (name, "greedy"),
        |k| {
            let a_seat = k % 2;
            let names = if a_seat == 0 {
                [name.to_string(), "greedy".to_string()]
            } else {
                ["greedy".to_string(), name.to_string()]
            };
            let (first, second) = if a_seat == 0 {
                (&bad, &Contestant::Greedy)
            } else {
                (&Contestant::Greedy, &bad)
            };
            match contest {
                "alphano-renju" => {
                    alphano_renju::play_game(first, second, 7).record(k, names, a_seat)
                }
                _ => codewarriors_domineering::play_game(first, second, 7).record(k, names, a_seat),
            }
        },
        |_| None,
    )
    .expect("the match runs");
    assert_eq!(
        report.records.len(),
        2,
        "the match went on after the first game"
    );
    let stem = name.trim_end_matches(".sh");
    // A process killed with SIGKILL may still be listed until the kernel has run its exit
    // (seconds on a loaded machine): what counts is that it goes, soon.
    let gone_by = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let left = processes_with(name);
        let helpers = processes_with(&format!("arena-test-{stem}-helper"));
        if left.is_empty() && helpers.is_empty() {
            break;
        }
        assert!(
            std::time::Instant::now() < gone_by,
            "left behind: {left:?} {helpers:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    report.records
}

fn assert_lost_by(records: &[Record], cause: Cause) {
    for r in records {
        assert_eq!(r.outcome_a(), Outcome::Loss, "{r:?}");
        let f = r.failure.as_ref().expect("a loss by a fault");
        assert_eq!(f.seat, r.a_seat, "{r:?}");
        assert_eq!(f.cause, cause, "{r:?}");
    }
}

#[test]
fn a_player_that_hangs_is_stopped_at_its_deadline() {
    // The READY deadline is 3 s: without it this match would never end.
    let records = match_of("alphano-renju", "hang.sh");
    assert_lost_by(&records, Cause::Protocol);
    assert!(records[0]
        .failure
        .as_ref()
        .unwrap()
        .detail
        .contains("no OK"));
}

#[test]
fn a_player_that_overruns_its_turn_loses_on_the_clock() {
    let records = match_of("codewarriors-domineering", "slow.sh");
    assert_lost_by(&records, Cause::Clock);
}

#[test]
fn a_player_that_crashes_loses_by_a_crash() {
    assert_lost_by(&match_of("alphano-renju", "crash.sh"), Cause::Crash);
}

#[test]
fn a_player_that_prints_garbage_breaks_the_protocol() {
    assert_lost_by(&match_of("alphano-renju", "garbage.sh"), Cause::Protocol);
}

#[test]
fn a_player_that_floods_its_output_is_cut_off() {
    let records = match_of("alphano-renju", "flood.sh");
    assert_lost_by(&records, Cause::Protocol);
    // The flood is cut at the longest line kept, not read whole.
    let detail = &records[0].failure.as_ref().unwrap().detail;
    assert!(
        detail.len() < 2 * arena::process::MAX_LINE as usize,
        "{}",
        detail.len()
    );
}

#[test]
fn a_player_that_plays_an_illegal_move_loses_by_it() {
    assert_lost_by(&match_of("alphano-renju", "illegal.sh"), Cause::IllegalMove);
}

#[test]
fn a_player_that_cannot_start_or_quits_at_once_loses_by_a_crash() {
    let missing = Contestant::Bot(BotCommand::new("/nonexistent/arena-test-bot"));
    let r = alphano_renju::play_game(&missing, &Contestant::Greedy, 1).record(
        0,
        ["missing".into(), "greedy".into()],
        0,
    );
    assert_eq!(r.outcome_a(), Outcome::Loss);
    assert_eq!(r.failure.unwrap().cause, Cause::Crash);
    // One that exits at once (say, on arguments it does not know) crashes too.
    let quits = Contestant::Bot(BotCommand::new("sh").with_args(["-c", "exit 2"]));
    let r = alphano_renju::play_game(&Contestant::Greedy, &quits, 1).record(
        0,
        ["greedy".into(), "quits".into()],
        1,
    );
    assert_eq!(r.outcome_a(), Outcome::Loss);
    assert_eq!(r.failure.unwrap().cause, Cause::Crash, "{}", r.reason);
}

#[test]
fn interrupting_the_arena_stops_every_player() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    // A marker of this run's own, so helpers left by another run cannot confuse the count.
    let tag = format!("arena-test-sleepy-helper-{}", std::process::id());
    let marker = format!("sleep 300 {tag}");
    let marker = marker.as_str();
    let mut arena = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["match", "alphano-renju", "--a", "sh", "--a-arg"])
        .arg(script("sleepy.sh"))
        .args(["--a-arg", &tag])
        .args(["--b", "greedy", "--games", "4", "--jobs", "2", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the arena starts");
    // Both games' players (and their helpers) come up; the READY deadline is 3 s away.
    let deadline = Instant::now() + Duration::from_secs(2);
    while processes_with(marker).len() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    // Under load one game may not be up yet; one player is enough to show the interrupt. The
    // arena is interrupted before anything is asserted, so a failing run leaves nothing behind.
    let came_up = !processes_with(marker).is_empty();
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(arena.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .expect("a signal");
    let status = arena.wait().expect("the arena exits");
    assert!(came_up, "no player came up");
    assert_eq!(status.code(), Some(130));
    // Killed processes may linger a moment as zombies (no command line) until reaped.
    let deadline = Instant::now() + Duration::from_secs(2);
    while !processes_with(marker).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        processes_with(marker).is_empty(),
        "{:?}",
        processes_with(marker)
    );
}

/// A Gomocup brain's setup (here 1 s over `INFO max_memory`) is not charged to its clock (here
/// 500 ms): the judge waits for its answer to `ABOUT` before the first turn.
#[test]
fn a_gomocup_brains_setup_is_not_on_its_clock() {
    let brain = Contestant::Gomocup(
        BotCommand::new("sh").with_args([script("slow-setup-brain.sh").to_string_lossy()]),
    );
    let r = alphano_renju::play_game_clocked(&brain, &Contestant::Greedy, 7, [500, 20_000]);
    assert!(
        !matches!(r.end, alphano_renju::End::TimeLimit(_)),
        "{:?} after {:?}",
        r.end,
        r.moves
    );
    // Its first move was played; its second (the centre again) is an illegal move.
    assert!(r.moves.len() >= 2, "{:?}", r.moves);
    assert!(
        matches!(r.end, alphano_renju::End::RuntimeError(_)),
        "{:?}",
        r.end
    );
}
