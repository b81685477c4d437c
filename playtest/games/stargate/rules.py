"""Stargate rules, pure and driven only by the validated variant (RULINGS.md, Stargate draft 5).

A turn is up to three decisions: take a crew (TakeCrew); resolve the crew's choice effects
(MoveCube, SwapCubes) — automatic effects (VP, cubes) resolve by themselves, an effect with no
possible target is skipped; place cubes (Place). `apply` returns a new State and never mutates
its input. Planets are addressed by position in the circle internally, by card id in actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import ClassVar

from playtest.core.events import Event, EventKind
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import Action, MoveCube, Place, SwapCubes, TakeCrew

PLACE_STEP = -1
"""Marker in State.pending: the placement step."""


class Phase(IntEnum):
    CREW = 0
    SKILL = 1
    PLACE = 2
    OVER = 3


class Mode(IntEnum):
    """How this turn's cubes are placed."""

    WALK = 0
    FREE = 1
    REPEAT = 2


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game in progress. All of it is public in Stargate."""

    n: int
    circle: tuple[int, ...]
    """Planet card index (into the variant's planets) at each circle position, clockwise."""
    board: tuple[tuple[int, ...], ...]
    """Per circle position: the seats owning slot 1, slot 2, ... (filled without gaps)."""
    hand: tuple[int, ...]
    stock: tuple[int, ...]
    skill_vp: tuple[int, ...]
    available: tuple[int, ...]
    """Crew indices in the crew area."""
    round: int
    start: int
    turn_in_round: int
    turn: int
    phase: Phase
    crew: int = -1
    pending: tuple[int, ...] = ()
    """Effect indices of the crew still to resolve; PLACE_STEP marks the placement."""
    notes: tuple[str, ...] = ()
    placed: tuple[int, ...] = ()
    vp_gained: int = 0
    cubes_gained: int = 0
    cubes_placed: tuple[int, ...] = ()

    @property
    def seat(self) -> int:
        return (self.start + self.turn_in_round) % self.n


@dataclass(frozen=True, slots=True)
class Score:
    planets: tuple[int, ...]
    color: tuple[int, ...]
    skill: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b + c for a, b, c in zip(self.planets, self.color, self.skill, strict=True))


def majority_order(owners: Sequence[int], later_wins: bool) -> list[int]:
    """Seats with cubes on a planet, best rank first: more cubes, then the tie-break on the
    slot of each seat's first cube (later = higher slot wins when `later_wins`)."""
    count: dict[int, int] = {}
    first: dict[int, int] = {}
    for slot, seat in enumerate(owners):
        count[seat] = count.get(seat, 0) + 1
        first.setdefault(seat, slot)
    sign = -1 if later_wins else 1
    return sorted(count, key=lambda s: (-count[s], sign * first[s]))


def planet_vp(owners: Sequence[int], vp: Sequence[int], later_wins: bool) -> dict[int, int]:
    """VP each seat scores on one planet: rank r (1-based) scores slot k-r+1, k = last filled."""
    k = len(owners)
    out: dict[int, int] = {}
    for r, seat in enumerate(majority_order(owners, later_wins)):
        slot = k - 1 - r
        out[seat] = vp[slot] if slot >= 0 else 0
    return out


class PlaceOptions(Sequence[Action]):
    """The legal placements as a lazy sequence of Place actions: a random bot draws one without
    building the others; membership is checked on circle positions."""

    __slots__ = ("_ids", "_free", "_pos", "seqs")

    def __init__(self, rules: StargateRules, state: State, seqs: list[tuple[int, ...]]) -> None:
        circle = state.circle
        self._ids = tuple(rules.planet_ids[c] for c in circle)
        self._pos = {pid: i for i, pid in enumerate(self._ids)}
        self._free = rules.mode[state.crew] is Mode.FREE
        self.seqs = seqs

    def __len__(self) -> int:
        return len(self.seqs)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.seqs)))]
        ids = self._ids
        return Place(tuple(ids[p] for p in self.seqs[i]))

    def __iter__(self):  # type: ignore[override]
        ids = self._ids
        for seq in self.seqs:
            yield Place(tuple(ids[p] for p in seq))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Place):
            return False
        try:
            seq = tuple(self._pos[pid] for pid in action.planets)
        except KeyError:
            return False
        if self._free:
            seq = tuple(sorted(seq))
        return seq in self.seqs


