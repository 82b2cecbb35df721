//! `domineering-solve`: who wins a standard Domineering position with perfect play.
//!
//! ```text
//! domineering-solve --to-move h|v [--rows R --cols C] [--table-bits B] [--threads T] [--cgt N] [--place-weight W] [--place-min-empty E] [--loss-test on|off] [< board]
//! domineering-solve --class        [--rows R --cols C] [--table-bits B] [--threads T] [--cgt N] [--place-weight W] [--place-min-empty E] [--loss-test on|off] [< board]
//! ```
//!
//! The position is an empty R×C board (`--rows`, `--cols`, 1..=13), or read from stdin: m lines
//! of n cells, `.` empty, `#` blocked, `-`/`|` dominoes (a `to move:` line is overridden by
//! `--to-move`), 1 ≤ m, n ≤ 13.
//!
//! With `--to-move`, one line: the winner first — `H` (horizontal dominoes, Left) or `V`
//! (vertical, Right) — then `nodes=N time_ms=T table=USED/SIZE best=R,C` (the mover's winning
//! first domino, 0-based row and column of its left/top cell; `-` when the mover loses), and
//! `first_move=P%`: of the nodes a searched move won, the share the first ordered move won.
//! With `--class`, the outcome class first — `L` (horizontal wins whoever starts), `R` (vertical
//! does), `N` (the player to move wins), `P` (the player to move loses) — then `h=W v=W` (the
//! winner with each to move), nodes, time and table use of both solves.
//!
//! `--cgt N` values mixed regions of at most N cells exactly (combinatorial game theory,
//! [`Solver::cgt_cells`]; 0 turns it off); the result line then says how many nodes the values
//! decided (`by_values=`: by their sum, `by_bounds=`: by a region's bounds beside the rest).
//!
//! `--place-weight W` sets how much the place pattern weighs in move ordering against the
//! counts ([`Solver::place_weight`], 8 by default), for tuning; `--place-min-empty E` lets it
//! weigh only while more than E cells are empty ([`Solver::place_min_empty`]; by default the
//! board's cells less 17 when both sides are at least 9, else 0). `--loss-test on|off`: whether
//! every node's static test also packs the opponent's lines to find a loss
//! ([`Solver::loss_test`], off by default).
//!
//! `--threads T` (default 1) lets a solve split work with up to T threads
//! ([`Solver::set_threads`]); nodes are then those of all threads.
//!
//! A solve longer than 5 s prints a progress line on stderr every 5 s. Errors (bad arguments, a
//! malformed board) give one line on stderr and exit 2.

use domineering::solver::Solver;
use domineering::{Board, Player};
use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: domineering-solve (--to-move h|v | --class) [--rows R --cols C] [--table-bits B] [--threads T] [--cgt N] [--place-weight W] [--place-min-empty E] [--loss-test on|off] [< board]";

/// How often the first move of the ordered list was the one that won, of the nodes a searched
/// move won: `97.5%` (`-` when none did).
fn first_move(s: &domineering::solver::Solution) -> String {
    if s.wins_by_move == 0 {
        return "-".into();
    }
    format!(
        "{:.1}%",
        100.0 * s.first_move_wins as f64 / s.wins_by_move as f64
    )
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("domineering-solve: {msg}");
    ExitCode::from(2)
}

