"""The protocols every game and every bot implement. The runner knows only these."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from playtest.core.events import Event
from playtest.core.results import GameResult

S = TypeVar("S")
A = TypeVar("A")


MAX_DECISIONS = 250_000
"""A game's decisions before the runner calls it a runaway (a variant whose end can never come,
or a rules bug). Above any game a variant describes in practice: a Stargate game that runs to a
`max_rounds` of 3,000 with 4 players takes about 24,000 decisions (the cap was once 20,000, which
refused such a variant as never ending), 10,000 rounds about 80,000. Not higher: a runaway game
keeps its events until the cap (a never-ending plugin game reached 519 MB at a cap of 1,000,000,
review of 2026-12-02), and every worker may hold one."""


@runtime_checkable
class Rules(Protocol[S, A]):
    """A game's rules for one validated variant. Pure: `apply` returns a new state and never
    mutates its input. Chance is explicit: every random draw uses the `rng` the caller passes.

    What the search bots (playtest/search: `mcts`, `ismcts`) need, so that a new game gets them
    for free:

    - States are immutable (``apply`` returns a new one), so copying a state is free; ``apply``
      with ``log=None`` must be cheap (no events built) — search calls it millions of times.
    - Actions are hashable and compare equal by value (search keys its tree by action).
    - A state holds its number of seats as ``state.n`` (an int); the player to move is
      ``current_seat``; rewards at the end are the per-seat win shares of
      ``result`` (or, with ``reward=margin``, the seats' totals scaled to [0, 1]).
    - Chance inside ``apply`` (redeals, dice, the next round's deal) draws from the ``rng``
      passed in: search passes its own, so it samples the future rather than reading it.
    - ``sample_state(view, *, rng)`` (required by search) and ``evaluate(state)`` (optional)
      are documented on this class below; search finds both with ``getattr`` (or as GameSpec
      hooks), so neither is a member of the protocol.
    """

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

    # Optional (search detects them with getattr, so they are not declared here, to keep
    # isinstance(rules, Rules) true for games without them; a game may give either as a
    # GameSpec hook instead, as Stargate does: playtest/search/model.py):
    #
    #   def sample_state(self, view: Any, *, rng: random.Random) -> S:
    #       """A full state consistent with everything `view`'s seat may know, every hidden part
    #       (other hands, undealt cards, simultaneous bids not yet revealed) drawn from `rng` —
    #       never read from the true state. Perfect-information games return the state the view
    #       is. Search bots call it once per decision (`mcts`) or once per iteration (`ismcts`);
    #       without it (and without GameSpec.sample_state) a search bot is refused."""
    #
    #   def evaluate(self, state: S) -> Sequence[float]:
    #       """Heuristic per-seat value in [0, 1] of a non-terminal state: an estimate of each
    #       seat's win share, used where a search rollout is cut off (`depth=K`)."""
    #
    # Optional (the runner detects it with getattr; same reason):
    #
    #   def apply_legal(self, state: S, action: A, *, rng: random.Random,
    #                   log: list[Event] | None = None) -> S:
    #       """`apply` for an action the caller has just taken from `legal_actions(state)`:
    #       the same new state, without checking the action a second time. The runner's loop
    #       checks every bot's action against the legal list, then calls this."""


@runtime_checkable
class Bot(Protocol):
    """A player. A fresh bot is made for every game; its randomness comes only from `rng`.
    Optional: `explain() -> str`, why the last choice, which `playtest play`'s hint asks of a
    fresh bot right after its one `choose` (`PlaySession.hint`; never asked in a simulation)."""

    name: str
    stochastic: bool

    def choose(self, view: Any, legal: Sequence[Any], *, rng: random.Random) -> Any:
        """One of `legal`."""
        ...
