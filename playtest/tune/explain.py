"""`playtest explain`: which rule moves which number, from a sweep's points or a tune's trials.

The design is one row per point (sweep) or per distinct trial (tune): the keys' values and the
responses (a sweep's key metrics by group; a tune's goal quantities and objective). For each
response a linear model of the response on every varied key (numbers as they are, choices as
indicator columns against a reference value) gives each key's effect per step with its 95%
interval, and a standardised effect (effect × sd of the key column / sd of the response) to
compare them across keys and responses. Effects are ranked by the smallest standardised size
their interval allows, then by p-value (RANK): the standardised estimate alone is about ±1 for
every effect of a sweep with few points.

Intervals:
- a sweep knows each point's own 95% interval: weighted least squares with weights 1/se²
  (se from the interval's width); when the model fits clearly worse than those errors allow
  (Pearson's χ² beyond its 95% point, LACK_OF_FIT_ALPHA) the covariance is scaled up by χ²/df and
  Student's t is used; the scale and the
  p-value of that χ² are fields of every effect (`lack_of_fit_scale`, `lack_of_fit_p`), which the
  report reads to name the numbers a straight line does not fit. Sweep points share
  seeds (common random numbers), which makes their errors positively correlated: the intervals
  of differences between points are then conservative.
- a tune's trials have no per-trial error: ordinary least squares, residual variance, Student's
  t. Trials that repeat an earlier candidate are left out (they would count one result twice).
Effects are *strong* when their p-value stays below 0.05 after Holm's adjustment over every
effect of the run; each strong effect gets one plain sentence.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import distributions as dist
from playtest.analysis.metrics import metric_info
from playtest.analysis.unread import Unread, unread_in
from playtest.compare.render import metric_title
from playtest.compare.stats import holm
from playtest.core.spec import MetricInfos
from playtest.errors import PlaytestError
from playtest.filekinds import OUTPUT_KINDS, output_kind
from playtest.io import for_polars, not_folder, not_regular, read_regular
from playtest.jsonplaces import located
from playtest.polars_panics import panics_as_errors
from playtest.report import format as F
from playtest.sim.rundir import check_items, check_keys, first_line, read_json
from playtest.suggest import guess
from playtest.variants.source import REMOVE_TAG

Z95 = 1.959963984540054
LACK_OF_FIT_ALPHA = 0.05
"""A sweep's line is scaled for lack of fit only when its χ² says so at this level. Scaled
whenever χ²/df > 1, as before 2026-12-05, a 3-point sweep (1 df left) had a third of its
effects' intervals widened 6.5-fold or more (Student's t on 1 df) by chance alone, and
clear effects read as noise; docs/tune.md gives the simulation."""


@dataclass(frozen=True)
class Key:
    name: str
    numeric: bool
    levels: tuple[str, ...] = ()
    """Choices in order (the first is the reference); empty for a numeric key."""


@dataclass(frozen=True)
class Response:
    column: str
    label: str
    metric: str
    difference: bool = False
    """True when the quantity is itself a difference (a spread, a change, a gap)."""
    title: str = ""
    """The quantity in words, its metric titled as `compare` titles it (`Crew taken first in a
    round (armstrong)`): what the text, the tables and the chart write. `label` keeps the metric's id
    (`crew_first_pick_rate (armstrong)`): explain.json's `response`, which JSON readers match on.
    Empty: the label."""

    @property
    def shown(self) -> str:
        return self.title or self.label


@dataclass
class Design:
    source: str
    run_dir: Path
    keys: list[Key]
    responses: list[Response]
    rows: pl.DataFrame
    se: dict[str, str] = field(default_factory=dict)
    """Response column → its standard-error column (sweeps)."""
    bots: tuple[str, ...] = ()
    games: int = 0
    declared: MetricInfos = field(default_factory=dict)
    """What the game of the explained runs declares about its own metrics (GameSpec.metric_info)."""
    unread: Unread | None = None
    """Every bot of the line-up ignores every swept or tuned key (GameSpec.unread_keys): the play
    is the same at every point, and the reports say so beside the effects."""
    not_fitted: dict[str, str] = field(default_factory=dict)
    """Response column → why no straight line is fitted to it (a tune's objective whose goals'
    quantities lie on both sides of their targets: `folded_goals`)."""


def declared_in(run_dir: Path) -> MetricInfos:
    """The GameSpec.metric_info of the game the sweep or tune in `run_dir` played: named by its
    sweep.json (`run.game`) or tune.json (`game`), or, in folders written before they named it,
    by the run.json of a run it keeps there (`runs/<point>/`, `runs/base/`). None found (the runs
    deleted): {}, every metric written by its name."""
    for name, where in (("sweep.json", ("run", "game")), ("tune.json", ("game",))):
        try:
            doc: Any = json.loads(read_regular(run_dir / name).decode("utf-8"))  # (a named pipe: never waited on)
        except (OSError, ValueError):
            continue
        for part in where:
            doc = doc.get(part) if isinstance(doc, dict) else None
        if isinstance(doc, str):
            return metric_info({"game": doc})
    for path in sorted(run_dir.glob("runs/*/run.json")):
        try:
            info = json.loads(read_regular(path).decode("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(info, dict) and isinstance(info.get("game"), str):
            return metric_info(info)
    return {}


def read_design(run_dir: Path, metrics: list[str] | None = None) -> Design:
    """A sweep folder (sweep.json) or a tune folder (tune.json + trials.parquet) → Design."""
    try:
        if (run_dir / "tune.json").is_file() and (run_dir / "trials.parquet").is_file():
            if metrics:  # it was ignored: the explanation of every goal was written as if it had chosen them
                raise PlaytestError(f"--metric {metrics[0]}: {run_dir} is a tune's output, whose goals and "
                                    "objective are all explained; --metric chooses among a sweep's metrics")
            return _tune_design(run_dir)
        if (run_dir / "sweep.json").is_file():
            return _sweep_design(run_dir, metrics)
    except pl.exceptions.PolarsError as exc:  # values of an edited file that its checks let through
        source = "tune.json and trials.parquet" if (run_dir / "tune.json").is_file() else "sweep.json"
        raise PlaytestError(f"{run_dir}: cannot read {source}: {first_line(exc)}") from None
    if not run_dir.is_dir():
        raise PlaytestError(f"{run_dir}: {not_folder(run_dir, 'sweep or tune output folder')}")
    # A named pipe (a device, a folder) where sweep.json or tune.json stands is said as what it is, as
    # every other reader says it: it read "not a sweep or tune output". trials.parquet only beside a tune.json.
    names = ("tune.json", "trials.parquet", "sweep.json") if (run_dir / "tune.json").is_file() else ("tune.json", "sweep.json")
    for there in (run_dir / name for name in names):
        if os.path.lexists(there) and not there.is_file():
            raise PlaytestError(f"{there}: {not_regular(there)}")
    raise PlaytestError(f"{run_dir}: not a sweep or tune output (no sweep.json, or tune.json with trials.parquet)")


def _bots(path: Path, lineup: list[Any] | None, where: str) -> tuple[str, ...]:
    """The line-up the file names (its heading prints it), each entry a bot name."""
    for seat, bot in enumerate(lineup or []):
        if not isinstance(bot, str) or not bot.strip():
            raise PlaytestError(f"{located(path, f'{where}lineup.{seat}')}: expected a bot name, got {json.dumps(bot)}")
    return tuple(lineup or [])


SWEEP_COLUMNS = ("point", "metric", "group", "estimate", "ci_low", "ci_high")
"""The columns of sweep.json's rows that explain reads (besides one per swept key)."""


