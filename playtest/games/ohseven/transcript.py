"""Oh-Seven transcripts: a recorded match (YAML, docs/transcripts.md) replayed through the rules.

The dealt hands in the file are fed to the rules through `StackedDeck`, an rng whose
`shuffle` arranges the deck so that the rules deal exactly those hands: the engine itself has no
replay mode. Structure problems are reported with file:line:col (TranscriptError); the first
illegal card is reported with its move number and reason (IllegalActionError).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playtest.core.events import Event
from playtest.core.transcript import (
    Move,
    MovePlayer,
    Notation,
    TranscriptReader,
    common_outcome,
    heading,
    misspelt,
    no_valid_key,
    one_text,
    per_player,
    require,
    unknown_keys,
    unknown_player,
    where,
)
from playtest.errors import Problem, TranscriptError
from playtest.games.ohseven.rules import (
    EV_BID,
    EV_BIDS_SET,
    EV_REBID,
    EV_REBID_BONUS,
    EV_REDEAL,
    EV_ROUND_END,
    EV_TRICK,
    OhSevenRules,
)
from playtest.games.ohseven.schema import OhSevenVariant
from playtest.games.ohseven.state import BID, OVER, PLAY, Action, Play, State
from playtest.text import cells, pad
from playtest.variants.problems import short
from playtest.variants.source import Node

GAME = "ohseven"


class DealMismatch(Exception):
    """The rules asked for a deal the stacked deck cannot give."""


class StackedDeck:
    """An rng stand-in whose `shuffle` deals given hands (one deal per call), in seat order.

    `deals[k]` is a list of hands (tuples of card ints), one per seat. Any other random call is
    an error: the rules' only chance event is the shuffle. Once the deals run out, `shuffle`
    leaves the deck as it is and counts the overrun (the caller decides if that is an error)."""

    def __init__(self, deals: list[list[tuple[int, ...]]]) -> None:
        self.deals = list(deals)
        self.used = 0
        self.overrun = 0

    def shuffle(self, deck: list[int]) -> None:
        if self.used >= len(self.deals):
            self.overrun += 1
            return
        hands = self.deals[self.used]
        self.used += 1
        rest = Counter(deck)
        order: list[int] = []
        for hand in hands:
            for c in hand:
                if rest[c] <= 0:
                    raise DealMismatch(f"card {c} dealt more often than the deck holds it")
                rest[c] -= 1
                order.append(c)
        order.extend(rest.elements())
        if len(order) != len(deck):
            raise DealMismatch("hand sizes do not match")
        deck[:] = order


# --- parsing ------------------------------------------------------------------------------------


@dataclass
class DealIn:
    node: Node
    hands: list[tuple[int, ...]]
    passes: list[tuple[Node, list[int]]]
    """(pass node, card per seat)."""


@dataclass
class RoundIn:
    node: Node
    deals: list[DealIn]
    tricks: list[tuple[Node, list[int]]]


@dataclass
class Parsed:
    path: Path
    tree: Node
    players: list[str]
    rounds: list[RoundIn] = field(default_factory=list)


def card_examples(rules: OhSevenRules) -> str:
    """A few of this deck's cards for a message, "7S, QH, AD, 2C" for the base deck: the highest
    card, then the three lowest ranks in different suits. A fixed "QH, AD, 2C" named cards a
    variant with other ranks or suits does not have."""
    names, s = rules.cards.names, rules.n_suits
    picks = [len(names) - 1] + [r * s + (s - 2 - r) % s for r in range(3)]
    return ", ".join(dict.fromkeys(names[i] for i in picks if i < len(names)))


def _rank_hint(text: str, rules: OhSevenRules, *, bid: bool) -> str:
    """For a card written with its rank's number where the deck has a label ('1C' for AC, '0H'
    for QH), the card meant; for a bare number (a bid written as the tricks bid), that a bid is
    the card bid. Empty when neither."""
    deck = rules.variant.deck
    if text.isdecimal() and bid:
        return "a bid is written as the card bid, not its number; "
    suits = [s.id for s in deck.suits if text.endswith(s.id)]
    number = text[: -len(suits[0])] if suits else ""
    labels = [r.label for r in deck.ranks if number.isdecimal() and len(number) < 4 and r.value == int(number)]
    if len(labels) == 1 and labels[0] != number:
        return f"rank {number} is written {labels[0]}: did you mean '{labels[0]}{suits[0]}'? "
    return ""


def _holders(card: int, players: Sequence[str], hands: Sequence[Sequence[int]]) -> str:
    """Whose hands hold `card`, in seat order: 'Ann, Cat', or 'Ann twice' for one hand that lists
    it twice (it read 'Ann, Ann', as if two players held it)."""
    held = Counter(p for p, hand in zip(players, hands, strict=True) for x in hand if x == card)
    return ", ".join(p if k == 1 else f"{p} twice" if k == 2 else f"{p} {k} times" for p, k in held.items())


def _card(node: Node, path: str, rules: OhSevenRules, problems: list[Problem]) -> int | None:
    text = node.value
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or text.strip() not in rules.by_name:
        # `play` takes a card in any case; a file must write it as the deck does, so name the card meant
        folded = [c for c in rules.by_name if isinstance(text, str) and c.lower() == text.strip().lower()]
        guess = f"did you mean '{folded[0]}'? the case of its letters counts; " if len(folded) == 1 else ""
        if not guess and isinstance(text, str):
            guess = _rank_hint(text.strip(), rules, bid=".bids." in f".{path}.")
        problems.append(node.problem(path, f"not a card: {short(node.plain())} ({guess}cards are rank+suit, e.g. "
                                     f"{card_examples(rules)})"))
        return None
    return rules.by_name[text.strip()]


def _cards_in_seat_order(node: Node, path: str, players: list[str], rules: OhSevenRules,
                         problems: list[Problem]) -> list[int] | None:
    """A list of one card per seat (seat order) or a mapping player → card."""
    items = per_player(node, path, players, "card", problems)
    if items is None:
        return None
    out = [_card(v, p, rules, problems) for v, p in items]
    return None if any(c is None for c in out) else [c for c in out if c is not None]


def _bids_leave_out(bids_node: Node | None, gone: list[str], n: int) -> bool:
    """Whether a deal's first bidding pass leaves out the players of `gone` too: a list one card
    short for each, or a mapping without them (so players: names someone the deal never has)."""
    if bids_node is None or not isinstance(bids_node.value, list) or not bids_node.value:
        return False
    first = bids_node.value[0].value
    if isinstance(first, list):
        return len(first) == n - len(gone)
    return isinstance(first, dict) and not any(p in first for p in gone)


def _parse(path: Path, tree: Node, rules: OhSevenRules, players: list[str]) -> Parsed:
    problems: list[Problem] = []
    parsed = Parsed(path, tree, players)
    n = len(players)
    h = rules.hand_size
    deck = Counter(rules.deck(n))
    rounds = tree.value.get("rounds")
    if rounds is None:
        problems.append(tree.problem("rounds", "required key is missing"))
        raise TranscriptError(problems)
    if not isinstance(rounds.value, list):  # (empty: a match saved before its first move)
        raise TranscriptError([rounds.problem("rounds", "must be a list of rounds")])
    if len(rounds.value) > rules.rounds:
        problems.append(rounds.problem("rounds", f"the variant plays {rules.rounds} round{'' if rules.rounds == 1 else 's'}, "
                                       f"the transcript lists {len(rounds.value)}"))
    for r, rnode in enumerate(rounds.value):
        rp = f"rounds.{r + 1}"
        if no_valid_key(rnode, rp, ("deals", "tricks"), ("deals",), problems):
            continue
        deals_node = require(rnode, "deals", rp, problems, valid=("deals", "tricks"))
        tricks_node = rnode.value.get("tricks") if isinstance(rnode.value, dict) else None
        unknown_keys(rnode, rp, ("deals", "tricks"), problems)
        rin = RoundIn(rnode, [], [])
        parsed.rounds.append(rin)
        if deals_node is not None:
            if not isinstance(deals_node.value, list) or not deals_node.value:
                problems.append(deals_node.problem(f"{rp}.deals", "must be a non-empty list of deals"))
            else:
                for d, dnode in enumerate(deals_node.value):
                    dp = f"{rp}.deals.{d + 1}"
                    if no_valid_key(dnode, dp, ("hands", "bids"), ("hands", "bids"), problems):
                        continue
                    first = len(problems)
                    unknown_keys(dnode, dp, ("hands", "bids"), problems)
                    for i in range(first, len(problems)):  # a round's tricks written inside its deal
                        if problems[i].path == f"{dp}.tricks":
                            problems[i] = dnode.value["tricks"].problem(
                                f"{dp}.tricks", "the tricks belong to the round, beside its deals: (after the last "
                                "deal), not inside a deal", at_key=True)
                    hands_node = require(dnode, "hands", dp, problems, valid=("hands", "bids"))
                    bids_node = require(dnode, "bids", dp, problems, valid=("hands", "bids"))
                    hands: list[tuple[int, ...]] = []
                    if hands_node is not None:
                        if not isinstance(hands_node.value, dict):
                            problems.append(hands_node.problem(f"{dp}.hands", "must map each player to a list of cards"))
                        else:
                            unknown = [k for k in hands_node.value if k not in players]
                            absent = [p for p in players if p not in hands_node.value]
                            if unknown and absent and (len(unknown) != len(absent) or len(unknown) > 1) and not any(
                                    misspelt(p, hands_node.value, players) for p in absent):
                                # Other players than the header's, not one renamed: the players (a count
                                # for the names, `players: 4` with named hands, a name list cut) or the
                                # hands are wrong, one mistake; it was one line per hand's name and per
                                # player's absent hand (`players: 4`: one per name).
                                # (A hand's name that is a player's misspelt is said at that name: a
                                # misspelt Ben and a left-out Dan read "name the same players in players:")
                                problems.append(hands_node.problem(f"{dp}.hands", (
                                    f"hands of {', '.join(map(str, hands_node.value))}, but the players are "
                                    f"{', '.join(players)}: name the same players in players: (and names:) as in the "
                                    "hands")))
                                raise TranscriptError(problems)
                            for k in unknown:
                                problems.append(hands_node.value[k].problem(
                                    f"{dp}.hands.{k}", unknown_player(k, players, hands_node.value), at_key=True))
                            # An unknown name for each absent player is one mistake (a renamed
                            # player), said at the name; an absent hand besides is missing (several:
                            # one line at the hands, as `hands: {}` was one line per player).
                            gone = [p for p in absent if not misspelt(p, hands_node.value, players)]
                            if not unknown and gone and _bids_leave_out(bids_node, gone, n):
                                # A name in players: that the deal has no hand and no bid of (a
                                # player too many): every pass and trick would say it again, one
                                # card short (it was one line per hand, pass and trick).
                                who = f"{', '.join(gone[:-1])} and {gone[-1]}" if len(gone) > 1 else gone[0]
                                problems.append(hands_node.problem(f"{dp}.hands", (
                                    f"no hand of {who}, and the bids are written for {n - len(gone)} players: "
                                    f"remove {who} from players: (or write the hands, bids and cards of {who})")))
                                raise TranscriptError(problems)
                            if len(unknown) != len(absent) and len(gone) == 1:
                                problems.append(hands_node.problem(f"{dp}.hands.{gone[0]}", "required key is missing"))
                            elif len(unknown) != len(absent) and gone:
                                problems.append(hands_node.problem(f"{dp}.hands", f"no hand of {', '.join(gone)} "
                                                                   "(every player's hand is needed)"))
                            if unknown:
                                # The players and the hands disagree (a name changed or left out):
                                # every later deal, bid and trick would say it again.
                                raise TranscriptError(problems)
                            sizes = {len(v.value) if isinstance(v.value, list) else None for v in hands_node.value.values()}
                            if not absent and len(sizes) == 1 and None not in sizes and h not in sizes:
                                # Every hand of another size than the variant deals: one cause (a
                                # set: hand_size left out, the wrong variant), said once at the hands,
                                # not once per player (and again at every later deal).
                                size = sizes.pop()
                                assert size is not None  # (None not in sizes)
                                # the other size only when the variant may deal it (not 0 cards, a
                                # template; not 8 when its 9 players' two decks hold 64 cards)
                                other = (f", or play hands of {size} with set: [hand_size={size}]"
                                         if rules.variant.may_deal(size) else "")
                                problems.append(hands_node.problem(
                                    f"{dp}.hands", f"every hand holds {size} cards, but the variant deals {h} "
                                                   f"(hand_size): give each hand {h} cards{other}"))
                                raise TranscriptError(problems)
                            for p in players:
                                hp = f"{dp}.hands.{p}"
                                hnode = hands_node.value.get(p)
                                if hnode is None:
                                    continue
                                if not isinstance(hnode.value, list) or len(hnode.value) != h:
                                    got = len(hnode.value) if isinstance(hnode.value, list) else "not a list"
                                    got = one_text(hnode.value, h) or got  # 'Ann: [7C 6H ...]'
                                    problems.append(hnode.problem(hp, f"a hand is a list of {h} cards (got {got})"))
                                    continue
                                cards = [_card(c, f"{hp}.{i + 1}", rules, problems) for i, c in enumerate(hnode.value)]
                                if all(c is not None for c in cards):
                                    hands.append(tuple(c for c in cards if c is not None))
                            if len(hands) == n:
                                count = Counter(c for hand in hands for c in hand)
                                over = sorted(c for c in count if count[c] > deck[c])
                                if over:
                                    # whose hands hold each: one card among 28 is otherwise hard to find
                                    names = ", ".join(f"{rules.card_name(c)} (held by {_holders(c, players, hands)})"
                                                      for c in over)
                                    problems.append(hands_node.problem(
                                        f"{dp}.hands", f"dealt more often than the deck holds them: {names}"))
                    passes: list[tuple[Node, list[int]]] = []
                    if bids_node is not None:
                        if not isinstance(bids_node.value, list) or not bids_node.value:
                            problems.append(bids_node.problem(f"{dp}.bids", "must be a non-empty list of bidding passes"))
                        else:
                            for k, pnode in enumerate(bids_node.value):
                                bids = _cards_in_seat_order(pnode, f"{dp}.bids.{k + 1}", players, rules, problems)
                                if bids is not None:
                                    passes.append((pnode, bids))
                    rin.deals.append(DealIn(dnode, hands, passes))
        if tricks_node is not None:
            if not isinstance(tricks_node.value, list):
                problems.append(tricks_node.problem(f"{rp}.tricks", "must be a list of tricks"))
            else:
                if len(tricks_node.value) > h:
                    problems.append(tricks_node.problem(f"{rp}.tricks", f"a round has {h} tricks, "
                                                        f"got {len(tricks_node.value)}"))
                for t, tnode in enumerate(tricks_node.value):
                    tp = f"{rp}.tricks.{t + 1}"
                    if not isinstance(tnode.value, list) or len(tnode.value) != n:
                        got = (f"got {len(tnode.value)}" if isinstance(tnode.value, list) else f"got {short(tnode.plain())}")
                        got = (f"got {fix}" if (fix := one_text(tnode.value, n)) else got)  # '- [7S 2S AS]'
                        problems.append(tnode.problem(tp, f"a trick is a list of {n} cards in play order ({got})"))
                        continue
                    cards = [_card(c, f"{tp}.{i + 1}", rules, problems) for i, c in enumerate(tnode.value)]
                    if all(c is not None for c in cards):
                        rin.tricks.append((tnode, [c for c in cards if c is not None]))
    if problems:
        raise TranscriptError(problems)
    return parsed


# --- replay -------------------------------------------------------------------------------------


@dataclass
class Replay:
    """A replayed match: per-round facts and final standings."""

    transcript: str
    variant: str
    variant_hash: str
    players: list[str]
    rounds: list[dict[str, Any]]
    final: list[dict[str, Any]]
    complete: bool
    rounds_total: int
    result: Any = None
    """The finished match's GameResult (None while incomplete), as the runner would record it."""
    events: list[Event] = field(default_factory=list, repr=False)
    """Every event of the replayed moves (the same events a simulated match logs)."""
    common: dict[str, Any] = field(default_factory=dict, repr=False)
    """The keys every game's `replay --json` carries (core.transcript.common_outcome)."""
    variant_obj: Any = field(default=None, repr=False)
    """The validated Variant the match was played with (its `set:` overrides applied)."""
    decisions: list[Any] = field(default_factory=list, repr=False)
    """Every bid and card played, in order (what `playtest play --resume` replays)."""

    def to_json(self) -> dict[str, Any]:
        """The common keys, then Oh-Seven's own: the rounds, and (as before the common keys
        existed) `complete` (= finished), `final` (the standings) and `variant_hash`."""
        return {
            **self.common,
            "variant_hash": self.variant_hash,
            "complete": self.complete,
            "rounds_total": self.rounds_total,
            "rounds": self.rounds,
            "final": self.final,
        }

    def text(self) -> str:
        lines = [f"{heading('Oh-Seven', self.common.get('title', ''), self.transcript)} ({self.variant}, "
                 f"{len(self.players)} players: {', '.join(self.players)})"]
        for rnd in self.rounds:
            lines.append("")
            lines.append(f"Round {rnd['round']} (dealer {rnd['dealer']})")
            for deal in rnd["deals"]:
                if deal["deal"] > 1:
                    back = ", ".join(f"{p} -{b}" for p, b in deal.get("bonus_taken_back", {}).items())
                    lines.append(f"  redeal: deal {deal['deal']} (" + (
                        "points kept" if deal["points_kept"] else
                        f"this round's rebid bonuses taken back: {back}" if back else "no rebid bonus to take back")
                        + ")")
                for p in deal["passes"]:
                    bids = ", ".join(f"{b['player']} {b['card']}={b['bid']}" for b in p["bids"])
                    line = f"  bids pass {p['pass']}: {bids} (sum {p['sum']})"
                    if p.get("rebid"):
                        paid = ", ".join(f"{b['player']} +{b['points']}" for b in p["bonus"]) or "no bonus"
                        line += f" → forced rebid ({p['rebid']}; {paid})"
                    elif p.get("safety_stop"):
                        line += (f" → stands ({p['safety_stop']}): the redeal safety stop "
                                 "(bidding.redeal.max_per_round) allows no further redeal in this round, "
                                 "so no rebid and no bonus")
                    lines.append(line)
            if "trump" in rnd:
                trump = (f"no trump (highest bid card {rnd['highest_card']})" if rnd["trump"] is None
                         else f"trump {rnd['trump']} (from {rnd['highest_card']})")
                lines.append(f"  bids: {', '.join(f'{p} {b}' for p, b in rnd['bids'].items())}; "
                             f"{trump}, first lead {rnd['first_lead']}")
            for t in rnd["tricks"]:
                played = ", ".join(f"{c['player']} {c['card']}" for c in t["cards"])
                lines.append(f"  trick {t['trick']}: {played} → {t['winner']}")
            if "scores" in rnd:
                lines.append("  scores:")
                nw = max([12, *(cells(sc["player"]) for sc in rnd["scores"])])
                for sc in rnd["scores"]:
                    mark = "exact" if sc["exact"] else "miss"
                    lines.append(f"    {pad(sc['player'], nw)} bid {sc['bid']} took {sc['tricks']} {mark:<5} "
                                 f"{sc['score']:+d}  bonus {sc['bonus']:+d}  total {sc['total']}")
        lines.append("")
        # rounds scored, not rounds begun: a game saved right after the bids said "after 1 of 7"
        scored = sum("scores" in rnd for rnd in self.rounds)
        begun = f", round {scored + 1} begun" if len(self.rounds) > scored else ""
        title = "Final" if self.complete else (f"Standings after {scored} of {self.rounds_total} "
                                                f"rounds (incomplete match{begun})")
        if not self.complete and self.common.get("next_player"):
            lines.append(f"UNFINISHED: next to play: {self.common['next_player']}")
        lines.append(f"{title}:")
        nw = max([12, *(cells(f["player"]) for f in self.final)])
        for f in sorted(self.final, key=lambda x: (x["rank"], x["seat"])):
            lines.append(f"  {f['rank']}. {pad(f['player'], nw)} rounds {f['rounds']:+d}  bonus {f['rebid_bonus']:+d}  "
                         f"total {f['total']}" + (f"  (win share {f['win_share']:g})" if f["win_share"] else ""))
        # Equal totals at different ranks: only `tie: most_exact` ranks them, by bids met exactly.
        for total in sorted({f["total"] for f in self.final}, reverse=True):
            tied = sorted((f for f in self.final if f["total"] == total), key=lambda x: (x["rank"], x["seat"]))
            if len({f["rank"] for f in tied}) > 1:
                lines.append(f"  tied on {total}, ranked by bids met exactly (tie: most_exact): "
                             + ", ".join(f"{f['player']} {f['exact_bids']}" for f in tied))
        return "\n".join(lines)


