"""A change that no bot of the line-up reads (GameSpec.unread_keys) cannot move the play: every
report of `compare` says so, naming the bots and the keys, where a designer read 'equal in every
game' rows under a bigger Oh-Seven exact-bid bonus as "the bonus does not change bidding"."""

from __future__ import annotations

import json

import pytest

from playtest.analysis.unread import covers, unread, unread_in
from playtest.games import get_game
from tests.conftest import ROOT

BASE = ROOT / "variants/ohseven/base.yaml"


def _draft(tmp_path, body: str):
    path = tmp_path / "DRAFT.yaml"
    path.write_text(f"extends: {BASE}\nname: bigger bonus\n{body}", encoding="utf-8")
    return path


def test_a_declared_key_covers_the_keys_under_it():
    assert covers(["scoring"], "scoring.exact_bonus")
    assert covers(["scoring"], "scoring")
    assert not covers(["scoring"], "scoring_extra")
    assert not covers(["bidding.rebid.bonus"], "bidding.rebid.triggers.sum_equals_tricks")


def test_every_bot_must_ignore_every_key():
    declared = {"a": ("scoring",), "b": ("scoring", "tie")}
    assert unread(declared, ["a", "b", "a"], ["scoring.x"]).bots == ("a", "b")
    assert unread(declared, ["a", "b"], ["scoring.x", "tie"]) is None  # a reads tie
    assert unread(declared, ["a", "mcts:200"], ["scoring.x"]) is None  # undeclared: reads all
    assert unread(declared, ["a"], ["name", "description"]) is None  # labels only: nothing to say
    assert unread(declared, ["a"], ["name", "scoring.x"]).keys == ("scoring.x",)


def test_ohseven_bots_ignore_scoring_but_not_play_rules():
    """Declared for every Oh-Seven bot but the search bots, and only for keys that score the play."""
    spec = get_game("ohseven")
    assert set(spec.unread_keys) == {b for b in spec.bot_names}
    assert unread_in("ohseven", ["heuristic", "scripted:greedy", "random"],
                     ["scoring.exact_bonus", "bidding.rebid.bonus.points", "tie"]) is not None
    for key in ("hand_size", "rounds", "bidding.mode", "bidding.rebid.triggers.sum_equals_tricks", "deck.copies"):
        assert unread_in("ohseven", ["heuristic"], [key]) is None, key
    assert unread_in("ohseven", ["heuristic", "ismcts:200"], ["scoring.exact_bonus"]) is None


@pytest.mark.parametrize("game", ["stargate", "newfrontiers"])
def test_stargate_and_new_frontiers_declare_nothing(game):
    assert not get_game(game).unread_keys


def _compare(cli, tmp_path, changes: str):
    """`compare` of the base and a draft making `changes` (YAML), 2 heuristic games: (result, out). The note
    comes from the changed keys and the line-up (GameSpec.unread_keys), whatever the games: 2, the
    fewest compare plays, where 8 cost the jackknife four times the metric recomputations."""
    out = tmp_path / "cmp"
    r = cli("compare", str(BASE), str(_draft(tmp_path, changes)), "-n", "2", "--players", "4", "--bots", "heuristic",
            "-w", "1", "--seed", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    return r, out


def test_compare_says_which_bots_ignore_which_keys_in_every_report(cli, tmp_path):
    r, out = _compare(cli, tmp_path, "scoring:\n  exact_bonus: 10\n")
    said = "heuristic does not read scoring.exact_bonus"
    assert said in r.stdout and "ismcts" in r.stdout
    assert said in (out / "compare.md").read_text(encoding="utf-8")
    assert said in (out / "compare.html").read_text(encoding="utf-8")
    doc = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert doc["unread"] == [{"bots": ["heuristic"], "keys": ["scoring.exact_bonus"], "text": doc["unread"][0]["text"]}]
    assert said in doc["unread"][0]["text"]


def test_no_note_when_a_bot_reads_a_changed_key(cli, tmp_path):
    r, out = _compare(cli, tmp_path, "scoring:\n  exact_bonus: 10\nbidding:\n  first_lead: left_of_dealer\n")
    assert "does not read" not in r.stdout
    assert json.loads((out / "compare.json").read_text(encoding="utf-8"))["unread"] == []


def test_sweep_says_which_bots_ignore_the_swept_keys_in_every_output(cli, tmp_path):
    """A sweep of `scoring.exact_bonus` with heuristic bots showed the same bids, exact rates and
    trumps at every point with no word that the bots never read the key: the trap this module's
    note exists for (`explain` of the sweep said it; the sweep's own tables did not) (h191)."""
    out = tmp_path / "sw"
    r = cli("sweep", str(BASE), "--set", "scoring.exact_bonus=0,5", "-n", "2", "--players", "4", "--bots",
            "heuristic", "-w", "1", "--seed", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    said = "note: heuristic does not read scoring.exact_bonus: this bot makes the same choices under every point"
    assert said in r.stdout
    assert said in (out / "sweep.md").read_text(encoding="utf-8")
    assert f'<p class="note">{said}' in (out / "sweep.html").read_text(encoding="utf-8")  # above the charts
    doc = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    assert doc["unread"]["bots"] == ["heuristic"] and doc["unread"]["keys"] == ["scoring.exact_bonus"]
    r = cli("sweep", str(BASE), "--set", "bidding.first_lead=highest_bidder,left_of_dealer", "-n", "2", "--players",
            "4", "--bots", "heuristic", "-w", "1", "--seed", "1", "--out", str(tmp_path / "sw2"))
    assert r.returncode == 0, r.stderr
    assert "does not read" not in r.stdout
    assert json.loads((tmp_path / "sw2" / "sweep.json").read_text(encoding="utf-8"))["unread"] is None


def test_diff_says_which_bots_ignore_which_keys_in_its_summary(cli, tmp_path):
    """`diff` of a bonus no heuristic bot reads passed `change in exact_rate ≤ 5 pts` at '+0.0 pts
    … +0.0 pts' in the pull-request comment with no word that the play could not respond (the
    very same games, scored anew), where compare of the same two says it (h195)."""
    gates = tmp_path / "gates.yaml"
    gates.write_text("gates:\n  - {metric: exact_rate, group: highest bidder, of: change, max: 0.05}\n", encoding="utf-8")
    draft = _draft(tmp_path, "scoring:\n  exact_bonus: 10\n")
    said = "note: heuristic does not read scoring.exact_bonus: this bot makes the same choices under both drafts"
    args = ["diff", str(BASE), str(draft), "--gate", str(gates), "-n", "4", "--players", "4", "--bots", "heuristic",
            "-w", "1", "--seed", "1"]
    r = cli(*args)
    assert r.returncode == 3, r.stderr  # 4 games: too few blocks to call +0.0 in each a certainty
    assert f"\n> {said}" in r.stdout
    r = cli(*args, "-f", "json")
    doc = json.loads(r.stdout)
    assert doc["unread"]["bots"] == ["heuristic"] and doc["unread"]["keys"] == ["scoring.exact_bonus"]
    assert doc["unread"]["text"].startswith(said)
    draft.write_text(draft.read_text(encoding="utf-8") + "bidding:\n  first_lead: left_of_dealer\n", encoding="utf-8")
    r = cli(*args, "-f", "json")
    assert r.returncode in (0, 1, 3), r.stderr
    assert json.loads(r.stdout)["unread"] is None
