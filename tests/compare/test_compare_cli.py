"""compare: semantic diff of extends chains, a large known change detected, CLI output; sweep."""

from __future__ import annotations

import json

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.compare.compare import compare_samples, semantic_changes
from playtest.compare.sweep import as_written, grid, parse_axis
from playtest.errors import VariantError
from playtest.variants import load_variant
from tests.compare.helpers import counting_probe, simulate, write_variant
from tests.conftest import DRAFT5, ROOT, assert_valid_charts


def test_semantic_diff_follows_extends_chains(tmp_path):
    six = write_variant(tmp_path / "draft6.yaml", f"""extends: {DRAFT5}
crews:
  - {{id: bays, time: 2}}
""")
    seven = write_variant(tmp_path / "draft7.yaml", """extends: draft6.yaml
rules_version: draft7
crews:
  - {id: armstrong, time: 5}
  - {id: rahel, remove: true}
""")
    a, b = load_variant(DRAFT5), load_variant(seven)
    [(base, other, changes)] = semantic_changes(["draft5", "draft7"], [a.resolved, b.resolved])
    text = [str(c) for c in changes]
    assert (base, other) == ("draft5", "draft7")
    assert "rules_version: draft5 → draft7" in text
    assert "crews.armstrong.time: 4 → 5" in text
    assert "crews.bays.time: 1 → 2" in text  # inherited from draft 6
    assert any(t.startswith("crews.rahel: {") and t.endswith("→ (absent)") for t in text)
    assert len(text) == 4
    assert load_variant(six).changes and str(load_variant(six).changes[0]) == "crews.bays.time: 1 → 2"


@pytest.mark.slow
def test_bays_time_1_to_4_is_detected_in_pick_rate_and_win_rate(tmp_path):
    bots = ("greedy", "random", "random", "random")
    base = simulate(load_variant(DRAFT5), 100, bots, 1, tmp_path / "a")
    cand = simulate(load_variant(DRAFT5, ["crews.bays.time=4"]), 100, bots, 1, tmp_path / "b")
    d = compare_samples([base, cand], ["draft5", "bays4"]).differences  # every metric of the report
    bays = {r[C.METRIC]: r for r in d.filter(pl.col(C.GROUP) == "bays").iter_rows(named=True)}
    for metric in ("crew_pick_rate", "crew_win_rate"):
        row = bays[metric]
        assert row["notable"] and row[C.ESTIMATE] > 0.02 and row["p_holm"] < 0.05, row
    assert d.filter(pl.col("significant")).height < d.height / 2


def test_compare_cli_prints_changes_first_and_writes_three_reports(cli, tmp_path):
    v = write_variant(tmp_path / "bays2.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: bays, time: 2}}\n")
    out = tmp_path / "out"
    res = cli("compare", str(DRAFT5), str(v), "-n", "12", "--seed", "4", "-w", "1", "--out", str(out))
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    # The answer first, then the rule changes.
    assert lines[0] == "Verdict"
    assert lines[1].startswith(("No difference is both significant and notable among ", "1 difference is ")) or \
        " differences are significant and notable" in lines[1]
    start = lines.index("Rule changes")
    assert lines[start:start + 3] == ["Rule changes", "bays2 vs draft5: 1 key differs", "  crews.bays.time: 1 → 2"]
    # Metrics titled in words (a headline row), not by their ids.
    assert "Metrics" in res.stdout and "Crew taken (share of turns)" in res.stdout and "crew_pick_rate" not in res.stdout
    # the threshold for rates in the words of the verdict ('percentage points'), not score points
    assert "and at least 2 percentage points (rates) or" in " ".join(res.stdout.split())
    # Rows without a notable difference outside the headline set are left to the files.
    assert all(line.rstrip().endswith("★") for line in lines if line.startswith(("Spread (sd)", "10th percentile")))
    # ... and said so as the verdict does: 'none with a notable difference' read as 'none changed
    # much', where a few games hide large differences that are not significant.
    assert "more rows, none with a difference both significant and notable, are in" in " ".join(res.stdout.split())
    assert res.stderr.endswith(f"wrote {out / 'compare.html'}, compare.md, compare.json\n")
    # no more than the disk check counted on (its runs and REPORT_BYTES_ESTIMATE: it left the
    # reports out, 1.6 of a compare's 1.7 MB, and passed a disk the command then filled)
    from playtest.sim.batch import BYTES_PER_GAME_ESTIMATE, REPORT_BYTES_ESTIMATE

    written = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    assert written <= 2 * 12 * 2 * BYTES_PER_GAME_ESTIMATE + REPORT_BYTES_ESTIMATE[0] + 2 * REPORT_BYTES_ESTIMATE[1]
    doc = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert doc["variants"] == ["draft5", "bays2"]
    assert doc["changes"][0]["changes"] == [{"path": "crews.bays.time", "old": 1, "new": 2, "added": False, "removed": False}]
    assert {"metric", "group", "variant", "baseline", "estimate", "ci_low", "ci_high", "p_value", "p_holm",
            "significant", "notable"} <= set(doc["differences"][0])
    # Beside compare's p (a test of the difference), a definition does not name the report's own
    # test: 'p: chi-square test that all seats win equally' stood over the seats' difference p.
    seat = next(d for d in doc["differences"] if d["metric"] == "win_rate_by_seat")
    assert seat["definition"] == "Share of games won from this seat (ties split)."
    assert not any("p: " in d["definition"] for d in doc["differences"])
    html = (out / "compare.html").read_text(encoding="utf-8")
    assert "Content-Security-Policy" in html and "http://" not in html.split("<script>")[0]
    assert "yOffset" in html  # overlaid charts
    assert_valid_charts(html)
    md = (out / "compare.md").read_text(encoding="utf-8")
    assert md.startswith("## Comparison: draft5 vs bays2\n\n### Verdict\n\n")
    assert "### Rule changes\n\n```\nbays2 vs draft5: 1 key differs\n" in md
    assert md.index("### Verdict") < md.index("### Rule changes") < md.index("### Every metric")
    assert html.index("<h2>Verdict</h2>") < html.index("<h2>Rule changes</h2>")
    assert (out / "runs" / "draft5" / "games.parquet").exists()


