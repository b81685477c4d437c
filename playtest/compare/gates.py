"""CI gates: limits on metrics declared in YAML, decided with stated confidence.

A gate constrains one metric, for some or all of its groups, as
  - `of: value`  (default) the candidate's value,        e.g. no crew the first pick in > 75% of rounds;
  - `of: spread` the largest gap between two groups,     e.g. seat win rates within 0.05;
  - `of: change` candidate − base,                       e.g. seat 1's edge grows by ≤ 0.02;
with `min`, `max` or `between: [low, high]`.

Each gate is a set of scalar *components* (one per group; one per ordered pair of groups for a
spread), each a linear contrast with a jackknife standard error (see jackknife.py).

Decisions, with α = 1 − confidence and L = the number of looks (1 without --until-decided):
  - a component *holds* when its one-sided (1 − α/L) confidence bound(s) lie inside the limits;
    a gate passes when all its components hold. Passing is an intersection–union test: if a
    gate is in truth violated, the chance of passing it is at most α (over all looks together).
  - a component *fails* when its opposite one-sided bound lies outside a limit at level
    α/(L·m), m = the number of one-sided tests of all gates (Bonferroni: a component with both a
    lower and an upper limit, e.g. `between`, is two tests), so that when every gate in truth
    holds the chance of any failure over all looks is at most α.
  - otherwise it is undecided.
A proportion that is 0 (or 1) in every game has no jackknife spread; its bounds are then exact
(`bounds`: 1 − α^(1/N) over N games, the rule of three).
Bonferroni over a fixed schedule of looks (see stats.looks_schedule) is the simplest sequential
method that is valid whatever the correlation between looks; with doubling batches it costs
little (6 looks from 200 to 6400 games use α/6 each).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from playtest.analysis.offs import metric_off
from playtest.compare.jackknife import Estimate, Key, Replicates
from playtest.compare.stats import chances, never_seen, sign_flip_p
from playtest.core.spec import MetricInfos, Off
from playtest.errors import PlaytestError, Problem, VariantError
from playtest.filekinds import RUN_INFO_USE, is_run_info, is_transcript
from playtest.report.format import is_share, kind, unit
from playtest.suggest import guess, numbered_alike, unknown_name
from playtest.variants.problems import problem_from_pydantic, root_causes
from playtest.variants.source import Node, parse_file

PASS, FAIL, UNDECIDED = "pass", "fail", "undecided"
EXIT_CODES = {PASS: 0, FAIL: 1, UNDECIDED: 3}
"""Exit codes of `playtest diff`. 2 is every usage or file error."""

BASE, CANDIDATE = 0, 1


class GateError(VariantError):
    """A gates file is malformed, or names a metric or group that the runs do not have."""


M = TypeVar("M", bound=BaseModel)
S = TypeVar("S", bound="GateSpec")
"""A gate, or one of tune's goals (GoalSpec derives from GateSpec)."""


class _Strict(BaseModel):
    # .nan / .inf bounds would leave a gate undecided forever: refused where they are written.
    # Numbers are Strict: a yes/no is refused, as a variant refuses it (`max: true` was read as
    # 1 and the gate failed), and so is a quoted number (`max: '5'` was read as 5); a number with
    # an exponent, which YAML 1.1 reads as text (1e-3), is a number (`Number`).
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


_EXPONENT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+")


def _exponent(value: object) -> object:
    """A number written with an exponent but without a dot and a sign in it (1e-3, 2.5e3): YAML
    1.1 reads it as text, which the Strict number would refuse as 'not a valid number'."""
    return float(value) if isinstance(value, str) and _EXPONENT.fullmatch(value) else value


Number = Annotated[StrictFloat, BeforeValidator(_exponent)]
"""A limit, target or weight of a gates or goals file: a number as YAML writes one; not a
yes/no, nor other text (`max: '5'`)."""

MAX_GATE_GAMES = 100_000_000


class RunDefaults(_Strict):
    """Simulation settings stored with the gates, so that CI runs are reproducible."""

    games: StrictInt = Field(400, ge=2, le=MAX_GATE_GAMES)
    max_games: StrictInt | None = Field(None, ge=2, le=MAX_GATE_GAMES)
    players: StrictInt | None = Field(None, ge=2, le=100)
    bots: str | list[str] = "random"
    seed: StrictInt = Field(0, ge=0, lt=2**63)

    @field_validator("seed", mode="before")
    @classmethod
    def _one_seed(cls, v: object) -> object:
        """`seed: "1,2"` read only "Input should be a valid integer", though diff's --seed takes
        two (review h270): the file's seed is one, shared by both variants."""
        if isinstance(v, str) and "," in v:
            raise ValueError("one seed, a whole number: diff's two variants both play it (the same deals); "
                             "`playtest diff --seed BASE,CANDIDATE` on the command line gives each its own")
        return v


