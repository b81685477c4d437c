"""Golden hand-computed cases for every crew skill of draft 5 (golden.yaml: circle a b c d e)."""

from __future__ import annotations

import pytest

from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import MoveCube, Place, SwapCubes, TakeCrew, parse_turn

from .helpers import board, hands, make_rules, new_game, play, stocks


@pytest.fixture(scope="module")
def rules():
    return make_rules()


def illegal(rules, state, line: str) -> str:
    """The reason the last action of `line` is refused (the earlier ones must be legal)."""
    *first, last = parse_turn(line)
    for action in first:
        state = rules.apply(state, action)
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, last)
    return info.value.reason


# --- Armstrong: gain 2 VP, time 4 ------------------------------------------------------------


def test_armstrong_gains_2_vp_and_may_place_up_to_its_time_limited_by_hand(rules):
    state = play(rules, new_game(rules), "armstrong; place a b c")
    assert rules.score(state).skill == (2, 0)
    # Seat 0 placed 3: hand 3 - 3 + 2 (replenish) = 2, stock 12 - 2 = 10.
    assert hands(rules, state) == (2, 3) and stocks(rules, state) == (10, 12)
    assert board(rules, state) == {"a": (0,), "b": (0,), "c": (0,), "d": (), "e": ()}
    # Time 4 but only 3 cubes in hand.
    assert illegal(rules, new_game(rules), "armstrong; place a b c d") == \
        "at most 3 cubes may be placed (crew time 4, 3 in hand)"


def test_armstrong_vp_counts_in_the_total(rules):
    state = play(rules, new_game(rules), "armstrong; place -", "rahel; place -")
    score = rules.score(state)
    assert (score.planets, score.color, score.skill, score.totals) == ((0, 0), (0, 0), (2, 0), (2, 0))


# --- Orlins: any planets, any order, one cube per planet -------------------------------------


def test_orlins_places_in_any_order_one_per_planet(rules):
    state = play(rules, new_game(rules), "orlins; place e a c")  # not a clockwise walk
    assert board(rules, state) == {"a": (0,), "b": (), "c": (0,), "d": (), "e": (0,)}
    assert illegal(rules, new_game(rules), "orlins; place a a") == "at most 1 cube(s) per planet with this crew"


def test_without_orlins_the_walk_is_clockwise(rules):
    assert illegal(rules, new_game(rules), "armstrong; place e a c") == \
        "cubes go clockwise, one per planet, skipping full planets"


def test_orlins_placements_are_the_subsets_of_planets(rules):
    state = play(rules, new_game(rules), "orlins")
    legal = rules.legal_actions(state)
    # 5 planets with room, up to 3 cubes: 1 + C(5,1) + C(5,2) + C(5,3) = 1 + 5 + 10 + 10 = 26.
    assert len(legal) == 26 and Place(()) in legal and Place(("a", "c", "e")) in legal


# --- Audrin: move one of your tail cubes to the back of another planet ----------------------


def test_audrin_moves_a_tail_cube(rules):
    # Round 1: seat 0 on a b c; seat 1 has no cube on the board, so Audrin is skipped.
    state = play(rules, new_game(rules), "armstrong; place a b c", "audrin; place a b")
    assert board(rules, state)["a"] == (0, 1) and board(rules, state)["b"] == (0, 1)
    # Round 2, seat 1 starts: its tail cubes are on a and b; every other planet has room.
    state = play(rules, state, "audrin")
    assert set(rules.legal_actions(state)) == {
        MoveCube("a", "b"), MoveCube("a", "c"), MoveCube("a", "d"), MoveCube("a", "e"),
        MoveCube("b", "a"), MoveCube("b", "c"), MoveCube("b", "d"), MoveCube("b", "e")}
    state = play(rules, state, "move a>d; place -")
    assert board(rules, state) == {"a": (0,), "b": (0, 1), "c": (0,), "d": (1,), "e": ()}


def test_audrin_refuses_bad_targets(rules):
    state = play(rules, new_game(rules), "armstrong; place a b c", "audrin; place a b", "audrin")
    assert illegal(rules, state, "move c>d") == "the last cube on c is not yours"
    assert illegal(rules, state, "move a>a") == "the cube must move to another planet"
    assert illegal(rules, state, "move a>f") == "planet 'f' is not in the circle (a b c d e)"
    assert illegal(rules, state, "place d") == "the crew's skill needs a target (move SRC>DST), not place d"


def test_audrin_cannot_move_to_a_full_planet(rules):
    # c has 3 slots. Round 1: seat 0 puts two cubes on c; seat 1 one on a.
    # Round 2 (seat 1 starts): seat 1 moves its tail cube a → d; seat 0 fills c.
    state = play(rules, new_game(rules), "rahel; place c c", "bays; place a",
                 "audrin; move a>d; place -", "armstrong; place c")
    assert board(rules, state) == {"a": (), "b": (), "c": (0, 0, 0), "d": (1,), "e": ()}
    # Round 3: seat 1's tail cube is on d; c is full, so it is no destination.
    state = play(rules, state, "orlins; place -", "audrin")
    assert set(rules.legal_actions(state)) == {MoveCube("d", "a"), MoveCube("d", "b"), MoveCube("d", "e")}
    assert illegal(rules, state, "move d>c") == "c is full"


