"""A category one variant never produced is 0% there only when the metric splits a whole: a
conditional rate (the win rate of players who took a crew) has no value for a crew nobody took,
and a round no game reached has no pick rates (found with a one-crew Stargate draft and a
two-player draft whose games all ran to round 60, compared with draft 5)."""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.compare.metrics import complete, distribution_groups


def _rows(metric: str, rows: list[tuple[str, float, int]]) -> pl.DataFrame:
    return C.metric_frame([{C.METRIC: metric, C.GROUP: g, C.ESTIMATE: e, C.N: n} for g, e, n in rows])


def test_a_conditional_rate_is_not_a_distribution_even_with_one_group_or_equal_n():
    one_crew = _rows("crew_win_rate", [("solo", 0.2, 150)])  # 5 players, all take the only crew
    base = _rows("crew_win_rate", [("armstrong", 0.4, 60), ("bays", 0.3, 40)])
    exact = _rows("exact_rate", [("bid 0", 1.0, 30), ("bid 1", 1.0, 30)])  # equal n by chance
    groups = distribution_groups([base, one_crew, exact, _rows("exact_rate", [("bid 0", 0.5, 30)])])
    assert groups == {}
    assert complete(base, groups).height == 2  # no made-up 0% win rate for 'solo'


def test_a_nested_share_is_completed_only_within_the_wholes_the_run_has():
    short = _rows("crew_pick_rate_by_round", [("round 1 / armstrong", 0.5, 40), ("round 1 / bays", 0.5, 40),
                                              ("round 2 / armstrong", 1.0, 20)])
    long = _rows("crew_pick_rate_by_round", [("round 1 / armstrong", 1.0, 60), ("round 2 / armstrong", 0.5, 60),
                                             ("round 2 / bays", 0.5, 60), ("round 9 / armstrong", 1.0, 60)])
    groups = distribution_groups([short, long])
    assert groups == {"crew_pick_rate_by_round": {"round 1 / armstrong", "round 1 / bays", "round 2 / armstrong",
                                                  "round 2 / bays", "round 9 / armstrong"}}
    filled = {g: (e, n) for g, e, n in complete(short, groups).select(C.GROUP, C.ESTIMATE, C.N).iter_rows()}
    assert filled["round 2 / bays"] == (0.0, 20)  # round 2 was played: bays never taken in it, of 20 turns
    assert "round 9 / armstrong" not in filled  # no game of this run reached round 9
    other = {g: (e, n) for g, e, n in complete(long, groups).select(C.GROUP, C.ESTIMATE, C.N).iter_rows()}
    assert other["round 1 / bays"] == (0.0, 60)


def test_overlapping_shares_of_one_n_are_completed_though_they_add_up_to_more_than_1():
    """New Frontiers' end triggers can fire in the same round: the shares of games add up to more
    than 1. A trigger one draft never fired is 0% of its games (the designer's "which end trigger
    fires?"), so it is completed; a check that the shares add up to 1 lost it (184a1c5)."""
    base = _rows("end_trigger_share", [("colonists", 0.7, 50), ("worlds", 0.5, 50)])
    draft = _rows("end_trigger_share", [("colonists", 1.0, 50)])
    groups = distribution_groups([base, draft])
    assert groups == {"end_trigger_share": {"colonists", "worlds"}}
    filled = {g: (e, n) for g, e, n in complete(draft, groups).select(C.GROUP, C.ESTIMATE, C.N).iter_rows()}
    assert filled["worlds"] == (0.0, 50)


def test_a_crew_only_the_other_draft_has_is_missing_not_0_percent():
    """Draft 6c adds Vance; draft 5 has no Vance. Compared, draft 5's Vance rows were 0% "never
    taken" and the verdict said "Crew taken (share of turns), Vance: draft6-new-crews is 4.0 points
    higher than draft5 [+3.5, +4.5]". A crew of draft 5 that a run never took (Bays, listed by its
    summary at 0%) is still completed round by round."""
    from playtest.games.stargate.metric_info import METRIC_INFO

    draft5 = pl.concat([
        _rows("crew_pick_rate", [("armstrong", 0.25, 80), ("bays", 0.0, 80), ("orlins", 0.25, 80)]),
        _rows("crew_first_pick_rate", [("armstrong", 1.0, 20), ("bays", 0.0, 20), ("orlins", 0.0, 20)]),
        _rows("crew_pick_rate_by_round", [("round 1 / armstrong", 0.5, 8), ("round 1 / orlins", 0.5, 8),
                                          ("round 2 / armstrong", 0.5, 8), ("round 2 / orlins", 0.5, 8)]),
    ])
    draft6 = pl.concat([
        _rows("crew_pick_rate", [("armstrong", 0.2, 80), ("bays", 0.05, 80), ("vance", 0.05, 80)]),
        _rows("crew_first_pick_rate", [("armstrong", 0.9, 20), ("bays", 0.0, 20), ("vance", 0.1, 20)]),
        _rows("crew_pick_rate_by_round", [("round 1 / armstrong", 0.5, 8), ("round 1 / vance", 0.5, 8),
                                          ("round 2 / bays", 0.5, 8), ("round 2 / armstrong", 0.5, 8)]),
    ])
    groups = distribution_groups([draft5, draft6])
    filled = {(m, g) for m, g in complete(draft5, groups, declared=METRIC_INFO).select(C.METRIC, C.GROUP).iter_rows()}
    assert ("crew_pick_rate", "vance") not in filled
    assert ("crew_first_pick_rate", "vance") not in filled
    assert ("crew_pick_rate_by_round", "round 1 / vance") not in filled
    assert ("crew_pick_rate_by_round", "round 2 / bays") in filled  # draft 5 has Bays: 0% in round 2
    other = {(m, g) for m, g in complete(draft6, groups, declared=METRIC_INFO).select(C.METRIC, C.GROUP).iter_rows()}
    assert ("crew_pick_rate", "orlins") not in other  # and no Orlins in this made-up draft
    assert ("crew_pick_rate_by_round", "round 1 / orlins") not in other
