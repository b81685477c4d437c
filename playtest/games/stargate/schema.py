"""The Stargate variant schema: every rule of draft 5 as data, every (option) a setting.

Crew skills are lists of named effects (see EFFECTS below); a designer changes a crew's value
or skill in YAML without touching Python. Validation is strict: unknown keys and unknown
effect names are errors that name the valid ones.
"""

from __future__ import annotations

import typing
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator

from playtest.variants.model import Issue, Strict, VariantModel, one_line_per_value


class Timing(StrEnum):
    """When an effect resolves within the turn: before or after placing cubes."""

    BEFORE = "before"
    AFTER = "after"


class Names(Strict):
    ja: str = ""
    en: str = ""


# --- crew effects -------------------------------------------------------------------------------


class SkillEffect(Strict):
    """The base of every crew effect class (the `Effect` union below). Each class declares, next
    to its fields, what the effect can do; the reports (metrics.switched_off), the score floors
    (scoring.score_floors), `notes()` and `playtest play` read these declarations, so a new effect
    needs no edit there. tests/stargate/test_effects_registry.py fails, naming the class, until it
    declares all three itself. (Class variables, not fields: a variant cannot write them.)"""

    gives_vp: ClassVar[bool | None] = None
    """True: gives skill VP, `amount` per something (the class needs an `amount` field: the score
    floors read it). False: never gives skill VP. None, not declared: it may give VP, so the
    reports keep its crew's skill-VP rows and the skill part and the total get no floor."""
    gains_cubes: ClassVar[bool | None] = None
    """True: takes cubes from the stock into the hand. False: never does. None, not declared: it
    may, so the reports keep its crew's cubes-gained row and a draft without `cubes.replenish`
    gets no "stock_empty can never fire" note."""
    develops: ClassVar[bool | None] = None
    """True: puts cubes into extension slots (of a planet or a crew card). False: never does. None,
    not declared: it may, so the reports keep the `extensions` rows wherever a card has
    `extension_vp`."""


class GainVP(SkillEffect):
    """Gain `amount` VP at once (Armstrong)."""

    gives_vp = True  # `amount` VP at once
    gains_cubes = False
    develops = False

    effect: Literal["gain_vp"]
    amount: int = Field(ge=0)
    timing: Timing = Timing.BEFORE


class GainCubes(SkillEffect):
    """Take `amount` cubes from your stock into your hand (fewer if the stock is short) (Bays)."""

    gives_vp = False
    gains_cubes = True
    develops = False

    effect: Literal["gain_cubes"]
    amount: int = Field(ge=1)
    timing: Timing = Timing.BEFORE


class FreeOrder(SkillEffect):
    """This turn's cubes go to any planets in any order, at most `per_planet` per planet (Orlins)."""

    gives_vp = False
    gains_cubes = False
    develops = False

    effect: Literal["free_order"]
    per_planet: int = Field(default=1, ge=1)


class RepeatPlanet(SkillEffect):
    """This turn the walk may stay on the same planet for consecutive cubes (Rahel)."""

    gives_vp = False
    gains_cubes = False
    develops = False

    effect: Literal["repeat_planet"]


class MoveTailCube(SkillEffect):
    """Move one of your cubes that is last on its planet to the back of another planet (Audrin)."""

    gives_vp = False
    gains_cubes = False
    develops = False

    effect: Literal["move_tail_cube"]
    timing: Timing = Timing.BEFORE


class SwapAdjacent(SkillEffect):
    """Swap two cubes (any owners) in consecutive slots of one planet (Anderson)."""

    gives_vp = False
    gains_cubes = False
    develops = False

    effect: Literal["swap_adjacent"]
    timing: Timing = Timing.BEFORE
    same_owner: bool = True
    """Whether two cubes of one owner may be swapped (a swap that changes nothing). RULINGS.md
    says "any owners", so yes by default; false makes the skill skip when only such pairs exist."""


class ColorVP(SkillEffect):
    """Gain `amount` VP (negative: lose) for each cube of yours on a planet of one of `colors`,
    at the end of the turn. `count: placed` counts the cubes placed this turn (overflow cubes
    included); `count: on_board` counts all your cubes on such planets at the end of the turn."""

    gives_vp = True  # `amount` VP per cube
    gains_cubes = False
    develops = False

    effect: Literal["color_vp"]
    colors: tuple[str, ...] = Field(min_length=1)
    amount: int = 1
    count: Literal["placed", "on_board"] = "placed"


class AccumulateTime(SkillEffect):
    """Puerto Rico style: the crew gains `amount` time for every round in which nobody takes it
    (at most `max` in all, no limit when omitted); the bonus is used and reset to 0 when taken."""

    gives_vp = False
    gains_cubes = False
    develops = False

    effect: Literal["accumulate_time"]
    amount: int = Field(default=1, ge=1)
    max: int | None = Field(default=None, ge=1)


