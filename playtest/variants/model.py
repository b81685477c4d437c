"""The base of every game's variant schema: strict (unknown keys are errors) and frozen."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, field_validator


class Strict(BaseModel):
    """A frozen model that rejects unknown keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Issue = tuple[tuple[str | int, ...], str]
"""A semantic problem found after structural validation: (path in the data, message)."""


Use = tuple[tuple[str | int, ...], str, str, str]
"""One place that uses a value the variant lacks: (path, the value, the user's name as a reader
finds it, the message when it is the value's only use)."""


def one_line_per_value(uses: list[Use], several: Callable[[str, list[str]], str]) -> list[Issue]:
    """Each missing value once, at its first use: its own message when one place uses it, else
    `several(value, names of the places)`. One change (a color removed from the variant's list,
    or misspelt there) is one mistake: it was one line per planet or tile that used it."""
    out: list[Issue] = []
    for value in dict.fromkeys(u[1] for u in uses):
        mine = [u for u in uses if u[1] == value]
        out.append((mine[0][0], mine[0][3] if len(mine) == 1 else several(value, [u[2] for u in mine])))
    return out


def never_used(path: tuple[str | int, ...], model: BaseModel, key: str, why: str) -> list[Issue]:
    """A note at `path` when `model.key` was changed from its default although the variant never
    uses it (`why` says why): "<why> (3 set, 1 the default)". An explicit default, as the shipped
    drafts write, is no change and gets none. Legal (a draft may switch a rule off and keep its
    numbers), but `validate` said only ok and `simulate` played the very same games (h269)."""
    value, default = getattr(model, key), type(model).model_fields[key].default
    if value == default:
        return []

    def said(v: object) -> str:  # as YAML writes it
        return str(v).lower() if isinstance(v, bool) else str(v)

    return [(path, f"{why} ({said(value)} set, {said(default)} the default)")]


SET_HOW = "with --set, or in the variant file"
"""Where the setting that allows another player count goes (VariantModel.players_fix), for a
command that takes --set."""

class VariantModel(Strict):
    """Keys every variant has. A game's schema subclasses this and adds its rules."""

    game: str
    rules_version: str | int
    name: str
    """Shown in every report and comparison: not empty or blank."""
    description: str = ""

    @field_validator("rules_version", mode="before")
    @classmethod
    def _version(cls, version: object) -> object:
        """One located line for a version of the wrong type (a list, a mapping, a fraction): the
        union's own errors were two, at `rules_version.str` and `rules_version.int`."""
        if isinstance(version, bool):
            raise ValueError("a text or a whole number, e.g. 1 or 'draft 6' (YAML reads yes, no, on, off, true "
                             "and false as a truth value: quote the word to use it as a version)")
        if isinstance(version, datetime.date):
            raise ValueError(f"a text or a whole number, e.g. 1 or 'draft 6' (YAML reads an unquoted date as a date, "
                             f"not a text: quote it, '{version}', or write {version.strftime('%Y%m%d')})")
        if not isinstance(version, str | int | float) or (isinstance(version, float) and not version.is_integer()):
            raise ValueError("a text or a whole number, e.g. 1 or 'draft 6'")
        if isinstance(version, str) and not version.strip():
            # '' named no version, yet passed: results store it beside the variant's hash to tell drafts apart
            raise ValueError("a variant names the rules version it describes: a text or a whole number, e.g. 1 or "
                             "'draft 6', not blank")
        return version

    @field_validator("name")
    @classmethod
    def _named(cls, name: str) -> str:
        if not name.strip():
            raise ValueError("a variant needs a name: it heads every report and comparison")
        return name

    def player_counts(self) -> tuple[int, ...]:
        """The player counts this variant supports."""
        raise NotImplementedError

    def players_setting(self, players: int) -> str | None:
        """The `key=value` override that makes this variant deal for `players` (`<...>`: a value
        the designer chooses), or None when no setting can (a count the game is never played
        with). The errors for an unsupported player count end with it (`players_fix`)."""
        return None

    def players_fix(self, players: int, how: str = "") -> str:
        """The end of an unsupported player count's error: how to allow `players`, with `how`
        saying where the setting goes (SET_HOW by default; a transcript's `set:`); '' without a setting."""
        how = how or SET_HOW
        setting = self.players_setting(players)
        if setting and any(ch in setting for ch in "[]{},"):
            # Quoted as written in a shell and in a `set: [...]` flow list, where the brackets
            # of `rules.players=[2,3,4,5,6]` would otherwise end the list (or be a glob).
            setting = f"'{setting}'"
        return f"; for {players} players, set {setting} ({how})" if setting else ""

    def issues(self) -> list[Issue]:
        """Impossible combinations of values that the field types alone cannot catch."""
        return []

    def notes(self) -> list[Issue]:
        """Settings that are legal but can never take effect (an end trigger no game can reach):
        `validate` and `simulate` print them as notes; the variant still loads."""
        return []
