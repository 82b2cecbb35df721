//! Match statistics: the Elo difference with its 95% interval, the likelihood of superiority,
//! and the sequential probability ratio test (SPRT) that stops a match once it has decided.
//!
//! The formulas are the ones cutechess-cli, fastchess and fishtest use with the logistic Elo
//! model: a score `s` (wins plus half the draws, over the games) is `-400·log10(1/s − 1)` Elo;
//! the interval comes from the per-game variance of the score (trinomial: win 1, draw ½,
//! loss 0) by the normal approximation; LOS is `½·(1 + erf((W − L)/√(2(W + L))))`; the SPRT is
//! the generalised SPRT of Michel Van den Bergh ("A practical introduction to the GSPRT",
//! fishtest), `LLR ≈ N·(s1 − s0)·(2·s̄ − s0 − s1) / (2·σ²)`, with the Wald bounds
//! `ln(β/(1−α))` and `ln((1−β)/α)`.

/// Wins, draws and losses from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost (over the board or by a fault).
    pub losses: usize,
}

impl Wdl {
    /// A tally.
    pub fn new(wins: usize, draws: usize, losses: usize) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Games in all.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game in 0..=1 (`None` without games).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// The variance of one game's score around the mean (`None` without games).
    pub fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = self.games() as f64;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }
}

impl std::ops::AddAssign for Wdl {
    fn add_assign(&mut self, o: Wdl) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }
}

/// The Elo difference of a score in 0..=1 (±∞ at the ends): `-400·log10(1/s − 1)`.
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of an Elo difference: `1 / (1 + 10^(−elo/400))`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
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
    let t = Wdl::new(wins, draws, losses);
    let (Some(s), Some(var)) = (t.score(), t.variance()) else {
        return Elo {
            elo: 0.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    };
    let n = t.games() as f64;
    if s >= 1.0 || s <= 0.0 {
        let bound = 0.025f64.powf(1.0 / n);
        return if s >= 1.0 {
            Elo {
                elo: f64::INFINITY,
                low: elo_of_score(bound),
                high: f64::INFINITY,
            }
        } else {
            Elo {
                elo: f64::NEG_INFINITY,
                low: f64::NEG_INFINITY,
                high: elo_of_score(1.0 - bound),
            }
        };
    }
    let se = (var / n).sqrt();
    Elo {
        elo: elo_of_score(s),
        low: elo_of_score(s - 1.96 * se),
        high: elo_of_score(s + 1.96 * se),
    }
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}

/// One line: `W/D/L w/d/l, Elo +x (95%: +lo … +hi)`.
pub fn elo_line(wins: usize, draws: usize, losses: usize) -> String {
    let e = elo(wins, draws, losses);
    format!(
        "W/D/L {wins}/{draws}/{losses}, Elo {} (95%: {} … {})",
        signed(e.elo),
        signed(e.low),
        signed(e.high)
    )
}

/// Elo with the half-width of its interval, `+35 ± 20` (`+inf` when one side won everything).
pub fn elo_short(t: Wdl) -> String {
    let e = elo(t.wins, t.draws, t.losses);
    if e.elo.is_finite() && e.low.is_finite() && e.high.is_finite() {
        format!("{} ± {:.0}", signed(e.elo), (e.high - e.low) / 2.0)
    } else {
        signed(e.elo)
    }
}

/// The error function, by Abramowitz and Stegun 7.1.26 (absolute error below 1.5·10⁻⁷).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// The likelihood of superiority, in 0..=1: the probability that the first player is the
/// stronger, from its wins and losses (draws carry no information):
/// `½·(1 + erf((W − L)/√(2(W + L))))`; ½ without decisive games.
pub fn los(t: Wdl) -> f64 {
    let decisive = (t.wins + t.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
}

/// A sequential probability ratio test of H0 "the Elo difference is `elo0`" against H1 "it is
/// `elo1`", with false-positive rate `alpha` and false-negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1 (above `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first player is at least `elo1` stronger (to the test's error rates).
    H1,
    /// H0 accepted: it is not more than `elo0` stronger.
    H0,
    /// Not decided yet.
    Continue,
}

impl Sprt {
    /// The test of the command line's `ELO0 ELO1 [ALPHA [BETA]]`, checked.
    ///
    /// # Errors
    /// Fewer than two or more than four numbers, or values [`Sprt::validate`] refuses.
    pub fn from_args(v: &[f64]) -> Result<Sprt, String> {
        let usage = || "--sprt takes ELO0 ELO1 [ALPHA BETA]".to_string();
        let (&elo0, &elo1) = (v.first().ok_or_else(usage)?, v.get(1).ok_or_else(usage)?);
        let mut t = Sprt::new(elo0, elo1);
        match v[2..] {
            [] => {}
            [a] => t.alpha = a,
            [a, b] => (t.alpha, t.beta) = (a, b),
            _ => return Err(usage()),
        }
        t.validate()?;
        Ok(t)
    }

