"""One tuning run: the base, the study over candidates (common random numbers), and the
re-evaluation of the best few on fresh games before one is declared best.

Every candidate plays games 0 … n−1 of the same root seed (same deals, same bot dice): the
differences between candidates are the rules', not the luck's. The best `confirm_top` distinct
candidates and the base then play games n … n+m−1 — games the search never saw, so the winner is
not picked by the noise it was selected on — and the lowest objective there wins (candidates
tied there, e.g. several meeting every bound, are told apart by how many bounds hold with the
stated confidence, decided as `playtest diff` gates against the base). The winner and
the base are compared on those games with the paired jackknife of `playtest compare`.

When the base's objective on the fresh games is as low as the best candidate's, the base wins
(Result.base_wins): no searched value is shown to help, so none is offered for adoption — the
best candidate is still reported, but no trial is marked best and the command writes no best.yaml.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.compare.gates import GateResult, evaluate
from playtest.compare.jackknife import (
    Estimate,
    Replicates,
    Sample,
    jackknife,
    no_surer_than,
    replicate,
)
from playtest.compare.stats import sign_flip_p
from playtest.core.spec import MetricInfos
from playtest.errors import PlaytestError, UsageError, VariantError
from playtest.games import get_game
from playtest.io import STAGING_MARK, for_polars, not_regular, write_parquet_atomic
from playtest.polars_panics import panics_as_errors
from playtest.report.format import is_share
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.sim.rundir import first_line, read_json
from playtest.tune import goals as G
from playtest.tune.metrics import tune_metrics
from playtest.tune.space import Param, candidate, invalid_reason
from playtest.tune.study import (
    INVALID,
    REPEAT_OF,
    best_distinct,
    check_study,
    complete,
    open_study,
    run_study,
    storage_errors,
)
from playtest.variants import Variant, load_variant
from playtest.variants.diff import Change, changes_said
from playtest.variants.loader import rules_edited

STUDY_FILE = "study.db"
SCRATCH, CONFIRM = f".scratch{STAGING_MARK}runs", f".confirm{STAGING_MARK}runs"
"""The search's own runs (the base's and each trial's; the re-evaluations'), removed once used: named
as a command's staging folder is, so that one that fails (a full disk) is said of the search's
folder, which --resume continues (io.outside_staging), not as a run for `playtest simulate
--resume` to finish."""
SETTINGS_FILE = "search.json"
BASE_METRICS = "base-metrics.parquet"


@dataclass(frozen=True)
class Settings:
    """Everything that defines a tuning run. On resume the search's own settings must match;
    `budget`, `workers` and the re-evaluation (`confirm_top`, `confirm_games`) may change."""

    variant: Path
    params: tuple[Param, ...]
    goals: G.Goals
    goals_text: str
    games: int
    players: int
    lineup: tuple[str, ...]
    seed: int
    budget: int
    confirm_top: int
    confirm_games: int
    workers: int = 0
    command: str = ""
    rules_hash: str = ""
    """The hash of the variant's resolved rules, its name and description left out
    (`variants.loader.rules_hash`): the file's path alone let a search resumed after the file (or a
    draft it extends) was edited mix trials of two base variants; the whole file's hash refused one
    whose description alone was reworded."""
    written_rules_hash: str = ""
    """The same rules' hash as an older playtest stored it (`Variant.written_rules_hash`; empty
    when it is `rules_hash`): a search it began is resumed, not refused as edited. Not part of the
    fingerprint."""
    resolved: dict[str, Any] | None = None
    """The variant's resolved data (`Variant.resolved`), stored beside the fingerprint and not
    compared: where `rules_hash` differs on resume, the keys that changed are named from it (the
    refusal said only that something was edited), and a search whose draft now writes out a key at
    the default its trials played with is resumed (the same rules, another hash)."""

    def fingerprint(self) -> dict[str, Any]:
        out = {"variant": str(self.variant.resolve()), "params": [p.text for p in self.params],
               "goals": self.goals_text, "games": self.games, "players": self.players,
               "lineup": list(self.lineup), "seed": self.seed}
        if self.rules_hash:
            out["rules_hash"] = self.rules_hash
        return out

    def config(self, first_game: int, n: int) -> RunConfig:
        return RunConfig(n_games=n, players=self.players, lineup=self.lineup, seed=self.seed,
                         workers=self.workers, first_game=first_game, command=self.command)


UNDEFINED = 1e300
"""The study's value for a candidate whose objective is undefined (a goal's metric missing from
its games, or switched off by its settings: GameSpec.switched_off): Optuna needs a number, and
this one ranks it last. Shown as `objective_text` says, never as 1e+300."""


def objective_text(value: float) -> str:
    """An objective as the tune output writes it: 4 significant digits, or 'undefined'."""
    return f"{value:.4g}" if math.isfinite(value) and value < UNDEFINED else "undefined"


UNDEFINED_NOTE = ("undefined: a goal's metric is missing from that candidate's games or switched off by its "
                  "settings, so no distance to the goal exists (ranked last)")
"""Printed under the re-evaluated candidates' table when it shows an undefined objective (a
candidate that is no valid variant is never re-evaluated: study.best_distinct)."""


@dataclass(frozen=True)
class Candidate:
    trial: int
    values: dict[str, Any]
    search_objective: float
    confirm_objective: float
    confirm_goals: list[G.GoalValue]
    same_as_base: bool = False
    """Every tuned key at the base's own value: the sampler may propose it, and "Keep the base
    ... against trial 4" did not say that trial 4 was the base itself."""


