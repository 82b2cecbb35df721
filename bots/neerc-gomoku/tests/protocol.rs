//! The bot's side of the NEERC protocol: whole games through the arena judge, and bad input.

use arena::neerc_gomoku::{play_game, Outcome};
use arena::BotCommand;
use neerc_gomoku::{run, Config};

fn run_str(input: &str) -> Result<(usize, String), String> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, Config::default())
        .map(|n| (n, String::from_utf8(out).unwrap()))
        .map_err(|e| e.to_string())
}

#[test]
fn answers_each_judge_move_and_stops_at_minus_one() {
    let (n, out) = run_str("10 10\n-1 -1\n").unwrap();
    assert_eq!(n, 1);
    let nums: Vec<i64> = out.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(nums.len(), 2);
    assert!(nums.iter().all(|v| (1..=19).contains(v)) && nums != [10, 10]);
    assert_eq!(run_str("-1 -1\n").unwrap().0, 0);
}

#[test]
fn bad_input_is_reported_with_what_was_read() {
    let cases = [
        ("", "without the closing"),
        ("10 10\n", "without the closing"),
        ("abc\n", "not two integers"),
        ("1 2 3\n", "holds 3 numbers"),
        ("0 5\n", "off the board"),
        ("20 1\n", "off the board"),
        ("10 10\n10 10\n", "occupied"),
    ];
    for (input, expect) in cases {
        let e = run_str(input).expect_err(input);
        assert!(e.contains(expect), "{input:?}: {e}");
    }
}

#[test]
fn the_binary_exits_nonzero_with_one_stderr_line() {
    let bin = env!("CARGO_BIN_EXE_neerc-gomoku");
    for input in ["", "x y\n", "10 10\n10 10\n", "5\n", "\u{0}\u{fffd}\n"] {
        let cmd = BotCommand::new(bin);
        let (status, err) = arena::process::run_with_input(&cmd, input.as_bytes()).unwrap();
        assert!(!status.success(), "{input:?} must fail");
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(
            err.starts_with("neerc-gomoku: ") && !err.contains("panicked"),
            "{err}"
        );
    }
}

#[test]
fn wins_official_tests_through_the_arena() {
    let bot = BotCommand::new(env!("CARGO_BIN_EXE_neerc-gomoku"));
    for (test, seed) in [(1, -614188506i64), (2, -302182768), (100, 23371789)] {
        let r = play_game(&bot, seed, Some(test));
        assert_eq!(r.outcome, Outcome::BotWin, "test {test}");
    }
}
