"""The `playtest` console script: Ctrl-C while the program is still starting (importing the
commands takes a moment) ends it with one line too, not an import traceback, and so does
a library playtest needs that this Python lacks (installed with `pip install --no-deps`, say):
at the start, or when the command that uses it imports it (`not_installed`)."""

from __future__ import annotations

import sys


def not_installed(err: ModuleNotFoundError) -> str | None:
    """The line that says the library `err` failed to import is not installed, or None when `err`
    is about a module of playtest itself (a bug, not the environment)."""
    if not err.name or err.name.partition(".")[0] == "playtest":
        return None
    return (f"error: playtest cannot start: the package '{err.name}' is not installed in {sys.prefix} (install "
            "playtest with its dependencies, e.g. `pip install -e /path/to/playtest` without --no-deps)")


def main() -> None:
    try:
        from playtest.cli.app import main as run
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except ModuleNotFoundError as e:
        line = not_installed(e)
        if line is None:
            raise  # playtest's own module: a bug, not the environment
        print(line, file=sys.stderr)
        sys.exit(1)
    run()
