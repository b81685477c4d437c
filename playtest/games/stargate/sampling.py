"""What the search bots need from Stargate beyond its rules: a state from a view (nothing is
hidden) and an evaluation of unfinished games for cut-off rollouts.

Registered on the game's SPEC (``sample_state``, ``evaluate``) rather than as methods of the
rules class; either way the search bots find them (see playtest/search/model.py).
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import exp

from playtest.games.stargate.bots import Evaluation
from playtest.games.stargate.rules import StargateRules, State

TEMPERATURE = 4.0
"""VP scale of the evaluation's softmax: a lead of 4 VP makes a seat e (≈2.7) times as likely
to win as the trailing one."""


def sample_state(rules: StargateRules, view: State, *, rng: random.Random) -> State:
    """Stargate has no hidden information: the view is the state (`rules.view` returns it)."""
    return view


def evaluate(rules: StargateRules, state: State) -> list[float]:
    """Estimated win share per seat: a softmax, with temperature `TEMPERATURE` VP, over each
    seat's provisional total (as if the game ended now) plus the placements its cubes will
    still buy, valued as the `greedy` bot values them (bots.Evaluation with `hand_vp`: a cube in
    hand is worth more than one in the stock when the stock would not reach the hand before the
    game ends). Sums to 1.

    It replaced a flat 1 VP per cube in hand (2026-12-02, `python -m playtest.search.strength
    variants/stargate/draft5.yaml --search mcts:250:depth=12 --against greedy -n 200 --seed 7`:
    30.5% [24.5, 37.2] of the games won with the flat value, 43.8% [37.1, 50.7] with this one)."""
    ev = _evaluation(rules)
    totals, hand, stock = rules.totals(state), state.hand, state.stock
    least, vp = min(stock), ev.placement_vp(state.circle)
    values = [t + vp * ev.placeable(hand[s], stock[s], least, state.crews_in_game) for s, t in enumerate(totals)]
    top = max(values)
    weights = [exp((v - top) / TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=8)
def _evaluation(rules: StargateRules) -> Evaluation:
    """The greedy bot's evaluation for these rules (it remembers a placement's worth per circle,
    a pure function of the variant and the circle: safe when one rules object is shared)."""
    return Evaluation(rules, hand_vp=True)
