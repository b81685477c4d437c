"""A mean score's interval stops at the least value its game declares the part can take
(GameSpec.score_floors, playtest/analysis/floors.py). `playtest simulate` on a New Frontiers
draft printed `scripted:military │ mean_score_bonus │ 0.15 │ -0.04 – 1.10 │ 40` (39 players at 0,
one at 6): a negative mean that no variant can have, every New Frontiers VP being ≥ 0."""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis import common
from playtest.analysis.floors import score_floors
from playtest.analysis.metrics import all_metrics
from playtest.games import get_game
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
NEW_FRONTIERS = ROOT / "variants" / "new-frontiers" / "base.yaml"
OHSEVEN = ROOT / "variants" / "ohseven" / "base.yaml"
PARTS = ("chips", "worlds", "developments", "bonus", "goals")


def lone_bonus_games(games: int = 40) -> pl.DataFrame:
    """`games` 2-player New Frontiers-shaped games: bot 'military' in seat 1 scores 6 bonus VP
    in game 0 and none after; `score_net` (a made-up part that can be negative, with no floor)
    does the same. Seat 2 ('other') scores 10 chips every game."""
    rows = []
    for g in range(games):
        for seat, bot in enumerate(("military", "other")):
            bonus = 6.0 if (g, seat) == (0, 0) else 0.0
            parts = {f"score_{p}": 0.0 for p in PARTS} | {"score_bonus": bonus, "score_net": bonus}
            if seat == 1:
                parts["score_chips"] = 10.0
            total = sum(parts.values()) - parts["score_net"]
            rows.append({"game": g, "seed": 0, "seat": seat, "bot": bot, **parts, "total": total,
                         "rank": 1 + (seat == 0), "win_share": float(seat == 1), "rounds": 9, "turns": 40})
    return pl.DataFrame(rows, schema_overrides={"seat": pl.Int8})


def one(df: pl.DataFrame, metric: str, group: str) -> dict:
    rows = df.filter((pl.col(C.METRIC) == metric) & (pl.col(C.GROUP) == group)).to_dicts()
    assert len(rows) == 1, (metric, group, rows)
    return rows[0]


def nf_info() -> dict:
    v = load_variant(NEW_FRONTIERS)
    return {"game": "newfrontiers", "players": 2, "variant": {"hash": v.hash, "resolved": v.resolved}}


def test_without_a_floor_the_lone_bonus_reads_a_negative_mean():
    """The bug as it was (and as it stays for a part with no floor): the lower end below 0."""
    row = one(common.score_distribution(lone_bonus_games()), "score_mean", "military / bonus")
    assert row[C.ESTIMATE] == pytest.approx(0.15) and row[C.N] == 40
    assert row[C.CI_LOW] == pytest.approx(-0.04, abs=0.01) and row[C.CI_HIGH] == pytest.approx(1.10, abs=0.01)


def test_the_score_distribution_cuts_a_floored_part_at_its_floor():
    games = lone_bonus_games()
    plain = common.score_distribution(games)
    cut = common.score_distribution(games, {"bonus": 0.0, "total": 0.0})
    for group in ("military / bonus", "seat 1 / bonus", "all / bonus"):
        before, after = one(plain, "score_mean", group), one(cut, "score_mean", group)
        assert before[C.CI_LOW] < 0 and after[C.CI_LOW] == 0.0, group
        assert after[C.ESTIMATE] == before[C.ESTIMATE] and after[C.CI_HIGH] == before[C.CI_HIGH]
        assert after[C.DEFINITION].endswith("Lower end cut at 0, the least this part can be.")
    # a part without a floor keeps its interval, below 0 and all
    assert one(cut, "score_mean", "military / net") == one(plain, "score_mean", "military / net")
    assert one(cut, "score_mean", "military / net")[C.CI_LOW] < 0
    # a value the same in every game (the total of bot 'other': 10) has no interval to cut
    assert one(cut, "score_mean", "other / total")[C.ESTIMATE] == 10
    assert one(cut, "score_mean", "other / total")[C.CI_LOW] is None or math.isnan(one(cut, "score_mean", "other / total")[C.CI_LOW])
    # quantiles and spreads are as they were
    keep = pl.col(C.METRIC) != "score_mean"
    assert cut.filter(keep).drop(C.DEFINITION).equals(plain.filter(keep).drop(C.DEFINITION))


def test_simulate_s_mean_score_table_cuts_at_the_floor():
    games = lone_bonus_games()
    plain = common.mean_score_by(games, "bot")
    cut = common.mean_score_by(games, "bot", {"bonus": 0.0})
    before, after = one(plain, "mean_score_bonus", "military"), one(cut, "mean_score_bonus", "military")
    assert before[C.CI_LOW] < 0 and after[C.CI_LOW] == 0.0 and after[C.CI_HIGH] == before[C.CI_HIGH]
    assert one(cut, "mean_score_net", "military") == one(plain, "mean_score_net", "military")


