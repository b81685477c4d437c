"""The validated variant of a run, from its run.json (`game`, `variant.resolved`), for the
reports' hooks that depend on the rules (what a variant switches off, score floors, the choices a
variant offers). Validated once per (game, variant hash): compare's jackknife asks for every block."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playtest.core.spec import GameSpec

_CACHE: dict[tuple[str, str], tuple[GameSpec, Any] | None] = {}


def run_variant(info: Mapping[str, Any]) -> tuple[GameSpec, Any] | None:
    """(the game's spec, its validated variant), or None for a run without a resolved variant (a
    table game's transcript) or with one this version's schema no longer reads (an old run: its
    report stays as it was rather than fail). An unknown game or a broken plugin raises its
    one-line error (playtest.games.get_game)."""
    name = info.get("game")
    variant = info.get("variant")
    if not isinstance(name, str) or not isinstance(variant, Mapping) or not isinstance(variant.get("resolved"), dict):
        return None
    key = (name, str(variant.get("hash") or ""))
    if key[1] and key in _CACHE:
        return _CACHE[key]
    from playtest.games import get_game

    spec = get_game(name)
    try:
        found: tuple[GameSpec, Any] | None = (spec, spec.schema.model_validate(variant["resolved"]))
    except ValueError:  # pydantic's ValidationError: a variant of an older schema
        found = None
    if key[1]:
        _CACHE[key] = found
    return found
