"""Property tests over random legal play at every player count (kept fast: few examples)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.events import Event
from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import BID, PLAY, Bid, Play, State

from .helpers import rules_for

RULES = {name: rules_for(name) for name in ("base", "hook", "no-bonus")}


def check_cards(rules: OhSevenRules, s: State) -> None:
    """Every card is in exactly one place: a hand, the stock, the current trick or played."""
    where = Counter(s.stock) + Counter(s.trick) + Counter(s.played)
    for hand in s.hands:
        where += Counter(hand)
    assert where == Counter(rules.deck(s.n))


def play_checked(rules: OhSevenRules, n: int, seed: int) -> tuple[State, list[Event]]:
    deal_rng, pick = random.Random(seed), random.Random(seed + 1)
    s = rules.initial_state(n, rng=deal_rng)
    log: list[Event] = []
    steps = 0
    ns = rules.n_suits
    while s.phase != 2:
        steps += 1
        assert steps < 5000, "the match must end"
        check_cards(rules, s)
        seat = rules.current_seat(s)
        legal = rules.legal_actions(s)
        assert legal
        if s.phase == BID:
            unused = Counter(s.hands[seat]) - Counter(s.used[seat])
            assert all(isinstance(a, Bid) and unused[a.card] > 0 for a in legal)
        else:
            assert all(isinstance(a, Play) and a.card in s.hands[seat] for a in legal)
            if s.trick:
                led = s.trick[0] % ns
                if any(c % ns == led for c in s.hands[seat]):
                    assert all(a.card % ns == led for a in legal)
        before = s.as_dict()
        action = pick.choice(legal)
        nxt = rules.apply(s, action, rng=deal_rng, log=log)
        assert s.as_dict() == before, "apply must not mutate its input"
        s = nxt
    return s, log


@settings(max_examples=4, deadline=None)
@given(n=st.integers(2, 9), seed=st.integers(0, 2**32), variant=st.sampled_from(sorted(RULES)))
def test_random_legal_play_keeps_every_invariant(n: int, seed: int, variant: str) -> None:
    rules = RULES[variant]
    s, log = play_checked(rules, n, seed)
    # seven rounds of seven tricks
    assert len(s.round_scores) == 7
    tricks = Counter(e.round for e in log if e.kind == "trick")
    assert tricks == {r: 7 for r in range(1, 8)}
    assert all(sum(e.data["tricks"] for e in log if e.kind == "round_end" and e.round == r) == 7 for r in range(1, 8))
    # totals are the sum of the round scores plus the rebid bonuses
    bonus = Counter()
    for e in log:
        if e.kind == "rebid_bonus":
            bonus[e.seat] += e.data["bonus"]
    for i in range(n):
        assert s.points[i] == sum(r[i] for r in s.round_scores)
        assert s.bonus[i] == bonus[i]
        assert rules.totals(s)[i] == s.points[i] + s.bonus[i]
    res = rules.result(s)
    assert [sr.total for sr in res.seats] == [float(t) for t in rules.totals(s)]
    assert abs(sum(sr.win_share for sr in res.seats) - 1.0) < 1e-9
    assert res.rounds == 7
    # every bid card came from the bidder's hand and was not reused in the same deal
    seen: dict[tuple[int, int, int], Counter] = {}
    for e in log:
        if e.kind == "bid":
            key = (e.round, e.data["deal_no"], e.seat)
            seen.setdefault(key, Counter())[e.data["card"]] += 1
    for counter in seen.values():
        assert sum(counter.values()) <= 7
    if variant == "hook":
        assert not any(e.kind == "rebid" and "sum" in e.data["trigger"] for e in log)


@settings(max_examples=8, deadline=None)
@given(n=st.integers(2, 9), seed=st.integers(0, 2**32))
def test_same_seed_same_events(n: int, seed: int) -> None:
    rules = RULES["base"]
    assert play_checked(rules, n, seed)[1] == play_checked(rules, n, seed)[1]


def test_views_never_hold_another_hand_at_any_count() -> None:
    rules = RULES["base"]
    for n in range(2, 10):
        s = rules.initial_state(n, rng=random.Random(n))
        pick = random.Random(0)
        while s.phase != 2:
            for seat in range(n):
                v = rules.view(s, seat)
                others = {s.hands[i] for i in range(n) if i != seat and s.hands[i] != s.hands[seat] and len(s.hands[i]) > 2}
                assert not any(getattr(v, f) in others for f in v.FIELDS)
                if s.phase == BID:
                    assert v.open_bids == ()
            s = rules.apply(s, pick.choice(rules.legal_actions(s)), rng=random.Random(1))
        assert s.phase != PLAY
