"""tune: the optimiser finds a known optimum; an interrupted search resumes to the same result;
the command's outputs, and its refusals."""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import sqlite3
import types
import zlib
from pathlib import Path

import numpy as np
import optuna
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.tune import search as S
from playtest.tune.space import parse_space
from playtest.tune.study import (
    REPEAT_OF,
    STUDY_NAME,
    best_distinct,
    complete,
    open_study,
    run_study,
)
from playtest.variants import load_variant
from tests.conftest import DRAFT5, ROOT, assert_valid_charts, built_once, interrupt_on_call
from tests.tune.helpers import GOALS, invoke

PARAMS = parse_space(["a=0..10", "b=-2.0..2.0", "c=x,y,z"])


def noisy_bowl(values):
    """Known optimum a=7, b=0.5, c=y; noise fixed per candidate (like common random numbers)."""
    seed = zlib.crc32(repr(sorted(values.items())).encode())
    noise = np.random.default_rng(seed).normal(0, 0.05)
    value = (values["a"] - 7) ** 2 + 4 * (values["b"] - 0.5) ** 2 + (0 if values["c"] == "y" else 3) + noise
    return value, {"noise": noise}


def test_tpe_finds_a_known_optimum_within_budget():
    # The search itself, on Optuna's in-memory storage (the SQLite file is exercised by the
    # resume tests below; here it cost ~70% of the time in ORM round trips).
    study = optuna.create_study(study_name=STUDY_NAME, direction="minimize")
    run_study(study, PARAMS, seed=5, budget=40, evaluate=noisy_bowl)
    [best] = best_distinct(study, 1)
    assert best.params["a"] == 7 and best.params["c"] == "y"
    assert abs(best.params["b"] - 0.5) < 0.4
    assert len({tuple(sorted(t.params.items())) for t in complete(study)}) == 40


def _history(study):
    return [(t.params, t.value) for t in complete(study)]


def test_an_interrupted_study_resumes_to_the_same_trials(tmp_path):
    # The uninterrupted search on Optuna's in-memory storage (the trials do not depend on where
    # they are stored, and SQLite's round trips were half of this test's 3.2 CPU-s); the
    # interrupted one on the study file, reopened as a new process would.
    straight = optuna.create_study(study_name=STUDY_NAME, direction="minimize")
    run_study(straight, PARAMS, seed=9, budget=14, evaluate=noisy_bowl)
    calls = []

    def dies_on_the_sixth(values):
        calls.append(values)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return noisy_bowl(values)

    stopped = open_study(tmp_path / "b.db")
    with pytest.raises(KeyboardInterrupt):
        run_study(stopped, PARAMS, seed=9, budget=14, evaluate=dies_on_the_sixth)
    assert len(complete(stopped)) == 5
    resumed = open_study(tmp_path / "b.db")  # a new process would open the file again
    run_study(resumed, PARAMS, seed=9, budget=14, evaluate=noisy_bowl)
    assert _history(resumed) == _history(straight)
    assert sum(t.state.name == "FAIL" for t in resumed.get_trials()) == 1


def test_a_resumed_study_s_repeat_names_the_candidate_s_first_trial(tmp_path):
    """A candidate proposed three times, the search interrupted after the second: on resume the
    third named the second (a repeat) as the trial it repeats, not the first, as the
    uninterrupted search does; trials.parquet's repeat_of differed."""
    params = parse_space(["a=0..2", "c=x,y"])

    def bowl(values):
        return (values["a"] - 1) ** 2 + (values["c"] == "y"), {}

    def history(study):
        return [(t.number, t.params, t.user_attrs.get(REPEAT_OF)) for t in complete(study)]

    straight = optuna.create_study(study_name=STUDY_NAME, direction="minimize")
    run_study(straight, params, seed=9, budget=6, evaluate=bowl)
    repeats = [(n, of) for n, _, of in history(straight) if of is not None]
    twice = [n for (n, of), (_, of2) in zip(repeats, repeats[1:], strict=False) if of == of2]
    assert twice  # the setting: a candidate repeated twice in a row ...

    def stop_after_first_repeat(number, *_):
        if number == twice[0]:  # ... interrupted between the two (Ctrl-C while its line prints)
            raise KeyboardInterrupt

    stopped = open_study(tmp_path / "b.db")
    with pytest.raises(KeyboardInterrupt):
        run_study(stopped, params, seed=9, budget=6, evaluate=bowl, progress=stop_after_first_repeat)
    resumed = open_study(tmp_path / "b.db")
    run_study(resumed, params, seed=9, budget=6, evaluate=bowl)
    assert history(resumed) == history(straight)


def test_a_study_killed_while_it_is_created_leaves_none_that_resume_refuses(tmp_path, monkeypatch):
    """optuna writes its tables, then the study: a tune killed between the two left a study.db
    with the tables and no study, and --resume said it "holds no tuning study; start again with
    --force" (the base's games lost). Found by SIGKILL at 3 s (h254's hunt)."""
    from playtest.tune import study as T

    class Killed(BaseException):
        pass

    real = optuna.create_study

    def killed_after_the_tables(*, storage, **kwargs):
        storage.get_all_studies()  # (the tables exist once the storage is made)
        raise Killed

    monkeypatch.setattr(optuna, "create_study", killed_after_the_tables)
    with pytest.raises(Killed):
        open_study(tmp_path / "study.db")
    monkeypatch.setattr(optuna, "create_study", real)
    if (tmp_path / "study.db").exists():
        T.check_study(tmp_path / "study.db")  # what --resume checks first
    assert len(complete(open_study(tmp_path / "study.db"))) == 0
    T.check_study(tmp_path / "study.db")


def test_sqlite_s_journal_left_beside_a_study_being_made_is_playtest_s(tmp_path):
    """A tune killed while its study was made (in a transaction: about one kill in 30 there)
    left SQLite's .study.db.new.tmp-journal, and `tune --force` refused the search's folder as
    holding a file that is not playtest's ('move it out ...'): the user had to delete it."""
    from playtest.io import foreign_files
    from playtest.tune.study import new_study

    made = new_study(tmp_path / "study.db")
    made.write_bytes(b"")
    made.with_name(f"{made.name}-journal").write_bytes(b"")
    assert foreign_files(tmp_path) == []


TUNE = ("--param", "crews.bays.time=0..3", "--param", "scoring.majority_tiebreak=later_first_cube,earlier_first_cube",
        "--budget", "4", "--confirm", "2", "--confirm-games", "8", "-w", "1")

# A full run that must end with a candidate to adopt (on 8 random-bot games the goals above are
# noise, and the base may well win): the base gives Armstrong 5 VP, every candidate 1 or 2, and
# a heavy goal wants at most 2, so any candidate beats the base whatever the other goals say.
CAPTAIN = "name: strong captain\ncrews: [{id: armstrong, skill: [{effect: gain_vp, amount: 5, timing: before}]}]\n"
WIN_TUNE = (*TUNE, "--param", "crews.armstrong.skill.0.amount=1..2")
WIN_GOALS = GOALS + "  - metric: crew_vp_per_pick\n    group: armstrong\n    max: 2\n    weight: 100\n"


@pytest.fixture
def goals(tmp_path):
    path = tmp_path / "goals.yaml"
    path.write_text(GOALS)
    return path


@pytest.fixture(scope="module")
def straight_tune(tmp_path_factory):
    """One uninterrupted tuning run that a candidate wins (goals file, output folder, stdout,
    variant), shared by the tests that read it: the run is the costly part (built once even
    when both workers run some of these tests)."""
    def build(folder):
        goals = folder / "goals.yaml"
        goals.write_text(WIN_GOALS)
        variant = folder / "captain.yaml"
        variant.write_text(f"extends: {DRAFT5}\n{CAPTAIN}")
        code, stdout, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", folder / "out")
        assert code == 0, err
        return stdout

    folder, stdout = built_once(tmp_path_factory, "straight-tune", build)
    return folder / "goals.yaml", folder / "out", stdout, folder / "captain.yaml"


