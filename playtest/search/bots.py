"""Search bots from their names, for any game: `mcts:N[:opts]` and `ismcts:N[:opts]`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playtest.core.protocol import Bot, Rules
from playtest.core.spec import GameSpec
from playtest.errors import UsageError
from playtest.search.ismcts import ISMCTSBot
from playtest.search.mcts import MCTSBot, SearchBot
from playtest.search.model import Model
from playtest.search.names import SearchSpec, is_search_name, parse
from playtest.search.rollout import Rollout


def played(spec: GameSpec, name: str, rules: Rules[Any, Any]) -> SearchSpec:
    """The bot a search name plays on the game, with its rollout cut-off resolved
    (`SearchSpec.played_depth`; depth 0 means to the end): `mcts:3` and `mcts:3:depth=end` on Stargate, whose
    cut-off is the end, are one bot. UsageError for a name that does not parse."""
    s = parse(name, spec.bot_names)
    depth = s.played_depth(spec.search_depth, Model(spec, rules).evaluate is not None)
    return replace(s, depth=depth or 0)


def make_search_bot(spec: GameSpec, name: str, rules: Rules[Any, Any], seat: int) -> SearchBot:
    """A fresh search bot. UsageError (one line) for a bad name or an option the game cannot
    serve (a rollout bot it does not have, a cut-off depth without an evaluation)."""
    s = parse(name, spec.bot_names)
    model = Model(spec, rules)
    if model.sample_state is None:
        raise UsageError(f"bot {s.name!r}: {spec.name} has no sample_state, which search bots need: add "
                         "Rules.sample_state(view, *, rng) to its rules (perfect information: return the "
                         "view's state) or GameSpec(sample_state=...); see playtest/core/protocol.py")
    depth = s.played_depth(spec.search_depth, model.evaluate is not None)
    if depth is not None and model.evaluate is None:
        raise UsageError(f"bot {s.name!r}: depth= scores a cut-off rollout with the game's evaluation, and "
                         f"{spec.name} has none: add Rules.evaluate(state) (each seat's value in [0, 1]) or "
                         "GameSpec(evaluate=...), or leave depth= out; see playtest/core/protocol.py")
    make_policy = None
    if s.rollout != "random":
        if is_search_name(s.rollout):
            raise UsageError(f"bot {s.name!r}: rollout={s.rollout} must be a cheap bot of the game, not a search bot")
        try:
            spec.make_bot(s.rollout, rules, seat)
        except UsageError as exc:
            raise UsageError(f"bot {s.name!r}: rollout={s.rollout}: {exc}") from None

        def make_policy(policy_seat: int) -> Bot:
            return spec.make_bot(s.rollout, rules, policy_seat)

    rollout = Rollout(model, reward=s.reward, depth=depth, make_policy=make_policy)
    cls = MCTSBot if s.kind == "mcts" else ISMCTSBot
    return cls(model, seat, s, rollout)
