"""The Oh-Seven variant schema: every rule of the rules summary as data, every option a setting.

Each (option) of RULINGS.md is a key here; the docstrings of the models are the documentation
of the keys (``playtest validate`` names the valid keys when a file has an unknown one).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from playtest.variants.model import Issue, Strict, VariantModel, never_used


class Suit(Strict):
    """A suit: `id` is its letter in card names (7S), `name` its long name."""

    id: str = Field(min_length=1, max_length=2, pattern=r"^[A-Za-z]+$")
    name: str


class Rank(Strict):
    """A rank: `label` is printed on the card (Q, A, 2..7), `value` is its bid and its strength."""

    label: str = Field(min_length=1, max_length=2)
    value: int = Field(ge=0, le=20)


class Deck(Strict):
    """The cards. `suits` strongest first: the order breaks ties between bid cards of equal rank.
    `copies` maps a player count to how many copies of the deck are shuffled together; the
    player counts it names are the counts the variant supports."""

    suits: list[Suit] = Field(min_length=1, max_length=8)
    ranks: list[Rank] = Field(min_length=2, max_length=16)
    copies: dict[int, int]


class BiddingMode(StrEnum):
    SIMULTANEOUS = "simultaneous"
    """Every player picks a bid card face down; all are revealed together."""
    IN_TURN = "in_turn"
    """Players bid one after another (left of the dealer first); earlier bids are visible."""


class TrumpRule(StrEnum):
    HIGHEST_BID = "highest_bid"
    """The suit of the highest bid card is trump."""
    NONE = "none"
    """No trump suit."""


class LeadRule(StrEnum):
    HIGHEST_BIDDER = "highest_bidder"
    """The owner of the highest bid card leads the first trick."""
    LEFT_OF_DEALER = "left_of_dealer"
    """The player left of the dealer leads the first trick."""


class BonusTo(StrEnum):
    HIGHEST_BIDDERS = "highest_bidders"
    """The holder of the highest bid card (each holder of identical highest cards) gains it."""
    NOBODY = "nobody"
    """No bonus."""


class Triggers(Strict):
    """Which bid outcomes force a rebid (each switchable)."""

    sum_equals_tricks: bool = True
    """The bids add up to the number of tricks in the round."""
    identical_highest: bool = True
    """Two or more players bid with the same highest card (possible with two decks)."""


class Bonus(Strict):
    """Points gained at once when a rebid is forced (kept even if a redeal follows)."""

    points: int = Field(default=1, ge=0)
    to: BonusTo = BonusTo.HIGHEST_BIDDERS


class Rebid(Strict):
    """The forced rebid. Each new pass uses cards not yet used as a bid in this deal."""

    triggers: Triggers = Triggers()
    bonus: Bonus = Bonus()


class Redeal(Strict):
    """When a rebid is forced and some player has no unused bid card left, every hand is
    collected, reshuffled and dealt again and bidding starts over (points already gained stay).
    After `max_per_round` redeals in one round, a rebid that would need another redeal does not
    happen: the last bids stand, no bonus (a safety stop that practically never matters).
    `keep_points: false` takes back the round's rebid bonuses at a redeal."""

    keep_points: bool = True
    max_per_round: int = Field(default=50, ge=0)


class Bidding(Strict):
    """How bids are made. `hook`: in turn-order bidding, the last bidder may not bring the total
    to the number of tricks (if every card not yet used as a bid would, any of them is allowed). If identical
    highest bid cards stand (trigger switched off), the one earliest in bidding order counts."""

    mode: BiddingMode = BiddingMode.SIMULTANEOUS
    hook: bool = False
    trump: TrumpRule = TrumpRule.HIGHEST_BID
    first_lead: LeadRule = LeadRule.HIGHEST_BIDDER
    rebid: Rebid = Rebid()
    redeal: Redeal = Redeal()


class IdenticalCards(StrEnum):
    FIRST_WINS = "first_wins"
    LAST_WINS = "last_wins"


class Tricks(Strict):
    """Trick play: follow the led suit if you can; highest trump wins, else the highest card of
    the led suit. `identical`: which of two identical winning cards takes the trick."""

    must_follow: bool = True
    identical: IdenticalCards = IdenticalCards.FIRST_WINS


