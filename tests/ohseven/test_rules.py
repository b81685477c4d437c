"""Golden, hand-computed cases for each Oh-Seven rule."""

from __future__ import annotations

import pytest

from playtest.core.events import Event
from playtest.errors import IllegalActionError
from playtest.games.ohseven.state import BID, PLAY

from .helpers import bid, bids_in_seat_order, cards, play, rules_for, stacked

# Four one-deck hands (28 of 32 cards; 7S 6S 5S QS stay in the stock).
HANDS4 = [
    "7H 6H 4S 3D 2C AC QD",   # seat 0
    "5H 4H 7D 6D 3S 2S AS",   # seat 1
    "3H 2H 5D 4D 7C 6C 5C",   # seat 2
    "AH QH 2D AD 4C 3C QC",   # seat 3
]


def setup4(variant: str = "base", *extra: list[str], overrides: tuple[str, ...] = ()):
    rules = rules_for(variant, overrides)
    deck = stacked(rules, HANDS4, *extra)
    return rules, deck, rules.initial_state(4, rng=deck)


def test_deal_gives_the_stacked_hands_sorted_and_round_one_dealer_is_seat_one():
    rules, deck, s = setup4()
    assert s.hands[0] == tuple(sorted(cards(rules, HANDS4[0]), reverse=True))
    assert sorted(s.stock) == sorted(cards(rules, "7S 6S 5S QS"))
    assert s.dealer == 0 and s.order == (1, 2, 3, 0) and rules.current_seat(s) == 1


def test_card_order_rank_first_then_spades_hearts_diamonds_clubs():
    rules = rules_for()
    order = ["QC", "QD", "QH", "QS", "AC", "7C", "7D", "7H", "7S"]
    ints = [rules.by_name[c] for c in order]
    assert ints == sorted(ints)
    assert [rules.cards.bid[rules.by_name[c]] for c in ("QS", "AH", "5D", "7C")] == [0, 1, 5, 7]


def test_suit_order_breaks_equal_rank_bids_spade_over_heart():
    # Bids: seat0 2C, seat1 3S, seat2 3H, seat3 QC → sum 8, no rebid; 3S beats 3H on suit.
    rules, deck, s = setup4()
    s = bids_in_seat_order(rules, s, ["2C", "3S", "3H", "QC"], deck)
    assert s.phase == PLAY
    assert s.bids == (2, 3, 3, 0)
    assert rules.cards.suit_ids[s.trump] == "S"
    assert s.leader == 1 and rules.current_seat(s) == 1


def test_trick_won_by_highest_of_led_suit_when_nobody_trumps():
    rules, deck, s = setup4()
    s = bids_in_seat_order(rules, s, ["2C", "3S", "3H", "QC"], deck)  # trump S, seat 1 leads
    log: list[Event] = []
    for c in ["7D", "5D", "2D", "3D"]:  # seat1 7D, seat2 5D, seat3 2D, seat0 3D
        s = play(rules, s, c, deck, log)
    assert s.won == (0, 1, 0, 0) and s.leader == 1
    trick = [e for e in log if e.kind == "trick"]
    assert [(e.seat, e.data["card"], e.data["trick"]) for e in trick] == [(1, "7D", 1)]


def test_lowest_trump_beats_the_led_suit():
    rules, deck, s = setup4()
    s = bids_in_seat_order(rules, s, ["2C", "3S", "3H", "QC"], deck)  # trump S, seat 1 leads
    s = play(rules, s, "6D", deck)   # seat 1
    s = play(rules, s, "4D", deck)   # seat 2
    s = play(rules, s, "AD", deck)   # seat 3
    s = play(rules, s, "QD", deck)   # seat 0 follows
    assert s.won == (0, 1, 0, 0)
    s = play(rules, s, "2S", deck)   # seat 1 leads spades (trump)
    s = play(rules, s, "7C", deck)   # seat 2 has no spade
    s = play(rules, s, "QC", deck)   # seat 3 has no spade
    s = play(rules, s, "4S", deck)   # seat 0: 4S beats 2S
    assert s.won == (1, 1, 0, 0) and s.leader == 0
    # seat 0 leads hearts; seat 1 ... all follow; no trump: 7H wins.
    s = play(rules, s, "2C", deck)   # seat 0 leads 2C
    s = play(rules, s, "AS", deck)   # seat 1 has no club: trumps with AS
    s = play(rules, s, "5C", deck)
    s = play(rules, s, "3C", deck)
    assert s.won == (1, 2, 0, 0) and s.leader == 1


