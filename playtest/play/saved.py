"""A game saved by `playtest play`, read back to be continued (`playtest play --resume FILE`).

The transcript itself says the variant (with its `set:` overrides), the players and every decision
made, bots' included; its first line, written by `PlaySession.transcript`, says the seed, the
person's seat and the bots. The session replays the decisions as recorded, asking each bot again
on its own dice so that it goes on as it would have (`PlaySession.resume`), and the game is
continued only when the seed deals the very game the file records (`check_replayed`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.core.spec import GameSpec
from playtest.core.transcript import MOVES
from playtest.errors import UsageError
from playtest.text import excerpt
from playtest.variants import Variant

HEADER = re.compile(r"^# playtest play --seed (?P<seed>[0-9]+): (?P<name>.+?) in seat (?P<seat>[0-9]+); "
                    r"bots: (?P<bots>[^;]*)(?:;.*)?$")
"""The first line `first_line` writes, as `how_played` reads it back."""


def first_line(seed: int, names: Sequence[str], seat: int, bots: Mapping[int, str], notes: Sequence[str] = ()) -> str:
    """The comment a saved game starts with, saying who played: '# playtest play --seed 1: You in
    seat 1; bots: P2 greedy, P3 greedy, P4 greedy', then each note after a ';' (moves taken back,
    a resume whose bots answered otherwise). The file's names alone ('P1', 'You') did not say
    which bot sat where, nor the seed that dealt the game; `how_played` reads it back (`HEADER`)."""
    who = ", ".join(f"{names[s]} {bot}" for s, bot in sorted(bots.items()))
    said = "".join(f"; {note}" for note in notes)
    return f"# playtest play --seed {seed}: {names[seat]} in seat {seat + 1}; bots: {who}{said}\n"


@dataclass(frozen=True)
class SavedGame:
    """What a game's transcript records, as `play --resume` continues it."""

    variant: Variant
    """The variant with the transcript's `set:` overrides applied."""
    variant_ref: str
    """The transcript's `variant:` as written (relative to the transcript's folder)."""
    names: list[str]
    decisions: list[Any]
    """Every decision of the game in order, the bots' included (a Stargate turn line holds up to three)."""
    finished: bool = False
    """Whether the game is over: refused before its bots are asked again (`PlaySession.resume`),
    which takes as long as their thinking of the whole game did (a search bot's: minutes)."""


@dataclass(frozen=True)
class Played:
    """The saved game's first line: how it was played."""

    seed: int
    seat: int
    """From 0."""
    bots: dict[int, str]
    """Seat (from 0) → bot name, for every other seat."""


def how_played(path: Path, names: list[str]) -> Played:
    """The seed, the person's seat and the bots, from the first line `playtest play` writes, checked
    against the transcript's players. UsageError naming the line when it is not there (a transcript
    not saved by `playtest play`, or its first line edited)."""
    with path.open(encoding="utf-8", errors="replace") as fh:
        # (a byte-order mark, as some Windows editors save, is read past as `playtest replay` reads past it)
        first = fh.readline().rstrip("\n").removeprefix("\ufeff")
    found = HEADER.match(first)
    if found is None and first.startswith("# playtest play "):
        # edited ('--seed -11', 'seat two'): "this file has no such line" denied the line it has
        raise UsageError(f"{path}:1:1: the first line ({excerpt(first)!r}) does not read as `playtest play` writes "
                         "it ('# playtest play --seed 1: You in seat 1; bots: P2 greedy, ...', the seed a whole number "
                         "from 0, the seat one from 1), so the game cannot be continued (`playtest replay` scores it)")
    if found is None:
        raise UsageError(f"{path}:1:1: --resume continues a game saved by `playtest play`, whose first line says "
                         "how it was played ('# playtest play --seed 1: You in seat 1; bots: P2 greedy, ...'); "
                         "this file has no such line (`playtest replay` scores any transcript)")
    # (a number of more digits than int() reads, 4,300, was an internal error)
    seed = int(found["seed"]) if len(found["seed"].lstrip("0")) <= 20 else 2**63
    if not 0 <= seed < 2**63:  # as `play --seed` takes it (sim.batch.check_seed)
        raise UsageError(f"{path}:1:1: the first line's --seed {excerpt(found['seed'])} is no seed: a seed is a whole "
                         "number from 0 to 2**63 - 1")
    seat = int(found["seat"]) - 1 if len(found["seat"].lstrip("0")) <= 9 else -1
    if not 0 <= seat < len(names) or names[seat] != found["name"]:
        raise UsageError(f"{path}:1:1: the first line puts {found['name']} in seat {excerpt(found['seat'])}, but the "
                         f"transcript's players are {', '.join(names)}")
    bots: dict[int, str] = {}
    for part in found["bots"].split(","):
        name, _, bot = part.strip().rpartition(" ")
        if name not in names or names.index(name) == seat or not bot:
            raise UsageError(f"{path}:1:1: the first line's bots ('{found['bots'].strip()}') do not name each other "
                             f"player of the transcript ({', '.join(n for n in names if n != names[seat])}) with a bot")
        if names.index(name) in bots:  # else the last of its bots taken without a word
            raise UsageError(f"{path}:1:1: the first line's bots ('{found['bots'].strip()}') name {name} twice")
        bots[names.index(name)] = bot
    if len(bots) != len(names) - 1:
        raise UsageError(f"{path}:1:1: the first line names bots for {len(bots)} of the {len(names) - 1} other seats")
    return Played(seed, seat, bots)


