"""Shared fixtures: paths of the shipped variants and a CLI runner."""

from __future__ import annotations

import functools
import gc
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# One polars thread per test process, set before polars is first imported (here, in every
# pytest worker; the pools and subprocesses tests start inherit it). The tests' tables are
# small, so a query costs polars' per-collect overhead, which its thread pool only adds to; and
# `make test` already runs one pytest worker per core. Measured 2026-12-03 ~10:20 UTC: the
# jackknife-heavy tests/compare/test_gates.py + tests/ladder/test_skill_statistics.py in one
# process, two interleaved pairs, 31.9 and 36.2 CPU-s with one thread against 40.9 and 43.6;
# the whole `make test` suite, two interleaved pairs on a busy host, 319 and 275 CPU-s against
# 315 and 300 (within that host's noise; system time 11.3 and 9.7 s against 13.2 and 12.0).
os.environ.setdefault("POLARS_MAX_THREADS", "1")

import pytest  # noqa: E402
import typer.main  # noqa: E402
import typer.testing  # noqa: E402

# Typer's CliRunner builds the click command from the app's functions on every `invoke`: it
# reads every command's signature again and evaluates each parameter's annotation, about 35 ms
# of the 55 ms a bad-input test takes (measured 2026-12-02). The app's commands do not change
# during a test run, so the command is built once per app. (Without the hook, a later Typer
# simply builds it each time again.)
if getattr(typer.testing, "_get_command", None) is typer.main.get_command:
    typer.testing._get_command = functools.cache(typer.main.get_command)  # type: ignore[attr-defined]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move everything alive once the tests are collected (the imported modules, the collected
    items: objects that live to the end of the run) out of the collector's reach: its full
    collections walked them again and again. Objects the tests create are collected as before.
    Measured 2026-12-05 ~06:50 UTC (tests/tune, tests/ladder and tests/analysis in one process,
    two interleaved pairs, load average ~11): 1.42 and 1.35 CPU-s in the collector before,
    0.98 and 1.00 after.

    Then the collector runs ~14× less often (a young generation of 10,000 objects, not 700): what
    a test leaves alive — the libraries a command imports as it runs (altair, optuna, sqlalchemy,
    scipy), its tables — kept the oldest generation large, and each full collection walked it.
    Measured 2026-12-07 13:30 UTC (`make test`'s tests, two workers, a gc.callbacks timer): 11.0
    CPU-s in the collector (6,689 + 8,955 collections, 7.5 s of them full ones) against 2.9 s
    (508 collections); the suite 93.3 s wall against 101.7 s (one run each). The engine's own
    speed does not change with it (`playtest.bench --ratio-only`, two interleaved pairs at ~13:30:
    0.81× and 0.80× with the default threshold, 0.78× and 0.79× with 10,000), so this is a test
    run's setting only."""
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.fixture(autouse=True)
def _real_processes_only_where_marked(request: pytest.FixtureRequest) -> Any:
    """A test that starts a real process (a subprocess, a fork, a pseudo-terminal, a spawned
    worker pool) is marked `system` — `make test-more` and CI run it — or is one of `make test`'s
    few `process_smoke` tests: one started unmarked fails here, naming the markers, so the tier
    that keeps `make test` under 90 s does not fill up again unseen (47 such tests had made a
    fifth of its CPU time by 2026-12-07). Only the test's own body and its function-scoped
    fixtures are watched."""
    if request.node.get_closest_marker("system") or request.node.get_closest_marker("process_smoke"):
        yield
        return
    import multiprocessing.util
    import pty

    def refuse(what: str) -> Callable[..., Any]:
        def started(*args: Any, **kwargs: Any) -> Any:
            pytest.fail(f"this test starts a real process ({what}): mark it @pytest.mark.system (run by `make "
                        "test-more` and CI), or @pytest.mark.process_smoke if make test must keep it", pytrace=False)
        return started

    mp = pytest.MonkeyPatch()
    mp.setattr(subprocess.Popen, "_execute_child", refuse("subprocess"))
    mp.setattr(multiprocessing.util, "spawnv_passfds", refuse("a spawned worker process"))
    for name in ("fork", "forkpty", "system", "posix_spawn", "posix_spawnp"):
        if hasattr(os, name):
            mp.setattr(os, name, refuse(f"os.{name}"))
    mp.setattr(pty, "fork", refuse("a pseudo-terminal"))
    try:
        yield
    finally:
        mp.undo()


ROOT = Path(__file__).resolve().parent.parent
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"
PLUGINS = Path(__file__).resolve().parent / "plugins"
"""The example game plugin (playtest_nim), its variant nim.yaml and transcript nim-game.yaml."""
with (ROOT / "pyproject.toml").open("rb") as _f:
    BUILTIN_GAMES = sorted(tomllib.load(_f)["project"]["entry-points"]["playtest.games"])
"""The games playtest itself registers (pyproject.toml). Other packages installed into the same
environment may register more: tests name these, never "every game there is"."""


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `playtest ARGS...` as a user would (a subprocess), capturing text output."""
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "playtest", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env, timeout=600)


@dataclass
class CliResult:
    """What a CLI run gave: the same fields as subprocess.CompletedProcess."""

    returncode: int
    stdout: str
    stderr: str


def invoke_cli(*args: str, cwd: Path | None = None) -> CliResult:
    """Run `playtest ARGS...` in this process (Typer's CliRunner), as `main()` would: a
    PlaytestError becomes its message on stderr and its exit code; any other exception is a
    bug and fails the test with its traceback."""
    from typer.testing import CliRunner

    from playtest.cli.app import _register, app, error_lines
    from playtest.errors import PlaytestError
    from playtest.text import one_line

    _register()
    old_cwd, old_argv = Path.cwd(), sys.argv
    os.chdir(cwd or ROOT)
    sys.argv = ["playtest", *args]  # `simulate` records its command line in run.json
    try:
        result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"}, prog_name="playtest")
    finally:
        os.chdir(old_cwd)
        sys.argv = old_argv
    stderr, code, exc = result.stderr, result.exit_code, result.exception
    if isinstance(exc, PlaytestError):
        stderr, code = stderr + "".join(one_line(line) + "\n" for line in error_lines(exc)), exc.exit_code  # as _fail prints
    elif exc is not None and not isinstance(exc, SystemExit):
        raise exc
    return CliResult(code, result.stdout, stderr)


@pytest.fixture
def cli():
    """`playtest ARGS...` in this process; `run_cli` is the subprocess for true smoke tests."""
    return invoke_cli


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], Any]) -> tuple[Path, Any]:
    """`build(folder)` run once per test session, not once per xdist worker: (folder, what build
    returned) — the folder it wrote and its result (plain JSON data), shared by the workers.

    A module-scoped fixture runs again in every worker that runs one of its tests, and
    `--dist worksteal` splits a module between the two workers whenever one of them steals the
    other's last tests: tests/tune (the last directory) paid its 5 CPU-s tuning run twice in one of
    three runs (2026-12-02). The worker that asks first builds while holding a lock; the other
    waits and reads the result. Only for outputs the tests read and never change."""
    import fcntl
    import json
    import shutil

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the session's folder, above each worker's own
    folder, done = root / f"built-{name}", root / f"built-{name}.json"
    with (root / f"built-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes (or its process dies)
        if done.is_file():
            return folder, json.loads(done.read_text(encoding="utf-8"))
        shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way
        folder.mkdir()
        value = build(folder)
        done.write_text(json.dumps(value), encoding="utf-8")
        return folder, value


def interrupt_on_call(monkeypatch: pytest.MonkeyPatch, owner: object, name: str, n: int) -> None:
    """Patch `owner.name` so that its n-th call raises Interrupted (Ctrl-C half-way through a
    command) and every other call runs the real function."""
    from playtest.errors import Interrupted

    real, calls = getattr(owner, name), [0]

    def interrupted_on_the_nth(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls[0] += 1
        if calls[0] == n:
            raise Interrupted("interrupted (SIGINT)")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, interrupted_on_the_nth)


def assert_valid_charts(html: str, *, at_least: int = 1) -> None:
    """Every Vega-Lite spec in an HTML page playtest wrote is valid against Vega-Lite's JSON
    schema. playtest builds its charts without altair's own checks (playtest/report/vega.py):
    the tests that render each kind of page check the specs here instead."""
    import json
    import re

    found = re.search(r'<script type="application/json" id="chart-specs">(.*?)</script>', html, re.S)
    assert found, "the page holds no chart specs"
    specs = json.loads(found.group(1))
    assert len(specs) >= at_least, f"{len(specs)} charts, expected at least {at_least}"
    for key, spec in specs.items():
        assert_valid_spec(key, spec)


def assert_valid_spec(key: str, spec: dict[str, Any]) -> None:
    """One chart's Vega-Lite spec is valid against the schema (`assert_valid_charts`)."""
    validator = _vega_lite_validator()
    if validator.is_valid(spec):
        return
    # altair's check again, for its message: it names the part at fault
    from altair.utils.schemapi import validate_jsonschema
    from jsonschema import ValidationError

    try:
        validate_jsonschema(spec, validator.schema)
    except ValidationError as exc:
        raise AssertionError(f"chart {key!r} is not valid Vega-Lite: {exc.message}") from None
    raise AssertionError(f"chart {key!r} is not valid Vega-Lite")


@functools.cache
def _vega_lite_validator() -> Any:
    """A validator for altair's Vega-Lite schema, built once per process (altair builds one per
    check: five times slower over a report's specs)."""
    import jsonschema
    from altair.vegalite.v6.schema.core import load_schema

    schema = load_schema()
    return jsonschema.validators.validator_for(schema)(schema)


def register_games(site: Path, dist: str, *entries: str) -> None:
    """Register games in `site` as pip would: a dist-info folder for the distribution `dist`
    whose entry_points.txt lists `entries` ('nim = playtest_nim:SPEC') in the playtest.games
    group. `site` (and the games' modules) must be on sys.path or PYTHONPATH to be found."""
    info = site / f"{dist.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[playtest.games]\n" + "".join(f"{e}\n" for e in entries), encoding="utf-8")


def install_example_game(site: Path) -> None:
    """Install tests/plugins/playtest_nim into `site` as pip would register it (`register_games`);
    the package's folder must be on sys.path (or PYTHONPATH) too."""
    register_games(site, "playtest-nim", "nim = playtest_nim:SPEC")


@pytest.fixture
def example_game(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """The example game `nim`, installed for one test (and forgotten after it)."""
    from playtest.games import refresh

    site = tmp_path_factory.mktemp("site")
    install_example_game(site)
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.syspath_prepend(str(site))
    refresh()
    yield PLUGINS
    monkeypatch.undo()
    refresh()
