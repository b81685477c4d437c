"""Paired delete-a-group jackknife over games: standard errors for differences between variants.

Why this method: the metrics of the report are ratios and shares computed from events that
cluster within games (the turns of one game are not independent), and each is defined by the
report, not here. The jackknife needs only the metric function itself: the games are cut into K
blocks of consecutive game numbers; every metric is recomputed with one block left out, for every
variant, leaving out *the same games* (same game number = same deal and bot dice under common
random numbers). Any linear contrast of metric values (variant B − variant A, seat 1 − seat 2,
...) then gets the jackknife variance  (K−1)/K · Σ_k (θ_k − θ̄)²,  which captures both the
clustering within games and the correlation that common random numbers create between variants.
One exception: a share that is the same in every block although only a few blocks hold its games
(the 3 games that reached round 14) shows the jackknife no spread, and its term adds the variance
of the interval its own report gives it (`Replicates.unseen_variance`), as does a category a variant
never produced (0% there, [0, 1 − 0.025^(1/N)]: `filled`); and a contrast with such a
row, a mean included, is tested no surer than the exact sign-flip test over the blocks that hold it
(`Replicates.tested`: compare, the gates and tune report and test their contrasts with it).

Intervals and tests use Student's t with *effective* degrees of freedom: K−1 when the replicates
spread like normal data, fewer when a few blocks dominate the variance (bursty metrics such as
Oh-Seven's rebids and redeals, where most blocks hold no event at all). The variance estimate then
has the precision of a chi-square on about 2(K−1)/(κ−1) degrees of freedom, κ the kurtosis of the
replicate deviations (κ = 3 for normal data gives K−1); with the smaller df the t quantile widens
and the test keeps its level instead of crying wolf.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import distributions as dist
from playtest.analysis import frames as F
from playtest.analysis.metrics import metric_info
from playtest.analysis.offs import switched_off, without_off
from playtest.analysis.parts import Parts, recording
from playtest.analysis.stats import Z95, t_quantile, wilson
from playtest.compare.metrics import (
    LeftOut,
    MetricFn,
    complete,
    distribution_groups,
    estimates,
    missing_categories,
)
from playtest.compare.stats import sign_flip_p
from playtest.core.spec import MetricInfos
from playtest.errors import PlaytestError
from playtest.report.format import is_share

DEFAULT_BLOCKS = 30

Key = tuple[int, str, str]
"""(variant index, metric, group)."""


@dataclass(frozen=True)
class Sample:
    """The games of one variant: run info (run.json), games and events tables."""

    info: dict[str, Any]
    games: pl.DataFrame
    events: pl.DataFrame

    def game_ids(self) -> np.ndarray:
        return np.sort(self.games["game"].unique().to_numpy())

    def without(self, ids: np.ndarray) -> Sample:
        drop = pl.col("game").is_in(pl.Series(ids, dtype=pl.Int64).implode())
        return Sample(self.info, self.games.filter(~drop), self.events.filter(~drop))


@dataclass(frozen=True)
class Estimate:
    """A contrast's value with its jackknife standard error and degrees of freedom."""

    estimate: float
    se: float
    df: int

    def _t(self, level: float) -> float:
        return t_quantile(level, self.df)

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """Two-sided interval. NaN when the estimate is missing in some replicate."""
        half = self._t(0.5 + confidence / 2) * self.se
        return self.estimate - half, self.estimate + half

    def upper(self, alpha: float) -> float:
        """One-sided upper confidence bound at level 1 − alpha."""
        return self.estimate + self._t(1 - alpha) * self.se

    def lower(self, alpha: float) -> float:
        return self.estimate - self._t(1 - alpha) * self.se

    def p_value(self) -> float:
        """Two-sided p-value of 'the contrast is 0'. A contrast that does not vary at all between
        replicates is 1 when it is 0 and NaN (not testable) when it is not."""
        if math.isnan(self.se) or math.isnan(self.estimate):
            return math.nan
        if self.se == 0:
            return 1.0 if self.estimate == 0 else math.nan
        return 2 * dist.t_sf(abs(self.estimate) / self.se, self.df)


