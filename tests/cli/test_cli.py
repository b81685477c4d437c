"""CLI: exact messages and exit codes for validate and simulate; every command has help."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
import typer

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = "variants/stargate/draft5.yaml"


def test_validate_ok(cli):
    r = cli("validate", DRAFT5)
    assert r.returncode == 0, r.stderr
    assert re.fullmatch(r"variants/stargate/draft5.yaml: ok \(stargate draft5, '.*Stargate draft 5', hash [0-9a-f]{16}\)\n",
                        r.stdout)
    assert r.stderr == ""


def test_validate_checks_a_file_named_twice_once(cli, tmp_path):
    """`validate a a` (or ./a beside a, or a glob that also matches a named file) printed the
    result twice: each file is validated once, under the name it was first given."""
    r = cli("validate", DRAFT5, f"./{DRAFT5}", "variants/ohseven/base.yaml", DRAFT5)
    assert r.returncode == 0, r.stderr
    assert [line.split(":")[0] for line in r.stdout.splitlines()] == [DRAFT5, "variants/ohseven/base.yaml"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: stargate\n")
    r = cli("validate", str(bad), str(bad))
    assert r.returncode == 2 and r.stderr.count(str(bad)) == r.stderr.count("\n") > 0
    assert len(set(r.stderr.splitlines())) == len(r.stderr.splitlines())


def test_validate_reports_every_problem_of_every_file(cli, tmp_path):
    (tmp_path / "a.yaml").write_text(f"extends: {ROOT / DRAFT5}\ncrews: [{{id: bays, time: -2}}]\n")
    (tmp_path / "b.yaml").write_text("game: stargate\nname: a\nname: b\n")
    r = cli("validate", str(tmp_path / "a.yaml"), DRAFT5, str(tmp_path / "b.yaml"))
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"{tmp_path / 'a.yaml'}:2:26: crews.bays.time: Input should be greater than or equal to 0 (got -2)",
        f"{tmp_path / 'b.yaml'}:3:1: name: duplicate key (first defined at line 2)",
    ]
    assert "draft5.yaml: ok" in r.stdout
    assert "Traceback" not in r.stderr


def test_validate_with_set(cli):
    r = cli("validate", DRAFT5, "--set", "crews.bays.time=x")
    assert r.returncode == 2
    assert r.stderr == ("error: --set crews.bays.time=x: crews.bays.time: Input should be a valid integer, "
                        "unable to parse string as an integer (got 'x')\n")
    # With several files the --set meets each: its problem names the file it failed on.
    r = cli("validate", DRAFT5, "variants/new-frontiers/base.yaml", "--set", "crews.bays.time=1")
    assert r.returncode == 2 and r.stdout.startswith("variants/stargate/draft5.yaml: ok")
    assert r.stderr.startswith("error: --set crews.bays.time=1: crews: unknown key")
    assert r.stderr.endswith(" (in variants/new-frontiers/base.yaml; --set applies to every variant)\n")
    assert len(r.stderr.splitlines()) == 1


def test_a_whole_item_then_a_key_it_did_not_give_is_one_change(cli):
    """A key given twice is refused (tests/bad_inputs); a key the whole item left out is not given twice."""
    r = cli("validate", DRAFT5, "--changes", "--set", "crews.bays={id: bays, time: 3}", "--set", "crews.bays.skill=[]")
    assert r.returncode == 0, r.stderr
    assert "crews.bays.time: 1 → 3" in r.stdout and "crews.bays.skill: " in r.stdout


def test_a_hash_sign_in_quotes_or_inside_a_word_is_text(cli):
    """Only a YAML comment is refused (tests/bad_inputs): a '#' inside quotes or a word is kept."""
    r = cli("validate", DRAFT5, "--changes", "--set", "name='Draft #2'", "--set", "description=a#b")
    assert r.returncode == 0, r.stderr
    assert "name: " in r.stdout and "→ Draft #2" in r.stdout and "→ a#b" in r.stdout


def test_validate_changes_lists_what_a_draft_changes_against_its_parent(cli, tmp_path):
    (tmp_path / "four.yaml").write_text(f"extends: {ROOT / DRAFT5}\nname: four only\n"
                                        "description: |\n  two\n  lines\nplanets_dealt:\n  3: !remove\n")
    r = cli("validate", str(tmp_path / "four.yaml"), DRAFT5, "--changes")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1:3] == ["  3 keys changed against variants/stargate/draft5.yaml:",
                          "    name: スターゲイト 草案５ / Stargate draft 5 → four only"]
    assert lines[3].startswith("    description: Explore uncharted planets") and lines[3].endswith("→ two lines")
    assert lines[4:] == ["    planets_dealt.3: 5 → (absent)", lines[5], "  extends no draft: every key is its own"]
    assert lines[5].startswith("variants/stargate/draft5.yaml: ok")
    r = cli("validate", DRAFT5, "--changes", "--set", "crews.bays.time=2")
    assert r.stdout.splitlines()[1:] == ["  1 key changed with --set crews.bays.time=2:", "    crews.bays.time: 1 → 2"]
    assert cli("validate", DRAFT5).stdout.count("\n") == 1  # without --changes: the ok line only


def test_validate_changes_spells_a_number_as_the_ok_line_and_the_hash_read_it(cli, tmp_path):
    """`rules_version: 2.0` was `stargate 2` on the ok line and `→ 2.0` under it; an integer key
    written 2.0 (the schema reads 2; against a parent's 2 it is no change) was `1 → 2.0`."""
    (tmp_path / "two.yaml").write_text(f"extends: {ROOT / DRAFT5}\nrules_version: 2.0\n"
                                       "crews:\n  - {id: bays, time: 2.0}\n")
    r = cli("validate", str(tmp_path / "two.yaml"), "--changes", "--set", "cubes.total=16.0")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'two.yaml'}: ok (stargate 2, ")
    assert lines[2:] == ["    rules_version: draft5 → 2", "    cubes.total: 15 → 16", "    crews.bays.time: 1 → 2"]


def test_validate_missing_file(cli):
    r = cli("validate", "nope.yaml")
    assert (r.returncode, r.stderr) == (2, "nope.yaml:1:1: no such file\n")


def test_simulate_writes_tables_and_summary(cli, tmp_path):
    out = tmp_path / "run"
    r = cli("simulate", DRAFT5, "-n", "12", "--players", "3", "--bots", "greedy,random,scripted:late-placer",
            "--seed", "4", "--workers", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "12 games of" in r.stdout and "Win rate by seat" in r.stdout and "Crew pick rate" in r.stdout
    assert "chi-square" in r.stdout
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 36 and set(games["bot"]) == {"greedy", "random", "scripted:late-placer"}
    info = json.loads((out / "run.json").read_text())
    assert info["command"].startswith("playtest simulate") and info["players"] == 3


def test_simulate_prints_the_report_s_verdict_naming_its_bots(cli, tmp_path):
    """The terminal showed the tables and a chi-square p-value; the verdict ('too few games to
    call the seats fair ... about N games would see 10 points'), which says which bots it came
    from, was only in the report's files (h225)."""
    r = cli("simulate", DRAFT5, "-n", "12", "--bots", "greedy,random,greedy,random", "--seed", "1",
            "--workers", "1", "--out", str(tmp_path / "run"))
    assert r.returncode == 0, r.stderr
    verdict = json.loads(cli("report", str(tmp_path / "run"), "-f", "json", "-o", "-").stdout)["verdict"]
    assert "greedy, random, greedy, random" in verdict["headline"]
    assert f"Verdict: {verdict['headline']}" in " ".join(r.stdout.split())
    quiet = cli("simulate", DRAFT5, "-n", "12", "--seed", "1", "--workers", "1", "--out", str(tmp_path / "q"), "-q")
    assert quiet.returncode == 0 and "Verdict" not in quiet.stdout


def test_simulate_says_under_its_tables_when_seats_kept_different_bots(cli, tmp_path):
    """`--no-rotate` with different bots: the terminal's seat table read as seat 1's edge (92.0%
    for greedy against three random, h225) where only the report's verdict said that these games
    cannot tell a seat from its bot; rotated, or one bot everywhere, nothing is said."""
    said = ("The seats did not rotate (--no-rotate) and hold different bots (greedy, random, random): each seat's "
            "win rate is also its bot's, so these games cannot tell a seat's advantage from a bot's.")
    r = cli("simulate", DRAFT5, "-n", "4", "--bots", "greedy,random,random", "--seed", "1", "--workers", "1",
            "--out", str(tmp_path / "fixed"), "--no-rotate")
    assert r.returncode == 0, r.stderr
    assert said in r.stdout.replace("\n", " ")
    for name, args in (("rotated", ("--bots", "greedy,random,random")), ("same", ("--bots", "random", "--no-rotate"))):
        r = cli("simulate", DRAFT5, "-n", "4", "--players", "3", *args, "--seed", "1", "--workers", "1",
                "--out", str(tmp_path / name))
        assert r.returncode == 0 and "did not rotate" not in r.stdout, r.stderr


def test_simulate_summary_names_crews_as_the_reports_do(cli, tmp_path):
    """The terminal's crew tables showed the bare ids ('bays', 'armstrong') where the report,
    compare and ladder write the variant's names ('ベイス Bays')."""
    r = cli("simulate", DRAFT5, "-n", "4", "--players", "3", "--bots", "random", "--seed", "1", "--workers", "1",
            "--out", str(tmp_path / "run"))
    assert r.returncode == 0, r.stderr
    table = r.stdout.split("Crew pick rate (all turns)")[1].split("\n\n")[0]
    assert "ベイス Bays" in table and "アームストロング Armstrong" in table
    assert not re.search(r"^bays ", table, re.M)


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "5"], "error: variants/stargate/draft5.yaml: --players 5 is not supported by this variant "
                         "(supported: 3, 4); for 5 players, set planets_dealt.5=<planets> (with --set, or in the "
                         "variant file)\n"),
    (["--bots", "random,random"], "error: --bots names 2 bots, but this variant is for 3, 4 players (give one name, "
                                  "or one per seat)\n"),
    (["--bots", "random,random", "--players", "4"], "error: --bots names 2 bots for 4 players (give one name, or one "
                                                    "per seat; this variant is for 3, 4 players)\n"),
    (["--bots", "random,random,random", "--players", "4"], "error: --bots names 3 bots for 4 players (give one name, "
                                                           "or one per seat)\n"),
    (["--set", "cubes.total=0"], "error: --set cubes.total=0: cubes.total: Input should be greater than or equal to 1 (got 0)\n"),
])
def test_simulate_bad_input(cli, tmp_path, args, message):
    r = cli("simulate", DRAFT5, "-n", "2", "--out", str(tmp_path / "x"), *args)
    assert (r.returncode, r.stderr) == (2, message)
    assert not (tmp_path / "x").exists()


