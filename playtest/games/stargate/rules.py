"""Stargate rules for one variant: the Rules protocol (set-up, legal actions, apply, result)
and the public questions bots and transcripts ask (placements, scores, a turn's gains).

Where each rule of RULINGS.md lives:
- the state of a game: state.py
- a turn's three steps — take a crew (`apply`, Phase.CREW), its skill (effects.py, one handler
  per effect, resolved in the crew's order by `_advance`), the placement walk (placement.py)
- the end of a turn (replenish, turn-end gains), of a round (crews return, start player
  passes left) and the end triggers: rounds.py
- scoring (majorities and their tie-break, color bonus, planet effects): scoring.py

`apply` returns a new State and never changes its input: it copies the state once per decision
and every step of the turn writes into that private copy (state.py, `write`). Planets are
addressed by position in the circle inside the engine, by card id in actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import sub
from typing import ClassVar, NamedTuple

from playtest.core.events import Event
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import Action, Place, TakeCrew
from playtest.games.stargate.effects import CREW_EFFECTS, handler_of, note, overrides
from playtest.games.stargate.placement import (
    Mode,
    PlaceOptions,
    is_legal,
    legal_placements,
    why_not,
)
from playtest.games.stargate.rounds import Gains, end_reason, end_turn, turn_gains
from playtest.games.stargate.scoring import (
    PlanetScore,
    Score,
    Scoring,
    majority_leader,
    majority_order,
    planet_vp,
)
from playtest.games.stargate.state import (
    PLACE_STEP,
    TURN_RECORD_AT_START,
    Phase,
    State,
    add_at,
    copy_state,
    evolve,
    seat_to_move,
    start_turn_record,
    with_item,
    write,
)

__all__ = ["PLACE_STEP", "Gains", "Mode", "Phase", "PlanetScore", "Score", "StargateRules", "State",
           "majority_leader", "majority_order", "planet_vp"]


CIRCLE_MEMO_LIMIT = 4096
"""Circles `StargateRules.circle_facts` remembers before it starts afresh (a batch plays one
circle per game, a search bot thousands of decisions on one)."""


class CircleFacts(NamedTuple):
    """Per circle position of one dealt circle: the planet's id and its printed slots; and
    each planet id's position."""

    ids: tuple[str, ...]
    capacity: tuple[int, ...]
    position: dict[str, int]
    last_marked: tuple[int, ...]
    """The positions whose planet acts on the turn's last cube (last_cube effects)."""


