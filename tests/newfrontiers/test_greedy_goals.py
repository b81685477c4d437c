"""The greedy bot values a goal kept, not each order of the goals returned (bots.py, `_one_step`):
with goals_draw 8 a Galaxy goals decision listed 8! = 40,320 moves (one per order until d327a008),
and one 5-player greedy game took 45 s. The shortcut holds only while no value reads the order the goals go back in."""

from __future__ import annotations

import random
from itertools import groupby

from playtest import rng as streams
from playtest.games.newfrontiers.bots import GreedyBot, _SeededDraw
from playtest.games.newfrontiers.evaluation import values
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.variants import load_variant
from tests.newfrontiers.helpers import VARIANTS


def test_a_goal_kept_is_worth_the_same_whatever_order_the_others_go_back_in_and_the_bot_takes_the_best():
    rules = NewFrontiersRules(load_variant(VARIANTS / "goals.yaml", overrides=["rules.bonuses.goals_draw=4"]).model)
    checked = 0
    for seed in (1, 2, 3):
        n = 3
        bots = [GreedyBot(rules) for _ in range(n)]
        deal = streams.stream(seed, 0, streams.DEAL)
        dice = [random.Random(seed * 10 + s) for s in range(n)]
        state = rules.initial_state(n, rng=deal)
        while not rules.is_terminal(state):
            seat = rules.current_seat(state)
            legal = rules.legal_actions(state)
            move = bots[seat].choose(rules.view(state, seat), legal, rng=dice[seat])
            if legal[0].verb == "keep" and len(legal) > 4:
                seen, _, _, drawn, chosen = bots[seat]._asked
                scores = {}
                for m in legal:  # every order, valued in full on the state the bot saw
                    v = values(rules, rules.preview(seen, m, rng=_SeededDraw(drawn)))
                    scores[m] = v[seat] - max(v[:seat] + v[seat + 1:])
                kept = lambda m: m.arg.partition(" return ")[0]  # noqa: E731
                for goal, orders in groupby(sorted(legal, key=kept), key=kept):
                    worth = {scores[m] for m in orders}
                    assert max(worth) - min(worth) < 1e-9, (goal, worth)
                assert scores[chosen] >= max(scores.values()) - 1e-9
                checked += 1
            state = rules.apply(state, move, rng=deal)
    assert checked >= 2


def test_a_goal_decision_previews_each_goal_once_not_each_order():
    """The work a decision costs, counted (not timed): one preview per goal drawn, where every
    listed order of the goals returned was one (6 goals drawn of 16: the 5 returned lie 11th to
    15th under 10, two for the second draw from now and three for the third, so 6 × 10 moves:
    6 previews, not 60)."""
    rules = NewFrontiersRules(load_variant(VARIANTS / "goals.yaml", overrides=["rules.bonuses.goals_draw=6"]).model)
    bot = GreedyBot(rules)
    deal = streams.stream(4, 0, streams.DEAL)
    dice = random.Random(4)
    state = rules.initial_state(3, rng=deal)
    while not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        if legal[0].verb == "keep":
            break
        state = rules.apply(state, legal[-1] if legal[-1].arg == "goals" else legal[0], rng=deal)
    else:
        raise AssertionError("no goal decision was reached")
    calls = []
    preview = rules.preview
    rules.preview = lambda *a, **k: calls.append(1) or preview(*a, **k)  # type: ignore[method-assign]
    bot.choose(rules.view(state, rules.current_seat(state)), legal, rng=dice)
    assert len(legal) == 6 * 10 and 6 <= len(calls) <= 7  # (the chosen move's own preview may follow)


def test_the_hint_at_a_goal_decision_names_another_goal_as_the_next_best():
    """`explain` (play's hint) judged every order of the goals returned: the next best was the
    chosen goal in another order ('keep g05; the next best, keep g05 return g12 g01, also 4.4
    behind'), no other choice at all."""
    rules = NewFrontiersRules(load_variant(VARIANTS / "goals.yaml").model)
    n, checked = 3, 0
    for seed in range(1, 7):  # decisions that list orders too (the goals returned split between two draws)
        bots = [GreedyBot(rules) for _ in range(n)]
        deal = streams.stream(seed, 0, streams.DEAL)
        dice = [random.Random(seed * 10 + s) for s in range(n)]
        state = rules.initial_state(n, rng=deal)
        while not rules.is_terminal(state) and checked < 3:
            seat = rules.current_seat(state)
            legal = rules.legal_actions(state)
            move = bots[seat].choose(rules.view(state, seat), legal, rng=dice[seat])
            if legal[0].verb == "keep" and len(legal) > len({m.arg.split()[0] for m in legal}):  # orders listed too
                said = bots[seat].explain()
                nxt = said.partition("the next best, ")[2].partition(",")[0]
                assert nxt.startswith("keep ") and nxt.split()[1] != move.arg.split()[0], said
                checked += 1
            state = rules.apply(state, move, rng=deal)
    assert checked == 3
