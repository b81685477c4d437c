"""The designer's three Stargate observations, measured from fresh runs → docs/stargate-findings.md.

`python -m playtest.games.stargate.findings` (or `make findings`) simulates every shipped draft with four bot
line-ups, computes the findings metrics (one metric table per run, the same shape as the
report's), compares each new draft with draft 5 through the compare library (paired jackknife
over common random numbers, Holm-adjusted), and writes the Markdown. Every number in the file
comes from these runs; the conclusions are templates filled by the numbers' intervals.
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

import numpy as np
import polars as pl
from scipy import stats as sps

from playtest.analysis import columns as C
from playtest.analysis.stats import diff_proportions, mean_ci, one_proportion_p, wilson
from playtest.compare.compare import Comparison, Settings, compare_samples
from playtest.compare.jackknife import Sample
from playtest.io import write_atomic
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import Variant, load_variant

ROOT = Path(__file__).resolve().parents[3]  # the repository: playtest/games/stargate/findings.py
VARIANTS = ROOT / "variants" / "stargate"
DRAFTS = ("draft5", "draft6-no-replenish", "draft6-special-planets", "draft6-new-crews", "draft6-development")
BAYS = "bays"
REVERSED = "scoring.majority_tiebreak=earlier_first_cube"


@dataclass(frozen=True)
class Lineup:
    key: str
    title: str
    bots: tuple[str, ...]
    overrides: tuple[str, ...] = ()


LINEUPS = (
    Lineup("greedy", "four greedy bots", ("greedy",) * 4),
    Lineup("scripted", "bays-when-short vs no-bays (+2 greedy)",
           ("scripted:bays-when-short", "scripted:no-bays", "greedy", "greedy")),
    Lineup("late", "late-placer vs early-placer (+2 greedy)",
           ("scripted:late-placer", "scripted:early-placer", "greedy", "greedy")),
    Lineup("late_reversed", "late-placer vs early-placer, tie-break reversed",
           ("scripted:late-placer", "scripted:early-placer", "greedy", "greedy"), (REVERSED,)),
)
PAIRS = (("scripted:bays-when-short", "scripted:no-bays"), ("scripted:late-placer", "scripted:early-placer"))


# --- the findings metrics (run info, games, events → metric table) -----------------------------


def _row(metric: str, group: str, est: tuple[float, float, float], n: int, definition: str,
         p: float | None = None) -> dict[str, Any]:
    return {C.METRIC: metric, C.GROUP: group, C.ESTIMATE: est[0], C.CI_LOW: est[1], C.CI_HIGH: est[2],
            C.N: n, C.P_VALUE: p, C.DEFINITION: definition}


def _welch(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float, float]:
    """Difference of means a − b with its Welch t interval and p-value."""
    if a.size < 2 or b.size < 2:
        return math.nan, math.nan, math.nan, math.nan
    d = float(a.mean() - b.mean())
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    if se == 0:
        return d, d, d, 1.0 if d == 0 else math.nan
    df = (va + vb) ** 2 / (va ** 2 / (a.size - 1) + vb ** 2 / (b.size - 1))
    half = float(sps.t.ppf(0.975, df)) * se
    return d, d - half, d + half, float(2 * sps.t.sf(abs(d) / se, df))


def findings_metrics(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Every number the findings use, for one run (metric table, columns.METRIC_SCHEMA)."""
    rows: list[dict[str, Any]] = []
    turns = events.filter(pl.col("kind") == "decision")
    n_crews = len(info.get("variant", {}).get("resolved", {}).get("crews", [])) or 6
    # 1. Bays: first picks, cubes placed and wins of takers vs non-takers.
    first = turns.filter(pl.col("first_pick"))
    k = int((first["crew"] == BAYS).sum())
    rows.append(_row("bays_first_pick_rate", "", wilson(k, first.height), first.height,
                     f"Share of rounds whose first pick is Bays (chance: 1/{n_crews}); p: test against chance.",
                     one_proportion_p(k, first.height, 1 / n_crews)))
    k_all = int((turns["crew"] == BAYS).sum())
    rows.append(_row("bays_pick_rate", "", wilson(k_all, turns.height), turns.height,
                     "Share of all turns in which Bays is taken."))
    picks = (turns.group_by("game", "seat").agg((pl.col("crew") == BAYS).sum().alias("bays_picks")))
    seats = games.join(picks, on=["game", "seat"], how="left").with_columns(pl.col("bays_picks").fill_null(0))
    takers = seats.filter(pl.col("bays_picks") > 0)
    others = seats.filter(pl.col("bays_picks") == 0)
    a, b = takers["cubes_placed"].to_numpy().astype(float), others["cubes_placed"].to_numpy().astype(float)
    rows.append(_row("cubes_placed", "Bays takers", mean_ci(a), a.size,
                     "Mean cubes placed per game by players who took Bays at least once."))
    rows.append(_row("cubes_placed", "non-takers", mean_ci(b), b.size,
                     "Mean cubes placed per game by players who never took Bays."))
    d, lo, hi, p = _welch(a, b)
    rows.append(_row("bays_cubes_gap", "", (d, lo, hi), a.size + b.size,
                     "Cubes placed per game: Bays takers minus non-takers (Welch interval).", p))
    wa, wb = float(takers["win_share"].sum()), float(others["win_share"].sum())
    rows.append(_row("win_rate", "Bays takers", wilson(wa, takers.height), takers.height,
                     "Win rate of players who took Bays at least once (shared wins split)."))
    rows.append(_row("win_rate", "non-takers", wilson(wb, others.height), others.height,
                     "Win rate of players who never took Bays."))
    d, lo, hi, p = diff_proportions(wa, takers.height, wb, others.height)
    rows.append(_row("bays_win_lift", "", (d, lo, hi), seats.height,
                     "Win rate of Bays takers minus non-takers (Newcombe interval).", p))
    # 2. Two bots of the line-up head to head: per game, A's win share minus B's.
    bots = set(games["bot"].unique().to_list())
    for bot_a, bot_b in PAIRS:
        if bot_a in bots and bot_b in bots:
            per = (games.filter(pl.col("bot").is_in([bot_a, bot_b]))
                   .group_by("game").agg((pl.col("win_share").filter(pl.col("bot") == bot_a).sum()
                                          - pl.col("win_share").filter(pl.col("bot") == bot_b).sum()).alias("gap")))
            gaps = per["gap"].to_numpy()
            est = mean_ci(gaps)
            p = float(sps.ttest_1samp(gaps, 0).pvalue) if gaps.size > 1 and gaps.std() > 0 else math.nan
            rows.append(_row("win_gap", f"{bot_a.removeprefix('scripted:')} − {bot_b.removeprefix('scripted:')}",
                             est, gaps.size, "Per game, the first bot's win share minus the second's (paired t).", p))
            for bot in (bot_a, bot_b):
                part = games.filter(pl.col("bot") == bot)
                rows.append(_row("win_rate", bot.removeprefix("scripted:"),
                                 wilson(float(part["win_share"].sum()), part.height), part.height,
                                 "Win rate of this bot (fair share 1/players)."))
    # 3. Game length, against the number of Bays picks in the game; what ended it.
    per_game = (games.group_by("game").agg(pl.col("rounds").first())
                .join(picks.group_by("game").agg(pl.col("bays_picks").sum()), on="game", how="left")
                .with_columns(pl.col("bays_picks").fill_null(0)).sort("game"))
    rounds = per_game["rounds"].to_numpy().astype(float)
    rows.append(_row("game_length_rounds", "", mean_ci(rounds), rounds.size, "Mean rounds per game."))
    x = per_game["bays_picks"].to_numpy().astype(float)
    if x.size > 2 and x.std() > 0:
        fit = sps.linregress(x, rounds)
        half = float(sps.t.ppf(0.975, x.size - 2)) * fit.stderr
        rows.append(_row("rounds_per_bays_pick", "", (fit.slope, fit.slope - half, fit.slope + half), x.size,
                         "Slope of game length (rounds) on the number of Bays picks in the game (OLS).",
                         float(fit.pvalue)))
    else:
        rows.append(_row("rounds_per_bays_pick", "", (math.nan,) * 3, x.size,
                         "Slope of game length (rounds) on the number of Bays picks in the game (OLS)."))
    for picks_n, part in per_game.group_by("bays_picks"):
        vals = part["rounds"].to_numpy().astype(float)
        rows.append(_row("game_length_by_bays_picks", f"{int(picks_n[0]):02d} picks", mean_ci(vals), vals.size,
                         "Mean rounds of the games with this many Bays picks in all."))
    ends = events.filter(pl.col("kind") == "game_end")
    if ends.height:
        for (reason,), part in ends.group_by(["end_reason"]):
            rows.append(_row("end_reason_share", str(reason), wilson(part.height, ends.height), ends.height,
                             "Share of games ended by this trigger."))
    return C.metric_frame(rows)


