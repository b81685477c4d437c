"""The ladder as a self-contained HTML page (the report's page frame): strength, ratings, what
changes with skill, a chart of every metric against the rung, and every number in tables."""

from __future__ import annotations

import math
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis import columns as C
from playtest.compare.render import metric_title
from playtest.ladder import skill, strength
from playtest.ladder.result import Ladder, json_safe, times, times_high
from playtest.report import format as F
from playtest.report.charts import WIDTH, axis_format, rows_title, value_title
from playtest.report.html import changes_cell, e, page
from playtest.report.ladder_markdown import cell, methods, p_shown, wide
from playtest.report.vega import chart_rows, layer, vega_spec

LEGEND_CARD_PX = 500
"""About the width a chart's card gives its legend at 1280 px (two cards a row). Two columns of
'share of majorities on a 0-VP slot (海洋惑星アクア Ocean Aqua)' ran past it: the chart scrolled
sideways and its labels were cut to '… (海洋惑星アクア Oce…'."""


def legend_columns(labels: list[str]) -> int:
    """2 while two columns of the longest label fit the card, else 1 (Vega's 10 px legend text:
    about 5.5 px a Latin character and 10 px a Japanese one, and 25 px for a symbol and gap)."""
    widest = max((sum(10.0 if ord(ch) >= 0x2E80 else 5.5 for ch in label) for label in labels), default=0.0)
    return 2 if 2 * (widest + 25) <= LEGEND_CARD_PX else 1


@vega_spec
def metric_chart(ladder: Ladder, metric: str, rows: list[dict[str, Any]]) -> alt.TopLevelMixin:
    """Estimate and 95% interval at each rung (x, in ladder order), one colour per group. Every
    axis and the legend say what they show (charts.value_title, rows_title), as the report's do."""
    k = F.kind(metric, ladder.declared)
    fmt = ".0%" if k in ("rate", "diff") else ",.2~f"
    data = [{"rung": r[skill.RUNG], "group": r["title"], C.ESTIMATE: r[C.ESTIMATE], C.CI_LOW: r[C.CI_LOW],
             C.CI_HIGH: r[C.CI_HIGH], C.N: r[C.N]} for r in json_safe(rows)]
    groups = list(dict.fromkeys(str(r[C.GROUP]) for r in rows))
    base = alt.Chart(chart_rows(data)).encode(
        x=alt.X("rung:N", sort=list(ladder.rungs), title="rung (weakest → strongest)", axis=alt.Axis(labelAngle=0)),
        color=alt.Color("group:N", sort=list(dict.fromkeys(d["group"] for d in data)), title=rows_title(groups, metric, ladder.declared),
                        legend=alt.Legend(orient="bottom", columns=legend_columns([str(d["group"]) for d in data]),
                                          labelLimit=LEGEND_CARD_PX)))
    tips = [alt.Tooltip("group:N"), alt.Tooltip("rung:N"), alt.Tooltip(f"{C.ESTIMATE}:Q", format=fmt),
            alt.Tooltip(f"{C.CI_LOW}:Q", title="95% low", format=fmt),
            alt.Tooltip(f"{C.CI_HIGH}:Q", title="95% high", format=fmt), alt.Tooltip(f"{C.N}:Q", title="n")]
    y = alt.Y(f"{C.ESTIMATE}:Q", title=value_title(metric, ladder.declared), axis=alt.Axis(format=axis_format(k)),
              scale=alt.Scale(zero=k == "rate"))
    line = base.mark_line(point=True).encode(y=y, tooltip=tips)
    if not any(isinstance(r.get(C.CI_LOW), int | float) and math.isfinite(r[C.CI_LOW]) for r in rows):
        return line.properties(width=WIDTH, height=180)  # a metric without intervals
    bars = base.mark_rule().encode(y=alt.Y(f"{C.CI_LOW}:Q"), y2=alt.Y2(f"{C.CI_HIGH}:Q"))
    return layer(bars, line, width=WIDTH, height=180)


@vega_spec
def ratings_chart(ladder: Ladder) -> alt.TopLevelMixin:
    rows = [r for r in ladder.ratings.iter_rows(named=True)  # open on both sides: no bound to draw
            if not math.isnan(r["rating"]) and not (math.isinf(r["ci_low"]) and math.isinf(r["ci_high"]))]
    for r in rows:  # an interval open on one side: the bound the games give, as a point
        if math.isinf(r["ci_high"]) or math.isinf(r["ci_low"]):
            bound = r["ci_low"] if math.isinf(r["ci_high"]) else r["ci_high"]
            r.update(rating=bound, ci_low=bound, ci_high=bound)
    data = json_safe(rows)
    base = alt.Chart(chart_rows(data)).encode(
        y=alt.Y("rung:N", sort=list(ladder.rungs), title="rung"))
    return layer(
        base.mark_rule(strokeWidth=2, color="#4c78a8").encode(x=alt.X("ci_low:Q", title="rating (Elo scale)"),
                                                              x2=alt.X2("ci_high:Q")),
        base.mark_point(filled=True, size=60, color="#1f3b63").encode(
            x=alt.X("rating:Q"), tooltip=[alt.Tooltip("rung:N"), alt.Tooltip("rating:Q", format="+.0f"),
                                   alt.Tooltip("ci_low:Q", format="+.0f"), alt.Tooltip("ci_high:Q", format="+.0f")]),
        width=WIDTH, height=max(60, 26 * len(data)))


