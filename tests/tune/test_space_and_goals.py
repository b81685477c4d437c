"""tune: spaces and goals — parsing, schema checks, one-line errors, the objective by hand."""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.compare.gates import GateError
from playtest.errors import UsageError
from playtest.tune.goals import check_against_probe, goal_values, load_goals, objective
from playtest.tune.space import CHOICE, FLOAT, INT, check_space, parse_param, parse_space
from tests.conftest import DRAFT5
from tests.tune.helpers import GOALS, invoke


def test_spaces_parse_as_ranges_and_choices():
    p = parse_param("crews.bays.time=0..4")
    assert (p.key, p.kind, p.low, p.high) == ("crews.bays.time", INT, 0, 4)
    p = parse_param("x.y=0.5..2")
    assert (p.kind, p.low, p.high) == (FLOAT, 0.5, 2.0)
    p = parse_param("scoring.majority_tiebreak=later_first_cube,earlier_first_cube")
    assert p.kind == CHOICE and p.choices == ("later_first_cube", "earlier_first_cube") and not p.numeric
    p = parse_param("a=1,2,5")
    assert p.choices == (1, 2, 5) and p.numeric and p.decode("5") == 5
    assert parse_param("a=-1..3").low == -1
    assert (parse_param("x=.5..2").low, parse_param("x=.5..2").kind) == (0.5, FLOAT)  # was 'give a range LOW..HIGH ...'


def test_a_date_choice_is_tuned_as_the_text_the_variant_is_given():
    """YAML reads 2001-12-14 as a date; the variant is given its text (Param.override), and the
    choice is that text: kept a date, `tune --param name=2001-12-14,x` ran every trial and then
    stopped writing tune.json with 'internal error: TypeError: Object of type date is not JSON
    serializable' (`name` is refused now: no rule reads it; a text key of the rules is tuned so)."""
    p = parse_param("crews.bays.name=2001-12-14,x")
    assert p.choices == ("2001-12-14", "x") and p.labels() == ("2001-12-14", "x")
    assert p.override(p.decode("2001-12-14")) == 'crews.bays.name="2001-12-14"'


def test_a_range_is_described_as_written():
    """tune.json's `space` and the HTML chart's caption read 'integer from 0.0 to 3.0' for
    `--param rules.produce.pile_gold=0..3`: an integer range is told in whole numbers."""
    assert parse_param("rules.produce.pile_gold=0..3").describe() == "integer from 0 to 3"
    assert parse_param("x.y=0.5..2").describe() == "number from 0.5 to 2.0"
    assert parse_param("x.y=-1..2.5").describe() == "number from -1.0 to 2.5"


@pytest.mark.parametrize(("text", "message"), [
    ("crews.bays.time", "--param crews.bays.time: expected KEY.PATH=LOW..HIGH or KEY.PATH=VALUE1,VALUE2,..."),
    ("crews.bays.time=", "--param crews.bays.time=: no values after '='"),
    ("crews.bays.time=3", "--param crews.bays.time=3: give a range LOW..HIGH or at least two values to choose from"),
    ("crews.bays.time=4..1", "--param crews.bays.time=4..1: the range is empty: 4 is not below 1"),
    ("crews.bays.time=a..4", "--param crews.bays.time=a..4: 'a' is not a number (a range is LOW..HIGH, e.g. 0..4 or 0.5..2.0)"),
    ("x=1,1", "--param x=1,1: a value is repeated"),
    # '1...3' read as 1..0.3 ("the range is empty: 1 is not below 0.3")
    ("x=1...3", "--param x=1...3: three dots: a range is LOW..HIGH with two (write 1..3, or 1..0.3 if that is meant)"),
    ("x=.nan..3", "--param x=.nan..3: '.nan' is not a number (a range is LOW..HIGH, e.g. 0..4 or 0.5..2.0)"),
    ("x=..3", "--param x=..3: a range needs both ends: LOW..HIGH, e.g. 0..4 or 0.5..2.0"),
])
def test_malformed_spaces_are_one_line_errors(text, message):
    with pytest.raises(UsageError) as err:
        parse_param(text)
    assert str(err.value) == message


