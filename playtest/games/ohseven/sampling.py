"""What the search bots need from Oh-Seven: a full state drawn from one seat's view
(`sample_state`), and an evaluation of unfinished matches for cut-off rollouts (`evaluate`).

The sampler uses only what the seat may know:
- its own hand and the cards it has used as bids in this deal;
- every card played (finished tricks and the current one) and who played it: the first
  leader follows from the revealed bids, each later leader is the previous trick's winner;
- the suits a player has shown void in (it did not follow a led suit, where following is
  compulsory): it holds no card of that suit now;
- bid cards revealed in this deal (every pass, rebids included) and, with in-turn bidding, the
  bids already made in this pass: such a card went back into its owner's hand and is known to be
  there until that player plays it;
- hand sizes, and the deck (with two decks, the copies of each card that are left).

Every other card — the rest of the other hands and the undealt stock — is drawn from the rng.
With simultaneous bidding, the bids of the seats that chose before this one in the current
pass are hidden: each is drawn from that seat's sampled hand (its cards not yet used as a bid).

The unknown cards are shuffled and dealt; where a player has shown a void, a deal that gives it
a card of that suit is thrown away and dealt again, which keeps the samples exactly uniform over
the consistent deals. After a few such tries the cards are dealt one at a time instead, each to a
hand (or the stock) with room in proportion to the room left, skipping a hand if taking the card
would leave the remaining cards impossible to place (Hall's condition over the sets of suits):
a sample is always found and never contradicts the view, but is then only close to uniform.

The knowledge drawn from a view is computed once per view (search asks for many samples of
the same view in a row).

Not in the view, so set to neutral values in the sample: the deal number within the round
(1; it matters only once the variant's redeal cap is reached), the forced-rebid count and each
seat's rebid bonus this round (0), and the exact-bid counts behind the most-exact tie rule
(0: totals equal after the match are then shared wins in the sample). The totals themselves
are public and exact.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import exp

from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import BID, PLAY, TRUMP_KEY, Round, State, View


def trick_winner(rules: OhSevenRules, trick: tuple[int, ...], leader: int, trump: int, n: int) -> int:
    """The seat that wins the full `trick` led by `leader` (as the rules resolve it)."""
    ns = rules.n_suits
    led = trick[0] % ns
    best, best_key = 0, trick[0] + TRUMP_KEY if led == trump else trick[0]
    for k in range(1, len(trick)):
        x = trick[k]
        su = x % ns
        key = x + TRUMP_KEY if su == trump else (x if su == led else -1)
        if key > best_key or (rules.last_wins and key == best_key):
            best, best_key = k, key
    return (leader + best) % n


class Knowledge:
    """What one view tells about the cards: per seat, the cards known to be in its hand, the
    suits it lacks, its hand size; and the cards no one can see (the pool to deal)."""

    def __init__(self, rules: OhSevenRules, view: View) -> None:
        n, me, ns = view.n, view.seat, rules.n_suits
        self.n = n
        self.order = tuple((view.dealer + 1 + i) % n for i in range(n))
        self.used = tuple(tuple(p[i] for p in view.passes) for i in range(n))
        """Each seat's bid cards of this deal, in pass order."""
        played_by: list[list[int]] = [[] for _ in range(n)]
        void: list[set[int]] = [set() for _ in range(n)]
        tricks = [view.played[k:k + n] for k in range(0, len(view.played), n)]
        leader = self.first_leader(rules, view) if view.phase == PLAY else view.leader
        self.leaders: list[int] = []
        for trick in [*tricks, view.trick]:
            if not trick:
                continue
            self.leaders.append(leader)
            led = trick[0] % ns
            for k, card in enumerate(trick):
                who = (leader + k) % n
                played_by[who].append(card)
                if k and rules.must_follow and card % ns != led:
                    void[who].add(led)
            if len(trick) == n:
                leader = trick_winner(rules, trick, leader, view.trump, n)
        self.played_by = played_by
        self.void = void
        in_trick = {(view.leader + k) % n for k in range(len(view.trick))}
        trick_no = len(view.played) // n
        self.size = [rules.hand_size - trick_no - (i in in_trick) for i in range(n)]
        known: list[Counter[int]] = []
        open_bids = dict(view.open_bids)
        for i in range(n):
            shown = Counter(self.used[i])
            if i in open_bids:
                shown[open_bids[i]] += 1
            known.append(shown - Counter(played_by[i]) if i != me else Counter(view.hand))
        self.known = known
        unseen = Counter(rules.deck(n))
        unseen.subtract(view.played)
        unseen.subtract(view.trick)
        for i in range(n):
            unseen.subtract(known[i])
        self.pool = sorted(unseen.elements())
        """Cards whose place (another hand or the stock) the seat cannot know."""
        self.stock_size = len(rules.deck(n)) - n * rules.hand_size

    @staticmethod
    def first_leader(rules: OhSevenRules, view: View) -> int:
        """Who led the round's first trick: the highest bid card's first holder in bidding
        order, or the first bidder (per the variant)."""
        order = tuple((view.dealer + 1 + i) % view.n for i in range(view.n))
        return _high_seat(view, order) if rules.lead_high else order[0]


