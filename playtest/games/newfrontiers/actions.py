"""Selecting an action: its bonus for the selector, gold-on-action powers, and the tasks it queues
for every player (selector first, then the others in turn-order-track order).

The events it logs: `select` (the action; `pile`: gold taken from the Produce pile; `gold`: the
Retreat or Galaxy goals bonus gold, on those two actions only), then one `gold_on` per holder
of a gold-on-action power the selection paid (`gold`: what that player's powers paid together)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playtest.core.events import Event, make_event
from playtest.games.newfrontiers.rounds import T_COLONISTS
from playtest.games.newfrontiers.state import (
    CONSUME_START,
    DEVELOP,
    EXPLORE,
    GOAL,
    NEXT_TASK,
    RETURN_DRAW_TASK,
    SETTLE,
    STORE,
    TASKS,
    TRADE,
    WINDFALL,
    State,
    Task,
)

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


def select(rules: NewFrontiersRules, s: State, seat: int, action: str, rng: random.Random,
           log: list[Event] | None) -> None:
    b = rules.r.bonuses
    pick_no = len(s.selected) + 1
    s.selected = (*s.selected, action)
    s.selectors = (*s.selectors, seat)
    s.action = action
    order = rules.order(s, seat)
    pile_taken, drawn, bonus_gold = 0, -1, -1
    paid: list[tuple[int, int]] = []
    for i, p in enumerate(s.players):  # gold-on-action powers pay every holder, whoever selected
        gain = p.prof.gold_on.get(action, 0)
        if gain:
            s.mut(i).gold += gain
            paid.append((i, gain))
    tasks: list[Task] = []
    if action == "retreat":
        bonus_gold = b.retreat_gold
        s.mut(seat).gold += bonus_gold
    elif action == "goals":
        bonus_gold = b.goals_gold
        s.mut(seat).gold += bonus_gold
        pos = s.track.index(seat)
        if pos > 0:
            track = list(s.track)
            track[pos - 1], track[pos] = track[pos], track[pos - 1]
            s.track = tuple(track)
        k = min(b.goals_draw, len(s.goal_deck))
        s.goal_offer, s.goal_deck = s.goal_deck[:k], s.goal_deck[k:]
        tasks = [TASKS[GOAL, seat]]
    elif action == "envoy":
        rules.gain_chips(s, s.mut(seat), b.envoy_vp)
        s.track = (seat, *(x for x in s.track if x != seat))
    elif action == "develop":
        tasks = [TASKS[DEVELOP, x] for x in order]
    elif action == "explore":
        s.draw = tuple(sorted(rng.sample(s.bag, explore_draw_size(rules, s))))
        bag = list(s.bag)
        for w in s.draw:
            bag.remove(w)
        s.bag = tuple(bag)
        for x in order:
            tasks.append(TASKS[EXPLORE, x])
            extra_picks = s.players[x].prof.explore_extra
            if extra_picks:
                tasks += [TASKS[EXPLORE, x, 1]] * extra_picks
        tasks += [TASKS[EXPLORE, seat, 1]] * b.explore_picks
        tasks.append(RETURN_DRAW_TASK)
        drawn = len(s.draw)
    elif action == "settle":
        limit = rules.r.end.settle_colonists
        if limit is not None and s.colonist_stock <= limit and T_COLONISTS not in s.triggers:
            s.triggers = (*s.triggers, T_COLONISTS)
        rules.gain_colonists(s, s.mut(seat), b.settle_colonists)
        tasks = [TASKS[SETTLE, x, 0, len(s.players[x].worlds)] for x in order]
    elif action == "produce":
        pile_taken = s.pile
        me = s.mut(seat)
        me.gold += s.pile
        me.pile_gold += s.pile
        s.pile = 0
        t = rules.tiles
        for i, p in enumerate(s.players):
            if p.prof.production_worlds:
                new = [w for w in p.worlds if t.worlds[w].kind == "production" and w not in p.goods]
                if new:
                    s.mut(i).goods = (*p.goods, *new)
        tasks = [TASKS[WINDFALL, seat]] * b.produce_windfalls
        for x in order:
            for c in s.players[x].prof.extra_goods:
                tasks.append(TASKS[WINDFALL, x, t.colors.index(c) + 1 if c is not None else 0])
    elif action == "trade":
        rules.gain_chips(s, s.mut(seat), b.trade_vp)
        for x in order:
            tasks += [TASKS[TRADE, x], TASKS[CONSUME_START, x]]
    else:  # pragma: no cover - legal_actions offers only known actions
        raise AssertionError(action)
    if rules.storage_goals:  # storage mats: each holder may store when the matching action is carried out
        store = [TASKS[STORE, x, g] for x in order for g in (*s.players[x].goals_down, *s.players[x].goals_up)
                 if g in rules.storage_goals and rules.storage_goals[g] == action]
        tasks = store + tasks
    s.todo = (*tasks, NEXT_TASK, *s.todo)
    if log is not None:
        data = {"action": action, "pick": pick_no, "pile": pile_taken}
        if drawn >= 0:
            data["drawn"] = drawn
        if bonus_gold >= 0:
            data["gold"] = bonus_gold
        data["first"] = pick_no == 1
        log.append(make_event(("select", s.round, s.turn, seat, data)))
        for i, gain in paid:  # after the select: what the selection paid each power's holder
            log.append(make_event(("gold_on", s.round, s.turn, i, {"action": action, "gold": gain})))


def explore_draw_size(rules: NewFrontiersRules, s: State) -> int:
    """How many worlds an Explore selected now draws from the bag: the variant's draw plus every
    player's explore_draw powers, at most what the bag holds."""
    return min(rules.r.explore.draw + sum(p.prof.explore_extra for p in s.players), len(s.bag))
