"""`playtest replay RUN --game N`: a game of a simulated run played again and replayed as a
transcript (playtest/play/from_run.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from playtest.variants import load_variant
from tests.conftest import DRAFT5, ROOT

OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"
NEWFRONTIERS = ROOT / "variants" / "new-frontiers" / "base.yaml"


@pytest.mark.parametrize(("variant", "bots", "game"), [(DRAFT5, "greedy,random,random", 2),
                                                      (OHSEVEN, "heuristic,random", 3),
                                                      (NEWFRONTIERS, "greedy,random", 1)],
                         ids=["stargate", "ohseven", "new-frontiers"])
def test_a_game_of_a_run_replays_to_the_scores_and_seats_the_run_recorded(cli, tmp_path, variant, bots, game):
    """Every seat's total, rank and bot (the seats rotate) in the replay are the run's own for
    that game; the transcript kept with --save replays alone to the same; a game's number is its
    `game` column. Not game 0: the deal of game N is the run's stream N, not play's seed stream."""
    run, saved = tmp_path / "run", tmp_path / "kept.yaml"
    assert cli("simulate", str(variant), "-n", "4", "-w", "1", "--seed", "7", "--bots", bots, "--out", str(run),
               "-q").returncode == 0
    r = cli("replay", str(run), "--game", str(game), "--save", str(saved), "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith(f"game {game} of the run {run} (seed 7), played again: P1 ")
    assert r.stderr.rstrip().endswith(f"it ends as the run recorded it; saved as {saved}")
    doc = json.loads(r.stdout)
    assert doc["run"] == {"folder": str(run), "game": game} and doc["transcript"] == str(saved)
    rows = pl.read_parquet(run / "games.parquet").filter(pl.col("game") == game).sort("seat")
    names = [f"P{seat + 1} {bot}" for seat, bot in zip(rows["seat"], rows["bot"], strict=True)]
    assert doc["players"] == names and len(set(rows["bot"])) > 1
    scores = {s["player"]: s for s in doc["scores"]} if isinstance(doc["scores"], list) else doc["scores"]
    assert [scores[n]["total"] for n in names] == pytest.approx(rows["total"].to_list())
    assert [scores[n]["rank"] for n in names] == rows["rank"].to_list()
    alone = json.loads(cli("replay", str(saved), "--json").stdout)
    assert alone["scores"] == doc["scores"] and alone["title"] == doc["title"]
    # the text's heading is the title (docs/transcripts.md), not the scratch file gone by then
    heading = cli("replay", str(run), "--game", str(game)).stdout.splitlines()[0]
    assert f" — {doc['title']}" in heading and "playtest-replay-" not in heading, heading


def test_a_game_replayed_without_save_names_its_variant_by_a_path_that_finds_it(cli, tmp_path):
    """Without --save the transcript is written into a scratch folder: a variant beside the run
    (under the same /tmp) was named relative to that folder, '../pytest-.../v.yaml', gone once
    the output was read and wrong from anywhere else. Named absolute, it is found from anywhere."""
    variant = tmp_path / "mine.yaml"
    shutil.copy(DRAFT5, variant)
    run = _run(cli, tmp_path, variant)
    out = cli("replay", str(run), "--game", "1").stdout
    [line] = [x for x in out.splitlines() if x.startswith("variant ")]
    assert line.startswith(f"variant {variant.resolve()} ["), line


def _run(cli, tmp_path: Path, variant: Path = DRAFT5) -> Path:
    run = tmp_path / "run"
    assert cli("simulate", str(variant), "-n", "3", "-w", "1", "--seed", "2", "--out", str(run), "-q").returncode == 0
    return run


def test_a_game_that_no_longer_ends_as_recorded_is_refused_not_shown_as_the_run_s(cli, tmp_path):
    """Rules or bots changed since the run would replay another game under the run's name."""
    run = _run(cli, tmp_path)
    games = pl.read_parquet(run / "games.parquet")
    games.with_columns(pl.when(pl.col("game") == 1).then(pl.col("total") + 1).otherwise(pl.col("total"))
                       .alias("total")).write_parquet(run / "games.parquet")
    r = cli("replay", str(run), "--game", "1", "--save", str(tmp_path / "g.yaml"))
    assert r.returncode != 0 and len(r.stderr.splitlines()) == 1
    assert f"{run}: game 1 played again ends " in r.stderr
    assert r.stderr.rstrip().endswith("the rules or the bots have changed since the run was made")  # (one version)
    assert not (tmp_path / "g.yaml").exists()
    assert cli("replay", str(run), "--game", "0").returncode == 0  # the games not changed still replay
    info = json.loads((run / "run.json").read_text(encoding="utf-8"))  # a run made by another playtest says so
    info["versions"]["playtest"] = "0.0.1"
    (run / "run.json").write_text(json.dumps(info), encoding="utf-8")
    said = cli("replay", str(run), "--game", "1").stderr
    from playtest.sim.batch import package_versions

    now = package_versions()["playtest"]
    assert said.rstrip().endswith(f"have changed since the run was made (with playtest 0.0.1; this is {now})"), said


