"""`playtest simulate`: Monte Carlo games → Parquet tables, run.json and a terminal summary."""

from __future__ import annotations

import contextlib
import re
import shlex
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import (
    PLAYERS_HELP,
    SetOption,
    from_bots_option,
    load,
    out_console,
    print_notes,
    split_bots,
    status_console,
    with_progress,
)
from playtest.errors import Interrupted, UsageError, with_sets
from playtest.games import get_game
from playtest.text import clean

if TYPE_CHECKING:
    import polars as pl

    from playtest.analysis.frames import Table
    from playtest.report.model import Report

# Heavy libraries (polars, scipy, altair) are imported inside the commands: `playtest --help`
# and `playtest validate` start in a fraction of a second.


SUMMARY_MAX_ROWS = 16
"""Tables longer than this stay in the report and are only named in the terminal summary."""


RUN_SETTINGS = {"n": "-n", "players": "--players", "bots": "--bots", "seed": "--seed", "out": "--out",
                "no_rotate": "--no-rotate", "chunk_size": "--chunk-size", "force": "--force"}
"""simulate's options that a run keeps from its start (run.json): --resume refuses them rather
than ignore them. --workers and --backend may differ: the results do not depend on them."""


def _given(ctx: typer.Context, options: dict[str, str]) -> list[str]:
    """The options among `options` (parameter name → option) given on this command line (by
    the source's name: typer carries its own copy of click's ParameterSource)."""
    return [flag for name, flag in options.items()
            if getattr(ctx.get_parameter_source(name), "name", "") == "COMMANDLINE"]


def default_out(variant_slug: str) -> Path:
    """reports/<variant>-<date>-<time>, with -2, -3, ... when a run (finished or in progress)
    already has that name: two runs started in the same second get folders of their own."""
    from playtest.io import default_output
    from playtest.sim.rundir import partial_dir

    base = Path("reports") / f"{variant_slug}-{time.strftime('%Y%m%d-%H%M%S')}"
    return default_output(base, lambda out: partial_dir(out).exists())


