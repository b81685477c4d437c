"""The ladder's statistics on synthetic games whose truth is known: a metric that changes with
skill is found, metrics that do not change are not; head-to-head strength and ratings."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis import distributions as dist
from playtest.compare.jackknife import Sample
from playtest.ladder import skill, strength

EVENTS = pl.DataFrame(schema={"game": pl.Int64(), "kind": pl.String(), "round": pl.Int32(), "seat": pl.Int8()})


def games_table(rng: np.random.Generator, n: int, bots: tuple[str, ...], win_weights: tuple[float, ...],
                rounds: tuple[int, int]) -> pl.DataFrame:
    """n games; the winner's seat drawn with `win_weights` (seats rotate the bots game by game);
    game length uniform in `rounds`; scores follow the ranks."""
    rows = []
    p = len(bots)
    for g in range(n):
        order = rng.permutation(p)
        winner = int(rng.choice(p, p=np.asarray(win_weights) / sum(win_weights)))
        order = [winner, *[s for s in order if s != winner]]
        length = int(rng.integers(rounds[0], rounds[1] + 1))
        for rank, seat in enumerate(order, 1):
            bot = bots[(seat + g) % p]
            total = float(10 * (p - rank) + rng.integers(0, 3))
            rows.append({"game": g, "seed": 1, "seat": seat, "bot": bot, "score_points": total, "total": total,
                         "rank": rank, "win_share": 1.0 if rank == 1 else 0.0, "rounds": length, "turns": p * length})
    return pl.DataFrame(rows, schema={"game": pl.Int64(), "seed": pl.Int64(), "seat": pl.Int8(), "bot": pl.String(),
                                      "score_points": pl.Float64(), "total": pl.Float64(), "rank": pl.Int8(),
                                      "win_share": pl.Float64(), "rounds": pl.Int32(), "turns": pl.Int32()})


def self_play(seed: int, bot: str, rounds: tuple[int, int], n: int = 300) -> Sample:
    rng = np.random.default_rng(seed)
    return Sample({"players": 4}, games_table(rng, n, (bot,) * 4, (1, 1, 1, 1), rounds), EVENTS)


def row(tests: pl.DataFrame, metric: str, group: str) -> dict:
    return tests.filter((pl.col(C.METRIC) == metric) & (pl.col(C.GROUP) == group)).row(0, named=True)


@pytest.fixture(scope="module")
def weak_strong() -> tuple[pl.DataFrame, pl.DataFrame]:
    """`skill_tests` of two 300-game rungs whose game length changes (4-6 rounds, then 6-8):
    (values, tests), computed once for the tests that only read them (60 metric recomputations)."""
    values, tests, _ = skill.skill_tests([self_play(1, "weak", (4, 6)), self_play(2, "strong", (6, 8))],
                                         ["weak", "strong"])
    return values, tests


def test_a_metric_that_changes_is_found_and_the_unchanged_ones_are_not(weak_strong):
    values, tests = weak_strong
    length = row(tests, "game_length_rounds", "all")
    assert length[skill.CHANGES] and length[skill.P_HOLM] < 1e-6
    by = dict(values.filter(pl.col(C.METRIC) == "game_length_rounds").select(skill.RUNG, C.ESTIMATE).iter_rows())
    assert 4.8 < by["weak"] < 5.2 and 6.8 < by["strong"] < 7.2
    # Every seat wins a quarter of the games at both rungs: nothing about the seats may change.
    seats = tests.filter(pl.col(C.METRIC).is_in(["win_rate_by_seat", "first_player_advantage", "tie_rate"]))
    assert seats.height == 6 and not seats[skill.CHANGES].any()
    assert seats[skill.P_HOLM].min() > 0.05


@pytest.mark.slow  # a statistical null check (about 3 CPU-s); make test-all runs it
def test_nothing_changes_when_every_rung_is_the_same_game():
    samples = [self_play(s, f"bot{s}", (4, 6)) for s in (11, 12, 13)]
    _, tests, _ = skill.skill_tests(samples, ["a", "b", "c"])
    assert row(tests, "game_length_rounds", "all")[skill.P_HOLM] > 0.05
    assert not tests[skill.CHANGES].any()


def test_two_rungs_reduce_to_the_paired_jackknife_t_test_of_compare():
    samples = [self_play(1, "weak", (4, 6)), self_play(5, "strong", (4, 7))]
    _, tests, reps = skill.skill_tests(samples, ["weak", "strong"])
    expected = reps.contrast([(1.0, (1, "game_length_rounds", "all")), (-1.0, (0, "game_length_rounds", "all"))])
    assert row(tests, "game_length_rounds", "all")[C.P_VALUE] == pytest.approx(expected.p_value(), rel=1e-9)


def test_hotelling_cases():
    rng = np.random.default_rng(0)
    reps = rng.normal(0, 1, (20, 2))
    p, note = skill.hotelling(np.zeros(2), np.zeros((20, 2)))
    assert math.isnan(p) and note == skill.SAME_IN_EVERY_RUNG
    p, note = skill.hotelling(np.array([0.05, -0.02]), reps)
    assert 0.9 < p <= 1 and note == ""
    p, _ = skill.hotelling(np.array([30.0, 30.0]), reps)
    assert p < 1e-6
    # Different between rungs and the same in every block: certain (a bot that always opens
    # with Bays against one that never does), not untestable.
    # Its p-value is the exact sign-flip test's over the 20 blocks: 2^(1 - 20).
    assert skill.hotelling(np.array([1.0]), np.ones((20, 1))) == (2.0 ** -19, skill.SET_BY_BOTS)


def test_a_metric_set_by_the_bots_is_a_certain_change_and_says_so():
    """Every game of rung 'short' lasts 5 rounds, every game of 'long' 7: no block of games
    varies, so no interval exists, and the ladder used to leave the change out of 'what changes
    with skill' as untestable (the blind spot compare's 'the same in every game of each' closed)."""
    from playtest.ladder.result import sentence

    samples = [self_play(1, "short", (5, 5)), self_play(2, "long", (7, 7))]
    values, tests, _ = skill.skill_tests(samples, ["short", "long"])
    length = row(tests, "game_length_rounds", "all")
    assert (length[skill.CHANGES], length[skill.NOTE]) == (True, skill.SET_BY_BOTS)
    assert length[C.P_VALUE] == 2.0 ** -29 and length[skill.P_HOLM] < 1e-6  # 30 blocks of 10 games
    text = sentence("game length (rounds)", "game_length_rounds", [("short", 5.0), ("long", 7.0)], 0.0,
                    skill.SET_BY_BOTS)
    assert text == f"Game length (rounds) rises from 5.00 (short) to 7.00 (long); {skill.SET_BY_BOTS}."
    # A median is not tested at all (as in compare): the median of a few games can be the same in
    # every left-out block without being a certain change (a 6-game Oh-Seven ladder listed
    # "median winning margin ... set by the bots").
    quantiles = tests.filter(pl.col(C.METRIC).str.contains(r"(^|_)(median|q\d{1,2})$"))
    assert quantiles.height > 0
    assert quantiles[skill.NOTE].to_list() == [skill.NOT_TESTED_NOTE] * quantiles.height
    assert not quantiles[skill.CHANGES].any() and quantiles[C.P_VALUE].is_nan().all()
    # The same value everywhere is still no change: checked, with its note and its place outside
    # Holm's family, by test_a_metric_with_one_value_in_every_game_of_every_rung_is_not_tested.


def test_categories_a_rung_never_produced_count_as_zero():
    from playtest.compare.metrics import complete, distribution_groups

    a = C.metric_frame([{C.METRIC: "crew_pick_rate", C.GROUP: "bays", C.ESTIMATE: 0.2, C.N: 10},
                        {C.METRIC: "crew_pick_rate", C.GROUP: "orlins", C.ESTIMATE: 0.8, C.N: 10}])
    b = C.metric_frame([{C.METRIC: "crew_pick_rate", C.GROUP: "orlins", C.ESTIMATE: 1.0, C.N: 12}])
    groups = distribution_groups([a, b])
    assert groups == {"crew_pick_rate": {"bays", "orlins"}}
    filled = complete(b, groups)
    assert dict(filled.select(C.GROUP, C.ESTIMATE).iter_rows()) == {"orlins": 1.0, "bays": 0.0}


def pair_sample(seed: int, n: int, upper_weight: float) -> Sample:
    """upper, lower, upper, lower seated and rotating; the upper seats win with total weight
    upper_weight (split between its two seats)."""
    rng = np.random.default_rng(seed)
    bots = ("up", "low", "up", "low")
    rows = []
    for g in range(n):
        seats_up = [s for s in range(4) if bots[(s + g) % 4] == "up"]
        seats_low = [s for s in range(4) if s not in seats_up]
        winner = int(rng.choice(seats_up if rng.random() < upper_weight else seats_low))
        rest = [s for s in rng.permutation(4) if s != winner]
        for rank, seat in enumerate([winner, *rest], 1):
            rows.append({"game": g, "seat": seat, "bot": bots[(seat + g) % 4], "total": float(10 - rank),
                         "rank": rank, "win_share": float(rank == 1)})
    return Sample({}, pl.DataFrame(rows), EVENTS)


def test_head_to_head_and_ratings_find_the_stronger_rung():
    pairs = {("low", "up"): pair_sample(3, 400, 0.75)}
    rng = np.random.default_rng(1)
    h = strength.head_to_head(pairs[("low", "up")], "low", "up")
    assert (h["upper_seats"], h["lower_seats"], h["fair_share"]) == (2, 2, 0.5)
    assert h["upper_win_rate_low"] < 0.375 < h["upper_win_rate_high"]  # 75% of games over 2 seats
    assert h["lower_win_rate_low"] < 0.125 < h["lower_win_rate_high"]
    assert h["ratio_low"] < 3 < h["ratio_high"] and h["diff_low"] > 0
    r = strength.ratings(pairs, ["low", "up"], rng=rng, n_boot=50)
    low, up = r.row(0, named=True), r.row(1, named=True)
    assert low["rating"] == 0 and up["ci_low"] > 0 and up["ci_low"] <= up["rating"] <= up["ci_high"]


def sweep_sample(n: int, winner: str) -> Sample:
    """`winner`'s two seats finish first and second in every one of n games."""
    rows = []
    for g in range(n):
        bots = ("up", "low", "up", "low") if g % 2 else ("low", "up", "low", "up")
        order = sorted(range(4), key=lambda s: (bots[s] != winner, s))
        for rank, seat in enumerate(order, 1):
            rows.append({"game": g, "seat": seat, "bot": bots[seat], "total": float(10 - rank), "rank": rank,
                         "win_share": float(rank == 1)})
    return Sample({}, pl.DataFrame(rows), EVENTS)