def test_tune_writes_the_best_variant_trials_and_reports(straight_tune):
    goals, out, stdout, variant = straight_tune
    tmp_path = out.parent
    assert sorted(p.name for p in out.iterdir()) == [
        ".playtest-output", "base-metrics.parquet", "best.yaml", "runs", "search.json", "study.db", "trials.parquet",
        "tune.html", "tune.json", "tune.md"]
    assert not (tmp_path / ".out.partial").exists()
    trials = pl.read_parquet(out / "trials.parquet")
    assert set(trials["state"]) == {"complete"}
    assert trials.filter(pl.col("repeat_of").is_null()).height == 4  # the budget counts distinct candidates
    by_number = {r["trial"]: r for r in trials.iter_rows(named=True)}
    for r in trials.filter(pl.col("repeat_of").is_not_null()).iter_rows(named=True):
        first = by_number[r["repeat_of"]]
        assert (r["crews.bays.time"], r["scoring.majority_tiebreak"], r["objective"]) == \
            (first["crews.bays.time"], first["scoring.majority_tiebreak"], first["objective"])
    assert trials.filter(pl.col("best")).height == 1 and trials["confirm_objective"].drop_nulls().len() == 2
    doc = json.loads((out / "tune.json").read_text())
    assert doc["game"] == "stargate"  # read by explain for the game's metric kinds
    best = load_variant(out / "best.yaml")
    chosen = doc["best"]["values"]
    assert best.model.crews[-1].time == chosen["crews.bays.time"]
    assert best.resolved["scoring"]["majority_tiebreak"] == chosen["scoring.majority_tiebreak"]
    text = (out / "best.yaml").read_text()
    assert "extends: " in text and "orlins" not in text  # only the tuned keys
    assert best.model.crews[0].skill[0].amount == chosen["crews.armstrong.skill.0.amount"] <= 2
    assert [g["name"] for g in doc["goal_results"]] == ["spread of win_rate_by_seat → 0 pts", "game_length_rounds in [5, 7] rounds",
                                                        "crew_vp_per_pick [armstrong] ≤ 2 VP"]
    assert doc["outcome"] == "candidate" and f"**Best:** trial {doc['best']['trial']} — " in stdout
    assert "# Tuning" in stdout and "| goal | shown | base | best | best − base | distance to the goal: base → best |" in stdout
    # The run folders of the fresh games are kept; a report can be rebuilt from them.
    assert (out / "runs" / "base" / "games.parquet").is_file() and (out / "runs" / "best" / "games.parquet").is_file()
    # explain reads it: 4 distinct trials cannot separate 3 keys' effects, which is one line, not an
    # empty table written to the run (test_browser.py explains a tune with enough trials).
    code, stdout, err = invoke("explain", out)
    assert code == 2 and err.startswith(f"error: {out}: no effect can be estimated from 4 trials over 3 key(s)"), err
    assert "\n" not in err.strip() and not (out / "explain.md").exists()
    # No overwrite without --force.
    before = (out / "tune.json").read_text()
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", out)
    assert (code, err) == (2, f"error: --out {out}: exists; add --force to replace it (or --resume to continue its search)")
    assert (out / "tune.json").read_text() == before


def test_the_search_computes_only_the_sections_of_the_goals_metrics(straight_tune):
    """Every trial and every block of the confirmation's jackknife computes only the report
    sections that hold a goal's metric (`search.run`'s `sections`), as `diff` does for its
    gates: the base's table holds those sections' metrics, and their rows are those of the full
    report's table of the same games (the goals' values cannot change)."""
    from playtest.analysis.metrics import section_keys, sections
    from playtest.tune.goals import load_goals
    from playtest.tune.metrics import tune_metrics

    goals, out, _, _ = straight_tune
    run = out / "runs" / "base"
    info = json.loads((run / "run.json").read_text())
    games, events = pl.read_parquet(run / "games.parquet"), pl.read_parquet(run / "events.parquet")
    wanted = [g.metric for g in load_goals(goals).items]
    keys = section_keys(sections(info, games, events), wanted)
    assert keys and "scores" not in keys  # win_rate_by_seat, game_length_rounds, crew_vp_per_pick
    full, only = tune_metrics()(info, games, events), tune_metrics(keys)(info, games, events)
    assert set(only[C.METRIC]) < set(full[C.METRIC]) and set(wanted) <= set(only[C.METRIC])
    assert only.equals(full.filter(pl.col(C.METRIC).is_in(list(only[C.METRIC]))))
    base = pl.read_parquet(out / "base-metrics.parquet")
    assert set(wanted) <= set(base[C.METRIC]) and not set(base[C.METRIC]) & {"score_mean", "win_rate_by_bot"}


@pytest.mark.slow  # make test-all: the study-level resume test above stays in make test
def test_an_interrupted_tune_resumes_to_the_same_result(tmp_path, monkeypatch, straight_tune):
    goals, straight, _, variant = straight_tune
    real = S.simulate
    interrupt_on_call(monkeypatch, S, "simulate", 3)  # the probe, the base, then Ctrl-C during trial 0
    out = tmp_path / "again"
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", out)
    partial = tmp_path / ".again.partial"
    assert (code, err) == (130, f"interrupted: no trial had finished; the search is kept in {partial}; run the same "
                                "command with --resume to continue")
    assert not out.exists() and (partial / "study.db").is_file()
    monkeypatch.setattr(S, "simulate", real)
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", out)
    assert code == 2 and "--resume to continue it or --force to start again" in err
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", out, "--resume", "--seed", "4")
    assert (code, err) == (2, "error: --resume: the stored search has another --seed (3); give the same options, "
                              "or --force to start again")
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", out, "--resume")
    assert code == 0, err
    done = pl.read_parquet(out / "trials.parquet")
    assert done["state"].to_list().count("fail") == 1
    cols = ["crews.bays.time", "scoring.majority_tiebreak", "crews.armstrong.skill.0.amount", "objective", "confirm_objective", "best"]
    assert done.filter(pl.col("state") == "complete").select(cols).equals(pl.read_parquet(straight / "trials.parquet").select(cols))
    def body(path):  # `extends:` is relative to each output folder
        return [line for line in path.read_text().splitlines() if not line.startswith(("#", "extends: "))]

    assert body(out / "best.yaml") == body(straight / "best.yaml")
    assert load_variant(out / "best.yaml").resolved["crews"] == load_variant(straight / "best.yaml").resolved["crews"]


def test_ctrl_c_while_the_base_metrics_are_written_leaves_no_half_file(tmp_path, monkeypatch, goals):
    """The base's metrics were written straight into the search's folder: Ctrl-C in the middle
    left a truncated base-metrics.parquet that --resume could only refuse. Now the file appears
    whole or not at all."""
    from playtest.errors import Interrupted

    real = pl.DataFrame.write_parquet

    def half_then_ctrl_c(frame, file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if "metric" not in frame.columns:  # the games' own rows, not the base's metric table
            return real(frame, file, *args, **kwargs)
        whole = __import__("io").BytesIO()
        real(frame, whole, *args, **kwargs)
        data = whole.getvalue()[: len(whole.getvalue()) // 2]
        if hasattr(file, "write"):
            file.write(data)
        else:
            Path(file).write_bytes(data)
        raise Interrupted("interrupted (SIGINT)")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", half_then_ctrl_c)
    out = tmp_path / "out"
    code, _, _ = invoke("tune", DRAFT5, *TUNE, "--target", goals, "--out", out)
    assert code == 130
    partial = tmp_path / ".out.partial"
    assert partial.is_dir() and not (partial / S.BASE_METRICS).exists()
    assert not [f for f in partial.iterdir() if f.name.endswith(".tmp")]


def _truncate(path, size):
    path.write_bytes(path.read_bytes()[:size])


@pytest.mark.parametrize(("damage", "message"), [
    (lambda w: (w / "search.json").write_text("{"),
     "search.json:1:2: not valid JSON: Expecting property name enclosed in double quotes"),
    (lambda w: (w / "search.json").write_text("[]"), "search.json:1:1: expected a JSON object"),
    (lambda w: _truncate(w / "study.db", 1024), "study.db: cannot read the study: database disk image is malformed"),
    (lambda w: (w / "study.db").write_text("not a database, but long enough to hold a header " * 4),
     "study.db: cannot read the study: file is not a database"),
    (lambda w: _truncate(w / "base-metrics.parquet", 100), "base-metrics.parquet: cannot read: "),
    # an empty file, or another SQLite database: optuna wrote its tables into it, then it was refused
    (lambda w: _truncate(w / "study.db", 0), "study.db: holds no tuning study"),
    (lambda w: (w / "study.db").unlink() or sqlite3.connect(w / "study.db").executescript("CREATE TABLE x (a);").close(),
     "study.db: holds no tuning study"),
])
def test_a_damaged_search_to_resume_is_one_line_before_any_game(tmp_path, monkeypatch, straight_tune, damage, message):
    """--resume on a damaged .OUT.partial names the damaged file and --force, and plays nothing:
    the study is opened and read up front, not after the base has been played again."""
    goals, straight, _, variant = straight_tune
    partial = tmp_path / ".again.partial"
    shutil.copytree(straight, partial)
    (partial / "runs").rename(tmp_path / "runs")  # an interrupted search has no runs yet
    damage(partial)
    before = {p.name: p.read_bytes() for p in partial.iterdir() if p.is_file()}

    def no_games(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a game was played")

    monkeypatch.setattr(S, "simulate", no_games)
    code, _, err = invoke("tune", variant, *WIN_TUNE, "--target", goals, "--out", tmp_path / "again", "--resume")
    assert code == 2 and err.startswith(f"error: --resume: {partial}/{message}"), err
    assert err.endswith("; start again with --force") and "\n" not in err
    assert {p.name: p.read_bytes() for p in partial.iterdir() if p.is_file()} == before
    assert not (tmp_path / "again").exists()


def test_a_tune_that_cannot_write_its_report_keeps_the_trials_and_says_how_to_resume(tmp_path, monkeypatch):
    """Disk full while writing tune.html: the one line says what was kept and that --resume
    finishes (README: a failed command says what it kept and how to go on), and it does."""
    import errno

    from playtest.cli import tune as cli_tune
    from playtest.io import os_failure

    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, players: 3, bots: random, seed: 1}\ngoals:\n"
                     "  - metric: crew_vp_per_pick\n    group: armstrong\n    target: 2\n")
    args = ("tune", DRAFT5, "--param", "crews.armstrong.skill.0.amount=3..4", "--target", goals, "--budget", "2",
            "--confirm", "1", "--confirm-games", "4", "-w", "1", "--out", tmp_path / "t")
    real = cli_tune.write_atomic

    def disk_full_at_the_html(path, text):  # type: ignore[no-untyped-def]
        if path.name == "tune.html":
            raise os_failure(path, OSError(errno.ENOSPC, "No space left on device"))
        real(path, text)

    monkeypatch.setattr(cli_tune, "write_atomic", disk_full_at_the_html)
    code, _, err = invoke(*args)
    partial = tmp_path / ".t.partial"
    assert (code, err) == (2, f"error: {partial}/tune.html: cannot write: no space left on device (nothing was "
                              f"replaced); the finished trials are kept in {partial}: run the same command with "
                              "--resume to finish once the cause is fixed (or --force to start afresh)")
    assert (partial / "study.db").is_file() and not (tmp_path / "t").exists()
    monkeypatch.setattr(cli_tune, "write_atomic", real)
    played = []
    simulate = S.simulate
    monkeypatch.setattr(S, "simulate", lambda *a, **k: played.append(a[2].name) or simulate(*a, **k))
    code, _, err = invoke(*args, "--resume")
    assert code == 0, err
    assert (tmp_path / "t" / "tune.html").is_file() and not partial.exists()
    assert played == ["run", "base", "candidate-1"]  # the probe and the fresh games; no trial again


def test_an_out_another_command_wrote_while_the_tune_ran_is_kept_without_force(tmp_path, monkeypatch):
    """Two tunes (or a tune and a sweep) with the same --out: the one that finished later replaced
    the other's folder and both said 'wrote'. Without --force it is kept, this tune's output goes
    beside it, and the one line says where (as simulate, compare, sweep and ladder do)."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, players: 3, bots: random, seed: 1}\ngoals:\n"
                     "  - metric: crew_vp_per_pick\n    group: armstrong\n    target: 2\n")
    out = tmp_path / "t"
    real = S.run

    def another_command_finishes_first(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        out.mkdir()
        (out / "theirs.txt").write_text("earlier")
        return result

    monkeypatch.setattr(S, "run", another_command_finishes_first)
    code, _, err = invoke("tune", DRAFT5, "--param", "crews.armstrong.skill.0.amount=3..4", "--target", goals,
                          "--budget", "2", "--confirm", "1", "--confirm-games", "4", "-w", "1", "--out", out)
    assert (code, err) == (2, f"error: --out {out}: written by another command while this one ran, so it is left as "
                              f"it is (--force replaces it); this command's output is kept in {tmp_path / 't-2'}")
    assert sorted(p.name for p in out.iterdir()) == ["theirs.txt"]
    assert (tmp_path / "t-2" / "tune.html").is_file() and not (tmp_path / ".t.partial").exists()


def _tune_armstrong_to_2(tmp_path: Path, amounts: str, *options: str) -> tuple[int, str, str]:
    """`tune` of Armstrong's skill amount over `amounts` towards a VP per pick of 2, the base's own
    amount (3 players, 4 random games, 4 fresh games, one worker), its output in tmp_path/out."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, players: 3, bots: random, seed: 1}\ngoals:\n"
                     "  - metric: crew_vp_per_pick\n    group: armstrong\n    target: 2\n")
    return invoke("tune", DRAFT5, "--param", f"crews.armstrong.skill.0.amount={amounts}", "--target", goals,
                  *options, "--confirm-games", "4", "-w", "1", "--out", tmp_path / "out")