class GateSpec(_Strict):
    name: str = ""
    metric: str
    group: str | list[str] | None = None
    of: Literal["value", "spread", "change"] = "value"
    min: Number | None = None
    max: Number | None = None
    between: tuple[Number, Number] | None = None

    @field_validator("metric")
    @classmethod
    def _testable(cls, v: str) -> str:
        from playtest.compare.metrics import DESIGN_METRICS, is_tested

        if v in DESIGN_METRICS:
            raise ValueError(f"{v} describes the run's size, not the game: it cannot be gated")
        if not is_tested(v):
            hint = " (gate win_rate_by_seat with `of: spread` instead)" if v == "balance" else ""
            raise ValueError(f"{v} has no valid interval here (quantiles and max − min metrics), so it cannot be gated{hint}")
        return v

    @field_validator("group")
    @classmethod
    def _nonempty(cls, v: str | list[str] | None) -> str | list[str] | None:
        if isinstance(v, list) and not v:
            raise ValueError("give at least one group, or leave `group` out for every group")
        return v

    @model_validator(mode="after")
    def _limits(self) -> GateSpec:
        if self.between is not None:
            if self.min is not None or self.max is not None:
                raise ValueError("give either `between` or `min`/`max`, not both")
            if self.between[0] > self.between[1]:
                raise ValueError("`between: [low, high]` needs low ≤ high")
        elif self.min is None and self.max is None:
            raise ValueError("a gate needs `min`, `max` or `between`")
        elif self.min is not None and self.max is not None and self.min > self.max:
            # no estimate can pass: the gate would fail every run instead of naming the typo
            raise ValueError("`min` must be ≤ `max`")
        if self.of == "spread" and (self.min is not None or self.between is not None):
            raise ValueError("a spread gate takes only `max` (the largest allowed gap between groups)")
        if self.of == "spread" and isinstance(self.group, str):
            raise ValueError("a spread needs several groups: leave `group` out or give a list")
        return self

    @property
    def low(self) -> float | None:
        return self.between[0] if self.between is not None else self.min

    @property
    def high(self) -> float | None:
        return self.between[1] if self.between is not None else self.max

    def limits(self) -> list[tuple[str, float]]:
        """(key, value) of each limit as written: `min`, `max`, or `between` twice."""
        if self.between is not None:
            return [("between", self.between[0]), ("between", self.between[1])]
        return [(k, v) for k, v in (("min", self.min), ("max", self.max)) if v is not None]

    @property
    def groups(self) -> list[str] | None:
        return [self.group] if isinstance(self.group, str) else self.group

    def title(self, declared: MetricInfos | None = None) -> str:
        """The gate's name, else its metric, groups and limits (`declared`: the game's
        GameSpec.metric_info, for the unit of the limits)."""
        if self.name:
            return self.name
        what = {"value": "", "spread": "spread of ", "change": "change in "}[self.of]
        where = f" [{', '.join(self.groups)}]" if self.groups else ""
        return f"{what}{self.metric}{where} {self.limit_text(declared)}"

    def limit_text(self, declared: MetricInfos | None = None) -> str:
        """The limits in the unit the estimates beside them are shown in: a share's value in %, a
        spread or change of shares (or a difference metric) in points, other numbers as written
        ("spread of win_rate_by_seat ≤ 15 pts" beside "+12.5 pts"; it read "≤ 0.15")."""
        def num(x: float | None) -> str:
            return self.number(x, declared)

        if self.between is not None:
            said = f"in [{num(self.between[0])}, {num(self.between[1])}]"
        elif self.min is not None and self.max is not None:
            said = f"in [{num(self.min)}, {num(self.max)}]"
        else:
            said = f"≤ {num(self.max)}" if self.max is not None else f"≥ {num(self.min)}"
        return self.with_unit(said, declared)

    def with_unit(self, limits: str, declared: MetricInfos | None = None) -> str:
        """Limits of a count or mean followed once by what it counts ('in [5, 7] rounds'; it read
        'in [5, 7]' beside '4.55'); a share's say it in each number (`number`: % or pts)."""
        what = "" if self.number(0.0, declared).endswith(("%", "pts")) else unit(self.metric, declared)
        if what.endswith("s") and re.fullmatch(r"[≤≥→] 1", limits):
            what = what[:-1]  # 'value ≤ 1 rebid', not '1 rebids'
        return f"{limits} {what}" if what else limits

    def number(self, x: float | None, declared: MetricInfos | None = None) -> str:
        """A limit or target of this gate, written in the unit of its estimates (`limit_text`)."""
        if x is None:
            return "–"
        k = kind(self.metric, declared)
        if k == "diff" or (k == "rate" and self.of != "value"):
            return f"{100 * x:g} pts"
        return f"{100 * x:g}%" if k == "rate" else f"{x:g}"


class GatesModel(_Strict):
    confidence: Number = Field(0.95, gt=0.5, lt=1)
    run: RunDefaults = RunDefaults()
    gates: list[GateSpec] = Field(min_length=1)


def run_problem(tree: Node, key: str, message: str) -> GateError:
    """A `run:` setting of a gates or goals file that turned out unusable (unknown bot, player
    count), at its place in the file."""
    run = tree.value.get("run")
    node = run.value.get(key, run) if run is not None and isinstance(run.value, dict) else tree
    return GateError([node.problem(f"run.{key}", message)])


@dataclass(frozen=True)
class Gates:
    """A validated gates file, with the located tree for errors found later (unknown metrics)."""

    path: str
    model: GatesModel
    tree: Node

    def run_problem(self, key: str, message: str) -> GateError:
        return run_problem(self.tree, key, message)

    def problem(self, index: int, key: str, message: str) -> Problem:
        item = self.tree.value["gates"].value[index]
        node = item.value.get(key, item)
        return node.problem(f"gates.{index}.{key}" if key in item.value else f"gates.{index}", message)


