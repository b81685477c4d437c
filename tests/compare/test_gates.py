"""Gates: strict file validation with locations; pass / fail / undecided; CLI exit codes."""

from __future__ import annotations

import json
import re
import textwrap

import pytest

from playtest.compare.gates import (
    FAIL,
    PASS,
    UNDECIDED,
    GateError,
    check_against_probe,
    evaluate,
    load_gates,
    overall,
)
from playtest.compare.jackknife import replicate
from playtest.report.format import is_share
from playtest.variants import load_variant
from tests.compare.helpers import counting_probe, fast_metrics, simulate
from tests.conftest import DRAFT5


def gates_file(tmp_path, body: str, name: str = "gates.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def slow_draft(tmp_path):
    """Draft 5 with one cube replenished a turn: its games last longer than draft 5's."""
    slow = tmp_path / "slow.yaml"
    slow.write_text(f"extends: {DRAFT5.resolve()}\ncubes: {{replenish: 1}}\n")
    return slow


def diff_gates(cli, base, candidate, gates) -> list[dict]:
    """`playtest diff BASE CANDIDATE --gate GATES --format json`'s gates, the run decided either
    way (pass, fail or undecided: exit 0, 1 or 3)."""
    res = cli("diff", str(base), str(candidate), "--gate", str(gates), "-w", "1", "--format", "json")
    assert res.returncode in (0, 1, 3), res.stderr
    return json.loads(res.stdout)["gates"]


@pytest.fixture(scope="module")
def reps(tmp_path_factory):
    """draft 5 (base) and draft 5 with Bays at time 4 (candidate), 30 games each, same seed.
    30 games (the jackknife's 30 blocks, as 60 gave): the Bays takers' win-rate change stays
    clear of the gates' limits, [+0.31, +0.44] against [+0.34, +0.42] with 60 (measured
    2026-12-06), at half the greedy games. A greedy seat: with random bots alone the change is
    +0.03 [-0.02, +0.09], undecided, and the clear limits are no longer clear."""
    out = tmp_path_factory.mktemp("gates")
    bots = ("greedy", "random", "random", "random")
    base = simulate(load_variant(DRAFT5), 30, bots, 3, out / "base")
    cand = simulate(load_variant(DRAFT5, ["crews.bays.time=4"]), 30, bots, 3, out / "cand")
    return replicate([base, cand], fast_metrics)


def decide(tmp_path, reps, body: str) -> list[str]:
    return [r.status for r in evaluate(load_gates(gates_file(tmp_path, body)), reps)]


def test_clear_limits_pass_and_fail(tmp_path, reps):
    statuses = decide(tmp_path, reps, """
        gates:
          - {metric: game_length_rounds, between: [1, 20]}
          - {metric: game_length_rounds, max: 1}
          - {metric: crew_pick_rate, max: 0.9}
          - {metric: crew_win_rate, group: bays, of: change, min: 0.1}
          - {metric: crew_win_rate, group: bays, of: change, max: 0}
    """)
    assert statuses == [PASS, FAIL, PASS, PASS, FAIL]


def test_a_limit_next_to_the_estimate_is_undecided(tmp_path, reps):
    g = load_gates(gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, max: 1}\n"))
    est = reps.value((1, "game_length_rounds", "all")).estimate
    path = gates_file(tmp_path, f"gates:\n  - {{metric: game_length_rounds, max: {est}}}\n", "near.yaml")
    results = evaluate(load_gates(path), reps)
    assert [r.status for r in results] == [UNDECIDED]
    assert overall(results) == UNDECIDED
    assert overall(evaluate(g, reps)) == FAIL


def test_an_undecided_gate_shows_the_bounds_a_failure_needs(tmp_path, reps):
    """'Games last 5 to 7 rounds | 4.88 | 4.79 … 4.96' was undecided with both pass bounds below
    5: a failure needs the stricter bounds (the level split over every test that can fail),
    which the table did not show."""
    from playtest.compare.gates import as_plain
    from playtest.compare.render import gates_markdown

    est = reps.value((1, "game_length_rounds", "all")).estimate
    path = gates_file(tmp_path, f"gates:\n  - {{metric: game_length_rounds, max: {est}}}\n"
                                "  - {metric: win_rate_by_seat, of: spread, max: 1.0}\n", "near.yaml")
    near, wide = evaluate(load_gates(path), reps)
    assert (near.status, wide.status) == (UNDECIDED, PASS)
    assert near.fail_low < near.low <= near.high < near.fail_high  # stricter: wider
    info = {"candidate": "c", "base": "b", "changes": [], "games": 8, "looks": 1, "players": 4, "lineup": ["random"] * 4,
            "seed": 1, "confidence": 0.95}
    rows = [line for line in gates_markdown([near, wide], UNDECIDED, info).splitlines() if line.startswith("| ")][1:]
    assert "(to fail: " in rows[0] and "(to fail: " not in rows[1]
    # A failing row shows the stricter bounds its failure was decided on, not only the pass bounds (h270)
    [failed] = evaluate(load_gates(gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, max: 1}\n", "f.yaml")), reps)
    assert failed.status == FAIL
    [row] = [line for line in gates_markdown([failed], FAIL, info).splitlines() if line.startswith("| ❌")]
    assert "(failed at: " in row and "(to fail: " not in row, row
    # diff's --set, applied to both variants, is no rule change between them: said under them
    # (`diff d5 d5 --set cubes.replenish=1` read 'Rule changes: (none)' over longer games)
    assert "played with" not in gates_markdown([near], UNDECIDED, info)
    md = gates_markdown([near], UNDECIDED, info | {"set": ["cubes.replenish=1"]})
    assert ("```\n(none)\nBoth variants played with --set cubes.replenish=1 (applied to each alike, so "
            "not a change between them).\n```\n") in md
    # in the code block, as compare's: the designer's text is not read as Markdown in the PR comment
    md = gates_markdown([near], UNDECIDED, info | {"set": ["description=*draft* <b>7</b>"]})
    assert "\nBoth variants played with --set description=*draft* <b>7</b> (applied" in md.split("```")[1], md
    assert as_plain([near])[0]["fail_bound_low"] == pytest.approx(near.fail_low)


def test_spread_is_checked_over_every_pair(tmp_path, reps):
    [r] = evaluate(load_gates(gates_file(tmp_path, """
        gates:
          - {metric: win_rate_by_seat, of: spread, max: 1.0}
    """)), reps)
    assert r.status == PASS and r.components == 12  # 4 seats: 12 ordered pairs


@pytest.mark.parametrize(("body", "message"), [
    ("gates:\n  - {metric: x, max: 1, colour: red}\n",
     "gates.yaml:2:25: gates.0.colour: unknown key; valid keys: between, group, max, metric, min, name, of"),
    ("gates:\n  - {metric: x}\n", "gates.yaml:2:5: gates.0: a gate needs `min`, `max` or `between`"),
    ("gates:\n  - {metric: x, between: [3, 1]}\n", "gates.yaml:2:5: gates.0: `between: [low, high]` needs low ≤ high"),
    ("gates:\n  - {metric: x, of: spread, min: 0}\n",
     "gates.yaml:2:5: gates.0: a spread gate takes only `max` (the largest allowed gap between groups)"),
    ("gates:\n  - {metric: x, of: mean, max: 1}\n", "gates.yaml:2:21: gates.0.of: Input should be 'value', 'spread' or 'change' (got 'mean')"),
    # a misspelt choice is answered with the likely one, as a misspelt key is
    ("gates:\n  - {metric: x, of: sprad, max: 1}\n",
     "gates.yaml:2:21: gates.0.of: Input should be 'value', 'spread' or 'change' (got 'sprad'; did you mean 'spread'?)"),
    ("confidence: 1.5\ngates:\n  - {metric: x, max: 1}\n", "gates.yaml:1:13: confidence: Input should be less than 1 (got 1.5)"),
    ("gates: []\n", "gates.yaml:1:8: gates: needs at least 1 item, not 0 (got [])"),
    # a pair with one number: it read 'gates.0.between.1: required key is missing', a key no list has
    ("gates:\n  - {metric: x, between: [12]}\n", "gates.yaml:2:26: gates.0.between: needs 2 items here, not 1 (got [12])"),
    # an empty pair: pydantic misses items 0 and 1, and it read "needs 1 items" beside "needs 2 items"
    ("gates:\n  - {metric: x, between: []}\n", "gates.yaml:2:26: gates.0.between: needs 2 items here, not 0 (got [])"),
    # an unclosed `[`: PyYAML stops at the next line's `:`, a line with no mistake; the line
    # named only that place, not the list left open a line above
    ("gates:\n  - metric: game_length_rounds\n    between: [5, 7\n  - metric: crew_pick_rate\n    max: 0.5\n",
     "gates.yaml:4:11: malformed YAML: expected ',' or ']', but got ':' (in the flow sequence that starts at 3:14)"),
    # a tune goals file given to diff: one line, not 'gates: required key' and 'goals: unknown key'
    ("run: {games: 4}\ngoals:\n  - {metric: x, target: 0}\n",
     "gates.yaml:2:1: this is a goals file of `playtest tune` (a `goals:` list), not a gates file: write its goals "
     "with `min`/`max`/`between` under `gates:` for `diff`"),
    # a variant given as --gate: one line, not one per variant key (it printed 15)
    ("# a draft\nextends: draft5.yaml\nname: x\ncubes: {replenish: 0}\n",
     "gates.yaml:2:1: this is a variant file, not a gates file (a gates file has a `gates:` list, e.g. "
     "gates/stargate.yaml); give the variant as BASE or CANDIDATE"),
])
def test_malformed_gates_are_located(tmp_path, body, message):
    path = gates_file(tmp_path, body)
    with pytest.raises(GateError) as info:
        load_gates(path)
    assert str(info.value) == f"{path}{message.removeprefix('gates.yaml')}"


def test_a_number_written_with_an_exponent_is_a_number(tmp_path):
    """YAML 1.1 reads 1e-3 (an exponent without a dot and a sign) as text: with the limits
    Strict (4301c4f), `max: 1e-3` was refused as 'Input should be a valid number (got '1e-3')';
    it had been read as 0.001. A yes/no and a quoted number stay refused (tests/bad_inputs)."""
    from playtest.tune.goals import load_goals

    gates = load_gates(gates_file(tmp_path, """\
        confidence: 95e-2
        gates:
          - {metric: game_length_rounds, max: 1e1}
          - {metric: first_player_advantage, between: [-5e-2, 2.5E-2]}
        """)).model
    assert gates.confidence == 0.95 and gates.gates[0].max == 10.0 and gates.gates[1].between == (-0.05, 0.025)
    goals = load_goals(gates_file(tmp_path, "goals:\n  - {metric: game_length_rounds, target: 6e0, weight: 5e-1}\n",
                                  "goals.yaml")).model
    assert (goals.goals[0].target, goals.goals[0].weight) == (6.0, 0.5)
    for body, message in (("max: '1e1x'", "Input should be a valid number (got '1e1x')"),
                          ("max: 1e999", "Input should be a finite number (got '1e999')")):
        with pytest.raises(GateError) as info:
            load_gates(gates_file(tmp_path, f"gates:\n  - metric: game_length_rounds\n    {body}\n"))
        assert str(info.value).endswith(f"gates.0.max: {message}"), str(info.value)


def _probe_checks(path, reps) -> None:
    """`check_against_probe` as diff calls it, with every (metric, group) of `reps` seen."""
    seen: dict[str, list[str]] = {}
    for _, m, g in reps.keys:
        seen.setdefault(m, []).append(g)
    check_against_probe(load_gates(path), seen, "the probe", {m for m in reps.metrics_within_0_and_1() if is_share(m)})


def test_every_name_and_limit_problem_of_a_gates_file_comes_in_one_error(tmp_path, reps):
    """A misspelt metric, a group the runs lack and a limit in percent, in one file: all three in
    one error, in the file's order (each kind came alone, so the file took three tries)."""
    path = gates_file(tmp_path, "gates:\n  - {metric: win_rate_by_seat, of: spread, max: 10}\n"
                                "  - {metric: crew_pik_rate, max: 0.5}\n"
                                "  - {metric: crew_pick_rate, group: bayz, max: 0.5}\n")
    with pytest.raises(GateError) as info:
        _probe_checks(path, reps)
    lines = str(info.value).splitlines()
    assert [line.split(": ")[1] for line in lines] == ["gates.0.max", "gates.1.metric", "gates.2.group"]
    assert "did you mean 'crew_pick_rate'" in lines[1] and "no group 'bayz' in the probe" in lines[2]


def test_unknown_metric_and_group_are_located(tmp_path, reps):
    path = gates_file(tmp_path, "gates:\n  - {metric: crew_pick, max: 1}\n  - {metric: crew_pick_rate, group: zork, max: 1}\n")
    with pytest.raises(GateError) as info:
        evaluate(load_gates(path), reps)
    lines = str(info.value).splitlines()
    assert lines[0].startswith(f"{path}:2:14: gates.0.metric: unknown metric 'crew_pick' (did you mean 'crew_pick_rate'?); the runs have: win_rate_by_seat, ")
    assert lines[1].startswith(f"{path}:3:37: gates.1.group: crew_pick_rate has no group 'zork'; it has: anderson, ")


# --- the command ------------------------------------------------------------------------------

GATES_OK = """
run: {games: 12, players: 4, bots: random, seed: 2}
gates:
  - {name: length, metric: game_length_rounds, between: [1, 30]}
  - {name: edge, metric: first_player_advantage, of: change, max: 0.02}
"""


def test_diff_exit_0_when_every_gate_holds(cli, tmp_path):
    path = gates_file(tmp_path, GATES_OK)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1")
    assert res.returncode == 0, res.stderr
    assert "✅ **All gates hold**" in res.stdout
    assert "### playtest diff: `variants/stargate/draft5.yaml` against `variants/stargate/draft5.yaml`, bots random,random,random,random\n" in res.stdout
    assert "| ✅ pass | length | all |" in res.stdout
    assert "look 1/1: 12 games per variant → 2 pass" in res.stderr


def test_diff_s_rule_changes_leave_out_the_name_and_description_as_compare_s_do(cli, tmp_path):
    """A copy of draft 5 that changes its prose: diff listed `description` under "Rule
    changes", compare did not; both listed `name`, which no game reads either (the heading names
    the drafts). (2 games a side, the fewest diff plays: the rule changes are read from the
    variants, whatever the games.)"""
    copy = tmp_path / "copy.yaml"
    copy.write_text(f"extends: {DRAFT5.resolve()}\nname: a copy\ndescription: the same rules, told differently\n"
                    "cubes: {replenish: 1}\n")
    res = cli("diff", str(DRAFT5), str(copy), "--gate", str(gates_file(tmp_path, GATES_OK)), "-w", "1", "-n", "2",
              "--format", "json")
    assert res.returncode in (0, 1, 3), res.stderr
    assert [c["path"] for c in json.loads(res.stdout)["changes"]] == ["cubes.replenish"]


def test_diff_exit_1_when_a_gate_fails_and_json(cli, tmp_path):
    path = gates_file(tmp_path, GATES_OK.replace("between: [1, 30]", "max: 1"))
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "--format", "json")
    assert res.returncode == 1, res.stderr
    doc = json.loads(res.stdout)
    assert doc["status"] == "fail" and doc["exit_code"] == 1
    assert [g["status"] for g in doc["gates"]] == ["fail", "pass"]


def test_diff_exit_3_when_undecided_after_every_look(cli, tmp_path):
    # Seat 1 wins a quarter of the games give or take chance: 20 games cannot tell.
    path = gates_file(tmp_path, """
        gates:
          - {metric: win_rate_by_seat, group: seat 1, max: 0.25}
    """)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "10", "--until-decided",
              "--max-games", "20")
    assert res.returncode == 3, res.stdout + res.stderr
    assert "⚠️ **Undecided**" in res.stdout
    assert "look 2/2: 20 games per variant" in res.stderr
    assert "20 games per variant (2 looks, max 20)" in res.stdout


