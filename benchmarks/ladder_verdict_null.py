"""How often the ladder's verdict claims a direction between two rungs of equal strength.

    python -m benchmarks.ladder_verdict_null [--reps 4000] [--games 20 40 100]

Pairings of synthetic 4-player games (two seats each, seats rotating; each side wins half the
games; totals follow the ranks), as tests/ladder/test_skill_statistics.pair_sample builds them;
the share of pairings whose strength_verdict is anything but "not measurably stronger", split
into claims on wins and claims on score. The verdict reads two intervals (win gap, score gap);
at 97.5% each the share should stay at or below 5%.
"""

from __future__ import annotations

import argparse

from playtest.ladder import strength
from playtest.ladder.result import strength_verdict
from tests.ladder.test_skill_statistics import pair_sample


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=4000)
    ap.add_argument("--games", type=int, nargs="+", default=[20, 40, 100])
    args = ap.parse_args()
    for n in args.games:
        wins = score = 0
        for s in range(args.reps):
            verdict = strength_verdict(strength.head_to_head(pair_sample(1000 + s, n, 0.5), "low", "up"))
            if not verdict.startswith("not measurably"):
                score += "score" in verdict
                wins += "score" not in verdict
        print(f"{n:4d} games: false direction {(wins + score) / args.reps:.2%} "
              f"(on wins {wins / args.reps:.2%}, on score {score / args.reps:.2%}) of {args.reps} pairings")


if __name__ == "__main__":
    main()
