"""Crash-safe runs: a real run killed mid-way (SIGKILL, SIGINT, SIGTERM) keeps its finished
chunks, says it is partial, leaves no worker behind, and `--resume` finishes it with exactly
the rows of an uninterrupted run."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from playtest.cli.app import app
from playtest.sim.batch import RunConfig, read_run, resume_batch, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"
N, CHUNK, SEED = 240, 20, 9


def _start(out: Path, workers: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "playtest", "simulate", str(DRAFT5), "-n", str(N), "--workers", str(workers),
         "--chunk-size", str(CHUNK), "--seed", str(SEED), "--out", str(out), "-q"],
        cwd=out.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _manifest_lines(out: Path) -> int:
    try:
        return len((out.with_name(out.name + ".partial") / "manifest.jsonl").read_text().splitlines())
    except OSError:
        return 0


def _wait_for_chunks(proc: subprocess.Popen[str], out: Path, k: int) -> None:
    deadline = time.monotonic() + 300
    while _manifest_lines(out) < k:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no chunk finished in 300 s"
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out += [int(x) for x in text]
    return out


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]  # a zombie has exited


def _reference(tmp_path: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    config = RunConfig(n_games=N, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=CHUNK)
    run_batch(load_variant(DRAFT5), config, tmp_path / "reference")
    _, games, events = read_run(tmp_path / "reference")
    return games, events


@pytest.mark.system
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_sigkill_mid_run_then_resume_gives_the_rows_of_an_uninterrupted_run(tmp_path):
    out = tmp_path / "run"
    proc = _start(out, workers=2)
    _wait_for_chunks(proc, out, 2)
    workers = _children(proc.pid)
    proc.kill()
    proc.wait(timeout=30)
    partial = tmp_path / "run.partial"
    assert not out.exists() and partial.is_dir()
    info = json.loads((partial / "run.json").read_text())
    assert info["status"] == "partial"
    # no worker outlives its parent (they die with it: PR_SET_PDEATHSIG)
    deadline = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if _alive(w)]
    # a partial run can be reported, and says so
    r = CliRunner().invoke(app, ["report", str(out), "-f", "md", "-o", str(tmp_path / "partial.md")])
    assert r.exit_code == 0, r.stderr
    done = _manifest_lines(out)
    assert f"note: partial run: {done * CHUNK:,} of {N:,} games" in r.stderr
    assert "**Partial run**" in (tmp_path / "partial.md").read_text()
    # resume: only the missing chunks are played; the rows are those of an uninterrupted run
    result = resume_batch(out, workers=1)
    assert result.resumed_games == done * CHUNK and result.games == N
    assert not partial.exists()
    info, games, events = read_run(out)
    assert info["status"] == "complete"
    ref_games, ref_events = _reference(tmp_path)
    assert_frame_equal(games, ref_games)
    assert_frame_equal(events, ref_events)


@pytest.mark.parametrize(("sig", "twice"), [(signal.SIGINT, False),
                                            pytest.param(signal.SIGTERM, False, marks=pytest.mark.slow),
                                            pytest.param(signal.SIGINT, True, marks=pytest.mark.slow)],
                         ids=["ctrl-c", "sigterm", "ctrl-c-twice"])  # sigterm, ctrl-c-twice: make test-all
@pytest.mark.system
def test_an_interrupted_run_stops_promptly_in_one_line_and_resumes(tmp_path, sig, twice):
    out = tmp_path / "run"
    proc = _start(out, workers=2)
    _wait_for_chunks(proc, out, 1)
    proc.send_signal(sig)
    if twice:  # wherever the second lands (with the first, in the clean-up, after it), nothing changes
        time.sleep(0.05)
        proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=60)  # a hang fails here
    assert proc.returncode == 128 + sig, stderr  # as a shell reports the signal: 130 Ctrl-C, 143 SIGTERM
    lines = stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    kept = _manifest_lines(out)
    assert lines[0] == (f"interrupted: {kept * CHUNK:,} of {N:,} games are saved in {out}.partial; "
                        f"`playtest simulate --resume {out}` finishes the run")
    assert kept * CHUNK < N  # the workers did not play the rest of the queue first
    r = CliRunner().invoke(app, ["simulate", "--resume", str(out), "--workers", "1", "-q"])
    assert r.exit_code == 0, r.stderr
    assert f"{N} games of" in r.stdout and f"{kept * CHUNK} of them from the interrupted run" in r.stdout
    _, games, _ = read_run(out)
    assert games["game"].unique().sort().to_list() == list(range(N))


def test_a_new_run_over_an_interrupted_one_needs_force_and_then_cleans_it(tmp_path):
    out = tmp_path / "run"
    (tmp_path / "run.partial" / "chunks").mkdir(parents=True)
    (tmp_path / "run.partial" / "run.json").write_text("{}")
    args = ["simulate", str(DRAFT5), "-n", "4", "--workers", "1", "-q", "--out", str(out)]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2 and "an interrupted run is in" in r.stderr
    r = CliRunner().invoke(app, [*args, "--force"])
    assert r.exit_code == 0, r.stderr
    assert not (tmp_path / "run.partial").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_force_keeps_the_old_run_when_the_new_one_fails(tmp_path, monkeypatch):
    import playtest.sim.batch as batch

    out = tmp_path / "run"
    config = RunConfig(n_games=4, players=4, lineup=("random",) * 4, seed=1, workers=1)
    run_batch(load_variant(DRAFT5), config, out)
    before = (out / "games.parquet").read_bytes()

    def boom(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(batch, "play_chunk", boom)
    with pytest.raises(RuntimeError):
        run_batch(load_variant(DRAFT5), config, out, force=True)
    assert (out / "games.parquet").read_bytes() == before  # the old run is intact


def test_a_chunk_delivered_twice_is_kept_once(tmp_path):
    from playtest.sim.rundir import PartialRun

    run = PartialRun.create(tmp_path / "x.partial", {"status": "partial"})
    assert run.add(0, 5, b"g", b"e", 20, 30) is True
    assert run.add(0, 5, b"g", b"e", 20, 30) is False
    assert len((tmp_path / "x.partial" / "manifest.jsonl").read_text().splitlines()) == 1
    run.close()


@pytest.mark.parametrize("line", [b"null", b"[1, 2]", b'{"start": 0, "stop": 2, "games": 8, "events": 9}\xff'],
                         ids=["null", "a-list", "not-utf8"])
def test_a_damaged_manifest_line_is_played_again(tmp_path, line):
    """A manifest line that reads as JSON but not as an object, or holds a byte that is not
    UTF-8, is skipped like a line cut off by a crash: its chunk is played again. Both stopped
    the resume (and `report` of the partial run) with an internal error."""
    from playtest.errors import Interrupted

    def stop(_: int) -> None:
        raise Interrupted("stop")

    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, tmp_path / "out", progress=stop)
    with (tmp_path / "out.partial" / "manifest.jsonl").open("ab") as fh:
        fh.write(line + b"\n")
    r = CliRunner().invoke(app, ["report", str(tmp_path / "out"), "--out", "-", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    resume_batch(tmp_path / "out", workers=1)
    run_batch(load_variant(DRAFT5), config, tmp_path / "whole")
    assert_frame_equal(read_run(tmp_path / "out")[1], read_run(tmp_path / "whole")[1])


def test_a_report_of_the_unfinished_run_is_not_carried_into_the_finished_one(tmp_path):
    """`playtest report RUN` of an interrupted run writes its report into RUN.partial; resumed,
    the finished run kept that report.md, which still described 2 of its 8 games."""
    from playtest.errors import Interrupted

    def stop(_: int) -> None:
        raise Interrupted("stop")

    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, tmp_path / "out", progress=stop)
    for fmt in ("md", "json"):
        r = CliRunner().invoke(app, ["report", str(tmp_path / "out"), "--format", fmt])
        assert r.exit_code == 0 and (tmp_path / "out.partial" / f"report.{fmt}").is_file(), r.stderr
    resume_batch(tmp_path / "out", workers=1)
    assert not (tmp_path / "out" / "report.md").exists() and not (tmp_path / "out" / "report.json").exists()
    assert read_run(tmp_path / "out")[1]["game"].n_unique() == 8



def test_a_report_of_a_finished_run_names_the_newer_interrupted_run_beside_it(tmp_path):
    """`simulate --force` into a finished RUN, interrupted, leaves RUN.partial beside it: `report
    RUN` reported the old run without a word of the newer one, which `--resume RUN` puts in its
    place. It now says so in one note, as simulate names an interrupted run."""
    from playtest.errors import Interrupted

    def stop(_: int) -> None:
        raise Interrupted("stop")

    out = tmp_path / "out"
    run_batch(load_variant(DRAFT5), RunConfig(n_games=2, players=4, lineup=("random",) * 4, seed=SEED, workers=1), out)
    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, out, progress=stop)
    r = CliRunner().invoke(app, ["report", str(out), "-f", "md", "-o", "-"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr == (f"note: this report is of the finished run in {out}; an interrupted newer run is in "
                        f"{out}.partial; finish it with `playtest simulate --resume {out}` (it then replaces this "
                        f"one), or delete {out}.partial to discard it\n")


def _interrupted_after_two_chunks(out: Path) -> RunConfig:
    """An 8-game run of 2-game chunks interrupted once two chunks are saved (games 0-3 in
    OUT.partial); its config, to play the uninterrupted run beside it."""
    from playtest.errors import Interrupted

    calls = []

    def stop(_: int) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise Interrupted("stop")

    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, out, progress=stop)
    return config

def test_a_chunk_file_copied_over_another_is_played_again(tmp_path):
    """A saved chunk whose file holds other games (games 0-1 copied over the file of games
    2-3: the same number of rows) is played again, as a damaged one is. Its row count was all
    that was checked: the resume finished a run with games 0-1 twice in games.parquet, a complete
    folder that the run's own report then refused ('game 0: expected one row per seat', exit 2)."""
    config = _interrupted_after_two_chunks(tmp_path / "out")
    chunks = tmp_path / "out.partial" / "chunks"
    (chunks / "games-000000000002.parquet").write_bytes((chunks / "games-000000000000.parquet").read_bytes())
    r = CliRunner().invoke(app, ["report", str(tmp_path / "out"), "--out", "-", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    r = CliRunner().invoke(app, ["simulate", "--resume", str(tmp_path / "out"), "-q", "--workers", "1"])
    assert r.exit_code == 0, r.stderr
    run_batch(load_variant(DRAFT5), config, tmp_path / "whole")
    assert_frame_equal(read_run(tmp_path / "out")[1], read_run(tmp_path / "whole")[1])


def test_a_run_named_dot_from_inside_its_folder(tmp_path, monkeypatch):
    """`cd OUT.partial && playtest simulate --resume .` finishes the run, and `cd OUT && playtest
    report . --out ../r.json` reports it: '.' has no name of its own, and looking for its
    OUT.partial sibling stopped both with "internal error: ValueError: PosixPath('.') has an
    empty name"."""
    from playtest.errors import Interrupted

    def stop(_: int) -> None:
        raise Interrupted("stop")

    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, tmp_path / "out", progress=stop)
    monkeypatch.chdir(tmp_path / "out.partial")
    r = CliRunner().invoke(app, ["simulate", "--resume", ".", "-q", "--workers", "1"])
    assert r.exit_code == 0, r.stderr
    assert not (tmp_path / "out.partial").exists() and len(read_run(tmp_path / "out")[1]) == 8 * 4
    monkeypatch.chdir(tmp_path / "out")
    r = CliRunner().invoke(app, ["report", ".", "--out", "../r.json"])
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "r.json").is_file()
    r = CliRunner().invoke(app, ["simulate", "--resume", "."])
    assert r.exit_code == 2 and r.stderr.strip() == "error: --resume .: this run is already complete", r.stderr