@dataclass(frozen=True)
class GoalRow:
    """One goal on the confirmation games: winner and base, with 95% intervals."""

    spec: G.GoalSpec
    shown: str
    best: tuple[float, float, float]
    base: tuple[float, float, float]
    diff: tuple[float, float, float]
    best_distance: float
    base_distance: float


@dataclass
class Result:
    settings: Settings
    trials: pl.DataFrame
    base_search: list[G.GoalValue]
    base_objective: float
    base_confirm_objective: float
    candidates: list[Candidate]
    winner: Candidate
    winner_variant: Variant
    goal_rows: list[GoalRow]
    gates: list[GateResult] = field(default_factory=list)
    resumed_from: int = 0
    gain: Gain | None = None
    """The winner's objective minus the base's on the fresh games, with its paired interval."""

    @property
    def declared(self) -> MetricInfos:
        """What the game declares about its own metrics (GameSpec.metric_info): their units."""
        return get_game(self.winner_variant.game).metric_info

    @property
    def base_wins(self) -> bool:
        """The base does as well as the best candidate on the fresh games (or better), or the
        candidate's lower objective there is not shown to be lower than the base's (`Gain`): a
        change that is not shown to help should not be adopted."""
        return base_wins(self.base_confirm_objective, self.winner.confirm_objective, self.gain)


@dataclass(frozen=True)
class Gain:
    """The winner's objective minus the base's on the fresh games (negative: the winner is
    closer to the goals) with its 95% interval from the paired jackknife over blocks of games,
    the objective recomputed on each leave-one-block-out replicate of both (`objective_gain`).
    `shown`: the interval lies below 0 (or, when the gain is the same in every block, enough
    blocks agree to rule out chance, as compare's 'the same in every game of each')."""

    estimate: float
    low: float
    high: float
    shown: bool


def base_wins(base_objective: float, best_objective: float, gain: Gain | None = None) -> bool:
    """See Result.base_wins."""
    return base_objective <= best_objective or (gain is not None and not gain.shown)


def objective_gain(goals: G.Goals, reps: Replicates, alpha: float = 0.05) -> Gain:
    """The winner's (variant 1) objective minus the base's (variant 0) on their replicates: 80
    fresh games took the objective from 0.41 to 0.13 while each goal's own change had an
    interval across 0, and the candidate was written to best.yaml as if shown to help. Like
    compare's differences (Replicates.tested), it is never surer than the sign-flip test over the
    blocks that hold a row it rests on whose value is the same in every block only because few
    games hold it: a goal met by a mean that the 3 games holding it gave alike read as shown
    from the base's spread alone."""
    def objective_at(column: int | None) -> float:
        best, base = _goals_at(goals, reps, column)
        return G.objective(goals, best) - G.objective(goals, base)

    est = objective_at(None)
    if est == -math.inf:
        # The base has no value for some goal (its metric switched off or missing) and the winner
        # has: reaching it at all is the change asked for, as before there were intervals.
        return Gain(est, math.nan, math.nan, True)
    reps_gain = np.array([objective_at(j) for j in range(reps.k)])
    if not math.isfinite(est) or not np.isfinite(reps_gain).all():
        return Gain(est, math.nan, math.nan, False)
    gain = jackknife(est, reps_gain)
    keys = _gain_rows(goals, reps)
    if gain.se == 0:
        blocks = reps.evidence_blocks(keys) if keys else reps.k
        return Gain(est, est, est, est < 0 and sign_flip_p(blocks) <= alpha)
    low, high = no_surer_than(gain, reps.thin_constant_blocks(keys)).interval(1 - alpha)
    return Gain(est, low, high, high < 0)


