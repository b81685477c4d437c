"""Tuning goals: the gate language of `playtest diff` plus targets, and the objective they define.

A goals file is a gates file (docs/ci.md) whose items may also carry `target:` (a value to get
close to) and `weight:` (default 1). Each goal turns the metric table of one candidate into a
*distance* (0 = goal met):

- its quantity: `of: value` → the metric of each group; `of: change` → candidate − base per
  group; `of: spread` → the largest gap between two groups (max − min);
- distance per group = |quantity − target| (when `target` is given) + how far the quantity lies
  outside `min`/`max`/`between` (0 inside); a goal over several groups takes its worst group;
- the objective (minimised) = Σ weight × distance, in the metrics' own units.

The objective uses point estimates on the search games; the intervals come afterwards, when the
best few candidates are re-evaluated on fresh games (playtest.tune.search).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import polars as pl
from pydantic import ConfigDict, Field, model_validator

from playtest.analysis import columns as C
from playtest.compare.gates import (
    GateError,
    Gates,
    GatesModel,
    GateSpec,
    Number,
    RunDefaults,
    diffs_in,
    probe_problems,
    read_listing,
    run_problem,
    shares_in,
    switched_off_problems,
    validated,
)
from playtest.core.spec import MetricInfos, Off
from playtest.errors import Problem
from playtest.variants.source import Node

GOAL_LIMIT = 1e12
"""The largest target, bound and weight of a goal (either sign for the values): the objective,
Σ weight × distance, then stays far below the study's stand-in for an undefined one
(search.UNDEFINED, 1e300), which `target: 1e300` reached: every candidate was shown as
'undefined' (a metric missing or switched off), the base as a number."""

Bounded = Annotated[Number, Field(ge=-GOAL_LIMIT, le=GOAL_LIMIT)]


class GoalSpec(GateSpec):
    """A gate, with an optional target value and a weight in the objective."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min: Bounded | None = None
    max: Bounded | None = None
    between: tuple[Bounded, Bounded] | None = None
    target: Bounded | None = None
    weight: Number = Field(1.0, gt=0, le=GOAL_LIMIT)

    @model_validator(mode="after")
    def _limits(self) -> GoalSpec:  # replaces GateSpec._limits: a target alone is enough
        if self.between is not None:
            if self.min is not None or self.max is not None:
                raise ValueError("give either `between` or `min`/`max`, not both")
            if self.between[0] > self.between[1]:
                raise ValueError("`between: [low, high]` needs low ≤ high")
        elif self.min is None and self.max is None and self.target is None:
            raise ValueError("a goal needs `target`, `min`, `max` or `between`")
        elif self.min is not None and self.max is not None and self.min > self.max:
            # no candidate can meet it, and its gate on the winner cannot even be built
            raise ValueError("`min` must be ≤ `max`")
        if self.of == "spread" and (self.min is not None or self.between is not None):
            raise ValueError("a spread goal takes only `max` or `target` (gaps are never negative)")
        if self.of == "spread" and self.target is not None and self.target < 0:
            raise ValueError("a spread is never negative: give `target: 0` or more")
        if self.of == "spread" and isinstance(self.group, str):
            raise ValueError("a spread needs several groups: leave `group` out or give a list")
        return self

    def title(self, declared: MetricInfos | None = None) -> str:
        """The goal's name, else its metric, groups, target and limits (`declared`: the game's
        GameSpec.metric_info, for the unit of the numbers)."""
        if self.name:
            return self.name
        what = {"value": "", "spread": "spread of ", "change": "change in "}[self.of]
        where = f" [{', '.join(self.groups)}]" if self.groups else ""
        aims = []
        if self.target is not None:
            aims.append(self.with_unit(f"→ {self.number(self.target, declared)}", declared))
        if self.low is not None or self.high is not None:
            aims.append(self.limit_text(declared))
        return f"{what}{self.metric}{where} {' '.join(aims)}"

    def has_bounds(self) -> bool:
        return self.low is not None or self.high is not None

    def limits(self) -> list[tuple[str, float]]:
        """The bounds as written, then the target: `check_against_probe` refuses either outside a share."""
        return [*super().limits(), *([("target", self.target)] if self.target is not None else [])]


