"""Next-draft keys are validated like every other: unknown effect names, wrong parameters and
impossible combinations are located errors (file:line:col)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.errors import VariantError
from playtest.variants import load_variant

from .helpers import DRAFT5, NEW_DRAFTS


def load_text(tmp_path: Path, body: str):
    path = tmp_path / "draft.yaml"
    path.write_text(f"extends: {DRAFT5}\n{body}", encoding="utf-8")
    return load_variant(path)


def errors(tmp_path: Path, body: str) -> list[str]:
    with pytest.raises(VariantError) as info:
        load_text(tmp_path, body)
    return str(info.value).splitlines()


def test_unknown_effect_name_is_located_and_lists_the_known_ones(tmp_path: Path) -> None:
    lines = errors(tmp_path, "crews:\n  - id: bays\n    skill:\n      - {effect: warp, amount: 1}\n")
    assert any(line.startswith(f"{tmp_path / 'draft.yaml'}:5:18: crews.bays.skill.0:") and "valid effects: " in line and "accumulate_time" in line  # at 'warp'
               for line in lines), lines


def test_wrong_parameters_are_located(tmp_path: Path) -> None:
    body = ("planets:\n  - id: red1\n    effects:\n      - {effect: majority_multiplier, factor: 2, bogus: 1}\n"
            "      - {effect: convert_cubes, cubes: 0}\n")
    text = "\n".join(errors(tmp_path, body))
    assert ":5:" in text and "planets.red1.effects.0.bogus: unknown key" in text
    assert ":6:" in text and "planets.red1.effects.1.cubes" in text


def test_semantic_problems_of_new_keys(tmp_path: Path) -> None:
    body = ("crews:\n  - id: armstrong\n    skill:\n      - {effect: color_vp, colors: [purple]}\n"
            "      - {effect: develop_planet, slot: 2}\n      - {effect: develop_crew}\n"
            "planets:\n  - id: red1\n    effects:\n      - {effect: vp, trigger: final, to: placer, amount: 1}\n"
            "end:\n  - {trigger: planets_full, count: {3: 2}}\n")
    text = "\n".join(errors(tmp_path, body))
    assert "crews.armstrong.skill.0.colors: unknown color 'purple'" in text
    assert "crews.armstrong.skill.1.slot: no planet has an extension slot 2" in text
    assert "crews.armstrong.skill.2: develop_crew needs extension slots" in text
    assert "planets.red1.effects.0.to: a final effect goes to 'majority' or 'present'" in text
    assert "end.0.count: no count given for 4 players" in text


@pytest.mark.parametrize("path", NEW_DRAFTS, ids=lambda p: p.stem)
def test_new_drafts_extend_draft5_and_name_their_idea(path: Path) -> None:
    v = load_variant(path)
    assert v.chain[-1].endswith("draft5.yaml")
    head = path.read_text(encoding="utf-8").split("\nextends:")[0]
    assert "問題点" in head and "「" in head  # quotes the designer's line
    assert set(v.model.player_counts()) == {3, 4}


def test_stock_empty_that_nothing_can_empty_is_a_note_in_the_file_that_caused_it(tmp_path: Path) -> None:
    """No replenish and no Bays: nothing takes cubes from the stock, so draft 5's stock_empty
    trigger never fires and every game would run to max_rounds. Legal (another trigger may end
    the game), so a note, located at the draft that changed it, not at draft5.yaml's end list."""
    variant = load_text(tmp_path, "name: still\ncubes: {replenish: 0}\ncrews:\n  - {id: bays, remove: true}\n")
    [note] = [str(n) for n in variant.notes]
    assert note.startswith(f"{tmp_path / 'draft.yaml'}:1:1: end.0.trigger: stock_empty can never fire: nothing takes "
                           "cubes from the stock")
    assert "(in " in note and "draft5.yaml:" in note and "which changes cubes.replenish, crews.bays" in note
    # With Bays (gain_cubes) or the replenish, the stock can empty: no note.
    assert load_text(tmp_path, "name: still\ncubes: {replenish: 0}\n").notes == ()
    assert load_text(tmp_path, "name: still\ncrews:\n  - {id: bays, remove: true}\n").notes == ()


