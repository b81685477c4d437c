"""Parameter sweeps: the grid of variants given by `--set key=v1,v2,...`, and their metrics."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl
import yaml

from playtest.analysis import columns as C
from playtest.errors import Problem, UsageError, VariantError, override_label
from playtest.text import echoed
from playtest.variants.source import (
    REMOVE_TAG,
    REMOVED,
    comment_problem,
    foreign_value,
    json_text,
    long_number_in,
    number_quirk_in,
)

POINT = "point"
"""Column: the grid point's label, e.g. `crews.bays.time=2`."""


@dataclass(frozen=True)
class Axis:
    key: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Point:
    settings: tuple[tuple[str, Any], ...]

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={_show(v)}" for k, v in self.settings) or "(as written)"

    def overrides(self) -> list[str]:
        return [f"{k}={REMOVE_TAG if v is REMOVED else json_text(v)}" for k, v in self.settings]

    def folder(self, index: int) -> str:
        """The run folder's name under `runs/`, e.g. `02-time_3`. The values are the user's
        free text (`../x`, `a/b`, `[1, 2]`), so only `A-Z a-z 0-9 . _ -` are kept (others become
        `_`) and the name can never leave `runs/` nor nest; the index keeps names unique when
        two values differ only in the replaced characters. The real values stay in the labels
        (sweep.json, sweep.csv) and in each run's run.json (its overrides)."""
        text = "-".join(f"{k.split('.')[-1]}_{_show(v)}" for k, v in self.settings)
        return f"{index:02d}-" + _UNSAFE.sub("_", text).strip("._")[:60]


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")



def _show(v: Any) -> str:
    if v is REMOVED:
        return REMOVE_TAG
    return v if isinstance(v, str) else json_text(v)


