"""The HTML report in a real headless Chromium with networking disabled: every chart renders
(an SVG per chart), nothing is logged to the console, and injected markup stays text."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from playtest.report.charts import build_charts
from playtest.report.model import build_report
from playtest.report.write import write_report

pytestmark = pytest.mark.system  # (Chromium is a process of its own: `make test-more`, which CI runs)

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
         "--enable-logging=stderr", "--v=0", "--virtual-time-budget=20000"]


def render_dom(chromium: str, html_path, profile) -> tuple[str, str]:
    res = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", html_path.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    return res.stdout, res.stderr


def check(chromium, data, tmp_path, name):
    path = write_report(*data, tmp_path / f"{name}.html")
    dom, log = render_dom(chromium, path, tmp_path / f"profile-{name}")
    n_charts = len(build_charts(build_report(*data)))
    charts = re.findall(r'<div class="chart[^"]*" id="chart-\d+"[^>]*>(.*?)</div>\s*</figure>', dom, re.S)
    assert len(charts) == n_charts > 0
    for i, inner in enumerate(charts):
        assert "<svg" in inner or "<canvas" in inner, f"chart {i} did not render: {inner[:200]}"
    assert " err\"" not in dom and "class=\"chart vega-embed err" not in dom
    console = [line for line in log.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []
    return dom


def test_stargate_report_renders_offline(chromium, stargate_data, tmp_path):
    dom = check(chromium, stargate_data, tmp_path, "sg")
    # The hostile crew name is text in the live DOM; the only scripts are ours.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    from tests.report.test_report import Scripts

    parser = Scripts()  # fails on any injected <img> or on* attribute
    parser.feed(dom)
    assert len(parser.scripts) == 3


@pytest.mark.slow  # make test-all: make test renders the Stargate report in the browser (same page code)
def test_ohseven_report_renders_offline(chromium, ohseven_data, tmp_path):
    check(chromium, ohseven_data, tmp_path, "o7")


def _axis_labels(svg: str) -> list[str]:
    """The tick labels of a rendered chart's x axis (Vega's SVG: a group of role-axis-label texts
    per axis; the y axis here has one label, 'all')."""
    groups = re.findall(r'class="mark-text role-axis-label"[^>]*>(.*?)</g>', svg, re.S)
    assert groups, svg[:300]
    return max((re.findall(r"<text[^>]*>([^<]*)</text>", g) for g in groups), key=len)


def test_axis_tick_labels_of_a_narrow_interval_are_distinct(chromium, tmp_path):
    """'Forced rebids per round' (0.098 – 0.126) read '0.1 0.1 0.11 0.12 0.12 0.13' and a share
    between 1% and 3% '1% 1% 2% 2% 3%': the axes printed a fixed number of decimals whatever the
    spacing of their ticks, so neighbouring ticks had the same label."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.report.charts import interval_chart
    from playtest.report.html import page

    cases = {"chart-0": ("forced_rebids_per_round", 0.111, 0.098, 0.126),  # a number
             "chart-1": ("redeals_per_match", 0.0, 0.0, 0.0124),
             "chart-2": ("crew_pick_rate", 0.021, 0.012, 0.031),  # a share
             "chart-3": ("first_player_advantage", 0.0021, -0.0043, 0.0055)}  # a difference of shares
    specs = {cid: interval_chart(pl.DataFrame({"label": ["all"], C.ESTIMATE: [est], C.CI_LOW: [lo],
                                                   C.CI_HIGH: [hi], C.N: [300]}), metric)
             for cid, (metric, est, lo, hi) in cases.items()}
    body = "".join(f'<figure><div class="chart" id="{cid}"></div></figure>' for cid in specs)
    path = tmp_path / "axes.html"
    path.write_text(page("axes", body, specs))
    dom, _ = render_dom(chromium, path, tmp_path / "profile-axes")
    for cid, (metric, *_) in cases.items():
        svg = dom.split(f'id="{cid}"', 1)[1].split("</figure>", 1)[0]
        labels = _axis_labels(svg)
        assert len(labels) >= 3, (metric, labels)
        assert len(set(labels)) == len(labels), f"{metric}: repeated tick labels {labels}"


def test_a_wide_table_or_block_scrolls_inside_the_page_not_the_page(chromium, tmp_path):
    """The ladder's strength table and tune's best.yaml (a long command line) ran off the right
    edge: the whole page scrolled sideways and cut their last column. They scroll on their own."""
    from playtest.report.html import STYLE, scrolling_tables

    cells = "".join(f"<td>{'wide column ' * 4}{i}</td>" for i in range(14))
    body = (scrolling_tables(f"<table><tr>{cells}</tr></table>") + f"<pre>{'playtest tune --param x=1..9 ' * 20}</pre>"
            "<script>document.body.setAttribute('data-overflow', String(document.documentElement.scrollWidth - "
            "document.documentElement.clientWidth));</script>")
    path = tmp_path / "wide.html"
    path.write_text(f"<!doctype html><html><head><style>{STYLE}</style></head><body>{body}</body></html>")
    assert _overflow(chromium, path, 1000) <= 0
    from playtest.report.html import page

    assert page("t", "<table><tr><td>x</td></tr></table>", {}).count('<div class="wide"><table>') == 1


def test_tune_s_goal_table_fits_an_800_px_window(chromium, tmp_path):
    """At 800 px the goals table's three cells of '+11.2 pts [-10.5 pts, +33.0 pts]', each kept on
    one line, squeezed the goal's name to a word a line and still scrolled sideways: a cell now
    breaks between its estimate and its interval."""
    from playtest.report.html import STYLE, scrolling_tables
    from playtest.report.tune import GOALS_HEAD, INTERVAL_CELL_CSS, interval_cell

    cell = '<td class="num iv">{}</td>'
    row = ("<tr><td>seats win equally often (largest gap between two seats → 0)</td><td>seat 1 − seat 2</td>"
           + "".join(cell.format(interval_cell(t)) for t in ("+11.2 pts [-10.5 pts, +33.0 pts]",
                                                              "+18.8 pts [-3.1 pts, +40.6 pts]",
                                                              "+7.5 pts [-22.9 pts, +37.9 pts]"))
           + cell.format(interval_cell("18.7 pts → 18.8 pts")) + "</tr>")
    body = (scrolling_tables(f"<table>{GOALS_HEAD}<tbody>{row}{row}</tbody></table>")
            + "<script>var w = document.querySelector('div.wide'); document.body.setAttribute('data-overflow', "
              "String(w.scrollWidth - w.clientWidth));</script>")
    path = tmp_path / "goals.html"
    path.write_text(f"<!doctype html><html><head><meta charset=utf-8><style>{STYLE}{INTERVAL_CELL_CSS}</style></head>"
                    f"<body>{body}</body></html>", encoding="utf-8")
    assert _overflow(chromium, path, 800) <= 0


def _overflow(chromium: str, page: Path, width: int) -> int:
    """The `data-overflow` (sideways overflow, in px) the page's own script writes on its body,
    rendered at `width` px by Chromium."""
    res = subprocess.run([chromium, *FLAGS, f"--window-size={width},800", f"--user-data-dir={page.parent / 'profile'}",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    overflow = re.search(r'data-overflow="(-?\d+)"', res.stdout)
    assert overflow is not None, res.stdout[:500]
    return int(overflow.group(1))