def _check_kind(path: Path, doc: dict[str, Any], kind: str) -> None:
    """A document playtest wrote of another kind in the place of sweep.json or tune.json (a
    run.json, compare.json, a tune's JSON as sweep.json) is said as what it is, in one line: it
    read 'sweep.json:1:1: run: required key is missing'."""
    found = output_kind(doc)
    if found is None or doc.get(found[0]) == kind:
        return
    key, what = found
    raise PlaytestError(f"{located(path, key)}: this is {what}, not {OUTPUT_KINDS[kind]}: explain reads the "
                        "--out folder of `playtest sweep` or `playtest tune`")


def _sweep_design(run_dir: Path, metrics: list[str] | None) -> Design:
    path = run_dir / "sweep.json"
    doc = read_json(path)
    _check_kind(path, doc, "playtest-sweep")
    check_keys(path, doc, {"run": (dict,), "rows": (list,)})
    check_keys(path, doc, {"key_metrics": (list,)}, optional=True)
    if not all(isinstance(m, str) for m in doc.get("key_metrics") or []):
        raise PlaytestError(f"{located(path, 'key_metrics')}: expected a list of metric names")
    run = doc["run"]
    check_keys(path, run, {"axes": (list,)}, "run.")
    check_keys(path, run, {"lineup": (list,), "games": (int,)}, "run.", optional=True)
    axes = check_items(path, run["axes"], "run.axes", {"key": (str,), "values": (list,)})
    rows = check_items(path, doc["rows"], "rows", {})
    if not axes or not rows:
        raise PlaytestError(f"{located(path, 'rows' if axes else 'run.axes')}: no {'rows' if axes else 'axes'}")
    keys = []
    for a in axes:
        values = a["values"]
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        keys.append(Key(a["key"], numeric, () if numeric else tuple(v if isinstance(v, str) else json.dumps(v) for v in values)))
    try:
        table = pl.DataFrame(rows)
    except (TypeError, ValueError, pl.exceptions.PolarsError) as exc:
        raise PlaytestError(f"{located(path, 'rows')}: not a table of results ({first_line(exc)})") from None
    missing = [c for c in (*SWEEP_COLUMNS, *(k.name for k in keys)) if c not in table.columns]
    if missing:
        raise PlaytestError(f"{located(path, 'rows')}: no column {', '.join(missing)}")
    wrong = [c for c in ("estimate", "ci_low", "ci_high") if not (table.schema[c].is_numeric() or table.schema[c] == pl.Null)]
    if wrong:
        raise PlaytestError(f"{located(path, 'rows')}: column {wrong[0]} holds {table.schema[wrong[0]]}, expected numbers")
    wanted = metrics or doc.get("key_metrics") or []
    unknown = [m for m in wanted if m not in set(table["metric"].to_list())]
    if unknown:
        known = ", ".join(map(str, dict.fromkeys(table["metric"].to_list())))
        if not metrics:  # the file's own list names it, not the user
            raise PlaytestError(f"{located(path, 'key_metrics')}: {json.dumps(unknown[0])} is not a metric of its rows "
                                f"(known: {known})")
        likely = guess(unknown[0], list(dict.fromkeys(table["metric"].to_list())))
        hint = f"did you mean {likely!r}? " if likely else ""
        raise PlaytestError(f"--metric {unknown[0]}: no such metric in this sweep ({hint}known: {known})")
    table = table.filter(pl.col("metric").is_in(wanted))
    declared = declared_in(run_dir)
    # One row per point: key values, then per (metric, group) the estimate and its se.
    points = table.select("point", *[k.name for k in keys]).unique("point", maintain_order=True)
    responses: list[Response] = []
    se: dict[str, str] = {}
    for (m, g), part in table.group_by(["metric", "group"], maintain_order=True):
        grouped = g not in ("", "all", None)
        col = f"{m} ({g})" if grouped else str(m)
        title = metric_title(str(m), declared) + (f" ({g})" if grouped else "")
        half = (pl.col("ci_high") - pl.col("ci_low")) / (2 * Z95)
        part = part.select("point", pl.col("estimate").cast(pl.Float64).alias(col),
                           half.cast(pl.Float64).alias(f"{col} se"))
        points = points.join(part, on="point", how="left")
        responses.append(Response(col, col, str(m), F.kind(str(m), declared) == "diff", title))
        se[col] = f"{col} se"
    for k in keys:
        if k.numeric:
            points = points.with_columns(pl.col(k.name).cast(pl.Float64))
    bots = _bots(path, run.get("lineup"), "run.")
    return Design("sweep", run_dir, keys, responses, points, se, bots, int(run.get("games") or 0),
                  declared, unread_in(run.get("game"), bots, [k.name for k in keys], "every point"))


