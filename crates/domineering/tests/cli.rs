//! The `domineering-solve` tool: empty boards by size, outcome classes, the best first move,
//! boards on stdin, and errors.

use domineering::solver::Solver;
use domineering::{Board, Move, Player};
use std::io::Write;
use std::process::{Command, Stdio};

fn solve(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domineering-solve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn outcome_classes_of_small_empty_boards() {
    // Published (Lachmann, Moore, Rapaport 2002): 4×4 and 6×6 first-player wins, 5×5 a
    // second-player win, a 2×4 strip Left's (horizontal) whoever starts.
    for (r, c, class) in [
        (4, 4, 'N'),
        (5, 5, 'P'),
        (6, 6, 'N'),
        (2, 4, 'L'),
        (4, 2, 'R'),
    ] {
        for cgt in ["0", "12"] {
            let (ok, out, _) = solve(
                &[
                    "--class",
                    "--rows",
                    &r.to_string(),
                    "--cols",
                    &c.to_string(),
                    "--cgt",
                    cgt,
                ],
                "",
            );
            assert!(ok);
            assert!(out.starts_with(class), "{r}x{c} --cgt {cgt}: {out}");
        }
    }
}

#[test]
fn the_winner_comes_first_and_its_best_move_wins() {
    let (ok, out, _) = solve(&["--to-move", "h", "--rows", "6", "--cols", "6"], "");
    assert!(ok);
    assert!(out.starts_with("H nodes="), "{out}");
    assert!(out.contains(" table="), "{out}");
    let field = |name: &str| {
        out.split_whitespace()
            .find_map(|f| f.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {out}"))
            .to_string()
    };
    let best = field("best=");
    // The first ordered move's share of the wins, as a percentage.
    let first: f64 = field("first_move=").trim_end_matches('%').parse().unwrap();
    assert!((0.0..=100.0).contains(&first), "{out}");
    let mut pos = Board::new(6, 6);
    pos.try_play(best.parse::<Move>().expect("a winning move"))
        .unwrap();
    let mut solver = Solver::new(6, 6, 18);
    let after = solver.solve(&pos).unwrap();
    assert_eq!(
        after.winner,
        Player::Horizontal,
        "{best} wins for horizontal"
    );
    // The loser has no best move.
    let (_, out, _) = solve(&["--to-move", "h", "--rows", "5", "--cols", "5"], "");
    assert!(out.starts_with('V') && out.contains(" best=- "), "{out}");
}

#[test]
fn boards_come_from_stdin_and_errors_exit_2() {
    let (ok, out, _) = solve(&["--to-move", "v"], "....\n.##.\n....\n");
    assert!(ok, "{out}");
    assert!(out.starts_with('H') || out.starts_with('V'));
    for (args, input) in [
        (&["--to-move", "x"][..], ""),
        (&["--rows", "4", "--cols", "4"][..], ""),
        (&["--class", "--rows", "14", "--cols", "4"][..], ""),
        (&["--class", "--rows", "4"][..], ""),
        (&["--class"][..], "..\n...\n"),
        (
            &["--class", "--rows", "4", "--cols", "4", "--cgt", "99"][..],
            "",
        ),
    ] {
        let (ok, _, err) = solve(args, input);
        assert!(!ok, "{args:?}");
        assert!(err.starts_with("domineering-solve: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
