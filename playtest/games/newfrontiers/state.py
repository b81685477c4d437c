"""New Frontiers game state, moves and pending tasks (data only; the rules live in rules.py).

States are never changed once the rules return them: `apply` copies the State and its players
(shallow: every field is an int, a tuple or a shared immutable Profile) and changes the copy.
Tiles are ints: worlds index `Tiles.worlds` (home worlds included), developments and goals index
their own tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from typing import ClassVar, NamedTuple

from playtest.core.copying import field_copier
from playtest.games.newfrontiers.powers import Profile

# Task kinds. Decisions (a seat chooses among moves) ...
SELECT = "select"
DEVELOP = "develop"
EXPLORE = "explore"
DISCARD = "discard"
SETTLE = "settle"
WINDFALL = "windfall"
TRADE = "trade"
CONSUME = "consume"
GOAL = "goal"
STORE = "store"
# ... and bookkeeping steps the rules carry out by themselves.
CONSUME_START = "consume_start"
RETURN_DRAW = "return_draw"
NEXT = "next"

DECISIONS = frozenset({SELECT, DEVELOP, EXPLORE, DISCARD, SETTLE, WINDFALL, TRADE, CONSUME, GOAL, STORE})


class Task(NamedTuple):
    """A pending step. `a`, `b`: per kind — EXPLORE: a=1 for a bonus pick; SETTLE: a = worlds
    settled so far in this action, b = the player's settled-world count when the action began
    (powers of later worlds do not count yet); WINDFALL: a = color index + 1 (0: any);
    CONSUME: a = consume power index, b = goods it may still take; STORE: a = the goal."""

    kind: str
    seat: int
    a: int = 0
    b: int = 0


class _Tasks(dict[tuple, Task]):
    def __missing__(self, key: tuple) -> Task:
        task = self[key] = Task(*key)
        return task


TASKS = _Tasks()
"""`TASKS[kind, seat, a, b]` (`a`, `b` optional): that Task, made once and then looked up (tasks
are values). Queuing tasks this way instead of calling Task(...) (a Python-level __new__):
2026-12-02, greedy 139.5 -> 136.0 M instructions a game (x1.026, game 0)."""

NEXT_TASK = Task(NEXT, -1)
"""Queued after every action's tasks: the next selection, or the round's end."""
RETURN_DRAW_TASK = Task(RETURN_DRAW, -1)
"""Queued after an Explore's picks: the rest of the draw goes back into the bag."""


class Move(NamedTuple):
    """A player's move, in transcript notation `verb arg` (e.g. `select settle`, `take w07`,
    `settle w07`, `colonists`, `pass`).

    A NamedTuple rather than a frozen dataclass: every decision compares the chosen move with
    the legal list (twice: the runner and `apply`) and the greedy bot builds and compares many;
    tuple equality runs in C, a dataclass's `__eq__` in Python (~0.38 against ~0.08 us a
    comparison, 403,668 comparisons in 300 random games)."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


def parse_move(text: str) -> Move:
    """`verb arg` (or `verb`) → Move."""
    verb, _, arg = text.strip().partition(" ")
    return Move(verb, arg.strip())


PASS = Move("pass")
COLONISTS = Move("colonists")


@dataclass(slots=True)
class Player:
    """One player's holdings. `worlds`: settled, home world first, in settling order;
    `goods`: the settled worlds holding a good (at most one each)."""

    gold: int = 0
    colonists: int = 0
    chips: int = 0
    worlds: tuple[int, ...] = ()
    unsettled: tuple[int, ...] = ()
    goods: tuple[int, ...] = ()
    devs: tuple[int, ...] = ()
    placed: int = 0
    """Colonists standing on settled worlds."""
    goals_down: tuple[int, ...] = ()
    goals_up: tuple[int, ...] = ()
    prof: Profile = field(default_factory=Profile)
    stored: tuple[tuple[int, int], ...] = ()
    """Storage mats: (goal, stores made), one entry per goal stored on."""
    mat_colonists: int = 0
    mat_worlds: tuple[int, ...] = ()
    compensation: int = 0
    pile_gold: int = 0
    """Gold taken from the Produce pile (a statistic)."""

    copy: ClassVar[Callable[[Player], Player]]
    """A shallow copy (every field is immutable), field by field: `core.copying.field_copier`
    (set below the class)."""


@dataclass(slots=True)
class State:
    n: int
    track: tuple[int, ...]
    players: tuple[Player, ...]
    round: int = 1
    turn: int = 0
    selected: tuple[str, ...] = ()
    selectors: tuple[int, ...] = ()
    action: str = ""
    """The action being carried out ('' while selecting)."""
    pile: int = 0
    bag: tuple[int, ...] = ()
    draw: tuple[int, ...] = ()
    """The explore draw, sorted (distinct tiles: the bag holds each world tile once)."""
    devs_left: tuple[int, ...] = ()
    chips: int = 0
    colonist_stock: int = 0
    goal_deck: tuple[int, ...] = ()
    goal_offer: tuple[int, ...] = ()
    todo: tuple[Task, ...] = ()
    triggers: tuple[str, ...] = ()
    over: bool = False
    legal: tuple[Move, ...] = ()
    """The legal moves of the decision at the head of `todo` (kept by the rules)."""
    own: int = field(default=0, compare=False, repr=False)
    """Bit i set: players[i] was copied for this state and may be changed (see `mut`)."""

    copy: ClassVar[Callable[[State], State]]
    """A copy sharing the players (copy-on-write: change a player only through `mut`), its `own`
    0: `core.copying.field_copier` (set below the class)."""

    def mut(self, seat: int) -> Player:
        """Player `seat`, copied first if this state still shares it with another state."""
        if not (self.own >> seat) & 1:
            players = list(self.players)
            players[seat] = players[seat].copy()
            self.players = tuple(players)
            self.own |= 1 << seat
        return self.players[seat]

    def head(self) -> Task:
        return self.todo[0]


Player.copy = field_copier(Player, [f.name for f in fields(Player)])
State.copy = field_copier(State, [f.name for f in fields(State)], reset={"own": 0})


class View(NamedTuple):
    """What one seat sees: the state with other players' face-down goals as -1 and the goal
    deck's goals as -1 (its size only). The bag is a bag: draws are random at the moment of drawing,
    so its (public) contents are all there is to see. (A NamedTuple: one is built per decision,
    in about half the time of a frozen dataclass.)"""

    seat: int
    state: State


make_view = partial(tuple.__new__, View)
"""``make_view((seat, state))``: ``View(seat, state)`` without a Python-level ``__new__`` frame
(as ``core.events.make_event``). 2026-12-02, with the rules' events built by ``make_event``:
random 24.82 -> 24.21 M instructions a game (x1.025, games 0-19), greedy 136.0 -> 135.2 (x1.006)."""
