"""Stargate metrics, from events.parquet (decision, planet_final, crew_dealt events) and games.parquet.

Two-level groups are written 'outer / inner' (e.g. 'round 2 / bays'). `switched_off` names the
rows a variant cannot produce (a score part its rules keep at 0, a crew's skill VP it cannot gain)."""

from __future__ import annotations

import itertools
import math
import typing
from collections.abc import Callable, Sequence

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import frames as F
from playtest.analysis.common import n_players, score_parts, win_rates_of_sums, win_shares_by_seat
from playtest.analysis.frames import Table
from playtest.analysis.parts import PARTS, Parts, ratio, share, wanted
from playtest.analysis.stats import (
    mean_of_sums,
    proportion_of_sums,
    share_of_sums,
    shifted,
    wilson,
)
from playtest.core.spec import Off
from playtest.games.stargate import schema as sc
from playtest.games.stargate.planet_effects import handler_of as planet_handler_of
from playtest.games.stargate.rounds import CREW_DEALT

# Turns, players and planets of one game are not independent: every interval below over such
# rows is a per-game ratio estimator with a cluster-robust standard error (stats.*_of_sums),
# computed from one row per game that a lazy query aggregates first.


def _turns(events: Table) -> pl.LazyFrame:
    return F.lazy(events).filter(pl.col("kind") == "decision")


def _crew_counts(turns: pl.LazyFrame, crews: list[str]) -> pl.DataFrame:
    """Per game: its turns ('turns') and how many took each crew (column <crew>)."""
    return F.per_game(turns, *_crew_sums(crews))


def _crew_sums(crews: list[str]) -> list[pl.Expr]:
    """`_crew_counts`'s aggregations."""
    return [pl.len().alias("turns"), *((pl.col("crew") == c).sum().alias(c) for c in crews)]


def _dealt(events: Table, crews: Sequence[str]) -> pl.DataFrame:
    """Per game of a run whose crews are dealt (`crews_dealt`): whether each crew was in it
    (column <crew>), from the game's crew_dealt events. No rows when the run deals none."""
    return F.per_game(F.lazy(events).filter(pl.col("kind") == CREW_DEALT),
                      *((pl.col("crew") == c).any().alias(c) for c in crews))


def _in_game(per: pl.DataFrame, dealt: pl.DataFrame, crew: str) -> np.ndarray:
    """Over `per`'s games (one row each): whether `crew` was in the game. A game without a
    crew_dealt record had every crew (a variant that deals none: every game counts, as before)."""
    if dealt.is_empty():
        return np.ones(per.height, dtype=bool)
    flags = per.select("game").join(dealt.select("game", crew), on="game", how="left", maintain_order="left")[crew]
    return flags.fill_null(True).to_numpy().astype(bool)


def _share(per: pl.DataFrame, crew: str, dealt: pl.DataFrame, *, always: bool = False,
           within: np.ndarray | None = None,
           shown_with_turns: bool = False) -> tuple[tuple[float, float, float], int, Parts | None]:
    """Share of the turns in which `crew` was taken, over the games it was in (`dealt`),
    cluster-robust over those games; the turns counted; and the row's parts while `wanted`
    (Parts' `always` and `within`; `shown_with_turns`: the row is there while a game left has
    turns counted)."""
    mask = _in_game(per, dealt, crew)
    turns, took = per["turns"].to_numpy()[mask], per[crew].to_numpy()[mask]
    parts = Parts(per["game"].to_numpy()[mask], (took, turns), ratio, n=turns, always=always, within=within,
                  shows=turns > 0 if shown_with_turns else None) if wanted() else None
    return proportion_of_sums(took, turns), int(turns.sum()), parts


DEALT_NOTE = " of the games it was dealt into (crews_dealt: a game without it is not counted)"
"""What the crews' shares count their turns or rounds over, said in their definitions when the
run's crews are dealt."""


