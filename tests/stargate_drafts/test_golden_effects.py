"""Golden, hand-computed cases for every next-draft rule: supply, end triggers, planet effects,
color-keyed / Puerto Rico / overflow crews, extension slots."""

from __future__ import annotations

import pytest

from playtest.core.events import Event
from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import Develop, OverflowCube, Place
from playtest.games.stargate.rules import Phase

from .helpers import change, play, rules_with, setup, take, with_board

CIRCLE = ["red1", "blue1", "yellow1", "green1", "red2"]
# positions:  0       1        2         3        4
# red1 [1,2,0,3,4,5]  blue1 [2,0,3,4,0,5]  yellow1 [1,0,2,3,5,0]  green1 [0,2,3,0,4,6]  red2 [1,0,2,3,0,4,6]
NOTHING = Place(())
SUPPLY = {"cubes": {"total": 15, "start_in_hand": 15, "replenish": 0},
          "end": [{"trigger": "planets_full", "count": {3: 2, 4: 3}}]}


def decisions(log: list[Event]) -> list[dict]:
    return [e.data for e in log if e.kind == "decision"]


# --- supply and end triggers -------------------------------------------------------------------


def test_all_cubes_in_hand_and_no_replenishing() -> None:
    rules = rules_with(SUPPLY)
    s = setup(rules, CIRCLE)
    assert s.hand == (15, 15, 15) and s.stock == (0, 0, 0)
    s = play(rules, s, take("armstrong"), Place(("red1", "blue1", "yellow1", "green1")))
    assert s.hand == (11, 15, 15) and s.stock == (0, 0, 0)  # nothing replenished
    s = play(rules, s, take("bays"), Place(("red2",)))  # Bays' 2 cubes: the stock is empty
    assert s.hand == (11, 14, 15) and s.stock == (0, 0, 0)


@pytest.mark.parametrize(("n", "full", "ends"), [(3, 1, False), (3, 2, True), (4, 2, False), (4, 3, True)])
def test_planets_full_count_per_player_count(n: int, full: int, ends: bool) -> None:
    rules = rules_with(SUPPLY | {"planets_dealt": {3: 5, 4: 5}})
    s = setup(rules, CIRCLE, n=n)
    s = with_board(s, {p: (0,) * rules.capacity[s.circle[p]] for p in range(full)})
    assert rules.end_reason(s) == ("planets_full" if ends else None)


def test_round_cap_out_of_cubes_stock_empty_and_their_order() -> None:
    rules = rules_with({"end": [{"trigger": "round_cap", "rounds": 3}, {"trigger": "out_of_cubes"},
                                {"trigger": "stock_empty"}]})
    s = setup(rules, CIRCLE)
    assert rules.end_reason(s) is None
    assert rules.end_reason(change(s, round=3)) == "round_cap"
    assert rules.end_reason(change(s, hand=(0, 3, 3), stock=(0, 12, 12))) == "out_of_cubes"
    assert rules.end_reason(change(s, stock=(0, 12, 12))) == "stock_empty"  # hand 3 left: not out of cubes
    assert rules.end_reason(change(s, round=3, hand=(0, 3, 3), stock=(0, 12, 12))) == "round_cap"  # file order


def test_max_rounds_is_the_safety_stop_and_the_end_is_an_event() -> None:
    rules = rules_with({"end": [{"trigger": "planets_full", "count": 5}], "max_rounds": 2})
    s, log = setup(rules, CIRCLE), []
    for _ in range(2):
        for crew in ("armstrong", "orlins", "rahel"):
            s = play(rules, s, take(crew), NOTHING, log=log)
    assert s.phase is Phase.OVER and s.round == 2
    ends = [e for e in log if e.kind == "game_end"]
    assert [e.data["end_reason"] for e in ends] == ["max_rounds"]


