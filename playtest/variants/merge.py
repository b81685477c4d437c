"""Deep merge of located trees: how a draft that `extends:` another changes a few keys.

- maps merge key by key, recursively;
- lists whose items are all maps with an `id` merge item by item, matched by id; a new id is
  appended; an item `{id: x, remove: true}` removes item x from the list; an item without an
  id in such a list is an error (it matches nothing), not a replacement of the whole list;
- `key: !remove` deletes the parent's key (`3: !remove` under `planets_dealt:` drops 3 players);
  the schema then judges the map without it, or gives the key its default;
- anything else (scalars, plain lists) is replaced whole by the child's value; so is an id-list
  by an empty list (`suits: []` means "no suits", which the schema then judges).
"""

from __future__ import annotations

import json
from dataclasses import replace

from playtest.errors import Problem, VariantError
from playtest.variants.source import REMOVE_TAG, REMOVED, Node

REMOVE_KEY = "remove"


def is_id_list(node: Node) -> bool:
    """True for a non-empty list whose every item is a map that has an `id`."""
    return (
        isinstance(node.value, list)
        and bool(node.value)
        and all(isinstance(i.value, dict) and "id" in i.value for i in node.value)
    )


def item_id(item: Node) -> str:
    return str(item.value["id"].value)


def is_name(value: object) -> bool:
    """Whether an `id` can name an item: text or a whole number (not null, a list, a map, yes/no,
    nor empty text)."""
    return (isinstance(value, str) and bool(value.strip())) or (isinstance(value, int) and not isinstance(value, bool))


def merge(base: Node, over: Node, path: str = "") -> Node:
    """Return `base` with `over` applied (neither input is modified). An id-list item that cannot
    be merged (a removal of an id the parent lacks, an id given twice) is left out and its problem
    kept on the result (`Node.unmerged`): the loader reports it together with the schema's, so one
    mistake does not hide the others. A `!remove` that deletes nothing is an error at once (the
    marker would reach the schema as a value)."""
    problems: list[Problem] = []
    removed: dict[str, tuple[int, int]] = {}
    out = _merge(base, over, path, problems, removed)
    left = left_removes(out, path, "the draft it extends has no such key")
    if left:
        raise VariantError([*problems, *left])
    if removed:
        out.removed = removed
    if problems:
        out.unmerged = problems
    return out


def left_removes(node: Node, path: str, why: str) -> list[Problem]:
    """A problem for each `!remove` that deleted nothing (`why` says why), e.g. under a key the
    parent does not have, in a file that extends nothing, or as a list item.

    A tree that holds no `!remove` (nearly every merged draft) is answered by `_holds_remove`,
    which builds no key paths: loading each of the 11 shipped variants ten times, 0.317 -> 0.243
    CPU-s (0.77x, best of five in each of three interleaved runs, 2026-12-05 ~20:12 UTC); the same
    problems, in the same order, when a `!remove` is there."""
    if not _holds_remove(node):
        return []
    return _left_removes(node, path, why)