def test_unknown_command_is_a_usage_error(cli):
    r = cli("frobnicate")
    assert r.returncode == 2 and "No such command 'frobnicate'" in r.stderr


def test_every_command_has_help(cli):
    from playtest.cli.app import _register, app

    _register()
    names = [c.name or c.callback.__name__ for c in app.registered_commands]
    assert {"validate", "simulate", "replay"} <= set(names)
    for name in names:
        r = cli(name, "--help")
        assert r.returncode == 0, name
        cmd = next(c for c in app.registered_commands if (c.name or c.callback.__name__) == name)
        assert cmd.callback.__doc__ and cmd.callback.__doc__.strip(), f"{name} has no docstring"
        assert "Usage: playtest" in r.stdout


def test_no_help_shows_a_value_s_type_as_python_spells_it(cli):
    """typer showed `VARIANT <list[Path]>` (compare), `FILE <list[Path]>` (validate),
    `--against <list[Path]>`, `--metric <list[str]>`, `-n, --games <int range>` and `--bots <str>`
    to a designer who writes no Python: types read <path>, <text>, <int> (the range is in brackets)."""
    from playtest.cli.app import _register, app

    _register()
    shown = {}
    for cmd in app.registered_commands:
        name = cmd.name or cmd.callback.__name__
        for word in re.findall(r"<[^<>\s]*(?: range)?>", cli(name, "--help").stdout):
            shown.setdefault(word, name)
    python = {w: n for w, n in shown.items() if re.search(r"\[|range|<(str|Path|list|bool|float range)>", w)}
    assert not python, python
    assert {"<path>", "<text>", "<int>"} <= set(shown), shown