def load_transcript(path: Path) -> tuple[Node, OhSevenRules, list[str], Any]:
    """The parsed file, rules of its variant (with `set` overrides), players and the Variant.
    The header is read by the core (playtest.core.transcript); `rounds` is Oh-Seven's body."""
    reader = TranscriptReader(path, game=GAME, keys=("rounds",), required=("rounds",))
    reader.check()
    variant = reader.load_variant()
    players = list(reader.read_players(variant))
    reader.check()
    assert isinstance(variant.model, OhSevenVariant)  # the reader loads `game: ohseven` only
    return reader.tree, OhSevenRules(variant.model), players, variant


class OhSevenNotation(Notation[State, Action]):
    """A bid or a card is written as the card (rank + suit, `7S`); each is one move, numbered
    bids and cards together. Illegal-move reports say the round, the trick and the player."""

    game = GAME
    names_the_player = False

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players

    def describe(self, rules: OhSevenRules, state: State, action: Action) -> str:  # type: ignore[override]
        who = self.players[rules.current_seat(state)]
        card = rules.card_name(action.card)
        if state.phase == BID:
            return f"round {state.round + 1}, {who} bids {card}"
        return f"round {state.round + 1}, trick {state.trick_no + 1}, {who} plays {card}"

    def explain(self, rules: OhSevenRules, state: State, action: Action,  # type: ignore[override]
                done: Sequence[Action]) -> str | None:
        """A card its player does not hold is most often a trick written out of play order (the
        wrong leader, or seat order): say who plays that card and why, as the rules decide it."""
        if state.phase != PLAY or not isinstance(action, Play) or action.card in state.hands[state.seat]:
            return None
        who = self.players[state.seat]
        k = state.trick_no + 1
        if state.trick:
            turn = f"plays card {len(state.trick) + 1} of trick {k} (clockwise after {self.players[state.seat - 1]})"
        elif state.trick_no:
            turn = f"leads trick {k} ({who} won trick {k - 1})"
        elif rules.lead_high:
            turn = f"leads trick 1 ({who}'s {rules.card_name(state.bid_cards[state.seat])} is the highest bid card)"
        else:
            turn = (f"leads trick 1 ({self.players[state.dealer]} deals, and the player on the dealer's left "
                    "leads the first trick)")
        return f"{who} does not hold {rules.card_name(action.card)}: a trick is written in play order, and {who} {turn}"


