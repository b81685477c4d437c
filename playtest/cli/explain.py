"""`playtest explain RUN_DIR`: which key moves which number, from a sweep's or a tune's output."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import status_console
from playtest.cli.compare import check_format
from playtest.errors import UsageError
from playtest.io import check_replaceable, check_writable_folder, same_text, write_atomic

DIGESTS = "explain.sha256"
"""What explain wrote last (`sha256sum` format): a file that still matches is replaced without
--force (a new --metric choice, a tune resumed with more trials); one that differs was edited."""


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _written(run_dir: Path) -> dict[str, set[str]]:
    """File name → the digests explain recorded for it (none when there is no record; two while
    explain replaces its pages, `_record`)."""
    if not (run_dir / DIGESTS).is_file():  # (a named pipe: reading it waited for a writer for ever)
        return {}
    try:
        lines = (run_dir / DIGESTS).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    written: dict[str, set[str]] = {}
    for digest, _, name in (line.partition("  ") for line in lines):
        if name:
            written.setdefault(name, set()).add(digest)
    return written


def _record(run_dir: Path, digests: dict[str, set[str]]) -> None:
    write_atomic(run_dir / DIGESTS, "".join(f"{digest}  {name}\n" for name, of in digests.items() for digest in sorted(of)))


PAGES = ("explain.md", "explain.json", "explain.html")


def edited_pages(run_dir: Path) -> list[Path]:
    """explain's pages in `run_dir` that are not what it recorded writing (edited since)."""
    written = _written(run_dir)
    return [run_dir / name for name in PAGES
            if (run_dir / name).is_file() and _digest((run_dir / name).read_bytes()) not in written.get(name, set())]


@app.command()
def explain(
    run_dir: Annotated[Path, typer.Argument(help="The --out folder of `playtest sweep` or `playtest tune`.", metavar="RUN_DIR")],
    metrics: Annotated[list[str] | None, typer.Option("--metric", "-m", help="Sweeps only: a metric to explain (repeatable; default: the sweep's key metrics; a tune's goals are all explained).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="What to print: md or json.")] = "md",
    force: Annotated[bool, typer.Option("--force", help="Replace explain.md/.json/.html even when edited since explain wrote them.")] = False,
) -> None:
    """Rank how strongly each swept or tuned key moves each number, with 95% intervals.

    A linear model per number (a sweep's key metrics by group; a tune's goals and objective)
    over the keys: each key's effect per step, its interval, a standardised effect for ranking,
    and one plain sentence per strong effect (p < 0.05 after Holm). Writes explain.md,
    explain.json and explain.html (and explain.sha256, what it wrote) into RUN_DIR; one of them
    edited since explain wrote it is replaced only with --force.
    """
    from playtest.report.explain import explain_html, explain_json, explain_markdown
    from playtest.tune.explain import effects, read_design, unmoved

    check_format(fmt, ("md", "json"))
    design = read_design(run_dir, metrics)
    check_writable_folder(run_dir, "explain writes explain.md, explain.json and explain.html into it")
    table = effects(design)
    if table.height == 0:
        what = "trials" if design.source == "tune" else "grid points"
        # A sweep's points carry their intervals (weighted fit): keys + 1 of them suffice; a
        # tune's trials do not (the residual error needs one more). It said "more grid points
        # than keys + 1" of a 1-point sweep, while a 2-point sweep of 1 key is explained.
        need = "more trials than keys + 1" if design.source == "tune" else "at least keys + 1 grid points"
        enough = design.rows.height >= len(design.keys) + (2 if design.source == "tune" else 1)
        same = unmoved(design)
        if enough and same and len(same) == len([r for r in design.responses if r.column not in design.not_fitted]):
            # It said "needs at least keys + 1 grid points ... (sweep more values)" of a sweep that
            # had them, whose one number was the same at every point
            names = ", ".join(r.label for r in same[:3]) + (f" and {len(same) - 3} more" if len(same) > 3 else "")
            raise UsageError(f"{run_dir}: no effect can be estimated: {names} {'is' if len(same) == 1 else 'are'} the "
                             f"same at each of the {design.rows.height} {what}, so nothing the keys changed moved "
                             f"{'it' if len(same) == 1 else 'them'} in these games (more games per point, or other "
                             f"values, may)")
        raise UsageError(f"{run_dir}: no effect can be estimated from {design.rows.height} {what} over "
                         f"{len(design.keys)} key(s): a key's effect needs {need}, and numbers "
                         "that vary (tune with a larger --budget, or sweep more values)")
    md, js = explain_markdown(design, table), explain_json(design, table)
    pages = dict(zip((run_dir / name for name in PAGES), (md, js, explain_html(design, table)), strict=True))
    for path in (*pages, run_dir / DIGESTS):
        # A folder in a file's place was an internal error ("Is a directory", exit 1) without
        # --force, and with it the files before it were replaced, then "nothing was replaced".
        if path.is_dir():
            raise UsageError(f"{path}: is a folder, where explain writes a file; move it out of {run_dir}")
        # A named pipe was replaced without --force: not a file, so never "edited since"
        check_replaceable(path, str(path), f"move it out of {run_dir}")
    edited = [path for path in edited_pages(run_dir) if not same_text(path, pages[path])]
    if edited and not force:
        raise UsageError(f"{edited[0]}: edited since explain wrote it (or not written by explain); add --force to "
                         "replace it")
    new = {path.name: {_digest(text.encode())} for path, text in pages.items()}
    # The pages are replaced one at a time: until the last is, the record holds each page's old
    # digest and its new one, so a full disk or an interruption between two of them leaves no
    # page that reads as edited (tune --resume refused the folder for it, explain asked --force)
    old = {path.name: {_digest(path.read_bytes())} for path in pages if path.is_file() and path not in edited}
    _record(run_dir, {name: new[name] | old.get(name, set()) for name in new})
    for path, text in pages.items():
        write_atomic(path, text)
    _record(run_dir, new)
    typer.echo(md if fmt == "md" else js, nl=fmt != "md")
    status_console().print(f"wrote {run_dir / 'explain.html'}, explain.md, explain.json")
