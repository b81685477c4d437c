"""Search bots from their names, for any game: `mcts:N[:opts]` and `ismcts:N[:opts]`."""

from __future__ import annotations

from typing import Any

from playtest.core.protocol import Bot, Rules
from playtest.core.spec import GameSpec
from playtest.errors import UsageError
from playtest.search.ismcts import ISMCTSBot
from playtest.search.mcts import MCTSBot, SearchBot
from playtest.search.model import Model
from playtest.search.names import is_search_name, parse
from playtest.search.rollout import Rollout


def make_search_bot(spec: GameSpec, name: str, rules: Rules[Any, Any], seat: int) -> SearchBot:
    """A fresh search bot. UsageError (one line) for a bad name or an option the game cannot
    serve (a rollout bot it does not have, a cut-off depth without an evaluation)."""
    s = parse(name)
    model = Model(spec, rules)
    if model.sample_state is None:
        raise UsageError(f"bot {s.name!r}: {spec.name} has no sample_state, which search bots need: add "
                         "Rules.sample_state(view, *, rng) to its rules (perfect information: return the "
                         "view's state) or GameSpec(sample_state=...); see playtest/core/protocol.py")
    if s.depth is None:  # not in the name: the game's own cut-off, if it can evaluate one
        depth = spec.search_depth if model.evaluate is not None else None
    else:
        depth = s.depth or None  # depth=end (0): rollouts to the end
    if depth is not None and model.evaluate is None:
        raise UsageError(f"bot {s.name!r}: depth= needs the game's evaluation, and {spec.name} has none")
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
