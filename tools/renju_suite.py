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

def speed(brain, ms):
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    send = lambda line: (p.stdin.write(line + "\n"), p.stdin.flush())
    send("START 15")
    send("INFO rule 4")
    assert p.stdout.readline().strip().upper() == "OK"
    total_nodes, total_ms = 0, 0
    for line in sys.stdin:
        if line.startswith("#") or not line.strip():
            continue
        moves = [tuple(map(int, m.split(","))) for m in line.split("|")[0].split()]
        me = len(moves) % 2
        send(f"INFO timeout_turn {ms}")
        send("INFO time_left 1000000")
        send("BOARD")
        for i, (r, c) in enumerate(moves):
            send(f"{c - 1},{r - 1},{1 if i % 2 == me else 2}")
        send("DONE")
        last = None
        while True:
            out = p.stdout.readline().strip()
            if re.fullmatch(r"\d+,\d+", out):
                break
            if "Node" in out and "Speed" in out:
                last = out
        f = dict(re.findall(r"(Speed|Depth|Node|Time) ([^ |]+)", last or ""))
        nodes, t = count(f.get("Node", "0")), int(f.get("Time", "0ms").rstrip("ms"))
        total_nodes, total_ms = total_nodes + nodes, total_ms + t
        print(f"{len(moves):3} stones: depth {f.get('Depth', '?')}, {nodes:9} nodes, speed {f.get('Speed', '?')}")
    print(f"total: {total_nodes} nodes in {total_ms / 1000:.1f} s, {total_nodes * 1000 / max(total_ms, 1):.0f} nodes/s")
    send("END")

def main():
    if sys.argv[2] == "--speed":
        return speed(sys.argv[1], int(sys.argv[3]))
    brain, files = sys.argv[1], sys.argv[2:]
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def answer():
        """The brain's next move line, and the last mate length it printed before it."""
        mate = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("the brain exited")
            line = line.strip()
            m = re.search(r"Eval ([+-]?M\d+|[+-]?\d+)", line)
            if line.startswith("MESSAGE") and m:
                mate = m.group(1) if m.group(1).startswith("+M") else None
            elif re.fullmatch(r"\d+,\d+", line):
                return line, mate
            elif line.upper() == "OK":
                continue

    send("START 15")
    send("INFO rule 4")
    assert p.stdout.readline().strip().upper() == "OK"
    seen = set()
    for path in files:
        for rec in map(json.loads, open(path)):
            moves = [tuple(int(v) for v in m["mv"].split()) for m in rec["moves"]]
            # The last position is over (a five) or the game stopped: positions before it.
            for n in range(6, len(moves)):
                key = tuple(moves[:n])
                if key in seen:
                    continue
                seen.add(key)
                me = n % 2
                send("INFO timeout_turn 1000")
                send("INFO time_left 1000000")
                send("BOARD")
                for i, (r, c) in enumerate(moves[:n]):
                    send(f"{c - 1},{r - 1},{1 if i % 2 == me else 2}")
                send("DONE")
                mv, mate = answer()
                if mate:
                    c, r = map(int, mv.split(","))
                    line = " ".join(f"{r},{c}" for r, c in moves[:n])
                    side = "black" if me == 0 else "white"
                    print(f"{line} | {side} {mate[1:]} {r + 1},{c + 1}", flush=True)
    send("END")

if __name__ == "__main__":
    main()
