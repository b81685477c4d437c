"""The greedy bot's `explain` (the reason `playtest play`'s hint gives): its numbers are the
evaluation's, it names the move the bot chose, and asking for it changes no choice."""

from __future__ import annotations

import random
import re

import pytest

from playtest import rng as streams
from playtest.games.newfrontiers.bots import GreedyBot
from playtest.games.newfrontiers.evaluation import value_parts, values
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.variants import load_variant
from tests.newfrontiers.helpers import VARIANTS

NUMBER = r"-?\d+\.\d"
WHY = re.compile(rf"(?:with your (?P<steps>.+) after it, )?it leaves you (?P<vp>-?\d+) VP now \+ (?P<potential>{NUMBER}) "
                 rf"potential(?: \((?P<terms>[^)]*)\))? = (?P<total>{NUMBER}), (?:(?P<lead>{NUMBER}) (?P<side>ahead of|behind)"
                 rf"|level with) the best other player's (?P<rival>{NUMBER}); the next best, (?P<next>[\w ]+), (?:also )?"
                 rf"(?:(?P<next_lead>{NUMBER}) (?P<next_side>ahead|behind)|level)")


def _rules(name: str) -> NewFrontiersRules:
    return NewFrontiersRules(load_variant(VARIANTS / f"{name}.yaml").model)


def _games(rules: NewFrontiersRules, seed: int, explain: bool, n: int = 3):
    """One game of greedy bots: (the moves, and per decision the chooser's (state, seat, move,
    explanation)); `explain`: whether each choice is explained as it is made."""
    bots = [GreedyBot(rules) for _ in range(n)]
    deal = streams.stream(seed, 0, streams.DEAL)
    dice = [random.Random(seed * 10 + s) for s in range(n)]
    state = rules.initial_state(n, rng=deal)
    moves, said = [], []
    while not rules.is_terminal(state):
        seat = rules.current_seat(state)
        move = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state), rng=dice[seat])
        moves.append(move)
        said.append((state, seat, move, bots[seat].explain() if explain else ""))
        state = rules.apply(state, move, rng=deal)
    return moves, said


@pytest.mark.parametrize("variant", ["base", "goals"])
def test_the_parts_of_a_value_add_up_to_the_value(variant):
    """value_parts words the value term by term apart from the bot's fast sums; if one changes
    and the other does not, the hint would cite numbers the bot never used."""
    rules = _rules(variant)
    _, said = _games(rules, 1, explain=False)
    for state, _, _, _ in said[::3]:
        for seat, value in enumerate(values(rules, state)):
            vp, parts = value_parts(rules, state, seat)
            assert vp + sum(parts.values()) == pytest.approx(value, abs=1e-9)


def test_explaining_a_choice_changes_no_choice():
    """explain works the choice out again (the simulations never ask): asking after every
    decision leaves every move of the game as it was."""
    rules = _rules("base")
    assert _games(rules, 2, explain=True)[0] == _games(_rules("base"), 2, explain=False)[0]


@pytest.mark.parametrize("variant", ["base", "goals"])
def test_the_explanation_says_the_chosen_moves_position_and_the_next_best(variant):
    rules = _rules(variant)
    _, said = _games(rules, 3, explain=True)
    checked = 0
    for state, _, move, why in said:
        if len(rules.legal_actions(state)) == 1:
            assert why == "the only legal move"
            continue
        if why.startswith("the game ends"):
            continue
        m = WHY.fullmatch(why)
        assert m, why
        checked += 1
        vp, potential, total = int(m["vp"]), float(m["potential"]), float(m["total"])
        assert total == pytest.approx(vp + potential, abs=0.11)
        lead = float(m["lead"] or 0) * (-1 if m["side"] == "behind" else 1)
        assert lead == pytest.approx(total - float(m["rival"]), abs=0.11)
        next_lead = float(m["next_lead"] or 0) * (-1 if m["next_side"] == "behind" else 1)
        assert next_lead <= lead + 1e-9, why  # the bot took the best it saw (ties: the first listed)
        assert m["next"] != str(move) and m["next"] in map(str, rules.legal_actions(state)), why
        assert (m["steps"] is not None) <= (move.verb == "select"), why  # only a selection is judged with own steps
        if m["terms"]:
            parts = dict(t.rsplit(" ", 1) for t in m["terms"].split(", ") if t != "...")
            assert sum(map(float, parts.values())) <= potential + 0.2
    assert checked > 20