def test_every_option_that_takes_a_value_when_left_out_says_which():
    """tune --help said nothing of --seed's default (the goals file's run.seed, else 0), nor of -n's
    beyond the goals file: an option left out either does nothing (--set, --moves, --resume...)
    or takes a value, and that value is shown or said."""
    from playtest.cli.app import _register, app

    _register()
    group = typer.main.get_command(app)
    optional = {"--set", "--moves", "--resume", "--game", "--save", "variant"}  # left out: not used
    unsaid = [f"{name} {param.opts[0]}" for name, command in group.commands.items() for param in command.params
              if not (getattr(param, "is_flag", False) or param.required or param.opts[0] in optional
                      or "default" in (getattr(param, "help", None) or "").lower()
                      or (getattr(param, "show_default", False) and param.default is not None))]
    assert not unsaid, unsaid


def test_every_usage_line_names_its_arguments_as_the_docs_write_them(cli):
    """`playtest report --help` read 'Usage: playtest report [OPTIONS] {run_dir}', compare's
    '{variants}...', validate's '{FILE...}...' beside the docs' `playtest report RUN_DIR` and
    ladder's own '{VARIANT}': every argument in capitals, a list's dots once."""
    from playtest.cli.app import _register, app

    _register()
    wrong = []
    for cmd in app.registered_commands:
        name = cmd.name or cmd.callback.__name__
        usage = next(line for line in cli(name, "--help").stdout.splitlines() if line.startswith("Usage:"))
        for word in usage.split("[OPTIONS]", 1)[1].split():
            bare = word.strip("{}[].")
            if not bare.isupper() or "...}..." in word or word.count("...") > 1:
                wrong.append(f"{name}: {word}")
    assert not wrong, wrong


