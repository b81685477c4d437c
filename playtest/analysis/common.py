"""Metrics every game has: from games.parquet (one row per game × seat) and generic round_end events.

Every function takes the tables in memory or as lazy scans (analysis/frames.py) and aggregates
each game first, so a report's memory does not grow with the events."""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import frames as F
from playtest.analysis import stats
from playtest.analysis.frames import Table
from playtest.analysis.parts import PARTS, Parts, ratio, share, wanted
from playtest.analysis.stats import (
    chi2_equal_test,
    mean_of_sums,
    per_game_mean_ci,
    proportion_of_sums,
    wilson,
)


@dataclass(frozen=True)
class Lineups:
    """Each game's line-up of bots by seat, as a code (`game_lineups`), looked up by game id."""

    games: np.ndarray
    codes: np.ndarray

    def of(self, ids: np.ndarray) -> np.ndarray | None:
        """The line-up codes of the games `ids`, or None where they do not call for a standard
        error within line-ups (`stats.lineup_codes`: one line-up, or one of too few games)."""
        codes = self.codes[np.searchsorted(self.games, ids)]
        return codes if stats.lineup_codes(codes) is not None else None


WITHIN_LINEUPS = (" Interval within line-ups: the bots rotate through the seats, so each seat held each bot in a "
                  "fixed share of the games, and which one it held is not counted as chance (a row whose "
                  "games differ in nothing within any line-up, say a bot that won every game it played, "
                  "keeps the wider interval over all games).")
"""Said in the definition of a row whose interval is taken within line-ups."""


_LINEUPS_FOUND: ContextVar[dict[int, tuple[Table, Lineups | None]] | None] = ContextVar("_LINEUPS_FOUND", default=None)


@contextlib.contextmanager
def lineups_found_once() -> Iterator[None]:
    """Within: `game_lineups` of one table is found once (analysis.metrics.sections wraps a
    report's metrics in it). Eight tables ask for it: on a lazy scan of 40,000 Stargate games of
    random and bays-first bots, the seat, bot, score and sample-size sections took 0.97-1.12
    CPU-s with it against 1.27-1.28 without (three interleaved pairs, 2026-12-07 21:28 UTC)."""
    token = _LINEUPS_FOUND.set({})
    try:
        yield
    finally:
        _LINEUPS_FOUND.reset(token)


def game_lineups(games: Table) -> Lineups | None:
    """The line-up of each game (its bots in seat order) when the games hold different bots,
    else None (one bot in every seat: every game has the same line-up). With different bots
    rotating through the seats (simulate's default), a seat's and a bot's results are read
    within line-ups (`stats.lineup_codes`); with `--no-rotate` every game has one line-up, and
    they are read as before. Found once a table within `lineups_found_once`."""
    found = _LINEUPS_FOUND.get()
    if found is None:
        return _game_lineups(games)
    kept = found.get(id(games))
    if kept is None or kept[0] is not games:  # (the table is kept with it: its id cannot be reused meanwhile)
        kept = found[id(games)] = (games, _game_lineups(games))
    return kept[1]


def _game_lineups(games: Table) -> Lineups | None:
    if "bot" not in F.columns(games):
        return None
    bots = [b for b in F.distinct(games, "bot") if b is not None]
    if len(bots) <= 1:
        return None
    # Each game's line-up as one integer, its bots' places in `bots` as the digits (base B + 1,
    # one digit a seat; B for a missing bot): a string joined per game, and numpy's unique of a
    # million of them, took 4.4 s and ~100 MB a call on a 10^6-game run, and the report makes
    # about eight calls. The codes follow the bots' sorted names: the same whatever the row order.
    base, seats = len(bots) + 1, int(F.collect(F.lazy(games).select(pl.col("seat").max())).item()) + 1
    if base ** seats >= 2 ** 62:  # too many bots and seats for one integer: the line-up as text
        per = F.per_game(games, pl.col("bot").sort_by("seat").str.join("\x1f").alias("lineup"))
    else:
        digit = pl.col("bot").replace_strict(bots, list(range(len(bots))), default=len(bots), return_dtype=pl.Int64)
        place = pl.col("seat").replace_strict(list(range(seats)), [base ** s for s in range(seats)],
                                              return_dtype=pl.Int64)
        per = F.per_game(games, (digit * place).sum().alias("lineup"))
    _, codes = np.unique(per["lineup"].to_numpy(), return_inverse=True)
    return Lineups(per[F.GAME].to_numpy(), codes.reshape(-1))


