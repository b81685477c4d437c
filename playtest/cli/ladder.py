"""`playtest ladder VARIANT --rungs random,greedy,...`: balance as a function of skill."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from playtest.cli.app import app
from playtest.cli.common import SetOption, load, out_console
from playtest.cli.compare import check_format, command_line
from playtest.games import get_game

FORMATS = ("text", "md", "json")


def replace_folder(staging: Path, out: Path) -> None:
    """Put the finished `staging` folder at `out`; an existing `out` is moved aside first and
    removed only once the new one is in place."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        os.replace(out, old / out.name)
    try:
        os.replace(staging, out)
    except BaseException:
        if old is not None:
            os.replace(old / out.name, out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


@app.command()
def ladder(
    variant: Annotated[Path, typer.Argument(help="Variant YAML file.", metavar="VARIANT")],
    rungs: Annotated[str, typer.Option("--rungs", help="Bots from weakest to strongest, comma-separated, "
                                       "e.g. random,greedy,mcts:200,mcts:1000 (any bot the game knows).")],
    n: Annotated[int, typer.Option("-n", "--games", help="Self-play games per rung.", min=2)] = 400,
    pair_games: Annotated[int | None, typer.Option("--pair-games", help="Games per head-to-head pairing "
                                                   "(each rung against the one below it; default: -n).", min=2)] = None,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="Root seed: every rung and pairing plays the same deals.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core).", min=0)] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/ladder-<variant>).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing --out folder.")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="What to print: text, md or json (the files hold all three).")] = "text",
    set_: SetOption = None,
) -> None:
    """Play the variant at several skill levels and report what changes with skill.

    For every rung: N self-play games (every seat that bot) and every metric of the balance report
    with its 95% interval. Each rung also plays the rung below it (seats alternating and
    rotating): per-seat win rates, how many times as often the stronger rung wins, and
    Bradley–Terry ratings. Every metric is tested for a change across rungs (jackknife over games,
    Holm-adjusted) and the ones that change get a plain sentence. Writes ladder.html
    (self-contained), ladder.md, ladder.json and the runs' Parquet tables to --out.
    """
    from playtest.io import (
        check_free,
        check_not_input,
        check_output_path,
        mark_output,
        umask,
        write_atomic,
    )
    from playtest.ladder.result import build_ladder
    from playtest.ladder.runs import LadderPlan, check_rungs, play_ladder, split_rungs
    from playtest.report.ladder_html import render_ladder_html
    from playtest.report.ladder_markdown import render_ladder_markdown
    check_format(fmt, FORMATS)
    v = load(variant, set_)
    spec = get_game(v.game)
    names = split_rungs(rungs)
    check_rungs(spec, v, players, names)
    out_dir = out or Path("reports") / f"ladder-{v.slug}"
    check_output_path(out_dir, "--out", folder=True)
    check_not_input(out_dir, [Path(p) for p in v.chain], "--out")
    check_free(out_dir, force, "--out")
    plan = LadderPlan(rungs=names, players=players, games=n, pair_games=pair_games or n, seed=seed,
                      workers=workers, command=command_line())
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=out_dir.parent))
    os.chmod(staging, 0o777 & ~umask())  # mkdtemp makes it 0700; every other output is 0755 under umask 022
    mark_output(staging)
    err = Console(stderr=True)
    try:
        total = len(names) * n + (len(names) - 1) * plan.pair_games
        err.print(f"playing {total} games: {len(names)} rungs × {n} self-play, {len(names) - 1} pairing(s) × "
                  f"{plan.pair_games} …")
        runs = play_ladder(v, plan, staging, done=lambda label, games, seconds: err.print(
            f"  {label}: {games} games in {seconds:.1f}s", markup=False, highlight=False))
        err.print("testing every metric across the rungs …")
        result = build_ladder(runs)
        import json
        md = render_ladder_markdown(result)
        js = json.dumps(result.to_dict(), indent=2, ensure_ascii=False, allow_nan=False)
        write_atomic(staging / "ladder.md", md)
        write_atomic(staging / "ladder.json", js)
        write_atomic(staging / "ladder.html", render_ladder_html(result))
        replace_folder(staging, out_dir)
    except BaseException:
        with contextlib.suppress(OSError):
            shutil.rmtree(staging)
        raise
    if fmt == "md":
        typer.echo(md, nl=False)
    elif fmt == "json":
        typer.echo(js)
    else:
        console = out_console()
        for warning in result.warnings:
            console.print(f"warning: {warning}", markup=False, highlight=False, style="yellow")
        console.print("Does skill matter?", style="bold")
        for line in result.skill_matters:
            console.print(f"- {line}", markup=False, highlight=False)
        changed = result.changed()
        tested = result.tests.filter(result.tests["p_holm"].is_not_nan()).height
        console.print()
        console.print(f"What changes with skill ({changed.height} of {tested} metrics tested, Holm 5%)",
                      style="bold")
        for line in changed["sentence"].to_list():
            console.print(f"- {line}", markup=False, highlight=False)
    err.print(f"wrote {out_dir / 'ladder.html'}, ladder.md, ladder.json")
