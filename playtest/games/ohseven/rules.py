"""Oh-Seven rules (pure): dealing, card bidding with forced rebids and redeals, tricks, scoring.

Cards are small ints: ``card = rank_index * n_suits + suit_code`` where ``suit_code`` is
``n_suits - 1 - position`` of the suit in the variant's list (strongest suit first). So a
larger int is a stronger bid card (rank first, then suit), and within one suit a larger int
is a stronger trick card. Two decks simply hold every int twice; identical cards are
indistinguishable, as at the table.

``apply`` never mutates its input: it clones the state (``State._clone``, a flat copy of
references to immutable tuples) and sets the changed fields on the clone only. States are
plain slotted classes rather than frozen dataclasses because frozen ``__init__`` costs about
twice as much, and a match makes ~250 states.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from playtest.core.events import Event, EventKind
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.ohseven.schema import (
    BiddingMode,
    BonusTo,
    IdenticalCards,
    LeadRule,
    OhSevenVariant,
    TieRule,
    TrumpRule,
)

BID, PLAY, OVER = 0, 1, 2
"""Phases."""

NO_TRUMP = -1
TRUMP_KEY = 1 << 12
"""Added to a trump card's int when comparing trick cards (larger than any card int)."""

# Event kinds of this game (strings in the shared `kind` column).
EV_BID = "bid"
EV_REBID = "rebid"
EV_REBID_BONUS = "rebid_bonus"
EV_REDEAL = "redeal"
EV_BIDS_SET = "bids_set"
EV_PLAY = "play"
EV_TRICK = "trick"
EV_ROUND_END = str(EventKind.ROUND_END)


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid with a card from hand (its rank is the bid). Text form: ``bid 7S``."""

    card: int
    text: str

    def __str__(self) -> str:
        return f"bid {self.text}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the current trick. Text form: ``play 7S``."""

    card: int
    text: str

    def __str__(self) -> str:
        return f"play {self.text}"


Action = Bid | Play


@dataclass(frozen=True, slots=True)
class Cards:
    """The card table of a variant: public rule data that views and bots may use."""

    n_suits: int
    names: tuple[str, ...]
    """Card int → text such as 7S."""
    bid: tuple[int, ...]
    """Card int → bid value (the rank's value)."""
    suit_ids: tuple[str, ...]
    """Suit code → suit id (code n_suits-1 is the strongest suit)."""
    hand_size: int

    def suit(self, card: int) -> int:
        return card % self.n_suits

    def name(self, card: int) -> str:
        return self.names[card]


class State:
    """A match in progress. Never mutated once returned by the rules (see module docstring)."""

    __slots__ = (
        "n", "round", "dealer", "phase", "turn", "deal_no",
        "hands", "stock", "used", "order", "pending", "pass_no", "passes", "rebids",
        "bids", "bid_cards", "high_seat", "trump", "leader", "trick", "trick_no", "played",
        "won", "points", "bonus", "totals", "round_bonus", "round_scores", "exact", "highest",
    )

    n: int
    round: int
    dealer: int
    phase: int
    turn: int
    deal_no: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    used: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]
    pending: tuple[int, ...]
    pass_no: int
    passes: tuple[tuple[int, ...], ...]
    rebids: int
    bids: tuple[int, ...]
    bid_cards: tuple[int, ...]
    high_seat: int
    trump: int
    leader: int
    trick: tuple[int, ...]
    trick_no: int
    played: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    totals: tuple[int, ...]
    round_bonus: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    exact: tuple[int, ...]
    highest: tuple[int, ...]

    def _clone(self) -> State:
        o = State.__new__(State)
        o.n = self.n
        o.round = self.round
        o.dealer = self.dealer
        o.phase = self.phase
        o.turn = self.turn
        o.deal_no = self.deal_no
        o.hands = self.hands
        o.stock = self.stock
        o.used = self.used
        o.order = self.order
        o.pending = self.pending
        o.pass_no = self.pass_no
        o.passes = self.passes
        o.rebids = self.rebids
        o.bids = self.bids
        o.bid_cards = self.bid_cards
        o.high_seat = self.high_seat
        o.trump = self.trump
        o.leader = self.leader
        o.trick = self.trick
        o.trick_no = self.trick_no
        o.played = self.played
        o.won = self.won
        o.points = self.points
        o.bonus = self.bonus
        o.totals = self.totals
        o.round_bonus = self.round_bonus
        o.round_scores = self.round_scores
        o.exact = self.exact
        o.highest = self.highest
        return o

    def as_dict(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]


