"""`playtest report`: regenerate a run's report (HTML, Markdown or JSON) from its Parquet."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import ReportFormat, check_report_suffix, output_file, report_format
from playtest.errors import UsageError
from playtest.text import clean


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file; a path that cannot be resolved (a symbolic link loop:
    "internal error: RuntimeError: Symlink loop") names no other, and --out's checks say why."""
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by `playtest simulate` (run.json, games.parquet, events.parquet).",
                                                    metavar="RUN_DIR")],
    fmt: Annotated[ReportFormat | None, typer.Option("--format", "-f", help="html or htm (self-contained page), md (pull-request comment) or json (docs/report-json.md); default: the --out file's suffix (.html, .htm, .md or .json; another is refused), else html.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output file; '-' for standard output (default RUN_DIR/report.<ext>).",
                                                        parser=output_file("--out"), metavar="<path>")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing --out file (or the run's own report.<ext>).")] = False,
) -> None:
    """Write the balance report of a finished run without re-simulating.

    Every metric carries its estimate, 95% interval, sample size and a one-line definition.
    A partial run (interrupted, see `simulate --resume`) is reported from its finished games.
    The report never replaces the run's own files or the variant files it was simulated from,
    nor an existing report (the run's report.<ext> that simulate wrote, or an --out file)
    without --force; nor, even with --force, another run's files or own report.<ext>.
    """
    from playtest.io import (
        RUN_DATA_FILES,
        check_free,
        check_not_input,
        check_output_path,
        check_replaceable,
        same_text,
    )
    from playtest.report.model import build_report
    from playtest.report.write import SUFFIX, render, write_atomic
    from playtest.sim.rundir import is_locked, open_run, partial_dir, reading, report_tables

    kind = report_format(fmt, out, "html")
    to_stdout = out is not None and str(out) == "-"
    default = (run_dir if run_dir.is_dir() else partial_dir(run_dir)) / f"report{SUFFIX[kind]}"
    if out is not None and not to_stdout and _same_file(out, default):
        out = None  # the run's own report, named: as if not named (left alone when it is the same)
    if out is not None and not to_stdout:
        check_output_path(out, "--out", folder=False, report_of=run_dir)  # not another run's own report
        inputs = [run_dir / name for name in RUN_DATA_FILES] + [partial_dir(run_dir) / name for name in RUN_DATA_FILES]
        inputs += [run_dir / "chunks", partial_dir(run_dir) / "chunks", *_variant_files(run_dir)]
        check_not_input(out, inputs, "--out")
        check_free(out, force, "--out")
        check_report_suffix(fmt, out)
    if out is None:  # (a pipe there read "the run already has a different report", and --force replaced it)
        check_replaceable(default, str(default), "give --out FILE")
    if out is None and (force or not default.exists()):  # the report goes into the run folder: can it?
        from playtest.io import check_writable_folder

        check_writable_folder(default.parent, f"the report would be written there ({default.name}); "
                              "give --out FILE, or --out - for standard output")
    run = open_run(run_dir)  # lazy scans, read into memory for a small run only (bounded memory)
    info = run.info
    if "planned_games" in info:
        # (while the run still plays, "--resume finishes it" asked for what its own process does)
        how = ("another playtest process is still playing it" if is_locked(default.parent) else
               f"`playtest simulate --resume {run_dir}` finishes it")
        damaged = f"; {info['damaged']} left out, which the resume plays again" if info.get("damaged") else ""
        typer.echo(f"note: partial run: {info['games']:,} of {info['planned_games']:,} games ({how}){damaged}", err=True)
    else:
        from playtest.sim.batch import newer_run_beside

        newer = newer_run_beside(run_dir)  # (a `simulate --force` into the run, interrupted)
        if newer is not None:
            typer.echo(clean(f"note: this report is of the finished run in {run_dir}; {newer}"), err=True)
    games, events = report_tables(run)
    with reading(run_dir):
        text = render(build_report(info, games, events), kind)
    if to_stdout:
        sys.stdout.write(text)
        return
    if out is None and default.exists() and not force:
        # The report simulate wrote, asked for again: the same page is no reason to refuse.
        if same_text(default, text):
            typer.echo(clean(f"{default} is up to date (the same report is already there)"))
            return
        raise UsageError(f"{default}: the run already has a different report (edited since, or written by "
                         "another playtest version); add --force to write it again, or --out FILE")
    path = out or default
    write_atomic(path, text)
    typer.echo(clean(f"wrote {path}"))


def _variant_files(run_dir: Path) -> list[Path]:
    """The variant files a run was simulated from: inputs too, never to be written over. Read
    from run.json's `variant.files` (absolute paths); a run written before that field has only
    `path` and `chain`, relative to the folder simulate ran in: those count where they name a
    file as seen from here (best effort; a run without a readable run.json has none)."""
    from playtest.errors import PlaytestError
    from playtest.sim.rundir import partial_dir, read_json

    for folder in (run_dir, partial_dir(run_dir)):
        try:
            variant = read_json(folder / "run.json").get("variant", {})
        except PlaytestError:  # not there, not JSON, not an object: open_run says which, after the checks of --out
            continue
        if not isinstance(variant, dict):
            return []
        files = variant.get("files")
        if isinstance(files, list):
            return [Path(p) for p in files if isinstance(p, str)]
        chain = variant.get("chain")
        named = [variant.get("path"), *(chain if isinstance(chain, list) else [])]
        return [Path(p) for p in named if isinstance(p, str) and Path(p).exists()]
    return []


