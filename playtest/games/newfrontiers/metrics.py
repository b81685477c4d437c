"""New Frontiers metrics from the events/games tables: action selection, bonus value, seat
compensation, end triggers, game length, developments, worlds settled, the Produce pile, VP by
source.

Every function returns a metric table (analysis/columns.py schema). Statistics are taken at the
level of the game (the independent unit): shares of games carry Wilson intervals; shares and
means over rows nested in games (selections, players) are ratio estimators with a cluster-robust
standard error over games (stats.cluster_proportion, stats.cluster_mean_ci); lifts and means of
one value per game get skewness-corrected t intervals across games.
"""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.common import n_players
from playtest.analysis.stats import cluster_mean_ci, cluster_proportion, ratio_ci, wilson

ACTION_ORDER = ("retreat", "goals", "develop", "explore", "settle", "produce", "trade", "envoy")


def _row(metric: str, group: str, est: float | None, lo: float | None, hi: float | None, n: int, definition: str,
         p: float | None = None) -> dict:
    return {C.METRIC: metric, C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n,
            C.P_VALUE: p, C.DEFINITION: definition}


def _selects(events: pl.DataFrame) -> pl.DataFrame:
    return events.filter(pl.col("kind") == "select")


def _actions(sel: pl.DataFrame) -> list[str]:
    present = set(sel["action"].unique().to_list())
    return [a for a in ACTION_ORDER if a in present]


def _share(part: pl.DataFrame, key: str, value: str) -> tuple[float, float, float]:
    """Share of `part`'s rows with `key == value`, cluster-robust over games."""
    return cluster_proportion((part[key] == value).cast(pl.Float64).to_numpy(), part["game"].to_numpy())


def selection_rates(events: pl.DataFrame) -> pl.DataFrame:
    """Share of a game's selections, and of its first picks of a round, that were each action."""
    sel = _selects(events)
    rows = []
    first = sel.filter(pl.col("first"))
    for metric, part, what in (("selection_share", sel, "selections"),
                               ("first_pick_share", first, "first picks of a round")):
        for a in _actions(sel):
            est, lo, hi = _share(part, "action", a)
            rows.append(_row(metric, a, est, lo, hi, part.height, f"Share of all {what} that selected this action; "
                                                                  "interval cluster-robust over games."))
    return C.metric_frame(rows)


def selection_by_round(events: pl.DataFrame) -> pl.DataFrame:
    """Share of games in which each action was selected in round r (group 'round r / action')."""
    sel = _selects(events)
    games_in_round = sel.group_by("round").agg(pl.col("game").n_unique().alias("n"))
    counts = sel.group_by("round", "action").agg(pl.col("game").n_unique().alias("k"))
    rows = []
    actions = _actions(sel)
    for rnd, n in games_in_round.sort("round").iter_rows():
        got = dict(counts.filter(pl.col("round") == rnd).select("action", "k").iter_rows())
        for a in actions:
            est, lo, hi = wilson(got.get(a, 0), n)
            rows.append(_row("selected_in_round", f"round {rnd} / {a}", est, lo, hi, n,
                             "Share of the games reaching this round in which the action was selected in it."))
    return C.metric_frame(rows)


def _lift_per_game(games: pl.DataFrame, who: pl.DataFrame, key: str, metric: str, definition: str,
                   order: list[str] | None = None) -> pl.DataFrame:
    """Per key: per game, the mean win share of the players in `who` (game, seat, key) minus 1/P;
    mean over the games where someone had it, t interval."""
    p = n_players(games)
    if not p or who.height == 0:
        return C.metric_frame([])
    joined = (who.unique().join(games.select("game", "seat", "win_share"), on=["game", "seat"])
              .group_by(key, "game").agg(pl.col("win_share").mean().alias("w")))
    rows = []
    keys = order if order is not None else sorted(joined[key].unique().to_list())
    for k in keys:
        part = joined.filter(pl.col(key) == k)
        if part.height == 0:
            continue
        est, lo, hi = cluster_mean_ci((part["w"] - 1 / p).to_numpy(), part["game"].to_numpy())
        rows.append(_row(metric, str(k), est, lo, hi, part.height, definition.format(p=p)))
    return C.metric_frame(rows)