def check_switched_off(gates: Gates, candidate: Sequence[Off], base: Sequence[Off], draft: Path | None = None) -> None:
    """Before any simulation: no gate reads a metric that a variant switches off (GameSpec.
    switched_off), which has no value there: in the candidate for any gate, in the base for a
    `change` (GateError, one line each, naming the setting that switches it off, and `own_gates`
    of the candidate `draft`)."""
    problems = switched_off_problems(
        gates.model.gates, gates.problem,
        lambda spec: [("candidate", candidate)] + ([("base", base)] if spec.of == "change" else []),
        f"it has no value to gate; leave this gate out for such a draft{own_gates(Path(gates.path), draft)}")
    if problems:
        raise GateError(problems)


def own_gates(gates: Path, draft: Path | None) -> str:
    """Where the draft's own gates file goes, which the CI workflow of docs/ci.md reads instead of
    the game's (gates/<game>/<draft>.yaml beside gates/<game>.yaml: `<game>` the draft's folder), said
    as ' (its own gates file leaves it out: --gate PATH)' or ' (in a gates file of its own, PATH, ...)'; '' without a
    draft, or when `gates` is not its game's (another name than the draft's folder).
    The line said only 'leave this gate out for such a draft' where Oh-Seven's hook draft has one."""
    game = draft.resolve().parent.name if draft is not None else ""
    if draft is None or gates.stem != game:  # (not the workflow's gates/<game>.yaml of this draft's game)
        return ""
    own = gates.parent / game / draft.name
    if own.is_file():
        return f" (its own gates file leaves it out: --gate {own})"
    return f" (in a gates file of its own, {own}, which the CI workflow of docs/ci.md reads instead)"


def switched_off_problems(specs: Sequence[S], problem: Callable[[int, str, str], Problem],
                          sides: Callable[[S], Sequence[tuple[str, Sequence[Off]]]], then: str) -> list[Problem]:
    """One problem per gate (or tune's goal) whose metric, in its groups, a variant switches off:
    `sides(spec)` gives the variants the spec reads, as (name, what it switches off); `then` says
    what to do about it. The first side that switches it off is named."""
    problems = []
    for i, spec in enumerate(specs):
        for side, offs in sides(spec):
            off = metric_off(offs, spec.metric, spec.groups)
            if off is not None:
                where = f" ({', '.join(spec.groups)})" if spec.groups else ""
                problems.append(problem(i, "metric", f"{spec.metric}{where} is switched off in the {side} by "
                                        f"{off.why} ({off.what}): {then}"))
                break
    return problems


def check_against_probe(gates: Gates, seen: dict[str, list[str]], where: str, shares: Collection[str],
                        labels: Callable[[str], str] | None = None,
                        change_seen: dict[str, list[str]] | None = None,
                        declared: MetricInfos | None = None, diffs: Collection[str] = (),
                        players: int | None = None, goals_only: Collection[str] = (),
                        unknown_note: str = "") -> None:
    """Before any long simulation, from a probe's few games (`seen`: metric → its groups there;
    `shares`: `shares_in` its table): every gate names a metric and groups the runs will have, and
    every limit on a share lies where the share can. One GateError lists every problem of these
    kinds, in the file's order, so that a file with several mistakes is mended in one pass.
    `labels`: a group as the reports show it (report.model.label_of), for a group written so.
    `change_seen`: a change gate's groups instead, where given: the probe's table with each
    category only the base produced as 0% (diff's completed categories). `declared`: the game's
    GameSpec.metric_info (a group the metric no longer gives is told what replaced it). `diffs`:
    `diffs_in` its table, the differences of shares (seat 1's advantage), whose limits are checked
    as the shares' are. `players`: the games' players (a seat beyond them is no group of theirs).
    `goals_only`: the game's goal metrics of these games, which only tune's goals take.
    `unknown_note`: as `probe_problems`' (diff's `lineup_note`)."""
    problems = probe_problems(gates.model.gates, gates.problem, seen, f" in {where}", shares, labels, change_seen,
                              declared, diffs, unknown_note, players=players, goals_only=goals_only)
    if problems:
        raise GateError(problems)


def gateable_of(known: Sequence[str]) -> list[str]:
    """The metrics of `known` a gate can take: not a quantile or max − min metric (no valid
    interval), nor one of the run's size (compare.metrics.DESIGN_METRICS)."""
    from playtest.compare.metrics import DESIGN_METRICS, is_tested

    return [m for m in known if is_tested(m) and m not in DESIGN_METRICS]


def unknown_metric(name: str, known: Sequence[str]) -> str:
    """The message for a gate's (or goal's) metric the runs do not have, with a did-you-mean. The
    terminal summary of `simulate` shows mean scores as `mean_score_<part>`, a name of its own:
    a designer who copies it is told the metric and group that hold those numbers. Only metrics
    a gate can take are offered: 'balanse' was answered "did you mean 'balance'?", which the next
    run refused as a max − min (quantiles, `balance` and the run's size are not gated)."""
    from playtest.compare.metrics import DESIGN_METRICS

    gateable = gateable_of(known)
    message = unknown_name("metric", name, gateable, "the runs have")
    likely = guess(name, list(known))
    if likely is not None and likely not in gateable:
        why = ("describes the run's size, not the game" if likely in DESIGN_METRICS
               else "has no valid interval (quantiles and max − min metrics)")
        instead = "; gate win_rate_by_seat with `of: spread` instead" if likely == "balance" else ""
        alt = guess(name, gateable)
        message = (f"unknown metric {name!r} ({likely!r}, the nearest, {why}, so it cannot be gated{instead}"
                   f"{f'; did you mean {alt!r}?' if alt else ''}); the runs have: {', '.join(gateable)}")
    known = gateable
    part = name.removeprefix("mean_score_") if name.startswith("mean_score_") else ""
    if part and "score_mean" in known:
        hint = (f" (the terminal summary's {name} is metric score_mean, group '<bot> / {part}', "
                f"'all / {part}' or 'seat N / {part}')")
        message = message.replace(f"unknown metric {name!r}", f"unknown metric {name!r}{hint}", 1)
    return message


