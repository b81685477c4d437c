"""Transcripts, the part every game shares: reading the file and its header with located
problems (file:line:col), the variant and its `set:` overrides, the players, the replay loop
with move numbering and the first illegal move, and the generic outcome (scores, `--json`).

A game supplies a `Notation`: how one move is written (parse it, print it) and its setup block
(e.g. Stargate's circle of planets). The common format, which every game with a flat list of
moves uses as it is::

    game: NAME
    title: Thursday table, game 2     # optional, free text, printed as the heading
    notes: ...                        # optional, free text, ignored
    variant: ../variants/x.yaml       # relative to the transcript
    set: [key.path=value]             # optional overrides of the variant
    players: 3                        # a count (names from `names:`, else Player 1..N) or
    names: [Aki, Bo, Chie]            #   directly a list of names: players: [Aki, Bo, Chie]
    ...                               # the game's setup block (Notation.setup_keys)
    moves:                            # one entry per move, in play order; move N is entry N
      - ...

A game whose transcript has another shape (Oh-Seven's rounds of deals, bids and tricks, New
Frontiers' rounds of entries) reads its body itself and still uses `TranscriptReader` for the
header; Oh-Seven also uses `MovePlayer` to play and number its moves.
"""

from __future__ import annotations

import builtins  # TranscriptReader's methods `list` and `int` shadow the builtins in its annotations
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from playtest.core.events import Event
from playtest.core.protocol import Rules
from playtest.core.results import shape_problem
from playtest.errors import (
    IllegalActionError,
    PlaytestError,
    Problem,
    ProtocolError,
    TranscriptError,
    VariantError,
)
from playtest.filekinds import is_run_info, listing_key, listing_said, run_info_said, variant_mark
from playtest.io import not_regular
from playtest.suggest import as_written, guess, unknown_key
from playtest.text import cells, cut_long_words, echoed, excerpt, pad
from playtest.variants import Variant, load_variant, parse_override
from playtest.variants.loader import MAX_TEXT
from playtest.variants.problems import short
from playtest.variants.source import Node, parse_file

if TYPE_CHECKING:
    from playtest.core.spec import GameSpec

S = TypeVar("S")
A = TypeVar("A")

HEADER_KEYS = ("game", "title", "notes", "variant", "set", "players", "names")
MOVES = "moves"


def refuse_variant_file(tree: Node) -> None:
    """A variant file given where a transcript goes (`replay variants/x.yaml`) is one line at the
    key that shows it, not one line per transcript key it lacks and per variant key it has; so is
    a run's run.json, and a gates or goals file."""
    if isinstance(tree.value, dict) and is_run_info(tree.value):
        key, said = run_info_said("a transcript")
        raise TranscriptError([tree.value[key].problem(key, said, at_key=True)])
    if not isinstance(tree.value, dict) or "variant" in tree.value:
        return
    listing = listing_key(tree.value)  # a gates or goals file read "game: required key is missing"
    if listing is not None:
        raise TranscriptError([tree.value[listing].problem(listing, listing_said(listing, "a transcript"), at_key=True)])
    mark = variant_mark(tree.value)  # and no `variant:`: a variant given where a transcript goes
    if mark is not None:
        raise TranscriptError([tree.value[mark].problem(mark, (
            f"this is a variant file (it has {mark}:), not a transcript: `playtest validate` and `simulate` "
            f"take it; a transcript is a recorded game that names its variant file with variant: "
            f"(docs/transcripts.md)"), at_key=True)])


def game_node(path: Path) -> Node:
    """The `game:` key of the transcript at `path`, checked against the registered games (one
    located line for a variant file, a missing key or an unknown game): what `replay` and
    `calibrate` read first, to know whose reader to use."""
    # the registry (no game is imported by name)
    from playtest.games import game_names, known_games, known_games_for

    tree = parse_file(path, what="a transcript", first_item=1)
    refuse_variant_file(tree)
    if not isinstance(tree.value, dict) or "game" not in tree.value:
        raise TranscriptError([Problem(str(path), 1, 1, "game", f"required key is missing (known games: {known_games()})")])
    node: Node = tree.value["game"]
    if node.value not in game_names():
        raise TranscriptError([node.problem("game", f"unknown game {as_written(node.plain())} "
                                            f"{known_games_for(node.value)}")])
    return node


def transcript_game(path: Path) -> tuple[Node, GameSpec]:
    """The transcript's `game:` key (`game_node`) and that game's spec; a plugin that fails to
    load is said at the key, as a variant's is: `replay` said it there and `calibrate` without
    the file, each loading the spec on its own."""
    from playtest.games import GamePluginError, get_game

    node = game_node(path)
    try:
        return node, get_game(node.value)
    except GamePluginError as err:
        raise TranscriptError([node.problem("game", str(err))]) from None


class IllegalMoveError(IllegalActionError):
    """The first illegal move of a transcript: where it is written, its number, the player and
    round (when the game tells them), the offending part of the move and the reason."""

    def __init__(self, reason: str, *, move_number: int, action: str, player: str | None = None,
                 round: int | None = None, where: str = "") -> None:
        super().__init__(reason, move_number=move_number, action=action, where=where)
        self.player, self.round = player, round

    def __str__(self) -> str:
        who = ""
        if self.player is not None:
            who = f" ({self.player}, round {self.round})" if self.round is not None else f" ({self.player})"
        where = f"{self.where}: " if self.where else ""
        action = f"{excerpt(self.action)}: " if self.action else ""
        return f"{where}move {self.move_number}{who}: {action}{cut_long_words(self.reason)}"


