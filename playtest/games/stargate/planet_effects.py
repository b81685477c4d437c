"""Planet effects (RULINGS.md, "Scoring"; docs/variants.md, planet effects): what each effect of
a planet card does, at each trigger it can have, and how it is said.

Every planet-effect class of the schema (schema.py, `PlanetEffect`) has one handler here,
registered with `@handles(EffectClass)` right where it is defined, as crew effects have in
effects.py; tests/stargate/test_planet_effects_registry.py fails, naming the class, when one has none or
its handler lacks a method it needs. For each trigger its class allows (its `trigger` field,
schema.PlanetTrigger) a handler overrides two methods:

- last_cube (the turn's last cube landed on this planet): `last_cube`, what the placer gets,
  added to a `LastCubeGains` (rounds.turn_gains), and `last_cube_words`;
- final (final scoring, and every provisional score): `final`, each seat's change given the
  planet's majority order, cube counts and VP (scoring.Scoring.planet, memoised per planet and
  owners), and `final_words`.

And every handler says `gains_only` (the `planet_effects` score part keeps its floor of 0,
scoring.score_floors) and `changes_vp` (else the report leaves out the part's rows,
metrics.switched_off); an effect that converts cubes says its `conversion` (play's note after
the turn; one from the stock also keeps validate from noting that stock_empty can never fire,
StargateVariant.notes). Adding an effect is a schema class plus a handler (docs/extending.md,
"A new planet effect").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from playtest.games.stargate import schema as sc
from playtest.games.stargate.registry import Registry, cubes_words
from playtest.games.stargate.state import State


@dataclass(slots=True)
class LastCubeGains:
    """What the last-cube effects of one planet give the placer, added up effect by effect in the
    card's order: each sees the hand and stock the ones before it left."""

    hand: int
    """The placer's cubes in hand, less those converted so far."""
    stock: int
    vp: int = 0
    from_hand: int = 0
    """Cubes converted from the hand (they leave the game)."""
    from_stock: int = 0
    time: int = 0
    """Time banked for the placer's next turn."""


class Conversion(NamedTuple):
    """What an effect that converts cubes says about them, for play's note after the turn."""

    source: str
    """Where the cubes come from: 'hand' or 'stock' (the note says what is left there; 'stock': the
    stock can empty, StargateVariant.notes)."""
    time_each: int | None
    """Time banked for the next turn per cube converted; None: converted into VP."""


class PlanetEffectHandler:
    """What one kind of planet effect does; a subclass overrides what applies (module docstring)."""

    def last_cube(self, effect: Any, state: State, last: int, pending: tuple[int, ...], got: LastCubeGains) -> None:
        """A last_cube effect: add to `got` what it gives the seat to move, whose last cube of the
        turn landed at circle position `last` (`pending`: the turn's positions not on
        `state.board` yet, when a bot asks before placing)."""
        raise NotImplementedError

    def last_cube_words(self, effect: Any) -> str:
        """A last_cube effect in words, after "a turn's last cube here: " ('its placer loses 2
        VP'): the circle's effects column in `playtest play`, and a move's note saying what it did."""
        raise NotImplementedError

    def final(self, effect: Any, order: list[int], counts: dict[int, int], majority_vp: dict[int, int],
              extra: dict[int, int]) -> None:
        """A final effect: add to `extra` what it gives (or takes from) each seat with cubes on the
        planet. `order`: those seats, best rank first; `counts`: their cubes here; `majority_vp`:
        their majority VP here as the effects listed before this one left it (an effect that
        changes the majority VP itself, as a multiplier, writes it too)."""
        raise NotImplementedError

    def final_words(self, effect: Any) -> str:
        """A final effect in words, after 'at final scoring: ' ('the majority holder gains 3 VP')."""
        raise NotImplementedError

    def gains_only(self, planet: sc.Planet, effect: Any) -> bool:
        """Whether the effect, on this planet, can only add to the `planet_effects` score part,
        never take from it (scoring.score_floors)."""
        raise NotImplementedError

    def changes_vp(self, effect: Any) -> bool:
        """Whether the effect can change anyone's VP (when none can, metrics.switched_off leaves
        the `planet_effects` rows out)."""
        raise NotImplementedError

    def conversion(self, effect: Any) -> Conversion | None:
        """An effect that converts cubes (the turn's `cubes_converted`): what play's note says."""
        return None


PLANET_EFFECTS = Registry(PlanetEffectHandler, "planet effect", "playtest/games/stargate/planet_effects.py",
                          "added to `got`, or to `extra` and `majority_vp`")
HANDLERS = PLANET_EFFECTS.handlers
"""Planet-effect class (schema.py) → its handler."""
handles = PLANET_EFFECTS.handles
"""Class decorator: register the handler class for a planet-effect class of schema.py."""
handler_of = PLANET_EFFECTS.of
"""The handler of one planet effect (PlaytestError, saying where to add one, for an effect class
without a handler)."""

TRIGGER_METHODS = {sc.PlanetTrigger.LAST_CUBE: ("last_cube", "last_cube_words"),
                   sc.PlanetTrigger.FINAL: ("final", "final_words")}
"""The methods a handler overrides for each trigger its effect class allows."""


def missing_methods(handler: PlanetEffectHandler, trigger: sc.PlanetTrigger) -> list[str]:
    """The methods `handler` must override for an effect with this trigger and does not. `validate`
    names them at the effect's key: a handler without its `final` passed validation and stopped the
    first game with 'internal error: NotImplementedError' (review of 2026-12-07)."""
    return [m for m in (*TRIGGER_METHODS[trigger], "gains_only", "changes_vp") if not PLANET_EFFECTS.overrides(handler, m)]


