"""The ladder document: per-rung metrics, skill tests with plain sentences, strength and ratings.

`build_ladder(runs)` turns played runs into a `Ladder`; `to_dict()` is the JSON document and the
Markdown and HTML renderers (playtest.report.ladder_*) read the same object.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import polars as pl

from playtest import __version__
from playtest.analysis import columns as C
from playtest.analysis.metrics import metric_info
from playtest.analysis.offs import switched_off
from playtest.compare.jackknife import DEFAULT_BLOCKS
from playtest.core.spec import MetricInfos, Off
from playtest.errors import UsageError
from playtest.ladder import skill, strength
from playtest.ladder.runs import LadderRuns
from playtest.report import format as F
from playtest.report.model import label_of, off_dict, run_summary, variant_names
from playtest.search.names import is_search_name
from playtest.search.names import parse as parse_search

SCHEMA_ID = "playtest-ladder"
SCHEMA_VERSION = 1
FEW_GAMES = 100
"""Below this many games per rung the report warns that its skill tests are rough."""

TITLES = {
    "win_rate_by_seat": "{g} win rate",
    "first_player_advantage": "seat 1's advantage",
    "balance": "seat balance",
    "game_length_rounds": "game length (rounds)",
    "game_length_turns": "game length (turns)",
    "game_length_share": "share of games lasting {g}",
    "score_mean": "mean {g} score per player",
    "score_sd": "spread (sd) of the {g} score",
    "margin_of_victory": "winning margin",
    "margin_of_victory_median": "median winning margin",
    "tie_rate": "shared-win rate",
    "points_tie_rate": "points-tie rate",
    "leader_after_round_wins": "win rate of the leader after {g}",
}
"""The ladder's phrases of the metrics every game's report has, `{g}` standing for the row's
group; a game's own metrics have theirs in its GameSpec.metric_info (`MetricInfo.phrase`)."""


def labeller(resolved: Mapping[str, Any]) -> Any:
    """id → 'ja en' as the variant names it (two-level groups part by part: report.model.label_of)."""
    names = variant_names(resolved)
    return lambda ident: label_of(names, ident)


def describe(metric: str, group: str, label: Any, declared: MetricInfos | None = None) -> str:
    """The row in words for a sentence: the metric's phrase (TITLES, or its game's
    `MetricInfo.phrase` in `declared`) with the group's label for `{g}`; a game's metric with a
    title but no phrase reads as its title, as `compare` shows it (Oh-Seven's rebid rows read
    'share rebids (0 rebids)' and 'rebids mean (mean per round)', the ids with spaces). A group the
    game words otherwise (`MetricInfo.group_words`) reads as it says."""
    g = label(group.removeprefix("all / ")) if group else ""
    if metric.startswith("score_"):  # a score part's id in words: 'mean rebid bonus score', not 'rebid_bonus'
        g = g.replace("_", " ")
    own = declared.get(metric) if declared else None
    g = own.group_words.get(group, g) if own is not None else g  # (the id stays the row's group)
    template = own.phrase if own is not None and own.phrase else TITLES.get(metric)
    if not template and own is not None and own.title:
        title = own.title
        template = title[:1].lower() + title[1:] if title[1:2].islower() else title
    if template and g in ("", "all"):
        template = template.replace(" ({g})", "")
    if template:
        text = template.format(g=g)
        return text if "{g}" in template or not g or g == "all" else f"{text} ({g})"
    base = metric.replace("_", " ")
    return f"{base} ({g})" if g and g != "all" else base


