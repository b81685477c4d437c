"""Oh-Seven metrics from the events/games tables: bids, exact bids, rebids, redeals, bonus, trump.

Every function returns a metric table (columns.py schema); `summary_tables` titles them for the
terminal summary and the reports; `switched_off` names the rows a variant cannot produce.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import frames as F
from playtest.analysis.frames import Table
from playtest.analysis.parts import PARTS, Parts, ratio, wanted
from playtest.analysis.stats import (
    cluster_chi2_equal,
    count_of_sums,
    paired_mean_test,
    proportion_of_sums,
)
from playtest.core.spec import Off
from playtest.games.ohseven.schema import BiddingMode, BonusTo, OhSevenVariant, TrumpRule

# Rounds, players and rebids of one match are not independent: every interval over such rows is
# a per-game ratio estimator with a cluster-robust standard error (stats.*_of_sums), and tests
# compare per-game values. The tables may be lazy scans (analysis/frames.py): every query below
# aggregates each match (or each round) first. Rebids, redeals and rebid bonuses are rare events
# (about 0.2 forced rebids per match with random bots): their means get the interval of an
# overdispersed Poisson rate (stats.count_of_sums), which a t interval under-covers.


def _ends(events: Table) -> pl.LazyFrame:
    return F.lazy(events).filter(pl.col("kind") == "round_end")


def _share_rows(metric: str, rows_: Table, column: str, label: str | Callable[[object], str], definition: str,
                p_value: float | None = None) -> list[dict]:
    """Share of `rows_` with each value of `column`, cluster-robust over games; each row's group
    is `label` formatted with the value (or called on it)."""
    name = label.format if isinstance(label, str) else label
    values = F.distinct(rows_, column)
    hits = [pl.lit(False) if v is None else (pl.col(column) == v).fill_null(False) for v in values]
    per = F.per_game(rows_, pl.len().alias("rows"), *(h.sum().alias(f"v{i}") for i, h in enumerate(hits)))
    ids, counted = per["game"].to_numpy(), per["rows"].to_numpy()
    rows = []
    for i, value in enumerate(values):
        hit = per[f"v{i}"].to_numpy()
        est, lo, hi = proportion_of_sums(hit, counted)
        # A value is listed while a game left has it (a null value: no parts, its games unknown here).
        parts = Parts(ids, (hit, counted), ratio, n=counted, shows=hit > 0) if value is not None and wanted() else None
        rows.append({C.METRIC: metric, C.GROUP: name(value), C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: int(per["rows"].sum()), C.P_VALUE: p_value, C.DEFINITION: definition, PARTS: parts})
    return rows


def _ratio_parts(per: pl.DataFrame, num: str, den: str, *, always: bool = False) -> Parts | None:
    """The parts of Σnum/Σden over `per`'s games (one row each; n: the den column's sum), the
    estimate of every `*_of_sums` here; None unless `wanted`."""
    if not wanted():
        return None
    counted = per[den].to_numpy()
    return Parts(per["game"].to_numpy(), (per[num].to_numpy(), counted), ratio, n=counted, always=always)


def _counted(noun: str) -> Callable[[object], str]:
    """A group label for a count: '0 rebids', '1 rebid', '2 rebids'."""
    return lambda n: f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def bid_distribution(events: Table) -> pl.DataFrame:
    """Share of final bids (after any rebids) of each value."""
    return C.metric_frame(_share_rows(
        "share_bid", _ends(events), "bid", "bid {}",
        "Share of final bids (one per player and round) with this value; interval cluster-robust over matches."))


def _exact_by(events: Table, by: str, label: str, definition: str) -> pl.DataFrame:
    rows = []
    for key, per in F.per_game_by(_ends(events), by, pl.col("exact").sum().alias("exact"), pl.len().alias("rows")):
        est, lo, hi = proportion_of_sums(per["exact"].to_numpy(), per["rows"].to_numpy())
        rows.append({C.METRIC: "exact_rate", C.GROUP: label.format(key), C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: int(per["rows"].sum()), PARTS: _ratio_parts(per, "exact", "rows"),
                     C.DEFINITION: definition + " Interval cluster-robust over matches."})
    return C.metric_frame(rows)


def exact_rate_by_bid(events: Table) -> pl.DataFrame:
    """How often a bid of each value is met exactly."""
    return _exact_by(events, "bid", "bid {}", "Share of rounds in which a player who bid this took exactly that many tricks.")


def exact_rate_by_bot(events: Table) -> pl.DataFrame:
    """How often each bot meets its bid exactly."""
    return _exact_by(events, "bot", "{}", "Share of rounds in which this bot took exactly the tricks it bid.")


def _paired_exact_p(hi_exact: np.ndarray, hi_rows: np.ndarray, lo_exact: np.ndarray, lo_rows: np.ndarray) -> float:
    """The p-value of the paired t test over matches of one group's exact-bid rate minus the
    others' (per match: exact bids and rounds of each side; the matches holding both count)."""
    both = (hi_rows > 0) & (lo_rows > 0)
    return paired_mean_test(hi_exact[both] / hi_rows[both] - lo_exact[both] / lo_rows[both])[3]


