"""Atomic writes: the whole new text or the old file, with ordinary permissions."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from playtest.io import OutputError, write_atomic


def test_write_atomic_replaces_whole_file_with_umask_permissions(tmp_path):
    path = tmp_path / "sub" / "report.md"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [p.name for p in path.parent.iterdir()] == ["report.md"]  # no temp file left


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    write_atomic(path, "old")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OutputError, match=r"r.json: cannot write: disk full \(nothing was replaced\)"):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_staged_dir_replaces_only_on_success_and_cleans_dead_leftovers(tmp_path):
    from playtest.errors import UsageError
    from playtest.io import staged_dir

    target = tmp_path / "out"
    with staged_dir(target, force=False, option="--out") as stage:
        (stage / "compare.md").write_text("1")
    assert (target / "compare.md").read_text() == "1"
    with (pytest.raises(UsageError, match=r"--out .*out: already exists \(a folder that is not empty\); use --force"),
          staged_dir(target, force=False, option="--out")):
        pass
    with pytest.raises(RuntimeError), staged_dir(target, force=True, option="--out") as stage:
        (stage / "compare.json").write_text("2")
        raise RuntimeError("failed half-way")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # old run intact, no leftover
    assert sorted(p.name for p in target.iterdir()) == [".playtest-output", "compare.md"]
    dead = tmp_path / ".out.playtest-tmp-dead"  # left by a killed command (no lock held)
    dead.mkdir()
    with staged_dir(target, force=True, option="--out") as stage:
        (stage / "compare.html").write_text("3")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert sorted(p.name for p in target.iterdir()) == [".playtest-output", "compare.html"]


def test_force_over_an_output_named_through_itself_replaces_it(tmp_path):
    """`simulate -o RUN/../RUN --force` over an existing RUN: once the old RUN was moved aside,
    `RUN/..` led nowhere; the new run could not be put in place nor the old one back, and RUN was
    gone (kept in .RUN.playtest-old-*). A run's folder and those of compare, sweep, ladder and
    tune are all put in place by `swap_into_place` (here through `staged_dir`)."""
    from playtest.io import staged_dir

    out = tmp_path / "out"
    for text in ("1", "2"):
        with staged_dir(out / ".." / "out", force=True, option="--out") as stage:
            (stage / "compare.md").write_text(text)
    assert (out / "compare.md").read_text() == "2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # nothing left aside


def test_an_output_set_aside_by_a_command_killed_before_its_replacement_came_is_put_back(tmp_path, monkeypatch):
    """`--force` moves the old output aside, then renames the new one into place: killed between
    the two (SIGKILL), OUT was gone, and the next command's leftover clean-up deleted the old
    output kept in .OUT.playtest-old-* (and the finished new one beside it)."""
    from playtest import io as pio
    from playtest.io import staged_dir

    class Killed(BaseException):
        pass

    out = tmp_path / "out"
    with staged_dir(out, force=False, option="--out") as stage:
        (stage / "compare.md").write_text("the old one")
    real = os.replace

    def killed_after_the_first(src, dst):
        real(src, dst)
        if pio.OLD_MARK in str(dst):
            raise Killed

    monkeypatch.setattr(pio.os, "replace", killed_after_the_first)
    with pytest.raises(Killed), staged_dir(out, force=True, option="--out") as stage:
        (stage / "compare.md").write_text("the new one")
    monkeypatch.undo()
    assert not out.exists()
    with (pytest.raises(pio.UsageError, match=r"already exists \(a folder that is not empty\); use --force"),
          staged_dir(out, force=False, option="--out")):
        pass
    assert (out / "compare.md").read_text() == "the old one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_an_output_half_deleted_after_its_replacement_came_is_never_put_back(tmp_path, monkeypatch):
    """Killed while the replaced output was being deleted (its replacement already in place, a
    large --out takes a while): .OUT.playtest-old-*/run held what was left of it, and once OUT
    was removed the next command put that half-deleted folder back at OUT ('already exists')."""
    from playtest import io as pio
    from playtest.io import staged_dir

    class Killed(BaseException):
        pass

    out = tmp_path / "out"
    with staged_dir(out, force=False, option="--out") as stage:
        (stage / "compare.md").write_text("the old one")
        (stage / "compare.json").write_text("{}")
    real = pio._remove

    def killed_half_way(path):
        if pio.OLD_MARK in path.name:
            next(path.rglob("compare.md")).unlink()  # the deletion began
            raise Killed
        real(path)

    monkeypatch.setattr(pio, "_remove", killed_half_way)
    with pytest.raises(Killed), staged_dir(out, force=True, option="--out") as stage:
        (stage / "compare.md").write_text("the new one")
    monkeypatch.undo()
    assert (out / "compare.md").read_text() == "the new one"
    shutil.rmtree(out)  # the user removes it
    with staged_dir(out, force=False, option="--out") as stage:
        (stage / "sweep.md").write_text("another")
    assert sorted(p.name for p in out.iterdir()) == [".playtest-output", "sweep.md"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_an_output_that_appears_while_the_command_runs_is_not_replaced_without_force(tmp_path):
    """Two sweeps (or compares, ladders) with the same --out, or the same default
    reports/sweep-<second>, started together: both found the folder free at the start, and the
    one that finished last silently replaced the other's output, each saying 'wrote out/...'.
    The later one now leaves it and keeps its own beside it, saying where."""
    from playtest.io import staged_dir

    target = tmp_path / "out"
    with pytest.raises(OutputError) as caught, staged_dir(target, force=False, option="--out") as stage:
        (stage / "mine.txt").write_text("later")
        target.mkdir()  # the other command finished first
        (target / "theirs.txt").write_text("earlier")
    assert str(caught.value) == (f"--out {target}: written by another command while this one ran, so it is left as "
                                 f"it is (--force replaces it); this command's output is kept in {tmp_path / 'out-2'}")
    assert (target / "theirs.txt").read_text() == "earlier"
    assert (tmp_path / "out-2" / "mine.txt").read_text() == "later"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "out-2"]
    with staged_dir(tmp_path / "new", force=True, option="--out") as stage:  # --force: replaced, as before
        (stage / "compare.md").write_text("1")
        (tmp_path / "new").mkdir()
        (tmp_path / "new" / "compare.json").write_text("2")
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [".playtest-output", "compare.md"]


@pytest.mark.parametrize("command", [
    ["simulate", "variants/ohseven/base.yaml", "-n", "2", "-q", "--out"],
    ["compare", "variants/ohseven/base.yaml", "variants/ohseven/base.yaml", "-n", "2", "--out"],
    ["ladder", "variants/ohseven/base.yaml", "--rungs", "random,heuristic", "-n", "2", "--out"],
    ["tune", "variants/stargate/draft5.yaml", "--param", "crews.bays.time=0..4", "--target",
     "gates/stargate-tune.yaml", "--budget", "1", "-n", "2", "--confirm-games", "2", "--out"],
])
def test_force_replaces_only_a_folder_playtest_wrote(tmp_path, command):
    """--force on a folder of the user's own (no playtest output in it) is refused and the
    folder is left as it was; a folder playtest wrote is replaced."""
    from typer.testing import CliRunner

    from playtest.cli.app import app

    mine = tmp_path / "thesis"
    (mine / "sub").mkdir(parents=True)
    (mine / "sub" / "chapter.txt").write_text("precious")
    res = CliRunner().invoke(app, [*command, str(mine), "--force", "--workers", "1"])
    assert res.exit_code == 2, res.output
    assert "holds no playtest output; --force replaces only playtest's own outputs" in res.output
    assert (mine / "sub" / "chapter.txt").read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis"]


def test_what_counts_as_a_folder_playtest_wrote(tmp_path):
    """--force may replace a folder with playtest's mark, an older output recognised by its
    JSON (not by a file name alone: other tools write run.json too), or only such run folders
    (an older `diff --out`)."""
    import json

    from playtest.io import is_playtest_output, mark_output

    run = {"format_version": 1, "game": "stargate", "variant": {"path": "v.yaml", "hash": "x"}}

    def folder(name: str, files: dict[str, object]) -> object:
        f = tmp_path / name
        for rel, doc in files.items():
            (f / rel).parent.mkdir(parents=True, exist_ok=True)
            (f / rel).write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
        return f

    assert not is_playtest_output(folder("sacred", {"run.json": {"status": "done"}, "metrics.json": {}}))
    assert not is_playtest_output(folder("text", {"run.json": "not json"}))
    assert not is_playtest_output(folder("other-compare", {"compare.json": {"kind": "something-else"}}))
    assert is_playtest_output(folder("run", {"run.json": run, "games.parquet": "x"}))
    assert is_playtest_output(folder("compare", {"compare.json": {"kind": "playtest-comparison"}}))
    assert is_playtest_output(folder("ladder", {"ladder.json": {"schema": "playtest-ladder"}}))
    assert is_playtest_output(folder("old-diff", {"base/run.json": run, "candidate/run.json": run}))
    assert not is_playtest_output(folder("mixed", {"base/run.json": run, "notes/todo.txt": "mine"}))
    marked = folder("marked", {"a.txt": "x"})
    mark_output(marked)
    assert is_playtest_output(marked)


def test_a_foreign_partial_folder_is_never_deleted(tmp_path):
    """OUT.partial that is not an interrupted run (no run.json and chunks/) stays, even with
    --force (tests/cli/test_cli.py checks that --force replaces an earlier run)."""
    from typer.testing import CliRunner

    from playtest.cli.app import app

    out = tmp_path / "run"
    foreign = tmp_path / "run.partial"
    (foreign / "sub").mkdir(parents=True)
    (foreign / "sub" / "keep.txt").write_text("mine")
    args = ["simulate", "variants/ohseven/base.yaml", "-n", "2", "-q", "--workers", "1", "--out", str(out), "--force"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2 and "is in the way and holds no playtest run" in res.output
    assert (foreign / "sub" / "keep.txt").read_text() == "mine" and not out.exists()


def test_a_written_file_names_an_input_relative_to_itself_unless_only_the_root_is_shared(tmp_path):
    """A saved game's `variant:` and a tuned draft's `extends:`: relative inside one tree (the
    project moves as a whole), absolute when a relative name would climb to the root."""
    from pathlib import Path

    from playtest.io import reference

    (tmp_path / "project" / "variants").mkdir(parents=True)
    draft = tmp_path / "project" / "variants" / "d.yaml"
    assert reference(draft, tmp_path / "project" / "games") == "../variants/d.yaml"
    assert reference(draft, tmp_path / "project" / "variants") == "d.yaml"
    elsewhere = Path("/proc/self")  # shares only "/" with any temporary folder
    assert reference(draft, elsewhere) == str(draft.resolve())


OHSEVEN = "variants/ohseven/base.yaml"
REPLACING_COMMANDS = {
    "simulate": ["simulate", OHSEVEN, "-n", "2", "-q"],
    "compare": ["compare", OHSEVEN, "variants/ohseven/no-bonus.yaml", "-n", "2"],
    "sweep": ["sweep", OHSEVEN, "--set", "rounds=3,5", "-n", "2"],
    "ladder": ["ladder", OHSEVEN, "--rungs", "random,heuristic", "-n", "2", "--pair-games", "2"],
    "diff": ["diff", OHSEVEN, "variants/ohseven/no-bonus.yaml", "--gate", "gates/ohseven.yaml", "-n", "2",
             "--bots", "random"],
    # (the goals file's line-up with random bots for its greedy seats: the scripted pair its win_gap
    # goal names stays, and what --force replaces does not depend on how well the games are played)
    "tune": ["tune", "variants/stargate/draft5.yaml", "--param", "crews.bays.time=0..4", "--target",
             "gates/stargate-tune.yaml", "--budget", "1", "-n", "2", "--confirm-games", "2",
             "--bots", "scripted:late-placer,scripted:early-placer,random,random"],
}
"""Every command whose --out is a folder that --force replaces (report, calibrate and explain
replace named files only)."""


def _invoke(*args: object) -> tuple[int, str]:
    """`playtest ARGS` in-process; (exit code, the error line or the output)."""
    from typer.testing import CliRunner

    from playtest.cli.app import _register, app
    from playtest.errors import PlaytestError

    _register()
    res = CliRunner().invoke(app, [str(a) for a in args])
    if isinstance(res.exception, PlaytestError):
        return res.exception.exit_code, f"error: {res.exception}\n"
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


def _files(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", REPLACING_COMMANDS)
def test_force_never_deletes_a_file_playtest_did_not_write(tmp_path, name):
    """`play --save RUN` put a game into a finished run's folder, and `simulate --out RUN --force`
    then deleted it with the run. Every command whose --force replaces a folder now refuses,
    naming the file, and touches nothing; once the file is moved out, --force replaces the
    folder as before, with the files playtest wrote there (an old report) and all."""
    from playtest.io import foreign_files

    out = tmp_path / "out"
    command = [*REPLACING_COMMANDS[name], "--workers", "1", "--out", out]
    code, said = _invoke(*command)
    assert code in (0, 1, 3) and out.is_dir(), said  # diff: a gate failed or is undecided after 2 games
    assert foreign_files(out) == []  # every file the command writes is one of io.OWN_FILES
    game = out / "ohseven-seed1.yaml"
    game.write_text("# a game played by hand\n")
    before = _files(out)
    for force in ([], ["--force"]):
        code, said = _invoke(*command, *force)
        assert (code, said) == (2, f"error: --out {out}: holds {game}, which is not one of the files of playtest's output; replacing the "
                                   f"folder would delete it: move it out of {out}, or choose another --out\n")
        assert _files(out) == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no working copy left beside it
    game.unlink()
    (out / "report.md").write_text("an old report of the old output")  # playtest's own: replaced with the folder
    code, said = _invoke(*command, "--force")
    assert code in (0, 1, 3), said
    assert not (out / "report.md").exists() and foreign_files(out) == []


def test_a_game_saved_into_a_run_survives_simulate_force(tmp_path):
    """The case as it was met: a game played and saved into a finished run's folder."""
    out = tmp_path / "run"
    assert _invoke("simulate", OHSEVEN, "-n", "2", "-q", "-w", "1", "--out", out)[0] == 0
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    code, said = _invoke("play", OHSEVEN, "--moves", moves, "--save", out)
    assert code == 0, said
    game = out / "ohseven-seed1.yaml"
    saved = game.read_text()
    code, said = _invoke("simulate", OHSEVEN, "-n", "2", "-q", "-w", "1", "--out", out, "--force")
    assert (code, said) == (2, f"error: --out {out}: holds {game}, which is not one of the files of playtest's output; replacing the "
                               f"folder would delete it: move it out of {out}, or choose another --out\n")
    assert game.read_text() == saved


