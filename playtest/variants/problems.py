"""Schema errors → located problems: pydantic's errors on a strict YAML model (a variant, a gates
or goals file) mapped back to the node of the YAML tree they are about (`file:line:col:
key.path: message`), less their echoes (one mistake, one line), in a designer's words. The
loader, `diff`'s gates and `tune`'s goals report through it."""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from playtest.errors import OVERRIDE, Problem
from playtest.suggest import guess, unknown_key
from playtest.variants.merge import is_name
from playtest.variants.source import Node


def _locate(tree: Node, loc: tuple[Any, ...]) -> tuple[Node, list[str], bool]:
    """Follow a pydantic location through the tree: the deepest node, the display path, and
    whether the full location exists. Union tags that pydantic inserts are skipped."""
    node, shown = tree, []
    for i, seg in enumerate(loc):
        value = node.value
        if isinstance(value, dict) and isinstance(seg, str | int) and str(seg) in value:
            node = value[str(seg)]  # keys are text in the tree (`planets_dealt: {3: 5}` too)
            shown.append(str(seg))
        elif isinstance(value, list) and isinstance(seg, int) and 0 <= seg < len(value):
            node = value[seg]
            item = node.value
            shown.append(str(item["id"].value) if isinstance(item, dict) and "id" in item and is_name(item["id"].value)
                         else str(seg))  # an id that is not a name (null, a list): the item's position
        elif isinstance(value, dict) and (
                (i + 1 < len(loc) and loc[i + 1] in value)
                or any(isinstance(v.value, str) and v.value == seg for v in value.values())):
            continue  # a discriminated-union tag (the value of `effect:` etc.): not a key in the data
        elif isinstance(seg, str) and not seg.isidentifier() and "[" in seg:
            continue  # pydantic's "function-after[...]" style segments
        else:
            shown.extend(str(s) for s in loc[i:])
            return node, shown, False
    return node, shown, True


def problem_at(tree: Node, loc: tuple[Any, ...], message: str) -> Problem:
    node, shown, _ = _locate(tree, loc)
    return node.problem(".".join(shown), message)


def root_causes(errors: list[Any], schema: type[BaseModel] | None = None) -> list[Any]:
    """Pydantic's errors less the echoes: a list that is "too short after validation" only
    because one of its items failed (`end: needs at least 1 item, not 0` next to
    `end.0.count: required key is missing`) says nothing the item's own error does not."""
    def echoes(e: Any) -> bool:
        loc = tuple(e["loc"])
        return e["type"] == "too_short" and any(len(o["loc"]) > len(loc) and tuple(o["loc"][:len(loc)]) == loc
                                                for o in errors)
    def misspelt(e: Any) -> bool:
        """`amount` missing beside an unknown `amuont` whose best guess it is: one mistake, one
        line (the unknown key's, which names the guess). Any other missing key is reported."""
        loc = tuple(e["loc"])
        if e["type"] != "missing" or schema is None:
            return False
        valid = _valid_keys(schema, loc[:-1])
        return any(o["type"] == "extra_forbidden" and tuple(o["loc"][:-1]) == loc[:-1]
                   and guess(o["loc"][-1], valid) == loc[-1] for o in errors)

    def in_short_list(e: Any) -> bool:
        """An item's error inside a fixed-length list that has too few items (`between: [x]`): the
        list's line ("needs 2 items here, not 1 (got ["x"])") quotes it; one mistake, one line."""
        loc = tuple(e["loc"])
        return any(o["type"] == "missing" and isinstance(o["loc"][-1], int) and len(loc) > len(o["loc"]) - 1
                   and loc[:len(o["loc"]) - 1] == tuple(o["loc"][:-1]) and not (
                       e["type"] == "missing" and isinstance(loc[-1], int) and len(loc) == len(o["loc"]))
                   for o in errors)

    def stands_for(e: Any) -> bool:
        """An unknown key like no valid one beside the one key missing in its mapping: most
        likely written in its place (`{trigger: round_cap, 2}` for `rounds: 2`, which YAML reads
        as a key `2` with no value; `{x: 1}` for a gate that needs a metric)."""
        return e["type"] == "extra_forbidden" and (schema is None or not guess(
            e["loc"][-1], _valid_keys(schema, tuple(e["loc"][:-1]))))

    def under_bad_key(e: Any) -> bool:
        """The value of an entry whose key is the wrong type (`planets_dealt: {x: [1]}`): it is
        judged under a key that cannot be right; one mistake, one line: the key's."""
        loc = tuple(e["loc"])
        return not (loc and loc[-1] == KEY) and any(
            o["loc"] and o["loc"][-1] == KEY and loc[:len(o["loc"]) - 1] == tuple(o["loc"][:-1]) for o in errors)

    kept = [e for e in errors if not echoes(e) and not misspelt(e) and not in_short_list(e) and not under_bad_key(e)]
    for e in [e for e in kept if e["type"] == "missing" and isinstance(e.get("input"), dict) and e["input"]]:
        # A mapping none of whose keys is valid ({x: 1} where a development goes): one line at the
        # mapping, not one per missing key and one per unknown key.
        prefix = tuple(e["loc"][:-1])
        same = [o for o in kept if tuple(o["loc"][:-1]) == prefix and o["type"] in ("missing", "extra_forbidden")]
        unknown = {str(o["loc"][-1]) for o in same if o["type"] == "extra_forbidden"}
        if e in kept and unknown == {str(k) for k in e["input"]}:
            needed = [str(o["loc"][-1]) for o in same if o["type"] == "missing"]
            kept = [o for o in kept if not any(o is x for x in same if x is not e)]
            kept[kept.index(e)] = {**e, "loc": prefix, "type": "no_valid_key", "needed": needed}
    for e in [e for e in kept if stands_for(e)]:
        prefix = tuple(e["loc"][:-1])
        missing = [o for o in kept if o["type"] == "missing" and tuple(o["loc"][:-1]) == prefix]
        extra = [o for o in kept if o["type"] == "extra_forbidden" and tuple(o["loc"][:-1]) == prefix]
        if len(missing) == 1 and len(extra) == 1 and isinstance(missing[0]["loc"][-1], str):
            kept = [o for o in kept if o is not missing[0]]  # one mistake, one line: the key's, naming the missing one
            kept[kept.index(e)] = {**e, "meant": missing[0]["loc"][-1]}
    if schema is not None:
        kept = _one_per_wrong_kind(kept, schema)
        kept = _one_per_unindented_section(kept, schema)
    return _one_per_union(_one_per_incomplete_item(kept))


