"""Runs: same seed → same rows for any worker count; seats rotate; outputs are complete."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from playtest.errors import UsageError
from playtest.games import get_game
from playtest.io import OutputError
from playtest.sim.batch import RunConfig, check_lineup, read_run, resume_batch, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"


def run(tmp_path: Path, name: str, **kw) -> tuple[dict, pl.DataFrame, pl.DataFrame]:
    variant = load_variant(DRAFT5)
    cfg = dict(n_games=24, players=4, lineup=("random", "greedy", "random", "scripted:bays-first"), seed=7,
               chunk_size=5)
    cfg.update(kw)
    run_batch(variant, RunConfig(**cfg), tmp_path / name)
    return read_run(tmp_path / name)


@pytest.mark.process_smoke
def test_same_seed_same_rows_for_any_worker_count(tmp_path):
    _, g1, e1 = run(tmp_path, "w1", workers=1)
    _, g2, e2 = run(tmp_path, "w2", workers=2)
    assert g1.height == 24 * 4
    assert_frame_equal(g1, g2)
    assert_frame_equal(e1, e2)
    assert g1["game"].to_list() == sorted(g1["game"].to_list())  # chunks concatenated in order


def test_different_seed_different_games(tmp_path):
    # 4 games (16 totals) are as sure to differ between two seeds as 24, and equal if the seed were ignored
    _, g1, _ = run(tmp_path, "a", workers=1, seed=1, n_games=4)
    _, g2, _ = run(tmp_path, "b", workers=1, seed=2, n_games=4)
    assert g1.height == g2.height == 16 and g1["total"].to_list() != g2["total"].to_list()


def test_seats_rotate_and_rows_are_complete(tmp_path):
    info, games, events = run(tmp_path, "r", workers=1, n_games=8)
    game0 = games.filter(pl.col("game") == 0).sort("seat")["bot"].to_list()
    game1 = games.filter(pl.col("game") == 1).sort("seat")["bot"].to_list()
    assert game0 == ["random", "greedy", "random", "scripted:bays-first"]
    assert game1 == ["greedy", "random", "scripted:bays-first", "random"]
    # every bot sits in every seat equally often over a multiple of P games
    counts = games.group_by(["bot", "seat"]).len()
    assert counts.filter(pl.col("bot") == "greedy")["len"].to_list() == [2, 2, 2, 2]
    # each total is the sum of its parts; one winner share per game
    parts = games["score_planets"] + games["score_color"] + games["score_skill"]
    assert (parts == games["total"]).all()
    assert games.group_by("game").agg(pl.col("win_share").sum())["win_share"].round(9).unique().to_list() == [1.0]
    assert set(events["kind"].unique()) >= {"decision", "round_end", "planet_final"}
    assert info["variant"]["hash"] == load_variant(DRAFT5).hash
    assert info["seed"] == 7 and info["games"] == 8 and info["lineup"][1] == "greedy"
    assert info["variant"]["resolved"]["cubes"]["total"] == 15
    assert "polars" in info["versions"]


def test_output_folder_holds_only_finished_files(tmp_path):
    run(tmp_path, "done", workers=1, n_games=3)
    assert sorted(p.name for p in (tmp_path / "done").iterdir()) == ["events.parquet", "games.parquet", "run.json"]
    json.loads((tmp_path / "done" / "run.json").read_text())


def test_a_failing_run_leaves_no_partial_output(tmp_path, monkeypatch):
    import playtest.sim.batch as batch

    def boom(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(batch, "play_chunk", boom)
    with pytest.raises(RuntimeError):
        run(tmp_path, "broken", workers=1, n_games=3)
    assert not (tmp_path / "broken").exists()  # the folder it created is removed too


def test_lineup_checks():
    variant = load_variant(DRAFT5)
    spec = get_game("stargate")
    assert check_lineup(spec, variant, 3, ["greedy"]) == ("greedy",) * 3
    with pytest.raises(UsageError, match=r"--bots names 2 bots for 4 players"):
        check_lineup(spec, variant, 4, ["greedy", "random"])
    with pytest.raises(UsageError, match=r"--players 5 is not supported by this variant \(supported: 3, 4\)"):
        check_lineup(spec, variant, 5, ["greedy"])
    with pytest.raises(UsageError, match=r"unknown bot 'alphazero' for stargate \(valid: random, greedy, greedy-myopic, lookahead, scripted:"):
        check_lineup(spec, variant, 4, ["alphazero"])


def test_bad_seed_and_out_are_refused_before_anything_is_written(tmp_path):
    variant = load_variant(DRAFT5)
    config = RunConfig(n_games=2, players=4, lineup=("random",) * 4, seed=-1)
    with pytest.raises(UsageError, match=r"--seed -1: a seed is a whole number from 0 to 2\*\*63 - 1"):
        run_batch(variant, config, tmp_path / "neg")
    assert not (tmp_path / "neg").exists()
    (tmp_path / "afile").write_text("x")
    config = RunConfig(n_games=2, players=4, lineup=("random",) * 4, seed=1)
    with pytest.raises(UsageError, match="afile: is a file, not a folder"):
        run_batch(variant, config, tmp_path / "afile")


def test_read_run_names_the_missing_file(tmp_path):
    from playtest.errors import PlaytestError

    run(tmp_path, "r", workers=1, n_games=2)
    (tmp_path / "r" / "events.parquet").unlink()
    with pytest.raises(PlaytestError, match=r"not a finished run \(events.parquet is missing\)"):
        read_run(tmp_path / "r")
    with pytest.raises(PlaytestError, match="no such run folder"):
        read_run(tmp_path / "nope")


def test_a_runaway_game_names_the_variant_and_the_keys_to_check(tmp_path):
    from playtest.sim.batch import RunawayGameError

    config = RunConfig(n_games=3, players=4, lineup=("random",) * 4, seed=2, workers=1, max_decisions=5)
    with pytest.raises(RunawayGameError) as exc:
        run_batch(load_variant(DRAFT5), config, tmp_path / "r")
    assert str(exc.value) == (
        "variants/stargate/draft5.yaml: game 0 (bots random,random,random,random, seed 2) did not end within "
        "5 decisions (playtest's cap on one game): the variant's end condition may never trigger (check end, "
        "max_rounds, cubes); "
        "nothing was written")
    assert list(tmp_path.iterdir()) == []


def test_a_runaway_game_names_the_keys_its_game_declares(tmp_path, monkeypatch):
    """The keys come from the game (GameSpec.end_keys), not from a list in the runner: New
    Frontiers' end conditions are under `rules.end`; a game that declares none gets the general
    words."""
    import dataclasses

    from playtest.sim import batch
    from playtest.sim.batch import RunawayGameError

    config = RunConfig(n_games=2, players=4, lineup=("random",) * 4, seed=2, workers=1, max_decisions=5)
    with pytest.raises(RunawayGameError, match=r"trigger \(check rules\.end\); nothing was written$"):
        run_batch(load_variant(ROOT / "variants" / "new-frontiers" / "base.yaml"), config, tmp_path / "nf")
    silent = dataclasses.replace(get_game("stargate"), end_keys=())
    monkeypatch.setattr(batch, "get_game", lambda name: silent)
    with pytest.raises(RunawayGameError, match=r"trigger \(check the variant's end conditions\); nothing was written$"):
        run_batch(load_variant(DRAFT5), config, tmp_path / "sg")


def test_the_player_count_without_players_follows_the_bots_then_4_then_the_most_supported() -> None:
    from playtest.sim.batch import default_players

    assert default_players((2, 3), ["perfect", "random"]) == 2  # one seat per bot named
    assert default_players((2, 3), ["random"]) == 3  # one name: every seat; 4 unsupported
    assert default_players((2, 3, 4, 5)) == 4
    assert default_players((3, 4, 5), ["a", "b", "c"]) == 3
    assert default_players((3, 4), ["a", "b"]) == 4  # 2 bots for a 3-4 player game: check_lineup says so
    assert default_players((2,)) == 2


def test_a_run_that_stops_before_any_game_is_saved_leaves_nothing_behind(tmp_path, monkeypatch) -> None:
    """A scheduler that cannot be reached (or a crash in the first chunk): no partial folder is
    left to make the next run ask for --resume, and the error says nothing was written."""
    from playtest.errors import PlaytestError
    from playtest.sim import batch

    def unreachable(todo, play, on_done, **kwargs):
        raise PlaytestError("--scheduler tcp://127.0.0.1:1: cannot connect")

    monkeypatch.setattr(batch, "run_inline", unreachable)
    variant = load_variant(DRAFT5)
    out = tmp_path / "run"
    with pytest.raises(PlaytestError) as caught:
        run_batch(variant, RunConfig(n_games=4, players=4, lineup=("random",) * 4, seed=1, workers=1), out)
    assert caught.value.__notes__ == ["nothing was written"]
    assert list(tmp_path.iterdir()) == []


def test_a_partial_folder_that_cannot_be_made_whole_is_removed(tmp_path, monkeypatch) -> None:
    """A full disk while run.json is written: the half-made OUT.partial is removed, so the next
    run (or --force) is not refused by it."""
    from playtest.sim import rundir

    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(rundir, "write_atomic", full)
    with pytest.raises(OSError):
        rundir.PartialRun.create(tmp_path / "run.partial", {"status": "partial"})
    assert list(tmp_path.iterdir()) == []


def test_runs_started_in_the_same_second_without_out_get_folders_of_their_own(tmp_path, monkeypatch) -> None:
    import time

    from playtest.cli.simulate import default_out

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda fmt: "20261202-152008")
    first = default_out("draft5")
    assert first == Path("reports/draft5-20261202-152008")
    (tmp_path / "reports" / "draft5-20261202-152008.partial").mkdir(parents=True)  # the first, still running
    assert default_out("draft5") == Path("reports/draft5-20261202-152008-2")
    (tmp_path / "reports" / "draft5-20261202-152008-2").mkdir()
    assert default_out("draft5") == Path("reports/draft5-20261202-152008-3")


def test_a_run_that_loses_the_race_for_its_default_name_takes_the_next(tmp_path, monkeypatch) -> None:
    """Two runs started in the same second both found the default name free; the later one to make
    its folder stopped with "error: reports/draft5-....partial: File exists" (exit 1)."""
    import time

    from typer.testing import CliRunner

    from playtest.cli.app import app
    from playtest.sim import rundir

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda fmt: "20261206-040829")
    create = rundir.PartialRun.create

    def other_run_first(path, info):  # noqa: ANN001, ANN202
        if path.name in ("draft5-20261206-040829.partial", "x.partial"):  # the other run makes it, after the checks
            path.mkdir(parents=True)
            (path / "mine").write_text("the other run's")
        return create(path, info)

    monkeypatch.setattr(rundir.PartialRun, "create", staticmethod(other_run_first))
    r = CliRunner().invoke(app, ["simulate", str(DRAFT5), "-n", "2", "--workers", "1", "-q"])
    assert r.exit_code == 0, r.stderr
    reports = tmp_path / "reports"
    assert sorted(p.name for p in reports.iterdir()) == ["draft5-20261206-040829-2", "draft5-20261206-040829.partial"]
    assert (reports / "draft5-20261206-040829.partial" / "mine").read_text() == "the other run's"
    assert read_run(reports / "draft5-20261206-040829-2")[1].height == 8
    # An --out given is kept: one line, exit 2, the other run's folder untouched.
    r = CliRunner().invoke(app, ["simulate", str(DRAFT5), "-n", "2", "--workers", "1", "-q", "--out", "x"])
    assert (r.exit_code, r.stderr.splitlines()) == (2, [
        "error: --out x: another playtest process started a run there at the same moment (x.partial); choose another --out"])
    assert [p.name for p in (tmp_path / "x.partial").iterdir()] == ["mine"] and not (tmp_path / "x").exists()


@pytest.mark.parametrize("command", [
    ["compare", str(DRAFT5), str(DRAFT5.with_name("draft6-development.yaml"))],
    ["sweep", str(DRAFT5), "--set", "crews.bays.time=1,2"],
    # (the base's and the candidate's runs; without this check each look's grown runs were
    # checked one at a time, the last after the looks before it)
    ["diff", str(DRAFT5), str(DRAFT5.with_name("draft6-development.yaml")), "--gate", str(ROOT / "gates/stargate.yaml")],
])
def test_a_disk_too_small_for_a_compare_or_sweep_is_said_before_any_run_in_one_line(tmp_path, monkeypatch, command) -> None:
    """compare, sweep and diff play one run per variant or grid point in a staging folder beside --out:
    each run's disk check came after 'simulating 20 games of each of 2 variants …' and after the
    runs before it (hours in, for a large -n, when only the last did not fit), and named the
    temporary folder (.out.playtest-tmp-xxxx), gone once the command exits."""
    import os
    import shutil as sh

    from typer.testing import CliRunner

    from playtest.cli.app import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(12_288, 8_192, 30_000))
    r = CliRunner().invoke(app, [*command, "-n", "20", "-w", "1", "-o", "disk/out"])
    # (diff checks once its staging folder is made in disk/; it writes no report, the others theirs
    # beside the runs: REPORT_BYTES_ESTIMATE)
    need = "its 2 runs need about 40 kB" if command[0] == "diff" else "its 2 runs and their reports need about 2.0 MB"
    where = "disk" if command[0] == "diff" else tmp_path
    assert (r.exit_code, r.stderr.splitlines()) == (2, [f"error: -n 20: {need} on disk, {where} has 30 kB free"])
    assert os.listdir(tmp_path) in ([], ["disk"]) and not any((tmp_path / "disk").glob("*"))


def test_a_disk_too_small_for_a_simulate_is_its_one_line_with_no_note_before_it(tmp_path, monkeypatch) -> None:
    """simulate's notes (a setting that can never take effect, --workers beyond the cores) are
    printed once every check has passed (print_notes), but its disk check came after them, in
    run_batch: two lines on stderr for one refused -n."""
    import shutil as sh

    from typer.testing import CliRunner

    from playtest.cli.app import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(12_288, 8_192, 4_096))
    r = CliRunner().invoke(app, ["simulate", str(DRAFT5.with_name("draft6-no-replenish.yaml")), "-n", "20",
                                 "-w", "100000", "-o", "out"])
    assert (r.exit_code, r.stderr.splitlines()) == (2, [
        f"error: -n 20: the run and its report need about 1.6 MB on disk, {tmp_path} has 4 kB free"])
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_disk_too_small_for_a_ladder_is_said_before_any_run_naming_no_staging_folder(tmp_path, monkeypatch) -> None:
    """diff, tune and ladder play their runs in a staging folder beside --out: a run's disk check
    named that temporary folder (.out.playtest-tmp-xxxx), gone once the command exits; a ladder's
    came after 'playing 60 games: ...' and the runs before it."""
    import shutil as sh

    from typer.testing import CliRunner

    from playtest.cli.app import app
    from playtest.sim.batch import check_disk

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(12_288, 8_192, 4_096))
    (tmp_path / ".out.playtest-tmp-k2j4x9ab" / "runs").mkdir(parents=True)  # (diff's, tune's runs)
    config = RunConfig(n_games=20, players=4, lineup=("random",) * 4, seed=1, workers=1)
    with pytest.raises(UsageError, match=rf"^-n 20: the run needs about 20 kB on disk, {tmp_path} has 4 kB free$"):
        check_disk(config, tmp_path / ".out.playtest-tmp-k2j4x9ab" / "runs" / "base")
    (tmp_path / ".out.playtest-tmp-k2j4x9ab" / "runs").rmdir()
    (tmp_path / ".out.playtest-tmp-k2j4x9ab").rmdir()
    # a ladder checks all its runs (and its reports) before the first, in one line
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(12_288, 8_192, 30_000))
    r = CliRunner().invoke(app, ["ladder", str(DRAFT5), "--rungs", "random,greedy", "-n", "20", "--pair-games", "10",
                                 "-w", "1", "-o", "out"])
    assert (r.exit_code, r.stderr.splitlines()) == (2, [
        f"error: -n 20, --pair-games 10: its 3 runs and their reports need about 2.5 MB on disk, {tmp_path} has 30 kB "
        "free"])
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_run_too_large_for_the_disk_says_the_sizes_in_units_that_show_them(tmp_path, monkeypatch) -> None:
    import shutil as sh

    from playtest.sim.batch import check_disk

    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(12_288, 0, 4_096))
    config = RunConfig(n_games=20, players=4, lineup=("random",) * 4, seed=1, workers=1)
    with pytest.raises(UsageError, match=r"^-n 20: the run needs about 20 kB on disk, .* has 4 kB free$"):
        check_disk(config, tmp_path / "run")
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(10**12, 0, 5 * 10**7))
    with pytest.raises(UsageError, match=r"needs about 1.0 GB on disk, .* has 50.0 MB free$"):
        check_disk(RunConfig(n_games=10**6, players=4, lineup=("random",) * 4, seed=1, workers=1), tmp_path / "run")
    # 620 kB against 580 kB: both were '0.6 MB', as if the run fitted ('needs about 0.6 MB on disk, ... has 0.6 MB free')
    monkeypatch.setattr(sh, "disk_usage", lambda path: sh._ntuple_diskusage(10**9, 0, 580_000))
    with pytest.raises(UsageError, match=r"needs about 620 kB on disk, .* has 580 kB free$"):
        check_disk(RunConfig(n_games=620, players=4, lineup=("random",) * 4, seed=1, workers=1), tmp_path / "run")


def _ctrl_c_at(monkeypatch, module, name: str) -> None:
    """`module.name` raises Interrupted as the CLI's Ctrl-C handler does (the signal recorded)."""
    import signal

    import playtest.cli.app as app_module
    from playtest.errors import Interrupted

    def interrupted(*args, **kwargs):
        app_module._SIGNALS.append(signal.SIGINT)
        raise Interrupted(f"{app_module.interruption()}: nothing was written")

    monkeypatch.setattr(app_module, "_SIGNALS", [])
    monkeypatch.setattr(module, name, interrupted)


