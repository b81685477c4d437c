"""The loader's memo of validated variants (loader._MEMO): a variant loaded again from the same
texts comes from it, and nothing that would load differently does — an edited file, an edited
parent, another override, another working folder, another game spec — nor does a caller's change
to what it was given reach the next caller."""

from __future__ import annotations

import copy
import dataclasses
import os
from pathlib import Path

import pytest

import playtest.games
from playtest.errors import VariantError
from playtest.variants import load_variant, loader
from playtest.variants.diff import ABSENT

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"


@pytest.fixture(autouse=True)
def empty_memo():
    loader.forget_loaded()
    yield
    loader.forget_loaded()


def rewrite(path: Path, text: str) -> None:
    """Write `text` keeping the file's size and times: only its bytes tell the edit apart."""
    before = path.stat()
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size == before.st_size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def draft(tmp_path: Path, name: str = "draft.yaml", time: int = 1) -> Path:
    path = tmp_path / name
    path.write_text(f"extends: {DRAFT5}\nname: memo\ncrews:\n  - {{id: bays, time: {time}}}\n", encoding="utf-8")
    return path


def bays(variant: loader.Variant) -> int:
    return next(c.time for c in variant.model.crews if c.id == "bays")


def test_a_second_load_of_the_same_texts_is_not_validated_again_but_is_a_variant_of_its_own(tmp_path: Path) -> None:
    path = draft(tmp_path)
    first = load_variant(path)
    with pytest.MonkeyPatch.context() as plain:  # not the fixture's: it would empty the memo
        plain.setattr(loader, "validate_tree", lambda *a, **k: pytest.fail("validated again"))
        second = load_variant(path)
    assert second == first and second is not first
    assert second.resolved is not first.resolved and second.model is not first.model


def test_a_file_rewritten_with_the_same_size_and_times_is_loaded_afresh(tmp_path: Path) -> None:
    path = draft(tmp_path, time=1)
    assert bays(load_variant(path)) == 1
    rewrite(path, path.read_text(encoding="utf-8").replace("time: 1", "time: 2"))
    assert bays(load_variant(path)) == 2


