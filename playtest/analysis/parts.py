"""What a metric row is made of, game by game: how its estimate and n follow from per-game values.

Compare's jackknife (compare/jackknife.py) needs every metric with each block of games left out.
Recomputing the whole report's metrics once per block (30 blocks) cost 29× the metrics themselves:
14.3 CPU-s for two 5,000-game Stargate runs whose metrics take 0.49 (2026-12-06). Every metric
row is already computed from per-game arrays (`stats.*_of_sums`, Wilson over games): a row that
also hands over those arrays, the games they belong to and the function that turns them into its
estimate (`Parts`) can be recomputed without a block's games by masking the arrays, with the very
function and arithmetic of the whole run.

A metric function says so by putting `PARTS: Parts(...)` in the row dict it gives
`columns.metric_frame`; within `recording()`, metric_frame files it under the row's (metric,
group). The jackknife takes this path only when every row of a table has its parts, and
otherwise recomputes the metrics per block as before (a plugin game's rows, say).

Parts are built only while they are recorded (`wanted()`; else the row's PARTS is None): a
report never reads them, and a row holds its arrays until its whole table is built. The report
of a 10^6-game Stargate run peaked at 1.1–1.3 GB with them, 0.67–0.69 GB without (and with
one value's per-game rows at a time, `frames.per_game_by`), 2026-12-07 (docs/scale.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np

PARTS = "parts"
"""The key of a row dict that holds its Parts (never a column of the table)."""


@dataclass(frozen=True, eq=False)
class Parts:
    """A metric row as a function of per-game values.

    `games`: the game of each entry (entries in game order, one game may hold several);
    `columns`: arrays over the entries (or with the entries as their first axis); `estimate`:
    columns → the row's estimate, the same function the row's value came from; `n`: each entry's
    part of the row's n (None: the row has no n). Without some games the row is there when
    `always`, else when an entry of a remaining game `shows` it (default: any entry) and, with
    `within`, one of those games remains too (the games that hold what the row is about: a crew's
    row by round is listed only while some game left took that crew at all)."""

    games: np.ndarray
    columns: tuple[np.ndarray, ...]
    estimate: Callable[..., float]
    n: np.ndarray | None = None
    shows: np.ndarray | None = None
    always: bool = False
    within: np.ndarray | None = None

    def kept(self, keep: np.ndarray, within: bool = True) -> tuple[float, int | None] | None:
        """(estimate, n) of the row over the entries `keep` marks (a block of games left out), or
        None when the row would not be there at all; `within`: whether a game of `within` is left."""
        if not self.always and not (within and (keep if self.shows is None else keep & self.shows).any()):
            return None
        n = None if self.n is None else int(self.n[keep].sum())
        return self.estimate(*(c[keep] for c in self.columns)), n


def ratio(num: np.ndarray, den: np.ndarray) -> float:
    """Σnum/Σden, NaN without entries or when Σden is 0: the estimate of every `stats.*_of_sums`
    (`stats._residuals_of_sums`) and of a proportion of sums (whose Σden is never negative)."""
    xs, ys = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    if xs.size == 0:
        return math.nan
    total = ys.sum()
    if total == 0:
        return math.nan
    return float(xs.sum() / total)


def share(hits: np.ndarray) -> float:
    """Σhits over the entries, as `stats.wilson(Σhits, entries)` estimates it (NaN without entries)."""
    return math.nan if hits.size == 0 else float(hits.sum() / hits.size)


_RECORD: ContextVar[dict[tuple[str, str], Parts | None] | None] = ContextVar("_RECORD", default=None)


@contextmanager
def recording() -> Iterator[dict[tuple[str, str], Parts | None]]:
    """Within: every metric table built by `columns.metric_frame` files its rows' Parts in the
    dict yielded, by (metric, group); a row without parts, or one (metric, group) filed twice
    with different parts, is None there (its replicates must be recomputed)."""
    found: dict[tuple[str, str], Parts | None] = {}
    token = _RECORD.set(found)
    try:
        yield found
    finally:
        _RECORD.reset(token)


def wanted() -> bool:
    """Whether rows' parts are being recorded: a metric whose parts cost a query of their own
    (a score's standard deviation reads every player's score) builds them only then."""
    return _RECORD.get() is not None


def file_row(metric: object, group: object, parts: Parts | None) -> None:
    """File a row's parts while `recording` (nothing otherwise)."""
    found = _RECORD.get()
    if found is None:
        return
    key = (str(metric), "" if group is None else str(group))
    if key in found and found[key] is not parts:
        found[key] = None
    else:
        found[key] = parts


def renamed(metric: str, group: str, new_group: str) -> None:
    """File the parts of the row (metric, group) under `new_group` too, while `recording`: a table
    that relabels a group after its rows were built (the ladder's one self-play bot)."""
    found = _RECORD.get()
    if found is not None:
        file_row(metric, new_group, found.get((metric, group)))