def _goals_at(goals: G.Goals, reps: Replicates,
              column: int | None) -> tuple[list[G.GoalValue], list[G.GoalValue]]:
    """The goals' values of the winner (variant 1) and of the base (variant 0) on all the fresh
    games (`column` None) or with block `column` left out."""
    values: list[dict[tuple[str, str], float]] = [{}, {}]
    for i, (v, m, g) in enumerate(reps.keys):
        x = float(reps.full[i] if column is None else reps.reps[i, column])
        # A row the left-out games do not have (the one 9-round game was in this block) is not
        # in their metric table, and the objective there is taken over the rows they have: as
        # NaN it made the objective infinite and the gain had no interval.
        if column is None or not math.isnan(x) or math.isnan(reps.full[i]):
            values[v][(m, g)] = x
    return G.goal_values_of(goals, values[1], values[0]), G.goal_values_of(goals, values[0], values[0])


def _gain_rows(goals: G.Goals, reps: Replicates) -> list[tuple[int, str, str]]:
    """The rows the gain rests on: the shown group (a spread's pair) of each goal whose distance
    differs between the winner (1) and the base (0). Their blocks (Replicates.evidence_blocks)
    are the K of the sign-flip test of a gain the same in every block, as compare's 'set by the
    rules' (a goal on the 2 games of 80 that reached round 17 rests on 2 blocks); one the same in
    every block of the few that hold it floors the test of any other gain
    (Replicates.thin_constant_blocks)."""
    best, base = _goals_at(goals, reps, None)
    keys: list[tuple[int, str, str]] = []
    for spec, w, b in zip(goals.items, best, base, strict=True):
        if w.distance == b.distance:
            continue
        sides = ((1, w.groups), (0, w.groups)) if spec.of == "change" else ((1, w.groups), (0, b.groups))
        for v, groups in sides:
            keys += [(v, spec.metric, g) for g in groups if reps.has((v, spec.metric, g))]
    return keys


Progress = Callable[[str], None]


def simulate(variant: Variant, config: RunConfig, folder: Path) -> Sample:
    """Play the games into `folder` and read them back."""
    run_batch(variant, config, folder)
    info, games, events = read_run(folder)
    return Sample(info, games, events)


def check_settings(work: Path, settings: Settings) -> None:
    """On resume: the stored search must be the same search (see Settings)."""
    path = work / SETTINGS_FILE
    if not path.is_file():
        raise UsageError(f"--resume: {work} holds no search settings ({SETTINGS_FILE}); start again with --force")
    try:
        stored = read_json(path)
        if (work / STUDY_FILE).exists():
            check_study(work / STUDY_FILE)
        if (work / BASE_METRICS).exists():
            _check_base_metrics(work / BASE_METRICS)
    except PlaytestError as exc:  # a damaged file: the search cannot go on from it
        raise UsageError(f"--resume: {exc}; start again with --force") from None
    mine = settings.fingerprint()
    for key, value in mine.items():
        if key == "rules_hash":  # (a search stored before this hash was kept has none: nothing to compare)
            if key in stored and stored[key] not in (value, settings.written_rules_hash or value):
                edits = _edits(stored.get(RESOLVED_KEY), settings.resolved)
                if edits is None or edits:  # (none: the same rules, written another way)
                    said = f": {changes_said(edits)}" if edits else ""
                    raise UsageError(f"--resume: the variant's rules have changed since the search began "
                                     f"({settings.variant}, or a draft it extends, was edited{said}): its trials were "
                                     "played with the old rules; undo the edit, or --force to start again")
            continue
        if stored.get(key) != value:
            raise UsageError(f"--resume: the stored search has another {_SETTING.get(key, key)} "
                             f"({json.dumps(stored.get(key), ensure_ascii=False)}); give the same options, or --force to start again")


