"""The terminal tables as a pipe or a CI log receives them."""

from __future__ import annotations

import io

from rich.console import Console

from playtest.analysis import columns as C
from playtest.cli.common import PIPE_WIDTH
from playtest.report.terminal import print_tables


def test_a_p_value_is_a_line_of_its_own_and_long_lines_are_not_broken(monkeypatch):
    """A caption wrapped at the table's width (`p \\n= 0.94`); a path longer than the pipe's
    width was cut in two. Outside a terminal, tables are PIPE_WIDTH wide and text is never broken."""
    from playtest.cli import common

    rows = [{C.METRIC: "win_rate_by_seat", C.GROUP: f"seat {s}", C.ESTIMATE: 0.25, C.CI_LOW: 0.1, C.CI_HIGH: 0.4,
             C.N: 20, C.P_VALUE: 0.94, C.DEFINITION: "Share of games won."} for s in (1, 2)]
    buf = io.StringIO()
    monkeypatch.setattr(common, "Console", lambda **kw: Console(file=buf, **kw))
    console = common.out_console()
    assert console.width == PIPE_WIDTH
    print_tables(console, [("Win rate by seat", C.metric_frame(rows))])
    long = "→ /" + "x" * 300
    console.print(long, markup=False, highlight=False)
    lines = buf.getvalue().splitlines()
    assert "chi-square test that all are equal: p = 0.94" in lines
    assert long in lines


def test_a_group_or_title_cannot_reach_the_terminal_raw():
    """rich passes ESC and U+202E through: the cells and the title are cleaned (text.clean)."""
    rows = [{C.METRIC: "win_rate_by_bot", C.GROUP: "bot\x1b]0;x\x07\u202e", C.ESTIMATE: 0.25, C.CI_LOW: 0.1,
             C.CI_HIGH: 0.4, C.N: 20, C.P_VALUE: None, C.DEFINITION: "Share of games won."}]
    buf = io.StringIO()
    print_tables(Console(file=buf, width=PIPE_WIDTH), [("Win rate \x1b[2J by bot", C.metric_frame(rows))])
    out = buf.getvalue()
    assert "\x1b" not in out and "\u202e" not in out
    assert "bot\ufffd]0;x" in out and "Win rate \ufffd[2J by bot" in out


def test_a_test_that_could_not_be_run_prints_no_p_value():
    """Oh-Seven with a one-suit deck (`deck.suits: [{id: S, ...}]`): the trump-suit table's
    chi-square has one category, its p-value is NaN, and the summary printed
    'chi-square test that all are equal: p = nan' (markdown and HTML leave it out)."""
    rows = [{C.METRIC: "share_trump", C.GROUP: "trump S", C.ESTIMATE: 1.0, C.CI_LOW: 0.88, C.CI_HIGH: 1.0,
             C.N: 210, C.P_VALUE: float("nan"), C.DEFINITION: "Share of rounds with this trump suit."}]
    buf = io.StringIO()
    print_tables(Console(file=buf, width=PIPE_WIDTH), [("Trump suit", C.metric_frame(rows))])
    out = buf.getvalue()
    assert "trump S" in out and "nan" not in out and "chi-square" not in out


def test_a_p_value_is_captioned_with_the_test_its_definition_names():
    """Oh-Seven's highest-bidder table is a paired t test over matches, not a chi-square of
    equal shares: the caption names the test the definition gives, and a chi-square table keeps
    its caption."""
    d = ("Share of rounds with the bid met exactly, for the holder of the highest bid card and for the "
         "others; intervals cluster-robust over matches; p: paired t test over matches of the difference.")
    rows = [{C.METRIC: "exact_rate", C.GROUP: g, C.ESTIMATE: 0.4, C.CI_LOW: 0.35, C.CI_HIGH: 0.45,
             C.N: 1400, C.P_VALUE: p, C.DEFINITION: d}
            for g, p in (("highest bidder", 0.00014), ("other players", None))]
    buf = io.StringIO()
    print_tables(Console(file=buf, width=PIPE_WIDTH), [("Highest bidder makes its bid", C.metric_frame(rows))])
    out = buf.getvalue()
    assert "paired t test over matches of the difference: p = 0.00014" in out
    assert "chi-square" not in out



