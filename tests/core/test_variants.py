"""The variant loader: extends, id-merge, remove, --set, strict errors with file:line:col."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from playtest.errors import VariantError
from playtest.games import known_games
from playtest.variants import diff, load_variant, load_variant_text

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"
OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(exc: pytest.ExceptionInfo[VariantError]) -> list[str]:
    return [str(p) for p in exc.value.problems]


def test_a_date_is_a_rules_version_though_counts_stop_at_10_000():
    """rules_version is a label: a date such as 20261203 is one; a count of that size is refused."""
    assert load_variant(DRAFT5, ["rules_version=20261203"]).model.rules_version == 20261203
    with pytest.raises(VariantError, match=r"cubes.total: 20261203 is too large"):
        load_variant(DRAFT5, ["cubes.total=20261203"])


def test_draft5_loads_with_every_option_resolved():
    v = load_variant(DRAFT5)
    m = v.model
    assert (v.game, m.rules_version) == ("stargate", "draft5")
    assert m.planets_dealt == {3: 5, 4: 7}
    assert (m.cubes.total, m.cubes.start_in_hand, m.cubes.replenish) == (15, 3, 2)
    assert len(m.planets) == 12 and len(m.crews) == 6
    assert {c.id: c.time for c in m.crews} == {
        "armstrong": 4, "orlins": 3, "audrin": 3, "rahel": 2, "anderson": 2, "bays": 1}
    assert [p.color for p in m.planets].count("red") == 3
    assert len(v.hash) == 16 and v.changes == ()


def test_extends_deep_merges_maps_and_merges_id_lists(tmp_path):
    child = write(tmp_path, "d6.yaml", f"""
extends: {DRAFT5}
name: child
cubes: {{replenish: 0}}
crews:
  - {{id: bays, time: 2}}
  - {{id: orlins, remove: true}}
  - {{id: newbie, time: 1, skill: [{{effect: gain_vp, amount: 1}}]}}
""")
    v = load_variant(child)
    m = v.model
    assert (m.cubes.total, m.cubes.start_in_hand, m.cubes.replenish) == (15, 3, 0)
    assert [c.id for c in m.crews] == ["armstrong", "audrin", "rahel", "anderson", "bays", "newbie"]
    bays = next(c for c in m.crews if c.id == "bays")
    assert bays.time == 2 and bays.skill[0].effect == "gain_cubes"  # untouched keys kept
    changed = {c.path for c in v.changes}
    assert {"cubes.replenish", "crews.bays.time", "crews.orlins", "crews.newbie", "name"} <= changed
    assert v.parent is not None and v.parent.endswith("draft5.yaml")


def test_set_overrides_are_validated_and_recorded():
    v = load_variant(DRAFT5, ["crews.bays.time=3", "scoring.majority_tiebreak=earlier_first_cube"])
    assert next(c for c in v.model.crews if c.id == "bays").time == 3
    assert [str(c) for c in v.changes] == [
        "scoring.majority_tiebreak: later_first_cube → earlier_first_cube", "crews.bays.time: 1 → 3"]
    assert v.hash != load_variant(DRAFT5).hash


def test_set_errors_name_the_override():
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["crews.bays.time=-1"])
    assert problems(exc) == [
        "--set crews.bays.time=-1: crews.bays.time: Input should be greater than or equal to 0 (got -1)"]
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["crews.zork.time=1"])
    assert problems(exc) == ["--set crews.zork.time=1: crews.zork: no item 'zork' "
                             "(known: armstrong, orlins, audrin, rahel, anderson, bays)"]
    with pytest.raises(VariantError) as exc:  # a tag set by an override is that override's mistake
        load_variant(DRAFT5, ["crews.0.skill.0.effect=teleport"])
    assert problems(exc)[0].startswith("--set crews.0.skill.0.effect=teleport: crews.armstrong.skill.0: "
                                       "unknown effect 'teleport'; valid effects: gain_vp, gain_cubes, ")
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["novalue"])
    assert problems(exc) == ["--set novalue: expected key.path=value"]


@pytest.mark.parametrize(("override", "message"), [
    # A misspelt kind: the likely one, then every kind there is.
    ("crews.0.skill.0.effect=gain_vpp", "--set crews.0.skill.0.effect=gain_vpp: crews.armstrong.skill.0: unknown "
     "effect 'gain_vpp' (did you mean 'gain_vp'?); valid effects: gain_vp, gain_cubes, free_order, repeat_planet, "),
    # An item without its kind: pydantic said only "Unable to extract tag using discriminator 'effect'".
    ("planets.0.effects=[{amount: 2}]", "--set planets.0.effects=[{amount: 2}]: planets.red1.effects.0: required "
     "key 'effect' is missing (got {\"amount\": 2}); valid effects: vp, majority_multiplier, convert_cubes"),
])
def test_an_unknown_or_missing_kind_lists_the_kinds(override, message):
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, [override])
    assert problems(exc)[0].startswith(message)


@pytest.mark.parametrize(("item", "expected"), [
    # Keys of another effect under this one: the effect's name is the mistake, one line at it.
    ("{effect: gain_cubes, colors: [red], count: placed}",
     ["crews.bays.skill.0.effect: effect 'gain_cubes' takes none of the keys colors, count (keys of effect "
      "'gain_cubes': amount, effect, timing); they are keys of effect 'color_vp': is that the effect meant?"]),
    # Two misspelt keys of the right effect: two mistakes, two lines, each with its guess.
    ("{effect: gain_vp, amuont: 2, timng: after}",
     ["crews.bays.skill.0.amuont: unknown key (did you mean 'amount'?); valid keys: amount, effect, timing",
      "crews.bays.skill.0.timng: unknown key (did you mean 'timing'?); valid keys: amount, effect, timing"]),
    # One unknown key stays the key's own line, though other effects take it.
    ("{effect: overflow, amount: 1}", ["crews.bays.skill.0.amount: unknown key; valid keys: effect, timing"]),
])
def test_keys_of_another_effect_are_one_line_at_the_effect(tmp_path, item, expected):
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: {DRAFT5}\ncrews:\n  - {{id: bays, skill: [{item}]}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert [p.split(": ", 1)[1] for p in problems(exc)] == expected


def test_every_error_at_once_with_locations(tmp_path):
    bad = write(tmp_path, "bad.yaml", f"""extends: {DRAFT5}
