"""The metric builder: every metric of a run's report as one tidy metric table.

`all_metrics(info, games, events)` is the stable entry point other commands (compare, diff,
sweep) rely on; `sections(...)` gives the same rows grouped under titles for the reports. Game
specific metrics come through the game's hook (`GameSpec.summary`: titled metric tables), so
this module knows no game's internals.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import common
from playtest.analysis import frames as F
from playtest.analysis.floors import score_floors
from playtest.analysis.frames import Table
from playtest.analysis.offs import drop_off, switched_off
from playtest.analysis.run_variant import run_variant
from playtest.core.spec import GameSpec, MetricInfos
from playtest.errors import PlaytestError

REPORT_METRICS_VERSION = 1


@dataclass(frozen=True)
class Section:
    """A titled metric table; `game` says it came from the game's own hook."""

    key: str
    title: str
    table: pl.DataFrame
    game: bool = False


@dataclass(frozen=True)
class Needs:
    """What a common section needs to know of the run beyond its tables, and which of its rows
    the caller reads."""

    floors: Mapping[str, float] = dataclasses.field(default_factory=dict)
    """The least value each score part can take under the run's variant (analysis/floors.py)."""
    quantiles: bool = True
    """The score quantiles. No comparison tests a quantile (compare.metrics.is_tested), so a
    jackknife's block recomputations leave them out: 23% of the CPU time of all metrics of a
    30-game Stargate run (132 → 101 ms, five interleaved runs of 4, 2026-12-04)."""
    score_splits: bool = True
    """The score distribution by seat and by bot besides 'all players' (the ladder reads only that)."""


CommonFn = Callable[[Table, Table, Needs], pl.DataFrame]
"""(games, events, what else the section needs) → a metric table."""

COMMON_SECTIONS: tuple[tuple[str, str, CommonFn], ...] = (
    ("seats", "Win rate by seat", lambda games, events, needs: common.seat_win_rates(games)),
    ("first_player", "Seat 1's advantage", lambda games, events, needs: common.first_player_advantage(games)),
    ("balance", "Balance", lambda games, events, needs: common.balance(games)),
    ("bots", "Win rate by bot", lambda games, events, needs: common.bot_win_rates(games)),
    ("scores", "Score distribution by seat, bot and component",
     lambda games, events, needs: common.score_distribution(games, needs.floors, quantiles=needs.quantiles,
                                                            by_seat_and_bot=needs.score_splits)),
    ("outcome", "Margin, ties and game length", lambda games, events, needs: common.outcome_shape(games)),
    ("leader", "Leader after each round goes on to win", lambda games, events, needs: common.leader_wins(games, events)),
    ("sample_size", "What this many games can detect", lambda games, events, needs: common.sample_size(games)),
)
"""(key, title, metric function) of the sections every game's report has."""

GAME = "game"
"""Section key that stands for all of the game's own sections (one hook computes them)."""


def _common_sections(games: Table, events: Table, keys: Collection[str] | None, needs: Needs) -> list[Section]:
    return [Section(key, title, fn(games, events, needs)) for key, title, fn in COMMON_SECTIONS
            if keys is None or key in keys]


def _game_spec(info: Mapping[str, Any]) -> GameSpec | None:
    name = info.get("game")
    if not name:
        return None
    from playtest.games import get_game

    return get_game(name)  # an unknown game or a broken plugin: one-line error


def _installed_spec(info: Mapping[str, Any]) -> GameSpec | None:
    """The run's game's spec, or None for a run without a game or whose game is not installed
    here (its report is still drawn, with what every game has)."""
    from playtest.games import GameNotFoundError

    try:
        return _game_spec(info)
    except GameNotFoundError:
        return None


def repeats(info: Mapping[str, Any]) -> Mapping[str, tuple[str, str]]:
    """The run's game's metrics that repeat another's table (GameSpec.repeats); none for a run
    whose game is not installed here."""
    spec = _installed_spec(info)
    return spec.repeats if spec is not None else {}


def by_round_metrics(info: Mapping[str, Any]) -> frozenset[str]:
    """The run's game's metrics tabulated round by round (GameSpec.by_round_metrics); none for
    a run whose game is not installed here (its report is still drawn)."""
    spec = _installed_spec(info)
    return spec.by_round_metrics if spec is not None else frozenset()


def metric_info(info: Mapping[str, Any]) -> MetricInfos:
    """What the run's game declares about its own metrics (GameSpec.metric_info: titles, ladder
    phrases, kinds); none for a run whose game is not installed here (every metric named by its
    id and written by its name)."""
    spec = _installed_spec(info)
    return spec.metric_info if spec is not None else {}


def _variant_of(info: Mapping[str, Any]) -> Any:
    """The run's validated variant for a summary hook (None: none this version can read)."""
    read = run_variant(info)
    return read[1] if read is not None else None


def _slug(title: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in title.lower()).strip("_")