def or_list(items: Iterable[str]) -> str:
    """'2, 3 or 4'."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def where(node: Node) -> str:
    return f"{node.file}:{node.line}:{node.col}"


# --- reading -------------------------------------------------------------------------------------


def load_with_set(variant_path: Path, overrides: list[str], set_nodes: list[Any]) -> Variant:
    """`load_variant(variant_path, overrides)` for a transcript: a problem caused by one of its
    `set:` overrides is shown at that override's line of the transcript (a TranscriptError); the
    variant file's own problems stay a VariantError located in that file."""
    try:
        return load_variant(variant_path, overrides)
    except VariantError as err:
        located, ours = [], False
        for p in err.problems:
            if p.in_override and p.override() in overrides:
                i = overrides.index(p.override())
                located.append(set_nodes[i].problem(f"set.{i + 1}", f"{p.path}: {p.message}" if p.path else p.message))
                ours = True
            elif p.cause is not None and p.cause.sets and p.message == p.cause.text(p.cause.sets):
                # A problem shown in the variant file names the overrides that caused it as the command
                # line's (`(with --set planets_dealt.7=10)`): here they are the transcript's set: list,
                # said from the problem's Cause. Replacing the --set text in the message also rewrote a
                # value of the file that quoted it ("got 'with --set ...'").
                located.append(Problem(p.file, p.line, p.col, p.path, p.cause.text(p.cause.sets, _in_set_list)))
            else:
                located.append(p)
        raise (TranscriptError if ours else VariantError)(located) from None


def _in_set_list(sets: Sequence[str]) -> str:
    """How a problem shown in the variant file names the transcript's `set:` overrides that caused
    it, each quoted back as --set's are (`echoed`)."""
    return "with the transcript's set: " + ", ".join(echoed(o) for o in sets)


def unknown_player(name: Any, players: Sequence[str], present: Iterable[Any] = ()) -> str:
    """The message for a player name not in the transcript's `players`, with the likely one:
    the one player absent from the mapping (`present`) when only one is, as a renamed player
    leaves, however unlike the names ('5C' for 'Ann'); else the closest name."""
    given = {str(k) for k in present}
    absent = [p for p in players if p not in given]
    likely = absent[0] if given and len(absent) == 1 else guess(name, players, present)
    hint = f"did you mean {likely!r}? " if likely else ""
    return f"unknown player ({hint}players: {', '.join(players)})"


def misspelt(missing: str, keys: Iterable[Any], valid: Sequence[str]) -> bool:
    """Whether the missing key `missing` is the likely one (`guess`) for one of the unknown
    `keys`: one mistake (`round:` for `rounds:`), reported once, at the unknown key."""
    keys = list(keys)
    return any(k not in valid and guess(k, valid, keys) == missing for k in keys)