@pytest.fixture(scope="module")
def base_kept(tmp_path_factory):
    """One `_tune_armstrong_to_2` over 3..5 (budget 2, confirm 1), which the base wins: its folder
    (g.yaml and out/) and (exit code, stdout, stderr). Read by one test and copied by the tests that
    continue it (the tune is the costly part, and they once ran it each)."""
    return built_once(tmp_path_factory, "base-kept",
                      lambda folder: _tune_armstrong_to_2(folder, "3..5", "--budget", "2", "--confirm", "1"))


def _copy_of(base_kept, tmp_path: Path) -> tuple[int, str, str]:
    """`base_kept`'s goals file and out/ copied into tmp_path, as if its tune had run there (the
    goals are compared by their text, not their path); its (exit code, stdout, stderr)."""
    folder, result = base_kept
    shutil.copy2(folder / "g.yaml", tmp_path / "g.yaml")
    shutil.copytree(folder / "out", tmp_path / "out")
    return tuple(result)


def test_when_the_base_does_best_it_is_kept_and_no_best_yaml_is_written(base_kept):
    """Armstrong's VP per pick is exactly its skill's amount: every candidate (3 to 5) misses the
    target 2 that the base (2) meets, so the base wins on the fresh games. The report must say to
    keep it, not offer a "Best" to adopt, and write no best.yaml."""
    folder, (code, stdout, err) = base_kept
    out = folder / "out"
    assert code == 0, err
    assert "**Keep the base.** On the fresh games the base does as well as the best candidate or better (objective 0 " \
        "against " in stdout
    assert "**Best:**" not in stdout and "**best**" not in stdout
    assert not (out / "best.yaml").exists()
    doc = json.loads((out / "tune.json").read_text())
    assert (doc["outcome"], doc["best_file"]) == ("base", None)
    assert doc["best"]["objective_fresh"] > doc["base"]["objective_fresh"] == 0
    assert not pl.read_parquet(out / "trials.parquet")["best"].any()
    html = (out / "tune.html").read_text()
    assert "<h2>Keep the base</h2>" in html and (out / "runs" / "best").is_dir()
    assert "paired jackknife over 4 blocks of games" in html  # 4 fresh games: 4 blocks, not 20
    assert_valid_charts(html, at_least=2)


def test_a_search_whose_settings_cannot_be_stored_leaves_no_interrupted_search(tmp_path, monkeypatch):
    """A full disk when the search's search.json is written: its working folder was left holding
    only its lock and mark, and the next tune said "an interrupted search is in .out.partial; add
    --resume to continue it" of a search that never started."""
    from playtest.io import OutputError

    def disk_full(work: Path, settings: object) -> None:
        raise OutputError(f"{work / 'search.json'}: cannot write: no space left on device (nothing was replaced)")

    monkeypatch.setattr(S, "write_settings", disk_full)
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    assert (code, err) == (2, f"error: {tmp_path}/.out.partial/search.json: cannot write: no space left on device "
                              "(nothing was replaced)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


def test_an_empty_out_folder_is_taken_without_force_as_every_command_takes_it(tmp_path):
    """A folder made for the output (`mkdir out`) was "exists; add --force to replace it"."""
    (tmp_path / "out").mkdir()
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    assert code == 0, err
    assert (tmp_path / "out" / "tune.json").is_file() and sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml", "out"]


def test_a_continued_search_drops_the_explanation_of_the_search_before_it(tmp_path, base_kept):
    """`playtest explain OUT`, then `tune --resume` with a larger --budget: OUT kept explain.md
    and the rest, which ranked the effects over fewer trials than OUT then held."""
    code, _, err = _copy_of(base_kept, tmp_path)
    assert code == 0, err
    out = tmp_path / "out"
    pages = ("explain.md", "explain.json", "explain.html")
    for name in pages:
        (out / name).write_text("of 2 trials")  # as `playtest explain` wrote them, and recorded:
    digest = hashlib.sha256(b"of 2 trials").hexdigest()
    (out / "explain.sha256").write_text("".join(f"{digest}  {name}\n" for name in pages))
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "3", "--confirm", "1", "--resume")
    assert code == 0, err
    assert not list(out.glob("explain.*")) and (out / "tune.json").is_file()


def test_a_continued_search_does_not_drop_an_explanation_edited_since(tmp_path, base_kept):
    """explain refuses to replace a page edited since it wrote it; `tune --resume` deleted it."""
    code, _, err = _copy_of(base_kept, tmp_path)
    assert code == 0, err
    out = tmp_path / "out"
    (out / "explain.md").write_text("of 2 trials, and my notes")
    before = sorted((p.name, p.stat().st_mtime_ns) for p in out.iterdir())
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "3", "--confirm", "1", "--resume")
    assert (code, err) == (2, f"error: --resume: {out / 'explain.md'} was edited since `playtest explain` wrote it, and a "
                              "continued search drops explain's pages (they rank the trials before it): move it out of "
                              f"{out} to keep it")
    assert sorted((p.name, p.stat().st_mtime_ns) for p in out.iterdir()) == before
    assert (out / "explain.md").read_text() == "of 2 trials, and my notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml", "out"]


def test_a_continued_search_resumed_again_does_not_drop_an_explanation_edited_in_its_out(tmp_path, base_kept):
    """A continuation is played in a copy of --out (.out.partial) and put over --out once done:
    interrupted, then resumed, only the copy's pages were checked, and the finished search's
    explain.md edited in --out meanwhile went with the folder it replaced."""
    code, _, err = _copy_of(base_kept, tmp_path)
    assert code == 0, err
    out = tmp_path / "out"
    shutil.copytree(out, tmp_path / ".out.partial")  # a `--resume --budget 3` interrupted (tune._prepare's copy)
    (out / "explain.md").write_text("of 2 trials, and my notes")
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "3", "--confirm", "1", "--resume")
    assert (code, err) == (2, f"error: --resume: {out / 'explain.md'} was edited since `playtest explain` wrote it, and a "
                              "continued search drops explain's pages (they rank the trials before it): move it out of "
                              f"{out} to keep it")
    assert (out / "explain.md").read_text() == "of 2 trials, and my notes"