def exact_rate_by_position(events: Table) -> pl.DataFrame:
    """Exact-bid rate by place in the round's bidding order (1 = bids first; the dealer bids
    last). Under the hook the last bidder may not bring the bids to 7: is that seat hurt? Seat
    win rates cannot say, as every seat bids last in some rounds and deals a different number of
    them. The last place's row carries the p-value of a paired t test over matches of its exact
    rate minus the other places'. (One query: the jackknife recomputes it once per block.)"""
    first_pass = (pl.col("kind") == "bid") & (pl.col("pass_no") == 1) & (pl.col("deal_no") == 1)
    places = (F.lazy(events).filter(first_pass)  # the order is the round's: rebids and redeals keep it
              .select("game", "round", "seat", pl.col("turn").rank("ordinal").over("game", "round").alias("place")))
    per = F.collect(_ends(events).join(places, on=["game", "round", "seat"], how="inner")
                    .group_by("game", "place").agg(pl.col("exact").cast(pl.Float64).sum().alias("exact"),
                                                   pl.len().cast(pl.Float64).alias("rows"))
                    .sort("game", "place"))
    if per.height == 0:
        return C.metric_frame([])
    game, place, exact, rows = (per[c].to_numpy() for c in ("game", "place", "exact", "rows"))
    last = int(place.max())
    ids = np.unique(game)
    at, top = np.searchsorted(ids, game), place == last

    def per_game(mask: np.ndarray, values: np.ndarray) -> np.ndarray:
        return np.bincount(at[mask], values[mask], minlength=ids.size)

    p = _paired_exact_p(per_game(top, exact), per_game(top, rows), per_game(~top, exact), per_game(~top, rows))
    out = []
    for k in np.unique(place):
        mine = place == k
        est, lo, hi = proportion_of_sums(exact[mine], rows[mine])
        out.append({C.METRIC: "exact_rate", C.GROUP: f"bidding place {k}" + (", last" if k == last else ""),
                    C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: int(rows[mine].sum()),
                    PARTS: Parts(game[mine], (exact[mine], rows[mine]), ratio, n=rows[mine]) if wanted() else None,
                    C.P_VALUE: p if k == last else None,
                    C.DEFINITION: "Share of rounds with the bid met exactly, by place in the round's bidding order "
                                  "(1 = the dealer's left, the dealer last: the order of bidding when bids are made in turn, "
                                  "bidding.mode: in_turn; with simultaneous bids, only where the seat sits from the "
                                  "dealer); intervals cluster-robust over matches; p: "
                                  "paired t test over matches of the last place's rate minus the others'."})
    return C.metric_frame(out)


def highest_bidder_role(events: Table) -> str:
    """What the highest bidder did in these games, from the rounds' `bids_set` events: it set
    trump unless `bidding.trump: none` (trump '-'), and led the first trick under `bidding.first_lead:
    highest_bidder` (the leader, `winner`, is the highest bidder's seat in every round)."""
    sets = F.collect(F.lazy(events).filter(pl.col("kind") == "bids_set").select(
        (pl.col("trump") != "-").any().alias("trump"), (pl.col("winner") == pl.col("seat")).all().alias("leads")))
    if sets.height == 0 or sets["trump"][0] is None:
        return "sets trump, leads"
    return ", ".join(role for role, did in (("sets trump", sets["trump"][0]), ("leads", sets["leads"][0])) if did)