def test_a_run_started_before_the_hash_canonicalised_numbers_still_resumes(tmp_path):
    """A run folder recorded the hash of its variant as spelt before variant_hash read `60.0`
    as `60`: one whose variant spelt no integral float has the same hash now; one whose variant
    did (here max_rounds=60.0) holds the old hash in run.json and in each manifest line, and
    still finishes with the rows of an uninterrupted run, keeping that hash."""
    from playtest.errors import Interrupted
    from playtest.variants.loader import spelled_hash

    def stop(_: int) -> None:
        raise Interrupted("stop")

    variant = load_variant(DRAFT5, ["max_rounds=60.0"])
    old = spelled_hash(variant.resolved)
    assert old != variant.hash and variant.hash == load_variant(DRAFT5).hash
    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=SEED, workers=1, chunk_size=2)
    with pytest.raises(Interrupted):
        run_batch(variant, config, tmp_path / "out", progress=stop)
    partial = tmp_path / "out.partial"
    for name in ("run.json", "manifest.jsonl"):  # as a run made before the change wrote them
        text = (partial / name).read_text()
        assert variant.hash in text
        (partial / name).write_text(text.replace(variant.hash, old))
    resume_batch(tmp_path / "out", workers=1)
    run_batch(load_variant(DRAFT5), config, tmp_path / "whole")
    info, games, _ = read_run(tmp_path / "out")
    assert info["variant"]["hash"] == old
    assert_frame_equal(games, read_run(tmp_path / "whole")[1])


