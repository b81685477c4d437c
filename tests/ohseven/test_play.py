"""Oh-Seven at the terminal (playtest/games/ohseven/play.py): what a move's note tells the person."""

from __future__ import annotations

import random
from typing import Any

from playtest.core.events import Event
from playtest.games.ohseven.play import describe
from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import PLAY, State
from playtest.games.ohseven.transcript import StackedDeck

from .helpers import bid, bids_in_seat_order, play, rules_for, stacked

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


def _explained(rules: OhSevenRules, state: State, bot: Any) -> tuple[str, str]:
    """The card `bot` plays (or bids) in the seat to move and its explain()."""
    seat = rules.current_seat(state)
    action = bot.choose(rules.view(state, seat), rules.legal_actions(state), rng=random.Random(0))
    return rules.card_name(action.card), bot.explain()


def test_the_heuristic_hint_says_why_it_bids_and_plays_each_card():
    """`hint` with Oh-Seven's default bot, heuristic, named a card with no reason. It now says the
    tricks the hand should take and the nearest bid; in play, the tricks the bid still needs and
    why this card: the weakest that wins the trick, none wins, ducking under it, or none ducks."""
    from playtest.games.ohseven.bots import HeuristicBot, make_bot

    from .helpers import bids_in_seat_order

    rules = rules_for()
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state = rules.initial_state(4, rng=deck)
    bot = HeuristicBot(rules)
    assert bot.explain() == ""  # nothing chosen yet
    assert _explained(rules, state, bot) == ("2S", (
        "your hand should take about 1.8 tricks: 2.1 if S is trump (it is if 2S is the highest bid, 5% likely), "
        "1.7 on average over the trumps otherwise; of the bids in your hand, 2S's 2 is the nearest"))
    assert _explained(rules, state, make_bot("scripted:aggressive", rules, 0))[1].endswith(
        "; with this bot's bid offset, +1, 2.8; of the bids in your hand, 3S's 3 is the nearest")
    assert _explained(rules, state, make_bot("scripted:bonus-hunter", rules, 0)) == ("7D", (
        "7D is your highest card (7): as the highest bidder you would get the bonus a forced rebid pays"))
    state = bids_in_seat_order(rules, state, ["2C", "AS", "2H", "QH"], deck)  # 2H the highest: hearts trump
    said = []
    for _ in range(8):
        card, why = _explained(rules, state, bot)
        said.append(why)
        state = play(rules, state, card, deck)
    assert said == [
        "you need 2 more tricks for your bid of 2 (won 0): 7C is your highest card",
        "your bid of 0 is made (won 0), so duck: 4C is your highest card that loses to 7C (trumps shed last)",
        "you need 2 more tricks for your bid of 2 (won 0): no card of yours beats 7C, so your lowest, AC",
        "you need 1 more trick for your bid of 1 (won 0): 4H is the weakest card that beats 7C",
        "your bid of 1 is made (won 1), so duck: AS is your lowest card, trumps kept back",  # P2 won the trick
        "you need 2 more tricks for your bid of 2 (won 0): 2H is the weakest card that beats AS",
        "your bid of 0 is made (won 0), so duck: 3C is your highest card that loses to 2H (trumps shed last)",
        "the only legal move"]
    assert _explained(rules, state, make_bot("scripted:greedy", rules, 0))[1] == (
        "this bot always plays to win (greedy play): 6C is your highest card")


def test_the_heuristic_hint_says_when_no_card_ducks_the_trick():
    """Spades trump (2S the highest bid); the fourth seat's bid of 2 is made and only spades are
    left in its hand when clubs are led: every card wins, so the weakest."""
    from playtest.games.ohseven.bots import HeuristicBot

    from .helpers import bids_in_seat_order

    rules = rules_for()
    deck = stacked(rules, ["2D 6C 3H 2H 7C QD AD", "QS 5H 5D 3D 3C 5S 4C", "6S AH AS 7D 2C 6D QC",
                           "6H QH 7H 5C 7S 4S 2S"])
    state = bids_in_seat_order(rules, rules.initial_state(4, rng=deck), ["2D", "QS", "2C", "2S"], deck)
    bot = HeuristicBot(rules)
    for _ in range(23):
        state = play(rules, state, _explained(rules, state, bot)[0], deck)
    assert _explained(rules, state, bot) == ("2S", "your bid of 2 is made (won 2), so duck: every card you may "
                                                   "play beats 7C, so the weakest, 2S")


