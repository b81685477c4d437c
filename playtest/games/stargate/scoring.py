"""Stargate scoring (RULINGS.md, "Scoring"): planet majorities, the color bonus, planets' final
effects and extension slots — the one scoring routine behind the rules' provisional and final
scores, the bots' evaluations and the transcripts' score sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from playtest.games.stargate import schema as sc
from playtest.games.stargate.planet_effects import PLANET_EFFECTS
from playtest.games.stargate.planet_effects import handler_of as planet_handler_of
from playtest.games.stargate.state import State


def majority_order(owners: Sequence[int], later_wins: bool) -> list[int]:
    """Seats with cubes on a planet, best rank first: more cubes, then the tie-break on the slot
    of each seat's first cube (the later first cube wins when `later_wins`, else the earlier).

    The seats in the order of their first cube (reversed when the later one wins), then a
    stable sort by cube count, most first: equal counts keep the tie-break's order. (Counting
    with `owners.count` instead of tallying in a loop and sorting by a two-part key, no Python
    call per seat: with `Scoring.planet` and `core.results.rank` done the same way, a random
    4-player game's final result 38 -> about 30 us, 3.983M -> 3.949M instructions per game
    in all, callgrind, measured 2026-12-02.)"""
    by_first_cube = list(dict.fromkeys(owners))
    if later_wins:
        by_first_cube.reverse()
    return sorted(by_first_cube, key=owners.count, reverse=True)


def majority_leader(owners: Sequence[int], later_wins: bool) -> int:
    """The seat ranked first on a planet (-1 for an empty planet)."""
    order = majority_order(owners, later_wins)
    return order[0] if order else -1


def planet_vp(owners: Sequence[int], vp: Sequence[int], later_wins: bool) -> dict[int, int]:
    """VP each seat scores on one planet: with k the highest occupied slot, rank 1 scores slot
    k's VP, rank 2 slot k-1's, ...; a rank whose slot would be below 1 scores nothing."""
    k = len(owners)
    out: dict[int, int] = {}
    for r, seat in enumerate(majority_order(owners, later_wins)):
        slot = k - 1 - r
        out[seat] = vp[slot] if slot >= 0 else 0
    return out


def color_bonus(counts: Sequence[int], rule: sc.ColorBonus) -> int:
    """The color bonus for one seat's cube counts by color: with m the largest count, m for
    every color that has m cubes (all_max_colors), m once (one_max_color), or nothing."""
    m = max(counts, default=0)
    if m == 0 or rule is sc.ColorBonus.NONE:
        return 0
    if rule is sc.ColorBonus.ONE_MAX_COLOR:
        return m
    return m * list(counts).count(m)


class PlanetScore(NamedTuple):
    """One planet's outcome for the seats with cubes on it. An immutable record, as a
    NamedTuple rather than a frozen dataclass: scoring a finished random game makes one per
    planet (the memo rarely knows a final board), and a NamedTuple is built about three times
    faster (as core.events.Event)."""

    vp: tuple[tuple[int, int], ...]
    """(seat, VP): the majority VP plus the planet's final effects."""
    counts: tuple[tuple[int, int], ...]
    """(seat, cubes on the planet)."""
    effect_vp: tuple[tuple[int, int], ...]
    """(seat, VP): how much of `vp` the final effects are (only seats they changed)."""


EMPTY_PLANET = PlanetScore((), (), ())


