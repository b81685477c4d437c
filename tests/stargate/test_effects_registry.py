"""Every crew effect of the schema has exactly one handler (effects.HANDLERS), of a kind the
turn can resolve: an effect added to the schema without a handler fails here, not in play."""

from __future__ import annotations

import typing

import pytest

from playtest.errors import PlaytestError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.effects import HANDLERS, EffectHandler, handles, overrides
from tests.conftest import DRAFT5


def schema_effect_classes() -> tuple[type, ...]:
    union = typing.get_args(sc.Effect)[0]  # Annotated[A | B | ..., Field(discriminator=...)]
    return typing.get_args(union)


def test_the_schema_lists_the_effects() -> None:
    assert {sc.GainVP, sc.GainCubes, sc.MoveTailCube, sc.SwapAdjacent} <= set(schema_effect_classes())


@pytest.mark.parametrize("effect_class", schema_effect_classes(), ids=lambda c: c.__name__)
def test_every_schema_effect_has_a_handler_that_can_resolve_it(effect_class: type) -> None:
    handler = HANDLERS.get(effect_class)
    assert handler is not None, f"{effect_class.__name__} has no handler: add one in effects.py (@handles)"
    assert overrides(handler, "words"), (f"{effect_class.__name__}'s handler has no words: say what the effect does "
                                         "for `playtest play` (EffectHandler.words)")
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
    """A handler registered for a class that is not in schema.Effect: the class was written but
    not added to the union, so no YAML can use it."""
    unknown = sorted(c.__name__ for c in set(HANDLERS) - set(schema_effect_classes()))
    assert not unknown, (f"handler registered for {', '.join(unknown)}, which schema.Effect does not list: add "
                         "the class to the Effect union in schema.py")


def test_an_effect_gets_one_handler_only() -> None:
    with pytest.raises(TypeError, match="already has a handler"):
        handles(sc.GainVP)(type("Again", (EffectHandler,), {}))


def test_a_turn_end_effect_declares_no_timing() -> None:
    """`timing` is read only for steps of the turn: on any other effect it would be accepted
    from YAML and silently ignored."""
    for effect_class in schema_effect_classes():
        handler = HANDLERS.get(effect_class)  # (one without a handler fails the test above)
        if handler is not None and not handler.step:
            assert "timing" not in effect_class.model_fields, f"{effect_class.__name__} is not a step"


def test_validate_names_an_effect_without_a_handler_at_its_key(monkeypatch, tmp_path) -> None:
    from playtest.errors import VariantError
    from playtest.games.stargate.effects import handler_of
    from playtest.variants import load_variant

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\ncrews:\n  - id: armstrong\n    time: 4\n    skill:\n"
                    "      - {effect: vp_per_full_planet, amount: 1}\n")
    load_variant(path)  # with its handler: fine
    monkeypatch.delitem(HANDLERS, sc.VPPerFullPlanet)
    with pytest.raises(VariantError, match=r"v\.yaml:6:18: crews\.armstrong\.skill\.0\.effect: effect 'vp_per_full_planet' "
                                           r"has no handler: add one in playtest/games/stargate/effects\.py"):
        load_variant(path)
    with pytest.raises(PlaytestError, match="the crew effect VPPerFullPlanet has no handler"):
        handler_of(sc.VPPerFullPlanet(effect="vp_per_full_planet"))


def _words(self, effect):
    return "gain VP per full planet"