class GoalsModel(GatesModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    gates: list[GoalSpec] = Field(default_factory=list)  # type: ignore[assignment]
    goals: list[GoalSpec] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_list(self) -> GoalsModel:
        if bool(self.gates) == bool(self.goals):
            raise ValueError("give the goals as one non-empty list, `goals:` (or `gates:`, as in a gates file)")
        return self

    @property
    def items(self) -> list[GoalSpec]:
        return self.goals or self.gates


@dataclass(frozen=True)
class Goals:
    path: str
    model: GoalsModel
    tree: Node

    @property
    def items(self) -> list[GoalSpec]:
        return self.model.items

    @property
    def run(self) -> RunDefaults:
        return self.model.run

    def run_problem(self, key: str, message: str) -> GateError:
        return run_problem(self.tree, key, message)

    def problem(self, index: int, key: str, message: str) -> Problem:
        top = "goals" if self.model.goals else "gates"
        item = self.tree.value[top].value[index]
        node = item.value.get(key, item)
        return node.problem(f"{top}.{index}.{key}" if key in item.value else f"{top}.{index}", message)

    def as_gates(self) -> Gates | None:
        """The goals that have bounds, as gates (for pass/fail with confidence on the winner)."""
        keep = [i for i, g in enumerate(self.items) if g.has_bounds()]
        if not keep:
            return None
        specs = [GateSpec(**self.items[i].model_dump(exclude={"target", "weight"})) for i in keep]
        return Gates(self.path, GatesModel(confidence=self.model.confidence, gates=specs), self.tree)


def load_goals(path: str | Path) -> Goals:
    """Read and validate a goals file. Raises GateError (located, every problem)."""
    tree = read_listing(path, "goals", "e.g. gates/stargate-tune.yaml", "give the variant as VARIANT")
    goals = Goals(str(path), validated(tree, GoalsModel), tree)
    seen: dict[tuple[object, ...], int] = {}
    for i, spec in enumerate(goals.items):  # a goal pasted twice: counted twice, as a gate written twice is refused
        same = (spec.metric, spec.of, tuple(sorted(set(spec.groups))) if spec.groups else None, spec.low, spec.high,
                spec.target)
        first = seen.setdefault(same, i)
        if first != i:
            top = "goals" if goals.model.goals else "gates"
            line = tree.value[top].value[first].line
            raise GateError([goals.problem(i, "metric", f"the same goal as {top}.{first} (line {line}), which the "
                                                        "objective would count twice (and the winner's gates, with "
                                                        "its limits); remove one (`weight: 2` on the other counts it double)")])
    return goals


def check_switched_off(goals: Goals, base: Sequence[Off]) -> None:
    """Before any game: no goal reads a metric the base variant switches off (GameSpec.switched_off),
    which has no value there, so the base's objective could not be measured (one line each, naming
    the setting; it read "unknown metric 'rebids_mean' (did you mean ...)" after the probe's games,
    as if misspelt)."""
    problems = switched_off_problems(goals.items, goals.problem, lambda spec: [("base variant", base)],
                                     "it has no value there to tune from; start from a draft where it is on")
    if problems:
        raise GateError(problems)


def check_against_probe(goals: Goals, table: pl.DataFrame, declared: MetricInfos | None = None,
                        labels: Callable[[str], str] | None = None, unknown_note: str = "",
                        players: int | None = None) -> None:
    """Before the search, from the probe's metric `table`: every goal names a metric and groups
    that the runs have, and no bound or target of a goal on a share lies outside what the share
    can take (`compare.gates.probe_problems`). One GateError, located in the goals file, lists
    every such problem. The confirmation's gates are made from these goals and are not checked
    again. `declared`: the game's GameSpec.metric_info (a share whose name does not say so).
    `players`: the games' players (a seat beyond them is no group of theirs)."""
    seen: dict[str, list[str]] = {}
    for m, g in table.select(C.METRIC, pl.col(C.GROUP).fill_null("")).iter_rows():
        seen.setdefault(m, []).append(g)
    problems = probe_problems(goals.items, goals.problem, seen, "", shares_in(table, declared), labels,
                              declared=declared, diffs=diffs_in(table, declared), unknown_note=unknown_note,
                              players=players)
    if problems:
        raise GateError(problems)


# --- the objective ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoalValue:
    """One goal on one candidate: its quantity (worst group), the group shown, its distance."""

    quantity: float
    shown: str
    distance: float
    groups: tuple[str, ...] = ()
    """The group shown, or a spread's pair (highest, lowest): `shown` is for reading only (a
    group name may itself hold ' − ', as `win_gap`'s 'late-placer − early-placer' does)."""


def _values(table: pl.DataFrame) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for m, g, est in table.select(C.METRIC, pl.col(C.GROUP).fill_null(""), C.ESTIMATE).iter_rows():
        out.setdefault((m, g), math.nan if est is None else float(est))
    return out


def distance(spec: GoalSpec, x: float) -> float:
    if math.isnan(x):
        return math.inf
    d = abs(x - spec.target) if spec.target is not None else 0.0
    if spec.low is not None and x < spec.low:
        d += spec.low - x
    if spec.high is not None and x > spec.high:
        d += x - spec.high
    return d


def goal_values(goals: Goals, table: pl.DataFrame, base: pl.DataFrame | None = None) -> list[GoalValue]:
    """Each goal's quantity and distance on a candidate's metric table (point estimates)."""
    return goal_values_of(goals, _values(table), _values(base) if base is not None else {})


def goal_values_of(goals: Goals, cand: Mapping[tuple[str, str], float],
                   ref: Mapping[tuple[str, str], float]) -> list[GoalValue]:
    """`goal_values` from (metric, group) → estimate of the candidate and of the base: also what
    a leave-one-block-out replicate of the two gives (search.objective_gain)."""
    out = []
    for spec in goals.items:
        groups = spec.groups or [g for (m, g) in cand if m == spec.metric]
        if spec.of == "spread":
            xs = {g: cand.get((spec.metric, g), math.nan) for g in groups}
            finite = {g: x for g, x in xs.items() if not math.isnan(x)}
            if len(finite) < 2 or len(finite) < len(xs):
                out.append(GoalValue(math.nan, "", math.inf))
                continue
            hi = max(finite, key=finite.__getitem__)
            lo = min(finite, key=finite.__getitem__)
            gap = finite[hi] - finite[lo]
            out.append(GoalValue(gap, f"{hi} − {lo}", distance(spec, gap), (hi, lo)))
            continue
        per = []
        for g in groups:
            x = cand.get((spec.metric, g), math.nan)
            if spec.of == "change":
                x -= ref.get((spec.metric, g), math.nan)
            per.append((distance(spec, x), g, x))
        if not per:  # the metric is missing from this candidate's runs
            out.append(GoalValue(math.nan, "", math.inf))
            continue
        d, g, x = max(per, key=lambda t: t[0])
        out.append(GoalValue(x, g, d, (g,)))
    return out


def objective(goals: Goals, values: Sequence[GoalValue]) -> float:
    """Σ weight × distance (inf when a goal cannot be computed on this candidate)."""
    return float(sum(spec.weight * v.distance for spec, v in zip(goals.items, values, strict=True)))


def goal_column(index: int) -> str:
    return f"goal_{index + 1}"


__all__ = ["GoalSpec", "GoalValue", "Goals", "check_against_probe", "goal_values", "load_goals", "objective"]
