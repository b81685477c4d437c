"""Helpers for the next-draft tests: variants built from draft 5 plus a patch, hand-made states."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import Action, TakeCrew
from playtest.games.stargate.rules import StargateRules, State
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants" / "stargate"
DRAFT5 = VARIANTS / "draft5.yaml"
SHIPPED = sorted(VARIANTS.glob("*.yaml"))
NEW_DRAFTS = sorted(VARIANTS.glob("draft6-*.yaml"))
IN_MAKE_TEST = ("draft5", "draft6-development")
"""The drafts on which `make test` runs the per-draft sweeps (the bots' line-ups, lookahead games,
placement walks): the shipped draft and the one with the most new effects. The other drafts' run in
`make test-more`, which CI runs (about 8 of the fast tier's test-seconds, 2026-12-07)."""


def draft5_data() -> dict[str, Any]:
    return copy.deepcopy(load_variant(DRAFT5).resolved)


def by_id(items: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(i for i in items if i["id"] == ident)


def rules_with(patch: Mapping[str, Any] | None = None, *, crews: Mapping[str, Mapping[str, Any]] | None = None,
               planets: Mapping[str, Mapping[str, Any]] | None = None, extra_crews: Sequence[dict] = ()) -> StargateRules:
    """Draft 5 with top-level keys replaced by `patch`, and crew / planet items updated by id."""
    data = draft5_data()
    data.update(copy.deepcopy(dict(patch or {})))
    for ident, changes in (crews or {}).items():
        by_id(data["crews"], ident).update(copy.deepcopy(dict(changes)))
    for ident, changes in (planets or {}).items():
        by_id(data["planets"], ident).update(copy.deepcopy(dict(changes)))
    data["crews"].extend(copy.deepcopy(list(extra_crews)))
    return StargateRules(sc.StargateVariant.model_validate(data))


def setup(rules: StargateRules, circle: Sequence[str], *, n: int = 3, start: int = 0) -> State:
    return rules.setup(n, [rules.planet_index[c] for c in circle], start=start)


def with_board(state: State, board: Mapping[int, Sequence[int]]) -> State:
    """`state` with the owners of some circle positions replaced (slot 1 first)."""
    new = list(state.board)
    for pos, owners in board.items():
        new[pos] = tuple(owners)
    return state.replace(board=tuple(new))


def change(state: State, **fields: Any) -> State:
    return state.replace(**fields)


def play(rules: StargateRules, state: State, *actions: Action, log: list | None = None) -> State:
    for action in actions:
        state = rules.apply(state, action, log=log)
    return state


def take(crew: str) -> TakeCrew:
    return TakeCrew(crew)
