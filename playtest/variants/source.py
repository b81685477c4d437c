"""YAML text → a located tree: every value remembers the file, line and column it came from.

Limits, checked on the event stream before anything is built (so that hostile files fail fast
with a located message, never a RecursionError, a MemoryError or a hang): a file of at most
MAX_BYTES, nesting at most MAX_DEPTH deep, at most MAX_VALUES values once YAML aliases are
expanded (an alias "billion laughs" stops at the first alias past the limit), no alias to an
anchor that contains it, and only regular files are read (not /dev/zero, a FIFO or a folder).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.errors import Problem, VariantError
from playtest.io import FileTooLarge, NotRegularFile, read_regular
from playtest.suggest import as_written, guess
from playtest.text import echoed, not_utf8_at

MAX_BYTES = 1_000_000
"""A variant (or gates, transcript) file of more than 1 MB is refused: the shipped drafts are ~10 KB."""
MAX_DEPTH = 50
MAX_VALUES = 200_000
# libyaml's parser when PyYAML was built with it: the pure-Python one spent 5 of the 15 s of a
# small `tune` run parsing the same variant files (measured 2026-12-01 with cProfile).
LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""Values in a document, counting each alias as the values it stands for."""

REMOVE_TAG = "!remove"
"""`key: !remove` in a draft that extends another deletes the parent's key (playtest.variants.merge)."""


class Removed:
    """The value of a `key: !remove`: merge deletes the key, so no Removed is left in a loaded tree."""

    __slots__ = ()

    def __repr__(self) -> str:
        return REMOVE_TAG


REMOVED = Removed()


