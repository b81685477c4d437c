"""The rules' fast paths give exactly what the plain definitions give.

The placement listing (placement.py: one walk per start, memoised) and the scores are checked
here against straightforward references written from the rules' text, over states reached by
random play."""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import pytest

from playtest.errors import IllegalActionError
from playtest.games.stargate import placement
from playtest.games.stargate.actions import Place
from playtest.games.stargate.placement import Mode
from playtest.games.stargate.rules import (
    PLACE_STEP,
    Phase,
    StargateRules,
    State,
    majority_leader,
    majority_order,
)
from playtest.variants import load_variant
from tests.stargate_drafts.helpers import DRAFT5, IN_MAKE_TEST, NEW_DRAFTS, rules_with


def _next_open(left: list[int], cur: int) -> int | None:
    for step in range(1, len(left) + 1):
        p = (cur + step) % len(left)
        if left[p] > 0:
            return p
    return None


def slot_multisets(room: Sequence[int], k: int, per_planet: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of 1..k planets with at most `per_planet` cubes (and room) on each, by size:
    the first copy of each among itertools.combinations of the planets' slots (each planet written
    once per cube it may take), in the order they come."""
    slots = [p for p in range(len(room)) for _ in range(min(per_planet, room[p]))]
    seen: set[tuple[int, ...]] = set()
    for size in range(1, min(k, len(slots)) + 1):
        for combo in combinations(slots, size):
            if combo not in seen:
                seen.add(combo)
                yield combo


def reference_sequences(rules: StargateRules, state: State) -> list[tuple[int, ...]]:
    """Legal placements by simulating each walk cube by cube (the empty placement first)."""
    k = min(rules.crews[state.crew].time + state.extra_time, state.hand[state.seat])
    room = [rules.capacity[c] - len(o) for c, o in zip(state.circle, state.board, strict=True)]
    out: list[tuple[int, ...]] = [()]
    if k == 0:
        return out
    mode, npos = rules.mode[state.crew], len(room)
    if mode is Mode.FREE:  # every set of planets; each order of it whose last cube acts differently
        marked = _last_cube_positions(rules, state)
        for combo in slot_multisets(room, k, rules.per_planet[state.crew]):
            out.append(combo)
            kept = {_outcome(combo, marked)}
            for i in range(len(combo)):  # an order of the set is decided by its last planet
                order = (*combo[:i], *combo[i + 1:], combo[i])
                if _outcome(order, marked) not in kept:
                    kept.add(_outcome(order, marked))
                    out.append(order)
        return out
    if mode is Mode.WALK:
        for start in range(npos):
            if room[start] <= 0:
                continue
            left, seq = room.copy(), [start]
            left[start] -= 1
            out.append((start,))
            while len(seq) < k:
                nxt = _next_open(left, seq[-1])
                if nxt is None or (nxt == seq[-1] and rules.variant.placement.no_two_in_a_row):
                    break
                seq.append(nxt)
                left[nxt] -= 1
                out.append(tuple(seq))
        return out
    found: set[tuple[int, ...]] = set()

    def grow(seq: tuple[int, ...], left: list[int]) -> None:
        found.add(seq)
        if len(seq) == k:
            return
        options = [seq[-1]] if left[seq[-1]] > 0 else []
        nxt = _next_open(left, seq[-1])
        if nxt is not None and nxt != seq[-1]:
            options.append(nxt)
        for p in options:
            left[p] -= 1
            grow((*seq, p), left)
            left[p] += 1

    for start in range(npos):
        if room[start] > 0:
            left = room.copy()
            left[start] -= 1
            grow((start,), left)
    return out + sorted(found, key=lambda s: (len(s), s))


def _last_cube_positions(rules: StargateRules, state: State) -> set[int]:
    """Circle positions whose planet card has an effect triggered by the turn's last cube."""
    return {p for p, card in enumerate(state.circle)
            if any(getattr(e, "trigger", None) == "last_cube" for e in rules.variant.planets[card].effects)}


def _outcome(seq: tuple[int, ...], marked: set[int]) -> tuple[tuple[int, ...], int | None]:
    """What a free-order placement decides: the set of planets, and the planet of the last cube
    when that planet acts on it."""
    return tuple(sorted(seq)), (seq[-1] if seq and seq[-1] in marked else None)


