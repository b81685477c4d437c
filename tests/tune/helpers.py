"""In-process CLI calls for the tune tests: Typer's CliRunner, with main()'s error handling."""

from __future__ import annotations

from typer.testing import CliRunner

from playtest.cli.app import _register, app
from playtest.errors import PlaytestError


def invoke(*args: str) -> tuple[int, str, str]:
    """(exit code, stdout, error line) as `playtest ARGS` would give them."""
    _register()
    result = CliRunner().invoke(app, [str(a) for a in args])
    err = result.exception
    if isinstance(err, PlaytestError):
        text = f"error: {err}" if not getattr(err, "problems", None) else str(err)
        return err.exit_code, result.stdout, text
    if err is not None and not isinstance(err, SystemExit):
        raise err
    # The CLI group prints an error as one line on stderr (after any progress lines): that line.
    lines = [line for line in (result.stderr or "").splitlines() if line.strip()]
    return result.exit_code, result.stdout, lines[-1] if lines and result.exit_code else (result.stderr or "")


GOALS = """run: {games: 8, players: 4, bots: random, seed: 3}
goals:
  - metric: win_rate_by_seat
    of: spread
    target: 0
  - metric: game_length_rounds
    between: [5, 7]
    weight: 0.5
"""
