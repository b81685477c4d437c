"""Bots from their names for any game: search bots (`mcts…`, `ismcts…`) here, every other name
by the game's own `make_bot`."""

from __future__ import annotations

from typing import Any

from playtest.core.protocol import Bot, Rules
from playtest.core.spec import GameSpec
from playtest.errors import BotNameError, UsageError

SEARCH_KINDS = ("mcts", "ismcts")
SEARCH_FORMS = ("mcts:N[:option=value...]", "ismcts:N[:option=value...]")


def bot_names(spec: GameSpec) -> list[str]:
    """Every valid bot name (or name form) for `spec`'s game."""
    return [*spec.bot_names, *SEARCH_FORMS]


def make_bot(spec: GameSpec, name: str, rules: Rules[Any, Any], seat: int) -> Bot:
    """A fresh bot for `seat`. A name the game or the search bots refuse → BotNameError (one
    line; an unknown name lists every valid bot)."""
    if name.strip().split(":", 1)[0] in SEARCH_KINDS:
        from playtest.search.bots import make_search_bot  # search is a client of the protocol

        try:
            return make_search_bot(spec, name, rules, seat)
        except UsageError as exc:
            raise BotNameError(str(exc)) from None
    try:
        return spec.make_bot(name, rules, seat)
    except UsageError as exc:
        message = str(exc)
        if not message.startswith("unknown bot"):
            raise BotNameError(message) from None
        # The game's own list of its bots (with every scripted style), plus the search bots.
        if message.endswith(")"):
            raise BotNameError(f"{message[:-1]}, {', '.join(SEARCH_FORMS)})") from None
        raise BotNameError(f"unknown bot {name.strip()!r} for {spec.name} "
                           f"(valid: {', '.join(bot_names(spec))})") from None
