"""How a metric's numbers are written: rates as %, differences of rates as points, counts whole.

A metric's kind comes from its name, by the conventions below, unless its game declares it
(GameSpec.metric_info, `MetricInfo.kind`): the `declared` argument of `kind` and `is_share`,
`playtest.analysis.metrics.metric_info(run)` for a run. The conventions are every game's: no
game's own metric is named here."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from playtest.core.spec import MetricInfos

RATE_PREFIXES = ("rate", "share")
"""Names of proportions may start with these words as well as end in `_rate` or `_share`; a game
declares the kind of a share named otherwise (`MetricInfo(kind="rate")`: New Frontiers'
`selected_in_round`, written 0.67 rather than 66.7% until it did)."""


def is_rate(metric: str) -> bool:
    """Metrics that are proportions (shown as %) by their name."""
    return metric.startswith(RATE_PREFIXES) or metric.endswith("_rate")

def is_share(metric: str, declared: MetricInfos | None = None) -> bool:
    """A proportion, as the reports write it (a %, `kind` 'rate'): the names of `is_rate` and
    every `_share` (end triggers, game lengths) and what the game declares a rate, but not a
    lift or an advantage, a share minus 1/P that can be negative (a win-rate lift starts as the
    win rate does), nor a mean that happens to lie between 0 and 1 (rebids per round)."""
    return kind(metric, declared) == "rate"


DIFF_WORDS = ("advantage", "lift", "_diff", "gap")
COUNT_METRICS = ("games_needed",)


def kind(metric: str, declared: MetricInfos | None = None) -> str:
    """'diff' (difference of two rates), 'rate', 'count' or 'number': as the metric's game
    declares it (`declared`: its GameSpec.metric_info), else by the metric's name."""
    own = declared.get(metric) if declared else None
    if own is not None and own.kind is not None:
        return own.kind
    if metric in COUNT_METRICS:
        return "count"
    if any(w in metric for w in DIFF_WORDS):
        return "diff"
    if is_rate(metric) or metric == "balance" or "_rate" in metric or "_share" in metric or metric.endswith(("share", "_wins")):
        return "rate"
    return "number"


UNITS = {"game_length_rounds": "rounds", "game_length_turns": "turns", "games_needed": "games",
         "margin_of_victory": "points", "margin_of_victory_median": "points"}
"""The units of the numbers of metrics every game has (a game declares its own metrics':
`MetricInfo.unit`); the score statistics (`score_mean`, `score_q10`, ...; `mean_score_<part>`)
are in points."""


def unit(metric: str, declared: MetricInfos | None = None) -> str:
    """What a number of this metric counts, to write after it ('rounds', 'gold'): as its game
    declares it, else UNITS; '' for a share or a difference of shares (their '%' and 'pts' say
    it) and for a metric that declares none."""
    if kind(metric, declared) in ("rate", "diff"):
        return ""
    own = declared.get(metric) if declared else None
    if own is not None and own.unit is not None:
        return own.unit
    if metric.startswith(("score_", "mean_score_")):
        return "points"
    return UNITS.get(metric, "")


def says(title: str, what: str) -> bool:
    """Whether a title already says what its numbers are (`unit`, a chart's value title), in any
    case: 'Skill VP per pick' says 'VP', 'Game length (rounds)' says 'rounds'. The ladder's
    sentences and sweep's axes then leave it out."""
    return what.lower() in title.lower()


def _missing(x: float | None) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


NEAR_END = 1e-6
"""A share closer than this to 0 or 1 (0.0001%) is written as beyond that bound, not in digits."""


def _two_digits(x: float) -> str:
    """`x` (0.0001 ≤ x < 0.05, a percentage) in fixed notation with two significant digits and no
    trailing zeros: '0.042', '0.0049', '0.0001' (never '1e-05')."""
    decimals = 1 - math.floor(math.log10(x))
    text = f"{x:.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def fixed(x: float, spec: str) -> str:
    """`format(x, spec)` for a fixed-point `spec` ('+.1f', ',.0f', '.2f'), but a value that rounds
    to zero is written as 0 is, never '-0.0': a difference of -0.0004 read '-0.0 pts' beside
    '+0.0 pts', as if the two were on either side of something. Every report, comparison, sweep
    and ladder writes its numbers through here (`value`)."""
    text = format(x, spec)
    if math.isfinite(x) and text.startswith("-") and not any(c in "123456789" for c in text):
        return format(0.0, spec)
    return text


def value(x: float | None, k: str) -> str:
    if _missing(x):
        return "–"
    assert x is not None
    if k == "rate":
        # A share strictly between 0 and 1 that one decimal would round to 0.0% or 100.0% (an
        # exact lower bound after one game in 60: 0.04%) keeps two significant digits of its
        # distance from the end: '0.042%', '99.96%', not a bound that reads as impossible.
        # Closer to an end than 0.0001% it is '<0.0001%' or '>99.9999%': a Wilson bound of two
        # table games read '5.3e-48%', and one a float's width below 1 '100%'.
        if 0 < x < 0.0005:
            return "<0.0001%" if x < NEAR_END else f"{_two_digits(100 * x)}%"
        if 0.9995 <= x < 1:
            if 1 - x < NEAR_END:
                return ">99.9999%"
            gap = _two_digits(100 * (1 - x))  # '0.04': 99.96%
            return f"{100 - float(gap):.{len(gap.partition('.')[2])}f}%"
        return f"{fixed(100 * x, '.1f')}%"
    if k == "diff":
        return f"{fixed(100 * x, '+.1f')} pts"
    if k == "count":
        return fixed(x, ",.0f")
    return fixed(x, ".2f")


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


