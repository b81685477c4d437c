"""Rule keys the bots of a line-up do not read (GameSpec.unread_keys), and the caveat `compare`, `diff`,
`sweep`, `tune` and `explain` print when every bot of the line-up ignores every key that changes.

Such a change cannot move the play: the bots make the same choices under either value (with one
seed, the very same games), so a row about the play reads 'equal in every game' and a row about
the points shows the same play scored anew — not players adapting to the change. A designer read
"a bigger exact-bid bonus does not change bidding" from such a comparison."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from playtest.errors import PlaytestError
from playtest.variants.loader import PROSE_KEYS

LABELS = (*PROSE_KEYS, "rules_version")
"""Keys every variant has that label it and play no part in a game (VariantModel): a draft that
renames itself and changes only unread keys still plays as the base does."""

SEARCH_HINT = "--bots ismcts:200"
"""A line-up whose bots read every rule (the search bots play through the rules, for the score)."""


@dataclass(frozen=True)
class Unread:
    """Every bot of a line-up ignores every one of `keys`."""

    bots: tuple[str, ...]
    """The line-up's distinct bot names, in seat order."""
    keys: tuple[str, ...]
    """The changed keys, as the rule changes name them (the labels, LABELS, left out)."""
    where: str = "both drafts"
    """What the play is the same under: 'both drafts', 'every candidate', 'every point'."""

    def text(self) -> str:
        one_bot, one_key = len(self.bots) == 1, len(self.keys) == 1
        bots = _listed(self.bots)
        keys = _listed(self.keys)
        return (f"note: {bots} {'does' if one_bot else 'do'} not read {keys}: "
                f"{'this bot makes' if one_bot else 'these bots make'} the same choices under {self.where} "
                f"(with one seed, the very same games), so no row about the play can respond to "
                f"{'this key' if one_key else 'these keys'}, and a row about the points or the winners shows the "
                "same play scored anew, not players adapting to the change (try "
                f"{SEARCH_HINT}, a search bot that reads every rule, to see the play respond).")

    def as_dict(self) -> dict[str, Any]:
        return {"bots": list(self.bots), "keys": list(self.keys), "text": self.text()}


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def covers(prefixes: Iterable[str], key: str) -> bool:
    """Whether a declared key (a dotted path: the key and every key under it) covers `key`."""
    return any(key == p or key.startswith(p + ".") or key.startswith(p + "[") for p in prefixes)


def unread(declared: Mapping[str, Sequence[str]], lineup: Sequence[str], keys: Sequence[str],
           where: str = "both drafts") -> Unread | None:
    """The caveat when every bot of `lineup` ignores every one of `keys` (by `declared`,
    GameSpec.unread_keys), else None (also for no bots, or no key but labels)."""
    bots = tuple(dict.fromkeys(b.strip() for b in lineup))
    keys = tuple(dict.fromkeys(k for k in keys if k not in LABELS))
    if not bots or not keys:
        return None
    if all(all(covers(declared.get(b, ()), k) for k in keys) for b in bots):
        return Unread(bots, keys, where)
    return None


def unread_in(game: Any, lineup: Sequence[str], keys: Sequence[str], where: str = "both drafts") -> Unread | None:
    """`unread` for the game named `game` (None for a game this version does not know)."""
    from playtest.games import get_game

    if not isinstance(game, str):
        return None
    try:
        declared = get_game(game).unread_keys
    except PlaytestError:
        return None
    return unread(declared, [b for b in lineup if isinstance(b, str)], keys, where)
