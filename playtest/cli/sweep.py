"""`playtest sweep VARIANT --set key=v1,v2,...`: the grid of variants, same seeds, key metrics."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from playtest.cli.app import app
from playtest.cli.common import (
    PLAYERS_HELP,
    from_bots_option,
    out_console,
    print_notes,
    split_bots,
    status_console,
)
from playtest.cli.compare import check_format, check_output_dir, command_line
from playtest.errors import Problem, UsageError, VariantError, override_label
from playtest.io import default_output, default_place, staged_dir, temporary_runs, write_atomic
from playtest.text import clean, echoed

if TYPE_CHECKING:
    from playtest.compare.metrics import MetricFn
    from playtest.sim.batch import RunConfig
    from playtest.variants import Variant

# Heavy libraries (polars, scipy, altair) are imported inside the commands: `playtest --help`
# and `playtest validate` start in a fraction of a second.


PROBE_GAMES = 40
"""Games per grid point in which a --metric that one game per seat did not show is looked for
before the grid is played: some metrics exist only once an event has happened (Oh-Seven's
share_trigger needs a rebid, which one game per seat may lack)."""


def once_per_axis(problems: list[Problem], sets: list[str], keys: list[str]) -> list[Problem]:
    """A problem said alike at every value of an axis is the key's, not a value's (a misspelt
    `--set max_round=5,6` read 'unknown key' once per value): one line, at the axis as written.
    A problem that quotes its value (`got 'x'`) stays one line per bad value."""
    out: list[Problem] = []
    seen: dict[tuple[object, ...], int] = {}
    for p in problems:
        axis = next((text for text, key in zip(sets, keys, strict=True) if p.in_override and p.override().startswith(f"{key}=")), None)
        same = (axis, p.line, p.col, p.path, p.message)
        if axis is None or same not in seen:
            if axis is not None:
                seen[same] = len(out)
            out.append(p)
        else:
            out[seen[same]] = replace(out[seen[same]], file=override_label(axis))
    return out


def once_for_the_grid(problems: list[Problem], points: int, sets: list[str]) -> list[Problem]:
    """A problem in the file said alike at every grid point but for the --set its parenthesis
    names is the file's, whatever the swept values: one line, naming the --set as written (an
    unknown key in the file read 'bogus: unknown key ... (with --set crews.bays.time=1)' once per
    value, h250). One said at only some points, or quoting a point's value, stays one per point."""
    def same(p: Problem) -> tuple[object, ...]:
        return p.file, p.line, p.col, p.path, p.naming(()).message

    counts = Counter(same(p) for p in problems if not p.in_override)
    out: list[Problem] = []
    said: set[tuple[object, ...]] = set()
    for p in problems:
        if p.in_override or counts[same(p)] < points:
            out.append(p)
        elif same(p) not in said:
            said.add(same(p))
            out.append(p.naming(sets))
    return out


def blame_combination(problems: list[Problem], overrides: list[str], loaded: set[str]) -> list[Problem]:
    """Each problem in one of a grid point's `overrides` whose value loads at another point
    (`loaded`: the overrides of the points that loaded) with the point's other --set named: the
    combination is invalid, not the value ('--set cubes.start_in_hand=12: ... only 10 per player'
    blamed 12 alone, which loads beside cubes.total=15)."""
    out = []
    for p in problems:
        others = [o for o in overrides if o != p.override()]
        if p.in_override and p.override() in loaded and others:
            partners = " ".join(f"--set {echoed(o)}" for o in others)
            p = replace(p, message=f"{p.message} (with {partners}: the combination is invalid, {echoed(p.override())} "
                                   "loads at other grid points)")
        out.append(p)
    return out


def check_metric_names(metrics: list[str], variants: list[Variant], probe: RunConfig, n: int, fn: MetricFn) -> None:
    """Every --metric must show in a probe played before the grid: one game per seat at each grid
    point, then, only while a name is still unseen, up to PROBE_GAMES (at most -n) at each. The
    probe's games are the first games of the grid's own runs (same seed), played aside."""
    from playtest.analysis import columns as C
    from playtest.analysis.offs import metric_off, variant_switched_off
    from playtest.compare.runs import Runs

    where = "at each of the grid points" if len(variants) > 1 else "of the variant"
    offs = [variant_switched_off(v, probe.players) for v in variants]
    for m in metrics:  # off everywhere: say so (it has no value anywhere), not "no such metric"
        off = [metric_off(mine, m) for mine in offs]
        first = off[0]
        if first is not None and all(o is not None for o in off):
            place = "at every grid point" if len(variants) > 1 else "in the variant"
            raise UsageError(f"--metric {m}: switched off {place} by {first.why} ({first.what}): it has no value "
                             "to show")
    seen: dict[str, None] = {}
    games = probe.n_games
    with temporary_runs("probe") as probe_dir:
        runs = Runs(variants, [f"point-{i}" for i in range(len(variants))], probe, Path(probe_dir))
        for size in dict.fromkeys((probe.n_games, max(probe.n_games, min(n, PROBE_GAMES)))):
            games = size
            for sample in runs.grow_to(size):
                seen |= dict.fromkeys(fn(sample.info, sample.games, sample.events)[C.METRIC].to_list())
                if all(m in seen for m in metrics):  # the other points' metrics are not needed
                    return
    unknown = next(m for m in metrics if m not in seen)
    # (said as the check's own games: "in 4 games at each of the grid points" read as -n's, under -n 2)
    raise UsageError(f"--metric {unknown}: no such metric in the {games} games {where} that the check of the "
                     f"--metric names played before the sweep (known: {', '.join(seen)})")


