"""The self-contained HTML report: header, verdict, charts (Vega inlined once), metric tables.

Every string from a variant, the command line or the run is escaped with `html.escape`, its
control characters and bidirectional overrides replaced (`text.clean`: `report -o -` may print
the page to a terminal); chart specs travel as JSON inside a `<script type="application/json">`
with `<`, `>`, `&` and those characters written as \\u escapes, so no data can close a tag or
start a script. A Content-Security-Policy keeps the page from fetching anything.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.report import format as F
from playtest.report.charts import build_charts
from playtest.report.model import Report, VerdictItem
from playtest.text import clean, json_safe
from playtest.variants.diff import change_side

# Sections folded by default (long tables).
FOLDED = {"scores"}

CSP = ("default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; "
       "img-src data: blob:; font-src data:; connect-src 'none'")


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "playtest"


@cache
def vega_bundle() -> str:
    """Vega, Vega-Lite and vega-embed as one script (from vl-convert, no network); sets
    window.vega, window.vegaLite and window.vegaEmbed. Bundling takes seconds, so the result is
    kept in ~/.cache/playtest keyed by the vl-convert version (rebuilt if unreadable)."""
    import vl_convert

    version = getattr(vl_convert, "__version__", "unknown")
    cached = _cache_dir() / f"vega-bundle-{version}.js"
    try:
        js = cached.read_text(encoding="utf-8")
        if "window.vegaEmbed=" in js:
            return js
    except OSError:
        pass
    js = vl_convert.javascript_bundle()  # type: ignore[call-arg]  # vl-convert's stub requires the snippet its docs call optional
    js = js.replace("</script", "<\\/script").replace("<!--", "<\\!--")
    try:
        from playtest.report.write import write_atomic

        write_atomic(cached, js)
    except OSError:  # a read-only home still gets its report, just slower
        pass
    return js


def json_for_script(obj: Any) -> str:
    text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    return json_safe(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def e(value: Any) -> str:
    return escape("" if value is None else clean(str(value)), quote=True)


STYLE = """
:root { --ink:#1d2733; --muted:#5b6775; --line:#dde3ea; --ok:#1e7b4f; --okbg:#e8f6ee; --warn:#9a5b00; --warnbg:#fff4e0; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif; color: var(--ink);
       margin: 0 auto; max-width: 1180px; padding: 24px 28px 60px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 0 0 2px; }
