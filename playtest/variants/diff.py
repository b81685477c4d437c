"""Semantic diff of resolved variants: which rule keys differ, e.g. `crews.bays.time: 1 → 2`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "(absent)"})()


@dataclass(frozen=True, slots=True)
class Change:
    """One key whose value differs between two variants."""

    path: str
    old: Any
    new: Any
    old_default: bool = False
    """`old` is the schema's default: the base does not write the key (`dice: 1 (default) → 2`,
    where '(absent) → 2' read as if the base had no such rule)."""
    new_default: bool = False
    """`new` is the schema's default: the variant removed the key (`!remove`)."""

    def __str__(self) -> str:
        return f"{self.path}: {side_text(self.old, self.old_default)} → {side_text(self.new, self.new_default)}"

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "old": None if self.old is ABSENT else self.old,
                "new": None if self.new is ABSENT else self.new,
                "added": self.old is ABSENT or self.old_default, "removed": self.new is ABSENT or self.new_default,
                **({"old_default": True} if self.old_default else {}),
                **({"new_default": True} if self.new_default else {})}


def side_text(value: Any, default: bool) -> str:
    """One side of a change line: the value, '(default)' after a value the file does not write."""
    return f"{value_text(value)} (default)" if default else value_text(value)


def change_side(change: dict[str, Any], side: str) -> str:
    """One side ('old' or 'new') of a change as `as_dict` wrote it (run.json, compare.json), as
    the reports show it: `1 (default)`, `(absent)`, `(removed)` or the value as JSON."""
    if change.get(f"{side}_default"):
        return f"{json.dumps(change.get(side), ensure_ascii=False)} (default)"
    if change.get("added" if side == "old" else "removed"):
        return "(absent)" if side == "old" else "(removed)"
    return json.dumps(change.get(side), ensure_ascii=False)


NOWHERE: Any = object()
"""What `at_path` finds at a path that leads to no value."""


def at_path(value: Any, parts: Sequence[str]) -> Any:
    """The value at a change's dotted path in a dumped model (items of id'd lists by id), or NOWHERE."""
    for part in parts:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and all(isinstance(i, dict) and "id" in i for i in value):
            matches = [i for i in value if str(i["id"]) == part]
            if len(matches) != 1:
                return NOWHERE
            value = matches[0]
        else:
            return NOWHERE
    return value


def with_defaults(changes: Sequence[Change], old_full: Any, new_full: Any) -> list[Change]:
    """The changes with a side the file leaves out ('(absent)') shown as the default it takes,
    read from each side validated with its defaults (`model_dump`)."""
    out = []
    for c in changes:
        parts = c.path.split(".")
        old = at_path(old_full, parts) if c.old is ABSENT else NOWHERE
        new = at_path(new_full, parts) if c.new is ABSENT else NOWHERE
        out.append(Change(c.path, c.old if old is NOWHERE else old, c.new if new is NOWHERE else new,
                          c.old_default or old is not NOWHERE, c.new_default or new is not NOWHERE))
    return out


def value_text(value: Any) -> str:
    """A changed value as a change line shows it: text as it is, anything else as JSON, or '(absent)'."""
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, dict) and "id" in i for i in value)


def diff(old: Any, new: Any, path: str = "") -> list[Change]:
    """Every leaf that differs; maps by key, lists of id'd items by id, other lists whole."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[Change] = []
        for key in list(old) + [k for k in new if k not in old]:
            sub = f"{path}.{key}" if path else str(key)
            out.extend(diff(old.get(key, ABSENT), new.get(key, ABSENT), sub))
        return out
    if _is_id_list(old) and _is_id_list(new):
        old_by = {str(i["id"]): i for i in old}
        new_by = {str(i["id"]): i for i in new}
        out = []
        for ident in list(old_by) + [k for k in new_by if k not in old_by]:
            sub = f"{path}.{ident}" if path else ident
            out.extend(diff(old_by.get(ident, ABSENT), new_by.get(ident, ABSENT), sub))
        return out
    if old is ABSENT or new is ABSENT or old != new or type(old) is not type(new):
        if old is ABSENT and new is ABSENT:
            return []
        if old == new and type(old) is type(new):
            return []
        return [Change(path, old, new)]
    return []
