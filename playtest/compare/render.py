"""Presentation of comparisons, gate results and sweeps: Markdown, JSON and self-contained HTML.

Reads the DataFrames and dataclasses of compare.py, gates.py and sweep.py; computes nothing.
The HTML page reuses the single-run report's style, Vega bundle (inlined, offline) and escaping.
"""

from __future__ import annotations

import json
import math
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis import columns as C
from playtest.compare import compare as K
from playtest.compare.gates import FAIL, PASS, GateResult
from playtest.report import format as F
from playtest.report.html import e, page

MAX_CHART_GROUPS = 16
MARK = {PASS: "✅ pass", FAIL: "❌ fail", "undecided": "⚠️ undecided"}


def _kind(metric: str) -> str:
    return F.kind(metric)


def fmt_value(x: float | None, metric: str) -> str:
    return F.value(x, _kind(metric))


def fmt_diff(x: float | None, metric: str) -> str:
    k = _kind(metric)
    if k in ("rate", "diff"):
        return F.value(x, "diff")
    if x is None or math.isnan(x):
        return "–"
    return f"{x:+.2f}"


def fmt_diff_ci(lo: float | None, hi: float | None, metric: str) -> str:
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return ""
    return f"{fmt_diff(lo, metric)} … {fmt_diff(hi, metric)}"


def _clean(x: Any) -> Any:
    return None if isinstance(x, float) and (math.isnan(x) or math.isinf(x)) else x


def _records(df: pl.DataFrame) -> list[dict[str, Any]]:
    return [{k: _clean(v) for k, v in r.items()} for r in df.iter_rows(named=True)]


# --- comparison ---------------------------------------------------------------------------------


def wide_rows(cmp: K.Comparison) -> list[dict[str, Any]]:
    """One row per (metric, group): each variant's value, then each difference against the first."""
    vals = {(r[C.METRIC], r[C.GROUP], r[K.VARIANT]): r for r in cmp.values.iter_rows(named=True)}
    diffs = {(r[C.METRIC], r[C.GROUP], r[K.VARIANT]): r for r in cmp.differences.iter_rows(named=True)}
    keys = list(dict.fromkeys((r[C.METRIC], r[C.GROUP]) for r in cmp.values.iter_rows(named=True)))
    out = []
    for m, g in keys:
        row: dict[str, Any] = {"metric": m, "group": g, "values": {}, "differences": {}}
        for label in cmp.labels:
            v = vals.get((m, g, label))
            row["values"][label] = None if v is None else {k: _clean(v[k]) for k in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N)}
        for label in cmp.labels[1:]:
            d = diffs.get((m, g, label))
            row["differences"][label] = None if d is None else {
                k: _clean(d[k]) for k in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.P_VALUE, K.P_HOLM, K.SIGNIFICANT, K.NOTABLE)}
        out.append(row)
    return out


def changes_lines(cmp: K.Comparison) -> list[str]:
    lines = []
    for base, other, changes in cmp.changes:
        if not changes:
            lines.append(f"{other} vs {base}: no rule key differs")
            continue
        lines.append(f"{other} vs {base}: {len(changes)} key{'s differ' if len(changes) != 1 else ' differs'}")
        lines += [f"  {c}" for c in changes]
    return lines


def settings_line(cmp: K.Comparison, run: dict[str, Any]) -> str:
    s = cmp.settings
    seeds = run.get("seeds") or []
    crn = "same seed for every variant (common random numbers)" if len(set(seeds)) <= 1 else f"seeds {', '.join(map(str, seeds))} (independent)"
    return (f"{cmp.games} games per variant · {run.get('players')} players · bots {','.join(run.get('lineup') or [])} · "
            f"{crn}. Differences: paired jackknife over {s.blocks} blocks of games, 95% intervals, "
            f"p-values Holm-adjusted over all {int(cmp.differences[C.P_VALUE].is_not_nan().sum())} tests; "
            f"★ = significant at α = {s.alpha:g} and at least {s.min_effect * 100:g} points (rates) or "
            f"{s.min_rel_effect * 100:g}% (other metrics).")