_SETTING = {"variant": "variant file", "params": "--param list", "goals": "goals file (--target)",
            "games": "number of games per candidate (-n)", "players": "--players", "lineup": "line-up (--bots)",
            "seed": "--seed"}
"""How `check_settings` names each part of `Settings.fingerprint` ('has another --param list', not
'has a different params')."""


def _check_base_metrics(path: Path) -> None:
    """The base's metrics stored by the interrupted search read as a metric table: the whole
    table (a few hundred rows), as the search reads it once it has copied the search aside: a
    damaged page read only there ended as an internal error, exit 1, the copy left behind."""
    if not path.is_file():  # a named pipe: polars waited for a writer for ever, deaf to Ctrl-C
        raise PlaytestError(f"{path}: {not_regular(path)}")
    try:
        with panics_as_errors():
            schema = pl.read_parquet(for_polars(path), glob=False).schema
    except (OSError, pl.exceptions.PolarsError) as exc:
        raise PlaytestError(f"{path}: cannot read: {first_line(exc)}") from None
    missing = [c for c in C.METRIC_SCHEMA if c not in schema]
    if missing:
        raise PlaytestError(f"{path}: not a metric table (no column {missing[0]})")


RESOLVED_KEY = "resolved"
"""search.json's copy of the base variant's resolved data (Settings.resolved)."""


def _edits(stored: Any, now: dict[str, Any] | None) -> list[Change] | None:
    """The rule keys edited since the search stored its variant's data (`rules_edited`), or None
    when that cannot be told (a search stored before the data was kept, or a damaged copy): then
    the hashes decide."""
    return rules_edited(stored, now) if isinstance(stored, dict) and now is not None else None


def write_settings(work: Path, settings: Settings) -> None:
    from playtest.io import write_atomic

    data = {**settings.fingerprint(), **({RESOLVED_KEY: settings.resolved} if settings.resolved is not None else {})}
    write_atomic(work / SETTINGS_FILE, json.dumps(data, indent=2, ensure_ascii=False))


