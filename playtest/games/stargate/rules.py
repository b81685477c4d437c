"""Stargate rules, pure and driven only by the validated variant (RULINGS.md, Stargate draft 5).

A turn is up to three decisions: take a crew (TakeCrew); resolve the crew's choice effects
(MoveCube, SwapCubes) — automatic effects (VP, cubes) resolve by themselves, an effect with no
possible target is skipped; place cubes (Place). `apply` returns a new State and never mutates
its input. Planets are addressed by position in the circle internally, by card id in actions.

State is never changed once a rules method has returned it: the hot paths copy it (`_copy`),
change the copy's fields and return the copy. A copy that no one else holds yet may be changed
by the helpers it is passed to (`_advance`, `_end_turn`, `_end_round`); nothing is cached on a
state before it is returned, except as the state returned.

Compiled with mypyc at install (setup.py, playtest/_build.py): keep it plain typed Python —
annotations are enforced at run time, classes are native (no monkeypatching, no
``object.__new__`` tricks, no pydantic models here), and a source edit needs `make venv`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from operator import itemgetter
from typing import ClassVar, Final, final

from playtest.core.draws import sample_indices
from playtest.core.events import Event, EventKind, make_event
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import (
    Action,
    Develop,
    MoveCube,
    OverflowCube,
    Place,
    SwapCubes,
    TakeCrew,
)

PLACE_STEP: Final = -1
"""Marker in State.pending: the placement step."""

# Effect kinds per crew effect (StargateRules.kind): the hot paths compare small ints instead of
# running isinstance against schema models found through the `sc` module. Final: compiled code
# keeps these (and the aliases below) in C statics instead of looking them up per use.
K_PASSIVE: Final = 0
K_GAIN_VP: Final = 1
K_GAIN_CUBES: Final = 2
K_DEVELOP_CREW: Final = 3
K_MOVE: Final = 4
K_SWAP: Final = 5
K_OVERFLOW: Final = 6
K_DEVELOP_PLANET: Final = 7
_comb: Final = math.comb
_make_event: Final = make_event
_DECISION: Final = EventKind.DECISION
_ROUND_END: Final = EventKind.ROUND_END
_GAME_END: Final = EventKind.GAME_END


def effect_kind(effect: object) -> int:
    """The K_ kind of one crew effect."""
    for cls, kind in ((sc.GainVP, K_GAIN_VP), (sc.GainCubes, K_GAIN_CUBES), (sc.DevelopCrew, K_DEVELOP_CREW),
                      (sc.MoveTailCube, K_MOVE), (sc.SwapAdjacent, K_SWAP), (sc.Overflow, K_OVERFLOW),
                      (sc.DevelopPlanet, K_DEVELOP_PLANET)):
        if isinstance(effect, cls):
            return kind
    return K_PASSIVE


class Phase(IntEnum):
    CREW = 0
    SKILL = 1
    PLACE = 2
    OVER = 3


class Mode(IntEnum):
    """How this turn's cubes are placed."""

    WALK = 0
    FREE = 1
    REPEAT = 2


STATE_FIELDS: Final = (
    "n", "circle", "board", "hand", "stock", "skill_vp", "available", "round", "start",
    "turn_in_round", "turn", "phase", "crew", "pending", "notes", "placed", "vp_gained",
    "cubes_gained", "cubes_placed", "crew_bonus", "taken_mask", "crew_bonus_used", "extra_time",
    "time_bank", "effect_vp", "converted", "ext_planet", "ext_crew", "extra_placed", "last_pos",
    "developed", "turn_gains",
)
"""The names of State's fields, in order."""