@pytest.mark.parametrize(("table", "change", "said"), [
    ("events", lambda e: pl.concat([e.filter(pl.col("game") != 1), e.filter(pl.col("game") == 1).reverse()]),
     "its event 1 of "),
    ("events", lambda e: e.filter((pl.col("game") != 1) | (pl.int_range(pl.len()).over("game") > 0)),
     " events, the run "),
    ("games", lambda g: g.with_columns(pl.when(pl.col("game") == 1).then(pl.col("rounds") + 1)
                                       .otherwise(pl.col("rounds")).alias("rounds")), "its rounds is "),
], ids=["events-in-another-order", "an-event-fewer", "another-length"])
def test_a_game_that_ends_with_the_run_s_totals_but_goes_otherwise_is_refused(cli, tmp_path, table, change, said):
    """Totals alone do not tell a game: about one random Stargate game in a hundred ends with the
    same totals as another game of its run. Game 1's record changed, its totals kept: the game
    played again is not the run's."""
    run = _run(cli, tmp_path)
    path = run / f"{table}.parquet"
    change(pl.read_parquet(path)).write_parquet(path)
    r = cli("replay", str(run), "--game", "1")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"error: {run}: game 1 played again ends ") and " as the run recorded, but " in r.stderr
    assert said in r.stderr and "the rules or the bots have changed since the run was made" in r.stderr
    assert r.stdout == ""


def test_a_column_the_game_no_longer_writes_is_no_other_game(cli, tmp_path):
    """A run made when the game logged one more event column (report reads such a run) holds the
    same game: the rows are compared in the columns both have."""
    run = _run(cli, tmp_path)
    path = run / "events.parquet"
    pl.read_parquet(path).with_columns(pl.lit(1).alias("dropped_since")).write_parquet(path)
    r = cli("replay", str(run), "--game", "1")
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize(("wrong", "said"), [
    (lambda args, kwargs: (args, {k: v for k, v in kwargs.items() if k != "deal"}),
     "ohseven's PlaySupport.transcript could not write the game played again ("),
    (lambda args, kwargs: ((*args[:4], args[4][:-3], *args[5:]), kwargs),
     "the transcript ohseven wrote of it replays to "),
], ids=["deals-from-the-seed", "drops-the-last-moves"])
def test_a_transcript_that_is_not_the_run_s_game_is_refused_and_not_kept(cli, tmp_path, monkeypatch, wrong, said):
    """What is shown is the transcript the game writes of the game played again: a plugin's
    transcript that takes deal= (a **kwargs takes it) and deals from the seed, or that leaves out
    the last moves, writes another game: one line naming the run and the game's function (it was
    'error: bid 6C: seat 2 does not hold 6C', or another game replayed under the run's name)."""
    import dataclasses

    from playtest.play import from_run

    real = from_run.play_support

    def miswriting(spec):
        support = real(spec)

        def transcript(*args, **kwargs):
            args, kwargs = wrong(args, kwargs)
            return support.transcript(*args, **kwargs)

        return dataclasses.replace(support, transcript=transcript)

    run, saved = _run(cli, tmp_path, OHSEVEN), tmp_path / "g.yaml"
    monkeypatch.setattr(from_run, "play_support", miswriting)
    r = cli("replay", str(run), "--game", "1", "--save", str(saved))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"error: {run}: game 1: {said}"), r.stderr
    assert "docs/extending.md" in r.stderr and r.stdout == ""
    assert not saved.exists()


