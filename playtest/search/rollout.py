"""Playing a search iteration out: rollout policies and the reward vector at its end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from playtest.core.draws import randbelow
from playtest.core.protocol import Bot
from playtest.search.model import Model

Reward = Sequence[float]


def final_reward(model: Model, state: Any, kind: str) -> Reward:
    """Per-seat reward of a finished game: its win shares ('win'), or its totals scaled so that
    the leader gets 1 and the last seat 0 ('margin'; all 0.5 when every total is equal)."""
    result = model.result(state)
    if kind == "win":
        return [s.win_share for s in result.seats]
    totals = [s.total for s in result.seats]
    lo, hi = min(totals), max(totals)
    if hi == lo:
        return [0.5] * len(totals)
    return [(t - lo) / (hi - lo) for t in totals]


class Rollout:
    """Plays a state forward with a policy, up to `depth` moves (then the game's evaluation)."""

    def __init__(self, model: Model, *, reward: str, depth: int | None,
                 make_policy: Callable[[int], Bot] | None) -> None:
        self.model, self.reward, self.depth = model, reward, depth
        self.make_policy = make_policy
        """(seat) → a fresh bot of the game; None = uniformly random moves."""
        self.evaluate = model.evaluate

    def __call__(self, state: Any, rng: random.Random) -> Reward:
        model = self.model
        is_terminal, legal_actions, apply = model.is_terminal, model.legal_actions, model.apply_legal
        depth = self.depth if self.depth is not None else -1
        policy: list[Bot | None] = []
        steps = 0
        while not is_terminal(state):
            if steps == depth:
                assert self.evaluate is not None
                return self.evaluate(state)
            legal = legal_actions(state)
            k = len(legal)
            if not k:
                raise model.no_legal_action("a search rollout", state)
            if self.make_policy is None:
                action = legal[randbelow(rng, k)] if k > 1 else legal[0]
            else:
                seat = model.current_seat(state)
                while len(policy) <= seat:
                    policy.append(None)
                bot = policy[seat]
                if bot is None:
                    bot = policy[seat] = self.make_policy(seat)
                action = bot.choose(model.view(state, seat), legal, rng=rng)
            state = apply(state, action, rng=rng)
            steps += 1
        return final_reward(model, state, self.reward)
