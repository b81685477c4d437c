"""'Did you mean': the valid key or name a misspelt one most likely stands for (variant files,
transcripts)."""

from __future__ import annotations

import base64
import datetime
import difflib
from collections.abc import Iterable, Sequence
from typing import Any


def guess(name: Any, valid: Sequence[str], present: Iterable[Any] = (), cutoff: float = 0.6) -> str | None:
    """The valid key (or player name) that `name` most likely misspells: among those not
    `present` in the same mapping first (`Anan` beside `Ann:` means `Anna`), else among all.
    `cutoff`: difflib's least ratio (its default, 0.6; higher where a miss is refused as a typo)."""
    given = {str(k) for k in present}
    for candidates in ([v for v in valid if v not in given], list(valid)):
        close = difflib.get_close_matches(str(name), candidates, n=1, cutoff=cutoff)
        if close:
            return close[0]
    # The case alone (`Players:`, `meTRIC:`): difflib counts every changed letter against it.
    folded = {v.casefold(): v for v in reversed(valid)}
    close = difflib.get_close_matches(str(name).casefold(), list(folded), n=1, cutoff=cutoff)
    return folded[close[0]] if close else None


def closest(name: str, valid: Sequence[str], n: int) -> list[str]:
    """Up to `n` of `valid` most like `name` (difflib's ratio, at least 0.6, the case ignored;
    ties in the order given): `guess` for a list of several answers (a mistyped move in `play`)."""
    typed = name.casefold()
    scored = [(difflib.SequenceMatcher(None, typed, v.casefold()).ratio(), i) for i, v in enumerate(valid)]
    return [valid[i] for r, i in sorted(scored, key=lambda x: (-x[0], x[1])) if r >= 0.6][:n]


def unknown_key(key: Any, valid: Sequence[str], present: Iterable[Any] = ()) -> str:
    """The message for an unknown key: the likely one it misspells, then every valid key."""
    likely = guess(key, valid, present)
    hint = f" (did you mean {likely!r}?)" if likely else ""
    listed = f"; valid keys: {', '.join(sorted(valid))}" if valid else ""
    return f"unknown key{hint}{listed}"


def unknown_name(what: str, name: Any, valid: Sequence[str], where: str) -> str:
    """'unknown metric 'win_rate_by_seet' (did you mean 'win_rate_by_seat'?); the runs have: …'."""
    likely = guess(name, valid)
    hint = f" (did you mean {likely!r}?)" if likely else ""
    return f"unknown {what} {str(name)!r}{hint}; {where}: {', '.join(valid)}"


def as_written(value: Any) -> str:
    """A value read from YAML, shown as a YAML file writes it: null, true/false (Python's repr
    said None and True), a date as written (2001-12-14, not datetime.date(2001, 12, 14)), binary
    as its !!binary tag (not b'hi'), a set as a list; anything else as its repr ('abc', [1, 2])."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, bytes | bytearray):
        return f"!!binary {base64.b64encode(bytes(value)).decode('ascii')}"
    if isinstance(value, set | frozenset):
        return "[" + ", ".join(sorted(as_written(v) for v in value)) + "]"
    return repr(value)


def numbered_alike(a: str, b: str) -> bool:
    """Whether two names differ only in their trailing numbers (`red4` and `red3`, `bid 7` and
    `bid 5`): the next of a numbered series, not a misspelling of the other."""
    stem_a, stem_b = a.rstrip("0123456789"), b.rstrip("0123456789")
    return stem_a == stem_b and stem_a != a and stem_b != b
