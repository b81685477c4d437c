"""The ladder's statistics on real games of cheap rungs: do its intervals cover, does its verdict
hold its error rate?

    .venv/bin/python -m tests.calibration.ladder_strength [GAME ...] [--runs 200] [--games 100]
        [--parts strength,equal,three,skill] [--keep DIR]

For each game, two rungs (`random` and the game's greedy bot), every pool seeded 2026 as a
ladder plays them (one seed: the same deals at every rung and pairing), cut into RUNS runs of
GAMES games:
  - the pairing (upper, lower, upper, lower, rotating game by game, as `ladder` seats it): each
    run's strength row (`strength.head_to_head`) against the pool's own values — the per-seat win
    rates and the upper rung's share of wins (95%), the win gap and the score gap per seat
    (97.5%, what the verdict reads) — and its Bradley–Terry rating of the upper rung (bootstrap,
    95%) against the pool's fit (`strength`);
  - the verdict between equal rungs: the lower rung's self-play games with its seats labelled as
    the pairing's two sides (seats 1, 3 against 2, 4, rotating), as a pairing of two equally strong
    rungs: how often the verdict claims a direction (at most 5% by design), and how often the gap's
    interval holds 0 (`equal`);
  - what changes with skill (`skill.skill_tests`, Hotelling's test on the paired jackknife):
    three self-play runs of the lower rung on three seeds (a ladder of three equal rungs): how often
    any metric "changes with skill" (Holm, 5%) (`three`); and the two rungs' self-play on the same
    deals, each run's jackknife interval of the difference (95%) for seat 1's win rate, the mean
    total and the game length against the pools' difference (`skill`).
`--keep DIR` keeps the pools there and reuses them."""

from __future__ import annotations

import argparse
import math
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.compare.jackknife import Sample
from playtest.ladder import skill, strength
from playtest.ladder.result import strength_verdict
from playtest.ladder.runs import pair_lineup
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.calibration.study import slice_games

ROOT = Path(__file__).resolve().parents[2]
CASES = {
    "stargate": ("variants/stargate/draft5.yaml", "random", "greedy",
                 (("win_rate_by_seat", "seat 1"), ("score_mean", "all / total"), ("game_length_rounds", "all"))),
    "ohseven": ("variants/ohseven/base.yaml", "random", "heuristic",
                (("win_rate_by_seat", "seat 1"), ("score_mean", "all / total"), ("game_length_turns", "all"))),
}
SEED = 2026
PARTS = frozenset({"strength", "equal", "three", "skill"})
SIDES = ("upper", "lower", "upper_share", "diff", "score_diff")
"""The strength row's intervals: per-seat win rates, share of wins (95%), win and score gaps (97.5%)."""
ESTIMATE = {"upper": "upper_win_rate", "lower": "lower_win_rate", "upper_share": "upper_share", "diff": "diff",
            "score_diff": "score_diff"}


def pool(variant: str, lineup: tuple[str, ...], seed: int, n: int, folder: Path) -> Sample:
    if not (folder / "run.json").exists():
        run_batch(load_variant(ROOT / variant), RunConfig(n_games=n, players=4, lineup=lineup, seed=seed, workers=1),
                  folder)
    return Sample(*read_run(folder))


def pool_truth(sample: Sample, upper: str, lower: str) -> dict[str, float]:
    per = strength.per_game(sample.games, upper, lower)
    return {"upper": float(per["a"].mean()), "lower": float(per["b"].mean()), "upper_share": float(per["share"].mean()),
            "diff": float((per["a"] - per["b"]).mean()),
            "score_diff": float((per["score_a"] - per["score_b"]).mean())}


def ladder_values(sample: Sample) -> dict[tuple[str, str], float]:
    """The ladder's metrics of one rung's self-play games, by (metric, group)."""
    t = skill.ladder_metrics(sample.info, sample.games, sample.events)
    return {(m, g or ""): e for m, g, e in t.select(C.METRIC, C.GROUP, C.ESTIMATE).iter_rows() if e is not None}


def relabelled(sample: Sample, upper: str, lower: str) -> Sample:
    """Self-play games with seats 1, 3 (rotating game by game) called `upper`, the others `lower`."""
    side = ((pl.col("seat").cast(pl.Int64) + pl.col("game")) % 2 == 0)
    games = sample.games.with_columns(pl.when(side).then(pl.lit(upper)).otherwise(pl.lit(lower)).alias("bot"))
    return Sample(sample.info, games, sample.events)


def interval(row: dict, name: str) -> tuple[float, float]:
    key = ESTIMATE[name]
    lo, hi = row[f"{key}_low"], row[f"{key}_high"]
    return (math.nan if lo is None else lo), (math.nan if hi is None else hi)