def test_a_candidate_at_the_base_s_own_values_is_named_so(tmp_path):
    """The sampler may propose the base's own value (Armstrong's amount 2 in 2..3): "Keep the base
    ... against trial 0" did not say that trial 0 was the base itself (h184, 2026-12-06)."""
    out = tmp_path / "out"
    code, stdout, err = _tune_armstrong_to_2(tmp_path, "2..3", "--budget", "3", "--confirm", "2")
    assert code == 0, err
    assert "for trial 0, crews.armstrong.skill.0.amount=2: the base's own values)" in stdout
    assert "| 0 | crews.armstrong.skill.0.amount=2 (the base's own values) |" in stdout
    assert "| 1 | crews.armstrong.skill.0.amount=3 |" in stdout
    doc = json.loads((out / "tune.json").read_text())
    assert [(c["values"], c["same_as_base"]) for c in doc["candidates"]] == [
        ({"crews.armstrong.skill.0.amount": 2}, True), ({"crews.armstrong.skill.0.amount": 3}, False)]


def test_the_header_explains_trials_beyond_the_budget():
    """The budget counts distinct candidates: trials that repeat one (or were cut short) are
    named as such, so "4 trials (budget 3)" does not read as an overrun."""
    from types import SimpleNamespace

    from playtest.report.tune import trials_text

    trials = pl.DataFrame({"state": ["complete"] * 4 + ["fail"], "repeat_of": [None, None, 0, None, None]})
    wide = tuple(parse_space(["crews.bays.time=0..9"]))
    r = SimpleNamespace(settings=SimpleNamespace(budget=3, params=wide), trials=trials)
    assert trials_text(r) == ("5 trials: 3 distinct candidates (budget 3); 1 more trial proposed a candidate already "
                              "evaluated and reused its result; 1 trial cut short by an interruption, not counted")
    r = SimpleNamespace(settings=SimpleNamespace(budget=3, params=wide), trials=trials.head(2))
    assert trials_text(r) == "2 distinct candidates (budget 3)"


def test_the_header_says_why_the_search_stopped_short_of_the_budget():
    """`--budget 20` over a space of 10 candidates read "17 trials: 10 distinct candidates
    (budget 20)", leaving the designer to wonder where the other 10 went (h225): it says the space
    holds only 10, or that the sampler kept proposing candidates already evaluated."""
    from types import SimpleNamespace

    from playtest.report.tune import trials_text
    from playtest.tune.study import MAX_REPEATS

    small = tuple(parse_space(["crews.bays.time=0..4", "scoring.majority_tiebreak=later_first_cube,earlier_first_cube"]))
    trials = pl.DataFrame({"state": ["complete"] * 17, "repeat_of": [None] * 10 + [1] * 7})
    r = SimpleNamespace(settings=SimpleNamespace(budget=20, params=small), trials=trials)
    assert trials_text(r) == ("17 trials: 10 distinct candidates (budget 20; the space holds only 10); 7 more trials "
                              "proposed a candidate already evaluated and reused its result")
    wide = tuple(parse_space(["crews.bays.time=0..99"]))
    trials = pl.DataFrame({"state": ["complete"] * (4 + MAX_REPEATS), "repeat_of": [None] * 4 + [2] * MAX_REPEATS})
    r = SimpleNamespace(settings=SimpleNamespace(budget=20, params=wide), trials=trials)
    assert trials_text(r) == (f"{4 + MAX_REPEATS} trials: 4 distinct candidates (budget 20; the search stopped when "
                              f"{MAX_REPEATS} proposals in a row were candidates already evaluated); {MAX_REPEATS} more "
                              "trials proposed a candidate already evaluated and reused its result")


def test_goals_naming_unknown_metrics_fail_before_the_search(tmp_path):
    goals = tmp_path / "g.yaml"
    goals.write_text("goals:\n  - metric: crew_pick\n    max: 0.3\n")
    code, _, err = invoke("tune", DRAFT5, *TUNE, "--target", goals, "--out", tmp_path / "o")
    assert code == 2 and err.startswith(f"{goals}:2:13: goals.0.metric: unknown metric 'crew_pick' (did you mean 'crew_pick_rate'?); the runs have: ")
    assert not (tmp_path / "o").exists() and not (tmp_path / ".o.partial").exists()


@pytest.mark.parametrize(("goal", "where", "message"), [
    ("metric: win_rate_by_seat\n    of: spread\n    max: 10", "4:10: goals.0.max",
     "win_rate_by_seat gives a spread of shares, from 0 to 1: 10 is outside it (10 percentage points are 0.1)"),
    ("metric: win_rate_by_seat\n    group: seat 1\n    target: 25", "4:13: goals.0.target",
     "win_rate_by_seat gives a share, from 0 to 1: 25 is outside it (25 percentage points are 0.25)"),
])
def test_a_goal_s_bound_outside_its_share_fails_before_the_search(tmp_path, goal, where, message):
    """As a gate's: `max: 10` meant as 10 points on the seat spread. The check `diff` makes before
    its runs was made by tune only at the very end, after the search and the fresh games, where it
    looked for a `gates:` list in the goals file: 'internal error: KeyError: 'gates'', exit 1."""
    goals = tmp_path / "g.yaml"
    goals.write_text(f"goals:\n  - {goal}\n")
    code, _, err = invoke("tune", DRAFT5, *TUNE, "--target", goals, "--out", tmp_path / "o")
    assert (code, err) == (2, f"{goals}:{where}: {message}"), err
    assert not (tmp_path / "o").exists() and not (tmp_path / ".o.partial").exists()


@pytest.mark.slow  # make test-all: ~10 s CPU (a gate replicate per tied candidate)
def test_candidates_meeting_every_bound_are_told_apart_by_the_gates(tmp_path):
    goals = tmp_path / "wide.yaml"
    goals.write_text("run: {games: 8, bots: random, seed: 2}\ngoals:\n  - metric: game_length_rounds\n"
                     "    between: [1, 100]\n  - metric: crew_pick_rate\n    max: 0.99\n")
    out = tmp_path / "out"
    code, _, err = invoke("tune", DRAFT5, "--param", "crews.bays.time=0..3", "--target", goals, "--budget", "3",
                          "--confirm", "2", "--confirm-games", "8", "-w", "1", "--out", out)
    assert code == 0, err
    trials = pl.read_parquet(out / "trials.parquet")
    assert set(trials["objective"]) == {0.0} and trials["confirm_objective"].drop_nulls().to_list() == [0.0, 0.0]
    doc = json.loads((out / "tune.json").read_text())
    assert [g["status"] for g in doc["gates"]] == ["pass", "pass"]
    assert doc["best"]["trial"] in [c["trial"] for c in doc["candidates"]]


