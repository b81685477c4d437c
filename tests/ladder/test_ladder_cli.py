"""`playtest ladder`: output shape (Markdown sections, JSON keys), exit codes, --out and --force."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from playtest.cli.app import _register, app
from playtest.errors import PlaytestError
from playtest.io import umask
from tests.conftest import DRAFT5, ROOT, assert_valid_charts, built_once

OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"


def invoke(*args: str) -> tuple[int, str, str]:
    """Run `playtest ARGS` in-process as `main` does: a PlaytestError is one line and its exit code."""
    _register()
    result = CliRunner().invoke(app, [str(a) for a in args])
    if isinstance(result.exception, PlaytestError):
        return result.exception.exit_code, result.stdout, f"error: {result.exception}\n"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def stargate_ladder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A 10-game ladder (its folder and what it printed), built once for both workers."""
    def build(folder: Path) -> str:
        code, stdout, stderr = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "10", "-w", "1",
                                      "--seed", "3", "--out", folder / "out", "--format", "json")
        assert code == 0, stderr
        return stdout

    folder, stdout = built_once(tmp_path_factory, "stargate-ladder", build)
    return folder / "out", stdout


def test_ladder_writes_three_reports_and_the_runs(stargate_ladder):
    out, stdout = stargate_ladder
    assert sorted(p.name for p in out.iterdir()) == [".playtest-output", "ladder.html", "ladder.json", "ladder.md", "runs"]
    assert out.stat().st_mode & 0o777 == 0o777 & ~umask()
    for run in ("runs/self/random", "runs/self/greedy", "runs/vs/greedy--random"):
        assert (out / run / "games.parquet").is_file() and (out / run / "run.json").is_file()
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # no staging folder left
    assert json.loads(stdout) == json.loads((out / "ladder.json").read_text(encoding="utf-8"))
    # no more than the disk check counted on: 2 self-play runs and a pairing of 10 games, and the reports
    from playtest.sim.batch import BYTES_PER_GAME_ESTIMATE, REPORT_BYTES_ESTIMATE

    written = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    assert written <= 3 * 10 * 2 * BYTES_PER_GAME_ESTIMATE + REPORT_BYTES_ESTIMATE[0] + 3 * REPORT_BYTES_ESTIMATE[1]


def test_ladder_json_keys(stargate_ladder):
    doc = json.loads(stargate_ladder[1])
    assert doc["schema"] == "playtest-ladder" and doc["rungs"] == ["random", "greedy"]
    assert set(doc) >= {"run", "skill_matters", "strength", "ratings", "changes_with_skill", "metrics"}
    # the blocks the jackknife used: one per game of the 10 (it said the 30 asked for)
    assert doc["run"]["blocks"] == 10
    [pair] = doc["strength"]
    assert (pair["upper"], pair["lower"], pair["games"], pair["upper_seats"], pair["lower_seats"]) == (
        "greedy", "random", 10, 2, 2)
    assert pair["upper_win_rate_low"] <= pair["upper_win_rate"] <= pair["upper_win_rate_high"]
    assert [r["rung"] for r in doc["ratings"]] == ["random", "greedy"] and doc["ratings"][0]["rating"] == 0
    metric = next(m for m in doc["metrics"] if m["metric"] == "game_length_rounds")
    assert [r["rung"] for r in metric["by_rung"]] == ["random", "greedy"]
    assert set(metric) >= {"group", "p_value", "p_holm", "changes", "note", "title", "sentence", "definition"}
    picks = {m["group"] for m in doc["metrics"] if m["metric"] == "crew_first_pick_rate"}
    assert "bays" in picks  # every crew, also where a rung never opens with it (0%, not missing)
    # What draft 5 switches off is named, and in no rung ("0.00, the same in every rung" before).
    assert {o["what"] for o in doc["switched_off"]} >= {"planet effects' VP", "extension slots"}
    parts = {m["group"] for m in doc["metrics"] if m["metric"] == "score_mean"}
    assert "all / planets" in parts and not parts & {"all / planet_effects", "all / extensions"}
    assert {m["group"] for m in doc["metrics"] if m["metric"] == "crew_vp_per_pick"} == {"armstrong"}
    assert doc["run"]["runs"]["greedy vs random"] == "runs/vs/greedy--random"


