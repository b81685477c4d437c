"""The designer's three Stargate observations, measured at two skill levels → docs/stargate-findings.md.

`python -m playtest.games.stargate.findings --rungs greedy,mcts:200` (or `make findings`) simulates every shipped
draft with four bot line-ups *per skill level* (each rung's self-play, and the scripted styles
among that rung's bots), computes the findings metrics (one metric table per run, the same shape
as the report's), compares each new draft with draft 5 through the compare library (paired
jackknife over common random numbers, Holm-adjusted), says for every conclusion whether it holds
at both skill levels or flips, and writes the Markdown. Every number in the file comes from these
runs; the conclusions are templates filled by the numbers' intervals, and each names the bots it
came from.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.compare.compare import ONE_VALUE_BOTH, Comparison, Settings, compare_samples
from playtest.compare.jackknife import Sample, block_count
from playtest.core.results import SAFETY_STOP
from playtest.games.stargate.findings_metrics import findings_metrics
from playtest.games.stargate.schema import StargateVariant
from playtest.io import write_atomic
from playtest.ladder.runs import slug
from playtest.report import format as F
from playtest.sim.batch import RunConfig, check_lineup, read_run, run_batch
from playtest.variants import Variant, load_variant

ROOT = Path(__file__).resolve().parents[3]
VARIANTS = ROOT / "variants" / "stargate"
DRAFTS = ("draft5", "draft6-no-replenish", "draft6-special-planets", "draft6-new-crews", "draft6-development")
REVERSED = "scoring.majority_tiebreak=earlier_first_cube"
DEFAULT_RUNGS = ("greedy", "lookahead")


@dataclass(frozen=True)
class Lineup:
    key: str
    title: str
    bots: tuple[str, ...]
    overrides: tuple[str, ...] = ()


def lineups(rung: str) -> tuple[Lineup, ...]:
    """The four line-ups of one skill level: the rung's self-play, and two scripted styles
    against each other with two of the rung's bots filling the other seats."""
    return (
        Lineup("self", f"four {rung} bots", (rung,) * 4),
        Lineup("scripted", f"bays-when-short vs no-bays (+2 {rung})",
               ("scripted:bays-when-short", "scripted:no-bays", rung, rung)),
        Lineup("late", f"late-placer vs early-placer (+2 {rung})",
               ("scripted:late-placer", "scripted:early-placer", rung, rung)),
        Lineup("late_reversed", f"late-placer vs early-placer (+2 {rung}), tie-break reversed",
               ("scripted:late-placer", "scripted:early-placer", rung, rung), (REVERSED,)),
    )


KEYS = tuple(lu.key for lu in lineups("x"))


# --- runs --------------------------------------------------------------------------------------


@dataclass
class Run:
    rung: str
    draft: str
    lineup: Lineup
    variant: Variant
    sample: Sample
    command: str
    seconds: float


def run_dir(runs_dir: Path, rung: str, draft: str, key: str) -> Path:
    return runs_dir / slug(rung) / draft / key


def simulate(rung: str, draft: str, lineup: Lineup, n: int, seed: int, runs_dir: Path) -> tuple[str, float]:
    """One run in this process (the runs themselves go in parallel): its command and seconds."""
    path = VARIANTS / f"{draft}.yaml"
    variant = load_variant(path, lineup.overrides)
    sets = "".join(f" --set {o}" for o in lineup.overrides)
    rel = path.relative_to(ROOT)
    command = (f"playtest simulate {rel} -n {n} --players 4 --bots {','.join(lineup.bots)} --seed {seed}{sets}")
    config = RunConfig(n_games=n, players=4, lineup=lineup.bots, seed=seed, workers=1, chunk_size=n, command=command)
    result = run_batch(variant, config, run_dir(runs_dir, rung, draft, lineup.key))
    return command, result.seconds


def load_run(rung: str, draft: str, lineup: Lineup, runs_dir: Path, command: str, seconds: float) -> Run:
    variant = load_variant(VARIANTS / f"{draft}.yaml", lineup.overrides)
    info, games, events = read_run(run_dir(runs_dir, rung, draft, lineup.key))
    return Run(rung, draft, lineup, variant, Sample(info, games, events), command, seconds)


# --- rendering ---------------------------------------------------------------------------------


def metric(sample_table: pl.DataFrame, name: str, group: str = "") -> dict[str, Any] | None:
    part = sample_table.filter((pl.col(C.METRIC) == name) & (pl.col(C.GROUP) == group))
    return part.row(0, named=True) if part.height else None


