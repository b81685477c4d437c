"""The CLI on New Frontiers: validate (located one-line errors), simulate and reports, replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import CliResult, assert_valid_charts, invoke_cli

from .helpers import DATA, ROOT

BASE = "variants/new-frontiers/base.yaml"
FIRST_WORLD_LINE = 1 + next(i for i, line in enumerate((ROOT / BASE).read_text().splitlines())
                            if line.startswith("  - {id: w01"))
"""The list of worlds (where a problem with the whole list is located) starts at its first item."""


def run(*args: str) -> CliResult:
    """`playtest ARGS...` in this process (tests/cli keeps the true subprocess smoke tests)."""
    return invoke_cli(*args)


def test_validate_ships_valid_variants():
    out = run("validate", BASE, "variants/new-frontiers/goals.yaml", "variants/new-frontiers/no-compensation.yaml")
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 3


@pytest.mark.parametrize(("override", "message"), [
    ("worlds.0.powers=[{kind: teleport}]",
     "--set worlds.0.powers=[{kind: teleport}]: worlds.w01.powers.0: unknown kind 'teleport'; valid kinds: "
     "military, gold_on, discount, extra_good, consume, explore_draw, settle_reward, extra_settle, end_bonus"),
    ("worlds.0.powers=[{action: settle}]",
     "--set worlds.0.powers=[{action: settle}]: worlds.w01.powers.0: required key 'kind' is missing "
     "(got {\"action\": \"settle\"}); valid kinds: military, gold_on, discount, extra_good, consume, explore_draw, "
     "settle_reward, extra_settle, end_bonus"),
    (("rules.unique_developments=true", "worlds.39.cost=19"),  # one copy of each military development each
     "--set worlds.39.cost=19: worlds.w32.cost: needs military 19 but one player can hold at most 16 with "
     "this tile set: it can never be settled"),
    (("developments.d03.copies=1", "developments.d09.copies=1", "worlds.39.cost=19"),  # every copy counts
     "--set worlds.39.cost=19: worlds.w32.cost: needs military 19 but one player can hold at most 16 with "
     "this tile set: it can never be settled"),
    ("rules.bonuses.explore_picks=30",
     f"variants/new-frontiers/base.yaml:{FIRST_WORLD_LINE}:3: worlds: the bag holds 40 worlds, too few for an "
     "explore draw of 7 (need at least 42: the draw 7 + the selector's 30 bonus picks + one world for each of 5 "
     "players)"),
    (("rules.unique_developments=true", "worlds.w30.cost=15"),  # w30's own +2 counts only once it is settled
     "--set worlds.w30.cost=15: worlds.w30.cost: needs military 15 but one player can hold at most 14 with "
     "this tile set: it can never be settled"),
    ("rules.setup.compensation.2=[0,-5]",
     "--set rules.setup.compensation.2=[0,-5]: rules.setup.compensation.2.1: Input should be greater than "
     "or equal to 0 (got -5)"),
    ("worlds.0.colonists=3",
     "--set worlds.0.colonists=3: worlds.w01.colonists: Input should be less than or equal to 2 (got 3)"),
    ("worlds.w02.colonists=0",  # a world needs 1 or 2 colonists
     "--set worlds.w02.colonists=0: worlds.w02.colonists: Input should be greater than or equal to 1 (got 0)"),
    ("worlds.w01.cost=-1",
     "--set worlds.w01.cost=-1: worlds.w01.cost: Input should be greater than or equal to 0 (got -1)"),
    ("developments.d01.cost=-2",
     "--set developments.d01.cost=-2: developments.d01.cost: Input should be greater than or equal to 0 (got -2)"),
    ("goals.cards.g08.color=purple",  # the goal's line named no colors, unlike a world's or a power's
     "--set goals.cards.g08.color=purple: goals.cards.g08.color: unknown good color 'purple' (one of blue, "
     "brown, green, yellow)"),
    ("rules.end.worlds=1",  # the home world counts: every game ended after round 1 (30 games of 30)
     "--set rules.end.worlds=1: rules.end.worlds: every player holds 1 settled world, the home world, from "
     "the set-up (it counts): this trigger would end every game after round 1; give 2 or more (8 in the rules "
     "summary), or null to switch it off"),
    ("rules.players=[2,3,4,5,7]",  # (once also "7 players need 7 home worlds": a knock-on of the same mistake)
     "--set rules.players=[2,3,4,5,7]: rules.players.4: player counts must be between 2 and 6"),
])
def test_bad_tile_sets_are_one_located_line(override, message):
    from playtest.errors import VariantError
    from playtest.variants import load_variant

    with pytest.raises(VariantError) as err:
        load_variant(ROOT / BASE, [override] if isinstance(override, str) else list(override))
    assert len(err.value.problems) == 1
    assert message.removeprefix("variants/new-frontiers/base.yaml") in str(err.value)


def test_a_tile_set_where_no_colonist_ever_reaches_a_supply_is_refused():
    """Every world needs a colonist: without set-up colonists, Settle's colonists and its bonus,
    nobody settles anything (20 greedy games: the home world alone, all game)."""
    from playtest.errors import VariantError
    from playtest.variants import load_variant

    with pytest.raises(VariantError) as err:
        load_variant(ROOT / BASE, ["rules.settle.colonists=0", "rules.bonuses.settle_colonists=0"])
    assert [p.path for p in err.value.problems] == ["rules.settle.colonists"]
    assert "no world can ever be settled" in str(err.value)
    load_variant(ROOT / BASE, ["rules.settle.colonists=0"])  # the selector's bonus colonist is enough


@pytest.mark.parametrize(("override", "message"), [
    ("rules.explore.world_limit=2",  # the worlds trigger (8) can never fire: it stayed at 0% of games
     "rules.end.worlds: a player holds at most 3 worlds (the home world and rules.explore.world_limit 2): this "
     "trigger can never fire (null switches it off) (with --set rules.explore.world_limit=2)"),
    ("rules.end.developments=41",  # every copy counts: a player may buy another copy of a kind (RULINGS)
     "--set rules.end.developments=41: rules.end.developments: one player can own at most 40 development "
     "points with this tile set: this trigger can never fire (null switches it off)"),
    ("rules.end.settle_colonists=1000",  # the other way: it fired at the first Settle, every game 5 rounds long
     "--set rules.end.settle_colonists=1000: rules.end.settle_colonists: the colonist stock starts at 22 at 2 "
     "players, 31 at 3 players, 40 at 4 players, 49 at 5 players (rules.stocks), already 1000 or less: the first "
     "Settle selected ends every game there (the stock never grows; 4 in the rules summary, null switches it off)"),
])
def test_an_end_trigger_no_game_can_reach_is_a_note_not_an_error(cli, override, message):
    """Legal (another trigger ends the game; a hand-scored transcript may shrink the world limit
    on purpose), but the designer is told, located, by validate and simulate."""
    out = cli("validate", BASE, "--set", override)
    assert out.returncode == 0 and out.stdout.startswith(f"{BASE}: ok")
    assert out.stderr.startswith("note: ") and out.stderr.rstrip("\n").endswith(message)
    assert len(out.stderr.splitlines()) == 1
    assert cli("validate", BASE).stderr == ""


SMALL_TILES = ("worlds:\n" + "".join(f"  - {{id: w{i}, name: World {i}, kind: production, color: blue, cost: 1}}\n"
                                      for i in range(1, 7))
               + "developments:\n  - {id: d1, name: Labs, cost: 2, vp: 1, copies: 4}\n"
               "  - {id: d2, name: Yards, cost: 3, vp: 1, copies: 4}\n"
               "  - {id: d3, name: Senate, cost: 9, vp: 3, large: true, copies: 2}\n")
"""6 worlds and 12 development points (two large ones count 2 each)."""


def test_a_tile_set_too_small_for_the_end_triggers_is_a_note(cli, tmp_path):
    """A tile set of 6 worlds and 12 development points validated as plain 'ok' at 2 players,
    and 40 greedy games (`simulate -n 40 --bots greedy --seed 0`) all ran 17 rounds to the VP
    chips: 8 settled worlds need 7 of a bag of 6 (never), 11 development points one player
    owning all but one of the 12. Counted from the file, so a located note each."""
    base = (ROOT / BASE).read_text()
    draft = tmp_path / "small.yaml"
    draft.write_text(base[:base.index("worlds:\n  # production")].replace("players: [2, 3, 4, 5]", "players: [2]")
                     .replace("draw: 7\n", "draw: 3\n") + SMALL_TILES)
    out = cli("validate", str(draft))
    assert out.returncode == 0 and out.stdout.startswith(f"{draft}: ok"), out.stderr
    notes = out.stderr.splitlines()
    assert len(notes) == 2
    assert notes[0].endswith(": rules.end.worlds: the bag holds 6 worlds, so a player settles at most 7 worlds with "
                             "the home world: this trigger can never fire (null switches it off)")
    assert notes[1].endswith(": rules.end.developments: one player must own 11 of the tile set's 12 development "
                             "points (every copy; a large one counts 2), more than all the other players together "
                             "may then own (1): only a player who buys more than all the others together fires it "
                             "(add copies, or lower the trigger)")
    assert cli("validate", str(draft), "--set", "rules.end.developments=6", "--set", "rules.end.worlds=4").stderr == ""
    out = cli("validate", str(draft), "--set", "rules.end.worlds=5", "--set", "rules.end.developments=6")
    assert len(out.stderr.splitlines()) == 1 and out.stderr.rstrip("\n").endswith(  # 4 of 6: more than the other's 2
        "rules.end.worlds: one player must settle 4 of the bag's 6 worlds (besides the home world), more than all the "
        "other players together may then hold (2): only a player who takes more worlds than all the others together "
        "fires it (add worlds, or lower the trigger)")


def test_a_settle_trigger_at_or_above_the_starting_colonist_stock_is_a_note(cli):
    """rules.end.settle_colonists=100 validated as plain 'ok', and every game then ended at the
    first Settle selected (20 greedy games: 5.1 rounds, all ended by the colonists). Legal (a
    hand-scored transcript ends a game early so on purpose), so a located note, per player count:
    at 25 only the 2-player stock (10 × 2 + 4 − 2 home colonists = 22) is short."""
    out = cli("validate", BASE, "--set", "rules.end.settle_colonists=25")
    assert out.returncode == 0 and out.stdout.startswith(f"{BASE}: ok")
    assert out.stderr == (
        "note: --set rules.end.settle_colonists=25: rules.end.settle_colonists: the colonist stock starts at 22 at "
        "2 players (rules.stocks), already 25 or less: the first Settle selected ends every game there (the stock "
        "never grows; 4 in the rules summary, null switches it off)\n")
    assert cli("validate", BASE, "--set", "rules.end.settle_colonists=21").stderr == ""


def test_a_tile_named_like_another_is_a_located_note(cli, tmp_path):
    """A draft's new world named like a shipped one (`{id: w42, name: Gold Comet}` beside w20)
    validated as plain 'ok'; play's listings, the replay and the reports then show two tiles of
    one name. Legal (the ids differ), so a note at the name, not an error."""
    draft = tmp_path / "draft.yaml"
    draft.write_text(f"extends: {ROOT / BASE}\nname: two comets\nworlds:\n"
                     "  - {id: w42, name: Gold Comet, kind: windfall, color: yellow, cost: 2, vp: 1}\n")
    out = cli("validate", str(draft))
    assert out.returncode == 0 and out.stdout.startswith(f"{draft}: ok")
    assert out.stderr == (f"note: {draft}:4:21: worlds.w42.name: 'Gold Comet' is also the name of w20: the two are "
                          "told apart only by their ids (give this one a name of its own)\n")
    out = cli("validate", BASE, "--set", "developments.d14.name=academy")
    assert out.returncode == 0 and out.stderr.rstrip("\n").endswith(
        "developments.d14.name: 'academy' is also the name of d13: the two are told apart only by their ids "
        "(give this one a name of its own)")


def test_a_price_for_a_color_no_tile_produces_is_a_note(cli):
    """`rules.goods: {purple: 3}` with no purple world validated as plain 'ok' although the price
    is never used (a misspelt produced color, `yelow`, is refused: tests/bad_inputs)."""
    out = cli("validate", BASE, "--set", "rules.goods.purple=3")
    assert out.returncode == 0 and out.stdout.startswith(f"{BASE}: ok")
    assert out.stderr.startswith("note: ") and out.stderr.rstrip("\n").endswith(
        "--set rules.goods.purple=3: rules.goods.purple: no world or home world produces 'purple' goods: its price "
        "is never used"), out.stderr
    assert cli("validate", BASE, "--set", "worlds.w01.color=purple", "--set", "rules.goods.purple=3").stderr == ""


def test_a_bonus_of_an_action_the_variant_never_plays_is_a_note(cli, tmp_path):
    """`rules.bonuses.goals_gold: 3` without the goals option (or Retreat's gold with it) validated as
    plain 'ok', and simulate played the very same games: a change with no effect, said nowhere.
    An explicit default (the shipped drafts write every bonus) is no change, and gets none."""
    out = cli("validate", BASE, "--set", "rules.bonuses.goals_gold=3")
    assert out.returncode == 0 and out.stdout.startswith(f"{BASE}: ok")
    assert out.stderr == ("note: --set rules.bonuses.goals_gold=3: rules.bonuses.goals_gold: Galaxy goals is played "
                          "only with the goals option (goals.enabled: false here): its gold is never paid (3 set, 1 "
                          "the default)\n"), out.stderr
    draft = tmp_path / "draft.yaml"
    draft.write_text(f"extends: {ROOT / 'variants/new-frontiers/goals.yaml'}\nname: rich retreat\n"
                     "rules:\n  bonuses: {retreat_gold: 4}\n")
    out = cli("validate", str(draft))
    assert out.returncode == 0
    assert out.stderr == (f"note: {draft}:4:27: rules.bonuses.retreat_gold: Retreat into isolation is not played "
                          "with the goals option on (goals.enabled: true; Galaxy goals replaces it): its gold is never "
                          "paid (4 set, 2 the default)\n"), out.stderr
    for extra in (["--set", "goals.hidden_score=owner"], ["--set", "rules.bonuses.goals_draw=4"]):
        assert "goals option (goals.enabled: false here)" in cli("validate", BASE, *extra).stderr
    # played where it is set: no note
    assert cli("validate", BASE, "--set", "rules.bonuses.retreat_gold=4", "--set", "goals.hidden_score=everyone").stderr == ""
    assert cli("validate", "variants/new-frontiers/goals.yaml", "--set", "rules.bonuses.goals_gold=3",
               "--set", "rules.bonuses.goals_draw=4", "--set", "goals.hidden_score=owner").stderr == ""


def test_simulate_prints_the_note_and_runs(cli, tmp_path):
    out = tmp_path / "run"
    r = cli("simulate", BASE, "--set", "rules.explore.world_limit=2", "-n", "2", "-q", "--workers", "1",
            "--out", str(out))
    assert r.returncode == 0 and (out / "games.parquet").is_file()
    assert r.stderr.startswith("note: variants/new-frontiers/base.yaml:") and "rules.end.worlds: a player holds at " \
        "most 3 worlds" in r.stderr


def test_validate_cli_exit_code_and_one_line():
    out = run("validate", BASE, "--set", "rules.unique_developments=true", "--set", "worlds.39.cost=19")
    assert out.returncode == 2
    assert out.stderr == ("error: --set worlds.39.cost=19: worlds.w32.cost: needs military 19 but one player can "
                          "hold at most 16 with this tile set: it can never be settled\n")


def test_unknown_bot_lists_valid_names():
    from playtest.errors import UsageError
    from playtest.games import get_game

    spec = get_game("newfrontiers")
    with pytest.raises(UsageError) as err:
        spec.make_bot("nope", None, 0)
    assert str(err.value) == ("unknown bot 'nope' for newfrontiers (valid: random, greedy, scripted:military, "
                              "scripted:producer, scripted:developer, scripted:envoy)")


def test_simulate_tables_summary_and_report_formats(tmp_path: Path):
    out = run("simulate", BASE, "-n", "8", "--players", "3", "--bots", "random,random,scripted:envoy",
              "-w", "1", "--seed", "5", "--out", str(tmp_path / "run"))
    assert out.returncode == 0, out.stderr
    flat = " ".join(out.stdout.split())
    for title in ("Action selection", "Bonus value: win lift of selecting an action", "End triggers",
                  "VP by source", "Worlds settled per player",
                  "Gold taken from the Produce pile", "Win rate by seat = win rate by starting turn-order position",
                  "Gold by source and by use, per player",
                  # the trade table's numbers are per player, as the gold table's: its title said
                  # only "Trade: gold from goods sold", read as the table's (all players') total
                  "Trade: gold from goods sold, per player"):
        assert title in flat
    games = pl.read_parquet(tmp_path / "run" / "games.parquet")
    events = pl.read_parquet(tmp_path / "run" / "events.parquet")
    assert games.height == 24
    parts = ["score_chips", "score_worlds", "score_developments", "score_bonus", "score_goals"]
    assert (games.select(pl.sum_horizontal(parts)).to_series() == games["total"]).all()
    assert events.filter(pl.col("kind") == "game_end").select("game").n_unique() == 8
    html = (tmp_path / "run" / "report.html").read_text()
    assert_valid_charts(html, at_least=10)
    # Actions by round (GameSpec.by_round_metrics) are a heatmap of rounds × actions, not a
    # column of one interval per round and action. Read from the page (each figure names its
    # chart's key beside the chart's id): building the report and its charts again cost 0.75 CPU-s.
    specs = json.loads(re.search(r'id="chart-specs">(.*?)</script>', html, re.S).group(1))
    figures = re.findall(r'<figure data-chart="([^"]*)">.*?<div class="chart" id="([^"]*)">', html, re.S)
    assert [cid for _, cid in figures] == list(specs)
    by_round = [specs[cid] for key, cid in figures if key.endswith(":selected_in_round")]
    assert len(by_round) == 1 and [layer["mark"]["type"] for layer in by_round[0]["layer"]] == ["rect", "text"]
    for fmt in ("md", "json"):
        rep = run("report", str(tmp_path / "run"), "--format", fmt, "--out", str(tmp_path / f"r.{fmt}"))
        assert rep.returncode == 0, rep.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert "Developments: purchase rate and win lift" in json.dumps(data)
    assert "End triggers" in (tmp_path / "r.md").read_text()


@pytest.mark.system
def test_simulate_is_identical_across_worker_counts(tmp_path: Path):
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants import load_variant

    variant = load_variant(ROOT / BASE)
    frames = []
    for w in (1, 2):
        config = RunConfig(n_games=8, players=4, lineup=("random", "greedy", "random", "scripted:producer"), seed=9,
                           workers=w, chunk_size=3)
        run_batch(variant, config, tmp_path / str(w))
        frames.append((pl.read_parquet(tmp_path / str(w) / "games.parquet"),
                       pl.read_parquet(tmp_path / str(w) / "events.parquet")))
    assert frames[0][0].equals(frames[1][0]) and frames[0][1].equals(frames[1][1])


def test_replay_cli_text_json_and_illegal():
    out = run("replay", str(DATA / "short.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [f["total"] for f in data["final"]] == [2, 3]
    out = run("replay", str(DATA / "illegal.yaml"))
    assert out.returncode == 2
    assert out.stderr.endswith("move 12: round 2, Ann: settle w01: w01 needs 1 colonist(s), Ann has 0\n")


def test_compare_lines_up_start_positions_across_compensation(tmp_path):
    """The designer's question about compensation gold: each turn-order position of base (with
    +1 gold for positions 3 and 4) against no-compensation, tested row by row. The rows were once
    labelled with the gold ("position 3 (+1 gold)"), so the two drafts' rows never met."""
    out = tmp_path / "cmp"
    r = run("compare", str(ROOT / BASE), str(ROOT / "variants/new-frontiers/no-compensation.yaml"), "-n", "12",
            "--bots", "random", "--workers", "1", "--out", str(out), "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = [m for m in json.loads((out / "compare.json").read_text())["differences"]
            if m["metric"] == "win_rate_by_start_position"]
    assert sorted(m["group"] for m in rows) == ["position 1", "position 2", "position 3", "position 4"]
    # every row is tested; one the same in every paired game (a position the gold did not change) says so
    assert all(m["n"] == 12 and (m["p_value"] is not None or m["test"] == "identical") for m in rows), rows
    assert any(m["p_value"] is not None for m in rows), rows
    # Developments and worlds by name, as the report and the ladder write them (compare wrote 'd03'); the
    # JSON keeps the ids, with the names beside them
    doc = json.loads((out / "compare.json").read_text())
    assert doc["names"]["d03"] == {"en": "Frontier Militia"}
    assert any(m["group"] == "d03" for m in doc["differences"] if m["metric"] == "development_purchase_rate")
    md, html = (out / "compare.md").read_text(), (out / "compare.html").read_text()
    assert "| Frontier Militia |" in md and "| d03 |" not in md
    assert "<td>Frontier Militia</td>" in html and "<td>d03</td>" not in html


