"""Every shipped Stargate variant validates and plays 60 games with every bot type; properties
that hold for every shipped draft: cubes are conserved, totals are the sum of their parts, and
games end by a trigger within max_rounds."""

from __future__ import annotations

import random
from pathlib import Path

import polars as pl
import pytest

from playtest.games.stargate.rules import Phase, StargateRules, State
from playtest.games.stargate.styles import scripted_styles
from playtest.sim.batch import RunConfig, run_batch
from playtest.variants import load_variant

from .helpers import IN_MAKE_TEST, SHIPPED

GAMES = 12
"""Per line-up and draft (3 line-ups, mostly greedy). 200 took a quarter of the suite's CPU time;
tests/test_contract.py also seats every bot the game offers."""


def bot_lineups() -> list[tuple[str, ...]]:
    """Every bot type, four to a game: two lineups of greedy-based bots, one of random ones."""
    greedy_like = ["greedy", *(f"scripted:{s}" for s, st in scripted_styles().items() if st.choose == "greedy")]
    random_like = ["random", *(f"scripted:{s}" for s, st in scripted_styles().items() if st.choose == "random")]
    lineups = [tuple(greedy_like[i:i + 4]) for i in range(0, len(greedy_like), 4)]
    lineups.append(tuple((random_like * 4)[:4]))
    return [tuple((line * 4)[:4]) for line in lineups]


def test_the_lineups_cover_every_bot_type() -> None:
    names = {b for line in bot_lineups() for b in line}
    assert names == {"random", "greedy", *(f"scripted:{s}" for s in scripted_styles())}


def test_the_drafts_make_test_sweeps_are_shipped() -> None:
    assert set(IN_MAKE_TEST) <= {p.stem for p in SHIPPED}, "a draft renamed: name it in IN_MAKE_TEST again"


# (tests/test_contract.py's random playouts cover every draft in make test too)
@pytest.mark.parametrize("path", [pytest.param(p, marks=() if p.stem in IN_MAKE_TEST else pytest.mark.slow)
                                  for p in SHIPPED], ids=lambda p: p.stem)
def test_shipped_variant_plays_games_with_every_bot(path: Path, tmp_path: Path) -> None:
    variant = load_variant(path)
    rules = StargateRules(variant.model)
    for i, lineup in enumerate(bot_lineups()):
        config = RunConfig(n_games=GAMES, players=4, lineup=lineup, seed=7, workers=1, chunk_size=GAMES)
        out = tmp_path / f"run{i}"
        run_batch(variant, config, out)
        games = pl.read_parquet(out / "games.parquet")
        assert games["game"].n_unique() == GAMES
        assert set(games["bot"]) == set(lineup)
        assert (games["rounds"] <= rules.variant.max_rounds).all()
        parts = [c for c in games.columns if c.startswith("score_")]
        assert (games.select(pl.sum_horizontal(parts)).to_series() - games["total"]).abs().max() < 1e-9
        ends = pl.read_parquet(out / "events.parquet").filter(pl.col("kind") == "game_end")
        assert ends.height == GAMES


def conserved(rules: StargateRules, s: State) -> bool:
    total = rules.variant.cubes.total
    for seat in range(s.n):
        on_board = sum(owners.count(seat) for owners in s.board)
        ext = sum(slots.count(seat) for slots in s.ext_planet) + sum(f.count(seat) for f in s.ext_crew)
        if s.hand[seat] + s.stock[seat] + on_board + ext + s.converted[seat] != total:
            return False
    return True


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_cube_conservation_and_the_end_in_random_play(path: Path) -> None:
    rules = StargateRules(load_variant(path).model)
    rng = random.Random(3)
    for g in range(60):
        n = rules.player_counts()[g % len(rules.player_counts())]
        s = rules.initial_state(n, rng=rng)
        log: list = []
        steps = 0
        while s.phase is not Phase.OVER:
            legal = rules.legal_actions(s)
            assert legal, "a decision with no legal action"
            s = rules.apply(s, legal[rng.randrange(len(legal))], log=log)
            assert conserved(rules, s)
            assert all(len(o) <= rules.capacity[c] + 1 for c, o in zip(s.circle, s.board, strict=True))
            steps += 1
            assert steps < 5000
        assert s.round <= rules.variant.max_rounds
        reason = [e.data["end_reason"] for e in log if e.kind == "game_end"]
        assert len(reason) == 1 and reason[0] != "max_rounds"
        score = rules.score(s)
        assert list(score.totals) == [sum(score.parts(seat).values()) for seat in range(n)]
