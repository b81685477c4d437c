"""The one game loop. It knows no game: only the Rules and Bot protocols."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playtest.core.events import Event
from playtest.core.protocol import MAX_DECISIONS, Bot, Rules
from playtest.core.results import GameResult
from playtest.errors import IllegalActionError, PlaytestError, ProtocolError


class TurnCapError(PlaytestError):
    """A game did not end within the decision cap: a rules bug or a variant that cannot end."""


class NoLegalActionError(ProtocolError):
    """The rules offered no action in a state that is not terminal: a bug in the game's rules
    (the protocol: `legal_actions` is never empty unless the game is over)."""


GC_THRESHOLDS = (20_000, 50, 1_000)
"""Collector thresholds while games are played (Python's defaults: 700, 10, 10)."""


@contextmanager
def batch_gc() -> Iterator[None]:
    """Collect cyclic garbage less often while a batch of games is played, then restore.

    Engines allocate many small tuples and lists per decision; nearly all die by reference
    counting, but each allocation still counts towards the next collection, and the greedy
    bot's memo tables made the collector's scans a noticeable part of a greedy game. Cycles
    are rare in play, so a larger first threshold loses nothing; memory stays flat (`make
    bench` measures peak memory at two run sizes)."""
    old = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def seat_off_the_table(rules: Rules[Any, Any], seat: object, players: int, decision: int) -> ProtocolError:
    """The game's bug when its `current_seat` names no seat of the table (the runner and `play`
    check it: the bot lookup failed with an IndexError or KeyError that blamed playtest)."""
    return ProtocolError(f"the rules of '{getattr(rules, 'game', type(rules).__name__)}' gave seat {seat!r} to move "
                         f"in a {players}-player game (decision {decision}): current_seat must return a seat from "
                         f"0 to {players - 1}, counted from 0")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    result: GameResult
    events: list[Event]
    decisions: int


def play_game(
    rules: Rules[Any, Any],
    bots: Sequence[Bot],
    *,
    n_players: int,
    deal_rng: random.Random,
    bot_rngs: Sequence[random.Random],
    max_decisions: int = MAX_DECISIONS,
    record: bool = True,
) -> PlayedGame:
    """Play one game to the end. Every bot action is checked against the legal list, and then
    applied with the rules' `apply_legal` when they have one (Rules protocol: `apply` without
    checking the action a second time)."""
    events: list[Event] | None = [] if record else None
    state = rules.initial_state(n_players, rng=deal_rng)
    # Bound methods in locals: this loop runs hundreds of times per game.
    is_terminal, current_seat, legal_actions = rules.is_terminal, rules.current_seat, rules.legal_actions
    view, apply = rules.view, getattr(rules, "apply_legal", rules.apply)
    choosers = [bot.choose for bot in bots]
    seats = len(choosers)
    decisions = 0
    while not is_terminal(state):
        if decisions >= max_decisions:
            raise TurnCapError(f"game did not end within {max_decisions} decisions")
        seat = current_seat(state)
        if not 0 <= seat < seats:  # else an IndexError blamed on playtest, or -1 the last seat's bot
            raise seat_off_the_table(rules, seat, seats, decisions + 1)
        legal = legal_actions(state)
        if not legal:
            game = getattr(rules, "game", type(rules).__name__)
            raise NoLegalActionError(f"the rules of '{game}' offered no legal action in a state that is not over "
                                     f"(decision {decisions + 1}, seat {seat + 1}): a bug in the game's "
                                     "legal_actions or is_terminal")
        action = choosers[seat](view(state, seat), legal, rng=bot_rngs[seat])
        if action not in legal:
            if not isinstance(legal, Sequence):  # a generator the bot's own look at it used up
                raise ProtocolError(f"the rules of '{getattr(rules, 'game', type(rules).__name__)}' gave the legal "
                                    f"actions as a {type(legal).__name__}, not a sequence (decision {decisions + 1}): "
                                    "legal_actions must return a list or tuple, which the bot and the runner both read "
                                    "(playtest/core/protocol.py)")
            raise IllegalActionError(
                f"bot {bots[seat].name!r} in seat {seat + 1} chose an action that is not legal",
                move_number=decisions + 1,
                action=str(action),
            )
        state = apply(state, action, rng=deal_rng, log=events)
        decisions += 1
    return PlayedGame(rules.result(state), events if events is not None else [], decisions)