def _base_groups(run_dir: Path) -> dict[str, frozenset[str]]:
    """Each goal metric's groups in the base's own table (tune's base-metrics.parquet), {} when the
    folder has none or it cannot be read (the trials' shown groups are then all there is)."""
    from playtest.tune.search import BASE_METRICS

    if not (run_dir / BASE_METRICS).is_file():  # (a named pipe: polars waited for a writer for ever)
        return {}
    try:
        with panics_as_errors():
            table = pl.read_parquet(for_polars(run_dir / BASE_METRICS), columns=["metric", "group"], glob=False)
    except (OSError, pl.exceptions.PolarsError):
        return {}
    out: dict[str, set[str]] = {}
    for metric, group in table.iter_rows():
        out.setdefault(str(metric), set()).add("" if group is None else str(group))
    return {m: frozenset(g) for m, g in out.items()}


def _quantity(goal: dict[str, Any], shown: frozenset[str] = frozenset(), title: str | None = None) -> str:
    """What a goal measures, as a noun: `win_gap (late-placer − early-placer)`, `the largest gap
    in win_rate_by_seat`, `the change in crew_pick_rate (bays)`. `shown`: the groups the trials
    showed it on (trials.parquet `goal_N_group`). A goal that names no group covers every group
    and takes the worst: over crews that read "raises crew_first_pick_rate by 1.8 pts", as if
    of every crew's picks together, where it was the highest crew's rate (`(every group)`); a
    metric of one group, `all`, stays plain. `title`: the metric as `compare` titles it, in its
    id's place (Response.title)."""
    groups = goal.get("groups") or []
    metric = title or goal["metric"]
    if not groups and shown - {"all", ""} and goal["of"] != "spread":
        return f"the worst {'change in' if goal['of'] == 'change' else 'of'} {metric} (every group)"
    where = f" ({', '.join(map(str, groups))})" if groups else ""
    if goal["of"] == "spread":
        return f"the largest gap in {metric}{where}"
    if goal["of"] == "change":
        return f"the change in {metric}{where}"
    return f"{metric}{where}" if len(groups) <= 1 else f"the worst of {metric}{where}"


