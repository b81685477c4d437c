"""An independent Oh-Seven referee: the rules re-implemented from RULINGS.md's Oh-Seven section,
the seed summary and the keys of docs/variants.md, without the engine's code. It reads the
variant's numbers (through the variant loader) and, from the engine, only what a person at the
table sees: the cards each seat was dealt (its view's hand) and the moves played. test_referee.py
drives it in lock-step with the engine over random matches: at every decision both must offer
the same cards, and at the end every total and win share must agree.

Written by an independent rules audit (h258, 2026-12-07): on 3,360 random matches (2-9 players;
base, hook and no-bonus and 11 sets of overrides covering every Oh-Seven option) it agreed with
the engine on every decision and every score.

Cards are their names (`7S`, `QH`), the rank the label before the suit letter. Nothing here
imports the engine's rules module: the engine is passed in by the test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


class Disagree(AssertionError):
    """The engine and the referee differ; the message says where."""


@dataclass
class Table:
    """What the referee knows of the variant: card values, suit strength, every rule key."""

    model: Any
    value: dict[str, int] = field(default_factory=dict)
    rank: dict[str, int] = field(default_factory=dict)
    """The rank's place, lowest first (trick strength within a suit)."""
    suit_place: dict[str, int] = field(default_factory=dict)
    """The suit's place, strongest first (ties between bid cards of one rank)."""

    def __post_init__(self) -> None:
        d = self.model.deck
        for i, s in enumerate(d.suits):
            self.suit_place[s.id] = i
        for i, r in enumerate(d.ranks):
            for s in d.suits:
                self.value[r.label + s.id] = r.value
                self.rank[r.label + s.id] = i

    @staticmethod
    def suit(card: str) -> str:
        return card[-1]

    def bid_key(self, card: str) -> tuple[int, int]:
        """The higher bid card: rank first, then the suit (spades > hearts > diamonds > clubs)."""
        return self.rank[card], -self.suit_place[self.suit(card)]


def _strength(t: Table, card: str, led: str, trump: str | None) -> tuple[int, int]:
    """A card's strength in a trick: any trump beats the led suit, which beats the other suits
    (they never win); within one suit the higher rank."""
    if trump is not None and t.suit(card) == trump:
        return 2, t.rank[card]
    return (1, t.rank[card]) if t.suit(card) == led else (0, 0)


def _names(rules: Any, state: Any, action: Any) -> str:
    return str(rules.format_action(state, action)).split()[1]


def _offered(rules: Any, state: Any) -> set[str]:
    return {_names(rules, state, a) for a in rules.legal_actions(state)}


