"""Holm, the look schedule, the jackknife on hand-checkable data, and A/A calibration."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis.stats import Z95, wilson
from playtest.compare.compare import Settings, compare_samples
from playtest.compare.jackknife import Sample, effective_df, replicate
from playtest.compare.stats import holm, looks_schedule
from playtest.variants import load_variant
from tests.compare.helpers import fast_metrics, simulate, slice_games
from tests.conftest import DRAFT5


def test_holm_matches_hand_computation():
    # sorted: 0.01 (×3 = 0.03), 0.02 (×2 = 0.04), 0.04 (×1 = 0.04); NaN is not a test.
    assert holm([0.04, 0.01, math.nan, 0.02]) == pytest.approx([0.04, 0.03, math.nan, 0.04], nan_ok=True)
    assert holm([0.5, 0.9]) == [1.0, 1.0]


def test_looks_double_up_to_the_maximum():
    assert looks_schedule(400, 3200) == [400, 800, 1600, 3200]
    assert looks_schedule(300, 1000) == [300, 600, 1000]
    assert looks_schedule(500, 500) == [500]


def _mean_metric(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    return C.metric_frame([{C.METRIC: "mean_total", C.GROUP: "all", C.ESTIMATE: float(games["total"].mean())}])


def test_jackknife_of_a_mean_is_the_block_means_standard_error():
    rng = np.random.default_rng(3)
    ids = np.repeat(np.arange(40), 1)
    a = pl.DataFrame({"game": ids, "total": rng.normal(10, 2, 40)})
    b = a.with_columns(pl.col("total") + rng.normal(1, 1, 40))
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    reps = replicate([Sample({}, a, empty), Sample({}, b, empty)], _mean_metric, blocks=10)
    est = reps.contrast([(1.0, (1, "mean_total", "all")), (-1.0, (0, "mean_total", "all"))])
    d = (b["total"] - a["total"]).to_numpy()
    block_means = d.reshape(10, 4).mean(axis=1)  # delete-a-group jackknife of a mean, equal blocks
    assert est.estimate == pytest.approx(d.mean())
    assert est.se == pytest.approx(block_means.std(ddof=1) / math.sqrt(10))
    # Normal-looking replicates keep (close to) K − 1 degrees of freedom.
    assert 5 <= est.df <= 9


def test_bursty_replicates_get_few_degrees_of_freedom():
    normal = np.random.default_rng(1).normal(size=30)
    assert effective_df(normal - normal.mean()) >= 10
    bursty = np.zeros(30)
    bursty[4] = 1.0  # one block carries every event
    assert effective_df(bursty - bursty.mean()) <= 2


def test_identical_runs_differ_by_exactly_nothing(tmp_path):
    v = load_variant(DRAFT5)
    s = simulate(v, 20, ("random",) * 4, 5, tmp_path / "a")
    cmp = compare_samples([s, s], ["a", "b"], metric_fn=fast_metrics)
    d = cmp.differences
    # Nothing to test: every difference is 0 in every replicate, none enters Holm's family.
    assert d.filter(pl.col(C.ESTIMATE).is_not_nan())[C.ESTIMATE].abs().max() == 0
    assert set(d["test"]) <= {"identical", "one value in every game of both", "not tested"}
    assert (d["test"] == "identical").sum() > 10
    assert d[C.P_VALUE].is_nan().all()
    assert not d["significant"].any()


@pytest.fixture(scope="module")
def aa_pools(tmp_path_factory):
    """Two independent seeds, 40 × 30 games each: 40 A/A pairs of small runs."""
    v = load_variant(DRAFT5)
    out = tmp_path_factory.mktemp("aa")
    bots = ("random",) * 4
    return [simulate(v, 40 * 30, bots, seed, out / str(seed)) for seed in (101, 202)]


@pytest.mark.slow
def test_a_variant_against_itself_is_flagged_at_about_the_nominal_rate(aa_pools):
    runs, n = 40, 30
    any_flagged = 0
    per_test = []
    for r in range(runs):
        a, b = (slice_games(p, r * n, n) for p in aa_pools)
        d = compare_samples([a, b], ["a", "b"], metric_fn=fast_metrics, settings=Settings(alpha=0.05)).differences
        p = d[C.P_VALUE].drop_nans()
        per_test.append(float((p < 0.05).mean()))
        any_flagged += bool(d["significant"].any())
    # Holm keeps the chance that *any* metric is flagged ≤ 5%; 40 runs: allow up to 2× + slack.
    assert any_flagged / runs <= 0.15, any_flagged
    # Each unadjusted test rejects about 5% of the time (not 0: the test is not dead either).
    assert 0.01 <= float(np.mean(per_test)) <= 0.10, np.mean(per_test)


def _family_metric(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    rate = float(games["win"].mean())
    return C.metric_frame([
        {C.METRIC: "win_rate", C.GROUP: "x", C.ESTIMATE: rate},
        {C.METRIC: "win_lift", C.GROUP: "x", C.ESTIMATE: rate - 0.25},  # the same test, shifted
        {C.METRIC: "loss_rate", C.GROUP: "x", C.ESTIMATE: 1 - rate},  # the mirror image
        {C.METRIC: "fair_share", C.GROUP: "x", C.ESTIMATE: 0.25},  # cannot change
        {C.METRIC: "mean_total", C.GROUP: "all", C.ESTIMATE: float(games["total"].mean())},
    ])


def test_holm_family_counts_each_distinct_non_constant_test_once():
    rng = np.random.default_rng(8)
    ids = np.arange(200)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def sample(p_win: float) -> Sample:
        g = pl.DataFrame({"game": ids, "win": (rng.random(200) < p_win).astype(float),
                          "total": rng.normal(10, 2, 200)})
        return Sample({}, g, empty)

    d = compare_samples([sample(0.25), sample(0.45)], ["a", "b"], metric_fn=_family_metric).differences
    tests = dict(zip(d[C.METRIC], d["test"], strict=True))
    assert tests == {"win_rate": "tested", "win_lift": "same as win_rate / x", "loss_rate": "same as win_rate / x",
                     "fair_share": "one value in every game of both", "mean_total": "tested"}
    rows = {r[C.METRIC]: r for r in d.iter_rows(named=True)}
    # Two tests in the family: Holm multiplies the smaller p by 2, not by 4 (or 5).
    expected = holm([rows["win_rate"][C.P_VALUE], rows["mean_total"][C.P_VALUE]])
    assert [rows["win_rate"]["p_holm"], rows["mean_total"]["p_holm"]] == pytest.approx(expected)
    assert rows["win_lift"]["p_holm"] == rows["win_rate"]["p_holm"] and rows["win_lift"]["significant"]
    assert rows["loss_rate"][C.ESTIMATE] == pytest.approx(-rows["win_rate"][C.ESTIMATE])
    assert rows["loss_rate"][C.CI_LOW] == pytest.approx(-rows["win_rate"][C.CI_HIGH])
    assert math.isnan(rows["fair_share"][C.P_VALUE]) and not rows["fair_share"]["significant"]
    assert rows["win_lift"][C.CI_LOW] == pytest.approx(rows["win_rate"][C.CI_LOW])


def _same_test_in_other_bits(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    rate = float(games["win"].mean())
    return C.metric_frame([{C.METRIC: "win_rate", C.GROUP: "x", C.ESTIMATE: rate},
                           {C.METRIC: "win_rate_again", C.GROUP: "x", C.ESTIMATE: (rate + 0.1) - 0.1}])


def test_a_row_that_shares_a_test_keeps_its_estimate_inside_its_interval():
    """The same test's estimates can differ in the last bits (0.19000000000000003 against
    0.18999999999999997 here); the copied interval was mirrored as if for a complementary share,
    and a compare of two New Frontiers drafts showed +5.0 pts in [-14.5, +4.5]."""
    ids = np.arange(200)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rng = np.random.default_rng(0)

    def sample(p_win: float) -> Sample:
        return Sample({}, pl.DataFrame({"game": ids, "win": (rng.random(200) < p_win).astype(float)}), empty)

    d = compare_samples([sample(0.25), sample(0.45)], ["a", "b"], metric_fn=_same_test_in_other_bits).differences
    rows = {r[C.METRIC]: r for r in d.iter_rows(named=True)}
    again, first = rows["win_rate_again"], rows["win_rate"]
    assert again["test"] == "same as win_rate / x" and again[C.ESTIMATE] != first[C.ESTIMATE]
    assert again[C.CI_LOW] <= again[C.ESTIMATE] <= again[C.CI_HIGH]
    assert (again[C.CI_LOW], again[C.CI_HIGH]) == (first[C.CI_LOW], first[C.CI_HIGH])


def _three_game_difference(metric: str, group: str) -> dict:
    """The difference row of `metric` (each game's value 0 or 1: 0, 1, 0 against 1, 0, 1) between
    two 3-game samples: t on 2 degrees of freedom gives a wide interval."""
    ids = np.arange(3)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def sample(values: list[float]) -> Sample:
        return Sample({}, pl.DataFrame({"game": ids, "x": values}), empty)

    def fn(info, games, events):  # type: ignore[no-untyped-def]
        return C.metric_frame([{C.METRIC: metric, C.GROUP: group, C.ESTIMATE: float(games["x"].mean())}])

    d = compare_samples([sample([0.0, 1.0, 0.0]), sample([1.0, 0.0, 1.0])], ["a", "b"], metric_fn=fn).differences
    [row] = d.iter_rows(named=True)
    return row


def test_a_difference_of_two_shares_stays_within_plus_minus_one():
    """At 3 games the t quantile is large: a win-rate difference's interval reached beyond
    ±100 points. A difference of two shares lies in [−1, 1]; the interval is cut to it."""
    row = _three_game_difference("win_rate", "x")
    assert row["test"] == "tested" and row[C.ESTIMATE] == pytest.approx(1 / 3)
    assert (row[C.CI_LOW], row[C.CI_HIGH]) == (-1.0, 1.0)


def test_a_mean_that_stayed_within_0_and_1_is_not_cut_like_a_share():
    """Oh-Seven's rebids per round (rebids_mean) read 0 or 1 in 3 games, so every value was
    within [0, 1] and its difference was cut to [−1, +1] as if it were a share; a mean of
    rebids can rise by more than 1 (gates/ohseven.yaml gates it at 1 per round)."""
    row = _three_game_difference("rebids_mean", "mean per round")
    assert row["test"] == "tested"
    assert row[C.CI_LOW] < -1.0 and row[C.CI_HIGH] > 1.0


def _rounds_metric(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    return C.metric_frame([
        {C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: float(games["rounds"].mean())},
        {C.METRIC: "fair_share", C.GROUP: "x", C.ESTIMATE: 0.25},
        {C.METRIC: "mean_total", C.GROUP: "all", C.ESTIMATE: float(games["total"].mean())},
    ])


def test_a_metric_the_rules_fix_at_another_value_is_a_certain_difference_not_no_change():
    # Oh-Seven with 6 rounds instead of 7: every match lasts 6 rounds, so the metric is constant
    # in each variant; it was labelled 'one value in every game of both' and left out of the verdict.
    rng = np.random.default_rng(3)
    ids = np.arange(100)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def sample(rounds: int) -> Sample:
        return Sample({}, pl.DataFrame({"game": ids, "rounds": np.full(100, rounds), "total": rng.normal(10, 2, 100)}),
                      empty)

    cmp = compare_samples([sample(7), sample(6)], ["base", "short"], metric_fn=_rounds_metric)
    rows = {r[C.METRIC]: r for r in cmp.differences.iter_rows(named=True)}
    fixed = rows["game_length_rounds"]
    assert fixed["test"] == "the same in every game of each" and fixed["significant"] and fixed["notable"]
    assert (fixed[C.ESTIMATE], fixed[C.CI_LOW], fixed[C.CI_HIGH]) == (-1.0, -1.0, -1.0)
    # The exact sign-flip p-value over the 30 blocks, in Holm's family of two
    assert fixed[C.P_VALUE] == 2.0 ** -29 and fixed["p_holm"] == pytest.approx(2 * 2.0 ** -29)
    assert rows["fair_share"]["test"] == "one value in every game of both" and not rows["fair_share"]["significant"]
    assert rows["mean_total"]["p_holm"] == pytest.approx(rows["mean_total"][C.P_VALUE])  # the larger p: times 1
    from playtest.compare.render import verdict_lines
    assert "Game length (rounds): short is 1.00 rounds lower than base in every game played (each gave one value in every game: no interval)" in verdict_lines(cmp)
    # Four games that happen to agree are no certain difference: p = 2^-3 over 4 blocks.
    ids = np.arange(4)
    few = compare_samples([Sample({}, pl.DataFrame({"game": ids, "rounds": np.full(4, r), "total": rng.normal(10, 2, 4)}),
                                  empty) for r in (7, 6)], ["base", "short"], metric_fn=_rounds_metric)
    fixed = next(r for r in few.differences.iter_rows(named=True) if r[C.METRIC] == "game_length_rounds")
    assert fixed[C.P_VALUE] == 0.125 and not fixed["significant"]


def _lengths(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    n = games.height
    return C.metric_frame([{C.METRIC: "game_length_share", C.GROUP: f"{r} rounds", C.ESTIMATE: k / n, C.N: n}
                           for r, k in games.group_by("rounds").len().sort("rounds").iter_rows()])


def test_a_category_one_variant_never_produced_is_0_percent_and_tested():
    """Games of 6 rounds in a quarter of the base's games and none of the draft's: the draft's
    table has no '6 rounds' row. It is 0% there and the change is tested, not 'not tested'."""
    ids = np.arange(200)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rng = np.random.default_rng(3)
    base = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(rng.random(200) < 0.25, 6, 5)}), empty)
    draft = Sample({}, pl.DataFrame({"game": ids, "rounds": np.full(200, 5)}), empty)
    d = compare_samples([base, draft], ["base", "draft"], metric_fn=_lengths).differences
    six = d.filter(pl.col(C.GROUP) == "6 rounds").row(0, named=True)
    # 6 rounds is the complement of 5 rounds here: the same test, counted once by Holm.
    assert six["test"] == "same as game_length_share / 5 rounds"
    assert six[C.ESTIMATE] < -0.15 and six["significant"]
    assert six[C.CI_LOW] <= six[C.ESTIMATE] <= six[C.CI_HIGH] < 0


def _late_rounds(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """New Frontiers' 'selected in round 17' in miniature: the share of the games reaching round
    17 that picked develop in it, over those games only (n = how many reached it)."""
    late = games.filter(pl.col("rounds") >= 17)
    return C.metric_frame([
        {C.METRIC: "selected_in_round", C.GROUP: "round 17 / develop",
         C.ESTIMATE: float(late["develop17"].mean()) if late.height else None, C.N: late.height},
        {C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: float(games["rounds"].mean()), C.N: games.height},
    ])


def test_a_difference_the_same_in_every_block_is_certain_only_from_the_blocks_that_hold_it():
    """Two of 60 games reached round 17 on each side, both picked develop there in one variant
    and neither in the other: constant in every block, but the 28 blocks without those games
    say nothing about it. compare called it 'the same in every game of each' at p = 2^(1 - 30) in an A/A
    comparison of New Frontiers; its K is now the 2 blocks that hold it (p = 0.5)."""
    ids = np.arange(60)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rounds = np.where(np.isin(ids, [7, 41]), 17, 14)

    def sample(develop: float) -> Sample:
        return Sample({}, pl.DataFrame({"game": ids, "rounds": rounds, "develop17": np.full(60, develop)}), empty)

    cmp = compare_samples([sample(1.0), sample(0.0)], ["base", "copy"], metric_fn=_late_rounds)
    row = next(r for r in cmp.differences.iter_rows(named=True) if r[C.METRIC] == "selected_in_round")
    assert row["test"] == "the same in every game of each" and row[C.ESTIMATE] == -1.0
    assert row[C.P_VALUE] == 0.5 and not row["significant"]
    # Equal on both sides in those 2 games is "equal in every game", not "one value in every game of both".
    same = compare_samples([sample(1.0), sample(1.0)], ["base", "copy"], metric_fn=_late_rounds)
    row = next(r for r in same.differences.iter_rows(named=True) if r[C.METRIC] == "selected_in_round")
    assert row["test"] == "identical" and not row["significant"]
    # A row every game holds keeps all 30 blocks.
    reps = replicate([sample(1.0), sample(0.0)], _late_rounds)
    assert reps.blocks_holding((0, "selected_in_round", "round 17 / develop")) == 2
    assert reps.blocks_holding((0, "game_length_rounds", "all")) == 30


def _leader_late(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """New Frontiers' 'leader after round 14 wins' in miniature: over the games that reached round 14."""
    late = games.filter(pl.col("rounds") >= 14)
    return C.metric_frame([{C.METRIC: "leader_after_round_wins", C.GROUP: "round 14",
                            C.ESTIMATE: float(late["won"].mean()) if late.height else None, C.N: late.height}])


def test_a_share_its_few_games_agree_on_keeps_the_uncertainty_of_those_games():
    """A draft that ends earlier: 3 of its 100 games reached round 14 and the leader won all 3,
    against 92% over the base's 25. Every block gave the draft 100%, so the jackknife saw only the
    base's spread: compare read +8.0 pts [-6.0, +22.0], as sure of 3 games as of 25. The draft's
    side now carries the variance of Wilson's interval at n = 3, as its own report shows it."""
    ids = np.arange(100)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rng = np.random.default_rng(5)
    base = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(ids % 4 == 0, 14, 12),
                                    "won": (rng.random(100) < 0.9).astype(float)}), empty)
    draft = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(np.isin(ids, [5, 50, 95]), 14, 11),
                                     "won": np.ones(100)}), empty)
    reps = replicate([base, draft], _leader_late)
    key = (1, "leader_after_round_wins", "round 14")
    assert reps.thin_constant_blocks([key]) == 3 and reps.n(key) == 3
    assert reps.unseen_variance((0, "leader_after_round_wins", "round 14")) == 0.0  # 25 games that vary
    seen_alone = reps.contrast([(1.0, (0, "leader_after_round_wins", "round 14"))]).se
    diff = reps.contrast([(1.0, key), (-1.0, (0, "leader_after_round_wins", "round 14"))])
    _, lo, hi = wilson(3, 3)
    assert diff.se == pytest.approx(math.sqrt(seen_alone ** 2 + ((hi - lo) / (2 * Z95)) ** 2))
    row = next(r for r in compare_samples([base, draft], ["base", "draft"], metric_fn=_leader_late)
               .differences.iter_rows(named=True) if r[C.METRIC] == "leader_after_round_wins")
    assert row[C.CI_LOW] < -0.3 and row[C.P_VALUE] > 0.5 and not row["significant"]
    # A single value (a gate's limit) has that variance too: the draft's 100% is no certainty.
    assert reps.value(key).se == pytest.approx((hi - lo) / (2 * Z95))


