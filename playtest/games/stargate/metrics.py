"""Stargate metrics, from events.parquet (decision, planet_final events) and games.parquet.

Two-level groups are written 'outer / inner' (e.g. 'round 2 / bays')."""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.common import n_players, score_parts, win_rates_by
from playtest.analysis.stats import mean_ci, ratio_ci, shifted, wilson


def _turns(events: pl.DataFrame) -> pl.DataFrame:
    return events.filter(pl.col("kind") == "decision")


def crew_pick_rates(events: pl.DataFrame) -> pl.DataFrame:
    """How often each crew is taken: per turn overall, and as the first pick of a round."""
    turns = _turns(events)
    n_turns = turns.height
    first = turns.filter(pl.col("first_pick"))
    n_first = first.height
    overall = dict(turns.group_by("crew").len().iter_rows())
    firsts = dict(first.group_by("crew").len().iter_rows())
    rows = []
    for crew in sorted(set(overall) | set(firsts)):
        est, lo, hi = wilson(overall.get(crew, 0), n_turns)
        rows.append({C.METRIC: "crew_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: n_turns, C.DEFINITION: "Share of all turns in which this crew was taken."})
        est, lo, hi = wilson(firsts.get(crew, 0), n_first)
        rows.append({C.METRIC: "crew_first_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n_first,
                     C.DEFINITION: "Share of rounds whose first pick (the start player's) was this crew."})
    return C.metric_frame(rows)


def crew_win_rates(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Win rate of players who took each crew at least once in the game, Wilson intervals."""
    took = _turns(events).select("game", "seat", "crew").unique()
    joined = took.join(games.select("game", "seat", "win_share"), on=["game", "seat"])
    return win_rates_by(joined, "crew", "crew_win_rate", "Win rate of players who took this crew at least once in the game.")


def crew_pick_rates_by_round(events: pl.DataFrame) -> pl.DataFrame:
    """Share of the turns of round r in which each crew was taken (group 'round r / crew')."""
    turns = _turns(events)
    crews = sorted(turns["crew"].unique().to_list())
    rows = []
    for (rnd,), part in turns.sort("round").group_by(["round"], maintain_order=True):
        counts = dict(part.group_by("crew").len().iter_rows())
        for crew in crews:
            est, lo, hi = wilson(counts.get(crew, 0), part.height)
            rows.append({C.METRIC: "crew_pick_rate_by_round", C.GROUP: f"round {rnd} / {crew}", C.ESTIMATE: est,
                         C.CI_LOW: lo, C.CI_HIGH: hi, C.N: part.height,
                         C.DEFINITION: "Share of this round's turns in which this crew was taken."})
    return C.metric_frame(rows)


def crew_win_lift(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Win rate when picked minus the base rate 1/P (every game has one win to share among P)."""
    p = n_players(games)
    rates = crew_win_rates(games, events)
    rows = []
    for row in rates.iter_rows(named=True):
        est, lo, hi = shifted((row[C.ESTIMATE], row[C.CI_LOW], row[C.CI_HIGH]), 1 / p)
        rows.append({C.METRIC: "crew_win_lift", C.GROUP: row[C.GROUP], C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: row[C.N],
                     C.DEFINITION: f"Win rate of players who took this crew minus the base rate 1/{p} "
                                   "(positive = taking it goes with winning; association, not cause)."})
    return C.metric_frame(rows)


def crew_vp_per_pick(events: pl.DataFrame) -> pl.DataFrame:
    """Mean skill VP gained on a turn this crew was taken (t interval)."""
    turns = _turns(events)
    rows = []
    for (crew,), part in turns.sort("crew").group_by(["crew"], maintain_order=True):
        est, lo, hi = mean_ci(part["vp_gained"].fill_null(0).to_numpy())
        rows.append({C.METRIC: "crew_vp_per_pick", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: part.height, C.DEFINITION: "Mean VP its skill gives on a turn this crew was taken."})
    return C.metric_frame(rows)


def vp_by_source(games: pl.DataFrame) -> pl.DataFrame:
    """Each score part's share of all points scored (ratio of sums, delta-method interval)."""
    rows = []
    total = games["total"].to_numpy()
    for part in score_parts(games):
        est, lo, hi = ratio_ci(games[f"score_{part}"].to_numpy(), total)
        rows.append({C.METRIC: "vp_share_by_source", C.GROUP: part, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: games.height,
                     C.DEFINITION: "Share of all points scored that came from this source; delta-method interval."})
    return C.metric_frame(rows)


def planet_outcomes(events: pl.DataFrame) -> pl.DataFrame:
    """How often each planet fills, and how often its majority scores a 0-VP slot."""
    final = events.filter(pl.col("kind") == "planet_final")
    rows = []
    splits = [("all", final), *((str(k), v) for (k,), v in final.sort("planet").group_by(["planet"], maintain_order=True))]
    for planet, part in splits:
        full = int((part["slots_filled"] >= part["slots_total"]).sum())
        est, lo, hi = wilson(full, part.height)
        rows.append({C.METRIC: "planet_fill_rate", C.GROUP: planet, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: part.height, C.DEFINITION: "Share of games (where dealt) in which every slot of the planet was filled."})
        held = part.filter(pl.col("slots_filled") > 0)
        zero = int((held["majority_vp"] == 0).sum())
        est, lo, hi = wilson(zero, held.height)
        rows.append({C.METRIC: "planet_zero_vp_majority_rate", C.GROUP: planet, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: held.height,
                     C.DEFINITION: "Share of games (where it has cubes) in which the planet's majority scored a 0-VP slot."})
    return C.metric_frame(rows)


def end_reasons(events: pl.DataFrame) -> pl.DataFrame:
    """Which end trigger ended each game (share of games, Wilson intervals)."""
    if "end_reason" not in events.columns:
        return C.metric_frame([])
    ends = events.filter(pl.col("kind") == "game_end").select("end_reason")
    n = ends.height
    rows = []
    for reason, count in sorted(ends.group_by("end_reason").len().iter_rows(), key=lambda t: -t[1]):
        est, lo, hi = wilson(count, n)
        rows.append({C.METRIC: "end_reason_share", C.GROUP: str(reason), C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n,
                     C.DEFINITION: "Share of games ended by this trigger (max_rounds: the safety stop)."})
    return C.metric_frame(rows)


def summary_tables(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """Stargate's titled metric tables: the game hook (GameSpec.summary) used by `simulate`'s
    terminal summary and by the reports."""
    picks = crew_pick_rates(events)
    return [
        ("Crew pick rate (all turns)", picks.filter(pl.col(C.METRIC) == "crew_pick_rate")),
        ("Crew as first pick of a round", picks.filter(pl.col(C.METRIC) == "crew_first_pick_rate")),
        ("Crew pick rate by round", crew_pick_rates_by_round(events)),
        ("Win rate of players who took the crew", crew_win_rates(games, events)),
        ("Win-rate lift of taking the crew", crew_win_lift(games, events)),
        ("Skill VP per pick", crew_vp_per_pick(events)),
        ("VP by source", vp_by_source(games)),
        ("Planets: fill rate and 0-VP majorities", planet_outcomes(events)),
        ("What ended the game", end_reasons(events)),
    ]
