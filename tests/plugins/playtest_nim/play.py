"""Nim at the terminal (`playtest play`): the heaps as a seat sees them, a played game as a transcript."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from playtest import rng as streams
from playtest.core.transcript import dump_yaml
from playtest.play.session import PlaySupport
from playtest_nim.game import NimRules, NimState


def render(rules: NimRules, view: NimState, seat: int, names: Sequence[str]) -> Text:
    """The heaps, numbered from 1 as the moves name them, and who is to move."""
    heaps = "   ".join(f"heap {i + 1}: {size}" for i, size in enumerate(view.heaps))
    return Text(heaps if rules.is_terminal(view) else f"{heaps}   ({names[view.seat]} to move)")


def deal_rng(seed: int) -> random.Random:
    """The stream `apply` draws chance from (Nim draws none), as the built-in games make it."""
    return streams.stream(seed, 0, streams.DEAL)


def transcript(rules: NimRules, variant_ref: str, names: Sequence[str], seed: int,
               actions: Sequence[Any], overrides: Sequence[str] = ()) -> str:
    """The game so far as `playtest replay` reads it (NimNotation): the header and one move per
    action. Nim deals nothing, so there is no setup block and the seed is not needed."""
    data: dict[str, Any] = {"game": "nim", "variant": variant_ref}
    if overrides:
        data["set"] = list(overrides)
    data |= {"players": list(names), "moves": [str(action) for action in actions]}  # `take 2 from 1`
    return dump_yaml(data)


SUPPORT = PlaySupport(render=render, deal_rng=deal_rng, transcript=transcript)
