"""The registry of games. Each game package exposes `SPEC: GameSpec`; imported on first use."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from playtest.core.spec import GameSpec

_MODULES = {
    "stargate": "playtest.games.stargate",
    "ohseven": "playtest.games.ohseven",
    "newfrontiers": "playtest.games.newfrontiers",
}


def game_names() -> list[str]:
    """Names of the games whose package is present."""
    return [name for name, mod in _MODULES.items() if importlib.util.find_spec(mod) is not None]


@cache
def get_game(name: str) -> GameSpec:
    spec: GameSpec = importlib.import_module(_MODULES[name]).SPEC
    return spec