def fmt(row: dict[str, Any] | None, pct: bool = False, digits: int = 2) -> str:
    if row is None or row[C.ESTIMATE] is None or math.isnan(row[C.ESTIMATE]):
        return "–"
    signed = row[C.METRIC].endswith(("gap", "lift", "pick"))
    f = (lambda v: f"{F.fixed(100 * v, '.1f')}%") if pct else (lambda v: F.fixed(v, f"{'+' if signed else ''}.{digits}f"))
    lo, hi = row[C.CI_LOW], row[C.CI_HIGH]
    ci = "" if lo is None or hi is None or math.isnan(lo) else f" [{f(lo)}, {f(hi)}]"
    return f"{f(row[C.ESTIMATE])}{ci}"


def significant(row: dict[str, Any] | None, alpha: float = 0.05) -> bool | None:
    """Whether the 95% interval excludes 0 (None when there is no interval)."""
    if row is None or row[C.CI_LOW] is None or math.isnan(row[C.CI_LOW]):
        return None
    return row[C.CI_LOW] > 0 or row[C.CI_HIGH] < 0


def direction(row: dict[str, Any] | None, up: str, down: str, none: str) -> str:
    sig = significant(row)
    if row is None or sig is None:
        return "cannot be measured here"
    if not sig:
        return none
    return up if row[C.ESTIMATE] > 0 else down


def diff_row(cmp: Comparison, label: str, name: str, group: str = "") -> dict[str, Any] | None:
    d = cmp.differences.filter((pl.col("variant") == label) & (pl.col(C.METRIC) == name) & (pl.col(C.GROUP) == group))
    return d.row(0, named=True) if d.height else None


def fmt_diff(row: dict[str, Any] | None, pct: bool = False) -> str:
    if row is None or row[C.ESTIMATE] is None or math.isnan(row[C.ESTIMATE]):
        return "–"
    f = (lambda v: F.value(v, "diff")) if pct else (lambda v: F.fixed(v, "+.2f"))
    lo, hi = row[C.CI_LOW], row[C.CI_HIGH]
    ci = "" if lo is None or math.isnan(lo) else f" [{f(lo)}, {f(hi)}]"
    p = row.get("p_holm")
    ps = "" if p is None or math.isnan(p) else f", p(Holm) {F.p_value(p)}"
    star = " ★" if row.get("significant") else ""
    return f"{f(row[C.ESTIMATE])}{ci}{ps}{star}"


QUESTIONS = (
    # (lineup, metric, group, is a rate, label)
    ("self", "bays_first_pick_rate", "", True, "Bays first-pick rate (self-play)"),
    ("scripted", "bays_first_pick_rate", "", True, "Bays first-pick rate (scripted line-up)"),
    ("self", "bays_cubes_gap", "", False, "cubes placed/game, Bays takers − non-takers within a game (self-play)"),
    ("self", "bays_win_lift", "", True, "win-share lift of taking Bays, within a game (self-play)"),
    ("scripted", "bays_win_lift", "", True, "win-share lift of taking Bays, within a game (scripted line-up)"),
    ("scripted", "win_gap", "bays-when-short − no-bays", True, "win share per game, bays-when-short − no-bays"),
    ("late", "win_gap", "late-placer − early-placer", True, "win share, late − early placer (later first cube wins ties)"),
    ("late_reversed", "win_gap", "late-placer − early-placer", True, "win share, late − early placer (earlier first cube wins ties)"),
    ("self", "game_length_rounds", "", False, "game length, rounds (self-play)"),
    ("self", "rounds_per_bays_pick", "", False, "rounds per extra Bays pick in the game (self-play)"),
    ("scripted", "rounds_per_bays_pick", "", False, "rounds per extra Bays pick in the game (scripted line-up)"),
)
END_REASONS = ("stock_empty", "planets_full", "out_of_cubes", "round_cap", SAFETY_STOP)


@dataclass(frozen=True)
class Finding:
    """One conclusion at one skill level: a stable key, the question in a few words, the sign of
    the effect ('+', '-', '0' = none detected, '?' = not measurable, '' = descriptive only),
    the verdict in a few words and the full sentence (Markdown) naming the bots."""

    key: str
    question: str
    code: str
    short: str
    text: str
    estimate: float | None = None
    low: float | None = None
    high: float | None = None


def sign(row: dict[str, Any] | None, ref: float = 0.0) -> str:
    """'+' / '-' when the 95% interval lies above / below `ref`, '0' when it contains it."""
    if row is None or row[C.ESTIMATE] is None or row[C.CI_LOW] is None or math.isnan(row[C.CI_LOW]):
        return "?"
    return "+" if row[C.CI_LOW] > ref else "-" if row[C.CI_HIGH] < ref else "0"