def test_slot_counts_come_from_the_vp_column() -> None:
    rules = rules_with(planets={"red1": {"vp": [1, 2]}})
    s = with_board(setup(rules, CIRCLE), {0: (1, 2)})
    assert rules.is_full(s, 0) and rules.capacity[s.circle[0]] == 2
    walk = play(rules, s, take("armstrong"), Place(("green1", "red2", "blue1")))  # red1 is skipped
    assert walk.board[0] == (1, 2) and walk.board[1] == (0,)
    with pytest.raises(IllegalActionError, match="red1 is full"):
        play(rules, s, take("orlins"), Place(("red1",)))


# --- planet effects ----------------------------------------------------------------------------


def test_last_cube_vp_penalty_goes_to_the_placer_only_when_the_last_cube_lands_there() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": -2}]}})
    s, log = setup(rules, CIRCLE), []
    s = play(rules, s, take("armstrong"), Place(("green1", "red2", "red1")), log=log)  # last cube on red1
    assert s.effect_vp == (-2, 0, 0) and s.skill_vp == (2, 0, 0)
    s = play(rules, s, take("orlins"), Place(("red1", "blue1")), log=log)  # red1 but not last
    assert s.effect_vp == (-2, 0, 0)
    assert [d["effect_vp"] for d in decisions(log)] == [-2, 0]
    assert [d["last_planet"] for d in decisions(log)] == ["red1", "blue1"]
    score = rules.score(s)
    assert score.planet_effects == (-2, 0, 0)
    assert score.totals[0] == score.planets[0] + score.color[0] + 2 - 2


def test_last_cube_vp_per_cube_counts_the_placers_cubes_there() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": 1,
                                                       "per_cube": True}]}})
    s = with_board(setup(rules, CIRCLE), {0: (0, 1)})
    s = play(rules, s, take("orlins"), Place(("red1",)))
    assert s.effect_vp == (2, 0, 0)  # seat 0 now has 2 cubes on red1


def test_free_order_last_cube_is_the_last_listed() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": 5}]}})
    s = play(rules, setup(rules, CIRCLE), take("orlins"), Place(("blue1", "red1")))
    assert s.effect_vp == (5, 0, 0)


def test_final_vp_to_majority_and_to_present() -> None:
    rules = rules_with(planets={
        "blue1": {"effects": [{"effect": "vp", "trigger": "final", "to": "majority", "amount": 3}]},
        "yellow1": {"effects": [{"effect": "vp", "trigger": "final", "amount": -1, "per_cube": True}]},
    })
    s = with_board(setup(rules, CIRCLE), {1: (0, 1, 1), 2: (0, 1, 1)})
    score = rules.score(s)
    # blue1: seat 1 holds the majority → +3; yellow1 (to: present by default): −1 per cube.
    assert score.planet_effects == (-1, 3 - 2, 0)
    # blue1 [2,0,3,...], k=3: seat 1 → slot 3 (3 VP), seat 0 → slot 2 (0); yellow1 [1,0,2,..]: 2 and 0.
    assert score.planets == (0, 5, 0)


def test_majority_multiplier_doubles_first_rank() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "majority_multiplier", "factor": 2}]}})
    # red1 [1,2,0,3,4,5], owners 0 1 1 2, k = 4: seat 1 (2 cubes) → slot 4 = 3 VP; seats 0 and 2 tie
    # on 1 cube, later first cube wins → seat 2 → slot 3 = 0 VP, seat 0 → slot 2 = 2 VP.
    s = with_board(setup(rules, CIRCLE), {0: (0, 1, 1, 2)})
    score = rules.score(s)
    assert score.planets == (2, 3, 0)
    assert score.planet_effects == (0, 3, 0)


def test_majority_multiplier_halves_every_rank_rounding_down() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "majority_multiplier", "factor": 0.5,
                                                       "ranks": "all"}]}})
    s = with_board(setup(rules, CIRCLE), {0: (0, 1, 1, 2)})
    score = rules.score(s)
    assert score.planets == (2, 3, 0)
    assert score.planet_effects == (1 - 2, 1 - 3, 0)  # 2 → 1, 3 → 1 (floor 1.5), 0 → 0


