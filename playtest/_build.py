"""Which modules are compiled with mypyc (setup.py reads this list), and whether a compiled copy
is older than its source.

The compiled modules are ordinary typed Python. An editable install (`make venv`) builds each
one into a C extension next to its source; Python then imports the extension, not the `.py`.
An edit to the source is therefore not seen until the next build: `stale()` finds such
modules so that the test run and the CLI can say so instead of running old code.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

COMPILED = (
    "playtest.games.stargate.rules",
    "playtest.games.stargate.actions",
    "playtest.games.stargate.bots",
    "playtest.sim.runner",
    "playtest.games.ohseven.rules",
    "playtest.games.ohseven.bots",
)


def source_path(module: str) -> str:
    """The module's source file, relative to the project root."""
    return module.replace(".", "/") + ".py"


def compiled() -> list[str]:
    """The listed modules that Python will load from a compiled extension."""
    out = []
    for module in COMPILED:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            out.append(module)
    return out


def stale() -> list[str]:
    """Source files edited after their module was compiled (their edits are not running)."""
    out = []
    for module in compiled():
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        ext = Path(spec.origin)
        src = ext.with_name(module.rsplit(".", 1)[1] + ".py")
        if src.exists() and src.stat().st_mtime > ext.stat().st_mtime:
            out.append(source_path(module))
    return out
