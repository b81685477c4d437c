"""Options and helpers shared by several commands."""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console

from playtest.errors import BotNameError, UsageError, VariantError
from playtest.io import REPORT_SUFFIXES, not_folder
from playtest.text import clean

if TYPE_CHECKING:
    from playtest.variants import Variant

SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a variant key, e.g. --set crews.bays.time=2 (repeatable).",
                 metavar="KEY.PATH=VALUE"),
]


def load(path: Path, overrides: list[str] | None) -> Variant:
    from playtest.variants import load_variant  # (pydantic's models: when a command loads one)

    if str(path) in ("", "."):  # typer turns '' into '.', which would read as "is a folder"
        raise UsageError("VARIANT: an empty path; give a variant file, e.g. variants/stargate/draft5.yaml")
    return load_variant(path, overrides or ())


def load_each(paths: list[Path], overrides: list[str] | None) -> list[Variant]:
    """`load` of several variants with the same --set (compare, diff): a --set that one of them
    cannot take is located at the --set alone, so its line also names the variant file."""
    out = []
    for path in paths:
        try:
            out.append(load(path, overrides))
        except VariantError as err:
            if len(paths) < 2 or not overrides:
                raise
            problems = [dataclasses.replace(p, message=f"{p.message} (in {path}; --set applies to every variant)")
                        if p.in_override else p for p in err.problems]
            raise VariantError(problems) from None
    return out


def print_notes(variants: Iterable[Variant], *, workers: int = 0, backend: str = "pool") -> None:
    """Every variant's notes (a setting that can never take effect, such as an end trigger no game
    reaches; an added id that looks like a misspelt known one), each once, as `simulate` prints
    them: compare, diff, sweep and tune played such drafts without a word. A command calls it once every
    check of its options and outputs has passed, just before its games start: printed on loading,
    a note came before the one error line of a bad option (`simulate draft6-no-replenish.yaml
    --bots mcts:abc`: two lines on stderr, h250). `workers`, `backend`: the command's --workers,
    said when more than are used (`workers_note`)."""
    for note in [*note_texts(variants), workers_note(workers, backend)]:
        if note:
            typer.echo(clean(f"note: {note}"), err=True)


def workers_note(workers: int, backend: str = "pool") -> str | None:
    """What --workers beyond those a run uses becomes (sim.batch.effective_workers: the cores
    here, or MAX_DASK_WORKERS on Dask), or None: every command that takes --workers says it, as
    simulate did alone (compare, sweep, ladder, tune and diff capped `-w 100000` in silence)."""
    from playtest.sim.batch import MAX_DASK_WORKERS, effective_workers

    used = effective_workers(workers, backend)
    if workers <= used:
        return None
    limit = f"at most {MAX_DASK_WORKERS:,} on Dask" if backend == "dask" else "the cores this machine offers"
    return f"--workers {workers} capped at {used} ({limit})"


def note_texts(variants: Iterable[Variant]) -> list[str]:
    """The variants' notes as text, each once. A note the file has without its --set is the
    file's: said without the ', with --set …' a note located in a parent draft names. Draft 6a's
    own gain_cubes note ended 'with --set scoring.color_bonus=none', and a sweep printed it once
    per grid point, each copy ending with the point's value, as if the --set caused it. Otherwise
    a note names the --set every variant of its file shares and, of the others, only the keys
    whose values decide where it shows (`deciding_keys`): once per value of them. A sweep's
    `--set cubes.replenish=0` note came once per point, each naming the swept value too; over
    `cubes.replenish=0,2` and `crews.armstrong.time=1,2` the replenish note came twice, naming
    armstrong.time=1 and =2 as if they caused it. The keys travel with each note
    (errors.Cause), not cut out of its text."""
    from playtest.variants import load_variant

    variants = list(variants)
    files: dict[str, list[int]] = {}
    for i, v in enumerate(variants):
        files.setdefault(v.path, []).append(i)
    own: dict[str, set[str]] = {}
    shows: dict[tuple[str, str], set[int]] = {}  # (file, the note without --set) → the variants that have it
    for i, v in enumerate(variants):
        for note in v.notes:
            if note.cause is not None and note.cause.sets:
                shows.setdefault((v.path, str(note.naming(()))), set()).add(i)
    texts = []
    for v in variants:
        for note in v.notes:
            if note.cause is None or not note.cause.sets:
                texts.append(str(note))
                continue
            plain = str(note.naming(()))
            if v.path not in own:
                try:
                    own[v.path] = {str(n) for n in load_variant(v.path).notes}
                except VariantError:  # the file alone does not validate: each note is the --set's
                    own[v.path] = set()
            if plain in own[v.path]:
                texts.append(plain)
                continue
            sets = [variants[j].overrides for j in files[v.path]]
            keys = deciding_keys(sets, [j in shows[v.path, plain] for j in files[v.path]])
            texts.append(str(note.naming([o for o in note.cause.sets if o.partition("=")[0] in keys]))
                         if keys is not None else str(note))
    return list(dict.fromkeys(texts))


