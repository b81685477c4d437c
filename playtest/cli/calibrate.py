"""`playtest calibrate TRANSCRIPT... --against RUN_DIR...`: which bot run plays like your table?"""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import (
    ReportFormat,
    check_report_suffix,
    out_console,
    output_file,
    report_format,
)
from playtest.errors import UsageError
from playtest.text import clean

SUFFIX = {"html": ".html", "md": ".md", "json": ".json"}


@app.command()
def calibrate(
    transcripts: Annotated[list[Path], typer.Argument(help="Recorded table games (transcripts) of one variant.",
                                                      metavar="TRANSCRIPT")],
    against: Annotated[list[Path], typer.Option("--against", help="A run folder to compare with (repeatable; "
                                                "e.g. one self-play run per bot rung).")],
    fmt: Annotated[ReportFormat | None, typer.Option("--format", "-f", help="Also write the report as html (or htm), md or json: into --out, else reports/calibrate-<time>.<ext> (with --out the format defaults to its suffix, .html, .htm, .md or .json).")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Report file (default with --format: "
                                             "reports/calibrate-<time>.<ext>, where the other commands put their "
                                             "outputs); '-' for standard output.", parser=output_file("--out"),
                                             metavar="<path>")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing report file.")] = False,
) -> None:
    """Compare recorded table games with bot runs: every report metric side by side with
    intervals that respect how few table games there are (none from fewer than 4: the estimates
    are shown alone, with the reason), the closest run overall and per metric, and where the
    table differs from every run. With --format or --out the whole report is written too: into
    --out, else reports/calibrate-<time>.<ext> (as simulate, compare, sweep and tune put their
    outputs under reports/), never over an earlier one."""
    from playtest.analysis.calibration import SECTIONS, Source, run_labels
    from playtest.analysis.calibration import calibrate as compare_runs
    from playtest.analysis.metrics import all_metrics
    from playtest.io import (
        check_free,
        check_not_input,
        check_output_path,
        default_output,
        default_place,
        not_folder,
        resolved,
    )
    from playtest.play.table import read_table_games, table_frames
    from playtest.report import calibration as R
    from playtest.report.model import variant_names
    from playtest.report.write import write_atomic
    from playtest.sim.batch import read_run
    from playtest.variants.loader import rules_edited, variant_hash_now

    if not against:
        raise UsageError("--against: give at least one run folder")
    from playtest.sim.rundir import partial_dir

    def read_from(path: Path) -> Path:  # an unfinished run RUN is read in RUN.partial
        return partial_dir(path) if not path.is_dir() and partial_dir(path).is_dir() else path

    for what, paths in (("TRANSCRIPT", transcripts), ("--against", against)):
        seen: dict[Path, Path] = {}
        for path in paths:
            first = seen.setdefault(resolved(read_from(path) if what == "--against" else path, f"{what} {path}"), path)
            if first is not path:  # the same table game twice would count twice
                raise UsageError(f"{what}: {path} is given twice" + (f" (also as {first})" if first != path else ""))

    for run_dir in against:  # before the table games are replayed
        if not run_dir.is_dir() and not partial_dir(run_dir).is_dir():  # (an unfinished run is read, as report reads it)
            raise UsageError(f"--against {run_dir}: {not_folder(run_dir, 'run folder')}")
    kind = report_format(fmt, out, "md")
    # Not calibration.<ext> in the working folder (where a second calibration was refused, "already
    # exists"): beside the other commands' outputs, under a name of its own (io.default_output).
    path = out or default_output(Path("reports") / f"calibrate-{time.strftime('%Y%m%d-%H%M%S')}{SUFFIX[kind]}",
                                 file=True)
    to_file = (fmt is not None or out is not None) and str(path) != "-"
    spec, games = read_table_games(transcripts)
    if to_file:  # before the comparison: the report may replace neither an input nor, without --force, a file
        variant_files = [Path(p) for g in games for p in g.variant.chain]
        with default_place(path, given=out is not None):
            check_output_path(path, "--out", folder=False)
            check_not_input(path, [*transcripts, *variant_files, *against], "--out")
            check_free(path, force, "--out")
        check_report_suffix(fmt, path)
    info, tg, te = table_frames(spec, games)
    played = []
    for run_dir in against:
        rinfo, rg, re_ = read_run(run_dir, use="against")
        if rinfo.get("game") != spec.name:
            raise UsageError(f"--against {run_dir}: a run of {rinfo.get('game')}, but the transcripts are games of {spec.name}")
        if rinfo.get("players") != info["players"]:
            raise UsageError(f"--against {run_dir}: {rinfo.get('players')}-player games, but the table played "
                             f"with {info['players']}")
        if "planned_games" in rinfo:  # its saved games only: said, as report says it
            damaged = f"; {rinfo['damaged']} left out" if rinfo.get("damaged") else ""
            typer.echo(f"note: --against {run_dir}: partial run: {rinfo['games']:,} of {rinfo['planned_games']:,} games"
                       f"{damaged}", err=True)
        played.append((rinfo, rg, re_))
    labels = run_labels([p[0] for p in played], against)
    runs = [Source(label, *p) for label, p in zip(labels, played, strict=True)]
    # Calibration compares only what can be tested (analysis/calibration.py): no quantiles, and
    # no section of which it compares nothing.
    cal = compare_runs(Source("table", info, tg, te), runs, partial(all_metrics, keys=SECTIONS, quantiles=False))
    # The rules each run played (its resolved variant, read now: rules_edited), not the hash its
    # run.json recorded: a run made before variant_hash canonicalised numbers recorded the hash as
    # spelt, and one whose variant wrote 2.0 (or, before scalars_as_validated, "2") was noted as
    # other rules than a table game of the same draft; so was a run of the draft renamed.
    table_hash, table_resolved = games[0].variant.hash, games[0].variant.resolved
    other_rules = [{"run": r.label, "folder": str(d),
                    "variant_hash": variant_hash_now(spec.schema, r.info["variant"]["resolved"]),
                    "changes": [c.as_dict() for c in edits]}
                   for r, d in zip(runs, against, strict=True)
                   if (edits := rules_edited(table_resolved, r.info["variant"]["resolved"]))]
    meta = {"game": spec.name, "variant": games[0].variant.path, "variant_hash": table_hash,
            "table_games": len(games), "transcripts": [str(t) for t in transcripts],
            "runs": {r.label: str(d) for r, d in zip(runs, against, strict=True)},
            "other_rules": other_rules, "names": variant_names(games[0].variant.resolved)}
    # On stderr in every format, as the other `note:` lines: with -f json -o - it was printed
    # nowhere (and before the report on stdout in the terminal's); the reports record it too.
    for o in other_rules:
        typer.echo(clean(f"note: {o['folder']}: variant {o['variant_hash']} differs from the table's ({table_hash}; "
                         f"{R.changes_in(o)}): the runs may not be of the same rules"), err=True)
    if fmt is not None or out is not None:
        text = {"json": lambda: json.dumps(R.to_json(cal, meta), indent=2, ensure_ascii=False),
                "md": lambda: R.to_markdown(cal, meta), "html": lambda: R.to_html(cal, meta)}[kind]()
        if not to_file:
            typer.echo(text)
            return
        write_atomic(path, text)
    console = out_console()
    console.print(R.to_markdown(cal, meta).split("## Every metric")[0].rstrip(), markup=False)
    if fmt is not None or out is not None:
        console.print(f"report: {path}", markup=False)