def crew_pick_rates(events: Table, crews: Sequence[str] = ()) -> pl.DataFrame:
    """How often each crew is taken: per turn overall, and as the first pick of a round.
    `crews`: the variant's crews, each given a row even when no one took it (0%, with the
    interval of a share never seen in these games): a crew no one takes is a finding, not a
    crew to leave out. The crews the games show are always there."""
    turns = _turns(events)
    in_variant = len(crews)
    listed = set(crews)
    crews = sorted(set(F.distinct(turns, "crew")) | listed)
    every, first = _crew_counts(turns, crews), _crew_counts(turns.filter(pl.col("first_pick")), crews)
    dealt = _dealt(events, crews)
    # A run whose crews are dealt counts each crew over the games it was in: a crew dealt into
    # half the games is not half as popular. Without dealing every game counts (the same numbers).
    of_games = DEALT_NOTE if not dealt.is_empty() else ""
    chance = _chance(crews_per_game(events) or (0 if not dealt.is_empty() else in_variant))
    rows = []
    for crew in crews:
        # A crew of the variant has its rows whatever the games; another only while a game took it.
        took_it = None if crew in listed else every["game"].to_numpy()[every[crew].to_numpy() > 0]
        (est, lo, hi), n, parts = _share(every, crew, dealt, always=crew in listed, within=took_it)
        rows.append({C.METRIC: "crew_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: n, PARTS: parts,
                     C.DEFINITION: f"Share of all turns{of_games} in which this crew was taken "
                     "(interval cluster-robust over games)."})
        (est, lo, hi), n, parts = _share(first, crew, dealt, always=crew in listed, within=took_it)
        rows.append({C.METRIC: "crew_first_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n, PARTS: parts,
                     C.DEFINITION: f"Share of rounds{of_games} whose first pick (the start player's) was this crew "
                                   f"(interval cluster-robust over games){chance}."})
    return C.metric_frame(rows)


def crews_per_game(events: Table) -> int | None:
    """How many crews each game of a run was dealt (its crew_dealt events) when every game was
    dealt as many; None when the run deals none (every crew plays) or its games differ. The
    chance level of a first pick: crew_pick_rates' definitions and the findings' Bays rows."""
    sizes = F.collect(F.lazy(events).filter(pl.col("kind") == CREW_DEALT).group_by("game").len().select(
        pl.col("len").unique()))["len"].to_list()
    return int(sizes[0]) if len(sizes) == 1 else None


def _chance(crews: int) -> str:
    """'; a first pick at random would take each crew 1 time in 7', the crews of a game being 7
    (those dealt, else the variant's); '' when not known (0). A sweep of crews_dealt.4=5,6,7
    showed first-pick rates without it, and compare starred a crew's +7.4 points between 5 and 7
    dealt that chance alone moves (h207)."""
    return f"; a first pick at random would take each crew 1 time in {crews}" if crews > 1 else ""


def crew_win_rates(games: Table, events: Table) -> pl.DataFrame:
    """Win rate of players who took each crew at least once in the game, Wilson intervals. (Only
    players of games the crew was in can have taken it: no other denominator under crews_dealt.)"""
    return win_rates_of_sums(_crew_wins(games, events), "crew_win_rate", CREW_WIN_RATE)


CREW_WIN_RATE = "Win rate of players who took this crew at least once in the game."


def _crew_wins(games: Table, events: Table) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
    """Per crew: the win shares and the number of players who took it, in each game where someone
    did, and those games (common.win_rates_of_sums' groups)."""
    turns = _turns(events)
    crews = F.distinct(turns, "crew")
    seats = [int(s) for s in F.distinct(games, "seat")]
    took = F.per_game(turns, *(((pl.col("crew") == c) & (pl.col("seat") == s)).any().alias(f"{s} {c}")
                               for c in crews for s in seats))
    shares = win_shares_by_seat(games).join(took, on="game", how="inner", maintain_order="left")
    wins = shares.select(str(s) for s in seats).to_numpy()
    groups = []
    for crew in crews:
        flags = shares.select(f"{s} {crew}" for s in seats).to_numpy()
        n = flags.sum(axis=1)
        had = n > 0
        groups.append((crew, (wins * flags).sum(axis=1)[had], n[had], shares["game"].to_numpy()[had]))
    return groups