def from_replay(replay: Callable[[Path], Any]) -> Callable[[Any], SavedGame]:
    """PlaySupport.saved of a game whose transcripts have a shape of their own, from its `replay`
    (every move replayed and checked, as `playtest replay` does): its result's validated variant
    (`variant_obj`), the `variant:` as written, the players and the decisions it played."""
    def saved(path: Any) -> SavedGame:
        rep = replay(Path(path))
        return SavedGame(rep.variant_obj, rep.common["variant"]["path"], list(rep.players), rep.decisions,
                         bool(rep.common["finished"]))

    return saved


def read_saved(spec: GameSpec, path: Path) -> SavedGame:
    """The saved game: through the game's own reader (PlaySupport.saved) when its transcripts
    have a shape of their own, else the common format read with the game's notation. Raises the
    transcript's located errors, as `playtest replay` does."""
    from playtest.core.transcript import read_transcript, replay
    from playtest.play.session import play_support

    support = play_support(spec)
    if support is not None and support.saved is not None:
        return support.saved(path)
    if spec.notation is None:
        raise UsageError(f"{spec.name} cannot read a saved game back: its GameSpec has no notation and its "
                         "PlaySupport no saved= (docs/extending.md)")
    t = read_transcript(path, spec.notation, game=spec.name)
    # Every move checked, as `playtest replay` does: a move the rules refuse (or a line holding two
    # turns) is said where it is written, not as a seed that does not deal the game.
    outcome = replay(t, spec.notation, spec.make_rules)
    return SavedGame(t.variant, t.variant_ref, list(t.names), [a for move in t.moves for a in move.actions],
                     bool(outcome.to_json()["finished"]))  # (every replay's JSON says it: core.transcript.common_outcome)


def game_over(path: Path) -> UsageError:
    """The saved game at `path` is finished: there is nothing to continue."""
    return UsageError(f"--resume {path}: the game is over, there is nothing to continue (`playtest replay {path}` "
                      "scores it)")


def not_dealt(path: Path, seed: int, why: str = "") -> UsageError:
    """The saved game at `path` is not the game its first line's seed deals (that seed edited, or a
    file put together by hand): it cannot be continued."""
    because = f" ({why})" if why else ""
    return UsageError(f"{path}:1:1: --seed {seed} of its first line does not deal the game the file records{because}, "
                      f"so it cannot be continued (`playtest replay {path}` still scores it)")


def same_game(path: Path, written: str, notation: Any = None) -> bool:
    """Whether the transcript text `written` records the game of the file at `path`, as `play`
    writes it: the title and notes aside, which are the person's to write (replay reads both).
    The moves are compared as the game reads them, not as they are spelt: with the game's
    `notation` (the common format's `moves:`) each as the actions it parses to; in a format of the
    game's own (Oh-Seven, New Frontiers), which has no notation of a single move, every text word
    by word. `armstrong;  place red2` or `{Ann: develop  d07}`, which replay reads as the move play
    wrote, was refused as another game. False when the file cannot be read back (moved away or
    edited since it was resumed)."""
    def game(text: str) -> Any:
        data = yaml.safe_load(text)
        if not isinstance(data, dict):
            return data
        data = {k: v for k, v in data.items() if k not in ("title", "notes")}
        if notation is not None and isinstance(data.get(MOVES), list):
            data[MOVES] = [_parsed(notation, move) for move in data[MOVES]]
        return _words(data)

    try:
        return bool(game(written) == game(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeError, yaml.YAMLError):
        return False


def _parsed(notation: Any, move: Any) -> Any:
    """A move as the actions the game's notation reads from it (as written if it reads none)."""
    try:
        return ("actions", tuple(notation.parse_move(move))) if isinstance(move, str) else move
    except ValueError:
        return move


def _words(value: Any) -> Any:
    """`value` with each text as its words: spaces between them are spelling, not the game."""
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, dict):
        return {_words(k): _words(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_words(v) for v in value]
    return value


def check_replayed(path: Path, written: str, seed: int, notation: Any = None) -> None:
    """`written` (the transcript of the seed's deal played with the saved decisions) must record
    the very game of the file at `path` (`same_game`): the seed deals what the file's setup shows
    (`not_dealt` otherwise, which says what else can differ: the moves are compared as the game
    reads them and texts word by word, but a list such as a hand as written, in its order)."""
    if not same_game(path, written, notation):
        raise not_dealt(path, seed, "or something in it is written otherwise than play wrote it: a hand's cards in "
                                    "another order, say")