def deciding_keys(sets: Sequence[Sequence[str]], shown: Sequence[bool]) -> set[str] | None:
    """The keys of `sets` (each variant's --set, `key=value`) a note names: those every variant
    gives the same value, and the fewest of the others whose values alone tell the variants that
    have the note (`shown`) from those that do not (the first such in the order given). None when
    the variants do not all set the same keys (each note then names all of its own)."""
    given = [{o.partition("=")[0]: o for o in each} for each in sets]
    order = list(given[0])
    if any(list(g) != order for g in given):
        return None
    fixed = {k for k in order if len({g[k] for g in given}) == 1}
    varying = [k for k in order if k not in fixed]
    for size in range(len(varying) + 1):
        for keys in itertools.combinations(varying, size):
            seen: dict[tuple[str, ...], bool] = {}
            if all(seen.setdefault(tuple(g[k] for k in keys), has) == has for g, has in zip(given, shown, strict=True)):
                return fixed | set(keys)
    return None  # (two variants set alike, one with the note and one without: not a --set's doing)


def output_file(option: str, *, folder_ok: bool = False) -> Callable[[str], Path]:
    """The parser of an option that names an output FILE (report's and calibrate's --out, play's
    --save). Typer's Path drops a trailing '/', so `--out new/` (a folder meant) wrote a file
    named `new`: the text is read as given here. `folder_ok`: an existing folder is taken (play
    saves the game in it), so a name ending in '/' must be one. A name ending in '/.' is one too:
    Path drops that as well (`-o new.md/.` wrote the file new.md)."""
    def parse(text: str) -> Path:
        if folder_ok and (not text.strip() or text == "-"):
            # play's --save: '' was taken as '.' (the current folder) and '-' wrote a file named '-'
            # (standard output, to report and calibrate, is where play draws the game)
            raise UsageError(f"{option} {text!r}: give the file or folder to save the game in (without {option}, "
                             "it is saved in the current folder)")
        path = Path(text)
        end = "/" if text.endswith("/") else "/." if text.endswith("/.") else ""
        if not end or not text.strip("/.") or path.is_dir():
            return path  # ('/' and an existing folder: check_output_path says what is wrong)
        if folder_ok:
            raise UsageError(f"{option} {text}: {path} {not_folder(path)}" if os.path.lexists(path) else
                             f"{option} {text}: folder {path} does not exist")
        raise UsageError(f"{option} {text}: ends with '{end}', so it names a folder, but {option} is the file to "
                         "write: give the file's name")
    return parse


def split_bots(text: str) -> list[str]:
    """`greedy,random` → ["greedy", "random"]; an empty name is an error, not skipped."""
    parts = [part.strip() for part in text.split(",")]
    for i, part in enumerate(parts, 1):
        if not part:
            raise UsageError(f"--bots {text}: bot {i} has no name")
    return parts


PLAYERS_HELP = ("Players per game (default: one per name in --bots, else 4 when the variant supports it, "
                "else the most it supports).")

PIPE_WIDTH = 160
"""Width of tables written to a pipe or a CI log (rich would use 80 and wrap every row)."""


class ReportFormat(StrEnum):
    """--format of the commands that write a report file (report, calibrate): a report file's
    suffix without its dot (REPORT_SUFFIXES), so `-f htm` is html as `-o r.htm` is (it was refused,
    "'htm' is not one of 'html', 'md', 'json'", while the suffix was taken)."""

    html = "html"
    htm = "htm"
    md = "md"
    json = "json"

    @property
    def kind(self) -> str:
        """The format it names: html, md or json."""
        return REPORT_SUFFIXES[f".{self.value}"]


def report_format(fmt: ReportFormat | None, out: Path | None, default: str) -> str:
    """The format of a report file: --format when given (an --out file whose suffix names
    another format is an error: `-o y.html -f md` wrote Markdown into a .html file), else the
    one the --out file's suffix names, else `default`."""
    named = REPORT_SUFFIXES.get(out.suffix.lower()) if out is not None and str(out) != "-" else None
    if fmt is not None and out is not None and named is not None and named != fmt.kind:
        raise UsageError(f"--out {out}: a {out.suffix} file, but --format {fmt.value} (name the file for its format, "
                         "or leave --format out: the suffix chooses it)")
    return fmt.kind if fmt is not None else named or default


def check_report_suffix(fmt: str | None, out: Path) -> None:
    """Without --format the --out file's suffix chooses the format (`report_format`): a suffix
    that names none is refused, before anything is written (`report RUN -o r.txt` wrote HTML
    into r.txt and said nothing). Asked after the path checks: a folder or an input named as
    --out is said first."""
    if fmt is not None or out.suffix.lower() in REPORT_SUFFIXES:
        return
    known = list(REPORT_SUFFIXES)
    suffixes = ", ".join(known[:-1]) + " or " + known[-1]
    given = f"{out.suffix!r}" if out.suffix else "a name without a suffix"
    raise UsageError(f"--out {out}: cannot tell the format from {given}; use {suffixes}, or give --format")