def crew_pick_rates_by_round(events: Table) -> pl.DataFrame:
    """Share of the turns of round r in which each crew was taken (group 'round r / crew')."""
    turns = _turns(events)
    crews = F.distinct(turns, "crew")
    dealt = _dealt(events, crews)
    of_games = DEALT_NOTE if not dealt.is_empty() else ""
    # The games that took each crew: its rows are listed only while one of them is among the games.
    took = _crew_counts(turns, crews) if wanted() else None
    rows = []
    for rnd, per in F.per_game_by(turns, "round", *_crew_sums(crews)):
        for crew in crews:
            within = None if took is None else took["game"].to_numpy()[took[crew].to_numpy() > 0]
            (est, lo, hi), n, parts = _share(per, crew, dealt, within=within, shown_with_turns=True)
            if not n:  # dealt crews: none of the games this crew was in reached round r (a null row, '–')
                continue
            rows.append({C.METRIC: "crew_pick_rate_by_round", C.GROUP: f"round {rnd} / {crew}", C.ESTIMATE: est,
                         C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n, PARTS: parts,
                         C.DEFINITION: f"Share of this round's turns{of_games} in which this crew was taken."})
    return C.metric_frame(rows)


def crew_win_lift(games: Table, events: Table, rates: pl.DataFrame | None = None,
                  wins: list[tuple[str, np.ndarray, np.ndarray, np.ndarray]] | None = None) -> pl.DataFrame:
    """Win rate when picked minus the base rate 1/P (every game has one win to share among P);
    `rates`, `wins`: crew_win_rates(games, events) and its groups (`_crew_wins`) when already computed."""
    p = n_players(games)
    wins = _crew_wins(games, events) if wins is None else wins
    rates = win_rates_of_sums(wins, "crew_win_rate", CREW_WIN_RATE) if rates is None else rates
    parts = {crew: Parts(ids, (w, n), lambda w, n: ratio(w, n) - 1 / p, n=n) for crew, w, n, ids in wins} if wanted() else {}
    rows = []
    for row in rates.iter_rows(named=True):
        est, lo, hi = shifted((row[C.ESTIMATE], row[C.CI_LOW], row[C.CI_HIGH]), 1 / p)
        rows.append({C.METRIC: "crew_win_lift", C.GROUP: row[C.GROUP], C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: row[C.N], PARTS: parts.get(row[C.GROUP]),
                     C.DEFINITION: f"Win rate of players who took this crew minus the base rate 1/{p} "
                                   "(positive = taking it goes with winning; association, not cause)."})
    return C.metric_frame(rows)


COUNTS = frozenset({"cubes_gained", "cubes_placed"})
"""PER_PICK columns that count cubes: never below 0, so their intervals are cut at 0."""

PER_PICK = {
    "crew_vp_per_pick": ("vp_gained", "Mean VP its skill gives on a turn this crew was taken."),
    "crew_cubes_gained_per_pick": ("cubes_gained", "Mean cubes its skill takes from the stock into the hand on a "
                                   "turn this crew was taken (the turn's replenish not counted)."),
    "crew_cubes_placed_per_pick": ("cubes_placed", "Mean cubes placed on a turn this crew was taken (its "
                                   "placement and any cube its skill places)."),
}
"""What a turn with each crew brings, per pick: metric → (event column summed, definition)."""


def crew_per_pick(events: Table, metrics: tuple[str, ...] = tuple(PER_PICK)) -> pl.DataFrame:
    """Mean of each PER_PICK column over the turns a crew was taken (t interval, cluster-robust
    over the games in which someone took it)."""
    columns = list(dict.fromkeys(PER_PICK[m][0] for m in metrics))
    # Each crew's games (those in which someone took it) by `per_game_by`: in memory one query
    # grouped by crew too (a column per crew and event column took 2.5x the time, 2026-12-06); a
    # scan one query per crew, one crew's rows at a time. Grouped by crew on a scan, the report of
    # a 10^6-game run peaked at 2.0 GB against 1.3 GB (`playtest report RUN -f json`, 2026-12-07).
    rows: dict[str, list[dict]] = {metric: [] for metric in metrics}  # the table lists metric by metric
    for crew, mine in F.per_game_by(_turns(events), "crew", pl.len().alias("took"),
                                    *(pl.col(c).fill_null(0).sum() for c in columns)):
        took = mine["took"].to_numpy()
        for metric in metrics:
            column, definition = PER_PICK[metric]
            total = mine[column].to_numpy()
            est, lo, hi = mean_of_sums(total, took, at_least=0.0 if column in COUNTS else None)
            rows[metric].append({C.METRIC: metric, C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                                 C.N: int(took.sum()), C.DEFINITION: definition,
                                 PARTS: Parts(mine["game"].to_numpy(), (total, took), ratio, n=took)
                                 if wanted() else None})
    return C.metric_frame(row for metric in metrics for row in rows[metric])