def test_ladder_markdown_sections(stargate_ladder):
    text = (stargate_ladder[0] / "ladder.md").read_text(encoding="utf-8")
    for heading in ("# Skill ladder", "## Does skill matter?", "## What changes with skill",
                    "## Every metric by rung", "## Method"):
        assert heading in text
    assert "| metric | `random` | `greedy` | p (Holm) | changes |" in text
    # How many games the rungs played is in the header, not only in the command line.
    assert " · 10 self-play games per rung · " in text.splitlines()[2]
    html = (stargate_ladder[0] / "ladder.html").read_text(encoding="utf-8")
    assert 'id="chart-specs"' in html and "Content-Security-Policy" in html and "http://" not in html.split("<script>")[0]
    assert_valid_charts(html, at_least=3)


def test_the_strength_table_names_the_sides_by_their_places_not_as_a_verdict(stargate_ladder):
    """The table headed a pairing's columns 'stronger' and 'weaker': mcts:50 stood under 'stronger'
    beside the sentence that it was measurably weaker than greedy (the strength chart already
    named the sides 'upper rung' and 'lower rung')."""
    md = (stargate_ladder[0] / "ladder.md").read_text(encoding="utf-8")
    html = (stargate_ladder[0] / "ladder.html").read_text(encoding="utf-8")
    assert "| upper rung | lower rung | games | seats | upper rung's wins per seat |" in md
    assert "<th>upper rung</th><th>lower rung</th>" in html
    assert "stronger wins" not in md and "<th>stronger</th>" not in html


def test_ladder_markdown_writes_p_as_the_other_markdown_pages_do(stargate_ladder):
    """ladder.md said "p &lt; 0.001" (the run report's escape, whose HTML entities are for the
    HTML blocks of report.md) where compare.md, sweep.md and tune.md say "p < 0.001"."""
    from playtest.report import format as F

    text = (stargate_ladder[0] / "ladder.md").read_text(encoding="utf-8")
    assert not re.search(r"&(#?\w+);", text), re.search(r".*&(#?\w+);.*", text)
    below = F.p_value(1e-9)
    assert below == "< 0.001"
    assert f"Holm-adjusted p {below}." in text and f"| {below} | yes |" in text


def test_ladder_markdown_still_escapes_what_markdown_would_read():
    """Text a designer wrote (a rung, a title) cannot break a table row, start emphasis, or
    open HTML, an entity or a quote: escaped with Markdown's backslash, not with entities."""
    from playtest.report.markdown import md_text

    assert md_text("p < 0.001") == "p < 0.001" and md_text("x <= y > z") == "x <= y > z"
    assert md_text("a | b") == "a \\| b" and md_text("a_b*c") == "a\\_b\\*c"
    assert md_text("<script>x</script>") == "\\<script>x\\</script>"
    assert md_text("<!-- x -->") == "\\<!-- x -->" and md_text("<https://x>") == "\\<https://x>"
    assert md_text("R&D &amp; &#60;") == "R&D \\&amp; \\&#60;"
    assert md_text("> quoted") == "\\> quoted" and md_text("two\nlines") == "two lines"
    assert "\x1b" not in md_text("\x1b]0;title\x07")  # no control characters


def test_existing_out_is_kept_without_force_and_replaced_with_it(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "-w", "1", "--out", out, "--force")
    assert (code, err) == (2, f"error: --out {out}: is a folder that is not empty and holds no playtest output; "
                              "--force replaces only playtest's own outputs: choose a new folder\n")
    assert (out / "keep.txt").read_text() == "mine"
    (out / "ladder.json").write_text('{"schema": "playtest-ladder"}')  # an earlier ladder's folder
    for force in ((), ("--force",)):  # still holding the user's file, which --force would delete
        code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "-w", "1", "--out", out, *force)
        assert (code, err) == (2, f"error: --out {out}: holds {out / 'keep.txt'}, which is not one of the files of playtest's output; "
                                  f"replacing the folder would delete it: move it out of {out}, or choose another --out\n")
        assert (out / "keep.txt").read_text() == "mine"
    (out / "keep.txt").unlink()
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "-w", "1", "--out", out)
    assert (code, err) == (2, f"error: --out {out}: already exists (a folder that is not empty); "
                              "use --force to replace it\n")
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "--pair-games", "2", "-w", "1",
                          "--out", out, "--force", "--format", "md")
    assert code == 0, err
    assert (out / "ladder.md").is_file()
    assert json.loads((out / "ladder.json").read_text())["strength"][0]["games"] == 2


