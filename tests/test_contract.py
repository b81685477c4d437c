"""One contract for every registered game (and the example plugin, tests/plugins): playouts with
each bot the game offers end, same seed → same events, apply never mutates its input, bots only
ever choose legal actions (the runner checks), results are consistent and never below a score
floor the game declares, event data are the declared columns, a game `play` saves replays to its
result, the game's own metrics summarise a small run. docs/extending.md ("Adding a game") lists these checks.

A game from another package is put under the same contract by naming its variant files:
`PLAYTEST_CONTRACT_VARIANTS=path/to/mygame.yaml pytest tests/test_contract.py` (several
separated by the path separator, `:`)."""

from __future__ import annotations

import copy
import functools
import os
import random
from pathlib import Path

import pytest

from playtest import rng
from playtest.core.events import event_data_problem
from playtest.core.results import floor_problem, result_problem
from playtest.errors import PlaytestError
from playtest.games import game_names, get_game
from playtest.sim.runner import play_game
from playtest.variants import load_variant
from tests.conftest import BUILTIN_GAMES, PLUGINS

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"newfrontiers": "new-frontiers"}
"""Games whose variants folder is not named after the game."""
EXAMPLE = "nim"
"""The example game plugin: registered only inside a test (the example_game fixture)."""
VARIANTS = {name: sorted((ROOT / "variants" / FOLDERS.get(name, name)).glob("*.yaml")) for name in BUILTIN_GAMES}
VARIANTS[EXAMPLE] = [PLUGINS / "nim.yaml"]
OUTSIDE = [Path(p) for p in os.environ.get("PLAYTEST_CONTRACT_VARIANTS", "").split(os.pathsep) if p]
"""Variant files of games from other packages, put under the contract on request."""

def _outside_game(path: Path) -> str:
    """The game of a variant file named in PLAYTEST_CONTRACT_VARIANTS; a file that does not load
    stops the collection with its one located line, not a traceback."""
    try:
        return load_variant(path).game
    except PlaytestError as err:
        problem = str(err)
    pytest.fail(f"PLAYTEST_CONTRACT_VARIANTS: {problem} (is the game's package installed in the environment "
                "that runs pytest?)", pytrace=False)


for _path in OUTSIDE:
    VARIANTS.setdefault(_outside_game(_path), []).append(_path)
CASES = [(game, path) for game, paths in VARIANTS.items() for path in paths]
IDS = [f"{g}:{p.stem}" for g, p in CASES]
BASE = [(game, paths[0]) for game, paths in VARIANTS.items()]
"""One variant per game (the first by name: draft5, base, nim) for the every-bot checks."""


@pytest.fixture(autouse=True)
def _register_example(request: pytest.FixtureRequest) -> None:
    if f"[{EXAMPLE}:" in request.node.name:
        request.getfixturevalue("example_game")


@functools.cache
def _variant(path: Path):
    """A variant file read once: the checks play many games of each (a fresh rules object for
    every game all the same), and reading and validating the file cost more than a game."""
    return load_variant(path)


def _play(game: str, path: Path, seed: int, players: int, bots: list[str] | None = None):
    variant = _variant(path)
    spec = get_game(game)
    rules = spec.make_rules(variant.model)
    seat_bots = [spec.make_bot(b, rules, s) for s, b in enumerate(bots or ["random"] * players)]
    return play_game(rules, seat_bots, n_players=players, deal_rng=rng.stream(seed, 0, rng.DEAL),
                     bot_rngs=[rng.stream(seed, 0, rng.bot_stream(s)) for s in range(players)])


def _check_result(game: str, path: Path, played, players: int) -> None:
    spec = get_game(game)
    assert result_problem(played.result, spec.score_parts, spec.stat_columns) is None  # declared names only
    floors = spec.floors(_variant(path).model)
    assert set(floors) <= {*spec.score_parts, "total"}, f"GameSpec.score_floors names a part not in score_parts: {floors}"
    assert floor_problem(played.result, floors) is None  # a declared floor holds in every game
    seats = played.result.seats
    assert len(seats) == players
    assert sum(s.win_share for s in seats) == pytest.approx(1.0)
    best = max(s.total for s in seats)
    for s in seats:
        assert s.total == pytest.approx(sum(s.components.values()))
        if s.win_share > 0:  # winners have the best total (tie-breaks only split equals)
            assert s.total == best and s.rank == 1
        else:
            assert s.rank > 1


