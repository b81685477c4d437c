"""Every planet effect of the schema has exactly one handler (planet_effects.HANDLERS) that acts at
each trigger its class allows and answers the questions the score floors, the reports and
`playtest play` ask: an effect added to the schema without one fails here, naming the class and
the file to edit, not with an AttributeError in the first game that deals its planet."""

from __future__ import annotations

import typing

import pytest

from playtest.errors import PlaytestError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.planet_effects import (
    HANDLERS,
    PLANET_EFFECTS,
    TRIGGER_METHODS,
    PlanetEffectHandler,
    handler_of,
    handles,
)
from tests.conftest import DRAFT5

WHERE = "playtest/games/stargate/planet_effects.py"


def schema_planet_effect_classes() -> tuple[type, ...]:
    union = typing.get_args(sc.PlanetEffect)[0]  # Annotated[A | B | ..., Field(discriminator=...)]
    return typing.get_args(union)


def triggers_of(effect_class: type) -> tuple[sc.PlanetTrigger, ...]:
    """The triggers a variant may give this class: a `Literal[...]` of some, or all of them."""
    annotation = effect_class.model_fields["trigger"].annotation
    return typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else tuple(annotation)


def missing(effect_class: type, handler: PlanetEffectHandler) -> list[str]:
    """The methods `handler` must override for `effect_class` and does not."""
    needed = [m for trigger in triggers_of(effect_class) for m in TRIGGER_METHODS[trigger]]
    return [m for m in (*needed, "gains_only", "changes_vp") if not PLANET_EFFECTS.overrides(handler, m)]


def test_the_schema_lists_the_planet_effects() -> None:
    assert {sc.PlanetVP, sc.MajorityMultiplier, sc.ConvertCubes} <= set(schema_planet_effect_classes())
    assert triggers_of(sc.PlanetVP) == (sc.PlanetTrigger.LAST_CUBE, sc.PlanetTrigger.FINAL)
    assert triggers_of(sc.ConvertCubes) == (sc.PlanetTrigger.LAST_CUBE,)


@pytest.mark.parametrize("effect_class", schema_planet_effect_classes(), ids=lambda c: c.__name__)
def test_every_schema_planet_effect_has_a_handler_for_each_of_its_triggers(effect_class: type) -> None:
    name = effect_class.__name__
    assert "trigger" in effect_class.model_fields, f"{name}: a planet effect needs a `trigger` field (schema.PlanetTrigger)"
    handler = HANDLERS.get(effect_class)
    assert handler is not None, f"{name} has no handler: add one in {WHERE} (@handles; docs/extending.md)"
    lacks = missing(effect_class, handler)
    assert not lacks, f"{name}'s handler in {WHERE} lacks {', '.join(lacks)} (PlanetEffectHandler says what each does)"


def test_a_handler_without_a_triggers_methods_is_caught() -> None:
    """The check above, on a handler that forgot its final-scoring half and its floors."""

    class Half(PlanetEffectHandler):
        def last_cube(self, *args: object) -> None: ...
        def last_cube_words(self, effect: object) -> str: return ""
        def changes_vp(self, effect: object) -> bool: return True

    assert missing(sc.PlanetVP, Half()) == ["final", "final_words", "gains_only"]
    assert missing(sc.ConvertCubes, Half()) == ["gains_only"]


def test_no_handler_for_a_planet_effect_the_schema_does_not_know() -> None:
    """A handler registered for a class that is not in schema.PlanetEffect: the class was written
    but not added to the union, so no YAML can use it."""
    unknown = sorted(c.__name__ for c in set(HANDLERS) - set(schema_planet_effect_classes()))
    assert not unknown, (f"handler registered for {', '.join(unknown)}, which schema.PlanetEffect does not list: add "
                         "the class to the PlanetEffect union in schema.py")


def test_a_planet_effect_gets_one_handler_only() -> None:
    with pytest.raises(TypeError, match="already has a handler"):
        handles(sc.PlanetVP)(type("Again", (PlanetEffectHandler,), {}))


