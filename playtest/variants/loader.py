"""Variant files → a validated, frozen Variant: `extends` chains, `--set` overrides, schema errors
reported as `file:line:col: key.path: message`, every one at once."""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import math
import os
import re
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from playtest.errors import OVERRIDE, Cause, PlaytestError, Problem, VariantError, override_label
from playtest.filekinds import is_run_info, is_transcript, listing_key, listing_said, run_info_said
from playtest.io import not_regular
from playtest.suggest import guess, numbered_alike
from playtest.text import echoed, not_utf8_at
from playtest.variants.diff import Change, diff, with_defaults
from playtest.variants.merge import REMOVE_KEY, is_id_list, item_id, left_removes, merge
from playtest.variants.model import VariantModel
from playtest.variants.problems import (
    annotation_at,
    problem_at,
    problem_from_pydantic,
    root_causes,
    short,
)
from playtest.variants.source import (
    REMOVE_TAG,
    REMOVED,
    Node,
    check_yaml_limits,
    comment_problem,
    foreign_value,
    number_quirk_in,
    parse_file,
    parse_text,
)

EXTENDS = "extends"
MAX_CHAIN = 32
"""Longest `extends` chain: a draft of a draft of ... 32 files deep."""
MAX_INT = 10_000
"""Largest whole number (in absolute value) a variant may hold: components, points and counts of
a board game; larger ones would exhaust memory (decks) or overflow output columns."""
MAX_VERSION = 10**18
"""Largest `rules_version` number: a label, not a quantity (a date such as 20261203 is common)."""
MAX_ITEMS = 1_000
"""Longest list in a variant."""
MAX_TEXT = 10_000
"""Longest string in a variant."""


@dataclass(frozen=True)
class Variant:
    """A validated variant: the game's typed model plus everything a run must record."""

    path: str
    model: VariantModel
    resolved: dict[str, Any]
    hash: str
    chain: tuple[str, ...]
    overrides: tuple[str, ...] = ()
    parent: str | None = None
    changes: tuple[Change, ...] = field(default=())
    """Keys this variant changes against the draft it extends (and its --set overrides)."""
    notes: tuple[Problem, ...] = field(default=())
    """Settings that can never take effect, located (VariantModel.notes): not errors."""
    written_rules_hash: str = ""
    """`rules_hash` of the rules as the files write them, a quoted number as text: the hash a tune
    search begun before 2026-12-06 stored (`scalars_as_validated` came then), which a resume of it
    compares. Empty when the files quote no number or yes/no (then it is `rules_hash(resolved)`):
    every load would otherwise hash the rules twice for what only a resume reads."""

    @property
    def game(self) -> str:
        return self.model.game

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def slug(self) -> str:
        return Path(self.path).stem


def variant_hash(resolved: dict[str, Any]) -> str:
    """A short, stable fingerprint of the resolved rules (not of the file's text): the same for
    two drafts that differ only in how they spell a number (`2` and `2.0`, which validate to the
    same rules), so that calibrate, play tables, resume and diff call them the same variant.

    It hashes the resolved data with its numbers canonicalised (`canonical`), not the validated
    model: a run.json holds only the resolved data, which a resume hashes again before it
    validates anything; the model's dump adds every default, so its hash would change with each
    default a game adds and would differ from the hash of every run folder, transcript and
    document made so far. The canonical form of data that writes no integral float is the data
    itself, so such a variant keeps the hash it had (every variant in variants/ does)."""
    return spelled_hash(canonical(resolved))


def variant_hash_now(schema: type[BaseModel], resolved: dict[str, Any]) -> str:
    """The hash `load_variant` gives now to the rules a run or a search recorded (run.json's
    `variant.resolved`, validated by the game's `schema`): what to compare with a variant file's
    hash, not the hash recorded beside them (`resolved_now`)."""
    return variant_hash(resolved_now(schema, resolved))


def resolved_now(schema: type[BaseModel], resolved: dict[str, Any]) -> dict[str, Any]:
    """The resolved data a run or a search recorded as `load_variant` resolves the same file now.
    A run made before `variant_hash` canonicalised numbers recorded the hash of the data as spelt,
    and one made before `scalars_as_validated` recorded a quoted number as text (`max_rounds:
    "12"`, hashed apart from 12): the unchanged file they were made from was said to have changed
    since. Data the schema no longer validates is kept as recorded (it is no file's data now)."""
    try:
        validated = schema.model_validate(resolved).model_dump()
    except ValidationError:
        return resolved
    return scalars_as_validated(resolved, validated)


PROSE_KEYS = ("name", "description")
"""The keys of a variant that name and describe it: no game reads them."""


def rules_edited(recorded: dict[str, Any], now: dict[str, Any]) -> list[Change]:
    """The rule keys in which `now` (a variant's resolved data) differs from `recorded` (the
    resolved data a run, a search or a table game recorded, read as a file holding it loads now:
    `resolved_now`), as compare names them (`max_rounds: 60 → 9`); empty for the same rules — a new
    name or description (prose), or a key written out at the default the other side plays with."""
    from playtest.games import get_game

    try:
        then = resolved_now(get_game(now["game"]).schema, recorded)
    except (PlaytestError, KeyError, TypeError):  # no game to validate with: as recorded
        then = recorded
    if rules_hash(then) == rules_hash(now):
        return []
    return rule_changes(then, now)


def rules_of(resolved: dict[str, Any]) -> dict[str, Any]:
    """The resolved data without its name and description: what two variants must share to play
    the same games (tune's best.yaml check, the keys an extending draft is said to change)."""
    return {k: v for k, v in resolved.items() if k not in PROSE_KEYS}


def rules_hash(resolved: dict[str, Any]) -> str:
    """`variant_hash` of the rules alone (`rules_of`): a draft whose description was reworded
    keeps it (tune's --resume refused a search after such an edit, saying the rules had changed)."""
    return variant_hash(rules_of(resolved))


