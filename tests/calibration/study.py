"""The calibration study: does every interval cover at its stated rate, does every test hold its
stated error rate? Measured by repeating small runs against a precise truth.

For one game configuration (variant, players, bots; random bots keep it fast):
  - a *pool* of R × n games is simulated once; the truth of every metric is its value on the
    whole pool (each small run is 1/R of it, so the truth is R times more precise);
  - coverage: each of the R consecutive slices of n games is a small run; every reported 95%
    interval is checked against the truth. Families are metric names; the Monte Carlo error is
    computed over runs (the rows of one run are not independent). Families whose interval is
    Wilson's on a count of games (`EXACT_WILSON`) also get their exact coverage: the binomial
    probability, at the pool's share and the run's n, that the interval contains it — free of
    Monte Carlo error, it tells a real shortfall from an unlucky set of runs;
  - verdict A/A: seat labels are permuted within every game of a slice (so the seats are exactly
    fair) and the report's verdict is computed; a call of "unfair" is a false alarm;
  - compare and diff A/A: two disjoint slices (independent games of the same variant) are
    compared with every metric of the report; a Holm-significant difference anywhere is a
    family-wise false positive; gates `of: change, between: [0, 0]` on a few metrics (true
    change exactly 0, the boundary where a failure is likeliest) are evaluated on the same
    replicates: a failure is a false alarm of `diff`. `--until-decided` is checked with two looks
    (half the games, then all), the error budget split as `diff` does;
  - power: a slice of the changed variant against a slice of the base (independent seeds).

Only library functions are called (the CLI is a thin layer over them); the seeds are fixed, so a
rerun gives the same table.
"""

from __future__ import annotations

import functools
import math
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats

from playtest.analysis import columns as C
from playtest.analysis import common
from playtest.analysis.metrics import Section
from playtest.analysis.stats import wilson
from playtest.compare.compare import Settings, compare_samples
from playtest.compare.gates import FAIL, evaluate, load_gates
from playtest.compare.jackknife import Sample, replicate
from playtest.compare.metrics import report_metrics
from playtest.report.model import verdict
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant


@dataclass(frozen=True)
class Config:
    """One game configuration of the study."""

    name: str
    variant: str
    players: int
    bots: str
    changed: tuple[str, Sequence[str]]
    """(label, --set overrides or a variant path) of the known change whose power is reported."""
    gate_metrics: tuple[str, ...]
    """Metrics gated with `of: change, between: [0, 0]` in the diff A/A."""
    power_metrics: tuple[tuple[str, str], ...]
    """(metric, group) whose detection rate under the change is reported."""
    coverage_only: bool = False
    """Only coverage and the seat verdict (no compare / diff / power): for a slower game."""


STARGATE = Config("Stargate draft 5, 4 random bots", "variants/stargate/draft5.yaml", 4, "random",
                  ("crews.bays.time 1 → 2", ["crews.bays.time=2"]),
                  ("win_rate_by_seat", "game_length_rounds", "crew_pick_rate", "score_mean"),
                  (("crew_win_rate", "bays"), ("game_length_rounds", "all"), ("score_mean", "all / total")))
OHSEVEN = Config("Oh-Seven base, 4 random bots", "variants/ohseven/base.yaml", 4, "random",
                 # A change both sides measure: no-bonus.yaml switches the bonus off, and compare
                 # then shows "off in" the variant instead of testing it (power read 0%).
                 ("rebid bonus 1 → 2 points", ["bidding.rebid.bonus.points=2"]),
                 ("win_rate_by_seat", "rebids_mean", "exact_rate", "bonus_points"),
                 (("bonus_points", "all players"), ("score_mean", "all / total"), ("rebids_mean", "mean per round")))

NEWFRONTIERS = Config("New Frontiers base, 4 random bots", "variants/new-frontiers/base.yaml", 4, "random",
                      ("", []), (), (), coverage_only=True)


