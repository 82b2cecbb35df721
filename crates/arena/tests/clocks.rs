//! Time odds in the ALPHANO contests: each player's clock is its own, follows the player when
//! the seats swap, and shows in the records and the report.

use arena::alphano_domineering::{board_values, play_on, DomineeringMatch, CLOCK_MS};
use arena::contest::Pairing;
use arena::record::{Cause, Outcome};
use arena::runner::{self, MatchConfig};
use arena::{BotCommand, Contestant};
use std::process::Command;

/// A Domineering bot that thinks 300 ms over its first move, then passes at once every turn.
fn slow_starter() -> Contestant {
    let script = "for i in 1 2 3 4 5 6 7 8; do read l; done; read r; echo OK; \
                  read t; sleep 0.3; echo MOVE -1 -1; \
                  while read l; do case \"$l\" in TURN*) echo MOVE -1 -1;; FINISH*) exit 0;; esac; done";
    Contestant::Bot(BotCommand::new("sh").with_args(["-c", script]))
}

#[test]
fn a_short_clock_loses_on_time_and_a_long_one_does_not() {
    let values = board_values(3);
    let short = play_on(
        &slow_starter(),
        &Contestant::Greedy,
        3,
        values,
        [200, CLOCK_MS],
    );
    let r = short.record(0, ["slow".into(), "greedy".into()], 0);
    assert_eq!(r.winner, Some(1), "{}", r.reason);
    assert_eq!(r.failure.as_ref().map(|f| f.cause), Some(Cause::Clock));
    assert_eq!(r.clock_ms, Some([200, CLOCK_MS]));

    // The same bot with the judge's clock: no fault (it passes, greedy takes the points).
    let long = play_on(
        &slow_starter(),
        &Contestant::Greedy,
        3,
        values,
        [CLOCK_MS; 2],
    );
    let r = long.record(0, ["slow".into(), "greedy".into()], 0);
    assert!(r.failure.is_none(), "{}", r.reason);
}

#[test]
fn clocks_follow_the_players_across_seats_and_show_in_the_report() {
    let m = DomineeringMatch {
        pairing: Pairing {
            a: (slow_starter(), "slow".into()),
            b: (Contestant::Greedy, "greedy".into()),
            seed: 5,
            a_seat: None,
            clocks_ms: Some([200, 9_000]),
        },
        boards: Vec::new(),
    };
    let cfg = MatchConfig {
        games: 2,
        jobs: 2,
        ..MatchConfig::default()
    };
    let report = runner::play(&cfg, &m, true).expect("the match runs");
    assert_eq!(report.records.len(), 2);
    for r in &report.records {
        // A's 200 ms follow it to either seat, and it loses on time there.
        assert_eq!(r.clock_ms.unwrap()[r.a_seat], 200);
        assert_eq!(r.clock_ms.unwrap()[1 - r.a_seat], 9_000);
        assert_eq!(r.outcome_a(), Outcome::Loss);
        assert_eq!(r.failure.as_ref().map(|f| f.cause), Some(Cause::Clock));
    }
    let text = report.to_string();
    assert!(text.contains("clocks: A 200 ms, B 9000 ms"), "{text}");
    assert!(text.contains(" of 200 ("), "{text}");
}

/// Runs the `arena` binary with `args`.
fn arena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs")
}

/// Two ALPHANO Renju games of greedy against random with the `extra` options, which must
/// succeed: the report.
fn greedy_against_random(extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "alphano-renju",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "2",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let out = arena(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_command_line_takes_a_clock_per_player_for_alphano_only() {
    let text = greedy_against_random(&["--b-clock-ms", "2500"]);
    assert!(text.contains("clocks: A 20000 ms, B 2500 ms"), "{text}");
    for contest in ["kattis-loa", "codewarriors-domineering"] {
        let out = arena(&["match", contest, "--games", "2", "--a-clock-ms", "100"]);
        assert!(!out.status.success(), "{contest}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no whole-game clock"), "{err}");
    }
}

/// `--opening-plies` for ALPHANO Renju: played with built-in players (and Gomocup brains),
/// refused with an ALPHANO bot, which cannot be told a position.
#[test]
fn a_renju_opening_needs_players_that_can_be_told_a_position() {
    greedy_against_random(&["--opening-plies", "4"]);
    let out = arena(&[
        "match",
        "alphano-renju",
        "--a",
        "sh",
        "--games",
        "2",
        "--opening-plies",
        "4",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be told a position"), "{err}");
}