@pytest.mark.parametrize(("rungs", "message"), [
    ("random,gready", "error: --rungs: unknown bot 'gready' for stargate ("),
    ("greedy", "error: --rungs greedy: a ladder needs at least two rungs, weakest first"),
    ("random,greedy,random", "error: --rungs random,greedy,random: random is named twice"),
    ("random,,greedy", "error: --rungs random,,greedy: rung 2 has no name"),
    # one bot spelt two ways was played against itself as two rungs
    ("random,mcts:3:c=1,mcts:3:c=1.0", "error: --rungs random,mcts:3:c=1,mcts:3:c=1.0: mcts:3:c=1 and mcts:3:c=1.0 "
                                       "are the same bot"),
])
def test_bad_rungs_are_one_line_errors(tmp_path, rungs, message):
    code, _, err = invoke("ladder", DRAFT5, "--rungs", rungs, "-n", "4", "--out", tmp_path / "x")
    assert code == 2 and err.startswith(message) and err.count("\n") == 1, err
    if "unknown bot" in message:  # the valid bots are listed
        assert all(name in err for name in ("random", "greedy", "lookahead", "scripted:"))
    assert not (tmp_path / "x").exists()


def test_bad_rung_through_the_real_entry_point(cli, tmp_path):
    r = cli("ladder", str(OHSEVEN), "--rungs", "random,mcts-typo", "-n", "4", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: --rungs: unknown bot 'mcts-typo' for ohseven") and "heuristic" in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_players_not_supported_is_a_usage_error(tmp_path):
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "--players", "9", "--out", tmp_path / "x")
    assert code == 2 and "--players 9 is not supported" in err


def test_oh_seven_ladder_runs_through_the_generic_tables(tmp_path):
    out = tmp_path / "o7"
    code, stdout, err = invoke("ladder", OHSEVEN, "--rungs", "random,heuristic", "-n", "6", "-w", "1",
                               "--players", "3", "--out", out)
    assert code == 0, err
    assert "Does skill matter?" in stdout and "heuristic against random (2 seats to 1, 6 games)" in stdout
    # How many of the metrics tested change, in the words of ladder.md (it read "(0 of 12 metrics tested, ...)")
    import re
    changed, tested = re.search(r"(\d+) of (\d+) metrics tested change", (out / "ladder.md").read_text()).groups()
    assert f"What changes with skill: {changed} of the {tested} metrics tested (Holm-adjusted, 5%)" in stdout
    assert changed != "0" or "- none detected" in stdout
    doc = json.loads((out / "ladder.json").read_text(encoding="utf-8"))
    assert {m["metric"] for m in doc["metrics"]} >= {"share_bid", "exact_rate", "win_rate_by_seat"}


@pytest.mark.slow  # make test-all: worker-count identity is tested per game in tests/sim and tests/*/test_cli.py
def test_same_seed_same_ladder_whatever_the_workers(tmp_path):
    docs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}"
        code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "8", "-w", workers, "--seed", "9",
                              "--out", out)
        assert code == 0, err
        docs.append(json.loads((out / "ladder.json").read_text(encoding="utf-8")))
    for key in ("metrics", "strength", "ratings", "skill_matters", "changes_with_skill"):
        assert docs[0][key] == docs[1][key], key


def test_few_games_are_flagged(stargate_ladder):
    doc = json.loads(stargate_ladder[1])
    assert doc["warnings"] and doc["warnings"][0].startswith("Only 10 self-play games per rung")
    assert "> ⚠️ Only 10 self-play games per rung" in (stargate_ladder[0] / "ladder.md").read_text(encoding="utf-8")


