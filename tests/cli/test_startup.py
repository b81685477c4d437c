"""A command imports the heavy libraries it needs when it runs, not when the commands register:
`playtest validate` (after every edit of a draft, per draft in CI), `--help` and `--version`
paid for polars and numpy that only the simulating and reporting commands use."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import DRAFT5, ROOT

HEAVY = ("polars", "numpy", "altair", "scipy", "optuna", "dask")

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
    # validate loads the game, whose event columns are polars types; nothing else of these
    assert [m for m in seen["validated"] if m != "polars"] == []