def test_force_does_not_remove_an_interrupted_run_holding_a_foreign_file(tmp_path):
    """--force also removes an interrupted run's OUT.partial: not while it holds the user's file."""
    out, partial = tmp_path / "run", tmp_path / "run.partial"
    (partial / "chunks").mkdir(parents=True)
    (partial / "run.json").write_text("{}")
    (partial / "chunks" / "notes.txt").write_text("mine")
    code, said = _invoke("simulate", OHSEVEN, "-n", "2", "-q", "-w", "1", "--out", out, "--force")
    assert (code, said) == (2, f"error: --out {out}: holds {partial / 'chunks' / 'notes.txt'}, which is not one of the "
                               f"files of playtest's output; replacing the folder would delete it: move it out of {partial}, or choose "
                               "another --out\n")
    assert (partial / "chunks" / "notes.txt").read_text() == "mine"


def test_a_file_put_into_the_output_while_the_command_runs_is_not_deleted_by_force(tmp_path):
    """check_free looks before the work; a game saved into the folder while a long run plays is
    found when the new output is put in place: the old folder is left, the new one kept beside."""
    from playtest.io import OutputTaken, staged_dir

    target = tmp_path / "out"
    with staged_dir(target, force=False, option="--out") as stage:
        (stage / "runs" / "base").mkdir(parents=True)
        (stage / "runs" / "base" / "run.json").write_text("old")
    with pytest.raises(OutputTaken) as caught, staged_dir(target, force=True, option="--out") as stage:
        (stage / "compare.md").write_text("new")
        (target / "runs" / "base" / "game.yaml").write_text("mine")
    game = target / "runs" / "base" / "game.yaml"
    assert str(caught.value) == (f"--out {target}: holds {game}, which is not one of the files of playtest's output (put there while this "
                                 f"command ran), so it is left as it is; this command's output is kept in "
                                 f"{tmp_path / 'out-2'}")
    assert game.read_text() == "mine" and (target / "runs" / "base" / "run.json").read_text() == "old"
    assert (tmp_path / "out-2" / "compare.md").read_text() == "new"


