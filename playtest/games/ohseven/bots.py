"""Oh-Seven bots: random, heuristic, and scripted knob settings of the heuristic (bots.yaml).

Bots see only the View (own hand, revealed bids, played cards, scores); their randomness comes
only from the `rng` passed to `choose`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from playtest.errors import UsageError
from playtest.games.ohseven.rules import BID, TRUMP_KEY, Action, OhSevenRules, View
from playtest.variants.model import Strict


class Knobs(Strict):
    """Settings of the heuristic bot; a scripted bot is a named set of them (bots.yaml)."""

    id: str = "heuristic"
    description: str = ""
    bid_offset: float = 0.0
    """Added to the estimated tricks before picking the bid card (+1: bid one more)."""
    bonus_hunt: bool = False
    """Bid the highest unused card when its bid is at least `bonus_min_bid`: be the highest
    bidder, so that a forced rebid pays this bot the bonus."""
    bonus_min_bid: int = Field(default=6, ge=0)
    play: Literal["exact", "greedy"] = "exact"
    """exact: take tricks while the bid needs them, duck afterwards; greedy: always try to win."""


class BotFile(Strict):
    bots: list[Knobs]


@cache
def scripted_bots() -> dict[str, Knobs]:
    """The scripted bots shipped in bots.yaml, validated (a broken file is a programming error)."""
    text = resources.files("playtest.games.ohseven").joinpath("bots.yaml").read_text(encoding="utf-8")
    try:
        parsed = BotFile.model_validate(yaml.safe_load(text))
    except ValidationError as exc:  # pragma: no cover - the shipped file is tested
        raise RuntimeError(f"playtest/games/ohseven/bots.yaml is invalid: {exc}") from exc
    return {k.id: k for k in parsed.bots}


def bot_names() -> list[str]:
    return ["random", "heuristic", *(f"scripted:{name}" for name in scripted_bots())]


class RandomBot:
    """Uniform over the legal actions."""

    stochastic = True

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: View, legal: Sequence[Action], *, rng: random.Random) -> Action:
        return legal[0] if len(legal) == 1 else rng.choice(legal)


class HeuristicBot:
    """Bids the card whose value is closest to the tricks it expects (counting that its bid
    card sets trump if it is the highest), then plays to make the bid exactly."""

    stochastic = False

    def __init__(self, rules: OhSevenRules, knobs: Knobs | None = None, name: str = "heuristic") -> None:
        self.name = name
        self.knobs = knobs or Knobs()
        self.n_suits = rules.n_suits
        self.n_ranks = rules.n_ranks
        self.n_cards = rules.n_suits * rules.n_ranks
        self.tricks = rules.hand_size
        self._cache: dict[int, tuple[list[float], list[float]]] = {}

    # --- bidding ----------------------------------------------------------------------------

    def _tables(self, n: int) -> tuple[list[float], list[float]]:
        """Rough chance that each card int takes a trick at `n` players: as a side card, as trump."""
        tables = self._cache.get(n)
        if tables is None:
            top, s = self.n_ranks, self.n_suits
            side = [((c // s + 1) / top) ** (2 * (n - 1)) * 0.85 ** (n - 2) for c in range(self.n_cards)]
            trump = [max(((c // s + 1) / top) ** (n - 1), 0.3) for c in range(self.n_cards)]
            tables = self._cache[n] = (side, trump)
        return tables

    def expected_tricks(self, hand: Sequence[int], trump: int, n: int) -> float:
        """Tricks the hand should take if `trump` (a suit code) is trump."""
        side, tr = self._tables(n)
        s = self.n_suits
        return sum(tr[c] if c % s == trump else side[c] for c in hand)

    def _bid(self, view: View, legal: Sequence[Action]) -> Action:
        cards = view.cards
        s, n = self.n_suits, view.n
        k = self.knobs
        if k.bonus_hunt:
            best = max(legal, key=lambda a: a.card)
            if cards.bid[best.card] >= k.bonus_min_bid:
                return best
        side, tr = self._tables(n)
        base = sum(side[c] for c in view.hand)
        by_trump = [base] * s
        for c in view.hand:
            by_trump[c % s] += tr[c] - side[c]
        unknown = sum(by_trump) / s
        best_action, best_err = legal[0], 1e9
        for a in legal:
            c = a.card
            p_high = ((c + 1) / self.n_cards) ** (n - 1)
            expect = p_high * by_trump[c % s] + (1 - p_high) * unknown + k.bid_offset
            err = abs(cards.bid[c] - expect)
            if err < best_err - 1e-9:
                best_action, best_err = a, err
        return best_action

    # --- play -------------------------------------------------------------------------------

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        s = self.n_suits
        trump = view.trump
        need = view.bids[view.seat] - view.won[view.seat]
        greedy = self.knobs.play == "greedy"
        if not view.trick:
            if need > 0 or greedy:
                return max(legal, key=lambda a: (a.card // s, a.card % s == trump))
            return min(legal, key=lambda a: (a.card % s == trump, a.card // s))
        led = view.trick[0] % s

        def key(c: int) -> int:
            su = c % s
            return c + TRUMP_KEY if su == trump else (c if su == led else -1)

        best = max(key(c) for c in view.trick)  # first of identical cards wins: strictly greater
        winners = [a for a in legal if key(a.card) > best]
        if need > 0 or greedy:
            if winners:
                return min(winners, key=lambda a: key(a.card))
            return min(legal, key=lambda a: (a.card % s == trump, a.card // s))
        losers = [a for a in legal if key(a.card) <= best]
        if losers:
            return max(losers, key=lambda a: (a.card % s != trump, a.card // s))
        return min(winners, key=lambda a: key(a.card))

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
