"""New Frontiers metrics from the events/games tables: action selection, bonus value, seat
compensation, end triggers, game length, developments, worlds settled, the Produce pile, trade,
gold by source and by use, VP by source; and `switched_off`, the rows a variant cannot produce.

Every function returns a metric table (analysis/columns.py schema). Statistics are taken at the
level of the game (the independent unit): shares of games carry Wilson intervals; shares and
means over rows nested in games (selections, players) are ratio estimators with a cluster-robust
standard error over games (stats.proportion_of_sums, stats.mean_of_sums); lifts and means of
one value per game get skewness-corrected t intervals across games (stats.per_game_mean_ci).
Every row also hands over its per-game parts (analysis/parts.py): the arrays and the function its
estimate came from, and when it is there without some games, so that compare's jackknife masks
them instead of recomputing every metric once per block of games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import frames as F
from playtest.analysis.common import game_lineups, n_players, win_rates_by, win_shares_by_seat
from playtest.analysis.frames import Table
from playtest.analysis.parts import PARTS, Parts, ratio, share, wanted
from playtest.analysis.stats import (
    mean_of_sums,
    per_game_mean_ci,
    per_game_share_ci,
    proportion_of_sums,
    share_of_sums,
    wilson,
)
from playtest.core.results import SAFETY_STOP
from playtest.core.spec import Off
from playtest.games.newfrontiers.rounds import END_TRIGGERS
from playtest.games.newfrontiers.schema import NewFrontiersVariant

ACTION_ORDER = ("retreat", "goals", "develop", "explore", "settle", "produce", "trade", "envoy")

# The tables may be lazy scans (analysis/frames.py): every query below aggregates each game
# first, so memory follows the number of games, not of events.


def _row(metric: str, group: str, est: float | None, lo: float | None, hi: float | None, n: int, definition: str,
         p: float | None = None, parts: Parts | None = None) -> dict:
    """A metric row; `parts`: what it is made of, game by game (analysis/parts.py)."""
    return {C.METRIC: metric, C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n,
            C.P_VALUE: p, C.DEFINITION: definition, PARTS: parts}


def _per_game_parts(ids: np.ndarray, *columns: np.ndarray, estimate: Callable[..., float] = ratio,
                    always: bool = False, shows: np.ndarray | None = None,
                    within: np.ndarray | None = None) -> Parts | None:
    """The parts of a row with one entry per game of `ids` and n the games (Parts: `always`,
    `shows`, `within`): Σ per game / Σ per game (`ratio`, a mean per player) unless `estimate` says
    otherwise; None unless `wanted`."""
    if not wanted():
        return None
    return Parts(ids, columns, estimate, n=np.ones(ids.size, dtype=int), always=always, shows=shows, within=within)


def _holding(per: pl.DataFrame, ids: np.ndarray) -> np.ndarray:
    """Over the games `ids`: whether `per` (one of `F.per_game_by`'s parts) has a row for the game,
    i.e. the game shows the value the part is about."""
    return np.isin(ids, per["game"].to_numpy())


def _selects(events: Table) -> pl.LazyFrame:
    return F.lazy(events).filter(pl.col("kind") == "select")


def _actions(sel: Table) -> list[str]:
    present = set(F.distinct(sel, "action"))
    return [a for a in ACTION_ORDER if a in present]


def selection_rates(events: Table) -> pl.DataFrame:
    """Share of a game's selections, and of its first picks of a round, that were each action."""
    sel = _selects(events)
    actions = _actions(sel)
    rows = []
    first = sel.filter(pl.col("first"))
    chosen: dict[str, np.ndarray] = {}  # the games that selected each action: its rows are there while one is
    for metric, part, what in (("selection_share", sel, "selections"),
                               ("first_pick_share", first, "first picks of a round")):
        # Per game, how many of `part`'s rows selected each action, and how many rows there are.
        per = F.per_game(part, *((pl.col("action") == a).sum().alias(a) for a in actions), pl.len().alias("rows"))
        rows_n = int(per["rows"].sum())
        ids, counted = per["game"].to_numpy(), per["rows"].to_numpy()
        for a in actions:
            took = per[a].cast(pl.Float64).to_numpy()
            chosen.setdefault(a, ids[took > 0])  # set by the loop over every selection, the first
            est, lo, hi = proportion_of_sums(took, counted)
            rows.append(_row(metric, a, est, lo, hi, rows_n, f"Share of all {what} that selected this action; "
                                                             "interval cluster-robust over games.",
                             parts=Parts(ids, (took, counted), ratio, n=counted, within=chosen[a]) if wanted() else None))
    return C.metric_frame(rows)


def selection_by_round(events: Table) -> pl.DataFrame:
    """Share of games in which each action was selected in round r (group 'round r / action')."""
    sel = _selects(events)
    actions = _actions(sel)
    rows = []
    rounds: Iterable[tuple[Any, pl.DataFrame]] = F.per_game_by(
        sel, "round", *((pl.col("action") == a).any().alias(a) for a in actions))
    chosen = None
    if wanted():  # parts: the games that selected each action in any round (its rows are there while one is)
        rounds = list(rounds)
        chosen = {a: np.unique(np.concatenate([per["game"].to_numpy()[per[a].to_numpy()] for _, per in rounds]))
                  for a in actions}
    for rnd, per in rounds:
        n = per.height
        for a in actions:
            est, lo, hi = wilson(int(per[a].sum()), n)
            rows.append(_row("selected_in_round", f"round {rnd} / {a}", est, lo, hi, n,
                             "Share of the games reaching this round in which the action was selected in it.",
                             parts=None if chosen is None else _per_game_parts(
                                 per["game"].to_numpy(), per[a].to_numpy(), estimate=share, within=chosen[a])))
    return C.metric_frame(rows)


def _lift_per_game(games: Table, who: pl.LazyFrame, key: str, metric: str, definition: str,
                   order: list[str] | None = None) -> pl.DataFrame:
    """Per key: per game, the mean win share of the players in `who` (game, seat, key) minus 1/P;
    mean over the games where someone had it, skewness-corrected t interval (Wilson's at n = games,
    stats.per_game_share_ci, when every game gives the same win share)."""
    p = n_players(games)
    keys = order if order is not None else F.distinct(who, key)
    if not p or not keys:
        return C.metric_frame([])
    shares = win_shares_by_seat(games)
    seats = [c for c in shares.columns if c != "game"]
    ids, won_by = shares["game"].to_numpy(), shares.select(seats).to_numpy()
    rows = []
    parts = dict(F.per_game_by(who, key, *((pl.col("seat") == int(s)).any().alias(f"had {s}") for s in seats)))
    for k in keys:
        had = parts.get(k)
        if had is None or had.height == 0 or ids.size == 0:
            continue
        # Its games' win shares by arrays, not a polars join per key (developments, 40 games: 24 → 11 ms).
        at, mine = F.places(ids, had["game"].to_numpy())
        # Its columns, not a select per key (developments, 40 games: 5.2 → 3.6 ms, 2026-12-05).
        flags = np.column_stack([had[f"had {s}"].to_numpy() for s in seats])[mine]
        wins = won_by[at[mine]]
        if flags.shape[0] == 0:  # none of its games in the games table: no row (the join wrote a false
            continue             # "every player had it" row with n = 0)
        w = (wins * flags).sum(axis=1) / flags.sum(axis=1)
        lift = w - 1 / p
        made_of = _per_game_parts(had["game"].to_numpy()[mine], lift, flags, estimate=_mean_lift)
        if flags.all():
            # Every player had it in every game: each game's lift is 0 by construction, and an
            # interval of [+0.0, +0.0] would claim a certainty no game measured.
            rows.append(_row(metric, str(k), None, None, None, len(w), definition.format(p=p) + " Not estimated "
                             "here: every player had it in every game, so there is no one without it to compare.",
                             parts=made_of))
            continue
        est, lo, hi = per_game_mean_ci(lift)
        if math.isnan(lo):  # the same win share in every game (its owners never won): Wilson at n = games
            _, lo, hi = per_game_share_ci(w)
            lo, hi = lo - 1 / p, hi - 1 / p
        # A lift lies in [-1/P, 1 - 1/P]: over 2 or 3 games the t interval reached past it (a
        # 2-player ladder printed +0.0 pts [-635.3, +635.3]). Cutting it to the range the lift
        # can take loses no coverage (the true value is always inside).
        lo, hi = max(lo, -1 / p), min(hi, 1 - 1 / p)
        rows.append(_row(metric, str(k), est, lo, hi, len(w), definition.format(p=p), parts=made_of))
    return C.metric_frame(rows)


def _mean_lift(lifts: np.ndarray, flags: np.ndarray) -> float:
    """`_lift_per_game`'s estimate from its games' lifts and who had the key in each (games ×
    seats): their mean as `per_game_mean_ci` takes it, none (NaN) when every player had it in
    every game."""
    return math.nan if flags.all() else ratio(lifts, np.ones(lifts.size))


def bonus_value(games: Table, events: Table) -> pl.DataFrame:
    """Win lift of selecting each action (and so taking its bonus) at least once."""
    sel = _selects(events)
    return _lift_per_game(games, sel.select("game", "seat", "action"), "action", "select_win_lift",
                          "Mean win share of the players who selected this action at least once, minus the base "
                          "rate 1/{p}; one value per game, skewness-corrected t interval over games, Wilson's at "
                          "n = games when every game gives the same win share (association, not cause).",
                          _actions(sel))


def _game_ids(table: Table) -> pl.LazyFrame:
    """Every game of the table (joined with per-game values, then sorted by game: the order of
    the values must not depend on how the rows were read)."""
    return F.lazy(table).select("game").unique()


def pile_gold(events: Table) -> pl.DataFrame:
    """Gold taken from the Produce pile: per Produce selection and per game (`pile_gold`), and the
    share of Produce selections that found any (`pile_found_rate`)."""
    prod = _selects(events).filter(pl.col("action") == "produce")
    per = F.per_game(prod, pl.col("pile").cast(pl.Float64).sum().alias("sum"), pl.len().alias("rows"),
                     (pl.col("pile") > 0).cast(pl.Float64).sum().alias("found"))
    if per.height == 0:
        return C.metric_frame([])
    rows = []
    selections = int(per["rows"].sum())
    ids, counted, taken = per["game"].to_numpy(), per["rows"].to_numpy(), per["sum"].to_numpy()
    est, lo, hi = mean_of_sums(taken, counted, at_least=0.0)
    rows.append(_row("pile_gold", "per Produce selection", est, lo, hi, selections,
                     "Mean gold the selector of Produce took from the pile (it grows by the variant's pile gold "
                     "each round Produce goes unselected); interval cluster-robust over games.",
                     parts=Parts(ids, (taken, counted), ratio, n=counted) if wanted() else None))
    every = F.collect(_game_ids(events).join(per.lazy().select("game", "sum"), on="game", how="left")
                      .sort("game").select("game", pl.col("sum").fill_null(0).cast(pl.Float64)))
    # over every game, there while one of them selected Produce (no Produce, no rows)
    every_id, every_sum = every["game"].to_numpy(), every["sum"].to_numpy()
    est, lo, hi = per_game_mean_ci(every_sum, at_least=0.0)
    rows.append(_row("pile_gold", "per game", est, lo, hi, every.height, "Mean gold taken from the Produce pile "
                     "per game (all players); skewness-corrected t interval.",
                     parts=_per_game_parts(every_id, every_sum, np.ones(every.height), shows=_holding(per, every_id))))
    est, lo, hi = proportion_of_sums(per["found"].to_numpy(), counted)
    # A share is its own metric: a report writes a metric's rows in one kind, and as a group of
    # pile_gold (gold, shown as a number) this share was printed as 0.69, not 69.0%.
    rows.append(_row("pile_found_rate", "per Produce selection", est, lo, hi, selections,
                     "Share of all Produce selections that found gold on the action; interval cluster-robust over "
                     "games.", parts=Parts(ids, (per["found"].to_numpy(), counted), ratio, n=counted) if wanted() else None))
    return C.metric_frame(rows)


def end_triggers(events: Table) -> pl.DataFrame:
    """Share of games ended by each trigger (a game may fire several in its last round)."""
    ends = F.lazy(events).filter(pl.col("kind") == "game_end")
    n = int(F.collect(F.lazy(events).select(pl.col("game").n_unique())).item())
    counts = dict(F.collect(ends.group_by("trigger").agg(pl.col("game").n_unique())).iter_rows())
    triggers = (*END_TRIGGERS, SAFETY_STOP)
    # Per game (every game of the events: n), whether it fired each trigger: the rows' parts,
    # a query of their own, read only for the jackknife (analysis/parts.py).
    fired = F.per_game(F.lazy(events), *(((pl.col("kind") == "game_end") & (pl.col("trigger") == t)).any().alias(t)
                                         for t in triggers)) if wanted() else None
    rows = []
    for trig in triggers:  # one the variant switches off has no row (`switched_off`)
        if trig in counts or trig != SAFETY_STOP:
            est, lo, hi = wilson(counts.get(trig, 0), n)
            parts = None if fired is None else _per_game_parts(
                fired["game"].to_numpy(), fired[trig].to_numpy(), estimate=share, always=trig != SAFETY_STOP,
                shows=fired[trig].to_numpy())  # the safety stop's row is there while a game left stopped
            rows.append(_row("end_trigger_share", trig, est, lo, hi, n,
                             "Share of games whose last round fired this end trigger (several may fire together).",
                             parts=parts))
    return C.metric_frame(rows)


TRIGGER_KEYS = {"worlds": ("worlds", "null"), "developments": ("developments", "null"),
                "chips": ("chips_out", "false"), "colonists": ("settle_colonists", "null")}
"""Each end trigger's key in rules.end and the value that switches it off."""


def switched_off(variant: NewFrontiersVariant) -> list[Off]:
    """The mechanisms `variant` switches off (GameSpec.switched_off), with the rows that measure
    them: an end trigger that is off or can never fire (validate's note), the action the goals option takes away (Retreat with
    it, Galaxy goals without it) and its score part, the Produce pile without pile gold."""
    out: list[Off] = []
    on = variant.rules.end.switched_on()
    unreachable = variant.unreachable_triggers()  # validate's note: its 0% is the rules', not a measurement
    for trig, (key, value) in TRIGGER_KEYS.items():
        if key not in on:
            out.append(Off(f"the '{trig}' end trigger", f"rules.end.{key}: {value}", (("end_trigger_share", trig),)))
        elif key in unreachable:
            out.append(Off(f"the '{trig}' end trigger", f"rules.end.{key}: {getattr(variant.rules.end, key)}, "
                           f"which it can never reach: {unreachable[key].split(':')[0]}", (("end_trigger_share", trig),)))
    action_rows = ("selection_share", "first_pick_share", "select_win_lift")
    if variant.goals.enabled:
        out.append(Off("Retreat into isolation (Galaxy goals replaces it)", "goals.enabled: true",
                       (*((m, "retreat") for m in action_rows), ("selected_in_round", "* / retreat"),
                        ("gold_by_source", "retreat bonus"))))
    else:
        out.append(Off("the Galaxy goals action and goal VP", "goals.enabled: false",
                       (*((m, "goals") for m in action_rows), ("selected_in_round", "* / goals"),
                        *Off.score_part("goals"), ("gold_by_source", "goals bonus"), ("gold_spent", "storage mats"))))
    if variant.rules.produce.pile_gold == 0:
        out.append(Off("gold on the Produce pile", "rules.produce.pile_gold: 0",
                       (("pile_gold", "*"), ("pile_found_rate", "*"), ("gold_by_source", "produce pile"))))
    return out


def seat_compensation(games: Table) -> pl.DataFrame:
    """Win rate by starting turn-order position. Labelled by position alone, so that `compare`
    lines a position up across variants whose compensation differs (the question it answers);
    the compensation gold of each position is in the definition, one text for every row."""
    agg = F.collect(F.lazy(games).group_by("start_position")
                    .agg(pl.col("win_share").sum().alias("w"), pl.len().alias("n"),
                         pl.col("compensation").first().alias("c"))
                    .sort("start_position"))
    gold = [f"position {pos + 1} +{c}" for pos, _, _, c in agg.iter_rows() if c]
    definition = ("Win rate from this starting place on the turn-order track; compensation gold in this variant: "
                  + (", ".join(gold) if gold else "none") + ".")
    # The same interval as the win rate by seat (cluster-robust over games, ties split; within
    # line-ups when different bots rotate): with one position per seat the two tables gave one
    # share two different intervals.
    return win_rates_by(games, "start_position", "win_rate_by_start_position", definition,
                        label=lambda pos: f"position {pos + 1}", lineups=game_lineups(games))


def developments(games: Table, events: Table, items: Sequence[str] = (),
                 copies: Mapping[str, int] | None = None) -> pl.DataFrame:
    """Per development: share of players who bought it, and the win lift of owning it. `items`:
    the variant's developments, each given a purchase rate even when no one bought it (0%, with
    the interval of a share never seen): a tile too dear to buy is a finding, not a row to leave
    out. (Its win lift has no owners to measure and stays out.) `copies`: each development's
    copies, which bound its buyers: the interval stops at copies / players (one Galactic Senate
    bought in every one of 100 games read 25.0% [17.5%, 34.4%] at 4 players, past what one copy
    allows)."""
    dev = F.lazy(events).filter(pl.col("kind") == "develop")
    # Buyers, not purchases: a variant without unique_developments lets a player buy two copies.
    bought = dict(F.per_game_by(dev, "item", pl.col("seat").n_unique().alias("buyers")))
    if not bought:
        return C.metric_frame([])
    n = n_players(games)
    ids = F.game_ids(games)
    players = np.full(ids.size, float(n))
    # The games with a purchase: the rows are there while one of them is (a development of the
    # variant's, whoever bought; another while a game that bought it is).
    bought_any = np.unique(np.concatenate([per["game"].to_numpy() for per in bought.values()]))
    rows = []
    for item in sorted(set(bought) | set(items), key=lambda v: (v is None, v)):
        buyers = F.on_games(bought[item], "buyers", ids) if item in bought else np.zeros(ids.size)
        # A share of the players nested in games: Wilson at the effective size, inside [0, 1] (the
        # skewness-corrected t interval of the per-game shares gave [-177%, 107%] at 3 games).
        est, lo, hi = proportion_of_sums(buyers, players)
        capped = copies is not None and item in copies and n > 0
        if copies is not None and capped:
            hi = min(hi, copies[item] / n)
        # 'at most copies / players' only where the copies were known (a run whose variant can no
        # longer be read gives none, and its intervals are not cut)
        rows.append(_row("development_purchase_rate", item, est, lo, hi, ids.size,
                         "Share of the players of a game who bought this development; ratio over games, "
                         "Wilson interval at the effective number of players (cluster-robust over games)"
                         + (", at most copies / players." if capped else "."),
                         parts=_per_game_parts(ids, buyers, players, shows=None if item in items else buyers > 0,
                                               within=bought_any)))
    lift = _lift_per_game(games, dev.select("game", "seat", "item"), "item", "development_win_lift",
                          "Mean win share of the owners of this development minus 1/{p}; one value per game, "
                          "skewness-corrected t interval over games, Wilson's at n = games when every game gives "
                          "the same win share (association, not cause).")
    return pl.concat([C.metric_frame(rows), lift])


def worlds_settled(games: Table, events: Table) -> pl.DataFrame:
    """Mean worlds settled per player per game, by kind and by good color (home worlds excluded)."""
    st = F.lazy(events).filter(pl.col("kind") == "settle")
    seats = F.per_game(games, pl.len().cast(pl.Float64).alias("seats"))
    ids, players = seats["game"].to_numpy(), seats["seats"].to_numpy()
    rows = []
    for col, label in (("world_kind", "kind"), ("color", "color")):
        for value, settled in F.per_game_by(st, col, pl.len().alias("x")):
            count = F.on_games(settled, "x", ids)
            est, lo, hi = mean_of_sums(count, players, at_least=0.0)
            # The settle event writes '-' for a world without a good (a military world here):
            # 'color -' read as a typo.
            shown = "none (no good)" if col == "color" and value == "-" else value
            rows.append(_row("worlds_settled", f"{label} {shown}", est, lo, hi, ids.size,
                             "Mean worlds of this kind/color settled per player in a game (home world not "
                             "counted; color none: a world that yields no good); interval cluster-robust over games.",
                             parts=_per_game_parts(ids, count, players, shows=_holding(settled, ids))))
    return C.metric_frame(rows)


def trade_income(games: Table, events: Table) -> pl.DataFrame:
    """Gold from trading goods per player per game, overall and by good color (the goods
    prices show here), and goods traded per player per game."""
    tr = F.lazy(events).filter(pl.col("kind") == "trade")
    seats = F.per_game(games, pl.len().cast(pl.Float64).alias("seats"))
    ids, players = seats["game"].to_numpy(), seats["seats"].to_numpy()
    gold, goods = pl.col("gold").cast(pl.Float64).sum().alias("gold"), pl.len().alias("goods")
    groups = [("all", F.per_game(tr, gold, goods), "gold", "Gold from trading goods per player in a game")]
    groups += [(f"color {c}", per, "gold", "Gold from trading goods of this color per player in a game")
               for c, per in F.per_game_by(tr, "color", gold)]
    groups += [("all", groups[0][1], "goods", "Goods traded per player in a game")]  # its own metric: "all"
    rows = []
    for group, per, col, what in groups:
        total = F.on_games(per, col, ids)
        est, lo, hi = mean_of_sums(total, players, at_least=0.0)
        # "all" is there in every run, a color while a game left traded it
        parts = _per_game_parts(ids, total, players, always=group == "all", shows=_holding(per, ids))
        rows.append(_row("trade_income" if col == "gold" else "goods_traded", group, est, lo, hi, ids.size,
                         f"{what}; interval cluster-robust over games.", parts=parts))
    return C.metric_frame(rows)


class GoldPart(NamedTuple):
    """A row of gold_by_source or gold_spent: the gold in `column` of the events of `kind` (only
    those whose column `only[0]` holds `only[1]`, when given: a selection of one action, a store
    of gold)."""

    group: str
    kind: str
    column: str
    only: tuple[str, str] | None = None


GOLD_SOURCES: tuple[GoldPart, ...] = (
    GoldPart("retreat bonus", "select", "gold", ("action", "retreat")),
    GoldPart("goals bonus", "select", "gold", ("action", "goals")),
    GoldPart("produce pile", "select", "pile"), GoldPart("gold_on powers", "gold_on", "gold"),
    GoldPart("settle rewards", "settle", "gold"), GoldPart("trade", "trade", "gold"),
    GoldPart("consume powers", "consume", "gold"),
)
"""gold_by_source's groups besides the start. The rules log each where they pay it (actions.py,
decisions.py). The two action bonuses are rows of their own, not one 'action bonus': the goals
option replaces Retreat by Galaxy goals, and compare's one row then set Retreat's gold in one
variant against Galaxy goals' in the other (a New Frontiers review of 2026-12-07); now each is
switched off where its action is not played (`switched_off`)."""

GOLD_USES: tuple[GoldPart, ...] = (
    GoldPart("developments", "develop", "cost"), GoldPart("settling", "settle", "cost"),
    GoldPart("storage mats", "store", "amount", ("stored", "gold")),
)
"""gold_spent's groups, as GOLD_SOURCES (a store event's amount counts only when it stored gold)."""

GOLD_DEFINITIONS = {
    "gold_by_source": "Gold a player got in a game, by source: start (set-up gold plus the seat's compensation; "
                      "the variant fixes it for the player count, the same in every game, so it has no interval), "
                      "retreat bonus (Retreat's gold to its selector), goals bonus (Galaxy goals' gold to its "
                      "selector, with the goals option, which replaces Retreat), "
                      "produce pile (to Produce's selector), gold_on powers (to every holder when the action is "
                      "selected), settle rewards (per world settled), trade (goods sold at their color's price), "
                      "consume powers (per good consumed); all in play: all of them but the start. Start + all in "
                      "play - gold spent (all uses) = gold held at the end. Mean per player; interval cluster-robust over "
                      "games; a source that paid nothing in any game has none (0 in every game).",
    "gold_spent": "Gold a player spent in a game, by use: developments bought, settling (non-military worlds), "
                  "storage mats (goals option); all uses: their sum. Mean per player; interval cluster-robust over games; "
                  "a use no one spent on in any game has none (0 in every game).",
}


def _gold_sums(events: Table, parts: Sequence[GoldPart]) -> pl.DataFrame:
    """Per game, each part's gold column summed over its kind of event (one query)."""
    aggs = []
    for part in parts:
        keep = pl.col("kind") == part.kind
        if part.only is not None:
            keep &= pl.col(part.only[0]) == part.only[1]
        aggs.append(pl.when(keep).then(pl.col(part.column)).otherwise(0).fill_null(0).cast(pl.Float64).sum()
                    .alias(part.group))
    kinds = sorted({part.kind for part in parts})
    return F.per_game(F.lazy(events).filter(pl.col("kind").is_in(kinds)), *aggs)


def gold_flow(games: Table, events: Table) -> pl.DataFrame:
    """Gold per player per game by where it came from (`gold_by_source`: the start, each way
    the rules pay gold, and all in play) and what it was spent on (`gold_spent`): per
    player, start + all in play - all uses = the gold held at the end (the games' `gold`).
    A run written before gold was recorded by source (no `start_gold` in its games) gets no
    rows: its missing gold events would read as no gold gained."""
    if "start_gold" not in F.columns(games):
        return C.metric_frame([])
    seats = F.per_game(games, pl.len().cast(pl.Float64).alias("seats"),
                       pl.col("start_gold").cast(pl.Float64).sum().alias("start"))
    ids, players = seats["game"].to_numpy(), seats["seats"].to_numpy()
    rows = []
    for metric, parts, total in (("gold_by_source", GOLD_SOURCES, "all in play"), ("gold_spent", GOLD_USES, "all uses")):
        per = _gold_sums(events, parts)
        sums = {part.group: F.on_games(per, part.group, ids) for part in parts}
        sums[total] = sum(sums.values(), np.zeros(ids.size))
        if metric == "gold_by_source":
            sums = {"start": seats["start"].to_numpy(), **sums}
        for group, values in sums.items():
            est, lo, hi = mean_of_sums(values, players, at_least=0.0)
            rows.append(_row(metric, group, est, lo, hi, ids.size, GOLD_DEFINITIONS[metric],
                             parts=_per_game_parts(ids, values, players, always=True)))
    return C.metric_frame(rows)


def vp_by_source(games: Table) -> pl.DataFrame:
    """Each score part's share of all VP (per-game sums; delta-method interval over games)."""
    parts = [c for c in F.columns(games) if c.startswith("score_")]
    per = F.per_game(games, *(pl.col(c).sum() for c in parts), pl.col("total").sum())
    ids, total = per["game"].to_numpy(), per["total"].to_numpy()
    rows = []
    for c in parts:
        est, lo, hi = share_of_sums(per[c].to_numpy(), total)
        rows.append(_row("vp_share_by_source", c.removeprefix("score_"), est, lo, hi, per.height,
                         "Share of all VP scored that came from this source (chips: VP chips; worlds, developments: "
                         "their printed VP; bonus: the end_bonus powers, VP per world, development, military, good or "
                         "colonist held at the end; goals: Galaxy goals); per-game sums, delta-method interval.",
                         parts=_per_game_parts(ids, per[c].to_numpy(), total, always=True)))
    return C.metric_frame(rows)


def home_world_win_rates(games: Table, homes: Sequence[str] = (), fixed: bool = False) -> pl.DataFrame:
    """Win rate of the players who started on each home world: which home world the rules make
    too strong (a player in a game on each, the home worlds dealt at random by default). Labelled
    by `homes` (the variant's home worlds, as 'name (id)', in file order), else 'home world N'. A
    run written before the home world was recorded (no `home_world` column) gets no rows."""
    if "home_world" not in F.columns(games):
        return C.metric_frame([])
    definition = "Win rate of the players who started on this home world (ties split)."
    if fixed:
        definition += (" Home worlds are not dealt in this variant (home_worlds: fixed): seat i always starts on the "
                       "i-th, so these are also the seats' win rates.")
    # Fixed home worlds are the seats: read as the seats are (within line-ups when different bots
    # rotate). Dealt ones are not: which bot starts on a home world is the deal's chance.
    return win_rates_by(games, "home_world", "win_rate_by_home_world", definition,
                        label=lambda i: homes[i] if 0 <= i < len(homes) else f"home world {i + 1}",
                        lineups=game_lineups(games) if fixed else None)


def summary_tables(games: Table, events: Table, developments_offered: Sequence[str] = (),
                   copies: Mapping[str, int] | None = None, homes: Sequence[str] = (),
                   fixed_homes: bool = False) -> list[tuple[str, pl.DataFrame]]:
    """New Frontiers' titled metric tables (GameSpec.summary) for `simulate` and the reports.
    `developments_offered`: the run's variant's development ids, `copies` their copies
    (`developments`); `homes`, `fixed_homes`: its home worlds' labels and whether they are dealt
    (`home_world_win_rates`)."""
    tables = [("Win rate by starting turn-order position", seat_compensation(games)),
              ("Win rate by home world", home_world_win_rates(games, homes, fixed_homes)),
              ("VP by source", vp_by_source(games))]
    if F.count(events) == 0:
        return tables
    return [
        ("Action selection", selection_rates(events)),
        ("Bonus value: win lift of selecting an action", bonus_value(games, events)),
        *tables,
        ("End triggers", end_triggers(events)),
        ("Developments: purchase rate and win lift", developments(games, events, developments_offered, copies)),
        ("Worlds settled per player", worlds_settled(games, events)),
        ("Gold taken from the Produce pile", pile_gold(events)),
        ("Trade: gold from goods sold, per player", trade_income(games, events)),
        ("Gold by source and by use, per player", gold_flow(games, events)),
        ("Action selected in each round", selection_by_round(events)),
    ]
