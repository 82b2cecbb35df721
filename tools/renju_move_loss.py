#!/usr/bin/env python3
"""How much our engine's quiet moves lose, as a stronger engine judges them: a gauge of move
quality between matches, less noisy than a 100-game ladder.

For each position (the tactical suite's format, `moves | ...`: only the moves are read; or
`--records FILE...` to take, from `arena match alphano-renju --record` files, the positions
with Black to move from ply 4 to 24 of every game; `--records --white FILE...` those with White
to move from ply 5 to 25 of the games our engine played as White; each position once), asks our brain for its move with
`INFO timeout_turn OURS_MS` and a Gomocup judge brain (Rapfi, built outside this repository)
for its own with `JUDGE_MS`. Where the two differ, the judge evaluates (`JUDGE_MS` each) the
position after its move and the position after ours; the loss of our move is the difference
(Rapfi's `Eval`, about 200 to a logistic unit; a proved result counts as +-3000); where they
agree, the loss is 0. Prints each position's line (our move, the judge's move, the loss) and a
summary: the mean and median loss over the positions where no evaluation is a proved result,
the blunders (after our move the judge proves the opponent's win, after its own it does not),
the missed wins (after its move the judge proves our win, after ours it does not), and how
often our move was the judge's.

    python3 tools/renju_move_loss.py RAPFI OURS_BRAIN OURS_MS JUDGE_MS POSITIONS [--arg A]...
    python3 tools/renju_move_loss.py /path/to/pbrain-rapfi target/release/pbrain-plyforge \\
        1000 300 positions.txt --arg --renju --arg black_beam=16

Both brains keep their tables from one position to the next, as in a game. Run the settings to
compare on the same positions, no more runs at once than cores (a run keeps one core busy:
its two brains take turns).
"""
import json
import statistics
import sys

from renju_suite import (Brain, answer_point, last_eval, record_moves, split_brain_args,
                         suite_cells, suite_moves)

MATE = 3000


def judge_value(brain, moves, ms):
    """The judge's evaluation of `moves` for the side to move, and its move."""
    answer, messages = brain.ask(moves, ms)
    e = last_eval(messages)
    if e is None:
        return None, answer
    if "M" in e:
        return (-MATE if e.startswith("-") else MATE), answer
    return int(e), answer


def positions_of(args):
    """The positions (lists of judge-form moves) named by the command line's sources."""
    if args[0] == "--records":
        white = len(args) > 1 and args[1] == "--white"
        seen = set()
        for path in args[1 + white:]:
            for line in open(path):
                record = json.loads(line)
                if white and record.get("a_seat") != 1:
                    continue
                moves = record_moves(record)
                for n in range(4 + white, min(25 + white, len(moves)), 2):
                    if tuple(moves[:n]) not in seen:
                        seen.add(tuple(moves[:n]))
                        yield moves[:n]
    else:
        for line in open(args[0]):
            if line.strip() and not line.startswith("#"):
                yield suite_moves(line)


def main():
    args = sys.argv[1:]
    if len(args) < 5:
        raise SystemExit(__doc__)
    judge_path, ours_path, ours_ms, judge_ms = args[0], args[1], int(args[2]), int(args[3])
    rest = args[4:]
    ours_args, sources = split_brain_args(rest)
    judge, ours = Brain(judge_path), Brain(ours_path, ours_args)
    losses, same, blunders, missed, count = [], 0, 0, 0, 0
    for moves in positions_of(sources):
        judge_move, _ = judge.ask(moves, judge_ms)
        ours_move, _ = ours.ask(moves, ours_ms)
        loss = 0
        if ours_move == judge_move:
            same += 1
            losses.append(0)
        else:
            # The opponent's view after each move: more for it is a loss for us.
            theirs_j, _ = judge_value(judge, moves + [answer_point(judge_move)], judge_ms)
            theirs_o, _ = judge_value(judge, moves + [answer_point(ours_move)], judge_ms)
            if theirs_j is None or theirs_o is None:
                continue
            loss = theirs_o - theirs_j
            if abs(theirs_j) < MATE and abs(theirs_o) < MATE:
                losses.append(loss)
            blunders += theirs_o == MATE and theirs_j < MATE
            missed += theirs_j == -MATE and theirs_o > -MATE
        count += 1
        cells = suite_cells(moves)
        (row, col), (jr, jc) = answer_point(ours_move), answer_point(judge_move)
        print(f"{cells} | ours {row},{col} judge {jr},{jc} loss {loss}", flush=True)
    judge.end()
    ours.end()
    print(f"{count} positions: quiet loss mean {statistics.mean(losses or [0]):.1f}, median "
          f"{statistics.median(losses or [0]):.1f} (over {len(losses)}); blunders {blunders}, "
          f"missed wins {missed}; our move the judge's in {same}")


if __name__ == "__main__":
    main()
