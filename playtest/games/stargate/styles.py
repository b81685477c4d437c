"""Scripted Stargate bot styles: their schema and the shipped styles (scripted.yaml).

Kept apart from bots.py: the style models are pydantic, the bots plain classes.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from playtest.variants.model import Strict


class PlacementStyle(Strict):
    """How many cubes to place: rounds 1..early_rounds are early, the rest late."""

    early_rounds: int = Field(default=0, ge=0)
    early_min: int = Field(default=0, ge=0)
    early_max: int = Field(default=99, ge=0)
    late_min: int = Field(default=0, ge=0)
    late_max: int = Field(default=99, ge=0)


class ScriptedStyle(Strict):
    """A scripted bot: crew preferences and a placement style; `choose` picks among what is
    left (greedy evaluation or uniformly at random)."""

    description: str = ""
    crew_priority: tuple[str, ...] = ()
    """Take the first of these crews that is available; if none is, choose freely."""
    priority_max_hand: int | None = Field(default=None, ge=0)
    """Follow crew_priority only while the cubes in hand are at most this many (None: always)."""
    avoid: tuple[str, ...] = ()
    """Never take these crews while another is available."""
    placement: PlacementStyle = PlacementStyle()
    choose: Literal["greedy", "random"] = "greedy"


@cache
def scripted_styles() -> dict[str, ScriptedStyle]:
    """The shipped styles (playtest/games/stargate/scripted.yaml)."""
    text = resources.files("playtest.games.stargate").joinpath("scripted.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    try:
        return {name: ScriptedStyle.model_validate(body) for name, body in data.items()}
    except ValidationError as exc:  # a packaging bug, not a user error
        raise RuntimeError(f"scripted.yaml is invalid: {exc}") from exc
