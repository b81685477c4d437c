"""Presentation of a tuning run: Markdown, JSON and a self-contained HTML page with the search
charts (objective by trial with the running best; each tuned key against the objective).

Reads playtest.tune.search.Result; computes nothing but the running best for the chart.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis.unread import Unread, unread_in
from playtest.compare.gates import as_plain
from playtest.compare.jackknife import block_count
from playtest.compare.render import MARK, fmt_diff, fmt_value
from playtest.core.spec import MetricInfos
from playtest.report import format as F
from playtest.report.html import e, page
from playtest.report.vega import layer, tooltip, vega_spec
from playtest.tune.search import UNDEFINED_NOTE, GoalRow, Result, objective_text
from playtest.tune.space import show
from playtest.tune.study import MAX_REPEATS, space_size


def _finite(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) or math.isinf(x) else x


def _est(row: GoalRow, t: tuple[float, float, float], declared: MetricInfos) -> str:
    """'+4.4 pts [−12.1 pts, +20.8 pts]', '4.55 rounds [4.31 rounds, 4.79 rounds]': a goal's
    quantity with its interval in brackets (a difference's interval written bare, '+4.4 pts
    -12.1 pts … +20.8 pts', read as three numbers), each number with its unit as `playtest diff`'s
    gates write it (a count's read a bare '0.30 [0.24, 0.35]' beside diff's '0.34 rebids');
    `declared`: the game's GameSpec.metric_info (Result.declared)."""
    return _with_interval(row, t, fmt_diff if row.spec.of in ("spread", "change") else fmt_value, declared)


def _diff(row: GoalRow, declared: MetricInfos) -> str:
    """best − base with its interval, as `_est` writes a quantity."""
    return _with_interval(row, row.diff, fmt_diff, declared)


def _with_interval(row: GoalRow, t: tuple[float, float, float], fmt: Callable[[float | None, str, MetricInfos | None], str],
                   declared: MetricInfos) -> str:
    def num(x: float) -> str:
        text = fmt(x, row.spec.metric, declared)
        return text if math.isnan(x) else row.spec.with_unit(text, declared)

    est, lo, hi = t
    return f"{num(est)} [{num(lo)}, {num(hi)}]" if not math.isnan(lo) else num(est)


def _distance(row: GoalRow, x: float, declared: MetricInfos) -> str:
    """A goal's distance in the unit of its quantity: '24.2 pts' for a share (it is a gap
    between two shares), '0.35 rounds' for a mean; '–' where the goal's metric is undefined. The
    column read '0.2417 → 0.1083' beside '+24.2 pts [+4.6 pts, +43.7 pts]'."""
    if not math.isfinite(x):
        return "–"
    if F.kind(row.spec.metric, declared) in ("rate", "diff"):
        return f"{F.fixed(100 * x, '.1f')} pts"
    return row.spec.with_unit(F.fixed(x, ".2f"), declared)


def distances(row: GoalRow, declared: MetricInfos) -> str:
    """'24.2 pts → 10.8 pts': the goal's distance on the base and on the best candidate."""
    return f"{_distance(row, row.base_distance, declared)} → {_distance(row, row.best_distance, declared)}"


def trials_text(r: Result) -> str:
    """How many candidates the search evaluated, against the budget (which counts distinct
    candidates), and why the trials can be more: a candidate proposed again reuses its result
    (same games, same outcome), and a trial cut short by an interruption is not counted. Fewer
    distinct candidates than the budget say why the search stopped: "10 distinct candidates
    (budget 20)" left a designer to wonder where the other 10 went, when the space held 10."""
    s = r.settings
    done = r.trials.filter(pl.col("state") == "complete")
    distinct = done.filter(pl.col("repeat_of").is_null()).height
    repeats, cut = done.height - distinct, len(r.trials) - done.height
    budget = f"budget {s.budget}"
    if distinct < s.budget and not cut:
        size = space_size(s.params)
        trailing = len(list(itertools.takewhile(lambda x: x is not None, reversed(done["repeat_of"].to_list()))))
        if distinct >= size:
            budget += f"; the space holds only {int(size)}"
        elif trailing >= MAX_REPEATS:
            budget += (f"; the search stopped when {trailing} proposals in a row were candidates already "
                       "evaluated")
    extra = []
    if repeats:
        extra.append(f"{repeats} more {'trial' if repeats == 1 else 'trials'} proposed a candidate already "
                     "evaluated and reused its result")
    if cut:
        extra.append(f"{cut} {'trial' if cut == 1 else 'trials'} cut short by an interruption, not counted")
    total = f"{len(r.trials)} trials: " if extra else ""
    return f"{total}{distinct} distinct candidates ({budget})" + "".join(f"; {x}" for x in extra)


def settings_line(r: Result) -> str:
    s = r.settings
    return (f"{trials_text(r)}. {s.games} games each with common random numbers "
            f"(seed {s.seed}); the best {len(r.candidates)} and the base re-evaluated on {s.confirm_games} "
            f"fresh games each; {s.players} players, bots {', '.join(s.lineup)} (seats rotate).")


def _values(values: dict[str, Any]) -> str:
    return ", ".join(f"`{k}={show(v)}`" for k, v in values.items())


def gain_text(r: Result) -> str:
    """'best − base −0.275 [−0.61, +0.06]': the objective's change on the fresh games with its 95%
    interval (paired jackknife), or '' when it has none."""
    g = r.gain
    if g is None or not math.isfinite(g.estimate):
        return ""
    values = [g.estimate, *((g.low, g.high) if math.isfinite(g.low) else ())]
    # One number of decimals for all three, 3 significant digits of the largest: '-0.1 [-0.23,
    # +0.0293]' (each to 3 significant digits alone) read as three precisions.
    largest = max(abs(v) for v in values)
    places = max(0, 2 - math.floor(math.log10(largest))) if largest > 0 else 0
    est, *bounds = (f"{v:+.{places}f}" for v in values)
    return f"best − base {est}" + (f" [{bounds[0]}, {bounds[1]}]" if bounds else "")


OWN_VALUES = " (the base's own values)"
"""After a candidate whose every tuned key is at the base's value (Candidate.same_as_base)."""


def base_kept(r: Result, best_file: str = "best.yaml") -> str:
    """Why the base is kept (when r.base_wins), in plain text."""
    w = r.winner
    values = ", ".join(f"{k}={show(v)}" for k, v in w.values.items()) + (": the base's own values" if w.same_as_base else "")
    if w.confirm_objective < r.base_confirm_objective:
        return (f"On the fresh games the best candidate (trial {w.trial}, {values}) comes closer to the goals "
                f"than the base (objective {w.confirm_objective:.4g} against {r.base_confirm_objective:.4g}), "
                f"but not by more than chance: {gain_text(r) or 'no interval'} (95%, paired jackknife over blocks "
                f"of games) reaches 0. No tuned value is shown to help, so none is proposed and no {best_file} "
                "is written; more games (-n, --confirm-games) may tell.")
    return (f"On the fresh games the base does as well as the best candidate or better (objective "
            f"{r.base_confirm_objective:.4g} against {w.confirm_objective:.4g} for trial {w.trial}, {values}): "
            f"no tuned value is shown to help, so none is proposed and no {best_file} is written.")


def kept_line(r: Result) -> str:
    """The terminal's closing words when the base is kept (r.base_wins): a best candidate lower on
    the fresh games but not shown to be lower is not said to do no better than the base."""
    if r.winner.confirm_objective < r.base_confirm_objective:
        return "no candidate is shown to beat the base (the best one's lower objective is within chance): no best.yaml"
    return "the base does as well as every candidate: no best.yaml"


def unread_note(r: Result) -> Unread | None:
    """The caveat when no bot of the line-up reads any tuned key (GameSpec.unread_keys): every
    candidate is then played exactly as the base, and only the points can move the goals."""
    return unread_in(r.winner_variant.game, r.settings.lineup, [p.key for p in r.settings.params], "every candidate")


def headline(r: Result, best_file: str = "best.yaml") -> str:
    """The outcome in one sentence: the candidate to adopt, or that the base is kept."""
    if r.base_wins:
        return f"**Keep the base.** {base_kept(r, best_file)} The search's results follow."
    return f"**Best:** trial {r.winner.trial} — {_values(r.winner.values)} (written to `{best_file}`)."


def tune_markdown(r: Result, best_file: str = "best.yaml") -> str:
    s = r.settings
    w = r.winner
    out = [f"# Tuning `{s.variant}`", "", settings_line(r), "", headline(r, best_file), "",
           *((f"> {note.text()}", "") if (note := unread_note(r)) else ()),
           f"Objective (Σ weight × distance to the goals, a share's distance counted as a fraction — 10 pts "
           f"is 0.1; 0 = every goal met): base {r.base_confirm_objective:.4g}, "
           f"best candidate {w.confirm_objective:.4g} on the fresh games"
           f"{f' ({gain_text(r)}, 95%)' if gain_text(r) else ''} (search games: base {r.base_objective:.4g}, "
           f"best candidate {w.search_objective:.4g}).", "",
           "## Goals: the best candidate against the base (fresh games, 95% intervals, paired jackknife)", "",
           "| goal | shown | base | best | best − base | distance to the goal: base → best |", "|---|---|---:|---:|---:|---:|"]
    dec = r.declared
    for row in r.goal_rows:
        out.append(f"| {row.spec.title(dec)} | {row.shown} | {_est(row, row.base, dec)} | {_est(row, row.best, dec)} | "
                   f"{_diff(row, dec)} | "
                   f"{distances(row, dec)} |")
    out += ["", "Each goal is shown on the group (or, for a spread, the pair of groups) where the best is "
            "furthest from it; the distances are each variant's own, on its own worst group or pair."]
    if r.gates:
        out += ["", "Goals with bounds, decided as `playtest diff` gates on the best:", ""]
        out += [f"- {MARK[g.status]} {g.spec.title(g.declared)}" for g in r.gates]
    out += ["", "## Re-evaluated candidates", "", "| trial | values | objective (search) | objective (fresh games) |",
            "|---:|---|---:|---:|"]
    for c in r.candidates:
        mark = (" **best**" if c.trial == w.trial and not r.base_wins else "") + (OWN_VALUES if c.same_as_base else "")
        out.append(f"| {c.trial} | {', '.join(f'{k}={show(v)}' for k, v in c.values.items())}{mark} | "
                   f"{objective_text(c.search_objective)} | {objective_text(c.confirm_objective)} |")
    if _any_undefined(r):
        out += ["", UNDEFINED_NOTE[0].upper() + UNDEFINED_NOTE[1:] + "."]
    out += ["", f"Command: `{s.command}`", ""]
    return "\n".join(out)


def _any_undefined(r: Result) -> bool:
    """Whether a re-evaluated candidate's objective is undefined (`objective_text`)."""
    return any(objective_text(x) == "undefined" for c in r.candidates for x in (c.search_objective, c.confirm_objective))


def _triple(t: tuple[float, float, float]) -> dict[str, float | None]:
    return {"estimate": _finite(t[0]), "ci_low": _finite(t[1]), "ci_high": _finite(t[2])}


def tune_json(r: Result) -> str:
    s = r.settings
    doc: dict[str, Any] = {
        "kind": "playtest-tune", "version": 1, "game": r.winner_variant.game, "variant": str(s.variant), "command": s.command, "seed": s.seed, "games": s.games,
        "confirm_games": s.confirm_games, "players": s.players, "lineup": list(s.lineup),
        "budget": s.budget, "trials": len(r.trials),
        "params": [{"key": p.key, "space": p.describe(), "kind": p.kind, "numeric": p.numeric,
                    "choices": list(p.labels()) if p.kind == "choice" else None} for p in s.params],
        "goals": [{"name": g.title(r.declared), "metric": g.metric, "of": g.of, "groups": g.groups, "target": g.target,
                   "min": g.low, "max": g.high, "weight": g.weight} for g in s.goals.items],
        "outcome": "base" if r.base_wins else "candidate",
        "best_file": None if r.base_wins else "best.yaml",
        "base": {"objective_search": _finite(r.base_objective), "objective_fresh": _finite(r.base_confirm_objective)},
        "best": {"trial": r.winner.trial, "values": r.winner.values,
                 "objective_search": _finite(r.winner.search_objective),
                 "objective_fresh": _finite(r.winner.confirm_objective)},
        "objective_change": None if r.gain is None else {
            **_triple((r.gain.estimate, r.gain.low, r.gain.high)), "shown": r.gain.shown},
        "candidates": [{"trial": c.trial, "values": c.values, "objective_search": _finite(c.search_objective),
                        "objective_fresh": _finite(c.confirm_objective), "same_as_base": c.same_as_base}
                       for c in r.candidates],
        "goal_results": [{"name": row.spec.title(r.declared), "metric": row.spec.metric, "of": row.spec.of, "shown": row.shown,
                          "base": _triple(row.base), "best": _triple(row.best), "difference": _triple(row.diff),
                          "distance_base": _finite(row.base_distance), "distance_best": _finite(row.best_distance)}
                         for row in r.goal_rows],
        "gates": as_plain(r.gates),
        "unread": note.as_dict() if (note := unread_note(r)) else None,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)


WHOLE_NUMBERS = alt.Axis(tickMinStep=1, format=",d")
"""The axis of a count (trials, an integer key's values): no ticks between whole numbers, and
thousands separated as every other axis separates them (`format="d"` read 'max_rounds 1000')."""


@vega_spec
def _objective_chart(trials: pl.DataFrame) -> alt.TopLevelMixin:
    df = (trials.filter(pl.col("objective").is_not_null()).sort("trial")
          .with_columns(pl.col("objective").cum_min().alias("best so far")))
    # trials are counted: whole-number ticks (a budget of 4 read 0.0 0.2 0.4 … 3.0)
    base = alt.Chart(df).encode(x=alt.X("trial:Q", title="trial", axis=WHOLE_NUMBERS))
    dots = base.mark_circle(size=40, opacity=0.7).encode(
        y=alt.Y("objective:Q", title="objective (lower is better)"),
        tooltip=[tooltip(c, df.schema[c].is_numeric()) for c in df.columns if c not in ("state",)][:12])
    line = base.mark_line(interpolate="step-after", color="#d62728").encode(y=alt.Y("best so far:Q"))
    return layer(dots, line, width=420, height=220)


@vega_spec
def _key_chart(trials: pl.DataFrame, key: str, numeric: bool) -> alt.TopLevelMixin:
    df = trials.filter(pl.col("objective").is_not_null()).select("trial", pl.col(key).alias("value"), "objective")
    # a number's axis spans the values tried (8..16 was drawn from 0, the points in its right half)
    # an integer key's ticks are its values (crews.bays.time=0..4 read 0.0 0.5 1.0 … 4.0)
    axis = WHOLE_NUMBERS if df.schema["value"].is_integer() else alt.Axis()
    x = alt.X("value:Q", title=key, scale=alt.Scale(zero=False), axis=axis) if numeric else alt.X("value:N", title=key)
    return (alt.Chart(df).mark_circle(size=40, opacity=0.7)
            .encode(x=x, y=alt.Y("objective:Q", title="objective"), tooltip=[alt.Tooltip(c) for c in ("trial", "value", "objective")])
            .properties(width=300, height=200))


INTERVAL_CELL_CSS = "\n.num.iv { white-space: normal; } .num.iv span { white-space: nowrap; }\n"
"""A goal's cell may break between its estimate and its interval (or its two distances), never
inside either; so may the headers of those columns."""
GOALS_HEAD = ("<thead><tr><th>goal</th><th>shown</th><th class=\"num iv\">base</th><th class=\"num iv\">best</th>"
              "<th class=\"num iv\">best − base</th><th class=\"num iv\">distance: base → best</th></tr></thead>")


def interval_cell(text: str) -> str:
    """'+11.2 pts [-10.5 pts, +33.0 pts]' as two unbreakable parts: at 800 px the three cells
    of a goal's row, kept on one line each, squeezed the goal's name to a word a line (ten
    lines) and still ran the table past the page's right edge."""
    for mark in (" [", " → "):
        head, sep, tail = text.partition(mark)
        if sep:
            return f"<span>{e(head)}</span> <span>{e(sep.strip() + ' ' * (mark == ' → ') + tail)}</span>"
    return f"<span>{e(text)}</span>"


def tune_html(r: Result, best_text: str | None) -> str:
    """The page; `best_text` is best.yaml's text (None when the base wins and none is written)."""
    s = r.settings
    specs: dict[str, Any] = {}
    figs = [("Objective by trial", "Each trial's objective on the search games; the line is the best so far.",
             _objective_chart(r.trials))]
    figs += [(f"{p.key} against the objective", p.describe(), _key_chart(r.trials, p.key, p.numeric)) for p in s.params]
    parts = []
    for title, definition, spec in figs:
        cid = f"chart-{len(specs)}"
        specs[cid] = spec
        parts.append(f'<figure><h3>{e(title)}</h3><p class="def">{e(definition)}</p><div class="chart" id="{cid}"></div></figure>')
    dec = r.declared
    rows = "".join(
        f"<tr><td>{e(row.spec.title(dec))}</td><td>{e(row.shown)}</td><td class=\"num iv\">{interval_cell(_est(row, row.base, dec))}</td>"
        f"<td class=\"num iv\">{interval_cell(_est(row, row.best, dec))}</td><td class=\"num iv\">{interval_cell(_diff(row, dec))}</td>"
        f"<td class=\"num iv\">{interval_cell(distances(row, dec))}</td></tr>" for row in r.goal_rows)
    cands = "".join(
        f"<tr><td class=num>{c.trial}</td><td>{e(', '.join(f'{k}={show(v)}' for k, v in c.values.items()))}"
        f"{' <b>best</b>' if c.trial == r.winner.trial and not r.base_wins else ''}"
        f"{e(OWN_VALUES) if c.same_as_base else ''}</td><td class=num>{objective_text(c.search_objective)}</td>"
        f"<td class=num>{objective_text(c.confirm_objective)}</td></tr>" for c in r.candidates)
    gates = "".join(f"<li>{e(MARK[g.status])} {e(g.spec.title(g.declared))}</li>" for g in r.gates)
    body = (f"<h1>Tuning — {e(str(s.variant))}</h1>"
            f"<p class=\"def\">{e(settings_line(r))}</p>"
            f"<p class=\"def\">Command: <code>{e(s.command)}</code></p>"
            + (f"<p class=\"note\">{e(note.text())}</p>" if (note := unread_note(r)) else "")
            + (f"<h2>Keep the base</h2><p>{e(base_kept(r))}</p>"
               if r.base_wins or best_text is None else f"<h2>Best: trial {r.winner.trial}</h2><pre>{e(best_text)}</pre>")
            + f"<p>Objective on the fresh games: base {r.base_confirm_objective:.4g}, best candidate "
            f"{r.winner.confirm_objective:.4g}{e(f' ({gain_text(r)}, 95%)') if gain_text(r) else ''}.</p>"
            f"<h2>Goals: best candidate against base</h2><p class=\"def\">Fresh games, 95% intervals (paired jackknife over {block_count(s.confirm_games)} blocks of games).</p>"
            f"<table>{GOALS_HEAD}<tbody>{rows}</tbody></table>"
            + (f"<p>Goals with bounds, decided as gates:</p><ul>{gates}</ul>" if gates else "")
            + f"<h2>Re-evaluated candidates</h2><table><thead><tr><th class=num>trial</th><th>values</th>"
            f"<th class=num>objective (search)</th><th class=num>objective (fresh)</th></tr></thead><tbody>{cands}</tbody></table>"
            + (f"<p class=\"def\">{e(UNDEFINED_NOTE[0].upper() + UNDEFINED_NOTE[1:])}.</p>" if _any_undefined(r) else "")
            + ""
            f"<h2>The search</h2><div class=\"charts\">{''.join(parts)}</div>")
    return page(f"Tuning — {s.variant}", body, specs, extra_css=INTERVAL_CELL_CSS)