def test_compare_cli_errors(cli, tmp_path):
    res = cli("compare", str(DRAFT5))
    assert (res.returncode, res.stderr) == (2, "error: compare needs at least two variant files\n")
    res = cli("compare", str(DRAFT5), str(DRAFT5), "--seed", "1,2,3")
    assert (res.returncode, res.stderr) == (2, "error: --seed names 3 seeds for 2 variants (give one, or one per variant)\n")
    res = cli("compare", str(DRAFT5), str(DRAFT5), "--seed", "1,")  # was run as one seed for both
    assert (res.returncode, res.stderr) == (2, "error: --seed 1,: seed 2 is empty (give one integer, or one per variant)\n")
    res = cli("diff", str(DRAFT5), str(DRAFT5), "--gate", "gates/stargate.yaml", "--seed", ",2")
    assert (res.returncode, res.stderr) == (2, "error: --seed ,2: seed 1 is empty (give one integer, or one per variant)\n")
    # A --set only one of the variants can take: the line names that variant's file.
    crews6 = DRAFT5.parent / "draft6-new-crews.yaml"
    res = cli("compare", str(crews6), str(DRAFT5), "--set", "crews.vance.time=3", "-n", "2")
    assert (res.returncode, res.stderr) == (2, "error: --set crews.vance.time=3: crews.vance: no item 'vance' (known: "
                                               f"armstrong, orlins, audrin, rahel, anderson, bays) (in {DRAFT5}; --set "
                                               "applies to every variant)\n")
    res = cli("compare", str(DRAFT5), str(DRAFT5), "--format", "xml")
    assert (res.returncode, res.stderr) == (2, "error: --format xml: expected one of text, md, json\n")


def test_sweep_axes_and_grid():
    assert parse_axis("crews.bays.time=1,2,3,4").values == (1, 2, 3, 4)
    assert parse_axis("scoring.color_bonus=none, all_max_colors").values == ("none", "all_max_colors")
    points = grid([parse_axis("a.b=1,2"), parse_axis("c=x,y,z")])
    assert [p.label for p in points][:2] == ["a.b=1, c=x", "a.b=1, c=y"] and len(points) == 6
    assert points[0].overrides() == ["a.b=1", 'c="x"']


def test_sweep_cli_output_shape(cli, tmp_path):
    out = tmp_path / "sw"
    res = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1,3", "-n", "8", "-w", "1", "--out", str(out),
              "--metric", "crew_pick_rate", "--metric", "game_length_rounds", "--format", "json")
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["key_metrics"] == ["crew_pick_rate", "game_length_rounds"]
    table = pl.read_csv(out / "sweep.csv")
    assert table.columns[:2] == ["point", "crews.bays.time"]
    assert sorted(table["point"].unique().to_list()) == ["crews.bays.time=1", "crews.bays.time=3"]
    per_point = table.group_by("point").len()["len"].to_list()
    assert per_point[0] == per_point[1]  # the same metric rows at every point
    assert table.filter(pl.col("metric") == "game_length_rounds").height == 2
    assert table["lineup"].unique().to_list() == [",".join(doc["run"]["lineup"])] == ["random,random,random,random"]
    html = (out / "sweep.html").read_text(encoding="utf-8")
    assert "crews.bays.time" in html and "errorbar" in html
    assert_valid_charts(html)
    # crews by the names the variant gives them, as the report writes them; the CSV and JSON keep the ids
    md = (out / "sweep.md").read_text(encoding="utf-8")
    assert "| ベイス Bays |" in md and "| bays |" not in md and '"ベイス Bays"' in html
    assert "bays" in table.filter(pl.col("metric") == "crew_pick_rate")["group"].to_list()
    # Which point is the draft as written (Bays' time 1 in draft 5): no column said so.
    assert doc["run"]["as_written"] == {"point": "crews.bays.time=1", "values": {"crews.bays.time": "1"}}
    said = "The draft as written is the point crews.bays.time=1."
    assert said in md and said in html
    res = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1,1")
    assert (res.returncode, res.stderr) == (2, "error: --set crews.bays.time=1,1: crews.bays.time: a value is repeated\n")


