"""Where a key of a JSON file is: the `file:line:col` of errors about run.json, sweep.json, tune.json."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from playtest.jsonplaces import line_col, located, offsets

TEXT = """{
  "game": "stargate",
  "lineup": [
    "random",
    {"odd": "}{\\"]"}
  ],
  "variant": {"name": "x", "changes": []},
  "game": "ohseven"
}"""


def test_keys_are_placed_at_the_key_and_list_items_at_the_item(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(TEXT)
    assert located(path, "lineup") == f"{path}:3:3: lineup"
    assert located(path, "lineup.1") == f"{path}:5:5: lineup.1"
    assert located(path, "lineup.1.odd") == f"{path}:5:6: lineup.1.odd"  # past a string holding }{"]
    assert located(path, "variant.changes") == f"{path}:7:28: variant.changes"
    assert located(path, "game") == f"{path}:8:3: game"  # written twice: the last counts, as for json.loads


def test_a_missing_key_is_placed_at_the_object_that_should_hold_it(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(TEXT)
    assert located(path, "variant.resolved") == f"{path}:7:3: variant.resolved"  # at "variant"
    assert located(path, "players") == f"{path}:1:1: players"
    assert located(path, "lineup.9") == f"{path}:3:3: lineup.9"
    assert located(path, "lineup.1.even") == f"{path}:5:5: lineup.1.even"  # a list item: at its {


def test_a_file_that_cannot_be_read_again_is_named_without_a_place(tmp_path):
    assert located(tmp_path / "gone.json", "seed") == f"{tmp_path / 'gone.json'}: seed"
    (tmp_path / "bad.json").write_text("{oops")
    assert located(tmp_path / "bad.json", "seed") == f"{tmp_path / 'bad.json'}: seed"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@given(JSON, st.sampled_from([None, 0, 2]))
def test_every_member_is_found_at_its_key_and_every_item_at_its_value(doc, indent):
    text = json.dumps(doc, indent=indent)
    places = offsets(text)

    def walk(value, path):
        at = places[path]
        if path and isinstance(path[-1], str):
            assert text[at:].startswith(json.dumps(path[-1]) + ":") or text[at:].startswith(json.dumps(path[-1]) + " :")
        else:
            assert json.JSONDecoder().raw_decode(text, at)[0] == value
        children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for step, child in children:
            walk(child, (*path, step))

    walk(doc, ())
    assert line_col(text, places[()]) == (1, 1)