def bots_text(bots: tuple[str, ...]) -> str:
    """`greedy ×4`, or the line-up by seat."""
    if bots and len(set(bots)) == 1:
        return f"{bots[0]} ×{len(bots)}"
    return ", ".join(bots)


def _tune_design(run_dir: Path) -> Design:
    path = run_dir / "tune.json"
    doc = read_json(path)
    _check_kind(path, doc, "playtest-tune")
    check_keys(path, doc, {"params": (list,), "goals": (list,)})
    check_keys(path, doc, {"lineup": (list,), "games": (int,)}, optional=True)
    params = check_items(path, doc["params"], "params", {"key": (str,), "numeric": (bool,)})
    for i, p in enumerate(params):
        if not p["numeric"]:
            check_keys(path, p, {"choices": (list,)}, f"params.{i}.")
    goals = check_items(path, doc["goals"], "goals", {"metric": (str,), "of": (str,)})
    for i, g in enumerate(goals):
        check_keys(path, g, {"groups": (list,)}, f"goals.{i}.", optional=True)
    trials_path = run_dir / "trials.parquet"
    try:
        with panics_as_errors():  # (a damaged page: polars panicked, a traceback and exit 1)
            trials = pl.read_parquet(for_polars(trials_path), glob=False)
    except (OSError, pl.exceptions.PolarsError) as exc:
        raise PlaytestError(f"{trials_path}: cannot read: {exc}") from None
    keys = [Key(p["key"], p["numeric"], () if p["numeric"] else tuple(map(str, p["choices"]))) for p in params]
    missing = [c for c in (*(k.name for k in keys), "state", "repeat_of", "objective",
                           *(f"goal_{i + 1}" for i in range(len(goals)))) if c not in trials.columns]
    if missing:
        raise PlaytestError(f"{trials_path}: no column {missing[0]} (named by {path}'s params and goals)")
    # As sweep.json's estimates are: a response of another type stopped the fit with "internal error:
    # InvalidOperationError: `is_not_nan` operation not supported for dtype `str`".
    wrong = [c for c in ("objective", *(f"goal_{i + 1}" for i in range(len(goals))))
             if not (trials.schema[c].is_numeric() or trials.schema[c] == pl.Null)]
    if wrong:
        raise PlaytestError(f"{trials_path}: column {wrong[0]} holds {trials.schema[wrong[0]]}, expected numbers")
    # A trial whose objective is undefined (a goal's metric switched off there) still measured
    # the other goals: each response is fitted where it has a value (`effects`), not only at the
    # trials where every goal has one.
    trials = trials.filter((pl.col("state") == "complete") & pl.col("repeat_of").is_null())
    declared = declared_in(run_dir)
    shown = [frozenset(trials[f"goal_{i + 1}_group"].drop_nulls().cast(pl.String).to_list())
             if f"goal_{i + 1}_group" in trials.columns else frozenset() for i in range(len(goals))]
    # A metric of one group (Oh-Seven's rebids_mean: 'mean per round') has no worst group to name:
    # it read "raises the worst of rebids_mean (every group)". Only where the base has that one group
    # and no trial showed another.
    base_groups = _base_groups(run_dir)
    shown = [frozenset() if len(one := base_groups.get(g["metric"], frozenset())) == 1 and s <= one else s
             for g, s in zip(goals, shown, strict=True)]
    responses = [Response(f"goal_{i + 1}", _quantity(g, shown[i]), g["metric"],
                          g["of"] in ("spread", "change") or F.kind(g["metric"], declared) == "diff",
                          _quantity(g, shown[i], metric_title(g["metric"], declared)))
                 for i, g in enumerate(goals)]
    responses.append(Response("objective", "the objective (the weighted distance to the goals)", "objective"))
    for k in keys:
        if k.numeric:
            trials = trials.with_columns(pl.col(k.name).cast(pl.Float64))
    folded = folded_goals(goals, trials, responses, declared)
    not_fitted = {"objective": (f"{'; '.join(folded)}, so the distance to {'it' if len(folded) == 1 else 'them'} "
                                "falls and then rises across the trials (the tune's own report says where the "
                                "objective is lowest)")} if folded else {}
    bots = _bots(path, doc.get("lineup"), "")
    return Design("tune", run_dir, keys, responses, trials, {}, bots, int(doc.get("games") or 0),
                  declared, unread_in(doc.get("game"), bots, [k.name for k in keys], "every trial"), not_fitted)


