"""The greedy bot's position value (evaluation.py): every power kind is worth something to the
player holding it, a power that pays on later actions is worth less as that player's game runs
out, and the bot that values them beats the one that did not (the head-to-head behind
POWER_WEIGHTS, docs/new-frontiers.md "Bots")."""

from __future__ import annotations

import math
import random
import typing
from dataclasses import replace

import pytest

from playtest.games.newfrontiers import evaluation as E
from playtest.games.newfrontiers.bots import GreedyBot
from playtest.games.newfrontiers.powers import HANDLERS
from playtest.games.newfrontiers.profiles import profile
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.sim.runner import play_game
from playtest.variants import load_variant
from tests.newfrontiers.helpers import VARIANTS, dev, rules_for, start

EXAMPLES = {"military": "{kind: military, amount: 1}", "gold_on": "{kind: gold_on, action: produce}",
            "discount": "{kind: discount, action: develop}", "extra_good": "{kind: extra_good}",
            "consume": "{kind: consume, goods: 1, vp: 1}", "explore_draw": "{kind: explore_draw}",
            "settle_reward": "{kind: settle_reward, gold: 1}", "extra_settle": "{kind: extra_settle}",
            "end_bonus": "{kind: end_bonus, per: world, vp: 1}"}


def _kind(cls: type) -> str:
    return typing.get_args(cls.model_fields["kind"].annotation)[0]  # type: ignore[attr-defined]


def _with_power(kind: str | None) -> tuple[NewFrontiersRules, list]:
    """The base rules with Fabricators (d07) given only this power (None: none), and its powers."""
    rules = rules_for(overrides=(f"developments.d07.powers=[{EXAMPLES[kind] if kind else ''}]",))
    return rules, list(rules.tiles.devs[rules.tiles.dev_index["d07"]].powers)


def _holding_d07(rules: NewFrontiersRules) -> float:
    """The value of seat 0 at the start of a game, holding Fabricators."""
    devs = dev(rules, "d07")
    p = start(rules).players[0]
    return E.player_value(rules, replace(p, devs=devs, prof=profile(rules, p.worlds, devs)))


def test_every_power_kind_adds_to_the_value_of_the_player_holding_it():
    """Until 2026-12-05 the value had no term for five kinds (discount, explore_draw, extra_good,
    settle_reward, extra_settle): a tile with one was worth its VP alone, and in 200 greedy games
    of the base set no player bought Fabricators (a develop discount). Now each kind the schema
    has raises its holder's value at the start of a game."""
    assert set(EXAMPLES) == {_kind(cls) for cls in HANDLERS}, "an example power for every kind"
    without = _holding_d07(_with_power(None)[0])
    for kind in EXAMPLES:
        assert _holding_d07(_with_power(kind)[0]) > without, kind


def test_a_power_that_pays_later_is_worth_less_the_nearer_its_holder_is_to_an_end_trigger():
    rules, powers = _with_power("discount")
    tb = E.tables(rules)
    prof = rules.initial_state(4, rng=random.Random(1)).players[0].prof.then(powers)
    worlds, devs = rules.r.end.worlds, rules.r.end.developments
    assert worlds and devs
    early, late = E.later_powers(tb, prof, 1, 0), E.later_powers(tb, prof, worlds - 1, 0)
    assert early > late > 0
    assert 0 < E.later_powers(tb, prof, 1, devs - 1) < early
    assert E.later_powers(tb, prof, worlds, 0) == 0 == E.later_powers(tb, prof, 0, devs)
    assert E.left(tb, 0, 0) == 1.0


def test_without_the_world_and_development_triggers_a_power_keeps_its_whole_value():
    rules = NewFrontiersRules(load_variant(VARIANTS / "base.yaml", ["rules.end.worlds=null",
                                                                    "rules.end.developments=null"]).model)
    assert E.left(E.tables(rules), 20, 20) == 1.0


@pytest.mark.slow
def test_greedy_valuing_later_powers_beats_greedy_that_does_not():
    """The head-to-head behind POWER_WEIGHTS, on seeds of its own: two greedy bots with the
    weights against two with none (NO_POWER_WEIGHTS), seats swapped from game to game; the
    lower end of the 95% interval of the first pair's win share is above one half (on
    2026-12-05: 0.686 ± 0.032 over 800 games, seeds 900000 on)."""
    rules = NewFrontiersRules(load_variant(VARIANTS / "base.yaml").model)
    shares = []
    for g in range(200):
        layout = [(g + s) % 2 == 0 for s in range(4)] if g % 4 < 2 else [(g // 2 + s // 2) % 2 == 0 for s in range(4)]
        bots = [GreedyBot(rules, weights=E.POWER_WEIGHTS if new else E.NO_POWER_WEIGHTS) for new in layout]
        played = play_game(rules, bots, n_players=4, deal_rng=random.Random(77_000 + g),
                           bot_rngs=[random.Random(77_000 * 7 + 10_000 * g + s) for s in range(4)], record=False)
        shares.append(sum(s.win_share for s, new in zip(played.result.seats, layout, strict=True) if new))
    mean = sum(shares) / len(shares)
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (len(shares) - 1))
    assert mean - 1.96 * sd / math.sqrt(len(shares)) > 0.5, mean