def bonus_value(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Win lift of selecting each action (and so taking its bonus) at least once."""
    sel = _selects(events)
    who = sel.select("game", "seat", "action")
    return _lift_per_game(games, who, "action", "select_win_lift",
                          "Mean win share of the players who selected this action at least once, minus the base "
                          "rate 1/{p}; one value per game, skewness-corrected t interval over games "
                          "(association, not cause).",
                          _actions(sel))


def pile_gold(events: pl.DataFrame) -> pl.DataFrame:
    """Gold taken from the Produce pile: per Produce selection and per game."""
    prod = _selects(events).filter(pl.col("action") == "produce")
    if prod.height == 0:
        return C.metric_frame([])
    rows = []
    pile, ids = prod["pile"].cast(pl.Float64).to_numpy(), prod["game"].to_numpy()
    est, lo, hi = cluster_mean_ci(pile, ids)
    rows.append(_row("pile_gold", "per Produce selection", est, lo, hi, prod.height,
                     "Mean gold the selector of Produce took from the pile (it grows by the variant's pile gold "
                     "each round Produce goes unselected); interval cluster-robust over games."))
    per_game = events.select("game").unique().join(
        prod.group_by("game").agg(pl.col("pile").sum().alias("g")), on="game", how="left").fill_null(0)
    est, lo, hi = cluster_mean_ci(per_game["g"].cast(pl.Float64).to_numpy(), per_game["game"].to_numpy())
    rows.append(_row("pile_gold", "per game", est, lo, hi, per_game.height, "Mean gold taken from the Produce pile "
                     "per game (all players); skewness-corrected t interval."))
    est, lo, hi = cluster_proportion((pile > 0).astype(float), ids)
    rows.append(_row("pile_gold", "Produce selections with a pile", est, lo, hi, prod.height,
                     "Share of all Produce selections that found gold on the action; interval cluster-robust over "
                     "games."))
    return C.metric_frame(rows)


def end_triggers(events: pl.DataFrame) -> pl.DataFrame:
    """Share of games ended by each trigger (a game may fire several in its last round)."""
    ends = events.filter(pl.col("kind") == "game_end")
    n = events.select("game").n_unique()
    counts = dict(ends.group_by("trigger").agg(pl.col("game").n_unique()).iter_rows())
    rows = []
    for trig in ("worlds", "developments", "chips", "colonists", "max_rounds"):
        if trig in counts or trig != "max_rounds":
            est, lo, hi = wilson(counts.get(trig, 0), n)
            rows.append(_row("end_trigger_share", trig, est, lo, hi, n,
                             "Share of games whose last round fired this end trigger (several may fire together)."))
    return C.metric_frame(rows)


def game_length(games: pl.DataFrame) -> pl.DataFrame:
    """Distribution of the game length in rounds (share of games per length)."""
    per = games.group_by("game").agg(pl.col("rounds").first())
    n = per.height
    rows = []
    for r, k in per.group_by("rounds").len().sort("rounds").iter_rows():
        est, lo, hi = wilson(k, n)
        rows.append(_row("game_length_share", f"{r} rounds", est, lo, hi, n, "Share of games lasting this many rounds."))
    return C.metric_frame(rows)


def seat_compensation(games: pl.DataFrame) -> pl.DataFrame:
    """Win rate by starting turn-order position, labelled with the compensation gold it got."""
    rows = []
    if games.height == 0:
        return C.metric_frame(rows)
    agg = (games.group_by("start_position").agg(pl.col("win_share").sum().alias("w"), pl.len().alias("n"),
                                                pl.col("compensation").first().alias("c"))
           .sort("start_position"))
    for pos, w, n, c in agg.iter_rows():
        est, lo, hi = wilson(w, n)
        rows.append(_row("win_rate_by_start_position", f"position {pos + 1} (+{c} gold)", est, lo, hi, n,
                         "Win rate from this starting place on the turn-order track, with the compensation gold "
                         "it receives; compare a variant without compensation."))
    return C.metric_frame(rows)


def developments(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Per development: share of players who bought it, and the win lift of owning it."""
    dev = events.filter(pl.col("kind") == "develop")
    if dev.height == 0:
        return C.metric_frame([])
    n = n_players(games)
    owned = dev.group_by("game", "item").len()
    ids = games.select("game").unique()
    rows = []
    for item in sorted(dev["item"].unique().to_list()):
        per = ids.join(owned.filter(pl.col("item") == item), on="game", how="left").fill_null(0)
        est, lo, hi = cluster_mean_ci((per["len"].cast(pl.Float64) / n).to_numpy(), per["game"].to_numpy())
        rows.append(_row("development_purchase_rate", item, est, lo, hi, per.height,
                         "Share of the players of a game who bought this development; mean over games, "
                         "skewness-corrected t interval."))
    lift = _lift_per_game(games, dev.select("game", "seat", "item"), "item", "development_win_lift",
                          "Mean win share of the owners of this development minus 1/{p}; one value per game, "
                          "skewness-corrected t interval over games (association, not cause).")
    return pl.concat([C.metric_frame(rows), lift])


def worlds_settled(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Mean worlds settled per player per game, by kind and by good color (home worlds excluded)."""
    st = events.filter(pl.col("kind") == "settle")
    seats = games.select("game", "seat")
    rows = []
    for col, label in (("world_kind", "kind"), ("color", "color")):
        for value in sorted(st[col].unique().to_list()):
            per = seats.join(st.filter(pl.col(col) == value).group_by("game", "seat").len(), on=["game", "seat"],
                             how="left").fill_null(0)
            est, lo, hi = cluster_mean_ci(per["len"].cast(pl.Float64).to_numpy(), per["game"].to_numpy())
            rows.append(_row("worlds_settled", f"{label} {value}", est, lo, hi, per["game"].n_unique(),
                             "Mean worlds of this kind/color settled per player in a game (home world not "
                             "counted); interval cluster-robust over games."))
    return C.metric_frame(rows)


def vp_by_source(games: pl.DataFrame) -> pl.DataFrame:
    """Each score part's share of all VP (per-game sums; delta-method interval over games)."""
    parts = [c for c in games.columns if c.startswith("score_")]
    per = games.group_by("game").agg(*(pl.col(c).sum() for c in parts), pl.col("total").sum())
    rows = []
    for c in parts:
        est, lo, hi = ratio_ci(per[c].to_numpy(), per["total"].to_numpy())
        rows.append(_row("vp_share_by_source", c.removeprefix("score_"), est, lo, hi, per.height,
                         "Share of all VP scored that came from this source; per-game sums, delta-method interval."))
    return C.metric_frame(rows)


def summary_tables(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """New Frontiers' titled metric tables (GameSpec.summary) for `simulate` and the reports."""
    tables = [("Win rate by starting turn-order position (compensation gold)", seat_compensation(games)),
              ("Game length in rounds", game_length(games)),
              ("VP by source", vp_by_source(games))]
    if events.height == 0:
        return tables
    return [
        ("Action selection", selection_rates(events)),
        ("Bonus value: win lift of selecting an action", bonus_value(games, events)),
        *tables,
        ("End triggers", end_triggers(events)),
        ("Developments: purchase rate and win lift", developments(games, events)),
        ("Worlds settled per player", worlds_settled(games, events)),
        ("Gold taken from the Produce pile", pile_gold(events)),
        ("Action selected in each round", selection_by_round(events)),
    ]