def _within(lineups: Lineups | None, ids: np.ndarray) -> np.ndarray | None:
    return None if lineups is None else lineups.of(ids)


def win_rates_by(rows: Table, by: str, metric: str, definition: str, *,
                 label: Callable[[Any], str] = str, with_chi2: bool = False,
                 lineups: Lineups | None = None) -> pl.DataFrame:
    """Win rate (sum of win shares / rows) per value of `by`; optionally the p that every group
    wins equally, on every row (chi-square, or simulated when expected counts are small: the
    definition says which).

    Rows of one game are not independent (a bot in two seats, a crew taken by two players):
    the interval is the cluster-robust one over games (`cluster_proportion`). With one row a
    game it is close to Wilson's, a little wider in a few games (a t quantile, and about one game
    fewer): seat 1's 4 wins of 20 read [7.4%, 43.8%] here and [8.1%, 41.6%] in Wilson's, which
    `first_player_advantage` shifts by 1/P (its exact coverage is calibrated: docs/calibration.md).
    `lineups` (`game_lineups`): intervals within line-ups, and with `with_chi2` the seats' tests
    too (`_seat_tests_of_groups`)."""
    groups = []
    for key, per in F.per_game_by(rows, by, pl.col("win_share").sum().alias("wins"), pl.len().alias("rows")):
        groups.append((key, per["wins"].to_numpy(), per["rows"].to_numpy(), per[F.GAME].to_numpy()))
    return win_rates_of_sums(groups, metric, definition, label=label, with_chi2=with_chi2, lineups=lineups)


WITHIN_LINEUPS_TEST = ("p: Hotelling's test, within line-ups, that all seats win equally (the bots rotate through "
                       "the seats: each line-up weighs alike).")


def win_rates_of_sums(groups: list[tuple[Any, np.ndarray, np.ndarray, np.ndarray]], metric: str, definition: str, *,
                      label: Callable[[Any], str] = str, with_chi2: bool = False,
                      lineups: Lineups | None = None) -> pl.DataFrame:
    """`win_rates_by` from (group, per-game win shares, per-game rows, the games) for each group,
    in game order and over the games where the group has rows."""
    p = None
    if with_chi2:
        within = _seat_tests_of_groups(groups, lineups)
        if within is not None:
            p = within[0]
            definition = definition.split("; p: ")[0] + "; " + WITHIN_LINEUPS_TEST
        else:
            p, method = chi2_equal_test([float(w.sum()) for _, w, _, _ in groups])
            if method == "Monte Carlo":
                definition += " (expected counts below 5: p simulated from 20,000 seeded multinomial draws)"
    out = []
    for key, wins, n, ids in groups:
        codes = _within(lineups, ids)
        est, lo, hi = proportion_of_sums(wins, n, lineups=codes)
        out.append({C.METRIC: metric, C.GROUP: label(key), C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                    C.N: int(n.sum()), C.P_VALUE: p,
                    C.DEFINITION: definition if codes is None else _with_lineups_note(definition),
                    PARTS: Parts(ids, (wins, n), ratio, n=n) if wanted() else None})
    return C.metric_frame(out)


def _with_lineups_note(definition: str) -> str:
    """A definition with WITHIN_LINEUPS said before its test's clause ('; p: ...'), which
    compare strips beside its own p (compare.metrics.without_report_test)."""
    head, sep, test = definition.partition("; p: ")
    note = f"{head.rstrip('.')}.{WITHIN_LINEUPS}"
    return f"{note.rstrip('.')}{sep}{test}" if sep else note


def _seat_tests_of_groups(groups: list[tuple[Any, np.ndarray, np.ndarray, np.ndarray]],
                          lineups: Lineups | None) -> tuple[float, float] | None:
    """`stats.seat_tests_within_lineups` of the seats' groups (one row each in every game), or None."""
    if lineups is None or not groups:
        return None
    ids = groups[0][3]
    if any(g[3].size != ids.size or not np.array_equal(g[3], ids) or (g[2] != 1).any() for g in groups):
        return None
    codes = lineups.of(ids)
    if codes is None:
        return None
    return stats.seat_tests_within_lineups(np.column_stack([g[1] for g in groups]), codes)


