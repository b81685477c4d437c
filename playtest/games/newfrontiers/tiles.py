"""The tile tables of a variant: worlds (home worlds first), developments, goals, as plain tuples."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.games.newfrontiers import schema as S


@dataclass(frozen=True, slots=True)
class WorldTile:
    id: str
    name: str
    kind: str
    color: int
    """Index into the goods colors; -1: no good (military)."""
    cost: int
    colonists: int
    vp: int
    powers: tuple[object, ...]
    home: bool
    consume_names: tuple[str, ...] = ()
    """How a transcript names each of its consume powers (`consume_names`)."""


@dataclass(frozen=True, slots=True)
class DevTile:
    id: str
    name: str
    cost: int
    vp: int
    large: bool
    copies: int
    powers: tuple[object, ...]
    consume_names: tuple[str, ...] = ()
    """How a transcript names each of its consume powers (`consume_names`)."""


@dataclass(frozen=True, slots=True)
class Tiles:
    colors: tuple[str, ...]
    prices: tuple[int, ...]
    worlds: tuple[WorldTile, ...]
    n_home: int
    devs: tuple[DevTile, ...]
    goals: tuple[S.Goal, ...]
    world_index: dict[str, int]
    dev_index: dict[str, int]
    goal_index: dict[str, int]


def consume_names(tile_id: str, powers: tuple[object, ...]) -> tuple[str, ...]:
    """The names of a tile's consume powers in `consume <world> with <name>`: the tile's id, then
    `<id>:2`, `<id>:3` ... for a second and third consume power of the same tile."""
    k = sum(1 for p in powers if isinstance(p, S.Consume))
    return tuple(tile_id if i == 0 else f"{tile_id}:{i + 1}" for i in range(k))


def build_tiles(v: S.NewFrontiersVariant) -> Tiles:
    colors = tuple(v.rules.goods)
    prices = tuple(v.rules.goods.values())
    worlds: list[WorldTile] = []
    for h in v.home_worlds:
        worlds.append(WorldTile(h.id, h.name, str(h.kind), colors.index(h.color), 0, 1, h.vp, tuple(h.powers), True,
                                consume_names(h.id, tuple(h.powers))))
    for w in v.worlds:
        color = colors.index(w.color) if w.color is not None else -1
        worlds.append(WorldTile(w.id, w.name, str(w.kind), color, w.cost, w.colonists, w.vp, tuple(w.powers), False,
                                consume_names(w.id, tuple(w.powers))))
    devs = tuple(DevTile(d.id, d.name, d.cost, d.vp, d.large, d.copies, tuple(d.powers),
                         consume_names(d.id, tuple(d.powers))) for d in v.developments)
    goals = tuple(v.goals.cards)
    return Tiles(colors, prices, tuple(worlds), len(v.home_worlds), devs, goals,
                 {w.id: i for i, w in enumerate(worlds)}, {d.id: i for i, d in enumerate(devs)},
                 {g.id: i for i, g in enumerate(goals)})
