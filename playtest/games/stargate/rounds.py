"""The end of a turn, of a round and of the game (RULINGS.md, "A turn" step 3, "Rounds and the
end"): what a turn's placed cubes earn at its end, the replenish, crews returning, the start
player passing left, the end triggers, and the events logged for each. `end_turn` and
`end_round` write into the rules' private copy of the decision's state (state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playtest.core.events import Event, EventKind, make_event
from playtest.core.results import SAFETY_STOP
from playtest.games.stargate import schema as sc
from playtest.games.stargate.effects import CREW_EFFECTS, handler_of
from playtest.games.stargate.planet_effects import PLANET_EFFECTS, LastCubeGains
from playtest.games.stargate.planet_effects import handler_of as planet_handler_of
from playtest.games.stargate.scoring import majority_leader
from playtest.games.stargate.state import Phase, State, add_at, seat_to_move, write

if TYPE_CHECKING:
    from playtest.games.stargate.rules import StargateRules


@dataclass(frozen=True)
class Gains:
    """What a turn's placed cubes earn at its end."""

    skill_vp: int = 0
    """From the crew's effects paid at the turn's end (color_vp)."""
    effect_vp: int = 0
    """From the last_cube effects of the planet where the turn's last cube landed."""
    from_hand: int = 0
    """Cubes converted from the hand (convert_cubes)."""
    from_stock: int = 0
    time: int = 0
    """Time banked for the seat's next turn (convert_cubes into time)."""

    @property
    def vp(self) -> int:
        return self.skill_vp + self.effect_vp

    @property
    def converted(self) -> int:
        return self.from_hand + self.from_stock


NO_GAINS = Gains()


def turn_gains(rules: StargateRules, state: State, placed: tuple[int, ...] | None = None, last: int | None = None,
               pending: tuple[int, ...] = ()) -> Gains:
    """What the current seat's cubes placed this turn (`placed`: circle positions; `last`:
    where the last one landed, -1 for none) earn at the turn's end: the crew's turn-end
    effects and the last_cube effects of the planet where the last cube landed. `pending`:
    the positions of `placed` not on `state.board` nor out of the hand yet (a bot asking
    before placing). By default: the cubes the state says this turn placed."""
    if last is None:
        last = state.last_pos
    crew_effects = rules.turn_end_effects[state.crew]
    planet_effects = rules.last_cube_effects[state.circle[last]] if last >= 0 else ()
    if not crew_effects and not planet_effects:
        return NO_GAINS
    if placed is None:
        placed = (*state.placed, *state.extra_placed)
    skill = sum(CREW_EFFECTS.whole_number(handler_of(e).turn_vp, rules, state, e, placed, pending) for e in crew_effects)
    if not planet_effects:
        return Gains(skill)
    got = LastCubeGains(hand=state.hand[state.seat] - len(pending), stock=state.stock[state.seat])
    for eff in planet_effects:
        PLANET_EFFECTS.writes_into(planet_handler_of(eff).last_cube, eff, state, last, pending, got)
    return Gains(skill, got.vp, got.from_hand, got.from_stock, got.time)


def end_turn(rules: StargateRules, s: State, log: list[Event] | None) -> None:
    """The turn's end, written into `s`: its gains, the replenish (up to `cubes.replenish` from
    stock), crews returning each turn if the variant says so, the decision event; then the
    round's end after the last seat."""
    seat = s.seat
    gains = turn_gains(rules, s) if rules.turn_can_gain[s.crew] else NO_GAINS
    if gains is not NO_GAINS:
        write(s, hand=add_at(s.hand, seat, -gains.from_hand), stock=add_at(s.stock, seat, -gains.from_stock),
              skill_vp=add_at(s.skill_vp, seat, gains.skill_vp), effect_vp=add_at(s.effect_vp, seat, gains.effect_vp),
              converted=add_at(s.converted, seat, gains.converted), time_bank=add_at(s.time_bank, seat, gains.time),
              turn_gains=(gains.skill_vp, gains.effect_vp, gains.converted))
    got = min(rules.replenish, s.stock[seat])
    if got:
        write(s, hand=add_at(s.hand, seat, got), stock=add_at(s.stock, seat, -got))
    if rules.crews_return_each_turn:
        write(s, available=tuple(sorted((*s.available, s.crew))))
    if log is not None:
        log.append(decision_event(rules, s))
    write(s, crew=-1, pending=(), turn=s.turn + 1, turn_in_round=s.turn_in_round + 1,
          seat=seat_to_move(s.start, s.turn_in_round + 1, s.n), phase=Phase.CREW)
    if s.turn_in_round >= s.n:
        end_round(rules, s, log)