def compare_markdown(cmp: K.Comparison, run: dict[str, Any], *, only_tested: bool = False) -> str:
    labels = cmp.labels
    out = [f"## Comparison: {' vs '.join(labels)}", "", "### Rule changes", "", "```"]
    out += changes_lines(cmp) or ["(one variant)"]
    out += ["```", "", settings_line(cmp, run), ""]
    notable = cmp.differences.filter(pl.col(K.NOTABLE))
    if notable.height:
        out += ["### Notable differences", ""]
        for r in notable.iter_rows(named=True):
            out.append(f"- ★ **{r[C.METRIC]} / {r[C.GROUP]}** ({r[K.VARIANT]} − {r[K.BASELINE]}): "
                       f"{fmt_diff(r[C.ESTIMATE], r[C.METRIC])} ({fmt_diff_ci(r[C.CI_LOW], r[C.CI_HIGH], r[C.METRIC])}), "
                       f"p (Holm) {F.p_value(r[K.P_HOLM])}")
        out.append("")
    else:
        out += ["No difference is both significant and larger than the stated minimum.", ""]
    head = ["metric", "group", *labels]
    for label in labels[1:]:
        head += [f"{label} − {labels[0]}", "95% interval (unadjusted)", "p (Holm)", ""]
    out += ["### Every metric", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in wide_rows(cmp):
        m = row["metric"]
        diffs = [row["differences"][lb] for lb in labels[1:]]
        if only_tested and all(d is None or d[C.P_VALUE] is None for d in diffs):
            continue
        cells = [m, row["group"]]
        for lb in labels:
            v = row["values"][lb]
            cells.append(fmt_value(v[C.ESTIMATE], m) if v else "–")
        for d in diffs:
            if d is None:
                cells += ["–", "", "", ""]
                continue
            cells += [fmt_diff(d[C.ESTIMATE], m), fmt_diff_ci(d[C.CI_LOW], d[C.CI_HIGH], m),
                      F.p_value(d[K.P_HOLM]) or "not tested", "★" if d[K.NOTABLE] else ""]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out) + "\n"


def compare_json(cmp: K.Comparison, run: dict[str, Any]) -> str:
    doc = {
        "kind": "playtest-comparison",
        "version": 1,
        "variants": list(cmp.labels),
        "run": run,
        "settings": {"alpha": cmp.settings.alpha, "min_effect": cmp.settings.min_effect,
                     "min_rel_effect": cmp.settings.min_rel_effect, "blocks": cmp.settings.blocks,
                     "method": "paired delete-a-group jackknife over games; t intervals; Holm over all tests"},
        "changes": [{"base": b, "variant": o, "changes": [c.as_dict() for c in cs]} for b, o, cs in cmp.changes],
        "games": cmp.games,
        "values": _records(cmp.values),
        "differences": _records(cmp.differences),
    }
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str)


def _overlay_chart(df: pl.DataFrame, metric: str, labels: tuple[str, ...]) -> dict[str, Any]:
    k = _kind(metric)
    fmt = ".0%" if k in ("rate", "diff") else ",.2~f"
    data = _records(df.select(C.GROUP, K.VARIANT, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N))
    order = list(dict.fromkeys(r[C.GROUP] for r in data))
    base = alt.Chart(alt.Data(values=data)).encode(
        y=alt.Y(f"{C.GROUP}:N", sort=order, title=None, axis=alt.Axis(labelLimit=200)),
        yOffset=alt.YOffset(f"{K.VARIANT}:N", sort=list(labels)),
        color=alt.Color(f"{K.VARIANT}:N", sort=list(labels), title="variant"))
    x = alt.X(f"{C.CI_LOW}:Q", title=None, axis=alt.Axis(format=fmt), scale=alt.Scale(zero=k == "rate"))
    rules = base.mark_rule(strokeWidth=2).encode(x=x, x2=f"{C.CI_HIGH}:Q")
    dots = base.mark_point(filled=True, size=50).encode(
        x=f"{C.ESTIMATE}:Q",
        tooltip=[alt.Tooltip(f"{K.VARIANT}:N"), alt.Tooltip(f"{C.GROUP}:N"),
                 alt.Tooltip(f"{C.ESTIMATE}:Q", format=fmt), alt.Tooltip(f"{C.CI_LOW}:Q", format=fmt),
                 alt.Tooltip(f"{C.CI_HIGH}:Q", format=fmt), alt.Tooltip(f"{C.N}:Q")])
    height = max(60, 14 * len(order) * len(labels))
    return alt.layer(rules, dots).properties(width=360, height=height).to_dict()


def _page(title: str, body: str, specs: dict[str, Any]) -> str:
    return page(title, f"<h1>{e(title)}</h1>\n{body}", specs,
                extra_css="\ntr.notable td { background: var(--warnbg); }\n")


def _figures(charts: list[tuple[str, str, dict[str, Any]]], specs: dict[str, Any]) -> str:
    out = []
    for title, definition, spec in charts:
        cid = f"chart-{len(specs)}"
        specs[cid] = spec
        out.append(f'<figure><h3>{e(title)}</h3><p class="def">{e(definition)}</p><div class="chart" id="{cid}"></div></figure>')
    return f'<div class="charts">{"".join(out)}</div>'