def seat_win_rates(games: Table) -> pl.DataFrame:
    """Win rate by seat (seat 1: GameSpec.seat_one), intervals as `win_rates_by`; the p-value of
    the test that all seats win equally is on every row. With different bots rotating through
    the seats: intervals and the test within line-ups (`game_lineups`)."""
    return win_rates_by(games, "seat", "win_rate_by_seat",
                        "Share of games won from this seat (ties split); p: chi-square test that all seats win equally.",
                        label=lambda seat: f"seat {seat + 1}", with_chi2=True, lineups=game_lineups(games))


def bot_win_rates(games: Table) -> pl.DataFrame:
    """Win rate by bot (over all seats it sat in), cluster-robust over games, within line-ups
    when the bots rotate (`game_lineups`). A bot that holds every seat of every game (self-play)
    wins 1/P of them by construction: no interval."""
    table = win_rates_by(games, "bot", "win_rate_by_bot", "Share of seats played by this bot that won (ties split).",
                         lineups=game_lineups(games))
    if table.height != 1:
        return table
    return table.with_columns(pl.lit(None, pl.Float64).alias(C.CI_LOW), pl.lit(None, pl.Float64).alias(C.CI_HIGH),
                              pl.lit("Every seat of every game is this bot: it wins 1/P of them by construction "
                                     "(no interval).").alias(C.DEFINITION))


def score_parts(games: Table) -> list[str]:
    return [c.removeprefix("score_") for c in F.columns(games) if c.startswith("score_")]


def _score_column(comp: str) -> str:
    return f"score_{comp}" if comp != "total" else "total"


def _floor_note(comp: str, floors: Mapping[str, float]) -> str:
    """The end of a mean score's definition that says where its interval is cut (or nothing)."""
    floor = floors.get(comp)
    return "" if floor is None else f" Lower end cut at {floor:g}, the least this {'total' if comp == 'total' else 'part'} can be."


def mean_score_by(games: Table, by: str, floors: Mapping[str, float] | None = None) -> pl.DataFrame:
    """Mean of each score part and of the total, by `by` (e.g. 'bot' or 'seat'), skewness-corrected
    t intervals cluster-robust over games (a bot may hold several seats of one game). `floors`:
    the least value a part (or 'total') can take (GameSpec.score_floors; analysis/floors.py),
    where its interval is cut. By seat or bot, with different bots rotating through the seats:
    within line-ups (`game_lineups`)."""
    floors = floors or {}
    comps = [*score_parts(games), "total"]
    rows = []
    sums = [*(pl.col(_score_column(c)).sum() for c in comps), pl.len().alias("rows")]
    lineups = game_lineups(games) if by in ("seat", "bot") else None
    for key, per in F.per_game_by(games, by, *sums):
        label = f"seat {key + 1}" if by == "seat" else str(key)
        codes = _within(lineups, per[F.GAME].to_numpy())
        for comp in comps:
            est, lo, hi = mean_of_sums(per[_score_column(comp)].to_numpy(), per["rows"].to_numpy(),
                                       at_least=floors.get(comp), lineups=codes)
            rows.append({C.METRIC: f"mean_score_{comp}", C.GROUP: label, C.ESTIMATE: est, C.CI_LOW: lo,
                         C.CI_HIGH: hi, C.N: int(per["rows"].sum()),
                         PARTS: Parts(per[F.GAME].to_numpy(), (per[_score_column(comp)].to_numpy(), per["rows"].to_numpy()),
                                      ratio, n=per["rows"].to_numpy()) if wanted() else None,
                         C.DEFINITION: f"Mean final {'total score' if comp == 'total' else comp + ' points'} per player, "
                                       f"by {by}.{_floor_note(comp, floors)}{'' if codes is None else WITHIN_LINEUPS}"})
    return C.metric_frame(rows)