class StargateRules:
    """The rules of one Stargate variant."""

    game: ClassVar[str] = "stargate"

    def __init__(self, variant: sc.StargateVariant) -> None:
        self.variant = variant
        self.crews = variant.crews
        self.crew_index = {c.id: i for i, c in enumerate(variant.crews)}
        self.planet_ids = tuple(p.id for p in variant.planets)
        self.planet_index = {p.id: i for i, p in enumerate(variant.planets)}
        self.vp = tuple(p.vp for p in variant.planets)
        self.capacity = tuple(len(p.vp) for p in variant.planets)
        color_index = {c.id: i for i, c in enumerate(variant.colors)}
        self.planet_color = tuple(color_index[p.color] for p in variant.planets)
        self.n_colors = len(variant.colors)
        self.later_wins = variant.scoring.majority_tiebreak is sc.MajorityTiebreak.LATER_FIRST_CUBE
        self.replenish = variant.cubes.replenish
        self.return_each_turn = variant.crews_return is sc.CrewsReturn.END_OF_TURN
        self._seq_cache: tuple[State, list[tuple[int, ...]]] | None = None
        self._planet_cache: dict[tuple[int, tuple[int, ...]], tuple] = {}
        # Per crew: the placement mode, cubes per planet in free order, and the effect queue.
        self.mode: list[Mode] = []
        self.per_planet: list[int] = []
        self.queue: list[tuple[int, ...]] = []
        for crew in variant.crews:
            mode, per = Mode.WALK, 1
            before, after = [], []
            for i, eff in enumerate(crew.skill):
                if isinstance(eff, sc.FreeOrder):
                    mode, per = Mode.FREE, eff.per_planet
                elif isinstance(eff, sc.RepeatPlanet):
                    mode = Mode.REPEAT
                elif eff.timing is sc.Timing.BEFORE:
                    before.append(i)
                else:
                    after.append(i)
            self.mode.append(mode)
            self.per_planet.append(per)
            self.queue.append((*before, PLACE_STEP, *after))
        self.placement_ends_turn = tuple(q[-1] == PLACE_STEP for q in self.queue)
        """Per crew: nothing resolves after placing, so a placement's outcome is its board alone."""

    # --- protocol ---------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
        """Deal the circle at random; seat 0 is the start player of round 1."""
        dealt = self.variant.planets_dealt[n_players]
        circle = tuple(rng.sample(range(len(self.variant.planets)), dealt))
        return self.setup(n_players, circle, start=0)

    def setup(self, n_players: int, circle: Sequence[int], *, start: int = 0) -> State:
        """A game with a given circle (planet indices, clockwise) and start player."""
        cubes = self.variant.cubes
        return State(
            n=n_players,
            circle=tuple(circle),
            board=tuple(() for _ in circle),
            hand=(cubes.start_in_hand,) * n_players,
            stock=(cubes.total - cubes.start_in_hand,) * n_players,
            skill_vp=(0,) * n_players,
            available=tuple(range(len(self.crews))),
            round=1,
            start=start,
            turn_in_round=0,
            turn=1,
            phase=Phase.CREW,
            cubes_placed=(0,) * n_players,
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
        phase = state.phase
        if phase is Phase.CREW:
            return [TakeCrew(self.crews[c].id) for c in state.available]
        if phase is Phase.PLACE:
            return self.placements(state)
        if phase is Phase.SKILL:
            return self.skill_targets(state, state.pending[0])
        return []

    # --- targets ------------------------------------------------------------------------------

    def is_full(self, state: State, pos: int) -> bool:
        return len(state.board[pos]) >= self.capacity[state.circle[pos]]

    def skill_targets(self, state: State, effect_index: int) -> list[Action]:
        effect = self.crews[state.crew].skill[effect_index]
        board, circle, ids = state.board, state.circle, self.planet_ids
        if isinstance(effect, sc.MoveTailCube):
            seat = state.seat
            srcs = [p for p, owners in enumerate(board) if owners and owners[-1] == seat]
            dsts = [p for p in range(len(board)) if len(board[p]) < self.capacity[circle[p]]]
            return [MoveCube(ids[circle[s]], ids[circle[d]]) for s in srcs for d in dsts if d != s]
        if isinstance(effect, sc.SwapAdjacent):
            # A swap of two cubes of the same owner changes nothing, so it is not a use of the
            # skill: only pairs of different owners are targets (the skill must be used).
            return [SwapCubes(ids[circle[p]], i + 1) for p, owners in enumerate(board)
                    for i in range(len(owners) - 1) if owners[i] != owners[i + 1]]
        raise AssertionError(f"effect {effect!r} needs no target")

    def max_cubes(self, state: State) -> int:
        return min(self.crews[state.crew].time, state.hand[state.seat])

    def placements(self, state: State) -> PlaceOptions:
        """Every legal placement this turn, as Place actions (the empty placement first)."""
        return PlaceOptions(self, state, self.placement_sequences(state))

    def placement_sequences(self, state: State) -> list[tuple[int, ...]]:
        """Legal placements as tuples of circle positions (the empty tuple first). The last
        answer is remembered: legal_actions and apply ask about the same state in turn."""
        cached = self._seq_cache
        if cached is not None and cached[0] is state:
            return cached[1]
        seqs = self._placement_sequences(state)
        self._seq_cache = (state, seqs)
        return seqs

    def _placement_sequences(self, state: State) -> list[tuple[int, ...]]:
        k = self.max_cubes(state)
        room = [self.capacity[c] - len(o) for c, o in zip(state.circle, state.board, strict=True)]
        out: list[tuple[int, ...]] = [()]
        if k == 0:
            return out
        mode = self.mode[state.crew]
        npos = len(room)
        if mode is Mode.FREE:
            per = self.per_planet[state.crew]
            slots = [p for p in range(npos) for _ in range(min(per, room[p]))]
            seen: set[tuple[int, ...]] = set()
            for size in range(1, min(k, len(slots)) + 1):
                for combo in combinations(slots, size):
                    if combo not in seen:
                        seen.add(combo)
                        out.append(combo)
            return out
        no_repeat = self.variant.placement.no_two_in_a_row
        if mode is Mode.WALK:
            for start in range(npos):
                if room[start] <= 0:
                    continue
                left = room.copy()
                seq = [start]
                left[start] -= 1
                out.append((start,))
                cur = start
                while len(seq) < k:
                    nxt = self._next_open(left, cur, npos)
                    if nxt is None or (nxt == cur and no_repeat):
                        break
                    seq.append(nxt)
                    left[nxt] -= 1
                    cur = nxt
                    out.append(tuple(seq))
            return out
        # REPEAT: each next cube stays on the same planet or walks on clockwise.
        found: set[tuple[int, ...]] = set()

        def grow(seq: tuple[int, ...], left: list[int]) -> None:
            found.add(seq)
            if len(seq) == k:
                return
            cur = seq[-1]
            options = []
            if left[cur] > 0:
                options.append(cur)
            nxt = self._next_open(left, cur, npos)
            if nxt is not None and nxt != cur:
                options.append(nxt)
            for p in options:
                left[p] -= 1
                grow((*seq, p), left)
                left[p] += 1

        for start in range(npos):
            if room[start] > 0:
                left = room.copy()
                left[start] -= 1
                grow((start,), left)
        out.extend(sorted(found, key=lambda s: (len(s), s)))
        return out

    @staticmethod
    def _next_open(left: list[int], cur: int, npos: int) -> int | None:
        """The next position clockwise after `cur` with room (may be `cur` itself after a full
        lap), or None when no planet has room."""
        for step in range(1, npos + 1):
            p = (cur + step) % npos
            if left[p] > 0:
                return p
        return None

    # --- apply --------------------------------------------------------------------------------

    def apply(self, state: State, action: Action, *, rng: random.Random | None = None,
              log: list[Event] | None = None) -> State:
        phase = state.phase
        if phase is Phase.CREW:
            if not isinstance(action, TakeCrew):
                raise IllegalActionError(f"a crew must be taken first, not {action}", action=str(action))
            c = self.crew_index.get(action.crew)
            if c is None:
                raise IllegalActionError(
                    f"no crew '{action.crew}' (crews: {', '.join(x.id for x in self.crews)})", action=str(action))
            if c not in state.available:
                raise IllegalActionError(f"crew '{action.crew}' is not in the crew area this round", action=str(action))
            state = _replace(state, crew=c, phase=Phase.SKILL,
                             available=tuple(x for x in state.available if x != c),
                             pending=self.queue[c], notes=(str(action),), placed=(), vp_gained=0, cubes_gained=0)
            return self._advance(state, log)
        if phase is Phase.SKILL:
            effect = self.crews[state.crew].skill[state.pending[0]]
            if isinstance(effect, sc.MoveTailCube) and isinstance(action, MoveCube):
                state = self._move(state, action)
            elif isinstance(effect, sc.SwapAdjacent) and isinstance(action, SwapCubes):
                state = self._swap(state, action)
            else:
                want = "move SRC>DST" if isinstance(effect, sc.MoveTailCube) else "swap PLANET@SLOT"
                raise IllegalActionError(f"the crew's skill needs a target ({want}), not {action}", action=str(action))
            state = _replace(state, pending=state.pending[1:], notes=(*state.notes, str(action)))
            return self._advance(state, log)
        if phase is Phase.PLACE:
            if not isinstance(action, Place):
                raise IllegalActionError(f"cubes must be placed now (place ...), not {action}", action=str(action))
            state = self._place(state, action)
            state = _replace(state, pending=state.pending[1:], notes=(*state.notes, str(action)))
            return self._advance(state, log)
        raise IllegalActionError("the game is over", action=str(action))

    def _pos(self, state: State, planet_id: str, action: Action) -> int:
        card = self.planet_index.get(planet_id)
        if card is None or card not in state.circle:
            ids = " ".join(self.planet_ids[c] for c in state.circle)
            raise IllegalActionError(f"planet '{planet_id}' is not in the circle ({ids})", action=str(action))
        return state.circle.index(card)

    def _move(self, state: State, action: MoveCube) -> State:
        src, dst = self._pos(state, action.src, action), self._pos(state, action.dst, action)
        board, seat = state.board, state.seat
        if not board[src] or board[src][-1] != seat:
            raise IllegalActionError(f"the last cube on {action.src} is not yours", action=str(action))
        if src == dst:
            raise IllegalActionError("the cube must move to another planet", action=str(action))
        if self.is_full(state, dst):
            raise IllegalActionError(f"{action.dst} is full", action=str(action))
        new = list(board)
        new[src] = board[src][:-1]
        new[dst] = (*board[dst], seat)
        return _replace(state, board=tuple(new))

    def _swap(self, state: State, action: SwapCubes) -> State:
        p = self._pos(state, action.planet, action)
        owners = state.board[p]
        i = action.slot - 1
        if not 0 <= i < len(owners) - 1:
            raise IllegalActionError(f"{action.planet} has no cubes in slots {action.slot} and {action.slot + 1}",
                                     action=str(action))
        if owners[i] == owners[i + 1]:
            raise IllegalActionError("both cubes have the same owner: the swap would change nothing",
                                     action=str(action))
        swapped = (*owners[:i], owners[i + 1], owners[i], *owners[i + 2:])
        new = list(state.board)
        new[p] = swapped
        return _replace(state, board=tuple(new))

    def _place(self, state: State, action: Place) -> State:
        seq = tuple(self._pos(state, pid, action) for pid in action.planets)
        legal = self.placement_sequences(state)
        if self.mode[state.crew] is Mode.FREE:
            seq = tuple(sorted(seq))
        if seq not in legal:
            raise IllegalActionError(self._why_not(state, seq), action=str(action))
        seat = state.seat
        new = list(state.board)
        for p in seq:
            new[p] = (*new[p], seat)
        hand = _set(state.hand, seat, state.hand[seat] - len(seq))
        placed_total = _set(state.cubes_placed, seat, state.cubes_placed[seat] + len(seq))
        return _replace(state, board=tuple(new), hand=hand, placed=seq, cubes_placed=placed_total)

    def _why_not(self, state: State, seq: tuple[int, ...]) -> str:
        k = self.max_cubes(state)
        if len(seq) > k:
            return (f"at most {k} cubes may be placed (crew time {self.crews[state.crew].time}, "
                    f"{state.hand[state.seat]} in hand)")
        for p in seq:
            if self.is_full(state, p):
                return f"{self.planet_ids[state.circle[p]]} is full"
        mode = self.mode[state.crew]
        if mode is Mode.FREE:
            return f"at most {self.per_planet[state.crew]} cube(s) per planet with this crew"
        if mode is Mode.REPEAT:
            return "each cube must stay on the same planet or go on clockwise to the next planet with room"
        if any(a == b for a, b in zip(seq, seq[1:], strict=False)):
            return "two cubes in a row on the same planet are not allowed"
        return "cubes go clockwise, one per planet, skipping full planets"

    def _advance(self, state: State, log: list[Event] | None) -> State:
        """Resolve automatic effects; stop at the next decision, or end the turn."""
        crew = self.crews[state.crew]
        while state.pending:
            step = state.pending[0]
            if step == PLACE_STEP:
                return _replace(state, phase=Phase.PLACE)
            effect = crew.skill[step]
            seat = state.seat
            if isinstance(effect, sc.GainVP):
                state = _replace(state, skill_vp=_set(state.skill_vp, seat, state.skill_vp[seat] + effect.amount),
                                 vp_gained=state.vp_gained + effect.amount, pending=state.pending[1:])
            elif isinstance(effect, sc.GainCubes):
                got = min(effect.amount, state.stock[seat])
                state = _replace(state, hand=_set(state.hand, seat, state.hand[seat] + got),
                                 stock=_set(state.stock, seat, state.stock[seat] - got),
                                 cubes_gained=state.cubes_gained + got, pending=state.pending[1:])
            elif self.skill_targets(state, step):
                return _replace(state, phase=Phase.SKILL)
            else:
                state = _replace(state, pending=state.pending[1:], notes=(*state.notes, f"({effect.effect}: no target)"))
        return self._end_turn(state, log)

    def _end_turn(self, state: State, log: list[Event] | None) -> State:
        seat = state.seat
        got = min(self.replenish, state.stock[seat])
        hand = _set(state.hand, seat, state.hand[seat] + got)
        stock = _set(state.stock, seat, state.stock[seat] - got)
        available = state.available
        if self.return_each_turn:
            available = tuple(sorted((*available, state.crew)))
        if log is not None:
            ids, circle = self.planet_ids, state.circle
            log.append(Event(EventKind.DECISION, state.round, state.turn, seat, {
                "crew": self.crews[state.crew].id,
                "crew_time": self.crews[state.crew].time,
                "first_pick": state.turn_in_round == 0,
                "skill": "; ".join(state.notes[1:-1]) if len(state.notes) > 2 else "",
                "placed": " ".join(ids[circle[p]] for p in state.placed),
                "cubes_placed": len(state.placed),
                "vp_gained": state.vp_gained,
                "cubes_gained": state.cubes_gained,
                "hand": hand[seat],
                "stock": stock[seat],
            }))
        state = _replace(state, hand=hand, stock=stock, available=available, crew=-1, pending=(),
                         turn=state.turn + 1, turn_in_round=state.turn_in_round + 1, phase=Phase.CREW)
        if state.turn_in_round < state.n:
            return state
        return self._end_round(state, log)

    def _end_round(self, state: State, log: list[Event] | None) -> State:
        over = self.game_ends(state)
        if log is not None:
            totals = self.score(state).totals
            for seat in range(state.n):
                log.append(Event(EventKind.ROUND_END, state.round, state.turn - 1, seat,
                                 {"score": float(totals[seat]), "hand": state.hand[seat], "stock": state.stock[seat]}))
            if over:
                self._log_planets(state, log)
        if over:
            return _replace(state, phase=Phase.OVER, turn=state.turn - 1)
        return _replace(state, round=state.round + 1, start=(state.start + 1) % state.n, turn_in_round=0,
                        available=tuple(range(len(self.crews))) if not self.return_each_turn else state.available)

    def game_ends(self, state: State) -> bool:
        """Whether an end trigger fires at the end of the current round."""
        if state.round >= self.variant.max_rounds:
            return True
        for trig in self.variant.end:
            if isinstance(trig, sc.StockEmpty) and any(s == 0 for s in state.stock):
                return True
            if isinstance(trig, sc.PlanetsFull) and sum(
                    self.is_full(state, p) for p in range(len(state.board))) >= trig.count:
                return True
            if isinstance(trig, sc.RoundCap) and state.round >= trig.rounds:
                return True
            if isinstance(trig, sc.OutOfCubes) and any(
                    h + s == 0 for h, s in zip(state.hand, state.stock, strict=True)):
                return True
        return False

    def _log_planets(self, state: State, log: list[Event]) -> None:
        for pos, owners in enumerate(state.board):
            card = state.circle[pos]
            order = majority_order(owners, self.later_wins)
            k = len(owners)
            log.append(Event("planet_final", state.round, state.turn - 1, order[0] if order else -1, {
                "planet": self.planet_ids[card],
                "slots_filled": k,
                "slots_total": self.capacity[card],
                "majority_vp": self.vp[card][k - 1] if k else None,
            }))

    # --- scoring ------------------------------------------------------------------------------

    def planet_info(self, card: int, owners: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """((seat, VP), ...) and ((seat, cube count), ...) for one planet card and its owners.
        Memoised: search bots score thousands of boards that differ on one or two planets."""
        key = (card, owners)
        info = self._planet_cache.get(key)
        if info is None:
            counts: dict[int, int] = {}
            for seat in owners:
                counts[seat] = counts.get(seat, 0) + 1
            info = (tuple(planet_vp(owners, self.vp[card], self.later_wins).items()), tuple(counts.items()))
            if len(self._planet_cache) >= 200_000:  # bounded: memory stays flat in long runs
                self._planet_cache.clear()
            self._planet_cache[key] = info
        return info

    def color_bonus(self, counts: Sequence[int]) -> int:
        """The color bonus for one seat's cube counts by color."""
        m = max(counts)
        rule = self.variant.scoring.color_bonus
        if m == 0 or rule is sc.ColorBonus.NONE:
            return 0
        if rule is sc.ColorBonus.ONE_MAX_COLOR:
            return m
        return m * counts.count(m)

    def score(self, state: State) -> Score:
        """Planet VP, color bonus and skill VP of every seat, as if the game ended now."""
        n = state.n
        planets = [0] * n
        colors = [[0] * self.n_colors for _ in range(n)]
        planet_color, info = self.planet_color, self.planet_info
        for card, owners in zip(state.circle, state.board, strict=True):
            if not owners:
                continue
            vps, counts = info(card, owners)
            for seat, vp in vps:
                planets[seat] += vp
            color = planet_color[card]
            for seat, k in counts:
                colors[seat][color] += k
        return Score(tuple(planets), tuple(self.color_bonus(c) for c in colors), state.skill_vp)

    def result(self, state: State) -> GameResult:
        score = self.score(state)
        totals = score.totals
        use_hand = self.variant.scoring.final_tiebreak is sc.FinalTiebreak.CUBES_IN_HAND
        keys = [(float(t), float(state.hand[s]) if use_hand else 0.0) for s, t in enumerate(totals)]
        ranks, shares = rank(keys)
        seats = tuple(
            SeatResult(
                seat=s,
                components={"planets": score.planets[s], "color": score.color[s], "skill": score.skill[s]},
                total=totals[s],
                rank=ranks[s],
                win_share=shares[s],
                stats={"cubes_placed": state.cubes_placed[s], "cubes_in_hand": state.hand[s],
                       "cubes_in_stock": state.stock[s]},
            )
            for s in range(state.n)
        )
        return GameResult(seats=seats, rounds=state.round, turns=state.turn)


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1:])




def _make_replace() -> object:
    """Build `_replace(state, **changes)`: a copy with some fields changed, constructing the
    State positionally (several times faster than dataclasses.replace on this hot path)."""
    fields = tuple(State.__dataclass_fields__)
    params = ", ".join(f"{f}=_KEEP" for f in fields)
    args = ", ".join(f"s.{f} if {f} is _KEEP else {f}" for f in fields)
    namespace: dict[str, object] = {"State": State, "_KEEP": object()}
    exec(f"def _replace(s, *, {params}):\n    return State({args})", namespace)  # noqa: S102
    return namespace["_replace"]


_replace = _make_replace()
