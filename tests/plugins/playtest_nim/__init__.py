"""Nim as a playtest game plugin (a test fixture): the registration a designer's package exports."""

from __future__ import annotations

import polars as pl

from playtest.core.spec import GameSpec
from playtest_nim.game import (
    METRIC_INFO,
    NimNotation,
    NimRules,
    NimVariant,
    goal_metrics,
    make_bot,
    summary,
)


def play():
    """`playtest play`'s support (playtest_nim/play.py), imported only when play asks for it."""
    from playtest_nim.play import SUPPORT

    return SUPPORT


SPEC = GameSpec(
    name="nim",
    title="Nim",
    schema=NimVariant,
    make_rules=NimRules,
    make_bot=make_bot,
    bot_names=("random", "greedy", "perfect"),
    event_columns={"heap": pl.Int16(), "taken": pl.Int16(), "left": pl.Int16()},
    score_parts=("win",),
    notation=NimNotation(),
    summary=summary,
    by_round_metrics=frozenset({"taken_by_move"}),
    goal_metrics=goal_metrics,
    metric_info=METRIC_INFO,
    play=play,
)
