"""Simulating several variants with common random numbers, and growing the runs batch by batch."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

import polars as pl

from playtest.compare.jackknife import Sample
from playtest.errors import UsageError
from playtest.games import get_game
from playtest.sim.batch import RunConfig, check_lineup, default_players, read_run, run_batch
from playtest.variants import Variant


def common_lineup(variants: Sequence[Variant], players: int | None, bots: Sequence[str], *,
                  how: str = "", names: Sequence[str] = ()) -> tuple[int, tuple[str, ...]]:
    """Check that every variant is of one game and accepts the player count and bots (`how`:
    batch.check_players). `names`: what the errors call each variant, when their paths do not
    tell them apart (a sweep's grid points, every one the same file)."""
    def name(i: int) -> str:
        return names[i] if names else str(variants[i].path)

    others = "the grid points" if names else "the variants"
    first = variants[0]
    other = next((v for v in variants[1:] if v.game != first.game), None)
    if other is not None:  # named by file: "of different games: ohseven, stargate" did not say which
        raise UsageError(f"{other.path}: a variant of {other.game}, but {first.path} is one of {first.game}: "
                         "variants of different games cannot be compared")
    asked = players is not None
    if players is None:
        counts = set(first.model.player_counts())
        for i, v in enumerate(variants[1:], 1):
            if not counts & set(v.model.player_counts()):
                raise UsageError(f"{name(i)}: supports {_counts(v.model.player_counts())} players, {others} before "
                                 f"it only {_counts(counts)}: no player count is supported by all of them")
            counts &= set(v.model.player_counts())
        players = default_players(sorted(counts), bots)
    spec = get_game(variants[0].game)
    lineup: tuple[str, ...] = ()
    for i, v in enumerate(variants):
        lineup = check_lineup(spec, v, players, bots, how=how, asked=asked, name=name(i))
    return players, lineup


def _counts(counts: Sequence[int] | set[int]) -> str:
    return ", ".join(map(str, sorted(counts)))


def folder_name(label: str) -> str:
    """The run folder of a label. Labels are file stems (no '/'), but the stem of `..yaml` is
    `.`, which named `runs/` itself, and a leading dot hides the folder: such a label's folder
    starts with `_` instead."""
    return "_" + label if label.startswith(".") else label


def _unique(names: list[str]) -> list[str]:
    """`names` with a later repeat given `-2`, `-3`, … (never a name already taken)."""
    taken: set[str] = set()
    out = []
    for name in names:
        candidate, k = name, 2
        while candidate in taken:
            candidate, k = f"{name}-{k}", k + 1
        taken.add(candidate)
        out.append(candidate)
    return out


class Runs:
    """The games of every variant so far, on disk under `out_dir/<label>/` and in memory.

    Variant i uses `seeds[i]`; with one seed for all (the default) game g of every variant has the
    same deal and the same bot dice."""

    def __init__(self, variants: Sequence[Variant], labels: Sequence[str], config: RunConfig, out_dir: Path,
                 seeds: Sequence[int] | None = None,
                 progress: Callable[[int], None] | None = None) -> None:
        self.variants = list(variants)
        self.labels = list(labels)
        self.folders = _unique([folder_name(label) for label in labels])
        """Each variant's run folder under out_dir: its label's folder name, made unique (`.a`
        and `_.a` both map to `_.a`)."""
        self.config = config
        self.out_dir = out_dir
        self.seeds = list(seeds) if seeds else [config.seed] * len(variants)
        self.progress = progress
        self.games = 0
        self.batches = 0
        self._parts: list[list[Sample]] = [[] for _ in variants]

    def grow_to(self, n_games: int) -> list[Sample]:
        """Play games [self.games, n_games) of every variant and return all samples so far."""
        if n_games > self.games:
            for i, v in enumerate(self.variants):
                folder = self.out_dir / self.folders[i]
                if self.batches:
                    folder = folder / f"games-{self.games}-{n_games - 1}"
                config = dataclasses.replace(self.config, seed=self.seeds[i], first_game=self.games,
                                             n_games=n_games - self.games)
                run_batch(v, config, folder, progress=self.progress)
                info, games, events = read_run(folder)
                self._parts[i].append(Sample(info, games, events))
            self.games = n_games
            self.batches += 1
        return self.samples()

    def samples(self) -> list[Sample]:
        out = []
        for parts in self._parts:
            info = dict(parts[0].info) | {"games": self.games}
            out.append(Sample(info, pl.concat([p.games for p in parts]), pl.concat([p.events for p in parts])))
        return out