def vp_by_source(games: Table) -> pl.DataFrame:
    """Each score part's share of all points scored (ratio of sums, delta-method interval over
    games: the players of a game are summed first)."""
    parts = score_parts(games)
    per = F.per_game(games, *(pl.col(f"score_{part}").sum() for part in parts), pl.col("total").sum(),
                     pl.len().alias("rows"))
    rows = []
    for part in parts:
        num, den = per[f"score_{part}"].to_numpy(), per["total"].to_numpy()
        est, lo, hi = share_of_sums(num, den)
        rows.append({C.METRIC: "vp_share_by_source", C.GROUP: part, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: int(per["rows"].sum()),
                     PARTS: Parts(per["game"].to_numpy(), (num, den), ratio, n=per["rows"].to_numpy()) if wanted() else None,
                     C.DEFINITION: "Share of all points scored that came from this source; delta-method interval."})
    return C.metric_frame(rows)


def planet_outcomes(events: Table) -> pl.DataFrame:
    """How often each planet fills, and how often its majority scores a 0-VP slot."""
    final = F.lazy(events).filter(pl.col("kind") == "planet_final")
    held = pl.col("slots_filled") > 0
    rows = []
    sums = [pl.len().alias("rows"), (pl.col("slots_filled") >= pl.col("slots_total")).sum().alias("full"),
            held.sum().alias("held"), (held & (pl.col("majority_vp") == 0)).sum().alias("zero")]
    splits = itertools.chain([("all", F.per_game(final, *sums))],
                             ((str(k), per) for k, per in F.per_game_by(final, "planet", *sums)))
    for planet, per in splits:
        ids, planets = per["game"].to_numpy(), per["rows"].to_numpy()
        est, lo, hi = proportion_of_sums(per["full"].to_numpy(), planets)
        rows.append({C.METRIC: "planet_fill_rate", C.GROUP: planet, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: int(per["rows"].sum()),
                     PARTS: Parts(ids, (per["full"].to_numpy(), planets), ratio, n=planets) if wanted() else None,
                     C.DEFINITION: "Share of games (where dealt) in which every slot of the planet was filled."})
        # The games in which it has cubes, as a mask, not a polars filter per planet (the jackknife
        # computes this once per block of games; a 60-game run: 3.1 → 1.5 ms, 2026-12-05).
        held_rows = per["held"].to_numpy()
        with_cubes = held_rows > 0
        est, lo, hi = proportion_of_sums(per["zero"].to_numpy()[with_cubes], held_rows[with_cubes])
        # over the planet's games (its row is there while one is); no cubes, no 0-VP majority: the same sums
        rows.append({C.METRIC: "planet_zero_vp_majority_rate", C.GROUP: planet, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: int(held_rows.sum()),
                     PARTS: Parts(ids, (per["zero"].to_numpy(), held_rows), _proportion, n=held_rows) if wanted() else None,
                     C.DEFINITION: "Share of games (where it has cubes) in which the planet's majority scored a 0-VP slot."})
    return C.metric_frame(rows)


def _proportion(num: np.ndarray, den: np.ndarray) -> float:
    """`proportion_of_sums`' estimate over the entries whose denominator is not 0 (the same sums;
    NaN when none is, as it is without entries)."""
    return ratio(num, den) if (den > 0).any() else math.nan


