"""A run folder on disk: the partial folder of a run in progress (chunks + manifest + lock),
finishing it into games.parquet / events.parquet / run.json, and reading a run back.

While a run into OUT is played, everything goes to the sibling folder `OUT.partial/`:

    OUT.partial/run.json            what is being played ("status": "partial") and by which command
    OUT.partial/manifest.jsonl      one line per finished chunk: {"start", "stop", "games", "events"}
    OUT.partial/chunks/*.parquet    games-<start>.parquet and events-<start>.parquet per chunk
    OUT.partial/lock                held (flock) by the process writing the run

A chunk's files are written atomically before its manifest line, so after SIGKILL the manifest
lists exactly the chunks that are whole. When every chunk is done the chunks are streamed into
games.parquet and events.parquet, run.json says "complete", and the folder is renamed to OUT
(an old OUT, replaced with --force, is removed only then).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from playtest.analysis.frames import collect, count
from playtest.errors import PlaytestError, UsageError
from playtest.io import (
    PARTIAL_SUFFIX,
    RUN_CHUNKS,
    RUN_LOCK,
    NotRegularFile,
    OutputError,
    for_polars,
    in_temporary_folder,
    kind_at,
    lock_held,
    not_folder,
    not_regular,
    nothing_written,
    os_failure,
    outside_staging,
    read_regular,
    swap_into_place,
    take_lock,
    why_not_written,
    write_atomic,
    write_bytes_atomic,
)
from playtest.jsonplaces import located
from playtest.polars_panics import panics_as_errors
from playtest.text import not_utf8_at
from playtest.variants.source import not_utf8

MANIFEST = "manifest.jsonl"
PARTIAL_REPORTS = ("report.html", "report.md", "report.json")
"""The run's own reports (`playtest report RUN`, report.write.SUFFIX): one written of an
unfinished run is out of date once it resumes, and is removed then."""
CHUNKS = RUN_CHUNKS
LOCK = RUN_LOCK
TABLES = ("games", "events")
ROW_GROUP_ROWS = 512 ** 2
"""Rows per row group of a finished table (polars' own `write_parquet` default). Written with
the streaming engine's default, the row groups followed the chunks, whose size follows
--workers (and a resumed run keeps the interrupted one's): the same rows, another file, once a
table passes one row group. A fixed size makes the bytes the same however the games were chunked."""


class RunStartedBeside(UsageError):
    """The partial folder of a new run is another process's, playing (two runs started in the same
    second took the same default --out): made between the checks and its creation, or found by
    the checks, made since the name was chosen."""


def named(folder: Path) -> Path:
    """`folder`, by its absolute path when it has no name of its own ('.' from inside a run,
    '..'): `Path('.').with_name` raised ValueError, and `cd run && playtest report . --out
    ../r.json` was an internal error."""
    return Path(os.path.abspath(folder)) if folder.name in ("", "..") else folder


def partial_dir(out_dir: Path) -> Path:
    """Where a run into `out_dir` lives until it is complete: its sibling OUT.partial (for the
    root, which has no sibling, '/.partial', which no run writes)."""
    out_dir = named(out_dir)
    if not out_dir.name:
        return out_dir / PARTIAL_SUFFIX
    return out_dir.with_name(out_dir.name + PARTIAL_SUFFIX)


def target_of(partial: Path) -> Path:
    return partial.with_name(partial.name[: -len(PARTIAL_SUFFIX)])


def chunk_name(table: str, start: int) -> str:
    return f"{table}-{start:012d}.parquet"


@contextlib.contextmanager
def one_scan_at_a_time() -> Iterator[None]:
    """Polars reads the chunk files one at a time while they are concatenated: by default its
    streaming engine opens several at once and buffers each, and the end of a run's peak memory
    grew with the number of chunks. `POLARS_MAX_CONCURRENT_SCANS` is a polars knob read when a
    query runs (not a documented option: a polars that ignores it merges as before). Measured
    2026-12-02, 32 chunks of random New Frontiers events (2.35 M rows): 227 and 214 MB peak at
    2.0 and 1.9 s by default, 147 and 150 MB at 2.1 and 1.7 s with one scan; 16 chunks 229 ->
    154 MB; the merged file equal. The setting is restored afterwards."""
    old = os.environ.get("POLARS_MAX_CONCURRENT_SCANS")
    os.environ["POLARS_MAX_CONCURRENT_SCANS"] = "1"
    try:
        yield
    finally:
        if old is None:
            del os.environ["POLARS_MAX_CONCURRENT_SCANS"]
        else:
            os.environ["POLARS_MAX_CONCURRENT_SCANS"] = old


@dataclass(frozen=True)
class Done:
    """A finished chunk, as its manifest line says."""

    start: int
    stop: int
    games: int
    events: int
    played_with: dict[str, Any] | None = None
    """The run.json settings the chunk's games were played with (`played_with`); None in the
    manifests of runs started before it was recorded."""


PLAYED_WITH = ("game", "variant.hash", "lineup", "seed", "players", "rotate_seats", "record_events")
"""The run.json keys that decide a game's rows (not `max_decisions`: a game that ends under one
cap ends the same way under another, and one that reaches it stops the run). Each manifest line
records them, so that a resume after an edit to one of them refuses instead of finishing a run
whose games were played with two different line-ups or seeds (`simulate --resume`,
sim.batch._check_saved)."""


def played_with(info: dict[str, Any]) -> dict[str, Any]:
    """The PLAYED_WITH values of a run.json (absent keys are None)."""
    out: dict[str, Any] = {}
    for key in PLAYED_WITH:
        value: Any = info
        for part in key.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        out[key] = value
    return out


class PartialRun:
    """The partial folder of one run, opened for writing (holds its lock while open)."""

    def __init__(self, path: Path, lock_fd: int) -> None:
        self.path = path
        self._lock_fd = lock_fd
        self.done: dict[int, Done] = {}
        self.damaged: list[Done] = []
        """Chunks the manifest lists whose files are no longer whole (`open`): played again."""
        self.played_with: dict[str, Any] | None = None
        """Recorded on each manifest line; set by the run that plays (sim.batch._play)."""

    # --- creating and opening --------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, info: dict[str, Any]) -> PartialRun:
        try:
            path.mkdir(parents=True)
        except FileExistsError:  # made since prepare_out looked: another run, started at the same moment
            target = target_of(path)
            raise RunStartedBeside(f"--out {target}: another playtest process started a run there at the same "
                                   f"moment ({path}); choose another --out") from None
        run = None
        try:
            (path / CHUNKS).mkdir()
            run = cls(path, lock(path))
            write_atomic(path / "run.json", json.dumps(info, indent=2, ensure_ascii=False))
            (path / MANIFEST).touch()  # run.json marks the folder as playtest's output (io.OUTPUT_FILES)
        except BaseException:  # a full disk, say: a half-made folder would block the next run
            if run is not None:
                run.close()
            shutil.rmtree(path, ignore_errors=True)
            raise
        return run

    @classmethod
    def open(cls, path: Path) -> PartialRun:
        """Open an interrupted run to resume it: its lock must be free; every manifest line
        whose chunk files are whole counts as done, anything else is played again."""
        run = cls(path, lock(path))
        try:
            _check_chunks_folder(path)
            run.done, run.damaged = saved_chunks(path)
        except BaseException:
            run.close()
            raise
        # Files of chunks not in the manifest were cut off mid-write: remove them.
        keep = {chunk_name(t, s) for s in run.done for t in TABLES}
        (path / CHUNKS).mkdir(exist_ok=True)
        for f in (path / CHUNKS).iterdir():
            if f.name not in keep:
                f.unlink()
        return run

    def close(self) -> None:
        if self._lock_fd >= 0:
            os.close(self._lock_fd)
            self._lock_fd = -1

    # --- writing ---------------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        return read_json(self.path / "run.json")

    def add(self, start: int, stop: int, games: bytes, events: bytes, n_games_rows: int, n_event_rows: int) -> bool:
        """Record one finished chunk; False if it was already done (a retried task)."""
        if start in self.done:
            return False
        write_bytes_atomic(self.path / CHUNKS / chunk_name("games", start), games)
        write_bytes_atomic(self.path / CHUNKS / chunk_name("events", start), events)
        done = Done(start, stop, n_games_rows, n_event_rows, self.played_with)
        record: dict[str, Any] = {"start": start, "stop": stop, "games": n_games_rows, "events": n_event_rows}
        if self.played_with is not None:
            record["played_with"] = self.played_with
        line = json.dumps(record)
        try:
            with open(self.path / MANIFEST, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:  # (a full disk fails the flush, whose OSError names no file: "error: No space left on device")
            raise os_failure(self.path / MANIFEST, exc) from None
        self.done[start] = done
        return True

    def games_done(self) -> int:
        return sum(d.stop - d.start for d in self.done.values())

    def games_saved(self) -> int:
        """Games in the manifest on disk (what a resume will keep), even if an interruption
        came between writing a manifest line and noting it here."""
        return sum(d.stop - d.start for d in {d.start: d for d in _manifest(self.path)}.values())

    def finish(self, info: dict[str, Any], target: Path) -> None:
        """Concatenate the chunks (streaming), write run.json "complete", rename into `target`."""
        starts = sorted(self.done)
        with one_scan_at_a_time():
            for table in TABLES:
                files = [self.path / CHUNKS / chunk_name(table, s) for s in starts]
                merged = self.path / f"{table}.parquet"
                tmp = merged.with_name(f".{merged.name}.tmp")  # (a table cut short by a full disk is never the table)
                try:
                    scan_chunks(files).sink_parquet(for_polars(tmp), row_group_size=ROW_GROUP_ROWS)
                    os.replace(tmp, merged)
                except (pl.exceptions.ComputeError, OSError) as exc:
                    why = why_not_written(merged, exc)
                    tmp.unlink(missing_ok=True)
                    if (beside := outside_staging(self.path)) is not None:  # (the command's runs go with it)
                        raise OutputError(f"{beside}: cannot write the runs' tables: {why}{nothing_written(beside)}"
                                          f"{in_temporary_folder(self.path)}") from None
                    raise OutputError(f"{merged}: cannot write: {why}") from None  # (the caller says what is kept)
        write_atomic(self.path / "run.json", json.dumps(info, indent=2, ensure_ascii=False))
        self.put_in_place(target)

    def put_in_place(self, target: Path) -> None:
        """The last steps of `finish`, once run.json says the run is complete: the chunks and the
        manifest go, and the folder is renamed into `target`. Also what `--resume` does of a run
        killed during these steps (sim.batch.resume_batch)."""
        for name in PARTIAL_REPORTS:  # `playtest report RUN` while the run played: of fewer games than it holds
            (self.path / name).unlink(missing_ok=True)
        shutil.rmtree(self.path / CHUNKS, ignore_errors=not (self.path / CHUNKS).exists())
        (self.path / MANIFEST).unlink(missing_ok=True)
        (self.path / LOCK).unlink()
        self.close()
        try:
            swap_into_place(self.path, target)
        except OSError as exc:  # (it said "0 of N games are saved in OUT.partial", for a --resume that refused them)
            raise OutputError(f"{target}: cannot be replaced ({exc.strerror or exc}); the finished run is kept in "
                              f"{self.path} (`playtest report {self.path}` reads it)") from None


def scan_chunks(files: list[Path]) -> pl.LazyFrame:
    """One table of `files` (a run's chunks, or its one finished file), with the columns every
    one of them holds. A run interrupted before a game added a column (GameSpec.later_columns)
    and resumed after it has chunks with and without it: the column is left out of the whole
    run, as of a run written before it ("extra column in file outside of expected schema" was an
    internal error), rather than null in some games' rows."""
    files = [Path(for_polars(f)) for f in files]
    if len(files) < 2:
        return pl.scan_parquet(files, glob=False)
    try:
        schemas = [pl.read_parquet_schema(f) for f in files]
    except (OSError, pl.exceptions.PolarsError):  # (said by the query that reads them, with its file)
        return pl.scan_parquet(files, glob=False)
    common = {c: t for c, t in schemas[0].items() if all(c in other for other in schemas[1:])}
    if len(common) == len(schemas[0]) and all(len(other) == len(common) for other in schemas[1:]):
        return pl.scan_parquet(files, glob=False)
    return pl.scan_parquet(files, glob=False, schema=common, extra_columns="ignore")


def _check_chunks_folder(path: Path) -> None:
    """The chunks folder of a partial run holds only files (a missing folder is an empty one:
    its games are played again). A file where the folder goes, or a folder among the chunks,
    is none playtest wrote: it is refused before anything is removed (the resume stopped with
    'Not a directory' or 'Is a directory', exit 1, as if a disk had failed)."""
    chunks = path / CHUNKS
    if chunks.exists() and not chunks.is_dir():  # (a named pipe read "is a file")
        raise PlaytestError(f"{chunks}: is {kind_at(chunks) or 'no folder'}, not the folder of saved games playtest "
                            "writes there; cannot resume (nothing was changed)")
    if chunks.is_dir():
        for f in chunks.iterdir():
            if f.is_dir() and not f.is_symlink():
                raise PlaytestError(f"{f}: is a folder, not a chunk of saved games playtest wrote; "
                                    "cannot resume (nothing was changed)")


def lock(path: Path) -> int:
    fd = take_lock(path / LOCK)
    if fd is None:
        raise UsageError(f"{path}: another playtest process is still writing this run")
    return fd


def is_locked(path: Path) -> bool:
    """True while a live process writes the partial run at `path`."""
    return lock_held(path / LOCK)


def _manifest(path: Path) -> Iterator[Done]:
    """The finished chunks the manifest lists. A line that does not read as one (cut off by a
    crash, or damaged: not an object, not UTF-8) is skipped: its chunk is played again. A
    manifest that is there but cannot be read (a folder, say) is an error: read as empty, every
    saved chunk would count as unlisted, and PartialRun.open removes those."""
    try:
        lines = read_regular(path / MANIFEST).splitlines()
    except FileNotFoundError:
        return
    except OSError as exc:
        said = exc.said if isinstance(exc, NotRegularFile) else f"cannot read ({exc.strerror or exc})"
        raise PlaytestError(f"{path / MANIFEST}: {said}: it lists the games saved so far; nothing was changed") from None
    for line in lines:
        try:
            d = json.loads(line)  # bytes: a line that is not UTF-8 raises UnicodeDecodeError, a ValueError
            if not isinstance(d, dict):
                continue
            made = d.get("played_with")
            yield Done(int(d["start"]), int(d["stop"]), int(d["games"]), int(d["events"]),
                       made if isinstance(made, dict) else None)
        except (ValueError, KeyError, TypeError):
            continue  # a line cut off by a crash: its chunk is played again


def saved_chunks(path: Path) -> tuple[dict[int, Done], list[Done]]:
    """The chunks of a partial run whose files are whole (by first game), and those its manifest
    lists whose files are not (truncated, deleted or swapped since: `_chunk_ok`), in game order. A
    resume plays the damaged ones again and a report leaves them out: both say so, where they had
    counted them as never played (h211)."""
    listed = {d.start: d for d in _manifest(path)}
    done = {start: d for start, d in listed.items() if _chunk_ok(path, d)}
    return done, [d for start, d in sorted(listed.items()) if start not in done]


def damaged_text(damaged: Sequence[Done]) -> str:
    """'the saved games 100-199 (a damaged chunk file)': what a report leaves out and a resume
    plays again."""
    spans = ", ".join(f"{d.start}-{d.stop - 1}" if d.stop - d.start > 1 else f"{d.start}" for d in damaged)
    n = len(damaged)
    return f"the saved games {spans} ({'a damaged chunk file' if n == 1 else f'{n} damaged chunk files'})"


def _chunk_ok(path: Path, done: Done) -> bool:
    """A listed chunk's files are whole and hold its games: every column reads (a damaged page
    of another column than `game` passed, and the resume's merge of the chunks failed on it,
    exit 1, again at every resume), the rows its manifest line counts,
    and only games start..stop-1 (every one of them in the games table). A chunk file copied
    over another (the games 0-49 saved as 50-99) counted the same rows, and a resume finished a
    run whose every game of that chunk was twice in games.parquet: a complete folder the
    reports refuse ('game 0: expected one row per seat')."""
    for table, rows in (("games", done.games), ("events", done.events)):
        f = path / CHUNKS / chunk_name(table, done.start)
        try:
            if not f.is_file():
                return False
            with panics_as_errors():  # every column read (its nulls counted), not the game column alone (h250)
                got = pl.scan_parquet(for_polars(f), glob=False).select(
                    pl.len().alias("n"), pl.col("game").min().alias("low"), pl.col("game").max().alias("high"),
                    pl.col("game").n_unique().alias("ids"), pl.all().null_count().name.prefix("nulls of ")
                ).collect().row(0, named=True)
        except (OSError, pl.exceptions.PolarsError):
            return False
        if got["n"] != rows:
            return False
        if rows and (got["low"] is None or got["low"] < done.start or got["high"] >= done.stop):
            return False
        if table == "games" and rows and got["ids"] != done.stop - done.start:
            return False
    return True


def read_json(path: Path) -> dict[str, Any]:
    """A JSON object playtest wrote (run.json, sweep.json, tune.json), read back; any problem is
    one located line, the encoding's too, as the variant loader says it (source.read_text)."""
    text = ""
    try:
        data = read_regular(path)
        text = data.decode("utf-8")
        if text.startswith("\ufeff"):  # an editor's byte order mark; json.loads said "decode using utf-8-sig"
            raise PlaytestError(f"{path}:1:1: starts with a byte order mark (U+FEFF), which JSON does not allow: "
                                "save the file as UTF-8 without it")
        info = json.loads(text)
    except FileNotFoundError:
        raise PlaytestError(f"{path}: missing") from None
    except NotRegularFile as exc:
        raise PlaytestError(f"{path}: {exc.said}") from None
    except UnicodeDecodeError as exc:  # it read "cannot read: 'utf-8' codec can't decode byte 0xff in position 0"
        line, message = not_utf8(data, exc)
        raise PlaytestError(f"{path}:{line}:1: {message}") from None
    except OSError as exc:
        raise PlaytestError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise PlaytestError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except ValueError:  # int() refuses a number of more digits than sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        found = re.search(rf"[0-9]{{{limit + 1},}}", text)
        start = found.start() if found else 0
        line, col = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
        raise PlaytestError(f"{path}:{line}:{col}: a number of more than {limit:,} digits is too large to read") from None
    if not isinstance(info, dict):
        raise PlaytestError(f"{path}:1:1: expected a JSON object")
    return info


# --- reading a run back -----------------------------------------------------------------------

OTHER_OUTPUTS = {"ladder.json": "a ladder", "compare.json": "a comparison", "sweep.json": "a sweep",
                 "tune.json": "a tuning run"}
"""Folders other commands write, which hold runs under runs/ (`report` on one says so)."""
DIFF_RUNS = ("base", "candidate")
"""The runs `diff --out` keeps there, each a run folder; diff prints its summary and writes no
report beside them."""


@dataclass(frozen=True)
class OtherOutput:
    """Another command's output folder, which holds runs but is none (`holds_runs`)."""

    whose: str
    """Whose folder it is: "a sweep's folder", "diff's --out folder"."""
    place: str
    """Where its runs are, as a line says it: 'OUT/runs', 'OUT/base and OUT/candidate'."""
    report: str
    """Where the command's own report is, in words: already there (sweep.html, ...), or none
    ('' for a folder no command wrote: nothing to say)."""
    runs: tuple[Path, ...]
    """Its runs (folders with a run.json), in order."""

    def instead_of_report(self, folder: Path, use: str = "report") -> str:
        """What `report` (`use`: or `replay --game`, `calibrate --against`; USES) says of the
        folder: whose it is, where its own report is, and a run of it to give instead."""
        one = USES[use].format(run=shlex.quote(str(self.runs[0]))) if self.runs else f"its runs are in {self.place}"
        return f"{folder}: {self.whose}, not a run; " + (f"{self.report}; " if self.report else "") + one


USES = {"report": "to report one of its runs: `playtest report {run}`",
        "replay": "to replay a game of one of its runs: `playtest replay {run} --game N`",
        "against": "to compare with one of its runs: `--against {run}`"}
"""What to give instead of another command's folder, by the command that was given it: `replay
--game` and `calibrate --against` of a sweep's folder were told `playtest report RUN`."""


def holds_runs(folder: Path) -> OtherOutput | None:
    """Whose output `folder` is when it holds runs: under runs/ (a comparison's, a sweep's, a
    ladder's, a tuning run's folder, by its JSON), or as base/ and candidate/ (diff's --out); else
    None: what `report` and `replay` say of it instead of 'run.json is missing' or 'is a folder,
    not a file' (`report` of diff's --out said the first, h252). A folder whose own folders are
    runs (a comparison's runs/, a reports/ folder of simulate's runs) is said to be one too: it
    read 'run.json is missing'."""
    other = next((name for name in OTHER_OUTPUTS if (folder / name).is_file()), None)
    if other is not None and (folder / "runs").is_dir():
        stem = other.removesuffix(".json")
        files = [f"{stem}{ext}" for ext in (".html", ".md", ".json") if (folder / f"{stem}{ext}").is_file()]
        runs = tuple(sorted(found.parent for found in (folder / "runs").rglob("run.json")))
        return OtherOutput(f"{OTHER_OUTPUTS[other]}'s folder", str(folder / "runs"),
                           f"its report is already there ({', '.join(files)})", runs)
    kept = tuple(folder / name for name in DIFF_RUNS)
    if all(map(_is_run, kept)):
        place = " and ".join(map(str, kept))
        return OtherOutput("diff's --out folder", place, f"diff writes no report there (its summary goes to standard "
                           f"output), only its runs {place}", kept)
    inside = _runs_inside(folder)
    if inside:
        whose = f"a folder of {len(inside):,} run{'s' if len(inside) > 1 else ''}"
        parent = next((f"{OTHER_OUTPUTS[name]}'s report is in {folder.parent}" for name in OTHER_OUTPUTS
                       if folder.name == "runs" and (folder.parent / name).is_file()), "")
        place = " and ".join(map(str, inside)) if len(inside) <= 2 else f"{inside[0]}, {inside[1]}, ..."
        return OtherOutput(whose, place, parent, inside)
    return None


def _file_of_a_run(path: Path) -> str:
    """'; report its folder: `playtest report DIR`' when `path` is a file of a run (its run.json,
    a table, its report) or of another command's folder that holds runs, else ''. `report
    run/run.json` said only 'is a file, not a run folder'."""
    if not path.is_file():
        return ""
    folder = path.parent
    if _is_run(folder):
        return f"; report its run folder: `playtest report {shlex.quote(str(folder))}`"
    other = holds_runs(folder)
    if other is not None and other.runs:
        # the run the file is named after (`b.md` beside the runs a/ and b/, a report of b's), else the first
        run = next((r for r in other.runs if r.name == path.stem), other.runs[0])
        return f"; it is in {other.whose}: to report one of its runs, `playtest report {shlex.quote(str(run))}`"
    return ""


def _runs_inside(folder: Path) -> tuple[Path, ...]:
    """The folders directly inside `folder` that hold a run.json, by name (none for a folder that
    cannot be listed)."""
    try:
        found = [entry for entry in folder.iterdir() if _is_run(entry)]
    except OSError:
        return ()
    return tuple(sorted(found))


def _is_run(folder: Path) -> bool:
    """`folder` holds a run.json; False also when it cannot be looked into (another user's
    folder): one such folder beside the runs made `report` of them say 'run.json is missing',
    and one named base/ 'error: .../base/run.json: Permission denied', exit 1."""
    try:
        return (folder / "run.json").is_file()
    except OSError:
        return False


RUN_KEYS: dict[str, tuple[type, ...]] = {
    "game": (str,), "seed": (int,), "games": (int,), "players": (int,), "lineup": (list,), "variant": (dict,),
}


def check_keys(path: Path, doc: dict[str, Any], keys: dict[str, tuple[type, ...]], where: str = "",
               optional: bool = False) -> None:
    """The keys of a JSON object `doc` read from `path` that a reader relies on, with the right
    types (a bool is not an int unless bool is named); `where` is the object's place in the file
    (`params.0.`); `optional`: a missing key (or null) is allowed."""
    for key, types in keys.items():
        value = doc.get(key)
        if value is None:
            if optional:
                continue
            raise PlaytestError(f"{located(path, where + key)}: required key is missing")
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise PlaytestError(f"{located(path, where + key)}: expected {types[0].__name__}, got {type(value).__name__}")


def check_items(path: Path, items: list[Any], where: str, keys: dict[str, tuple[type, ...]]) -> list[dict[str, Any]]:
    """Every item of the JSON list at `where` in `path` is an object with `keys` (check_keys)."""
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise PlaytestError(f"{located(path, f'{where}.{i}')}: expected dict, got {type(item).__name__}")
        check_keys(path, item, keys, f"{where}.{i}.")
    return items


def check_info(path: Path, info: dict[str, Any]) -> None:
    """run.json's keys that the reports rely on, with the right types."""
    from playtest.games import game_names, known_games_for

    check_keys(path, info, RUN_KEYS)
    if info["game"] not in game_names():  # worded as a variant's or a transcript's unknown game
        raise PlaytestError(f"{located(path, 'game')}: unknown game {info['game']!r} {known_games_for(info['game'])}")
    _check_format(path, info)
    players, lineup = info["players"], info["lineup"]
    for key, low in (("players", 2), ("games", 1), ("seed", 0)):
        if info[key] < low:
            raise PlaytestError(f"{located(path, key)}: {info[key]} is below {low}")
    if len(lineup) != players:
        raise PlaytestError(f"{located(path, 'lineup')}: {len(lineup)} bots for {players} players (one per seat)")
    for seat, bot in enumerate(lineup):
        if not isinstance(bot, str) or not bot.strip():
            raise PlaytestError(f"{located(path, f'lineup.{seat}')}: expected a bot name, got {json.dumps(bot)}")
    variant = info["variant"]
    if not isinstance(variant.get("resolved"), dict):
        raise PlaytestError(f"{located(path, 'variant.resolved')}: expected the resolved variant (an object)")
    check_keys(path, variant, VARIANT_KEYS, "variant.", optional=True)  # the report shows them as these types
    if not all(isinstance(c, dict) for c in variant.get("changes") or []):
        raise PlaytestError(f"{located(path, 'variant.changes')}: expected a list of objects")
    check_keys(path, info, {"versions": (dict,)}, optional=True)


VARIANT_KEYS: dict[str, tuple[type, ...]] = {
    "name": (str,), "path": (str,), "hash": (str,), "chain": (list,), "overrides": (list,), "changes": (list,),
}
"""run.json's variant keys besides `resolved` that the reports read: absent or null is accepted,
another type is not (`rules_version` is the game's own: text or a number)."""

STATUSES = ("complete", "partial")


def _check_format(path: Path, info: dict[str, Any]) -> None:
    """A run.json written by a newer playtest (format_version above this one's) is refused: its
    tables may mean something else. A run written before `status` existed counts as complete."""
    from playtest.sim.batch import FORMAT_VERSION

    version = info.get("format_version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PlaytestError(f"{located(path, 'format_version')}: expected a whole number from 1, got {json.dumps(version)}")
    if version > FORMAT_VERSION:
        raise PlaytestError(f"{located(path, 'format_version')}: {version} is newer than this playtest reads "
                            f"({FORMAT_VERSION}); update playtest to read this run")
    status = info.get("status", "complete")
    if status not in STATUSES:
        raise PlaytestError(f"{located(path, 'status')}: expected {' or '.join(STATUSES)}, got {json.dumps(status)}")


def _check_table(path: Path, frame: pl.LazyFrame, expected: dict[str, pl.DataType], label: str,
                 later: frozenset[str] = frozenset()) -> None:
    """`frame` holds every `expected` column but those `later` ones (GameSpec.later_columns)
    that a run written before them lacks."""
    try:
        schema = frame.collect_schema()
    except (OSError, pl.exceptions.PolarsError) as exc:
        raise PlaytestError(f"{path}: cannot read {label}: {first_line(exc)}") from None
    expected = {c: t for c, t in expected.items() if c in schema or c not in later}
    missing = [c for c in expected if c not in schema]
    if missing:
        article = "an" if label[0] in "aeiou" else "a"
        raise PlaytestError(f"{path}: {label} lacks columns {', '.join(missing[:5])}"
                            f"{' …' if len(missing) > 5 else ''} (not {article} {label} table of this game)")
    # An integer column of another width is read as it is: points and gold columns were 16-bit
    # until 2026-12-04 (a variant's numbers up to 10,000 overflowed them), and runs written then
    # still report.
    wrong = [c for c, t in expected.items() if schema[c] != t and not (schema[c].is_integer() and t.is_integer())]
    if wrong:
        c = wrong[0]
        raise PlaytestError(f"{path}: {label} column {c} is {schema[c]}, expected {expected[c]}")


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (its type when empty): for one-line errors."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@dataclass(frozen=True)
class RunFiles:
    """A run as lazy tables: nothing is read until a query is collected."""

    path: Path
    info: dict[str, Any]
    games: pl.LazyFrame
    events: pl.LazyFrame
    partial: bool


def scan_run(run_dir: Path, *, use: str = "report") -> RunFiles:
    """A finished run, or a partial one (its finished chunks), checked and scanned lazily. `use`:
    the command reading it (USES), for what it is told of another command's folder."""
    from playtest.games import get_game
    from playtest.sim.batch import events_schema, games_schema

    if not_utf8_at(str(run_dir)) is not None:  # polars cannot open it: "internal error: TypeError"
        raise PlaytestError(f"{run_dir}: the run folder's path is not UTF-8 text: rename it")
    if not run_dir.is_dir():
        if partial_dir(run_dir).is_dir():
            return scan_run(partial_dir(run_dir), use=use)
        raise PlaytestError(f"{run_dir}: {not_folder(run_dir, 'run folder')}{_file_of_a_run(run_dir)}")
    if os.path.lexists(run_dir / "run.json") and not (run_dir / "run.json").is_file():
        # a named pipe there read "run.json is missing", and so did a link that leads nowhere
        raise PlaytestError(f"{run_dir}: not a finished run (run.json {not_regular(run_dir / 'run.json')})")
    info = read_json(run_dir / "run.json") if (run_dir / "run.json").is_file() else None
    if info is None:
        other = holds_runs(run_dir)
        if other is not None:
            raise PlaytestError(other.instead_of_report(run_dir, use))
        if str(run_dir) == ".":  # '' (an unset variable) reads as '.': name what the user typed
            raise PlaytestError(f"{run_dir}: is the current folder, not a run (an empty path, '', reads as '.'): "
                                "give a run folder")
        raise PlaytestError(f"{run_dir}: not a finished run (run.json is missing)")
    partial = info.get("status") == "partial"
    check_info(run_dir / "run.json", info)
    if partial:
        ok, damaged = saved_chunks(run_dir)
        done = sorted(ok.values(), key=lambda d: d.start)
        if not done:
            raise PlaytestError(f"{run_dir}: partial run with no finished chunk yet: nothing to report")
        files = {t: [run_dir / CHUNKS / chunk_name(t, d.start) for d in done] for t in TABLES}
        info = dict(info) | {"games": sum(d.stop - d.start for d in done), "planned_games": info["games"]}
        if damaged:  # (left out, and said: they had read as games not yet played)
            info["damaged"] = damaged_text(damaged)
    else:
        for name in ("games.parquet", "events.parquet"):
            if not (run_dir / name).is_file():
                said = not_regular(run_dir / name) if os.path.lexists(run_dir / name) else "is missing"
                raise PlaytestError(f"{run_dir}: not a finished run ({name} {said})")
        files = {t: [run_dir / f"{t}.parquet"] for t in TABLES}
    spec = get_game(info["game"])
    games, events = scan_chunks(files["games"]), scan_chunks(files["events"])
    _check_table(run_dir, games, games_schema(spec), "games.parquet", spec.later_columns)
    _check_table(run_dir, events, events_schema(spec), "events.parquet", spec.later_columns)
    return RunFiles(run_dir, info, games, events, partial)


def read_run(run_dir: Path, *, use: str = "report") -> tuple[dict[str, Any], pl.DataFrame, pl.DataFrame]:
    """run.json, games and events of a run (partial runs: the finished chunks), in memory.
    Raises PlaytestError for a missing, incomplete, swapped or damaged run, never a polars error.
    For a large run, `open_run` keeps the tables lazy instead. `use`: as `scan_run`'s."""
    run = scan_run(run_dir, use=use)
    with reading(run_dir):
        games, events = run.games.collect(), run.events.collect()
    check_rows(run, games)
    return run.info, games, events


def open_run(run_dir: Path, *, use: str = "report") -> RunFiles:
    """A run checked like `read_run` but left lazy: its tables are scans that the metrics
    aggregate game by game (analysis/frames.py), so even 10^6 games fit in a bounded memory.
    Read them inside `reading(run.path)`. `use`: as `scan_run`'s."""
    run = scan_run(run_dir, use=use)
    check_rows(run, run.games)
    return run


IN_MEMORY_ROWS = 50_000
"""A run whose games and events tables hold at most this many rows together is read into
memory for its report (`report_tables`): about 1,100 random 4-player Stargate games, ~5 MB in
memory at the ~100 bytes a row polars takes for each game's tables. There a lazy scan costs more
than it saves: every query's plan is looked at for a scan and run by the streaming engine. The
report of a Stargate run took 0.36× the CPU in memory at 20 games, 0.46× at 200, 0.59× at 2,000
and 0.79× at 10,000 (`build_report`, 4 interleaved pairs each, 2026-12-07 ~01:20 UTC, under load);
the report is the same either way (tests/report/test_lazy_report.py). Larger runs stay lazy, so
a report's memory stays bounded however many games a run has (docs/scale.md)."""


def report_tables(run: RunFiles) -> tuple[pl.DataFrame, pl.DataFrame] | tuple[pl.LazyFrame, pl.LazyFrame]:
    """The run's games and events as its report reads them: in memory when they hold at most
    IN_MEMORY_ROWS rows together (counting them reads only the files' footers), else its scans."""
    with reading(run.path):
        rows = count(run.games) + count(run.events)
        if rows > IN_MEMORY_ROWS:
            return run.games, run.events
        return run.games.collect(), run.events.collect()


@contextlib.contextmanager
def reading(run_dir: Path) -> Iterator[None]:
    """Where a run's Parquet is read (a lazy scan may read it long after it was opened): a
    damaged file ends as one line naming the run, not a polars traceback (nor a polars panic:
    `polars_panics`)."""
    try:
        with panics_as_errors():
            yield
    except pl.exceptions.ColumnNotFoundError:
        raise  # the columns were checked when the run was opened: a metric's own bug
    except (OSError, pl.exceptions.PolarsError) as exc:
        raise PlaytestError(f"{run_dir}: cannot read run: {first_line(exc)}") from None


def check_rows(run: RunFiles, games: pl.DataFrame | pl.LazyFrame) -> None:
    """The games table must hold what run.json says, and what the metrics assume of it: one row
    per game and seat (seats 0 … players − 1), win shares in [0, 1] that add up to at most 1 in each
    game, ranks from 1 to players, finite totals, a bot on every row; and events, unless the run
    was made without them. One lazy pass over the games that
    aggregates each game first (bounded memory for 10^6 games); the first problem found is
    named with its column and the first game that has it."""
    n_players = run.info["players"]
    from playtest.games import get_game

    checks = _game_checks(n_players, get_game(run.info["game"]).score_parts)
    per_game = games.lazy().group_by("game").agg(*(expr.alias(f"c{i}") for i, (_, expr, _) in enumerate(checks)),
                                                 pl.len().alias("rows"))
    with reading(run.path):
        found = per_game.select(
            pl.col("rows").sum(), pl.col("game").is_null().any().alias("no_id"),
            pl.col("game").min().alias("first"), pl.col("game").max().alias("last"),
            *(pl.col("game").filter(pl.col(f"c{i}")).min().alias(f"c{i}") for i in range(len(checks))),
        ).pipe(collect).row(0)
    rows, no_id, first, last, first_bad = found[0], found[1], found[2], found[3], found[4:]
    if rows == 0:
        raise PlaytestError(f"{run.path}: games.parquet holds no games")
    if rows != run.info["games"] * n_players:
        raise PlaytestError(f"{run.path}: games.parquet holds {rows} rows, but run.json says "
                            f"{run.info['games']} games of {n_players} players ({run.info['games'] * n_players} rows)")
    where = run.path / ("chunks" if run.partial else "games.parquet")
    if no_id:
        raise PlaytestError(f"{where}: game: rows without a game id (a damaged run?)")
    for (column, _, what), game in zip(checks, first_bad, strict=True):
        if game is not None:
            raise PlaytestError(f"{where}: {column}: game {game}: {what} (a damaged run?)")
    if run.info.get("record_events", True):
        events_file = run.path / ("chunks" if run.partial else "events.parquet")
        with reading(run.path):
            events, lowest, highest = run.events.select(
                pl.len(), pl.col("game").min().alias("lowest"), pl.col("game").max().alias("highest")).pipe(collect).row(0)
        if events == 0:
            raise PlaytestError(f"{events_file}: holds no events, but run.json says they were recorded "
                                "(record_events); a damaged run?")
        # Events join the games by id: an event of a game the games table lacks would count in
        # the event metrics (pick rates) and drop out of those that join (win lift), silently.
        if lowest is None or highest is None or lowest < first or highest > last:
            raise PlaytestError(f"{events_file}: game: events of games {lowest}-{highest}, but the run's games "
                                f"are {first}-{last} (a damaged run?)")


WIN_SHARE_TOLERANCE = 1e-9
"""How far above 1 a game's win shares may add up (1/3 + 1/3 + 1/3 in floating point)."""


MAX_SCORE = 1e15
"""The largest score, a total or a part, a run's games may hold: far beyond any game's, and small
enough that the statistics' sums of squares and fourth powers stay finite (1e200 in an edited
games.parquet overflowed them: numpy's warnings on stderr, then "internal error: ValueError: Out
of range float values are not JSON compliant")."""


def _game_checks(players: int, parts: Sequence[str] = ()) -> list[tuple[str, pl.Expr, str]]:
    """(column, an aggregation true for a bad game, what is wrong) of `check_rows`, in order;
    `parts`: the game's score parts (columns score_<part>), checked as the total is."""
    seat, ws, rank, total = pl.col("seat"), pl.col("win_share"), pl.col("rank"), pl.col("total")
    scores = ["total", *(f"score_{p}" for p in parts)]
    return [
        ("game", pl.len() != players, f"expected one row per seat ({players} rows)"),
        ("seat", (seat.is_null() | (seat < 0) | (seat >= players)).any(), f"a seat outside 0 to {players - 1}"),
        ("seat", seat.n_unique() != players, "a seat twice"),
        ("win_share", (ws.is_null() | ~ws.is_finite() | (ws < 0) | (ws > 1)).any(),
         "a missing or non-finite win share, or one outside [0, 1]"),
        # At most 1, not exactly 1: a game may end with no winner (a co-operative plugin game
        # that the players lose), and simulate saves such games (review of 2026-12-02).
        ("win_share", ws.sum() > 1 + WIN_SHARE_TOLERANCE, "the win shares add up to more than 1"),
        ("rank", (rank.is_null() | (rank < 1) | (rank > players)).any(), f"a missing rank, or one outside 1 to {players}"),
        ("total", (total.is_null() | ~total.is_finite()).any(), "missing or non-finite totals"),
        *((c, (pl.col(c).is_null() | ~pl.col(c).is_finite()).any(), "a missing or non-finite score") for c in scores[1:]),
        *((c, (pl.col(c).abs() > MAX_SCORE).any(), f"a score beyond ±{MAX_SCORE:,.0f}, more than any game gives")
          for c in scores),
        ("bot", pl.col("bot").is_null().any(), "a row without a bot name"),
    ]


@contextlib.contextmanager
def opened(run: PartialRun) -> Iterator[PartialRun]:
    try:
        yield run
    finally:
        run.close()