def test_simulate_help_names_every_search_bot_option(cli):
    """README's search-bot table lists reuse=yes|no; simulate --help left it out."""
    text = " ".join(cli("simulate", "--help").stdout.split())
    for option in ("rollout=", "depth=", "c=", "reward=", "reuse="):
        assert f":{option}" in text, option


@pytest.mark.parametrize(("command", "option"), [("simulate", "--bots"), ("ladder", "--rungs")])
def test_a_bot_help_s_examples_name_only_bots_every_game_has(cli, command, option):
    """simulate --help showed 'scripted:bays-first' (a Stargate style) and 'rollout=greedy', and
    ladder's 'greedy' (neither is an Oh-Seven bot), to a designer of any game: its examples are
    names every game takes (random, the search bots and their options)."""
    from playtest.games import game_names, get_game
    from playtest.search.names import is_search_name, parse

    text = " ".join(cli(command, "--help").stdout.replace("│", " ").split())
    help_ = text[text.index(f"{option} <") + len(option):]  # where the option is listed, not named
    help_ = help_[:re.search(r" -{1,2}[a-z]", help_).start()]  # this option's own help, to the next option
    examples = [name for found in re.findall(r"e\.g\. ((?:[\w.:=,-]+)(?: or [\w.:=,-]+)*)", help_)
                for part in found.split(" or ") for name in part.rstrip(".").split(",")]
    assert examples, help_
    for game in game_names():
        bots = set(get_game(game).bot_names)
        for name in examples:
            rollout = parse(name).rollout if is_search_name(name) else None
            assert (rollout in bots | {"random"}) if rollout else name in bots, (game, name)


def test_a_bad_search_option_s_help_names_only_the_game_s_own_bots():
    """The options' help said 'rollout=scripted:bays-first is read up to the next option=value'
    (a Stargate style) on every game: the name with colons is one of the game's own, or none."""
    from playtest.errors import UsageError
    from playtest.games import game_names, get_game
    from playtest.search.names import parse

    for game in game_names():
        bots = get_game(game).bot_names
        with pytest.raises(UsageError) as err:
            parse("mcts:10:speed=2", bots)
        said = re.findall(r"rollout=(\S+) is read", str(err.value))
        assert said == [next(b for b in bots if ":" in b)] if any(":" in b for b in bots) else not said, (game, said)
    with pytest.raises(UsageError) as err:
        parse("mcts:10:speed=2")  # no game at hand: no example name
    assert " is read up to" not in str(err.value)


