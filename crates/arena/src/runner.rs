//! The match runner every contest shares: games on worker threads, a live progress bar with the
//! running score and Elo, records appended as games finish, resuming from a record file, an
//! SPRT that stops the match once it has decided, and the final table.

use crate::record::{self, Cause, Outcome, Record};
use crate::stats::{self, Sprt, Verdict, Wdl};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How to run a match.
#[derive(Clone, Debug, Default)]
pub struct MatchConfig {
    /// Games in the match (game k = 0, 1, …; even games: A moves first).
    pub games: usize,
    /// Games played at once (at least 1).
    pub jobs: usize,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
    /// Append each finished game to this JSON Lines file.
    pub record: Option<PathBuf>,
    /// Continue the match of `record`: its games are counted, not replayed. Without it an
    /// existing record file is an error (nothing is overwritten).
    pub resume: bool,
    /// Draw the progress bar (on stderr, when it is a terminal).
    pub progress: bool,
}

/// A finished (or stopped) match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// Every game, by game number (resumed ones included).
    pub records: Vec<Record>,
    /// Games taken from the record file rather than played.
    pub resumed: usize,
    /// The SPRT, its verdict and its log-likelihood ratio when it decided (else the last), if
    /// one ran.
    pub sprt: Option<(Sprt, Verdict, f64)>,
    /// Wall time of this run.
    pub elapsed: Duration,
}

/// A's results: all games, as first mover, as second mover.
pub fn tally(records: &[Record]) -> [Wdl; 3] {
    let mut t = [Wdl::default(); 3];
    for r in records {
        let one = wdl_a(r);
        t[0] += one;
        t[1 + r.a_seat.min(1)] += one;
    }
    t
}

/// One game as A's win, draw or loss.
fn wdl_a(r: &Record) -> Wdl {
    match r.outcome_a() {
        Outcome::Win => Wdl::new(1, 0, 0),
        Outcome::Draw => Wdl::new(0, 1, 0),
        Outcome::Loss => Wdl::new(0, 0, 1),
    }
}

fn status(t: Wdl, sprt: Option<&Sprt>) -> String {
    let mut s = format!(
        "A +{} ={} -{}  {:.1}%  Elo {}",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score().unwrap_or(0.5),
        stats::elo_short(t)
    );
    if let Some(test) = sprt {
        s.push_str(&format!("  LLR {:.2}", test.llr(t)));
    }
    s
}