def diff_sign(row: dict[str, Any] | None) -> str:
    """The sign of a difference from draft 5 when significant after Holm, else '0' ('0' too when
    both sides had one value in every game: nothing moved, so there is nothing to test)."""
    if row is not None and row.get("test") == ONE_VALUE_BOTH:
        return "0"
    if row is None or row[C.ESTIMATE] is None or math.isnan(row[C.ESTIMATE]) or row.get("p_holm") is None \
            or math.isnan(row["p_holm"]):
        return "?"
    return ("+" if row[C.ESTIMATE] > 0 else "-") if row["significant"] else "0"


def _finding(key: str, question: str, code: str, words: dict[str, str], text: str,
             row: dict[str, Any] | None = None) -> Finding:
    short = words.get(code, "cannot be measured here")
    est = (row[C.ESTIMATE], row[C.CI_LOW], row[C.CI_HIGH]) if row is not None else (None, None, None)
    return Finding(key, question, code, short, text.format(short=short), *est)


def conclusions(draft: str, tables: dict[str, pl.DataFrame], n_crews: int, cmps: dict[str, Comparison] | None,
                tie_cmp: Comparison | None, rung: str = "greedy", stockless: bool = False) -> list[Finding]:
    """Plain-language conclusions for one draft at one skill level (the `rung`'s line-ups),
    each a template filled from the intervals and naming the bots it came from."""
    own, s = tables["self"], tables["scripted"]
    r = f"`{rung}`"
    out = []
    first = metric(own, "bays_first_pick_rate")
    chance = 1 / n_crews
    out.append(_finding(
        "first_pick", "Bays as first pick", sign(first, chance),
        {"+": f"more often than chance ({100 * chance:.0f}%)", "-": f"less often than chance ({100 * chance:.0f}%)",
         "0": f"about as often as chance ({100 * chance:.0f}%)"},
        f"**Bays as first pick** ({r} self-play): {r} bots open a round with Bays in {fmt(first, pct=True)} of "
        f"rounds — {{short}}. This is what the {r} bot chooses, not a measure of what Bays is worth: whether "
        "taking Bays pays is measured in the next lines.", row=first))
    gap = metric(own, "bays_cubes_gap")
    # The observation is one cube more (「１個多く配置できる」): more, but surely less than one more,
    # bears out its direction only.
    below_one = gap is not None and gap[C.CI_HIGH] is not None and gap[C.CI_HIGH] < 1
    out.append(_finding(
        "extra_placement", "Bays buys a net extra placement", sign(gap),
        {"+": ("takers place more cubes, but less than one more (the observation's direction is borne out with these "
               "bots, not its one extra cube)" if below_one else
               "takers place more cubes (the observation is borne out with these bots)"),
         "-": "takers place fewer cubes (the observation is not borne out with these bots)",
         "0": "no detectable difference (not confirmed with these bots)"},
        f"**Net extra placement** ({r} self-play): in the same game, players who take Bays place {fmt(gap)} cubes "
        "more than those who don't (takers minus non-takers) — {short}.", row=gap))
    for key, table, who in (("self", own, f"{r} self-play"), ("scripted", s, f"scripted styles with two {r} bots")):
        lift = metric(table, "bays_win_lift")
        out.append(_finding(
            f"lift_{key}", f"taking Bays goes with winning ({'self-play' if key == 'self' else 'scripted line-up'})",
            sign(lift), {"+": "taking Bays goes with **more** wins", "-": "taking Bays goes with **fewer** wins",
                         "0": "no detectable difference"},
            f"**Does taking Bays win?** ({who}) in the same game, win share of takers minus non-takers "
            f"{fmt(lift, pct=True)}: {{short}}.", row=lift))
    hh = metric(s, "win_gap", "bays-when-short − no-bays")
    out.append(_finding(
        "bays_pair", "bays-when-short beats no-bays", sign(hh),
        {"+": "taking Bays is **stronger**", "-": "taking Bays is **weaker**", "0": "no detectable difference"},
        f"**Taking Bays when short of cubes vs never** (bays-when-short vs no-bays, with two {r} bots): per game, "
        f"bays-when-short's win share minus no-bays' {fmt(hh, pct=True)}: {{short}}.", row=hh))
    late = metric(tables["late"], "win_gap", "late-placer − early-placer")
    rev = metric(tables["late_reversed"], "win_gap", "late-placer − early-placer")
    words = {"+": "placing late is **stronger**", "-": "placing late is **weaker**", "0": "no detectable difference"}
    out.append(_finding(
        "late", "placing late beats placing early", sign(late), words,
        f"**Place few early, many late?** (late-placer vs early-placer, with two {r} bots) late-placer's win share "
        f"minus early-placer's {fmt(late, pct=True)} when later first cubes win ties: {{short}}.", row=late))
    out.append(_finding(
        "late_reversed", "placing late beats placing early, tie-break reversed", sign(rev), words,
        f"**… with the tie-break reversed** (earlier first cube wins ties; late-placer vs early-placer with two {r} "
        f"bots): {fmt(rev, pct=True)}: {{short}}.", row=rev))
    if tie_cmp is not None:
        d = diff_row(tie_cmp, tie_cmp.labels[1], "win_gap", "late-placer − early-placer")
        out.append(_finding(
            "tie_break", "the tie-break rule drives the late-placer's edge", diff_sign(d),
            {"+": "the tie-break **matters** for this style", "-": "the tie-break **matters** for this style",
             "0": "no detectable effect of the tie-break"},
            f"**Does the tie-break drive it?** (late-placer vs early-placer with two {r} bots, same deals) reversing the tie-break changes the gap by "
            f"{fmt_diff(d, pct=True)} — {{short}}.", row=d))
    slope = metric(own, "rounds_per_bays_pick")
    length = metric(own, "game_length_rounds")
    out.append(_finding(
        "drain", "more Bays picks, shorter games", sign(slope),
        {"+": "more Bays picks, **longer** games", "-": "more Bays picks, **shorter** games",
         "0": "no detectable link between Bays picks and game length"},
        # A draft whose cubes all start in hand has no stock to drain: say what is measured instead.
        ("**Bays picks and game length** (this draft has no stock: every cube starts in hand, so nothing drains; "
         f"{r} self-play)" if stockless else f"**Draining the stock shortens the game?** ({r} self-play)")
        + f" games last {fmt(length)} rounds; each extra Bays "
        f"pick in a game goes with {fmt(slope)} rounds: {{short}}.", row=slope))
    if cmps is not None and draft != DRAFTS[0]:
        for key, lu, name, group, pct, question, hi, lo in (
                ("vs5_length", "self", "game_length_rounds", "", False, "game length against draft 5", "longer", "shorter"),
                ("vs5_first", "self", "bays_first_pick_rate", "", True, "Bays first-pick rate against draft 5",
                 "higher", "lower"),
                ("vs5_late", "late", "win_gap", "late-placer − early-placer", True,
                 "late-minus-early placer gap against draft 5", "higher", "lower")):
            d = diff_row(cmps[lu], draft, name, group)
            same = d is not None and d.get("test") == ONE_VALUE_BOTH  # e.g. no Bays first pick in any game of either
            out.append(_finding(
                key, question, diff_sign(d),
                {"+": f"significantly {hi} than in draft 5", "-": f"significantly {lo} than in draft 5",
                 "0": ("the same in every game of both drafts: no difference from draft 5" if same
                       else "no detectable difference from draft 5")},
                f"**Against draft 5** ({r} {'self-play' if lu == 'self' else 'late/early line-up'}): {question.split(' against')[0]} "
                f"{fmt_diff(d, pct)} — {{short}}.", row=d))
    ends = (own.filter((pl.col(C.METRIC) == "end_reason_share") & (pl.col(C.ESTIMATE) > 0))
            .sort(C.ESTIMATE, descending=True, maintain_order=True))  # equal shares keep the table's order (by name)
    if ends.height:
        parts = ", ".join(f"{row[C.GROUP]} {whole_percent(row[C.ESTIMATE])}" for row in ends.iter_rows(named=True))
        out.append(Finding("ends", "what ends the game", "", parts, f"**What ends the game** ({r} self-play): {parts}."))
    return out