def game_length(games: Table) -> pl.DataFrame:
    """Mean game length in rounds (one value per game), skewness-corrected t interval, stopping
    at 1 round as `outcome_shape`'s (simulate's table and the report show the same row)."""
    per_game = F.per_game(games, pl.col("rounds").first())
    rounds = per_game["rounds"].to_numpy()
    est, lo, hi = per_game_mean_ci(rounds, at_least=1.0)
    return C.metric_frame([{C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo,
                            C.CI_HIGH: hi, C.N: per_game.height,
                            PARTS: Parts(per_game[F.GAME].to_numpy(), (rounds, np.ones(rounds.size)), ratio,
                                         n=np.ones(rounds.size, dtype=int)) if wanted() else None,
                            C.DEFINITION: "Mean number of rounds a game lasts."}])


# --- the Ludii-style summary every game gets --------------------------------------------------

QUANTILES: tuple[tuple[str, float], ...] = (("q10", 0.1), ("q25", 0.25), ("median", 0.5), ("q75", 0.75), ("q90", 0.9))
SCORE_QUANTILES = frozenset(f"score_{name}" for name, _ in QUANTILES)
"""The metrics of `score_distribution`'s quantile rows: the rows it leaves out without `quantiles`."""


def n_players(games: Table) -> int:
    return int(F.collect(F.lazy(games).select(pl.col("seat").n_unique())).item())


def first_player_advantage(games: Table) -> pl.DataFrame:
    """Seat 1's win rate minus 1/P: Wilson interval shifted by the constant 1/P; p from the score
    test that seat 1 wins 1/P. With different bots rotating through the seats: the interval of
    `seat_win_rates` (within line-ups) shifted, and the t test of `stats.seat_tests_within_lineups`."""
    p = n_players(games)
    first = F.collect(F.lazy(games).filter(pl.col("seat") == 0).select(F.GAME, "win_share").sort(F.GAME))
    # One chunk, as the parts' array is: polars sums each chunk apart, and a run grown in batches
    # (diff --until-decided) holds several, whose sum differed from the parts' in the last bit.
    wins, n = float(first["win_share"].rechunk().sum()), first.height
    est, lo, hi = stats.shifted(wilson(wins, n), 1 / p) if p else (math.nan,) * 3
    p_value = stats.one_proportion_p(wins, n, 1 / p) if p else None
    definition = f"Seat 1's win rate minus the fair share 1/{p} (positive = seat 1 is favoured)."
    lineups = game_lineups(games) if p else None
    codes = _within(lineups, first[F.GAME].to_numpy())
    within = None if codes is None else stats.seat_tests_within_lineups(win_shares_by_seat(games).drop(F.GAME).to_numpy(), codes)
    if within is not None:
        shares = first["win_share"].to_numpy()  # (the estimate stays Wilson's above: the parts', to the last bit)
        _, lo, hi = stats.shifted(stats.proportion_of_sums(shares, np.ones(shares.size), lineups=codes), 1 / p)
        p_value = within[1]
        definition += WITHIN_LINEUPS + " Its test: a t test within line-ups, each line-up weighing alike."

    def advantage(shares: np.ndarray) -> float:  # summed by polars, as `wins` is: the same last bit
        return wilson(float(pl.Series(shares).sum()), shares.size)[0] - 1 / p if p else math.nan

    return C.metric_frame([{C.METRIC: "first_player_advantage", C.GROUP: "seat 1", C.ESTIMATE: est,
                            C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n, PARTS: Parts(
                                first[F.GAME].to_numpy(), (first["win_share"].to_numpy(),), advantage,
                                n=np.ones(n, dtype=int), always=True) if wanted() else None,
                            C.P_VALUE: p_value, C.DEFINITION: definition}])


def win_shares_by_seat(games: Table, *also: pl.Expr) -> pl.DataFrame:
    """One row per game (game order): the game, each seat's win share (column str(seat)) and the
    per-game aggregations `also` (in the same query)."""
    seats = F.distinct(games, "seat")
    return F.per_game(games, *(pl.col("win_share").filter(pl.col("seat") == s).sum().alias(str(s)) for s in seats),
                      *also)