def test_a_sweep_says_which_point_is_the_draft_as_written_or_its_own_values_when_none_is():
    """A grid that leaves out the draft's own values names them ('No point is the draft as
    written (crews.bays.time=1, max_rounds=60)'); a `!remove` point of a key the draft leaves out
    is the draft as written; no games are needed for it."""
    from playtest.compare.render import sweep_as_written

    def where(variant, *sets):
        points = grid([parse_axis(t) for t in sets])
        loaded = [load_variant(variant, p.overrides()).resolved for p in points]
        return as_written(load_variant(variant).resolved, points, loaded)

    off = where(DRAFT5, "crews.bays.time=2,3", "max_rounds=9,12")
    assert off == {"point": None, "values": {"crews.bays.time": "1", "max_rounds": "60"}}
    assert sweep_as_written({"as_written": off}) == "No point is the draft as written (crews.bays.time=1, max_rounds=60)."
    nf = ROOT / "variants" / "new-frontiers" / "base.yaml"
    assert where(nf, "rules.end.worlds=6,!remove")["point"] == "rules.end.worlds=!remove"
    assert sweep_as_written({}) == ""  # (a sweep.json written before: nothing said)


@pytest.mark.slow  # make test-all: make test keeps the common-random-numbers comparisons
def test_independent_seeds_make_a_copy_differ(cli, tmp_path):
    out = tmp_path / "out"
    res = cli("compare", str(DRAFT5), str(DRAFT5), "-n", "12", "--seed", "4", "--independent-seeds", "-w", "1",
              "--out", str(out), "--format", "json")
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["run"]["seeds"] == [4, 5]
    assert any(d["estimate"] not in (0, None) for d in doc["differences"])


def test_diff_says_a_change_gate_on_a_copy_reads_0_by_construction(cli, tmp_path):
    """docs/ci.md's workflow checks a new draft against itself: with one seed both sides replay the
    same games, and gates/stargate.yaml's change gate read '✅ pass … +0.0 pts … +0.0 pts' in the
    pull-request comment as if the draft had been measured not to move seat 1's edge (h195)."""
    # 4 games a side, the probe's one per seat, random bots for the gates file's greedy: the note and
    # same_games follow from the rules and the seeds (cli/diff.py), not from how many games were
    # played or how well (8 played twice the greedy games for the same lines; greedy was 1.4 of
    # this test's 2.1 CPU-s).
    args = ["diff", str(DRAFT5), str(DRAFT5), "--gate", "gates/stargate.yaml", "-n", "4", "-w", "1",
            "--bots", "random"]
    said = "> note: the candidate changes no rule of the base and both played the same seed: the very same games"
    res = cli(*args)
    assert res.returncode in (0, 3), res.stderr
    assert said in res.stdout
    assert json.loads(cli(*args, "-f", "json").stdout)["same_games"] is True
    res = cli(*args, "--seed", "1,2")  # independent games: the change is measured
    assert res.returncode in (0, 1, 3), res.stderr
    assert "note:" not in res.stdout
    copy = write_variant(tmp_path / "copy.yaml", f"extends: {DRAFT5}\nname: renamed\n")
    assert said in cli("diff", str(DRAFT5), str(copy), *args[3:]).stdout  # a label is no rule
    other = write_variant(tmp_path / "other.yaml", f"extends: {DRAFT5}\ncubes:\n  replenish: 1\n")
    assert json.loads(cli("diff", str(DRAFT5), str(other), *args[3:], "-f", "json").stdout)["same_games"] is False


def test_a_sweep_axis_of_one_value_gets_a_note(cli, tmp_path):
    res = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1", "--set", "cubes.replenish=1,2", "-n", "4", "-w", "1",
              "--out", str(tmp_path / "sw"))
    assert res.returncode == 0, res.stderr
    assert res.stderr.splitlines()[0] == ("note: --set crews.bays.time=1: one value, so crews.bays.time is not swept "
                                          "(give several: crews.bays.time=V1,V2,...)")
    assert "cubes.replenish" not in res.stderr.splitlines()[1]


def test_sweep_run_folders_stay_inside_out(cli, tmp_path):
    """Swept values are free text: `../..` or `a/b` must not become a path (outside --out or nested)."""
    out = tmp_path / "a" / "b" / "sw"
    res = cli("sweep", str(DRAFT5), "--set", "name=ok,../../../../ESCAPED,x/y,é *", "-n", "2", "-w", "1",
              "--out", str(out), "--format", "json")
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (out / "runs").iterdir()) == \
        ["00-name_ok", "01-name_.._.._.._.._ESCAPED", "02-name_x_y", "03-name"]
    assert not list(tmp_path.rglob("ESCAPED")) and sorted(p.name for p in tmp_path.iterdir()) == ["a"]
    info = json.loads((out / "runs" / "01-name_.._.._.._.._ESCAPED" / "run.json").read_text(encoding="utf-8"))
    assert info["variant"]["overrides"] == ['name="../../../../ESCAPED"']  # the real value is kept
    assert "name=../../../../ESCAPED" in res.stdout  # and so is its label in sweep.json


