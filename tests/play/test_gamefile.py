"""A game typed at a terminal is written as it is played (playtest.play.gamefile): a session
killed outright (SIGKILL, a power cut, a crashed terminal) loses at most the turn in hand, where
it lost the whole game."""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = str(ROOT / "variants/stargate/draft5.yaml")
GAME = ("play", DRAFT5, "--players", "3", "--bots", "random", "--no-color")
"""Three players, you in seat 1 against two random bots, seed 1: '1', '1' is your first turn (the
first crew, then 'place -'), after which the bots play theirs."""


class _Killed(BaseException):
    """The process killed outright: no handler runs and nothing is saved on the way out."""


def _typed(monkeypatch, lines: list[str], end: BaseException | None = None,
           before: dict[int, Callable[[], None]] | None = None) -> None:
    """The person types `lines` at a terminal, then the input ends (`end` None) or `end` is raised at
    the next prompt; `before[i]` runs just before line i is read (something else done meanwhile)."""
    import playtest.cli.play as play_cli

    typed = iter(enumerate(lines))

    def source():
        def read(prompt: str) -> str | None:
            i, line = next(typed, (None, None))
            if i is None:
                if end is not None:
                    raise end
                return None
            if before and i in before:
                before[i]()
            return line
        return read

    monkeypatch.setattr(play_cli, "_lines", source)
    monkeypatch.setattr(play_cli, "_typed", lambda: True)


def _quit_after(cli, lines: list[str], save: Path) -> str:
    """The transcript `play` saves when the person quits after `lines` (moves from a file)."""
    moves = save.with_suffix(".moves")
    moves.write_text("\n".join([*lines, "quit"]) + "\n")
    r = cli(*GAME, "--moves", str(moves), "--save", str(save))
    assert r.returncode == 0, r.stderr
    return save.read_text(encoding="utf-8")


def test_a_session_killed_outright_leaves_the_game_as_quitting_there_would_have_saved_it(cli, tmp_path, monkeypatch):
    save = tmp_path / "g.yaml"
    lines = ["1", "1", "1"]  # a whole turn, then the crew of the next: killed at the prompt after it
    _typed(monkeypatch, lines, _Killed())
    with pytest.raises(_Killed):
        cli(*GAME, "--save", str(save))
    assert save.read_text(encoding="utf-8") == _quit_after(cli, lines, tmp_path / "quit.yaml")
    assert "armstrong" in save.read_text(encoding="utf-8")  # the first turn is in it


def test_the_person_is_told_once_where_the_game_is_kept(cli, tmp_path, monkeypatch):
    save = tmp_path / "g.yaml"
    _typed(monkeypatch, ["1", "1", "1", "quit"])
    r = cli(*GAME, "--save", str(save))
    assert r.returncode == 0, r.stderr
    said = " ".join(r.stdout.split())
    assert said.count(f"(the game so far is kept in {save} after each of your moves: if this session is lost, "
                      f"playtest play --resume {save} goes on from there)") == 1
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]  # one file, no temporary one left beside it


def test_moves_taken_back_to_the_start_leave_no_file_as_ctrl_c_then_says(cli, tmp_path, monkeypatch):
    """The file written after the first turn goes when undo takes the game back to nothing: Ctrl-C
    then says 'nothing was written', and a file left behind would contradict it."""
    save = tmp_path / "g.yaml"
    _typed(monkeypatch, ["1", "1", "undo", "undo"], KeyboardInterrupt())
    r = cli(*GAME, "--save", str(save))
    assert (r.returncode, r.stderr) == (130, "interrupted (Ctrl-C): no move was made, nothing was written\n")
    assert "the game so far is kept in" in r.stdout  # it had been written
    assert not list(tmp_path.iterdir())


def test_a_file_made_at_that_name_during_the_game_is_never_written_over(cli, tmp_path, monkeypatch):
    save = tmp_path / "g.yaml"

    def someone_else_writes_there() -> None:
        assert save.is_file()  # (the game so far, written at this prompt)
        save.unlink()
        save.write_text("mine\n")

    _typed(monkeypatch, ["1", "1", "1", "quit"], before={2: someone_else_writes_there})
    r = cli(*GAME, "--save", str(save))
    assert r.returncode == 0, r.stderr
    other = tmp_path / "g-2.yaml"
    assert save.read_text() == "mine\n"
    assert f"is saved: {other} ({save} exists, so the game got a new name)" in " ".join(r.stdout.split())
    assert other.read_text(encoding="utf-8") == _quit_after(cli, ["1", "1", "1"], tmp_path / "quit.yaml")


def test_a_place_that_cannot_be_written_is_said_once_and_the_game_goes_on(cli, tmp_path, monkeypatch):
    import playtest.io as io
    import playtest.play.gamefile as gamefile

    save, real_write = tmp_path / "g.yaml", io.write_atomic
    failed: list[str] = []

    def full(path, text, **kwargs):  # noqa: ANN001, ANN003, ANN202
        if Path(path) == save and len(failed) < 2:  # at the first two prompts after a move, then space again
            failed.append(str(path))
            raise io.OutputError(f"{path}: cannot write: no space left on device (nothing was replaced)")
        return real_write(path, text, **kwargs)

    monkeypatch.setattr(gamefile, "write_atomic", full)
    _typed(monkeypatch, ["1", "1", "1", "1", "quit"])
    r = cli(*GAME, "--save", str(save))
    assert r.returncode == 0, r.stderr
    said = " ".join(r.stdout.split())
    assert len(failed) == 2
    assert said.count(f"note: the game so far could not be written ({save}: cannot write: no space left on device "
                      "(nothing was replaced)); it is tried again after your next move and when the game ends") == 1
    assert said.count("the game so far is kept in") == 1
    assert save.read_text(encoding="utf-8") == _quit_after(cli, ["1", "1", "1", "1"], tmp_path / "quit.yaml")