class Overflow(SkillEffect):
    """Put one cube from your hand into the overflow slot of a full planet (one per planet; its
    VP is the planet's `overflow_vp`). The cube counts for the majority like any other."""

    gives_vp = False  # the overflow slot scores in `planets`
    gains_cubes = False
    develops = False

    effect: Literal["overflow"]
    timing: Timing = Timing.AFTER


class DevelopPlanet(SkillEffect):
    """Put one cube from your hand into extension slot number `slot` of a planet in the circle
    whose slot `slot` is empty; at the end it scores that slot's VP (the planet's `extension_vp`)."""

    gives_vp = False  # the extension slot scores in `extensions`
    gains_cubes = False
    develops = True  # one cube of the hand into an extension slot

    effect: Literal["develop_planet"]
    slot: int = Field(ge=1)
    timing: Timing = Timing.AFTER


class DevelopCrew(SkillEffect):
    """Put one cube from your hand onto this crew card's lowest-numbered empty extension slot;
    at the end it scores that slot's VP (the crew's `extension_vp`)."""

    gives_vp = False  # the extension slot scores in `extensions`
    gains_cubes = False
    develops = True  # one cube of the hand into an extension slot

    effect: Literal["develop_crew"]
    timing: Timing = Timing.AFTER


class VPPerFullPlanet(SkillEffect):
    """Gain `amount` VP (negative: lose) for each full planet in the circle (docs/extending.md's worked
    example)."""

    gives_vp = True  # `amount` VP per full planet
    gains_cubes = False
    develops = False

    effect: Literal["vp_per_full_planet"]
    amount: int = 1
    timing: Timing = Timing.AFTER


Effect = Annotated[
    GainVP | GainCubes | FreeOrder | RepeatPlanet | MoveTailCube | SwapAdjacent | ColorVP | AccumulateTime
    | Overflow | DevelopPlanet | DevelopCrew | VPPerFullPlanet,
    Field(discriminator="effect"),
]
"""A crew effect: one of the classes above, chosen by its `effect` key. Each has a handler in
effects.py (docs/extending.md, "Adding a crew effect")."""
EFFECTS: tuple[type[SkillEffect], ...] = typing.get_args(typing.get_args(Effect)[0])
"""The classes of `Effect`, in the union's order."""


def may_give_vp(effect: SkillEffect | type[SkillEffect]) -> bool:
    """Whether a crew effect (or its class) may give skill VP: it declares so, or it does not say."""
    return effect.gives_vp is not False


def may_gain_cubes(effect: SkillEffect | type[SkillEffect]) -> bool:
    """Whether a crew effect (or its class) may gain cubes: it declares so, or it does not say."""
    return effect.gains_cubes is not False


def may_develop(effect: SkillEffect | type[SkillEffect]) -> bool:
    """Whether a crew effect (or its class) may fill extension slots: it declares so, or it does
    not say."""
    return effect.develops is not False


