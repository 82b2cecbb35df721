//! The Gomocup protocol as a manager speaks it, and whole games between two brains.

use pbrain_plyforge::{run, Brain, ABOUT};
use renju_rules::{Color, Point};
use std::io::Cursor;

/// The brain's answer lines to `input` (CR LF line ends, as managers send).
fn talk(input: &str) -> Vec<String> {
    let input = input.replace('\n', "\r\n");
    let mut out = Vec::new();
    run(Cursor::new(input.into_bytes()), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn pair(s: &str) -> (usize, usize) {
    let (x, y) = s.split_once(',').expect("x,y");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn start_begin_turn_about_end() {
    let out = talk("START 15\nINFO timeout_turn 200\nBEGIN\nTURN 6,6\nABOUT\nEND\nBEGIN\n");
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "7,7", "the centre on an empty board");
    let (x, y) = pair(&out[2]);
    assert!(x < 15 && y < 15 && (x, y) != (7, 7) && (x, y) != (6, 6));
    assert_eq!(out[3], ABOUT);
    assert_eq!(out.len(), 4, "nothing after END: {out:?}");
}

#[test]
fn bad_input_gets_error_lines_and_the_brain_goes_on() {
    let out = talk(
        "BEGIN\nSTART 4\nSTART 20\nSTART x\nSTART 15\nHELLO\nTURN 15,0\nTURN 3\nINFO timeout_turn soon\n\
         TAKEBACK 1,1\nRECTSTART 15,19\nBOARD\n1,1,1\nnonsense\n2,2,2\nDONE\nTURN 7,7\nTURN 7,7\n",
    );
    let expect_prefix = [
        "ERROR", "ERROR", "ERROR", "ERROR", "OK", "UNKNOWN", "ERROR", "ERROR", "ERROR", "ERROR",
        "ERROR", "ERROR",
    ];
    for (i, p) in expect_prefix.iter().enumerate() {
        assert!(out[i].starts_with(p), "answer {i}: {:?} in {out:?}", out[i]);
    }
    // The bad BOARD was read to DONE; the game goes on from the empty board.
    let (x, y) = pair(&out[12]);
    assert!((x, y) != (7, 7));
    assert!(out[13].starts_with("ERROR") && out[13].contains("occupied"));
    assert_eq!(out.len(), 14);
}

#[test]
fn commands_ignore_case_and_blank_lines() {
    let out = talk("start 9\n\n  info rule 1\nbegin\nend\n");
    assert_eq!(out, vec!["OK", "4,4"]);
}

#[test]
fn board_then_a_five_is_made_and_a_four_is_blocked() {
    // Ours: a four on row 3 (x 2..5): we complete it.
    let out =
        talk("START 15\nBOARD\n2,3,1\n3,3,1\n4,3,1\n5,3,1\n2,9,2\n4,9,2\n6,9,2\n8,12,2\nDONE\n");
    let (x, y) = pair(&out[1]);
    assert!(y == 3 && (x == 1 || x == 6), "{out:?}");
    // Theirs: a four on column 10 (y 4..7), ours scattered: we block at y 3 or 8.
    let out =
        talk("START 19\nBOARD\n10,4,2\n10,5,2\n10,6,2\n10,7,2\n1,1,1\n17,17,1\n1,17,1\nDONE\n");
    let (x, y) = pair(&out[1]);
    assert!(x == 10 && (y == 3 || y == 8), "{out:?}");
}

#[test]
fn takeback_and_restart() {
    let out = talk("START 15\nBEGIN\nTAKEBACK 7,7\nBEGIN\nRESTART\nBOARD\n7,7,2\nDONE\nEND\n");
    assert_eq!(out[..5], ["OK", "7,7", "OK", "7,7", "OK"]);
    let (x, y) = pair(&out[5]);
    assert!(
        (x, y) != (7, 7) && x.abs_diff(7) <= 2 && y.abs_diff(7) <= 2,
        "{out:?}"
    );
}

#[test]
fn renju_black_does_not_take_a_forbidden_double_three() {
    // Black (us, even count) has two open twos crossing at 7,7: a stone there makes a double
    // three, forbidden. White has stones away from them.
    let board = "6,7,1\n5,7,1\n7,6,1\n7,5,1\n0,0,2\n14,0,2\n0,14,2\n14,14,2\n";
    let pos = Point::new(7, 7).unwrap();
    let mut b = renju_rules::Board::new();
    for (x, y) in [(6, 7), (5, 7), (7, 6), (7, 5)] {
        b.try_put(Point::new(y, x).unwrap(), renju_rules::Color::Black)
            .unwrap();
    }
    assert!(
        b.forbidden(pos).is_some(),
        "the test position is built right"
    );
    let out = talk(&format!(
        "START 15\nINFO rule 4\nINFO timeout_turn 300\nBOARD\n{board}DONE\n"
    ));
    assert_ne!(out[1], "7,7", "renju: forbidden point played");
    let out = talk(&format!(
        "START 15\nINFO rule 0\nINFO timeout_turn 300\nBOARD\n{board}DONE\n"
    ));
    assert_eq!(out[1], "7,7", "free-style: the double three wins");
}

/// Plays two brains against each other under `rule` on an `n`×`n` board, each move checked;
/// under renju Black's stones are checked against the rules crate's forbidden points.
fn self_play(n: usize, rule: u32, turn_ms: u64) -> usize {
    let mut brains = [Brain::new(), Brain::new()];
    let mut empty = Cursor::new(Vec::new());
    for b in &mut brains {
        for cmd in [
            format!("START {n}"),
            format!("INFO rule {rule}"),
            format!("INFO timeout_turn {turn_ms}"),
        ] {
            let (out, _) = b.handle(&cmd, &mut empty);
            assert!(out.iter().all(|l| l == "OK"), "{cmd}: {out:?}");
        }
    }
    let mut board = renju_rules::Board::new();
    let colors = [Color::Black, Color::White];
    let mut taken = vec![false; n * n];
    let (mut out, _) = brains[0].handle("BEGIN", &mut empty);
    for ply in 0..n * n {
        assert_eq!(out.len(), 1, "ply {ply}: {out:?}");
        let (x, y) = pair(&out[0]);
        assert!(x < n && y < n && !taken[y * n + x], "ply {ply}: {x},{y}");
        taken[y * n + x] = true;
        if rule == 4 {
            let (p, color) = (Point::new(y, x).unwrap(), colors[ply % 2]);
            if color == Color::Black {
                assert_eq!(
                    board.forbidden(p),
                    None,
                    "ply {ply}: Black on a forbidden point"
                );
            }
            let five = board.makes_five(p, color);
            board.try_put(p, color).unwrap();
            if five {
                return ply + 1;
            }
        }
        let next = &mut brains[(ply + 1) % 2];
        let (o, _) = next.handle(&format!("TURN {x},{y}"), &mut empty);
        out = o;
        if out[0].starts_with("ERROR") && out[0].contains("over") {
            return ply + 1;
        }
    }
    n * n
}

#[test]
fn free_style_and_standard_self_play_is_legal_to_the_end() {
    for (n, rule) in [(9, 0), (11, 1)] {
        let plies = self_play(n, rule, 30);
        assert!(plies >= 9, "rule {rule}: over after {plies} plies");
    }
}

#[test]
fn renju_self_play_is_legal_throughout() {
    let plies = self_play(15, 4, 40);
    assert!(plies >= 9);
}

#[test]
fn under_the_alphano_judge_the_brain_plays_whole_games_without_fault() {
    use arena::alphano_renju::{play_game, End};
    use arena::{BotCommand, Contestant};
    let brain = Contestant::Gomocup(BotCommand::new(env!("CARGO_BIN_EXE_pbrain-plyforge")));
    for (black, white) in [(&brain, &Contestant::Greedy), (&Contestant::Greedy, &brain)] {
        let r = play_game(black, white, 7);
        assert!(matches!(r.end, End::Five | End::Draw), "{:?}", r.end);
        assert!(r.moves.len() >= 9, "{:?}", r.moves);
    }
}

#[test]
fn huge_coordinates_are_errors_not_overflows() {
    let big = usize::MAX;
    let out = talk(&format!(
        "START 15\nTAKEBACK {big},{big}\nTURN {big},{big}\nBOARD\n{big},{big},1\nDONE\n"
    ));
    assert_eq!(out.len(), 4, "{out:?}");
    assert!(out[1..].iter().all(|l| l.starts_with("ERROR")), "{out:?}");
}

/// The brain binary run with `args` on `input`: its exit code, stdout and stderr.
fn brain_process(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-plyforge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A brain that refuses its arguments exits before reading: a failed write is no error.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// `--renju NAME=VALUE` sets the Renju engine's options (a brain with two plays); an unknown
/// option is one stderr line and exit 2.
#[test]
fn renju_options_on_the_command_line() {
    let (code, _, err) = brain_process(&["--renju", "warp=1"], "");
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("warp"), "{err}");
    let input = "START 15\r\nINFO rule 4\r\nINFO timeout_turn 300\r\nBOARD\r\n7,7,2\r\n8,8,1\r\nDONE\r\nEND\r\n";
    let args = ["--renju", "null_move=1", "--renju", "planned_moves=20"];
    let (code, out, _) = brain_process(&args, input);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "OK");
    let (x, y) = pair(lines[1]);
    assert!(
        x < 15 && y < 15 && (x, y) != (7, 7) && (x, y) != (8, 8),
        "{lines:?}"
    );
}
