"""Hand-scored Stargate games from an independent rules check (2026-12-02): each transcript was
written from RULINGS.md and its scores worked out by hand before it was replayed (the comments in
each file give the arithmetic). They cover the walk wrapping round and skipping a full planet,
every draft-5 crew, swaps between different owners and of one owner's cubes, a tie on a planet
broken by the later first cube, 0-VP slots, the color bonus with colors tied at the max, the
stock and planets-full end triggers, a final tie broken by cubes in hand, a shared win, and
the next-draft effects (eruption, conversion, banked time, doubled majority, extensions).

sg8-sg13 come from a second independent check (2026-12-04), scored the same way: 2 and 5 players
(planets_dealt set for them), Bays taking fewer cubes from a short stock, Audrin's move lowering
a planet's last slot and a walk starting where the moved cube went, swaps deciding ties, three-
and four-way planet ties, every end trigger (stock_empty, planets_full, round_cap, out_of_cubes,
max_rounds), Bays accumulating two rounds, Vance's overflow changing a planet's ranking, develop
slots 1-3 and Armstrong's card filling up, crews returning every turn, and the RULINGS options
(earlier first cube, one max color, no final tie-break) with stock conversion, a halving planet,
per-cube final VP, color_vp on_board and vp_per_full_planet.

sg14-sg17 come from a third independent check (2026-12-04), one game per next draft, scored the
same way: Uranus doubling the winner of a three-way tie, banked Gaia time spent on Bays, Vance and
Rahel, Vance's overflow cube as the turn's last cube (it overrides the walk's last planet, and
fires Marine on a turn with no placement), a doubled overflow slot, Audrin moving an overflow cube
(the slot is refilled later), an extension cube not counting for Neptune's majority, develop and
overflow emptying hands, and Audrin taking a cube off a full planet so planets_full waits a round
(4 players, count 3)."""

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
    # a second independent rules check (2026-12-04), scored by hand before replaying
    "sg8": [("Ann", 13, 2, 0.0), ("Bob", 13, 4, 1.0)],
    "sg9": [("Ann", 9, 2, 0.0), ("Bob", 8, 5, 0.0), ("Cy", 9, 2, 0.0), ("Dee", 9, 2, 0.0), ("Eve", 12, 2, 1.0)],
    "sg10": [("Ann", 8, 0, 0.0), ("Bob", 10, 0, 0.0), ("Cy", 12, 0, 1.0), ("Dee", 8, 1, 0.0)],
    "sg11": [("Ann", 18, 7, 0.0), ("Bob", 20, 9, 1.0), ("Cy", 20, 7, 0.0)],
    "sg12": [("Ann", 19, 8, 0.0), ("Bob", 19, 7, 0.0), ("Cy", 20, 7, 1.0), ("Dee", 17, 8, 0.0)],
    "sg13": [("Ann", 11, 2, 0.5), ("Bob", 8, 2, 0.0), ("Cy", 11, 3, 0.5)],
    # a third independent check (2026-12-04): one game per next draft (6b, 6c, 6d, 6a)
    "sg14": [("Ann", 16, 6, 1.0), ("Bob", 14, 8, 0.0), ("Cy", 13, 9, 0.0)],
    "sg15": [("Ann", 23, 6, 0.0), ("Bob", 21, 7, 0.0), ("Cy", 25, 4, 1.0)],
    "sg16": [("Ann", 12, 0, 0.0), ("Bob", 12, 0, 0.0), ("Cy", 15, 0, 1.0)],
    "sg17": [("Ann", 14, 10, 0.0), ("Bob", 6, 11, 0.0), ("Cy", 18, 7, 1.0), ("Dee", 11, 10, 0.0)],
}

