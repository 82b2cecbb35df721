#!/usr/bin/env python3
"""Builds the Renju tactical suite (crates/renju/tests/data/rapfi-suite.txt) from arena records.

For every position of every game in the given `arena match alphano-renju --record` files (from
the 7th stone on, the game not yet over), asks a Gomocup brain (Rapfi, built outside this
repository) for its move with `INFO timeout_turn 1000`, and keeps the positions where its last
`MESSAGE ... Eval +M<n>` line before the answer proves a forced win for the side to move.

    python3 tools/renju_suite.py /path/to/pbrain-rapfi records.jsonl ... > suite.txt

With `--speed MS` instead of record files, it reads positions in the suite's format on stdin and
prints the brain's last `Depth`, `Node` and `Speed` figures after `MS` ms on each (the
counterpart of `cargo run --release -p renju --example speed -- MS`):

    head -n 23 crates/renju/tests/data/rapfi-suite.txt | python3 tools/renju_suite.py /path/to/pbrain-rapfi --speed 1000

Output, one position a line: the moves so far in the ALPHANO judge's form (`row,col`, 1-based),
then `|`, the side to move (`black`/`white`), Rapfi's mate length as it prints it (`M<n>`) and its
move (`row,col`).
"""
import json
import re
import subprocess
import sys

def count(text):
    """A Rapfi count: `712K` is 712,000, `1.5M` 1,500,000."""
    scale = {"K": 1e3, "M": 1e6, "G": 1e9}.get(text[-1:], 1)
    return int(float(text.rstrip("KMG")) * scale)

class Brain:
    """A Gomocup brain set up for renju (`START 15`, `INFO rule 4`), run with `args`."""

    def __init__(self, path, args=()):
        self.p = subprocess.Popen([path, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("START 15")
        self.send("INFO rule 4")
        assert self.p.stdout.readline().strip().upper() == "OK"

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, moves, ms, time_left=None):
        """Its move (`col,row`) after `moves` (judge form, 1-based) with `ms` ms, and the
        MESSAGE lines it printed before it. With `time_left`, `ms` is the whole game clock
        (`INFO timeout_match` and `timeout_turn`, as the ALPHANO judge sends them) of which
        `time_left` ms are left."""
        me = len(moves) % 2
        if time_left is not None:
            self.send(f"INFO timeout_match {ms}")
        self.send(f"INFO timeout_turn {ms}")
        self.send(f"INFO time_left {1000000 if time_left is None else time_left}")
        self.send("BOARD")
        for i, (r, c) in enumerate(moves):
            self.send(f"{c - 1},{r - 1},{1 if i % 2 == me else 2}")
        self.send("DONE")
        messages = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the brain exited")
            line = line.strip()
            if re.fullmatch(r"\d+,\d+", line):
                return line, messages
            if line.startswith("MESSAGE"):
                messages.append(line)

    def end(self):
        self.send("END")

def answer_point(answer):
    """A brain's answer (`col,row`, from 0) as a move in the judge's form, `(row, col)` from 1."""
    col, row = (int(v) + 1 for v in answer.split(","))
    return row, col

def split_brain_args(args):
    """`args` split into the words after each `--arg` (a brain's own command line) and the
    others, in their order."""
    ours = [args[i + 1] for i in range(len(args) - 1) if args[i] == "--arg"]
    rest = [a for i, a in enumerate(args) if a != "--arg" and (i == 0 or args[i - 1] != "--arg")]
    return ours, rest

def suite_moves(line):
    """The moves of a suite line (judge form `row,col`)."""
    return [tuple(map(int, m.split(","))) for m in line.split("|")[0].split()]

def suite_cells(moves):
    """`moves` (judge form `(row, col)`) as a suite line's moves, what `suite_moves` reads."""
    return " ".join(f"{r},{c}" for r, c in moves)

def speed(brain, ms):
    total_nodes, total_ms = 0, 0
    for line in sys.stdin:
        if line.startswith("#") or not line.strip():
            continue
        moves = suite_moves(line)
        _, messages = brain.ask(moves, ms)
        last = next((m for m in reversed(messages) if "Node" in m and "Speed" in m), "")
        f = dict(re.findall(r"(Speed|Depth|Node|Time) ([^ |]+)", last))
        nodes, t = count(f.get("Node", "0")), int(f.get("Time", "0ms").rstrip("ms"))
        total_nodes, total_ms = total_nodes + nodes, total_ms + t
        print(f"{len(moves):3} stones: depth {f.get('Depth', '?')}, {nodes:9} nodes, speed {f.get('Speed', '?')}")
    print(f"total: {total_nodes} nodes in {total_ms / 1000:.1f} s, {total_nodes * 1000 / max(total_ms, 1):.0f} nodes/s")

def suite(brain, files):
    seen = set()
    for path in files:
        for rec in map(json.loads, open(path)):
            moves = record_moves(rec)
            # The last position is over (a five) or the game stopped: positions before it.
            for n in range(6, len(moves)):
                if tuple(moves[:n]) in seen:
                    continue
                seen.add(tuple(moves[:n]))
                mv, messages = brain.ask(moves[:n], 1000)
                e = last_eval(messages)
                if e and e.startswith("+M"):
                    r, c = answer_point(mv)
                    line = suite_cells(moves[:n])
                    side = "black" if n % 2 == 0 else "white"
                    print(f"{line} | {side} {e[1:]} {r},{c}", flush=True)

EVAL = re.compile(r"Eval ([+-]?M\d+|[+-]?\d+)")

def last_eval(messages):
    """The last `Eval` a brain printed among its `messages` (`+M23`, `-M8`, `-140`, ...: for
    the side to move, a mate written with `M`), or None when it printed none."""
    evals = [m.group(1) for m in map(EVAL.search, messages) if m]
    return evals[-1] if evals else None

def record_moves(record):
    """The moves of an `arena match --record` game, in the judge's form `(row, col)`."""
    return [tuple(int(v) for v in m["mv"].split()) for m in record["moves"]]

def brain_ms_part_files(doc):
    """The command line `BRAIN MS [--part K/N] FILE...` of the record-reading tools: the
    brain's path, the ms a position, K and N (0 and 1 without `--part`), the record files;
    with fewer than three arguments, exits with `doc`."""
    args = sys.argv[1:]
    if len(args) < 3:
        raise SystemExit(doc)
    brain_path, ms, files = args[0], int(args[1]), args[2:]
    part, parts = 0, 1
    if files and files[0] == "--part":
        part, parts = map(int, files[1].split("/"))
        files = files[2:]
    return brain_path, ms, part, parts, files

def main():
    brain = Brain(sys.argv[1])
    if sys.argv[2] == "--speed":
        speed(brain, int(sys.argv[3]))
    else:
        suite(brain, sys.argv[2:])
    brain.end()

if __name__ == "__main__":
    main()
