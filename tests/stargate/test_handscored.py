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
(4 players, count 3).

sg18-sg22 come from a fourth independent check (2026-12-06), scored the same way, mostly on the
newest drafts: draft 6e's dealt crews (a `crews:` line at 3 and 4 players, Kepler and Sagan counting
only the cubes they place on their color, Ito developing an extension slot, and skipped with an
empty hand), Ito's after-placing develop taking its cube before Marine converts the rest (the
planet's effect comes at the turn's end), Bays gathering time in 6e, start player 2, draft 6a as
shipped running to its round cap (round 12 played, then the end) with the tie on totals broken by
cubes in hand, draft 6c's banked time on Orlins and Gaia fired by an overflow cube with an empty
hand, and draft 6d's swap across the overflow slot deciding a tie and Armstrong's card cube taken
before a walk the hand limits.

sg23-sg27 come from a fifth independent check (2026-12-06), draft 5 at 2, 3 and 5 players, scored the
same way: every crew again (Audrin's cube leaving a full planet, which its owner refills at once;
Audrin emptying a planet; Audrin skipped with no cube and with no planet to go to), a walk skipping a
full planet and one stopping where it would put two cubes in a row, a three-way tie on totals
broken by cubes in hand, start players 2 and 3, and RULINGS' options set both ways (`set:`): the
earlier first cube, one max color, no final tie-break, two cubes in a row allowed, crews back every
turn, 1 cube refilled, Audrin, Anderson and Bays after placing, and a round cap beside the stock."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.errors import IllegalActionError
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
    # a fourth independent check (2026-12-06): 6e at 3 and 4 players, 6a to its round cap, 6c, 6d
    "sg18": [("Ann", 16, 0, 1.0), ("Bob", 12, 1, 0.0), ("Cy", 15, 1, 0.0)],
    "sg19": [("Ann", 9, 0, 0.0), ("Bob", 13, 0, 0.0), ("Cy", 19, 0, 1.0), ("Dee", 11, 0, 0.0)],
    "sg20": [("Ann", 10, 15, 1.0), ("Bob", 10, 13, 0.0), ("Cy", 6, 15, 0.0)],
    "sg21": [("Ann", 10, 3, 0.0), ("Bob", 13, 1, 0.0), ("Cy", 17, 0, 1.0)],
    "sg22": [("Ann", 23, 0, 1.0), ("Bob", 15, 0, 0.0), ("Cy", 8, 0, 0.0)],
    # a fifth independent check (2026-12-06): draft 5 at 2, 3 and 5 players, options set both ways
    "sg23": [("Ann", 13, 4, 0.0), ("Bob", 13, 5, 1.0), ("Cy", 13, 2, 0.0)],
    "sg24": [("Ann", 14, 2, 1.0), ("Bob", 4, 2, 0.0), ("Cy", 9, 2, 0.0), ("Dee", 12, 2, 0.0), ("Eve", 8, 4, 0.0)],
    "sg25": [("Ann", 9, 5, 0.0), ("Bob", 14, 2, 1.0)],
    "sg26": [("Ann", 14, 1, 1.0), ("Bob", 5, 1, 0.0), ("Cy", 12, 3, 0.0)],
    "sg27": [("Ann", 11, 4, 0.0), ("Bob", 16, 2, 1.0)],
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
    "sg18": {
        "Ann": dict(planets=3, color=4, skill=2, planet_effects=5, extensions=2, stock=0),
        "Bob": dict(planets=6, color=4, skill=1, planet_effects=1, extensions=0, stock=0),
        "Cy": dict(planets=11, color=2, skill=0, planet_effects=0, extensions=2, stock=0),
    },
    "sg19": {
        "Ann": dict(planets=5, color=4, skill=0, planet_effects=0, extensions=0, stock=0),
        "Bob": dict(planets=7, color=4, skill=2, planet_effects=0, extensions=0, stock=0),
        "Cy": dict(planets=10, color=2, skill=1, planet_effects=6, extensions=0, stock=0),
        "Dee": dict(planets=5, color=2, skill=0, planet_effects=4, extensions=0, stock=0),
    },
    "sg20": {
        "Ann": dict(planets=0, color=0, skill=10, stock=0), "Bob": dict(planets=0, color=2, skill=8, stock=0),
        "Cy": dict(planets=0, color=0, skill=6, stock=0),
    },
    "sg21": {
        "Ann": dict(planets=6, color=2, skill=0, planet_effects=2, stock=0),
        "Bob": dict(planets=8, color=3, skill=2, planet_effects=0, stock=0),
        "Cy": dict(planets=9, color=3, skill=1, planet_effects=4, stock=0),
    },
    "sg22": {
        "Ann": dict(planets=12, color=4, skill=4, planet_effects=0, extensions=3, stock=0),
        "Bob": dict(planets=7, color=2, skill=0, planet_effects=2, extensions=4, stock=0),
        "Cy": dict(planets=3, color=2, skill=0, planet_effects=0, extensions=3, stock=0),
    },
    "sg23": {
        "Ann": dict(planets=8, color=3, skill=2, stock=0), "Bob": dict(planets=5, color=6, skill=2, stock=0),
        "Cy": dict(planets=10, color=3, skill=0, stock=2),
    },
    "sg24": {
        "Ann": dict(planets=10, color=2, skill=2, stock=0), "Bob": dict(planets=1, color=3, skill=0, stock=0),
        "Cy": dict(planets=5, color=4, skill=0, stock=0), "Dee": dict(planets=6, color=4, skill=2, stock=0),
        "Eve": dict(planets=6, color=2, skill=0, stock=0),
    },
    "sg25": {"Ann": dict(planets=6, color=3, skill=0, stock=0), "Bob": dict(planets=9, color=3, skill=2, stock=2)},
    "sg26": {
        "Ann": dict(planets=8, color=4, skill=2, stock=1), "Bob": dict(planets=1, color=2, skill=2, stock=3),
        "Cy": dict(planets=8, color=2, skill=2, stock=1),
    },
    "sg27": {"Ann": dict(planets=4, color=3, skill=4, stock=0), "Bob": dict(planets=10, color=4, skill=2, stock=0)},
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


