"""Presentation of `playtest explain`: Markdown, JSON and a self-contained HTML page (the
standardised effects with their intervals, ranked). Reads the effects table; computes nothing."""

from __future__ import annotations

import json
import math
from typing import Any

import altair as alt
import polars as pl

from playtest.core.spec import MetricInfos
from playtest.report import format as F
from playtest.report.html import e, page
from playtest.report.vega import layer, vega_spec
from playtest.tune.explain import Design, amount, decimals_for, holm_tests, sentences

MAX_ROWS = 40
"""Effects listed in the Markdown table and charted (the JSON holds them all)."""


def _cause(row: dict[str, Any]) -> str:
    return f"{row['key']} = {row['level']} (vs {row['reference']})" if row["level"] else f"{row['key']} (+{row['step']:g})"


def _size(row: dict[str, Any], declared: MetricInfos) -> str:
    """An effect with its interval, each end signed and with its unit, as compare writes a
    difference ('+7.5 pts [+3.6 pts, +11.3 pts]'; the ends read '[3.6, 11.3]')."""
    m, d = row["metric"], row["difference"]
    dec = decimals_for(row["estimate"], row["ci_low"], row["ci_high"])

    def signed(value: float) -> str:
        num, unit = amount(value, m, d, declared, dec)
        return ("+" if value > 0 and not num.startswith("-") else "") + num + unit

    if row["ci_low"] is None:  # an exact fit, or no error to measure (tune.explain.effects)
        why = "as many points as terms" if SATURATED in (row.get("method") or "") else "exact fit"
        return f"{signed(row['estimate'])} (no interval: {why})"
    return f"{signed(row['estimate'])} [{signed(row['ci_low'])}, {signed(row['ci_high'])}]"


def _head(design: Design, table: pl.DataFrame) -> str:
    what = "points of the sweep" if design.source == "sweep" else "distinct trials of the tuning run"
    # polars types Series.max() as any literal or None; "n" is a non-null Int64 column (tune.explain)
    n = int(table["n"].max()) if table.height else design.rows.height  # type: ignore[arg-type]
    return (f"{n} {what} in `{design.run_dir}`, {design.games} games each; bots: "
            f"{', '.join(design.bots) or '?'}. Linear model per response over the keys; 95% intervals; "
            f"strong = p < 0.05 after Holm over {_effects(holm_tests(table), _tested(table))}{_untested(table)}."
            + (" The trials play the same games: an interval measures how the trials scatter about the model, "
               "not the games' own sampling error; confirm an effect with `playtest compare`."
               if design.source == "tune" else ""))


def _effects(tests: int, effects: int) -> str:
    """'all 12 effects', 'the 1 effect' (it read 'over all 1 effects'); 'the 73 distinct tests of
    82 effects (...)' when some effects repeat another's test, which Holm counts once (the header
    read 'all 82 effects' over a family of 73)."""
    if tests < effects:
        return (f"the {tests} distinct tests of {effects} effects (an effect that repeats another's test, such as "
                "a crew's win lift and its win rate, is counted once)")
    return "the 1 effect" if effects == 1 else f"all {effects} effects"


def _tested(table: pl.DataFrame) -> int:
    """The effects with a p-value (not an exact fit's): Holm's family, before repeats count once."""
    return table.height if "p_value" not in table.columns else int(table["p_value"].is_not_null().sum())


def _untested(table: pl.DataFrame) -> str:
    """' (and 2 of trials that fit exactly: no interval, never strong)', or ''."""
    k = table.height - _tested(table)
    if not k:
        return ""
    saturated = int(table["method"].str.contains(SATURATED, literal=True).sum()) if "method" in table.columns else 0
    parts = ([f"{k - saturated} of trials that fit exactly"] if k > saturated else []) + (
        [f"{saturated} with as many points as terms and no interval at the points"] if saturated else [])
    return f" (and {' and '.join(parts)}: no interval, never strong)"


SATURATED = "as many points as terms"
"""In an effect's `method` (tune.explain.effects): no residual and no interval at the points, so
no error to judge it by (a response the variant fixes, swept over as many levels as points)."""

NONE_STRONG = "None: no key moves any number beyond the noise of this design."


def none_strong(table: pl.DataFrame) -> str:
    """What the report says when no effect is strong. Where a straight line fits a number clearly
    worse than its points' own errors allow (the fit's `lack_of_fit_p` below 0.05: Pearson's χ²,
    tune.explain.effects), its intervals were widened for that curve, not for the games' noise: a
    sweep whose worlds trigger went 71% → 37% → 9% → 1% read only "no key moves any number
    beyond the noise". Those numbers are named, clearest first, with where to read them."""
    curved = _curved(table)
    return f"{NONE_STRONG} But {_curved_text(curved)}" if curved else NONE_STRONG