def test_which_files_are_foreign_to_an_output_folder(tmp_path):
    """Only the names playtest writes (and their interrupted temporary copies) are its own, at
    any depth; links are never; a file the new folder holds a copy of is not lost (a tune
    continued with --resume copies its --out first)."""
    from playtest.io import foreign_files

    out = tmp_path / "out"
    (out / "runs" / "a" / "chunks").mkdir(parents=True)
    for own in ("sweep.json", ".playtest-output", "runs/a/run.json", "runs/a/report.md", "runs/a/manifest.jsonl",
                "runs/a/chunks/games-000000000000.parquet", ".tune.md.k2j4l1m9.tmp", "study.db-journal"):
        (out / own).write_text("")
    assert foreign_files(out) == []
    for theirs in ("notes.txt", "runs/a/game.yaml", "runs/a/chunks/x.parquet"):
        (out / theirs).write_text("")
    (out / "link").symlink_to(tmp_path)
    (out / "runs" / "run.json").symlink_to(out / "sweep.json")  # an own name, but not a file playtest wrote
    assert foreign_files(out) == [out / "link", out / "notes.txt", out / "runs" / "a" / "chunks" / "x.parquet",
                                  out / "runs" / "a" / "game.yaml", out / "runs" / "run.json"]
    copy = tmp_path / "copy"
    shutil.copytree(out, copy, symlinks=True)
    assert foreign_files(out, kept_in=copy) == []