def test_a_search_rung_not_shown_stronger_is_flagged_with_its_budget(tmp_path):
    """Oh-Seven, random / heuristic / ismcts:2 in 4 games: ismcts:2 won 12.5% of its seats against
    heuristic's 75.0%. The verdict said only "the ladder saturates here" and nothing warned that
    what 'What changes with skill' lists for ismcts:2 is a change of bot, not of skill."""
    out = tmp_path / "budget"
    code, _, err = invoke("ladder", OHSEVEN, "--rungs", "random,heuristic,ismcts:2", "-n", "4", "-w", "1",
                          "--players", "3", "--seed", "1", "--out", out)
    assert code == 0, err
    doc = json.loads((out / "ladder.json").read_text(encoding="utf-8"))
    assert "ismcts:2's budget of 2 iterations a decision is too small to play better than heuristic" in \
        doc["skill_matters"][1]
    flagged = ("ismcts:2 was not shown to play better than heuristic in their 4 games (Does skill matter?): where a "
               "metric differs between heuristic and ismcts:2 under 'What changes with skill', that is a difference "
               "of bots, not shown to be one of skill.")
    assert flagged in doc["warnings"]
    # each warning its own quote in ladder.md: adjacent `>` lines render as one paragraph
    assert f"\n\n> ⚠️ {flagged}\n\n" in (out / "ladder.md").read_text(encoding="utf-8")


def test_an_interrupted_ladder_says_nothing_was_written(tmp_path, monkeypatch):
    """Ctrl-C in the second run: the ladder's staging folder (and the run's resumable .partial in
    it) is removed, so the message must not point to a `simulate --resume` folder."""
    from playtest.sim import batch
    from tests.conftest import interrupt_on_call

    interrupt_on_call(monkeypatch, batch, "run_inline", 2)
    out = tmp_path / "ilad"
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "-w", "1", "--out", out)
    assert code == 130 and err.endswith(f"interrupted: nothing was written (--out {out} is unchanged)\n"), err
    assert "--resume" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_variant_note_is_printed_as_simulate_prints_it(tmp_path):
    """A draft with no replenishing and no Bays cube skill keeps draft 5's stock_empty trigger,
    which nothing can fire: every game of the ladder ran to max_rounds and, unlike `simulate`
    and `validate`, the ladder never said why."""
    variant = tmp_path / "never.yaml"
    variant.write_text(f"extends: {DRAFT5}\nname: never ends\ncubes: {{total: 15, start_in_hand: 5, replenish: 0}}\n"
                       "max_rounds: 3\ncrews:\n  - {id: bays, skill: [{effect: gain_vp, amount: 1}]}\n", encoding="utf-8")
    code, _, err = invoke("ladder", variant, "--rungs", "random,greedy", "-n", "2", "-w", "1", "--out", tmp_path / "x")
    assert code == 0, err
    assert "note: " in err and "stock_empty can never fire" in err


def test_a_repeated_test_names_the_earlier_row_in_words_in_the_reports(stargate_ladder):
    """Seat 1's advantage repeats seat 1's win-rate test: the Markdown and HTML tables
    said 'same as win\\_rate\\_by\\_seat / seat 1', ids where every row is titled in words. The JSON
    note keeps the ids (docs/ladder.md)."""
    out, stdout = stargate_ladder
    text = (out / "ladder.md").read_text(encoding="utf-8")
    assert "same test as “seat 1 win rate”" in text and "same as win" not in text
    html = (out / "ladder.html").read_text(encoding="utf-8")
    assert "same test as “seat 1 win rate”" in html and "same as win_rate_by_seat" not in html
    doc = json.loads(stdout)
    note = next(m["note"] for m in doc["metrics"] if m["metric"] == "first_player_advantage")
    assert note == "same as win_rate_by_seat / seat 1"


def test_a_definition_does_not_name_the_report_s_own_test(stargate_ladder):
    """The ladder's p tests a change across rungs; the seat rows' definition ended 'p: chi-square
    test that all seats win equally', a p-value the ladder does not show."""
    out, stdout = stargate_ladder
    seat = next(m for m in json.loads(stdout)["metrics"] if m["metric"] == "win_rate_by_seat")
    assert seat["definition"] == "Share of games won from this seat (ties split)."
    assert "p: chi-square" not in (out / "ladder.html").read_text(encoding="utf-8")