def test_simulate_refuses_to_overwrite_a_run_without_force(cli, tmp_path):
    out = tmp_path / "run"
    assert cli("simulate", DRAFT5, "-n", "2", "-q", "--workers", "1", "--out", str(out)).returncode == 0
    r = cli("simulate", DRAFT5, "-n", "3", "-q", "--workers", "1", "--out", str(out))
    assert (r.returncode, r.stderr) == (2, f"error: --out {out} already holds a run; use --force to replace it\n")
    assert pl.read_parquet(out / "games.parquet").height == 8  # the first run is intact
    r = cli("simulate", DRAFT5, "-n", "3", "-q", "--workers", "1", "--out", str(out), "--force")
    assert r.returncode == 0 and pl.read_parquet(out / "games.parquet").height == 12


def test_one_player_is_refused(cli, tmp_path):
    (tmp_path / "solo.yaml").write_text(f"extends: {ROOT / DRAFT5}\nplanets_dealt: {{1: 1, 3: 5, 4: 7}}\n")
    r = cli("validate", str(tmp_path / "solo.yaml"))
    assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'solo.yaml'}:2:20: planets_dealt.1: player count must be at least 2, not 1\n")


def test_empty_bot_name_is_named(cli):
    r = cli("simulate", DRAFT5, "-n", "2", "--bots", "greedy,,random,random")
    assert (r.returncode, r.stderr) == (2, "error: --bots greedy,,random,random: bot 2 has no name\n")


def test_unreadable_set_value_is_one_line(cli):
    r = cli("validate", DRAFT5, "--set", "crews.bays.time=[1,2")
    assert (r.returncode, r.stderr) == (
        2, "error: --set crews.bays.time=[1,2: crews.bays.time: cannot read value: expected ',' or ']', but got '<stream end>' "
           "(the flow sequence opened by the `[` at character 17 is not closed)\n")


def test_a_closed_set_value_with_a_mistake_inside_is_not_called_unclosed(cli):
    """Only a value PyYAML ran out of is unclosed: '{kind: a: b}' closes its `{`, and its message
    read "the flow mapping opened by the `{` at character 19 is not closed" (so did '"\\q"', an
    unknown escape inside a closed quote). It says where the mistake is in, as a variant file does."""
    r = cli("validate", DRAFT5, "--set", "crews.bays.effect={kind: a: b}")
    assert (r.returncode, r.stderr) == (
        2, "error: --set crews.bays.effect={kind: a: b}: crews.bays.effect: cannot read value: expected ',' or '}', "
           "but got ':' (in the flow mapping that starts at character 19)\n")
    r = cli("validate", DRAFT5, "--set", 'name="\\q"')
    assert r.returncode == 2 and "not closed" not in r.stderr
    assert r.stderr.endswith("found unknown escape character 'q' (in the double-quoted scalar that starts at character 6)\n")


def test_version_prints_playtest_s_version_and_exits_0(cli):
    """`playtest --version` was "No such option: --version" in a three-line Usage block."""
    import platform

    from playtest import __version__

    r = cli("--version")
    assert (r.returncode, r.stdout, r.stderr) == (0, f"playtest {__version__} (Python {platform.python_version()})\n", "")


# --- a few true subprocess smoke tests: the installed entry point, exit codes, no traceback ------


@pytest.mark.process_smoke
def test_smoke_subprocess_validate_and_replay(tmp_path):
    from tests.conftest import run_cli

    r = run_cli("validate", DRAFT5, "variants/ohseven/base.yaml")
    assert r.returncode == 0 and r.stderr == "" and r.stdout.count(": ok (") == 2
    (tmp_path / "bad.yaml").write_text("game: stargate\nname: [\n")
    r = run_cli("validate", str(tmp_path / "bad.yaml"))
    assert r.returncode == 2 and r.stderr.startswith(f"{tmp_path / 'bad.yaml'}:") and "Traceback" not in r.stderr
    r = run_cli("replay", "tests/stargate/data/illegal.yaml")
    assert (r.returncode, r.stderr) == (2, "tests/stargate/data/illegal.yaml:15:5: move 4 (Chie, round 2): "
                                           "place d a: cubes go clockwise, one per planet, skipping full planets\n")