def test_force_replaces_a_link_given_as_out_and_not_what_it_points_to(tmp_path):
    """`simulate --out LINK --force`, LINK a link to a run: check_free allows it, as before the
    foreign-file rule; that rule then refused it once all the games were played ('is not a folder
    playtest wrote (put there while this command ran)') and left the new run at LINK-2."""
    run, link = tmp_path / "run", tmp_path / "link"
    assert _invoke("simulate", OHSEVEN, "-n", "2", "-q", "-w", "1", "--out", run)[0] == 0
    before = _files(run)
    link.symlink_to(run)
    code, said = _invoke("simulate", OHSEVEN, "-n", "3", "-q", "-w", "1", "--out", link, "--force")
    assert code == 0, said
    assert link.is_dir() and not link.is_symlink() and (link / "run.json").is_file()
    assert _files(run) == before  # what the link pointed to is untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "run"]


def test_a_default_output_name_skips_one_being_built_now(tmp_path):
    """Two sweeps (compares, tunes) started in the same second took one default name, and the
    later to finish said "written by another command while this one ran" (exit 2): a name whose
    output is still being built beside it, under a held lock, is taken."""
    from playtest.io import LOCK_NAME, default_output, new_staging_dir, take_lock

    base = tmp_path / "reports" / "sweep-20261206-041005"
    assert default_output(base) == base
    staging = new_staging_dir(base)  # another sweep, running
    fd = take_lock(staging / LOCK_NAME)
    assert fd is not None
    try:
        assert default_output(base) == base.with_name("sweep-20261206-041005-2")
    finally:
        os.close(fd)
    assert default_output(base) == base  # a leftover no process holds: the name is free
    base.mkdir()
    assert default_output(base, lambda path: path.name.endswith("-2")) == base.with_name("sweep-20261206-041005-3")