def _late_turn_share(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """A share of turns, as the report computes one (Wilson's at the games, stats.proportion_of_sums),
    over the games that reached a late round: n counts turns, 20 a game."""
    from playtest.analysis.stats import proportion_of_sums

    late = games.filter(pl.col("rounds") >= 14).sort("game")
    est, lo, hi = proportion_of_sums(late["hits"].to_numpy().astype(float), np.full(late.height, 20.0))
    return C.metric_frame([{C.METRIC: "late_pick_share", C.GROUP: "bays", C.ESTIMATE: est, C.CI_LOW: lo,
                            C.CI_HIGH: hi, C.N: 20 * late.height}])


def test_a_share_of_turns_its_few_games_agree_on_keeps_the_uncertainty_of_those_games():
    """The draft's share is 0 over the 60 turns of the 3 games that reached round 14; its report
    gives it Wilson's interval at those 3 games, [0, 86%]. The unseen variance was Wilson's at
    n = 60 turns ([0, 6%]): compare read the change from the base's 30% as -30 pts within
    ±4 pts, a certainty that the draft's own interval denies. It is the row's own interval now."""
    ids = np.arange(100)
    rng = np.random.default_rng(7)
    base = Sample({}, pl.DataFrame({"game": ids, "rounds": np.full(100, 14), "hits": rng.binomial(20, 0.3, 100)}),
                  pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)}))
    draft = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(np.isin(ids, [5, 50, 95]), 14, 11),
                                     "hits": np.zeros(100, dtype=int)}), base.events)
    reps = replicate([base, draft], _late_turn_share)
    key = (1, "late_pick_share", "bays")
    assert reps.thin_constant_blocks([key]) == 3 and reps.n(key) == 60
    own = reps.tables[1].row(0, named=True)
    assert own[C.CI_LOW] == 0.0 and own[C.CI_HIGH] > 0.8
    assert reps.value(key).se == pytest.approx(own[C.CI_HIGH] / (2 * Z95))
    row = next(r for r in compare_samples([base, draft], ["base", "draft"], metric_fn=_late_turn_share)
               .differences.iter_rows(named=True))
    assert row[C.CI_HIGH] > 0.0 and not row["significant"]


