"""Crew effects (RULINGS.md, "Crews"): what each effect of a crew's skill does.

Every effect class of the schema (schema.py, `Effect`) has one handler here, registered with
`@handles(EffectClass)` right where it is defined; tests/stargate/test_effects_registry.py fails
when an effect class has none. A handler says what kind of effect it is by what it overrides:

- an automatic step (resolves by itself at its `timing`, before or after placing): `resolve`;
- a step that needs a choice: `action` (the action class naming a target), `targets` and
  `choose`; with no possible target the step is skipped (RULINGS: "where it can't, it is
  skipped");
- an effect that shapes the placement: `placement` (a placement Mode);
- an effect paid at the end of the turn: `turn_vp`;
- a property of the crew card: `round_end` (and `step = False` for every non-step effect).

`resolve` and `choose` change the state they are given with `write(state, field=value, ...)`
and return nothing: it is the rules' private copy of the decision's state (state.py), which
no one else holds. Adding an effect is a schema class plus a handler (docs/extending.md,
"Adding a crew effect"). Planet effects have handlers of their own, in planet_effects.py (the
same registry mechanism: registry.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from playtest.errors import IllegalActionError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import (
    Action,
    Develop,
    MoveCube,
    OverflowCube,
    SwapCubes,
    Targets,
)
from playtest.games.stargate.placement import Mode
from playtest.games.stargate.registry import Registry, cubes_words, vp_words
from playtest.games.stargate.state import State, add_at, with_item, write

if TYPE_CHECKING:
    from playtest.games.stargate.rules import StargateRules


class EffectHandler:
    """What one kind of crew effect does; a subclass overrides what applies (module docstring)."""

    step: ClassVar[bool] = True
    """A step of the turn, resolved at the effect's `timing` (else a property of the crew)."""
    action: ClassVar[type | None] = None
    """For an effect that needs a choice: the action class that names its target."""
    notation: ClassVar[str] = ""
    """That action's notation, for error messages ("move SRC>DST")."""
    placement: ClassVar[Mode | None] = None
    """For an effect that shapes the placement: how cubes are placed with this crew."""

    def words(self, effect: Any) -> str:
        """What the effect does, in words and with its settings, without its timing ('swap two
        cubes in consecutive slots of one planet, any owners'): what `playtest play` shows a
        person of the crew (play.skill_text adds 'before placing: ')."""
        raise NotImplementedError

    def resolve(self, rules: StargateRules, state: State, effect: Any) -> None:
        """An automatic step: `write` what it changes (the seat to move is the one resolving)."""
        raise NotImplementedError

    def targets(self, rules: StargateRules, state: State, effect: Any) -> Sequence[Action]:
        """A choice step: every legal target now (empty: the step is skipped), as `Targets`."""
        raise NotImplementedError

    def has_target(self, rules: StargateRules, state: State, effect: Any) -> bool:
        """A choice step: whether `targets` is not empty (the rules ask before every such step;
        a handler may answer without listing them; tests/stargate/test_effects_registry.py
        checks that the answer agrees with `targets`)."""
        return bool(self.targets(rules, state, effect))

    def choose(self, rules: StargateRules, state: State, effect: Any, action: Any) -> None:
        """A choice step: `write` what the chosen target changes (IllegalActionError if illegal;
        `apply` has copied the state, so raising after a write changes nothing anyone holds)."""
        raise NotImplementedError

    def turn_vp(self, rules: StargateRules, state: State, effect: Any, placed: tuple[int, ...],
                pending: tuple[int, ...]) -> int:
        """VP paid at the end of the turn for the cubes placed this turn (`placed`, circle
        positions; `pending`: those of them not on `state.board` yet, when a bot asks before
        placing)."""
        return 0

    def round_end(self, rules: StargateRules, effect: Any, bonus: int, taken: bool) -> int:
        """The crew card's accumulated time after the round (`taken`: someone took the crew)."""
        return bonus


CREW_EFFECTS = Registry(EffectHandler, "crew effect", "playtest/games/stargate/effects.py",
                        "`write(state, field=value, ...)`")
HANDLERS = CREW_EFFECTS.handlers
"""Effect class (schema.py) → its handler."""
handles = CREW_EFFECTS.handles
"""Class decorator: register the handler class for an effect class of schema.py."""
handler_of = CREW_EFFECTS.of
"""The handler of one effect of a crew's skill (PlaytestError, saying where to add one, for an
effect class without a handler)."""
overrides = CREW_EFFECTS.overrides
"""Whether a handler defines a method itself (the effect acts at that moment)."""