def test_a_key_tuned_twice_is_an_error():
    with pytest.raises(UsageError, match=r"^--param crews.bays.time=1..2: crews.bays.time is tuned twice$"):
        parse_space(["crews.bays.time=0..4", "crews.bays.time=1..2"])


# A problem at every value of the range is the key's: said without "(at 0)", as sweep's --set says it
@pytest.mark.parametrize(("text", "message"), [
    ("crews.bays.tim=0..3", "--param crews.bays.tim=0..3: crews.bays.tim: unknown key (did you mean 'time'?); valid keys: extension_vp, id, "
                            "name, role, skill, time"),
    ("crews.bays.time=-1..3", "--param crews.bays.time=-1..3: crews.bays.time: Input should be greater than or equal "
                              "to 0 (got -1)"),
    ("crews.bays.skill.0.amount=0..4", "--param crews.bays.skill.0.amount=0..4: crews.bays.skill.0.amount: Input "
                                       "should be greater than or equal to 1 (got 0)"),
    ("scoring.majority_tiebreak=later_first_cube,never", "--param scoring.majority_tiebreak=later_first_cube,never: "
     "scoring.majority_tiebreak: Input should be 'later_first_cube' or 'earlier_first_cube' (got 'never') (at never)"),
    ("scoring.majority_tiebreak=earlier_first_cube,later_first_cub", "--param scoring.majority_tiebreak="
     "earlier_first_cube,later_first_cub: scoring.majority_tiebreak: Input should be 'later_first_cube' or "
     "'earlier_first_cube' (got 'later_first_cub'; did you mean 'later_first_cube'?) (at later_first_cub)"),
    ("crews.nobody.time=0..2", "--param crews.nobody.time=0..2: crews.nobody: no item 'nobody' (known: armstrong, "
                               "orlins, audrin, rahel, anderson, bays)"),
    # Every bad choice, in one line (it named only the first, 'x'; sweep names each)
    ("crews.bays.time=1,x,-1", "--param crews.bays.time=1,x,-1: crews.bays.time: Input should be a valid integer, unable "
                               "to parse string as an integer (got 'x') (at x); crews.bays.time: Input should be greater "
                               "than or equal to 0 (got -1)"),
    # A value the message already quotes is not said twice ("(got -1) (at -1)"); a range whose ends are whole
    # numbers written as decimals fails only at its middle, and says why
    ("crews.bays.time=-0.0..3", "--param crews.bays.time=-0.0..3: crews.bays.time: Input should be a valid integer, got "
                                "a number with a fractional part (got 1.5); a range written with decimals is tuned in "
                                "decimals: 0..3 tunes whole numbers"),
    # a whole middle (2.0) is a valid integer: the check passed and the search failed at its first trial
    ("crews.bays.time=0.0..4.0", "--param crews.bays.time=0.0..4.0: crews.bays.time: Input should be a valid integer, "
                                 "got a number with a fractional part (got 2.5); a range written with decimals is tuned "
                                 "in decimals: 0..4 tunes whole numbers"),
])
def test_keys_and_values_the_schema_refuses_are_caught_before_the_search(text, message):
    with pytest.raises(UsageError) as err:
        check_space(DRAFT5, [parse_param(text)])
    assert str(err.value) == message


def test_two_keys_that_name_one_value_are_refused_before_the_search():
    """crews.bays.time and crews.5.time are one value (Bays by its id and by its position): every
    trial's variant refused the second, after the base's games and every trial had run."""
    params = parse_space(["crews.bays.time=1..3", "crews.5.time=1..3"])
    with pytest.raises(UsageError) as err:
        check_space(DRAFT5, params)
    assert str(err.value) == ("--param crews.5.time=1..3: crews.5.time and crews.bays.time name the same value (or one "
                              "holds the other): tune one of them")
    check_space(DRAFT5, parse_space(["crews.bays.time=1..3", "crews.4.time=1..3", "cubes.replenish=1,2"]))


def test_cli_reports_a_bad_space_on_one_line_with_exit_2(tmp_path):
    goals = tmp_path / "goals.yaml"
    goals.write_text(GOALS)
    code, _, err = invoke("tune", DRAFT5, "--param", "crews.bays.time=9..2", "--target", goals, "--out", tmp_path / "o")
    assert (code, err) == (2, "error: --param crews.bays.time=9..2: the range is empty: 9 is not below 2")
    assert not (tmp_path / "o").exists()


