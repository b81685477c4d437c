"""`playtest`: the Typer application. Library errors become one-line messages and exit codes."""

from __future__ import annotations

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
    from playtest.cli import replay, simulate, validate  # noqa: F401


def main() -> None:
    """Console-script entry point."""
    _register()
    try:
        app(standalone_mode=False)
    except PlaytestError as err:
        print(f"error: {err}" if not getattr(err, "problems", None) else str(err), file=sys.stderr)
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("aborted", file=sys.stderr)
        sys.exit(1)
    except Exception as exc:  # click usage errors arrive here in non-standalone mode
        import click

        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        raise


if __name__ == "__main__":
    main()
