"""`playtest validate FILE...`: check variant files, print every problem at once."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from playtest.cli.app import app, problem_lines
from playtest.cli.common import SetOption, note_texts
from playtest.errors import VariantError
from playtest.text import clean, one_line

if TYPE_CHECKING:
    from playtest.variants import Variant
    from playtest.variants.diff import Change


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Variant YAML files to check.", metavar="FILE")],
    set_: SetOption = None,
    changes: Annotated[bool, typer.Option("--changes", help="Under each ok line, list the keys the file (and "
                                          "--set) changes against the draft it extends.")] = False,
) -> None:
    """Validate variant files against their game's schema.

    Prints `file:line:col: key.path: message` for every problem on stderr (a --set's as
    `error: --set KEY=VALUE: key.path: message`) and exits with 2 if any file has problems; prints one `ok` line per valid file otherwise, and on stderr a
    `note:` line for each setting that can never take effect (an end trigger no game reaches).
    With --changes, each ok line is followed by the keys that differ from the draft it extends,
    as `  key.path: old → new` (`(absent)` for a key added or removed). A file named twice is
    checked once.
    """
    from playtest.variants import load_variant  # (pydantic's models: not at registration)

    failed = False
    files = distinct(files)
    for path in files:
        try:
            variant = load_variant(path, set_ or ())
        except VariantError as err:
            failed = True
            # A --set is applied to every file given: its problem names the file it met, as
            # compare's and diff's do (common.load_each).
            problems = [replace(p, message=f"{p.message} (in {path}; --set applies to every variant)")
                        if p.in_override and len(files) > 1 else p for p in err.problems]
            for line in problem_lines(problems):
                print(one_line(line), file=sys.stderr)
            continue
        typer.echo(clean(f"{variant.path}: ok ({variant.game} {variant.model.rules_version}, "
                   f"'{variant.name}', hash {variant.hash})"))
        if changes:
            for line in _change_lines(variant):
                typer.echo(clean(line))
        for note in note_texts([variant]):  # legal, but can never take effect
            print(clean(f"note: {note}"), file=sys.stderr)
    if failed:
        raise typer.Exit(2)


def distinct(files: list[Path]) -> list[Path]:
    """The files in the order given, each once: a file named twice (`validate a.yaml a.yaml`, or
    `variants/x/*.yaml variants/x/draft5.yaml`, or as ./a.yaml beside a.yaml) printed its ok line,
    or every one of its problems, twice. Two names of one file are one file once resolved."""
    seen: dict[Path, Path] = {}
    for path in files:
        try:
            real = path.resolve()
        except (OSError, RuntimeError):  # a symbolic link loop: the loader says it, once per name given
            real = path
        seen.setdefault(real, path)
    return list(seen.values())


def _change_lines(variant: Variant) -> list[str]:
    """What the file and its --set change against the draft it extends, one key a line."""
    against = " and ".join([*([f"against {variant.parent}"] if variant.parent else []),
                            *(["with " + " ".join(f"--set {o}" for o in variant.overrides)] if variant.overrides else [])])
    if not against:
        return ["  extends no draft: every key is its own"]
    if not variant.changes:
        return [f"  no key changed {against}"]
    n = len(variant.changes)
    return [f"  {n} key{'s' if n != 1 else ''} changed {against}:", *(f"    {_change_line(c)}" for c in variant.changes)]


def _change_line(change: Change, width: int = 200) -> str:
    """`path: old → new` on one line. A long line is cut in each value separately, so that the new
    value — what the draft says — is always shown: cutting the whole line hid it behind the old one
    (an `end:` list read `end: [...stock_empty...] → [{"trigger": "planets_full", ... {"trigger…`)."""
    from playtest.variants.diff import side_text

    old, new = _one_line(side_text(change.old, change.old_default)), _one_line(side_text(change.new, change.new_default))
    if len(change.path) + len(old) + len(new) + 5 > width:
        old = _one_line(old, width // 3)
        new = _one_line(new, width)
    return f"{change.path}: {old} → {new}"


def _one_line(text: str, width: int = 200) -> str:
    """A value on one line: a folded description's newlines become spaces; a long value is cut."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