def test_convert_cubes_from_hand_into_vp() -> None:
    rules = rules_with(planets={"blue1": {"effects": [{"effect": "convert_cubes", "cubes": 2, "into": "vp",
                                                        "rate": 2}]}})
    s, log = setup(rules, CIRCLE), []
    s = play(rules, s, take("orlins"), Place(("blue1",)), log=log)
    # hand 3 → 2 after placing → 2 converted (4 VP) → 0, then the usual 2 from stock.
    assert s.hand[0] == 2 and s.stock[0] == 10 and s.converted[0] == 2 and s.effect_vp[0] == 4
    assert s.hand[0] + s.stock[0] + 1 + s.converted[0] == 15
    assert decisions(log)[0]["cubes_converted"] == 2
    assert rules.result(s).seats[0].stats["cubes_converted"] == 2


def test_convert_cubes_from_stock_into_time_for_the_next_turn() -> None:
    rules = rules_with(planets={"blue1": {"effects": [{"effect": "convert_cubes", "cubes": 1, "source": "stock",
                                                        "into": "time", "rate": 2}]}})
    s = play(rules, setup(rules, CIRCLE), take("orlins"), Place(("blue1",)))
    assert s.stock[0] == 12 - 1 - 2 and s.time_bank[0] == 2 and s.converted[0] == 1
    s = change(s, turn_in_round=0, start=0, hand=(5, 3, 3))  # seat 0 again
    s = play(rules, s, take("bays"))  # time 1, +2 cubes, +2 banked time
    assert s.extra_time == 2 and s.time_bank[0] == 0
    assert rules.max_cubes(s) == 3


# --- crews --------------------------------------------------------------------------------------


def test_color_vp_counts_cubes_placed_on_the_color() -> None:
    rules = rules_with(crews={"armstrong": {"skill": [{"effect": "color_vp", "colors": ["red"], "amount": 1}]}},
                       patch={"cubes": {"total": 15, "start_in_hand": 5, "replenish": 2}})
    s, log = setup(rules, CIRCLE), []
    s = play(rules, s, take("armstrong"), Place(("green1", "red2", "red1", "blue1")), log=log)
    assert s.skill_vp == (2, 0, 0) and decisions(log)[0]["vp_gained"] == 2


def test_color_vp_on_board_counts_every_cube_of_the_color() -> None:
    rules = rules_with(crews={"rahel": {"skill": [{"effect": "repeat_planet"},
                                                  {"effect": "color_vp", "colors": ["red", "blue"], "amount": -1,
                                                   "count": "on_board"}]}})
    s = with_board(setup(rules, CIRCLE), {4: (0, 1), 2: (0,)})
    s = play(rules, s, take("rahel"), Place(("blue1", "blue1")))
    assert s.skill_vp == (-3, 0, 0)  # red2: 1, blue1: 2 (yellow1 does not count)


def test_accumulate_time_grows_while_untaken_and_resets() -> None:
    rules = rules_with(crews={"bays": {"skill": [{"effect": "accumulate_time", "amount": 1, "max": 2}]}})
    s, log = setup(rules, CIRCLE), []
    bays = rules.crew_index["bays"]
    for expect in (1, 2, 2):
        for crew in ("armstrong", "orlins", "rahel"):
            s = play(rules, s, take(crew), NOTHING, log=log)
        assert s.crew_bonus[bays] == expect  # +1 per round nobody took it, at most 2
    s = play(rules, s, take("bays"))
    assert s.extra_time == 2 and rules.max_cubes(s) == min(1 + 2, s.hand[s.seat])
    s = play(rules, s, NOTHING, log=log)
    assert s.crew_bonus[bays] == 0
    assert decisions(log)[-1]["crew"] == "bays" and decisions(log)[-1]["crew_bonus"] == 2
    for crew in ("armstrong", "orlins"):
        s = play(rules, s, take(crew), NOTHING)
    assert s.crew_bonus[bays] == 0  # taken this round: no growth


OVERFLOW_CREW = {"id": "vance", "time": 2, "skill": [{"effect": "overflow", "timing": "after"}]}


