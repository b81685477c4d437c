"""`mcts`: UCT over the game protocol alone, on one state per decision.

Perfect-information games (Stargate) give the state itself as their sample, so this is exact
UCT with max-n backups; chance inside ``apply`` is sampled per iteration from the bot's rng
(the tree is open loop, see tree.py). On a hidden-information game the one sample is a single
determinisation per decision — legal, never cheating, but weak: use `ismcts` there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from playtest.errors import ProtocolError
from playtest.search.model import Model
from playtest.search.names import SearchSpec
from playtest.search.rollout import Rollout, final_reward
from playtest.search.tree import Node, action_keys, backup, best_action, descend


class SearchBot:
    """Shared by `mcts` and `ismcts`: the iteration loop; subclasses say where states come from.
    Counts its searched decisions and iterations (the strength benchmark reads them)."""

    stochastic = True
    resample_each_iteration = False

    def __init__(self, model: Model, seat: int, spec: SearchSpec, rollout: Rollout) -> None:
        self.model, self.seat, self.spec, self.rollout = model, seat, spec, rollout
        self.name = spec.name
        self.decisions = 0
        self.iterations = 0

    def choose(self, view: Any, legal: Sequence[Any], *, rng: random.Random) -> Any:
        self._last = None
        kept, self._kept = self._kept, None
        if len(legal) == 1:
            return legal[0]
        sample = self.model.sample_state
        assert sample is not None  # checked when the bot is made
        state = sample(view, rng=rng)
        n = self._n_seats(state)
        root = kept[1] if kept is not None and kept[0] == state else Node(-1, n)
        for i in range(self.spec.iterations):
            if self.resample_each_iteration and i:
                state = sample(view, rng=rng)
            self._iterate(state, root, n, rng)
        self.decisions += 1
        self.iterations += self.spec.iterations
        i = best_action(root, legal, self.seat)
        action, key = legal[i], action_keys(legal)[i]
        self._last = (root, key)
        if self.spec.reuse:
            self._keep(state, root, action, key)
        return action

    _kept: tuple[Any, Node] | None = None
    """(the state expected at this seat's next decision, the subtree searched for it)."""

    def _keep(self, state: Any, root: Node, action: Any, key: Any) -> None:
        """Keep the chosen action's subtree when the same seat decides again right after it
        (a turn's sub-decisions: a crew, then its skill target, then the placement), so the
        next search starts from the iterations already spent on it. Used only if the next view
        is exactly the state the action leads to (checked by equality in `choose`); the
        action is applied with a throwaway rng, never the bot's, so reuse draws nothing."""
        child = root.children.get(key)
        model = self.model
        if child is None:
            return
        nxt = model.apply(state, action, rng=random.Random(0))
        if not model.is_terminal(nxt) and model.current_seat(nxt) == self.seat:
            self._kept = (nxt, child)

    def explain(self) -> str:
        """Why the last decision (for `playtest play`'s hint): the chosen move's share of the
        search and the reward it was estimated to bring this seat."""
        last = getattr(self, "_last", None)
        if last is None:
            return "the only legal move"
        root, key = last
        child = root.children.get(key)
        if child is None or not root.visits:
            return ""
        return (f"{self.spec.iterations} iterations; this move searched {child.visits} times, "
                f"estimated {self.spec.reward} reward {child.mean(self.seat):.2f} for this seat")

    def _iterate(self, state: Any, root: Node, n: int, rng: random.Random) -> None:
        model = self.model
        is_terminal, legal_actions, apply, current_seat = (
            model.is_terminal, model.legal_actions, model.apply_legal, model.current_seat)
        c = self.spec.c
        node = root
        path = [root]
        while not is_terminal(state):
            legal = legal_actions(state)
            if not legal:
                raise self.model.no_legal_action(f"search bot {self.name!r}", state)
            try:
                action, node, new = descend(node, legal, current_seat(state), n, c, rng)
            except TypeError as exc:  # the tree keys its children by action: say so if that is why
                self._check_hashable(legal, exc)  # this state's actions: those ahead may differ from the root's
                raise
            state = apply(state, action, rng=rng)
            path.append(node)
            if new:
                break
        reward = self.rollout(state, rng) if not is_terminal(state) else final_reward(model, state, self.spec.reward)
        backup(path, reward)

    def _n_seats(self, state: Any) -> int:
        """Seats in the game: the protocol asks every state for its seat count `n`."""
        n = getattr(state, "n", None)
        if isinstance(n, int):
            return n
        raise ProtocolError(f"search bot {self.name!r}: the state sample_state gave ({type(state).__name__}) has no "
                            f"seat count `n` (an int), which search needs ({self.model.game}; docs/extending.md, "
                            "'For the search bots')")

    def _check_hashable(self, legal: Sequence[Any], exc: TypeError) -> None:
        """A ProtocolError naming the action class when the legal actions (or their
        `action_keys`) cannot be hashed, the likely cause of `exc`; else nothing."""
        for key in action_keys(legal):
            try:
                hash(key)
            except TypeError:
                raise ProtocolError(
                    f"search bot {self.name!r}: the actions of {self.model.game} cannot key a search tree "
                    f"({type(key).__name__}: {exc}): make them hashable and equal by value, e.g. "
                    "@dataclass(frozen=True) (docs/extending.md, 'For the search bots')") from None


class MCTSBot(SearchBot):
    """UCT on one state per decision (the game's own state when nothing is hidden)."""