def test_an_undecided_summary_says_how_to_play_more(cli, tmp_path):
    """'Undecided: the games played cannot decide every gate' named no way on: without
    --until-decided it is that option, and where --until-decided ran out, its --max-games."""
    path = gates_file(tmp_path, """
        gates:
          - {metric: win_rate_by_seat, group: seat 1, max: 0.25}
    """)
    args = ["diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "10"]
    res = cli(*args)
    assert res.returncode == 3, res.stdout + res.stderr
    assert ("⚠️ **Undecided**: the games played cannot decide every gate\n\nMore games may decide it: "
            "`--until-decided` plays 10, then twice as many, and so on up to `--max-games` (or `run.max_games` of "
            "the gates file), stopping as soon as the verdict is known.\n") in res.stdout
    res = cli(*args, "--until-decided", "--max-games", "20")
    assert res.returncode == 3, res.stdout + res.stderr
    assert ("More games may decide it: `--until-decided` played up to its `--max-games`, 20; raise that (or "
            "`run.max_games` of the gates file) to play more.\n") in res.stdout


def test_diff_says_at_which_look_it_decided(cli, tmp_path):
    """A run that passes at its first look said '10 games per variant (3 looks, max 40)': the
    looks planned (they set each look's α), not the one that decided."""
    path = gates_file(tmp_path, """
        gates:
          - {metric: game_length_rounds, max: 50}
    """)
    args = ["diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "10", "--until-decided",
            "--max-games", "40"]
    res = cli(*args)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "10 games per variant (decided at look 1 of 3, max 40)" in res.stdout
    doc = json.loads(cli(*args, "--format", "json").stdout)
    assert (doc["looks"], doc["looks_played"]) == (3, 1)


def test_diff_usage_errors(cli, tmp_path):
    path = gates_file(tmp_path, GATES_OK)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "--until-decided")
    assert (res.returncode, res.stderr) == (2, "error: --until-decided needs --max-games (or run.max_games in the gates file)\n")
    bad = gates_file(tmp_path, "gates:\n  - {metric: x}\n", "bad.yaml")
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(bad))
    assert (res.returncode, res.stderr) == (2, f"{bad}:2:5: gates.0: a gate needs `min`, `max` or `between`\n")
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "--format", "html")
    assert (res.returncode, res.stderr) == (2, "error: --format html: expected one of md, json\n")


