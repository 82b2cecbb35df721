//! Match summaries: results per colour, plies to win, time per move, failures by cause.

use crate::kattis_loa::{Failure, GameOutcome, GameRecord};
use loa::Color;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// Results of the bot playing one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColorTally {
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games drawn (no legal move, or the ply limit).
    pub draws: usize,
    /// Games lost over the board.
    pub losses: usize,
    /// Games lost on a technicality.
    pub failures: usize,
    /// Plies of each won game.
    pub win_plies: Vec<u32>,
}

impl ColorTally {
    /// Mean plies of the won games.
    pub fn mean_win_plies(&self) -> Option<f64> {
        (!self.win_plies.is_empty()).then(|| {
            self.win_plies.iter().map(|&p| f64::from(p)).sum::<f64>() / self.win_plies.len() as f64
        })
    }

    /// Most plies any won game took.
    pub fn max_win_plies(&self) -> Option<u32> {
        self.win_plies.iter().copied().max()
    }
}

/// A whole match of the bot against the Kattis LOA judge.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Playing Black.
    pub black: ColorTally,
    /// Playing White.
    pub white: ColorTally,
    /// Number of bot moves timed.
    pub moves: usize,
    /// Sum of the bot's move times.
    pub total_move_time: Duration,
    /// The slowest bot move and the game it was in.
    pub slowest_move: Option<(Duration, usize)>,
    /// The most thinking time the bot used in one game, and that game.
    pub most_game_time: Option<(Duration, usize)>,
    /// Failures by cause (the failure's first word) with the first game showing each.
    pub failures: BTreeMap<String, (usize, usize, String)>,
}

impl Summary {
    /// Tallies `records`.
    pub fn from_records(records: &[GameRecord]) -> Summary {
        let mut s = Summary::default();
        for r in records {
            let tally = match r.bot_color {
                Color::Black => &mut s.black,
                Color::White => &mut s.white,
            };
            tally.games += 1;
            match &r.outcome {
                GameOutcome::BotWin => {
                    tally.wins += 1;
                    tally.win_plies.push(r.plies);
                }
                GameOutcome::JudgeWin => tally.losses += 1,
                GameOutcome::DrawNoMoves | GameOutcome::DrawPlyLimit => tally.draws += 1,
                GameOutcome::Failed(f) => {
                    tally.failures += 1;
                    let cause = match f {
                        Failure::IllegalMove(_) => "illegal move",
                        Failure::Clock(_) => "clock",
                        Failure::Crash(_) => "crash",
                        Failure::Protocol(_) => "protocol",
                    };
                    let e =
                        s.failures
                            .entry(cause.to_string())
                            .or_insert((0, r.index, f.to_string()));
                    e.0 += 1;
                }
            }
            for &t in &r.bot_move_times {
                s.moves += 1;
                s.total_move_time += t;
                if s.slowest_move.is_none_or(|(m, _)| t > m) {
                    s.slowest_move = Some((t, r.index));
                }
            }
            let game_time: Duration = r.bot_move_times.iter().sum();
            if s.most_game_time.is_none_or(|(m, _)| game_time > m) {
                s.most_game_time = Some((game_time, r.index));
            }
        }
        s
    }

    /// Whether every game was won.
    pub fn all_won(&self) -> bool {
        self.black.wins == self.black.games && self.white.wins == self.white.games
    }

