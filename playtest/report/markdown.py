"""The Markdown report, fit for a pull-request comment: the verdict first, then short tables."""

from __future__ import annotations

import re
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.metrics import by_round_metrics
from playtest.analysis.offs import lines as off_lines
from playtest.report import format as F
from playtest.report.model import Report
from playtest.text import clean
from playtest.variants.diff import change_side

MAX_ROWS = 12
# Sections left out of the Markdown (long; in the HTML and JSON).
SKIP = {"scores"}
# Sections shown open; the rest are folded in <details>.
OPEN = {"seats", "first_player", "balance", "bots"}


def md(text: object) -> str:
    """Escape text for a Markdown table cell or line: no HTML, no table breaks, no emphasis, and
    no control characters (`md -o -` prints to a terminal; Markdown has no escape for ESC).
    `<`, `>` and `&` become HTML entities: this report puts text inside HTML blocks (a folded
    section's <summary>), where Markdown's backslash escapes are not read. A page without
    them uses `md_text`."""
    s = "" if text is None else clean(str(text))
    return _escaped(s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def _escaped(s: str) -> str:
    """Markdown's backslash before what would break a table row or start emphasis, code or a link;
    one line."""
    for ch in "\\|*_`[]":
        s = s.replace(ch, "\\" + ch)
    return s.replace("\n", " ")


_OPENS_HTML = re.compile(r"<(?=[A-Za-z/!?])")
"""A `<` that Markdown reads as the start of HTML (a tag, a comment) or of an autolink."""
_OPENS_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")


def md_text(text: object) -> str:
    """`md` for a Markdown page without HTML blocks (the ladder's): the same escapes, but `<`,
    `&` and a leading `>` get Markdown's backslash and only where Markdown would read HTML, an
    entity or a quote, so that "p < 0.001" reads as written, as compare.md, sweep.md and tune.md
    write it (ladder.md had "p &lt; 0.001")."""
    s = _escaped("" if text is None else clean(str(text)))
    s = _OPENS_ENTITY.sub(r"\\&", _OPENS_HTML.sub(r"\\<", s))
    return re.sub(r"^(\s*)>", r"\1\\>", s)


def _table(report: Report, df: pl.DataFrame) -> list[str]:
    many = df[C.METRIC].n_unique() > 1
    has_p = df[C.P_VALUE].is_not_null().any() and df[C.P_VALUE].is_not_nan().any()
    head = (["metric"] if many else []) + ["group", "estimate", "95% interval", "n"] + (["p"] if has_p else [])
    align = (["---"] if many else []) + ["---", "---:", "---:", "---:"] + (["---:"] if has_p else [])
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    for r in df.head(MAX_ROWS).iter_rows(named=True):
        k = report.kind(r[C.METRIC])
        cells = ([f"`{r[C.METRIC]}`"] if many else []) + [md(report.label(r[C.GROUP])), F.value(r[C.ESTIMATE], k),
                                                       F.row_interval(r[C.ESTIMATE], r[C.CI_LOW], r[C.CI_HIGH], r[C.METRIC],
                                                                      report.declared), str(r[C.N])]
        if has_p:
            cells.append(F.p_value(r[C.P_VALUE]))
        out.append("| " + " | ".join(cells) + " |")
    if df.height > MAX_ROWS:
        out.append(f"\n_…{df.height - MAX_ROWS} more rows in the HTML/JSON report._")
    return out


def changes_lines(v: dict[str, Any]) -> list[str]:
    """The keys a run's variant (`run.json`'s `variant`) changes against the draft it extends, or
    by the command line's --set, a line each and a blank line after; none without changes."""
    changes = v.get("changes") or []
    if not changes:
        return []
    # As the HTML header says it: 'Changes against the parent draft (5):' read as 'draft 5', and
    # was said of a draft that extends nothing, whose changes are the command line's --set
    chain = v.get("chain") or []
    keys = f"{len(changes)} key{'s' if len(changes) != 1 else ''} changed"
    lines = [f"{keys} against `{md(chain[1])}`:" if len(chain) > 1 else f"{keys} by the command line (--set):"]
    for c in changes:
        old, new = change_side(c, "old"), change_side(c, "new")
        lines.append(f"- {md(c.get('path'))}: {md(old)} → {md(new)}")
    return [*lines, ""]


def render_markdown(report: Report) -> str:
    run, v = report.run, report.run["variant"]
    mark = {"fair": "✅", "unfair": "⚠️"}.get(report.verdict.status, "ℹ️")
    lines = [f"### {mark} {md(report.verdict.headline)}", ""]
    if report.verdict.detail:
        lines += [md(report.verdict.detail), ""]
    lines += ["| headline number | estimate | 95% interval | fair? |", "|---|---:|---:|---|"]
    for i in report.verdict.items:
        k = report.kind(i.metric) if i.unit != "number" else "number"
        fair = "" if i.within_fair is None else (f"yes ({F.fair(i.fair_value, k)} inside)" if i.within_fair
                                                 else f"no ({F.fair(i.fair_value, k)} outside)")
        lines.append(f"| {md(i.label)} | {F.value(i.estimate, k)} | {F.interval(i.ci_low, i.ci_high, k)} | {fair} |")
    lines += ["", f"**{md(v.get('name'))}** (`{md(v.get('path'))}`, hash `{md(v.get('hash'))}`) · "
              f"{run.get('games')} games · {run.get('players')} players · seed {run.get('seed')} · "
              f"bots {md(', '.join(run.get('lineup') or []))} · playtest {md(run.get('playtest_version'))}", ""]
    if run.get("planned_games"):
        lines += [f"**Partial run**: {run.get('games')} of {run.get('planned_games')} games played "
                  "(interrupted; `playtest simulate --resume` finishes it).", ""]
    off = off_lines(report.switched_off)
    if off:
        lines += [md(off[0]), *(f"- {md(o.text())}" for o in report.switched_off), ""]
    lines += changes_lines(v)
    by_round = list(by_round_metrics(report.run))  # long; in the HTML and JSON
    left_out: list[str] = []  # named at the end, as the terminal names the tables it leaves out
    # the numbers shown, for what a blank interval and 'pts' mean (the terminal's notes)
    numbers = [(i.metric, i.estimate, i.ci_low, i.ci_high) for i in report.verdict.items]
    for s in report.shown:
        if s.key in SKIP:
            left_out.append(s.title)
            continue
        df = s.table.filter(~pl.col(C.METRIC).is_in(by_round))
        if df.height < s.table.height:
            left_out.append(s.title if df.height == 0 else f"{s.title} (by round)")
        if df.height == 0:
            continue
        folded = s.key not in OPEN
        lines += [f"<details><summary>{md(s.title)}</summary>" if folded else f"#### {md(s.title)}", ""]
        metrics = list(dict.fromkeys(df[C.METRIC].to_list()))
        defs = [(m, F.base_definition(df.filter(pl.col(C.METRIC) == m)[C.DEFINITION].to_list())) for m in metrics]
        lines += [f"`{m}`: {md(d)}  " for m, d in defs]
        shown_rows = df.head(MAX_ROWS)
        lines += [f"`{m}`, {md(', '.join(report.label(g) for g in gs))}: {md(extra)}  " for m, gs, extra in
                  F.row_notes(shown_rows[C.METRIC].to_list(), shown_rows[C.GROUP].to_list(),
                              shown_rows[C.DEFINITION].to_list())] + [""]
        lines += _table(report, df) + [""]
        numbers += shown_rows.select(C.METRIC, C.ESTIMATE, C.CI_LOW, C.CI_HIGH).rows()
        if folded:
            lines += ["</details>", ""]
    lines += [f"_{md(note)}_\n" for note in F.report_notes(numbers, report.declared)]
    if left_out:
        lines += [f"_Longer tables are in the HTML and JSON report: {md('; '.join(left_out))}._", ""]
    return "\n".join(lines).rstrip() + "\n"