def effective_df(centred: np.ndarray) -> int:
    """Degrees of freedom of a jackknife variance from its K centred replicates: K − 1 for
    normal-looking replicates, down to 1 when one block carries the whole variance
    (2(K − 1)/(κ − 1) with κ = K Σd⁴ / (Σd²)², the replicates' kurtosis, capped at K − 1)."""
    k = centred.size
    ss = float(centred @ centred)
    if k < 2 or ss == 0:
        return max(1, k - 1)
    kurt = k * float((centred ** 4).sum()) / (ss * ss)
    if kurt <= 3:
        return k - 1
    return max(1, min(k - 1, int(2 * (k - 1) / (kurt - 1))))


def jackknife(est: float, reps: np.ndarray) -> Estimate:
    """`est` with the jackknife standard error of its K leave-one-block-out values `reps`:
    √((K−1)/K · Σ(θ_k − θ̄)²), and effective degrees of freedom. NaN se when any value is
    missing; 0 for replicates equal up to rounding."""
    k = reps.size
    if np.isnan(reps).any() or math.isnan(est):
        return Estimate(est, math.nan, k - 1)
    centred = reps - reps.mean()
    se = math.sqrt((k - 1) / k * float(centred @ centred))
    if se < 1e-12 * max(1.0, abs(est)):
        return Estimate(est, 0.0, k - 1)  # rounding noise of identical replicates
    return Estimate(est, se, effective_df(centred))


def no_surer_than(est: Estimate, blocks: int | None) -> Estimate:
    """`est`, never surer than the exact sign-flip test over `blocks` blocks of games
    (compare.stats.sign_flip_p): when its t test's p-value is below 2^(1 − blocks), the standard
    error is widened until the p-value is that, so that the interval and the p-value say the same
    (an interval that excludes 0 while p ≥ 0.05 would claim what the test does not). As it is when
    `blocks` is None, or its p-value is NaN or already at least that."""
    return est if blocks is None else no_surer_than_p(est, sign_flip_p(blocks))


SPREADS = frozenset({"score_sd"})
"""Metrics that are a standard deviation: a difference of them with a side that is the same in
every block (a score part that was 0 in every game of one variant) is never surer than the same
difference of variances (`Replicates.tested`). There the test rested on the other side's
jackknife error alone, far too small near 0 (√ is steep there): a score part worth 1 in 2% of
games, 100 games a side, A/A, read p < 0.0007 (Holm's first cut-off in about 73 tests) in 2.7%
of comparisons and p < 0.05 in 15% (4,000 draws, 20 blocks of 5 games; review h265); with the
floor 0.0% and 2.7%. Only such sides: on every difference of spreads the floor cost power where
scores are skewed (exponential scores, sd 10 against 14: 31% → 25% at 0.05), and it changed
nothing of the rare parts' false alarms that a constant side does not cause. For two rows equal
variances and equal standard deviations are one null; for a contrast of more rows (tune's best −
base of two spreads) they are not, and the variances' p is only a guard against false certainty."""


def no_surer_than_p(est: Estimate, p: float) -> Estimate:
    """`est`, its standard error widened so that its p-value is `p` when it was below it (a p of
    1 leaves no evidence at all: an infinite error). As it is when either p-value is NaN."""
    if math.isnan(p) or math.isnan(found := est.p_value()) or found >= p:
        return est
    q = t_quantile(1 - p / 2, est.df)
    return Estimate(est.estimate, abs(est.estimate) / q if q > 0 else math.inf, est.df)


def block_count(games: int, k: int = DEFAULT_BLOCKS) -> int:
    """How many blocks `block_bounds` cuts a run of `games` (at least 2) games into: what a report
    that names the jackknife's blocks should say."""
    return max(2, min(k, games))


def block_bounds(ids: np.ndarray, k: int) -> list[np.ndarray]:
    """K blocks of consecutive game numbers, sizes differing by at most one."""
    k = block_count(ids.size, k)
    return [part for part in np.array_split(ids, k) if part.size]


