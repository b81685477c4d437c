"""Does a metric change with skill? Every report metric, tested across the ladder's rungs.

The metrics are the report's own (`playtest.analysis.metrics.sections`), computed on each rung's
self-play games. Their sampling error comes from the delete-a-block jackknife over games that
`playtest compare` uses (`playtest.compare.jackknife`): games are the independent unit, and since
every rung plays the same deals (one root seed) the blocks leave the same games out of every
rung. For k rungs the k − 1 differences from the first rung are tested jointly against zero with
Hotelling's T² on the jackknife covariance (F(q, K − q) with K blocks, q = k − 1; for two rungs
this is the paired t test of `compare`). The p-values of all metrics are Holm-adjusted together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import distributions as dist
from playtest.analysis.metrics import by_round_metrics, every_section_but, sections
from playtest.analysis.parts import renamed
from playtest.compare.jackknife import DEFAULT_BLOCKS, Key, Replicates, Sample, replicate
from playtest.compare.metrics import is_tested, without_report_test
from playtest.compare.stats import holm, sign_flip_p

ALPHA = 0.05
RUNG = "rung"
P_HOLM = "p_holm"
CHANGES = "changes"
SENTENCE = "sentence"
NOTE = "note"
NOT_TESTED_NOTE = "not tested: the jackknife is not valid for a quantile or a max − min"
"""The note of a metric compare does not test either (compare.metrics.is_tested): a median can
be the same in every left-out block of a few games and still be no certain change."""
SET_BY_BOTS = "the same in every game of each rung (set by the bots)"
"""The note of a metric that differs between rungs and never within one (a bot that always or
never opens with a crew): a certain change, as compare's 'the same in every game of each', with the exact
sign-flip p-value 2^(1 - K) of K blocks of games (compare.stats.sign_flip_p) in Holm's family."""
SAME_IN_EVERY_RUNG = "the same in every rung"
"""The note of a metric whose value no block of games changes at any rung and which every rung
shares (a game length the rules fix: `round_cap` the only end trigger): nothing to test, so it is
left out of Holm's family, as compare leaves out "one value in every game of both"."""
SAME_AS = "same as"
"""The note of a duplicate test, `same as <metric> / <group>`: its differences between rungs and
their jackknife replicates are those of an earlier row, up to sign (a seat's win rate and the
start position's, a score part equal to the total, complementary shares). It adds no evidence:
left out of Holm's family and of the sentences, as compare counts a duplicate once."""
TOO_FEW_TO_BE_SURE = ("the same in every game of each rung, but too few games to rule out chance "
                      "(exact sign-flip test over the blocks of games)")
"""The note instead of SET_BY_BOTS when the sign-flip p-value does not survive Holm: a 4-game
ladder whose leaders happened to win every game of one rung and none of another is no evidence."""

RESTS_ON_FEW_GAMES = ("a rung's value rests on a few games that agree: p no smaller than the exact sign-flip "
                      "test over the blocks of games that hold it")
"""The note of a Hotelling test floored by Replicates.thin_constant_blocks: one rung gives one value
in every block only because few games hold the metric (2 greedy games that reached round 16, both
won by their leader), so its spread of 0 is no evidence of a certain value."""

SELF_PLAY_BOT = "the rung's bot"
"""Group name that replaces the bot's name in by-bot metrics of a self-play run."""
SKIP_SECTIONS = frozenset({"bots", "sample_size"})
"""Left out of the ladder: in self-play every seat is the same bot (one win rate of 1/P), and
what a run's size can detect says nothing about the game."""
LADDER_SECTIONS = every_section_but(*SKIP_SECTIONS)
"""The sections `ladder_metrics` computes: not computed only to be left out, for the jackknife
recomputes them once per block of every rung's games. The sample-size section's power figures
were 43% of the time of the ladder's metrics in tests/ladder (3.65 of 8.49 profiled s,
2026-12-06), and the win rates by bot another 5%."""