def probe_problems(specs: Sequence[GateSpec], problem: Callable[[int, str, str], Problem],
                   seen: dict[str, list[str]], where: str, shares: Collection[str],
                   labels: Callable[[str], str] | None = None,
                   change_seen: dict[str, list[str]] | None = None,
                   declared: MetricInfos | None = None, diffs: Collection[str] = (), unknown_note: str = "",
                   players: int | None = None, goals_only: Collection[str] = ()) -> list[Problem]:
    """The problems `check_against_probe` reports, for gates or tune's goals (`problem(index,
    key, message)` locates one in its file): a metric the runs do not have (with a did-you-mean),
    a group of a known metric the probe's games do not have (`where` says which games), a limit
    on a share outside what it can take (`limit_problems`). A group written as the reports show
    it (`labels`: 'Galactic Senate', where the group is d15) is told the group's name, and a group
    the metric no longer gives (`declared`: MetricInfo.former_groups) what took its place.
    `unknown_note`: said of a metric the runs do not have, before the list of those they have
    (diff's and tune's `lineup_note`). `players`: the games' players, whose seats are the only ones a group
    can name ('seat 5' of 4-player games is not said to be one these games missed by chance).
    `goals_only`: the game's goal metrics these games have (GameSpec.goal_metrics, Stargate's
    `win_gap`), which only tune's goals take: a gate on one is told so, not "unknown metric"."""
    out = []
    for i, spec in enumerate(specs):
        if spec.metric in goals_only and spec.metric not in seen:
            out.append(problem(i, "metric", f"{spec.metric} is a metric of `playtest tune`'s goals only (the game's "
                                            "own measures, docs/tune.md), not of the reports a gate reads: a gate "
                                            f"cannot take it; the runs have: {', '.join(gateable_of(list(seen)))}"))
            continue
        if spec.metric not in seen:
            said = unknown_metric(spec.metric, list(seen))
            head, sep, tail = said.partition("; the runs have: ")  # (before the long list, where it is read)
            out.append(problem(i, "metric", f"{head}{unknown_note}{sep}{tail}"))
            continue
        info = (declared or {}).get(spec.metric)
        former = info.former_groups if info is not None else {}
        known = (change_seen or {}).get(spec.metric, seen[spec.metric]) if spec.of == "change" else seen[spec.metric]
        missing = [g for g in spec.groups or () if g not in known]
        if missing:
            # the reports' label as they write it ('Galactic Senate'), however the gate cased it
            shown = {labels(g).casefold(): (labels(g), g) for g in seen[spec.metric] if labels(g) != g} if labels else {}
            hints = [f"the reports' {shown[m.casefold()][0]!r} is group {shown[m.casefold()][1]!r}"
                     for m in missing if m.casefold() in shown]
            # else the group a misspelt one most likely means, as a misspelt metric is answered,
            # by its id or by the reports' label ('Fabricator' found nothing where 'Fabricators' is d07)
            named = {labels(g): g for g in known if labels(g) != g} if labels else {}
            unreached, seatless = [], []
            for m in missing:
                if m.casefold() in shown:
                    continue
                if players is not None and no_such_seat(m, players):
                    seatless.append(m)  # (no number of games produces it: not 'no game of these produced it')
                    continue
                if m in former:  # (not the nearest name: 'goals bonus' for 'action bonus' in a goals draft)
                    hints.append(f"{m!r} {former[m]}")
                    continue
                if (likely := guess(m, list(known))) is not None and numbered_alike(m, likely):
                    # 'bid 7' beside 'bid 5': a value of the series these games never reached, not
                    # a misspelling ('did you mean 'bid 5'?' for a gate on bids of 7)
                    unreached.append(m)
                elif likely is not None:
                    hints.append(f"did you mean {likely!r}?")
                elif (label := guess(m, list(named))) is not None:
                    hints.append(f"did you mean the reports' {label!r}, group {named[label]!r}?")
            if seatless:
                hints.append(f"a {players}-player game has no {' or '.join(_seat_words(m) for m in seatless)}: "
                             f"its seats are 1 to {players}")
            if unreached:  # one clause for all ('bid 7', 'bid 8' read the same clause twice, naming neither)
                hints.append("no game of these produced " + ("it" if len(missing) == 1 else "them" if unreached == missing
                                                             else ", ".join(map(repr, unreached))))
            out.append(problem(i, "group", f"{spec.metric} has no group {', '.join(map(repr, missing))}{where}"
                                           f"{' (' + '; '.join(hints) + ')' if hints else ''}; "
                                           f"it has: {', '.join(seen[spec.metric])}"))
            continue
        lonely = lone_spread(spec, list(spec.groups or seen[spec.metric]))
        if lonely:
            out.append(problem(i, *lonely))
    return out + [problem(i, key, message) for i, key, message in limit_problems(specs, shares, diffs)]


