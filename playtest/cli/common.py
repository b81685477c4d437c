"""Options and helpers shared by several commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from playtest.errors import UsageError
from playtest.variants import Variant, load_variant

SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a variant key, e.g. --set crews.bays.time=2 (repeatable).",
                 metavar="KEY.PATH=VALUE"),
]


def load(path: Path, overrides: list[str] | None) -> Variant:
    return load_variant(path, overrides or ())


def split_bots(text: str) -> list[str]:
    """`greedy,random` → ["greedy", "random"]; an empty name is an error, not skipped."""
    parts = [part.strip() for part in text.split(",")]
    for i, part in enumerate(parts, 1):
        if not part:
            raise UsageError(f"--bots {text}: bot {i} has no name")
    return parts
