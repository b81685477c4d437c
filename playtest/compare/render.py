"""Presentation of comparisons, gate results and sweeps: Markdown, JSON and self-contained HTML.

Reads the DataFrames and dataclasses of compare.py, gates.py and sweep.py; computes nothing.
The HTML page reuses the single-run report's style, Vega bundle (inlined, offline) and escaping.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import altair as alt
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.offs import describe, off_for
from playtest.analysis.unread import Unread, unread_in
from playtest.compare import compare as K
from playtest.compare.gates import FAIL, PASS, GateResult
from playtest.core.spec import MetricInfos, Off
from playtest.report import format as F
from playtest.report.charts import axis_format, has_interval, rows_title, value_title
from playtest.report.html import e, page
from playtest.report.model import off_dict
from playtest.report.vega import chart_rows, layer, vega_spec
from playtest.text import cells, echoed

MAX_CHART_GROUPS = 16
MARK = {PASS: "✅ pass", FAIL: "❌ fail", "undecided": "⚠️ undecided"}


def _kind(metric: str, declared: MetricInfos | None = None) -> str:
    return F.kind(metric, declared)


def fmt_value(x: float | None, metric: str, declared: MetricInfos | None = None) -> str:
    """`x` as the metric's values are written (`declared`: its game's GameSpec.metric_info)."""
    return F.value(x, _kind(metric, declared))


def fmt_diff(x: float | None, metric: str, declared: MetricInfos | None = None) -> str:
    k = _kind(metric, declared)
    if k in ("rate", "diff"):
        return F.value(x, "diff")
    if x is None or math.isnan(x):
        return "–"
    return F.fixed(x, "+.2f")


def fmt_diff_ci(lo: float | None, hi: float | None, metric: str, declared: MetricInfos | None = None) -> str:
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return ""
    return f"{fmt_diff(lo, metric, declared)} … {fmt_diff(hi, metric, declared)}"


def _clean(x: Any) -> Any:
    return None if isinstance(x, float) and (math.isnan(x) or math.isinf(x)) else x


def _records(df: pl.DataFrame) -> list[dict[str, Any]]:
    return [{k: _clean(v) for k, v in r.items()} for r in df.iter_rows(named=True)]


# --- comparison ---------------------------------------------------------------------------------

METRIC_TITLES = {
    "win_rate_by_seat": "Win rate by seat", "win_rate_by_bot": "Win rate by bot",
    "first_player_advantage": "Seat 1's advantage", "balance": "Balance (100% = equal seats)",
    "score_mean": "Mean final score", "score_sd": "Spread (sd) of final scores",
    "score_median": "Median final score", "score_q10": "10th percentile of final scores",
    "score_q25": "25th percentile of final scores", "score_q75": "75th percentile of final scores",
    "score_q90": "90th percentile of final scores",
    "margin_of_victory": "Winning margin (points)", "margin_of_victory_median": "Median winning margin (points)",
    "tie_rate": "Shared wins", "points_tie_rate": "Ties on points",
    "game_length_rounds": "Game length (rounds)", "game_length_turns": "Game length (turns)",
    "game_length_share": "Games of this length", "leader_after_round_wins": "Leader after the round wins",
}
"""The titles of the metrics every game's report has; a game's own metrics have theirs in its
GameSpec.metric_info (`MetricInfo.title`)."""


def metric_title(metric: str, declared: MetricInfos | None = None) -> str:
    """A metric in words: as its game titles it (`declared`: its GameSpec.metric_info), else as
    METRIC_TITLES does (unknown ids: underscores to spaces)."""
    own = declared.get(metric) if declared else None
    if own is not None and own.title:
        return own.title
    return METRIC_TITLES.get(metric) or metric.replace("_", " ").capitalize()


def row_title(metric: str, group: str, declared: MetricInfos | None = None) -> str:
    return metric_title(metric, declared) + (f", {group}" if group and group not in ("all", "") else "")


def _magnitude(x: float, metric: str, declared: MetricInfos | None = None) -> str:
    """The size of a difference with what it counts: percentage points for shares (the 'pts' of
    the interval beside it; "points" alone read as score points), else the metric's unit."""
    k = _kind(metric, declared)
    if k in ("rate", "diff"):
        return f"{F.fixed(100 * abs(x), '.1f')} percentage points"
    return _with_unit(F.fixed(abs(x), ".2f"), metric, declared)


def _with_unit(text: str, metric: str, declared: MetricInfos | None = None) -> str:
    """A number of the metric followed by its unit (format.unit), when it has one."""
    what = F.unit(metric, declared)
    return f"{text} {what}" if what else text


def difference_sentence(r: dict[str, Any], declared: MetricInfos | None = None, label: Callable[[str], str] = str) -> str:
    """One difference in words with its interval, every number with what it counts: 'Game
    length (rounds): draft6 is 0.40 rounds lower than draft5 [-0.45 rounds, -0.35 rounds]'
    (`declared`: the game's GameSpec.metric_info; `label`: a group as the variants name it,
    Comparison.label). A count read bare beside rates in points ('start: no-compensation is
    0.50 lower than base')."""
    m = r[C.METRIC]
    way = "higher" if r[C.ESTIMATE] > 0 else "lower"
    head = (f"{row_title(m, label(r[C.GROUP]), declared)}: {r[K.VARIANT]} is {_magnitude(r[C.ESTIMATE], m, declared)} "
            f"{way} than {r[K.BASELINE]}")
    if r.get(K.TEST) == K.ONE_VALUE_EACH:
        return f"{head} in every game played (each gave one value in every game: no interval)"
    lo, hi = (fmt_diff(r[end], m, declared) for end in (C.CI_LOW, C.CI_HIGH))
    if _kind(m, declared) not in ("rate", "diff"):
        lo, hi = _with_unit(lo, m, declared), _with_unit(hi, m, declared)
    return f"{head} [{lo}, {hi}]"


def verdict_lines(cmp: K.Comparison, run: dict[str, Any] | None = None) -> list[str]:
    """The answer first: the differences that are significant and notable, each in words with
    its interval, largest p-value last; or a sentence saying there are none. With `run`, the
    first line says which games and bots the conclusion comes from."""
    source = f"; {cmp.games} games per variant, bots {','.join(run['lineup'])}" if run and run.get("lineup") else ""
    return _verdict_lines(cmp, source)