name: bad
cubes: {{replenishh: 2}}
crews:
  - {{id: bays, time: -1}}
  - {{id: orlins, skill: [{{effect: teleport}}]}}
planets:
  - {{id: red1, vp: []}}
""")
    with pytest.raises(VariantError) as exc:
        load_variant(bad)
    got = problems(exc)
    label = str(bad)
    assert got[0] == f"{label}:3:9: cubes.replenishh: unknown key (did you mean 'replenish'?); valid keys: replenish, start_in_hand, total"
    assert got[1] == f"{label}:5:22: crews.bays.time: Input should be greater than or equal to 0 (got -1)"
    # at the tag's value (`teleport`, column 35), where the mistake is
    assert got[2].startswith(f"{label}:6:35: crews.orlins.skill.0: unknown effect 'teleport'; valid effects: ")
    assert "gain_vp" in got[2] and "swap_adjacent" in got[2]
    assert got[3] == f"{label}:8:20: planets.red1.vp: a planet needs at least one slot (the VP column is empty) (got [])"
    assert len(got) == 4


@pytest.mark.parametrize(("text", "expected"), [
    ("game: stargate\nname: x\ncrews: [a, b\n", ":4:1: malformed YAML: expected ',' or ']', but got '<stream end>' (in the flow sequence that starts at 3:8)"),
    ("game: stargate\nname: a\nname: b\n", ":3:1: name: duplicate key (first defined at line 2)"),
    ("game: stargate\ncubes: {total: 12, total: 13}\n", ":2:20: cubes.total: duplicate key (first defined at line 2)"),
    ("game: stargate\ncrews:\n  - {id: bays, time: 1, time: 2}\n",
     ":3:25: crews.bays.time: duplicate key (first defined at line 3)"),
    ("game: stargate\nend:\n  - {trigger: x, count: 2, count: 3}\n",
     ":3:28: end.0.count: duplicate key (first defined at line 3)"),
    ("name: a\n", f":1:1: game: required key is missing (known games: {known_games()})"),
    ("game: chess\n", f":1:7: game: unknown game 'chess' (known games: {known_games()})"),
    ("", ":1:1: the file is empty"),
    ("- a\n- b\n", ":1:1: a variant must be a mapping of keys to values"),
])
def test_malformed_files(tmp_path, text, expected):
    path = write(tmp_path, "v.yaml", text)
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [f"{path}{expected}"]


def test_missing_parent_and_cycles(tmp_path):
    orphan = write(tmp_path, "orphan.yaml", "extends: nope.yaml\nname: x\n")
    with pytest.raises(VariantError) as exc:
        load_variant(orphan)
    assert problems(exc) == [f"{orphan}:1:10: extends: parent variant not found: {tmp_path / 'nope.yaml'}"]
    a = write(tmp_path, "a.yaml", "extends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    with pytest.raises(VariantError) as exc:
        load_variant(a)
    assert problems(exc) == [f"{tmp_path / 'b.yaml'}:1:10: extends: extends cycle: "
                             f"{a} → {tmp_path / 'b.yaml'} → {a}"]


def test_an_unknown_game_in_the_draft_extended_is_shown_at_extends_not_at_the_one_change(tmp_path):
    """The draft extended names a game that is not installed (or whose plugin fails to load):
    no key of the extending file causes that, so it is shown at its `extends:` line. It was
    shown at the file's one change, 'which changes cubes', sending the designer there."""
    parent = write(tmp_path, "p.yaml", "game: stargat\nrules_version: 1\nname: p\n")
    child = write(tmp_path, "c.yaml", "name: c\nextends: p.yaml\ncubes: {total: 12}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(child)
    assert problems(exc) == [f"{child}:2:1: game: unknown game 'stargat' (did you mean 'stargate'?; known games: {known_games()}) "
                             f"(in {parent}:1:7, extended by {child})"]


@pytest.mark.parametrize(("patch", "expected"), [
    ("planets_dealt: {4: 13}", "planets_dealt.4: 13 planets dealt for 4 players but only 12 planet cards exist"),
    ("crews: [{id: bays, remove: true}, {id: orlins, remove: true}, {id: rahel, remove: true}]",
     "crews: 3 crews are too few for 4 players (each takes a different one per round; "
     "with crews_return: end_of_turn one crew is enough)"),
    ("cubes: {start_in_hand: 20}", "cubes.start_in_hand: 20 cubes in hand but only 15 per player"),
    ("planets: [{id: red1, color: purple}]", "planets.red1.color: unknown color 'purple' (known: blue, green, red, yellow)"),
    ("cubes: {start_in_hand: 15, replenish: 0}",
     "end.0.trigger: the stock starts empty (all 15 cubes in hand), so stock_empty would end every game after "
     "round 1; drop it (planets_full or out_of_cubes end such a game)"),
])
def test_impossible_values(tmp_path, patch, expected):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nname: x\n{patch}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    got = problems(exc)
    assert len(got) == 1 and got[0].split(": ", 1)[1].split(" (in ")[0] == expected
    # the user's file is named first; a key that lives in draft5.yaml is named too, as its place
    assert got[0].startswith(f"{path}:")
    if " (in " in got[0]:
        assert got[0].startswith(f"{path}:1:1: ") and "(in variants/stargate/draft5.yaml:" in got[0]


@pytest.mark.parametrize("crews", [1, 2])
def test_crews_returning_each_turn_need_only_one_crew(tmp_path, crews):
    """With crews_return: end_of_turn the crew taken is back for the next player, so fewer crews
    than players is a legal variant, and its games play to the end at 3 and 4 players."""
    from playtest.sim.batch import RunConfig, run_batch

    keep = ["armstrong", "bays"][:crews]
    drop = ", ".join(f"{{id: {c}, remove: true}}" for c in ("armstrong", "orlins", "audrin", "rahel", "anderson", "bays")
                     if c not in keep)
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nname: x\ncrews_return: end_of_turn\ncrews: [{drop}]\n")
    variant = load_variant(path)
    assert [c.id for c in variant.model.crews] == keep
    for players in (3, 4):
        run_batch(variant, RunConfig(n_games=3, players=players, lineup=("greedy",) * players, seed=1, workers=1),
                  tmp_path / f"run{players}")
    # the same crews returning at the round's end are too few: each seat needs its own
    path = write(tmp_path, "r.yaml", f"extends: {path}\ncrews_return: end_of_round\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert [p.split(": ", 1)[1].split(" (")[0] for p in problems(exc)] == [
        f"crews: {crews} crews are too few for 3 players", f"crews: {crews} crews are too few for 4 players"]


def test_remove_unknown_id_is_an_error(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews: [{{id: zork, remove: true}}]\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc)[0].endswith(
        "crews.zork: cannot remove: no item with id 'zork' (known: armstrong, orlins, audrin, rahel, anderson, bays)")


def test_remove_of_an_unknown_id_with_other_keys_says_there_is_nothing_to_remove(tmp_path):
    """`remove: true` beside other keys (244fc33) said "remove: true deletes the item, so time
    would change nothing ... or leave remove out to change it" of an id the draft it extends does
    not have: there is no item to delete or to change (leaving remove out would add one). The
    unknown id is the mistake, said as it is without the other keys."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews: [{{id: zork, remove: true, time: 2}}]\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [f"{path}:2:9: crews.zork: cannot remove: no item with id 'zork' "
                             "(known: armstrong, orlins, audrin, rahel, anderson, bays)"]


def test_a_removal_that_cannot_be_made_does_not_hide_the_other_mistakes(tmp_path):
    """`{id: zork, remove: true}` stopped the load at once: the file's other mistakes (here an
    unknown key and a bad value) came only after it was fixed, against "reported all at once"."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews: [{{id: zork, remove: true}}, {{id: bays, time: -1}}]\n"
                                     "colour: red\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    found = problems(exc)
    assert len(found) == 3, found
    assert "crews.zork: cannot remove: no item with id 'zork'" in found[0]
    assert any("crews.bays.time" in p for p in found[1:]) and any("colour: unknown key" in p for p in found[1:])
    # A draft extending that file gets the mistake where it is, once; and alone, it is still an error.
    child = write(tmp_path, "w.yaml", "extends: v.yaml\n")
    with pytest.raises(VariantError) as exc:
        load_variant(child)
    assert sum("cannot remove" in p for p in problems(exc)) == 1
    only = write(tmp_path, "u.yaml", f"extends: {DRAFT5}\ncrews: [{{id: zork, remove: true}}]\n")
    with pytest.raises(VariantError) as exc:
        load_variant(only)
    assert len(problems(exc)) == 1


def test_a_parents_unmade_removal_is_not_lost_to_the_childs_stop(tmp_path):
    """A draft whose parent removes an unknown id, and which itself `!remove`s a key the parent
    lacks (an error at once, in the merge), was told only its own mistake: the parent's, kept
    to be said with the schema's, was dropped with the merge that stopped."""
    write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews: [{{id: zork, remove: true}}]\n")
    for name, text, own in (("w.yaml", "extends: v.yaml\nfoo: !remove\n", "foo: !remove deletes nothing here"),
                            ("x.yaml", "extends: v.yaml\ngame: ohseven\n", "a variant extends one of its own game")):
        with pytest.raises(VariantError) as exc:
            load_variant(write(tmp_path, name, text))
        found = problems(exc)
        assert len(found) == 2, found
        assert any(f"{name}:2:" in p and own in p for p in found), found
        assert any("v.yaml:2:" in p and "crews.zork: cannot remove" in p for p in found), found


def test_a_set_on_a_key_the_draft_leaves_alone_is_one_of_its_changes(tmp_path):
    """A merged tree shares the parent's nodes where the draft changes nothing: a --set below one
    of them changed the parent's tree too, so the change was missing from Variant.changes."""
    path = write(tmp_path, "c.yaml", f"extends: {DRAFT5}\nname: c\n")
    for override, key in (("crews.armstrong.time=7", "crews.armstrong.time"), ("cubes.total=7", "cubes.total")):
        changed = [c.path for c in load_variant(path, [override]).changes]
        assert key in changed and "name" in changed, (override, changed)


def test_a_text_parsed_again_is_a_fresh_tree_and_an_edit_is_seen(tmp_path):
    """parse_text keeps the trees of texts it parsed (a sweep loads its base once per point):
    the caller may change the tree it gets (the loader merges and overrides in place) without
    changing the next caller's, and a file edited between two loads is read as edited."""
    from playtest.variants.source import parse_text

    text = "a: {b: [1, {c: 2}]}\n"
    first = parse_text(text, "x.yaml")
    first.value["a"].value["b"].value.append(first.value["a"])
    first.value["a"].value["b"].value[1].value["c"].value = 99
    again = parse_text(text, "x.yaml")
    assert again.plain() == {"a": {"b": [1, {"c": 2}]}} and again is not first
    assert (again.value["a"].value["b"].value[1].value["c"].line, again.value["a"].key_line) == (1, 1)
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews: [{{id: bays, time: 2}}]\n")
    assert load_variant(path, ["crews.bays.time=3"]).model.crews[-1].time == 3
    assert load_variant(path).model.crews[-1].time == 2  # the override changed a copy only
    path.write_text(f"extends: {DRAFT5}\ncrews: [{{id: bays, time: 4}}]\n", encoding="utf-8")
    assert load_variant(path).model.crews[-1].time == 4


def test_semantic_diff_by_id():
    a = {"crews": [{"id": "bays", "time": 1}, {"id": "x", "time": 2}], "n": 1}
    b = {"crews": [{"id": "x", "time": 2}, {"id": "bays", "time": 2}, {"id": "y", "time": 1}], "n": 1}
    assert [str(c) for c in diff(a, b)] == ["crews.bays.time: 1 → 2", 'crews.y: (absent) → {"id": "y", "time": 1}']


def test_text_variant_rejects_extends():
    with pytest.raises(VariantError) as exc:
        load_variant_text("extends: a.yaml\ngame: stargate\n", "t.yaml")
    assert problems(exc) == ["t.yaml:1:10: extends: extends needs a file, not text"]


def test_duplicate_ids_in_an_extending_list_are_errors(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: scout, time: 1}}\n  - {{id: scout, time: 2}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [f"{path}:4:5: crews.scout: duplicate id 'scout' in this list"]


def test_cross_key_problems_point_at_the_file_or_override_that_set_them(tmp_path):
    child = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets_dealt: {{3: 0, 4: 7}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(child)
    assert problems(exc) == [f"{child}:2:20: planets_dealt.3: at least one planet must be dealt, not 0"]
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["planets_dealt.4=13"])
    assert problems(exc) == ["--set planets_dealt.4=13: planets_dealt.4: 13 planets dealt for 4 players "
                             "but only 12 planet cards exist"]


def test_yes_no_is_not_a_number_and_a_number_is_not_yes_no(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncubes: {{replenish: yes}}\nplacement: {{no_two_in_a_row: 1}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [f"{path}:2:20: cubes.replenish: expected a number, not yes/no",
                             f"{path}:3:30: placement.no_two_in_a_row: expected true or false, not a number"]


def test_a_misspelt_id_in_a_child_is_named_as_a_new_item(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets:\n  - {{id: purple9, vp: [1]}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [
        f"{path}:3:5: planets.purple9.color: required key is missing ('purple9' is a new item: the draft it "
        "extends has no such id; known: red1, red2, red3, blue1, blue2, blue3, yellow1, yellow2, yellow3, "
        "green1, green2, green3)"]


def test_a_missing_key_is_hidden_only_by_the_misspelling_that_stands_for_it(tmp_path):
    """`planet:` (for planets) is one mistake, one line; `planets_dealt`, missing too and close
    enough to `planet` to be confused with it, is still reported."""
    text = DRAFT5.read_text()
    text = re.sub(r"(?m)^planets_dealt:.*\n(  .*\n)*", "", re.sub(r"(?m)^planets:", "planet:", text))
    path = write(tmp_path, "v.yaml", text)
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    found = problems(exc)
    assert [p.split(": ", 2)[1] for p in found] == ["planets_dealt", "planet"]
    assert found[0].endswith("planets_dealt: required key is missing")
    assert "planet: unknown key (did you mean 'planets'?)" in found[1]


def test_effect_errors_name_the_keys_in_the_file(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews:\n  - id: bays\n"
                                     "    skill: [{effect: gain_vp, amout: 2}]\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    # The effect's tag (gain_vp) is not a key in the file, so it is not in the path.
    # One mistake, one line: the required `amount` is not reported missing beside the misspelt `amout`.
    assert problems(exc) == [f"{path}:4:31: crews.bays.skill.0.amout: unknown key (did you mean 'amount'?); valid keys: "
                             "amount, effect, timing"]


def test_cross_key_problems_are_reported_together_with_type_errors(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets_dealt: {{3: 5, 4: 13}}\n"
                                     "crews:\n  - {id: bays, time: -1}\nplanets:\n  - {id: red1, vp: []}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [
        f"{path}:2:26: planets_dealt.4: 13 planets dealt for 4 players but only 12 planet cards exist",
        f"{path}:4:22: crews.bays.time: Input should be greater than or equal to 0 (got -1)",
        f"{path}:6:20: planets.red1.vp: a planet needs at least one slot (the VP column is empty) (got [])",
    ]


def test_a_single_value_of_a_wrong_kind_keeps_the_cross_key_problems(tmp_path):
    """Only a whole list or section given a wrong value (`planets: []`) silences the cross-key
    checks; a text given a list (`description: [a, b]`) is one value, the parent's stands in for
    it, and the rest of the file is still checked (the planets dealt went unsaid)."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ndescription: [a, b]\nplanets_dealt: {{3: 5, 4: 13}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [
        f"{path}:2:14: description: Input should be a valid string (got [\"a\", \"b\"])",
        f"{path}:3:26: planets_dealt.4: 13 planets dealt for 4 players but only 12 planet cards exist",
    ]


def test_a_type_error_in_a_section_edited_elsewhere_keeps_the_other_cross_key_problems(tmp_path):
    """The parent's whole `cubes:` cannot stand in for a section the file edits elsewhere too
    (`total: 14`): the mistaken value alone is set aside, and the planets dealt from too few
    cards, a second mistake in another section, are said with it (they went unsaid)."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncubes:\n  total: 14\n  start_in_hand: abc\n"
                                     "planets_dealt: {3: 5, 4: 13}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [
        f"{path}:4:18: cubes.start_in_hand: Input should be a valid integer, unable to parse string as an integer "
        "(got 'abc')",
        f"{path}:5:26: planets_dealt.4: 13 planets dealt for 4 players but only 12 planet cards exist",
    ]


def test_an_item_left_out_for_its_type_error_still_counts_in_its_list():
    """An item with a type error and no parent version cannot be validated, but it is still one
    of its list's items: a count that is wrong with it is said, and counted with it (it read
    "only 11 planet cards"); one that is only wrong without it is not said (test_bad_inputs)."""
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["planets.red1.vp=x", "planets_dealt.4=13"])
    assert problems(exc) == [
        "--set planets.red1.vp=x: planets.red1.vp: expected a list (got 'x')",
        "--set planets_dealt.4=13: planets_dealt.4: 13 planets dealt for 4 players but only 12 planet cards exist"]
    with pytest.raises(VariantError) as exc:  # three suits left out, clubs standing in for each: 4 × 8 cards
        load_variant(OHSEVEN, ["deck.suits.S.name=[1]", "deck.suits.H.name=[2]", "deck.suits.D.name=[3]",
                               "deck.copies.4=0"])
    assert sorted(p.split(": ", 1)[1] for p in problems(exc)) == [
        "deck.copies.4: at least one copy of the deck",
        "deck.suits.D.name: Input should be a valid string (got [3])",
        "deck.suits.H.name: Input should be a valid string (got [2])",
        "deck.suits.S.name: Input should be a valid string (got [1])"]


def test_a_cross_key_problem_inside_a_broken_part_is_not_invented(tmp_path):
    # Three crews removed and a new one with a type error: 4 crews, enough for 4 players. Setting
    # the broken new crew aside leaves 3, which must not be reported as "too few crews".
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: scout, time: x}}\n"
                                     "  - {id: orlins, remove: true}\n  - {id: rahel, remove: true}\n"
                                     "  - {id: audrin, remove: true}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc) == [f"{path}:3:23: crews.scout.time: Input should be a valid integer, unable to parse "
                             "string as an integer (got 'x')"]


def test_a_new_id_close_to_a_known_one_is_a_note(tmp_path):
    """A child draft's `{id: bayz, time: 2}` adds a seventh crew (valid) where `bays` was surely
    meant: validate says so in a located note; a new id unlike any known one (draft6-new-crews'
    own crews) gets none."""
    child = write(tmp_path, "typo.yaml", f"extends: {DRAFT5}\nname: typo\ncrews:\n  - {{id: bayz, time: 2}}\n")
    notes = [str(n) for n in load_variant(child).notes]
    assert notes == [f"{child}:4:10: crews.bayz: a new item: the draft it extends has no id 'bayz' "
                     "(did you mean 'bays'? an item with its id changes it)"]
    numbered = write(tmp_path, "more.yaml", f"extends: {DRAFT5}\nname: more\nplanets:\n"
                                            "  - {id: red4, color: red, vp: [1, 2, 3]}\n")
    assert load_variant(numbered).notes == ()  # red4 beside red3: the next of a series, no note
    for path in sorted((ROOT / "variants").glob("*/*.yaml")):
        assert not any("new item" in str(n) for n in load_variant(path).notes), path


def test_a_new_id_that_differs_from_a_known_one_only_in_case_is_a_note(tmp_path):
    """Oh-Seven's suit ids are one letter: `deck: {suits: [{id: s, name: Spades}]}`, meant to rename
    spades, adds a fifth suit (a 40-card deck) without a word, since difflib finds nothing close to
    a one-letter id (h191). An id that matches a known one but for the case is noted too."""
    base = ROOT / "variants" / "ohseven" / "base.yaml"
    child = write(tmp_path, "case.yaml", f"extends: {base}\nname: case\ndeck:\n  suits:\n    - {{id: s, name: Spades}}\n")
    assert [str(n) for n in load_variant(child).notes] == [
        f"{child}:5:12: deck.suits.s: a new item: the draft it extends has no id 's' "
        "(did you mean 'S'? an item with its id changes it)"]


def test_an_item_the_parent_added_is_known_to_the_draft_extending_it(tmp_path):
    """draft6-new-crews adds vance to draft 6b's crews; for a draft extending draft6-new-crews
    vance is a crew the parent has: `vanse` is noted as its likely misspelling, and a new item's
    missing key lists vance among the known ids (both left vance out: the parent's own new items
    stayed marked new down the chain)."""
    parent = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"
    typo = write(tmp_path, "typo.yaml", f"extends: {parent}\nname: typo\ncrews:\n  - {{id: vanse, time: 3}}\n")
    assert [str(n) for n in load_variant(typo).notes] == [
        f"{typo}:4:10: crews.vanse: a new item: the draft it extends has no id 'vanse' "
        "(did you mean 'vance'? an item with its id changes it)"]
    new = write(tmp_path, "new.yaml", f"extends: {parent}\nname: new\ncrews:\n  - {{id: scout, skill: []}}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(new)
    assert problems(exc) == [
        f"{new}:4:5: crews.scout.time: required key is missing ('scout' is a new item: the draft it extends "
        "has no such id; known: armstrong, orlins, audrin, rahel, anderson, bays, vance)"]


def test_remove_tag_deletes_a_key_of_the_parent_and_the_chain_keeps_it_deleted(tmp_path):
    """`key: !remove` deletes a map key the draft extends (a player count's planets here); a draft
    extending that one inherits the deletion; `--set key=!remove` does the same from the command line."""
    child = write(tmp_path, "four.yaml", f"extends: {DRAFT5}\nname: four only\nplanets_dealt:\n  3: !remove\n")
    v = load_variant(child)
    assert v.model.planets_dealt == {4: 7}
    assert "planets_dealt.3: 5 → (absent)" in [str(c) for c in v.changes]
    grandchild = write(tmp_path, "g.yaml", "extends: four.yaml\nname: g\ncubes: {replenish: 1}\n")
    assert load_variant(grandchild).model.planets_dealt == {4: 7}
    assert load_variant(DRAFT5, ["planets_dealt.3=!remove"]).model.planets_dealt == {4: 7}
    without_bays = load_variant(DRAFT5, ["crews.bays=!remove"])
    assert "bays" not in [c.id for c in without_bays.model.crews] and len(without_bays.model.crews) == 5


@pytest.mark.parametrize(("text", "expected"), [
    ("game: stargate\nname: x\nplanets_dealt: {3: 5, 4: 7}\ncubes:\n  replenish: !remove\n",
     "v.yaml:5:3: cubes.replenish: !remove deletes nothing here: this file extends no draft"),
    (f"extends: {DRAFT5}\nplanets_dealt:\n  5: !remove\n",
     "v.yaml:3:3: planets_dealt.5: !remove deletes nothing here: the draft it extends has no such key"),
    (f"extends: {DRAFT5}\nnew_section:\n  x: !remove\n",
     "v.yaml:3:3: new_section.x: !remove deletes nothing here: the draft it extends has no such key"),
    (f"extends: {DRAFT5}\nplanets_dealt: !remove\n  3: 4\n",
     "v.yaml:2:16: planets_dealt: !remove takes no value: write `key: !remove`"),
    (f"extends: {DRAFT5}\nend:\n  - !remove\n",
     "v.yaml:3:5: end.0: !remove deletes nothing here: a list item is removed with {id: x, remove: true}, "
     "a whole list replaced by a new one"),
])
def test_remove_tag_that_deletes_nothing_is_a_located_error(tmp_path, text, expected):
    path = write(tmp_path, "v.yaml", text)
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert [p.replace(f"{tmp_path}/", "") for p in problems(exc)] == [expected]


UNDEFINED = "cannot read value: could not determine a constructor for the tag"


@pytest.mark.parametrize(("text", "expected"), [
    # the scalar case, as it was (and now with the guess when the tag is a misspelt !remove)
    ("cubes:\n  total: !remvoe\n", f"v.yaml:3:10: cubes.total: {UNDEFINED} '!remvoe' (did you mean '!remove'?)"),
    # a mapping's or a list's own tag was never read: each merged as if untagged, exit 0
    ("crews: !replace\n  - {id: bays, time: 2}\n", f"v.yaml:2:8: crews: {UNDEFINED} '!replace'"),
    ("cubes: !remvoe\n  total: 12\n", f"v.yaml:2:8: cubes: {UNDEFINED} '!remvoe' (did you mean '!remove'?)"),
    ("cubes: !foo {total: 12}\n", f"v.yaml:2:8: cubes: {UNDEFINED} '!foo'"),
    ("end: !Remove [{trigger: round_cap, count: 9}]\n", f"v.yaml:2:6: end: {UNDEFINED} '!Remove' (did you mean '!remove'?)"),
    ("crews:\n  - !new {id: bays, time: 2}\n", f"v.yaml:3:5: crews.bays: {UNDEFINED} '!new'"),
    # YAML's own tags that build no mapping or list a variant holds, or build none from this one
    ("planets_dealt: !!omap [{3: 5}]\n",
     "v.yaml:2:16: planets_dealt: a !!omap is not a value a variant holds: write a plain mapping or list, without the tag"),
    ("planets_dealt: !!set {3}\n", "v.yaml:2:16: planets_dealt: a !!set is not a value a variant holds (got [3]): write a list, [a, b]"),
    ("planets_dealt: !!seq {3: 5}\n", "v.yaml:2:16: planets_dealt: cannot read value: expected a sequence node, but found mapping"),
    ("end: !!str [{trigger: round_cap, count: 9}]\n", "v.yaml:2:6: end: cannot read value: expected a scalar node, but found sequence"),
])
def test_a_tag_on_a_mapping_or_list_is_read_as_a_scalar_s_is(tmp_path, text, expected):
    """A tag YAML cannot build a mapping or list from is one located line, as on a scalar; the
    same check reads gates, goals and transcript files (tests/bad_inputs)."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\n{text}")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert [p.replace(f"{tmp_path}/", "") for p in problems(exc)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    ("cubes:\n  total: &a !foo 1\n  start_in_hand: *a\n", f"v.yaml:3:10: cubes.total: {UNDEFINED} '!foo'"),
    ("cubes: &c !foo {total: 12}\nx: *c\n", f"v.yaml:2:8: cubes: {UNDEFINED} '!foo'"),
])
def test_an_alias_of_a_value_that_cannot_be_built_is_not_said_again(tmp_path, text, expected):
    """The alias was a second line, "found unconstructable recursive node", at the same place."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\n{text}")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert [p.replace(f"{tmp_path}/", "") for p in problems(exc)] == [expected]


def test_the_tags_of_a_plain_mapping_and_list_are_read_as_untagged(tmp_path):
    """`!!map` and `!!seq` are the tags YAML gives an untagged mapping and list (and `!` leaves it to YAML)."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets_dealt: !!map {{3: 4}}\n"
                                     "crews: !!seq [{id: bays, time: 2}]\ncubes: ! {total: 12}\n")
    model = load_variant(path).model
    assert (model.planets_dealt[3], model.crews[-1].time, model.cubes.total) == (4, 2, 12)


@pytest.mark.parametrize(("flow", "col", "glued"), [
    ("{3: !remove}", 27, "`!remove}`"),  # PyYAML: "expected ' ', but found '}'"
    ("{2: 1, 3: !remove, 4: !remove}", 36, "`!remove,` `!remove}`"),  # "expected ',' or '}', but got ':'"
])
def test_a_tag_glued_to_a_flow_indicator_says_so(tmp_path, flow, col, glued):
    """docs/variants.md: in a flow map the tag needs a space before the `}`. A designer who wrote
    `{2: 1, 3: !remove, 4: !remove}` got only PyYAML's "expected ',' or '}', but got ':'", at the
    second key."""
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets_dealt: {flow}\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    [line] = [p.replace(f"{tmp_path}/", "") for p in problems(exc)]
    assert line.startswith(f"v.yaml:2:{col}: malformed YAML: "), line
    assert line.endswith(f"({glued}: a tag runs into the ',', '}}' or ']' written right after it; in a flow "
                         "map or list put a space between them, e.g. `{3: !remove }`, or write the map in block style)")
    write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nplanets_dealt: {flow.replace('!remove', '!remove ')}\n")
    assert 3 not in load_variant(path).model.planets_dealt  # the spaced form the hint gives works


def test_a_required_key_removed_is_reported_at_the_removal(tmp_path):
    path = write(tmp_path, "v.yaml", f"extends: {DRAFT5}\nname: x\ncubes: !remove\n")
    with pytest.raises(VariantError) as exc:
        load_variant(path)
    assert problems(exc)[0].startswith(f"{path}:3:1: cubes: required key is missing")
    with pytest.raises(VariantError) as exc:
        load_variant(DRAFT5, ["planets_dealt.5=!remove"])
    assert problems(exc) == ["--set planets_dealt.5=!remove: planets_dealt.5: no key '5' to remove (keys here: 3, 4)"]


def test_the_extends_example_of_variants_md_is_a_valid_draft(tmp_path: Path):
    """docs/variants.md's first example (all 15 cubes in hand, no replenishing) kept draft 5's
    stock_empty trigger, which validate refuses: a reader who copied it got an error."""
    doc = (ROOT / "docs" / "variants.md").read_text()
    example = doc.split("## Drafts that extend drafts", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    write(tmp_path, "draft5.yaml", DRAFT5.read_text())
    v = load_variant(write(tmp_path, "draft6.yaml", example))
    crews = [c.id for c in v.model.crews]
    assert "orlins" not in crews and crews[-1] == "scout"
    assert v.model.cubes.total == 15 and v.model.cubes.replenish == 0


def test_a_key_written_out_at_its_default_or_removed_to_it_changes_no_rule(tmp_path):
    """helper-79: a skill rewritten without `timing:` (its default, 'before') was listed as a
    change, and so was `!remove` of a key whose default is the parent's value; a real change
    next to them still is."""
    same = tmp_path / "same.yaml"
    same.write_text(f"extends: {DRAFT5}\nname: same\ncrews:\n  - id: bays\n    time: 2\n"
                    "    skill:\n      - {effect: gain_cubes, amount: 2}\n")
    assert [str(c) for c in load_variant(same).changes] == [
        "name: スターゲイト 草案５ / Stargate draft 5 → same", "crews.bays.time: 1 → 2"]
    nf = tmp_path / "nf.yaml"
    nf.write_text(f"extends: {ROOT / 'variants/new-frontiers/base.yaml'}\nname: nf\n"
                  "rules:\n  end:\n    worlds: !remove\n    developments: 12\n")
    assert [str(c) for c in load_variant(nf).changes][1:] == ["rules.end.developments: 11 → 12"]


def test_a_path_outside_the_working_folder_is_labelled_with_its_dots_folded(tmp_path, monkeypatch):
    """A transcript's `variant: ../../../variants/stargate/draft5.yaml`, read from another folder,
    titled calibrate's report '/.../docs/examples/table/../../../variants/stargate/draft5.yaml'."""
    monkeypatch.chdir(tmp_path)
    v = load_variant(ROOT / "docs" / "examples" / "table" / ".." / ".." / ".." / "variants" / "stargate" / "draft5.yaml")
    assert v.path == str(ROOT / "variants" / "stargate" / "draft5.yaml")