def test_leaving_the_quantiles_out_of_the_block_recomputations_changes_no_difference(tmp_path, monkeypatch):
    """compare's blocks leave the report's score quantiles out (untested): every row of the
    comparison — estimates, intervals, p-values, tests — is what the whole report in every block
    gives."""
    from playtest.compare import jackknife
    from playtest.compare.metrics import report_metrics

    v = load_variant(DRAFT5)
    a = simulate(v, 10, ("random",) * 4, 3, tmp_path / "a")
    b = simulate(load_variant(DRAFT5, ["crews.bays.time=2"]), 10, ("random",) * 4, 3,
                 tmp_path / "b")
    calls: list[bool] = []
    real = jackknife.replicate

    def whole_report_in_every_block(samples, metric_fn, blocks=jackknife.DEFAULT_BLOCKS, **kw):
        calls.append(kw.pop("left_out") is not None)
        return real(samples, report_metrics(), blocks, **kw)

    light = compare_samples([a, b], ["a", "b"], settings=Settings(blocks=3)).differences
    monkeypatch.setattr("playtest.compare.compare.replicate", whole_report_in_every_block)
    full = compare_samples([a, b], ["a", "b"], settings=Settings(blocks=3)).differences
    assert calls == [True]  # the default path does leave the quantiles out of the blocks
    assert light.columns == full.columns and light.height == full.height
    quantiles = light.filter(pl.col(C.METRIC).str.contains(r"_(median|q\d+)$"))
    assert quantiles.height > 0 and (quantiles["test"] == "not tested").all()
    for col in light.columns:
        x, y = light[col], full[col]
        if x.dtype.is_float():
            assert np.allclose(x.fill_null(np.nan).to_numpy(), y.fill_null(np.nan).to_numpy(), equal_nan=True,
                               rtol=0, atol=0), col
        else:
            assert x.to_list() == y.to_list(), col


