"""What the generic reports call New Frontiers' own metrics (GameSpec.metric_info): the share
whose name does not say it is one, the counts `calibrate` keeps at 0 or more, titles and phrases."""

from __future__ import annotations

from playtest.core.spec import MetricInfo

METRIC_INFO: dict[str, MetricInfo] = {
    # A share of games (Wilson interval) by round and action; its name has no `_rate` or `_share`:
    # it was written 0.67, not 66.7%.
    "selected_in_round": MetricInfo(kind="rate"),
    "vp_share_by_source": MetricInfo(title="Share of points by source", phrase="share of points from {g}"),
    "pile_gold": MetricInfo(non_negative=True),
    "goods_traded": MetricInfo(non_negative=True),
    "trade_income": MetricInfo(non_negative=True),
    "worlds_settled": MetricInfo(non_negative=True),
}