def balance(games: Table) -> pl.DataFrame:
    """Balance = 1 − the largest gap between two seats' win rates, simultaneous pairwise interval."""
    wide = win_shares_by_seat(games)
    w = wide.drop(F.GAME).to_numpy()
    codes = _within(game_lineups(games), wide[F.GAME].to_numpy())
    est, lo, hi = stats.balance_interval(w, lineups=codes)
    return C.metric_frame([{C.METRIC: "balance", C.GROUP: "seats", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                            C.N: w.shape[0], PARTS: Parts(wide[F.GAME].to_numpy(), (w,),
                                                         lambda w: stats.balance_interval(w)[0],
                                                         n=np.ones(w.shape[0], dtype=int), always=True)
                            if wanted() else None,
                            C.DEFINITION: "1 − (highest − lowest seat win rate); 1 = all seats win equally. "
                                          "Interval: Bonferroni-simultaneous normal intervals of every pairwise seat gap (per-game paired differences)."
                                          + ("" if codes is None else WITHIN_LINEUPS)}])


def score_distribution(games: Table, floors: Mapping[str, float] | None = None, *, quantiles: bool = True,
                       by_seat_and_bot: bool = True) -> pl.DataFrame:
    """Mean (skewness-corrected t interval, cluster-robust over games), sd (no interval) and quantiles
    (order-statistic intervals) of every score part and the total, overall, by seat and by bot.
    Group: '<who> / <component>'. Read as per-game sums and value counts, one group at a time.
    `floors`: the least value a part (or 'total') can take (GameSpec.score_floors;
    analysis/floors.py): its mean's interval is cut there. Without `quantiles`, no quantile rows
    (a jackknife's block recomputations: no comparison tests a quantile); without
    `by_seat_and_bot`, the 'all players' rows only (what the ladder reads).

    The sd has no interval: the normal-theory one under-covers badly on skewed score parts, and
    `compare` tests sd differences with its jackknife over games instead."""
    floors = floors or {}
    comps = [*score_parts(games), "total"]
    cols = [_score_column(c) for c in comps]
    sums = [*(pl.col(c).sum() for c in cols), pl.len().alias("rows")]
    splits: list[tuple[str, pl.DataFrame]] = [("all", F.value_counts(games, cols))]
    if by_seat_and_bot:
        splits += [(f"seat {s + 1}", counts) for s, counts in F.value_counts_by(games, "seat", cols)]
        splits += [(str(b), counts) for b, counts in F.value_counts_by(games, "bot", cols)]

    def per_games() -> Iterator[pl.DataFrame]:
        """Each split's per-game sums, in the order of `splits`, one at a time: a scan of a
        10^6-game run holds one split's (64 MB for Stargate's), not all six at once."""
        yield F.per_game(games, *sums)
        if by_seat_and_bot:
            for by in ("seat", "bot"):
                yield from (per for _, per in F.per_game_by(games, by, *sums))

    players = _players(games, cols) if wanted() else None
    lineups = game_lineups(games) if by_seat_and_bot else None
    rows = []
    for (who, counts), per in zip(splits, per_games(), strict=True):
        by = "all players" if who == "all" else ("seat" if who.startswith("seat ") else "bot")
        n = int(per["rows"].sum())
        ids, counted = per[F.GAME].to_numpy(), per["rows"].to_numpy()
        theirs = None if players is None else players if who == "all" else players.filter(
            pl.col("seat") == int(who.removeprefix("seat ")) - 1 if by == "seat" else pl.col("bot") == who)
        # Each column's rows picked by a mask over `counts` (a few dozen rows), not a polars
        # partition_by per split: score_distribution without quantiles (a jackknife block's)
        # took 0.75x its time, three games' 58-game tables, 8 interleaved runs (2026-12-05).
        names, all_values, all_freq = (counts[c].to_numpy() for c in ("col", "value", "count"))
        for comp, col in zip(comps, cols, strict=True):
            mine = names == col
            values, freq = all_values[mine], all_freq[mine]
            what = "total score" if comp == "total" else f"score part '{comp}'"
            base = {C.GROUP: f"{who} / {comp}", C.N: n}
            codes = None if by == "all players" else _within(lineups, ids)
            est, lo, hi = mean_of_sums(per[col].to_numpy(), counted, at_least=floors.get(comp), lineups=codes)
            rows.append(base | {C.METRIC: "score_mean", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                                PARTS: Parts(ids, (per[col].to_numpy(), counted), ratio, n=counted) if wanted() else None,
                                C.DEFINITION: f"Mean final {what} per player ({by}); skewness-corrected t interval, "
                                              f"cluster-robust over games.{_floor_note(comp, floors)}"
                                              f"{'' if codes is None else WITHIN_LINEUPS}"})
            rows.append(base | {C.METRIC: "score_sd", C.ESTIMATE: stats.sd_counts(values, freq), C.CI_LOW: None,
                                C.CI_HIGH: None, PARTS: None if theirs is None else Parts(
                                    theirs[F.GAME].to_numpy(), (theirs[col].to_numpy(),), _sd,
                                    n=np.ones(theirs.height, dtype=int)),
                                C.DEFINITION: f"Standard deviation of the final {what} ({by}); no interval "
                                              "(normal theory does not hold for skewed scores)."})
            for name, q in QUANTILES if quantiles else ():
                est, lo, hi = stats.quantile_ci_counts(values, freq, q)
                rows.append(base | {C.METRIC: f"score_{name}", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                                    PARTS: None if theirs is None else Parts(
                                        theirs[F.GAME].to_numpy(), (theirs[col].to_numpy(),),
                                        functools.partial(_quantile, q=q), n=np.ones(theirs.height, dtype=int)),
                                    C.DEFINITION: f"{int(q * 100)}th percentile of the final {what} ({by}); order-statistic interval."})
    return C.metric_frame(rows)