@dataclass(frozen=True)
class Replicates:
    """Every metric of every variant on all games (`full`) and with each block left out (`reps`)."""

    keys: tuple[Key, ...]
    full: np.ndarray
    reps: np.ndarray
    tables: tuple[pl.DataFrame, ...]
    """Each variant's metric table on all games, as the report computes it (with its intervals)."""
    games: int = 0
    """Games per variant (every variant holds the same game numbers); 0 when not known."""
    holding: np.ndarray | None = None
    """Per key, the blocks of games that hold the row's observations (`blocks_holding`); None
    when not known (every block counts)."""
    declared: MetricInfos = field(default_factory=dict)
    """What the game declares about its own metrics (GameSpec.metric_info): which are shares."""
    filled: frozenset[Key] = frozenset()
    """The rows `replicate`'s complete_categories added: a category this variant never produced,
    0% only because another variant produced it (`own_groups` leaves them out)."""

    @property
    def k(self) -> int:
        return int(self.reps.shape[1])

    def blocks_holding(self, key: Key) -> int:
        """How many of the K blocks of games hold observations of the row: those whose leaving
        out changes the row's n. A value the same in every block is evidence only from these: New
        Frontiers' "selected in round 17" rests on the 2 games of 60 that reached round 17, and
        the other 28 blocks left out leave it as it was, whatever the rules. K when the row's n
        does not tell (no n, or one no block changes)."""
        i = self._index.get(key)
        if self.holding is None or i is None or self.holding[i] <= 0:
            return self.k
        return int(self.holding[i])

    def evidence_blocks(self, keys: Sequence[Key]) -> int:
        """The K of the sign-flip test (compare.stats.sign_flip_p) of a difference between these
        rows that is the same in every block: the fewest blocks holding any one of them (each
        side must show its value in every game, and shows it only where it has games)."""
        return min(self.blocks_holding(key) for key in keys)

    def thin_constant_blocks(self, keys: Sequence[Key]) -> int | None:
        """Of these rows, the fewest blocks holding one that is the same in every block although
        fewer than K blocks hold it (None when none is): its jackknife spread is 0 only because
        the few games it rests on happen to agree. A greedy ladder rung's "leader after round 16
        wins" was 100% over the 2 of 100 games that reached round 16, every block gave 100%, and
        the test against random's 62% over 42 games read p = 1e-6 from random's spread alone. A
        difference with such a side is no more certain than the sign-flip test over the blocks
        that hold it (compare.stats.sign_flip_p)."""
        thin = [held for key in keys if self.is_constant(*key) and (held := self.blocks_holding(key)) < self.k]
        return min(thin) if thin else None

    def whole(self, key: Key) -> float:
        """The row's value on all games (NaN when there is no such row)."""
        i = self._index.get(key)
        return math.nan if i is None else float(self.full[i])

    def has(self, key: Key) -> bool:
        return key in self._index

    @property
    def _index(self) -> dict[Key, int]:
        cached = self.__dict__.get("_index_cache")
        if cached is None:
            cached = {key: i for i, key in enumerate(self.keys)}
            object.__setattr__(self, "_index_cache", cached)
        return cached

    def groups(self, variant: int, metric: str) -> list[str]:
        return [g for v, m, g in self.keys if v == variant and m == metric]

    def own_groups(self, variant: int, metric: str) -> list[str]:
        """`groups` without the categories only another variant produced (`filled`): the groups
        the variant's own report lists."""
        return [g for g in self.groups(variant, metric) if (variant, metric, g) not in self.filled]

    def metrics(self, variant: int) -> list[str]:
        return list(dict.fromkeys(m for v, m, _ in self.keys if v == variant))

    def contrast(self, terms: Sequence[tuple[float, Key]]) -> Estimate:
        """Σ coef · value over the terms, with its jackknife standard error, plus the variance the
        jackknife cannot see in a share that its few games happen to agree on (`unseen_variance`).
        Missing → NaN."""
        est = 0.0
        reps = np.zeros(self.k)
        unseen = 0.0
        for coef, key in terms:
            i = self._index.get(key)
            if i is None:
                return Estimate(math.nan, math.nan, self.k - 1)
            est += coef * self.full[i]
            reps = reps + coef * self.reps[i]
            unseen += coef * coef * self.unseen_variance(key)
        found = jackknife(est, reps)
        if unseen > 0 and not math.isnan(found.se):
            return Estimate(found.estimate, math.sqrt(found.se ** 2 + unseen), found.df)
        return found

    def tested(self, terms: Sequence[tuple[float, Key]]) -> Estimate:
        """Σ coef · value as compare, the gates and tune report and test it: the contrast
        (`contrast`), but never surer than the exact sign-flip test over the blocks of games that
        hold a row of it whose value is the same in every block only because few games hold it
        (`thin_constant_blocks`, as the ladder floors its tests; `no_surer_than`). Only the rows
        whose coefficients do not cancel count. A share gets the variance its few games cannot
        show (`unseen_variance`); a mean has no interval to take that from, and the t test read
        its constant over 3 games as certain, measuring only the other rows' spread. So does a
        contrast of more than two rows that holds one (tune's best − base of a spread has four).
        A difference of spreads with a side the same in every block is never surer than that of
        their variances (`SPREADS`)."""
        rows = _rows_of(terms)
        est = no_surer_than(self.contrast(terms), self.thin_constant_blocks(rows))
        if rows and all(key[1] in SPREADS for key in rows) and any(self.is_constant(*key) for key in rows):
            return no_surer_than_p(est, self.contrast_of_squares(terms).p_value())
        return est

    def contrast_of_squares(self, terms: Sequence[tuple[float, Key]]) -> Estimate:
        """The contrast of the rows' squares (a spread's variances), with its jackknife error: a
        spread is tested on this scale too (`SPREADS`)."""
        vec = self.contrast_replicates(terms, square=True)
        return Estimate(math.nan, math.nan, self.k - 1) if vec is None else jackknife(float(vec[0]), vec[1:])

    def difference(self, a: Key, b: Key) -> Estimate:
        """a − b, as compare and the gates test it: the two-row case of `tested`."""
        return self.tested([(1.0, a), (-1.0, b)])

    def unseen_variance(self, key: Key) -> float:
        """The variance of a share that is the same in every block although fewer than K blocks
        hold it (`thin_constant_blocks`): its jackknife spread is 0 only because the few games it
        rests on agree. Taken from the row's own interval in its metric table, the one the run's
        report gives it (the half-width over z), else from Wilson's interval at the row's n. 0
        for every other row, and for a mean (no such interval to take it from). New Frontiers'
        "leader after round 14 wins" was 100% over the 3 games of a draft that reached round 14,
        and compare's difference with 92% over 25 games read +8.0 pts [-6.0, +22.0] from the 25
        games' spread alone. Not Wilson's at n alone: a share of turns is counted in turns (n = 60
        turns of 3 games), and its report's interval is Wilson's at the 3 games
        (stats.wilson_effective); at n = 60 compare's difference was narrower than that side's
        own interval. A category this variant never produced (`filled`: 0% in every game, its row
        added because another variant produced it) takes the variance of its never-seen interval,
        [0, 1 − 0.025^(1/N)] (compare.metrics.complete): a change gate on such a category, and
        compare's difference, once read its 0% as certain and measured only the other side's
        spread."""
        if not is_share(key[1], self.declared) or (key not in self.filled and self.thin_constant_blocks([key]) is None):
            return 0.0
        value = self.whole(key)
        if math.isnan(value) or not 0.0 <= value <= 1.0:
            return 0.0
        lo, hi = self.table_interval(key)
        if math.isnan(lo) or math.isnan(hi) or not lo <= value <= hi:
            n = self.n(key)
            if not n:
                return 0.0
            _, lo, hi = wilson(value * n, n)
        return ((hi - lo) / (2 * Z95)) ** 2

    def table_interval(self, key: Key) -> tuple[float, float]:
        """The row's interval in its variant's metric table, the one the run's report gives it
        (NaN when it has none, or is not known)."""
        v, metric, group = key
        if v >= len(self.tables) or C.CI_LOW not in self.tables[v].columns:
            return math.nan, math.nan
        t = self.tables[v]
        found = t.filter((pl.col(C.METRIC) == metric) & (pl.col(C.GROUP).cast(pl.String).fill_null("") == group))
        if found.is_empty():
            return math.nan, math.nan
        lo, hi = found[C.CI_LOW][0], found[C.CI_HIGH][0]
        return (math.nan if lo is None else float(lo)), (math.nan if hi is None else float(hi))

    def contrast_replicates(self, terms: Sequence[tuple[float, Key]], *, square: bool = False) -> np.ndarray | None:
        """The contrast on all games followed by its K leave-one-block-out values (None when a
        key is missing): two contrasts with equal vectors are the same test. `square`: of the
        rows' squares."""
        vec = np.zeros(self.k + 1)
        for coef, key in terms:
            i = self._index.get(key)
            if i is None:
                return None
            values = np.concatenate(([self.full[i]], self.reps[i]))
            vec = vec + coef * (values * values if square else values)
        return vec

    def is_constant(self, variant: int, metric: str, group: str) -> bool:
        """The metric's value is the same on every replicate (e.g. a one-bot line-up's win rate
        by bot, always 1/P, or a crew the bots never take first): one value in every game played."""
        i = self._index.get((variant, metric, group))
        if i is None:
            return False
        vals = np.concatenate(([self.full[i]], self.reps[i]))
        return bool(np.all(np.isfinite(vals))) and float(np.ptp(vals)) <= 1e-12 * max(1.0, abs(float(vals[0])))

    def metrics_within_0_and_1(self) -> set[str]:
        """Metrics whose every value (every variant, every replicate) lies within [0, 1]: what a
        share can take (a VP share with a negative planet can leave it)."""
        inside: dict[str, bool] = {}
        for i, (_, metric, _) in enumerate(self.keys):
            ok = all(math.isnan(x) or 0.0 <= x <= 1.0 for x in (self.full[i], *self.reps[i]))
            inside[metric] = inside.get(metric, True) and ok
        return {m for m, ok in inside.items() if ok}

    def value(self, key: Key) -> Estimate:
        return self.contrast([(1.0, key)])

    def n(self, key: Key) -> int | None:
        """The row's sample size on all games (its metric table's n), or None when not known."""
        v, metric, group = key
        if v >= len(self.tables):
            return None
        t = self.tables[v]
        found = t.filter((pl.col(C.METRIC) == metric) & (pl.col(C.GROUP) == group))[C.N]
        return None if found.is_empty() or found[0] is None else int(found[0])