def _one_per_incomplete_item(errors: list[Any]) -> list[Any]:
    """Several keys missing from one mapping (a new item `{id: w99}`, or a misspelt id that made
    one, lacks name, kind and cost): one line at the mapping naming them, the first error's with
    `keys`, in place of one "required key is missing" line per key (fuzz seed 5501: a renamed id
    was 2 lines, a New Frontiers world 3)."""
    by_item: dict[tuple[Any, ...], list[Any]] = {}
    for e in errors:
        if e["type"] == "missing" and e["loc"] and isinstance(e["loc"][-1], str):
            by_item.setdefault(tuple(e["loc"][:-1]), []).append(e)
    for found in by_item.values():
        if len(found) > 1:
            errors = [e for e in errors if not any(e is f for f in found[1:])]
            errors[next(i for i, e in enumerate(errors) if e is found[0])] = {
                **found[0], "keys": [str(f["loc"][-1]) for f in found]}
    return errors


def _one_per_unindented_section(errors: list[Any], schema: type[BaseModel]) -> list[Any]:
    """A section with no value whose own keys stand beside it (`cubes:` and then `total: 20`
    at its indentation, not under it: the commonest slip in YAML): one line at the section,
    naming them, in place of "cubes: Input should be a valid dictionary (got null)" and one
    "unknown key" line per key, none of which said the cause."""
    for e in [e for e in errors if e["type"] == "model_type" and e.get("input") is None and e["loc"]]:
        section = tuple(e["loc"])
        keys = _valid_keys(schema, section)
        beside = [o for o in errors if o["type"] == "extra_forbidden" and tuple(o["loc"][:-1]) == section[:-1]
                  and str(o["loc"][-1]) in keys]
        if beside and e in errors:
            errors = [o for o in errors if not any(o is b for b in beside)]
            errors[errors.index(e)] = {**e, "type": "unindented", "keys": [str(b["loc"][-1]) for b in beside]}
    return errors


