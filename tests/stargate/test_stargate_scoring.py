"""Golden hand-computed cases for Stargate scoring, the walk and the end of the game
(golden.yaml: a red 1..6 · b blue 10..60 · c red 100 200 300 · d yellow 0 0 7 0 9 ·
e green 1000..4000 · f blue 5 × 8)."""

from __future__ import annotations

import pytest

from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import Place, TakeCrew

from .helpers import board, hands, make_rules, new_game, play, stocks

# --- majorities and ties -------------------------------------------------------------------------

# Three players on a, start seat 0. Round 1: 0, 1, 2 each put one cube on a.
# Round 2 (seat 1 starts): seat 1 adds one, seat 2 passes, seat 0 adds one → a = (0, 1, 2, 1, 0).
TIE_GAME = ("rahel; place a", "orlins; place a", "bays; place a",
            "rahel; place a", "orlins; place -", "armstrong; place a")


def test_a_tie_goes_to_the_later_first_cube():
    rules = make_rules()
    state = play(rules, new_game(rules, players=3), *TIE_GAME)
    assert board(rules, state)["a"] == (0, 1, 2, 1, 0)
    # Seats 0 and 1 have 2 cubes each; seat 1's first cube (slot 2) is later than seat 0's
    # (slot 1), so seat 1 ranks first. k = 5: seat 1 → slot 5 (5), seat 0 → slot 4 (4),
    # seat 2 (1 cube) → slot 3 (3).
    assert rules.score(state).planets == (4, 5, 3)


def test_the_tie_break_reversed_by_the_variant():
    rules = make_rules("scoring.majority_tiebreak=earlier_first_cube")
    state = play(rules, new_game(rules, players=3), *TIE_GAME)
    # Now seat 0's earlier first cube wins the tie: seat 0 → 5, seat 1 → 4, seat 2 → 3.
    assert rules.score(state).planets == (5, 4, 3)


def test_more_cubes_beat_the_tie_break():
    rules = make_rules()
    # a = (0, 0, 1): seat 0 has 2 cubes → slot 3 (3); seat 1, later but fewer → slot 2 (2).
    state = play(rules, new_game(rules), "rahel; place a a", "orlins; place a")
    assert rules.score(state).planets == (3, 2)


def test_the_last_rank_scores_slot_1():
    # One cube each on a = (0, 1, 2): k = 3 and three ranks, so rank 3 scores slot 1 — the
    # lowest rank reaches slot 1 exactly. (A rank "below slot 1" cannot arise in draft 5:
    # every ranked player owns at least one slot, so there are never more ranks than k.)
    rules = make_rules()
    state = play(rules, new_game(rules, players=3), "rahel; place a", "orlins; place a", "bays; place a")
    assert rules.score(state).planets == (1, 2, 3)


def test_zero_vp_slots():
    rules = make_rules()
    # d = (0, 1): a 1-1 tie, seat 1 later → slot 2 (0 VP), seat 0 → slot 1 (0 VP).
    state = play(rules, new_game(rules), "rahel; place d", "orlins; place d")
    assert rules.score(state).planets == (0, 0)
    # Round 2 (seat 1 starts): d = (0, 1, 0): seat 0 has 2 → slot 3 (7); seat 1 → slot 2 (0).
    state = play(rules, state, "orlins; place -", "armstrong; place d")
    assert rules.score(state).planets == (7, 0)
    # Round 3 (seat 0 starts): d = (0, 1, 0, 1, 1): seat 1 has 3 → slot 5 (9); seat 0 → slot 4 (0).
    state = play(rules, state, "orlins; place -", "rahel; place d d")
    assert board(rules, state)["d"] == (0, 1, 0, 1, 1)
    assert rules.score(state).planets == (0, 9)
    # Yellow is everyone's only color: seat 0 has 2 cubes → 2, seat 1 has 3 → 3.
    assert rules.score(state).color == (2, 3)


# --- color bonus ---------------------------------------------------------------------------------


def color_game(*overrides: str):
    rules = make_rules(*overrides)
    # Circle a b c d e f. Seat 0: a, b, c (red 2, blue 1), then in round 2 f (blue 2).
    # Seat 1: d and e (yellow 1, green 1).
    state = play(rules, new_game(rules, circle="a b c d e f"), "armstrong; place a b c", "orlins; place d e")
    one_round = rules.score(state).color
    state = play(rules, state, "rahel; place -", "bays; place f")
    return one_round, rules.score(state).color