NEVER = "none: 0 in every game"
"""The interval cell of a mean that cannot be negative and is 0: every value of every game was 0
(a New Frontiers gold source that never paid), which no interval describes; a bare '0.00' beside
the other sources' intervals read as a number missing its interval."""


def row_interval(estimate: float | None, lo: float | None, hi: float | None, metric: str,
                 declared: MetricInfos | None = None, missing: str = "") -> str:
    """A metric table row's interval cell: `interval`; without one, NEVER for a metric its game
    declares cannot be negative (MetricInfo.non_negative) at an estimate of 0, else `missing`."""
    text = interval(lo, hi, kind(metric, declared))
    if text:
        return text
    own = declared.get(metric) if declared else None
    if estimate == 0 and own is not None and own.non_negative:
        return NEVER
    return missing


PTS_NOTE = "pts: percentage points, the difference between two shares (a win rate and another), not score points."
"""Said once under a report's tables when one of them shows a difference of shares ('+12.2 pts', a
win-rate lift): beside VP columns, 'pts' read as score points."""

BLANK_NOTE = ("A blank 95% interval: the value is the same in every game (as the win rate of one bot in every seat, "
              "or a game length the rules fix), or fewer than 2 games hold it; the power figures (the smallest seat "
              "advantage these games can detect, the games needed) and the spread (sd) of scores have none.")
"""Said once under the Markdown and HTML reports' tables when a number there has no interval: the
terminal said what its '–' meant, these formats left the cell blank beside a definition naming an
interval ('Game length (rounds) 7.00', 'skewness-corrected t interval'), and the HTML page said
"Each number has a 95% interval"."""


def report_notes(rows: Iterable[tuple[str, float | None, float | None, float | None]],
                 declared: MetricInfos | None = None) -> list[str]:
    """The notes a report's tables need (`rows`: metric, estimate, ci_low, ci_high of each number
    shown): PTS_NOTE where one is a difference of shares, BLANK_NOTE where one has no interval."""
    diffs = blank = False
    for metric, estimate, lo, hi in rows:
        diffs = diffs or kind(metric, declared) == "diff"
        blank = blank or (not _missing(estimate) and row_interval(estimate, lo, hi, metric, declared) == "")
    return [note for note, said in ((PTS_NOTE, diffs), (BLANK_NOTE, blank)) if said]


LEVELS = (0.01, 0.05, 0.1)
"""The significance levels a reader holds a p-value against ('strong = p < 0.05', ★)."""


def p_value(p: float | None) -> str:
    """'< 0.001', else three decimals; more where three would round a p-value below a level up
    onto it: explain's 0.0497 read '0.050 ★' beside 'strong = p < 0.05'."""
    if _missing(p):
        return ""
    assert p is not None
    if p < 0.001:
        return "< 0.001"
    digits = 3
    text = f"{p:.{digits}f}"
    while digits < 6 and float(text) > p and any(abs(float(text) - level) < 1e-12 for level in LEVELS):
        digits += 1
        text = f"{p:.{digits}f}"
    return text


def p_is(p: float | None) -> str:
    """`p_value` after 'p': '= 0.031', '< 0.001', or '–' when there is none."""
    text = p_value(p)
    if not text:
        return "–"
    return text if text.startswith("<") else f"= {text}"


def fair(x: float | None, k: str) -> str:
    """The fair reference value: 0 for differences, else as `value`."""
    return "0" if k == "diff" and x == 0 else value(x, k)


def row_notes(metrics: list[str], groups: list[str], definitions: list[str | None]) -> list[tuple[str, list[str], str]]:
    """What a row's definition adds to its metric's, as (metric, its groups, the addition): a row
    that could not be estimated says why at the end of its own definition (New Frontiers' Envoy
    lift when every player selected it in every game: 'Not estimated here: every player had it
    ...'). The Markdown and the terminal print one definition per metric, so such a row read a bare
    '–' there with its reason only in the HTML's tooltip and the JSON."""
    by_metric: dict[str, dict[str, list[str]]] = {}
    for m, g, d in zip(metrics, groups, definitions, strict=True):
        by_metric.setdefault(m, {}).setdefault(d or "", []).append(g)
    notes = []
    for m, defs in by_metric.items():
        for d, gs in defs.items():
            bases = [b for b in defs if b and b != d and d.startswith(b)]
            if bases:
                extra = d[len(max(bases, key=len)):].strip()
                if extra:
                    notes.append((m, gs, extra))
    return notes


def base_definition(definitions: list[str | None]) -> str:
    """A metric's own definition among its rows': the first that does not merely extend another
    row's (row_notes says what the others add)."""
    defs = list(dict.fromkeys(d or "" for d in definitions))
    for d in defs:
        if not any(b and b != d and d.startswith(b) for b in defs):
            return d
    return defs[0] if defs else ""
