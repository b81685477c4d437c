"""Oh-Seven metrics from the events/games tables: bids, exact bids, rebids, redeals, bonus, trump.

Every function returns a metric table (columns.py schema); `summary_tables` titles them for the
terminal summary and the reports.
"""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.stats import (
    cluster_chi2_equal,
    cluster_count_ci,
    cluster_proportion,
    paired_mean_test,
)

# Rounds, players and rebids of one match are not independent: every interval over such rows is
# a per-game ratio estimator with a cluster-robust standard error (stats.cluster_*), and tests
# compare per-game values. Rebids, redeals and rebid bonuses are rare events (about 0.2 forced
# rebids per match with random bots): their means get the interval of an overdispersed Poisson
# rate (stats.cluster_count_ci), which a t interval under-covers.


def _ends(events: pl.DataFrame) -> pl.DataFrame:
    return events.filter(pl.col("kind") == "round_end")


def _share_rows(metric: str, rows_: pl.DataFrame, column: str, label: str, definition: str,
                p_value: float | None = None) -> list[dict]:
    """Share of `rows_` with each value of `column`, cluster-robust over games."""
    rows = []
    ids = rows_["game"].to_numpy()
    for value in sorted(rows_[column].unique().to_list(), key=lambda v: (v is None, v)):
        hit = (rows_[column] == value).fill_null(False).cast(pl.Float64).to_numpy()
        est, lo, hi = cluster_proportion(hit, ids)
        rows.append({C.METRIC: metric, C.GROUP: label.format(value), C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: rows_.height, C.P_VALUE: p_value, C.DEFINITION: definition})
    return rows


def bid_distribution(events: pl.DataFrame) -> pl.DataFrame:
    """Share of final bids (after any rebids) of each value."""
    return C.metric_frame(_share_rows(
        "share_bid", _ends(events), "bid", "bid {}",
        "Share of final bids (one per player and round) with this value; interval cluster-robust over matches."))


def _exact_by(events: pl.DataFrame, by: str, label: str, definition: str) -> pl.DataFrame:
    ends = _ends(events)
    rows = []
    for (key,), part in ends.sort(by).group_by([by], maintain_order=True):
        est, lo, hi = cluster_proportion(part["exact"].cast(pl.Float64).to_numpy(), part["game"].to_numpy())
        rows.append({C.METRIC: "exact_rate", C.GROUP: label.format(key), C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: part.height, C.DEFINITION: definition + " Interval cluster-robust over matches."})
    return C.metric_frame(rows)


def exact_rate_by_bid(events: pl.DataFrame) -> pl.DataFrame:
    """How often a bid of each value is met exactly."""
    return _exact_by(events, "bid", "bid {}", "Share of rounds in which a player who bid this took exactly that many tricks.")


def exact_rate_by_bot(events: pl.DataFrame) -> pl.DataFrame:
    """How often each bot meets its bid exactly."""
    return _exact_by(events, "bot", "{}", "Share of rounds in which this bot took exactly the tricks it bid.")


def highest_bidder_exact(events: pl.DataFrame) -> pl.DataFrame:
    """Exact-bid rate of the highest bidder (who chose trump and leads) against everyone else.

    Both groups come from the same rounds, so the test is paired by match: per match, the
    highest bidders' exact rate minus the others', then a one-sample t test over matches."""
    ends = _ends(events).with_columns(pl.col("exact").cast(pl.Float64))
    per_game = (ends.group_by("game")
                .agg(pl.col("exact").filter(pl.col("highest")).mean().alias("hi"),
                     pl.col("exact").filter(~pl.col("highest")).mean().alias("lo")))
    diffs = (per_game["hi"] - per_game["lo"]).to_numpy() if per_game.height else []
    _, _, _, p = paired_mean_test(diffs)
    rows = []
    for group, part, pv in (("highest bidder", ends.filter(pl.col("highest")), p),
                            ("other players", ends.filter(~pl.col("highest")), None)):
        est, low, high = cluster_proportion(part["exact"].to_numpy(), part["game"].to_numpy())
        rows.append({C.METRIC: "exact_rate", C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: low, C.CI_HIGH: high,
                     C.N: part.height, C.P_VALUE: pv,
                     C.DEFINITION: "Share of rounds with the bid met exactly, for the holder of the highest bid card "
                     "(sets trump, leads first) and for the others; intervals cluster-robust over matches; p: paired "
                     "t test over matches of the difference."})
    return C.metric_frame(rows)


def _per_round(events: pl.DataFrame) -> pl.DataFrame:
    """(game, round, rebids, deal_no) once per round, from round_end events."""
    return (_ends(events).group_by("game", "round")
            .agg(pl.col("rebids").first(), pl.col("deal_no").first()))