def also_curved(table: pl.DataFrame) -> str | None:
    """What the report adds under strong effects: the numbers, none of them strong, that a straight
    line does not fit (as `none_strong` names them). A 4-point sweep of New Frontiers' start gold
    gave 12.2, 13.2, 12.4 and 12.0 rounds (each ±0.3; χ² p = 1e-10) beside 8 strong effects on
    other numbers, and the game length was named nowhere: its line read −0.11 [−1.32, +1.11]."""
    if "strong" not in table.columns or not table["strong"].any():
        return None
    strong = set(table.filter(pl.col("strong"))["title"].to_list())
    curved = [r for r in _curved(table) if r not in strong]
    return f"Besides these, {_curved_text(curved)}" if curved else None


def _curved(table: pl.DataFrame) -> list[str]:
    """The responses whose straight line fits clearly worse than their points' errors allow,
    clearest first, each as the text names it (its `title`)."""
    return (table.filter(pl.col("lack_of_fit_p") < 0.05)
            .group_by("response", maintain_order=True).agg(pl.col("title").first(), pl.col("lack_of_fit_p").min())
            .sort("lack_of_fit_p", maintain_order=True)["title"].to_list())


def _curved_text(curved: list[str]) -> str:
    shown = ", ".join(curved[:3]) + (f" and {len(curved) - 3} more" if len(curved) > 3 else "")
    return (f"{'1 number moves' if len(curved) == 1 else f'{len(curved)} numbers move'} "
            f"along the points in a way a straight line does not fit ({shown}; χ² of the fit, p < 0.05): "
            "their intervals were widened for the curve, not for the games' noise, so read them point "
            "by point in the run's own tables.")


RANK_NOTE = ("Ranked by the smallest standardised size each effect's own 95% interval allows (strong effects "
             "first; an interval that holds 0 allows none), then by p-value: a larger point estimate can sit lower. "
             "Standardised: the effect × the key's spread (sd) over the trials or points ÷ the number's spread, to compare "
             "keys across numbers in other units (about a correlation's scale for one key).")
"""The order of 'Ranked effects' (tune.explain.RANK), said where the table is: a standardised
-0.68 below a -0.97 with p-values out of order read as an unsorted table. It says what the
standardised column is too: defined only in docs/tune.md, it was jargon on the page."""


def not_fitted_lines(design: Design) -> list[str]:
    """One line per response left unfitted (Design.not_fitted), naming it: 'No straight line is
    fitted to the objective (the weighted distance to the goals): the trials' ... (...)'."""
    labels = {r.column: r.shown for r in design.responses}
    return [f"No straight line is fitted to {labels.get(c, c)}: {why}." for c, why in design.not_fitted.items()]


def unvaried_lines(design: Design) -> list[str]:
    """One line per key that took one value in every trial or point: no effect of it can be fitted,
    and it had no row and no word (a tune of three keys whose 5 trials all drew
    `scoring.majority_tiebreak=earlier_first_cube` ranked the other two keys' effects and never
    named the third, as if it moved nothing)."""
    where, these = ("in every trial", "the trials") if design.source == "tune" else ("at every point", "the points")
    lines = []
    for k in design.keys:
        if k.name not in design.rows.columns:
            continue
        values = design.rows[k.name].unique(maintain_order=True).to_list()
        if len(values) != 1 or values[0] is None:
            continue
        value = values[0]
        shown = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
        lines.append(f"{k.name} was {shown} {where}, so {these} cannot say what it moves: it has no effect below "
                     "(sweep it over its values to see one).")
    return lines


def explain_markdown(design: Design, table: pl.DataFrame) -> str:
    out = [f"# Which rule moves which number — {design.run_dir}", "", _head(design, table), ""]
    out += [f"> {design.unread.text()}", ""] if design.unread else []
    said = sentences(table, design.bots, design.declared)
    out += ["## Strong effects", ""] + ([f"- {s}" for s in said] or [none_strong(table)])
    out += ["", also] if said and (also := also_curved(table)) else []
    out += [line for text in not_fitted_lines(design) + unvaried_lines(design) for line in ("", text)]
    out += ["", "## Ranked effects", "", RANK_NOTE, "", "| key | response | effect per step [95%] | standardised | p (Holm) |",
            "|---|---|---:|---:|---:|"]
    for row in table.head(MAX_ROWS).iter_rows(named=True):
        out.append(f"| {_cause(row)} | {_response(row)} | {_size(row, design.declared)} | {F.fixed(row['std_effect'], '+.2f')} | "
                   f"{_p(row['p_holm'])}{' ★' if row['strong'] else ''} |")
    if table.height > MAX_ROWS:
        out.append(f"\n({table.height - MAX_ROWS} weaker effects in explain.json.)")
    return "\n".join(out) + "\n"


