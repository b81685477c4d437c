"""Crews dealt at random (`crews_dealt`, a pool bigger than a hand): the deal is seeded, a variant
without the key deals as before, and a crew not dealt plays no part in the game."""

from __future__ import annotations

import random

import pytest

from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import TakeCrew
from playtest.games.stargate.rules import Phase, StargateRules, State
from tests.stargate.helpers import DRAFT5, ROOT, make_rules

NEW_CREWS = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"


def _ids(rules: StargateRules, crews: tuple[int, ...]) -> list[str]:
    return [rules.crew_ids[c] for c in crews]


def _play_rounds(rules: StargateRules, state: State, rounds: int, *, avoid: str = "") -> State:
    """Play whole rounds with the first legal action of each decision (a crew other than `avoid`
    where there is one)."""
    target = state.round + rounds
    while state.round < target and not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        pick = next((a for a in legal if not (isinstance(a, TakeCrew) and a.crew == avoid)), legal[0])
        state = rules.apply(state, pick)
    return state


def test_the_deal_is_seeded_and_keeps_the_variant_s_order() -> None:
    rules = make_rules("crews_dealt.4=4", path=DRAFT5)
    deals = [rules.initial_state(4, rng=random.Random(seed)).crews_in_game for seed in range(30)]
    assert deals == [rules.initial_state(4, rng=random.Random(seed)).crews_in_game for seed in range(30)]
    assert all(len(d) == 4 and list(d) == sorted(d) for d in deals)
    assert len(set(deals)) > 5  # random: not the same four every game
    state = rules.initial_state(4, rng=random.Random(3))
    assert state.available == state.crews_in_game
    # the circle is dealt first, from the same stream: the same circle as without crews_dealt
    assert state.circle == make_rules(path=DRAFT5).initial_state(4, rng=random.Random(3)).circle


def test_a_player_count_not_named_and_a_variant_without_the_key_deal_as_before() -> None:
    """No crew is drawn (the stream is left where the circle left it) and every crew plays:
    every existing variant's games stay the same for the same seed."""
    for rules, players in ((make_rules(path=DRAFT5), 4), (make_rules("crews_dealt.4=4", path=DRAFT5), 3)):
        rng, same = random.Random(9), random.Random(9)
        state = rules.initial_state(players, rng=rng)
        circle = same.sample(range(len(rules.planet_ids)), rules.variant.planets_dealt[players])
        assert state.circle == tuple(circle)
        assert rng.random() == same.random()  # nothing else drawn
        assert state.crews_in_game == state.available == rules.all_crews


def test_only_the_dealt_crews_are_offered_and_return_at_the_round_s_end() -> None:
    rules = make_rules("crews_dealt.4=5", path=DRAFT5)
    state = rules.setup(4, [0, 3, 6, 9, 1, 4, 7], crews=[5, 0, 2, 3, 4])  # every crew but orlins (1)
    assert state.crews_in_game == (0, 2, 3, 4, 5)
    assert [a.crew for a in rules.legal_actions(state)] == _ids(rules, (0, 2, 3, 4, 5))
    with pytest.raises(IllegalActionError, match=r"crew 'orlins' is not in this game \(its crews: armstrong, "
                                                 r"audrin, rahel, anderson, bays\)"):
        rules.apply(state, TakeCrew("orlins"))
    after = _play_rounds(rules, state, 1)
    assert after.round == 2 and after.phase is Phase.CREW
    assert after.available == (0, 2, 3, 4, 5)  # not every crew of the variant


def test_crews_returning_each_turn_stay_the_dealt_ones() -> None:
    rules = make_rules("crews_return=end_of_turn", "crews_dealt.4=2", path=DRAFT5)
    state = rules.setup(4, [0, 3, 6, 9, 1, 4, 7], crews=[4, 2])
    for _ in range(3):
        state = _play_rounds(rules, state, 1)
        assert state.available == (2, 4)


def test_a_crew_not_dealt_gathers_no_time() -> None:
    """Draft 6c's Bays gains time each round nobody takes it (Puerto Rico style): only when it is
    in the game. Dealt and never taken, it gathers; not dealt, it stays at 0."""
    rules = make_rules("crews_dealt.4=6", path=NEW_CREWS)
    bays = rules.crew_index["bays"]
    others = [c for c in rules.all_crews if c != bays]
    circle = [0, 3, 6, 9, 1, 4, 7]
    without = _play_rounds(rules, rules.setup(4, circle, crews=others[:6]), 3)
    assert without.round == 4 and without.crew_bonus[bays] == 0
    with_bays = _play_rounds(rules, rules.setup(4, circle, crews=[bays, *others[:5]]), 3, avoid="bays")
    assert with_bays.round == 4 and with_bays.crew_bonus[bays] == 3