def _players(games: Table, cols: list[str]) -> pl.DataFrame:
    """Every player row's game, seat, bot and score columns (as floats, as `F.value_counts` reads
    them): the parts of a score's standard deviation (analysis/parts.py), read only for the jackknife."""
    return F.collect(F.lazy(games).select(F.GAME, "seat", "bot", pl.col(cols).cast(pl.Float64)))


def _sd(scores: np.ndarray) -> float:
    """`stats.sd_counts` of these player scores, from their distinct values and counts as
    `F.value_counts` gives them."""
    values, counts = np.unique(scores, return_counts=True)
    return stats.sd_counts(values, counts)


def _quantile(scores: np.ndarray, q: float) -> float:
    """`stats.quantile_ci_counts`' estimate of these player scores, from their distinct values and
    counts as `F.value_counts` gives them."""
    values, counts = np.unique(scores, return_counts=True)
    return stats.quantile_ci_counts(values, counts, q)[0]


def _per_game(games: Table) -> pl.DataFrame:
    """One row per game: winner's margin over the runner-up, shared win, points tie, length."""
    top = pl.col("total").sort(descending=True)
    return F.per_game(games,
                      (top.first() - top.slice(1, 1).first()).alias("margin"),
                      (pl.col("win_share").max() < 1).alias("shared_win"),
                      (top.first() == top.slice(1, 1).first()).alias("points_tie"),
                      pl.col("rounds").first(), pl.col("turns").first())


def rounds_label(rounds: int) -> str:
    """The group of a game length: '1 round', '6 rounds' (a draft that ends after round 1 read
    'Share of games lasting 1 rounds')."""
    return f"{rounds} round" if rounds == 1 else f"{rounds} rounds"