# --- runs --------------------------------------------------------------------------------------


@dataclass
class Run:
    draft: str
    lineup: Lineup
    variant: Variant
    sample: Sample
    command: str
    seconds: float


def simulate(draft: str, lineup: Lineup, n: int, seed: int, runs_dir: Path) -> tuple[str, float]:
    """One run in this process (the runs themselves go in parallel): its command and seconds."""
    path = VARIANTS / f"{draft}.yaml"
    variant = load_variant(path, lineup.overrides)
    sets = "".join(f" --set {o}" for o in lineup.overrides)
    rel = path.relative_to(ROOT)
    command = (f"playtest simulate {rel} -n {n} --players 4 --bots {','.join(lineup.bots)} --seed {seed}{sets}")
    config = RunConfig(n_games=n, players=4, lineup=lineup.bots, seed=seed, workers=1, chunk_size=n, command=command)
    result = run_batch(variant, config, runs_dir / draft / lineup.key)
    return command, result.seconds


def load_run(draft: str, lineup: Lineup, runs_dir: Path, command: str, seconds: float) -> Run:
    variant = load_variant(VARIANTS / f"{draft}.yaml", lineup.overrides)
    info, games, events = read_run(runs_dir / draft / lineup.key)
    return Run(draft, lineup, variant, Sample(info, games, events), command, seconds)


