"""Scoring: VP by source (chips, worlds, developments, end-game bonuses, goals) and the tie-break."""

from __future__ import annotations

from playtest.games.newfrontiers.state import Player, State
from playtest.games.newfrontiers.tiles import Tiles

PARTS = ("chips", "worlds", "developments", "bonus", "goals")


def score_floors(variant: object) -> dict[str, int]:
    """The least value each score part can take (GameSpec.score_floors): 0 for every part and the
    total, in every variant. Every VP the schema lets a designer set is `ge=0` or more: VP chips
    come only from `vp` fields (a settle reward, a consume power, bonuses.trade_vp and envoy_vp)
    and are never paid back; world, home world and development `vp` are ≥ 0; an end bonus or a
    goal pays a `vp` ≥ 1 per counted item (counts of tiles, goods, gold and colonists, never
    negative) or to the player with the most; a storage mat `vp` ≥ 1 per store."""
    return dict.fromkeys((*PARTS, "total"), 0)


TILE_COUNTS = frozenset({"world", "development", "military"})
"""What `count` counts from a player's tiles alone (their Profile is built from them)."""


def count(tiles: Tiles, p: Player, what: str, world_kind: str | None = None, color: str | None = None,
          large_only: bool = False) -> int:
    """How many of `what` player `p` has (the counting rule of end bonuses and goals)."""
    if what in TILE_COUNTS:
        return count_tiles(tiles, p.worlds, p.devs, p.prof.military, what, world_kind, color, large_only)
    if what == "good":
        return len(p.goods)
    if what == "colonist":
        return p.colonists
    if what == "gold":
        return p.gold
    raise ValueError(what)


def count_tiles(tiles: Tiles, worlds: tuple[int, ...], devs: tuple[int, ...], military: int, what: str,
                world_kind: str | None = None, color: str | None = None, large_only: bool = False) -> int:
    """`count` of one of `TILE_COUNTS` for a player with these settled worlds, developments and
    military strength."""
    if what == "world":
        n = 0
        for w in worlds:
            t = tiles.worlds[w]
            if world_kind is not None and t.kind != world_kind:
                continue
            if color is not None and (t.color < 0 or tiles.colors[t.color] != color):
                continue
            n += 1
        return n
    if what == "development":
        return sum(1 for d in devs if tiles.devs[d].large or not large_only)
    if what == "military":
        return military
    raise ValueError(what)


def dev_points(tiles: Tiles, p: Player, large_counts: int) -> int:
    """Developments placed, a large one counting `large_counts` (the development end trigger)."""
    return sum(large_counts if tiles.devs[d].large else 1 for d in p.devs)


def _bonus(tiles: Tiles, p: Player) -> int:
    return sum(b.vp * count(tiles, p, b.per, b.world_kind, b.color, b.large_only) for b in p.prof.end_bonuses)


def _goal_scores(tiles: Tiles, state: State, hidden_for_everyone: bool) -> list[int]:
    n = state.n
    out = [0] * n
    for owner, p in enumerate(state.players):
        for g, stores in p.stored:  # storage mats score for their owner only
            mat = tiles.goals[g].storage
            if mat is not None:
                out[owner] += mat.vp * stores
        for g, up in [(g, True) for g in p.goals_up] + [(g, hidden_for_everyone) for g in p.goals_down]:
            goal = tiles.goals[g]
            if goal.storage is not None or goal.count is None:
                continue
            seats = range(n) if up else (owner,)
            counts = [count(tiles, state.players[s], goal.count, goal.world_kind, goal.color) for s in range(n)]
            if goal.scoring == "per":
                for s in seats:
                    out[s] += goal.vp * counts[s]
            else:
                top = max(counts)
                if top >= 1:
                    for s in seats:
                        if counts[s] == top:
                            out[s] += goal.vp
    return out


def score_parts(tiles: Tiles, state: State, hidden_for_everyone: bool = False) -> list[dict[str, int]]:
    """Per seat: VP by source if the game ended now."""
    goals = _goal_scores(tiles, state, hidden_for_everyone)
    out = []
    for s, p in enumerate(state.players):
        out.append({
            "chips": p.chips,
            "worlds": sum(tiles.worlds[w].vp for w in p.worlds),
            "developments": sum(tiles.devs[d].vp for d in p.devs),
            "bonus": _bonus(tiles, p),
            "goals": goals[s],
        })
    return out


def totals(tiles: Tiles, state: State, hidden_for_everyone: bool = False) -> list[int]:
    """Per seat: the sum of `score_parts` (without building the parts)."""
    goals = _goal_scores(tiles, state, hidden_for_everyone)
    return [vp_without_goals(tiles, p) + goals[s] for s, p in enumerate(state.players)]


def vp_without_goals(tiles: Tiles, p: Player) -> int:
    """Chips, worlds, developments and end bonuses: a player's VP when no goals are in play
    (the sum of `score_parts` without goals; the worlds' and developments' VP summed once per
    change of the player's tiles, in the Profile)."""
    prof = p.prof
    v = p.chips + prof.tile_vp
    if prof.end_bonuses:
        v += held_bonus(tiles, p)
    return v


def held_bonus(tiles: Tiles, p: Player) -> int:
    """The end bonuses' VP (`p` has some): those counting tiles summed once per Profile, as the
    tile VP, and the others counted. 2026-12-02, with `evaluation.player_value` adding the VP
    itself: greedy 106.7 -> 105.0 M instructions a game (x1.017, 10 games; 3 games: 105.1 -> 103.3)."""
    prof = p.prof
    v = prof.tile_bonus
    for b in prof.end_bonuses:
        if b.per not in TILE_COUNTS:
            v += b.vp * count(tiles, p, b.per, b.world_kind, b.color, b.large_only)
    return v


def tie_break(p: Player) -> int:
    """Gold and goods together (the first tie-break)."""
    return p.gold + len(p.goods)