def summary_tables(games: Table, report: Report, floors: Mapping[str, float] | None = None) -> list[tuple[str, pl.DataFrame]]:
    """The terminal summary: a few generic tables, then the game's own tables from the report
    (computed once, from the run's lazy scans). `floors`: the run's score floors
    (analysis/floors.py), where the mean scores' intervals stop."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis import common
    from playtest.analysis.offs import drop_off
    # A game's table that repeats this one (New Frontiers' by start position) is shown once, under both names
    seats = " = ".join(["Win rate by seat", *(t[0].lower() + t[1:] for t in report.repeated_by("win_rate_by_seat"))])
    tables = [
        (seats, common.seat_win_rates(games)),
        ("Win rate by bot", common.bot_win_rates(games)),
        ("Mean score by bot and component", drop_off(common.mean_score_by(games, "bot", floors), report.switched_off)),
        ("Game length (rounds)", common.game_length(games)),
    ]
    # The game's groups as the reports write them ('ベイス Bays', not the id 'bays'): the terminal
    # was the one place a crew, planet or color showed as its bare id.
    return tables + [(s.title, s.table.with_columns(pl.col(C.GROUP).map_elements(report.label, return_dtype=pl.String)))
                     for s in report.shown if s.game]


@app.command()
def simulate(
    ctx: typer.Context,
    variant: Annotated[Path | None, typer.Argument(help="Variant YAML file (not with --resume).", metavar="VARIANT")] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots by seat, or one name for every seat, "
                                      "e.g. random or random,random,mcts:400 (each game has its own bots besides random: an "
                                      "unknown name lists them). Search bots for every game: "
                                      "mcts:N (UCT, N iterations per decision) and ismcts:N (information-set "
                                      "search for hidden cards), with options after the budget: "
                                      ":rollout=random|<a bot of the game> :depth=K|end (cut rollouts after K moves, "
                                      "then the game's evaluation; Oh-Seven's default 30) :c=<exploration, default √2 ≈ 1.414> "
                                      ":reward=win|margin :reuse=yes|no (keep the chosen move's subtree for the same "
                                      "seat's next decision, default no), e.g. mcts:400:rollout=random:c=0.7.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Root seed: same seed, same rows.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are, "
                                         "except with --backend dask).")] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/<variant>-<time>).")] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Keep each bot in its seat instead of rotating seats game by game.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar and no summary tables (the run, its report and any warning are still named).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace a run already in --out (only once the new one is complete), "
                                        "or discard an interrupted one.")] = False,
    resume: Annotated[Path | None, typer.Option("--resume", help="Finish an interrupted run: its --out folder (or the "
                                                "folder's .partial sibling). Plays only the missing games.")] = None,
    backend: Annotated[str, typer.Option("--backend", help="Where games are played: pool (local processes) or dask.")] = "pool",
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="With --backend dask: address of a running Dask "
                                                  "scheduler, e.g. tcp://10.0.0.5:8786 (default: a local cluster).")] = None,
    chunk_size: Annotated[int, typer.Option("--chunk-size", help="Games per saved chunk (what an interruption can lose "
                                            "at most per worker).")] = 500,
    set_: SetOption = None,
) -> None:
    """Play N games with bots and write games.parquet, events.parquet, run.json.

    Seats rotate game by game (game g puts the line-up's bot i in seat i+g) so seat effects and
    bot effects can be told apart. The same seed gives the same rows for any --workers and on
    either backend. Results are saved chunk by chunk: an interrupted run (Ctrl-C, SIGTERM, a
    crash) keeps its finished games in OUT.partial, and --resume OUT finishes it.
    """
    from playtest.analysis.offs import lines as off_lines
    from playtest.io import check_not_input, default_place
    from playtest.report.model import build_report, safety_stop_note, unrotated_mixed
    from playtest.report.terminal import print_tables
    from playtest.report.write import render, write_atomic
    from playtest.sim.batch import (
        BACKENDS,
        RunConfig,
        check_disk,
        check_lineup,
        check_not_partial_name,
        check_run,
        default_players,
        effective_workers,
        prepare_out,
        resume_batch,
        run_batch,
    )
    from playtest.sim.rundir import RunStartedBeside, open_run, reading, report_tables
    status = status_console()
    if backend not in BACKENDS:
        raise UsageError(f"--backend {backend}: expected one of {', '.join(BACKENDS)}")
    if scheduler is not None and backend != "dask":
        raise UsageError(f"--scheduler {scheduler}: only with --backend dask")
    if scheduler is not None and not _SCHEDULER.fullmatch(scheduler):
        raise UsageError(f"--scheduler {scheduler}: expected an address like tcp://host:8786")
    effective_workers(workers, backend)  # (--workers -1: refused before anything is read; a cap is a note, print_notes)
    if resume is not None:
        if variant is not None or set_:
            raise UsageError("--resume: give only the run folder; the variant and settings are the run's own")
        fixed = _given(ctx, RUN_SETTINGS)
        if fixed:
            raise UsageError(f"--resume: {', '.join(fixed)} cannot change a run half-way; the run finishes as it "
                             f"was started (drop {'them' if len(fixed) > 1 else 'it'}, or start a new run)")
        out_dir = resume
        result = with_progress(status, quiet, None, lambda cb: resume_batch(
            resume, workers=workers, progress=cb, backend=backend, scheduler=scheduler,
            checked=lambda: print_notes((), workers=workers, backend=backend)))
    else:
        if variant is None:
            raise UsageError("missing VARIANT (or --resume RUN_FOLDER)")
        if players is not None and players < 2:  # (before the variant is read, as play and compare say it)
            raise UsageError(f"--players {players}: a game needs at least 2 players")
        if players is not None and players > MAX_PLAYERS:
            raise UsageError(f"--players {players}: must be from 2 to {MAX_PLAYERS}")
        v = load(variant, set_)
        spec = get_game(v.game)
        asked = players is not None
        if players is None:
            players = default_players(v.model.player_counts(), split_bots(bots))
        try:
            lineup = check_lineup(spec, v, players, split_bots(bots), asked=asked)
        except UsageError as err:
            raise from_bots_option(err) from None
        out_dir = out if out is not None else default_out(v.slug)
        command = "playtest " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        config = RunConfig(n_games=n, players=players, lineup=lineup, seed=seed, workers=workers,
                           rotate=not no_rotate, command=command, chunk_size=chunk_size)
        check_run(config, backend)
        with default_place(out_dir, given=out is not None):
            check_not_input(out_dir, [Path(p) for p in v.chain], "--out")
            check_not_partial_name(out_dir)
        noted = False
        while True:
            try:
                with default_place(out_dir, given=out is not None):
                    prepare_out(out_dir, force=force)
                    check_disk(config, out_dir, reports=True)  # (run_batch's own check came after the notes below)
                    if not noted:  # legal, but can never take effect: said once every check has passed (print_notes)
                        print_notes([v], workers=workers, backend=backend)
                        noted = True
                    result = with_progress(status, quiet, n, lambda cb: run_batch(  # (called in this pass)
                        v, config, out_dir, progress=cb, force=force, backend=backend, scheduler=scheduler))  # noqa: B023
                break
            except RunStartedBeside:
                # Two runs started in the same second chose the same default name: the later one
                # stopped with "internal error: File exists"; it takes the next name (-2, -3, ...).
                if out is not None:
                    raise
                out_dir = default_out(v.slug)
    out_dir = result.out_dir
    report_path = out_dir / "report.html"
    try:
        run = open_run(out_dir)  # scans, read into memory for a small run only: bounded memory for 10^6 games
        info = run.info
        games, events = report_tables(run)
        with reading(out_dir):  # (turns an error reading the run into one line naming it)
            report = build_report(info, games, events)
            page = render(report, "html")
        write_atomic(report_path, page)
    except Interrupted:  # its own line said "nothing was written": the games were
        from playtest.cli.app import interruption  # (defined after app.py registers this module)

        raise Interrupted(f"{interruption()} while the report was written: the {result.games:,} games are saved in {out_dir} "
                          f"without a report (`playtest report {out_dir}` writes it)") from None
    except Exception as err:  # the games are played and saved: say so, whatever broke the report
        err.add_note(f"the {result.games:,} games are saved in {out_dir} without a report (`playtest report "
                     f"{out_dir}` writes it once the cause is fixed)")
        raise
    # Ctrl-C from here on stops only the summary: it said "nothing was written" of a saved run
    # and its report.
    with _saved_already(result.games, out_dir):
        console = out_console()
        played = result.games - result.resumed_games
        resumed = f", {result.resumed_games} of them from the interrupted run" if result.resumed_games else ""
        # A run with --set is not the draft its name says: the line read '100 games of Stargate
        # draft 5 (...)' over games with Bays' time 2, and only the report's files said so.
        sets = info["variant"].get("overrides") or []
        name = f"{info['variant']['name']}{f' {with_sets(sets)}' if sets else ''}"
        console.print(clean(f"{result.games} game{'' if result.games == 1 else 's'} of {name} ({info['players']} players, "
                            f"bots {','.join(info['lineup'])}, seed {info['seed']}{resumed}) "
                            f"in {result.seconds:.{1 if result.seconds >= 1 else 2}f}s ({pace(played, result.seconds)}) → {out_dir}"),
                      markup=False, highlight=False)
        console.print(f"report: {report_path}", markup=False, highlight=False)
        if result.replayed:  # (they had counted as games never played)
            typer.echo(f"note: {result.replayed} played again", err=True)
        stop = safety_stop_note(report.sections, report.declared)
        if stop:
            status.print(clean(f"warning: {stop}"), markup=False, highlight=False, style="yellow")
        if quiet:
            return
        from playtest.analysis.floors import score_floors

        with reading(out_dir):
            tables = summary_tables(run.games, report, score_floors(info))
        skipped = print_tables(console, tables, max_rows=SUMMARY_MAX_ROWS, declared=report.declared)
        if skipped:
            console.print(f"Longer tables are in the report ({report_path}): {'; '.join(skipped)}.")
        # The report's verdict on the seats, naming the bots it came from: the terminal showed the
        # tables and a p-value, and 'too few games to call the seats fair ... about 243 games would
        # see 10 points' only in the report's files (h225).
        console.print(clean(f"Verdict: {report.verdict.headline}"), markup=False, highlight=False)
        # the seat table alone read as a seat's edge where each seat kept its own bot (the report's
        # verdict said it; the terminal did not)
        mixed = unrotated_mixed(report.run.get("lineup") or (), report.run.get("rotate_seats") is not False)
        if mixed:
            console.print(clean(mixed), markup=False, highlight=False)
        for line in off_lines(report.switched_off):
            console.print(clean(line), markup=False, highlight=False)


MAX_PLAYERS = 100
_SCHEDULER = re.compile(r"(tcp|tls|inproc|ws|wss|ucx)://[^\s/]+(:\d{1,5})?/?")


@contextlib.contextmanager
def _saved_already(games: int, out_dir: Path) -> Iterator[None]:
    """Within the block an interruption says that the run and its report are saved."""
    try:
        yield
    except Interrupted:
        from playtest.cli.app import interruption  # (defined after app.py registers this module)

        raise Interrupted(f"{interruption()} after the run was saved: its {games:,} games and report are in "
                          f"{out_dir}") from None


def pace(games: int, seconds: float) -> str:
    """How fast the games were played, readable at any speed: "840 games/s", "3.4 games/s", or
    per game when slower than one a second ("5.5 s a game": search bots at a large budget)."""
    if games <= 0 or seconds <= 0:
        return f"{games} games played"
    rate = games / seconds
    if rate >= 10:
        return f"{rate:,.0f} games/s"
    if rate >= 1:
        return f"{rate:.1f} games/s"
    return f"{seconds / games:,.1f} s a game"