class TranscriptReader:
    """Reads a transcript's header key by key, collecting every problem (located) before raising.

    Typical use: construct (checks the keys and the game), read the game's own keys, `check()`,
    `load_variant()`, `read_players(variant)`, check the setup block against the variant,
    `check()` again."""

    def __init__(self, path: str | Path, *, game: str, keys: Sequence[str], required: Sequence[str],
                 other_formats: Mapping[str, str] | None = None) -> None:
        """`other_formats`: keys of another game's transcript format, each with what this game
        writes instead (New Frontiers' `rounds:` where the others write `moves:`)."""
        self.path = Path(path)
        self.label = str(path)
        self.game = game
        self.problems: list[Problem] = []
        tree = parse_file(self.path, self.label, "a transcript", first_item=1)  # malformed YAML: VariantError, located
        if not isinstance(tree.value, dict):
            raise TranscriptError([tree.problem("", "a transcript must be a mapping of keys to values")])
        refuse_variant_file(tree)
        self.tree = tree
        self.doc: dict[str, Node] = tree.value
        valid = (*HEADER_KEYS, *keys)
        for key, node in self.doc.items():
            if key not in valid:
                said = (other_formats or {}).get(key) or unknown_key(key, valid, self.doc)
                self.problems.append(node.problem(key, said, at_key=True))
        missing = [key for key in ("game", "variant", "players", *required)
                   if key not in self.doc and not misspelt(key, self.doc, valid)]
        if len(missing) == 1:
            self.problems.append(Problem(self.label, 1, 1, missing[0], "required key is missing"))
        elif missing:  # one line, as a variant's item lacking several keys (it was one line per key)
            self.problems.append(Problem(self.label, 1, 1, "", f"required keys are missing: {', '.join(missing)}"))
        if "game" in self.doc and self.doc["game"].value != game:
            self.problems.append(self.doc["game"].problem("game", f"expected {game!r}, not {as_written(self.doc['game'].value)}"))
        self._other_game_s_transcript()
        self.title = self.text("title") or ""
        self.text("notes")
        self.variant_ref = self.text("variant")
        if "variant" in self.doc and self.variant_ref is not None and not self.variant_ref.strip():
            self.problems.append(self.doc["variant"].problem(
                "variant", "must be the path of the variant file, relative to this transcript"))
            self.variant_ref = None
        self.overrides = self.strings("set") or []
        self.player_count = 0
        """The number of players (set by read_players)."""
        self._players = self._read_players_key()

    def _other_game_s_transcript(self) -> None:
        """Keys that do not fit this game's format, and a variant file of another game: the
        transcript is that game's, its `game:` changed (or copied from another transcript). One
        line at `game:`, not one per key that game's format has and this one's lacks (an Oh-Seven
        match marked `game: stargate` read "circle: required key is missing", "moves: required key
        is missing" and "rounds: unknown key")."""
        ref = self.doc.get("variant")
        if not self.problems or "game" not in self.doc or not isinstance(ref, Node) or not isinstance(ref.value, str):
            return
        try:
            other = load_variant(self.folder / ref.value).game
        except (PlaytestError, OSError, ValueError):  # said where the variant is read, if it matters then
            return
        if other != self.game:
            raise TranscriptError([self.doc["game"].problem("game", (
                f"{self.game!r}, but its variant {ref.value} is a variant of {other!r}, and its keys do not fit the "
                f"transcript format of {self.game!r}: write game: {other} (or name a variant of {self.game!r} and "
                "record the game in its format)"))])

    # --- located fields --------------------------------------------------------------------------

    def text(self, key: str) -> str | None:
        if key not in self.doc:
            return None
        node = self.doc[key]
        if not isinstance(node.value, str):
            self.problems.append(node.problem(key, "must be text" if key != "variant" else
                                              "must be the path of the variant file, relative to this transcript"))
            return None
        if len(node.value) > MAX_TEXT:  # as a variant's texts (its name:): a 100 KB title was printed whole
            self.problems.append(node.problem(key, too_long(node.value)))
            return None
        return node.value

    def list(self, key: str) -> builtins.list[Node] | None:
        if key not in self.doc:
            return None
        node = self.doc[key]
        if node.value is None:  # `moves:` with nothing below it: an empty list
            return []
        if not isinstance(node.value, list):
            self.problems.append(node.problem(key, "must be a list"))
            return None
        return node.value

    def strings(self, key: str) -> builtins.list[str] | None:
        items = self.list(key)
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            if isinstance(item.value, bool) or not isinstance(item.value, str | int):
                self.problems.append(item.problem(f"{key}.{i + 1}", f"must be text, not {as_written(item.plain())}"))
            else:
                out.append(str(item.value))
        return out

    def int(self, key: str, *, low: builtins.int, what: str = "") -> builtins.int | None:
        """`key`'s whole number of at least `low`; else None, the problem said (`what` it must be)."""
        if key not in self.doc:
            return None
        node = self.doc[key]
        if isinstance(node.value, bool) or not isinstance(node.value, int) or node.value < low:
            must = what or f"a whole number of at least {low}"
            self.problems.append(node.problem(key, f"must be {must}, not {as_written(node.plain())}"))
            return None
        return node.value

    def check(self) -> None:
        """Raise TranscriptError with every problem found so far (if any)."""
        if self.problems:
            raise TranscriptError(self.problems)

    # --- the variant and the players ---------------------------------------------------------------

    @property
    def folder(self) -> Path:
        """The folder `variant:` is relative to: the real file's, as a variant's `extends:` is
        (a transcript linked from elsewhere read `../../variants/x.yaml` beside the link: "not found")."""
        try:
            real = self.path.resolve()
        except (OSError, RuntimeError):
            return self.path.parent
        return real.parent if real.exists() else self.path.parent

    def load_variant(self) -> Variant:
        """The variant file (relative to the transcript) with the `set:` overrides. A problem
        caused by an override is shown at the override's line; the variant file's own problems
        are a VariantError located in that file."""
        assert self.variant_ref is not None, "check() first"
        node = self.doc["variant"]
        variant_path = self.folder / self.variant_ref
        if not variant_path.is_file():
            ref = self.variant_ref  # what is there, as validate says it: a folder or a device is no variant
            what = (f"{ref} is a folder, not a variant file" if variant_path.is_dir() else
                    f"{ref} {not_regular(variant_path)}"
                    if variant_path.exists() else f"variant file not found: {ref}")
            # the place itself, beside the transcript: `../v/x.yaml` read "(looked for ../v/x.yaml)";
            # resolved as the file system does (`link/..` is the link target's parent), not as text
            looked = variant_path.resolve()
            raise TranscriptError([node.problem("variant", f"{what} (looked for {looked})")])
        set_nodes = self.doc["set"].value if "set" in self.doc else []
        overrides = self.overrides
        problems: list[Problem] = []
        for i, text in enumerate(overrides):
            try:
                parse_override(text)
            except VariantError as err:
                problems.extend(set_nodes[i].problem(f"set.{i + 1}", p.message) for p in err.problems)
        if problems:
            raise TranscriptError(problems)
        variant = load_with_set(variant_path, overrides, set_nodes)
        if variant.game != self.game:
            raise TranscriptError([node.problem("variant", f"is a variant for {variant.game}, not for {self.game}")])
        return variant

    def _read_players_key(self) -> builtins.int | builtins.list[str] | None:
        if "players" not in self.doc:
            return None
        node = self.doc["players"]
        if isinstance(node.value, list):
            names = self.strings("players")
            if names is not None and "names" in self.doc:
                self.problems.append(self.doc["names"].problem(
                    "names", "the players are already named in players: give either a count in "
                    "players and the names here, or the list of names in players"))
            return names
        return self.int("players", low=1, what="the number of players or the list of their names")

    def read_players(self, variant: Variant) -> tuple[str, ...]:
        """The players' names in seat order, checked against the variant's player counts."""
        given = self._players
        node = self.doc["players"]
        if isinstance(given, list):
            names_node: Node | None = node
            count, key = len(node.value), "players"  # an item that is not a name counts
            names: list[str] | None = given
        else:
            assert given is not None, "check() first"
            count, names_node, key = given, self.doc.get("names"), "names"
            names = self.strings("names")
        self.player_count = count
        counts = variant.model.player_counts()
        fix = one_text(names_node.value) if names_node is not None and names is not None and count == 1 else None
        if fix is not None:  # 'players: [Ann Ben Cat]' read "the variant is for 3 or 4 players, not 1"
            self.problems.append(names_node.problem(key, fix))  # type: ignore[union-attr]
            return ()
        if count not in counts:
            self.problems.append(node.problem(
                "players", f"the variant is for {or_list(str(c) for c in counts)} players, not {count}"
                + variant.model.players_fix(count, "in the transcript's set: list")))
        if names is None:
            # No name is made for a count the variant refuses: `players: 1000000000000` made one
            # for each player, and replay hung (fuzz seed 8803).
            if count not in counts:
                return ()
            return tuple(f"Player {i + 1}" for i in range(count))
        assert names_node is not None
        if len(names) != len(names_node.value or ()):  # `names:` with nothing below it: no name
            # An item that is not a name is said at the item (`strings`): counted without it,
            # the list read "2 names for 3 players" as well, and the items after it were
            # checked at the wrong place.
            return tuple(names)
        if len(names) != count and len(set(names)) != count and count in counts:
            # (a name written twice and nothing else wrong is said at the second one: one mistake, one
            # line; it was "6 names for 5 players" beside "duplicate name 'Cy'", fuzz seed 5502; and a
            # player count the variant refuses is said at players: alone: "3 names for 1000000000000
            # players" beside it was the same mistake again, fuzz seed 5512)
            self.problems.append(names_node.problem("names", one_text(names_node.value, count)  # 'names: [Ann Bo]'
                                                    or f"{len(names)} names for {count} players"))
        for i, name in enumerate(names):
            if not name.strip():
                self.problems.append(names_node.value[i].problem(f"{key}.{i + 1}", "a name cannot be empty"))
            elif len(name) > MAX_TEXT:  # 100 KB printed nine times over by replay's tables
                self.problems.append(names_node.value[i].problem(f"{key}.{i + 1}", too_long(name)))
            elif "\n" in name or "\r" in name:  # it split the scores table and the winner's line in two
                self.problems.append(names_node.value[i].problem(f"{key}.{i + 1}", f"a name is one line of text, "
                                                                 f"not {excerpt(name)!r}"))
            elif names.index(name) != i:
                self.problems.append(names_node.value[i].problem(f"{key}.{i + 1}", f"duplicate name {name!r}"))
        return tuple(names)