def test_every_reader_says_what_is_there_instead_of_a_regular_file(tmp_path):
    """One wording for a pipe, device, socket or folder where a file is read or written
    (io.not_regular); read_regular's NotRegularFile carries the same words. They were four:
    'not a regular file (a device, pipe or socket cannot be a variant)', 'a pipe, device or socket,
    not a regular file', 'not a regular file (a folder, pipe or device)' and 'is not a file'."""
    import socket

    from playtest.io import NotRegularFile, not_regular, read_regular

    os.mkfifo(tmp_path / "fifo")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "sock"))
        said = {name: not_regular(tmp_path / name) for name in ("fifo", "sock")}
    (tmp_path / "folder").mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    assert said == {"fifo": "is a named pipe, not a regular file", "sock": "is a socket, not a regular file"}
    assert not_regular(tmp_path / "folder") == "is a folder, not a file"
    assert not_regular(Path("/dev/null")) == "is a device, not a regular file"
    assert not_regular(tmp_path / "dangling") == "is a symbolic link that leads nowhere"
    with pytest.raises(NotRegularFile) as caught:
        read_regular(tmp_path / "fifo")
    assert caught.value.said == said["fifo"]


def test_a_run_folder_and_an_out_folder_that_are_none_are_said_alike(tmp_path, cli):
    """One wording (io.not_folder) for a path where playtest wants a folder and finds something
    else: a run folder to read said 'a file, not a run folder', an --out 'is a file, not a folder'."""
    draft = Path(__file__).resolve().parents[2] / "variants" / "stargate" / "draft5.yaml"
    (tmp_path / "f.txt").write_text("x")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    said = {}
    for name in ("f.txt", "dangling"):
        path = tmp_path / name
        as_run = cli("report", str(path)).stderr.strip()
        as_out = cli("play", str(draft), "--save", f"{path}/").stderr.strip()
        said[name] = (as_run.removeprefix(f"error: {path}: "), as_out.removeprefix(f"error: --save {path}/: {path} "))
    for as_run, as_out in said.values():
        assert as_run.startswith("is ") and as_run.endswith(", not a run folder")
        assert as_run.removesuffix(" run folder") == as_out.removesuffix(" folder")


