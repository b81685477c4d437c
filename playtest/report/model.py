"""The report document: run provenance, card names, the verdict and every metric section.

`build_report` turns a run (run.json, games, events) into a `Report`; its `to_dict()` is the
JSON report (schema `report.schema.json`, documented in docs/report-json.md) and the HTML and
Markdown renderers read the same object. Statistics come from `playtest.analysis`; this module
only picks and words the verdict.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import polars as pl

from playtest import __version__
from playtest.analysis import columns as C
from playtest.analysis import frames as F
from playtest.analysis.calibration import MIN_GAMES
from playtest.analysis.common import BOTS_DECIDED, SEAT_TEST_ALPHA, WITHIN_LINEUPS_TEST
from playtest.analysis.frames import Table
from playtest.analysis.metrics import Section, metric_info, repeats, sections
from playtest.analysis.offs import switched_off
from playtest.analysis.stats import games_needed, min_detectable_advantage
from playtest.core.results import SAFETY_STOP
from playtest.core.spec import MetricInfos, Off
from playtest.errors import Interrupted
from playtest.report import format as units

SCHEMA_ID = "playtest-report"
SCHEMA_VERSION = 1
ALPHA = 0.05
FAIR_ENOUGH = 0.10
"""The largest seat advantage (a share of games, 10 points) a run may be unable to see and still
call its seats fair: 16 games whose tests are silent read "✅ Seats look fair" although their
detectable advantage is 38.9 points (exactly, over every count of 16 games, the verdict's tests
see a seat winning 63.9% instead of 25% 82% of the time in seat 1 and 75% in another seat; one
winning 35% they miss more than nine times in ten). Below that power the verdict is `unknown`,
with the games that would see 10 points. The power figures (analysis.common.sample_size) are the
chi-square test's at the level of each of the verdict's two tests (SEAT_TEST_ALPHA, 2.5%), for an
advantage in any seat; with only one test (no seat-1 p-value) it runs at 5% and the figures are
conservative. (10 points at 4 players: a seat winning 35% of games instead of 25%, which no
designer would call fair; 243 games see it.)"""
CALIBRATION = ("Every interval here is computed over games (rows of one game are not independent); how "
               "often they cover and how often the tests raise false alarms is measured in "
               "docs/calibration.md of playtest's source.")


@dataclass(frozen=True)
class VerdictItem:
    """One headline number: a metric row, the value that would mean 'fair' and whether the
    95% interval contains it (None when fairness does not apply)."""

    label: str
    metric: str
    group: str
    estimate: float | None
    ci_low: float | None
    ci_high: float | None
    n: int | None
    definition: str
    fair_value: float | None = None
    within_fair: bool | None = None
    unit: str = "rate"  # rate | points | number | count


@dataclass(frozen=True)
class Verdict:
    status: str  # "fair" | "unfair" | "unknown"
    headline: str
    detail: str
    items: tuple[VerdictItem, ...]


@dataclass(frozen=True)
class Report:
    run: dict[str, Any]
    names: dict[str, dict[str, str]]
    verdict: Verdict
    sections: tuple[Section, ...]
    generated_by: str = field(default=f"playtest {__version__}")
    switched_off: tuple[Off, ...] = ()
    """The mechanisms the variant switches off: their rows are not in `sections` (analysis/offs.py)."""

    @cached_property
    def declared(self) -> MetricInfos:
        """What the run's game declares about its own metrics (GameSpec.metric_info)."""
        return metric_info(self.run)

    @cached_property
    def shown(self) -> tuple[Section, ...]:
        """The sections the terminal, Markdown and HTML reports show: without the rows of a metric
        that repeats another's table (GameSpec.repeats: New Frontiers' win rate by start position
        is its win rate by seat, whose definition says so), a section left empty dropped. The
        JSON keeps every section (`to_dict`)."""
        hidden = [m for m, (other, _) in repeats(self.run).items()
                  if any((s.table[C.METRIC] == other).any() for s in self.sections)]
        if not hidden:
            return self.sections
        kept = (dataclasses.replace(s, table=s.table.filter(~pl.col(C.METRIC).is_in(hidden))) for s in self.sections)
        return tuple(s for s in kept if s.table.height)

    @cached_property
    def _shown_by_metric(self) -> dict[str, pl.DataFrame]:
        shown = [s.table for s in self.shown]
        if not shown:
            return {}
        parts = pl.concat(shown).partition_by(C.METRIC, as_dict=True, maintain_order=True)
        return {key[0]: part for key, part in parts.items()}

    def rows_of(self, metric: str) -> pl.DataFrame:
        """The shown rows of one metric, from every section that has it, in order. The charts ask
        for each metric's rows: one split of the shown tables, where a filter of every section per
        chart ran about 400 small queries a report (all charts of a 40-game Stargate report, best
        of five: 113 → 107 ms of CPU; 2026-12-05)."""
        found = self._shown_by_metric.get(metric)
        return found if found is not None else pl.DataFrame(schema=C.METRIC_SCHEMA)

    def repeated_by(self, metric: str) -> list[str]:
        """The titles of the sections left out of `shown` because they repeat `metric`'s table."""
        mine = {m for m, (other, _) in repeats(self.run).items() if other == metric}
        kept = {s.key for s in self.shown}
        return [s.title for s in self.sections if s.key not in kept and set(s.table[C.METRIC].to_list()) & mine]

    def kind(self, metric: str) -> str:
        """How the metric's numbers are written (report/format.py: `kind`), as its game declares."""
        return units.kind(metric, self.declared)

    def label(self, ident: str) -> str:
        return label_of(self.names, ident)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_ID,
            "schema_version": SCHEMA_VERSION,
            "generated_by": self.generated_by,
            "run": self.run,
            "names": self.names,
            "verdict": {
                "status": self.verdict.status,
                "headline": self.verdict.headline,
                "detail": self.verdict.detail,
                "items": [_clean(vars(i)) for i in self.verdict.items],
            },
            "sections": [
                {"key": s.key, "title": s.title, "game_specific": s.game,
                 "metrics": [_clean(r) for r in s.table.iter_rows(named=True)]}
                for s in self.sections
            ],
            "switched_off": [off_dict(o) for o in self.switched_off],
        }


