"""A value that rounds to zero is written as zero is: '-0.0 pts' beside '+0.0 pts' read as two
sides of something, in the terminal and Markdown tables, the verdict and compare's lines."""

from __future__ import annotations

import pytest
from rich.console import Console

from playtest.analysis import columns as C
from playtest.compare import render
from playtest.report import format as F
from playtest.report import model
from playtest.report.terminal import metric_table


@pytest.mark.parametrize(("x", "kind", "text"), [
    (-0.0004, "diff", "+0.0 pts"), (-0.0, "diff", "+0.0 pts"), (-0.0006, "diff", "-0.1 pts"),
    (-0.004, "number", "0.00"), (-0.006, "number", "-0.01"), (-0.4, "count", "0"), (-1e-12, "rate", "0.0%"),
])
def test_a_negative_value_that_rounds_to_zero_is_written_as_zero(x: float, kind: str, text: str) -> None:
    assert F.value(x, kind) == text


def test_every_shared_formatter_writes_no_negative_zero() -> None:
    assert F.fixed(-0.001, "+.2f") == "+0.00" and F.fixed(-0.001, ",.0f") == "0"
    assert F.fixed(float("-inf"), ".1f") == "-inf"
    assert model.pts(-0.0003) == "+0.0 pts" and model.pct(-1e-9) == "0.0%"
    assert render.fmt_diff(-0.001, "game_length_rounds") == "+0.00"
    assert render.fmt_diff(-0.0001, "win_rate_by_seat") == "+0.0 pts"


def test_the_terminal_and_markdown_tables_print_no_negative_zero() -> None:
    df = C.metric_frame([{C.METRIC: "select_win_lift", C.GROUP: "envoy", C.ESTIMATE: -0.0002, C.CI_LOW: -0.0004,
                          C.CI_HIGH: 0.05, C.N: 80, C.DEFINITION: "Win lift."},
                         {C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: 12.0, C.CI_LOW: -0.001,
                          C.CI_HIGH: 13.0, C.N: 80, C.DEFINITION: "Rounds."}])
    console = Console(width=120, record=True)
    console.print(metric_table("Two", df))
    text = console.export_text()
    assert "-0.0" not in text and "+0.0 pts" in text and "0.00 – 13.00" in text