@app.command()
def sweep(
    variant: Annotated[Path, typer.Argument(help="Variant YAML file.", metavar="VARIANT")],
    sets: Annotated[list[str], typer.Option("--set", help="A key and the values to try, e.g. --set crews.bays.time=1,2,3,4 "
                                            "(repeatable: the grid of every combination); !remove as a value is a point without the key "
                                            "(its default).", metavar="KEY.PATH=V1,V2,...")],
    n: Annotated[int, typer.Option("-n", "--games", help="Games per grid point.", min=2)] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots by seat, or one name for every seat.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Root seed, the same for every grid point.")] = 0,
    metrics: Annotated[list[str] | None, typer.Option("--metric", "-m", help="A metric to show (repeatable; default: the key metrics).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="What to print: text, md or json.")] = "text",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/sweep-<time>): runs, sweep.html/.md/.json/.csv.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are).", min=0)] = 0,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists (only once the new sweep is complete).")] = False,
) -> None:
    """Simulate every combination of the swept values with the same seed and chart key metrics.

    Each --set names one key and a comma-separated list of values (YAML); several --set give the
    grid of every combination. Every point plays the same deals and bot dice. Prints a table per
    metric (estimate and 95% interval at each point) and writes sweep.html (self-contained,
    offline: each metric against the first swept key, with intervals), sweep.md, sweep.json and
    sweep.csv (the long table, with the line-up on every row) to --out.
    """
    import polars as pl
    from rich.table import Table

    from playtest.analysis import columns as C
    from playtest.analysis.metrics import metric_info
    from playtest.analysis.offs import switched_off
    from playtest.compare import render
    from playtest.compare.metrics import complete, distribution_groups, report_metrics
    from playtest.compare.runs import Runs, common_lineup
    from playtest.compare.sweep import (
        POINT,
        as_written,
        check_distinct_points,
        check_grid_size,
        grid,
        key_metrics,
        parse_axis,
        sweep_table,
    )
    from playtest.report.model import label_of, variant_names
    from playtest.sim.batch import RunConfig, check_disk, check_games, check_run
    from playtest.variants import load_variant
    check_format(fmt, ("text", "md", "json"))
    axes = [parse_axis(s) for s in sets]
    check_games(n, least=2)  # -n alone first, as simulate says it (the grid's total read "1 grid points × ...")
    check_grid_size([len(a.values) for a in axes], n)
    points = grid(axes)
    loaded, failed = [], []
    for p in points:  # every bad value of the grid at once, not only the first (`k=0,x,-1` named only x)
        try:
            loaded.append(load_variant(variant, p.overrides()))
        except VariantError as err:
            failed.append((p, err.problems))
    if failed:
        bad = {id(p) for p, _ in failed}
        good = {o for p in points if id(p) not in bad for o in p.overrides()}
        problems = [pr for p, mine in failed for pr in blame_combination(mine, p.overrides(), good)]
        raise VariantError(once_for_the_grid(once_per_axis(problems, sets, [a.key for a in axes]), len(points), sets))
    check_distinct_points(axes, sets, points, [v.model for v in loaded])
    try:
        # Every point is the same file: an error names the point (`deck.copies.4=!remove`, whose
        # variant has no 4-player deck, was told "base.yaml: --players 4 is not supported").
        players_, lineup = common_lineup(loaded, players, split_bots(bots),
                                         names=[f"{v.path} at {p.label}" for v, p in zip(loaded, points, strict=True)])
    except UsageError as err:
        raise from_bots_option(err) from None
    out_dir = out if out is not None else default_output(Path("reports") / f"sweep-{time.strftime('%Y%m%d-%H%M%S')}")
    with default_place(out_dir, given=out is not None):
        check_output_dir(out_dir, force, [Path(p) for v in loaded for p in v.chain])
    config = RunConfig(n_games=n, players=players_, lineup=lineup, seed=seed, workers=workers, command=command_line())
    check_run(config)
    with default_place(out_dir, given=out is not None):
        check_disk(config, out_dir, runs=len(points), reports=True)  # every grid point's run, before the first is played
    fn = report_metrics()
    status = status_console()
    if metrics:  # a few games first, so that a misspelt --metric fails now, not after the whole grid
        check_metric_names(metrics, loaded, RunConfig(n_games=players_, players=players_, lineup=lineup, seed=seed,
                                                      workers=1), n, fn)
    print_notes(loaded, workers=workers)  # once every check has passed (print_notes)
    for axis, text in zip(axes, sets, strict=True):
        if len(axis.values) == 1:
            typer.echo(clean(f"note: --set {text}: one value, so {axis.key} is not swept (give several: "
                             f"{axis.key}=V1,V2,...)"), err=True)
    status.print(f"simulating {n} games at each of {len(points)} grid points …")
    folders = [p.folder(i) for i, p in enumerate(points)]
    with default_place(out_dir, given=out is not None), staged_dir(out_dir, force=force, option="--out") as staging:
        samples = Runs(loaded, folders, config, staging / "runs").grow_to(n)
        if len(samples) > 1 and all(s.games.equals(samples[0].games) and s.events.equals(samples[0].events)
                                    for s in samples[1:]):
            # Every point the same moves and scores: `crews_dealt.4=5,6,7` at --players 3 (a setting of
            # another player count) printed identical columns as if the key had been measured not to matter.
            typer.echo(clean(f"note: every grid point played the very same games (the same moves and scores in all "
                             f"{n} games at {players_} players): the swept values change nothing here (a setting "
                             f"of another player count than {players_}?)"), err=True)
        tables = [fn(s.info, s.games, s.events) for s in samples]
        # A category a point never produced (a game length, a crew never taken first) is 0% there,
        # with the exact interval of a share never seen, as compare shows it; it was a blank '–'.
        declared = metric_info(samples[0].info)  # the game's own metrics' kinds
        groups = distribution_groups(tables)
        tables = [complete(t, groups, switched_off(s.info), n, declared) for t, s in zip(tables, samples, strict=True)]
        table = sweep_table(axes, points, tables)
        offs = {p.label: switched_off(s.info) for p, s in zip(points, samples, strict=True)}
        chosen = key_metrics(table, metrics or ())
        if metrics:
            unknown = [m for m in metrics if m not in chosen]
            if unknown:
                known = ", ".join(dict.fromkeys(table[C.METRIC].to_list()))
                raise UsageError(f"--metric {unknown[0]}: no such metric (known: {known})")
        labels = [p.label for p in points]
        run = {"game": loaded[0].game, "variant": loaded[0].path, "games": n, "players": players_, "lineup": list(lineup), "seed": seed,
               "command": config.command, "axes": [{"key": a.key, "values": list(a.values)} for a in axes],
               "as_written": as_written(load_variant(variant).resolved, points, [v.resolved for v in loaded])}
        keys = [a.key for a in axes]
        names = variant_names(loaded[0].resolved)
        md = render.sweep_markdown(table, chosen, labels, run, offs, declared, lambda g: label_of(names, g))
        js = render.sweep_json(table, chosen, run, offs)
        write_atomic(staging / "sweep.md", md)
        write_atomic(staging / "sweep.json", js)
        # the line-up on every row, as sweep.json's run says it: a CSV passed on alone said no bots
        write_atomic(staging / "sweep.csv", table.with_columns(pl.lit(",".join(lineup)).alias("lineup")).write_csv())
        write_atomic(staging / "sweep.html", render.sweep_html(table, chosen, keys, run, offs, declared,
                                                               lambda g: label_of(names, g)))
    if fmt == "md":
        typer.echo(md, nl=False)
    elif fmt == "json":
        typer.echo(js)
    else:
        console = out_console()
        if note := render.sweep_unread(run):
            console.print(note.text(), markup=False, highlight=False)
            console.print()
        if off := render.sweep_off_lines(offs):
            console.print(f"{render.SWEEP_OFF_HEADING}:", markup=False, highlight=False)
            for line in off:
                console.print(f"  {line}", markup=False, highlight=False)
            console.print()
        shown: list[str] = []
        for m in chosen:
            part = table.filter(pl.col(C.METRIC) == m)
            t = Table(title=Text(render.sweep_title(m, declared)), title_justify="left", show_edge=False, pad_edge=False)
            t.add_column("group")
            # plain Text, here and in the cells: rich would read "[red]" as markup; a heading too
            # long for its column folds (rich's default cuts it with '…', and the cut fell on the
            # values: two points' headings read the same)
            for lb in labels:
                t.add_column(Text(lb), justify="right", overflow="fold")
            cells = {(r[POINT], r[C.GROUP]): r for r in part.iter_rows(named=True)}
            for g in dict.fromkeys(part[C.GROUP].to_list()):
                row = [render.sweep_cell(cells.get((lb, g)), m, g, offs[lb], declared) for lb in labels]
                shown += row
                t.add_row(Text(label_of(names, str(g))), *map(Text, row))
            console.print(t)
            console.print()
        if render.sweep_blank(shown):
            console.print(render.SWEEP_BLANK, markup=False, highlight=False)
        console.print(render.sweep_settings_line(run), markup=False, highlight=False)
    status.print(f"wrote {out_dir / 'sweep.html'}, sweep.md, sweep.json, sweep.csv")
