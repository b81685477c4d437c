"""Hand-scored Stargate games from an independent rules check (2026-12-02): each transcript was
written from RULINGS.md and its scores worked out by hand before it was replayed (the comments in
each file give the arithmetic). They cover the walk wrapping round and skipping a full planet,
every draft-5 crew, swaps between different owners and of one owner's cubes, a tie on a planet
broken by the later first cube, 0-VP slots, the color bonus with colors tied at the max, the
stock and planets-full end triggers, a final tie broken by cubes in hand, a shared win, and
the next-draft effects (eruption, conversion, banked time, doubled majority, extensions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.games.stargate.transcript import replay_file

DATA = Path(__file__).resolve().parent / "data" / "handscored"

HAND = {
    # transcript: [(player, total, cubes in hand, win share), ...]
    "sg1": [("Ann", 21, 2, 1.0), ("Bob", 12, 2, 0.0), ("Cy", 14, 3, 0.0)],
    "sg2": [("Ann", 10, 2, 0.0), ("Bob", 11, 2, 0.5), ("Cy", 3, 2, 0.0), ("Dee", 11, 2, 0.5)],
    "sg3": [("Ann", 22, 7, 1.0), ("Bob", 18, 6, 0.0), ("Cy", 22, 6, 0.0)],
    "sg5": [("Ann", 15, 8, 1.0), ("Bob", 5, 11, 0.0), ("Cy", 12, 8, 0.0)],
    "sg7": [("Ann", 12, 9, 1.0), ("Bob", 6, 12, 0.0), ("Cy", 7, 10, 0.0)],
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_game_replays_to_its_hand_scores(name: str) -> None:
    scores = replay_file(DATA / f"{name}.yaml").to_json()["scores"]
    assert [(s["player"], s["total"], s["cubes_in_hand"], s["win_share"]) for s in scores] == HAND[name]