def test_color_bonus_counts_every_maximal_color():
    one_round, two_rounds = color_game()
    # Round 1: seat 0 red 2, blue 1 → m = 2 in one color → 2; seat 1 yellow 1, green 1 → 1 × 2 = 2.
    assert one_round == (2, 2)
    # Round 2: seat 0 red 2, blue 2 → m = 2 in two colors → 4.
    assert two_rounds == (4, 2)


def test_color_bonus_one_max_color_and_none():
    assert color_game("scoring.color_bonus=one_max_color") == ((2, 1), (2, 1))
    assert color_game("scoring.color_bonus=none") == ((0, 0), (0, 0))


def test_four_colors_of_one_cube_each():
    rules = make_rules()
    # Seat 0 walks b c d e: blue 1, red 1, yellow 1, green 1 → 1 × 4 = 4.
    state = play(rules, new_game(rules, circle="a b c d e f"), "armstrong; place c d e")
    state = play(rules, state, "rahel; place -", "rahel; place -", "orlins; place b")
    assert rules.score(state).color == (4, 0)


# --- totals and the final tie-break --------------------------------------------------------------


def test_total_is_planets_plus_color_plus_skill():
    rules = make_rules()
    state = play(rules, new_game(rules), "armstrong; place a b c", "anderson; place a b")
    # Seat 0: a slot 1 (1) + b slot 1 (10) + c alone (100) = 111; red 2, blue 1 → 2; Armstrong 2.
    # Seat 1: a slot 2 (2) + b slot 2 (20) = 22; red 1, blue 1 → 2; no skill VP.
    score = rules.score(state)
    assert (score.planets, score.color, score.skill, score.totals) == ((111, 22), (2, 2), (2, 0), (115, 24))
    seats = rules.result(state).seats
    parts = [{k: s.components[k] for k in ("planets", "color", "skill")} for s in seats]
    assert parts == [{"planets": 111, "color": 2, "skill": 2}, {"planets": 22, "color": 2, "skill": 0}]
    assert [s.total for s in seats] == [115, 24] == [sum(s.components.values()) for s in seats]


TIED_TOTALS = ("orlins; place d", "bays; place d")
# cubes.total=6 (stock 3). Seat 0 places on d: hand 3 - 1 + 2 = 4, stock 1. Seat 1 takes Bays:
# 3 + 2 - 1 + 1 (the last stock cube) = 5 in hand, stock 0 → the game ends after round 1.
# d = (0, 1): both score 0 (slots 1 and 2) + yellow 1 → totals 1 and 1.


def test_tied_totals_go_to_more_cubes_in_hand():
    rules = make_rules("cubes.total=6")
    state = play(rules, new_game(rules), *TIED_TOTALS)
    assert rules.is_terminal(state)
    assert rules.score(state).totals == (1, 1) and hands(rules, state) == (4, 5)
    seats = rules.result(state).seats
    assert [(s.rank, s.win_share) for s in seats] == [(2, 0.0), (1, 1.0)]


def test_tied_totals_without_the_hand_tie_break_share_the_win():
    rules = make_rules("cubes.total=6", "scoring.final_tiebreak=none")
    state = play(rules, new_game(rules), *TIED_TOTALS)
    assert [(s.rank, s.win_share) for s in rules.result(state).seats] == [(1, 0.5), (1, 0.5)]


# --- the end of the game and the stock -----------------------------------------------------------


def test_the_game_ends_at_the_end_of_the_round_in_which_a_stock_empties():
    rules = make_rules("cubes.total=5")  # 3 in hand, 2 in stock
    state = play(rules, new_game(rules), "armstrong; place a")
    # Seat 0's stock is empty now, but the round goes on: seat 1 still plays.
    assert stocks(rules, state) == (0, 2) and not rules.is_terminal(state)
    assert TakeCrew("armstrong") not in rules.legal_actions(state)
    state = play(rules, state, "rahel; place -")
    assert rules.is_terminal(state) and list(rules.legal_actions(state)) == []
    assert rules.result(state).rounds == 1
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(rules, state, "orlins")


def test_draft5_stock_lasts_six_rounds_without_bays():
    rules = make_rules()
    state = new_game(rules)
    for rnd in range(1, 7):
        assert not rules.is_terminal(state)
        # Nobody places: each turn moves 2 cubes from stock to hand; stock 12 → 0 after 6 turns.
        state = play(rules, state, "orlins; place -", "rahel; place -")
        assert stocks(rules, state) == (12 - 2 * rnd,) * 2
    assert rules.is_terminal(state) and rules.result(state).rounds == 6
    assert hands(rules, state) == (15, 15)