def test_the_shipped_gates_file_is_valid():
    from tests.conftest import ROOT

    g = load_gates(ROOT / "gates" / "stargate.yaml")
    assert [s.metric for s in g.model.gates] == ["win_rate_by_seat", "crew_first_pick_rate", "game_length_rounds",
                                                 "first_player_advantage"]


@pytest.mark.parametrize(("variant", "gates", "metrics"), [
    ("variants/new-frontiers/base.yaml", "new-frontiers.yaml",
     ["win_rate_by_start_position", "game_length_rounds", "first_pick_share", "pile_gold"]),
    ("variants/ohseven/base.yaml", "ohseven.yaml", ["win_rate_by_seat", "rebids_mean", "exact_rate"]),
])
def test_the_other_games_shipped_gates_name_metrics_and_groups_their_runs_have(cli, tmp_path, variant, gates, metrics):
    """Every metric and group of the example gates exists in a real run of the game (a misspelt
    one is exit 2), so each gate is decided or undecided, never an error; a handful of games
    decides nothing, hence 3 or 0."""
    from tests.conftest import ROOT

    assert [s.metric for s in load_gates(ROOT / "gates" / gates).model.gates] == metrics
    res = cli("diff", variant, variant, "--gate", str(ROOT / "gates" / gates), "-n", "6", "--format", "json",
              "--out", str(tmp_path / "runs"))
    assert res.returncode in (0, 3), res.stderr
    report = json.loads(res.stdout)
    assert len(report["gates"]) == len(metrics)
    assert all(g["status"] in (PASS, UNDECIDED) for g in report["gates"]), report["gates"]


def test_the_shipped_crew_gate_fails_when_one_crew_is_taken_first_every_round(cli, tmp_path):
    """Four random-bays-first bots: the start player takes Bays in every round. The shipped gate "no
    crew is everyone's pick" must fail; as a share of all turns (crew_pick_rate) Bays is only
    1/4, so a gate on that metric with any limit above 0.25 could never fire. 24 games: a share
    that is 1 in every one of N games has the exact lower bound a^(1/N) at the fail level a (0.05
    over the file's 21 one-sided tests), above the gate's 75% from 22 games on."""
    from tests.conftest import ROOT

    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(ROOT / "gates" / "stargate.yaml"),
              "--bots", "scripted:random-bays-first", "-n", "24", "--format", "json", "--out", str(tmp_path / "runs"))
    gates = {g["name"]: g for g in json.loads(res.stdout)["gates"]}
    [crew] = [g for name, g in gates.items() if name.startswith("No crew is everyone's pick")]
    assert (crew["status"], crew["shown"], crew["estimate"]) == (FAIL, "bays", 1.0)
    assert res.returncode == 1


def test_diff_rejects_an_unknown_metric_before_the_long_runs(cli, tmp_path, monkeypatch):
    """Refused after the probe's games (one per seat, then up to 40 while the name is unseen: a
    name the game does not declare may still be a metric every game has that few games show,
    test_diff_s_probe_grows_for_a_generic_metric_its_first_games_lack), never after a long run."""
    asked = counting_probe(monkeypatch)
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: crew_pik_rate\n    max: 0.3\n")
    out = tmp_path / "out"
    r = cli("diff", "variants/stargate/draft5.yaml", "variants/stargate/draft5.yaml", "--gate", str(gates),
            "-n", "100000", "--out", str(out))
    assert r.returncode == 2
    assert r.stderr.startswith(f"{gates}:2:13: gates.0.metric: unknown metric 'crew_pik_rate' (did you mean 'crew_pick_rate'?); the runs have: ")
    assert not (out / "base").exists()  # no long run was started
    assert asked == [4, 40]


def test_diff_s_probe_grows_for_a_declared_metric_its_first_games_lack(cli, tmp_path, monkeypatch):
    """Oh-Seven's share_trigger needs a forced rebid, which the first 4 games of this seed lack:
    the probe plays on (up to 40 games, at most -n) and finds it. (6 players: two decks, both
    triggers on; with one deck, at 4, the trigger shares are switched off.)"""
    asked = counting_probe(monkeypatch)
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: share_trigger\n    of: change\n    max: 0.5\n")
    o7 = "variants/ohseven/base.yaml"
    r = cli("diff", o7, o7, "--gate", str(gates), "-n", "8", "-p", "6", "--seed", "19", "-w", "1",
            "--out", str(tmp_path / "out"))
    assert r.returncode in (0, 3), r.stderr  # decided or not: the gate was accepted and played
    assert asked[:2] == [6, 8]  # one game per seat, then more


def test_diff_s_probe_grows_for_a_generic_metric_its_first_games_lack(cli, tmp_path, monkeypatch):
    """leader_after_round_wins is a metric every game has, declared by none (GameSpec.metric_info
    entries are optional), yet a game shows it only when it goes on after a round with a sole
    leader: with 3 cubes a player, the first 3 games of seed 1 never do (1 or 2 rounds, tied leads)
    while 40 games do. A probe that stopped at undeclared names refused this valid gate as
    misspelt after 3 games (review h181 of 2026-12-06; that change was withdrawn)."""
    asked = counting_probe(monkeypatch)
    short = tmp_path / "short.yaml"
    short.write_text(f"extends: {(DRAFT5.parent / 'draft6-no-replenish.yaml').resolve()}\n"
                     "cubes: {total: 3, start_in_hand: 3}\n")
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: leader_after_round_wins\n    of: change\n    max: 0.5\n")
    r = cli("diff", str(short), str(short), "--gate", str(gates), "--players", "3", "--bots", "greedy",
            "--seed", "1", "-n", "40", "-w", "1", "--out", str(tmp_path / "out"))
    assert r.returncode in (0, 3), r.stderr  # accepted and played, decided or not
    assert asked[:2] == [3, 40]


def test_the_terminals_mean_score_name_points_to_the_metric_and_group_that_hold_it(cli, tmp_path):
    """`simulate` prints mean scores under the name `mean_score_total`; a gate on that name was
    refused with the list of metrics and no hint (difflib finds no close match): the designer was
    left to guess that the same numbers are `score_mean`, group '<bot> / total'."""
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: mean_score_total\n    max: 40\n")
    r = cli("diff", "variants/stargate/draft5.yaml", "variants/stargate/draft5.yaml", "--gate", str(gates),
            "-n", "100000", "--out", str(tmp_path / "out"))
    assert r.returncode == 2
    assert r.stderr.startswith(
        f"{gates}:2:13: gates.0.metric: unknown metric 'mean_score_total' (the terminal summary's mean_score_total is "
        "metric score_mean, group '<bot> / total', 'all / total' or 'seat N / total'); the runs have: "), r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_diff_rejects_an_unknown_group_before_the_long_runs(cli, tmp_path):
    """A misspelt group was found only once both long runs were played (minutes of CI time at the
    shipped 400 games) although a few games of the candidate show it."""
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: crew_first_pick_rate\n    group: bayz\n    max: 0.75\n")
    out = tmp_path / "out"
    r = cli("diff", "variants/stargate/draft5.yaml", "variants/stargate/draft5.yaml", "--gate", str(gates),
            "-n", "300", "-w", "1", "--out", str(out))
    assert r.returncode == 2
    assert r.stderr == (f"{gates}:3:12: gates.0.group: crew_first_pick_rate has no group 'bayz' in 40 games of the "
                        "candidate (did you mean 'bays'?); it has: anderson, armstrong, audrin, bays, orlins, rahel\n")
    assert not out.exists()  # no long run was started


