"""The position value the greedy bot maximises and `Rules.evaluate` turns into win shares.

value(seat) = VP if the game ended now (chips, worlds, developments, end bonuses, goals)
            + GOLD × gold + GOOD × trade price of each good held
            + COLONIST × colonists in supply (capped at what the unsettled worlds need)
            + PRODUCTION × settled production worlds (each yields a good per Produce)
            + MILITARY × military strength (capped at the costliest military world)
            + UNSETTLED × VP of unsettled worlds the player can pay for
            + a per-power allowance for consume powers and gold-on-action powers.
The weights are a rough exchange rate (about 3 gold buys a VP through worlds and
developments); they are constants, not tuned per variant.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.state import Player, State

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules

GOLD = 0.3
GOOD = 0.25
COLONIST = 0.3
PRODUCTION = 0.8
MILITARY = 0.35
UNSETTLED = 0.2
CONSUME_POWER = 0.8
GOLD_ON_POWER = 0.4
TEMPERATURE = 4.0
"""Softmax temperature (in value points) of `win_shares`."""


def _potential(rules: NewFrontiersRules, state: State, p: Player) -> float:
    t = rules.tiles
    v = GOLD * p.gold + sum(GOOD * t.prices[t.worlds[w].color] for w in p.goods)
    need = sum(t.worlds[w].colonists for w in p.unsettled)
    v += COLONIST * min(p.colonists, need)
    v += PRODUCTION * sum(1 for w in p.worlds if t.worlds[w].kind == "production")
    top_military = max((t.worlds[w].cost for w in state.bag if t.worlds[w].kind == "military"), default=5)
    v += MILITARY * min(p.prof.military, top_military)
    for w in p.unsettled:
        tile = t.worlds[w]
        ok = p.prof.military >= tile.cost if tile.kind == "military" else p.gold + 3 >= tile.cost
        v += UNSETTLED * (tile.vp + 1) if ok else 0.1
    v += CONSUME_POWER * sum(c.goods for c in p.prof.consume)
    v += GOLD_ON_POWER * sum(p.prof.gold_on.values())
    return v


def values(rules: NewFrontiersRules, state: State) -> list[float]:
    """The position value of every seat."""
    parts = scoring.score_parts(rules.tiles, state, rules.hidden_for_everyone)
    if state.over:
        return [float(sum(p.values())) for p in parts]
    return [sum(parts[i].values()) + _potential(rules, state, p) for i, p in enumerate(state.players)]


def win_shares(rules: NewFrontiersRules, state: State) -> list[float]:
    """Per-seat win-share estimate in [0, 1] (sums to 1): exact shares at the end, otherwise a
    softmax of the position values."""
    if state.over:
        return [s.win_share for s in rules.result(state).seats]
    v = values(rules, state)
    top = max(v)
    w = [math.exp((x - top) / TEMPERATURE) for x in v]
    total = sum(w)
    return [x / total for x in w]
