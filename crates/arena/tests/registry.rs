//! A contest added through the registry alone: a dummy game (the first to move takes one stone
//! and wins) gets a match from a request, plays it through the runner, and draws its records,
//! with no line of the arena changed.

use arena::contest::{Contest, Pairing};
use arena::record::{Record, TimedMove};
use arena::registry::{Entry, Made, Making, MatchRequest, Registry};
use arena::runner::{self, MatchConfig};
use arena::view::Picture;
use arena::Contestant;

struct DummyMatch {
    pairing: Pairing,
}

impl Contest for DummyMatch {
    fn name(&self) -> &'static str {
        "dummy"
    }
    fn names(&self) -> [&str; 2] {
        self.pairing.names()
    }
    fn game(&self, k: usize) -> Record {
        let (a_seat, seed, _, names) = self.pairing.seats(k);
        Record {
            contest: "dummy".into(),
            game: k,
            seed: seed as i64,
            opening: None,
            players: names,
            a_seat,
            moves: vec![TimedMove {
                mv: "1 1".into(),
                ms: None,
            }],
            winner: Some(0),
            reason: "took the stone".into(),
            failure: None,
            clock_ms: None,
            seated: None,
        }
    }
}

fn dummy_match(pairing: Pairing, req: &MatchRequest) -> Made {
    req.no_boards("dummy")?;
    Ok(Box::new(DummyMatch { pairing }))
}

fn draw_dummy(rec: &Record, p: &mut Picture) -> Result<(), String> {
    (p.rows, p.cols) = (1, 1);
    if p.ply > 0 && rec.moves[0].mv != "1 1" {
        return Err("the only move is 1 1".into());
    }
    Ok(())
}

const DUMMY: Entry = Entry {
    name: "dummy",
    about: "a one-stone game",
    clock_ms: None,
    making: Making::AnyTwo(dummy_match),
    draw: draw_dummy,
};

#[test]
fn a_contest_joins_through_the_registry_alone() {
    let mut registry = Registry::standard();
    assert!(registry.get("dummy").is_err());
    registry.register(DUMMY);
    assert_eq!(registry.entries().len(), 6);

    let req = MatchRequest {
        a: "greedy".into(),
        b: Some("random".into()),
        seed: 7,
        games: 6,
        ..MatchRequest::default()
    };
    let players = |spec: &str, _: &[String]| -> Result<(Contestant, String), String> {
        match spec {
            "greedy" => Ok((Contestant::Greedy, "greedy".into())),
            "random" => Ok((Contestant::Random, "random".into())),
            other => Err(format!("no player {other}")),
        }
    };
    let m = registry.make_match("dummy", &req, &players).unwrap();
    let cfg = MatchConfig {
        games: 6,
        jobs: 1,
        sprt: None,
        record: None,
        resume: false,
        progress: false,
        shard: None,
    };
    let report = runner::play(&cfg, m.as_ref(), true).unwrap();
    // The first to move wins: A, which swaps seats every game, wins half.
    let t = report.tally()[0];
    assert_eq!((t.wins, t.draws, t.losses), (3, 0, 3));

    // Its records draw through its own entry; the standard registry does not know it.
    let rec = &report.records[0];
    assert_eq!(registry.picture(rec, 1).unwrap().rows, 1);
    assert!(Registry::standard().picture(rec, 1).is_err());
    // What it refuses, it refuses in its own words; a judge-only option is the registry's.
    let boards = MatchRequest {
        boards: Some("boards.txt".into()),
        ..req.clone()
    };
    let err = registry
        .make_match("dummy", &boards, &players)
        .err()
        .unwrap();
    assert!(
        err.contains("dummy games start from an empty board"),
        "{err}"
    );
    let clocks = MatchRequest {
        a_clock_ms: Some(100),
        ..req
    };
    let err = registry
        .make_match("dummy", &clocks, &players)
        .err()
        .unwrap();
    assert!(err.contains("no whole-game clock"), "{err}");
}
