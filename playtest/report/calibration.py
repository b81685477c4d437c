"""The calibration report (table games against bot runs): JSON, Markdown and HTML.

Reads only the Calibration tables (playtest.analysis.calibration); computes nothing but layout.
"""

from __future__ import annotations

import math
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis.calibration import MIN_GAMES, Calibration, group_words, sentence, too_few
from playtest.compare.render import metric_title
from playtest.report import format as F
from playtest.report.html import e, page
from playtest.report.vega import chart_rows, vega_spec
from playtest.variants.diff import change_side

METHOD = ("Distance: root mean square of z = (table − run) / √(se_table² + se_run²) over the metrics "
          "that vary (a metric that varies on neither side has no z: it is counted apart when the values "
          "differ; the table's side varies when its games or at least half the runs' do, by the floor below); standard errors from the delete-a-game jackknife (table) and a 20-block "
          "jackknife (runs), the table's never below the median over the runs of what each run's spread "
          "gives that many games (one for every run, so a run whose games spread widely is not read closer); 95% intervals within what the metric can be: Wilson at the effective number "
          "of games for shares (shifted by 1/P for advantages and lifts), Student-t on the log scale for "
          f"spreads, lengths and counts, Student-t otherwise; none from fewer than {MIN_GAMES} games (below that a 95% "
          "interval of an average is wider than the range that holds 95% of single games). A flag means the table differs "
          "from every run (largest per-run p-value, Holm-corrected over metrics).")


def nowhere(cal: Calibration) -> str:
    """The verdict when no metric differs from every run; and when none could be tested at all
    (one table game has no spread to measure a gap on), it says so rather than 'nowhere'."""
    if cal.runs.height and not (cal.runs["metrics_compared"] > 0).any():
        games = "1 table game gives" if cal.table_games == 1 else f"{cal.table_games} table games give"
        return (f"nothing could be tested: {games} no interval to compare with (at least 2 are needed for a "
                f"test, {MIN_GAMES} for an interval)")
    return "nowhere (at the 5% level, Holm-corrected)"


FAR = 2.0
"""The distance from which even the closest run is no match, flags or not. The distance is the
root mean square of the z's, each about N(0, 1) when a run plays like the table, so 2 (a mean z²
of 4) is reached less than 5% of the time even if every metric measured one and the same thing
(P(χ²₁ ≥ 4) = 4.6%; the more independent the metrics, the rarer), and the table's standard error,
floored by the runs' spread, keeps each z's variance under 1. Measured 2026-12-06: 95 same-bot
pairs of 3, 4 or 8 table games against runs of 30-200 games of other seeds (Stargate greedy and
random, Oh-Seven heuristic, New Frontiers greedy) read 0.72-1.24, none near 2; greedy Stargate
table games against a random run read 2.36-4.58, 2.36 with 91 of 131 metrics within reach and no
flag under a green "Read simulated conclusions at this run's skill level" (h205)."""


def no_fit(cal: Calibration) -> str | None:
    """Why the closest run is only the least far, else None: the table differs from every run on
    some metric (`Calibration.flags`), or even the closest run is at distance FAR or more. A green
    "Closest run overall: greedy / Read simulated conclusions at this run's skill level" stood
    above a run at distance 2 and a list of metrics no run reproduced: the closest of runs that
    all play unlike the table is no match."""
    if cal.closest is None:
        return None
    if cal.flags.height:
        n = cal.flags.height
        # 'on it' read as the run named just before it: 'so random is only the least far; read
        # simulated conclusions on it with care'.
        which = "that metric" if n == 1 else "those metrics"
        return (f"But no run plays like the table everywhere: {n} metric{'' if n == 1 else 's'} "
                f"differ{'s' if n == 1 else ''} from every run (below), so {cal.closest} is only the least far; "
                f"read simulated conclusions on {which} with care.")
    distance = cal.runs.filter(pl.col("run") == cal.closest)["distance"].max()
    # As shown (two decimals): a run at 1.996 read "2.00" under a green "plays like the table".
    if isinstance(distance, float) and float(f"{distance:.2f}") >= FAR:
        return (f"But no run plays like the table: even {cal.closest} is at distance {distance:.2f}, where another "
                f"sample of the same players would be about 1 (at least {FAR:g} less than one time in 20), so it is "
                "only the least far; read simulated conclusions with care.")
    return None