def rebids_per_round(events: pl.DataFrame) -> pl.DataFrame:
    """Distribution of forced rebids per round and their mean."""
    per = _per_round(events)
    total = per.height
    rows = _share_rows("share_rebids", per, "rebids", "{} rebids",
                       "Share of rounds with exactly this many forced rebids (over all deals of the round); "
                       "interval cluster-robust over matches.")
    m, lo, hi = (cluster_count_ci(per["rebids"].cast(pl.Float64).to_numpy(), per["game"].to_numpy())
                 if total else (None, None, None))
    rows.append({C.METRIC: "rebids_mean", C.GROUP: "mean per round", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, C.DEFINITION: "Mean number of forced rebids per round; rare-event (Poisson) interval, "
                                           "cluster-robust over matches."})
    return C.metric_frame(rows)


def rebid_triggers(events: pl.DataFrame) -> pl.DataFrame:
    """Which trigger fired, as a share of all forced rebids."""
    reb = events.filter(pl.col("kind") == "rebid")
    return C.metric_frame(_share_rows(
        "share_trigger", reb, "trigger", "{}",
        "Share of forced rebids fired by this trigger (sum: the bids total the tricks; identical: two "
        "identical highest bid cards); interval cluster-robust over matches."))


def redeals_per_match(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Redeals per match: distribution and mean (matches without a redeal count as 0)."""
    ids = games.select("game").unique()
    per = (ids.join(events.filter(pl.col("kind") == "redeal").group_by("game").len(), on="game", how="left")
           .with_columns(pl.col("len").fill_null(0).alias("redeals")))
    total = per.height
    rows = _share_rows("share_redeals", per, "redeals", "{} redeals",
                       "Share of matches with exactly this many redeals (a player ran out of unused bid cards).")
    m, lo, hi = (cluster_count_ci(per["redeals"].cast(pl.Float64).to_numpy(), per["game"].to_numpy())
                 if total else (None, None, None))
    rows.append({C.METRIC: "redeals_mean", C.GROUP: "mean per match", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, C.DEFINITION: "Mean number of redeals per match; rare-event (Poisson) interval."})
    return C.metric_frame(rows)


def rebid_bonus_points(games: pl.DataFrame) -> pl.DataFrame:
    """Mean rebid-bonus points per player per match, overall, by bot and of the winners;
    rare-event (overdispersed Poisson) intervals, cluster-robust over matches (the players of a
    match share its rebids)."""
    rows = []
    col = "score_rebid_bonus"
    if col not in games.columns or games.height == 0:
        return C.metric_frame([])

    def mean_ci(part: pl.DataFrame) -> tuple[float, float, float]:
        return cluster_count_ci(part[col].to_numpy(), part["game"].to_numpy())

    m, lo, hi = mean_ci(games)
    rows.append({C.METRIC: "bonus_points", C.GROUP: "all players", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: games.height, C.DEFINITION: "Mean rebid-bonus points per player per match."})
    for (bot,), part in games.sort("bot").group_by(["bot"], maintain_order=True):
        m, lo, hi = mean_ci(part)
        rows.append({C.METRIC: "bonus_points", C.GROUP: str(bot), C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: part.height, C.DEFINITION: "Mean rebid-bonus points per match for this bot."})
    winners = games.filter(pl.col("rank") == 1)
    m, lo, hi = mean_ci(winners)
    rows.append({C.METRIC: "bonus_points", C.GROUP: "winners", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: winners.height, C.DEFINITION: "Mean rebid-bonus points of the players ranked first."})
    return C.metric_frame(rows)


def trump_frequency(events: pl.DataFrame) -> pl.DataFrame:
    """Share of rounds with each trump suit; p-value: test that all suits are equal, over
    matches (chi-square with the Rao–Scott design-effect correction)."""
    sets = events.filter(pl.col("kind") == "bids_set")
    suited = sets.filter(pl.col("trump") != "-")
    p = None
    if suited.height:
        counts = suited.group_by("game", "trump").len().pivot(on="trump", index="game", values="len").fill_null(0)
        p, _ = cluster_chi2_equal(counts.drop("game").to_numpy())
    return C.metric_frame(_share_rows(
        "share_trump", sets, "trump", "trump {}",
        "Share of rounds with this trump suit (the suit of the highest bid card); interval cluster-robust over "
        "matches; p: chi-square test that all suits are equal, Rao–Scott corrected for rounds of one match.", p))


def summary_tables(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """Oh-Seven's titled metric tables (GameSpec.summary) for `simulate` and the reports."""
    if events.height == 0:
        return [("Rebid bonus points per player per match", rebid_bonus_points(games))]
    return [
        ("Final bids", bid_distribution(events)),
        ("Exact-bid rate by bid", exact_rate_by_bid(events)),
        ("Exact-bid rate by bot", exact_rate_by_bot(events)),
        # The p-value (two-proportion test) stays in the metric table; the terminal caption is for
        # equal-shares tests, so it is left out here.
        ("Highest bidder (sets trump, leads) makes its bid",
         highest_bidder_exact(events).with_columns(pl.lit(None, dtype=pl.Float64).alias(C.P_VALUE))),
        ("Forced rebids per round", rebids_per_round(events)),
        ("Forced rebid triggers", rebid_triggers(events)),
        ("Redeals per match", redeals_per_match(games, events)),
        ("Rebid bonus points per player per match", rebid_bonus_points(games)),
        ("Trump suit", trump_frequency(events)),
    ]