@dataclass(frozen=True)
class Score:
    """Every seat's score by part."""

    planets: tuple[int, ...]
    """Majority VP on the planets."""
    color: tuple[int, ...]
    skill: tuple[int, ...]
    """VP from crew skills."""
    planet_effects: tuple[int, ...]
    """VP from planet special effects (last_cube and final), including a multiplier's change."""
    extensions: tuple[int, ...]
    """VP of the cubes in extension slots (planets and crews)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(map(sum, zip(self.planets, self.color, self.skill, self.planet_effects, self.extensions,
                                  strict=True)))

    def parts(self, seat: int) -> dict[str, int]:
        return {"planets": self.planets[seat], "color": self.color[seat], "skill": self.skill[seat],
                "planet_effects": self.planet_effects[seat], "extensions": self.extensions[seat]}


def score_floors(variant: sc.StargateVariant) -> dict[str, int]:
    """The least value each score part can take under this variant (GameSpec.score_floors). The
    color bonus is a count of cubes: never below 0. The others are 0 only when nothing in the
    variant can take VP away, since the schema lets a draft write negative VP: `planets` when no
    slot or overflow VP is negative (a `majority_multiplier` is at least 0); `skill` when every
    crew effect declares whether it gives VP (schema.SkillEffect.gives_vp) and no VP skill has a
    negative `amount`; `planet_effects` when every planet effect only gains (its handler's
    `gains_only`, planet_effects.py: a multiplier's change counts there); `extensions` when no
    extension slot is negative; the total when all of them are floored."""
    planets, crews = variant.planets, variant.crews
    floors = {"color": 0}
    if all(v >= 0 for p in planets for v in p.vp) and all(p.overflow_vp is None or p.overflow_vp >= 0 for p in planets):
        floors["planets"] = 0
    effects = [e for c in crews for e in c.skill]
    # (an effect that gives VP has an `amount`: tests/stargate/test_effects_registry.py)
    if all(e.gives_vp is False or (e.gives_vp is True and getattr(e, "amount", -1) >= 0) for e in effects):
        floors["skill"] = 0
    if all(planet_handler_of(e).gains_only(p, e) for p in planets for e in p.effects):
        floors["planet_effects"] = 0
    if all(v >= 0 for p in planets for v in p.extension_vp) and all(v >= 0 for c in crews for v in c.extension_vp):
        floors["extensions"] = 0
    if len(floors) == 5:  # every part: the total adds them up
        floors["total"] = 0
    return floors


class Scoring:
    """The scoring of one variant.

    `planet` is memoised by (planet card, owners): a pure function of the variant, so the memo
    is safe when one rules object serves many games, and bounded. Search bots score thousands
    of boards that differ on one or two planets."""

    MEMO_LIMIT = 20_000
    """Entries kept before the memo starts afresh. Nearly all hits come from the same game (its
    circle): greedy games add about 80 entries a game and hit about 95% of the time, and
    150 greedy games took the same time with 5,000, 20,000 or 200,000 entries, as did three
    `mcts:200` games with 20,000 or 200,000 (2026-12-02). A long random run filled a
    200,000-entry memo with about 7 entries a game, unused: about 40 MB at 16,000 games
    (189 against 150 MB peak, one run each), the rise `make bench` saw from run to run."""

    def __init__(self, variant: sc.StargateVariant) -> None:
        color_index = {c.id: i for i, c in enumerate(variant.colors)}
        self.planet_color = tuple(color_index[p.color] for p in variant.planets)
        self.n_colors = len(variant.colors)
        self.later_wins = variant.scoring.majority_tiebreak is sc.MajorityTiebreak.LATER_FIRST_CUBE
        self.color_rule = variant.scoring.color_bonus
        self.vp = tuple((*p.vp, p.vp[-1] if p.overflow_vp is None else p.overflow_vp) for p in variant.planets)
        """Each planet's VP column with its overflow slot behind the last slot."""
        self.final_effects = tuple(tuple(e for e in p.effects if e.trigger is sc.PlanetTrigger.FINAL)
                                   for p in variant.planets)
        self.planet_ext_vp = tuple(p.extension_vp for p in variant.planets)
        self.crew_ext_vp = tuple(c.extension_vp for c in variant.crews)
        self.has_extensions = any(self.planet_ext_vp) or any(self.crew_ext_vp)
        self._memo: dict[tuple[int, tuple[int, ...]], PlanetScore] = {}

    def planet(self, card: int, owners: tuple[int, ...]) -> PlanetScore:
        """VP and cube counts of every seat on one planet card with these owners (slot 1 first)."""
        key = (card, owners)
        found = self._memo.get(key)
        if found is None:
            if not owners:
                return EMPTY_PLANET
            order = majority_order(owners, self.later_wins)
            # Rank 1 scores slot k (the highest occupied), rank 2 slot k-1, ... (there are never
            # more seats on a planet than cubes, so no rank falls below slot 1).
            vp = tuple(zip(order, reversed(self.vp[card][:len(owners)]), strict=False))
            counts = tuple([(seat, owners.count(seat)) for seat in order])
            if self.final_effects[card]:
                extra = self._final_effects(card, order, dict(vp), dict(counts))
                found = PlanetScore(tuple([(s, v + extra.get(s, 0)) for s, v in vp]), counts, tuple(extra.items()))
            else:
                found = PlanetScore(vp, counts, ())
            if len(self._memo) >= self.MEMO_LIMIT:  # bounded: memory stays flat in long runs
                self._memo.clear()
            self._memo[key] = found
        return found

    def _final_effects(self, card: int, order: list[int], vps: dict[int, int],
                       counts: dict[int, int]) -> dict[int, int]:
        """VP each seat gains (or loses) from one planet's final effects, in the listed order, each
        from its handler (planet_effects.py); `vps`, the seats' majority VP, is changed by the
        effects that change it (a multiplier)."""
        extra: dict[int, int] = {}
        for eff in self.final_effects[card]:
            PLANET_EFFECTS.writes_into(planet_handler_of(eff).final, eff, order, counts, vps, extra)
        return extra

    def color_bonus(self, counts: Sequence[int]) -> int:
        """The color bonus for one seat's cube counts by color."""
        return color_bonus(counts, self.color_rule)

    def extension_vp(self, state: State) -> tuple[int, ...]:
        """VP of every seat's cubes in extension slots (planets and crews)."""
        out = [0] * state.n
        if self.has_extensions:
            for card, slots in zip(state.circle, state.ext_planet, strict=True):
                for i, seat in enumerate(slots):
                    if seat >= 0:
                        out[seat] += self.planet_ext_vp[card][i]
            for c, filled in enumerate(state.ext_crew):
                for i, seat in enumerate(filled):
                    out[seat] += self.crew_ext_vp[c][i]
        return tuple(out)

    def fixed_vp(self, state: State) -> tuple[int, ...]:
        """Per seat, the VP that do not depend on the board: skill VP, planet-effect VP already
        gained and extension slots."""
        ext = self.extension_vp(state)
        return tuple(a + b + c for a, b, c in zip(state.skill_vp, state.effect_vp, ext, strict=True))

    def board(self, state: State) -> tuple[list[int], list[int], list[list[int]]]:
        """Per seat: planet VP (final effects included), the final effects' part of it, and
        cubes on the board by color."""
        n = state.n
        planets, effects = [0] * n, [0] * n
        colors = [[0] * self.n_colors for _ in range(n)]
        for card, owners in zip(state.circle, state.board, strict=True):
            if not owners:
                continue
            outcome, col = self.planet(card, owners), self.planet_color[card]
            for seat, vp in outcome.vp:
                planets[seat] += vp
            for seat, vp in outcome.effect_vp:
                effects[seat] += vp
            for seat, count in outcome.counts:
                colors[seat][col] += count
        return planets, effects, colors

    def score(self, state: State) -> Score:
        """Every seat's score by part, as if the game ended now."""
        planets, effects, colors = self.board(state)
        return Score(
            planets=tuple([p - e for p, e in zip(planets, effects, strict=True)]),
            color=tuple([self.color_bonus(c) for c in colors]),
            skill=state.skill_vp,
            planet_effects=tuple([e + g for e, g in zip(effects, state.effect_vp, strict=True)]),
            extensions=self.extension_vp(state),
        )

    def totals(self, state: State) -> list[int]:
        """Every seat's total as if the game ended now (= `score(state).totals`)."""
        planets, _, colors = self.board(state)
        fixed = self.fixed_vp(state)
        return [planets[s] + self.color_bonus(colors[s]) + fixed[s] for s in range(state.n)]