def end_reasons(events: Table, triggers: Sequence[str] = ()) -> pl.DataFrame:
    """Which end trigger ended each game (share of games, Wilson intervals). `triggers`: the
    run's variant's end triggers (`end:`), each a row, 0% when it never fired, as every crew of
    the variant has a pick-rate row: a trigger that fired in none of 40 games got no row, so a
    gate on it ("round_cap ≤ 5%") was refused or taken as the seed happened to fire it, and
    compare showed it as missing rather than never seen. Any other that fired (the safety stop,
    max_rounds) is a row too."""
    return C.metric_frame(end_reason_rows(events, triggers))


def end_reason_rows(events: Table, triggers: Sequence[str] = ()) -> list[dict]:
    """`end_reasons`' rows (with their parts), for a table that adds rows of its own (the findings')."""
    if "end_reason" not in F.columns(events):
        return []
    ends = F.collect(F.lazy(events).filter(pl.col("kind") == "game_end").group_by("end_reason").len())
    n = int(ends["len"].sum())
    fired = {str(reason): int(count) for reason, count in ends.iter_rows()}
    if n == 0:
        return []
    counts = {**dict.fromkeys(triggers, 0), **fired}
    ended = F.collect(F.lazy(events).filter(pl.col("kind") == "game_end").select("game", "end_reason")) if wanted() else None
    rows = []
    for reason, count in sorted(counts.items(), key=lambda t: (-t[1], t[0])):
        est, lo, hi = wilson(count, n)
        parts = None
        if ended is not None:
            fired_here = (ended["end_reason"] == reason).to_numpy()
            parts = Parts(ended["game"].to_numpy(), (fired_here,), share, n=np.ones(ended.height, dtype=int),
                          shows=fired_here, always=reason in triggers)
        rows.append({C.METRIC: "end_reason_share", C.GROUP: reason, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n, PARTS: parts,
                     C.DEFINITION: "Share of games ended by this trigger (max_rounds: the safety stop)."})
    return rows


def summary_tables(games: Table, events: Table, crews: Sequence[str] = (),
                   triggers: Sequence[str] = ()) -> list[tuple[str, pl.DataFrame]]:
    """Stargate's titled metric tables: the game hook (GameSpec.summary) used by `simulate`'s
    terminal summary and by the reports. `crews`, `triggers`: the run's variant's crews
    (crew_pick_rates) and end triggers (end_reasons)."""
    picks = crew_pick_rates(events, crews)
    wins = _crew_wins(games, events)
    win_rates = win_rates_of_sums(wins, "crew_win_rate", CREW_WIN_RATE)
    per_pick = crew_per_pick(events)
    return [
        ("Crew pick rate (all turns)", picks.filter(pl.col(C.METRIC) == "crew_pick_rate")),
        ("Crew as first pick of a round", picks.filter(pl.col(C.METRIC) == "crew_first_pick_rate")),
        ("Crew pick rate by round", crew_pick_rates_by_round(events)),
        ("Win rate of players who took the crew", win_rates),
        ("Win-rate lift of taking the crew", crew_win_lift(games, events, win_rates, wins)),
        ("Skill VP per pick", per_pick.filter(pl.col(C.METRIC) == "crew_vp_per_pick")),
        # Two tables, not one "Cubes gained and placed per pick": where no skill gains cubes (the
        # draft-6 ideas) that table held the placed rows only, and the terminal, which names the
        # metric only in a table of several, showed them under a title that promised both.
        ("Cubes gained per pick", per_pick.filter(pl.col(C.METRIC) == "crew_cubes_gained_per_pick")),
        ("Cubes placed per pick", per_pick.filter(pl.col(C.METRIC) == "crew_cubes_placed_per_pick")),
        ("VP by source", vp_by_source(games)),
        ("Planets: fill rate and 0-VP majorities", planet_outcomes(events)),
        ("What ended the game", end_reasons(events, triggers)),
    ]


END_TRIGGERS = ("stock_empty", "planets_full", "round_cap", "out_of_cubes")
"""Every end trigger a variant may list (`end:`); `end_reason_share` may also say max_rounds."""

def _effect_names(may: Callable[[type[sc.SkillEffect]], bool]) -> str:
    """The `effect` keys of the schema's crew effects that `may` do something (schema.may_give_vp,
    may_gain_cubes), as words ("a, b or c")."""
    names = [typing.get_args(c.model_fields["effect"].annotation)[0] for c in sc.EFFECTS if may(c)]
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else "such"


