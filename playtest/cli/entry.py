"""The `playtest` console script: Ctrl-C while the program is still starting (importing the
commands takes a moment) ends it with one line too, not an import traceback, and so does
a library playtest needs that this Python lacks (installed with `pip install --no-deps`, say)."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from playtest.cli.app import main as run
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except ModuleNotFoundError as e:
        if not e.name or e.name.partition(".")[0] == "playtest":
            raise  # playtest's own module: a bug, not the environment
        print(f"error: playtest cannot start: the package '{e.name}' is not installed in {sys.prefix} (install "
              "playtest with its dependencies, e.g. `pip install -e /path/to/playtest` without --no-deps)",
              file=sys.stderr)
        sys.exit(1)
    run()
