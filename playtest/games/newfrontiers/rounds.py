"""The end of an action, of a round and of the game (RULINGS.md, New Frontiers, "A round" and
"The end"): the next selection, the Produce pile, the end triggers, and the events logged for
each. Both functions write into the rules' private copy of the decision's state (`_run`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playtest.core.events import Event, EventKind, make_event
from playtest.core.results import SAFETY_STOP
from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.state import SELECT, TASKS, State

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules

# End triggers (the `trigger` column of the game_end event).
T_WORLDS, T_DEVS, T_CHIPS, T_COLONISTS = "worlds", "developments", "chips", "colonists"
END_TRIGGERS = (T_WORLDS, T_DEVS, T_CHIPS, T_COLONISTS)
"""The variant's end triggers, in the order the report lists them (then the SAFETY_STOP, listed
only when it ended a game)."""


def next_selection(rules: NewFrontiersRules, s: State, rng: random.Random, log: list[Event] | None) -> None:
    """An action has been carried out (the NEXT task): the next player in track order who has
    not selected this round selects; after the round's last action, the round ends and, unless
    the game is over, the next round begins with the top of the track."""
    s.action = ""
    if len(s.selectors) < s.n:
        seat = next(x for x in s.track if x not in s.selectors)
        s.todo = (TASKS[SELECT, seat], *s.todo)
        return
    round_end(rules, s, log)
    if not s.over:
        s.round += 1
        s.selected, s.selectors = (), ()
        s.todo = (TASKS[SELECT, s.track[0]],)


def round_end(rules: NewFrontiersRules, s: State, log: list[Event] | None) -> None:
    """Produce's pile grows when it went unselected; the end triggers that fired (the one of
    Settle, `T_COLONISTS`, fires when Settle is selected: actions.py) end the game."""
    r = rules.r
    if "produce" not in s.selected:
        s.pile += r.produce.pile_gold
    e = r.end
    trig = list(s.triggers)
    if e.worlds is not None and any(len(p.worlds) >= e.worlds for p in s.players):
        trig.append(T_WORLDS)
    if e.developments is not None and any(scoring.dev_points(rules.tiles, p, e.large_counts) >= e.developments
                                          for p in s.players):
        trig.append(T_DEVS)
    if e.chips_out and s.chips <= 0:
        trig.append(T_CHIPS)
    if not trig and s.round >= e.max_rounds:
        trig.append(SAFETY_STOP)
    s.triggers = tuple(dict.fromkeys(trig))
    s.over = bool(s.triggers)
    if s.over:
        s.todo = ()
    if log is not None:
        totals = scoring.totals(rules.tiles, s, rules.hidden_for_everyone)
        for seat, p in enumerate(s.players):
            log.append(make_event((str(EventKind.ROUND_END), s.round, s.turn, seat,
                                   {"score": totals[seat], "gold": p.gold, "chips": p.chips,
                                    "position": s.track.index(seat) + 1})))
        if s.over:
            for trigger in s.triggers:
                log.append(make_event((str(EventKind.GAME_END), s.round, s.turn, -1,
                                       {"trigger": trigger})))