def _rows_of(terms: Sequence[tuple[float, Key]]) -> list[Key]:
    """The rows of a contrast whose coefficients, summed over its terms, are not 0."""
    coefs: dict[Key, float] = {}
    for coef, key in terms:
        coefs[key] = coefs.get(key, 0.0) + coef
    return [key for key, coef in coefs.items() if coef != 0]


RowParts = tuple[str, str | None, str, Parts]
"""(metric, group, definition, parts) of a row of a metric table."""

Kept = tuple[str, str | None, str, float, int | None]
"""(metric, group, definition, estimate, n) of a row without a block of games."""


def block_tables(sample: Sample, block_fn: MetricFn, whole: tuple[pl.DataFrame, dict[tuple[str, str], Parts | None]],
                  blocks: list[np.ndarray], ids: np.ndarray, *, from_parts: bool = True) -> Iterator[pl.DataFrame]:
    """The block function's table of `sample` with each block of games left out (`blocks`: their
    game ids, cut from `ids` in order), in block order: calibrate's jackknife's (`replicate` reads
    the rows' parts without a table per block).

    From the rows' parts (analysis/parts.py) when every row of the block function's table on all
    games has them (`kept_rows`): each row's per-game values without the block, through the
    function that made its value. `whole`: the block function's table of all games and the parts
    filed while it was computed. Otherwise (or without `from_parts`) the block function on the
    games without the block, once per block."""
    rows = _row_parts(*whole) if from_parts else None
    if rows is None:
        yield from _recomputed(sample, block_fn, blocks)
        return
    for kept in kept_rows(rows, blocks, ids):
        out: dict[str, list[Any]] = {C.METRIC: [], C.GROUP: [], C.ESTIMATE: [], C.N: [], C.DEFINITION: []}
        for metric, group, definition, estimate, n in kept:
            for column, value in zip(out, (metric, group, estimate, n, definition), strict=True):
                out[column].append(value)
        yield pl.DataFrame(out, schema={c: C.METRIC_SCHEMA[c] for c in out}).select(
            pl.col(c) if c in out else pl.lit(None, C.METRIC_SCHEMA[c]).alias(c) for c in C.METRIC_SCHEMA)


