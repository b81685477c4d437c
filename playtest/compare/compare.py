"""A/B(/C...) comparison of variants: every metric side by side, paired differences against the
first variant with 95% intervals, p-values and a Holm adjustment over the distinct tests (metrics
with one value in every game of both and duplicate contrasts are reported but not counted; see TEST).

Pairing: under common random numbers game g of every variant has the same deal and bot dice,
so the jackknife (see jackknife.py) leaves out the same games from every variant; the
difference's standard error then reflects the correlation this creates (usually much smaller
than for independent runs). With independent seeds the same computation stays valid, only
without the gain.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.offs import off_for, switched_off
from playtest.compare.jackknife import DEFAULT_BLOCKS, Estimate, Replicates, Sample, replicate
from playtest.compare.metrics import (
    MetricFn,
    is_tested,
    one_definition,
    quantiles_left_out,
    report_metrics,
    without_report_test,
)
from playtest.compare.stats import holm, sign_flip_p
from playtest.core.spec import MetricInfos, Off
from playtest.report.format import is_share
from playtest.report.model import label_of, variant_names
from playtest.variants import Change
from playtest.variants.loader import rule_changes

VARIANT = "variant"
BASELINE = "baseline"
P_HOLM = "p_holm"
SIGNIFICANT = "significant"
NOTABLE = "notable"
IS_RATE = "is_rate"
TEST = "test"
"""Why a difference is or is not in Holm's family: 'tested'; 'one value in every game of both' (the metric is
constant in every variant); 'identical' (equal on every game and replicate, e.g. a title-only
copy under common random numbers); 'same as <metric / group>' (a duplicate test, e.g. a win lift
that is a win rate minus a constant, counted once); 'the same in every game of each' (constant in each variant
but not the same: no interval, and the exact sign-flip p-value 2^(1 - K) of K blocks in Holm's
family, so a certain difference with 30 blocks and none from 4 games that happen to agree);
'not tested' (quantiles, balance); 'off in <variant>' (one side's variant switches the metric off: OFF_IN)."""
ONE_VALUE_EACH = "the same in every game of each"
ONE_VALUE_BOTH = "one value in every game of both"
OFF_IN = "off in "
"""TEST of a row that one side's variant switches off ('off in draft6'; GameSpec.switched_off):
there is nothing to compare with, so no difference, interval or p-value, and not in Holm's family."""

VALUES_SCHEMA: dict[str, pl.DataType] = {
    C.METRIC: pl.String(), C.GROUP: pl.String(), VARIANT: pl.String(), C.ESTIMATE: pl.Float64(),
    C.CI_LOW: pl.Float64(), C.CI_HIGH: pl.Float64(), C.N: pl.Int64(),
}
DIFF_SCHEMA: dict[str, pl.DataType] = {
    C.METRIC: pl.String(), C.GROUP: pl.String(), VARIANT: pl.String(), BASELINE: pl.String(),
    C.ESTIMATE: pl.Float64(), C.CI_LOW: pl.Float64(), C.CI_HIGH: pl.Float64(), C.N: pl.Int64(),
    C.P_VALUE: pl.Float64(), P_HOLM: pl.Float64(), SIGNIFICANT: pl.Boolean(), NOTABLE: pl.Boolean(),
    IS_RATE: pl.Boolean(), TEST: pl.String(), C.DEFINITION: pl.String(),
}


@dataclass(frozen=True)
class Settings:
    alpha: float = 0.05
    min_effect: float = 0.02
    """Smallest difference worth highlighting for rates and shares (absolute, 0.02 = 2 points)."""
    min_rel_effect: float = 0.05
    """... and for other metrics, as a fraction of the baseline's value (0.05 = 5%)."""
    blocks: int = DEFAULT_BLOCKS


@dataclass(frozen=True)
class Comparison:
    labels: tuple[str, ...]
    changes: tuple[tuple[str, str, tuple[Change, ...]], ...]
    """(baseline label, variant label, keys that differ) for each variant after the first."""
    values: pl.DataFrame
    """Each variant's metric values with the report's own intervals (VALUES_SCHEMA)."""
    differences: pl.DataFrame
    """Variant − first variant for every metric (DIFF_SCHEMA)."""
    settings: Settings
    games: int
    replicates: Replicates = field(repr=False)
    switched_off: tuple[tuple[Off, ...], ...] = ()
    """Per variant (in `labels` order), what it switches off: its rows are not in `values`."""
    declared: MetricInfos = field(default_factory=dict)
    """What the game declares about its own metrics (GameSpec.metric_info): titles and kinds."""
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    """id → its name in the variants (report.model.variant_names; the first variant's first)."""
    game: str = ""
    """The compared variants' game (empty when not known): what its bots read (GameSpec.unread_keys)."""

    def label(self, group: str) -> str:
        """A group as the report writes it: New Frontiers' `d03` is its development's name."""
        return label_of(self.names, group)

    def off_in(self, label: str, metric: str, group: str) -> Off | None:
        """What switches this row off in variant `label`, or None."""
        if not self.switched_off:
            return None
        return off_for(self.switched_off[self.labels.index(label)], metric, group)


def unique_labels(names: Sequence[str]) -> tuple[str, ...]:
    """File stems, made unique: draft5, draft6, draft5#2."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(out)


def semantic_changes(labels: Sequence[str], resolved: Sequence[dict]) -> tuple[tuple[str, str, tuple[Change, ...]], ...]:
    """The keys of the resolved variants in which each variant differs from the first."""
    return tuple((labels[0], labels[i], tuple(rule_changes(resolved[0], resolved[i]))) for i in range(1, len(labels)))


def _test_kind(reps: Replicates, v: int, metric: str, group: str, est: Estimate,
               seen: dict[tuple[float, ...], int], index: int) -> tuple[str, int | None]:
    """(TEST value, index of the row it duplicates) for one difference; records new tests in
    `seen` by their replicate vector and estimate (sign-normalised, so complementary shares
    match). The estimate is part of the key: when few games differ between the variants, two
    unrelated metrics can move in the same blocks by the same amounts and still differ in
    value (a game-length share and a mean score did), and such a row's test is its own."""
    if not is_tested(metric):
        return "not tested", None
    if reps.is_constant(v, metric, group) and reps.is_constant(0, metric, group):
        # Constant in both: equal values cannot change (a one-bot line-up's win rate by bot);
        # unequal ones changed for certain, in every game (the rounds of a match, 7 → 6).
        if abs(est.estimate) <= 1e-12 * max(1.0, abs(reps.value((0, metric, group)).estimate)):
            # Only a row every block holds is fixed (a one-bot line-up's 1/P); one over the 2
            # games that reached round 17 is merely equal in those games.
            keys = [(0, metric, group), (v, metric, group)]
            return (ONE_VALUE_BOTH if reps.evidence_blocks(keys) >= reps.k else "identical"), None
        return ONE_VALUE_EACH, None
    if math.isnan(est.estimate) or math.isnan(est.se):
        return "not tested", None
    if est.se == 0:
        return "identical", None
    vec = reps.contrast_replicates([(1.0, (v, metric, group)), (-1.0, (0, metric, group))])
    assert vec is not None
    scale = float(np.abs(vec).max()) or 1.0
    nz = vec[np.abs(vec) > 1e-9 * scale]
    sign = -1.0 if nz.size and nz[0] < 0 else 1.0
    vec = sign * vec
    key = (float(v), *np.round(vec / scale, 9).tolist(), round(scale, 9), round(sign * est.estimate, 9))
    if key in seen:
        first = seen[key]
        return "same as", first
    seen[key] = index
    return "tested", None


def compare_samples(
    samples: Sequence[Sample],
    labels: Sequence[str],
    resolved: Sequence[dict] | None = None,
    *,
    settings: Settings = Settings(),
    metric_fn: MetricFn | None = None,
) -> Comparison:
    """Compare every sample with the first one, metric by metric."""
    labels = tuple(labels)
    # A category one variant never produced (a game length, a crew it never took first) is 0%
    # there, so its change is tested rather than shown as missing.
    # The report's quantiles are shown, not tested: the blocks leave them out.
    reps = replicate(samples, metric_fn or report_metrics(), settings.blocks, complete_categories=True,
                     left_out=None if metric_fn else quantiles_left_out())
    values = pl.concat([
        t.select(C.METRIC, pl.col(C.GROUP).cast(pl.String).fill_null(""), pl.lit(labels[v]).alias(VARIANT),
                 C.ESTIMATE, C.CI_LOW, C.CI_HIGH, C.N).unique([C.METRIC, C.GROUP], keep="first", maintain_order=True)
        for v, t in enumerate(reps.tables)
    ]).cast(VALUES_SCHEMA)  # type: ignore[arg-type]
    # A definition may describe the variant's rules (New Frontiers' win rate by start position
    # names its compensation gold): when the variants' texts differ, each is given with its label,
    # not the first variant's for all of them.
    # A definition may also name its row's group: the score rows say which part and whose
    # ("Mean final total score per player (seat 2)"), and the first row's text given to every
    # row called each seat's total "score part 'rounds' (all players)". So each row keeps its own.
    own: list[dict[tuple[str, str], str]] = []
    for t in reps.tables:
        mine: dict[tuple[str, str], str] = {}
        for m, g, d in t.select(C.METRIC, pl.col(C.GROUP).cast(pl.String).fill_null(""), C.DEFINITION).iter_rows():
            mine.setdefault((m, g), without_report_test(d or ""))
        own.append(mine)
    definitions = {k: one_definition({labels[v]: mine[k] for v, mine in enumerate(own) if mine.get(k)})
                   for k in dict.fromkeys(k for mine in own for k in mine)}
    rates = reps.metrics_within_0_and_1()
    offs = tuple(switched_off(s.info) for s in samples)
    n_games = int(samples[0].game_ids().size)
    rows: list[dict[str, Any]] = []  # a row of `differences` by column (values of DIFF_SCHEMA's types)
    base_keys = [(m, g) for v, m, g in reps.keys if v == 0]
    seen: dict[tuple[float, ...], int] = {}
    for v in range(1, len(samples)):
        order = base_keys + [(m, g) for vv, m, g in reps.keys if vv == v and (m, g) not in set(base_keys)]
        for metric, group in order:
            off = [labels[i] for i in (0, v) if off_for(offs[i], metric, group) is not None]
            if off:  # one side cannot have it: no change to measure (not a 0 against a value)
                rows.append({C.METRIC: metric, C.GROUP: group, VARIANT: labels[v], BASELINE: labels[0],
                             C.ESTIMATE: math.nan, C.CI_LOW: math.nan, C.CI_HIGH: math.nan, C.N: n_games,
                             C.P_VALUE: math.nan, IS_RATE: metric in rates, TEST: OFF_IN + " and ".join(off),
                             "_same_as": None, C.DEFINITION: definitions.get((metric, group), "")})
                continue
            est = reps.difference((v, metric, group), (0, metric, group))
            test, same_as = _test_kind(reps, v, metric, group, est, seen, len(rows))
            if test != "tested":
                est = Estimate(est.estimate, math.nan, est.df)
            lo, hi = est.interval(1 - settings.alpha)
            if test == ONE_VALUE_EACH:  # the same difference in every game: no sampling error
                lo = hi = est.estimate
            if same_as is not None:  # test "same as": the row whose test this one repeats
                first = rows[same_as]
                lo, hi = first[C.CI_LOW], first[C.CI_HIGH]
                # The mirror image (a complementary share): estimates of opposite signs. Not
                # `!=`: the same test's estimates can differ in the last bits (0.05 against
                # 0.050000000000000711), and mirroring those put +5.0 pts in [-14.5, +4.5].
                if first[C.ESTIMATE] * est.estimate < 0:
                    lo, hi = -hi, -lo
            if metric in rates and is_share(metric, reps.declared):  # a difference of two shares lies in [-1, 1] (at 3 games t reached ±1.3)
                lo, hi = max(lo, -1.0), min(hi, 1.0)
            # A difference the same in every block is certain only with enough blocks to rule out
            # chance (4 games that happen to agree are no evidence): its exact sign-flip p-value
            # joins Holm's family like any other.
            # Its K is the blocks that hold the row on both sides (Replicates.evidence_blocks): the
            # 2 games of 60 that reached round 17 gave "the same in every game of each" at p = 2^(1 - 30).
            p_value = (est.p_value() if test == "tested" else
                       sign_flip_p(reps.evidence_blocks([(0, metric, group), (v, metric, group)])) if test == ONE_VALUE_EACH
                       else math.nan)
            rows.append({C.METRIC: metric, C.GROUP: group, VARIANT: labels[v], BASELINE: labels[0],
                         C.ESTIMATE: est.estimate, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n_games,
                         C.P_VALUE: p_value, IS_RATE: metric in rates,
                         TEST: test, "_same_as": same_as, C.DEFINITION: definitions.get((metric, group), "")})
    adjusted = holm([r[C.P_VALUE] for r in rows])
    for row, p in zip(rows, adjusted, strict=True):
        row[P_HOLM] = p
    for row in rows:
        if row["_same_as"] is not None:
            first = rows[row["_same_as"]]
            row[C.P_VALUE], row[P_HOLM] = first[C.P_VALUE], first[P_HOLM]
    base_value = {(m, g): reps.full[i] for i, (v, m, g) in enumerate(reps.keys) if v == 0}
    for row in rows:
        p = row[P_HOLM]
        row[SIGNIFICANT] = (not math.isnan(p)) and p < settings.alpha
        size = abs(row[C.ESTIMATE]) if not math.isnan(row[C.ESTIMATE]) else 0.0
        if row[IS_RATE]:
            big = size >= settings.min_effect
        else:
            base = abs(base_value.get((row[C.METRIC], row[C.GROUP]), math.nan))
            big = (size >= settings.min_rel_effect * base) if not math.isnan(base) and base > 0 else size > 0
        row[NOTABLE] = row[SIGNIFICANT] and big
    for row in rows:
        if row[TEST] == "same as":
            first = rows[row["_same_as"]]
            row[TEST] = f"same as {first[C.METRIC]} / {first[C.GROUP]}"
    differences = pl.DataFrame({k: [r[k] for r in rows] for k in DIFF_SCHEMA}, schema=DIFF_SCHEMA)
    changes = semantic_changes(labels, resolved) if resolved is not None else ()
    names: dict[str, dict[str, str]] = {}
    for r in resolved or ():
        for ident, name in variant_names(r).items():
            names.setdefault(ident, name)
    game = (resolved[0].get("game") if resolved and isinstance(resolved[0], dict) else None) or ""
    return Comparison(labels, changes, values, differences, settings, n_games, reps, offs, reps.declared, names,
                      game if isinstance(game, str) else "")
