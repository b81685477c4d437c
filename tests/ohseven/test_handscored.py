"""Hand-scored Oh-Seven matches from an independent rules check (2026-12-02), each worked out by
hand from RULINGS.md before it was replayed (the comments in each file give the arithmetic): a
seven-pass rebid cascade then a redeal (2 players), two decks with identical highest bid cards,
the sum-7 trigger twice and identical cards in one trick (5 players), and a small redeal."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.games.ohseven.transcript import replay

DATA = Path(__file__).resolve().parent / "data" / "handscored"

HAND = {
    # match: [(player, round points, rebid bonus, total), ...]
    "os1": [("Ann", 4, 4, 8), ("Ben", -1, 3, 2)],
    "os2": [("Ann", 4, 1, 5), ("Ben", 3, 0, 3), ("Cat", -1, 1, 0), ("Dan", 3, 1, 4), ("Eve", 2, 1, 3)],
    "os4": [("Ann", -3, 1, -2), ("Ben", -2, 1, -1), ("Cat", -2, 0, -2)],
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_match_replays_to_its_hand_scores(name: str) -> None:
    final = replay(DATA / f"{name}.yaml").to_json()["final"]
    assert [(f["player"], f["rounds"], f["rebid_bonus"], f["total"]) for f in final] == HAND[name]
