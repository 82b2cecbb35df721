//! The planner against the judge, in-process, on the 100 official seeds.

use gomoku::neerc::{simulate, GameResult, Planner};

fn official_seeds() -> Vec<(u32, i64)> {
    let text = include_str!("data/neerc-gomoku-seeds.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            (
                it.next().unwrap().parse().unwrap(),
                it.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn wins_every_official_seed() {
    let seeds = official_seeds();
    assert_eq!(seeds.len(), 100);
    let mut total = 0;
    let mut worst = (0, 0);
    for (test, seed) in seeds {
        let (result, moves) = simulate(seed, &mut Planner::default());
        assert_eq!(
            result,
            GameResult::WhiteWins,
            "test {test} (seed {seed}) after {moves} moves"
        );
        total += moves;
        worst = worst.max((moves, test));
    }
    eprintln!(
        "mean moves {:.2}, longest game {} moves (test {})",
        total as f64 / 100.0,
        worst.0,
        worst.1
    );
}