def test_a_report_of_a_run_still_playing_is_not_carried_into_the_finished_run(tmp_path, monkeypatch):
    """`playtest report RUN` while RUN plays writes report.md into RUN.partial: the finished run
    kept it (a report of 2 of its 8 games beside them), and its note asked for a --resume that
    the live run's own process was doing."""
    from playtest.sim import rundir

    out, notes = tmp_path / "run", []
    add = rundir.PartialRun.add

    def add_then_report(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        added = add(self, *args, **kwargs)
        if not notes:  # after the first chunk, as a designer who looks in early
            r = CliRunner().invoke(app, ["report", str(out), "-f", "md"])
            assert r.exit_code == 0 and (self.path / "report.md").is_file(), r.stderr
            notes.append(r.stderr)
        return added

    monkeypatch.setattr(rundir.PartialRun, "add", add_then_report)
    run_batch(load_variant(DRAFT5), RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=1, workers=1,
                                              chunk_size=2), out)
    assert notes == ["note: partial run: 2 of 8 games (another playtest process is still playing it)\n"]
    assert sorted(p.name for p in out.iterdir()) == ["events.parquet", "games.parquet", "run.json"]


def _truncate(chunk: Path) -> None:
    chunk.write_bytes(chunk.read_bytes()[:100])


def _damage_beside_game(chunk: Path) -> None:
    """Overwrite 16 bytes where the game column still reads but another column does not: the
    chunk's check read the game column alone, and the resume's merge of the chunks ended in
    'internal error: ComputeError: parquet: ... Invalid thrift', its saved games kept as whole,
    so that every later resume failed the same way (h250)."""
    data = chunk.read_bytes()
    for start in range(4, len(data) - 24, 4):
        chunk.write_bytes(data[:start] + b"\xab" * 16 + data[start + 16:])
        try:
            pl.scan_parquet(chunk).select(pl.col("game").max()).collect()
        except (OSError, pl.exceptions.PolarsError, pl.exceptions.PanicException):
            continue
        try:
            pl.read_parquet(chunk)
        except (OSError, pl.exceptions.PolarsError, pl.exceptions.PanicException):
            return
    raise AssertionError(f"no 16 bytes of {chunk} damage another column than game")