def highest_bidder_exact(events: Table, role: str | None = None) -> pl.DataFrame:
    """Exact-bid rate of the highest bidder (who sets trump and leads under the base rules; see
    `highest_bidder_role`, read from `events` unless the caller has it) against everyone else.

    Both groups come from the same rounds, so the test is paired by match: per match, the
    highest bidders' exact rate minus the others', then a one-sample t test over matches."""
    exact, top = pl.col("exact").cast(pl.Float64), pl.col("highest")
    per = F.per_game(_ends(events),
                     exact.filter(top).sum().alias("hi_exact"), top.sum().alias("hi_rows"),
                     exact.filter(~top).sum().alias("lo_exact"), (~top).sum().alias("lo_rows"))
    p = _paired_exact_p(*(per[c].cast(pl.Float64).to_numpy() for c in ("hi_exact", "hi_rows", "lo_exact", "lo_rows")))
    role = highest_bidder_role(events) if role is None else role
    role = f" ({role} first)" if role.endswith("leads") else (f" ({role})" if role else "")
    rows = []
    for group, side, pv in (("highest bidder", "hi", p), ("other players", "lo", None)):
        part = per.filter(pl.col(f"{side}_rows") > 0)
        est, low, high = proportion_of_sums(part[f"{side}_exact"].to_numpy(), part[f"{side}_rows"].to_numpy())
        rows.append({C.METRIC: "exact_rate", C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: low, C.CI_HIGH: high,
                     C.N: int(part[f"{side}_rows"].sum()), C.P_VALUE: pv,
                     PARTS: _ratio_parts(part, f"{side}_exact", f"{side}_rows", always=True),
                     C.DEFINITION: "Share of rounds with the bid met exactly, for the holder of the highest bid card"
                     f"{role} and for the others; intervals cluster-robust over matches; p: paired "
                     "t test over matches of the difference."})
    return C.metric_frame(rows)


def _per_round(events: Table) -> pl.LazyFrame:
    """(game, round, rebids, deal_no) once per round, from round_end events."""
    return (_ends(events).group_by("game", "round")
            .agg(pl.col("rebids").first(), pl.col("deal_no").first()))


def rebids_per_round(events: Table) -> pl.DataFrame:
    """Distribution of forced rebids per round and their mean."""
    per_round = F.collect(_per_round(events))  # a few rows per match: far fewer than the events
    rows = _share_rows("share_rebids", per_round, "rebids", _counted("rebid"),
                       "Share of rounds with exactly this many forced rebids (over all deals of the round); "
                       "interval cluster-robust over matches.")
    per = F.per_game(per_round, pl.col("rebids").cast(pl.Float64).sum(), pl.len().alias("rows"))
    total = int(per["rows"].sum())
    m, lo, hi = count_of_sums(per["rebids"].to_numpy(), per["rows"].to_numpy()) if total else (None, None, None)
    rows.append({C.METRIC: "rebids_mean", C.GROUP: "mean per round", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, PARTS: _ratio_parts(per, "rebids", "rows", always=True), C.DEFINITION: "Mean number of forced rebids per round; rare-event (Poisson) interval, "
                                           "cluster-robust over matches."})
    return C.metric_frame(rows)


def rebid_triggers(events: Table) -> pl.DataFrame:
    """Which trigger fired, as a share of all forced rebids."""
    reb = F.lazy(events).filter(pl.col("kind") == "rebid")
    return C.metric_frame(_share_rows(
        "share_trigger", reb, "trigger", "{}",
        "Share of forced rebids fired by this trigger (sum: the bids total the tricks; identical: two "
        "identical highest bid cards); interval cluster-robust over matches."))


def redeals_per_match(games: Table, events: Table) -> pl.DataFrame:
    """Redeals per match: distribution and mean (matches without a redeal count as 0)."""
    redeals = F.lazy(events).filter(pl.col("kind") == "redeal").group_by("game").len()
    per = F.collect(F.lazy(games).select("game").unique().join(redeals, on="game", how="left")
                    .select("game", pl.col("len").fill_null(0).alias("redeals")).sort("game"))
    total = per.height
    rows = _share_rows("share_redeals", per, "redeals", _counted("redeal"),
                       "Share of matches with exactly this many redeals (a player ran out of unused bid cards).")
    m, lo, hi = (count_of_sums(per["redeals"].cast(pl.Float64).to_numpy(), [1.0] * total)
                 if total else (None, None, None))
    once = np.ones(total, dtype=int)
    rows.append({C.METRIC: "redeals_mean", C.GROUP: "mean per match", C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: total, PARTS: Parts(per["game"].to_numpy(), (per["redeals"].cast(pl.Float64).to_numpy(), once),
                                          ratio, n=once, always=True) if wanted() else None, C.DEFINITION: "Mean number of redeals per match; rare-event (Poisson) interval."})
    return C.metric_frame(rows)


