"""Copying a state record field by field, fast, without writing the fields out by hand.

The engines copy a state (or a player, or a round) once per decision and change the copy. A
copy written out as one statement per field (`c.gold = self.gold`) on a bare instance is the
fastest copy in CPython — `copy.copy` or `dataclasses.replace` cost several times more (measured
for New Frontiers: `copy.copy` of a Player 30 µs; written-out copies of State and Player took the
greedy bot from 146.0 to 139.5 M instructions a game, ×1.047) — but a copy written by hand must
list every field, and a field added to the class and not to the copy is silently lost.
`field_copier` writes that function from the field names once, at import time, as `dataclasses`
writes `__init__`: the same statements, so the same speed, and no list to keep in step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def field_copier(cls: type[T], names: Iterable[str], *, reset: Mapping[str, Any] | None = None) -> Callable[[T], T]:
    """A function `copy(obj) -> new` that makes a bare instance of `cls` (no `__init__`) and
    sets each of `names` from `obj`, one statement per field; the fields in `reset` are set to
    the value given instead. Meant to be bound as a method: `copy = field_copier(...)`."""
    reset = dict(reset or {})
    names = tuple(names)
    bad = [n for n in (*names, *reset) if not n.isidentifier()]
    if bad:
        raise ValueError(f"not field names: {bad}")
    lines = ["def copy(self):", "    c = new(cls)"]
    lines += [f"    c.{n} = self.{n}" for n in names if n not in reset]
    lines += [f"    c.{n} = reset_{n}" for n in reset]
    lines.append("    return c")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, **{f"reset_{n}": v for n, v in reset.items()}}
    exec(compile("\n".join(lines), f"<field_copier of {cls.__qualname__}>", "exec"), namespace)
    copy: Callable[[T], T] = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = f"A copy of this {cls.__name__}: {', '.join(names)} copied by reference" + (
        f"; {', '.join(f'{k} = {v!r}' for k, v in reset.items())}." if reset else ".")
    return copy
