#!/usr/bin/env python3
"""Builds the Renju tactical suite (crates/renju/tests/data/rapfi-suite.txt) from arena records.

For every position of every game in the given `arena match alphano-renju --record` files (from
the 7th stone on, the game not yet over), asks a Gomocup brain (Rapfi, built outside this
repository) for its move with `INFO timeout_turn 1000`, and keeps the positions where its last
`MESSAGE ... Eval +M<n>` line before the answer proves a forced win for the side to move.

    python3 tools/renju_suite.py /path/to/pbrain-rapfi records.jsonl ... > suite.txt

Output, one position a line: the moves so far in the ALPHANO judge's form (`row,col`, 1-based),
then `|`, the side to move (`black`/`white`), Rapfi's mate length as it prints it (`M<n>`) and its
move (`row,col`).
"""
import json
import re
import subprocess
import sys

def main():
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
