"""`playtest simulate`: Monte Carlo games → Parquet tables, run.json and a terminal summary."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from playtest.cli.app import app
from playtest.cli.common import SetOption, load, out_console, split_bots
from playtest.errors import UsageError
from playtest.games import get_game

if TYPE_CHECKING:
    import polars as pl

# Heavy libraries (polars, scipy, altair) are imported inside the commands: `playtest --help`
# and `playtest validate` start in a fraction of a second.


SUMMARY_MAX_ROWS = 16
"""Tables longer than this stay in the report and are only named in the terminal summary."""


def default_out(variant_slug: str) -> Path:
    return Path("reports") / f"{variant_slug}-{time.strftime('%Y%m%d-%H%M%S')}"


def summary_tables(game: str, games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    from playtest.analysis import common
    spec = get_game(game)
    tables = [
        ("Win rate by seat", common.seat_win_rates(games)),
        ("Win rate by bot", common.bot_win_rates(games)),
        ("Mean score by bot and component", common.mean_score_by(games, "bot")),
        ("Game length (rounds)", common.game_length(games)),
    ]
    if spec.summary:
        tables += spec.summary(games, events)
    return tables


@app.command()
def simulate(
    variant: Annotated[Path, typer.Argument(help="Variant YAML file.", metavar="VARIANT")],
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.", min=1)] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots by seat, or one name for every seat, "
                                      "e.g. greedy,greedy,random,scripted:bays-first. Search bots for every game: "
                                      "mcts:N (UCT, N iterations per decision) and ismcts:N (information-set "
                                      "search for hidden cards), with options after the budget: "
                                      ":rollout=random|<a bot of the game> :depth=K (cut rollouts after K moves, "
                                      "then the game's evaluation) :c=<exploration, default 1.41> "
                                      ":reward=win|margin, e.g. mcts:400:rollout=greedy:c=0.7.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Root seed: same seed, same rows.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core).", min=0)] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/<variant>-<time>).")] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Keep each bot in its seat instead of rotating seats game by game.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar and no summary.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace a run already in --out.")] = False,
    set_: SetOption = None,
) -> None:
    """Play N games with bots and write games.parquet, events.parquet, run.json.

    Seats rotate game by game (game g puts the line-up's bot i in seat i+g) so seat effects and
    bot effects can be told apart. The same seed gives the same rows for any --workers.
    """
    from playtest.report.terminal import print_tables
    from playtest.report.write import write_report
    from playtest.sim.batch import RunConfig, check_lineup, read_run, run_batch
    v = load(variant, set_)
    spec = get_game(v.game)
    lineup = check_lineup(spec, v, players, split_bots(bots))
    out_dir = out or default_out(v.slug)
    if (out_dir / "run.json").exists() and not force:
        raise UsageError(f"--out {out_dir} already holds a run; use --force to replace it")
    command = "playtest " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    config = RunConfig(n_games=n, players=players, lineup=lineup, seed=seed, workers=workers,
                       rotate=not no_rotate, command=command)
    err = Console(stderr=True)
    if quiet or not err.is_terminal:
        result = run_batch(v, config, out_dir)
    else:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True) as progress:
            task = progress.add_task("games", total=n)
            result = run_batch(v, config, out_dir, progress=lambda k: progress.advance(task, k))
    info, games, events = read_run(out_dir)
    report_path = write_report(info, games, events, out_dir / "report.html")
    console = out_console()
    rate = result.games / result.seconds if result.seconds else float("inf")
    console.print(f"{result.games} games of {v.name} ({players} players, bots {','.join(lineup)}, seed {seed}) "
                  f"in {result.seconds:.1f}s ({rate:.0f} games/s) → {out_dir}")
    console.print(f"report: {report_path}")
    if quiet:
        return
    skipped = print_tables(console, summary_tables(v.game, games, events), max_rows=SUMMARY_MAX_ROWS)
    if skipped:
        console.print(f"Longer tables are in the report ({report_path}): {'; '.join(skipped)}.")
