"""One rules object may serve many games at once (the batch runner and the bots share it):
games played interleaved, decision by decision, on one rules object end exactly as each
played alone on a fresh one."""

from __future__ import annotations

import random

from playtest.games.stargate.bots import make_bot
from playtest.games.stargate.rules import StargateRules
from playtest.variants import load_variant
from tests.stargate_drafts.helpers import DRAFT5, NEW_DRAFTS


def _start(rules: StargateRules, g: int, bots: str):
    state = rules.initial_state(4, rng=random.Random(g))
    players = [make_bot(bots, rules, s) for s in range(4)]
    return state, players, [random.Random(100 * g + s) for s in range(4)]


def _step(rules, state, players, rngs):
    seat = rules.current_seat(state)
    action = players[seat].choose(state, rules.legal_actions(state), rng=rngs[seat])
    return rules.apply(state, action, log=[])


def _alone(path, g: int, bots: str):
    rules = StargateRules(load_variant(path).model)
    state, players, rngs = _start(rules, g, bots)
    while not rules.is_terminal(state):
        state = _step(rules, state, players, rngs)
    return rules.result(state)


def test_interleaved_games_on_one_rules_object_play_as_alone() -> None:
    for path in (DRAFT5, *NEW_DRAFTS):
        for bots in ("random", "greedy"):
            shared = StargateRules(load_variant(path).model)
            games = {g: _start(shared, g, bots) for g in range(3)}
            while games:
                for g in list(games):
                    state, players, rngs = games[g]
                    if shared.is_terminal(state):
                        assert shared.result(state) == _alone(path, g, bots), (path.stem, bots, g)
                        del games[g]
                    else:
                        games[g] = (_step(shared, state, players, rngs), players, rngs)