def _goals(tmp_path, text):
    path = tmp_path / "goals.yaml"
    path.write_text(text)
    return load_goals(path)


def test_malformed_goals_are_located(tmp_path):
    with pytest.raises(GateError) as err:
        _goals(tmp_path, "goals:\n  - metric: win_rate_by_seat\n    of: spread\n    min: 0.1\n"
                         "  - metric: game_length_rounds\n    wieght: 2\n    target: 6\n"
                         "  - metric: tie_rate\n")
    lines = str(err.value).splitlines()
    path = tmp_path / "goals.yaml"
    assert lines == [
        f"{path}:2:5: goals.0: a spread goal takes only `max` or `target` (gaps are never negative)",
        f"{path}:6:5: goals.1.wieght: unknown key (did you mean 'weight'?); valid keys: between, group, max, metric, min, name, of, target, weight",
        f"{path}:8:5: goals.2: a goal needs `target`, `min`, `max` or `between`",
    ]


def _refused(goals, tmp_path):
    """The lines `check_against_probe` refuses the goals with, against a run whose
    crew_pick_rate has the groups bays and rahel."""
    table = pl.DataFrame({C.METRIC: ["crew_pick_rate", "crew_pick_rate"], C.GROUP: ["bays", "rahel"],
                          C.ESTIMATE: [0.1, 0.2]})
    with pytest.raises(GateError) as err:
        check_against_probe(goals, table)
    return str(err.value).splitlines()


def test_goal_names_are_checked_against_the_runs(tmp_path):
    goals = _goals(tmp_path, "goals:\n  - metric: crew_pick\n    max: 0.3\n"
                             "  - metric: crew_pick_rate\n    group: bayz\n    max: 0.3\n")
    assert _refused(goals, tmp_path) == [
        f"{tmp_path / 'goals.yaml'}:2:13: goals.0.metric: unknown metric 'crew_pick' (did you mean 'crew_pick_rate'?); the runs have: crew_pick_rate",
        f"{tmp_path / 'goals.yaml'}:5:12: goals.1.group: crew_pick_rate has no group 'bayz' (did you mean 'bays'?); "
        "it has: bays, rahel",
    ]


def test_a_goal_on_a_share_in_percent_is_refused(tmp_path):
    """As for gates: `target: 10` meant as 10 percentage points is a distance no candidate can
    close, and `max: 30` a bound every candidate meets."""
    goals = _goals(tmp_path, "goals:\n  - {metric: crew_pick_rate, target: 10}\n"
                             "  - {metric: crew_pick_rate, of: spread, max: 30}\n  - {metric: crew_pick_rate, max: 0.3}\n")
    assert _refused(goals, tmp_path) == [
        f"{tmp_path / 'goals.yaml'}:2:38: goals.0.target: crew_pick_rate gives a share, from 0 to 1: 10 is outside it (10 percentage "
        "points are 0.1)",
        f"{tmp_path / 'goals.yaml'}:3:47: goals.1.max: crew_pick_rate gives a spread of shares, from 0 to 1: 30 is outside it (30 "
        "percentage points are 0.3)",
    ]


def test_name_and_limit_problems_come_in_one_error(tmp_path):
    """A misspelt metric and a target in percent in one goals file: both lines at once, in the
    file's order (the limits were checked only once every name was right)."""
    goals = _goals(tmp_path, "goals:\n  - {metric: crew_pick_rate, target: 10}\n  - {metric: crew_pik_rate, max: 0.3}\n")
    lines = _refused(goals, tmp_path)
    assert [line.split(": ")[1] for line in lines] == ["goals.0.target", "goals.1.metric"]