def too_long(text: str) -> str:
    """A transcript's free text (title, notes, a name) beyond the limit of a variant's texts."""
    return f"text of {len(text):,} characters is too long (at most {MAX_TEXT:,})"


# --- located checks inside a game's own blocks ---------------------------------------------------


def require(node: Node, key: str, path: str, problems: list[Problem], valid: Sequence[str] = ()) -> Node | None:
    """`node`'s value under `key` (a mapping is expected), or None with the problem recorded
    (not when an unknown key of the mapping is a misspelling of it: `unknown_keys` reports that
    one, with the guess)."""
    if not isinstance(node.value, dict):
        problems.append(node.problem(path, "must be a mapping"))
        return None
    if key not in node.value:
        if not (valid and misspelt(key, node.value, valid)):
            problems.append(node.problem(f"{path}.{key}" if path else key, "required key is missing"))
        return None
    value: Node = node.value[key]
    return value


def no_valid_key(node: Node, path: str, valid: Sequence[str], needed: Sequence[str], problems: list[Problem]) -> bool:
    """Whether `node` is a mapping none of whose keys is valid (`{x: 1}` where a round goes),
    with the one problem recorded at the mapping, naming the keys it needs: one mistake, one line
    (not one per missing key and one per unknown key). The caller skips the mapping then. A key
    like a valid one (`deal:` for `deals:`) is a misspelling, said at the key (`unknown_keys`)."""
    if not isinstance(node.value, dict) or not node.value or any(
            k in valid or guess(k, valid, node.value) for k in node.value):
        return False
    problems.append(node.problem(path, f"none of its keys is valid (got {short(node.plain())}): it needs "
                                       f"{', '.join(needed)}; valid keys: {', '.join(valid)}"))
    return True


