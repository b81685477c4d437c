"""One game of a simulated run, played again and written as a transcript (`replay RUN --game N`).

A run records no moves, only each game's result and events. But a game is fixed by the run's
seed, its number and the bots in its seats (same seed, same games, at any worker count), so it
is played again here exactly as the runner played it, with the bots' actions kept, and written in
the game's own transcript notation (PlaySupport.transcript). The game played again must end as
the run recorded it — every seat's total — or the rules or bots have changed since, and the
transcript would show another game: that is refused, never shown as the run's game.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from playtest import rng
from playtest.errors import PlaytestError, UsageError, VariantError
from playtest.games import get_game
from playtest.io import reference
from playtest.play.session import play_support
from playtest.sim.batch import config_from_info, play_one
from playtest.sim.rundir import read_run
from playtest.variants import load_variant


@dataclass(frozen=True)
class RunGame:
    """A run's game as a transcript, and what it is: `title` names the run, the game, the seed
    and the bots in their seats."""

    text: str
    title: str


def _takes_deal(transcript: Any) -> bool:
    params = inspect.signature(transcript).parameters.values()
    return any(p.kind is p.VAR_KEYWORD for p in params) or {"deal", "title"} <= {p.name for p in params}


def _numbers(games: pl.DataFrame) -> str:
    ids = games["game"].unique().sort().to_list()
    if not ids:
        return "no game"
    span = f"{ids[0]}–{ids[-1]}" if ids[-1] - ids[0] + 1 == len(ids) else f"{len(ids)} games from {ids[0]} to {ids[-1]}"
    return f"games {span}" if len(ids) > 1 else f"only game {ids[0]}"


def run_game(run_dir: Path, game: int, folder: Path) -> RunGame:
    """Game number `game` of the run in `run_dir` (its `game` column in games.parquet), played
    again and written as a transcript whose variant reference is relative to `folder` (where the
    transcript is written). Raises PlaytestError, one line each: no such game in the run; a game
    that cannot write a simulated game; the variant file changed or gone since the run; the game
    played again does not end as the run recorded."""
    info, games, _ = read_run(run_dir)
    mine = games.filter(pl.col("game") == game).sort("seat")
    if mine.is_empty():
        raise UsageError(f"--game {game}: {run_dir} holds {_numbers(games)}")
    spec = get_game(str(info["game"]))
    support = play_support(spec)
    if support is None or not _takes_deal(support.transcript):
        raise UsageError(f"--game: {spec.name} cannot write a game of a run as a transcript (its "
                         "PlaySupport.transcript takes no deal= and title=, docs/extending.md)")
    recorded = info["variant"]
    first, overrides = Path(recorded["files"][0]), list(recorded.get("overrides", []))
    try:
        variant = load_variant(first, overrides)
    except VariantError as err:
        raise PlaytestError(f"{run_dir}: its variant no longer loads as the run recorded it ({first}: "
                            f"{err.problems[0].message if err.problems else err})") from None
    if variant.hash != recorded["hash"]:
        raise PlaytestError(f"{run_dir}: {first} has changed since the run (variant hash {variant.hash}, the run's "
                            f"{recorded['hash']}): its games can be played again only with the rules they were played with")
    config = config_from_info(info)
    rules = spec.make_rules(variant.model)
    moves: list[Any] = []
    played = play_one(spec, rules, config, game, moves)
    again = [float(s.total) for s in sorted(played.result.seats, key=lambda s: s.seat)]
    then = [float(t) for t in mine["total"].to_list()]
    if again != then:
        raise PlaytestError(f"{run_dir}: game {game} played again ends {_scores(again)}, but the run recorded "
                            f"{_scores(then)}: the rules or the bots have changed since the run was made "
                            f"(it was made with {_made_with(info)})")
    bots = config.seat_bots(game)
    names = [f"P{seat + 1} {bot}" for seat, bot in enumerate(bots)]
    title = f"game {game} of the run {run_dir} (seed {config.seed}), played again: {', '.join(names)}"
    deal = rng.stream(config.seed, game, rng.DEAL)  # the runner's stream of this game (batch.play_one)
    text = support.transcript(rules, reference(first, folder), names, config.seed, moves, overrides,
                              deal=deal, title=title)
    return RunGame(text, title)


def _scores(totals: list[float]) -> str:
    return " ".join(f"{t:g}" for t in totals)


def _made_with(info: dict[str, Any]) -> str:
    versions = info.get("versions")
    if isinstance(versions, dict) and versions.get("playtest"):
        return f"playtest {versions['playtest']}"
    return "another version of playtest"
