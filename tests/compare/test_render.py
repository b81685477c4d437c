"""compare's rendering leads with its answer: the notable differences in words, their charts
first, metrics titled in words, metrics that cannot differ left out of charts."""

from __future__ import annotations

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.compare import render
from playtest.compare.compare import compare_samples
from playtest.compare.jackknife import Sample


def _metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    return C.metric_frame([
        {C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: float(games["rounds"].mean())},
        {C.METRIC: "crew_pick_rate", C.GROUP: "bays", C.ESTIMATE: float(games["bays"].mean())},
        {C.METRIC: "win_rate_by_bot", C.GROUP: "random", C.ESTIMATE: 0.25},  # one-bot line-up: constant
    ])


def _comparison():
    rng = np.random.default_rng(11)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def sample(rounds: float, bays: float) -> Sample:
        g = pl.DataFrame({"game": np.arange(300), "rounds": rng.normal(rounds, 0.5, 300),
                          "bays": (rng.random(300) < bays).astype(float)})
        return Sample({}, g, empty)

    return compare_samples([sample(6.0, 0.3), sample(5.6, 0.3)], ["draft5", "draft6"], metric_fn=_metrics)


def test_the_verdict_names_each_notable_difference_in_words_with_its_interval():
    cmp = _comparison()
    lines = render.verdict_lines(cmp)
    assert lines[0] == "1 difference is significant and notable (of 2 distinct tests, Holm-adjusted):"
    [sentence] = lines[1:]
    row = cmp.differences.filter(pl.col(C.METRIC) == "game_length_rounds").row(0, named=True)
    assert sentence == (f"Game length (rounds): draft6 is {abs(row[C.ESTIMATE]):.2f} lower than draft5 "
                        f"[{row[C.CI_LOW]:+.2f}, {row[C.CI_HIGH]:+.2f}]")


def test_markdown_and_html_open_with_the_verdict_and_leave_constants_out_of_charts():
    cmp = _comparison()
    run = {"players": 4, "lineup": ["random"] * 4, "seeds": [1, 2], "games": 300, "command": "playtest compare"}
    md = render.compare_markdown(cmp, run)
    assert md.splitlines()[2:5] == ["### Verdict", "", "1 difference is significant and notable (of 2 distinct "
                                                     "tests, Holm-adjusted; 300 games per variant, bots "
                                                     "random,random,random,random):"]
    assert "- ★ Game length (rounds): draft6 is" in md
    assert "| Win rate by bot | random | 25.0% | 25.0% | +0.0 pts |  | no change possible |  |" in md
    html = render.compare_html(cmp, run)
    assert html.index("Verdict") < html.index("Charts of the notable differences") < html.index("Other charts")
    charts = html[html.index("Charts of the notable differences"):html.index("Every metric")]
    assert "Game length (rounds)" in charts and "Crew taken (share of turns)" in charts
    assert "Win rate by bot" not in charts  # it cannot differ
    assert html.index("Game length (rounds)", html.index("Charts of the notable")) < html.index("Other charts")
