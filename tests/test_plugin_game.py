"""Games as plugins: a game from another package (tests/plugins/playtest_nim), found through the
`playtest.games` entry points like the built-in ones, works with every command; an unknown game
and a plugin that fails to load are one-line errors."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.games import (
    GameNotFoundError,
    GamePluginError,
    game_names,
    get_game,
    known_games,
    refresh,
)
from tests.conftest import BUILTIN_GAMES, PLUGINS, install_example_game, register_games, run_cli

NIM = str(PLUGINS / "nim.yaml")
GAME = str(PLUGINS / "nim-game.yaml")


def test_the_example_game_is_registered_through_its_entry_point(example_game):
    assert "nim" in game_names() and set(BUILTIN_GAMES) < set(game_names())
    spec = get_game("nim")
    assert spec.name == "nim" and type(spec).__module__ == "playtest.core.spec"
    assert spec.make_rules.__module__ == "playtest_nim.game"


def test_validate_simulate_report_replay(example_game, cli, tmp_path):
    r = cli("validate", "tests/plugins/nim.yaml")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("tests/plugins/nim.yaml: ok (nim 1, 'Nim 3-4-5', hash ")

    out = tmp_path / "run"
    # No --players: Nim is for 2, and --bots names two.
    r = cli("simulate", NIM, "-n", "40", "--bots", "perfect,random", "--seed", "3",
            "--workers", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "40 games of Nim 3-4-5" in r.stdout and "Counters taken per move" in r.stdout
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 80 and set(games["bot"]) == {"perfect", "random"}
    # 3-4-5 has a non-zero nim-sum: the perfect bot wins every game from either seat.
    wins = games.group_by("bot").agg(pl.col("win_share").sum()).sort("bot")
    assert wins.rows() == [("perfect", 40.0), ("random", 0.0)]
    events = pl.read_parquet(out / "events.parquet")
    assert {"heap", "taken", "left"} <= set(events.columns)
    assert (events.filter(pl.col("left") == 0).height) == 40  # one last counter per game

    r = cli("report", str(out), "--format", "json", "--out", str(tmp_path / "r.json"))
    assert r.returncode == 0, r.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert "mean_taken" in json.dumps(report)

    r = cli("replay", GAME)
    assert r.returncode == 0, r.stderr
    assert "2 players, 5 moves, game over" in r.stdout and r.stdout.endswith("Winner: Ann\n")
    moves = cli("replay", GAME, "--moves").stdout.split("\nMoves\n", 1)[1].splitlines()
    assert moves[0] == "    1. Ann: take 2 from 1" and moves[-2] == "    5. Ann: take 1 from 3"
    assert moves[-1].startswith("       ") and "left 0" in moves[-1]  # the last counter's event
    data = json.loads(cli("replay", GAME, "--json").stdout)
    assert [(s["player"], s["win"], s["rank"]) for s in data["scores"]] == [("Ann", 1.0, 1), ("Ben", 0.0, 2)]
    assert data["finished"] and data["winners"] == ["Ann"]


def test_the_search_bots_play_a_plugin_game_from_its_protocol_alone(example_game, cli, tmp_path):
    """mcts needs nothing of a game beyond the protocol (sample_state included): on Nim 3-4-5
    the first player wins with perfect play, and a small search finds it against random."""
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "6", "--players", "2", "--bots", "mcts:200,random", "--seed", "1",
            "--workers", "1", "--out", str(out), "--no-rotate")
    assert r.returncode == 0, r.stderr
    games = pl.read_parquet(out / "games.parquet")
    assert games.filter(pl.col("bot") == "mcts:200")["win_share"].sum() == 6.0


def simulate_nim(cli, tmp_path, bots: str = "random"):
    """Three 2-player Nim games, seed 4, in this process: (result, the run's folder)."""
    out = tmp_path / "run"
    return cli("simulate", NIM, "-n", "3", "--players", "2", "--seed", "4", "--workers", "1", "--out", str(out),
               "--bots", bots), out


def test_a_game_without_sample_state_does_not_list_the_search_bots_it_refuses(example_game, cli, tmp_path,
                                                                            monkeypatch):
    """The unknown-bot line lists the bots a game offers: `mcts:N...` and `ismcts:N...` only when
    the game has the sample_state they need (a plugin without it was offered them, then told
    'pig has no sample_state, which search bots need')."""
    from playtest_nim.game import NimRules

    r, _ = simulate_nim(cli, tmp_path, "foo")
    assert r.stderr == ("error: --bots: unknown bot 'foo' for nim (bots: random, greedy, perfect, "
                        "mcts:N[:option=value...], ismcts:N[:option=value...])\n")
    monkeypatch.delattr(NimRules, "sample_state")
    r, _ = simulate_nim(cli, tmp_path, "foo")
    assert (r.returncode, r.stderr) == (2, "error: --bots: unknown bot 'foo' for nim (bots: random, greedy, perfect)\n")


def test_a_cut_off_without_the_game_s_evaluation_names_the_fix(example_game, cli, tmp_path):
    """Nim has sample_state but no evaluate: `mcts:20:depth=3` is refused in one line that says
    what to add, as the line for a game without sample_state does (it said only 'nim has none')."""
    r, _ = simulate_nim(cli, tmp_path, "mcts:20:depth=3,random")
    assert (r.returncode, r.stderr) == (2, "error: --bots: bot 'mcts:20:depth=3': depth= scores a cut-off rollout "
                                           "with the game's evaluation, and nim has none: add Rules.evaluate(state) "
                                           "(each seat's value in [0, 1]) or GameSpec(evaluate=...), or leave depth= "
                                           "out; see playtest/core/protocol.py\n")


def _nim_legal_until_nine_left(self, state):
    """Nim's legal moves (any count from one heap), but none once fewer than 9 counters are
    left, though the game is not over: a rules bug that only a search, playing ahead, meets."""
    from playtest_nim.game import Take

    return [] if sum(state.heaps) < 9 else [Take(h, k) for h, size in enumerate(state.heaps) for k in range(1, size + 1)]


def _nim_legal_as_a_generator(self, state):
    """Nim's legal moves as a generator, not the Sequence the protocol asks for: greedy's `max`
    uses it up, and the runner then finds the bot's move in nothing."""
    from playtest_nim.game import Take

    return (Take(h, k) for h, size in enumerate(state.heaps) for k in range(1, size + 1))


class _Keyed(list):
    """A legal list with `action_keys` (tree.action_keys), as a game that offers them has."""

    action_keys: list


def _nim_keys_unhashable_below_nine(self, state):
    """Nim's legal moves, offered with `action_keys` that do not hash (lists) once fewer than 9
    counters are left: hashable at the first decision, so only a search playing ahead meets it."""
    from playtest_nim.game import Take

    legal = [Take(h, k) for h, size in enumerate(state.heaps) for k in range(1, size + 1)]
    if sum(state.heaps) >= 9:
        return legal
    out = _Keyed(legal)
    out.action_keys = [[a.heap, a.count] for a in legal]
    return out


@pytest.mark.parametrize(("broken", "bots", "message"), [
    # A bug in a plugin's rules (no legal action, game not over) is named as the game's, not an
    # internal error.
    (("NimRules", "legal_actions", lambda self, state: []), "random",
     "error: game 0 (bots random,random, seed 4): the rules of 'nim' offered no legal action in a state that is not "
     "over (decision 1, seat 1): a bug in the game's legal_actions or is_terminal; nothing was written\n"),
    # A seat to move outside the table was an "internal error: IndexError ... please report it"
    # (and -1 silently let the last seat's bot play).
    (("NimRules", "current_seat", lambda self, state: state.n), "random",
     "error: game 0 (bots random,random, seed 4): the rules of 'nim' gave seat 2 to move in a 2-player game "
     "(decision 1): current_seat must return a seat from 0 to 1, counted from 0; nothing was written\n"),
    (("NimRules", "current_seat", lambda self, state: -1), "random",
     "error: game 0 (bots random,random, seed 4): the rules of 'nim' gave seat -1 to move in a 2-player game "
     "(decision 1): current_seat must return a seat from 0 to 1, counted from 0; nothing was written\n"),
    # The runner refuses a bot's action that is not in the legal list: in a run that is a bug of
    # the game's bot (or rules), named as the game's, with the game and seed to reproduce it.
    (("NimBot", "choose", lambda self, view, legal, *, rng: "take 99 from 1"), "random",
     "error: game 0 of 'nim' (bots random,random, seed 4): move 1: take 99 from 1: bot 'random' in seat 1 chose "
     "an action that is not legal: a bug in the game's bot or rules; nothing was written\n"),
    # A generator of legal actions, used up by the bot, was reported as the bot's illegal move.
    (("NimRules", "legal_actions", _nim_legal_as_a_generator), "greedy",
     "error: game 0 (bots greedy,greedy, seed 4): the rules of 'nim' gave the legal actions as a generator, not a "
     "sequence (decision 1): legal_actions must return a list or tuple, which the bot and the runner both read "
     "(playtest/core/protocol.py); nothing was written\n"),
    # A bot without `choose` (make_bot returning the name, say) was an "internal error:
    # AttributeError ... please report it" at the first decision; now refused when --bots is read.
    (("NimBot", "choose", None), "random",
     "error: game 'nim': its make_bot('random', ...) returned a NimBot, not a bot with choose(view, legal, *, rng) "
     "(playtest/core/protocol.py; docs/extending.md, 'The protocol')\n"),
    # What only a search bot meets (it plays ahead, from sample_state): each was an "internal
    # error: ... please report it" (a TypeError, an IndexError), blaming playtest for the game's bug.
    (("Take", "__hash__", None), "mcts:20",  # actions the tree cannot key its children by
     "error: game 0 (bots mcts:20,mcts:20, seed 4): search bot 'mcts:20': the actions of 'nim' cannot key a search "
     "tree (Take: unhashable type: 'Take'): make them hashable and equal by value, e.g. @dataclass(frozen=True) "
     "(docs/extending.md, 'For the search bots'); nothing was written\n"),
    (("NimRules", "sample_state", lambda self, view, *, rng: view.heaps), "mcts:20",  # no state: no seat count
     "error: game 0 (bots mcts:20,mcts:20, seed 4): search bot 'mcts:20': the state sample_state gave (tuple) has no "
     "seat count `n` (an int), which search needs ('nim'; docs/extending.md, 'For the search bots'); nothing was "
     "written\n"),
    (("NimRules", "legal_actions", _nim_legal_until_nine_left), "ismcts:20",
     "error: game 0 (bots ismcts:20,ismcts:20, seed 4): the rules of 'nim' offered no legal action in a state that "
     "is not over (reached by a search rollout from sample_state and apply, seat 2 to move): a bug in the game's "
     "legal_actions, is_terminal or sample_state; nothing was written\n"),
    # keys that do not hash only in a state the search reaches ahead of the table: the root's
    # legal list hashes, and the TypeError was an internal error
    (("NimRules", "legal_actions", _nim_keys_unhashable_below_nine), "mcts:20",
     "error: game 0 (bots mcts:20,mcts:20, seed 4): search bot 'mcts:20': the actions of 'nim' cannot key a search "
     "tree (list: unhashable type: 'list'): make them hashable and equal by value, e.g. @dataclass(frozen=True) "
     "(docs/extending.md, 'For the search bots'); nothing was written\n"),
], ids=["no-legal-move", "seat-past-the-table", "seat-negative", "bot-off-the-list", "legal-generator", "bot-without-choose",
        "search-unhashable-actions", "search-state-without-n",
        "search-no-legal-move-ahead", "search-unhashable-ahead"])
def test_a_plugin_that_breaks_the_protocol_stops_the_run_in_one_line_and_leaves_no_run(example_game, cli, tmp_path,
                                                                                     monkeypatch, broken, bots,
                                                                                     message):
    from playtest_nim import game

    owner, name, replacement = broken
    monkeypatch.setattr(getattr(game, owner), name, replacement)
    r, out = simulate_nim(cli, tmp_path, bots)
    assert (r.returncode, r.stderr) == (2, message)
    assert not out.exists() and not list(tmp_path.glob("run*"))


def test_event_data_the_game_did_not_declare_stop_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch):
    """polars would drop an undeclared event key, or coerce a value of the wrong type, without
    a word: `simulate` checks the first game of each chunk against GameSpec.event_columns."""
    from playtest_nim.game import NimRules

    apply = NimRules.apply

    def apply_with(extra):
        def patched(self, state, action, *, rng, log=None):
            nxt = apply(self, state, action, rng=rng, log=log)
            if log:
                log[-1] = log[-1]._replace(data={**log[-1].data, **extra})
            return nxt
        return patched

    monkeypatch.setattr(NimRules, "apply", apply_with({"spare": 1}))
    r, out = simulate_nim(cli, tmp_path)
    assert (r.returncode, not out.exists()) == (2, True)
    assert r.stderr.startswith("error: game 0 of 'nim' (bots random,random, seed 4): a decision event has the data key 'spare', which "
                               "event_columns does not declare (declared: heap, taken, left)")
    monkeypatch.setattr(NimRules, "apply", apply_with({"left": "none"}))
    r, _ = simulate_nim(cli, tmp_path)
    assert r.returncode == 2 and "has left='none', not a value of its column's type Int16" in r.stderr


