"""`python -m tests.calibration` (make calibrate): run the study on Stargate, Oh-Seven and (coverage
and verdict only) New Frontiers, and write docs/calibration.md. One process per game configuration."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from playtest.io import write_atomic
from tests.calibration.study import (
    NEWFRONTIERS,
    OHSEVEN,
    STARGATE,
    Config,
    Results,
    markdown,
    run_study,
)


def _one(config: Config, sizes: dict[str, int]) -> Results:
    with tempfile.TemporaryDirectory(prefix="playtest-calibrate-") as tmp:
        return run_study(config, Path(tmp), log=lambda s: print(s, file=sys.stderr, flush=True), **sizes)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.calibration", description=__doc__)
    ap.add_argument("--games", type=int, default=100, help="games per small run")
    ap.add_argument("--reps", type=int, default=300, help="runs for coverage and the verdict")
    ap.add_argument("--nf-reps", type=int, default=150,
                    help="runs for New Frontiers' coverage (0: leave the game out; its games are ~6× slower)")
    ap.add_argument("--pairs", type=int, default=60, help="A/A pairs for compare and diff")
    ap.add_argument("--seq-pairs", type=int, default=40, help="A/A pairs also checked with two looks")
    ap.add_argument("--power-pairs", type=int, default=20, help="pairs against the known change")
    ap.add_argument("--workers", type=int, default=3, help="processes (one per game configuration)")
    ap.add_argument("--out", type=Path, default=Path("docs/calibration.md"))
    args = ap.parse_args(argv)
    sizes = {"n": args.games, "reps": args.reps, "pairs": args.pairs, "seq_pairs": args.seq_pairs,
             "power_pairs": args.power_pairs}
    start = time.time()
    jobs = [(STARGATE, sizes), (OHSEVEN, sizes)]
    if args.nf_reps > 0:
        jobs.append((NEWFRONTIERS, sizes | {"reps": args.nf_reps}))
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_one, *zip(*jobs, strict=True)))
    command = "make calibrate" if argv is None and len(sys.argv) == 1 else "python -m tests.calibration " + " ".join(sys.argv[1:] if argv is None else argv)
    doc = markdown(results, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), command, (time.time() - start) / 60)
    write_atomic(args.out, doc)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