def test_under_the_hook_the_last_bidder_is_told_which_bid_is_barred():
    """The hook drops the last bidder's cards that would bring the bids to the hand size from the
    list without a word: a list of 5 moves from a 7-card hand (AS and AC gone) left the person to
    guess why (h191). The line above the moves says it, and when every card left would, that any
    may be bid and the sum then forces a rebid."""
    from playtest.games.ohseven.play import asks

    rules = rules_for("hook")
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state = rules.initial_state(4, rng=deck)
    assert rules.current_seat(state) == 1 and asks(rules, rules.view(state, 1), 1, NAMES[:4]) is None
    for card in ("3S", "2H", "AD"):  # Ben, Cat, Dan: 6 so far; Ann (the dealer) bids last
        state = bid(rules, state, card, deck)
    assert rules.current_seat(state) == 0
    assert [str(a) for a in rules.legal_actions(state)] == ["bid 7H", "bid 6H", "bid 4S", "bid 3D", "bid 2C", "bid QD"]
    assert asks(rules, rules.view(state, 0), 0, NAMES[:4]) == (
        "You bid last, and the hook bars the bid that would bring the bids to 7 (6 so far): no bid of 1 (AC).")

    two = rules_for("hook", ("hand_size=2",))
    deck = stacked(two, ["AC AS", "QS 2S", "AH 2H", "QD 3D"])
    state = two.initial_state(4, rng=deck)
    for card in ("QS", "AH", "QD"):  # 1 so far: both of Ann's cards would make 2
        state = bid(two, state, card, deck)
    assert [str(a) for a in two.legal_actions(state)] == ["bid AS", "bid AC"]
    assert asks(two, two.view(state, 0), 0, NAMES[:4]) == (
        "You bid last, and the hook bars the bid that would bring the bids to 2 (1 so far), but every card you "
        "have left would: any may be bid, and the bids then force a rebid.")
    assert asks(rules_for(), rules_for().view(rules_for().initial_state(4, rng=stacked(rules_for(), [
        "7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C", "AH QH 2D AD 4C 3C QC"])), 1),
        1, NAMES[:4]) is None  # simultaneous bids: no hook


def test_the_match_end_says_when_most_exact_breaks_a_tie_on_points():
    """`tie: most_exact`: play ended '1. Ann 1  2. Ben 1' with nothing to say why Ann won on equal
    points (h191). The last round's scoring lines now say it, with each one's bids met exactly."""
    from playtest.games.ohseven.play import announce

    def last_lines(tie: str) -> list[str]:
        rules = rules_for("base", ("hand_size=2", "rounds=1", f"tie={tie}", "scoring.exact_bonus=0",
                                   "scoring.miss_per_trick=1"))
        deck = stacked(rules, ["AS QH", "2H QC"])
        state = rules.initial_state(2, rng=deck)
        state = bids_in_seat_order(rules, state, ["AS", "QC"], deck)  # Ann bids 1, Ben 0: Ann (AS) leads
        for card in ("QH", "2H", "QC"):  # Ben takes the hearts, Ann trumps the clubs: 1 trick each
            state = play(rules, state, card, deck)
        log: list[Event] = []
        after = play(rules, state, "AS", deck, log)
        return list(announce(rules, state, after, rules.play_actions[rules.by_name["AS"]], log, NAMES[:2]))

    lines = last_lines("most_exact")
    assert lines[1:3] == ["  Ann  bid 1, took 1 trick (met): +1 (total 1)", "  Ben  bid 0, took 1 trick: +1 (total 1)"]
    assert lines[3:] == ["Ann and Ben tie on 1 point; tie: most_exact ranks them by bids met exactly: Ann 1, Ben 0."]
    assert len(last_lines("shared")) == 3  # a shared win needs no word


def test_a_redeal_that_takes_the_bonuses_back_says_whose_and_how_many():
    """`bidding.redeal.keep_points: false`: play's note said only "(this round's rebid bonuses taken
    back)" while the score column dropped; the replay names them ("Ann -4, Ben -3") (h191)."""
    rules = rules_for("base", ("bidding.redeal.keep_points=false",))
    deck = stacked(rules, ["7S 6S 5S 4S 3S 2S AS", "QH AH 2H 3H 4H 5H 6H"],
                   ["7D 6D 5D 4D 3D 2D AD", "7C 6C 5C 4C 3C 2C AC"])
    state = rules.initial_state(2, rng=deck)
    for a, b in [("7S", "QH"), ("6S", "AH"), ("5S", "2H"), ("4S", "3H"), ("3S", "4H"), ("2S", "5H")]:
        state, _ = notes_of_pass(rules, state, [a, b], deck)  # every pass totals 7: Ann paid 4 times, Ben twice
    _, note = notes_of_pass(rules, state, ["AS", "6H"], deck)  # ... and Ben once more, then the redeal
    assert note == ("forced rebid: the bids total 7 (rebid bonus: Ben +1), redeal: a player has no unused card "
                    "left to bid, so new hands are dealt (this round's rebid bonuses taken back: Ann -4, Ben -3)")


def test_the_bid_hint_speaks_of_the_bids_left_when_some_card_may_not_bid():
    """In a forced rebid (or under the hook) some cards of the hand may not bid, and the hint picks
    among the others, but it said "of the bids in your hand, 2S's 2 is the nearest" while a card
    set aside could be nearer (h191): it now says "of the bids you may make now"."""
    from playtest.games.ohseven.bots import HeuristicBot

    from .helpers import bids_in_seat_order

    rules = rules_for()
    deck = stacked(rules, ["7H 6H 4S 3D 2C AC QD", "5H 4H 7D 6D 3S 2S AS", "3H 2H 5D 4D 7C 6C 5C",
                           "AH QH 2D AD 4C 3C QC"])
    state = bids_in_seat_order(rules, rules.initial_state(4, rng=deck), ["2C", "3S", "2H", "QH"], deck)  # 7: rebid
    assert rules.current_seat(state) == 1 and len(rules.legal_actions(state)) == 6  # Ben's 3S is set aside
    card, why = _explained(rules, state, HeuristicBot(rules))
    assert why.endswith(f"; of the bids you may make now, {card}'s {rules.cards.bid[rules.by_name[card]]} is the nearest")