def test_a_game_with_a_cut_off_but_no_evaluation_plays_search_bots_to_the_end(example_game):
    """A game that names a rollout cut-off (search_depth) but cannot evaluate a cut-off state:
    `mcts:3` plays its rollouts to the end, as `mcts:3:depth=end` does, so a ladder of the two
    would play one bot twice (the ladder's check once applied the cut-off without asking whether
    the game can evaluate one, and took them for two bots)."""
    from dataclasses import replace

    from playtest_nim import SPEC

    from playtest.ladder.runs import split_rungs
    from playtest.search.bots import make_search_bot, played
    from playtest.variants import load_variant

    spec = replace(SPEC, search_depth=5)
    rules = spec.make_rules(load_variant(example_game / "nim.yaml").model)
    assert played(spec, "mcts:3", rules).depth == 0  # to the end
    assert make_search_bot(spec, "mcts:3", rules, 0).rollout.depth is None  # as the bot plays it
    with pytest.raises(PlaytestError, match="mcts:3 and mcts:3:depth=end are the same bot"):
        split_rungs("random,mcts:3,mcts:3:depth=end", (spec, rules))
    assert split_rungs("random,mcts:3,mcts:30", (spec, rules)) == ("random", "mcts:3", "mcts:30")


def test_each_run_shows_progress_on_a_terminal_only_and_plays_the_same_games(tmp_path, monkeypatch):
    """A rung's games showed no progress while simulate's do (a rung of mcts:1000 was minutes of
    silence): on a terminal each run advances a line named after it; in a pipe or CI log none."""
    import io

    from rich.console import Console

    import playtest.cli.ladder as ladder_cli

    shown = {}
    for terminal in (True, False):
        buffer = io.StringIO()
        monkeypatch.setattr(ladder_cli, "status_console", lambda b=buffer, t=terminal: Console(
            file=b, force_terminal=t, width=100, emoji=False))
        out = tmp_path / f"terminal-{terminal}"
        code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "4", "--pair-games", "2", "-w", "1",
                              "--out", out, "--format", "json")
        assert code == 0, err
        shown[terminal] = buffer.getvalue()
        assert ("random: 4 games in" in shown[terminal]) and ("greedy vs random: 2 games in" in shown[terminal])
        assert (re.search(r"greedy\s.*4/4", shown[terminal]) is not None) is terminal
        assert (re.search(r"greedy vs random\s.*2/2", shown[terminal]) is not None) is terminal
    same = [json.loads((tmp_path / f"terminal-{t}" / "ladder.json").read_text())["metrics"] for t in (True, False)]
    assert same[0] == same[1]


def test_a_second_ladder_of_a_variant_gets_its_own_default_folder(tmp_path, monkeypatch):
    """Without --out a ladder went to reports/ladder-<variant>, with no time in the name as every
    other command's default place has: a second ladder of the same variant was refused ("already
    exists") or, with --force, replaced the first."""
    monkeypatch.chdir(tmp_path)
    args = ("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "2", "--pair-games", "2", "-w", "1", "-f", "json")
    for _ in range(2):
        code, _, stderr = invoke(*args)
        assert code == 0, stderr
    folders = sorted(p.name for p in (tmp_path / "reports").iterdir())
    assert len(folders) == 2 and all(re.fullmatch(r"ladder-draft5-\d{8}-\d{6}(-2)?", f) for f in folders), folders
    assert all((tmp_path / "reports" / f / "ladder.json").is_file() for f in folders)


def test_a_ladder_with_set_says_the_rules_it_changed_as_the_balance_report_does(tmp_path):
    """`ladder draft5.yaml --set crews.bays.time=2` titled its pages 'Skill ladder — Stargate draft
    5' and named the change only inside the command line, where the balance report of the same
    games lists '1 key changed by the command line (--set): crews.bays.time: 1 → 2' (a first
    morning's walkthrough, h253)."""
    out = tmp_path / "out"
    code, _, err = invoke("ladder", DRAFT5, "--rungs", "random,greedy", "-n", "2", "-w", "1", "--set", "crews.bays.time=2",
                          "--out", out, "--format", "json")
    assert code == 0, err
    md = (out / "ladder.md").read_text(encoding="utf-8")
    assert "1 key changed by the command line (--set):\n- crews.bays.time: 1 → 2\n" in md
    page = (out / "ladder.html").read_text(encoding="utf-8")
    assert "<dt>Changes</dt><dd>1 key (command-line overrides)" in page and "<code>crews.bays.time</code>: 1 → 2" in page
