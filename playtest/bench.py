"""`make bench`: games per second and memory, per process and on all cores, and the speed of
the Stargate engine against a minimal hard-coded draft-5 engine (benchmarks/minimal_draft5.py).

Speed targets are checked here, never in timed tests. Run: `python -m playtest.bench [--quick]`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playtest import rng
from playtest.core.bots import make_bot
from playtest.games import game_names, get_game
from playtest.io import write_atomic
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
            seat_bots = [make_bot(spec, b, rules, s) for s, b in enumerate(lineup)]
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


def measured(args: list[str]) -> tuple[float, float, str]:
    """Run a command in a fresh process: (wall seconds, peak MB, its standard output). The peak
    is the kernel's ru_maxrss of that process and of every process it waited for (its workers),
    read with os.wait4 — the largest single process, not a sum."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        proc = subprocess.Popen(args, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)  # reaps it: Popen.wait would lose the usage
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:4])} ... failed:\n{err.read()}")
        text = out.read()
    return seconds, usage.ru_maxrss / 1024, text


SIMULATE = (
    "import sys, pathlib, json\n"
    "from playtest.variants import load_variant\n"
    "from playtest.sim.batch import RunConfig, run_batch\n"
    "v = load_variant(sys.argv[1])\n"
    "n, workers = int(sys.argv[3]), int(sys.argv[4])\n"
    "r = run_batch(v, RunConfig(n_games=n, players=4, lineup=('random',)*4, seed=1, workers=workers), "
    "pathlib.Path(sys.argv[2]))\n"
    "print(json.dumps({'seconds': r.seconds}))\n"
)
"""The simulation half of the scale bench: `run_batch`, as `playtest simulate` calls it (without
the command's own end-of-run report, which the report half measures)."""


def scale_simulate(n: int, workers: int, run_dir: Path) -> dict[str, float]:
    """The simulation half in a fresh process: {"seconds": run time, "peak_mb": peak memory}."""
    _, peak, out = measured([sys.executable, "-c", SIMULATE, str(ROOT / "variants/stargate/draft5.yaml"),
                             str(run_dir), str(n), str(workers)])
    return {"seconds": json.loads(out.strip().splitlines()[-1])["seconds"], "peak_mb": peak}


def scale_run(n: int, workers: int, keep: Path | None = None) -> dict[str, float]:
    """Simulate n random 4-player Stargate games in a fresh process (chunks streamed to
    Parquet), then run `playtest report RUN --format json` on it in another fresh process.
    Peak memory of each (the largest of a process and its workers) and their times.

    With `keep`, the run stays in keep/run-<n> with its simulation figures in
    keep/run-<n>.json, and a later call with the same `keep` measures only the report."""
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = (keep or Path(tmp)) / f"run-{n}"
        sim_file = run_dir.with_suffix(".json")
        if keep is not None and sim_file.is_file() and (run_dir / "run.json").is_file():
            sim = json.loads(sim_file.read_text())
        else:
            sim = scale_simulate(n, workers, run_dir)
            if keep is not None:
                write_atomic(sim_file, json.dumps(sim))
        report = Path(tmp) / "report.json"
        rep_seconds, rep_peak, _ = measured([sys.executable, "-m", "playtest", "report", str(run_dir),
                                             "--format", "json", "--out", str(report)])
        size = sum(f.stat().st_size for f in run_dir.iterdir() if f.suffix == ".parquet") / 1e6
    return {"games": n, "run_seconds": round(sim["seconds"], 1), "run_peak_mb": round(sim["peak_mb"]),
            "parquet_mb": round(size, 1), "report_seconds": round(rep_seconds, 1), "report_peak_mb": round(rep_peak)}


def scale_main(sizes: list[int], workers: int, keep: Path | None = None) -> list[dict[str, float]]:
    rows = []
    print(f"{'games':>10}{'run s':>9}{'run peak MB':>13}{'Parquet MB':>12}{'report s':>10}{'report peak MB':>16}")
    for n in sizes:
        r = scale_run(n, workers, keep)
        rows.append(r)
        print(f"{n:>10,}{r['run_seconds']:>9}{r['run_peak_mb']:>13}{r['parquet_mb']:>12}{r['report_seconds']:>10}"
              f"{r['report_peak_mb']:>16}", flush=True)
    return rows


