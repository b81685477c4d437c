"""One game of a simulated run, played again and written as a transcript (`replay RUN --game N`).

A run records no moves, only each game's result and events. But a game is fixed by the run's
seed, its number and the bots in its seats (same seed, same games, at any worker count), so it
is played again here exactly as the runner played it, with the bots' actions kept, and written in
the game's own transcript notation (PlaySupport.transcript). The game played again must be the
game the run recorded — every row the run holds of it, its events too, not the totals alone (about
one random Stargate game in a hundred ends with the same totals as another game of its run) — and
so must the transcript written of it, replayed (`transcript_problem`); else the rules, the bots or
the game's transcript function have changed since, and another game would be shown under the
run's name: that is refused.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from playtest import rng
from playtest.errors import (
    IllegalActionError,
    PlaytestError,
    TranscriptError,
    UsageError,
    VariantError,
)
from playtest.games import get_game
from playtest.io import reference
from playtest.play.session import play_support
from playtest.sim.batch import game_rows, play_one, run_config
from playtest.sim.rundir import open_run, read_json, reading
from playtest.variants import load_variant
from playtest.variants.diff import changes_said
from playtest.variants.loader import rules_edited


@dataclass(frozen=True)
class RunGame:
    """A run's game as a transcript, and what it is: `title` names the run, the game, the seed
    and the bots in their seats; `totals`, each seat's as the run recorded them (what the
    transcript must replay to: `transcript_problem`)."""

    text: str
    title: str
    totals: tuple[float, ...]
    game: str
    """The game's name (its GameSpec's), for the refusals that name its PlaySupport.transcript."""


def _takes_deal(transcript: Any) -> bool:
    params = inspect.signature(transcript).parameters.values()
    return any(p.kind is p.VAR_KEYWORD for p in params) or {"deal", "title"} <= {p.name for p in params}


def _numbers(games: pl.LazyFrame) -> str:
    ids = games.select(pl.col("game").unique().sort()).collect()["game"].to_list()
    if not ids:
        return "no game"
    span = f"{ids[0]}–{ids[-1]}" if ids[-1] - ids[0] + 1 == len(ids) else f"{len(ids)} games from {ids[0]} to {ids[-1]}"
    return f"games {span}" if len(ids) > 1 else f"only game {ids[0]}"


def _held_inside(run_dir: Path, game: int) -> str:
    """'; game 9 is in RUN/games-8-15': a run grown by later looks (diff --until-decided, compare's
    Runs) keeps each look's games in a run folder inside the first's; '' when none holds `game`."""
    for inner in sorted(p for p in run_dir.iterdir() if p.is_dir() and (p / "run.json").is_file()):
        try:
            info = read_json(inner / "run.json")
            first, n = int(info.get("first_game", 0)), int(info["games"])
        except (PlaytestError, KeyError, TypeError, ValueError):
            continue  # (not a run of ours: it is named only where it holds the game)
        if first <= game < first + n:
            return f"; game {game} is in {inner}"
    return ""


def run_game(run_dir: Path, game: int, folder: Path | None) -> RunGame:
    """Game number `game` of the run in `run_dir` (its `game` column in games.parquet), played
    again and written as a transcript whose variant reference is relative to `folder` (where the
    transcript is written), or absolute for None (a transcript no file keeps: `replay --game`
    without --save, whose output named a variant in /tmp as '../h257/v.yaml', relative to its
    scratch folder, gone by then, and found from nowhere else). Raises PlaytestError, one line each: no such game in the run; a game
    that cannot write a simulated game; the variant file changed or gone since the run; the game
    played again is not the game the run recorded (its rows in games.parquet and events.parquet).
    Only that game's rows are read: a run of 10^6 games is not loaded."""
    run = open_run(run_dir, use="replay")
    info = run.info
    with reading(run.path):
        mine = run.games.filter(pl.col("game") == game).collect().sort("seat")
        if mine.is_empty():
            raise UsageError(f"--game {game}: {run_dir} holds {_numbers(run.games)}{_held_inside(run.path, game)}")
        logged = run.events.filter(pl.col("game") == game).collect()
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
    edits = rules_edited(recorded["resolved"], variant.resolved)  # (not the hash: a renamed draft is the same rules)
    if edits:
        raise PlaytestError(f"{run_dir}: {first} has changed since the run ({changes_said(edits)}): its games "
                            "can be played again only with the rules they were played with")
    config = run_config(run.path / "run.json", info)
    rules = spec.make_rules(variant.model)
    moves: list[Any] = []
    played = play_one(spec, rules, config, game, moves)
    rows, events = game_rows(spec, config, game, played)
    unlike = _unlike(rows.sort("seat"), mine, events, logged)
    if unlike:
        raise PlaytestError(f"{run_dir}: game {game} played again {unlike}: the rules or the bots have changed "
                            f"since the run was made{_made_with(info)}")
    bots = config.seat_bots(game)
    names = [f"P{seat + 1} {bot}" for seat, bot in enumerate(bots)]
    title = f"game {game} of the run {run_dir} (seed {config.seed}), played again: {', '.join(names)}"
    deal = rng.stream(config.seed, game, rng.DEAL)  # the runner's stream of this game (batch.play_one)
    try:
        ref = str(first.resolve()) if folder is None else reference(first, folder)
        text = support.transcript(rules, ref, names, config.seed, moves, overrides,
                                  deal=deal, title=title)
    except IllegalActionError as exc:  # every move was legal where the runner played it
        raise PlaytestError(f"{run_dir}: game {game}: {spec.name}'s PlaySupport.transcript could not write the game "
                            f"played again ({exc}): it does not play the moves on the deal it is given (deal=, "
                            "docs/extending.md)") from None
    return RunGame(text, title, tuple(float(t) for t in mine["total"]), spec.name)