def _attrs(values: Sequence[G.GoalValue], objective: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, v in enumerate(values):
        col = G.goal_column(i)
        out[col] = None if math.isnan(v.quantity) else v.quantity
        out[f"{col}_group"] = v.shown
        out[f"{col}_distance"] = None if math.isinf(v.distance) else v.distance
    out["objective_finite"] = math.isfinite(objective)
    return out


def run(settings: Settings, work: Path, progress: Progress | None = None,
        sections: Collection[str] | None = None) -> Result:
    """The whole tuning run in `work` (the study and settings stay there; scratch runs are
    removed). Resumes whatever trials `work/study.db` already holds. `sections`: the report
    sections that hold the goals' metrics (None: all). Every trial, and each of the confirmation
    jackknife's ~31 recomputations per variant, computes only those: a goal on the win rate by
    seat needs 2 of the report's ~10 sections."""
    say = progress or (lambda _msg: None)
    fn = tune_metrics(sections)
    scratch = work / SCRATCH
    base = load_variant(settings.variant)
    base_file = work / BASE_METRICS
    if base_file.is_file():
        with panics_as_errors():
            base_table = pl.read_parquet(for_polars(base_file), glob=False)
    else:
        say(f"base: {settings.games} games …")
        s = simulate(base, settings.config(0, settings.games), scratch / "base")
        base_table = fn(s.info, s.games, s.events)
        write_parquet_atomic(base_file, base_table)  # a resumed search reads it
        shutil.rmtree(scratch / "base", ignore_errors=True)
    G.check_against_probe(settings.goals, base_table, get_game(base.game).metric_info, players=settings.players)
    base_values = G.goal_values(settings.goals, base_table, base_table)
    base_obj = G.objective(settings.goals, base_values)
    say(f"base objective {base_obj:.4g}")

    def evaluate_candidate(values: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        try:
            variant = candidate(settings.variant, settings.params, values)
        except VariantError as exc:
            # Each tuned range was checked alone before the search; two keys' values together
            # can still break a rule across keys (an explore draw of 30 with 10 bonus picks needs
            # more worlds than the bag holds). Such a candidate is no variant: ranked last with
            # its reason, and the search goes on (it stopped the tune, naming --set values the
            # user never typed, and a --resume met the same trial again).
            return UNDEFINED, {"objective_finite": False, INVALID: invalid_reason(exc)}
        folder = scratch / "trial"
        shutil.rmtree(folder, ignore_errors=True)
        s = simulate(variant, settings.config(0, settings.games), folder)
        table = fn(s.info, s.games, s.events)
        shutil.rmtree(folder, ignore_errors=True)
        gv = G.goal_values(settings.goals, table, base_table)
        obj = G.objective(settings.goals, gv)
        return (obj if math.isfinite(obj) else UNDEFINED), _attrs(gv, obj)

    def report(number: int, values: dict[str, Any], value: float, repeat: bool, attrs: dict[str, Any]) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in values.items())
        why = attrs.get(INVALID)
        result = f"not a valid variant ({why})" if why else objective_text(value)
        say(f"trial {number}: {shown} → {result}{' (repeat)' if repeat else ''}")

    with storage_errors(work / STUDY_FILE):
        study = open_study(work / STUDY_FILE)
        resumed = len(complete(study))
        if resumed:
            say(f"resuming: {resumed} trials already complete")
        run_study(study, settings.params, seed=settings.seed, budget=settings.budget,
                  evaluate=evaluate_candidate, progress=report)
    shutil.rmtree(scratch, ignore_errors=True)

    # Re-evaluate the best few (and the base) on fresh games.
    top = best_distinct(study, settings.confirm_top)
    if not top:
        # A candidate whose objective is undefined is still re-evaluated (ranked last, UNDEFINED_NOTE):
        # none is left only when every candidate tried was no valid variant.
        raise UsageError("no candidate to re-evaluate: the tuned values of every candidate tried together make "
                         "no valid variant (each trial's line says why)")
    first, m = settings.games, settings.confirm_games
    confirm = work / CONFIRM
    shutil.rmtree(confirm, ignore_errors=True)
    say(f"re-evaluating the best {len(top)} and the base on {m} fresh games each …")
    base_sample = simulate(base, settings.config(first, m), confirm / "base")
    base_conf_table = fn(base_sample.info, base_sample.games, base_sample.events)
    base_conf = G.goal_values(settings.goals, base_conf_table, base_conf_table)
    cands: list[tuple[Candidate, Sample, Variant]] = []
    for i, t in enumerate(top):
        values = {p.key: p.decode(t.params[p.key]) for p in settings.params}
        variant = candidate(settings.variant, settings.params, values)
        sample = simulate(variant, settings.config(first, m), confirm / f"candidate-{i + 1}")
        table = fn(sample.info, sample.games, sample.events)
        gv = G.goal_values(settings.goals, table, base_conf_table)
        assert t.value is not None  # best_distinct keeps only valid variants' trials with a finite value
        searched = float(t.value) if t.user_attrs.get("objective_finite", True) else math.inf
        own = variant.model == base.model  # the overrides change nothing (the same file, read the same way)
        cands.append((Candidate(t.number, values, searched, G.objective(settings.goals, gv), gv, own), sample, variant))
        said = f"trial {t.number}, the base's own values" if own else f"trial {t.number}"
        say(f"candidate {i + 1} ({said}): search {objective_text(searched)}, "
            f"fresh games {objective_text(cands[-1][0].confirm_objective)}")
    gates = settings.goals.as_gates()
    low = min(c.confirm_objective for c, _, _ in cands)
    tied = [c for c in cands if c[0].confirm_objective == low]
    checked: dict[int, tuple[Replicates, list[GateResult]]] = {}
    if len(tied) > 1 and gates is not None:
        # Several candidates meet every bound on the fresh games (objective 0 with bounds only):
        # prefer the one whose bounds hold with the stated confidence (most gates passed).
        say(f"{len(tied)} candidates tie at {low:.4g}: deciding the bounds as gates for each …")
        for c, sample, _ in tied:
            r = replicate([base_sample, sample], fn)
            checked[c.trial] = (r, evaluate(gates, r))

    def rank(c: tuple[Candidate, Sample, Variant]) -> tuple[float, int, int, float, int]:
        results = checked.get(c[0].trial, (None, []))[1]
        passed = sum(g.status == "pass" for g in results)
        failed = sum(g.status == "fail" for g in results)
        return (c[0].confirm_objective, -passed, failed, c[0].search_objective, c[0].trial)

    winner, win_sample, win_variant = min(cands, key=rank)
    if winner.trial in checked:
        reps, gate_results = checked[winner.trial]
    else:
        reps = replicate([base_sample, win_sample], fn)
        gate_results = evaluate(gates, reps) if gates is not None else []
    rows = goal_rows(settings.goals, reps, winner.confirm_goals, base_conf)
    # Keep the runs of the base and the winner (the report can be rebuilt from them).
    runs = work / "runs"
    shutil.rmtree(runs, ignore_errors=True)
    runs.mkdir(parents=True)
    shutil.move(str(confirm / "base"), str(runs / "base"))
    shutil.move(str(confirm / f"candidate-{cands.index((winner, win_sample, win_variant)) + 1}"), str(runs / "best"))
    shutil.rmtree(confirm, ignore_errors=True)
    base_conf_obj = G.objective(settings.goals, base_conf)
    gain = objective_gain(settings.goals, reps)
    adopted = None if base_wins(base_conf_obj, winner.confirm_objective, gain) else winner.trial
    table = trials_table(study, settings, {c.trial: c.confirm_objective for c, _, _ in cands}, adopted)
    return Result(settings, table, base_values, base_obj, base_conf_obj,
                  [c for c, _, _ in cands], winner, win_variant, rows, gate_results, resumed, gain)


def _ci(est: Estimate) -> tuple[float, float, float]:
    """The estimate with its 95% interval (NaN when its standard error is unknown)."""
    lo, hi = est.interval(0.95) if not math.isnan(est.se) else (math.nan, math.nan)
    return est.estimate, lo, hi


def _is_point(t: tuple[float, float, float]) -> bool:
    """An interval of zero width: the jackknife of a quantity the same in every game."""
    est, lo, hi = t
    return not math.isnan(lo) and hi - lo <= 1e-12 * max(1.0, abs(est))


def _difference(reps: Replicates, terms: list[tuple[float, tuple[int, str, str]]]) -> tuple[float, float, float]:
    """A difference of rows (a spread, a change, best − base) with its 95% jackknife interval,
    or a point without one: a difference whose every game gave one value on each side (0 rebids
    in all 800 games of base and best) has a jackknife interval of the point itself,
    '+0.0 pts [+0.0, +0.0]', which reads as certain. Its interval is compare's (Replicates.tested):
    never surer than the sign-flip test over the few blocks that hold a row the same in each of
    them (the winner's mean score of the 3 games that reached round 16)."""
    t = _ci(reps.tested(terms))
    return (t[0], math.nan, math.nan) if _is_point(t) else t


def _value_ci(reps: Replicates, variant: int, metric: str, group: str) -> tuple[float, float, float]:
    """One variant's value of a goal with its 95% interval: the jackknife's, except for a value
    the same in every game (a bot that won none of 800 games), whose jackknife interval is the
    point itself ('0.0% [0.0%, 0.0%]', read as certain); it gets the interval the run's own report
    gives that row (Wilson's over the games: [0.0%, 0.5%]), or none when the report has none."""
    est, lo, hi = _ci(reps.value((variant, metric, group)))
    if not _is_point((est, lo, hi)):
        return est, lo, hi
    low, high = reps.table_interval((variant, metric, group))
    if math.isnan(low) or math.isnan(high) or not low - 1e-12 <= est <= high + 1e-12:
        return est, math.nan, math.nan
    return est, low, high


def goal_rows(goals: G.Goals, reps: Replicates, best: list[G.GoalValue], base: list[G.GoalValue]) -> list[GoalRow]:
    """Each goal's quantity for the winner (1) and the base (0) with paired 95% intervals (a value
    the same in every game: the report's own interval, `_value_ci`; a spread, change or best −
    base the same in every game: a point, `_difference`). For a spread, the pair of groups shown
    is the winner's widest; the base is shown on the same pair."""
    rows = []
    for spec, bv, av in zip(goals.items, best, base, strict=True):
        m = spec.metric
        if spec.of == "spread":
            a, b = bv.groups if len(bv.groups) == 2 else ("", "")  # undefined: no pair
            w = _difference(reps, [(1.0, (1, m, a)), (-1.0, (1, m, b))])
            o = _difference(reps, [(1.0, (0, m, a)), (-1.0, (0, m, b))])
            d = _difference(reps, [(1.0, (1, m, a)), (-1.0, (1, m, b)), (-1.0, (0, m, a)), (1.0, (0, m, b))])
        elif spec.of == "change":
            g = bv.shown
            w = _difference(reps, [(1.0, (1, m, g)), (-1.0, (0, m, g))])
            o = (0.0, math.nan, math.nan)  # the base's change from itself: 0 by definition, a point
            d = w
        else:
            g = bv.shown
            w = _value_ci(reps, 1, m, g)
            o = _value_ci(reps, 0, m, g)
            d = _difference(reps, [(1.0, (1, m, g)), (-1.0, (0, m, g))])
        if is_share(m, reps.declared) and m in reps.metrics_within_0_and_1():
            # what a share's quantity can be, as compare and the gates cut it: a value [0, 1], a
            # spread or change [-1, 1], best − base of a spread [-2, 2] (16 games gave a spread of
            # win rates as +83.3 pts [+50.2 pts, +116.4 pts])
            span = 2.0 if spec.of == "spread" else 1.0
            lo_v = 0.0 if spec.of == "value" else -1.0
            w, o = _cut(w, lo_v, 1.0), _cut(o, lo_v, 1.0)
            d = _cut(d, -span, span)
        rows.append(GoalRow(spec, bv.shown, w, o, d, bv.distance, av.distance))
    return rows


def _cut(t: tuple[float, float, float], low: float, high: float) -> tuple[float, float, float]:
    """An interval cut to [low, high], what its quantity can take (NaN bounds stay NaN)."""
    est, lo, hi = t
    return est, (lo if math.isnan(lo) else max(lo, low)), (hi if math.isnan(hi) else min(hi, high))


def trials_table(study: Any, settings: Settings, confirmed: dict[int, float], winner: int | None) -> pl.DataFrame:
    """One row per trial: its number, state, the candidate's values, the objective, each goal's
    quantity and distance, the objective on fresh games for the re-evaluated ones, `best` for the
    adopted trial (`winner`; None when the base wins: no row is marked), and why a candidate is
    no valid variant (`INVALID`; null for the others)."""
    n_goals = len(settings.goals.items)
    rows = []
    for t in study.get_trials(deepcopy=False):
        row: dict[str, Any] = {"trial": t.number, "state": t.state.name.lower(),
                               REPEAT_OF: t.user_attrs.get(REPEAT_OF)}
        for p in settings.params:
            raw = t.params.get(p.key)
            row[p.key] = None if raw is None else p.decode(raw)
        finite = t.user_attrs.get("objective_finite", True)
        row["objective"] = float(t.value) if t.value is not None and finite else None
        for i in range(n_goals):
            col = G.goal_column(i)
            row[col] = t.user_attrs.get(col)
            row[f"{col}_group"] = t.user_attrs.get(f"{col}_group")
            row[f"{col}_distance"] = t.user_attrs.get(f"{col}_distance")
        row["confirm_objective"] = confirmed.get(t.number)
        row["best"] = t.number == winner
        row[INVALID] = t.user_attrs.get(INVALID)
        rows.append(row)
    schema: dict[str, pl.DataType] = {"trial": pl.Int64(), "state": pl.String(), REPEAT_OF: pl.Int64()}
    for p in settings.params:
        schema[p.key] = (pl.Int64() if p.kind == "int" else pl.Float64() if p.numeric else pl.String())
    schema["objective"] = pl.Float64()
    for i in range(n_goals):
        col = G.goal_column(i)
        schema |= {col: pl.Float64(), f"{col}_group": pl.String(), f"{col}_distance": pl.Float64()}
    schema |= {"confirm_objective": pl.Float64(), "best": pl.Boolean(), INVALID: pl.String()}
    for p in settings.params:
        if schema[p.key] == pl.String():
            for r in rows:
                r[p.key] = None if r[p.key] is None else (r[p.key] if isinstance(r[p.key], str) else json.dumps(r[p.key]))
        elif schema[p.key] == pl.Float64():
            for r in rows:
                r[p.key] = None if r[p.key] is None else float(r[p.key])
    return pl.DataFrame(rows, schema=schema, orient="row") if rows else pl.DataFrame(schema=schema)
