"""`playtest validate FILE...`: check variant files, print every problem at once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import SetOption
from playtest.errors import VariantError
from playtest.text import clean
from playtest.variants import load_variant


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Variant YAML files to check.", metavar="FILE...")],
    set_: SetOption = None,
) -> None:
    """Validate variant files against their game's schema.

    Prints `file:line:col: key.path: message` for every problem on stderr and exits with 2 if
    any file has problems; prints one `ok` line per valid file otherwise, and on stderr a
    `note:` line for each setting that can never take effect (an end trigger no game reaches).
    """
    failed = False
    for path in files:
        try:
            variant = load_variant(path, set_ or ())
        except VariantError as err:
            failed = True
            for problem in err.problems:
                print(clean(str(problem)), file=sys.stderr)
            continue
        typer.echo(clean(f"{variant.path}: ok ({variant.game} {variant.model.rules_version}, "
                   f"'{variant.name}', hash {variant.hash})"))
        for note in variant.notes:  # legal, but can never take effect
            print(clean(f"note: {note}"), file=sys.stderr)
    if failed:
        raise typer.Exit(2)