@final
class State:
    """Everything about a game in progress. All of it is public in Stargate.

    Never changed once a rules method has returned it: `apply` builds the next state as a copy
    (`_copy`) and changes only the copy's private fields before returning it. The public fields
    are read-only properties, so a bot cannot change the state it is shown. A native class
    (compiled with mypyc) rather than a NamedTuple or frozen dataclass: reading a field is a
    direct C call and a copy one C-level constructor call; a copy-and-change cost 0.13 us against
    0.58 us for the NamedTuple's list-and-rebuild. Equality, hashing, repr and pickling use the
    fields in order (STATE_FIELDS)."""

    __slots__ = tuple("_" + name for name in STATE_FIELDS)

    _n: int
    _circle: tuple[int, ...]
    _board: tuple[tuple[int, ...], ...]
    _hand: tuple[int, ...]
    _stock: tuple[int, ...]
    _skill_vp: tuple[int, ...]
    _available: tuple[int, ...]
    _round: int
    _start: int
    _turn_in_round: int
    _turn: int
    _phase: Phase
    _crew: int
    _pending: tuple[int, ...]
    _notes: tuple[str, ...]
    _placed: tuple[int, ...]
    _vp_gained: int
    _cubes_gained: int
    _cubes_placed: tuple[int, ...]
    _crew_bonus: tuple[int, ...]
    _taken_mask: int
    _crew_bonus_used: int
    _extra_time: int
    _time_bank: tuple[int, ...]
    _effect_vp: tuple[int, ...]
    _converted: tuple[int, ...]
    _ext_planet: tuple[tuple[int, ...], ...]
    _ext_crew: tuple[tuple[int, ...], ...]
    _extra_placed: tuple[int, ...]
    _last_pos: int
    _developed: int
    _turn_gains: tuple[int, int, int]

    def __init__(self, n: int,
                 circle: tuple[int, ...],
                 board: tuple[tuple[int, ...], ...],
                 hand: tuple[int, ...],
                 stock: tuple[int, ...],
                 skill_vp: tuple[int, ...],
                 available: tuple[int, ...],
                 round: int,
                 start: int,
                 turn_in_round: int,
                 turn: int,
                 phase: Phase,
                 crew: int = -1,
                 pending: tuple[int, ...] = (),
                 notes: tuple[str, ...] = (),
                 placed: tuple[int, ...] = (),
                 vp_gained: int = 0,
                 cubes_gained: int = 0,
                 cubes_placed: tuple[int, ...] = (),
                 crew_bonus: tuple[int, ...] = (),
                 taken_mask: int = 0,
                 crew_bonus_used: int = 0,
                 extra_time: int = 0,
                 time_bank: tuple[int, ...] = (),
                 effect_vp: tuple[int, ...] = (),
                 converted: tuple[int, ...] = (),
                 ext_planet: tuple[tuple[int, ...], ...] = (),
                 ext_crew: tuple[tuple[int, ...], ...] = (),
                 extra_placed: tuple[int, ...] = (),
                 last_pos: int = -1,
                 developed: int = 0,
                 turn_gains: tuple[int, int, int] = (0, 0, 0)) -> None:
        self._n = n
        self._circle = circle
        self._board = board
        self._hand = hand
        self._stock = stock
        self._skill_vp = skill_vp
        self._available = available
        self._round = round
        self._start = start
        self._turn_in_round = turn_in_round
        self._turn = turn
        self._phase = phase
        self._crew = crew
        self._pending = pending
        self._notes = notes
        self._placed = placed
        self._vp_gained = vp_gained
        self._cubes_gained = cubes_gained
        self._cubes_placed = cubes_placed
        self._crew_bonus = crew_bonus
        self._taken_mask = taken_mask
        self._crew_bonus_used = crew_bonus_used
        self._extra_time = extra_time
        self._time_bank = time_bank
        self._effect_vp = effect_vp
        self._converted = converted
        self._ext_planet = ext_planet
        self._ext_crew = ext_crew
        self._extra_placed = extra_placed
        self._last_pos = last_pos
        self._developed = developed
        self._turn_gains = turn_gains

    def _copy(self) -> State:
        """A new State with the same field values (the caller changes the copy, never `self`)."""
        return State(self._n, self._circle, self._board, self._hand, self._stock, self._skill_vp, self._available, self._round, self._start, self._turn_in_round, self._turn, self._phase, self._crew, self._pending, self._notes, self._placed, self._vp_gained, self._cubes_gained, self._cubes_placed, self._crew_bonus, self._taken_mask, self._crew_bonus_used, self._extra_time, self._time_bank, self._effect_vp, self._converted, self._ext_planet, self._ext_crew, self._extra_placed, self._last_pos, self._developed, self._turn_gains)

    def _replace(self, **changes: object) -> State:
        """A copy with some fields changed (tests and rarely taken paths)."""
        new = self._copy()
        for name, value in changes.items():
            if name not in STATE_FIELDS:
                raise TypeError(f"State has no field {name!r}")
            setattr(new, '_' + name, value)
        return new

    def values(self) -> tuple[object, ...]:
        """The field values, in the order of STATE_FIELDS."""
        return (self._n, self._circle, self._board, self._hand, self._stock, self._skill_vp, self._available, self._round, self._start, self._turn_in_round, self._turn, self._phase, self._crew, self._pending, self._notes, self._placed, self._vp_gained, self._cubes_gained, self._cubes_placed, self._crew_bonus, self._taken_mask, self._crew_bonus_used, self._extra_time, self._time_bank, self._effect_vp, self._converted, self._ext_planet, self._ext_crew, self._extra_placed, self._last_pos, self._developed, self._turn_gains)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.values())

    def __reduce__(self) -> tuple[type[State], tuple[object, ...]]:
        """Copies and pickles are rebuilt from the field values (State(*values))."""
        return State, self.values()

    def __repr__(self) -> str:
        return "State(" + ", ".join(f"{k}={v!r}" for k, v in zip(STATE_FIELDS, self.values(), strict=True)) + ")"

    @property
    def n(self) -> int:
        return self._n

    @property
    def circle(self) -> tuple[int, ...]:
        """Planet card index (into the variant's planets) at each circle position, clockwise."""
        return self._circle

    @property
    def board(self) -> tuple[tuple[int, ...], ...]:
        """Per circle position: the seats owning slot 1, slot 2, ... (filled without gaps)."""
        return self._board

    @property
    def hand(self) -> tuple[int, ...]:
        return self._hand

    @property
    def stock(self) -> tuple[int, ...]:
        return self._stock

    @property
    def skill_vp(self) -> tuple[int, ...]:
        return self._skill_vp

    @property
    def available(self) -> tuple[int, ...]:
        """Crew indices in the crew area."""
        return self._available

    @property
    def round(self) -> int:
        return self._round

    @property
    def start(self) -> int:
        return self._start

    @property
    def turn_in_round(self) -> int:
        return self._turn_in_round

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def crew(self) -> int:
        return self._crew

    @property
    def pending(self) -> tuple[int, ...]:
        """Effect indices of the crew still to resolve; PLACE_STEP marks the placement."""
        return self._pending

    @property
    def notes(self) -> tuple[str, ...]:
        return self._notes

    @property
    def placed(self) -> tuple[int, ...]:
        return self._placed

    @property
    def vp_gained(self) -> int:
        return self._vp_gained

    @property
    def cubes_gained(self) -> int:
        return self._cubes_gained

    @property
    def cubes_placed(self) -> tuple[int, ...]:
        return self._cubes_placed

    @property
    def crew_bonus(self) -> tuple[int, ...]:
        """Per crew: time accumulated by accumulate_time (Puerto Rico style), public."""
        return self._crew_bonus

    @property
    def taken_mask(self) -> int:
        """Bit c set: crew c was taken this round."""
        return self._taken_mask

    @property
    def crew_bonus_used(self) -> int:
        """This turn: the accumulated time the taken crew carried."""
        return self._crew_bonus_used

    @property
    def extra_time(self) -> int:
        """This turn: time beyond the crew's printed value (its accumulated time + banked time)."""
        return self._extra_time

    @property
    def time_bank(self) -> tuple[int, ...]:
        """Per seat: extra time for the seat's next turn (from convert_cubes into time)."""
        return self._time_bank

    @property
    def effect_vp(self) -> tuple[int, ...]:
        """Per seat: VP from last_cube planet effects (final planet effects are scored, not stored)."""
        return self._effect_vp

    @property
    def converted(self) -> tuple[int, ...]:
        """Per seat: cubes converted by planet effects (out of the game)."""
        return self._converted

    @property
    def ext_planet(self) -> tuple[tuple[int, ...], ...]:
        """Per circle position: the owner of each extension slot of the planet (-1 = empty)."""
        return self._ext_planet

    @property
    def ext_crew(self) -> tuple[tuple[int, ...], ...]:
        """Per crew: the owners of its filled extension slots, slot 1 first."""
        return self._ext_crew

    @property
    def extra_placed(self) -> tuple[int, ...]:
        """This turn: circle positions of cubes placed by skills on the track (overflow)."""
        return self._extra_placed

    @property
    def last_pos(self) -> int:
        """This turn: circle position of the last cube placed on a track (-1: none yet)."""
        return self._last_pos

    @property
    def developed(self) -> int:
        """This turn: cubes put into extension slots."""
        return self._developed

    @property
    def turn_gains(self) -> tuple[int, int, int]:
        """This turn, resolved at its end: (color VP, planet-effect VP, cubes converted)."""
        return self._turn_gains

    @property
    def seat(self) -> int:
        return (self.start + self.turn_in_round) % self.n


@final
class Score:
    """Every seat's score by part. A compiled class with read-only fields (a frozen dataclass's
    __init__ runs interpreted, and every game's result builds one)."""

    __slots__ = ("color", "extensions", "planet_effects", "planets", "skill")

    def __init__(self, planets: tuple[int, ...], color: tuple[int, ...], skill: tuple[int, ...],
                 planet_effects: tuple[int, ...] = (), extensions: tuple[int, ...] = ()) -> None:
        self.planets: Final = planets
        self.color: Final = color
        self.skill: Final = skill
        self.planet_effects: Final = planet_effects
        """VP from planet special effects (last_cube and final), including a multiplier's change."""
        self.extensions: Final = extensions
        """VP of the cubes in extension slots (planets and crews)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and (self.planets, self.color, self.skill, self.planet_effects,
                                             self.extensions) == (other.planets, other.color, other.skill,
                                                                  other.planet_effects, other.extensions)

    def __hash__(self) -> int:
        return hash((self.planets, self.color, self.skill, self.planet_effects, self.extensions))

    def __repr__(self) -> str:
        return (f"Score(planets={self.planets!r}, color={self.color!r}, skill={self.skill!r}, "
                f"planet_effects={self.planet_effects!r}, extensions={self.extensions!r})")

    @property
    def totals(self) -> tuple[int, ...]:
        planets, color, skill = self.planets, self.color, self.skill
        n = len(planets)
        effects = self.planet_effects or (0,) * n
        ext = self.extensions or (0,) * n
        return tuple([planets[s] + color[s] + skill[s] + effects[s] + ext[s] for s in range(n)])

    def parts(self, seat: int) -> dict[str, int]:
        return {"planets": self.planets[seat], "color": self.color[seat], "skill": self.skill[seat],
                "planet_effects": self.planet_effects[seat] if self.planet_effects else 0,
                "extensions": self.extensions[seat] if self.extensions else 0}


Gains = tuple[int, int, int, int, int]
"""What a turn's placed cubes earn at its end: (skill VP, planet-effect VP, cubes converted from
hand, cubes converted from stock, time banked for the next turn)."""
NO_GAINS: Gains = (0, 0, 0, 0, 0)


def majority_order(owners: Sequence[int], later_wins: bool) -> list[int]:
    """Seats with cubes on a planet, best rank first: more cubes, then the tie-break on the
    slot of each seat's first cube (later = higher slot wins when `later_wins`)."""
    count: dict[int, int] = {}
    first: dict[int, int] = {}
    for slot, seat in enumerate(owners):
        count[seat] = count.get(seat, 0) + 1
        first.setdefault(seat, slot)
    sign = -1 if later_wins else 1
    return sorted(count, key=lambda s: (-count[s], sign * first[s]))