@dataclass(slots=True)
class Node:
    """A YAML value with its origin. `value` is dict[str, Node], list[Node] or a scalar."""

    value: Any
    file: str
    line: int
    col: int
    key_line: int = 0
    key_col: int = 0
    new_id: bool = False
    """An id-list item that an extending file added (no item with its id in the parent)."""
    extends_at: tuple[int, int] | None = None
    """On a merged root: line and column of the `extends:` key in the file that extends."""
    extends_file: Path | None = None
    """On a merged root: the file that `extends:` names, resolved."""
    removed: dict[str, tuple[int, int]] | None = None
    """On a merged root: the dotted paths the extending file deleted (`!remove`, or an id-list item's
    `remove: true`) → where."""
    unmerged: list[Problem] | None = None
    """On a merged root: id-list items the merge left out (an id removed that the parent lacks,
    an id given twice), reported with the schema's problems (loader.load_variant)."""

    def plain(self) -> Any:
        """The value with every Node unwrapped (plain dicts, lists and scalars)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value

    def problem(self, path: str, message: str, *, at_key: bool = False) -> Problem:
        """A problem located at this value (or at the key it stands under, if `at_key`)."""
        if at_key and self.key_line:
            return Problem(self.file, self.key_line, self.key_col, path, message)
        return Problem(self.file, self.line, self.col, path, message)


def _convert(node: yaml.Node, loader: yaml.SafeLoader, label: str, problems: list[Problem], path: str = "",
             first_item: int = 0) -> Node:
    """The YAML node as a Node tree; `path` is the dotted key path down to it (list items by
    their `id` when they have one, else by position counted from `first_item`), so that a
    duplicate key is named with its parents."""
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if node in loader.recursive_objects:
        # An alias (`*a`) of a value that could not be built, and was said so where it is written:
        # PyYAML leaves it marked as being built, and a second line read "found unconstructable
        # recursive node" (no alias refers to its own anchor: _check_events refuses that).
        return Node(None, label, line, col)
    if node.tag == REMOVE_TAG:
        if not isinstance(node, yaml.ScalarNode) or node.value:
            problems.append(Problem(label, line, col, path, f"{REMOVE_TAG} takes no value: write `key: {REMOVE_TAG}`"))
        return Node(REMOVED, label, line, col)
    if isinstance(node, yaml.CollectionNode) and node.tag != _PLAIN_TAG.get(type(node)):
        # Tags are checked where a value is built (a scalar's below); a mapping's or a list's own
        # tag was never read, and `crews: !replace [...]` or a misspelt `cubes: !remvoe` over a map
        # merged as if untagged. Build it as the scalar is, to say why in the same words.
        try:
            value = loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            problems.append(Problem(label, line, col, path, _unreadable(exc, node, loader)))
        else:  # a YAML tag that builds a value no file holds: !!set, !!omap, !!pairs
            problems.append(Problem(label, line, col, path, foreign_value(value) or (
                f"a {_written_tag(node.tag)} is not a value a variant holds: write a plain mapping or list, without the tag")))
        return Node(None, label, line, col)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            k_line, k_col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(label, k_line, k_col, "", "YAML merge keys (<<) are not supported; use extends:"))
                continue
            key = loader.construct_object(key_node, deep=True)
            if message := key_problem(key):
                problems.append(Problem(label, k_line, k_col, "", message))
                continue
            if message := base_quirk(key_node, key):  # `planets_dealt: {010: 7}` changed planets_dealt.8
                problems.append(Problem(label, k_line, k_col, _joined(path, key_node.value), message))
                continue
            key = str(key)
            if key in out:
                first = out[key]  # its key's line: a block mapping's value starts on the line after
                problems.append(
                    Problem(label, k_line, k_col, _joined(path, key), f"duplicate key (first defined at line {first.key_line or first.line})")
                )
                continue
            child = _convert(value_node, loader, label, problems, _joined(path, key), first_item)
            # Remember where the key itself stands: errors about an unknown key point at it.
            child.key_line, child.key_col = k_line, k_col
            out[key] = child
        return Node(out, label, line, col)
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(n, loader, label, problems, _joined(path, _item_id(n) or str(i + first_item)), first_item)
                     for i, n in enumerate(node.value)], label, line, col)
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        problems.append(Problem(label, line, col, path, _unreadable(exc, node, loader)))
        value = None
    if message := foreign_value(value) or base_quirk(node, value):
        problems.append(Problem(label, line, col, path, message))
        value = None
    return Node(value, label, line, col)


_OCTAL = re.compile(r"[-+]?0[0-7_]+")
_BASE_60 = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")


def base_quirk(node: yaml.Node, value: Any) -> str:
    """Why a plain number YAML 1.1 read in another base is refused, or '': a leading 0 is octal
    (`time: 010` was 8) and colons are base 60 (`1:30` was 90), both taken without a word."""
    if not isinstance(node, yaml.ScalarNode) or node.style or isinstance(value, bool):  # (plain: None, or the C loader's '')
        return ""
    text = node.value
    if _OCTAL.fullmatch(text) and isinstance(value, int) and value != int(text.replace("_", "")):
        # (a name or an id may be such digits: `name: 0123` is text to quote, not a number to rewrite)
        return (f"{text} reads as {value} in YAML (a leading 0 makes a number octal): write "
                f"{int(text.replace('_', ''))} (or {value}), without the leading 0, or quote the text")
    if _BASE_60.fullmatch(text) and isinstance(value, int | float):
        return f"{text} reads as {value} in YAML (colons make a number base 60): write the number itself, or quote the text"
    return ""


_PLAIN_TAG = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}
"""The tag of an untagged mapping or list (and of one tagged `!!map`, `!!seq`): the only ones read as such."""
_YAML_TAG = "tag:yaml.org,2002:"


def _written_tag(tag: str) -> str:
    """A tag as a file writes it: `!!omap`, not tag:yaml.org,2002:omap."""
    return "!!" + tag.removeprefix(_YAML_TAG) if tag.startswith(_YAML_TAG) else tag


def _unreadable(exc: yaml.YAMLError, node: yaml.Node, loader: yaml.SafeLoader) -> str:
    """The message for a value YAML could not build (a tag it has no constructor for, `!!int` on a
    text), with the likely tag when the node's own is a misspelt `!remove` (`!remvoe`, `!Remove`)."""
    # Its str quotes the text over several lines: the problem alone, as --set says it.
    reason = getattr(exc, "problem", None) or (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    hint = ""
    if node.tag not in loader.yaml_constructors and guess(_written_tag(node.tag), [REMOVE_TAG]):
        hint = f" (did you mean {REMOVE_TAG!r}?)"
    return f"cannot read value: {reason}{hint}"


def key_problem(key: Any) -> str:
    """Why a mapping key YAML built is none a file (or a --set) may use: keys are text, and a
    whole number reads as its text; '' for a good key."""
    if isinstance(key, str | int) and not isinstance(key, bool):
        return ""
    return f"mapping keys must be text, not {as_written(key)}"


def comment_problem(raw: str, option: str) -> str:
    """Why the value `raw` of a `--set key=raw` (or a sweep's values) cannot be taken as typed:
    it holds a YAML comment (` #` outside quotes), which YAML drops without a word (`--set
    'name=Draft #2'` named the variant 'Draft', and `--set 'crews.bays.time=#2'` read "got null").
    A command line has no use for a comment: '' when there is none, or when the text is not YAML
    the parser reads (its own error says so)."""
    try:
        tokens = list(yaml.scan(raw))
    except yaml.YAMLError:
        return ""
    pos, at = 0, None
    for token in tokens:  # comments are what lies between tokens (the last token ends the text)
        if "#" in raw[pos:token.start_mark.index]:
            at = raw.index("#", pos)
            break
        pos = max(pos, token.end_mark.index)
    if at is None:
        return ""
    comment = raw[at:].splitlines()[0].rstrip()
    return (f"{echoed(comment)!r} is a YAML comment, which {option} would silently drop: leave it out, or quote the "
            "text if the '#' belongs to it")


def foreign_value(value: Any) -> str:
    """Why a value YAML built (a file's, a --set's, a sweep's or a tune's) is none a variant
    holds, or '': binary (`!!binary`), which a text key took silently as its bytes and which JSON
    (run.json, the variant's hash) cannot write, so that validate stopped with 'internal error:
    TypeError: Object of type bytes is not JSON serializable'; a set (`!!set` in a --set), quoted
    as Python writes it; a mapping key that is not text (key_problem). A date (2001-12-14) is
    left to the schema, which refuses it with its own message (written as its text)."""
    if isinstance(value, bytes | bytearray):
        return f"a !!binary value is bytes, not text (got {as_written(value)}): write the text itself"
    if isinstance(value, set | frozenset):
        return f"a !!set is not a value a variant holds (got {as_written(value)}): write a list, [a, b]"
    if isinstance(value, dict):
        for k, v in value.items():
            if message := key_problem(k) or foreign_value(v):
                return message
    if isinstance(value, list | tuple):
        for v in value:
            if message := foreign_value(v):
                return message
    return ""


def number_quirk_in(text: str) -> str:
    """`base_quirk` of the first plain number in a YAML text read whole (a --set value, the
    values of a sweep's --set or a tune's --param), or ''."""
    try:
        stack = [yaml.compose(text, Loader=yaml.SafeLoader)]
    except yaml.YAMLError:  # (the reader of the text says why)
        return ""
    while stack:
        node = stack.pop(0)
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith((":int", ":float")):
            if message := base_quirk(node, yaml.safe_load(node.value)):
                return message
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value
        elif isinstance(node, yaml.MappingNode):
            stack += [n for pair in node.value for n in pair]  # (a key too: {010: 7} was {8: 7})
    return ""


def json_text(value: Any, **kw: Any) -> str:
    """A value YAML built, as JSON (what a sweep's or a tune's point writes into --set): what
    YAML reads but JSON cannot write (a date such as 2001-12-14) as its text, which the schema
    then judges like any other value."""
    return json.dumps(value, ensure_ascii=False, default=str, **kw)


def _joined(path: str, key: str) -> str:
    return f"{path}.{key}" if path and key else path or key


def _item_id(node: yaml.Node) -> str:
    """A list item's `id` (how variant paths name id-list items), or "" (the path then gives its
    position from 0, as variant paths do)."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "id" and isinstance(value_node, yaml.ScalarNode):
                return str(value_node.value)
    return ""


_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
"""A plain scalar YAML reads as a decimal integer (and Python's int() reads digit by digit)."""


def too_long_number(text: str) -> str:
    """The message for a plain scalar YAML would read as a decimal integer of more digits than
    Python converts (sys.get_int_max_str_digits(), 4,300): int() raises ValueError there, which
    was an internal error. '' for any other text."""
    limit = sys.get_int_max_str_digits()
    if len(text) <= limit or not _DECIMAL.fullmatch(text):
        return ""
    digits = sum(c.isdigit() for c in text)
    return f"a number of {digits:,} digits is too large to read (at most {limit:,} digits)" if digits > limit else ""


def long_number_in(text: str) -> str:
    """too_long_number's message for the first such number in a YAML text (a sweep's or tune's
    list of values), or '' (a text YAML cannot parse too: its load says why)."""
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.ScalarEvent) and event.implicit[0] and (message := too_long_number(event.value)):
                return message
    except yaml.YAMLError:
        pass
    return ""


def _check_events(text: str, label: str, loader: type[yaml.SafeLoader] = LOADER) -> None:
    """Depth, expanded size and self-referencing aliases, from the parser's event stream
    (iterative: no recursion, nothing built)."""
    depth = 0
    values = 0
    sizes: dict[str, int] = {}
    open_anchors: list[tuple[str | None, int]] = []

    def fail(event: yaml.Event, message: str) -> VariantError:
        mark = event.start_mark
        return VariantError([Problem(label, mark.line + 1, mark.column + 1, "", message)])

    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise fail(event, f"nested more than {MAX_DEPTH} levels deep")
            values += 1
            open_anchors.append((event.anchor, values))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
            anchor, first = open_anchors.pop()
            if anchor:
                sizes[anchor] = values - first + 1
        elif isinstance(event, yaml.ScalarEvent):
            values += 1
            if event.implicit[0] and (message := too_long_number(event.value)):
                raise fail(event, message)
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in sizes:
                if any(a == event.anchor for a, _ in open_anchors):
                    raise fail(event, f"alias *{event.anchor} refers to the anchor that contains it")
                continue  # an undefined alias: the composer reports it with its place
            values += sizes[event.anchor]
        if values > MAX_VALUES:
            raise fail(event, f"more than {MAX_VALUES:,} values once YAML aliases are expanded "
                              "(an alias bomb?)")


def check_yaml_limits(text: str, label: str) -> None:
    """Size, depth and alias limits of a YAML text (a --set value too); raises VariantError."""
    if len(text) > MAX_BYTES:
        raise VariantError([Problem(label, 1, 1, "", f"too large ({len(text):,} characters; at most {MAX_BYTES:,})")])
    _check_events(text, label, yaml.SafeLoader)  # short texts; the pure parser's wording of errors


PARSED_MEMO_LIMIT = 32
"""Documents whose trees `parse_text` keeps (a sweep's or tune's points each load the same base)."""

_parsed: dict[tuple[str, str, int], Node] = {}


def parse_text(text: str, label: str, *, first_item: int = 0) -> Node:
    """Parse one YAML document. Raises VariantError listing every problem found. A problem's key
    path counts list items from `first_item`: 0 as variant, gates and goals paths do, 1 in
    transcripts (docs/transcripts.md), whose own messages count moves and items from 1.

    The tree is the caller's to change (the loader merges and overrides in place): a text parsed
    before is given as a fresh copy of its tree, not parsed again — a sweep or a tune loads its
    base variant once per point or trial. Copying New Frontiers' base takes about 1 ms against
    18 ms to parse it (2026-12-04); the same text and label give the same tree, so nothing else
    changes."""
    key = (label, text, first_item)
    tree = _parsed.get(key)
    if tree is None:
        try:
            tree = _parse_text(text, label, LOADER, first_item)
        except VariantError:
            if LOADER is yaml.SafeLoader:
                raise
            # libyaml words some errors differently: say them as the pure-Python parser does, so a
            # message does not depend on how PyYAML was built.
            tree = _parse_text(text, label, yaml.SafeLoader, first_item)
        if len(_parsed) >= PARSED_MEMO_LIMIT:
            _parsed.clear()
        _parsed[key] = tree
    return _copy(tree)


def _copy(node: Node) -> Node:
    """A fresh copy of a tree `_parse_text` built (its values: Nodes in dicts and lists, and
    immutable scalars)."""
    value = node.value
    if isinstance(value, dict):
        value = {k: _copy(child) for k, child in value.items()}
    elif isinstance(value, list):
        value = [_copy(child) for child in value]
    return Node(value, node.file, node.line, node.col, node.key_line, node.key_col)


_GLUED_TAG = re.compile(r"(![A-Za-z_]+)([,}\]])")
"""A tag glued to a flow indicator: `!remove}`, `!remove,`."""


def _parse_text(text: str, label: str, loader_class: type[yaml.SafeLoader], first_item: int = 0) -> Node:
    problems: list[Problem] = []
    if len(text) > MAX_BYTES:
        raise VariantError([Problem(label, 1, 1, "", f"file too large ({len(text):,} characters; "
                                                     f"at most {MAX_BYTES:,})")])
    try:
        _check_events(text, label, loader_class)
        loader = loader_class(text)
        try:
            root = loader.get_single_node()
            if root is None:
                raise VariantError([Problem(label, 1, 1, "", "the file is empty")])
            tree = _convert(root, loader, label, problems, first_item=first_item)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = exc.problem or str(exc)
        # An unclosed `[`, `{` or quote is found where parsing cannot go on, often a line below
        # the mistake (the next key's `:`): say where what was left open starts.
        start = exc.context_mark
        if (exc.problem and start and exc.context and ("flow" in exc.context or "quoted" in exc.context)
                and (start.line + 1, start.column + 1) != (line, col)):
            what = exc.context.removeprefix("while parsing a ").removeprefix("while scanning a ")
            reason += f" (in the {what} that starts at {start.line + 1}:{start.column + 1})"
        # A tag written against a flow indicator (`{3: !remove}`, `{3: !remove, 4: 5}`) reads the
        # indicator as part of the tag, and PyYAML's reason names only a character it expected.
        lines = text.splitlines()
        here = lines[line - 1] if 0 < line <= len(lines) else ""
        glued = list(dict.fromkeys(m.group(0) for m in _GLUED_TAG.finditer(here)))
        if glued:
            reason += (f" ({' '.join(f'`{g}`' for g in glued)}: a tag runs into the ',', '}}' or ']' written right after it; in a flow "
                       "map or list put a space between them, e.g. `{3: !remove }`, or write the map in block style)")
        raise VariantError([Problem(label, line, col, "", f"malformed YAML: {reason}")]) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise VariantError([Problem(label, line, col, "", f"malformed YAML: character U+{ord(char):04X} is not "
                                                          "allowed in YAML text")]) from None
    except yaml.YAMLError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise VariantError([Problem(label, 1, 1, "", f"malformed YAML: {reason}")]) from None
    if problems:
        raise VariantError(problems)
    return tree


def parse_file(path: Path, label: str | None = None, what: str = "a variant", *, first_item: int = 0) -> Node:
    """Read and parse a YAML file (`what` it is, for the message about a folder given as one); a
    missing or unreadable file is a located problem too. `first_item`: as `parse_text`."""
    label = label or str(path)
    return parse_text(read_text_limited(path, label, what), label, first_item=first_item)


def read_text_limited(path: Path, label: str, what: str = "a variant") -> str:
    """A regular file's UTF-8 text, at most MAX_BYTES; VariantError otherwise (`what` the file
    is, for the message about a folder given as one; a pipe or device is said as every reader
    says it, `io.not_regular`)."""
    def problem(message: str) -> VariantError:
        return VariantError([Problem(label, 1, 1, "", message)])

    # An empty path ('', an unset variable in `--gate "$GATES"`) reaches here as '.': "is a folder" named a
    # folder the user never wrote.
    folder = "is a folder, not a file"
    if str(path) == ".":
        folder = f"is the current folder, not a file (an empty path, '', reads as '.'): give {what}"
    elif label == ".":  # the current folder by its path (`validate "$PWD"`): no empty path was given
        folder = f"is the current folder, not a file: give {what}"
    elif (path / "run.json").is_file():
        # A run's folder where its variant was meant (`compare runs/base runs/best` after a tune): say what
        # the folder is and what reads one, not only that it is no file. Both readers: to `calibrate RUN
        # --against RUN` naming only `playtest report` hid that the run belongs after --against.
        folder = (f"is a run folder, not a file: give {what} (a run folder is read by `playtest report` "
                  "and `playtest calibrate --against`)")

    if not_utf8_at(f"{path}{label}") is not None:
        # A name with a byte that is not UTF-8 (os.fsdecode's \udcff for 0xff) reads, but
        # playtest records the names of its inputs in what it writes (run.json, a saved game),
        # and writing it failed after the work: "internal error: UnicodeEncodeError".
        raise problem("the file's path is not UTF-8 text: rename it")
    try:
        data = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise problem("no such file") from None
    except IsADirectoryError:
        raise problem(folder) from None
    except NotRegularFile as exc:
        raise problem(exc.said) from None
    except FileTooLarge as exc:
        raise problem(f"file too large ({exc.size:,} bytes; at most {MAX_BYTES:,})") from None
    except OSError as exc:
        raise problem(f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise problem(f"file too large (more than {MAX_BYTES:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, message = not_utf8(data, exc)
        raise VariantError([Problem(label, line, 1, "", message)]) from None


def not_utf8(data: bytes, exc: UnicodeDecodeError) -> tuple[int, str]:
    """(line, message) of a file that is not UTF-8 text, as every reader of playtest's files
    says it (variants, transcripts, gates, run.json)."""
    return data[: exc.start].count(b"\n") + 1, f"not UTF-8 text (byte {exc.start})"