    /// Mean bot time per move.
    pub fn mean_move_time(&self) -> Option<Duration> {
        (self.moves > 0).then(|| self.total_move_time / self.moves as u32)
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>14} {:>14}",
            "bot as",
            "games",
            "wins",
            "draws",
            "losses",
            "fails",
            "mean win plies",
            "max win plies"
        )?;
        for (name, t) in [("black", &self.black), ("white", &self.white)] {
            writeln!(
                f,
                "{:<8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>14} {:>14}",
                name,
                t.games,
                t.wins,
                t.draws,
                t.losses,
                t.failures,
                t.mean_win_plies().map_or("-".into(), |m| format!("{m:.2}")),
                t.max_win_plies().map_or("-".into(), |m| m.to_string()),
            )?;
        }
        writeln!(
            f,
            "time per move: mean {} ms, max {} ms{}; most thinking in one game: {} ms{}",
            self.mean_move_time().map_or("-".into(), ms),
            self.slowest_move.map_or("-".into(), |(d, _)| ms(d)),
            self.slowest_move
                .map_or(String::new(), |(_, g)| format!(" (game {g})")),
            self.most_game_time.map_or("-".into(), |(d, _)| ms(d)),
            self.most_game_time
                .map_or(String::new(), |(_, g)| format!(" (game {g})")),
        )?;
        if self.failures.is_empty() {
            write!(f, "failures: none")
        } else {
            write!(f, "failures:")?;
            for (cause, (n, game, first)) in &self.failures {
                write!(f, "\n  {cause}: {n} (first: game {game}: {first})")?;
            }
            Ok(())
        }
    }
}

/// An Elo difference estimated from a match, with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Point estimate (±∞ when every game was won or lost).
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Elo difference for `wins`/`draws`/`losses` from the first player's side, with a 95% interval:
/// the normal approximation to the mean game score (trinomial variance) mapped through the
/// logistic Elo curve; when the score is 0 or 1 the interval's finite end is the exact binomial
/// bound (0.025^(1/n)).
pub fn elo(wins: usize, draws: usize, losses: usize) -> Elo {
    let n = (wins + draws + losses) as f64;
    let to_elo = |s: f64| {
        if s <= 0.0 {
            f64::NEG_INFINITY
        } else if s >= 1.0 {
            f64::INFINITY
        } else {
            -400.0 * (1.0 / s - 1.0).log10()
        }
    };
    if n == 0.0 {
        return Elo {
            elo: 0.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let s = (wins as f64 + 0.5 * draws as f64) / n;
    if s >= 1.0 || s <= 0.0 {
        let bound = 0.025f64.powf(1.0 / n);
        return if s >= 1.0 {
            Elo {
                elo: f64::INFINITY,
                low: to_elo(bound),
                high: f64::INFINITY,
            }
        } else {
            Elo {
                elo: f64::NEG_INFINITY,
                low: f64::NEG_INFINITY,
                high: to_elo(1.0 - bound),
            }
        };
    }
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    Elo {
        elo: to_elo(s),
        low: to_elo(s - 1.96 * se),
        high: to_elo(s + 1.96 * se),
    }
}

/// One line: `W/D/L w/d/l, Elo +x (95%: +lo … +hi)`.
pub fn elo_line(wins: usize, draws: usize, losses: usize) -> String {
    let e = elo(wins, draws, losses);
    let f = |x: f64| {
        if x.is_infinite() {
            if x > 0.0 { "+inf" } else { "-inf" }.to_string()
        } else {
            format!("{x:+.0}")
        }
    };
    format!(
        "W/D/L {wins}/{draws}/{losses}, Elo {} (95%: {} … {})",
        f(e.elo),
        f(e.low),
        f(e.high)
    )
}

#[cfg(test)]
mod elo_tests {
    use super::*;

    #[test]
    fn elo_estimates_and_intervals() {
        let even = elo(50, 0, 50);
        assert!(even.elo.abs() < 1e-9);
        assert!(even.low < -60.0 && even.high > 60.0);
        // 75% score is about +191 Elo.
        let e = elo(75, 0, 25);
        assert!((e.elo - 190.8).abs() < 0.5, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high);
        // More games, narrower interval.
        let big = elo(750, 0, 250);
        assert!(big.high - big.low < e.high - e.low);
        // All won: infinite estimate, finite lower bound that grows with the games.
        let all = elo(100, 0, 0);
        assert!(all.elo.is_infinite() && all.low.is_finite());
        assert!(elo(1000, 0, 0).low > all.low);
        assert_eq!(elo_line(3, 1, 0).split(',').next(), Some("W/D/L 3/1/0"));
    }
}
