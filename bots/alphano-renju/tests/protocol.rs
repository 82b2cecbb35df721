//! The bot's side of the ALPHANO Renju protocol: exact replies, games through the judge (both
//! colors, no RE), and bad input (one stderr line, exit 1).

use alphano_renju::run;
use arena::alphano_renju::{play_game, Contestant, End};
use arena::BotCommand;
use renju::EngineConfig;
use std::io::Write;
use std::process::{Command, Stdio};

fn quick() -> EngineConfig {
    EngineConfig {
        max_nodes: Some(3_000),
        ..EngineConfig::default()
    }
    .with_tt_mib(1)
}

fn play(input: &str) -> Result<String, String> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, quick()).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn answers_ok_then_the_centre_and_stops_at_finish() {
    let out =
        play("READY FIRST\nTURN 20000 20000\nOPP 7 7 12\nTURN 19990 19988\nFINISH\n").unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "MOVE 8 8", "turn 1 must be the centre");
    // Turn 3: within the central 5×5 and not on a stone.
    let xy: Vec<i64> = lines[2]
        .strip_prefix("MOVE ")
        .unwrap()
        .split(' ')
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(xy.iter().all(|v| (6..=10).contains(v)), "{out}");
    assert!(xy != [8, 8] && xy != [7, 7], "{out}");
    assert_eq!(lines.len(), 3, "nothing after FINISH");
    // White's first move is within the central 3×3.
    let out = play("READY SECOND\nOPP 8 8 3\nTURN 20000 19997\nFINISH\n").unwrap();
    let second = out.lines().nth(1).unwrap();
    let xy: Vec<i64> = second[5..].split(' ').map(|t| t.parse().unwrap()).collect();
    assert!(
        xy.iter().all(|v| (7..=9).contains(v)) && xy != [8, 8],
        "{out}"
    );
}

#[test]
fn bad_input_is_reported_with_the_line() {
    let cases = [
        ("", "input ended before READY"),
        ("READY THIRD\n", "expected READY"),
        ("READY FIRST\nTURN ten 10\n", "expected two integers"),
        ("READY FIRST\nOPP 8 8 5\n", "OPP while we are to move"),
        (
            "READY SECOND\nOPP 1 1 5\n",
            "move 1 must be on the centre (the opening rule)",
        ),
        ("READY SECOND\nOPP 16 1 5\n", "off the board"),
        ("READY SECOND\nOPP 8 8\n", "unexpected"),
        ("READY SECOND\nOPP 8 8 x\n", "expected a time"),
        ("READY SECOND\nHELLO\n", "unexpected"),
        (
            "READY SECOND\nTURN 100 100\n",
            "TURN while the opponent is to move",
        ),
        (
            "READY SECOND\nOPP 8 8 5\nOPP 7 7 5\n",
            "OPP while we are to move",
        ),
        ("READY SECOND\nOPP 8 8 5\n", "before FINISH"),
    ];
    for (input, expect) in cases {
        let e = play(input).expect_err(input);
        assert!(e.contains(expect), "{input:?}: {e}");
    }
}

#[test]
fn the_binary_exits_nonzero_with_one_stderr_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphano-renju"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"READY FIRST\nTURN x y\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("alphano-renju: "), "{err}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "OK\n");
}

#[test]
fn plays_whole_games_through_the_judge_as_both_colors() {
    let bot = Contestant::Bot(
        BotCommand::new(env!("CARGO_BIN_EXE_alphano-renju")).with_args(["--nodes", "4000"]),
    );
    // Whole games, each color, ended by a five or a draw and never by a fault (who wins is a
    // strength figure: the arena's matches measure it, not this test).
    for seed in 0..2 {
        for r in [
            play_game(&bot, &Contestant::Greedy, seed),
            play_game(&Contestant::Greedy, &bot, seed),
        ] {
            assert!(matches!(r.end, End::Five | End::Draw), "{r:?}");
            assert!(r.moves.len() >= 9, "{:?}", r.moves);
        }
    }
}