def _with_reader_gone(*args: str) -> tuple[int, str]:
    """`playtest ARGS... | true`: a real pipe whose reader has closed it before anything is printed
    (so every write to stdout meets a broken pipe). The exit status and stderr."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    proc = subprocess.Popen([sys.executable, "-m", "playtest", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    return proc.wait(timeout=600), err


@pytest.mark.system
def test_a_reader_that_goes_away_is_no_error(tmp_path):
    """`playtest simulate ... | head -1` exited 1 (silently: rich's own handling; `validate` and
    `report -o -` said `error: Broken pipe`), a failed step in CI under `set -o pipefail` though
    the run was complete. The rest of the output is dropped, the command ends as it would have."""
    out = tmp_path / "run"
    assert _with_reader_gone("simulate", DRAFT5, "-n", "5", "-w", "1", "--out", str(out)) == (0, "")
    assert sorted(p.name for p in out.iterdir()) == ["events.parquet", "games.parquet", "report.html", "run.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # no partial folder or temp file beside it
    assert pl.read_parquet(out / "games.parquet")["game"].n_unique() == 5
    assert _with_reader_gone("report", str(out), "-o", "-") == (0, "")
    assert _with_reader_gone("validate", DRAFT5) == (0, "")
    # its own status still: a bad input is exit 2 and its line on stderr
    assert _with_reader_gone("validate", str(tmp_path / "nope.yaml")) == (2, f"{tmp_path / 'nope.yaml'}:1:1: no such file\n")


@pytest.mark.system
def test_an_output_closed_before_the_start_is_no_error(tmp_path):
    """`playtest ... >&-` (or `2>&-`): Python sets that stream to None, which print and rich skip;
    wrapped by ReaderGone every write was an AttributeError, exit 120 and 'internal error'."""
    import os
    import subprocess
    import sys

    def closed(fd: int, *args: str) -> tuple[int, str]:
        """The exit status and what came out on the stream left open."""
        proc = subprocess.run([sys.executable, "-m", "playtest", *args], capture_output=True, cwd=ROOT,
                              env=dict(os.environ, COLUMNS="200", NO_COLOR="1"), preexec_fn=lambda: os.close(fd),
                              timeout=600)
        return proc.returncode, (proc.stdout if fd == 2 else proc.stderr).decode()

    missing = tmp_path / "nope.yaml"
    assert closed(1, "validate", DRAFT5) == (0, "")
    assert closed(1, "validate", str(missing)) == (2, f"{missing}:1:1: no such file\n")
    assert closed(2, "validate", DRAFT5)[0] == 0
    # (click, finding no stderr, says the line on stdout, as it did before ReaderGone)
    assert closed(2, "validate", str(missing)) == (2, f"{missing}:1:1: no such file\n")


def test_a_linked_transcript_reads_its_variant_beside_the_file_it_links_to(cli, tmp_path):
    """A variant's `extends:` is read beside the real file, a transcript's `variant:` was read
    beside the link: a table game linked into another folder was "variant file not found:
    ../../variants/stargate/draft5.yaml (looked for ...)", for replay and calibrate alike."""
    link = tmp_path / "game.yaml"
    link.symlink_to(ROOT / "docs" / "examples" / "stargate-table-game.yaml")
    r = cli("replay", str(link))
    assert r.returncode == 0 and "game over after round 6" in r.stdout, r.stderr


