"""What the generic reports call Oh-Seven's own metrics (GameSpec.metric_info): their titles in
`compare`, their phrases in the ladder's sentences, the counts `calibrate` keeps at 0 or more."""

from __future__ import annotations

from playtest.core.spec import MetricInfo

METRIC_INFO: dict[str, MetricInfo] = {
    "share_bid": MetricInfo(groups="bid", title="Final bids of this value", phrase="share of bids that are {g}"),
    # 'other players' is every player of a round but its highest bidder: in a ladder, beside the
    # rung's bot, it read as the other bots (every seat of a rung plays the one bot)
    "exact_rate": MetricInfo(groups="players", title="Bid met exactly", phrase="exact-bid rate ({g})",
                             group_words={"other players": "every player but the round's highest bidder"}),
    # The ladder's sentences read the title with the group beside it: "Rounds with this many
    # rebids (0 rebids) changes with skill", "Forced rebids per round (mean per round)"
    "share_rebids": MetricInfo(groups="rebids in a round", title="Rounds with this many rebids",
                               phrase="share of rounds with {g}"),
    "rebids_mean": MetricInfo(groups="mean", title="Forced rebids per round", non_negative=True, unit="rebids",
                              phrase="forced rebids ({g})"),
    "share_trigger": MetricInfo(groups="trigger", title="Rebid trigger", phrase="share of rebids forced by the {g} trigger"),
    "share_redeals": MetricInfo(groups="redeals in a match", title="Matches with this many redeals",
                                phrase="share of matches with {g}"),
    "redeals_mean": MetricInfo(groups="mean", title="Redeals per match", non_negative=True, unit="redeals",
                               phrase="redeals ({g})"),
    "bonus_points": MetricInfo(groups="players", title="Rebid-bonus points", non_negative=True, unit="points"),
    "share_trump": MetricInfo(groups="trump suit", title="Trump suit", phrase="share of rounds with {g}"),
    # simulate's mean score part by bot: a bot that never caused a forced rebid (bonus-hunter in
    # a 4-player game) read '0.00 –', an interval gone missing beside the others'
    "mean_score_rebid_bonus": MetricInfo(non_negative=True, unit="points"),
}