TRIGGER_WORDS = {sc.PlanetTrigger.LAST_CUBE: "a turn's last cube here", sc.PlanetTrigger.FINAL: "at final scoring"}


def words(effect: Any) -> str:
    """One planet effect in words, with its trigger and settings ('a turn's last cube here: its
    placer loses 2 VP'): the circle's effects column in `playtest play`."""
    handler = handler_of(effect)
    said = handler.last_cube_words(effect) if effect.trigger is sc.PlanetTrigger.LAST_CUBE else handler.final_words(effect)
    return f"{TRIGGER_WORDS[effect.trigger]}: {said}"


def _gains(amount: int) -> str:
    """'gains 2 VP', 'loses 1 VP'."""
    return f"gains {amount} VP" if amount >= 0 else f"loses {-amount} VP"


FACTOR_WORDS = {0.5: "halved", 2: "doubled", 3: "tripled"}
"""A majority_multiplier's factor in words; another one is said as 'multiplied by 1.5'."""


@handles(sc.PlanetVP)
class PlanetVP(PlanetEffectHandler):
    """Gain `amount` VP (negative: lose): the placer at last_cube; at final, the majority holder
    or each seat with a cube here; `per_cube`: times the receiver's cubes here."""

    def last_cube(self, effect: sc.PlanetVP, state: State, last: int, pending: tuple[int, ...],
                  got: LastCubeGains) -> None:
        got.vp += effect.amount * (state.board[last].count(state.seat) + pending.count(last) if effect.per_cube else 1)

    def last_cube_words(self, effect: sc.PlanetVP) -> str:
        return f"its placer {_gains(effect.amount)}{' for each of their cubes here' if effect.per_cube else ''}"

    def final(self, effect: sc.PlanetVP, order: list[int], counts: dict[int, int], majority_vp: dict[int, int],
              extra: dict[int, int]) -> None:
        for seat in order[:1] if effect.to == "majority" else order:
            extra[seat] = extra.get(seat, 0) + effect.amount * (counts[seat] if effect.per_cube else 1)

    def final_words(self, effect: sc.PlanetVP) -> str:
        each = " for each of their cubes here" if effect.per_cube else ""
        who = "the majority holder" if effect.to == "majority" else "each player with a cube here"
        return f"{who} {_gains(effect.amount)}{each}"

    def gains_only(self, planet: sc.Planet, effect: sc.PlanetVP) -> bool:
        return effect.amount >= 0

    def changes_vp(self, effect: sc.PlanetVP) -> bool:
        return effect.amount != 0


@handles(sc.MajorityMultiplier)
class MajorityMultiplier(PlanetEffectHandler):
    """At final scoring, multiply the majority VP here by `factor`, rounded down: rank 1 only or
    every rank."""

    def final(self, effect: sc.MajorityMultiplier, order: list[int], counts: dict[int, int],
              majority_vp: dict[int, int], extra: dict[int, int]) -> None:
        for seat in order[:1] if effect.ranks == "first" else order:
            new = math.floor(majority_vp[seat] * effect.factor)
            extra[seat] = extra.get(seat, 0) + new - majority_vp[seat]
            majority_vp[seat] = new

    def final_words(self, effect: sc.MajorityMultiplier) -> str:
        factor = FACTOR_WORDS.get(effect.factor, f"multiplied by {effect.factor:g}")
        rounded = "" if effect.factor == int(effect.factor) else " (rounded down)"
        whose = "the majority holder's" if effect.ranks == "first" else "every player's"
        return f"{whose} slot VP here are {factor}{rounded}"

    def gains_only(self, planet: sc.Planet, effect: sc.MajorityMultiplier) -> bool:
        # its change counts in planet_effects: 2 × −3 VP is a loss of 3
        return effect.factor >= 1 and min(planet.vp) >= 0 and (planet.overflow_vp is None or planet.overflow_vp >= 0)

    def changes_vp(self, effect: sc.MajorityMultiplier) -> bool:
        return effect.factor != 1


@handles(sc.ConvertCubes)
class ConvertCubes(PlanetEffectHandler):
    """Convert up to `cubes` of the placer's cubes (from hand or stock) into `rate` VP or `rate`
    time on their next turn each; the cubes leave the game."""

    def last_cube(self, effect: sc.ConvertCubes, state: State, last: int, pending: tuple[int, ...],
                  got: LastCubeGains) -> None:
        if effect.source == "hand":
            k = min(effect.cubes, got.hand)
            got.hand -= k
            got.from_hand += k
        else:
            k = min(effect.cubes, got.stock)
            got.stock -= k
            got.from_stock += k
        if effect.into == "vp":
            got.vp += k * effect.rate
        else:
            got.time += k * effect.rate

    def last_cube_words(self, effect: sc.ConvertCubes) -> str:
        into = f"{effect.rate} VP each" if effect.into == "vp" else f"{effect.rate} extra time each on their next turn"
        return (f"its placer converts up to {cubes_words(effect.cubes)} from their {effect.source} into {into} "
                "(the cubes leave the game)")

    def gains_only(self, planet: sc.Planet, effect: sc.ConvertCubes) -> bool:
        return True  # into VP at a rate of at least 0, or into time

    def changes_vp(self, effect: sc.ConvertCubes) -> bool:
        return effect.into == "vp" and effect.rate > 0

    def conversion(self, effect: sc.ConvertCubes) -> Conversion:
        return Conversion(effect.source, effect.rate if effect.into == "time" else None)