# The hand breakdown of the second check's games: per player the score parts and the cubes left in
# the stock (planet_effects and extensions only where the dealt circle and crews can score them:
# the replay leaves out a part no planet or crew of the game has).
PARTS = {
    "sg8": {"Ann": dict(planets=8, color=3, skill=2, stock=1), "Bob": dict(planets=7, color=4, skill=2, stock=0)},
    "sg9": {
        "Ann": dict(planets=4, color=3, skill=2, stock=8), "Bob": dict(planets=6, color=2, skill=0, stock=6),
        "Cy": dict(planets=5, color=2, skill=2, stock=8), "Dee": dict(planets=7, color=2, skill=0, stock=8),
        "Eve": dict(planets=9, color=3, skill=0, stock=8),
    },
    "sg10": {
        "Ann": dict(planets=7, color=3, skill=2, planet_effects=-4, stock=0),
        "Bob": dict(planets=2, color=2, skill=0, planet_effects=6, stock=0),
        "Cy": dict(planets=7, color=2, skill=0, planet_effects=3, stock=0),
        "Dee": dict(planets=2, color=4, skill=0, planet_effects=2, stock=0),
    },
    "sg11": {
        "Ann": dict(planets=14, color=3, skill=1, stock=0),
        "Bob": dict(planets=10, color=6, skill=4, stock=0),
        "Cy": dict(planets=14, color=4, skill=2, stock=0),
    },
    "sg12": {
        "Ann": dict(planets=10, color=3, skill=3, extensions=3, stock=0),
        "Bob": dict(planets=8, color=6, skill=1, extensions=4, stock=0),
        "Cy": dict(planets=11, color=4, skill=1, extensions=4, stock=0),
        "Dee": dict(planets=11, color=3, skill=2, extensions=1, stock=0),
    },
    "sg13": {
        "Ann": dict(planets=7, color=3, skill=0, planet_effects=1, stock=6),
        "Bob": dict(planets=3, color=2, skill=2, planet_effects=1, stock=8),
        "Cy": dict(planets=10, color=2, skill=0, planet_effects=-1, stock=8),
    },
    "sg14": {
        "Ann": dict(planets=6, color=4, skill=2, planet_effects=4, stock=0),
        "Bob": dict(planets=8, color=2, skill=0, planet_effects=4, stock=0),
        "Cy": dict(planets=7, color=2, skill=0, planet_effects=4, stock=0),
    },
    "sg15": {
        "Ann": dict(planets=15, color=6, skill=2, planet_effects=0, stock=0),
        "Bob": dict(planets=13, color=3, skill=2, planet_effects=3, stock=0),
        "Cy": dict(planets=11, color=4, skill=4, planet_effects=6, stock=0),
    },
    "sg16": {
        "Ann": dict(planets=6, color=2, skill=1, planet_effects=0, extensions=3, stock=0),
        "Bob": dict(planets=7, color=2, skill=0, planet_effects=-2, extensions=5, stock=0),
        "Cy": dict(planets=7, color=2, skill=0, planet_effects=3, extensions=3, stock=0),
    },
    "sg17": {
        "Ann": dict(planets=10, color=2, skill=2, stock=0), "Bob": dict(planets=4, color=2, skill=0, stock=0),
        "Cy": dict(planets=13, color=3, skill=2, stock=0), "Dee": dict(planets=8, color=3, skill=0, stock=0),
    },
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_game_replays_to_its_hand_scores(name: str) -> None:
    scores = replay_file(DATA / f"{name}.yaml").to_json()["scores"]
    assert [(s["player"], s["total"], s["cubes_in_hand"], s["win_share"]) for s in scores] == HAND[name]


@pytest.mark.parametrize("name", sorted(PARTS))
def test_a_hand_scored_game_replays_to_its_hand_breakdown(name: str) -> None:
    scores = replay_file(DATA / f"{name}.yaml").to_json()["scores"]
    got = {s["player"]: {k: (s["cubes_in_stock"] if k == "stock" else s[k]) for k in PARTS[name][s["player"]]} for s in scores}
    assert got == PARTS[name]


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


def test_the_moves_trace_lists_orlins_cubes_in_the_order_written() -> None:
    """sg10 move 2 writes 'orlins; place yellow3 blue2': the last cube lands on blue2 (Marine:
    2 cubes -> 4 VP). The trace's `placed` said 'blue2 yellow3' (circle order) beside
    `last_planet blue2`, so it seemed the last cube went to yellow3."""
    from playtest.core import transcript as core
    from playtest.games.stargate.rules import StargateRules
    from playtest.games.stargate.transcript import NOTATION, read_transcript

    trace: list[dict] = []
    core.replay(read_transcript(DATA / "sg10.yaml"), NOTATION, StargateRules, trace=trace)
    placed = {m["move"]: (m["events"][0]["data"]["placed"], m["events"][0]["data"]["last_planet"])
              for m in trace if m["events"][0]["data"].get("crew") == "orlins"}
    assert placed == {2: ("yellow3 blue2", "blue2"), 8: ("green1 red3", "red3")}


def test_the_board_shows_what_a_planet_with_final_effects_pays() -> None:
    """A doubled or halved majority (and a final bonus) changes what a rank scores on the planet;
    the board's ranking showed the slot's printed VP only: sg10's yellow3 read '1. Dee 2' (doubled:
    4), sg13's halved blue1 '2. Cy 4' (2). The hand arithmetic is in the transcripts' comments."""
    def lines(name: str) -> dict[str, str]:
        text = replay_file(DATA / f"{name}.yaml").text()
        return {line.split()[0]: line.split("  →  ")[1] for line in text.splitlines() if "  →  " in line}

    sg10, sg13 = lines("sg10"), lines("sg13")
    assert sg10["yellow3"] == "1. Dee 4 (slot VP 2, planet effects +2) · 2. Bob 0"
    assert sg10["blue3"] == "1. Cy 3 (slot VP 0, planet effects +3) · 2. Ann 2 · 3. Dee 0"
    assert sg13["blue1"] == "1. Bob 0 · 2. Cy 2 (slot VP 4, planet effects -2) · 3. Ann 1 (slot VP 3, planet effects -2)"
    assert sg10["red1"] == "1. Cy 2 · 2. Ann 1"  # no final effect: unchanged
    board = {p["planet"]: p for p in replay_file(DATA / "sg10.yaml").to_json()["board"]}
    assert [(r["player"], r["vp"], r["effect_vp"]) for r in board["yellow3"]["ranking"]] == [("Dee", 2, 2), ("Bob", 0, 0)]
    assert all("effect_vp" not in r for r in board["red3"]["ranking"])  # a last_cube effect: paid at the time


def test_overflow_cubes_move_and_extension_cubes_stay_out_of_majorities() -> None:
    """sg16 (draft 6d): Bob's audrin moves his overflow cube (the last cube on yellow1) to blue3 and
    Ann's vance refills the freed overflow slot; Bob's extension cube on blue3 (slot 3) is not a cube
    there, so the 1-1 tie on Neptune goes to Cy (later first cube) with its +3 bonus."""
    board = {p["planet"]: p for p in replay_file(DATA / "sg16.yaml").to_json()["board"]}
    assert [(s["slot"], s["owner"]) for s in board["yellow1"]["slots"]] == [(1, "Ann"), (2, "Bob"), (3, "Ann")]
    assert board["yellow1"]["overflow"] is True
    assert [(r["player"], r["cubes"], r["vp"], r.get("effect_vp", 0)) for r in board["blue3"]["ranking"]] == [
        ("Cy", 1, 1, 3), ("Bob", 1, 2, 0)]


def test_planets_full_counts_at_the_round_end_after_audrin_empties_a_planet() -> None:
    """sg17 (draft 6a, 4 players, 3 full planets end it): three planets are full after move 5, but
    Ann's audrin (move 8) takes her cube off yellow1, so the game ends after round 3, not round 2."""
    data = replay_file(DATA / "sg17.yaml").to_json()
    assert data["finished"] is True and data["moves"] == 12
