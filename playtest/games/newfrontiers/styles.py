"""Scripted-bot styles (styles.yaml): biases a designer writes on top of the greedy bot."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml
from pydantic import ValidationError

from playtest.variants.model import Strict


class Style(Strict):
    """A scripted style: `select_bias[action]` is added to the greedy score of selecting it; the
    per-item weights are added to the position value (military strength, settled military
    worlds, developments owned, goods held, VP chips)."""

    id: str
    description: str = ""
    select_bias: dict[str, float] = {}
    military: float = 0.0
    military_worlds: float = 0.0
    developments: float = 0.0
    goods: float = 0.0
    chips: float = 0.0


class StyleFile(Strict):
    styles: list[Style]


@cache
def styles() -> dict[str, Style]:
    """The shipped styles, validated (a broken file is a programming error)."""
    text = resources.files("playtest.games.newfrontiers").joinpath("styles.yaml").read_text(encoding="utf-8")
    try:
        parsed = StyleFile.model_validate(yaml.safe_load(text))
    except ValidationError as exc:  # pragma: no cover - the shipped file is tested
        raise RuntimeError(f"playtest/games/newfrontiers/styles.yaml is invalid: {exc}") from exc
    return {s.id: s for s in parsed.styles}


def bot_names() -> list[str]:
    return ["random", "greedy", *(f"scripted:{name}" for name in styles())]