def _one_per_wrong_kind(errors: list[Any], schema: type[BaseModel]) -> list[Any]:
    """An item of a tagged union whose kind is the mistake: one line at the kind, in place of one
    "unknown key" line per key and one "required key is missing" line per key the kind needs.
    Either two or more of its keys are unknown to its kind and another kind takes them all
    (`{effect: overflow, colors: [red], amount: 1, count: placed}`: color_vp's keys; fuzz seed
    158: a convert_cubes effect renamed `vp`), or every key but the kind is unknown and the kind
    misses keys of its own (`{trigger: round_cap, foo: 1, bar: 2}`). Misspelt keys of the right
    kind stay one line each."""
    by_item: dict[tuple[Any, ...], list[Any]] = {}
    for e in errors:
        if e["type"] in ("extra_forbidden", "missing") and len(e["loc"]) >= 2:
            by_item.setdefault(tuple(e["loc"][:-1]), []).append(e)
    for item, found in by_item.items():
        unknown = [str(e["loc"][-1]) for e in found if e["type"] == "extra_forbidden"]
        needed = [str(e["loc"][-1]) for e in found if e["type"] == "missing"]
        kinds = _other_kinds(schema, item, unknown) if unknown else None
        if kinds is None:
            continue
        tag, others = kinds
        given = next((e["input"] for e in found if e["type"] == "missing" and isinstance(e.get("input"), dict)), None)
        nothing_fits = needed and given is not None and set(unknown) == {str(k) for k in given} - {tag}
        if not ((len(unknown) >= 2 and others) or nothing_fits):
            continue
        first = min(errors.index(e) for e in found)
        errors = [e for e in errors if not any(e is f for f in found)]
        errors.insert(min(first, len(errors)), {**found[0], "loc": item, "type": "wrong_kind", "tag": tag,
                                                "unknown": unknown, "needed": needed, "kinds": others})
    return errors


def _other_kinds(schema: type[BaseModel], item: tuple[Any, ...], keys: list[str]) -> tuple[str, list[str]] | None:
    """(the tag's name, the other kinds whose fields include every one of `keys`) for the item of a
    tagged union at `item`, whose last segment is the kind pydantic validated it as; None when
    `item` is not such an item."""
    if not item or not isinstance(item[-1], str):
        return None
    union = annotation_at(schema, item[:-1])
    while typing.get_origin(union) is typing.Annotated:
        union = typing.get_args(union)[0]
    members = [m for m in typing.get_args(union) if isinstance(m, type) and issubclass(m, BaseModel)]
    tag = next((name for m in members for name, f in m.model_fields.items()
                if item[-1] in typing.get_args(f.annotation)), None)
    if tag is None:
        return None
    return tag, [str(kind) for m in members if tag in m.model_fields and set(keys) <= set(m.model_fields)
                 for kind in typing.get_args(m.model_fields[tag].annotation) if kind != item[-1]]


_UNION_MEMBER = re.compile(r"(?:str|int|float|bool|none|(?:list|dict|tuple|set|literal)\[.*\])")
"""How pydantic names a member of a union in an error's location: `run.bots.str`, `.list[str]`."""


def _one_per_union(errors: list[Any]) -> list[Any]:
    """A value that fits no member of a union (`bots: str | list[str]` given a number) is one
    error per member in pydantic (`run.bots.str: Input should be a valid string` and
    `run.bots: Input should be a valid list`): one mistake, one line, at the value, naming what
    each member would have taken. Members whose own items failed (deeper locations) stay."""
    members: dict[tuple[Any, ...], list[int]] = {}
    for i, e in enumerate(errors):
        loc = tuple(e["loc"])
        if loc and isinstance(loc[-1], str) and _UNION_MEMBER.fullmatch(loc[-1]):
            members.setdefault(loc[:-1], []).append(i)
    # A member whose own items failed took the value's type (`count: {3: 3, x: 4}` is a mapping
    # with a bad key): the other members' refusals of the whole value ("count.int: Input should
    # be a valid integer") echo it, one mistake, two lines (fuzz seed 300).
    taken = {prefix for prefix in members for e in errors
             if len(e["loc"]) > len(prefix) + 1 and tuple(e["loc"][:len(prefix)]) == prefix
             and isinstance(e["loc"][len(prefix)], str) and _UNION_MEMBER.fullmatch(e["loc"][len(prefix)])}
    if taken:
        drop = {i for prefix in taken for i in members[prefix]}
        errors = [e for i, e in enumerate(errors) if i not in drop]
        return _one_per_union(errors)
    merged: dict[int, Any] = {}
    for prefix, idx in members.items():
        if len(idx) < 2 or len({errors[i]["loc"][-1] for i in idx}) < 2:
            continue
        wants = list(dict.fromkeys(str(errors[i]["msg"]).removeprefix("Input should be ") for i in idx))
        merged[idx[0]] = {**errors[idx[0]], "loc": prefix, "type": "union_type",
                          "msg": "Input should be " + " or ".join(wants)}
        merged.update({i: None for i in idx[1:]})
    return [merged.get(i, e) for i, e in enumerate(errors) if merged.get(i, e) is not None]