def compare_html(cmp: K.Comparison, run: dict[str, Any]) -> str:
    labels = cmp.labels
    specs: dict[str, Any] = {}
    changes = "".join(f"<li>{e(line.strip())}</li>" for line in changes_lines(cmp))
    charts = []
    defs = dict(cmp.differences.select(C.METRIC, C.DEFINITION).unique(C.METRIC).iter_rows())
    for (metric,), part in cmp.values.group_by([C.METRIC], maintain_order=True):
        if metric == "score_mean":
            part = part.filter(pl.col(C.GROUP).str.ends_with("/ total"))
        elif metric.startswith("score_"):
            continue  # sd and quantiles: in the table
        if part[C.GROUP].n_unique() > MAX_CHART_GROUPS:
            continue
        charts.append((metric, defs.get(metric, ""), _overlay_chart(part, metric, labels)))
    head = "<tr><th>metric</th><th>group</th>" + "".join(f"<th class=num>{e(lb)}</th>" for lb in labels)
    for lb in labels[1:]:
        head += f"<th class=num>{e(lb)} − {e(labels[0])}</th><th class=num>95% interval (unadjusted)</th><th class=num>p (Holm)</th><th></th>"
    rows = []
    for row in wide_rows(cmp):
        m = row["metric"]
        cells = f"<td title=\"{e(defs.get(m, ''))}\">{e(m)}</td><td>{e(row['group'])}</td>"
        for lb in labels:
            v = row["values"][lb]
            cells += f"<td class=num>{e(fmt_value(v[C.ESTIMATE], m) if v else '–')}</td>"
        notable = False
        for lb in labels[1:]:
            d = row["differences"][lb]
            if d is None:
                cells += "<td class=num>–</td><td></td><td></td><td></td>"
                continue
            notable = notable or bool(d[K.NOTABLE])
            cells += (f"<td class=num>{e(fmt_diff(d[C.ESTIMATE], m))}</td>"
                      f"<td class=num>{e(fmt_diff_ci(d[C.CI_LOW], d[C.CI_HIGH], m))}</td>"
                      f"<td class=num>{e(F.p_value(d[K.P_HOLM]) or 'not tested')}</td><td>{'★' if d[K.NOTABLE] else ''}</td>")
        rows.append(f"<tr class=\"{'notable' if notable else ''}\">{cells}</tr>")
    body = (f"<h2>Rule changes</h2><ul class=\"changes\">{changes or '<li>(one variant)</li>'}</ul>"
            f"<p class=\"def\">{e(settings_line(cmp, run))}</p>"
            f"<p class=\"def\">Command: <code>{e(run.get('command', ''))}</code></p>"
            f"<h2>Charts</h2><p class=\"def\">Each variant's value with its 95% interval, overlaid.</p>"
            f"{_figures(charts, specs)}"
            f"<h2>Every metric</h2><table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>")
    return _page(f"Comparison — {' vs '.join(labels)}", body, specs)


# --- gates --------------------------------------------------------------------------------------


def gates_markdown(results: list[GateResult], status: str, info: dict[str, Any]) -> str:
    head = {PASS: "✅ **All gates hold**", FAIL: "❌ **A gate fails**", "undecided": "⚠️ **Undecided**: the games played cannot decide every gate"}[status]
    out = [f"### playtest diff: `{info['candidate']}` against `{info['base']}`", "", head, ""]
    out += ["| | gate | shown | estimate | bounds | limit |", "|---|---|---|---:|---:|---|"]
    for r in results:
        m = r.spec.metric
        val = fmt_diff if r.spec.of in ("change", "spread") else fmt_value
        bounds = "" if math.isnan(r.low) else f"{val(r.low, m)} … {val(r.high, m)}"
        out.append(f"| {MARK[r.status]} | {r.spec.title()} | {r.label} | {val(r.estimate, m)} | {bounds} | "
                   f"{r.spec.of} {r.spec.limit_text()} |")
    out += ["", "Rule changes:", "", "```"]
    out += [str(c) for c in info["changes"]] or ["(none)"]
    out += ["```", ""]
    out.append(f"{info['games']} games per variant ({info['looks']} look{'s' if info['looks'] != 1 else ''}"
               f"{', max ' + str(info['max_games']) if info.get('max_games') else ''}), {info['players']} players, "
               f"bots {','.join(info['lineup'])}, {_seed_text(info['seed'])}, confidence {info['confidence']:g}. "
               f"Bounds are one-sided {info['confidence']:g}-confidence bounds of the component shown (the one "
               f"nearest its limit), split over looks (Bonferroni); paired jackknife over games.")
    out.append("")
    out.append("Exit codes: 0 every gate holds · 1 a gate fails · 3 undecided (more games needed) · 2 usage error.")
    return "\n".join(out) + "\n"


def gates_json(results: list[GateResult], status: str, info: dict[str, Any]) -> str:
    from playtest.compare.gates import EXIT_CODES, as_plain

    doc = {"kind": "playtest-gates", "version": 1, "status": status, "exit_code": EXIT_CODES[status],
           **{k: v for k, v in info.items() if k != "changes"},
           "changes": [c.as_dict() for c in info["changes"]], "gates": as_plain(results)}
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str)


