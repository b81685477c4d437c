"""The ladder as Markdown: does skill matter, the strength table and ratings, what changes with
skill (plain sentences), every metric by rung."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.offs import lines as off_lines
from playtest.core.spec import MetricInfos
from playtest.ladder import skill, strength
from playtest.ladder.result import Ladder, times, times_high
from playtest.report import format as F
from playtest.report.markdown import changes_lines, md_text


def cell(row: dict[str, Any] | None, metric: str, declared: MetricInfos | None = None) -> str:
    if row is None:
        return "–"
    k = F.kind(metric, declared)
    ci = F.interval(row[C.CI_LOW], row[C.CI_HIGH], k)
    return F.value(row[C.ESTIMATE], k) + (f" [{ci}]" if ci else "")


def p_shown(row: dict[str, Any]) -> str:
    """The "p (Holm)" cell: the Holm-adjusted p, or why there is none; a change certain because
    every game of each rung gave the same value says so rather than "< 0.001"."""
    if skill.is_set_by_bots(row[skill.NOTE]):
        return row[skill.NOTE]
    return F.p_value(row[skill.P_HOLM]) or row.get(SAME_AS_SHOWN) or row[skill.NOTE] or "–"


SAME_AS_SHOWN = "same_as_shown"
"""A repeat's note as the tables show it: the earlier row by its title ('same test as “seat 1
win rate”'), where the note (and the JSON) names it by id ('same as win_rate_by_seat / seat 1')."""


def _same_as_shown(note: str | None, titles: dict[tuple[str, str], str]) -> str | None:
    prefix = f"{skill.SAME_AS} "
    if not note or not note.startswith(prefix):
        return None
    metric, _, group = note.removeprefix(prefix).partition(" / ")
    title = titles.get((metric, group))
    return f"same test as “{title}”" if title else None


def wide(ladder: Ladder) -> list[dict[str, Any]]:
    """One dict per (metric, group): test columns and each rung's metric row (or None)."""
    by = {(m, g, r): row for row in ladder.values.iter_rows(named=True)
          for m, g, r in [(row[C.METRIC], row[C.GROUP], row[skill.RUNG])]}
    titles = {(t[C.METRIC], t[C.GROUP]): t["title"] for t in ladder.tests.iter_rows(named=True)}
    out = []
    for t in ladder.tests.iter_rows(named=True):
        out.append(t | {"cells": [by.get((t[C.METRIC], t[C.GROUP], r)) for r in ladder.rungs],
                        SAME_AS_SHOWN: _same_as_shown(t[skill.NOTE], titles)})
    return out


def methods(ladder: Ladder) -> str:
    blocks = ladder.run.get("blocks")
    return (f"Each rung plays {ladder.run['games_per_rung']} self-play games (every seat that bot, the same deals for every "
            f"rung); each pairing {ladder.run['games_per_pairing']} games with seats alternating and rotating. Intervals are "
            "95%, except the win gap's and the score gap's: the verdict reads both, so they are 97.5% each (Bonferroni). "
            "A metric *changes with skill* when the joint test that it is equal at every rung (Hotelling's T² on "
            f"a delete-a-block jackknife over {blocks} blocks of games, games being the independent unit) rejects at 5% "
            "after Holm's adjustment over every metric tested. Head-to-head win rates are per seat, averaged per game; "
            "the gap (paired over games) and the rates get Wilson intervals at the effective number of games, the "
            "ratio bounds from the two rates' 97.5% intervals. Ratings: Bradley–Terry "
            "(choix) fitted to the pairwise finishes of every stronger/weaker pair of seats, bootstrap over games. "
            "Every statement describes these bots playing, not people.")