def test_a_mean_the_same_in_the_few_games_that_hold_it_is_no_more_certain_than_those_games():
    """A mean held by the games of 3 blocks of 30 and the same in each (the score of the 3 games
    that reached round 16) against one that varies: the t test measured only the other side's
    spread and read p = 4e-5; the difference is no more certain than the exact sign-flip test over
    the 3 blocks, 2^(1 - 3) = 0.25 (as the ladder floors its tests), and its interval says so too:
    it holds 0, as a p-value of 0.25 does."""
    from playtest.compare.jackknife import Replicates
    from playtest.compare.stats import sign_flip_p

    rng = np.random.default_rng(3)
    keys = ((0, "score_of_long_games", "all"), (1, "score_of_long_games", "all"))
    base = 40.0 + rng.normal(0, 0.3, 30)
    reps = Replicates(keys, np.array([base.mean(), 50.0]), np.stack([base, np.full(30, 50.0)]), (), 60,
                      np.array([30, 3]))
    est = reps.contrast([(1.0, keys[1]), (-1.0, keys[0])])  # the jackknife alone
    lo, hi = est.interval()
    assert est.p_value() < 1e-3 and lo > 0  # what the t test alone says (4e-5)
    shown = reps.difference(keys[1], keys[0])  # as compare and the gates test it
    assert shown.estimate == est.estimate and math.isclose(shown.p_value(), sign_flip_p(3)) and sign_flip_p(3) == 0.25
    lo, hi = shown.interval()
    assert lo < 0 < hi
    # Held by every block, the same value is the run's: the t test stands.
    every = Replicates(keys, reps.full, reps.reps, (), 60, np.array([30, 30]))
    assert every.difference(keys[1], keys[0]) == est