def _end(name: str) -> tuple[int, int, str]:
    """(moves, rounds, the trigger that ended the game) of a hand-scored game."""
    from playtest.core import transcript as core
    from playtest.games.stargate.rules import StargateRules
    from playtest.games.stargate.transcript import NOTATION, read_transcript

    trace: list[dict] = []
    core.replay(read_transcript(DATA / f"{name}.yaml"), NOTATION, StargateRules, trace=trace)
    ends = [e["data"]["end_reason"] for m in trace for e in m["events"] if e["kind"] == "game_end"]
    data = replay_file(DATA / f"{name}.yaml").to_json()
    assert data["finished"] is True and len(ends) == 1
    return data["moves"], data["rounds"], ends[0]


@pytest.mark.parametrize(("name", "end"), [
    ("sg18", (6, 2, "planets_full")),   # 2 of 5 full at 3 players (Ann's empty hand comes second)
    ("sg19", (8, 2, "out_of_cubes")),   # 2 of 7 full: below 3 at 4 players
    ("sg20", (36, 12, "round_cap")),    # draft 6a as shipped: round 12 is played, then the end
    ("sg21", (6, 2, "planets_full")),
    ("sg22", (6, 2, "planets_full")),
    ("sg23", (9, 3, "stock_empty")),    # Ann's stock, drained by Bays in round 1
    ("sg24", (10, 2, "stock_empty")),
    ("sg25", (6, 3, "stock_empty")),
    ("sg26", (9, 3, "round_cap")),      # no stock is empty after round 3 (1 cube refilled per turn)
    ("sg27", (6, 3, "stock_empty")),
])
def test_a_hand_scored_game_ends_where_the_hand_count_says(name: str, end: tuple[int, int, str]) -> None:
    assert _end(name) == end


def test_ito_develops_before_marine_converts_the_cubes_left() -> None:
    """sg18 move 6: Ann's walk ends on blue2 (Marine) with 2 cubes in hand; Ito's develop (after
    placing) takes one into green1's extension slot, then Marine, at the turn's end, converts the
    one left (+2). Marine first would convert both (+4) and leave Ito nothing to develop; the totals
    happen to agree (16), the parts do not."""
    data = replay_file(DATA / "sg18.yaml").to_json()
    ann = data["scores"][0]
    assert (ann["planet_effects"], ann["extensions"], ann["cubes_in_hand"]) == (5, 2, 0)
    green1 = next(p for p in data["board"] if p["planet"] == "green1")
    assert [(s["slot"], s["owner"]) for s in green1["extension_slots"]] == [(1, "Ann")]
    assert data["crews"] == ["armstrong", "rahel", "bays", "vance", "kepler", "sagan", "ito"]


