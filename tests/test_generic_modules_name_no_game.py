"""The generic modules name no built-in game's metric: what they must know of one (its title in
`compare`, its phrase in the ladder, the kind of a share whose name does not say so, ...) the
game declares in GameSpec.metric_info. The names checked are taken from each game's own metric
functions (GameSpec.summary and goal_metrics, on a few games) and its declarations, not from a
list kept here: a metric a game adds is checked as soon as it exists."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from playtest.analysis import columns as C
from playtest.analysis.metrics import COMMON_SECTIONS, all_metrics
from playtest.games import get_game
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.conftest import BUILTIN_GAMES, ROOT

GENERIC = ("analysis", "cli", "compare", "ladder", "report", "tune")
"""The packages of playtest that compute, compare and present every game's metrics. (playtest/core
holds what the games share, such as Off.score_part's `vp_share_by_source` rows; playtest/games
the games themselves.)"""

VARIANTS = {"stargate": "stargate/draft5.yaml", "ohseven": "ohseven/base.yaml", "newfrontiers": "new-frontiers/base.yaml"}


def documentation(tree: ast.AST) -> set[int]:
    """The string constants that are documentation (a docstring, or the bare string under an
    assignment that documents it), not entries: their ids."""
    out = set()
    for node in ast.walk(tree):
        block = getattr(node, "body", None)  # a lambda's or a conditional expression's is no block
        for statement in block if isinstance(block, list) else []:
            if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)):
                out.add(id(statement.value))
    return out


@functools.cache
def code_strings(source: str) -> tuple[tuple[int, str], ...]:
    """(line, text) of each string constant of the code that is not documentation. Parsed once
    per module and process: each game's test scans the same modules (the parse and walks were
    most of the three tests' CPU time)."""
    tree = ast.parse(source)
    docs = documentation(tree)
    return tuple((node.lineno, node.value) for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs)


def names_in(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of each of `names` a string of the code (not of its documentation) holds as a
    whole word: a dict key, a list entry, a prefix tuple's item, an f-string's text."""
    words = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, sorted(names))) + r")(?![A-Za-z0-9_])")
    found = []
    for line, text in code_strings(source):
        found += [(line, m.group(1)) for m in words.finditer(text)]
    return sorted(found)


def test_the_scan_finds_a_metric_name_in_code_but_not_in_documentation():
    source = '''"""Titles, e.g. crew_pick_rate."""
TITLES = {"win_rate_by_seat": "Win rate", "crew_pick_rate": "Crew taken"}
"""crew_pick_rate is Stargate's."""
PREFIXES = ("rate", "selected_in_round")
def f(m):
    """crew_pick_rate again."""
    return f"{m} crew_win_lift"
'''
    assert names_in(source, {"crew_pick_rate", "selected_in_round", "crew_win_lift", "crew_win_rate"}) == [
        (2, "crew_pick_rate"), (4, "selected_in_round"), (7, "crew_win_lift")]


def own_metrics(game: str, tmp_path: Path) -> tuple[set[str], set[str]]:
    """(the metrics the game's own functions give on 12 games, the metrics every game's report
    has): `game_length_share` is both New Frontiers' and every game's, and not the game's own."""
    variant = load_variant(ROOT / "variants" / VARIANTS[game])
    run_batch(variant, RunConfig(n_games=12, players=4, lineup=("random",) * 4, seed=1, workers=1), tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    spec = get_game(game)
    assert spec.summary is not None
    own = {m for _, table in spec.summary(games, events) for m in table[C.METRIC].to_list()}
    if spec.goal_metrics is not None:
        own |= set(spec.goal_metrics(info, games, events)[C.METRIC].to_list())
    common = set(all_metrics(info, games, events, {key for key, _, _ in COMMON_SECTIONS})[C.METRIC].to_list())
    return own, common


def test_every_built_in_game_is_scanned():
    assert sorted(VARIANTS) == BUILTIN_GAMES


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_no_generic_module_names_a_metric_of_the_game(game: str, tmp_path: Path):
    own, common = own_metrics(game, tmp_path)
    declared = set(get_game(game).metric_info)
    # A declaration names a metric the game has (a misspelt one would change nothing, silently):
    # its own, or the mean of one of its score parts in simulate's table by bot and component
    # (Oh-Seven's mean_score_rebid_bonus).
    parts = {f"mean_score_{part}" for part in get_game(game).score_parts}
    assert declared <= own | parts, sorted(declared - own - parts)
    names = (own | declared) - common
    assert names
    found = []
    for package in GENERIC:
        for path in sorted((ROOT / "playtest" / package).rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}:{line}: {name}"
                      for line, name in names_in(path.read_text(encoding="utf-8"), names)]
    assert found == [], (f"generic modules name {game}'s metrics; declare what they need in its "
                         f"GameSpec.metric_info instead:\n" + "\n".join(found))
