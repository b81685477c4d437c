"""Semantic diff of resolved variants: which rule keys differ, e.g. `crews.bays.time: 1 → 2`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "(absent)"})()


@dataclass(frozen=True, slots=True)
class Change:
    """One key whose value differs between two variants."""

    path: str
    old: Any
    new: Any

    def __str__(self) -> str:
        return f"{self.path}: {value_text(self.old)} → {value_text(self.new)}"

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "old": None if self.old is ABSENT else self.old,
                "new": None if self.new is ABSENT else self.new,
                "added": self.old is ABSENT, "removed": self.new is ABSENT}


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