def _feasible(room: list[int], void: list[set[int]], counts: list[int], n_suits: int) -> bool:
    """Can cards with `counts` per suit fill bins with `room` where bin b accepts no suit of
    void[b]? (Hall's condition for every set of suits; total room equals the card count.)"""
    suits = [s for s in range(n_suits) if counts[s]]
    for size in range(1, len(suits) + 1):
        for group in combinations(suits, size):
            need = sum(counts[s] for s in group)
            cap = sum(room[b] for b in range(len(room)) if any(s not in void[b] for s in group))
            if need > cap:
                return False
    return True


REJECTION_TRIES = 8
"""Uniform deals tried (and thrown away if one contradicts a void) before dealing card by card."""


def _slices(cards: list[int], room: list[int]) -> list[list[int]]:
    out, k = [], 0
    for r in room:
        out.append(cards[k:k + r])
        k += r
    return out


def deal_pool(pool: list[int], room: list[int], void: list[set[int]], n_suits: int,
              rng: random.Random) -> list[list[int]]:
    """Deal `pool` into bins with `room` (the last bin is the stock: no voids), never a card of
    a bin's void suit. Uniform when no bin has a void (see the module docstring)."""
    cards = list(pool)
    for _ in range(REJECTION_TRIES if any(void) else 1):
        rng.shuffle(cards)
        bins = _slices(cards, room)
        if all(not void[b] or all(c % n_suits not in void[b] for c in bins[b]) for b in range(len(room))):
            return bins  # a uniform deal, kept only if consistent: uniform over the consistent deals
    bins = [[] for _ in room]
    room = list(room)
    counts = [0] * n_suits
    for c in cards:
        counts[c % n_suits] += 1
    for c in cards:
        s = c % n_suits
        counts[s] -= 1
        options = [b for b in range(len(room)) if room[b] and s not in void[b]]
        while True:
            weights = [room[b] for b in options]
            pick = rng.random() * sum(weights)
            i = 0
            while i < len(options) - 1 and pick >= weights[i]:
                pick -= weights[i]
                i += 1
            b = options[i]
            room[b] -= 1
            if len(options) == 1 or _feasible(room, void, counts, n_suits):
                break
            room[b] += 1
            options.pop(i)
        bins[b].append(c)
    return bins


