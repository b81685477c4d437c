"""Search-bot names: options parsed; bad names are one-line usage errors listing the valid bots."""

from __future__ import annotations

from math import sqrt

import pytest

from playtest.core.bots import bot_names, make_bot
from playtest.errors import UsageError
from playtest.games import get_game
from playtest.search.mcts import SearchBot
from playtest.search.names import SearchSpec, parse
from playtest.variants import load_variant
from tests.search.helpers import ohseven_rules, stargate_rules
from tests.stargate.helpers import ROOT


def test_parse_reads_every_option() -> None:
    assert parse("mcts:1000") == SearchSpec("mcts", 1000, "random", None, sqrt(2), "win", "mcts:1000")
    s = parse(" mcts:400:rollout=greedy:c=0.7:depth=12:reward=margin ")
    assert (s.kind, s.iterations, s.rollout, s.depth, s.c, s.reward) == ("mcts", 400, "greedy", 12, 0.7, "margin")
    assert s.name == "mcts:400:rollout=greedy:c=0.7:depth=12:reward=margin"
    assert parse("ismcts:50:c=0").c == 0.0


def test_leading_zeros_are_read_as_int_reads_them() -> None:
    """A number of more than 18 digits reads as beyond every limit (int() refuses 4,300), but
    leading zeros are no size: 'mcts:<20 zeros>100' was refused as over 1,000,000 iterations, and
    depth=<20 zeros>3 became a depth of 10**18 in silence (int() read both as before)."""
    zeros = "0" * 20
    s = parse(f"mcts:{zeros}100:depth={zeros}3")
    assert (s.iterations, s.depth) == (100, 3)
    with pytest.raises(UsageError, match="the budget is at least 1"):
        parse(f"mcts:{zeros}0")


def test_a_rollout_bot_whose_name_holds_colons() -> None:
    """The rollout list of an error names scripted:bays-first; its colon used to split it into
    an option 'bays-first' ("is not option=value")."""
    s = parse("mcts:10:rollout=scripted:bays-first:c=0.7")
    assert (s.rollout, s.c) == ("scripted:bays-first", 0.7)
    assert parse("mcts:10:depth=3:rollout=scripted:bays-first").rollout == "scripted:bays-first"
    bot = make_bot(get_game("stargate"), "mcts:10:rollout=scripted:bays-first", stargate_rules(), 0)
    assert isinstance(bot, SearchBot)


def test_the_budget_has_a_documented_upper_limit() -> None:
    assert parse("mcts:1000000").iterations == 1_000_000
    with pytest.raises(UsageError, match=r"^bot 'mcts:99999999999': the budget is at most 1,000,000 iterations "
                                         r"per decision$"):
        parse("mcts:99999999999")