@pytest.mark.system
def test_a_study_left_mid_transaction_by_a_killed_process_is_still_resumable(tmp_path):
    """SIGKILL (or the out-of-memory killer) during a write leaves a hot study.db-journal. The
    resume check rolls it back as SQLite does on open, instead of refusing an intact search."""
    import subprocess
    import sys

    from playtest.tune.study import check_study, open_study

    db = tmp_path / "study.db"
    open_study(db)  # an empty study, stored
    killed = ("import os, signal, sqlite3, sys\n"
              "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "c.execute('PRAGMA cache_size=1')\n"  # pages spill to the file before the commit
              "c.execute('BEGIN IMMEDIATE')\n"
              "c.execute('CREATE TABLE half_done (x)')\n"
              "c.executemany('INSERT INTO half_done VALUES (?)', [(b'x' * 4000,)] * 200)\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    subprocess.run([sys.executable, "-c", killed, str(db)], check=False)
    journal = tmp_path / "study.db-journal"
    assert journal.is_file() and journal.stat().st_size > 0  # hot: the transaction was never finished
    check_study(db)  # no PlaytestError


def test_a_candidate_that_switches_a_goal_s_metric_off_is_undefined_not_1e300(tmp_path):
    """Oh-Seven with one rebid trigger left: the candidate that turns it off has no rebids to
    measure (GameSpec.switched_off), so its objective is undefined. The tables printed it as
    '1e+300' (the study's stand-in) and tune.json as 1e300."""
    variant = tmp_path / "one-trigger.yaml"
    variant.write_text(f"extends: {ROOT / 'variants/ohseven/base.yaml'}\n"
                       "bidding: {rebid: {triggers: {identical_highest: false}}}\n")
    goals = tmp_path / "goals.yaml"
    goals.write_text("run: {games: 4, players: 4, bots: random, seed: 1}\ngoals:\n  - {metric: rebids_mean, max: 0.2}\n")
    out = tmp_path / "out"
    code, stdout, err = invoke("tune", variant, "--param", "bidding.rebid.triggers.sum_equals_tricks=true,false",
                               "--target", goals, "--budget", "2", "--confirm-games", "4", "--out", out)
    assert code == 0, err
    md = (out / "tune.md").read_text()
    assert "| bidding.rebid.triggers.sum_equals_tricks=false | undefined | undefined |" in md
    assert "Undefined: a goal's metric is missing from that candidate's games or switched off" in md
    assert "e+300" not in md + (out / "tune.html").read_text() + stdout
    doc = json.loads((out / "tune.json").read_text())
    off = next(c for c in doc["candidates"] if c["values"]["bidding.rebid.triggers.sum_equals_tricks"] is False)
    assert (off["objective_search"], off["objective_fresh"]) == (None, None)


def _two_variant_reps(base: np.ndarray, best: np.ndarray):
    """Replicates of one metric ('game_length_rounds', 'all'): the base (0) and the winner (1),
    each a full value followed by its leave-one-block-out values."""
    from playtest.compare.jackknife import Replicates

    keys = ((0, "game_length_rounds", "all"), (1, "game_length_rounds", "all"))
    return Replicates(keys, np.array([base[0], best[0]]), np.stack([base[1:], best[1:]]), (), 80)


def test_a_candidate_is_adopted_only_when_its_gain_on_the_fresh_games_is_shown(tmp_path):
    """80 fresh games took the objective from 0.41 to 0.13 while each goal's own change had an
    interval across 0, and the candidate was written to best.yaml: a point estimate that is
    lower by chance is not a change shown to help. The objective's change now gets the paired
    jackknife's interval (recomputed on every left-out block) and must lie below 0."""
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: game_length_rounds\n    target: 5\n")
    goals = G.load_goals(path)
    rng = np.random.default_rng(7)
    # The winner is 0.3 rounds closer to 5, but its left-out blocks swing by ±1 round.
    noisy = _two_variant_reps(np.concatenate([[6.0], 6.0 + rng.normal(0, 0.05, 20)]),
                              np.concatenate([[5.7], 5.7 + rng.normal(0, 0.25, 20)]))
    gain = S.objective_gain(goals, noisy)
    assert gain.estimate == pytest.approx(-0.3) and gain.low < 0 < gain.high and not gain.shown
    assert S.base_wins(1.0, 0.7, gain)  # lower on the fresh games, yet the base is kept
    # Closer by 0.8 rounds with small block-to-block noise: shown, adopted.
    clear = _two_variant_reps(np.concatenate([[6.0], 6.0 + rng.normal(0, 0.02, 20)]),
                              np.concatenate([[5.2], 5.2 + rng.normal(0, 0.02, 20)]))
    gain = S.objective_gain(goals, clear)
    assert gain.estimate == pytest.approx(-0.8) and gain.high < 0 and gain.shown
    assert not S.base_wins(1.0, 0.2, gain)
    # The same gain in every one of 20 blocks (the rules set it) is shown; in 4 blocks it is not.
    flat = _two_variant_reps(np.full(21, 6.0), np.full(21, 5.0))
    assert S.objective_gain(goals, flat).shown
    assert not S.objective_gain(goals, _two_variant_reps(np.full(5, 6.0), np.full(5, 5.0))).shown


@pytest.mark.parametrize(("gain", "text"), [
    ((-0.1, -0.23, 0.0293), "best − base -0.100 [-0.230, +0.029]"),  # was '-0.1 [-0.23, +0.0293]'
    ((12.5, 3.25, 21.75), "best − base +12.5 [+3.2, +21.8]"),
    ((0.0, 0.0, 0.0), "best − base +0 [+0, +0]"),
    ((0.5, math.nan, math.nan), "best − base +0.500"),
])
def test_the_objective_change_and_its_interval_share_one_precision(gain, text):
    from playtest.report.tune import gain_text

    result = types.SimpleNamespace(gain=S.Gain(*gain, False))
    assert gain_text(result) == text  # type: ignore[arg-type]


def _tune_result(tmp_path, text, gv, rows, confirm_objective, gain):
    """A tuning Result for the report tests: goals file `text`, the winner (trial 0, Bays' time 4)
    with goal values `gv` and `confirm_objective`, goal rows `rows(goals.items)` (each: best, base,
    best − base with their intervals, then the distances: best's, base's), objective change `gain`."""
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text(text)
    goals = G.load_goals(path)
    settings = S.Settings(DRAFT5, tuple(parse_space(["crews.bays.time=0..4"])), goals, text, 20, 4, ("greedy",) * 4,
                          2024, 3, 3, 80)
    winner = S.Candidate(0, {"crews.bays.time": 4}, 0.3, confirm_objective, gv)
    trials = pl.DataFrame({"trial": [0], "state": ["complete"], "repeat_of": pl.Series([None], dtype=pl.Int64)})
    return S.Result(settings, trials, gv, 0.7, 0.4062, [winner], winner, load_variant(DRAFT5), rows(goals.items),
                    gain=gain)


def test_the_report_keeps_the_base_when_a_lower_objective_is_not_shown_and_brackets_every_interval(tmp_path):
    """The helper's run: objective 0.41 → 0.13 on 80 fresh games, change −0.275 [−0.61, +0.06]:
    the headline says to keep the base and why; a difference's interval was written bare
    ('+18.1 pts -2.6 pts … +38.9 pts', three numbers at a glance), now in brackets like the rest."""
    from playtest.report.tune import tune_json, tune_markdown
    from playtest.tune import goals as G

    gv = [G.GoalValue(0.04, "seat 3 − seat 1", 0.04)]
    result = _tune_result(tmp_path, "goals:\n  - metric: win_rate_by_seat\n    of: spread\n    target: 0\n", gv,
                          lambda items: [S.GoalRow(items[0], "seat 3 − seat 1", (0.044, -0.121, 0.208),
                                                   (-0.137, -0.303, 0.028), (0.181, -0.026, 0.389), 0.04, 0.175)],
                          0.1312, S.Gain(-0.275, -0.6141, 0.06412, False))
    md = tune_markdown(result)
    assert result.base_wins and "**Best:**" not in md
    assert ("**Keep the base.** On the fresh games the best candidate (trial 0, crews.bays.time=4) comes closer to "
            "the goals than the base (objective 0.1312 against 0.4062), but not by more than chance: best − base "
            "-0.275 [-0.614, +0.064]") in md
    assert "| -13.7 pts [-30.3 pts, +2.8 pts] | +4.4 pts [-12.1 pts, +20.8 pts] | +18.1 pts [-2.6 pts, +38.9 pts] |" in md
    doc = json.loads(tune_json(result))
    assert doc["outcome"] == "base" and doc["objective_change"] == {
        "estimate": -0.275, "ci_low": -0.6141, "ci_high": 0.06412, "shown": False}


def test_a_count_goals_numbers_say_what_they_count_as_diffs_gates_do(tmp_path):
    """A goal on a count or mean writes its unit after each number of the goals table ('5.50
    rounds [5.20 rounds, 5.80 rounds]'), as `playtest diff` writes the same metric's gate
    ('5.67 … 6.53 rounds'): Oh-Seven's rebids read '0.30 [0.24, 0.35]' in tune beside diff's
    '0.34 rebids'. A share's numbers keep their own '%' or 'pts' once each."""
    from playtest.report.tune import tune_markdown
    from playtest.tune import goals as G

    gv = [G.GoalValue(5.5, "all", 0.0), G.GoalValue(0.04, "seat 3 − seat 1", 0.04)]
    result = _tune_result(
        tmp_path, "goals:\n  - metric: game_length_rounds\n    between: [5, 7]\n  - metric: win_rate_by_seat\n"
        "    of: spread\n    target: 0\n", gv,
        lambda items: [S.GoalRow(items[0], "all", (5.5, 5.2, 5.8), (4.8, 4.5, 5.1), (0.7, 0.4, 1.0), 0.0, 0.2),
                       S.GoalRow(items[1], "seat 3 − seat 1", (0.044, -0.121, 0.208), (0.04, -0.1, 0.18),
                                 (0.004, float("nan"), float("nan")), 0.044, 0.04)],
        0.04, S.Gain(-0.366, -0.5, -0.2, True))
    md = tune_markdown(result)
    assert ("| all | 4.80 rounds [4.50 rounds, 5.10 rounds] | 5.50 rounds [5.20 rounds, 5.80 rounds] | "
            "+0.70 rounds [+0.40 rounds, +1.00 rounds] |") in md
    assert "| +4.0 pts [-10.0 pts, +18.0 pts] | +4.4 pts [-12.1 pts, +20.8 pts] | +0.4 pts |" in md
    # The distances in the same units (they read '0.2 → 0' and '0.04 → 0.044' beside them).
    assert "| +0.70 rounds [+0.40 rounds, +1.00 rounds] | 0.20 rounds → 0.00 rounds |" in md
    assert "| +0.4 pts | 4.0 pts → 4.4 pts |" in md


def test_a_gain_the_same_in_every_block_is_shown_only_from_the_blocks_that_hold_its_games(tmp_path):
    """A goal on New Frontiers' 'selected in round 17', a share over the 2 games of 80 that reached
    round 17: the winner's 0 against the base's 1 is the same in every left-out block, but 18 of
    the 20 blocks hold none of those games. As compare's 'the same in every game of each' (c9627bf), its K is
    the 2 blocks that hold them (p = 0.5): not shown, the base is kept."""
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - {metric: selected_in_round, group: round 17 / develop, target: 0}\n")
    goals = G.load_goals(path)
    keys = ((0, "selected_in_round", "round 17 / develop"), (1, "selected_in_round", "round 17 / develop"))
    full, reps = np.array([1.0, 0.0]), np.array([[1.0] * 20, [0.0] * 20])
    assert S.objective_gain(goals, Replicates(keys, full, reps, (), 80)).shown  # every block holds it
    gain = S.objective_gain(goals, Replicates(keys, full, reps, (), 80, np.array([2, 2])))
    assert gain.estimate == -1.0 and not gain.shown


def test_a_category_missing_from_a_left_out_block_leaves_the_gain_its_interval(tmp_path):
    """A goal over every game length: the winner's one 9-round game is in one block, and with that
    block left out its games have no '9 rounds' row (not a row that is undefined). The objective
    on those games is taken over the lengths they have; the row's NaN made it infinite there,
    the gain had no interval, and no candidate could ever be adopted."""
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - {metric: game_length_share, max: 0.5}\n")
    goals = G.load_goals(path)
    rng = np.random.default_rng(3)
    base7 = 0.9 + rng.normal(0, 0.005, 20)
    best7 = 0.5 + rng.normal(0, 0.005, 20)
    rare = np.full(20, 1 / 80)
    rare[4] = np.nan  # the block that holds the only 9-round game
    keys = ((0, "game_length_share", "7 rounds"), (0, "game_length_share", "6 rounds"),
            (1, "game_length_share", "7 rounds"), (1, "game_length_share", "6 rounds"),
            (1, "game_length_share", "9 rounds"))
    full = np.array([0.9, 0.1, 0.5, 0.5 - 1 / 80, 1 / 80])
    reps = np.stack([base7, 1 - base7, best7, 1 - best7 - 1 / 80, rare])
    gain = S.objective_gain(goals, Replicates(keys, full, reps, (), 80))
    assert gain.estimate == pytest.approx(-0.4) and gain.high < 0 and gain.shown


def test_a_winner_that_reaches_a_goal_the_base_cannot_is_adopted(tmp_path):
    """The base has no value for the goal's metric (objective undefined), the winner has: the
    gain is −inf, and reaching the goal at all is the change asked for."""
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: game_length_rounds\n    target: 5\n")
    goals = G.load_goals(path)
    reps = Replicates(((1, "game_length_rounds", "all"),), np.array([5.5]), np.full((1, 20), 5.5), (), 80)
    gain = S.objective_gain(goals, reps)
    assert gain.estimate == -np.inf and gain.shown and not S.base_wins(np.inf, 0.5, gain)


def test_a_spread_over_groups_whose_names_hold_the_dash_is_shown_on_its_own_pair(tmp_path):
    """The pair of a spread goal was read back by splitting its text on ' − ', which a group
    name may hold itself (`win_gap`'s 'late-placer − early-placer'): the intervals were then
    taken over groups that do not exist."""
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: win_gap\n    of: spread\n    target: 0\n")
    goals = G.load_goals(path)
    groups = ("a − b", "c − d")
    keys = tuple((v, "win_gap", g) for v in (0, 1) for g in groups)
    rng = np.random.default_rng(1)
    full = np.array([0.3, 0.1, 0.2, 0.15])
    reps = Replicates(keys, full, full[:, None] + rng.normal(0, 0.01, (4, 20)), (), 80)
    values = [{("win_gap", g): float(full[v * 2 + i]) for i, g in enumerate(groups)} for v in (0, 1)]
    best = G.goal_values_of(goals, values[1], values[0])
    base = G.goal_values_of(goals, values[0], values[0])
    assert best[0].groups == ("a − b", "c − d") and best[0].shown == "a − b − c − d"
    (row,) = S.goal_rows(goals, reps, best, base)
    assert row.best[0] == pytest.approx(0.05) and row.base[0] == pytest.approx(0.2)
    assert all(np.isfinite(x) for x in (*row.best, *row.base, *row.diff))


def test_a_share_goal_s_intervals_are_cut_to_what_a_share_can_be(tmp_path):
    """16 fresh New Frontiers games read a spread of win rates by home world as +83.3 pts
    [+50.2 pts, +116.4 pts] in the goals table: a gap between two shares is never above 100
    points. As compare and the gates do, a share's value is cut to [0, 1], its spread to
    [-1, 1], best − base of a spread to [-2, 2]; a goal on a mean is left as it is."""
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: win_rate_by_seat\n    of: spread\n    target: 0\n"
                    "  - metric: win_rate_by_seat\n    group: seat 1\n    target: 0.5\n")
    goals = G.load_goals(path)
    groups = ("seat 1", "seat 2")
    keys = tuple((v, "win_rate_by_seat", g) for v in (0, 1) for g in groups)
    full = np.array([0.95, 0.05, 0.9, 0.1])
    rng = np.random.default_rng(3)  # replicates spread wide, as a handful of games spreads them
    reps = Replicates(keys, full, np.clip(full[:, None] + rng.normal(0, 0.04, (4, 20)), 0, 1), (), 16)
    values = [{("win_rate_by_seat", g): float(full[v * 2 + i]) for i, g in enumerate(groups)} for v in (0, 1)]
    best = G.goal_values_of(goals, values[1], values[0])
    base = G.goal_values_of(goals, values[0], values[0])
    spread, seat1 = S.goal_rows(goals, reps, best, base)
    assert spread.best[2] == 1.0 and spread.base[2] == 1.0 and spread.best[1] < spread.best[0]
    assert seat1.best[2] == 1.0 and seat1.base[2] == 1.0 and seat1.best[1] < 0.9
    assert -2.0 <= spread.diff[1] < spread.diff[0] < spread.diff[2] <= 2.0
    assert -1.0 <= seat1.diff[1] < seat1.diff[0] < seat1.diff[2] <= 1.0


