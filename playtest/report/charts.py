"""Altair charts of a report's metric tables → Vega-Lite specs. Charts only select and label
rows of metric tables; every number is computed in `playtest.analysis`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.metrics import by_round_metrics
from playtest.core.spec import MetricInfos
from playtest.report.format import kind, unit
from playtest.report.model import Report
from playtest.report.vega import chart_rows, layer, vega_spec

WIDTH = 300
alt.data_transformers.disable_max_rows()

# Sections drawn by a dedicated chart (or not drawn: single numbers shown in the verdict).
SPECIAL = {"seats", "first_player", "balance", "scores", "outcome", "sample_size"}


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    definition: str
    spec: dict[str, Any]


def _rows(report: Report, metric: str, group_filter: str | None = None) -> pl.DataFrame:
    df = report.rows_of(metric)
    if group_filter:
        df = df.filter(pl.col(C.GROUP).str.contains(group_filter, literal=True))
    return df.with_columns(pl.col(C.GROUP).map_elements(report.label, return_dtype=pl.String).alias("label"))


def axis_format(k: str) -> str:
    """No fixed precision: Vega then gives the labels as many decimals as the spacing of the
    ticks needs (d3's tickFormat), trailing zeros trimmed (`~`). A fixed '.0%' or ',.2~f' printed
    '1% 1% 2% 2%' or '0.1 0.1 0.11' on a narrow axis: neighbouring ticks with one label. For
    axes only: a tooltip has no ticks, and needs its precision given."""
    return "~%" if k in ("rate", "diff") else ",~f"


def value_title(metric: str, declared: MetricInfos | None = None) -> str:
    """The title of a chart's value axis: what its numbers are, in what unit (`declared`: the
    game's GameSpec.metric_info). The New Frontiers gold chart's axis had none: gold? VP? %?"""
    k = kind(metric, declared)
    if k == "rate":
        return "share (%)"
    if k == "diff":
        return "difference (percentage points)"
    return unit(metric, declared) or "value"


GROUPS = {"win_rate_by_bot": "bot", "game_length_share": "game length", "leader_after_round_wins": "round",
          "score_mean": "players / score part", "score_sd": "players / score part", "first_player_advantage": "seat",
          "balance": "seats", **dict.fromkeys(("margin_of_victory", "margin_of_victory_median", "tie_rate",
                                               "points_tie_rate", "game_length_rounds", "game_length_turns"), "games")}
"""What the rows of the charts of metrics every game has are (a game declares its own's:
`MetricInfo.groups`): the report draws some of them as single numbers, `compare`, `sweep` and the
ladder as charts, whose one row ('all' games, 'seat 1') names no axis."""


def rows_title(labels: list[str], metric: str, declared: MetricInfos | None = None, bots: tuple[str, ...] = ()) -> str:
    """The title of a chart's axis of rows: the word every label starts with when the rest names
    one of them ('seat 1', 'bidding place 4, last', 'trump C' → 'seat', 'bidding place',
    'trump'), 'bot' when every label is a bot of the run (`bots`), else as the game declares the
    metric's groups (MetricInfo.groups) or GROUPS does, else 'group'."""
    if len(labels) >= 2:
        head = labels[0].rpartition(" ")[0] if " " in labels[0] else ""
        while head and not all(lab.startswith(head + " ") for lab in labels):
            head = head.rpartition(" ")[0]
        rests = [lab[len(head) + 1:] for lab in labels] if head else []
        # not 'all /' of 'all / total', 'all / rounds' (the ladder's mean scores): a part of two
        if rests and not head.endswith("/") and all(r[:1].isdigit() or " " not in r for r in rests):
            return head
    if labels and bots and set(labels) <= set(bots):
        return "bot"
    own = declared.get(metric) if declared else None
    if own is not None and own.groups:
        return own.groups
    return GROUPS.get(metric, "group")


def _tooltip(k: str) -> list[alt.Tooltip]:
    fmt = ".1%" if k in ("rate", "diff") else ",.2f"
    return [alt.Tooltip("label:N", title="group"), alt.Tooltip(f"{C.ESTIMATE}:Q", title="estimate", format=fmt),
            alt.Tooltip(f"{C.CI_LOW}:Q", title="95% low", format=fmt),
            alt.Tooltip(f"{C.CI_HIGH}:Q", title="95% high", format=fmt), alt.Tooltip(f"{C.N}:Q", title="n")]


def has_interval(rows: pl.DataFrame) -> bool:
    """Whether any of these metric rows has an interval: a chart of none is left out (the report,
    compare and sweep pages), a dot or a flat line without one beside it saying nothing the
    table does not."""
    return rows.filter(pl.col(C.CI_LOW).is_not_null() & pl.col(C.CI_LOW).is_not_nan()).height > 0


@vega_spec
def interval_chart(df: pl.DataFrame, metric: str, reference: float | None = None, x_title: str = "", *,
                   declared: MetricInfos | None = None, bots: tuple[str, ...] = ()) -> alt.TopLevelMixin:
    """Point estimate with its 95% interval per group, optional reference line (`declared`: the
    game's GameSpec.metric_info, for the metric's kind, unit and groups; `bots`: the run's, to
    title an axis of bots). Both axes have a title: `x_title`, else `value_title`; `rows_title`."""
    k = kind(metric, declared)
    data = df.select("label", C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N).to_dicts()
    order = [r["label"] for r in data]
    base = alt.Chart(chart_rows(data)).encode(
        y=alt.Y("label:N", sort=order, title=rows_title(order, metric, declared, bots), axis=alt.Axis(labelLimit=200)))
    x = alt.X(f"{C.CI_LOW}:Q", title=x_title or value_title(metric, declared), axis=alt.Axis(format=axis_format(k)),
              scale=alt.Scale(zero=k in ("rate", "count")))
    bars = base.mark_rule(strokeWidth=2, color="#4c78a8").encode(x=x, x2=alt.X2(f"{C.CI_HIGH}:Q"))
    dots = base.mark_point(filled=True, size=60, color="#1f3b63").encode(x=alt.X(f"{C.ESTIMATE}:Q"), tooltip=_tooltip(k))
    layers: list[Any] = [bars, dots]
    if reference is not None:
        ref = alt.Chart(chart_rows([{"ref": reference}])).mark_rule(strokeDash=[4, 3], color="#c0392b").encode(x=alt.X("ref:Q"))
        layers.insert(0, ref)
    height = max(60, 22 * len(data))
    return layer(*layers, width=WIDTH, height=height)


@vega_spec
def heatmap(df: pl.DataFrame, metric: str, *, declared: MetricInfos | None = None) -> alt.TopLevelMixin:
    """'outer / inner' groups (e.g. 'round 2 / bays') as a heatmap of the estimate; each axis
    titled by `rows_title` of its labels, the columns labelled without the word of that title
    ('2' under 'round'), the rows in the table's order. A column is at least 32 pixels wide: 16
    rounds in 300 ran their 'round N' labels and '100%' cells into one another."""
    k = kind(metric, declared)
    numbers = df.select("label", *(pl.col(c).fill_nan(None) for c in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH)), C.N)
    outers = [lab.split(" / ", 1)[0] for lab in numbers["label"]]
    outer_title = rows_title(list(dict.fromkeys(outers)), metric, declared)
    cut = len(outer_title) + 1 if all(o.startswith(outer_title + " ") for o in outers) else 0
    data = [{"outer": lab.split(" / ", 1)[0][cut:], "inner": lab.split(" / ", 1)[-1], C.ESTIMATE: e, C.CI_LOW: lo,
             C.CI_HIGH: hi, C.N: n, "label": lab}
            for lab, e, lo, hi, n in numbers.iter_rows()]  # an unknown value is null (JSON has no NaN), an empty cell
    outer_order = list(dict.fromkeys(d["outer"] for d in data))
    inner_order = list(dict.fromkeys(d["inner"] for d in data))
    base = alt.Chart(chart_rows(data)).encode(
        x=alt.X("outer:N", sort=outer_order, title=outer_title, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("inner:N", sort=inner_order, title=rows_title(inner_order, metric, declared),
                axis=alt.Axis(labelLimit=200)))
    rect = base.mark_rect().encode(color=alt.Color(f"{C.ESTIMATE}:Q", scale=alt.Scale(scheme="blues"),
                                                   legend=None), tooltip=_tooltip(k))
    text = base.mark_text(fontSize=11).encode(
        text=alt.Text(f"{C.ESTIMATE}:Q", format=".0%" if k in ("rate", "diff") else ",.1~f"),
        color=alt.ColorValue(condition={"test": f"datum.{C.ESTIMATE} > 0.5 * "
                                                f"{max((d[C.ESTIMATE] for d in data if d[C.ESTIMATE] is not None), default=1)}",
                                       "value": "white"},
                             value="black"))
    return layer(rect, text, width=max(WIDTH, 32 * len(outer_order)), height=max(60, 24 * len(inner_order)))


@vega_spec
def score_boxes(report: Report, who: str) -> alt.TopLevelMixin | None:
    """Score quantiles (q10–q90 whisker, q25–q75 box, median tick, mean dot) of the total by seat or bot."""
    frames = {}
    for m in ("score_q10", "score_q25", "score_median", "score_q75", "score_q90", "score_mean"):
        frames[m] = dict(_rows(report, m).filter(pl.col(C.GROUP).str.ends_with(" / total"))
                         .select(C.GROUP, C.ESTIMATE).iter_rows())
    groups = [g for g in frames["score_median"] if g != "all / total" and (g.startswith("seat ") == (who == "seat"))]
    if not groups:
        return None
    data: list[dict[str, Any]] = [
        {"label": report.label(g.removesuffix(" / total")), **{m.removeprefix("score_"): frames[m].get(g) for m in frames}}
        for g in groups]
    order = [d["label"] for d in data]
    base = alt.Chart(chart_rows(data)).encode(y=alt.Y("label:N", sort=order, title=who, axis=alt.Axis(labelLimit=200)))
    tips = [alt.Tooltip("label:N", title=who)] + [alt.Tooltip(f"{q}:Q", format=",.1f") for q in ("q10", "q25", "median", "q75", "q90", "mean")]
    whisk = base.mark_rule(color="#4c78a8").encode(x=alt.X("q10:Q", title="final total score", scale=alt.Scale(zero=False)), x2=alt.X2("q90:Q"))
    box = base.mark_bar(size=14, color="#9ecae9", stroke="#4c78a8").encode(x=alt.X("q25:Q"), x2=alt.X2("q75:Q"), tooltip=tips)
    med = base.mark_tick(color="#1f3b63", size=14, thickness=2).encode(x=alt.X("median:Q"))
    mean = base.mark_point(filled=True, color="#c0392b", size=30).encode(x=alt.X("mean:Q"), tooltip=tips)
    return layer(whisk, box, med, mean, width=WIDTH, height=max(60, 26 * len(data)))


@vega_spec
def score_components(report: Report) -> alt.TopLevelMixin | None:
    """Mean points per component by seat and by bot, each with its 95% interval: one row per
    seat or bot, a mark per component in it. (A stacked bar showed the means alone, the one
    chart of the report without intervals.)"""
    df = _rows(report, "score_mean").filter(~pl.col(C.GROUP).str.ends_with(" / total"))
    if df.height == 0:
        return None
    data = [{"who": report.label(g.split(" / ")[0]), "component": g.split(" / ")[1], C.ESTIMATE: e,
             C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n}
            for g, e, lo, hi, n in df.select(C.GROUP, *(pl.col(c).fill_nan(None) for c in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH)),
                                             C.N).iter_rows()]  # unknown (NaN: a part no game scored) is null: JSON has no NaN
    order = list(dict.fromkeys(d["who"] for d in data))
    components = list(dict.fromkeys(d["component"] for d in data))
    base = alt.Chart(chart_rows(data)).encode(
        y=alt.Y("who:N", sort=order, title="seat or bot", axis=alt.Axis(labelLimit=200)),
        yOffset=alt.YOffset("component:N", sort=components),
        color=alt.Color("component:N", sort=components, title="component", legend=alt.Legend(orient="bottom")))
    bars = base.mark_rule(strokeWidth=2).encode(
        x=alt.X(f"{C.CI_LOW}:Q", title="mean points per player", axis=alt.Axis(format=axis_format("mean"))),
        x2=alt.X2(f"{C.CI_HIGH}:Q"))
    dots = base.mark_point(filled=True, size=40).encode(
        x=alt.X(f"{C.ESTIMATE}:Q"),
        tooltip=[alt.Tooltip("who:N", title="who"), alt.Tooltip("component:N"), *_tooltip("mean")[1:]])
    zero = alt.Chart(chart_rows([{"ref": 0.0}])).mark_rule(color="#888").encode(x=alt.X("ref:Q"))
    return layer(zero, bars, dots, width=WIDTH, height=max(60, 10 * len(order) * len(components)))


