#!/usr/bin/env python3
"""Finds the wins our engine missed: in the games it lost in `arena match alphano-renju --record`
files, the positions with our engine to move in which a Gomocup brain (Rapfi, built outside this
repository) proves a forced win for it (its last `MESSAGE ... Eval +M<n>` line with
`INFO timeout_turn MS`). Output in the tactical suite's format (`tests/data/rapfi-suite.txt`:
the moves in the ALPHANO judge's form, `|`, the side to move, Rapfi's mate length `M<n>`, its
move), for `cargo run --release -p renju --example tactical_suite -- 1000 --file OUT`; on
stderr, one line per lost game with the plies at which the win was there.

    python3 tools/renju_missed.py /path/to/pbrain-rapfi 300 records.jsonl ... > missed.txt

Our engine's seat is the player whose name does not contain `rapfi`. `--part K/N` (before the
files) reads only the lost games whose running number is K modulo N, so that N processes share
the work (their outputs are concatenated).
"""
import json
import sys

from renju_suite import Brain, answer_point, last_eval, brain_ms_part_files, record_moves, suite_cells


def main():
    brain_path, ms, part, parts, files = brain_ms_part_files(__doc__)
    brain = Brain(brain_path)
    lost = 0
    for path in files:
        for gi, line in enumerate(open(path)):
            record = json.loads(line)
            ours = [i for i, p in enumerate(record["players"]) if "rapfi" not in p]
            if len(ours) != 1 or record["winner"] in (None, ours[0]):
                continue
            lost += 1
            if lost % parts != part:
                continue
            moves = record_moves(record)
            missed = []
            for n in range(4, len(moves)):
                if n % 2 != ours[0]:
                    continue
                answer, messages = brain.ask(moves[:n], ms)
                e = last_eval(messages)
                if not e or not e.lstrip("+").startswith("M"):
                    continue
                row, col = answer_point(answer)
                side = "black" if n % 2 == 0 else "white"
                cells = suite_cells(moves[:n])
                print(f"{cells} | {side} {e.lstrip('+')} {row},{col}", flush=True)
                missed.append(n)
            print(f"{path} game {gi}: won at plies {missed}", file=sys.stderr, flush=True)
    brain.end()


if __name__ == "__main__":
    main()
