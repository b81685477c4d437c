"""Table games against bot runs: which run plays most like the people at the table?

Every report metric (analysis.metrics.all_metrics) is computed for the recorded table games and
for each run. Standard errors come from the delete-a-group jackknife over games — one game at a
time for the few table games, 20 blocks of games for a run — because the game is the
independent unit (turns and seats of one game are not). Intervals use Student's t with the
jackknife's degrees of freedom (n − 1 for n table games), so they are as wide as n games
warrant — and below MIN_GAMES games there is none: the estimate is shown alone, with the reason
(`no_interval`), since a 95% interval of an average over 2 or 3 games is wider than the range that
holds 95% of single games (two table games' margin of victory read 3.50 [0.00 – 1154257.35]). A category of
a distribution (a game length, an end trigger, a crew taken first) that one side, or one
jackknife replicate, never had is 0% of its games, as compare counts it (compare.metrics.complete).

A handful of table games often shows no spread at all (seat 2 never won in eight games), and a
jackknife over them then claims a zero standard error. So the table's standard error is never
taken below what the runs' game-to-game spread implies for that many games: the median over the
runs of se_run · sqrt(n_run / n_table) (the spread the table would show if it played like that
run), one for every run, so that a run whose games spread widely is not read closer for it.
The distance of a run to the table is the root mean square of the standardised differences
  z = (table − run) / sqrt(se_table² + se_run²)
over the metrics that vary: 0 means "as the table plays", about 1 is what two samples of the
same players would show. A standard error within rounding of zero (a jackknife of a share that
is the same in every game gives 1e-16, not 0) counts as zero; where neither side varies (the
table's games, nor at least half the runs', whose median floors it; nor the run's), z is
undefined — dividing by that rounding noise once gave a distance of 2·10¹³ — so such a metric
is left out of the distance and, when the two values differ, counted in `differ_no_spread`.
A metric is flagged when the table differs from *every* run: the test's p-value is the largest
of the per-run p-values (an intersection–union test), Holm-corrected over the metrics.

Intervals respect what a metric can be (`value_range`; an estimate outside it by rounding only,
0.6666666666666669 for a top of 2/3, is first moved onto it, `within_range`): a share (win rate,
pick rate) gets Wilson's interval at the effective number of games p(1 − p)/se², on the t quantile — inside
[0, 1], as the report's own shares (stats.proportion_of_sums); a share minus 1/P (the first
player's advantage, a win lift) the same interval shifted; a quantity that cannot be negative
(a spread, a length, a count) the t interval of its logarithm (delta method, se/estimate), which
stays above 0 as the chi-square interval of an SD does; anything else the plain t interval. All
of them use the jackknife standard error over games, so they stay at the level of games. A
score part's mean or quantile is also cut at the least value the game declares that part can
take under the variant (GameSpec.score_floors, analysis/floors.py), as the report's `score_mean`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import distributions as dist
from playtest.analysis.floors import score_floors
from playtest.analysis.metrics import every_section_but, metric_info
from playtest.analysis.parts import Parts, recording
from playtest.analysis.stats import wilson_effective
from playtest.compare.stats import holm
from playtest.core.spec import MetricInfos

MetricFn = Callable[[dict[str, Any], pl.DataFrame, pl.DataFrame], pl.DataFrame]
Recorded = tuple[pl.DataFrame, dict[tuple[str, str], Parts | None]]
"""A metric table and its rows' parts, filed while it was computed (analysis/parts.py)."""
Finish = Callable[[pl.DataFrame, dict[str, Any]], pl.DataFrame]
"""(a metric table, its run's info) → the table compared (the categories completed)."""
RUN_BLOCKS = 20
ALPHA = 0.05
BOT_METRICS = ("by_bot", "bot_")
"""Metrics about which bot played (their groups are bot names): nothing to compare with a table;
nor are the rows of another metric grouped by a bot name (`_comparable`)."""
SKIPPED_SECTIONS = frozenset({"bots", "sample_size"})
"""Report sections none of whose rows `_comparable` keeps (the win rate by bot; the design
metrics): `playtest calibrate` does not compute them (`SECTIONS`)."""
SECTIONS = every_section_but(*SKIPPED_SECTIONS)
"""The report sections whose metrics calibrate compares. Its jackknife recomputes them once per
table game and per block of each run, and the sample-size section's power figures were computed
only to be dropped: tests/play/test_calibrate.py 8.7 → 7.7 CPU-s without them (2026-12-06)."""