def _recomputed(sample: Sample, block_fn: MetricFn, blocks: list[np.ndarray]) -> Iterator[pl.DataFrame]:
    """The block function on the games without each block, once per block."""
    for block in blocks:
        sub = sample.without(block)
        yield block_fn(sample.info, sub.games, sub.events)


def kept_rows(rows: list[RowParts], blocks: list[np.ndarray], ids: np.ndarray) -> Iterator[list[Kept]]:
    """For each block of games (`blocks`: their game ids, cut from `ids` in order), in block order:
    the rows still there without it (`Parts.kept`), in the order of `rows`, with their estimate
    and n without it."""
    block_of = np.repeat(np.arange(len(blocks)), [b.size for b in blocks])  # the block of each of `ids`
    at = [_blocks_of(p.games, ids, block_of) for _, _, _, p in rows]
    within = [None if p.within is None else _blocks_of(p.within, ids, block_of) for _, _, _, p in rows]
    for j in range(len(blocks)):
        kept: list[Kept] = []
        for (metric, group, definition, p), entry_blocks, within_blocks in zip(rows, at, within, strict=True):
            found = p.kept(entry_blocks != j, within_blocks is None or bool((within_blocks != j).any()))
            if found is not None:
                kept.append((metric, group, definition, *found))
        yield kept