@pytest.mark.system
def test_sigkill_at_a_real_terminal_leaves_the_game_to_resume(cli, tmp_path):
    """The real thing: `playtest play` in a pseudo-terminal, one move, killed with SIGKILL at the
    next prompt. The file holds what quitting there would have saved."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "t.yaml"
    child = pexpect.spawn(sys.executable, ["-m", "playtest", *GAME, "--save", str(save)], cwd=str(ROOT),
                          encoding="utf-8", timeout=60, env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "TERM": "xterm"},
                          dimensions=(50, 200))
    for line in ("1", "1"):  # your first turn; the bots play theirs
        child.expect("your move> ")
        child.sendline(line)
    child.expect("your move> ")
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL
    assert save.read_text(encoding="utf-8") == _quit_after(cli, ["1", "1"], tmp_path / "quit.yaml")
    moves = tmp_path / "on.moves"
    moves.write_text("quit\n")
    r = cli("play", "--resume", str(save), "--moves", str(moves))
    assert r.returncode == 0, r.stderr
    assert re.search(rf"Resumed {re.escape(str(save))}: [1-9]\d* decisions replayed\.", r.stdout), r.stdout[:300]


def test_a_typed_game_is_on_the_disk_at_each_write_a_scripted_one_need_not_be(cli, tmp_path, monkeypatch):
    """A power cut, unlike a kill, loses what the OS had not yet written: each write of a typed game
    is synced (the file before its rename, the folder after), so the file holds the old game or
    the new one, never an empty one. Moves from a file can be played again: not synced."""
    import os

    import playtest.io as io

    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(io.os, "fsync", fsync)
    save = tmp_path / "g.yaml"
    _typed(monkeypatch, ["1", "1", "1", "quit"])
    assert cli(*GAME, "--save", str(save)).returncode == 0
    files = [p for p in synced if p != str(tmp_path)]
    # the game so far after the crew, after the person's turn (before the bots answer), after the
    # bots' turns and at the end, each synced as the temporary file it is renamed from, then the
    # folder that holds it
    assert len(files) == 4 and all(Path(p).parent == tmp_path and Path(p).name.startswith(".g.yaml.") for p in files)
    assert synced == [x for f in files for x in (f, str(tmp_path))]
    synced.clear()
    _quit_after(cli, ["1", "1", "1"], tmp_path / "quit.yaml")
    assert synced == []


def test_a_session_killed_while_the_bots_think_keeps_the_turn_just_played(cli, tmp_path, monkeypatch):
    """A search bot may think for seconds after the person's turn: killed then, the session kept
    the file of the prompt before, without the turn the person had finished."""
    from playtest.play.session import PlaySession

    real = PlaySession.advance

    def advance(self):  # noqa: ANN001, ANN202
        if self.moves and not self.my_turn():  # the person's turn is played: the bots think now
            raise _Killed()
        return real(self)

    monkeypatch.setattr(PlaySession, "advance", advance)
    save = tmp_path / "g.yaml"
    _typed(monkeypatch, ["1", "1"])  # the first crew, then 'place -': the person's whole first turn
    with pytest.raises(_Killed):
        cli(*GAME, "--save", str(save))
    assert "armstrong; place -" in save.read_text(encoding="utf-8")


def test_a_place_that_fails_again_after_it_was_written_is_said_again(cli, tmp_path, monkeypatch):
    """Said once while it keeps failing; but once the game is written there again, a new failure is
    news: the person, told the game is tried again, was not told it failed anew (a disk that filled
    up a second time, a folder made read-only after the first failure was over)."""
    import playtest.io as io
    import playtest.play.gamefile as gamefile

    save, real_write = tmp_path / "g.yaml", io.write_atomic
    calls: list[int] = []

    def flaky(path, text, **kwargs):  # noqa: ANN001, ANN003, ANN202
        calls.append(len(calls) + 1)
        if len(calls) in (2, 4):  # fails, is written, fails again
            raise io.OutputError(f"{path}: cannot write: no space left on device (nothing was replaced)")
        return real_write(path, text, **kwargs)

    monkeypatch.setattr(gamefile, "write_atomic", flaky)
    _typed(monkeypatch, ["1", "1", "1", "1", "1", "1", "quit"])
    r = cli(*GAME, "--save", str(save))
    assert r.returncode == 0, r.stderr
    assert len(calls) >= 5
    said = " ".join(r.stdout.split())
    assert said.count("note: the game so far could not be written") == 2


def test_a_resumed_file_gone_during_the_session_is_not_said_to_hold_the_game(cli, tmp_path, monkeypatch):
    """'No move was made since g.yaml, so nothing was written (it goes on again with playtest play
    --resume g.yaml)' was said of a g.yaml moved away or deleted during the session: the game was
    then nowhere. It is written again, where it was."""
    save = tmp_path / "g.yaml"
    game = _quit_after(cli, ["1", "1", "1"], save)
    _typed(monkeypatch, ["quit"], before={0: save.unlink})
    r = cli("play", "--resume", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "nothing was written" not in r.stdout
    assert save.read_text(encoding="utf-8") == game