def test_a_result_part_the_game_did_not_declare_stops_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch):
    """A misspelt score part would be a `score_<part>` column of zeros without a word: `simulate`
    refuses a result whose parts (or stats) GameSpec does not declare."""
    from playtest_nim.game import NimRules

    from playtest.core.results import GameResult

    result = NimRules.result

    def renamed(self, state):
        res = result(self, state)
        return GameResult(tuple(s.__class__(s.seat, {"wins": s.total}, s.total, s.rank, s.win_share, s.stats)
                                for s in res.seats), res.rounds, res.turns)

    monkeypatch.setattr(NimRules, "result", renamed)
    r, out = simulate_nim(cli, tmp_path)
    assert r.returncode == 2
    assert r.stderr == ("error: game 0 of 'nim' (bots random,random, seed 4): seat 1's result has the score part 'wins', which "
                        "GameSpec.score_parts does not declare (declared: win); nothing was written\n")
    assert not out.exists()


@pytest.mark.parametrize(("field", "value"), [("rounds", None), ("turns", 2.5)])
def test_a_game_length_that_is_not_a_whole_number_stops_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch,
                                                                           field, value):
    """A game without rounds that wrote `rounds=None` got a games.parquet column of nulls and a
    game length of '–' in every report, without a word."""
    import dataclasses

    from playtest_nim.game import NimRules

    result = NimRules.result
    monkeypatch.setattr(NimRules, "result", lambda self, state: dataclasses.replace(result(self, state), **{field: value}))
    r, out = simulate_nim(cli, tmp_path)
    assert (r.returncode, r.stderr) == (2, f"error: game 0 of 'nim' (bots random,random, seed 4): the result's {field} is "
                                           f"{value!r}, not a whole number ≥ 0: GameResult.{field} is what the reports' "
                                           f"game length ({field}) counts (a game without rounds counts what a designer "
                                           "would call one); nothing was written\n")
    assert not out.exists()


def test_a_total_that_is_not_the_sum_of_its_parts_stops_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch):
    """The reports print each seat's parts and total ('win 0 = 1') and average both: a total that
    does not add up its parts was written and reported without a word."""
    from playtest_nim.game import NimRules

    from playtest.core.results import GameResult

    result = NimRules.result

    def off_by_one(self, state):
        res = result(self, state)
        return GameResult(tuple(s.__class__(s.seat, s.components, s.total + 1, s.rank, s.win_share, s.stats)
                                for s in res.seats), res.rounds, res.turns)

    monkeypatch.setattr(NimRules, "result", off_by_one)
    r, out = simulate_nim(cli, tmp_path)
    assert (r.returncode, r.stderr) == (2, "error: game 0 of 'nim' (bots random,random, seed 4): seat 1's total is 2, "
                                           "not the sum of its score parts (1): a SeatResult's total must add up its "
                                           "components; nothing was written\n")
    assert not out.exists()


def _as_dicts(res):
    return {"seats": [{"seat": s.seat, "total": s.total} for s in res.seats]}


def _seats_as_dicts(res):
    return dataclasses.replace(res, seats=tuple({"seat": s.seat, "total": s.total} for s in res.seats))