def test_the_hash_follows_the_rules_not_how_a_number_is_spelt():
    """`2` and `2.0` validate to the same rules, so they are one variant to calibrate, play
    tables, resume and diff; a different value, yes/no for 1, or text for a number is another."""
    from playtest.variants.loader import variant_hash

    assert load_variant(DRAFT5, ["cubes.total=15.0"]).hash == load_variant(DRAFT5).hash
    assert load_variant(DRAFT5, ["max_rounds=12.0"]).hash == load_variant(DRAFT5, ["max_rounds=12"]).hash
    assert load_variant(DRAFT5, ["max_rounds=13"]).hash != load_variant(DRAFT5, ["max_rounds=12"]).hash
    nested = {"a": [1, {"b": 2, "c": [0, -3]}], "d": 0.5}
    assert variant_hash(nested) == variant_hash({"a": [1.0, {"b": 2.0, "c": [-0.0, -3.0]}], "d": 0.5})
    assert variant_hash({"a": 2}) != variant_hash({"a": 2.5})
    assert variant_hash({"a": [1, 2]}) != variant_hash({"a": [1, 3]})
    assert variant_hash({"a": True}) != variant_hash({"a": 1})
    assert variant_hash({"a": True}) != variant_hash({"a": 1.0})
    assert variant_hash({"a": False}) != variant_hash({"a": 0.0})
    assert variant_hash({"a": "2"}) != variant_hash({"a": 2})
    assert variant_hash({2.0: "x"}) == variant_hash({2: "x"}) == variant_hash({"2": "x"})


