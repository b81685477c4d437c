"""Which metrics a comparison uses: every metric of the single-run report, as a metric table
(`all_metrics` of playtest.analysis.metrics, the report's own list, without the design metrics).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.offs import off_for
from playtest.compare.stats import chances, never_seen
from playtest.core.spec import MetricInfos, Off

if TYPE_CHECKING:
    from playtest.analysis.metrics import Section
from playtest.report.format import is_share

MetricFn = Callable[[dict[str, Any], pl.DataFrame, pl.DataFrame], pl.DataFrame]
"""(run info, games, events) → a metric table (columns.METRIC_SCHEMA)."""


def report_metrics(keys: Collection[str] | None = None, *, quantiles: bool = True) -> MetricFn:
    """The metric function of the single-run report, without the design metrics; `keys`: only
    the report sections with these keys (analysis.metrics.section_keys). The design section is
    not computed at all: the jackknife recomputes the metrics once per block of games, and its
    power calculations were about 5% of each recomputation, thrown away (measured 2026-12-03).
    Without `quantiles`: no score quantile rows, which no comparison tests (`is_tested`): what a
    jackknife's blocks recompute when the rows' parts do not do (`quantiles_left_out`)."""
    from playtest.analysis.metrics import all_metrics

    chosen = (frozenset(keys) if keys is not None else compared_sections()) - {DESIGN_SECTION}
    return compared_metrics(lambda info, games, events: all_metrics(info, games, events, chosen, quantiles=quantiles))


@dataclass(frozen=True)
class LeftOut:
    """Rows of a metric table that a jackknife's blocks leave out (`replicate`'s `left_out`): rows
    no comparison tests, whose replicates are then NaN."""

    metric: Callable[[str], bool]
    """Whether the rows of this metric are left out."""
    block_fn: MetricFn
    """The metric function without those rows and with all the others, what each block
    recomputes when the rows' parts do not do (analysis/parts.py: a plugin game's rows without
    parts, or `replicate`'s `from_parts=False`)."""


def quantiles_left_out() -> LeftOut:
    """`report_metrics()`'s score quantiles (analysis.common.SCORE_QUANTILES), left out of a
    jackknife's blocks: shown, never tested (`is_tested`). `report_metrics(quantiles=False)` has
    every other row."""
    from playtest.analysis.common import SCORE_QUANTILES

    return LeftOut(lambda metric: metric in SCORE_QUANTILES, report_metrics(quantiles=False))


def compared_sections() -> frozenset[str]:
    """The keys of the report sections a comparison computes: all but the design section. A gate
    or a goal can only name their metrics (its probe's table is `report_metrics`'), so diff and
    tune look for the sections that hold theirs among these, not computing the design section's
    power figures for that look alone (tests/compare/test_gates.py: 11.3 → 10.8 CPU-s, 2026-12-06)."""
    from playtest.analysis.metrics import every_section_but

    return every_section_but(DESIGN_SECTION)


