"""Oh-Seven state, moves and views (data only; the rules live in rules.py).

A State holds only what changes with every card or bid (hands, trick, turn, seat to move, tricks
won) plus a reference to a ``Round``: the deal, bidding results and scores, which change a few
times per round. Playing a card builds a new State of 12 references and shares the Round; a bid
reveal, redeal or round end copies the Round first and sets the changes on the copy
(copy-on-write: a Round a State holds never changes). Profiling showed the flat 30-field copy
per card as the largest single cost of a decision. States are plain slotted classes rather than
frozen dataclasses because frozen ``__init__`` costs about twice as much, and a match makes ~250
states; their copies are generated from their field names (``core.copying.field_copier``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

from playtest.core.copying import field_copier

BID: Final = 0
PLAY: Final = 1
OVER: Final = 2
"""Phases."""

NO_TRUMP: Final = -1
TRUMP_KEY: Final = 1 << 12
"""Added to a trump card's int when comparing trick cards (larger than any card int)."""


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

    def __deepcopy__(self, memo: dict[int, object]) -> Cards:
        """Itself: immutable rule data, shared by every copy of a state or view."""
        return self


_ROUND_FIELDS = (
    "round", "dealer", "deal_no", "order", "stock", "used", "pass_no", "passes", "rebids",
    "bids", "bid_cards", "high_seat", "trump", "round_bonus",
    "points", "bonus", "totals", "round_scores", "exact", "highest",
)


class Round:
    """The slow-changing part of a match's state: deal, bidding results and scores. It changes a
    few times per round (a bid reveal, a redeal, the round's end), so the States of one round's
    card play share it by reference; the rules replace it (copy, then set) and never change one
    that a State already holds. ``public`` is what every seat may see of it (built with it)."""

    __slots__ = (*_ROUND_FIELDS, "public")

    round: int
    dealer: int
    deal_no: int
    order: tuple[int, ...]
    stock: tuple[int, ...]
    used: tuple[tuple[int, ...], ...]
    pass_no: int
    passes: tuple[tuple[int, ...], ...]
    rebids: int
    bids: tuple[int, ...]
    bid_cards: tuple[int, ...]
    high_seat: int
    trump: int
    round_bonus: tuple[int, ...]
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    exact: tuple[int, ...]
    highest: tuple[int, ...]
    public: Public

    _clone: ClassVar[Callable[[Round], Round]]
    """A copy without ``public`` (set by the rules once the copy is finished): field by field,
    `core.copying.field_copier` (set below the class)."""


Round._clone = field_copier(Round, _ROUND_FIELDS)


class State:
    """A match in progress. Never mutated once returned by the rules (see module docstring).

    The fields that change with every card or bid live here; the rest (``Round``) is shared
    by reference and read through the same attribute names (``state.trump``, ``state.bids``...).
    Each hand is sorted, strongest card first (identical cards are neighbours).
    """

    __slots__ = ("n", "phase", "seat", "turn", "hands", "trick", "leader", "won", "trick_no", "played",
                 "pending", "r")

    n: int
    phase: int
    seat: int
    """The seat that decides now (also kept in a finished match: the last trick's winner)."""
    turn: int
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, ...]
    trick_no: int
    played: tuple[int, ...]
    pending: tuple[int, ...]
    r: Round

    @property
    def round(self) -> int:
        return self.r.round

    @property
    def dealer(self) -> int:
        return self.r.dealer

    @property
    def deal_no(self) -> int:
        return self.r.deal_no

    @property
    def order(self) -> tuple[int, ...]:
        return self.r.order

    @property
    def stock(self) -> tuple[int, ...]:
        return self.r.stock

    @property
    def used(self) -> tuple[tuple[int, ...], ...]:
        return self.r.used

    @property
    def pass_no(self) -> int:
        return self.r.pass_no

    @property
    def passes(self) -> tuple[tuple[int, ...], ...]:
        return self.r.passes

    @property
    def rebids(self) -> int:
        return self.r.rebids

    @property
    def bids(self) -> tuple[int, ...]:
        return self.r.bids

    @property
    def bid_cards(self) -> tuple[int, ...]:
        return self.r.bid_cards

    @property
    def high_seat(self) -> int:
        return self.r.high_seat

    @property
    def trump(self) -> int:
        return self.r.trump

    @property
    def round_bonus(self) -> tuple[int, ...]:
        return self.r.round_bonus

    @property
    def points(self) -> tuple[int, ...]:
        return self.r.points

    @property
    def bonus(self) -> tuple[int, ...]:
        return self.r.bonus

    @property
    def totals(self) -> tuple[int, ...]:
        return self.r.totals

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        return self.r.round_scores

    @property
    def exact(self) -> tuple[int, ...]:
        return self.r.exact

    @property
    def highest(self) -> tuple[int, ...]:
        return self.r.highest

    FIELDS: ClassVar[tuple[str, ...]] = (
        "n", "round", "dealer", "phase", "seat", "turn", "deal_no", "hands", "stock", "used", "order",
        "pending", "pass_no", "passes", "rebids", "bids", "bid_cards", "high_seat", "trump", "leader",
        "trick", "trick_no", "played", "won", "points", "bonus", "totals", "round_bonus",
        "round_scores", "exact", "highest",
    )

    _clone: ClassVar[Callable[[State], State]]
    """A copy (the Round shared): field by field, `core.copying.field_copier` (set below the
    class)."""

    def as_dict(self) -> dict[str, object]:
        """Every field by name (the shared Round's included): equal dicts, equal states."""
        return {k: getattr(self, k) for k in self.FIELDS}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]


