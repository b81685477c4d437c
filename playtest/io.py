"""Safe outputs: everything playtest writes appears whole or not at all, and nothing is replaced
without --force. Every command (simulate, compare, sweep, report, and future ones) writes through
these helpers:

- `check_output_path(path, option)` before any work: refuses an empty path, a path under a
  file, in /proc, /sys or /dev, a folder where a file is wanted, an unwritable place, a path that
  is not UTF-8, a name too long for the file system once playtest's working copies add to it.
- `check_output_path` also refuses an output (a file, or a folder) named as one of a finished
  run's own files in that run's folder (run.json, its Parquet, its report.html/.md/.json: `RUN_OWN_FILES`): the
  report of another run, a calibration or a saved game is never put there, --force or not.
- `check_not_input(path, inputs, option)`: an output may never be one of the command's inputs
  (or a file inside an input run folder).
- `check_free(path, force, option)`: an existing file or run folder is only replaced with --force,
  and a named pipe, device or socket never (`check_replaceable`),
  and --force replaces a non-empty folder only if playtest wrote it (`is_playtest_output`) and
  it holds nothing playtest did not write (`foreign_files`: a saved game, the user's notes).
- `mark_output(folder)`: what makes a folder playtest's own output (every output folder gets it).
- `write_atomic(path, text)` / `write_bytes_atomic(path, data)` / `write_parquet_atomic(path,
  frame)`: a temporary sibling, then os.replace.
- `staged_dir(target, force=..., option=...)`: a context manager yielding a temporary sibling
  folder; on success it takes `target`'s place (the old one is removed only then); on failure
  or Ctrl-C it is removed and `target` is untouched.
- `swap_into_place(staging, target)`: the rename at the end of `staged_dir`, also used by
  resumable runs.
- `leftovers(target)` / `remove_leftovers(target)`: temporary siblings of interrupted runs.

Errors are `UsageError` naming the option: `--out PATH: message`.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import io
import itertools
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from playtest.errors import Interrupted, PlaytestError, UsageError
from playtest.text import excerpt, not_utf8_at

if TYPE_CHECKING:
    import polars as pl

STAGING_MARK = ".playtest-tmp-"
"""Temporary siblings are named `.<target name>.playtest-tmp-<random>`."""
OLD_MARK = ".playtest-old-"
SYSTEM_ROOTS = (Path("/proc"), Path("/sys"), Path("/dev"))
OUTPUT_MARK = ".playtest-output"
"""An empty file in every folder playtest writes as an output (a run, a comparison, a sweep, a
ladder, a tune): --force replaces only such folders, so `--out docs --force` cannot delete a
folder of the user's own."""
OUTPUT_SIGNATURES: dict[str, tuple[str, object]] = {
    "run.json": ("format_version", None),
    "compare.json": ("kind", "playtest-comparison"),
    "sweep.json": ("kind", "playtest-sweep"),
    "ladder.json": ("schema", "playtest-ladder"),
    "tune.json": ("kind", "playtest-tune"),
    "search.json": ("budget", None),
}
"""How a folder written before OUTPUT_MARK existed (2026-12-02) is recognised: a JSON file of
that name holding that key (with that value, unless None) — a run.json of another tool's
experiment folder is not playtest's. A run.json must also name a game and a variant."""


OWN_FILES = (
    # a run (sim/rundir.py), finished or being played (its .partial folder and chunks/)
    "run.json", "games.parquet", "events.parquet", "manifest.jsonl", "lock", "games-*.parquet", "events-*.parquet",
    "report.html", "report.md", "report.json",  # simulate's report.html, `playtest report RUN`
    "compare.md", "compare.json", "compare.html",
    "sweep.md", "sweep.json", "sweep.csv", "sweep.html",
    "ladder.md", "ladder.json", "ladder.html",
    "tune.md", "tune.json", "tune.html", "best.yaml", "trials.parquet", "search.json", "base-metrics.parquet",
    "study.db", "study.db-*",  # (SQLite's -journal, -wal, -shm beside it)
    ".study.db.new.tmp-*",  # SQLite's beside the study being made (tune/study.py's _create; the file itself is a .tmp)
    "explain.md", "explain.json", "explain.html", "explain.sha256",  # `playtest explain` into a sweep or tune
    ".playtest-output", ".lock",  # OUTPUT_MARK, LOCK_NAME
)
"""The names of the files playtest writes in its output folders, at any depth (a comparison's
runs/<variant>/run.json), with the temporary `.<name>.<random>.tmp` of an interrupted write.
Any other file there (a game `play --save`d into a run folder, notes) is not playtest's, and
--force never deletes it with the folder (`foreign_files`). tests/core/test_io.py checks that
every command's output holds only these."""


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputError(PlaytestError):
    """Writing an output failed (disk full, permissions changed mid-run...)."""


class OutputTaken(OutputError):
    """The output's place was taken by another command while this one ran: the finished output
    was put beside it (`swap_into_place`), so nothing of this command's is lost."""


NOTHING_WRITTEN = " (nothing was written)"
"""How a run in a command's staging folder that cannot be written ends its line (`os_failure`): the
command removes that folder (`nothing_written`)."""


def nothing_written(beside: Path) -> str:
    """NOTHING_WRITTEN for a run that could not be written in a staging folder standing in `beside`
    (io.outside_staging), which the command removes as it fails; '' where `beside` is itself a
    folder kept for --resume (tune's `.OUT.partial`, its search's own runs inside): its line read
    '... (nothing was written); the finished trials are kept in' that very folder."""
    return "" if beside.name.endswith(PARTIAL_SUFFIX) else NOTHING_WRITTEN