def test_a_variant_changed_since_the_run_is_refused_naming_the_edit(cli, tmp_path):
    """The refusal names the rules that changed, as compare does (it gave two hashes to compare)."""
    draft = tmp_path / "d.yaml"
    shutil.copy(DRAFT5, draft)
    run = _run(cli, tmp_path, draft)
    draft.write_text(f"extends: {DRAFT5}\nmax_rounds: 9\n", encoding="utf-8")  # other rules, the same file
    r = cli("replay", str(run), "--game", "0")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"error: {run}: {draft} has changed since the run (max_rounds: 60 → 9): "), r.stderr
    draft.write_text(f"extends: {DRAFT5}\nmax_rounds: 9\ncubes:\n  total: 14\n  start_in_hand: 2\n  replenish: 1\n", encoding="utf-8")
    r = cli("replay", str(run), "--game", "0")
    assert r.returncode == 2 and "(cubes.total: 15 → 14, cubes.start_in_hand: 3 → 2, cubes.replenish: 2 → 1 and 1 more): " in r.stderr, r.stderr


def test_a_draft_whose_planets_were_reordered_is_refused_naming_the_order(cli, tmp_path):
    """The planets' order is a rule (another circle is dealt): compared by id alone, the reordered
    draft passed as the run's rules, and the game played again then failed as 'not the game the
    run recorded', blaming 'the rules or the bots'."""
    import yaml

    draft = tmp_path / "d.yaml"
    shutil.copy(DRAFT5, draft)
    run = _run(cli, tmp_path, draft)
    data = yaml.safe_load(DRAFT5.read_text(encoding="utf-8"))
    data["planets"] = data["planets"][::-1]
    draft.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    r = cli("replay", str(run), "--game", "0")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"error: {run}: {draft} has changed since the run (planets: "), r.stderr


def test_a_draft_renamed_or_writing_a_default_still_plays_its_run_s_games_again(cli, tmp_path):
    """The name and description are prose, and a key written out at the default the run played
    with is the same rule: both were refused as 'changed since the run' (the whole data's hash)."""
    draft = tmp_path / "d.yaml"
    draft.write_text(f"extends: {DRAFT5}\nname: mine\n", encoding="utf-8")
    run = _run(cli, tmp_path, draft)
    draft.write_text(f"extends: {DRAFT5}\nname: mine, renamed\ndescription: reworded\ncrews_dealt: {{}}\n",
                     encoding="utf-8")
    assert load_variant(draft).model.crews_dealt == load_variant(DRAFT5).model.crews_dealt  # (the default)
    r = cli("replay", str(run), "--game", "0")
    assert r.returncode == 0, r.stderr
    assert "it ends as the run recorded it" in r.stderr + r.stdout


def test_a_run_that_recorded_its_variant_as_an_older_playtest_did_still_replays(cli, tmp_path):
    """A run made before a quoted number was recorded as the number it validates to holds
    `max_rounds: "12"` and that text's hash: the file, unchanged, is the same rules (the hash it
    has now), not 'changed since the run'."""
    from playtest.variants.loader import variant_hash

    draft = tmp_path / "d.yaml"
    draft.write_text(f'extends: {DRAFT5}\nmax_rounds: "12"\n', encoding="utf-8")
    run = _run(cli, tmp_path, draft)
    info = json.loads((run / "run.json").read_text(encoding="utf-8"))
    info["variant"]["resolved"]["max_rounds"] = "12"  # as the run recorded it then
    old = info["variant"]["hash"] = variant_hash(info["variant"]["resolved"])
    assert old != load_variant(draft).hash
    (run / "run.json").write_text(json.dumps(info), encoding="utf-8")
    r = cli("replay", str(run), "--game", "1")
    assert r.returncode == 0, r.stderr
    assert r.stderr.rstrip().endswith("it ends as the run recorded it")


@pytest.mark.parametrize(("args", "said"), [
    (["{run}"], "error: {run}: is a run folder; give --game N, the number of the game to play again"),
    (["{tmp}/cut"], "error: {tmp}/cut: is an interrupted run (in {tmp}/cut.partial); give --game N"),
    (["{run}", "--game", "3"], "error: --game 3: {run} holds games 0–2"),
    (["{run}", "--game", "-1"], "error: --game -1: a game's number is a whole number from 0"),
    ([str(DRAFT5), "--game", "1"], f"error: --game: {DRAFT5}: is a file, not a run folder"),
    (["{tmp}/nope", "--game", "1"], "error: --game: {tmp}/nope: no such run folder"),
    ([str(DRAFT5), "--save", "{tmp}/x.yaml"], "error: --save: only with --game"),
    (["{run}", "--game", "1", "--save", "{tmp}/taken.yaml"], "error: --save {tmp}/taken.yaml: already exists; give the "
                                                              "name of a new file"),
    (["{run}", "--game", "1", "--save", "{run}/g.yaml"], "error: --save {run}/g.yaml: is inside this command's input"),
])
def test_bad_game_and_save_options_are_one_line(cli, tmp_path, args, said):
    run = _run(cli, tmp_path)
    (tmp_path / "taken.yaml").write_text("mine\n")
    shutil.copytree(run, tmp_path / "cut.partial")  # (what an interrupted run's folder holds matters not here)
    fill = {"run": str(run), "tmp": str(tmp_path)}
    r = cli("replay", *(a.format(**fill) for a in args))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(said.format(**fill)), r.stderr
    assert (tmp_path / "taken.yaml").read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cut.partial", "run", "taken.yaml"]