def test_a_contrast_of_several_rows_with_one_constant_over_few_blocks_is_no_surer_than_those_blocks():
    """best − base of a spread, four rows: the winner's mean score in seat 1 is held by the games
    of 3 blocks of 30 and the same in each (the 3 games that reached round 16), the other three
    rows vary a little. The jackknife sees only their spread and reads p below 1e-3; the contrast,
    as tune reports it (`tested`), is no surer than the sign-flip test over those 3 blocks,
    2^(1 - 3) = 0.25, and its interval holds 0. A constant row whose terms cancel is no side of
    the contrast and floors nothing; held by every block, the t test stands."""
    from playtest.compare.jackknife import Replicates
    from playtest.compare.stats import sign_flip_p

    rng = np.random.default_rng(5)
    keys = ((0, "score", "1"), (0, "score", "2"), (1, "score", "1"), (1, "score", "2"))
    varying = np.stack([40.0 + rng.normal(0, 0.05, 30), 38.0 + rng.normal(0, 0.05, 30),
                        np.full(30, 50.0), 41.0 + rng.normal(0, 0.05, 30)])
    full = np.array([40.0, 38.0, 50.0, 41.0])
    reps = Replicates(keys, full, varying, (), 60, np.array([30, 30, 3, 30]))
    terms = [(1.0, keys[2]), (-1.0, keys[3]), (-1.0, keys[0]), (1.0, keys[1])]
    alone = reps.contrast(terms)
    assert alone.p_value() < 1e-3 and alone.interval()[0] > 0  # what the t test alone says
    shown = reps.tested(terms)
    assert shown.estimate == alone.estimate == pytest.approx(7.0)
    assert math.isclose(shown.p_value(), sign_flip_p(3))
    lo, hi = shown.interval()
    assert lo < 0 < hi
    # The constant row in twice with opposite signs is not in the contrast: the t test stands.
    cancelled = [(1.0, keys[2]), (-1.0, keys[2]), (1.0, keys[3]), (-1.0, keys[1])]
    assert reps.tested(cancelled) == reps.contrast(cancelled) and reps.contrast(cancelled).p_value() < 1e-3
    every = Replicates(keys, full, varying, (), 60, np.array([30, 30, 30, 30]))
    assert every.tested(terms) == every.contrast(terms) == alone