def off_dict(off: Off) -> dict[str, Any]:
    """A switched-off mechanism in the JSON outputs: what, why and the (metric, group) patterns."""
    return {"what": off.what, "why": off.why, "rows": [{"metric": m, "group": g} for m, g in off.rows]}


def _clean(row: Mapping[str, Any]) -> dict[str, Any]:
    """NaN → None so the JSON is valid JSON."""
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}


def label_of(names: dict[str, dict[str, str]], ident: str) -> str:
    """A card/crew/planet id as the variant spells it ('ja en'; `names`: `variant_names`), else
    the id itself; two-level groups 'a / b' are labelled part by part. The report, the ladder and
    compare write groups with it. A name that another id of the variant shares (two tiles
    called 'Academy') is followed by the id, 'Academy (d19)': the rows and the charts' bands
    (which merge equal labels into one) must tell them apart."""
    if " / " in ident:
        return " / ".join(label_of(names, p) for p in ident.split(" / "))
    label = _name_label(names.get(ident), ident)
    if label != ident and any(other != ident and _name_label(name, other) == label for other, name in names.items()):
        return f"{label} ({ident})"
    return label


def _name_label(name: dict[str, str] | None, ident: str) -> str:
    if not name:
        return ident
    ja, en = name.get("ja"), name.get("en")
    if ja and en and ja != en:
        return f"{ja} {en}"
    return ja or en or ident