def folded_goals(goals: list[dict[str, Any]], trials: pl.DataFrame, responses: list[Response],
                 declared: MetricInfos | None = None) -> list[str]:
    """The goals whose trials lie on both sides of the target (or below `min` and above `max`),
    each as 'over the trials, margin_of_victory lies on both sides of its target 6 points (4.73
    to 11.8 points)', in the units explain's table writes (a share's gap in points). The objective
    sums distances to the goals, so over such a goal it is V-shaped: a straight line through it
    read "raising scoring.exact_bonus by 1 raises the objective by 1.04 [0.45, 1.63]" (strong) of
    trials whose objective was lowest at 1 of 0 to 5. A quantity that only rounding puts on the
    other side (a seat spread of 0.09999999999999998 under `target: 0.1`, as 0.3667 − 0.2667 is)
    does not count: the objective's line was refused over trials all at or above the target."""
    out = []
    for i, (goal, resp) in enumerate(zip(goals, responses, strict=False)):
        q = trials[f"goal_{i + 1}"].cast(pl.Float64, strict=False).drop_nulls()
        q = q.filter(q.is_finite())
        if q.len() < 2:
            continue
        low, high = float(q.min()), float(q.max())  # type: ignore[arg-type]
        target, lo, hi = (goal.get(k) for k in ("target", "min", "max"))
        span = f"({_level(low, resp, declared)} to {_level(high, resp, declared)})"
        if isinstance(target, int | float) and _below(low, target) and _below(target, high):
            out.append(f"over the trials, {resp.shown} lies on both sides of its target {_level(target, resp, declared)} {span}")
        elif isinstance(lo, int | float) and isinstance(hi, int | float) and _below(low, lo) and _below(hi, high):
            out.append(f"over the trials, {resp.shown} lies both below its min {_level(lo, resp, declared)} and above its max "
                       f"{_level(hi, resp, declared)} {span}")
    return out


def _below(x: float, limit: float) -> bool:
    """x lies below `limit` by more than a float's rounding."""
    return x < limit - 1e-9 * max(1.0, abs(limit))


def _level(x: float, resp: Response, declared: MetricInfos | None) -> str:
    """A goal's quantity, target or limit as explain's table writes its metric: '45.0%' for a
    share, '10.0 pts' for a gap of shares, '6 rounds' for a mean."""
    if F.kind(resp.metric, declared) == "rate" and not resp.difference:
        return F.value(x, "rate")
    return "".join(amount(x, resp.metric, resp.difference, declared))


# --- the model ----------------------------------------------------------------------------------


EFFECT_SCHEMA: dict[str, pl.DataType] = {
    "response": pl.String(), "title": pl.String(), "metric": pl.String(), "key": pl.String(), "level": pl.String(),
    "reference": pl.String(), "step": pl.Float64(), "estimate": pl.Float64(), "ci_low": pl.Float64(),
    "ci_high": pl.Float64(), "std_effect": pl.Float64(), "std_low": pl.Float64(), "std_high": pl.Float64(),
    "p_value": pl.Float64(), "p_holm": pl.Float64(), "strong": pl.Boolean(), "n": pl.Int64(), "df": pl.Int64(),
    "method": pl.String(), "difference": pl.Boolean(), "points": pl.Int64(),
    "lack_of_fit_scale": pl.Float64(), "lack_of_fit_p": pl.Float64(),
}
"""`response`: the quantity with its metric's id (`crew_first_pick_rate (armstrong)`), which JSON
readers match on; `title`: the same in words (Response.title), what the text writes.
`n`: the points (or trials) the effect was fitted on, those where the response has a value;
`points`: all of them. Fewer when the response is switched off or never seen at some.
`lack_of_fit_scale`, `lack_of_fit_p` (a weighted fit on a sweep's point errors; null for a fit
without them, and the p for one with no degrees of freedom left): the factor its covariance was scaled by, Pearson
χ²/df when that p is below LACK_OF_FIT_ALPHA, else 1, and the p-value of Pearson's χ² on df degrees
of freedom — below 0.05, the straight line fits the response clearly worse than its points' own
errors allow (a curve)."""


EXACT_FIT = 1e-20
"""A residual variance below this share of the response's mean square is an exact fit (what is
left is rounding)."""
ROUNDING = 1e-12
"""An effect smaller than this share of the sum of the absolute terms that compute it (the
weights times the values) is rounding: it is 0."""
SAME_VALUE = 1e-12
"""A response whose values at the points differ by less than this (relative to max(1, |value|))
is the same everywhere: one mean summed in another order differs in its last bits (0.26 and
0.25999999999999995), and ranked as a standardised effect of -7."""


def _step(values: np.ndarray) -> float:
    """The step a sentence speaks of: 1 for whole-number keys, else a round power of ten."""
    if np.all(np.equal(np.mod(values, 1), 0)):
        return 1.0
    span = float(values.max() - values.min())
    return 10.0 ** math.floor(math.log10(span)) if span > 0 else 1.0


