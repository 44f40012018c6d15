"""The package's two speed figures, measured in one run (docs/python.md):

1. perft from Python against `towers gt perft` at the same depth, each timed
   by itself (Python's `time.perf_counter` around the call; the command
   line's own figure, which leaves out its start-up), alternating, median of
   the runs;
2. moves per second of a Python loop of random games (`legal_moves`,
   `play`, `outcome`), the loop a Python bot or trainer writes.

    python python/benchmarks/speed.py --towers target/release/towers
"""

import argparse
import random
import re
import statistics
import subprocess
import time

import guard_towers as gt


def perft_from_python(depth):
    started = time.perf_counter()
    gt.perft(gt.Position(), depth)
    return time.perf_counter() - started


def perft_from_the_command_line(towers, depth):
    shown = subprocess.run(
        [towers, "gt", "perft", str(depth)], capture_output=True, text=True, check=True
    ).stderr
    return float(re.search(r"in ([0-9.]+) s", shown).group(1))


def random_games(seconds, seed=1, cap=300):
    """Moves per second of random games from the start, capped at `cap` plies."""
    rng = random.Random(seed)
    moves = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        position = gt.Position()
        for _ in range(cap):
            if position.outcome() is not None:
                break
            position = position.play(rng.choice(position.legal_moves()))
            moves += 1
    return moves / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--towers", default="target/release/towers")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    python, command_line = [], []
    for _ in range(args.runs):
        python.append(perft_from_python(args.depth))
        command_line.append(perft_from_the_command_line(args.towers, args.depth))
    ours, theirs = statistics.median(python), statistics.median(command_line)
    print(
        f"perft {args.depth}: Python {ours:.3f} s, towers gt perft {theirs:.3f} s "
        f"(medians of {args.runs}): {ours / theirs:.2f}x"
    )
    print(f"random games from Python: {random_games(args.seconds):,.0f} moves/s")


if __name__ == "__main__":
    main()