def _same_placements(rules: StargateRules, state: State, listed: tuple[tuple[int, ...], ...],
                     reference: list[tuple[int, ...]]) -> bool:
    """Equal lists; in free order, equal up to the order of the cubes within a set when the
    order decides nothing: the same sets in the same order (each first in circle order), each with
    the same outcomes, none twice."""
    if rules.mode[state.crew] is not Mode.FREE:
        return listed == tuple(reference)
    marked = _last_cube_positions(rules, state)

    def grouped(seqs: Sequence[tuple[int, ...]]) -> list[tuple[tuple[int, ...], frozenset[object]]]:
        groups: dict[tuple[int, ...], list[object]] = {}
        for q in seqs:
            groups.setdefault(tuple(sorted(q)), []).append(_outcome(q, marked)[1])
        assert all(len(set(v)) == len(v) for v in groups.values()), "an outcome listed twice"
        return [(key, frozenset(v)) for key, v in groups.items()]

    firsts: dict[tuple[int, ...], tuple[int, ...]] = {}
    for q in listed:
        firsts.setdefault(tuple(sorted(q)), q)
    assert all(key == q for key, q in firsts.items()), "a set is first listed in circle order"
    return grouped(listed) == grouped(reference)


GAMES = 2 if os.environ.get("PLAYTEST_ALL") else 1
"""Random games per variant, a factor of each check's base count: `make test-all` plays twice as
many. The walk's check compares 560–2,700 placement lists a variant in `make test`, 1,190–5,230 in
`make test-all` (counted 2026-12-05); `make test` spent 6.7 of its 160 test-seconds here with
the larger count."""


REPEATS, FREE_ORDER = "repeats-allowed, big hands", "two per planet in free order"
"""The two made-up variants of `_variants()`, made to stretch the walk."""


def _variants() -> list[tuple[str, StargateRules]]:
    out = [(p.stem, StargateRules(load_variant(p).model)) for p in (DRAFT5, *NEW_DRAFTS)]
    out.append((REPEATS, rules_with(
        {"placement": {"no_two_in_a_row": False}, "cubes": {"total": 15, "start_in_hand": 12, "replenish": 2}})))
    out.append((FREE_ORDER, rules_with(
        {"cubes": {"total": 15, "start_in_hand": 9, "replenish": 2}},
        crews={"orlins": {"time": 5, "skill": [{"effect": "free_order", "per_planet": 2}]},
               "rahel": {"time": 4}})))
    return out


def _variants_tiered() -> list[Any]:
    """`_variants()`, the drafts not in IN_MAKE_TEST marked slow (the two made-up variants stay in
    `make test`)."""
    return [pytest.param(name, rules, marks=() if name in {*IN_MAKE_TEST, REPEATS, FREE_ORDER} else pytest.mark.slow)
            for name, rules in _variants()]


@pytest.mark.parametrize(("name", "rules"), _variants_tiered(), ids=lambda x: x if isinstance(x, str) else "")
def test_placement_sequences_equal_the_cube_by_cube_walk(name: str, rules: StargateRules) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(6 * GAMES):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                for crew in range(len(rules.crews)):
                    for extra in (0, 1, 4):
                        probe = state.replace(crew=crew, extra_time=extra)
                        listed = rules.placement_sequences(probe)
                        assert _same_placements(rules, probe, listed, reference_sequences(rules, probe))
                        checked += 1
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 250 * GAMES


@pytest.mark.parametrize(("name", "rules"), _variants_tiered(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_place_actions_offered_are_the_listed_placements(name: str, rules: StargateRules) -> None:
    """The legal Place actions (built only when asked for) are the listed placements in the
    same order, indexable from both ends, and hold exactly those (also against near misses,
    and in any order for a free-order crew); each one is accepted by apply."""
    rng = random.Random(13)
    for _ in range(2 * GAMES):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                for crew in range(len(rules.crews)):
                    probe = state.replace(crew=crew, pending=(PLACE_STEP,))  # this crew's placement last
                    seqs, options = rules.placement_sequences(probe), rules.placements(probe)
                    ids = rules.circle_ids(probe.circle)
                    listed = [Place(tuple(ids[p] for p in q)) for q in seqs]
                    assert list(options) == listed and len(options) == len(listed)
                    assert [options[i] for i in range(-len(listed), len(listed))] == listed + listed
                    npos = len(state.circle)
                    near = ({(*q, p) for q in seqs for p in range(npos)} | {q[1:] + q[:1] for q in seqs}
                            | {q[::-1] for q in seqs})
                    free = rules.mode[crew] is Mode.FREE
                    members = {tuple(sorted(q)) if free else q for q in seqs}
                    for q in near:
                        offered = Place(tuple(ids[p] for p in q))
                        assert (offered in options) == ((tuple(sorted(q)) if free else q) in members), q
                    assert Place(("nowhere",)) not in options
                    rules.apply(probe, listed[rng.randrange(len(listed))])
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "rules"), _variants(), ids=lambda x: x if isinstance(x, str) else "")
def test_totals_equal_the_score_breakdowns_totals(name: str, rules: StargateRules) -> None:
    rng = random.Random(12)
    for _ in range(8):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while True:
            assert rules.totals(state) == list(rules.score(state).totals)
            if state.phase is Phase.OVER:
                break
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])