def _everyone_wins(res):
    return dataclasses.replace(res, seats=tuple(dataclasses.replace(s, win_share=1.0) for s in res.seats))


def _rank_zero(res):
    return dataclasses.replace(res, seats=tuple(dataclasses.replace(s, rank=0) for s in res.seats))


BY_RANK = " (playtest.core.results.rank gives ranks and win shares: the seats ranked 1 share the win)"


@pytest.mark.parametrize(("broken", "problem"), [
    (_as_dicts, "the rules' result is a dict, not a GameResult (playtest.core.results; docs/extending.md, 'The protocol')"),
    (_seats_as_dicts, "the result's seats hold a dict, not a SeatResult (playtest.core.results; docs/extending.md, "
                      "'The protocol')"),
    (_everyone_wins, "the seats' win shares add up to 2, more than 1" + BY_RANK),
    (_rank_zero, "seat 1's rank is 0, not a whole number from 1 to 2" + BY_RANK),
], ids=["dict", "seat-dicts", "shares-above-1", "rank-0"])
def test_a_result_every_report_would_refuse_stops_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch,
                                                                     broken, problem):
    """A plugin's result that is no GameResult was an 'internal error' asking for a report to
    playtest; win shares adding up to 2 or a rank 0 were saved, and then every report called the
    run damaged. `simulate` names the game's bug instead, and `replay` names a result of the
    wrong type the same way."""
    from playtest_nim.game import NimRules

    result = NimRules.result
    monkeypatch.setattr(NimRules, "result", lambda self, state: broken(result(self, state)))
    r, out = simulate_nim(cli, tmp_path)
    assert (r.returncode, r.stderr) == (2, f"error: game 0 of 'nim' (bots random,random, seed 4): {problem}; "
                                           "nothing was written\n")
    assert not out.exists()
    if broken in (_as_dicts, _seats_as_dicts):
        r = cli("replay", str(PLUGINS / "nim-game.yaml"))
        assert (r.returncode, r.stderr) == (2, f"error: game 'nim': {problem}\n")


def test_a_result_below_a_declared_score_floor_stops_the_run_in_one_line(example_game, cli, tmp_path, monkeypatch):
    """The reports cut a mean score's interval at the floor a game declares: a floor its own games
    go below would cut it where the mean can be, so `simulate` refuses such a result. (Nim
    declares no floors; here it claims its 0/1 `win` part is never below 0.5.)"""
    import dataclasses

    from playtest.sim import batch

    spec = get_game("nim")
    claimed = dataclasses.replace(spec, score_floors=lambda variant: {"win": 0.5})
    monkeypatch.setattr(batch, "get_game", lambda name: claimed)
    monkeypatch.setattr(batch, "_WORKER", {})  # the rules built for an earlier run of the same variant
    r, out = simulate_nim(cli, tmp_path)
    assert r.returncode == 2
    assert re.fullmatch(r"error: game 0 of 'nim' \(bots random,random, seed 4\): seat \d's score part 'win' is 0, below the floor 0.5 that "
                        r"GameSpec.score_floors declares for it; nothing was written\n", r.stderr), r.stderr
    assert not out.exists()


def test_a_crash_in_a_plugin_s_own_code_is_blamed_on_it_not_on_playtest(example_game, cli, tmp_path, monkeypatch):
    from playtest_nim import game

    def choose(self, view, legal, *, rng):
        raise ValueError("my bot is broken")

    monkeypatch.setattr(game.NimBot, "choose", choose)
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "2", "--players", "2", "--workers", "1", "--out", str(out))
    assert r.returncode == 1
    assert r.stderr.startswith(f"error in code outside playtest, {Path(__file__).resolve()}:")  # where choose is
    # No game was saved: nothing to resume, and no partial folder left to block the next run.
    assert r.stderr.endswith("(in choose): ValueError: my bot is broken (run `playtest --debug ...` for the "
                             "traceback); nothing was written\n")
    assert len(r.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_crash_in_a_plugin_s_summary_says_the_games_are_saved(example_game, cli, tmp_path, monkeypatch):
    """The games are played and saved when the report's game section breaks: the error says
    so, and `playtest report` writes the report once the summary is fixed."""
    import dataclasses

    from playtest.analysis import metrics

    def summary(games, events):
        raise ValueError("my summary is broken")

    broken = dataclasses.replace(get_game("nim"), summary=summary)
    own = metrics._game_spec
    monkeypatch.setattr(metrics, "_game_spec", lambda info: broken)
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "2", "--players", "2", "--workers", "1", "--out", str(out))
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1
    assert r.stderr.endswith(f"ValueError: my summary is broken (run `playtest --debug ...` for the traceback); the 2 "
                             f"games are saved in {out} without a report (`playtest report {out}` writes it once "
                             "the cause is fixed)\n")
    assert (out / "games.parquet").is_file() and not (out / "report.html").exists()
    monkeypatch.setattr(metrics, "_game_spec", own)
    assert cli("report", str(out)).returncode == 0 and (out / "report.html").is_file()


def test_the_worker_s_traceback_text_names_the_plugin_frame(tmp_path):
    """What the pool hands back from a worker: the frames only as text (`__cause__.tb`); the
    innermost frame outside playtest and the libraries is the plugin's."""
    from concurrent.futures.process import _RemoteTraceback

    from playtest.cli.app import _outside_frame

    plugin = tmp_path / "plug.py"
    plugin.write_text("def boom():\n    raise ValueError('x')\n")
    import playtest.sim.batch as ours

    err = ValueError("x")
    err.__cause__ = _RemoteTraceback(f'Traceback (most recent call last):\n  File "{ours.__file__}", line 230, in '
                                     f'play_chunk\n  File "{plugin}", line 2, in boom\nValueError: x\n')
    assert _outside_frame(err) == f"{plugin.resolve()}:2 (in boom)"
    err.__cause__ = _RemoteTraceback(f'  File "{ours.__file__}", line 230, in play_chunk\n')
    assert _outside_frame(err) is None  # only playtest's own frames: an internal error


@pytest.mark.system
@pytest.mark.slow  # spawns two worker processes; the text it relies on is checked just above
def test_a_plugin_crash_inside_worker_processes_is_blamed_on_it_too(example_game, tmp_path, monkeypatch):
    """With worker processes the plugin's frames come back only as text; they are read there.
    A real package (monkeypatching does not reach spawned workers): Nim whose bots raise."""
    from tests.conftest import invoke_cli

    pkg = tmp_path / "src" / "playtest_crashy"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        "from dataclasses import replace\n"
        "from playtest_nim import SPEC as NIM\n"
        "from playtest_nim.game import make_bot as nim_bot\n\n"
        "def broken(view, legal, *, rng):\n"
        "    raise ValueError('my bot is broken')\n\n"
        "def make_bot(name, rules, seat):\n"
        "    bot = nim_bot(name, rules, seat)\n"
        "    bot.choose = broken\n"
        "    return bot\n\n"
        "SPEC = replace(NIM, name='crashy', make_bot=make_bot)\n")
    register_games(tmp_path / "site", "playtest-crashy", "crashy = playtest_crashy:SPEC")
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    refresh()
    variant = tmp_path / "crashy.yaml"
    variant.write_text(Path(NIM).read_text().replace("game: nim", "game: crashy"))
    r = invoke_cli("simulate", str(variant), "-n", "60", "--players", "2", "--workers", "2",
                   "--out", str(tmp_path / "run"))
    assert r.returncode == 1
    assert r.stderr.startswith(f"error in code outside playtest, {(pkg / '__init__.py').resolve()}:6 (in broken): "
                               "ValueError: my bot is broken"), r.stderr


