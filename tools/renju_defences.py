#!/usr/bin/env python3
"""Judges the engine's defences: in positions where it once let Black win, does it still?

For each position (the tactical suite's format, `moves | ...`, White to move; e.g.
`crates/renju/tests/data/missed-defences.txt`), asks our brain for its move with `INFO
timeout_turn OURS_MS`, then asks a Gomocup judge brain (Rapfi, built outside this repository),
started afresh for each position so that no table carries over, for its move after ours with
`JUDGE_MS`. Our move is lost when the judge's last `MESSAGE ... Eval` line is a mate for it (the
opponent, `+M<n>`). Prints one line per position and then `lost L of N`: fewer is better.

    python3 tools/renju_defences.py /path/to/pbrain-rapfi target/release/pbrain-plyforge \\
        1000 1000 crates/renju/tests/data/missed-defences.txt --arg --renju --arg white_lmr=1

With `--time-left MS` our brain gets the game clock as in a match instead: `INFO timeout_match`
and `timeout_turn` OURS_MS (give the whole clock, 20000, as the ALPHANO judge does) and `INFO
time_left MS`, so that it plans its share of the clock and may spend more than a share where
it checks its move (`verify_move`). `--time-left 8000` gives a share of about a second.

Run no more of them at once than cores: each keeps one core busy (its brains take turns).
"""
import sys

from renju_suite import Brain, answer_point, last_eval, split_brain_args, suite_moves


def main():
    args = sys.argv[1:]
    if len(args) < 5:
        raise SystemExit(__doc__)
    judge_path, ours_path, ours_ms, judge_ms, positions = args[:5]
    ours_args, rest = split_brain_args(args[5:])
    time_left = None
    if "--time-left" in rest:
        time_left = int(rest[rest.index("--time-left") + 1])
    ours = Brain(ours_path, ours_args)
    lost = total = 0
    for line in open(positions):
        if not line.strip() or line.startswith("#"):
            continue
        moves = suite_moves(line)
        answer, _ = ours.ask(moves, int(ours_ms), time_left)
        mv = answer_point(answer)
        judge = Brain(judge_path)
        _, messages = judge.ask(moves + [mv], int(judge_ms))
        judge.end()
        e = last_eval(messages) or "?"
        bad = e.lstrip("+").startswith("M")
        lost += bad
        total += 1
        print(f"{len(moves)} stones: ours {mv[0]},{mv[1]}, judge's eval after it {e}"
              f"{'  LOST' if bad else ''}", flush=True)
    ours.end()
    print(f"lost {lost} of {total}")


if __name__ == "__main__":
    main()
