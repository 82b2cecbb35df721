//! A match's results by opening line: player A's wins, draws and losses grouped by the first
//! moves of each game, for each of A's seats (`arena report --lines N`). Where a match
//! follows a few lines (ALPHANO Renju from the empty board against a deterministic engine),
//! its score reads how often each line came up as much as how well A plays; this table shows
//! both, and `--starting` narrows it to the games of one line to see where they part.

use crate::record::Record;
use crate::runner::wdl_a;
use crate::stats::Wdl;
use std::collections::HashMap;
use std::fmt::Write;

/// One opening line of a seat's games: its moves (the record's own forms, `", "`-joined)
/// and A's results in the games that began with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first moves of the games, in the contest's protocol form, joined by `", "`.
    pub moves: String,
    /// A's results in those games.
    pub results: Wdl,
}

/// A's results by the first `plies` moves of each game (a shorter game by all of its moves),
/// A moving first (`[0]`) and second (`[1]`), each seat's lines most played first (ties in
/// move order). Only the games whose first moves are `starting` count (every game when it
/// is empty); moves compare by their text with surrounding spaces trimmed.
///
/// ```
/// use arena::lines::by_line;
/// use arena::record::{Record, TimedMove};
/// let game = |k: usize, moves: &str, a_wins: bool| Record {
///     contest: "alphano-renju".into(),
///     game: k,
///     seed: 0,
///     opening: None,
///     players: ["a".into(), "b".into()],
///     a_seat: 0,
///     moves: moves.split(", ").map(|m| TimedMove { mv: m.into(), ms: None }).collect(),
///     winner: Some(if a_wins { 0 } else { 1 }),
///     reason: "five".into(),
///     failure: None,
///     clock_ms: None,
///     seated: None,
/// };
/// let records = [
///     game(0, "8 8, 7 8, 7 7, 9 9", true),
///     game(1, "8 8, 7 8, 7 7, 6 8", false),
///     game(2, "8 8, 7 8, 7 7, 9 9", true),
/// ];
/// let [first, second] = by_line(&records, 4, &[]);
/// assert_eq!(first[0].moves, "8 8, 7 8, 7 7, 9 9");
/// assert_eq!((first[0].results.wins, first[1].results.losses), (2, 1));
/// assert!(second.is_empty());
/// ```
pub fn by_line(records: &[Record], plies: usize, starting: &[String]) -> [Vec<Line>; 2] {
    let mut seats: [HashMap<String, Wdl>; 2] = Default::default();
    for r in records {
        let moves: Vec<&str> = r.moves.iter().map(|m| m.mv.trim()).collect();
        let begins = moves.len() >= starting.len()
            && starting.iter().zip(&moves).all(|(s, m)| s.trim() == *m);
        if !begins {
            continue;
        }
        let line = moves[..plies.min(moves.len())].join(", ");
        *seats[r.a_seat.min(1)].entry(line).or_default() += wdl_a(r);
    }
    seats.map(|seat| {
        let mut lines: Vec<Line> = seat
            .into_iter()
            .map(|(moves, results)| Line { moves, results })
            .collect();
        lines.sort_by(|x, y| (y.results.games(), &x.moves).cmp(&(x.results.games(), &y.moves)));
        lines
    })
}