def test_a_supported_player_count_without_compensation_is_noted(cli, tmp_path):
    """RULINGS gives the last seat +1 gold at every count; a draft that adds a count (6) but no
    compensation list for it plays it with none, silently: validate says so, located at the count
    in rules.players (its own line; the variant still loads). Counts it leaves out get no note."""
    draft = tmp_path / "six.yaml"
    draft.write_text(f"extends: {ROOT / BASE}\nname: six\nrules:\n  players: [2, 3, 4, 5, 6]\n"
                     "home_worlds:\n  - {id: h6, name: Sixth, color: blue}\n")
    out = cli("validate", str(draft))
    assert out.returncode == 0 and out.stdout.startswith(f"{draft}: ok")
    assert out.stderr == (f"note: {draft}:4:25: rules.players.4: 6 players have no list in rules.setup.compensation, "
                          "so no seat gets compensation gold at 6 players (RULINGS: the last seat gets +1; give "
                          "rules.setup.compensation.6 a list, [0, 0, 0, 0, 0, 0] for none)\n")
    draft.write_text(f"extends: {ROOT / BASE}\nname: six\nrules:\n  players: [2, 3, 4, 5, 6]\n"
                     "  setup:\n    compensation: {6: [0, 0, 0, 0, 1, 1]}\n"
                     "home_worlds:\n  - {id: h6, name: Sixth, color: blue}\n")
    assert cli("validate", str(draft)).stderr == ""
    assert cli("validate", BASE, "--set", "rules.players=[2,3]").stderr == ""