class Crew(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    name: Names = Names()
    role: Names = Names()
    time: int = Field(ge=0, description="How many cubes the crew may place this turn.")
    skill: tuple[Effect, ...] = ()
    extension_vp: tuple[int, ...] = ()
    """VP of this card's numbered extension slots (slot 1 first), filled by develop_crew."""


class Color(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    name: Names = Names()


# --- planet effects -----------------------------------------------------------------------------


class PlanetTrigger(StrEnum):
    """When a planet's effect applies."""

    LAST_CUBE = "last_cube"
    """At the end of a turn, to the player whose last cube placed that turn landed on this planet."""
    FINAL = "final"
    """At final scoring (and in every provisional score)."""


class PlanetVP(Strict):
    """Gain `amount` VP (negative: a penalty). last_cube: to the placer; final: to the majority
    holder (`to: majority`) or to every player with a cube here (`to: present`, the default).
    `per_cube`: times the receiver's cubes on this planet."""

    effect: Literal["vp"]
    trigger: PlanetTrigger
    amount: int
    to: Literal["placer", "majority", "present"] | None = None
    per_cube: bool = False


class MajorityMultiplier(Strict):
    """At final scoring, multiply the majority VP this planet pays by `factor` (2 doubles, 0.5
    halves; rounded down): rank 1 only (`ranks: first`) or every rank (`ranks: all`)."""

    effect: Literal["majority_multiplier"]
    trigger: Literal[PlanetTrigger.FINAL] = PlanetTrigger.FINAL
    factor: float = Field(ge=0)
    ranks: Literal["first", "all"] = "first"


class ConvertCubes(Strict):
    """When your last cube of a turn lands here, convert `cubes` of your cubes (from your
    `source`: hand or stock; fewer if short) into `rate` VP each (`into: vp`) or `rate` extra time
    each on your next turn (`into: time`). Converted cubes leave the game. Not a choice: the
    effect converts as many as it can, up to `cubes` (the seed's idea does not say the player
    may convert fewer; a transcript has no notation for it)."""

    effect: Literal["convert_cubes"]
    trigger: Literal[PlanetTrigger.LAST_CUBE] = PlanetTrigger.LAST_CUBE
    cubes: int = Field(ge=1)
    source: Literal["hand", "stock"] = "hand"
    into: Literal["vp", "time"] = "vp"
    rate: int = Field(default=1, ge=0)


PlanetEffect = Annotated[PlanetVP | MajorityMultiplier | ConvertCubes, Field(discriminator="effect")]
"""A planet effect: one of the classes above, chosen by its `effect` key. Each has a handler in
planet_effects.py (docs/extending.md, "A new planet effect")."""


class Planet(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    name: Names = Names()
    color: str
    vp: tuple[int, ...] = Field(description="VP printed on each slot, slot 1 first.")
    overflow_vp: int | None = None
    """VP of the overflow slot behind the last slot (used only by an overflow crew); default: the
    last slot's VP."""
    extension_vp: tuple[int, ...] = ()
    """VP of this planet's numbered extension slots (slot 1 first), filled by develop_planet."""
    effects: tuple[PlanetEffect, ...] = ()
    """Special effects of this planet card (see PlanetTrigger)."""

    @field_validator("vp")
    @classmethod
    def _not_empty(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if not v:
            raise ValueError("a planet needs at least one slot (the VP column is empty)")
        return v


class Cubes(Strict):
    """Each player's cubes: `total` of one color, `start_in_hand` in hand, the rest in stock."""

    total: int = Field(ge=1)
    start_in_hand: int = Field(ge=0)
    replenish: int = Field(ge=0, description="Cubes taken from stock into hand at the end of each turn.")


class CrewsReturn(StrEnum):
    END_OF_ROUND = "end_of_round"
    END_OF_TURN = "end_of_turn"


class StockEmpty(Strict):
    """At a round's end, the game ends if any player's stock is empty (draft 5)."""

    trigger: Literal["stock_empty"]


class PlanetsFull(Strict):
    """At a round's end, the game ends if at least `count` planets are full. `count` is one
    number, or a number per player count (`{3: 3, 4: 4}`)."""

    trigger: Literal["planets_full"]
    count: int | dict[int, int]

    def for_players(self, n: int) -> int:
        return self.count if isinstance(self.count, int) else self.count[n]


class RoundCap(Strict):
    """The game ends after round `rounds`."""

    trigger: Literal["round_cap"]
    rounds: int = Field(ge=1)


class OutOfCubes(Strict):
    """At a round's end, the game ends if any player has no cubes left (hand and stock)."""

    trigger: Literal["out_of_cubes"]


EndTrigger = Annotated[StockEmpty | PlanetsFull | RoundCap | OutOfCubes, Field(discriminator="trigger")]


class MajorityTiebreak(StrEnum):
    LATER_FIRST_CUBE = "later_first_cube"
    """Tied counts: the player whose first cube is further back (higher slot) ranks higher."""
    EARLIER_FIRST_CUBE = "earlier_first_cube"


class ColorBonus(StrEnum):
    ALL_MAX_COLORS = "all_max_colors"
    """m = your largest cube count in one color; score m for every color with m cubes."""
    ONE_MAX_COLOR = "one_max_color"
    """Score m once."""
    NONE = "none"


class FinalTiebreak(StrEnum):
    CUBES_IN_HAND = "cubes_in_hand"
    NONE = "none"


class Scoring(Strict):
    majority_tiebreak: MajorityTiebreak = MajorityTiebreak.LATER_FIRST_CUBE
    color_bonus: ColorBonus = ColorBonus.ALL_MAX_COLORS
    final_tiebreak: FinalTiebreak = FinalTiebreak.CUBES_IN_HAND


class Placement(Strict):
    no_two_in_a_row: bool = True
    """Two cubes in a row on the same planet are not allowed (matters when the walk wraps)."""


class StargateVariant(VariantModel):
    """A Stargate draft."""

    game: Literal["stargate"]
    planets_dealt: dict[int, int] = Field(description="Planets dealt into the circle, per player count.")
    cubes: Cubes
    crews_return: CrewsReturn = CrewsReturn.END_OF_ROUND
    end: tuple[EndTrigger, ...] = Field(min_length=1)
    max_rounds: int = Field(default=60, ge=1, description="Safety stop: no game lasts longer.")
    scoring: Scoring = Scoring()
    placement: Placement = Placement()
    colors: tuple[Color, ...] = Field(min_length=1)
    planets: tuple[Planet, ...] = Field(min_length=1)
    crews: tuple[Crew, ...] = Field(min_length=1)
    crews_dealt: dict[int, int] = Field(default_factory=dict, description=(
        "Crews dealt at random into each game, per player count (like planets_dealt); a player count "
        "not named, or the key absent, plays with every crew."))

    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.planets_dealt))

    def players_setting(self, players: int) -> str | None:
        return f"planets_dealt.{players}=<planets>" if players >= 2 else None

    def issues(self) -> list[Issue]:
        out: list[Issue] = []
        colors = {c.id for c in self.colors}
        for key, ids in (("colors", [c.id for c in self.colors]), ("planets", [p.id for p in self.planets]),
                         ("crews", [c.id for c in self.crews])):
            seen: set[str] = set()
            for i, ident in enumerate(ids):
                if ident in seen:
                    out.append(((key, i, "id"), f"duplicate id '{ident}'"))
                seen.add(ident)
        known = f"(known: {', '.join(sorted(colors))})"
        out += one_line_per_value(  # a color several planets share: one line naming them, not one per planet
            [(("planets", i, "color"), p.color, p.id, f"unknown color '{p.color}' {known}")
             for i, p in enumerate(self.planets) if p.color not in colors],
            lambda color, names: (f"unknown color '{color}' {known}, the color of {len(names)} planets: "
                                  f"{', '.join(names)}; add it to colors, or give them a color it has"))
        if not self.planets_dealt:
            out.append((("planets_dealt",), "name at least one player count (e.g. {3: 5, 4: 7})"))
        for players, dealt in self.planets_dealt.items():
            if players < 2:
                out.append((("planets_dealt", players), f"player count must be at least 2, not {players}"))
            if dealt < 1:
                out.append((("planets_dealt", players), f"at least one planet must be dealt, not {dealt}"))
            if dealt > len(self.planets):
                out.append((("planets_dealt", players),
                            f"{dealt} planets dealt for {players} players but only {len(self.planets)} planet cards exist"))
            # Crews that return at the round's end are each taken once per round, so every seat
            # needs its own; crews that return at the end of each turn are back for the next
            # player, and one crew is enough (min_length of `crews`).
            if self.crews_return is CrewsReturn.END_OF_ROUND and len(self.crews) < players:
                out.append((("crews",),
                            f"{len(self.crews)} crews are too few for {players} players (each takes a different "
                            "one per round; with crews_return: end_of_turn one crew is enough)"))
        out += self._crews_dealt_issues()
        if self.cubes.start_in_hand > self.cubes.total:
            out.append((("cubes", "start_in_hand"),
                        f"{self.cubes.start_in_hand} cubes in hand but only {self.cubes.total} per player"))
        n_ext = max((len(p.extension_vp) for p in self.planets), default=0)
        # develop_planet effects whose slot no planet has: one line for them all (the planets'
        # extension_vp lost is one mistake; it was one line at every developing crew)
        beyond: list[tuple[tuple[str | int, ...], str, int]] = []
        # the rules' registries (imported here: effects.py and planet_effects.py import this module)
        from playtest.games.stargate.effects import HANDLERS, missing_piece
        from playtest.games.stargate.planet_effects import HANDLERS as PLANET_HANDLERS
        from playtest.games.stargate.planet_effects import PLANET_EFFECTS, missing_methods

        for i, planet in enumerate(self.planets):
            for j, eff in enumerate(planet.effects):
                if type(eff) not in PLANET_HANDLERS:  # a new effect's schema class without its handler
                    out.append((("planets", i, "effects", j, "effect"),
                                f"effect '{eff.effect}' has no handler: add one in "
                                "playtest/games/stargate/planet_effects.py (@handles; docs/extending.md)"))
                elif absent := missing_methods(PLANET_HANDLERS[type(eff)], eff.trigger):  # a handler half written
                    out.append((("planets", i, "effects", j, "effect"),
                                f"effect '{eff.effect}' (trigger {eff.trigger.value}): its handler in "
                                f"playtest/games/stargate/planet_effects.py lacks {', '.join(absent)} "
                                "(PlanetEffectHandler; docs/extending.md, 'A new planet effect')"))
                elif wrong := PLANET_EFFECTS.misshapen(PLANET_HANDLERS[type(eff)]):  # a method of the wrong shape
                    out.append((("planets", i, "effects", j, "effect"),
                                f"effect '{eff.effect}': its handler in playtest/games/stargate/planet_effects.py "
                                f"has {wrong} (PlanetEffectHandler; docs/extending.md, 'A new planet effect')"))
                where = ("planets", i, "effects", j, "to")
                if isinstance(eff, PlanetVP) and eff.trigger is PlanetTrigger.LAST_CUBE and eff.to not in (None, "placer"):
                    out.append((where, f"a last_cube effect goes to the placer, not '{eff.to}'"))
                if isinstance(eff, PlanetVP) and eff.trigger is PlanetTrigger.FINAL and eff.to == "placer":
                    out.append((where, "a final effect goes to 'majority' or 'present' (there is no placer at the end)"))
        for i, crew in enumerate(self.crews):
            for j, skill_eff in enumerate(crew.skill):
                if type(skill_eff) not in HANDLERS:  # a new effect's schema class without its handler
                    out.append((("crews", i, "skill", j, "effect"),
                                f"effect '{skill_eff.effect}' has no handler: add one in "
                                "playtest/games/stargate/effects.py (@handles; docs/extending.md)"))
                    continue
                if HANDLERS[type(skill_eff)].step and "timing" not in type(skill_eff).model_fields:
                    # a new effect's class without its timing: the turn found no step time for it
                    # and stopped the first game with an internal error
                    out.append((("crews", i, "skill", j, "effect"),
                                f"effect '{skill_eff.effect}' is a step of the turn (its handler's `step`), but "
                                f"{type(skill_eff).__name__} has no `timing` field: add `timing: Timing = "
                                "Timing.AFTER` to it in playtest/games/stargate/schema.py (docs/extending.md)"))
                    continue
                lacks = missing_piece(HANDLERS[type(skill_eff)])
                if lacks:  # a new effect's handler half written: the first game stopped with an internal error
                    out.append((("crews", i, "skill", j, "effect"),
                                f"effect '{skill_eff.effect}': its handler in playtest/games/stargate/effects.py has "
                                f"{lacks} (EffectHandler; docs/extending.md, 'Adding a crew effect')"))
                    continue
                # Any effect with a `colors` key (color_vp, or a new one): every id must be a
                # color of the variant, or the rules' color lookup fails in the first game.
                effect_colors = getattr(skill_eff, "colors", None)
                if isinstance(effect_colors, tuple):
                    for color in effect_colors:
                        if color not in colors:
                            out.append((("crews", i, "skill", j, "colors"),
                                        f"unknown color '{color}' (known: {', '.join(sorted(colors))})"))
                if isinstance(skill_eff, DevelopPlanet) and skill_eff.slot > n_ext:
                    beyond.append((("crews", i, "skill", j, "slot"), crew.id, skill_eff.slot))
                if isinstance(skill_eff, DevelopCrew) and not crew.extension_vp:
                    out.append((("crews", i, "skill", j),
                                "develop_crew needs extension slots on this crew (give it extension_vp)"))
            kinds = [type(e) for e in crew.skill]
            if FreeOrder in kinds and RepeatPlanet in kinds:
                out.append((("crews", i, "skill"), "free_order and repeat_planet cannot be combined"))
            # A crew has one placement mode (an effect whose handler sets `placement`: with two,
            # the last would win in silence) and one accumulated-time counter.
            # Said by the effect's key, as the file writes it (free_order), not its class (FreeOrder).
            for kind in dict.fromkeys(kinds):
                shapes_placement = kind in HANDLERS and HANDLERS[kind].placement is not None
                if kinds.count(kind) > 1 and (shapes_placement or kind is AccumulateTime):
                    name = next(e.effect for e in crew.skill if type(e) is kind)
                    why = ("a crew has one placement mode: the second would override the first in silence"
                           if shapes_placement else "a crew has one accumulated-time counter")
                    out.append((("crews", i, "skill"), f"{name} given twice ({why}): give it once"))
        if beyond:
            (place, _, slot), others = beyond[0], beyond[1:]
            also = "; also " + ", ".join(f"{crew} (slot {n})" for _, crew, n in others) if others else ""
            out.append((place, f"no planet has an extension slot {slot} (the most any planet has is {n_ext}: give "
                               f"planets extension_vp){also}"))
        for i, trig in enumerate(self.end):
            if isinstance(trig, StockEmpty) and self.cubes.start_in_hand == self.cubes.total:
                out.append((("end", i, "trigger"),
                            f"the stock starts empty (all {self.cubes.total} cubes in hand), so stock_empty would "
                            "end every game after round 1; drop it (planets_full or out_of_cubes end such a game)"))
            if not isinstance(trig, PlanetsFull):
                continue
            # One mistake, one line: a count given once for every player count is one value (its
            # problems at several player counts are one line), a count per player count is one
            # value per key (each located at its key).
            per_count = isinstance(trig.count, dict)
            counts = trig.count if isinstance(trig.count, dict) else dict.fromkeys(self.planets_dealt, trig.count)
            missing = [p for p in self.planets_dealt if p not in counts]
            if missing:
                out.append((("end", i, "count"), f"no count given for {_counts(missing)} players "
                            f"(give one number, or one per player count: {sorted(self.planets_dealt)})"))
            too_many: list[tuple[int, int]] = []  # (players, planets dealt)
            for players, dealt in self.planets_dealt.items():
                at: tuple[str | int, ...] = ("end", i, "count", players) if per_count else ("end", i, "count")
                if players not in counts:
                    continue
                if counts[players] < 1:
                    out.append((at, f"the count must be at least 1, not {counts[players]}"))
                elif counts[players] > dealt:
                    too_many.append((players, dealt))
            # The same count too many at several player counts is one line, located at the first
            # (two per-count lines merged into '...; the same in end.0.count.4', which left out the
            # planets dealt for 4 players).
            for count in dict.fromkeys(counts[p] for p, _ in too_many):
                (first_players, first_dealt), *rest = [(p, n) for p, n in too_many if counts[p] == count]
                at = ("end", i, "count", first_players) if per_count else ("end", i, "count")
                if not rest:
                    out.append((at, f"{count} full planets can never happen with {first_players} players: "
                                f"{first_dealt} are dealt"))
                else:
                    dealt_at = ", ".join(f"{n} for {p} players" for p, n in rest)
                    out.append((at, f"{count} full planets can never happen: {first_dealt} planets are dealt "
                                f"for {first_players} players, {dealt_at}"))
        # planets_full that no game can reach (too few cubes to fill that many planets) is a note
        # (notes()) while another trigger may end the game; when every trigger is such a
        # planets_full, every game at that player count would run to max_rounds: refused.
        out += [(("end", i, "count"), f"{message}; no other end trigger is on, so every game with "
                 f"{_counts(alone)} players would run to max_rounds ({self.max_rounds}, the safety stop)")
                for i, (message, alone) in self._unfillable().items() if alone]
        return out

    def _crews_dealt_issues(self) -> list[Issue]:
        """`crews_dealt`: a supported player count (a key of planets_dealt), at most the crews
        there are, and enough for a round: each player takes a different crew per round when
        crews return at its end, so at least one per player; one when they return each turn."""
        out: list[Issue] = []
        for players, dealt in self.crews_dealt.items():
            where = ("crews_dealt", players)
            if players not in self.planets_dealt:
                out.append((where, f"no game has {players} players: planets_dealt names "
                                   f"{_counts(sorted(self.planets_dealt))} (deal crews for those counts)"))
            elif dealt > len(self.crews):
                out.append((where, f"{dealt} crews dealt for {players} players but only {len(self.crews)} crew "
                                   "cards exist"))
            elif self.crews_return is CrewsReturn.END_OF_ROUND and dealt < players:
                out.append((where, f"{dealt} crews dealt are too few for {players} players (each takes a different "
                                   "one per round; with crews_return: end_of_turn one crew is enough)"))
            elif dealt < 1:
                out.append((where, f"at least one crew must be dealt, not {dealt}"))
        return out

    def _unfillable(self) -> dict[int, tuple[str, list[int]]]:
        """Each planets_full trigger (by its index in `end`) that no game can reach at some player
        count: filling its count of planets takes more cubes than the players own together, even
        with the planets of fewest slots dealt (cubes only leave the game; overflow and extension
        slots do not make a planet full) → its message, and the player counts at which every end
        trigger is such a planets_full (no game there can end before max_rounds)."""
        slots = sorted(len(p.vp) for p in self.planets)
        never: dict[int, list[tuple[int, int, int]]] = {}  # index → (players, count, cubes needed)
        for i, trig in enumerate(self.end):
            if not isinstance(trig, PlanetsFull):
                continue
            for players, dealt in sorted(self.planets_dealt.items()):
                count = trig.count if isinstance(trig.count, int) else trig.count.get(players)
                if count is None or not 1 <= count <= min(dealt, len(slots)):
                    continue  # its own error (above)
                if sum(slots[:count]) > players * self.cubes.total:
                    never.setdefault(i, []).append((players, count, sum(slots[:count])))
        out: dict[int, tuple[str, list[int]]] = {}
        for i, cases in never.items():
            players, count, need = cases[-1]  # the most players: the most cubes, and still too few
            message = (f"planets_full can never fire with {_counts([c[0] for c in cases])} players: {count} full "
                       f"planet{'s take' if count != 1 else ' takes'} at least {need} cubes (the fewest slots of "
                       f"any {count} planet{'s' if count != 1 else ''}), but {players} players own "
                       f"{players * self.cubes.total} together (cubes.total {self.cubes.total} each)")
            # the player counts at which every trigger of `end` is one of these
            alone = [c[0] for c in cases if len(never) == len(self.end)
                     and all(c[0] in {x[0] for x in other} for other in never.values())]
            out[i] = (message, alone)
        return out

    def notes(self) -> list[Issue]:
        """End triggers no game can reach (a round_cap beyond max_rounds too), and a gain_cubes skill with no stock to take from:
        legal (another trigger may end the game; the crew still has its time), but most likely a
        draft that changed how cubes move and kept draft 5's end or crews."""
        out: list[Issue] = []
        # Any crew effect that may gain cubes (SkillEffect.gains_cubes) may take them from the
        # stock: read from its class, and a planet effect's conversion from its handler
        # (planet_effects.py), so that a new effect needs no edit here.
        takes_from_stock = self.cubes.replenish > 0 or any(
            may_gain_cubes(e) for crew in self.crews for e in crew.skill) or any(
            _converts_from_stock(e) for planet in self.planets for e in planet.effects)
        for i, trig in enumerate(self.end):
            if isinstance(trig, StockEmpty) and not takes_from_stock and self.cubes.start_in_hand < self.cubes.total:
                out.append((("end", i, "trigger"),
                            "stock_empty can never fire: nothing takes cubes from the stock (cubes.replenish is 0, "
                            f"no crew has {' or '.join(_effect_key(c) for c in EFFECTS if c.gains_cubes)}, no planet converts "
                            "cubes from the stock)"))
            stock, drain = self.cubes.total - self.cubes.start_in_hand, self._most_stock_taken_a_round()
            if isinstance(trig, StockEmpty) and 0 < stock <= self.cubes.replenish:
                # cubes.total 4, start_in_hand 3, replenish 1: 200 games of 4 turns, every one ended after round 1
                # (a stock that starts empty is refused, issues()); nothing gives cubes back to a stock
                out.append((("end", i, "trigger"),
                            f"stock_empty ends every game after round 1: each player's stock of {stock} "
                            f"cube{'s' if stock != 1 else ''} (cubes.total {self.cubes.total} − start_in_hand "
                            f"{self.cubes.start_in_hand}) is emptied by the replenish at the end of their first turn "
                            f"(cubes.replenish {self.cubes.replenish})"))
            if isinstance(trig, StockEmpty) and takes_from_stock and drain and -(-stock // drain) > self.max_rounds:
                # cubes.total 10000: the stock lasts 2,500 rounds, and every game ended by the safety stop
                out.append((("end", i, "trigger"),
                            f"stock_empty can never fire: a stock of {stock} cubes (cubes.total {self.cubes.total} − "
                            f"start_in_hand {self.cubes.start_in_hand}) shrinks by at most {drain} a round, so it lasts "
                            f"{-(-stock // drain)} rounds, beyond max_rounds ({self.max_rounds}, the safety stop)"))
            if isinstance(trig, PlanetsFull) and isinstance(trig.count, dict):
                # {3: 2, 4: 3, 5: 4} under planets_dealt {3, 4}: the 5 was never read (a misspelt 4?)
                out += [(("end", i, "count", players), f"no game has {players} players: planets_dealt names "
                         f"{_counts(sorted(self.planets_dealt))}, so this count is never used")
                        for players in trig.count if players not in self.planets_dealt]
            if isinstance(trig, OutOfCubes) and (never := self._more_cubes_than_slots()):
                out.append((("end", i, "trigger"), never))
            if isinstance(trig, RoundCap) and trig.rounds > self.max_rounds:
                # validated in silence, and every game ended by the safety stop instead (end_reason max_rounds)
                out.append((("end", i, "rounds"),
                            f"round_cap can never fire: max_rounds ({self.max_rounds}, the safety stop) ends every "
                            f"game before round {trig.rounds} is played; lower rounds to at most {self.max_rounds}, "
                            "or raise max_rounds"))
        # the stock starts empty, and nothing refills it: every effect declared to take cubes from it
        # (gains_cubes; it was gain_cubes alone, so a new such effect got no note)
        if self.cubes.start_in_hand >= self.cubes.total:
            out += [(("crews", ci, "skill", j),
                     f"{_effect_key(type(e))} can never take a cube: every cube starts in hand (cubes.start_in_hand "
                     f"{self.cubes.start_in_hand} of cubes.total {self.cubes.total}), so the stock is empty for good")
                    for ci, crew in enumerate(self.crews) for j, e in enumerate(crew.skill) if e.gains_cubes is True]
        # legal while another trigger may end the game (issues() refuses it when none can)
        out += [(("end", i, "count"), message) for i, (message, alone) in self._unfillable().items() if not alone]
        return out + self._unused_slots()

    def _more_cubes_than_slots(self) -> str | None:
        """Why out_of_cubes can never fire, or None: a player's cubes (cubes.total) outnumber every
        place a cube can go in the largest circle dealt (its planets' slots, overflow slots and
        extension slots, and the crew cards' extension slots), and none leaves the game otherwise.
        Silent when a planet converts cubes or a crew has an effect not known here to keep them."""
        keeps = (GainVP, GainCubes, FreeOrder, RepeatPlanet, MoveTailCube, SwapAdjacent, ColorVP, AccumulateTime,
                 Overflow, DevelopPlanet, DevelopCrew, VPPerFullPlanet)
        if any(not isinstance(e, keeps) for crew in self.crews for e in crew.skill) or any(
                _conversion(e) is not None for planet in self.planets for e in planet.effects):
            return None
        overflow = int(any(isinstance(e, Overflow) for crew in self.crews for e in crew.skill))
        places = sorted((len(p.vp) + overflow + len(p.extension_vp) for p in self.planets), reverse=True)
        on_crews = sum(len(c.extension_vp) for c in self.crews)
        players, dealt = max(self.planets_dealt.items(), key=lambda item: item[1])
        most = sum(places[:dealt]) + on_crews
        if self.cubes.total <= most:
            return None
        return (f"out_of_cubes can never fire: a player's {self.cubes.total} cubes (cubes.total) outnumber the "
                f"{most} places a cube can go in the largest circle ({dealt} planets dealt at {players} players: "
                "their slots, overflow and extension slots, and the crews' extension slots), so nobody runs out")

    def _most_stock_taken_a_round(self) -> int | None:
        """The most cubes one player's stock can lose in a round (one turn): the replenish, the
        crew whose gain_cubes take the most, and the planet whose last-cube conversions from the
        stock take the most; None when an effect may take cubes without saying how many."""
        crews = 0
        for crew in self.crews:
            if any(may_gain_cubes(e) and not isinstance(e, GainCubes) for e in crew.skill):
                return None
            crews = max(crews, sum(e.amount for e in crew.skill if isinstance(e, GainCubes)))
        planets = 0
        for planet in self.planets:
            taking = [e for e in planet.effects if _converts_from_stock(e)]
            if any(not isinstance(e, ConvertCubes) for e in taking):
                return None
            planets = max(planets, sum(e.cubes for e in taking if isinstance(e, ConvertCubes)))
        return self.cubes.replenish + crews + planets

    def _unused_slots(self) -> list[Issue]:
        """Extension and overflow slots no crew can ever fill: planets given `extension_vp` whose
        slot number no develop_planet skill names, `overflow_vp` with no overflow crew, a crew's
        `extension_vp` without develop_crew in its own skill. They validated in silence, and only
        the report's "Switched off" line (for no developing crew at all) said the slots stayed empty."""
        out: list[Issue] = []
        effects = [e for crew in self.crews for e in crew.skill]
        developed = {e.slot for e in effects if isinstance(e, DevelopPlanet)}
        missing = [n for n in range(1, max((len(p.extension_vp) for p in self.planets), default=0) + 1)
                   if n not in developed]
        if missing and all(isinstance(e, DevelopPlanet | DevelopCrew) or not may_develop(e) for e in effects):
            # one line for them all, at the first planet with such a slot (draft6d gives 12 planets 3 slots each)
            having = [i for i, p in enumerate(self.planets) if len(p.extension_vp) >= missing[0]]
            ids = ", ".join(p.id for p in self.planets if len(p.extension_vp) >= missing[0])
            many = len(missing) > 1
            out.append((("planets", having[0], "extension_vp"),
                        f"no crew develops extension slot{'s' if many else ''} {', '.join(map(str, missing))} "
                        f"(a develop_planet skill with slot: {missing[0]}{', ...' if many else ''}), so "
                        f"{'those slots' if many else 'that slot'} of the planets that have "
                        f"{'them' if many else 'it'} ({ids}) {'stay' if many else 'stays'} empty in every game"))
        if not any(isinstance(e, Overflow) for e in effects):
            given = [i for i, p in enumerate(self.planets) if p.overflow_vp is not None]
            if given:
                out.append((("planets", given[0], "overflow_vp"),
                            f"no crew has an overflow skill, so the overflow slot of "
                            f"{', '.join(self.planets[i].id for i in given)} stays empty in every game"))
        out += [(("crews", i, "extension_vp"), "this crew has no develop_crew skill, so its extension slots "
                 "stay empty in every game") for i, crew in enumerate(self.crews)
                if crew.extension_vp and not any(self._may_fill_own_slots(e) for e in crew.skill)]
        return out

    @staticmethod
    def _may_fill_own_slots(effect: SkillEffect) -> bool:
        """Whether a crew's effect may fill that crew's extension slots: develop_crew, or an effect
        that does not declare `develops` (as the planets' check above takes it): a plugin's effect
        was told its crew's slots stay empty, where the report counts it as a developing skill."""
        return isinstance(effect, DevelopCrew) or (may_develop(effect) and not isinstance(effect, DevelopPlanet))


def _converts_from_stock(effect: PlanetEffect) -> bool:
    """Whether a planet effect converts cubes from the stock (its handler's `conversion`; an effect
    without a handler, which issues() reports, converts none)."""
    conversion = _conversion(effect)
    return conversion is not None and conversion.source == "stock"


def _conversion(effect: PlanetEffect) -> Any:
    """The planet effect's handler's `conversion` (planet_effects.Conversion: cubes it takes out of
    the game, and from where), or None (also for an effect without a handler)."""
    # imported here: planet_effects.py imports this module
    from playtest.games.stargate.planet_effects import HANDLERS as PLANET_HANDLERS

    handler = PLANET_HANDLERS.get(type(effect))
    return handler.conversion(effect) if handler is not None else None


def _counts(players: list[int]) -> str:
    """'3', '3 or 4', '2, 3 or 4'."""
    words = [str(p) for p in players]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _effect_key(effect_class: type[Strict]) -> str:
    """A crew effect class's `effect` key, as variants write it ('gain_cubes')."""
    return str(typing.get_args(effect_class.model_fields["effect"].annotation)[0])
