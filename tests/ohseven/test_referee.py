"""The engine against an independent referee (referee.py: the Oh-Seven rules re-implemented from
RULINGS.md without the engine's code), in lock-step over random matches: every decision must
offer the same cards (follow suit, bids from unused cards, the hook), and every match must end
with the same totals and win shares, at every player count, for the shipped variants and for
overrides that switch each option."""

from __future__ import annotations

import pytest

from playtest.games.ohseven.rules import OhSevenRules
from playtest.variants import load_variant

from .helpers import VARIANTS
from .referee import Disagree, referee_match

CONFIGS = [
    ("base", ()),
    ("hook", ()),
    ("no-bonus", ()),
    ("base", ("bidding.mode=in_turn", "bidding.redeal.keep_points=false", "bidding.rebid.bonus.points=2")),
    ("base", ("bidding.rebid.triggers.identical_highest=false", "tie=most_exact")),
    ("base", ("bidding.rebid.triggers.sum_equals_tricks=false", "bidding.trump=none",
              "bidding.first_lead=left_of_dealer")),
    ("base", ("tricks.identical=last_wins", "tricks.must_follow=false", "dealer_rotates=false",
              "scoring.exact_per_bid=2", "scoring.exact_bonus=0", "scoring.miss_per_trick=-2")),
    # one-card hands: a rebid needs a redeal every time, and the safety stop is reached
    ("base", ("hand_size=1", "bidding.redeal.max_per_round=1", "bidding.redeal.keep_points=false")),
    ("hook", ("hand_size=1", "bidding.redeal.max_per_round=2")),
]


@pytest.mark.parametrize(("name", "sets"), CONFIGS, ids=lambda x: x if isinstance(x, str) else ",".join(x) or "-")
def test_the_referee_agrees_with_random_matches_at_every_player_count(name: str, sets: tuple[str, ...]) -> None:
    model = load_variant(VARIANTS / f"{name}.yaml", sets).model
    rules = OhSevenRules(model)
    for n in rules.player_counts():
        referee_match(rules, model, n, seed=n)


def test_the_referee_notices_a_wrong_trick_winner() -> None:
    """The referee is not a mirror of the engine: an engine whose trick goes to the last of two
    identical cards (while the variant says the first wins) is caught."""
    model = load_variant(VARIANTS / "base.yaml", ("hand_size=7",)).model
    rules = OhSevenRules(model)
    rules.last_wins = True  # the engine misreads tricks.identical
    with pytest.raises(Disagree):
        for seed in range(40):  # two decks: identical cards meet in a trick within a few matches
            referee_match(rules, model, 5, seed=seed)