def whole_percent(share: float) -> str:
    """A share in whole percent that never reads as none or all when it is neither: a trigger
    that ended 1 game in 400 is '<1%', not '0%' beside the table's 0.2%."""
    pct = 100 * share
    if 0 < pct < 0.5:
        return "<1%"
    if 99.5 <= pct < 100:
        return ">99%"
    return f"{pct:.0f}%"


def _inside(f: Finding, value: float | None) -> bool:
    return (value is not None and f.low is not None and f.high is not None
            and not math.isnan(f.low) and f.low <= value <= f.high)


def _overlaps(f: Finding, g: Finding) -> bool:
    """Whether f's interval holds any value of g's interval (g's estimate when it has none)."""
    if g.low is None or g.high is None or math.isnan(g.low) or math.isnan(g.high):
        return _inside(f, g.estimate)
    return (f.low is not None and f.high is not None and not math.isnan(f.low)
            and f.low <= g.high and g.low <= f.high)


def across_skill(found: list[Finding], rungs: list[str]) -> str:
    """Whether a conclusion holds at every skill level, flips, or shows at some levels only —
    and then whether the other levels rule the effect out (skill) or are too wide to tell."""
    codes = [f.code for f in found]
    if "?" in codes:
        return "cannot be compared (not measurable at every level)"
    if len(set(codes)) == 1:
        return "no effect detected at any level" if codes[0] == "0" else "**holds** at every skill level"
    if "+" in codes and "-" in codes:
        return "**flips** with skill"
    seen = [(r, f) for r, f in zip(rungs, found, strict=True) if f.code != "0"]
    unseen = [(r, f) for r, f in zip(rungs, found, strict=True) if f.code == "0"]
    where = ", ".join(f"`{r}`" for r, _ in seen)
    # Skill matters only if the quiet level rules out every effect the other level's interval
    # allows, not just its point estimate: overlapping intervals cannot tell the levels apart.
    wide = [r for r, f in unseen if any(_overlaps(f, g) for _, g in seen)]
    if wide:
        return (f"detected only with {where}; {', '.join(f'`{r}`' for r in wide)} cannot rule out the same effect "
                "(too few games to tell)")
    return f"**depends on skill**: detected only with {where}; the other levels rule out an effect that large"