def test_a_stock_the_first_turn_s_replenish_empties_is_a_note_that_every_game_ends_after_round_1(tmp_path: Path) -> None:
    """cubes.total 4 and start_in_hand 3 leave each player a stock of 1 cube, which the replenish
    (1 a turn) empties at the end of their first turn: draft 5's stock_empty then ends every game
    after round 1 (200 games, every one 4 turns long), said by nothing where a stock that starts
    empty is refused."""
    variant = load_text(tmp_path, "name: short\ncubes: {total: 4, start_in_hand: 3, replenish: 1}\n")
    [note] = [str(n) for n in variant.notes]
    assert note.startswith(f"{tmp_path / 'draft.yaml'}:1:1: end.0.trigger: stock_empty ends every game after round 1: "
                           "each player's stock of 1 cube (cubes.total 4 − start_in_hand 3) is emptied by the "
                           "replenish at the end of their first turn (cubes.replenish 1)")
    # A stock one cube more than the replenish lasts into round 2: no note.
    assert load_text(tmp_path, "name: short\ncubes: {total: 5, start_in_hand: 3, replenish: 1}\n").notes == ()
    assert load_text(tmp_path, "name: short\ncubes: {total: 5, start_in_hand: 3, replenish: 2}\n").notes != ()


def test_a_new_cube_effect_silences_the_stock_empty_note_without_an_edit_to_notes(tmp_path: Path, monkeypatch) -> None:
    """The note reads each effect class's `gains_cubes` (schema.SkillEffect), not gain_cubes by
    name: a new effect that takes cubes from the stock (docs/extending.md, "Adding a crew effect":
    `gains_cubes = True`) gave a variant without replenish a false 'stock_empty can never fire'
    note (the exercise's cubes_per_majority did). Stood in for here by vp_per_full_planet,
    declared to gain cubes; an effect that does not declare it (None) may gain cubes too."""
    from playtest.games.stargate import schema as sc

    text = ("name: still\ncubes: {replenish: 0}\ncrews:\n"
            "  - {id: bays, skill: [{effect: vp_per_full_planet, amount: 1}]}\n")
    [note] = [str(n) for n in load_text(tmp_path, text).notes]  # no crew takes cubes: the note
    assert "no crew has gain_cubes, no planet converts" in note
    monkeypatch.setattr(sc.VPPerFullPlanet, "gains_cubes", None)
    assert load_text(tmp_path, text).notes == ()  # not declared: it may take cubes
    monkeypatch.setattr(sc.VPPerFullPlanet, "gains_cubes", True)
    assert load_text(tmp_path, text).notes == ()
    # Without it on a crew, the note names it among the effects that would take cubes.
    [note] = [str(n) for n in load_text(tmp_path, text.replace("vp_per_full_planet", "gain_vp")).notes]
    assert "no crew has gain_cubes or vp_per_full_planet, no planet converts" in note


def test_a_new_planet_effect_converting_from_stock_silences_the_stock_empty_note(tmp_path: Path, monkeypatch) -> None:
    """The note reads each planet effect's handler (`conversion`, planet_effects.py), not
    convert_cubes by name: a new planet effect that converts cubes from the stock (docs/extending.md,
    "A new planet effect": it returns a Conversion) gave a variant without replenish a false
    'stock_empty can never fire' note. Stood in for here by a last-cube vp effect whose handler
    says it converts from the stock."""
    from playtest.games.stargate import schema as sc
    from playtest.games.stargate.planet_effects import HANDLERS, Conversion

    text = ("name: still\ncubes: {replenish: 0}\ncrews:\n  - {id: bays, remove: true}\nplanets:\n"
            "  - {id: red1, effects: [{effect: vp, trigger: last_cube, amount: 1}]}\n")
    [note] = [str(n) for n in load_text(tmp_path, text).notes]  # nothing takes cubes from the stock
    assert "stock_empty can never fire" in note
    handler = type(HANDLERS[sc.PlanetVP])
    monkeypatch.setattr(handler, "conversion", lambda self, effect: Conversion("stock", None))
    assert load_text(tmp_path, text).notes == ()
    monkeypatch.setattr(handler, "conversion", lambda self, effect: Conversion("hand", None))
    assert len(load_text(tmp_path, text).notes) == 1  # from the hand: the stock still never empties
    # convert_cubes itself, from the stock and from the hand
    stock = text.replace("{effect: vp, trigger: last_cube, amount: 1}", "{effect: convert_cubes, cubes: 1, source: stock}")
    assert load_text(tmp_path, stock).notes == ()
    assert len(load_text(tmp_path, stock.replace("source: stock", "source: hand")).notes) == 1


