"""The cross-key problems of a variant that also has schema errors, so that a file's mistakes are
all reported at once: each mistaken part set aside (`_repair`: the parent draft's version, or the
item left out) and the rest checked (`cross_key_issues_despite_errors`)."""

from __future__ import annotations

import copy
import json
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from playtest.variants.model import VariantModel
from playtest.variants.problems import annotation_at, root_causes


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
            if not any(overlaps(where, p) for p in set_aside):
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


def overlaps(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]