def game_sections(info: Mapping[str, Any], games: Table, events: Table) -> list[Section]:
    """The game's own titled metric tables, through its GameSpec.summary hook."""
    spec = _game_spec(info)
    if spec is None or spec.summary is None:
        return []
    if not spec.summary_lazy:  # a hook written for tables in memory
        games, events = F.collect(F.lazy(games)), F.collect(F.lazy(events))
    out = []
    tables = spec.summary(games, events, _variant_of(info)) if spec.summary_variant else spec.summary(games, events)
    pairs = _pairs_problem(tables)
    if pairs:
        raise SummaryTableError(f"game '{spec.name}': its summary returned {pairs}, not a list of (title, table) "
                                "pairs (GameSpec.summary: [(title, metric table)], docs/extending.md)")
    for title, table in tables:
        problem = table_problem(table)
        if problem:
            raise SummaryTableError(f"game '{spec.name}': its summary table {title!r} {problem} (a GameSpec.summary "
                                    "table is built with playtest.analysis.columns.metric_frame)")
        table_of = f"its summary table {title!r}"
        unsaid = unsaid_row(table)
        if not title.strip():
            metrics = table[C.METRIC].unique(maintain_order=True).to_list()
            table_of, unsaid = "its summary", f"gave a table without a title (of metrics {', '.join(map(repr, metrics))})"
        if unsaid:
            raise SummaryTableError(f"game '{spec.name}': {table_of} {unsaid}: every number in a report says what it "
                                    "is (docs/extending.md, 'The folder': metrics.py)")
        out.append(Section(f"game:{_slug(title)}", title, _as_metric_table(table), game=True))
    return out


def _as_metric_table(table: pl.DataFrame) -> pl.DataFrame:
    """`table` with exactly the metric table's columns, in order, of its types: as it is when it
    already has them (every table built with columns.metric_frame): a select and a cast that change
    nothing cost 0.11 ms a table against 0.007 for the look at its schema (2026-12-05), and compare's
    jackknife computes a game's ten or so tables once per block of games."""
    if list(table.schema.items()) == list(C.METRIC_SCHEMA.items()):
        return table
    return table.select(list(C.METRIC_SCHEMA)).cast(pl.Schema(C.METRIC_SCHEMA))


class SummaryTableError(PlaytestError):
    """A game's summary hook returned a table that is not a metric table: the game's bug, named
    as such (not an internal error of playtest's report)."""


def _pairs_problem(tables: object) -> str | None:
    """What keeps a summary hook's answer from being a list of (title, table) pairs, as 'a
    DataFrame', or None. A lone table returned as it is was 'internal error: ValueError: not
    enough values to unpack' (a DataFrame iterates as its columns)."""
    if not isinstance(tables, list | tuple):
        return f"a {type(tables).__name__}"
    odd = next((item for item in tables
                if not (isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], str))), None)
    if odd is None:
        return None
    if isinstance(odd, list | tuple) and len(odd) == 2:  # a pair, titled with no text: 'an item that is a tuple' misled
        return f"a pair whose title, {reprlib.repr(odd[0])}, is no text"
    return f"an item that is a {type(odd).__name__}"


def table_problem(table: object) -> str | None:
    """What keeps `table` from being a metric table, or None."""
    if not isinstance(table, pl.DataFrame):
        return f"is a {type(table).__name__}, not a polars DataFrame"
    missing = [c for c in C.METRIC_SCHEMA if c not in table.columns]
    if missing:
        return f"has no column {', '.join(missing)}"
    return None


def unsaid_row(table: pl.DataFrame) -> str | None:
    """A metric table's first row that does not say what its number is, in words ("has a row of
    metric 'mean_taken' without a definition", "has a row without a metric id"), or None. Such
    a row of a game's own went into every report silently: a number under an empty heading, or
    with no definition in the Markdown report's list (h252)."""
    for metric, definition in zip(table[C.METRIC].to_list(), table[C.DEFINITION].to_list(), strict=True):
        if metric is None or not metric.strip():
            return "has a row without a metric id"
        if definition is None or not definition.strip():
            return f"has a row of metric {metric!r} without a definition"
    return None


def sections(info: Mapping[str, Any], games: Table, events: Table,
             keys: Collection[str] | None = None, *, quantiles: bool = True,
             score_splits: bool = True) -> list[Section]:
    """Every metric of the report, grouped under titles: the generic ones, then the game's.
    `keys`: only these sections (`GAME` for all of the game's own). The rows of a mechanism the
    run's variant switches off are left out (analysis/offs.py), and so is a section left empty.
    A mean score's interval stops at the floor the game declares for that part under the run's
    variant (analysis/floors.py). `quantiles`, `score_splits`: see Needs."""
    with F.tables_in_memory(games, events), common.lineups_found_once():
        own = game_sections(info, games, events) if keys is None or GAME in keys else []
        needs = Needs(score_floors(info), quantiles, score_splits)
        found = [*_common_sections(games, events, keys, needs), *own]
    found = _said_once(_defined_by_game(found, info), repeats(info) if own else {})
    offs = switched_off(info)
    if offs:
        found = [dataclasses.replace(s, table=drop_off(s.table, offs)) for s in found]
    return [s for s in found if s.table.height]