def test_planets_full_that_too_few_cubes_can_never_reach(tmp_path: Path) -> None:
    """One cube each and planets_full the only trigger: no planet of draft 5 (6 to 8 slots) can
    ever fill, so every game ran silently to max_rounds (60) and `simulate` only warned after the
    run. Refused in one located line at the count; with another trigger on, a note."""
    body = "cubes: {total: 1, start_in_hand: 1, replenish: 0}\nend: [{trigger: planets_full, count: 1}]\n"
    [line] = errors(tmp_path, body)
    assert line.startswith(f"{tmp_path / 'draft.yaml'}:3:38: end.0.count: planets_full can never fire with 3 or 4 "
                           "players: 1 full planet takes at least 6 cubes"), line
    assert "every game with 3 or 4 players would run to max_rounds (60, the safety stop)" in line
    capped = load_text(tmp_path, body.replace("count: 1}]", "count: 1}, {trigger: round_cap, rounds: 9}]"))
    # (every cube in hand: Bays' gain_cubes has no stock to take from, a note of its own)
    bays, note = [str(n) for n in capped.notes]
    assert ":3:38: end.0.count: planets_full can never fire with 3 or 4 players" in note
    assert "crews.bays.skill.0: gain_cubes can never take a cube: every cube starts in hand" in bays
    # Two cubes each, one full planet at 3 players (6 cubes, 6 slots) but two at 4 (8 cubes, 12
    # slots): only the 4-player games cannot end.
    line = errors(tmp_path, body.replace("total: 1, start_in_hand: 1", "total: 2, start_in_hand: 2")
                  .replace("count: 1", "count: {3: 1, 4: 2}"))[0]
    assert "can never fire with 4 players: 2 full planets take at least 12 cubes" in line, line
    assert "every game with 4 players would run" in line
    # Draft 5's planets filled by enough cubes: no problem with the trigger (Bays' note alone).
    enough = load_text(tmp_path, body.replace("total: 1, start_in_hand: 1", "total: 3, start_in_hand: 3"))
    assert [n.path for n in enough.notes] == ["crews.bays.skill.0"]


def test_a_stock_too_large_to_empty_before_max_rounds_is_a_note(tmp_path: Path) -> None:
    """cubes.total 10000 with draft 5's end (stock_empty): the stock of 9,997 loses at most 4 cubes
    a round (replenish 2, Bays 2), so it lasts 2,500 rounds and every game ran to max_rounds (60),
    validated in silence and warned of only after the run. A note at the trigger; none while the
    stock can run out in time (197 cubes: 50 rounds), however rarely the bots drain it that fast."""
    [note] = [str(n) for n in load_text(tmp_path, "cubes: {total: 10000}\n").notes]
    assert note.startswith(f"{tmp_path / 'draft.yaml'}:2:16: end.0.trigger: stock_empty can never fire: a stock of 9997 "
                           "cubes (cubes.total 10000 − start_in_hand 3) shrinks by at most 4 a round, so it lasts 2500 "
                           "rounds, beyond max_rounds (60, the safety stop)"), note
    assert load_text(tmp_path, "cubes: {total: 200}\n").notes == ()
    assert len(load_text(tmp_path, "cubes: {total: 200}\nmax_rounds: 49\n").notes) == 1


def test_a_planets_full_count_for_a_player_count_not_dealt_is_a_note(tmp_path: Path) -> None:
    """count: {3: 2, 4: 3, 5: 4} under planets_dealt {3: 5, 4: 7}: the count for 5 players was never
    read, in silence (crews_dealt refuses such a key; here the trigger still works: a note)."""
    v = load_text(tmp_path, "end: [{trigger: planets_full, count: {3: 2, 4: 3, 5: 4}}]\n")
    [note] = [str(n) for n in v.notes]
    assert note == (f"{tmp_path / 'draft.yaml'}:2:54: end.0.count.5: no game has 5 players: planets_dealt names 3 or 4, "
                    "so this count is never used"), note
    assert load_text(tmp_path, "end: [{trigger: planets_full, count: {3: 2, 4: 3}}]\n").notes == ()