def test_ctrl_c_while_the_report_is_written_says_the_games_are_saved(tmp_path, monkeypatch) -> None:
    """Not "nothing was written; the games are saved": the games are saved, the report is not."""
    from typer.testing import CliRunner

    import playtest.report.model as model
    from playtest.cli.app import app

    _ctrl_c_at(monkeypatch, model, "build_report")
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["simulate", str(DRAFT5), "-n", "4", "--workers", "1", "--out", str(out), "-q"])
    assert r.exit_code == 130
    assert r.stderr == (f"interrupted (Ctrl-C) while the report was written: the 4 games are saved in {out} without "
                        f"a report (`playtest report {out}` writes it)\n")
    assert (out / "games.parquet").is_file()


def test_ctrl_c_while_the_summary_is_printed_says_the_run_and_report_are_saved(tmp_path, monkeypatch) -> None:
    """The summary tables come after the report is written: Ctrl-C there said "nothing was
    written" of a complete run and its report."""
    from typer.testing import CliRunner

    import playtest.cli.simulate as simulate
    from playtest.cli.app import app

    _ctrl_c_at(monkeypatch, simulate, "summary_tables")
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["simulate", str(DRAFT5), "-n", "4", "--workers", "1", "--out", str(out)])
    assert r.exit_code == 130
    assert r.stderr.splitlines()[-1] == f"interrupted (Ctrl-C) after the run was saved: its 4 games and report are in {out}"
    assert (out / "games.parquet").is_file() and (out / "report.html").is_file()


