"""The speed paths of the Oh-Seven engine give exactly what the plain code gives."""

from __future__ import annotations

import random

import pytest

from playtest.core.events import Event, make_event
from playtest.games.ohseven.bots import _choice
from playtest.games.ohseven.rules import Play, _shuffle

from .helpers import rules_for


@pytest.mark.parametrize("size", [0, 1, 2, 28, 49, 56, 126])
def test_inlined_shuffle_makes_the_same_draws_as_random_shuffle(size: int) -> None:
    for seed in range(40):
        a, b = list(range(size)), list(range(size))
        ra, rb = random.Random(seed), random.Random(seed)
        ra.shuffle(a)
        _shuffle(b, rb.getrandbits)
        assert a == b
        assert ra.random() == rb.random()  # the streams are left in the same place


@pytest.mark.parametrize("size", [1, 2, 3, 7, 8, 9, 31, 32, 33, 56])
def test_inlined_choice_makes_the_same_draws_as_random_choice(size: int) -> None:
    seq = [Play(c, str(c)) for c in range(size)]
    for seed in range(40):
        ra, rb = random.Random(seed), random.Random(seed)
        for _ in range(20):
            assert _choice(seq, rb) is ra.choice(seq)
        assert ra.random() == rb.random()  # the streams are left in the same place


def test_make_event_is_an_ordinary_event() -> None:
    e = make_event(("play", 1, 2, 3, {"card": "7S"}))
    assert type(e) is Event
    assert e == Event("play", 1, 2, 3, {"card": "7S"})
    assert (e.kind, e.round, e.turn, e.seat, e.data) == ("play", 1, 2, 3, {"card": "7S"})


@pytest.mark.parametrize("n", range(2, 10))
def test_legal_actions_match_the_rule_at_every_count(n: int) -> None:
    """Legal plays are the distinct cards of the hand (led suit only when the seat holds it), in
    hand order; legal bids the distinct unused cards."""
    rules = rules_for("base")
    ns = rules.n_suits
    s = rules.initial_state(n, rng=random.Random(n))
    pick = random.Random(n + 1)
    while not rules.is_terminal(s):
        seat = rules.current_seat(s)
        hand = s.hands[seat]
        legal = rules.legal_actions(s)
        if s.phase == 1:
            cards = list(hand)
            if s.trick and any(c % ns == s.trick[0] % ns for c in hand):
                cards = [c for c in hand if c % ns == s.trick[0] % ns]
        else:
            cards = list(hand)
            for c in s.used[seat]:
                cards.remove(c)
        assert [a.card for a in legal] == list(dict.fromkeys(cards))
        s = rules.apply(s, pick.choice(legal), rng=random.Random(0))


GOLDEN_RANDOM_MATCHES = "938076475cbb25b030fb7fc71b61c4f348251ec902c15c9ca995238228d20e30"
"""Digest of 80 random-bot matches (below) as the engine played them before it was rewritten for
speed and for mypyc. Random bots only: their draws are integer-only (getrandbits), the same on
every supported Python, compiled or not."""


def test_random_matches_are_played_exactly_as_before_the_speed_work() -> None:
    import hashlib

    from playtest.games import get_game
    from playtest.sim.runner import play_game

    spec = get_game("ohseven")
    digest = hashlib.sha256()
    for name in ("base", "hook"):
        rules = rules_for(name)
        for n in (3, 4, 5, 8):
            for g in range(10):
                bots = [spec.make_bot("random", rules, s) for s in range(n)]
                played = play_game(rules, bots, n_players=n, deal_rng=random.Random(g),
                                   bot_rngs=[random.Random(100 * g + s) for s in range(n)])
                events = [(e.kind, e.round, e.turn, e.seat, sorted(e.data.items())) for e in played.events]
                seats = [(s.total, s.rank, s.win_share, sorted(s.components.items()), sorted(s.stats.items()))
                         for s in played.result.seats]
                digest.update(repr((events, seats, played.result.rounds, played.result.turns,
                                    played.decisions)).encode())
    assert digest.hexdigest() == GOLDEN_RANDOM_MATCHES