def missing_piece(handler: EffectHandler) -> str | None:
    """What a handler lacks for its kind of effect (the module docstring), or None. `validate`
    names it at the effect's key: a handler without its `resolve` passed validation and stopped
    the first game with 'internal error: NotImplementedError' (review of 2026-12-07); so did one
    with a method that cannot take what the rules pass it (`Registry.misshapen`)."""
    if handler.step and handler.action is None and not overrides(handler, "resolve"):
        return "no `resolve` (an automatic step) and no `action` (a step that needs a choice)"
    if handler.step and handler.action is not None:
        lacks = [m for m in ("targets", "choose") if not overrides(handler, m)] + ([] if handler.notation else ["notation"])
        if lacks:
            return f"an `action` but no {', '.join(f'`{m}`' for m in lacks)} (a step that needs a choice)"
    if not handler.step and handler.placement is None and not any(overrides(handler, m) for m in ("turn_vp", "round_end")):
        return "`step = False` but no `placement`, `turn_vp` or `round_end`: it would do nothing"
    if not overrides(handler, "words"):
        return "no `words` (what `playtest play` says the effect does)"
    return CREW_EFFECTS.misshapen(handler)


def note(state: State, text: str) -> None:
    """Add `text` to this turn's notes (the event's `skill` column)."""
    write(state, notes=(*state.notes, text))


def _take_from_hand(state: State, seat: int) -> dict[str, Any]:
    """The fields changed when `seat` puts one cube from hand somewhere."""
    return {"hand": add_at(state.hand, seat, -1), "cubes_placed": add_at(state.cubes_placed, seat, 1)}


# --- automatic steps -------------------------------------------------------------------------


@handles(sc.GainVP)
class GainVP(EffectHandler):
    """Armstrong: gain `amount` VP now."""

    def words(self, effect: sc.GainVP) -> str:
        return vp_words(effect.amount)

    def resolve(self, rules: StargateRules, state: State, effect: sc.GainVP) -> None:
        write(state, skill_vp=add_at(state.skill_vp, state.seat, effect.amount),
              vp_gained=state.vp_gained + effect.amount)


@handles(sc.GainCubes)
class GainCubes(EffectHandler):
    """Bays: take `amount` cubes from the stock into the hand now (fewer if the stock is short)."""

    def words(self, effect: sc.GainCubes) -> str:
        return f"take {cubes_words(effect.amount)} from your stock into your hand"

    def resolve(self, rules: StargateRules, state: State, effect: sc.GainCubes) -> None:
        seat = state.seat
        got = min(effect.amount, state.stock[seat])
        write(state, hand=add_at(state.hand, seat, got), stock=add_at(state.stock, seat, -got),
              cubes_gained=state.cubes_gained + got)


@handles(sc.DevelopCrew)
class DevelopCrew(EffectHandler):
    """Put a cube from hand onto this crew card's next empty extension slot."""

    def words(self, effect: sc.DevelopCrew) -> str:
        return "put a cube from your hand on this crew card's next empty slot"

    def resolve(self, rules: StargateRules, state: State, effect: sc.DevelopCrew) -> None:
        seat, crew = state.seat, state.crew
        filled = state.ext_crew[crew]
        if state.hand[seat] < 1 or len(filled) >= len(rules.scoring.crew_ext_vp[crew]):
            note(state, f"({effect.effect}: no target)")
            return
        write(state, ext_crew=with_item(state.ext_crew, crew, (*filled, seat)),  # type: ignore[arg-type]
              developed=state.developed + 1, **_take_from_hand(state, seat))
        note(state, f"develop {rules.crew_ids[crew]}#{len(filled) + 1}")


@handles(sc.VPPerFullPlanet)
class VPPerFullPlanet(EffectHandler):
    """Gain `amount` VP for each full planet in the circle."""

    def words(self, effect: sc.VPPerFullPlanet) -> str:
        return f"{vp_words(effect.amount)} for each full planet in the circle"

    def resolve(self, rules: StargateRules, state: State, effect: sc.VPPerFullPlanet) -> None:
        full = sum(1 for p in range(len(state.board)) if rules.room(state, p) <= 0)
        gain = effect.amount * full
        write(state, skill_vp=add_at(state.skill_vp, state.seat, gain), vp_gained=state.vp_gained + gain)


# --- steps that need a choice ------------------------------------------------------------------


