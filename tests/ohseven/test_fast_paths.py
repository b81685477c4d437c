"""The speed paths of the Oh-Seven engine give exactly what the plain code gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playtest.core.events import Event, make_event
from playtest.games.ohseven.bots import _choice
from playtest.games.ohseven.rules import _shuffle
from playtest.games.ohseven.state import Play

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


PINNED = Path(__file__).resolve().parent / "data" / "pinned_matches.txt"
"""One line per match: bot (every seat), variant, players, match number → each seat's total,
the winning seats and the number of decisions. The random-bot lines are the 80 matches whose
digest pinned the engine before it was rewritten for speed and mypyc (the digest and these lines
were checked equal when the lines were written); the other bots' lines were recorded after the
hook fix (issue 11). Random draws are integer-only (getrandbits): the same on every supported
Python, compiled or not."""


def _pinned_lines() -> list[str]:
    from playtest.games import get_game
    from playtest.sim.runner import play_game

    spec = get_game("ohseven")
    lines = []
    cases = [("random", name, n, g) for name in ("base", "hook") for n in (3, 4, 5, 8) for g in range(10)]
    cases += [(bot, name, n, g) for bot in spec.bot_names if bot != "random"
              for name, n in (("base", 4), ("hook", 5), ("no-bonus", 9)) for g in range(4)]
    rules = {name: rules_for(name) for name in ("base", "hook", "no-bonus")}
    for bot, name, n, g in cases:
        bots = [spec.make_bot(bot, rules[name], s) for s in range(n)]
        played = play_game(rules[name], bots, n_players=n, deal_rng=random.Random(g),
                           bot_rngs=[random.Random(100 * g + s) for s in range(n)])
        seats = played.result.seats
        totals = " ".join(f"{s.total:g}" for s in seats)
        winners = " ".join(str(s.seat + 1) for s in seats if s.rank == 1)
        lines.append(f"{bot} {name} {n}p #{g}: totals {totals} | won {winners} | {played.decisions} decisions")
    return lines


def test_pinned_matches_are_played_as_recorded() -> None:
    """Same seeds, same matches, for every bot kind: a readable diff names the match that moved."""
    assert _pinned_lines() == PINNED.read_text(encoding="utf-8").splitlines()
