"""Oh-Seven rules (pure): dealing, card bidding with forced rebids and redeals, tricks, scoring.

Cards are small ints: ``card = rank_index * n_suits + suit_code`` where ``suit_code`` is
``n_suits - 1 - position`` of the suit in the variant's list (strongest suit first). So a
larger int is a stronger bid card (rank first, then suit), and within one suit a larger int
is a stronger trick card. Two decks simply hold every int twice; identical cards are
indistinguishable, as at the table.

``apply`` never mutates its input: it copies the State (state.py: what changes with every card
or bid, and a copy-on-write ``Round`` for the deal, bids and scores) and changes the copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from playtest.core.events import Event, EventKind, make_event
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
from playtest.games.ohseven.state import (
    BID,
    NO_TRUMP,
    OVER,
    PLAY,
    TRUMP_KEY,
    Action,
    Bid,
    Cards,
    Play,
    Public,
    Round,
    State,
    View,
)

# Event kinds of this game (strings in the shared `kind` column).
EV_BID: Final = "bid"
EV_REBID: Final = "rebid"
EV_REBID_BONUS: Final = "rebid_bonus"
EV_REDEAL: Final = "redeal"
EV_BIDS_SET: Final = "bids_set"
EV_PLAY: Final = "play"
EV_TRICK: Final = "trick"
EV_ROUND_END: Final = str(EventKind.ROUND_END)


def _holds_suit(hand: tuple[int, ...], suit: int, n_suits: int) -> bool:
    return any(x % n_suits == suit for x in hand)


def _sum_bids(cards: Cards, played: Sequence[int]) -> int:
    bid = cards.bid
    return sum(bid[c] for c in played)



def score_floors(variant: OhSevenVariant) -> dict[str, int]:
    """The least value each score part can take under `variant` (GameSpec.score_floors).
    rebid_bonus: a forced rebid only adds `bidding.rebid.bonus.points` (≥ 0 by the schema), and
    a redeal without `keep_points` takes back only that round's own bonuses: never below 0.
    rounds (and so the total): an exact bid scores bid × exact_per_bid + exact_bonus (bids are
    card values, ≥ 0), a missed one miss_per_trick × |bid − tricks| — a loss at the default
    −1 — and the schema lets each of the three be any integer; so 0 only when none is negative."""
    sc = variant.scoring
    if min(sc.exact_per_bid, sc.exact_bonus, sc.miss_per_trick) >= 0:
        return {"rebid_bonus": 0, "rounds": 0, "total": 0}
    return {"rebid_bonus": 0}

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
        self._decks = {p: tuple(c for c in range(len(names)) for _ in range(k)) for p, k in d.copies.items()}
        self._names = self.cards.names

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
        r = Round()
        n = n_players
        s.n = n
        s.turn = 0
        s.r = r
        zero = (0,) * n
        r.points = r.bonus = r.totals = r.exact = r.highest = zero
        r.round_scores = ()
        self._start_round(s, r, 0, rng)
        return s

    def current_seat(self, state: State) -> int:
        return state.seat

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: State) -> Sequence[Action]:
        # Identical cards (two decks) give one action: hands
        # are kept sorted, so identical cards are neighbours and `prev` drops the repeats.
        if state.phase == PLAY:
            hand = state.hands[state.seat]
            plays = self.play_actions
            trick = state.trick
            prev = -1
            out: list[Action] = []
            if trick and self.must_follow:
                ns = self.n_suits
                led = trick[0] % ns
                for c in hand:
                    if c != prev and c % ns == led:
                        out.append(plays[c])
                        prev = c
                if out:
                    return out
            for c in hand:
                if c != prev:
                    out.append(plays[c])
                    prev = c
            return out
        if state.phase == BID:
            avail = self._unused(state, state.seat)
            if self.hook and len(state.pending) == state.n - 1:
                avail = self._hook_allowed(state, avail)
            bids = self.bid_actions
            prev = -1
            out = []
            for c in avail:
                if c != prev:
                    out.append(bids[c])
                    prev = c
            return out
        return ()

    def view(self, state: State, seat: int) -> View:
        r = state.r
        return View(seat, state.phase, state.hands[seat], r.used[seat],
                    tuple(zip(r.order, state.pending, strict=False))
                    if self.in_turn and state.phase == BID and state.pending else (),
                    state.trick, state.leader, state.played, state.won, r.public)

    def format_action(self, state: State, action: Action) -> str:
        return str(action)

    # --- for search bots (playtest/search) --------------------------------------------------

    def sample_state(self, view: View, *, rng: random.Random) -> State:
        """A full state consistent with what `view`'s seat may know (see sampling.py)."""
        from playtest.games.ohseven.sampling import sample_state  # sampling builds on this module

        return sample_state(self, view, rng)

    def evaluate(self, state: State) -> list[float]:
        """Estimated win share per seat of an unfinished match (see sampling.py)."""
        from playtest.games.ohseven.sampling import evaluate

        return evaluate(self, state)

    # --- helpers ----------------------------------------------------------------------------

    def card_name(self, card: int) -> str:
        return self.cards.names[card]

    def _unused(self, state: State, seat: int) -> list[int]:
        """Cards of `seat`'s hand not yet used as a bid in this deal (identical cards counted)."""
        avail = list(state.hands[seat])
        for c in state.r.used[seat]:
            avail.remove(c)
        return avail

    def _hook_allowed(self, state: State, avail: list[int]) -> list[int]:
        """The last bidder's cards under the hook: those that do not bring the total to the hand
        size, or every unused card when each of them would (then the sum trigger fires)."""
        forbidden = self.hand_size - _sum_bids(self.cards, state.pending)
        bid = self.cards.bid
        allowed = [c for c in avail if bid[c] != forbidden]
        return allowed if allowed else avail

    def _publish(self, s: State, r: Round) -> None:
        """Finish a new Round: build its public part and set it on the (new) state."""
        p = Public()
        p.n = s.n
        p.round = r.round
        p.dealer = r.dealer
        p.passes = r.passes
        p.bids = r.bids
        p.bid_cards = r.bid_cards
        p.trump = r.trump
        p.scores = r.totals
        p.cards = self.cards
        p.hook = self.hook
        r.public = p
        s.r = r

    def _deal(self, s: State, r: Round, rng: random.Random) -> None:
        deck = list(self._decks[s.n])
        if type(rng) is random.Random:
            _shuffle(deck, rng.getrandbits)
        else:  # e.g. a transcript's stacked deck
            rng.shuffle(deck)
        h = self.hand_size
        s.hands = tuple(tuple(sorted(deck[i * h:(i + 1) * h], reverse=True)) for i in range(s.n))
        r.stock = tuple(deck[s.n * h:])
        r.used = ((),) * s.n
        s.pending = ()
        r.pass_no = 1
        r.passes = ()
        s.seat = r.order[0]

    def _start_round(self, s: State, r: Round, rnd: int, rng: random.Random) -> None:
        n = s.n
        r.round = rnd
        r.dealer = rnd % n if self.variant.dealer_rotates else 0
        s.phase = BID
        r.deal_no = 1
        r.order = tuple((r.dealer + 1 + i) % n for i in range(n))
        r.rebids = 0
        r.bids = r.bid_cards = ()
        r.high_seat = -1
        r.trump = NO_TRUMP
        s.leader = -1
        s.trick = ()
        s.trick_no = 0
        s.played = ()
        s.won = r.round_bonus = (0,) * n
        self._deal(s, r, rng)
        self._publish(s, r)

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
                if c not in self._hook_allowed(state, self._unused(state, seat)):
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
        if type(action) is Play and state.phase == PLAY:
            # The hot path (a card to the trick), inlined: check, then build the next State.
            c = action.card
            seat = state.seat
            hands = state.hands
            hand = hands[seat]
            trick = state.trick
            ns = self.n_suits
            if c not in hand or (trick and self.must_follow and c % ns != trick[0] % ns
                                 and _holds_suit(hand, trick[0] % ns, ns)):
                raise IllegalActionError(self.why_illegal(state, action) or "illegal", action=str(action))
            i = hand.index(c)
            trick = trick + (c,)
            s = State()
            s.n = n = state.n
            s.phase = PLAY
            s.turn = turn = state.turn + 1
            new_hands = list(hands)
            new_hands[seat] = hand[:i] + hand[i + 1:]
            s.hands = tuple(new_hands)
            s.leader = state.leader
            s.won = state.won
            s.trick_no = state.trick_no
            s.played = state.played
            s.pending = state.pending
            s.r = r = state.r
            if log is not None:
                log.append(make_event((EV_PLAY, r.round + 1, turn, seat,
                                 {"card": self._names[c], "trick": state.trick_no + 1, "lead": len(trick) == 1})))
            if len(trick) < n:
                s.trick = trick
                s.seat = seat + 1 if seat + 1 < n else 0
                return s
            self._end_trick(s, trick, rng, log)
            return s
        if type(action) is Bid and state.phase == BID:
            reason = None
            seat = state.seat
            c = action.card
            if c not in state.hands[seat] or c in state.r.used[seat] or self.hook:
                reason = self.why_illegal(state, action)
            if reason:
                raise IllegalActionError(reason, action=str(action))
            return self._bid(state, seat, c, rng, log)
        raise IllegalActionError(self.why_illegal(state, action) or "illegal", action=str(action))

    def _bid(self, state: State, seat: int, c: int, rng: random.Random, log: list[Event] | None) -> State:
        s = state._clone()
        s.turn += 1
        s.pending = pending = state.pending + (c,)
        r = state.r
        if log is not None:
            log.append(make_event((EV_BID, r.round + 1, s.turn, seat, {
                "card": self.cards.names[c], "bid": self.cards.bid[c],
                "pass_no": r.pass_no, "deal_no": r.deal_no})))
        n = s.n
        if len(pending) < n:
            s.seat = r.order[len(pending)]
            return s
        # Reveal: a new Round.
        r = r._clone()
        cards = [0] * n
        for pos, who in enumerate(r.order):
            cards[who] = pending[pos]
        bidv = self.cards.bid
        total = sum(bidv[x] for x in cards)
        high = max(cards)
        holders = [who for who in r.order if cards[who] == high]
        trig_sum = self.trig_sum and total == self.hand_size
        trig_same = self.trig_same and len(holders) > 1
        r.passes = r.passes + (tuple(cards),)
        r.used = tuple(r.used[i] + (cards[i],) for i in range(n))
        if (trig_sum or trig_same) and (
            r.deal_no <= self.max_redeals or all(len(u) < self.hand_size for u in r.used)
        ):
            self._rebid(s, r, cards, high, total, holders, trig_sum, trig_same, rng, log)
            self._publish(s, r)
            return s
        r.bids = tuple(bidv[x] for x in cards)
        r.bid_cards = tuple(cards)
        r.high_seat = holders[0]
        r.trump = high % self.n_suits if self.use_trump else NO_TRUMP
        s.leader = s.seat = holders[0] if self.lead_high else r.order[0]
        s.phase = PLAY
        s.pending = ()
        hi = list(r.highest)
        hi[holders[0]] += 1
        r.highest = tuple(hi)
        if log is not None:
            log.append(make_event((EV_BIDS_SET, r.round + 1, s.turn, holders[0], {
                "card": self.cards.names[high], "bid": bidv[high], "bid_total": total,
                "trump": self.cards.suit_ids[r.trump] if r.trump >= 0 else "-",
                "pass_no": r.pass_no, "deal_no": r.deal_no, "winner": s.leader})))
        self._publish(s, r)
        return s

    def _rebid(self, s: State, r: Round, cards: list[int], high: int, total: int, holders: list[int],
               trig_sum: bool, trig_same: bool, rng: random.Random, log: list[Event] | None) -> None:
        n = s.n
        r.rebids += 1
        trigger = "sum+identical" if trig_sum and trig_same else ("sum" if trig_sum else "identical")
        if log is not None:
            log.append(make_event((EV_REBID, r.round + 1, s.turn, -1, {
                "trigger": trigger, "card": self.cards.names[high], "bid_total": total,
                "pass_no": r.pass_no, "deal_no": r.deal_no})))
        if self.bonus_points:
            bonus = list(r.bonus)
            rb = list(r.round_bonus)
            for who in holders:
                bonus[who] += self.bonus_points
                rb[who] += self.bonus_points
                if log is not None:
                    log.append(make_event((EV_REBID_BONUS, r.round + 1, s.turn, who, {
                        "bonus": self.bonus_points, "trigger": trigger, "card": self.cards.names[high],
                        "pass_no": r.pass_no, "deal_no": r.deal_no})))
            r.bonus = tuple(bonus)
            r.round_bonus = tuple(rb)
            r.totals = tuple(r.points[i] + r.bonus[i] for i in range(n))
        s.pending = ()
        s.seat = r.order[0]
        if any(len(u) >= self.hand_size for u in r.used):
            passes = r.pass_no
            r.deal_no += 1
            if not self.keep_points:
                back = r.round_bonus
                r.bonus = tuple(r.bonus[i] - back[i] for i in range(n))
                r.round_bonus = (0,) * n
                r.totals = tuple(r.points[i] + r.bonus[i] for i in range(n))
            self._deal(s, r, rng)
            if log is not None:
                log.append(make_event((EV_REDEAL, r.round + 1, s.turn, -1, {
                    "deal_no": r.deal_no, "pass_no": passes})))
        else:
            r.pass_no += 1

    def _end_trick(self, s: State, trick: tuple[int, ...], rng: random.Random, log: list[Event] | None) -> None:
        """Resolve the full `trick` on the new state `s` (which has every field but trick and seat)."""
        n = s.n
        ns = self.n_suits
        led = trick[0] % ns
        trump = s.r.trump
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
        s.leader = s.seat = winner
        if log is not None:
            log.append(make_event((EV_TRICK, s.r.round + 1, s.turn, winner, {
                "card": self.cards.names[trick[best]], "trick": s.trick_no, "winner": winner})))
        if s.trick_no == self.hand_size:
            self._end_round(s, rng, log)

    def round_score(self, bid: int, tricks: int) -> int:
        if bid == tricks:
            return bid * self.exact_per_bid + self.exact_bonus
        return self.miss_per_trick * abs(bid - tricks)

    def _end_round(self, s: State, rng: random.Random, log: list[Event] | None) -> None:
        n = s.n
        r = s.r._clone()
        scores = tuple(self.round_score(r.bids[i], s.won[i]) for i in range(n))
        r.points = tuple(r.points[i] + scores[i] for i in range(n))
        r.totals = tuple(r.points[i] + r.bonus[i] for i in range(n))
        r.exact = tuple(r.exact[i] + (r.bids[i] == s.won[i]) for i in range(n))
        r.round_scores = r.round_scores + (scores,)
        if log is not None:
            for i in range(n):
                log.append(make_event((EV_ROUND_END, r.round + 1, s.turn, i, {
                    "bid": r.bids[i], "tricks": s.won[i], "exact": r.bids[i] == s.won[i],
                    "round_score": scores[i], "bonus": r.round_bonus[i],
                    "total": r.totals[i], "highest": i == r.high_seat,
                    "card": self.cards.names[r.bid_cards[i]], "rebids": r.rebids,
                    "deal_no": r.deal_no})))
        if r.round + 1 >= self.rounds:
            s.phase = OVER
            self._publish(s, r)
            return
        self._start_round(s, r, r.round + 1, rng)

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


def _shuffle(x: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(x)`` with the same draws (CPython 3.11-3.13: Fisher-Yates from the
    end, ``_randbelow_with_getrandbits``), without two Python calls per card. A test checks it
    against ``Random.shuffle`` so a change in the standard library cannot go unnoticed."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