def test_holm_never_adjusts_a_p_value_above_1():
    # 2 × 0.6 = 1.2 is a probability of 1, and the larger p inherits it (step-down monotonicity).
    assert holm([0.6, 0.9]) == [1.0, 1.0]
    # 3 × 0.02 = 0.06; 2 × 0.55 = 1.1, which is 1; 1 × 0.9 under the running 1 is 1.
    assert holm([0.02, 0.55, 0.9]) == pytest.approx([0.06, 1.0, 1.0])


def test_an_estimate_s_interval_bounds_and_p_value_are_student_t_s():
    """A contrast's interval is two-sided at the confidence asked (t at 1 − α/2), its bounds one-sided
    at 1 − α (a gate's), its p-value two-sided: each against scipy's t on the same df."""
    from scipy import stats as sps

    from playtest.compare.jackknife import Estimate

    e = Estimate(1.5, 0.4, 9)
    two, one = sps.t.ppf(0.975, 9) * 0.4, sps.t.ppf(0.95, 9) * 0.4
    assert e.interval(0.95) == pytest.approx((1.5 - two, 1.5 + two))
    assert e.interval(0.90) == pytest.approx((1.5 - one, 1.5 + one))
    assert (e.lower(0.05), e.upper(0.05)) == pytest.approx((1.5 - one, 1.5 + one))
    assert e.p_value() == pytest.approx(2 * sps.t.sf(1.5 / 0.4, 9))
    # No spread in any replicate: 0 is no evidence of a change; another value is not testable here
    # (compare and the gates decide it by the sign-flip test over the blocks).
    assert Estimate(0.0, 0.0, 9).p_value() == 1.0
    assert math.isnan(Estimate(0.5, 0.0, 9).p_value()) and math.isnan(Estimate(0.5, math.nan, 9).p_value())


