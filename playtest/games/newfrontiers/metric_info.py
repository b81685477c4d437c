"""What the generic reports call New Frontiers' own metrics (GameSpec.metric_info): the share
whose name does not say it is one, the counts `calibrate` keeps at 0 or more, titles and phrases."""

from __future__ import annotations

from playtest.core.spec import MetricInfo

METRIC_INFO: dict[str, MetricInfo] = {
    # A share of games (Wilson interval) by round and action; its name has no `_rate` or `_share`:
    # it was written 0.67, not 66.7%.
    "selected_in_round": MetricInfo(groups="action", kind="rate", title="Action selected in each round"),
    "selection_share": MetricInfo(groups="action", title="Action selected (share of selections)", phrase="{g} selection share"),
    "first_pick_share": MetricInfo(groups="action", title="Action selected first in a round", phrase="{g} first-pick share"),
    "select_win_lift": MetricInfo(groups="action", title="Win-rate lift of selecting the action",
                                  phrase="win-rate lift of selecting {g}"),
    "development_purchase_rate": MetricInfo(groups="development", title="Development bought (share of players)",
                                            phrase="{g} purchase rate", variant_groups=True),
    "development_win_lift": MetricInfo(groups="development", title="Win-rate lift of owning the development",
                                       phrase="win-rate lift of owning {g}"),
    "end_trigger_share": MetricInfo(groups="end trigger"),
    "win_rate_by_home_world": MetricInfo(groups="home world", title="Win rate by home world",
                                         phrase="win rate from {g}"),
    "vp_share_by_source": MetricInfo(groups="source", title="VP by source (share of all points)", phrase="share of points from {g}"),
    "pile_gold": MetricInfo(groups="measured", non_negative=True, unit="gold", title="Gold taken from the Produce pile",
                            phrase="gold taken from the Produce pile"),
    "pile_found_rate": MetricInfo(groups="measured", title="Produce selected with gold on it", phrase="share of Produce picks finding gold"),
    "goods_traded": MetricInfo(groups="players", non_negative=True, unit="goods", title="Goods traded per player", phrase="goods traded per player"),
    "trade_income": MetricInfo(groups="good color", non_negative=True, unit="gold", title="Gold from trading per player",
                               phrase="gold from trading per player"),
    "worlds_settled": MetricInfo(groups="world kind or color", non_negative=True, unit="worlds", title="Worlds settled per player"),
    "gold_by_source": MetricInfo(groups="source", non_negative=True, unit="gold", title="Gold gained per player, by source",
                                 phrase="gold gained per player",
                                 former_groups={"action bonus": "is now two rows (2026-12-07): 'retreat bonus' (Retreat's "
                                                "gold) and 'goals bonus' (Galaxy goals', with the goals option)"}),
    "gold_spent": MetricInfo(groups="use", non_negative=True, unit="gold", title="Gold spent per player, by use", phrase="gold spent per player"),
}