def test_a_quoted_number_the_game_reads_as_a_number_is_the_same_rules_and_hash(tmp_path):
    """`max_rounds: "60"` validates to the model of `max_rounds: 60`, but hashed (and was recorded
    in run.json) as text: runs of the same rules read as two variants to compare, calibrate and a
    resume. A quoted value the game keeps as text (a name) stays text."""
    def draft(name: str, body: str):  # noqa: ANN202
        return load_variant(write(tmp_path, name, f"extends: {DRAFT5}\nname: '7'\n{body}"))

    quoted = draft("q.yaml", 'max_rounds: "60"\nplanets:\n  - {id: red1, vp: ["1", 2, "0", 3, 4, 5]}\n')
    plain = draft("p.yaml", "max_rounds: 60\nplanets:\n  - {id: red1, vp: [1, 2, 0, 3, 4, 5]}\n")
    assert quoted.model == plain.model
    assert quoted.resolved == plain.resolved and quoted.hash == plain.hash
    assert quoted.resolved["name"] == "7"
    assert draft("o.yaml", 'max_rounds: "61"\n').hash != plain.hash


def test_a_quoted_yes_or_no_the_game_reads_as_yes_or_no_is_the_same_rules_and_hash(tmp_path):
    """`no_two_in_a_row: "no"` validates to the model of `no_two_in_a_row: false` (pydantic's lax
    mode), but hashed and was recorded as text: one rule set, two variants, as a quoted number was."""
    def draft(name: str, value: str):  # noqa: ANN202
        return load_variant(write(tmp_path, name, f"extends: {DRAFT5}\nplacement: {{no_two_in_a_row: {value}}}\n"))

    quoted, plain = draft("q.yaml", '"no"'), draft("p.yaml", "false")
    assert quoted.model == plain.model
    assert quoted.resolved == plain.resolved and quoted.hash == plain.hash
    assert draft("y.yaml", "'on'").hash == draft("t.yaml", "true").hash != plain.hash


