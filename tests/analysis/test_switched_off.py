"""A metric the run's variant switches off is left out of every report and named instead
(GameSpec.switched_off, playtest/analysis/offs.py): it could only read 0, "0.0%" or "the same in
every rung", as if the mechanism had been measured and never happened."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis.metrics import all_metrics
from playtest.analysis.offs import HEADING, switched_off
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"
NO_REBIDS = ["bidding.rebid.triggers.sum_equals_tricks=false", "bidding.rebid.triggers.identical_highest=false"]
REBID_METRICS = {"rebids_mean", "share_rebids", "share_trigger", "share_redeals", "redeals_mean", "bonus_points"}


def _run(tmp_path: Path, variant: Path, sets: list[str], n: int = 6) -> tuple:
    run_batch(load_variant(variant, sets), RunConfig(n_games=n, players=4, lineup=("random",) * 4, seed=3, workers=1),
              tmp_path)
    return read_run(tmp_path)


def _offs(variant: Path, sets: list[str], players: int | None = None) -> dict[str, str]:
    from playtest.games import get_game

    v = load_variant(variant, sets)
    spec = get_game(v.model.game)
    assert spec.switched_off is not None
    return {o.what: o.why for o in spec.switched_off(v.model, players)}


def test_oh_seven_without_rebid_triggers_has_no_rebid_rows_and_says_why(tmp_path):
    info, games, events = _run(tmp_path / "off", OHSEVEN, NO_REBIDS)
    table = all_metrics(info, games, events)
    metrics = set(table[C.METRIC].to_list())
    assert not metrics & REBID_METRICS, "a rebid metric of a variant that cannot rebid (it read 0)"
    assert not table.filter(pl.col(C.GROUP).str.ends_with("/ rebid_bonus")).height
    assert {"share_bid", "exact_rate", "score_mean"} <= metrics  # the rest of the report is there
    whats = {o.what: o.why for o in switched_off(info)}
    assert whats == {"forced rebids, and so redeals and rebid bonuses":
                     "bidding.rebid.triggers: sum_equals_tricks and identical_highest both false"}
    # The base game can rebid: the same rows are measured there.
    info, games, events = _run(tmp_path / "on", OHSEVEN, [])
    base = set(all_metrics(info, games, events)[C.METRIC].to_list())
    assert {"rebids_mean", "share_rebids", "bonus_points", "redeals_mean"} <= base
    # ... but at 4 players (one deck) no two bid cards are identical
    assert [o.what for o in switched_off(info)] == ["the 'identical' rebid trigger, and so the share of rebids each trigger forces"]


def test_identical_bid_cards_are_off_at_a_player_count_with_one_deck(tmp_path):
    """Base Oh-Seven shuffles one deck at 2-4 players and two at 5-7: at 4 players the
    'identical' trigger's share read 0.0% as if it had been measured."""
    one_deck = "deck.copies: one deck at 4 players (identical bid cards need two)"
    assert _offs(OHSEVEN, [], players=4) == {"the 'identical' rebid trigger, and so the share of rebids each trigger forces": one_deck}
    assert _offs(OHSEVEN, [], players=6) == {}
    assert _offs(OHSEVEN, []) == {}  # players not known: both triggers can fire
    # With the sum trigger off too, nothing can force a rebid at 4 players; at 6 it can.
    sum_off = ["bidding.rebid.triggers.sum_equals_tricks=false"]
    assert _offs(OHSEVEN, sum_off, players=4) == {
        "forced rebids, and so redeals and rebid bonuses":
            f"bidding.rebid.triggers.sum_equals_tricks: false, and {one_deck}"}
    assert _offs(OHSEVEN, sum_off, players=6) == {"the 'sum' rebid trigger, and so the share of rebids each trigger forces": "bidding.rebid.triggers.sum_equals_tricks: false"}
    # A 4-player run's report has no trigger shares: every rebid is the sum trigger's, 100% by
    # construction; its rebids themselves stay.
    info, games, events = _run(tmp_path, OHSEVEN, [], n=30)
    table = all_metrics(info, games, events)
    assert table.filter(pl.col(C.METRIC) == "share_trigger").is_empty()
    assert not table.filter(pl.col(C.METRIC) == "rebids_mean").is_empty()


