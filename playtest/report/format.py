"""How a metric's numbers are written: rates as %, differences of rates as points, counts whole."""

from __future__ import annotations

import math

RATE_PREFIXES = ("win_rate", "crew_pick", "crew_first", "crew_win", "exact", "rate", "share", "selected_in_round")
"""Names of proportions that do not end in `_rate` (New Frontiers' `selected_in_round` was shown as
0.67, not 66.7%)."""


def is_rate(metric: str) -> bool:
    """Metrics that are proportions (shown as %)."""
    return metric.startswith(RATE_PREFIXES) or metric.endswith("_rate")

def is_share(metric: str) -> bool:
    """A proportion by its name, as the reports write it (a %, `kind` 'rate'): the names of
    `is_rate` and every `_share` (end triggers, game lengths), but not a lift or an advantage,
    a share minus 1/P that can be negative (`crew_win_lift` starts as `crew_win_rate` does), nor
    a mean that happens to lie between 0 and 1 (rebids per round)."""
    return kind(metric) == "rate"


DIFF_WORDS = ("advantage", "lift", "_diff", "gap")
COUNT_METRICS = ("games_needed",)


def kind(metric: str) -> str:
    """'diff' (difference of two rates), 'rate', 'count' or 'number'."""
    if metric in COUNT_METRICS:
        return "count"
    if any(w in metric for w in DIFF_WORDS):
        return "diff"
    if is_rate(metric) or metric == "balance" or "_rate" in metric or "_share" in metric or metric.endswith(("share", "_wins")):
        return "rate"
    return "number"


def _missing(x: float | None) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def value(x: float | None, k: str) -> str:
    if _missing(x):
        return "–"
    assert x is not None
    if k == "rate":
        return f"{100 * x:.1f}%"
    if k == "diff":
        return f"{100 * x:+.1f} pts"
    if k == "count":
        return f"{x:,.0f}"
    return f"{x:.2f}"


def interval(lo: float | None, hi: float | None, k: str) -> str:
    """`lo – hi`; with one end unknown (an order-statistic interval of too few games has none
    below its lowest value) `up to hi` or `from lo`, which read as one bound ("– – 1.00" did not)."""
    if _missing(lo) and _missing(hi):
        return ""
    if _missing(lo):
        return f"up to {value(hi, k)}"
    if _missing(hi):
        return f"from {value(lo, k)}"
    return f"{value(lo, k)} – {value(hi, k)}"


def p_value(p: float | None) -> str:
    if _missing(p):
        return ""
    assert p is not None
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def fair(x: float | None, k: str) -> str:
    """The fair reference value: 0 for differences, else as `value`."""
    return "0" if k == "diff" and x == 0 else value(x, k)
