"""`playtest report`: regenerate a run's report (HTML, Markdown or JSON) from its Parquet."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app


class Format(StrEnum):
    html = "html"
    md = "md"
    json = "json"


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by `playtest simulate` (run.json, games.parquet, events.parquet).")],
    fmt: Annotated[Format, typer.Option("--format", "-f", help="html (self-contained page), md (pull-request comment) or json (docs/report-json.md).")] = Format.html,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output file; '-' for standard output (default RUN_DIR/report.<ext>).")] = None,
) -> None:
    """Write the balance report of a finished run without re-simulating.

    Every metric carries its estimate, 95% interval, sample size and a one-line definition.
    """
    from playtest.report.model import build_report
    from playtest.report.write import SUFFIX, render, write_atomic
    from playtest.sim.batch import read_run

    info, games, events = read_run(run_dir)
    text = render(build_report(info, games, events), fmt.value)
    if out is not None and str(out) == "-":
        sys.stdout.write(text)
        return
    path = out or run_dir / f"report{SUFFIX[fmt.value]}"
    write_atomic(path, text)
    print(f"wrote {path}")