@pytest.mark.parametrize(("game", "path"), CASES, ids=IDS)
def test_random_playouts_end_and_repeat(game, path):
    variant = load_variant(path)
    for players in variant.model.player_counts():
        for seed in range(3):
            a = _play(game, path, seed, players)
            b = _play(game, path, seed, players)
            assert a.events == b.events
            assert [s.total for s in a.result.seats] == [s.total for s in b.result.seats]
            _check_result(game, path, a, players)


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_every_bot_the_game_offers_plays_legal_games_that_repeat(game, path):
    """Each bot kind in every seat (the runner refuses any action not in the legal list), then
    all of them at one table; the same seed gives the same events."""
    spec = get_game(game)
    players = min(load_variant(path).model.player_counts())
    names = list(spec.bot_names)
    assert "random" in names and len(names) >= 2, "offer random and at least one other bot"
    lineups = [[name] * players for name in names]
    lineups += [[names[(start + i) % len(names)] for i in range(players)] for start in range(0, len(names), players)]
    for lineup in lineups:
        a = _play(game, path, 11, players, lineup)
        b = _play(game, path, 11, players, lineup)
        assert a.events == b.events, f"{lineup}: the same seed gave different games"
        _check_result(game, path, a, players)


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_an_unknown_bot_is_refused_by_every_game(game, path):
    from playtest.errors import UsageError

    spec = get_game(game)
    rules = spec.make_rules(load_variant(path).model)
    with pytest.raises(UsageError, match="nope"):
        spec.make_bot("nope", rules, 0)


@pytest.mark.parametrize(("game", "path"), CASES, ids=IDS)
def test_apply_does_not_mutate_its_input(game, path):
    variant = load_variant(path)
    spec = get_game(game)
    rules = spec.make_rules(variant.model)
    players = variant.model.player_counts()[0]
    r = random.Random(5)
    state = rules.initial_state(players, rng=random.Random(1))
    steps = 0
    while not rules.is_terminal(state) and steps < 300:
        legal = list(rules.legal_actions(state))
        assert legal, "a non-terminal state must offer an action"
        action = legal[r.randrange(len(legal))]
        before = copy.deepcopy(state)
        nxt = rules.apply(state, action, rng=random.Random(steps))
        assert state == before
        state = nxt
        steps += 1


def test_every_game_has_variants():
    assert all(VARIANTS[g] for g in BUILTIN_GAMES)
    assert EXAMPLE not in game_names(), "the example game is registered only inside its tests"


UNCHECKED = [g for g in game_names() if g not in VARIANTS]
"""Games other packages register in this environment whose variants were not named."""


@pytest.mark.parametrize("game", UNCHECKED or [None], ids=[f"{g}:unnamed" for g in UNCHECKED] or ["none"])
def test_games_installed_from_other_packages_are_named(game):
    """A game another package registers in this environment is checked only when its variants
    are named (PLAYTEST_CONTRACT_VARIANTS): say so rather than pass in silence. One case per
    game, so that docs/extending.md's `-k mygame` run without the variable shows this skip
    instead of "no tests ran"."""
    if game is not None:
        pytest.skip(f"not under the contract: {game} (installed from another package); "
                    "run with PLAYTEST_CONTRACT_VARIANTS=path/to/variant.yaml to check it")


