//! Every case of `tests/data/renju-forbidden-cases.json` (a copy of the project's shared data), against the crate and against the
//! reference written from the RIF definitions in `tests/common`.

mod common;

use renju_rules::{Board, Color, Direction, Point};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/renju-forbidden-cases.json"
    );
    let text = std::fs::read_to_string(path).expect("the shared test data");
    let v: Value = serde_json::from_str(&text).expect("valid JSON");
    v["cases"].as_array().expect("cases").clone()
}

/// The case's [x, y] (x = column, y = row) as a point.
fn point(v: &Value) -> Point {
    let a = v.as_array().expect("[x, y]");
    Point::new(
        a[1].as_u64().unwrap() as usize,
        a[0].as_u64().unwrap() as usize,
    )
    .unwrap()
}

fn normalise(kind: &str) -> String {
    kind.chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_lowercase()
}

fn board_of(case: &Value) -> (Board, common::Grid) {
    let mut b = Board::new();
    let mut g = [[0u8; 15]; 15];
    for (key, color, code) in [("black", Color::Black, 1), ("white", Color::White, 2)] {
        for p in case[key].as_array().unwrap() {
            let p = point(p);
            b.put_unchecked(p, color);
            g[p.row as usize][p.col as usize] = code;
        }
    }
    (b, g)
}

#[test]
fn every_shared_case_holds() {
    let all = cases();
    assert!(all.len() >= 70);
    let mut checked = 0;
    for case in &all {
        let name = format!("{} {}", case["source"], case["name"]);
        let (board, grid) = board_of(case);
        let kinds = case["kinds"].as_object();
        if let Some(full) = case["full_set"].as_array() {
            let mut want: Vec<Point> = full.iter().map(point).collect();
            want.sort();
            let got: Vec<Point> = board.forbidden_points().iter().map(|&(p, _)| p).collect();
            assert_eq!(got, want, "{name}: full set\n{board}");
            let reference: Vec<Point> = common::forbidden_set(&grid)
                .iter()
                .map(|&((r, c), _)| Point::new(r as usize, c as usize).unwrap())
                .collect();
            assert_eq!(reference, want, "{name}: the reference's full set");
            checked += 1;
        }
        if let Some(kinds) = kinds {
            for (key, kind) in kinds {
                let xy: Vec<usize> = key.split(',').map(|t| t.trim().parse().unwrap()).collect();
                let p = Point::new(xy[1], xy[0]).unwrap();
                let got = board.forbidden(p).map(|f| f.name());
                assert_eq!(
                    got.map(normalise),
                    Some(normalise(kind.as_str().unwrap())),
                    "{name}: kind at {key}"
                );
            }
        }
        for check in case["checks"].as_array().into_iter().flatten() {
            let p = point(&check["p"]);
            let want = check["forbidden"].as_bool().unwrap();
            let got = board.forbidden(p);
            assert_eq!(
                got.is_some(),
                want,
                "{name}: point {p:?} ({got:?})\n{board}"
            );
            let mut g = grid;
            let reference = common::forbidden(&mut g, p.row as i32, p.col as i32);
            assert_eq!(reference.is_some(), want, "{name}: the reference at {p:?}");
            // For points that are not forbidden the kind only describes the shape ("four").
            if let (true, Some(kind)) = (want, check["kind"].as_str()) {
                assert_eq!(
                    got.map(|f| normalise(f.name())),
                    Some(normalise(kind)),
                    "{name}: kind"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 70, "{checked} checks");
}

/// `Board::five`: five in a row wins for either color, six only for White, four for nobody.
#[test]
fn five_on_the_board() {
    let row = |color: Color, len: i32| {
        let mut board = Board::new();
        let start: Point = "c8".parse().unwrap();
        for k in 0..len {
            board.put_unchecked(start.step(Direction::ALL[0], k).unwrap(), color);
        }
        board.five()
    };
    assert_eq!(row(Color::Black, 4), None);
    assert_eq!(row(Color::Black, 5), Some(Color::Black));
    assert_eq!(row(Color::Black, 6), None, "a Black overline is no five");
    assert_eq!(row(Color::White, 6), Some(Color::White));
    assert_eq!(Board::new().five(), None);
}
