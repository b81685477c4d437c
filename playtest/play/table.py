"""Recorded table games as the same tables a simulated run writes (games and events), so that
every report metric can be computed for them and compared with bot runs (`playtest calibrate`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from playtest.core.spec import GameSpec
from playtest.errors import UsageError
from playtest.sim.runner import PlayedGame
from playtest.variants import Variant
from playtest.variants.diff import changes_said
from playtest.variants.loader import rules_edited

TABLE_BOT = "table"
"""The `bot` value of table games' rows: the players at the table."""


@dataclass(frozen=True)
class TableGame:
    """One finished recorded game: its variant, player names and what the runner would record."""

    path: str
    variant: Variant
    names: list[str]
    played: PlayedGame


def replay_moves(path: Any, notation: Any, make_rules: Any, game: str = "") -> TableGame:
    """A finished transcript in the common format (a flat list of moves, core.transcript),
    replayed move by move through the rules with the events the runner logs, drawing chance
    from the notation's `replay_rng` as `playtest replay` does (a dice game's recorded rolls)."""
    from playtest.core import transcript as core

    t = core.read_transcript(path, notation, game=game)
    rules = make_rules(t.variant.model)
    log: list[Any] = []
    player = core.MovePlayer(rules, notation.initial_state(rules, t.setup, t.players), notation,
                             names=t.names, rng=core.replay_draws(t, notation), log=log)
    decisions = 0
    for move in t.moves:
        player.play(move)
        decisions += len(move.actions)
    if not rules.is_terminal(player.state):
        n = len(t.moves)  # '1 move', as replay's heading says it (it read '1 moves')
        raise UsageError(f"{path}: the game is not finished ({n} move{'' if n == 1 else 's'}): calibrate compares "
                         "finished games only")
    return TableGame(str(path), t.variant, list(t.names), PlayedGame(rules.result(player.state), log, decisions))


def table_game_reader(spec: GameSpec) -> Callable[[Any], TableGame]:
    """How `spec`'s transcripts become table games: its PlaySupport's `table_game` when it has
    one (a game with its own transcript shape), else the common format replayed through its
    `notation` (a plugin needs no `play=` for `calibrate`, as it needs none for `replay`)."""
    from playtest.play.session import play_support

    support = play_support(spec)
    if support is not None and support.table_game is not None:
        return support.table_game
    notation = spec.notation
    if notation is None:
        raise UsageError(f"{spec.name} has no table-game support: its GameSpec has neither a notation nor "
                         "play=PlaySupport(table_game=...) (docs/extending.md)")
    return lambda path: replay_moves(path, notation, spec.make_rules, spec.name)


def read_table_games(paths: Sequence[Path]) -> tuple[GameSpec, list[TableGame]]:
    """Replay every transcript (each must be a finished game of one and the same variant)."""
    from playtest.core.transcript import transcript_game

    if not paths:
        raise UsageError("TRANSCRIPT: give at least one recorded game")
    games: list[TableGame] = []
    spec: GameSpec | None = None
    for path in paths:
        _, of_path = transcript_game(path)
        name = of_path.name
        if spec is None:
            spec = of_path
        elif name != spec.name:
            raise UsageError(f"{path}: a game of {name}, but {paths[0]} is a game of {spec.name} (one game at a time)")
        g = table_game_reader(spec)(path)
        if games and g.variant.hash != games[0].variant.hash and (
                edits := rules_edited(games[0].variant.resolved, g.variant.resolved)):  # (a new name is no new rule)
            raise UsageError(f"{path}: played with variant {g.variant.path} ({changes_said(edits)} against "
                             f"{games[0].variant.path}, which {games[0].path} played): calibrate one variant at a time")
        if games and len(g.names) != len(games[0].names):
            raise UsageError(f"{path}: {len(g.names)} players, but {games[0].path} has {len(games[0].names)}")
        games.append(g)
    assert spec is not None
    return spec, games


def table_frames(spec: GameSpec, games: Sequence[TableGame]) -> tuple[dict[str, Any], pl.DataFrame, pl.DataFrame]:
    """run.json-like info, games and events tables of the table games (bot = "table")."""
    from playtest.sim.batch import EVENT_KEY_COLUMNS, RunConfig, _rows, events_schema, games_schema

    players = len(games[0].names)
    config = RunConfig(n_games=len(games), players=players, lineup=(TABLE_BOT,) * players, seed=0)
    g_schema, e_schema = games_schema(spec), events_schema(spec)
    g_cols: dict[str, list[Any]] = {k: [] for k in g_schema}
    e_cols: dict[str, list[Any]] = {k: [] for k in EVENT_KEY_COLUMNS}
    datas: list[dict[str, Any]] = []
    for i, g in enumerate(games):
        _rows(spec, config, i, g.played, g_cols, e_cols, datas)
    data = pl.from_dicts(datas, schema={k: e_schema[k] for k in spec.event_columns})
    events = pl.DataFrame(e_cols, schema=dict(EVENT_KEY_COLUMNS)).hstack(data).select(list(e_schema))
    info = {"game": spec.name, "players": players, "games": len(games), "lineup": [TABLE_BOT] * players,
            # the resolved variant, as a run's: what it switches off is left out of the table's
            # metrics too (analysis/offs.py; calibrate showed a Stargate draft's planet-effect VP
            # as 0.00 [0.00 – 0.00] beside runs that listed it as switched off)
            "variant": {"path": games[0].variant.path, "hash": games[0].variant.hash,
                        "name": games[0].variant.name, "resolved": games[0].variant.resolved},
            "transcripts": [g.path for g in games]}
    return info, pl.DataFrame(g_cols, schema=g_schema), events
