"""Which modules are compiled with mypyc (setup.py reads this list), and whether a compiled copy
is older than its source.

The compiled modules are ordinary typed Python. An editable install (`make venv`) builds each
one into a C extension next to its source; Python then imports the extension, not the `.py`.
An edit to the source is therefore not seen until the next build: `stale()` finds such
modules (their source no longer matches the one compiled) so that the test run and the CLI
can say so instead of running old code.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

COMPILED = (
    "playtest.games.stargate.rules",
    "playtest.games.stargate.actions",
    "playtest.games.stargate.bots",
    "playtest.sim.runner",
    "playtest.core.draws",
    "playtest.games.ohseven.rules",
    "playtest.games.ohseven.bots",
)


RECORD = "playtest/_compiled_sources.json"
"""Written by setup.py when it compiles: the SHA-256 of each compiled module's source."""


def source_path(module: str) -> str:
    """The module's source file, relative to the project root."""
    return module.replace(".", "/") + ".py"


def source_hashes(root: Path) -> dict[str, str]:
    """SHA-256 of each listed module's source under `root` (the project root)."""
    return {m: hashlib.sha256((root / source_path(m)).read_bytes()).hexdigest() for m in COMPILED}


def compiled() -> list[str]:
    """The listed modules that Python will load from a compiled extension."""
    out = []
    for module in COMPILED:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            out.append(module)
    return out


def stale() -> list[str]:
    """Source files edited since their module was compiled (their edits are not running)."""
    done = compiled()
    if not done:
        return []
    root = Path(__file__).resolve().parent.parent
    try:
        built = json.loads((root / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        built = {}
    now = source_hashes(root)
    return [source_path(m) for m in done if built.get(m) != now[m]]