def test_effective_degrees_of_freedom_follow_the_replicates_kurtosis():
    """2(K − 1)/(κ − 1), κ the replicates' kurtosis (scipy's, not excess), for replicates heavier-
    tailed than normal; K − 1 otherwise."""
    from scipy import stats as sps

    two_blocks = np.zeros(20)
    two_blocks[[3, 11]] = 1.0  # 2 of 20 blocks carry every event
    d = two_blocks - two_blocks.mean()
    kurt = float(sps.kurtosis(d, fisher=False))
    assert kurt == pytest.approx(73 / 9)  # by hand: 20 · 1.314 / 1.8²
    assert effective_df(d) == int(2 * 19 / (kurt - 1)) == 5
    flat = np.array([-1.0, 1.0] * 10)  # κ = 1: lighter-tailed than normal
    assert effective_df(flat) == 19


def test_replicates_equal_up_to_rounding_have_no_spread():
    """(0.1 + 0.2) is 0.30000000000000004: replicates that differ by such rounding only are equal,
    and their difference is 'identical', not a t test on a standard error of 1e-17."""
    from playtest.compare.jackknife import jackknife

    reps = np.full(30, 0.3)
    reps[::2] = 0.1 + 0.2
    assert np.ptp(reps) > 0  # the rounding this is about
    est = jackknife(0.3, reps)
    assert (est.se, est.df) == (0.0, 29)
    assert jackknife(0.3, reps + np.linspace(0, 1e-3, 30)).se > 0  # a real spread is kept


def _leaders_late(rng_seed: int = 5) -> tuple[Sample, Sample]:
    """The base's leader won 90% of the 25 games that reached round 14; the draft's won all 3 of its."""
    ids = np.arange(100)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rng = np.random.default_rng(rng_seed)
    base = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(ids % 4 == 0, 14, 12),
                                    "won": (rng.random(100) < 0.9).astype(float)}), empty)
    draft = Sample({}, pl.DataFrame({"game": ids, "rounds": np.where(np.isin(ids, [5, 50, 95]), 14, 11),
                                     "won": np.ones(100)}), empty)
    return base, draft


def test_the_variance_a_few_games_cannot_show_counts_on_either_side_of_a_difference():
    """A share its 3 games agree on carries Wilson's variance at n = 3 whether it is the minuend
    (a change) or the subtrahend (a spread's other order, base − draft): a coefficient of −1 adds
    the same variance as +1, it does not take it away."""
    reps = replicate(list(_leaders_late()), _leader_late)
    thin, other = (1, "leader_after_round_wins", "round 14"), (0, "leader_after_round_wins", "round 14")
    seen_alone = reps.contrast([(1.0, other)]).se
    _, lo, hi = wilson(3, 3)
    expected = math.sqrt(seen_alone ** 2 + ((hi - lo) / (2 * Z95)) ** 2)
    assert reps.contrast([(1.0, thin), (-1.0, other)]).se == pytest.approx(expected)
    assert reps.contrast([(-1.0, thin), (1.0, other)]).se == pytest.approx(expected)
    assert reps.contrast([(-2.0, thin)]).se == pytest.approx((hi - lo) / Z95)  # (2 · se)² = 4 · var


def test_a_share_the_same_in_every_block_that_every_block_holds_is_not_thin():
    """A one-bot line-up's win rate by bot, 1/4 in each of 400 games: every block holds it, so its
    zero spread is the run's own, with no variance unseen (thin rows are those fewer than K blocks hold)."""
    from playtest.compare.jackknife import Replicates

    keys = ((0, "win_rate", "x"), (1, "win_rate", "x"))
    _, lo, hi = wilson(100, 400)
    table = C.metric_frame([{C.METRIC: "win_rate", C.GROUP: "x", C.ESTIMATE: 0.25, C.CI_LOW: lo, C.CI_HIGH: hi,
                             C.N: 400}])
    base = 0.3 + np.random.default_rng(2).normal(0, 0.01, 30)
    reps = Replicates(keys, np.array([base.mean(), 0.25]), np.stack([base, np.full(30, 0.25)]), (table, table), 400,
                      np.array([30, 30]))
    assert reps.is_constant(*keys[1]) and reps.thin_constant_blocks([keys[1]]) is None
    assert reps.unseen_variance(keys[1]) == 0.0 and reps.value(keys[1]).se == 0.0
    assert reps.difference(keys[1], keys[0]) == reps.contrast([(1.0, keys[1]), (-1.0, keys[0])])


