"""Helpers for the Stargate tests: build rules from a variant, play turns written in the
transcript notation, and read the board and cubes through the public API only."""

from __future__ import annotations

from pathlib import Path

from playtest.games.stargate.actions import parse_turn
from playtest.games.stargate.rules import StargateRules, State
from playtest.games.stargate.transcript import board as board_of
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "golden.yaml"
"""Planets a (red, slot n = n VP), b (blue, 10n), c (red, 3 slots: 100 200 300),
d (yellow, 0 0 7 0 9), e (green, 1000n, 4 slots), f (blue, 5 each, 8 slots); draft-5 crews."""
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"


def make_rules(*overrides: str, path: Path = GOLDEN) -> StargateRules:
    return StargateRules(load_variant(path, overrides).model)


def new_game(rules: StargateRules, circle: str = "a b c d e", players: int = 2, start: int = 0) -> State:
    ids = [p.id for p in rules.variant.planets]
    return rules.setup(players, [ids.index(pid) for pid in circle.split()], start=start)


def play(rules: StargateRules, state: State, *lines: str) -> State:
    """Apply whole turns (or parts of one) written in transcript notation."""
    for line in lines:
        for action in parse_turn(line):
            state = rules.apply(state, action)
    return state


def board(rules: StargateRules, state: State) -> dict[str, tuple[int, ...]]:
    """Planet id → owners (0-based seats) of slot 1, 2, ..."""
    return dict(board_of(rules, state))


def hands(rules: StargateRules, state: State) -> tuple[int, ...]:
    return tuple(int(s.stats["cubes_in_hand"]) for s in rules.result(state).seats)


def stocks(rules: StargateRules, state: State) -> tuple[int, ...]:
    return tuple(int(s.stats["cubes_in_stock"]) for s in rules.result(state).seats)