def unknown_keys(node: Node, path: str, valid: Sequence[str], problems: list[Problem]) -> None:
    """Record every key of the mapping `node` that is not in `valid` (at the key)."""
    if isinstance(node.value, dict):
        for key, value in node.value.items():
            if key not in valid:
                problems.append(value.problem(f"{path}.{key}" if path else key, unknown_key(key, valid, node.value),
                                              at_key=True))


def one_text(value: Any, n: builtins.int | None = None) -> str | None:
    """A list YAML read as one text because its items lack the commas between them ('[7S 2S AS]',
    '- 7S, 2S, AS', 'circle: [red1 blue1]'): the text and how to write it, "'7S 2S AS', one text:
    write it as [7S, 2S, AS]", when it splits into `n` items (or into more than one, without
    `n`); else None. `value` is a Node's value: a list of Nodes, or a scalar."""
    one = value[0].value if isinstance(value, list) and len(value) == 1 else value
    words = one.replace(",", " ").split() if isinstance(one, str) else []
    if len(words) > 1 and (n is None or len(words) == n):
        return f"{short(one)}, one text: write it as [{', '.join(words)}]"
    return None


def per_player(node: Node, path: str, players: Sequence[str], what: str,
               problems: list[Problem]) -> list[tuple[Node, str]] | None:
    """One value per player, written as a list in seat order or a mapping player → value: the
    (node, path) of each in seat order, or None with the problems recorded."""
    if isinstance(node.value, dict):
        unknown = [k for k in node.value if k not in players]
        for k in unknown:
            problems.append(node.value[k].problem(f"{path}.{k}", unknown_player(k, players, node.value), at_key=True))
        absent = [p for p in players if p not in node.value]
        # One player absent beside an unknown name (a renamed player, `Eve:` for Ben): the unknown
        # name's line already names the absent one (`unknown_player`); "missing player(s): Ben"
        # beside it said the same mistake twice (the hands and New Frontiers' home worlds say it once).
        missing = [] if unknown and len(absent) == 1 else [
            p for p in absent if not misspelt(p, node.value, players)]
        if missing:
            problems.append(node.problem(path, f"missing player(s): {', '.join(missing)}"))
        if unknown or missing:
            return None
        return [(node.value[p], f"{path}.{p}") for p in players]
    if isinstance(node.value, list):
        if len(node.value) != len(players):
            fix = one_text(node.value, len(players))  # '- [3H AD 3S]': one text, not a card per player
            problems.append(node.problem(path, f"needs one {what} per player ({len(players)}), got {len(node.value)}"
                                         + (f" ({fix})" if fix else "")))
            return None
        return [(v, f"{path}.{i + 1}") for i, v in enumerate(node.value)]
    problems.append(node.problem(path, f"must be a list of {what}s in seat order or a mapping player: {what}"))
    return None


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Generic[A]):
    """One move of a transcript: its number (1-based), as written, parsed, and where it is."""

    number: int
    text: str
    actions: tuple[A, ...]
    where: str
    """file:line:col of the move."""


class MovePlayer(Generic[S, A]):
    """Plays a transcript's moves through the rules: numbers them, checks that each is complete
    and that the game is not over, and turns the rules' refusal into the first-illegal-move
    report (IllegalMoveError). Events go to `log`; chance draws use `rng`."""

    def __init__(self, rules: Rules[S, A], state: S, notation: Notation[S, A], *, names: Sequence[str],
                 rng: random.Random | Any, log: list[Event]) -> None:
        self.rules, self.state, self.notation = rules, state, notation
        self.names, self.rng, self.log = names, rng, log
        self.played = 0
        """Moves played so far (the number of the last one)."""

    def play(self, move: Move[A]) -> S:
        """Play one move (all its actions); returns the new state."""
        rules, notation = self.rules, self.notation
        state = self.state
        if rules.is_terminal(state):
            raise IllegalMoveError(f"the game is already over: it ended after move {self.played}; remove the "
                                   "moves after it", move_number=move.number, action="", where=move.where)
        seat = rules.current_seat(state)
        player = self.names[seat] if notation.names_the_player else None
        rnd = notation.round_of(state)

        def fail(reason: str, action: str) -> IllegalMoveError:
            return IllegalMoveError(reason, move_number=move.number, action=action, player=player, round=rnd,
                                    where=move.where)

        done: list[A] = []
        for action in move.actions:
            if done and (rules.is_terminal(state) or notation.move_over(rules, state)):
                raise fail(notation.explain(rules, state, action, done)
                           or "the turn is already over (one line per turn); move it to the next line",
                           notation.describe(rules, state, action))
            written = notation.describe(rules, state, action)
            try:
                state = rules.apply(state, action, rng=self.rng, log=self.log)
            except IllegalActionError as err:
                reason = notation.explain(rules, state, action, done) or err.reason
                for i, name in enumerate(self.names):  # the rules speak of seats, the transcript of names
                    reason = reason.replace(f"seat {i + 1} ", f"{name} ")
                raise fail(reason, written) from None
            done.append(action)
        if not rules.is_terminal(state) and not notation.move_over(rules, state):
            raise fail(notation.unfinished(rules, state), move.text)
        self.state = state
        self.played = move.number
        return state


# --- what a game supplies ------------------------------------------------------------------------


