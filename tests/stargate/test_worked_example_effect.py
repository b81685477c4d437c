"""The worked example of docs/extending.md: vp_per_full_planet, a schema class plus a handler,
played in a scratch variant (draft 5 whose Armstrong gains 3 VP per full planet after placing
instead of 2 VP before)."""

from __future__ import annotations

import random

import pytest

from playtest.games.stargate.actions import Place, TakeCrew
from playtest.games.stargate.bots import make_bot
from playtest.games.stargate.rules import Phase
from playtest.sim.runner import play_game
from tests.stargate_drafts.helpers import rules_with, setup, with_board

SCRATCH = {"armstrong": {"skill": [{"effect": "vp_per_full_planet", "amount": 3, "timing": "after"}]}}


@pytest.fixture(scope="module")
def rules():
    return rules_with(crews=SCRATCH)


def test_it_pays_per_full_planet_after_placing(rules) -> None:
    # red1 has 6 slots and blue1 6: fill red1 before the turn, blue1 with the turn's last cube.
    state = setup(rules, ["red1", "blue1", "yellow1", "green1", "red2"], n=3)
    state = with_board(state, {0: [1, 2, 1, 2, 1, 2], 1: [1, 2, 1, 2, 1]})
    state = state.replace(hand=(4, 3, 3))
    state = rules.apply(state, TakeCrew("armstrong"))
    assert state.phase is Phase.PLACE and state.skill_vp == (0, 0, 0)  # after placing, not before
    log: list = []
    state = rules.apply(state, Place(("blue1",)), log=log)
    assert state.skill_vp == (6, 0, 0)  # red1 and blue1 full
    assert log[0].data["vp_gained"] == 6


def test_no_full_planet_pays_nothing(rules) -> None:
    state = setup(rules, ["red1", "blue1", "yellow1", "green1", "red2"], n=3)
    state = rules.apply(rules.apply(state, TakeCrew("armstrong")), Place(("red1", "blue1")))
    assert state.skill_vp == (0, 0, 0)


def test_the_scratch_variant_plays_with_every_bot(rules) -> None:
    for name in ("random", "greedy", "greedy-myopic", "scripted:armstrong-first"):
        bots = [make_bot(name, rules, s) for s in range(3)]
        played = play_game(rules, bots, n_players=3, deal_rng=random.Random(1),
                           bot_rngs=[random.Random(10 + s) for s in range(3)])
        assert played.result.seats and any(e.data.get("crew") == "armstrong" for e in played.events)
