"""Bots from their names for any game: search bots (`mcts…`, `ismcts…`) here, every other name
by the game's own `make_bot`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playtest.core.protocol import Bot, Rules
from playtest.errors import BotNameError, ProtocolError, UsageError
from playtest.suggest import guess

if TYPE_CHECKING:
    from playtest.core.spec import GameSpec

SEARCH_KINDS = ("mcts", "ismcts")
SEARCH_FORMS = ("mcts:N[:option=value...]", "ismcts:N[:option=value...]")


def bot_names(spec: GameSpec, rules: Rules[Any, Any] | None = None) -> list[str]:
    """Every valid bot name (or name form) for `spec`'s game (with `rules`: the search bots only
    when the game offers them, see `search_forms`)."""
    return [*spec.bot_names, *(SEARCH_FORMS if rules is None else search_forms(spec, rules))]


def search_forms(spec: GameSpec, rules: Rules[Any, Any]) -> tuple[str, ...]:
    """The search bots' name forms when the game has the `sample_state` they need, else none: a
    plugin without it was told `mcts:N...` was a valid bot, and then that it was not."""
    if getattr(rules, "sample_state", None) is None and spec.sample_state is None:
        return ()
    return SEARCH_FORMS


def offers_search(spec: GameSpec) -> bool | None:
    """Whether `spec`'s game offers the search bots, as far as it is known without a variant
    (`search_forms` knows it from the rules): from its `GameSpec.sample_state`, else from its rules
    class (`GameSpec.rules_class`); None when neither says."""
    if spec.sample_state is not None:
        return True
    made = spec.rules_class()
    return None if made is None else callable(getattr(made, "sample_state", None))


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
        bot = spec.make_bot(name, rules, seat)
    except UsageError as exc:
        message = str(exc)
        # First the bot a misspelt name most likely means, as a misspelt key is answered; a style's
        # own name (`greedy` where greedy is `scripted:greedy`) is too short a match for difflib.
        likely = None
        if message.startswith("unknown "):
            styles = [b for b in spec.bot_names if b.partition(":")[2] == name.strip()]
            likely = styles[0] if styles else guess(name.strip(), list(spec.bot_names))
        mean = f"did you mean {likely!r}?; " if likely and likely != name.strip() else ""
        if not message.startswith("unknown bot"):  # the game's own words ('unknown scripted bot ...')
            raise BotNameError(message.replace(" (valid: ", f" ({mean}valid: ", 1)) from None
        # The game's own list of its bots (with every scripted style), plus the search bots.
        forms = search_forms(spec, rules)
        if message.endswith(")"):
            message = message.replace(" (valid: ", f" ({mean}valid: ", 1)
            raise BotNameError(f"{message[:-1]}{''.join(f', {f}' for f in forms)})") from None
        raise BotNameError(f"unknown bot {name.strip()!r} for {spec.name} "
                           f"({mean}valid: {', '.join(bot_names(spec, rules))})") from None
    if not callable(getattr(bot, "choose", None)):  # was an 'internal error' at the game's first decision
        raise ProtocolError(f"game '{spec.name}': its make_bot({name.strip()!r}, ...) returned a {type(bot).__name__}, "
                            "not a bot with choose(view, legal, *, rng) (playtest/core/protocol.py; docs/extending.md, "
                            "'The protocol')")
    return bot