def test_a_complete_run_whose_rename_fails_is_kept_not_taken_for_an_empty_one(tmp_path, monkeypatch) -> None:
    """`finish` removes the manifest before the folder is renamed into place: a rename that fails
    then must leave the merged run in OUT.partial (review of 2026-12-02: it was removed as empty)."""
    from playtest.sim import rundir

    def fails(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(rundir, "swap_into_place", fails)
    out = tmp_path / "run"
    with pytest.raises(OutputError, match=r"run: cannot be replaced \(Permission denied\); the finished run is kept in "
                       r".*run\.partial") as caught:
        run_batch(load_variant(DRAFT5), RunConfig(n_games=4, players=4, lineup=("random",) * 4, seed=1, workers=1), out)
    assert "nothing was written" not in getattr(caught.value, "__notes__", [])
    assert (tmp_path / "run.partial" / "games.parquet").is_file()
    # What comes next says what is there: it was "an interrupted run is in run.partial; finish it with
    # `playtest simulate --resume run`", which then said "run.partial/run.json is not a partial run".
    kept = tmp_path / "run.partial"
    with pytest.raises(UsageError, match=rf"^--out {out}: {kept} holds a finished run that could not be renamed to "
                       rf"{out}; `playtest simulate --resume {out}` puts it there, or use --force to start over$"):
        run_batch(load_variant(DRAFT5), RunConfig(n_games=4, players=4, lineup=("random",) * 4, seed=1, workers=1), out,
                  force=False)
    # --resume puts it in place (h254: a run killed before its rename is finished so); while the
    # rename still fails it says so, and keeps the run
    with pytest.raises(OutputError, match=rf"^{out}: cannot be replaced \(Permission denied\); the finished run is kept in "
                       rf"{kept} "):
        resume_batch(out)
    assert (kept / "games.parquet").is_file() and not out.exists()
    monkeypatch.undo()
    assert resume_batch(out).games == 4 and read_run(out)[0]["games"] == 4 and not kept.exists()


@pytest.mark.parametrize(("moment", "over"), [("chunks", False), ("chunks", True), ("rename", False)])
def test_a_run_killed_while_it_is_put_in_place_is_finished_by_resume(tmp_path, monkeypatch, moment, over) -> None:
    """Killed (SIGKILL, the out-of-memory killer) once run.json says the run is complete: while
    its chunks were removed, --resume said "run.partial/run.json is not a partial run" and simulate
    without it "an interrupted run is in run.partial; finish it with --resume"; between the
    clean-up and the rename, "holds a finished run that could not be renamed". Nothing finished
    the run but --force, which played every game again."""
    from playtest.sim import rundir

    class Killed(BaseException):
        pass

    def killed(*args, **kwargs):
        raise Killed

    config = RunConfig(n_games=8, players=4, lineup=("random",) * 4, seed=1, workers=1, chunk_size=4)
    straight = tmp_path / "straight"
    run_batch(load_variant(DRAFT5), config, straight)
    monkeypatch.setattr(rundir.shutil if moment == "chunks" else rundir, "rmtree" if moment == "chunks" else
                        "swap_into_place", killed)
    out = tmp_path / "run"
    if over:  # --force over an earlier run
        monkeypatch.undo()
        run_batch(load_variant(DRAFT5), RunConfig(n_games=2, players=4, lineup=("random",) * 4, seed=5, workers=1), out)
        monkeypatch.setattr(rundir.shutil, "rmtree", killed)
    with pytest.raises(Killed):
        run_batch(load_variant(DRAFT5), config, out, force=True)
    monkeypatch.undo()
    assert json.loads((tmp_path / "run.partial" / "run.json").read_text())["status"] == "complete"
    assert (tmp_path / "run.partial" / "chunks").is_dir() == (moment == "chunks")
    result = resume_batch(out)
    assert (result.out_dir, result.games, result.resumed_games) == (out, 8, 8)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run", "straight"]
    assert sorted(p.name for p in out.iterdir()) == ["events.parquet", "games.parquet", "run.json"]
    for a, b in zip(read_run(out)[1:], read_run(straight)[1:], strict=True):
        assert_frame_equal(a, b)


@pytest.mark.slow  # one game of 3,000 rounds: about 15 s (make test-all)
def test_a_long_but_finite_variant_is_not_taken_for_a_runaway(tmp_path) -> None:
    """3,000 rounds of one cube a turn end by the round cap (about 24,000 decisions with 4
    players): the decision cap (once 20,000) must not call it a runaway."""
    overrides = ["max_rounds=3000", "end=[{trigger: round_cap, rounds: 3000}]",
                 "cubes={total: 15, start_in_hand: 1, replenish: 0}"]
    out = tmp_path / "long"
    run_batch(load_variant(DRAFT5, overrides), RunConfig(n_games=1, players=4, lineup=("random",) * 4, seed=1,
                                                         workers=1), out)
    _, games, _ = read_run(out)
    assert games["rounds"].to_list() == [3000] * 4


def test_run_json_records_the_installed_versions_and_each_run_gets_its_own_copy(tmp_path) -> None:
    from importlib import metadata

    from playtest.sim.batch import package_versions

    info, _, _ = run(tmp_path, "v", workers=1, n_games=2)
    assert info["versions"]["polars"] == metadata.version("polars") == pl.__version__
    assert info["versions"]["python"].count(".") == 2
    first = package_versions()
    first["polars"] = "edited"  # a caller changing its dict must not change what later runs record
    assert package_versions()["polars"] == pl.__version__


def test_a_run_that_finds_its_default_name_taken_before_its_checks_takes_the_next(tmp_path, monkeypatch) -> None:
    """The other run of the same second may make (and lock) the partial folder just after this
    one chose the name, before this one's checks: it stopped with "--out reports/...: another
    playtest process is writing a run there" (exit 2), blaming an --out never given."""
    import time

    from typer.testing import CliRunner

    from playtest.cli import simulate as cli_simulate
    from playtest.cli.app import app
    from playtest.sim import rundir

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda fmt: "20261206-045600")
    others: list[rundir.PartialRun] = []
    choose = cli_simulate.default_out

    def chosen_then_taken(slug: str) -> Path:
        name = choose(slug)
        if not others:  # the other run makes the folder now, and plays on
            others.append(rundir.PartialRun.create(rundir.partial_dir(name), {"status": "partial"}))
        return name

    monkeypatch.setattr(cli_simulate, "default_out", chosen_then_taken)
    try:
        r = CliRunner().invoke(app, ["simulate", str(DRAFT5), "-n", "2", "--workers", "1", "-q"])
    finally:
        others[0].close()
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "reports").iterdir()) == ["draft5-20261206-045600-2",
                                                                       "draft5-20261206-045600.partial"]
    assert read_run(tmp_path / "reports" / "draft5-20261206-045600-2")[1].height == 8