def majority_leader(owners: tuple[int, ...], later_wins: bool) -> int:
    """`majority_order(owners, later_wins)[0]` (-1 for an empty planet), without sorting."""
    count: dict[int, int] = {}
    for seat in owners:
        count[seat] = count.get(seat, 0) + 1
    best, best_count = -1, 0
    for slot in range(len(owners)):  # first cubes in slot order: a later one wins a tie if later_wins
        seat = owners[slot]
        if owners.index(seat) != slot:
            continue
        c = count[seat]
        if c > best_count or (c == best_count and later_wins):
            best, best_count = seat, c
    return best


def planet_vp(owners: Sequence[int], vp: Sequence[int], later_wins: bool) -> dict[int, int]:
    """VP each seat scores on one planet: rank r (1-based) scores slot k-r+1, k = last filled."""
    k = len(owners)
    out: dict[int, int] = {}
    for r, seat in enumerate(majority_order(owners, later_wins)):
        slot = k - 1 - r
        out[seat] = vp[slot] if slot >= 0 else 0
    return out


class WalkPlacements(Sequence[tuple[int, ...]]):
    """The plain walk's placements without listing them: a crew that places at most k cubes
    clockwise, one per planet, when k is at most the number m of planets with room. They are
    the empty placement, then from each open planet (in circle order) its walks of 1..k cubes,
    in exactly the order `_placement_sequences` lists them; the i-th one and membership are
    computed, not looked up (a random bot draws one of 1 + m*k placements each turn)."""

    __slots__ = ("k", "m", "opens", "twice")

    def __init__(self, opens: tuple[int, ...], k: int) -> None:
        self.opens = opens
        self.twice = opens + opens
        self.k, self.m = k, len(opens)

    def __len__(self) -> int:
        return 1 + self.m * self.k

    def __getitem__(self, i):  # type: ignore[override]
        n = 1 + self.m * self.k
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("placement index out of range")
        if i == 0:
            return ()
        start, extra = divmod(i - 1, self.k)
        return self.twice[start:start + extra + 1]

    def __iter__(self):  # type: ignore[override]
        yield ()
        twice, k = self.twice, self.k
        for start in range(self.m):
            for length in range(1, k + 1):
                yield twice[start:start + length]

    def __contains__(self, seq: object) -> bool:
        if not isinstance(seq, tuple):
            return False
        if not seq:
            return True
        if len(seq) > self.k:
            return False
        first = seq[0]
        if first not in self.opens:
            return False
        start = self.opens.index(first)
        return self.twice[start:start + len(seq)] == seq


class FreePlacements(Sequence[tuple[int, ...]]):
    """Free order with at most one cube per planet, without listing the placements: the empty
    placement, then every set of 1..k open planets (in circle order), by size and within a size
    in the order itertools.combinations gives them, which is how `_placement_sequences` lists
    them. The i-th one is unranked (a random bot draws one of 93 sets for a 3-cube crew on 8
    open planets) and membership is checked, not looked up."""

    __slots__ = ("k", "opens", "sizes", "where")

    def __init__(self, opens: tuple[int, ...], k: int) -> None:
        self.opens = opens
        self.k = min(k, len(opens))
        self.sizes = [_comb(len(opens), r) for r in range(1, self.k + 1)]
        self.where = {p: i for i, p in enumerate(opens)}

    def __len__(self) -> int:
        return 1 + sum(self.sizes)

    def __getitem__(self, i):  # type: ignore[override]
        n = 1 + sum(self.sizes)
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("placement index out of range")
        if i == 0:
            return ()
        i -= 1
        size = 1
        for count in self.sizes:
            if i < count:
                break
            i -= count
            size += 1
        return self._unrank(i, size)

    def _unrank(self, i: int, size: int) -> tuple[int, ...]:
        """The i-th set of `size` open planets in lexicographic order (C(m - a - 1, left - 1) of
        them start at open planet a)."""
        opens, m = self.opens, len(self.opens)
        out: list[int] = []
        a = 0
        for left in range(size, 0, -1):
            while True:
                c = _comb(m - a - 1, left - 1)
                if i < c:
                    break
                i -= c
                a += 1
            out.append(opens[a])
            a += 1
        return tuple(out)

    def __iter__(self):  # type: ignore[override]
        yield ()
        for size in range(1, self.k + 1):
            yield from combinations(self.opens, size)

    def __contains__(self, seq: object) -> bool:
        if not isinstance(seq, tuple):
            return False
        if len(seq) > self.k:
            return False
        last = -1
        for p in seq:
            i = self.where.get(p)
            if i is None or i <= last:
                return False
            last = i
        return True


class PlaceOptions(Sequence[Action]):
    """The legal placements as a lazy sequence of Place actions: a random bot draws one without
    building the others; membership is checked on circle positions.

    It remembers the last action it handed out with its circle positions (`last`, `last_seq`),
    so the runner's membership check and `apply` recognise that very object without mapping
    its planet ids back; any other Place, even an equal one, is checked in full."""

    __slots__ = ("_ids", "_free", "_pos", "last", "last_seq", "seqs", "state")

    def __init__(self, rules: StargateRules, state: State, seqs: Sequence[tuple[int, ...]]) -> None:
        self._ids, self._pos = rules._circle_ids(state.circle)
        self._free = rules.mode[state.crew] is Mode.FREE
        self.seqs = seqs
        self.state = state
        self.last: Place | None = None
        self.last_seq: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.seqs)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.seqs)))]
        ids = self._ids
        seq = self.seqs[i]
        action = self.last = Place(tuple([ids[p] for p in seq]))
        self.last_seq = seq
        return action

    def __iter__(self):  # type: ignore[override]
        ids = self._ids
        for seq in self.seqs:
            yield Place(tuple([ids[p] for p in seq]))

    def __contains__(self, action: object) -> bool:
        if action is self.last and action is not None:
            return True
        if not isinstance(action, Place):
            return False
        try:
            seq = tuple(self._pos[pid] for pid in action.planets)
        except KeyError:
            return False
        if self._free:
            seq = tuple(sorted(seq))
        return seq in self.seqs


