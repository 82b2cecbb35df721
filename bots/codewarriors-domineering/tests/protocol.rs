//! The bot as the arena runs it: a process per turn, one line on a stdin that stays open, an
//! answer and an exit; bad input gives one stderr line and a non-zero exit.

use arena::codewarriors_domineering::{bot_turn, input_line, parse_answer, SIDE};
use arena::process::run_with_input;
use arena::BotCommand;
use codewarriors_domineering::{parse_turn, read_integers, run};
use domineering_bomb::engine::EngineConfig;
use domineering_bomb::{Move, Player, Position};

fn bot() -> BotCommand {
    BotCommand::new(env!("CARGO_BIN_EXE_codewarriors-domineering")).with_args(["--think-ms", "100"])
}

fn quick() -> EngineConfig {
    EngineConfig {
        max_nodes: Some(3_000),
        tt_mib: 1,
        ..EngineConfig::default()
    }
}

#[test]
fn answers_with_stdin_left_open_and_exits_in_time() {
    let mut p = Position::new(SIDE, SIDE, true);
    for turn in 0..6 {
        let (answer, took) = bot_turn(&bot(), &p);
        let mv = answer.unwrap_or_else(|e| panic!("turn {turn}: {e:?}"));
        assert!(took < 1000, "turn {turn} took {took} ms");
        p.play_unchecked(mv);
    }
}

#[test]
fn reads_exactly_171_integers_and_no_more() {
    let line = input_line(&Position::new(SIDE, SIDE, true), Player::Horizontal);
    // Whatever follows the line stays unread.
    let text = format!("{line}\nGARBAGE THAT MUST NOT BE READ");
    let mut reader = std::io::BufReader::new(text.as_bytes());
    let values = read_integers(&mut reader).unwrap();
    assert_eq!(values.len(), 171);
    // No trailing space and no newline: the last digit is taken at once.
    let bare = line.trim_end().to_string();
    let mut reader = std::io::BufReader::new(bare.as_bytes());
    assert_eq!(read_integers(&mut reader).unwrap().len(), 171);
}

#[test]
fn plays_both_sides_and_bombs_when_it_must() {
    // Vertical to move with no vertical placement left but its bomb: it must bomb.
    // Every row full of horizontal dominoes (cols 0..12) except column 12, which holds
    // vertical dominoes in rows 0..12 and one empty cell in row 12: vertical has no placement.
    let mut cells = [domineering_bomb::Cell::Horizontal; SIDE * SIDE];
    for r in 0..12 {
        cells[r * SIDE + 12] = domineering_bomb::Cell::Vertical;
    }
    cells[12 * SIDE + 12] = domineering_bomb::Cell::Empty;
    let mut values: Vec<i64> = vec![2];
    values.extend(cells.iter().map(|&c| c as i64));
    values.push(1);
    let turn = parse_turn(&values).unwrap();
    assert!(!turn.position.can_place(Player::Vertical));
    let text = values.iter().map(|v| format!("{v} ")).collect::<String>();
    let mut out = Vec::new();
    let mv = run(text.as_bytes(), &mut out, &quick()).unwrap();
    assert!(matches!(mv, Some(Move::Bomb { .. })), "{mv:?}");
    let answer = String::from_utf8(out).unwrap();
    assert!(
        parse_answer(&turn.position, answer.trim()).is_ok(),
        "{answer}"
    );
}

#[test]
fn bad_input_gives_one_line_and_a_failure_status() {
    let good: Vec<String> = std::iter::once("1".to_string())
        .chain(std::iter::repeat_n("0".to_string(), 169))
        .chain(std::iter::once("1".to_string()))
        .collect();
    let with = |i: usize, v: &str| {
        let mut g = good.clone();
        g[i] = v.to_string();
        g.join(" ") + " \n"
    };
    let cases = [
        (String::new(), "input ended after 0 of 171"),
        ("1 0 0 0\n".to_string(), "input ended after 4 of 171"),
        (with(0, "3"), "player id 3"),
        (with(5, "7"), "cell 4 (row 0, column 4) is 7"),
        (with(170, "2"), "bomb flag 2"),
        (with(9, "x"), "not an integer"),
        (with(1, "1"), "impossible board"),
    ];
    for (input, want) in cases {
        let (status, stderr) = run_with_input(&bot(), input.as_bytes()).unwrap();
        assert!(!status.success(), "{input:?} should fail");
        assert!(stderr.contains(want), "{input:?}: stderr {stderr:?}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
    }
}
