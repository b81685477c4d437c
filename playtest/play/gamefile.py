"""The file `playtest play` keeps the game in: chosen before the game starts, written again after
each of the person's moves (before the bots answer: a search bot may think for seconds) and at each
prompt, as the game would be saved if the session ended there (an abandoned game
that `playtest play --resume` continues), and once more when it ends.

Before, the game was written only when the session ended in a way Python sees (the end of the
game, quit, the end of input, Ctrl-C, SIGTERM, a closed terminal); a session killed outright
(SIGKILL, a power cut, a terminal that crashed) lost the whole game, however long the table had
played. Now it loses at most the turn or trick in hand, which a transcript does not keep anyway.

A saved game is never written over a file playtest did not write: the file is ours while it is the
one this session last wrote (same inode, size and modification time); anything else at that name
(a file made there since) keeps it, and the game gets a free name beside it."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from playtest.io import OutputError, numbered, reference, write_atomic

if TYPE_CHECKING:
    from playtest.play.saved import SavedGame
    from playtest.play.session import PlaySession


def free_path(path: Path) -> Path:
    """`path`, or `name-2.yaml`, `name-3.yaml`… if it exists: a saved game is never overwritten."""
    return path if not path.exists() else next(p for p in numbered(path, keep_suffix=True) if not p.exists())


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def shown(path: Path) -> str:
    """`--save ./-`: a name that begins with '-' is written from the current folder, else the
    command said (`playtest replay -`) reads standard input, or takes the name for an option."""
    return f".{os.sep}{path}" if str(path).startswith("-") else str(path)


@dataclass
class GameFile:
    """Where the game in `session` is written: `wanted` (checked before the game began), or a
    free name beside it if that is taken by then. `resumed`/`saved`: the file the session
    resumed, whose game is not written again while nothing was added to it."""

    session: PlaySession
    variant_path: str
    wanted: Path
    overrides: list[str]
    resumed: Path | None = None
    saved: SavedGame | None = None
    durable: bool = False
    """Each write on the disk before it returns (io.write_bytes_atomic): moves typed at a terminal,
    which cannot be played again; moves from a file can (and fsync costs ~10 ms a write here)."""
    _ours: Path | None = field(default=None, init=False)
    _ours_is: tuple[int, int, int] | None = field(default=None, init=False)
    _text: str | None = field(default=None, init=False)
    _seen: tuple[int, int] | None = field(default=None, init=False)
    _warned: bool = field(default=False, init=False)
    _asked: tuple[str, tuple[int, int, int] | None] | None = field(default=None, init=False)
    _same: bool = field(default=False, init=False)

    def target(self) -> Path:
        """The file the game goes to now: the one this session wrote while it is still that file,
        else `wanted` or a free name beside it."""
        if self._ours is not None and _signature(self._ours) == self._ours_is:
            return self._ours
        return free_path(self.wanted)

    def _transcript(self, target: Path) -> str:
        return self.session.transcript(reference(Path(self.variant_path), target.resolve().parent), self.overrides)

    def nothing_since(self) -> str | None:
        """Why the game is not written after a resume: the file resumed records all of it, as no move
        was made since, or only moves of a turn or trick left unfinished, which a transcript does not
        keep (a copy of the file piled up beside it). None: there is more to write, or no resume, or
        the file resumed no longer holds the game (moved away, deleted or replaced during the session:
        'nothing was written' left the game nowhere)."""
        if self.resumed is None or self.saved is None:
            return None
        from playtest.play.saved import same_game

        # (asked at every prompt: both games are read as YAML, so the answer is kept while neither changes)
        asked = (self.session.transcript(self.saved.variant_ref, self.overrides), _signature(self.resumed))
        if asked != self._asked:
            self._asked, self._same = asked, same_game(self.resumed, asked[0], self.session.spec.notation)
        if not self._same:
            return None
        if len(self.session.moves) == self.session.resumed:
            return f"no move was made since {self.resumed}"
        return f"only a turn or trick left unfinished (not written) was played since {self.resumed}"

    def keep(self) -> tuple[str, str] | None:
        """Write the game so far if it changed since last written (playtest.play.console.run); what to
        tell the person as (style, text): where the game is kept, when first written there. A file
        that cannot be written does not stop the game: the first time, a note to show (None after,
        until it is written again, which is said too); it is tried again after the next move and
        when the game ends (`save`, which keeps the game in the temporary folder if its own place
        still fails)."""
        now = (len(self.session.moves), self.session.undos)
        if now == self._seen:
            return None
        self._seen = now
        if not self.session.moves or self.nothing_since() is not None:
            self._drop()  # (an undo back to where the session began: nothing of its own to keep)
            return None
        target = self.target()
        text = self._transcript(target)
        if target == self._ours and text == self._text:
            return None
        first = self._ours is None or target != self._ours
        try:
            self._write(target, text)
        except OutputError as err:
            if self._warned:
                return None
            self._warned = True
            return "yellow", (f"note: the game so far could not be written ({err}); it is tried again after your "
                              "next move and when the game ends")
        recovered, self._warned = self._warned, False  # (a failure after this one is news again)
        if not (first or recovered):
            return None
        return "dim", (f"(the game so far is kept in {shown(target)} after each of your moves: if this session is "
                       f"lost, playtest play --resume {shown(target)} goes on from there)")

    def _write(self, target: Path, text: str) -> None:
        write_atomic(target, text, durable=self.durable)
        self._ours, self._ours_is, self._text = target, _signature(target), text

    def _drop(self) -> None:
        """Remove the file this session wrote, if it is still that file: the game it held was taken back."""
        if self._ours is not None and _signature(self._ours) == self._ours_is:
            try:
                self._ours.unlink()
            except OSError:
                return
        self._ours = self._ours_is = self._text = None

    def save(self) -> str:
        """Write the game so far (atomically) and say where, e.g. "game (3 decisions) is saved: g.yaml
        (score it: ...)". Where its place cannot be written (the folder gone or made read-only
        since the game began, a full disk), the game is kept in the temporary folder and said where."""
        target = self.target()
        try:
            self._write(target, self._transcript(target))
        except OutputError as err:
            try:
                fd, spare = tempfile.mkstemp(prefix=f"playtest-{target.stem}-", suffix=".yaml")
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(self._transcript(Path(spare)))
            except OSError:
                raise err from None
            raise OutputError(f"{err}; the game is saved in {spare} instead (score it: playtest replay {spare})") from None
        # Decisions, not transcript moves: a Stargate turn line holds up to three (crew, skill, placement).
        n = len(self.session.moves)
        count = f"{n} decision{'' if n == 1 else 's'}"
        if not self.session.over():  # the transcript keeps whole turns (Stargate) and tricks (Oh-Seven)
            count += " made; a turn or trick left unfinished is not written"
        renamed = f" ({shown(self.wanted)} exists, so the game got a new name)" if target != self.wanted else ""
        return f"game ({count}) is saved: {shown(target)}{renamed}  (score it: playtest replay {shown(target)})"