def test_a_group_written_as_the_reports_show_it_is_told_the_group_s_name(cli, tmp_path):
    """The reports show New Frontiers' developments by name ('Galactic Senate'); a designer who
    gated that was told only 'has no group 'Galactic Senate' ...; it has: d01, ..., d18', with
    nothing to say which id is the Senate."""
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: development_purchase_rate\n    group: galactic senate\n    max: 0.25\n")
    base = "variants/new-frontiers/base.yaml"
    r = cli("diff", base, base, "--gate", str(gates), "-n", "4", "-w", "1")
    assert r.returncode == 2
    assert r.stderr.startswith(f"{gates}:3:12: gates.0.group: development_purchase_rate has no group 'galactic "
                               "senate' in 4 games of the candidate (the reports' 'Galactic Senate' is group 'd15'); "
                               "it has: d01, "), r.stderr
    assert len(r.stderr.splitlines()) == 1


def test_the_summary_names_a_development_and_both_groups_of_a_spread_s_pair_as_compare_does(cli, tmp_path):
    """diff's 'shown' column read 'd15' where compare and the reports say 'Galactic Senate' (h189):
    the group is shown by its name, with the id the gate is written with. A spread's shown pair
    read 'd01 − d05' (and a crew spread 'rahel − bays') beside such rows: each side is named as the
    reports name it, ids after (h195)."""
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - {metric: development_purchase_rate, group: d15, max: 0.9}\n"
                     "  - {metric: development_purchase_rate, group: [d15, d01], of: spread, max: 0.99}\n")
    base = "variants/new-frontiers/base.yaml"
    r = cli("diff", base, base, "--gate", str(gates), "-n", "4", "-w", "1")
    assert r.returncode in (0, 3), r.stderr
    row = next(line for line in r.stdout.splitlines() if "development_purchase_rate [d15]" in line)
    assert row.split("|")[3].strip() == "Galactic Senate (d15)", row
    row = next(line for line in r.stdout.splitlines() if "spread of development_purchase_rate" in line)
    assert row.split("|")[3].strip() in ("Galactic Senate − Survey Drones (d15 − d01)",
                                         "Survey Drones − Galactic Senate (d01 − d15)"), row


def test_a_group_misspelt_as_the_reports_show_it_is_told_the_likely_group(cli, tmp_path):
    """'Fabricator' (the reports show 'Fabricators', group d07) got no suggestion: the guess looked
    only among the ids (h171)."""
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: development_purchase_rate\n    group: Fabricator\n    max: 0.5\n")
    base = "variants/new-frontiers/base.yaml"
    r = cli("diff", base, base, "--gate", str(gates), "-n", "4", "-w", "1")
    assert r.returncode == 2
    assert ("has no group 'Fabricator' in 4 games of the candidate (did you mean the reports' 'Fabricators', "
            "group 'd07'?); it has: d01, ") in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1


def test_a_value_the_games_never_reached_is_not_called_a_misspelling(cli, tmp_path):
    """'bid 7' (a bid the heuristic bots never make at 4 players) was answered 'did you mean
    'bid 5'?', a different bid (h191): a group that differs from a known one only in its number
    is a value of the series these games did not produce."""
    gates = tmp_path / "g.yaml"
    gates.write_text("run: {games: 8, players: 4, bots: heuristic, seed: 1}\n"
                     "gates:\n  - {metric: share_bid, group: bid 7, max: 0.05}\n")
    base = "variants/ohseven/base.yaml"
    r = cli("diff", base, base, "--gate", str(gates), "-w", "1")
    assert r.returncode == 2
    assert r.stderr.startswith(f"{gates}:3:32: gates.0.group: share_bid has no group 'bid 7' in 8 games of the "
                               "candidate (no game of these produced it); it has: bid 0, "), r.stderr
    assert "did you mean" not in r.stderr and len(r.stderr.splitlines()) == 1


def test_several_values_the_games_never_reached_are_said_once(cli, tmp_path):
    """`group: [bid 7, bid 6]` read '(no game of these produced it; no game of these produced it)':
    the clause once, for both; beside a misspelt group, the values it means are named."""
    base = "variants/ohseven/base.yaml"
    for groups, said in (("[bid 7, bid 6]", "(no game of these produced them)"),
                         ("[bid 7, bdi 3]", "(did you mean 'bid 3'?; no game of these produced 'bid 7')")):
        gates = tmp_path / "g.yaml"
        gates.write_text("run: {games: 8, players: 4, bots: heuristic, seed: 1}\n"
                         f"gates:\n  - {{metric: share_bid, group: {groups}, of: spread, max: 0.05}}\n")
        r = cli("diff", base, base, "--gate", str(gates), "-w", "1")
        assert r.returncode == 2 and f"in 8 games of the candidate {said}; it has: bid 0, " in r.stderr, r.stderr


def test_a_misspelt_group_is_answered_with_the_likely_one(tmp_path, reps):
    """As a misspelt metric is: 'group: armstorng' listed every crew and guessed none (h164)."""
    path = gates_file(tmp_path, "gates:\n  - {metric: crew_pick_rate, group: armstorng, max: 0.5}\n")
    with pytest.raises(GateError) as info:
        _probe_checks(path, reps)
    assert "has no group 'armstorng' in the probe (did you mean 'armstrong'?); it has: " in str(info.value)


def test_a_limit_a_share_cannot_reach_is_located(tmp_path, reps):
    """`max: 10` meant as 10 percentage points on a share passed every run (a spread of win rates
    is at most 1); `min: -0.2` on a share holds whatever the rules. Each is one located line."""
    path = gates_file(tmp_path, "gates:\n  - {metric: win_rate_by_seat, of: spread, max: 10}\n"
                                "  - {metric: crew_pick_rate, between: [-0.2, 0.5]}\n"
                                "  - {metric: crew_pick_rate, max: 0.5}\n")
    with pytest.raises(GateError) as info:
        _probe_checks(path, reps)
    assert str(info.value).splitlines() == [
        f"{path}:2:49: gates.0.max: win_rate_by_seat gives a spread of shares, from 0 to 1: 10 is outside it "
        "(10 percentage points are 0.1)",
        f"{path}:3:39: gates.1.between: crew_pick_rate gives a share, from 0 to 1: -0.2 is outside it",
    ]


def test_a_spread_is_never_negative_a_change_may_be(tmp_path, reps):
    """A spread is the largest gap between two groups: `max: -0.05` could never pass. A change
    (candidate − base) may be negative."""
    path = gates_file(tmp_path, "gates:\n  - {metric: win_rate_by_seat, of: spread, max: -0.05}\n"
                                "  - {metric: win_rate_by_seat, of: change, min: -0.05}\n")
    with pytest.raises(GateError) as info:
        _probe_checks(path, reps)
    assert str(info.value).splitlines() == [
        f"{path}:2:49: gates.0.max: win_rate_by_seat gives a spread of shares, from 0 to 1: -0.05 is outside it"]


def test_diff_rejects_a_limit_in_percent_before_the_long_runs(cli, tmp_path):
    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - metric: win_rate_by_seat\n    of: spread\n    max: 10\n")
    out = tmp_path / "out"
    r = cli("diff", "variants/stargate/draft5.yaml", "variants/stargate/draft5.yaml", "--gate", str(gates),
            "-n", "300", "-w", "1", "--out", str(out))
    assert (r.returncode, r.stderr) == (2, f"{gates}:4:10: gates.0.max: win_rate_by_seat gives a spread of shares, "
                                           "from 0 to 1: 10 is outside it (10 percentage points are 0.1)\n")
    assert not out.exists()  # no long run was started


