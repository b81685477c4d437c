"""What each kind of New Frontiers decision does to the state: one handler per decision kind
(`HANDLERS`), called by `NewFrontiersRules` on the decision's private copy of the state with the
move chosen; a handler may queue tasks in front of `state.todo` (a discard over the world limit,
a further settle, the consume powers still to use)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from playtest.core.events import Event, make_event
from playtest.games.newfrontiers.actions import select
from playtest.games.newfrontiers.moves import consume_power, pending_consumes
from playtest.games.newfrontiers.state import (
    COLONISTS,
    CONSUME,
    DEVELOP,
    DISCARD,
    EXPLORE,
    GOAL,
    PASS,
    SELECT,
    SETTLE,
    STORE,
    TASKS,
    TRADE,
    WINDFALL,
    Move,
    State,
    Task,
)

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


def _select(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
            log: list[Event] | None) -> None:
    select(rules, s, task.seat, m.arg, rng, log)


def _develop(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
             log: list[Event] | None) -> None:
    if m == PASS:
        return
    d = rules.tiles.dev_index[m.arg]
    cost = rules.develop_cost(s, task.seat, d)
    p = s.mut(task.seat)
    p.gold -= cost
    p.devs = (*p.devs, d)
    rules.refresh(p)
    left = list(s.devs_left)
    left[d] -= 1
    s.devs_left = tuple(left)
    if log is not None:
        log.append(make_event(("develop", s.round, s.turn, task.seat, {"item": m.arg, "cost": cost,
                                                                       "large": rules.tiles.devs[d].large})))


def _explore(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
             log: list[Event] | None) -> None:
    if m == PASS:
        return
    w = rules.tiles.world_index[m.arg]
    draw = list(s.draw)
    draw.remove(w)
    s.draw = tuple(draw)
    p = s.mut(task.seat)
    if rules.take_over_limit(p):
        s.todo = (TASKS[DISCARD, task.seat], *s.todo)
    p.unsettled = (*p.unsettled, w)
    if log is not None:
        log.append(make_event(("take", s.round, s.turn, task.seat, {"item": m.arg, "bonus": bool(task.a)})))


def _discard(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
             log: list[Event] | None) -> None:
    w = rules.tiles.world_index[m.arg]
    p = s.mut(task.seat)
    p.unsettled = tuple(x for x in p.unsettled if x != w)
    s.bag = tuple(sorted((*s.bag, w)))
    if log is not None:
        log.append(make_event(("discard", s.round, s.turn, task.seat, {"item": m.arg})))


def _settle(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
            log: list[Event] | None) -> None:
    if m == PASS:
        return
    p = s.mut(task.seat)
    if m == COLONISTS:
        rules.gain_colonists(s, p, rules.r.settle.colonists)
        if log is not None:
            log.append(make_event(("colonists", s.round, s.turn, task.seat, {"amount": rules.r.settle.colonists})))
        return
    t = rules.tiles
    w = t.world_index[m.arg]
    frozen = rules.settle_powers(s, task)
    rewarded = rules.settle_on(s, p, frozen, w)
    if task.a < frozen.extra_settle:
        s.todo = (TASKS[SETTLE, task.seat, task.a + 1, task.b], *s.todo)
    if log is not None:
        tile = t.worlds[w]
        method, need = rules.settle_need(frozen, w)
        log.append(make_event(("settle", s.round, s.turn, task.seat,
                               {"item": m.arg, "world_kind": tile.kind, "color": t.colors[tile.color] if tile.color >= 0
                                else "-", "method": method, "cost": need if method == "gold" else 0,
                                "gold": rewarded})))


def _windfall(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
              log: list[Event] | None) -> None:
    t = rules.tiles
    w = t.world_index[m.arg]
    p = s.mut(task.seat)
    p.goods = (*p.goods, w)
    if log is not None:
        log.append(make_event(("windfall", s.round, s.turn, task.seat, {"item": m.arg, "color": t.colors[t.worlds[w].color]})))


def _trade(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
           log: list[Event] | None) -> None:
    if m == PASS:
        return
    t = rules.tiles
    w = t.world_index[m.arg]
    p = s.mut(task.seat)
    price = t.prices[t.worlds[w].color]
    p.goods = tuple(x for x in p.goods if x != w)
    p.gold += price
    if log is not None:
        log.append(make_event(("trade", s.round, s.turn, task.seat, {"item": m.arg, "color": t.colors[t.worlds[w].color],
                                                                     "gold": price})))


def _consume(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
             log: list[Event] | None) -> None:
    t = rules.tiles
    good = m.arg.partition(" with ")[0]
    w = t.world_index[good]
    p = s.mut(task.seat)
    # `_moved` took the decision's task off the queue: it and the player's consume tasks after
    # it are the powers still to use; the one chosen takes the good.
    pending = pending_consumes(task, s.todo)
    j = consume_power(rules, p, pending, m)
    power = p.prof.consume[j]
    p.goods = tuple(x for x in p.goods if x != w)
    p.gold += power.gold
    rules.gain_chips(s, p, power.vp)
    left = tuple(TASKS[CONSUME, task.seat, a, b - (a == j)] for a, b in pending if b - (a == j) > 0)
    s.todo = (*left, *s.todo[len(pending) - 1:])
    if log is not None:
        log.append(make_event(("consume", s.round, s.turn, task.seat, {"item": good, "color": t.colors[t.worlds[w].color],
                                                                       "vp": power.vp, "gold": power.gold})))


def _goal(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
          log: list[Event] | None) -> None:
    t = rules.tiles
    kept, _, order = m.arg.partition(" return ")
    g = t.goal_index[kept]
    rest = tuple(t.goal_index[x] for x in order.split()) if order else tuple(x for x in s.goal_offer if x != g)
    s.goal_deck = (*s.goal_deck, *rest)
    s.goal_offer = ()
    for seat, p in enumerate(s.players):  # a new face-down goal turns every face-down goal face up
        if p.goals_down:
            if log is not None:
                for x in p.goals_down:
                    log.append(make_event(("goal_flip", s.round, s.turn, seat, {"item": t.goals[x].id})))
            q = s.mut(seat)
            q.goals_up = (*q.goals_up, *q.goals_down)
            q.goals_down = ()
    p = s.mut(task.seat)
    p.goals_down = (*p.goals_down, g)
    if log is not None:
        log.append(make_event(("goal_keep", s.round, s.turn, task.seat, {"item": kept})))


def _store(rules: NewFrontiersRules, s: State, task: Task, m: Move, rng: random.Random,
           log: list[Event] | None) -> None:
    if m == PASS:
        return
    t = rules.tiles
    goal = t.goals[task.a]
    mat = goal.storage
    assert mat is not None
    p = s.mut(task.seat)
    item = ""
    if mat.item == "gold":
        p.gold -= mat.amount
    elif mat.item == "colonist":
        p.colonists -= mat.amount
        p.mat_colonists += mat.amount
    else:
        w = t.world_index[m.arg.split()[1]]
        p.unsettled = tuple(x for x in p.unsettled if x != w)
        p.mat_worlds = (*p.mat_worlds, w)
        item = t.worlds[w].id
    counts = dict(p.stored)
    counts[task.a] = counts.get(task.a, 0) + 1
    p.stored = tuple(sorted(counts.items()))
    if task.a in p.goals_down:  # storing reveals the goal
        p.goals_down = tuple(g for g in p.goals_down if g != task.a)
        p.goals_up = (*p.goals_up, task.a)
    if log is not None:
        log.append(make_event(("store", s.round, s.turn, task.seat, {"item": goal.id, "amount": mat.amount,
                                                                     "stored": item or mat.item})))


QUEUE_NOTHING = frozenset({"develop", "discard", "trade", "pass", "colonists", "windfall", "take"})
"""The verbs whose handlers queue no task (a take queues its discard over the world limit only)."""


HANDLERS: dict[str, Any] = {
    SELECT: _select, DEVELOP: _develop, EXPLORE: _explore, DISCARD: _discard, SETTLE: _settle,
    WINDFALL: _windfall, TRADE: _trade, CONSUME: _consume, GOAL: _goal, STORE: _store,
}