def no_table_interval(cal: Calibration) -> str | None:
    """The report's note when the table has too few games for any interval (MIN_GAMES), else None."""
    why = too_few(cal.table_games) if cal.table_games > 0 else None
    if why is None:
        return None
    return (f"{why[0].upper()}{why[1:]} — below {MIN_GAMES} games a 95% interval of an average is wider than "
            "the range that holds 95% of single games. The table's estimates are shown without one.")


def how_sure(cal: Calibration) -> str | None:
    """What the distances mean, and how often the closest run stays the closest with one table game
    left out (`Calibration.closest_without_one_game`): 'Closest run overall: lookahead' beside
    distances 1.05 and 1.37 said neither what the numbers mean nor whether one game decided it.
    Whether one table game decides it, not a test against the runs' own noise; nothing with one
    run, which is the closest in every case whatever the games."""
    if cal.closest is None:
        return None
    scale = "Distance 0 = the table's own numbers; about 1 = as near as another sample of the same players."
    counts = cal.closest_without_one_game
    if not counts or len(counts) < 2:
        return scale
    n, k = cal.table_games, counts.get(cal.closest, 0)
    others = ", ".join(f"{run} in {c}" for run, c in counts.items() if c and run != cal.closest)
    # Only the table's games are left out: the runs' own games are never varied, so a run that stays
    # closest in every case may still be no closer than the next but for its seed (three greedy
    # runs on seeds 1-3 read "closest in 5 of 5 cases, so no single game decides it" for seed 1).
    verdict = ("so no single table game decides it" if k == n
               else "so one game can change the answer; more table games may settle it")
    return (f"{scale} With one table game left out in turn, {cal.closest} is the closest in {k} of {n} cases"
            f"{f' ({others})' if others else ''}, {verdict}. This checks the table's games only, not that "
            f"{cal.closest} plays closer than the other runs: their own games are not varied.")


def group_label(meta: dict[str, Any], group: str) -> str:
    """A row's group as the other reports write it ('ベイス Bays' for bays; report.model.label_of
    over the table's variant's names, meta's `names`): the Markdown and HTML tables showed the
    bare ids the report, compare and the ladder never show. The JSON keeps the ids."""
    from playtest.report.model import label_of

    return label_of(meta.get("names") or {}, group)


def metric_label(cal: Calibration, metric: str) -> str:
    """A metric as `compare` titles it ('Crew taken first in a round': the game's metric_info,
    `Calibration.declared`), where the reports wrote its id ('crew_first_pick_rate', and 'crew first
    pick rate' in the flags' sentences). The JSON keeps the ids."""
    return metric_title(metric, cal.declared)


def flag_sentences(cal: Calibration, meta: dict[str, Any]) -> list[str]:
    """The flags' sentences with each metric titled and each group named as the tables name them
    ('Crew taken (share of turns) (ベイス Bays): your table ...', where they read 'crew pick rate
    (bays):'; a metric of the whole game with no group named), said from the flag's numbers
    (analysis.calibration.sentence). The JSON's `sentence` keeps the ids."""
    return [sentence(metric_label(cal, str(r["metric"])) + (group_words(r["group"]) and f" ({group_label(meta, r['group'])})"),
                     r, cal.declared)
            for r in cal.flags.iter_rows(named=True)]


def other_rules(meta: dict[str, Any]) -> list[str]:
    """One line for each run whose rules differ from the table's (meta's `other_rules`), else none."""
    return [f"the run {o['run']}, from {o['folder']}, played other rules than the table: variant "
            f"{o['variant_hash']}, the table's {meta.get('variant_hash')} ({changes_in(o)}) — the runs may not "
            "be of the same rules" for o in meta.get("other_rules") or ()]


def changes_in(other: dict[str, Any], most: int = 3) -> str:
    """The rule keys in which a run of other rules differs from the table's variant (an
    `other_rules` entry's `changes`), the first `most` of them: `the table's → the run's:
    max_rounds: 60 → 9 and 2 more`."""
    changes = other.get("changes") or []
    shown = ", ".join(f"{c['path']}: {change_side(c, 'old')} → {change_side(c, 'new')}" for c in changes[:most])
    return f"the table's → the run's: {shown}" + (f" and {len(changes) - most} more" if len(changes) > most else "")


def _num(x: Any) -> Any:
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


