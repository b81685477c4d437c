"""`playtest`: the Typer application. Library errors become one-line messages and exit codes."""

from __future__ import annotations

import signal
import sys

import typer

from playtest.errors import PlaytestError

app = typer.Typer(
    name="playtest",
    help="A board-game designer's playtest and balance toolkit: YAML variants, bots, Monte Carlo "
    "simulation and balance reports.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _register() -> None:
    # Each module adds its commands to `app`.
    from playtest.cli import (  # noqa: F401
        calibrate,
        compare,
        diff,
        play,
        replay,
        report,
        simulate,
        sweep,
        validate,
    )


class Interrupted(PlaytestError):
    """Ctrl-C. Raised from the signal handler so that outputs are cleaned up on the way out."""

    exit_code = 130


def _on_interrupt(signum: int, frame: object) -> None:
    raise Interrupted("interrupted: nothing was written (partial outputs were removed)")


def _warn_if_stale() -> None:
    """A source edited after it was compiled is not what runs: say so (developers only)."""
    from playtest._build import stale

    for path in stale():
        print(f"warning: {path} changed after it was compiled; the old compiled copy is running "
              "(run `make venv` to recompile)", file=sys.stderr)


def error_text(err: PlaytestError) -> str:
    """What the CLI prints for an error: its located problems one a line, else `error: ...`."""
    return f"error: {err}" if not getattr(err, "problems", None) else str(err)


def main() -> None:
    """Console-script entry point. Usage errors are Typer's (exit 2); a PlaytestError becomes
    its one-line message on stderr and its exit code — never a traceback."""
    _register()
    _warn_if_stale()
    # Typer turns KeyboardInterrupt into a silent exit; our own exception says what happened.
    signal.signal(signal.SIGINT, _on_interrupt)
    try:
        app(prog_name="playtest")
    except PlaytestError as err:
        print(error_text(err), file=sys.stderr)
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
