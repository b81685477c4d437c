"""Oh-Seven's metric rows: labels of the count distributions."""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.games.ohseven.metrics import rebids_per_round, redeals_per_match


def test_count_groups_say_one_rebid_and_one_redeal_in_the_singular():
    """The groups of `share_rebids` and `share_redeals` read '0 rebids', '1 rebid', '2 rebids'
    ('1 rebids' before)."""
    ends = pl.DataFrame({"kind": "round_end", "game": [0, 0, 1, 1, 2, 2], "round": [1, 1, 1, 1, 1, 1],
                         "seat": [0, 1] * 3, "rebids": [0, 0, 1, 1, 2, 2], "deal_no": 1})
    groups = rebids_per_round(ends).filter(pl.col(C.METRIC) == "share_rebids")[C.GROUP].to_list()
    assert sorted(groups) == ["0 rebids", "1 rebid", "2 rebids"]
    games = pl.DataFrame({"game": [0, 1, 2]})
    redeals = pl.DataFrame({"kind": "redeal", "game": [1, 2, 2]})
    groups = redeals_per_match(games, redeals).filter(pl.col(C.METRIC) == "share_redeals")[C.GROUP].to_list()
    assert sorted(groups) == ["0 redeals", "1 redeal", "2 redeals"]
