"""`make bench`: games per second and memory, per process and on all cores.

Speed targets are checked here, never in timed tests. Run: `python -m playtest.bench [--quick]`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playtest import rng
from playtest._build import COMPILED, compiled, stale
from playtest.games import get_game
from playtest.sim.batch import RunConfig, default_workers, run_batch
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


def peak_rss_mb(n: int, workers: int = 1) -> float:
    """Peak memory (MB) of a fresh process simulating n random 4-player Stargate games (the
    largest of the main process and its workers)."""
    return scale_run(n, workers)["run_peak_mb"]


def scale_run(n: int, workers: int, keep: Path | None = None) -> dict[str, float]:
    """Simulate n random 4-player Stargate games in a fresh process (chunks streamed to
    Parquet), then build the run's report in another fresh process. Peak memory of each (the
    largest of the main process and its workers) and their times."""
    sim = (
        "import resource, sys, pathlib, json, time\n"
        "from playtest.variants import load_variant\n"
        "from playtest.sim.batch import RunConfig, run_batch\n"
        f"v = load_variant({str(ROOT / 'variants/stargate/draft5.yaml')!r})\n"
        f"r = run_batch(v, RunConfig(n_games={n}, players=4, lineup=('random',)*4, seed=1, workers={workers}), "
        "pathlib.Path(sys.argv[1]))\n"
        "mem = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(json.dumps({'seconds': r.seconds, 'peak_mb': mem / 1024}))\n"
    )
    rep = (
        "import resource, sys, pathlib, json, time\n"
        "from playtest.report.model import build_report\n"
        "from playtest.report.write import render\n"
        "from playtest.sim.batch import read_run\n"
        "t = time.perf_counter()\n"
        "info, games, events = read_run(pathlib.Path(sys.argv[1]))\n"
        "render(build_report(info, games, events), 'json')\n"
        "print(json.dumps({'seconds': time.perf_counter() - t, "
        "'peak_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = keep or Path(tmp) / "run"
        a = json.loads(subprocess.run([sys.executable, "-c", sim, str(run_dir)], check=True, capture_output=True,
                                      text=True).stdout.strip().splitlines()[-1])
        b = json.loads(subprocess.run([sys.executable, "-c", rep, str(run_dir)], check=True, capture_output=True,
                                      text=True).stdout.strip().splitlines()[-1])
        size = sum(f.stat().st_size for f in run_dir.iterdir()) / 1e6
    return {"games": n, "run_seconds": round(a["seconds"], 1), "run_peak_mb": round(a["peak_mb"]),
            "parquet_mb": round(size, 1), "report_seconds": round(b["seconds"], 1), "report_peak_mb": round(b["peak_mb"])}


def scale_main(sizes: list[int], workers: int) -> list[dict[str, float]]:
    rows = []
    print(f"{'games':>10}{'run s':>9}{'run peak MB':>13}{'Parquet MB':>12}{'report s':>10}{'report peak MB':>16}")
    for n in sizes:
        r = scale_run(n, workers)
        rows.append(r)
        print(f"{n:>10,}{r['run_seconds']:>9}{r['run_peak_mb']:>13}{r['parquet_mb']:>12}{r['report_seconds']:>10}"
              f"{r['report_peak_mb']:>16}", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="Shorter measurements.")
    parser.add_argument("--json", type=Path, help="Also write the rows as JSON here.")
    parser.add_argument("--scale", type=int, nargs="*", metavar="N",
                        help="Only the memory bench: peak memory and time of a run of N random games and of "
                             "its report, for each N (e.g. --scale 10000 100000 1000000).")
    args = parser.parse_args()
    if args.scale is not None:
        rows = scale_main(args.scale or [10_000, 100_000], default_workers())
        if args.json:
            args.json.write_text(json.dumps({"scale": rows}, indent=2))
        return
    secs = 2.0 if args.quick else 6.0
    cores = default_workers()
    done = compiled()
    print(f"build: {len(done)} of {len(COMPILED)} hot-path modules compiled with mypyc"
          + ("" if len(done) == len(COMPILED) else
             f" (plain Python: {', '.join(m for m in COMPILED if m not in done)}; see README, Speed)"))
    if stale():
        print(f"warning: {', '.join(stale())} changed after compiling: run `make venv` first", file=sys.stderr)
    rows = []
    stargate = str(ROOT / "variants/stargate/draft5.yaml")
    targets = {"random": 5000, "greedy": 150}
    for bots in ("random", "greedy"):
        rate, n = games_per_second(stargate, bots, 4, secs)
        rows.append({"game": "stargate draft5", "bots": bots, "players": 4, "processes": 1,
                     "games_per_s": round(rate, 1), "target_per_process": targets[bots], "games": n})
        n_all = max(400, int(rate * secs * 4))
        rows.append({"game": "stargate draft5", "bots": bots, "players": 4, "processes": cores,
                     "games_per_s": round(all_cores(stargate, bots, 4, n_all), 1),
                     "target_per_process": None, "games": n_all})
    try:
        ohseven_bench = importlib.import_module("playtest.games.ohseven.bench")
    except ModuleNotFoundError:
        ohseven_bench = None
    if ohseven_bench is not None:
        rows.extend(ohseven_bench.bench(secs))
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
