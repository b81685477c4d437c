"""What a new crew effect gets without naming it anywhere but its schema class and handler
(docs/extending.md, "Adding a crew effect"): its `colors` are checked like color_vp's,
declaring that it gives no VP does not also declare that it gains no cubes, what it declares
(SkillEffect) sets the skill score floor and `playtest play`'s cube note, one that shapes the
placement is refused twice on one crew, and the extension-slot rows are kept for it where there
are extension slots.

The effects here are test-only classes, never in the schema's union: they stand for the
effect a developer adds."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from playtest.games.stargate import metrics
from playtest.games.stargate import schema as sc
from playtest.games.stargate.effects import HANDLERS
from playtest.variants import load_variant
from tests.conftest import DRAFT5


class CubesPerColor(sc.SkillEffect):
    """A new effect: cubes from stock per cube placed on a planet of `colors`."""

    gives_vp = False
    gains_cubes = True
    develops = False

    effect: Literal["cubes_per_color"]
    colors: tuple[str, ...] = Field(min_length=1)
    amount: int = 1
    timing: sc.Timing = sc.Timing.AFTER


def _with_bays_skill(effect: object) -> sc.StargateVariant:
    variant = load_variant(DRAFT5).model
    assert isinstance(variant, sc.StargateVariant)
    crews = tuple(c.model_copy(update={"skill": (effect,)}) if c.id == "bays" else c for c in variant.crews)
    return variant.model_copy(update={"crews": crews})


def test_a_new_effects_colors_are_checked(monkeypatch) -> None:
    """Before, only color_vp's colors were checked: a new effect's unknown color validated and
    the first game stopped with `internal error: KeyError: 'purple'`."""
    monkeypatch.setitem(HANDLERS, CubesPerColor, HANDLERS[sc.GainCubes])
    variant = _with_bays_skill(CubesPerColor(effect="cubes_per_color", colors=("red", "purple")))
    bays = next(i for i, c in enumerate(variant.crews) if c.id == "bays")
    assert ((("crews", bays, "skill", 0, "colors"), "unknown color 'purple' (known: blue, green, red, yellow)")
            in variant.issues())


def test_an_effect_declared_to_give_no_vp_keeps_its_cube_rows() -> None:
    """A new effect that gains cubes and gives no VP declares `gives_vp = False` (so its crew's
    skill-VP row, always 0, is named switched off) and `gains_cubes = True`. Before, when these
    were lists, NO_CUBE_SKILLS was derived from NO_VP_SKILLS, so the same edit also hid the crew's
    cubes-gained row, the one the effect exists to move. Read from the class: the effect is in no
    list and not in the schema's union."""
    off = metrics.switched_off(_with_bays_skill(CubesPerColor(effect="cubes_per_color", colors=("red",))))
    rows = {row for o in off for row in o.rows}
    assert ("crew_vp_per_pick", "bays") in rows
    assert ("crew_cubes_gained_per_pick", "bays") not in rows
    assert ("crew_cubes_gained_per_pick", "*") not in rows


class Scatter(sc.SkillEffect):
    """A new effect that shapes the placement (its handler sets `placement`)."""

    gives_vp = False
    gains_cubes = False

    effect: Literal["scatter"]


MODE = "(a crew has one placement mode: the second would override the first in silence): give it once"
COUNTER = "(a crew has one accumulated-time counter): give it once"


def test_an_effect_that_shapes_the_placement_is_refused_twice_on_one_crew(monkeypatch) -> None:
    """A crew has one placement mode: with two placement effects the last would win in silence.
    Which effects shape the placement is read from their handlers (`placement`), so a new one
    is refused twice with no list to add it to, as free_order and repeat_planet are; an effect
    whose handler does not shape the placement may be given twice. The message names the effect
    by its key, as the file writes it (free_order), not by its class (FreeOrder)."""
    monkeypatch.setitem(HANDLERS, Scatter, HANDLERS[sc.RepeatPlanet])
    monkeypatch.setitem(HANDLERS, CubesPerColor, HANDLERS[sc.GainCubes])
    scatter = Scatter(effect="scatter")
    variant = _with_bays_skill(scatter)
    bays = next(i for i, c in enumerate(variant.crews) if c.id == "bays")

    def twice(*effects: object) -> list[str]:
        skill = tuple(e for e in effects for _ in range(2))
        crews = tuple(c.model_copy(update={"skill": skill}) if c.id == "bays" else c for c in variant.crews)
        return [m for where, m in variant.model_copy(update={"crews": crews}).issues() if where == ("crews", bays, "skill")]

    assert twice(scatter) == [f"scatter given twice {MODE}"]
    assert not [m for where, m in variant.issues() if where == ("crews", bays, "skill")]  # once: fine
    assert twice(sc.FreeOrder(effect="free_order")) == [f"free_order given twice {MODE}"]
    assert twice(sc.RepeatPlanet(effect="repeat_planet")) == [f"repeat_planet given twice {MODE}"]
    assert twice(sc.AccumulateTime(effect="accumulate_time")) == [f"accumulate_time given twice {COUNTER}"]
    assert twice(CubesPerColor(effect="cubes_per_color", colors=("red",))) == []
    # in the skill's order (not a set's, which follows the classes' ids)
    assert twice(sc.FreeOrder(effect="free_order"), sc.AccumulateTime(effect="accumulate_time")) == [
        f"free_order given twice {MODE}", f"accumulate_time given twice {COUNTER}"]