# --- rendering ---------------------------------------------------------------------------------


def metric(sample_table: pl.DataFrame, name: str, group: str = "") -> dict[str, Any] | None:
    part = sample_table.filter((pl.col(C.METRIC) == name) & (pl.col(C.GROUP) == group))
    return part.row(0, named=True) if part.height else None


def fmt(row: dict[str, Any] | None, pct: bool = False, digits: int = 2) -> str:
    if row is None or row[C.ESTIMATE] is None or math.isnan(row[C.ESTIMATE]):
        return "–"
    f = (lambda v: f"{100 * v:.1f}%") if pct else (lambda v: f"{v:+.{digits}f}" if row[C.METRIC].endswith(("gap", "lift", "pick")) else f"{v:.{digits}f}")
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
    if sig is None:
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
    f = (lambda v: f"{100 * v:+.1f} pts") if pct else (lambda v: f"{v:+.2f}")
    lo, hi = row[C.CI_LOW], row[C.CI_HIGH]
    ci = "" if lo is None or math.isnan(lo) else f" [{f(lo)}, {f(hi)}]"
    p = row.get("p_holm")
    ps = "" if p is None or math.isnan(p) else f", p(Holm) {p:.2g}"
    star = " ★" if row.get("significant") else ""
    return f"{f(row[C.ESTIMATE])}{ci}{ps}{star}"


def compare_word(row: dict[str, Any] | None, higher: str = "higher", lower: str = "lower") -> str:
    if row is None or row[C.ESTIMATE] is None or math.isnan(row[C.ESTIMATE]) or row.get("p_holm") is None \
            or math.isnan(row["p_holm"]):
        return "not comparable"
    if row["significant"]:
        return f"significantly {higher if row[C.ESTIMATE] > 0 else lower} than in draft 5"
    return "no detectable difference from draft 5"


QUESTIONS = (
    # (lineup, metric, group, is a rate, label)
    ("greedy", "bays_first_pick_rate", "", True, "Bays first-pick rate (greedy)"),
    ("scripted", "bays_first_pick_rate", "", True, "Bays first-pick rate (scripted line-up)"),
    ("greedy", "bays_cubes_gap", "", False, "cubes placed/game, Bays takers − non-takers (greedy)"),
    ("greedy", "bays_win_lift", "", True, "win-rate lift of taking Bays (greedy)"),
    ("scripted", "bays_win_lift", "", True, "win-rate lift of taking Bays (scripted line-up)"),
    ("scripted", "win_gap", "bays-when-short − no-bays", True, "win share per game, bays-when-short − no-bays"),
    ("late", "win_gap", "late-placer − early-placer", True, "win share, late − early placer (later first cube wins ties)"),
    ("late_reversed", "win_gap", "late-placer − early-placer", True, "win share, late − early placer (earlier first cube wins ties)"),
    ("greedy", "game_length_rounds", "", False, "game length, rounds (greedy)"),
    ("greedy", "rounds_per_bays_pick", "", False, "rounds per extra Bays pick in the game (greedy)"),
    ("scripted", "rounds_per_bays_pick", "", False, "rounds per extra Bays pick in the game (scripted line-up)"),
)