def test_replay_errors_come_from_the_core(example_game, cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"game: nim\nvariant: {NIM}\nplayers: 2\nmoves:\n  - take 3 from 1\n  - take 3 from 1\n"
                    "  - take two\n")
    r = cli("replay", str(path))
    assert (r.returncode, r.stderr) == (2, f"{path}:7:5: move 3: cannot read 'take two': "
                                           "expected 'take COUNT from HEAP'\n")
    path.write_text(f"game: nim\nvariant: {NIM}\nplayers: 2\nmoves:\n  - take 3 from 1\n  - take 3 from 1\n")
    r = cli("replay", str(path))
    assert (r.returncode, r.stderr) == (2, f"{path}:6:5: move 2 (Player 2): take 3 from 1: "
                                           "heap 1 is empty\n")
    path.write_text(f"game: nim\nvariant: {NIM}\nplayers: 2\nmoves:\n  - take 3 from 1\n")
    data = json.loads(cli("replay", str(path), "--json").stdout)
    assert not data["finished"] and data["next_player"] == "Player 2" and data["winners"] == []
    assert "UNFINISHED: next to play: Player 2" in cli("replay", str(path)).stdout


def test_the_shared_header_rules(example_game, cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"game: nim\nvariant: {NIM}\nset: ['heaps=[1]']\nplayers: [Ann, Ann, Cy]\nnames: [x]\n"
                    "circle: [a]\nmoves:\n")
    r = cli("replay", str(path))
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"{path}:5:8: names: the players are already named in players: give either a count in players "
        "and the names here, or the list of names in players",
        f"{path}:6:1: circle: unknown key; valid keys: game, moves, names, notes, players, set, title, variant",
    ]
    path.write_text(f"game: nim\nvariant: {NIM}\nset: ['heaps=[1]']\nplayers: [Ann, Ann, Cy]\nmoves: []\n")
    assert cli("replay", str(path)).stderr.splitlines() == [
        f"{path}:4:10: players: the variant is for 2 players, not 3",
        f"{path}:4:16: players.2: duplicate name 'Ann'",
    ]
    path.write_text(f"game: nim\nvariant: {NIM}\nset: ['heaps=[1]']\nplayers: 2\nmoves: [take 1 from 1, take 1 from 1]\n")
    assert cli("replay", str(path)).stderr == (f"{path}:5:24: move 2: the game is already over: it ended "
                                               "after move 1; remove the moves after it\n")


def test_unknown_game_is_one_line(cli, tmp_path):
    (tmp_path / "v.yaml").write_text("game: nim\nname: x\n")
    r = cli("validate", str(tmp_path / "v.yaml"))
    assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'v.yaml'}:1:7: game: unknown game 'nim' "
                                           f"(known games: {known_games()})\n")
    with pytest.raises(GameNotFoundError, match=rf"^unknown game 'nim' \(known games: {re.escape(known_games())}\)$"):
        get_game("nim")


def test_a_run_of_a_game_no_longer_installed_is_one_line_as_its_variant_s(example_game, cli, monkeypatch, tmp_path):
    """`report` of a plugin game's run in a shell without the plugin (PYTHONPATH not set): the
    same words as `validate` of its variant, the known games listed as the variant's are."""
    out = tmp_path / "run"
    assert cli("simulate", NIM, "-n", "4", "--bots", "random", "--workers", "1", "--out", str(out)).returncode == 0
    monkeypatch.undo()
    refresh()
    r = cli("report", str(out), "--format", "json", "--out", str(tmp_path / "r.json"))
    assert r.returncode == 2
    assert re.fullmatch(rf"error: {re.escape(str(out / 'run.json'))}:\d+:\d+: game: unknown game 'nim' "
                        rf"\(known games: {re.escape(known_games())}\)\n", r.stderr), r.stderr


def test_games_lists_every_registered_game_with_where_it_comes_from(example_game, tmp_path, monkeypatch, cli):
    """A designer who has just installed a plugin had no command that listed the games: only a
    variant with a wrong `game:` (`unknown game ... (known games: ...)`) said whether it was found.
    `playtest games` lists each with its bots and its distribution, and names a broken one."""
    r = cli("games")
    assert (r.returncode, r.stderr) == (0, "")
    lines = r.stdout.splitlines()
    search = "mcts:N[:option=value...], ismcts:N[:option=value...]"
    assert f"nim: Nim; bots random, greedy, perfect, {search} (playtest-nim 0.1: playtest_nim:SPEC)" in lines
    # the search bots, which no GameSpec.bot_names lists, for every game whose rules can sample a state:
    # known from GameSpec.sample_state (Stargate), the rules class (Nim's make_rules) or make_rules'
    # return annotation (Oh-Seven, New Frontiers)
    # (these games' lines only: another package's game installed here may offer no search)
    ours = [line for line in lines[:-1] if line.split(":")[0] in {*BUILTIN_GAMES, "nim"}]
    assert len(ours) == len(BUILTIN_GAMES) + 1 and all(f", {search} (" in line for line in ours), lines
    assert [line.split(":")[0] for line in lines[:-1]] == game_names()
    assert lines[-1].startswith("(games found by ")
    site = tmp_path / "site"
    register_games(site, "broken", "broken = no_such_module:SPEC")
    monkeypatch.syspath_prepend(str(site))
    refresh()
    try:
        r = cli("games")
        assert (r.returncode, r.stderr) == (2, "error: the game plugin 'broken' (no_such_module:SPEC) failed to load: "
                                               "ModuleNotFoundError: No module named 'no_such_module'\n")
        assert "broken" not in r.stdout and "nim: Nim;" in r.stdout
    finally:
        monkeypatch.undo()
        refresh()


def test_a_plugin_importing_a_missing_part_of_an_installed_library_is_blamed_on_the_plugin(tmp_path, monkeypatch,
                                                                                             cli):
    """numpy is installed: a plugin that imports a module numpy does not have (one of a newer numpy,
    a misspelling) is the plugin's fault. It read 'playtest cannot start: the package
    'numpy.no_such_module' is not installed', exit 1, as if playtest's own numpy were missing."""
    site = tmp_path / "site"
    register_games(site, "broken", "broken = numpy.no_such_module:SPEC")
    monkeypatch.syspath_prepend(str(site))
    refresh()
    try:
        (tmp_path / "v.yaml").write_text("game: broken\nname: x\n")
        r = cli("validate", str(tmp_path / "v.yaml"))
        assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'v.yaml'}:1:7: game: the game plugin 'broken' "
                                               "(numpy.no_such_module:SPEC) failed to load: ModuleNotFoundError: "
                                               "No module named 'numpy.no_such_module'\n")
    finally:
        monkeypatch.undo()
        refresh()


def test_a_plugin_that_fails_to_load_is_one_line(tmp_path, monkeypatch, cli):
    site = tmp_path / "site"
    register_games(site, "broken", "broken = no_such_module:SPEC", "wrong = json:dumps")
    monkeypatch.syspath_prepend(str(site))
    refresh()
    try:
        assert {"broken", "wrong", *BUILTIN_GAMES} <= set(game_names())
        (tmp_path / "v.yaml").write_text("game: broken\nname: x\n")
        r = cli("validate", str(tmp_path / "v.yaml"))
        assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'v.yaml'}:1:7: game: the game plugin 'broken' "
                                               "(no_such_module:SPEC) failed to load: ModuleNotFoundError: "
                                               "No module named 'no_such_module'\n")
        # ... and so is a transcript's, by replay and calibrate alike (calibrate did not name the file)
        (tmp_path / "t.yaml").write_text("game: broken\n")
        (tmp_path / "run").mkdir()
        for args in (["replay"], ["calibrate", "--against", str(tmp_path / "run")]):
            r = cli(*args, str(tmp_path / "t.yaml"))
            assert (r.returncode, r.stderr) == (2, f"{tmp_path / 't.yaml'}:1:7: game: the game plugin 'broken' "
                                                   "(no_such_module:SPEC) failed to load: ModuleNotFoundError: "
                                                   "No module named 'no_such_module'\n"), args
        with pytest.raises(GamePluginError, match=r"^the game plugin 'wrong' \(json:dumps\) is 'function', "
                                                  r"not a playtest.core.spec.GameSpec$"):
            get_game("wrong")
        assert get_game("stargate").name == "stargate"  # the others still work
    finally:
        monkeypatch.undo()
        refresh()