@dataclass(slots=True)
class View:
    """What one seat may see: its own hand, revealed bids, played cards, scores. Never another
    hand, and (simultaneous bidding) never a bid card before the reveal."""

    seat: int
    n: int
    round: int
    dealer: int
    phase: int
    hand: tuple[int, ...]
    used: tuple[int, ...]
    """Own cards already used as a bid in this deal."""
    passes: tuple[tuple[int, ...], ...]
    """Revealed bidding passes of this deal (bid card per seat)."""
    open_bids: tuple[tuple[int, int], ...]
    """In-turn bidding only: (seat, card) of the bids already made in the current pass."""
    bids: tuple[int, ...]
    """Final bid per seat once bidding is over (else empty)."""
    bid_cards: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    """Cards of the current trick in play order (the leader played the first)."""
    played: tuple[int, ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    cards: Cards
    hook: bool


def _sum_bids(cards: Cards, played: Sequence[int]) -> int:
    bid = cards.bid
    return sum(bid[c] for c in played)


class OhSevenRules:
    """The rules for one validated variant (any supported player count)."""

    game: ClassVar[str] = "ohseven"

    def __init__(self, variant: OhSevenVariant) -> None:
        self.variant = variant
        d = variant.deck
        self.n_suits = s = len(d.suits)
        self.n_ranks = len(d.ranks)
        self.hand_size = variant.hand_size
        self.rounds = variant.rounds
        names = []
        bidv = []
        for r in range(self.n_ranks):
            for code in range(s):
                suit = d.suits[s - 1 - code]
                names.append(d.ranks[r].label + suit.id)
                bidv.append(d.ranks[r].value)
        self.cards = Cards(
            n_suits=s,
            names=tuple(names),
            bid=tuple(bidv),
            suit_ids=tuple(d.suits[s - 1 - code].id for code in range(s)),
            hand_size=self.hand_size,
        )
        self.by_name = {name: i for i, name in enumerate(names)}
        self.bid_actions = tuple(Bid(c, names[c]) for c in range(len(names)))
        self.play_actions = tuple(Play(c, names[c]) for c in range(len(names)))
        b = variant.bidding
        self.in_turn = b.mode == BiddingMode.IN_TURN
        self.hook = b.hook
        self.use_trump = b.trump == TrumpRule.HIGHEST_BID
        self.lead_high = b.first_lead == LeadRule.HIGHEST_BIDDER
        self.trig_sum = b.rebid.triggers.sum_equals_tricks
        self.trig_same = b.rebid.triggers.identical_highest
        self.bonus_points = b.rebid.bonus.points if b.rebid.bonus.to == BonusTo.HIGHEST_BIDDERS else 0
        self.keep_points = b.redeal.keep_points
        self.max_redeals = b.redeal.max_per_round
        self.must_follow = variant.tricks.must_follow
        self.last_wins = variant.tricks.identical == IdenticalCards.LAST_WINS
        sc = variant.scoring
        self.exact_per_bid, self.exact_bonus, self.miss_per_trick = sc.exact_per_bid, sc.exact_bonus, sc.miss_per_trick
        self.tie_exact = variant.tie == TieRule.MOST_EXACT
        self._dup = {p: k > 1 for p, k in d.copies.items()}
        self._decks = {p: tuple(c for c in range(len(names)) for _ in range(k)) for p, k in d.copies.items()}

    # --- protocol ---------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def deck(self, n_players: int) -> tuple[int, ...]:
        """Every card of the game at this player count (identical cards repeated)."""
        return self._decks[n_players]

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
        if n_players not in self._decks:
            raise ValueError(f"{n_players} players not supported (supported: {self.player_counts()})")
        s = State()
        n = n_players
        s.n = n
        s.round = 0
        s.turn = 0
        zero = (0,) * n
        s.points = s.bonus = s.totals = s.exact = s.highest = zero
        s.round_scores = ()
        self._start_round(s, 0, rng)
        return s

    def current_seat(self, state: State) -> int:
        if state.phase == BID:
            return state.order[len(state.pending)]
        return (state.leader + len(state.trick)) % state.n

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: State) -> Sequence[Action]:
        if state.phase == PLAY:
            seat = (state.leader + len(state.trick)) % state.n
            hand = state.hands[seat]
            acts = self.play_actions
            if state.trick and self.must_follow:
                s = self.n_suits
                led = state.trick[0] % s
                follow = [acts[c] for c in hand if c % s == led]
                if follow:
                    return _distinct(follow) if self._dup[state.n] else follow
            return _distinct([acts[c] for c in hand]) if self._dup[state.n] else [acts[c] for c in hand]
        if state.phase == BID:
            seat = state.order[len(state.pending)]
            avail = self._unused(state, seat)
            acts = self.bid_actions
            if self.hook and len(state.pending) == state.n - 1:
                forbidden = self.hand_size - _sum_bids(self.cards, state.pending)
                bid = self.cards.bid
                allowed = [c for c in avail if bid[c] != forbidden]
                if allowed:
                    avail = allowed
            return _distinct([acts[c] for c in avail])
        return ()

    def view(self, state: State, seat: int) -> View:
        open_bids: tuple[tuple[int, int], ...] = ()
        if self.in_turn and state.phase == BID and state.pending:
            open_bids = tuple(zip(state.order, state.pending, strict=False))
        return View(
            seat, state.n, state.round, state.dealer, state.phase, state.hands[seat],
            state.used[seat], state.passes, open_bids, state.bids, state.bid_cards, state.trump,
            state.leader, state.trick, state.played, state.won,
            state.totals, self.cards, self.hook,
        )

    def format_action(self, state: State, action: Action) -> str:
        return str(action)

    # --- helpers ----------------------------------------------------------------------------

    def card_name(self, card: int) -> str:
        return self.cards.names[card]

    def _unused(self, state: State, seat: int) -> list[int]:
        """Cards of `seat`'s hand not yet used as a bid in this deal (identical cards counted)."""
        avail = list(state.hands[seat])
        for c in state.used[seat]:
            avail.remove(c)
        return avail

    def _deal(self, s: State, rng: random.Random) -> None:
        deck = list(self._decks[s.n])
        rng.shuffle(deck)
        h = self.hand_size
        s.hands = tuple(tuple(sorted(deck[i * h:(i + 1) * h], reverse=True)) for i in range(s.n))
        s.stock = tuple(deck[s.n * h:])
        s.used = ((),) * s.n
        s.pending = ()
        s.pass_no = 1
        s.passes = ()

    def _start_round(self, s: State, rnd: int, rng: random.Random) -> None:
        n = s.n
        s.round = rnd
        s.dealer = rnd % n if self.variant.dealer_rotates else 0
        s.phase = BID
        s.deal_no = 1
        s.order = tuple((s.dealer + 1 + i) % n for i in range(n))
        s.rebids = 0
        s.bids = s.bid_cards = ()
        s.high_seat = -1
        s.trump = NO_TRUMP
        s.leader = -1
        s.trick = ()
        s.trick_no = 0
        s.played = ()
        s.won = s.round_bonus = (0,) * n
        self._deal(s, rng)

    def why_illegal(self, state: State, action: object) -> str | None:
        """The reason `action` is illegal now, or None if it is legal."""
        if state.phase == OVER:
            return "the match is over"
        seat = self.current_seat(state)
        names = self.cards.names
        if state.phase == BID:
            if not isinstance(action, Bid):
                return f"seat {seat + 1} must bid now, not play a card"
            c = action.card
            if not 0 <= c < len(names) or c not in state.hands[seat]:
                return f"seat {seat + 1} does not hold {action.text}"
            if c not in self._unused(state, seat):
                return f"{action.text} was already used as a bid in this deal"
            if self.hook and len(state.pending) == state.n - 1:
                forbidden = self.hand_size - _sum_bids(self.cards, state.pending)
                if self.cards.bid[c] == forbidden and any(a.card != c for a in self.legal_actions(state)):
                    return (f"hook: the last bidder may not bring the total to {self.hand_size} "
                            f"(a bid of {forbidden})")
            return None
        if not isinstance(action, Play):
            return f"seat {seat + 1} must play a card now, not bid"
        c = action.card
        hand = state.hands[seat]
        if not 0 <= c < len(names) or c not in hand:
            return f"seat {seat + 1} does not hold {action.text}"
        if state.trick and self.must_follow:
            s = self.n_suits
            led = state.trick[0] % s
            if c % s != led and any(x % s == led for x in hand):
                return f"must follow suit ({self.cards.suit_ids[led]} was led)"
        return None

    # --- apply ------------------------------------------------------------------------------

    def apply(self, state: State, action: Action, *, rng: random.Random, log: list[Event] | None = None) -> State:
        phase = state.phase
        if phase == PLAY and type(action) is Play:
            trick = state.trick
            seat = (state.leader + len(trick)) % state.n
            hand = state.hands[seat]
            c = action.card
            if c in hand:
                if trick and self.must_follow:
                    ns = self.n_suits
                    led = trick[0] % ns
                    if c % ns != led:
                        for x in hand:
                            if x % ns == led:
                                raise IllegalActionError(self.why_illegal(state, action) or "illegal",
                                                         action=str(action))
                return self._play(state, seat, hand.index(c), c, rng, log)
            raise IllegalActionError(self.why_illegal(state, action) or "illegal", action=str(action))
        if phase == BID and type(action) is Bid:
            reason = None
            seat = state.order[len(state.pending)]
            c = action.card
            if c not in state.hands[seat] or c in state.used[seat] or self.hook:
                reason = self.why_illegal(state, action)
            if reason:
                raise IllegalActionError(reason, action=str(action))
            return self._bid(state, seat, c, rng, log)
        raise IllegalActionError(self.why_illegal(state, action) or "illegal", action=str(action))

    def _bid(self, state: State, seat: int, c: int, rng: random.Random, log: list[Event] | None) -> State:
        s = state._clone()
        s.turn += 1
        s.pending = pending = state.pending + (c,)
        if log is not None:
            log.append(Event(EV_BID, s.round + 1, s.turn, seat, {
                "card": self.cards.names[c], "bid": self.cards.bid[c],
                "pass_no": s.pass_no, "deal_no": s.deal_no}))
        n = s.n
        if len(pending) < n:
            return s
        # Reveal.
        cards = [0] * n
        for pos, who in enumerate(s.order):
            cards[who] = pending[pos]
        bidv = self.cards.bid
        total = sum(bidv[x] for x in cards)
        high = max(cards)
        holders = [who for who in s.order if cards[who] == high]
        trig_sum = self.trig_sum and total == self.hand_size
        trig_same = self.trig_same and len(holders) > 1
        s.passes = state.passes + (tuple(cards),)
        s.used = tuple(s.used[i] + (cards[i],) for i in range(n))
        if (trig_sum or trig_same) and (
            s.deal_no <= self.max_redeals or all(len(u) < self.hand_size for u in s.used)
        ):
            return self._rebid(s, cards, high, total, holders, trig_sum, trig_same, rng, log)
        s.bids = tuple(bidv[x] for x in cards)
        s.bid_cards = tuple(cards)
        s.high_seat = holders[0]
        s.trump = high % self.n_suits if self.use_trump else NO_TRUMP
        s.leader = holders[0] if self.lead_high else s.order[0]
        s.phase = PLAY
        s.pending = ()
        hi = list(s.highest)
        hi[holders[0]] += 1
        s.highest = tuple(hi)
        if log is not None:
            log.append(Event(EV_BIDS_SET, s.round + 1, s.turn, holders[0], {
                "card": self.cards.names[high], "bid": bidv[high], "bid_total": total,
                "trump": self.cards.suit_ids[s.trump] if s.trump >= 0 else "-",
                "pass_no": s.pass_no, "deal_no": s.deal_no, "winner": s.leader}))
        return s

    def _rebid(self, s: State, cards: list[int], high: int, total: int, holders: list[int],
               trig_sum: bool, trig_same: bool, rng: random.Random, log: list[Event] | None) -> State:
        n = s.n
        s.rebids += 1
        trigger = "sum+identical" if trig_sum and trig_same else ("sum" if trig_sum else "identical")
        if log is not None:
            log.append(Event(EV_REBID, s.round + 1, s.turn, -1, {
                "trigger": trigger, "card": self.cards.names[high], "bid_total": total,
                "pass_no": s.pass_no, "deal_no": s.deal_no}))
        if self.bonus_points:
            bonus = list(s.bonus)
            rb = list(s.round_bonus)
            for who in holders:
                bonus[who] += self.bonus_points
                rb[who] += self.bonus_points
                if log is not None:
                    log.append(Event(EV_REBID_BONUS, s.round + 1, s.turn, who, {
                        "bonus": self.bonus_points, "trigger": trigger, "card": self.cards.names[high],
                        "pass_no": s.pass_no, "deal_no": s.deal_no}))
            s.bonus = tuple(bonus)
            s.round_bonus = tuple(rb)
            s.totals = tuple(s.points[i] + s.bonus[i] for i in range(n))
        s.pending = ()
        if any(len(u) >= self.hand_size for u in s.used):
            passes = s.pass_no
            s.deal_no += 1
            if not self.keep_points:
                back = s.round_bonus
                s.bonus = tuple(s.bonus[i] - back[i] for i in range(n))
                s.round_bonus = (0,) * n
                s.totals = tuple(s.points[i] + s.bonus[i] for i in range(n))
            self._deal(s, rng)
            if log is not None:
                log.append(Event(EV_REDEAL, s.round + 1, s.turn, -1, {
                    "deal_no": s.deal_no, "pass_no": passes}))
        else:
            s.pass_no += 1
        return s

    def _play(self, state: State, seat: int, i: int, c: int, rng: random.Random, log: list[Event] | None) -> State:
        s = state._clone()
        s.turn += 1
        hand = state.hands[seat]
        hands = state.hands
        s.hands = hands[:seat] + (hand[:i] + hand[i + 1:],) + hands[seat + 1:]
        s.trick = trick = state.trick + (c,)
        if log is not None:
            log.append(Event(EV_PLAY, s.round + 1, s.turn, seat, {
                "card": self.cards.names[c], "trick": s.trick_no + 1, "lead": len(trick) == 1}))
        n = s.n
        if len(trick) < n:
            return s
        # Resolve the trick.
        ns = self.n_suits
        led = trick[0] % ns
        trump = s.trump
        best = 0
        best_key = trick[0] + TRUMP_KEY if led == trump else trick[0]
        last_wins = self.last_wins
        for k in range(1, n):
            x = trick[k]
            su = x % ns
            key = x + TRUMP_KEY if su == trump else (x if su == led else -1)
            if key > best_key or (last_wins and key == best_key):
                best, best_key = k, key
        winner = (s.leader + best) % n
        won = list(s.won)
        won[winner] += 1
        s.won = tuple(won)
        s.trick_no += 1
        s.played = s.played + trick
        s.trick = ()
        s.leader = winner
        if log is not None:
            log.append(Event(EV_TRICK, s.round + 1, s.turn, winner, {
                "card": self.cards.names[trick[best]], "trick": s.trick_no, "winner": winner}))
        if s.trick_no == self.hand_size:
            self._end_round(s, rng, log)
        return s

    def round_score(self, bid: int, tricks: int) -> int:
        if bid == tricks:
            return bid * self.exact_per_bid + self.exact_bonus
        return self.miss_per_trick * abs(bid - tricks)

    def _end_round(self, s: State, rng: random.Random, log: list[Event] | None) -> None:
        n = s.n
        scores = tuple(self.round_score(s.bids[i], s.won[i]) for i in range(n))
        s.points = tuple(s.points[i] + scores[i] for i in range(n))
        s.totals = tuple(s.points[i] + s.bonus[i] for i in range(n))
        s.exact = tuple(s.exact[i] + (s.bids[i] == s.won[i]) for i in range(n))
        s.round_scores = s.round_scores + (scores,)
        if log is not None:
            for i in range(n):
                log.append(Event(EV_ROUND_END, s.round + 1, s.turn, i, {
                    "bid": s.bids[i], "tricks": s.won[i], "exact": s.bids[i] == s.won[i],
                    "round_score": scores[i], "bonus": s.round_bonus[i],
                    "total": s.totals[i], "highest": i == s.high_seat,
                    "card": self.cards.names[s.bid_cards[i]], "rebids": s.rebids,
                    "deal_no": s.deal_no}))
        if s.round + 1 >= self.rounds:
            s.phase = OVER
            return
        self._start_round(s, s.round + 1, rng)

    # --- result -----------------------------------------------------------------------------

    def totals(self, state: State) -> tuple[int, ...]:
        return tuple(state.points[i] + state.bonus[i] for i in range(state.n))

    def result(self, state: State) -> GameResult:
        totals = self.totals(state)
        keys = [(t, e) if self.tie_exact else (t,) for t, e in zip(totals, state.exact, strict=True)]
        ranks, shares = rank(keys)
        seats = tuple(
            SeatResult(
                seat=i,
                components={"rounds": float(state.points[i]), "rebid_bonus": float(state.bonus[i])},
                total=float(totals[i]),
                rank=ranks[i],
                win_share=shares[i],
                stats={"exact_bids": state.exact[i], "highest_bids": state.highest[i]},
            )
            for i in range(state.n)
        )
        return GameResult(seats=seats, rounds=len(state.round_scores), turns=state.turn)


def _distinct(actions: list[Action]) -> list[Action]:
    """Drop repeated actions (identical cards from two decks); keeps the order."""
    out: list[Action] = []
    last = None
    for a in actions:  # hands are sorted, so identical cards are adjacent
        if a is not last:
            out.append(a)
            last = a
    return out
