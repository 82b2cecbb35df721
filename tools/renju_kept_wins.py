#!/usr/bin/env python3
"""Judges the engine's moves in won positions: whether each keeps the win.

Reads on stdin the lines `cargo run --release -p renju --example tactical_suite -- MS --file
SUITE --moves` prints (a suite position's moves in the ALPHANO judge's form, `|`, Rapfi's mate
length `M<n>`, the engine's move, Rapfi's move), plays the engine's move and asks a Gomocup brain
(Rapfi, built outside this repository) for the reply with `INFO timeout_turn MS`: the move keeps
the win when the brain's last `MESSAGE ... Eval` line is a mate against it (`-M<n>`), or when it
is Rapfi's own move. Prints one line per position and then `kept K of N`.

    cargo run --release -p renju --example tactical_suite -- 1500 \\
        --file crates/renju/tests/data/missed-wins.txt --moves > moves.txt
    python3 tools/renju_kept_wins.py /path/to/pbrain-rapfi 1000 < moves.txt
"""
import sys

from renju_suite import Brain, last_eval, suite_moves


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    brain, ms = Brain(sys.argv[1]), int(sys.argv[2])
    kept = total = 0
    for line in sys.stdin:
        if "|" not in line or line.startswith("#"):
            continue
        mate, ours, rapfi = line.split("|")[1].split()[:3]
        if ours == rapfi:
            verdict = "Rapfi's move"
        else:
            move = tuple(map(int, ours.split(",")))
            _, messages = brain.ask(suite_moves(line) + [move], ms)
            verdict = last_eval(messages) or "no eval"
        keeps = verdict == "Rapfi's move" or verdict.startswith("-M")
        total += 1
        kept += keeps
        print(mate, ours, rapfi, verdict, "kept" if keeps else "lost", flush=True)
    brain.end()
    print(f"kept {kept} of {total}")


if __name__ == "__main__":
    main()
