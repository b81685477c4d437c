"""Shared helpers for the Oh-Seven tests: rules from the shipped variants, stacked deals."""

from __future__ import annotations

from pathlib import Path

from playtest.core.events import Event
from playtest.games.ohseven.rules import OhSevenRules
from playtest.games.ohseven.state import State
from playtest.games.ohseven.transcript import StackedDeck
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants" / "ohseven"
DATA = Path(__file__).resolve().parent / "data"


def rules_for(name: str = "base", overrides: tuple[str, ...] = ()) -> OhSevenRules:
    return OhSevenRules(load_variant(VARIANTS / f"{name}.yaml", overrides).model)


def cards(rules: OhSevenRules, text: str) -> tuple[int, ...]:
    return tuple(rules.by_name[c] for c in text.split())


def stacked(rules: OhSevenRules, *deals: list[str]) -> StackedDeck:
    """Each deal: one hand per seat as 'c c c ...' text."""
    return StackedDeck([[cards(rules, h) for h in deal] for deal in deals])


def bid(rules: OhSevenRules, state: State, card: str, deck: StackedDeck, log: list[Event] | None = None) -> State:
    return rules.apply(state, rules.bid_actions[rules.by_name[card]], rng=deck, log=log)  # type: ignore[arg-type]


def play(rules: OhSevenRules, state: State, card: str, deck: StackedDeck, log: list[Event] | None = None) -> State:
    return rules.apply(state, rules.play_actions[rules.by_name[card]], rng=deck, log=log)  # type: ignore[arg-type]


def bids_in_seat_order(rules: OhSevenRules, state: State, seat_cards: list[str], deck: StackedDeck,
                       log: list[Event] | None = None) -> State:
    """One bidding pass: seat_cards[i] is seat i's card, applied in the rules' decision order."""
    for _ in seat_cards:
        state = bid(rules, state, seat_cards[rules.current_seat(state)], deck, log)
    return state