@dataclass(frozen=True)
class Source:
    """The games of one side: the table, or one bot run (label, run info, games, events)."""

    label: str
    info: dict[str, Any]
    games: pl.DataFrame
    events: pl.DataFrame


def run_label(info: dict[str, Any]) -> str:
    """A run's bots in a few words: `greedy` for self-play, else the line-up."""
    lineup = list(info.get("lineup") or [])
    return lineup[0] if lineup and len(set(lineup)) == 1 else ",".join(lineup) or "run"


def run_labels(infos: Sequence[dict[str, Any]], folders: Sequence[str | Path]) -> list[str]:
    """Each run's label (run_label), unambiguous and alike for alike runs: a label that two or
    more runs share is given to none of them plainly — each gets its folder's name in
    parentheses, `heuristic (base)`, `heuristic (draft)` (else its path as given, when the folder
    names repeat too). Only the second and later such run used to be told apart, so the first,
    however different (a run of other rules), got the plainest name."""
    base = [run_label(i) for i in infos]
    labels = [f"{b} ({Path(f).name})" if base.count(b) > 1 else b for b, f in zip(base, folders, strict=True)]
    return [f"{b} ({f})" if labels.count(lab) > 1 else lab
            for b, f, lab in zip(base, folders, labels, strict=True)]


def _comparable(table: pl.DataFrame, bots: Sequence[str] = ()) -> pl.DataFrame:
    """The rows of `table` (a source's metrics) that can be compared with the other side: no
    design or untested metric, none about which bot played — neither a BOT_METRICS metric nor a
    row of one of the source's `bots` (a group `heuristic`, `heuristic / total`; the table's
    players are all `table`)."""
    from playtest.compare.metrics import DESIGN_METRICS, is_tested

    keep = [m for m in table[C.METRIC].unique().to_list()
            if m not in DESIGN_METRICS and is_tested(m) and not any(b in m for b in BOT_METRICS)]
    group = pl.col(C.GROUP).cast(pl.String).fill_null("")
    of_a_bot = pl.lit(False)
    for bot in bots:
        of_a_bot = of_a_bot | (group == bot) | group.str.starts_with(f"{bot} / ")
    # A metric the games leave unestimated (a New Frontiers win lift when every player selected
    # the action in every game) has nothing to compare.
    return (table.filter(pl.col(C.METRIC).is_in(keep) & pl.col(C.ESTIMATE).is_not_null() & ~of_a_bot)
            .select(C.METRIC, group, C.ESTIMATE, C.DEFINITION)
            .unique([C.METRIC, C.GROUP], keep="first", maintain_order=True))


def _bots(src: Source) -> list[str]:
    """The bot names of `src`'s players (`table` for every player of a table game)."""
    return src.games["bot"].unique().drop_nulls().to_list() if "bot" in src.games.columns else []


