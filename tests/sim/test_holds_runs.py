"""What `report` and `replay` say of a folder that holds runs but is none (rundir.holds_runs)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from playtest.sim.rundir import holds_runs


@pytest.mark.parametrize("private", ["base", "notes"])
def test_a_folder_that_cannot_be_looked_into_beside_the_runs_is_passed_over(tmp_path, monkeypatch, private):
    """A folder of runs beside one the user may not read (another user's, mode 700): the check
    of that one raised PermissionError, so the runs were not named ('run.json is missing') or,
    for a folder named like diff's base/, `report` ended 'Permission denied', exit 1."""
    for name in ("r1", "r2"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "run.json").write_text("{}")
    (tmp_path / private).mkdir()
    real = Path.stat

    def stat(self, *args, **kwargs):
        if self.parent == tmp_path / private:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", stat)
    found = holds_runs(tmp_path)
    assert found is not None
    assert found.whose == "a folder of 2 runs"
    assert found.runs == (tmp_path / "r1", tmp_path / "r2")
