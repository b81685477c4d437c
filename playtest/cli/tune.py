"""`playtest tune VARIANT --param KEY=SPACE ... --target GOALS.yaml --budget N`: search the rule
space for a balance target (docs/tune.md)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from playtest.cli.app import Interrupted, app
from playtest.cli.common import lineup_note, print_notes, run_lineup, status_console
from playtest.cli.compare import check_format, command_line
from playtest.errors import UsageError
from playtest.games import get_game
from playtest.io import (
    LOCK_NAME,
    OutputTaken,
    being_written,
    check_free,
    check_not_input,
    check_nothing_foreign,
    check_output_path,
    default_output,
    default_place,
    is_playtest_output,
    mark_output,
    swap_into_place,
    take_lock,
    temporary_runs,
    write_atomic,
    write_parquet_atomic,
)

# Heavy libraries (polars, optuna, altair) are imported inside the command.


class SearchInterrupted(Interrupted):
    """Ctrl-C or SIGTERM during the search: an Interrupted, so that it exits as every
    interruption does (130, or 143 for SIGTERM: it was 130 for both) and its line reads as
    theirs ("interrupted (SIGTERM): ...", not "error: interrupted: ...")."""


def staging_dir(out: Path) -> Path:
    """Where a search runs until it is finished (then renamed to --out)."""
    return out.parent / f".{out.name}.partial"


def _check_out(out: Path, resume: bool, force: bool, check: Callable[[Path], None]) -> Path | None:
    """What --resume / --force ask for (see the command's help), checked before any game is
    played and with nothing changed on disk: the folder whose search is continued, or None for a
    new search. `check` raises when a stored search does not match this command or is damaged."""
    work = staging_dir(out)
    if resume and force:
        raise UsageError("--resume and --force: give one (continue the search, or start it again)")
    _check_not_running(out, work)
    if resume:
        if work.is_dir():
            check(work)
            _check_no_edited_pages(work, out)
            if out.is_dir():  # (the finished search it continues: replaced by the work once done)
                _check_no_edited_pages(out, out)
            return work
        if (out / "study.db").is_file():
            check(out)
            _check_no_edited_pages(out, out)
            return out  # a finished search, continued (a larger --budget, more fresh games)
        raise UsageError(f"--resume: no search to continue in {out}")
    if work.exists() and not is_playtest_output(work):
        raise UsageError(f"--out {out}: {work} is in the way and holds no playtest search; move it, or choose "
                         "another --out")
    if work.exists() and not force:
        raise UsageError(f"--out {out}: an interrupted search is in {work}; add --resume to continue it "
                         "or --force to start again")
    check_nothing_foreign(work, "--out", out)  # --force removes it
    if out.is_dir() and is_playtest_output(out):
        check_nothing_foreign(out, "--out")  # before "add --force", which would not replace it either
    if out.exists() and not force and not (out.is_dir() and not out.is_symlink() and not any(out.iterdir())):
        # (an empty folder, made for the output, is taken as every other command takes it)
        raise UsageError(f"--out {out}: exists; add --force to replace it (or --resume to continue its search)")
    return None


def _check_no_edited_pages(folder: Path, out: Path) -> None:
    """A continued search drops explain's pages (they rank the trials before it): one edited
    since explain wrote it is refused, as explain refuses to replace it (it was deleted)."""
    from playtest.cli.explain import edited_pages  # (explain is a command of its own)

    if edited := edited_pages(folder):
        raise UsageError(f"--resume: {edited[0]} was edited since `playtest explain` wrote it, and a continued "
                         f"search drops explain's pages (they rank the trials before it): move it out of {out} to "
                         "keep it")


def _check_not_running(out: Path, work: Path) -> None:
    """A search another tune is running into `out` (its working folder locked, `_lock`) is neither
    replaced (--force deleted it under the running search, which died with an internal error) nor
    continued by a second process, nor read as an interrupted one."""
    if work.is_dir() and being_written(work):
        raise _running(out, work)


def _running(out: Path, work: Path) -> UsageError:
    return UsageError(f"--out {out}: another playtest process is searching there now ({work}); let it finish, "
                      "or choose another --out")


def _lock(out: Path, work: Path) -> int:
    """Hold the working folder's lock while the search runs (`_check_not_running`)."""
    fd = take_lock(work / LOCK_NAME)
    if fd is None:  # another process took it since the check
        raise _running(out, work)
    return fd


def _finished_trials(work: Path) -> int:
    """How many trials of the search kept in `work` are complete: 0 before its study exists (a
    Ctrl-C during the base's games said "the finished trials are saved" of none), -1 when its
    study cannot be read now."""
    from playtest.tune.search import STUDY_FILE
    from playtest.tune.study import complete, open_study

    if not (work / STUDY_FILE).exists():
        return 0
    try:
        return len(complete(open_study(work / STUDY_FILE)))
    except Exception:  # (any failure of the store: the interruption's line is said all the same)
        return -1


def _prepare(out: Path, resumed: Path | None) -> Path:
    """The working folder for this run, as `_check_out` decided (`resumed`: the search continued)."""
    work = staging_dir(out)
    _check_not_running(out, work)  # (the probe ran since `_check_out`)
    if resumed == work:
        return work
    if resumed is not None:
        try:
            shutil.copytree(resumed, work)
        except (shutil.Error, OSError) as exc:
            # A named pipe or an unreadable file among the search's files: exit 1 with copytree's
            # list of tuples, and the half-made copy left to be taken for an interrupted search.
            shutil.rmtree(work, ignore_errors=True)
            first = exc.args[0][0] if isinstance(exc, shutil.Error) and exc.args and exc.args[0] else None
            what = f"{first[0]}: {first[2]}" if first else str(exc)
            raise UsageError(f"--resume: cannot copy the search in {out} to continue it ({what}); "
                             "nothing was changed") from None
        return work
    if work.exists():  # --force (checked): the interrupted search is dropped
        shutil.rmtree(work)
    work.mkdir(parents=True)
    mark_output(work)
    return work


MAX_TRIALS = 10_000
"""Most trials of one search (as sweep.MAX_POINTS grid points): TPE's time per trial grows with
the trials before it, and each trial is a run of -n games."""


@app.command()
def tune(
    variant: Annotated[Path, typer.Argument(help="The variant YAML file to tune.", metavar="VARIANT")],
    params: Annotated[list[str], typer.Option("--param", help="A key and its space: LOW..HIGH (integers or numbers) or "
                                              "V1,V2,... (choices). Repeatable.", metavar="KEY.PATH=SPACE")],
    target: Annotated[Path, typer.Option("--target", "-t", help="Goals YAML file (gate language plus target/weight; docs/tune.md).")],
    budget: Annotated[int, typer.Option("--budget", "-b", help="Trials (candidates evaluated) in the search.", min=1)] = 30,
    n: Annotated[int | None, typer.Option("-n", "--games", help="Games per candidate (default: the goals file's run.games, else 400).", min=2)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players per game (default: goals file, else one per name in --bots, else 4 when supported, else the most supported).")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="Bots by seat, or one name for every seat (default: goals file).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Root seed: the same games for every candidate, and the optimiser's seed (default: the goals file's run.seed, else 0).")] = None,
    confirm: Annotated[int, typer.Option("--confirm", help="How many of the best candidates to re-evaluate on fresh games.", min=1)] = 3,
    confirm_games: Annotated[int | None, typer.Option("--confirm-games", help="Fresh games for each re-evaluation (default 4 × -n).", min=2)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/tune-<time>).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are).", min=0)] = 0,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the search stored in --out (interrupted, or with a larger --budget).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing --out (or an interrupted search in it).")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="What to print: md or json.")] = "md",
) -> None:
    """Search values of the given keys that bring the goal metrics closest to the targets.

    Every candidate plays the same games (common random numbers); Optuna's TPE sampler, seeded
    from --seed, picks the next candidate; the study is stored in study.db so that an
    interrupted search continues with --resume. The best --confirm candidates and the base are
    then re-evaluated on --confirm-games fresh games and the lowest objective there wins; when
    that is the base's (a tie included), the report says to keep the base and no best.yaml is
    written. Writes to --out: best.yaml (extends VARIANT, only the tuned keys; only when a
    candidate beats the base), trials.parquet, tune.html/.md/.json, runs/base and runs/best (the
    fresh games of the base and of the best candidate), study.db.
    """
    from playtest.analysis.metrics import section_keys
    from playtest.analysis.offs import variant_switched_off
    from playtest.compare.metrics import probe_sections
    from playtest.report.model import label_of, variant_names
    from playtest.sim.batch import MAX_GAMES, RunConfig, check_disk, check_games
    from playtest.tune import best as B
    from playtest.tune import goals as G
    from playtest.tune.metrics import with_goal_metrics
    from playtest.tune.search import Settings, check_settings, run, simulate, write_settings
    from playtest.tune.space import check_space, parse_space
    from playtest.variants import load_variant
    from playtest.variants.loader import rules_hash

    check_format(fmt, ("md", "json"))
    space = parse_space(params)
    goals = G.load_goals(target)
    defaults = goals.run
    base = load_variant(variant)
    check_space(variant, space)
    n_ = n or defaults.games
    check_games(n_, least=2)  # every run's own check, but before the search starts
    if confirm_games is not None:
        check_games(confirm_games, "--confirm-games", least=2)
    elif 4 * n_ > MAX_GAMES:
        why = (f"the confirmation would play 4 × {'-n' if n else 'run.games'} = {4 * n_:,} fresh games, more than "
               f"one run may ({MAX_GAMES:,}); give --confirm-games")
        if n is None:  # the goals file's run.games: said at its place there
            raise goals.run_problem("games", f"{n_}: {why}")
        raise UsageError(f"-n {n_}: {why}")
    if budget > MAX_TRIALS or budget * n_ > MAX_GAMES:
        # A float range never runs out of candidates: a budget of 10^11 searched on without end.
        why = (f"at most {MAX_TRIALS:,} trials" if budget > MAX_TRIALS else
               f"{budget:,} trials of {'' if n else 'run.games = '}{n_:,} games are {budget * n_:,} games, more than "
               f"one run may ({MAX_GAMES:,})")  # (-n from the goals file: said so)
        # --budget counts the trials of the whole search, a resumed one's included: --resume cannot go past it
        raise UsageError(f"--budget {budget}: {why}, --resume included; a larger search is several tunes")
    # tune has no --set: a player count the variant does not deal for is allowed in its file
    players_, lineup = run_lineup([base], players, bots, defaults, goals.run_problem, how="in the variant file")
    seed_ = defaults.seed if seed is None else seed
    if not 0 <= seed_ < 2**63:
        raise UsageError(f"--seed {seed_}: a seed is a whole number from 0 to 2**63 - 1")
    out_dir = out or default_output(Path("reports") / f"tune-{time.strftime('%Y%m%d-%H%M%S')}",
                                    lambda path: os.path.lexists(staging_dir(path)))
    at_default = partial(default_place, out_dir, given=out is not None)  # (a fresh one for each block)
    with at_default():
        check_output_path(out_dir, "--out", folder=True)
        check_not_input(out_dir, [*(Path(p) for p in base.chain), target], "--out")
        if force:
            check_free(out_dir, force, "--out")  # --force replaces only a folder playtest wrote
    settings = Settings(variant=variant, params=tuple(space), goals=goals,
                        goals_text=target.read_text(encoding="utf-8"), games=n_, players=players_, lineup=lineup,
                        seed=seed_, budget=budget, confirm_top=confirm, confirm_games=confirm_games or 4 * n_,
                        workers=workers, command=command_line(), rules_hash=rules_hash(base.resolved),
                        written_rules_hash=base.written_rules_hash, resolved=base.resolved)
    with at_default():
        resumed = _check_out(out_dir, resume, force, lambda folder: check_settings(folder, settings))
    G.check_switched_off(goals, variant_switched_off(base, players_))
    # A few games first, so that a misspelt metric or group fails now, not after the search.
    with temporary_runs("probe") as probe:
        s = simulate(base, RunConfig(n_games=players_, players=players_, lineup=lineup, seed=seed_, workers=1),
                     Path(probe) / "run")
        found, table = probe_sections(s.info, s.games, s.events)  # tune_metrics()'s, before the goal metrics
        probe_table = with_goal_metrics(table, s.info, s.games, s.events)
        names = variant_names(base.resolved)
        G.check_against_probe(goals, probe_table, get_game(base.game).metric_info, lambda g: label_of(names, g),
                              lineup_note(bots, lineup, defaults, "goals file"), players=players_)
        # every goal's metric is in the probe's table (checked above): the search computes only
        # the report sections that hold them
        keys = section_keys(found, [g.metric for g in goals.items])
    with at_default():
        # The search's most on disk at once, before its first game: the re-evaluation keeps the
        # base's and the best --confirm candidates' fresh games together (a trial's run is removed
        # before the next). It was found when the re-evaluation began, after the whole search,
        # and said as '-n 160', a number the user never gave.
        runs, m = confirm + 1, settings.confirm_games
        said = f"--confirm-games {m}" if confirm_games is not None else f"--confirm-games {m} (4 × -n)"
        check_disk(settings.config(0, m), out_dir, runs=runs, games=max(n_, runs * m),
                   option=f"--confirm {confirm}, {said}", reports=True)
        work = _prepare(out_dir, resumed)
        lock = _lock(out_dir, work)
    print_notes([base], workers=workers)  # once every check has passed (print_notes)
    if not resume:
        try:
            write_settings(work, settings)
        except BaseException:
            # a disk full (or Ctrl-C) before the search's settings are stored: the folder just
            # made holds no search, and was kept to be called "an interrupted search" that
            # --resume could not continue
            os.close(lock)
            shutil.rmtree(work, ignore_errors=True)
            raise
    err = status_console(highlight=False)
    from playtest.report.tune import kept_line, tune_html, tune_json, tune_markdown

    def finish() -> tuple[str, str, str | None, str]:
        """The search, then its outputs written in `work` and put at --out: (md, json, best.yaml,
        why the base is kept)."""
        result = run(settings, work, progress=err.print, sections=keys)
        from playtest.cli.explain import DIGESTS, PAGES

        for name in (*PAGES, DIGESTS):
            # `playtest explain` of the search before it was continued: of fewer trials than it now holds
            (work / name).unlink(missing_ok=True)
        best_text: str | None = None
        if result.base_wins:
            # Nothing to adopt: a best.yaml left by an earlier run of a resumed search must not stay.
            (work / "best.yaml").unlink(missing_ok=True)
        else:
            header = (f"Tuned by playtest tune (trial {result.winner.trial}); only the tuned keys are set here.\n"
                      f"{settings.command}")
            best_text = B.best_yaml(variant, result.winner_variant, space, out_dir, header)
            write_atomic(work / "best.yaml", best_text)
            B.check_best(work / "best.yaml", result.winner_variant)
        write_parquet_atomic(work / "trials.parquet", result.trials)
        md, js = tune_markdown(result), tune_json(result)
        write_atomic(work / "tune.md", md)
        write_atomic(work / "tune.json", js)
        write_atomic(work / "tune.html", tune_html(result, best_text))
        # An older --out is removed only once the new one is in place. Without --force (and not
        # continuing a search), an --out another command wrote while this one ran is kept.
        (work / LOCK_NAME).unlink(missing_ok=True)  # (still held: the finished --out has none)
        swap_into_place(work, out_dir, replace=force or resumed is not None, option="--out")
        return md, js, best_text, kept_line(result) if result.base_wins else ""

    try:
        with at_default():
            md, js, best_text, kept = finish()
    except OutputTaken:
        raise  # the finished search was put beside --out: its one line says where
    except Interrupted:
        from playtest.cli.app import interruption  # (defined after app.py imports the commands)

        done = _finished_trials(work)
        saved = (f"no trial had finished; the search is kept in {work}" if done == 0 else
                 f"{done} finished trial{'s are' if done != 1 else ' is'} saved in {work}" if done > 0 else
                 f"the finished trials are saved in {work}")
        raise SearchInterrupted(f"{interruption()}: {saved}; run the same command with --resume to continue") from None
    except Exception as exc:  # disk full, a report that cannot be written...: the search is kept (README)
        exc.add_note(f"the finished trials are kept in {work}: run the same command with --resume to finish "
                     "once the cause is fixed (or --force to start afresh)")
        raise
    finally:
        os.close(lock)
    typer.echo(md if fmt == "md" else js, nl=fmt != "md")
    if best_text is None:
        err.print(f"{kept}; wrote {out_dir / 'tune.md'}, "
                  "tune.html, tune.json, trials.parquet")
    else:
        err.print(f"wrote {out_dir / 'best.yaml'}, tune.html, tune.md, tune.json, trials.parquet")
