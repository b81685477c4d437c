"""Text that reaches a terminal: control characters from variant files or paths removed."""

from __future__ import annotations

import re

from rich.cells import cell_len

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (ESC starts terminal escape sequences) and the bidirectional overrides;
tab and newline stay."""


def cells(text: str) -> int:
    """Columns `text` takes in a terminal: 2 for a wide character ('たろう' takes 6, not 3)."""
    return cell_len(text)


def pad(text: str, width: int) -> str:
    """`text` followed by spaces up to `width` terminal columns (`cells`): `f"{name:<{width}}"`
    counts characters, and a table of players named たろう and P2 came out ragged."""
    return text + " " * max(0, width - cell_len(text))


YOU = "You"
"""The name `play` gives the person's seat (and saves in its transcript): what reads a name in the
second person ('your', 'You select') asks for this one."""


def clean(text: str) -> str:
    """`text` without control characters: a variant title cannot retitle the terminal or hide
    text. Each removed character becomes U+FFFD so that the user sees something was there."""
    return _CONTROL.sub("\ufffd", text)


def one_line(text: str) -> str:
    """`text` as one terminal line: a line break inside it (a newline in a path, a bot name or a
    --set value the user typed, quoted back in an error) is shown defused, like any control
    character (`clean`), instead of splitting the error over several lines."""
    return clean(text.replace("\n", "\ufffd"))


def not_utf8_at(text: str) -> int | None:
    """Where (from 0) `text`, a path or argument from the command line, has a byte that was not
    UTF-8 (Python reads byte 0xff as the lone surrogate \\udcff), or None. Such text reads and
    opens files, but fails once written as UTF-8 (run.json) or given to polars."""
    return next((i for i, ch in enumerate(text) if "\udc80" <= ch <= "\udcff"), None)


def json_safe(text: str) -> str:
    """Serialized JSON with every character `clean` removes written as a \\u escape: the data
    are exactly the same once parsed, but a C1 control or a bidirectional override inside a
    string no longer reaches the terminal raw (json.dumps with ensure_ascii=False escapes only
    the C0 controls). Outside its strings JSON text holds none of these characters."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


EXCERPT = 200
"""The longest text `excerpt` quotes whole: beyond any move a designer's notation makes (a
Stargate placement on planets named at length is 93 characters, and a limit of 80 echoed it as
its first 60), far below a flood of the terminal."""


ECHO = 80
"""The longest value an error line echoes whole (`echoed`)."""


def echoed(text: str) -> str:
    """A value the user typed (a `--set KEY=VALUE`, a sweep's or a tune's values), as an error
    line quotes it back: whole up to ECHO characters, else its start and its length (a
    2,000-character YAML list in a --set made each of its error lines 2,000 characters long)."""
    return excerpt(text, ECHO)


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """`text` as a message quotes it back: whole when short, else its start and how long it
    was (a 900 KB line in a --moves file is not printed again in full)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit - 20]}… ({len(text):,} characters)"


def cut_long_words(text: str, longer_than: int = EXCERPT) -> str:
    """`text` with every run of more than `longer_than` characters without a space cut as
    `excerpt` cuts it: a message that quotes a word of a transcript back (an unknown crew or
    planet of 50,000 characters) keeps its reason, after the word, in one readable line."""
    if len(text) <= longer_than:
        return text
    return re.sub(rf"\S{{{longer_than + 1},}}", lambda m: excerpt(m.group()), text)


ERROR_WORD = 1_000
"""The longest word an error line prints whole (cli.app): beyond any path a user types, and
beyond the words a message quotes on purpose; a bot name or --set key of 50,000 characters was
echoed whole, up to three times in one line."""
