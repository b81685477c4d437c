"""Free-order placements (Orlins' free_order): each multiset of planets made once, in the order a
seed's random draws rely on."""

from __future__ import annotations

import random
from itertools import combinations

from playtest.games.stargate import placement
from playtest.games.stargate.placement import Mode, legal_placements


def _first_copies(room: tuple[int, ...], k: int, per_planet: int, marked: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The listing as it was defined before: combinations of the planets' slots (each planet written
    once per cube it may take), the first copy of each kept, then the other last cubes."""
    slots = [p for p in range(len(room)) for _ in range(min(per_planet, room[p]))]
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for size in range(1, min(k, len(slots)) + 1):
        for combo in combinations(slots, size):
            if combo not in seen:
                seen.add(combo)
                out.append(combo)
                if marked and len(set(combo)) > 1:
                    out += placement._other_last_cubes(combo, marked)
    return out


def test_the_listing_is_the_slot_combinations_first_copies_in_their_order():
    rng = random.Random(7)
    for _ in range(600):
        n = rng.randint(1, 7)
        room = tuple(rng.randint(0, 4) for _ in range(n))
        k, per_planet = rng.randint(0, 6), rng.randint(1, 4)
        marked = tuple(sorted(rng.sample(range(n), rng.randint(0, n))))
        assert placement._free_sets(room, k, per_planet, marked) == _first_copies(room, k, per_planet, marked)


def _multisets_counted(caps: list[int], size: int) -> int:
    """How many multisets of `size` planets with at most caps[p] of planet p (a count by planets)."""
    ways = [1] + [0] * size
    for cap in caps:
        ways = [sum(ways[s - n] for n in range(min(cap, s) + 1)) for s in range(size + 1)]
    return ways[size]


def test_eight_cubes_at_four_a_planet_on_eight_planets_are_listed_each_once():
    """h211: `free_order, per_planet: 5` with time 10 took 27.7 s for one listing of 17,138
    placements, every copy of every multiset made from the slots, and a game of it never finished;
    here C(32, 8) ≈ 1.1e7 slot combinations (1.6 s before, 0.04 s now) for 11,549 placements."""
    room = (4,) * 8
    listed = legal_placements(Mode.FREE, 4, 8, room, False)
    assert listed[0] == ()
    assert len(listed) == 1 + sum(_multisets_counted([4] * 8, size) for size in range(1, 9))
    assert len(set(listed)) == len(listed)
    assert all(list(a) == sorted(a) and a.count(p) <= 5 for a in listed for p in a)
    sizes = [len(a) for a in listed]
    assert sizes == sorted(sizes)
