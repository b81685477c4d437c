"""Small real runs of both games for the report tests (one hostile variant among them)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
XSS = "<script>alert(1)</script>"
XSS_NAME = '"><img src=x onerror=alert(2)> & co'
HOSTILE = "Evil \x1b]0;pwned\x07 \u202e \x9b2J"
"""A name that would retitle the terminal (ESC ] 0 ; … BEL), reverse the text after it (U+202E)
and clear the screen (CSI 2 J, the 8-bit form) if printed raw."""


def _run(tmp_path_factory, name: str, variant: str, lineup: tuple[str, ...], n: int, overrides=()) -> Path:
    out = tmp_path_factory.mktemp(name)
    v = load_variant(ROOT / variant, overrides)
    run_batch(v, RunConfig(n_games=n, players=4, lineup=lineup, seed=11, workers=1,
                           command=f"playtest simulate {variant} --set {XSS}"), out)
    return out


@pytest.fixture(scope="session")
def stargate_dir(tmp_path_factory) -> Path:
    """Stargate with a crew named like a script tag and a hostile variant name."""
    return _run(tmp_path_factory, "sg", "variants/stargate/draft5.yaml",
                ("greedy", "random", "scripted:bays-first", "random"), 16,
                (f"crews.armstrong.name.en={XSS}", f"name='{XSS_NAME}'"))


@pytest.fixture(scope="session")
def hostile_dir(tmp_path_factory) -> Path:
    """Stargate whose variant name and a crew's name hold terminal escapes."""
    quoted = json.dumps(HOSTILE)  # a YAML double-quoted string: \u001b etc. are its escapes
    return _run(tmp_path_factory, "esc", "variants/stargate/draft5.yaml", ("random",) * 4, 8,
                (f"name={quoted}", f"crews.bays.name.en={quoted}"))


@pytest.fixture(scope="session")
def ohseven_dir(tmp_path_factory) -> Path:
    return _run(tmp_path_factory, "o7", "variants/ohseven/base.yaml", ("heuristic", "random", "random", "random"), 16)


@pytest.fixture(scope="session")
def stargate_data(stargate_dir):
    return read_run(stargate_dir)


@pytest.fixture(scope="session")
def ohseven_data(ohseven_dir):
    return read_run(ohseven_dir)


@pytest.fixture
def chromium() -> str:
    """Path of a Chromium binary; skipped (with the reason) only when absent outside CI."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    import os

    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("CI is set but no chromium binary is on PATH (.ci/run installs Debian's chromium)")
    pytest.skip("chromium is not installed (apt-get install chromium); the browser test runs in CI")