def in_temporary_folder(path: Path) -> str:
    """What to do where a command's run at `path` could not be written, when that run is one of
    `temporary_runs` (tune's, sweep's and diff's probe games, diff's runs without --out): in the
    temporary folder, which the user named nowhere. '' for a run in a staging folder beside --out."""
    staging = next((part for part in path.parts if STAGING_MARK in part), "")
    if not staging.startswith(TEMPORARY_RUNS):
        return ""
    return "; it is the temporary folder: free space there, or set TMPDIR to a folder with room"


def os_failure(path: Path, exc: OSError) -> OutputError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        reason = "no space left on device"
    if (beside := outside_staging(path)) is not None:  # (a ladder's run.json named .l.playtest-tmp-*/runs/...)
        return OutputError(f"{beside}: cannot write: {reason}{nothing_written(beside)}{in_temporary_folder(path)}")
    return OutputError(f"{path}: cannot write: {reason} (nothing was replaced)")


def why_not_written(path: Path, exc: Exception) -> str:
    """Why polars could not write a table to `path` (its ComputeError or OSError), in words, as
    `os_failure` says an OSError: a full disk read 'internal error: ComputeError: parquet: File out
    of specification: Invalid thrift: transport error' (or '... underlying IO error: No space left
    on device (os error 28)'), which does not always say why. Call it before the half-written file
    is removed: a disk with less than a MiB left is taken to be the cause."""
    text = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
    try:
        full = shutil.disk_usage(_nearest_existing(path)).free < 2**20
    except OSError:
        full = False
    if "os error 28" in text or "No space left" in text or full or getattr(exc, "errno", None) == errno.ENOSPC:
        return "no space left on device"
    return text


TEMPORARY_RUNS = "playtest-"
"""How `temporary_runs` folders begin (a staging folder beside --out begins with '.')."""


def temporary_runs(what: str) -> tempfile.TemporaryDirectory[str]:
    """A folder in the temporary folder for a command's runs that go when it stops: the few games
    played first to check its inputs (`probe`: tune's goals, sweep's and diff's metrics), diff's
    runs without --out (`diff`). Named as a staging folder is, so that a run there that fails (a
    full temporary disk) is said of the temporary folder (`outside_staging`), not as a run for
    `playtest simulate --resume` to finish in a folder that is gone."""
    return tempfile.TemporaryDirectory(prefix=f"{TEMPORARY_RUNS}{what}{STAGING_MARK}")


def outside_staging(path: Path) -> Path | None:
    """The folder a command's staging folder stands in, for a `path` inside one (compare's,
    sweep's, ladder's, tune's and diff's runs are played there and removed if the command fails),
    else None: what a line names instead of a temporary folder the user never sees."""
    if not any(STAGING_MARK in part for part in path.parts):
        return None
    return next(p for p in path.parents if not any(STAGING_MARK in part for part in p.parts))


def write_bytes_atomic(path: Path, data: bytes, *, durable: bool = False) -> None:
    """Write `data` to `path` via a temporary sibling and os.replace. The file gets the usual
    permissions (0666 less the umask), not mkstemp's private 0600. `durable`: also on the disk
    when this returns, the file's bytes before the rename and the folder's entry after it, so that
    a power cut leaves the old file or the new one, never an empty one (for what cannot be made
    again: a game typed at `play`; a run's tables can be simulated again from their seed)."""
    try:  # a folder that cannot take the temporary file (read-only, full) is said of `path`, not of the temp name
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise os_failure(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~umask())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise os_failure(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:  # (the file is in place: a folder that cannot be synced, as some file systems refuse, changes nothing)
        with contextlib.suppress(OSError):
            folder = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)


def write_atomic(path: Path, text: str, *, durable: bool = False) -> None:
    """Write text (UTF-8, \\n line ends) to `path` atomically; see write_bytes_atomic."""
    write_bytes_atomic(path, text.encode("utf-8"), durable=durable)


def for_polars(path: Path) -> str:
    """`path` as polars is given it: absolute. Polars expands a leading '~' to the home folder and
    Python's own file functions do not, so a folder literally named '~' (`--out=~/x`, which the
    shell leaves unexpanded) was made in the working folder by playtest and then written and read
    in the home folder by polars (an internal error, or another folder's files read as the run's)."""
    return os.path.abspath(path)