def _columns(design: Design, rows: pl.DataFrame) -> list[tuple[Key, str, str, np.ndarray]]:
    """(key, level, reference, column) for every varied key: one numeric column, or one
    indicator per non-reference level that occurs."""
    cols = []
    for k in design.keys:
        if k.numeric:
            x = rows[k.name].to_numpy().astype(float)
            if np.ptp(x) > 0:
                cols.append((k, "", "", x))
            continue
        present = [lv for lv in (k.levels or tuple(dict.fromkeys(rows[k.name].to_list()))) if lv in set(rows[k.name].to_list())]
        if len(present) < 2:
            continue
        ref = present[0]
        for lv in present[1:]:
            cols.append((k, lv, ref, (rows[k.name] == lv).to_numpy().astype(float)))
    return cols


LEAST = (pl.when(pl.col("std_low") > 0).then(pl.col("std_low"))
         .when(pl.col("std_high") < 0).then(-pl.col("std_high"))
         .when(pl.col("std_low").is_not_null()).then(0.0))
"""The smallest size |standardised effect| its 95% interval allows: the end of the interval
nearest 0, or 0 when the interval holds 0; null without an interval (an exact fit)."""

RANK = [pl.col("strong"), LEAST, pl.col("p_value"), pl.col("std_effect").abs()]
"""How `effects` ranks (strong effects first, then descending, ascending, descending): by the
smallest standardised size each effect's interval allows, then by p-value, then by the point
estimate's size. The standardised point estimate alone ranks by how straight a line the points
make, not by how clearly a key moves a number: a key's effect fitted at three points has a
standardised effect near ±1 whatever its size against its errors (a one-key fit's is about the
points' correlation), so on a 3-point sweep -0.3 pts [-0.9, 0.4] (standardised -1.01) ranked
above -8.9 pts [-15.4, -2.5] (-0.98). Ranked on the interval's near end, an effect whose own 95%
interval excludes 0 comes before one whose interval holds 0, and of two such the one whose
interval reaches less near 0 comes first (own intervals, before Holm's correction: the order says
where to look; only `strong` is a claim); among effects whose interval holds 0 (all at size 0
by that measure) the smaller p-value — the clearer evidence of any effect — comes first. Exact
fits (no interval, no p-value) come last, by their size."""


def unmoved(design: Design) -> list[Response]:
    """The responses (of those fitted) whose finite values are the same at every point and trial
    (`effects` skips them: nothing moved them), in order."""
    out = []
    for resp in design.responses:
        if resp.column in design.not_fitted:
            continue
        y = design.rows.filter(pl.col(resp.column).is_not_null() & pl.col(resp.column).is_finite())[resp.column]\
            .to_numpy().astype(float)
        if y.size >= 2 and np.ptp(y) <= SAME_VALUE * max(1.0, float(np.abs(y).max())):
            out.append(resp)
    return out


