"""Oh-Seven heuristic-bot knobs and the scripted bots shipped in bots.yaml.

The knobs are a pydantic model read from YAML; bots.py, which plays, reads only the result.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from playtest.variants.model import Strict


class Knobs(Strict):
    """Settings of the heuristic bot; a scripted bot is a named set of them (bots.yaml)."""

    id: str = "heuristic"
    description: str = ""
    bid_offset: float = 0.0
    """Added to the estimated tricks before picking the bid card (+1: bid one more)."""
    bonus_hunt: bool = False
    """Bid the highest unused card when its bid is at least `bonus_min_bid`: be the highest
    bidder, so that a forced rebid pays this bot the bonus."""
    bonus_min_bid: int = Field(default=6, ge=0)
    play: Literal["exact", "greedy"] = "exact"
    """exact: take tricks while the bid needs them, duck afterwards; greedy: always try to win."""


class BotFile(Strict):
    bots: list[Knobs]


@cache
def scripted_bots() -> dict[str, Knobs]:
    """The scripted bots shipped in bots.yaml, validated (a broken file is a programming error)."""
    text = resources.files("playtest.games.ohseven").joinpath("bots.yaml").read_text(encoding="utf-8")
    try:
        parsed = BotFile.model_validate(yaml.safe_load(text))
    except ValidationError as exc:  # pragma: no cover - the shipped file is tested
        raise RuntimeError(f"playtest/games/ohseven/bots.yaml is invalid: {exc}") from exc
    return {k.id: k for k in parsed.bots}


def bot_names() -> list[str]:
    return ["random", "heuristic", *(f"scripted:{name}" for name in scripted_bots())]
