"""Oh-Seven at the terminal (playtest/games/ohseven/play.py): what a move's note tells the person."""

from __future__ import annotations

from playtest.core.events import Event
from playtest.games.ohseven.play import describe
from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import PLAY, State
from playtest.games.ohseven.transcript import StackedDeck

from .helpers import rules_for, stacked

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def notes_of_pass(rules: OhSevenRules, state: State, seat_cards: list[str], deck: StackedDeck) -> tuple[State, str]:
    """One bidding pass (seat_cards[i] is seat i's card, bid in the rules' order): the new state
    and the note of the bid that completed the pass, as `play` prints it after the move."""
    note = ""
    for _ in seat_cards:
        log: list[Event] = []
        card = seat_cards[rules.current_seat(state)]
        before = state
        action = rules.bid_actions[rules.by_name[card]]
        state = rules.apply(before, action, rng=deck, log=log)  # type: ignore[arg-type]
        note = describe(rules, before, action, log, NAMES[:state.n])
    return state, note


def test_a_forced_rebid_says_why_and_who_gains_the_bonus():
    """The note once read 'rebid' alone: the person's score went up by 1 with no word of why."""
    rules = rules_for()
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state = rules.initial_state(4, rng=deck)
    _, note = notes_of_pass(rules, state, ["2C", "3S", "2H", "QH"], deck)  # 2 + 3 + 2 + 0 = 7
    assert note == "forced rebid: the bids total 7 (rebid bonus: Ben +1)"

    no_bonus = rules_for("no-bonus")
    deck = stacked(no_bonus, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                              "AH QH 2D AD 4C 3C QC"])
    _, note = notes_of_pass(no_bonus, no_bonus.initial_state(4, rng=deck), ["2C", "3S", "2H", "QH"], deck)
    assert note == "forced rebid: the bids total 7"


def test_identical_highest_cards_name_the_card_and_pay_each_holder():
    rules = rules_for()
    deck = stacked(rules, ["7S 7S 6H 5D 3C 2D AC", "7H 6S 5S 4H 3H 2S AD", "6D 5C 4C 3D 2C QD QC",
                           "7C 7D 6C 5H 4D 2S QS", "7H 6S 4S 3S 2H AH QH"])
    state, note = notes_of_pass(rules, rules.initial_state(5, rng=deck), ["AC", "7H", "QD", "2S", "7H"], deck)
    assert note == "forced rebid: the highest bid card, 7H, was bid twice (rebid bonus: Ben +1, Eve +1)"
    from playtest.games.ohseven.play import set_aside
    assert set_aside(rules, rules.view(state, 2), NAMES) == [
        "Set aside by a forced rebid: Ann AC, Ben 7H, Cat QD, Dan 2S, Eve 7H (the highest bid card, 7H, was bid "
        "twice). Bid again with a card not yet bid this deal."]


def test_a_redeal_says_why_new_hands_come():
    rules = rules_for()
    deck = stacked(rules, ["7S 6S 5S 4S 3S 2S AS", "QH AH 2H 3H 4H 5H 6H"],
                   ["7D 6D 5D 4D 3D 2D AD", "7C 6C 5C 4C 3C 2C AC"])
    state = rules.initial_state(2, rng=deck)
    for a, b in [("7S", "QH"), ("6S", "AH"), ("5S", "2H"), ("4S", "3H"), ("3S", "4H"), ("2S", "5H")]:
        state, _ = notes_of_pass(rules, state, [a, b], deck)
    _, note = notes_of_pass(rules, state, ["AS", "6H"], deck)
    assert note == ("forced rebid: the bids total 7 (rebid bonus: Ben +1), redeal: a player has no unused card "
                    "left to bid, so new hands are dealt (points kept)")


def test_bids_a_forced_rebid_set_aside_are_said_with_whose_card_and_why_and_not_the_bids_that_stood():
    """'Bidding passes this deal: 2C 3S 2H QH' named no player nor what a pass was, and in card
    play repeated the bids that stood, which the table shows."""
    from playtest.games.ohseven.play import set_aside

    rules = rules_for()
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state = rules.initial_state(4, rng=deck)
    assert set_aside(rules, rules.view(state, 0), NAMES) == []
    state, _ = notes_of_pass(rules, state, ["2C", "3S", "2H", "QH"], deck)  # 2 + 3 + 2 + 0 = 7
    assert set_aside(rules, rules.view(state, 0), NAMES) == [
        "Set aside by a forced rebid: Ann 2C, Ben 3S, Cat 2H, Dan QH (the bids total 7). "
        "Bid again with a card not yet bid this deal."]
    state, _ = notes_of_pass(rules, state, ["7H", "5H", "3H", "AH"], deck)  # 7 + 5 + 3 + 1: the bids stand
    assert set_aside(rules, rules.view(state, 0), NAMES) == [
        "Set aside by a forced rebid: Ann 2C, Ben 3S, Cat 2H, Dan QH (the bids total 7)."]


def test_no_line_of_passes_when_the_first_bids_stood():
    from playtest.games.ohseven.play import set_aside

    rules = rules_for()
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state, _ = notes_of_pass(rules, rules.initial_state(4, rng=deck), ["7H", "5H", "3H", "AH"], deck)
    assert state.phase == PLAY and set_aside(rules, rules.view(state, 1), NAMES) == []