def test_a_category_a_variant_never_produced_is_as_uncertain_as_its_never_seen_interval():
    """diff's change gates and compare test a category only one variant produced against a 0%
    filled in for the other (`complete_categories`). That 0% was the same in every block and
    every block held it (its n is the run's), so its difference measured only the other side's
    spread, as if 0 games in 400 proved the share 0; its report gives it [0, 1 − 0.025^(1/400)]."""
    from playtest.compare.jackknife import Replicates
    from playtest.compare.stats import never_seen

    keys = ((0, "crew_first_pick_rate", "bays"), (1, "crew_first_pick_rate", "bays"))
    high = never_seen(0.025, 400)
    seen = C.metric_frame([{C.METRIC: "crew_first_pick_rate", C.GROUP: "bays", C.ESTIMATE: 0.02, C.CI_LOW: 0.01,
                            C.CI_HIGH: 0.035, C.N: 400}])
    never = C.metric_frame([{C.METRIC: "crew_first_pick_rate", C.GROUP: "bays", C.ESTIMATE: 0.0, C.CI_LOW: 0.0,
                             C.CI_HIGH: high, C.N: 400}])
    base = 0.02 + np.random.default_rng(3).normal(0, 0.002, 30)
    args = (keys, np.array([base.mean(), 0.0]), np.stack([base, np.zeros(30)]), (seen, never), 400, np.array([30, 30]))
    before = Replicates(*args)  # the 0% not known to be filled in: as certain as a structural 0
    after = Replicates(*args, filled=frozenset({keys[1]}))
    assert before.unseen_variance(keys[1]) == 0.0
    assert after.unseen_variance(keys[1]) == pytest.approx((high / (2 * Z95)) ** 2)
    spread = before.difference(keys[1], keys[0]).se
    assert after.difference(keys[1], keys[0]).se == pytest.approx(math.sqrt(spread ** 2 + (high / (2 * Z95)) ** 2))
    assert after.unseen_variance(keys[0]) == 0.0  # the side that produced it keeps its own spread


def _spread_replicates(a: np.ndarray, b: np.ndarray, k: int = 20):
    """Replicates of score_sd for two variants' per-game values, K blocks of consecutive games."""
    from playtest.compare.jackknife import Replicates

    def sd(x: np.ndarray) -> float:
        return float(np.std(x, ddof=1))

    keys = ((0, "score_sd", "all / part"), (1, "score_sd", "all / part"))
    reps = [[sd(np.delete(x, block)) for block in np.array_split(np.arange(x.size), k)] for x in (a, b)]
    return keys, Replicates(keys, np.array([sd(a), sd(b)]), np.array(reps), (), a.size)


def test_a_spread_that_is_0_in_every_game_of_one_side_is_no_surer_than_their_variances():
    """A rare score part (Oh-Seven heuristic's rebid bonus: 0 in all 100 games of one side, 1 in
    8 of the other's) read score_sd −0.273 [−0.355, −0.191], p = 1.8e-7, in an A/A comparison
    (review h265): the constant side has no jackknife spread and the other's sd is steep near 0.
    Over A/A draws of a part worth 1 in 2% of games, such p-values came in 2.7% of comparisons
    below Holm's first cut-off for 73 tests (0.0007); the variances' test keeps them at 0.0%."""
    a, b = np.zeros(100), np.zeros(100)
    b[[3, 17, 29, 41, 55, 68, 80, 94]] = 1.0
    keys, reps = _spread_replicates(a, b)
    raw, said = reps.contrast([(1.0, keys[1]), (-1.0, keys[0])]), reps.difference(keys[1], keys[0])
    assert raw.p_value() < 1e-6  # the sd's own jackknife: far too sure
    assert said.estimate == raw.estimate and 0.0007 < said.p_value() < 0.05  # the variances' p: past Holm's first cut
    assert said.p_value() == pytest.approx(reps.contrast_of_squares([(1.0, keys[1]), (-1.0, keys[0])]).p_value())
    rng = np.random.default_rng(1)
    alarms = 0
    for _ in range(400):
        a, b = ((rng.random(100) < 0.02).astype(float) for _ in range(2))
        keys, reps = _spread_replicates(a, b)
        alarms += reps.difference(keys[1], keys[0]).p_value() < 0.0007
    assert alarms == 0  # 2.7% (about 11 of 400) without the floor


def test_a_spread_without_a_constant_side_is_tested_on_its_own_scale():
    """Scores that vary on both sides keep the sd's own test (the variances' would cost power
    where scores are skewed)."""
    rng = np.random.default_rng(2)
    keys, reps = _spread_replicates(rng.exponential(10, 100), rng.exponential(14, 100))
    assert reps.difference(keys[1], keys[0]).p_value() == reps.contrast([(1.0, keys[1]), (-1.0, keys[0])]).p_value()