def jackknife(src: Source, metric_fn: MetricFn, blocks: int | None = None, *,
              whole: Recorded | None = None, finish: Finish | None = None) -> pl.DataFrame:
    """Every comparable metric of `src` with its delete-a-group jackknife standard error.
    `whole`: `metric_fn`'s table of all of `src`'s games and its rows' parts (analysis/parts.py),
    when the caller has them already; `finish`: what turns each of `metric_fn`'s tables into the
    one compared (the categories completed). The tables without each block of games come from the
    rows' parts where every row has them (compare.jackknife.block_tables).

    Columns: metric, group, definition, estimate, se, df (blocks − 1), n (games)."""
    from playtest.compare.jackknife import Sample, block_tables

    ids = np.sort(src.games["game"].unique().to_numpy())
    k = min(blocks or len(ids), len(ids))
    bots = _bots(src)
    if whole is None:
        with recording() as filed:
            whole = metric_fn(src.info, src.games, src.events), dict(filed)

    def compared(table: pl.DataFrame) -> pl.DataFrame:
        return _comparable(table if finish is None else finish(table, src.info), bots)

    full = compared(whole[0])
    if k < 2:
        return full.with_columns(se=pl.lit(float("nan")), df=pl.lit(0), n=pl.lit(len(ids)))
    replicates = []
    tables = block_tables(Sample(src.info, src.games, src.events), metric_fn, whole, np.array_split(ids, k), ids)
    for i, table in enumerate(tables):
        est = compared(table)
        replicates.append(est.select(C.METRIC, C.GROUP, pl.col(C.ESTIMATE).alias(f"r{i}")))
    wide = full
    for r in replicates:
        wide = wide.join(r, on=[C.METRIC, C.GROUP], how="left")
    reps = wide.select([f"r{i}" for i in range(k)]).to_numpy().astype(float)
    # A metric undefined without some games (a NaN replicate) gets no interval: its se is NaN.
    # (np.nanmean warned "Mean of empty slice" on stderr for a metric with no replicate at all.)
    with np.errstate(invalid="ignore"):
        se = np.sqrt((k - 1) / k * ((reps - reps.mean(axis=1)[:, None]) ** 2).sum(axis=1))
    estimates = full[C.ESTIMATE].to_numpy().astype(float)
    with np.errstate(invalid="ignore"):
        se[se <= SE_ROUNDING * np.maximum(1.0, np.abs(estimates))] = 0.0  # rounding noise of a constant
    return wide.select(C.METRIC, C.GROUP, C.DEFINITION, C.ESTIMATE).with_columns(
        se=pl.Series(se, dtype=pl.Float64), df=pl.lit(k - 1), n=pl.lit(len(ids)),
        replicates=pl.Series(reps.tolist(), dtype=pl.List(pl.Float64)))


NON_NEGATIVE = frozenset({"score_sd", "game_length_rounds", "game_length_turns", "margin_of_victory"})
"""Metrics of every game's report that cannot be negative but have no upper limit: spreads,
lengths. A game declares its own (counts, means of counts) with `MetricInfo(non_negative=True)`."""

SE_ROUNDING = 1e-9
"""A standard error below this (relative to max(1, |estimate|)) is rounding noise: zero."""


MIN_GAMES = 4
"""The fewest games (table games, or a run's) an interval is given from. Every interval here is a
t interval on n − 1 df of an average over games (the jackknife over games), of half-width
t(0.975, n − 1)·s/√n, s the game-to-game spread; 95% of single games lie within ±1.96·s (normal).
Below 4 games the interval is the wider of the two — 4.30/√3 = 2.48 at 3 games, 12.71/√2 = 8.99
at 2 (on the log scale of a length or a margin a factor of e^(8.99·cv) each way) — so it says less
about the average than one game's spread does; at 4 games it is 3.18/√4 = 1.59.
tests/play/test_calibrate.py derives the number from that rule."""


def too_few(n: int, source: str = "table") -> str | None:
    """Why a source of `n` games gets no interval ('only 2 table games: too few for an interval;
    4 needed'), or None when it has enough (MIN_GAMES)."""
    if n >= MIN_GAMES:
        return None
    s = "" if n == 1 else "s"
    games = f"{n} table game{s}" if source == "table" else f"{n} game{s} in this run"
    return f"only {games}: too few for an interval; {MIN_GAMES} needed"


UNDEFINED = "not defined without some of the games: no standard error, no interval"
"""A metric some jackknife replicate leaves undefined (seen in one game only) has no interval."""


def no_interval(n: int, se: float, low: float, source: str = "table") -> str | None:
    """Why a row's interval is missing (`low` NaN), in words: too few games (`too_few`), the same
    value in every game (stats.NO_SPREAD) or no standard error (UNDEFINED); None when it has one."""
    from playtest.analysis.stats import NO_SPREAD

    if math.isfinite(low):
        return None
    return too_few(n, source) or (NO_SPREAD if se == 0 else UNDEFINED)


def value_range(metric: str, players: int, declared: MetricInfos | None = None) -> tuple[float, float]:
    """The values `metric` can take: shares (shown as rates) lie in [0, 1]; a share minus the
    base rate 1/P (an advantage or a lift) in [−1/P, 1 − 1/P]; NON_NEGATIVE ones, and those its
    game declares non-negative (`declared`: its GameSpec.metric_info), in [0, ∞)."""
    from playtest.report.format import kind

    k = kind(metric, declared)
    if k == "rate":
        return (0.0, 1.0)
    if k == "diff" and ("advantage" in metric or "lift" in metric) and players > 0:
        return (-1 / players, 1 - 1 / players)
    own = declared.get(metric) if declared else None
    if metric in NON_NEGATIVE or (own is not None and own.non_negative):
        return (0.0, math.inf)
    return (-math.inf, math.inf)


