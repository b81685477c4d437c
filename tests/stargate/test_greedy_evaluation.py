"""The greedy bots' evaluations: myopic values a cube in hand like one in stock; `greedy`
values cubes by the placements they will buy before the game ends."""

from __future__ import annotations

import pytest

from playtest.games.stargate.bots import Evaluation, make_bot
from tests.stargate.helpers import DRAFT5, make_rules

CIRCLE = (0, 1, 2, 3, 4, 5, 6)


@pytest.fixture(scope="module")
def rules():
    return make_rules(path=DRAFT5)


def test_myopic_values_hand_and_stock_alike(rules) -> None:
    myopic = Evaluation(rules, hand_vp=False)
    totals = [10, 8, 8, 8]
    assert myopic.lead(totals, 0, CIRCLE, (5, 3, 3, 3), (0, 9, 9, 9)) == pytest.approx(
        myopic.lead(totals, 0, CIRCLE, (0, 3, 3, 3), (5, 9, 9, 9)))
    assert myopic.lead(totals, 0, CIRCLE, (5, 3, 3, 3), (0, 9, 9, 9)) == pytest.approx(2.05)


def test_a_cube_in_hand_beats_one_in_stock_when_the_stock_comes_too_late(rules) -> None:
    """Two rounds left (the smallest stock, 4, runs out at 2 a turn): a seat places at most
    2 x 2.5 cubes, and only 2 more reach its hand from the stock."""
    greedy = Evaluation(rules, hand_vp=True)
    assert greedy.placeable(hand=4, stock=4, least_stock=4) == 5  # capped by the turns left
    assert greedy.placeable(hand=2, stock=6, least_stock=4) == 4
    assert greedy.placeable(hand=9, stock=0, least_stock=0) == 0  # the game ends with this round
    totals = [10, 8, 8, 8]
    more_in_hand = greedy.lead(totals, 0, CIRCLE, (4, 3, 3, 3), (4, 4, 9, 9))
    more_in_stock = greedy.lead(totals, 0, CIRCLE, (2, 3, 3, 3), (6, 4, 9, 9))
    assert more_in_hand - more_in_stock == pytest.approx(greedy.placement_vp(CIRCLE))


def test_the_value_of_a_placement_is_a_share_of_the_mean_slot_vp(rules) -> None:
    greedy = Evaluation(rules, hand_vp=True)
    columns = [rules.variant.planets[c].vp for c in CIRCLE]
    mean = sum(map(sum, columns)) / sum(map(len, columns))
    assert greedy.placement_vp(CIRCLE) == pytest.approx(Evaluation.VALUE_SHARE * mean)


def test_the_bot_names(rules) -> None:
    assert make_bot("greedy", rules, 0).evaluation.hand_vp
    assert not make_bot("greedy-myopic", rules, 0).evaluation.hand_vp
    assert make_bot("greedy-myopic", rules, 0).name == "greedy-myopic"
    assert not make_bot("scripted:bays-first", rules, 0).evaluation.hand_vp


def test_the_spec_names_every_bot_make_bot_accepts(rules) -> None:
    """GameSpec.bot_names is 'every bot make_bot accepts' (docs/extending.md): the contract test
    plays each, and `playtest games` lists them. greedy-myopic, the greedy of before December
    2026, was left out of it when greedy changed."""
    from playtest.games.stargate import SPEC
    from playtest.games.stargate.bots import BOT_NAMES
    from playtest.games.stargate.styles import scripted_styles

    accepted = [n for n in BOT_NAMES if n != "scripted:NAME"] + [f"scripted:{s}" for s in scripted_styles()]
    assert all(make_bot(name, rules, 0) for name in accepted)
    assert sorted(SPEC.bot_names) == sorted(accepted)
