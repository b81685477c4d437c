"""compare, sweep and diff with a metric that a variant switches off (GameSpec.switched_off):
never a measured change against a 0 that could not be anything else."""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl

from playtest.analysis import columns as C
from playtest.compare.compare import compare_samples
from playtest.compare.render import compare_markdown, wide_rows
from playtest.variants import load_variant
from tests.compare.helpers import simulate, write_variant

ROOT = Path(__file__).resolve().parents[2]
OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"
NEW_FRONTIERS = ROOT / "variants" / "new-frontiers" / "base.yaml"
OFF_WHY = "bidding.rebid.triggers: sum_equals_tricks and identical_highest both false"


def _no_rebids(tmp_path: Path) -> Path:
    return write_variant(tmp_path / "no-rebids.yaml", f"extends: {OHSEVEN}\nname: Oh-Seven without rebids\n"
                         "bidding:\n  rebid:\n    triggers:\n      sum_equals_tricks: false\n"
                         "      identical_highest: false\n")


def test_a_switched_off_category_is_off_in_that_variant_not_a_0_percent_change(tmp_path):
    """New Frontiers without the worlds trigger: the comparison used to fill in 0% for it (a
    category 'never produced') and test 16.7% → 0% as a change; it cannot fire there."""
    on = simulate(load_variant(NEW_FRONTIERS), 6, ("random",) * 4, 2, tmp_path / "on")
    off = simulate(load_variant(NEW_FRONTIERS, ["rules.end.worlds=null"]), 6, ("random",) * 4, 2, tmp_path / "off")
    cmp = compare_samples([on, off], ["base", "no-worlds"])
    d = cmp.differences.filter((pl.col(C.METRIC) == "end_trigger_share") & (pl.col(C.GROUP) == "worlds")).row(0, named=True)
    assert d["test"] == "off in no-worlds"
    assert math.isnan(d[C.ESTIMATE]) and math.isnan(d[C.P_VALUE]) and math.isnan(d["p_holm"]) and not d["notable"]
    values = cmp.values.filter((pl.col(C.METRIC) == "end_trigger_share") & (pl.col(C.GROUP) == "worlds"))
    assert values["variant"].to_list() == ["base"]  # no made-up 0% for the variant that cannot have it
    other = cmp.differences.filter((pl.col(C.METRIC) == "end_trigger_share") & (pl.col(C.GROUP) == "colonists"))
    assert other["test"][0] != "off in no-worlds"  # the triggers it keeps are compared as before
    row = next(r for r in wide_rows(cmp) if (r["metric"], r["group"]) == ("end_trigger_share", "worlds"))
    assert row["off"] == {"no-worlds": "the 'worlds' end trigger (rules.end.worlds: null)"}
    md = compare_markdown(cmp, {"lineup": ["random"] * 4})
    assert "| End trigger share | worlds | " in md
    line = next(x for x in md.splitlines() if x.startswith("| End trigger share | worlds | "))
    assert "| off | – |  | off in no-worlds |" in line
    assert "- in no-worlds: the 'worlds' end trigger (rules.end.worlds: null)" in md


def test_compare_cli_shows_off_in_the_variant_that_cannot_rebid(cli, tmp_path):
    candidate = _no_rebids(tmp_path)
    out = tmp_path / "cmp"
    res = cli("compare", str(OHSEVEN), str(candidate), "-n", "2", "-w", "1", "--out", str(out), "--all")
    assert res.returncode == 0, res.stderr
    rebids = next(line for line in res.stdout.splitlines() if line.startswith("Forced rebids per round"))
    assert rebids.split("│")[3].strip() == "off" and "off in no-rebids" in rebids
    assert f"in no-rebids: forced rebids, and so redeals and rebid bonuses ({OFF_WHY})" in res.stdout
    doc = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    d = next(x for x in doc["differences"] if x["metric"] == "rebids_mean")
    assert (d["test"], d["estimate"], d["p_value"]) == ("off in no-rebids", None, None)
    assert [o["what"] for o in doc["switched_off"]["no-rebids"]] == ["forced rebids, and so redeals and rebid bonuses"]
    # the base can rebid, but at 4 players (one deck) never on identical bid cards
    assert [o["what"] for o in doc["switched_off"]["base"]] == ["the 'identical' rebid trigger, and so the share of rebids each trigger forces"]
    html = (out / "compare.html").read_text(encoding="utf-8")
    assert "off in no-rebids" in html and "Switched off (not measured" in html


def test_sweep_shows_off_at_the_points_that_switch_a_metric_off(cli, tmp_path):
    out = tmp_path / "sw"
    res = cli("sweep", str(OHSEVEN), "--set", "bidding.rebid.triggers.sum_equals_tricks=true,false",
              "--set", "bidding.rebid.triggers.identical_highest=false", "-n", "4", "-w", "1", "--out", str(out),
              "--metric", "rebids_mean")
    assert res.returncode == 0, res.stderr
    row = next(line for line in res.stdout.splitlines() if line.startswith("mean per round"))
    assert row.split("│")[2].strip() == "off"  # the point with both triggers off
    assert "[" in row.split("│")[1]  # the other point: an estimate and its interval
    md = (out / "sweep.md").read_text(encoding="utf-8")
    assert md.count("| off |") == 1
    assert f"forced rebids, and so redeals and rebid bonuses ({OFF_WHY})" in md
    doc = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    assert [len(v) for v in doc["switched_off"].values()] == [1, 1]


