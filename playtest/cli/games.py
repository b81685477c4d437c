"""`playtest games`: the games this Python finds, where each comes from and its bots."""

from __future__ import annotations

import sys

import typer

from playtest.cli.app import app
from playtest.errors import PlaytestError
from playtest.games import game_names, get_game, origin
from playtest.text import clean


@app.command()
def games() -> None:
    """List the registered games (the `playtest.games` entry points this Python finds, the
    built-in ones and any installed plugin): each one's name, as variant files write `game:`,
    its title, its bots and the package and entry point it comes from. A game that fails to
    load is one `error:` line on stderr, and the exit status is then 2."""
    failed = False
    for name in game_names():
        try:
            spec = get_game(name)
        except PlaytestError as err:
            failed = True
            print(clean(f"error: {err}"), file=sys.stderr)
            continue
        typer.echo(clean(f"{name}: {spec.title}; bots {', '.join(spec.bot_names)} ({origin(name)})"))
    typer.echo(clean(f"(games found by {sys.executable}; a plugin installed into another Python is not among them)"))
    if failed:
        raise typer.Exit(2)