MISSING_PARTS = """
import dataclasses

from pydantic import Field
from playtest_nim import SPEC as NIM
from playtest_nim.game import NimRules
from playtest.variants.model import VariantModel


class Uncounted(VariantModel):  # no player_counts()
    heaps: list[int] = Field(min_length=1)


Viewless = type("Viewless", (), {k: v for k, v in vars(NimRules).items() if k not in ("view", "__dict__", "__weakref__")})

uncounted = dataclasses.replace(NIM, name="uncounted", schema=Uncounted)
viewless = dataclasses.replace(NIM, name="viewless", make_rules=Viewless)


def make_viewless(variant) -> Viewless:
    return Viewless(variant)


viewless_maker = dataclasses.replace(NIM, name="viewless_maker", make_rules=make_viewless)
"""


@pytest.mark.parametrize(("game", "message"), [
    ("uncounted", "its schema Uncounted does not define player_counts(), the player counts a variant supports "
                  "(docs/extending.md, 'The folder')"),
    ("viewless", "its rules class Viewless lacks view of the Rules protocol (playtest/core/protocol.py; "
                 "docs/extending.md, 'The protocol')"),
    # a make_rules function annotated with its class: it was 'internal error: AttributeError' at the first game
    ("viewless_maker", "its rules class Viewless lacks view of the Rules protocol (playtest/core/protocol.py; "
                       "docs/extending.md, 'The protocol')"),
], ids=["schema-without-player-counts", "rules-without-view", "rules-maker-without-view"])
def test_a_plugin_without_a_part_every_command_needs_is_one_line_at_its_game_key(example_game, tmp_path, monkeypatch,
                                                                                 cli, game, message):
    """A schema without `player_counts()` loaded, validated ('ok') and then stopped `simulate` with
    `internal error: NotImplementedError:  ... please report it`; a rules class without `view` with
    `internal error: AttributeError: ...`: playtest's bug by their words, found only at the first
    game. Both are the plugin's, said where the game is loaded."""
    site = tmp_path / "site"
    register_games(site, "parts", f"{game} = missing_parts:{game}")
    (site / "missing_parts.py").write_text(MISSING_PARTS)
    monkeypatch.syspath_prepend(str(site))
    refresh()
    try:
        variant = tmp_path / "v.yaml"
        variant.write_text(f"game: {game}\nrules_version: 1\nname: x\nheaps: [3, 4]\n")
        for args in (["validate", str(variant)], ["simulate", str(variant), "-n", "2", "--workers", "1",
                                                   "--out", str(tmp_path / "run")]):
            r = cli(*args)
            assert (r.returncode, r.stderr) == (2, f"{variant}:1:7: game: the game plugin {game!r} "
                                                   f"(missing_parts:{game}): {message}\n"), args
        assert not (tmp_path / "run").exists()
    finally:
        monkeypatch.undo()
        refresh()


@pytest.mark.parametrize("game", ["", "dice"], ids=["left-out", "another-game-s"])
def test_a_game_s_transcripts_are_read_under_its_own_name_whatever_its_notation_says(
        example_game, monkeypatch, cli, tmp_path, game):
    """`Notation.game` may be left out (its docstring says only `parse_move` is required), or
    be left as it was in a notation copied from another plugin: the reader was made for that
    name, and `replay` and `calibrate` refused every `game: nim` transcript with "game: '', but
    its variant nim.yaml is a variant of 'nim' ...: write game: nim", the line the file had."""
    import dataclasses

    import playtest_nim
    from playtest_nim.game import NimNotation

    notation = type("MyNotation", (NimNotation,), {"game": game})()
    monkeypatch.setattr(playtest_nim, "SPEC", dataclasses.replace(playtest_nim.SPEC, notation=notation))
    refresh()
    r = cli("replay", GAME)
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.endswith("Winner: Ann\n")
    run = tmp_path / "run"
    assert cli("simulate", NIM, "-n", "4", "--bots", "random", "--workers", "1", "--out", str(run)).returncode == 0
    r = cli("calibrate", GAME, "--against", str(run), "--out", str(tmp_path / "c.md"))
    assert (r.returncode, r.stderr) == (0, "")


def test_ctrl_c_while_a_plugin_loads_is_an_interruption_not_a_broken_plugin(tmp_path, monkeypatch, cli):
    """Ctrl-C (the CLI's handler raises Interrupted) during the import of a game's module was
    caught as the plugin's failure: `validate` at 1.2 s said `base.yaml:7:7: game: the game
    plugin 'newfrontiers' ... failed to load: Interrupted: ...` and exited 2, not 130. A report's
    header, which looks the game's title up, swallowed it and went on."""
    from playtest.errors import Interrupted
    from playtest.report import model

    site = tmp_path / "site"
    register_games(site, "slow", "slow = slow_game:SPEC")
    (site / "slow_game.py").write_text("from playtest.errors import Interrupted\n"
                                       "raise Interrupted('interrupted (Ctrl-C): nothing was written')\n")
    monkeypatch.syspath_prepend(str(site))
    refresh()
    try:
        (tmp_path / "v.yaml").write_text("game: slow\nname: x\n")
        r = cli("validate", str(tmp_path / "v.yaml"))
        assert (r.returncode, r.stderr) == (130, "interrupted (Ctrl-C): nothing was written\n")
        with pytest.raises(Interrupted):
            model.run_summary({"game": "slow"}, pl.DataFrame())
    finally:
        monkeypatch.undo()
        refresh()


@pytest.mark.process_smoke
def test_plugin_in_a_fresh_interpreter(tmp_path):
    """A true subprocess: a fresh interpreter finds the plugin from PYTHONPATH alone (as after
    `pip install playtest-nim`). Simulation workers are spawned with the parent's sys.path, so
    they find it the same way."""
    install_example_game(tmp_path / "site")
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), str(PLUGINS), old or ""])
    try:
        r = run_cli("replay", GAME)
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.endswith("Winner: Ann\n")


def test_the_fixture_is_not_shipped():
    import playtest

    assert not (Path(playtest.__file__).parent / "games" / "nim").exists()
    assert "nim" not in game_names()


def test_no_registered_game_says_how_to_register(monkeypatch):
    import playtest.games as registry

    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    refresh()
    try:
        with pytest.raises(GameNotFoundError, match=r"known games: none: no game is registered; install playtest"):
            get_game("stargate")
    finally:
        monkeypatch.undo()
        refresh()
    assert get_game("stargate").name == "stargate"


def test_a_plugin_s_summary_table_without_the_metric_columns_is_named_as_its_bug(example_game, cli, tmp_path,
                                                                                 monkeypatch):
    """A summary table not built with metric_frame: one line naming the game, the table and the
    missing columns (it once surfaced as playtest's own "internal error: ColumnNotFoundError")."""
    import dataclasses

    from playtest.analysis import metrics

    def summary(games, events):
        return [("Counters per heap", pl.DataFrame({"x": [1]}))]

    broken = dataclasses.replace(get_game("nim"), summary=summary)
    monkeypatch.setattr(metrics, "_game_spec", lambda info: broken)
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "2", "--workers", "1", "--out", str(out))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith("error: game 'nim': its summary table 'Counters per heap' has no column metric, ")
    assert "metric_frame" in r.stderr and "internal error" not in r.stderr
    assert f"the 2 games are saved in {out} without a report" in r.stderr


@pytest.mark.parametrize(("returned", "words"), [
    ("table", "a DataFrame"),
    ("untitled", "an item that is a DataFrame"),
    ("numbered", "a pair whose title, 1, is no text"),
], ids=["a-lone-table", "tables-without-titles", "a-title-that-is-no-text"])
def test_a_plugin_s_summary_that_is_not_a_list_of_titled_tables_is_named_as_its_bug(example_game, cli, tmp_path,
                                                                                    monkeypatch, returned, words):
    """A summary that returned its one metric table as it is (not `[(title, table)]`) was
    "internal error: ValueError: not enough values to unpack ... please report it"."""
    import dataclasses

    from playtest.analysis import metrics

    table = C.metric_frame([{C.METRIC: "m", C.GROUP: "all", C.ESTIMATE: 1.0, C.N: 2}])

    def summary(games, events):
        return table if returned == "table" else [table] if returned == "untitled" else [(1, table)]

    broken = dataclasses.replace(get_game("nim"), summary=summary)
    monkeypatch.setattr(metrics, "_game_spec", lambda info: broken)
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "2", "--workers", "1", "--out", str(out))
    assert (r.returncode, len(r.stderr.splitlines())) == (2, 1), r.stderr
    assert r.stderr.startswith(f"error: game 'nim': its summary returned {words}, not a list of (title, table) pairs "
                               "(GameSpec.summary: [(title, metric table)], docs/extending.md); the 2 games are saved "
                               f"in {out} without a report"), r.stderr