class Notation(Generic[S, A]):
    """A game's transcript notation and setup block. Subclass it; only `parse_move` is required
    for a game whose moves are single actions and whose setup is the rules' `initial_state`."""

    game: str = ""
    """The game's name as transcripts write `game:`, for code that reads them with this notation
    alone (`read_transcript(path, notation)`). Optional for a plugin: `replay`, `calibrate` and
    the contract test read a game's transcripts under its GameSpec's name (`game=`)."""
    setup_keys: tuple[str, ...] = ()
    """The game's own header keys (its setup block)."""
    required_setup: tuple[str, ...] = ()
    example: str = ""
    """A move as it is written, for error messages."""
    names_the_player: bool = True
    """Illegal-move reports name the player (and round, see round_of)."""

    def parse_move(self, text: str) -> Sequence[A]:
        """The actions of one written move. Raise ValueError with a reason if it cannot be read."""
        raise NotImplementedError

    def format_action(self, rules: Rules[S, A], state: S, action: A) -> str:
        """An action as it is written (the rules' format_action by default)."""
        return rules.format_action(state, action)

    def describe(self, rules: Rules[S, A], state: S, action: A) -> str:
        """The action as an illegal-move report names it (by default as it is written)."""
        return self.format_action(rules, state, action)

    def read_setup(self, reader: TranscriptReader) -> Any:
        """Read the setup block's keys (located problems into reader.problems) and return it.
        The variant is not loaded yet: check here only what the file alone tells."""
        return None

    def check_setup(self, reader: TranscriptReader, setup: Any, variant: Variant, players: int) -> None:
        """Check the setup block against the variant and the player count (into reader.problems)."""

    def initial_state(self, rules: Rules[S, A], setup: Any, players: int) -> S:
        """The state the transcript starts from. By default the rules' own set-up with a fixed
        rng, which suits games without a random set-up."""
        return rules.initial_state(players, rng=random.Random(0))

    def replay_rng(self, setup: Any) -> random.Random | Any:
        """What `apply` draws from during the replay. The default is a fixed Random(0), right for
        games without chance after the set-up; a game with chance during play writes the
        outcomes in its transcript and returns an object that replays them (Oh-Seven's
        StackedDeck deals the recorded hands)."""
        return random.Random(0)

    def move_over(self, rules: Rules[S, A], state: S) -> bool:
        """Whether the move being played is complete in `state` (default: one action a move)."""
        return True

    def round_of(self, state: S) -> int | None:
        """The round named in illegal-move reports (None: not named)."""
        return None

    def unfinished(self, rules: Rules[S, A], state: S) -> str:
        """Why a move that stops before its end is refused."""
        nxt = rules.legal_actions(state)[0]
        return f"the move is not finished: it goes on with e.g. '{self.format_action(rules, state, nxt)}'"

    def explain(self, rules: Rules[S, A], state: S, action: A, done: Sequence[A]) -> str | None:
        """A clearer reason than the rules' for an illegal action (None: the rules' reason).
        Asked too for an action written after its move had already ended (`move_over`): `state`
        is then the one after the move, `done` the move's actions so far (None: "the turn is
        already over")."""
        return None

    def outcome(self, transcript: Transcript[S, A], rules: Rules[S, A], state: S,
                log: Sequence[Event]) -> Outcome:
        """The replay's result; by default the generic scores (see `Outcome`)."""
        return Outcome.scores(transcript, rules, state)


@dataclass(frozen=True)
class Transcript(Generic[S, A]):
    """A checked transcript in the common format: the variant is loaded and every move is read."""

    path: str
    title: str
    variant: Variant
    variant_ref: str
    names: tuple[str, ...]
    setup: Any
    moves: tuple[Move[A], ...]

    @property
    def players(self) -> int:
        return len(self.names)


def read_transcript(path: str | Path, notation: Notation[S, A], *, game: str = "") -> Transcript[S, A]:
    """Parse and check a transcript in the common format. Raises TranscriptError (every problem
    at once) or VariantError (the variant file itself is broken). `game`: the game it must be,
    by default `notation.game`; the commands pass the GameSpec's name, so that a plugin's
    notation that names no game (or, copied from another plugin, another game) is not taken for
    another game's: its every transcript was refused with "game: '', but its variant ... is a
    variant of 'pig' ...: write game: pig" at a `game: pig` line that was right."""
    reader = TranscriptReader(path, game=game or notation.game, keys=(*notation.setup_keys, MOVES),
                              required=(*notation.required_setup, MOVES))
    setup = notation.read_setup(reader)
    moves = read_moves(reader, notation)
    reader.check()
    variant = reader.load_variant()
    names = reader.read_players(variant)
    notation.check_setup(reader, setup, variant, reader.player_count)
    reader.check()
    assert reader.variant_ref is not None
    return Transcript(path=reader.label, title=reader.title, variant=variant, variant_ref=reader.variant_ref,
                      names=names, setup=setup, moves=tuple(moves))