def resolved(path: Path, label: str) -> Path:
    """`path.resolve()`, or one line naming `label` ('--out x', 'TRANSCRIPTS t.yaml') where it
    cannot be resolved: a symbolic link loop was "internal error: RuntimeError: Symlink loop"."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        raise UsageError(f"{label}: cannot be resolved (a symbolic link loop?)") from None


def write_parquet_atomic(path: Path, frame: pl.DataFrame) -> None:
    """Write a table as Parquet to `path` atomically (encoded in memory first); see
    write_bytes_atomic."""
    buf = io.BytesIO()
    frame.write_parquet(buf)
    write_bytes_atomic(path, buf.getvalue())


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if os.path.lexists(candidate):
            return candidate
    return Path("/")


def reference(path: Path, folder: Path) -> str:
    """How a file written into `folder` names `path` (the variant a saved game was played on,
    the draft a tuned variant extends): relative to the folder, so that a project moved or
    cloned as a whole still finds it; absolute when the two share nothing below the root, where
    a relative name ('../../../work/x.yaml') would find it only from where the file stands now."""
    target, here = path.resolve(), folder.resolve()
    if os.path.commonpath([target, here]) == target.anchor:
        return str(target)
    return os.path.relpath(target, here)


REPORT_SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".json": "json"}
"""A report file's suffixes and the formats they name: what `-o` of report and calibrate takes,
and what a folder output may not end with (`compare -o summary.md`)."""


def check_output_path(path: Path, option: str, *, folder: bool, report_of: Path | None = None,
                      named_by_playtest: bool = False) -> Path:
    """Refuse, before any work, an output path that cannot be written. `folder`: the output is
    a folder (a run), else a file. `report_of`: the run folder a file output reports (`playtest
    report RUN`): named when the file would be another run's own. `named_by_playtest`: a folder
    playtest names itself (a compare's run of `notes.md.yaml` is `runs/notes.md`), which may end
    as a report file does. Returns the path unchanged."""
    text = str(path)
    if not text.strip() or text in (".", "./"):
        raise UsageError(f"{option} {text!r}: give a new folder or file name, not the current folder"
                         if not text.strip() or folder else f"{option} {text!r}: is a folder, not a file")
    if any(ord(c) < 32 for c in text):
        raise UsageError(f"{option} {text!r}: a path may not contain control characters")
    if not_utf8_at(text) is not None:
        # the output records its own path (run.json), and writing that failed after the games were played
        raise UsageError(f"{option} {text!r}: a path must be UTF-8 text")
    absolute = Path(os.path.abspath(path))
    for root in SYSTEM_ROOTS:
        if absolute == root or root in absolute.parents:
            raise UsageError(f"{option} {path}: is inside {root}, a system folder playtest will not write to")
    real = resolved(absolute, f"{option} {path}")
    for root in SYSTEM_ROOTS:
        if real == root or root in real.parents:
            raise UsageError(f"{option} {path}: leads into {root}, a system folder playtest will not write to")
    for place in (real, *real.parents):
        if (place.name.endswith(PARTIAL_SUFFIX) and holds_unfinished_run(place)
                and not (place == real and being_written(place))):  # check_free says a live run's is busy
            # Only simulate refused it: `compare -o RUN.partial --force` replaced the saved games of an
            # interrupted run (a playtest output), and an output inside one was carried into RUN when it
            # was resumed, or deleted with it by a --force.
            target = place.with_name(place.name[: -len(PARTIAL_SUFFIX)])
            where = "is" if place == real else "is inside"
            raise UsageError(f"{option} {path}: {where} {place}, the unfinished run of {target} (`playtest simulate "
                             f"--resume {target}` finishes it); choose another place")
    # (a folder output too: `compare --out B/report.md` made a folder of that name in run B, and
    # `report B -f md` then blamed an edit for the report it could not write)
    _check_not_a_runs_own(path, absolute, option, report_of)
    _check_not_an_outputs_own(path, absolute, option)
    if folder and not named_by_playtest and os.path.lexists(absolute) and (
            whole := _output_above(absolute) or _output_above(Path(os.path.realpath(absolute.parent)) / absolute.name)
    ) is not None:
        # `simulate -o SWEEP/runs/00-time_0 --force` (or diff's, compare's...) replaced a run of the
        # sweep with other games: its sweep.json, reports and `explain` then described games it no longer held.
        # The folders above as they lead (`-o LINK/00-time_0`, LINK → SWEEP/runs, replaced the run all the same),
        # not the path itself: `--force` replaces a link given as --out, never what it leads to.
        shown = next((p for p in path.parents if Path(os.path.abspath(p)) == whole and str(p) != "."), whole)
        raise UsageError(f"{option} {path}: is part of the playtest output {shown} (a comparison, diff, sweep, ladder "
                         f"or tune); choose another place (--force does not replace it: only the command that wrote "
                         f"{shown} writes there)")
    if os.path.islink(absolute) and not os.path.exists(absolute):
        # "already exists (a file); use --force" or "exists and is not a folder" named no link
        raise UsageError(f"{option} {path}: is a symbolic link to {os.readlink(absolute)}, which does not exist; "
                         "remove the link or choose another place")
    if os.path.lexists(absolute):
        if folder and not absolute.is_dir():
            raise UsageError(f"{option} {path}: {not_folder(absolute)}")
        if not folder and absolute.is_dir():
            raise UsageError(f"{option} {path}: is a folder, not a file")
        if folder and os.path.ismount(absolute):
            # A Docker volume (`-v $PWD/out:/out`, `--out /out`): the output, built beside it, could not be
            # renamed onto it once the work was done ("Device or resource busy"; compare, sweep, ladder and
            # diff blamed "another command", simulate left its games behind for a --resume that refused them).
            raise UsageError(f"{option} {path}: is a mount point, which playtest cannot replace (an output is built "
                             f"beside it and renamed into place): give a folder inside it, e.g. {path / 'run'}")
    if (folder and not named_by_playtest and not os.path.lexists(absolute)
            and absolute.suffix.lower() in REPORT_SUFFIXES):
        # `compare -o summary.md` made a folder named so, its reports inside (as report's and calibrate's -o name a file)
        raise UsageError(f"{option} {path}: names a report file, but this command writes a folder (its reports "
                         f"inside it); give a folder name without {absolute.suffix}")
    existing = _nearest_existing(absolute.parent)
    if not existing.is_dir():
        raise UsageError(f"{option} {path}: {existing} {not_folder(existing)}")
    _check_name_lengths(path, absolute, existing, option, folder)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: {existing} is not writable")
    return path


RUN_DATA_FILES = ("run.json", "games.parquet", "events.parquet", "manifest.jsonl", "lock")
"""A finished run folder's own data (sim/rundir.py)."""
RUN_REPORTS = ("report.html", "report.md", "report.json")
"""A run's own reports, in its folder: simulate's report.html, `playtest report RUN`'s
report.<ext> (report/write.py SUFFIX)."""
RUN_OWN_FILES = RUN_DATA_FILES + RUN_REPORTS


def is_run_folder(folder: Path) -> bool:
    """`folder` is a finished run's: a run.json playtest wrote (OUTPUT_SIGNATURES), or the run's
    Parquet (a run whose run.json is damaged is still one)."""
    return (_signed(folder / "run.json", *OUTPUT_SIGNATURES["run.json"])
            or any((folder / name).is_file() for name in ("games.parquet", "events.parquet")))


def _check_not_a_runs_own(path: Path, absolute: Path, option: str, report_of: Path | None) -> None:
    """An output may not take the name of a run's own file in that run's folder: `report A --out
    B/report.md` wrote run A's numbers as run B's report (and `--force` replaced B's report.html,
    or its run.json), and `report B -f md` then blamed an edit. The run reported (`report_of`) is
    left to the command's own checks (its report is its own; its data, an input). The name as
    given: a link named as the output is replaced as a link (written aside, renamed over it), the
    file it leads to never written; a link among its folders is followed by the look at the folder."""
    run = absolute.parent
    if absolute.name not in RUN_OWN_FILES or not is_run_folder(run):
        return
    if report_of is not None and _same_or_inside(run, report_of) and _same_or_inside(report_of, run):
        return
    shown = path.parent if str(path.parent) != "." else run
    of = f", and this is a report of {report_of}" if report_of is not None else ""
    if absolute.name in RUN_REPORTS:
        raise UsageError(f"{option} {path}: is the own report of the run {shown}{of}; choose another place "
                         f"(--force does not replace it: only `playtest report {shown}` writes that file)")
    raise UsageError(f"{option} {path}: is {absolute.name}, one of the files of the run {shown}{of}; "
                     "choose another place (--force does not replace it)")


def _output_above(absolute: Path) -> Path | None:
    """The nearest folder above `absolute` that is a comparison, diff, sweep, ladder or tune (its
    OUTPUT_MARK, or its JSON), or None."""
    for folder in absolute.parents:
        if folder.parent == folder:
            return None
        if (folder / OUTPUT_MARK).is_file() or any(
                _signed(folder / name, *sig) for name, sig in OUTPUT_SIGNATURES.items() if name != "run.json"):
            return folder
    return None


def _check_not_an_outputs_own(path: Path, absolute: Path, option: str) -> None:
    """Nor may it take the name of one of the files of another playtest output (a comparison,
    diff, sweep, ladder or tune, known by its OUTPUT_MARK or its JSON; OWN_FILES): `report RUN --out
    TUNE/tune.json --force` replaced the tune's own summary, which `explain TUNE` reads back (it
    then refused the folder), and `report RUN --out SWEEP/sweep.md --force` the sweep's; a file
    put there under such a name was also deleted by that folder's next `--force`, as its own.
    (A folder holding only runs, such as reports/, is no such output: its report.html is yours.)"""
    folder = absolute.parent
    if not _own_file(absolute.name) or not folder.is_dir() or is_run_folder(folder):
        return
    if not ((folder / OUTPUT_MARK).is_file()
            or any(_signed(folder / name, *sig) for name, sig in OUTPUT_SIGNATURES.items() if name != "run.json")):
        return
    shown = path.parent if str(path.parent) != "." else folder
    raise UsageError(f"{option} {path}: {shown} is a playtest output (a comparison, diff, sweep, ladder or tune), and "
                     f"{absolute.name} is a name of its own files; choose another place (--force does not replace it: "
                     "only the command that wrote the folder writes there, and its next --force deletes such a file)")


NAME_ROOM = {True: len(STAGING_MARK) + 1 + 8, False: len("..") + 8 + len(".tmp")}
"""What playtest adds to an output's name for its working copies: to a folder's,
`.<name>.playtest-tmp-<8 random characters>` (staged_dir; OLD_MARK is as long, `<name>.partial`
shorter); to a file's, `.<name>.<8>.tmp` (write_bytes_atomic)."""
PATH_ROOM = 64
"""What playtest adds below an output folder's path (`.partial/chunks/.events-000000000000.parquet.<8>.tmp`)."""


def _check_name_lengths(path: Path, absolute: Path, existing: Path, option: str, folder: bool) -> None:
    """The folders to create and the output's own name must fit the file system's limits
    (usually 255 bytes a name, 4096 a path) with room for playtest's working copies: a run
    named with 250 characters failed only once its games were played, when `<name>.partial` or
    `.<name>.playtest-tmp-...` could not be made (exit 1, naming a file the user never wrote)."""
    def limit(name: str, fallback: int) -> int:
        try:
            return os.pathconf(existing, name)
        except (OSError, ValueError):
            return fallback

    name_max, path_max = limit("PC_NAME_MAX", 255), limit("PC_PATH_MAX", 4096)
    new = absolute.parts[len(existing.parts):]
    for part in new[:-1]:  # folders to create
        if len(os.fsencode(part)) > name_max:
            raise UsageError(f"{option} {path}: the folder name {excerpt(part, 40)!r} is {len(os.fsencode(part))} "
                             f"bytes long; at most {name_max} here")
    room = NAME_ROOM[folder]
    if new and len(os.fsencode(new[-1])) + room > name_max:
        raise UsageError(f"{option} {path}: the name is {len(os.fsencode(new[-1]))} bytes long; at most "
                         f"{name_max - room} here (playtest adds up to {room} characters to it for its working copies)")
    if len(os.fsencode(absolute)) + PATH_ROOM > path_max:
        raise UsageError(f"{option} {path}: the path is {len(os.fsencode(absolute))} bytes long; at most "
                         f"{path_max - PATH_ROOM} here (playtest writes files up to {PATH_ROOM} characters below it)")


def check_writable_folder(folder: Path, what: str) -> None:
    """Refuse, before any work, to write `what` into an existing `folder` that cannot take it
    (read-only, not ours): a command's default output inside its input folder."""
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{folder}: is not writable, and {what}")


def _same_or_inside(path: Path, other: Path) -> bool:
    a, b = Path(os.path.abspath(path)), Path(os.path.abspath(other))
    with contextlib.suppress(OSError, RuntimeError):
        a, b = a.resolve(), b.resolve()
    return a == b or b in a.parents


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"))


def not_regular(of: Path | int) -> str:
    """'is a named pipe, not a regular file' (a device, a socket; a folder 'is a folder, not a
    file'): how every reader and writer says that what is at a path (`of`, or its st_mode) is
    there but is no regular file — the variant loader, a run's files, a tune's saved search, an
    output's place. A link is followed, as reading or replacing through it would be. One wording
    where a pipe was "not a regular file (a device, pipe or socket cannot be a variant)", "a
    pipe, device or socket, not a regular file", "not a regular file (a folder, pipe or device)",
    "is not a file" or "is missing"."""
    kind = kind_at(of)
    if kind is None and not isinstance(of, int) and os.path.islink(of) and not os.path.exists(of):
        return "is a symbolic link that leads nowhere"
    if kind == "a folder":
        return "is a folder, not a file"
    return f"is {kind}, not a regular file" if kind not in (None, "a file") else "is not a regular file"


def kind_at(of: Path | int) -> str | None:
    """What stands at a path (or what its st_mode says), in the words every message uses: 'a
    folder', 'a file', 'a named pipe', 'a device', 'a socket'. None: nothing there (a link that
    leads nowhere, a path that cannot be looked at) or a kind playtest has no word for. A link is
    followed."""
    if isinstance(of, int):
        mode = of
    else:
        try:
            mode = os.stat(of).st_mode
        except (OSError, ValueError):
            return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISREG(mode):
        return "a file"
    return next((what for test, what in _KINDS if test(mode)), None)


def not_folder(path: Path, what: str = "folder") -> str:
    """'is a named pipe, not a folder' (a file, a device, a socket; 'not a run folder' with `what`):
    how every place where playtest wants a folder says that `path`, which is none, is no `what` —
    a folder output's --out and the folder it goes in, play's --save DIR/, a run folder to read, a
    sweep or tune output folder — in `not_regular`'s words. A link that leads nowhere is said as
    one, with where it leads (a run since deleted read 'no such run folder' of a name `ls` lists);
    nothing at all there is 'no such run folder'. The run folders said 'a file, not a run folder'
    where an --out said 'is a file, not a folder'. Callers ask only of a path that is no folder."""
    if not os.path.lexists(path):
        return f"no such {what}"
    kind = kind_at(path)
    if kind is not None:
        return f"is {kind}, not a {what}"
    if os.path.islink(path):
        return f"is a symbolic link that leads nowhere ({os.readlink(path)}), not a {what}"
    return f"is not a {what}"  # a kind playtest has no word for


class NotRegularFile(OSError):
    """A named pipe, device or socket where playtest reads a file (`read_regular`); its
    `said` says which, as `not_regular` says it ('is a named pipe, not a regular file')."""

    def __init__(self, mode: int) -> None:
        self.said = not_regular(mode)
        super().__init__(errno.EINVAL, self.said)


class FileTooLarge(OSError):
    """A file larger than its reader's limit (`read_regular`); `size` in bytes."""

    def __init__(self, size: int) -> None:
        super().__init__(errno.EFBIG, f"{size:,} bytes")
        self.size = size


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """A file's bytes, never waiting on a named pipe: opened non-blocking and read only when it is
    a regular file (IsADirectoryError for a folder, NotRegularFile for a pipe, device or socket; a
    pipe put in place of a variant, run.json or manifest.jsonl blocked its reader for ever). With
    `limit`, FileTooLarge when the file says it is larger, and at most `limit` + 1 bytes read (a
    file that grows while read: the caller compares)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(info.st_mode)
        if limit is not None and info.st_size > limit:
            raise FileTooLarge(info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read() if limit is None else fh.read(limit + 1)
    finally:
        os.close(fd)


def same_text(path: Path, text: str) -> bool:
    """Whether the file at `path` holds exactly `text` (an output asked for again: nothing to do).
    Never of a named pipe or device: reading one waited for a writer for ever (`playtest report RUN`
    with RUN/report.html a pipe)."""
    try:
        return path.is_file() and path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def check_not_input(path: Path, inputs: Iterable[Path], option: str) -> None:
    """An output may not be an input, nor lie inside an input folder (a run's own files)."""
    for source in inputs:
        if _same_or_inside(path, source):
            what = "is" if _same_or_inside(source, path) else "is inside"
            raise UsageError(f"{option} {path}: {what} this command's input {source}; "
                             "write the output somewhere else")
        if _same_or_inside(source, path) and Path(source).exists():
            raise UsageError(f"{option} {path}: holds this command's input {source}; "
                             "write the output somewhere else")


def mark_output(folder: Path) -> None:
    """Mark `folder` (being written) as playtest's output: a later --force may replace it."""
    (folder / OUTPUT_MARK).touch()


def _signed(path: Path, key: str, value: object) -> bool:
    """`path` is a JSON object that holds `key` (equal to `value` unless that is None)."""
    import json

    if not path.is_file():  # a named pipe: opening it waited for a writer for ever (--force over it)
        return False
    try:
        with path.open("rb") as f:
            doc = json.loads(f.read(1_000_000))
    except (OSError, ValueError):
        return False
    if not isinstance(doc, dict) or key not in doc or (value is not None and doc[key] != value):
        return False
    return path.name != "run.json" or ("game" in doc and isinstance(doc.get("variant"), dict))


def is_playtest_output(folder: Path) -> bool:
    """`folder` was written by playtest: it holds OUTPUT_MARK, or (from before the mark) one of
    OUTPUT_SIGNATURES, or only run folders (a `diff --out` or a run's pieces)."""
    if (folder / OUTPUT_MARK).is_file():
        return True
    if any(_signed(folder / name, *sig) for name, sig in OUTPUT_SIGNATURES.items()):
        return True
    entries = [p for p in folder.iterdir() if STAGING_MARK not in p.name]
    return bool(entries) and all(p.is_dir() and not p.is_symlink() and is_playtest_output(p) for p in entries)


def _own_file(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name, own) or fnmatch.fnmatchcase(name, f".{own}*.tmp") for own in OWN_FILES)


def foreign_files(folder: Path, *, kept_in: Path | None = None) -> list[Path]:
    """The files (and links) under the output `folder` that playtest did not write there
    (OWN_FILES), sorted: replacing the folder would delete them. `kept_in`: the folder about
    to take its place, which already holds a copy of whatever it holds at the same place (a
    tune continued with --resume copies its --out)."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):  # (links to folders are listed, not followed)
        here = Path(root)
        theirs = [here / d for d in dirs if (here / d).is_symlink()]
        theirs += [here / f for f in files if (here / f).is_symlink() or not _own_file(f)]
        found += [p for p in theirs if kept_in is None or not os.path.lexists(kept_in / p.relative_to(folder))]
    return sorted(found)


def foreign_said(folder: Path, found: list[Path]) -> str:
    """`found` (foreign_files of `folder`) in words: its first file, and how many more."""
    more = f" (and {len(found) - 1} more file{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    return f"holds {found[0]}{more}, which is not one of the files of playtest's output"


def check_nothing_foreign(folder: Path, option: str, out: Path | None = None) -> None:
    """Refuse to replace (--force) or remove the output folder `folder` while it holds a file
    playtest did not write: `play --save RUN` put a game there, and `simulate --out RUN --force`
    deleted it with the run. Refused rather than carried into the new folder: nothing is moved
    or deleted, and the user decides where the file goes. `out`: the --out the folder belongs
    to (`folder` is its unfinished run or search)."""
    found = foreign_files(folder) if folder.is_dir() and not folder.is_symlink() else []
    if found:
        them = "it" if len(found) == 1 else "them"
        raise UsageError(f"{option} {out or folder}: {foreign_said(folder, found)}; replacing the folder would delete "
                         f"{them}: move {them} out of {folder}, or choose another {option}")


def check_replaceable(path: Path, label: str, instead: str) -> None:
    """Refuse an output's place that holds a named pipe, a device or a socket, --force or not: an
    output is written beside its place and renamed into it, so it would never go into the pipe
    but replace it ("already exists (a file); use --force" said neither). `label`: how the place
    is named ('--out r.md'); `instead`: what else the user can do ('choose another --out')."""
    if os.path.exists(path) and not path.is_file() and not path.is_dir():
        raise UsageError(f"{label}: {not_regular(path)}; playtest writes a new file and renames it into place, "
                         f"never into it, and does not replace it, --force or not: remove it, or {instead}")


def put_back_set_aside(target: Path) -> None:
    """An output `swap_into_place` moved aside (.<name>.playtest-old-*/run) whose replacement never
    came (the command was killed between the two renames) goes back to `target`, before anything
    looks at `target`: the leftover clean-up deleted it, so the earlier output was lost as well as
    the new one."""
    if os.path.lexists(target):
        return
    for aside in leftovers(target):
        if OLD_MARK in aside.name and os.path.lexists(aside / "run") and not lock_held(aside / LOCK_NAME):
            with contextlib.suppress(OSError):
                os.rename(aside / "run", target)
                _remove(aside)
                return


def check_free(path: Path, force: bool, option: str) -> None:
    """An existing output (file, or non-empty folder) is only replaced with --force; a
    non-empty folder only if playtest wrote it and it holds no file playtest did not write
    (`check_nothing_foreign`), even with --force, and never one that another playtest process is
    writing now. An earlier output a killed command left set aside is put back first."""
    put_back_set_aside(path)
    if not os.path.lexists(path):
        return
    check_replaceable(path, f"{option} {path}", f"choose another {option}")
    if path.is_dir() and not path.is_symlink() and being_written(path):
        # `-o RUN.partial --force` while RUN was simulated replaced the running run's folder under
        # it: the run stopped with "internal error: No such file or directory"
        raise UsageError(f"{option} {path}: another playtest process is writing there now; let it finish, or "
                         f"choose another {option}")
    if path.is_dir() and not path.is_symlink() and not any(p for p in path.iterdir() if STAGING_MARK not in p.name):
        return
    if path.is_dir() and not path.is_symlink() and not is_playtest_output(path):
        raise UsageError(f"{option} {path}: is a folder that is not empty and holds no playtest output; "
                         "--force replaces only playtest's own outputs: choose a new folder")
    check_nothing_foreign(path, option)  # before "use --force", which would not replace it either
    if force and path.is_dir() and not path.is_symlink() and not os.access(path, os.W_OK | os.X_OK):
        # A folder is moved aside before it is replaced, which needs it writable: every game was
        # played, then "Permission denied; 0 of N games are saved in OUT.partial" (a complete run).
        raise UsageError(f"{option} {path}: is read-only, so --force cannot replace it; make it writable, or "
                         f"choose another {option}")
    if force:
        return
    if path.is_symlink() and path.is_dir():
        # A link to an empty folder passed as an empty folder: simulate then replaced the link by
        # its run (the folder it led to left empty), and compare, sweep, ladder and diff played every
        # game before "written by another command while this one ran", their output put at LINK-2.
        # Where it leads from here: a relative link's text (`o -> real`) is read from the link's folder,
        # and `-o sub/o` told "a symbolic link to real; give the folder it leads to" named ./real.
        leads = os.path.join(os.path.dirname(path), os.readlink(path))
        raise UsageError(f"{option} {path}: is a symbolic link to {leads}; give the folder it leads to, "
                         "or use --force to replace the link (never what it leads to)")
    what = "a folder that is not empty" if path.is_dir() else "a file"
    raise UsageError(f"{option} {path}: already exists ({what}); use --force to replace it")


def leftovers(target: Path) -> list[Path]:
    """Temporary siblings (and old copies) left by interrupted writes of `target`."""
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        return []
    prefixes = (f".{target.name}{STAGING_MARK}", f".{target.name}{OLD_MARK}")
    return sorted(p for p in parent.iterdir() if p.name.startswith(prefixes))


def remove_leftovers(target: Path) -> list[Path]:
    """Remove the temporary siblings of `target` that no live process is writing (each staging
    folder holds a lock while its command runs)."""
    found = [p for p in leftovers(target) if not lock_held(p / LOCK_NAME)]
    for p in found:
        _remove(p)
    return found


LOCK_NAME = ".lock"
RUN_LOCK = "lock"
"""The lock file of a run in progress, in its OUT.partial folder (sim.rundir)."""
PARTIAL_SUFFIX = ".partial"
RUN_CHUNKS = "chunks"
"""A run lives in the sibling folder `<out>.partial` until it is complete, its saved games in
its chunks/ folder beside run.json (sim/rundir.py): no output may be written there."""


def holds_unfinished_run(folder: Path) -> bool:
    """A run's unfinished folder: a run.json and a chunks/ folder (one whose run.json an
    interruption cut short is still one)."""
    return (folder / "run.json").is_file() and (folder / RUN_CHUNKS).is_dir()


def being_written(folder: Path) -> bool:
    """True while a live playtest process writes `folder`: a run in progress (its partial
    folder) or a staging folder."""
    return lock_held(folder / RUN_LOCK) or lock_held(folder / LOCK_NAME)


def take_lock(path: Path) -> int | None:
    """Hold the lock file at `path` (created if need be) for as long as the returned descriptor
    is open; None when another live process holds it (flock: a dead process holds none)."""
    import fcntl

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def lock_held(path: Path) -> bool:
    """True while another process holds the lock file at `path` (flock; a dead process holds none)."""
    import fcntl

    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def new_staging_dir(target: Path) -> Path:
    """A fresh temporary sibling folder of `target` (same file system, so renames are atomic)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{target.name}{STAGING_MARK}", dir=target.parent))