SCORE_VALUES = frozenset({"score_mean", *(f"score_{q}" for q in ("q10", "q25", "median", "q75", "q90"))})
"""Metrics whose values are those of one score part (group '<who> / <part>'): a mean or a
quantile of a part cannot go below the least value the part itself can take."""


def score_floor(metric: str, group: str | None, floors: Mapping[str, float]) -> float | None:
    """The floor the game declares (analysis/floors.py) for the score part this row is about —
    `score_mean`, a score quantile ('<who> / <part>') or `mean_score_<part>` — else None."""
    if not floors:
        return None
    if metric in SCORE_VALUES and group and " / " in group:
        return floors.get(group.rsplit(" / ", 1)[1])
    if metric.startswith("mean_score_"):
        return floors.get(metric.removeprefix("mean_score_"))
    return None


def interval(metric: str, est: float, se: float, df: int, n: int, players: int,
             floor: float | None = None, declared: MetricInfos | None = None) -> tuple[float, float]:
    """95% interval of `est` with standard error `se` (df: its degrees of freedom, n: games),
    inside the metric's value_range (see the module doc; `declared`: the game's metric_info),
    its lower end cut at `floor`: the least value the score part it is about can take
    (`score_floor`), as in the report's own `score_mean` (the cut interval covers whenever the
    uncut one does).

    A share the same in every game gets Wilson's interval over its games (wilson_effective); any
    other value the same in every game gets none (NaN), as the report's means and rates do
    (stats.NO_SPREAD): a zero-width interval would claim it cannot vary. Fewer than MIN_GAMES
    games get none either: such an interval is wider than the range that holds 95% of single games."""
    if not (math.isfinite(se) and df > 0 and math.isfinite(est)) or n < MIN_GAMES:
        return (float("nan"), float("nan"))
    t = dist.t_ppf(0.975, df)
    low, high = value_range(metric, players, declared)
    est = within_range(metric, est, players, declared)
    if math.isfinite(low) and math.isfinite(high) and high - low == 1.0 and low <= est <= high:
        lo, hi = wilson_effective(est - low, se, n, t)
        bounds = (lo + low, hi + low) if hi > lo else (est, est)  # (the same share in every game)
    elif se == 0:
        return (float("nan"), float("nan"))  # stats.NO_SPREAD
    elif low == 0 and est >= 0:
        if est == 0:
            bounds = (est, est + t * se)
        else:
            spread = math.exp(t * se / est)
            bounds = (est / spread, est * spread)
    else:
        bounds = (max(low, est - t * se), min(high, est + t * se))
    if floor is not None and est >= floor:
        bounds = (max(bounds[0], floor), bounds[1])
    assert bounds[0] <= bounds[1], (metric, est, se, bounds)
    return bounds


def within_range(metric: str, est: float, players: int, declared: MetricInfos | None = None) -> float:
    """`est` moved onto the nearer end of the metric's value_range when it lies outside by no
    more than rounding (SE_ROUNDING relative): New Frontiers' win lift over 6 games won every
    time averages to 0.6666666666666669, just above its top 2/3, and then got the inverted interval
    [0.6666666666666669, 0.6666666666666667]. Values further out are left as they are."""
    low, high = value_range(metric, players, declared)
    tol = SE_ROUNDING * max(1.0, abs(est))
    if low - tol <= est < low:
        return low
    if high < est <= high + tol:
        return high
    return est


def table_floor(se_run: float, n_run: int, n_table: int) -> float:
    """The standard error `n_table` games would have if they spread like the run's games."""
    if not math.isfinite(se_run) or n_table < 1:
        return float("nan")
    return se_run * math.sqrt(n_run / n_table)