def read_moves(reader: TranscriptReader, notation: Notation[S, A]) -> list[Move[A]]:
    """The `moves:` list, each entry parsed with the game's notation (problems located)."""
    moves = []
    hint = f", e.g. '{notation.example}'" if notation.example else ""
    for i, node in enumerate(reader.list(MOVES) or ()):
        number = i + 1
        text = node.value
        if isinstance(text, dict) and len(text) == 1 and isinstance(next(iter(text.values())).value, str):
            # `- armstrong: place red1`: the ': ' makes YAML read a mapping, and the line was
            # answered only "expected a turn in notation"
            key, value = next(iter(text.items()))
            reader.problems.append(node.problem("", f"move {number}: YAML reads '{key}: {value.value}' as a key and "
                                                f"a value (the ': ' after '{key}'): a move is one line of text"
                                                f"{hint}"))
            continue
        if not isinstance(text, str) or not text.strip():
            reader.problems.append(node.problem("", f"move {number}: expected a turn in notation{hint}"))
            continue
        try:
            actions = tuple(notation.parse_move(text))
        except ValueError as err:  # it quotes the line, which may be 100,000 characters long
            reader.problems.append(node.problem("", f"move {number}: "
                                                + cut_long_words(str(err).replace(text, excerpt(text)))))
            continue
        if not actions:
            reader.problems.append(node.problem("", f"move {number}: expected a turn in notation{hint}"))
            continue
        moves.append(Move(number, text.strip(), actions, where(node)))
    return moves


def replay(t: Transcript[S, A], notation: Notation[S, A], make_rules: Callable[[Any], Rules[S, A]],
           trace: list[dict[str, Any]] | None = None) -> Any:
    """Replay a checked transcript: the game's outcome, or IllegalMoveError at the first illegal
    move. With `trace`, one entry per move is appended to it (`move_trace`): what the move did,
    from the events the rules logged while it was played."""
    rules = make_rules(t.variant.model)
    log: list[Event] = []
    state = notation.initial_state(rules, t.setup, t.players)
    player = MovePlayer(rules, state, notation, names=t.names, rng=replay_draws(t, notation), log=log)
    for move in t.moves:
        seat = rules.current_seat(player.state)
        before = len(log)
        player.play(move)
        if trace is not None:
            trace.append(move_trace(move, t.names, seat, log[before:]))
    return notation.outcome(t, rules, player.state, log)


def replay_draws(t: Transcript[S, A], notation: Notation[S, A]) -> random.Random | Any:
    """What `apply` draws from while `t` is replayed: the notation's `replay_rng(setup)`. None
    (a `return` left out) is the game's bug, said as such: it was passed to `apply`, where a game
    without chance after its set-up replayed by accident and one with chance failed in `apply`."""
    draws = notation.replay_rng(t.setup)
    if draws is None:
        raise ProtocolError(f"game '{t.variant.model.game}': its notation's replay_rng returned None, not what "
                            "apply draws from (a random.Random, or an object that replays the outcomes the transcript "
                            "records; docs/extending.md, 'Transcripts: a notation and a setup block')")
    return draws


def move_trace(move: Move[Any], names: Sequence[str], seat: int, events: Sequence[Event]) -> dict[str, Any]:
    """One move of `replay --moves`: its number, player, text and each event it logged (kind,
    round, the player it is about if any, and its data without empty values)."""
    return {"move": move.number, "player": names[seat], "text": move.text,
            "events": [{"kind": str(e.kind), "round": e.round,
                        "player": names[e.seat] if e.seat is not None and 0 <= e.seat < len(names) else None,
                        "data": {k: v for k, v in e.data.items() if v is not None and v != ""}} for e in events]}


def trace_text(trace: Sequence[dict[str, Any]]) -> str:
    """`replay --moves` as text: a line per move, then a line per event it logged."""
    lines = ["Moves"]
    for m in trace:
        lines.append(f"  {m['move']:>3}. {m['player']}: {m['text']}")
        for e in m["events"]:
            data = "  ".join(f"{k} {_num(v) if not isinstance(v, bool) else str(v).lower()}"
                             for k, v in e["data"].items())
            who = f", {e['player']}" if e["player"] is not None else ""
            lines.append(f"       {e['kind']} (round {e['round']}{who}): {data}")
    return "\n".join(lines)


# --- the generic outcome -------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """A replay's result: `text()` for the terminal, `to_json()` for `--json`."""

    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data

    def text(self) -> str:
        return scores_text(self.data)

    @classmethod
    def scores(cls, t: Transcript[Any, Any], rules: Rules[Any, Any], state: Any) -> Outcome:
        """Each player's score parts, total, rank and win share from the rules' result (the board
        as it stands if the transcript stops before the end)."""
        return cls(outcome_data(t, rules, state))


def outcome_data(t: Transcript[Any, Any], rules: Rules[Any, Any], state: Any) -> dict[str, Any]:
    """The game-independent part of a replay's JSON (`common_outcome`) of a transcript in the
    common format."""
    return common_outcome(variant=t.variant, variant_ref=t.variant_ref, title=t.title, transcript=t.path,
                          names=t.names, moves=len(t.moves), rules=rules, state=state)


