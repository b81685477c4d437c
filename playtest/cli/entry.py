"""The `playtest` console script: Ctrl-C while the program is still starting (importing polars
and the commands takes a moment) ends it with one line too, not an import traceback."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from playtest.cli.app import main as run
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    run()