def decision_event(rules: StargateRules, s: State) -> Event:
    """One row of events.parquet per turn (`s`: the turn's state at its end): the crew, its
    skill's notes, the cubes placed, what the turn earned."""
    ids = rules.circle_ids(s.circle)
    color_vp, planet_vp, converted = s.turn_gains
    seat = s.seat
    return make_event((EventKind.DECISION, s.round, s.turn, seat, {
        "crew": rules.crew_ids[s.crew],
        "crew_time": rules.crew_time[s.crew],
        "crew_bonus": s.crew_bonus_used,
        "extra_time": s.extra_time,
        "first_pick": s.turn_in_round == 0,
        "skill": "; ".join(s.notes[1:]),
        "placed": " ".join([ids[p] for p in s.placed]),
        "cubes_placed": len(s.placed) + len(s.extra_placed) + s.developed,
        "vp_gained": s.vp_gained + color_vp,
        "cubes_gained": s.cubes_gained,
        "effect_vp": planet_vp,
        "cubes_converted": converted,
        "last_planet": ids[s.last_pos] if s.last_pos >= 0 else None,
        "hand": s.hand[seat],
        "stock": s.stock[seat],
    }))


def end_round(rules: StargateRules, s: State, log: list[Event] | None) -> None:
    """The round's end, written into `s`: the game ends if an end trigger fires; else this
    game's crews accumulate time, the start player passes to the left and the crews return
    (RULINGS: option): this game's crews (`State.crews_in_game`), not every crew of the variant."""
    reason = end_reason(rules, s)
    if log is not None:
        totals, turn = rules.totals(s), s.turn - 1
        for seat in range(s.n):
            log.append(make_event((EventKind.ROUND_END, s.round, turn, seat,
                                   {"score": float(totals[seat]), "hand": s.hand[seat], "stock": s.stock[seat]})))
        if reason is not None:
            log.extend(planet_events(rules, s))
            if s.n in rules.variant.crews_dealt:
                log.extend(crew_events(rules, s))
            log.append(make_event((EventKind.GAME_END, s.round, turn, -1, {"end_reason": reason})))
    if reason is not None:
        write(s, phase=Phase.OVER, turn=s.turn - 1)
        return
    crew_bonus = s.crew_bonus
    if rules.any_round_end_effect:  # only this game's crews: one not dealt gathers no time
        bonus = list(crew_bonus)
        for c in s.crews_in_game:
            bonus[c] = rules.crew_round_end(c, bonus[c], bool(s.taken_mask >> c & 1))
        crew_bonus = tuple(bonus)
    start = (s.start + 1) % s.n
    write(s, crew_bonus=crew_bonus, round=s.round + 1, start=start, turn_in_round=0, seat=seat_to_move(start, 0, s.n),
          taken_mask=0, available=s.available if rules.crews_return_each_turn else s.crews_in_game)


def planet_events(rules: StargateRules, s: State) -> list[Event]:
    """At the game's end, one event per planet: who leads it and how full it is."""
    out = []
    for card, owners in zip(s.circle, s.board, strict=True):
        k = len(owners)
        out.append(make_event(("planet_final", s.round, s.turn - 1, majority_leader(owners, rules.scoring.later_wins), {
            "planet": rules.planet_ids[card],
            "slots_filled": k,
            "slots_total": rules.capacity[card],
            "majority_vp": rules.scoring.vp[card][k - 1] if k else None,
        })))
    return out


CREW_DEALT = "crew_dealt"
"""Event kind: one per crew dealt into a game (a variant's `crews_dealt`), at the game's end."""


def crew_events(rules: StargateRules, s: State) -> list[Event]:
    """At the end of a game whose crews were dealt, one event per crew in it: the record of the
    deal that the crews' metrics count their games from (as planet_final events record the
    circle). A game of every crew logs none."""
    return [make_event((CREW_DEALT, s.round, s.turn - 1, -1, {"crew": rules.crew_ids[c]})) for c in s.crews_in_game]


# --- end triggers ---------------------------------------------------------------------------------

END_TRIGGERS: dict[type, Callable[[Any, Any, State], bool]] = {
    sc.StockEmpty: lambda rules, trig, s: 0 in s.stock,
    sc.PlanetsFull: lambda rules, trig, s: sum(rules.room(s, p) <= 0 for p in range(len(s.board)))
    >= trig.for_players(s.n),
    sc.RoundCap: lambda rules, trig, s: s.round >= trig.rounds,
    sc.OutOfCubes: lambda rules, trig, s: any(h + x == 0 for h, x in zip(s.hand, s.stock, strict=True)),
}
"""End-trigger class (schema.py) → whether it fires at the end of the state's round."""


def end_reason(rules: StargateRules, state: State) -> str | None:
    """The first end trigger (in the variant's order) that fires at the end of the current
    round, 'max_rounds' for the safety stop, or None."""
    for trig in rules.end_triggers:
        if END_TRIGGERS[type(trig)](rules, trig, state):
            return trig.trigger
    if state.round >= rules.max_rounds:
        return SAFETY_STOP
    return None