def common_outcome(*, variant: Variant, variant_ref: str, title: str, transcript: str, names: Sequence[str],
                   moves: int, rules: Rules[Any, Any], state: Any) -> dict[str, Any]:
    """The keys every game's `replay --json` carries (docs/transcripts.md): the transcript, the
    variant, the players, the moves replayed, whether the game is over (else who plays next), the
    scores and the winners. Built here, from what every game has (its Variant, its rules'
    `is_terminal`, `current_seat` and `result`), so that games with their own transcript format
    (Oh-Seven, New Frontiers) give the same keys as those in the common format; each game adds
    its own keys after these."""
    finished = rules.is_terminal(state)
    result = rules.result(state)
    wrong = shape_problem(result)
    if wrong:  # a plugin's bug, named as one (it was an 'internal error' to report to playtest)
        raise ProtocolError(f"game '{variant.model.game}': {wrong}")
    model = variant.model
    from playtest.analysis.offs import parts_off, variant_switched_off
    from playtest.games import get_game  # the registry (no game is imported by name)

    # A score part the variant switches off (New Frontiers' goals without the goals option) is
    # left out, as the reports leave it out: "goals 0" read as a score the players did not make.
    all_parts = list(result.seats[0].components) if result.seats else []
    off_parts = parts_off(variant_switched_off(variant, len(names)), all_parts)
    parts = [p for p in all_parts if p not in off_parts]

    return {
        "game": model.game,
        "game_title": get_game(model.game).title,
        "title": title,
        "transcript": transcript,
        "variant": {"path": variant_ref, "name": model.name, "rules_version": model.rules_version,
                    "hash": variant.hash, "overrides": list(variant.overrides)},
        "players": list(names),
        "moves": moves,
        "finished": finished,
        "next_player": None if finished else names[rules.current_seat(state)],
        "scores": [{k: v for k, v in _score_row(names, s, finished).items() if k not in off_parts}
                   for s in result.seats],
        "score_parts": parts,
        "winners": [names[s.seat] for s in result.seats if s.rank == 1] if finished else [],
    }


def _score_row(names: Sequence[str], s: Any, finished: bool) -> dict[str, Any]:
    """One player's scores: each score part, total, rank, win share, then the seat's stats. A
    stat named like a score part (New Frontiers counts `worlds` and scores `worlds`) is left out:
    it must not replace the score."""
    points = {k: _whole(v) for k, v in s.components.items()}
    row = {"player": names[s.seat], "seat": s.seat + 1, **points, "total": _whole(s.total),
           "rank": s.rank, "win_share": s.win_share if finished else 0.0}
    return row | {k: v for k, v in s.stats.items() if k not in row}


def _whole(x: Any) -> Any:
    """A score as the game counts it: whole points as int (3, not 3.0), as every game's
    transcript prints them; fractional scores unchanged."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def heading(game_title: str, title: str, transcript: str) -> str:
    """The first words of a replay in a game's own text (Oh-Seven, New Frontiers): the transcript's
    `title`, printed as the heading as `scores_text` prints it, else the file replayed. (`replay RUN
    --game N` without --save replays a file in a scratch folder, gone when it ends: its title names
    the run and the game.)"""
    return f"{game_title} — {title}" if title else f"{game_title} replay of {transcript}"


def scores_text(d: dict[str, Any]) -> str:
    """The generic outcome as text: heading, status, a scores table and the winner(s)."""
    v = d["variant"]
    over = f" (set: {', '.join(v['overrides'])})" if v["overrides"] else ""
    status = "game over" if d["finished"] else f"UNFINISHED: next to play: {d['next_player']}"
    lines = [f"{d['game_title']} — {d['title'] or Path(d['transcript']).name}",
             f"variant {v['path']}{over} [{v['rules_version']}, hash {v['hash']}]",
             f"{len(d['players'])} players, {d['moves']} move{'' if d['moves'] == 1 else 's'}, {status}", "",
             "Scores" + ("" if d["finished"] else " (provisional: the game is not over)")]
    nw = max(6, *(cells(s["player"]) for s in d["scores"]))
    cols = [(p, max(len(p), 5)) for p in d["score_parts"]]
    lines.append(f"  {'player':<{nw}}  " + "  ".join(f"{p:>{w}}" for p, w in cols) + "  total  rank")
    for s in d["scores"]:
        lines.append(f"  {pad(s['player'], nw)}  " + "  ".join(f"{_num(s[p]):>{w}}" for p, w in cols)
                     + f"  {_num(s['total']):>5}  {s['rank']:>4}")
    if d["finished"]:
        w = d["winners"]
        lines += ["", f"Winner: {w[0]}" if len(w) == 1 else f"Shared win: {', '.join(w)}"]
    return "\n".join(lines)


def dump_yaml(data: dict[str, Any], *, flow_small_maps: bool = False) -> str:
    """A transcript mapping as YAML a person reads line by line: a list of plain values (a hand,
    a trick, a draw) on one line; with `flow_small_maps`, a one-key mapping of a plain value
    (`{Ann: select explore}`) too."""
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def _list(dumper: yaml.SafeDumper, value: list[Any]) -> Any:
        flow = all(not isinstance(v, dict | list) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    def _dict(dumper: yaml.SafeDumper, value: dict[str, Any]) -> Any:
        flow = len(value) == 1 and not isinstance(next(iter(value.values())), dict)
        return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=flow)

    _Dumper.add_representer(list, _list)
    if flow_small_maps:
        _Dumper.add_representer(dict, _dict)
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)