class Scoring(Strict):
    """Round score: exact bid → bid × `exact_per_bid` + `exact_bonus`; otherwise
    `miss_per_trick` × |bid − tricks taken| (negative: points lost)."""

    exact_per_bid: int = 1
    exact_bonus: int = 2
    miss_per_trick: int = -1


class TieRule(StrEnum):
    SHARED = "shared"
    """Tied highest totals share the win."""
    MOST_EXACT = "most_exact"
    """Ties broken by the number of exactly met bids; still tied is shared."""


MAX_HAND_SIZE = 20
"""The most cards a variant deals each player (hand_size)."""


class OhSevenVariant(VariantModel):
    """An Oh-Seven variant (rules summary at seeds/000, rulings in RULINGS.md)."""

    deck: Deck
    rounds: int = Field(default=7, ge=1, le=50)
    hand_size: int = Field(default=7, ge=1, le=MAX_HAND_SIZE)
    """Cards dealt to each player per round = tricks per round."""
    dealer_rotates: bool = True
    bidding: Bidding = Bidding()
    tricks: Tricks = Tricks()
    scoring: Scoring = Scoring()
    tie: TieRule = TieRule.SHARED

    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.deck.copies))

    def players_setting(self, players: int) -> str | None:
        return f"deck.copies.{players}=<decks>" if 2 <= players <= 12 else None  # as `issues` allows

    def deck_size(self, players: int) -> int:
        return len(self.deck.suits) * len(self.deck.ranks) * self.deck.copies[players]

    def may_deal(self, hand_size: int) -> bool:
        """Whether this variant with `hand_size` set would be valid as far as the hand size goes:
        within 1 to MAX_HAND_SIZE, and every player count it allows dealt from its deck (`issues`)."""
        return 1 <= hand_size <= MAX_HAND_SIZE and all(
            p * hand_size <= self.deck_size(p) for p in self.deck.copies)

    def issues(self) -> list[Issue]:
        out: list[Issue] = []
        if self.game != "ohseven":
            out.append((("game",), "must be 'ohseven' for this schema"))
        ids = [s.id for s in self.deck.suits]
        if len(set(ids)) != len(ids):
            out.append((("deck", "suits"), "suit ids must be distinct"))
        ranks = list(dict.fromkeys((r.label, r.value) for r in self.deck.ranks))
        # A rank written twice (the same label and value) is one mistake: its line, not both the
        # labels' and the values' below (they are checked on the ranks without the repeat).
        for i, written in enumerate(self.deck.ranks):
            if (written.label, written.value) in [(r.label, r.value) for r in self.deck.ranks[:i]]:
                out.append((("deck", "ranks", i), f"rank {written.label!r} is listed twice"))
        labels = [label for label, _ in ranks]
        values = [value for _, value in ranks]
        # Each said at the first rank that breaks it (its position in the file), not at the list:
        # in an eight-rank list the designer had to find it. A rank listed twice is left out (above).
        kept = [(i, r) for i, r in enumerate(self.deck.ranks)
                if (r.label, r.value) not in [(o.label, o.value) for o in self.deck.ranks[:i]]]
        relabelled = next((i for n, (i, r) in enumerate(kept) if r.label in [o.label for _, o in kept[:n]]), None)
        if relabelled is not None:
            out.append((("deck", "ranks", relabelled, "label"), "rank labels must be distinct: "
                        f"{self.deck.ranks[relabelled].label!r} is the label of an earlier rank too"))
        if values != sorted(set(values)):
            (_, before), (at, after) = next(pair for pair in zip(kept, kept[1:], strict=False)
                                            if pair[1][1].value <= pair[0][1].value)
            out.append((("deck", "ranks", at, "value"), "rank values must be distinct and listed from lowest to "
                        f"highest: {after.label!r} ({after.value}) comes after {before.label!r} ({before.value})"))
        if set(ids) & set(labels):
            suit_like = next(i for i, r in kept if r.label in ids)
            out.append((("deck", "ranks", suit_like, "label"), "a rank label may not equal a suit id: "
                        f"{self.deck.ranks[suit_like].label!r} is a suit id too"))
        names: dict[str, tuple[str, str]] = {}
        for rank in labels:  # a card is written rank label + suit id: each name must be one card
            for suit in ids:
                other = names.setdefault(rank + suit, (rank, suit))
                if other != (rank, suit):
                    out.append((("deck", "ranks"), f"the card name {rank + suit!r} would mean both the {rank} of {suit} "
                                                   f"and the {other[0]} of {other[1]}: choose rank labels and suit ids "
                                                   "that cannot run together"))
                    break
            else:
                continue
            break
        if not self.deck.copies:
            out.append((("deck", "copies"), "name at least one player count"))
        short: list[int] = []
        for players, copies in self.deck.copies.items():
            if not 2 <= players <= 12:
                out.append((("deck", "copies", players), "player counts must be between 2 and 12"))
            elif copies < 1:
                out.append((("deck", "copies", players), "at least one copy of the deck"))
            elif players * self.hand_size > self.deck_size(players):
                short.append(players)
        if short:
            # Several player counts short of cards (a suit or rank removed, hand_size raised): one
            # line naming each, not one per count.
            # The counts between the first and the last are named, not spelt out: eight of them
            # made a line of 600 characters (hand_size 20 at every count).
            said = [f"{p} players × {self.hand_size} cards need {p * self.hand_size} cards but the deck has "
                    f"{self.deck_size(p)}" for p in short]
            if len(short) > 3:
                between = short[1:-1]
                said = [said[0], f"{', '.join(map(str, between[:-1]))} and {between[-1]} players are short too", said[-1]]
            out.append((("deck", "copies", short[0]), "; ".join(said)))
        b = self.bidding
        if b.hook and b.mode != BiddingMode.IN_TURN:
            out.append((("bidding", "hook"), "the hook rule needs bidding.mode: in_turn"))
        return out

    def notes(self) -> list[Issue]:
        """A rebid bonus of some points paid to nobody (`bonus.to: nobody`): legal, and no rebid
        ever scores them (a draft that meant 'no bonus' and changed only `to:`, or meant to pay
        the bonus and left `nobody` from the no-bonus draft)."""
        bonus = self.bidding.rebid.bonus
        if bonus.to == BonusTo.NOBODY and bonus.points:
            return [(("bidding", "rebid", "bonus", "points"),
                     f"{bonus.points} point{'' if bonus.points == 1 else 's'} that can never be scored: bonus.to is "
                     "nobody (write points: 0 for no bonus, or to: highest_bidders to pay it)")]
        return self._unused_rebid_settings()

    def _unused_rebid_settings(self) -> list[Issue]:
        """A rebid or redeal setting changed from its default where it can never apply: with both
        rebid triggers off no rebid is forced, so no bonus is paid and no redeal happens
        (`bidding.rebid.bonus.points: 3` there played the very same matches, and validate said only
        ok); with no bonus paid, whether a redeal keeps it is never asked. Legal (a draft may switch
        the rebids off and keep their numbers); an explicit default is no change and gets no note."""
        rebid, redeal = self.bidding.rebid, self.bidding.redeal
        settings: list[tuple[tuple[str, ...], Strict, str]] = [
            (("bidding", "rebid", "bonus", "points"), rebid.bonus, "points"),
            (("bidding", "rebid", "bonus", "to"), rebid.bonus, "to"),
            (("bidding", "redeal", "keep_points"), redeal, "keep_points"),
            (("bidding", "redeal", "max_per_round"), redeal, "max_per_round")]
        if not (rebid.triggers.sum_equals_tricks or rebid.triggers.identical_highest):
            why = ("no rebid is ever forced (both bidding.rebid.triggers are off), so no rebid bonus is paid and no "
                   "redeal happens: this setting is never used")
        elif rebid.bonus.points == 0:
            why = "no rebid bonus is ever paid (bidding.rebid.bonus.points: 0): whether a redeal keeps it is never asked"
            settings = settings[2:3]
        else:
            return []
        return [note for path, model, key in settings for note in never_used(path, model, key, why)]