def _definition(df: pl.DataFrame) -> str:
    return str(df[C.DEFINITION][0]) if df.height else ""


def _metric_title(section: str, metric: str, declared: MetricInfos) -> str:
    """A chart's title in a section of several metrics: the game's own words for the metric
    (GameSpec.metric_info: 'Planet majority on a 0-VP slot'), else the section's title and the
    metric's id in words ('Planets: planet fill rate')."""
    own = declared.get(metric)
    return own.title if own is not None and own.title else f"{section}: {metric.replace('_', ' ')}"


def build_charts(report: Report) -> list[Chart]:
    """Every chart of the HTML report, in reading order."""
    charts: list[Chart] = []
    players = report.run.get("players") or 0
    seats = _rows(report, "win_rate_by_seat")
    if seats.height:
        charts.append(Chart("seats", "Win rate by seat", _definition(seats) + " Dashed line: the fair share.",
                            interval_chart(seats, "win_rate_by_seat", 1 / players if players else None, "win rate")))
    for key, who, title in (("scores_seat", "seat", "Final score by seat"), ("scores_bot", "bot", "Final score by bot")):
        spec = score_boxes(report, who)
        if spec:
            charts.append(Chart(key, title, "Box: middle half (25th–75th percentile); line: 10th–90th; tick: median; red dot: mean.", spec))
    comps = score_components(report)
    if comps:
        charts.append(Chart("score_components", "Score components",
                            "Mean final points per player from each score component, by seat and by bot, "
                            "with 95% intervals.", comps))
    length = _rows(report, "game_length_share")
    if length.height:
        charts.append(Chart("game_length", "Game length", _definition(length),
                            interval_chart(length, "game_length_share", None, "share of games")))
    by_round = by_round_metrics(report.run)  # 'round r / choice' groups: a heatmap, rounds across
    for section in report.shown:
        if section.key in SPECIAL:
            continue
        parts = section.table.partition_by(C.METRIC, as_dict=True, maintain_order=True)
        for (metric,), part in parts.items():
            df = part.with_columns(pl.col(C.GROUP).map_elements(report.label, return_dtype=pl.String).alias("label"))
            if metric in by_round and df[C.GROUP].str.contains(" / ", literal=True).all():
                charts.append(Chart(f"{section.key}:{metric}", section.title, _definition(df),
                                    heatmap(df, metric, declared=report.declared)))
                continue
            # A row without an interval (the start gold, the same in every game) is a dot without a
            # bar beside the others (it was left out, though the description names it); a chart
            # none of whose rows has an interval is left out. JSON has no NaN: unknown is null.
            df = df.filter(pl.col(C.ESTIMATE).is_not_null() & pl.col(C.ESTIMATE).is_finite())
            if not has_interval(df):
                continue
            df = df.with_columns(pl.col(C.CI_LOW, C.CI_HIGH).fill_nan(None))
            title = section.title if len(parts) == 1 else _metric_title(section.title, metric, report.declared)
            ref = 0.0 if report.kind(metric) == "diff" else None
            charts.append(Chart(f"{section.key}:{metric}", title, _definition(df),
                                interval_chart(df, metric, ref, declared=report.declared,
                                               bots=tuple(report.run.get("lineup") or ()))))
    return charts