def test_diff_rejects_a_limit_in_points_on_an_advantage(cli, tmp_path):
    """Seat 1's advantage is a share minus 1/P, shown in points like a share's change: `max: 5`
    meant as 5 points passed every run as 'value ≤ 500 pts', and `of: change, min: -3` as
    '≥ -300 pts'. Each is refused, located, as a share's limit in percent is."""
    gates = tmp_path / "g.yaml"
    gates.write_text("run: {games: 8, players: 4, bots: heuristic, seed: 1}\n"
                     "gates:\n  - {metric: first_player_advantage, max: 5}\n"
                     "  - {metric: first_player_advantage, of: change, min: -3}\n"
                     "  - {metric: first_player_advantage, of: change, between: [-0.05, 0.05]}\n"
                     "  - {metric: first_player_advantage, between: [-0.2, 0.2]}\n")
    base = "variants/ohseven/base.yaml"
    r = cli("diff", base, base, "--gate", str(gates), "-w", "1")
    assert (r.returncode, r.stderr.splitlines()) == (2, [
        f"{gates}:3:43: gates.0.max: first_player_advantage gives a difference of shares, from -1 to 1: 5 is "
        "outside it (5 percentage points are 0.05)",
        f"{gates}:4:55: gates.1.min: first_player_advantage gives a change of differences of shares, from -1 to 1: "
        "-3 is outside it (-3 percentage points are -0.03)"]), r.stderr


def test_a_between_gate_counts_as_two_tests(tmp_path, reps):
    from playtest.compare.gates import components, fail_tests

    g = load_gates(gates_file(tmp_path, """
        gates:
          - {metric: game_length_rounds, between: [1, 30]}
          - {metric: game_length_rounds, max: 30}
          - {metric: game_length_rounds, min: 2, max: 30}
          - {metric: win_rate_by_seat, of: spread, max: 0.5}
    """))  # (min: 1, max: 30 would be the between gate written twice: refused)
    comps = components(g, reps)
    # between and min + max: both sides can fail (2 each); max: 1; spread over 4 seats: 12 ordered pairs.
    assert fail_tests(g.model.gates, comps) == 2 + 1 + 2 + 12


def test_fail_level_is_split_over_both_sides_of_a_between_gate(tmp_path, reps):
    """A component exactly t_{1−α/(2m)} standard errors beyond a limit fails with m counted
    right, and does not when the `between` gate would be counted as a single test."""
    from scipy import stats as sps

    est = reps.value((1, "game_length_rounds", "all"))
    alpha = 0.05
    # Level for m = 2 one-sided tests: α/2; put the upper limit between the two critical points.
    q_two = float(sps.t.ppf(1 - alpha / 2, est.df))
    q_one = float(sps.t.ppf(1 - alpha, est.df))
    high = est.estimate - 0.5 * (q_two + q_one) * est.se  # beyond at α (one test), not at α/2 (two)
    path = gates_file(tmp_path, f"gates:\n  - {{metric: game_length_rounds, between: [0, {high}]}}\n")
    [r] = evaluate(load_gates(path), reps)
    assert r.status == UNDECIDED
    path = gates_file(tmp_path, f"gates:\n  - {{metric: game_length_rounds, max: {high}}}\n", "one.yaml")
    [r] = evaluate(load_gates(path), reps)
    assert r.status == FAIL


def test_diff_takes_a_seed_per_side(cli, tmp_path):
    """(2 games a side, the fewest diff plays: the seeds it reports do not depend on the games.)"""
    path = gates_file(tmp_path, GATES_OK)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "2", "--seed", "1,2",
              "--format", "json")
    assert res.returncode in (0, 3), res.stderr
    assert json.loads(res.stdout)["seed"] == "1,2"
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "2", "--seed", "5",
              "--independent-seeds")
    assert "seeds 5,6 (independent games)" in res.stdout, res.stdout
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "--seed", "1,2,3")
    assert (res.returncode, res.stderr) == (2, "error: --seed names 3 seeds for 2 variants (give one, or one per variant)\n")


def flat_reps(blocks: int, games: int | None = None, value: float = 0.0, metric: str = "tie_rate"):
    """A metric that is `value` on all `games` games (one per block unless given) and in every one
    of `blocks` leave-one-block-out replicates."""
    import numpy as np

    from playtest.compare.jackknife import Replicates
    keys = ((0, metric, "all"), (1, metric, "all"))
    return Replicates(keys, np.full(2, value), np.full((2, blocks), value), (), games or blocks)


def test_a_value_the_same_in_a_handful_of_games_decides_no_gate(tmp_path):
    # No shared win in 3 games is no evidence that shared wins are rare: Oh-Seven's heuristic bots
    # share 5.8% of wins (400 games), yet 3 games without one passed "tie_rate ≤ 2%" (exit 0).
    path = gates_file(tmp_path, "gates:\n  - {metric: tie_rate, max: 0.02}\n  - {metric: tie_rate, min: 0.5}\n")
    assert [r.status for r in evaluate(load_gates(path), flat_reps(3))] == [UNDECIDED, UNDECIDED]
    # 400 games without a tie: a 2% rate would have shown one (0.98^400 = 3e-4), a 50% rate surely.
    assert [r.status for r in evaluate(load_gates(path), flat_reps(30, 400))] == [PASS, FAIL]


def test_a_rate_never_seen_passes_a_low_limit_only_with_enough_games(tmp_path):
    """0 ties in 400 games (30 blocks that all agree) passed `tie_rate ≤ 0.5%`, but a true 0.5%
    rate shows no tie in 400 games 13.5% of the time. The bound is now exact: 1 − 0.05^(1/N),
    0.75% at 400 games and 0.30% at 1,000."""
    path = gates_file(tmp_path, "gates:\n  - {metric: tie_rate, max: 0.005}\n")
    [r] = evaluate(load_gates(path), flat_reps(30, 400))
    assert r.status == UNDECIDED
    assert (r.estimate, r.low, round(r.high, 5)) == (0.0, 0.0, round(1 - 0.05 ** (1 / 400), 5))
    assert 0.0074 < r.high < 0.0075
    [r] = evaluate(load_gates(path), flat_reps(30, 1000))
    assert r.status == PASS and r.high < 0.005
    # The mirror image: a share that is 1 in every game is at least 0.05^(1/N) = 99.25% at 400.
    path = gates_file(tmp_path, "gates:\n  - {metric: exact_rate, min: 0.995}\n  - {metric: exact_rate, min: 0.99}\n",
                      "ones.yaml")
    results = evaluate(load_gates(path), flat_reps(30, 400, 1.0, "exact_rate"))
    assert [r.status for r in results] == [UNDECIDED, PASS]
    assert round(results[0].low, 5) == round(0.05 ** (1 / 400), 5)


def test_a_value_the_same_in_every_block_decides_only_from_the_blocks_that_hold_it(tmp_path):
    """A mean the same in every one of 30 blocks is evidence only where blocks hold its games:
    the rounds of the 2 games of 60 that reached round 17 (Replicates.blocks_holding) are no
    more evidence than 2 games."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    keys = ((0, "game_length_rounds", "all"), (1, "game_length_rounds", "all"))
    path = gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, max: 20}\n"
                                "  - {metric: game_length_rounds, of: change, max: 1}\n")
    values, reps = np.array([17.0, 18.0]), np.array([[17.0] * 30, [18.0] * 30])
    everywhere = Replicates(keys, values, reps, (), 60)
    assert [r.status for r in evaluate(load_gates(path), everywhere)] == [PASS, PASS]
    in_two = Replicates(keys, values, reps, (), 60, np.array([2, 2]))
    assert in_two.blocks_holding(keys[1]) == 2 and in_two.evidence_blocks(keys) == 2
    assert [r.status for r in evaluate(load_gates(path), in_two)] == [UNDECIDED, UNDECIDED]


def test_a_change_against_a_side_the_same_in_a_few_blocks_is_no_surer_than_those_blocks(tmp_path):
    """The candidate's mean the same in the 2 blocks that hold its games, the base's varying: the
    change's jackknife saw only the base's spread and failed `of: change, max: 1` at +10 rounds
    for certain; 2 blocks that agree are no evidence (sign-flip p 0.5), so it is undecided."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    keys = ((0, "game_length_rounds", "all"), (1, "game_length_rounds", "all"))
    path = gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, of: change, max: 1}\n")
    base = 8.0 + np.random.default_rng(1).normal(0, 0.2, 30)
    values, reps = np.array([base.mean(), 18.0]), np.stack([base, np.full(30, 18.0)])
    assert [r.status for r in evaluate(load_gates(path), Replicates(keys, values, reps, (), 60))] == [FAIL]
    thin = Replicates(keys, values, reps, (), 60, np.array([30, 2]))
    assert [r.status for r in evaluate(load_gates(path), thin)] == [UNDECIDED]


