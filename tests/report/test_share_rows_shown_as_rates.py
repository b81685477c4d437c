"""A row whose definition says it is a share is written as a percentage: a report writes every
row of a metric in the metric's kind (report/format.py, by the metric's name or as its game
declares it in GameSpec.metric_info), so a share filed
as a group of a count or mean metric was printed as a plain number (New Frontiers' share of
Produce selections that found pile gold read 0.69 as a group of `pile_gold`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.analysis import columns as C
from playtest.analysis.metrics import all_metrics, metric_info
from playtest.report import format as F
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.conftest import ROOT

SHARE_WORDS = ("share", "proportion", "fraction")


@pytest.mark.parametrize("variant", ["stargate/draft5.yaml", "ohseven/base.yaml", "new-frontiers/base.yaml"])
def test_every_row_defined_as_a_share_is_a_rate_metric(tmp_path: Path, variant: str) -> None:
    v = load_variant(ROOT / "variants" / variant)
    run_batch(v, RunConfig(n_games=12, players=4, lineup=("random",) * 4, seed=1, workers=1), tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    table = all_metrics(info, games, events)
    shares = [r for r in table.iter_rows(named=True) if (r[C.DEFINITION] or "").lower().startswith(SHARE_WORDS)]
    assert shares  # every game has share rows (win rates by seat at least)
    wrong = [(r[C.METRIC], r[C.GROUP]) for r in shares if F.kind(r[C.METRIC], metric_info(info)) != "rate"]
    assert wrong == []


@pytest.mark.parametrize(("x", "text"), [
    (0.0, "0.0%"), (1.0, "100.0%"), (0.017, "1.7%"), (0.0005, "0.1%"), (0.99949, "99.9%"),
    # Strictly inside (0, 1) but one decimal would say 0.0% or 100.0%: an exact lower bound after
    # one game in 60 read "1.7% [0.0% – 8.9%]", as if none could happen.
    (0.00042, "0.042%"), (0.000049, "0.0049%"), (0.9996, "99.96%"), (0.99996, "99.996%"),
    # Never in scientific notation, nor as a '100%' of another precision: calibrate's Wilson
    # bound at the effective number of two table games read '5.3e-48%', and 1e-05% below 0.0001%.
    (5.3e-50, "<0.0001%"), (1e-7, "<0.0001%"), (2.5e-6, "0.00025%"), (0.000099, "0.0099%"),
    (1 - 1e-14, ">99.9999%"), (1 - 3e-7, ">99.9999%"),
])
def test_a_share_near_an_end_is_not_rounded_onto_it(x, text):
    from playtest.report.format import value

    assert value(x, "rate") == text
    assert "e" not in text


def test_an_interval_of_tiny_bounds_reads_as_percentages():
    """The Markdown, terminal and HTML tables all write intervals through `interval`."""
    from playtest.report.format import interval

    assert interval(5.3e-50, 1.0, "rate") == "<0.0001% – 100.0%"
