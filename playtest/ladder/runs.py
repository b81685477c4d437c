"""Playing a ladder: self-play games per rung and head-to-head games of neighbouring rungs.

Every run goes through `playtest.sim.batch.run_batch` with one root seed, so game g of every
run has the same deal (common random numbers) and the rows do not depend on --workers.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playtest.compare.jackknife import Sample
from playtest.core.protocol import Rules
from playtest.core.spec import GameSpec
from playtest.errors import BotNameError, UsageError
from playtest.search.bots import played
from playtest.search.names import is_search_name
from playtest.search.names import parse as parse_search
from playtest.sim.batch import (
    RunConfig,
    RunResult,
    check_lineup,
    check_players,
    read_run,
    run_batch,
)
from playtest.variants import Variant


@dataclass(frozen=True)
class LadderPlan:
    """What to play: rungs from weakest to strongest, games per self-play run and per pairing."""

    rungs: tuple[str, ...]
    players: int
    games: int
    pair_games: int
    seed: int
    workers: int = 0
    command: str = ""


@dataclass(frozen=True)
class Pairing:
    """Rung `upper` against the rung below it, seats alternating (upper first) and rotating."""

    lower: str
    upper: str
    lineup: tuple[str, ...]


@dataclass(frozen=True)
class LadderRuns:
    plan: LadderPlan
    self_play: dict[str, Sample]
    pairs: dict[tuple[str, str], Sample]
    """(lower, upper) → the head-to-head games."""
    folders: dict[str, str]
    """Run label → folder relative to the ladder's output folder."""


def split_rungs(text: str, game: tuple[GameSpec, Rules[Any, Any]] | None = None) -> tuple[str, ...]:
    """`random,greedy,mcts:200` → the rungs; empty names and repeats are errors. `game`: the
    game and its rules, whose own rollout cut-off a search bot without depth= plays (`_bot_of`)."""
    rungs = tuple(part.strip() for part in text.split(","))
    for i, rung in enumerate(rungs, 1):
        if not rung:
            raise UsageError(f"--rungs {text}: rung {i} has no name")
    seen = {r for r in rungs if rungs.count(r) > 1}
    if seen:
        raise UsageError(f"--rungs {text}: {', '.join(sorted(seen))} is named twice (each rung once, weakest first)")
    bots = [_bot_of(r, game) for r in rungs]
    alike = [(a, b) for i, a in enumerate(rungs) for j, b in enumerate(rungs) if i < j and bots[i] == bots[j]]
    if alike:
        a, b = alike[0]
        raise UsageError(f"--rungs {text}: {a} and {b} are the same bot (each rung once, weakest first)")
    if len(rungs) < 2:
        raise UsageError(f"--rungs {text}: a ladder needs at least two rungs, weakest first")
    return rungs


def _bot_of(rung: str, game: tuple[GameSpec, Rules[Any, Any]] | None = None) -> object:
    """What a rung plays: a search bot's parsed options (`mcts:3:c=1` and `mcts:3:c=1.0` are one
    bot), else its name. A name that does not parse is left to the bot factory's own error.
    With the `game`, a depth not given is the game's own cut-off, as the bot plays it
    (search.bots.played): on Stargate `mcts:3:depth=end` is `mcts:3`, on Oh-Seven
    `ismcts:3:depth=30` is `ismcts:3` (a ladder of the two played one bot twice)."""
    if not is_search_name(rung):
        return rung
    try:
        bot = parse_search(rung) if game is None else played(game[0], rung, game[1])
    except UsageError:
        return rung
    return replace(bot, name="")


def pair_lineup(upper: str, lower: str, players: int) -> tuple[str, ...]:
    """upper, lower, upper, ... : with an odd player count the stronger rung has one seat more."""
    return tuple(upper if s % 2 == 0 else lower for s in range(players))


def pairings(rungs: Sequence[str], players: int) -> list[Pairing]:
    return [Pairing(lower, upper, pair_lineup(upper, lower, players)) for lower, upper in itertools.pairwise(rungs)]


def check_rungs(spec: GameSpec, variant: Variant, players: int, rungs: Sequence[str]) -> None:
    """Every rung must be a bot of the game: the game's own message lists the valid ones, after
    `--rungs:` (a bad player count first, as --players' own error). Only a name refused
    (BotNameError) is the option's: a plugin's make_bot that breaks the protocol is said as
    `simulate --bots` says it, the game's bug (it read `--rungs: game 'nim': its make_bot(...)
    returned a NoneType ...`, as if the rung were misspelt)."""
    check_players(variant, players)
    for rung in rungs:
        try:  # the batch's own check: the same bot factory (search bots included) as the runs
            check_lineup(spec, variant, players, [rung])
        except BotNameError as err:
            raise UsageError(f"--rungs: {err}") from None


def slug(rung: str) -> str:
    """A folder name for a bot spec: mcts:400:c=0.7 → mcts-400-c-0.7."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", rung).strip("-") or "bot"


Start = Callable[[Callable[[int], None] | None], RunResult]
"""A run waiting for its progress callback (called with each finished chunk's games), or None."""


def play_ladder(variant: Variant, plan: LadderPlan, folder: Path,
                done: Callable[[str, int, float], None] | None = None,
                progress: Callable[[str, int, Start], RunResult] | None = None) -> LadderRuns:
    """Play every run of the ladder into `folder/runs/...` and read them back; `done(label,
    games, seconds)` after each run. `progress(label, games, start)`: runs `start` with a
    callback of its own (the CLI's progress line on a terminal); it only counts games."""
    self_play: dict[str, Sample] = {}
    pairs: dict[tuple[str, str], Sample] = {}
    folders: dict[str, str] = {}

    def one(label: str, rel: str, lineup: tuple[str, ...], n: int) -> Sample:
        config = RunConfig(n_games=n, players=plan.players, lineup=lineup, seed=plan.seed, workers=plan.workers,
                           command=plan.command, extra={"ladder_run": label})
        def start(advance: Callable[[int], None] | None) -> RunResult:
            return run_batch(variant, config, folder / rel, progress=advance)

        result = progress(label, n, start) if progress else start(None)
        if done:
            done(label, n, result.seconds)
        info, games, events = read_run(folder / rel)
        folders[label] = rel
        return Sample(info, games, events)

    for rung in plan.rungs:
        self_play[rung] = one(rung, f"runs/self/{slug(rung)}", (rung,) * plan.players, plan.games)
    for pair in pairings(plan.rungs, plan.players):
        label = f"{pair.upper} vs {pair.lower}"
        pairs[(pair.lower, pair.upper)] = one(label, f"runs/vs/{slug(pair.upper)}--{slug(pair.lower)}",
                                              pair.lineup, plan.pair_games)
    return LadderRuns(plan, self_play, pairs, folders)
