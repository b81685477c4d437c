"""`replay` leaves out a score part the variant switches off (docs/transcripts.md: `score_parts`
"without a part the variant switches off"), in the JSON and in the text table, as the reports do;
every part the variant scores is shown, 0 included."""

from __future__ import annotations

import json

from tests.conftest import ROOT


def _transcript(tmp_path, color_bonus: str):
    text = (ROOT / "docs/examples/stargate-table-game.yaml").read_text()
    text = text.replace("variant: ../../variants/stargate/draft5.yaml",
                        f"variant: {ROOT}/variants/stargate/draft5.yaml\nset: [scoring.color_bonus={color_bonus}]")
    path = tmp_path / "t.yaml"
    path.write_text(text)
    return path


def test_color_bonus_off_is_not_shown_as_zero(cli, tmp_path):
    path = _transcript(tmp_path, "none")
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert "color" not in d["score_parts"]
    assert all("color" not in s for s in d["scores"])
    assert all(sum(s[p] for p in d["score_parts"]) == s["total"] for s in d["scores"])
    text = cli("replay", str(path)).stdout
    header = next(line for line in text.splitlines() if line.strip().startswith("player"))
    assert "color" not in header.replace("cubes by color", "")


def test_color_bonus_on_is_still_shown(cli, tmp_path):
    d = json.loads(cli("replay", str(_transcript(tmp_path, "one_max_color")), "--json").stdout)
    assert d["score_parts"][:3] == ["planets", "color", "skill"]


def test_a_part_the_variant_scores_is_shown_when_the_deal_gives_nobody_any(cli, tmp_path):
    # The special-planets draft scores planet_effects; a circle without a special planet left the
    # column out (text and --json), so the parts listed changed with the deal.
    path = tmp_path / "plain.yaml"
    path.write_text(f"""game: stargate
variant: {ROOT}/variants/stargate/draft6-special-planets.yaml
players: 3
names: [Ann, Bob, Cy]
circle: [red1, red2, blue1, yellow1, green2]
moves:
  - armstrong; place red1 red2 blue1
  - orlins; place yellow1 green2
  - rahel; place red1 red1
""")
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["score_parts"] == ["planets", "color", "skill", "planet_effects"]
    assert [s["planet_effects"] for s in d["scores"]] == [0, 0, 0]
    assert "  player  planets  color  skill  planet_effects  total  rank  hand  cubes by color\n" in cli(
        "replay", str(path)).stdout
