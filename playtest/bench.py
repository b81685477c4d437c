"""`make bench`: games per second and memory, per process and on all cores.

Speed targets are checked here, never in timed tests. Run: `python -m playtest.bench [--quick]`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playtest import rng
from playtest._build import COMPILED, compiled, stale
from playtest.games import game_names, get_game
from playtest.sim.batch import RunConfig, run_batch
from playtest.sim.runner import batch_gc, play_game
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parent.parent


def games_per_second(variant_path: str, bots: str, players: int, seconds: float) -> tuple[float, int]:
    """Games/s in this process, playing games back to back (events recorded, as in a run)."""
    variant = load_variant(variant_path)
    spec = get_game(variant.game)
    rules = spec.make_rules(variant.model)
    lineup = [bots] * players
    n, started = 0, time.perf_counter()
    with batch_gc():  # as `simulate` plays its chunks
        while True:
            seat_bots = [spec.make_bot(b, rules, s) for s, b in enumerate(lineup)]
            play_game(rules, seat_bots, n_players=players, deal_rng=rng.stream(0, n, rng.DEAL),
                      bot_rngs=[rng.stream(0, n, rng.bot_stream(s)) for s in range(players)])
            n += 1
            elapsed = time.perf_counter() - started
            if elapsed >= seconds:
                return n / elapsed, n


def all_cores(variant_path: str, bots: str, players: int, n: int) -> float:
    """Games/s of a whole `simulate` run (Parquet written) on every core."""
    variant = load_variant(variant_path)
    with tempfile.TemporaryDirectory() as tmp:
        config = RunConfig(n_games=n, players=players, lineup=(bots,) * players, seed=1, workers=0)
        result = run_batch(variant, config, Path(tmp))
    return n / result.seconds


def peak_rss_mb(n: int) -> float:
    """Peak memory (MB) of a fresh process simulating n random 4-player Stargate games."""
    code = (
        "import resource, tempfile, pathlib\n"
        "from playtest.variants import load_variant\n"
        "from playtest.sim.batch import RunConfig, run_batch\n"
        f"v = load_variant({str(ROOT / 'variants/stargate/draft5.yaml')!r})\n"
        "with tempfile.TemporaryDirectory() as t:\n"
        f"    run_batch(v, RunConfig(n_games={n}, players=4, lineup=('random',)*4, seed=1, workers=1), pathlib.Path(t))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="Shorter measurements.")
    parser.add_argument("--json", type=Path, help="Also write the rows as JSON here.")
    args = parser.parse_args()
    secs = 2.0 if args.quick else 6.0
    done = compiled()
    print(f"build: {len(done)} of {len(COMPILED)} hot-path modules compiled with mypyc"
          + ("" if len(done) == len(COMPILED) else
             f" (plain Python: {', '.join(m for m in COMPILED if m not in done)}; see README, Speed)"))
    if stale():
        print(f"warning: {', '.join(stale())} changed after compiling: run `make venv` first", file=sys.stderr)
    rows = []
    for name in game_names():  # each game's own part (GameSpec.bench), the plugins' too
        spec = get_game(name)
        if spec.bench is not None:
            rows.extend(spec.bench(secs))
    print(f"{'game':<18}{'bots':<12}{'players':>8}{'procs':>7}{'games/s':>12}{'target/proc':>13}  verdict")
    for r in rows:
        target = r.get("target_per_process")
        verdict = "" if target is None else ("meets target" if r["games_per_s"] >= target else
                                             f"BELOW target ({r['games_per_s'] / target:.0%})")
        print(f"{r['game']:<18}{r['bots']:<12}{r['players']:>8}{r['processes']:>7}{r['games_per_s']:>12.1f}"
              f"{'' if target is None else target:>13}  {verdict}")
    print("(all-core rows are whole `simulate` runs: process start-up and Parquet writing included;"
          " figures vary with other load on the machine)")
    small, large = (2000, 8000) if not args.quick else (500, 2000)
    mem = {n: peak_rss_mb(n) for n in (small, large)}
    print(f"peak memory, random stargate run: {small} games {mem[small]:.0f} MB, "
          f"{large} games {mem[large]:.0f} MB (flat in N when these are close)")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "peak_rss_mb": mem}, indent=2))


if __name__ == "__main__":
    main()