def _named_effects(why: str, before: str, after: str) -> list[str]:
    """The effect keys of a reason 'BEFORE a, b or c AFTER', in order (one ' or ', before the last)."""
    assert why.startswith(before) and why.endswith(after), why
    names = why[len(before):len(why) - len(after)]
    head, _, last = names.rpartition(" or ")
    assert " or " not in head, why
    return [*filter(None, head.split(", ")), last]


def test_the_switched_off_reasons_name_the_effects_that_would_measure_them() -> None:
    """The reasons list every schema effect that could give the VP (or the cubes). Checked by
    name, not as a fixed sentence: a new effect joins the list (docs/extending.md's exercise
    broke the fixed one with nothing wrong)."""
    variant = load_variant(DRAFT5).model
    whys = {o.what: o.why for o in metrics.switched_off(variant)}
    vp = _named_effects(whys["skill VP of orlins, audrin, rahel, anderson, bays"], "their skills have no ", " effect")
    assert vp[:3] == ["gain_vp", "color_vp", "vp_per_full_planet"]
    assert not {"gain_cubes", "free_order", "develop_crew"} & set(vp)
    cubes = _named_effects(whys["cubes gained by the skill of armstrong, orlins, audrin, rahel, anderson"],
                           "no ", " effect in their skills")
    assert cubes[0] == "gain_cubes" and not {"gain_vp", "vp_per_full_planet"} & set(cubes)


class DevelopAnywhere(sc.SkillEffect):
    """A new effect: put a cube from hand into any empty extension slot (it declares nothing: it
    may give VP and gain cubes, as far as the reports know)."""

    effect: Literal["develop_anywhere"]
    timing: sc.Timing = sc.Timing.AFTER


def test_a_new_effect_keeps_the_extension_rows_where_there_are_slots() -> None:
    """The report declared the `extensions` part switched off unless a crew had develop_planet or
    develop_crew: a new effect that fills extension slots had its VP (360 in 40 greedy games of
    draft 5 with such an Anderson) left out of every report as 'no crew has a develop_planet or
    develop_crew skill'. Unknown effects are now assumed to develop where slots exist."""
    variant = _with_bays_skill(DevelopAnywhere(effect="develop_anywhere"))
    crews = tuple(c.model_copy(update={"extension_vp": (3, 3)}) if c.id == "bays" else c for c in variant.crews)
    with_slots = variant.model_copy(update={"crews": crews})
    assert "extension slots" not in {o.what for o in metrics.switched_off(with_slots)}
    # Without any extension slot the part can only be 0, whatever the effect does: still off.
    whys = {o.what: o.why for o in metrics.switched_off(variant)}
    assert whys["extension slots"] == "no planet or crew card has extension slots (extension_vp)"
    # The built-in effects keep their reason (draft 5: no develop skill).
    draft5 = {o.what: o.why for o in metrics.switched_off(load_variant(DRAFT5).model)}
    assert draft5["extension slots"] == "no crew has a develop_planet or develop_crew skill"
    # One that declares `develops = False` (SkillEffect) leaves the part off where slots exist.
    never = _with_bays_skill(CubesPerColor(effect="cubes_per_color", colors=("red",)))
    never = never.model_copy(update={"crews": tuple(c.model_copy(update={"extension_vp": (3, 3)})
                                                    if c.id == "bays" else c for c in never.crews)})
    assert {o.what: o.why for o in metrics.switched_off(never)}["extension slots"] == (
        "no crew has a develop_planet or develop_crew skill")


def test_the_skill_score_floor_reads_what_a_new_effect_declares() -> None:
    """The skill part (and the total) is floored at 0 only while every crew effect declares
    whether it gives VP: one that says it never does keeps the floor with no list to add it to;
    one that declares nothing may give any VP, negative too, so the floor goes."""
    from playtest.games.stargate.scoring import score_floors

    assert score_floors(_with_bays_skill(CubesPerColor(effect="cubes_per_color", colors=("red",))))["skill"] == 0
    undeclared = score_floors(_with_bays_skill(DevelopAnywhere(effect="develop_anywhere")))
    assert "skill" not in undeclared and "total" not in undeclared


def test_play_names_a_crew_whose_effect_declares_it_gains_cubes(monkeypatch) -> None:
    """`playtest play`'s round-end note lists every crew whose skill may take cubes from the
    stock, read from the effect's class (`gains_cubes`), not gain_cubes by name. Stood in for by
    vp_per_full_planet, declared to gain cubes."""
    from playtest.games.stargate.play import _from_stock
    from tests.stargate.helpers import make_rules

    armstrong = "crews.armstrong.skill=[{effect: vp_per_full_planet, amount: 1}]"
    assert "by the skill of bays," in _from_stock(make_rules(armstrong, path=DRAFT5))
    monkeypatch.setattr(sc.VPPerFullPlanet, "gains_cubes", True)
    assert "by the skill of armstrong, bays," in _from_stock(make_rules(armstrong, path=DRAFT5))
