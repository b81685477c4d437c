"""The HTML report in a real headless Chromium with networking disabled: every chart renders
(an SVG per chart), nothing is logged to the console, and injected markup stays text."""

from __future__ import annotations

import re
import subprocess

import pytest

from playtest.report.charts import build_charts
from playtest.report.model import build_report
from playtest.report.write import write_report

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