def test_brackets_in_paths_are_names_not_globs(cli, tmp_path):
    """polars reads a path with `[` as a glob pattern by default ("expanded paths were empty"):
    a run folder or variant named `run[1]` or `sg[v2]` must be read as written."""
    root = tmp_path / "x[1]"
    root.mkdir()
    variant = root / "sg[v2].yaml"
    variant.write_text(f"extends: {ROOT / DRAFT5}\ncrews:\n  - {{id: bays, time: 2}}\n", encoding="utf-8")
    r = cli("simulate", str(variant), "-n", "3", "-q", "--workers", "1", "--out", str(root / "run[1]"))
    assert r.returncode == 0, r.stderr
    assert not (root / "run[1].partial").exists()
    assert pl.read_parquet(root / "run[1]" / "games.parquet", glob=False)["game"].n_unique() == 3
    r = cli("report", str(root / "run[1]"), "-f", "md", "-o", "-")
    assert r.returncode == 0 and "judge the seats: 3 games" in r.stdout, r.stderr  # the run read, all 3 games
    r = cli("compare", str(variant), DRAFT5, "-n", "3", "-w", "1", "--out", str(root / "cmp[1]"), "--all")
    assert r.returncode == 0, r.stderr
    assert (root / "cmp[1]" / "runs" / "sg[v2]" / "games.parquet").is_file()
    # the terminal shows the label as written: rich read "[v2]" as markup and printed "sg"
    header = next(line for line in r.stdout.splitlines() if line.startswith("metric "))
    assert "sg[v2]" in header and "draft5 − sg[v2]" in header, header
    r = cli("sweep", DRAFT5, "--set", "planets.red1.vp=[1,2],[3,4,5]", "-n", "3", "-w", "1", "--out", str(root / "sw"),
            "--metric", "win_rate_by_seat")
    assert r.returncode == 0, r.stderr
    assert "planets.red1.vp=[1, 2]" in r.stdout
    r = cli("sweep", DRAFT5, "--set", "name='[red]a',b", "-n", "3", "-w", "1", "--out", str(root / "sw2"),
            "--metric", "win_rate_by_seat")
    assert r.returncode == 0, r.stderr
    assert "name=[red]a" in r.stdout, r.stdout


def test_a_group_or_title_with_brackets_is_printed_as_written_not_as_markup():
    """A plugin's group names and table titles reach the terminal table: "[red]x" lost its
    brackets and turned red."""
    from rich.console import Console

    from playtest.analysis import columns as C
    from playtest.report.terminal import metric_table

    df = C.metric_frame([{C.METRIC: "share_x", C.GROUP: "[red]x", C.ESTIMATE: 0.5, C.CI_LOW: 0.25, C.CI_HIGH: 0.75,
                          C.N: 10, C.DEFINITION: "d"}])
    console = Console(width=120, record=True, color_system=None)
    console.print(metric_table("Title [bold]y", df))
    text = console.export_text()
    assert "[red]x" in text and "Title [bold]y" in text, text


def test_a_disk_full_while_writing_the_report_says_the_games_are_saved(cli, tmp_path, monkeypatch):
    """The run is finished and saved when report.html cannot be written: one line naming the
    file and the error, then what was kept and how to get the report."""
    import errno

    from playtest.report import write

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(write, "write_atomic", full)
    out = tmp_path / "run"
    r = cli("simulate", DRAFT5, "-n", "3", "--workers", "1", "-q", "--out", str(out))
    assert r.returncode == 1
    assert r.stderr == (f"error: {out / 'report.html'}: No space left on device; the 3 games are saved in {out} "
                        f"without a report (`playtest report {out}` writes it once the cause is fixed)\n")
    assert (out / "games.parquet").is_file()


def test_compare_help_does_not_say_a_constant_cannot_change(cli):
    """c028b54 renamed compare's 'no change possible' to 'one value in every game of both': a value
    the same in every game played may be held there by the bots, not the rules. --help still
    said 'Metrics that cannot change (constants)'."""
    text = " ".join(cli("compare", "--help").stdout.split())
    assert "cannot change" not in text
    assert "one value in every game of both" in text


def test_a_second_signal_while_the_first_is_handled_changes_nothing(monkeypatch):
    """The first Ctrl-C or SIGTERM raises Interrupted; one more, while the command says what it
    kept on its way out, is only recorded (docs/scale.md: a second Ctrl-C during the clean-up is
    ignored). Raised again outside the pool's clean-up, it replaced simulate's 'interrupted: 20 of
    240 games are saved in ...' with 'interrupted (Ctrl-C): nothing was written'."""
    import signal

    import playtest.cli.app as cli_app
    from playtest.errors import Interrupted

    monkeypatch.setattr(cli_app, "_SIGNALS", [])
    with pytest.raises(Interrupted, match=r"^interrupted \(Ctrl-C\): nothing was written$"):
        cli_app._on_signal(signal.SIGINT, None)
    cli_app._on_signal(signal.SIGTERM, None)
    cli_app._on_signal(signal.SIGINT, None)
    assert cli_app._SIGNALS == [signal.SIGINT, signal.SIGTERM, signal.SIGINT]
    assert cli_app.interruption() == "interrupted (Ctrl-C)"  # the first decides the line and the exit status