@pytest.mark.parametrize(("methods", "lacks"), [
    ({"words": _words}, "no `resolve` (an automatic step) and no `action` (a step that needs a choice)"),
    ({"words": _words, "action": sc.MoveTailCube, "targets": lambda *a: [], "notation": "x"},
     "an `action` but no `choose` (a step that needs a choice)"),
    ({"words": _words, "step": False}, "`step = False` but no `placement`, `turn_vp` or `round_end`: it would do nothing"),
    ({"resolve": lambda *a: None}, "no `words` (what `playtest play` says the effect does)"),
], ids=["no-resolve", "choice-without-choose", "acts-nowhere", "no-words"])
def test_validate_names_a_handler_that_lacks_a_piece_at_the_effect_s_key(monkeypatch, tmp_path, methods, lacks) -> None:
    """A handler half written (its `resolve` not yet there, or misspelt) passed `validate` and
    stopped the first game of `simulate` with 'internal error: NotImplementedError'."""
    from playtest.errors import VariantError
    from playtest.variants import load_variant

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\ncrews:\n  - id: armstrong\n    time: 4\n    skill:\n"
                    "      - {effect: vp_per_full_planet, amount: 1}\n")
    monkeypatch.setitem(HANDLERS, sc.VPPerFullPlanet, type("Half", (EffectHandler,), methods)())
    with pytest.raises(VariantError) as err:
        load_variant(path)
    assert str(err.value) == (f"{path}:6:18: crews.armstrong.skill.0.effect: effect 'vp_per_full_planet': its handler "
                              f"in playtest/games/stargate/effects.py has {lacks} (EffectHandler; docs/extending.md, "
                              "'Adding a crew effect')")


def test_validate_names_a_handler_method_the_rules_cannot_call_at_the_effect_s_key(tmp_path, monkeypatch) -> None:
    """A `resolve` that left out `rules` passed `validate`, and the first game of `simulate`
    stopped with 'internal error: TypeError: ... takes 3 positional arguments but 4 were given'."""
    from playtest.errors import VariantError
    from playtest.games.stargate.effects import CREW_EFFECTS
    from playtest.variants import load_variant

    def resolve(self, state, effect):  # `rules` left out
        return None

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\ncrews:\n  - id: armstrong\n    time: 4\n    skill:\n"
                    "      - {effect: vp_per_full_planet, amount: 1}\n")
    half = type("Misshapen", (EffectHandler,), {"words": _words, "resolve": resolve})()
    monkeypatch.setitem(HANDLERS, sc.VPPerFullPlanet, half)
    with pytest.raises(VariantError) as err:
        load_variant(path)
    assert str(err.value) == (f"{path}:6:18: crews.armstrong.skill.0.effect: effect 'vp_per_full_planet': its handler "
                              "in playtest/games/stargate/effects.py has `resolve(self, state, effect)`, but the rules "
                              "call `resolve(self, rules, state, effect)` (EffectHandler; docs/extending.md, "
                              "'Adding a crew effect')")
    assert all(CREW_EFFECTS.misshapen(h) is None for h in HANDLERS.values() if h is not half)  # the real ones fit


@pytest.mark.parametrize("effect_class", schema_effect_classes(), ids=lambda c: c.__name__)
def test_every_schema_effect_says_whether_it_gives_vp_and_cubes(effect_class: type) -> None:
    """The reports, score_floors and notes() read each class's own declarations (SkillEffect;
    docs/extending.md, "Adding a crew effect"): an effect that declares nothing is assumed to give
    both, so its crew showed a cubes-gained row of 0.00 in every report and the variant lost its
    skill and total score floors, with no message. Read from the class itself, not inherited: a
    subclass of another effect would otherwise say what its parent does, unchecked."""
    name = effect_class.__name__
    assert issubclass(effect_class, sc.SkillEffect), f"{name}: derive it from schema.SkillEffect, not Strict"
    own = vars(effect_class)
    for trait, what in (("gives_vp", "gives skill VP, `amount` per something"), ("gains_cubes", "gains cubes"),
                        ("develops", "puts cubes into extension slots")):
        assert trait not in effect_class.model_fields, (
            f"{name}: `{trait}` is a field, a key a variant could write: declare it without an annotation")
        assert isinstance(own.get(trait), bool), (
            f"{name}: declare `{trait} = True` ({what}) or `{trait} = False` in the class, next to its fields")
    if effect_class.gives_vp:
        assert "amount" in effect_class.model_fields, f"{name}: gives_vp effects are scored by their `amount` (score_floors)"


def test_the_declarations_are_class_variables_not_keys_a_variant_writes() -> None:
    """gives_vp and gains_cubes are ClassVars, not fields: a variant that writes one is refused
    like any unknown key."""
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="gives_vp\n  Extra inputs are not permitted"):
        sc.Crew.model_validate({"id": "a", "time": 1, "skill": [{"effect": "gain_vp", "amount": 1, "gives_vp": False}]})