def sentence(title: str, metric: str, values: list[tuple[str, float]], p_holm: float, note: str | None = None,
             declared: MetricInfos | None = None) -> str:
    """'Bays first-pick rate rises from 0.0% (greedy) to 41.0% (mcts:1000)' — monotone changes
    as rises/falls, others listing every rung (`declared`: the game's metric_info, for kinds)."""
    k = F.kind(metric, declared)
    # Each number with what it counts, unless the title says it ('Game length (rounds)'): 'Mean
    # total score per player changes with skill: -12.44 (random), 5.40 (heuristic)' left points to guess
    unit = F.unit(metric, declared)
    unit = f" {unit}" if unit and not F.says(title, unit) else ""
    shown = [(r, F.value(v, k) + unit) for r, v in values]
    xs = [v for _, v in values]
    p = note if skill.is_set_by_bots(note) else f"Holm-adjusted p {F.p_value(p_holm)}"
    title = title[0].upper() + title[1:]
    if all(b > a for a, b in itertools.pairwise(xs)) or all(b < a for a, b in itertools.pairwise(xs)):
        word = "rises" if xs[-1] > xs[0] else "falls"
        middle = f" (through {', '.join(f'{v} ({r})' for r, v in shown[1:-1])})" if len(shown) > 2 else ""
        return f"{title} {word} from {shown[0][1]} ({shown[0][0]}) to {shown[-1][1]} ({shown[-1][0]}){middle}; {p}."
    return f"{title} changes with skill: {', '.join(f'{v} ({r})' for r, v in shown)}; {p}."


@dataclass(frozen=True)
class Ladder:
    run: dict[str, Any]
    rungs: tuple[str, ...]
    values: pl.DataFrame
    """Every ladder metric per rung (metric table + 'rung')."""
    tests: pl.DataFrame
    """Per (metric, group): p, Holm p, changes, note, title, sentence."""
    strength: pl.DataFrame
    ratings: pl.DataFrame
    skill_matters: list[str]
    names: dict[str, dict[str, str]]
    warnings: tuple[str, ...] = ()
    generated_by: str = field(default=f"playtest {__version__}")
    switched_off: tuple[Off, ...] = ()
    """What the variant switches off: its rows are in no rung (analysis/offs.py)."""

    @cached_property
    def declared(self) -> MetricInfos:
        """What the run's game declares about its own metrics (GameSpec.metric_info)."""
        return metric_info(self.run)

    def changed(self) -> pl.DataFrame:
        return self.tests.filter(pl.col(skill.CHANGES)).sort(skill.P_HOLM)

    def to_dict(self) -> dict[str, Any]:
        def rows(df: pl.DataFrame) -> list[dict[str, Any]]:
            return [{k: json_safe(v) for k, v in r.items()} for r in df.iter_rows(named=True)]
        metrics = []
        for row in self.tests.iter_rows(named=True):
            vals = self.values.filter((pl.col(C.METRIC) == row[C.METRIC]) & (pl.col(C.GROUP) == row[C.GROUP]))
            metrics.append({k: json_safe(v) for k, v in row.items()}
                           | {"by_rung": rows(vals.select(skill.RUNG, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N)),
                              "definition": vals[C.DEFINITION][0] if vals.height else None})
        return json_safe({"schema": SCHEMA_ID, "schema_version": SCHEMA_VERSION, "generated_by": self.generated_by,
                "run": self.run, "rungs": list(self.rungs), "warnings": list(self.warnings),
                "skill_matters": self.skill_matters,
                "strength": rows(self.strength), "ratings": rows(self.ratings),
                "changes_with_skill": [r[skill.SENTENCE] for r in self.changed().iter_rows(named=True)],
                "switched_off": [off_dict(o) for o in self.switched_off],
                "metrics": metrics})


RATIO_SHOWN = 100.0
"""Above this a ratio's upper bound is shown as "over 100": the bound divides by the lower rate's
lower bound, near 0 in a few games ("5.0× as often per seat [0.3, 28870.7]" in 6 games)."""


def times(v: float | None) -> str:
    """A ratio as "2.3", "∞" (unbounded) or "–" (undefined)."""
    return "–" if v is None or math.isnan(v) else ("∞" if math.isinf(v) else f"{v:.1f}")


def times_high(v: float | None) -> str:
    """A ratio's upper bound as `times`, "over 100" above RATIO_SHOWN (the JSON keeps the number)."""
    return f"over {RATIO_SHOWN:.0f}" if v is not None and math.isfinite(v) and v > RATIO_SHOWN else times(v)


