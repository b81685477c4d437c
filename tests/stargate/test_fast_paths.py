"""The rules' and bots' fast paths give exactly what the plain definitions give.

Each fast path (direct walk enumeration, list-built states, ...) is checked here against a
straightforward reference written from the rules' text, over states reached by random play."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from itertools import combinations

import pytest

from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import Place
from playtest.games.stargate.rules import (
    Mode,
    Phase,
    StargateRules,
    State,
    majority_leader,
    majority_order,
)
from playtest.variants import load_variant
from tests.stargate_drafts.helpers import DRAFT5, NEW_DRAFTS, rules_with


def _next_open(left: list[int], cur: int) -> int | None:
    for step in range(1, len(left) + 1):
        p = (cur + step) % len(left)
        if left[p] > 0:
            return p
    return None


def reference_sequences(rules: StargateRules, state: State) -> list[tuple[int, ...]]:
    """Legal placements by simulating each walk cube by cube (the empty placement first)."""
    k = min(rules.crews[state.crew].time + state.extra_time, state.hand[state.seat])
    room = [rules.capacity[c] - len(o) for c, o in zip(state.circle, state.board, strict=True)]
    out: list[tuple[int, ...]] = [()]
    if k == 0:
        return out
    mode, npos = rules.mode[state.crew], len(room)
    if mode is Mode.FREE:
        slots = [p for p in range(npos) for _ in range(min(rules.per_planet[state.crew], room[p]))]
        for size in range(1, min(k, len(slots)) + 1):
            for combo in combinations(slots, size):
                if combo not in out:
                    out.append(combo)
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


def _variants() -> list[tuple[str, StargateRules]]:
    out = [(p.stem, StargateRules(load_variant(p).model)) for p in (DRAFT5, *NEW_DRAFTS)]
    out.append(("repeats-allowed, big hands", rules_with(
        {"placement": {"no_two_in_a_row": False}, "cubes": {"total": 15, "start_in_hand": 12, "replenish": 2}})))
    out.append(("two per planet in free order", rules_with(
        {"cubes": {"total": 15, "start_in_hand": 9, "replenish": 2}},
        crews={"orlins": {"time": 5, "skill": [{"effect": "free_order", "per_planet": 2}]},
               "rahel": {"time": 4}})))
    return out


@pytest.mark.parametrize(("name", "rules"), _variants(), ids=lambda x: x if isinstance(x, str) else "")
def test_placement_sequences_equal_the_cube_by_cube_walk(name: str, rules: StargateRules) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(25):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                for crew in range(len(rules.crews)):
                    for extra in (0, 1, 4):
                        probe = state._replace(crew=crew, extra_time=extra)
                        expected = reference_sequences(rules, probe)
                        assert rules._placement_sequences(probe) == expected
                        # remembered by (crew, most cubes, room capped at that): same answer
                        assert rules.placement_sequences(probe) == tuple(expected)
                        checked += 1
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 500
    assert len(rules._seq_memo) < checked  # the memo was hit, so hits were checked too


@pytest.mark.parametrize(("name", "rules"), _variants(), ids=lambda x: x if isinstance(x, str) else "")
def test_legal_sequences_are_the_listed_ones_without_listing_them(name: str, rules: StargateRules) -> None:
    """The lazy placements (WalkPlacements, FreePlacements) have the same items in the same
    order, the same length, the same membership (also for near misses) as the full list."""
    rng = random.Random(13)
    lazy: Counter[str] = Counter()
    for _ in range(20):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                for crew in range(len(rules.crews)):
                    probe = state._replace(crew=crew)
                    full, fast = list(rules.placement_sequences(probe)), rules.legal_sequences(probe)
                    lazy[type(fast).__name__] += 1
                    assert list(fast) == full and len(fast) == len(full)
                    assert [fast[i] for i in range(-len(full), len(full))] == full + full
                    npos = len(state.circle)
                    near = ({(*q, p) for q in full for p in range(npos)} | {q[1:] + q[:1] for q in full}
                            | {q[::-1] for q in full})
                    for q in near | {(npos,), (0, 0)}:
                        assert (q in fast) == (q in full), q
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    assert lazy["WalkPlacements"] > 50
    if any(m is Mode.FREE and per == 1 for m, per in zip(rules.mode, rules.per_planet, strict=True)):
        assert lazy["FreePlacements"] > 20


@pytest.mark.parametrize(("name", "rules"), _variants(), ids=lambda x: x if isinstance(x, str) else "")
def test_totals_equal_the_score_breakdowns_totals(name: str, rules: StargateRules) -> None:
    rng = random.Random(12)
    for _ in range(15):
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
    # Copies and pickles rebuild the same state field by field (State(*values), STATE_FIELDS order).
    assert pickle.loads(pickle.dumps(after)) == after and copy.deepcopy(after) == after
    assert hash(copy.copy(after)) == hash(after) and after != state
    changed = after._replace(hand=(9, 9, 9, 9))
    assert changed.hand == (9, 9, 9, 9) and after.hand != changed.hand and changed.crew == after.crew
    with pytest.raises(TypeError):
        after._replace(nope=1)
    assert repr(state).startswith("State(n=4, circle=")



def test_a_placement_handed_out_by_the_legal_list_plays_as_an_equal_one_typed_in() -> None:
    """PlaceOptions remembers the Place it handed out last, and apply trusts that very object
    for that very state only: an equal Place built elsewhere is checked in full and plays the
    same, and a handed-out Place offered to another state is checked again like a typed one."""
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
                if previous is not None:  # the handed-out object, offered to another state
                    outcomes = []
                    for offered in (action, Place(tuple(action.planets))):
                        try:
                            outcomes.append(rules.apply(previous, offered))
                        except IllegalActionError as err:
                            outcomes.append(str(err))
                    assert outcomes[0] == outcomes[1]
                    refused += isinstance(outcomes[0], str)
                    legal = rules.legal_actions(state)
                    action = legal[rng.randrange(len(legal))]
                typed = Place(tuple(action.planets))
                assert typed is not action and typed in legal and action in legal
                assert rules.apply(state, typed) == rules.apply(state, action)
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