def test_a_rung_that_lost_one_game_is_rated_no_surer_than_one_game_allows():
    """The lower rung won 1 game of 100 (both its seats ahead of both of the upper rung's: 4
    comparisons), the upper rung the other 99. A lower rung that wins 5% of such games shows 1
    or none in 100 games 3.7% of the time, so a 95% interval holds that rating gap (+512 Elo):
    the percentile bootstrap did not, as a resample holds the one lost game 0 to 3 times (its
    interval started near +590). Oh-Seven's heuristic against random, 100 games a pairing: 91.5%
    of the intervals held the pool's rating (tests/calibration/ladder_strength.py)."""
    rows = []
    for g in range(100):
        bots = ("up", "low", "up", "low") if g % 2 else ("low", "up", "low", "up")
        winner = "low" if g == 50 else "up"
        order = sorted(range(4), key=lambda s: (bots[s] != winner, s))
        for rank, seat in enumerate(order, 1):
            rows.append({"game": g, "seat": seat, "bot": bots[seat], "total": float(10 - rank), "rank": rank,
                         "win_share": float(rank == 1)})
    pairs = {("low", "up"): Sample({}, pl.DataFrame(rows), EVENTS)}
    up = strength.ratings(pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=100).row(1, named=True)
    at_5 = strength.ELO * math.log(0.95 / 0.05)
    assert up["ci_low"] < at_5 < up["rating"] < up["ci_high"], up


def test_a_rung_that_won_every_comparison_has_an_interval_open_above():
    """20 games, every comparison won: the gap's likelihood has no maximum, so the interval must
    not be the ridge's one value repeated by every bootstrap replicate; it is open above, and its
    lower end is the Wilson bound on 20 of 20 games (0.839) as a rating gap, +287."""
    from playtest.ladder.result import skill_matters

    pairs = {("low", "up"): sweep_sample(20, "up")}
    r = strength.ratings(pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=20)
    up = r.row(1, named=True)
    assert up["ci_high"] == math.inf and up["ci_low"] == pytest.approx(287, abs=2)
    assert strength.elo_text(up["ci_high"]) == "+∞"
    assert strength.rating_text(up["rating"], up["ci_low"], up["ci_high"]) == "≥ +287"  # not the ridge's value
    table = strength.strength_table(pairs)
    [*_, across] = skill_matters(table, r)
    assert across.startswith("Across the ladder (Bradley–Terry): up is rated at least +287 Elo above low (95%), i.e. "
                             "the model has up finish ahead of low in at least 84% of head-to-head comparisons")
    down_pairs = {("low", "up"): sweep_sample(20, "low")}
    rd = strength.ratings(down_pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=20)
    down = rd.row(1, named=True)
    assert down["ci_low"] == -math.inf and down["ci_high"] == pytest.approx(-287, abs=2)
    assert strength.rating_text(down["rating"], down["ci_low"], down["ci_high"]) == "≤ -287"
    [*_, across] = skill_matters(strength.strength_table(down_pairs), rd)
    assert across.startswith("Across the ladder (Bradley–Terry): up is rated at most -287 Elo against low (95%), i.e. "
                             "the model has up finish ahead of low in at most 16% of head-to-head comparisons")


def renamed(sample: Sample, names: dict[str, str]) -> Sample:
    return Sample({}, sample.games.with_columns(pl.col("bot").replace(names)), EVENTS)