def check(name: str, runs: int, games: int, folder: Path, parts: frozenset[str] = PARTS) -> Iterator[str]:
    variant, lower, upper, rows = CASES[name]
    total = runs * games
    lineup = pair_lineup(upper, lower, 4)
    pairing = pool(variant, lineup, SEED, total, folder / f"{name}-pair")
    yield f"{name}, {upper} against {lower} ({','.join(lineup)} rotating), {runs} runs of {games} games:"
    if "strength" in parts:
        yield from strength_coverage(pairing, lower, upper, runs, games)
    if not parts & {"equal", "three", "skill"}:
        return
    low_self = pool(variant, (lower,) * 4, SEED, total, folder / f"{name}-self-{lower}")
    if "equal" in parts:
        yield equal_rungs(low_self, lower, runs, games)
    if "three" in parts:
        others = [pool(variant, (lower,) * 4, SEED + i, total, folder / f"{name}-self-{lower}-{SEED + i}")
                  for i in (1, 2)]
        yield three_equal_rungs([low_self, *others], lower, runs, games)
    if "skill" in parts:
        high_self = pool(variant, (upper,) * 4, SEED, total, folder / f"{name}-self-{upper}")
        yield skill_difference(low_self, high_self, lower, upper, rows, runs, games)


def strength_coverage(pairing: Sample, lower: str, upper: str, runs: int, games: int) -> Iterator[str]:
    """The strength row's intervals and the upper rung's rating against the pool's."""
    truth = pool_truth(pairing, upper, lower)
    rng = np.random.default_rng(SEED)
    rating_truth = float(strength._fit(2, np.concatenate(strength.comparisons(pairing.games, {lower: 0, upper: 1})))[1])
    hits = dict.fromkeys(SIDES, 0)
    rating_hits = 0
    for k in range(runs):
        part = slice_games(pairing, k * games, games)
        row = strength.head_to_head(part, lower, upper)
        for side in SIDES:
            lo, hi = interval(row, side)
            hits[side] += lo - 1e-9 <= truth[side] <= hi + 1e-9
        r = strength.ratings({(lower, upper): part}, [lower, upper], rng=rng).row(1, named=True)
        rating_hits += r["ci_low"] <= rating_truth <= r["ci_high"]
    yield ("  strength: " + "; ".join(f"{ESTIMATE[s]} {truth[s]:+.4f} held {hits[s]}/{runs} "
                                      f"({100 * hits[s] / runs:.1f}%{', 97.5%' if s in ('diff', 'score_diff') else ''})"
                                      for s in SIDES))
    yield f"  rating of {upper}: {rating_truth:+.1f} Elo held {rating_hits}/{runs} ({100 * rating_hits / runs:.1f}%)"


def equal_rungs(low_self: Sample, lower: str, runs: int, games: int) -> str:
    """The verdict between two equally strong rungs: one rung's self-play, its seats split."""
    claims = zero = 0
    for k in range(runs):
        row = strength.head_to_head(relabelled(slice_games(low_self, k * games, games), "b", "a"), "a", "b")
        claims += not strength_verdict(row).startswith("not measurably")
        lo, hi = interval(row, "diff")
        zero += lo <= 0 <= hi
    return (f"  equal rungs ({lower} self-play, seats 1, 3 against 2, 4): a direction claimed {claims}/{runs} "
            f"({100 * claims / runs:.1f}%), the win gap's 97.5% interval held 0 {zero}/{runs}")


def three_equal_rungs(samples: Sequence[Sample], lower: str, runs: int, games: int) -> str:
    """What changes with skill between three equal rungs: one bot's self-play on three seeds."""
    alarms = 0
    for k in range(runs):
        parts = [slice_games(s, k * games, games) for s in samples]
        _, tests, _ = skill.skill_tests(parts, ["a", "b", "c"])
        alarms += bool(tests[skill.CHANGES].any())
    return (f"  three equal rungs ({lower} self-play on three seeds): some metric 'changes with skill' in "
            f"{alarms}/{runs} ({100 * alarms / runs:.1f}%; Holm at 5%)")


def skill_difference(low_self: Sample, high_self: Sample, lower: str, upper: str,
                     rows: Sequence[tuple[str, str]], runs: int, games: int) -> str:
    """The skill tests' jackknife interval of a difference between two rungs' self-play."""
    vl, vh = ladder_values(low_self), ladder_values(high_self)
    diff_hits = dict.fromkeys(rows, 0)
    for k in range(runs):
        parts = [slice_games(s, k * games, games) for s in (low_self, high_self)]
        _, _, reps = skill.skill_tests(parts, [lower, upper])
        for key in rows:
            est = reps.difference((1, *key), (0, *key))
            lo, hi = est.interval()
            diff_hits[key] += lo <= vh[key] - vl[key] <= hi
    return (f"  {upper} − {lower} in self-play (skill tests' jackknife, 95%): "
            + "; ".join(f"{m} / {g} {vh[(m, g)] - vl[(m, g)]:+.4f} held {h}/{runs}" for (m, g), h in diff_hits.items()))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(CASES)} (default: all)")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--games", dest="size", type=int, default=100, help="games per run")
    parser.add_argument("--parts", default=",".join(sorted(PARTS)), help="which checks (comma-separated): "
                        "strength, equal, three, skill")
    parser.add_argument("--keep", type=Path, help="keep the pools in this folder (and reuse them)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(CASES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(CASES)}")
    parts = frozenset(p for p in args.parts.split(",") if p)
    if not parts or parts - PARTS:
        parser.error(f"--parts: any of {', '.join(sorted(PARTS))}")
    for name in args.games or list(CASES):
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for line in check(name, args.runs, args.size, args.keep, parts):
                print(line, flush=True)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                for line in check(name, args.runs, args.size, Path(tmp), parts):
                    print(line, flush=True)


if __name__ == "__main__":
    main()
