"""Stargate (draft 5 and later drafts): the registration of its schema, pure rules, bots,
transcript notation (the core replays it), metrics and bench part."""

from __future__ import annotations

import polars as pl

from playtest.core.spec import GameSpec
from playtest.games.stargate import bots, sampling, schema
from playtest.games.stargate.metric_info import METRIC_INFO
from playtest.games.stargate.rules import StargateRules
from playtest.games.stargate.styles import scripted_styles
from playtest.games.stargate.transcript import NOTATION


def _bench(seconds):
    from playtest.games.stargate.bench import bench

    return bench(seconds)


def _summary(games, events, variant=None):
    from playtest.games.stargate.metrics import summary_tables

    if variant is None:
        return summary_tables(games, events)
    return summary_tables(games, events, [c.id for c in variant.crews], [t.trigger for t in variant.end])


def _switched_off(variant, players):
    from playtest.games.stargate.metrics import switched_off

    return switched_off(variant)


def _score_floors(variant):
    from playtest.games.stargate.scoring import score_floors

    return score_floors(variant)


def _goal_metrics(info, games, events):
    from playtest.games.stargate.findings_metrics import findings_metrics

    return findings_metrics(info, games, events)


def _play():
    from playtest.games.stargate.play import SUPPORT

    return SUPPORT


SPEC = GameSpec(
    name="stargate",
    title="Stargate",
    schema=schema.StargateVariant,
    make_rules=StargateRules,
    turns_counted="turns (one per crew taken)",
    seat_one="the start player of round 1",
    make_bot=bots.make_bot,
    bot_names=("random", "greedy", "greedy-myopic", "lookahead", *(f"scripted:{name}" for name in scripted_styles())),
    event_columns={
        "crew": pl.String(),
        "crew_time": pl.Int32(),
        "crew_bonus": pl.Int32(),
        "extra_time": pl.Int32(),
        "first_pick": pl.Boolean(),
        "skill": pl.String(),
        "placed": pl.String(),
        "cubes_placed": pl.Int16(),
        "vp_gained": pl.Int64(),
        "cubes_gained": pl.Int16(),
        "effect_vp": pl.Int64(),
        "cubes_converted": pl.Int16(),
        "last_planet": pl.String(),
        "hand": pl.Int16(),
        "stock": pl.Int16(),
        "score": pl.Float64(),
        "planet": pl.String(),
        "slots_filled": pl.Int16(),
        "slots_total": pl.Int16(),
        "majority_vp": pl.Int64(),
        "end_reason": pl.String(),
    },
    stat_columns={"cubes_placed": pl.Int16(), "cubes_in_hand": pl.Int16(), "cubes_in_stock": pl.Int16(),
                  "cubes_converted": pl.Int16()},
    score_parts=("planets", "color", "skill", "planet_effects", "extensions"),
    end_keys=("end", "max_rounds", "cubes"),
    notation=NOTATION,
    bench=_bench,
    summary=_summary,
    summary_lazy=True,
    summary_variant=True,
    by_round_metrics=frozenset({"crew_pick_rate_by_round"}),
    goal_metrics=_goal_metrics,
    metric_info=METRIC_INFO,
    switched_off=_switched_off,
    score_floors=_score_floors,
    sample_state=sampling.sample_state,
    evaluate=sampling.evaluate,
    play=_play,
)