def test_a_rung_rated_through_a_separated_pair_keeps_the_gap_above_it_uncertain():
    """a < b < c: b swept a (20 of 20 games), then c lost to b in most games. c is rated through
    b: its interval is open above like b's, and its lower end is b's bound plus the bootstrap's
    (negative) bound on the b→c gap — not "at least +287" as if c had swept a itself."""
    from playtest.ladder.result import skill_matters

    pairs = {("a", "b"): renamed(sweep_sample(20, "up"), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(5, 100, 0.2), {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=60)
    b, c = r.row(1, named=True), r.row(2, named=True)
    assert b["ci_low"] == pytest.approx(287, abs=2) and b["ci_high"] == c["ci_high"] == math.inf
    assert c["ci_low"] < b["ci_low"] - 100  # c lost to b: the b→c gap is well below 0
    [*_, across, highest] = skill_matters(strength.strength_table(pairs), r)
    assert across.startswith(f"Across the ladder (Bradley–Terry): c is rated at least {c['ci_low']:+.0f} Elo above a")
    assert highest.startswith("The highest rated rung in these games is b (≥ +287 Elo), not the last one, c (≥ ")


def test_equal_rungs_are_not_called_stronger():
    pairs = {("low", "up"): pair_sample(4, 300, 0.5)}
    h = strength.head_to_head(pairs[("low", "up")], "low", "up")
    assert h["diff_low"] < 0 < h["diff_high"] and h["ratio_low"] < 1 < h["ratio_high"]


def test_comparisons_of_one_game():
    games = pl.DataFrame({"game": [0] * 4, "seat": [0, 1, 2, 3], "bot": ["up", "low", "up", "low"],
                          "rank": [1, 2, 4, 2]})
    [pairs] = strength.comparisons(games, {"low": 0, "up": 1})
    # up(1st) beats both lows; both lows (2nd, tied with each other) beat up(4th); same bots never compared.
    assert sorted(map(tuple, pairs.tolist())) == [(0, 1), (0, 1), (1, 0), (1, 0)]



def test_sentences_name_the_rungs():
    from playtest.games.stargate import SPEC
    from playtest.ladder.result import describe, sentence

    title = describe("crew_first_pick_rate", "bays", lambda g: {"bays": "ベイス Bays"}.get(g, g), SPEC.metric_info)
    assert title == "ベイス Bays first-pick rate"
    assert sentence(title, "crew_first_pick_rate", [("greedy", 0.0), ("mcts:1000", 0.41)], 0.0004) == (
        "ベイス Bays first-pick rate rises from 0.0% (greedy) to 41.0% (mcts:1000); Holm-adjusted p < 0.001.")
    assert sentence("game length (rounds)", "game_length_rounds", [("a", 6.0), ("b", 5.5), ("c", 5.0)], 0.02) == (
        "Game length (rounds) falls from 6.00 (a) to 5.00 (c) (through 5.50 (b)); Holm-adjusted p 0.020.")
    assert sentence("tie rate", "tie_rate", [("a", 0.1), ("b", 0.3), ("c", 0.2)], 0.01).startswith(
        "Tie rate changes with skill: 10.0% (a), 30.0% (b), 20.0% (c)")
    assert describe("game_length_rounds", "all", str) == "game length (rounds)"


def test_a_win_rate_gap_s_interval_stays_within_what_a_gap_can_be():
    """A per-seat gap of two win rates lies in [-1, 1]; the t interval of a large gap over few
    games would reach past it (a ladder once printed +80 pts [+51, +109])."""
    est, lo, hi = strength.bounded_interval(np.array([1.0, 1.0, 0.4]), -1.0, 1.0)
    assert math.isclose(est, 0.8) and lo < 0.8 and hi == 1.0
    est, lo, hi = strength.bounded_interval(np.array([-1.0, -1.0, -0.7]), -1.0, 1.0)
    assert math.isclose(est, -0.9) and lo == -1.0 and -0.9 < hi < 1.0


def test_a_rung_that_never_wins_still_gets_an_interval_of_positive_width():
    """10 games, the lower rung wins every one: the t intervals over games have zero variance and
    collapsed to 0.0% [0.0% – 0.0%] and 0.0× [0.0, 0.0]. Wilson over the 10 games (t quantile on
    9 df) bounds the upper rung's share of the wins by 33.9%, so each of its 2 seats wins at most
    16.9%."""
    h = strength.head_to_head(pair_sample(5, 10, 0.0), "low", "up")
    assert (h["upper_win_rate"], h["upper_win_rate_low"]) == (0.0, 0.0)
    assert math.isclose(h["upper_win_rate_high"], 0.3385 / 2, abs_tol=1e-3)
    assert h["lower_win_rate_low"] < 0.5 == h["lower_win_rate_high"] == h["lower_win_rate"]
    assert (h["upper_share"], h["upper_share_low"]) == (0.0, 0.0) and math.isclose(h["upper_share_high"], 0.3385,
                                                                                  abs_tol=1e-3)
    assert h["diff_low"] == h["diff"] == -0.5 < h["diff_high"] < 0  # still measurably weaker
    assert h["ratio"] == 0.0 and h["ratio_low"] == 0.0 and 0.25 < h["ratio_high"] < 1


def test_a_rung_that_scores_measurably_less_is_called_weaker_not_saturated():
    """New Frontiers, mcts:8 against greedy over 12 games: the win-rate gap's interval held 0, but
    the score gap was -9.08 [-15.71, -2.46] per seat; it was reported as a saturated ladder."""
    from playtest.ladder.result import strength_verdict

    row = {"lower": "greedy", "diff_low": -0.4, "diff_high": 0.05, "score_diff": -9.08,
           "score_diff_low": -15.71, "score_diff_high": -2.46}
    assert strength_verdict(row) == ("measurably weaker than greedy on score (score gap -9.08 [-15.71, -2.46] "
                                     "per seat (97.5%)), though not on wins: the rungs are out of order")
    assert strength_verdict(row | {"diff_high": -0.1}) == "measurably weaker than greedy: the rungs are out of order"
    assert strength_verdict(row | {"diff_low": 0.01}) == "measurably stronger"
    assert strength_verdict(row | {"score_diff": 3.0, "score_diff_low": 1.0, "score_diff_high": 5.0}).startswith(
        "measurably stronger on score (score gap +3.00")
    assert strength_verdict(row | {"score_diff_high": 1.0}) == \
        "not measurably stronger: the ladder saturates here (or needs more games)"


def test_a_search_rung_that_does_not_beat_the_one_below_names_its_budget():
    """New Frontiers, random / greedy / mcts:20, 12 games: mcts:20 won 20.8% of its seats against
    greedy's 29.2% and the ladder said only "the ladder saturates here", as if better play changed
    nothing, where docs/search.md finds 50 iterations too few to beat greedy at all."""
    from playtest.ladder.result import strength_verdict

    row = {"upper": "mcts:20", "lower": "greedy", "diff_low": -0.36, "diff_high": 0.25, "score_diff": -1.54,
           "score_diff_low": -8.12, "score_diff_high": 5.04}
    assert strength_verdict(row) == (
        "not measurably stronger: the ladder saturates here, or mcts:20's budget of 20 iterations a decision is "
        "too small to play better than greedy (a larger budget, or more games, would tell)")
    assert strength_verdict(row | {"upper": "ismcts:1000:depth=30", "diff_high": -0.1}) == (
        "measurably weaker than greedy: the rungs are out of order (ismcts:1000:depth=30's budget of 1,000 "
        "iterations a decision may be too small to play better than greedy: try a larger one)")
    assert strength_verdict(row | {"score_diff_high": -1.0}).endswith(
        "the rungs are out of order (mcts:20's budget of 20 iterations a decision may be too small to play "
        "better than greedy: try a larger one)")
    assert strength_verdict(row | {"upper": "heuristic"}) == (
        "not measurably stronger: the ladder saturates here (or needs more games)")


def test_a_rung_that_won_every_game_too_few_to_tell_is_not_called_saturated():
    """Oh-Seven, random / heuristic / ismcts:400, 8 games (h225): ismcts:400 won all 8 games
    against heuristic, the gap's interval still held 0, and the line read "the weaker rung won
    none of these 8 games ...: not measurably stronger: the ladder saturates here, or ismcts:400's
    budget ... is too small", as if more skill changed nothing."""
    from playtest.ladder.result import strength_verdict

    row = {"upper": "ismcts:400", "lower": "heuristic", "games": 8, "upper_win_rate": 0.5, "lower_win_rate": 0.0,
           "diff": 0.5, "diff_low": -0.002, "diff_high": 0.5, "score_diff": 2.1, "score_diff_low": -0.4,
           "score_diff_high": 4.6}
    assert strength_verdict(row) == "not measurably stronger yet: 8 games are too few to tell (more games would)"
    assert strength_verdict(row | {"lower_win_rate": 0.05}).startswith(
        "not measurably stronger: the ladder saturates here, or ismcts:400's budget")


def five_player_sweep(n: int) -> Sample:
    """5 players, the stronger rung in 3 seats (up, low, up, low, up rotating) winning every game."""
    bots = ("up", "low", "up", "low", "up")
    rows = []
    for g in range(n):
        winner = next(s for s in range(5) if bots[(s + g) % 5] == "up")
        for seat in range(5):
            rows.append({"game": g, "seat": seat, "bot": bots[(seat + g) % 5], "total": float(seat == winner),
                         "rank": 1 if seat == winner else 2, "win_share": float(seat == winner)})
    return Sample({}, pl.DataFrame(rows), EVENTS)


@pytest.mark.parametrize("n", [10, 30])
def test_a_constant_rate_with_rounding_noise_still_gets_an_interval(n):
    """Each of 3 seats wins 1/3 in every game: the per-game values' std is 5.6e-17, not 0, so the
    zero-spread fallback did not fire; the rate came out 33.3% [33.3%, 33.3%] at 10 games and
    inverted (low > high) at 30, with scipy warning of catastrophic cancellation."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        h = strength.head_to_head(five_player_sweep(n), "low", "up")
    assert (h["upper_seats"], h["lower_seats"]) == (3, 2)
    assert h["upper_win_rate_low"] < h["upper_win_rate"] - 0.02 and math.isclose(h["upper_win_rate_high"], 1 / 3)
    assert h["diff_low"] < h["diff"] - 0.02 and math.isclose(h["diff_high"], 1 / 3)
    assert h["lower_win_rate_low"] == h["lower_win_rate"] == 0 < h["lower_win_rate_high"]


def test_rate_intervals_cover_when_wins_are_rare_and_widen_with_a_first_win():
    """The t interval cut to the range covered 88.3% of true rates at 50 games and p = 0.10 (95%
    nominal; benchmarks/ladder_coverage.py), missing on the upper side, and its upper bound fell
    when a first win was added (20 games: none [0, 0.161], one [0, 0.155])."""
    none, one = np.zeros(20), np.r_[1.0, np.zeros(19)]
    assert strength.bounded_interval(one)[2] > strength.bounded_interval(none)[2] > 0.161
    rng = np.random.default_rng(7)
    reps, held = 2000, 0
    for _ in range(reps):
        _, lo, hi = strength.bounded_interval((rng.random(50) < 0.10).astype(float))
        held += lo <= 0.10 <= hi
    assert held / reps > 0.93  # binomial error of 2000 draws: ±0.5 points


def test_the_verdict_reads_the_win_gap_and_the_score_gap_at_97_5_percent_each():
    """The verdict claims a direction when the win gap's or, failing that, the score gap's interval
    excludes 0: two tests, so each is at 97.5% (Bonferroni) for 5% in all."""
    from playtest.analysis.stats import t_quantile

    sample = pair_sample(6, 60, 0.5)
    h = strength.head_to_head(sample, "low", "up")
    per = strength.per_game(sample.games, "up", "low")
    d = (per["a"] - per["b"]).to_numpy()
    assert (h["diff"], h["diff_low"], h["diff_high"]) == strength.bounded_interval(d, -0.5, 0.5, 0.975)
    s = (per["score_a"] - per["score_b"]).to_numpy()
    half = t_quantile(1 - 0.025 / 2, s.size - 1) * s.std(ddof=1) / math.sqrt(s.size)
    assert h["score_diff_high"] - h["score_diff"] == pytest.approx(half, rel=1e-12)


@pytest.mark.slow  # a statistical null check (about 8 CPU-s); make test-all runs it
def test_equal_rungs_are_called_different_at_most_5_percent_of_the_time():
    """Win gap and score gap each at 95% gave a false 'stronger'/'weaker' verdict in 9.5% of
    4,000 ladders of 100 games between equal rungs; at 97.5% each, 4.2%."""
    from playtest.ladder.result import strength_verdict

    reps = 600
    claims = sum(not strength_verdict(strength.head_to_head(pair_sample(2000 + s, 100, 0.5), "low", "up")).startswith("not measurably")
                 for s in range(reps))
    assert claims / reps < 0.065  # binomial error of 600 ladders at 5%: ±0.9 points


def test_the_ladder_says_when_its_last_rung_is_not_the_strongest():
    """a < b, then c loses to b in 80% of the comparisons: "Across the ladder" compares the last
    rung with the first (c is rated below b, still above a), and a second sentence names b as
    the highest rated, so the last rung is not read as the strongest."""
    from playtest.ladder.result import skill_matters

    pairs = {("a", "b"): renamed(pair_sample(3, 200, 0.85), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(5, 200, 0.15), {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=60)
    b, c = r.row(1, named=True), r.row(2, named=True)
    assert b["rating"] > c["rating"]
    *_, across, highest = skill_matters(strength.strength_table(pairs), r)
    assert across.startswith(f"Across the ladder (Bradley–Terry): c is rated {abs(c['rating']):.0f} Elo "
                             f"{'above' if c['rating'] >= 0 else 'below'} a ({c['rating']:+.0f} [")
    # It names both rungs: "the model has it finish ahead of it" left the reader to guess which.
    assert "i.e. the model has c finish ahead of a in " in across
    holds_0 = round(c["ci_low"]) <= 0 <= round(c["ci_high"])
    assert ("the interval holds 0, so these games do not tell c and a apart" in across) == holds_0
    assert highest.startswith(f"The highest rated rung in these games is b ({b['rating']:+.0f} Elo), not the last "
                              f"one, c ({c['rating']:+.0f})")
    in_order = {("a", "b"): pairs[("a", "b")], ("b", "c"): renamed(pair_sample(5, 200, 0.85), {"low": "b", "up": "c"})}
    r2 = strength.ratings(in_order, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=60)
    assert not skill_matters(strength.strength_table(in_order), r2)[-1].startswith("The highest")


def test_a_rank_short_covariance_from_a_rare_metric_is_no_certain_change():
    """Stargate round-cap ladder, 3 players, 10 games: Volcano Magma was dealt in 2 games; greedy
    never filled it, random, scripted:bays-first and mcts each filled it in one of the two. Three
    contrasts and two informative blocks leave the covariance short of rank, and the ladder
    called it a certain change "the same in every game of each rung (set by the bots)" (p = 0)
    although three rungs varied. No two rungs differ by the same amount in every block: too few
    blocks to test."""
    base = np.array([0.5, 0.0, 0.5, 0.5])  # random, greedy, bays-first, mcts on all games
    per_rung = np.tile(base, (10, 1))
    per_rung[8] = [1.0, 0.0, 0.0, 1.0]  # game A left out
    per_rung[9] = [0.0, 0.0, 1.0, 0.0]  # game B left out
    diffs = base[1:] - base[0]
    reps = per_rung[:, 1:] - per_rung[:, :1]
    p, note = skill.hotelling(diffs, reps)
    assert math.isnan(p) and note == "too few blocks of games"
    # Two rungs that never vary and differ are still a certain change, whatever the third does.
    per_rung[:, 0], per_rung[:, 1] = 0.0, 1.0
    p, note = skill.hotelling(np.array([1.0, 0.5, 0.5]), per_rung[:, 1:] - per_rung[:, :1])
    assert p == 2.0 ** -9 and note == skill.SET_BY_BOTS  # 10 blocks


def test_a_certain_change_names_the_rungs_that_give_one_value():
    """Draft 5, random / greedy / mcts:50: Volcano Vulcan's fill rate was 0% and 100% in every
    game of random and greedy, 25% at mcts:50; the note said "the same in every game of each
    rung", which mcts:50's 25% contradicts."""
    samples = [self_play(1, "short", (5, 5)), self_play(2, "long", (7, 7)), self_play(3, "mixed", (5, 7))]
    _, tests, _ = skill.skill_tests(samples, ["short", "long", "mixed"])
    length = row(tests, "game_length_rounds", "all")
    assert length[skill.CHANGES] and length[skill.P_HOLM] < 1e-6
    assert length[skill.NOTE] == "the same in every game of short and long (set by the bots)"
    assert skill.is_set_by_bots(length[skill.NOTE])


def test_a_higher_rating_by_chance_is_not_called_a_wrong_order():
    """Stargate (draft 5 and a stronger-Bays variant), random / greedy / mcts:50, 12 games: mcts:50
    won 25.0% of its seats against greedy's 25.0% ("not measurably stronger"), yet greedy's
    rating was higher (+232 against +158, intervals overlapping) and the ladder said "the rungs'
    order is not their order of strength" as a fact. Equal rungs: the games leave it open."""
    from playtest.ladder.result import skill_matters

    pairs = {("a", "b"): renamed(pair_sample(3, 200, 0.85), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(4, 60, 0.5), {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=60)
    table = strength.strength_table(pairs)
    b, c = r.row(1, named=True), r.row(2, named=True)
    assert b["rating"] > c["rating"] and b["ci_low"] < c["ci_high"]
    *_, pairing, _, highest = skill_matters(table, r)
    assert pairing.endswith("not measurably stronger: the ladder saturates here (or needs more games).")
    assert highest.startswith(f"The highest rated rung in these games is b ({b['rating']:+.0f} Elo), not the last "
                              f"one, c ({c['rating']:+.0f}), but their intervals overlap: these games leave open "
                              "which of the two is stronger")
    assert "is not their order of strength" not in highest


def test_a_negative_lower_bound_is_not_rated_above():
    """Oh-Seven no-trump ladder: heuristic won every comparison against random, then ismcts:30 lost
    to heuristic; the ladder printed "ismcts:30 is rated at least -264 Elo above random"."""
    from playtest.ladder.result import skill_matters

    pairs = {("a", "b"): renamed(sweep_sample(10, "up"), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(5, 40, 0.05), {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=60)
    c = r.row(2, named=True)
    assert c["ci_low"] < 0 and c["ci_high"] == math.inf
    *_, across, highest = skill_matters(strength.strength_table(pairs), r)
    assert across.startswith(f"Across the ladder (Bradley–Terry): c is rated at least {c['ci_low']:+.0f} Elo against "
                             "a (95%)")
    # c lost to b measurably: that the order is wrong is shown, though the open intervals overlap; the
    # sentence says it rests on the pairing (it pointed at the ratings' intervals, which overlap)
    assert highest.endswith("; their ratings' intervals overlap, but where the two played each other c was measurably "
                            "weaker than b: on these games the rungs' order is not their order of strength (the "
                            "strength table gives the pairing)."), highest


def test_a_bound_just_below_zero_is_not_printed_as_minus_zero():
    """New Frontiers world-race ladder: "greedy is rated 170 Elo above random (+170 [-0, +380])"."""
    assert strength.elo_text(-0.3) == "+0" and strength.elo_text(-0.6) == "-1" and strength.elo_text(0.4) == "+0"
    assert strength.elo_text(287.4) == "+287" and strength.elo_text(-math.inf) == "−∞"


def test_a_rung_rated_through_a_won_and_a_lost_sweep_is_not_rated():
    """New Frontiers, 2 players: greedy won all 10 games against random, mcts:30 lost all 10 to
    greedy. mcts:30's interval is open on both sides, and the ladder said "mcts:30 is rated 0 Elo
    above random (+0 [−∞, +∞]), i.e. it finishes ahead of it in 50% of head-to-head comparisons"
    — the ridge's value, not the games'."""
    from playtest.ladder.result import skill_matters

    pairs = {("a", "b"): renamed(sweep_sample(10, "up"), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(sweep_sample(10, "low"), {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=20)
    c = r.row(2, named=True)
    assert (c["ci_low"], c["ci_high"]) == (-math.inf, math.inf)
    assert strength.rating_text(c["rating"], c["ci_low"], c["ci_high"]) == "–"
    lines = skill_matters(strength.strength_table(pairs), r)
    across = next(line for line in lines if line.startswith("Across the ladder"))
    assert across.startswith("Across the ladder (Bradley–Terry): these games do not rate c against a:")
    assert "50%" not in across


def test_ratings_that_print_the_same_name_no_highest_rung():
    """New Frontiers, 5 players: 'The highest rated rung in these games is scripted:developer
    (+214 Elo), not the last one, greedy (+214)' — a difference below what the table prints."""
    from playtest.ladder.result import highest_rated

    ratings = pl.DataFrame({"rung": ["a", "b", "c"], "rating": [0.0, 214.3, 213.9], "ci_low": [0.0, 40.0, 39.0],
                            "ci_high": [0.0, 383.0, 384.0], "comparisons": [10, 20, 10]})
    assert highest_rated(ratings) == []
    assert highest_rated(ratings.with_columns(pl.Series("rating", [0.0, 230.0, 213.9])))[0].startswith(
        "The highest rated rung in these games is b (+230 Elo), not the last one, c (+214)")


def test_ratings_apart_say_the_order_is_wrong_by_the_ratings():
    from playtest.ladder.result import highest_rated

    ratings = pl.DataFrame({"rung": ["a", "b", "c"], "rating": [0.0, 400.0, 100.0], "ci_low": [0.0, 300.0, 20.0],
                            "ci_high": [0.0, 500.0, 200.0], "comparisons": [10, 20, 10]})
    assert highest_rated(ratings) == ["The highest rated rung in these games is b (+400 Elo), not the "
                                      "last one, c (+100): the rungs' order is not their order of "
                                      "strength (the ratings table gives the intervals)."]


def test_the_ratings_bootstrap_resamples_deals_across_pairings():
    """Every pairing plays the same deals. Oh-Seven with one card per hand (no decision to make):
    both pairings gave the same games, each 'not measurably stronger', yet the last rung was
    rated -210 [-443, -10] against the first and 'not their order of strength': the bootstrap
    resampled each pairing on its own, as if independent. The same games twice make the chain's
    gap exactly twice each pairing's, in every resample of the deals."""
    s = pair_sample(5, 12, 0.3)
    pairs = {("a", "b"): renamed(s, {"low": "a", "up": "b"}), ("b", "c"): renamed(s, {"low": "b", "up": "c"})}
    r = strength.ratings(pairs, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=200)
    b, c = r.row(1, named=True), r.row(2, named=True)
    assert b["ci_low"] < 0 < b["ci_high"]
    assert c["ci_low"] == pytest.approx(2 * b["ci_low"], abs=1) and c["ci_high"] == pytest.approx(2 * b["ci_high"], abs=1)


def test_a_few_games_that_happen_to_agree_are_no_certain_change():
    """A 4-game Oh-Seven ladder said "Win rate of the leader after round 3 falls from 100.0% to
    0.0%; (set by the bots)" with p = 0: four games that agree are no evidence. The exact sign-flip
    p-value over 4 blocks is 2^-3 = 0.125, and the note says there were too few games."""
    samples = [self_play(1, "short", (5, 5), n=4), self_play(2, "long", (7, 7), n=4)]
    _, tests, _ = skill.skill_tests(samples, ["short", "long"])
    length = row(tests, "game_length_rounds", "all")
    assert length[C.P_VALUE] == 0.125 and not length[skill.CHANGES]
    assert length[skill.NOTE] == skill.TOO_FEW_TO_BE_SURE and not skill.is_set_by_bots(length[skill.NOTE])
    # Six games per rung are enough on their own (2^-5 = 0.031), before Holm's correction.
    six = [self_play(1, "short", (5, 5), n=6), self_play(2, "long", (7, 7), n=6)]
    assert row(skill.skill_tests(six, ["short", "long"])[1], "game_length_rounds", "all")[C.P_VALUE] == 2.0 ** -5


def test_the_ratio_never_claims_a_difference_the_gap_leaves_open():
    """8 games, the stronger-listed rung wins 1: 6.2% against 43.8% a seat. The gap's interval held
    0 ("not measurably stronger"), while a percentile bootstrap gave the ratio 0.1× [0.0, 0.6],
    excluding 1. From the two rates' 97.5% intervals the ratio's interval holds 1 whenever they
    overlap."""
    h = strength.head_to_head(pair_sample(1, 8, 0.125), "low", "up")
    assert (h["upper_win_rate"], h["lower_win_rate"]) == (0.0625, 0.4375)
    assert h["diff_low"] < 0 < h["diff_high"] and h["ratio_low"] < 1 < h["ratio_high"]
    for seed in range(8):  # 0 to 2 wins of 8: wherever the gap holds 0, the ratio holds 1
        h = strength.head_to_head(pair_sample(seed, 8, 0.125), "low", "up")
        assert not (h["diff_low"] < 0 < h["diff_high"]) or h["ratio_low"] < 1 < h["ratio_high"]


def test_a_weaker_rung_that_never_wins_still_bounds_the_ratio():
    """The weaker rung won none of 10 games: the ratio is unbounded above, yet its lower bound
    (the rates' 97.5% intervals) is known; it printed "∞ [– – –]"."""
    from playtest.ladder.result import skill_matters

    h = strength.head_to_head(pair_sample(3, 10, 1.0), "low", "up")
    assert math.isinf(h["ratio"]) and math.isinf(h["ratio_high"]) and 1 < h["ratio_low"] < 2
    line = skill_matters(pl.DataFrame([h], schema=strength.STRENGTH_SCHEMA), pl.DataFrame())[0]
    assert "the weaker rung won none of these 10 games (at least 1.4× as often per seat)" in line


def test_a_sweep_too_short_to_show_an_edge_does_not_read_as_one():
    """A 6-0 sweep bounds the ratio from 0.6×: "(at least 0.6× as often per seat)" read as an edge
    the games cannot show."""
    from playtest.ladder.result import skill_matters

    h = strength.head_to_head(pair_sample(3, 3, 1.0), "low", "up")
    assert math.isinf(h["ratio"]) and h["ratio_low"] < 1
    line = skill_matters(pl.DataFrame([h], schema=strength.STRENGTH_SCHEMA), pl.DataFrame())[0]
    assert f"the weaker rung won none of these 3 games (too few to rule out an even contest: from " \
           f"{h['ratio_low']:.1f}× as often per seat)" in line
    from playtest.ladder.result import _sweep_bound

    assert _sweep_bound(1.0) == " (too few to rule out an even contest: from 1.0× as often per seat)"


def test_a_change_the_same_in_every_block_is_certain_only_from_the_blocks_that_hold_it(monkeypatch):
    """A metric over the 2 of 300 games that reached round 17 (every one of them develops there
    in one rung, none in the other) is the same in every left-out block, but 28 of the 30 blocks
    hold none of its games: p = 2^(1 - 2), not 2^(1 - 30), and no certain change."""
    ids = np.arange(300)
    late = np.isin(ids, [7, 241])

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        reached = games.filter(pl.col("rounds") >= 17)
        return C.metric_frame([{C.METRIC: "selected_in_round", C.GROUP: "round 17 / develop",
                                C.ESTIMATE: float(reached["develop"].mean()), C.N: reached.height}])

    def rung(develop: float) -> Sample:
        games = pl.DataFrame({"game": ids, "rounds": np.where(late, 17, 14), "develop": np.full(300, develop)})
        return Sample({"players": 4}, games, EVENTS)

    monkeypatch.setattr(skill, "ladder_metrics", metrics)
    _, tests, reps = skill.skill_tests([rung(0.0), rung(1.0)], ["weak", "strong"])
    found = row(tests, "selected_in_round", "round 17 / develop")
    assert found[C.P_VALUE] == 0.5 and not found[skill.CHANGES]
    assert found[skill.NOTE] == skill.TOO_FEW_TO_BE_SURE
    assert reps.evidence_blocks([(0, "selected_in_round", "round 17 / develop")]) == 2


def test_a_ratio_whose_weaker_rate_may_be_0_is_unbounded_not_a_72_digit_number():
    """Two games, a win each: the weaker side's 97.5% lower bound is 4e-286 (Wilson at two
    games), and a_high / b_low printed as 1.2e+71 ('[0.0, 121624361411...0]')."""
    a, b = np.array([0.0, 0.5]), np.array([0.5, 0.0])
    ratio, low, high = strength.ratio_interval(a, b)
    assert ratio == 1.0 and low == 0.0 and math.isinf(high)


def test_picks_by_round_are_left_out_for_every_game(tmp_path):
    """New Frontiers' 'action selected in round r' is the kind of row the ladder leaves out for
    Stargate (crew picks by round: their rounds differ between rungs whose games differ in
    length), but it was kept: a 3-player, 8-game ladder tested 273 of its 405 rows per round
    (round 39 / retreat ...), and Holm's adjustment over 277 tests hid what does change."""
    from playtest.sim.batch import RunConfig, read_run, run_batch
    from playtest.variants import load_variant
    from tests.conftest import ROOT

    for path, players in ((ROOT / "variants" / "new-frontiers" / "base.yaml", 3),
                          (ROOT / "variants" / "stargate" / "draft5.yaml", 4)):
        run_batch(load_variant(path), RunConfig(n_games=2, players=players, lineup=("random",) * players, seed=1,
                                                workers=1), tmp_path / path.stem)
        info, games, events = read_run(tmp_path / path.stem)
        metrics = set(skill.ladder_metrics(info, games, events)[C.METRIC].to_list())
        assert not metrics & {"selected_in_round", "crew_pick_rate_by_round"}, path
        assert metrics & {"selection_share", "crew_pick_rate"}, path  # the per-action shares stay


def test_a_metric_with_one_value_in_every_game_of_every_rung_is_not_tested():
    """A draft that ends every game at round 8 (`round_cap` its only trigger): game length 8.00
    at every rung was shown as p (Holm) 1.000 and counted among the metrics tested (13 of a
    3-rung ladder's 80), where README promises "not testable, with the reason" and compare leaves
    "one value in every game of both" out of Holm's family. Each such test made every other
    metric's Holm-adjusted p larger."""
    samples = [self_play(1, "weak", (8, 8)), self_play(2, "strong", (8, 8))]
    _, tests, _ = skill.skill_tests(samples, ["weak", "strong"])
    length = row(tests, "game_length_rounds", "all")
    assert math.isnan(length[C.P_VALUE]) and math.isnan(length[skill.P_HOLM]) and not length[skill.CHANGES]
    assert length[skill.NOTE] == skill.SAME_IN_EVERY_RUNG
    tested = tests.filter(pl.col(C.P_VALUE).is_not_nan())
    assert tested.height > 0 and tested[skill.P_HOLM].to_list() == pytest.approx(skill.holm(tested[C.P_VALUE].to_list()))


def test_a_duplicate_test_is_counted_once_and_says_which_it_repeats(weak_strong):
    """A row whose differences between rungs and their replicates are an earlier row's (the
    seat 1's advantage is seat 1's win rate minus 1/P; a total that is its one score part)
    is the same test: compare counts it once, the ladder tested it twice and Holm's family grew
    (an Oh-Seven draft without bonus listed "rounds score changes with skill" and "total score
    changes with skill", -5.03 each)."""
    _, tests = weak_strong
    advantage, total = row(tests, "first_player_advantage", "seat 1"), row(tests, "score_mean", "all / total")
    assert advantage[skill.NOTE] == "same as win_rate_by_seat / seat 1"
    assert total[skill.NOTE] == "same as score_mean / all / points"
    assert all(math.isnan(r[skill.P_HOLM]) and not r[skill.CHANGES] for r in (advantage, total))
    tested = tests.filter(pl.col(skill.P_HOLM).is_not_nan())
    assert ("score_mean", "all / points") in set(tested.select(C.METRIC, C.GROUP).iter_rows())
    assert tested[skill.P_HOLM].to_list() == pytest.approx(skill.holm(tested[C.P_VALUE].to_list()))
    # Rows that differ are their own tests, though game length in turns moves with the rounds.
    assert not math.isnan(row(tests, "game_length_turns", "all")[skill.P_HOLM])


def test_the_ladder_reads_the_scores_overall_mean_and_spread_as_the_report_computes_them():
    """ladder_metrics computes only the score rows it keeps (overall, no quantiles): they are the
    report's rows."""
    from playtest.analysis.common import score_distribution

    rng = np.random.default_rng(3)
    games = games_table(rng, 40, ("weak",) * 4, (1, 1, 1, 1), (4, 6))
    mine = skill.ladder_metrics({"players": 4}, games, EVENTS).filter(pl.col(C.METRIC).str.starts_with("score_"))
    report = score_distribution(games).filter(
        pl.col(C.GROUP).str.starts_with("all / ") & ((pl.col(C.METRIC) == "score_mean")
                                                    | ((pl.col(C.METRIC) == "score_sd") & (pl.col(C.GROUP) == "all / total"))))
    assert mine.height == 3  # score_points and total's means, total's sd
    assert mine.select(C.METRIC, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N).equals(
        report.select(C.METRIC, C.GROUP, C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N))


def test_a_rung_whose_value_rests_on_two_games_that_agree_is_no_change(monkeypatch):
    """A greedy-vs-random New Frontiers ladder (-n 100, seed 1) said "Win rate of the leader after
    round 16 rises from 61.9% (random) to 100.0% (greedy); Holm-adjusted p < 0.001": greedy's 100%
    came from the 2 of its games that reached round 16, every left-out block gave 100%, and the
    test took its spread (0) at face value. It is no more certain than those 2 blocks: p >= 0.5."""
    ids = np.arange(300)
    rng = np.random.default_rng(3)
    late_strong = np.isin(ids, [7, 241])
    late_weak = rng.random(300) < 0.4
    wins_weak = rng.random(300) < 0.6

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        reached = games.filter(pl.col("late"))
        return C.metric_frame([{C.METRIC: "leader_after_round_wins", C.GROUP: "round 16",
                                C.ESTIMATE: float(reached["won"].mean()), C.N: reached.height}])

    def rung(late: np.ndarray, won: np.ndarray) -> Sample:
        return Sample({"players": 4}, pl.DataFrame({"game": ids, "late": late, "won": won.astype(float)}), EVENTS)

    monkeypatch.setattr(skill, "ladder_metrics", metrics)
    _, tests, reps = skill.skill_tests([rung(late_weak, wins_weak), rung(late_strong, np.ones(300))],
                                       ["random", "greedy"])
    found = row(tests, "leader_after_round_wins", "round 16")
    assert reps.thin_constant_blocks([(1, "leader_after_round_wins", "round 16")]) == 2
    assert found[C.P_VALUE] >= 0.5 and not found[skill.CHANGES]
    assert found[skill.NOTE] == skill.RESTS_ON_FEW_GAMES
    # The weak rung alone varies over its many blocks: no floor for it.
    assert reps.thin_constant_blocks([(0, "leader_after_round_wins", "round 16")]) is None


def test_the_skill_sentence_names_the_level_of_its_gap_interval():
    """The gap and score gap are 97.5% intervals (each of the verdict's two tests, Bonferroni),
    as the strength table's headers say; the sentence above the table, in the terminal, Markdown
    and HTML alike, gave '+46.0 pts [+38.8 pts, +48.6 pts]' bare, read as the 95% of every other
    bracket in the report."""
    from playtest.ladder.result import skill_matters

    pairs = {("low", "up"): pair_sample(3, 60, 0.75)}
    r = strength.ratings(pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=20)
    first = skill_matters(strength.strength_table(pairs), r)[0]
    gap = first.split("per-seat gap ", 1)[1]
    assert "] (97.5%): " in gap, first


def test_a_game_metric_with_a_title_but_no_phrase_reads_as_its_title():
    """Oh-Seven's rebid rows have a title (compare shows it) but no ladder phrase: the ladder's
    table read 'share rebids (0 rebids)' and 'rebids mean (mean per round)', the ids with spaces."""
    from playtest.core.spec import MetricInfo
    from playtest.games.ohseven.metric_info import METRIC_INFO
    from playtest.ladder.result import describe

    titled = {"share_rebids": MetricInfo(groups="rebids in a round", title="Rounds with this many rebids")}
    assert describe("share_rebids", "0 rebids", str, titled) == "rounds with this many rebids (0 rebids)"
    assert describe("share_bid", "bid 1", str, METRIC_INFO) == "share of bids that are bid 1"  # a phrase wins


def test_oh_seven_rebid_rows_read_as_sentences():
    """Oh-Seven ladder, random / heuristic / ismcts:50: "Rounds with this many rebids (0 rebids)
    changes with skill" and "Forced rebids per round (mean per round) changes with skill" (the
    titles with the group beside them)."""
    from playtest.games.ohseven.metric_info import METRIC_INFO
    from playtest.ladder.result import describe

    assert describe("share_rebids", "0 rebids", str, METRIC_INFO) == "share of rounds with 0 rebids"
    assert describe("rebids_mean", "mean per round", str, METRIC_INFO) == "forced rebids (mean per round)"
    assert describe("share_redeals", "1 redeal", str, METRIC_INFO) == "share of matches with 1 redeal"
    assert describe("redeals_mean", "mean per match", str, METRIC_INFO) == "redeals (mean per match)"
    assert describe("share_trigger", "sum", str, METRIC_INFO) == "share of rebids forced by the sum trigger"


def test_oh_seven_s_other_players_read_as_what_they_count_not_as_other_bots():
    """'Exact-bid rate (other players) rises from 17.4% (random) to 44.5% (heuristic)' stood beside
    'Exact-bid rate (the rung's bot)' in a ladder whose every seat plays the rung's bot, and read
    as the other bots; it counts every player of a round but its highest bidder. The group's id,
    which gates files name, stays 'other players'."""
    from playtest.games.ohseven.metric_info import METRIC_INFO
    from playtest.ladder.result import describe

    text = describe("exact_rate", "other players", str, METRIC_INFO)
    assert text.startswith("exact-bid rate (") and "other players" not in text and "highest bidder" in text, text
    assert describe("exact_rate", "highest bidder", str, METRIC_INFO) == "exact-bid rate (highest bidder)"


def test_a_rate_s_interval_is_wilson_s_at_the_games_effective_number():
    """5 wins in 10 games: se over games with the sample variance (ddof 1), so n_eff = p(1 − p)/se²
    = n − 1 = 9, as the report's shares (stats.proportion_of_sums); Wilson's interval at 9 on
    t(0.975, 9), by hand. The gap's interval is the same on its range rescaled to [0, 1]."""
    from scipy import stats as sps

    q = float(sps.t.ppf(0.975, 9))
    n, p = 9, 0.5
    centre = (p + q * q / (2 * n)) / (1 + q * q / n)
    half = q * math.sqrt(p * (1 - p) / n + q * q / (4 * n * n)) / (1 + q * q / n)
    wins = np.array([1.0, 0.0] * 5)
    assert strength.bounded_interval(wins) == pytest.approx((0.5, centre - half, centre + half))
    assert strength.bounded_interval(2 * wins - 1, -1.0, 1.0) == pytest.approx((0.0, 2 * (centre - half) - 1,
                                                                                   2 * (centre + half) - 1))


def test_ratings_intervals_are_the_bootstraps_2_5_and_97_5_percentiles(monkeypatch):
    """The rating's interval is the central 95% of its bootstrap replicates. With the fit replaced by
    one that rates the upper rung at the call's number (the estimate first, then replicates 0 … 199),
    the bounds are numpy's linear percentiles of 0 … 199: 199 · 0.025 = 4.975 and 194.025. (The
    widening to the games' share of comparisons, `_few_wins_gap`, reads the real games, not these
    made-up ratings: it is left out here and checked by
    test_a_rung_that_lost_one_game_is_rated_no_surer_than_one_game_allows.)"""
    calls = iter(range(-1, 200))

    def counting_fit(n: int, data: np.ndarray) -> np.ndarray:
        return np.array([0.0, float(next(calls))])

    monkeypatch.setattr(strength, "_fit", counting_fit)
    monkeypatch.setattr(strength, "_few_wins_gap", lambda *args: None)
    pairs = {("low", "up"): pair_sample(3, 40, 0.6)}  # both rungs win some comparisons: no open end
    r = strength.ratings(pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=200)
    up = r.row(1, named=True)
    assert (up["rating"], up["ci_low"], up["ci_high"]) == (-1.0, pytest.approx(4.975), pytest.approx(194.025))


def test_a_rating_whose_interval_holds_0_is_not_said_to_set_the_rungs_apart():
    """Stargate draft 6b, 20 games a pairing: "mcts:50 is rated 154 Elo above random (+154 [-53,
    +363])" read as a finding; an interval that holds 0 now says the games do not tell them apart,
    and one that does not says nothing more."""
    from playtest.ladder.result import skill_matters

    for p_up, apart in ((0.55, False), (0.9, True)):
        pairs = {("a", "b"): renamed(pair_sample(11, 40, p_up), {"low": "a", "up": "b"})}
        r = strength.ratings(pairs, ["a", "b"], rng=np.random.default_rng(1), n_boot=60)
        b = r.row(1, named=True)
        assert (round(b["ci_low"]) > 0) == apart
        across = skill_matters(strength.strength_table(pairs), r)[-1]
        assert across.startswith("Across the ladder (Bradley–Terry): b is rated ")
        assert ("do not tell b and a apart" in across) == (not apart), across


def test_a_sentence_says_what_its_numbers_count():
    """An Oh-Seven ladder (random, heuristic, mcts:30) said 'Mean total score per player changes with
    skill: -12.44 (random), 5.40 (heuristic), 0.79 (mcts:30)' and 'Mean rebid_bonus score per
    player': each number carries its unit unless the title says it, and a score part is in words."""
    from playtest.games.ohseven import SPEC
    from playtest.ladder.result import describe, sentence

    title = describe("score_mean", "all / rebid_bonus", str, SPEC.metric_info)
    assert title == "mean rebid bonus score per player"
    assert sentence(title, "score_mean", [("random", 0.06), ("heuristic", 0.65), ("mcts:30", 0.5)], 0.018,
                    declared=SPEC.metric_info) == ("Mean rebid bonus score per player changes with skill: 0.06 points "
                                                   "(random), 0.65 points (heuristic), 0.50 points (mcts:30); "
                                                   "Holm-adjusted p 0.018.")
    rebids = describe("rebids_mean", "mean per round", str, SPEC.metric_info)
    assert sentence(rebids, "rebids_mean", [("random", 0.04), ("heuristic", 0.37)], 0.018,
                    declared=SPEC.metric_info).startswith("Forced rebids (mean per round) rises from 0.04 (random)")


def test_a_unit_the_title_names_in_another_case_is_not_written_again():
    """'unless the title says it' compared the unit with the title in lower case, so the unit
    'VP' was never found: 'Skill VP per bays pick rises from 0.50 VP (random) ...' while 'Cubes
    gained per bays pick' and 'Game length (rounds)' kept their numbers bare."""
    from playtest.games.stargate import SPEC
    from playtest.ladder.result import describe, sentence

    title = describe("crew_vp_per_pick", "bays", str, SPEC.metric_info)
    assert sentence(title, "crew_vp_per_pick", [("random", 0.5), ("greedy", 1.2)], 0.001,
                    declared=SPEC.metric_info) == ("Skill VP per bays pick rises from 0.50 (random) to 1.20 (greedy); "
                                                   "Holm-adjusted p 0.001.")


def test_a_category_a_rung_never_produced_is_as_uncertain_in_the_ladder_as_in_compare():
    """compare adds the variance of a never-seen interval to a category one variant never produced
    (its 0% filled in, the same in every block); the ladder's Hotelling test, which reads the
    replicates alone, read that 0% as certain: p 0.078 where compare's paired test of the same two
    rungs gave 0.111 (h172). With two rungs the ladder's statistic is compare's t again, squared."""
    from playtest.compare.jackknife import Replicates
    from playtest.compare.stats import never_seen

    m = "game_length_share"
    x = 0.01 + np.random.default_rng(3).normal(0, 0.0009, 30)  # rung a: 1% of games last 7 rounds
    keys = ((0, m, "7 rounds"), (1, m, "7 rounds"))
    high = never_seen(0.025, 400)
    seen = C.metric_frame([{C.METRIC: m, C.GROUP: "7 rounds", C.ESTIMATE: 0.01, C.CI_LOW: 0.004, C.CI_HIGH: 0.025,
                            C.N: 400}])
    never = C.metric_frame([{C.METRIC: m, C.GROUP: "7 rounds", C.ESTIMATE: 0.0, C.CI_LOW: 0.0, C.CI_HIGH: high,
                             C.N: 400}])
    reps = Replicates(keys, np.array([x.mean(), 0.0]), np.stack([x, np.zeros(30)]), (seen, never), 400,
                      np.array([30, 30]), {}, frozenset({keys[1]}))
    diffs, rep, unseen = skill.rung_contrasts(reps, list(keys))
    assert unseen is not None and unseen[0, 0] == pytest.approx(reps.unseen_variance(keys[1]))
    p, note = skill.hotelling(diffs, rep, unseen=unseen)
    assert note == "" and skill.hotelling(diffs, rep)[0] < p  # the replicates alone: surer than they may be
    compared = reps.difference(keys[1], keys[0])
    t = compared.estimate / compared.se  # compare's t on K - 1 df is the ladder's F(1, K - 1)
    assert p == pytest.approx(dist.f_sf(t * t, 1, 29), rel=1e-9)


def test_a_rung_not_shown_stronger_is_a_warning_about_what_changes_with_skill():
    """New Frontiers, random / greedy / mcts:20, 12 games: mcts:20 won fewer of its seats than
    greedy, yet 'What changes with skill' read "Retreat selection share changes with skill: 13.0%
    (random), 4.9% (greedy), 23.8% (mcts:20)" with nothing saying that mcts:20 is no better player."""
    from playtest.ladder.result import unproven_rungs

    pairs = {("a", "b"): renamed(sweep_sample(20, "up"), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(4, 40, 0.5), {"low": "b", "up": "c"})}
    table = strength.strength_table(pairs)
    assert unproven_rungs(table) == [
        "c was not shown to play better than b in their 40 games (Does skill matter?): where a metric differs "
        "between b and c under 'What changes with skill', that is a difference of bots, not shown to be one of skill."]
    assert unproven_rungs(table.filter(pl.col("upper") == "b")) == []


def test_two_rungs_are_not_called_rungs_that_never_played():
    """Oh-Seven, heuristic / ismcts:200, 40 games: "ismcts:200 is rated 164 Elo above heuristic ...
    in 72% of head-to-head comparisons (a rating's prediction: rungs further apart than one step
    never played each other)" — the two had played each other, in the pairing just above."""
    from playtest.ladder.result import skill_matters

    two = {("low", "up"): pair_sample(3, 200, 0.7)}
    r2 = strength.ratings(two, ["low", "up"], rng=np.random.default_rng(1), n_boot=40)
    across = skill_matters(strength.strength_table(two), r2)[-1]
    assert across.startswith("Across the ladder (Bradley–Terry): up is rated ")
    assert across.endswith("% of head-to-head comparisons.") and "never played" not in across
    three = {("a", "b"): renamed(pair_sample(3, 200, 0.7), {"low": "a", "up": "b"}),
             ("b", "c"): renamed(pair_sample(4, 200, 0.7), {"low": "b", "up": "c"})}
    r3 = strength.ratings(three, ["a", "b", "c"], rng=np.random.default_rng(1), n_boot=40)
    across = [s for s in skill_matters(strength.strength_table(three), r3) if s.startswith("Across")][0]
    assert across.endswith("(a rating's prediction: rungs further apart than one step never played each other).")


def test_a_ratio_bound_near_infinity_is_shown_as_over_100():
    """New Frontiers, greedy against random in 6 games: "5.0× as often per seat [0.3, 28870.7]" —
    the upper bound divides by random's lower bound, near 0; the JSON keeps the number."""
    from playtest.ladder.result import skill_matters, times_high

    assert (times_high(28870.7), times_high(99.96), times_high(math.inf), times_high(None)) == (
        "over 100", "100.0", "∞", "–")
    pairs = {("low", "up"): pair_sample(3, 6, 0.7)}  # up won 5 games, low 1: 5.0× [0.3, 28870.7]
    table = strength.strength_table(pairs)
    assert table["ratio"][0] == pytest.approx(5.0) and table["ratio_high"][0] > 10_000
    r = strength.ratings(pairs, ["low", "up"], rng=np.random.default_rng(1), n_boot=20)
    assert ", over 100]; per-seat gap" in skill_matters(table, r)[0]
