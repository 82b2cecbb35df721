//! The bot's side of the Kattis protocol: good games, and every kind of bad input.

use arena::kattis_loa::{play_game, GameOutcome, JudgeConfig};
use arena::BotCommand;
use kattis_loa::{gives_immediate_win, run, BotError, Config, Engine, Finish};
use loa::{Color, Position};
use std::io::Write;
use std::process::{Command, Stdio};

/// A fast, reproducible configuration: fixed node budget per move.
fn quick() -> Config {
    Config {
        max_nodes: Some(20_000),
        tt_mib: 1,
        ..Config::against_random()
    }
}

fn play(input: &str) -> (Result<Finish, BotError>, String) {
    let mut out = Vec::new();
    let r = run(input.as_bytes(), &mut out, quick());
    (r, String::from_utf8(out).unwrap())
}

#[test]
fn black_moves_first_and_stops_when_input_closes() {
    let (r, out) = play("0\n");
    assert_eq!(r.unwrap(), Finish::InputClosed);
    let nums: Vec<i64> = out.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mv = Position::start().parse_move(nums.try_into().unwrap());
    assert!(mv.is_ok(), "first move {out:?} is legal");
}

#[test]
fn white_waits_and_tolerates_any_whitespace() {
    // The judge's move split over lines with extra spaces: accepted.
    let (r, out) = play("1\n  1 2\n\n 3   2 \n");
    assert_eq!(r.unwrap(), Finish::InputClosed);
    assert_eq!(out.lines().count(), 1, "one reply to one judge move");
}

#[test]
fn bad_input_is_reported_with_what_was_read() {
    let cases = [
        ("", "before our color"),
        ("x\n", "\"x\" is not an integer"),
        ("2\n", "read 2"),
        ("0 1\n", "holds 2 numbers"),
        ("1\n1 2 3\n", "got only [1, 2, 3]"),
        ("1\n1 2 3 2 7\n", "holds 5 numbers"),
        ("1\n1 2 9 2\n", "outside 1..=8"),
        (
            "1\n1 2 2 2\n",
            "b1-b2: a piece moves as many squares as there are pieces on its line",
        ),
        ("1\n2 1 2 3\n", "no Black piece on a2"),
        ("1\n1 2 3 2.5\n", "not an integer"),
    ];
    for (input, expect) in cases {
        let (r, _) = play(input);
        let e = r.expect_err(input).to_string();
        assert!(e.contains(expect), "{input:?}: {e}");
    }
}

#[test]
fn the_binary_exits_nonzero_with_one_stderr_line_and_no_panic() {
    let bin = env!("CARGO_BIN_EXE_kattis-loa");
    for input in [
        "",
        "abc\n",
        "1\n1 2 3\n",
        "1\n8 8 8 8\n",
        "1\n\u{fffd}\u{0}\n",
        "7\n",
    ] {
        let cmd = BotCommand::new(bin).with_args(["--budget-ms", "50"]);
        let (status, err) = arena::process::run_with_input(&cmd, input.as_bytes()).unwrap();
        assert!(!status.success(), "{input:?} must fail");
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(
            err.starts_with("kattis-loa: ") && !err.contains("panicked"),
            "{err}"
        );
    }
    // A well-formed game that the judge ends cleanly: exit 0.
    let out = Command::new(bin)
        .args(["--budget-ms", "50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"0\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn wins_games_against_the_judge_through_the_arena() {
    let bot = BotCommand::new(env!("CARGO_BIN_EXE_kattis-loa")).with_args(["--budget-ms", "300"]);
    for k in 0..8 {
        let color = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let r = play_game(&bot, k, 500 + k as u64, color, &JudgeConfig::default());
        assert_eq!(r.outcome, GameOutcome::BotWin, "game {k}: {:?}", r.moves);
        assert!(r.plies <= 100);
    }
}

/// Positions from seeded random playouts where some but not all moves let the opponent win at once.
fn risky_positions(wanted: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let mut state = 99u64;
    let mut moves = Vec::new();
    'games: for _ in 0..2000 {
        let mut pos = Position::start();
        for _ in 0..100 {
            if pos.winner().is_some() {
                continue 'games;
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                continue 'games;
            }
            let unsafe_moves = moves
                .iter()
                .filter(|&&m| gives_immediate_win(&pos, m))
                .count();
            if unsafe_moves > 0 && unsafe_moves < moves.len() {
                found.push(pos.clone());
                if found.len() == wanted {
                    return found;
                }
                continue 'games;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
        }
    }
    found
}

#[test]
fn never_leaves_an_immediate_win_even_without_thinking_time() {
    let mut moves = Vec::new();
    Position::start().legal_moves(&mut moves);
    assert!(!moves
        .iter()
        .any(|&m| gives_immediate_win(&Position::start(), m)));
    let risky = risky_positions(20);
    assert_eq!(risky.len(), 20, "the sample has risky positions");
    for pos in &risky {
        // With a spent budget the search is shallow; the guard still picks a safe move.
        for budget_ms in [0, 500] {
            let mut player = Engine::new(
                Config {
                    budget_ms,
                    ..quick()
                },
                pos.to_move(),
            );
            let mv = player.choose(pos, 60);
            assert!(
                !gives_immediate_win(pos, mv),
                "budget {budget_ms}: {mv} in\n{pos}"
            );
        }
    }
}
