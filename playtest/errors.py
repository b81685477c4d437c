"""The exception hierarchy: library code raises these; only the CLI prints and exits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from playtest.text import cut_long_words, echoed, excerpt


class PlaytestError(Exception):
    """Base of every error a user can cause. The CLI prints `str(err)` and exits non-zero."""

    exit_code: int = 2


OVERRIDE = "--set "
"""What a problem's `file` starts with when it is in an override (`--set KEY=VALUE`), not a file:
`override_label`, `Problem.in_override`."""


def override_label(text: str) -> str:
    """The `file` of a problem in the override `text` (`key.path=value`): '--set key.path=value'."""
    return OVERRIDE + text


def with_sets(overrides: Sequence[str]) -> str:
    """How a problem shown in a draft names the overrides that caused it: 'with --set a --set b'."""
    return "with " + " ".join(f"--set {echoed(o)}" for o in overrides)


@dataclass(frozen=True, slots=True)
class Cause:
    """What a problem's closing parenthesis says caused it, kept as data (variants.loader's
    `_from_child`): the problem's own message, the places said before the --set ('in
    draft5.yaml:27:14', 'extended by mine.yaml, which changes crews.bays.skill') and every --set
    given (`key=value`, in order). `Problem.naming` says it with only some of them: a sweep's note
    names the --set that decide where it shows (cli.common.note_texts), where its text was cut
    and pasted, and kept a key that did not."""

    message: str
    places: tuple[str, ...]
    sets: tuple[str, ...]

    def text(self, sets: Sequence[str], words: Callable[[Sequence[str]], str] = with_sets) -> str:
        """The problem's message with its parenthesis naming `sets`, in `words` ('with --set a
        --set b'; a transcript's reader says them as its set: list)."""
        parts = [*self.places, *([words(sets)] if sets else [])]
        return f"{self.message} ({', '.join(parts)})" if parts else self.message


@dataclass(frozen=True, slots=True)
class Problem:
    """One located problem in a variant (or transcript) file."""

    file: str
    line: int
    col: int
    path: str
    message: str
    cause: Cause | None = field(default=None, compare=False, repr=False)
    """Its message's closing parenthesis as data (Cause) when a parent draft or a --set caused it
    (variants.loader._from_child; `cause.sets` empty without --set); None otherwise."""

    def naming(self, sets: Sequence[str]) -> Problem:
        """This problem with its parenthesis naming only `sets` of its --set (none: as the file
        alone would give it). Unchanged without a Cause, or when its message is no longer the one
        the Cause gives (a caller added words to it since)."""
        if self.cause is None or self.message != self.cause.text(self.cause.sets):
            return self
        return Problem(self.file, self.line, self.col, self.path, self.cause.text(sets),
                       Cause(self.cause.message, self.cause.places, tuple(sets)))

    @property
    def in_override(self) -> bool:
        """The problem is in a `--set KEY=VALUE` (`override_label`), not in a file."""
        return self.file.startswith(OVERRIDE)

    def override(self) -> str:
        """The `key.path=value` of a problem `in_override`."""
        return self.file.removeprefix(OVERRIDE)

    def __str__(self) -> str:
        # An override is one line typed as an option: `--set KEY=VALUE: key.path: message` (the
        # CLI starts it with `error: `, as every bad option's line: cli.app.problem_line); a line
        # and column after the value read as part of it: `--set x.cost=-2:1:28`.
        where = OVERRIDE + echoed(self.override()) if self.in_override else f"{self.file}:{self.line}:{self.col}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class VariantError(PlaytestError):
    """A variant file (or an override) is malformed or fails the schema. Holds every problem."""

    def __init__(self, problems: list[Problem]) -> None:
        # The same problem found twice (by the schema and by a game's own check) is said once.
        self.problems = sorted(dict.fromkeys(problems), key=lambda p: (p.file, p.line, p.col))
        super().__init__("\n".join(str(p) for p in self.problems))


class TranscriptError(VariantError):
    """A transcript file is malformed (not an illegal move: see IllegalActionError)."""


class IllegalActionError(PlaytestError, ValueError):
    """An action that the rules do not allow in this state. Raised before any state changes."""

    def __init__(self, reason: str, *, move_number: int | None = None, action: str = "", where: str = "") -> None:
        self.reason = reason
        self.move_number = move_number
        self.action = action
        self.where = where
        # the move and the reason as the error quotes them: a move line of 100,000 characters in a
        # transcript was echoed whole, twice (in the move and in the reason naming its word)
        text = cut_long_words(reason)
        if action:
            text = f"{excerpt(action)}: {text}"
        if move_number is not None:
            text = f"move {move_number}: {text}"
        if where:  # file:line:col of the move in a transcript
            text = f"{where}: {text}"
        super().__init__(text)


class ProtocolError(PlaytestError):
    """A game's own code broke the Rules protocol (playtest/core/protocol.py): no legal action in
    a state that is not over, actions a search cannot key its tree by, a state without its seat
    count. The game's bug, not playtest's: `simulate` names the game, bots and seed to reproduce it."""


class UsageError(PlaytestError):
    """A command-line argument that makes no sense (unknown bot, bad --set syntax, ...)."""


class BotNameError(UsageError):
    """A bot name that names no bot of the game, or a search bot's option that is wrong.
    Raised by `core.bots.make_bot` for any game, so that a command can say where the name came
    from (`--bots`, `--hint-bot`, a gates file's `run.bots`) without reading the message."""


class Interrupted(PlaytestError):
    """Ctrl-C or SIGTERM. Raised from the CLI's signal handler, so that every `finally` and
    `except` on the way out runs: partial runs are closed (and kept, resumable)."""

    exit_code = 130
