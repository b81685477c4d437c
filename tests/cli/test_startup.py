"""A command imports the heavy libraries it needs when it runs, not when the commands register:
`playtest validate` (after every edit of a draft, per draft in CI), `--help` and `--version`
paid for polars and numpy that only the simulating and reporting commands use, for rich's
progress bar and tables (drawn only by a run on a terminal and the result tables), and for the
variant models (yaml and pydantic), which only the commands that load a variant use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import DRAFT5, ROOT

pytestmark = pytest.mark.system  # (each test starts a fresh Python: `make test-more`, which CI runs)

HEAVY = ("polars", "numpy", "altair", "scipy", "optuna", "dask", "rich.progress", "rich.table", "yaml",
         "playtest.variants")

VALIDATE_NEEDS = {"polars", "yaml", "playtest.variants"}
"""What validate loads: the variant models, and the game, whose event columns are polars types."""

_SCRIPT = """
import json, sys
from typer.testing import CliRunner
from playtest.cli.app import app
heavy = {heavy!r}
registered = [m for m in heavy if m in sys.modules]
result = CliRunner().invoke(app, ["validate", {draft!r}])
print(json.dumps({{"exit": result.exit_code, "output": result.output, "registered": registered,
                  "validated": [m for m in heavy if m in sys.modules]}}))
"""


def test_registering_the_commands_and_validating_a_draft_import_no_library_they_do_not_use() -> None:
    # A fresh interpreter: this one has imported everything the other tests use.
    draft = str(DRAFT5.relative_to(ROOT))
    r = subprocess.run([sys.executable, "-c", _SCRIPT.format(heavy=HEAVY, draft=draft)],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout)
    assert seen["exit"] == 0 and seen["output"].startswith(f"{draft}: ok ("), seen["output"]
    assert seen["registered"] == []  # no command has run: none of them is needed yet
    assert [m for m in seen["validated"] if m not in VALIDATE_NEEDS] == []


_OWN_HELP = """
import json, sys
from playtest.cli.app import app, install_signal_handlers
install_signal_handlers()  # as main() does: a command that runs imports polars first
seen = {{}}
for args in (["simulate", "--help"], ["compare", "--help"], ["games"]):
    try:
        app(args, prog_name="playtest")
    except SystemExit as exit:
        seen[args[0]] = [exit.code, [m for m in {heavy!r} if m in sys.modules]]
print(json.dumps(seen))
"""


def test_a_command_s_own_help_imports_no_heavy_library() -> None:
    """`playtest simulate --help` loaded polars (0.25 s more than `playtest --help`): it was
    imported, for the signal handlers' sake, before click parsed the command's options. A command
    that runs (`games`) still imports it first."""
    r = subprocess.run([sys.executable, "-c", _OWN_HELP.format(heavy=HEAVY)], capture_output=True, text=True,
                       cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout.splitlines()[-1])
    assert seen["simulate"] == [0, []] and seen["compare"] == [0, []], seen
    assert seen["games"][0] == 0 and "polars" in seen["games"][1], seen


_BLOCKED_READ = """
import os, signal, sys, threading, time
from playtest.cli.app import app, install_signal_handlers
from playtest.errors import Interrupted
install_signal_handlers()  # as main() does, before any command imports polars
try:
    app(["games"], prog_name="playtest")  # a command runs: polars is imported
except SystemExit:
    pass
assert "polars" in sys.modules
r, w = os.pipe()
threading.Timer(0.3, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT)).start()
late = threading.Timer(8, os.write, (w, b"x"))  # ends the read that Ctrl-C did not
late.start()
start = time.monotonic()
try:
    os.read(r, 1)
except Interrupted:
    print(f"interrupted after {time.monotonic() - start:.1f} s")
finally:
    late.cancel()
"""


def test_ctrl_c_interrupts_a_blocked_read_after_a_command_imports_polars() -> None:
    """polars' own SIGINT handler (installed when it is imported) lets a blocked read restart:
    imported by the command, after main() installed playtest's handlers, it left Ctrl-C at
    `play`'s prompt without effect until playtest's were put back before the command runs."""
    r = subprocess.run([sys.executable, "-c", _BLOCKED_READ], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    last = r.stdout.splitlines()[-1]
    assert last.startswith("interrupted after "), r.stdout
    assert float(last.split()[2]) < 4, r.stdout  # at the Ctrl-C, not when the late write ended the read


_IGNORED_PLACE = """
import signal, time
from playtest.cli.app import install_signal_handlers
from playtest.errors import Interrupted
install_signal_handlers()  # as main() does


class Dropped:
    def __del__(self) -> None:  # an exception cannot leave a __del__: Python prints it as 'ignored'
        signal.raise_signal(signal.SIGTERM)  # the handler runs here, as a signal arriving now would


try:
    Dropped()
    time.sleep(8)
except Interrupted as err:
    print(err)
"""


_SLOW_HOOK = """
import threading, time
start = threading.Thread.start
def slow_start(self):  # the main thread kept from running after it started a thread, as on a loaded machine
    start(self)
    time.sleep(0.1)
threading.Thread.start = slow_start
""" + _IGNORED_PLACE


def test_a_signal_sent_again_that_finds_the_main_thread_still_in_the_hook_is_sent_once_more() -> None:
    """The signal `_unraisable` sends again 10 ms later found the main thread still in the hook
    when the machine was loaded (starting the sender's thread waits for it to run), was ignored a
    second time, and the command went on to exit 0: the test below failed about 1 run in 30 at
    load average 7. Here the main thread is held 100 ms in the hook every time."""
    r = subprocess.run([sys.executable, "-c", _SLOW_HOOK], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert (r.returncode, r.stdout.splitlines(), r.stderr) == (0, ["interrupted (SIGTERM): nothing was written"], "")


def test_a_signal_whose_handler_runs_where_an_exception_is_ignored_still_stops_the_command() -> None:
    """A signal's handler runs wherever the main thread is, also in a weakref callback of an import
    or in pydantic building typer's Path validator, where its Interrupted was printed as 'Exception
    ignored in: ...' with a traceback: `playtest validate` of many files, sent SIGTERM as the
    commands imported their libraries, went on to exit 0 (about 1 try in 30)."""
    r = subprocess.run([sys.executable, "-c", _IGNORED_PLACE], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["interrupted (SIGTERM): nothing was written"], (r.stdout, r.stderr)
    assert r.stderr == ""
