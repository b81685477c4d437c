"""Many games → games.parquet, events.parquet and run.json, streamed to disk in chunks.

Game g uses seed streams derived from (root seed, g) only, and seats are filled by rotating the
bot line-up by g, so the rows are identical for any number of worker processes and on any
backend (local pool or Dask). Each chunk is played in a worker and comes back as Parquet bytes;
the run folder (playtest.sim.rundir) records it in a manifest, so an interrupted run keeps every
finished chunk and `resume_batch` plays only the missing ones. At the end the chunks are
concatenated by a streaming sink: memory stays flat in the number of games.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import polars as pl

from playtest import __version__, rng
from playtest.core.bots import make_bot
from playtest.core.events import Event, event_data_problem
from playtest.core.protocol import MAX_DECISIONS
from playtest.core.results import floor_problem, result_problem
from playtest.core.spec import GameSpec
from playtest.errors import (
    IllegalActionError,
    Interrupted,
    PlaytestError,
    ProtocolError,
    UsageError,
)
from playtest.games import get_game
from playtest.io import (
    OutputError,
    OutputTaken,
    check_free,
    check_nothing_foreign,
    check_output_path,
    holds_unfinished_run,
    is_playtest_output,
    outside_staging,
    remove_leftovers,
)
from playtest.jsonplaces import located
from playtest.sim import rundir
from playtest.sim.backends import BACKENDS, Chunk, run_dask, run_inline, run_pool
from playtest.sim.rundir import (
    PARTIAL_SUFFIX,
    PartialRun,
    RunStartedBeside,
    check_info,
    check_keys,
    is_locked,
    partial_dir,
    played_with,
    read_json,
    target_of,
)
from playtest.sim.runner import PlayedGame, TurnCapError, batch_gc, play_game
from playtest.text import not_utf8_at
from playtest.variants import Variant

GAME_KEY_COLUMNS: dict[str, pl.DataType] = {
    "game": pl.Int64(),
    "seed": pl.Int64(),
    "seat": pl.Int8(),
    "bot": pl.String(),
}
EVENT_KEY_COLUMNS: dict[str, pl.DataType] = {
    "game": pl.Int64(),
    "seed": pl.Int64(),
    "round": pl.Int32(),
    "turn": pl.Int32(),
    "seat": pl.Int8(),
    "bot": pl.String(),
    "kind": pl.String(),
}
FORMAT_VERSION = 1
CHUNKS_PER_WORKER = 4
MIN_CHUNK = 25
MAX_GAMES = 100_000_000
"""Largest -n of one run: 10^8 random Stargate games take hours on a laptop and ~30 GB of Parquet."""
MAX_DASK_WORKERS = 4096
BYTES_PER_GAME_ESTIMATE = 500
"""A generous estimate of the Parquet bytes one game adds (a random Stargate game: ~150)."""
REPORT_BYTES_ESTIMATE = (1_200_000, 400_000)
"""A generous estimate of the reports a command writes beside its runs: a fixed part and a part
per run. A self-contained HTML page inlines its charts' scripts: a simulate's report.html is
1.06 MB at 50 games; a compare of two drafts wrote 1.13 MB of compare.html, 0.38 MB of .json
(growing with the variants) and 0.05 MB of .md (2026-12-07). Left out, a disk check passed at
0.4 MB for a compare that needed 1.7 MB, and the command failed once every game was played."""


@dataclass(frozen=True)
class RunConfig:
    """What to simulate. `lineup[i]` is the bot spec of seat i in game 0; game g rotates it by g."""

    n_games: int
    players: int
    lineup: tuple[str, ...]
    seed: int
    workers: int = 0
    chunk_size: int = 500
    first_game: int = 0
    rotate: bool = True
    record_events: bool = True
    max_decisions: int = MAX_DECISIONS
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def seat_bots(self, game: int) -> tuple[str, ...]:
        p = self.players
        shift = game % p if self.rotate else 0
        return tuple(self.lineup[(s + shift) % p] for s in range(p))


def games_schema(spec: GameSpec) -> dict[str, pl.DataType]:
    schema = dict(GAME_KEY_COLUMNS)
    for part in spec.score_parts:
        schema[f"score_{part}"] = pl.Float64()
    schema |= {"total": pl.Float64(), "rank": pl.Int8(), "win_share": pl.Float64(),
               "rounds": pl.Int32(), "turns": pl.Int32()}
    schema |= dict(spec.stat_columns)
    return schema


def events_schema(spec: GameSpec) -> dict[str, pl.DataType]:
    return dict(EVENT_KEY_COLUMNS) | dict(spec.event_columns)


def default_players(counts: Sequence[int], bots: Sequence[str] = ()) -> int:
    """The player count when --players is not given: one seat per bot when --bots names more
    than one (and the variant supports that many), else 4 when the variant supports it (the
    shipped games' usual table), else the largest count it supports (a 2-3 player game: 3)."""
    named = [b for b in bots if b.strip()]
    if len(named) > 1 and len(named) in counts:
        return len(named)
    return 4 if 4 in counts else max(counts)


def check_players(variant: Variant, players: int, *, how: str = "", name: str = "") -> None:
    """Validate --players against the variant. `how`: where the setting that allows another
    count goes (a command without --set, such as tune: only the variant file). `name`: what the
    error calls the variant (a sweep's grid point: its file alone is every point); its path by default."""
    counts = variant.model.player_counts()
    if players < 2:
        raise UsageError(f"--players {players}: a game needs at least 2 players")
    if players not in counts:
        raise UsageError(
            f"{name or variant.path}: --players {players} is not supported by this variant "
            f"(supported: {', '.join(map(str, counts))})"
            + variant.model.players_fix(players, how)
        )


def check_lineup(spec: GameSpec, variant: Variant, players: int, bots: Sequence[str], *,
                 how: str = "", asked: bool = True, name: str = "") -> tuple[str, ...]:
    """Validate --players and --bots against the variant and the game's bots (`how`, `name`:
    check_players). `asked`: `players` came from --players, not from `default_players` (six names
    for a 2-5 player game were said to be "for 4 players", a count no one asked for)."""
    check_players(variant, players, how=how, name=name)
    bots = [b.strip() for b in bots if b.strip()]
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        counts = variant.model.player_counts()
        supported = f"this variant is for {', '.join(map(str, counts))} players"
        if not asked:
            raise UsageError(f"--bots names {len(bots)} bots, but {supported} (give one name, or one per seat)")
        also = f"; {supported}" if len(bots) not in counts else ""
        raise UsageError(f"--bots names {len(bots)} bots for {players} players (give one name, or one per seat{also})")
    rules = spec.make_rules(variant.model)
    for i, name in enumerate(bots):
        make_bot(spec, name, rules, i)  # raises UsageError for an unknown bot
    return tuple(bots)


# --- one chunk, in whichever process ----------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _setup_worker(game: str, resolved: dict[str, Any], key: str = "") -> None:
    """Build the game's rules once per process (and per variant, for Dask workers)."""
    if _WORKER.get("key") == key and "rules" in _WORKER:
        return
    spec = get_game(game)
    model = spec.schema.model_validate(resolved)
    _WORKER["spec"] = spec
    _WORKER["rules"] = spec.make_rules(model)
    _WORKER["floors"] = spec.floors(model)
    _WORKER["key"] = key


def play_one(spec: GameSpec, rules: Any, config: RunConfig, game: int, moves: list[Any] | None = None) -> PlayedGame:
    """Play game number `game` of a run exactly as every worker count would; with `moves`, the
    bots' actions are appended to it in the order they were taken (`replay RUN --game N`)."""
    seats = config.seat_bots(game)
    bots: list[Any] = [make_bot(spec, name, rules, seat) for seat, name in enumerate(seats)]
    if moves is not None:
        bots = [_Recorded(bot, moves) for bot in bots]
    return play_game(
        rules,
        bots,
        n_players=config.players,
        deal_rng=rng.stream(config.seed, game, rng.DEAL),
        bot_rngs=[rng.stream(config.seed, game, rng.bot_stream(s)) for s in range(config.players)],
        record=config.record_events,
        max_decisions=config.max_decisions,
    )


class _Recorded:
    """A bot whose every action is also appended to `moves`; the bot itself is unchanged."""

    def __init__(self, bot: Any, moves: list[Any]) -> None:
        self._bot, self._moves = bot, moves

    def __getattr__(self, name: str) -> Any:  # its name, and whatever else the runner asks
        return getattr(self._bot, name)

    def choose(self, view: Any, legal: Any, *, rng: Any) -> Any:
        action = self._bot.choose(view, legal, rng=rng)
        self._moves.append(action)
        return action


def _rows(spec: GameSpec, config: RunConfig, game: int, played: PlayedGame,
          g_cols: dict[str, list[Any]], e_cols: dict[str, list[Any]], datas: list[dict[str, Any]]) -> None:
    """Append one game's rows: its seats to `g_cols`, its events' key columns to `e_cols` and
    their game-specific data to `datas` (one dict per event, made into columns by polars)."""
    seats = config.seat_bots(game)
    res = played.result
    for sr in res.seats:
        g_cols["game"].append(game)
        g_cols["seed"].append(config.seed)
        g_cols["seat"].append(sr.seat)
        g_cols["bot"].append(seats[sr.seat])
        for part in spec.score_parts:
            g_cols[f"score_{part}"].append(float(sr.components.get(part, 0.0)))
        g_cols["total"].append(float(sr.total))
        g_cols["rank"].append(sr.rank)
        g_cols["win_share"].append(sr.win_share)
        g_cols["rounds"].append(res.rounds)
        g_cols["turns"].append(res.turns)
        for key in spec.stat_columns:
            g_cols[key].append(sr.stats.get(key))
    # Column by column (one comprehension each) rather than event by event: an Oh-Seven match
    # logs ~200 events, and appending them cell by cell cost as much as playing the match.
    events: list[Event] = played.events
    k = len(events)
    e_cols["game"].extend([game] * k)
    e_cols["seed"].extend([config.seed] * k)
    e_cols["round"].extend([ev.round for ev in events])
    e_cols["turn"].extend([ev.turn for ev in events])
    e_cols["seat"].extend([ev.seat for ev in events])
    n_seats = len(seats)
    e_cols["bot"].extend([seats[ev.seat] if 0 <= ev.seat < n_seats else None for ev in events])
    e_cols["kind"].extend([str(ev.kind) for ev in events])
    datas.extend([ev.data for ev in events])


@dataclass(frozen=True)
class ChunkResult:
    """One chunk's two tables as Parquet bytes (sent back from a worker, Dask's included)."""

    start: int
    stop: int
    games: bytes
    events: bytes
    game_rows: int
    event_rows: int


def _parquet(frame: pl.DataFrame) -> bytes:
    buf = io.BytesIO()
    frame.write_parquet(buf)
    return buf.getvalue()


def _which(spec: GameSpec, config: RunConfig, game: int) -> str:
    """The game a plugin bug stopped the run at, as the one line names it: enough to play it
    again (its index, the bots in their seats, the seed)."""
    return f"game {game} of '{spec.name}' (bots {','.join(config.seat_bots(game))}, seed {config.seed})"


def play_chunk(game_name: str, resolved: dict[str, Any], key: str, config: RunConfig,
               start: int, stop: int) -> ChunkResult:
    """Play games [start, stop) of a run and return their rows as Parquet bytes."""
    _setup_worker(game_name, resolved, key)
    spec: GameSpec = _WORKER["spec"]
    rules = _WORKER["rules"]
    g_cols, e_cols, datas = _columns(spec)
    with batch_gc():
        for game in range(start, stop):
            try:
                played = play_one(spec, rules, config, game)
            except TurnCapError as exc:
                raise RunawayGameError(str(exc), game=game, seats=config.seat_bots(game)) from None
            except ProtocolError as exc:  # NoLegalActionError, or what a search bot met (playtest/search)
                raise GameBugError(f"game {game} (bots {','.join(config.seat_bots(game))}, seed {config.seed}): "
                                   f"{exc}") from None
            except IllegalActionError as exc:  # a bot chose off the legal list, or the rules refused their own
                raise GameBugError(f"{_which(spec, config, game)}: {exc}: a bug in the game's bot or rules") from None
            if game % EVENT_CHECK_STRIDE == 0:  # polars would drop an undeclared key, coerce a wrong type
                problem = event_data_problem(played.events, spec.event_columns)
                if problem:
                    raise GameBugError(f"{_which(spec, config, game)}: {problem} (GameSpec.event_columns)")
            problem = (result_problem(played.result, spec.score_parts, spec.stat_columns)
                       or floor_problem(played.result, _WORKER["floors"]))
            if problem:
                raise GameBugError(f"{_which(spec, config, game)}: {problem}")
            _rows(spec, config, game, played, g_cols, e_cols, datas)
    games, events = _frames(spec, g_cols, e_cols, datas)
    return ChunkResult(start, stop, _parquet(games), _parquet(events), games.height, events.height)


def game_rows(spec: GameSpec, config: RunConfig, game: int, played: PlayedGame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Game number `game`'s rows in games.parquet and events.parquet, as its run writes them:
    what `replay RUN --game N` compares with the run's own rows for that game."""
    g_cols, e_cols, datas = _columns(spec)
    _rows(spec, config, game, played, g_cols, e_cols, datas)
    return _frames(spec, g_cols, e_cols, datas)


def _columns(spec: GameSpec) -> tuple[dict[str, list[Any]], dict[str, list[Any]], list[dict[str, Any]]]:
    """Empty columns for `_rows` to fill: the games table's, the events' key columns, the events' data."""
    return {k: [] for k in games_schema(spec)}, {k: [] for k in EVENT_KEY_COLUMNS}, []


def _frames(spec: GameSpec, g_cols: dict[str, list[Any]], e_cols: dict[str, list[Any]],
            datas: list[dict[str, Any]]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games and events tables of the columns `_rows` filled."""
    e_schema = events_schema(spec)
    games = pl.DataFrame(g_cols, schema=games_schema(spec))
    # The game-specific columns straight from the events' dicts: polars reads them in Rust,
    # 2.4x faster than a Python comprehension per column (36 against 87 us per random Stargate game).
    data = pl.from_dicts(datas, schema={k: e_schema[k] for k in spec.event_columns})
    events = pl.DataFrame(e_cols, schema=dict(EVENT_KEY_COLUMNS)).hstack(data).select(list(e_schema))
    return games, events


class RunawayGameError(PlaytestError):
    """A game of the run hit the decision cap: the variant probably cannot end."""

    def __init__(self, message: str, *, game: int, seats: tuple[str, ...]) -> None:
        self.game, self.seats = game, seats
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:  # travels back from worker processes intact
        return (_runaway, (str(self), self.game, self.seats))


def _runaway(message: str, game: int, seats: tuple[str, ...]) -> RunawayGameError:
    return RunawayGameError(message, game=game, seats=seats)


EVENT_CHECK_STRIDE = 500
"""`simulate` checks the event data of games 0, 500, 1000, ... against the game's declared
event_columns: by game number, so the same seed is checked the same at any worker count."""


class GameBugError(PlaytestError):
    """A game's own code broke the protocol during a run: no legal action in a live state
    (runner.NoLegalActionError), a state or actions a search bot cannot work with (any
    errors.ProtocolError), a bot's action off the legal list or refused by the rules,
    event data or a result under names the GameSpec does not declare. Playing on or resuming
    would meet it again, so the run is dropped."""


# --- the whole run ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunResult:
    out_dir: Path
    games: int
    seconds: float
    workers: int = 1
    resumed_games: int = 0
    replayed: str = ""
    """What a resume played again of the saved games, their chunk files damaged (rundir.damaged_text)."""


@functools.cache
def _versions() -> tuple[tuple[str, str], ...]:
    """Read once per process: importlib.metadata parses each package's METADATA file on every
    call (about 11 ms for the seven, measured 2026-12-04), and `tune`, `sweep` and the tests start
    hundreds of runs in one process; installed versions do not change while it runs."""
    out = {"python": sys.version.split()[0], "playtest": __version__}
    for name in ("polars", "numpy", "scipy", "pydantic", "altair", "typer", "pyyaml"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            out[name] = metadata.version(name)
    return tuple(out.items())


def package_versions() -> dict[str, str]:
    """The versions a run records in run.json: Python, playtest and the packages results depend on."""
    return dict(_versions())


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def effective_workers(requested: int, backend: str = "pool") -> int:
    """--workers as used: 0 means every core; the local pool is capped at the cores there are
    (more processes than cores only add start-up time and contention). Dask workers may live
    on other machines: capped at MAX_DASK_WORKERS only."""
    if requested < 0:
        raise UsageError(f"--workers {requested}: must be 0 (every core) or more")
    if backend == "dask":
        return min(requested or default_workers(), MAX_DASK_WORKERS)
    return min(requested or default_workers(), default_workers())


def check_seed(seed: int, option: str = "--seed") -> None:
    """A root seed must fit the seed streams (64-bit) and the tables' seed column (Int64)."""
    if not 0 <= seed < 2**63:
        raise UsageError(f"{option} {seed}: a seed is a whole number from 0 to 2**63 - 1")


def check_games(n: int, option: str = "-n", least: int = 1) -> None:
    """A number of games that one run will play (-n, and the commands' other counts of games that
    become a run's -n later: ladder's --pair-games, tune's --confirm-games, diff's --max-games),
    checked before the first game is played. `least`: the option's own least value (its typer
    `min`), which the line states: --pair-games 99999999999 read "must be from 1", of an option
    whose least value is 2."""
    if not least <= n <= MAX_GAMES:
        raise UsageError(f"{option} {n}: the number of games must be from {least} to {MAX_GAMES:,} "
                         "(longer studies: several runs with different --seed)")


def check_run(config: RunConfig, backend: str = "pool") -> None:
    """Every limit of a run, checked before anything is played or written."""
    if backend not in BACKENDS:
        raise UsageError(f"--backend {backend}: expected one of {', '.join(BACKENDS)}")
    check_games(config.n_games)
    check_seed(config.seed)
    if not 0 <= config.first_game <= 2**62:
        raise UsageError(f"first game {config.first_game}: out of range")
    if not 1 <= config.chunk_size <= 1_000_000:
        raise UsageError(f"--chunk-size {config.chunk_size}: must be from 1 to 1,000,000")


def check_disk(config: RunConfig, folder: Path, *, runs: int = 1, games: int | None = None,
               option: str = "", reports: bool = False) -> None:
    """Refuse a run that cannot fit on the disk (estimated from a generous bytes-per-game).
    `runs`: a command's runs of `config` together (compare's variants, sweep's grid points),
    checked before the first is played; `games`, `option`: their games in all where the runs
    differ in size, and the options that say so (a ladder's '-n 400, --pair-games 200');
    `reports`: the command writes its reports beside them (REPORT_BYTES_ESTIMATE)."""
    games = runs * config.n_games if games is None else games
    need = games * BYTES_PER_GAME_ESTIMATE * (2 if config.record_events else 1)
    if reports:
        fixed, per_run = REPORT_BYTES_ESTIMATE
        need += fixed + per_run * runs
    probe = next((p for p in (folder, *folder.parents) if p.exists()), Path("."))
    try:
        free = shutil.disk_usage(probe).free
    except OSError:
        return
    if need > free:
        # compare's, sweep's, ladder's, tune's and diff's runs are played in a staging folder
        # beside --out: named, it was a temporary name the user never sees (and that is gone)
        shown = outside_staging(probe) or probe
        shown = Path.cwd() if shown == Path(".") else shown  # ('., has 4 kB free')
        runs_need = ("the run" if runs == 1 else f"its {runs} runs") + (
            (" and its report" if runs == 1 else " and their reports") + " need" if reports else
            (" needs" if runs == 1 else " need"))
        needed, left = _size(need), _size(free)
        if needed == left:  # (620 kB against 580 kB: '0.6 MB' both, as if it fitted)
            needed, left = f"{need / 1e3:,.0f} kB", f"{free / 1e3:,.0f} kB"
        raise UsageError(f"{option or f'-n {config.n_games}'}: {runs_need} about {needed} on disk, {shown} has "
                         f"{left} free")


def _size(n_bytes: float) -> str:
    """1.2 GB, 35.0 MB, 12 kB: a size in the unit that shows it."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6)):
        if n_bytes >= scale / 10:
            return f"{n_bytes / scale:.1f} {unit}"
    return f"{n_bytes / 1e3:.0f} kB"


def chunk_bounds(config: RunConfig, workers: int) -> tuple[int, Iterator[Chunk]]:
    """The chunk size for this many workers, and the chunks. Several chunks per worker keep
    every core busy to the end; which process plays a game never changes its rows."""
    size = config.chunk_size if workers == 1 else min(
        config.chunk_size, max(MIN_CHUNK, -(-config.n_games // (CHUNKS_PER_WORKER * workers))))
    return size, _bounds(config.first_game, config.first_game + config.n_games, size)


def _bounds(first: int, last: int, size: int) -> Iterator[Chunk]:
    for s in range(first, last, size):
        yield s, min(s + size, last)


def run_info(variant: Variant, config: RunConfig, chunk_size: int) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "status": "partial",
        "game": variant.game,
        "variant": {
            "path": variant.path,
            "name": variant.name,
            "hash": variant.hash,
            "rules_version": variant.model.rules_version,
            "chain": list(variant.chain),
            "files": [os.path.abspath(p) for p in variant.chain],
            "overrides": list(variant.overrides),
            "changes": [c.as_dict() for c in variant.changes],
            "resolved": variant.resolved,
        },
        "command": config.command,
        "seed": config.seed,
        "games": config.n_games,
        "first_game": config.first_game,
        "players": config.players,
        "lineup": list(config.lineup),
        "rotate_seats": config.rotate,
        "record_events": config.record_events,
        "max_decisions": config.max_decisions,
        "chunk_size": chunk_size,
        "versions": package_versions(),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        **config.extra,
    }


def run_config(path: Path, info: dict[str, Any]) -> RunConfig:
    """The RunConfig of a run.json (`path`) that `check_info` passed, for what plays its games
    again (a resume, `replay RUN --game N`): what they read besides what the reports need, checked
    for its types first — `int()` read a max_decisions of 1.5 as 1, and `bool()` a rotate_seats
    of "no" as true (seats the run never had)."""
    check_keys(path, info, {"chunk_size": (int,)})
    check_keys(path, info, {"first_game": (int,), "max_decisions": (int,), "rotate_seats": (bool,),
                            "record_events": (bool,)}, optional=True)
    return _config_from_info(info)


def _config_from_info(info: dict[str, Any]) -> RunConfig:
    try:
        return RunConfig(n_games=int(info["games"]), players=int(info["players"]),
                         lineup=tuple(str(b) for b in info["lineup"]), seed=int(info["seed"]),
                         chunk_size=int(info["chunk_size"]), first_game=int(info.get("first_game", 0)),
                         rotate=bool(info.get("rotate_seats", True)),
                         record_events=bool(info.get("record_events", True)),
                         max_decisions=int(info.get("max_decisions", MAX_DECISIONS)),
                         command=str(info.get("command", "")))
    except (KeyError, TypeError, ValueError) as exc:
        raise PlaytestError(f"run.json: cannot resume: {exc}") from None


def prepare_out(out_dir: Path, *, force: bool, option: str = "--out", named_by_playtest: bool = False) -> None:
    """Before a new run into `out_dir`: the path must be writable, an existing run is replaced
    only with --force, and an interrupted run's partial folder is resumed or (--force) removed.
    `named_by_playtest`: as `check_output_path`'s (run_batch's folder; simulate checks its --out first)."""
    check_output_path(out_dir, option, folder=True, named_by_playtest=named_by_playtest)
    partial = partial_dir(out_dir)
    if partial.exists() and is_locked(partial):  # (first: a run started a moment ago has no run.json yet)
        raise RunStartedBeside(f"{option} {out_dir}: another playtest process is writing a run there ({partial})")
    if partial.exists() and not _looks_partial(partial):
        raise UsageError(f"{option} {out_dir}: {partial} is in the way and holds no playtest run; "
                         "move it, or choose another --out")
    if partial.exists():
        if not force and _finished_in_partial(partial):
            # A finished run whose rename into place failed (a folder made read-only, or mounted on,
            # while it played): "finish it with --resume", which then refused it.
            raise UsageError(f"{option} {out_dir}: {partial} holds a finished run that could not be renamed to "
                             f"{out_dir}; `playtest simulate --resume {out_dir}` puts it there, or use --force to "
                             "start over")
        if not force:
            raise UsageError(f"{option} {out_dir}: an interrupted run is in {partial}; finish it with "
                             f"`playtest simulate --resume {out_dir}` or use --force to start over")
        check_nothing_foreign(partial, option, out_dir)  # --force removes it
    if (out_dir / "run.json").exists() and is_playtest_output(out_dir):
        check_nothing_foreign(out_dir, option)  # a game saved into the run: --force would delete it
        if not force:
            raise UsageError(f"{option} {out_dir} already holds a run; use --force to replace it")
    check_free(out_dir, force, option)


def newer_run_beside(run_dir: Path) -> str | None:
    """What `report RUN` says of a newer run in RUN.partial beside the finished RUN it reports
    (a `simulate --force` into RUN, interrupted, still playing, or finished but not renamed into
    place), in the words `prepare_out` uses of it; None when there is none. The report read
    the old finished run without a word about the newer one, which a resume puts in its place."""
    partial = partial_dir(run_dir)
    if not (run_dir / "run.json").is_file() or not partial.is_dir():
        return None
    if is_locked(partial):
        return (f"another playtest process is writing a newer run into {partial}, which replaces this one "
                "when it finishes")
    if _finished_in_partial(partial, left_off=True):
        return (f"{partial} holds a newer finished run that could not be renamed to {run_dir}; "
                f"`playtest simulate --resume {run_dir}` puts it there, or delete {partial} to keep this one")
    if not holds_unfinished_run(partial):
        return None
    return (f"an interrupted newer run is in {partial}; finish it with `playtest simulate --resume {run_dir}` "
            f"(it then replaces this one), or delete {partial} to discard it")


def check_not_partial_name(out_dir: Path, option: str = "--out") -> None:
    """A run folder the user names may not be named *.partial: that is where the unfinished run
    of its namesake lives (`partial_dir`). `simulate -o RUN.partial --force` replaced RUN's
    interrupted run with a finished one, which `--resume RUN` then refused ("is not a partial
    run") and which kept a new run into RUN from starting ("an interrupted run is in ...")."""
    name = rundir.named(out_dir).name
    if name.endswith(PARTIAL_SUFFIX) and name != PARTIAL_SUFFIX:
        of = rundir.target_of(rundir.named(out_dir))
        raise UsageError(f"{option} {out_dir}: a folder named *{PARTIAL_SUFFIX} is where playtest keeps the unfinished "
                         f"run of {of} (`playtest simulate --resume {of}` finishes one); choose another name")
    # (Nor inside one: io.check_output_path refuses that for every command's output.)


def _finished_in_partial(partial: Path, *, left_off: bool = False) -> bool:
    """`partial` holds a finished run (its chunks merged, run.json no longer partial): its rename
    into place failed (rundir.PartialRun.finish said so). `left_off`: or its chunks are still
    there beside the merged tables (killed while they were removed)."""
    merged = all((partial / f"{table}.parquet").is_file() for table in rundir.TABLES)
    if holds_unfinished_run(partial) and not (left_off and merged):
        return False
    try:
        info = json.loads((partial / "run.json").read_bytes()[:1_000_000])
    except (OSError, ValueError):
        return False
    return isinstance(info, dict) and info.get("status") != "partial" and "games" in info


def _looks_partial(folder: Path) -> bool:
    """An interrupted run's folder (io.holds_unfinished_run), or anything playtest marks as its output."""
    return holds_unfinished_run(folder) or is_playtest_output(folder)


def run_batch(
    variant: Variant,
    config: RunConfig,
    out_dir: Path,
    *,
    progress: Callable[[int], None] | None = None,
    force: bool = True,
    backend: str = "pool",
    scheduler: str | None = None,
) -> RunResult:
    """Simulate `config.n_games` games of `variant` into `out_dir`.

    The run is played into `out_dir`.partial (chunks + manifest, resumable) and renamed to
    `out_dir` when complete; an existing `out_dir` is replaced only then, and only with
    `force` (library callers that build their own staging folder pass force=True)."""
    get_game(variant.game)  # fail early on an unknown game
    check_run(config, backend)
    workers = effective_workers(config.workers, backend)
    # compare's, sweep's, ladder's and tune's runs are folders they name (a compare's run of
    # `notes.md.yaml` is runs/notes.md): the user's --out was checked by the command
    prepare_out(out_dir, force=force, named_by_playtest=True)
    check_disk(config, out_dir)
    partial = partial_dir(out_dir)
    if partial.exists():
        shutil.rmtree(partial)
    remove_leftovers(out_dir)
    size, _ = chunk_bounds(config, workers)
    run = PartialRun.create(partial, run_info(variant, config, size))
    return _play(run, out_dir, workers=workers, progress=progress, backend=backend, scheduler=scheduler)


def resume_batch(
    folder: Path,
    *,
    workers: int = 0,
    progress: Callable[[int], None] | None = None,
    backend: str = "pool",
    scheduler: str | None = None,
    checked: Callable[[], None] | None = None,
) -> RunResult:
    """Finish an interrupted run: `folder` is the run's --out or its .partial folder. Only the
    chunks missing from its manifest are played; the rows are those of an uninterrupted run.
    `checked()`: called once the run is checked, before its games are played (the CLI's notes)."""
    if not_utf8_at(str(folder)) is not None:  # polars cannot open its chunks: "internal error: TypeError"
        raise UsageError(f"--resume {folder}: the run folder's path is not UTF-8 text: rename it")
    own = rundir.named(folder)  # '.' from inside OUT.partial
    partial = own if own.name.endswith(PARTIAL_SUFFIX) else partial_dir(own)
    if not partial.is_dir():
        if (folder / "run.json").is_file():
            # Said only of a run.json that reads as a run's: a damaged one is named as such.
            check_info(folder / "run.json", read_json(folder / "run.json"))
            raise UsageError(f"--resume {folder}: this run is already complete")
        raise UsageError(f"--resume {folder}: no interrupted run here (no {partial.name} folder)")
    info = read_json(partial / "run.json")
    if info.get("status") != "partial":
        if _finished_in_partial(partial, left_off=True):
            # Killed once run.json said complete, before its chunks were removed or its folder
            # renamed into place (or that rename failed): --resume said "run.json is not a partial
            # run" (or "could not be renamed"), and simulate without it "finish it with --resume":
            # only --force, which played every game again, finished it. Done as `finish` does it.
            check_info(partial / "run.json", info)
            PartialRun(partial, rundir.lock(partial)).put_in_place(target_of(partial))
            return RunResult(target_of(partial), int(info["games"]), 0.0, workers=0, resumed_games=int(info["games"]))
        raise UsageError(f"--resume {folder}: {partial / 'run.json'} is not a partial run")
    check_info(partial / "run.json", info)
    config = run_config(partial / "run.json", info)
    if backend not in BACKENDS:
        raise UsageError(f"--backend {backend}: expected one of {', '.join(BACKENDS)}")
    run = PartialRun.open(partial)
    try:
        # A run started before variant_hash canonicalised numbers recorded the hash as spelt, which
        # differs only where its variant wrote an integral float (2.0): such a run still finishes,
        # keeping that hash in run.json and in its manifest lines (played_with), which so agree.
        if info["variant"].get("hash") not in accepted_hashes(info["variant"]["resolved"]):
            raise PlaytestError(f"{located(partial / 'run.json', 'variant.resolved')}: does not match its hash; cannot resume")
        _check_resumed(partial / "run.json", info, config)
        _check_saved(partial / "run.json", run, config)
    except BaseException:
        run.close()
        raise
    done, damaged = run.games_done(), run.damaged
    # A report of the unfinished run (`playtest report RUN` writes it there) describes fewer games
    # than the run will hold: carried into the finished run, its report.md still read "2 games"
    # beside the 8 of run.json (simulate writes report.html afresh; the others stayed).
    for name in rundir.PARTIAL_REPORTS:
        (partial / name).unlink(missing_ok=True)
    if checked is not None:
        checked()
    if progress and done:
        progress(done)
    result = _play(run, target_of(partial), workers=effective_workers(workers, backend), progress=progress,
                   backend=backend, scheduler=scheduler, config=config)
    return RunResult(result.out_dir, result.games, result.seconds, result.workers, resumed_games=done,
                     replayed=rundir.damaged_text(damaged) if damaged else "")


def _check_resumed(path: Path, info: dict[str, Any], config: RunConfig) -> None:
    """What a new run checks in its options (check_run, check_lineup), checked in the run.json
    of the run to finish, at its place there: an edited value stopped the resumed run with an
    internal error, played games without end, or (max_decisions) removed the saved games."""
    from pydantic import ValidationError

    spec = get_game(info["game"])
    try:
        model = spec.schema.model_validate(info["variant"]["resolved"])
    except ValidationError:
        raise PlaytestError(f"{located(path, 'variant.resolved')}: not a variant of {info['game']!r} (the run's "
                            "game); cannot resume") from None
    limits = {"games": (config.n_games, 1, MAX_GAMES), "seed": (config.seed, 0, 2**63 - 1),
              "first_game": (config.first_game, 0, 2**62), "chunk_size": (config.chunk_size, 1, 1_000_000),
              "max_decisions": (config.max_decisions, 1, 2**62)}
    for key, (value, low, high) in limits.items():
        if not low <= value <= high:
            raise PlaytestError(f"{located(path, key)}: {value} is outside {low} to {high:,}; cannot resume")
    counts = model.player_counts()
    if config.players not in counts:
        raise PlaytestError(f"{located(path, 'players')}: {config.players} players; the variant supports "
                            f"{', '.join(map(str, counts))}; cannot resume")
    rules = spec.make_rules(model)
    for seat, name in enumerate(config.lineup):
        try:
            make_bot(spec, name, rules, seat)
        except UsageError as exc:
            raise PlaytestError(f"{located(path, f'lineup.{seat}')}: {exc}; cannot resume") from None


def _check_saved(path: Path, run: PartialRun, config: RunConfig) -> None:
    """The games already saved are games of the run that run.json describes: each saved chunk is
    one of its chunks (`first_game`, `games`, `chunk_size`) with one row per player (`players`).
    An edited value that disagrees finished a run whose tables do not match run.json (players:
    a complete folder the reports refuse) or played the rest and stopped with 'N of M games'.
    And they were played with the settings run.json names now (rundir.PLAYED_WITH, recorded on
    each manifest line): an edited line-up or seed finished a run of two line-ups or seeds."""
    last = config.first_game + config.n_games
    chunks = set(_bounds(config.first_game, last, config.chunk_size))
    now = played_with(run.info())
    for d in sorted(run.done.values(), key=lambda d: d.start):
        if d.games != (d.stop - d.start) * config.players:
            raise PlaytestError(f"{located(path, 'players')}: {config.players} players, but the saved games "
                                f"{d.start}-{d.stop - 1} have {d.games // max(d.stop - d.start, 1)} players a game "
                                "(run.json was changed after they were played); cannot resume")
        if (d.start, d.stop) not in chunks:
            key = "first_game" if d.start < config.first_game else "games" if d.stop > last else "chunk_size"
            raise PlaytestError(f"{located(path, key)}: the saved games {d.start}-{d.stop - 1} are not one of this "
                                f"run's chunks (games {config.first_game}-{last - 1} in chunks of "
                                f"{config.chunk_size}): run.json was changed after they were played; "
                                "cannot resume")
        for key, then in (d.played_with or {}).items():
            if key in now and now[key] != then:
                games = f"the saved games {d.start}-{d.stop - 1}"
                if key == "variant.hash":
                    where, what = "variant.resolved", f"the variant is not the one {games} were played with"
                else:
                    where, what = key, f"{_shown(now[key])}, but {games} were played with {_shown(then)}"
                raise PlaytestError(f"{located(path, where)}: {what} (run.json was changed after they were "
                                    "played; a run mixing both would describe neither); cannot resume")


def _shown(value: Any) -> str:
    """A run.json value as a message names it: a line-up as its comma-separated bots."""
    if isinstance(value, list):
        return ",".join(map(str, value))
    return json.dumps(value)


def accepted_hashes(resolved: dict[str, Any]) -> tuple[str, str]:
    """The hashes a run.json may hold for its resolved variant: variant_hash's, and the hash of
    the data as spelt, which runs started before variant_hash canonicalised numbers recorded."""
    from playtest.variants.loader import spelled_hash, variant_hash

    return variant_hash(resolved), spelled_hash(resolved)


def _play(run: PartialRun, out_dir: Path, *, workers: int, progress: Callable[[int], None] | None,
          backend: str, scheduler: str | None, config: RunConfig | None = None) -> RunResult:
    info = run.info()
    config = config or _config_from_info(info)
    run.played_with = played_with(info)
    game_name, resolved, key = info["game"], info["variant"]["resolved"], info["variant"]["hash"]
    started = time.perf_counter()
    size = int(info["chunk_size"])
    todo = (c for c in _bounds(config.first_game, config.first_game + config.n_games, size) if c[0] not in run.done)

    def on_done(chunk: ChunkResult) -> None:
        if run.add(chunk.start, chunk.stop, chunk.games, chunk.events, chunk.game_rows, chunk.event_rows) and progress:
            progress(chunk.stop - chunk.start)

    play = functools.partial(play_chunk, game_name, resolved, key, config)
    earlier = run.games_saved()  # saved before this --resume: never thrown away by it
    try:
        remaining = config.n_games - run.games_done()
        if backend == "dask":
            run_dask(todo, play, on_done, workers=workers, scheduler=scheduler, run_key=f"{key}-{config.seed}")
        elif workers == 1 or remaining <= size:
            run_inline(todo, play, on_done)
        else:
            run_pool(todo, play, on_done, workers=workers)
        if run.games_done() != config.n_games:
            raise PlaytestError(f"{run.path}: {run.games_done()} of {config.n_games} games were played; "
                                "resume with --resume")
        seconds = time.perf_counter() - started
        info = dict(info) | {"status": "complete", "workers": workers, "backend": backend,
                             "duration_seconds": round(seconds, 3)}
        run.finish(info, out_dir)
    except Interrupted:
        run.close()
        if _dropped_if_empty(run):
            raise Interrupted("interrupted before any game was saved: nothing was written") from None
        raise Interrupted(f"interrupted: {run.games_saved():,} of {config.n_games:,} games are saved in "
                          f"{run.path}; `playtest simulate --resume {out_dir}` finishes the run") from None
    except RunawayGameError as exc:
        run.close()
        variant = info["variant"].get("path", "the variant")
        outcome = _drop_unless_resumed(run, earlier, out_dir, info)
        seats = ",".join(exc.seats)
        keys = [k for k in get_game(game_name).end_keys if _has_key(resolved, k)]
        hint = f"check {', '.join(keys)}" if keys else "check the variant's end conditions"
        raise RunawayGameError(
            f"{variant}: game {exc.game} (bots {seats}, seed {config.seed}) did not end within "
            f"{config.max_decisions:,} decisions (playtest's cap on one game): the variant's end condition may never "
            f"trigger ({hint}); {outcome}", game=exc.game, seats=exc.seats) from None
    except GameBugError as exc:
        run.close()
        raise GameBugError(f"{exc}; {_drop_unless_resumed(run, earlier, out_dir, info)}") from None
    except OutputTaken:  # (the finished run was put beside --out: its own line says where)
        run.close()
        raise
    except OutputError as err:  # a full disk, a folder made read-only: what was played is kept for --resume
        run.close()
        kept = _kept(run, config, out_dir)
        if kept:
            err.add_note(kept)
        raise
    except PlaytestError as err:  # its own message says what to do
        run.close()
        if _dropped_if_empty(run):
            err.add_note("nothing was written")
        raise
    except Exception as err:  # a crash (in a game's code, say): what was played is kept for --resume
        run.close()
        err.add_note(_kept(run, config, out_dir) or "nothing was written")
        raise
    except BaseException:
        run.close()
        raise
    return RunResult(out_dir, config.n_games, seconds, workers)


def _has_key(resolved: dict[str, Any], dotted: str) -> bool:
    """The resolved variant has this dotted key (`rules.end`)."""
    node: Any = resolved
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _drop_unless_resumed(run: PartialRun, earlier: int, out_dir: Path, info: dict[str, Any]) -> str:
    """After a game that cannot be played (a rules bug, a game that never ends): a new run's
    partial folder is removed, since its games come from a game that misbehaves; a resumed run
    keeps the games saved before this resume (an earlier session's work) and says so. The words
    for the end of the error line (`info`: run.json, whose variant file a fresh run needs)."""
    if not earlier:
        shutil.rmtree(run.path, ignore_errors=True)
        return "nothing was written"
    variant = info["variant"].get("path") or "VARIANT"
    return (f"the {earlier:,} games saved before this resume are kept in {run.path} (a resume plays the same "
            f"game again: fix its cause first; `playtest simulate {variant} --force --out {out_dir}` starts afresh)")


def _kept(run: PartialRun, config: RunConfig, out_dir: Path) -> str:
    """What a run stopped by an error keeps, and how to go on: "nothing was written" (its folder
    removed), the games saved and `simulate --resume`, or "" for a command's own run (compare's,
    tune's...), whose command says what it keeps (io.outside_staging). A chunk or the manifest that
    could not be written (a full disk) said only "cannot write ... (nothing was replaced)", the
    games saved before it and the way to finish them unsaid."""
    dropped = _dropped_if_empty(run)
    if outside_staging(run.path) is not None:
        return ""
    if dropped:
        return "nothing was written"
    return (f"{run.games_saved():,} of {config.n_games:,} games are saved in {run.path}: `playtest simulate --resume "
            f"{out_dir}` finishes the run once the cause is fixed (or --force starts afresh)")


def _dropped_if_empty(run: PartialRun) -> bool:
    """Remove the partial folder of a run that stopped before any game was saved (a scheduler
    that cannot be reached, a crash in the first chunk): there is nothing to resume, and the
    folder left behind would only make the next run ask for --resume. True if removed. The
    games counted in memory as well as in the manifest on disk: `finish` removes the manifest
    before the folder is renamed, and a complete run must never be taken for an empty one."""
    if run.games_done() or run.games_saved():
        return False
    shutil.rmtree(run.path, ignore_errors=True)
    return True


def read_run(run_dir: Path, *, use: str = "report") -> tuple[dict[str, Any], pl.DataFrame, pl.DataFrame]:
    """run.json, games and events of a run; see playtest.sim.rundir.read_run."""
    return rundir.read_run(run_dir, use=use)