def _defined_by_game(found: list[Section], info: Mapping[str, Any]) -> list[Section]:
    """The common definitions that depend on the run's game: `game_length_turns` by what it counts
    as a turn (GameSpec.turns_counted: New Frontiers' ~200 "turns" a game are its decisions, not
    one go per player), and `first_player_advantage` by what its seat 1 is (GameSpec.seat_one:
    "start player" was said of every game, and Oh-Seven's seat 1 deals round 1 and bids last)."""
    spec = _game_spec(info) if any(s.key in ("outcome", "first_player") for s in found) else None
    if spec is None:
        return found
    said: dict[str, tuple[str, pl.Expr]] = {}  # section key → (metric, its definition)
    if spec.turns_counted != "turns":
        said["outcome"] = ("game_length_turns",
                           pl.lit(f"Mean number of {spec.turns_counted} a game lasts; skewness-corrected t interval."))
    if spec.seat_one:
        said["first_player"] = ("first_player_advantage",
                                pl.col(C.DEFINITION).str.strip_chars_end(".") + pl.lit(f"; seat 1 is {spec.seat_one}."))
    out = []
    for s in found:
        if s.key in said:
            metric, definition = said[s.key]
            s = dataclasses.replace(s, table=s.table.with_columns(
                pl.when(pl.col(C.METRIC) == metric).then(definition).otherwise(pl.col(C.DEFINITION)).alias(C.DEFINITION)))
        out.append(s)
    return out


def _said_once(found: list[Section], repeated: Mapping[str, tuple[str, str]]) -> list[Section]:
    """The definition of a metric another repeats (GameSpec.repeats) says so, why, and what the
    other's definition says: the reports show its table alone (report.model.Report.shown).
    Sections are searched by their metric lists, not by polars filters: those, on every section
    and every call, were 18% of a jackknife's recomputation of a New Frontiers run's metrics
    (0.011 of 0.061 s) and 13% of a Stargate run's, which has no such metric (2026-12-05)."""
    if not repeated:
        return found
    metrics = [s.table[C.METRIC].to_list() for s in found]
    defs: dict[str, str] = {}
    for s, names in zip(found, metrics, strict=True):
        for m in {m for metric, (other, _) in repeated.items() for m in (metric, other)} - defs.keys():
            if m in names:
                defs[m] = s.table[C.DEFINITION][names.index(m)]
    notes: dict[str, str] = {}
    for metric, (other, why) in repeated.items():
        if metric in defs and other in defs:
            notes[other] = notes.get(other, "") + (f" This is also the table of {metric} (kept under that name in "
                                                   f"the JSON, for gates and compare): {why}. {metric}: {defs[metric]}")
    if not notes:
        return found
    out = []
    for s, names in zip(found, metrics, strict=True):
        for other, note in notes.items():
            if other in names:
                s = dataclasses.replace(s, table=s.table.with_columns(
                    pl.when(pl.col(C.METRIC) == other).then(pl.col(C.DEFINITION) + pl.lit(note))
                    .otherwise(pl.col(C.DEFINITION)).alias(C.DEFINITION)))
        out.append(s)
    return out


def every_section_but(*left_out: str) -> frozenset[str]:
    """The keys of every report section (the game's own as GAME) but `left_out`: what compare,
    the ladder and calibrate compute, leaving out sections none of whose rows they keep rather
    than computing them once per jackknife block only to drop them. A key that names no section
    is a ValueError (a misspelt key left its section in, silently)."""
    every = frozenset([*(key for key, _, _ in COMMON_SECTIONS), GAME])
    unknown = sorted(set(left_out) - every)
    if unknown:
        raise ValueError(f"every_section_but: no report section {', '.join(map(repr, unknown))} "
                         f"(the sections: {', '.join(sorted(every))})")
    return every - set(left_out)


def section_keys(found: Collection[Section], metrics: Collection[str]) -> set[str]:
    """The keys of the sections (as `sections` found them on some run) that hold these metrics."""
    return {GAME if s.game else s.key for s in found if set(s.table[C.METRIC].to_list()) & set(metrics)}


def all_metrics(info: dict, games: Table, events: Table, keys: Collection[str] | None = None, *,
                quantiles: bool = True) -> pl.DataFrame:
    """Every metric from the report for a run (run.json dict, games and events tables): one row
    per metric × group with estimate, 95% interval, n, p-value (where a test applies) and a
    one-line definition. Stable entry point: the signature and the columns do not change.
    `keys`: only the metrics of these sections (`diff` computes only what its gates read);
    without `quantiles`, no score quantile rows (Needs.quantiles)."""
    return metric_table(sections(info, games, events, keys, quantiles=quantiles))


def metric_table(found: Collection[Section]) -> pl.DataFrame:
    """The rows of these sections as one metric table, a (metric, group) that two of them hold once
    (the first): `all_metrics`' table of the sections `sections` found."""
    parts = [s.table for s in found]
    if not parts:
        return C.metric_frame([])
    return pl.concat(parts, how="vertical").unique(subset=[C.METRIC, C.GROUP], keep="first", maintain_order=True)