def test_every_check_is_selected_by_its_games_name():
    """docs/extending.md runs a plugin's checks as `pytest tests/test_contract.py -k mygame`: a
    check that is not parametrized by game has no game in its id, so `-k` left it out in silence
    (the unknown-bot check did, for every plugin)."""
    import inspect
    import sys

    whole = {"test_every_game_has_variants", "test_every_check_is_selected_by_its_games_name"}
    by_game = [name for name, fn in inspect.getmembers(sys.modules[__name__], inspect.isfunction)
               if name.startswith("test_") and name not in whole
               and not any(m.name == "parametrize" and "game" in m.args[0] for m in getattr(fn, "pytestmark", []))]
    assert not by_game, f"parametrize these by game (ids naming it), so that -k <game> selects them: {by_game}"


@pytest.mark.parametrize(("game", "path"), CASES, ids=IDS)
def test_event_data_are_the_declared_columns_with_their_types(game, path):
    """`simulate` reads event data into the declared columns with polars, which would drop an
    undeclared key and could coerce a value of the wrong type: every key is declared, every
    value has its column's type."""
    columns = dict(get_game(game).event_columns)
    variant = load_variant(path)
    seen: set[str] = set()
    for players in variant.model.player_counts():
        events = _play(game, path, 1, players).events
        assert event_data_problem(events, columns, strict=True) is None
        seen.update(key for ev in events for key in ev.data)
    assert seen


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_sample_state_agrees_with_the_view_it_is_given(game, path):
    """The search bots (`mcts`, `ismcts`, `ladder`) see only `sample_state(view)`: a sample that
    contradicts the view (a card the seat holds dealt to another, a revealed number changed), that
    gives another player to move, other legal actions or another seat count, or that draws from
    anything but the rng it is given, makes a search bot play a game other than the one at the
    table, with no error (sample_state_problem)."""
    spec = get_game(game)
    variant = _variant(path)
    rules = spec.make_rules(variant.model)
    from playtest.search.model import Model

    if Model(spec, rules).sample_state is None:
        pytest.skip(f"{game} has no sample_state: the search bots refuse it (docs/extending.md)")
    for players in variant.model.player_counts():
        assert sample_state_problem(spec, rules, players) is None


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_the_search_bots_play_a_game(game, path):
    """`mcts` and `ismcts` are every game's bots once it has sample_state: one small game of
    `ismcts` (which samples every iteration; `mcts` runs the same search on one sample), whose
    every action the runner checks, meets what only a search meets (actions that do not hash, a
    sample without `n`, a live state with no action ahead of the table) here rather than in the
    designer's first `simulate`."""
    from playtest.core.bots import make_bot
    from playtest.search.model import Model

    spec = get_game(game)
    variant = _variant(path)
    rules = spec.make_rules(variant.model)
    if Model(spec, rules).sample_state is None:
        pytest.skip(f"{game} has no sample_state: the search bots refuse it (docs/extending.md)")
    players = min(variant.model.player_counts())
    bots = [make_bot(spec, "ismcts:4" if s == 0 else "random", rules, s) for s in range(players)]
    played = play_game(rules, bots, n_players=players, deal_rng=rng.stream(5, 0, rng.DEAL),
                       bot_rngs=[rng.stream(5, 0, rng.bot_stream(s)) for s in range(players)])
    _check_result(game, path, played, players)


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_a_game_played_in_the_terminal_is_saved_as_a_transcript_that_replays_to_its_result(game, path, tmp_path):
    """`playtest play` saves the game with the game's `PlaySupport.transcript`, from the seed and
    the moves alone: a game whose transcript writes another deal than `deal_rng(seed)` dealt (its
    own shuffle, a setup block its notation reads otherwise) saves games that `replay` refuses as
    illegal, or scores as another game. One whole game of random bots, saved and replayed."""
    from playtest.core.transcript import read_transcript, replay
    from playtest.play.session import bot_game_actions, play_support

    spec = get_game(game)
    support = play_support(spec)
    if support is None:
        pytest.skip(f"{game} has no GameSpec.play: `playtest play` refuses it")
    variant = _variant(path)
    rules = spec.make_rules(variant.model)
    players = min(variant.model.player_counts())
    bots = [spec.make_bot("random", rules, s) for s in range(players)]
    actions = bot_game_actions(rules, bots, support, 7)
    deal = support.deal_rng(7)
    state = rules.initial_state(players, rng=deal)
    for action in actions:
        state = rules.apply(state, action, rng=deal)
    names = [f"P{s + 1}" for s in range(players)]
    saved = tmp_path / "game.yaml"
    saved.write_text(support.transcript(rules, str(path.resolve()), names, 7, actions, []), encoding="utf-8")
    if spec.replay is not None:
        outcome = spec.replay(saved).to_json()
    else:
        outcome = replay(read_transcript(saved, spec.notation, game=spec.name), spec.notation, spec.make_rules).to_json()
    scores = outcome.get("scores") or outcome["final"]
    assert {s["player"]: float(s["total"]) for s in scores} == {
        names[r.seat]: float(r.total) for r in rules.result(state).seats}