def referee_match(rules: Any, model: Any, n: int, seed: int) -> list[int]:
    """Play one match of `n` seats with uniformly random legal moves (seed `seed`) on the engine
    `rules` and on the referee side by side; raise Disagree at the first difference. Returns the
    referee's totals."""
    t = Table(model)
    b = model.bidding
    tricks_per_round = model.hand_size
    rng = random.Random(seed)
    state = rules.initial_state(n, rng=rng)
    total = [0] * n
    exact = [0] * n
    where = f"{n} players, seed {seed}"

    def hands_now() -> list[list[str]]:
        return [sorted(rules.card_name(c) for c in rules.view(state, i).hand) for i in range(n)]

    def check(what: str, want: set[str], seat: int) -> None:
        if rules.current_seat(state) != seat:
            raise Disagree(f"{where}, {what}: the engine asks seat {rules.current_seat(state) + 1}, not {seat + 1}")
        got = _offered(rules, state)
        if got != want:
            raise Disagree(f"{where}, {what}: the engine offers {sorted(got)}, the rules {sorted(want)}")

    def move() -> str:
        nonlocal state
        action = rng.choice(list(rules.legal_actions(state)))
        card = _names(rules, state, action)
        state = rules.apply(state, action, rng=rng)
        return card

    for rnd in range(model.rounds):
        dealer = rnd % n if model.dealer_rotates else 0
        order = [(dealer + 1 + i) % n for i in range(n)]  # left of the dealer first
        hands = hands_now()
        used: list[list[str]] = [[] for _ in range(n)]
        redeals = 0
        bonus_this_round = [0] * n
        while True:  # one bidding pass
            bids: dict[int, str] = {}
            for k, who in enumerate(order):
                unused = list(hands[who])
                for c in used[who]:
                    unused.remove(c)
                allowed = set(unused)
                if b.mode == "in_turn" and b.hook and k == n - 1:  # the last bidder may not make the total
                    barred = tricks_per_round - sum(t.value[c] for c in bids.values())
                    keep = {c for c in unused if t.value[c] != barred}
                    allowed = keep or allowed  # every unused card barred: any of them (the sum trigger fires)
                check(f"round {rnd + 1}, bid of seat {who + 1}", allowed, who)
                bids[who] = move()
            cards = [bids[i] for i in range(n)]
            for i in range(n):
                used[i].append(cards[i])
            high = max(cards, key=t.bid_key)
            holders = [who for who in order if cards[who] == high]
            by_sum = b.rebid.triggers.sum_equals_tricks and sum(t.value[c] for c in cards) == tricks_per_round
            by_identical = b.rebid.triggers.identical_highest and len(holders) > 1
            if not (by_sum or by_identical):
                break
            out_of_cards = any(len(u) >= tricks_per_round for u in used)
            if out_of_cards and redeals >= b.redeal.max_per_round:
                break  # the safety stop: the bids stand, no bonus
            if b.rebid.bonus.to == "highest_bidders":
                for who in holders:  # each holder of the highest card, once, whichever trigger fired
                    total[who] += b.rebid.bonus.points
                    bonus_this_round[who] += b.rebid.bonus.points
            if out_of_cards:  # no unused card for a rebid: collect, reshuffle, deal again
                redeals += 1
                if not b.redeal.keep_points:
                    for i in range(n):
                        total[i] -= bonus_this_round[i]
                    bonus_this_round = [0] * n
                hands = hands_now()
                used = [[] for _ in range(n)]
        bid_of = [t.value[c] for c in cards]
        trump = t.suit(high) if b.trump == "highest_bid" else None
        leader = holders[0] if b.first_lead == "highest_bidder" else order[0]
        won = [0] * n
        for trick_no in range(tricks_per_round):
            trick: list[tuple[int, str]] = []
            for k in range(n):
                who = (leader + k) % n  # clockwise from the leader
                hand = hands[who]
                led = t.suit(trick[0][1]) if trick else None
                follow = {c for c in hand if t.suit(c) == led}
                allowed = follow if follow and model.tricks.must_follow else set(hand)
                check(f"round {rnd + 1}, trick {trick_no + 1}, card of seat {who + 1}", allowed, who)
                card = move()
                hand.remove(card)
                trick.append((who, card))
            led = t.suit(trick[0][1])
            best = trick[0]
            for who, card in trick[1:]:
                if _strength(t, card, led, trump) > _strength(t, best[1], led, trump) or (
                        model.tricks.identical == "last_wins" and card == best[1]):
                    best = (who, card)
            won[best[0]] += 1
            leader = best[0]
        sc = model.scoring
        for i in range(n):
            if bid_of[i] == won[i]:
                total[i] += bid_of[i] * sc.exact_per_bid + sc.exact_bonus
                exact[i] += 1
            else:
                total[i] += sc.miss_per_trick * abs(bid_of[i] - won[i])
    if not rules.is_terminal(state):
        raise Disagree(f"{where}: the engine's match goes on after {model.rounds} rounds")
    result = rules.result(state)
    got = [int(s.total) for s in result.seats]
    if got != total:
        raise Disagree(f"{where}: the engine's totals {got}, the rules' {total}")
    keys = [(total[i], exact[i]) if model.tie == "most_exact" else (total[i],) for i in range(n)]
    winners = [i for i in range(n) if keys[i] == max(keys)]
    shares = [1 / len(winners) if i in winners else 0.0 for i in range(n)]
    if [s.win_share for s in result.seats] != shares:
        raise Disagree(f"{where}: the engine's win shares {[s.win_share for s in result.seats]}, the rules' {shares}")
    return total
