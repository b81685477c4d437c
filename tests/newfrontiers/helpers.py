"""Shared helpers for the New Frontiers tests: rules from the shipped variants, hand-built
positions, moves by their transcript text, scripted explore draws."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from playtest.core.events import Event
from playtest.games.newfrontiers.chance import ScriptedChance
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.state import State, parse_move
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants" / "new-frontiers"
DATA = Path(__file__).resolve().parent / "data"


def rules_for(name: str = "base", overrides: tuple[str, ...] = ()) -> NewFrontiersRules:
    return NewFrontiersRules(load_variant(VARIANTS / f"{name}.yaml", ("rules.setup.home_worlds=fixed", *overrides)).model)


def ids(rules: NewFrontiersRules, text: str) -> tuple[int, ...]:
    """World ids ('w01 w02') → world ints."""
    return tuple(rules.tiles.world_index[x] for x in text.split())


def dev(rules: NewFrontiersRules, text: str) -> tuple[int, ...]:
    return tuple(rules.tiles.dev_index[x] for x in text.split())


def start(rules: NewFrontiersRules, n: int = 4) -> State:
    """A fresh game with the home worlds fixed (seat i gets h{i+1})."""
    return rules.initial_state(n, rng=ScriptedChance())


def edit(state: State, seat: int, **fields: Any) -> State:
    """A copy of `state` with player `seat`'s fields replaced (the profile follows worlds/devs)."""
    s = state.copy()
    players = list(s.players)
    players[seat] = replace(players[seat], **fields)
    s.players = tuple(players)
    return s


def play(rules: NewFrontiersRules, state: State, *moves: str, draws: list[str] | None = None,
         log: list[Event] | None = None) -> State:
    """Apply moves given as text; `draws`: each explore draw as 'w01 w02 ...'."""
    chance = ScriptedChance([ids(rules, d) for d in draws or []])
    for m in moves:
        if not state.over:  # a hand-edited position: its legal moves follow the edit
            state = state.copy()
            state.legal = tuple(rules._moves(state, state.todo[0]))
        state = rules.apply(state, parse_move(m), rng=chance, log=log)  # type: ignore[arg-type]
    return state


def legal(rules: NewFrontiersRules, state: State) -> list[str]:
    return [str(m) for m in rules._moves(state, state.todo[0])] if not state.over else []


def gold_sources_start() -> tuple[NewFrontiersRules, State]:
    """The two-player position of tests/newfrontiers/test_gold.py's hand-checked game, where each
    source of gold pays a known amount (its docstring tells the game): start gold 20, Retreat pays
    5, the pile grows 3 a round; Ann (seat 1) holds w24, w13, w33, two d05 and w03 unsettled, Ben
    (seat 2) d13 and d14."""
    rules = rules_for("base", ("rules.setup.gold=20", "rules.bonuses.retreat_gold=5", "rules.produce.pile_gold=3"))
    s = start(rules, 2)
    s = edit(s, 0, worlds=ids(rules, "h1 w24 w13 w33"), goods=ids(rules, "w13 w24"), unsettled=ids(rules, "w03"),
             devs=dev(rules, "d05 d05"), colonists=1)
    s = edit(s, 1, devs=dev(rules, "d13 d14"))
    for p in s.players:
        rules.refresh(p)
    return rules, s
