"""Stargate actions: small immutable values whose text is the transcript notation.

A turn is a crew pick, then any skill targets, then one placement:
    bays; place red1 blue2          audrin; move red1>blue3; place -
    anderson; swap green2@3; place yellow1 red2 blue1
    builder; place red1 blue2; overflow green1      surveyor; develop red2; place -

Each is a small frozen dataclass: equal actions compare, hash and pickle equal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from playtest.text import excerpt


@dataclass(frozen=True, slots=True)
class TakeCrew:
    """Take a crew card from the crew area."""

    crew: str

    def __str__(self) -> str:
        return self.crew


@dataclass(frozen=True, slots=True)
class MoveCube:
    """Audrin-style: move your cube that is last on `src` to the back of `dst`."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.src}>{self.dst}"


@dataclass(frozen=True, slots=True)
class SwapCubes:
    """Anderson-style: swap the cubes in slots `slot` and `slot + 1` (1-based) of `planet`."""

    planet: str
    slot: int

    def __str__(self) -> str:
        return f"swap {self.planet}@{self.slot}"


@dataclass(frozen=True, slots=True)
class OverflowCube:
    """Overflow crew: put a cube from hand into the overflow slot of the full planet `planet`."""

    planet: str

    def __str__(self) -> str:
        return f"overflow {self.planet}"


@dataclass(frozen=True, slots=True)
class Develop:
    """develop_planet: put a cube from hand into the crew's extension slot of `planet`."""

    planet: str

    def __str__(self) -> str:
        return f"develop {self.planet}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place cubes, one per planet id listed, in this order (empty: place none)."""

    planets: tuple[str, ...]

    def __str__(self) -> str:
        return "place " + (" ".join(self.planets) if self.planets else "-")


Action = TakeCrew | MoveCube | SwapCubes | OverflowCube | Develop | Place


class Targets(Sequence[Action]):
    """The legal targets of a choice step (a crew skill), each kept as the arguments of its
    action class and made into an action only when asked for. A random bot draws one target
    and the rules first ask only whether there is any, so the others are never built (a frozen
    dataclass costs about ten times a tuple to make; Anderson's swaps alone were about 3% of a
    random game). Compares equal to any sequence of the same actions in the same order."""

    __slots__ = ("args", "fields", "make")

    def __init__(self, make: type[Any], args: list[tuple[object, ...]]) -> None:
        self.make = make
        """The action class, e.g. MoveCube."""
        self.fields: tuple[str, ...] = make.__match_args__
        """Its fields in order."""
        self.args = args
        """Per target, the action's fields in order, e.g. ("red1", "blue2")."""

    def __len__(self) -> int:
        return len(self.args)

    @property
    def action_keys(self) -> list[tuple[object, ...]]:
        """The targets' arguments, one per action in the same order: what the search tree keys
        its children by (search.tree.action_keys), without making each action."""
        return self.args

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self.make(*a) for a in self.args[i]]
        return self.make(*self.args[i])

    def __iter__(self) -> Iterator[Action]:
        make = self.make
        return (make(*a) for a in self.args)

    def __contains__(self, action: object) -> bool:
        return (type(action) is self.make
                and tuple([getattr(action, name) for name in self.fields]) in self.args)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, so unhashable like them

    def __repr__(self) -> str:
        return f"Targets({list(self)!r})"


def parse_action(text: str) -> Action:
    """One action from its notation. Raises ValueError with a reason."""
    text = text.strip()
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    said = repr(excerpt(text))  # as an error quotes it: a line of 100,000 characters is not echoed whole
    if word == "place":
        if rest in ("", "-"):
            return Place(())
        return Place(tuple(rest.split()))
    if word == "move":
        src, sep, dst = rest.partition(">")
        if not sep or not src.strip() or not dst.strip():
            raise ValueError(f"cannot read {said}: expected 'move PLANET>PLANET'")
        return MoveCube(src.strip(), dst.strip())
    if word == "swap":
        planet, sep, slot = rest.partition("@")
        if not sep or not slot.strip().isdecimal() or len(slot.strip()) > 9:  # '²', 5,000 digits: int() cannot read them
            raise ValueError(f"cannot read {said}: expected 'swap PLANET@SLOT'")
        return SwapCubes(planet.strip(), int(slot))
    if word in ("overflow", "develop"):
        if not rest or " " in rest:
            raise ValueError(f"cannot read {said}: expected '{word} PLANET'")
        return OverflowCube(rest) if word == "overflow" else Develop(rest)
    follows = rest.split()[0] if rest else ""
    if word and follows in ("place", "move", "swap", "overflow", "develop"):  # 'bays place red1': the ';' forgotten
        raise ValueError(f"cannot read {said}: a ';' is missing before {follows!r} (write '{excerpt(f'{word}; {rest}')}')")
    if not word or rest:
        raise ValueError(f"cannot read {said}: expected a crew id, 'move', 'swap', 'overflow', 'develop' or 'place'")
    return TakeCrew(word)


def parse_turn(text: str) -> list[Action]:
    """A turn line: actions separated by ';'."""
    return [parse_action(part) for part in text.split(";") if part.strip()]