def test_a_swap_across_the_overflow_slot_decides_a_tie() -> None:
    """sg22 move 5: Cy's anderson swaps green2's last printed slot with its overflow slot; his cube
    is then the further back of two single cubes and ranks before Bob's."""
    board = {p["planet"]: p for p in replay_file(DATA / "sg22.yaml").to_json()["board"]}
    green2 = board["green2"]
    assert [(s["slot"], s["owner"]) for s in green2["slots"]] == [(1, "Ann"), (2, "Ann"), (3, "Bob"), (4, "Cy")]
    assert [(r["player"], r["vp"]) for r in green2["ranking"]] == [("Ann", 2), ("Cy", 2), ("Bob", 3)]


@pytest.mark.parametrize(("moves", "message"), [
    (["orlins; place blue3 blue2 yellow3"],
     "1 (Ann, round 1): orlins: crew 'orlins' is not in this game (its crews: armstrong, rahel, bays, vance, "
     "kepler, sagan, ito)"),
    (["ito; place blue3 blue2"],
     "1 (Ann, round 1): ito; place blue3 blue2: the turn is not finished: the crew's skill needs a target, "
     "e.g. 'develop blue2'"),
    (["ito; place blue3 blue2; develop red1"],
     "1 (Ann, round 1): develop red1: planet 'red1' is not in the circle (blue2 yellow3 red3 green1 blue3)"),
    (["ito; place blue3; develop red3", "sagan; place red3; develop red3"],
     "2 (Bob, round 1): develop red3: sagan has no skill that develops a planet"),
    (["ito; place blue3; develop red3", "kepler; place -", "vance; place -", "ito; place red3; develop red3"],
     "4 (Bob, round 2): develop red3: red3 has no empty extension slot 1"),
])
def test_draft_6e_moves_that_must_be_refused(tmp_path: Path, moves: list[str], message: str) -> None:
    """sg18's deal (draft 6e, crews dealt) with other moves: a crew not dealt, Ito's develop left out
    where it can be used, aimed outside the circle, written for a crew without it, or at a slot taken."""
    head = (DATA / "sg18.yaml").read_text(encoding="utf-8").split("moves:\n")[0]
    path = tmp_path / "t.yaml"
    path.write_text(head.replace("../../../../", f"{Path(__file__).resolve().parents[2]}/") + "moves:\n"
                    + "".join(f"  - {m}\n" for m in moves), encoding="utf-8")
    first = len(head.splitlines()) + 2
    with pytest.raises(IllegalActionError) as err:
        replay_file(path)
    line = first + int(message.split(" ")[0]) - 1
    assert str(err.value) == f"{path}:{line}:5: move {message}"