/// [`by_line`] as a table: a header naming the plies (and the line the games start with, if
/// any), then for each of A's seats that has games its lines, one a row: games, A's wins,
/// draws and losses, and the moves.
pub fn table(records: &[Record], plies: usize, starting: &[String]) -> String {
    let mut out = String::new();
    let from = if starting.is_empty() {
        String::new()
    } else {
        let moves: Vec<&str> = starting.iter().map(|m| m.trim()).collect();
        format!(", games starting {}", moves.join(", "))
    };
    let _ = writeln!(out, "A by opening line (first {plies} plies{from}):");
    for (seat, lines) in ["moving first", "moving second"]
        .iter()
        .zip(by_line(records, plies, starting))
    {
        if lines.is_empty() {
            continue;
        }
        let _ = writeln!(out, "A {seat}");
        let _ = writeln!(
            out,
            "{:>6} {:>5} {:>5} {:>6}  line",
            "games", "wins", "draws", "losses"
        );
        for l in lines {
            let r = l.results;
            let _ = writeln!(
                out,
                "{:>6} {:>5} {:>5} {:>6}  {}",
                r.games(),
                r.wins,
                r.draws,
                r.losses,
                l.moves
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::TimedMove;

    /// Game `k` with `moves` (`", "`-separated), A in `a_seat`, won by A when `a_wins`
    /// (drawn when `None`).
    fn game(k: usize, a_seat: usize, moves: &str, a_wins: Option<bool>) -> Record {
        Record {
            contest: "alphano-renju".into(),
            game: k,
            seed: k as i64,
            opening: None,
            players: ["x".into(), "y".into()],
            a_seat,
            moves: moves
                .split(',')
                .map(|m| TimedMove {
                    mv: m.into(),
                    ms: Some(1),
                })
                .collect(),
            winner: a_wins.map(|w| if w { a_seat } else { 1 - a_seat }),
            reason: "test".into(),
            failure: None,
            clock_ms: None,
            seated: None,
        }
    }

    #[test]
    fn games_group_by_their_first_moves_for_each_seat() {
        let records = [
            game(0, 0, "8 8, 7 8, 7 7, 9 9, 6 7", Some(true)),
            game(1, 1, "8 8, 7 9, 6 8, 7 8", Some(false)),
            game(2, 0, "8 8, 7 8, 7 7, 6 8, 5 8", Some(false)),
            game(3, 1, "8 8, 7 9, 6 8, 7 8", None),
            game(4, 0, "8 8, 7 8, 7 7, 9 9, 6 9", Some(true)),
            // Shorter than the plies asked: grouped by all of its moves.
            game(5, 0, "8 8, 7 8", Some(false)),
        ];
        let [first, second] = by_line(&records, 4, &[]);
        let rows = |lines: &[Line]| -> Vec<(String, (usize, usize, usize))> {
            lines
                .iter()
                .map(|l| {
                    let r = l.results;
                    (l.moves.clone(), (r.wins, r.draws, r.losses))
                })
                .collect()
        };
        // Most played first; equal counts in move order.
        assert_eq!(
            rows(&first),
            [
                ("8 8, 7 8, 7 7, 9 9".to_string(), (2, 0, 0)),
                ("8 8, 7 8".to_string(), (0, 0, 1)),
                ("8 8, 7 8, 7 7, 6 8".to_string(), (0, 0, 1)),
            ]
        );
        assert_eq!(
            rows(&second),
            [("8 8, 7 9, 6 8, 7 8".to_string(), (0, 1, 1))]
        );
        // One ply further, the Black games of the first line part.
        let [first, _] = by_line(&records, 5, &[]);
        assert_eq!(first.len(), 4);
    }

    #[test]
    fn starting_keeps_only_the_games_of_that_line() {
        let records = [
            game(0, 0, "8 8, 7 8, 7 7, 9 9, 6 7", Some(true)),
            game(1, 0, "8 8, 7 8, 7 7, 6 8, 5 8", Some(false)),
            game(2, 0, "8 8, 7 9, 7 7", Some(false)),
            game(3, 0, "8 8", Some(false)),
        ];
        let start: Vec<String> = ["8 8", " 7 8 ", "7 7"].map(String::from).to_vec();
        let [first, second] = by_line(&records, 4, &start);
        let lines: Vec<&str> = first.iter().map(|l| l.moves.as_str()).collect();
        assert_eq!(lines, ["8 8, 7 8, 7 7, 6 8", "8 8, 7 8, 7 7, 9 9"]);
        assert!(second.is_empty());
        let text = table(&records, 4, &start);
        assert!(
            text.starts_with("A by opening line (first 4 plies, games starting 8 8, 7 8, 7 7):"),
            "{text}"
        );
        assert!(text.contains("A moving first"), "{text}");
        assert!(!text.contains("A moving second"), "{text}");
        assert!(
            text.lines()
                .any(
                    |l| l.split_whitespace().take(4).collect::<Vec<_>>() == ["1", "0", "0", "1"]
                        && l.ends_with("8 8, 7 8, 7 7, 6 8")
                ),
            "{text}"
        );
    }
}