KEY = "[key]"
"""The last segment of pydantic's location for a mapping's key (not its value) of the wrong type."""


def problem_from_pydantic(tree: Node, schema: type[BaseModel], err: Any) -> Problem:
    """One pydantic error → a located Problem (used for any strict YAML model: variants, gates)."""
    loc = tuple(err["loc"])
    node, shown, found = _locate(tree, loc)
    kind = err["type"]
    path = ".".join(shown)
    if loc and loc[-1] == KEY:  # `planets_dealt: {x: 1}` read "planets_dealt.x: Input should be a valid integer (got 1)"
        message = str(err["msg"]).replace("Input should", "the key should", 1)
        return node.problem(path, f"{message} (got {short(err['input'])})", at_key=True)
    if kind == "no_valid_key":
        valid = _valid_keys(schema, loc)
        return node.problem(path, f"none of its keys is valid (got {short(node.plain())}): it needs "
                                  f"{', '.join(err['needed'])}{'; valid keys: ' + ', '.join(valid) if valid else ''}")
    if kind == "wrong_kind":
        tag, others = err["tag"], err["kinds"]
        given = node.value[tag] if isinstance(node.value, dict) and tag in node.value else node
        meant = ""
        if others:
            meant = (f"; they are keys of {tag} {others[0]!r}: is that the {tag} meant?" if len(others) == 1 else
                     f"; they are keys of {tag} {' or '.join(repr(k) for k in others)}: is one of them the {tag} meant?")
        return given.problem(f"{path}.{tag}", (
            f"{tag} {loc[-1]!r} takes none of the keys {', '.join(err['unknown'])}"
            f"{' and needs ' + ', '.join(err['needed']) if err['needed'] else ''}"
            f" (keys of {tag} {loc[-1]!r}: {', '.join(_valid_keys(schema, loc))}){meant}"))
    if kind == "unindented":
        keys, name = err["keys"], str(loc[-1])
        they = (f"{keys[0]}, a key of {name}, is" if len(keys) == 1 else
                f"{', '.join(keys[:-1])} and {keys[-1]}, keys of {name}, are")
        return node.problem(path, f"has no value (got null), but {they} written beside it: indent "
                                  f"{'it' if len(keys) == 1 else 'them'} under {name}", at_key=True)
    if kind == "extra_forbidden" and "meant" in err and err.get("input", 0) is None:
        return node.problem(path, f"a value without its key? YAML reads {loc[-1]} here as a key with no value, and "
                                  f"{err['meant']!r} is missing (write {err['meant']}: {loc[-1]})", at_key=True)
    if kind == "extra_forbidden" and "meant" in err:
        message = unknown_key(loc[-1], _valid_keys(schema, loc[:-1]))
        head, _, listed = message.partition("; ")
        return node.problem(path, f"{head}, and the required {err['meant']!r} is missing here (written as "
                                  f"{str(loc[-1])!r}?){'; ' + listed if listed else ''}", at_key=True)
    if kind == "extra_forbidden":
        return node.problem(path, unknown_key(loc[-1], _valid_keys(schema, loc[:-1])), at_key=True)
    if kind == "missing" and not found and loc and isinstance(loc[-1], int) and isinstance(node.value, list):
        # A fixed-length list (`between: [low, high]`) given too few items: the list is short,
        # no key is missing (it read `gates.0.between.1: required key is missing`).
        # Pydantic reports each absent item ([] for a pair: items 0 and 1); the count is the
        # tuple's, so that they make one line ("needs 1 items" beside "needs 2 items" did not).
        need = _fixed_length(annotation_at(schema, loc[:-1])) or loc[-1] + 1
        return node.problem(".".join(shown[:-1]), f"needs {need} item{'s' if need != 1 else ''} here, not "
                                                  f"{len(node.value)} (got {short(node.plain())})")
    if kind == "missing" and len(err.get("keys", ())) > 1:
        hint = _new_item_hint(tree, loc)
        return node.problem(".".join(shown[:-1]), f"required keys are missing: {', '.join(err['keys'])}{hint}")
    if kind == "missing":
        hint = _new_item_hint(tree, loc)
        return node.problem(path, f"required key is missing{hint}")
    message = _CLASS_NAME.sub("", _ENUM_REPR.sub(r"'\1'", str(err["msg"])))
    if (kind == "list_type" and found and node.file.startswith(OVERRIDE) and isinstance(node.value, dict)
            and node.value and all(k.isascii() and k.isdigit() for k in node.value)):
        # `--set worlds.w01.powers.0.kind=x` on a world without powers: the path named an item
        # of a list the variant does not have, and the walk made a mapping {"0": ...} of it.
        first = next(iter(node.value))
        return node.problem(path, f"the variant has no {path.rsplit('.', 1)[-1]!r} list here, so there is no item "
                                  f"{first!r} to change: set the whole list, e.g. --set '{path}=[...]'")
    if kind in ("union_tag_invalid", "union_tag_not_found") and found:
        return _tag_problem(node, path, kind, err.get("ctx", {}), schema, loc)
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    if (kind in ("too_short", "too_long") and err.get("ctx", {}).get("field_type") in ("Tuple", "List", "Dictionary")
            and isinstance(err["ctx"].get("actual_length"), int)):
        # YAML has lists, not tuples: `--set planets=[]` read "Tuple should have at least 1 item after
        # validation, not 0", in pydantic's words (a list's "List should ..." and a mapping's
        # "Dictionary should ..." likewise: `--set rules.goods={}`)
        ctx = err["ctx"]
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        noun = ("entry", "entries") if ctx["field_type"] == "Dictionary" else ("item", "items")
        if isinstance(bound, int):
            message = (f"{'needs at least' if kind == 'too_short' else 'takes at most'} {bound} "
                       f"{noun[bound != 1]}, not {ctx['actual_length']}")
    if kind == "tuple_type":  # YAML has lists, not tuples: `vp: 5` read "Input should be a valid tuple"
        length = _fixed_length(annotation_at(schema, loc))
        message = f"expected a list of {length} items" if length else "expected a list"
    if found:
        message = f"{message} (got {short(node.plain())}{_likely_choice(kind, err, node)}{_null_hint(schema, loc, node)})"
    return node.problem(path, message)