def test_a_share_s_bounds_stay_inside_what_a_share_can_be(tmp_path):
    """3 games gave a share's bounds as −64% … 131%; they are cut to [0, 1] (a difference of
    two shares to [−1, 1]), and a metric that is not a proportion is left as it is."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    wild = np.array([0.0, 1.0, 0.0, 1.0, 0.5])
    keys = ((0, "tie_rate", "all"), (1, "tie_rate", "all"), (1, "game_length_rounds", "all"))
    reps = Replicates(keys, np.array([0.5, 0.5, 0.5]), np.stack([1 - wild, wild, wild]), (), 5)
    path = gates_file(tmp_path, """
        gates:
          - {metric: tie_rate, max: 0.9}
          - {metric: tie_rate, of: change, max: 0.9}
          - {metric: game_length_rounds, max: 0.9}
    """)
    value, change, length = evaluate(load_gates(path), reps)
    assert (value.low, value.high) == (0.0, 1.0)
    assert change.estimate == 0.0 and (change.low, change.high) == (-1.0, 1.0)
    assert length.low < -1.0 and length.high > 2.0  # a mean of rounds: no span to cut to
    assert [r.status for r in (value, change, length)] == [UNDECIDED] * 3


def test_a_change_between_two_rates_never_seen_rests_on_their_exact_bounds(tmp_path):
    """No tie in either draft's 400 games: the change is 0 in every block, and `of: change ≤
    0.5%` passed on it, though either draft may tie 0.75% of the time. The change is now bounded
    by the two sides' exact bounds at α/2 each: 1 − 0.025^(1/400) = 0.92 points."""
    path = gates_file(tmp_path, """
        gates:
          - {metric: tie_rate, of: change, max: 0.005}
          - {metric: tie_rate, of: change, max: 0.01}
          - {metric: tie_rate, of: change, min: -0.01}
    """)
    tight, loose, below = evaluate(load_gates(path), flat_reps(30, 400))
    assert [r.status for r in (tight, loose, below)] == [UNDECIDED, PASS, PASS]
    bound = 1 - 0.025 ** (1 / 400)
    assert tight.estimate == 0.0 and (tight.low, tight.high) == (pytest.approx(-bound), pytest.approx(bound))
    # A mean that is the same in both drafts' every block keeps the sign-flip rule.
    path = gates_file(tmp_path, "gates:\n  - {metric: rebids_mean, of: change, max: 0.005}\n", "mean.yaml")
    assert [r.status for r in evaluate(load_gates(path), flat_reps(30, 400, 0.0, "rebids_mean"))] == [PASS]


def test_a_mean_the_same_in_every_block_keeps_the_sign_flip_rule(tmp_path):
    """A mean (not a proportion) at 0 in every game has no exact bound: 30 blocks that agree
    decide it as before, 3 do not."""
    path = gates_file(tmp_path, "gates:\n  - {metric: rebids_mean, max: 0.5}\n")
    assert [r.status for r in evaluate(load_gates(path), flat_reps(30, 30, 0.0, "rebids_mean"))] == [PASS]
    assert [r.status for r in evaluate(load_gates(path), flat_reps(3, 3, 0.0, "rebids_mean"))] == [UNDECIDED]


def test_a_share_seen_in_few_of_the_games_is_bounded_by_those_few(tmp_path):
    """Oh-Seven's share of forced rebids fired by the identical-cards trigger is a share
    of rebids, not of games: 5 rebids in 400 games, none of them by that trigger, bounded it by
    0.75% (the rule of three at N = 400) and passed `≤ 5%`. 5 rebids bound it by 45%."""
    import numpy as np

    from playtest.analysis import columns as C
    from playtest.compare.jackknife import Replicates

    keys = tuple((v, "share_trigger", g) for v in (0, 1) for g in ("sum", "identical"))
    table = C.metric_frame([{C.METRIC: "share_trigger", C.GROUP: g, C.ESTIMATE: e, C.N: 5}
                            for g, e in (("sum", 1.0), ("identical", 0.0))])
    full = np.array([1.0, 0.0, 1.0, 0.0])
    reps = Replicates(keys, full, np.repeat(full[:, None], 30, axis=1), (table, table), 400)
    path = gates_file(tmp_path, "gates:\n  - {metric: share_trigger, group: identical, max: 0.05}\n")
    [r] = evaluate(load_gates(path), reps)
    assert r.status == UNDECIDED
    assert r.high == pytest.approx(1 - 0.05 ** (1 / 5))


def test_a_share_seen_in_few_blocks_keeps_its_exact_bound(tmp_path):
    """The 5 rebids of the test above lie in 5 of the 30 blocks, as a run's would. The variance
    the jackknife cannot see in those few games (Replicates.unseen_variance) gave the share's
    value a standard error, and the exact bound was given only to a value without one: its upper
    bound fell from 45% to 19%, and `≤ 20%` would pass on 5 rebids. A change between two such
    sides keeps the sides' exact bounds too."""
    import numpy as np

    from playtest.analysis import columns as C
    from playtest.compare.jackknife import Replicates

    keys = tuple((v, "share_trigger", g) for v in (0, 1) for g in ("sum", "identical"))
    table = C.metric_frame([{C.METRIC: "share_trigger", C.GROUP: g, C.ESTIMATE: e, C.N: 5}
                            for g, e in (("sum", 1.0), ("identical", 0.0))])
    full = np.array([1.0, 0.0, 1.0, 0.0])
    reps = Replicates(keys, full, np.repeat(full[:, None], 30, axis=1), (table, table), 400, np.array([5, 5, 5, 5]))
    assert reps.value((1, "share_trigger", "identical")).se > 0  # the unseen variance
    path = gates_file(tmp_path, """
        gates:
          - {metric: share_trigger, group: identical, max: 0.2}
          - {metric: share_trigger, group: identical, of: change, max: 0.2}
    """)
    value, change = evaluate(load_gates(path), reps)
    assert value.status == UNDECIDED and value.high == pytest.approx(1 - 0.05 ** (1 / 5))
    assert change.status == UNDECIDED and change.high == pytest.approx(1 - 0.025 ** (1 / 5))


def test_an_end_trigger_never_fired_gets_the_exact_bound(tmp_path):
    """docs/ci.md names end triggers as a rate per game with the exact bound, but the bound was
    given only to names that `is_rate` knows: `end_trigger_share` at 0 in 400 games kept the
    sign-flip rule, whose bound is the estimate, and passed `≤ 0.5%`."""
    path = gates_file(tmp_path, "gates:\n  - {metric: end_trigger_share, max: 0.005}\n")
    [r] = evaluate(load_gates(path), flat_reps(30, 400, 0.0, "end_trigger_share"))
    assert r.status == UNDECIDED and r.high == pytest.approx(1 - 0.05 ** (1 / 400))


def test_a_lift_is_not_cut_to_what_a_share_can_be(tmp_path):
    """`crew_win_lift` (a win rate minus 1/P) starts with `crew_win`, a prefix of `is_rate`, and
    its bounds were cut to [0, 1] whenever every replicate happened to be positive: a lower t
    bound of −17 points became 0 and passed `crew_win_lift ≥ −5 points`, though a lift can be
    negative."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    spread = np.array([0.05, 0.6] * 5)
    keys = ((0, "crew_win_lift", "bays"), (1, "crew_win_lift", "bays"))
    reps = Replicates(keys, np.array([0.3, 0.3]), np.stack([spread, spread]), (), 10)
    path = gates_file(tmp_path, "gates:\n  - {metric: crew_win_lift, group: bays, min: -0.05}\n")
    [r] = evaluate(load_gates(path), reps)
    assert r.low < -0.05 and r.status == UNDECIDED


def test_diff_is_undecided_when_three_games_agree_by_chance(cli, tmp_path):
    from tests.conftest import ROOT
    base = ROOT / "variants" / "ohseven" / "base.yaml"
    path = gates_file(tmp_path, """
        run: {games: 3, players: 4, bots: heuristic, seed: 1}
        gates:
          - {name: shared wins are rare, metric: tie_rate, max: 0.02}
    """)
    res = cli("diff", str(base), str(base), "--gate", str(path), "-w", "1")
    assert res.returncode == 3, res.stdout + res.stderr
    assert "| ⚠️ undecided | shared wins are rare | all | 0.0% |" in res.stdout


def test_a_failing_gate_shows_a_failing_component(tmp_path):
    """The row showed the component whose pass bound lay furthest past the limit: a wide one that
    straddles it (undecided) could stand for the narrow one beyond it that fails the gate."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    rng = np.random.default_rng(3)
    wide = 0.15 + rng.normal(0, 0.06, 30)  # jackknife se ≈ √29 × 0.06: straddles 0.11
    narrow = 0.20 + rng.normal(0, 0.0005, 30)  # far beyond 0.11 at any level
    keys = tuple((v, "game_length_rounds", g) for v in (0, 1) for g in ("wide", "narrow"))
    full = np.array([0.15, 0.20, 0.15, 0.20])
    reps = Replicates(keys, full, np.vstack([wide, narrow, wide, narrow]), (), 30)
    path = gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, max: 0.11}\n")
    [r] = evaluate(load_gates(path), reps)
    assert (r.status, r.label) == (FAIL, "narrow")
    assert r.low > 0.11  # its bounds lie beyond the limit, as the status says


def test_limits_are_written_in_the_unit_of_the_estimates_beside_them(tmp_path):
    """diff and tune print a gate's limits beside its estimate: "spread of win_rate_by_seat ≤ 0.15"
    stood next to "+12.5 pts", "crew_pick_rate ≤ 0.9" next to "85.0%"."""
    path = gates_file(tmp_path, "gates:\n  - {metric: win_rate_by_seat, of: spread, max: 0.15}\n"
                                "  - {metric: crew_pick_rate, group: bays, max: 0.9}\n"
                                "  - {metric: crew_pick_rate, group: bays, of: change, between: [-0.05, 0.05]}\n"
                                "  - {metric: first_player_advantage, min: -0.1}\n"
                                "  - {metric: game_length_rounds, between: [5, 7]}\n"
                                "  - {metric: game_length_rounds, min: 1}\n")
    titles = [g.title() for g in load_gates(path).model.gates]
    assert titles == ["spread of win_rate_by_seat ≤ 15 pts", "crew_pick_rate [bays] ≤ 90%",
                      "change in crew_pick_rate [bays] in [-5 pts, 5 pts]", "first_player_advantage ≥ -10 pts",
                      "game_length_rounds in [5, 7] rounds", "game_length_rounds ≥ 1 round"]


def test_each_look_passes_at_alpha_over_the_looks(tmp_path, reps):
    """With L looks a component holds when its one-sided bound at 1 − α/L lies inside the limit:
    a limit between the t bounds at α and at α/4 passes after one look and not with four."""
    from scipy import stats as sps

    est = reps.value((1, "game_length_rounds", "all"))
    at_one = est.estimate + float(sps.t.ppf(1 - 0.05, est.df)) * est.se
    at_four = est.estimate + float(sps.t.ppf(1 - 0.05 / 4, est.df)) * est.se
    g = load_gates(gates_file(tmp_path, f"gates:\n  - {{metric: game_length_rounds, max: {(at_one + at_four) / 2}}}\n"))
    [one] = evaluate(g, reps)
    [four] = evaluate(g, reps, looks=4)
    assert (one.status, four.status) == (PASS, UNDECIDED)
    assert (one.high, four.high) == (pytest.approx(at_one), pytest.approx(at_four))


def test_a_value_the_same_in_every_block_fails_only_when_its_chance_is_within_the_fail_level(tmp_path):
    """A mean of 1.0 in every one of 6 blocks: all 6 agree by chance 2^(1 - 6) = 1/32 of the time.
    That is within α = 5%, not within α/2 = 2.5%, the fail level of two one-sided tests: beyond
    `max: 0.5` it fails alone, and is undecided beside a second gate. 7 blocks (1/64) fail both ways."""
    one = gates_file(tmp_path, "gates:\n  - {metric: rebids_mean, max: 0.5}\n")
    two = gates_file(tmp_path, "gates:\n  - {metric: rebids_mean, max: 0.5}\n  - {metric: rebids_mean, min: -1}\n",
                     "two.yaml")
    six = flat_reps(6, 6, 1.0, "rebids_mean")
    assert [r.status for r in evaluate(load_gates(one), six)] == [FAIL]
    assert [r.status for r in evaluate(load_gates(two), six)] == [UNDECIDED, PASS]
    assert [r.status for r in evaluate(load_gates(two), flat_reps(7, 7, 1.0, "rebids_mean"))] == [FAIL, PASS]


def test_a_change_between_sides_held_by_different_blocks_rests_on_the_fewer(tmp_path):
    """The base lasts 17 rounds in every game (all 30 blocks hold it), the candidate 18 in the 2
    blocks that hold its games: their difference is the same in every block, but as evidence it
    is 2 blocks (sign-flip p 0.5), not 30: the change is undecided."""
    import numpy as np

    from playtest.compare.jackknife import Replicates

    keys = ((0, "game_length_rounds", "all"), (1, "game_length_rounds", "all"))
    path = gates_file(tmp_path, "gates:\n  - {metric: game_length_rounds, of: change, max: 2}\n")
    values, reps = np.array([17.0, 18.0]), np.array([[17.0] * 30, [18.0] * 30])
    assert [r.status for r in evaluate(load_gates(path), Replicates(keys, values, reps, (), 60))] == [PASS]
    uneven = Replicates(keys, values, reps, (), 60, np.array([30, 2]))
    assert uneven.evidence_blocks(keys) == 2
    assert [r.status for r in evaluate(load_gates(path), uneven)] == [UNDECIDED]


def test_diff_s_change_gate_counts_a_category_the_base_never_produced_as_0(cli, tmp_path):
    """A game length only the candidate's games reached (draft 5 with one cube replenished lasts
    longer) is 0% in the base, as compare has it: diff left it without a value, undecided at
    every look however many games were played."""
    slow = slow_draft(tmp_path)
    path = gates_file(tmp_path, """
        run: {games: 20, players: 4, bots: random, seed: 1}
        gates:
          - {metric: game_length_share, of: change, max: 0.9}
    """)
    (gate,) = diff_gates(cli, DRAFT5, slow, path)
    assert None not in (gate["estimate"], gate["bound_low"], gate["bound_high"]), gate


SEVENTH_CREW = """\
crews:
  - id: zed
    name: {ja: ゼド, en: Zed}
    role: {ja: 客, en: Guest}
    time: 2
    skill:
      - {effect: gain_vp, amount: 1, timing: before}
"""


def test_diff_s_change_gate_on_a_group_only_the_candidate_has(cli, tmp_path):
    """A crew only the candidate has has no change to measure: named in a change gate it stayed
    'undecided' (no estimate) at every look, as if more games could tell; it is a located error
    now. A change gate over every group compares the groups both variants have."""
    seven = tmp_path / "seven.yaml"
    seven.write_text(f"extends: {DRAFT5.resolve()}\n{SEVENTH_CREW}", encoding="utf-8")
    named = gates_file(tmp_path, """
        run: {games: 8, players: 4, bots: random, seed: 1}
        gates:
          - {metric: crew_pick_rate, group: zed, of: change, max: 0.5}
    """, "named.yaml")
    res = cli("diff", str(DRAFT5), str(seven), "--gate", str(named), "-w", "1", "-o", str(tmp_path / "out"))
    assert res.returncode == 2, res.stdout + res.stderr
    assert res.stdout == "" and not (tmp_path / "out").exists()
    assert res.stderr.splitlines() == [
        f"{named}:4:37: gates.0.group: crew_pick_rate has no group 'zed' in the base's games: a change needs the group "
        "in both variants (the base has: anderson, armstrong, audrin, bays, orlins, rahel)"], res.stderr
    every = gates_file(tmp_path, """
        run: {games: 8, players: 4, bots: random, seed: 1}
        gates:
          - {metric: crew_pick_rate, of: change, max: 0.5}
    """, "every.yaml")
    (gate,) = diff_gates(cli, DRAFT5, seven, every)
    assert gate["components"] == 6 and gate["shown"] != "zed" and gate["bound_high"] is not None, gate


def test_a_gate_name_with_a_bar_or_a_line_break_keeps_the_comment_s_table_whole(cli, tmp_path):
    """A gate's name is the designer's free text: 'seat gap | 15 pts' added a cell to its row of
    the pull-request comment's table, and a name over two lines (a YAML block scalar) cut the row
    in two, the second half outside the table."""
    path = gates_file(tmp_path, """
        run: {games: 4, players: 4, bots: random, seed: 1}
        gates:
          - {name: "length | rounds", metric: game_length_rounds, max: 90}
          - name: |
              length,
              on two lines
            metric: game_length_rounds
            max: 91
          - {name: "length\\rin rounds", metric: game_length_rounds, max: 92}
    """)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1")
    assert res.returncode == 0, res.stderr
    # splitlines, as Markdown, ends a line at a '\r' too (a double-quoted "\r" in a name)
    rows = [line for line in res.stdout.splitlines() if line.startswith("| ✅")]
    assert len(rows) == 3, res.stdout
    assert [len(re.findall(r"(?<!\\)\|", row)) for row in rows] == [7, 7, 7], rows
    assert rows[0].startswith("| ✅ pass | length \\| rounds | all |"), rows[0]
    assert rows[1].startswith("| ✅ pass | length, on two lines | all |"), rows[1]
    assert rows[2].startswith("| ✅ pass | length in rounds | all |"), rows[2]


def test_until_decided_stops_at_the_first_failure_and_says_so(cli, tmp_path):
    """--until-decided stops as soon as one gate fails, other gates still undecided (exit 1 is
    then certain): its help and docs/ci.md said it went on 'until every gate is decided'."""
    from tests.conftest import ROOT

    path = gates_file(tmp_path, """
        gates:
          - {metric: game_length_rounds, max: 1}
          - {metric: win_rate_by_seat, group: seat 1, max: 0.25}
    """)
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "10", "--until-decided",
              "--max-games", "40")
    assert res.returncode == 1, res.stdout + res.stderr
    assert res.stderr == "look 1/3: 10 games per variant → 1 fail, 1 undecided\n"
    assert "10 games per variant (decided at look 1 of 3, max 40)" in res.stdout
    help_text = " ".join(cli("diff", "--help").stdout.split())
    assert "every gate is decided" not in help_text and "a gate fails" in help_text, help_text
    page = " ".join((ROOT / "docs" / "ci.md").read_text(encoding="utf-8").split())
    assert "until every gate is decided" not in page


def test_the_out_folder_of_an_until_decided_run_is_as_ci_md_describes(cli, tmp_path):
    """`diff --until-decided --out DIR` writes the first look's games as DIR/base and
    DIR/candidate and each later look's as a run folder inside them: `playtest report DIR/base`
    reported the first look only, and neither the help nor docs/ci.md said where the rest were."""
    from tests.conftest import ROOT

    path = gates_file(tmp_path, """
        gates:
          - {metric: win_rate_by_seat, group: seat 1, max: 0.25}
    """)
    out = tmp_path / "out"
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", str(path), "-w", "1", "-n", "4", "--until-decided",
              "--max-games", "16", "-o", str(out))
    assert res.returncode == 3, res.stdout + res.stderr
    for side in ("base", "candidate"):
        assert sorted(p.name for p in (out / side).iterdir() if p.is_dir()) == ["games-4-7", "games-8-15"]
        assert json.loads((out / side / "run.json").read_text())["games"] == 4
    page = " ".join((ROOT / "docs" / "ci.md").read_text(encoding="utf-8").split())
    assert "`DIR/candidate/games-400-799`" in page and "shows the first look's games only" in page
    assert "games-400-799" in " ".join(cli("diff", "--help").stdout.split())


def test_diff_s_change_gate_with_no_group_in_both_variants_is_one_located_line(cli, tmp_path):
    """Every crew renamed: a change gate over every group has none to compare (it was
    'undecided' at every look)."""
    text = DRAFT5.read_text(encoding="utf-8")
    for crew in ("armstrong", "orlins", "audrin", "rahel", "anderson", "bays"):
        text = text.replace(f"id: {crew}", f"id: {crew}2")
    renamed = tmp_path / "renamed.yaml"
    renamed.write_text(text, encoding="utf-8")
    path = gates_file(tmp_path, """
        run: {games: 6, players: 4, bots: random, seed: 1}
        gates:
          - {metric: crew_pick_rate, of: change, max: 0.5}
    """)
    res = cli("diff", str(DRAFT5), str(renamed), "--gate", str(path), "-w", "1")
    assert (res.returncode, res.stdout) == (2, ""), res.stderr
    assert res.stderr.splitlines() == [f"{path}:4:14: gates.0.metric: crew_pick_rate: no group is in both variants, "
                                       "so there is no change to measure"]


def test_the_hook_draft_s_own_gates_file_is_accepted_where_the_game_s_is_refused(cli, tmp_path):
    """gates/ohseven.yaml's rebid gate is refused for the hook draft (it switches rebids off);
    gates/ohseven/hook.yaml, which docs/ci.md's workflow takes for that draft, is not."""
    from tests.conftest import ROOT

    hook = str(ROOT / "variants" / "ohseven" / "hook.yaml")
    res = cli("diff", hook, hook, "--gate", str(ROOT / "gates" / "ohseven.yaml"), "-n", "8", "-w", "1")
    assert res.returncode == 2 and "rebids_mean is switched off" in res.stderr
    res = cli("diff", hook, hook, "--gate", str(ROOT / "gates" / "ohseven" / "hook.yaml"), "-n", "8", "-w", "1")
    assert res.returncode in (0, 3), res.stdout + res.stderr


def test_diff_s_value_and_spread_gates_read_the_candidate_s_own_categories(cli, tmp_path):
    """A value or spread is the candidate's alone: diffed against a slower base, draft 5's gates
    over every game length took a 0% row for each length only the base reached (5 components for
    draft 5's own 2 lengths, a spread of 20 pairs, shown as '4 rounds − 6 rounds', a length draft
    5 never had), so the same candidate's gate read otherwise against another base, and each row
    took a share of the failure level. A change gate still compares every length either reached."""
    slow = slow_draft(tmp_path)
    path = gates_file(tmp_path, """
        run: {games: 12, players: 4, bots: random, seed: 1}
        gates:
          - {metric: game_length_share, max: 0.99}
          - {metric: game_length_share, of: spread, max: 0.99}
    """)
    results = []
    for base in (DRAFT5, slow):
        results.append(diff_gates(cli, base, DRAFT5, path))
    assert results[0] == results[1]
    change = gates_file(tmp_path, """
        run: {games: 12, players: 4, bots: random, seed: 1}
        gates:
          - {metric: game_length_share, of: change, max: 0.99}
    """, "change.yaml")
    (gate,) = diff_gates(cli, slow, DRAFT5, change)
    assert gate["components"] > results[0][0]["components"], (gate, results[0])


def test_diff_s_change_gate_may_name_a_category_only_the_base_produced(cli, tmp_path):
    """A draft that shortens the games: its change gate on the share of 8-round games, a length
    only the base reaches, was refused before any look ('has no group '8 rounds' in 8 games of
    the candidate'), though the looks count that length as 0% in the candidate (docs/ci.md). A
    misspelt group is still refused there."""
    slow = slow_draft(tmp_path)
    path = gates_file(tmp_path, """
        run: {games: 8, players: 4, bots: random, seed: 1}
        gates:
          - {metric: game_length_share, group: 8 rounds, of: change, max: -0.1}
    """)
    (gate,) = diff_gates(cli, slow, DRAFT5, path)
    assert gate["shown"] == "8 rounds" and gate["estimate"] < -0.5, gate
    typo = gates_file(tmp_path, """
        run: {games: 8, players: 4, bots: random, seed: 1}
        gates:
          - {metric: game_length_share, group: 8 roundz, of: change, max: -0.1}
    """, "typo.yaml")
    res = cli("diff", str(slow), str(DRAFT5), "--gate", str(typo), "-w", "1")
    assert res.returncode == 2 and "has no group '8 roundz'" in res.stderr, res.stderr


def test_a_gate_on_an_end_trigger_the_draft_lists_but_no_game_fired_is_measured_not_refused(cli, tmp_path):
    """Draft 6a lists a round-12 stop that none of these 20 random games reached: the gate read
    "end_reason_share has no group 'round_cap' in 20 games of the candidate" (exit 2) or was
    measured, as the seed happened to fire it. The trigger is the draft's: 0% of its games, with
    the interval of a share never seen, as a crew never taken is."""
    path = gates_file(tmp_path, textwrap.dedent("""\
        run: {games: 20, players: 4, bots: random}
        gates:
          - metric: end_reason_share
            group: round_cap
            max: 0.5
    """))
    draft6a = DRAFT5.parent / "draft6-no-replenish.yaml"
    res = cli("diff", str(DRAFT5), str(draft6a), "--gate", str(path), "-w", "1", "--format", "json")
    assert res.returncode == 0, res.stderr
    (gate,) = json.loads(res.stdout)["gates"]
    assert gate["status"] == "pass" and gate["estimate"] == 0.0
    assert 0.1 < gate["bound_high"] < 0.2  # Wilson's upper end of 0 in 20 games, not a zero-width 0%