def outcome_shape(games: Table) -> pl.DataFrame:
    """Margin of victory, tie rates and game length (rounds, turns, and the share of each length)."""
    per = _per_game(games)
    g = per.height
    ids, ones = per[F.GAME].to_numpy(), np.ones(g, dtype=int)

    def per_game(*columns: np.ndarray, estimate: Callable[..., float] = ratio, **kwargs: Any) -> Parts | None:
        """The parts of a row over every game (one entry a game, n the games), while `wanted`."""
        return Parts(ids, columns, estimate, n=ones, **kwargs) if wanted() else None

    rows = []
    # A margin is never below 0 nor a game shorter than a round: the intervals stop there
    # (`at_least`; a tied 4-game ladder rung read a margin of 0.75 [-1.80, 1.28]).
    margins = per["margin"].to_numpy()
    est, lo, hi = per_game_mean_ci(margins, at_least=0.0)
    rows.append({C.METRIC: "margin_of_victory", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: g, PARTS: per_game(margins, ones), C.DEFINITION: "Mean points between the winner's total and the runner-up's (0 when tied on points); "
                                                "skewness-corrected t interval."})
    est, lo, hi = stats.quantile_ci(margins, 0.5)
    rows.append({C.METRIC: "margin_of_victory_median", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: g, PARTS: per_game(margins, estimate=lambda m: stats.quantile_ci(m, 0.5)[0]), C.DEFINITION: "Median points between the winner and the runner-up."})
    k = int(per["shared_win"].sum())
    est, lo, hi = wilson(k, g)
    rows.append({C.METRIC: "tie_rate", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: g,
                 PARTS: per_game(per["shared_win"].to_numpy(), estimate=share),
                 C.DEFINITION: "Share of games whose win is shared (tied even after the tiebreak)."})
    k = int(per["points_tie"].sum())
    est, lo, hi = wilson(k, g)
    rows.append({C.METRIC: "points_tie_rate", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: g,
                 PARTS: per_game(per["points_tie"].to_numpy(), estimate=share),
                 C.DEFINITION: "Share of games in which the top two totals are equal (decided by the tiebreak or shared)."})
    for col, unit in (("rounds", "rounds"), ("turns", "turns")):
        est, lo, hi = per_game_mean_ci(per[col].to_numpy(), at_least=1.0)
        rows.append({C.METRIC: f"game_length_{unit}", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: g, PARTS: per_game(per[col].to_numpy(), ones), C.DEFINITION: f"Mean number of {unit} a game lasts; skewness-corrected t interval."})
    for length, count in per.group_by("rounds").len().sort("rounds").iter_rows():
        est, lo, hi = wilson(count, g)
        lasted = per["rounds"].to_numpy() == length
        rows.append({C.METRIC: "game_length_share", C.GROUP: rounds_label(length), C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: g, PARTS: per_game(lasted, estimate=share, shows=lasted), C.DEFINITION: "Share of games that last exactly this many rounds."})
    return C.metric_frame(rows)


def _polars_share(won: np.ndarray) -> float:
    """`wilson`'s estimate of these win shares, summed by polars as `leader_wins` sums them."""
    return wilson(float(pl.Series(won).sum()), won.size)[0]


def round_scores(events: Table) -> pl.LazyFrame | None:
    """(game, round, seat, score) from round_end events, when the engine records running scores
    (column 'score', else 'total'); None otherwise."""
    names = F.columns(events)
    col = next((c for c in ("score", "total") if c in names), None)
    if "kind" not in names or col is None:
        return None
    ends = F.lazy(events).filter((pl.col("kind") == "round_end") & pl.col(col).is_not_null())
    return ends.select("game", "round", "seat", pl.col(col).cast(pl.Float64).alias("score"))


def leader_wins(games: Table, events: Table) -> pl.DataFrame:
    """For each round r: among games that go on after round r and have a sole leader after it, the
    share the leader won. A game's last round is left out: there the leader is the winner by
    definition wherever the final score is the running one (Oh-Seven: 'round 5' of a 5-round
    draft read 100% against 72% for the 7-round base, a change `compare` starred)."""
    scores = round_scores(events)
    if scores is None:
        return C.metric_frame([])
    # One row per game (game order): each seat's win share, and the game's length.
    shares = win_shares_by_seat(games, pl.col("rounds").first().alias("rounds"))
    ids, rounds = shares["game"].to_numpy(), shares["rounds"].to_numpy()
    if ids.size == 0:
        return C.metric_frame([])
    seats = [c for c in shares.columns if c not in ("game", "rounds")]
    column = {int(s): j for j, s in enumerate(seats)}
    won_by = shares.select(seats).to_numpy()  # arrays, not a join per round (New Frontiers, 40 games: 16 → 7 ms)
    at_top = pl.col("score") == pl.col("score").max()
    rows = []
    leaders = F.per_game_by(scores, "round", pl.col("seat").filter(at_top).first().alias("leader"),
                            at_top.sum().alias("k"))  # one round at a time: a row per game
    for rnd, per in leaders:
        game, leader, k = (per[c].to_numpy() for c in ("game", "leader", "k"))
        at, found = F.places(ids, game)
        keep = (k == 1) & found
        keep[keep] &= rounds[at[keep]] > rnd  # the game goes on after this round
        n = int(keep.sum())
        if n == 0:
            continue
        # Summed by polars, as the join summed its column: numpy's pairwise sum differs in the last
        # bit from 9 values on (sixteen shares of 1/3: 5.333333333333333 against …332).
        won = won_by[at[keep], [column[int(s)] for s in leader[keep]]]
        wins = float(pl.Series(won).sum())
        est, lo, hi = wilson(wins, n)
        rows.append({C.METRIC: "leader_after_round_wins", C.GROUP: f"round {rnd}", C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n,
                     PARTS: Parts(game[keep], (won,), _polars_share, n=np.ones(n, dtype=int)) if wanted() else None,
                     C.DEFINITION: "Share of the games going on after this round in which its sole leader went "
                                   "on to win (games with a tied lead, and games that ended with this round, left "
                                   "out)."})
    return C.metric_frame(rows)


