"""--workers beyond the cores a run can use: every command that takes it plays on with as many
as there are and says so in one note, once its checks have passed (simulate alone said it;
compare, sweep, ladder, tune and diff capped `-w 100000` in silence)."""

from __future__ import annotations

import pytest

from playtest.sim import batch
from tests.conftest import ROOT
from tests.tune.helpers import GOALS

DRAFT5 = str(ROOT / "variants/stargate/draft5.yaml")
DRAFT6 = str(ROOT / "variants/stargate/draft6-development.yaml")
NOTE = "note: --workers 100000 capped at 1 (the cores this machine offers)"

COMMANDS = {
    "simulate": ["simulate", DRAFT5, "-n", "2", "-o", "{tmp}/out"],
    "compare": ["compare", DRAFT5, DRAFT6, "-n", "2", "-o", "{tmp}/out"],
    "sweep": ["sweep", DRAFT5, "--set", "crews.bays.time=1,2", "-n", "2", "-o", "{tmp}/out"],
    "ladder": ["ladder", DRAFT5, "--rungs", "random,greedy", "-n", "2", "-o", "{tmp}/out"],
    "diff": ["diff", DRAFT5, DRAFT6, "--gate", "{tmp}/gates.yaml", "-n", "2", "--bots", "random", "-o", "{tmp}/out"],
    "tune": ["tune", DRAFT5, "--param", "crews.bays.time=1..2", "--target", "{tmp}/goals.yaml", "--budget", "2",
             "--confirm", "1", "--confirm-games", "2", "-n", "2", "-o", "{tmp}/out"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_more_workers_than_cores_are_capped_with_one_note(command, cli, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "default_workers", lambda: 1)  # (one core: the games are played in this process)
    (tmp_path / "gates.yaml").write_text("gates: [{metric: game_length_rounds, max: 100}]\n")
    (tmp_path / "goals.yaml").write_text(GOALS)
    r = cli(*(a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[command]), "-w", "100000")
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines().count(NOTE) == 1, r.stderr
    assert r.stderr.splitlines()[0] == NOTE, r.stderr  # before the games, not after them


def test_a_cores_worth_of_workers_has_no_note(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "default_workers", lambda: 1)
    r = cli("simulate", DRAFT5, "-n", "2", "-w", "1", "-o", str(tmp_path / "out"))
    assert r.returncode == 0 and "--workers" not in r.stderr, r.stderr