def _changed(tmp_path: Path, name: str, changes: list[tuple[str, str]]) -> Path:
    """A copy of a hand-scored game with some text replaced, its variant path made absolute."""
    text = (DATA / f"{name}.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace("../../../../", f"{Path(__file__).resolve().parents[2]}/"), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "changes", "expected"), [
    # sg23's three-way tie on 13 without a final tie-break: shared three ways
    ("sg23", [("set: [", "set: [scoring.final_tiebreak=none, ")],
     [("Ann", 13, 1 / 3), ("Bob", 13, 1 / 3), ("Cy", 13, 1 / 3)]),
    # one max color: Bob's three colors of 2 pay 2, not 6; Ann beats Cy on cubes in hand (4 to 2)
    ("sg23", [("set: [", "set: [scoring.color_bonus=one_max_color, ")],
     [("Ann", 13, 1.0), ("Bob", 9, 0.0), ("Cy", 13, 0.0)]),
    # the earlier first cube wins ties: red1, yellow1 and red2 rank the other way round
    ("sg23", [("set: [", "set: [scoring.majority_tiebreak=earlier_first_cube, ")],
     [("Ann", 11, 0.0), ("Bob", 13, 0.0), ("Cy", 15, 1.0)]),
    # Ann and Dee tie on 14 with 2 cubes in hand each: a shared win
    ("sg24", [("set: [", "set: [scoring.majority_tiebreak=earlier_first_cube, ")],
     [("Ann", 14, 0.5), ("Bob", 5, 0.0), ("Cy", 8, 0.0), ("Dee", 14, 0.5), ("Eve", 6, 0.0)]),
    # green1's 2-2 tie goes to Bob: Ann 12, Bob 11
    ("sg25", [("set: [", "set: [scoring.majority_tiebreak=earlier_first_cube, ")], [("Ann", 12, 1.0), ("Bob", 11, 0.0)]),
    # two cubes in a row allowed: Ann fills red1 on move 5 and Bob's Audrin has nowhere to go
    ("sg27", [("set: [", "set: [placement.no_two_in_a_row=false, "),
              ("  - armstrong; place red1\n", "  - armstrong; place red1 red1 red1\n"),
              ("  - audrin; move blue1>red1; place blue1 red1", "  - audrin; place -")],
     [("Ann", 14, 0.0), ("Bob", 15, 1.0)]),
    # one full planet ends the game: blue1 fills on move 5, so sg23 is scored after round 2: blue1 Cy 5,
    # Bob 0, Ann 4; red1 Ann 2, Bob 1; green1 Ann 2, Cy 0; yellow1 Ann 2, Cy 0, Bob 1; red2 Ann 0, Bob 1
    # -> planets Ann 10, Bob 3, Cy 5; color Ann 2 (red), Bob 4 (red, blue), Cy 3 (blue)
    ("sg23", [("set: [", "set: [\"end=[{trigger: planets_full, count: 1}]\", "),
              ("  - audrin; move blue1>red2", "  # audrin"), ("  - rahel; place green1", "  # rahel"),
              ("  - bays; place yellow1", "  # bays")],
     [("Ann", 14, 1.0), ("Bob", 9, 0.0), ("Cy", 8, 0.0)]),
])
def test_a_hand_scored_game_with_an_option_set_the_other_way(tmp_path: Path, name: str,
                                                              changes: list[tuple[str, str]],
                                                              expected: list[tuple[str, int, float]]) -> None:
    data = replay_file(_changed(tmp_path, name, changes)).to_json()
    assert data["finished"] is True
    assert [(s["player"], s["total"], pytest.approx(s["win_share"])) for s in data["scores"]] == expected


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("sg23", "  - rahel; place blue1 blue1", "  - armstrong; place blue1 red1",
     "move 3 (Cy, round 1): armstrong: crew 'armstrong' was taken earlier this round"),
    ("sg23", "  - orlins; place yellow1 blue1 green1", "  - orlins; place yellow1 yellow1 green1",
     "move 5 (Cy, round 2): place yellow1 yellow1 green1: at most 1 cube(s) per planet with this crew"),
    ("sg23", "swap blue1@2", "swap blue1@4", "move 4 (Bob, round 2): swap blue1@4: blue1 has no cubes in slots 4 and 5"),
    ("sg23", "move blue1>red2", "move green1>red2", "move 7 (Cy, round 3): move green1>red2: the last cube on green1 is not yours"),
    ("sg23", "place red2 red1 green1 yellow1", "place red2 blue1 red1 green1",
     "move 6 (Ann, round 2): place red2 blue1 red1 green1: blue1 is full"),
    ("sg23", "place red2 red1 green1 yellow1", "place red2 green1 yellow1",
     "move 6 (Ann, round 2): place red2 green1 yellow1: cubes go clockwise, one per planet, skipping full planets"),
    ("sg23", "  - bays; place blue1 ", "  - bays; place blue1 red1 ",
     "move 1 (Ann, round 1): place blue1 red1: at most 1 cube may be placed (crew time 1, 5 in hand)"),
    ("sg24", "  - audrin; place yellow2 red1 blue1", "  - audrin; move red1>blue1; place yellow2 red1 blue1",
     "move 5 (Bob, round 1): move red1>blue1: audrin's skill has no possible target now, so it is skipped: leave the "
     "target out"),
    ("sg27", "  - armstrong; place red1\n", "  - armstrong; place red1 red1\n",
     "move 5 (Ann, round 3): place red1 red1: two cubes in a row on the same planet are not allowed"),
    # blue1 is full after move 5: with one full planet ending the game, round 3 never comes
    ("sg23", "set: [", "set: [\"end=[{trigger: planets_full, count: 1}]\", ",
     "move 7: the game is already over: it ended after move 6; remove the moves after it"),
])
def test_a_changed_draft_5_game_is_refused_with_its_reason(tmp_path: Path, name: str, old: str, new: str,
                                                            message: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        replay_file(_changed(tmp_path, name, [(old, new)]))
    assert str(err.value).split(": ", 1)[1] == message
