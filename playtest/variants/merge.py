"""Deep merge of located trees: how a draft that `extends:` another changes a few keys.

- maps merge key by key, recursively;
- lists whose items are all maps with an `id` merge item by item, matched by id; a new id is
  appended; an item `{id: x, remove: true}` removes item x from the list;
- anything else (scalars, plain lists) is replaced whole by the child's value; so is an id-list
  by an empty list (`suits: []` means "no suits", which the schema then judges).
"""

from __future__ import annotations

from playtest.errors import Problem, VariantError
from playtest.variants.source import Node

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


def merge(base: Node, over: Node, path: str = "") -> Node:
    """Return `base` with `over` applied (neither input is modified)."""
    problems: list[Problem] = []
    out = _merge(base, over, path, problems)
    if problems:
        raise VariantError(problems)
    return out


def _merge(base: Node, over: Node, path: str, problems: list[Problem]) -> Node:
    if isinstance(base.value, dict) and isinstance(over.value, dict):
        merged = dict(base.value)
        for key, child in over.value.items():
            sub = f"{path}.{key}" if path else key
            merged[key] = _merge(merged[key], child, sub, problems) if key in merged else child
        return Node(merged, base.file, base.line, base.col, base.key_line, base.key_col)
    if is_id_list(base) and isinstance(over.value, list) and is_id_list(over):
        items = list(base.value)
        seen: set[str] = set()
        for item in over.value:
            ident = item_id(item)
            sub = f"{path}.{ident}" if path else ident
            if ident in seen:
                problems.append(item.problem(sub, f"duplicate id '{ident}' in this list"))
                continue
            seen.add(ident)
            index = next((i for i, old in enumerate(items) if item_id(old) == ident), None)
            remove = item.value.get(REMOVE_KEY)
            if remove is not None and remove.value is True:
                if index is None:
                    known = ", ".join(item_id(i) for i in items)
                    problems.append(item.problem(sub, f"cannot remove: no item with id '{ident}' (known: {known})"))
                else:
                    del items[index]
                continue
            if index is None:
                item.new_id = True
                items.append(item)
            else:
                items[index] = _merge(items[index], item, sub, problems)
        return Node(items, over.file, over.line, over.col, over.key_line, over.key_col)
    return over