def _resumes_as_if_never_stopped(cli, out: Path, games: int, whole: Path) -> None:  # type: ignore[no-untyped-def]
    """`simulate --resume OUT` finishes the run of draft 5, 4 random bots, seed 3, into the tables an
    uninterrupted run of `games` games writes (played again into `whole`)."""
    assert cli("simulate", "--resume", str(out)).returncode == 0
    ref = run_batch(load_variant(DRAFT5), RunConfig(n_games=games, players=4, lineup=("random",) * 4, seed=3, workers=1),
                    whole)
    for table in ("games", "events"):
        assert_frame_equal(pl.read_parquet(out / f"{table}.parquet"), pl.read_parquet(ref.out_dir / f"{table}.parquet"))


@pytest.mark.parametrize("said", ["parquet: File out of specification: Invalid thrift: transport error",
                                  "parquet: underlying IO error: No space left on device (os error 28)"])
def test_a_disk_that_fills_while_the_tables_are_merged_is_one_line_and_the_run_resumes(cli, tmp_path, monkeypatch,
                                                                                      said) -> None:
    """The disk check before a run counts the chunks, not the merged tables written beside them at
    the end: a disk that filled then read 'internal error: ComputeError: parquet: File out of
    specification: Invalid thrift: transport error (... please report it)'. polars does not
    always say why, so a disk with less than a MiB left is taken to be the cause."""
    import shutil

    real = pl.LazyFrame.sink_parquet

    def full(self, path, *args, **kwargs):
        if not isinstance(path, str | Path):  # (a table encoded in memory: no disk)
            return real(self, path, *args, **kwargs)
        Path(path).write_bytes(b"PAR1")  # (half a table, as a full disk leaves it)
        raise pl.exceptions.ComputeError(said)

    monkeypatch.setattr(pl.LazyFrame, "sink_parquet", full)
    if "os error" not in said:  # polars did not say: the free space does (where the run is, once it is played)
        monkeypatch.setattr(shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(
            10**9, 10**9 - 4096, 4096 if "partial" in str(p) else 10**8))
    out = tmp_path / "run"
    res = cli("simulate", str(DRAFT5), "-n", "4", "-w", "1", "--seed", "3", "--out", str(out))
    partial = tmp_path / "run.partial"
    assert (res.returncode, res.stderr) == (
        2, f"error: {partial / 'games.parquet'}: cannot write: no space left on device; 4 of 4 games are saved in "
           f"{partial}: `playtest simulate --resume {out}` finishes the run once the cause is fixed (or --force starts "
           "afresh)\n")
    assert not (partial / "games.parquet").exists() and not list(partial.glob(".*.tmp"))  # (no half table)
    monkeypatch.setattr(pl.LazyFrame, "sink_parquet", real)
    monkeypatch.undo()
    _resumes_as_if_never_stopped(cli, out, 4, tmp_path / "whole")