def test_an_edited_parent_is_seen_through_an_unchanged_child(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text(DRAFT5.read_text(encoding="utf-8"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent.yaml\nname: child\n", encoding="utf-8")
    assert load_variant(child).model.cubes.total == 15
    rewrite(parent, parent.read_text(encoding="utf-8").replace("total: 15", "total: 16"))
    assert load_variant(child).model.cubes.total == 16


def test_a_parent_reached_through_a_link_that_now_points_elsewhere(tmp_path: Path) -> None:
    for name, total in (("a.yaml", 15), ("b.yaml", 16)):
        (tmp_path / name).write_text(DRAFT5.read_text(encoding="utf-8").replace("total: 15", f"total: {total}"),
                                     encoding="utf-8")
    (tmp_path / "parent.yaml").symlink_to("a.yaml")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent.yaml\nname: child\n", encoding="utf-8")
    assert load_variant(child).model.cubes.total == 15
    (tmp_path / "parent.yaml").unlink()
    (tmp_path / "parent.yaml").symlink_to("b.yaml")
    assert load_variant(child).model.cubes.total == 16


def test_each_override_is_its_own_variant(tmp_path: Path) -> None:
    path = draft(tmp_path)
    assert bays(load_variant(path, ["crews.bays.time=2"])) == 2
    assert bays(load_variant(path, ["crews.bays.time=3"])) == 3
    assert bays(load_variant(path)) == 1
    assert load_variant(path, ["crews.bays.time=3"]).overrides == ("crews.bays.time=3",)


def test_another_working_folder_reads_another_file_or_labels_it_otherwise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for folder, time in (("one", 1), ("two", 2)):
        (tmp_path / folder).mkdir()
        draft(tmp_path / folder, time=time)
    monkeypatch.chdir(tmp_path / "one")
    assert bays(load_variant("draft.yaml")) == 1
    monkeypatch.chdir(tmp_path / "two")
    assert bays(load_variant("draft.yaml")) == 2
    # The same file by the same (absolute) path: labelled from the working folder, in the
    # variant and in its errors.
    monkeypatch.chdir(tmp_path)
    assert load_variant(tmp_path / "two" / "draft.yaml").path == "two/draft.yaml"
    monkeypatch.chdir(tmp_path / "two")
    assert load_variant(tmp_path / "two" / "draft.yaml").path == "draft.yaml"


def test_another_registered_spec_for_the_game_validates_afresh(tmp_path: Path) -> None:
    """A plugin registered again (games.refresh, another distribution) gives another spec object:
    its schema may check more, so the memo's variant, validated against the old one, is not used."""
    path = draft(tmp_path)
    load_variant(path)
    spec = playtest.games.get_game("stargate")

    class Stricter(spec.schema):  # type: ignore[name-defined, misc]
        def issues(self):
            return [*super().issues(), (("cubes", "total"), "refused by the other spec")]

    other = dataclasses.replace(spec, schema=Stricter)
    with pytest.MonkeyPatch.context() as plain:  # not the fixture's: it would empty the memo
        plain.setattr(playtest.games, "get_game", lambda name: other if name == "stargate" else spec)
        with pytest.raises(VariantError, match="refused by the other spec"):
            load_variant(path)
    assert load_variant(path).name == "memo"


def test_a_variant_of_a_schema_that_cannot_be_pickled_is_loaded_each_time(tmp_path: Path) -> None:
    """The memo keeps variants pickled; a schema class made inside a function cannot be, so its
    variants are simply not kept."""
    path = draft(tmp_path)
    spec = playtest.games.get_game("stargate")

    class Local(spec.schema):  # type: ignore[name-defined, misc]
        pass

    other = dataclasses.replace(spec, schema=Local)
    with pytest.MonkeyPatch.context() as plain:
        plain.setattr(playtest.games, "get_game", lambda name: other if name == "stargate" else spec)
        assert type(load_variant(path).model) is Local and type(load_variant(path).model) is Local
    assert not loader._MEMO


def test_a_patched_schema_list_is_seen_by_the_next_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test fixture `monkeypatch` empties the memo at each patch (tests/conftest.py): a
    schema module's list patched in place changes no text and no spec."""
    path = draft(tmp_path)
    load_variant(path)
    monkeypatch.setattr(loader, "validate_tree", lambda *a, **k: pytest.fail("validated"))
    with pytest.raises(pytest.fail.Exception, match="validated"):
        load_variant(path)


def test_an_error_is_said_each_time_and_a_fixed_file_loads(tmp_path: Path) -> None:
    path = draft(tmp_path)
    good = path.read_text(encoding="utf-8")
    load_variant(path)
    rewrite(path, good.replace("time: 1", "tame: 1"))
    said = []
    for _ in range(2):
        with pytest.raises(VariantError) as info:
            load_variant(path)
        said.append(str(info.value))
    assert said[0] == said[1] and f"{path}:4:" in said[0] and "crews.bays.tame" in said[0]
    rewrite(path, good)
    assert bays(load_variant(path)) == 1


def test_a_deleted_parent_is_an_error_though_the_child_was_loaded(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text(DRAFT5.read_text(encoding="utf-8"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent.yaml\nname: child\n", encoding="utf-8")
    load_variant(child)
    parent.unlink()
    with pytest.raises(VariantError, match="parent variant not found: "):
        load_variant(child)


def test_what_a_caller_changes_in_its_variant_no_other_caller_sees(tmp_path: Path) -> None:
    path = draft(tmp_path)
    mine = load_variant(path)
    resolved = copy.deepcopy(mine.resolved)
    mine.resolved["name"] = "changed"
    mine.resolved["crews"].clear()
    mine.model.planets_dealt[3] = 99
    theirs = load_variant(path)
    assert theirs.resolved == resolved and theirs.hash == loader.variant_hash(resolved)
    assert theirs.model.planets_dealt[3] == 5 and bays(theirs) == 1


def test_an_added_item_is_still_said_added_by_the_copy_the_memo_gives() -> None:
    """`Change.old is ABSENT` for an item a draft adds (draft 6b's crew vance): the memo keeps
    the variant pickled, and the copy it gives has the sentinel itself, not a copy of it that
    would read as an old value."""
    path = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"
    first = load_variant(path)
    with pytest.MonkeyPatch.context() as plain:  # kept (ABSENT pickles), so not validated again
        plain.setattr(loader, "validate_tree", lambda *a, **k: pytest.fail("validated again"))
        second = load_variant(path)
    [vance] = [c for c in second.changes if c.path == "crews.vance"]
    assert vance.old is ABSENT and vance.as_dict()["added"] is True and vance.as_dict()["old"] is None
    assert [c.as_dict() for c in second.changes] == [c.as_dict() for c in first.changes]


def test_the_memo_keeps_a_bounded_number_of_variants(tmp_path: Path) -> None:
    path = draft(tmp_path)
    for time in range(loader.MEMO_SIZE + 3):
        load_variant(path, [f"crews.bays.time={time % 10}", f"name=n{time}"])
    assert len(loader._MEMO) == loader.MEMO_SIZE
    assert (str(Path.cwd()), str(path), ("crews.bays.time=0", "name=n0")) not in loader._MEMO
