"""What the generic reports call Stargate's own metrics (GameSpec.metric_info): their titles in
`compare`, their phrases in the ladder's sentences, the ones `compare` always shows."""

from __future__ import annotations

from playtest.core.spec import MetricInfo

METRIC_INFO: dict[str, MetricInfo] = {
    "crew_pick_rate": MetricInfo(groups="crew", title="Crew taken (share of turns)", phrase="{g} pick rate", headline=True,
                                 variant_groups=True),
    "crew_first_pick_rate": MetricInfo(groups="crew", title="Crew taken first in a round", phrase="{g} first-pick rate",
                                       headline=True, variant_groups=True),
    "crew_pick_rate_by_round": MetricInfo(groups="crew", title="Crew taken, by round", variant_groups=True),
    "crew_win_rate": MetricInfo(groups="crew", title="Win rate of players who took the crew",
                                phrase="win rate of players who took {g}", headline=True),
    "crew_win_lift": MetricInfo(groups="crew", title="Win-rate lift of taking the crew", phrase="win-rate lift of taking {g}"),
    "crew_vp_per_pick": MetricInfo(groups="crew", unit="VP", title="Skill VP per pick", phrase="skill VP per {g} pick"),
    "crew_cubes_gained_per_pick": MetricInfo(groups="crew", unit="cubes", title="Cubes gained per pick", phrase="cubes gained per {g} pick"),
    "crew_cubes_placed_per_pick": MetricInfo(groups="crew", unit="cubes", title="Cubes placed per pick", phrase="cubes placed per {g} pick"),
    "vp_share_by_source": MetricInfo(groups="source", title="VP by source (share of all points)", phrase="share of points from {g}"),
    "planet_fill_rate": MetricInfo(groups="planet", title="Planet filled", phrase="planet fill rate ({g})"),
    "planet_zero_vp_majority_rate": MetricInfo(groups="planet", title="Planet majority on a 0-VP slot",
                                               phrase="share of majorities on a 0-VP slot ({g})"),
    "end_reason_share": MetricInfo(groups="end reason", title="What ended the game", phrase="share of games ended by {g}"),
}