def _nim_summary_with(column: str, value: object, title: str | None = None):
    """Nim's summary with `column` of its first table's first row set to `value` (and that
    table's title to `title`, when given)."""
    from playtest_nim.game import summary as nim_summary

    def summary(games, events):
        (first, table), *rest = nim_summary(games, events)
        changed = pl.concat([table.head(1).with_columns(pl.lit(value, dtype=pl.String()).alias(column)), table[1:]])
        return [(first if title is None else title, changed), *rest]

    return summary


@pytest.mark.parametrize(("column", "value", "title", "words"), [
    (C.DEFINITION, None, None, "its summary table 'Counters taken per move' has a row of metric 'mean_taken' without a "
                               "definition"),
    (C.DEFINITION, " ", None, "its summary table 'Counters taken per move' has a row of metric 'mean_taken' without a "
                              "definition"),
    (C.METRIC, "", None, "its summary table 'Counters taken per move' has a row without a metric id"),
    (C.GROUP, "all", "", "its summary gave a table without a title (of metrics 'mean_taken', 'one_counter_moves')"),
], ids=["no-definition", "blank-definition", "no-metric-id", "no-title"])
def test_a_plugin_s_metric_that_does_not_say_what_it_is_is_named_as_its_bug(example_game, cli, tmp_path, monkeypatch,
                                                                            column, value, title, words):
    """A row without a definition (or without a metric id, or a table without a title) went
    into every report silently: a number that does not say what it is."""
    from playtest.analysis import metrics

    broken = dataclasses.replace(get_game("nim"), summary=_nim_summary_with(column, value, title))
    monkeypatch.setattr(metrics, "_game_spec", lambda info: broken)
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "2", "--workers", "1", "--out", str(out))
    assert (r.returncode, r.stderr) == (2, f"error: game 'nim': {words}: every number in a report says what it is "
                                           "(docs/extending.md, 'The folder': metrics.py); the 2 games are saved in "
                                           f"{out} without a report (`playtest report {out}` writes it once the cause "
                                           "is fixed)\n")


def test_a_plugin_s_goal_metric_without_a_definition_is_named_as_its_bug(example_game, cli, tmp_path, monkeypatch):
    """`tune`'s goal metrics are shown as the report's are: one without a definition is refused too."""
    from playtest_nim.game import goal_metrics

    from playtest.analysis.metrics import SummaryTableError
    from playtest.tune.metrics import tune_metrics

    r, out = simulate_nim(cli, tmp_path)
    assert r.returncode == 0, r.stderr
    info = json.loads((out / "run.json").read_text())
    games, events = pl.read_parquet(out / "games.parquet"), pl.read_parquet(out / "events.parquet")
    assert tune_metrics()(info, games, events).filter(pl.col(C.METRIC) == "first_player_wins").height == 1
    import playtest_nim

    monkeypatch.setattr(playtest_nim, "SPEC", dataclasses.replace(playtest_nim.SPEC, goal_metrics=lambda *args: (
        goal_metrics(*args).with_columns(pl.lit(None, dtype=pl.String()).alias(C.DEFINITION)))))
    refresh()
    with pytest.raises(SummaryTableError, match=r"^game 'nim': its goal_metrics has a row of metric 'first_player_wins' "
                                                r"without a definition: every number in a report says what it is "):
        tune_metrics()(info, games, events)


def test_a_plugin_s_by_round_and_goal_metrics_reach_the_ladder_the_reports_and_tune(example_game, cli, tmp_path):
    """What a game declares in GameSpec.by_round_metrics is left out of the ladder and the
    Markdown report (kept in the JSON), and GameSpec.goal_metrics are names a tune goal can use:
    the generic code knows no game's metric names."""
    from playtest.ladder.skill import ladder_metrics
    from playtest.tune.metrics import tune_metrics

    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "12", "--bots", "random,random", "--seed", "2", "--workers", "1",
            "--out", str(out))
    assert r.returncode == 0, r.stderr
    info = json.loads((out / "run.json").read_text())
    games, events = pl.read_parquet(out / "games.parquet"), pl.read_parquet(out / "events.parquet")

    metrics = set(ladder_metrics(info, games, events)[C.METRIC])
    assert "mean_taken" in metrics and "taken_by_move" not in metrics

    for fmt, shown in (("md", False), ("json", True)):
        r = cli("report", str(out), "--format", fmt, "--out", str(tmp_path / f"r.{fmt}"))
        assert r.returncode == 0, r.stderr
        text = (tmp_path / f"r.{fmt}").read_text().replace("\\_", "_")  # Markdown escapes the underscores
        assert "mean_taken" in text and ("taken_by_move" in text) is shown, fmt

    tuned = tune_metrics()(info, games, events)
    first = tuned.filter(pl.col(C.METRIC) == "first_player_wins")
    seat0 = games.filter(pl.col("seat") == 0)
    assert first[C.ESTIMATE].to_list() == [pytest.approx(seat0["win_share"].sum() / 12)]


def test_a_plugin_s_metric_info_titles_its_metrics_and_says_which_are_shares(example_game, cli, tmp_path):
    """What a game declares in GameSpec.metric_info reaches the generic outputs: Nim's
    `one_counter_moves`, a share whose name does not say so (`kind="rate"`), is written as a %
    in the Markdown report and in compare; compare titles it 'Moves that take one counter' and
    shows it in its terminal table though no difference is notable (`headline`); the ladder
    phrases it. Without the declaration they read 0.43, 'One counter moves' (the row left out of
    the terminal table) and 'one counter moves': the generic code knows no game's metrics."""
    out = tmp_path / "run"
    r = cli("simulate", NIM, "-n", "12", "--bots", "random,random", "--seed", "2", "--workers", "1",
            "--out", str(out))
    assert r.returncode == 0, r.stderr
    r = cli("report", str(out), "--format", "md", "--out", str(tmp_path / "r.md"))
    assert r.returncode == 0, r.stderr
    [row] = [line for line in (tmp_path / "r.md").read_text().splitlines()
             if line.startswith("| `one_counter_moves` | all |")]
    assert re.search(r"\| \d+\.\d% \| \d+\.\d% – \d+\.\d% \| 12 \|$", row), row

    other = tmp_path / "nim-346.yaml"
    other.write_text("game: nim\nrules_version: 1\nname: Nim 3-4-6\nheaps: [3, 4, 6]\n", encoding="utf-8")
    r = cli("compare", NIM, str(other), "-n", "12", "--bots", "random,random", "--seed", "2", "--workers", "1",
            "--out", str(tmp_path / "compare"))
    assert r.returncode == 0, r.stderr
    [shown] = [line for line in r.stdout.splitlines() if line.startswith("Moves that take one counter ")]
    assert re.search(r"│ all +│ +\d+\.\d% │ +\d+\.\d% │ +[+-]\d+\.\d pts │", shown) and "★" not in shown, shown
    md = (tmp_path / "compare" / "compare.md").read_text()
    assert re.search(r"^\| Moves that take one counter \| all \| \d+\.\d% \| \d+\.\d% \| [+-]\d+\.\d pts \|", md, re.M)
    assert "| Counters taken per move | all |" in md

    r = cli("ladder", NIM, "--rungs", "random,greedy", "-n", "8", "--pair-games", "4", "--workers", "1",
            "--seed", "2", "--out", str(tmp_path / "ladder"))
    assert r.returncode == 0, r.stderr
    ladder = (tmp_path / "ladder" / "ladder.md").read_text()
    assert re.search(r"^\| share of moves taking one counter \| \d+\.\d% \[", ladder, re.M)
    assert "| counters taken per move |" in ladder