def make_console(**options: Any) -> Console:
    """Every rich Console of the CLI: emoji codes off, so that text is printed as written (with
    them on, the bot `mcts:100:c=1` printed as `mcts💯c=1`)."""
    return Console(emoji=False, **options)


def out_console() -> Console:
    """The console for results: the terminal's width; when not a terminal, tables PIPE_WIDTH
    wide and lines of text never broken (a path or a p-value cut in two in a CI log)."""
    console = make_console()
    return console if console.is_terminal else make_console(width=PIPE_WIDTH, soft_wrap=True)


def status_console(**options: Any) -> Console:
    """The console for status lines on stderr (progress, 'wrote …', warnings): when stderr is not
    a terminal (a CI log), a line is never broken at 80 columns (the max_rounds warning came out as
    three lines, a long path in 'wrote …' in two)."""
    console = make_console(stderr=True, **options)
    return console if console.is_terminal else make_console(stderr=True, soft_wrap=True, **options)


R = TypeVar("R")


def with_progress(status: Console, quiet: bool, total: int | None, start: Callable[[Callable[[int], None] | None], R],
                  what: str = "simulating") -> R:
    """`start(advance)`: a run whose games advance a progress line `what` on `status`, only on a
    terminal (never in a pipe or a CI log) and not when `quiet`; `start(None)` otherwise. The bar
    is transient and only counts games: the run plays as without it."""
    if quiet or not status.is_terminal:
        return start(None)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    # `what` is text (a rung's bot spec): braces would be format fields, brackets markup
    label = what.replace("{", "{{").replace("}", "}}")
    with Progress(TextColumn(label, markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=status, transient=True) as progress:
        task = progress.add_task("games", total=total)
        return start(lambda k: progress.advance(task, k))


def from_bots_option(err: UsageError) -> UsageError:
    """A bot name's error (BotNameError: unknown bot, bad search option) from `--bots`, naming the
    option as every bad option's line does; other errors (about --players, a variant) as they are."""
    return UsageError(f"--bots: {err}") if isinstance(err, BotNameError) else err


def lineup_note(bots: str | None, lineup: tuple[str, ...], run: Any, what: str) -> str:
    """'; these games' bots are --bots greedy, not the goals file's run.bots (...): ...' when --bots
    replaced the file's line-up with other bots, else '': a goal on a metric of the file's bots
    (Stargate's win_gap of two scripted bots) read "unknown metric 'win_gap' (did you mean
    'win_rate'?)" under `tune --bots greedy` (and `diff --bots greedy`), with nothing to say that the line-up made it so. A
    file that names no bots has no line-up that --bots replaced: it was told "not of the goals
    file's run.bots random", a key it does not hold."""
    if bots is None or "bots" not in run.model_fields_set:
        return ""
    theirs = [run.bots] if isinstance(run.bots, str) else list(run.bots)
    if len(theirs) == 1:
        theirs = split_bots(theirs[0])
    if set(theirs) == set(lineup):
        return ""
    return (f"; these games are of --bots {bots}, not of the {what}'s run.bots {','.join(theirs)}: a metric that "
            "compares two bots of a line-up is only in games of those bots")


def run_lineup(variants: list[Variant], players: int | None, bots: str | None, run: Any,
               run_problem: Callable[[str, str], Exception], *,
               how: str = "") -> tuple[int, tuple[str, ...]]:
    """diff's and tune's players and bots by seat: the options, else the `run:` settings (`run`)
    of the gates or goals file. A bad bot name or player count is said where it was given: the
    option, or its place in the file (`run_problem(key, message)`). `how`: where the setting that
    allows another player count goes (tune has no --set: "in the variant file")."""
    from playtest.compare.runs import common_lineup

    try:
        # (`is not None`: `--players 0` and `--bots ''` were taken as not given, and the file's 4 players
        # and bots played under a command line that said otherwise)
        bot_list = split_bots(bots) if bots is not None else ([run.bots] if isinstance(run.bots, str) else list(run.bots))
        if len(bot_list) == 1:
            bot_list = split_bots(bot_list[0])
        return common_lineup(variants, players if players is not None else run.players, bot_list, how=how)
    except UsageError as exc:
        if bots is None and (isinstance(exc, BotNameError) or "--bots" in str(exc)):
            raise run_problem("bots", str(exc).replace("--bots ", "")) from None
        if players is None and run.players is not None and "--players" in str(exc):
            raise run_problem("players", str(exc).replace("--players ", "")) from None
        raise from_bots_option(exc) from None