State._clone = field_copier(State, State.__slots__)


class Public:
    """What every seat may see of a Round (built with it by ``OhSevenRules._publish``, shared by
    all views of that Round). No ``__init__``, like Round and State: a copy (``copy.deepcopy``)
    is then made without arguments."""

    __slots__ = ("n", "round", "dealer", "passes", "bids", "bid_cards", "trump", "scores", "cards", "hook")

    n: int
    round: int
    dealer: int
    passes: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]
    bid_cards: tuple[int, ...]
    trump: int
    scores: tuple[int, ...]
    cards: Cards
    hook: bool


class View:
    """What one seat may see: its own hand, revealed bids, played cards, scores. Never another
    hand, and (simultaneous bidding) never a bid card before the reveal.

    The fields that change with each card are slots; the rest is read from ``public`` (shared
    by every seat's view until the next reveal or round) through the same attribute names."""

    __slots__ = ("seat", "phase", "hand", "used", "open_bids", "trick", "leader", "played", "won", "public")
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "phase", "hand", "used", "open_bids", "trick", "leader", "played", "won",
                                         "public")
    """The per-seat fields, in the order `__repr__` and copies list them."""

    seat: int
    phase: int
    hand: tuple[int, ...]
    used: tuple[int, ...]
    """Own cards already used as a bid in this deal."""
    open_bids: tuple[tuple[int, int], ...]
    """In-turn bidding only: (seat, card) of the bids already made in the current pass."""
    trick: tuple[int, ...]
    """Cards of the current trick in play order (the leader played the first)."""
    leader: int
    played: tuple[int, ...]
    won: tuple[int, ...]
    public: Public

    @property
    def n(self) -> int:
        return self.public.n

    @property
    def round(self) -> int:
        return self.public.round

    @property
    def dealer(self) -> int:
        return self.public.dealer

    @property
    def passes(self) -> tuple[tuple[int, ...], ...]:
        """Revealed bidding passes of this deal (bid card per seat)."""
        return self.public.passes

    @property
    def bids(self) -> tuple[int, ...]:
        """Final bid per seat once bidding is over (else empty)."""
        return self.public.bids

    @property
    def bid_cards(self) -> tuple[int, ...]:
        return self.public.bid_cards

    @property
    def trump(self) -> int:
        return self.public.trump

    @property
    def scores(self) -> tuple[int, ...]:
        return self.public.scores

    @property
    def cards(self) -> Cards:
        return self.public.cards

    @property
    def hook(self) -> bool:
        return self.public.hook

    def __init__(self, seat: int, phase: int, hand: tuple[int, ...], used: tuple[int, ...],
                 open_bids: tuple[tuple[int, int], ...], trick: tuple[int, ...], leader: int,
                 played: tuple[int, ...], won: tuple[int, ...], public: Public) -> None:
        self.seat = seat
        self.phase = phase
        self.hand = hand
        self.used = used
        self.open_bids = open_bids
        self.trick = trick
        self.leader = leader
        self.played = played
        self.won = won
        self.public = public

    def __repr__(self) -> str:
        return f"View(seat={self.seat}, phase={self.phase}, hand={self.hand}, trick={self.trick})"
