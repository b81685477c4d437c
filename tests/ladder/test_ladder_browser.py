"""The ladder's HTML page in headless Chromium, networking off: every chart renders, no console errors."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DRAFT5
from tests.ladder.test_ladder_cli import invoke
from tests.report.conftest import chromium  # noqa: F401  (the fixture)
from tests.report.test_browser import render_dom


@pytest.mark.system
@pytest.mark.slow  # make test-all: the single report's pages stay in make test (same HTML machinery)
def test_ladder_page_renders_offline(chromium, tmp_path):  # noqa: F811
    out = tmp_path / "ladder"
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "6", "-w", "1", "--out", out)
    assert code == 0, err
    dom, log = render_dom(chromium, out / "ladder.html", tmp_path / "profile")
    charts = re.findall(r'<div class="chart[^"]*" id="chart-\d+"[^>]*>(.*?)</div>\s*</figure>', dom, re.S)
    assert len(charts) > 10
    for i, inner in enumerate(charts):
        assert "<svg" in inner, f"chart {i} did not render: {inner[:200]}"
    assert [line for line in log.splitlines() if "CONSOLE" in line or "Uncaught" in line] == []