def test_states_are_immutable_records() -> None:
    rules = StargateRules(load_variant(DRAFT5).model)
    state = rules.initial_state(4, rng=random.Random(1))
    with pytest.raises(AttributeError):
        state.hand = (0, 0, 0, 0)  # type: ignore[misc]
    after = rules.apply(state, rules.legal_actions(state)[0])
    assert after is not state and after.crew == 0 and state.crew == -1
    assert pickle.loads(pickle.dumps(after)) == after and copy.deepcopy(after) == after
    assert hash(copy.copy(after)) == hash(after) and after != state
    changed = after.replace(hand=(9, 9, 9, 9))
    assert changed.hand == (9, 9, 9, 9) and after.hand != changed.hand and changed.crew == after.crew
    with pytest.raises(TypeError, match="nope"):
        after.replace(nope=1)
    assert repr(state).startswith("State(n=4, circle=")


def test_a_placement_is_checked_against_the_state_it_is_applied_to() -> None:
    """A Place typed in plays exactly as the equal one the legal list handed out; offered to
    another state, a handed-out Place is checked again and refused where it is not legal there."""
    rules = StargateRules(load_variant(DRAFT5).model)
    rng = random.Random(21)
    placements = refused = 0
    previous: State | None = None
    for _ in range(30):
        state = rules.initial_state(4, rng=rng)
        while state.phase is not Phase.OVER:
            legal = rules.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            if state.phase is Phase.PLACE:
                typed = Place(tuple(action.planets))
                assert typed is not action and typed in legal
                assert rules.apply(state, typed) == rules.apply(state, action)
                if previous is not None:
                    try:
                        rules.apply(previous, action)
                        assert action in rules.legal_actions(previous)
                    except IllegalActionError:
                        assert action not in rules.legal_actions(previous)
                        refused += 1
                placements += 1
                previous = state
            state = rules.apply(state, action)
    assert placements > 300 and refused > 100


def test_majority_leader_is_the_first_of_the_majority_order() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        owners = tuple(rng.randrange(4) for _ in range(rng.randrange(9)))
        for later in (True, False):
            order = majority_order(owners, later)
            assert majority_leader(owners, later) == (order[0] if order else -1), (owners, later)


@pytest.mark.parametrize(("name", "rules"), _variants(), ids=lambda x: x if isinstance(x, str) else "")
def test_a_choice_has_a_target_exactly_when_it_lists_one(name: str, rules: StargateRules) -> None:
    """`has_target` (asked before every choice step, answered without listing where a handler
    can) agrees with `targets` for every choice effect — Anderson's swap with either
    `same_owner` — on the states random play reaches, taken by every crew."""
    from playtest.games.stargate import schema as sc
    from playtest.games.stargate.effects import handler_of

    effects = [e for crew in rules.crews for e in crew.skill if handler_of(e).action is not None]
    effects += [sc.SwapAdjacent(effect="swap_adjacent", same_owner=flag) for flag in (True, False)]
    rng = random.Random(14)
    answers: set[bool] = set()
    for _ in range(4):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            for crew in range(len(rules.crews)):
                probe = state.replace(crew=crew)
                for effect in effects:
                    handler = handler_of(effect)
                    has = handler.has_target(rules, probe, effect)
                    assert has == bool(handler.targets(rules, probe, effect)), (effect, probe)
                    answers.add(has)
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    assert answers == {True, False}


def test_free_order_lists_the_slot_multisets_in_their_order():
    """Free order (placement._free_sets) makes each multiset once, in the very order its first copy
    came out of the slots' combinations, which it went through before (a seed draws by index):
    checked with the other last cubes, over random rooms, caps and marked planets."""
    rng = random.Random(7)
    for _ in range(600):
        n = rng.randint(1, 7)
        room = tuple(rng.randint(0, 4) for _ in range(n))
        k, per_planet = rng.randint(0, 6), rng.randint(1, 4)
        marked = tuple(sorted(rng.sample(range(n), rng.randint(0, n))))
        expected: list[tuple[int, ...]] = []
        for combo in slot_multisets(room, k, per_planet):
            expected.append(combo)
            if marked and len(set(combo)) > 1:
                expected += placement._other_last_cubes(combo, marked)
        assert placement._free_sets(room, k, per_planet, marked) == expected


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
    listed = placement.legal_placements(Mode.FREE, 4, 8, room, False)
    assert listed[0] == ()
    assert len(listed) == 1 + sum(_multisets_counted([4] * 8, size) for size in range(1, 9))
    assert len(set(listed)) == len(listed)
    assert all(list(a) == sorted(a) and a.count(p) <= 4 for a in listed for p in a)
    sizes = [len(a) for a in listed]
    assert sizes == sorted(sizes)