def conclusions(draft: str, tables: dict[str, pl.DataFrame], n_crews: int, cmps: dict[str, Comparison] | None,
                tie_cmp: Comparison | None) -> list[str]:
    """Plain-language conclusions for one draft, each a template filled from the intervals."""
    g, s = tables["greedy"], tables["scripted"]
    out = []
    first = metric(g, "bays_first_pick_rate")
    chance = 1 / n_crews
    if first is not None and not math.isnan(first[C.ESTIMATE]):
        if first[C.CI_LOW] > chance:
            verdict = f"more often than chance ({100 * chance:.0f}%)"
        elif first[C.CI_HIGH] < chance:
            verdict = f"less often than chance ({100 * chance:.0f}%)"
        else:
            verdict = f"about as often as chance ({100 * chance:.0f}%)"
        out.append(f"**Bays as first pick:** greedy players open a round with Bays in {fmt(first, pct=True)} of "
                   f"rounds — {verdict}.")
    gap = metric(g, "bays_cubes_gap")
    out.append("**Net extra placement:** players who take Bays place "
               f"{fmt(gap)} cubes per game compared with those who don't — "
               + direction(gap, "**they do place more cubes** (the observation holds)",
                           "they place *fewer* cubes (the observation does not hold)",
                           "no detectable difference (the observation is not confirmed)") + ".")
    for key, who in (("greedy", "greedy bots"), ("scripted", "the scripted line-up")):
        lift = metric(tables[key], "bays_win_lift")
        out.append(f"**Does taking Bays win?** ({who}) win rate of takers minus non-takers {fmt(lift, pct=True)}: "
                   + direction(lift, "taking Bays goes with **more** wins", "taking Bays goes with **fewer** wins",
                               "no detectable difference") + ".")
    hh = metric(s, "win_gap", "bays-when-short − no-bays")
    out.append(f"**Taking Bays when short of cubes vs never:** per game, bays-when-short's win share minus "
               f"no-bays' {fmt(hh, pct=True)}: "
               + direction(hh, "taking Bays is **stronger**", "taking Bays is **weaker**",
                           "no detectable difference") + ".")
    late = metric(tables["late"], "win_gap", "late-placer − early-placer")
    rev = metric(tables["late_reversed"], "win_gap", "late-placer − early-placer")
    text = (f"**Place few early, many late?** late-placer's win share minus early-placer's {fmt(late, pct=True)} "
            "when later first cubes win ties: "
            + direction(late, "placing late is **stronger**", "placing late is **weaker**", "no detectable difference")
            + f"; with the tie-break reversed {fmt(rev, pct=True)}: "
            + direction(rev, "placing late is still stronger", "placing late is weaker", "no detectable difference"))
    if tie_cmp is not None:
        d = diff_row(tie_cmp, tie_cmp.labels[1], "win_gap", "late-placer − early-placer")
        text += (f". Reversing the tie-break changes the gap by {fmt_diff(d, pct=True)} — "
                 + ("the tie-break **matters** for this style" if d and d.get("significant")
                    else "no detectable effect of the tie-break"))
    out.append(text + ".")
    slope = metric(g, "rounds_per_bays_pick")
    length = metric(g, "game_length_rounds")
    out.append(f"**Draining the stock shortens the game?** games last {fmt(length)} rounds (greedy); each extra Bays "
               f"pick in a game goes with {fmt(slope)} rounds: "
               + direction(slope, "more Bays picks, **longer** games", "more Bays picks, **shorter** games",
                           "no detectable link between Bays picks and game length") + ".")
    if cmps is not None and draft != DRAFTS[0]:
        label = draft
        d_len = diff_row(cmps["greedy"], label, "game_length_rounds")
        d_first = diff_row(cmps["greedy"], label, "bays_first_pick_rate")
        d_late = diff_row(cmps["late"], label, "win_gap", "late-placer − early-placer")
        out.append(f"**Against draft 5:** game length {fmt_diff(d_len)} rounds ({compare_word(d_len, 'longer', 'shorter')}); "
                   f"Bays first-pick rate {fmt_diff(d_first, pct=True)} ({compare_word(d_first)}); "
                   f"late-minus-early placer gap {fmt_diff(d_late, pct=True)} ({compare_word(d_late)}).")
    ends = g.filter(pl.col(C.METRIC) == "end_reason_share").sort(C.ESTIMATE, descending=True)
    if ends.height:
        parts = ", ".join(f"{r[C.GROUP]} {100 * r[C.ESTIMATE]:.0f}%" for r in ends.iter_rows(named=True))
        out.append(f"**What ends the game** (greedy): {parts}.")
    return out