def test_a_variant_named_dot_gets_its_own_run_folder(cli, tmp_path):
    """The stem of `..yaml` is `.`: its run was written into runs/ itself."""
    v = write_variant(tmp_path / "..yaml", f"extends: {DRAFT5}\n")
    out = tmp_path / "out"
    res = cli("compare", str(v), str(DRAFT5), "-n", "2", "-w", "1", "--out", str(out), "--format", "json")
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (out / "runs").iterdir()) == ["_.", "draft5"]


def test_a_variant_whose_stem_ends_like_a_report_file_is_compared(cli, tmp_path):
    """The refusal of an --out named like a report file (`compare -o summary.md`) also met the
    run folders compare names itself: `compare draft5.yaml notes.md.yaml -o out` stopped with
    '--out out/.…-tmp-…/runs/notes.md: names a report file', an option and a path never given."""
    v = write_variant(tmp_path / "notes.md.yaml", f"extends: {DRAFT5}\n")
    out = tmp_path / "out"
    res = cli("compare", str(DRAFT5), str(v), "-n", "2", "-w", "1", "--out", str(out), "--format", "json")
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (out / "runs").iterdir()) == ["draft5", "notes.md"]


def test_labels_that_map_to_one_folder_keep_separate_runs(cli, tmp_path):
    """`.a` and `_.a` both map to the folder `_.a`: the second gets `_.a-2`, not the first's."""
    a = write_variant(tmp_path / ".a.yaml", f"extends: {DRAFT5}\n")
    b = write_variant(tmp_path / "_.a.yaml", f"extends: {DRAFT5}\nname: other\n")
    out = tmp_path / "out"
    res = cli("compare", str(a), str(b), "-n", "2", "-w", "1", "--out", str(out), "--format", "json")
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (out / "runs").iterdir()) == ["_.a", "_.a-2"]
    names = {json.loads((out / "runs" / f / "run.json").read_text())["variant"]["name"] for f in ("_.a", "_.a-2")}
    assert len(names) == 2


def test_variants_whose_files_share_a_name_are_told_apart_by_their_files(cli, tmp_path):
    """Two drafts both called draft.yaml are labelled draft and draft#2: the verdict's "draft#2 is
    11.78 points lower than draft" named no file in the terminal, the Markdown or the HTML."""
    base = ROOT / "variants" / "ohseven" / "base.yaml"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_variant(tmp_path / "a" / "draft.yaml", f"extends: {base}\n")
    b = write_variant(tmp_path / "b" / "draft.yaml", f"extends: {base}\nscoring: {{miss_per_trick: -2}}\n")
    out = tmp_path / "out"
    res = cli("compare", str(a), str(b), "-n", "4", "--bots", "random", "-w", "1", "--out", str(out))
    assert res.returncode == 0, res.stderr
    said = f"Variants: draft = {a}, draft#2 = {b}. 4 games per variant · "
    assert said in res.stdout and said in (out / "compare.html").read_text()  # (the page showed `backticks`)
    assert f"Variants: draft = `{a}`, draft#2 = `{b}`. 4 games per variant · " in (out / "compare.md").read_text()
    res = cli("compare", str(a), str(ROOT / "variants" / "ohseven" / "no-bonus.yaml"), "-n", "4", "--bots", "random",
              "-w", "1", "--out", str(tmp_path / "out2"))
    assert res.returncode == 0 and "Variants:" not in res.stdout, res.stdout  # each label is its file's name


def test_sweep_refuses_an_unknown_metric_name_before_playing_the_grid(cli, tmp_path, monkeypatch):
    """A misspelt -m fails after a probe (one game per seat at each grid point, then up to
    PROBE_GAMES while a name is unseen), not after the whole grid. A metric that needs events one
    game per seat may lack (Oh-Seven's share_trigger needs a rebid) is found by the larger probe."""
    asked = counting_probe(monkeypatch)
    r = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1,2", "-n", "400", "-m", "bogus", "-w", "1",
            "-o", str(tmp_path / "s"))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith("error: --metric bogus: no such metric in the 40 games at each of the grid points that the "
                               "check of the --metric names played before the sweep (known: "
                               "win_rate_by_seat, ")
    assert asked == [4, 40] and not (tmp_path / "s").exists()  # the probe's games only, never the grid's 400
    asked.clear()
    r = cli("sweep", str(ROOT / "variants" / "ohseven" / "base.yaml"), "--set", "rounds=6,7", "-n", "40",
            "-m", "share_trigger", "-p", "6", "--seed", "6", "-w", "1", "-o", str(tmp_path / "o7"))
    assert r.returncode == 0, r.stderr
    # (6 players: two decks, both triggers on.) No rebid in the first 6 games: the probe grew, then
    # the grid was played.
    assert asked == [6, 40, 40]