def test_a_new_frontiers_run_s_report_reads_its_floors_from_the_variant():
    """The report's sections take the floors from the run's game and resolved variant: every New
    Frontiers part and the total are ≥ 0."""
    games = lone_bonus_games()
    events = pl.DataFrame({"game": [], "kind": []}, schema={"game": pl.Int64, "kind": pl.String})
    assert score_floors(nf_info()) == dict.fromkeys((*PARTS, "total"), 0.0)
    report = all_metrics(nf_info(), games, events, keys={"scores"})
    assert one(report, "score_mean", "military / bonus")[C.CI_LOW] == 0.0
    assert one(report, "score_mean", "military / net")[C.CI_LOW] < 0  # not a part New Frontiers declares
    # A run whose game declares nothing (or whose variant is not known) is reported as before.
    before = all_metrics({}, games, events, keys={"scores"})
    assert one(before, "score_mean", "military / bonus")[C.CI_LOW] < 0
    stale = nf_info() | {"variant": {"hash": "old", "resolved": {"game": "newfrontiers", "no_such_key": 1}}}
    assert score_floors(stale) == {}


def test_the_built_in_games_declare_only_their_own_parts():
    for name, path in (("newfrontiers", NEW_FRONTIERS), ("ohseven", OHSEVEN),
                       ("stargate", ROOT / "variants" / "stargate" / "draft5.yaml")):
        spec = get_game(name)
        assert set(spec.floors(load_variant(path).model)) <= {*spec.score_parts, "total"}, name


def test_stargate_floors_a_part_only_while_nothing_in_the_variant_takes_vp_away():
    """Draft 5 has no negative VP anywhere: every part and the total are at least 0 (calibrate
    showed skill VP 1.60 [-0.48, 3.68] with only the color bonus floored). A draft that writes a
    loss keeps no floor on the part it feeds, nor on the total."""
    draft5 = ROOT / "variants" / "stargate" / "draft5.yaml"

    def floors(*sets):
        return get_game("stargate").floors(load_variant(draft5, list(sets)).model)

    every = {"color": 0.0, "planets": 0.0, "skill": 0.0, "planet_effects": 0.0, "extensions": 0.0, "total": 0.0}
    assert floors() == every
    assert set(floors("planets.red1.vp=[3, -1, 2]")) == set(every) - {"planets", "total"}
    lose = '[{effect: color_vp, colors: [red], amount: -1}]'
    assert set(floors(f"crews.armstrong.skill={lose}")) == set(every) - {"skill", "total"}
    halve = '[{effect: majority_multiplier, factor: 0.5}]'
    assert set(floors(f"planets.red1.effects={halve}")) == set(every) - {"planet_effects", "total"}
    double_a_loss = '[{effect: majority_multiplier, factor: 2}]'  # 2 × −1 VP is a loss of 1 more
    assert set(floors("planets.red1.vp=[3, -1, 2]", f"planets.red1.effects={double_a_loss}")) == \
        set(every) - {"planets", "planet_effects", "total"}


def test_a_margin_and_a_game_length_never_read_below_what_a_game_can_have():
    """A winning margin is never below 0 and a game lasts at least one round and one turn: a
    ladder rung of 4 games, three tied, read a mean margin of 0.75 [-1.80, 1.28]. Here 39 tied
    one-round games and one won by 6 after 20 rounds (40 turns)."""
    rows = []
    for g in range(40):
        lone = g == 0
        for seat in range(2):
            total = 16.0 if lone and seat == 0 else 10.0
            rows.append({"game": g, "seed": 0, "seat": seat, "bot": "b", "score_chips": total, "total": total,
                         "rank": 1 if (seat == 0 or not lone) else 2, "win_share": 1.0 if lone and seat == 0 else
                         (0.0 if lone else 0.5), "rounds": 20 if lone else 1, "turns": 40 if lone else 1})
    table = common.outcome_shape(pl.DataFrame(rows))
    got = {m: (lo, est) for m, est, lo in table.select(C.METRIC, C.ESTIMATE, C.CI_LOW).iter_rows()}
    # simulate's terminal table (common.game_length) shows the report's row, not one without the bound
    length = common.game_length(pl.DataFrame(rows))
    assert length.row(0, named=True) == table.filter(pl.col(C.METRIC) == "game_length_rounds").row(0, named=True) | {
        C.DEFINITION: length[C.DEFINITION][0]}
    assert got["margin_of_victory"][1] == pytest.approx(0.15)
    assert got["margin_of_victory"][0] == 0.0  # was about -0.04
    assert got["game_length_rounds"][0] == 1.0 and got["game_length_turns"][0] == 1.0
    # Without the bound the skewness-corrected interval of these values goes below it.
    from playtest.analysis.stats import per_game_mean_ci
    assert per_game_mean_ci([6.0] + [0.0] * 39)[1] < 0 and per_game_mean_ci([20.0] + [1.0] * 39)[1] < 1