def render(runs: dict[tuple[str, str], Run], tables: dict[tuple[str, str], pl.DataFrame],
           cmps: dict[str, Comparison], tie_cmps: dict[str, Comparison], args: argparse.Namespace,
           seconds: float) -> str:
    n, seed = args.games, args.seed
    lines = [
        "# Stargate: the designer's three observations, measured",
        "",
        "<!-- Generated by `make findings` (python -m playtest.games.stargate.findings). Do not edit: rerun it. -->",
        "",
        f"Generated {time.strftime('%Y-%m-%d %H:%M')} by `make findings` "
        f"(`python -m playtest.games.stargate.findings --games {n} --seed {seed} --workers {args.workers}`), "
        f"{len(runs)} runs of {n} games each, 4 players, in {seconds / 60:.1f} minutes. "
        "Every number below comes from these runs; intervals are 95%. "
        "Observations from 問題点 (the designer's notes at the top of the draft-5 rulebook):",
        "",
        "1. 「特に人気なのがキューブ増やす系。まずこれを選ぶ…結局通常手番数分より１個多く配置できる」 — "
        "Bays (the cube-gaining crew) is everyone's first pick, and its two cubes buy a net extra placement.",
        "2. 「後置き優先としたため、序盤に少なく置き、様子を見て後からたくさん置く方が有利」 — since later placement "
        "wins ties, placing few cubes early and many late is stronger.",
        "3. 「リソースをさっさと枯らして終了…全体ラウンド数が短くなる」 — draining the stock early shortens everyone's game.",
        "",
        "Line-ups (seats rotate game by game): "
        + "; ".join(f"**{lu.key}** = {', '.join(lu.bots)}" + (f" with `--set {lu.overrides[0]}`" if lu.overrides else "")
                    for lu in LINEUPS) + ".",
        "The greedy bot takes the whole turn that maximises its provisional lead; scripted bots add a constraint "
        "(bays-when-short: Bays whenever available while holding at most 3 cubes; no-bays: never Bays; "
        "late-placer: at most 1 cube per turn in rounds 1–3, then as many as possible; early-placer: the reverse). "
        "Players are bots, not people: a bot's pick rate says what that bot does; whether Bays *pays* is "
        "measured by the takers' placements and wins, and by the controlled bays-when-short vs no-bays pair.",
        "",
    ]
    base = DRAFTS[0]
    t5 = {lu.key: tables[(base, lu.key)] for lu in LINEUPS}
    lines += ["## Draft 5", ""]
    lines += ["### 1. Is Bays the favourite first pick, and does it buy an extra placement?", "",
              "| measure | greedy | scripted line-up |", "| --- | --- | --- |"]
    for name, group, pct, label in (("bays_first_pick_rate", "", True, "Bays first-pick rate"),
                                    ("bays_pick_rate", "", True, "Bays pick rate (all turns)"),
                                    ("cubes_placed", "Bays takers", False, "cubes placed/game, Bays takers"),
                                    ("cubes_placed", "non-takers", False, "cubes placed/game, non-takers"),
                                    ("bays_cubes_gap", "", False, "difference (takers − non-takers)"),
                                    ("win_rate", "Bays takers", True, "win rate, Bays takers"),
                                    ("win_rate", "non-takers", True, "win rate, non-takers"),
                                    ("bays_win_lift", "", True, "win-rate lift of taking Bays"),
                                    ("win_gap", "bays-when-short − no-bays", True, "win share per game, bays-when-short − no-bays")):
        lines.append(f"| {label} | {fmt(metric(t5['greedy'], name, group), pct)} | "
                     f"{fmt(metric(t5['scripted'], name, group), pct)} |")
    lines += ["", "### 2. Does placing late beat placing early?", "",
              "| measure | later first cube wins ties (draft 5) | earlier first cube wins ties |", "| --- | --- | --- |"]
    for name, group, label in (("win_rate", "late-placer", "late-placer win rate"),
                               ("win_rate", "early-placer", "early-placer win rate"),
                               ("win_gap", "late-placer − early-placer", "per game, late − early win share")):
        lines.append(f"| {label} | {fmt(metric(t5['late'], name, group), True)} | "
                     f"{fmt(metric(t5['late_reversed'], name, group), True)} |")
    d = diff_row(tie_cmps[base], tie_cmps[base].labels[1], "win_gap", "late-placer − early-placer")
    lines += ["", f"Effect of reversing the tie-break on the late − early gap (paired, same deals): {fmt_diff(d, True)}.", ""]
    lines += ["### 3. Does draining the stock shorten the game?", "",
              "| measure | greedy | scripted line-up |", "| --- | --- | --- |"]
    for name, group, label in (("game_length_rounds", "", "game length (rounds)"),
                               ("rounds_per_bays_pick", "", "rounds per extra Bays pick in the game (slope)")):
        lines.append(f"| {label} | {fmt(metric(t5['greedy'], name, group))} | {fmt(metric(t5['scripted'], name, group))} |")
    by = t5["greedy"].filter(pl.col(C.METRIC) == "game_length_by_bays_picks").sort(C.GROUP)
    lines += ["", "Game length by Bays picks in the game (greedy; groups of at least 20 games):", "",
              "| Bays picks | games | mean rounds |", "| --- | --- | --- |"]
    for r in by.filter(pl.col(C.N) >= 20).iter_rows(named=True):
        lines.append(f"| {int(r[C.GROUP].split()[0])} | {r[C.N]} | {fmt(r)} |")
    na = DRAFTS[1]
    d_len = diff_row(cmps["greedy"], na, "game_length_rounds")
    lines += ["", f"Under the no-replenish draft ({na}) games last {fmt(metric(tables[(na, 'greedy')], 'game_length_rounds'))} "
              f"rounds (greedy): {fmt_diff(d_len)} against draft 5 ({compare_word(d_len, 'longer', 'shorter')}).", ""]
    lines += ["**Conclusions for draft 5**", ""]
    lines += [f"- {c}" for c in conclusions(base, t5, len(runs[(base, 'greedy')].variant.model.crews), None, tie_cmps[base])]
    lines += ["", "## The new drafts side by side with draft 5", "",
              "Each new draft against draft 5 on the same deals and bot dice (common random numbers): the value, then "
              "the difference from draft 5 with its 95% interval and Holm-adjusted p-value (over every metric of that "
              "line-up's comparison), computed by the compare library (`playtest.compare.compare_samples`, paired "
              "jackknife over 20 blocks of games) on the findings metrics. ★ = significant at 5% after Holm.", ""]
    header = "| question | " + " | ".join(DRAFTS) + " |"
    lines += [header, "| --- |" + " --- |" * len(DRAFTS)]
    for key, name, group, pct, label in QUESTIONS:
        cells = [fmt(metric(tables[(DRAFTS[0], key)], name, group), pct)]
        for dr in DRAFTS[1:]:
            v = fmt(metric(tables[(dr, key)], name, group), pct)
            cells.append(f"{v}<br>Δ {fmt_diff(diff_row(cmps[key], dr, name, group), pct)}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", "What ended the games (greedy line-up):", "", "| draft | " + " | ".join(
        ("stock_empty", "planets_full", "out_of_cubes", "round_cap", "max_rounds")) + " |", "| --- |" + " --- |" * 5]
    for dr in DRAFTS:
        t = tables[(dr, "greedy")]
        cells = [fmt(metric(t, "end_reason_share", r), True) for r in
                 ("stock_empty", "planets_full", "out_of_cubes", "round_cap", "max_rounds")]
        lines.append(f"| {dr} | " + " | ".join(cells) + " |")
    lines += ["", "## Conclusions per draft", "",
              "Generated from the numbers above: \"significantly\" means the 95% interval excludes zero (for the "
              "comparisons with draft 5: Holm-adjusted p < 0.05); otherwise the text says no difference was detected "
              f"with {n} games — a small effect may still exist.", ""]
    for dr in DRAFTS[1:]:
        t = {lu.key: tables[(dr, lu.key)] for lu in LINEUPS}
        v = runs[(dr, "greedy")].variant
        lines += [f"### {dr} ({v.model.rules_version}: {v.model.name})", ""]
        lines += [f"- {c}" for c in conclusions(dr, t, len(v.model.crews), cmps, tie_cmps[dr])]
        lines.append("")
    lines += ["## Commands", "",
              "Everything above: `make findings` (creates the virtualenv if missing), i.e.", "",
              "```", f"python -m playtest.games.stargate.findings --games {n} --seed {seed} --workers {args.workers}", "```", "",
              "Each run is exactly this `playtest simulate` command (same rows for any --workers); its tables are "
              f"kept in `{args.runs_dir}/<draft>/<line-up>/`:", "", "```"]
    lines += [r.command for r in runs.values()]
    lines += ["```", "",
              "The side-by-side comparisons use the same runs; `playtest compare` reproduces them with the report's "
              "full metric set, e.g.:", "", "```"]
    files = " ".join(f"variants/stargate/{d}.yaml" for d in DRAFTS)
    for lu in LINEUPS:
        sets = "".join(f" --set {o}" for o in lu.overrides)
        lines.append(f"playtest compare {files} -n {n} --players 4 --bots {','.join(lu.bots)} --seed {seed}{sets}")
    lines += ["```", "",
              "Statistics: rates have Wilson intervals; differences of two rates Newcombe's; means t intervals; "
              "takers − non-takers Welch; the per-game late − early (and bays-first − no-bays) win-share gap a paired t "
              "interval over games; the Bays-picks slope an OLS interval. Takers and non-takers are not randomised "
              "groups (players choose Bays): the lift describes association under these bots, not a causal effect; "
              "the bays-first vs no-bays line-up is the controlled version.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playtest.games.stargate.findings", description=__doc__.splitlines()[0])
    parser.add_argument("--games", "-n", type=int, default=400, help="Games per run (default 400: about 8 minutes on 2 cores).")
    parser.add_argument("--seed", type=int, default=2024, help="Root seed shared by every run.")
    parser.add_argument("--workers", "-w", type=int, default=2, help="Runs simulated in parallel (processes).")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "stargate-findings.md")
    parser.add_argument("--runs-dir", type=Path, default=Path("reports") / "findings")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    runs: dict[tuple[str, str], Run] = {}
    jobs = [(d, lu) for d in DRAFTS for lu in LINEUPS]
    with ProcessPoolExecutor(max_workers=max(1, args.workers), mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(simulate, d, lu, args.games, args.seed, args.runs_dir): (d, lu) for d, lu in jobs}
        for fut in as_completed(futures):
            d, lu = futures[fut]
            command, seconds = fut.result()
            runs[(d, lu.key)] = load_run(d, lu, args.runs_dir, command, seconds)
            print(f"  {d:24s} {lu.key:14s} {args.games} games in {seconds:5.1f}s", file=sys.stderr)
    runs = {(d, lu.key): runs[(d, lu.key)] for d, lu in jobs}
    tables = {k: findings_metrics(r.sample.info, r.sample.games, r.sample.events) for k, r in runs.items()}
    settings = Settings()
    cmps = {lu.key: compare_samples([runs[(d, lu.key)].sample for d in DRAFTS], DRAFTS,
                                    [runs[(d, lu.key)].variant.resolved for d in DRAFTS],
                                    settings=settings, metric_fn=findings_metrics) for lu in LINEUPS}
    tie_cmps = {d: compare_samples([runs[(d, "late")].sample, runs[(d, "late_reversed")].sample],
                                   [d, f"{d}+reversed"], settings=settings, metric_fn=findings_metrics)
                for d in DRAFTS}
    text = render(runs, tables, cmps, tie_cmps, args, time.perf_counter() - started)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(args.out, text)
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
