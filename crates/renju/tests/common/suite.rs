//! The tactical suite's positions (`tests/data/rapfi-suite.txt`), read for the suite test and
//! the `tactical_suite` example (included by path in both).

use renju::book::replay_moves;
use renju::renju_rules::game::{Move, RenjuGame};
use renju::renju_rules::Color;

/// One position of the suite.
pub struct Case {
    /// The game up to the position.
    pub game: RenjuGame,
    /// Rapfi's mate length as it printed it (`M<n>`).
    pub mate: u32,
    /// Rapfi's move.
    pub rapfi: Move,
}

/// A move in the suite's form, `row,col`.
fn judge_move(s: &str) -> Move {
    s.replace(',', " ").parse().expect("a point of the board")
}

/// A move in the suite's form, `row,col` (what [`judge_move`] reads).
pub fn suite_word(m: Move) -> String {
    m.judge().to_string().replace(' ', ",")
}

/// Every position of the suite, checked as read: the games are legal, the side to move is the
/// one named, Rapfi's move is legal.
pub fn suite() -> Vec<Case> {
    parse(include_str!("../data/rapfi-suite.txt"))
}

/// The positions of `text`, in the suite's format, checked as [`suite`] checks them.
pub fn parse(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (moves, rest) = line.split_once('|').expect("moves | answer");
            let game = replay_moves(moves).unwrap_or_else(|e| panic!("{line}: {e}"));
            let parts: Vec<&str> = rest.split_whitespace().collect();
            let side: Color = parts[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(game.to_move(), side, "{line}");
            let rapfi = judge_move(parts[2]);
            assert!(game.is_legal(rapfi), "{line}");
            Case {
                game,
                mate: parts[1].trim_start_matches('M').parse().unwrap(),
                rapfi,
            }
        })
        .collect()
}