def _fill(cols: np.ndarray, held: np.ndarray, j: int, rows: Iterable[tuple[str, str, float | None, int | None]],
          mine: dict[tuple[str, str], int], full_n: list[int | None]) -> None:
    """Block `j`'s column of a variant's replicates (`cols`) and of the rows its games hold (`held`)
    from the (metric, group, estimate, n) of its table's rows: a row's n without the block differs
    from its n on all games (`full_n`) when the block holds some of it; a row missing from the
    table had all its games in the block. `mine`: each row's index. A (metric, group) that comes
    twice counts once, the first (as `estimates` keeps it)."""
    seen = np.zeros(len(mine), dtype=bool)
    for m, g, est, n in rows:
        i = mine.get((m, g))
        if i is None or seen[i]:
            continue
        seen[i] = True
        held[i, j] = n != full_n[i]
        if est is not None:
            cols[i, j] = est
    held[~seen, j] = True  # the row is gone without this block: its games were all here


def _blocks_of(games: np.ndarray, ids: np.ndarray, block_of: np.ndarray) -> np.ndarray:
    """The block of each of `games` (`block_of`: that of each of `ids`; -1 for a game not among
    `ids`, which no block leaves out: `Sample.without` drops only the games of a block)."""
    at, found = F.places(ids, np.asarray(games))
    return np.where(found, block_of[at], -1)


def _row_parts(table: pl.DataFrame, filed: dict[tuple[str, str], Parts | None],
               left_out: Callable[[str], bool] | None = None) -> list[RowParts] | None:
    """(metric, group, definition, parts) of every row of `table` but those of the metrics
    `left_out` names, or None when one has none."""
    out = []
    for metric, group, definition in table.select(C.METRIC, C.GROUP, C.DEFINITION).iter_rows():
        if left_out is not None and left_out(metric):
            continue
        p = filed.get((metric, group or ""))
        if p is None:
            return None
        out.append((metric, group, definition, p))
    return out


def _whole_table(sample: Sample, metric_fn: MetricFn, record: bool) -> tuple[pl.DataFrame, dict[tuple[str, str], Parts | None]]:
    """The metric table of all the sample's games and, with `record`, the parts its rows filed as
    it was computed (analysis/parts.py `recording`; none without)."""
    if not record:
        return metric_fn(sample.info, sample.games, sample.events), {}
    with recording() as filed:
        table = metric_fn(sample.info, sample.games, sample.events)
    return table, dict(filed)