def test_more_cubes_than_places_on_the_board_is_a_note_at_out_of_cubes(tmp_path: Path) -> None:
    """cubes.total 100 with out_of_cubes the end: a player's cubes outnumber the 53 slots of draft
    5's seven longest planets, so nobody can run out and every game ran to max_rounds, in silence.
    A note at the trigger; none when the cubes fit, or when a planet converts cubes (they leave
    the game that way)."""
    body = "cubes: {total: 100, start_in_hand: 100, replenish: 0}\nend: [{trigger: out_of_cubes}]\n"
    notes = [str(n) for n in load_text(tmp_path, body).notes]
    assert any(note.endswith(": end.0.trigger: out_of_cubes can never fire: a player's 100 cubes (cubes.total) "
                             "outnumber the 53 places a cube can go in the largest circle (7 planets dealt at 4 "
                             "players: their slots, overflow and extension slots, and the crews' extension slots), "
                             "so nobody runs out") for note in notes), notes
    fits = load_text(tmp_path, body.replace("100", "53"))
    assert not any("out_of_cubes" in str(n) for n in fits.notes)
    converting = body + "planets:\n  - {id: red1, effects: [{effect: convert_cubes, cubes: 1}]}\n"
    assert not any("out_of_cubes" in str(n) for n in load_text(tmp_path, converting).notes)


def test_a_round_cap_beyond_max_rounds_is_a_note_at_its_rounds(tmp_path: Path) -> None:
    """`round_cap` of round 100 under draft 5's max_rounds 60 validated in silence: the safety stop
    ended every game first (end_reason max_rounds), the trigger never fired. Legal, as another
    trigger may end the game: a note located at the rounds; none up to max_rounds."""
    capped = load_text(tmp_path, "end:\n  - {trigger: stock_empty}\n  - {trigger: round_cap, rounds: 100}\n")
    [note] = [str(n) for n in capped.notes]
    assert note == (f"{tmp_path / 'draft.yaml'}:4:34: end.1.rounds: round_cap can never fire: max_rounds (60, the "
                    "safety stop) ends every game before round 100 is played; lower rounds to at most 60, or raise "
                    "max_rounds"), note
    assert load_text(tmp_path, "end: [{trigger: round_cap, rounds: 60}]\n").notes == ()
    assert len(load_text(tmp_path, "max_rounds: 8\nend: [{trigger: round_cap, rounds: 9}]\n").notes) == 1


def test_gain_cubes_with_every_cube_in_hand_is_a_note(tmp_path: Path) -> None:
    """Draft 6a's idea, every cube in hand from the start, kept draft 5's Bays ("take 2 cubes
    from the stock"): the stock is empty for good and the skill can never act. Legal (Bays keeps
    its time), so a located note, not an error; none while a cube starts in the stock."""
    end = "end: [{trigger: out_of_cubes}]\n"
    empty = load_text(tmp_path, "cubes: {total: 15, start_in_hand: 15, replenish: 0}\n" + end)
    [note] = [str(n).split(": ", 1)[1] for n in empty.notes]
    assert note.startswith("crews.bays.skill.0: gain_cubes can never take a cube: every cube starts in hand "
                           "(cubes.start_in_hand 15 of cubes.total 15), so the stock is empty for good"), note
    assert load_text(tmp_path, "cubes: {total: 15, start_in_hand: 14, replenish: 0}\n" + end).notes == ()


def test_any_effect_declared_to_take_cubes_with_every_cube_in_hand_is_a_note(tmp_path: Path, monkeypatch) -> None:
    """The note above was given for gain_cubes alone: a new effect declared `gains_cubes = True`
    (docs/extending.md's exercise, cubes per empty planet) validated in silence with every cube in
    hand. Stood in for by vp_per_full_planet, declared to gain cubes."""
    from playtest.games.stargate import schema as sc

    body = ("cubes: {total: 15, start_in_hand: 15, replenish: 0}\nend: [{trigger: out_of_cubes}]\n"
            "crews:\n  - {id: armstrong, skill: [{effect: vp_per_full_planet, amount: 1}]}\n")
    monkeypatch.setattr(sc.VPPerFullPlanet, "gains_cubes", True)
    notes = [str(n).split(": ", 1)[1] for n in load_text(tmp_path, body).notes]
    assert any(n.startswith("crews.armstrong.skill.0: vp_per_full_planet can never take a cube: every cube starts in "
                            "hand") for n in notes), notes
    monkeypatch.setattr(sc.VPPerFullPlanet, "gains_cubes", False)
    assert not any("vp_per_full_planet can never" in str(n) for n in load_text(tmp_path, body).notes)


