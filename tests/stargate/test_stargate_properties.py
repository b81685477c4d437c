"""Property tests over random legal play of draft 5 (and some of its options): cubes are
conserved, cubes go to the back of the line, totals are the sum of their parts and agree with a
reference scorer written from RULINGS.md, and every game ends."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import MoveCube, Place, SwapCubes
from playtest.games.stargate.rules import StargateRules

from .helpers import DRAFT5, board, make_rules

OPTIONS = {
    "scoring.majority_tiebreak": ("later_first_cube", "earlier_first_cube"),
    "scoring.color_bonus": ("all_max_colors", "one_max_color", "none"),
    "placement.no_two_in_a_row": ("true", "false"),
    "crews_return": ("end_of_round", "end_of_turn"),
    "cubes.replenish": ("2", "1", "3"),
}


@cache
def rules_for(overrides: tuple[str, ...]) -> StargateRules:
    return make_rules(*overrides, path=DRAFT5)


variants = st.tuples(*(st.sampled_from(values) for values in OPTIONS.values())).map(
    lambda chosen: tuple(f"{key}={value}" for key, value in zip(OPTIONS, chosen, strict=True)))


def reference_score(rules: StargateRules, owners_by_planet: dict[str, tuple[int, ...]], n: int):
    """Planet VP and color bonus per seat, computed directly from RULINGS.md."""
    v = rules.variant
    planets = {p.id: p for p in v.planets}
    later = v.scoring.majority_tiebreak == "later_first_cube"
    planet_vp = [0] * n
    colors = [Counter() for _ in range(n)]
    for pid, owners in owners_by_planet.items():
        k = len(owners)
        seats = sorted(set(owners), key=lambda s: (-owners.count(s),
                                                   -owners.index(s) if later else owners.index(s)))
        for r, seat in enumerate(seats, start=1):
            if k - r + 1 >= 1:
                planet_vp[seat] += planets[pid].vp[k - r]
        for seat in owners:
            colors[seat][planets[pid].color] += 1
    bonus = []
    for c in colors:
        m = max(c.values(), default=0)
        rule = v.scoring.color_bonus
        bonus.append(0 if rule == "none" or m == 0 else m if rule == "one_max_color"
                     else m * sum(1 for x in c.values() if x == m))
    return tuple(planet_vp), tuple(bonus)


def check_move(rules, before, after, action, seat) -> None:
    """Cubes go to the back of the line; nothing else on the board moves."""
    old, new = board(rules, before), board(rules, after)
    capacity = {p.id: len(p.vp) for p in rules.variant.planets}
    for pid, owners in new.items():
        assert len(owners) <= capacity[pid]
        assert all(0 <= s < before.n for s in owners)
    if isinstance(action, Place):
        placed = Counter(action.planets)
        assert all(new[p] == old[p] + (seat,) * placed[p] for p in new)
    elif isinstance(action, MoveCube):
        assert old[action.src][-1] == seat and new[action.src] == old[action.src][:-1]
        assert new[action.dst] == (*old[action.dst], seat)
    elif isinstance(action, SwapCubes):
        i, o = action.slot - 1, old[action.planet]
        assert new[action.planet] == (*o[:i], o[i + 1], o[i], *o[i + 2:])
    else:
        assert new == old


def check_placement_membership(rules, state, legal, rng) -> None:
    """A random placement is accepted by `apply` exactly when it is in the legal list."""
    ids = [pid for pid, _ in board(rules, state).items()]
    guess = Place(tuple(rng.choice(ids) for _ in range(rng.randint(1, 4))))
    if guess in legal:
        rules.apply(state, guess)
    else:
        with pytest.raises(IllegalActionError):
            rules.apply(state, guess)


@settings(max_examples=40, deadline=None)
@given(overrides=variants, players=st.sampled_from((3, 4)), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play(overrides, players, seed):
    rules = rules_for(overrides)
    rng = random.Random(seed)
    state = rules.initial_state(players, rng=rng)
    total = rules.variant.cubes.total
    replenish = rules.variant.cubes.replenish
    decisions = 0
    while not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        assert len(legal) > 0
        seat = rules.current_seat(state)
        action = legal[rng.randrange(len(legal))]
        assert action in legal
        if isinstance(action, Place):
            check_placement_membership(rules, state, legal, rng)
        after = rules.apply(state, action)
        check_move(rules, state, after, action, seat)
        state = after
        decisions += 1
        # Every player's cubes: hand + stock + board = 15, always.
        on_board = Counter(s for owners in board(rules, state).values() for s in owners)
        stats = [s.stats for s in rules.result(state).seats]
        assert [st["cubes_in_hand"] + st["cubes_in_stock"] + on_board[i]
                for i, st in enumerate(stats)] == [total] * players
    # The game ends: each own turn draws `replenish` from a stock of 12, so a stock is empty
    # after at most ceil(12 / replenish) rounds.
    result = rules.result(state)
    assert result.rounds <= math.ceil((total - rules.variant.cubes.start_in_hand) / replenish)
    assert decisions <= result.rounds * players * 3
    score = rules.score(state)
    assert (score.planets, score.color) == reference_score(rules, board(rules, state), players)
    for seat in result.seats:
        assert seat.total == sum(seat.components.values())
        parts = seat.components
        assert seat.total == parts["planets"] + parts["color"] + parts["skill"]
    ranks = sorted(s.rank for s in result.seats)
    assert ranks[0] == 1 and math.isclose(sum(s.win_share for s in result.seats), 1.0)