def rebid_bonus_points(games: Table) -> pl.DataFrame:
    """Mean rebid-bonus points per player per match, overall, by bot and of the winners;
    rare-event (overdispersed Poisson) intervals, cluster-robust over matches (the players of a
    match share its rebids)."""
    col = "score_rebid_bonus"
    if col not in F.columns(games) or F.count(games) == 0:
        return C.metric_frame([])

    def row(group: str, part: Table, definition: str, always: bool = False) -> dict:
        per = F.per_game(part, pl.col(col).cast(pl.Float64).sum(), pl.len().alias("rows"))
        m, lo, hi = count_of_sums(per[col].to_numpy(), per["rows"].to_numpy())
        return {C.METRIC: "bonus_points", C.GROUP: group, C.ESTIMATE: m, C.CI_LOW: lo, C.CI_HIGH: hi,
                C.N: int(per["rows"].sum()), C.DEFINITION: definition,
                PARTS: _ratio_parts(per, col, "rows", always=always)}

    rows = [row("all players", games, "Mean rebid-bonus points per player per match.", always=True)]
    rows += [row(str(bot), part, "Mean rebid-bonus points per match for this bot.")
             for bot, part in F.split_by(games, "bot")]
    rows.append(row("winners", F.lazy(games).filter(pl.col("rank") == 1),
                    "Mean rebid-bonus points of the players ranked first.", always=True))
    return C.metric_frame(rows)


def trump_frequency(events: Table) -> pl.DataFrame:
    """Share of rounds with each trump suit; p-value: test that all suits are equal, over
    matches (chi-square with the Rao–Scott design-effect correction)."""
    sets = F.lazy(events).filter(pl.col("kind") == "bids_set")
    suits = [s for s in F.distinct(sets, "trump") if s != "-"]
    p = None
    if suits:
        counts = F.per_game(sets, *((pl.col("trump") == s).sum().alias(s) for s in suits))
        counts = counts.filter(sum((pl.col(s) for s in suits), pl.lit(0)) > 0)  # matches with a suited round
        p, _ = cluster_chi2_equal(counts.drop("game").to_numpy())
    rows = _share_rows(
        "share_trump", sets, "trump", "trump {}",
        "Share of rounds with this trump suit (the suit of the highest bid card); interval cluster-robust over "
        "matches; p: chi-square test that all suits are equal, Rao–Scott corrected for rounds of one match.", p)
    for row in rows:  # the rounds' trump is '-' under `bidding.trump: none`
        if row[C.GROUP] == "trump -":
            row[C.GROUP] = "no trump"
            row[C.DEFINITION] = "Share of rounds played without a trump suit (bidding.trump: none); interval " \
                                "cluster-robust over matches."
    return C.metric_frame(rows)


def summary_tables(games: Table, events: Table) -> list[tuple[str, pl.DataFrame]]:
    """Oh-Seven's titled metric tables (GameSpec.summary) for `simulate` and the reports."""
    if F.count(events) == 0:
        return [("Rebid bonus points per player per match", rebid_bonus_points(games))]
    return [
        ("Final bids", bid_distribution(events)),
        ("Exact-bid rate by bid", exact_rate_by_bid(events)),
        ("Exact-bid rate by bot", exact_rate_by_bot(events)),
        ("Exact-bid rate by place in the bidding order", exact_rate_by_position(events)),
        # What the highest bidder does depends on the variant (bidding.trump, bidding.first_lead).
        # Its p-value (paired t test) is kept: these tables are the reports' sections too, whose
        # definition promises it; the terminal names the test from the definition.
        (f"Highest bidder ({role}) makes its bid" if (role := highest_bidder_role(events))
         else "Highest bidder makes its bid",
         highest_bidder_exact(events, role)),
        ("Forced rebids per round", rebids_per_round(events)),
        ("Forced rebid triggers", rebid_triggers(events)),
        ("Redeals per match", redeals_per_match(games, events)),
        ("Rebid bonus points per player per match", rebid_bonus_points(games)),
        ("Trump suit", trump_frequency(events)),
    ]