def numbered(path: Path, *, keep_suffix: bool = False) -> Iterator[Path]:
    """`path-2`, `path-3`, ... (`keep_suffix`: a file's suffix stays last, `g-2.yaml`): the names
    a command falls back on beside an output that exists (simulate's default folder, play's
    saved game, an output whose place was taken while the command ran)."""
    stem, suffix = (path.stem, path.suffix) if keep_suffix else (path.name, "")
    return (path.with_name(f"{stem}-{k}{suffix}") for k in itertools.count(2))


def default_output(base: Path, taken: Callable[[Path], bool] = lambda path: False, *, file: bool = False) -> Path:
    """`base` (a default --out: reports/<command>-<time>), else base-2, base-3, ...: the first
    that no output holds, finished or being built beside it now (a staging folder whose command
    runs), nor `taken` says is taken. Two sweeps started in the same second took one name: the
    later to finish said "written by another command while this one ran" and exited 2. `file`: a
    report file (calibrate's), whose suffix stays last (`calibrate-<time>-2.md`)."""
    return next(path for path in itertools.chain([base], numbered(base, keep_suffix=file))
                if not os.path.lexists(path) and not taken(path)
                and not any(lock_held(p / LOCK_NAME) for p in leftovers(path)))


DEFAULT_PLACE = "the default place; choose another with {option}"
"""What an error about a command's default output place says after it, where it named the
option (`--out reports/compare-<time>: ...`) though the user never gave it."""