@pytest.mark.system
def test_a_library_missing_from_the_python_is_one_line_not_a_traceback():
    """playtest installed with `pip install --no-deps` into a fresh virtualenv started with an
    import traceback ending in `ModuleNotFoundError: No module named 'typer'`."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    hide = "import sys; sys.modules['typer'] = None; from playtest.cli.entry import main; main()"
    r = subprocess.run([sys.executable, "-c", hide, "validate", DRAFT5], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=600)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr == (f"error: playtest cannot start: the package 'typer' is not installed in {sys.prefix} (install "
                        "playtest with its dependencies, e.g. `pip install -e /path/to/playtest` without --no-deps)\n")


@pytest.mark.parametrize("command", [["report", "RUN"], ["validate", DRAFT5], ["games"]],
                         ids=["report", "validate", "games"])
@pytest.mark.system
def test_a_library_a_command_imports_as_it_runs_missing_is_the_same_line(tmp_path: Path, command: list[str]) -> None:
    """polars is imported by the commands that use it when they run, not at the start: a Python
    without it read `internal error: ModuleNotFoundError ... please report it` from `report`, and
    from `validate` and `games` a line blaming playtest's own game for it ("the game plugin
    'stargate' ... failed to load", exit 2: the draft looked broken)."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    hide = "import sys; sys.modules['polars'] = None; from playtest.cli.entry import main; main()"
    argv = [str(tmp_path) if a == "RUN" else a for a in command]
    r = subprocess.run([sys.executable, "-c", hide, *argv], capture_output=True, text=True,
                       cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=600)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr == (f"error: playtest cannot start: the package 'polars' is not installed in {sys.prefix} (install "
                        "playtest with its dependencies, e.g. `pip install -e /path/to/playtest` without --no-deps)\n")


@pytest.mark.system
@pytest.mark.parametrize("command", [["games"], ["validate", "NIM"]], ids=["games", "validate"])
def test_a_plugin_importing_a_library_playtest_needs_is_not_blamed_for_its_absence(tmp_path: Path,
                                                                                     command: list[str]) -> None:
    """A game plugin installed beside playtest imports polars too (the example plugin does): in a
    Python without polars, `playtest games` wrote 'the game plugin 'nim' ... failed to load:
    ModuleNotFoundError' before the line saying polars is missing, and `validate` of its variant
    exited 2 as if the game were broken. (With any plugin installed, the test above failed.)"""
    import os
    import subprocess
    import sys

    from tests.conftest import PLUGINS, ROOT, install_example_game

    install_example_game(tmp_path)
    hide = "import sys; sys.modules['polars'] = None; from playtest.cli.entry import main; main()"
    argv = [str(PLUGINS / "nim.yaml") if a == "NIM" else a for a in command]
    path = os.pathsep.join([str(ROOT), str(PLUGINS), str(tmp_path)])
    r = subprocess.run([sys.executable, "-c", hide, *argv], capture_output=True, text=True,
                       cwd=ROOT, env=dict(os.environ, PYTHONPATH=path), timeout=600)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr == (f"error: playtest cannot start: the package 'polars' is not installed in {sys.prefix} (install "
                        "playtest with its dependencies, e.g. `pip install -e /path/to/playtest` without --no-deps)\n")


def test_simulate_summary_names_the_set_it_played_with(cli, tmp_path):
    """`simulate draft5.yaml --set crews.bays.time=2` opened its summary with '2 games of
    スターゲイト 草案５ / Stargate draft 5 (...)': the games were not draft 5's, and only the
    report's files said so (a first morning's walkthrough, h253)."""
    r = cli("simulate", DRAFT5, "-n", "2", "--players", "3", "--seed", "1", "--workers", "1",
            "--set", "crews.bays.time=2", "--set", "cubes.replenish=1", "--out", str(tmp_path / "run"))
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert "Stargate draft 5 with --set crews.bays.time=2 --set cubes.replenish=1 (3 players" in first, first
    plain = cli("simulate", DRAFT5, "-n", "2", "--players", "3", "--seed", "1", "--workers", "1",
                "--out", str(tmp_path / "plain"))
    assert plain.returncode == 0 and "Stargate draft 5 (3 players" in plain.stdout.splitlines()[0]