def no_such_seat(group: str, players: int) -> bool:
    """Whether `group` names a seat ('seat 5', 'seat 5 / cards') that games of `players` players
    do not have: no number of their games produces it."""
    found = re.fullmatch(r"seat (\d{1,9})(?: / .*)?", group, re.S)
    return found is not None and not 1 <= int(found.group(1)) <= players


def _seat_words(group: str) -> str:
    """'seat 5' of 'seat 5 / cards': the seat the group names."""
    return group.partition(" / ")[0]


def lone_spread(spec: GateSpec, groups: Sequence[str]) -> tuple[str, str] | None:
    """(key, message) when a spread (the largest gap between two groups) has fewer than two groups
    to compare: a metric of one group (game_length_rounds: 'all') or a `group:` list of one. A
    gate stopped with "internal error: max() arg is an empty sequence" after its games, and a
    tune's goal made every trial's objective undefined. Groups are counted once: `group: [seat 1,
    seat 1]` compared seat 1 with itself, a gap of 0 in every game, and passed `max: 0.001`."""
    groups = list(dict.fromkeys(groups))
    if spec.of != "spread" or len(groups) >= 2:
        return None
    named = ", ".join(map(repr, groups))
    if spec.groups:
        return "group", (f"a spread needs two or more different groups (the largest gap between two of them), not "
                         f"{len(groups)} ({named})")
    return "of", (f"{spec.metric} has {len(groups)} group ({named}): a spread needs two or more (the largest gap "
                  "between two of them); use of: value instead")


def limit_problems(specs: Sequence[GateSpec], shares: Collection[str],
                   diffs: Collection[str] = ()) -> list[tuple[int, str, str]]:
    """(index, key, message) of the first limit of each spec on a share (`shares`: the metrics
    that are proportions, every value seen within [0, 1]) that lies where the gated quantity
    cannot: [0, 1] for a value or a spread (the largest gap between two groups is never
    negative: `max: -0.05` could never pass), [−1, 1] for a change. `max: 10` meant as 10
    percentage points passed every run. (`GateSpec.limits`: a tune goal's `target` too.)
    Likewise a difference of shares (`diffs`: seat 1's advantage, a win-rate lift, each a share
    minus 1/P, every value seen within [−1, 1]): [−1, 1] for a value or a change, [0, 1] for a
    spread; `first_player_advantage` `max: 5`, meant as 5 points, passed every run as 500."""
    out = []
    for i, spec in enumerate(specs):
        if spec.metric not in shares and spec.metric not in diffs:
            continue
        share = spec.metric in shares
        low, high = (-1.0, 1.0) if spec.of == "change" or (spec.of == "value" and not share) else (0.0, 1.0)
        what = ("a share" if share else "a difference of shares") if spec.of == "value" else \
            f"a {spec.of} of {'shares' if share else 'differences of shares'}"
        for key, value in spec.limits():
            if not low <= value <= high:
                hint = f" ({value:g} percentage points are {value / 100:g})" if 1 < abs(value) <= 100 else ""
                out.append((i, key, f"{spec.metric} gives {what}, from {low:g} to {high:g}: {value:g} is outside it{hint}"))
                break
    return out


def diffs_in(table: Any, declared: MetricInfos | None = None) -> set[str]:
    """The metrics of a metric table (polars) that are differences of shares, as the reports write
    them (in points, `kind` 'diff': seat 1's advantage, a win-rate lift), every estimate within
    [−1, 1]: their gates' limits are checked as a share's are (`limit_problems`)."""
    return _every_estimate_within(table, lambda m: kind(m, declared) == "diff", -1.0, 1.0)


def shares_in(table: Any, declared: MetricInfos | None = None) -> set[str]:
    """The metrics of a metric table (polars) that are proportions: `is_share` by name or as the
    game declares (`declared`: its GameSpec.metric_info), and every estimate within [0, 1] (a VP
    share with a negative source can leave it)."""
    return _every_estimate_within(table, lambda m: is_share(m, declared), 0.0, 1.0)


def _every_estimate_within(table: Any, chosen: Callable[[str], bool], low: float, high: float) -> set[str]:
    """The `chosen` metrics of a metric table whose every estimate (of a number) lies in [low, high]."""
    inside: dict[str, bool] = {}
    for metric, est in table.select("metric", "estimate").iter_rows():
        if chosen(metric):
            inside[metric] = inside.get(metric, True) and (est is None or math.isnan(est) or low <= est <= high)
    return {m for m, ok in inside.items() if ok}


def other_kind(tree: Node, label: str) -> tuple[Problem, str] | None:
    """Where a variant file or a transcript given as a gates or goals file shows what it is (its
    `game:` or `extends:` key) and what it is ('a variant file', 'a transcript'); None for any
    other mapping. A transcript names its variant and players; a variant does neither."""
    if "game" not in tree.value and "extends" not in tree.value:
        return None
    key = tree.value.get("game") or tree.value["extends"]
    kind = ("a run's run.json" if is_run_info(tree.value) else "a transcript" if is_transcript(tree.value)
            else "a variant file")
    return Problem(label, key.key_line or key.line, key.key_col or key.col, "", ""), kind


