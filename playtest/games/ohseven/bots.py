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
        self._use_trump = rules.use_trump
        self._asked: tuple[View, Sequence[Action]] | None = None
        """The last decision's view and legal actions, kept for `explain` (references only)."""

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
        by_trump, unknown = self._estimates(view, t)
        p_high, p_low = self._chances(view, t)
        bidv, offset = cards.bid, self._offset
        best_action, best_err = legal[0], 1e9
        for a in legal:
            c = a.card
            err = abs(bidv[c] - (p_high[c] * by_trump[c % s] + p_low[c] * unknown + offset))
            if err < best_err - 1e-9:
                best_action, best_err = a, err
        return best_action

    def _chances(self, view: View, t: _Tables) -> tuple[list[float], list[float]]:
        """Per card, the chance that bidding it makes this seat the highest bidder (its suit trump)
        and the chance it does not. Bidding in turn (`view.open_bids`), the bids already made are
        known: a card at or below the highest of them cannot be the highest bid (an identical one
        is no outright highest), and only the bidders still to come can beat one above it; the
        bot read the prior for every other seat, and its hint gave a last bidder's certain
        highest bid as '42% likely' (h173, hook.yaml)."""
        if not view.open_bids:
            return t.p_high, t.p_low
        top = max(card for _, card in view.open_bids)
        to_come = view.n - 1 - len(view.open_bids)
        n_cards = len(t.p_high)
        p_high = [0.0 if c <= top else ((c + 1) / n_cards) ** to_come for c in range(n_cards)]
        return p_high, [1 - p for p in p_high]

    def _estimates(self, view: View, t: _Tables) -> tuple[list[float], float]:
        """The tricks the hand is expected to take with each suit as trump, and their mean (the
        trump unknown)."""
        s, hand = self.n_suits, view.hand
        # Float sums stay builtin sum() over a map: the same additions, in the same order, as
        # before, whatever the Python version's sum() does with floats.
        base = sum(map(t.side.__getitem__, hand))
        by_trump = [base] * s
        gain = t.gain
        for c in hand:
            by_trump[c % s] += gain[c]
        return by_trump, sum(by_trump) / s

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
        self._asked = view, legal
        if len(legal) == 1:
            return legal[0]
        if view.phase == BID:
            return self._bid(view, legal)
        return self._play(view, legal)

    # --- why (for `playtest play`'s hint) ----------------------------------------------------

    def explain(self) -> str:
        """Why the last choice, in a sentence addressed to the seat's player (the hint of `playtest
        play`): the tricks the hand should take and the bid nearest them; in play, the tricks the
        bid still needs and why this card (win the trick with the weakest card that can, duck
        under it, or neither is possible). Worked out again here from the view `choose` kept: the
        simulations never ask, so `choose` computes nothing for it (keeping the view: see
        `_asked`)."""
        if self._asked is None:
            return ""
        view, legal = self._asked
        if len(legal) == 1:
            return "the only legal move"
        if view.phase == BID:
            return self._why_bid(view, legal)
        return self._why_play(view, legal)

    def _why_bid(self, view: View, legal: Sequence[Action]) -> str:
        cards, s = view.cards, self.n_suits
        card = self._bid(view, legal).card
        name, bid = cards.names[card], cards.bid[card]
        if self._bonus_hunt and card == max(a.card for a in legal) and bid >= self._bonus_min_bid:
            return (f"{name} is your highest card ({bid}): as the highest bidder you would get the bonus "
                    "a forced rebid pays")
        t = _tables(self.n_ranks, s, view.n)
        by_trump, unknown = self._estimates(view, t)
        p_high, p_low = self._chances(view, t)
        expected = p_high[card] * by_trump[card % s] + p_low[card] * unknown
        said = f"your hand should take about {expected:.1f} tricks"
        if self._use_trump:
            chance = p_high[card]
            if view.open_bids and chance == 0:  # bid in turn: a card at or below one already bid
                top = max(c for _, c in view.open_bids)
                likely = f"impossible: {cards.names[top]} is already bid"
            else:
                likely = f"{'under 1%' if chance < 0.005 else f'{chance:.0%}'} likely"
            said += (f": {by_trump[card % s]:.1f} if {cards.suit_ids[card % s]} is trump (it is if {name} is the "
                     f"highest bid, {likely}), "
                     f"{unknown:.1f} on average over the trumps otherwise")
        if self._offset:
            said += f"; with this bot's bid offset, {self._offset:+g}, {expected + self._offset:.1f}"
        # a forced rebid's set-aside cards, or the hook's barred ones, are not among those it chose from
        among = "in your hand" if len(legal) == len(set(view.hand)) else "you may make now"
        return f"{said}; of the bids {among}, {name}'s {bid} is the nearest"

    def _why_play(self, view: View, legal: Sequence[Action]) -> str:
        names, s = view.cards.names, self.n_suits
        card = self._play(view, legal).card
        name = names[card]
        bid, won = view.bids[view.seat], view.won[view.seat]
        if self._greedy:
            aim = "this bot always plays to win (greedy play)"
        elif bid > won:
            aim = f"you need {bid - won} more trick{'s' if bid - won > 1 else ''} for your bid of {bid} (won {won})"
        else:
            aim = f"your bid of {bid} is {'made' if bid == won else 'exceeded'} (won {won}), so duck"
        take = self._greedy or bid > won
        trick = view.trick
        if not trick:
            return f"{aim}: {name} is your {'highest card' if take else 'lowest card, trumps kept back'}"
        beat = self._keys[(view.trump + 1) * (s + 1) + trick[0] % s + 1][0]
        top = max(trick, key=beat.__getitem__)  # the first of equal cards: the one winning the trick
        wins = beat[card] > beat[top]
        if take:
            how = (f"{name} is the weakest card that beats {names[top]}" if wins
                   else f"no card of yours beats {names[top]}, so your lowest, {name}")
        else:
            how = (f"{name} is your highest card that loses to {names[top]} (trumps shed last)" if not wins
                   else f"every card you may play beats {names[top]}, so the weakest, {name}")
        return f"{aim}: {how}"


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
