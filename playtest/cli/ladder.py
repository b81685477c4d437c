"""`playtest ladder VARIANT --rungs random,greedy,...`: balance as a function of skill."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import (
    SetOption,
    load,
    out_console,
    print_notes,
    status_console,
    with_progress,
)
from playtest.cli.compare import check_format, command_line
from playtest.games import get_game

FORMATS = ("text", "md", "json")


@app.command()
def ladder(
    variant: Annotated[Path, typer.Argument(help="Variant YAML file.", metavar="VARIANT")],
    rungs: Annotated[str, typer.Option("--rungs", help="Bots from weakest to strongest, comma-separated, "
                                       "e.g. random,mcts:200,mcts:1000 (any bot the game knows: an unknown "
                                       "name lists them).")],
    n: Annotated[int, typer.Option("-n", "--games", help="Self-play games per rung.", min=2)] = 400,
    pair_games: Annotated[int | None, typer.Option("--pair-games", help="Games per head-to-head pairing "
                                                   "(each rung against the one below it; default: -n).", min=2)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players per game (default: 4 when the variant supports it, else the most it supports).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Root seed: every rung and pairing plays the same deals.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are).", min=0)] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/ladder-<variant>-<time>).")] = None,
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
    from playtest.analysis.offs import lines as off_lines
    from playtest.io import check_not_input, default_output, default_place, staged_dir, write_atomic
    from playtest.ladder.result import build_ladder
    from playtest.ladder.runs import LadderPlan, check_rungs, play_ladder, split_rungs
    from playtest.report.ladder_html import render_ladder_html
    from playtest.report.ladder_markdown import render_ladder_markdown
    from playtest.sim.batch import RunConfig, check_disk, check_games, check_seed, default_players
    check_format(fmt, FORMATS)
    v = load(variant, set_)
    spec = get_game(v.game)
    names = split_rungs(rungs, (spec, spec.make_rules(v.model)))
    if players is None:
        players = default_players(v.model.player_counts())
    check_rungs(spec, v, players, names)
    check_seed(seed)  # every run's own check, but before the first run is played
    check_games(n, least=2)
    if pair_games is not None:
        check_games(pair_games, "--pair-games", least=2)
    # Stamped with the time as every other command's default place is: a second ladder of one
    # variant was refused as "already exists" (the first one's folder), or replaced it with --force.
    out_dir = out or default_output(Path("reports") / f"ladder-{v.slug}-{time.strftime('%Y%m%d-%H%M%S')}")
    with default_place(out_dir, given=out is not None):
        check_not_input(out_dir, [Path(p) for p in v.chain], "--out")  # staged_dir checks the rest
    plan = LadderPlan(rungs=names, players=players, games=n, pair_games=pair_games or n, seed=seed,
                      workers=workers, command=command_line())
    total = len(names) * n + (len(names) - 1) * plan.pair_games
    with default_place(out_dir, given=out is not None):
        # every rung's and pairing's run, before the first is played (each run's own check came
        # after the 'playing ...' line and the runs before it)
        check_disk(RunConfig(n_games=n, players=players, lineup=(names[0],) * players, seed=seed, workers=1),
                   out_dir, runs=2 * len(names) - 1, games=total, option=f"-n {n}, --pair-games {plan.pair_games}",
                   reports=True)
    err = status_console()
    # Built aside and put in place only when complete, as compare and sweep do: an interrupted
    # ladder (its runs are pieces of one comparison, not resumable alone) writes nothing and
    # says so, rather than naming a run folder that the clean-up removes.
    with default_place(out_dir, given=out is not None), staged_dir(out_dir, force=force, option="--out") as staging:
        print_notes([v], workers=workers)  # once every check, staged_dir's of --out too, has passed (print_notes)
        err.print(f"playing {total} games: {len(names)} rungs × {n} self-play, {len(names) - 1} pairing(s) × "
                  f"{plan.pair_games} …")
        # Each run's games advance a progress line on a terminal, as simulate's do (a rung of
        # mcts:1000 showed nothing for minutes); never in a pipe or a CI log.
        runs = play_ladder(v, plan, staging, done=lambda label, games, seconds: err.print(
            f"  {label}: {games} games in {seconds:.1f}s", markup=False, highlight=False),
            progress=lambda label, games, start: with_progress(err, False, games, start, f"  {label}"))
        err.print("testing every metric across the rungs …")
        result = build_ladder(runs)
        import json
        md = render_ladder_markdown(result)
        js = json.dumps(result.to_dict(), indent=2, ensure_ascii=False, allow_nan=False)
        write_atomic(staging / "ladder.md", md)
        write_atomic(staging / "ladder.json", js)
        write_atomic(staging / "ladder.html", render_ladder_html(result))
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
        # As ladder.md and ladder.html say it: "(33 of 128 metrics tested, Holm 5%)" read as if 33 were tested
        console.print(f"What changes with skill: {changed.height} of the {tested} metrics tested "
                      "(Holm-adjusted, 5%)", style="bold")
        for line in changed["sentence"].to_list() or ["none detected"]:
            console.print(f"- {line}", markup=False, highlight=False)
        if result.switched_off:
            console.print()
            for line in off_lines(result.switched_off):
                console.print(line, markup=False, highlight=False)
    err.print(f"wrote {out_dir / 'ladder.html'}, ladder.md, ladder.json")