.sub { color: var(--muted); margin: 0 0 10px; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; font-size: 13px; }
.meta dt { color: var(--muted); } .meta dd { margin: 0; }
code { font: 12px ui-monospace, "SFMono-Regular", Menlo, monospace; background: #f3f5f7; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
.verdict { border-radius: 8px; padding: 14px 18px; margin: 16px 0; border: 1px solid; }
.verdict.fair { background: var(--okbg); border-color: #9fd8b8; } .verdict.unfair { background: var(--warnbg); border-color: #f0c37a; }
.verdict.unknown { background: #f3f5f7; border-color: var(--line); }
.verdict .headline { font-size: 17px; font-weight: 600; margin: 0 0 4px; }
.verdict .detail { margin: 0 0 10px; }
.note { background: var(--warnbg); border: 1px solid #f0c37a; border-radius: 6px; padding: 8px 12px; }
.items { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 10px; }
.item { background: white; border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
.item .label { color: var(--muted); font-size: 12px; }
.item .value { font-size: 20px; font-weight: 600; }
.item .ci { color: var(--muted); font-size: 12px; }
.badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; margin-left: 4px; }
.badge.in { background: var(--okbg); color: var(--ok); } .badge.out { background: var(--warnbg); color: var(--warn); }
.def { color: var(--muted); font-size: 12px; margin: 2px 0 6px; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); gap: 18px 24px; }
figure { margin: 0; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; }
.chart { min-height: 60px; }
table { border-collapse: collapse; font-size: 13px; margin: 4px 0 8px; }
.wide, pre { max-width: 100%; overflow-x: auto; }
th, td { padding: 3px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
details { margin: 6px 0 14px; } summary { cursor: pointer; font-weight: 600; font-size: 15px; }
ul.changes { margin: 4px 0; padding-left: 20px; }
.err { color: #b00020; }
"""

SCRIPT = """
(function () {
  var specs = JSON.parse(document.getElementById('chart-specs').textContent);
  Object.keys(specs).forEach(function (id) {
    var el = document.getElementById(id);
    window.vegaEmbed(el, specs[id], {renderer: 'svg', actions: false}).catch(function (err) {
      el.textContent = 'Chart failed to render: ' + err;
      el.className += ' err';
      console.error(err);
    });
  });
})();
"""


def changes_cell(run: dict[str, Any]) -> str:
    """The `<dd>` of a header's Changes: the keys the run's variant changes against the draft it
    extends, or by the command line's --set (the balance report's and the ladder's headers)."""
    v = run["variant"]
    chain = v.get("chain") or []
    changes = v.get("changes") or []
    parent = chain[1] if len(chain) > 1 else None
    if not changes:
        text = "none — this draft extends nothing" if not parent else f"none against {e(parent)}"
        return f"<dd>{text}</dd>"
    lis = []
    for c in changes:
        old, new = change_side(c, "old"), change_side(c, "new")
        lis.append(f"<li><code>{e(c.get('path'))}</code>: {e(old)} → {e(new)}</li>")
    against = f" against <code>{e(parent)}</code>" if parent else " (command-line overrides)"
    return f"<dd>{len(changes)} key{'s' if len(changes) != 1 else ''}{against}<ul class=\"changes\">{''.join(lis)}</ul></dd>"


def _header(report: Report) -> str:
    run = report.run
    v = run["variant"]
    lineup = ", ".join(run.get("lineup") or [])
    rotate = " (seats rotate game by game)" if run.get("rotate_seats") else ""
    rows: list[tuple[str, str | None]] = [
        ("Variant", f"<code>{e(v.get('path'))}</code> · rules {e(v.get('rules_version'))} · hash <code>{e(v.get('hash'))}</code>"),
        ("Changes", None),
        ("Run", f"{e(run.get('games'))} games · {e(run.get('players'))} players · seed {e(run.get('seed'))}"
                + (f" · <strong>partial run: {e(run.get('games'))} of {e(run.get('planned_games'))} games "
                   "played (interrupted; <code>playtest simulate --resume</code> finishes it)</strong>"
                   if run.get("planned_games") else "")),
        ("Bots", f"{e(lineup)}{e(rotate)}"),
        ("Command", f"<code>{e(run.get('command'))}</code>"),
        ("Made by", f"playtest {e(run.get('playtest_version'))} · {e(run.get('created'))} · report by {e(report.generated_by)}"),
    ]
    if report.switched_off:
        items = "".join(f"<li>{e(o.text())}</li>" for o in report.switched_off)
        rows.insert(2, ("Switched off", f"not measured in this variant, so left out of the tables below"
                                        f"<ul class=\"changes\">{items}</ul>"))
    meta = []
    for key, val in rows:
        meta.append(f"<dt>{key}</dt>" + (changes_cell(run) if val is None else f"<dd>{val}</dd>"))
    return (f"<header><h1>Balance report — {e(v.get('name'))}</h1>"
            f"<p class=\"sub\">{e(run.get('game_title'))}</p><dl class=\"meta\">{''.join(meta)}</dl></header>")


def _item(report: Report, item: VerdictItem) -> str:
    k = report.kind(item.metric) if item.unit != "number" else "number"
    badge = ""
    if item.within_fair is not None:
        fair = F.fair(item.fair_value, k)
        badge = (f'<span class="badge in">fair {e(fair)} inside interval</span>' if item.within_fair
                 else f'<span class="badge out">fair {e(fair)} outside interval</span>')
    ci = F.interval(item.ci_low, item.ci_high, k)
    ci_text = f"95% interval {e(ci)} · n = {e(item.n)}" if ci else f"n = {e(item.n)}"
    return (f'<div class="item" title="{e(item.definition)}"><div class="label">{e(item.label)}</div>'
            f'<div class="value">{e(F.value(item.estimate, k))}{badge}</div><div class="ci">{ci_text}</div>'
            f'<div class="def">{e(item.definition)}</div></div>')


def _verdict(report: Report) -> str:
    v = report.verdict
    items = "".join(_item(report, i) for i in v.items)
    return (f'<section class="verdict {e(v.status)}" id="verdict"><p class="headline">{e(v.headline)}</p>'
            f'<p class="detail">{e(v.detail)}</p><div class="items">{items}</div></section>')


def _table(report: Report, df: pl.DataFrame) -> str:
    many = df[C.METRIC].n_unique() > 1
    has_p = df[C.P_VALUE].is_not_null().any() and df[C.P_VALUE].is_not_nan().any()
    head = ("<tr>" + ("<th>metric</th>" if many else "") + "<th>group</th><th class=num>estimate</th>"
            "<th class=num>95% interval</th><th class=num>n</th>" + ("<th class=num>p</th>" if has_p else "") + "</tr>")
    body = []
    for r in df.iter_rows(named=True):
        k = report.kind(r[C.METRIC])
        cells = (f"<td title=\"{e(r[C.DEFINITION])}\">{e(r[C.METRIC])}</td>" if many else "")
        cells += (f"<td title=\"{e(r[C.DEFINITION])}\">{e(report.label(r[C.GROUP]))}</td>"
                  f"<td class=num>{e(F.value(r[C.ESTIMATE], k))}</td>"
                  f"<td class=num>{e(F.row_interval(r[C.ESTIMATE], r[C.CI_LOW], r[C.CI_HIGH], r[C.METRIC], report.declared))}"
                  f"</td><td class=num>{e(r[C.N])}</td>")
        if has_p:
            cells += f"<td class=num>{e(F.p_value(r[C.P_VALUE]))}</td>"
        body.append(f"<tr>{cells}</tr>")
    # One line per metric when its rows share a definition; rows that each have their own (the
    # score table: a part and a group per row) keep theirs on hover, not the first row's above all.
    defs: dict[str, dict[str, None]] = {}  # metric → its rows' definitions, in order
    for m, d in df.select(C.METRIC, C.DEFINITION).iter_rows():
        defs.setdefault(m, {})[d] = None
    def_lines = "".join(
        (f"<p class=\"def\"><b>{e(m)}</b>: " if many else "<p class=\"def\">")
        + (e(next(iter(ds))) if len(ds) == 1 else "the rows' definitions differ: point at a row's group to read its own")
        + "</p>" for m, ds in defs.items())
    return f"{def_lines}<table><thead>{head}</thead><tbody>{''.join(body)}</tbody></table>"


def render_html(report: Report) -> str:
    """The whole page as one string."""
    charts = build_charts(report)
    specs = {}
    figures = []
    for i, chart in enumerate(charts):
        cid = f"chart-{i}"
        specs[cid] = chart.spec
        figures.append(f'<figure data-chart="{e(chart.key)}"><h3>{e(chart.title)}</h3><p class="def">{e(chart.definition)}</p>'
                       f'<div class="chart" id="{cid}"></div></figure>')
    tables = []
    for s in report.shown:
        opened = "" if s.key in FOLDED else " open"
        tables.append(f'<details{opened} id="section-{e(s.key)}"><summary>{e(s.title)}</summary>{_table(report, s.table)}</details>')
    title = f"Balance report — {report.run['variant'].get('name') or ''}"
    numbers = [(i.metric, i.estimate, i.ci_low, i.ci_high) for i in report.verdict.items]
    for sec in report.shown:
        numbers += sec.table.select(C.METRIC, C.ESTIMATE, C.CI_LOW, C.CI_HIGH).rows()
    notes = "".join(f'<p class="def">{e(note)}</p>' for note in F.report_notes(numbers, report.declared))
    body = f"""{_header(report)}
<h2>Verdict</h2>
{_verdict(report)}
<h2>Charts</h2>
<div class="charts">{''.join(figures)}</div>
<h2>All metrics</h2>
<p class="def">Each number has its sample size n and, where one applies, a 95% interval; hover a row or read the line above each table for its definition.</p>
{''.join(tables)}{notes}"""
    return page(title, body, specs)


def scrolling_tables(body: str) -> str:
    """Each table in a box that scrolls sideways when the table is wider than the page (the
    ladder's strength table ran off its right edge). A box, not `display: block` on the table,
    which takes the table's semantics from screen readers in some browsers."""
    return re.sub(r"<table\b", '<div class="wide"><table', body).replace("</table>", "</table></div>")


def page(title: str, body: str, specs: dict[str, Any], *, extra_css: str = "") -> str:
    """A self-contained HTML page: the CSP, the style, `body` (its tables in boxes that scroll,
    `scrolling_tables`), the chart specs, Vega inlined once."""
    body = scrolling_tables(body)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{e(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)}</title>
<style>{STYLE}{extra_css}</style>
</head>
<body>
{body}
<script type="application/json" id="chart-specs">{json_for_script(specs)}</script>
<script>{vega_bundle()}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""
