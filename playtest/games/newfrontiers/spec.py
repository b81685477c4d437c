"""The New Frontiers registration: schema, rules, bots, table columns, replay and summary hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from playtest.core.spec import GameSpec
from playtest.games.newfrontiers.bots import make_bot
from playtest.games.newfrontiers.metric_info import METRIC_INFO
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.schema import NewFrontiersVariant
from playtest.games.newfrontiers.scoring import PARTS, score_floors
from playtest.games.newfrontiers.styles import bot_names

EVENT_COLUMNS: dict[str, pl.DataType] = {
    "action": pl.String(),      # select: the action selected; gold_on: the action that paid
    "pick": pl.Int8(),          # select: 1 = first pick of the round
    "first": pl.Boolean(),      # select: first pick of the round
    "pile": pl.Int64(),         # select: gold taken from the Produce pile (0 for other actions)
    "drawn": pl.Int16(),        # select explore: worlds drawn
    "item": pl.String(),        # develop/take/discard/settle/windfall/trade/consume/goal_*/store: tile id
    "cost": pl.Int16(),         # develop/settle: gold paid
    "large": pl.Boolean(),      # develop: a large development
    "bonus": pl.Boolean(),      # take: the selector's bonus pick (or an extra pick from a power)
    "amount": pl.Int16(),       # colonists: colonists taken; store: items set aside
    "stored": pl.String(),      # store: gold | colonist | the world id set aside on a goal's mat
    "world_kind": pl.String(),  # settle: production | windfall | military
    "color": pl.String(),       # settle/windfall/trade/consume: good color ('-' for none)
    "method": pl.String(),      # settle: gold | military
    "gold": pl.Int64(),         # gold gained: trade (the price), consume (the power's), settle (settle
                                # rewards), select (retreat/goals bonus), gold_on (the holder's powers);
                                # round_end: gold held
    "vp": pl.Int64(),           # consume: VP chips gained
    "score": pl.Int64(),        # round_end: total VP if the game ended now
    "chips": pl.Int64(),        # round_end: VP chips held
    "position": pl.Int8(),      # round_end: place on the turn-order track (1 = front)
    "trigger": pl.String(),     # game_end: an end trigger that fired (one event per trigger)
}

STAT_COLUMNS: dict[str, pl.DataType] = {
    "worlds": pl.Int16(), "developments": pl.Int16(), "gold": pl.Int64(), "goods": pl.Int16(),
    "military": pl.Int16(), "colonists": pl.Int16(), "compensation": pl.Int16(), "pile_gold": pl.Int64(),
    "start_gold": pl.Int16(),
    "start_position": pl.Int8(), "production_worlds": pl.Int16(),
    "home_world": pl.Int16(),  # the player's home world: its place in the variant's home_worlds, from 0 (no
                               # bound on how many: 8 bits stopped a draft of 200 at the 129th)
}


def _make_rules(model: Any) -> NewFrontiersRules:
    return NewFrontiersRules(model)


def _replay(path: Path) -> Any:
    from playtest.games.newfrontiers.transcript import replay

    return replay(path)


def _summary(games: pl.DataFrame, events: pl.DataFrame,
             variant: NewFrontiersVariant | None = None) -> list[tuple[str, pl.DataFrame]]:
    from playtest.games.newfrontiers.metrics import summary_tables

    if variant is None:
        return summary_tables(games, events)
    return summary_tables(games, events, [d.id for d in variant.developments], {d.id: d.copies for d in variant.developments},
                          homes=[f"{h.name} ({h.id})" for h in variant.home_worlds],
                          fixed_homes=variant.rules.setup.home_worlds == "fixed")


def _switched_off(variant: NewFrontiersVariant, players: int | None) -> Any:
    from playtest.games.newfrontiers.metrics import switched_off

    return switched_off(variant)


def _bench(seconds: float) -> list[dict]:
    from playtest.games.newfrontiers.bench import bench

    return bench(seconds)


def _play() -> Any:
    from playtest.games.newfrontiers.play import SUPPORT

    return SUPPORT


SPEC = GameSpec(
    name="newfrontiers",
    title="New Frontiers",
    schema=NewFrontiersVariant,
    make_rules=_make_rules,
    make_bot=make_bot,
    bot_names=bot_names(),
    event_columns=EVENT_COLUMNS,
    stat_columns=STAT_COLUMNS,
    later_columns=frozenset({"start_gold", "home_world"}),  # (a run without one gets no gold_flow rows, or
                                                            # no win rate by home world)
    score_parts=list(PARTS),
    end_keys=("rules.end",),
    turns_counted=("decisions (every action selected and every choice a player makes while one is carried out; "
                   "a choice whose only move is pass is not asked and not counted)"),
    seat_one="first on the turn-order track at the start",
    replay=_replay,
    summary=_summary,
    repeats={"win_rate_by_start_position": (
        "win_rate_by_seat", "set-up puts seat n in place n of the turn-order track in every game, whichever bot "
        "sits there (the track never starts in another order), so each seat's win rate is its starting "
        "position's")},
    summary_lazy=True,
    summary_variant=True,
    by_round_metrics=frozenset({"selected_in_round"}),
    metric_info=METRIC_INFO,
    switched_off=_switched_off,
    score_floors=score_floors,
    bench=_bench,
    play=_play,
)
