//! The match runner every contest shares: games on worker threads, a live progress bar with the
//! running score and Elo, records appended as games finish, resuming from a record file, an
//! SPRT that stops the match once it has decided, shards of a match for many machines, and the
//! final report (the table, the time line, the contest's own lines) — also of records merged
//! from many files ([`merge`]).

use crate::contest::Contest;
use crate::record::{self, Cause, Outcome, Record};
use crate::stats::{self, Sprt, Verdict, Wdl};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
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
    /// Play only this shard's games.
    pub shard: Option<Shard>,
}

/// Share `index` (1-based) of `count` shards of a match: the pairs of games (2p, 2p + 1, which
/// share a seed) with `p % count == index − 1`. The shards of a match together play each of
/// its games once; `arena report` merges their records into the match's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 1..=count.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// Whether game `k` is this shard's.
    pub fn holds(&self, k: usize) -> bool {
        (k / 2) % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N` with 1 ≤ K ≤ N (e.g. `2/3`).
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("shard {s:?} is not K/N with 1 <= K <= N");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
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
    /// The whole-game clocks of A and B in ms, where the contest has them (for the time line).
    pub clock_ms: Option<[u64; 2]>,
    /// Lines only this contest prints ([`Contest::summary`]).
    pub notes: Vec<String>,
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
pub(crate) fn wdl_a(r: &Record) -> Wdl {
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
    let todo: Vec<usize> = (0..cfg.games)
        .filter(|k| !done.contains(k) && cfg.shard.is_none_or(|s| s.holds(*k)))
        .collect();
    let total = todo.len() + resumed;
    let bar = if cfg.progress {
        ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr())
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
        clock_ms: None,
        notes: Vec::new(),
    })
}

/// Plays the match `contest` describes under `cfg` (see [`run`]): a line per game unless
/// `quiet`, and the report with the contest's clock and its own summary lines.
///
/// Errors: as [`run`].
pub fn play(cfg: &MatchConfig, contest: &dyn Contest, quiet: bool) -> Result<MatchReport, String> {
    if cfg.sprt.is_some() && cfg.shard.is_some() {
        return Err(
            "--sprt decides on the whole match: play the shards without it and give it to \
             `arena report`"
                .into(),
        );
    }
    let [a, b] = contest.names();
    let mut report = run(
        cfg,
        contest.name(),
        (a, b),
        |k| contest.game(k),
        |r| (!quiet).then(|| game_line(r)),
    )?;
    report.clock_ms = contest.clocks_ms();
    report.notes = contest.summary(&report.records);
    Ok(report)
}

/// The report of a match played in pieces (shards, or runs on several machines): the records
/// of `files` (JSON Lines, `arena match --record`) merged by game number, with an SPRT over all
/// of them if given. The table is the one the unsplit match would print. `judge_clock_ms`
/// gives a contest's clock for records older than the clocks they now carry (the registry's
/// `clock_ms`).
///
/// Errors: a file that cannot be read, records of different contests or players, the same game
/// in two files, or no game at all.
pub fn merge(
    files: &[PathBuf],
    sprt: Option<Sprt>,
    judge_clock_ms: &dyn Fn(&str) -> Option<u64>,
) -> Result<MatchReport, String> {
    let mut records: Vec<Record> = Vec::new();
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    for path in files {
        for r in record::read(path)? {
            if let Some(first) = records.first() {
                if r.contest != first.contest {
                    return Err(format!(
                        "{}: game {} is {}, the first file's are {}",
                        path.display(),
                        r.game,
                        r.contest,
                        first.contest
                    ));
                }
                if r.a_and_b() != first.a_and_b() {
                    return Err(format!(
                        "{}: game {} is between {:?}, the first file's between {:?}",
                        path.display(),
                        r.game,
                        r.a_and_b(),
                        first.a_and_b()
                    ));
                }
            }
            if let Some(other) = seen.insert(r.game, path) {
                return Err(format!(
                    "game {} is in both {} and {}",
                    r.game,
                    other.display(),
                    path.display()
                ));
            }
            records.push(r);
        }
    }
    let first = records.first().ok_or("no game in the record files")?;
    let (a, b) = first.a_and_b();
    let (a, b) = (a.to_string(), b.to_string());
    // The clocks the records carry (by seat), as A's and B's; the judge's for older records.
    let clock_ms = match first.clock_ms {
        Some(c) => Some([c[first.a_seat], c[1 - first.a_seat]]),
        None => judge_clock_ms(&first.contest).map(|c| [c, c]),
    };
    records.sort_by_key(|r| r.game);
    let t = tally(&records)[0];
    let sprt = match sprt {
        Some(s) => {
            s.validate()?;
            Some((s, s.verdict(t), s.llr(t)))
        }
        None => None,
    };
    Ok(MatchReport {
        a,
        b,
        resumed: records.len(),
        records,
        sprt,
        elapsed: Duration::ZERO,
        clock_ms,
        notes: Vec::new(),
    })
}

/// One line for a finished game, from A's side; the moves follow when A did not win.
pub fn game_line(r: &Record) -> String {
    let result = match r.outcome_a() {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "LOSS",
    };
    let ms = |seat: usize| -> u64 { r.seat_ms(seat).sum() };
    let mut line = format!(
        "game {:>4} seed {}: A {} {result} ({}) in {} moves; A thought {} ms, B {} ms",
        r.game,
        r.seed,
        if r.a_seat == 0 { "first " } else { "second" },
        r.reason,
        r.moves.len(),
        ms(r.a_seat),
        ms(1 - r.a_seat),
    );
    if r.outcome_a() != Outcome::Win {
        let moves: Vec<&str> = r.moves.iter().map(|m| m.mv.as_str()).collect();
        line.push_str(&format!("\n  moves: {}", moves.join(", ")));
    }
    line
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

impl MatchReport {
    /// A's and B's most thinking in one game, slowest move and mean time a move, in ms (and as
    /// a share of the contest's clock, where it has one).
    pub fn time_line(&self) -> String {
        let mut most = [(0u64, 0usize); 2];
        let mut slowest = [0u64; 2];
        let mut sum = [(0u64, 0u64); 2];
        for r in &self.records {
            for seat in 0..2 {
                let who = usize::from(seat != r.a_seat);
                let times: Vec<u64> = r.seat_ms(seat).collect();
                let total: u64 = times.iter().sum();
                if total > most[who].0 {
                    most[who] = (total, r.game);
                }
                slowest[who] = slowest[who].max(times.iter().copied().max().unwrap_or(0));
                sum[who].0 += total;
                sum[who].1 += times.len() as u64;
            }
        }
        let of = |who: usize, t: u64| {
            self.clock_ms.map_or(String::new(), |c| {
                format!(" of {} ({:.0}%)", c[who], 100.0 * t as f64 / c[who] as f64)
            })
        };
        let mean = |who: usize| sum[who].0 as f64 / sum[who].1.max(1) as f64;
        format!(
            "time: A most in one game {} ms{} (game {}), slowest move {} ms, mean {:.1} ms; B most {} ms{}, slowest move {} ms, mean {:.1} ms",
            most[0].0,
            of(0, most[0].0),
            most[0].1,
            slowest[0],
            mean(0),
            most[1].0,
            of(1, most[1].0),
            slowest[1],
            mean(1)
        )
    }

    /// The report without its last line (games played and wall time): what a match and the
    /// merge of its shards have in common.
    pub fn table(&self) -> String {
        let mut out = String::new();
        self.write_table(&mut out).expect("writing to a String");
        out
    }

    fn write_table(&self, f: &mut impl fmt::Write) -> fmt::Result {
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
        if let Some([a, b]) = self.clock_ms {
            writeln!(f, "clocks: A {a} ms, B {b} ms")?;
        }
        writeln!(f, "{}", self.time_line())?;
        for note in &self.notes {
            writeln!(f, "{note}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MatchReport {
    /// [`MatchReport::table`], then the games played (and taken from files) and the wall time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_table(f)?;
        write!(
            f,
            "{} games ({} resumed) in {:.1} s",
            self.records.len(),
            self.resumed,
            self.elapsed.as_secs_f64()
        )
    }
}

/// The line that opens a match: games, contest, players, seeds, shard, jobs.
pub fn announce(cfg: &MatchConfig, contest: &dyn Contest, seed: u64) -> String {
    let [a, b] = contest.names();
    let shard = cfg
        .shard
        .map_or(String::new(), |s| format!(", shard {s} of the games"));
    format!(
        "arena: {} {} games, A = {a}, B = {b}, seeds from {seed}{shard}, {} at once",
        cfg.games,
        contest.name(),
        cfg.jobs
    )
}

/// A round robin: every two of `players` play a match of `cfg` made by `make` (seats swapping,
/// seeds from `seed`), and the crosstable of the results ([`crosstable`]).
///
/// # Errors
/// A match that cannot be made or played.
pub fn round_robin(
    players: &[(crate::Contestant, String)],
    seed: u64,
    cfg: &MatchConfig,
    quiet: bool,
    make: &dyn Fn(crate::contest::Pairing) -> Result<Box<dyn Contest>, String>,
) -> Result<String, String> {
    let n = players.len();
    let mut table = vec![vec![None::<Wdl>; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&players[i], &players[j]);
            eprintln!("arena: {} vs {}", a.1, b.1);
            let pairing = crate::contest::Pairing {
                a: a.clone(),
                b: b.clone(),
                seed,
                a_seat: None,
                clocks_ms: None,
            };
            let report = play(cfg, make(pairing)?.as_ref(), quiet)?;
            let t = report.tally()[0];
            table[i][j] = Some(t);
            table[j][i] = Some(t.flipped());
        }
    }
    let names: Vec<&str> = players.iter().map(|p| p.1.as_str()).collect();
    Ok(crosstable(&names, &table))
}

/// The crosstable: each row a player, its points against each column (of the games played),
/// then its total, score and Elo against the field, best first.
pub fn crosstable(names: &[&str], table: &[Vec<Option<Wdl>>]) -> String {
    let n = names.len();
    let totals: Vec<Wdl> = (0..n)
        .map(|i| {
            let mut t = Wdl::default();
            for cell in table[i].iter().flatten() {
                t += *cell;
            }
            t
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| {
        totals[y]
            .score()
            .unwrap_or(0.0)
            .total_cmp(&totals[x].score().unwrap_or(0.0))
    });
    let width = names.iter().map(|s| s.len()).max().unwrap_or(4).min(40);
    let mut out = format!("{:>3} {:<width$}", "#", "player");
    for k in 0..n {
        out.push_str(&format!(" {:>9}", k + 1));
    }
    out.push_str(&format!(" {:>9} {:>7} {:>12}\n", "points", "score", "Elo"));
    for (rank, &i) in order.iter().enumerate() {
        let name: String = names[i].chars().take(width).collect();
        out.push_str(&format!("{:>3} {:<width$}", rank + 1, name));
        for &j in &order {
            let cell = match &table[i][j] {
                Some(t) => format!("{}/{}", t.wins as f64 + 0.5 * t.draws as f64, t.games()),
                None => "-".into(),
            };
            out.push_str(&format!(" {cell:>9}"));
        }
        let t = totals[i];
        out.push_str(&format!(
            " {:>9} {:>6.1}% {:>12}\n",
            t.wins as f64 + 0.5 * t.draws as f64,
            100.0 * t.score().unwrap_or(0.0),
            stats::elo_short(t)
        ));
    }
    out
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
            clock_ms: None,
            seated: None,
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
