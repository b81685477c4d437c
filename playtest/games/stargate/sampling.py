"""What the search bots need from Stargate beyond its rules: a state from a view (nothing is
hidden) and an evaluation of unfinished games for cut-off rollouts.

Registered on the game's SPEC (``sample_state``, ``evaluate``) rather than as methods of the
compiled rules class; either way the search bots find them (see playtest/search/model.py).
"""

from __future__ import annotations

import random
from math import exp

from playtest.games.stargate.rules import StargateRules, State

HAND_CUBE_VP = 1.0
"""Provisional VP the evaluation credits per cube in hand: a cube in hand is a placement the
seat can still make (about 1 VP at the current planets' slot values), while the provisional
total counts only the board."""

TEMPERATURE = 4.0
"""VP scale of the evaluation's softmax: a lead of 4 VP makes a seat e (≈2.7) times as likely
to win as the trailing one."""


def sample_state(rules: StargateRules, view: State, *, rng: random.Random) -> State:
    """Stargate has no hidden information: the view is the state (`rules.view` returns it)."""
    return view


def evaluate(rules: StargateRules, state: State) -> list[float]:
    """Estimated win share per seat: a softmax over provisional totals (as if the game ended
    now) plus `HAND_CUBE_VP` per cube in hand, with temperature `TEMPERATURE` VP. Sums to 1."""
    totals = rules.totals(state)
    hand = state.hand
    values = [totals[s] + HAND_CUBE_VP * hand[s] for s in range(state.n)]
    top = max(values)
    weights = [exp((v - top) / TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