def test_a_disk_that_fills_while_a_compare_s_tables_are_merged_names_the_out_s_folder(cli, tmp_path, monkeypatch) -> None:
    """compare's (sweep's, ladder's, diff's) runs are played in a staging folder that goes when the
    command fails: its 'N games are saved in .c.playtest-tmp-*/runs/...: simulate --resume' named
    a folder already removed. The line names the folder --out is in, and nothing is left there."""
    real = pl.LazyFrame.sink_parquet

    def full(self, path, *args, **kwargs):
        if not isinstance(path, str | Path):  # (a table encoded in memory: no disk)
            return real(self, path, *args, **kwargs)
        raise pl.exceptions.ComputeError("parquet: underlying IO error: No space left on device (os error 28)")

    monkeypatch.setattr(pl.LazyFrame, "sink_parquet", full)
    res = cli("compare", str(DRAFT5), str(DRAFT5), "-n", "2", "-w", "1", "--out", str(tmp_path / "c"))
    assert (res.returncode, res.stderr.splitlines()[-1]) == (
        2, f"error: {tmp_path}: cannot write the runs' tables: no space left on device (nothing was written)")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.system
@pytest.mark.parametrize("where", ["chunk", "manifest"])
def test_a_disk_that_fills_mid_run_says_the_games_saved_and_the_run_resumes(cli, tmp_path, monkeypatch, where) -> None:
    """A full disk while a chunk was saved said only "CHUNK: cannot write: no space left on device
    (nothing was replaced)", the games saved before it and `simulate --resume` unsaid; while the
    manifest line was written (its flush fails, naming no file), "error: No space left on device"."""
    import errno
    import os

    from playtest.io import os_failure
    from playtest.sim import rundir

    saved: list[str] = []
    real_write, real_fsync = rundir.write_bytes_atomic, os.fsync

    def chunk_full(path, data):  # type: ignore[no-untyped-def]
        if len(saved) == 4:  # the games and events of two chunks of 2 games, then a full disk
            raise os_failure(path, OSError(errno.ENOSPC, "No space left on device"))
        saved.append(path.name)
        real_write(path, data)

    def manifest_full(fd):  # type: ignore[no-untyped-def]
        saved.append("line")
        if len(saved) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    if where == "chunk":
        monkeypatch.setattr(rundir, "write_bytes_atomic", chunk_full)
    else:
        monkeypatch.setattr(rundir.os, "fsync", manifest_full)
    out, partial = tmp_path / "run", tmp_path / "run.partial"
    res = cli("simulate", str(DRAFT5), "-n", "8", "--chunk-size", "2", "-w", "1", "--seed", "3", "--out", str(out))
    monkeypatch.undo()
    failed = (partial / "chunks" / "games-000000000004.parquet" if where == "chunk" else partial / "manifest.jsonl")
    kept = 4 if where == "chunk" else 6  # (the third line was written before its fsync failed: its 2 games are saved)
    assert (res.returncode, res.stderr) == (
        2, f"error: {failed}: cannot write: no space left on device (nothing was replaced); {kept} of 8 games are saved in "
           f"{partial}: `playtest simulate --resume {out}` finishes the run once the cause is fixed (or --force starts "
           "afresh)\n")
    _resumes_as_if_never_stopped(cli, out, 8, tmp_path / "whole")


