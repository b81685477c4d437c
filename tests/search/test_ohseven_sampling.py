"""Oh-Seven's sample_state: every sample agrees with the view and never contradicts it (voids,
known bid cards, hand sizes, the deck's copies); it is a function of the view alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import BID, OVER, PLAY, State, View
from tests.search.helpers import ohseven_rules

CASES = [("base", 4), ("base", 3), ("base", 5), ("base", 2), ("hook", 4), ("hook", 6)]


def view_fields(v: View) -> dict[str, object]:
    out = {f: getattr(v, f) for f in v.FIELDS if f != "public"}
    out |= {f: getattr(v, f) for f in ("n", "round", "dealer", "passes", "bids", "bid_cards", "trump", "scores")}
    return out


class Truth:
    """Follows a real match and records, independently of the sampler, what each seat has
    shown: its voids and the cards it played in the current round."""

    def __init__(self, rules: OhSevenRules, state: State) -> None:
        self.rules = rules
        self.new_round(state)

    def new_round(self, state: State) -> None:
        self.round = state.round
        self.void: list[set[int]] = [set() for _ in range(state.n)]
        self.played: list[Counter[int]] = [Counter() for _ in range(state.n)]

    def step(self, state: State, action: object, after: State) -> None:
        if state.phase == PLAY:
            seat, card, ns = state.seat, action.card, self.rules.n_suits  # type: ignore[attr-defined]
            if state.trick and card % ns != state.trick[0] % ns:
                self.void[seat].add(state.trick[0] % ns)
            self.played[seat][card] += 1
        if after.round != self.round or after.r.deal_no != state.r.deal_no:
            self.new_round(after)

    def known_in_hand(self, state: State, seat: int) -> Counter[int]:
        """Bid cards revealed this deal (and in-turn bids of this pass) not played since."""
        shown = Counter(state.r.used[seat])
        if self.rules.in_turn and state.phase == BID:
            for who, card in zip(state.r.order, state.pending, strict=False):
                if who == seat:
                    shown[card] += 1
        return shown - self.played[seat]


def positions(rules: OhSevenRules, n: int, seed: int, every: int):
    """(true state, truth) at every `every`-th decision of a random-and-heuristic match."""
    from playtest.games.ohseven.bots import HeuristicBot, RandomBot

    rng = random.Random(seed)
    state = rules.initial_state(n, rng=rng)
    truth = Truth(rules, state)
    bots = [HeuristicBot(rules) if (seat + seed) % 2 else RandomBot() for seat in range(n)]
    k = 0
    while state.phase != OVER:
        if k % every == 0:
            yield state, truth
        seat = state.seat
        action = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), rng=rng)
        after = rules.apply(state, action, rng=rng)
        truth.step(state, action, after)
        state = after
        k += 1


@pytest.mark.parametrize(("variant", "n"), CASES)
def test_samples_never_contradict_the_view(variant: str, n: int) -> None:
    rules = OhSevenRules(_variant(variant))
    checked = voids_seen = known_seen = 0
    for seed in range(3):
        for state, truth in positions(rules, n, seed, every=5):
            me = state.seat
            view = rules.view(state, me)
            for k in range(4):
                s = rules.sample_state(view, rng=random.Random(k))
                # The seat cannot tell the sample from the truth...
                assert view_fields(rules.view(s, me)) == view_fields(view)
                assert (s.phase, s.seat, s.trick_no, s.r.trump, s.r.bids) == (
                    state.phase, state.seat, state.trick_no, state.r.trump, state.r.bids)
                # ...and every card is somewhere, as often as the deck holds it.
                every = Counter(s.r.stock) + Counter(s.played) + Counter(s.trick)
                for hand in s.hands:
                    every += Counter(hand)
                assert every == Counter(rules.deck(n))
                for seat in range(n):
                    hand = s.hands[seat]
                    assert len(hand) == len(state.hands[seat])
                    assert list(hand) == sorted(hand, reverse=True)
                    assert not any(c % rules.n_suits in truth.void[seat] for c in hand), (seat, truth.void[seat], hand)
                    assert not truth.known_in_hand(state, seat) - Counter(hand)
                    voids_seen += bool(truth.void[seat])
                    known_seen += bool(truth.known_in_hand(state, seat))
                assert len(s.pending) == len(state.pending)
                if rules.in_turn:
                    assert s.pending == state.pending
                for who, card in zip(s.r.order, s.pending, strict=False):
                    assert card in s.hands[who]
                checked += 1
                # The sample is a position the rules accept: play it out.
                rng = random.Random(k)
                while s.phase != OVER and s.round == state.round:
                    legal = rules.legal_actions(s)
                    s = rules.apply(s, legal[rng.randrange(len(legal))], rng=rng)
    assert checked > 100 and voids_seen > 20 and known_seen > 20


def _variant(name: str):
    from playtest.variants import load_variant
    from tests.search.helpers import ROOT

    return load_variant(ROOT / f"variants/ohseven/{name}.yaml").model


@pytest.mark.parametrize(("variant", "n"), [("base", 4), ("base", 5), ("hook", 5)])
def test_the_sample_depends_on_the_view_alone(variant: str, n: int) -> None:
    """Reshuffle every card the seat cannot see (other hands and the stock): same view, same
    sample for the same rng. Also with two decks (5 players: the stock holds copies of the cards
    in hand) and with the hook (bids shown as they are made)."""
    rules = OhSevenRules(_variant(variant))
    for state, _ in positions(rules, n, 11, every=3):
        me = state.seat
        other = reshuffled(rules, state, me, random.Random(5))
        assert other.hands != state.hands or state.phase == PLAY and state.trick_no >= 6
        a = rules.sample_state(rules.view(state, me), rng=random.Random(1))
        b = rules.sample_state(rules.view(other, me), rng=random.Random(1))
        assert a == b


def reshuffled(rules: OhSevenRules, state: State, me: int, rng: random.Random) -> State:
    """`state` with the other seats' hands and the stock dealt anew (sizes kept)."""
    pool = [c for seat, hand in enumerate(state.hands) if seat != me for c in hand] + list(state.r.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    k = 0
    for seat, hand in enumerate(state.hands):
        if seat != me:
            hands[seat] = tuple(sorted(pool[k:k + len(hand)], reverse=True))
            k += len(hand)
    s = state._clone()
    s.hands = tuple(hands)
    r = state.r._clone()
    r.stock = tuple(pool[k:])
    r.public = state.r.public
    s.r = r
    return s


@pytest.mark.parametrize("name", ["ismcts:30", "ismcts:30:depth=6", "mcts:30", "heuristic", "random"])
def test_decisions_do_not_change_when_unseen_cards_are_reshuffled(name: str) -> None:
    from playtest.core.bots import make_bot
    from playtest.games import get_game

    rules = ohseven_rules()
    spec = get_game("ohseven")
    for state, _ in positions(rules, 4, 21, every=9):
        me = state.seat
        legal = rules.legal_actions(state)
        other = reshuffled(rules, state, me, random.Random(3))
        assert rules.legal_actions(other) == legal
        a = make_bot(spec, name, rules, me).choose(rules.view(state, me), legal, rng=random.Random(8))
        b = make_bot(spec, name, rules, me).choose(rules.view(other, me), legal, rng=random.Random(8))
        assert a == b