class StargateRules:
    """The rules of one Stargate variant. Holds only what the variant determines (and pure
    memos of it), so one rules object may serve any number of games and bots at once."""

    game: ClassVar[str] = "stargate"

    def __init__(self, variant: sc.StargateVariant) -> None:
        self.variant = variant
        self.scoring = Scoring(variant)
        self.crews = variant.crews
        self.crew_ids = tuple(c.id for c in variant.crews)
        self.all_crews = tuple(range(len(variant.crews)))
        """Every crew index: the crews of a game when the variant deals no subset (`crews_dealt`)."""
        self.crew_index = {c: i for i, c in enumerate(self.crew_ids)}
        self.crew_time = tuple(c.time for c in variant.crews)
        self.planet_ids = tuple(p.id for p in variant.planets)
        self.planet_index = {p: i for i, p in enumerate(self.planet_ids)}
        self.capacity = tuple(len(p.vp) for p in variant.planets)
        self.planet_color = self.scoring.planet_color
        self.n_colors = self.scoring.n_colors
        self.crews_return_each_turn = variant.crews_return is sc.CrewsReturn.END_OF_TURN
        self.replenish = variant.cubes.replenish
        self.no_two_in_a_row = variant.placement.no_two_in_a_row
        self.end_triggers = variant.end
        self.max_rounds = variant.max_rounds
        self.last_cube_effects = tuple(tuple(e for e in p.effects if e.trigger is sc.PlanetTrigger.LAST_CUBE)
                                       for p in variant.planets)
        self.any_last_cube = any(self.last_cube_effects)
        # Per crew, from its effects' handlers: how its cubes are placed, the order of the
        # turn's steps (effects timed before placing, the placement, effects after), the
        # effects paid at the turn's end and those that act when a round ends.
        self.mode: list[Mode] = []
        self.per_planet: list[int] = []
        self.queue: list[tuple[int, ...]] = []
        self.turn_end_effects: list[tuple[sc.Effect, ...]] = []
        self.round_end_effects: list[tuple[sc.Effect, ...]] = []
        for crew in variant.crews:
            mode, per = Mode.WALK, 1
            before: list[int] = []
            after: list[int] = []
            for i, effect in enumerate(crew.skill):
                handler = handler_of(effect)
                if handler.placement is not None:
                    mode = handler.placement
                    per = getattr(effect, "per_planet", 1)
                if handler.step:
                    (before if effect.timing is sc.Timing.BEFORE else after).append(i)  # type: ignore[union-attr]
            self.mode.append(mode)
            self.per_planet.append(per)
            self.queue.append((*before, PLACE_STEP, *after))
            self.turn_end_effects.append(tuple(e for e in crew.skill if overrides(handler_of(e), "turn_vp")))
            self.round_end_effects.append(tuple(e for e in crew.skill if overrides(handler_of(e), "round_end")))
        self.turn_start = tuple({**TURN_RECORD_AT_START, "crew": c, "pending": self.queue[c], "notes": (crew.id,)}
                                for c, crew in enumerate(variant.crews))
        """Per crew: the turn's record when it is taken (`start_turn_record`), the same every
        time: the record reset, the crew, its steps, its notes."""
        self.skills = tuple(crew.skill for crew in variant.crews)
        """Per crew: its effects, in order (`pending` indexes them)."""
        self.free_order = tuple(mode is Mode.FREE for mode in self.mode)
        """Per crew: its cubes go in any order (the placement is kept sorted)."""
        self.placement_ends_turn = tuple(q[-1] == PLACE_STEP for q in self.queue)
        """Per crew: no effect step follows the placement, so a placement's outcome is its
        board plus `turn_gains` (the greedy bot scores such placements incrementally)."""
        self.any_round_end_effect = any(self.round_end_effects)
        self.turn_can_gain = tuple(bool(effects) or self.any_last_cube for effects in self.turn_end_effects)
        """Per crew: whether a turn with it can earn anything at its end (`turn_gains`): a
        turn-end effect of the crew's, or a planet with a last-cube effect. Draft 5 has neither,
        and `end_turn` skips the reckoning (measured 2026-12-02, callgrind, 100 random 4-player
        draft-5 games: 3.677M -> 3.644M instructions per game)."""
        self._crew_actions: dict[tuple[int, ...], tuple[TakeCrew, ...]] = {}
        """The TakeCrew actions per crew area (at most 2^crews keys; a pure memo)."""
        self._color_sets: dict[tuple[str, ...], frozenset[int]] = {}
        self._circle_facts: dict[tuple[int, ...], CircleFacts] = {}
        """`circle_facts` per circle dealt (a pure memo, bounded)."""
        self._no_extensions = tuple((-1,) * len(vps) for vps in self.scoring.planet_ext_vp)
        """Per planet card: its extension slots, all empty."""
        self._before_deal = {n: self._state_before_deal(n) for n in self.player_counts()}
        """Per player count: a new game before the circle is dealt (`setup` copies it)."""

    # --- the Rules protocol ----------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
        """Deal the circle at random, then the crews when the variant deals them at this player
        count (`crews_dealt`; drawn after the circle, so that a variant without it deals every
        game as before); seat 0 is the start player of round 1."""
        dealt = self.variant.planets_dealt[n_players]
        circle = rng.sample(range(len(self.planet_ids)), dealt)
        n_crews = self.variant.crews_dealt.get(n_players)
        if n_crews is None:
            return self.setup(n_players, circle, start=0)
        return self.setup(n_players, circle, start=0, crews=sorted(rng.sample(self.all_crews, n_crews)))

    def setup(self, n_players: int, circle: Sequence[int], *, start: int = 0,
              crews: Sequence[int] | None = None) -> State:
        """A game with a given circle (planet card indices, clockwise), start player and crews
        (crew indices; by default every crew; kept in the variant's order)."""
        before_deal = self._before_deal.get(n_players) or self._state_before_deal(n_players)
        no_ext = self._no_extensions
        state = evolve(before_deal, circle=tuple(circle), board=((),) * len(circle), start=start,
                       seat=seat_to_move(start, 0, n_players), ext_planet=tuple([no_ext[c] for c in circle]))
        if crews is not None:
            in_game = tuple(sorted(crews))
            write(state, available=in_game, crews_in_game=in_game)
        return state

    def _state_before_deal(self, n_players: int) -> State:
        """Everything of a new game but the circle: the same for every game of `n_players`
        (built once per player count in __init__, and copied with the circle for each game)."""
        cubes = self.variant.cubes
        return State(
            n=n_players,
            circle=(),
            board=(),
            hand=(cubes.start_in_hand,) * n_players,
            stock=(cubes.total - cubes.start_in_hand,) * n_players,
            skill_vp=(0,) * n_players,
            available=self.all_crews,
            crews_in_game=self.all_crews,
            round=1,
            start=0,
            turn_in_round=0,
            turn=1,
            seat=0,
            phase=Phase.CREW,
            cubes_placed=(0,) * n_players,
            crew_bonus=(0,) * len(self.crews),
            time_bank=(0,) * n_players,
            effect_vp=(0,) * n_players,
            converted=(0,) * n_players,
            ext_planet=(),
            ext_crew=((),) * len(self.crews),
        )

    def current_seat(self, state: State) -> int:
        return state.seat

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def view(self, state: State, seat: int) -> State:
        """Stargate has no hidden information: hands, stocks and the board are public."""
        return state

    def format_action(self, state: State, action: Action) -> str:
        return str(action)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return self._CHOICES[state.phase](self, state)

    def _crew_choices(self, state: State) -> Sequence[Action]:
        """Phase.CREW: take one of the crews in the crew area."""
        actions = self._crew_actions.get(state.available)
        if actions is None:
            actions = self._crew_actions[state.available] = tuple(TakeCrew(self.crew_ids[c]) for c in state.available)
        return actions

    def _skill_targets(self, state: State) -> Sequence[Action]:
        """Phase.SKILL: the targets of the crew's effect waiting for one."""
        effect = self.skills[state.crew][state.pending[0]]
        return handler_of(effect).targets(self, state, effect)

    def _no_choices(self, state: State) -> Sequence[Action]:
        """Phase.OVER."""
        return ()

    def apply(self, state: State, action: Action, *, rng: random.Random | None = None,
              log: list[Event] | None = None) -> State:
        """The state after `action`; IllegalActionError if it is not legal now."""
        return self._decide(state, action, log, check=True)

    def apply_legal(self, state: State, action: Action, *, rng: random.Random | None = None,
                    log: list[Event] | None = None) -> State:
        """`apply` for an action taken from `legal_actions(state)` — the runner's loop has just
        checked it against that list — without checking it a second time (the crew in the
        crew area, the placement's walk). Any other action must go through `apply`.
        tests/stargate/test_apply_legal.py: both give equal states on every legal action."""
        return self._decide(state, action, log, check=False)

    def _decide(self, state: State, action: Action, log: list[Event] | None, check: bool) -> State:
        """One decision: `state` is copied once, and each step of the turn writes into the copy
        until the next decision (or the game's end); `state` itself never changes."""
        s = copy_state(state)
        self._DECISIONS[state.phase](self, s, action, log, check)
        return s

    def _skill_decision(self, s: State, action: Action, log: list[Event] | None, check: bool) -> None:
        """Phase.SKILL: the target chosen for the crew's effect `s.pending[0]`."""
        pending = s.pending
        effect = self.skills[s.crew][pending[0]]
        handler = handler_of(effect)
        if handler.action is None or not isinstance(action, handler.action):
            raise IllegalActionError(f"the crew's skill needs a target ({handler.notation}), not {action}",
                                     action=str(action))
        CREW_EFFECTS.writes_into(handler.choose, self, s, effect, action)
        note(s, str(action))
        self._advance(s, pending[1:], log)

    def _place_decision(self, s: State, action: Action, log: list[Event] | None, check: bool) -> None:
        """Phase.PLACE: the turn's placement."""
        if not isinstance(action, Place):
            raise IllegalActionError(f"cubes must be placed now (place ...), not {action}", action=str(action))
        self._place(s, action, check)
        self._advance(s, s.pending[1:], log)

    def _after_the_end(self, s: State, action: Action, log: list[Event] | None, check: bool) -> None:
        """Phase.OVER."""
        raise IllegalActionError("the game is over", action=str(action))

    def result(self, state: State) -> GameResult:
        """Scores by part, ranks and win shares: the highest total wins; a tie goes to more
        cubes left in hand (option `scoring.final_tiebreak`); still tied is a shared win."""
        score = self.score(state)
        totals = score.totals
        use_hand = self.variant.scoring.final_tiebreak is sc.FinalTiebreak.CUBES_IN_HAND
        ranks, shares = rank([(float(t), float(state.hand[s]) if use_hand else 0.0) for s, t in enumerate(totals)])
        return GameResult(tuple(
            SeatResult(s, score.parts(s), totals[s], ranks[s], shares[s], {
                "cubes_placed": state.cubes_placed[s], "cubes_in_hand": state.hand[s],
                "cubes_in_stock": state.stock[s], "cubes_converted": state.converted[s]})
            for s in range(state.n)), state.round, state.turn)

    # --- a turn ----------------------------------------------------------------------------------

    def _take_crew(self, state: State, action: Action, log: list[Event] | None, check: bool) -> None:
        """Phase.CREW, step 1: take a crew still in the crew area; its accumulated time and the
        seat's banked time are used now. The turn's record starts afresh; then the crew's steps
        (`_advance`). (Written into `state`, the decision's copy.)"""
        if check:
            if not isinstance(action, TakeCrew):
                raise IllegalActionError(f"a crew must be taken first, not {action}", action=str(action))
            if action.crew not in self.crew_index:
                raise IllegalActionError(f"no crew '{action.crew}' (crews: {', '.join(self.crew_ids)})",
                                         action=str(action))
            if self.crew_index[action.crew] not in state.crews_in_game:
                raise IllegalActionError(f"crew '{action.crew}' is not in this game (its crews: "
                                         f"{', '.join(self.crew_ids[c] for c in state.crews_in_game)})",
                                         action=str(action))
            if self.crew_index[action.crew] not in state.available:
                taken = state.taken_mask & (1 << self.crew_index[action.crew])
                raise IllegalActionError(f"crew '{action.crew}' " + ("was taken earlier this round" if taken else
                                                                     "is not in the crew area this round"),
                                         action=str(action))
        c = self.crew_index[action.crew]  # type: ignore[union-attr]
        seat = state.seat
        bonus, bank = state.crew_bonus[c], state.time_bank[seat]
        available = state.available
        i = available.index(c)
        start_turn_record(state, self.turn_start[c])
        write(state, available=available[:i] + available[i + 1:], taken_mask=state.taken_mask | (1 << c),
              crew_bonus_used=bonus, extra_time=bonus + bank)
        if bonus or bank:
            write(state, crew_bonus=with_item(state.crew_bonus, c, 0), time_bank=with_item(state.time_bank, seat, 0))
        self._advance(state, state.pending, log)

    def _advance(self, s: State, pending: tuple[int, ...], log: list[Event] | None) -> None:
        """Resolve the crew's steps still `pending` in order until one needs a decision (a
        choice with targets, or the placement); a choice without any target is skipped. After
        the last step the turn ends. (Written into `s`, the decision's copy.)"""
        while pending:
            step = pending[0]
            if step == PLACE_STEP:
                write(s, pending=pending, phase=Phase.PLACE)
                return
            effect = self.skills[s.crew][step]
            handler = handler_of(effect)
            if handler.action is None:
                CREW_EFFECTS.writes_into(handler.resolve, self, s, effect)
            elif handler.has_target(self, s, effect):
                write(s, pending=pending, phase=Phase.SKILL)
                return
            else:
                note(s, f"({effect.effect}: no target)")
            pending = pending[1:]
        end_turn(self, s, log)

    def _place(self, state: State, action: Place, check: bool) -> None:
        """Step 2: the cubes go onto the planets named, each into the lowest empty slot.
        (Written into `state`, the decision's copy.)"""
        seq = self.positions(state, action.planets, action)
        crew = state.crew
        if check:
            k, room = self.max_cubes(state), self.rooms(state)
            if not is_legal(self.mode[crew], self.per_planet[crew], k, room, self.no_two_in_a_row,
                            seq):
                raise IllegalActionError(why_not(self.mode[crew], self.per_planet[crew], k, room, seq,
                                                 self.circle_ids(state.circle), self.crew_time[crew],
                                                 state.hand[state.seat], state.extra_time), action=str(action))
        last = seq[-1] if seq else state.last_pos  # free order: the last cube is the last one named
        if not seq:
            write(state, placed=seq, last_pos=last)
            return
        seat = state.seat
        board = list(state.board)
        # Free order: the cubes go down in the order named. Each goes to the back of its own
        # planet, so the board does not depend on the order; `placed` keeps it, as the event's
        # `placed` column and `last_planet` must agree (it listed them in circle order).
        for p in seq:
            board[p] = (*board[p], seat)
        write(state, board=tuple(board), hand=add_at(state.hand, seat, -len(seq)),
              cubes_placed=add_at(state.cubes_placed, seat, len(seq)), placed=seq, last_pos=last)

    # --- questions about a state (for the bots and transcripts) ----------------------------------

    def circle_facts(self, circle: tuple[int, ...]) -> CircleFacts:
        """What the rules look up by circle position for the game dealt as `circle`: every
        placement decision needs the planets' ids and capacities, and every placement turns ids
        back into positions. Memoised per circle: a pure function of the variant and the
        circle, so safe when one rules object serves many games; bounded (a long run deals
        millions of circles). Measured 2026-12-02 (callgrind, 100 random 4-player draft-5 games,
        as the bench plays them): `rooms`, `circle_ids` and `positions` reading it instead of
        rebuilding the tuples and calling `circle.index` per cube, 4.083M -> 4.010M
        instructions per game (-1.8%)."""
        facts = self._circle_facts.get(circle)
        if facts is None:
            if len(self._circle_facts) >= CIRCLE_MEMO_LIMIT:
                self._circle_facts.clear()
            ids = tuple([self.planet_ids[c] for c in circle])
            facts = self._circle_facts[circle] = CircleFacts(
                ids, tuple([self.capacity[c] for c in circle]), {pid: p for p, pid in enumerate(ids)},
                tuple([p for p, c in enumerate(circle) if self.last_cube_effects[c]]))
        return facts

    def circle_ids(self, circle: tuple[int, ...]) -> tuple[str, ...]:
        """The planet id at each circle position."""
        return self.circle_facts(circle).ids

    def position(self, state: State, planet_id: str, action: Action) -> int:
        """The circle position of a planet named in `action` (IllegalActionError if absent)."""
        p = self.circle_facts(state.circle).position.get(planet_id)
        if p is None:
            ids = " ".join(self.circle_ids(state.circle))
            raise IllegalActionError(f"planet '{planet_id}' is not in the circle ({ids})", action=str(action))
        return p

    def positions(self, state: State, planet_ids: Sequence[str], action: Action) -> tuple[int, ...]:
        """`position` of each planet named (a placement's planets)."""
        position = self.circle_facts(state.circle).position
        try:
            return tuple([position[pid] for pid in planet_ids])
        except KeyError:
            return tuple([self.position(state, pid, action) for pid in planet_ids])  # names the bad one

    def room(self, state: State, pos: int) -> int:
        """Empty slots of the planet at circle position `pos` (-1: its overflow slot is used)."""
        return self.capacity[state.circle[pos]] - len(state.board[pos])

    def rooms(self, state: State) -> tuple[int, ...]:
        """`room` of every circle position."""
        return tuple(map(sub, self.circle_facts(state.circle).capacity, map(len, state.board)))

    def is_full(self, state: State, pos: int) -> bool:
        return self.room(state, pos) <= 0

    def max_cubes(self, state: State) -> int:
        """The most cubes the turn's placement may place: the crew's time plus extra time,
        at most the cubes in hand."""
        return min(self.crew_time[state.crew] + state.extra_time, state.hand[state.seat])

    def placement_sequences(self, state: State) -> tuple[tuple[int, ...], ...]:
        """Every legal placement of this turn as circle positions, the empty placement first
        (placement.legal_placements)."""
        crew = state.crew
        return legal_placements(self.mode[crew], self.per_planet[crew], self.max_cubes(state), self.rooms(state),
                                self.no_two_in_a_row, self.circle_facts(state.circle).last_marked)

    def placements(self, state: State) -> PlaceOptions:
        """Every legal placement of this turn as Place actions, in the same order."""
        return PlaceOptions(self.placement_sequences(state), self.circle_ids(state.circle),
                            self.free_order[state.crew])

    def color_set(self, colors: Sequence[str]) -> frozenset[int]:
        """Color indices of color ids."""
        key = tuple(colors)
        found = self._color_sets.get(key)
        if found is None:
            index = {c.id: i for i, c in enumerate(self.variant.colors)}
            found = self._color_sets[key] = frozenset(index[c] for c in colors)
        return found

    def crew_round_end(self, crew: int, bonus: int, taken: bool) -> int:
        """Crew `crew`'s accumulated time after a round."""
        for effect in self.round_end_effects[crew]:
            bonus = CREW_EFFECTS.whole_number(handler_of(effect).round_end, self, effect, bonus, taken)
        return bonus

    def turn_gains(self, state: State, placed: Sequence[int], last: int, *, pending: Sequence[int] = ()) -> Gains:
        """What the current seat's cubes placed this turn earn at its end (rounds.turn_gains)."""
        return turn_gains(self, state, tuple(placed), last, tuple(pending))

    def end_reason(self, state: State) -> str | None:
        """The end trigger that fires at the end of the current round, or None (rounds.py)."""
        return end_reason(self, state)

    # --- scores (scoring.py) ---------------------------------------------------------------------

    def planet_score(self, card: int, owners: tuple[int, ...]) -> PlanetScore:
        """Every seat's VP and cubes on one planet card with these owners."""
        return self.scoring.planet(card, owners)

    def color_bonus(self, counts: Sequence[int]) -> int:
        return self.scoring.color_bonus(counts)

    def fixed_vp(self, state: State) -> tuple[int, ...]:
        """Per seat, the VP that no placement changes: skill, planet effects gained, extensions."""
        return self.scoring.fixed_vp(state)

    def score(self, state: State) -> Score:
        """Every seat's score by part, as if the game ended now."""
        return self.scoring.score(state)

    def totals(self, state: State) -> list[int]:
        """Every seat's total as if the game ended now."""
        return self.scoring.totals(state)

    # --- the phases' tables ------------------------------------------------------------------------

    _CHOICES = {Phase.CREW: _crew_choices, Phase.SKILL: _skill_targets, Phase.PLACE: placements,
                Phase.OVER: _no_choices}
    """What the seat to move chooses from, per phase (`legal_actions`)."""
    _DECISIONS = {Phase.CREW: _take_crew, Phase.SKILL: _skill_decision, Phase.PLACE: _place_decision,
                  Phase.OVER: _after_the_end}
    """How a decision is resolved, per phase (`_decide`). Tables rather than if-chains on the phase:
    on Python 3.11 reading an enum member (`Phase.PLACE`) costs about 60 ns more than a dict
    lookup, and the runner asks twice per decision (measured 2026-12-02: a placement's dispatch
    175 ns as an if-chain, 55 ns from the table)."""