def test_pts_are_said_to_be_percentage_points_once_under_tables_that_show_them():
    """A win-rate lift printed '+12.2 pts' beside tables of VP and nothing said which points: the
    note comes once after the tables when one shows a difference of shares, and not otherwise."""
    from playtest.report.terminal import PTS_NOTE

    def printed(metric: str) -> str:
        rows = [{C.METRIC: metric, C.GROUP: f"seat {s}", C.ESTIMATE: 0.05, C.CI_LOW: -0.1, C.CI_HIGH: 0.2,
                 C.N: 20, C.P_VALUE: None, C.DEFINITION: "x"} for s in (1, 2)]
        buf = io.StringIO()
        print_tables(Console(file=buf, width=PIPE_WIDTH), [("A", C.metric_frame(rows)), ("B", C.metric_frame(rows))])
        return buf.getvalue()

    lift = printed("first_player_advantage")
    assert "+5.0 pts" in lift and lift.count(PTS_NOTE) == 1
    assert PTS_NOTE not in printed("win_rate_by_seat")


LIFT = ("Mean win share of the players who selected this action at least once, minus the base rate 1/4; one value "
        "per game (association, not cause).")
WHY = "Not estimated here: every player had it in every game, so there is no one without it to compare."


def _lift_rows():
    return C.metric_frame([
        {C.METRIC: "select_win_lift", C.GROUP: "trade", C.ESTIMATE: -0.1, C.CI_LOW: -0.12, C.CI_HIGH: -0.08,
         C.N: 200, C.P_VALUE: None, C.DEFINITION: LIFT},
        {C.METRIC: "select_win_lift", C.GROUP: "envoy", C.ESTIMATE: None, C.CI_LOW: None, C.CI_HIGH: None,
         C.N: 200, C.P_VALUE: None, C.DEFINITION: f"{LIFT} {WHY}"}])


def test_a_row_without_an_estimate_says_why_below_the_table():
    """New Frontiers' Envoy lift, when every player selected Envoy in every game, read a bare '–'
    in the terminal: its reason is in its own row's definition, which only the HTML (a tooltip) and
    the JSON showed."""
    buf = io.StringIO()
    print_tables(Console(file=buf, width=PIPE_WIDTH), [("Bonus value", _lift_rows())])
    lines = buf.getvalue().splitlines()
    assert f"envoy: {WHY}" in lines
    assert not any(line.startswith("trade:") for line in lines)


def test_the_markdown_gives_a_row_s_own_addition_to_its_metric_s_definition(stargate_data):
    """The Markdown printed one definition per metric (the first row's) and so dropped the
    Envoy row's reason for its '–'; a metric whose first row is the one that adds to it still
    shows the plain definition as the metric's."""
    import dataclasses

    from playtest.analysis.metrics import Section
    from playtest.report.markdown import render_markdown
    from playtest.report.model import build_report

    report = build_report(*stargate_data)
    for rows in (_lift_rows(), _lift_rows().reverse()):
        md = render_markdown(dataclasses.replace(report, sections=(Section("game:lift", "Bonus value", rows, True),)))
        assert f"`select_win_lift`: {LIFT}  \n`select_win_lift`, envoy: {WHY}  \n" in md.replace("\\_", "_")


def test_a_dash_for_no_interval_is_said_once_under_the_tables():
    """`simulate --bots greedy`: 'greedy 25.0% –' and Bays's cubes a pick '2.00 –', a bare dash
    in the interval column that nothing explained (h225). The note comes once when an estimate
    has no interval, and not for a row without an estimate (whose own note says why) or with one."""
    from playtest.report.terminal import DASH_NOTE

    def printed(*intervals: tuple[float | None, float | None, float | None]) -> str:
        rows = [{C.METRIC: "win_rate_by_bot", C.GROUP: f"bot {i}", C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                 C.N: 20, C.P_VALUE: None, C.DEFINITION: "Share of games won."}
                for i, (est, lo, hi) in enumerate(intervals)]
        buf = io.StringIO()
        print_tables(Console(file=buf, width=PIPE_WIDTH), [("A", C.metric_frame(rows)), ("B", C.metric_frame(rows))])
        return buf.getvalue()

    same = printed((0.25, None, None), (0.3, 0.2, 0.4))
    assert "–" in next(line for line in same.splitlines() if "25.0%" in line)
    assert same.count(DASH_NOTE) == 1
    assert DASH_NOTE not in printed((0.3, 0.2, 0.4))
    assert DASH_NOTE not in printed((None, None, None))