@pytest.mark.parametrize(("sets", "expected"), [
    (["bidding.rebid.triggers.identical_highest=false"],
     {"the 'identical' rebid trigger, and so the share of rebids each trigger forces": "bidding.rebid.triggers.identical_highest: false"}),
    (["bidding.rebid.triggers.sum_equals_tricks=false"],
     {"the 'sum' rebid trigger, and so the share of rebids each trigger forces": "bidding.rebid.triggers.sum_equals_tricks: false"}),
    (["bidding.rebid.bonus.points=0"], {"the rebid bonus": "bidding.rebid.bonus.points: 0"}),
    (["bidding.redeal.max_per_round=0"], {"redeals": "bidding.redeal.max_per_round: 0"}),
    ([], {}),
])
def test_oh_seven_names_each_switched_off_part_of_the_rebid(sets, expected):
    assert _offs(OHSEVEN, sets) == expected


def test_oh_seven_no_bonus_draft_switches_the_bonus_off_and_its_rows_with_it():
    from playtest.games.ohseven.metrics import switched_off as ohseven_off

    (off,) = ohseven_off(load_variant(ROOT / "variants" / "ohseven" / "no-bonus.yaml").model)
    assert off.what == "the rebid bonus" and off.why == "bidding.rebid.bonus.to: nobody"
    assert off.covers("bonus_points", "winners") and off.covers("score_mean", "all / rebid_bonus")
    assert off.covers("mean_score_rebid_bonus", "random")
    assert not off.covers("rebids_mean", "mean per round") and not off.covers("score_mean", "all / rounds")


def test_one_switched_off_trigger_leaves_out_the_trigger_shares_not_the_rebids():
    """With one trigger off, every rebid is the other's: its share could only read 100%, and
    compare ranked "sum +30.0 points" first against a draft with both triggers on, while the sum
    trigger's rebids per round had not changed (h184, 2026-12-06)."""
    from playtest.games.ohseven.metrics import switched_off as ohseven_off

    (off,) = ohseven_off(load_variant(OHSEVEN, ["bidding.rebid.triggers.identical_highest=false"]).model)
    assert off.covers("share_trigger", "identical") and off.covers("share_trigger", "sum+identical")
    assert off.covers("share_trigger", "sum")
    assert not off.covers("rebids_mean", "mean per round") and not off.covers("share_rebids", "rounds")


def test_stargate_without_the_color_bonus_has_no_color_rows(tmp_path):
    info, games, events = _run(tmp_path, DRAFT5, ["scoring.color_bonus=none"], n=4)
    table = all_metrics(info, games, events)
    color = table.filter(pl.col(C.GROUP).str.ends_with("/ color")
                         | ((pl.col(C.METRIC) == "vp_share_by_source") & (pl.col(C.GROUP) == "color")))
    assert color.height == 0, "the color bonus part of a variant without it (it read 0.00 and 0.0%)"
    assert table.filter(pl.col(C.GROUP) == "all / planets").height  # other parts stay
    assert _offs(DRAFT5, ["scoring.color_bonus=none"])["the color bonus"] == "scoring.color_bonus: none"
    assert "the color bonus" not in _offs(DRAFT5, [])


