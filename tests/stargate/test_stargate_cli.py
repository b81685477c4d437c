"""`playtest replay` on Stargate transcripts: exact output, messages and exit codes."""

from __future__ import annotations

import json

from .helpers import GOLDEN

THREE = "tests/stargate/data/three_players.yaml"

# The arithmetic is in test_stargate_replay.py.
THREE_TEXT = """\
Stargate — hand-scored test game
variant golden.yaml (set: cubes.total=7) [test, hash ce92bf946f0af475]
3 players, 6 moves, game over after round 2

Board (clockwise; slot:owner(VP), '·' = empty)
  a  red       3/6  1:Chie(1) 2:Aki(2) 3:Bo(3) 4:·(4) 5:·(5) 6:·(6)  →  1. Bo 3 · 2. Aki 2 · 3. Chie 1
  b  blue      3/6  1:Aki(10) 2:Aki(20) 3:Aki(30) 4:·(40) 5:·(50) 6:·(60)  →  1. Aki 30
  c  red       2/3  1:Bo(100) 2:Chie(200) 3:·(300)  →  1. Chie 200 · 2. Bo 100
  d  yellow    2/5  1:Bo(0) 2:Chie(0) 3:·(7) 4:·(0) 5:·(9)  →  1. Chie 0 · 2. Bo 0
  e  green     3/4  1:Chie(1000) 2:Bo(2000) 3:Chie(3000) 4:·(4000)  →  1. Chie 3000 · 2. Bo 2000

Move 3 (Aki, audrin): move_tail_cube: no target, skipped

Scores
  player  planets  color  skill  total  rank  hand  cubes by color
  Aki          32      3      0     35     3     3  red 1 blue 3
  Bo         2103      2      2   2107     2     3  red 2 yellow 1 green 1
  Chie       3201      4      0   3205     1     2  red 2 yellow 1 green 2

Winner: Chie
"""


def test_replay_prints_the_board_and_the_scores(cli):
    r = cli("replay", THREE)
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == THREE_TEXT


def test_replay_json(cli):
    r = cli("replay", THREE, "--json")
    assert (r.returncode, r.stderr) == (0, "")
    data = json.loads(r.stdout)
    assert [(s["player"], s["planets"], s["color"], s["skill"], s["total"], s["rank"]) for s in data["scores"]] == \
        [("Aki", 32, 3, 0, 35, 3), ("Bo", 2103, 2, 2, 2107, 2), ("Chie", 3201, 4, 0, 3205, 1)]
    assert data["winners"] == ["Chie"] and data["finished"] is True
    assert data["variant"]["overrides"] == ["cubes.total=7"]


def test_replay_moves_lists_each_turn_with_what_it_did(cli):
    """--moves: after the board and scores, every move with the events the rules logged for it
    (hand and stock after the turn's replenish: golden.yaml starts with 3 in hand, cubes.total 7)."""
    r = cli("replay", THREE, "--moves")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.startswith(THREE_TEXT.rstrip("\n"))
    moves = r.stdout.split("\nMoves\n", 1)[1].splitlines()
    assert moves[0] == "    1. Bo: armstrong; place c d e"
    assert moves[1].startswith("       decision (round 1, Bo): crew armstrong  crew_time 4")
    assert moves[1].endswith("placed c d e  cubes_placed 3  vp_gained 2  cubes_gained 0  effect_vp 0  "
                             "cubes_converted 0  last_planet e  hand 2  stock 2")
    assert "skill (move_tail_cube: no target)" in moves[5]  # Aki's Audrin, skipped
    assert [m.split(".")[0].strip() for m in moves if not m.startswith("       ")] == ["1", "2", "3", "4", "5", "6"]
    data = json.loads(cli("replay", THREE, "--moves", "--json").stdout)
    assert [(m["move"], m["player"]) for m in data["trace"]] == [
        (1, "Bo"), (2, "Chie"), (3, "Aki"), (4, "Chie"), (5, "Aki"), (6, "Bo")]
    bays = data["trace"][5]["events"][0]
    assert (bays["player"], bays["data"]["crew"], bays["data"]["cubes_gained"]) == ("Bo", "bays", 2)  # his stock's last 2
    assert "trace" not in json.loads(cli("replay", THREE, "--json").stdout)