def skill_table(findings: dict[str, list[Finding]], rungs: list[str]) -> list[str]:
    """Markdown rows: each question's verdict per rung and whether it holds across them."""
    by = {r: {f.key: f for f in findings[r]} for r in rungs}
    lines = ["| question | " + " | ".join(f"`{r}`" for r in rungs) + " | across skill |",
             "| --- |" + " --- |" * (len(rungs) + 1)]
    for f in findings[rungs[0]]:
        if not f.code or not all(f.key in by[r] for r in rungs):
            continue
        lines.append(f"| {f.question} | " + " | ".join(by[r][f.key].short for r in rungs)
                     + f" | {across_skill([by[r][f.key] for r in rungs], rungs)} |")
    return lines


def render_rung(rung: str, drafts: tuple[str, ...], runs: dict[tuple[str, str, str], Run],
                tables: dict[tuple[str, str, str], pl.DataFrame], cmps: dict[str, Comparison] | None,
                tie_cmps: dict[str, Comparison], findings: dict[str, list[Finding]]) -> list[str]:
    """The whole analysis at one skill level."""
    base = drafts[0]
    n = runs[(rung, base, "self")].sample.info.get("games")
    t5 = {k: tables[(rung, base, k)] for k in KEYS}
    r = f"`{rung}`"
    lines = [f"## Skill level {r}", "",
             f"{n} games per run. Line-ups: " + "; ".join(
                 f"**{lu.key}** = {', '.join(lu.bots)}" + (f" with `--set {lu.overrides[0]}`" if lu.overrides else "")
                 for lu in lineups(rung)) + ".", ""]
    lines += [f"### Draft 5 ({r})", "", "#### 1. Is Bays the favourite first pick, and does it buy an extra placement?", "",
              f"| measure | {r} self-play | scripted line-up |", "| --- | --- | --- |"]
    for name, group, pct, label in (("bays_first_pick_rate", "", True, "Bays first-pick rate"),
                                    ("bays_pick_rate", "", True, "Bays pick rate (all turns)"),
                                    ("cubes_placed", "Bays takers", False, "cubes placed/game, Bays takers"),
                                    ("cubes_placed", "non-takers", False, "cubes placed/game, non-takers"),
                                    ("bays_cubes_gap", "", False, "difference within a game (takers − non-takers)"),
                                    ("win_rate", "Bays takers", True, "win rate, Bays takers"),
                                    ("win_rate", "non-takers", True, "win rate, non-takers"),
                                    ("bays_win_lift", "", True, "win-share lift of taking Bays, within a game"),
                                    ("win_gap", "bays-when-short − no-bays", True, "win share per game, bays-when-short − no-bays")):
        lines.append(f"| {label} | {fmt(metric(t5['self'], name, group), pct)} | "
                     f"{fmt(metric(t5['scripted'], name, group), pct)} |")
    lines += ["", "#### 2. Does placing late beat placing early?", "",
              "| measure | later first cube wins ties (draft 5) | earlier first cube wins ties |", "| --- | --- | --- |"]
    for name, group, label in (("win_rate", "late-placer", "late-placer win rate"),
                               ("win_rate", "early-placer", "early-placer win rate"),
                               ("win_gap", "late-placer − early-placer", "per game, late − early win share")):
        lines.append(f"| {label} | {fmt(metric(t5['late'], name, group), True)} | "
                     f"{fmt(metric(t5['late_reversed'], name, group), True)} |")
    d = diff_row(tie_cmps[base], tie_cmps[base].labels[1], "win_gap", "late-placer − early-placer")
    lines += ["", f"Effect of reversing the tie-break on the late − early gap (paired, same deals): {fmt_diff(d, True)}.", ""]
    lines += ["#### 3. Does draining the stock shorten the game?", "",
              f"| measure | {r} self-play | scripted line-up |", "| --- | --- | --- |"]
    for name, group, label in (("game_length_rounds", "", "game length (rounds)"),
                               ("rounds_per_bays_pick", "", "rounds per extra Bays pick in the game (slope)")):
        lines.append(f"| {label} | {fmt(metric(t5['self'], name, group))} | {fmt(metric(t5['scripted'], name, group))} |")
    by = t5["self"].filter(pl.col(C.METRIC) == "game_length_by_bays_picks").sort(C.GROUP)
    shown = by.filter(pl.col(C.N) >= 20)
    if shown.height:
        lines += ["", f"Game length by Bays picks in the game ({r} self-play; groups of at least 20 games):", "",
                  "| Bays picks | games | mean rounds |", "| --- | --- | --- |"]
        for row in shown.iter_rows(named=True):
            lines.append(f"| {int(row[C.GROUP].split()[0])} | {row[C.N]} | {fmt(row)} |")
    else:
        lines += ["", f"Game length by Bays picks in the game ({r} self-play): not shown, no number of Bays picks "
                  f"was seen in 20 games or more ({n} games in all); the slope above uses every game."]
    lines += ["", f"**Conclusions for draft 5 ({r})**", ""]
    lines += [f"- {f.text}" for f in findings[base]]
    if cmps is None:
        return lines + [""]
    blocks = block_count(runs[(rung, base, "self")].sample.game_ids().size)  # as compare_samples cuts them
    lines += ["", f"### The new drafts side by side with draft 5 ({r})", "",
              "Each new draft against draft 5 on the same deals and bot dice (common random numbers): the value, then "
              "the difference from draft 5 with its 95% interval and Holm-adjusted p-value (over every metric of that "
              "line-up's comparison), computed by the compare library (`playtest.compare.compare_samples`, paired "
              f"jackknife over {blocks} blocks of games) on the findings metrics. ★ = significant at 5% after Holm.", ""]
    lines += ["| question | " + " | ".join(drafts) + " |", "| --- |" + " --- |" * len(drafts)]
    for key, name, group, pct, label in QUESTIONS:
        cells = [fmt(metric(tables[(rung, base, key)], name, group), pct)]
        for dr in drafts[1:]:
            v = fmt(metric(tables[(rung, dr, key)], name, group), pct)
            cells.append(f"{v}<br>Δ {fmt_diff(diff_row(cmps[key], dr, name, group), pct)}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", f"What ended the games ({r} self-play):", "", "| draft | " + " | ".join(END_REASONS) + " |",
              "| --- |" + " --- |" * len(END_REASONS)]
    for dr in drafts:
        t = tables[(rung, dr, "self")]
        lines.append(f"| {dr} | " + " | ".join(fmt(metric(t, "end_reason_share", e), True) for e in END_REASONS) + " |")
    lines += ["", f"### Conclusions per draft ({r})", ""]
    for dr in drafts[1:]:
        variant = runs[(rung, dr, "self")].variant
        lines += [f"#### {dr} ({variant.model.rules_version}: {variant.model.name})", ""]
        lines += [f"- {f.text}" for f in findings[dr]] + [""]
    return lines