CALIBRATED_GAMES = 100
"""The fewest games per variant at which docs/calibration.md measures compare's intervals (their
coverage, at 100 and 400 games) and tests (the A/A false-positive rate, pairs of 100-game runs):
below it the verdict says so. (50 until 2026-12-07, from the A/A checks' first look at 50 games,
which is diff's two-look check, not compare's: h256.)"""


def few_games_line(games: int) -> str | None:
    """The verdict's caution for a comparison of fewer than CALIBRATED_GAMES games per variant, or
    None: at `-n 2` it read 'No difference is both significant and notable among 47 distinct tests'
    with nothing to say that two games can show only the largest differences, and that intervals
    over so few games are not known to cover."""
    if games >= CALIBRATED_GAMES:
        return None
    return (f"Only {games} game{'s' if games != 1 else ''} per variant: fewer than the {CALIBRATED_GAMES} from which "
            "docs/calibration.md measures these intervals and tests, and too few to see any but the largest "
            "differences — play more games (-n) before reading a silence as no difference.")


def _verdict_lines(cmp: K.Comparison, source: str) -> list[str]:
    d = cmp.differences
    tested = int((d[K.TEST] == "tested").sum())
    by_variant = notable_by_variant(cmp)
    count = sum(len(sentences) for _, sentences in by_variant)
    # NaN is no move: a share over no games (a dealt crew's pick rate in a round that none of the games
    # it was dealt into reached) is NaN in both variants, and hid the identical games behind '0 distinct tests'.
    moved = d.filter(pl.col(C.ESTIMATE).is_not_null() & pl.col(C.ESTIMATE).is_not_nan() & (pl.col(C.ESTIMATE) != 0))
    if count == 0 and tested == 0 and moved.is_empty() and (d[K.TEST] == "identical").any():
        # Every metric equal in every game and replicate: "No difference ... among 0 distinct
        # tests" left a same-seed A/A to guess why nothing was tested.
        return [f"No metric differs in any game: the variants played identical games{' (' + source.removeprefix('; ') + ')' if source else ''} "
                "— one seed and rules that change nothing these bots meet replay the same games; give one seed per "
                "variant (--seed 1,2) or --independent-seeds for independent games."]
    if count == 0:
        sig = int(d[K.SIGNIFICANT].sum())
        extra = f" ({sig} significant but smaller than the stated minimum)" if sig else ""
        return [f"No difference is both significant and notable among {tested} distinct tests{extra}"
                f"{' (' + source.removeprefix('; ') + ')' if source else ''}."]
    lines = [f"{count} difference{'s are' if count != 1 else ' is'} significant and notable "
             f"(of {tested} distinct tests, Holm-adjusted{source}):"]
    return lines + [sentence for _, sentences in by_variant for sentence in sentences]


def notable_by_variant(cmp: K.Comparison) -> list[tuple[str, list[str]]]:
    """Each variant's significant and notable differences from the first, in words, smallest
    Holm-adjusted p first; the variants in the order given (one draft's findings together: five
    drafts' 245 differences in one p-value order read as a shuffled list)."""
    notable = _notable(cmp)
    return [(label, [difference_sentence(r, cmp.declared, cmp.label)
                     for r in notable.filter(pl.col(K.VARIANT) == label).iter_rows(named=True)])
            for label in cmp.labels[1:]]


def _notable(cmp: K.Comparison) -> pl.DataFrame:
    """The significant and notable differences, clearest first (the verdict's rows and order)."""
    # Holm's p-values tie often (every p far below the level adjusts to the same floor): then the
    # raw p-value, then the estimate against its interval's width, say which is clearer.
    strength = (pl.col(C.ESTIMATE).abs() / (pl.col(C.CI_HIGH) - pl.col(C.CI_LOW))).alias("_strength")
    notable = (cmp.differences.filter(pl.col(K.NOTABLE)).with_columns(strength)
               .sort([K.P_HOLM, C.P_VALUE, "_strength", C.METRIC, C.GROUP],
                     descending=[False, False, True, False, False], nulls_last=True).drop("_strength"))
    # A duplicate test (a lift that is a rate minus a constant) says nothing new: one sentence.
    return notable.filter(~pl.col(K.TEST).str.starts_with("same as"))


def first_of_each_metric(cmp: K.Comparison, label: str, limit: int) -> list[int]:
    """Which of `label`'s verdict sentences (notable_by_variant's order) a verdict cut to `limit`
    lines shows: each metric's clearest difference first, then the others, in their order. Cut by
    order alone, twelve lines of one metric's seats and parts hid the winning margin under
    '… and 4 more'."""
    metrics = _notable(cmp).filter(pl.col(K.VARIANT) == label)[C.METRIC].to_list()
    seen: set[str] = set()
    first: list[int] = []
    rest: list[int] = []
    for i, m in enumerate(metrics):
        (rest if m in seen else first).append(i)
        seen.add(m)
    return sorted((first + rest)[:limit])


def _cannot_differ(cmp: K.Comparison) -> set[str]:
    """Metrics none of whose differences can be tested because they are constant."""
    d = cmp.differences
    out = set()
    for (metric,), part in d.group_by([C.METRIC]):
        if (part[K.TEST] == K.ONE_VALUE_BOTH).all():
            out.add(str(metric))
    return out


def wide_rows(cmp: K.Comparison) -> list[dict[str, Any]]:
    """One row per (metric, group): each variant's value, then each difference against the first;
    `off`: label → why, for each variant that switches the row off (its value is None)."""
    vals = {(r[C.METRIC], r[C.GROUP], r[K.VARIANT]): r for r in cmp.values.iter_rows(named=True)}
    diffs = {(r[C.METRIC], r[C.GROUP], r[K.VARIANT]): r for r in cmp.differences.iter_rows(named=True)}
    keys = list(dict.fromkeys((r[C.METRIC], r[C.GROUP]) for r in cmp.values.iter_rows(named=True)))
    out = []
    for m, g in keys:
        row: dict[str, Any] = {"metric": m, "group": g, "values": {}, "differences": {}, "off": {}}
        for label in cmp.labels:
            off = cmp.off_in(label, m, g)
            if off is not None:
                row["off"][label] = off.text()
        for label in cmp.labels:
            v = vals.get((m, g, label))
            row["values"][label] = None if v is None else {k: _clean(v[k]) for k in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N)}
        for label in cmp.labels[1:]:
            d = diffs.get((m, g, label))
            row["differences"][label] = None if d is None else {
                k: _clean(d[k]) for k in (C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.P_VALUE, K.P_HOLM, K.SIGNIFICANT, K.NOTABLE,
                                          K.TEST)}
        out.append(row)
    return out


