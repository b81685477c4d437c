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


def test_the_replay_shows_who_holds_each_extension_slot() -> None:
    """sg7 (draft 6d): Cy's audrin develops blue1's slot 2, Bob's anderson red2's slot 1 and Ann's
    armstrong the crew card's first slot; the board showed only the planets' printed slots, so the
    `extensions` score part (3, 1, 2) could not be checked against the table."""
    outcome = replay_file(DATA / "sg7.yaml")
    data = outcome.to_json()
    ext = {p["planet"]: [(s["slot"], s["owner"], s["vp"]) for s in p["extension_slots"]] for p in data["board"]}
    assert ext["blue1"] == [(1, None, 1), (2, "Cy", 2), (3, None, 3)]
    assert ext["red2"] == [(1, "Bob", 1), (2, None, 2), (3, None, 3)]
    assert data["crew_cards"] == [{"crew": "armstrong", "slots": [
        {"slot": 1, "vp": 3, "owner": "Ann"}, {"slot": 2, "vp": 2, "owner": None}, {"slot": 3, "vp": 1, "owner": None}]}]
    text = outcome.text()
    assert "ext 1:·(1) 2:Cy(2) 3:·(3)" in next(line for line in text.splitlines() if line.lstrip().startswith("blue1"))
    assert "Crew cards' extension slots: armstrong 1:Ann(3) 2:·(2) 3:·(1)" in text.splitlines()
    draft5 = replay_file(DATA / "sg1.yaml").to_json()  # no extension slots: no new keys
    assert "crew_cards" not in draft5 and all("extension_slots" not in p for p in draft5["board"])