def test_the_closing_line_does_not_say_the_base_does_as_well_when_the_best_is_lower_but_not_shown(tmp_path):
    """Seed 4: on 12 fresh games Bays time 2 reaches objective 0.167 against the base's 0.25, a
    change of −0.083 whose interval reaches 0, so the base is kept. The report says why; the
    terminal's last line said 'the base does as well as every candidate', which the numbers above
    it contradict."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 6, players: 3, bots: random, seed: 4}\ngoals:\n"
                     "  - metric: win_rate_by_seat\n    of: spread\n    target: 0\n")
    code, stdout, err = invoke("tune", DRAFT5, "--param", "crews.bays.time=0..4", "--target", goals, "--budget", "3",
                               "--confirm", "1", "--confirm-games", "12", "-w", "1", "--out", tmp_path / "out")
    assert code == 0, err
    assert "comes closer to the goals than the base" in stdout and not (tmp_path / "out" / "best.yaml").exists()
    assert "no candidate is shown to beat the base (the best one's lower objective is within chance): no best.yaml" \
        in err
    assert "does as well" not in err


def test_a_goal_value_the_same_in_every_game_gets_the_report_s_interval_not_a_point(tmp_path):
    """A bonus-hunter that won none of 800 fresh games in base and best read '0.0% [0.0%, 0.0%]'
    in the goals table: the jackknife of a value that never varies is the point itself, read as
    certain. Each side gets its run report's interval of that row (Wilson's over the games), and
    a varying value keeps its jackknife interval."""
    from playtest.analysis import columns as C
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: win_rate_by_bot\n    group: hunter\n    target: 0.25\n"
                    "  - metric: exact_rate\n    group: heuristic\n    min: 0.4\n")
    goals = G.load_goals(path)
    keys = tuple((v, m, g) for v in (0, 1) for m, g in (("win_rate_by_bot", "hunter"), ("exact_rate", "heuristic")))
    full = np.array([0.0, 0.42, 0.0, 0.45])
    rng = np.random.default_rng(2)
    noise = np.array([0.0, 1.0, 0.0, 1.0])[:, None] * rng.normal(0, 0.0002, (4, 30))
    tables = tuple(pl.DataFrame({C.METRIC: ["win_rate_by_bot", "exact_rate"], C.GROUP: ["hunter", "heuristic"],
                                 C.ESTIMATE: [0.0, e], C.CI_LOW: [0.0, e - 0.01], C.CI_HIGH: [0.0048, e + 0.01]})
                   for e in (0.42, 0.45))
    reps = Replicates(keys, full, full[:, None] + noise, tables, 800)
    values = [{("win_rate_by_bot", "hunter"): 0.0, ("exact_rate", "heuristic"): e} for e in (0.42, 0.45)]
    best = G.goal_values_of(goals, values[1], values[0])
    base = G.goal_values_of(goals, values[0], values[0])
    hunter, exact = S.goal_rows(goals, reps, best, base)
    assert hunter.best == (0.0, 0.0, 0.0048) and hunter.base == (0.0, 0.0, 0.0048)
    # best − base of two values that never vary: no interval ('+0.0 pts [+0.0, +0.0]' read certain)
    assert hunter.diff[0] == 0.0 and math.isnan(hunter.diff[1]) and math.isnan(hunter.diff[2])
    assert exact.diff[1] < exact.diff[0] < exact.diff[2]  # a varying one keeps its interval
    assert exact.best[1] < 0.45 < exact.best[2] and exact.best[2] - exact.best[1] < 0.01  # the jackknife's


def test_a_spread_or_change_the_same_in_every_game_is_shown_as_a_point(tmp_path):
    """A spread or change the same in every game (seat 1 won 60% of the games in every block of
    base and best; no rebid in any game of either) has a jackknife interval of the point itself,
    '+20.0 pts [+20.0 pts, +20.0 pts]', read as certain: it is shown without one, as a value
    goal's difference is, and so is the base's change from itself (0 by definition, which read
    '+0 [+0, +0]'). A change that varies keeps its interval."""
    from playtest.analysis import columns as C
    from playtest.compare.jackknife import Replicates
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: win_rate_by_seat\n    of: spread\n    target: 0\n"
                    "  - metric: rebids\n    group: all\n    of: change\n    target: 0\n"
                    "  - metric: exact_rate\n    group: heuristic\n    of: change\n    target: 0\n")
    goals = G.load_goals(path)
    rows = (("win_rate_by_seat", "1"), ("win_rate_by_seat", "2"), ("rebids", "all"), ("exact_rate", "heuristic"))
    keys = tuple((v, m, g) for v in (0, 1) for m, g in rows)
    values = [dict(zip(rows, (0.6, 0.4, 0.0, e), strict=True)) for e in (0.42, 0.45)]
    full = np.array([values[v][r] for v in (0, 1) for r in rows])
    noise = np.array([0.0, 0.0, 0.0, 1.0] * 2)[:, None] * np.random.default_rng(2).normal(0, 0.002, (8, 30))
    tables = tuple(pl.DataFrame({C.METRIC: [m for m, _ in rows], C.GROUP: [g for _, g in rows],
                                 C.ESTIMATE: [values[v][r] for r in rows], C.CI_LOW: [math.nan] * 4,
                                 C.CI_HIGH: [math.nan] * 4}) for v in (0, 1))
    reps = Replicates(keys, full, full[:, None] + noise, tables, 800)
    best = G.goal_values_of(goals, values[1], values[0])
    base = G.goal_values_of(goals, values[0], values[0])
    spread, rebids, exact = S.goal_rows(goals, reps, best, base)

    def point(t: tuple[float, float, float], est: float) -> bool:
        return t[0] == pytest.approx(est) and math.isnan(t[1]) and math.isnan(t[2])

    assert spread.shown == "1 − 2"
    assert point(spread.best, 0.2) and point(spread.base, 0.2) and point(spread.diff, 0.0)
    assert point(rebids.best, 0.0) and point(rebids.base, 0.0) and point(rebids.diff, 0.0)
    assert point(exact.base, 0.0)  # the base's change from itself
    assert exact.best == exact.diff and exact.diff[1] < exact.diff[0] < exact.diff[2]  # varying: its interval


def _long_game_scores(winner_holding: int):
    """Replicates of the mean score by seat of the games that reached round 16, base (0) and
    winner (1), 30 blocks of 60 games: the winner's seat 1 scored 50 in every block, held by
    `winner_holding` of them (3: only 3 games reached round 16); the other rows vary a little."""
    from playtest.compare.jackknife import Replicates

    rng = np.random.default_rng(5)
    keys = ((0, "score_by_seat", "1"), (0, "score_by_seat", "2"), (1, "score_by_seat", "1"), (1, "score_by_seat", "2"))
    full = np.array([40.0, 38.0, 50.0, 41.0])
    reps = np.stack([40.0 + rng.normal(0, 0.05, 30), 38.0 + rng.normal(0, 0.05, 30),
                     np.full(30, 50.0), 41.0 + rng.normal(0, 0.05, 30)])
    return Replicates(keys, full, reps, (), 60, np.array([30, 30, winner_holding, 30]))


def test_a_goal_s_difference_on_a_mean_constant_over_few_blocks_is_no_surer_than_those_blocks(tmp_path):
    """A spread goal on the mean score by seat of the games that reached round 16: the winner's
    seat 1 scored 50 in each of the 3 games that did, the same in the 3 blocks that hold them.
    tune took its spread and best − base (four rows) from the jackknife alone, which sees only the
    other rows' spread: +7.0 [+6.0, +8.0] while compare and the gates floor the same difference at
    the sign-flip test over those 3 blocks (p = 0.25). The goal row now reports compare's interval
    (Replicates.tested), which holds 0 as a p-value of 0.25 does; held by every block, the
    jackknife's interval stands."""
    from playtest.compare.stats import sign_flip_p
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - metric: score_by_seat\n    of: spread\n    target: 0\n")
    goals = G.load_goals(path)
    reps = _long_game_scores(3)
    values = [{("score_by_seat", g): float(reps.whole((v, "score_by_seat", g))) for g in ("1", "2")} for v in (0, 1)]
    best = G.goal_values_of(goals, values[1], values[0])
    base = G.goal_values_of(goals, values[0], values[0])
    (row,) = S.goal_rows(goals, reps, best, base)
    m = "score_by_seat"
    diff = [(1.0, (1, m, "1")), (-1.0, (1, m, "2")), (-1.0, (0, m, "1")), (1.0, (0, m, "2"))]
    floored = reps.tested(diff)
    assert math.isclose(floored.p_value(), sign_flip_p(3)) and reps.contrast(diff).p_value() < 1e-3
    assert row.diff[0] == pytest.approx(7.0) and row.diff[1:] == pytest.approx(floored.interval())
    assert row.diff[1] < 0 < row.diff[2]  # what p = 0.25 implies; the jackknife alone: [+6.0, +8.0]
    assert row.best[0] == pytest.approx(9.0) and row.best[1] < 0 < row.best[2]  # the winner's own spread, two rows
    assert row.base[1] > 0  # the base's spread rests on every block: its jackknife interval
    every = _long_game_scores(30)
    (row,) = S.goal_rows(goals, every, best, base)
    assert row.diff[1:] == pytest.approx(every.contrast(diff).interval()) and row.diff[1] > 0