def test_sweep_refuses_a_metric_switched_off_at_every_point(cli, tmp_path):
    res = cli("sweep", str(_no_rebids(tmp_path)), "--set", "rounds=6,7", "-n", "4", "-w", "1",
              "--out", str(tmp_path / "sw"), "--metric", "rebids_mean")
    assert (res.returncode, res.stderr) == (2, f"error: --metric rebids_mean: switched off at every grid point by "
                                               f"{OFF_WHY} (forced rebids, and so redeals and rebid bonuses): it has no "
                                               "value to show\n")


def test_a_gate_on_a_metric_switched_off_in_the_candidate_is_one_clear_line(cli, tmp_path):
    """gates/ohseven.yaml gates rebids_mean: against a draft that cannot rebid it read 0 and
    passed, as if rebids had been measured and stayed rare."""
    res = cli("diff", str(OHSEVEN), str(_no_rebids(tmp_path)), "--gate", str(ROOT / "gates" / "ohseven.yaml"),
              "-n", "4", "-w", "1")
    assert (res.returncode, res.stderr) == (2, f"{ROOT / 'gates' / 'ohseven.yaml'}:24:13: gates.1.metric: rebids_mean "
                                               f"is switched off in the candidate by {OFF_WHY} (forced rebids, and so "
                                               "redeals and rebid bonuses): it has no value to gate; leave this gate "
                                               "out for such a draft\n")
    gates = write_variant(tmp_path / "gates.yaml", "gates:\n  - metric: share_trigger\n    group: identical\n"
                          "    of: change\n    max: 0.1\n")
    res = cli("diff", str(_no_rebids(tmp_path)), str(OHSEVEN), "--gate", str(gates), "-n", "4", "-w", "1", "-p", "6")
    assert res.returncode == 2
    assert res.stderr == (f"{gates}:2:13: gates.0.metric: share_trigger (identical) is switched off in the base by "
                          f"{OFF_WHY} (forced rebids, and so redeals and rebid bonuses): it has no value to gate; leave "
                          "this gate out for such a draft\n")
    # A draft of the game's folder: its own gates file is named (the CI workflow of docs/ci.md reads
    # gates/<game>/<draft>.yaml instead of gates/<game>.yaml), where the line said only 'leave this gate out'.
    hook = ROOT / "variants" / "ohseven" / "hook.yaml"
    res = cli("diff", str(hook), str(hook), "--gate", str(ROOT / "gates" / "ohseven.yaml"), "-n", "4", "-w", "1")
    assert res.returncode == 2 and res.stderr.endswith(
        f"leave this gate out for such a draft (its own gates file leaves it out: --gate {ROOT / 'gates' / 'ohseven' / 'hook.yaml'})\n")
    assert cli("diff", str(hook), str(hook), "--gate", str(ROOT / "gates" / "ohseven" / "hook.yaml"), "-n", "4",
               "-w", "1").returncode != 2
    # At 4 players the base game itself has one deck: no identical bid cards on either side.
    res = cli("diff", str(OHSEVEN), str(OHSEVEN), "--gate", str(gates), "-n", "4", "-w", "1", "-p", "4")
    assert (res.returncode, res.stderr) == (
        2, f"{gates}:2:13: gates.0.metric: share_trigger (identical) is switched off in the candidate by deck.copies: "
           "one deck at 4 players (identical bid cards need two) (the 'identical' rebid trigger, and so the share of "
           "rebids each trigger forces): it has no value to gate; leave this gate out for such a draft\n")


def test_a_gate_on_a_metric_that_no_crew_can_have_names_the_setting_not_an_unknown_metric(cli, tmp_path):
    """Draft 6c's crews gain no cubes (Bays accumulates time instead): each crew's row of
    `crew_cubes_gained_per_pick` was switched off one by one, so a gate or a sweep on the whole
    metric was not seen as switched off and got "unknown metric 'crew_cubes_gained_per_pick'; the
    runs have: ..." after the probe games, as if it were a typo."""
    new_crews = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"
    gates = write_variant(tmp_path / "gates.yaml", "gates:\n  - {metric: crew_cubes_gained_per_pick, max: 2}\n")
    res = cli("diff", str(new_crews), str(new_crews), "--gate", str(gates), "-n", "4", "-w", "1")
    assert (res.returncode, res.stderr) == (2, f"{gates}:2:14: gates.0.metric: crew_cubes_gained_per_pick is switched "
                                               "off in the candidate by no gain_cubes effect in any skill (cubes gained "
                                               "by the skill of any crew): it has no value to gate; leave this gate "
                                               "out for such a draft\n")


def test_sweep_says_what_every_point_switches_off_has_no_row(cli, tmp_path):
    """New Frontiers without the goals option: the goals rows are left out at every point and the
    worlds trigger is 'off' at world limit 6 alone; the heading said only "'off' in the tables"."""
    out = tmp_path / "sw"
    res = cli("sweep", str(NEW_FRONTIERS), "--set", "rules.explore.world_limit=6,8", "-n", "2", "--bots", "random",
              "-w", "1", "--out", str(out))
    assert res.returncode == 0, res.stderr
    md = (out / "sweep.md").read_text(encoding="utf-8")
    heading = next(line for line in md.splitlines() if line.startswith("Switched off"))
    assert "- at every point: the Galaxy goals action" in md and "| goals |" not in md  # left out,
    assert "rows left out" in heading  # and said so
    assert md.count("| off |") == 1 and "'off' at the points" in heading  # the worlds trigger at 6
