"""The CLI on Oh-Seven: validate, simulate, replay (exact messages and exit codes)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import CliResult, assert_valid_charts, invoke_cli

from .helpers import DATA, ROOT


def run(*args: str) -> CliResult:
    """`playtest ARGS...` in this process (tests/conftest.py), from the repository root."""
    return invoke_cli(*args)


def test_validate_ships_valid_variants():
    out = run("validate", "variants/ohseven/base.yaml", "variants/ohseven/hook.yaml", "variants/ohseven/no-bonus.yaml")
    assert out.returncode == 0, out.stderr
    assert [line.split(": ok (")[0] for line in out.stdout.splitlines()] == [
        "variants/ohseven/base.yaml", "variants/ohseven/hook.yaml", "variants/ohseven/no-bonus.yaml"]


def test_validate_reports_cross_field_problem():
    out = run("validate", "variants/ohseven/base.yaml", "--set", "bidding.hook=true")
    assert out.returncode == 2
    assert out.stderr == "error: --set bidding.hook=true: bidding.hook: the hook rule needs bidding.mode: in_turn\n"


def test_a_rebid_bonus_paid_to_nobody_is_a_note():
    """`bonus.to: nobody` with points left at 1 validated as plain 'ok': legal, and the point is
    never scored. A located note (at the points, and where the file changed `to`); none for the
    shipped no-bonus draft, which writes points: 0."""
    out = run("validate", "variants/ohseven/base.yaml", "--set", "bidding.rebid.bonus.to=nobody")
    assert out.returncode == 0 and out.stdout.startswith("variants/ohseven/base.yaml: ok")
    assert out.stderr == (
        "note: variants/ohseven/base.yaml:50:15: bidding.rebid.bonus.points: 1 point that can never be scored: "
        "bonus.to is nobody (write points: 0 for no bonus, or to: highest_bidders to pay it) (with --set "
        "bidding.rebid.bonus.to=nobody)\n")
    assert run("validate", "variants/ohseven/no-bonus.yaml").stderr == ""
    assert run("validate", "variants/ohseven/no-bonus.yaml", "--set", "bidding.rebid.bonus.points=2").stderr.startswith(
        "note: --set bidding.rebid.bonus.points=2: bidding.rebid.bonus.points: 2 points that can never be scored")


def test_a_rebid_setting_that_can_never_apply_is_a_note(tmp_path: Path):
    """Both rebid triggers off and `bonus.points: 3`: validate said only ok, and the matches were the
    very same (no rebid is ever forced, so no bonus and no redeal); likewise `keep_points: false`
    where no bonus is paid. A located note at each changed setting; none for a default inherited."""
    off = ["--set", "bidding.rebid.triggers.sum_equals_tricks=false", "--set", "bidding.rebid.triggers.identical_highest=false"]
    assert run("validate", "variants/ohseven/base.yaml", *off).stderr == ""
    draft = tmp_path / "draft.yaml"
    draft.write_text(f"extends: {ROOT / 'variants/ohseven/base.yaml'}\nname: no rebids\nbidding:\n  rebid:\n"
                     "    triggers: {sum_equals_tricks: false, identical_highest: false}\n    bonus: {points: 3}\n")
    out = run("validate", str(draft))
    assert out.returncode == 0
    assert out.stderr == (f"note: {draft}:6:21: bidding.rebid.bonus.points: no rebid is ever forced (both "
                          "bidding.rebid.triggers are off), so no rebid bonus is paid and no redeal happens: this "
                          "setting is never used (3 set, 1 the default)\n"), out.stderr
    out = run("validate", "variants/ohseven/no-bonus.yaml", "--set", "bidding.redeal.keep_points=false")
    assert out.stderr == ("note: --set bidding.redeal.keep_points=false: bidding.redeal.keep_points: no rebid bonus is "
                          "ever paid (bidding.rebid.bonus.points: 0): whether a redeal keeps it is never asked (false "
                          "set, true the default)\n"), out.stderr
    assert run("validate", "variants/ohseven/base.yaml", "--set", "bidding.redeal.keep_points=false").stderr == ""


def test_unknown_bot_lists_valid_names():
    out = run("simulate", "variants/ohseven/base.yaml", "-n", "2", "--bots", "nope", "-q", "--out", "/dev/null/x")
    assert out.returncode == 2
    assert out.stderr == ("error: --bots: unknown bot 'nope' for ohseven (valid: random, heuristic, scripted:aggressive, "
                          "scripted:cautious, scripted:bonus-hunter, scripted:greedy, "
                          "mcts:N[:option=value...], ismcts:N[:option=value...])\n")


@pytest.mark.parametrize("players", [4, 9])
def test_simulate_writes_tables_and_summary(tmp_path: Path, players: int):
    out = run("simulate", "variants/ohseven/base.yaml", "-n", "20", "--players", str(players),
              "--bots", "heuristic,random", "-w", "1", "--seed", "5", "--out", str(tmp_path))
    assert out.returncode == 2 and "--bots names 2 bots" in out.stderr
    lineup = ",".join(["heuristic", "random"] + ["scripted:greedy"] * (players - 2))
    out = run("simulate", "variants/ohseven/base.yaml", "-n", "20", "--players", str(players),
              "--bots", lineup, "-w", "1", "--seed", "5", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    flat = " ".join(out.stdout.split())  # rich wraps a title to its table's width
    for title in ("Final bids", "Exact-bid rate by bid", "Exact-bid rate by bot", "Forced rebids per round",
                  "Redeals per match", "Rebid bonus points per player per match", "Trump suit",
                  "Highest bidder (sets trump, leads) makes its bid", "Win rate by seat"):
        assert title in flat
    games = pl.read_parquet(tmp_path / "games.parquet")
    events = pl.read_parquet(tmp_path / "events.parquet")
    assert games.height == 20 * players and set(games["rounds"]) == {7}
    if players == 4:  # the page is built the same way at any player count
        assert_valid_charts((tmp_path / "report.html").read_text(), at_least=10)
    assert (games["total"] == games["score_rounds"] + games["score_rebid_bonus"]).all()
    ends = events.filter(pl.col("kind") == "round_end")
    assert ends.height == 20 * players * 7
    last = ends.filter(pl.col("round") == 7).select("game", "seat", "total")
    joined = last.join(games.select("game", "seat", "total"), on=["game", "seat"])
    assert (joined["total"].cast(pl.Float64) == joined["total_right"]).all()


@pytest.mark.system
def test_simulate_is_identical_across_worker_counts(tmp_path: Path):
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants import load_variant

    variant = load_variant(ROOT / "variants" / "ohseven" / "base.yaml")
    lineup = ("random", "heuristic", "heuristic", "random", "scripted:greedy")
    frames = []
    for w in (1, 2):
        config = RunConfig(n_games=60, players=5, lineup=lineup, seed=9, workers=w, chunk_size=15)
        run_batch(variant, config, tmp_path / str(w))
        frames.append((pl.read_parquet(tmp_path / str(w) / "games.parquet"),
                       pl.read_parquet(tmp_path / str(w) / "events.parquet")))
    assert frames[0][0].equals(frames[1][0]) and frames[0][1].equals(frames[1][1])
    assert frames[0][1].filter(pl.col("kind") == "round_end").height == 60 * 5 * 7


def test_replay_text_json_and_illegal():
    out = run("replay", "tests/ohseven/data/two_rebids.yaml")
    assert out.returncode == 0, out.stderr
    assert "  bids pass 2: Ann 3H=3, Ben 4D=4 (sum 7) → forced rebid (sum; Ben +1)" in out.stdout
    assert "  1. Ann          rounds -2  bonus +1  total -1" in out.stdout
    out = run("replay", "--json", "tests/ohseven/data/match5.yaml")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["complete"] and [f["total"] for f in data["final"]] == [11, 0, 2, 11, 0]
    out = run("replay", str(DATA / "illegal_follow.yaml"))
    assert out.returncode == 2
    assert out.stderr == (f"{DATA / 'illegal_follow.yaml'}:16:9: "
                          "move 8: round 1, trick 1, Ann plays 2D: must follow suit (H was led)\n")


def test_replay_json_says_null_for_no_trump():
    # bidding.trump: none: --json printed the events' placeholder, "trump": "-", a string no suit has.
    out = run("replay", "--json", str(DATA / "handscored" / "os9.yaml"))
    assert out.returncode == 0, out.stderr
    assert [r["trump"] for r in json.loads(out.stdout)["rounds"]] == [None, None]
    out = run("replay", "--json", str(DATA / "handscored" / "os5.yaml"))
    assert json.loads(out.stdout)["rounds"][0]["trump"] == "H"


@pytest.mark.parametrize(("sets", "title", "trump_rows"), [
    ((), "Highest bidder (sets trump, leads) makes its bid", None),
    (("bidding.first_lead=left_of_dealer",), "Highest bidder (sets trump) makes its bid", None),
    (("bidding.trump=none",), "Highest bidder (leads) makes its bid", "off"),
    (("bidding.trump=none", "bidding.first_lead=left_of_dealer"), "Highest bidder makes its bid", "off"),
])
def test_the_highest_bidder_table_says_what_the_highest_bidder_does_in_this_variant(tmp_path, sets, title, trump_rows):
    # The table was titled "(sets trump, leads)" whatever bidding.trump and bidding.first_lead said.
    # The run is played by the runner, as `simulate --set ...` plays it (the same rows), without
    # the HTML report and summary simulate adds: 0.7 of this test's 0.9 CPU-s, and not read here.
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants import load_variant

    variant = load_variant(ROOT / "variants" / "ohseven" / "base.yaml", list(sets))
    run_batch(variant, RunConfig(n_games=12, players=4, lineup=("heuristic",) * 4, seed=2, workers=1), tmp_path / "run")
    rep = run("report", str(tmp_path / "run"), "-f", "json", "-o", "-")
    report = json.loads(rep.stdout)
    sections = {s["title"]: s for s in report["sections"]}
    assert title in sections
    assert "Highest bidder" not in " ".join(t for t in sections if t != title)
    if trump_rows == "off":  # no trump suit: not a table reading 'no trump 100%', but switched off by name
        assert "Trump suit" not in sections and "(sets trump" not in sections[title]["metrics"][0]["definition"]
        assert ("the trump suit", "bidding.trump: none") in [(o["what"], o["why"]) for o in report["switched_off"]]
    else:
        assert "Trump suit" in sections


def test_the_highest_bidder_section_keeps_its_p_value(tmp_path):
    """The section's definition promises 'p: paired t test over matches of the difference', but
    the p-value was dropped from the game's tables, which are also the report's sections: every
    report (terminal, Markdown, HTML, JSON) showed the definition without its p."""
    import json

    out = tmp_path / "run"
    res = run("simulate", "variants/ohseven/base.yaml", "-n", "20", "--players", "4", "--bots", "heuristic",
              "--seed", "1", "--workers", "1", "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert "paired t test over matches of the difference: p = " in res.stdout
    res = run("report", str(out), "--format", "json", "--out", str(tmp_path / "r.json"))
    assert res.returncode == 0, res.stderr
    doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    rows = [m for s in doc["sections"] if s["title"].startswith("Highest bidder") for m in s["metrics"]]
    p = {m["group"]: m["p_value"] for m in rows}
    assert p["other players"] is None
    assert p["highest bidder"] is not None and 0 <= p["highest bidder"] <= 1


def test_a_bot_that_never_gained_a_rebid_bonus_reads_none_not_a_missing_interval(tmp_path: Path):
    """simulate's 'Mean score by bot and component' showed 'mean_score_rebid_bonus │ 0.00 │ –' for
    every bot in 8 games without a forced rebid, beside the other parts' intervals: a bonus cannot
    be negative (score_floors), so a mean of 0 is 0 in every game, and the cell says so."""
    out = run("simulate", "variants/ohseven/base.yaml", "-n", "8", "--players", "4", "--bots",
              "heuristic,random,scripted:aggressive,scripted:bonus-hunter", "-w", "1", "--seed", "3",
              "--out", str(tmp_path / "run"))
    assert out.returncode == 0, out.stderr
    rows = [line for line in out.stdout.splitlines() if "mean_score_rebid_bonus" in line]
    assert len(rows) == 4
    assert all(line.split("│")[3].strip() == "none: 0 in every game" for line in rows), rows
    games = pl.read_parquet(tmp_path / "run" / "games.parquet")
    assert (games["score_rebid_bonus"] == 0).all()


def test_the_docs_say_that_heuristic_bots_play_a_scoring_change_the_same_way(tmp_path: Path):
    """A designer's draft raising the exact-bid bonus, compared with heuristic bots, showed only
    the arithmetic: every bid and card stayed the same, and nothing said that these bots read no
    scoring setting. The docs say so now, and it holds. The runs are played by the runner, as
    `simulate -q --set ...` plays them (the same rows), without the HTML report simulate adds even
    with -q: most of the CPU of two simulate calls, and not read here."""
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants import load_variant

    events = []
    lineup = ("heuristic", "scripted:bonus-hunter", "scripted:aggressive", "heuristic")
    for name, sets in (("base", []), ("bonus", ["scoring.exact_bonus=5", "bidding.rebid.bonus.points=3"])):
        variant = load_variant(ROOT / "variants" / "ohseven" / "base.yaml", sets)
        run_batch(variant, RunConfig(n_games=6, players=4, lineup=lineup, seed=2, workers=1), tmp_path / name)
        ev = pl.read_parquet(tmp_path / name / "events.parquet")
        events.append(ev.filter(pl.col("kind").is_in(["bid", "play"])).select("game", "round", "seat", "kind", "card"))
    assert events[0].height > 0 and events[0].equals(events[1])
    readme = " ".join((ROOT / "README.md").read_text().split())
    variants = " ".join((ROOT / "docs" / "variants.md").read_text().split())
    assert "It reads no scoring setting (`scoring.*`, `bidding.rebid.bonus`)" in readme
    assert "The `heuristic` bot and the scripted styles built on it read none of the scoring keys" in variants


def test_every_key_the_bots_are_declared_not_to_read_leaves_their_play_unchanged(tmp_path: Path):
    """GameSpec.unread_keys tells compare, tune and explain that these bots play a change to these
    keys exactly as before: checked for every declared key (POINTS_ONLY) and every declared bot,
    all six in one 6-player line-up. (The declaration's own test only compared it with the bot list
    it is built from.)"""
    from playtest.games import get_game
    from playtest.games.ohseven.spec import POINTS_ONLY
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants import load_variant

    changes = {"scoring": ["scoring.exact_bonus=6", "scoring.exact_per_bid=2", "scoring.miss_per_trick=-3"],
               "bidding.rebid.bonus": ["bidding.rebid.bonus.points=4"],
               "bidding.redeal.keep_points": ["bidding.redeal.keep_points=false"], "tie": ["tie=most_exact"]}
    assert set(changes) == set(POINTS_ONLY)
    lineup = tuple(sorted(get_game("ohseven").unread_keys))
    assert len(lineup) == 6

    def play(name: str, sets: list[str]) -> pl.DataFrame:
        variant = load_variant(ROOT / "variants/ohseven/base.yaml", sets)
        run_batch(variant, RunConfig(n_games=6, players=6, lineup=lineup, seed=4, workers=1), tmp_path / name)
        ev = pl.read_parquet(tmp_path / name / "events.parquet")
        return ev.filter(pl.col("kind").is_in(["bid", "bids_set", "rebid", "play", "trick"])).select(
            "game", "round", "turn", "seat", "kind", "card", "bid", "winner")

    base = play("base", [])
    assert base.filter(pl.col("kind") == "rebid").height > 0  # a forced rebid is among the choices played
    for key, sets in changes.items():
        assert play(key, sets).equals(base), key


def test_one_game_and_one_round_are_said_in_the_singular(cli, tmp_path):
    """`simulate -n 1` said "1 games of Oh-Seven (base)", and a transcript of a one-round variant
    with a round too many "the variant plays 1 rounds" (h191)."""
    r = cli("simulate", str(ROOT / "variants/ohseven/base.yaml"), "-n", "1", "--bots", "random", "-w", "1",
            "-o", str(tmp_path / "run"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("1 game of Oh-Seven (base) (4 players"), r.stdout[:60]
    t = tmp_path / "t.yaml"
    t.write_text(f"game: ohseven\nvariant: {ROOT / 'variants/ohseven/base.yaml'}\nset: [rounds=1, hand_size=1]\n"
                 "players: [Ann, Ben]\nrounds:\n  - deals:\n      - hands: {Ann: [AS], Ben: [2D]}\n"
                 "        bids: [[AS, 2D]]\n    tricks: [[AS, 2D]]\n  - deals:\n      - hands: {Ann: [AS], Ben: [2D]}\n"
                 "        bids: [[AS, 2D]]\n")
    r = cli("replay", str(t))
    assert r.returncode == 2 and "rounds: the variant plays 1 round, the transcript lists 2" in r.stderr, r.stderr