def replicate(samples: Sequence[Sample], metric_fn: MetricFn, blocks: int = DEFAULT_BLOCKS, *,
              complete_categories: bool = False, left_out: LeftOut | None = None,
              from_parts: bool = True) -> Replicates:
    """Compute the metric tables of every sample on all games and with each block left out.

    Every sample must hold the same game numbers: that is what pairs them. With
    `complete_categories`, a category of a distribution metric that some sample never produced
    (a game length, a crew never taken first) is 0% in the others' place, in every table
    (metrics.distribution_groups): compare and the ladder test its change instead of losing it.
    Each sample's metrics are computed on all games once, filing its rows' parts (analysis/parts.py),
    and each block's values come from those parts (`kept_rows`); where a row has none, every block's
    table is recomputed from the games left. `left_out`: rows that no one tests, left out of the
    blocks (compare's score quantiles: metrics.quantiles_left_out); their replicates are NaN, and
    a recomputed block is `left_out.block_fn`'s table. (The one thing a NaN replicate can change:
    `metrics_within_0_and_1` then judges such a row by its whole-run values only, so a score
    quantile within [0, 1] in every group, whose blocks once reached 2, is now a rate in compare's
    JSON `is_rate`; no shipped game scores that low.) `from_parts`: False recomputes every metric
    once per block even where the rows' parts would do (the benchmark's other side).

    2026-12-06: the blocks' parts are those filed while the whole table is computed, not filed
    again by a second whole-run computation without the left-out rows: compare's replicate of two
    200-game runs 0.79x (Stargate), 0.75x (New Frontiers), 0.73x (Oh-Seven) CPU."""
    ids = samples[0].game_ids()
    for s in samples[1:]:
        other = s.game_ids()
        if other.size != ids.size or not np.array_equal(other, ids):
            raise PlaytestError("the runs being compared do not hold the same game numbers")
    if ids.size < 2:
        raise PlaytestError("at least 2 games per variant are needed for intervals")
    parts = block_bounds(ids, blocks)
    keys: list[Key] = []
    full_vals: list[float] = []
    rep_vals: list[list[float]] = []
    holding: list[int] = []
    tables: list[pl.DataFrame] = []
    metric_fn = without_off(metric_fn)  # what a variant switches off is never compared (analysis/offs.py)
    block_fn = without_off(left_out.block_fn) if left_out is not None else metric_fn
    raw = [_whole_table(s, metric_fn, record=from_parts) for s in samples]
    whole = [t for t, _ in raw]
    declared = metric_info(samples[0].info)
    filled: set[Key] = set()

    def finish(table: pl.DataFrame, info: dict[str, Any]) -> pl.DataFrame:
        return table

    if complete_categories:
        groups = distribution_groups(whole)
        own = [set(estimates(t).select(C.METRIC, C.GROUP).iter_rows()) for t in whole]
        whole = [complete(t, groups, switched_off(s.info), int(ids.size), declared)
                 for t, s in zip(whole, samples, strict=True)]

        def finish(table: pl.DataFrame, info: dict[str, Any]) -> pl.DataFrame:
            return complete(table, groups, switched_off(info), declared=declared)

    for v, sample in enumerate(samples):
        table = whole[v]
        tables.append(table)
        full = estimates(table)
        mine = {(m, g): i for i, (m, g) in enumerate(full.select(C.METRIC, C.GROUP).iter_rows())}
        if complete_categories:
            filled.update((v, m, g) for m, g in mine if (m, g) not in own[v])
        full_n = full[C.N].to_list()
        cols = np.full((len(mine), len(parts)), np.nan)
        held = np.zeros((len(mine), len(parts)), dtype=bool)  # the block holds some of the row's n
        rows = _row_parts(*raw[v], left_out.metric if left_out is not None else None) if from_parts else None
        if rows is None:  # every block's table recomputed, and completed as the whole one
            for j, block_table in enumerate(_recomputed(sample, block_fn, parts)):
                _fill(cols, held, j, estimates(finish(block_table, sample.info)).iter_rows(), mine, full_n)
        else:
            # Each block's (metric, group, estimate, n) straight from the rows' parts, completed with
            # the rows `complete` would add to its table (metrics.missing_categories), without building
            # that table: the same values, no polars per block. 2026-12-06: compare's replicate of
            # two 200-game runs 0.74x (Stargate), 0.79x (New Frontiers), 0.76x (Oh-Seven) CPU.
            offs = switched_off(sample.info)
            for j, kept in enumerate(kept_rows(rows, parts, ids)):
                found = [(m, g or "", est, n) for m, g, _, est, n in kept]  # as `estimates` has them
                if complete_categories:
                    found += [(m, g, 0.0, n) for m, g, n in
                              missing_categories([(m, g, n) for m, g, _, _, n in kept], groups, offs, declared)]
                _fill(cols, held, j, found, mine, full_n)
        for (m, g), i in mine.items():
            keys.append((v, m, g))
            value = full[C.ESTIMATE][i]
            full_vals.append(math.nan if value is None else float(value))
            rep_vals.append(list(cols[i]))
            holding.append(int(held[i].sum()) if full_n[i] is not None else 0)
    return Replicates(tuple(keys), np.asarray(full_vals, dtype=float),
                      np.asarray(rep_vals, dtype=float).reshape(len(keys), len(parts)), tuple(tables),
                      int(ids.size), np.asarray(holding, dtype=int), declared, frozenset(filled))