def _may_give_vp(effect: sc.SkillEffect) -> bool:
    """An effect that does not declare `gives_vp` (SkillEffect) may give VP: its rows are kept,
    not declared switched off. An `amount` of 0 gives none."""
    return sc.may_give_vp(effect) and getattr(effect, "amount", 1) != 0


def _extensions_off(variant: sc.StargateVariant) -> str | None:
    """Why the `extensions` score part can only be 0 under `variant`, or None when it may score.
    An effect that does not declare `develops` (schema.SkillEffect) may fill extension slots, so
    its crew keeps the rows where the slots exist."""
    if not any(sc.may_develop(e) for c in variant.crews for e in c.skill):
        return f"no crew has a {_effect_names(sc.may_develop)} skill"
    if not any(p.extension_vp for p in variant.planets) and not any(c.extension_vp for c in variant.crews):
        return "no planet or crew card has extension slots (extension_vp)"
    return None


def switched_off(variant: sc.StargateVariant) -> list[Off]:
    """The mechanisms `variant` switches off (GameSpec.switched_off), with the rows that measure
    them: a score part that is 0 by the rules, a crew's skill VP or cubes that its skill cannot
    give, an end trigger the variant does not list."""
    out: list[Off] = []
    if variant.scoring.color_bonus is sc.ColorBonus.NONE:
        out.append(Off("the color bonus", "scoring.color_bonus: none", Off.score_part("color")))
    if not any(planet_handler_of(e).changes_vp(e) for p in variant.planets for e in p.effects):
        out.append(Off("planet effects' VP", "no planet has an effect that changes VP", Off.score_part("planet_effects")))
    extensions_off = _extensions_off(variant)
    if extensions_off:
        out.append(Off("extension slots", extensions_off, Off.score_part("extensions")))
    gives_vp = [c.id for c in variant.crews
                if any(_may_give_vp(e) for e in c.skill)]
    if not gives_vp:
        out.append(Off("crew skill VP", f"no crew has a {_effect_names(sc.may_give_vp)} skill",
                       (*Off.score_part("skill"), ("crew_vp_per_pick", "*"))))
    else:
        no_vp = [c.id for c in variant.crews if c.id not in gives_vp]
        if no_vp:
            out.append(Off(f"skill VP of {', '.join(no_vp)}",
                           f"their skills have no {_effect_names(sc.may_give_vp)} effect",
                           tuple(("crew_vp_per_pick", c) for c in no_vp)))
    no_cubes = [c.id for c in variant.crews if not any(sc.may_gain_cubes(e) for e in c.skill)]
    if len(no_cubes) == len(variant.crews):  # the whole metric (a gate or --metric on it names this)
        out.append(Off("cubes gained by the skill of any crew",
                       f"no {_effect_names(sc.may_gain_cubes)} effect in any skill",
                       (("crew_cubes_gained_per_pick", "*"),)))
    elif variant.cubes.start_in_hand >= variant.cubes.total:
        # Every cube starts in hand (draft 6a's idea): the stock is empty and nothing ever puts a
        # cube into it, so Bays' gain_cubes read 0 in every game, as if measured and never used.
        out.append(Off("cubes gained by the skill of any crew",
                       f"cubes.start_in_hand {variant.cubes.start_in_hand} of cubes.total {variant.cubes.total}: "
                       "the stock starts empty and nothing refills it",
                       (("crew_cubes_gained_per_pick", "*"),)))
    elif no_cubes:
        out.append(Off(f"cubes gained by the skill of {', '.join(no_cubes)}",
                       f"no {_effect_names(sc.may_gain_cubes)} effect in their skills",
                       tuple(("crew_cubes_gained_per_pick", c) for c in no_cubes)))
    listed = {t.trigger for t in variant.end}
    unlisted = [t for t in END_TRIGGERS if t not in listed]
    if unlisted:
        out.append(Off(f"the end trigger{'s' if len(unlisted) > 1 else ''} {', '.join(unlisted)}",
                       f"end: lists only {', '.join(t for t in END_TRIGGERS if t in listed)}",
                       tuple(("end_reason_share", t) for t in unlisted)))
    return out