def test_extension_and_overflow_slots_no_crew_can_fill_are_notes(tmp_path: Path) -> None:
    """A draft that gave planets extension_vp (or overflow_vp, or a crew card extension_vp) but no
    crew that fills them validated in silence: every game leaves the slots empty. Legal, so a
    located note each, and none once a crew fills them."""
    body = ("planets:\n  - {id: red1, extension_vp: [1, 2], overflow_vp: 5}\n  - {id: blue1, extension_vp: [3]}\n"
            "crews:\n  - {id: armstrong, extension_vp: [3]}\n")
    notes = [str(n).split(": ", 1)[1] for n in load_text(tmp_path, body).notes]
    assert notes == [
        "planets.red1.extension_vp: no crew develops extension slots 1, 2 (a develop_planet skill with slot: 1, ...), "
        "so those slots of the planets that have them (red1, blue1) stay empty in every game",
        "planets.red1.overflow_vp: no crew has an overflow skill, so the overflow slot of red1 stays empty in every game",
        "crews.armstrong.extension_vp: this crew has no develop_crew skill, so its extension slots stay empty in every game"]
    filled = body.replace("- {id: armstrong, extension_vp: [3]}",
                          "- {id: armstrong, extension_vp: [3], skill: [{effect: develop_crew}]}\n"
                          "  - {id: bays, skill: [{effect: develop_planet, slot: 1}, {effect: overflow}]}\n"
                          "  - {id: rahel, skill: [{effect: develop_planet, slot: 2}]}")
    assert load_text(tmp_path, filled).notes == ()
    for path in NEW_DRAFTS:  # the shipped drafts fill every slot they give
        assert not [n for n in load_variant(path).notes if "stay" in str(n) or "stays" in str(n)], path


def test_a_plugin_effect_that_may_develop_leaves_no_note_on_its_crew_s_slots() -> None:
    """A crew card's extension_vp beside an effect that does not declare `develops` (a plugin's:
    it may do anything, as the planets' slot check and the report take it) was told "this crew has
    no develop_crew skill, so its extension slots stay empty in every game"."""
    from typing import Literal

    from playtest.games.stargate.schema import SkillEffect

    class NewEffect(SkillEffect):  # declares none of SkillEffect's traits
        effect: Literal["new_effect"]

    model = load_variant(DRAFT5).model
    crews = [c.model_copy(update={"skill": (NewEffect(effect="new_effect"),), "extension_vp": (2,)})
             if c.id == "armstrong" else c for c in model.crews]
    assert not [n for n in model.model_copy(update={"crews": crews}).notes() if n[0][:1] == ("crews",)]
    plain = [c.model_copy(update={"extension_vp": (2,)}) if c.id == "armstrong" else c for c in model.crews]
    assert [n[1] for n in model.model_copy(update={"crews": plain}).notes() if n[0][:1] == ("crews",)] == [
        "this crew has no develop_crew skill, so its extension slots stay empty in every game"]


def test_a_note_the_parent_draft_gives_alone_stays_the_parent_s_in_a_draft_that_extends_it(tmp_path: Path) -> None:
    """Draft 6a holds every cube in hand, so Bays' gain_cubes can never take one: its own note. A
    draft extending 6a that changes an unrelated key was given that note at its own change, '…,
    extended by mine.yaml, which changes planets_dealt.4', as if that change caused it; it is 6a's
    note, said as 6a says it. A change that does touch it is still the child's."""
    parent = DRAFT5.parent / "draft6-no-replenish.yaml"
    [own] = [str(n) for n in load_variant(parent).notes]
    assert "gain_cubes can never take a cube" in own
    mine = tmp_path / "mine.yaml"
    mine.write_text(f"extends: {parent}\nplanets_dealt: {{3: 5, 4: 6}}\n", encoding="utf-8")
    assert [str(n) for n in load_variant(mine).notes] == [own]
    assert [str(n) for n in load_variant(mine, ["planets_dealt.3=4"]).notes] == [own]
    mine.write_text(f"extends: {parent}\ncubes: {{total: 14, start_in_hand: 14}}\n", encoding="utf-8")
    [note] = [str(n) for n in load_variant(mine).notes]
    assert note.startswith(f"{mine}:1:") and "(cubes.start_in_hand 14 of cubes.total 14)" in note and "extended by " in note, note
    assert "which changes cubes.total, cubes.start_in_hand" in note, note