def test_stargate_leaves_out_what_draft5_s_crews_and_planets_cannot_do(tmp_path):
    """Draft 5: no planet effect, no extension slot, one crew (Armstrong) whose skill gives VP and
    one (Bays) that gains cubes, one end trigger. 'Skill VP per pick: anderson 0.00 [0.00 - 0.00]'
    is not a measurement."""
    info, games, events = _run(tmp_path, DRAFT5, [], n=4)
    table = all_metrics(info, games, events)

    def groups(metric: str) -> set[str]:
        return set(table.filter(pl.col(C.METRIC) == metric)[C.GROUP].to_list())

    assert groups("crew_vp_per_pick") == {"armstrong"}
    assert groups("crew_cubes_gained_per_pick") == {"bays"}
    assert len(groups("crew_cubes_placed_per_pick")) == 6  # every crew places cubes
    assert groups("vp_share_by_source") == {"planets", "color", "skill"}
    offs = _offs(DRAFT5, [])
    assert offs["planet effects' VP"] == "no planet has an effect that changes VP"
    assert offs["the end triggers planets_full, round_cap, out_of_cubes"] == "end: lists only stock_empty"
    # A draft with special planets and developing crews measures those parts.
    special = _offs(ROOT / "variants" / "stargate" / "draft6-development.yaml", [])
    assert "planet effects' VP" not in special and "extension slots" not in special


def test_stargate_without_a_stock_measures_no_cubes_gained(tmp_path):
    """Draft 6a keeps draft 5's Bays (take 2 cubes from the stock) but starts every cube in hand:
    the stock is empty for good, and 'Cubes gained per pick: bays 0.00' read as if Bays had been
    measured and never gained a cube (compare: "2.00 lower than draft5 in every game played")."""
    draft6a = ROOT / "variants" / "stargate" / "draft6-no-replenish.yaml"
    info, games, events = _run(tmp_path, draft6a, [], n=4)
    assert all_metrics(info, games, events).filter(pl.col(C.METRIC) == "crew_cubes_gained_per_pick").height == 0
    assert _offs(draft6a, [])["cubes gained by the skill of any crew"] == (
        "cubes.start_in_hand 15 of cubes.total 15: the stock starts empty and nothing refills it")
    # With a stock to take from, Bays' cubes are measured again.
    assert "cubes gained by the skill of any crew" not in _offs(draft6a, ["cubes.start_in_hand=13"])


def test_new_frontiers_goals_option_switches_retreat_or_galaxy_goals_off():
    base = ROOT / "variants" / "new-frontiers"
    assert _offs(base / "base.yaml", []) == {"the Galaxy goals action and goal VP": "goals.enabled: false"}
    assert _offs(base / "goals.yaml", []) == {"Retreat into isolation (Galaxy goals replaces it)": "goals.enabled: true"}
    assert _offs(base / "base.yaml", ["rules.produce.pile_gold=0"])["gold on the Produce pile"] == \
        "rules.produce.pile_gold: 0"


def test_a_new_frontiers_end_trigger_that_can_never_fire_is_off_not_a_measured_0_percent():
    """validate notes that a worlds threshold above the world limit can never fire; the report
    still listed 'worlds 0.0% [0.0% – 16.1%]', as if it might fire up to 16% of the time."""
    base = ROOT / "variants" / "new-frontiers" / "base.yaml"
    offs = _offs(base, ["rules.end.worlds=20"])
    assert offs["the 'worlds' end trigger"] == ("rules.end.worlds: 20, which it can never reach: a player holds at "
                                                "most 9 worlds (the home world and rules.explore.world_limit 8)")
    assert "the 'worlds' end trigger" not in _offs(base, [])


def test_a_run_whose_variant_no_longer_validates_keeps_its_rows():
    """An old run's resolved variant that this schema refuses: nothing is left out, no error."""
    info = {"game": "ohseven", "variant": {"hash": "old", "resolved": {"game": "ohseven", "no_such_key": 1}}}
    assert switched_off(info) == ()
    assert switched_off({"game": "ohseven"}) == ()  # a table game's info: no resolved variant