@dataclass(frozen=True)
class Calibration:
    """The comparison: per metric and source (long table), per run (distance), flagged metrics."""

    metrics: pl.DataFrame
    runs: pl.DataFrame
    flags: pl.DataFrame
    table_games: int
    declared: MetricInfos = field(default_factory=dict)
    """What the game declares about its own metrics (GameSpec.metric_info): their kinds, as shown."""
    closest_without_one_game: dict[str, int] | None = None
    """Whether one table game decides `closest` (the runs' own games are not varied, so not a test
    that it is closer than the others): with each table game left out in turn, how often each run is the
    closest (its distance from the table's jackknife replicate without that game, standard errors
    kept). None below 3 table games."""

    @property
    def closest(self) -> str | None:
        ok = self.runs.filter(pl.col("metrics_compared") > 0)
        return ok.sort("distance")["run"][0] if ok.height else None

    def by_metric(self) -> pl.DataFrame:
        """One row per metric and group: the table's value and interval (and `no_interval`, why
        it has none), then `closest`, the run whose value is nearest the table's (the first run
        given on a tie; None without runs)."""
        m = self.metrics
        tab = m.filter(pl.col("source") == "table")
        runs = m.filter(pl.col("source") != "table")
        cols = [C.METRIC, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, *(["no_interval"] if "no_interval" in m.columns else [])]
        if not runs.height:
            return tab.select(cols).with_columns(closest=pl.lit(None))
        nearest = (runs.join(tab.select(C.METRIC, C.GROUP, pl.col(C.ESTIMATE).alias("t")), on=[C.METRIC, C.GROUP])
                   .with_columns(gap=(pl.col(C.ESTIMATE) - pl.col("t")).abs())
                   .sort("gap", maintain_order=True).group_by([C.METRIC, C.GROUP], maintain_order=True).first()
                   .select(C.METRIC, C.GROUP, pl.col("source").alias("closest")))
        return tab.select(cols).join(nearest, on=[C.METRIC, C.GROUP], how="left")


