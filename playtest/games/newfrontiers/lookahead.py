"""What only a bot's look-ahead asks of the New Frontiers rules (the greedy bot's, bots.py): the
state after a move as far as valuing it needs (`preview`, finished by `complete`), the mover
after a move without a state (`mover_after`), and whether the game may end or the mover decide
next before the next decision (`may_end_after`, `decision_follows`, `may_decide_next`,
`mover_may_decide_after`). None of it changes what a game does: each answer agrees with
`apply_legal` (tests/newfrontiers/test_properties.py checks them on every legal move of whole
games). Bots call them as methods of the rules (`NewFrontiersRules.preview`, ...).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playtest.games.newfrontiers.decisions import QUEUE_NOTHING
from playtest.games.newfrontiers.moves import LISTERS, windfall_targets
from playtest.games.newfrontiers.state import (
    COLONISTS,
    DEVELOP,
    EXPLORE,
    NEXT,
    SETTLE,
    TRADE,
    WINDFALL,
    Move,
    Player,
    State,
    Task,
)

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


def preview(rules: NewFrontiersRules, state: State, action: Move, *, rng: random.Random) -> State:
    """The state after a legal `action` as far as valuing the move needs: its players and
    `over` are those of `apply_legal`, but the steps up to the next decision are left undone
    while the round cannot end in them (some player has still to select an action). Those
    steps never change a player, and the game ends only when a round ends. Not a state to
    play on (its next decision may be one nobody is asked; its legal list is empty): for a
    bot that values a move and drops the state. 2026-12-02: the greedy bot valuing its
    look-ahead on previews instead of `apply_legal` states: 195.2 -> 179.6 M instructions a
    game (x1.09)."""
    s = rules._moved(state, action, rng, None)
    if len(s.selectors) < s.n:
        s.legal = ()
    else:  # this round's last action: it may end the game
        rules._run(s, rng, None)
    return s


def complete(rules: NewFrontiersRules, preview: State, *, rng: random.Random) -> State:
    """The state `apply_legal` returns for the move `preview` previewed (`rng` as given to
    `preview`): a copy with the steps the preview left undone carried out, instead of that
    move's handler run a second time. 2026-12-02: for the greedy bot's own steps, greedy
    164.5 -> 161.2 M instructions a game (x1.02)."""
    s = preview.copy()
    if not s.legal and not s.over:  # a finished preview (the round's last action) keeps its legal list
        rules._run(s, rng, None)
    return s


def mover_after(rules: NewFrontiersRules, state: State, action: Move) -> Player | None:
    """The deciding player as `preview(state, action)` and `apply_legal` leave them, for a
    legal move that changes no other player and cannot end the game: taking a world from
    the explore draw, discarding an unsettled world, settling, developing, trading a good,
    taking colonists, passing (the player itself: unchanged); None for every other move, and for
    a move of a round's last action that no decision certainly follows (`decision_follows`;
    value those on `preview`). Lets a bot value such a move without copying the state.
    2026-12-02, the greedy bot's takes, discards and passes: greedy 135.1 -> 126.4 M
    instructions a game (x1.069, game 0); with developments, trades and colonists: -> 123.6
    (x1.022); with settles, and every kind of move in a round's last action when a decision
    certainly follows: 116.1 -> 114.7 (x1.012, 3 games)."""
    verb = action.verb
    if may_end_after(rules, state, action):
        return None
    if verb == "pass":
        return state.players[state.todo[0].seat]
    if verb == "take":
        p = state.players[state.todo[0].seat].copy()
        p.unsettled = (*p.unsettled, rules.tiles.world_index[action.arg])  # as decisions' `_explore`
        return p
    if verb == "discard":
        p = state.players[state.todo[0].seat].copy()
        w = rules.tiles.world_index[action.arg]
        p.unsettled = tuple(x for x in p.unsettled if x != w)  # as `_discard`
        return p
    if verb == "develop":
        seat = state.todo[0].seat
        d = rules.tiles.dev_index[action.arg]
        p = state.players[seat].copy()
        p.gold -= rules.develop_cost(state, seat, d)  # as `_develop`
        p.devs = (*p.devs, d)
        rules.refresh(p)
        return p
    if verb == "trade":
        t = rules.tiles
        p = state.players[state.todo[0].seat].copy()
        w = t.world_index[action.arg]
        p.goods = tuple(x for x in p.goods if x != w)  # as `_trade`
        p.gold += t.prices[t.worlds[w].color]
        return p
    if verb == "settle":
        task = state.todo[0]
        p = state.players[task.seat].copy()
        rules.settle_on(None, p, rules.settle_powers(state, task), rules.tiles.world_index[action.arg])  # as `_settle`
        return p
    if action == COLONISTS:
        p = state.players[state.todo[0].seat].copy()
        p.colonists += rules.r.settle.colonists  # as `_settle` (`gain_colonists`)
        return p
    return None


def may_end_after(rules: NewFrontiersRules, state: State, action: Move) -> bool:
    """Whether the game may end before the next decision after the legal `action`: the
    round's last selection (its action may ask no one), or a move in the round's last action
    unless a decision certainly follows (`decision_follows`)."""
    if action.verb == "select":
        return len(state.selectors) + 1 >= state.n
    return len(state.selectors) >= state.n and not decision_follows(rules, state, action)


def decision_follows(rules: NewFrontiersRules, state: State, action: Move) -> bool:
    """Whether some decision is certainly asked after the legal `action` before the current
    action ends (so the round cannot end, nor the game, in between): the taker's discard, or
    a later task of the action whose moves `action` cannot take away: another player's
    first settle (colonists are always a choice), trade (they hold goods), windfall (they
    have a world to fill) or development (two or more within their means, as the mover may
    take the last copy of one), or an explore pick while the draw keeps a world. False when
    none is certain (the move may still be followed by a decision). (For takes alone:
    2026-12-02, greedy 116.8 -> 113.2 M instructions a game, x1.032, game 0; every move:
    see `mover_after`.)"""
    seat = state.todo[0].seat
    verb = action.verb
    if verb == "take" and rules.take_over_limit(state.players[seat]):  # its discard follows
        return True
    for task in state.todo[1:]:
        kind = task.kind
        if kind == NEXT:
            return False
        if kind == EXPLORE:
            if len(state.draw) > (verb == "take"):
                return True
        elif task.seat != seat:  # (the mover's own later decisions depend on its move)
            other = state.players[task.seat]
            if kind == SETTLE and task.a == 0 or kind == TRADE and other.goods:
                return True
            if kind == WINDFALL and windfall_targets(rules, other, task.a - 1):
                return True
            if kind == DEVELOP and len(LISTERS[DEVELOP](rules, state, task)) - 1 > (verb == "develop"):  # (PASS is one)
                return True
    return False


def may_decide_next(rules: NewFrontiersRules, preview: State, seat: int) -> bool:
    """False when the next decision after the move `preview` previewed (the decision of
    `complete(preview)`) is certainly not `seat`'s: the game is over, another player decides
    first (a first settle, a trade while they hold goods, an explore pick while the draw
    keeps a world) or no task of `seat` is left before the next player selects. True when
    it may be `seat`'s. Lets a bot that looks ahead at its own decisions stop without
    completing the preview. 2026-12-02: greedy 114.7 -> 112.5 M instructions a game (x1.020,
    3 games)."""
    if preview.over:
        return False
    if preview.legal:  # a round's last action: the preview ran to the next decision
        return preview.todo[0].seat == seat
    return _may_decide(preview, preview.todo, len(preview.draw), seat)


def mover_may_decide_after(rules: NewFrontiersRules, state: State, action: Move) -> bool:
    """`may_decide_next(preview(state, action), mover)` for the deciding player, without the
    preview: False when the mover's decision is certainly not the next one asked after the
    legal `action`. True (it may be) for every move of a round's last action and for moves
    whose handlers may queue more of the mover's tasks (settles, consumes, a take over the
    world limit, selections). Lets a bot stop looking ahead at its own decisions without
    building the state after its move. 2026-12-02: greedy 105.0 -> 103.6 M instructions a game
    (x1.014, 10 games; 103.3 -> 101.9 on 3)."""
    verb = action.verb
    if len(state.selectors) >= state.n or verb not in QUEUE_NOTHING:
        return True
    seat = state.todo[0].seat
    draw = len(state.draw)
    if verb == "take":
        if rules.take_over_limit(state.players[seat]):  # its discard follows
            return True
        draw -= 1
    return _may_decide(state, state.todo[1:], draw, seat)


def _may_decide(s: State, todo: tuple[Task, ...], draw: int, seat: int) -> bool:
    """`may_decide_next`'s scan of the tasks left in this action (`s`: its players other than
    `seat`, selectors and player count; `draw`: the worlds left in the explore draw)."""
    for task in todo:
        kind = task.kind
        if kind == NEXT:  # the next selection: `seat`'s only if it has still to select, or in the next round
            return len(s.selectors) >= s.n or seat not in s.selectors
        if task.seat == seat:
            return True
        if kind == SETTLE and task.a == 0 or kind == TRADE and s.players[task.seat].goods:
            return False
        if kind == EXPLORE and draw:
            return False
    return True
