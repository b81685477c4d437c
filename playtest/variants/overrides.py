"""`--set key.path=value`: parsed as YAML and applied to a variant's tree before it is validated.
Ids select items of id-lists, positions count from 0, `!remove` deletes; a key given twice, or a
value a later --set would silently replace, is refused (`_not_given_before`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import yaml

from playtest.errors import OVERRIDE, Problem, VariantError, override_label
from playtest.text import echoed, not_utf8_at
from playtest.variants.merge import REMOVE_KEY, is_id_list, item_id
from playtest.variants.problems import short
from playtest.variants.source import (
    REMOVE_TAG,
    REMOVED,
    Node,
    check_yaml_limits,
    comment_problem,
    foreign_value,
    number_quirk_in,
)


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
