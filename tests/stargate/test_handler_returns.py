"""A handler's method that writes what its effect does (`resolve`, `choose`, a planet effect's
`last_cube` and `final`) must return nothing, and one that answers VP or time (`turn_vp`,
`round_end`) a whole number. A `resolve` that returned its VP instead of writing them was
ignored: the effect paid 0 VP in every game of `simulate`, with no message."""

from __future__ import annotations

import pytest

from playtest.errors import ProtocolError
from playtest.games.stargate import effects, planet_effects
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import Place, TakeCrew
from tests.stargate_drafts.helpers import rules_with, setup, with_board

CIRCLE = ["red1", "blue1", "yellow1", "green1", "red2"]


def test_a_resolve_that_returns_its_vp_is_named(monkeypatch) -> None:
    class Returns(effects.VPPerFullPlanet):
        def resolve(self, rules, state, effect):
            return effect.amount * 2  # the VP, returned instead of written

    monkeypatch.setitem(effects.HANDLERS, sc.VPPerFullPlanet, Returns())
    rules = rules_with(crews={"armstrong": {"skill": [{"effect": "vp_per_full_planet", "amount": 3,
                                                       "timing": "before"}]}})
    with pytest.raises(ProtocolError) as err:
        rules.apply(setup(rules, CIRCLE), TakeCrew("armstrong"))
    assert str(err.value) == ("the crew effect handler Returns in playtest/games/stargate/effects.py: its `resolve` "
                              "returned 6 (an int), not None: it writes what the effect does (`write(state, "
                              "field=value, ...)`) and returns nothing (docs/extending.md)")


def test_a_turn_vp_that_returns_no_number_is_named(monkeypatch) -> None:
    class Forgets(effects.ColorVP):
        def turn_vp(self, rules, state, effect, placed, pending):
            self.paid = effect.amount  # no `return`

    monkeypatch.setitem(effects.HANDLERS, sc.ColorVP, Forgets())
    rules = rules_with(crews={"armstrong": {"skill": [{"effect": "color_vp", "colors": ["red"]}]}})
    state = rules.apply(setup(rules, CIRCLE), TakeCrew("armstrong"))
    with pytest.raises(ProtocolError, match=r"handler Forgets in playtest/games/stargate/effects\.py: its `turn_vp` "
                                            r"returned None, not a whole number"):
        rules.apply(state, Place(("red1",)))


def test_a_final_planet_effect_that_returns_its_vp_is_named(monkeypatch) -> None:
    class Returns(planet_effects.PlanetVP):
        def final(self, effect, order, counts, majority_vp, extra):
            return {order[0]: effect.amount}

    monkeypatch.setitem(planet_effects.HANDLERS, sc.PlanetVP, Returns())
    rules = rules_with(planets={"red1": {"effects": [{"effect": "vp", "trigger": "final", "amount": 3}]}})
    state = with_board(setup(rules, CIRCLE), {0: [1, 1]})
    with pytest.raises(ProtocolError, match=r"planet effect handler Returns in playtest/games/stargate/planet_effects\.py: "
                                            r"its `final` returned \{1: 3\} \(a dict\), not None"):
        rules.totals(state)


def test_a_turn_vp_counted_with_numpy_is_a_whole_number(monkeypatch) -> None:
    """A numpy integer is a whole number: it was refused as 'returned 2 (an int64), not a whole number'."""
    import numpy as np

    class Counts(effects.ColorVP):
        def turn_vp(self, rules, state, effect, placed, pending):
            return np.int64(super().turn_vp(rules, state, effect, placed, pending))

    rules = rules_with(crews={"armstrong": {"skill": [{"effect": "color_vp", "colors": ["red"]}]}})
    state = rules.apply(setup(rules, CIRCLE), TakeCrew("armstrong"))
    paid = rules.apply(state, Place(("red1",)))
    monkeypatch.setitem(effects.HANDLERS, sc.ColorVP, Counts())
    counted = rules.apply(state, Place(("red1",)))
    assert rules.totals(counted) == rules.totals(paid) != rules.totals(state)  # (the red cube's VP, paid)
    assert type(rules.turn_gains(state, [0], 0).skill_vp) is int