def effects(design: Design) -> pl.DataFrame:
    """Every key's effect on every response (EFFECT_SCHEMA), ranked (RANK): strong first, then by
    the smallest |standardised effect| its interval allows, then by p-value."""
    out: list[dict[str, Any]] = []
    for resp in design.responses:
        if resp.column in design.not_fitted:
            continue  # folded (a tune's objective across its goals' targets): no line describes it
        # Finite values only: NaN and ±inf are a trial's undefined objective, not a number to fit.
        rows = design.rows.filter(pl.col(resp.column).is_not_null() & pl.col(resp.column).is_finite())
        n = rows.height
        if n < 2:
            continue  # a number estimated at fewer than two points (e.g. a lift no point estimated)
        cols = _columns(design, rows)
        if not cols:
            continue
        y = rows[resp.column].to_numpy().astype(float)
        with np.errstate(over="ignore"):
            if not np.isfinite(y @ y):  # 1e308 in an edited file: squared, it overflowed (numpy's warnings on stderr)
                continue
        if np.ptp(y) <= SAME_VALUE * max(1.0, float(np.abs(y).max())):
            continue  # the same at every point: nothing moved it (its sd is rounding, not 0)
        sd_y = float(y.std(ddof=1))
        X = np.column_stack([np.ones(n)] + [c[3] for c in cols])
        p = X.shape[1]
        if np.linalg.matrix_rank(X) < p:
            continue  # keys confounded in this design: no separate effects
        df = n - p
        se_col = design.se.get(resp.column)
        se = rows[se_col].to_numpy().astype(float) if se_col else None
        weighted = se is not None and bool(np.all(np.isfinite(se))) and bool(np.any(se > 0))
        scale: float | None = None
        lack_p: float | None = None
        if weighted:
            assert se is not None
            floor = float(se[se > 0].min())
            w = 1.0 / np.maximum(se, floor) ** 2
            xtwx = X.T @ (X * w[:, None])
            cov0 = np.linalg.inv(xtwx)
            weights = cov0 @ (X.T * w)  # beta = weights @ y
            beta = weights @ y
            resid = y - X @ beta
            chi2 = float(w @ resid**2)  # Pearson's χ² of the fit
            phi = chi2 / df if df > 0 else 1.0
            lack_p = dist.chi2_sf(chi2, df) if df > 0 else None
            scale = max(1.0, phi) if lack_p is not None and lack_p < LACK_OF_FIT_ALPHA else 1.0
            cov = cov0 * scale
            use_t = scale > 1.0
            method = "weighted least squares (point errors" + (f", scaled ×{scale:.2f} for lack of fit)" if use_t else ")")
        else:
            cov0 = np.linalg.inv(X.T @ X)
            weights = cov0 @ X.T  # beta = weights @ y
            beta = weights @ y
            resid = y - X @ beta
            use_t = True
            if df < 1:
                # As many points as terms, and no interval at the points to weigh them by (New
                # Frontiers' start gold, which the variant fixes): no residual either, so no error
                # to judge an effect by. The response was left out without a word, so that a
                # sweep of the seat compensation over 3 lists said no key moved gold_by_source
                # when its start row moved by exactly the gold swept.
                cov = None
                method = "least squares: as many points as terms and no interval at them, no interval"
            else:
                s2 = float(resid @ resid) / df
                cov = cov0 * s2
                method = "least squares (residual error)"
            if cov is not None and s2 <= EXACT_FIT * float(y @ y) / n:
                # The trials lie on the model exactly: tune's trials play the same games, and
                # rules the bots do not react to move a number by the same amount in every
                # trial. The residual error is then 0 and says nothing of the games' sampling
                # error, which these points do not carry: no interval, no claim ([5.5, 5.5] ★).
                cov = None
                method = "least squares: the trials fit exactly (they share their games), no interval"
        crit = (dist.t_ppf(0.975, df) if use_t else Z95) if cov is not None else math.nan
        # An effect inside the rounding of the sum that computes it is 0: a key that moves
        # nothing read "+8.66e-16 rounds" (the weights' products do not cancel to the bit).
        beta = np.where(np.abs(beta) <= ROUNDING * (np.abs(weights) @ np.abs(y)), 0.0, beta)
        for j, (k, level, ref, x) in enumerate(cols, start=1):
            step = _step(x) if k.numeric else 1.0
            factor = float(x.std(ddof=1)) / step / sd_y
            b = float(beta[j]) * step
            row = {"response": resp.label, "title": resp.shown, "metric": resp.metric, "key": k.name, "level": level, "reference": ref,
                   "step": step, "estimate": b, "std_effect": b * factor, "p_holm": None, "strong": False, "n": n,
                   "df": df, "method": method, "difference": resp.difference, "points": design.rows.height,
                   "lack_of_fit_scale": scale, "lack_of_fit_p": lack_p}
            if cov is None:
                out.append(row | {"ci_low": None, "ci_high": None, "std_low": None, "std_high": None, "p_value": None})
                continue
            s = math.sqrt(max(0.0, float(cov[j, j]))) * step
            stat = abs(b) / s if s > 0 else (math.inf if b != 0 else 0.0)
            pval = 2 * (dist.t_sf(stat, df) if use_t else dist.norm_sf(stat))
            lo, hi = _within(F.kind(resp.metric, design.declared) == "rate", b - crit * s, b + crit * s, b,
                             weights[j] * step)
            out.append(row | {"ci_low": lo, "ci_high": hi, "std_low": lo * factor, "std_high": hi * factor,
                              "p_value": pval})
    if not out:
        return pl.DataFrame(schema=EFFECT_SCHEMA)
    # One test per distinct effect in Holm's family: a response that is another moved by a
    # constant or scaled (a crew's win lift is its win rate minus 1/P) gives every key the same
    # standardised size and p-value, and counting it twice made explain surer of nothing and
    # more conservative than compare and the ladder, which count such a test once.
    tested = [r for r in out if r["p_value"] is not None]
    family = {_test_key(r): r["p_value"] for r in tested}
    adjusted = dict(zip(family, holm(list(family.values())), strict=True))
    for r in tested:
        r["p_holm"] = adjusted[_test_key(r)]
        r["strong"] = r["p_holm"] < 0.05
    return pl.DataFrame(out, schema=EFFECT_SCHEMA).sort(*RANK, descending=[True, True, False, True], nulls_last=True)


def holm_tests(table: pl.DataFrame) -> int:
    """How many tests Holm's correction of `effects` ran over: the distinct effects with a p-value
    (`_test_key`; a crew's win lift and its win rate, seat 1's win rate and its advantage, are one)."""
    if "p_value" not in table.columns:
        return table.height
    return len({_test_key(r) for r in table.filter(pl.col("p_value").is_not_null()).iter_rows(named=True)})


