"""Per-seat results of a finished game, and the ranking rule shared by every game."""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SAFETY_STOP = "max_rounds"
"""The end reason of a game stopped by the variant's `max_rounds` safety cap rather than by its
rules: every game writes it under this name (its end-reason metric's group), and the report warns
when a game reached it (report.model.safety_stop_note)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's outcome: score parts (→ `score_<part>` columns), total, rank (1 = best,
    shared on ties), win share (1/k for a k-way shared win, else 0) and other per-seat facts."""

    seat: int
    components: Mapping[str, float]
    total: float
    rank: int
    win_share: float
    stats: Mapping[str, float]


@dataclass(frozen=True, slots=True)
class GameResult:
    seats: tuple[SeatResult, ...]
    rounds: int
    turns: int


def shape_problem(result: Any) -> str | None:
    """Why what a game's `Rules.result` returned is not a GameResult of SeatResults, or None. A
    plugin's dict or list there stopped `simulate` and `replay` with an 'internal error' that asked
    for a report to playtest (review of 2026-12-07)."""
    where = "(playtest.core.results; docs/extending.md, 'The protocol')"
    if not isinstance(result, GameResult):
        return f"the rules' result is a {type(result).__name__}, not a GameResult {where}"
    odd = next((sr for sr in result.seats if not isinstance(sr, SeatResult)), None)
    if odd is not None:
        return f"the result's seats hold a {type(odd).__name__}, not a SeatResult {where}"
    return None


def result_problem(result: GameResult, score_parts: Sequence[str], stat_columns: Mapping[str, object]) -> str | None:
    """Why a game's result does not fit its game's declared `score_parts` and `stat_columns`, or
    None: not a GameResult at all (`shape_problem`), a score part or a per-seat stat under a name
    that is not declared (a misspelt part would otherwise become a `score_<part>` column of zeros
    without a word), or a total that is not the sum of the seat's parts, or a game length
    (`rounds`, `turns`) that is not a whole number (None was a column of nulls and a game length
    of '–' in every report, without a word), or win shares or ranks that every report refuses
    to read (a share outside [0, 1], shares adding up to more than 1, a rank outside 1 to the
    seat count: the run was saved and then called damaged). A declared part a seat does not
    report counts 0."""
    shape = shape_problem(result)
    if shape:
        return shape
    for name in ("rounds", "turns"):
        value = getattr(result, name)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
            return (f"the result's {name} is {value!r}, not a whole number ≥ 0: GameResult.{name} is what the reports' "
                    f"game length ({name}) counts (a game without rounds counts what a designer would call one)")
    for sr in result.seats:
        extra = [k for k in sr.components if k not in score_parts]
        if extra:
            return (f"seat {sr.seat + 1}'s result has the score part {extra[0]!r}, which GameSpec.score_parts does not "
                    f"declare (declared: {', '.join(score_parts) or 'none'})")
        extra = [k for k in sr.stats if k not in stat_columns]
        if extra:
            return (f"seat {sr.seat + 1}'s result has the stat {extra[0]!r}, which GameSpec.stat_columns does not "
                    f"declare (declared: {', '.join(stat_columns) or 'none'})")
        parts = sum(sr.components.values())
        if not math.isclose(sr.total, parts, rel_tol=1e-6, abs_tol=1e-9):  # the reports print "a + b = total"
            return (f"seat {sr.seat + 1}'s total is {sr.total:g}, not the sum of its score parts ({parts:g}): "
                    "a SeatResult's total must add up its components")
        if not 0 <= sr.win_share <= 1:  # (a NaN fails too)
            return f"seat {sr.seat + 1}'s win share is {sr.win_share!r}, not a share from 0 to 1{_BY_RANK}"
        if isinstance(sr.rank, bool) or not isinstance(sr.rank, numbers.Integral) or not 1 <= sr.rank <= len(result.seats):
            return f"seat {sr.seat + 1}'s rank is {sr.rank!r}, not a whole number from 1 to {len(result.seats)}{_BY_RANK}"
    shares = sum(sr.win_share for sr in result.seats)
    if shares > 1 + 1e-9:  # at most 1, not exactly: a game may end with no winner (rundir._game_checks)
        return f"the seats' win shares add up to {shares:g}, more than 1{_BY_RANK}"
    return None


_BY_RANK = " (playtest.core.results.rank gives ranks and win shares: the seats ranked 1 share the win)"


def floor_problem(result: GameResult, floors: Mapping[str, float]) -> str | None:
    """Why a game's result goes below a floor its game declares (GameSpec.score_floors), or None.
    The reports cut a mean's interval at a declared floor: a floor that a real game goes below
    would cut it where the mean can be, so the declaration is the game's bug (a declared part a
    seat does not report counts 0, as in `result_problem`)."""
    for sr in result.seats:
        for part, floor in floors.items():
            value = sr.total if part == "total" else sr.components.get(part, 0.0)
            if value < floor:
                what = "total" if part == "total" else f"score part {part!r}"
                return (f"seat {sr.seat + 1}'s {what} is {value:g}, below the floor {floor:g} that "
                        "GameSpec.score_floors declares for it")
    return None


def rank(keys: Sequence[tuple[float, ...]]) -> tuple[list[int], list[float]]:
    """Competition ranks (1 = best; higher key is better) and win shares for sort keys.

    Seats with equal keys share a rank; the seats ranked 1 split one win equally.
    """
    best_first = sorted(keys, reverse=True)
    ranks = [1 + best_first.index(mine) for mine in keys]  # 1 + how many keys are higher
    winners = ranks.count(1)
    return ranks, [1.0 / winners if r == 1 else 0.0 for r in ranks]