# --- sweeps -------------------------------------------------------------------------------------


def sweep_markdown(table: pl.DataFrame, metrics: list[str], labels: list[str], run: dict[str, Any]) -> str:
    from playtest.compare.sweep import POINT

    out = [f"## Sweep of {run['variant']}", "",
           f"{run['games']} games per point · {run['players']} players · bots {','.join(run['lineup'])} · "
           f"seed {run['seed']} for every point (the same deals and bot dice). Each cell: estimate [95% interval].", ""]
    for m in metrics:
        part = table.filter(pl.col(C.METRIC) == m)
        groups = list(dict.fromkeys(part[C.GROUP].to_list()))
        cells = {(r[POINT], r[C.GROUP]): r for r in part.iter_rows(named=True)}
        out += [f"### {m}", "", "| group | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(labels)]
        for g in groups:
            row = [g]
            for lb in labels:
                r = cells.get((lb, g))
                if r is None:
                    row.append("–")
                    continue
                ci = F.interval(r[C.CI_LOW], r[C.CI_HIGH], _kind(m))
                row.append(f"{fmt_value(r[C.ESTIMATE], m)}" + (f" [{ci}]" if ci else ""))
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


def sweep_json(table: pl.DataFrame, metrics: list[str], run: dict[str, Any]) -> str:
    doc = {"kind": "playtest-sweep", "version": 1, "run": run, "key_metrics": metrics, "rows": _records(table)}
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str)


def _sweep_chart(part: pl.DataFrame, metric: str, x_key: str, x_order: list[str], facet: str | None) -> dict[str, Any]:
    k = _kind(metric)
    fmt = ".0%" if k in ("rate", "diff") else ",.2~f"
    cols = [x_key, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N] + ([facet] if facet else [])
    data = _records(part.select(cols).rename({x_key: "x"}))
    base = alt.Chart(alt.Data(values=data)).encode(
        x=alt.X("x:O", sort=x_order, title=x_key),
        color=alt.Color(f"{C.GROUP}:N", title="group"))
    y = alt.Y(f"{C.CI_LOW}:Q", title=metric, axis=alt.Axis(format=fmt), scale=alt.Scale(zero=False))
    bands = base.mark_errorbar(ticks=True).encode(y=y, y2=f"{C.CI_HIGH}:Q")
    line = base.mark_line(point=True).encode(
        y=f"{C.ESTIMATE}:Q",
        tooltip=[alt.Tooltip("x:O", title=x_key), alt.Tooltip(f"{C.GROUP}:N"), alt.Tooltip(f"{C.ESTIMATE}:Q", format=fmt),
                 alt.Tooltip(f"{C.CI_LOW}:Q", format=fmt), alt.Tooltip(f"{C.CI_HIGH}:Q", format=fmt)])
    chart = alt.layer(bands, line).properties(width=320, height=220)
    if facet:
        chart = chart.facet(column=alt.Column(f"{facet}:N", title=None))
    return chart.to_dict()


def sweep_html(table: pl.DataFrame, metrics: list[str], keys: list[str], run: dict[str, Any]) -> str:
    specs: dict[str, Any] = {}
    x_key = keys[0]
    x_order = list(dict.fromkeys(table[x_key].to_list()))
    facet = None
    if len(keys) > 1:
        facet = "other settings"
        table = table.with_columns(pl.concat_str([pl.lit(f"{k}=") + pl.col(k) for k in keys[1:]], separator=", ").alias(facet))
    defs = dict(table.select(C.METRIC, C.DEFINITION).unique(C.METRIC).iter_rows())
    charts = [(m, defs.get(m, ""), _sweep_chart(table.filter(pl.col(C.METRIC) == m), m, x_key, x_order, facet))
              for m in metrics]
    md = sweep_markdown(table, metrics, list(dict.fromkeys(table["point"].to_list())), run)
    body = (f"<p class=\"def\">{run['games']} games per point · {e(run['players'])} players · bots "
            f"{e(','.join(run['lineup']))} · seed {e(run['seed'])} for every point. Command: <code>{e(run.get('command', ''))}</code></p>"
            f"<h2>Key metrics against {e(x_key)}</h2><p class=\"def\">Estimates with their 95% intervals.</p>"
            f"{_figures(charts, specs)}<h2>Table</h2><pre>{e(md)}</pre>")
    return _page(f"Sweep — {run['variant']}", body, specs)


def _seed_text(seed: Any) -> str:
    if isinstance(seed, str) and "," in seed:
        return f"seeds {seed} (independent games)"
    return f"seed {seed} for both (common random numbers)"
