//! `renju-forbid` end to end: the output format, several positions, and malformed input.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju-forbid"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn position(stones: &[(usize, usize, char)]) -> String {
    let mut b = vec![vec!['.'; 15]; 15];
    for &(r, c, ch) in stones {
        b[r - 1][c - 1] = ch;
    }
    b.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

#[test]
fn prints_one_line_per_position() {
    // An empty board; a double three at 8,8; an overline point at 8,4 (X X X . X X X in row 8)
    // that also shows a second kind; white stones never matter for White.
    let three = position(&[(8, 6, 'X'), (8, 7, 'X'), (6, 8, 'X'), (7, 8, 'X')]);
    let over = position(&[
        (8, 1, 'X'),
        (8, 2, 'X'),
        (8, 3, 'X'),
        (8, 5, 'X'),
        (8, 6, 'X'),
        (8, 7, 'X'),
        (1, 1, 'O'),
    ]);
    let input = format!("{}\n{three}\n{over}", position(&[]));
    let (ok, out, err) = run(&input);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "-");
    assert_eq!(lines[1], "8,8:double-three");
    assert_eq!(lines[2], "8,4:overline");
}

#[test]
fn malformed_positions_are_named() {
    let good = position(&[]);
    let short = good.lines().take(14).collect::<Vec<_>>().join("\n") + "\n";
    let (ok, out, err) = run(&format!("{good}\n{short}"));
    assert!(!ok);
    assert_eq!(out, "-\n");
    assert!(
        err.contains("position 2") && err.contains("14 lines"),
        "{err}"
    );
    let bad_char = good.replacen('.', "z", 20);
    let (ok, _, err) = run(&bad_char);
    assert!(!ok);
    assert!(
        err.contains("position 1") && err.contains("row 1 column 1"),
        "{err}"
    );
}
