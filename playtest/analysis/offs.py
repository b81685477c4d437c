"""Metrics a run's variant switches off: what its game says (GameSpec.switched_off), read from
the run's resolved variant (run.json), and metric tables without those rows.

A metric that cannot happen under the variant (Oh-Seven's rebids with every rebid trigger off,
Stargate's color bonus under `scoring.color_bonus: none`) would read 0 — "0", "0.0%", "the
same in every rung" — as if it had been measured and never happened. Every report, comparison,
sweep and ladder goes through `sections` (analysis/metrics.py), which drops those rows; the
reports then name the mechanisms (`switched_off(info)`) and a comparison says "off in <variant>".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.core.spec import Off

_CACHE: dict[tuple[str, str], tuple[Off, ...]] = {}
"""(game, variant hash) → its Offs: compare's jackknife asks again for every block of games."""


def switched_off(info: Mapping[str, Any]) -> tuple[Off, ...]:
    """The mechanisms the run's variant switches off (run.json's `game` and `variant.resolved`).
    None for a game without the hook, for a run without its resolved variant (a table game's
    transcript), or for a variant that this version's schema no longer reads (an old run: its
    report stays as it was rather than fail)."""
    name = info.get("game")
    variant = info.get("variant")
    if not isinstance(name, str) or not isinstance(variant, Mapping) or not isinstance(variant.get("resolved"), dict):
        return ()
    key = (name, str(variant.get("hash") or ""))
    if key[1] and key in _CACHE:
        return _CACHE[key]
    from playtest.games import get_game

    spec = get_game(name)
    if spec.switched_off is None:
        return ()
    try:
        model = spec.schema.model_validate(variant["resolved"])
    except ValueError:  # pydantic's ValidationError: a variant of an older schema
        return ()
    found = tuple(spec.switched_off(model))
    if key[1]:
        _CACHE[key] = found
    return found


def off_for(offs: Iterable[Off], metric: str, group: str | None) -> Off | None:
    """The Off that covers this row, or None."""
    return next((o for o in offs if o.covers(metric, group or "")), None)


def drop_off(table: pl.DataFrame, offs: Sequence[Off]) -> pl.DataFrame:
    """`table` (a metric table) without the rows that `offs` cover."""
    if not offs or table.height == 0:
        return table
    keep = [off_for(offs, m, g) is None for m, g in table.select(C.METRIC, C.GROUP).iter_rows()]
    return table.filter(pl.Series(keep, dtype=pl.Boolean()))


def describe(offs: Sequence[Off]) -> str:
    """'forced rebids (bidding.rebid.triggers: ...); the rebid bonus (...)': one line."""
    return "; ".join(o.text() for o in offs)


HEADING = "Switched off in this variant, so not measured (their rows are left out):"
"""The line every report prints above its list of what the variant switches off."""


def lines(offs: Sequence[Off]) -> list[str]:
    """The reports' note on what the variant switches off: HEADING, then one '- ' line each."""
    return [HEADING, *(f"- {o.text()}" for o in offs)] if offs else []