def test_runs_in_the_temporary_folder_that_cannot_be_written_name_that_folder(cli, tmp_path, monkeypatch) -> None:
    """diff without --out plays its runs in the temporary folder (and every tune, sweep and diff its
    probe's few games): a full temporary disk said "error: No space left on device; nothing was
    written", or named a `playtest simulate --resume /tmp/playtest-probe-.../run`, gone by then."""
    import errno
    import tempfile

    from playtest.io import os_failure
    from playtest.sim import rundir

    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    real = rundir.write_bytes_atomic

    def full(path, data):  # type: ignore[no-untyped-def]
        if temp in path.parents:
            raise os_failure(path, OSError(errno.ENOSPC, "No space left on device"))
        real(path, data)

    monkeypatch.setattr(rundir, "write_bytes_atomic", full)
    res = cli("diff", str(DRAFT5), str(ROOT / "variants/stargate/draft6-development.yaml"), "--gate",
              str(ROOT / "gates/stargate.yaml"), "-n", "8", "-w", "1")
    assert (res.returncode, res.stderr) == (2, f"error: {temp}: cannot write: no space left on device (nothing was "
                                               "written); it is the temporary folder: free space there, or set "
                                               "TMPDIR to a folder with room\n")
    assert not list(temp.iterdir())


def test_a_full_temporary_folder_says_it_is_the_temporary_folder_and_what_to_do() -> None:
    """The probe games of tune, sweep and diff (and diff's runs without --out) are played in the
    temporary folder, which the user named nowhere: 'error: /tmp: cannot write: no space left on
    device (nothing was written)' said neither that nor how to go on. A staging folder beside
    --out, even in /tmp, is the user's --out's folder: no TMPDIR advice there."""
    import errno
    import tempfile

    from playtest.io import os_failure, temporary_runs

    full = OSError(errno.ENOSPC, "No space left on device")
    temp = Path(tempfile.gettempdir())
    with temporary_runs("probe") as probe:
        assert str(os_failure(Path(probe) / "run" / "run.json", full)) == (
            f"{temp}: cannot write: no space left on device (nothing was written); it is the temporary folder: "
            "free space there, or set TMPDIR to a folder with room")
    beside_out = temp / ".cmp.playtest-tmp-k2j4x9ab" / "runs" / "base" / "run.json"
    assert str(os_failure(beside_out, full)) == f"{temp}: cannot write: no space left on device (nothing was written)"
