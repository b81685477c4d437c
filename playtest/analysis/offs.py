"""Metrics a run's variant switches off: what its game says (GameSpec.switched_off), read from
the run's resolved variant (run.json), and metric tables without those rows.

A metric that cannot happen under the variant (Oh-Seven's rebids with every rebid trigger off,
Stargate's color bonus under `scoring.color_bonus: none`) would read 0 — "0", "0.0%", "the
same in every rung" — as if it had been measured and never happened. Every report, comparison,
sweep and ladder goes through `sections` (analysis/metrics.py), which drops those rows; the
reports then name the mechanisms (`switched_off(info)`) and a comparison says "off in <variant>".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.run_variant import run_variant
from playtest.core.spec import Off

if TYPE_CHECKING:
    from playtest.variants import Variant

_CACHE: dict[tuple[str, str, int | None], tuple[Off, ...]] = {}
"""(game, variant hash, players) → its Offs: compare's jackknife asks again for every block of games."""


def switched_off(info: Mapping[str, Any]) -> tuple[Off, ...]:
    """The mechanisms the run's variant switches off at its player count (run.json's `game`,
    `variant.resolved` and `players`). Empty for a game without the hook, for a run without its resolved variant (a table game's
    transcript), or for a variant that this version's schema no longer reads (an old run: its
    report stays as it was rather than fail)."""
    players = info.get("players")
    players = players if isinstance(players, int) and not isinstance(players, bool) else None
    read = run_variant(info)
    if read is None:
        return ()
    spec, model = read
    if spec.switched_off is None:
        return ()
    key = (spec.name, str(info["variant"].get("hash") or ""), players)
    if key[1] and key in _CACHE:
        return _CACHE[key]
    found = tuple(spec.switched_off(model, players))
    if key[1]:
        _CACHE[key] = found
    return found


def variant_switched_off(variant: Variant, players: int | None = None) -> tuple[Off, ...]:
    """`switched_off` of a loaded variant at `players` per game (None: at any count), before any
    game is played (a gate's check, a sweep's --metric)."""
    return switched_off({"game": variant.game, "variant": {"hash": variant.hash, "resolved": variant.resolved},
                         "players": players})


def off_for(offs: Iterable[Off], metric: str, group: str | None) -> Off | None:
    """The Off that covers this row, or None."""
    return next((o for o in offs if o.covers(metric, group or "")), None)


def parts_off(offs: Iterable[Off], parts: Iterable[str]) -> set[str]:
    """The score parts among `parts` that `offs` switch off (their `Off.score_part` rows)."""
    offs = tuple(offs)
    return {p for p in parts if off_for(offs, "score_mean", f"all / {p}") is not None}


def metric_off(offs: Iterable[Off], metric: str, groups: Sequence[str] | None = None) -> Off | None:
    """The Off that switches off `metric` in these groups (any of them), or in every group when
    `groups` is None (an Off of some of its groups only, such as one rebid trigger's, is not)."""
    if groups:
        return next((o for g in groups if (o := off_for(offs, metric, g)) is not None), None)
    return off_for(offs, metric, "*")


def drop_off(table: pl.DataFrame, offs: Sequence[Off]) -> pl.DataFrame:
    """`table` (a metric table) without the rows that `offs` cover. Each metric name is matched
    once and only its rows' groups row by row: compare's jackknife calls this for every section
    of every block, and again on their whole table. The columns are read as lists and the table
    is filtered only when a row goes: polars' unique, select and filter, each a query, took 2.5 ms
    of the 35 of a block's report metrics in Stargate, now 1.2 (2026-12-05)."""
    if not offs or table.height == 0:
        return table
    patterns = [pair for o in offs for pair in o.rows]
    metrics = table[C.METRIC].to_list()
    groups = {m: gs for m in set(metrics) if (gs := [g for mp, g in patterns if fnmatchcase(m, mp)])}
    if not groups:
        return table
    keep = [m not in groups or not any(fnmatchcase(g or "", p) for p in groups[m])
            for m, g in zip(metrics, table[C.GROUP].to_list(), strict=True)]
    return table if all(keep) else table.filter(pl.Series(keep, dtype=pl.Boolean()))


def without_off(fn: Callable[[Any, Any, Any], pl.DataFrame]) -> Callable[[Any, Any, Any], pl.DataFrame]:
    """A metric function (info, games, events) → its table without the rows that the run's
    variant switches off: any metric function a comparison is given, not only the report's."""
    def metric_fn(info: Any, games: Any, events: Any) -> pl.DataFrame:
        return drop_off(fn(info, games, events), switched_off(info))
    return metric_fn


def describe(offs: Sequence[Off]) -> str:
    """'forced rebids (bidding.rebid.triggers: ...); the rebid bonus (...)': one line."""
    return "; ".join(o.text() for o in offs)


HEADING = "Switched off in this variant, so not measured (their rows are left out):"
"""The line every report prints above its list of what the variant switches off."""


def lines(offs: Sequence[Off]) -> list[str]:
    """The reports' note on what the variant switches off: HEADING, then one '- ' line each."""
    return [HEADING, *(f"- {o.text()}" for o in offs)] if offs else []
