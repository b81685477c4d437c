"""Nim: heaps of counters; a turn takes 1..max_take counters from one heap. Normal play: who
takes the last counter wins (misère: loses). Schema, rules, bots, notation and a metric."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import ClassVar

import polars as pl
from pydantic import Field

from playtest.analysis import columns as C
from playtest.analysis.stats import mean_of_sums, proportion_of_sums
from playtest.core.events import Event, EventKind
from playtest.core.results import GameResult, SeatResult, rank
from playtest.core.spec import MetricInfo
from playtest.core.transcript import Notation
from playtest.errors import IllegalActionError, UsageError
from playtest.variants.model import Issue, VariantModel


class NimVariant(VariantModel):
    """`heaps`: counters per heap at the start; `max_take`: most counters one turn may take
    (none: a whole heap); `misere`: who takes the last counter loses; `players`: counts allowed."""

    heaps: list[int] = Field(min_length=1, max_length=12)
    max_take: int | None = Field(default=None, ge=1)
    misere: bool = False
    players: list[int] = Field(default=[2], min_length=1)

    def player_counts(self) -> tuple[int, ...]:
        return tuple(self.players)

    def issues(self) -> list[Issue]:
        out: list[Issue] = [(("heaps", i), "a heap holds at least 1 counter") for i, h in enumerate(self.heaps) if h < 1]
        out += [(("players", i), "Nim needs at least 2 players") for i, n in enumerate(self.players) if n < 2]
        return out


@dataclass(frozen=True, slots=True)
class Take:
    heap: int
    """0-based; written 1-based."""
    count: int

    def __str__(self) -> str:
        return f"take {self.count} from {self.heap + 1}"


@dataclass(frozen=True, slots=True)
class NimState:
    n: int
    heaps: tuple[int, ...]
    seat: int = 0
    turn: int = 0
    last: int = -1
    """The seat that took the last counter (-1 while counters remain)."""


class NimRules:
    game: ClassVar[str] = "nim"

    def __init__(self, variant: NimVariant) -> None:
        self.variant = variant

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> NimState:
        return NimState(n_players, tuple(self.variant.heaps))

    def current_seat(self, state: NimState) -> int:
        return state.seat

    def legal_actions(self, state: NimState) -> Sequence[Take]:
        most = self.variant.max_take
        return [Take(h, k) for h, size in enumerate(state.heaps)
                for k in range(1, (size if most is None else min(size, most)) + 1)]

    def apply(self, state: NimState, action: Take, *, rng: random.Random, log: list[Event] | None = None) -> NimState:
        if not isinstance(action, Take) or not 0 <= action.heap < len(state.heaps):
            raise IllegalActionError(f"there is no heap {getattr(action, 'heap', -1) + 1}", action=str(action))
        size = state.heaps[action.heap]
        most = self.variant.max_take
        if not 1 <= action.count <= size or (most is not None and action.count > most):
            limit = size if most is None else min(size, most)
            raise IllegalActionError(f"heap {action.heap + 1} allows taking 1 to {limit}, not {action.count}"
                                     if limit else f"heap {action.heap + 1} is empty", action=str(action))
        heaps = state.heaps[:action.heap] + (size - action.count,) + state.heaps[action.heap + 1:]
        over = not any(heaps)
        if log is not None:
            log.append(Event(EventKind.DECISION, state.turn // state.n + 1, state.turn + 1, state.seat,
                             {"heap": action.heap + 1, "taken": action.count, "left": sum(heaps)}))
        return NimState(state.n, heaps, (state.seat + 1) % state.n, state.turn + 1, state.seat if over else -1)

    def is_terminal(self, state: NimState) -> bool:
        return state.last >= 0

    def result(self, state: NimState) -> GameResult:
        if state.last < 0:  # not over: nobody has won yet
            wins = [0.0] * state.n
        elif self.variant.misere:  # the one who took the last counter loses; the others share
            wins = [0.0 if s == state.last else 1.0 for s in range(state.n)]
        else:
            wins = [1.0 if s == state.last else 0.0 for s in range(state.n)]
        ranks, shares = rank([(w,) for w in wins])
        seats = tuple(SeatResult(s, {"win": wins[s]}, wins[s], ranks[s], shares[s], {}) for s in range(state.n))
        return GameResult(seats, rounds=-(-state.turn // state.n), turns=state.turn)

    def view(self, state: NimState, seat: int) -> NimState:
        return state  # nothing is hidden

    def sample_state(self, view: NimState, *, rng: random.Random) -> NimState:
        return view  # perfect information: the view is the whole state (search bots need this)

    def format_action(self, state: NimState, action: Take) -> str:
        return str(action)


# --- bots ----------------------------------------------------------------------------------------


@dataclass
class NimBot:
    name: str
    stochastic: bool = True

    def choose(self, view: NimState, legal: Sequence[Take], *, rng: random.Random) -> Take:
        if self.name == "greedy":  # as many as allowed from the biggest heap
            return max(legal, key=lambda a: (a.count, view.heaps[a.heap], -a.heap))
        if self.name == "perfect":  # leave a nim-sum of 0 when possible (normal play)
            for a in legal:
                heaps = list(view.heaps)
                heaps[a.heap] -= a.count
                if reduce(xor, heaps, 0) == 0:
                    return a
        return legal[rng.randrange(len(legal))]


def make_bot(name: str, rules: NimRules, seat: int) -> NimBot:
    if name not in ("random", "greedy", "perfect"):
        raise UsageError(f"unknown bot {name!r} for nim (bots: random, greedy, perfect)")
    return NimBot(name, stochastic=name != "greedy")


# --- transcript notation -------------------------------------------------------------------------

MOVE = re.compile(r"take\s+(\d+)\s+from\s+(\d+)")


class NimNotation(Notation[NimState, Take]):
    """`take COUNT from HEAP` (heaps numbered from 1). No setup block: the variant sets the heaps."""

    game = "nim"
    example = "take 2 from 1"

    def parse_move(self, text: str) -> Sequence[Take]:
        m = MOVE.fullmatch(text.strip())
        if m is None:
            raise ValueError(f"cannot read {text.strip()!r}: expected 'take COUNT from HEAP'")
        return [Take(int(m.group(2)) - 1, int(m.group(1)))]


# --- a metric for the reports --------------------------------------------------------------------


def summary(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    moves = events.filter(pl.col("kind") == EventKind.DECISION)
    # Moves are nested in games: the interval is over games (each game's sum and count of moves).
    per_game = moves.group_by("game").agg(pl.col("taken").sum().alias("taken"), pl.len().alias("moves"),
                                          (pl.col("taken") == 1).sum().alias("ones")).sort("game")
    mean, low, high = mean_of_sums(per_game["taken"].to_numpy(), per_game["moves"].to_numpy())
    ones, ones_low, ones_high = proportion_of_sums(per_game["ones"].to_numpy(), per_game["moves"].to_numpy())
    by_move = []  # the nth move of each game: one observation per game that lasted n moves
    numbered = moves.sort("game", "turn").with_columns(pl.int_range(pl.len()).over("game").alias("nth"))
    for (nth,), part in sorted(numbered.partition_by("nth", as_dict=True).items()):
        taken = part["taken"].to_numpy().astype(float)
        est, lo, hi = mean_of_sums(taken, [1] * taken.size)
        by_move.append({C.METRIC: "taken_by_move", C.GROUP: f"move {nth + 1}", C.ESTIMATE: est, C.CI_LOW: lo,
                        C.CI_HIGH: hi, C.N: taken.size,
                        C.DEFINITION: "Mean counters taken in the game's nth move (games that lasted that long)."})
    return [("Counters taken per move", C.metric_frame([{
        C.METRIC: "mean_taken", C.GROUP: "all", C.ESTIMATE: mean, C.CI_LOW: low, C.CI_HIGH: high,
        C.N: per_game.height,
        C.DEFINITION: "Mean number of counters taken in one move; 95% interval over games (moves are "
                      "nested in games)."}, {
        # A share whose name does not say so: the game declares its kind (METRIC_INFO below).
        C.METRIC: "one_counter_moves", C.GROUP: "all", C.ESTIMATE: ones, C.CI_LOW: ones_low, C.CI_HIGH: ones_high,
        C.N: per_game.height,
        C.DEFINITION: "Share of moves that take a single counter; 95% interval over games."}])),
            ("Counters taken by move", C.metric_frame(by_move))]


METRIC_INFO = {
    "mean_taken": MetricInfo(title="Counters taken per move", phrase="counters taken per move", unit="counters"),
    "one_counter_moves": MetricInfo(title="Moves that take one counter", phrase="share of moves taking one counter",
                                    kind="rate", headline=True),
}
"""What the reports call Nim's metrics (GameSpec.metric_info): `compare`'s titles, the ladder's
phrases, and the kind of a share whose name does not say it is one."""


def goal_metrics(info: dict, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """What a tuning goal may name beyond the report: the share of games the first player wins."""
    first = games.filter(pl.col("seat") == 0)
    wins = float(first["win_share"].sum())
    return C.metric_frame([{C.METRIC: "first_player_wins", C.GROUP: "all", C.ESTIMATE: wins / first.height,
                            C.CI_LOW: None, C.CI_HIGH: None, C.N: first.height,
                            C.DEFINITION: "Share of games won by the player who moves first."}])