@pytest.mark.parametrize(("overflow_vp", "top"), [(None, 5), (9, 9)])
def test_overflow_slot_on_a_full_planet(overflow_vp: int | None, top: int) -> None:
    rules = rules_with(planets={"red1": {"overflow_vp": overflow_vp}}, extra_crews=[OVERFLOW_CREW])
    s = with_board(setup(rules, CIRCLE), {0: (1, 1, 2, 2, 1, 2)})
    before = rules.score(s).planets
    assert before == (0, 4, 5, )  # k=6: seat 2 (3 cubes, later first cube) → slot 6 = 5, seat 1 → slot 5 = 4
    s = play(rules, s, take("vance"), NOTHING)
    assert rules.legal_actions(s) == [OverflowCube("red1")]
    s = play(rules, s, OverflowCube("red1"))
    assert s.board[0] == (1, 1, 2, 2, 1, 2, 0) and s.hand[0] == 3 - 1 + 2
    # k = 7: seat 2 → overflow slot, seat 1 → slot 6 = 5, seat 0 → slot 5 = 4.
    assert rules.score(s).planets == (4, 5, top)
    assert rules.is_full(s, 0)
    s2 = change(s, turn_in_round=0, start=0, available=tuple(range(len(rules.crews))))
    s2 = play(rules, s2, take("vance"), NOTHING)
    assert s2.phase is Phase.CREW  # no full planet with a free overflow slot: skipped


def test_overflow_last_cube_triggers_the_planet() -> None:
    rules = rules_with(planets={"red1": {"effects": [{"effect": "vp", "trigger": "last_cube", "amount": 3}]}},
                       extra_crews=[OVERFLOW_CREW])
    s = with_board(setup(rules, CIRCLE), {0: (1, 1, 2, 2, 1, 2)})
    s = play(rules, s, take("vance"), Place(("blue1",)), OverflowCube("red1"))
    assert s.effect_vp == (3, 0, 0)


def test_develop_planet_fills_the_numbered_extension_slot() -> None:
    dev = {"id": "dev", "time": 1, "skill": [{"effect": "develop_planet", "slot": 2, "timing": "before"}]}
    rules = rules_with(planets={"red1": {"extension_vp": [3, 1]}, "blue1": {"extension_vp": [2]}},
                       extra_crews=[dev])
    s = play(rules, setup(rules, CIRCLE), take("dev"))
    assert rules.legal_actions(s) == [Develop("red1")]  # blue1 has no slot 2
    s = play(rules, s, Develop("red1"), NOTHING)
    assert s.ext_planet[0] == (-1, 0) and s.hand[0] == 3 - 1 + 2
    score = rules.score(s)
    assert score.extensions == (1, 0, 0) and score.totals[0] == 1
    again = change(s, turn_in_round=0, start=0, available=tuple(range(len(rules.crews))))
    again = play(rules, again, take("dev"))
    assert again.phase is Phase.PLACE  # slot 2 of red1 is taken: skipped
    taken = change(play(rules, setup(rules, CIRCLE), take("dev")), ext_planet=((-1, 1), (-1,), (), (), ()))
    with pytest.raises(IllegalActionError, match="no empty extension slot 2"):
        rules.apply(taken, Develop("red1"))


def test_develop_crew_fills_the_crews_slots_in_order() -> None:
    eng = {"id": "eng", "time": 1, "extension_vp": [4, 2], "skill": [{"effect": "develop_crew"}]}
    rules = rules_with(extra_crews=[eng])
    e = rules.crew_index["eng"]
    s = play(rules, setup(rules, CIRCLE), take("eng"), NOTHING)
    s = play(rules, s, take("armstrong"), NOTHING)
    assert s.ext_crew[e] == (0,)
    s = change(s, available=tuple(range(len(rules.crews))))
    s = play(rules, s, take("eng"), NOTHING)  # seat 2
    assert s.ext_crew[e] == (0, 2)
    assert rules.score(s).extensions == (4, 0, 2)
    assert s.hand[0] + s.stock[0] + s.cubes_placed[0] == 15