def to_json(cal: Calibration, meta: dict[str, Any]) -> dict[str, Any]:
    return {
        **meta,
        "table_games": cal.table_games,
        "min_games_for_interval": MIN_GAMES,
        "closest_run": cal.closest,
        "closest_without_one_game": cal.closest_without_one_game,
        "no_match": no_fit(cal),
        "method": METHOD,
        # Each run with its folder (meta's `runs` maps label → folder; the rows replace it).
        "runs": [{**{k: _num(v) for k, v in r.items()}, "folder": meta.get("runs", {}).get(r["run"])}
                 for r in cal.runs.iter_rows(named=True)],
        # (a flag's `side`, higher, lower or between the runs, is in its sentence's words)
        "flags": [{k: _num(v) for k, v in r.items() if k != "side"} for r in cal.flags.iter_rows(named=True)],
        "metrics": [{k: _num(v) for k, v in r.items() if k != "definition"}
                    for r in cal.metrics.iter_rows(named=True)],
    }


def _run_values(cal: Calibration) -> dict[tuple[str, str], dict[str, str]]:
    out: dict[tuple[str, str], dict[str, str]] = {}
    for r in cal.metrics.filter(pl.col("source") != "table").iter_rows(named=True):
        out.setdefault((r["metric"], r["group"]), {})[r["source"]] = F.value(r["estimate"], F.kind(r["metric"], cal.declared))
    return out