def render(rungs: list[str], drafts: tuple[str, ...], runs: dict[tuple[str, str, str], Run],
           tables: dict[tuple[str, str, str], pl.DataFrame], cmps: dict[tuple[str, str], Comparison],
           tie_cmps: dict[tuple[str, str], Comparison], args: argparse.Namespace, seconds: float) -> str:
    findings: dict[str, dict[str, list[Finding]]] = {}
    for rung in rungs:
        findings[rung] = {}
        for dr in drafts:
            model = runs[(rung, dr, "self")].variant.model
            assert isinstance(model, StargateVariant)  # every run here plays a Stargate draft
            findings[rung][dr] = conclusions(
                dr, {k: tables[(rung, dr, k)] for k in KEYS}, len(model.crews),
                {k: cmps[(rung, k)] for k in KEYS} if len(drafts) > 1 else None, tie_cmps[(rung, dr)], rung,
                stockless=model.cubes.start_in_hand >= model.cubes.total)
    games = {rung: runs[(rung, drafts[0], "self")].sample.info.get("games") for rung in rungs}
    rung_list = ", ".join(f"`{r}` ({games[r]} games per run)" for r in rungs)
    lines = [
        f"# Stargate: the designer's three observations, measured at {len(rungs)} skill level{'s' if len(rungs) > 1 else ''}",
        "",
        "<!-- Generated by `make findings` (python -m playtest.games.stargate.findings). Do not edit: rerun it. -->",
        "",
        f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `make findings` (`{command(args)}`), {len(runs)} runs, "
        f"4 players, in {seconds / 60:.1f} minutes. Skill levels, weakest first: {rung_list}. Every number below comes "
        "from these runs; intervals are 95%. Observations from 問題点 (the designer's notes at the top of the draft-5 "
        "rulebook):",
        "",
        "1. 「特に人気なのがキューブ増やす系。まずこれを選ぶ…結局通常手番数分より１個多く配置できる」 — "
        "Bays (the cube-gaining crew) is everyone's first pick, and its two cubes buy a net extra placement.",
        "2. 「後置き優先としたため、序盤に少なく置き、様子を見て後からたくさん置く方が有利」 — since later placement "
        "wins ties, placing few cubes early and many late is stronger.",
        "3. 「リソースをさっさと枯らして終了…全体ラウンド数が短くなる」 — draining the stock early shortens everyone's game.",
        "",
        "**Players are bots, not people.** Each skill level is one bot playing every seat (self-play), plus the "
        "designer's styles as scripted bots (bays-when-short: Bays whenever available while holding at most 3 cubes; "
        "no-bays: never Bays; late-placer: at most 1 cube per turn in rounds 1–3, then as many as possible; "
        "early-placer: the reverse — each built on greedy choice) seated with two of that level's bots. A bot's pick "
        "rate says what that bot does; whether Bays *pays* is measured by the takers' placements and wins and by the "
        "controlled bays-when-short vs no-bays pair. A conclusion that holds at one skill level only is a statement "
        "about those bots; one that holds at every level is the best evidence about the game that simulation gives.",
        "",
        "## Which conclusions hold at every skill level",
        "",
        "For each question, the verdict at each skill level (from its 95% intervals; for differences from draft 5, "
        "Holm-adjusted p < 0.05) and whether it **holds**, **flips** (opposite significant effects) or shows at some "
        "levels only — then whether the level that detects nothing rules out every effect in the other's interval "
        "(**depends on skill**) or has too wide an interval to tell (more games needed). The numbers are in the "
        "sections per skill level below.",
        "",
    ]
    for dr in drafts:
        lines += [f"### {dr}", ""] + skill_table({r: findings[r][dr] for r in rungs}, rungs) + [""]
    for rung in rungs:
        rung_cmps = {k: cmps[(rung, k)] for k in KEYS} if len(drafts) > 1 else None
        lines += render_rung(rung, drafts, runs, tables, rung_cmps, {d: tie_cmps[(rung, d)] for d in drafts},
                             findings[rung])
    lines += ["## Commands", "",
              "Everything above: `make findings` (creates the virtualenv if missing), i.e.", "",
              "```", command(args), "```", "",
              "Each run is exactly this `playtest simulate` command (same rows for any --workers); its tables are "
              f"kept in `{args.runs_dir}/<rung>/<draft>/<line-up>/`:", "", "```"]
    lines += [r.command for r in runs.values()]
    lines += ["```", "",
              "The side-by-side comparisons use the same runs; `playtest compare` reproduces them with the report's "
              "full metric set, and `playtest ladder` puts the skill levels side by side for any variant, e.g.:", "",
              "```"]
    files = " ".join(f"variants/stargate/{d}.yaml" for d in drafts)
    for rung in rungs:
        lines.append(f"playtest compare {files} -n {games[rung]} --players 4 --bots {rung} --seed {args.seed}")
    lines.append(f"playtest ladder variants/stargate/draft5.yaml --rungs {','.join(rungs)} -n {games[rungs[-1]]} "
                 f"--seed {args.seed}")
    lines += ["```", "",
              "Statistics, all over games (the independent unit): a rate of rounds, turns or players has Wilson's "
              "interval at the effective number of games, a mean per player a t interval cluster-robust over games, "
              "takers − non-takers a t interval over the games that have both (per game, the takers' mean minus the "
              "non-takers'), the per-game late − early (and bays-when-short − no-bays) win-share gap a paired t "
              "interval over games, the Bays-picks slope an OLS interval over games. Takers and non-takers are not "
              "randomised groups (players choose Bays): the lift describes association under these bots, not a causal "
              "effect; the bays-when-short vs no-bays line-up is the controlled version.", ""]
    return "\n".join(lines)