def test_every_report_names_what_the_variant_switches_off(cli, tmp_path):
    from playtest.report.jsonreport import schema

    out = tmp_path / "run"
    r = cli("simulate", str(OHSEVEN), "-n", "4", "--seed", "1", "--workers", "1", "--out", str(out),
            *(x for s in NO_REBIDS for x in ("--set", s)))
    assert r.returncode == 0, r.stderr
    line = "- forced rebids, and so redeals and rebid bonuses (bidding.rebid.triggers: sum_equals_tricks and " \
           "identical_highest both false)"
    assert f"{HEADING}\n{line}" in r.stdout
    assert "mean_score_rebid_bonus" not in r.stdout and "mean_score_rounds" in r.stdout
    assert "Forced rebids per round" not in r.stdout
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<dt>Switched off</dt>" in html and "forced rebids, and so redeals and rebid bonuses" in html
    assert "bonus_points" not in html
    r = cli("report", str(out), "-f", "md", "-o", "-")
    assert "Switched off in this variant" in r.stdout and "- forced rebids, and so redeals" in r.stdout
    r = cli("report", str(out), "-f", "json", "-o", "-")
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, schema(), cls=jsonschema.Draft202012Validator)
    assert [o["what"] for o in doc["switched_off"]] == ["forced rebids, and so redeals and rebid bonuses"]
    assert {"metric": "rebids_mean", "group": "*"} in doc["switched_off"][0]["rows"]
    assert not any(row["metric"] in REBID_METRICS for s in doc["sections"] for row in s["metrics"])


def test_a_crew_effect_the_stargate_metrics_do_not_name_is_not_switched_off():
    """docs/extending.md: an effect is one schema class and one handler. metrics.py must not then
    declare a new effect's VP or cubes switched off (the report hid a new VP effect's skill VP,
    saying 'no crew has a gain_vp, color_vp or vp_per_full_planet skill')."""
    from typing import Literal

    from playtest.games.stargate.metrics import switched_off as stargate_off
    from playtest.games.stargate.schema import SkillEffect

    class NewEffect(SkillEffect):  # declares none of SkillEffect's traits: it may do anything
        effect: Literal["new_effect"]
        amount: int = 3

    model = load_variant(DRAFT5, []).model
    crews = [c.model_copy(update={"skill": [NewEffect(effect="new_effect")]}) if c.id == "armstrong" else c
             for c in model.crews]
    offs = {o.what: o for o in stargate_off(model.model_copy(update={"crews": crews}))}
    assert "crew skill VP" not in offs
    assert not any(o.covers("crew_vp_per_pick", "armstrong") or o.covers("crew_cubes_gained_per_pick", "armstrong")
                   for o in offs.values())
    # The effects it knows keep their rows off: draft 5's Orlins gives neither VP nor cubes.
    assert any(o.covers("crew_vp_per_pick", "orlins") for o in offs.values())
    assert any(o.covers("crew_cubes_gained_per_pick", "orlins") for o in offs.values())


@pytest.mark.parametrize(("draft", "titles"), [
    ("draft5.yaml", ["Cubes gained per pick", "Cubes placed per pick"]),
    ("draft6-new-crews.yaml", ["Cubes placed per pick"]),  # no skill gains cubes: no gained table
    ("draft6-no-replenish.yaml", ["Cubes placed per pick"]),  # Bays' gain_cubes, but no stock to gain from
])
def test_the_cube_tables_are_titled_by_what_they_hold(cli, tmp_path, draft, titles):
    """One table "Cubes gained and placed per pick" held the placed rows alone where no skill
    gains cubes (every draft-6 idea), and simulate's terminal, which names the metric only in a
    table of several, printed them under a title that promised cubes gained as well. The
    report's sections (what simulate's terminal, the HTML, md and JSON title) on every draft; the
    terminal itself on the draft whose Bays has no stock to gain from."""
    from playtest.analysis.metrics import sections

    info, games, events = _run(tmp_path / "run", ROOT / "variants" / "stargate" / draft, [], n=4)
    assert [s.title for s in sections(info, games, events) if s.title.startswith("Cubes")] == titles
    if draft == "draft6-no-replenish.yaml":
        r = cli("simulate", str(ROOT / "variants" / "stargate" / draft), "-n", "4", "--bots", "random", "--seed", "1",
                "--workers", "1", "--out", str(tmp_path / "cli"))
        assert r.returncode == 0, r.stderr
        assert [t for t in ("Cubes gained and placed per pick", "Cubes gained per pick", "Cubes placed per pick")
                if f"\n{t}\n" in r.stdout] == titles