def variant_names(resolved: Any) -> dict[str, dict[str, str]]:
    """Every id'd item of the resolved variant that carries a name ({ja, en} or a string)."""
    out: dict[str, dict[str, str]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ident, name = node.get("id"), node.get("name")
            if isinstance(ident, str | int) and name is not None:
                if isinstance(name, dict):
                    out.setdefault(str(ident), {k: str(v) for k, v in name.items() if isinstance(v, str | int)})
                elif isinstance(name, str):
                    out.setdefault(str(ident), {"en": name})
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(resolved)
    return out


def _n_unique(table: Table, column: str) -> int:
    return int(F.collect(F.lazy(table).select(pl.col(column).n_unique())).item())


def run_summary(info: Mapping[str, Any], games: Table) -> dict[str, Any]:
    """Provenance for the header: variant, its changes, seed, games, bots, versions."""
    v = info.get("variant", {}) or {}
    try:
        from playtest.games import get_game

        title = get_game(info["game"]).title
    except Interrupted:  # Ctrl-C while the plugin loads stops the command, as anywhere else
        raise
    except Exception:  # an unknown or absent game still gets a report
        title = str(info.get("game", ""))
    return {
        "game": info.get("game"),
        "game_title": title,
        "variant": {
            "name": v.get("name"),
            "path": v.get("path"),
            "hash": v.get("hash"),
            "rules_version": v.get("rules_version"),
            "chain": list(v.get("chain", []) or []),
            "overrides": list(v.get("overrides", []) or []),
            "changes": list(v.get("changes", []) or []),
        },
        "seed": info.get("seed"),
        "games": info["games"] if "games" in info else _n_unique(games, "game"),
        "players": info.get("players"),
        "lineup": list(info.get("lineup", []) or []),
        "rotate_seats": info.get("rotate_seats"),
        "command": info.get("command"),
        "playtest_version": (info.get("versions") or {}).get("playtest"),
        "created": info.get("created"),
        "planned_games": info.get("planned_games"),  # set only for a partial (interrupted) run
    }


def _row(secs: list[Section], metric: str, group: str | None = None) -> dict[str, Any] | None:
    for s in secs:
        df = s.table.filter(pl.col(C.METRIC) == metric)
        if group is not None:
            df = df.filter(pl.col(C.GROUP) == group)
        if df.height:
            return df.row(0, named=True)
    return None


def _rows(secs: list[Section], metric: str) -> list[dict[str, Any]]:
    return [r for s in secs for r in s.table.filter(pl.col(C.METRIC) == metric).iter_rows(named=True)]


def _contains(row: dict[str, Any], value: float) -> bool | None:
    """Whether the row's interval contains `value`; None when the row has no interval."""
    lo, hi = row[C.CI_LOW], row[C.CI_HIGH]
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return None
    return bool(lo <= value <= hi)


def _item(label: str, row: dict[str, Any] | None, fair: float | None = None, unit: str = "rate") -> VerdictItem | None:
    if row is None:
        return None
    lo, hi = row[C.CI_LOW], row[C.CI_HIGH]
    within = None if fair is None else _contains(row, fair)
    return VerdictItem(label=label, metric=row[C.METRIC], group=row[C.GROUP], estimate=row[C.ESTIMATE], ci_low=lo,
                       ci_high=hi, n=row[C.N], definition=row[C.DEFINITION], fair_value=fair, within_fair=within, unit=unit)


def pct(x: float | None) -> str:
    return "–" if x is None or math.isnan(x) else f"{units.fixed(100 * x, '.1f')}%"


def pts(x: float | None) -> str:
    return units.value(x, "diff")


def safety_stop_note(secs: Sequence[Section], declared: MetricInfos | None = None) -> str | None:
    """A sentence when some games reached the variant's `max_rounds` safety stop: their scores
    are of games the rules never ended, which the verdict must not hide at the bottom of a table.
    Read from a share of games by end reason (Stargate's `end_reason_share`, New Frontiers'
    `end_trigger_share`; a plugin's by its `declared` kind): another metric grouped by end reason
    (a mean length of the games each reason ended) is no share of games."""
    for s in secs:
        rows = [r for r in s.table.filter((pl.col(C.GROUP) == SAFETY_STOP) & (pl.col(C.ESTIMATE) > 0)).iter_rows(named=True)
                if units.is_share(r[C.METRIC], declared)]
        if rows:
            row = rows[0]
            n = int(row[C.N])
            k = round(row[C.ESTIMATE] * n)
            return (f"{pct(row[C.ESTIMATE])} of the games ({k:,} of {n:,}) reached the variant's max_rounds safety "
                    "stop: no end trigger ended them, so their scores are of games cut short by the cap.")
    return None


def _lineup_text(bots: Sequence[str]) -> str:
    """' of heuristic ×4' or ' of greedy, random, …' (seats in order); '' when unknown."""
    if not bots:
        return ""
    return f" of {bots[0]} ×{len(bots)}" if len(set(bots)) == 1 else f" of {', '.join(bots)}"


def games_for_a_verdict(players: int) -> int:
    """The fewest games the seat verdict judges: MIN_GAMES, and enough that the chi-square test
    would see even a seat winning every game (80% power at SEAT_TEST_ALPHA; below that the
    detectable advantage is NaN). A 4-game run of 4 players read 'Too few games to judge the
    seats: 4 games ...; a verdict needs at least 4'; 2 players need 10 games."""
    n = MIN_GAMES
    while math.isnan(min_detectable_advantage(n, players, alpha=SEAT_TEST_ALPHA)) and n < 1000:
        n += 1
    return n


def verdict(secs: list[Section], players: int | None, bots: Sequence[str] = (),
            declared: MetricInfos | None = None, rotated: bool = True) -> Verdict:
    """Seats are called unequal when either of two tests rejects at α/2 (Bonferroni, so the
    verdict's false-alarm rate on fair seats is at most α = 5%): the chi-square test that all
    seats win equally, and the score test that seat 1 wins 1/P. The headline names the
    bots that played (`bots`, the line-up by seat): the verdict is about them. Without rotation
    (`rotated` false, `--no-rotate`) seats holding different bots are told apart by their bots
    too, and the headline says so: 'seat 3 is favoured' was greedy's doing, not seat 3's."""
    seats = _rows(secs, "win_rate_by_seat")
    if not seats or not players:
        return Verdict("unknown", "No seat results in this run.", "", ())
    fair = 1 / players
    p_value = seats[0][C.P_VALUE]
    fpa = _row(secs, "first_player_advantage")
    detect = _row(secs, "detectable_seat_advantage")
    worst = max(seats, key=lambda r: abs(r[C.ESTIMATE] - fair))
    p_fpa = fpa[C.P_VALUE] if fpa is not None else None
    tests = [p for p in (p_value, p_fpa) if p is not None and not math.isnan(p)]
    level = ALPHA / max(1, len(tests))
    equal = all(p >= level for p in tests)
    n_games = seats[0][C.N]
    d = detect[C.ESTIMATE] if detect else math.nan
    # What each test tests, beside its p: 'seat 1 p = 0.082' in a verdict on seat 4 said nothing.
    within = WITHIN_LINEUPS_TEST in (seats[0][C.DEFINITION] or "")
    if within:  # different bots rotating through the seats (analysis.common.game_lineups)
        p_text = f"p {units.p_is(p_value)} that every seat wins equally"
        if p_fpa is not None and not math.isnan(p_fpa):
            p_text += f", p {units.p_is(p_fpa)} that seat 1 wins 1/{players}"
        p_text += ", both within line-ups of the rotating bots"
    else:
        p_text = f"chi-square p {units.p_is(p_value)} (every seat wins equally)"
        if p_fpa is not None and not math.isnan(p_fpa):
            p_text += f", seat 1 p {units.p_is(p_fpa)} (seat 1 wins 1/{players})"
    games_text = f"{n_games} game{'' if n_games == 1 else 's'}{_lineup_text(bots)}"
    if detect is not None and BOTS_DECIDED in (detect[C.DEFINITION] or ""):
        # Greedy won all 100 games against random: "✅ Seats look fair" beside a power figure for one
        # bot in every seat (analysis.common.sample_size). The seats' rates are the rotation's own
        # (each seat held the winner as often), whatever a seat is worth.
        status = "unknown"
        headline = (f"These games cannot judge the seats: the bots decided all {games_text} (in each line-up "
                    "every seat won, or lost, all of its games alike, wherever the bots sat), so no seat's edge "
                    f"smaller than the gap between the bots can show in them (fair share {pct(fair)}; {p_text}).")
        detail = ("More games of these bots would not tell: play one bot in every seat (--bots greedy), or bots "
                  "closer in strength, to judge the seats.")
    elif equal and (n_games < MIN_GAMES or (detect is not None and math.isnan(d))):
        # "Seats look fair" over 1 game, with no caveat: below MIN_GAMES (calibrate's least number of
        # table games for an interval: there an interval says less about the average than one
        # game's spread) the tests' silence says nothing about the seats; nor does the power figure
        # (the chi-square test's large-sample one, where its p is then simulated).
        status = "unknown"
        needed = games_for_a_verdict(players)
        headline = (f"Too few games to judge the seats: {games_text}; a verdict needs at least {needed} "
                    f"(fair share {pct(fair)}; {p_text}).")
        detail = f"Play at least {needed} games for a verdict, and many more to see a modest seat advantage."
    elif equal:
        blind = not math.isnan(d) and d > FAIR_ENOUGH
        status = "unknown" if blind else "fair"
        tests_text = f"fair share {pct(fair)}; {p_text}; each test at {level:.3g} so that both together keep a 5% false-alarm rate"
        headline = (f"Too few games to call the seats fair: no seat advantage detected in {games_text}, but one "
                    f"smaller than about {100 * d:.1f} points could go unseen ({tests_text})." if blind else
                    f"Seats look fair: no seat advantage detected in {games_text} ({tests_text}).")
        outside = [r[C.GROUP] for r in seats if not r[C.CI_LOW] <= fair <= r[C.CI_HIGH]]
        first = (f"Every seat's 95% interval contains {pct(fair)}." if not outside else
                 f"{', '.join(outside)}: its own interval misses {pct(fair)}, but with {len(seats)} seats one such "
                 "miss is expected by chance and the joint tests are not significant.")
        balance = _row(secs, "balance")
        if balance is not None and balance[C.CI_HIGH] is not None and balance[C.CI_HIGH] < 1:
            # The headline said "no seat advantage detected" above a balance row marked "no (100.0%
            # outside)" (12 games, one seat without a win), and nothing said which to believe.
            first += (" The balance interval misses 100.0%: its pairwise comparisons of seats (normal "
                      "approximations, rough with few games) tell two seats apart where the joint tests "
                      "this verdict uses do not; read it as a hint to play more games.")
        if fpa is not None and _contains(fpa, 0.0) is False:
            # 0 of 12 wins for seat 1: its advantage read "-25.0 pts [-25.0, -0.8]: no (0 outside)"
            # beside seat 1's win rate "0.0% [0.0%, 28.8%]: yes (25.0% inside)", unexplained.
            first += (f" Seat 1's advantage interval misses 0: it is Wilson's interval on seat 1's games (its own "
                      f"test{'' if p_fpa is None else f': p {units.p_is(p_fpa)}'}), narrower in few "
                      f"games than the t-based one of seat 1's win rate, and this verdict tests seat 1 at "
                      f"{level:.3g} beside the chi-square test; read it as a hint to play more games." if not within else
                      f" Seat 1's advantage interval misses 0, but this verdict tests seat 1 at {level:.3g} beside the "
                      "test of every seat; read it as a hint to play more games.")
        if within and not math.isnan(d):
            # The power figures are the chi-square test's, for one bot in every seat. Within line-ups the tests
            # lose no power to which bot a seat held, but spend some on the line-ups: at 243 games and 10 points
            # in the last seat (400-600 simulated runs each) they saw it 81-88% of the time with greedy and three
            # random bots (8:1:1:1) against the chi-square and score tests' 74-75%, and 71-73% with like bots
            # (2:1:1:1) against 77-78%. Figures of their own, from a run's spread within line-ups, promise too
            # much where an advantage would widen a weak bot's spread (93:3:2:2, 100 games: 80% promised at 8.3
            # points, 47% seen at 10), so the chi-square test's stand.
            first += (" The power figures below are the chi-square test's, for one bot in every seat: with these "
                      "rotating bots the tests, within line-ups, see an advantage sooner where the bots differ much "
                      "in strength, and somewhat later where they are alike.")
        if blind:
            detail = first + (f" About {games_needed(FAIR_ENOUGH, players, alpha=SEAT_TEST_ALPHA):,} games would see an advantage of "
                              f"{100 * FAIR_ENOUGH:.0f} points (80% power); below that, read the silence of the tests "
                              "as too weak to call the seats fair.")
        else:
            detail = first + (f" An advantage smaller than about {100 * d:.1f} points could still go unseen with "
                              f"{n_games} games." if not math.isnan(d) else "")
    else:
        status = "unfair"
        which = "favoured" if worst[C.ESTIMATE] > fair else "disadvantaged"
        headline = (f"Seats are not equal: {worst[C.GROUP]} is {which}, winning {pct(worst[C.ESTIMATE])} "
                    f"({pct(worst[C.CI_LOW])}–{pct(worst[C.CI_HIGH])}) against a fair {pct(fair)} "
                    f"in {games_text} ({p_text}; each test at {level:.3g}).")
        detail = (f"Seat 1's advantage: {pts(fpa[C.ESTIMATE])} ({pts(fpa[C.CI_LOW])} to {pts(fpa[C.CI_HIGH])})."
                  if fpa else "")
    mixed = unrotated_mixed(bots, rotated)
    if mixed:
        # Said first, and no verdict on the seats: "Seats are not equal: seat 2 is disadvantaged ..."
        # led, and only its last sentence took it back (review h263).
        status = "unknown"
        headline = ("Seat and bot effects cannot be told apart: the seats hold different bots that did not rotate "
                    f"(see below). The win rates by seat, read alone: {headline[0].lower()}{headline[1:]}")
        detail = f"{mixed} {detail}".strip()
    stop = safety_stop_note(secs, declared)
    detail = " ".join(part for part in (detail, f"Warning: {stop}" if stop else "", CALIBRATION) if part)
    items = [
        _item("Seat 1's advantage", fpa, 0.0, "rate_diff"),
        _item(f"Most off-balance seat ({worst[C.GROUP]})", worst, fair),
        _item("Balance (100% = equal seats)", _row(secs, "balance"), 1.0),
        _item("Smallest seat advantage these games can detect", detect, None, "rate_diff"),
        _item("Game length (rounds)", _row(secs, "game_length_rounds"), None, "number"),
        _item("Shared wins", _row(secs, "tie_rate"), None),
    ]
    return Verdict(status, headline, detail, tuple(i for i in items if i is not None))


def unrotated_mixed(bots: Sequence[str], rotated: bool) -> str:
    """The warning of a run whose seats kept different bots (`--no-rotate`), '' otherwise: said in
    the verdict and under `simulate`'s terminal tables, whose seat table alone read as a seat's edge."""
    if rotated or len(set(bots)) <= 1:
        return ""
    return (f"The seats did not rotate (--no-rotate) and hold different bots ({', '.join(bots)}): each seat's "
            "win rate is also its bot's, so these games cannot tell a seat's advantage from a bot's.")


def build_report(info: Mapping[str, Any], games: Table, events: Table) -> Report:
    """The report of a run; the tables in memory or lazy scans (`rundir.open_run`)."""
    secs = sections(dict(info), games, events)
    run = run_summary(info, games)
    players = run["players"] or _n_unique(games, "seat") or None
    resolved = (info.get("variant") or {}).get("resolved", {})
    said = verdict(secs, players, tuple(run.get("lineup") or ()), metric_info(dict(info)),
                   rotated=run.get("rotate_seats") is not False)
    return Report(run=run, names=variant_names(resolved), verdict=said, sections=tuple(secs),
                  switched_off=switched_off(info))
