"""The calibration study's own machinery (fast; the study itself is `make calibrate`)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from playtest.analysis import columns as C
from tests.calibration.study import coverage_of, permute_seats, rate


def test_permuting_seats_keeps_each_game_and_makes_seat_one_fair():
    rng = np.random.default_rng(1)
    games = pl.DataFrame({"game": np.repeat(np.arange(4000), 4), "seat": np.tile(np.arange(4), 4000),
                          "win_share": np.tile([1.0, 0.0, 0.0, 0.0], 4000)})  # seat 1 always wins
    fair = permute_seats(games, rng)
    assert fair.group_by("game").agg(pl.col("seat").sort()).get_column("seat").to_list()[0] == [0, 1, 2, 3]
    assert fair.group_by("game").agg(pl.col("win_share").sum())["win_share"].to_list() == [1.0] * 4000
    first = float(fair.filter(pl.col("seat") == 0)["win_share"].mean())
    assert abs(first - 0.25) < 0.03


def test_coverage_counts_hits_and_leaves_rows_without_an_interval_out():
    table = C.metric_frame([
        {C.METRIC: "m", C.GROUP: "a", C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6},
        {C.METRIC: "m", C.GROUP: "b", C.ESTIMATE: 0.5, C.CI_LOW: 0.45, C.CI_HIGH: 0.55},
        {C.METRIC: "k", C.GROUP: "x", C.ESTIMATE: 0.25, C.CI_LOW: 0.25, C.CI_HIGH: 0.25},
        {C.METRIC: "n", C.GROUP: "x", C.ESTIMATE: 1.0},  # no interval: the same in every game
    ])
    constant: set[str] = set()
    truth = {("m", "a"): 0.52, ("m", "b"): 0.6, ("k", "x"): 0.25, ("n", "x"): 1.0}
    assert coverage_of(table, truth, constant) == {"m": (1, 2)}
    assert constant == {"k", "n"}


def test_a_metric_without_an_interval_that_varies_is_not_called_constant():
    # score_sd: the report gives it no interval, yet each run's value is its own, not the pool's
    table = C.metric_frame([
        {C.METRIC: "score_sd", C.GROUP: "all", C.ESTIMATE: 3.4},
        {C.METRIC: "win_rate_by_bot", C.GROUP: "random", C.ESTIMATE: 0.25},
    ])
    truth = {("score_sd", "all"): 3.1, ("win_rate_by_bot", "random"): 0.25}
    constant: set[str] = set()
    assert coverage_of(table, truth, constant) == {}
    assert constant == {"win_rate_by_bot"}
    no_interval: set[str] = set()
    coverage_of(table, truth, set(), no_interval)
    assert no_interval == {"score_sd"}


def test_the_table_says_why_each_unchecked_metric_was_left_out():
    from tests.calibration.study import OHSEVEN, Results, markdown

    res = Results(OHSEVEN, 100, 3, constant={"game_length_rounds"}, no_interval={"score_sd"})
    doc = markdown([res], "today", "make calibrate", 1.0)
    gives_none = next(line for line in doc.splitlines() if "`score_sd`" in line)
    assert "gives them no interval" in gives_none and "game_length_rounds" not in gives_none
    did_not_vary = next(line for line in doc.splitlines() if "`game_length_rounds`" in line)
    assert "does not vary" in did_not_vary and "score_sd" not in did_not_vary
    assert "crew" not in doc.split("### False positives")[0].split("## Oh-Seven")[1]


@pytest.mark.parametrize("alarms", [1, 3])
def test_diff_is_called_below_five_percent_only_when_its_figures_are(alarms):
    from tests.calibration.study import OHSEVEN, Results, markdown

    res = Results(OHSEVEN, 100, 3, diff_fw=[True] * alarms + [False] * (60 - alarms),
                  sequential_fw=[True] + [False] * 39, power_any=[True] * 20)
    doc = markdown([res], "today", "make calibrate", 1.0)
    sentence = next(line for line in doc.splitlines() if line.startswith("Gates placed at the boundary"))
    below = 100 * alarms / 60 < 5
    assert ("as both `diff` figures above are" in sentence) is below
    assert ("do not show" in sentence) is not below


def test_monte_carlo_error_is_never_zero():
    assert rate([1.0, 0.0, 1.0, 0.0]) == (0.5, np.std([1, 0, 1, 0], ddof=1) / 2, 4)
    v, se, k = rate([False] * 50)
    assert v == 0 and se > 0 and k == 50  # every repetition agreed: binomial bound, not 0


def test_exact_wilson_coverage_sums_the_binomial_over_every_count():
    from scipy import stats as sps

    from playtest.analysis.stats import wilson
    from tests.calibration.study import exact_coverage_of, exact_wilson_coverage

    n, p = 40, 0.1
    by_hand = sum(sps.binom.pmf(k, n, p) for k in range(n + 1) if wilson(k, n)[1] <= p <= wilson(k, n)[2])
    assert exact_wilson_coverage(p, n) == pytest.approx(by_hand)
    assert 0.9 < by_hand < 1.0
    table = C.metric_frame([
        {C.METRIC: "tie_rate", C.GROUP: "all", C.ESTIMATE: 0.05, C.CI_LOW: 0.01, C.CI_HIGH: 0.1, C.N: n},
        {C.METRIC: "score_mean", C.GROUP: "all", C.ESTIMATE: 3.0, C.CI_LOW: 2.0, C.CI_HIGH: 4.0, C.N: n},
    ])
    truth = {("tie_rate", "all"): p, ("score_mean", "all"): 3.1}
    assert exact_coverage_of(table, truth) == {"tie_rate": pytest.approx(by_hand)}


def test_exact_share_coverage_is_the_binomial_one_without_shared_wins():
    from tests.calibration.study import exact_share_coverage, exact_wilson_coverage

    wins = np.array([1.0] * 3 + [0.0] * 7)
    truth, cov = exact_share_coverage(wins, 40)
    assert truth == pytest.approx(0.3)
    assert cov == pytest.approx(exact_wilson_coverage(0.3, 40))
    shared = np.array([1.0, 0.5, 0.0, 0.0, 0.25, 1 / 3, 0.0, 1.0])  # shared wins: a fractional count
    truth, cov = exact_share_coverage(shared, 30)
    assert 0.85 < cov <= 1.0
    with pytest.raises(ValueError):
        exact_share_coverage(np.array([0.2, 0.0]), 10)