def test_compare_diff_and_sweep_print_a_setting_that_can_never_take_effect(cli, tmp_path):
    """A worlds end trigger above the world limit never fires: validate and simulate say so, and
    a sweep over it (or a compare, or a diff) played the point without a word."""
    from tests.conftest import ROOT
    nf = ROOT / "variants" / "new-frontiers" / "base.yaml"
    note = ("note: --set rules.end.worlds=10: rules.end.worlds: a player holds at most 9 worlds (the home "
            "world and rules.explore.world_limit 8): this trigger can never fire (null switches it off)")
    res = cli("sweep", str(nf), "--set", "rules.end.worlds=8,10", "-n", "2", "-w", "1", "--out", str(tmp_path / "sw"),
              "--metric", "game_length_rounds")
    assert res.returncode == 0, res.stderr
    assert res.stderr.splitlines()[0] == note
    res = cli("compare", str(nf), str(nf), "--set", "rules.end.worlds=10", "-n", "2", "-w", "1",
              "--out", str(tmp_path / "cmp"), "--format", "json")
    assert res.returncode == 0, res.stderr
    assert res.stderr.splitlines()[0] == note  # once, though both variants carry it
    gates = write_variant(tmp_path / "g.yaml", "run: {games: 2}\ngates:\n  - {metric: game_length_rounds, max: 100}\n")
    res = cli("diff", str(nf), str(nf), "--gate", str(gates), "--set", "rules.end.worlds=10", "-w", "1")
    assert res.returncode in (0, 3), res.stderr
    assert res.stderr.splitlines()[0] == note


