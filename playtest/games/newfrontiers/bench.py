"""New Frontiers speed for `make bench`: 4-player games per second (random, greedy) and peak memory.

Run alone: `python -m playtest.games.newfrontiers.bench [seconds]`.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BASE = str(ROOT / "variants" / "new-frontiers" / "base.yaml")
TARGETS = {"random": 1000, "greedy": 50}


def bench(seconds: float) -> list[dict]:
    """Rows (game, bots, players, processes, games_per_s, target_per_process, games): games played
    back to back in this process with events recorded, as `simulate` plays them."""
    from playtest.bench import games_per_second

    rows: list[dict] = []
    for bots in ("random", "greedy"):
        rate, n = games_per_second(BASE, bots, 4, seconds)
        rows.append({"game": "newfrontiers base", "bots": bots, "players": 4, "processes": 1,
                     "games_per_s": round(rate, 1), "target_per_process": TARGETS[bots], "games": n})
    return rows


def peak_rss_mb(n: int) -> float:
    """Peak memory (MB) of a fresh process simulating n random 4-player games (Parquet written)."""
    code = (
        "import resource, tempfile, pathlib\n"
        "from playtest.variants import load_variant\n"
        "from playtest.sim.batch import RunConfig, run_batch\n"
        f"v = load_variant({BASE!r})\n"
        "with tempfile.TemporaryDirectory() as t:\n"
        f"    run_batch(v, RunConfig(n_games={n}, players=4, lineup=('random',)*4, seed=1, workers=1), pathlib.Path(t))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def main(argv: list[str] | None = None) -> None:
    """`python -m playtest.games.newfrontiers.bench [seconds]`; a bad argument is one usage line
    (docs/speed.md runs it with 6; `--help` was a ValueError traceback)."""
    parser = argparse.ArgumentParser(prog="python -m playtest.games.newfrontiers.bench",
                                     description="New Frontiers games per second (random, greedy) and peak memory.")
    parser.add_argument("seconds", nargs="?", type=_seconds, default=6.0,
                        help="how long to play each line-up (default: %(default)s)")
    secs = parser.parse_args(argv).seconds
    for row in bench(secs):
        print(row)
    # Both sizes span several 500-game chunks: a one-chunk run skips most of the final merge's
    # transient (polars' streaming sink, ~+70 MB), so 300 against 1,200 games showed a step, not growth.
    # And both lie past a rise of unknown cause up to about 8,000 games (2026-12-02, one run each:
    # 215 / 256 / 275 / 308 / 304 MB at 1,000 / 2,000 / 4,000 / 8,000 / 16,000 games; not the
    # rules' Profile memo, which fills within ~100 games at ~2 MB). docs/speed.md.
    small, large = 8000, 16000
    print(f"peak memory, random run: {small} games {peak_rss_mb(small):.0f} MB, {large} games "
          f"{peak_rss_mb(large):.0f} MB")


if __name__ == "__main__":
    main()
