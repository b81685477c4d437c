"""Semantic diff of resolved variants: which rule keys differ, e.g. `crews.bays.time: 1 → 2`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "(absent)", "__reduce__": lambda self: "ABSENT"})()
"""A key one side of a `Change` does not have. Compared by identity (`is ABSENT`), so a copy or
a pickle of it is ABSENT itself (`__reduce__` names this module's global): a deep copy of a
Change was an `(absent)` that was not ABSENT (the loader's memo copies every Variant it gives)."""


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


def changes_said(changes: Sequence[Change], most: int = 3) -> str:
    """Changes in one line, the first `most` of them and how many more: `crews.bays.time: 1 → 2,
    max_rounds: 60 (default) → 9 and 2 more` (a refusal naming what was edited)."""
    shown = ", ".join(map(str, changes[:most]))
    return f"{shown} and {len(changes) - most} more" if len(changes) > most else shown


def side_text(value: Any, default: bool) -> str:
    """One side of a change line: the value, '(default)' after a value the file does not write."""
    return f"{value_text(value)} (default)" if default else value_text(value)


def change_side(change: dict[str, Any], side: str) -> str:
    """One side ('old' or 'new') of a change as `as_dict` wrote it (run.json, compare.json), as
    the reports show it: `1 (default)`, `(absent)`, `(removed)` or the value as JSON."""
    if change.get(f"{side}_default"):
        return f"{_json(change.get(side))} (default)"
    if change.get("added" if side == "old" else "removed"):
        return "(absent)" if side == "old" else "(removed)"
    return _json(change.get(side))


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
    """The changes as the two variants play them, read from each side validated with its defaults
    (`model_dump`): a key whose value is the same on both sides changes no rule and is left out (a
    key written out at its default, or removed with `!remove` where the default is the other side's
    value: compare listed `extension_vp: [] → [] (default)`); a side the file leaves out ('(absent)')
    is shown as the default it takes; and a section (a map, an id'd list) one side leaves out is
    compared key by key with the default it takes (`role.en: "" (default) → Builder`: the whole
    default `{"ja": "", "en": ""}` against the one key written read as if `ja` were removed). A
    change is kept as written whenever that cannot be told (a path that leads to no value)."""
    out = []
    for c in changes:
        parts = c.path.split(".")
        found = [at_path(full, parts) for full in (old_full, new_full)]
        if all(f is not NOWHERE for f in found) and found[0] == found[1]:
            continue
        filled = [f if side is ABSENT else NOWHERE for f, side in zip(found, (c.old, c.new), strict=True)]
        if any(f is not NOWHERE for f in filled) and (
                (isinstance(found[0], dict) and isinstance(found[1], dict)) or (_is_id_list(found[0]) and _is_id_list(found[1]))):
            for sub in diff(found[0], found[1], c.path):
                rel = sub.path.split(".")[len(parts):]
                (old, old_default), (new, new_default) = (
                    _as_written(written, rel, value) for written, value in ((c.old, sub.old), (c.new, sub.new)))
                out.append(Change(sub.path, old, new, old_default, new_default))
            continue
        out.append(Change(c.path, c.old if filled[0] is NOWHERE else filled[0], c.new if filled[1] is NOWHERE else filled[1],
                          c.old_default or filled[0] is not NOWHERE, c.new_default or filled[1] is not NOWHERE))
    return out


def _as_written(written: Any, rel: Sequence[str], value: Any) -> tuple[Any, bool]:
    """One side of a key below a section compared with its default: the value the file writes
    there, else the validated `value` marked as a default ('(absent)' where there is none)."""
    mine = NOWHERE if written is ABSENT else at_path(written, rel)
    if mine is not NOWHERE:
        return mine, False
    return value, value is not ABSENT


def value_text(value: Any) -> str:
    """A changed value as a change line shows it: text as it is, anything else (and empty text) as
    JSON, or '(absent)'. Numbers in the one spelling the hash reads them in (`canonical`: 2.0 is 2),
    as the schema reads an integer key: `crews.bays.time: 1 → 2.0` beside the ok line's version 2
    for `rules_version: 2.0`, where 2.0 against a parent's 2 is no change at all."""
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, str) and value:  # an empty text as JSON, "": left bare it was invisible
        return value
    return _json(value)


def _json(value: Any) -> str:
    from playtest.variants.loader import canonical  # (the loader imports this module)

    return json.dumps(canonical(value), ensure_ascii=False)


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, dict) and "id" in i for i in value)


def diff(old: Any, new: Any, path: str = "") -> list[Change]:
    """Every leaf that differs; maps by key, lists of id'd items by id, other lists whole. An id'd
    list holding the same ids in another order is also a change of its ids' order (`planets:
    ["red1", "red2"] → ["red2", "red1"]`): the order is a rule (the planets' order deals another
    circle), which pairing the items by id alone did not show."""
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
        if list(old_by) != list(new_by) and sorted(old_by) == sorted(new_by):
            out.append(Change(path, list(old_by), list(new_by)))
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
