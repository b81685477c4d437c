"""Gold by source: every gold gain and spending the rules make is in the events the runner
writes (or, the start gold, in the game rows)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from playtest.core.events import Event
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

from .helpers import VARIANTS, dev, edit, ids, play, rules_for, start


def test_each_source_of_gold_pays_a_hand_checked_amount_recorded_with_its_source():
    """Two players (Ann seat 1 on h1, Ben seat 2 on h2), start gold 20 (Ben +1 compensation as the
    last seat), Retreat pays 5, the pile grows 3 a round. Ann holds Ice Archive (w24: settle
    reward 1 gold), Amber Dunes (w13, a yellow good: price 4), Tradewind Station (w33: consume 1
    good for 2 gold) and two Merchant Fleets (d05: gold_on trade 2 each); Ben holds Academy (d13:
    gold_on develop 1) and Recruitment Office (d14: gold_on settle 1).
      R1 Ann retreat +5; Ben settle (Ben +1 d14), Ann settles w03 for 3 (+1 reward from w24).
      R2 Ann trade (Ann +4 d05), sells w13 +4, consumes w24 with w33 +2; Ben produce: the pile,
         3 from R1, to Ben, and Ann +1 (w03, settled in R1: gold_on produce).
      R3 Ann develop (Ben +1 d13), Ann buys d01 for 2 - 1 (the selector's bonus) = 1.
    Ann: 20 + 5 bonus + 5 gold_on + 1 reward + 4 trade + 2 consume - 3 settling - 1 develop = 33.
    Ben: 21 + 3 pile + 2 gold_on = 26."""
    rules = rules_for("base", ("rules.setup.gold=20", "rules.bonuses.retreat_gold=5", "rules.produce.pile_gold=3"))
    s = start(rules, 2)
    s = edit(s, 0, worlds=ids(rules, "h1 w24 w13 w33"), goods=ids(rules, "w13 w24"), unsettled=ids(rules, "w03"),
             devs=dev(rules, "d05 d05"), colonists=1)
    s = edit(s, 1, devs=dev(rules, "d13 d14"))
    for p in s.players:
        rules.refresh(p)
    log: list[Event] = []
    s = play(rules, s, "select retreat", "select settle", "pass", "settle w03",
             "select trade", "trade w13", "consume w24 with w33", "select produce",
             "select develop", "develop d01", "pass", log=log)
    assert [p.gold for p in s.players] == [33, 26]
    assert [(e.seat, e.data["action"], e.data["gold"]) for e in log if e.kind == "gold_on"] == [
        (1, "settle", 1), (0, "trade", 4), (0, "produce", 1), (1, "develop", 1)]
    assert [e.data.get("gold") for e in log if e.kind == "select"] == [5, None, None, None, None]
    assert [(e.seat, e.data["gold"], e.data["cost"]) for e in log if e.kind == "settle"] == [(0, 1, 3)]
    assert [e.data["pile"] for e in log if e.kind == "select"] == [0, 0, 0, 3, 0]
    assert [(e.kind, e.data["gold"]) for e in log if e.kind in ("trade", "consume")] == [("trade", 4), ("consume", 2)]
    assert [sr.stats["start_gold"] for sr in rules.result(s).seats] == [20, 21]



def _run(tmp_path: Path, name: str, variant: str, bots: str, sets: tuple[str, ...] = ()) -> tuple[Any, ...]:
    run_batch(load_variant(VARIANTS / variant, list(sets)),
              RunConfig(n_games=4, players=4, lineup=(bots,) * 4, seed=3, workers=1), tmp_path / name)
    return read_run(tmp_path / name)


def test_start_plus_gains_minus_spending_is_the_gold_held_at_the_end_for_every_player(tmp_path):
    """Conservation, per player of simulated games (base and the goals option with its Treasury
    mat, random and greedy bots, settle rewards paying gold on every world): a gain or a spending
    the events left out would show here as a player whose gold does not add up."""
    gains = ((pl.col("kind") == "select") * pl.col("pile").fill_null(0)
             + pl.when(pl.col("kind") != "round_end").then(pl.col("gold")).otherwise(0).fill_null(0))
    spent = (pl.when(pl.col("kind").is_in(["develop", "settle"])).then(pl.col("cost"))
             .when((pl.col("kind") == "store") & (pl.col("stored") == "gold")).then(pl.col("amount"))
             .otherwise(0).fill_null(0).cast(pl.Int64))
    runs = [("random", "base.yaml", "random", ("developments.1.powers=[{kind: settle_reward, gold: 2}]",)),
            ("greedy", "base.yaml", "greedy", ()), ("goals", "goals.yaml", "random", ())]
    sources_seen: set[str] = set()
    for name, variant, bots, sets in runs:
        _, games, events = _run(tmp_path, name, variant, bots, sets)
        per = events.group_by("game", "seat").agg(gains.sum().alias("gained"), spent.sum().alias("spent"))
        rows = games.join(per, on=["game", "seat"], how="left").fill_null(0)
        wrong = rows.filter(pl.col("start_gold") + pl.col("gained") - pl.col("spent") != pl.col("gold"))
        assert wrong.height == 0, wrong.select("game", "seat", "start_gold", "gained", "spent", "gold")
        sources_seen |= {str(k) for k in events.filter(gains != 0)["kind"].unique()}
        sources_seen |= {f"spent {k}" for k in events.filter(spent != 0)["kind"].unique()}
    assert sources_seen >= {"select", "gold_on", "settle", "trade", "consume", "spent develop", "spent settle",
                            "spent store"}