def command(args: argparse.Namespace) -> str:
    text = f"python -m playtest.games.stargate.findings --rungs {','.join(args.rungs)} --games {args.games}"
    if args.search_games is not None:
        text += f" --search-games {args.search_games}"
    if tuple(args.drafts) != DRAFTS:
        text += f" --drafts {','.join(args.drafts)}"
    return text + f" --seed {args.seed} --workers {args.workers}"


def _names(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


def check_args(args: argparse.Namespace) -> str | None:
    """A one-line problem with the arguments, or None."""
    from playtest.errors import PlaytestError
    from playtest.games import get_game

    if len(args.rungs) < 1 or len(set(args.rungs)) != len(args.rungs):
        return f"--rungs {','.join(args.rungs)}: name each skill level once, weakest first"
    unknown = [d for d in args.drafts if d not in DRAFTS]
    if unknown or not args.drafts or args.drafts[0] != DRAFTS[0]:
        return f"--drafts {','.join(args.drafts)}: draft5 first, then any of {', '.join(DRAFTS[1:])}"
    spec = get_game("stargate")
    variant = load_variant(VARIANTS / f"{DRAFTS[0]}.yaml")
    for rung in args.rungs:
        try:  # the batch's own check: the same bot factory (search bots included) as the runs
            check_lineup(spec, variant, 4, [rung])
        except PlaytestError as err:
            return f"--rungs: {err}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playtest.games.stargate.findings", description=__doc__.splitlines()[0])
    parser.add_argument("--rungs", type=_names, default=list(DEFAULT_RUNGS),
                        help="Skill levels, weakest first (any Stargate bot), e.g. greedy,mcts:200.")
    parser.add_argument("--games", "-n", type=int, default=400, help="Games per run at the first skill level.")
    parser.add_argument("--search-games", type=int, default=None,
                        help="Games per run at the other skill levels (default: --games); search bots are slower.")
    parser.add_argument("--drafts", type=_names, default=list(DRAFTS), help="Drafts to run, draft5 first.")
    parser.add_argument("--seed", type=int, default=2024, help="Root seed shared by every run.")
    parser.add_argument("--workers", "-w", type=int, default=2, help="Runs simulated in parallel (processes).")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "stargate-findings.md")
    parser.add_argument("--runs-dir", type=Path, default=Path("reports") / "findings")
    args = parser.parse_args(argv)
    problem = check_args(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    rungs, drafts = list(args.rungs), tuple(args.drafts)
    started = time.perf_counter()
    jobs = [(rung, d, lu, args.games if i == 0 or args.search_games is None else args.search_games)
            for i, rung in enumerate(rungs) for d in drafts for lu in lineups(rung)]
    runs: dict[tuple[str, str, str], Run] = {}

    def done(rung: str, d: str, lu: Lineup, n: int, command_text: str, seconds: float) -> None:
        runs[(rung, d, lu.key)] = load_run(rung, d, lu, args.runs_dir, command_text, seconds)
        print(f"  {rung:12s} {d:24s} {lu.key:14s} {n} games in {seconds:6.1f}s", file=sys.stderr)

    if args.workers <= 1:
        for rung, d, lu, n in jobs:
            done(rung, d, lu, n, *simulate(rung, d, lu, n, args.seed, args.runs_dir))
    else:
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = {pool.submit(simulate, rung, d, lu, n, args.seed, args.runs_dir): (rung, d, lu, n)
                       for rung, d, lu, n in jobs}
            for fut in as_completed(futures):
                done(*futures[fut], *fut.result())
    runs = {(rung, d, lu.key): runs[(rung, d, lu.key)] for rung, d, lu, _ in jobs}
    tables = {k: findings_metrics(r.sample.info, r.sample.games, r.sample.events) for k, r in runs.items()}
    settings = Settings()
    cmps: dict[tuple[str, str], Comparison] = {}
    if len(drafts) > 1:
        for rung in rungs:
            for lu in lineups(rung):
                cmps[(rung, lu.key)] = compare_samples(
                    [runs[(rung, d, lu.key)].sample for d in drafts], drafts,
                    [runs[(rung, d, lu.key)].variant.resolved for d in drafts], settings=settings,
                    metric_fn=findings_metrics)
    tie_cmps = {(rung, d): compare_samples([runs[(rung, d, "late")].sample, runs[(rung, d, "late_reversed")].sample],
                                           [d, f"{d}+reversed"], settings=settings, metric_fn=findings_metrics)
                for rung in rungs for d in drafts}
    text = render(rungs, drafts, runs, tables, cmps, tie_cmps, args, time.perf_counter() - started)
    write_atomic(args.out, text)
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