def rebid_why(trigger: str, total: object, card: str | None = None, *, bids: str = "the bids") -> str:
    """Why a rebid was forced, in words, as play and replay say it: 'the bids total 7', 'the
    highest bid card, 7H, was bid twice', or both joined by 'and' (`trigger`: the rebid event's)."""
    twice = f"the highest bid card, {card}, was bid twice" if card else "the highest bid card was bid twice"
    said = {"sum": [f"{bids} total {total}"], "identical": [twice], "sum+identical": [f"{bids} total {total}", twice]}
    return " and ".join(said[trigger])


def replay(path: Path) -> Replay:
    """Replay a transcript. Raises TranscriptError or IllegalActionError."""
    path = Path(path)
    tree, rules, players, variant = load_transcript(path)
    parsed = _parse(path, tree, rules, players)
    n = len(players)
    deck = StackedDeck([d.hands for r in parsed.rounds for d in r.deals])
    log: list[Event] = []
    state = rules.initial_state(n, rng=deck)  # type: ignore[arg-type]
    names = rules.cards.names
    report_rounds: list[dict[str, Any]] = []
    mover = MovePlayer(rules, state, OhSevenNotation(players), names=players, rng=deck, log=log)

    decisions: list[Any] = []

    def act(st: State, action: Any, node: Node) -> State:
        try:
            played = mover.play(Move(mover.played + 1, str(action), (action,), where(node)))
            decisions.append(action)
            return played
        except DealMismatch as exc:  # pragma: no cover - _parse checks every hand against the deck
            raise TranscriptError([tree.problem("rounds", f"cannot deal: {exc}")]) from None

    for r, rin in enumerate(parsed.rounds):
        rp = f"rounds.{r + 1}"
        rnd: dict[str, Any] = {"round": r + 1, "dealer": players[state.dealer], "deals": [], "tricks": []}
        report_rounds.append(rnd)
        first = len(log)
        for d, din in enumerate(rin.deals):
            dp = f"{rp}.deals.{d + 1}"
            if state.phase != BID or state.deal_no != d + 1:
                raise TranscriptError([din.node.problem(dp, "the bidding was already settled: this deal never "
                                                        "happens under the rules (no redeal was needed)")])
            deal: dict[str, Any] = {"deal": d + 1, "hands": {players[i]: [names[c] for c in state.hands[i]]
                                                              for i in range(n)}, "passes": []}
            if d:  # a redeal: the rebid bonuses of the round so far stay, or are taken back
                deal["points_kept"] = rules.keep_points
                if not rules.keep_points:  # each redeal takes back what the deal before it paid
                    taken_back: Counter[str] = Counter()
                    for prev in rnd["deals"][-1]["passes"]:
                        taken_back.update({b["player"]: b["points"] for b in prev.get("bonus", [])})
                    deal["bonus_taken_back"] = {p: taken_back[p] for p in players if taken_back[p]}
            rnd["deals"].append(deal)
            for k, (pnode, cards) in enumerate(din.passes):
                pp = f"{dp}.bids.{k + 1}"
                if state.phase == BID and state.deal_no > d + 1:
                    raise TranscriptError([pnode.problem(pp, "a player has no unused card left for a rebid: the "
                                                         "rules redeal here, so these bids belong to a new deal "
                                                         "(its own `- hands:` entry)")])
                if state.phase != BID or state.deal_no != d + 1:
                    raise TranscriptError([pnode.problem(pp, "the bidding was already settled: no rebid was "
                                                         "forced, so this pass never happens")])
                mark = len(log)
                for _ in range(n):
                    seat = rules.current_seat(state)
                    card = cards[seat]
                    state = act(state, rules.bid_actions[card], pnode)
                evs = log[mark:]
                bids = [{"player": players[i], "card": names[cards[i]], "bid": rules.cards.bid[cards[i]]}
                        for i in range(n)]
                entry: dict[str, Any] = {"pass": k + 1, "bids": bids, "sum": sum(b["bid"] for b in bids)}
                reb = [e for e in evs if e.kind == EV_REBID]
                if reb:
                    entry["rebid"] = reb[0].data["trigger"]
                    entry["bonus"] = [{"player": players[e.seat], "points": e.data["bonus"]}
                                      for e in evs if e.kind == EV_REBID_BONUS]
                else:  # a trigger met, yet the bids stand: only the redeal safety stop does that
                    met = [name for name, on in (
                        ("sum", rules.trig_sum and entry["sum"] == rules.hand_size),
                        ("identical", rules.trig_same and cards.count(max(cards)) > 1)) if on]
                    if met:
                        entry["safety_stop"] = "+".join(met)
                deal["passes"].append(entry)
            if deck.overrun:
                raise TranscriptError([din.node.problem(dp, "every player has used all cards as bids: the rules "
                                                        "redeal, but the transcript has no further deal")])
            if state.phase == BID and state.deal_no == d + 1:
                node = din.passes[-1][0] if din.passes else din.node
                last = deal["passes"][-1] if deal["passes"] else {}
                why = f" ({rebid_why(last['rebid'], last.get('sum'), bids='they')})" if last.get("rebid") else ""
                raise TranscriptError([node.problem(dp, f"the bids force a rebid{why}, but the transcript has no "
                                                    "further bidding pass in this deal")])
            if state.phase == BID and d + 1 == len(rin.deals):
                raise TranscriptError([din.node.problem(dp, "every player has used all cards as bids: the rules "
                                                        "redeal, but the transcript has no further deal")])
        if state.phase != PLAY or state.round != r:
            raise TranscriptError([rin.node.problem(rp, "the round's bidding is not finished")])
        set_ev = next(e for e in log[first:] if e.kind == EV_BIDS_SET)
        rnd["bids"] = {players[i]: state.bids[i] for i in range(n)}
        # The events write no trump as "-" (a string column in the events table); JSON says null.
        rnd["trump"] = None if set_ev.data["trump"] == "-" else set_ev.data["trump"]
        rnd["highest_card"] = set_ev.data["card"]
        rnd["highest_bidder"] = players[set_ev.seat]
        rnd["first_lead"] = players[state.leader]
        rnd["redeals"] = state.deal_no - 1
        rnd["rebids"] = state.rebids
        for t, (tnode, cards) in enumerate(rin.tricks):
            played = []
            for card in cards:
                seat = rules.current_seat(state)
                played.append({"player": players[seat], "card": names[card]})
                state = act(state, rules.play_actions[card], tnode)
            trick_ev = next(e for e in reversed(log) if e.kind == EV_TRICK)
            rnd["tricks"].append({"trick": t + 1, "cards": played, "winner": players[trick_ev.seat],
                                  "winning_card": trick_ev.data["card"]})
        ends = [e for e in log[first:] if e.kind == EV_ROUND_END]
        if ends:
            rnd["scores"] = [{"player": players[e.seat], "bid": e.data["bid"], "tricks": e.data["tricks"],
                              "exact": e.data["exact"], "score": e.data["round_score"], "bonus": e.data["bonus"],
                              "total": e.data["total"]} for e in ends]
        elif r + 1 < len(parsed.rounds):
            raise TranscriptError([rin.node.problem(rp, f"the round has {len(rin.tricks)} of {rules.hand_size} "
                                                    "tricks, but more rounds follow")])
    if deck.used != len(deck.deals):
        raise TranscriptError([tree.problem("rounds", "the transcript lists more deals than the rules used")])
    complete = state.phase == OVER
    totals = rules.totals(state)
    keys = [(t, e) if rules.tie_exact else (t,) for t, e in zip(totals, state.exact, strict=True)]
    from playtest.core.results import rank

    ranks, shares = rank(keys)
    final = [{"seat": i + 1, "player": players[i], "rounds": state.points[i], "rebid_bonus": state.bonus[i],
              "total": totals[i], "exact_bids": state.exact[i], "rank": ranks[i],
              "win_share": shares[i] if complete else 0.0} for i in range(n)]
    header = tree.value  # checked by the core's TranscriptReader in load_transcript
    title = header["title"].value if "title" in header and isinstance(header["title"].value, str) else ""
    common = common_outcome(variant=variant, variant_ref=header["variant"].value, title=title, transcript=str(path),
                            names=players, moves=mover.played, rules=rules, state=state)
    return Replay(str(path), variant.path, variant.hash, players, report_rounds, final, complete, rules.rounds,
                  rules.result(state) if complete else None, log, common, variant, decisions)


