//! A match split into shards and merged by `arena report` gives the unsplit match's table.

use std::path::Path;
use std::process::Command;

fn arena(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs");
    assert!(
        out.status.success(),
        "arena {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The output without its last line (games played and wall time, or files merged).
/// The report without its last line (the games and seconds of that run) and its `time:` line
/// (milliseconds measured in that run, which a loaded machine changes: the shards are other
/// runs than the whole match).
fn table(output: &str) -> String {
    let lines: Vec<&str> = output.trim_end().lines().collect();
    lines[..lines.len() - 1]
        .iter()
        .filter(|line| !line.starts_with("time:"))
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

fn record(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

#[test]
fn three_shards_merge_into_the_unsplit_table() {
    let dir = std::env::temp_dir().join(format!("arena-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let base = [
        "match",
        "alphano-domineering",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "14",
        "--seed",
        "5",
        "--jobs",
        "2",
        "--quiet",
    ];
    let full_file = record(&dir, "full.jsonl");
    let mut full_args = base.to_vec();
    full_args.extend(["--record", &full_file]);
    let full = arena(&full_args);
    let mut shard_files = Vec::new();
    let mut counts = Vec::new();
    for k in 1..=3 {
        let file = record(&dir, &format!("shard{k}.jsonl"));
        let shard = format!("{k}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard, "--record", &file]);
        let out = arena(&args);
        counts.push(out.lines().last().unwrap().to_string());
        shard_files.push(file);
    }
    // Pairs 0..7 over 3 shards: 3, 2 and 2 pairs.
    assert!(counts[0].starts_with("6 games"), "{counts:?}");
    assert!(counts[1].starts_with("4 games") && counts[2].starts_with("4 games"));
    let mut report_args = vec!["report"];
    report_args.extend(shard_files.iter().map(String::as_str));
    let merged = arena(&report_args);
    assert_eq!(
        table(&merged),
        table(&full),
        "merged:\n{merged}\nfull:\n{full}"
    );
    assert!(merged.contains("14 games from 3 record files"), "{merged}");
    assert!(full.contains("W/D/L"), "{full}");
    // The same file twice is refused: its games would count twice.
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["report", &shard_files[0], &shard_files[0]])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("in both"));
    // An SPRT over the merged games is the unsplit match's.
    let sprt = arena(&["report", &full_file, "--sprt", "0", "50"]);
    let mut sprt_shards = vec!["report"];
    sprt_shards.extend(shard_files.iter().map(String::as_str));
    sprt_shards.extend(["--sprt", "0", "50"]);
    assert_eq!(table(&arena(&sprt_shards)), table(&sprt));
    assert!(sprt.contains("SPRT elo0 0 elo1 50"), "{sprt}");
    // A non-regression test: ELO0 negative, to `report` and to `match`.
    let sprt = arena(&["report", &full_file, "--sprt", "-20", "5"]);
    assert!(sprt.contains("SPRT elo0 -20 elo1 5"), "{sprt}");
    let mut args = base.to_vec();
    args.splice(7..8, ["2"]);
    args.extend(["--sprt", "-20", "5"]);
    let out = arena(&args);
    assert!(out.contains("SPRT elo0 -20 elo1 5"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