@vega_spec
def strength_chart(ladder: Ladder) -> alt.TopLevelMixin:
    """Each rung's seats won against the rung below. The sides are the rungs' places in the
    ladder, not a verdict: 'stronger' and 'weaker' named the sides of a pairing the page then
    called 'not measurably stronger' (mcts:30 against heuristic in 12 games of Oh-Seven)."""
    data = []
    for r in ladder.strength.iter_rows(named=True):
        pair = f"{r['upper']} vs {r['lower']}"
        for side in ("upper", "lower"):
            data.append({"pair": pair, "bot": r[side], "side": f"{side} rung",
                         "rate": r[f"{side}_win_rate"], "low": r[f"{side}_win_rate_low"],
                         "high": r[f"{side}_win_rate_high"]})
    base = alt.Chart(chart_rows(json_safe(data))).encode(
        y=alt.Y("pair:N", title="pairing (upper vs lower rung)", sort=None), yOffset=alt.YOffset("side:N"),
        color=alt.Color("side:N", title="side", legend=alt.Legend(orient="bottom")))
    return layer(
        base.mark_rule(strokeWidth=2).encode(x=alt.X("low:Q", title="wins per seat", axis=alt.Axis(format=axis_format("rate"))),
                                             x2=alt.X2("high:Q")),
        base.mark_point(filled=True, size=60).encode(x=alt.X("rate:Q"), tooltip=[alt.Tooltip("bot:N"), alt.Tooltip("rate:Q", format=".1%"),
                                                                            alt.Tooltip("low:Q", format=".1%"),
                                                                            alt.Tooltip("high:Q", format=".1%")]),
        width=WIDTH, height=max(80, 50 * ladder.strength.height))


CSS = "td code { white-space: nowrap; word-break: normal; }"


