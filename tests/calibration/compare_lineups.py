"""`compare`'s intervals and tests on real games, with different bots rotating through the seats
and, as a control, one bot in every seat.

    .venv/bin/python -m tests.calibration.compare_lineups [GAME ...] [--runs 200] [--games 100]
        [--lineups mixed,self] [--keep DIR]

For each game and line-up: three seeded pools of RUNS × GAMES games — the base variant (seed
2026), the variant with one key changed on the same seed (common random numbers, as `compare`
plays them) and the base again on seed 2027 (independent games) — cut into RUNS runs of GAMES
games. Each run of the base is compared (`compare_samples`, the function `playtest compare`
calls) with the same games of the changed variant, and with the same game numbers of the
independent base (an A/A comparison, as `compare --independent-seeds` plays it). Prints, for
seat 1's win rate, the mean total score and the game length: how many of the runs' 95% intervals
of the difference hold the difference of the two pools' own values (0 for the A/A), and the
run-to-run sd of the difference over the mean reported standard error (near 1: honest; below 1:
too wide). Then the same coverage for every tested row, by metric, where a family is below 93%;
and the A/A false alarms: any Holm-significant difference (compare's verdict, family-wise at
5%) and any failure of `diff` gates `of: change, between: [0, 0]` (at 95%, Bonferroni over
their one-sided tests). `--keep DIR` keeps the pools there and reuses them."""

from __future__ import annotations

import argparse
import math
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.compare.compare import Comparison, Settings, compare_samples
from playtest.compare.gates import FAIL, evaluate, load_gates
from playtest.compare.jackknife import Sample
from playtest.compare.metrics import report_metrics
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.calibration.study import _gates_file, slice_games

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    variant: str
    mixed: tuple[str, ...]
    self_play: str
    change: str
    rows: tuple[tuple[str, str], ...]
    gates: tuple[str, ...]


CASES = {
    "stargate": Case("variants/stargate/draft5.yaml", ("greedy", "random", "scripted:bays-first", "random"),
                     "greedy", "crews.bays.time=2",
                     (("win_rate_by_seat", "seat 1"), ("score_mean", "all / total"), ("game_length_rounds", "all")),
                     ("win_rate_by_seat", "score_mean", "game_length_rounds")),
    "ohseven": Case("variants/ohseven/base.yaml", ("heuristic", "random", "scripted:aggressive", "random"),
                    "heuristic", "bidding.first_lead=left_of_dealer",
                    (("win_rate_by_seat", "seat 1"), ("score_mean", "all / total"), ("game_length_turns", "all")),
                    ("win_rate_by_seat", "score_mean", "game_length_turns")),
}
SEED = 2026


def pool(case: Case, lineup: tuple[str, ...], overrides: Sequence[str], seed: int, n: int, folder: Path) -> Sample:
    if not (folder / "run.json").exists():
        run_batch(load_variant(ROOT / case.variant, list(overrides)),
                  RunConfig(n_games=n, players=4, lineup=lineup, seed=seed, workers=1), folder)
    return Sample(*read_run(folder))


def values(sample: Sample) -> dict[tuple[str, str], float]:
    table = report_metrics()(sample.info, sample.games, sample.events)
    return {(m, g or ""): e for m, g, e in table.select(C.METRIC, C.GROUP, C.ESTIMATE).iter_rows() if e is not None}


@dataclass
class Tally:
    """Per row of interest: estimates, standard errors, hits; per metric: hits and rows per run."""

    estimates: dict[tuple[str, str], list[float]]
    ses: dict[tuple[str, str], list[float]]
    hits: dict[tuple[str, str], int]
    families: dict[str, list[float]]
    alarms: int = 0
    gate_alarms: int = 0
    runs: int = 0

    @classmethod
    def new(cls) -> Tally:
        return cls({}, {}, {}, {})

    def add(self, cmp: Comparison, truth: dict[tuple[str, str], float], rows: Sequence[tuple[str, str]]) -> None:
        self.runs += 1
        diffs = cmp.differences
        tested = diffs.filter(pl.col("test") == "tested")
        per: dict[str, list[int]] = {}
        for m, g, e, lo, hi in tested.select(C.METRIC, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH).iter_rows():
            t = truth.get((m, g))
            if t is None or lo is None or math.isnan(lo) or math.isnan(hi):
                continue
            inside = int(lo - 1e-9 <= t <= hi + 1e-9)
            per.setdefault(m, []).append(inside)
            if (m, g) in rows:
                self.hits[(m, g)] = self.hits.get((m, g), 0) + inside
                self.estimates.setdefault((m, g), []).append(e)
                self.ses.setdefault((m, g), []).append(cmp.replicates.difference((1, m, g), (0, m, g)).se)
        for m, found in per.items():
            self.families.setdefault(m, []).append(float(np.mean(found)))

    def lines(self, truth: dict[tuple[str, str], float], rows: Sequence[tuple[str, str]]) -> list[str]:
        out = []
        for key in rows:
            est = self.estimates.get(key, [])
            if not est:
                out.append(f"    {key[0]} / {key[1]}: never tested")
                continue
            spread = float(np.std(est, ddof=1))
            se = float(np.mean(self.ses[key]))
            out.append(f"    {key[0]} / {key[1]}: {self.hits[key]}/{len(est)} intervals hold {truth.get(key, 0.0):+.4f} "
                       f"({100 * self.hits[key] / len(est):.1f}%); run-to-run sd {spread:.4f}, reported se {se:.4f} "
                       f"(sd/se {spread / se:.2f})")
        low = {m: float(np.mean(v)) for m, v in self.families.items() if np.mean(v) < 0.93}
        out.append("    families below 93%: " + (", ".join(f"{m} {100 * v:.1f}% ({len(self.families[m])} runs)"
                                                      for m, v in sorted(low.items())) or "none")
                   + f" (of {len(self.families)} tested)")
        return out