def test_a_variant_that_spells_no_integral_float_keeps_the_hash_it_had():
    """Run folders, transcripts and documents made before the hash canonicalised numbers name
    the hash of the data as spelt; every shipped variant's hash is still that one."""
    from playtest.variants.loader import spelled_hash

    for path in sorted((ROOT / "variants").rglob("*.yaml")):
        v = load_variant(path)
        assert v.hash == spelled_hash(v.resolved), path
    assert load_variant(DRAFT5).hash == "fae64052bee9b0f9"  # as docs/transcripts.md shows it


def test_a_section_the_parent_leaves_out_is_compared_key_by_key_and_a_default_written_out_is_no_change(tmp_path):
    """A crew's `role` the parent leaves out read `crews.zed.role: {"ja": "", "en": ""} (default) →
    {"en": "Builder"}`, as if its Japanese name were removed; and compare's and diff's rule changes
    listed `planets.red1.extension_vp: [] → [] (default)` for a key one draft writes out at its
    default, which validate --changes (and docs/variants.md) say changes no rule."""
    from playtest.variants.loader import rule_changes

    c = write(tmp_path, "c.yaml", f"extends: {DRAFT5}\nname: c\ncrews:\n  - {{id: zed, time: 1}}\n")
    d = write(tmp_path, "d.yaml", "extends: c.yaml\nname: c\ncrews:\n  - id: zed\n    role: {en: Builder}\n")
    vc, vd = load_variant(c), load_variant(d)
    assert [str(x) for x in vd.changes] == ['crews.zed.role.en: "" (default) → Builder']
    assert [str(x) for x in rule_changes(vc.resolved, vd.resolved)] == ['crews.zed.role.en: "" (default) → Builder']
    assert [str(x) for x in rule_changes(vd.resolved, vc.resolved)] == ['crews.zed.role.en: Builder → "" (default)']
    written = load_variant(write(tmp_path, "w.yaml", "extends: c.yaml\nname: c\nplanets:\n"
                                                     "  - {id: red1, extension_vp: []}\n"))
    assert written.changes == ()
    assert rule_changes(vc.resolved, written.resolved) == rule_changes(written.resolved, vc.resolved) == []


