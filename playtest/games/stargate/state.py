"""Stargate's game state: one record of everything on the table (all of it public).

The rules never change a State they have returned or been given. Copy-on-write, in one place:
`StargateRules.apply` makes one private copy per decision (`copy_state`) and the steps of the
turn (the crew taken, its effects, the placement, the turn's and the round's end) `write` their
changes into that copy, which no one else has seen yet; the copy is returned when the decision
is resolved. (Before, each step built a new 32-field State with `evolve`, three to five per
turn, and the copies were the largest single cost of a random game: see docs/speed.md.)
Seats count from 0; planets are addressed by their position in the circle (0 = the first
planet dealt, then clockwise).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

PLACE_STEP = -1
"""Marker in State.pending: the placement step (the other entries index the crew's effects)."""


class Phase(StrEnum):
    """What the seat to move decides now. A StrEnum, as placement.Mode: the rules look up what
    each phase does in tables keyed by it, and a str hashes in C (a plain Enum member's hash
    is a Python call)."""

    CREW = "crew"
    """Take a crew card."""
    SKILL = "skill"
    """Choose the target of the crew's effect `pending[0]`."""
    PLACE = "place"
    """Place cubes from hand."""
    OVER = "over"
    """The game has ended."""


@dataclass(frozen=True)
class State:
    """A game in progress. Frozen: a bot cannot change the state it is shown (only `write`
    changes a State, and only the rules call it, on their private copy).

    The fields marked "this turn" describe the turn in progress and are reset when the next
    crew is taken."""

    n: int
    """Number of players."""
    circle: tuple[int, ...]
    """Planet card index (into the variant's planets) at each circle position, clockwise."""
    board: tuple[tuple[int, ...], ...]
    """Per circle position: the seats owning slot 1, slot 2, ... (filled without gaps; an
    overflow cube sits behind the last printed slot)."""
    hand: tuple[int, ...]
    stock: tuple[int, ...]
    skill_vp: tuple[int, ...]
    """Per seat: VP gained from crew skills (gain_vp, color_vp)."""
    available: tuple[int, ...]
    """Crew indices in the crew area, in the variant's order."""
    crews_in_game: tuple[int, ...]
    """Crew indices of this game's crews, in the variant's order: every crew, or those dealt
    (`crews_dealt`). The crew area at the start of each round; the others never play a part."""
    round: int
    start: int
    """The start player of this round."""
    turn_in_round: int
    turn: int
    """Turns started since the game began, from 1."""
    seat: int
    """The seat to move: `seat_to_move(start, turn_in_round, n)`, written with them (and by
    `replace`). A field, not a property: the rules and the runner read it about three times
    per decision (measured 2026-12-02, callgrind, 100 random 4-player draft-5 games: 3.789M ->
    3.710M instructions per game)."""
    phase: Phase
    cubes_placed: tuple[int, ...]
    """Per seat: cubes put on the board or into extension slots, all game."""
    crew_bonus: tuple[int, ...]
    """Per crew: time accumulated by accumulate_time (Puerto Rico style)."""
    time_bank: tuple[int, ...]
    """Per seat: extra time for the seat's next turn (from convert_cubes into time)."""
    effect_vp: tuple[int, ...]
    """Per seat: VP from last_cube planet effects (final planet effects are scored, not stored)."""
    converted: tuple[int, ...]
    """Per seat: cubes converted by planet effects (out of the game)."""
    ext_planet: tuple[tuple[int, ...], ...]
    """Per circle position: the owner of each extension slot of the planet (-1 = empty)."""
    ext_crew: tuple[tuple[int, ...], ...]
    """Per crew: the owners of its filled extension slots, slot 1 first."""
    taken_mask: int = 0
    """Bit c set: crew c was taken this round."""
    crew: int = -1
    """This turn: the crew taken (-1 before one is taken)."""
    pending: tuple[int, ...] = ()
    """This turn: the crew's effect indices still to resolve, PLACE_STEP for the placement."""
    notes: tuple[str, ...] = ()
    """This turn: the crew taken and what its skill did, in notation (the `skill` event column)."""
    placed: tuple[int, ...] = ()
    """This turn: circle positions of the cubes placed by the placement step, in the order they
    went down (free order: the order named)."""
    extra_placed: tuple[int, ...] = ()
    """This turn: circle positions of cubes placed on a track by skills (overflow)."""
    last_pos: int = -1
    """This turn: circle position of the last cube placed on a track (-1: none yet)."""
    vp_gained: int = 0
    """This turn: VP from gain-VP effects."""
    cubes_gained: int = 0
    """This turn: cubes taken from stock by skills."""
    developed: int = 0
    """This turn: cubes put into extension slots."""
    crew_bonus_used: int = 0
    """This turn: the accumulated time the taken crew carried."""
    extra_time: int = 0
    """This turn: time beyond the crew's printed value (its accumulated time + banked time)."""
    turn_gains: tuple[int, int, int] = (0, 0, 0)
    """This turn, resolved at its end: (color VP, planet-effect VP, cubes converted)."""

    def replace(self, **changes: object) -> State:
        """A copy with some fields changed (a TypeError names an unknown field); the seat to
        move follows a changed start player, turn in the round or number of players."""
        unknown = changes.keys() - FIELD_NAMES
        if unknown:
            raise TypeError(f"State has no field {', '.join(sorted(unknown))!r}")
        new = evolve(self, **changes)
        if "seat" not in changes and not changes.keys().isdisjoint(("start", "turn_in_round", "n")):
            write(new, seat=seat_to_move(new.start, new.turn_in_round, new.n))
        return new


def seat_to_move(start: int, turn_in_round: int, n: int) -> int:
    """The seat whose turn it is: the round's start player, then clockwise."""
    return (start + turn_in_round) % n


FIELD_NAMES = frozenset(f.name for f in fields(State))

TURN_RECORD_AT_START = {f.name: f.default for f in fields(State)
                        if f.name in ("placed", "extra_placed", "last_pos", "vp_gained", "cubes_gained", "developed",
                                      "turn_gains")}
"""The "this turn" fields that record what the turn did, as they are when a crew is taken (their
defaults): `start_turn_record` writes them, with the crew taken, in one step."""


def copy_state(state: State) -> State:
    """A private copy of `state` for the rules to `write` into (`StargateRules.apply`).

    Built by copying the instance dict, not by calling `State(...)`, and the copy given to the
    new instance whole: with 32 fields `dict.copy()` clones the table in one step (measured
    2026-12-01 on the shared machine: dataclasses.replace 18.6 us, filling the new dict key by
    key 2.9-3.4 us, this 1.3 us)."""
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", state.__dict__.copy())  # frozen: set the dict itself
    return new


def write(state: State, **changes: object) -> None:
    """Change fields of a State in place: only on the rules' private copy (`copy_state`) while
    they resolve a decision, never on a State anyone else holds."""
    state.__dict__.update(changes)


def start_turn_record(state: State, record: dict[str, object]) -> None:
    """Reset the record of what the turn did for the crew taken: `record` is
    `TURN_RECORD_AT_START` with the crew's own fields (`StargateRules.turn_start`), written as
    `write` would.

    One update from a ready dict: `write` builds a dict of its keywords on every call, at a
    cost that grows with their number (measured 2026-12-01, best of timeit runs: `write` with the 17
    fields a new turn used to set 3.3 us, 17 item stores 0.55 us; for these 7 fields `write`
    0.47 us, this 0.17 us)."""
    state.__dict__.update(record)


def evolve(state: State, **changes: object) -> State:
    """A copy of `state` with some fields changed (a new game, `State.replace`)."""
    new = copy_state(state)
    write(new, **changes)
    return new


def with_item(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """`values` with item i replaced."""
    out = list(values)
    out[i] = value
    return tuple(out)


def add_at(values: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    """`values` with `amount` added to item i (a seat's hand, stock, VP, ...)."""
    out = list(values)
    out[i] += amount
    return tuple(out)
