"""The legal moves of each kind of New Frontiers decision (`LISTERS`, one lister per task kind,
as decisions.py has one handler per kind), and the other forms a move may be written in: which
consume power a `consume` move uses and how it is named, the order a `keep` returns goals in.

A lister returns [] when the decision's only choice would be `pass`: the rules then skip the
decision (`NewFrontiersRules._run`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from playtest.games.newfrontiers import schema as S
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
    TRADE,
    WINDFALL,
    Move,
    Player,
    State,
    Task,
)
from playtest.games.newfrontiers.tiles import Tiles

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


class MoveTables:
    """The moves of one variant, built once and listed from these tables (building them anew for
    every decision was a fifth of a random game's time)."""

    def __init__(self, tiles: Tiles, actions: Sequence[str]) -> None:
        self.develop = [Move("develop", d.id) for d in tiles.devs]
        top = max((d.cost for d in tiles.devs), default=0)
        self.devs_within = [tuple(i for i, d in enumerate(tiles.devs) if d.cost <= gold) for gold in range(top + 1)]
        """[g]: the developments costing at most g (before discounts), in table order; a Develop
        decision looks only at these (2026-12-02, instructions a game: greedy 200.0 -> 195.2 M,
        random 22.43 -> 22.07 M)."""
        self.select = {a: Move("select", a) for a in actions}
        self.select_left: dict[tuple[str, ...], tuple[Move, ...]] = {}
        """The select moves left after each sequence of selections in a round, listed on first
        use."""
        self.world = {verb: [Move(verb, w.id) for w in tiles.worlds]
                      for verb in ("take", "discard", "settle", "windfall", "trade", "consume")}
        """Per verb, the move naming each world (indexed as `Tiles.worlds`)."""


def legal_moves(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """The legal moves of the decision `task` in `s` ([] when only `pass` would be)."""
    return LISTERS[task.kind](rules, s, task)


def _select(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """An action not yet selected this round."""
    tables = rules.move_tables
    left = tables.select_left.get(s.selected)
    if left is None:
        left = tables.select_left[s.selected] = tuple(m for a, m in tables.select.items() if a not in s.selected)
    return left


def _develop(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """A development with a copy left that the player can pay for (and does not own, with
    `rules.unique_developments`), or pass."""
    seat = task.seat
    p = s.players[seat]
    tables = rules.move_tables
    off = sum(rules.develop_discounts(s, seat))
    owned = p.devs if rules.r.unique_developments else ()
    budget = p.gold + off  # a development is within means when cost - off <= gold
    # (never below 0 while start gold and compensation are >= 0, as the schema requires;
    # the guard keeps a hand-made state from indexing the table from its end)
    within = tables.devs_within[min(budget, len(tables.devs_within) - 1)] if budget >= 0 else ()
    copies, moves = s.devs_left, tables.develop
    out = [moves[d] for d in within if copies[d] > 0 and d not in owned]
    return [*out, PASS] if out else []


def _explore(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """A world of the draw; a player's own pick may be passed, a bonus pick may not."""
    take = rules.move_tables.world["take"]
    out = [take[w] for w in s.draw]  # the draw is kept sorted (State.draw)
    return out if task.a or not out else [*out, PASS]


def _discard(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """One of the player's unsettled worlds (over the world limit)."""
    discard = rules.move_tables.world["discard"]
    return [discard[w] for w in s.players[task.seat].unsettled]


def _settle(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """An unsettled world the player has the colonists and the gold or military for, colonists
    (the action's first settle only) or pass."""
    p = s.players[task.seat]
    t = rules.tiles
    prof = rules.settle_powers(s, task)
    settle = rules.move_tables.world["settle"]
    out = []
    for w in p.unsettled:
        tile = t.worlds[w]
        if tile.colonists > p.colonists:
            continue
        method, need = rules.settle_need(prof, w)
        if (prof.military if method == "military" else p.gold) >= need:
            out.append(settle[w])
    if task.a == 0:
        out.append(COLONISTS)
    return [*out, PASS] if out else []


def _windfall(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """A windfall world of the player's without a good (of the task's color, if it names one)."""
    windfall = rules.move_tables.world["windfall"]
    return [windfall[w] for w in windfall_targets(rules, s.players[task.seat], task.a - 1)]


def windfall_targets(rules: NewFrontiersRules, p: Player, color: int) -> list[int]:
    """`p`'s settled windfall worlds without a good, of color index `color` (-1: any)."""
    t = rules.tiles
    return [w for w in p.worlds if t.worlds[w].kind == "windfall" and w not in p.goods
            and (color < 0 or t.worlds[w].color == color)]


def _trade(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """A good the player holds, or pass."""
    p = s.players[task.seat]
    trade = rules.move_tables.world["trade"]
    return [*(trade[w] for w in p.goods), PASS] if p.goods else []


def _goal(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """Galaxy goals: keep one goal of the offer and return the others to the bottom of the deck
    in an order the player chooses (the seed: ２枚を山札の下に任意の順番で戻す). `keep g05` returns
    them in the order drawn; `keep g05 return g09 g03` in the order written (g09 first, so g09
    comes up before g03). Listed: one order per way of sharing the goals returned among the
    later draws (`later_draws`, `_shared_out`), each draw's share in the order drawn; goals one
    draw takes are drawn together and chosen among again, so their order decides no draw."""
    t = rules.tiles
    offer = s.goal_offer
    out = []
    shares = later_draws(rules, len(s.goal_deck), len(offer) - 1)
    for g in offer:
        rest = tuple(x for x in offer if x != g)
        out.append(Move("keep", t.goals[g].id))
        out += [Move("keep", f"{t.goals[g].id} return {' '.join(t.goals[x].id for x in order)}")
                for order in _shared_out(rest, shares) if order != rest]
    return out


def later_draws(rules: NewFrontiersRules, above: int, returned: int) -> list[int]:
    """For each place under the deck that a goal returned now goes to (first to last), the later
    Galaxy goals draw that will take it, counted from the next: `above` goals lie above them, every
    draw takes `goals_draw` from the top (the whole deck once it is smaller), and the goals each
    later draw returns go below them. Goals taken by one draw may come in any order as far as that
    draw's choice goes: the player drawing them sees them all and chooses again (their order is
    then only that draw's "order drawn", which a plain `keep` returns the others in)."""
    size = rules.r.bonuses.goals_draw
    return [(above + i) // size for i in range(returned)]


def _shared_out(rest: tuple[int, ...], draws: list[int]) -> list[tuple[int, ...]]:
    """One order of `rest` per way of sharing its goals out among the later draws (`draws`),
    each draw's share in the order drawn: the orders that differ only inside one draw's share
    put the same goals in every later draw."""
    sizes = [draws.count(d) for d in sorted(set(draws))]
    out: list[tuple[int, ...]] = [()]
    for size in sizes:
        out = [(*head, *pick) for head in out
               for pick in itertools.combinations([x for x in rest if x not in head], size)]
    return out


def representative(rules: NewFrontiersRules, state: State, order: tuple[int, ...]) -> tuple[int, ...]:
    """The listed order that puts the same goals in every later draw as `order` (goals returned
    now): each later draw's share in the order drawn."""
    draws = later_draws(rules, len(state.goal_deck), len(order))
    drawn = {g: i for i, g in enumerate(state.goal_offer)}
    out: list[int] = []
    for d in sorted(set(draws)):
        out += sorted((g for g, x in zip(order, draws, strict=True) if x == d), key=drawn.__getitem__)
    return tuple(out)


def returned_goals(rules: NewFrontiersRules, state: State, kept: str) -> list[str]:
    """The ids of the goals of the offer not kept, in the order drawn: what a plain `keep`
    returns, and what a `keep ... return` must list."""
    t = rules.tiles
    return [t.goals[x].id for x in state.goal_offer if t.goals[x].id != kept]


def _store(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """Store on the goal's mat (an unsettled world, or the gold or colonists it takes), or pass."""
    p = s.players[task.seat]
    t = rules.tiles
    mat = t.goals[task.a].storage
    assert mat is not None
    gid = t.goals[task.a].id
    if mat.item == "world":
        out = [Move("store", f"{gid} {t.worlds[w].id}") for w in p.unsettled]
    elif (p.gold if mat.item == "gold" else p.colonists) >= mat.amount:
        out = [Move("store", gid)]
    else:
        out = []
    return [*out, PASS] if out else []


# --- consuming ------------------------------------------------------------------------------------

def _consume(rules: NewFrontiersRules, s: State, task: Task) -> Sequence[Move]:
    """Trade/consume: the player's consume powers still to use (`pending_consumes`) are used
    in the order the player chooses, one good at a time (the seed: 消費能力があれば可能な限り
    使用, Race for the Galaxy style). A move names the good, and the power unless it is the
    best pending power for that good (`_ranked_consumes`): `consume w10` (the best),
    `consume w10 with d04` (the power of development d04; `consume_sources`). Powers alike in
    color, VP and gold are one choice. With one power pending the list is the goods it
    takes, in the player's order of goods."""
    p = s.players[task.seat]
    if not p.goods:  # nothing to consume: the decision is skipped
        return []
    consume = rules.move_tables.world["consume"]
    pending = pending_consumes(task, s.todo[1:])
    t = rules.tiles
    if len(pending) == 1:  # one power left: the goods it takes (most consume decisions)
        only = p.prof.consume[task.a].color
        return [consume[w] for w in p.goods if only is None or t.colors[t.worlds[w].color] == only]
    ranked = _ranked_consumes(p, pending)
    sources: tuple[str, ...] = ()
    out: list[Move] = []
    for w in p.goods:
        color = t.colors[t.worlds[w].color]
        seen: set[tuple[str | None, int, int]] = set()
        for j, power in ranked:
            alike = _alike(power)
            if power.color not in (None, color) or alike in seen:
                continue
            if not seen:
                out.append(consume[w])
            else:
                sources = sources or consume_sources(rules, p)
                out.append(Move("consume", f"{t.worlds[w].id} with {sources[j]}"))
            seen.add(alike)
    return out


def _alike(power: S.Consume) -> tuple[str | None, int, int]:
    """What makes two consume powers interchangeable: the goods they take and what they pay."""
    return power.color, power.vp, power.gold


def _ranked_consumes(p: Player, pending: Sequence[tuple[int, int]]) -> list[tuple[int, S.Consume]]:
    """The pending consume powers (index into `p.prof.consume`, power), best first: the most
    VP, then the most gold, then one limited to a color (keeping a power that takes any good
    for the others), then the first acquired. A plain `consume <world>` uses the first of
    them that takes the good."""
    powers = [(j, p.prof.consume[j]) for j, _ in pending]
    if len(powers) > 1:
        powers.sort(key=lambda jp: (-jp[1].vp, -jp[1].gold, jp[1].color is None))  # stable
    return powers


def pending_consumes(task: Task, after: Sequence[Task]) -> list[tuple[int, int]]:
    """(power index, goods it may still take) of `task`, the decision's CONSUME task, and of
    the same player's CONSUME tasks queued right `after` it."""
    out = [(task.a, task.b)]
    for t in after:
        if t.kind != CONSUME or t.seat != task.seat:
            break
        out.append((t.a, t.b))
    return out


def consume_sources(rules: NewFrontiersRules, p: Player) -> tuple[str, ...]:
    """The name of each of `p.prof.consume` in `consume <world> with <name>`, in the same
    order (settled worlds in settling order, then developments in buying order, as the
    Profile folds them): its tile's id (`tiles.consume_names`). Two copies of a development
    give two equal names: their powers are alike."""
    t = rules.tiles
    return (*(n for w in p.worlds for n in t.worlds[w].consume_names),
            *(n for d in p.devs for n in t.devs[d].consume_names))


def consume_power(rules: NewFrontiersRules, p: Player, pending: Sequence[tuple[int, int]], m: Move) -> int:
    """The index into `p.prof.consume` of the pending power the consume move `m` uses: the
    one named (`with <name>`), else the best that takes the good (`_ranked_consumes`)."""
    good, _, name = m.arg.partition(" with ")
    if name:
        sources = consume_sources(rules, p)
        return next(j for j, _ in pending if sources[j] == name)
    t = rules.tiles
    color = t.colors[t.worlds[t.world_index[good]].color]
    return next(j for j, power in _ranked_consumes(p, pending) if power.color in (None, color))


def canonical(rules: NewFrontiersRules, state: State, action: object) -> object:
    """`consume <world> with <name>` for a pending power of the player's that takes that good
    but is listed in another form — the best power (listed as `consume <world>`) or one alike
    to a listed power on another tile — as the move listed for it; `keep <goal> return ...` in an
    order that shares the goals among the later draws as a listed order does, as that listed move
    (the plain `keep <goal>` for the order drawn); any other action as it is. Alike powers are
    interchangeable, and goals one later draw takes decide no draw by their order (the rules'
    `_checked` still puts them under the deck as written: they are that draw's order drawn)."""
    if (type(action) is Move and action.verb == "keep" and " return " in action.arg and not state.over
            and state.todo[0].kind == GOAL):
        kept, _, order = action.arg.partition(" return ")
        t = rules.tiles
        ids = order.split()
        if sorted(ids) != sorted(returned_goals(rules, state, kept)):
            return action
        listed = [t.goals[g].id for g in representative(rules, state, tuple(t.goal_index[x] for x in ids))]
        return Move("keep", kept) if listed == returned_goals(rules, state, kept) else Move(
            "keep", f"{kept} return {' '.join(listed)}")
    if type(action) is not Move or action.verb != "consume" or " with " not in action.arg or state.over:
        return action
    task = state.todo[0]
    good, _, name = action.arg.partition(" with ")
    w = rules.tiles.world_index.get(good)
    if task.kind != CONSUME or w is None:
        return action
    p = state.players[task.seat]
    sources = consume_sources(rules, p)
    pending = pending_consumes(task, state.todo[1:])
    named = next((p.prof.consume[j] for j, _ in pending if sources[j] == name), None)
    color = rules.tiles.colors[rules.tiles.worlds[w].color]
    takers = [(j, power) for j, power in _ranked_consumes(p, pending) if power.color in (None, color)]
    if named is None or named.color not in (None, color):
        return action
    # As `_consume` lists them: the best taker plainly, each other kind by its first taker.
    first = next(j for j, power in takers if _alike(power) == _alike(named))
    return (rules.move_tables.world["consume"][w] if first == takers[0][0]
            else Move("consume", f"{good} with {sources[first]}"))


LISTERS: dict[str, Callable[[NewFrontiersRules, State, Task], Sequence[Move]]] = {
    SELECT: _select, DEVELOP: _develop, EXPLORE: _explore, DISCARD: _discard, SETTLE: _settle,
    WINDFALL: _windfall, TRADE: _trade, CONSUME: _consume, GOAL: _goal, STORE: _store,
}
"""The lister of each kind of decision (`legal_moves`)."""
