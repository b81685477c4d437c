"""A tune over keys no bot of the line-up reads (GameSpec.unread_keys) plays every candidate as
the base: the tune's report and `explain` say so, naming the bots and the keys. A tune over
Oh-Seven's exact-bid bonus with heuristic bots reported effects on the score goals as if the
players had responded to the bonus."""

from __future__ import annotations

import json

from tests.conftest import ROOT
from tests.tune.helpers import invoke


def _tune(tmp_path, param: str, bots: str = "heuristic"):
    """A tune of Oh-Seven over `param`: 5 trials (enough for explain to fit the one key) of 2 games
    each, and 2 fresh games. The note is built from the tuned keys and the line-up
    (GameSpec.unread_keys) whatever the games; 6 games a trial cost the metrics three times as
    much."""
    goals = tmp_path / "goals.yaml"
    goals.write_text(f"run: {{games: 2, players: 4, bots: {bots}, seed: 1}}\ngoals:\n"
                     "  - {metric: score_mean, target: 20}\n  - {metric: exact_rate, target: 0.5}\n")
    out = tmp_path / "out"
    code, stdout, err = invoke("tune", ROOT / "variants/ohseven/base.yaml", "--param", param, "--target", goals,
                               "--budget", "5", "--confirm", "1", "--confirm-games", "2", "--workers", "1",
                               "--out", out)
    assert code == 0, err
    return out, stdout


def test_tune_and_explain_say_the_bots_do_not_read_the_tuned_keys(tmp_path):
    out, stdout = _tune(tmp_path, "scoring.exact_bonus=0..10")
    said = "heuristic does not read scoring.exact_bonus"
    assert said in stdout
    assert said in (out / "tune.md").read_text(encoding="utf-8")
    assert said in (out / "tune.html").read_text(encoding="utf-8")
    doc = json.loads((out / "tune.json").read_text(encoding="utf-8"))
    assert doc["unread"]["bots"] == ["heuristic"] and doc["unread"]["keys"] == ["scoring.exact_bonus"]
    code, stdout, err = invoke("explain", out)
    assert code == 0, err
    assert said in stdout and said in (out / "explain.html").read_text(encoding="utf-8")
    assert json.loads((out / "explain.json").read_text(encoding="utf-8"))["unread"]["keys"] == ["scoring.exact_bonus"]


def test_no_note_when_a_tuned_key_changes_the_play(tmp_path):
    out, stdout = _tune(tmp_path, "hand_size=5..7")
    assert "does not read" not in stdout
    assert json.loads((out / "tune.json").read_text(encoding="utf-8"))["unread"] is None