def test_must_follow_suit_is_enforced_before_any_change():
    rules, deck, s = setup4()
    s = bids_in_seat_order(rules, s, ["2C", "3S", "3H", "QC"], deck)
    s = play(rules, s, "7D", deck)  # seat 1 leads diamonds; seat 2 holds 5D 4D
    before = s.as_dict()
    with pytest.raises(IllegalActionError, match=r"play 7C: must follow suit \(D was led\)"):
        play(rules, s, "7C", deck)
    assert s.as_dict() == before
    with pytest.raises(IllegalActionError, match="seat 3 does not hold 7H"):
        play(rules, s, "7H", deck)


def test_sum_equals_seven_forces_rebid_bonus_to_highest_then_unused_cards_only():
    rules, deck, s = setup4()
    log: list[Event] = []
    # 2C + 3S + 2H + QH = 2 + 3 + 2 + 0 = 7
    s = bids_in_seat_order(rules, s, ["2C", "3S", "2H", "QH"], deck, log)
    assert s.phase == BID and s.pass_no == 2 and s.rebids == 1
    assert s.bonus == (0, 1, 0, 0)   # 3S is the highest bid card
    assert s.totals == (0, 1, 0, 0)
    rebid = [e for e in log if e.kind == "rebid"]
    assert [(e.data["trigger"], e.data["card"], e.data["bid_total"]) for e in rebid] == [("sum", "3S", 7)]
    assert [(e.seat, e.data["bonus"]) for e in log if e.kind == "rebid_bonus"] == [(1, 1)]
    # seat 1 may not bid 3S again in this deal
    with pytest.raises(IllegalActionError, match="3S was already used as a bid in this deal"):
        bid(rules, s, "3S", deck)
    legal = {a.text for a in rules.legal_actions(s)}
    assert legal == {"5H", "4H", "7D", "6D", "2S", "AS"}
    s = bids_in_seat_order(rules, s, ["QD", "AS", "5D", "4C"], deck, log)  # 0+1+5+4 = 10
    assert s.phase == PLAY and s.bids == (0, 1, 5, 4)
    assert rules.cards.suit_ids[s.trump] == "D" and s.leader == 2
    assert s.bonus == (0, 1, 0, 0)


def test_sum_trigger_can_be_switched_off():
    rules, deck, s = setup4(overrides=("bidding.rebid.triggers.sum_equals_tricks=false",))
    s = bids_in_seat_order(rules, s, ["2C", "3S", "2H", "QH"], deck)
    assert s.phase == PLAY and s.bonus == (0, 0, 0, 0)


def test_no_bonus_variant_still_forces_the_rebid():
    rules, deck, s = setup4("no-bonus")
    s = bids_in_seat_order(rules, s, ["2C", "3S", "2H", "QH"], deck)
    assert s.phase == BID and s.pass_no == 2 and s.bonus == (0, 0, 0, 0)


# Five players use two decks (64 cards, 35 dealt).
HANDS5 = [
    "7S 7S 2H 2D QC AC 3C",
    "7H 6S 5D 4C AD QH 3H",
    "7D 7C 6H 5S 4S 4H QD",
    "6D 6C 5H 5C 4D 3S 2S",
    "3D 2C AS AH QS 7H 6S",
]


