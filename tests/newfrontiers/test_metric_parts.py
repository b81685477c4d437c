"""New Frontiers' metric rows hand compare's jackknife their per-game parts (analysis/parts.py), and
a block's rows from them are the recomputed ones, also where rows come and go with the games that
tests/compare/test_parts.py's shipped runs may not hold: a safety stop in one game, a win lift that
every player had (no estimate), a development no variant lists, bought in one game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis.parts import recording
from playtest.compare import jackknife
from playtest.compare.jackknife import replicate
from playtest.core.results import SAFETY_STOP
from playtest.games.newfrontiers.metrics import summary_tables
from playtest.variants import load_variant
from tests.compare.helpers import simulate
from tests.compare.test_parts import _recomputed, _same

ROOT = Path(__file__).resolve().parents[2]


def _unlisted(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Every New Frontiers table of a run whose variant is not known: its developments are not
    listed, so each has a purchase rate only while a game that bought it is among the games."""
    return pl.concat([table for _, table in summary_tables(games, events)])


def test_the_parts_give_the_recomputed_replicates_where_rows_come_and_go(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant(ROOT / "variants" / "new-frontiers" / "base.yaml", ["rules.end.max_rounds=26"])
    a, b = (simulate(variant, 8, ("random", "random"), seed, tmp_path / str(seed)) for seed in (1, 2))
    with recording() as filed:
        table = _unlisted(a.info, a.games, a.events)
    assert jackknife._row_parts(table, dict(filed)) is not None
    # the run holds the cases (else the comparison below would not meet them)
    stop = table.filter((pl.col(C.METRIC) == "end_trigger_share") & (pl.col(C.GROUP) == SAFETY_STOP))[C.ESTIMATE]
    assert stop.len() == 1 and 0 < stop[0] < 1
    assert table.filter(pl.col(C.METRIC).str.ends_with("_win_lift") & pl.col(C.ESTIMATE).is_null()).height
    bought = a.events.filter(pl.col("kind") == "develop").group_by("item").agg(pl.col("game").n_unique())
    assert (bought["game"] == 1).any()
    # a block of one game each: every game whose leaving out takes a row away does so alone
    _same(replicate([a, b], _unlisted, 8), _recomputed(monkeypatch, [a, b], _unlisted, 8))