def test_an_unsupported_player_count_says_a_home_world_is_needed_too(cli, tmp_path):
    """The fix offered for --players 6 was the setting alone, and following it only led to the next
    error ('6 players need 6 home worlds, got 5'): the line names both changes."""
    r = cli("simulate", BASE, "-n", "2", "--players", "6", "--out", str(tmp_path / "run"))
    assert (r.returncode, r.stderr) == (2, f"error: {BASE}: --players 6 is not supported by this variant (supported: "
                                           "2, 3, 4, 5); for 6 players, set 'rules.players=[2,3,4,5,6]' (with --set, "
                                           "or in the variant file), and add a home world per player (home_worlds: "
                                           "6 needed, this variant has 5)\n")
    assert not (tmp_path / "run").exists()
    # enough home worlds: the setting alone, as before
    r = cli("simulate", BASE, "-n", "2", "--players", "4", "--set", "rules.players=[2,3]", "--out", str(tmp_path / "run"))
    assert r.stderr.endswith("for 4 players, set 'rules.players=[2,3,4]' (with --set, or in the variant file)\n")


@pytest.mark.parametrize("arg", ["abc", "nan", "inf", "-1", "0"])
def test_the_bench_script_refuses_a_bad_duration_in_one_line(arg: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m playtest.games.newfrontiers.bench [seconds]` (docs/speed.md) took `--help` or a
    word for the seconds as a ValueError traceback, and `nan` or `inf` as a bench that never ends."""
    from playtest.games.newfrontiers.bench import main

    with pytest.raises(SystemExit) as exc:
        main([arg])
    err = capsys.readouterr().err.strip().splitlines()
    assert exc.value.code == 2 and err[-1].endswith(f"argument seconds: {arg!r} is not a positive number of seconds")
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0 and "[seconds]" in capsys.readouterr().out


def test_tune_says_the_base_drafts_notes_as_simulate_and_sweep_do(cli, tmp_path):
    """A draft of world limit 2 (its worlds trigger can never fire) got its located note from
    simulate, compare, diff and sweep, and none from tune, which then searched the game's length
    with one end trigger dead in every candidate."""
    from tests.tune.helpers import GOALS

    draft = tmp_path / "draft.yaml"
    draft.write_text(f"extends: {(ROOT / BASE).as_posix()}\nrules: {{explore: {{world_limit: 2}}}}\n")
    (tmp_path / "goals.yaml").write_text(GOALS)
    out = cli("tune", str(draft), "--param", "rules.end.developments=10..11", "--target", str(tmp_path / "goals.yaml"),
              "--budget", "1", "--confirm", "1", "--confirm-games", "2", "-n", "2", "-w", "1",
              "-o", str(tmp_path / "out"))
    assert out.returncode == 0, out.stderr
    notes = [line for line in out.stderr.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and "rules.end.worlds: a player holds at most 3 worlds" in notes[0], out.stderr