def _hook_blocks_sum(variant: OhSevenVariant, players: int | None) -> bool:
    """Whether the hook keeps the bids from ever summing to the hand size at `players` (None:
    at every count the variant allows). The last bidder may make the total only when every card
    it has not yet bid would; in a deal's first pass that is its whole hand, so its cards must
    all have one bid value, which needs at least hand_size cards of one rank in the deck (rank
    values are distinct: suits × copies of each, 4 with one 32-card deck, fewer than 7). With
    no first rebid there is no later pass, and no redeal."""
    if not (variant.bidding.hook and variant.bidding.mode == BiddingMode.IN_TURN):
        return False
    return variant.hand_size > _most_of_a_rank(variant, players)


def _most_of_a_rank(variant: OhSevenVariant, players: int | None) -> int:
    """Cards of one rank in the deck at `players` (None: the most at any count the variant allows)."""
    counts = [players] if players is not None else list(variant.deck.copies)
    return len(variant.deck.suits) * max(variant.deck.copies.get(p, 0) for p in counts)


def switched_off(variant: OhSevenVariant, players: int | None = None) -> list[Off]:
    """The mechanisms `variant` switches off at `players` per game (None: at any count the
    variant allows), with the rows that measure them (GameSpec.switched_off): the reports leave
    those rows out rather than show a rebid count of 0 that could never have been anything
    else. Identical highest bid cards need two copies of the deck, so with one deck at that
    player count the 'identical' trigger cannot fire."""
    rebid = variant.bidding.rebid
    triggers = rebid.triggers
    out: list[Off] = []
    if variant.bidding.trump == TrumpRule.NONE:  # every round would read 'no trump 100%'
        out.append(Off("the trump suit", "bidding.trump: none", (("share_trump", "*"),)))
    one_deck = players is not None and variant.deck.copies.get(players, 0) == 1
    identical_why = ("bidding.rebid.triggers.identical_highest: false" if not triggers.identical_highest
                     else f"deck.copies: one deck at {players} players (identical bid cards need two)")
    identical_on = triggers.identical_highest and not one_deck
    sum_on = triggers.sum_equals_tricks and not _hook_blocks_sum(variant, players)
    h = variant.hand_size
    sum_why = ("bidding.rebid.triggers.sum_equals_tricks: false" if not triggers.sum_equals_tricks
               else f"bidding.hook: true (the last bidder may make the total {h} only when all {h} cards of its "
                    f"hand would, and the deck has {_most_of_a_rank(variant, players)} cards of each rank)")
    if not sum_on and not identical_on:
        why = ("bidding.rebid.triggers: sum_equals_tricks and identical_highest both false"
               if not triggers.identical_highest and not triggers.sum_equals_tricks
               else f"{sum_why}, and {identical_why}")
        out.append(Off("forced rebids, and so redeals and rebid bonuses", why,
                       (("rebids_mean", "*"), ("share_rebids", "*"), ("share_trigger", "*"),
                        ("share_redeals", "*"), ("redeals_mean", "*"), ("bonus_points", "*"),
                        *Off.score_part("rebid_bonus"))))
        return out
    for on, why, name in ((sum_on, sum_why, "sum"), (identical_on, identical_why, "identical")):
        if not on:
            # Every rebid is then the other trigger's, and its share could only read 100%: compare
            # ranked "sum +30.0 points" first against a draft with both triggers on, while the sum
            # trigger's own rebids per round had not changed (2026-12-06). The whole share is off.
            out.append(Off(f"the '{name}' rebid trigger, and so the share of rebids each trigger forces", why,
                           (("share_trigger", "*"),)))
    if rebid.bonus.points == 0 or rebid.bonus.to == BonusTo.NOBODY:
        why = ("bidding.rebid.bonus.to: nobody" if rebid.bonus.to == BonusTo.NOBODY
               else "bidding.rebid.bonus.points: 0")
        out.append(Off("the rebid bonus", why, (("bonus_points", "*"), *Off.score_part("rebid_bonus"))))
    if variant.bidding.redeal.max_per_round == 0:
        out.append(Off("redeals", "bidding.redeal.max_per_round: 0", (("share_redeals", "*"), ("redeals_mean", "*"))))
    return out
