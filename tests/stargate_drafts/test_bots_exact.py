"""The greedy bot's fast placement evaluator must give exactly `evaluate(rules, apply(...))` on
variants that use the next-draft rules (turn-end VP, conversions, final planet effects, overflow,
extension slots)."""

from __future__ import annotations

import functools
import random

import pytest

from playtest.games.stargate.bots import GreedyBot, evaluate
from playtest.games.stargate.rules import Phase, StargateRules
from playtest.variants import load_variant

from .helpers import SHIPPED, rules_with


@functools.cache
def everything() -> StargateRules:
    """Every crew effect of the schema on one table (test_every_effect_is_on_the_table checks it):
    a new effect joins it, so the bots' fast evaluation is checked against `apply` for it too.
    Built when a test first asks, not when the module is imported: an effect without a handler
    then fails these tests one by one instead of stopping the whole collection."""
    return rules_with(
        {"cubes": {"total": 15, "start_in_hand": 6, "replenish": 2}},
        crews={
            "armstrong": {"skill": [{"effect": "gain_vp", "amount": 1},
                                    {"effect": "color_vp", "colors": ["red", "green"], "amount": 1}]},
            "orlins": {"skill": [{"effect": "free_order"},
                                 {"effect": "color_vp", "colors": ["blue"], "amount": -1, "count": "on_board"}]},
            "bays": {"skill": [{"effect": "gain_cubes", "amount": 2}, {"effect": "accumulate_time", "amount": 2}]},
            "rahel": {"skill": [{"effect": "repeat_planet"}, {"effect": "vp_per_full_planet", "amount": 2}]},
            "anderson": {"extension_vp": [2, 1], "skill": [{"effect": "develop_crew", "timing": "before"},
                                                                  {"effect": "swap_adjacent"}]},
        },
        planets={
            "red1": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": 2, "per_cube": True}],
                     "extension_vp": [3]},
            "red2": {"effects": [{"effect": "convert_cubes", "cubes": 2, "into": "vp", "rate": 2}]},
            "red3": {"effects": [{"effect": "convert_cubes", "cubes": 1, "source": "stock", "into": "time"}]},
            "blue1": {"effects": [{"effect": "majority_multiplier", "factor": 0.5, "ranks": "all"}]},
            "blue2": {"effects": [{"effect": "vp", "trigger": "final", "amount": -1, "per_cube": True}]},
            "blue3": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": -3}]},
            "yellow1": {"effects": [{"effect": "vp", "trigger": "final", "to": "majority", "amount": 4}],
                        "overflow_vp": 7},
            "green1": {"effects": [{"effect": "majority_multiplier", "factor": 2}]},
        },
        extra_crews=[{"id": "vance", "time": 2, "skill": [{"effect": "overflow", "timing": "before"}]},
                     {"id": "wells", "time": 2, "skill": [{"effect": "develop_planet", "slot": 1}]}],
    )


def test_every_effect_is_on_the_table() -> None:
    from tests.stargate.test_effects_registry import schema_effect_classes

    used = {type(e) for crew in everything().variant.crews for e in crew.skill}
    missing = [c.__name__ for c in schema_effect_classes() if c not in used]
    assert not missing, f"add these effects to a crew of everything(): {missing}"


def test_every_planet_effect_is_on_the_table() -> None:
    """A last_cube effect is asked before placing too (the bots value a placement with
    `turn_gains`, its cubes pending), so each kind is on a planet of everything()."""
    from tests.stargate.test_planet_effects_registry import schema_planet_effect_classes

    used = {type(e) for planet in everything().variant.planets for e in planet.effects}
    missing = [c.__name__ for c in schema_planet_effect_classes() if c not in used]
    assert not missing, f"add these effects to a planet of everything(): {missing}"


def _check_fast_values(rules: StargateRules, games: int, seed: int, hand_vp: bool = False) -> int:
    rng = random.Random(seed)
    checked = 0
    for g in range(games):
        n = rng.choice(rules.player_counts())
        state = rules.initial_state(n, rng=rng)
        while state.phase is not Phase.OVER:
            legal = rules.legal_actions(state)
            if state.phase is Phase.PLACE and rules.placement_ends_turn[state.crew]:
                bot = GreedyBot(rules, state.seat, hand_vp=hand_vp)
                seqs = rules.placement_sequences(state)
                for value, seq in zip(bot._placement_values(state, seqs), seqs, strict=True):
                    after = rules.apply(state, bot._place(state, seq))
                    assert value == evaluate(rules, after, state.seat, bot.evaluation), (g, seq)
                    checked += 1
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    return checked


@pytest.mark.parametrize("hand_vp", [False, True], ids=["myopic", "hand-valued"])
def test_fast_values_equal_apply_then_evaluate_with_every_new_effect(hand_vp: bool) -> None:
    assert _check_fast_values(everything(), games=12, seed=1, hand_vp=hand_vp) > 1000


@pytest.mark.parametrize("hand_vp", [False, True], ids=["myopic", "hand-valued"])
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_fast_values_equal_apply_then_evaluate_on_shipped_drafts(path, hand_vp: bool) -> None:
    rules = StargateRules(load_variant(path).model)
    assert _check_fast_values(rules, games=4, seed=2, hand_vp=hand_vp) > 100


def _check_target_values(rules: StargateRules, games: int, seed: int, hand_vp: bool = False) -> int:
    """The fast ranking of skill targets (moves, swaps) equals apply-then-evaluate, to the bit."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        n = rng.choice(rules.player_counts())
        state = rules.initial_state(n, rng=rng)
        while state.phase is not Phase.OVER:
            legal = list(rules.legal_actions(state))
            if state.phase is Phase.SKILL:
                bot = GreedyBot(rules, state.seat, hand_vp=hand_vp)
                assert bot._target_values(state, legal) == [
                    evaluate(rules, rules.apply(state, a), state.seat, bot.evaluation) for a in legal]
                checked += len(legal)
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    return checked


@pytest.mark.parametrize("hand_vp", [False, True], ids=["myopic", "hand-valued"])
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_fast_target_values_equal_apply_then_evaluate(path, hand_vp: bool) -> None:
    rules = StargateRules(load_variant(path).model)
    assert _check_target_values(rules, games=10, seed=3, hand_vp=hand_vp) > 200


@pytest.mark.parametrize("hand_vp", [False, True], ids=["myopic", "hand-valued"])
def test_fast_target_values_with_every_new_effect(hand_vp: bool) -> None:
    assert _check_target_values(everything(), games=10, seed=4, hand_vp=hand_vp) > 50