LARGE = 4
"""Coverage is also measured on runs LARGE times as long (reps / LARGE of them)."""


@dataclass
class Results:
    config: Config
    n: int
    reps: int
    coverage: dict[str, list[float]] = field(default_factory=dict)
    """metric family → per-run share of its intervals that contain the truth."""
    coverage_large: dict[str, list[float]] = field(default_factory=dict)
    """The same with runs LARGE times as long (fewer of them): does coverage converge?"""
    exact: dict[str, list[float]] = field(default_factory=dict)
    """EXACT_WILSON family → per-run mean of its intervals' exact binomial coverage."""
    constant: set[str] = field(default_factory=set)
    """Families that never had an interval to check and gave the pool's value in every run (the
    metric did not vary in the games played)."""
    no_interval: set[str] = field(default_factory=set)
    """Families that never had an interval to check although their value varied from run to run:
    the report gives them none (`score_sd`, docs/report-json.md)."""
    verdict_alarms: list[bool] = field(default_factory=list)
    compare_fw: list[bool] = field(default_factory=list)
    compare_tests: list[int] = field(default_factory=list)
    diff_fw: list[bool] = field(default_factory=list)
    sequential_fw: list[bool] = field(default_factory=list)
    power_any: list[bool] = field(default_factory=list)
    power_metric: dict[str, list[bool]] = field(default_factory=dict)
    power_metric_raw: dict[str, list[bool]] = field(default_factory=dict)
    power_games: int = 0


def simulate(variant_path: str, overrides: Sequence[str], config: Config, n: int, seed: int, out: Path) -> Sample:
    v = load_variant(variant_path, list(overrides))
    lineup = tuple(config.bots.split(",")) if "," in config.bots else (config.bots,) * config.players
    run_batch(v, RunConfig(n_games=n, players=config.players, lineup=lineup, seed=seed, workers=1), out)
    return Sample(*read_run(out))


def slice_games(sample: Sample, start: int, n: int) -> Sample:
    """Games [start, start + n) renumbered from 0: an independent run of n games."""
    def cut(df: pl.DataFrame) -> pl.DataFrame:
        return df.filter(pl.col("game").is_between(start, start + n - 1)).with_columns(pl.col("game") - start)

    return Sample(sample.info, cut(sample.games), cut(sample.events))


def permute_seats(games: pl.DataFrame, rng: np.random.Generator) -> pl.DataFrame:
    """The same games with the seat labels shuffled within every game: seats exactly fair."""
    out = games.sort("game", "seat")
    p = int(out["seat"].n_unique())
    g = out.height // p
    perm = np.argsort(rng.random((g, p)), axis=1).ravel()
    return out.with_columns(pl.Series("seat", perm, dtype=out["seat"].dtype))


def _truth(pool: Sample, metric_fn: Callable) -> dict[tuple[str, str], float]:
    table = metric_fn(pool.info, pool.games, pool.events)
    return {(m, g): e for m, g, e in table.select(C.METRIC, C.GROUP, C.ESTIMATE).iter_rows() if e is not None}


def coverage_of(table: pl.DataFrame, truth: dict[tuple[str, str], float],
                constant: set[str] | None = None,
                no_interval: set[str] | None = None) -> dict[str, tuple[int, int]]:
    """metric → (intervals that contain the truth, intervals checked) in one run's table.
    A row without an interval or with a zero-width one is not checked: its metric goes to
    `constant` when the row's value is the truth's (a mean or rate the same in every game:
    stats.NO_SPREAD), else to `no_interval` (a metric the report gives no interval, `score_sd`)."""
    out: dict[str, tuple[int, int]] = {}
    for m, g, e, lo, hi in table.select(C.METRIC, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH).iter_rows():
        t = truth.get((m, g))
        if t is None or math.isnan(t):
            continue
        if lo is None or hi is None or math.isnan(lo) or math.isnan(hi) or hi - lo <= 1e-12:
            same = e is not None and abs(e - t) <= 1e-9 * max(1.0, abs(t))
            unchecked = constant if same else no_interval
            if unchecked is not None:
                unchecked.add(m)
            continue
        hit, k = out.get(m, (0, 0))
        out[m] = (hit + int(lo - 1e-9 <= t <= hi + 1e-9), k + 1)
    return out