def test_audrin_without_a_tail_cube_is_skipped(rules):
    state = play(rules, new_game(rules), "audrin")
    assert rules.legal_actions(state)[0] == Place(())  # straight to placing: the skill had no target


# --- Rahel: the walk may stay on the same planet --------------------------------------------


def test_rahel_may_stay_on_a_planet(rules):
    state = play(rules, new_game(rules), "rahel; place a a")
    assert board(rules, state)["a"] == (0, 0)
    assert illegal(rules, new_game(rules), "rahel; place a c") == \
        "each cube must stay on the same planet or go on clockwise to the next planet with room"
    assert illegal(rules, new_game(rules), "anderson; place a a") == \
        "two cubes in a row on the same planet are not allowed"


def test_rahel_placements(rules):
    state = play(rules, new_game(rules), "rahel")
    # Up to 2 cubes: none; 5 single planets; per start planet "stay" or "next" = 10 pairs.
    assert len(rules.legal_actions(state)) == 1 + 5 + 10
    assert Place(("e", "a")) in rules.legal_actions(state)  # the walk wraps around


# --- Anderson: swap two adjacent cubes of different owners ----------------------------------


def test_anderson_swaps_adjacent_cubes_and_changes_the_majority(rules):
    state = play(rules, new_game(rules), "armstrong; place a b c", "anderson; place a b")
    # Before: a = (0, 1): a 1-1 tie, seat 1's first cube is later (slot 2) → seat 1 scores slot 2.
    assert rules.score(state).planets == (1 + 10 + 100, 2 + 20)
    state = play(rules, state, "anderson")  # round 2, seat 1 starts
    assert list(rules.legal_actions(state)) == [SwapCubes("a", 1), SwapCubes("b", 1)]
    state = play(rules, state, "swap a@1; place -")
    assert board(rules, state)["a"] == (1, 0)
    # After: seat 0's first cube on a is later → seat 0 scores a's slot 2 (2), seat 1 slot 1 (1).
    assert rules.score(state).planets == (2 + 10 + 100, 1 + 20)


def test_anderson_refuses_bad_targets(rules):
    state = play(rules, new_game(rules), "armstrong; place a b c", "anderson; place a b", "anderson")
    assert illegal(rules, state, "swap c@1") == "c has no cubes in slots 1 and 2"
    assert illegal(rules, state, "swap a@2") == "a has no cubes in slots 2 and 3"
    assert illegal(rules, state, "swap a@0") == "a has no slot 0: a planet's slots are counted from 1"


def test_anderson_same_owner_swap_is_a_null_use_by_default(rules):
    state = play(rules, new_game(rules), "rahel; place a a", "bays; place -", "anderson")
    # Round 2, seat 1: the only adjacent pair (a: 0, 0) has one owner. RULINGS: "any owners", so
    # swapping them is the (only) use of the skill, and it changes nothing.
    assert list(rules.legal_actions(state)) == [SwapCubes("a", 1)]
    after = play(rules, state, "swap a@1")
    assert board(rules, after)["a"] == (0, 0)


def test_anderson_same_owner_false_skips_when_only_same_owner_pairs():
    rules = make_rules("crews.anderson.skill=[{effect: swap_adjacent, same_owner: false}]")
    state = play(rules, new_game(rules), "rahel; place a a", "bays; place -", "anderson")
    assert rules.legal_actions(state)[0] == Place(())


def test_anderson_without_a_target_is_skipped(rules):
    state = play(rules, new_game(rules), "armstrong; place a b c", "anderson")
    assert rules.legal_actions(state)[0] == Place(())
    state = play(rules, state, "place d e")
    assert board(rules, state)["d"] == (1,) and board(rules, state)["e"] == (1,)


# --- Bays: take 2 cubes from stock now -------------------------------------------------------


def test_bays_gains_two_cubes(rules):
    state = play(rules, new_game(rules), "bays; place a")
    # Hand 3 + 2 (Bays) - 1 (placed) + 2 (replenish) = 6; stock 12 - 2 - 2 = 8.
    assert hands(rules, state) == (6, 3) and stocks(rules, state) == (8, 12)


def test_bays_with_a_short_stock_takes_what_is_left():
    rules = make_rules("cubes.total=4")  # 3 in hand, 1 in stock
    state = play(rules, new_game(rules), "bays; place a")
    # Bays takes 1 (all the stock): 3 + 1 - 1 = 3, replenish takes nothing.
    assert hands(rules, state) == (3, 3) and stocks(rules, state) == (0, 1)


def test_bays_may_place_one_cube_only(rules):
    state = play(rules, new_game(rules), "bays")
    assert list(rules.legal_actions(state)) == [Place(()), *(Place((p,)) for p in "abcde")]


def test_a_crew_taken_this_round_is_not_available(rules):
    state = play(rules, new_game(rules), "bays; place a")
    assert TakeCrew("bays") not in rules.legal_actions(state)
    assert illegal(rules, state, "bays") == "crew 'bays' was taken earlier this round"
    state = play(rules, state, "rahel; place -")  # round 2: every crew is back
    assert [a.crew for a in rules.legal_actions(state)] == \
        ["armstrong", "orlins", "audrin", "rahel", "anderson", "bays"]