def test_two_decks_identical_highest_forces_rebid_paying_each_holder():
    rules = rules_for()
    deck = stacked(rules, HANDS5)
    s = rules.initial_state(5, rng=deck)
    log: list[Event] = []
    # seats 1 and 4 both hold a 7H and bid it.
    s = bids_in_seat_order(rules, s, ["AC", "7H", "QD", "2S", "7H"], deck, log)   # 1+7+0+2+7 = 17
    assert s.phase == BID and s.pass_no == 2
    assert s.bonus == (0, 1, 0, 0, 1)
    assert [e.data["trigger"] for e in log if e.kind == "rebid"] == ["identical"]
    assert sorted(e.seat for e in log if e.kind == "rebid_bonus") == [1, 4]
    # seat 0 holds two 7S: using one leaves the other usable
    s = bids_in_seat_order(rules, s, ["7S", "QH", "4S", "3S", "QS"], deck, log)    # 7+0+4+3+0 = 14
    assert s.phase == PLAY and s.leader == 0 and rules.cards.suit_ids[s.trump] == "S"


def test_identical_cards_first_played_wins_and_last_wins_option():
    for option, taker in (("first_wins", 4), ("last_wins", 1)):
        rules = rules_for(overrides=(f"tricks.identical={option}",))
        deck = stacked(rules, HANDS5)
        s = rules.initial_state(5, rng=deck)
        # trump C (seat 2's 7C is highest); seat 2 leads.
        s = bids_in_seat_order(rules, s, ["AC", "QH", "7C", "2S", "AS"], deck)   # 1+0+7+2+1 = 11
        assert s.leader == 2 and rules.cards.suit_ids[s.trump] == "C"
        s = play(rules, s, "7D", deck)   # seat 2 leads 7D ... seat 3 6D, seat 4 3D, seat 0 2D, seat 1 5D
        for c in ["6D", "3D", "2D", "5D"]:
            s = play(rules, s, c, deck)
        assert s.leader == 2
        # seat 2 leads 6H: seat 3 5H, seat 4 7H, seat 0 2H, seat 1 7H  → identical 7H from seats 4 and 1
        for c in ["6H", "5H", "7H", "2H", "7H"]:
            s = play(rules, s, c, deck)
        assert s.leader == taker


def test_redeal_when_a_player_runs_out_of_unused_bid_cards_points_kept():
    rules = rules_for()
    first = ["7S 6S 5S 4S 3S 2S AS", "QH AH 2H 3H 4H 5H 6H"]
    second = ["7D 6D 5D 4D 3D 2D AD", "7C 6C 5C 4C 3C 2C AC"]
    deck = stacked(rules, first, second)
    s = rules.initial_state(2, rng=deck)
    log: list[Event] = []
    # seven passes, each summing to 7: (7S,QH) (6S,AH) (5S,2H) (4S,3H) (3S,4H) (2S,5H) (AS,6H)
    pairs = [("7S", "QH"), ("6S", "AH"), ("5S", "2H"), ("4S", "3H"), ("3S", "4H"), ("2S", "5H"), ("AS", "6H")]
    for k, (a, b) in enumerate(pairs):
        assert s.deal_no == 1 and s.pass_no == k + 1
        s = bids_in_seat_order(rules, s, [a, b], deck, log)
    assert s.deal_no == 2 and s.pass_no == 1 and s.phase == BID
    assert s.bonus == (4, 3) and s.totals == (4, 3)   # highest: seat0 for 7..4, seat1 for 4H, 5H, 6H
    assert s.rebids == 7 and s.used == ((), ())
    assert s.hands[0] == cards(rules, "7D 6D 5D 4D 3D 2D AD")
    assert [(e.data["deal_no"], e.data["pass_no"]) for e in log if e.kind == "redeal"] == [(2, 7)]
    s = bids_in_seat_order(rules, s, ["AD", "AC"], deck, log)   # 1 + 1 = 2
    assert s.phase == PLAY and s.leader == 0 and s.bonus == (4, 3)