def test_a_gates_file_is_a_goals_file_and_the_objective_is_the_weighted_distance(tmp_path):
    goals = _goals(tmp_path, "gates:\n  - metric: win_rate_by_seat\n    of: spread\n    target: 0\n"
                             "  - metric: game_length_rounds\n    between: [5, 7]\n    weight: 0.5\n"
                             "  - metric: crew_pick_rate\n    max: 0.35\n    target: 0.2\n"
                             "  - metric: crew_pick_rate\n    group: bays\n    of: change\n    max: 0\n")
    table = pl.DataFrame({C.METRIC: ["win_rate_by_seat"] * 3 + ["game_length_rounds", "crew_pick_rate", "crew_pick_rate"],
                          C.GROUP: ["seat 1", "seat 2", "seat 3", "all", "bays", "rahel"],
                          C.ESTIMATE: [0.40, 0.25, 0.35, 4.0, 0.5, 0.1]})
    base = table.with_columns(pl.when(pl.col(C.GROUP) == "bays").then(0.3).otherwise(pl.col(C.ESTIMATE)).alias(C.ESTIMATE))
    values = goal_values(goals, table, base)
    assert [v.shown for v in values] == ["seat 1 − seat 2", "all", "bays", "bays"]
    assert values[0].quantity == pytest.approx(0.15) and values[0].distance == pytest.approx(0.15)
    assert values[1].distance == pytest.approx(1.0)            # 1 round below 5
    assert values[2].distance == pytest.approx(0.3 + 0.15)     # |0.5 − 0.2| + (0.5 − 0.35)
    assert values[3].quantity == pytest.approx(0.2) and values[3].distance == pytest.approx(0.2)
    assert objective(goals, values) == pytest.approx(0.15 + 0.5 * 1.0 + 0.45 + 0.2)
    missing = goal_values(goals, table.filter(pl.col(C.METRIC) != "game_length_rounds"), base)
    assert math.isinf(objective(goals, missing))


def test_the_shipped_worked_example_goals_load():
    from tests.conftest import ROOT

    goals = load_goals(ROOT / "gates" / "stargate-tune.yaml")
    assert [g.metric for g in goals.items] == ["win_rate_by_seat", "win_gap"]
    assert goals.run.bots == "scripted:late-placer,scripted:early-placer,greedy,greedy"


def test_a_goal_on_a_metric_the_base_switches_off_says_so_before_any_game(tmp_path):
    """A goal on forced rebids tuned from a draft without them read "unknown metric 'rebids_mean'
    (did you mean ...)" after the probe's games, as if misspelt: now the setting that switches
    it off, before any game, and nothing written."""
    from tests.conftest import ROOT

    variant = tmp_path / "norebid.yaml"
    variant.write_text(f"extends: {ROOT / 'variants/ohseven/base.yaml'}\n"
                       "bidding:\n  rebid:\n    triggers:\n      sum_equals_tricks: false\n")
    goals = tmp_path / "goals.yaml"
    goals.write_text("run: {games: 8, players: 4, bots: heuristic, seed: 1}\ngoals:\n  - metric: rebids_mean\n"
                     "    target: 0.3\n")
    code, _, err = invoke("tune", variant, "--param", "scoring.exact_bonus=1..3", "-t", goals, "-b", "2", "-n", "8",
                          "-w", "1", "-o", tmp_path / "out")
    assert code == 2
    assert err.startswith(f"{goals}:3:13: goals.0.metric: rebids_mean is switched off in the base variant by "
                          "bidding.rebid.triggers.sum_equals_tricks: false"), err
    assert "start from a draft where it is on" in err and not (tmp_path / "out").exists()


def test_a_trial_s_reason_drops_only_the_set_its_problem_names(tmp_path, monkeypatch):
    """A trial's values that make no variant are said without the '--set' they were loaded with
    (nobody typed it), from the problem's Cause: cut out of the message as text, it was cut from
    the path of a file that held it too ('extended by d)/v.yaml')."""
    from playtest.errors import VariantError
    from playtest.tune.space import candidate, invalid_reason

    folder = tmp_path / "d, with --set planets_dealt.7=10)"
    folder.mkdir()
    (folder / "v.yaml").write_text(f"extends: {DRAFT5}\nrules_version: mine\n")
    monkeypatch.chdir(tmp_path)  # (the file is named as given, relative)
    params = [parse_param("planets_dealt.7=10..12")]
    with pytest.raises(VariantError) as err:  # 7 players, but 6 crews
        candidate(Path(folder.name) / "v.yaml", params, {"planets_dealt.7": 10})
    reason = invalid_reason(err.value)
    assert reason.endswith(f"extended by {folder.name}/v.yaml, which changes rules_version)"), reason
    assert reason.count("--set") == 1, reason