def _test_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two effects one test: the same key (and level), the same standardised size up
    to its sign, the same p-value (rounded far below any difference that matters)."""
    return row["key"], row["level"], round(abs(row["std_effect"]), 9), round(row["p_value"], 12)


def _within(rate: bool, lo: float, hi: float, estimate: float, weights: np.ndarray) -> tuple[float, float]:
    """An effect's interval cut to what the effect can be. The effect is `weights @ y` over the
    design's points (the least-squares weights of its coefficient, times its step); they sum to
    0, and a rate (a share, its spread over groups, its change from the fixed base) lies in a
    range 1 wide at every point, so the effect lies within [Σ negative weights, Σ positive
    weights] whatever the true rates are: ±1 (100 points) for a choice between two values, ±1
    over the swept range for a number key swept at three evenly spaced points, ±1.2 at four. A
    normal interval of a large effect on few games ran past that (+80.0 pts [52.0, 108.0]). The
    cut interval covers the true effect whenever the uncut one does; it keeps the estimate inside."""
    if not rate:
        return lo, hi
    least, most = float(weights[weights < 0].sum()), float(weights[weights > 0].sum())
    return max(lo, min(least, estimate)), min(hi, max(most, estimate))


# --- sentences ----------------------------------------------------------------------------------


def amount(x: float, metric: str, difference: bool, declared: MetricInfos | None = None,
           decimals: int | None = None) -> tuple[str, str]:
    """A size of change in the metric's units (rates and differences of rates in points):
    (number, unit). `declared`: the game's GameSpec.metric_info (Design.declared). `decimals`:
    for a number that is not in points, how many (`decimals_for` an estimate and its interval's
    ends, so that the three read alike); else three significant digits."""
    k = F.kind(metric, declared)
    if k in ("rate", "diff") or (difference and k != "number"):
        return F.fixed(100 * x, ".1f"), " pts"
    what = F.unit(metric, declared)  # as compare's sentences and the charts name it ('gold', 'rounds')
    return f"{x:.3g}" if decimals is None else F.fixed(x, f".{decimals}f"), f" {what}" if what else ""


def decimals_for(estimate: float, low: float | None, high: float | None) -> int:
    """Decimals for an effect and its interval's ends, all three at one precision: two
    significant digits of the interval's half-width ('-0.30 rounds [-0.62, +0.02]'; each at three
    significant digits of its own read '-0.3 rounds [-0.615, +0.0159]'), or, with no interval,
    three of the effect."""
    if low is not None and high is not None and math.isfinite(low) and math.isfinite(high) and high > low:
        return min(6, max(0, 1 - math.floor(math.log10((high - low) / 2))))
    big = abs(estimate) if math.isfinite(estimate) else 0.0
    return 2 if big == 0 else min(6, max(0, 2 - math.floor(math.log10(big))))


def _choice(level: str) -> str:
    """A swept value as a sentence names it: a `!remove` point plays without the key, so with its
    default ("to 7 instead of !remove" read as if !remove were a setting of the game)."""
    return "its default (key removed)" if level == REMOVE_TAG else level


def sentence(row: dict[str, Any], bots: tuple[str, ...], declared: MetricInfos | None = None) -> str:
    """"raising crews.bays.time by 1 lowers game_length_rounds by 0.4 rounds [0.3, 0.5] (bots: greedy)"."""
    b, lo, hi = row["estimate"], row["ci_low"], row["ci_high"]
    verb = "raises" if b > 0 else "lowers"
    if b < 0:
        b, lo, hi = -b, -hi, -lo
    m, d = row["metric"], row["difference"]
    dec = decimals_for(b, lo, hi)
    num, unit = amount(b, m, d, declared, dec)
    size = f"{num}{unit} [{amount(lo, m, d, declared, dec)[0]}, {amount(hi, m, d, declared, dec)[0]}]"
    if row["level"]:
        cause = f"setting {row['key']} to {_choice(row['level'])} instead of {_choice(row['reference'])}"
    else:
        cause = f"raising {row['key']} by {row['step']:g}"
    who = f" (bots: {bots_text(bots)})" if bots else ""
    # Fitted where the response has a value: a rebid bonus swept with the rebid triggers off at
    # half the points was fitted on the other half, and said nothing of it.
    points = row.get("points")
    where = (f"; fitted at the {row['n']} of {points} points where it has a value (off or unseen at the others)"
             if points and row["n"] < points else "")
    return f"{cause} {verb} {row.get('title') or row['response']} by {size}{who}{where}."


def sentences(table: pl.DataFrame, bots: tuple[str, ...], declared: MetricInfos | None = None) -> list[str]:
    return [sentence(r, bots, declared) for r in table.filter(pl.col("strong")).iter_rows(named=True)]
