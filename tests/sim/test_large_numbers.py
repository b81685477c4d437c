"""A variant's whole numbers may be up to 10,000 (docs/variants.md, "Limits"): the result columns
must hold what such numbers add up to. Oh-Seven's round score and rebid bonus, New Frontiers'
gold and Stargate's VP per turn were 16-bit event columns: a miss of 5 tricks at −10,000 each
(−50,000), a good sold for 10,000 gold four times, a colour VP of 10,000 per cube ended
`simulate` with "internal error: ComputeError: could not append value …" and nothing written."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from playtest.sim.rundir import read_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("variant", "players", "bots", "override", "column"), [
    ("ohseven/base.yaml", "4", "random", "scoring.miss_per_trick=-10000", "round_score"),
    ("ohseven/base.yaml", "2", "random", ("bidding.rebid.bonus.points=10000", "hand_size=1",  # the whole deck,
      "deck.suits=[{id: S, name: spades}]", "deck.copies={2: 1}",  # QS and AS: bids always sum to 1,
      "deck.ranks=[{label: Q, value: 0}, {label: A, value: 1}]"), "bonus"),  # 50 rebids a round
    ("new-frontiers/base.yaml", "3", "greedy", "rules.goods.yellow=10000", "gold"),
    ("stargate/draft5.yaml", "3", "greedy",
     "crews.armstrong.skill=[{effect: color_vp, colors: [red, blue, yellow, green], amount: 10000}]", "vp_gained"),
])
def test_numbers_up_to_the_limit_fit_the_result_columns(cli, tmp_path, variant, players, bots, override, column):
    out = tmp_path / "run"
    res = cli("simulate", str(ROOT / "variants" / variant), "-n", "4", "--players", players, "--bots", bots,
              "-w", "1", "--seed", "1", "-q", "--out", str(out),
              *(a for o in ((override,) if isinstance(override, str) else override) for a in ("--set", o)))
    assert res.returncode == 0, res.stderr
    _, _, events = read_run(out)
    assert events[column].abs().max() > 32767  # beyond what a 16-bit column held


def test_a_run_written_with_16_bit_columns_still_reads(cli, tmp_path):
    out = tmp_path / "run"
    assert cli("simulate", str(ROOT / "variants" / "ohseven" / "base.yaml"), "-n", "2", "-w", "1", "-q",
               "--out", str(out)).returncode == 0
    old = pl.read_parquet(out / "events.parquet").with_columns(pl.col("bonus", "round_score").cast(pl.Int16),
                                                                pl.col("total").cast(pl.Int32))
    old.write_parquet(out / "events.parquet")
    res = cli("report", str(out), "--format", "json", "--out", str(tmp_path / "r.json"))
    assert res.returncode == 0, res.stderr