def test_replay_illegal_move(cli):
    r = cli("replay", "tests/stargate/data/illegal.yaml", "--json")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("tests/stargate/data/illegal.yaml:15:5: move 4 (Chie, round 2): place d a: "
                        "cubes go clockwise, one per planet, skipping full planets\n")


def test_replay_malformed_transcript(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"game: stargate\nvariant: {GOLDEN}\nplayers: two\ncircle: [a, b, c, d, e]\n"
                    "start_player: 0\nmoves:\n  - bays; place a\n  - move a\n", encoding="utf-8")
    r = cli("replay", str(path))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [
        f"{path}:3:10: players: must be the number of players or the list of their names, not 'two'",
        f"{path}:5:15: start_player: must be a whole number of at least 1, not 0",
        f"{path}:8:5: move 2: cannot read 'move a': expected 'move PLANET>PLANET'",
    ]


def test_replay_malformed_yaml(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("game: stargate\nmoves: [bays; place a\n", encoding="utf-8")
    r = cli("replay", str(path))
    assert r.returncode == 2
    assert r.stderr == f"{path}:3:1: malformed YAML: expected ',' or ']', but got '<stream end>' (in the flow sequence that starts at 2:8)\n"


def test_replay_missing_variant(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("game: stargate\nvariant: ../nowhere/draft9.yaml\nplayers: 3\ncircle: [a]\nmoves: []\n",
                    encoding="utf-8")
    r = cli("replay", str(path))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (f"{path}:2:10: variant: variant file not found: ../nowhere/draft9.yaml "
                        f"(looked for {tmp_path.parent / 'nowhere' / 'draft9.yaml'})\n")  # the place itself


def test_replay_broken_variant_points_into_the_variant(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOLDEN.read_text(encoding="utf-8").replace("replenish: 2", "replenish: lots"), encoding="utf-8")
    path = tmp_path / "t.yaml"
    path.write_text("game: stargate\nvariant: bad.yaml\nplayers: 3\ncircle: [a, b, c, d, e]\nmoves: []\n",
                    encoding="utf-8")
    r = cli("replay", str(path))
    assert r.returncode == 2
    assert r.stderr == f"{bad}:8:49: cubes.replenish: Input should be a valid integer, unable to parse string " \
                       "as an integer (got 'lots')\n"


def test_replay_missing_file(cli):
    r = cli("replay", "no/such/game.yaml")
    assert (r.returncode, r.stdout, r.stderr) == (2, "", "no/such/game.yaml:1:1: no such file\n")


def test_replay_help(cli):
    r = cli("replay", "--help")
    assert r.returncode == 0
    assert "TRANSCRIPT" in r.stdout and "--json" in r.stdout and "Replay a recorded game" in r.stdout


def test_games_stopped_by_the_safety_cap_are_a_warning_not_only_a_table_row(cli, tmp_path):
    # A draft whose end triggers never fire (here: a cap below draft 5's six rounds) ran every
    # game to `max_rounds`; only the "What ended the game" table at the bottom said so.
    out = tmp_path / "capped"
    r = cli("simulate", str(GOLDEN), "-n", "8", "--bots", "random", "-w", "1", "-q", "--out", str(out),
            "--set", "max_rounds=2")
    assert r.returncode == 0, r.stderr
    warning = " ".join(r.stderr.split())
    assert "warning: 100.0% of the games (8 of 8) reached the variant's max_rounds safety stop" in warning
    detail = json.loads(cli("report", str(out), "-f", "json", "-o", "-").stdout)["verdict"]["detail"]
    assert "Warning: 100.0% of the games (8 of 8) reached the variant's max_rounds safety stop" in detail
    r = cli("simulate", str(GOLDEN), "-n", "8", "--bots", "random", "-w", "1", "-q", "--out", str(tmp_path / "plain"))
    assert r.returncode == 0 and "warning" not in r.stderr
    assert "max_rounds" not in json.loads(cli("report", str(tmp_path / "plain"), "-f", "json", "-o", "-").stdout)[
        "verdict"]["detail"]


def test_the_safety_cap_warning_is_one_line_on_a_narrow_pipe(tmp_path):
    """The `warning:` line (docs/report-json.md) was broken into three at rich's 80 columns when
    stderr is not a terminal, as in a CI log, while the results on stdout are never broken."""
    from typer.testing import CliRunner

    from playtest.cli.app import app

    r = CliRunner().invoke(app, ["simulate", str(GOLDEN), "-n", "4", "--bots", "random", "-w", "1", "-q",
                                 "--out", str(tmp_path / "capped"), "--set", "max_rounds=2"],
                           env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.stderr
    # (max_rounds 2 also gives a note: the stock cannot empty in 2 rounds, stock_empty can never fire)
    assert [line for line in r.stderr.splitlines() if ("max_rounds" in line or "cut short" in line)
            and not line.startswith("note: ")] == [
        "warning: 100.0% of the games (4 of 4) reached the variant's max_rounds safety stop: no end trigger "
        "ended them, so their scores are of games cut short by the cap."]


def test_every_status_line_is_one_line_on_a_narrow_pipe(tmp_path):
    """Not only the warning: every command's status lines on stderr go through one console
    (cli/common.status_console), and a 'wrote …' line with a long path stayed broken in two at 80
    columns on a pipe after the warning was mended alone."""
    from typer.testing import CliRunner

    from playtest.cli.app import app

    deep = tmp_path / ("a-folder-with-a-rather-long-name-" * 3) / "runs"
    r = CliRunner().invoke(app, ["compare", str(GOLDEN), str(GOLDEN), "-n", "4", "--bots", "random", "-w", "1",
                                 "--out", str(deep)], env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.stderr
    wrote = [line for line in r.stderr.splitlines() if line.startswith("wrote ")]
    assert wrote and all(str(deep) in line for line in wrote), r.stderr


def test_replay_missing_variant_names_the_place_looked_at_through_a_linked_folder(cli, tmp_path):
    """FAILING (review h187): the "looked for" place is normalised with os.path.normpath, which
    drops `link/..` as text; the file system reads `..` from where the link leads. A transcript in
    a linked folder named a place that is not the one looked at (a variant put there is not
    found; one put at the real place is)."""
    real = tmp_path / "deep" / "a" / "t"
    real.mkdir(parents=True)
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "tlink").symlink_to(real, target_is_directory=True)
    (real / "t.yaml").write_text("game: stargate\nvariant: ../nowhere/draft9.yaml\nplayers: 3\ncircle: [a]\nmoves: []\n",
                                 encoding="utf-8")
    path = tmp_path / "top" / "tlink" / "t.yaml"
    r = cli("replay", str(path))
    assert r.returncode == 2 and r.stdout == ""
    looked_at = tmp_path / "deep" / "a" / "nowhere" / "draft9.yaml"  # where open() looks: tlink's target/..
    assert r.stderr == (f"{path}:2:10: variant: variant file not found: ../nowhere/draft9.yaml "
                        f"(looked for {looked_at})\n"), r.stderr


def test_a_game_left_after_one_move_says_1_move(cli, tmp_path):
    """A game saved by `play` after one move read '3 players, 1 moves, UNFINISHED'."""
    from pathlib import Path

    text = Path(THREE).read_text()
    head, _, rest = text.partition("moves:")
    first = next(line for line in rest.splitlines() if line.strip().startswith("- "))
    (tmp_path / "golden.yaml").write_text(Path(THREE).with_name("golden.yaml").read_text())
    path = tmp_path / "t.yaml"
    path.write_text(head + "moves:\n" + first + "\n")
    r = cli("replay", str(path))
    assert r.returncode == 0, r.stderr
    assert "3 players, 1 move, UNFINISHED" in r.stdout