def test_validate_names_a_planet_effect_without_a_handler_at_its_key(monkeypatch, tmp_path) -> None:
    from playtest.errors import VariantError
    from playtest.variants import load_variant

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\nplanets:\n  - id: red1\n    effects:\n"
                    "      - {effect: majority_multiplier, factor: 2}\n")
    load_variant(path)  # with its handler: fine
    monkeypatch.delitem(HANDLERS, sc.MajorityMultiplier)
    with pytest.raises(VariantError, match=r"v\.yaml:5:18: planets\.red1\.effects\.0\.effect: effect 'majority_multiplier' "
                                           r"has no handler: add one in playtest/games/stargate/planet_effects\.py"):
        load_variant(path)
    with pytest.raises(PlaytestError, match="the planet effect MajorityMultiplier has no handler: add one in "
                                            "playtest/games/stargate/planet_effects.py"):
        handler_of(sc.MajorityMultiplier(effect="majority_multiplier", factor=2))


def test_validate_names_a_handler_that_lacks_its_trigger_s_methods_at_the_effect_s_key(monkeypatch, tmp_path) -> None:
    """A handler without its `final` (not yet written, or misspelt) passed `validate` and stopped
    the first game of `simulate` with 'internal error: NotImplementedError'. Only the methods of
    the trigger the variant writes are asked for."""
    from playtest.errors import VariantError
    from playtest.games.stargate.planet_effects import PlanetVP
    from playtest.variants import load_variant

    path = tmp_path / "v.yaml"
    effect = "      - {{effect: vp, trigger: {}, amount: 3}}\n"
    text = "extends: " + str(DRAFT5) + "\nplanets:\n  - id: red1\n    effects:\n"
    monkeypatch.setitem(HANDLERS, sc.PlanetVP, type("Half", (PlanetVP,), {"final": PlanetEffectHandler.final})())
    path.write_text(text + effect.format("last_cube"))
    load_variant(path)  # its last_cube half is there
    path.write_text(text + effect.format("final"))
    with pytest.raises(VariantError) as err:
        load_variant(path)
    assert str(err.value) == (f"{path}:5:18: planets.red1.effects.0.effect: effect 'vp' (trigger final): its handler in "
                              "playtest/games/stargate/planet_effects.py lacks final (PlanetEffectHandler; "
                              "docs/extending.md, 'A new planet effect')")


def test_validate_names_a_handler_method_the_rules_cannot_call_at_the_effect_s_key(monkeypatch, tmp_path) -> None:
    """A `final` without `majority_vp` passed `validate` and stopped the first game that dealt the
    planet with an internal TypeError."""
    from playtest.errors import VariantError
    from playtest.games.stargate.planet_effects import PlanetVP
    from playtest.variants import load_variant

    def final(self, effect, order, counts, extra):  # `majority_vp` left out
        return None

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\nplanets:\n  - id: red1\n    effects:\n"
                    "      - {effect: vp, trigger: final, amount: 3}\n")
    load_variant(path)
    monkeypatch.setitem(HANDLERS, sc.PlanetVP, type("Misshapen", (PlanetVP,), {"final": final})())
    with pytest.raises(VariantError) as err:
        load_variant(path)
    assert str(err.value) == (f"{path}:5:18: planets.red1.effects.0.effect: effect 'vp': its handler in "
                              "playtest/games/stargate/planet_effects.py has `final(self, effect, order, counts, extra)`, "
                              "but the rules call `final(self, effect, order, counts, majority_vp, extra)` "
                              "(PlanetEffectHandler; docs/extending.md, 'A new planet effect')")


def test_every_schema_planet_effect_is_documented_in_variants_md() -> None:
    """docs/extending.md's last step for a planet effect, as for a crew effect: its keys in
    docs/variants.md, where a designer reads what a planet can do."""
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "variants.md").read_text()
    keys = [typing.get_args(c.model_fields["effect"].annotation)[0] for c in schema_planet_effect_classes()]
    missing = [k for k in keys if f"| `{k}` |" not in doc]
    assert not missing, f"document these planet effects in docs/variants.md (a '| `key` | parameters | ...' row): {missing}"
