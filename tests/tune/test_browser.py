"""The tune and explain pages in a real headless Chromium, offline: every chart renders, nothing
is logged to the console."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DRAFT5
from tests.report.conftest import chromium  # noqa: F401  (the fixture)
from tests.report.test_browser import render_dom
from tests.tune.helpers import GOALS, invoke


@pytest.mark.system
@pytest.mark.slow  # make test-all: ~9 s, most of it the tuning run; the report and ladder pages stay in make test
def test_tune_and_explain_pages_render_offline(chromium, tmp_path):  # noqa: F811
    goals = tmp_path / "goals.yaml"
    goals.write_text(GOALS)
    out = tmp_path / "out"
    code, _, err = invoke("tune", DRAFT5, "--param", "crews.bays.time=0..3", "--param", "crews.armstrong.time=2..5",
                          "--target", goals, "--budget", "4", "--confirm", "1", "--confirm-games", "8", "-w", "1",
                          "--out", out)
    assert code == 0, err
    assert invoke("explain", out)[0] == 0
    for name, n_charts in (("tune.html", 3), ("explain.html", 1)):
        dom, log = render_dom(chromium, out / name, tmp_path / f"profile-{name}")
        charts = re.findall(r'<div class="chart[^"]*" id="chart-\d+"[^>]*>(.*?)</div>\s*</figure>', dom, re.S)
        assert len(charts) == n_charts, name
        assert all("<svg" in c or "<canvas" in c for c in charts), name
        assert [line for line in log.splitlines() if "CONSOLE" in line or "Uncaught" in line] == []