SEAT_TEST_ALPHA = 0.025
"""The level of the power figures below: that of each of the report verdict's two seat tests (the
chi-square test of equal seats and seat 1's test, Bonferroni over 5%; report/model.py). The
figures are the chi-square test's, for an advantage in any one seat: seat 1's own test sees one
in seat 1 sooner, but one in another seat only the chi-square test sees. They were the score test
of one seat at 5%: '157 games see 10 points at 4 players', where the verdict's tests saw seat 1
winning 35% about 72% of the time and another seat about 56% (h205, 4,000–6,000 simulated runs);
243 games see it now."""


BOTS_DECIDED = ("the bots decided every game (in each line-up every seat won, or lost, all of its games alike, "
                "wherever the bots sat): no seat's edge smaller than the gap between the bots can show in these "
                "games, however many are played")
"""The definition of `detectable_seat_advantage` and `games_needed` where `stats.decided_by_lineups`:
the report's verdict reads it (report/model.py)."""


def _decided_by_lineups(games: Table) -> bool:
    """Whether the seats are read within line-ups (`game_lineups`) and the line-ups alone decided
    every game (`stats.decided_by_lineups`)."""
    lineups = game_lineups(games)
    if lineups is None:
        return False
    wide = win_shares_by_seat(games)
    codes = lineups.of(wide[F.GAME].to_numpy())
    return codes is not None and stats.decided_by_lineups(wide.drop(F.GAME).to_numpy(), codes)


def sample_size(games: Table) -> pl.DataFrame:
    """What this run's size can tell apart: the smallest seat advantage the verdict's chi-square
    test detects with 80% power at SEAT_TEST_ALPHA, in whichever seat
    (stats.min_detectable_advantage), and the games needed for 5 and 2 points."""
    p, g = F.collect(F.lazy(games).select(pl.col("seat").n_unique(), pl.col("game").n_unique())).row(0)
    if not p or not g:
        return C.metric_frame([])
    if _decided_by_lineups(games):
        return C.metric_frame(
            [{C.METRIC: "detectable_seat_advantage", C.GROUP: "80% power", C.ESTIMATE: math.nan, C.N: g,
              C.DEFINITION: f"Smallest gap above the fair 1/{p} in any one seat's win rate that {g} games detect "
                            f"80% of the time: not measurable here, as {BOTS_DECIDED}."}]
            + [{C.METRIC: "games_needed", C.GROUP: f"+{pts} points", C.ESTIMATE: math.nan, C.N: g,
                C.DEFINITION: f"Games needed to detect a seat winning {pts} percentage points above 1/{p}: not "
                              f"measurable here, as {BOTS_DECIDED}."} for pts in (5, 2)])
    how = (f"the chi-square test of equal seats at α = {SEAT_TEST_ALPHA}, the level of each of the verdict's "
           "two seat tests; the other seats sharing the loss; large-sample approximation")
    rows = [{C.METRIC: "detectable_seat_advantage", C.GROUP: "80% power",
             C.ESTIMATE: stats.min_detectable_advantage(g, p, alpha=SEAT_TEST_ALPHA),
             C.N: g, C.DEFINITION: f"Smallest gap above the fair 1/{p} in any one seat's win rate that {g} games "
                                   f"detect 80% of the time ({how})."}]
    for pts in (5, 2):
        rows.append({C.METRIC: "games_needed", C.GROUP: f"+{pts} points",
                     C.ESTIMATE: float(stats.games_needed(pts / 100, p, alpha=SEAT_TEST_ALPHA)),
                     C.N: g, C.DEFINITION: f"Games needed to detect a seat winning {pts} percentage points above 1/{p}, "
                                           f"whichever seat (80% power, {how})."})
    return C.metric_frame(rows)
