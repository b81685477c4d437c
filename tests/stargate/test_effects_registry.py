"""Every crew effect of the schema has exactly one handler (effects.HANDLERS), of a kind the
turn can resolve: an effect added to the schema without a handler fails here, not in play."""

from __future__ import annotations

import typing

import pytest

from playtest.games.stargate import schema as sc
from playtest.games.stargate.effects import HANDLERS, EffectHandler, handles, overrides


def schema_effect_classes() -> tuple[type, ...]:
    union = typing.get_args(sc.Effect)[0]  # Annotated[A | B | ..., Field(discriminator=...)]
    return typing.get_args(union)


def test_the_schema_lists_the_effects() -> None:
    assert {sc.GainVP, sc.GainCubes, sc.MoveTailCube, sc.SwapAdjacent} <= set(schema_effect_classes())


@pytest.mark.parametrize("effect_class", schema_effect_classes(), ids=lambda c: c.__name__)
def test_every_schema_effect_has_a_handler_that_can_resolve_it(effect_class: type) -> None:
    handler = HANDLERS.get(effect_class)
    assert handler is not None, f"{effect_class.__name__} has no handler: add one in effects.py (@handles)"
    if handler.step:
        assert "timing" in effect_class.model_fields, f"{effect_class.__name__} is a step but has no timing"
        if handler.action is None:
            assert overrides(handler, "resolve"), f"{effect_class.__name__}: an automatic step needs resolve"
        else:
            assert overrides(handler, "targets") and overrides(handler, "choose") and handler.notation
    else:
        acts = (handler.placement is not None, overrides(handler, "turn_vp"), overrides(handler, "round_end"))
        assert any(acts), f"{effect_class.__name__}: a handler that is not a step must act somewhere"


def test_no_handler_for_an_effect_the_schema_does_not_know() -> None:
    assert set(HANDLERS) == set(schema_effect_classes())


def test_an_effect_gets_one_handler_only() -> None:
    with pytest.raises(TypeError, match="already has a handler"):
        handles(sc.GainVP)(type("Again", (EffectHandler,), {}))