def calibrate(table: Source, runs: Sequence[Source], metric_fn: MetricFn) -> Calibration:
    """Compare the table games with each run (see the module docstring for the method)."""
    from playtest.analysis.offs import switched_off
    from playtest.compare.metrics import complete, distribution_groups

    players = int(table.info.get("players") or 0)
    declared = metric_info(table.info)
    # A category of a distribution (a game length, an end trigger, a crew taken first) that one
    # side or one jackknife replicate never had is 0%, as compare counts it: the table's one
    # 12-round game of four had no standard error (the replicate without it had no 12-round row),
    # and a length the runs reached but the table never did was not compared at all.
    # Each side's table of all its games is computed once: it gives the categories, and, completed
    # with them, the jackknife's estimates (computed twice before: 1 of the 10 metric tables of
    # 8 table games, 1 of the 22 of a run).
    sources = (table, *runs)
    recorded: list[Recorded] = []
    for s in sources:
        with recording() as filed:
            recorded.append((metric_fn(s.info, s.games, s.events), dict(filed)))
    groups = distribution_groups([w for w, _ in recorded])

    def finish(t: pl.DataFrame, info: dict[str, Any]) -> pl.DataFrame:
        return complete(t, groups, switched_off(info), declared=declared)

    table_whole, *run_wholes = recorded
    t = jackknife(table, metric_fn, whole=table_whole, finish=finish)
    table_floors = score_floors(table.info)
    rows: list[dict[str, Any]] = []
    floors: dict[tuple[str, str], list[float]] = {}
    summaries = []
    per_run_p: dict[tuple[str, str], list[float]] = {}
    n_table = int(t["n"][0]) if t.height else 0
    loo: dict[str, np.ndarray] = {}  # per run: its distance with each table game left out
    joined = [(run, t.join(jackknife(run, metric_fn, RUN_BLOCKS, whole=run_whole, finish=finish), on=[C.METRIC, C.GROUP],
                           how="inner", suffix="_run"))
              for run, run_whole in zip(runs, run_wholes, strict=True)]
    for _, both in joined:
        for m in both.iter_rows(named=True):
            floors.setdefault((m[C.METRIC], m[C.GROUP]), []).append(table_floor(m["se_run"], m["n_run"], m["n"]))
    # The table's standard error is the table's: one for every run, never narrower than the median
    # of what the runs' spreads give that many games (the table's interval below takes the same).
    # Each run's own floor favoured the bots whose games spread most: the New Frontiers example
    # games, recorded from greedy bots, read random (1.70) closer than greedy (2.55), random's wide
    # spread shrinking each of its z's.
    se_table = {key: float(np.nanmedian(f)) for key, f in floors.items() if not np.isnan(f).all()}
    for run, both in joined:
        loo_sq, loo_n = np.zeros(n_table), np.zeros(n_table)
        run_floors = score_floors(run.info)
        zs = []
        no_spread = 0
        for m in both.iter_rows(named=True):
            lo, hi = interval(m[C.METRIC], m["estimate_run"], m["se_run"], m["df_run"], m["n_run"], players,
                              score_floor(m[C.METRIC], m[C.GROUP], run_floors), declared)
            se_t = max(m["se"], se_table.get((m[C.METRIC], m[C.GROUP]), math.nan))
            se = math.hypot(se_t, m["se_run"]) if math.isfinite(se_t) and math.isfinite(m["se_run"]) else math.nan
            z = (m[C.ESTIMATE] - m["estimate_run"]) / se if math.isfinite(se) and se > 0 else None
            gap = abs(m[C.ESTIMATE] - m["estimate_run"])
            if se == 0 and gap > SE_ROUNDING * max(1.0, abs(m[C.ESTIMATE])):
                no_spread += 1  # differs, but neither side varies: no scale to measure the gap on
            df = max(1, min(m["df"], m["df_run"]))
            p = 2 * dist.t_sf(abs(z), df) if z is not None else None
            rows.append({"metric": m[C.METRIC], "group": m[C.GROUP], "definition": m[C.DEFINITION],
                         "source": run.label, "estimate": within_range(m[C.METRIC], m["estimate_run"], players, declared),
                         "ci_low": lo, "ci_high": hi, "no_interval": no_interval(m["n_run"], m["se_run"], lo, run.label),
                         "se": m["se_run"], "z": z, "p_value": p})
            if z is not None:
                zs.append(z)
                reps = np.array(m.get("replicates") or [math.nan] * n_table, dtype=float)
                if len(reps) == n_table:
                    ok = np.isfinite(reps)
                    loo_sq[ok] += ((reps[ok] - m["estimate_run"]) / se) ** 2
                    loo_n[ok] += 1
                per_run_p.setdefault((m[C.METRIC], m[C.GROUP]), []).append(p)  # type: ignore[arg-type]
        with np.errstate(invalid="ignore", divide="ignore"):
            loo[run.label] = np.sqrt(loo_sq / loo_n)  # NaN where nothing was compared
        summaries.append({"run": run.label, "games": run.games["game"].n_unique(),
                          "distance": math.sqrt(sum(z * z for z in zs) / len(zs)) if zs else None,
                          "metrics_compared": len(zs),
                          "within_interval": sum(abs(z) < 1.96 for z in zs),
                          "differ_no_spread": no_spread})
    for m in t.iter_rows(named=True):
        floor = floors.get((m[C.METRIC], m[C.GROUP]))
        se = max(m["se"], float(np.nanmedian(floor))) if floor and not np.isnan(floor).all() else m["se"]
        lo, hi = interval(m[C.METRIC], m[C.ESTIMATE], se, m["df"], m["n"], players,
                          score_floor(m[C.METRIC], m[C.GROUP], table_floors), declared)
        rows.append({"metric": m[C.METRIC], "group": m[C.GROUP], "definition": m[C.DEFINITION],
                     "source": "table", "estimate": within_range(m[C.METRIC], m[C.ESTIMATE], players, declared),
                     "ci_low": lo, "ci_high": hi, "no_interval": no_interval(m["n"], se, lo),
                     "se": se, "z": None, "p_value": None})
    metrics = pl.DataFrame(rows, schema={"metric": pl.String, "group": pl.String, "definition": pl.String,
                                         "source": pl.String, "estimate": pl.Float64, "ci_low": pl.Float64,
                                         "ci_high": pl.Float64, "no_interval": pl.String, "se": pl.Float64,
                                         "z": pl.Float64, "p_value": pl.Float64})
    flags = _flags(metrics, per_run_p, len(runs), declared)
    stays = None
    if n_table >= 3 and loo:
        stays = dict.fromkeys(loo, 0)
        for i in range(n_table):
            dists = {label: d[i] for label, d in loo.items() if math.isfinite(d[i])}
            if dists:
                stays[min(dists, key=lambda label: dists[label])] += 1  # the first given on a tie, as `closest`
    return Calibration(metrics, pl.DataFrame(summaries, schema={"run": pl.String, "games": pl.Int64,
                                                                 "distance": pl.Float64,
                                                                 "metrics_compared": pl.Int64,
                                                                 "within_interval": pl.Int64,
                                                                 "differ_no_spread": pl.Int64}),
                       flags, t["n"][0] if t.height else 0, declared, stays)