def test_an_id_d_list_reordered_is_an_edit_of_the_rules_named_by_its_order():
    """`rule_changes` pairs an id'd list's items by id, so the planets in another order (another
    circle dealt from the same seed) showed no change, and replay RUN --game, tune --resume and
    calibrate took the reordered draft for the run's own rules."""
    from playtest.variants.loader import rules_edited

    d5 = load_variant(DRAFT5).resolved
    ids = [p["id"] for p in d5["planets"]]
    reordered = {**d5, "planets": list(reversed(d5["planets"]))}
    assert [(c.path, c.old, c.new) for c in rules_edited(d5, reordered)] == [("planets", ids, ids[::-1])]
    renamed = {**d5, "name": "another name"}
    assert rules_edited(d5, renamed) == []


def test_compare_s_rule_changes_list_an_id_d_list_reordered_beside_its_other_changes():
    """compare and diff list `rule_changes`: a draft with its planets reordered (other games from
    the same seed) showed no rule change at all, and beside another change only that one."""
    from playtest.compare.compare import semantic_changes

    d5 = load_variant(DRAFT5).resolved
    ids = [p["id"] for p in d5["planets"]]
    other = {**d5, "name": "other", "max_rounds": 9, "planets": [*d5["planets"][1:], d5["planets"][0]]}
    [(_, _, changes)] = semantic_changes(["draft5", "other"], [d5, other])
    assert [str(c) for c in changes] == ["max_rounds: 60 → 9", f"planets: {json.dumps(ids)} → "
                                                             f"{json.dumps([*ids[1:], ids[0]])}"]