@contextlib.contextmanager
def default_place(path: Path, option: str = "--out", *, given: bool) -> Iterator[None]:
    """Errors raised in the block about `path`, the output's place, as they name it when the
    command chose it (not `given`: reports/<command>-<time>, the current folder): by the path,
    then DEFAULT_PLACE — 'reports/compare-<time>: /w/reports is a file, not a folder (the default
    place; choose another with --out)', where every check said '--out reports/compare-<time>: ...'.
    The one rewording for every command with a default place (simulate, compare, sweep, tune,
    ladder, calibrate; play's --save); the checks keep naming the option they are given."""
    try:
        yield
    except PlaytestError as err:
        text = str(err)
        named = next((f"{option} {shown}" for shown in (path, repr(str(path))) if f"{option} {shown}" in text), None)
        if given or named is None or len(err.args) != 1:
            raise
        if text.startswith(named):
            text = f"{path}{text[len(named):]} ({DEFAULT_PLACE.format(option=option)})"
        err.args = (text.replace(named, str(path)),)
        raise


def _put_beside(folder: Path, target: Path) -> Path:
    """Rename `folder` to the first free `<target>-2`, `-3`, ... and return that name."""
    for name in numbered(target):
        if not os.path.lexists(name):
            try:
                os.rename(folder, name)
                return name
            except OSError:
                if not os.path.lexists(name):
                    raise
    raise AssertionError("unreachable")  # pragma: no cover