def value_cell(row: dict[str, Any], label: str, declared: MetricInfos | None = None) -> str:
    """A variant's value in the wide table: 'off' where its variant switches the row off."""
    v = row["values"][label]
    if v:
        return fmt_value(v[C.ESTIMATE], row["metric"], declared)
    return "off" if label in row.get("off", {}) else "–"


OFF_HEADING = "Switched off (not measured: rows left out, or 'off in <variant>')"


def switched_off_lines(cmp: K.Comparison) -> list[str]:
    """What each variant switches off (GameSpec.switched_off): once for what every variant
    switches off, then each variant's own. Empty when nothing is off."""
    return _off_lines(dict(zip(cmp.labels, cmp.switched_off, strict=True)), "in every variant", "in")


def _off_lines(offs: Mapping[str, Sequence[Off]], every: str, at: str) -> list[str]:
    """'<every>: …' for what every label switches off (when there are several), then '<at>
    <label>: …' for each label's own; empty when nothing is off."""
    lists = list(offs.values())
    if not any(lists):
        return []
    common = [o for o in lists[0] if all(o in mine for mine in lists)] if len(lists) > 1 else []
    lines = [f"{every}: {describe(common)}"] if common else []
    lines += [f"{at} {label}: {describe(own)}" for label, mine in offs.items()
              if (own := [o for o in mine if o not in common])]
    return lines


def set_line(overrides: Sequence[str] | None, every: str = "every variant") -> str | None:
    """'Every variant played with --set cubes.replenish=1 (...)': the command's --set, which it
    applies to every variant alike, so no rule change between them shows it (`diff d5 d5 --set
    cubes.replenish=1` read 'Rule changes: (none)' over games a round longer). None without."""
    if not overrides:
        return None
    sets = " ".join(f"--set {echoed(o)}" for o in overrides)
    return f"{every[0].upper()}{every[1:]} played with {sets} (applied to each alike, so not a change between them)."


def changes_lines(cmp: K.Comparison, run: Mapping[str, Any] | None = None) -> list[str]:
    """Each variant's rule keys that differ from the first, then the --set every variant
    played with (`run['set']`)."""
    lines = []
    for base, other, changes in cmp.changes:
        if not changes:
            lines.append(f"{other} vs {base}: no rule key differs")
            continue
        lines.append(f"{other} vs {base}: {len(changes)} key{'s differ' if len(changes) != 1 else ' differs'}")
        lines += [f"  {c}" for c in changes]
    said = set_line((run or {}).get("set"))
    return lines + ([said] if said else [])


def unread_notes(cmp: K.Comparison, run: Mapping[str, Any] | None) -> list[Unread]:
    """For each variant whose every changed rule key no bot of the line-up reads
    (GameSpec.unread_keys), the caveat: its play is the same as the first variant's, only the
    points differ. Empty otherwise, and without a line-up."""
    lineup = list((run or {}).get("lineup") or [])
    out = []
    for base, other, changes in cmp.changes:
        where = "both drafts" if len(cmp.labels) == 2 else f"{base} and {other}"
        note = unread_in(cmp.game, lineup, [c.path for c in changes], where)
        if note is not None:
            out.append(note)
    return out


def _level(cmp: K.Comparison) -> str:
    """The differences' intervals are at 1 − --alpha (95% by default): as tested, not always 95%."""
    return f"{round((1 - cmp.settings.alpha) * 100, 6):g}%"


def interval_header(cmp: K.Comparison) -> str:
    return f"{_level(cmp)} interval (unadjusted)"


def holm_family(cmp: K.Comparison) -> str:
    """Holm's family in words: '281 distinct tests of this compare, one family for the metrics of
    all 2 variants against draft5'. One family spans every variant of the compare (a third draft
    changes the second's p-values), where the outputs said only 'the 281 distinct tests'."""
    tested = int((cmp.differences[K.TEST] == "tested").sum())
    others = cmp.labels[1:]
    whose = (f"{others[0]}'s metrics" if len(others) == 1 else f"the metrics of all {len(others)} variants")
    return f"{tested} distinct tests of this compare, one family for {whose} against {cmp.labels[0]}"


def files_text(run: dict[str, Any], code: Callable[[str], str] = str) -> str:
    """'Variants: draft = a/draft.yaml, draft#2 = b/draft.yaml. ' when two variants' files share a
    name (`unique_labels` numbers the second): the verdict's "draft#2 is 11.78 points lower than
    draft" named no file in the terminal or the Markdown; '' otherwise (a label is its file's name).
    `code`: a path as its format writes code (the Markdown's backticks; the page's showed them)."""
    files = run.get("variants") or []
    stems = [Path(str(v.get("path", ""))).stem for v in files]
    if len(set(stems)) == len(stems):
        return ""
    return "Variants: " + ", ".join(f"{v.get('label')} = {code(str(v.get('path')))}" for v in files) + ". "


def settings_line(cmp: K.Comparison, run: dict[str, Any], code: Callable[[str], str] = str) -> str:
    s = cmp.settings
    seeds = run.get("seeds") or []
    crn = "same seed for every variant (common random numbers)" if len(set(seeds)) <= 1 else f"seeds {', '.join(map(str, seeds))} (independent)"
    return (f"{files_text(run, code)}{cmp.games} games per variant · {run.get('players')} players · bots {','.join(run.get('lineup') or [])} · "
            f"{crn}. Differences: paired jackknife over {cmp.replicates.k} blocks of games, "
            f"{_level(cmp)} intervals, "
            f"p-values Holm-adjusted over the {holm_family(cmp)} "
            f"(metrics with one value in every game of both, and duplicates, are not counted); "
            f"★ = significant at α = {s.alpha:g} and at least {s.min_effect * 100:g} percentage points (rates) or "
            f"{s.min_rel_effect * 100:g}% (other metrics).")