/// Plays games `0..cfg.games` with `play` on `cfg.jobs` threads (skipping the ones a resumed
/// record file already holds), printing `line(record)` for each finished game above the
/// progress bar, appending records to `cfg.record`, and stopping early when the SPRT decides
/// (games under way are finished and counted). `a` and `b` name the players for the table.
///
/// Errors: the record file cannot be created, read, written, or holds another contest's games.
pub fn run(
    cfg: &MatchConfig,
    contest: &str,
    names: (&str, &str),
    play: impl Fn(usize) -> Record + Sync,
    line: impl Fn(&Record) -> Option<String>,
) -> Result<MatchReport, String> {
    if let Some(t) = &cfg.sprt {
        t.validate()?;
    }
    let started = Instant::now();
    let mut records: Vec<Record> = Vec::new();
    let mut out = None;
    if let Some(path) = &cfg.record {
        if path.exists() {
            if !cfg.resume {
                return Err(format!(
                    "{} exists: pass --resume to continue its match, or remove it",
                    path.display()
                ));
            }
            records = record::read(path)?;
            if let Some(r) = records.iter().find(|r| r.contest != contest) {
                return Err(format!(
                    "{} holds {} games, not {contest}",
                    path.display(),
                    r.contest
                ));
            }
            records.retain(|r| r.game < cfg.games);
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        out = Some((path.clone(), std::io::BufWriter::new(file)));
    }
    let done: HashSet<usize> = records.iter().map(|r| r.game).collect();
    let resumed = records.len();
    let todo: Vec<usize> = (0..cfg.games).filter(|k| !done.contains(k)).collect();
    let bar = if cfg.progress {
        ProgressBar::with_draw_target(Some(cfg.games as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed} < {eta}]")
            .expect("a valid template"),
    );
    bar.set_position(resumed as u64);
    let mut score = tally(&records)[0];
    bar.set_message(status(score, cfg.sprt.as_ref()));
    // The SPRT's verdict and LLR when it first decided: the games still under way then are
    // counted in the table but do not reopen the test.
    let decide = |t: Wdl| {
        cfg.sprt
            .as_ref()
            .map(|s| (s.verdict(t), s.llr(t)))
            .filter(|(v, _)| *v != Verdict::Continue)
    };
    let mut decision = decide(score);
    let stop = AtomicBool::new(decision.is_some());
    let next = AtomicUsize::new(0);
    // A rendezvous channel: a worker hands its game over before it starts another, so a stop
    // (SPRT, a write error) overshoots by at most one game a worker.
    let (tx, rx) = mpsc::sync_channel::<Record>(0);
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1) {
            let tx = tx.clone();
            let (next, play, todo, stop) = (&next, &play, &todo, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&k) = todo.get(i) else { break };
                if tx.send(play(k)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for rec in rx {
            if let Some(l) = line(&rec) {
                // (Above the bar when it is drawn; plain stdout when it is hidden.)
                bar.suspend(|| println!("{l}"));
            }
            if let Some((path, w)) = &mut out {
                if let Err(e) = record::append(w, &rec) {
                    write_error.get_or_insert(format!("cannot write {}: {e}", path.display()));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            score += wdl_a(&rec);
            records.push(rec);
            bar.inc(1);
            bar.set_message(status(score, cfg.sprt.as_ref()));
            if decision.is_none() {
                decision = decide(score);
                if decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    records.sort_by_key(|r| r.game);
    let sprt = cfg.sprt.map(|s| {
        let (verdict, llr) = decision.unwrap_or((Verdict::Continue, s.llr(score)));
        (s, verdict, llr)
    });
    Ok(MatchReport {
        a: names.0.to_string(),
        b: names.1.to_string(),
        records,
        resumed,
        sprt,
        elapsed: started.elapsed(),
    })
}

impl MatchReport {
    /// A's results: all games, as first mover, as second mover.
    pub fn tally(&self) -> [Wdl; 3] {
        tally(&self.records)
    }

    /// Faults by player (0: A, 1: B) and cause, with the first game showing each.
    pub fn failures(&self) -> BTreeMap<(usize, Cause), (usize, usize, String)> {
        let mut out = BTreeMap::new();
        for r in &self.records {
            if let Some(f) = &r.failure {
                let who = usize::from(f.seat != r.a_seat);
                let e = out
                    .entry((who, f.cause))
                    .or_insert((0, r.game, f.detail.clone()));
                e.0 += 1;
            }
        }
        out
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [all, first, second] = self.tally();
        writeln!(f, "A = {}, B = {}", self.a, self.b)?;
        writeln!(
            f,
            "{:<14} {:>6} {:>6} {:>6} {:>6} {:>7}",
            "A", "games", "wins", "draws", "losses", "score"
        )?;
        for (name, t) in [
            ("moving first", first),
            ("moving second", second),
            ("total", all),
        ] {
            writeln!(
                f,
                "{:<14} {:>6} {:>6} {:>6} {:>6} {:>6.1}%",
                name,
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score().unwrap_or(0.0)
            )?;
        }
        writeln!(
            f,
            "{}, LOS {:.1}%",
            stats::elo_line(all.wins, all.draws, all.losses),
            100.0 * stats::los(all)
        )?;
        if let Some((s, verdict, llr)) = &self.sprt {
            let (low, high) = s.bounds();
            writeln!(
                f,
                "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {llr:.2} of ({low:.2}, {high:.2}): {}",
                s.elo0,
                s.elo1,
                s.alpha,
                s.beta,
                match verdict {
                    Verdict::H1 => "H1 accepted (A is stronger by elo1 or more)",
                    Verdict::H0 => "H0 accepted (A is not stronger by more than elo0)",
                    Verdict::Continue => "undecided",
                }
            )?;
        }
        let failures = self.failures();
        if failures.is_empty() {
            writeln!(f, "failures: none")?;
        } else {
            writeln!(f, "failures:")?;
            for ((who, cause), (n, game, detail)) in &failures {
                writeln!(
                    f,
                    "  {} {}: {n} (first: game {game}: {detail})",
                    ["A", "B"][*who],
                    cause.name()
                )?;
            }
        }
        write!(
            f,
            "{} games ({} resumed) in {:.1} s",
            self.records.len(),
            self.resumed,
            self.elapsed.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Failure, TimedMove};

    /// A game A wins when `k % 4 != 3`, with a clock fault by B in game 5.
    fn fake(k: usize) -> Record {
        let a_seat = k % 2;
        let a_wins = k % 4 != 3;
        Record {
            contest: "test".into(),
            game: k,
            seed: k as i64,
            opening: None,
            players: if a_seat == 0 {
                ["a".into(), "b".into()]
            } else {
                ["b".into(), "a".into()]
            },
            a_seat,
            moves: vec![TimedMove {
                mv: "1 1".into(),
                ms: Some(1),
            }],
            winner: Some(if a_wins { a_seat } else { 1 - a_seat }),
            reason: "test".into(),
            failure: (k == 5).then(|| Failure {
                seat: 1 - a_seat,
                cause: Cause::Clock,
                detail: "slow".into(),
            }),
        }
    }

    fn config(games: usize) -> MatchConfig {
        MatchConfig {
            games,
            jobs: 2,
            ..MatchConfig::default()
        }
    }

    #[test]
    fn plays_every_game_and_tallies_by_side() {
        let report = run(&config(8), "test", ("a", "b"), fake, |_| None).unwrap();
        assert_eq!(
            report.records.iter().map(|r| r.game).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>()
        );
        let [all, first, second] = report.tally();
        assert_eq!(all, Wdl::new(6, 0, 2));
        assert_eq!(first, Wdl::new(4, 0, 0));
        assert_eq!(second, Wdl::new(2, 0, 2));
        let f = report.failures();
        assert_eq!(f.len(), 1);
        assert_eq!(f[&(1, Cause::Clock)].0, 1);
        let text = report.to_string();
        assert!(text.contains("B clock: 1"), "{text}");
        assert!(text.contains("W/D/L 6/0/2"), "{text}");
    }

    #[test]
    fn sprt_stops_a_lopsided_match_early() {
        let cfg = MatchConfig {
            sprt: Some(Sprt::new(0.0, 50.0)),
            ..config(10_000)
        };
        let report = run(&cfg, "test", ("a", "b"), fake, |_| None).unwrap();
        let (_, verdict, llr) = report.sprt.unwrap();
        assert_eq!(verdict, Verdict::H1);
        assert!(llr >= Sprt::new(0.0, 50.0).bounds().1);
        assert!(report.records.len() < 500, "{}", report.records.len());
    }

    #[test]
    fn a_match_resumes_from_its_record_file() {
        let dir = std::env::temp_dir().join(format!("arena-runner-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.jsonl");
        let _ = std::fs::remove_file(&path);
        let cfg = MatchConfig {
            record: Some(path.clone()),
            ..config(4)
        };
        run(&cfg, "test", ("a", "b"), fake, |_| None).unwrap();
        // Without --resume an existing file is refused.
        assert!(run(&cfg, "test", ("a", "b"), fake, |_| None).is_err());
        // Another contest's file is refused.
        let other = MatchConfig {
            resume: true,
            ..cfg.clone()
        };
        assert!(run(&other, "renju", ("a", "b"), fake, |_| None).is_err());
        // Resuming to 6 games plays only games 4 and 5.
        let played = AtomicUsize::new(0);
        let more = MatchConfig {
            games: 6,
            resume: true,
            ..cfg.clone()
        };
        let report = run(
            &more,
            "test",
            ("a", "b"),
            |k| {
                played.fetch_add(1, Ordering::Relaxed);
                assert!(k >= 4);
                fake(k)
            },
            |_| None,
        )
        .unwrap();
        assert_eq!(played.load(Ordering::Relaxed), 2);
        assert_eq!(report.resumed, 4);
        assert_eq!(report.records.len(), 6);
        assert_eq!(record::read(&path).unwrap().len(), 6);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