def test_a_copied_or_pickled_change_still_says_its_key_was_added(tmp_path):
    """`Change.old is ABSENT` marks an added key; a deep copy of a Change made another
    `(absent)` object, which `as_dict` wrote as an old value with `added: false`, and a pickle
    of one failed ("Can't pickle <class 'playtest.variants.diff.Absent'>")."""
    import copy
    import pickle

    child = write(tmp_path, "child.yaml", f"extends: {DRAFT5}\nname: child\ncrews:\n"
                                         "  - {id: vance, name: {ja: ヴァンス, en: Vance}, role: {ja: 技師, en: Engineer}, "
                                         "time: 2, skill: [{effect: gain_vp, amount: 1}]}\n")
    [added] = [c for c in load_variant(child).changes if c.path == "crews.vance"]
    for again in (copy.deepcopy(added), pickle.loads(pickle.dumps(added))):
        assert again.as_dict() == added.as_dict() and again.as_dict()["added"] is True and again.as_dict()["old"] is None


def test_a_set_on_a_path_whose_label_folds_a_link_compares_with_the_file_itself(tmp_path, monkeypatch):
    """`../b/link/../x.yaml` (link → ../c/d) is c/x.yaml, labelled ../b/x.yaml: with a --set,
    the file as written was read again by its label, a file that does not exist ('no such
    file'), or another variant."""
    (tmp_path / "b").mkdir()
    (tmp_path / "c" / "d").mkdir(parents=True)
    (tmp_path / "cwd").mkdir()
    (tmp_path / "b" / "link").symlink_to(Path("..") / "c" / "d")
    (tmp_path / "c" / "x.yaml").write_text(OHSEVEN.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "cwd")
    given = "../b/link/../x.yaml"
    plain = load_variant(given)
    v = load_variant(given, ["name=Renamed"])
    assert [(c.path, c.old, c.new) for c in v.changes] == [("name", plain.name, "Renamed")]