@pytest.mark.parametrize(("bid_", "took", "score"), [(3, 3, 5), (0, 0, 2), (7, 7, 9), (2, 5, -3), (4, 1, -3), (0, 2, -2)])
def test_round_score_exact_is_bid_plus_two_miss_loses_the_difference(bid_, took, score):
    assert rules_for().round_score(bid_, took) == score


def test_round_end_scores_totals_and_next_round_dealer():
    rules = rules_for()
    # Round 1, 2 players: seat0 all spades 7..A, seat1 all hearts; trump follows the highest bid.
    deck = stacked(rules, ["7S 6S 5S 4S 3S 2S AS", "7H 6H 5H 4H 3H 2H AH"], ["7S 6S 5S 4S 3S 2S AS", "7H 6H 5H 4H 3H 2H AH"])
    s = rules.initial_state(2, rng=deck)
    log: list[Event] = []
    s = bids_in_seat_order(rules, s, ["7S", "2H"], deck, log)   # 9, no rebid; trump S; seat 0 leads
    assert s.leader == 0
    # seat 0 leads spades (trump) each trick; seat 1 cannot follow: seat 0 takes all 7.
    hand0 = ["7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    hand1 = ["7H", "6H", "5H", "4H", "3H", "2H", "AH"]
    for a, b in zip(hand0, hand1, strict=True):
        s = play(rules, s, a, deck, log)
        s = play(rules, s, b, deck, log)
    ends = [e for e in log if e.kind == "round_end"]
    assert [(e.seat, e.data["bid"], e.data["tricks"], e.data["round_score"], e.data["total"]) for e in ends] == [
        (0, 7, 7, 9, 9), (1, 2, 0, -2, -2)]
    assert s.round == 1 and s.dealer == 1 and s.points == (9, -2) and s.round_scores == ((9, -2),)


def test_hook_forbids_the_last_bid_that_makes_the_total_seven():
    rules = rules_for("hook")
    deck = stacked(rules, HANDS4)
    s = rules.initial_state(4, rng=deck)
    view = rules.view(s, 2)
    assert view.open_bids == ()
    s = bid(rules, s, "3S", deck)     # seat 1
    assert rules.view(s, 2).open_bids == ((1, rules.by_name["3S"]),)
    s = bid(rules, s, "2H", deck)     # seat 2
    s = bid(rules, s, "AH", deck)     # seat 3: total 6 → seat 0 may not bid 1 (AC)
    assert "AC" not in {a.text for a in rules.legal_actions(s)}
    with pytest.raises(IllegalActionError, match="hook: the last bidder may not bring the total to 7"):
        bid(rules, s, "AC", deck)
    s = bid(rules, s, "2C", deck)
    assert s.phase == PLAY and s.bids == (2, 3, 2, 1)


def test_simultaneous_views_hide_pending_bids_and_other_hands():
    rules, deck, s = setup4()
    s = bid(rules, s, "3S", deck)   # seat 1 has chosen, not revealed
    v = rules.view(s, 2)
    assert v.open_bids == () and v.passes == () and v.bids == ()
    assert v.hand == s.hands[2]
    others = {s.hands[i] for i in (0, 1, 3)}
    assert not any(getattr(v, f) in others for f in v.FIELDS)


def test_apply_does_not_mutate_its_input_and_rejects_wrong_phase():
    rules, deck, s = setup4()
    before = s.as_dict()
    s2 = bid(rules, s, "3S", deck)
    assert s.as_dict() == before and s2 is not s
    with pytest.raises(IllegalActionError, match="must bid now, not play a card"):
        play(rules, s, "3S", deck)


HOOK5_LAST_ALL_SEVENS = [
    "7S 7S 7H 7H 7D 7D 7C",    # seat 0, the dealer: bids last
    "QS AS 2S 3S 4S 5S 6S",
    "QH AH 2H 3H 4H 5H 6H",
    "QD AD 2D 3D 4D 5D 6D",
    "QC AC 2C 3C 4C 5C 6C",
]


@pytest.mark.parametrize("last", ["7S", "7H", "7D", "7C"])
def test_hook_last_bidder_whose_every_card_makes_seven_may_bid_any_of_them(last: str):
    # Two decks (5 players), four bids of Q: every unused card of the last bidder makes the total
    # 7. The hook cannot be kept, so each of them is legal and the sum trigger forces a rebid
    # (this used to deadlock: legal_actions offered four cards that apply rejected).
    rules = rules_for("hook")
    deck = stacked(rules, HOOK5_LAST_ALL_SEVENS)
    s = rules.initial_state(5, rng=deck)
    for card in ("QS", "QH", "QD", "QC"):
        s = bid(rules, s, card, deck)
    assert rules.current_seat(s) == 0
    assert sorted(a.text for a in rules.legal_actions(s)) == ["7C", "7D", "7H", "7S"]
    assert rules.why_illegal(s, rules.bid_actions[rules.by_name[last]]) is None
    log: list[Event] = []
    s = bid(rules, s, last, deck, log)
    assert s.phase == BID and s.rebids == 1 and s.pass_no == 2
    assert [e.data["trigger"] for e in log if e.kind == "rebid"] == ["sum"]


def test_hook_every_legal_last_bid_is_accepted():
    # The same position, but the last bidder also holds a card that keeps the hook: only it is legal.
    rules = rules_for("hook")
    hands = ["7S 7S 7H 7H 7D 6D 7C", *HOOK5_LAST_ALL_SEVENS[1:4], "QC AC 2C 3C 4C 5C 7D"]
    deck = stacked(rules, hands)
    s = rules.initial_state(5, rng=deck)
    for card in ("QS", "QH", "QD", "QC"):
        s = bid(rules, s, card, deck)
    assert [a.text for a in rules.legal_actions(s)] == ["6D"]
    with pytest.raises(IllegalActionError, match="hook: the last bidder may not bring the total to 7"):
        bid(rules, s, "7H", deck)
    assert bid(rules, s, "6D", deck).phase == PLAY


@pytest.mark.parametrize("keep_points", ["true", "false"])
def test_score_floors_rebid_bonus_always_rounds_only_without_a_negative_scoring_setting(keep_points):
    """GameSpec.score_floors: the rebid bonus only ever gains (a redeal without keep_points takes
    back only the round's own bonuses); rounds, and so the total, lose points on a missed bid
    (miss_per_trick −1), so they have a floor only when no scoring setting is negative. Random
    games under each stay at or above what is declared, redeals and all."""
    from playtest import rng
    from playtest.core.results import floor_problem
    from playtest.games.ohseven.bots import make_bot
    from playtest.games.ohseven.rules import score_floors
    from playtest.sim.runner import play_game

    for overrides, declared in (((), {"rebid_bonus": 0}),
                                (("scoring.miss_per_trick=0",), {"rebid_bonus": 0, "rounds": 0, "total": 0}),
                                (("scoring.miss_per_trick=1", "scoring.exact_bonus=0"),
                                 {"rebid_bonus": 0, "rounds": 0, "total": 0}),
                                (("scoring.miss_per_trick=0", "scoring.exact_per_bid=-1"), {"rebid_bonus": 0})):
        rules = rules_for("base", (*overrides, f"bidding.redeal.keep_points={keep_points}"))
        assert score_floors(rules.variant) == declared, overrides
        for seed in range(6):
            played = play_game(rules, [make_bot("random", rules, s) for s in range(4)], n_players=4,
                               deal_rng=rng.stream(seed, 0, rng.DEAL),
                               bot_rngs=[rng.stream(seed, 0, rng.bot_stream(s)) for s in range(4)])
            assert floor_problem(played.result, declared) is None, (overrides, seed)