def _response(row: dict[str, Any]) -> str:
    """The response in words (its `title`, as compare titles the metric; explain.json's `response`
    keeps the id), and the points it was fitted on when it has no value at some (switched off or
    never seen there): 'Rebid-bonus points (all players) — at 2 of 4 points'."""
    points = row.get("points")
    return (row.get("title") or row["response"]) + (f" — at {row['n']} of {points} points" if points and row["n"] < points else "")


def _p(p: float | None) -> str:
    if p is None or math.isnan(p):
        return "–"
    return F.p_value(p)


def explain_json(design: Design, table: pl.DataFrame) -> str:
    doc = {"kind": "playtest-explain", "version": 1, "source": design.source, "run_dir": str(design.run_dir),
           "bots": list(design.bots), "games": design.games, "sentences": sentences(table, design.bots, design.declared),
           "not_fitted": not_fitted_lines(design), "unvaried": unvaried_lines(design),
           "unread": design.unread.as_dict() if design.unread else None,
           "effects": [{k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in r.items()}
                       for r in table.iter_rows(named=True)]}
    return json.dumps(doc, indent=2, ensure_ascii=False)


STRENGTH_COLORS = alt.Scale(domain=["strong", "not strong"], range=["#4c78a8", "#bab0ac"])
"""One colour per meaning on every page: with the order alone, a page whose effects were all
'not strong' drew them in the blue another page gave 'strong' (h203)."""


@vega_spec
def _chart(table: pl.DataFrame) -> alt.TopLevelMixin:
    # The legend says what a colour means in words ('strong', 'not strong'): the booleans of the
    # table's `strong` column read 'false' and 'true' there.
    df = table.head(MAX_ROWS).with_columns(
        pl.concat_str([pl.col("title"), pl.lit(" ← "), pl.col("key"),
                       pl.when(pl.col("level") != "").then(pl.lit("=") + pl.col("level")).otherwise(pl.lit(""))]).alias("effect"),
        pl.when(pl.col("strong")).then(pl.lit("strong")).otherwise(pl.lit("not strong")).alias("strong"))
    order = df["effect"].to_list()
    y = alt.Y("effect:N", sort=order, title="measured number ← swept key (=its level)")
    rules = alt.Chart(df).mark_rule().encode(y=y, x=alt.X("std_low:Q", title="standardised effect (95% interval)"),
                                             x2=alt.X2("std_high:Q"))
    dots = alt.Chart(df).mark_circle(size=50).encode(y=y, x=alt.X("std_effect:Q"), color=alt.Color("strong:N", title="effect (strong: Holm p < 0.05)",
                                                                                          scale=STRENGTH_COLORS),
                                                     tooltip=[alt.Tooltip(c) for c in ("response", "key", "level", "estimate",
                                                                                        "ci_low", "ci_high", "p_holm")])
    zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(strokeDash=[4, 4]).encode(x=alt.X("x:Q"))
    return layer(rules, dots, zero, width=420, height=max(80, 16 * len(order)))


def explain_html(design: Design, table: pl.DataFrame) -> str:
    specs: dict[str, Any] = {}
    said = sentences(table, design.bots, design.declared)
    items = "".join(f"<li>{e(s)}</li>" for s in said) or f"<li>{e(none_strong(table))}</li>"
    rows = "".join(f"<tr><td>{e(_cause(r))}</td><td>{e(_response(r))}</td><td class=num>{e(_size(r, design.declared))}</td>"
                   f"<td class=num>{F.fixed(r['std_effect'], '+.2f')}</td><td class=num>{e(_p(r['p_holm']))}{' ★' if r['strong'] else ''}</td></tr>"
                   for r in table.head(MAX_ROWS).iter_rows(named=True))
    chart = ""
    if table.height:
        specs["chart-0"] = _chart(table)
        chart = '<figure><h3>Standardised effects</h3><div class="chart" id="chart-0"></div></figure>'
    body = (f"<h1>Which rule moves which number</h1><p class=\"def\">{e(_head(design, table))}</p>"
            + (f"<p class=\"note\">{e(design.unread.text())}</p>" if design.unread else "")
            + f"<h2>Strong effects</h2><ul>{items}</ul>"
            + (f"<p>{e(also)}</p>" if said and (also := also_curved(table)) else "")
            + f"{''.join(f'<p>{e(t)}</p>' for t in not_fitted_lines(design) + unvaried_lines(design))}"
            f"<h2>Ranked effects</h2><p class=\"def\">{e(RANK_NOTE)}</p>{chart}"
            f"<table><thead><tr><th>key</th><th>response</th><th class=num>effect per step [95%]</th>"
            f"<th class=num>standardised</th><th class=num>p (Holm)</th></tr></thead><tbody>{rows}</tbody></table>")
    return page(f"Explain — {design.run_dir}", body, specs)