_NONE_WORDS = ("none", "nil", "nothing")


def _null_hint(schema: type[BaseModel], loc: tuple[Any, ...], node: Node) -> str:
    """'; YAML writes none as null' for `none` (or `nil`, `nothing`) given to a key that
    takes null (`--set rules.end.worlds=none` read only "Input should be a valid integer")."""
    if not isinstance(node.value, str) or node.value.strip().casefold() not in _NONE_WORDS:
        return ""
    tp = _unannotated(annotation_at(schema, loc))
    takes_null = typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)
    return "; YAML writes none as null" if takes_null else ""


def _likely_choice(kind: str, err: Any, node: Node) -> str:
    """'; did you mean 'most_exact'?' for a misspelt choice (`tie: most_exakt`), as a misspelt key
    or effect kind is answered; '' when nothing is close. pydantic's message lists the choices
    (its ctx `expected`: "'shared' or 'most_exact'") but guessed none."""
    if kind not in ("literal_error", "enum") or not isinstance(node.value, str):
        return ""
    choices = re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", "")))
    likely = guess(node.value, choices)
    return f"; did you mean {likely!r}?" if likely and likely != node.value else ""


def _tag_problem(node: Node, path: str, kind: str, ctx: dict[str, Any], schema: type[BaseModel],
                 loc: tuple[Any, ...]) -> Problem:
    """An item whose kind is unknown (`effect: warp`, `kind: teleport`) or not given: the kinds
    there are, and the likely one a misspelt kind stands for. Located at the kind's value, not
    at the start of its item: the same line in a file, and the override's own `--set` when that
    set it. (pydantic said "Input tag 'warp' found using 'effect' does not match any of the
    expected tags: ...".)"""
    tag = str(ctx.get("discriminator", "")).strip("'")
    expected = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", ""))) or _tags_at(schema, loc, tag)
    valid = f"; valid {tag}s: {', '.join(expected)}" if expected else ""
    if kind == "union_tag_not_found" or not isinstance(node.value, dict) or tag not in node.value:
        return node.problem(path, f"required key {tag!r} is missing (got {short(node.plain())}){valid}")
    given = node.value[tag]
    likely = guess(given.plain(), expected)
    hint = f" (did you mean {likely!r}?)" if likely else ""
    return given.problem(path, f"unknown {tag} {short(given.plain())}{hint}{valid}")


