"""Oh-Seven metrics from the events/games tables: bids, exact bids, rebids, redeals, bonus, trump.

Every function returns a metric table (columns.py schema); `summary_tables` titles them for the
terminal summary and the reports.
"""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.stats import chi2_equal, diff_proportions, mean_ci, wilson


def _ends(events: pl.DataFrame) -> pl.DataFrame:
    return events.filter(pl.col("kind") == "round_end")


def _share_rows(metric: str, counts: list[tuple[str, int]], total: int, definition: str,
                p_value: float | None = None) -> list[dict]:
    rows = []
    for group, k in counts:
        est, lo, hi = wilson(k, total)
        rows.append({C.METRIC: metric, C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: total, C.P_VALUE: p_value, C.DEFINITION: definition})
    return rows


def bid_distribution(events: pl.DataFrame) -> pl.DataFrame:
    """Share of final bids (after any rebids) of each value."""
    ends = _ends(events)
    counts = ends.group_by("bid").len().sort("bid")
    total = ends.height
    return C.metric_frame(_share_rows(
        "share_bid", [(f"bid {b}", k) for b, k in counts.iter_rows()], total,
        "Share of final bids (one per player and round) with this value."))


def _exact_by(events: pl.DataFrame, by: str, label: str, definition: str) -> pl.DataFrame:
    ends = _ends(events)
    agg = ends.group_by(by).agg(pl.col("exact").sum().alias("k"), pl.len().alias("n")).sort(by)
    rows = []
    for key, k, n in agg.iter_rows():
        est, lo, hi = wilson(k, n)
        rows.append({C.METRIC: "exact_rate", C.GROUP: label.format(key), C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n, C.DEFINITION: definition})
    return C.metric_frame(rows)


def exact_rate_by_bid(events: pl.DataFrame) -> pl.DataFrame:
    """How often a bid of each value is met exactly."""
    return _exact_by(events, "bid", "bid {}", "Share of rounds in which a player who bid this took exactly that many tricks.")


def exact_rate_by_bot(events: pl.DataFrame) -> pl.DataFrame:
    """How often each bot meets its bid exactly."""
    return _exact_by(events, "bot", "{}", "Share of rounds in which this bot took exactly the tricks it bid.")


def highest_bidder_exact(events: pl.DataFrame) -> pl.DataFrame:
    """Exact-bid rate of the highest bidder (who chose trump and leads) against everyone else;
    the p-value tests the difference."""
    ends = _ends(events)
    hi = ends.filter(pl.col("highest"))
    lo = ends.filter(~pl.col("highest"))
    k1, n1 = int(hi["exact"].sum()), hi.height
    k2, n2 = int(lo["exact"].sum()), lo.height
    _, _, _, p = diff_proportions(k1, n1, k2, n2)
    rows = []
    for group, k, n, pv in (("highest bidder", k1, n1, p), ("other players", k2, n2, None)):
        est, low, high = wilson(k, n)
        rows.append({C.METRIC: "exact_rate", C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: low, C.CI_HIGH: high, C.N: n,
                     C.P_VALUE: pv, C.DEFINITION: "Share of rounds with the bid met exactly, for the holder of the "
                     "highest bid card (sets trump, leads first) and for the others; p: two-proportion z-test."})
    return C.metric_frame(rows)


def _per_round(events: pl.DataFrame) -> pl.DataFrame:
    """(game, round, rebids, deal_no) once per round, from round_end events."""
    return (_ends(events).group_by("game", "round")
            .agg(pl.col("rebids").first(), pl.col("deal_no").first()))


def rebids_per_round(events: pl.DataFrame) -> pl.DataFrame:
    """Distribution of forced rebids per round and their mean."""
    per = _per_round(events)
    total = per.height
    counts = per.group_by("rebids").len().sort("rebids")
    rows = _share_rows("share_rebids", [(f"{r} rebids", k) for r, k in counts.iter_rows()], total,
                       "Share of rounds with exactly this many forced rebids (over all deals of the round).")
    m, lo, hi = mean_ci(per["rebids"].cast(pl.Float64).to_numpy()) if total else (None, None, None)
    rows.append({C.METRIC: "rebids_mean", C.GROUP: "mean per round", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, C.DEFINITION: "Mean number of forced rebids per round."})
    return C.metric_frame(rows)


def rebid_triggers(events: pl.DataFrame) -> pl.DataFrame:
    """Which trigger fired, as a share of all forced rebids."""
    reb = events.filter(pl.col("kind") == "rebid")
    counts = reb.group_by("trigger").len().sort("trigger")
    return C.metric_frame(_share_rows(
        "share_trigger", list(counts.iter_rows()), reb.height,
        "Share of forced rebids fired by this trigger (sum: the bids total the tricks; identical: two "
        "identical highest bid cards)."))


def redeals_per_match(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Redeals per match: distribution and mean (matches without a redeal count as 0)."""
    ids = games.select("game").unique()
    per = (ids.join(events.filter(pl.col("kind") == "redeal").group_by("game").len(), on="game", how="left")
           .with_columns(pl.col("len").fill_null(0).alias("redeals")))
    total = per.height
    counts = per.group_by("redeals").len().sort("redeals")
    rows = _share_rows("share_redeals", [(f"{r} redeals", k) for r, k in counts.iter_rows()], total,
                       "Share of matches with exactly this many redeals (a player ran out of unused bid cards).")
    m, lo, hi = mean_ci(per["redeals"].cast(pl.Float64).to_numpy()) if total else (None, None, None)
    rows.append({C.METRIC: "redeals_mean", C.GROUP: "mean per match", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, C.DEFINITION: "Mean number of redeals per match."})
    return C.metric_frame(rows)


def rebid_bonus_points(games: pl.DataFrame) -> pl.DataFrame:
    """Mean rebid-bonus points per player per match, overall and by bot, and the bonus's share of
    the winners' totals."""
    rows = []
    col = "score_rebid_bonus"
    if col not in games.columns or games.height == 0:
        return C.metric_frame([])
    m, lo, hi = mean_ci(games[col].to_numpy())
    rows.append({C.METRIC: "bonus_points", C.GROUP: "all players", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: games.height, C.DEFINITION: "Mean rebid-bonus points per player per match."})
    for (bot,), part in games.sort("bot").group_by(["bot"], maintain_order=True):
        m, lo, hi = mean_ci(part[col].to_numpy())
        rows.append({C.METRIC: "bonus_points", C.GROUP: str(bot), C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: part.height, C.DEFINITION: "Mean rebid-bonus points per match for this bot."})
    winners = games.filter(pl.col("rank") == 1)
    m, lo, hi = mean_ci(winners[col].to_numpy())
    rows.append({C.METRIC: "bonus_points", C.GROUP: "winners", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: winners.height, C.DEFINITION: "Mean rebid-bonus points of the players ranked first."})
    return C.metric_frame(rows)


def trump_frequency(events: pl.DataFrame) -> pl.DataFrame:
    """Share of rounds with each trump suit; p-value: chi-square test that all suits are equal."""
    sets = events.filter(pl.col("kind") == "bids_set")
    counts = sets.group_by("trump").len().sort("trump")
    p = chi2_equal([k for t, k in counts.iter_rows() if t != "-"])
    return C.metric_frame(_share_rows(
        "share_trump", [(f"trump {t}", k) for t, k in counts.iter_rows()], sets.height,
        "Share of rounds with this trump suit (the suit of the highest bid card).", p))


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
