"""Games/s of two source trees measured interleaved, so that both see the same load on a shared
machine: `rounds` slices, alternating which tree goes first, each slice a fresh process playing
games back to back (events recorded, as `simulate` plays them) for `seconds` of its own CPU
time. Games per CPU-second is the rate compared: on a machine shared by many processes, the
wall-clock share of each slice swings by several times within seconds, its CPU time much less
(the wall-clock ratio is printed too). Each slice
continues the game numbers where that tree's previous slice stopped, so both trees play the same
games. Process start-up and imports are not timed.

    python benchmarks/ab_speed.py BEFORE_DIR AFTER_DIR [--variant V] [--bots random] [--players 4]
        [--rounds 6] [--seconds 5]

BEFORE_DIR, AFTER_DIR: folders holding a `playtest` package (e.g. `git archive COMMIT playtest |
tar -x -C /tmp/before`); the rate of each, and after ÷ before of the summed rates.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SLICE = r"""
import json, sys, time
import playtest
from playtest import rng
from playtest.games import get_game
from playtest.sim.runner import batch_gc, play_game
from playtest.variants import load_variant
variant, bots, players, first, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
v = load_variant(variant)
spec = get_game(v.game)
rules = spec.make_rules(v.model)
n, started, cpu_started = 0, time.perf_counter(), time.process_time()
with batch_gc():
    while True:
        g = first + n
        seat_bots = [spec.make_bot(bots, rules, s) for s in range(players)]
        play_game(rules, seat_bots, n_players=players, deal_rng=rng.stream(0, g, rng.DEAL),
                  bot_rngs=[rng.stream(0, g, rng.bot_stream(s)) for s in range(players)])
        n += 1
        cpu = time.process_time() - cpu_started
        if cpu >= seconds:
            break
print(json.dumps({"games": n, "cpu": cpu, "seconds": time.perf_counter() - started, "package": playtest.__file__}))
"""


def run_slice(tree: Path, variant: str, bots: str, players: int, first: int, seconds: float) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}  # run from "/": the current folder would come first
    out = subprocess.run([sys.executable, "-c", SLICE, variant, bots, str(players), str(first), str(seconds)],
                         env=env, cwd="/", check=True, capture_output=True, text=True)
    row = json.loads(out.stdout.strip().splitlines()[-1])
    if not row["package"].startswith(str(tree)):
        raise SystemExit(f"{tree}: imported {row['package']} instead")
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--variant", type=Path, default=ROOT / "variants/new-frontiers/base.yaml",
                    help="variant file (a relative path is read from the current folder; the slices run in /)")
    ap.add_argument("--bots", default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    if not args.variant.is_file():
        ap.error(f"--variant: no such file: {args.variant}")
    variant = str(args.variant.resolve())
    done = {k: [0, 0.0, 0.0] for k in trees}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for k in order:
            row = run_slice(trees[k], variant, args.bots, args.players, done[k][0], args.seconds)
            done[k][0] += row["games"]
            done[k][1] += row["cpu"]
            done[k][2] += row["seconds"]
    rate = {k: done[k][0] / done[k][1] for k in trees}
    wall = {k: done[k][0] / done[k][2] for k in trees}
    print(json.dumps({"bots": args.bots, "players": args.players,
                      "before_games_per_cpu_s": round(rate["before"], 1), "after_games_per_cpu_s": round(rate["after"], 1),
                      "ratio": round(rate["after"] / rate["before"], 3),
                      "wall_ratio": round(wall["after"] / wall["before"], 3),
                      "before_games": done["before"][0], "after_games": done["after"][0]}))


if __name__ == "__main__":
    main()