_ENUM_REPR = re.compile(r"<\w+\.\w+: '([^']*)'>")
"""pydantic writes single-member enums as <Trigger.LAST_CUBE: 'last_cube'>; users wrote 'last_cube'."""

_CLASS_NAME = re.compile(r" or instance of \w+")
"""pydantic's "Input should be a valid dictionary or instance of Cubes" names a class of playtest's
code, which no variant, gates or goals file names; the value given follows it instead (got 5)."""


def _new_item_hint(tree: Node, loc: tuple[Any, ...]) -> str:
    """If the path goes through an id-list item that an extending file added (a new id), say so:
    a misspelt id in a child draft adds an item instead of changing one."""
    node = tree
    for seg in loc:
        value = node.value
        if isinstance(value, dict) and str(seg) in value:
            node = value[str(seg)]
        elif isinstance(value, list) and isinstance(seg, int) and 0 <= seg < len(value):
            if value[seg].new_id:
                known = ", ".join(str(i.value["id"].value) for i in value if not i.new_id)
                ident = value[seg].value["id"].value
                return f" ('{ident}' is a new item: the draft it extends has no such id; known: {known})"
            node = value[seg]
        else:
            break
    return ""


def short(value: Any) -> str:
    """The value as the message quotes it. YAML also reads dates (2001-12-14), `!!binary` and
    `!!set`, which JSON cannot write: they are quoted as their text."""
    text = json.dumps(value, ensure_ascii=False, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def annotation_at(schema: type[BaseModel], loc: tuple[Any, ...]) -> Any:
    """The type annotation found at `loc` inside `schema` (None when the walk loses it)."""
    current: Any = schema
    for seg in loc:
        current = _unwrap(current, seg)
        if current is None:
            return None
    return current


def _unannotated(tp: Any) -> Any:
    """`tp` without its Annotated[...] wrappers (Field constraints)."""
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _fixed_length(tp: Any) -> int | None:
    """The item count of a fixed-length tuple annotation (`tuple[float, float] | None`: 2);
    None for anything else."""
    tp = _unannotated(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        tp = members[0] if len(members) == 1 else None
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and args and Ellipsis not in args:
        return len(args)
    return None


def _valid_keys(schema: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names of the model found at `loc` inside `schema` (best effort)."""
    current = annotation_at(schema, loc)
    if current is None:
        return []
    current = _unwrap(current, None)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return sorted(current.model_fields)
    return []


def _tags_at(schema: type[BaseModel], loc: tuple[Any, ...], tag: str) -> list[str]:
    """The kinds the tagged union at `loc` inside `schema` accepts: each member's `tag` values
    (best effort; pydantic lists them only when the tag is given but unknown)."""
    current = annotation_at(schema, loc)
    while typing.get_origin(current) is typing.Annotated:
        current = typing.get_args(current)[0]
    out: list[str] = []
    for member in typing.get_args(current):
        if isinstance(member, type) and issubclass(member, BaseModel) and tag in member.model_fields:
            out += [str(v) for v in typing.get_args(member.model_fields[tag].annotation)]
    return out


def _unwrap(tp: Any, seg: Any) -> Any:
    """One step down a type annotation: model field, list item, dict value, union member."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        if seg is None:
            return tp
        if isinstance(seg, str) and seg in tp.model_fields:
            return tp.model_fields[seg].annotation
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return _unwrap(args[0], seg)
    if origin in (list, tuple, Sequence) and args:
        return args[0] if seg is not None and isinstance(seg, int) else (tp if seg is None else None)
    if origin is dict and args:
        return args[1] if seg is not None else tp
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        for arg in args:
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                tag_field = next(iter(arg.model_fields), None)
                if seg is None or seg in arg.model_fields:
                    return _unwrap(arg, seg)
                tags = typing.get_args(arg.model_fields[tag_field].annotation) if tag_field else ()
                if seg in tags:  # the discriminator value pydantic puts in the location
                    return arg
        return None
    return tp if seg is None else None