CLOCK = time.process_time
"""The ratio's clock: CPU time of this process. On the shared 2-core machine other sessions
take the cores for whole slices of a second; wall-clock slices then count time this process
spent waiting: the same engine's ratio was 0.61 and then 0.39 a minute apart (2026-12-01, load
average 13-16). CPU time leaves the waiting out: three runs of each of two engines in the same
hour stayed within 0.48-0.50 and 0.62-0.67 (docs/speed.md). Memory and cache contention
still show."""


def _project_games(rules, spec, bots: str, first: int, seconds: float) -> tuple[int, float]:
    """Games of the project's engine played in about `seconds` of CPU time (no events: the
    minimal engine logs none either; the runner's legality check included), and the time
    they took."""
    n, started = 0, CLOCK()
    while True:
        seat_bots = [spec.make_bot(bots, rules, s) for s in range(4)]
        g = first + n
        play_game(rules, seat_bots, n_players=4, deal_rng=rng.stream(0, g, rng.DEAL),
                  bot_rngs=[rng.stream(0, g, rng.bot_stream(s)) for s in range(4)], record=False)
        n += 1
        elapsed = CLOCK() - started
        if elapsed >= seconds:
            return n, elapsed


def _minimal_games(play, bots: str, first: int, seconds: float) -> tuple[int, float]:
    """The same for the minimal engine, on the same seed streams."""
    n, started = 0, CLOCK()
    while True:
        g = first + n
        play(4, rng.stream(0, g, rng.DEAL), [rng.stream(0, g, rng.bot_stream(s)) for s in range(4)], [bots] * 4)
        n += 1
        elapsed = CLOCK() - started
        if elapsed >= seconds:
            return n, elapsed


WHAT_EACH_SIDE_DOES = (
    "project: the runner's loop (legal list, bot, the action checked against the legal list, apply_legal, "
    "game result with ranks), no events recorded;\n  minimal: no checks, no events, final totals only; "
    "both: same seed streams, same policy, game set-up and RNG seeding included; CPU time of this process")
"""Printed with the ratio, so that a reader knows what is compared."""

PROJECT_BOT = {"random": "random", "greedy": "greedy-myopic"}
"""The project's bot with the minimal engine's policy: its greedy is the myopic evaluation."""


def versus_minimal(bots: str, seconds: float, rounds: int = 8) -> dict[str, Any]:
    """games/s of the project's engine ÷ games/s of the minimal draft-5 engine, 4 players
    (`bots`: random, or greedy — the project's greedy-myopic, the same policy).

    Measured interleaved: `rounds` slices of `seconds / rounds` each, alternating engines
    (which one goes first alternates too), so both see the same load on a shared machine;
    the ratio of the summed rates is what is stable, not the rates themselves."""
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.minimal_draft5 import play
    finally:
        sys.path.remove(str(ROOT))
    variant = load_variant(ROOT / "variants/stargate/draft5.yaml")
    spec = get_game("stargate")
    rules = spec.make_rules(variant.model)
    games = {"project": 0, "minimal": 0}
    cpu = {"project": 0.0, "minimal": 0.0}
    slice_s = seconds / rounds
    with batch_gc():
        for r in range(rounds):
            order = ("project", "minimal") if r % 2 == 0 else ("minimal", "project")
            for engine in order:
                first = games[engine]
                n, t = (_project_games(rules, spec, PROJECT_BOT[bots], first, slice_s) if engine == "project"
                        else _minimal_games(play, bots, first, slice_s))
                games[engine] += n
                cpu[engine] += t
    project, minimal = (games[e] / cpu[e] for e in ("project", "minimal"))
    return {"bots": bots, "project_games_per_s": round(project, 1), "minimal_games_per_s": round(minimal, 1),
            "ratio": round(project / minimal, 3), "project_games": games["project"],
            "minimal_games": games["minimal"]}


