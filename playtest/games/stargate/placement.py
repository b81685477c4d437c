"""The placement walk (RULINGS.md, "A turn", step 2): which cubes a turn may place, and where.

The one listing of legal placements is `legal_placements`; the rules, the bots and the
transcripts all get their placements from it (through StargateRules.placement_sequences).
A placement is a tuple of circle positions, one per cube, in the order the cubes are placed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum
from functools import lru_cache
from itertools import combinations

from playtest.games.stargate.actions import Place


class Mode(StrEnum):
    """How this turn's cubes are placed (set by the crew's placement effects). A StrEnum: it
    is part of the placement memo's key, and hashes as fast as a str (a plain Enum member
    hashes in Python, three times slower)."""

    WALK = "walk"
    """Draft 5: start anywhere, then clockwise, one cube per planet, full planets skipped."""
    FREE = "free"
    """free_order (Orlins): any planets in any order, at most `per_planet` cubes on each."""
    REPEAT = "repeat"
    """repeat_planet (Rahel): the walk may stay on the same planet for consecutive cubes."""


def legal_placements(mode: Mode, per_planet: int, k: int, room: Sequence[int],
                     no_two_in_a_row: bool, last_marked: tuple[int, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """Every legal placement of at most `k` cubes, the empty placement first.

    `room[p]`: empty slots of the planet at circle position p. Order (a random bot draws by
    index, so it is part of what a seed reproduces): the walk lists, for each starting planet
    in circle order, the walk of 1, 2, ... cubes; free order lists sets by size, each set in
    circle order; the repeat walk lists by length, then by position.

    `last_marked`: the circle positions whose planet acts on the turn's last cube (last_cube
    effects). In free order the cubes go down in the order named, so which planet gets the last
    cube is the player's choice, and it matters only when a marked planet is in the set: each
    such set is listed once more for every other planet of it that could be last with a
    different outcome (each marked planet; one unmarked planet), that planet moved to the end."""
    marked = last_marked if mode is Mode.FREE else ()
    return _listing(mode, per_planet, k, relevant_room(mode, per_planet, k, room), no_two_in_a_row, marked)[0]


def is_legal(mode: Mode, per_planet: int, k: int, room: Sequence[int], no_two_in_a_row: bool,
             seq: tuple[int, ...]) -> bool:
    """Whether `seq` is one of `legal_placements(...)` (free order: in any order)."""
    if mode is Mode.FREE:
        seq = tuple(sorted(seq))
    return seq in _listing(mode, per_planet, k, relevant_room(mode, per_planet, k, room), no_two_in_a_row)[1]


def relevant_room(mode: Mode, per_planet: int, k: int, room: Sequence[int]) -> tuple[int, ...]:
    """`room` capped at what can change the placements, so that the memo meets few keys: a
    walk of k cubes with at least k planets open meets each planet at most once (cap 1); free
    order puts at most `per_planet` cubes on one planet; nothing puts more than k."""
    if mode is Mode.WALK:
        is_open = [1 if r > 0 else 0 for r in room]
        if k <= sum(is_open):
            return tuple(is_open)  # cap 1 (a full planet's room counts as 0 either way)
        cap = k
    else:
        cap = min(per_planet, k) if mode is Mode.FREE else k
    return tuple([r if r < cap else cap for r in room])


@lru_cache(maxsize=8192)
def _listing(mode: Mode, per_planet: int, k: int, room: tuple[int, ...], no_two_in_a_row: bool,
             last_marked: tuple[int, ...] = ()) -> tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, ...]]]:
    """The placements and the same as a set. Memoised by everything they depend on (a run
    meets a few hundred keys); a pure function's memo, safe however many games share it."""
    out: list[tuple[int, ...]] = [()]
    if k > 0:
        if mode is Mode.WALK:
            out += _walks(room, k, no_two_in_a_row)
        elif mode is Mode.FREE:
            out += _free_sets(room, k, per_planet, last_marked)
        else:
            out += _repeat_walks(room, k)
    listed = tuple(out)
    return listed, frozenset(listed)


def next_open(left: Sequence[int], cur: int) -> int | None:
    """The next position clockwise after `cur` with room (`cur` itself after a full lap), or
    None when no planet has room."""
    npos = len(left)
    for step in range(1, npos + 1):
        p = (cur + step) % npos
        if left[p] > 0:
            return p
    return None


def _walks(room: tuple[int, ...], k: int, no_two_in_a_row: bool) -> list[tuple[int, ...]]:
    """From each planet with room: the walk clockwise, one cube per planet, full planets
    skipped, and every prefix of it. After a full lap the walk may meet the same planet twice
    in a row: allowed only without `no_two_in_a_row`."""
    out: list[tuple[int, ...]] = []
    for start in range(len(room)):
        if room[start] <= 0:
            continue
        left = list(room)
        left[start] -= 1
        walk = [start]
        out.append((start,))
        while len(walk) < k:
            nxt = next_open(left, walk[-1])
            if nxt is None or (nxt == walk[-1] and no_two_in_a_row):
                break
            walk.append(nxt)
            left[nxt] -= 1
            out.append(tuple(walk))
    return out