def sample_state(rules: OhSevenRules, view: View, rng: random.Random) -> State:
    """A full State consistent with `view` (its seat must be the one to move), hidden parts
    drawn from `rng` (see the module docstring for what is known)."""
    n, me = view.n, view.seat
    know = _knowledge(rules, view)
    others = [i for i in range(n) if i != me]
    room = [know.size[i] - sum(know.known[i].values()) for i in others] + [know.stock_size]
    void = [know.void[i] for i in others] + [set()]
    bins = deal_pool(know.pool, room, void, rules.n_suits, rng)
    hands: list[tuple[int, ...]] = [()] * n
    hands[me] = view.hand
    for k, i in enumerate(others):
        hands[i] = tuple(sorted([*know.known[i].elements(), *bins[k]], reverse=True))

    r = Round()
    r.round, r.dealer, r.deal_no, r.order = view.round, view.dealer, 1, know.order
    r.stock = tuple(bins[-1])
    r.used = know.used
    r.passes = view.passes
    r.pass_no = len(view.passes) + (1 if view.phase == BID else 0)
    r.rebids = 0
    r.bids, r.bid_cards, r.trump = view.bids, view.bid_cards, view.trump
    r.high_seat = _high_seat(view, know.order) if view.phase == PLAY else -1
    zeros = (0,) * n
    r.round_bonus = zeros
    r.points = r.totals = view.scores
    r.bonus = zeros
    r.round_scores = (zeros,) * view.round
    r.exact = r.highest = zeros
    r.public = view.public

    s = State()
    s.n, s.phase, s.seat, s.turn = n, view.phase, me, 0
    s.hands = tuple(hands)
    s.trick, s.leader, s.won = view.trick, view.leader, view.won
    s.trick_no = len(view.played) // n
    s.played = view.played
    s.pending = _pending(view, know, hands, rng) if view.phase == BID else ()
    s.r = r
    return s


_LAST: list[tuple[OhSevenRules, View, Knowledge]] = []


def _knowledge(rules: OhSevenRules, view: View) -> Knowledge:
    """Knowledge(rules, view), remembered for the last view (held, so its identity is unique)."""
    if _LAST and _LAST[0][0] is rules and _LAST[0][1] is view:
        return _LAST[0][2]
    know = Knowledge(rules, view)
    _LAST[:] = [(rules, view, know)]
    return know


def _high_seat(view: View, order: tuple[int, ...]) -> int:
    high = max(view.bid_cards)
    return next(who for who in order if view.bid_cards[who] == high)


def _pending(view: View, know: Knowledge, hands: list[tuple[int, ...]], rng: random.Random) -> tuple[int, ...]:
    """The bids already made in this pass, in bidding order: shown (in-turn bidding) or drawn
    from each earlier bidder's sampled cards not yet used as a bid (simultaneous bidding)."""
    if view.open_bids:
        return tuple(card for _, card in view.open_bids)
    out = []
    for who in know.order[: know.order.index(view.seat)]:
        free = Counter(hands[who]) - Counter(know.used[who])
        cards = sorted(free.elements())
        out.append(cards[rng.randrange(len(cards))])
    return tuple(out)


TEMPERATURE = 6.0
"""Points scale of the evaluation's softmax."""


def evaluate(rules: OhSevenRules, state: State) -> list[float]:
    """Estimated win share per seat of an unfinished match: a softmax over each seat's total
    plus what it will score this round if the tricks still to play go as needed (bid met:
    +bid+bonus; already over its bid: the miss), with temperature `TEMPERATURE` points, widened
    by the rounds still to come. Sums to 1."""
    n = state.n
    values = []
    for i in range(n):
        v = float(state.totals[i])
        if state.phase == PLAY:
            bid, won = state.bids[i], state.won[i]
            left = rules.hand_size - state.trick_no
            v += rules.round_score(bid, won) if won > bid or won + left < bid else rules.round_score(bid, bid) * 0.5
        values.append(v)
    top = max(values)
    temp = TEMPERATURE * (1 + 0.5 * (rules.rounds - 1 - state.round))
    weights = [exp((x - top) / temp) for x in values]
    total = sum(weights)
    return [w / total for w in weights]