class StargateRules:
    """The rules of one Stargate variant."""

    game: ClassVar[str] = "stargate"

    def __init__(self, variant: sc.StargateVariant) -> None:
        self.variant = variant
        self.crews = variant.crews
        self.crew_index = {c.id: i for i, c in enumerate(variant.crews)}
        self.planet_ids = tuple(p.id for p in variant.planets)
        self.planet_index = {p.id: i for i, p in enumerate(variant.planets)}
        self.vp = tuple(p.vp for p in variant.planets)
        self.capacity = tuple(len(p.vp) for p in variant.planets)
        self.vp_ext = tuple((*p.vp, p.vp[-1] if p.overflow_vp is None else p.overflow_vp) for p in variant.planets)
        """Each planet's VP column with its overflow slot behind the last slot."""
        color_index = {c.id: i for i, c in enumerate(variant.colors)}
        self.planet_color = tuple(color_index[p.color] for p in variant.planets)
        self.n_colors = len(variant.colors)
        self.later_wins = variant.scoring.majority_tiebreak is sc.MajorityTiebreak.LATER_FIRST_CUBE
        self.replenish = variant.cubes.replenish
        self.return_each_turn = variant.crews_return is sc.CrewsReturn.END_OF_TURN
        self._seq_cache: tuple[State, tuple[tuple[int, ...], ...]] | None = None
        self._seq_memo: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
        self._legal_cache: tuple[State, Sequence[tuple[int, ...]]] | None = None
        self._target_cache: tuple[State, tuple[Action, ...]] | None = None
        self._options: PlaceOptions | None = None
        """The last placements handed out (see PlaceOptions.last)."""
        """The skill targets `_advance` found for the state it returned (legal_actions asks next)."""
        self._planet_cache: dict[tuple[int, tuple[int, ...]], tuple] = {}
        # Per crew: the placement mode, cubes per planet in free order, and the effect queue.
        self.mode: list[Mode] = []
        self.per_planet: list[int] = []
        self.queue: list[tuple[int, ...]] = []
        self.accumulate: list[sc.AccumulateTime | None] = []
        self.color_vp: list[tuple[tuple[frozenset[int], int, str], ...]] = []
        for crew in variant.crews:
            mode, per = Mode.WALK, 1
            before, after = [], []
            self.accumulate.append(next((e for e in crew.skill if isinstance(e, sc.AccumulateTime)), None))
            self.color_vp.append(tuple((frozenset(color_index[c] for c in e.colors), e.amount, e.count)
                                       for e in crew.skill if isinstance(e, sc.ColorVP)))
            for i, eff in enumerate(crew.skill):
                if isinstance(eff, sc.FreeOrder):
                    mode, per = Mode.FREE, eff.per_planet
                elif isinstance(eff, sc.RepeatPlanet):
                    mode = Mode.REPEAT
                elif isinstance(eff, sc.PASSIVE_EFFECTS):
                    continue
                elif eff.timing is sc.Timing.BEFORE:
                    before.append(i)
                else:
                    after.append(i)
            self.mode.append(mode)
            self.per_planet.append(per)
            self.queue.append((*before, PLACE_STEP, *after))
        self.placement_ends_turn = tuple(q[-1] == PLACE_STEP for q in self.queue)
        self.kind = tuple(tuple(effect_kind(e) for e in c.skill) for c in variant.crews)
        """Per crew, per effect: its K_ kind."""
        self.amount = tuple(tuple(e.amount if isinstance(e, (sc.GainVP, sc.GainCubes)) else 0 for e in c.skill)
                            for c in variant.crews)
        """Per crew, per effect: the amount of a gain_vp or gain_cubes effect, else 0."""
        self.effect_name = tuple(tuple(e.effect for e in c.skill) for c in variant.crews)
        self.crew_ids = tuple(c.id for c in variant.crews)
        self.crew_time = tuple(c.time for c in variant.crews)
        self.use_hand_tiebreak = variant.scoring.final_tiebreak is sc.FinalTiebreak.CUBES_IN_HAND
        """Per crew: no decision or effect step follows the placement, so a placement's outcome is
        its board plus `turn_gains` (what the turn's end pays for the placed cubes)."""
        last = sc.PlanetTrigger.LAST_CUBE
        self.last_cube_effects = tuple(tuple(e for e in p.effects if e.trigger is last) for p in variant.planets)
        self.final_effects = tuple(tuple(e for e in p.effects if e.trigger is not last) for p in variant.planets)
        self.any_last_cube = any(self.last_cube_effects)
        self.ext_vp = tuple(p.extension_vp for p in variant.planets)
        self.crew_ext_vp = tuple(c.extension_vp for c in variant.crews)
        self.all_crews = tuple(range(len(self.crews)))
        self._color_rule = variant.scoring.color_bonus
        self.has_extensions = any(self.ext_vp) or any(self.crew_ext_vp)
        """Whether the variant has extension slots at all (else every seat's extension VP is 0)."""
        self.any_accumulate = any(self.accumulate)
        self._circles: dict[tuple[int, ...], tuple[tuple[str, ...], dict[str, int]]] = {}
        self._last_circle: tuple[int, ...] = ()
        self._last_ids: tuple[tuple[str, ...], dict[str, int]] = ((), {})
        self._crew_actions: dict[tuple[int, ...], tuple[TakeCrew, ...]] = {}

    def _circle_ids(self, circle: tuple[int, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
        """The planet id at each circle position, and the position of each id (memoised; the
        circle of the game in play is recognised by identity, as every state of a game shares it)."""
        if circle is self._last_circle:
            return self._last_ids
        found = self._circles.get(circle)
        if found is None:
            if len(self._circles) >= 10_000:  # bounded: memory stays flat in long runs
                self._circles.clear()
            ids = tuple(self.planet_ids[c] for c in circle)
            found = self._circles[circle] = (ids, {pid: i for i, pid in enumerate(ids)})
        self._last_circle, self._last_ids = circle, found
        return found

    # --- protocol ---------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
        """Deal the circle at random; seat 0 is the start player of round 1."""
        dealt = self.variant.planets_dealt[n_players]
        circle = tuple(sample_indices(rng, len(self.planet_ids), dealt))  # = rng.sample(range(...), dealt)
        return self.setup(n_players, circle, start=0)

    def setup(self, n_players: int, circle: Sequence[int], *, start: int = 0) -> State:
        """A game with a given circle (planet indices, clockwise) and start player."""
        cubes = self.variant.cubes
        return State(
            n=n_players,
            circle=tuple(circle),
            board=tuple(() for _ in circle),
            hand=(cubes.start_in_hand,) * n_players,
            stock=(cubes.total - cubes.start_in_hand,) * n_players,
            skill_vp=(0,) * n_players,
            available=tuple(range(len(self.crews))),
            round=1,
            start=start,
            turn_in_round=0,
            turn=1,
            phase=Phase.CREW,
            cubes_placed=(0,) * n_players,
            crew_bonus=(0,) * len(self.crews),
            time_bank=(0,) * n_players,
            effect_vp=(0,) * n_players,
            converted=(0,) * n_players,
            ext_planet=tuple((-1,) * len(self.ext_vp[c]) for c in circle),
            ext_crew=((),) * len(self.crews),
        )

    def current_seat(self, state: State) -> int:
        return state.seat

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def view(self, state: State, seat: int) -> State:
        """Stargate has no hidden information: hands, stocks and the board are public."""
        return state

    def format_action(self, state: State, action: Action) -> str:
        return str(action)

    def legal_actions(self, state: State) -> Sequence[Action]:
        phase = state.phase
        if phase is Phase.CREW:
            available = state.available
            actions = self._crew_actions.get(available)
            if actions is None:  # at most 2^crews keys
                actions = self._crew_actions[available] = tuple(TakeCrew(self.crew_ids[c]) for c in available)
            return actions
        if phase is Phase.PLACE:
            return self.placements(state)
        if phase is Phase.SKILL:
            cached = self._target_cache
            if cached is not None and cached[0] is state:
                return list(cached[1])
            return self.skill_targets(state, state.pending[0])
        return []

    # --- targets ------------------------------------------------------------------------------

    def is_full(self, state: State, pos: int) -> bool:
        return len(state.board[pos]) >= self.capacity[state.circle[pos]]

    def skill_targets(self, state: State, effect_index: int) -> list[Action]:
        kind = self.kind[state.crew][effect_index]
        board, circle, ids = state.board, state.circle, self.planet_ids
        if kind == K_MOVE:
            seat = state.seat
            srcs = [p for p, owners in enumerate(board) if owners and owners[-1] == seat]
            dsts = [p for p in range(len(board)) if len(board[p]) < self.capacity[circle[p]]]
            return [MoveCube(ids[circle[s]], ids[circle[d]]) for s in srcs for d in dsts if d != s]
        if kind == K_OVERFLOW:
            if state.hand[state.seat] < 1:
                return []
            cap = self.capacity
            return [OverflowCube(ids[circle[p]]) for p, owners in enumerate(board) if len(owners) == cap[circle[p]]]
        effect = self.crews[state.crew].skill[effect_index]  # for its parameters
        if kind == K_DEVELOP_PLANET and isinstance(effect, sc.DevelopPlanet):
            if state.hand[state.seat] < 1:
                return []
            i = effect.slot - 1
            return [Develop(ids[circle[p]]) for p, slots in enumerate(state.ext_planet)
                    if i < len(slots) and slots[i] < 0]
        if kind == K_SWAP and isinstance(effect, sc.SwapAdjacent):
            # "Any owners": a swap of one owner's two cubes is a (null) use of the skill unless
            # the variant says `same_owner: false`, which leaves only pairs of different owners.
            any_pair = effect.same_owner
            return [SwapCubes(ids[circle[p]], i + 1) for p, owners in enumerate(board)
                    for i in range(len(owners) - 1) if any_pair or owners[i] != owners[i + 1]]
        raise AssertionError(f"effect {effect!r} needs no target")

    def max_cubes(self, state: State) -> int:
        return min(self.crew_time[state.crew] + state.extra_time, state.hand[state.seat])

    def placements(self, state: State) -> PlaceOptions:
        """Every legal placement this turn, as Place actions (the empty placement first)."""
        options = self._options = PlaceOptions(self, state, self.legal_sequences(state))
        return options

    def legal_sequences(self, state: State) -> Sequence[tuple[int, ...]]:
        """The same placements as `placement_sequences`, in the same order, but the plain walk
        (the most common turn) and the free order of one cube per planet as sequences that list
        none of them (WalkPlacements, FreePlacements). The last answer is
        remembered (legal_actions and apply ask about the same state in turn)."""
        cached = self._legal_cache
        if cached is not None and cached[0] is state:
            return cached[1]
        seqs = self._legal_sequences(state)
        self._legal_cache = (state, seqs)
        return seqs

    def _legal_sequences(self, state: State) -> Sequence[tuple[int, ...]]:
        crew = state.crew
        if self.mode[crew] is Mode.WALK:
            k = self.max_cubes(state)
            capacity, circle, board = self.capacity, state.circle, state.board
            opens = tuple([p for p in range(len(circle)) if len(board[p]) < capacity[circle[p]]])
            if 0 < k <= len(opens):
                return WalkPlacements(opens, k)
        elif self.mode[crew] is Mode.FREE and self.per_planet[crew] == 1:
            capacity = self.capacity
            circle, board = state.circle, state.board
            return FreePlacements(tuple([p for p in range(len(circle)) if len(board[p]) < capacity[circle[p]]]),
                                  self.max_cubes(state))
        return self.placement_sequences(state)

    def placement_sequences(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Legal placements as tuples of circle positions (the empty tuple first). The last
        answer is remembered (legal_actions and apply ask about the same state in turn), and
        so is each list by what it depends on: the crew, the most cubes placeable and each
        planet's room up to that number (a few hundred keys cover most turns of a run)."""
        cached = self._seq_cache
        if cached is not None and cached[0] is state:
            return cached[1]
        k = self.max_cubes(state)
        capacity, circle, board = self.capacity, state.circle, state.board
        key = (state.crew, k, tuple([min(k, capacity[circle[p]] - len(board[p])) for p in range(len(circle))]))
        seqs = self._seq_memo.get(key)
        if seqs is None:
            if len(self._seq_memo) >= 4096:  # bounded: memory stays flat in long runs
                self._seq_memo.clear()
            seqs = self._seq_memo[key] = tuple(self._placement_sequences(state))
        self._seq_cache = (state, seqs)
        return seqs

    def _placement_sequences(self, state: State) -> list[tuple[int, ...]]:
        k = self.max_cubes(state)
        capacity = self.capacity
        room = [capacity[c] - len(o) for c, o in zip(state.circle, state.board, strict=True)]
        out: list[tuple[int, ...]] = [()]
        if k == 0:
            return out
        mode = self.mode[state.crew]
        npos = len(room)
        opens = tuple([p for p in range(npos) if room[p] > 0])
        if mode is Mode.FREE:
            per = self.per_planet[state.crew]
            if per == 1:  # no position twice: every combination is new
                for size in range(1, min(k, len(opens)) + 1):
                    out.extend(combinations(opens, size))
                return out
            slots = [p for p in range(npos) for _ in range(min(per, room[p]))]
            seen: set[tuple[int, ...]] = set()
            for size in range(1, min(k, len(slots)) + 1):
                for combo in combinations(slots, size):
                    if combo not in seen:
                        seen.add(combo)
                        out.append(combo)
            return out
        if mode is Mode.WALK:
            m = len(opens)
            if k <= m:
                # Each walk of k cubes meets k different planets with room: from each start, the
                # next k open positions clockwise; every prefix is a placement.
                twice = opens + opens
                for i in range(m):
                    seq = twice[i:i + k]
                    out.extend([seq[:j] for j in range(1, k + 1)])
                return out
            no_repeat = self.variant.placement.no_two_in_a_row
            for start in opens:
                left = room.copy()
                walk: list[int] = [start]
                left[start] -= 1
                out.append((start,))
                cur = start
                while len(walk) < k:
                    nxt = self._next_open(left, cur, npos)
                    if nxt is None or (nxt == cur and no_repeat):
                        break
                    walk.append(nxt)
                    left[nxt] -= 1
                    cur = nxt
                    out.append(tuple(walk))
            return out
        # REPEAT: each next cube stays on the same planet or walks on clockwise. Placements
        # come by length, then in position order; each has one parent (its prefix), so none
        # is found twice.
        level: list[tuple[tuple[int, ...], list[int]]] = []
        for start in opens:
            left = room.copy()
            left[start] -= 1
            level.append(((start,), left))
        out.extend([seq for seq, _ in level])
        next_open = self._next_open
        for _ in range(k - 1):
            grown: list[tuple[tuple[int, ...], list[int]]] = []
            for seq, left in level:
                cur = seq[-1]
                if left[cur] > 0:
                    again = left.copy()
                    again[cur] -= 1
                    grown.append(((*seq, cur), again))
                nxt = next_open(left, cur, npos)
                if nxt is not None and nxt != cur:
                    on = left.copy()
                    on[nxt] -= 1
                    grown.append(((*seq, nxt), on))
            if not grown:
                break
            grown.sort(key=_first)
            out.extend([seq for seq, _ in grown])
            level = grown
        return out

    @staticmethod
    def _next_open(left: list[int], cur: int, npos: int) -> int | None:
        """The next position clockwise after `cur` with room (may be `cur` itself after a full
        lap), or None when no planet has room."""
        for step in range(1, npos + 1):
            p = (cur + step) % npos
            if left[p] > 0:
                return p
        return None

    # --- apply --------------------------------------------------------------------------------

    def apply(self, state: State, action: Action, *, rng: random.Random | None = None,
              log: list[Event] | None = None) -> State:
        phase = state.phase
        if phase is Phase.CREW:
            if not isinstance(action, TakeCrew):
                raise IllegalActionError(f"a crew must be taken first, not {action}", action=str(action))
            c = self.crew_index.get(action.crew)
            if c is None:
                raise IllegalActionError(
                    f"no crew '{action.crew}' (crews: {', '.join(x.id for x in self.crews)})", action=str(action))
            available = state.available
            if c not in available:
                raise IllegalActionError(f"crew '{action.crew}' is not in the crew area this round", action=str(action))
            seat = (state.start + state.turn_in_round) % state.n
            crew_bonus, time_bank = state.crew_bonus, state.time_bank
            bonus, bank = crew_bonus[c], time_bank[seat]
            s = state._copy()
            s._crew = c
            s._phase = Phase.SKILL
            s._available = tuple([x for x in available if x != c])
            s._pending = self.queue[c]
            s._notes = (str(action),)
            s._placed = s._extra_placed = ()
            s._vp_gained = s._cubes_gained = s._developed = 0
            if bonus:
                s._crew_bonus = _set(crew_bonus, c, 0)
            if bank:
                s._time_bank = _set(time_bank, seat, 0)
            s._taken_mask = state.taken_mask | (1 << c)
            s._crew_bonus_used = bonus
            s._extra_time = bonus + bank
            s._last_pos = -1
            s._turn_gains = (0, 0, 0)
            return self._advance(s, log)
        if phase is Phase.SKILL:
            kind = self.kind[state.crew][state.pending[0]]
            effect = self.crews[state.crew].skill[state.pending[0]]  # for its parameters
            if kind == K_MOVE and isinstance(action, MoveCube):
                s = self._move(state, action)
            elif kind == K_SWAP and isinstance(action, SwapCubes):
                s = self._swap(state, action)
            elif kind == K_OVERFLOW and isinstance(action, OverflowCube):
                s = self._overflow(state, action)
            elif kind == K_DEVELOP_PLANET and isinstance(action, Develop) and isinstance(effect, sc.DevelopPlanet):
                s = self._develop(state, action, effect.slot)
            else:
                want = {sc.MoveTailCube: "move SRC>DST", sc.SwapAdjacent: "swap PLANET@SLOT",
                        sc.Overflow: "overflow PLANET", sc.DevelopPlanet: "develop PLANET"}[type(effect)]
                raise IllegalActionError(f"the crew's skill needs a target ({want}), not {action}", action=str(action))
            # s: a new state from the effect's method, held by no one else yet
            s._pending = state.pending[1:]
            s._notes = (*state.notes, str(action))
            return self._advance(s, log)
        if phase is Phase.PLACE:
            if not isinstance(action, Place):
                raise IllegalActionError(f"cubes must be placed now (place ...), not {action}", action=str(action))
            s = self._place(state, action)
            s._pending = state.pending[1:]
            # No note for the placement: notes feed the event's `skill` column, which leaves it out.
            return self._advance(s, log)
        raise IllegalActionError("the game is over", action=str(action))

    def _pos(self, state: State, planet_id: str, action: Action) -> int:
        card = self.planet_index.get(planet_id)
        if card is None or card not in state.circle:
            ids = " ".join(self.planet_ids[c] for c in state.circle)
            raise IllegalActionError(f"planet '{planet_id}' is not in the circle ({ids})", action=str(action))
        return state.circle.index(card)

    def _move(self, state: State, action: MoveCube) -> State:
        src, dst = self._pos(state, action.src, action), self._pos(state, action.dst, action)
        board, seat = state.board, state.seat
        if not board[src] or board[src][-1] != seat:
            raise IllegalActionError(f"the last cube on {action.src} is not yours", action=str(action))
        if src == dst:
            raise IllegalActionError("the cube must move to another planet", action=str(action))
        if self.is_full(state, dst):
            raise IllegalActionError(f"{action.dst} is full", action=str(action))
        new = list(board)
        new[src] = board[src][:-1]
        new[dst] = (*board[dst], seat)
        s = state._copy()
        s._board = tuple(new)
        return s

    def _swap(self, state: State, action: SwapCubes) -> State:
        p = self._pos(state, action.planet, action)
        owners = state.board[p]
        i = action.slot - 1
        if not 0 <= i < len(owners) - 1:
            raise IllegalActionError(f"{action.planet} has no cubes in slots {action.slot} and {action.slot + 1}",
                                     action=str(action))
        effect = self.crews[state.crew].skill[state.pending[0]]
        if owners[i] == owners[i + 1] and isinstance(effect, sc.SwapAdjacent) and not effect.same_owner:
            raise IllegalActionError("both cubes have the same owner (this variant's swap_adjacent has "
                                     "same_owner: false)", action=str(action))
        swapped = (*owners[:i], owners[i + 1], owners[i], *owners[i + 2:])
        new = list(state.board)
        new[p] = swapped
        s = state._copy()
        s._board = tuple(new)
        return s

    def _overflow(self, state: State, action: OverflowCube) -> State:
        p = self._pos(state, action.planet, action)
        seat, owners = state.seat, state.board[p]
        if state.hand[seat] < 1:
            raise IllegalActionError("no cube in hand", action=str(action))
        if len(owners) != self.capacity[state.circle[p]]:
            raise IllegalActionError(f"{action.planet} is not full, or its overflow slot is taken", action=str(action))
        new = list(state.board)
        new[p] = (*owners, seat)
        s = state._copy()
        s._board = tuple(new)
        s._hand = _set(state.hand, seat, state.hand[seat] - 1)
        s._cubes_placed = _set(state.cubes_placed, seat, state.cubes_placed[seat] + 1)
        s._extra_placed = (*state.extra_placed, p)
        s._last_pos = p
        return s

    def _develop(self, state: State, action: Develop, slot: int) -> State:
        p = self._pos(state, action.planet, action)
        seat, slots = state.seat, state.ext_planet[p]
        if state.hand[seat] < 1:
            raise IllegalActionError("no cube in hand", action=str(action))
        if slot > len(slots) or slots[slot - 1] >= 0:
            raise IllegalActionError(f"{action.planet} has no empty extension slot {slot}", action=str(action))
        new = list(state.ext_planet)
        new[p] = _set(slots, slot - 1, seat)
        s = state._copy()
        s._ext_planet = tuple(new)
        s._hand = _set(state.hand, seat, state.hand[seat] - 1)
        s._cubes_placed = _set(state.cubes_placed, seat, state.cubes_placed[seat] + 1)
        s._developed = state.developed + 1
        return s

    def _place(self, state: State, action: Place) -> State:
        """A new state after placing (the caller may change it before returning it)."""
        options = self._options
        if options is not None and options.state is state and action is options.last:
            seq = options.last_seq  # handed out by the legal placements of this very state
            last = seq[-1] if seq else state.last_pos
        else:
            pos = self._circle_ids(state.circle)[1]
            try:
                seq = tuple([pos[pid] for pid in action.planets])
            except KeyError:
                seq = tuple(self._pos(state, pid, action) for pid in action.planets)  # raises the error
            last = seq[-1] if seq else state.last_pos  # free order: the last cube is the last one listed
            legal = self.legal_sequences(state)
            if self.mode[state.crew] is Mode.FREE:
                seq = tuple(sorted(seq))
            if seq not in legal:
                raise IllegalActionError(self._why_not(state, seq), action=str(action))
        seat = (state.start + state.turn_in_round) % state.n
        s = state._copy()
        if seq:
            new = list(state.board)
            for p in seq:
                new[p] = (*new[p], seat)
            s._board = tuple(new)
            k = len(seq)
            s._hand = _set(state.hand, seat, state.hand[seat] - k)
            s._cubes_placed = _set(state.cubes_placed, seat, state.cubes_placed[seat] + k)
        s._placed = seq
        s._last_pos = last
        return s

    def _why_not(self, state: State, seq: tuple[int, ...]) -> str:
        k = self.max_cubes(state)
        if len(seq) > k:
            return (f"at most {k} cubes may be placed (crew time {self.crews[state.crew].time}, "
                    f"{state.hand[state.seat]} in hand)")
        for p in seq:
            if self.is_full(state, p):
                return f"{self.planet_ids[state.circle[p]]} is full"
        mode = self.mode[state.crew]
        if mode is Mode.FREE:
            return f"at most {self.per_planet[state.crew]} cube(s) per planet with this crew"
        if mode is Mode.REPEAT:
            return "each cube must stay on the same planet or go on clockwise to the next planet with room"
        if any(a == b for a, b in zip(seq, seq[1:], strict=False)):
            return "two cubes in a row on the same planet are not allowed"
        return "cubes go clockwise, one per planet, skipping full planets"

    def _advance(self, s: State, log: list[Event] | None) -> State:
        """Resolve automatic effects; stop at the next decision, or end the turn. `s`: the
        new state that only this call holds, so it may change it)."""
        crew = s.crew
        kinds, amounts, names = self.kind[crew], self.amount[crew], self.effect_name[crew]
        pending = s.pending
        while pending:
            step = pending[0]
            if step == PLACE_STEP:
                s._pending = pending
                s._phase = Phase.PLACE
                return s
            kind = kinds[step]
            seat = (s.start + s.turn_in_round) % s.n
            if kind == K_GAIN_VP:
                skill_vp, amount = s.skill_vp, amounts[step]
                s._skill_vp = _set(skill_vp, seat, skill_vp[seat] + amount)
                s._vp_gained += amount
            elif kind == K_GAIN_CUBES:
                hand, stock = s.hand, s.stock
                got = min(amounts[step], stock[seat])
                s._hand = _set(hand, seat, hand[seat] + got)
                s._stock = _set(stock, seat, stock[seat] - got)
                s._cubes_gained += got
            elif kind == K_DEVELOP_CREW:
                filled = s.ext_crew[crew]
                hand = s.hand
                if hand[seat] >= 1 and len(filled) < len(self.crew_ext_vp[crew]):
                    s._ext_crew = (*s.ext_crew[:crew], (*filled, seat), *s.ext_crew[crew + 1:])
                    s._hand = _set(hand, seat, hand[seat] - 1)
                    s._cubes_placed = _set(s.cubes_placed, seat, s.cubes_placed[seat] + 1)
                    s._developed += 1
                    s._notes = (*s.notes, f"develop {self.crew_ids[crew]}#{len(filled) + 1}")
                else:
                    s._notes = (*s.notes, f"({names[step]}: no target)")
            else:
                s._pending = pending
                s._phase = Phase.SKILL  # already so: a crew's effects resolve in the SKILL phase
                targets = self.skill_targets(s, step)
                if targets:
                    self._target_cache = (s, tuple(targets))
                    return s
                s._notes = (*s.notes, f"({names[step]}: no target)")
            pending = pending[1:]
        s._pending = pending
        return self._end_turn(s, log)

    def turn_gains(self, state: State, placed: Sequence[int], last: int, *, pending: Sequence[int] = ()) -> Gains:
        """What the current seat's cubes placed this turn (`placed`: circle positions; `last`: where
        the last one landed, -1 for none) earn at the turn's end: color-keyed crew VP and the
        last_cube effects of the planet where the last cube landed. `pending`: the positions of
        `placed` that are not on state.board nor out of the hand yet (the greedy bot's fast
        evaluator asks before placing)."""
        crew_effects = self.color_vp[state.crew]
        if not crew_effects and (last < 0 or not self.last_cube_effects[state.circle[last]]):
            return NO_GAINS
        seat, circle, board, colors = state.seat, state.circle, state.board, self.planet_color
        skill = effect = from_hand = from_stock = time = 0
        for which, amount, count in crew_effects:
            if count == "placed":
                k = sum(1 for p in placed if colors[circle[p]] in which)
            else:
                k = sum(owners.count(seat) for p, owners in enumerate(board) if colors[circle[p]] in which)
                k += sum(1 for p in pending if colors[circle[p]] in which)
            skill += amount * k
        if last >= 0:
            hand = state.hand[seat] - len(pending)
            stock = state.stock[seat]
            for eff in self.last_cube_effects[circle[last]]:
                if isinstance(eff, sc.PlanetVP):
                    mult = 1
                    if eff.per_cube:
                        mult = board[last].count(seat) + pending.count(last)
                    effect += eff.amount * mult
                elif isinstance(eff, sc.ConvertCubes):
                    if eff.source == "hand":
                        k = min(eff.cubes, hand)
                        hand -= k
                        from_hand += k
                    else:
                        k = min(eff.cubes, stock)
                        stock -= k
                        from_stock += k
                    if eff.into == "vp":
                        effect += k * eff.rate
                    else:
                        time += k * eff.rate
        return skill, effect, from_hand, from_stock, time

    def _end_turn(self, s: State, log: list[Event] | None) -> State:
        """The turn's end: its gains, the replenish, the event; `s` as in `_advance`."""
        n = s.n
        seat = (s.start + s.turn_in_round) % n
        crew, circle, last_pos = s.crew, s.circle, s.last_pos
        if self.color_vp[crew] or (last_pos >= 0 and self.last_cube_effects[circle[last_pos]]):
            gains = self.turn_gains(s, (*s.placed, *s.extra_placed), last_pos)
            if gains is not NO_GAINS:
                skill, effect, from_hand, from_stock, time = gains
                skill_vp, effect_vp, converted, bank = s.skill_vp, s.effect_vp, s.converted, s.time_bank
                s._skill_vp = _set(skill_vp, seat, skill_vp[seat] + skill)
                s._effect_vp = _set(effect_vp, seat, effect_vp[seat] + effect)
                s._hand = _set(s.hand, seat, s.hand[seat] - from_hand)
                s._stock = _set(s.stock, seat, s.stock[seat] - from_stock)
                s._converted = _set(converted, seat, converted[seat] + from_hand + from_stock)
                s._time_bank = _set(bank, seat, bank[seat] + time)
                s._turn_gains = (skill, effect, from_hand + from_stock)
        hand, stock = s.hand, s.stock
        got = min(self.replenish, stock[seat])
        if got:
            hand = s._hand = _set(hand, seat, hand[seat] + got)
            stock = s._stock = _set(stock, seat, stock[seat] - got)
        if self.return_each_turn:
            s._available = tuple(sorted((*s.available, crew)))
        turn_in_round = s.turn_in_round
        if log is not None:
            ids = self._circle_ids(circle)[0]
            color_vp, planet_vp_, converted_ = s.turn_gains
            notes = s.notes
            placed = s.placed
            log.append(_make_event((_DECISION, s.round, s.turn, seat, {
                "crew": self.crew_ids[crew],
                "crew_time": self.crew_time[crew],
                "crew_bonus": s.crew_bonus_used,
                "extra_time": s.extra_time,
                "first_pick": turn_in_round == 0,
                "skill": "; ".join([x for x in notes[1:] if not x.startswith("place ")]) if len(notes) > 1 else "",
                "placed": " ".join([ids[p] for p in placed]),
                "cubes_placed": len(placed) + len(s.extra_placed) + s.developed,
                "vp_gained": s.vp_gained + color_vp,
                "cubes_gained": s.cubes_gained,
                "effect_vp": planet_vp_,
                "cubes_converted": converted_,
                "last_planet": ids[last_pos] if last_pos >= 0 else None,
                "hand": hand[seat],
                "stock": stock[seat],
            })))
        s._crew = -1
        s._pending = ()
        s._turn += 1
        s._turn_in_round = turn_in_round + 1
        s._phase = Phase.CREW
        if turn_in_round + 1 < n:
            return s
        return self._end_round(s, log)

    def _end_round(self, state: State, log: list[Event] | None) -> State:
        reason = self.end_reason(state)
        over = reason is not None
        if log is not None:
            totals = self.totals(state)
            hand, stock, rnd, turn = state.hand, state.stock, state.round, state.turn - 1
            for seat in range(state.n):
                log.append(_make_event((_ROUND_END, rnd, turn, seat,
                                       {"score": float(totals[seat]), "hand": hand[seat], "stock": stock[seat]})))
            if over:
                self._log_planets(state, log)
                log.append(_make_event((_GAME_END, rnd, turn, -1, {"end_reason": reason})))
        s = state  # a new state from _end_turn that no one else holds yet: changed in place
        if over:
            s._phase = Phase.OVER
            s._turn -= 1
            return s
        if self.any_accumulate:
            s._crew_bonus = tuple(
                b if acc is None or state.taken_mask >> c & 1 else min(b + acc.amount, acc.max or 1 << 30)
                for c, (b, acc) in enumerate(zip(state.crew_bonus, self.accumulate, strict=True)))
        s._round += 1
        s._start = (state.start + 1) % state.n
        s._turn_in_round = 0
        if not self.return_each_turn:
            s._available = self.all_crews
        s._taken_mask = 0
        return s

    def game_ends(self, state: State) -> bool:
        """Whether an end trigger fires at the end of the current round."""
        return self.end_reason(state) is not None

    def end_reason(self, state: State) -> str | None:
        """The first end trigger (in the variant's order) that fires at the end of the current
        round, 'max_rounds' for the safety stop, or None."""
        for trig in self.variant.end:
            if isinstance(trig, sc.StockEmpty) and any(s == 0 for s in state.stock):
                return trig.trigger
            if isinstance(trig, sc.PlanetsFull) and sum(
                    self.is_full(state, p) for p in range(len(state.board))) >= trig.for_players(state.n):
                return trig.trigger
            if isinstance(trig, sc.RoundCap) and state.round >= trig.rounds:
                return trig.trigger
            if isinstance(trig, sc.OutOfCubes) and any(
                    h + s == 0 for h, s in zip(state.hand, state.stock, strict=True)):
                return trig.trigger
        if state.round >= self.variant.max_rounds:
            return "max_rounds"
        return None

    def _log_planets(self, state: State, log: list[Event]) -> None:
        board, circle, later = state.board, state.circle, self.later_wins
        for pos in range(len(board)):
            owners, card = board[pos], circle[pos]
            k = len(owners)
            log.append(_make_event(("planet_final", state.round, state.turn - 1, majority_leader(owners, later), {
                "planet": self.planet_ids[card],
                "slots_filled": k,
                "slots_total": self.capacity[card],
                "majority_vp": self.vp_ext[card][k - 1] if k else None,
            })))

    # --- scoring ------------------------------------------------------------------------------

    def planet_info(self, card: int, owners: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """((seat, VP), ...), ((seat, cube count), ...) and ((seat, effect VP), ...) for one planet
        card and its owners. The VP include the planet's final effects (the third part says how
        much of it they are), so a board alone gives every seat's planet score.
        Memoised: search bots score thousands of boards that differ on one or two planets."""
        key = (card, owners)
        info = self._planet_cache.get(key)
        if info is None:
            counts: dict[int, int] = {}
            for seat in owners:
                counts[seat] = counts.get(seat, 0) + 1
            vps = planet_vp(owners, self.vp_ext[card], self.later_wins)
            extra = self._final_effects(card, owners, vps, counts) if self.final_effects[card] else {}
            total = {s: v + extra.get(s, 0) for s, v in vps.items()}
            for s, v in extra.items():
                total.setdefault(s, v)
            info = (tuple(total.items()), tuple(counts.items()), tuple(extra.items()))
            if len(self._planet_cache) >= 200_000:  # bounded: memory stays flat in long runs
                self._planet_cache.clear()
            self._planet_cache[key] = info
        return info

    def _final_effects(self, card: int, owners: tuple[int, ...], vps: dict[int, int],
                       counts: dict[int, int]) -> dict[int, int]:
        """VP each seat gains (or loses) from one planet's final effects."""
        extra: dict[int, int] = {}
        order = majority_order(owners, self.later_wins)
        current = dict(vps)
        for eff in self.final_effects[card]:
            if isinstance(eff, sc.MajorityMultiplier):
                for r, seat in enumerate(order):
                    if r > 0 and eff.ranks == "first":
                        break
                    new = math.floor(current[seat] * eff.factor)
                    extra[seat] = extra.get(seat, 0) + new - current[seat]
                    current[seat] = new
            elif isinstance(eff, sc.PlanetVP) and order:
                seats = order[:1] if eff.to == "majority" else order
                for seat in seats:
                    gain = eff.amount * (counts[seat] if eff.per_cube else 1)
                    extra[seat] = extra.get(seat, 0) + gain
        return extra

    def extension_vp(self, state: State) -> tuple[int, ...]:
        """VP of every seat's cubes in extension slots (planets and crews)."""
        if not self.has_extensions:
            return (0,) * state.n
        out = [0] * state.n
        for card, slots in zip(state.circle, state.ext_planet, strict=True):
            for i, seat in enumerate(slots):
                if seat >= 0:
                    out[seat] += self.ext_vp[card][i]
        for c, filled in enumerate(state.ext_crew):
            for i, seat in enumerate(filled):
                out[seat] += self.crew_ext_vp[c][i]
        return tuple(out)

    def fixed_vp(self, state: State) -> tuple[int, ...]:
        """Per seat, the VP that do not depend on the board: skill, planet-effect VP already
        gained and extension slots."""
        ext = self.extension_vp(state)
        return tuple(a + b + c for a, b, c in zip(state.skill_vp, state.effect_vp, ext, strict=True))

    def color_bonus(self, counts: Sequence[int]) -> int:
        """The color bonus for one seat's cube counts by color."""
        m = max(counts)
        rule = self._color_rule
        if m == 0 or rule is sc.ColorBonus.NONE:
            return 0
        if rule is sc.ColorBonus.ONE_MAX_COLOR:
            return m
        return m * counts.count(m)

    def _color_bonuses(self, colors: list[int], n: int) -> list[int]:
        """`color_bonus` of each of n seats, from cube counts laid out as in `_board_vp`."""
        rule, nc = self._color_rule, self.n_colors
        out = [0] * n
        if rule is sc.ColorBonus.NONE:
            return out
        every_max = rule is not sc.ColorBonus.ONE_MAX_COLOR
        for seat in range(n):
            m = times = 0
            for i in range(seat * nc, seat * nc + nc):
                c = colors[i]
                if c > m:
                    m, times = c, 1
                elif c == m:
                    times += 1
            out[seat] = m * times if every_max else m
        return out

    def _board_vp(self, state: State, planets: list[int], effects: list[int], colors: list[int]) -> None:
        """Add every seat's planet VP to `planets`, the VP of planets' final effects to `effects`
        and its cubes per color to `colors` (seat * n_colors + color).

        Computed directly, not through the `planet_info` memo: boards met at a round's end are
        mostly new, and this is faster than a memo miss (and than a hit). A planet with final
        effects goes through `planet_info`. The rank of a seat is the number of seats with more
        cubes, or as many cubes and a first cube on the winning side of the tie-break; first
        cubes are on different slots, so there is no other tie."""
        nc, later = self.n_colors, self.later_wins
        planet_color, vp_ext, final, info = self.planet_color, self.vp_ext, self.final_effects, self.planet_info
        count = [0] * state.n
        first = [0] * state.n
        circle, board = state.circle, state.board
        for pos in range(len(circle)):  # indexing: a compiled zip builds a pair per planet
            owners = board[pos]
            k = len(owners)
            if k == 0:
                continue
            card = circle[pos]
            col = planet_color[card]
            if final[card]:
                vps, counts, extra = info(card, owners)
                for seat, vp in vps:
                    planets[seat] += vp
                for seat, vp in extra:
                    planets[seat] -= vp
                    effects[seat] += vp
                for seat, c in counts:
                    colors[seat * nc + col] += c
                continue
            seen: list[int] = []
            for slot in range(k):
                seat = owners[slot]
                if count[seat] == 0:
                    seen.append(seat)
                    first[seat] = slot
                count[seat] += 1
            column = vp_ext[card]
            for seat in seen:
                c, f = count[seat], first[seat]
                r = 0
                for other in seen:
                    co = count[other]
                    if co > c or (co == c and other != seat and (first[other] > f) == later):
                        r += 1
                if r < k:
                    planets[seat] += column[k - 1 - r]
                colors[seat * nc + col] += c
            for seat in seen:
                count[seat] = 0

    def score(self, state: State) -> Score:
        """Planet VP, color bonus and skill VP of every seat, as if the game ended now."""
        n, nc = state.n, self.n_colors
        planets = [0] * n
        effects = list(state.effect_vp)
        colors = [0] * (n * nc)
        self._board_vp(state, planets, effects, colors)
        return Score(tuple(planets), tuple(self._color_bonuses(colors, n)), state.skill_vp, tuple(effects),
                     self.extension_vp(state))

    def totals(self, state: State) -> list[int]:
        """Every seat's total, equal to `score(state).totals`, without the breakdown (search
        bots and round-end events ask for totals only)."""
        n, nc = state.n, self.n_colors
        skill, effect = state.skill_vp, state.effect_vp
        tot = [skill[seat] + effect[seat] for seat in range(n)]
        colors = [0] * (n * nc)
        self._board_vp(state, tot, tot, colors)
        bonuses = self._color_bonuses(colors, n)
        for seat in range(n):
            tot[seat] += bonuses[seat]
        if self.has_extensions:
            for seat, vp in enumerate(self.extension_vp(state)):
                tot[seat] += vp
        return tot

    def result(self, state: State) -> GameResult:
        score = self.score(state)
        totals = score.totals
        use_hand = self.use_hand_tiebreak
        keys = [(float(t), float(state.hand[s]) if use_hand else 0.0) for s, t in enumerate(totals)]
        ranks, shares = rank(keys)
        hand, stock, placed, converted = state.hand, state.stock, state.cubes_placed, state.converted
        seats = []
        for s in range(state.n):  # positional: SeatResult's __init__ is interpreted
            seats.append(SeatResult(s, score.parts(s), totals[s], ranks[s], shares[s], {
                "cubes_placed": placed[s], "cubes_in_hand": hand[s], "cubes_in_stock": stock[s],
                "cubes_converted": converted[s]}))
        return GameResult(tuple(seats), state.round, state.turn)


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """`values` with item i replaced (one list and one tuple built, not two slices)."""
    out = list(values)
    out[i] = value
    return tuple(out)




_first = itemgetter(0)


def _replace(state: State, **changes: object) -> State:
    """A copy of `state` with some fields changed (the rarely taken paths use it)."""
    return state._replace(**changes)
