"""Hand-scored New Frontiers games: transcripts written by a tester from RULINGS.md, each game's
final scores worked out by hand before it was replayed (data/handscored/ARITHMETIC.md). Together
they cover every action and its selector bonus, settling by gold and by military, the world limit
with discard, windfalls, the Produce pile, trade then consume, envoys, three end triggers, the
gold+goods tie-break, a shared win, the goals option and a storage mat; T7–T14 (a second
check) add exact military, stacked discounts, two triggers in one round, 5 players with a changed
price, the development trigger with large developments' bonuses, stacked powers, both storage
mats, and the player's choice of consume power."""

from __future__ import annotations

import pytest

from playtest.games.newfrontiers.transcript import replay

from .helpers import DATA

HAND = {
    # transcript: (end triggers, [(player, total, gold + goods, win share), ...])
    "t1_2p": (["chips"], [("Ann", 10, 3, 1.0), ("Ben", 9, 7, 0.0)]),
    "t2_3p": (["colonists"], [("Ann", 1, 3, 0.0), ("Ben", 1, 4, 0.0), ("Cat", 4, 6, 1.0)]),
    "t3_4p": (["worlds"], [("Ann", 12, 3, 0.0), ("Ben", 10, 3, 0.0), ("Cat", 12, 6, 1.0), ("Dan", 7, 8, 0.0)]),
    "t4_goals_3p": (["chips"], [("Ann", 7, 2, 0.0), ("Ben", 10, 3, 1.0), ("Cat", 6, 6, 0.0)]),
    "t5_goals_storage_2p": (["chips"], [("Ann", 3, 3, 1.0), ("Ben", 1, 6, 0.0)]),
    "t6_shared_win": (["chips"], [("Ann", 1, 3, 0.5), ("Ben", 1, 3, 0.5)]),
    "t7_a_2p": (["chips"], [("Ann", 10, 11, 1.0), ("Ben", 10, 8, 0.0)]),
    "t8_b_3p": (["worlds", "chips"], [("Ann", 8, 4, 0.0), ("Ben", 7, 9, 0.0), ("Cat", 8, 8, 1.0)]),
    "t9_c_4p_goals": (["colonists"], [("Ann", 8, 3, 0.5), ("Ben", 4, 6, 0.0), ("Cat", 8, 3, 0.5), ("Dan", 5, 5, 0.0)]),
    "t10_d_5p": (["chips"], [("Ann", 5, 2, 1.0), ("Ben", 1, 3, 0.0), ("Cat", 3, 7, 0.0), ("Dan", 4, 7, 0.0),
                             ("Eve", 2, 2, 0.0)]),
    "t11_g1_dev_trigger": (["developments"], [("Ann", 11, 21, 1.0), ("Ben", 7, 21, 0.0)]),
    "t12_p_powers": (["worlds"], [("Ann", 7, 19, 0.0), ("Ben", 10, 21, 1.0)]),
    "t13_h1_goals_2p": (["chips"], [("Ann", 5, 6, 1.0), ("Ben", 2, 9, 0.0)]),
    "t14_x1_consume_order": (["chips"], [("Ann", 5, 8, 1.0), ("Ben", 1, 13, 0.0)]),
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_game_replays_to_its_hand_scores(name):
    out = replay(DATA / "handscored" / f"{name}.yaml")
    triggers, scores = HAND[name]
    assert out.complete and list(out.triggers) == triggers
    assert [(f["player"], f["total"], f["tie_break"], f["win_share"]) for f in out.final] == scores