def test_a_gain_resting_on_a_mean_constant_over_few_blocks_is_not_shown_from_the_base_s_spread(tmp_path):
    """A goal of 50 points for seat 1 in the games that reached round 16: the winner meets it
    with 50 in each of the 3 games that did, the base's 40 varies a little. The gain −10 read
    [−10.5, −9.5] from the base's spread alone and the candidate was adopted; as compare's
    difference, it is no surer than the sign-flip test over the 3 blocks (p = 0.25): not shown,
    the base is kept. Held by every block, it is shown."""
    from playtest.tune import goals as G

    path = tmp_path / "g.yaml"
    path.write_text("goals:\n  - {metric: score_by_seat, group: '1', target: 50}\n")
    goals = G.load_goals(path)
    gain = S.objective_gain(goals, _long_game_scores(3))
    assert gain.estimate == pytest.approx(-10.0) and gain.low < 0 < gain.high and not gain.shown
    assert S.base_wins(10.0, 0.0, gain)
    held = S.objective_gain(goals, _long_game_scores(30))
    assert held.estimate == pytest.approx(-10.0) and held.high < 0 and held.shown


def test_values_that_together_make_no_variant_are_a_trial_ranked_last_not_a_stop(tmp_path):
    """Each tuned range is checked alone before the search; an explore draw of 30 with 7 bonus
    picks needs more worlds than New Frontiers' bag holds. That trial stopped the tune with a
    line naming --set values nobody typed (and a --resume met it again): it is now a candidate
    ranked last, with its reason, and the search goes on. It is never re-evaluated: with
    --confirm 2 and one valid candidate, loading it for the fresh games stopped the tune. Its
    reason does not name the --set options nobody typed, and trials.parquet keeps it."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, bots: random}\ngoals:\n  - {metric: game_length_rounds, target: 6}\n")
    code, stdout, err = invoke("tune", ROOT / "variants/new-frontiers/base.yaml",
                               "--param", "rules.explore.draw=26..30", "--param", "rules.bonuses.explore_picks=1..9",
                               "--target", goals, "-b", "2", "--confirm", "2", "--confirm-games", "2", "-w", "1",
                               "-p", "5", "--seed", "3", "--out", tmp_path / "out")
    assert code == 0, err
    why = ("the bag holds 40 worlds, too few for an explore draw of 30 (need at least 42: the draw 30 + the "
           "selector's 7 bonus picks + one world for each of 5 players)")
    assert f"trial 0: rules.explore.draw=30, rules.bonuses.explore_picks=7 → not a valid variant ({why})\n" in err
    assert "--set" not in err
    assert "trial 1: rules.explore.draw=26, rules.bonuses.explore_picks=5 → " in err
    assert "re-evaluating the best 1 and the base" in err
    trials = pl.read_parquet(tmp_path / "out" / "trials.parquet")
    assert trials.height == 2
    assert trials["invalid_variant"].to_list() == [why, None]


def test_a_search_whose_every_candidate_is_no_variant_says_so(tmp_path):
    """Every candidate of the space needs more worlds than the bag holds: the stop names that
    cause, and only it ('every trial's objective is undefined' never stops a tune: such a
    candidate is re-evaluated, ranked last)."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, bots: random}\ngoals:\n  - {metric: game_length_rounds, target: 6}\n")
    code, _, err = invoke("tune", ROOT / "variants/new-frontiers/base.yaml",
                          "--param", "rules.explore.draw=29..30", "--param", "rules.bonuses.explore_picks=8..9",
                          "--target", goals, "-b", "2", "-w", "1", "-p", "5", "--seed", "3", "--out", tmp_path / "out")
    assert code == 2
    assert err.splitlines()[-1].startswith("error: no candidate to re-evaluate: the tuned values of every "
                                           "candidate tried together make no valid variant (each trial's line "
                                           "says why);")