@handles(sc.MoveTailCube)
class MoveTailCube(EffectHandler):
    """Audrin: move one of your cubes that is the last cube on its planet to the back of
    another planet that has room."""

    action = MoveCube
    notation = "move SRC>DST"

    def words(self, effect: sc.MoveTailCube) -> str:
        return "move a cube of yours that is last on its planet to the back of another planet with room"

    def targets(self, rules: StargateRules, state: State, effect: sc.MoveTailCube) -> Targets:
        seat, board, ids = state.seat, state.board, rules.circle_ids(state.circle)
        srcs = [p for p, owners in enumerate(board) if owners and owners[-1] == seat]
        dsts = [p for p, room in enumerate(rules.rooms(state)) if room > 0]
        return Targets(MoveCube, [(ids[s], ids[d]) for s in srcs for d in dsts if d != s])

    def has_target(self, rules: StargateRules, state: State, effect: sc.MoveTailCube) -> bool:
        # A cube of yours last on a planet and room on another one, without listing the pairs:
        # the rules ask before every Audrin turn (listing them was ~2% of a random game).
        seat = state.seat
        open_at = [p for p, room in enumerate(rules.rooms(state)) if room > 0]
        return any(owners and owners[-1] == seat and (len(open_at) > 1 or (open_at and open_at[0] != p))
                   for p, owners in enumerate(state.board))

    def choose(self, rules: StargateRules, state: State, effect: sc.MoveTailCube, action: MoveCube) -> None:
        src, dst = rules.position(state, action.src, action), rules.position(state, action.dst, action)
        board, seat = state.board, state.seat
        if not board[src] or board[src][-1] != seat:
            raise IllegalActionError(f"the last cube on {action.src} is not yours", action=str(action))
        if src == dst:
            raise IllegalActionError("the cube must move to another planet", action=str(action))
        if rules.room(state, dst) <= 0:
            raise IllegalActionError(f"{action.dst} is full", action=str(action))
        new = list(board)
        new[src] = board[src][:-1]
        new[dst] = (*board[dst], seat)
        write(state, board=tuple(new))


@handles(sc.SwapAdjacent)
class SwapAdjacent(EffectHandler):
    """Anderson: swap two cubes that sit in consecutive slots of one planet (any owners; a swap
    of one owner's two cubes changes nothing, and counts as a use unless `same_owner: false`)."""

    action = SwapCubes
    notation = "swap PLANET@SLOT"

    def words(self, effect: sc.SwapAdjacent) -> str:
        owners = "any owners" if effect.same_owner else "of two different owners"
        return f"swap two cubes in consecutive slots of one planet, {owners}"

    def targets(self, rules: StargateRules, state: State, effect: sc.SwapAdjacent) -> Targets:
        ids, any_pair = rules.circle_ids(state.circle), effect.same_owner
        return Targets(SwapCubes, [(ids[p], i + 1) for p, owners in enumerate(state.board)
                                   for i in range(len(owners) - 1) if any_pair or owners[i] != owners[i + 1]])

    def has_target(self, rules: StargateRules, state: State, effect: sc.SwapAdjacent) -> bool:
        # Any two cubes in a row, without listing every pair: Anderson is taken in most rounds,
        # and listing the pairs only to ask whether there is one was ~4% of a random game.
        if effect.same_owner:
            return any(len(owners) > 1 for owners in state.board)
        return super().has_target(rules, state, effect)

    def choose(self, rules: StargateRules, state: State, effect: sc.SwapAdjacent, action: SwapCubes) -> None:
        p = rules.position(state, action.planet, action)
        owners = state.board[p]
        i = action.slot - 1
        if i < 0:
            raise IllegalActionError(f"{action.planet} has no slot {action.slot}: a planet's slots are counted "
                                     "from 1", action=str(action))
        if i >= len(owners) - 1:
            raise IllegalActionError(f"{action.planet} has no cubes in slots {action.slot} and {action.slot + 1}",
                                     action=str(action))
        if owners[i] == owners[i + 1] and not effect.same_owner:
            raise IllegalActionError("both cubes have the same owner (this variant's swap_adjacent has "
                                     "same_owner: false)", action=str(action))
        new = list(state.board)
        new[p] = (*owners[:i], owners[i + 1], owners[i], *owners[i + 2:])
        write(state, board=tuple(new))


