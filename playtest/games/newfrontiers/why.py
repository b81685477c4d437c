"""Why a New Frontiers move is not legal, in the words a player would use: the transcript
reader's first-illegal-move report and `apply`'s error (`why_illegal`, `why_not_asked`,
`why_passed_over`, `why_skipped`, which the rules offer as their methods of the same names)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from playtest.games.newfrontiers.moves import (
    LISTERS,
    canonical,
    consume_sources,
    pending_consumes,
    returned_goals,
)
from playtest.games.newfrontiers.state import (
    CONSUME,
    CONSUME_START,
    DECISIONS,
    DEVELOP,
    DISCARD,
    EXPLORE,
    GOAL,
    SELECT,
    SETTLE,
    STORE,
    TRADE,
    WINDFALL,
    Move,
    State,
    Task,
)

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


VERBS = {SETTLE: ("settle",), DEVELOP: ("develop",), TRADE: ("trade",), CONSUME: ("consume",), EXPLORE: ("take",),
          DISCARD: ("discard",), WINDFALL: ("windfall",), GOAL: ("keep",), STORE: ("store",)}
"""The verbs (besides pass) of each kind of decision (`why_skipped`)."""


def why_illegal(rules: NewFrontiersRules, state: State, action: object) -> str | None:
    """None if `action` is legal now, else the reason in words."""
    if state.over:
        return "the game is over"
    if not isinstance(action, Move):
        return f"not a move: {action!r}"
    if canonical(rules, state, action) in state.legal:
        return None
    return explain(rules, state, state.todo[0], action, list(state.legal))


def why_not_asked(rules: NewFrontiersRules, state: State, seat: int, action: object) -> str | None:
    """Why `seat` was not asked for `action` in the action under way, when `action` is a
    develop or a trade (every player's turn of it is the same decision): the reason its own
    turn would have refused `action` — a turn whose only choice is pass is skipped (`_run`).
    None when that turn would have allowed it, or for other moves (a transcript then says
    whose decision it is)."""
    task = state.todo[0] if state.todo else None
    if (task is None or task.kind not in (DEVELOP, TRADE) or not isinstance(action, Move)
            or action.verb != task.kind or task.seat == seat):  # (a select is no develop: not explained)
        return None
    mine = task._replace(seat=seat)
    legal = list(LISTERS[mine.kind](rules, state, mine))
    return None if action in legal else explain(rules, state, mine, action, legal)


def why_passed_over(rules: NewFrontiersRules, state: State, seat: int, action: object) -> str | None:
    """Why `seat` had no turn in the develop or trade the last selection started (`action` its
    develop or trade), now that other players' turns of it, or all of them, are over: the reason
    its turn was skipped (it had nothing to choose: only pass), else None. The player's gold and
    goods are as they were then (nobody else's move changes them), and copies are only fewer. A
    consume (`action`) after a trade: why the player's consumes were skipped (`why_no_consume`)."""
    if isinstance(action, Move) and action.verb == CONSUME:  # the consumes after the trade
        return why_no_consume(rules, state, seat)
    if not isinstance(action, Move) or action.verb not in (DEVELOP, TRADE):
        return None
    mine = Task(action.verb, seat)
    if LISTERS[mine.kind](rules, state, mine):  # the turn would have been asked: no skip to explain
        return None
    return explain(rules, state, mine, action, [])


def why_skipped(rules: NewFrontiersRules, before: State, move: Move, action: object) -> str | None:
    """Why the mover of `move` (legal in `before`) was not asked again right after it — a
    decision of theirs whose only choice would have been pass, skipped (`_run`), such as the
    second settle of an extra_settle power — when that decision would have refused `action`:
    the reason, else None. For a transcript whose next move is that player's skipped one."""
    if not isinstance(action, Move) or before.over:
        return None
    seat = before.todo[0].seat
    s = rules._moved(before, move, random.Random(0), None)  # the handler alone: no step after it
    task = s.todo[0] if s.todo else None
    if task is not None and task.kind == CONSUME_START and task.seat == seat and action.verb == CONSUME:
        return why_no_consume(rules, s, seat)  # right after the player's own trade (or pass)
    if (task is None or task.seat != seat or task.kind not in DECISIONS or LISTERS[task.kind](rules, s, task)
            or action.verb not in VERBS.get(task.kind, ())):
        return None  # no skipped decision, or not one `action` would have answered
    why = explain(rules, s, task, action, [])
    return None if why.startswith(f"seat {seat + 1} must ") else why


class Skip(NamedTuple):
    """A decision the rules did not ask because its only choice was pass (`_run`): whose, which
    kind (a Task kind: 'develop', 'trade', 'consume', ...), and why, in the rules' words ('seat 2
    has no goods to sell'; None where no reason is known). The replay and `play` show it as a line
    of its own: without one, a player skipped read as a move forgotten."""

    seat: int
    kind: str
    why: str | None
    decision: bool = True
    """A decision the rules skipped, for which a transcript may write a pass; False: a step the
    player has no decision in at all (a Trade's consumes, for a player without a consume power)."""


def why_no_choice(rules: NewFrontiersRules, s: State, task: Task) -> str | None:
    """Why decision `task` has no choice but pass in `s` (its lister gives none), in the rules'
    words, or None when the kind has no reason to give: a consume's from `why_no_consume`."""
    seat, p, t = task.seat, s.players[task.seat], rules.tiles
    who = f"seat {seat + 1}"
    if task.kind == CONSUME:
        return why_no_consume(rules, s, seat)
    if task.kind == TRADE:
        return f"{who} has no goods to sell"
    if task.kind == DEVELOP:
        owned = p.devs if rules.r.unique_developments else ()
        costs = [rules.develop_cost(s, seat, d) for d, left in enumerate(s.devs_left) if left > 0 and d not in owned]
        if not costs:
            return f"no development is left that {who} may buy"
        return f"{who} has {p.gold} gold, and the cheapest development left costs {min(costs)}"
    if task.kind == SETTLE:
        if not p.unsettled:
            return f"{who} holds no unsettled world"
        return f"{who} has too few colonists, gold or military for any world waiting to be settled"
    if task.kind == EXPLORE:
        return "the draw is empty"
    if task.kind == GOAL and not s.goal_offer:
        return "the goal deck is empty: nothing to draw"
    if task.kind == WINDFALL:
        return f"{who} has no windfall world without a good" + (f" of color {t.colors[task.a - 1]}" if task.a else "")
    return None


def why_no_consume(rules: NewFrontiersRules, s: State, seat: int) -> str | None:
    """Why `seat`'s consume decisions in a Trade are skipped: no consume power, no goods, or no
    good that a power takes (the player's powers, used or not); None when one would take one."""
    p, t = s.players[seat], rules.tiles
    who = f"seat {seat + 1}"
    if not p.prof.consume:
        return f"{who} has no consume power"
    if not p.goods:
        return f"{who} has no goods to consume"
    colors = sorted({t.colors[t.worlds[w].color] for w in p.goods})
    if any(power.color is None or power.color in colors for power in p.prof.consume):
        return None
    return f"{who} holds only {' and '.join(colors)} goods, which no consume power of theirs takes"


def _named_power(rules: NewFrontiersRules, s: State, task: Task, name: str, color: str) -> str:
    """Why `consume <good> with <name>` is refused when the good itself could be consumed: 'w10
    with w34 is not a choice here' said nothing of the power named."""
    p = s.players[task.seat]
    sources = consume_sources(rules, p)
    if name not in sources:
        return (f"seat {task.seat + 1} has no consume power {name} in play (theirs: "
                f"{', '.join(dict.fromkeys(sources)) or 'none'})")
    pending = [j for j, _ in pending_consumes(task, s.todo[1:])]
    if not any(sources[j] == name for j in pending):
        return f"the consume power of {name} was used already in this trade"
    return f"the consume power of {name} takes only {p.prof.consume[sources.index(name)].color} goods, not {color}"


def explain(rules: NewFrontiersRules, s: State, task: Task, m: Move, legal: list[Move]) -> str:
    """Why a move is not legal, in the words a player would use."""
    seat = task.seat
    who = f"seat {seat + 1}"
    valid = ", ".join(str(x) for x in legal)
    t = rules.tiles
    p = s.players[seat]
    if task.kind == SELECT and m.verb == "select":
        if m.arg in s.selected:
            return f"{m.arg} was already selected this round"
        return f"unknown action {m.arg!r} (selectable: {valid})"
    if task.kind == SETTLE and m.verb == "settle" and not m.arg:
        if not p.unsettled:
            return f"{who} holds no unsettled world to settle (legal: {valid})"
        if not any(x.verb == "settle" for x in legal):
            # it held some it could not settle yet: "holds no unsettled world" was untrue there
            each = "; ".join(explain(rules, s, task, Move("settle", t.worlds[w].id), legal) for w in p.unsettled)
            return f"{who} can settle none of their unsettled worlds now: {each} (legal: {valid})"
        return f"settle needs a world: `settle <world>` (legal: {valid})"
    if task.kind == DEVELOP and m.verb == "develop" and not m.arg:
        if not any(x.verb == "develop" for x in legal):
            # (then the player is not asked: it read "develop needs a development ... (legal: )")
            left = [d for d in range(len(t.devs)) if s.devs_left[d]
                    and not (rules.r.unique_developments and d in p.devs)]
            if not left:
                return f"no development is left that {who} could buy"
            d = min(left, key=lambda d: rules.develop_cost(s, seat, d))
            return (f"{who} can afford no development: the cheapest left, {t.devs[d].id}, costs "
                    f"{rules.develop_cost(s, seat, d)} gold, {who} has {p.gold}")
        return f"develop needs a development: `develop <development>` (legal: {valid})"
    if task.kind == SETTLE and m.verb == "settle" and m.arg in t.world_index:
        w = t.world_index[m.arg]
        if w not in p.unsettled:
            return f"{who} holds no unsettled world {m.arg}"
        tile = t.worlds[w]
        if tile.colonists > p.colonists:
            return f"{m.arg} needs {tile.colonists} colonist(s), {who} has {p.colonists}"
        prof = rules.settle_powers(s, task)
        method, need = rules.settle_need(prof, w)
        if method == "military":
            return f"{m.arg} needs military {need}, {who} has {prof.military}"
        return f"{m.arg} costs {need} gold, {who} has {p.gold}"
    if task.kind == DEVELOP and m.verb == "develop" and m.arg in t.dev_index:
        d = t.dev_index[m.arg]
        if s.devs_left[d] == 0:
            return f"no {m.arg} left"
        if rules.r.unique_developments and d in p.devs:
            return f"{who} already owns {m.arg}"
        return f"{m.arg} costs {rules.develop_cost(s, seat, d)} gold, {who} has {p.gold}"
    if task.kind == EXPLORE and m.verb == "take":
        if not m.arg:
            return f"take needs a world: `take <world>` (legal: {valid})"
        return f"{m.arg} is not in the draw (left: {', '.join(t.worlds[w].id for w in s.draw)})"
    if task.kind == GOAL and m.verb == "keep" and " return " in m.arg:
        kept, _, order = m.arg.partition(" return ")
        drawn = [t.goals[g].id for g in s.goal_offer]
        others = returned_goals(rules, s, kept)
        if kept in drawn and sorted(order.split()) != sorted(others):
            return (f"the goals returned are the ones not kept, {' and '.join(others) or 'none'}, in the order "
                    f"they go under the deck (drawn: {', '.join(drawn)})")
    if task.kind in (DISCARD, TRADE, CONSUME, WINDFALL) and m.verb == task.kind:
        if not [x for x in legal if x.verb == m.verb]:
            return f"{who} has nothing to {m.verb}"
        if not m.arg:
            return f"{m.verb} needs a world: `{m.verb} <world>` (legal: {valid})"
        good, _, name = m.arg.partition(" with ") if task.kind == CONSUME else (m.arg, "", "")
        w = t.world_index.get(good, -1)
        if task.kind in (TRADE, CONSUME) and w >= 0:  # the good is the world's: say what the world lacks
            if w in p.unsettled:
                return f"{good} is not settled yet, so it holds no good (legal: {valid})"
            if w not in p.worlds:
                return f"{who} holds no world {good} (legal: {valid})"
            if w not in p.goods:
                return f"{good} holds no good (legal: {valid})"
            if name:  # the power named: not the player's, used already, or not for this color
                return f"{_named_power(rules, s, task, name, t.colors[t.worlds[w].color])} (legal: {valid})"
        return f"{m.arg} is not a choice here (legal: {valid})"
    expected = {SELECT: "select an action", DEVELOP: "develop or pass", EXPLORE: "take a world from the draw",
                DISCARD: "discard an unsettled world", SETTLE: "settle, colonists or pass",
                WINDFALL: "put a good on a windfall world", TRADE: "trade a good or pass",
                CONSUME: "consume a good", GOAL: "keep one of the goals drawn",
                STORE: "store on the goal's mat or pass"}[task.kind]
    return f"{who} must {expected} now (legal: {valid})"
