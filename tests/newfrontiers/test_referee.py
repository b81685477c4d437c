"""The engine against an independent referee (referee.py: the rules re-implemented from RULINGS.md
without the engine's code): every hand-scored game and shipped example, and games recorded with
bots across player counts, variants and overrides, must end with the same scores, tie-breaks, win
shares, gold, colonists, VP chips, stocks, Produce pile, bag, track and end triggers."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.games.newfrontiers.bots import make_bot
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.transcript import dump_transcript, record, replay
from playtest.variants import load_variant

from .helpers import DATA, ROOT, VARIANTS
from .referee import referee

GAMES = sorted((DATA / "handscored").glob("*.yaml")) + sorted((ROOT / "docs" / "examples").glob("new-frontiers-*.yaml"))

SETS = [
    (),
    ("rules.action_order=from_selector", "rules.explore.world_limit=3"),
    ("rules.stocks.chips_per_player=4", "rules.setup.extra_colonists=2"),
    ("rules.unique_developments=true", "rules.setup.gold=12"),
    ("rules.stocks.home_from_stock=false", "rules.stocks.colonists_per_player=3"),
    ("rules.bonuses.explore_picks=2", "rules.bonuses.produce_windfalls=2", "rules.settle.colonists=3"),
    ("rules.produce.pile_gold=2", "rules.goods.yellow=6", "rules.end.large_counts=3", "rules.setup.gold=10"),
    ("goals.hidden_score=owner", "rules.end.settle_colonists=10", "rules.explore.world_limit=2"),
    ("rules.end.worlds=5", "rules.setup.gold=15", "rules.setup.extra_colonists=3", "rules.explore.draw=4"),
]


def agree(path: Path) -> None:
    out = replay(path)
    final, mine = referee(path)
    assert [(f["player"], f["total"], f["tie_break"], f["win_share"]) for f in final] == \
        [(f["player"], f["total"], f["tie_break"], f["win_share"]) for f in out.final]
    s = out.state
    assert {name: mine["players"][name][:3] for name in out.players} == \
        {out.players[i]: (p.gold, p.colonists, p.chips) for i, p in enumerate(s.players)}
    assert (mine["chips"], mine["colonists"], mine["pile"], mine["bag"], mine["track"], mine["triggers"], mine["over"]) \
        == (s.chips, s.colonist_stock, s.pile, len(s.bag), [out.players[x] for x in s.track], list(out.triggers),
            out.complete)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_referee_agrees_with_every_hand_scored_game_and_example(path):
    agree(path)


@pytest.mark.parametrize("seed", range(18))
def test_the_referee_agrees_with_games_recorded_with_bots(seed, tmp_path):
    name = "goals" if seed % 3 == 2 else "base"
    sets = SETS[seed % len(SETS)]
    path = VARIANTS / f"{name}.yaml"
    rules = NewFrontiersRules(load_variant(path, sets).model)
    n = 2 + seed % 4
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"][:n]
    bots = [make_bot("greedy" if seed % 6 == i else "random", rules, i) for i in range(n)]
    data = record(rules, str(path), players, bots, seed=seed)
    data = {"game": data["game"], "variant": data["variant"], "set": list(sets),
            **{k: v for k, v in data.items() if k not in ("game", "variant")}}
    game = tmp_path / f"game{seed}.yaml"
    game.write_text(dump_transcript(data))
    agree(game)