def probe_sections(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> tuple[list[Section], pl.DataFrame]:
    """The report sections a comparison computes (`compared_sections`) of a probe's games, and
    their metric table (`report_metrics()`'s: the design section, left out, holds the only rows it
    leaves out), computed once. diff and tune read both: the table to check the names their gates
    or goals give, the sections to learn which of them their looks need (`section_keys`); each was
    computed apart before."""
    from playtest.analysis.metrics import metric_table, sections

    found = sections(info, games, events, compared_sections())
    return found, metric_table(found)


DESIGN_METRICS = frozenset({"detectable_seat_advantage", "games_needed"})
"""Numbers about the run's size, not about the game: left out of comparisons."""
DESIGN_SECTION = "sample_size"
"""The report section that holds them."""

NOT_TESTED = frozenset({"balance"})
"""Metrics shown side by side but not tested: `balance` is a max − min over seats, which is not
smooth where seats are equal (the jackknife's variance is not valid there)."""


def is_tested(metric: str) -> bool:
    """Quantiles (medians, q10 ... q90) and non-smooth metrics get no interval or p-value: the
    jackknife is not consistent for them, and on discrete scores they jump between integers."""
    if metric in NOT_TESTED:
        return False
    return not re.search(r"(^|_)(median|q\d{1,2})$", metric)


def compared_metrics(fn: MetricFn) -> MetricFn:
    """`fn` without the design metrics."""
    def wrapped(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return fn(info, games, events).filter(~pl.col(C.METRIC).is_in(list(DESIGN_METRICS)))

    return wrapped


REPORT_TEST = re.compile(r";\s*p: [^.]*(?:\.|$)(?:\s*\([^)]*\))?")
"""The clause that names the report's own test, to its full stop, with the note on simulated
counts after it: not what follows (`.*$` took New Frontiers' 'This is also the table of
win_rate_by_start_position ...: compensation gold in this variant: position 3 +1', which a
sweep's points tell apart by, sweep_definitions)."""


def without_report_test(definition: str) -> str:
    """A report definition without the clause that names the report's own test ("...; p:
    chi-square test that all seats win equally."): beside compare's or the ladder's p-value,
    which tests a difference between variants or across rungs, it named a test not shown."""
    stripped = REPORT_TEST.sub(".", definition)
    return definition if stripped == definition else stripped.rstrip()


def one_definition(texts: Mapping[str, str]) -> str:
    """One metric's definition from several runs (label → text): the text when they agree, else
    each with its label. A definition may describe the run's rules (New Frontiers' win rate by
    start position names its compensation gold), and the first run's text is then wrong for
    the others."""
    distinct = set(texts.values())
    if len(distinct) <= 1:
        return next(iter(distinct), "")
    return " ".join(f"{label}: {text}" for label, text in texts.items())


def estimates(table: pl.DataFrame) -> pl.DataFrame:
    """Only the keys, the estimate and n of a metric table, one row per (metric, group)."""
    return (table.select(C.METRIC, pl.col(C.GROUP).cast(pl.String).fill_null(""), C.ESTIMATE, C.N)
            .unique([C.METRIC, C.GROUP], keep="first", maintain_order=True))


WHOLE_SEP = " / "
"""A nested category's separator: 'round 3 / bays' is the category bays of the whole 'round 3'."""


def _last(group: str) -> str:
    """The thing a group names: the part after the last ' / ' ('bays' of 'round 3 / bays')."""
    return group.rsplit(WHOLE_SEP, 1)[-1]


def _whole(group: str, nested: bool) -> str:
    """The whole a category belongs to: the part before the last ' / ' of a nested metric's group
    ('round 3' of 'round 3 / bays'), else the metric itself ('')."""
    return group.rsplit(WHOLE_SEP, 1)[0] if nested else ""


def _is_nested(groups: Collection[str]) -> bool:
    return bool(groups) and all(g and WHOLE_SEP in g for g in groups)


def _splits_a_whole(part: pl.DataFrame) -> bool:
    """Whether the rows of one rate or share metric, in one table, split one whole (or, nested,
    each of several wholes such as the rounds of 'round 3 / bays') into categories: in each whole
    every row has the same n, and a whole of one row is all of it (100%). Several categories of one
    n may overlap (two end triggers can fire in one game: shares of games that add up to more than
    1); a lone row that is not 100% is a conditional rate whose n merely cannot differ: the win rate
    of the players who took a one-crew draft's crew, which has no value for a crew nobody took."""
    groups = [str(g or "") for g in part[C.GROUP].to_list()]
    nested = _is_nested(groups)
    wholes: dict[str, list[tuple[Any, Any]]] = {}
    for g, est, n in zip(groups, part[C.ESTIMATE].to_list(), part[C.N].to_list(), strict=True):
        wholes.setdefault(_whole(g, nested), []).append((est, n))
    for rows in wholes.values():
        if len({n for _, n in rows}) != 1 or any(e is None or math.isnan(e) for e, _ in rows):
            return False
        if len(rows) == 1 and abs(rows[0][0] - 1.0) > 1e-6:
            return False
    return True


def distribution_groups(tables: Sequence[pl.DataFrame]) -> dict[str, set[str]]:
    """Metrics that split one whole into categories in every table that has them (a rate or share
    whose groups have the same n, `_splits_a_whole`: crew pick rates, end triggers, game lengths;
    nested ones, such as the crew pick rate by round, per whole) → every category seen in any
    table. A category that a variant or a ladder rung never produced (a crew it never took, a game
    length it never had) is then 0%, not missing: compared and tested, not "not tested". A metric
    whose groups share an n in one table only (the exact-bid rate of two bids made equally often)
    is a conditional rate, not completed anywhere."""
    out: dict[str, set[str]] = {}
    conditional: set[str] = set()
    for t in tables:
        for (metric,), part in t.group_by([C.METRIC]):
            if "rate" not in metric and "share" not in metric:
                continue
            values = part[C.ESTIMATE].drop_nulls().drop_nans()
            if values.len() and (values.min() < 0 or values.max() > 1):  # type: ignore[operator]
                continue
            if not _splits_a_whole(part):
                conditional.add(str(metric))
                continue
            out.setdefault(str(metric), set()).update(part[C.GROUP].to_list())
    return {m: g for m, g in out.items() if m not in conditional}


def complete(table: pl.DataFrame, groups: Mapping[str, set[str]], offs: Sequence[Off] = (),
             games: int | None = None, declared: MetricInfos | None = None) -> pl.DataFrame:
    """`table` with a 0 row for each category of `groups` it lacks (of a metric it has), except
    a category its variant switches off (`offs`): New Frontiers' share of games ended by the
    worlds trigger is not 0% in a draft without that trigger, it is not there at all. A nested
    category is added only to a whole the table has ('round 12 / bays' is not 0% in a run whose
    games all ended after round 6: it has no round 12), with that whole's n. With
    `games` (the run's), a share's 0 row gets the exact 95% interval of a share never seen,
    [0, 1 − 0.025^(1/N)], N the games or the row's n when fewer (stats.never_seen); `declared`
    (the game's GameSpec.metric_info) says which metrics are shares where their names do not,
    and which name things of the variant (MetricInfo.variant_groups): such a category is added
    only when this table names that thing (its crew pick rate lists every crew of its variant),
    so a crew only another draft has stays missing here, not 0% as if never taken."""
    metrics, groups_of, ns = table[C.METRIC].to_list(), table[C.GROUP].to_list(), table[C.N].to_list()
    missing = missing_categories(list(zip(metrics, groups_of, ns, strict=True)), groups, offs, declared)
    if not missing:
        return table
    definitions: dict[str, Any] = {}  # each metric's first row's
    for metric, definition in zip(metrics, table[C.DEFINITION].to_list(), strict=True):
        definitions.setdefault(metric, definition)
    extra = []
    for metric, g, n in missing:
        # the two-sided 95% interval's upper end of a share never seen (stats.never_seen at 2.5%)
        high = never_seen(0.025, chances(games, n)) if games and is_share(metric, declared) else None
        extra.append({C.METRIC: metric, C.GROUP: g, C.ESTIMATE: 0.0, C.N: n, C.DEFINITION: definitions[metric],
                      C.CI_LOW: None if high is None else 0.0, C.CI_HIGH: high})
    return in_group_order(pl.concat([table, C.metric_frame(extra)]))


def missing_categories(rows: Sequence[tuple[str, str | None, Any]], groups: Mapping[str, set[str]],
                       offs: Sequence[Off] = (), declared: MetricInfos | None = None) -> list[tuple[str, str, Any]]:
    """(metric, group, n) of each 0 row `complete` adds to a table whose rows' (metric, group, n)
    are `rows`, in table order; in the order it adds them. Plain lists, not a table: the jackknife
    completes each block's rows with it without building a table of them (compare/jackknife.py)."""
    flagged = {m for m, info in (declared or {}).items() if info.variant_groups}
    own = {_last(str(g or "")) for m, g, _ in rows if m in flagged}
    by_metric: dict[str, list[tuple[str | None, Any]]] = {}
    for m, g, n in rows:
        by_metric.setdefault(m, []).append((g, n))
    out = []
    for metric, wanted in groups.items():
        part = by_metric.get(metric)
        if part is None:
            continue
        if metric in flagged:
            wanted = {g for g in wanted if _last(g) in own}
        have = {g for g, _ in part}
        nested = _is_nested(wanted)
        whole_n: dict[str, Any] = {}  # each whole's n (its first row's, as the rows of a whole share one)
        for g, n in part:
            whole_n.setdefault(_whole(str(g or ""), nested), n)
        for g in sorted(wanted - have):
            whole = _whole(g, nested)
            if whole not in whole_n or off_for(offs, metric, g) is not None:
                continue
            out.append((metric, g, whole_n[whole]))
    return out


_LEADING_NUMBER = re.compile(r"^(\d+)\b")


def in_group_order(table: pl.DataFrame) -> pl.DataFrame:
    """`table` with each metric's rows kept together where the metric first appears, and the
    rows of a metric whose every group starts with a number ('4 rounds', '6 rounds') in that
    number's order: a category added by `complete` came last ('5 rounds, 6 rounds, 4 rounds')."""
    metrics = table[C.METRIC].to_list()
    groups = table[C.GROUP].to_list()
    first: dict[str, int] = {}
    numbered: dict[str, bool] = {}
    for i, (m, g) in enumerate(zip(metrics, groups, strict=True)):
        first.setdefault(m, i)
        numbered[m] = numbered.get(m, True) and bool(_LEADING_NUMBER.match(g or ""))

    def key(i: int) -> tuple[int, int, int]:
        m = metrics[i]
        match = _LEADING_NUMBER.match(groups[i] or "") if numbered[m] else None
        return first[m], int(match.group(1)) if match else 0, i

    return table[sorted(range(table.height), key=key)]