OTHER_USE = {"a run's run.json": RUN_INFO_USE, "a transcript": "`playtest replay` reads it"}
"""What reads a file of another kind given as a gates or goals file (a variant file's use is the
command's: `other_kind`'s callers say it)."""


def load_gates(path: str | Path) -> Gates:
    """Read and validate a gates file. Raises GateError listing every problem, located."""
    tree = read_listing(path, "gates", "e.g. gates/stargate.yaml", "give the variant as BASE or CANDIDATE")
    if "gates" not in tree.value and "goals" in tree.value:
        key = tree.value["goals"]
        raise GateError([Problem(str(path), key.key_line or key.line, key.key_col or key.col, "",
                                 "this is a goals file of `playtest tune` (a `goals:` list), not a gates file: "
                                 "write its goals with `min`/`max`/`between` under `gates:` for `diff`")])
    gates = Gates(str(path), validated(tree, GatesModel), tree)
    seen: dict[tuple[Any, ...], int] = {}
    for i, spec in enumerate(gates.model.gates):  # a gate pasted twice: a test counted twice
        # As tested: `group: a` is `group: [a]`, groups in any order, `between: [1, 9]` is `min: 1, max: 9`
        # (a copy rewritten so was counted twice still).
        same = (spec.metric, spec.of, tuple(sorted(set(spec.groups))) if spec.groups else None, spec.low, spec.high)
        first = seen.setdefault(same, i)
        if first != i:
            line = tree.value["gates"].value[first].line
            raise GateError([gates.problem(i, "metric", f"the same gate as gates.{first} (line {line}), which the "
                                                        "Bonferroni correction of failures would count twice (docs/ci.md); "
                                                        "remove one")])
    return gates


def read_listing(path: str | Path, kind: str, example: str, variant_use: str) -> Node:
    """The YAML tree of a gates or goals file (`kind`: 'gates', 'goals'), checked to be a mapping
    and not a file of another kind (a variant, a transcript, a run's run.json: one line saying
    what it is and what reads it, not one per key it has). Either file may hold a `gates:` or
    `goals:` list; `example` names a shipped one, `variant_use` says where a variant goes."""
    label = str(path)
    try:
        tree = parse_file(Path(path), label, f"a {kind} file")
    except VariantError as err:
        raise GateError(err.problems) from None
    if not isinstance(tree.value, dict):
        raise GateError([tree.problem("", f"a {kind} file must be a mapping with a `{kind}:` list")])
    if "goals" not in tree.value and "gates" not in tree.value and (other := other_kind(tree, label)) is not None:
        where, what = other
        use = OTHER_USE.get(what, variant_use)
        raise GateError([dataclasses.replace(where, message=f"this is {what}, not a {kind} file (a {kind} file has a "
                                                            f"`{kind}:` list, {example}); {use}")])
    return tree


def validated(tree: Node, model: type[M]) -> M:
    """`tree` as `model` (GatesModel, GoalsModel), or GateError listing every problem, located: a
    rule about a whole gate or goal shows it by its location, not its text; one about the whole
    file at its top."""
    try:
        return model.model_validate(tree.plain())
    except ValidationError as exc:
        problems = []
        for err in root_causes(exc.errors(), model):
            if not err["loc"]:
                problems.append(tree.problem("", err["msg"].removeprefix("Value error, ")))
                continue
            problem = problem_from_pydantic(tree, model, err)
            if err["type"] == "value_error" and isinstance(err.get("input"), dict):
                problem = dataclasses.replace(problem, message=problem.message.split(" (got {")[0])
            problems.append(problem)
        raise GateError(problems) from None


# --- decisions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Component:
    label: str
    estimate: Estimate
    edge_games: int = 0
    """The value of a share that is 0 (or 1) in every one of this many games: its bounds are
    exact (`bounds`), not the jackknife's; 0 for every other component."""
    span: tuple[float, float] = (-math.inf, math.inf)
    """The values the component can take: [0, 1] for a share's value, [−1, 1] for a difference
    of two; its bounds are cut to it (3 games gave a share's bounds as −64% … 131%)."""
    sides: tuple[Component, Component] | None = None
    """A difference (a − b) of two shares each 0 or 1 in every game: bounded by the sides' own
    exact bounds (`bounds`), not by its jackknife's, which is the estimate itself."""
    blocks: int = 0
    """The blocks of games that hold the component's rows (Replicates.evidence_blocks): the K of
    the sign-flip chance of a value the same in every block; 0: every block."""
    pair: tuple[str, str] | None = None
    """A spread's two groups (the label is 'a − b'), for the reports to name each as they do a group."""


def edge_games(reps: Replicates, key: Key) -> int:
    """N of `bounds` when the row `key` is a share that is 0 or 1 in every game (every
    leave-one-block-out replicate equal to it), else 0. The jackknife's bound is then the
    estimate itself: 0 ties in 400 games passed `tie_rate ≤ 0.5%` although a true 0.5% rate
    shows no tie in 400 games 13.5% of the time. N is the number of games, or the row's n (the
    rounds, players or rebids the share is taken over) when fewer: a share of the 5 forced rebids
    of 400 games rests on 5 of them, not on 400 games. Judged by the replicates, not by the
    value's standard error: the 5 rebids lie in 5 blocks, and the variance those few games cannot
    show (Replicates.unseen_variance) gave the value a standard error that took the exact bound
    away (45% became 19%)."""
    value = reps.whole(key)
    if reps.games < 1 or value not in (0.0, 1.0) or not reps.is_constant(*key) or not is_share(key[1], reps.declared):
        return 0
    return chances(reps.games, reps.n(key))