def test_a_run_json_value_of_the_wrong_type_is_one_line_as_for_a_resume(cli, tmp_path):
    """`bool("no")` is true: a run.json whose rotate_seats reads "no" played its game again with
    seats the run never had, where a resume names the key (sim.batch.run_config)."""
    run = _run(cli, tmp_path)
    info = json.loads((run / "run.json").read_text(encoding="utf-8"))
    (run / "run.json").write_text(json.dumps(info | {"rotate_seats": "no"}), encoding="utf-8")
    r = cli("replay", str(run), "--game", "1")
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.startswith(f"error: {run / 'run.json'}") and "rotate_seats: expected bool, got str" in r.stderr
    assert len(r.stderr.splitlines()) == 1, r.stderr


def test_a_game_of_a_later_look_is_found_inside_the_first_look_s_run(cli, tmp_path):
    """diff --until-decided (and compare's Runs) keep each later look's games in a run folder
    inside the first look's (games-3-5/): the first says where game 4 is, and that run replays it."""
    from playtest.sim.batch import RunConfig, run_batch

    run = _run(cli, tmp_path)
    later = run / "games-3-5"
    run_batch(load_variant(DRAFT5), RunConfig(n_games=3, players=4, lineup=("random",) * 4, seed=2, workers=1,
                                              first_game=3), later)
    r = cli("replay", str(run), "--game", "4")
    assert r.returncode == 2 and r.stderr == f"error: --game 4: {run} holds games 0–2; game 4 is in {later}\n"
    assert cli("replay", str(later), "--game", "4").returncode == 0


def test_replay_of_a_sweep_s_folder_points_at_its_runs(cli, tmp_path):
    """A sweep's (compare's, ladder's, tune's) folder holds runs under runs/: replay of it said
    'is a folder, not a file'."""
    out = tmp_path / "sw"
    assert cli("sweep", str(DRAFT5), "--set", "cubes.replenish=1,2", "-n", "2", "-w", "1", "--out", str(out),
               "-f", "json").returncode == 0
    r = cli("replay", str(out))
    assert (r.returncode, r.stderr) == (2, f"error: {out}: a sweep's folder, not a transcript; its runs are in "
                                           f"{out / 'runs'} (replay one of their games with --game N)\n")


def test_a_transcript_that_writes_moves_on_another_deal_is_refused_naming_the_function(cli, tmp_path, monkeypatch):
    """A plugin's transcript that writes the moves as they are, without playing them (as Nim's
    does, docs/extending.md), and deals its setup block from the seed instead of the deal= it is
    given, writes a move that is illegal where it stands. That was reported as the replay of a
    transcript, 'FILE:6:17: move 2 (...): ...', at a --save file removed by then (or a scratch
    file gone), and named neither the run nor the game's function, as the docs promise."""
    import dataclasses

    import yaml

    from playtest.core.transcript import dump_yaml
    from playtest.play import from_run

    real = from_run.play_support

    def miswriting(spec):
        support = real(spec)

        def transcript(rules, ref, names, seed, actions, overrides=(), **kwargs):
            right = yaml.safe_load(support.transcript(rules, ref, names, seed, actions, overrides, **kwargs))
            kwargs.pop("deal")
            dealt = yaml.safe_load(support.transcript(rules, ref, names, seed, [], overrides, **kwargs))
            return dump_yaml(dealt | {"moves": right["moves"]})  # the seed's deal, the run's moves

        return dataclasses.replace(support, transcript=transcript)

    run, saved = _run(cli, tmp_path), tmp_path / "g.yaml"
    monkeypatch.setattr(from_run, "play_support", miswriting)
    for keep in ([], ["--save", str(saved)]):
        r = cli("replay", str(run), "--game", "1", *keep)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
        assert r.stderr.startswith(f"error: {run}: game 1: the transcript stargate wrote of it does not replay "
                                   "(move "), r.stderr
        assert "PlaySupport.transcript does not write the game it is given" in r.stderr
        assert str(saved) not in r.stderr and "playtest-replay-" not in r.stderr and r.stdout == ""
        assert not saved.exists()
