"""`playtest diff BASE CANDIDATE --gate GATES.yaml`: CI gates with exit codes 0/1/3."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import (
    SetOption,
    lineup_note,
    load_each,
    print_notes,
    run_lineup,
    status_console,
)
from playtest.cli.compare import check_format, check_output_dir, command_line, parse_seeds
from playtest.cli.sweep import PROBE_GAMES
from playtest.errors import UsageError
from playtest.io import REPORT_SUFFIXES, staged_dir, temporary_runs

# Heavy libraries (polars, scipy, altair) are imported inside the commands: `playtest --help`
# and `playtest validate` start in a fraction of a second.


@app.command(name="diff")
def diff_cmd(
    base: Annotated[Path, typer.Argument(help="The base variant (e.g. the file as it is on the main branch).", metavar="BASE")],
    candidate: Annotated[Path, typer.Argument(help="The candidate variant (e.g. the file in the pull request).", metavar="CANDIDATE")],
    gate: Annotated[Path, typer.Option("--gate", "-g", help="Gates YAML file (see docs/ci.md).")],
    n: Annotated[int | None, typer.Option("-n", "--games", help="Games per variant (first look). Default: the gates file's run.games, else 400.", min=2)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players per game (default: gates file, else one per name in --bots, else 4 when supported, else the most supported).")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="Bots by seat, or one name for every seat (default: gates file).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Root seed shared by both variants (default: gates file, else 0), "
                                             "or two seeds BASE,CANDIDATE for independent games.")] = None,
    independent_seeds: Annotated[bool, typer.Option("--independent-seeds", help="The candidate plays with seed + 1: "
                                                    "independent games instead of common random numbers.")] = False,
    until_decided: Annotated[bool, typer.Option("--until-decided", help="Double the games until every gate holds, or a gate fails, or --max-games is reached.")] = False,
    max_games: Annotated[int | None, typer.Option("--max-games", help="Largest number of games per variant for --until-decided (default: the gates file's run.max_games; one of them is needed).", min=2)] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="md (for a pull-request comment) or json.")] = "md",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder for the runs (default: a temporary folder, removed): base/ and candidate/ hold the "
                                                        "first look, each later look's games a run folder inside them (games-400-799/).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are).", min=0)] = 0,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists (only once the new runs are complete).")] = False,
    set_: SetOption = None,
) -> None:
    """Check a candidate variant against gates, and against its base, with stated confidence.

    Exit codes: 0 every gate holds; 1 a gate fails; 3 undecided (the games played cannot tell:
    run more, e.g. with --until-decided); 2 a usage or file error. With --until-decided the
    games double at each look (n, 2n, 4n, ... up to --max-games) and the error budget is split
    over the looks (Bonferroni), so stopping early does not inflate the error rate.

    One seed: both variants play the same deals and bot dice (common random numbers), so a copy
    that changes no rule replays identical games; --seed 1,2 or --independent-seeds give each
    side its own games.
    """
    import polars as pl

    from playtest.analysis.metrics import metric_info, section_keys
    from playtest.analysis.offs import switched_off, variant_switched_off
    from playtest.analysis.unread import LABELS, unread_in
    from playtest.compare import render
    from playtest.compare.gates import (
        EXIT_CODES,
        UNDECIDED,
        check_against_probe,
        check_switched_off,
        diffs_in,
        evaluate,
        load_gates,
        no_such_seat,
        overall,
        shares_in,
    )
    from playtest.compare.jackknife import replicate
    from playtest.compare.metrics import (
        complete,
        distribution_groups,
        probe_sections,
        report_metrics,
    )
    from playtest.compare.runs import Runs
    from playtest.compare.stats import looks_schedule
    from playtest.report.model import label_of, variant_names
    from playtest.sim.batch import RunConfig, check_disk, check_games
    from playtest.variants.loader import rule_changes
    check_format(fmt, ("md", "json"))
    gates = load_gates(gate)
    defaults = gates.model.run
    n_given = n is not None
    n = n or defaults.games
    top = max_games or defaults.max_games
    if max_games is not None and not until_decided:
        raise UsageError(f"--max-games {max_games}: only with --until-decided (without it, -n games are played)")
    if until_decided and top is None:
        raise UsageError("--until-decided needs --max-games (or run.max_games in the gates file)")
    if until_decided and top is not None and top < n:
        # Said of what set each number: the option, or the gates file's run: at its place (the
        # line named '--max-games 3 is smaller than -n 4' when the file alone gave both).
        games_from = f"-n {n}" if n_given else f"run.games ({n}) of {gate}"
        if max_games is not None:
            raise UsageError(f"--max-games {top} is smaller than {games_from}")
        if n_given:
            raise UsageError(f"-n {n}: more than run.max_games ({top}) of {gate}, the most --until-decided plays; "
                             "give a smaller -n, or a larger --max-games")
        run = gates.tree.value.get("run")
        default = "" if run is not None and isinstance(run.value, dict) and "games" in run.value else ", its default"
        raise gates.run_problem("max_games", f"{top} is smaller than run.games ({n}{default}): --until-decided "
                                             "plays run.games first and doubles them up to run.max_games")
    check_games(n, least=2)
    if until_decided and top is not None:
        check_games(top, "--max-games", least=2)
    schedule = looks_schedule(n, top) if until_decided and top is not None else [n]
    b, c = load_each([base, candidate], set_)
    players_, lineup = run_lineup([b, c], players, bots, defaults, gates.run_problem)
    if seed is None and independent_seeds and defaults.seed + 1 >= 2**63:
        # the gates file's seed, said at its place there (the line blamed an --seed never given)
        raise gates.run_problem("seed", f"{defaults.seed}: with --independent-seeds the candidate plays run.seed + 1, "
                                        "so run.seed must be from 0 to 2**63 - 2")
    seeds = parse_seeds(str(defaults.seed) if seed is None else seed, 2, independent_seeds)
    seed_ = seeds[0]
    config = RunConfig(n_games=n, players=players_, lineup=lineup, seed=seed_, workers=workers, command=command_line())
    err = status_console()
    check_switched_off(gates, variant_switched_off(c, players_), variant_switched_off(b, players_), candidate)
    if out is not None:
        if out.suffix.lower() in REPORT_SUFFIXES and not out.is_dir():
            # `-o summary.md` (as report's and calibrate's -o name a file) made a folder of runs named so
            raise UsageError(f"--out {out}: --out is the folder of diff's runs, not a report file; the summary goes "
                             f"to standard output (`> {out.name}`)")
        check_output_dir(out, force, [Path(p) for v in (b, c) for p in v.chain] + [gate])
    with contextlib.ExitStack() as stack:
        if out is None:
            out_dir = Path(stack.enter_context(temporary_runs("diff")))
        else:
            out_dir = stack.enter_context(staged_dir(out, force=force, option="--out"))
        metric_fn = report_metrics()
        # A few games first, so that a misspelt metric or group fails now, not after the long
        # runs: one game per seat, then, only while a name is still unseen (a metric that needs an
        # event, such as a rebid), up to PROBE_GAMES (at most -n), as sweep's --metric check does.
        with temporary_runs("probe") as probe_dir:
            probe = Runs([c], ["candidate"], RunConfig(n_games=players_, players=players_, lineup=lineup,
                                                       seed=seed_, workers=1), Path(probe_dir))
            for size in dict.fromkeys((players_, max(players_, min(n, PROBE_GAMES)))):
                sample = probe.grow_to(size)[0]
                found, table = probe_sections(sample.info, sample.games, sample.events)
                seen: dict[str, list[str]] = {}
                for m, g in table.select("metric", pl.col("group").cast(pl.String).fill_null("")).iter_rows():
                    seen.setdefault(m, []).append(g)
                # (a seat these games do not have, 'seat 5' of 4 players, no more games produce)
                if all(g.metric in seen and all(x in seen[g.metric] or no_such_seat(x, players_) for x in g.groups or ())
                       for g in gates.model.gates):
                    break
            names = variant_names(c.resolved)
            declared = metric_info(sample.info)
            # A change gate may name a category only the base produces (a game length the draft no
            # longer reaches): 0% in the candidate, as the looks complete it. It was refused here,
            # 'no group '8 rounds' in 40 games of the candidate', the draft that cut the long games.
            change_seen: dict[str, list[str]] = {}
            if any(g.of == "change" and g.metric in seen and any(x not in seen[g.metric] for x in g.groups or ())
                   for g in gates.model.gates):
                based = Runs([b], ["base"], RunConfig(n_games=size, players=players_, lineup=lineup, seed=seed_,
                                                      workers=1), Path(probe_dir) / "base").grow_to(size)[0]
                base_table = metric_fn(based.info, based.games, based.events)
                filled = complete(table, distribution_groups([table, base_table]), switched_off(sample.info),
                                  declared=declared)
                for m, g in filled.select("metric", pl.col("group").cast(pl.String).fill_null("")).iter_rows():
                    change_seen.setdefault(m, []).append(g)
            # A gate on one of the game's goal metrics (Stargate's win_gap), which only tune's goals
            # take, read "unknown metric 'win_gap'", with no word of why.
            goals_only: set[str] = set()
            if any(g.metric not in seen for g in gates.model.gates):
                from playtest.tune.metrics import with_goal_metrics

                goals_only = set(with_goal_metrics(table, sample.info, sample.games, sample.events)
                                 ["metric"].to_list()) - set(seen)
            check_against_probe(gates, seen, f"{size} games of the candidate", shares_in(table, declared),
                                lambda g: label_of(names, g), change_seen, declared, diffs_in(table, declared),
                                players=players_, goals_only=goals_only,
                                unknown_note=lineup_note(bots, lineup, defaults, "gates file"))
        # Each look recomputes the metrics once per jackknife block (31 times a variant): only
        # the report sections that hold a gated metric (a win-rate gate: 2 of ~10 sections).
        # A gate never reads a quantile (gates.GateSpec refuses them): none is computed.
        metric_fn = report_metrics(section_keys(found, [g.metric for g in gates.model.gates]), quantiles=False)
        # both variants' runs at the last look, before the first game (each look's grown runs were
        # checked one at a time, the last after the looks before it had played)
        most = schedule[-1]
        said = f"--max-games {most}" if until_decided else f"-n {most}"
        check_disk(replace(config, n_games=most), out_dir, runs=2, option=said)
        print_notes([b, c], workers=workers)  # once every check, the gates' metrics on the probe too, has passed (print_notes)
        runs = Runs([b, c], ["base", "candidate"], config, out_dir, seeds)
        results, status, played = [], UNDECIDED, 0
        for played, games in enumerate(schedule, 1):
            samples = runs.grow_to(games)
            # A category one variant never produced (a game length) is 0% there, as compare has
            # it: a change gate on it had no value, undecided at every look.
            reps = replicate(samples, metric_fn, complete_categories=True)
            results = evaluate(gates, reps, looks=len(schedule), change_in_both=True)
            status = overall(results)
            counts = {s: sum(r.status == s for r in results) for s in ("pass", "fail", "undecided")}
            err.print(f"look {played}/{len(schedule)}: {games} games per variant → "
                      + ", ".join(f"{v} {k}" for k, v in counts.items() if v), highlight=False)
            if status != UNDECIDED:
                break
    changes = rule_changes(b.resolved, c.resolved)
    # As compare says it: a change no bot of the line-up reads replays the base's play, so a
    # change gate on the play passed at "+0.0 pts … +0.0 pts" with no word of why (h195).
    note = unread_in(c.resolved.get("game"), lineup, [ch.path for ch in changes])
    # A candidate of the base's rules on the base's seed replays its games: a change gate then holds
    # at +0.0 by construction, which the workflow's new draft (checked against itself) read as evidence.
    same_games = seeds[0] == seeds[1] and all(ch.path in LABELS for ch in changes)
    info = {"base": b.path, "candidate": c.path, "base_hash": b.hash, "candidate_hash": c.hash,
            "changes": changes, "unread": note.as_dict() if note else None,
            "same_games": same_games, "games": runs.games, "looks": len(schedule),
            "looks_played": played,
            "max_games": top if until_decided else None, "players": players_, "lineup": list(lineup),
            "seed": seed_ if seeds[0] == seeds[1] else ",".join(map(str, seeds)),
            "confidence": gates.model.confidence, "gates_file": gates.path, "command": config.command,
            "set": list(set_ or [])}
    names = variant_names(c.resolved)
    typer.echo(render.gates_markdown(results, status, info, lambda g: label_of(names, g)) if fmt == "md"
               else render.gates_json(results, status, info),
               nl=fmt != "md")
    raise typer.Exit(EXIT_CODES[status])
