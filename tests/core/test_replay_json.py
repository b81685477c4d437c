"""`replay --json` carries the same common keys for every game (docs/transcripts.md), built once in
core.transcript.common_outcome; each game's own keys come after them."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT

COMMON = ["game", "title", "transcript", "variant", "players", "moves", "finished", "next_player", "scores",
          "winners"]
VARIANT_KEYS = {"path", "name", "rules_version", "hash", "overrides"}
TRANSCRIPTS = [
    ("stargate", "docs/examples/stargate-table-game.yaml", True),
    ("stargate", "tests/stargate/data/three_players.yaml", None),
    ("ohseven", "docs/examples/ohseven-match.yaml", True),
    ("ohseven", "tests/ohseven/data/two_rebids.yaml", False),
    ("newfrontiers", "docs/examples/new-frontiers-game.yaml", True),
    ("newfrontiers", "tests/newfrontiers/data/short.yaml", False),
]


@pytest.mark.parametrize(("game", "path", "finished"), TRANSCRIPTS, ids=[p for _, p, _ in TRANSCRIPTS])
def test_every_game_gives_the_documented_common_keys(cli, game, path, finished):
    r = cli("replay", path, "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert set(COMMON) <= set(d), sorted(set(COMMON) - set(d))
    assert d["game"] == game and d["transcript"] == path and isinstance(d["title"], str)
    assert isinstance(d["variant"], dict) and set(d["variant"]) == VARIANT_KEYS
    assert d["variant"]["path"].endswith(".yaml") and len(d["variant"]["hash"]) == 16
    assert isinstance(d["moves"], int) and d["moves"] > 0
    if finished is not None:
        assert d["finished"] is finished
    players = d["players"]
    assert (d["next_player"] is None) == d["finished"] and (d["next_player"] in players or d["finished"])
    assert [s["player"] for s in d["scores"]] == players
    for s in d["scores"]:
        assert {"total", "rank", "win_share", *d["score_parts"]} <= set(s)
        assert sum(s[p] for p in d["score_parts"]) == pytest.approx(s["total"])
    if d["finished"]:
        assert d["winners"] == [s["player"] for s in d["scores"] if s["rank"] == 1] and d["winners"]
    else:
        assert d["winners"] == [] and all(s["win_share"] == 0 for s in d["scores"])
    if "final" in d:  # Oh-Seven and New Frontiers keep their own standings: the same totals
        assert [f["total"] for f in d["final"]] == [s["total"] for s in d["scores"]]
        assert d["complete"] is d["finished"]


def test_a_new_frontiers_title_is_read(cli, tmp_path):
    text = (ROOT / "tests/newfrontiers/data/short.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("variant: ../../../variants/", f"title: Friday game\nvariant: {ROOT}/variants/"))
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["title"] == "Friday game"