def difference(reps: Replicates, label: str, a: Key, b: Key, span: tuple[float, float]) -> Component:
    """The component a − b (a change, or a spread's pair of groups). When both sides are a share
    at 0 or 1 in every game (no tie in either draft's 400 games), it is bounded by the sides'
    exact bounds: `tie_rate of: change ≤ 0.5%` passed on "0 − 0, in every block", though either
    draft may tie 0.75% of the time."""
    est = reps.difference(a, b)
    blocks = reps.evidence_blocks([a, b])
    edges = [Component(label, reps.value(key), edge_games(reps, key)) for key in (a, b)]
    if all(side.edge_games for side in edges):
        return Component(label, est, span=span, sides=(edges[0], edges[1]), blocks=blocks)
    return Component(label, est, span=span, blocks=blocks)


def share_span(reps: Replicates, metric: str, of: str) -> tuple[float, float]:
    """`Component.span` for a gate on `metric`: a proportion (`is_share`, and every value of
    it in the runs within [0, 1] — a VP share can leave it) spans [0, 1], a difference of two
    [−1, 1]; anything else is unbounded."""
    if not is_share(metric, reps.declared) or metric not in reps.metrics_within_0_and_1():
        return -math.inf, math.inf
    return (0.0, 1.0) if of == "value" else (-1.0, 1.0)


def bounds(c: Component, alpha: float) -> tuple[float, float]:
    """(lower, upper): the component's one-sided (1 − alpha) confidence bounds (NaN when its
    standard error is unknown).

    A proportion seen 0 in every one of N games: h ≤ 1 − alpha^(1/N) (stats.never_seen; N from
    `edge_games`, exact when no game holds two of the units); 1 in every game: h ≥ alpha^(1/N)."""
    e = c.estimate
    if c.edge_games:
        high = never_seen(alpha, c.edge_games)
        return (0.0, high) if e.estimate == 0 else (1.0 - high, 1.0)
    if c.sides is not None:  # a − b: each side at alpha/2 (Bonferroni), so a − b at alpha
        (a_low, a_high), (b_low, b_high) = (bounds(side, alpha / 2) for side in c.sides)
        return max(c.span[0], a_low - b_high), min(c.span[1], a_high - b_low)
    if math.isnan(e.se):
        return math.nan, math.nan
    low, high = c.span
    return max(low, e.lower(alpha)), min(high, e.upper(alpha))


@dataclass(frozen=True)
class GateResult:
    spec: GateSpec
    status: str
    label: str
    """The component shown: the one closest to (or furthest beyond) a limit."""
    estimate: float
    low: float
    high: float
    """One-sided confidence bounds of the shown component at the pass level."""
    components: int
    fail_low: float = math.nan
    fail_high: float = math.nan
    """The same at the stricter level a failure needs (α split over every test that can fail):
    an undecided gate whose pass bounds lie beyond a limit has not failed until these do."""
    declared: MetricInfos = field(default_factory=dict)
    """What the game declares about its own metrics (GameSpec.metric_info): the unit shown."""
    pair: tuple[str, str] | None = None
    """A spread's shown component: its two groups (`Component.pair`)."""


def components(gates: Gates, reps: Replicates, *, change_in_both: bool = False) -> list[list[Component]]:
    """Each gate's components. Unknown metrics and groups are located errors. `change_in_both`
    (diff): a change gate takes only groups the base has too, and naming one it lacks is an error."""
    problems: list[Problem] = []
    out: list[list[Component]] = []
    known = reps.metrics(CANDIDATE)
    for i, spec in enumerate(gates.model.gates):
        if spec.metric not in known:
            problems.append(gates.problem(i, "metric", unknown_metric(spec.metric, list(known))))
            out.append([])
            continue
        have = reps.groups(CANDIDATE, spec.metric)
        # A value or spread is the candidate's alone: over every group it takes the categories the
        # candidate produced, not also a 0% row for a game length only the base reached (a spread
        # over game_length_share then changed with the base it was diffed against).
        groups = spec.groups or (have if spec.of == "change" else reps.own_groups(CANDIDATE, spec.metric))
        missing = [g for g in groups if g not in have]
        if missing:
            problems.append(gates.problem(i, "group", f"{spec.metric} has no group {', '.join(map(repr, missing))}; "
                                          f"it has: {', '.join(have)}"))
            out.append([])
            continue
        m = spec.metric
        if spec.of == "change" and change_in_both:
            # A group only the candidate has (a crew the draft adds) has no change to measure: it
            # stayed 'undecided' at every look, as if more games could tell. A category the base
            # never produced (a game length) is in the base's table as 0% (replicate's
            # complete_categories), so only a group the base cannot have is missing there.
            in_base = reps.groups(BASE, m)
            if spec.groups:
                absent = [g for g in groups if g not in in_base]
                if absent:
                    problems.append(gates.problem(i, "group", f"{m} has no group {', '.join(map(repr, absent))} in the "
                                                  f"base's games: a change needs the group in both variants (the base has: "
                                                  f"{', '.join(in_base)})"))
                    out.append([])
                    continue
            else:
                groups = [g for g in groups if g in in_base]
                if not groups:
                    problems.append(gates.problem(i, "metric", f"{m}: no group is in both variants, so there is "
                                                  "no change to measure"))
                    out.append([])
                    continue
        lonely = lone_spread(spec, groups)
        if lonely:
            problems.append(gates.problem(i, *lonely))
            out.append([])
            continue
        span = share_span(reps, m, spec.of)
        if spec.of == "value":
            comps = [Component(g, reps.value((CANDIDATE, m, g)), edge_games(reps, (CANDIDATE, m, g)), span,
                               blocks=reps.blocks_holding((CANDIDATE, m, g))) for g in groups]
        elif spec.of == "change":
            comps = [difference(reps, g, (CANDIDATE, m, g), (BASE, m, g), span) for g in groups]
        else:
            comps = [dataclasses.replace(difference(reps, f"{a} − {b}", (CANDIDATE, m, a), (CANDIDATE, m, b), span),
                                         pair=(a, b)) for a, b in itertools.permutations(groups, 2)]
        out.append(comps)
    if problems:
        raise GateError(problems)
    return out