def render_ladder_markdown(ladder: Ladder) -> str:
    run, v = ladder.run, ladder.run["variant"]
    lines = [f"# Skill ladder — {md_text(v.get('name'))}", "",
             f"{md_text(run.get('game_title'))} · `{md_text(v.get('path'))}` (hash `{md_text(v.get('hash'))}`) · "
             f"{run.get('players')} players · seed {run.get('seed')} · rungs (weakest first): "
             + ", ".join(f"`{md_text(r)}`" for r in ladder.rungs) + " · "
             f"{run.get('games_per_rung')} self-play games per rung · {run.get('games_per_pairing')} per pairing", "",
             f"Command: `{md_text(run.get('command'))}`", "", *changes_lines(v)]
    for w in ladder.warnings:  # each its own quote: adjacent `>` lines render as one paragraph
        lines += [f"> ⚠️ {md_text(w)}", ""]
    if off := off_lines(ladder.switched_off):
        lines += [md_text(off[0]), *(f"- {md_text(o.text())}" for o in ladder.switched_off), ""]
    lines += ["## Does skill matter?", ""]
    lines += [f"- {md_text(s)}" for s in ladder.skill_matters] + [""]
    # The sides are the rungs' places, not a verdict: 'stronger' headed mcts:50's column beside a
    # sentence saying it was measurably weaker than greedy (the strength chart says the same).
    lines += ["| upper rung | lower rung | games | seats | upper rung's wins per seat | lower rung's wins per seat | "
              "gap (97.5%) | × as often | score gap per seat (97.5%) |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in ladder.strength.iter_rows(named=True):
        lines.append(
            f"| `{md_text(r['upper'])}` | `{md_text(r['lower'])}` | {r['games']} | {r['upper_seats']}:{r['lower_seats']} | "
            f"{F.value(r['upper_win_rate'], 'rate')} [{F.interval(r['upper_win_rate_low'], r['upper_win_rate_high'], 'rate')}] | "
            f"{F.value(r['lower_win_rate'], 'rate')} [{F.interval(r['lower_win_rate_low'], r['lower_win_rate_high'], 'rate')}] | "
            f"{F.value(r['diff'], 'diff')} [{F.interval(r['diff_low'], r['diff_high'], 'diff')}] | "
            f"{times(r['ratio'])} [{times(r['ratio_low'])} – {times_high(r['ratio_high'])}] | "
            f"{F.value(r['score_diff'], 'number')} [{F.interval(r['score_diff_low'], r['score_diff_high'], 'number')}] |")
    lines += ["", "Ratings (Bradley–Terry via choix, Elo scale, weakest rung = 0; 95% bootstrap interval over games):", "",
              "| rung | rating | 95% interval | comparisons |", "|---|---:|---:|---:|"]
    for r in ladder.ratings.iter_rows(named=True):
        rating = strength.rating_text(r["rating"], r["ci_low"], r["ci_high"])
        ci = "–" if math.isnan(r["ci_low"]) else f"{strength.elo_text(r['ci_low'])} – {strength.elo_text(r['ci_high'])}"
        lines.append(f"| `{md_text(r['rung'])}` | {rating} | {ci} | {r['comparisons']} |")
    changed = ladder.changed()
    tested = ladder.tests.filter(pl.col(skill.P_HOLM).is_not_nan()).height
    lines += ["", "## What changes with skill", "",
              f"{changed.height} of {tested} metrics tested change with skill (Holm-adjusted, 5%):", ""]
    lines += [f"- {md_text(s)}" for s in changed[skill.SENTENCE].to_list()] or ["- none detected"]
    lines += ["", "## Every metric by rung", "",
              "| metric | " + " | ".join(f"`{md_text(r)}`" for r in ladder.rungs) + " | p (Holm) | changes |",
              "|---|" + "---:|" * len(ladder.rungs) + "---:|---|"]
    for row in wide(ladder):
        p = md_text(p_shown(row))
        lines.append(f"| {md_text(row['title'])} | " + " | ".join(cell(c, row[C.METRIC], ladder.declared) for c in row["cells"])
                     + f" | {p} | {'yes' if row[skill.CHANGES] else ''} |")
    lines += ["", "## Method", "", methods(ladder), ""]
    return "\n".join(lines)