__all__ = ["DealMismatch", "Replay", "StackedDeck", "load_transcript", "replay", "EV_BID", "EV_REDEAL"]


# --- recording ----------------------------------------------------------------------------------


def record(rules: OhSevenRules, variant: str, players: list[str], bots: list[Any], *, seed: int,
           overrides: list[str] | None = None) -> dict[str, Any]:
    """Play one match with `bots` and return it as a transcript mapping (dump it with
    `dump_transcript`). `variant` is written as given (a path relative to the transcript)."""
    import random

    n = len(players)
    deal_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1000 + 1 + i) for i in range(n)]
    names = rules.cards.names
    state = rules.initial_state(n, rng=deal_rng)
    rounds: list[dict[str, Any]] = []
    cur_round = -1
    cur_deal: dict[str, Any] | None = None
    trick: list[str] = []
    pass_cards: list[str | None] = [None] * n
    while not rules.is_terminal(state):
        if state.round != cur_round:
            cur_round = state.round
            rounds.append({"deals": [], "tricks": []})
            cur_deal = None
        rnd = rounds[-1]
        if state.phase == BID and (cur_deal is None or cur_deal["_no"] != state.deal_no):
            cur_deal = {"_no": state.deal_no, "hands": {players[i]: [names[c] for c in state.hands[i]]
                                                        for i in range(n)}, "bids": []}
            rnd["deals"].append(cur_deal)
        seat = rules.current_seat(state)
        legal = rules.legal_actions(state)
        action = bots[seat].choose(rules.view(state, seat), legal, rng=bot_rngs[seat])
        phase = state.phase
        state = rules.apply(state, action, rng=deal_rng)
        if phase == BID:
            pass_cards[seat] = names[action.card]
            if all(c is not None for c in pass_cards):
                assert cur_deal is not None
                cur_deal["bids"].append(list(pass_cards))
                pass_cards = [None] * n
        else:
            trick.append(names[action.card])
            if len(trick) == n:
                rnd["tricks"].append(trick)
                trick = []
    for rnd in rounds:
        for deal in rnd["deals"]:
            deal.pop("_no")
    out: dict[str, Any] = {"game": "ohseven", "variant": variant}
    if overrides:
        out["set"] = list(overrides)
    out["players"] = list(players)
    out["rounds"] = rounds
    return out


def dump_transcript(data: dict[str, Any]) -> str:
    """YAML text of a transcript mapping: one line per hand, bidding pass and trick."""
    from playtest.core.transcript import dump_yaml

    return dump_yaml(data)