@pytest.mark.parametrize(("name", "message"), [
    ("mcts", "bot 'mcts': give the budget in iterations, e.g. mcts:1000 or mcts:1000:depth=20 (the options: "
             "README, 'Search bots')"),
    ("mcts:0", "bot 'mcts:0': the budget is at least 1 iteration per decision, e.g. mcts:1000"),
    ("mcts:-5", "bot 'mcts:-5': the budget is at least 1 iteration per decision, e.g. mcts:1000"),
    ("mcts:ten", "bot 'mcts:ten': give the budget in iterations"),
    ("mcts:10:speed=2", "bot 'mcts:10:speed=2': unknown option 'speed' (options: rollout="),
    ("mcts:10:depth=0", "bot 'mcts:10:depth=0': depth=0 must be a whole number ≥ 1, or end"),
    ("mcts:10:c=-1", "bot 'mcts:10:c=-1': c=-1 must be a finite number ≥ 0"),
    ("mcts:10:c=nan", "bot 'mcts:10:c=nan': c=nan must be a finite number ≥ 0"),
    # inf is a number ≥ 0: "c=inf must be a number ≥ 0" contradicted itself
    ("mcts:10:c=inf", "bot 'mcts:10:c=inf': c=inf must be a finite number ≥ 0"),
    # an option with no value: "'depth=' is not option=value (options: ...)" and every option's help
    ("ismcts:50:depth=", "bot 'ismcts:50:depth=': depth= has no value (depth=K moves, e.g. depth=20, or depth=end)"),
    ("ismcts:50:rollout=", "bot 'ismcts:50:rollout=': rollout= has no value (rollout=random or a bot of the game"),
    ("mcts:10:reward=score", "bot 'mcts:10:reward=score': reward=score (valid: win, margin)"),
    ("mcts:10:c", "bot 'mcts:10:c': 'c' is not option=value"),
    ("mcts:10:c=1:c=2", "bot 'mcts:10:c=1:c=2': option 'c' given twice"),
    # digits int() cannot read were internal errors (ValueError): '²' (a digit to str.isdigit), 5,000 digits
    ("mcts:²", "bot 'mcts:²': give the budget in iterations"),
    ("mcts:10:depth=²", "bot 'mcts:10:depth=²': depth=² must be a whole number ≥ 1, or end"),
    ("mcts:" + "9" * 5000, "bot 'mcts:999"),
    ("mcts:-" + "9" * 5000, "bot 'mcts:-999"),
])
def test_bad_search_names(name: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse(name)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_unknown_bot_lists_the_game_bots_and_the_search_forms() -> None:
    spec = get_game("stargate")
    with pytest.raises(UsageError) as err:
        make_bot(spec, "mtcs:100", stargate_rules(), 0)
    message = str(err.value)
    assert message.startswith("unknown bot 'mtcs:100' for stargate (valid: random, greedy, greedy-myopic, lookahead, scripted:armstrong-first, ")
    assert message.endswith(", mcts:N[:option=value...], ismcts:N[:option=value...])")
    assert bot_names(get_game("ohseven"))[-2:] == ["mcts:N[:option=value...]", "ismcts:N[:option=value...]"]


VARIANTS = {"ohseven": "ohseven/base.yaml", "newfrontiers": "new-frontiers/base.yaml", "stargate": "stargate/draft5.yaml"}


@pytest.mark.parametrize(("game", "name", "likely"), [
    ("ohseven", "heuristik", "heuristic"), ("newfrontiers", "scripted:militray", "scripted:military"),
    ("stargate", "scripted:bays-frist", "scripted:bays-first"), ("stargate", "greedyy", "greedy")])
def test_a_misspelt_bot_is_answered_with_the_likely_one(game, name, likely) -> None:
    """As a misspelt key or choice is: 'heuristik' listed every bot and guessed none."""
    spec = get_game(game)
    with pytest.raises(UsageError) as err:
        make_bot(spec, name, spec.make_rules(load_variant(ROOT / "variants" / VARIANTS[game]).model), 0)
    assert f"(did you mean {likely!r}?; valid: " in str(err.value)


def test_options_the_game_cannot_serve_are_refused() -> None:
    spec = get_game("ohseven")
    with pytest.raises(UsageError, match=r"^bot 'ismcts:10:rollout=greedy': rollout=greedy: unknown bot 'greedy' "
                                         r"for ohseven \(valid: random, heuristic, "):
        make_bot(spec, "ismcts:10:rollout=greedy", ohseven_rules(), 0)
    with pytest.raises(UsageError, match="must be a cheap bot of the game, not a search bot"):
        make_bot(spec, "ismcts:10:rollout=mcts", ohseven_rules(), 0)


def test_every_game_gets_both_search_bots() -> None:
    for game, rules in (("stargate", stargate_rules()), ("ohseven", ohseven_rules())):
        for name in ("mcts:10", "ismcts:10:depth=3:rollout=random"):
            bot = make_bot(get_game(game), name, rules, 1)
            assert isinstance(bot, SearchBot) and bot.name == name and bot.stochastic


def test_simulate_refuses_a_bad_search_bot_in_one_line(cli, tmp_path) -> None:
    r = cli("simulate", "variants/stargate/draft5.yaml", "-n", "2", "--bots", "mcts:10:c=x", "--out", str(tmp_path / "x"))
    assert r.returncode == 2
    assert r.stderr == "error: --bots: bot 'mcts:10:c=x': c=x must be a finite number ≥ 0\n"
    assert r.stderr.count("\n") == 1
    assert not (tmp_path / "x").exists()


def test_simulate_help_names_the_search_bots_and_their_options(cli) -> None:
    r = cli("simulate", "--help")
    text = " ".join(r.stdout.split())
    assert r.returncode == 0
    for part in ("mcts:N", "ismcts:N", ":rollout=random|<a bot of the game>", ":depth=K", ":c=", ":reward=win|margin"):
        assert part in text.replace("│", "").replace("  ", " ")


def test_oh_seven_search_cuts_rollouts_at_a_round_unless_told_to_play_to_the_end() -> None:
    """ismcts:200 playing Oh-Seven rollouts to the end of the match was weaker than heuristic
    (23% of 40 games, lead -5.7) and a third as fast as with depth=30 (55%, +5.0): the game's
    own cut-off is the default. Stargate keeps full rollouts (mcts:1000's measured strength)."""
    ohseven, stargate = get_game("ohseven"), get_game("stargate")
    assert ohseven.search_depth == 30 and stargate.search_depth is None
    for name, depth in (("ismcts:10", 30), ("mcts:10", 30), ("ismcts:10:depth=5", 5), ("ismcts:10:depth=end", None)):
        bot = make_bot(ohseven, name, ohseven_rules(), 0)
        assert bot.rollout.depth == depth, name
        assert bot.name == name
    assert parse("mcts:10:depth=end").depth == 0 and parse("mcts:10").depth is None
    assert make_bot(stargate, "mcts:10", stargate_rules(), 0).rollout.depth is None


def test_reuse_option_is_parsed_and_checked() -> None:
    assert parse("mcts:10").reuse is False
    assert parse("mcts:10:reuse=yes").reuse is True
    assert parse("mcts:10:reuse=no").reuse is False
    with pytest.raises(UsageError, match=r"^bot 'mcts:10:reuse=maybe': reuse=maybe \(valid: yes, no\)$"):
        parse("mcts:10:reuse=maybe")
