"""`playtest games`: the games this Python finds, where each comes from and its bots."""

from __future__ import annotations

import sys

import typer

from playtest.cli.app import app
from playtest.core.bots import SEARCH_FORMS, offers_search
from playtest.errors import PlaytestError
from playtest.games import game_names, get_game, origin
from playtest.text import clean


@app.command()
def games() -> None:
    """List the registered games (the `playtest.games` entry points this Python finds, the
    built-in ones and any installed plugin): each one's name, as variant files write `game:`,
    its title, its bots (the search bots where its rules can sample a state) and the package and entry point it comes from. A game that fails to
    load is one `error:` line on stderr, and the exit status is then 2."""
    failed = False
    for name in game_names():
        try:
            spec = get_game(name)
        except PlaytestError as err:
            failed = True
            print(clean(f"error: {err}"), file=sys.stderr)
            continue
        search = offers_search(spec)
        bots = [*spec.bot_names, *(SEARCH_FORMS if search else ())]
        maybe = "; the search bots if its rules have sample_state" if search is None else ""
        typer.echo(clean(f"{name}: {spec.title}; bots {', '.join(bots)}{maybe} ({origin(name)})"))
    typer.echo(clean(f"(games found by {sys.executable}; a plugin installed into another Python is not among them)"))
    if failed:
        raise typer.Exit(2)