def _md_cell(text: str) -> str:
    """A Markdown table cell from text a designer wrote (a gate's name, a group, a variant's
    label): a '|' added a cell to the row, and a name over two lines cut the row in two."""
    # Every line break, not only '\n': Markdown ends a line at a '\r' too (a name written as
    # "length\rrounds" in double quotes cut the row as a block scalar's '\n' did).
    return " ".join(text.splitlines()).strip().replace("|", "\\|")


def compare_markdown(cmp: K.Comparison, run: dict[str, Any], *, only_tested: bool = False) -> str:
    labels = cmp.labels
    verdict = verdict_lines(cmp, run)
    out = [f"## Comparison: {' vs '.join(labels)}", "", "### Verdict", "", verdict[0], ""]
    out += [f"- ★ {line}" for line in verdict[1:]] + ([""] if len(verdict) > 1 else [])
    out += [line for note in unread_notes(cmp, run) for line in (f"> {note.text()}", "")]
    out += [f"> ⚠️ {few}", ""] if (few := few_games_line(cmp.games)) else []
    out += ["### Rule changes", "", "```"]
    out += changes_lines(cmp, run) or ["(one variant)"]
    out += ["```", ""]
    if off := switched_off_lines(cmp):
        out += [f"### {OFF_HEADING}", "", *(f"- {line}" for line in off), ""]
    out += [settings_line(cmp, run, lambda path: f"`{path}`"), "", CALIBRATION_NOTE, ""]
    head = ["metric", "group", *labels]
    for label in labels[1:]:
        head += [f"{label} − {labels[0]}", interval_header(cmp), "p (Holm)", ""]
    out += ["### Every metric", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in wide_rows(cmp):
        m = row["metric"]
        diffs = [row["differences"][lb] for lb in labels[1:]]
        if only_tested and all(d is None or d[C.P_VALUE] is None for d in diffs):
            continue
        cells = [metric_title(m, cmp.declared), cmp.label(row["group"])]
        cells += [value_cell(row, lb, cmp.declared) for lb in labels]
        for d in diffs:
            if d is None:
                cells += ["–", "", "", ""]
                continue
            cells += [fmt_diff(d[C.ESTIMATE], m, cmp.declared), fmt_diff_ci(d[C.CI_LOW], d[C.CI_HIGH], m, cmp.declared),
                      F.p_value(d[K.P_HOLM]) or untested_text(d), "★" if d[K.NOTABLE] else ""]
        out.append("| " + " | ".join(map(_md_cell, cells)) + " |")
    return "\n".join(out) + "\n"


CALIBRATION_NOTE = ("How often these intervals cover and these tests raise false alarms is measured in "
                    "docs/calibration.md of playtest's source (`make calibrate`).")


def untested_text(d: dict[str, Any]) -> str:
    """Why a difference has no p-value, in words."""
    test = d.get(K.TEST) or "not tested"
    if test == K.ONE_VALUE_EACH or test.startswith(K.OFF_IN):
        return test
    return K.ONE_VALUE_BOTH if test == K.ONE_VALUE_BOTH else (
        # Equal in every block of games, not proof that the games were the same: a draft that
        # ends some games later can leave every game's winner where it was.
        "equal in every game" if test == "identical" else ("not tested" if not test.startswith("same as") else test))


def compare_json(cmp: K.Comparison, run: dict[str, Any]) -> str:
    doc = {
        "kind": "playtest-comparison",
        "version": 1,
        "variants": list(cmp.labels),
        "run": run,
        "settings": {"alpha": cmp.settings.alpha, "min_effect": cmp.settings.min_effect,
                     "min_rel_effect": cmp.settings.min_rel_effect, "blocks": cmp.replicates.k,
                     "method": "paired delete-a-group jackknife over games; t intervals on effective degrees of "
                               f"freedom; Holm over the {holm_family(cmp)} (the distinct, non-constant tests: "
                               "column `test`)",
                     "calibration": "docs/calibration.md"},
        "changes": [{"base": b, "variant": o, "changes": [c.as_dict() for c in cs]} for b, o, cs in cmp.changes],
        "games": cmp.games,
        "verdict": verdict_lines(cmp, run),
        "few_games": few_games_line(cmp.games),
        "unread": [note.as_dict() for note in unread_notes(cmp, run)],
        "switched_off": {label: [off_dict(o) for o in offs] for label, offs in zip(cmp.labels, cmp.switched_off,
                                                                                    strict=True)},
        "values": _records(cmp.values),
        "differences": _records(cmp.differences),
        "names": cmp.names,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str)


def _named_groups(table: pl.DataFrame, label: Callable[[str], str]) -> pl.DataFrame:
    """`table` with each group as `label` writes it, for a chart's axis and legend."""
    groups = [str(g) for g in table[C.GROUP].unique().to_list() if g is not None]
    return table.with_columns(pl.col(C.GROUP).cast(pl.String).replace({g: label(g) for g in groups}))


LEGEND_ROW_PX = 400
"""Variant names wider than this together go one under another in a compare chart's legend (a
row of them ran past the card; the plot is 360 px wide): a label about 6 px a character (12 px a
wide one, `cells`: three drafts' file names of 11 Japanese characters each, counted 6 px a
character, stood in a row about 420 px wide), and about 30 px for its symbol and the gap to the
next (eight names of 6 characters do not fit)."""


def _variant_legend(labels: tuple[str, ...]) -> alt.Legend:
    """The variants' legend above the plot: in a row while the names fit, else one a line."""
    if sum(6 * cells(label) + 30 for label in labels) <= LEGEND_ROW_PX:
        return alt.Legend(orient="top", direction="horizontal")
    return alt.Legend(orient="top", direction="vertical", columns=1, labelLimit=560)


@vega_spec
def _overlay_chart(df: pl.DataFrame, metric: str, labels: tuple[str, ...],
                   declared: MetricInfos | None = None) -> alt.TopLevelMixin:
    k = _kind(metric, declared)
    fmt = ".0%" if k in ("rate", "diff") else ",.2~f"
    data = _records(df.select(C.GROUP, K.VARIANT, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N))
    order = list(dict.fromkeys(r[C.GROUP] for r in data))
    # Both axes say what they show, as the report's charts do (charts.value_title, rows_title):
    # untitled, '0.5 1 1.5' left rebids, points and shares to guess.
    base = alt.Chart(chart_rows(data)).encode(
        y=alt.Y(f"{C.GROUP}:N", sort=order, title=rows_title(order, metric, declared), axis=alt.Axis(labelLimit=200)),
        yOffset=alt.YOffset(f"{K.VARIANT}:N", sort=list(labels)),
        # The legend above the plot, not beside it: beside long group names (New Frontiers' 'color
        # none (no good)') it ran past the chart's box, cut to 'senat', 'world', 'trigge'. Long
        # variant names (three drafts' file names of ~35 characters) one under another, whole: in
        # a row they ran past the card and scrolled.
        color=alt.Color(f"{K.VARIANT}:N", sort=list(labels), title="variant", legend=_variant_legend(labels)))
    x = alt.X(f"{C.CI_LOW}:Q", title=value_title(metric, declared), axis=alt.Axis(format=axis_format(k)),
              scale=alt.Scale(zero=k == "rate"))
    rules = base.mark_rule(strokeWidth=2).encode(x=x, x2=alt.X2(f"{C.CI_HIGH}:Q"))
    dots = base.mark_point(filled=True, size=50).encode(
        x=alt.X(f"{C.ESTIMATE}:Q"),
        tooltip=[alt.Tooltip(f"{K.VARIANT}:N"), alt.Tooltip(f"{C.GROUP}:N"),
                 alt.Tooltip(f"{C.ESTIMATE}:Q", format=fmt), alt.Tooltip(f"{C.CI_LOW}:Q", format=fmt),
                 alt.Tooltip(f"{C.CI_HIGH}:Q", format=fmt), alt.Tooltip(f"{C.N}:Q")])
    height = max(60, 14 * len(order) * len(labels))
    return layer(rules, dots, width=360, height=height)


def _score_chart_rows(cmp: K.Comparison, part: pl.DataFrame,
                      row_defs: dict[tuple[str, str], str]) -> tuple[pl.DataFrame, str]:
    """The rows of the mean-score chart and the sentence under it: the totals (all players, each
    seat, each bot), and beside them every score part with a notable difference when they fit
    (MAX_CHART_GROUPS). The chart of the totals alone was captioned with the first row's
    definition, "part 'rounds' (all players)", and left out the notable rows it was shown for:
    a rule that moved part 'rounds' by +0.49 points and the total by -0.06 drew two overlapping
    totals under "Charts of the notable differences"."""
    def score_part(group: str) -> str:
        return group.rsplit(" / ", 1)[-1]

    notable = cmp.differences.filter(pl.col(K.NOTABLE) & (pl.col(C.METRIC) == "score_mean"))[C.GROUP].to_list()
    parts = ["total", *dict.fromkeys(p for p in map(score_part, notable) if p != "total")]
    rows = part.filter(pl.col(C.GROUP).map_elements(score_part, return_dtype=pl.String).is_in(parts))
    if rows[C.GROUP].n_unique() > MAX_CHART_GROUPS:
        parts, rows = ["total"], part.filter(pl.col(C.GROUP).str.ends_with("/ total"))
    first = row_defs.get(("score_mean", "all / total"), "")
    shown = "total score" if parts == ["total"] else "total score and " + ", ".join(f"score part '{p}'" for p in parts[1:])
    definition = (first.replace("total score", shown, 1).replace("(all players)", "(all players, each seat and each bot)", 1)
                  if first else "")
    return rows, definition


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
    changes = "".join(f"<li>{e(line.strip())}</li>" for line in changes_lines(cmp, run))
    off = "".join(f"<li>{e(line)}</li>" for line in switched_off_lines(cmp))
    defs = dict(cmp.differences.select(C.METRIC, C.DEFINITION).unique(C.METRIC).iter_rows())
    row_defs = {(m, g): d for m, g, d in cmp.differences.select(C.METRIC, C.GROUP, C.DEFINITION).iter_rows()}
    constant = _cannot_differ(cmp)
    notable_metrics = list(dict.fromkeys(cmp.differences.filter(pl.col(K.NOTABLE))[C.METRIC].to_list()))
    first: list[tuple[str, str, dict[str, Any]]] = []  # (title, definition, spec) as _figures takes them
    rest: list[tuple[str, str, dict[str, Any]]] = []
    for (metric,), part in cmp.values.group_by([C.METRIC], maintain_order=True):
        metric = str(metric)
        if metric in constant:
            continue  # cannot differ between variants: nothing to see
        if not has_interval(part):
            # No row has an interval (Bays' 2 cubes a pick in draft5, off in the drafts beside
            # it): a lone dot, and Vega warned of an infinite extent in the console. The report
            # leaves such a chart out too (charts.build_charts); the table keeps the values.
            continue
        # A metric's groups may each have their own definition (Oh-Seven's exact_rate: by bid,
        # by bot, by place in the bidding order, highest bidder): the chart draws them all, and
        # its caption gives each once, not the first group's for every row.
        definition = " ".join(dict.fromkeys(row_defs.get((metric, g)) or defs.get(metric, "")
                                            for g in part[C.GROUP].to_list())) or defs.get(metric, "")
        if metric == "score_mean":
            part, definition = _score_chart_rows(cmp, part, row_defs)
        elif metric.startswith("score_"):
            continue  # sd and quantiles: in the table
        if part[C.GROUP].n_unique() > MAX_CHART_GROUPS:
            continue
        part = _named_groups(part, cmp.label)
        chart = (metric_title(metric, cmp.declared), definition,
                 _overlay_chart(part, metric, labels, cmp.declared))
        (first if metric in notable_metrics else rest).append(chart)
    first.sort(key=lambda c: [metric_title(m, cmp.declared) for m in notable_metrics].index(c[0]))
    head = "<tr><th>metric</th><th>group</th>" + "".join(f"<th class=num>{e(lb)}</th>" for lb in labels)
    for lb in labels[1:]:
        head += f"<th class=num>{e(lb)} − {e(labels[0])}</th><th class=num>{e(interval_header(cmp))}</th><th class=num>p (Holm)</th><th></th>"
    rows = []
    for row in wide_rows(cmp):
        m = row["metric"]
        cells = f"<td title=\"{e(m)}: {e(row_defs.get((m, row['group'])) or defs.get(m, ''))}\">{e(metric_title(m, cmp.declared))}</td><td>{e(cmp.label(row['group']))}</td>"
        for lb in labels:
            cells += f"<td class=num>{e(value_cell(row, lb, cmp.declared))}</td>"
        notable = False
        for lb in labels[1:]:
            d = row["differences"][lb]
            if d is None:
                cells += "<td class=num>–</td><td></td><td></td><td></td>"
                continue
            notable = notable or bool(d[K.NOTABLE])
            cells += (f"<td class=num>{e(fmt_diff(d[C.ESTIMATE], m, cmp.declared))}</td>"
                      f"<td class=num>{e(fmt_diff_ci(d[C.CI_LOW], d[C.CI_HIGH], m, cmp.declared))}</td>"
                      f"<td class=num>{e(F.p_value(d[K.P_HOLM]) or untested_text(d))}</td><td>{'★' if d[K.NOTABLE] else ''}</td>")
        rows.append(f"<tr class=\"{'notable' if notable else ''}\">{cells}</tr>")
    verdict = verdict_lines(cmp, run)
    items = "".join(f"<li>★ {e(line)}</li>" for line in verdict[1:])
    body = (f"<h2>Verdict</h2><p class=\"headline\">{e(verdict[0])}</p>" + (f"<ul>{items}</ul>" if items else "")
            + "".join(f"<p class=\"note\">{e(note.text())}</p>" for note in unread_notes(cmp, run))
            + (f"<p class=\"note\">{e(few)}</p>" if (few := few_games_line(cmp.games)) else "")
            + (f"<h2>Charts of the notable differences</h2>{_figures(first, specs)}" if first else "")
            + f"<h2>Rule changes</h2><ul class=\"changes\">{changes or '<li>(one variant)</li>'}</ul>"
            + (f"<h2>{e(OFF_HEADING)}</h2><ul class=\"changes\">{off}</ul>" if off else "")
            + f"<p class=\"def\">{e(settings_line(cmp, run))}</p>"
            f"<p class=\"def\">{e(CALIBRATION_NOTE)}</p>"
            f"<p class=\"def\">Command: <code>{e(run.get('command', ''))}</code></p>"
            f"<h2>{'Other charts' if first else 'Charts'}</h2><p class=\"def\">Each variant's value with its 95% "
            f"interval, overlaid; metrics that cannot differ between the variants are left out.</p>"
            f"{_figures(rest, specs)}"
            f"<h2>Every metric</h2><table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>")
    return _page(f"Comparison — {' vs '.join(labels)}", body, specs)


# --- gates --------------------------------------------------------------------------------------


def _looks_text(info: dict[str, Any]) -> str:
    """'3 looks', or 'decided at look 2 of 3' when the run stopped early: the planned looks set
    each look's share of α (Bonferroni), the played ones the games."""
    planned, played = info["looks"], info.get("looks_played", info["looks"])
    if played < planned:
        return f"decided at look {played} of {planned}"
    return f"{planned} look{'s' if planned != 1 else ''}"


def _more_games(info: dict[str, Any]) -> str:
    """An undecided summary's next step: play on with `--until-decided`, or, where it ran out of
    games, raise its `--max-games`. The summary said only "the games played cannot decide every
    gate", and its footer "(more games needed)", naming neither option."""
    if info.get("max_games") is None:
        return (f"More games may decide it: `--until-decided` plays {info['games']}, then twice as many, and so on up "
                "to `--max-games` (or `run.max_games` of the gates file), stopping as soon as the verdict is known.")
    return (f"More games may decide it: `--until-decided` played up to its `--max-games`, {info['max_games']}; raise "
            "that (or `run.max_games` of the gates file) to play more.")


def gates_markdown(results: list[GateResult], status: str, info: dict[str, Any],
                   labels: Callable[[str], str] | None = None) -> str:
    """diff's summary. `labels`: a group as the reports show it (report.model.label_of): the shown
    component reads 'Galactic Senate (d15)' where compare names the development, not 'd15' alone."""
    head = {PASS: "✅ **All gates hold**", FAIL: "❌ **A gate fails**", "undecided": "⚠️ **Undecided**: the games played cannot decide every gate"}[status]
    # The bots in the heading too: a PR comment's verdict is what these bots found (once only in the footer).
    out = [f"### playtest diff: `{info['candidate']}` against `{info['base']}`, bots {','.join(info['lineup'])}", "",
           head, ""]
    if status == "undecided":  # what to do, in the comment a designer reads (the exit code only said 3)
        out += [_more_games(info), ""]
    out += [f"> {info['unread']['text']}", ""] if info.get("unread") else []
    if info.get("same_games") and any(r.spec.of == "change" for r in results):
        out += ["> note: the candidate changes no rule of the base and both played the same seed: the very same "
                "games, so every `change` gate reads +0.0 by construction, not by evidence (a new draft checked "
                "against itself, or a draft checked for its changed gates file: only the other gates say anything).", ""]
    out += ["| | gate | shown | estimate | bounds | limit |", "|---|---|---|---:|---:|---|"]
    for r in results:
        m, dec = r.spec.metric, r.declared
        val = fmt_diff if r.spec.of in ("change", "spread") else fmt_value
        counted = r.spec.with_unit  # a count's or mean's numbers say what they count ('4.55 rounds')
        bounds = "" if math.isnan(r.low) else counted(f"{val(r.low, m, dec)} … {val(r.high, m, dec)}", dec)
        if r.status in ("undecided", FAIL) and not math.isnan(r.fail_low):
            # Bounds beyond a limit and yet undecided read as a contradiction without this; a failing
            # row showed only the pass bounds, not the stricter ones its failure was decided on (h270).
            level = "to fail" if r.status == "undecided" else "failed at"
            bounds += f" ({level}: {counted(f'{val(r.fail_low, m, dec)} … {val(r.fail_high, m, dec)}', dec)})"
        named = r.label if labels is None else " − ".join(map(labels, r.pair)) if r.pair else labels(r.label)
        shown = f"{named} ({r.label})" if named != r.label else r.label
        out.append(f"| {MARK[r.status]} | {_md_cell(r.spec.title(dec))} | {_md_cell(shown)} | "
                   f"{counted(val(r.estimate, m, dec), dec)} | "
                   f"{bounds} | {r.spec.of} {r.spec.limit_text(dec)} |")
    out += ["", "Rule changes:", "", "```"]
    out += [str(c) for c in info["changes"]] or ["(none)"]
    # In the block, as compare's Markdown has it: the --set is the designer's own text, which
    # the PR comment read as Markdown ('--set name=*draft*' in italics, '|' and '<b>' as written).
    said = set_line(info.get("set"), "both variants")
    out += [said] if said else []
    out += ["```", ""]
    out.append(f"{info['games']} games per variant ({_looks_text(info)}"
               f"{', max ' + str(info['max_games']) if info.get('max_games') else ''}), {info['players']} players, "
               f"bots {','.join(info['lineup'])}, {_seed_text(info['seed'])}, confidence {info['confidence']:g}. "
               f"Bounds are one-sided {info['confidence']:g}-confidence bounds of the component shown (the one "
               f"nearest its limit), split over looks (Bonferroni); a gate fails only when its stricter bounds "
               f"(the level split over every test that can fail as well, 'to fail' on an undecided gate, 'failed at' on a failing one) lie "
               f"beyond a limit; paired jackknife over games.")
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


def sweep_settings_line(run: dict[str, Any]) -> str:
    """What every number of a sweep came from: games, players, the bots, the seed; and which point
    is the draft as written (`sweep_as_written`)."""
    return (f"{run['games']} games per point · {run['players']} players · bots {','.join(run['lineup'])} · "
            f"seed {run['seed']} for every point (the same deals and bot dice). Each cell: estimate [95% interval]."
            + (f" {said}" if (said := sweep_as_written(run)) else ""))


def sweep_as_written(run: Mapping[str, Any]) -> str:
    """'The draft as written is the point crews.bays.time=1.', or 'No point is the draft as written
    (crews.bays.time=1).' ('' for a sweep.json written before `as_written`)."""
    found = run.get("as_written")
    if not found:
        return ""
    if found.get("point"):
        return f"The draft as written is the point {found['point']}."
    values = ", ".join(f"{k}={v}" for k, v in found.get("values", {}).items())
    return f"No point is the draft as written ({values})."


SWEEP_BLANK = ("A cell without brackets has no 95% interval: its value is the same in every game of that point, "
               "or fewer than 2 games hold it.")
"""Said under a sweep's tables when a cell shows an estimate alone ('7.00' for a game length the
rules fix), under 'Each cell: estimate [95% interval]' (review h270)."""


def sweep_blank(cells: Iterable[str]) -> bool:
    """Whether a sweep table's `cells` (`sweep_cell`'s texts) hold an estimate without its interval."""
    return any(c not in ("off", "–") and not c.endswith("]") for c in cells)


def sweep_cell(r: dict[str, Any] | None, metric: str, group: str, offs: Sequence[Off],
               declared: MetricInfos | None = None) -> str:
    """One point's value of a sweep table: 'estimate [interval]', 'off' where the point's variant
    switches the row off, '–' where it has no value (`declared`: the game's GameSpec.metric_info)."""
    if r is None:
        return "off" if off_for(offs, metric, group) is not None else "–"
    ci = F.interval(r[C.CI_LOW], r[C.CI_HIGH], _kind(metric, declared))
    return f"{fmt_value(r[C.ESTIMATE], metric, declared)}" + (f" [{ci}]" if ci else "")


def sweep_off_lines(offs: Mapping[str, Sequence[Off]]) -> list[str]:
    """What each grid point switches off (label → its Offs), for the sweep's outputs; once for
    what every point switches off. Empty when nothing is."""
    return _off_lines(offs, "at every point", "at")


SWEEP_OFF_HEADING = "Switched off (not measured: rows left out, or 'off' at the points that switch them off)"
"""As compare's OFF_HEADING: what every point switches off has no row at all (New Frontiers' goals
rows without the goals option), which the heading's "'off' in the tables" did not say."""


def sweep_unread(run: Mapping[str, Any]) -> Unread | None:
    """The caveat when no bot of the sweep's line-up reads any swept key (GameSpec.unread_keys):
    every point then plays the very same games, and only the scoring of them differs."""
    return unread_in(run.get("game"), run.get("lineup", ()), [a["key"] for a in run.get("axes", ())], "every point")


def sweep_markdown(table: pl.DataFrame, metrics: list[str], labels: list[str], run: dict[str, Any],
                   offs: Mapping[str, Sequence[Off]] | None = None, declared: MetricInfos | None = None,
                   label: Callable[[str], str] = str) -> str:
    """`label`: a group as the variant names it (report.model.label_of)."""
    from playtest.compare.sweep import POINT

    offs = offs or {}
    out = [f"## Sweep of {run['variant']}", "", sweep_settings_line(run), ""]
    out += [f"> {note.text()}", ""] if (note := sweep_unread(run)) else []
    if off := sweep_off_lines(offs):
        out += [f"{SWEEP_OFF_HEADING}:", "", *(f"- {line}" for line in off), ""]
    shown: list[str] = []
    for m in metrics:
        part = table.filter(pl.col(C.METRIC) == m)
        groups = list(dict.fromkeys(part[C.GROUP].to_list()))
        cells = {(r[POINT], r[C.GROUP]): r for r in part.iter_rows(named=True)}
        out += [f"### {metric_title(m, declared)} (`{m}`)", "", "| group | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(labels)]
        for g in groups:
            row = [sweep_cell(cells.get((lb, g)), m, g, offs.get(lb, ()), declared) for lb in labels]
            shown += row
            out.append("| " + " | ".join([label(g), *row]) + " |")
        out.append("")
    out += [SWEEP_BLANK, ""] if sweep_blank(shown) else []
    return "\n".join(out)


def sweep_title(metric: str, declared: MetricInfos | None = None) -> str:
    """A sweep table's heading: the metric in words, as `compare` titles it, then its id, the name
    `--metric` and a goal's `metric:` take (the headings were the bare ids, e.g.
    'margin_of_victory_median'; the Markdown puts the id in backticks)."""
    return f"{metric_title(metric, declared)} ({metric})"


def sweep_json(table: pl.DataFrame, metrics: list[str], run: dict[str, Any],
               offs: Mapping[str, Sequence[Off]] | None = None) -> str:
    doc = {"kind": "playtest-sweep", "version": 1, "run": run, "key_metrics": metrics,
           "unread": note.as_dict() if (note := sweep_unread(run)) else None,
           "switched_off": {label: [off_dict(o) for o in mine] for label, mine in (offs or {}).items()},
           "rows": _records(table)}
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str)


SWEEP_WIDTH = 320


@vega_spec
def _sweep_chart(part: pl.DataFrame, metric: str, x_key: str, x_order: list[str], facet: str | None,
                 declared: MetricInfos | None = None) -> alt.TopLevelMixin:
    k = _kind(metric, declared)
    fmt = ".0%" if k in ("rate", "diff") else ",.2~f"
    cols = [x_key, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N] + ([facet] if facet else [])
    data = _records(part.select(cols).rename({x_key: "x"}))
    groups = list(dict.fromkeys(str(r[C.GROUP]) for r in data))
    # The key's values read level while each fits its band (about 7 px a character, 14 for a wide
    # one: `cells` counts 'ベイス' as 6, where len counted 3 and laid such names level over
    # each other); Vega turned even '1', '2', '3' on their side. Longer values stay turned.
    level = 7 * max((cells(str(v)) for v in x_order), default=1) <= SWEEP_WIDTH / max(len(x_order), 1)
    base = alt.Chart(chart_rows(data)).encode(
        x=alt.X("x:O", sort=x_order, title=x_key, axis=alt.Axis(labelAngle=0) if level else alt.Axis()),
        color=alt.Color(f"{C.GROUP}:N", sort=groups, title=rows_title(groups, metric, declared)))  # not as text: round 10 before round 2
    # The scale's domain is given: from the error bars' ends alone Vega left the balance
    # chart's axis at 75% and cut the intervals that reached below it (helper h109's sweep).
    ends = [v for r in data for v in (r[C.CI_LOW], r[C.CI_HIGH], r[C.ESTIMATE]) if v is not None]
    scale = alt.Scale(zero=False, domain=[min(ends), max(ends)]) if ends else alt.Scale(zero=False)
    y = alt.Y(f"{C.CI_LOW}:Q", title=_titled_value(metric, declared), axis=alt.Axis(format=axis_format(k)), scale=scale)
    bands = base.mark_errorbar(ticks=True).encode(y=y, y2=alt.Y2(f"{C.CI_HIGH}:Q"))
    line = base.mark_line(point=True).encode(
        y=alt.Y(f"{C.ESTIMATE}:Q"),
        tooltip=[alt.Tooltip("x:O", title=x_key), alt.Tooltip(f"{C.GROUP}:N"), alt.Tooltip(f"{C.ESTIMATE}:Q", format=fmt),
                 alt.Tooltip(f"{C.CI_LOW}:Q", format=fmt), alt.Tooltip(f"{C.CI_HIGH}:Q", format=fmt)])
    chart = layer(bands, line, width=SWEEP_WIDTH, height=220)
    if facet:
        chart = chart.facet(column=alt.Column(f"{facet}:N", title=facet))  # its headers are the key's values
    return chart


def _titled_value(metric: str, declared: MetricInfos | None = None) -> str:
    """A sweep chart's value axis: the metric in words and, unless its title says it, what its
    numbers are ('Win rate by seat: share (%)', 'Forced rebids per round: rebids')."""
    title, what = metric_title(metric, declared), value_title(metric, declared)
    return title if what == "value" or F.says(title, what) else f"{title}: {what}"


def sweep_definitions(table: pl.DataFrame) -> dict[str, str]:
    """Each metric's definition; one per point when the points' texts differ (a definition that
    describes the rules, such as New Frontiers' compensation gold "in this variant", differs
    between points that change those rules: the first point's text was given for all)."""
    from playtest.compare.metrics import one_definition, without_report_test
    from playtest.compare.sweep import POINT

    # A metric's groups may each have their own definition (Oh-Seven's exact_rate by bid, by bot,
    # by place in the bidding order, for the highest bidder): each is given once, in the table's
    # order, not the first group's for the whole chart ("a player who bid this" for the bots).
    texts: dict[str, dict[str, dict[str, None]]] = {}
    for m, point, d in table.select(C.METRIC, POINT, C.DEFINITION).iter_rows():
        if d:  # without the report's own test ('...; p: chi-square test ...'): a sweep shows no p-value
            texts.setdefault(m, {}).setdefault(point, {}).setdefault(without_report_test(d), None)
    return {m: one_definition({p: " ".join(ds) for p, ds in by.items()}) for m, by in texts.items()}


def sweep_html(table: pl.DataFrame, metrics: list[str], keys: list[str], run: dict[str, Any],
               offs: Mapping[str, Sequence[Off]] | None = None, declared: MetricInfos | None = None,
               label: Callable[[str], str] = str) -> str:
    specs: dict[str, Any] = {}
    x_key = keys[0]
    x_order = list(dict.fromkeys(table[x_key].to_list()))
    facet = None
    if len(keys) > 1:
        facet = "other settings"
        table = table.with_columns(pl.concat_str([pl.lit(f"{k}=") + pl.col(k) for k in keys[1:]], separator=", ").alias(facet))
    defs = sweep_definitions(table)
    named = _named_groups(table, label)
    # A metric with no interval at any point (the win rate of a line-up's one bot: 1/P by
    # construction) is a flat line that says nothing; as the report and compare do, no chart
    # for it (the table keeps it).
    drawn = [m for m in metrics if has_interval(table.filter(pl.col(C.METRIC) == m))]
    charts = [(sweep_title(m, declared), defs.get(m, ""), _sweep_chart(named.filter(pl.col(C.METRIC) == m), m, x_key, x_order, facet,
                                                declared))
              for m in drawn]
    md = sweep_markdown(table, metrics, list(dict.fromkeys(table["point"].to_list())), run, offs, declared, label)
    body = (f"<p class=\"def\">{run['games']} games per point · {e(run['players'])} players · bots "
            f"{e(','.join(run['lineup']))} · seed {e(run['seed'])} for every point. {e(sweep_as_written(run))} "
            f"Command: <code>{e(run.get('command', ''))}</code></p>"
            + (f"<p class=\"note\">{e(note.text())}</p>" if (note := sweep_unread(run)) else "")
            + f"<h2>Key metrics against {e(x_key)}</h2><p class=\"def\">Estimates with their 95% intervals.</p>"
            f"{_figures(charts, specs)}<h2>Table</h2><pre>{e(md)}</pre>")
    return _page(f"Sweep — {run['variant']}", body, specs)


def _seed_text(seed: Any) -> str:
    if isinstance(seed, str) and "," in seed:
        return f"seeds {seed} (independent games)"
    return f"seed {seed} for both (common random numbers)"