def jackknife_parts(games: int, rounds: int = 2) -> dict[str, Any]:
    """CPU seconds of compare's jackknife (two `games`-game random runs, Stargate draft 5 against
    draft 6c, 30 blocks) from the rows' per-game parts (analysis/parts.py) and recomputing every
    metric once per block, interleaved `rounds` times in this process; the same replicates."""
    import numpy as np

    from playtest.compare import jackknife
    from playtest.compare.metrics import quantiles_left_out, report_metrics
    from playtest.sim.batch import read_run

    with tempfile.TemporaryDirectory() as tmp:
        samples = []
        for name in ("draft5", "draft6-new-crews"):
            run_batch(load_variant(ROOT / "variants" / "stargate" / f"{name}.yaml"),
                      RunConfig(n_games=games, players=4, lineup=("random",) * 4, seed=1, workers=1), Path(tmp) / name)
            samples.append(jackknife.Sample(*read_run(Path(tmp) / name)))
    left_out = quantiles_left_out()
    cpu = {"parts": 0.0, "recomputed": 0.0}
    found: dict[str, jackknife.Replicates] = {}
    for r in range(rounds):
        for way in (("parts", "recomputed") if r % 2 == 0 else ("recomputed", "parts")):
            started = CLOCK()
            found[way] = jackknife.replicate(samples, report_metrics(), complete_categories=True, left_out=left_out,
                                             from_parts=way == "parts")
            cpu[way] += CLOCK() - started
    same = bool(np.array_equal(found["parts"].reps, found["recomputed"].reps, equal_nan=True))  # to the last bit
    return {"games": games, "parts_cpu_s": round(cpu["parts"] / rounds, 3),
            "recomputed_cpu_s": round(cpu["recomputed"] / rounds, 3),
            "ratio": round(cpu["parts"] / cpu["recomputed"], 3), "same_replicates": same}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="Shorter measurements.")
    parser.add_argument("--ratio-only", action="store_true", help="Only the ratio against the minimal engine.")
    parser.add_argument("--json", type=Path, help="Also write the rows as JSON here.")
    parser.add_argument("--scale", type=int, nargs="*", metavar="N",
                        help="Only the memory bench: peak memory and time of a run of N random games and of "
                             "its report, for each N (e.g. --scale 10000 100000 1000000).")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="With --scale: keep each run in DIR/run-N (and its simulation figures in "
                             "DIR/run-N.json); a run already there is reused and only its report measured.")
    args = parser.parse_args()
    if args.scale is not None:
        rows = scale_main(args.scale or [10_000, 100_000, 1_000_000], default_workers(), args.keep)
        if args.json:
            write_atomic(args.json, json.dumps({"scale": rows}, indent=2))
        return
    secs = 2.0 if args.quick else 6.0
    small, large = (2000, 8000) if not args.quick else (500, 2000)
    # Peak memory first, while this process is small: a child's ru_maxrss starts at its parent's
    # resident size when it forks (Linux carries it across exec), so measured after the in-process
    # benches it read 222 MB for 500 and for 2,000 games where the runs peak at 123 and 156
    # (2026-12-05, `peak_rss_mb` called from a fresh process).
    mem = {n: peak_rss_mb(n) for n in (small, large)} if not args.ratio_only else {}
    print(f"Stargate draft 5, 4 players: project engine vs minimal hard-coded engine "
          f"(benchmarks/), interleaved, plain Python {sys.version.split()[0]}")
    print(f"  {WHAT_EACH_SIDE_DOES}")
    ratios = []
    for bots in ("random", "greedy"):
        row = versus_minimal(bots, secs * (2 if bots == "random" else 4))
        ratios.append(row)
        print(f"  {bots:<8} project {row['project_games_per_s']:>8.1f} games/s   minimal "
              f"{row['minimal_games_per_s']:>8.1f} games/s   ratio {row['ratio']:.2f}x (target >= 1.0x)")
    if args.ratio_only:
        if args.json:
            write_atomic(args.json, json.dumps({"versus_minimal": ratios}, indent=2))
        return
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
    jk = jackknife_parts(300 if args.quick else 1000)
    print(f"compare's jackknife, {jk['games']} random games a side (draft 5 vs 6c, 30 blocks), interleaved: "
          f"{jk['parts_cpu_s']:.2f} CPU-s from the rows' per-game parts, {jk['recomputed_cpu_s']:.2f} recomputing "
          f"every metric per block: ratio {jk['ratio']:.2f}x"
          f"{'' if jk['same_replicates'] else ' — THE REPLICATES DIFFER'}")
    print(f"peak memory, random stargate run: {small} games {mem[small]:.0f} MB, "
          f"{large} games {mem[large]:.0f} MB (flat in N when these are close)")
    if args.json:
        write_atomic(args.json, json.dumps({"versus_minimal": ratios, "rows": rows, "peak_rss_mb": mem,
                                            "jackknife_parts": jk}, indent=2))


if __name__ == "__main__":
    main()