def to_markdown(cal: Calibration, meta: dict[str, Any]) -> str:
    runs = cal.runs["run"].to_list()
    note = no_table_interval(cal)
    # Every row's estimate without an interval would read as exact: the column says why.
    table_head = f"table ({meta['table_games']} games, no interval)" if note else "table [95%]"
    lines = [f"# Calibration: {meta['table_games']} table game(s) of {meta['variant']} against {len(runs)} bot run(s)",
             "", f"**Closest run overall: {cal.closest or 'none'}**", "",
             *([f"**{unfit}**", ""] if (unfit := no_fit(cal)) else []),
             *([sure, ""] if (sure := how_sure(cal)) else []), *([f"**{note}**", ""] if note else []),
             *(f"**Note: {o[0].upper()}{o[1:]}.**\n" for o in other_rules(meta)),
             "| run | games | distance | metrics compared | within the table's reach (abs z < 1.96) "
             "| differ where neither side varies |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in cal.runs.iter_rows(named=True):
        lines.append(f"| {r['run']} | {r['games']} | {F.value(r['distance'], 'number')} | {r['metrics_compared']} "
                     f"| {r['within_interval']} | {r['differ_no_spread']} |")
    lines += ["", "## Where the table differs from every bot run", ""]
    lines += [f"- {s}" for s in flag_sentences(cal, meta)] or [f"- {nowhere(cal)}"]
    lines += ["", "## Every metric", "", *([f"_{note}_", ""] if note else []),
              f"| metric | group | {table_head} | " + " | ".join(runs) + " | closest |",
              "| --- | --- | --- |" + " ---: |" * len(runs) + " --- |"]
    vals = _run_values(cal)
    for r in cal.by_metric().iter_rows(named=True):
        k = F.kind(r["metric"], cal.declared)
        rv = vals.get((r["metric"], r["group"]), {})
        iv = F.interval(r["ci_low"], r["ci_high"], k)  # none: one table game, or the same in every game
        # Why there is none, unless the note above says it for every row (too few table games):
        # `leader_after_round_wins round 2 | 0.0%` (one game had a sole leader then) read as exact.
        why = r.get("no_interval") if not iv and not note else None
        lines.append(f"| {metric_label(cal, r['metric'])} | {group_label(meta, r['group'])} | {F.value(r['estimate'], k)}"
                     f"{f' [{iv}]' if iv else f' ({why})' if why else ''} | "
                     + " | ".join(rv.get(run, "–") for run in runs) + f" | {r['closest'] or '–'} |")
    lines += ["", f"_{METHOD}_", ""]
    return "\n".join(lines)


@vega_spec
def _chart(cal: Calibration, meta: dict[str, Any]) -> alt.TopLevelMixin | None:
    top = cal.flags["metric"].to_list()[:8] or None
    m = cal.metrics.filter(pl.col("metric").is_in(top)) if top else cal.metrics.head(0)
    if not m.height:
        return None
    labels = [metric_label(cal, metric) + (f" · {group_label(meta, group)}" if group else "")
              for metric, group in zip(m["metric"].to_list(), m["group"].to_list(), strict=True)]
    df = m.with_columns(label=pl.Series(labels, dtype=pl.String)).select("label", "source", "estimate", "ci_low", "ci_high")
    data = chart_rows([{k: _num(v) for k, v in r.items()} for r in df.iter_rows(named=True)])
    # Every axis says what it shows: each facet's own scale is its metric's (a share, points, rounds)
    base = alt.Chart(data).encode(y=alt.Y("source:N", title="source (the table, or a run)"), color=alt.Color("source:N", legend=None))
    chart = (base.mark_rule().encode(x=alt.X("ci_low:Q", title="estimate and 95% interval, in the metric's own unit"),
                                     x2=alt.X2("ci_high:Q"))
             + base.mark_point(filled=True).encode(x=alt.X("estimate:Q"), tooltip=[alt.Tooltip("label:N"), alt.Tooltip("source:N"),
                                                                   alt.Tooltip("estimate:Q")]))
    return chart.properties(width=420, height=alt.Step(16)).facet(row=alt.Row("label:N", title="metric · group")).resolve_scale(
        x="independent")


def to_html(cal: Calibration, meta: dict[str, Any]) -> str:
    runs = cal.runs["run"].to_list()
    note = no_table_interval(cal)
    rows = "".join(f"<tr><td>{e(r['run'])}</td><td class=num>{r['games']}</td>"
                   f"<td class=num>{e(F.value(r['distance'], 'number'))}</td><td class=num>{r['metrics_compared']}</td>"
                   f"<td class=num>{r['within_interval']}</td><td class=num>{r['differ_no_spread']}</td></tr>"
                   for r in cal.runs.iter_rows(named=True))
    flags = "".join(f"<li>{e(s)}</li>" for s in flag_sentences(cal, meta)) or f"<li>{e(nowhere(cal))}</li>"
    vals = _run_values(cal)
    metric_rows = []
    for r in cal.by_metric().iter_rows(named=True):
        k = F.kind(r["metric"], cal.declared)
        rv = vals.get((r["metric"], r["group"]), {})
        iv = F.interval(r["ci_low"], r["ci_high"], k)
        why = r.get("no_interval")  # too few table games, or the same in every game
        cell = e(iv) if iv or not why else f'<span title="{e(why)}">none</span>'
        metric_rows.append(f"<tr><td>{e(metric_label(cal, r['metric']))}</td><td>{e(group_label(meta, r['group']))}</td>"
                           f"<td class=num>{e(F.value(r['estimate'], k))}</td>"
                           f"<td class=num>{cell}</td>"
                           + "".join(f"<td class=num>{e(rv.get(run, '–'))}</td>" for run in runs)
                           + f"<td>{e(r['closest'] or '–')}</td></tr>")
    specs: dict[str, Any] = {}
    # A closest run that is no match takes the warning style (the report's "Seats are not equal",
    # the ladder's warnings), not grey: the flags are significant differences, a finding, where
    # grey says there is no answer (no run compared, too few games to judge).
    unfit = no_fit(cal)
    chart = _chart(cal, meta)
    if chart:
        specs["chart-flags"] = chart
    body = f"""
<h1>Calibration: {meta['table_games']} table game(s) against {len(runs)} bot run(s)</h1>
<p class="sub">Variant {e(meta['variant'])} · transcripts: {e(', '.join(meta['transcripts']))}</p>
<div class="verdict {'unknown' if not cal.closest else 'unfair' if unfit else 'fair'}"><p class="headline">Closest run overall:
{e(cal.closest or 'none')}</p><p class="detail">{e(unfit or "Read simulated conclusions at this run's skill level.")}</p>
{f'<p class="detail">{e(sure)}</p>' if (sure := how_sure(cal)) else ''}
{f'<p class="detail">{e(note)}</p>' if note else ''}{''.join(f'<p class="detail">Note: {e(o[0].upper() + o[1:])}.</p>' for o in other_rules(meta))}</div>
<h2>Runs</h2>
<table><tr><th>run</th><th class=num>games</th><th class=num>distance</th><th class=num>metrics compared</th>
<th class=num>abs z &lt; 1.96</th><th class=num>differ where neither varies</th></tr>{rows}</table>
<h2>Where the table differs from every bot run</h2><ul>{flags}</ul>
{'<figure><div id="chart-flags" class="chart"></div></figure>' if chart else ''}
<h2>Every metric</h2>
{f'<p class="def">{e(note)}</p>' if note else ''}
<table><tr><th>metric</th><th>group</th><th class=num>table</th><th class=num>95% interval</th>
{''.join(f'<th class=num>{e(r)}</th>' for r in runs)}<th>closest</th></tr>{''.join(metric_rows)}</table>
<p class="def">{e(METHOD)}</p>
"""
    return page("playtest calibrate", body, specs)
