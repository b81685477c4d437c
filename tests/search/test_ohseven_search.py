"""`ismcts` on Oh-Seven: a known best card in the last two tricks, found within a small budget."""

from __future__ import annotations

import random

import pytest

from playtest.core.bots import make_bot
from playtest.games import get_game
from playtest.games.ohseven.state import OVER, PLAY, Play
from tests.ohseven.helpers import bids_in_seat_order, play, stacked
from tests.search.helpers import ohseven_rules

SPEC = get_game("ohseven")


def position():
    """One round of two tricks, 4 players, the first lead left of the dealer (seat 1).
    Hands: seat 0 7H AC, seat 1 5D QD, seat 2 6H 2S, seat 3 4D QS. Bids: AC (1), QD (0),
    6H (6: hearts are trump), 4D (4). Trick 1: 5D, 6H, 4D; seat 0 to play, void in diamonds.

    Seat 0 needs exactly one trick and must beat seat 1 (bid 0, will take none: 2 points).
    Discarding AC now makes it certain: 6H takes this trick, and 7H (the top trump) the last.
    Trumping with 7H takes this trick but leads AC into the last one, which wins it — a second
    trick, the bid missed — unless seat 2 or 3 still holds a higher club or a heart, which
    seat 0 cannot see."""
    rules = ohseven_rules("hand_size=2", "rounds=1", "bidding.first_lead=left_of_dealer")
    deck = stacked(rules, ["7H AC", "5D QD", "6H 2S", "4D QS"])
    state = rules.initial_state(4, rng=deck)  # type: ignore[arg-type]
    state = bids_in_seat_order(rules, state, ["AC", "QD", "6H", "4D"], deck)
    assert state.phase == PLAY and state.seat == 1 and rules.cards.suit_ids[state.trump] == "H"
    for card in ("5D", "6H", "4D"):
        state = play(rules, state, card, deck)
    assert state.seat == 0
    return rules, state, deck


def finish(rules, state, first: str, deck):
    state = play(rules, state, first, deck)
    while state.phase != OVER:
        state = rules.apply(state, rules.legal_actions(state)[0], rng=deck)
    return rules.result(state).seats[0].win_share


def test_the_position_is_what_its_docstring_says() -> None:
    rules, state, deck = position()
    assert {rules.format_action(state, a) for a in rules.legal_actions(state)} == {"play 7H", "play AC"}
    assert finish(rules, state, "AC", deck) == 1.0
    assert finish(rules, state, "7H", deck) == 0.0  # in the true deal nobody can beat AC


@pytest.mark.parametrize("name", ["ismcts:100", "ismcts:100:reward=margin", "ismcts:60:rollout=heuristic"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ismcts_discards_the_low_club(name: str, seed: int) -> None:
    rules, state, _ = position()
    bot = make_bot(SPEC, name, rules, 0)
    action = bot.choose(rules.view(state, 0), rules.legal_actions(state), rng=random.Random(seed))
    assert action == Play(rules.by_name["AC"], "AC")