EXACT_WILSON = frozenset({"tie_rate", "points_tie_rate", "game_length_share", "end_reason_share",
                          "end_trigger_share", "selected_in_round"})
"""Families whose interval is `wilson(k, n)` with k a count of independent games out of n."""


@functools.lru_cache(maxsize=65536)
def exact_wilson_coverage(p: float, n: int) -> float:
    """P(the Wilson interval of k ~ binomial(n, p) contains p), summed over every k."""
    k = np.arange(n + 1)
    bounds = np.array([wilson(float(x), n)[1:] for x in k])
    inside = (bounds[:, 0] - 1e-9 <= p) & (p <= bounds[:, 1] + 1e-9)
    return float(stats.binom.pmf(k, n, p)[inside].sum())


def exact_share_coverage(shares: Sequence[float] | np.ndarray, n: int, denominator: int = 12) -> tuple[float, float]:
    """(truth, exact coverage) of `wilson(Σ x, n)` when x are n independent games drawn from the
    distribution of `shares` (e.g. seat 1's win share in every game of a pool: 1, 0 or 1/k for a
    k-way shared win). The sum's distribution is the n-fold convolution on a grid of
    1/denominator (12 holds every 1/k for k ≤ 4). For first_player_advantage, whose shared wins
    make the count fractional, so that `exact_wilson_coverage` does not apply."""
    x = np.asarray(shares, dtype=float)
    grid = np.rint(x * denominator).astype(int)
    if np.abs(grid - x * denominator).max() > 1e-9:
        raise ValueError(f"shares are not multiples of 1/{denominator}")
    one = np.bincount(grid, minlength=denominator + 1) / x.size
    dist = np.array([1.0])
    for _ in range(n):
        dist = np.convolve(dist, one)
    truth = float(x.mean())
    inside = [wilson(k / denominator, n)[1] - 1e-9 <= truth <= wilson(k / denominator, n)[2] + 1e-9
              for k in range(dist.size)]
    return truth, float(dist[np.array(inside)].sum())


def exact_coverage_of(table: pl.DataFrame, truth: dict[tuple[str, str], float]) -> dict[str, float]:
    """EXACT_WILSON family → mean exact coverage of its intervals in one run's table."""
    out: dict[str, list[float]] = {}
    for m, g, n in table.filter(pl.col(C.METRIC).is_in(list(EXACT_WILSON))).select(C.METRIC, C.GROUP, C.N).iter_rows():
        t = truth.get((m, g))
        if t is not None and n and 0 < t < 1:
            out.setdefault(m, []).append(exact_wilson_coverage(round(t, 12), int(n)))
    return {m: float(np.mean(v)) for m, v in out.items()}


def _gates_file(path: Path, metrics: Sequence[str], confidence: float = 0.95) -> Path:
    body = "\n".join(f"  - {{metric: {m}, of: change, between: [0, 0]}}" for m in metrics)
    path.write_text(f"confidence: {confidence}\ngates:\n{body}\n", encoding="utf-8")
    return path


