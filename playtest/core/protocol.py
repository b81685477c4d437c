"""The protocols every game and every bot implement. The runner knows only these."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from playtest.core.events import Event
from playtest.core.results import GameResult

S = TypeVar("S")
A = TypeVar("A")


@runtime_checkable
class Rules(Protocol[S, A]):
    """A game's rules for one validated variant. Pure: `apply` returns a new state and never
    mutates its input. Chance is explicit: every random draw uses the `rng` the caller passes."""

    game: ClassVar[str]

    def player_counts(self) -> tuple[int, ...]: ...

    def initial_state(self, n_players: int, *, rng: random.Random) -> S:
        """Set up a game (deal, shuffle) for `n_players`."""
        ...

    def current_seat(self, state: S) -> int:
        """The seat (0-based) that must decide now."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the current seat may take; never empty in a non-terminal state."""
        ...

    def apply(self, state: S, action: A, *, rng: random.Random, log: list[Event] | None = None) -> S:
        """The state after `action`. Raises IllegalActionError (before any change) if illegal.
        Events are appended to `log` when it is given (search bots pass None: no events)."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def result(self, state: S) -> GameResult:
        """Per-seat score breakdown, ranks and win shares of a finished game."""
        ...

    def view(self, state: S, seat: int) -> Any:
        """What `seat` may see. Bots get only this."""
        ...

    def format_action(self, state: S, action: A) -> str:
        """The action in transcript notation."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player. A fresh bot is made for every game; its randomness comes only from `rng`."""

    name: str
    stochastic: bool

    def choose(self, view: Any, legal: Sequence[Any], *, rng: random.Random) -> Any:
        """One of `legal`."""
        ...