def test_every_schema_effect_is_documented_in_variants_md() -> None:
    """docs/extending.md's last step: the effect's keys in docs/variants.md. A designer writes
    variants from that page; an effect missing there was found only by reading schema.py."""
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "variants.md").read_text()
    keys = [typing.get_args(c.model_fields["effect"].annotation)[0] for c in schema_effect_classes()]
    missing = [k for k in keys if f"| `{k}` |" not in doc]
    assert not missing, f"document these crew effects in docs/variants.md (a '| `key` | parameters | ...' row): {missing}"


def test_validate_names_a_step_effect_without_a_timing_at_its_key(monkeypatch, tmp_path) -> None:
    """A new automatic effect whose class lacks `timing` passed validate and stopped the first
    game with 'internal error: AttributeError: ... has no attribute timing ... please report it'.
    Stood in for by accumulate_time (no timing field) with its handler made a step."""
    from playtest.errors import VariantError
    from playtest.variants import load_variant

    path = tmp_path / "v.yaml"
    path.write_text("extends: " + str(DRAFT5) + "\ncrews:\n  - id: bays\n    skill:\n"
                    "      - {effect: accumulate_time, amount: 1}\n")
    load_variant(path)  # a property of the crew card: no timing needed
    monkeypatch.setattr(type(HANDLERS[sc.AccumulateTime]), "step", True)
    with pytest.raises(VariantError, match=r"v\.yaml:5:18: crews\.bays\.skill\.0\.effect: effect 'accumulate_time' is a "
                                           r"step of the turn \(its handler's `step`\), but AccumulateTime has no `timing` "
                                           r"field: add `timing: Timing = Timing\.AFTER` to it"):
        load_variant(path)


def test_scoring_imports_without_the_crew_effects() -> None:
    """docs/extending.md tells a crew effect's handler to import majority_leader from scoring.py
    in effects.py. That works only while scoring.py never imports effects.py, directly or through
    the modules it imports (planet_effects.py once did, for `cubes_words`): such a handler failed
    to load the game, 'cannot import name ... from partially initialized module'."""
    import ast

    from tests.conftest import ROOT

    folder, package = ROOT / "playtest" / "games" / "stargate", "playtest.games.stargate"

    def imports(module: str) -> set[str]:  # the package's modules a module imports when loaded
        tree = ast.parse((folder / f"{module}.py").read_text())
        names = set()
        for node in tree.body:  # top level only: an import inside a function runs later
            if isinstance(node, ast.ImportFrom) and node.module == package:
                names |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
                names.add(node.module.removeprefix(package + ".").split(".")[0])
        return {n for n in names if (folder / f"{n}.py").exists()}

    seen, todo = set(), ["scoring"]
    while todo:
        module = todo.pop()
        for name in imports(module) - seen:
            seen.add(name)
            todo.append(name)
    assert "effects" not in seen, f"scoring.py imports effects.py through {sorted(seen)}"


def test_a_handler_method_written_as_a_staticmethod_that_the_rules_can_call_passes(tmp_path) -> None:
    """A `words` that needs no `self`, written as a staticmethod, is called as `handler.words(effect)`
    as well as any: validate refused it ('has `words(effect)`, but the rules call `words(self, effect)`')."""
    from playtest.games.stargate.effects import CREW_EFFECTS, VPPerFullPlanet
    from playtest.games.stargate.planet_effects import PLANET_EFFECTS, PlanetVP

    crew = type("Static", (VPPerFullPlanet,), {"words": staticmethod(lambda effect: "3 VP a full planet")})()
    planet = type("Static", (PlanetVP,), {"changes_vp": classmethod(lambda cls, effect: True)})()
    assert (CREW_EFFECTS.misshapen(crew), PLANET_EFFECTS.misshapen(planet)) == (None, None)
    wrong = type("Static", (VPPerFullPlanet,), {"resolve": staticmethod(lambda state, effect: None)})()
    assert CREW_EFFECTS.misshapen(wrong) == ("`resolve(state, effect)`, but the rules call "
                                             "`resolve(self, rules, state, effect)`")