def test_an_error_about_a_default_place_names_its_path_not_the_option():
    """io.default_place: an error that named '--out PATH' for a PATH the command chose names the
    path and says it was the default; one about a path the user gave, or about something else,
    is left as it was (class and all)."""
    from playtest.errors import Interrupted, UsageError
    from playtest.io import default_place

    place = Path("reports/compare-1")

    def raised(error: Exception, *, given: bool, option: str = "--out") -> Exception:
        with pytest.raises(type(error)) as caught, default_place(place, option, given=given):
            raise error
        return caught.value

    why = f"--out {place}: reports is a file, not a folder"
    assert str(raised(UsageError(why), given=True)) == why
    assert str(raised(UsageError(why), given=False)) == (f"{place}: reports is a file, not a folder (the default "
                                                         "place; choose another with --out)")
    stopped = raised(Interrupted(f"interrupted: nothing was written (--out {place} is unchanged)"), given=False)
    assert str(stopped) == f"interrupted: nothing was written ({place} is unchanged)"
    assert str(raised(UsageError("--bots x: no such bot"), given=False)) == "--bots x: no such bot"
    assert str(raised(UsageError(f"--save {place}: is a folder"), given=False, option="--save")) == (
        f"{place}: is a folder (the default place; choose another with --save)")


def test_a_default_report_file_is_numbered_before_its_suffix(tmp_path):
    """calibrate's default reports/calibrate-<time>.md, taken, is -2.md (not .md-2, which no
    browser or editor opens as Markdown)."""
    from playtest.io import default_output

    base = tmp_path / "calibrate-20261206-150000.md"
    assert default_output(base, file=True) == base
    base.write_text("an earlier calibration")
    assert default_output(base, file=True) == tmp_path / "calibrate-20261206-150000-2.md"
    assert default_output(tmp_path / "compare-1") == tmp_path / "compare-1"  # a folder's name as it was


def test_a_full_disk_inside_a_staging_folder_names_the_folder_it_stands_in(tmp_path, monkeypatch):
    """A ladder's run.json that could not be written named '.l.playtest-tmp-*/runs/self/greedy.partial/
    run.json', a folder the user never sees and that goes with the failed command."""
    import errno
    import tempfile

    from playtest.io import STAGING_MARK, OutputError, write_bytes_atomic

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", full)
    staged = tmp_path / f".l{STAGING_MARK}abc" / "runs" / "self" / "greedy.partial" / "run.json"
    with pytest.raises(OutputError) as err:
        write_bytes_atomic(staged, b"{}")
    assert str(err.value) == f"{tmp_path}: cannot write: no space left on device (nothing was written)"
    with pytest.raises(OutputError) as err:
        write_bytes_atomic(tmp_path / "run.json", b"{}")
    assert str(err.value) == f"{tmp_path / 'run.json'}: cannot write: no space left on device (nothing was replaced)"