def _free_sets(room: tuple[int, ...], k: int, per_planet: int,
               last_marked: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every multiset of 1..k planets with at most `per_planet` cubes (and room) on each, in
    circle order; after a set holding a `last_marked` planet, the same set with another last
    planet (see legal_placements)."""
    caps = [min(per_planet, r) if r > 0 else 0 for r in room]
    out: list[tuple[int, ...]] = []
    open_ = [p for p, cap in enumerate(caps) if cap]
    for size in range(1, min(k, sum(caps)) + 1):
        # at most one cube a planet (draft 5's Orlins): the sets of open planets, itertools' order
        # and speed (the multisets' generator is 2.7x slower there, 2026-12-06)
        combos = combinations(open_, size) if per_planet == 1 else _multisets(caps, size, 0)
        for combo in combos:
            out.append(combo)
            if last_marked and len(set(combo)) > 1:
                out += _other_last_cubes(combo, last_marked)
    return out


def _multisets(caps: list[int], size: int, first: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of `size` planets from position `first` on, at most `caps[p]` of planet p,
    as a tuple in circle order, in lexicographic order — the order in which their first copies came
    out of itertools.combinations over the planets' slots (each planet written caps[p] times),
    which listed every copy and kept the first: with up to 10 cubes at 5 a planet (h211,
    `crews.orlins.skill=[{effect: free_order, per_planet: 5}]` with time 10 and 12 cubes in hand)
    one listing of 17,138 placements took 27.7 s, and a game never finished; each multiset is now
    made once (0.023 s; measured 2026-12-06, /tmp scripts, one process). `caps` is used as the counts left while a tuple is built (and given back)."""
    if size == 0:
        yield ()
        return
    for p in range(first, len(caps)):
        if caps[p] > 0:
            caps[p] -= 1
            for rest in _multisets(caps, size - 1, p):
                yield (p, *rest)
            caps[p] += 1


def _other_last_cubes(combo: tuple[int, ...], marked: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`combo` (circle order) with each other planet that can make the last cube's outcome
    differ moved to the end: every marked planet, and the last unmarked one if the last planet
    of `combo` is marked. Nothing when no planet of `combo` is marked."""
    if not any(p in marked for p in combo):
        return []
    last = combo[-1]
    ends = [p for p in dict.fromkeys(combo) if p in marked and p != last]
    if last in marked:
        unmarked = [p for p in combo if p not in marked]
        if unmarked:
            ends.append(unmarked[-1])
    out = []
    for p in ends:
        i = len(combo) - 1 - combo[::-1].index(p)
        out.append((*combo[:i], *combo[i + 1:], p))
    return out


def _repeat_walks(room: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Walks where each next cube stays on the same planet or goes on clockwise to the next
    planet with room; by length, then by position."""
    level: list[tuple[tuple[int, ...], list[int]]] = []
    for start in range(len(room)):
        if room[start] > 0:
            left = list(room)
            left[start] -= 1
            level.append(((start,), left))
    out = [seq for seq, _ in level]
    for _ in range(k - 1):
        grown: list[tuple[tuple[int, ...], list[int]]] = []
        for seq, left in level:
            cur = seq[-1]
            if left[cur] > 0:
                again = left.copy()
                again[cur] -= 1
                grown.append(((*seq, cur), again))
            nxt = next_open(left, cur)
            if nxt is not None and nxt != cur:
                on = left.copy()
                on[nxt] -= 1
                grown.append(((*seq, nxt), on))
        grown.sort(key=lambda item: item[0])
        out += [seq for seq, _ in grown]
        level = grown
    return out


def why_not(mode: Mode, per_planet: int, k: int, room: Sequence[int], seq: tuple[int, ...],
            ids: Sequence[str], crew_time: int, hand: int, extra_time: int = 0) -> str:
    """Why the placement `seq` is not legal, in words (`extra_time`: the crew's accumulated time
    and the seat's banked time, used this turn)."""
    if len(seq) > k:
        time = f"crew time {crew_time} + {extra_time} extra" if extra_time else f"crew time {crew_time}"
        return f"at most {k} {'cube' if k == 1 else 'cubes'} may be placed ({time}, {hand} in hand)"
    for p in seq:
        if room[p] <= 0:
            return f"{ids[p]} is full"
    if mode is Mode.FREE:
        return f"at most {per_planet} cube(s) per planet with this crew"
    if mode is Mode.REPEAT:
        return "each cube must stay on the same planet or go on clockwise to the next planet with room"
    if any(a == b for a, b in zip(seq, seq[1:], strict=False)):
        return "two cubes in a row on the same planet are not allowed"
    return "cubes go clockwise, one per planet, skipping full planets"


class PlaceOptions(Sequence[Place]):
    """The legal placements as Place actions, built only when asked for: a random bot draws
    one of them and the others are never made."""

    __slots__ = ("free", "ids", "last", "pos", "seqs")

    def __init__(self, seqs: tuple[tuple[int, ...], ...], ids: tuple[str, ...], free: bool) -> None:
        self.seqs = seqs
        self.ids = ids
        """The planet id at each circle position."""
        self.free = free
        self.pos: dict[str, int] | None = None
        """Circle position of each planet id (built when first needed)."""
        self.last: Place | None = None
        """The Place this object built last (the runner asks at once whether it is legal)."""

    def __len__(self) -> int:
        return len(self.seqs)

    @property
    def action_keys(self) -> tuple[tuple[int, ...], ...]:
        """The placements' circle positions, one per Place in the same order: what the search
        tree keys its children by (search.tree.action_keys), without making each Place."""
        return self.seqs

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.seqs)))]
        ids = self.ids
        self.last = Place(tuple([ids[p] for p in self.seqs[i]]))
        return self.last

    def __iter__(self):  # type: ignore[override]
        ids = self.ids
        for seq in self.seqs:
            yield Place(tuple([ids[p] for p in seq]))

    def __contains__(self, action: object) -> bool:
        if action is self.last:
            return True
        if not isinstance(action, Place):
            return False
        if self.pos is None:
            self.pos = {pid: p for p, pid in enumerate(self.ids)}
        try:
            seq = tuple([self.pos[pid] for pid in action.planets])
        except KeyError:
            return False
        if self.free:
            seq = tuple(sorted(seq))
        return seq in self.seqs