def test_a_choice_of_lists_is_tuned(tmp_path):
    """Values that are lists (a compensation per position) are tuned as any other choice: the
    progress line keyed its trials by the values themselves and failed with 'internal error:
    TypeError: unhashable type: 'list'' after the base's games."""
    goals = tmp_path / "g.yaml"
    goals.write_text("run: {games: 4, bots: random}\ngoals:\n  - {metric: game_length_rounds, target: 6}\n")
    code, _, err = invoke("tune", ROOT / "variants/new-frontiers/base.yaml",
                          "--param", "rules.setup.compensation.2=[0,1],[1,0]", "--target", goals, "-b", "2",
                          "--confirm", "1", "--confirm-games", "2", "-w", "1", "-p", "2", "--seed", "3",
                          "--out", tmp_path / "out")
    assert code == 0, err
    assert "trial 0: rules.setup.compensation.2=[" in err


def test_resume_compares_the_rules_not_the_name_or_description(tmp_path):
    """A search resumes after the base draft's description is reworded (its games are the same),
    and not after a rule is changed: the stored hash is of the rules alone."""
    from playtest.tune.goals import load_goals
    from playtest.variants.loader import rules_hash

    base = f"extends: {DRAFT5}\nname: mine\n"
    path, goals = tmp_path / "v.yaml", tmp_path / "g.yaml"
    goals.write_text(GOALS)

    def settings() -> S.Settings:
        v = load_variant(path)
        return S.Settings(variant=path, params=tuple(parse_space(["crews.bays.time=0..4"])), goals=load_goals(goals),
                          goals_text=GOALS, games=2, players=4, lineup=("random",) * 4, seed=1, budget=1,
                          confirm_top=1, confirm_games=2, rules_hash=rules_hash(v.resolved), resolved=v.resolved)

    path.write_text(base)
    S.write_settings(tmp_path, settings())
    path.write_text(base.replace("name: mine", "name: mine, renamed") + "description: reworded\n")
    S.check_settings(tmp_path, settings())  # no error: the same rules
    path.write_text(base + "crews_dealt: {}\n")  # the default written out: another hash, the same rules
    assert rules_hash(load_variant(path).resolved) != rules_hash(load_variant(DRAFT5).resolved)
    S.check_settings(tmp_path, settings())
    path.write_text(base + "max_rounds: 50\n")
    with pytest.raises(S.UsageError, match=r"the variant's rules have changed since the search began \("
                                           rf"{re.escape(str(path))}, or a draft it extends, was edited: "
                                           r"max_rounds: 60 → 50\)"):
        S.check_settings(tmp_path, settings())
    stored = json.loads((tmp_path / S.SETTINGS_FILE).read_text())  # as a search stored before the data was kept
    del stored[S.RESOLVED_KEY]
    (tmp_path / S.SETTINGS_FILE).write_text(json.dumps(stored))
    path.write_text(base + "crews_dealt: {}\n")  # nothing to tell the same rules by: the hashes decide
    with pytest.raises(S.UsageError, match=r"was edited\): its trials"):
        S.check_settings(tmp_path, settings())


def test_a_search_an_older_playtest_began_with_a_quoted_number_resumes(tmp_path):
    """Before 2026-12-06 a quoted number (`max_rounds: "60"`) stayed text in the resolved rules,
    and tune stored that hash: today's --resume of such a search said the file had been edited
    though it had not (checked on a search begun by e7ad5bef). It resumes; an edit is still refused."""
    from playtest.variants.loader import rules_hash

    path, goals, out = tmp_path / "v.yaml", tmp_path / "g.yaml", tmp_path / "t"
    path.write_text(f"extends: {DRAFT5}\nname: mine\nmax_rounds: \"60\"\n")
    goals.write_text("run: {games: 2, players: 4, bots: random, seed: 1}\ngoals:\n  - {metric: game_length_rounds, target: 5}\n")
    args = ("tune", path, "--param", "crews.bays.time=0..4", "--target", goals, "--budget", "1", "--confirm", "1",
            "--confirm-games", "2", "-w", "1", "-o", out)
    code, _, err = invoke(*args)
    assert code == 0, err
    # The hash the older code stored: of the resolved rules with the quoted number as text.
    stored = json.loads((out / S.SETTINGS_FILE).read_text())
    as_text = rules_hash({**load_variant(path).resolved, "max_rounds": "60"})
    assert stored["rules_hash"] != as_text  # (today's hash reads the number)
    (out / S.SETTINGS_FILE).write_text(json.dumps({**stored, "rules_hash": as_text}))
    code, _, err = invoke(*args, "--resume")
    assert code == 0, err
    path.write_text(f"extends: {DRAFT5}\nname: mine\nmax_rounds: \"50\"\n")
    code, _, err = invoke(*args, "--resume")
    assert code == 2 and "the variant's rules have changed since the search began" in err, err


def test_an_interruption_counts_the_trials_it_keeps(tmp_path):
    """A Ctrl-C during the base's games said "the finished trials are saved" of none: the line
    counts the study's complete trials (none before the study exists)."""
    from playtest.cli.tune import _finished_trials

    assert _finished_trials(tmp_path) == 0
    run_study(open_study(tmp_path / S.STUDY_FILE), PARAMS, seed=5, budget=2, evaluate=noisy_bowl)
    assert _finished_trials(tmp_path) == 2


def _full_disk_sqlite_error(form: str) -> BaseException:
    """SQLite's full disk as the search meets it: sqlalchemy's OperationalError, or optuna's
    StorageInternalError ("An exception is raised during the commit ...") caused by it."""
    import sqlalchemy.exc

    err = sqlalchemy.exc.OperationalError("INSERT INTO trials ...", {}, sqlite3.OperationalError("database or disk is full"))
    if form == "sqlalchemy":
        return err
    try:
        raise optuna.exceptions.StorageInternalError("An exception is raised during the commit. This typically "
                                                     "happens due to invalid data in the commit") from err
    except optuna.exceptions.StorageInternalError as wrapped:
        return wrapped


@pytest.mark.parametrize("form", ["sqlalchemy", "optuna"])
def test_a_study_that_cannot_be_written_mid_search_is_one_line_that_says_how_to_go_on(tmp_path, monkeypatch, form):
    """A full disk while the study stored a trial was "internal error: OperationalError:
    (sqlite3.OperationalError) database or disk is full" (or optuna's StorageInternalError, which
    blames 'invalid data in the commit, e.g. exceeding max length')."""
    real = S.run_study

    def full_after_one_trial(study, params, **kwargs):  # type: ignore[no-untyped-def]
        real(study, params, **(kwargs | {"budget": 1}))
        raise _full_disk_sqlite_error(form)

    monkeypatch.setattr(S, "run_study", full_after_one_trial)
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    partial = tmp_path / ".out.partial"
    assert (code, err) == (2, f"error: {partial}/study.db: cannot write: no space left on device; the finished trials "
                              f"are kept in {partial}: run the same command with --resume to finish once the cause "
                              "is fixed (or --force to start afresh)")


def test_a_trial_s_run_that_cannot_be_written_names_the_search_not_a_run_to_resume(tmp_path, monkeypatch):
    """A full disk while a trial's games were merged said "... 4 games are saved in
    OUT/.out.partial/scratch/base.partial: `playtest simulate --resume .../scratch/base` finishes
    the run", a run the user never asked for, which the search removes, beside tune's own --resume."""
    import errno
    import tempfile

    from playtest.sim import rundir

    real = rundir.scan_chunks
    full_in: list[Path] = []

    def full(files):  # type: ignore[no-untyped-def]
        if any(folder in files[0].parents for folder in full_in):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(files)

    monkeypatch.setattr(rundir, "scan_chunks", full)
    full_in.append(tmp_path)  # the search's own runs
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    partial = tmp_path / ".out.partial"
    # (not "(nothing was written)", as of a command's staging folder, removed when it fails: the
    # search's folder is kept, and said to be)
    assert (code, err) == (2, f"error: {partial}: cannot write the runs' tables: no space left on device; the "
                              f"finished trials are kept in {partial}: run the same command with --resume to finish "
                              "once the cause is fixed (or --force to start afresh)")
    # The few games played first to check the goals, in the temporary folder: it named a
    # `playtest simulate --resume /tmp/playtest-probe-.../run`, a folder gone when tune stopped.
    shutil.rmtree(partial)
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    full_in[:] = [temp]
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    assert (code, err) == (2, f"error: {temp}: cannot write the runs' tables: no space left on device (nothing was "
                              "written); it is the temporary folder: free space there, or set TMPDIR to a folder "
                              "with room")
    assert not list(temp.iterdir())


def test_the_re_evaluation_s_games_are_checked_against_the_disk_before_the_search(tmp_path, monkeypatch):
    """The base's and the best candidates' fresh games lie on disk together at the end: a disk too
    small for them was found after the whole search, and said as '-n 16', which no one typed."""
    import collections

    from playtest.sim import batch

    usage = collections.namedtuple("usage", "total used free")
    # room for the probe's 3 games and a trial's 4 (1 kB a game: 500 bytes of games, as many of
    # events), not for the 2 x 4 fresh games of the base and the best candidate and the reports
    monkeypatch.setattr(batch.shutil, "disk_usage", lambda path: usage(10**9, 0, 5_000))
    monkeypatch.setattr(S, "run", lambda *a, **k: pytest.fail("the search began"))
    code, _, err = _tune_armstrong_to_2(tmp_path, "3..5", "--budget", "2", "--confirm", "1")
    assert (code, err) == (2, f"error: --confirm 1, --confirm-games 4: its 2 runs and their reports need about 2.0 MB on "
                              f"disk, {tmp_path} has 5 kB free")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]