def render_ladder_html(ladder: Ladder) -> str:
    run, v = ladder.run, ladder.run["variant"]
    specs: dict[str, Any] = {}
    figures = []

    def figure(title: str, definition: str, spec: dict[str, Any]) -> None:
        cid = f"chart-{len(specs)}"
        specs[cid] = spec
        figures.append(f'<figure><h3>{e(title)}</h3><p class="def">{e(definition)}</p>'
                       f'<div class="chart" id="{cid}"></div></figure>')

    figure("Strength: each rung against the one below", "Share of its seats each side wins, 95% interval over games.",
           strength_chart(ladder))
    figure("Ratings", "Bradley–Terry (choix), Elo scale, weakest rung 0; 95% bootstrap interval.", ratings_chart(ladder))
    rows = wide(ladder)
    titled = ladder.values.join(ladder.tests.select(C.METRIC, C.GROUP, "title", skill.CHANGES), on=[C.METRIC, C.GROUP])
    metric_order = list(dict.fromkeys(r[C.METRIC] for r in rows))
    changed_metrics = set(ladder.changed()[C.METRIC].to_list())
    metric_order.sort(key=lambda m: m not in changed_metrics)
    for metric in metric_order:
        part = titled.filter(pl.col(C.METRIC) == metric)
        groups = part.select(C.GROUP, skill.CHANGES).unique(maintain_order=True)
        if groups.height > 8:  # keep a chart readable: the groups that change first, then the rest
            keep = groups.sort(skill.CHANGES, descending=True, maintain_order=True).head(8)[C.GROUP]
            part = part.filter(pl.col(C.GROUP).is_in(keep.implode()))
        defs = part[C.DEFINITION].unique(maintain_order=True)
        definition = (defs[0] if defs.len() == 1 else "One line per group; each group's definition is in the "
                      "table below (hover its name).")
        definition += " (8 groups shown: those that change with skill first.)" if groups.height > 8 else ""
        # The metric in words, as compare titles it, then its id (the heading was the id alone: 'share bid')
        figure(f"{metric_title(metric, ladder.declared)} ({metric})", definition, metric_chart(ladder, metric, part.to_dicts()))
    matters = "".join(f"<li>{e(s)}</li>" for s in ladder.skill_matters)
    off = ("<dt>Switched off</dt><dd>not measured in this variant, so in no rung's metrics<ul class=\"changes\">"
           + "".join(f"<li>{e(o.text())}</li>" for o in ladder.switched_off) + "</ul></dd>") if ladder.switched_off else ""
    warn = "".join(f'<p class="verdict unfair">{e(w)}</p>' for w in ladder.warnings)
    strength_rows = "".join(
        f"<tr><td><code>{e(r['upper'])}</code></td><td><code>{e(r['lower'])}</code></td><td class=num>{r['games']}</td>"
        f"<td class=num>{r['upper_seats']}:{r['lower_seats']}</td>"
        f"<td class=num>{e(F.value(r['upper_win_rate'], 'rate'))} [{e(F.interval(r['upper_win_rate_low'], r['upper_win_rate_high'], 'rate'))}]</td>"
        f"<td class=num>{e(F.value(r['lower_win_rate'], 'rate'))} [{e(F.interval(r['lower_win_rate_low'], r['lower_win_rate_high'], 'rate'))}]</td>"
        f"<td class=num>{e(F.value(r['diff'], 'diff'))} [{e(F.interval(r['diff_low'], r['diff_high'], 'diff'))}]</td>"
        f"<td class=num>{e(times(r['ratio']))} [{e(times(r['ratio_low']))} – {e(times_high(r['ratio_high']))}]</td>"
        f"<td class=num>{e(F.value(r['score_diff'], 'number'))} [{e(F.interval(r['score_diff_low'], r['score_diff_high'], 'number'))}]</td></tr>"
        for r in ladder.strength.iter_rows(named=True))
    rating_rows = "".join(
        f"<tr><td><code>{e(r['rung'])}</code></td><td class=num>{e(strength.rating_text(r['rating'], r['ci_low'], r['ci_high']))}</td>"
        f"<td class=num>{e(strength.elo_text(r['ci_low']))} – {e(strength.elo_text(r['ci_high']))}</td>"
        f"<td class=num>{r['comparisons']}</td></tr>" for r in ladder.ratings.iter_rows(named=True))
    changed = ladder.changed()
    tested = ladder.tests.filter(pl.col(skill.P_HOLM).is_not_nan()).height
    sentences = "".join(f"<li>{e(s)}</li>" for s in changed[skill.SENTENCE].to_list()) or "<li>none detected</li>"
    head = "".join(f"<th class=num>{e(r)}</th>" for r in ladder.rungs)
    body_rows = "".join(
        f"<tr><td title=\"{e(row['cells'][0][C.DEFINITION] if row['cells'][0] else '')}\">{e(row['title'])}</td>"
        + "".join(f"<td class=num>{e(cell(c, row[C.METRIC], ladder.declared))}</td>" for c in row["cells"])
        + f"<td class=num>{e(p_shown(row))}</td>"
        f"<td>{'yes' if row[skill.CHANGES] else ''}</td></tr>" for row in rows)
    body = f"""<header><h1>Skill ladder — {e(v.get('name'))}</h1><p class="sub">{e(run.get('game_title'))}</p>
<dl class="meta"><dt>Variant</dt><dd><code>{e(v.get('path'))}</code> · rules {e(v.get('rules_version'))} · hash <code>{e(v.get('hash'))}</code></dd>
<dt>Changes</dt>{changes_cell(run)}
<dt>Rungs</dt><dd>{e(', '.join(ladder.rungs))} (weakest first)</dd>
<dt>Games</dt><dd>{e(run.get('games_per_rung'))} self-play games per rung · {e(run.get('games_per_pairing'))} per pairing · {e(run.get('players'))} players · seed {e(run.get('seed'))}</dd>
<dt>Command</dt><dd><code>{e(run.get('command'))}</code></dd>{off}
<dt>Made by</dt><dd>{e(ladder.generated_by)}</dd></dl></header>
{warn}<h2>Does skill matter?</h2><ul>{matters}</ul>
<table><thead><tr><th>upper rung</th><th>lower rung</th><th class=num>games</th><th class=num>seats</th><th class=num>upper rung's wins per seat</th>
<th class=num>lower rung's wins per seat</th><th class=num>gap (97.5%)</th><th class=num>× as often</th><th class=num>score gap per seat (97.5%)</th></tr></thead>
<tbody>{strength_rows}</tbody></table>
<table><thead><tr><th>rung</th><th class=num>rating</th><th class=num>95% interval</th><th class=num>comparisons</th></tr></thead><tbody>{rating_rows}</tbody></table>
<h2>What changes with skill</h2><p>{changed.height} of {tested} metrics tested change with skill (Holm-adjusted, 5%):</p><ul>{sentences}</ul>
<h2>Charts</h2><div class="charts">{''.join(figures)}</div>
<h2>Every metric by rung</h2><details open><summary>{len(rows)} metrics</summary>
<table><thead><tr><th>metric</th>{head}<th class=num>p (Holm)</th><th>changes</th></tr></thead><tbody>{body_rows}</tbody></table></details>
<h2>Method</h2><p class="def">{e(methods(ladder))}</p>"""
    return page(f"Skill ladder — {v.get('name') or ''}", body, specs, extra_css=CSS)
