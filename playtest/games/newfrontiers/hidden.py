"""What a New Frontiers seat cannot see (RULINGS.md, New Frontiers, goals option: goals kept face
down, the goal deck's contents and order): the seat's view with them hidden, and a full state re-drawn
consistent with a view for the bots that look ahead (`sample_state`). Without goals nothing is
hidden. The rules offer both as their methods of the same names.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playtest.games.newfrontiers.state import GOAL, Player, State, View, make_view

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules


def view(rules: NewFrontiersRules, state: State, seat: int) -> View:
    """`state` as `seat` sees it: the other players' face-down goals as -1, the goal deck as -1
    each (its size is public, its goals are not: the goals returned under it are face down, and
    with the deck's contents shown, every goal neither in it, face up nor the seat's own was the
    others' face-down one), the goal offer only to the seat choosing from it."""
    if not rules.goals_on:  # nothing hidden: the (never changed) state itself
        return make_view((seat, state))
    s = state.copy()
    s.players = tuple(p if i == seat else _hide_goals(p) for i, p in enumerate(s.players))
    s.goal_deck = (-1,) * len(s.goal_deck)
    if not (state.todo and state.todo[0].kind == GOAL and state.todo[0].seat == seat):
        s.goal_offer = ()
    return make_view((seat, s))


def _hide_goals(p: Player) -> Player:
    if not p.goals_down:
        return p
    q = p.copy()
    q.goals_down = tuple(-1 for _ in p.goals_down)
    return q


def sample_state(rules: NewFrontiersRules, view: View, *, rng: random.Random) -> State:
    """A full state consistent with `view`: other players' face-down goals and the goal deck
    re-drawn from the goals the seat cannot see; the view's own state when nothing is
    hidden (states are never changed once made)."""
    if not rules.goals_on:
        return view.state
    s = view.state.copy()
    seen: set[int] = set(s.goal_offer)
    for p in s.players:
        seen.update(g for g in p.goals_down if g >= 0)
        seen.update(p.goals_up)
    unknown = [g for g in range(len(rules.tiles.goals)) if g not in seen]
    rng.shuffle(unknown)
    for i, p in enumerate(s.players):
        if any(g < 0 for g in p.goals_down):
            s.mut(i).goals_down = tuple(unknown.pop() if g < 0 else g for g in p.goals_down)
    s.goal_deck = tuple(unknown[:len(s.goal_deck)])
    return s