def _holds_remove(node: Node) -> bool:
    value = node.value
    if value is REMOVED:
        return True
    if isinstance(value, dict):
        return any(_holds_remove(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_remove(v) for v in value)
    return False


def _left_removes(node: Node, path: str, why: str) -> list[Problem]:
    if node.value is REMOVED:
        return [node.problem(path, f"{REMOVE_TAG} deletes nothing here: {why}", at_key=True)]
    if isinstance(node.value, dict):
        return [p for k, v in node.value.items() for p in _left_removes(v, f"{path}.{k}" if path else k, why)]
    if isinstance(node.value, list):
        item_why = f"a list item is removed with {{id: x, {REMOVE_KEY}: true}}, a whole list replaced by a new one"
        return [p for i, v in enumerate(node.value) for p in
                _left_removes(v, f"{path}.{item_id(v) if isinstance(v.value, dict) and 'id' in v.value else i}",
                             item_why if v.value is REMOVED else why)]
    return []


def _merge(base: Node, over: Node, path: str, problems: list[Problem], removed: dict[str, tuple[int, int]]) -> Node:
    if isinstance(base.value, dict) and isinstance(over.value, dict):
        merged = dict(base.value)
        for key, child in over.value.items():
            sub = f"{path}.{key}" if path else key
            if child.value is REMOVED and key in merged:
                del merged[key]
                removed[sub] = (child.key_line or child.line, child.key_col or child.col)
            else:
                merged[key] = _merge(merged[key], child, sub, problems, removed) if key in merged else child
        return Node(merged, base.file, base.line, base.col, base.key_line, base.key_col)
    if is_id_list(base) and isinstance(over.value, list) and over.value and not is_id_list(over) \
            and all(i.value is not REMOVED for i in over.value):
        # Items of an id-list matched by nothing: said once each, the others merged. Replacing
        # the whole list instead made every item of it 'required key is missing' too.
        for i, item in enumerate(over.value):
            where = f"{path}.{i}" if path else str(i)
            if not isinstance(item.value, dict):
                from playtest.variants.problems import short  # problems imports this module

                problems.append(item.problem(where, (
                    f"expected a map with an id, got {short(item.plain())}: this list's items are matched by id "
                    "with the draft it extends")))
            elif "id" not in item.value:
                problems.append(item.problem(where, (
                    "no id: this list's items are matched by id with the draft it extends (give the id of "
                    "the item to change, or a new id to add one)")))
        kept = [item for item in over.value if isinstance(item.value, dict) and "id" in item.value]
        over = Node(kept, over.file, over.line, over.col, over.key_line, over.key_col)
        if not kept:
            return base
    if is_id_list(base) and isinstance(over.value, list) and is_id_list(over):
        # `new_id` says which items *this* file added: an item the parent itself added to its own
        # parent (draft6-new-crews' vance) is one the parent has, for the file extending it.
        items = [replace(item, new_id=False) if item.new_id else item for item in base.value]
        seen: set[str] = set()
        for i, item in enumerate(over.value):
            if not is_name(item.value["id"].value):  # said once here, the item left out: no match, no new item
                problems.append(item.value["id"].problem(f"{path}.{i}.id" if path else f"{i}.id", (
                    f"an id is a name (text), not {json.dumps(item.value['id'].plain(), ensure_ascii=False)}: this list's items are matched by "
                    "id with the draft it extends")))
                continue
            ident = item_id(item)
            sub = f"{path}.{ident}" if path else ident
            if ident in seen:
                problems.append(item.problem(sub, f"duplicate id '{ident}' in this list"))
                continue
            seen.add(ident)
            index = next((i for i, old in enumerate(items) if item_id(old) == ident), None)
            remove = item.value.get(REMOVE_KEY)
            others = [k for k in item.value if k not in ("id", REMOVE_KEY)]
            if remove is not None and remove.value is True and others and index is not None:
                # `{id: w01, remove: true, cost: 3}`: the item was removed and cost: 3 silently dropped
                # (an id the list lacks is said below: there is nothing to delete or to change)
                problems.append(item.value[others[0]].problem(f"{sub}.{others[0]}", (
                    f"{REMOVE_KEY}: true deletes the item, so {', '.join(others)} would change nothing: write "
                    f"{{id: {ident}, {REMOVE_KEY}: true}} alone to delete it, or leave {REMOVE_KEY} out to change it"),
                    at_key=True))
                continue
            if remove is not None and remove.value is True:
                if index is None:
                    known = ", ".join(item_id(i) for i in items)
                    problems.append(item.problem(sub, f"cannot remove: no item with id '{ident}' (known: {known})"))
                else:
                    del items[index]
                    removed[sub] = (item.line, item.col)  # where a problem it causes is shown (loader._from_child)
                continue
            if index is None:
                item.new_id = True
                items.append(item)
            else:
                items[index] = _merge(items[index], item, sub, problems, removed)
        return Node(items, over.file, over.line, over.col, over.key_line, over.key_col)
    return over
