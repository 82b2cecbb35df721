//! The bot's side of the ALPHANO protocol: games through the judge, and bad input.

use alphano_domineering::{run, Config};
use arena::alphano_domineering::{play_game, Contestant, End};
use arena::BotCommand;
use domineering::scored::Side;

const BOARD: &str = "0 1 2 3 0 1 2 3\n3 2 1 0 3 2 1 0\n1 1 1 1 2 2 2 2\n0 0 3 3 0 0 3 3\n2 3 2 3 2 3 2 3\n1 0 1 0 1 0 1 0\n3 3 3 3 0 0 0 0\n0 1 0 1 0 1 0 1\n";

fn quick() -> Config {
    Config {
        max_nodes: Some(2_000),
        tt_mib: 1,
        ..Config::default()
    }
}

fn play(input: &str) -> Result<String, String> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, quick()).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn answers_ok_moves_legally_and_stops_at_finish() {
    let out = play(&format!(
        "{BOARD}READY SECOND\nOPP 1 1 10\nTURN 10000 9990\nFINISH\n"
    ))
    .unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("MOVE "), "{out}");
    assert_eq!(lines.len(), 2, "nothing after FINISH");
}

#[test]
fn bad_input_is_reported_with_the_line() {
    let cases = [
        (String::new(), "input ended before"),
        ("0 1 2\n".repeat(8), "has 3 values"),
        ("0 1 2 3 0 1 2 4\n".repeat(8), "not 0..=3"),
        (format!("{BOARD}READY THIRD\n"), "expected READY"),
        (
            format!("{BOARD}READY FIRST\nTURN ten 10\n"),
            "expected two integers",
        ),
        (
            format!("{BOARD}READY FIRST\nOPP 1 1 5\n"),
            "OPP while we are to move",
        ),
        (
            format!("{BOARD}READY SECOND\nOPP 1 8 5\n"),
            "not a legal domino",
        ),
        (format!("{BOARD}READY SECOND\nHELLO\n"), "unknown command"),
        (format!("{BOARD}READY SECOND\nOPP 1 1 5\n"), "before FINISH"),
    ];
    for (input, expect) in cases {
        let e = play(&input).expect_err(&input);
        assert!(e.contains(expect), "{input:?}: {e}");
    }
}

#[test]
fn the_binary_fails_in_one_line_and_plays_whole_games() {
    let bin = env!("CARGO_BIN_EXE_alphano-domineering");
    for input in ["", "1 2\n", &format!("{BOARD}READY FIRST\nTURN 1\n")] {
        let cmd = BotCommand::new(bin);
        let (status, err) = arena::process::run_with_input(&cmd, input.as_bytes()).unwrap();
        assert!(!status.success(), "{input:?} must fail");
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(err.starts_with("alphano-domineering: ") && !err.contains("panicked"));
    }
    let bot = Contestant::Bot(BotCommand::new(bin).with_args(["--nodes", "3000"]));
    for seed in 0..2 {
        let r = play_game(&bot, &Contestant::Random, seed);
        assert_eq!(
            (r.end.clone(), r.winner),
            (End::Scores, Side::First),
            "{r:?}"
        );
        let r = play_game(&Contestant::Random, &bot, seed);
        assert_eq!(
            (r.end.clone(), r.winner),
            (End::Scores, Side::Second),
            "{r:?}"
        );
    }
}
