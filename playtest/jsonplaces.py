"""Where a key sits in a JSON file, so that an error about a file playtest reads back (run.json,
sweep.json, tune.json) names it as `file:line:col: key: message`, as the variant loader does for
YAML. The file is read again only when an error is reported: reading stays `json.loads`.

    >>> located(Path("run.json"), "variant.changes.0")   # doctest: +SKIP
    'run.json:12:7: variant.changes.0'

A member of an object is placed at its key (where an editor would look), a list item at its
value; a key that is missing is placed at the object that should hold it (at that object's own
key, or at its `{` when it is a list item or the whole file).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

Step = str | int
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def offsets(text: str) -> dict[tuple[Step, ...], int]:
    """The offset in `text` (valid JSON) of every value, by its path of keys and list indices
    (`()` is the whole document). Of a key written twice, the last counts, as for json.loads."""
    found: dict[tuple[Step, ...], int] = {}

    def skip(i: int) -> int:
        return _SPACE.match(text, i).end()  # type: ignore[union-attr]  # the pattern matches the empty string

    def value(i: int, path: tuple[Step, ...], member: bool) -> int:
        i = skip(i)
        if not member:
            found[path] = i
        if text[i] == "{":
            i = skip(i + 1)
            while text[i] != "}":
                key_at = i
                key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                found[path + (key,)] = key_at
                i = value(skip(i) + 1, path + (key,), member=True)  # past the colon
                i = skip(i)
                if text[i] == ",":
                    i = skip(i + 1)
            return i + 1
        if text[i] == "[":
            i = skip(i + 1)
            index = 0
            while text[i] != "]":
                i = skip(value(i, path + (index,), member=False))
                index += 1
                if text[i] == ",":
                    i = skip(i + 1)
            return i + 1
        return _DECODER.raw_decode(text, i)[1]

    value(0, (), member=False)
    return found


def steps(key: str) -> tuple[Step, ...]:
    """`variant.changes.0` → ('variant', 'changes', 0)."""
    return tuple(int(part) if part.isdigit() else part for part in key.split(".") if part)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def located(path: Path, key: str) -> str:
    """`path:line:col: key` for the dotted `key` of the JSON file at `path`: at the key itself, or
    at the nearest enclosing value that exists; `path: key` when the file cannot be read again
    or is not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
        places = offsets(text)
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        return f"{path}: {key}" if key else str(path)
    trail = steps(key)
    while trail not in places:
        trail = trail[:-1]
    line, col = line_col(text, places[trail])
    return f"{path}:{line}:{col}: {key}" if key else f"{path}:{line}:{col}"