def run_study(config: Config, work: Path, *, n: int, reps: int, pairs: int, seq_pairs: int, power_pairs: int,
              seed: int = 1, log: Callable[[str], None] = lambda s: None) -> Results:
    """Every measurement of the study for one game configuration (see the module doc)."""
    metric_fn = report_metrics()
    res = Results(config, n, reps)
    pool_games = (reps if config.coverage_only else max(reps, 2 * pairs, 2 * seq_pairs, power_pairs * LARGE)) * n
    log(f"{config.name}: simulating a pool of {pool_games} games")
    pool = simulate(config.variant, (), config, pool_games, seed, work / "pool")
    truth = _truth(pool, metric_fn)
    rng = np.random.default_rng(seed)

    log(f"{config.name}: coverage and verdict over {reps} runs of {n} games")
    seen_varying: set[str] = set()
    for r in range(reps):
        part = slice_games(pool, r * n, n)
        table = metric_fn(part.info, part.games, part.events)
        for m, (hit, k) in coverage_of(table, truth, res.constant, res.no_interval).items():
            res.coverage.setdefault(m, []).append(hit / k)
            seen_varying.add(m)
        for m, cov in exact_coverage_of(table, truth).items():
            res.exact.setdefault(m, []).append(cov)
        if r < reps // LARGE:
            big = slice_games(pool, r * n * LARGE, n * LARGE)
            for m, (hit, k) in coverage_of(metric_fn(big.info, big.games, big.events), truth).items():
                res.coverage_large.setdefault(m, []).append(hit / k)
        fair = permute_seats(part.games, rng)
        secs = [Section("seats", "", common.seat_win_rates(fair)),
                Section("first_player", "", common.first_player_advantage(fair))]
        res.verdict_alarms.append(verdict(secs, config.players).status == "unfair")
    res.no_interval -= seen_varying
    res.constant -= seen_varying | res.no_interval
    # Seat 1's win rate is Wilson's on a fractional count (shared wins): exact from the pool's
    # per-game distribution, the same for every run of n games.
    first = pool.games.filter(pl.col("seat") == 0)["win_share"].to_numpy()
    if first.size and "first_player_advantage" in res.coverage:
        res.exact["first_player_advantage"] = [exact_share_coverage(first, n)[1]]
    if config.coverage_only:
        return res

    gates = load_gates(_gates_file(work / "aa-gates.yaml", config.gate_metrics))
    log(f"{config.name}: compare / diff A/A over {pairs} pairs of independent runs")
    for i in range(pairs):
        a, b = slice_games(pool, 2 * i * n, n), slice_games(pool, (2 * i + 1) * n, n)
        cmp = compare_samples([a, b], ["a", "b"], settings=Settings(alpha=0.05), metric_fn=metric_fn)
        res.compare_fw.append(bool(cmp.differences["significant"].any()))
        res.compare_tests.append(int((cmp.differences["test"] == "tested").sum()))
        res.diff_fw.append(any(r.status == FAIL for r in evaluate(gates, cmp.replicates)))
        if i < seq_pairs:
            # --until-decided with looks at n/2 and n games: the budget split over 2 looks.
            half = [slice_games(s, 0, n // 2) for s in (a, b)]
            first = evaluate(gates, replicate(half, metric_fn, complete_categories=True), looks=2)
            second = evaluate(gates, cmp.replicates, looks=2)
            res.sequential_fw.append(any(r.status == FAIL for r in (*first, *second)))
        if (i + 1) % 10 == 0:
            log(f"{config.name}: {i + 1}/{pairs} pairs")

    label, change = config.changed
    big = n * LARGE
    res.power_games = big
    log(f"{config.name}: power against {label} over {power_pairs} pairs of {big} games")
    if isinstance(change, str):
        changed = simulate(change, (), config, power_pairs * big, seed + 1000, work / "changed")
    else:
        changed = simulate(config.variant, change, config, power_pairs * big, seed + 1000, work / "changed")
    for i in range(power_pairs):
        a, b = slice_games(pool, i * big, big), slice_games(changed, i * big, big)
        d = compare_samples([a, b], ["base", "changed"], metric_fn=metric_fn).differences
        res.power_any.append(bool(d["significant"].any()))
        for m, g in config.power_metrics:
            row = d.filter((pl.col(C.METRIC) == m) & (pl.col(C.GROUP) == g))
            res.power_metric.setdefault(f"{m} / {g}", []).append(bool(row.height and row["significant"][0]))
            raw = bool(row.height) and not math.isnan(row[C.P_VALUE][0]) and row[C.P_VALUE][0] < 0.05
            res.power_metric_raw.setdefault(f"{m} / {g}", []).append(raw)
    return res


# --- the table --------------------------------------------------------------------------------


def rate(values: Sequence[float | bool]) -> tuple[float, float, int]:
    """Mean and its Monte Carlo standard error over independent repetitions."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return math.nan, math.nan, 0
    se = float(x.std(ddof=1)) / math.sqrt(x.size) if x.size > 1 else math.nan
    if se == 0 and x.size > 1:  # every repetition agrees: the binomial bound is the honest error
        p = min(max(float(x.mean()), 0.5 / x.size), 1 - 0.5 / x.size)
        se = math.sqrt(p * (1 - p) / x.size)
    return float(x.mean()), se, int(x.size)


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f}%"


def _flag(value: float, se: float, target: float, tol: float, *, coverage: bool) -> str:
    """How a figure stands against its target band: 'ok' inside it; on the safe side
    ('conservative': wider intervals or fewer false alarms than promised); within two Monte
    Carlo SEs of the band ('ok within MC error'); or **under-covers** / **too many false
    alarms**."""
    if math.isnan(value):
        return ""
    if abs(value - target) <= tol:
        return "ok"
    safe = value > target if coverage else value < target
    if safe:
        return "conservative"
    if abs(value - target) <= tol + 2 * se:
        return "ok within MC error"
    return "**under-covers**" if coverage else "**too many false alarms**"


def markdown(results: Sequence[Results], date: str, command: str, minutes: float) -> str:
    out = [textwrap.dedent(f"""\
        # Calibration: do the intervals cover and the tests hold their error rate?

        Measured {date} by `{command}` ({minutes:.0f} minutes on this project's shared 2-core
        machine). The study (`tests/calibration/study.py`) repeats small runs of each game against
        a precise truth: the same metric on a pool of every game of the study. Targets: 95% ± 1.5%
        coverage for every interval family; family-wise false-positive rate 5% ± 2% for `compare`,
        `diff` (fixed and `--until-decided`) and the report's seat verdict. Each figure is given
        with its Monte Carlo standard error (± one SE, over independent repetitions; the rows of
        one run are not independent, so coverage SEs are computed run by run). "ok within MC
        error" means the figure is outside the tolerance, on the unsafe side, by less than two
        standard errors: these repetitions cannot tell it apart from an honest one;
        "conservative" means outside it on the safe side (wider intervals, fewer false alarms).
        Families whose interval is Wilson's on a count of games (or, for the first player's
        advantage, on a sum of win shares) also show their *exact* coverage (the probability, at
        the pool's distribution and each run's size, that the interval contains the truth): it
        has no Monte Carlo error, and their flag is read from it. Bots
        are random (fast, and they exercise every rule); designers' runs with stronger bots use
        the same statistics. Which interval each metric uses: [report-json.md](report-json.md).

        Reading it: order-statistic intervals of quantiles (`score_q*`, `*_median`) are
        distribution-free and conservative by construction — on integer scores they cover well
        above 95%, which is safe but wide. Coverage is also shown for runs four times as long:
        a figure short of 95% at 100 games that recovers at 400 is a small-sample effect (skewed,
        bursty per-game values), not a wrong level of dependence.
        """)]
    for res in results:
        c = res.config
        out += [f"## {c.name}", "",
                f"Small runs of {res.n} games; {res.reps} runs for coverage and the verdict"
                + ("." if c.coverage_only else
                   f", {len(res.compare_fw)} pairs of independent runs for the A/A checks, {len(res.sequential_fw)} "
                   f"of them also with two looks ({res.n // 2} then {res.n} games), {len(res.power_any)} pairs for power."),
                "", "### Coverage of the 95% intervals", "",
                f"| metric family | coverage, {res.n} games | ± MC SE | runs | exact | "
                f"| coverage, {res.n * LARGE} games | ± MC SE | runs |",
                "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
        for m in sorted(res.coverage):
            v, se, k = rate(res.coverage[m])
            v4, se4, k4 = rate(res.coverage_large.get(m, []))
            exact = float(np.mean(res.exact[m])) if res.exact.get(m) else math.nan
            flag = (_flag(exact, 0.0, 0.95, 0.015, coverage=True) + " (exact)" if not math.isnan(exact)
                    else _flag(v, se, 0.95, 0.015, coverage=True))
            out.append(f"| `{m}` | {_pct(v)} | {_pct(se)} | {k} | {_pct(exact)} | {flag} | {_pct(v4)} | {_pct(se4)} | {k4} |")
        if res.no_interval:
            out += ["", "Not checked, because the report gives them no interval although they vary from run to run "
                    "([report-json.md](report-json.md) says why): "
                    + ", ".join(f"`{m}`" for m in sorted(res.no_interval)) + "."]
        if res.constant:
            out += ["", "Not checked, because they had no interval to check: every run gave the pool's value "
                    "(the metric does not vary in these set-ups): "
                    + ", ".join(f"`{m}`" for m in sorted(res.constant)) + "."]
        out += ["", "### False positives with no true difference (target 5% ± 2%)", "",
                "| check | false-positive rate | ± MC SE | repetitions | |", "|---|---:|---:|---:|---|"]
        tests = np.mean(res.compare_tests) if res.compare_tests else math.nan
        checks = [(f"`compare`: any Holm-significant difference (≈{tests:.0f} distinct tests per comparison)",
                   res.compare_fw),
                  (f"`diff`: any gate fails (gates `of: change, between: [0, 0]` on {', '.join(c.gate_metrics)})",
                   res.diff_fw),
                  ("`diff --until-decided`: any failure over 2 looks", res.sequential_fw),
                  ("report verdict \"seats are not equal\" on exactly fair seats", res.verdict_alarms)]
        for label, values in checks[3:] if c.coverage_only else checks:
            v, se, k = rate(values)
            out.append(f"| {label} | {_pct(v)} | {_pct(se)} | {k} | {_flag(v, se, 0.05, 0.02, coverage=False)} |")
        if c.coverage_only:
            out += ["", "Only coverage and the seat verdict are measured for this game (its games are slower); "
                    "`compare` and `diff` use the same jackknife over games as on the two games above.", ""]
            continue
        diff_rates = [rate(res.diff_fw)[0], rate(res.sequential_fw)[0]]
        shown = ("as both `diff` figures above are" if all(v < 0.05 for v in diff_rates) else
                 "which these repetitions do not show (a `diff` figure above is 5% or more)")
        out += ["", "Gates placed at the boundary (true change exactly 0, `between: [0, 0]`) are the hardest case; "
                "Bonferroni over the gates' one-sided tests and over looks is meant to keep `diff` below 5% "
                f"(conservative by design), {shown}.", "", f"### Power against a known change: {c.changed[0]}", "",
                f"Independent runs of {res.power_games} games of each variant.", "",
                "| detected | Holm-significant | ± MC SE | unadjusted p < 0.05 | ± MC SE | pairs |",
                "|---|---:|---:|---:|---:|---:|"]
        v, se, k = rate(res.power_any)
        out.append(f"| any metric | {_pct(v)} | {_pct(se)} | | | {k} |")
        for label, values in res.power_metric.items():
            v, se, k = rate(values)
            vr, ser, _ = rate(res.power_metric_raw.get(label, []))
            out.append(f"| `{label}` | {_pct(v)} | {_pct(se)} | {_pct(vr)} | {_pct(ser)} | {k} |")
        out.append("")
    return "\n".join(out)
