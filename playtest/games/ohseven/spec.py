"""The Oh-Seven registration: schema, rules, bots, table columns, replay and summary hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from playtest.core.spec import GameSpec
from playtest.games.ohseven.bots import make_bot
from playtest.games.ohseven.knobs import bot_names
from playtest.games.ohseven.metric_info import METRIC_INFO
from playtest.games.ohseven.rules import OhSevenRules, score_floors
from playtest.games.ohseven.schema import OhSevenVariant

EVENT_COLUMNS: dict[str, pl.DataType] = {
    "card": pl.String(),        # bid / play: the card; trick: the winning card; rebid, bids_set: highest bid card
    "bid": pl.Int8(),           # bid: the card's bid; round_end: the seat's final bid; bids_set: the highest bid
    "pass_no": pl.Int16(),      # bidding pass within the deal (1 = first bids)
    "deal_no": pl.Int16(),      # deal within the round (2+ after redeals)
    "trigger": pl.String(),     # rebid: sum | identical | sum+identical
    "bonus": pl.Int64(),        # rebid_bonus: points gained; round_end: rebid bonus gained this round
    "bid_total": pl.Int16(),    # rebid, bids_set: sum of the bids
    "trump": pl.String(),       # bids_set: trump suit id ('-' for none)
    "trick": pl.Int8(),         # play, trick: trick number in the round (1..7)
    "lead": pl.Boolean(),       # play: the card led the trick
    "winner": pl.Int8(),        # trick: winning seat; bids_set: seat leading the first trick
    "tricks": pl.Int8(),        # round_end: tricks taken
    "exact": pl.Boolean(),      # round_end: bid met exactly
    "round_score": pl.Int64(),  # round_end: the round's score (without bonus)
    "total": pl.Int64(),        # round_end: running total (round scores + bonuses)
    "highest": pl.Boolean(),    # round_end: this seat held the highest bid card (set trump)
    "rebids": pl.Int32(),       # round_end: forced rebids in the round
}

STAT_COLUMNS: dict[str, pl.DataType] = {
    "exact_bids": pl.Int32(),    # rounds with the bid met exactly
    "highest_bids": pl.Int32(),  # rounds in which the seat held the highest bid card
}


POINTS_ONLY = ("scoring", "bidding.rebid.bonus", "bidding.redeal.keep_points", "tie")
"""The keys that only score the play: what a round, a forced rebid's bonus and a redeal's bonuses
are worth, and how tied totals are split. The rules deal, bid, rebid, play and end the same under
any of their values (rules.py reads them only to add up points and rank the totals), and neither
bot below reads them: `random` picks among the legal moves, `heuristic` and its scripted styles
read the deck, the hand size, the trump rule, the bids and the cards (bots.py), never the points.
So a change to them replays the very same bids and cards with these bots (GameSpec.unread_keys)."""


def _make_rules(model: Any) -> OhSevenRules:
    return OhSevenRules(model)


def _replay(path: Path) -> Any:
    from playtest.games.ohseven.transcript import replay

    return replay(path)


def _bench(seconds: float) -> list[dict[str, Any]]:
    from playtest.games.ohseven.bench import bench

    return bench(seconds)


def _summary(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    from playtest.games.ohseven.metrics import summary_tables

    return summary_tables(games, events)


def _switched_off(variant: OhSevenVariant, players: int | None) -> Any:
    from playtest.games.ohseven.metrics import switched_off

    return switched_off(variant, players)


def _play() -> Any:
    from playtest.games.ohseven.play import SUPPORT

    return SUPPORT


SPEC = GameSpec(
    name="ohseven",
    title="Oh-Seven",
    schema=OhSevenVariant,
    make_rules=_make_rules,
    make_bot=make_bot,
    bot_names=bot_names(),
    unread_keys={name: POINTS_ONLY for name in bot_names()},
    event_columns=EVENT_COLUMNS,
    stat_columns=STAT_COLUMNS,
    score_parts=["rounds", "rebid_bonus"],
    end_keys=("rounds", "deck"),
    turns_counted="decisions (every bid, rebids included, and every card played, by any player)",
    seat_one="the dealer of round 1, the last to bid in it when bids are made in turn (bidding.mode: in_turn)",
    switched_off=_switched_off,
    score_floors=score_floors,
    replay=_replay,
    bench=_bench,
    summary=_summary,
    summary_lazy=True,
    metric_info=METRIC_INFO,
    play=_play,
    # About a round at 4 players (4 bids, 28 cards): a rollout to the end of the 7-round match is
    # mostly noise. 40 games each against three heuristic (seed 3, 2026-12-02 23:47 UTC):
    # ismcts:200 played to the end won 23.3% [12.9, 38.4] with a score lead of -5.73 at 996
    # iterations/s; cut at 30 moves, 55.0% [39.8, 69.3], +5.02, at 2,645 iterations/s.
    search_depth=30,
)
