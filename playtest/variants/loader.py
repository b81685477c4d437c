"""Variant files → a validated, frozen Variant: `extends` chains, `--set` overrides, schema errors
reported as `file:line:col: key.path: message`, every one at once."""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from playtest.errors import Cause, PlaytestError, Problem, VariantError
from playtest.filekinds import is_run_info, is_transcript, listing_key, listing_said, run_info_said
from playtest.io import not_regular
from playtest.suggest import guess, numbered_alike
from playtest.variants.diff import Change, diff, with_defaults
from playtest.variants.merge import left_removes, merge
from playtest.variants.model import VariantModel
from playtest.variants.overrides import apply_override
from playtest.variants.problems import (
    problem_at,
    problem_from_pydantic,
    root_causes,
    short,
)
from playtest.variants.set_aside import cross_key_issues_despite_errors, overlaps
from playtest.variants.source import (
    Node,
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
    what an earlier one gave (`overrides._not_given_before`), and not one of a variant the values make
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
            if problem.path and overlaps(tuple(path.split(".")), tuple(problem.path.split(".")))]
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
