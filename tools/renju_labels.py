#!/usr/bin/env python3
"""Labels the positions of arena records with a stronger engine's judgement, for the evaluation's
tuner (`cargo run --release -p renju --example tune_eval -- labels FILE`).

For every position of every game in the given `arena match alphano-renju --record` files (from the
4th stone on, each distinct position once), asks a Gomocup brain (Rapfi, built outside this
repository) for its move with `INFO timeout_turn MS` and reads its last `MESSAGE ... Eval` figure:
the side to move's expected score is sigmoid(eval / 200), a proved win 0.97 and a proved loss 0.03
(the tuner's targets stay inside the sigmoid's range). Output, one position a line: a game index
(2,000,000 + 1,000 × file + game, so that `fit` holds out whole games), the target, and the moves
in the ALPHANO judge's form (`row,col`, 1-based).

    python3 tools/renju_labels.py /path/to/pbrain-rapfi 80 records.jsonl ... > labels.txt

`--part K/N` (before the files) labels only the games whose running number is K modulo N, so that
N processes share the work (their outputs are concatenated).
"""
import json
import math

from renju_suite import Brain, last_eval, record_moves, brain_ms_part_files, suite_cells


def main():
    brain_path, ms, part, parts, files = brain_ms_part_files(__doc__)
    brain = Brain(brain_path)
    seen = set()
    count = 0
    for fi, path in enumerate(files):
        for gi, line in enumerate(open(path)):
            count += 1
            if count % parts != part:
                continue
            record = json.loads(line)
            moves = record_moves(record)
            game = 2_000_000 + fi * 1000 + gi
            for n in range(4, len(moves)):
                key = tuple(moves[:n])
                if key in seen:
                    continue
                seen.add(key)
                _, messages = brain.ask(moves[:n], ms)
                e = last_eval(messages)
                if e is None:
                    continue
                if "M" in e:
                    target = 0.03 if e.startswith("-") else 0.97
                else:
                    target = 1 / (1 + math.exp(-int(e) / 200))
                cells = suite_cells(moves[:n])
                print(game, f"{target:.4f}", cells, flush=True)
    brain.end()


if __name__ == "__main__":
    main()