def json_safe(v: Any) -> Any:
    """NaN and ±inf → None, in nested dicts and lists too: the JSON stays valid JSON."""
    if isinstance(v, dict):
        return {k: json_safe(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [json_safe(x) for x in v]
    return None if isinstance(v, float) and not math.isfinite(v) else v


def strength_verdict(r: dict[str, Any]) -> str:
    """How a rung compares with the one below it. Wins decide first; when the win-rate gap is
    not conclusive (few games, rare wins) a score gap per seat whose interval excludes 0 still
    tells the direction, so a rung that measurably scores less is called weaker (the rungs are
    out of order), not a saturated ladder. Either test can make a claim, so head_to_head gives
    both intervals at 97.5% (strength.VERDICT_CONFIDENCE, Bonferroni): 5% in all."""
    def below(key: str) -> bool:
        return r[f"{key}_high"] is not None and r[f"{key}_high"] < 0

    def above(key: str) -> bool:
        return r[f"{key}_low"] is not None and r[f"{key}_low"] > 0

    lower = r["lower"]
    budget = _budget(r.get("upper", ""))
    if above("diff"):
        return "measurably stronger"
    if below("diff"):
        return f"measurably weaker than {lower}: the rungs are out of order{_too_small(budget, lower)}"
    score = (f"score gap {F.fixed(r['score_diff'], '+.2f')} [{F.fixed(r['score_diff_low'], '+.2f')}, "
             f"{F.fixed(r['score_diff_high'], '+.2f')}] per seat (97.5%)")
    if below("score_diff"):
        return (f"measurably weaker than {lower} on score ({score}), though not on wins: the rungs are out of "
                f"order{_too_small(budget, lower)}")
    if above("score_diff"):
        return f"measurably stronger on score ({score}), not yet on wins (more games would tell)"
    if r.get("lower_win_rate") == 0 and (r.get("upper_win_rate") or 0) > 0:
        # the weaker rung won none: "the ladder saturates here" (ismcts:400 over heuristic, 8 of 8
        # games won) contradicted the line's own "the weaker rung won none of these 8 games"
        return f"not measurably stronger yet: {r['games']} games are too few to tell (more games would)"
    if budget:
        return (f"not measurably stronger: the ladder saturates here, or {budget} is too small to play better "
                f"than {lower} (a larger budget, or more games, would tell)")
    return "not measurably stronger: the ladder saturates here (or needs more games)"


def _budget(upper: str) -> str:
    """A search rung's budget in words, '' for other bots: when it did not beat the rung below it,
    the budget may be what falls short ("mcts:20 ... the ladder saturates here" read as "more skill
    changes nothing", where docs/search.md finds 50 iterations too few to tell New Frontiers'
    mcts from greedy)."""
    if not is_search_name(upper):
        return ""
    try:
        iterations = parse_search(upper).iterations
    except UsageError:
        return ""
    return f"{upper}'s budget of {iterations:,} iterations a decision"


def _too_small(budget: str, lower: str) -> str:
    return f" ({budget} may be too small to play better than {lower}: try a larger one)" if budget else ""


def unproven_rungs(table: pl.DataFrame) -> list[str]:
    """A warning per rung its games did not show stronger than the rung below it: 'What changes
    with skill' tests the rungs as different bots, and a metric that moves from greedy to mcts:20
    read as "changes with skill" where mcts:20 won fewer of their games than greedy."""
    out = []
    for r in table.iter_rows(named=True):
        if not strength_verdict(r).startswith("measurably stronger"):
            out.append(f"{r['upper']} was not shown to play better than {r['lower']} in their {r['games']} games "
                       f"(Does skill matter?): where a metric differs between {r['lower']} and {r['upper']} under "
                       "'What changes with skill', that is a difference of bots, not shown to be one of skill.")
    return out


def _sweep_bound(low: float | None) -> str:
    """After a pairing the stronger rung won outright: the least its edge can be (95%). Below 1×
    the games cannot rule out an even contest, and "at least 0.6× as often" read as an edge."""
    if not low:
        return ""
    if low > 1:
        return f" (at least {times(low)}× as often per seat)"
    return f" (too few to rule out an even contest: from {times(low)}× as often per seat)"


def skill_matters(table: pl.DataFrame, ratings: pl.DataFrame) -> list[str]:
    """Plain sentences: how much more often each rung wins than the one below it."""
    out = []
    for r in table.iter_rows(named=True):
        rate = f"{F.value(r['upper_win_rate'], 'rate')} of its seats against {F.value(r['lower_win_rate'], 'rate')}"
        ratio = (f"{r['ratio']:.1f}× as often per seat [{times(r['ratio_low'])}, {times_high(r['ratio_high'])}]"
                 if r["ratio"] is not None and math.isfinite(r["ratio"]) else
                 f"the weaker rung won none of these {r['games']} games" + _sweep_bound(r.get("ratio_low")))
        verdict = strength_verdict(r)
        seats = "seat" if r["upper_seats"] == 1 else "seats"
        out.append(f"{r['upper']} against {r['lower']} ({r['upper_seats']} {seats} to {r['lower_seats']}, "
                   f"{r['games']} games): wins {rate} — {ratio}; per-seat gap "
                   f"{F.value(r['diff'], 'diff')} [{F.value(r['diff_low'], 'diff')}, {F.value(r['diff_high'], 'diff')}] "
                   f"(97.5%): {verdict}.")
    if ratings.height >= 2 and not math.isnan(ratings["rating"][-1]):
        top, bottom = ratings.row(-1, named=True), ratings.row(0, named=True)
        gap = top["rating"] - bottom["rating"]
        if math.isinf(top["ci_high"]) and math.isfinite(top["ci_low"]):
            side = "above" if round(top["ci_low"]) >= 0 else "against"  # "at least -264 Elo above" says nothing
            out.append(f"Across the ladder (Bradley–Terry): {top['rung']} is rated at least {strength.elo_text(top['ci_low'])} Elo "
                       f"{side} {bottom['rung']} (95%), i.e. the model has {top['rung']} finish ahead of {bottom['rung']} in at least "
                       f"{100 * strength.expected_win(top['ci_low']):.0f}% of head-to-head comparisons; a rung won every "
                       "comparison against the one below it, so the games bound the gap from below only.")
        elif math.isinf(top["ci_low"]) and math.isfinite(top["ci_high"]):
            out.append(f"Across the ladder (Bradley–Terry): {top['rung']} is rated at most {strength.elo_text(top['ci_high'])} Elo "
                       f"against {bottom['rung']} (95%), i.e. the model has {top['rung']} finish ahead of {bottom['rung']} in at most "
                       f"{100 * strength.expected_win(top['ci_high']):.0f}% of head-to-head comparisons; a rung lost every "
                       "comparison against the one below it, so the games bound the gap from above only.")
        elif math.isinf(top["ci_low"]) and math.isinf(top["ci_high"]):
            # A pairing below it was won, and one lost, in every comparison: its rating is the
            # ridge's, and "rated 0 Elo above ..., ahead in 50%" would be a finding of no game.
            out.append(f"Across the ladder (Bradley–Terry): these games do not rate {top['rung']} against "
                       f"{bottom['rung']}: a rung won every comparison against the one below it and a rung lost "
                       "every one, so the games bound the gap on neither side (the strength table gives each pairing).")
        else:
            side = "above" if gap >= 0 else "below"
            # An interval that holds 0 does not place the two apart: "rated 154 Elo above random
            # (+154 [-53, +363])" read as a finding.
            apart = ("" if round(top["ci_low"]) > 0 or round(top["ci_high"]) < 0 else
                     f"; the interval holds 0, so these games do not tell {top['rung']} and {bottom['rung']} apart")
            # With two rungs the two played each other: "rungs further apart than one step never played
            # each other" said of a pairing the strength table has just given
            apart_rungs = (" (a rating's prediction: rungs further apart than one step never played each other)"
                           if ratings.height > 2 else "")
            out.append(f"Across the ladder (Bradley–Terry): {top['rung']} is rated {abs(gap):.0f} Elo {side} "
                       f"{bottom['rung']} ({strength.elo_text(gap)} [{strength.elo_text(top['ci_low'])}, "
                       f"{strength.elo_text(top['ci_high'])}]{apart}), i.e. the model has {top['rung']} finish ahead of "
                       f"{bottom['rung']} in {100 * strength.expected_win(gap):.0f}% of head-to-head comparisons"
                       f"{apart_rungs}.")
        out.extend(highest_rated(ratings, table))
    return out


def highest_rated(ratings: pl.DataFrame, table: pl.DataFrame | None = None) -> list[str]:
    """A sentence when the best-rated rung is not the last one: the ladder's last rung is the
    one meant to be strongest, and a reader of "Across the ladder" should not take it for the
    strongest when the games say otherwise. It says the order is wrong only when the games show
    it: the two ratings' intervals do not overlap, or the two rungs played each other and the
    pairing's verdict puts them out of order. Otherwise (a higher rating by chance, the pairing
    "not measurably stronger") it says that the games leave the order of the two open."""
    rated = [r for r in ratings.iter_rows(named=True) if math.isfinite(r["rating"])]
    if len(rated) < 3:
        return []
    best, last = max(rated, key=lambda r: r["rating"]), rated[-1]
    if best["rung"] == last["rung"] or round(best["rating"]) <= round(last["rating"]):
        return []  # (a New Frontiers ladder named "scripted:developer (+214 Elo), not ... greedy (+214)")
    shown = (strength.rating_text(best['rating'], best['ci_low'], best['ci_high']),
             strength.rating_text(last['rating'], last['ci_low'], last['ci_high']))
    head = (f"The highest rated rung in these games is {best['rung']} ({shown[0]} Elo), not the last one, "
            f"{last['rung']} ({shown[1]})")
    if best["ci_low"] > last["ci_high"]:
        return [f"{head}: the rungs' order is not their order of strength (the ratings table gives the intervals)."]
    if table is not None:
        pair = table.filter((pl.col("lower") == best["rung"]) & (pl.col("upper") == last["rung"]))
        verdict = strength_verdict(pair.row(0, named=True)) if pair.height == 1 else ""
        if "out of order" in verdict:
            # (it said only "the rungs' order is not their order of strength (the ratings table gives
            # the intervals)" beside ratings whose intervals overlap: the claim rests on the pairing)
            return [f"{head}; their ratings' intervals overlap, but where the two played each other {last['rung']} "
                    f"was {verdict.split(': the rungs')[0]}: on these games the rungs' order is not their order of "
                    "strength (the strength table gives the pairing)."]
    return [f"{head}, but their intervals overlap: these games leave open which of the two is stronger "
            "(the ratings table gives the intervals)."]


def build_ladder(runs: LadderRuns, *, blocks: int = DEFAULT_BLOCKS) -> Ladder:
    plan = runs.plan
    rungs = plan.rungs
    samples = [runs.self_play[r] for r in rungs]
    info = samples[0].info
    resolved = (info.get("variant") or {}).get("resolved", {})
    label = labeller(resolved)
    declared = metric_info(info)
    values, tests, reps = skill.skill_tests(samples, rungs, blocks=blocks)
    titles: list[str] = []
    sentences: list[str | None] = []  # None: no change to put in words
    for row in tests.iter_rows(named=True):
        title = describe(row[C.METRIC], row[C.GROUP], label, declared)
        titles.append(title)
        if row[skill.CHANGES]:
            vals = values.filter((pl.col(C.METRIC) == row[C.METRIC]) & (pl.col(C.GROUP) == row[C.GROUP]))
            by = dict(vals.select(skill.RUNG, C.ESTIMATE).iter_rows())
            sentences.append(sentence(title, row[C.METRIC], [(r, by[r]) for r in rungs], row[skill.P_HOLM],
                                      row[skill.NOTE], declared))
        else:
            sentences.append(None)
    tests = tests.with_columns(pl.Series("title", titles, dtype=pl.String()),
                               pl.Series(skill.SENTENCE, sentences, dtype=pl.String()))
    rng = np.random.default_rng(np.random.SeedSequence([plan.seed, 0x1ADD]))
    table = strength.strength_table(runs.pairs)
    rates = strength.ratings(runs.pairs, rungs, rng=rng)
    run = run_summary(info, samples[0].games) | {
        "rungs": list(rungs), "games_per_rung": plan.games, "games_per_pairing": plan.pair_games,
        # the blocks the jackknife used: at most one per game (8 games gave 8, not the 30 asked)
        "command": plan.command, "runs": runs.folders, "blocks": reps.k, "lineup": None}
    warnings = []
    if plan.games < FEW_GAMES:
        warnings.append(f"Only {plan.games} self-play games per rung: the jackknife tests of 'changes with skill' are "
                        f"rough below about {FEW_GAMES} games (few blocks, each of very few games); read them as hints.")
    warnings += unproven_rungs(table)
    return Ladder(run=run, rungs=rungs, values=values, tests=tests, strength=table, ratings=rates,
                  skill_matters=skill_matters(table, rates), names=variant_names(resolved), warnings=tuple(warnings),
                  switched_off=switched_off(info))