def as_written(base: dict[str, Any], points: Sequence[Point], resolved: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Where the draft as written (its resolved data `base`) sits in the grid of `points` (each
    point's resolved data in `resolved`): `point`, the label of the point that plays its rules
    (None when none does), and `values`, its own value of each swept key as a rule change shows it
    (`1`, `60 (default)`). The tables' columns did not say which one was the draft's own."""
    from playtest.variants.diff import side_text
    from playtest.variants.loader import rules_edited

    point = next((p.label for p, r in zip(points, resolved, strict=True) if not rules_edited(base, r)), None)
    edits = {c.path: c for c in rules_edited(resolved[0], base)}  # (the first point → the draft)
    values = {k: side_text(edits[k].new, edits[k].new_default) if k in edits else _show(v)
              for k, v in points[0].settings}
    return {"point": point, "values": values}


def _identity(v: Any) -> str:
    """What tells two values of an axis apart as written: its JSON (`"1"` is not `1`, nor `1.0`)."""
    return _show(v) if v is REMOVED else json_text(v, sort_keys=True)


class _AxisLoader(yaml.SafeLoader):
    """YAML for one axis' values, where `!remove` (a point without the key) is a value."""


_AxisLoader.add_constructor(REMOVE_TAG, lambda loader, node: REMOVED)
_TAG = re.compile(r"(^|[,\[{:])(\s*)(![^\s,\[\]{}]*)(?=[,\]}]|$)")
"""A tag (`!remove`) as a whole value. In a YAML flow list a tag runs on through `,` and `]`
(`[!remove,1]` is one tag named `remove,1]`): a space after it ends the tag."""
_QUOTED = re.compile(r"(?:^|(?<=[,\[{:]))\s*(?:'(?:[^']|'')*'" + r'|"(?:[^"\\]|\\.)*")')
"""A quoted YAML scalar (a quote that starts a value: `it's` is plain text), whose text
`_end_tags` leaves as written."""


def _end_tags(raw: str) -> str:
    """`raw` with a space after each tag that `_TAG` finds outside quotes (`"a,!b,c"` is text)."""
    out, pos = [], 0
    for m in _QUOTED.finditer(raw):
        out += [_TAG.sub(r"\1\2\3 ", raw[pos:m.start()]), m.group()]
        pos = m.end()
    return "".join([*out, _TAG.sub(r"\1\2\3 ", raw[pos:])])


def _contains_removed(value: Any) -> bool:
    if isinstance(value, list):
        return any(v is REMOVED or _contains_removed(v) for v in value)
    if isinstance(value, dict):
        return any(v is REMOVED or _contains_removed(v) for v in value.values())
    return False


def parse_axis(text: str) -> Axis:
    """`crews.bays.time=1,2,3,4` → Axis('crews.bays.time', (1, 2, 3, 4)). Values are YAML; a
    list value is written in brackets: `planets_dealt.4=[7],[8]` is not needed often. `!remove`
    is a point without the key, as `simulate --set key=!remove`: the schema's default then
    applies (`rules.end.worlds=!remove,6,10` sweeps the default threshold against 6 and 10), and a
    key the schema requires is an error before any game is played."""
    label = override_label(text)
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or any(not p for p in key.split(".")):
        raise VariantError([Problem(label, 1, 1, "", "expected key.path=value1,value2,...")])
    col = len(key) + 2
    if message := long_number_in("[" + raw + "]") or comment_problem(raw, "--set"):
        raise VariantError([Problem(label, 1, col, key, message)])
    try:
        values = yaml.load("[" + _end_tags(raw) + "]", Loader=_AxisLoader)  # noqa: S506
    except yaml.YAMLError as exc:
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise VariantError([Problem(label, 1, col, key, f"cannot read the values: {reason}")]) from None
    if not values:
        raise VariantError([Problem(label, 1, col, key, "give at least one value")])
    # (read with its tags ended, as the values are: `!remove,010` was one tag, and the 8 passed)
    if message := next(filter(None, map(foreign_value, values)), "") or number_quirk_in("[" + _end_tags(raw) + "]"):
        raise VariantError([Problem(label, 1, col, key, message)])
    if any(_contains_removed(v) for v in values):
        raise VariantError([Problem(label, 1, col, key, f"{REMOVE_TAG} is a value of its own (a point without the key, "
                                                        f"e.g. {key}={REMOVE_TAG},2), not part of a list or map")])
    if len({_identity(v) for v in values}) != len(values):
        raise VariantError([Problem(label, 1, col, key, "a value is repeated")])
    return Axis(key, tuple(values))


MAX_POINTS = 10_000
"""Most grid points of one sweep: each is a variant loaded and a run folder written before the
first game (10,000 take minutes to set up; a larger grid is several sweeps)."""


def check_grid_size(sizes: Sequence[int], n: int) -> None:
    """Refuse, before any variant is built, a grid of more than MAX_POINTS points or more games in
    all than one run may play (three axes of 100 values made a million points and played on for
    hours, where -n alone is held to sim.batch.MAX_GAMES)."""
    from playtest.sim.batch import MAX_GAMES

    points = math.prod(sizes)
    shape = " × ".join(f"{k:,}" for k in sizes)
    if points > MAX_POINTS:
        raise UsageError(f"--set: the grid has {shape} = {points:,} points, more than one sweep may "
                         f"({MAX_POINTS:,}); sweep fewer values, or split it into several sweeps")
    if points * n > MAX_GAMES:
        raise UsageError(f"-n {n}: {points:,} grid points × {n:,} games = {points * n:,} games, more than one run "
                         f"may ({MAX_GAMES:,}); give a smaller -n or fewer values")


def grid(axes: Sequence[Axis]) -> list[Point]:
    """Every combination, the first axis varying slowest."""
    keys = [a.key for a in axes]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise VariantError([Problem(override_label(dup), 1, 1, "", "the same key is swept twice")])
    if replaced := replaced_later(keys):  # crews.bays's values would replace every crews.bays.time value
        raise VariantError([Problem(override_label(replaced[1]), 1, 1, "",
                                    f"part of {replaced[0]}, swept too: sweep one of them")])
    return [Point(tuple(zip(keys, combo, strict=True))) for combo in itertools.product(*(a.values for a in axes))]


def replaced_later(keys: Sequence[str]) -> tuple[str, str] | None:
    """(outer, inner): a key given before a later key that holds it (`crews.bays.time=1,2`, then
    `crews.bays={...}`), whose values the later one would replace at every point. The other order
    is the loader's to judge point by point, as for --set (`overrides._not_given_before`): a whole
    item given first, then a key of it that its mapping lacks (a new crew's time, swept), is a
    sweep of that key; one its mapping gave is refused there."""
    for i, inner in enumerate(keys):
        for outer in keys[i + 1:]:
            if inner.startswith(f"{outer}."):
                return outer, inner
    return None


def check_distinct_points(axes: Sequence[Axis], texts: Sequence[str], points: Sequence[Point],
                          models: Sequence[Any]) -> None:
    """Refuse two grid points whose variants are the same once read (`models`: each point's
    validated variant model): `crews.bays.time=1,1.0` (an integer key reads 1.0 as 1) played the
    same games twice under two headings. `texts`: the --set of each axis, to name the one at fault."""
    seen: dict[str, Point] = {}
    for point, model in zip(points, models, strict=True):
        key = json.dumps(model.model_dump(mode="json"), sort_keys=True, default=str)
        first = seen.setdefault(key, point)
        if first is not point:
            # The axis whose values differ as parse_axis tells values apart (1 == 1.0 in Python; '1'
            # and 1 are both shown 1, and looking for a difference in the shown text raised
            # StopIteration, an internal error): shown as JSON when the shown texts are alike.
            i = next(i for i, (a, b) in enumerate(zip(first.settings, point.settings, strict=True))
                     if _identity(a[1]) != _identity(b[1]))
            a, b = first.settings[i][1], point.settings[i][1]
            shown = (_show(a), _show(b)) if _show(a) != _show(b) else (_identity(a), _identity(b))
            raise UsageError(f"--set {echoed(texts[i])}: {echoed(shown[0])} and {echoed(shown[1])} "
                             f"give the same variant ({axes[i].key} reads them alike): give each value once")


def sweep_table(axes: Sequence[Axis], points: Sequence[Point], tables: Sequence[pl.DataFrame]) -> pl.DataFrame:
    """One long table: point, one column per swept key (its value as text), then the metric columns."""
    parts = []
    for point, table in zip(points, tables, strict=True):
        cols = [pl.lit(point.label).alias(POINT)]
        cols += [pl.lit(_show(v)).alias(k) for k, v in point.settings]
        parts.append(table.select(*cols, *C.METRIC_SCHEMA))
    schema_keys = [a.key for a in axes]
    return pl.concat(parts, how="vertical").select(POINT, *schema_keys, *C.METRIC_SCHEMA)


def key_metrics(table: pl.DataFrame, wanted: Sequence[str] = (), max_groups: int = 16) -> list[str]:
    """The metrics to chart: those asked for, else every metric with few groups that is not a
    score-distribution detail."""
    names = list(dict.fromkeys(table[C.METRIC].to_list()))
    if wanted:
        return [m for m in wanted if m in names]
    counts = dict(table.group_by(C.METRIC).agg(pl.col(C.GROUP).n_unique()).iter_rows())
    return [m for m in names if not m.startswith("score_") and counts[m] <= max_groups
            and m not in ("detectable_seat_advantage", "games_needed")]