@pytest.mark.parametrize(("game", "path"), BASE, ids=[f"{g}:{p.stem}" for g, p in BASE])
def test_the_game_s_own_metrics_summarise_a_small_run(game, path, tmp_path):
    """The game's `summary` over a run of a few random games: a list of titled metric tables whose
    every row names its metric and says what it is. Checked only by `simulate` until now: a
    plugin's metric without a definition passed this contract and stopped the author's first run
    (extension exercise of 2026-12-07)."""
    from playtest.analysis.metrics import game_sections
    from playtest.sim.batch import RunConfig, read_run, run_batch

    spec = get_game(game)
    if spec.summary is None:
        pytest.skip(f"{game} has no GameSpec.summary: its reports show the common metrics only")
    players = min(_variant(path).model.player_counts())
    run_batch(_variant(path), RunConfig(n_games=2 * players, players=players, lineup=("random",) * players, seed=3,
                                        workers=1), tmp_path / "run")
    found = game_sections(*read_run(tmp_path / "run"))  # (raises, naming the table and the row, when one is not)
    assert found, f"{game}'s summary gave no table from {2 * players} games"


def sample_state_problem(spec, rules, players: int, decisions: int = 120) -> str | None:
    """The first way the game's sample_state (rules method or GameSpec hook) disagrees with the
    views it is given, over one random playout, for the seat to move at each decision: the
    sample has another `n`, seat to move or legal actions (by the search tree's keys); or, where
    the view compares by value (a dataclass's does; Oh-Seven's slotted View does not), the
    sample's view for that seat differs from the view, or the same rng gives another sample.
    None when it agrees throughout."""
    from playtest.search.model import Model
    from playtest.search.tree import action_keys

    sample = Model(spec, rules).sample_state
    assert sample is not None
    r = random.Random(players)
    state = rules.initial_state(players, rng=rng.stream(3, 0, rng.DEAL))
    for decision in range(decisions):
        if rules.is_terminal(state):
            return None
        seat = rules.current_seat(state)
        view = rules.view(state, seat)
        got = sample(view, rng=random.Random(decision))
        where = f"{players} players, decision {decision + 1}, seat {seat + 1}"
        if not isinstance(getattr(got, "n", None), int) or got.n != players:
            return f"{where}: the sample's seat count `n` is {getattr(got, 'n', None)!r}, not {players}"
        by_value = type(view).__eq__ is not object.__eq__
        if by_value and rules.view(got, seat) != view:
            return f"{where}: the sample contradicts the view it was drawn from"
        if rules.is_terminal(got) or rules.current_seat(got) != seat:
            return f"{where}: in the sample the game is over or another seat is to move"
        legal = rules.legal_actions(state)
        if list(action_keys(rules.legal_actions(got))) != list(action_keys(legal)):
            return f"{where}: the sample offers other legal actions than the game does"
        if by_value:
            again = sample(view, rng=random.Random(decision))
            if [rules.view(got, s) for s in range(players)] != [rules.view(again, s) for s in range(players)]:
                return f"{where}: the same rng gave another sample (draw only from the rng given)"
        state = rules.apply(state, legal[r.randrange(len(legal))], rng=r)
    return None