def test_a_problem_of_a_file_reached_through_a_link_and_dotdot_names_that_file(tmp_path, monkeypatch):
    """The label folded `..` after a symbolic link: a mistake in c/x.yaml given as
    `../b/link/../x.yaml` (link → ../c/d) was reported in ../b/x.yaml, a file that does not exist."""
    (tmp_path / "b").mkdir()
    (tmp_path / "c" / "d").mkdir(parents=True)
    (tmp_path / "cwd").mkdir()
    (tmp_path / "b" / "link").symlink_to(Path("..") / "c" / "d")
    (tmp_path / "c" / "x.yaml").write_text(OHSEVEN.read_text(encoding="utf-8") + "nope: 1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "cwd")
    with pytest.raises(VariantError) as err:
        load_variant("../b/link/../x.yaml")
    assert err.value.problems[0].file == "../b/link/../x.yaml"
    assert Path(err.value.problems[0].file).is_file()
    # a `..` that crosses no link is still folded
    (tmp_path / "b" / "sub").mkdir()
    (tmp_path / "b" / "x.yaml").write_text(OHSEVEN.read_text(encoding="utf-8") + "nope: 1\n", encoding="utf-8")
    with pytest.raises(VariantError) as err:
        load_variant("../b/sub/../x.yaml")
    assert err.value.problems[0].file == "../b/x.yaml"