def _kept_beside(staging: Path, target: Path, option: str, why: str) -> OutputTaken:
    """The finished `staging` put beside `target` (which it could not take: `why`), and the error
    that says where it is."""
    kept = _put_beside(staging, target)
    return OutputTaken(f"{f'{option} {target}' if option else target}: {why}; this command's output is kept in {kept}")


def _settled(path: Path) -> Path:
    """`path` in a folder named without `..` (`a/../b` → the real `/…/b`): what no later move of
    `a` can change; as it is otherwise (the name the messages show)."""
    return Path(os.path.realpath(path.parent)) / path.name if ".." in path.parts else path


def swap_into_place(staging: Path, target: Path, *, replace: bool = True, option: str = "") -> None:
    """Put the finished `staging` folder at `target`. An old `target` is renamed aside first and
    deleted only once the new one is in place. `replace=False` (no --force): a `target` that
    appeared while the command ran (another command, the same --out or default name) is left as
    it is: the finished folder is put at a free name beside it and an OutputError says where.
    `replace=True` does the same when `target` holds a file playtest did not write (checked
    before the work by `check_free`, but a game may be saved there while a long run plays), or is
    a file. A link at `target` is replaced (`--out LINK --force`, allowed by `check_free`): the
    link goes, never what it points to."""
    # `--out RUN/../RUN --force`: once the old RUN is moved aside, `RUN/..` no longer leads
    # anywhere, and the new folder, then the old one's way back, failed: RUN was gone, the old run
    # left in .RUN.playtest-old-* (h187, 2026-12-06). The folders they sit in, settled first.
    staging, target = _settled(staging), _settled(target)
    if replace and os.path.lexists(target) and not target.is_symlink():
        folder = target.is_dir()
        found = foreign_files(target, kept_in=staging) if folder else [target]
        if found:
            kept = _put_beside(staging, target)
            where = f"{option} {target}" if option else str(target)
            why = foreign_said(target, found) if folder else "is not a folder playtest wrote"
            raise OutputTaken(f"{where}: {why} (put there while this command ran), so it is left as it is; this "
                              f"command's output is kept in {kept}")
    if not replace:
        try:  # atomic: fails when target exists (a file, or a folder with anything in it)
            os.rename(staging, target)
            return
        except OSError as exc:
            if not os.path.lexists(target):
                raise
            # else the folder is there but refuses (not allowed, busy): "written by another command" was untrue
            refused = None if exc.errno in (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR) else exc.strerror or str(exc)
        if refused:
            raise _kept_beside(staging, target, option, f"cannot be replaced ({refused})")
        raise _kept_beside(staging, target, option, "written by another command while this one ran, so it is "
                                                    "left as it is (--force replaces it)")
    old: Path | None = None
    if os.path.lexists(target):
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}{OLD_MARK}", dir=target.parent))
        try:
            os.replace(target, old / "run")
        except OSError as exc:
            _remove(old)  # (it was left beside target)
            # A folder made read-only, or mounted on, while the command ran: the finished output is
            # put beside it, as without --force (it was deleted: "cannot write ... (nothing was
            # replaced)", the work of every game lost).
            raise _kept_beside(staging, target, option, f"cannot be replaced ({exc.strerror or exc})") from None
    try:
        os.replace(staging, target)
    except BaseException:
        if old is not None:
            os.replace(old / "run", target)
            _remove(old)
        raise
    if old is not None:
        # Renamed before it is deleted: killed while a large old output was being deleted, what
        # was left of it was still `run`, which `put_back_set_aside` put back at OUT once OUT was gone.
        with contextlib.suppress(OSError):
            os.rename(old / "run", old / "replaced")
        _remove(old)


@contextlib.contextmanager
def staged_dir(target: Path, *, force: bool, option: str) -> Iterator[Path]:
    """Build an output folder aside and put it at `target` only when the block succeeds.
    Leftovers of earlier interrupted commands (no longer locked) are removed first."""
    import fcntl

    check_output_path(target, option, folder=True)
    check_free(target, force, option)
    remove_leftovers(target)
    staging = new_staging_dir(target)
    os.chmod(staging, 0o777 & ~umask())
    mark_output(staging)
    lock = os.open(staging / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        yield staging
        (staging / LOCK_NAME).unlink()
        swap_into_place(staging, target, replace=force, option=option)
    except Interrupted:
        _remove(staging)
        raise Interrupted(f"interrupted: nothing was written ({option} {target} is unchanged)") from None
    except OSError as exc:
        _remove(staging)
        raise os_failure(target, exc) from None
    except BaseException:
        _remove(staging)
        raise
    finally:
        os.close(lock)