def _decide(c: Component, low: float | None, high: float | None, a_pass: float, a_fail: float) -> tuple[str, float]:
    """(status, badness): badness > 0 means the pass bound is beyond a limit by that much."""
    est = c.estimate
    if math.isnan(est.estimate):
        return UNDECIDED, math.inf
    exact = c.edge_games > 0 or c.sides is not None
    se_ok = exact or not math.isnan(est.se)
    badness = -math.inf
    holds, fails = se_ok, False
    # Any other value the same in every block (a mean, a share strictly between 0 and 1) has a
    # jackknife bound equal to the estimate, but only enough blocks make that evidence: as
    # compare's 'the same in every game of each', its chance under a fair coin per block, 2^(1 - K), must be
    # within the level.
    flat = sign_flip_p(c.blocks or est.df + 1) if se_ok and est.se == 0 and not exact else 0.0
    can_pass, can_fail = flat <= a_pass, flat <= a_fail
    lo, up = bounds(c, a_pass)
    lo_fail, up_fail = bounds(c, a_fail)
    if high is not None:
        holds = holds and up <= high
        fails = fails or (se_ok and lo_fail > high)
        badness = max(badness, up - high if se_ok else math.inf)
    if low is not None:
        holds = holds and lo >= low
        fails = fails or (se_ok and up_fail < low)
        badness = max(badness, low - lo if se_ok else math.inf)
    return (FAIL if fails and can_fail else PASS if holds and can_pass else UNDECIDED), badness


def fail_tests(specs: list[GateSpec], comps: list[list[Component]]) -> int:
    """How many one-sided tests can declare a failure: one per limit of every component (a
    `between` or `min` + `max` gate tests both sides, so it counts twice)."""
    return sum(len(cs) * ((spec.low is not None) + (spec.high is not None))
               for spec, cs in zip(specs, comps, strict=True))


def evaluate(gates: Gates, reps: Replicates, looks: int = 1, *, change_in_both: bool = False) -> list[GateResult]:
    """Decide every gate on the current games (see the module doc for the error levels;
    `change_in_both`: see `components`)."""
    alpha = 1 - gates.model.confidence
    comps = components(gates, reps, change_in_both=change_in_both)
    m = max(1, fail_tests(gates.model.gates, comps))
    a_pass = alpha / looks
    a_fail = alpha / (looks * m)
    results = []
    for spec, cs in zip(gates.model.gates, comps, strict=True):
        decided = [(*_decide(c, spec.low, spec.high, a_pass, a_fail), c) for c in cs]
        statuses = {s for s, _, _ in decided}
        status = FAIL if FAIL in statuses else PASS if statuses == {PASS} else UNDECIDED
        # The row shows the component furthest past a limit, among the failing ones when the gate
        # fails (a wide pair straddling the limit could otherwise stand for a narrow one beyond it).
        shown = [d for d in decided if d[0] == FAIL] if status == FAIL else decided
        _, _, worst = max(shown, key=lambda t: t[1])
        lo, hi = bounds(worst, a_pass)
        fail_lo, fail_hi = bounds(worst, a_fail)
        results.append(GateResult(spec, status, worst.label, worst.estimate.estimate, lo, hi, len(cs),
                                  fail_lo, fail_hi, reps.declared, worst.pair))
    return results


def overall(results: list[GateResult]) -> str:
    statuses = {r.status for r in results}
    return FAIL if FAIL in statuses else PASS if statuses == {PASS} else UNDECIDED


def as_plain(results: list[GateResult]) -> list[dict[str, Any]]:
    return [{"name": r.spec.title(r.declared), "metric": r.spec.metric, "of": r.spec.of, "groups": r.spec.groups,
             "min": r.spec.low, "max": r.spec.high, "status": r.status, "shown": r.label,
             "estimate": _finite(r.estimate), "bound_low": _finite(r.low), "bound_high": _finite(r.high),
             "fail_bound_low": _finite(r.fail_low), "fail_bound_high": _finite(r.fail_high),
             "components": r.components} for r in results]


def _finite(x: float) -> float | None:
    return None if math.isnan(x) or math.isinf(x) else x


__all__ = ["EXIT_CODES", "FAIL", "PASS", "UNDECIDED", "GateError", "GateResult", "Gates", "PlaytestError",
           "as_plain", "evaluate", "load_gates", "overall"]
