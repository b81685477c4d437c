"""The forward model a search uses: the game's rules plus its sample_state/evaluate hooks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from playtest.core.protocol import Rules
from playtest.core.results import GameResult
from playtest.core.spec import GameSpec
from playtest.errors import ProtocolError


class Model:
    """The protocol methods search calls, bound once. `sample_state` and `evaluate` come from
    the rules class when it defines them, else from the GameSpec's hooks (None if neither)."""

    def __init__(self, spec: GameSpec, rules: Rules[Any, Any]) -> None:
        self.rules = rules
        self.game = f"'{spec.name}'"
        """The game as error messages name it."""
        self.is_terminal: Callable[[Any], bool] = rules.is_terminal
        self.legal_actions: Callable[[Any], Sequence[Any]] = rules.legal_actions
        self.apply: Callable[..., Any] = rules.apply
        self.apply_legal: Callable[..., Any] = getattr(rules, "apply_legal", rules.apply)
        """`apply` for an action just taken from `legal_actions` of the same state (the tree's
        and the rollout's every step): the rules' `apply_legal` when they have one, which skips
        checking the action a second time."""
        self.current_seat: Callable[[Any], int] = rules.current_seat
        self.result: Callable[[Any], GameResult] = rules.result
        self.view: Callable[[Any, int], Any] = rules.view
        self.sample_state: Callable[..., Any] | None = getattr(rules, "sample_state", None)
        if self.sample_state is None and spec.sample_state is not None:
            hook = spec.sample_state

            def sample_state(view: Any, *, rng: random.Random) -> Any:
                return hook(rules, view, rng=rng)

            self.sample_state = sample_state
        self.evaluate: Callable[[Any], Sequence[float]] | None = getattr(rules, "evaluate", None)
        if self.evaluate is None and spec.evaluate is not None:
            ev = spec.evaluate

            def evaluate(state: Any) -> Sequence[float]:
                return ev(rules, state)

            self.evaluate = evaluate

    def no_legal_action(self, who: str, state: Any) -> ProtocolError:
        """The error for a state a search reached (from sample_state, then apply) that is not
        over and offers no action: the game's bug, named as the runner names it."""
        seat = self.current_seat(state)
        return ProtocolError(f"the rules of {self.game} offered no legal action in a state that is not over "
                             f"(reached by {who} from sample_state and apply, seat {seat + 1} to move): a bug in the "
                             "game's legal_actions, is_terminal or sample_state")