def test_round_cap_end_trigger():
    rules = make_rules("end=[{trigger: round_cap, rounds: 2}]")
    state = play(rules, new_game(rules), "orlins; place -", "rahel; place -")
    assert not rules.is_terminal(state)
    state = play(rules, state, "orlins; place -", "rahel; place -")
    assert rules.is_terminal(state)


def test_a_short_stock_at_replenish():
    rules = make_rules("cubes.total=4")  # 3 in hand, 1 in stock
    state = play(rules, new_game(rules), "rahel; place a")
    # Replenish wants 2 but only 1 is left: hand 3 - 1 + 1 = 3, stock 0.
    assert hands(rules, state) == (3, 3) and stocks(rules, state) == (0, 1)


def test_the_start_player_passes_left_each_round():
    rules = make_rules()
    state = new_game(rules, players=3, start=2)
    seats = []
    for _ in range(6):
        seats.append(rules.current_seat(state))
        state = play(rules, state, next(f"{a.crew}; place -" for a in rules.legal_actions(state)))
    assert seats == [2, 0, 1, 0, 1, 2]


# --- the walk ------------------------------------------------------------------------------------


def test_the_walk_wraps_around_the_circle():
    rules = make_rules()
    state = play(rules, new_game(rules), "armstrong; place e a b")
    assert board(rules, state) == {"a": (0,), "b": (0,), "c": (), "d": (), "e": (0,)}


def test_the_walk_skips_a_full_planet():
    rules = make_rules()
    # c (3 slots) fills: seat 0 puts 2 there (Rahel), seat 1 one more (Orlins).
    state = play(rules, new_game(rules), "rahel; place c c", "orlins; place c")
    assert board(rules, state)["c"] == (0, 0, 1)
    state = play(rules, state, "rahel; place -")  # round 2, seat 1 starts
    legal = rules.legal_actions(play(rules, state, "armstrong"))
    assert Place(("a", "b", "d")) in legal and Place(("b", "d", "e")) in legal
    assert Place(("b", "c")) not in legal and Place(("a", "b", "c")) not in legal
    state = play(rules, state, "armstrong; place b d e")  # b → (c full) → d → e
    assert board(rules, state) == {"a": (), "b": (0,), "c": (0, 0, 1), "d": (0,), "e": (0,)}


def test_a_full_planet_takes_no_cube():
    rules = make_rules()
    state = play(rules, new_game(rules), "rahel; place c c", "orlins; place c", "rahel; place -", "armstrong")
    with pytest.raises(IllegalActionError) as info:
        play(rules, state, "place c")
    assert info.value.reason == "c is full"


# Two planets, c (3 slots) and a (6 slots). Round 1: seat 0 walks c → a → c (the walk wraps
# around: legal, the two c cubes are not in a row); seat 1 fills c. Round 2: seat 1 may only
# use a, and the walk from a comes straight back to a.
TWO_PLANETS = ("armstrong; place c a c", "rahel; place c")


def test_no_two_cubes_in_a_row_when_the_walk_laps():
    rules = make_rules()
    state = play(rules, new_game(rules, circle="c a"), *TWO_PLANETS)
    assert board(rules, state) == {"c": (0, 0, 1), "a": (0,)}
    state = play(rules, state, "armstrong")  # seat 1: 3 - 1 + 2 = 4 in hand
    assert list(rules.legal_actions(state)) == [Place(()), Place(("a",))]
    with pytest.raises(IllegalActionError) as info:
        play(rules, state, "place a a")
    assert info.value.reason == "two cubes in a row on the same planet are not allowed"


def test_two_in_a_row_allowed_by_the_variant():
    rules = make_rules("placement.no_two_in_a_row=false")
    state = play(rules, new_game(rules, circle="c a"), *TWO_PLANETS, "armstrong")
    # Armstrong's time 4, 4 in hand, a has 5 empty slots: 0 to 4 cubes, all on a.
    assert list(rules.legal_actions(state)) == [Place(("a",) * n) for n in range(5)]
    state = play(rules, state, "place a a a")
    assert board(rules, state)["a"] == (0, 1, 1, 1)
    # a = (0, 1, 1, 1): seat 1 (3 cubes) → slot 4 (4), seat 0 → slot 3 (3); c = (0, 0, 1):
    # seat 0 → slot 3 (300), seat 1 → slot 2 (200).
    assert rules.score(state).planets == (303, 204)