def test_a_sweep_prints_the_file_s_own_note_once_without_the_points_set(cli, tmp_path):
    """draft6-no-replenish's note (Bays' gain_cubes can never take a cube) was printed once per
    grid point, each copy ending 'with --set end.0.count.3=1', '…=2', as if the swept value caused
    it. A note that only some points have still names their --set."""
    six = ROOT / "variants" / "stargate" / "draft6-no-replenish.yaml"
    res = cli("sweep", str(six), "--set", "end.0.count.3=1,2", "--players", "3", "-n", "2", "-w", "1",
              "--out", str(tmp_path / "sw"), "--metric", "game_length_rounds")
    assert res.returncode == 0, res.stderr
    notes = [line for line in res.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "gain_cubes can never take a cube" in notes[0] and "--set" not in notes[0]
    mine = write_variant(tmp_path / "no-bays.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: bays, skill: []}}\n")
    res = cli("sweep", str(mine), "--set", "cubes.replenish=0,2", "-n", "2", "-w", "1",
              "--out", str(tmp_path / "sw2"), "--metric", "game_length_rounds")
    notes = [line for line in res.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "stock_empty" in notes[0] and notes[0].endswith("with --set cubes.replenish=0)"), notes
    # validate and compare likewise: a --set that has nothing to do with the note is not named in it
    for args in (("validate", str(six)), ("compare", str(DRAFT5), str(six), "-n", "2", "-w", "1", "--format", "json",
                                            "--out", str(tmp_path / "cmp"))):
        res = cli(*args, "--set", "scoring.color_bonus=none")
        assert res.returncode == 0, res.stderr
        notes = [line for line in res.stderr.splitlines() if line.startswith("note:")]
        assert len(notes) == 1 and "gain_cubes can never take a cube" in notes[0] and "--set" not in notes[0], notes


def test_the_sweep_table_in_the_terminal_names_the_bots_and_games(cli, tmp_path):
    """The terminal tables of a sweep said neither which bots played nor how many games (only
    sweep.md did): every number describes the bots that made it."""
    res = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1,2", "-n", "3", "-w", "1", "--bots", "greedy,random,random",
              "--seed", "5", "--metric", "game_length_rounds", "--out", str(tmp_path / "sw"))
    assert res.returncode == 0, res.stderr
    assert res.stdout.rstrip().splitlines()[-1] == ("3 games per point · 3 players · bots greedy,random,random · seed 5 "
                                                    "for every point (the same deals and bot dice). Each cell: "
                                                    "estimate [95% interval]. The draft as written is the point "
                                                    "crews.bays.time=1.")


def test_sweep_takes_remove_as_a_point_without_the_key():
    """`!remove` (a YAML tag) could not be swept: yaml.safe_load refused it with a five-line
    error. It is one value of an axis, the point where the key is deleted (its default applies)."""
    from playtest.variants.source import REMOVED

    axis = parse_axis("rounds=!remove,5")
    assert axis.values == (REMOVED, 5)
    assert [p.overrides() for p in grid([axis])] == [["rounds=!remove"], ["rounds=5"]]
    assert [p.label for p in grid([axis])] == ["rounds=!remove", "rounds=5"]
    assert parse_axis("rounds=5, !remove ").values == (5, REMOVED)
    for text, message in (
            ("rounds=[1,!remove]", "!remove is a value of its own (a point without the key, e.g. "
                                   "rounds=!remove,2), not part of a list or map"),
            ("rounds=!remove,!remove", "a value is repeated"),
            ("rounds=!foo,1", "cannot read the values: could not determine a constructor for the tag '!foo'")):
        with pytest.raises(VariantError) as err:
            parse_axis(text)
        assert str(err.value) == f"--set {text}: rounds: {message}"


def test_a_quoted_sweep_value_is_read_as_written():
    """The space that ends a tag before a ',' (`!remove,5`) was also put into quoted text:
    `"a,!b,c"` became 'a,!b ,c'."""
    assert parse_axis('name="a,!b,c",\'d,!e\',plain').values == ("a,!b,c", "d,!e", "plain")
    assert parse_axis('name="say \\"hi,!\\"",!remove').values[0] == 'say "hi,!"'


def test_a_sweep_with_remove_plays_the_default_at_that_point(cli, tmp_path):
    out = tmp_path / "sw"
    res = cli("sweep", str(ROOT / "variants" / "ohseven" / "base.yaml"), "--set", "rounds=!remove,5", "-n", "2",
              "-w", "1", "--out", str(out), "--metric", "game_length_rounds", "--format", "json")
    assert res.returncode == 0, res.stderr
    rows = {r["point"]: (r["rounds"], r["estimate"]) for r in json.loads(res.stdout)["rows"]
            if r["metric"] == "game_length_rounds"}
    assert rows == {"rounds=!remove": ("!remove", 7.0), "rounds=5": ("5", 5.0)}  # Oh-Seven's default: 7 rounds
    info = json.loads((out / "runs" / "00-rounds__remove" / "run.json").read_text(encoding="utf-8"))
    assert info["variant"]["overrides"] == ["rounds=!remove"] and "rounds" not in info["variant"]["resolved"]


def test_sweep_shows_a_category_a_point_never_produced_as_0_percent_in_order(cli, tmp_path):
    """A game length one grid point never had was a blank '–' (compare shows it as 0% and tests
    it), and the lengths came out as '4 rounds, 5 rounds, 3 rounds' when the first point lacked
    one. Now 0% with the exact interval of a share never seen in 8 games, [0, 1 − 0.025^(1/8)]."""
    res = cli("sweep", str(DRAFT5), "--set", "max_rounds=20,3", "-n", "8", "-w", "1", "--out", str(tmp_path / "sw"),
              "--metric", "game_length_share", "-f", "json")
    assert res.returncode == 0, res.stderr
    rows = [r for r in json.loads(res.stdout)["rows"] if r["metric"] == "game_length_share"]
    capped = {r["group"]: r for r in rows if r["point"] == "max_rounds=3"}
    assert capped["3 rounds"]["estimate"] == 1.0
    for length in ("4 rounds", "5 rounds"):
        assert (capped[length]["estimate"], capped[length]["ci_low"]) == (0.0, 0.0)
        assert capped[length]["ci_high"] == pytest.approx(1 - 0.025 ** (1 / 8))
    free = [r["group"] for r in rows if r["point"] == "max_rounds=20"]
    assert free == sorted(free, key=lambda g: int(g.split()[0])) and "3 rounds" in free


def test_the_sweep_table_in_the_terminal_keeps_every_point_label_whole(cli, tmp_path):
    """Two long keys, four points: the terminal table cut each column's heading with '…' at the
    first key's value, so 'scoring.majority_tiebreak=later_first_cube' and '=earlier_first_cube'
    both read 'scoring.majority_tiebr…' and two columns could not be told apart. A heading folds
    instead: every character of the label is there."""
    res = cli("sweep", str(DRAFT5), "--set", "scoring.majority_tiebreak=later_first_cube,earlier_first_cube",
              "--set", "cubes.start_in_hand=3,4", "-n", "2", "-w", "1", "--metric", "game_length_rounds",
              "--out", str(tmp_path / "sw"))
    assert res.returncode == 0, res.stderr
    assert "…" not in res.stdout
    head = res.stdout[:res.stdout.index("━")]
    cells = ["".join(line.split("┃")[i].strip() for line in head.splitlines() if "┃" in line).replace(" ", "")
             for i in range(1, 5)]
    assert cells == [f"scoring.majority_tiebreak={t},cubes.start_in_hand={c}"
                     for t in ("later_first_cube", "earlier_first_cube") for c in (3, 4)]


def test_the_terminal_verdict_shows_the_clearest_differences_of_each_variant(cli, tmp_path, monkeypatch):
    """Five drafts against draft 5 printed 245 verdict lines before the table: the terminal shows
    each variant's clearest few and says how many more the files hold (--all prints them)."""
    import playtest.cli.app  # noqa: F401  (registers the commands: cli.compare is imported from it)
    from playtest.cli import compare as compare_cli

    monkeypatch.setattr(compare_cli, "VERDICT_LINES", 2)
    dev = ROOT / "variants/stargate/draft6-development.yaml"
    # 8 games give 5 differences (12 gave 8, 30 gave 14 at 2.5x the CPU: the jackknife recomputes
    # every metric once per game up to 30 blocks): more than the 2 shown, so the cut is still exercised.
    args = ["compare", str(DRAFT5), str(dev), "-n", "8", "--seed", "4", "-w", "1"]
    res = cli(*args, "--out", str(tmp_path / "a"))
    assert res.returncode == 0, res.stderr
    verdict = res.stdout.split("Rule changes")[0].splitlines()
    total = int(verdict[1].split(" ")[0])
    assert total > 2
    assert [line for line in verdict if line.startswith("  ★ ")] == verdict[2:4]
    assert verdict[4] == (f"  … and {total - 2} more for draft6-development (compare.md lists every one; "
                          "--all prints them here)")
    assert verdict[5].startswith("Only 8 games per variant: fewer than the 100 ")  # (under the verdict, not a ★ line)
    md = (tmp_path / "a" / "compare.md").read_text(encoding="utf-8")
    assert md.count("\n- ★ ") == total
    every = cli(*args, "--all", "--out", str(tmp_path / "b")).stdout.split("Rule changes")[0]
    assert every.count("  ★ ") == total and " more for " not in every


def test_sweep_tables_are_titled_in_words_with_the_metric_id_beside(cli, tmp_path):
    """The sweep's tables and charts were headed by the bare metric ids ('margin_of_victory_median',
    'share_bid') where compare says 'Median winning margin (points)', 'Final bids of this value':
    now the words (the game's own titles for its metrics) with the id that --metric takes beside."""
    out = tmp_path / "sw"
    res = cli("sweep", str(ROOT / "variants" / "ohseven" / "base.yaml"), "--set", "scoring.exact_bonus=0,2",
              "-n", "4", "-w", "1", "--players", "4", "--out", str(out),
              "--metric", "margin_of_victory_median", "--metric", "share_bid")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert "Median winning margin (points) (margin_of_victory_median)" in lines
    assert "Final bids of this value (share_bid)" in lines
    md = (out / "sweep.md").read_text(encoding="utf-8")
    assert "### Final bids of this value (`share_bid`)" in md and "### share_bid" not in md
    html = (out / "sweep.html").read_text(encoding="utf-8")
    assert "<h3>Final bids of this value (share_bid)</h3>" in html
    # the value axis: the words, and what its numbers are
    assert '"title": "Final bids of this value: share (%)"' in html or '"title":"Final bids of this value: share (%)"' in html


def test_sweep_takes_a_key_of_a_whole_item_given_before_it():
    """A new crew in place of Bays, then its time swept (`--set 'crews.bays={...}' --set
    crews.bays.time=1,2`) is a sweep of that crew's time, as the same two --set are to validate;
    the check that the outer key's values would replace the inner key's refused it in either order
    ("part of crews.bays, swept too"). Only the inner key given first is refused before the grid."""
    item = ("crews.bays={id: bays, name: {ja: x, en: Bays II}, role: {ja: y, en: Engineer}, "
            "skill: [{effect: gain_cubes, amount: 3, timing: before}]}")
    points = grid([parse_axis(item), parse_axis("crews.bays.time=1,2")])
    times = [{c.id: c.time for c in load_variant(DRAFT5, p.overrides()).model.crews}["bays"] for p in points]
    assert times == [1, 2]
    with pytest.raises(VariantError) as err:
        grid([parse_axis("crews.bays.time=1,2"), parse_axis(item)])
    assert str(err.value.problems[0]) == "--set crews.bays.time: part of crews.bays, swept too: sweep one of them"


def test_a_sweep_prints_a_note_of_its_fixed_set_once_without_the_swept_value(cli, tmp_path):
    """`--set cubes.replenish=0` beside a swept `crews.armstrong.time=1,2`: the stock_empty note came
    once per grid point, each ending 'with --set cubes.replenish=0 --set crews.armstrong.time=1' (then
    '=2'), as if the swept value caused it. Said once, with the --set every point shares."""
    mine = write_variant(tmp_path / "no-bays.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: bays, skill: []}}\n")
    res = cli("sweep", str(mine), "--set", "cubes.replenish=0", "--set", "crews.armstrong.time=1,2", "-n", "2",
              "-w", "1", "--out", str(tmp_path / "sw"), "--metric", "game_length_rounds")
    assert res.returncode == 0, res.stderr
    notes = [line for line in res.stderr.splitlines() if line.startswith("note:") and "stock_empty" in line]
    assert len(notes) == 1 and notes[0].endswith("with --set cubes.replenish=0)"), notes


def test_a_sweep_over_two_keys_names_only_the_key_that_decides_a_note(tmp_path):
    """Over `cubes.replenish=0,2` and `crews.armstrong.time=1,2` the stock_empty note (replenish 0
    and no crew that gains cubes) came twice, 'with --set cubes.replenish=0 --set
    crews.armstrong.time=1' and '…=2', as if Armstrong's time caused it: the swept keys were cut
    out of the note's text only when every point shared them. Either order of the keys."""
    from playtest.cli.common import note_texts

    mine = write_variant(tmp_path / "no-bays.yaml", f"extends: {DRAFT5}\ncrews:\n  - {{id: bays, skill: []}}\n")
    for axes in (["cubes.replenish=0,2", "crews.armstrong.time=1,2"], ["crews.armstrong.time=1,2", "cubes.replenish=0,2"]):
        points = grid([parse_axis(a) for a in axes])
        notes = [n for n in note_texts([load_variant(mine, p.overrides()) for p in points]) if "stock_empty" in n]
        assert len(notes) == 1 and notes[0].endswith(", with --set cubes.replenish=0)"), notes
        assert "armstrong" not in notes[0]


def test_a_note_names_the_keys_whose_values_tell_where_it_shows():
    """deciding_keys: a key every point sets alike, then the fewest swept keys that tell the
    points with the note from those without it (both, where only their pairing does)."""
    from playtest.cli.common import deciding_keys

    sets = [("f=1", f"a={a}", f"b={b}") for a in (0, 2) for b in ("x", "y")]
    assert deciding_keys(sets, [a == 0 for a in (0, 2) for _ in "xy"]) == {"f", "a"}
    assert deciding_keys(sets, [b == "y" for _ in (0, 2) for b in "xy"]) == {"f", "b"}
    assert deciding_keys(sets, [(a, b) == (0, "y") for a in (0, 2) for b in "xy"]) == {"f", "a", "b"}
    assert deciding_keys(sets, [True] * 4) == {"f"}
    assert deciding_keys([("a=0",), ("b=1",)], [True, False]) is None  # not the same keys: each names its own


def test_a_sweep_whose_points_play_the_same_games_says_so(cli, tmp_path):
    """`crews_dealt.4=5,6` swept at 3 players changes nothing (the key is the 4-player deal): the
    sweep printed two identical columns with no word that the key could not act (h207)."""
    variant = str(ROOT / "variants" / "stargate" / "draft6-crew-variety.yaml")
    args = ["sweep", variant, "--set", "crews_dealt.4=5,6", "-n", "3", "-w", "1", "--format", "json"]
    res = cli(*args, "--players", "3", "--out", str(tmp_path / "three"))
    assert res.returncode == 0, res.stderr
    assert ("note: every grid point played the very same games (the same moves and scores in all 3 games at "
            "3 players): the swept values change nothing here (a setting of another player count than 3?)") \
        in res.stderr.splitlines()
    res = cli(*args, "--players", "4", "--out", str(tmp_path / "four"))
    assert res.returncode == 0, res.stderr
    assert "very same games" not in res.stderr


def test_compare_calls_identical_games_identical_when_a_dealt_crews_share_is_over_no_games(cli, tmp_path):
    """A change that only the 4-player deal reads, compared at 3 players: the very same games. A crew's
    pick rate over no games (a crew none of the 2 games was dealt) is NaN in both variants, and the
    verdict read "No difference ... among 0 distinct tests" instead of saying the games were identical (h207)."""
    variant = ROOT / "variants" / "stargate" / "draft6-crew-variety.yaml"
    other = write_variant(tmp_path / "five.yaml", f"extends: {variant}\ncrews_dealt: {{4: 5}}\n")
    res = cli("compare", str(variant), str(other), "--players", "3", "-n", "2", "--bots", "random", "--seed", "0",
              "-w", "1", "--out", str(tmp_path / "cmp"), "--format", "json")
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert any(d["estimate"] is None for d in doc["differences"])  # the NaN row this is about
    assert doc["verdict"][0].startswith("No metric differs in any game: the variants played identical games")


def test_a_sweep_says_what_a_cell_without_brackets_is_where_one_shows(cli, tmp_path):
    """'Each cell: estimate [95% interval]' stood over a game length of '5.00', bare: a length the
    rules fix has no interval, and nothing said so (review h270). Said under the tables, in the
    terminal and in sweep.md, only where such a cell shows."""
    fixed = write_variant(tmp_path / "fixed.yaml", f"extends: {DRAFT5}\nmax_rounds: 1\n")
    res = cli("sweep", str(fixed), "--set", "crews.bays.time=1,2", "-n", "3", "-w", "1",
              "--metric", "game_length_rounds", "--out", str(tmp_path / "sw"))
    assert res.returncode == 0, res.stderr
    from playtest.compare.render import SWEEP_BLANK

    assert SWEEP_BLANK in res.stdout
    assert SWEEP_BLANK in (tmp_path / "sw" / "sweep.md").read_text(encoding="utf-8")
    res = cli("sweep", str(DRAFT5), "--set", "crews.bays.time=1,2", "-n", "3", "-w", "1",
              "--metric", "win_rate_by_seat", "--out", str(tmp_path / "sw2"))
    assert res.returncode == 0, res.stderr
    assert SWEEP_BLANK not in res.stdout and "[" in res.stdout