def transcript_problem(found: RunGame, outcome: dict[str, Any], game_name: str) -> str:
    """Why the transcript written of a run's game (`found`), replayed to `outcome` (its
    `replay --json` keys), is not that game, or '': the game played again was checked against the
    run, but what is shown is the transcript the game's PlaySupport.transcript wrote of it — one
    that takes `deal=` and drops it (a `**kwargs` takes it) deals another game from the seed."""
    scores = sorted(outcome.get("scores") or [], key=lambda s: s.get("seat", 0))
    totals = tuple(float(s["total"]) for s in scores)
    if outcome.get("finished") and totals == found.totals:
        return ""
    shown = _scores(list(totals)) + ("" if outcome.get("finished") else " (unfinished)")
    return (f"the transcript {game_name} wrote of it replays to {shown}, not to the run's {_scores(list(found.totals))}: "
            "its PlaySupport.transcript does not write the game it is given (the deal= stream, docs/extending.md)")


def unreplayable(found: RunGame, err: IllegalActionError | TranscriptError) -> str:
    """Why the transcript written of a run's game (`found`) does not replay at all (`err`: a move
    illegal where it is written, a setup block its notation refuses), in words after 'game N: '.
    The game played again was checked against the run, so the transcript is not the game it was
    given: a PlaySupport.transcript that writes the moves without playing them (as Nim's does) and
    deals its setup block from the seed, not from deal=. Said without the replay's file:line:col,
    which named a --save file removed by then, or a scratch file gone."""
    if isinstance(err, TranscriptError) and err.problems:  # (the first: one line)
        first = err.problems[0]
        said = f"{first.path}: {first.message}" if first.path else first.message
    else:
        said = str(err).removeprefix(f"{getattr(err, 'where', '')}: ")
    return (f"the transcript {found.game} wrote of it does not replay ({said}): its PlaySupport.transcript does "
            "not write the game it is given (the deal= stream, docs/extending.md)")


def _unlike(rows: pl.DataFrame, mine: pl.DataFrame, events: pl.DataFrame, logged: pl.DataFrame) -> str:
    """How the game played again (its `rows` and `events`, as a run writes them) differs from the
    run's rows of it (`mine`, by seat, and `logged`), in words after 'game N played again'; '' when
    it does not. Compared in the columns both have: a stat or event column a game added since the
    run was made is no other game."""
    again, then = rows["total"].to_list(), mine["total"].to_list()
    if again != then:
        return f"ends {_scores(again)}, but the run recorded {_scores(then)}"
    ends = f"ends {_scores(again)} as the run recorded, but"
    rows, mine = _shared(rows, mine)
    events, logged = _shared(events, logged)
    for column in rows.columns:
        if not rows[column].equals(mine[column]):
            seat = next(i for i, (a, b) in enumerate(zip(rows[column], mine[column], strict=True)) if a != b)
            one_for_all = rows[column].n_unique() == mine[column].n_unique() == 1  # (rounds, turns)
            whose = "its" if one_for_all else f"P{seat + 1}'s"
            return f"{ends} {whose} {column} is {rows[column][seat]}, the run's {mine[column][seat]}"
    if events.height != logged.height:
        return f"{ends} it logs {events.height} events, the run {logged.height}"
    if not events.equals(logged):
        at = next((i for i, (a, b) in enumerate(zip(events.iter_rows(), logged.iter_rows(), strict=True)) if a != b), 0)
        ev = events.row(at, named=True)
        return (f"{ends} its event {at + 1} of {events.height} ({ev['kind']}, round {ev['round']}, turn {ev['turn']}) "
                "is not the run's")
    return ""


def _shared(a: pl.DataFrame, b: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """`a` and `b` with only the columns both have, in `a`'s order."""
    both = [c for c in a.columns if c in b.columns]
    return a.select(both), b.select(both)


def _scores(totals: list[float]) -> str:
    return " ".join(f"{t:g}" for t in totals)


def _made_with(info: dict[str, Any]) -> str:
    """' (with playtest 0.1.0; this is 0.2.0)' when the run names another playtest version than
    this one; '' when it names this one (the code changed under one version number) or none."""
    from playtest.sim.batch import package_versions

    versions = info.get("versions")
    then, now = versions.get("playtest") if isinstance(versions, dict) else None, package_versions().get("playtest")
    return f" (with playtest {then}; this is {now})" if then and now and then != now else ""