def spelled_hash(resolved: dict[str, Any]) -> str:
    """The fingerprint of the resolved data as spelt: `variant_hash` before it canonicalised
    numbers, and what a run folder made then recorded (a resume accepts it, sim.batch)."""
    text = json.dumps(resolved, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def canonical(value: Any) -> Any:
    """`value` with every number in one spelling, at any depth of mappings and lists: an
    integral float is the int it equals (`2.0` → `2`, `-0.0` → `0`); yes/no stay yes/no (`True`
    is an int to Python, not to a variant: `bool_number_mixups`), text stays text (`'2'` is
    not `2`). A mapping key is the text JSON writes for it (a variant's keys are text,
    source.key_problem; a number key is spelt canonically like a number value)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {_canonical_key(k): canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    return value


def _canonical_key(key: Any) -> str:
    return key if isinstance(key, str) else json.dumps(canonical(key))


def _resolve(path: Path, stack: tuple[Path, ...], label: str) -> tuple[Node, tuple[str, ...], Node | None]:
    """The merged tree of `path` and its ancestors, the chain of files, and the parent's tree."""
    tree = parse_file(path, label)
    if not isinstance(tree.value, dict):
        raise VariantError([tree.problem("", "a variant must be a mapping of keys to values")])
    ext = tree.value.pop(EXTENDS, None)
    if ext is None:
        removes = left_removes(tree, "", "this file extends no draft")
        if removes:
            raise VariantError(removes)
        return tree, (label,), None
    if not isinstance(ext.value, str) or not ext.value:
        raise VariantError([ext.problem(EXTENDS, "must be the path of the variant file it extends")])
    if "\x00" in ext.value:
        raise VariantError([ext.problem(EXTENDS, "a path may not contain NUL characters")])
    try:
        parent_path = (path.parent / ext.value).resolve()
        if not parent_path.exists() and parent_path.suffix == "":
            parent_path = parent_path.with_suffix(".yaml")
    except (OSError, RuntimeError):
        raise VariantError([ext.problem(EXTENDS, f"cannot resolve {ext.value!r} (a symbolic link loop?)")]) from None
    parent_label = _label(parent_path)
    if parent_path in stack:
        cycle = " → ".join([*(_label(p) for p in stack), parent_label])
        raise VariantError([ext.problem(EXTENDS, f"extends cycle: {cycle}")])
    if len(stack) >= MAX_CHAIN:
        raise VariantError([ext.problem(EXTENDS, f"extends chain longer than {MAX_CHAIN} files, starting at "
                                                 f"{_label(stack[0])} ({_label(stack[0])} → {_label(stack[1])} → … → "
                                                 f"{_label(stack[-1])} → {parent_label})")])
    if not parent_path.exists():
        raise VariantError([ext.problem(EXTENDS, f"parent variant not found: {parent_label}")])
    if not parent_path.is_file():
        # As written: the folder's label relative to the working directory can be "."
        what = "is a folder, not a variant file" if parent_path.is_dir() else not_regular(parent_path)
        raise VariantError([ext.problem(EXTENDS, f"{ext.value} {what}")])
    try:
        parent_tree, chain, _ = _resolve(parent_path, (*stack, parent_path), parent_label)
    except VariantError as err:  # the extended file is no readable variant (malformed YAML, empty, a list ...)
        raise VariantError([_through(p, ext, label) for p in err.problems]) from None
    earlier = parent_tree.unmerged or []  # the parent's own unmerged items: said with this file's mistakes
    mine, theirs = tree.value.get("game"), parent_tree.value.get("game") if isinstance(parent_tree.value, dict) else None
    if mine is not None and theirs is not None and mine.value != theirs.value:
        raise VariantError([*earlier, mine.problem("game", f"{short(mine.plain())}, but it extends {parent_label}, a "
                                                           f"variant of {short(theirs.plain())}: a variant extends one of "
                                                           "its own game")])
    try:
        merged = merge(parent_tree, tree)
    except VariantError as err:  # a `!remove` that deletes nothing here: the parent's were lost with it
        raise VariantError([*earlier, *err.problems]) from None
    merged.extends_at = (ext.key_line or ext.line, ext.key_col or ext.col)
    merged.extends_file = parent_path
    if earlier:
        merged.unmerged = [*earlier, *(merged.unmerged or [])]
    return merged, (label, *chain), parent_tree


def _through(problem: Problem, ext: Node, label: str) -> Problem:
    """A problem of an extended file that could not be read as a variant (malformed YAML, an empty
    file, a list, a duplicate key), said at this file's `extends:` with the place it is in, as a
    problem a parent draft's keys hold is (`_from_child`): `validate mine.yaml` read only
    "README.md:10:1: malformed YAML ..." for `extends: README.md`, naming neither the file given nor
    its `extends:`. A problem of an `extends:` further up (a cycle, a missing file) already names the
    chain and the line to change: it stays where it is."""
    if problem.path == EXTENDS and problem.cause is None:
        return problem
    cause = problem.cause
    if cause is not None and cause.places and cause.places[-1].startswith("extended by "):  # said at a draft between
        places = (*cause.places[:-1], f"{cause.places[-1]}, extended by {label}")
        message = cause.message
    else:
        places = (f"in {problem.file}:{problem.line}:{problem.col}", f"extended by {label}")
        message = problem.message
    said = Cause(message, places, ())
    return Problem(label, ext.key_line or ext.line, ext.key_col or ext.col, problem.path, said.text(()), said)


def _label(path: Path) -> str:
    """A path as the user would like to read it: relative to the working directory if inside, else
    as given with `..` folded in (a transcript's `variant: ../../variants/x.yaml` read from another
    folder was labelled '/a/docs/examples/table/../../../variants/x.yaml'). Only a label: files are
    read from `path` itself. A `..` after a symbolic link stays: `../b/link/../x.yaml` (link →
    ../c/d) is c/x.yaml, and folded it named ../b/x.yaml, another file or none."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):
        folded = os.path.normpath(path)
        try:
            return folded if Path(folded).resolve() == path.resolve() else str(path)
        except (OSError, RuntimeError):
            return str(path)


def parse_override(text: str) -> tuple[list[str], Any]:
    """`key.path=value` → (["key", "path"], value parsed as YAML). Raises VariantError."""
    label = override_label(text)
    if (at := not_utf8_at(text)) is not None:
        # A byte that is not UTF-8 reaches Python as a lone surrogate (\udcff for 0xff): in the
        # key it was blamed on the variant file ("draft5.yaml:4:1: Input should be a valid
        # string ..."), in the value it was YAML's "unacceptable character #xdcff".
        raise VariantError([Problem(label, 1, at + 1, "", f"not UTF-8 text (byte 0x{ord(text[at]) - 0xDC00:02x})")])
    key, sep, raw = text.partition("=")
    if not sep or not key.strip() or any(not part for part in key.strip().split(".")):
        raise VariantError([Problem(label, 1, 1, "", "expected key.path=value")])
    if raw.strip() == REMOVE_TAG:
        return key.strip().split("."), REMOVED
    if message := comment_problem(raw, "--set"):
        raise VariantError([Problem(label, 1, len(key) + 2, key.strip(), message)])
    try:
        check_yaml_limits(raw, label)
        value = yaml.safe_load(raw) if raw.strip() else ""
    except yaml.YAMLError as exc:
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        col = len(key) + 2
        # An unclosed `[`, `{` or quote: say what was left open and point at it (the value's
        # end, where PyYAML stops, says nothing of it), as a variant file's message does. Only
        # when PyYAML ran out of value: a closed one with another mistake inside ('{a: b: c}',
        # '"\\q"') read "the flow mapping opened by the `{` ... is not closed"; it is named as
        # the place the mistake is in, as a variant file's message does.
        start, context = getattr(exc, "context_mark", None), getattr(exc, "context", None) or ""
        opener = raw[start.column] if start is not None and start.line == 0 and start.column < len(raw) else ""
        if start is not None and opener in ("[", "{", "'", '"') and ("flow" in context or "quoted" in context):
            what = context.removeprefix("while parsing a ").removeprefix("while scanning a ")
            at = col + start.column
            if "<stream end>" in reason or "end of stream" in reason:
                col = at
                reason += f" (the {what} opened by the `{opener}` at character {at} is not closed)"
            else:
                reason += f" (in the {what} that starts at character {at})"
        raise VariantError([Problem(label, 1, col, key, f"cannot read value: {reason}")]) from None
    if message := foreign_value(value) or number_quirk_in(raw):
        raise VariantError([Problem(label, 1, len(key) + 2, key, message)])
    return key.strip().split("."), value


def _to_node(value: Any, label: str, col: int) -> Node:
    if isinstance(value, dict):
        return Node({str(k): _to_node(v, label, col) for k, v in value.items()}, label, 1, col)
    if isinstance(value, list):
        return Node([_to_node(v, label, col) for v in value], label, 1, col)
    return Node(value, label, 1, col)


def apply_override(tree: Node, text: str) -> None:
    """Set one `key.path=value` in the tree (in place). Ids select items of id-lists;
    `key.path=!remove` deletes the key or the list item."""
    parts, value = parse_override(text)
    label = override_label(text)
    col = len(".".join(parts)) + 2
    if parts == ["game"] and isinstance(tree.value, dict) and "game" in tree.value and value != tree.value["game"].value:
        raise VariantError([Problem(label, 1, col, "game", f"a variant of {tree.value['game'].value!r} cannot be "
                                                           "turned into another game's: load a variant of that game")])
    node = tree
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        shown = ".".join(parts[: depth + 1])
        if isinstance(node.value, dict):
            if last and value is REMOVED:
                if part not in node.value:
                    known = ", ".join(node.value) or "none"
                    raise VariantError([Problem(label, 1, col, shown, f"no key '{part}' to remove (keys here: {known})")])
                _not_given_before(node.value[part], parts, text, col, shown)
                del node.value[part]
                return
            if last:
                _not_given_before(node.value.get(part), parts, text, col, shown)
                node.value[part] = _to_node(value, label, col)
                return
            if part not in node.value:
                node.value[part] = Node({}, label, 1, 1)
            node.value[part] = node = _own(node.value[part])
        elif isinstance(node.value, list):
            index = _list_index(node, part)
            if index is None:
                known = ", ".join(item_id(i) for i in node.value) if is_id_list(node) else f"0..{len(node.value) - 1}"
                message = f"no item '{part}' (known: {known})"
                if is_id_list(node) and part.isascii() and part.isdigit():
                    # worlds.45 of 40 worlds listed only the ids: a position was meant
                    message = f"no item '{part}' (positions 0..{len(node.value) - 1}; ids: {known})"
                elif last and is_id_list(node) and isinstance(value, dict) and value.get("id") == part:
                    # `--set developments.d19={id: d19, ...}` to add a tile: --set only changes
                    message += (f"; --set changes an item, it does not add one: add {part} in a draft that "
                                "`extends:` this file")
                if not node.value:  # an emptied list (a draft's `cards: []`) read 'known: 0..-1'
                    message = f"no item '{part}' (the list is empty; --set changes an item, it does not add one)"
                raise VariantError([Problem(label, 1, 1, shown, message)])
            if last and value is REMOVED:
                _not_given_before(node.value[index], parts, text, col, shown)
                del node.value[index]
                return
            if last and isinstance(value, dict) and value.get(REMOVE_KEY) is True and is_id_list(node):
                # A file's list removes an item with {id: x, remove: true}; here it would replace
                # the item with a mapping that is no item (three lines about crews.5.id, .time, .remove).
                raise VariantError([Problem(label, 1, col, shown, f"{{{REMOVE_KEY}: true}} removes an item in a "
                                                                  f"list written in a file; with --set write "
                                                                  f"{shown}=!remove")])
            if last and is_id_list(node) and not isinstance(value, dict):
                # `--set crews.bays=1` was "crews.5: Input should be a valid dictionary": the
                # item addressed by its id, said by its position.
                raise VariantError([Problem(label, 1, col, shown, f"an item of this list is a mapping of its keys "
                                                                  f"(got {short(value)}): to change one key, name it: "
                                                                  f"{shown}.<key>=<value>")])
            if last and is_id_list(node) and "id" not in value:
                # `--set crews.bays={time: 1}` replaces the whole item (a file's item merges by id):
                # it read "crews.5.id: required key is missing", and with the id filled in the crew
                # would silently lose its skill and name. Said at the item's id, with both ways on.
                raise VariantError([Problem(label, 1, col, shown, f"a mapping here replaces the whole item, and it "
                                                                  f"has no id: to change keys of "
                                                                  f"{item_id(node.value[index])}, set each one "
                                                                  f"({shown}.<key>=<value>); to replace it, "
                                                                  "give its id too")])
            if last:
                _not_given_before(node.value[index], parts, text, col, shown)
                node.value[index] = _to_node(value, label, col)
                return
            node.value[index] = node = _own(node.value[index])
        else:
            raise VariantError([Problem(label, 1, 1, shown, "is not a mapping or list, cannot set a key below it")])


def _not_given_before(old: Node | None, parts: list[str], text: str, col: int, shown: str) -> None:
    """Refuse a --set that would replace (or remove) a value an earlier --set gave: `--set k=1
    --set k=2` silently played k=2, and `--set crews.bays.time=2 --set 'crews.bays={...}'` dropped
    the first --set without a word. A key given twice is a slip: the designer meant one of them.
    (A whole item then one of its keys, `crews.bays={...}` then `crews.bays.time=2`, is refused
    as well when the item's mapping already gave that key; a key it lacked is added.)"""
    earlier = _first_override(old) if old is not None else None
    if earlier is None:
        return
    label = override_label(text)
    if earlier.partition("=")[0].strip().split(".") == parts:
        before, now = (echoed(t.partition("=")[2].strip()) for t in (earlier, text))
        message = f"given twice ({before} and {now}): give each key once"
    else:
        what = "removes" if text.partition("=")[2].strip() == REMOVE_TAG else "replaces"
        # the earlier key without its value: a sweep's points then say one line, not one per value
        message = f"{what} what --set {earlier.partition('=')[0].strip()}=… gave before it: give each key once"
    raise VariantError([Problem(label, 1, col, shown, message)])


def _first_override(node: Node) -> str | None:
    """The `key.path=value` of the first --set that gave `node` or a value inside it, if any."""
    if node.file.startswith(OVERRIDE):
        return node.file.removeprefix(OVERRIDE)
    children = node.value.values() if isinstance(node.value, dict) else node.value if isinstance(node.value, list) else ()
    return next(filter(None, map(_first_override, children)), None)


def _own(node: Node) -> Node:
    """`node` with a container of its own to change: a merged tree shares the nodes a file did
    not change with its parent's tree, which the loader diffs against (--set crews.armstrong.time=7
    on a draft that leaves armstrong alone changed the parent too, and was missing from
    `Variant.changes` and `validate --changes`)."""
    if isinstance(node.value, dict):
        return replace(node, value=dict(node.value))
    if isinstance(node.value, list):
        return replace(node, value=list(node.value))
    return node


def _list_index(node: Node, part: str) -> int | None:
    if is_id_list(node):
        for i, item in enumerate(node.value):
            if item_id(item) == part:
                return i
    if part.isascii() and part.isdigit() and int(part) < len(node.value):  # a position from 0 (no negative positions:
        return int(part)                                 # crews.-1 would silently mean the last crew)
    return None


def _real(path: Path) -> Path:
    """`path` resolved, except a name that exists only unresolved: a process substitution's
    /dev/fd/63 resolves to '/proc/<pid>/fd/pipe:[…]', which named no file ('no such file') where
    the reader says what it is (a pipe, which no variant can be)."""
    real = path.resolve()
    return real if real.exists() or not path.exists() else Path(os.path.abspath(path))


def load_variant(path: str | Path, overrides: Sequence[str] = ()) -> Variant:
    """Load, merge, override and validate one variant file. Raises VariantError."""
    path = Path(path)
    label = _label(path)
    try:
        real = _real(path)
    except (OSError, RuntimeError):
        raise VariantError([Problem(str(path), 1, 1, "", "cannot resolve the path (a symbolic link loop?)")]) from None
    tree, chain, parent_tree = _resolve(real, (real,), label)
    unmerged = tree.unmerged or []
    own_keys = tree.plain() if overrides else None  # the file's own keys, before any --set
    try:
        for text in overrides:
            apply_override(tree, text)
        variant = validate_tree(tree, label, chain, tuple(overrides), parent_tree, own_keys)
    except VariantError as err:
        raise VariantError([*unmerged, *err.problems]) from None
    if unmerged:
        raise VariantError(unmerged)
    return variant


def check_overrides_apply(path: str | Path, overrides: Sequence[str]) -> None:
    """Apply `overrides` to the variant's tree as `load_variant` does, without validating the
    result: raises the VariantError of the first that cannot be applied, such as one that replaces
    what an earlier one gave (`_not_given_before`), and not one of a variant the values make
    invalid together."""
    path = Path(path)
    real = _real(path)
    tree, _, _ = _resolve(real, (real,), _label(path))
    for text in overrides:
        apply_override(tree, text)


def load_variant_text(text: str, label: str = "<text>") -> Variant:
    """Validate a variant given as YAML text (no `extends`); used by tests and tools."""
    tree = parse_text(text, label)
    if not isinstance(tree.value, dict):
        raise VariantError([tree.problem("", "a variant must be a mapping of keys to values")])
    if EXTENDS in tree.value:
        raise VariantError([tree.value[EXTENDS].problem(EXTENDS, "extends needs a file, not text")])
    return validate_tree(tree, label, (label,), (), None)


class _FileItself(VariantError):
    """A problem of the file itself, whatever --set is given: it is another kind of playtest file
    (filekinds), not a variant, or names a game that is not installed."""


def validate_tree(
    tree: Node, label: str, chain: tuple[str, ...], overrides: tuple[str, ...], parent_tree: Node | None,
    own_keys: Any = None,
) -> Variant:
    """`own_keys`: the file's tree as plain values before the `overrides` were applied (what the file
    itself changes, and what the overrides of a file that extends nothing are compared with; None
    when there are no overrides)."""
    try:
        variant = _validate_tree(tree, label, chain, overrides, parent_tree, own_keys)
    except VariantError as err:
        # What the user's file is (a gates file, a run.json, a transcript; its unknown game) no
        # --set made it: said without '(with --set tie=shared)', which `sweep` repeated once per
        # grid point.
        own = isinstance(err, _FileItself)
        raise VariantError([p if own and p.file == label else
                            _from_child(p, tree, label, chain, overrides, parent_tree, own_keys)
                            for p in err.problems]) from None
    if not variant.notes:
        return variant
    # A note about a key the parent draft holds is the user's file's (or --set's) doing, as an error
    # is, unless the parent draft gives it alone: then it is the parent's note, said as the parent
    # says it. A draft extending draft 6a with planets_dealt.4 changed was told Bays' gain_cubes can
    # never take a cube '(…, extended by mine.yaml, which changes planets_dealt.4)', at that key,
    # as if the change caused what draft 6a's cubes.start_in_hand does.
    inherited = _ParentNotes(tree.extends_file)
    return replace(variant, notes=tuple(
        inherited.same(p) or _from_child(p, tree, label, chain, overrides, parent_tree, own_keys)
        for p in variant.notes))


class _ParentNotes:
    """The notes the extended draft gives alone, loaded the first time one is asked for (most
    variants have no note from a parent draft's keys)."""

    def __init__(self, parent: Path | None) -> None:
        self.parent = parent
        self.notes: tuple[Problem, ...] | None = None

    def same(self, note: Problem) -> Problem | None:
        """The parent's own note that `note` (from a parent draft's keys, not yet said as the
        child's) is, or None: the same key and words. A parent that does not load alone has none."""
        if self.parent is None or note.in_override:
            return None
        if self.notes is None:
            try:
                self.notes = load_variant(self.parent).notes
            except VariantError:
                self.notes = ()
        for own in self.notes:
            if own.path == note.path and (own.cause.message if own.cause is not None else own.message) == note.message:
                return own
        return None


def _from_child(problem: Problem, tree: Node, label: str, chain: tuple[str, ...], overrides: tuple[str, ...],
                parent_tree: Node | None, own_keys: Any = None) -> Problem:
    """A problem whose place is in a parent draft, but which the user's file (or a --set) caused:
    reported at the user's file (its `extends:` line), with the parent's place and what the file
    changes, so the user knows both where the key lives and what to change. "which changes" names
    the file's own changes (`own_keys`, before any --set): a key only a --set changed is the --set's,
    named after it ('which changes rules_version, end, colors.blue, with --set colors.blue=!remove'
    blamed the file for the --set's key)."""
    if problem.in_override or (problem.file == label and not overrides):
        return problem
    if problem.file == label:  # a --set changed a key whose error shows elsewhere in the file
        cause = Cause(problem.message, (), tuple(overrides))
        return Problem(problem.file, problem.line, problem.col, problem.path, cause.text(cause.sets), cause)
    parts = [f"in {problem.file}:{problem.line}:{problem.col}"]
    extended = [*reversed(chain[: chain.index(problem.file)])] if problem.file in chain else [label]
    if extended:
        parts.append("extended by " + ", extended by ".join(extended))
    changed: list[str] = []
    # A problem at the extended draft's `game:` (an unknown game, a plugin that fails to load) is
    # that draft's: no key this file changes causes it, so it is shown at `extends:`, not at the
    # file's one change ("which changes match_bonus" sent the designer to an unrelated key).
    if parent_tree is not None and problem.path != "game":
        mine = tree.plain() if own_keys is None else own_keys
        changed = [c.path for c in diff(parent_tree.plain(), mine) if c.path not in PROSE_KEYS]
        if changed:
            more = f" and {len(changed) - 4} more" if len(changed) > 4 else ""
            parts[-1] += f", which changes {', '.join(changed[:4])}{more}"
    cause = Cause(problem.message, tuple(parts), tuple(overrides))  # (the --set after the places)
    line, col = tree.extends_at or (1, 1)
    own = _node_of_change(tree, changed[0], label) if len(changed) == 1 and not overrides else None
    removed = tree.removed or {}
    gone = [at for path, at in removed.items()
            if problem.path and _overlaps(tuple(path.split(".")), tuple(problem.path.split(".")))]
    if len(changed) == 1 and not overrides and changed[0] in removed:
        gone.append(removed[changed[0]])
    if own is not None:  # the file's one change: the problem's cause, shown where it is written
        line, col = own.line, own.col
    elif gone:  # the key the problem is about, or the file's one change, deleted with !remove: shown there
        line, col = gone[0]
    return Problem(label, line, col, problem.path, cause.text(cause.sets), cause)


def _another_games_keys(tree: Node, label: str, chain: tuple[str, ...], game: str,
                        schema: type[BaseModel]) -> Problem | None:
    """A draft without `game:` that extends a variant of another game than the one its keys are
    for (`extends: ../ohseven/base.yaml` above Stargate's planets_dealt, cubes and max_rounds):
    one line at `extends:`, not an 'unknown key' line per key. Said when every top-level key of
    the file that `game` does not know is a key of one other installed game, and there are two or
    more of them or the one is no likely misspelling of a key of `game` (a Stargate draft's
    `rounds:` meant max_rounds, though Oh-Seven has a `rounds`)."""
    from playtest.games import GamePluginError, game_names, get_game

    unknown = [k for k, node in tree.value.items()
               if k not in schema.model_fields and node.file == label and isinstance(k, str)]
    if tree.extends_at is None or len(chain) < 2 or "game" in unknown or not unknown or (
            len(unknown) == 1 and guess(unknown[0], list(schema.model_fields)) is not None):
        return None
    for other in game_names():
        try:
            fields = get_game(other).schema.model_fields if other != game else {}
        except GamePluginError:
            continue
        if fields and all(k in fields for k in unknown):
            line, col = tree.extends_at
            keys = ", ".join(unknown[:-1]) + (" and " if len(unknown) > 1 else "") + unknown[-1]
            return Problem(label, line, col, "extends", (
                f"{chain[1]} is a variant of {game!r}, but {keys} {'are keys' if len(unknown) > 1 else 'is a key'} "
                f"of {other!r} variants: extend a variant of {other!r}"))
    return None


def _node_of_change(tree: Node, path: str, label: str) -> Node | None:
    """The node written in file `label` at a change's dotted path (id-list items by id, as
    `diff` names them), or None when the path does not lead to one there."""
    node = tree
    for seg in path.split("."):
        value = node.value
        if isinstance(value, dict) and seg in value:
            node = value[seg]
        elif isinstance(value, list):
            found = [i for i in value if isinstance(i.value, dict) and "id" in i.value and str(i.value["id"].value) == seg]
            if not found and seg.isascii() and seg.isdigit() and int(seg) < len(value):
                found = [value[int(seg)]]
            if not found:
                return None
            node = found[0]
        else:
            return None
    return node if node.file == label else None


def changes_under_rules(schema: type[BaseModel], base: Any, other: Any, changes: Sequence[Change]) -> tuple[Change, ...]:
    """`changes` (from `diff` of two resolved variants of one game) as the two play them, each
    side validated with its defaults (`with_defaults`): `timing: before` written out where the
    parent left the default, or `!remove` of a key whose default is the parent's value, changes no
    rule (they were listed as 'timing: (absent) → before'), and a key one side leaves out is shown
    at its default. `other` is a resolved variant or its validated model. The changes are kept as
    written whenever that cannot be told (a side that does not validate alone, a path that does
    not lead to a value in both): a real change is never dropped. The loader's `changes` and
    compare's and diff's "Rule changes" both come from here."""
    if not changes:
        return ()
    try:
        full = [side.model_dump(mode="json") if isinstance(side, BaseModel)
                else schema.model_validate(side).model_dump(mode="json") for side in (base, other)]
    except ValidationError:
        return tuple(changes)
    return tuple(with_defaults(changes, *full))


def rule_changes(base: dict, other: dict) -> list[Change]:
    """The keys of two resolved variants that differ, the prose `name` and `description` left
    out: no game reads them (compare's and diff's "Rule changes", whose heading names the two
    drafts; what a resumed search or a run's game played again names when its draft was edited). A key one of them leaves out is shown at
    the default it plays with (`dice: 1 (default) → 2`), not as '(absent)'; an id'd list put in
    another order as its ids' order (`diff`)."""
    from playtest.games import get_game

    changes = diff(rules_of(base), rules_of(other))
    try:
        schema = get_game(base["game"]).schema
    except (PlaytestError, KeyError, TypeError):  # no game to read defaults from: as written
        return changes
    return list(changes_under_rules(schema, base, other, changes))


def _validate_tree(
    tree: Node, label: str, chain: tuple[str, ...], overrides: tuple[str, ...], parent_tree: Node | None,
    own_keys: Any = None,
) -> Variant:
    from playtest.games import GamePluginError, game_names, get_game, known_games, known_games_for

    data = tree.plain()
    game = data.get("game")
    where = tree.value.get("game", tree)
    listing = listing_key(tree.value)
    if listing is not None:  # first: a file that is no variant at all is said so, not its numbers
        # A gates or goals file given where a variant goes read "game: required key is
        # missing", as if adding `game:` would make it one (and with a `game:`, one line per key
        # a variant needs).
        raise _FileItself([tree.value[listing].problem(listing, listing_said(listing, "a variant"), at_key=True)])
    if "game" not in tree.value and (typo := next((k for k in tree.value if isinstance(k, str) and k != "extends"
                                                   and guess(k, ["extends"], cutoff=0.75)), None)):
        # `extend: base.yaml` read as a file of its own: "game: required key is missing" named
        # neither the misspelt key nor the draft it meant to extend
        raise VariantError([tree.value[typo].problem(typo, (
            "unknown key (did you mean 'extends'?): a draft names the file it changes with extends:, "
            "else it needs a game: of its own"), at_key=True)])
    if game not in game_names():
        message = "required key is missing" if "game" not in tree.value else f"unknown game {short(game)}"
        # a missing game: may be a --set's doing (game=!remove), and is said with it
        error = VariantError if "game" not in tree.value else _FileItself
        known = known_games_for(game) if "game" in tree.value else f"(known games: {known_games()})"
        raise error([where.problem("game", f"{message} {known}")])
    if is_run_info(tree.value):  # before its numbers: 'max_decisions: 250000 is too large' named no mix-up
        key, said = run_info_said("a variant")
        raise _FileItself([tree.value[key].problem(key, said, at_key=True)])
    limits = value_limits(tree)
    if limits:
        raise VariantError(limits)
    try:
        schema = get_game(game).schema
    except GamePluginError as err:
        raise VariantError([where.problem("game", str(err))]) from None
    if is_transcript(tree.value) and not {"variant", "players"} & set(schema.model_fields):
        # A transcript given where a variant goes: one line, not one per key of either kind.
        raise _FileItself([tree.value["variant"].problem("variant", (
            "this is a transcript (a recorded game: it has variant: and players:), not a variant: "
            "`playtest replay` replays it; its variant: names the variant file it was played with"), at_key=True)])
    try:
        model = schema.model_validate(data)
    except ValidationError as exc:
        stray = _another_games_keys(tree, label, chain, game, schema)
        if stray is not None:
            raise VariantError([stray]) from None
        problems = [problem_from_pydantic(tree, schema, err)
                    for err in _without_new_item_echoes(tree, root_causes(exc.errors(), schema))]
        parent = parent_tree.plain() if parent_tree is not None else None
        problems += [problem_at(tree, loc, message)
                     for loc, message in cross_key_issues_despite_errors(schema, data, parent, exc)]
        raise VariantError(problems) from None
    validated = model.model_dump()
    mixups = [problem_at(tree, loc, message) for loc, message in bool_number_mixups(data, validated)]
    if mixups:
        raise VariantError(mixups)
    semantic = [problem_at(tree, loc, message) for loc, message in model.issues()]
    if semantic:
        raise VariantError(semantic)
    changes: tuple[Change, ...] = ()
    if parent_tree is not None or overrides:
        # Only overrides: compare with the file as written (its tree before any --set). It was read
        # again by its label, which names another file when the label folds a `..` that follows a
        # symbolic link (`../b/link/../x.yaml` is labelled ../b/x.yaml): 'no such file'.
        base = parent_tree.plain() if parent_tree is not None else own_keys
        changes = changes_under_rules(schema, base, model, diff(base, data))
    resolved = scalars_as_validated(data, validated)  # after the changes: those compare the files as written
    return Variant(
        path=label,
        model=model,
        resolved=resolved,
        hash=variant_hash(resolved),
        chain=chain,
        overrides=overrides,
        parent=chain[1] if len(chain) > 1 else None,
        changes=changes,
        notes=(*(problem_at(tree, loc, message) for loc, message in model.notes()), *new_ids_like_known(tree)),
        written_rules_hash=rules_hash(data) if resolved != data else "",
    )


def _without_new_item_echoes(tree: Node, errors: list[Any]) -> list[Any]:
    """Errors less the keys missing from an item that a draft adds only because its id is not
    a valid one (`{id: Red1, vp: [1, 2]}` for red1, `{id: 0, ...}`): the id matches no item of
    the draft it extends, so the item is new and lacks every key the file did not write
    ("planets.Red1.color: required key is missing ('Red1' is a new item ...)" beside the id's own
    line). One mistake, one line: the id's."""
    bad_ids = {tuple(e["loc"][:-1]) for e in errors if e["loc"] and e["loc"][-1] == "id"}

    def echo(e: Any) -> bool:
        if e["type"] != "missing":
            return False
        node = tree
        for i, seg in enumerate(e["loc"]):
            value = node.value
            if isinstance(value, dict) and str(seg) in value:
                node = value[str(seg)]
            elif isinstance(value, list) and isinstance(seg, int) and 0 <= seg < len(value):
                node = value[seg]
                if node.new_id and tuple(e["loc"][:i + 1]) in bad_ids:
                    return True
            else:
                return False
        return False

    return [e for e in errors if not echo(e)]


@dataclass(frozen=True)
class _Left:
    """An item left out of its list (`_repair`): it had an error and no parent version."""

    id: Any


def cross_key_issues_despite_errors(
    schema: type[VariantModel], data: dict[str, Any], parent: dict[str, Any] | None, exc: ValidationError
) -> list[tuple[tuple[Any, ...], str]]:
    """The cross-key problems (`issues()`) of a file that also has type errors, so that all its
    problems are reported at once. Each part with an error is set aside — the smallest enclosing
    id'd item (or top-level key) goes back to the parent draft's version, or is left out — and
    the rest is checked; problems inside a set-aside part are not reported (they may be caused by
    the stand-in), nor problems naming an item left out ('unknown color 'red'' for every red
    planet, when the color red has a type error). An item left out shortens its list, and a check
    that counts or reads that list (planets dealt against planet cards, a deck's cards against the
    hands dealt) would speak of the list without it ("4 players × 7 cards need 28 cards but the
    deck has 24" beside a suit's misspelt name): such a problem is kept only if it holds whatever
    stands in for the item — nothing, and in turn a copy of each other item of its list under its
    id (`_stand_ins`) — so that one mistake in an item is one line. Gives nothing when the file
    cannot be checked that way, nor when a whole list or section is a wrong value (`planets: []`,
    `cubes: 5`): the parent's version would stand in for a value unlike it ("no planet has an
    extension slot" for a draft whose own planets have them)."""
    for err in root_causes(exc.errors(), schema):
        loc = tuple(err["loc"])
        if len(loc) == 1 and err["type"] not in ("missing", "extra_forbidden") and _is_section(schema, loc[0]):
            return []
    found, in_place = _issues_beside(schema, data, parent, exc, whole=False)
    if not in_place:
        return found
    # A mistaken value set aside alone (`_repair`): the parent's value standing in for it may
    # cause a problem of its own (a bag "too few worlds for 5 players" where the file's players
    # are a mistake); only those said with the parent's whole section standing in too are kept.
    with_section, _ = _issues_beside(schema, data, parent, exc, whole=True)
    return [problem for problem in found if problem in with_section]


def _issues_beside(
    schema: type[VariantModel], data: dict[str, Any], parent: dict[str, Any] | None, exc: ValidationError, whole: bool
) -> tuple[list[tuple[tuple[Any, ...], str]], bool]:
    """`cross_key_issues_despite_errors` with each mistake set aside by `_repair` (`whole`: its
    whole top-level section, as the parent has it), and whether a value was set aside alone."""
    repaired = copy.deepcopy(data)
    set_aside: list[tuple[Any, ...]] = []
    dropped: list[str] = []
    alone: list[tuple[Any, ...]] = []
    for err in exc.errors():
        path = _repair(repaired, parent, tuple(err["loc"]), dropped, None if whole else alone)
        if path is None:
            return [], bool(alone)
        set_aside.append(path)
    stand_ins = _stand_ins(repaired) if dropped else []
    if dropped and not stand_ins:
        return [], bool(alone)  # a list of one item, left out: nothing can stand in for it, its error alone is said
    _drop_marked(repaired)

    def issues(version: dict[str, Any]) -> list[tuple[tuple[Any, ...], tuple[Any, ...], str]] | None:
        """(location, the location as keys and ids, message) of each problem outside the set-aside parts."""
        try:
            model = schema.model_validate(version)
        except ValidationError:
            return None
        out = []
        for loc, message in model.issues():
            where = _data_path(version, loc)
            if not any(_overlaps(where, p) for p in set_aside):
                out.append((loc, where, message))
        return out

    without = issues(repaired)
    if without is None:
        return [], bool(alone)
    if not dropped:
        return [(loc, message) for loc, _, message in without], bool(alone)
    places = {where for _, where, message in without if not any(f"'{ident}'" in message for ident in dropped)}
    runs = [found for found in map(issues, stand_ins) if found is not None]
    if not runs:
        return [], bool(alone)
    held = set.intersection(*({(where, message) for _, where, message in found} for found in runs))
    # A stand-in run's locations: its lists hold every item where the file has it (without the
    # item left out, the positions after it were one off).
    return [(loc, message) for loc, where, message in runs[0] if (where, message) in held and where in places], bool(alone)


def _is_section(schema: type[BaseModel], key: Any) -> bool:
    """Whether the schema's top-level `key` holds a list, mapping or model (a section), as
    opposed to one value: decided by the schema, not by what the file wrote there (a
    `description: [a, b]` is a wrong value for a text; the parent's text stands in for it)."""
    tp = annotation_at(schema, (key,))
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    members = typing.get_args(tp) if typing.get_origin(tp) in (typing.Union, types.UnionType) else (tp,)
    return any((isinstance(m, type) and issubclass(m, BaseModel))
               or typing.get_origin(m) in (list, tuple, dict, Sequence, Mapping) for m in members)


MAX_STAND_INS = 4
"""How many different items, at most, stand in turn for an item left out (`_stand_ins`)."""


def _stand_ins(data: Any) -> list[Any]:
    """Versions of `data` (its left-out items still marked `_Left`) in which each left-out item
    is a copy of another item of its list under the left-out item's id, the k-th version the
    k-th distinct other item (cycling through a list with fewer). Empty when a list has no other
    item to copy."""
    lists: list[tuple[tuple[Any, ...], list[Any]]] = []

    def find(node: Any, path: tuple[Any, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                find(value, (*path, key))
        elif isinstance(node, list):
            if any(isinstance(x, _Left) for x in node):
                lists.append((path, node))
            for i, value in enumerate(node):
                find(value, (*path, i))

    find(data, ())
    if not lists:
        return [data]
    choices: list[list[Any]] = []
    for _, items in lists:
        distinct: dict[str, Any] = {}
        for x in items:
            if not isinstance(x, _Left):
                distinct.setdefault(json.dumps(x, sort_keys=True, default=str), x)
        if not distinct:
            return []
        choices.append(list(distinct.values()))
    versions = []
    for k in range(min(MAX_STAND_INS, max(len(c) for c in choices))):
        version = copy.deepcopy(data)
        for (path, _), others in zip(lists, choices, strict=True):
            items = _at(version, path)
            items[:] = [{**copy.deepcopy(others[k % len(others)]), "id": x.id} if isinstance(x, _Left) else x
                        for x in items]
        versions.append(version)
    return versions


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for seg in path:
        data = data[seg]
    return data


def _repair(data: Any, parent: Any, loc: tuple[Any, ...], dropped: list[str],
            alone: list[tuple[Any, ...]] | None = None) -> tuple[Any, ...] | None:
    """Replace the part of `data` holding the error at `loc` by the parent's (or mark it for
    removal, adding its id to `dropped`). Returns the set-aside part's path (keys and item ids).
    With `alone` (a list), a section the file edits elsewhere too keeps the file's other values:
    the mistaken value alone is replaced, and its path added to `alone`."""
    node, pnode, path = data, parent, []
    item: tuple[list[Any], int, Any, tuple[Any, ...]] | None = None
    for seg in loc:
        if isinstance(node, dict) and str(seg) in {str(k) for k in node}:
            key = next(k for k in node if str(k) == str(seg))
            pnode = pnode.get(key) if isinstance(pnode, dict) else None
            node = node[key]
            path.append(key)
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            child = node[seg]
            if isinstance(child, _Left):  # a second error in an item already left out
                return (*path, child.id)
            if isinstance(child, dict) and "id" in child:
                found = next((x for x in pnode if isinstance(x, dict) and x.get("id") == child["id"]), None) \
                    if isinstance(pnode, list) else None
                item = (node, seg, found, (*path, child["id"]))
                path.append(child["id"])
                pnode = found
            else:
                pnode = pnode[seg] if isinstance(pnode, list) and seg < len(pnode) else None
                path.append(seg)
            node = child
        else:
            break
    if item is not None:
        lst, i, found, item_path = item
        lst[i] = copy.deepcopy(found) if found is not None else _Left(item_path[-1])
        if found is None:
            dropped.append(str(item_path[-1]))
        return item_path
    if not path:
        return None
    top = path[0]
    theirs = parent.get(top) if isinstance(parent, dict) else None
    if not _differ_only_at(data[top], theirs, tuple(path[1:])):
        # The parent's section (or none) would stand in for the file's other settings there too:
        # a bag of 8 worlds with `rules: {players: true, explore: {draw: 3}}` read "too few for an
        # explore draw of 7" (the parent's), a second line for one mistake (h250). With `alone`, the
        # mistaken value alone is set aside: the parent's value at its place stands in (none there:
        # the key is left out). Giving up instead dropped every cross-key check of the file, and a
        # second mistake elsewhere (13 planets dealt from 12 cards) went unsaid (h251).
        if alone is not None and len(path) == len(loc) and (leaf := _repair_leaf(data, path, pnode)) is not None:
            alone.append(leaf)
            return leaf
        if alone is not None:
            return None
    if isinstance(parent, dict) and top in parent:
        data[top] = copy.deepcopy(parent[top])
    else:
        data.pop(top, None)
    return (top,)


def _repair_leaf(data: Any, path: list[Any], theirs: Any) -> tuple[Any, ...] | None:
    """Put the parent's value `theirs` (None: it has none) at `path` in `data`, or leave the key
    out; the set-aside path, or None when that cannot be done (a list item with no parent value)."""
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    if theirs is not None:
        holder[path[-1]] = copy.deepcopy(theirs)
    elif isinstance(holder, dict):
        holder.pop(path[-1], None)
    else:
        return None
    return tuple(path)


def _differ_only_at(mine: Any, theirs: Any, rest: tuple[Any, ...]) -> bool:
    """Whether a file's section `mine` and the parent's `theirs` (None: the parent has none) are
    alike but at the path `rest` below them: then the parent's section stands in for the file's
    one mistaken value alone."""
    if not rest:
        return True
    if isinstance(mine, dict):
        others = theirs if isinstance(theirs, dict) else {}
        key = next((k for k in mine if str(k) == str(rest[0])), rest[0])
        keys = {str(k) for k in (*mine, *others)} - {str(key)}
        if any(_by_text(mine, k) != _by_text(others, k) for k in keys):
            return False
        return _differ_only_at(mine.get(key), others.get(key), rest[1:])
    if isinstance(mine, list) and isinstance(rest[0], int) and isinstance(theirs, list) and len(mine) == len(theirs):
        i = rest[0]
        return mine[:i] == theirs[:i] and mine[i + 1:] == theirs[i + 1:] and _differ_only_at(mine[i], theirs[i], rest[1:])
    return False


def _by_text(mapping: dict[Any, Any], key: str) -> Any:
    return next((v for k, v in mapping.items() if str(k) == key), None)


def _drop_marked(node: Any) -> None:
    if isinstance(node, dict):
        for value in node.values():
            _drop_marked(value)
    elif isinstance(node, list):
        node[:] = [x for x in node if not isinstance(x, _Left)]
        for value in node:
            _drop_marked(value)


def _data_path(data: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """A model location as keys and item ids (the form `_repair` returns)."""
    out, node = [], data
    for seg in loc:
        if isinstance(node, dict) and str(seg) in {str(k) for k in node}:
            key = next(k for k in node if str(k) == str(seg))
            out.append(key)
            node = node[key]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            node = node[seg]
            out.append(node["id"] if isinstance(node, dict) and "id" in node else seg)
        else:
            out.append(seg)
    return tuple(out)


def _overlaps(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def scalars_as_validated(raw: Any, validated: Any) -> Any:
    """`raw` (a variant's resolved data) with each quoted number that its game reads as a number
    (`max_rounds: "60"`, which pydantic's lax mode validates to 60) written as that number, and each
    quoted yes/no that it reads as yes/no (`no_two_in_a_row: "no"`, validated to false) as that
    yes/no, at any depth: the same rules then resolve, hash (variant_hash) and are recorded
    (run.json) alike, where `"60"` and `60` (or `"no"` and `false`) made two variants of one game
    (compare, calibrate and a resume said the variant had changed). Text the game keeps as text
    stays text; everything else is `raw` as it was, so a variant that quotes no number and no
    yes/no keeps its data and its hash (every variant in variants/ does). Walked as
    bool_number_mixups walks it."""
    if isinstance(raw, str) and isinstance(validated, int | float):  # a bool is an int too
        return validated
    if isinstance(raw, dict) and isinstance(validated, dict):
        by_text = {str(k): v for k, v in validated.items()}
        return {k: scalars_as_validated(v, by_text[str(k)]) if str(k) in by_text else v for k, v in raw.items()}
    if isinstance(raw, list) and isinstance(validated, list | tuple) and len(raw) == len(validated):
        return [scalars_as_validated(r, v) for r, v in zip(raw, validated, strict=True)]
    return raw


def _is_number_text(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def bool_number_mixups(raw: Any, validated: Any, loc: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    """Places where YAML yes/no became a number, or a number became yes/no: pydantic's lax mode
    reads `replenish: yes` as 1 and `no_two_in_a_row: 1` (or `'1'`) as true; a designer meant neither. And
    text read as a number beyond a variant's limits (`factor: '1e308'`), which value_limits,
    seeing text, let pass."""
    if isinstance(raw, bool):
        if not isinstance(validated, bool) and isinstance(validated, int | float):
            return [(loc, "expected a number, not yes/no")]
        return []
    if isinstance(raw, int | float):
        return [(loc, "expected true or false, not a number")] if isinstance(validated, bool) else []
    if isinstance(raw, str) and isinstance(validated, bool) and _is_number_text(raw):
        # a quoted '1' or '0', which pydantic's lax mode reads as yes/no as it reads 1 and 0
        return [(loc, "expected true or false, not a number")]
    if isinstance(raw, str) and isinstance(validated, int | float) and not isinstance(validated, bool):
        # a quoted number ('20000', '1e308', 'inf') is read as the number by pydantic's lax mode, past the
        # limits value_limits sets on numbers: 1e308 as a majority factor crashed the scoring (OverflowError)
        if not math.isfinite(validated):
            return [(loc, f"must be a finite number (got {short(raw)})")]
        if abs(validated) > MAX_INT:
            return [(loc, f"{short(raw)} is too large (a variant's numbers are at most {MAX_INT:,} in absolute "
                          "value)")]
        return []
    out: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(raw, dict) and isinstance(validated, dict):
        by_text = {str(k): v for k, v in validated.items()}
        for key, value in raw.items():
            if str(key) in by_text:
                out += bool_number_mixups(value, by_text[str(key)], (*loc, key))
    elif isinstance(raw, list) and isinstance(validated, list | tuple) and len(raw) == len(validated):
        for i, (r, v) in enumerate(zip(raw, validated, strict=True)):
            out += bool_number_mixups(r, v, (*loc, i))
    return out


def value_limits(tree: Node, path: str = "") -> list[Problem]:
    """Numbers, strings and lists beyond what any board game needs (or an output column can
    hold), located; checked before the schema so that nothing huge is ever built."""
    value = tree.value
    problems: list[Problem] = []
    if isinstance(value, bool) or value is None:
        return problems
    if isinstance(value, int):
        if path == "rules_version":
            if abs(value) > MAX_VERSION:
                problems.append(tree.problem(path, f"{short(value)} is too large for a version number "
                                                   "(at most 18 digits; or write it as text)"))
        elif abs(value) > MAX_INT:
            problems.append(tree.problem(path, f"{short(value)} is too large (a variant's numbers are at most "
                                               f"{MAX_INT:,} in absolute value)"))
    elif isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            problems.append(tree.problem(path, f"must be a finite number (got {value})"))
        elif abs(value) > MAX_INT:
            problems.append(tree.problem(path, f"{value:g} is too large (a variant's numbers are at most "
                                               f"{MAX_INT:,} in absolute value)"))
    elif isinstance(value, str):
        if len(value) > MAX_TEXT:
            problems.append(tree.problem(path, f"text of {len(value):,} characters is too long (at most {MAX_TEXT:,})"))
    elif isinstance(value, list):
        if len(value) > MAX_ITEMS:
            problems.append(tree.problem(path, f"list of {len(value):,} items is too long (at most {MAX_ITEMS:,})"))
        else:
            for i, item in enumerate(value):
                ident = item.value.get("id") if isinstance(item.value, dict) else None
                key = str(ident.value) if ident is not None else str(i)
                problems += value_limits(item, f"{path}.{key}" if path else key)
    elif isinstance(value, dict):
        numbers: dict[int, str] = {}
        for key, item in value.items():
            where = f"{path}.{key}" if path else key
            if NUMBER_KEY.fullmatch(key) and (first := numbers.setdefault(int(key), key)) != key:
                # `3: 5` and `'03': 6` (or `--set planets_dealt.03=6`) passed the duplicate-key check and
                # validated to one key, 3, the later value silently winning; the hash told them apart.
                other = value[first]
                problems.append(item.problem(where, f"the same key as {first} ({other.file}:{other.key_line or other.line}):"
                                                    f" both are the number {int(key)}; write it once, as {int(key)}",
                                             at_key=True))
            problems += value_limits(item, where)
    return problems


NUMBER_KEY = re.compile(r"[+-]?[0-9]{1,18}")
"""A mapping key that the schema reads as a whole number (a player count): `3`, `03` and `+3` are one key."""


def new_ids_like_known(node: Node, path: str = "") -> list[Problem]:
    """Notes for items an extending draft adds under an id close to one the draft it extends
    has (`crews: [{id: bayz, time: 2}]` adds a seventh crew rather than changing Bays): valid, so
    not an error, but most likely a misspelling."""
    out: list[Problem] = []
    value = node.value
    if isinstance(value, dict):
        for key, child in value.items():
            out += new_ids_like_known(child, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        known = [str(i.value["id"].value) for i in value
                 if isinstance(i.value, dict) and "id" in i.value and not i.new_id]
        for item in value:
            ident = item.value.get("id") if isinstance(item.value, dict) else None
            if ident is None:
                continue
            sub = f"{path}.{ident.value}"
            close = difflib.get_close_matches(str(ident.value), known, n=1, cutoff=0.75) if item.new_id else []
            if item.new_id and not close:  # the case alone: difflib finds nothing near a one-letter id (suit `s`)
                close = [k for k in known if k.casefold() == str(ident.value).casefold()][:1]
            if close and numbered_alike(str(ident.value), close[0]):
                close = []  # red4 beside red3: the next of a numbered series, not a misspelling
            if close:
                out.append(ident.problem(sub, f"a new item: the draft it extends has no id '{ident.value}' "
                                              f"(did you mean '{close[0]}'? an item with its id changes it)"))
            out += new_ids_like_known(item, sub)
    return out