@handles(sc.Overflow)
class Overflow(EffectHandler):
    """Put one cube from hand into the overflow slot of a full planet."""

    action = OverflowCube
    notation = "overflow PLANET"

    def words(self, effect: sc.Overflow) -> str:
        return "put a cube from your hand into the overflow slot of a full planet"

    def targets(self, rules: StargateRules, state: State, effect: sc.Overflow) -> Targets:
        if state.hand[state.seat] < 1:
            return Targets(OverflowCube, [])
        ids = rules.circle_ids(state.circle)
        return Targets(OverflowCube, [(ids[p],) for p in range(len(state.board)) if rules.room(state, p) == 0])

    def choose(self, rules: StargateRules, state: State, effect: sc.Overflow, action: OverflowCube) -> None:
        p = rules.position(state, action.planet, action)
        seat = state.seat
        if state.hand[seat] < 1:
            raise IllegalActionError("no cube in hand", action=str(action))
        if rules.room(state, p) != 0:
            raise IllegalActionError(f"{action.planet} is not full, or its overflow slot is taken", action=str(action))
        new = list(state.board)
        new[p] = (*state.board[p], seat)
        write(state, board=tuple(new), extra_placed=(*state.extra_placed, p), last_pos=p,
              **_take_from_hand(state, seat))


@handles(sc.DevelopPlanet)
class DevelopPlanet(EffectHandler):
    """Put one cube from hand into extension slot `slot` of a planet in the circle."""

    action = Develop
    notation = "develop PLANET"

    def words(self, effect: sc.DevelopPlanet) -> str:
        return f"put a cube from your hand into the empty extension slot {effect.slot} of a planet"

    def targets(self, rules: StargateRules, state: State, effect: sc.DevelopPlanet) -> Targets:
        if state.hand[state.seat] < 1:
            return Targets(Develop, [])
        ids, i = rules.circle_ids(state.circle), effect.slot - 1
        return Targets(Develop, [(ids[p],) for p, slots in enumerate(state.ext_planet)
                                 if i < len(slots) and slots[i] < 0])

    def choose(self, rules: StargateRules, state: State, effect: sc.DevelopPlanet, action: Develop) -> None:
        p = rules.position(state, action.planet, action)
        seat, slots, slot = state.seat, state.ext_planet[p], effect.slot
        if state.hand[seat] < 1:
            raise IllegalActionError("no cube in hand", action=str(action))
        if slot > len(slots) or slots[slot - 1] >= 0:
            raise IllegalActionError(f"{action.planet} has no empty extension slot {slot}", action=str(action))
        ext = list(state.ext_planet)
        ext[p] = with_item(slots, slot - 1, seat)
        write(state, ext_planet=tuple(ext), developed=state.developed + 1, **_take_from_hand(state, seat))


# --- effects that are not steps ------------------------------------------------------------------


@handles(sc.FreeOrder)
class FreeOrder(EffectHandler):
    """Orlins: cubes go to any planets, in any order, at most `per_planet` per planet."""

    step = False
    placement = Mode.FREE

    def words(self, effect: sc.FreeOrder) -> str:
        return f"place on any planets in any order (no clockwise walk), at most {cubes_words(effect.per_planet)} a planet"


@handles(sc.RepeatPlanet)
class RepeatPlanet(EffectHandler):
    """Rahel: the walk may stay on the same planet for consecutive cubes."""

    step = False
    placement = Mode.REPEAT

    def words(self, effect: sc.RepeatPlanet) -> str:
        return "the walk may stay on one planet for consecutive cubes"


@handles(sc.ColorVP)
class ColorVP(EffectHandler):
    """`amount` VP per cube of yours on a planet of the listed colors, at the turn's end."""

    step = False

    def words(self, effect: sc.ColorVP) -> str:
        counted = ("each cube you place this turn on a" if effect.count == "placed"
                   else "each cube of yours at the turn's end on a")
        return f"{vp_words(effect.amount)} for {counted} {' or '.join(effect.colors)} planet"

    def turn_vp(self, rules: StargateRules, state: State, effect: sc.ColorVP, placed: tuple[int, ...],
                pending: tuple[int, ...]) -> int:
        which = rules.color_set(effect.colors)
        color_at = [rules.scoring.planet_color[card] for card in state.circle]
        if effect.count == "placed":
            k = sum(1 for p in placed if color_at[p] in which)
        else:
            seat = state.seat
            k = sum(owners.count(seat) for p, owners in enumerate(state.board) if color_at[p] in which)
            k += sum(1 for p in pending if color_at[p] in which)
        return effect.amount * k


@handles(sc.AccumulateTime)
class AccumulateTime(EffectHandler):
    """Puerto Rico style: the crew gains `amount` time for each round nobody takes it."""

    step = False

    def words(self, effect: sc.AccumulateTime) -> str:
        most = f", at most +{effect.max}" if effect.max is not None else ""
        return f"+{effect.amount} time for each round nobody takes this crew{most} (used when taken)"

    def round_end(self, rules: StargateRules, effect: sc.AccumulateTime, bonus: int, taken: bool) -> int:
        if taken:
            return bonus
        return bonus + effect.amount if effect.max is None else min(bonus + effect.amount, effect.max)