def test_calibrate_a_plugin_game_from_its_notation_alone(example_game, cli, tmp_path):
    """`calibrate` replays table games through the game's notation, as `replay` does: a plugin
    needs no `PlaySupport.table_game` for it, nor any `play=` (Nim's PlaySupport has no
    table_game). (It said 'nim has no table-game support yet'.)"""
    r, run = simulate_nim(cli, tmp_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "cal.json"
    r = cli("calibrate", GAME, "--against", str(run), "-o", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["game"] == "nim" and data["table_games"] == 1


def test_calibrate_replays_chance_from_the_notation_as_replay_does(example_game, monkeypatch):
    """A dice game writes its rolls in the transcript and hands them back from
    `Notation.replay_rng` (docs/extending.md); calibrate's replay must draw from that too, not
    from a fixed Random(0), or its table games would be other games than the ones recorded."""
    from playtest_nim.game import NimNotation, NimRules

    from playtest.play.table import read_table_games

    recorded = object()
    seen: list[object] = []
    apply = NimRules.apply
    monkeypatch.setattr(NimNotation, "replay_rng", lambda self, setup: recorded)
    monkeypatch.setattr(NimRules, "apply", lambda self, state, action, *, rng, log=None:
                        seen.append(rng) or apply(self, state, action, rng=rng, log=log))
    spec, games = read_table_games([Path(GAME)])
    assert spec.name == "nim" and games[0].played.result.seats[0].win_share == 1.0
    assert seen and all(rng is recorded for rng in seen)


@pytest.mark.parametrize(("sampler", "problem"), [
    # a sample that changes what the seat can see (here: the heaps themselves)
    (lambda self, view, *, rng: type(view)(view.n, tuple(h + 1 for h in view.heaps), view.seat, view.turn),
     "2 players, decision 1, seat 1: the sample contradicts the view it was drawn from"),
    (lambda self, view, *, rng: view.heaps, "the sample's seat count `n` is None, not 2"),
], ids=["contradicts-the-view", "no-seat-count"])
def test_the_contract_catches_a_sample_state_that_disagrees_with_its_view(example_game, monkeypatch, sampler, problem):
    """tests/test_contract.py's sample_state check, on Nim with a broken sampler: a search bot
    would play another game than the table's with no error at all."""
    from playtest_nim.game import NimRules

    from playtest.variants import load_variant
    from tests.test_contract import sample_state_problem

    spec = get_game("nim")
    rules = spec.make_rules(load_variant(NIM).model)
    assert sample_state_problem(spec, rules, 2) is None  # Nim's own: the view is the state
    monkeypatch.setattr(NimRules, "sample_state", sampler)
    found = sample_state_problem(spec, rules, 2)
    assert found is not None and problem in found, found


def test_play_a_plugin_game_save_it_and_replay_it(example_game, cli, tmp_path):
    """Nim's PlaySupport (playtest_nim/play.py, docs/extending.md's worked example): `play` draws
    the heaps with its `render`, takes the person's moves (in the notation or by number) against
    the default bot, saves the game with its `transcript`, and `replay` scores the file as play did."""
    moves = tmp_path / "moves.txt"
    moves.write_text("take 1 from 1\n1\n1\n", encoding="utf-8")
    save = tmp_path / "game.yaml"
    r = cli("play", NIM, "--seed", "3", "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "heap 1: 3   heap 2: 4   heap 3: 5   (You to move)" in r.stdout.splitlines()
    assert "P2 (greedy): take 5 from 3" in r.stdout and "Game over. 1. You 1  2. P2 0" in r.stdout
    assert save.read_text(encoding="utf-8").endswith(
        "players: [You, P2]\nmoves: [take 1 from 1, take 5 from 3, take 1 from 1, take 4 from 2, take 1 from 1]\n")
    replayed = cli("replay", str(save), "--json")
    assert replayed.returncode == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["finished"] and data["winners"] == ["You"]
    assert [(s["player"], s["total"]) for s in data["scores"]] == [("You", 1.0), ("P2", 0.0)]


def test_a_plugin_game_left_half_way_is_saved_and_replays_to_where_it_stopped(example_game, cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("take 2 from 1\nquit\n", encoding="utf-8")
    save = tmp_path / "game.yaml"
    r = cli("play", NIM, "--seed", "3", "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "The abandoned game" in r.stdout
    replayed = cli("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    assert "2 players, 2 moves, UNFINISHED: next to play: You" in replayed.stdout
    # and goes on from there: a game in the common format needs nothing more for `play --resume`
    moves.write_text("1\n" * 50, encoding="utf-8")
    r = cli("play", "--resume", str(save), "--moves", str(moves), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "Resumed" in r.stdout and "The finished game" in r.stdout
    finished = cli("replay", str(tmp_path / "game-2.yaml"))
    assert finished.returncode == 0 and "UNFINISHED" not in finished.stdout


def test_play_of_a_game_whose_seat_to_move_is_off_the_table_names_the_game_s_bug(example_game, cli, tmp_path,
                                                                               monkeypatch):
    """`play` looked the bot up by current_seat's answer: a seat past the table was 'internal
    error: KeyError: 2 ... please report it', blaming playtest; it is named as simulate names it."""
    from playtest_nim.game import NimRules

    monkeypatch.setattr(NimRules, "current_seat", lambda self, state: state.n)
    moves = tmp_path / "moves.txt"
    moves.write_text("1\n", encoding="utf-8")
    r = cli("play", NIM, "--seed", "3", "--moves", str(moves), "--save", str(tmp_path / "game.yaml"), "--no-color")
    assert (r.returncode, r.stderr) == (2, "error: the rules of 'nim' gave seat 2 to move in a 2-player game "
                                           "(decision 1): current_seat must return a seat from 0 to 1, counted from 0\n")


def test_play_of_a_game_without_play_support_says_what_to_add(example_game, cli, tmp_path, monkeypatch):
    """A designer whose plugin has no `play=` is told what to give it, not only that play fails."""
    import dataclasses

    import playtest.cli.play as play_cli

    spec = dataclasses.replace(get_game("nim"), play=None)
    monkeypatch.setattr(play_cli, "get_game", lambda name: spec)
    r = cli("play", NIM, "--seed", "1", "--moves", str(tmp_path / "none.txt"))
    assert r.returncode == 2
    assert r.stderr == ("error: nim cannot be played in the terminal yet: its GameSpec has no play= (a function "
                        "returning a playtest.play.session.PlaySupport; docs/extending.md, 'Play in the terminal'); "
                        "replay, simulate and the other commands work without it\n")


def test_a_play_support_given_where_its_factory_belongs_is_a_plugin_error_in_one_line(example_game, cli, tmp_path,
                                                                                       monkeypatch):
    """docs/extending.md once said `GameSpec(play=...)` is 'a PlaySupport'; a plugin that passed one
    got 'internal error: TypeError: 'PlaySupport' object is not callable ... please report it'."""
    import dataclasses

    import playtest.cli.play as play_cli
    from playtest.play.session import PlaySupport

    support = PlaySupport(render=lambda *a: "", transcript=lambda *a: "", deal_rng=lambda seed: None)  # type: ignore[arg-type]
    for play, what in ((support, "GameSpec.play is a PlaySupport, not a function"),
                       (lambda: "nim board", "GameSpec.play() returned a str, not a playtest.play.session.PlaySupport")):
        spec = dataclasses.replace(get_game("nim"), play=play)
        monkeypatch.setattr(play_cli, "get_game", lambda name, spec=spec: spec)
        r = cli("play", NIM, "--seed", "1", "--moves", str(tmp_path / "none.txt"))
        assert r.returncode == 2
        assert r.stderr == (f"error: the game plugin 'nim': {what}: give GameSpec(play=...) a function returning "
                            "the PlaySupport, e.g. play=lambda: SUPPORT (docs/extending.md, 'Play in the terminal')\n")


def test_a_key_the_parent_leaves_out_is_shown_at_its_default_in_every_change_list(example_game, cli, tmp_path):
    """`misere: (absent) → true` read as if Nim 3-4-5 had no misère rule; it plays `false`, the
    schema's default: validate --changes, compare's rule changes and the run's report say so."""
    draft = tmp_path / "misere.yaml"
    draft.write_text(f"extends: {NIM}\nname: Nim misere\nmisere: true\n", encoding="utf-8")
    r = cli("validate", str(draft), "--changes")
    assert r.returncode == 0, r.stderr
    assert "    misere: false (default) → true" in r.stdout.splitlines()

    out = tmp_path / "cmp"
    r = cli("compare", NIM, str(draft), "-n", "4", "--seed", "1", "--workers", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "  misere: false (default) → true" in r.stdout.splitlines()
    doc = json.loads((out / "compare.json").read_text())
    assert {"path": "misere", "old": False, "new": True, "added": True, "removed": False,
            "old_default": True} in doc["changes"][0]["changes"]

    run = tmp_path / "run"
    r = cli("simulate", str(draft), "-n", "2", "--seed", "1", "--workers", "1", "--out", str(run))
    assert r.returncode == 0, r.stderr
    r = cli("report", str(run), "--format", "md", "--out", str(tmp_path / "r.md"))
    assert r.returncode == 0, r.stderr
    assert "- misere: false (default) → true" in (tmp_path / "r.md").read_text().splitlines()
    html = (run / "report.html").read_text()
    assert "<code>misere</code>: false (default) → true" in html


def test_a_game_whose_transcript_takes_no_deal_cannot_replay_a_run_s_game_and_says_so(example_game, cli, tmp_path):
    """`replay RUN --game N` writes the run's game with the game's own transcript function, given
    the run's deal stream and a title: Nim's takes neither, and says so in one line."""
    r, out = simulate_nim(cli, tmp_path)
    assert r.returncode == 0, r.stderr
    r = cli("replay", str(out), "--game", "1")
    assert (r.returncode, r.stderr) == (2, "error: --game: nim cannot write a game of a run as a transcript (its "
                                           "PlaySupport.transcript takes no deal= and title=, docs/extending.md)\n")



def test_games_lists_the_search_bots_only_where_it_can_know_the_rules_sample_a_state(example_game, monkeypatch, cli):
    """A rules class without sample_state lists no search bot; a make_rules function without a
    return annotation names no rules class, so whether its rules can sample a state is known only
    once a variant is loaded, and `games` says so rather than listing or hiding them."""
    import playtest_nim
    from playtest_nim.game import NimRules

    def nim_line() -> str:
        return next(x for x in cli("games").stdout.splitlines() if x.startswith("nim:"))

    with monkeypatch.context() as m:  # (the fixture's own patches stay)
        m.delattr(NimRules, "sample_state")
        assert nim_line() == "nim: Nim; bots random, greedy, perfect (playtest-nim 0.1: playtest_nim:SPEC)"
    object.__setattr__(playtest_nim.SPEC, "make_rules", lambda model: NimRules(model))  # (a frozen dataclass)
    try:
        assert nim_line() == ("nim: Nim; bots random, greedy, perfect; the search bots if its rules have sample_state "
                              "(playtest-nim 0.1: playtest_nim:SPEC)")
    finally:
        object.__setattr__(playtest_nim.SPEC, "make_rules", NimRules)


class _NotationWithoutDefaults:
    """A notation that does not subclass Notation: what a reader needs, and no `replay_rng`."""

    game, example, setup_keys, required_setup, names_the_player = "nim", "take 2 from 1", (), (), True

    def __getattr__(self, name):  # (every other hook: Nim's own)
        from playtest_nim.game import NimNotation

        if name == "replay_rng":
            raise AttributeError(name)
        return getattr(NimNotation(), name)


def _notation_without_setup(self):  # (replay_rng's `setup` left out)
    import random

    return random.Random(0)


@pytest.mark.parametrize(("notation", "problem"), [
    (lambda: _NotationWithoutDefaults(),
     "its notation _NotationWithoutDefaults lacks replay_rng, a hook of playtest.core.transcript.Notation: subclass "
     "Notation, which has every hook's default"),
    (lambda: _nim_notation(replay_rng=None), "its notation Broken's replay_rng is None, not a method"),
    (lambda: _nim_notation(replay_rng=_notation_without_setup),
     "its notation Broken's replay_rng cannot be called as replay_rng(setup): too many positional arguments"),
], ids=["not-a-notation", "none", "without-setup"])
def test_a_notation_without_a_sound_replay_rng_is_one_line_naming_the_game(example_game, monkeypatch, cli, tmp_path,
                                                                           notation, problem):
    """replay, calibrate and `play --resume` said 'internal error: TypeError ... please report it'
    (AttributeError for the notation without Notation's defaults), playtest's bug by their words,
    and `playtest games` listed the game as sound. The notation is checked when the game loads,
    as its rules class is: one line naming the game and the hook."""
    import playtest_nim

    monkeypatch.setattr(playtest_nim, "SPEC", dataclasses.replace(playtest_nim.SPEC, notation=notation()))
    refresh()
    said = (f"the game plugin 'nim' (playtest_nim:SPEC): {problem} (docs/extending.md, 'Transcripts: a notation and "
            "a setup block')")
    (tmp_path / "run").mkdir()
    for args in (["replay", GAME], ["calibrate", GAME, "--against", str(tmp_path / "run")]):
        r = cli(*args)
        assert (r.returncode, r.stderr) == (2, f"{GAME}:1:7: game: {said}\n"), args
    r = cli("games")
    assert (r.returncode, r.stderr) == (2, f"error: {said}\n")


def _nim_notation(**hooks):
    from playtest_nim.game import NimNotation

    return type("Broken", (NimNotation,), hooks)()


def test_a_replay_rng_that_returns_nothing_is_the_game_s_bug_not_a_replay_by_accident(example_game, monkeypatch,
                                                                                      cli, tmp_path):
    """A `replay_rng` without its `return` gave `apply` None to draw from: Nim, which draws
    nothing, replayed by accident; a game with chance failed inside its own `apply`."""
    import playtest_nim

    monkeypatch.setattr(playtest_nim, "SPEC", dataclasses.replace(
        playtest_nim.SPEC, notation=_nim_notation(replay_rng=lambda self, setup: None)))
    refresh()
    said = ("error: game 'nim': its notation's replay_rng returned None, not what apply draws from (a random.Random, "
            "or an object that replays the outcomes the transcript records; docs/extending.md, 'Transcripts: a "
            "notation and a setup block')\n")
    (tmp_path / "run").mkdir()
    for args in (["replay", GAME], ["calibrate", GAME, "--against", str(tmp_path / "run")]):
        r = cli(*args)
        assert (r.returncode, r.stderr) == (2, said), args


def _make_bot_refusing(name, rules, seat):
    from playtest_nim.game import make_bot

    if name == "perfect":
        from playtest.errors import UsageError

        raise UsageError("bot 'perfect' plays only heaps of at most 7 counters")
    return make_bot(name, rules, seat)


def _make_bot_returning_nothing(name, rules, seat):
    from playtest_nim.game import make_bot

    return None if name == "perfect" else make_bot(name, rules, seat)


def _make_bot_crashing(name, rules, seat):
    raise ValueError("my make_bot is broken")


@pytest.mark.parametrize(("make_bot", "said"), [
    (_make_bot_refusing, "error: --rungs: "),
    (_make_bot_returning_nothing, "error: game 'nim': "),
    (_make_bot_crashing, "error in code outside playtest, "),
], ids=["refuses-the-name", "returns-no-bot", "crashes"])
def test_ladder_says_a_plugin_s_make_bot_failure_as_simulate_does(example_game, monkeypatch, cli, tmp_path, make_bot,
                                                                  said):
    """A name the game refuses is the option's fault, `--rungs:` as `--bots:`; a make_bot that
    breaks the protocol is the game's bug, one line naming the game (ladder put `--rungs:` before
    it, as if the user had misspelt the rung), and one that crashes names the plugin's code."""
    import playtest_nim

    monkeypatch.setattr(playtest_nim, "SPEC", dataclasses.replace(playtest_nim.SPEC, make_bot=make_bot))
    refresh()
    simulated = cli("simulate", NIM, "-n", "2", "--bots", "random,perfect", "--workers", "1",
                    "--out", str(tmp_path / "run"))
    laddered = cli("ladder", NIM, "--rungs", "random,perfect", "-n", "2", "--workers", "1",
                   "--out", str(tmp_path / "ladder"))
    assert simulated.returncode == laddered.returncode != 0 and len(laddered.stderr.splitlines()) == 1
    assert laddered.stderr == simulated.stderr.replace("error: --bots: ", "error: --rungs: ")
    assert laddered.stderr.startswith(said)
    assert not (tmp_path / "ladder").exists()