def check(name: str, kind: str, runs: int, games: int, folder: Path) -> list[str]:
    case = CASES[name]
    lineup = case.mixed if kind == "mixed" else (case.self_play,) * 4
    total = runs * games
    base = pool(case, lineup, (), SEED, total, folder / f"{name}-{kind}-base")
    changed = pool(case, lineup, (case.change,), SEED, total, folder / f"{name}-{kind}-changed")
    again = pool(case, lineup, (), SEED + 1, total, folder / f"{name}-{kind}-again")
    vb, vc = values(base), values(changed)
    truth = {k: vc[k] - vb[k] for k in vb.keys() & vc.keys()}
    gates = load_gates(_gates_file(folder / "aa-gates.yaml", case.gates))
    crn, aa = Tally.new(), Tally.new()
    value_hits: dict[tuple[str, str], int] = {}
    value_est: dict[tuple[str, str], list[float]] = {}
    value_se: dict[tuple[str, str], list[float]] = {}
    for k in range(runs):
        a = slice_games(base, k * games, games)
        c = compare_samples([a, slice_games(changed, k * games, games)], ["base", "changed"],
                            settings=Settings(alpha=0.05))
        crn.add(c, truth, case.rows)
        for key in case.rows:  # the base's own value, as a gate `of: value` reads it
            est = c.replicates.value((0, *key))
            lo, hi = est.interval()
            value_hits[key] = value_hits.get(key, 0) + int(lo <= vb[key] <= hi)
            value_est.setdefault(key, []).append(est.estimate)
            value_se.setdefault(key, []).append(est.se)
        c = compare_samples([a, slice_games(again, k * games, games)], ["base", "again"], settings=Settings(alpha=0.05))
        aa.add(c, {key: 0.0 for key in vb}, case.rows)
        aa.alarms += bool(c.differences["significant"].any())
        aa.gate_alarms += any(r.status == FAIL for r in evaluate(gates, c.replicates))
    who = ",".join(lineup)
    return [f"{name} ({who}), {runs} runs of {games} games:",
            f"  the base against {case.change} (common random numbers):",
            *crn.lines(truth, case.rows),
            "  the base's own values, the jackknife's 95% interval (what a gate `of: value` reads):",
            *(f"    {m} / {g}: {value_hits[(m, g)]}/{runs} hold {vb[(m, g)]:.4f} "
              f"({100 * value_hits[(m, g)] / runs:.1f}%); run-to-run sd {np.std(value_est[(m, g)], ddof=1):.4f}, "
              f"reported se {np.mean(value_se[(m, g)]):.4f} "
              f"(sd/se {np.std(value_est[(m, g)], ddof=1) / np.mean(value_se[(m, g)]):.2f})" for m, g in case.rows),
            "  A/A, the base against itself on independent seeds:",
            *aa.lines({}, case.rows),
            f"    any Holm-significant difference: {aa.alarms}/{runs} ({100 * aa.alarms / runs:.1f}%); "
            f"any diff gate fails: {aa.gate_alarms}/{runs} ({100 * aa.gate_alarms / runs:.1f}%)"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(CASES)} (default: all)")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--games", dest="size", type=int, default=100, help="games per run")
    parser.add_argument("--lineups", default="mixed,self", help="mixed, self or both (comma-separated)")
    parser.add_argument("--keep", type=Path, help="keep the pools in this folder (and reuse them)")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(CASES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(CASES)}")
    kinds = [k for k in args.lineups.split(",") if k]
    if not kinds or set(kinds) - {"mixed", "self"}:
        parser.error("--lineups: mixed, self or both")
    for name in args.games or list(CASES):
        for kind in kinds:
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                lines = check(name, kind, args.runs, args.size, args.keep)
            else:
                with tempfile.TemporaryDirectory() as tmp:
                    lines = check(name, kind, args.runs, args.size, Path(tmp))
            print("\n".join(lines), flush=True)


if __name__ == "__main__":
    main()