@pytest.mark.parametrize("damage", [_truncate, _damage_beside_game])
def test_a_damaged_chunk_is_said_by_report_and_by_the_resume_that_plays_it_again(tmp_path, damage):
    """A truncated chunk file of an interrupted run: `report` left its games out and `--resume`
    played them again, both without a word, as if they had never been played (h211)."""
    config = _interrupted_after_two_chunks(tmp_path / "out")
    damage(tmp_path / "out.partial" / "chunks" / "events-000000000002.parquet")
    r = CliRunner().invoke(app, ["report", str(tmp_path / "out"), "--out", "-", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    assert "note: partial run: 2 of 8 games" in r.stderr
    assert "; the saved games 2-3 (a damaged chunk file) left out, which the resume plays again" in r.stderr
    r = CliRunner().invoke(app, ["simulate", "--resume", str(tmp_path / "out"), "-q", "--workers", "1"])
    assert r.exit_code == 0, r.stderr
    assert "note: the saved games 2-3 (a damaged chunk file) played again" in r.stderr
    run_batch(load_variant(DRAFT5), config, tmp_path / "whole")
    assert_frame_equal(read_run(tmp_path / "out")[1], read_run(tmp_path / "whole")[1])


@pytest.mark.parametrize("sizes", [(100, 250), (188, 500)], ids=["100-vs-250", "188-vs-500"])
def test_the_finished_tables_are_the_same_bytes_however_the_games_were_chunked(tmp_path, sizes):
    """The chunk size follows --workers (500 games at one worker, 188 at two for 1,500 games) and
    a resumed run keeps the interrupted run's: the finished tables were the same rows but not the
    same file once a table passed one row group (an Oh-Seven run of 1,500 games: 465,702 event
    rows), as their row groups followed the chunks. A fixed row-group size writes the same bytes."""
    from playtest.sim.rundir import PartialRun

    games = 1000
    rows = pl.DataFrame({"game": pl.arange(0, games, eager=True).repeat_by(300).explode().cast(pl.Int64)})
    table = rows.with_columns(value=(pl.int_range(pl.len()) * 7919 % 1009).cast(pl.Int64))

    def finished(size: int) -> dict[str, bytes]:
        run = PartialRun.create(tmp_path / f"c{size}.partial", {"status": "partial"})
        for start in range(0, games, size):
            part = table.filter(pl.col("game").is_between(start, min(start + size, games) - 1))
            data = io.BytesIO()
            part.write_parquet(data)
            run.add(start, min(start + size, games), data.getvalue(), data.getvalue(), part.height, part.height)
        run.finish({"status": "complete"}, tmp_path / f"c{size}")
        return {t: (tmp_path / f"c{size}" / f"{t}.parquet").read_bytes() for t in ("games", "events")}

    a, b = (finished(size) for size in sizes)
    assert_frame_equal(pl.read_parquet(a["events"]), table)
    assert a == b
