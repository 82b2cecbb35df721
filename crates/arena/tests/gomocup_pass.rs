//! The ALPHANO judge plays a Gomocup brain's forced pass for it (Gomocup has no pass) and tells
//! the other brain of it with a `BOARD`.

use std::path::PathBuf;

use arena::alphano::{self, Referee, Seat};
use arena::BotCommand;

/// A toy game on one row: the first player puts stones left to right, the second can only
/// pass; over after four plies.
struct Row {
    moves: Vec<Option<i64>>,
}

impl Referee for Row {
    type Move = Option<i64>;
    fn protocol(mv: Self::Move) -> String {
        match mv {
            Some(c) => format!("1 {}", c + 1),
            None => "-1 -1".into(),
        }
    }
    fn to_move(&self) -> usize {
        self.moves.len() % 2
    }
    fn is_over(&self) -> bool {
        self.moves.len() == 4
    }
    fn parse_move(&self, x: i64, y: i64) -> Result<Self::Move, String> {
        let next = self.moves.iter().flatten().count() as i64;
        if self.to_move() == 0 && x == 1 && y == next + 1 {
            Ok(Some(next))
        } else {
            Err(format!("{x} {y} is not {}", next + 1))
        }
    }
    fn play(&mut self, mv: Self::Move) {
        self.moves.push(mv);
    }
    fn forced_pass(&self) -> Option<Self::Move> {
        (self.to_move() == 1).then_some(None)
    }
}

#[test]
fn a_gomocup_brains_only_move_a_pass_is_played_for_it() {
    let brain = BotCommand::new("sh").with_args([PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/players/counting-brain.sh")
        .to_string_lossy()]);
    let setup = ["START 5".to_string()];
    let mut game = Row { moves: Vec::new() };
    let played = alphano::play(
        &mut game,
        [Seat::Gomocup(&brain, &setup), Seat::Gomocup(&brain, &setup)],
        &[],
        [5_000, 5_000],
        &[],
    );
    // The second brain was never asked (its "0,0" would be illegal), and the first was sent a
    // BOARD after each pass (a TURN gets "9,9", illegal).
    assert!(played.fault.is_none(), "{:?}", played.fault);
    assert_eq!(played.moves, ["1 1", "-1 -1", "1 2", "-1 -1"]);
    assert!(game.is_over());
}