    /// A test with the usual 5% error rates.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// Checks the parameters: elo0 < elo1, both finite, 0 < alpha, beta < 0.5.
    pub fn validate(&self) -> Result<(), String> {
        if !(self.elo0.is_finite() && self.elo1.is_finite() && self.elo0 < self.elo1) {
            return Err(format!(
                "SPRT needs finite elo0 < elo1 (got {} and {})",
                self.elo0, self.elo1
            ));
        }
        for (name, p) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("SPRT {name} must be in (0, 0.5), got {p}"));
            }
        }
        Ok(())
    }

    /// The lower (accept H0) and upper (accept H1) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the games so far (GSPRT, trinomial, logistic Elo); 0 without
    /// games. A result that has not occurred yet counts as half a game: without that, a match
    /// of nothing but wins has no variance and the approximation never decides (or, with
    /// fishtest's 0.001, decides after one game); with it, straight wins against a much
    /// weaker player accept H1 (0, 100) after 6 games, where the exact SPRT without draws
    /// needs 12. Counts of one or more are used as they are.
    pub fn llr(&self, t: Wdl) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        let [w, d, l] = [t.wins, t.draws, t.losses].map(|x| (x as f64).max(0.5));
        let n = w + d + l;
        let s = (w + 0.5 * d) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict for the games so far.
    pub fn verdict(&self, t: Wdl) -> Verdict {
        let llr = self.llr(t);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_estimates_and_intervals() {
        let even = elo(50, 0, 50);
        assert!(even.elo.abs() < 1e-9);
        assert!(even.low < -60.0 && even.high > 60.0);
        // 75% score: -400·log10(1/3) = +190.85.
        let e = elo(75, 0, 25);
        assert!((e.elo - 190.85).abs() < 0.01, "{e:?}");
        // Variance 0.1875, se = sqrt(0.1875/100) = 0.0433: scores 0.6651 and 0.8349.
        assert!((e.low - elo_of_score(0.75 - 1.96 * 0.043301)).abs() < 0.1);
        assert!((e.low - 119.21).abs() < 0.05, "{e:?}");
        assert!((e.high - 281.52).abs() < 0.05, "{e:?}");
        // More games, narrower interval.
        let big = elo(750, 0, 250);
        assert!(big.high - big.low < e.high - e.low);
        // All won: infinite estimate, the exact binomial bound 0.025^(1/100) = 0.963783 below.
        let all = elo(100, 0, 0);
        assert!(all.elo.is_infinite() && all.low.is_finite());
        assert!((all.low - elo_of_score(0.963_783)).abs() < 0.05, "{all:?}");
        assert!(elo(1000, 0, 0).low > all.low);
        assert_eq!(elo_line(3, 1, 0).split(',').next(), Some("W/D/L 3/1/0"));
        assert_eq!(score_of_elo(0.0), 0.5);
        assert!((score_of_elo(elo_of_score(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn los_matches_hand_computed_values() {
        assert_eq!(los(Wdl::new(0, 10, 0)), 0.5);
        assert!((los(Wdl::new(30, 5, 30)) - 0.5).abs() < 1e-7);
        // (60 − 40)/√200 = 1.41421; erf = 0.954500; LOS = 0.977250.
        assert!((los(Wdl::new(60, 0, 40)) - 0.977_250).abs() < 1e-6);
        // (60 − 20)/√160 = 3.16228; LOS = 0.999996.
        assert!((los(Wdl::new(60, 20, 20)) - 0.999_996).abs() < 1e-6);
        assert!((los(Wdl::new(40, 0, 60)) - (1.0 - 0.977_250)).abs() < 1e-6);
        assert!((erf(0.5) - 0.520_499_9).abs() < 2e-7);
    }

    #[test]
    fn sprt_llr_matches_hand_computed_values() {
        let t = Sprt::new(0.0, 10.0);
        // N = 100, s̄ = 0.7, σ² = 0.16, s0 = 0.5, s1 = 0.514387:
        // 100 · 0.014387 · (1.4 − 1.014387) / 0.32 = 1.73371.
        assert!((t.llr(Wdl::new(60, 20, 20)) - 1.733_713).abs() < 1e-5);
        assert_eq!(t.verdict(Wdl::new(60, 20, 20)), Verdict::Continue);
        // N = 120, s̄ = 0.41667: −0.776067.
        assert!((t.llr(Wdl::new(40, 20, 60)) + 0.776_067).abs() < 1e-5);
        // A score halfway between s0 and s1 carries no evidence either way.
        assert!(Sprt::new(-5.0, 5.0).llr(Wdl::new(30, 40, 30)).abs() < 1e-12);
        let (low, high) = t.bounds();
        assert!((low + 2.944_439).abs() < 1e-6 && (high - 2.944_439).abs() < 1e-6);
        // Lopsided results decide quickly; the LLR grows with the games at a fixed score.
        assert_eq!(t.verdict(Wdl::new(90, 5, 5)), Verdict::H1);
        assert_eq!(t.verdict(Wdl::new(5, 5, 90)), Verdict::H0);
        assert!(t.llr(Wdl::new(120, 40, 40)) > t.llr(Wdl::new(60, 20, 20)));
        // All wins: counted as 20, 0.5, 0.5 — s̄ = 0.964286, σ² = 0.028491, s1 = 0.640065:
        // LLR 40.709. Five straight wins are not enough (2.895), six are (4.068).
        let wide = Sprt::new(0.0, 100.0);
        assert!((wide.llr(Wdl::new(20, 0, 0)) - 40.7086).abs() < 1e-3);
        assert_eq!(wide.verdict(Wdl::new(5, 0, 0)), Verdict::Continue);
        assert_eq!(wide.verdict(Wdl::new(6, 0, 0)), Verdict::H1);
        assert!((wide.llr(Wdl::new(0, 0, 6)) + 5.8330).abs() < 1e-3);
        assert_eq!(t.llr(Wdl::default()), 0.0);
        assert!(Sprt::new(5.0, 0.0).validate().is_err());
        assert!(Sprt {
            alpha: 0.7,
            ..Sprt::new(0.0, 5.0)
        }
        .validate()
        .is_err());
        assert!(t.validate().is_ok());
    }
}