def ladder_metrics(info: Mapping[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """The report's metrics that describe the game at one skill level (one rung's self-play):
    every section but SKIP_SECTIONS and the game's metrics by round (GameSpec.by_round_metrics:
    the per-choice pick rates summarise them), and of the score distribution the overall mean of each
    score part (the score composition) and the overall spread of the total."""
    parts = []
    by_round = list(by_round_metrics(info))  # their rounds differ between rungs whose games differ in length
    for s in sections(dict(info), games, events, LADDER_SECTIONS, quantiles=False, score_splits=False):
        t = s.table.filter(~pl.col(C.METRIC).is_in(by_round))
        if s.key == "scores":
            t = t.filter(pl.col(C.GROUP).str.starts_with("all / ")
                         & ((pl.col(C.METRIC) == "score_mean")
                            | ((pl.col(C.METRIC) == "score_sd") & (pl.col(C.GROUP) == "all / total"))))
        parts.append(t)
    if not parts:
        return C.metric_frame([])
    table = pl.concat(parts).unique(subset=[C.METRIC, C.GROUP], keep="first", maintain_order=True)
    bots = games["bot"].unique().to_list() if games.height else []
    if len(bots) == 1:  # by-bot groups: the same in every rung's table, whatever the rung is called
        for metric in table.filter(pl.col(C.GROUP) == bots[0])[C.METRIC].to_list():
            renamed(metric, bots[0], SELF_PLAY_BOT)
        table = table.with_columns(pl.when(pl.col(C.GROUP) == bots[0]).then(pl.lit(SELF_PLAY_BOT))
                                   .otherwise(pl.col(C.GROUP)).alias(C.GROUP))
    return table


def rung_contrasts(reps: Replicates, keys: Sequence[Key]) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Each rung's value of one (metric, group) minus the first rung's (`keys`: the rungs' rows),
    their K jackknife replicates (K × q), and the covariance the jackknife cannot see in them
    (Replicates.unseen_variance: a category a rung never produced, 0% in every block, or a share
    over a few games that agree), None when there is none: each rung's is its own, the first
    rung's is in every contrast."""
    idx = [reps._index[key] for key in keys]
    diffs = np.array([reps.full[i] - reps.full[idx[0]] for i in idx[1:]])
    rep = np.stack([reps.reps[i] - reps.reps[idx[0]] for i in idx[1:]], axis=1)
    u = [reps.unseen_variance(key) for key in keys]
    unseen = np.diag(u[1:]) + u[0] if any(u) else None
    return diffs, rep, unseen


def hotelling(diffs: np.ndarray, reps: np.ndarray, evidence: int | None = None,
              unseen: np.ndarray | None = None) -> tuple[float, str]:
    """p-value that the contrast vector `diffs` (q values) is 0, from its K jackknife replicates
    `reps` (K × q): T² = d' S⁻¹ d with S the jackknife covariance (plus `unseen`, the covariance
    the replicates cannot show: `rung_contrasts`), F(r, K − r) with r the rank of S. Returns (p,
    note); p is NaN when the replicates cannot tell or there is nothing to test (note says why).
    `evidence`: the blocks that hold the metric's observations in every rung
    (Replicates.evidence_blocks), the K of a certain change's sign-flip p-value; None: every
    block."""
    k = reps.shape[0]
    if np.isnan(diffs).any():
        return math.nan, "not in every rung"
    if np.isnan(reps).any():
        return math.nan, "missing from some blocks of games (too rare to test)"
    centred = reps - reps.mean(axis=0)
    cov = (k - 1) / k * centred.T @ centred
    scale = max(1.0, float(np.abs(diffs).max()))
    if np.allclose(diffs, 0, atol=1e-12 * scale) and np.allclose(cov, 0, atol=1e-24 * scale ** 2):
        return math.nan, SAME_IN_EVERY_RUNG
    if unseen is not None:
        cov = cov + unseen
    vals, vecs = np.linalg.eigh(cov)
    keep = vals > 1e-12 * max(1.0, float(vals.max()))
    r = int(keep.sum())
    outside = diffs - vecs[:, keep] @ (vecs[:, keep].T @ diffs)
    if np.abs(outside).max() > 1e-9 * scale:
        # Some contrast between rungs is the same in every block of games and not 0. When two
        # rungs differ by the same amount in every block (every game of each gives the same
        # value, and the values differ), Hotelling's test cannot run: the exact sign-flip test over
        # the blocks gives its p-value, as for compare's "the same in every game of each". Otherwise the covariance is only short of
        # rank because few blocks hold the metric at all (a planet dealt in 2 of 10 games, seen
        # by 3 contrasts): nothing is certain, and there are too few blocks to test.
        if constant_pairs(diffs, reps, scale):
            return sign_flip_p(k if evidence is None else evidence), SET_BY_BOTS
        return math.nan, "too few blocks of games"
    if r == 0 or k - r < 1:
        return math.nan, "too few blocks of games"
    proj = vecs[:, keep].T @ diffs
    t2 = float(proj @ (proj / vals[keep]))
    f = (k - r) / (r * (k - 1)) * t2
    return dist.f_sf(f, r, k - r), ""


def constant_pairs(diffs: np.ndarray, reps: np.ndarray, scale: float = 1.0) -> list[tuple[int, int]]:
    """Pairs of rungs (i, j), i < j, 0 the first rung, that differ and whose difference is the
    same in every block of games. `diffs` and `reps` are the contrasts with the first rung."""
    full = np.concatenate([[0.0], diffs])
    cols = np.hstack([np.zeros((reps.shape[0], 1)), reps])
    return [(i, j) for i in range(full.size) for j in range(i + 1, full.size)
            if abs(full[j] - full[i]) > 1e-9 * scale and float(np.ptp(cols[:, j] - cols[:, i])) <= 1e-9 * scale]


def set_by_bots_note(rungs: Sequence[str], reps: np.ndarray, values: np.ndarray) -> str:
    """The note of a certain change: SET_BY_BOTS when every rung gives one value in every block
    of games, else which rungs do (the others vary, and the note must not say they do not)."""
    scale = max(1.0, float(np.abs(values).max()))
    fixed = [r for r, col in zip(rungs, reps, strict=True) if float(np.ptp(col)) <= 1e-9 * scale]
    if len(fixed) == len(rungs):
        return SET_BY_BOTS
    if len(fixed) >= 2:
        return f"the same in every game of {join_names(fixed)} (set by the bots)"
    return "the difference between rungs is the same in every block of games (set by the bots)"


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _contrast_key(diffs: np.ndarray, rep: np.ndarray) -> tuple[float, ...]:
    """What makes two rows the same test: their differences from the first rung and the
    replicates of those differences, scaled and sign-normalised (so that complementary shares
    match), rounded past floating-point noise; the scale is part of the key."""
    flat = np.concatenate([diffs.ravel(), rep.ravel()])
    scale = float(np.abs(flat).max()) or 1.0
    nonzero = flat[np.abs(flat) > 1e-9 * scale]
    sign = -1.0 if nonzero.size and nonzero[0] < 0 else 1.0
    return (*np.round(sign * flat / scale, 9).tolist(), round(scale, 9))


def is_set_by_bots(note: str | None) -> bool:
    """A certain change's note (SET_BY_BOTS or the variant naming the rungs that give one value)."""
    return note is not None and note.endswith("(set by the bots)")


def skill_tests(samples: Sequence[Sample], rungs: Sequence[str], *, blocks: int = DEFAULT_BLOCKS,
                alpha: float = ALPHA) -> tuple[pl.DataFrame, pl.DataFrame, Replicates]:
    """(values, tests, replicates). values: every ladder metric per rung (metric table + `rung`).
    tests: one row per (metric, group) with the joint test across rungs, Holm-adjusted p,
    whether it changes at `alpha`, and a note when it cannot be tested."""
    reps = replicate(samples, ladder_metrics, blocks, complete_categories=True)
    values = pl.concat([t.with_columns(pl.lit(r).alias(RUNG)) for t, r in zip(reps.tables, rungs, strict=True)])
    # The ladder's p-value tests a change across rungs: a definition naming the report's own test
    # (the seats' chi-square) would describe a p-value the ladder does not show.
    plain = {d: without_report_test(d) for d in values[C.DEFINITION].drop_nulls().unique().to_list()}
    values = values.with_columns(pl.col(C.DEFINITION).replace(plain))
    keys = list(dict.fromkeys((m, g) for _, m, g in reps.keys))
    rows: list[dict[str, Any]] = []  # a row of `tests` by column
    seen: dict[tuple[float, ...], tuple[str, str]] = {}
    for metric, group in keys:
        if not is_tested(metric):  # a median, a quantile, a max - min: as compare, no test
            rows.append({C.METRIC: metric, C.GROUP: group, C.P_VALUE: math.nan, NOTE: NOT_TESTED_NOTE})
            continue
        present = [v for v in range(len(rungs)) if reps.has((v, metric, group))]
        if len(present) < len(rungs):
            rows.append({C.METRIC: metric, C.GROUP: group, C.P_VALUE: math.nan, NOTE: "not in every rung"})
            continue
        idx = [reps._index[(v, metric, group)] for v in present]
        diffs, rep, unseen = rung_contrasts(reps, [(v, metric, group) for v in present])
        p, note = hotelling(diffs, rep, reps.evidence_blocks([(v, metric, group) for v in present]), unseen)
        if not note:  # a Hotelling test (a certain change's replicates are all alike: never keyed)
            first = seen.setdefault(_contrast_key(diffs, rep), (metric, group))
            if first != (metric, group):
                rows.append({C.METRIC: metric, C.GROUP: group, C.P_VALUE: math.nan,
                             NOTE: f"{SAME_AS} {first[0]} / {first[1]}"})
                continue
            thin = reps.thin_constant_blocks([(v, metric, group) for v in present])
            if thin is not None and not math.isnan(p) and p < sign_flip_p(thin):
                p, note = sign_flip_p(thin), RESTS_ON_FEW_GAMES
        if note == SET_BY_BOTS:
            note = set_by_bots_note(rungs, np.stack([reps.reps[i] for i in idx]), np.array([reps.full[i] for i in idx]))
        rows.append({C.METRIC: metric, C.GROUP: group, C.P_VALUE: p, NOTE: note})
    adjusted = holm([r[C.P_VALUE] for r in rows])
    for row, p in zip(rows, adjusted, strict=True):
        row[P_HOLM] = p
        row[CHANGES] = (not math.isnan(p)) and p < alpha
        if is_set_by_bots(row[NOTE]) and not row[CHANGES]:
            row[NOTE] = TOO_FEW_TO_BE_SURE
    tests = pl.DataFrame(rows, schema={C.METRIC: pl.String(), C.GROUP: pl.String(), C.P_VALUE: pl.Float64(),
                                       NOTE: pl.String(), P_HOLM: pl.Float64(), CHANGES: pl.Boolean()})
    return values, tests, reps