def _flags(metrics: pl.DataFrame, per_run_p: dict[tuple[str, str], list[float]], n_runs: int,
           declared: MetricInfos | None = None) -> pl.DataFrame:
    """Metrics where the table differs from every run (Holm over metrics, intersection–union);
    `declared`: the game's metric_info, which says how a sentence writes each metric's values."""
    keys = [k for k, ps in per_run_p.items() if len(ps) == n_runs and n_runs > 0]
    adjusted = holm([max(per_run_p[k]) for k in keys])
    out = []
    for key, p_adj in zip(keys, adjusted, strict=True):
        if not p_adj < ALPHA:  # NaN (no test) flags nothing
            continue
        rows = metrics.filter((pl.col("metric") == key[0]) & (pl.col("group") == key[1]))
        tab = rows.filter(pl.col("source") == "table").row(0, named=True)
        others = rows.filter(pl.col("source") != "table")
        # The table above every run, below every run, or between them and unlike each (the
        # intersection-union test asks only that it differ from each run, on either side).
        side = ("higher" if (others["estimate"] < tab["estimate"]).all() else
                "lower" if (others["estimate"] > tab["estimate"]).all() else "between")
        nearest = (others.with_columns(gap=(pl.col("estimate") - tab["estimate"]).abs())
                   .sort("gap", maintain_order=True).row(0, named=True))
        flag = {"metric": key[0], "group": key[1], "table": tab["estimate"], "table_low": tab["ci_low"],
                "table_high": tab["ci_high"], "nearest_run": nearest["source"], "nearest": nearest["estimate"],
                "p_holm": float(p_adj), "side": side}
        out.append({**flag, "sentence": sentence(metric_words(*key), flag, declared)})
    return pl.DataFrame(out, schema={"metric": pl.String, "group": pl.String, "table": pl.Float64,
                                     "table_low": pl.Float64, "table_high": pl.Float64, "nearest_run": pl.String,
                                     "nearest": pl.Float64, "p_holm": pl.Float64, "side": pl.String,
                                     "sentence": pl.String})


def metric_words(metric: str, group: str | None) -> str:
    """A flag's metric and group as its JSON `sentence` names them: by their ids ('crew first pick
    rate (bays)'). The reports title them as `compare` does (report.calibration.flag_sentences)."""
    return metric.replace("_", " ") + group_words(group)


def group_words(group: str | None) -> str:
    """' (bays)' after a flag's metric; nothing for a metric of the whole game (group 'all'), as
    compare's lines name none (compare.render.row_title): 'Winning margin (points) (all)' read as
    if it had groups."""
    return f" ({group})" if group and group != "all" else ""


def sentence(what: str, flag: Mapping[str, Any], declared: MetricInfos | None = None) -> str:
    """A flag (a row of `Calibration.flags`) in words, `what` naming its metric and group:
    'crew first pick rate (bays): your table 2.0% [0.1%, 9.0%]; no bot run is as low (...)'. A
    table between the runs, unlike each, is said so: 'no bot run is as low' was written of a
    table with runs on both sides of it. Its values are written as compare and the tables write
    the metric's (report.format.value: a share as a percentage, where the sentence read 0.02;
    `declared`: the game's metric_info)."""
    from playtest.report.format import kind, value

    k = kind(str(flag["metric"]), declared)

    def fmt(x: float | None) -> str:
        return value(x, k)

    # No interval (too few table games, no spread): '[–, –]' read as an interval of unknown ends.
    low, high = fmt(flag["table_low"]), fmt(flag["table_high"])
    iv = f" [{low}, {high}]" if low != "–" or high != "–" else " (no interval)"
    nearest = f"the nearest, {flag['nearest_run']}, {fmt(flag['nearest'])}"
    if flag["side"] == "between":
        return (f"{what}: your table {fmt(flag['table'])}{iv}; between the bot runs, and unlike each of them "
                f"({nearest})")
    side = flag["side"]
    return (f"{what}: your table {fmt(flag['table'])}{iv}; "
            f"no bot run is as {'high' if side == 'higher' else 'low'} ({nearest}) — the table's is {side} "
            "than every run's")
