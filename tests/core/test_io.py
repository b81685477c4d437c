"""Atomic writes: the whole new text or the old file, with ordinary permissions."""

from __future__ import annotations

import os

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
