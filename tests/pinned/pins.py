"""Pinned games: the results of a few hundred games per game and bot kind, played before the
Stargate engine was rewritten, so that a rewrite that changes a rule (or a bot) cannot pass.

Each line of `games.csv` is one game: which set it belongs to, its variant, seed, game number,
the bots by seat, every seat's final total, the winning seats, its length (rounds, turns,
decisions) and, for the sets that ask for it (`end=True`), what ended it: the game_end events'
trigger, e.g. `worlds` or `chips+colonists` for New Frontiers (empty for the other sets). `python -m tests.pinned.pins` rewrites the file (only after a deliberate change
of the rules or the bots: say so in the commit); `python -m tests.pinned.pins --add` plays and
appends only the sets the file does not hold yet.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path

from playtest.games import get_game
from playtest.sim.batch import RunConfig, play_one
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).with_name("games.csv")
FIELDS = ("set", "variant", "players", "seed", "game", "bots", "totals", "winners", "rounds", "turns",
          "decisions", "end")


@dataclass(frozen=True)
class PinSet:
    """`games` games of one variant and bot line-up (rotated by game, as `simulate` does)."""

    name: str
    variant: str
    players: int
    lineup: tuple[str, ...]
    games: int
    seed: int = 11
    end: bool = False
    """Pin what ended each game (read from the events, so these games are played with events)."""


SETS = (
    PinSet("sg5-random-4p", "variants/stargate/draft5.yaml", 4, ("random",), 300),
    PinSet("sg5-random-3p", "variants/stargate/draft5.yaml", 3, ("random",), 100),
    PinSet("sg5-myopic-4p", "variants/stargate/draft5.yaml", 4, ("greedy-myopic",), 200),
    PinSet("sg5-myopic-3p", "variants/stargate/draft5.yaml", 3, ("greedy-myopic", "random", "greedy-myopic"), 100),
    PinSet("sg5-lookahead-4p", "variants/stargate/draft5.yaml", 4, ("lookahead", "greedy-myopic", "random", "greedy-myopic"), 60),
    PinSet("sg5-scripted-4p", "variants/stargate/draft5.yaml", 4,
           ("scripted:bays-first", "scripted:late-placer", "scripted:random-bays-first", "scripted:no-bays"), 200),
    PinSet("sg6new-random-4p", "variants/stargate/draft6-new-crews.yaml", 4, ("random",), 300),
    PinSet("sg6new-myopic-4p", "variants/stargate/draft6-new-crews.yaml", 4, ("greedy-myopic",), 150),
    PinSet("sg6new-scripted-4p", "variants/stargate/draft6-new-crews.yaml", 4,
           ("scripted:max-placer", "random", "scripted:bays-when-short", "greedy-myopic"), 100),
    PinSet("sg6planets-random-4p", "variants/stargate/draft6-special-planets.yaml", 4, ("random",), 200),
    PinSet("sg6planets-myopic-3p", "variants/stargate/draft6-special-planets.yaml", 3, ("greedy-myopic",), 100),
    PinSet("sg6dev-random-4p", "variants/stargate/draft6-development.yaml", 4, ("random",), 200),
    PinSet("sg6dev-myopic-4p", "variants/stargate/draft6-development.yaml", 4, ("greedy-myopic", "random"), 100),
    PinSet("sg6norep-random-3p", "variants/stargate/draft6-no-replenish.yaml", 3, ("random",), 200),
    PinSet("sg6norep-myopic-4p", "variants/stargate/draft6-no-replenish.yaml", 4, ("greedy-myopic",), 100),
    PinSet("sg5-greedy-4p", "variants/stargate/draft5.yaml", 4, ("greedy",), 150),
    PinSet("sg6planets-greedy-4p", "variants/stargate/draft6-special-planets.yaml", 4,
           ("greedy", "greedy-myopic"), 60),
    PinSet("sg6norep-greedy-3p", "variants/stargate/draft6-no-replenish.yaml", 3, ("greedy",), 60),
    PinSet("o7-random-4p", "variants/ohseven/base.yaml", 4, ("random",), 300),
    PinSet("o7-heuristic-5p", "variants/ohseven/base.yaml", 5, ("heuristic",), 200),
    PinSet("o7-scripted-4p", "variants/ohseven/base.yaml", 4,
           ("scripted:aggressive", "scripted:cautious", "heuristic", "random"), 200),
    # New Frontiers, pinned before its engine was sped up (issue 13 point 7): which trigger ended
    # the game is pinned too (several can fire in the same round).
    PinSet("nf-random-4p", "variants/new-frontiers/base.yaml", 4, ("random",), 120, end=True),
    PinSet("nf-random-2p", "variants/new-frontiers/base.yaml", 2, ("random",), 40, end=True),
    PinSet("nf-greedy-4p", "variants/new-frontiers/base.yaml", 4, ("greedy",), 80, end=True),
    PinSet("nf-scripted-4p", "variants/new-frontiers/base.yaml", 4,
           ("scripted:military", "scripted:producer", "scripted:developer", "scripted:envoy"), 60, end=True),
    PinSet("nf-goals-random-4p", "variants/new-frontiers/goals.yaml", 4, ("random",), 60, end=True),
    PinSet("nf-goals-mixed-3p", "variants/new-frontiers/goals.yaml", 3,
           ("greedy", "scripted:envoy", "random"), 40, end=True),
    PinSet("nf-nocomp-random-5p", "variants/new-frontiers/no-compensation.yaml", 5, ("random",), 60, end=True),
    PinSet("nf-nocomp-greedy-3p", "variants/new-frontiers/no-compensation.yaml", 3,
           ("greedy", "scripted:producer", "greedy"), 40, end=True),
)


def play_set(pin: PinSet, games: range | None = None) -> list[dict[str, str]]:
    """The rows of one set's games (all of them, or those in `games`), played now."""
    variant = load_variant(ROOT / pin.variant)
    spec = get_game(variant.game)
    rules = spec.make_rules(variant.model)
    lineup = pin.lineup * (pin.players // len(pin.lineup)) if len(pin.lineup) == 1 else pin.lineup
    if len(lineup) < pin.players:
        lineup = tuple((lineup * pin.players)[: pin.players])
    config = RunConfig(n_games=pin.games, players=pin.players, lineup=tuple(lineup), seed=pin.seed,
                       record_events=pin.end)
    rows = []
    for g in games if games is not None else range(pin.games):
        played = play_one(spec, rules, config, g)
        res = played.result
        rows.append({
            "set": pin.name, "variant": pin.variant, "players": str(pin.players), "seed": str(pin.seed),
            "game": str(g), "bots": " ".join(config.seat_bots(g)),
            "totals": " ".join(f"{s.total:g}" for s in res.seats),
            "winners": " ".join(str(s.seat) for s in res.seats if s.win_share > 0),
            "rounds": str(res.rounds), "turns": str(res.turns), "decisions": str(played.decisions),
            "end": _end(played.events) if pin.end else "",
        })
    return rows


def _end(events) -> str:
    """The game_end events' trigger(s) (Stargate calls it end_reason), joined by '+'."""
    return "+".join(str(e.data.get("trigger", e.data.get("end_reason", ""))) for e in events
                    if e.kind == "game_end")


def read_pins() -> list[dict[str, str]]:
    with DATA.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def write_pins() -> None:
    tmp = DATA.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for pin in SETS:
            w.writerows(play_set(pin))
            print(pin.name, file=sys.stderr)
    tmp.replace(DATA)


def add_missing_sets() -> None:
    """Append the rows of the sets the file does not hold yet (keeping the others as pinned)."""
    rows = read_pins()
    have = {r["set"] for r in rows}
    for pin in SETS:
        if pin.name not in have:
            rows += play_set(pin)
            print(pin.name, file=sys.stderr)
    order = {pin.name: i for i, pin in enumerate(SETS)}
    rows.sort(key=lambda r: (order[r["set"]], int(r["game"])))
    tmp = DATA.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n", restval="")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(DATA)


if __name__ == "__main__":
    add_missing_sets() if "--add" in sys.argv[1:] else write_pins()