enum Mode {
    ToMove(Player),
    Class,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut mode = None;
    let mut bits = 22u32;
    let mut threads = 1usize;
    let mut cgt = None;
    let mut place_weight = None;
    let mut place_min_empty = None;
    let mut loss_test = None;
    let (mut rows, mut cols) = (None, None);
    let mut i = 0;
    while i < args.len() {
        let (arg, value) = (args[i].as_str(), args.get(i + 1).map(String::as_str));
        let size = |v: Option<&str>| {
            v.and_then(|v| v.parse::<usize>().ok())
                .filter(|n| (1..=13).contains(n))
        };
        i += 2;
        match (arg, value) {
            ("--to-move", Some("h" | "H")) => mode = Some(Mode::ToMove(Player::Horizontal)),
            ("--to-move", Some("v" | "V")) => mode = Some(Mode::ToMove(Player::Vertical)),
            ("--class", _) => {
                mode = Some(Mode::Class);
                i -= 1;
            }
            ("--rows", v) => match size(v) {
                Some(n) => rows = Some(n),
                None => return fail(&format!("--rows {v:?}: expected 1..=13")),
            },
            ("--cols", v) => match size(v) {
                Some(n) => cols = Some(n),
                None => return fail(&format!("--cols {v:?}: expected 1..=13")),
            },
            ("--threads", Some(t)) => match t.parse() {
                Ok(t) if (1..=256).contains(&t) => threads = t,
                _ => return fail(&format!("--threads {t:?}: expected 1..=256")),
            },
            ("--cgt", Some(n)) => match n.parse() {
                Ok(n) if n <= 40 => cgt = Some(n),
                _ => return fail(&format!("--cgt {n:?}: expected 0..=40")),
            },
            ("--place-weight", Some(w)) => match w.parse() {
                Ok(w) if (0..=1000).contains(&w) => place_weight = Some(w),
                _ => return fail(&format!("--place-weight {w:?}: expected 0..=1000")),
            },
            ("--place-min-empty", Some(e)) => match e.parse() {
                Ok(e) if e <= 169 => place_min_empty = Some(e),
                _ => return fail(&format!("--place-min-empty {e:?}: expected 0..=169")),
            },
            ("--loss-test", Some("on")) => loss_test = Some(true),
            ("--loss-test", Some("off")) => loss_test = Some(false),
            ("--loss-test", v) => return fail(&format!("--loss-test {v:?}: expected on or off")),
            ("--table-bits", Some(b)) => match b.parse() {
                Ok(b) if (10..=30).contains(&b) => bits = b,
                _ => return fail(&format!("--table-bits {b:?}: expected 10..=30")),
            },
            ("-h" | "--help", _) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            (a, v) => {
                return fail(&format!(
                    "unexpected argument {a:?}{}; {USAGE}",
                    v.map(|v| format!(" {v:?}")).unwrap_or_default()
                ))
            }
        }
    }
    let Some(mode) = mode else {
        return fail(&format!("--to-move h|v or --class is required; {USAGE}"));
    };
    let mut pos = match (rows, cols) {
        (Some(r), Some(c)) => Board::new(r, c),
        (None, None) => {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                return fail(&format!("reading the board: {e}"));
            }
            match text.parse::<Board>() {
                Ok(p) => p,
                Err(e) => return fail(&format!("bad board: {e}")),
            }
        }
        _ => return fail("--rows and --cols go together"),
    };
    let mut solver = Solver::new(pos.rows(), pos.cols(), bits);
    solver.set_threads(threads);
    if let Some(n) = cgt {
        solver.cgt_cells = n;
    }
    if let Some(w) = place_weight {
        solver.place_weight = w;
    }
    if let Some(e) = place_min_empty {
        solver.place_min_empty = e;
    }
    if let Some(on) = loss_test {
        solver.loss_test = on;
    }
    solver.set_progress(Duration::from_secs(5), |nodes, elapsed| {
        eprintln!(
            "domineering-solve: {nodes} nodes in {:.0} s ({:.2} M nodes/s)",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    });
    let table = |s: &Solver| {
        let t = s.table_use();
        format!("table={}/{}", t.used, t.size)
    };
    match mode {
        Mode::ToMove(to_move) => {
            pos.set_to_move(to_move);
            let s = solver.solve(&pos).expect("no node limit was set");
            let best = if let Some(mv) = s.best {
                mv.to_string()
            } else if s.winner == to_move {
                match solver.winning_move(&pos) {
                    Ok(Some(mv)) => mv.to_string(),
                    // (The stock move of a region of the mover's own, or no limit: never.)
                    _ => "-".into(),
                }
            } else {
                "-".into()
            };
            // With --cgt, the nodes the values decided: by a sum, by a region's bounds.
            let values = match cgt {
                Some(_) => format!(" by_values={} by_bounds={}", s.by_values, s.by_bounds),
                None => String::new(),
            };
            println!(
                "{} nodes={} time_ms={} {} best={best} first_move={}{values}",
                s.winner.letter(),
                s.nodes,
                s.time.as_millis(),
                table(&solver),
                first_move(&s)
            );
        }
        Mode::Class => {
            pos.set_to_move(Player::Horizontal);
            let h = solver.solve(&pos).expect("no limit");
            pos.set_to_move(Player::Vertical);
            let v = solver.solve(&pos).expect("no limit");
            let class = match (h.winner, v.winner) {
                (Player::Horizontal, Player::Horizontal) => 'L',
                (Player::Vertical, Player::Vertical) => 'R',
                (Player::Horizontal, Player::Vertical) => 'N',
                (Player::Vertical, Player::Horizontal) => 'P',
            };
            println!(
                "{class} h={} v={} nodes={} time_ms={} {}",
                h.winner.letter(),
                v.winner.letter(),
                h.nodes + v.nodes,
                (h.time + v.time).as_millis(),
                table(&solver)
            );
        }
    }
    ExitCode::SUCCESS
}
