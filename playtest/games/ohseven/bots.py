"""Oh-Seven bots: random, heuristic, and scripted knob settings of the heuristic (bots.yaml).

Bots see only the View (own hand, revealed bids, played cards, scores); their randomness comes
only from the `rng` passed to `choose`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from playtest.core.draws import randbelow
from playtest.errors import UsageError
from playtest.games.ohseven.knobs import Knobs, bot_names, scripted_bots
from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import BID, TRUMP_KEY, Action, View


class RandomBot:
    """Uniform over the legal actions."""

    stochastic = True

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: View, legal: Sequence[Action], *, rng: random.Random) -> Action:
        return legal[0] if len(legal) == 1 else _choice(legal, rng)


def _choice(seq: Sequence[Action], rng: random.Random) -> Action:
    """``rng.choice(seq)``, the same draw (see `randbelow`)."""
    return seq[randbelow(rng, len(seq))]


@cache
def _default_knobs() -> Knobs:
    return Knobs()


class _Tables:
    """Per-card numbers the heuristic bot needs at one player count (pure functions of the deck
    shape; shared by every bot of a process). Values are computed with exactly the expressions
    the bot used per decision, so its choices are unchanged."""

    __slots__ = ("side", "trump", "gain", "p_high", "p_low")

    def __init__(self, n_ranks: int, n_suits: int, n: int) -> None:
        top, s, n_cards = n_ranks, n_suits, n_ranks * n_suits
        self.side = [((c // s + 1) / top) ** (2 * (n - 1)) * 0.85 ** (n - 2) for c in range(n_cards)]
        """Rough chance that each card int takes a trick at `n` players as a side card..."""
        self.trump = [max(((c // s + 1) / top) ** (n - 1), 0.3) for c in range(n_cards)]
        """...and as trump."""
        self.gain = [self.trump[c] - self.side[c] for c in range(n_cards)]
        self.p_high = [((c + 1) / n_cards) ** (n - 1) for c in range(n_cards)]
        """Chance that bidding card c makes this seat the highest bidder (so c's suit is trump)."""
        self.p_low = [1 - p for p in self.p_high]


@cache
def _tables(n_ranks: int, n_suits: int, n: int) -> _Tables:
    return _Tables(n_ranks, n_suits, n)


@cache
def _play_keys(n_ranks: int, n_suits: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every (trump, led suit) pair, at index ``(trump + 1) * (n_suits + 1) + led + 1``
    (either may be -1: no trump, leading), per card int, ints that order like the bot's tuple
    keys (ties stay ties): beat: strength in this trick (trump above the led suit, other suits
    -1); low: (is trump, rank); shed: (is not trump, rank); high: (rank, is trump)."""
    s, cards = n_suits, range(n_ranks * n_suits)
    out = []
    for trump in range(-1, s):
        for led in range(-1, s):
            beat = tuple(c + TRUMP_KEY if c % s == trump else (c if c % s == led else -1) for c in cards)
            low = tuple((c % s == trump) * n_ranks + c // s for c in cards)
            shed = tuple((c % s != trump) * n_ranks + c // s for c in cards)
            high = tuple((c // s) * 2 + (c % s == trump) for c in cards)
            out.append((beat, low, shed, high))
    return tuple(out)


def _first_max(legal: Sequence[Action], key: tuple[int, ...]) -> Action:
    """The first action of `legal` whose card has the largest key."""
    best, best_key = legal[0], key[legal[0].card]
    for a in legal:
        k = key[a.card]
        if k > best_key:
            best, best_key = a, k
    return best


def _first_min(legal: Sequence[Action], key: tuple[int, ...]) -> Action:
    """The first action of `legal` whose card has the smallest key."""
    best, best_key = legal[0], key[legal[0].card]
    for a in legal:
        k = key[a.card]
        if k < best_key:
            best, best_key = a, k
    return best


class HeuristicBot:
    """Bids the card whose value is closest to the tricks it expects (counting that its bid
    card sets trump if it is the highest), then plays to make the bid exactly."""

    stochastic = False

    def __init__(self, rules: OhSevenRules, knobs: Knobs | None = None, name: str = "heuristic") -> None:
        self.name = name
        self.knobs = k = knobs or _default_knobs()
        self.n_suits = rules.n_suits
        self.n_ranks = rules.n_ranks
        self.n_cards = rules.n_suits * rules.n_ranks
        self.tricks = rules.hand_size
        # The knobs read per decision, as plain attributes (a pydantic model's are dict lookups).
        self._greedy = k.play == "greedy"
        self._bonus_hunt = k.bonus_hunt
        self._bonus_min_bid = k.bonus_min_bid
        self._offset = k.bid_offset
        self._keys = _play_keys(self.n_ranks, self.n_suits)

    # --- bidding ----------------------------------------------------------------------------

    def _bid(self, view: View, legal: Sequence[Action]) -> Action:
        cards = view.cards
        s = self.n_suits
        if self._bonus_hunt:
            best = legal[0]  # the highest card (legal bids are distinct cards)
            for a in legal:
                if a.card > best.card:
                    best = a
            if cards.bid[best.card] >= self._bonus_min_bid:
                return best
        t = _tables(self.n_ranks, s, view.n)
        hand = view.hand
        # Float sums stay builtin sum() over a map: the same additions, in the same order, as
        # before, whatever the Python version's sum() does with floats.
        base = sum(map(t.side.__getitem__, hand))
        by_trump = [base] * s
        gain = t.gain
        for c in hand:
            by_trump[c % s] += gain[c]
        unknown = sum(by_trump) / s
        p_high, p_low, bidv, offset = t.p_high, t.p_low, cards.bid, self._offset
        best_action, best_err = legal[0], 1e9
        for a in legal:
            c = a.card
            err = abs(bidv[c] - (p_high[c] * by_trump[c % s] + p_low[c] * unknown + offset))
            if err < best_err - 1e-9:
                best_action, best_err = a, err
        return best_action

    # --- play -------------------------------------------------------------------------------

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        # Same choices as min/max over tuple keys of the actions (the first extreme in legal
        # order wins ties), on per-card int keys (_play_keys).
        seat, trick, s = view.seat, view.trick, self.n_suits
        take = view.bids[seat] - view.won[seat] > 0 or self._greedy
        led = trick[0] % s if trick else -1
        beat, low, shed, high = self._keys[(view.trump + 1) * (s + 1) + led + 1]
        if not trick:
            return _first_max(legal, high) if take else _first_min(legal, low)
        best = -1
        for x in trick:  # first of identical cards wins: to win, strictly greater
            if beat[x] > best:
                best = beat[x]
        # The weakest winning card and the loser to shed, each the first in legal order.
        win: Action | None = None
        win_v = 0
        lose: Action | None = None
        lose_k = -1
        for a in legal:
            v = beat[a.card]
            if v > best:
                if win is None or v < win_v:
                    win, win_v = a, v
            elif shed[a.card] > lose_k:
                lose, lose_k = a, shed[a.card]
        if take:
            return win if win is not None else _first_min(legal, low)
        if lose is not None:
            return lose
        assert win is not None
        return win

    def choose(self, view: View, legal: Sequence[Action], *, rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == BID:
            return self._bid(view, legal)
        return self._play(view, legal)


def make_bot(spec: str, rules: OhSevenRules, seat: int) -> RandomBot | HeuristicBot:
    """'random', 'heuristic' or 'scripted:NAME' → a fresh bot. Unknown → UsageError."""
    name = spec.strip()
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot(rules)
    if name.startswith("scripted:"):
        knobs = scripted_bots().get(name.partition(":")[2])
        if knobs is not None:
            return HeuristicBot(rules, knobs, name)
    raise UsageError(f"unknown bot {spec!r} for ohseven (valid: {', '.join(bot_names())})")
