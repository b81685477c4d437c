"""New Frontiers rules for one variant (pure): the Rules protocol (set-up, legal actions, apply,
result) and the questions the decisions, bots and transcripts ask (costs, settling, gains).

Where each rule of RULINGS.md lives:
- the tile set a variant declares: schema.py (validated), tiles.py (as tables); the state of a
  game, its moves and pending tasks: state.py
- set-up (home worlds, start gold and compensation, stocks, the goal deck): `initial_state`
- a round: selecting an action, its bonus and the tasks it queues for every player, selector
  first: actions.py; what each decision does (develop, explore picks and the discard over the
  world limit, settle, windfall, trade and consume, goals, storage mats), one handler per
  kind: decisions.py; the legal moves of each kind of decision, and the other forms a consume
  or keep move may be written in: moves.py; why a move is not legal: why.py
- costs, settling, the world limit, gains from the stocks: `develop_cost`, `settle_need`,
  `settle_on`, `take_over_limit`, `gain_chips` (below); powers folded into a Profile: powers.py,
  one Profile per tiles held: profiles.py
- the round end (the Produce pile) and the end triggers: rounds.py (the colonist-stock trigger
  fires when Settle is selected: actions.py)
- the score and the tie-break: scoring.py, `result`
- the goals option's hidden goals (a seat's view, a state sampled from it): hidden.py
- what only bots' look-ahead asks (`preview`, `mover_after`, ...): lookahead.py; the greedy
  bot's position value (`evaluate`): evaluation.py

The game is driven by a queue of pending tasks (state.todo). Selecting an action pays its bonus
and queues what every player then does, selector first and then the others in turn-order-track
order. Bookkeeping tasks run by themselves (`_run`); a decision whose only legal move would be
`pass` is skipped (nobody is asked to decline when there is nothing to do). `apply` copies the
state first and never changes its input. Chance: explore draws (`rng.sample` of the bag), the
home worlds dealt and the goal deck's shuffle; nothing else.

The methods that live in those modules are bound into the class as they are (`preview =
lookahead.preview`), not wrapped: a bot calls them thousands of times a game, and a wrapper
would add a call to each.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from playtest.core.events import Event
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.newfrontiers import hidden, lookahead, moves, profiles, scoring, why
from playtest.games.newfrontiers.decisions import HANDLERS
from playtest.games.newfrontiers.moves import LISTERS, MoveTables
from playtest.games.newfrontiers.powers import Profile
from playtest.games.newfrontiers.rounds import next_selection
from playtest.games.newfrontiers.schema import NewFrontiersVariant
from playtest.games.newfrontiers.state import (
    CONSUME,
    CONSUME_START,
    DECISIONS,
    NEXT,
    RETURN_DRAW,
    SELECT,
    TASKS,
    Move,
    Player,
    State,
    Task,
)
from playtest.games.newfrontiers.tiles import Tiles, build_tiles

ACTIONS = ("retreat", "develop", "explore", "settle", "produce", "trade", "envoy")
GOALS_ACTIONS = ("goals", "develop", "explore", "settle", "produce", "trade", "envoy")


class NewFrontiersRules:
    """The rules of one validated variant. Holds only what the variant determines (and pure
    memos of it), so one rules object may serve any number of games and bots at once."""

    game: ClassVar[str] = "newfrontiers"

    def __init__(self, variant: NewFrontiersVariant) -> None:
        self.variant = variant
        self.r = variant.rules
        self.tiles: Tiles = build_tiles(variant)
        self.goals_on = variant.goals.enabled
        self.actions = GOALS_ACTIONS if self.goals_on else ACTIONS
        self.hidden_for_everyone = variant.goals.hidden_score == "everyone"
        self._profiles: dict[tuple[tuple[int, ...], tuple[int, ...]], Profile] = {}
        """(worlds, devs) → their Profile (profiles.py)."""
        self.move_tables = MoveTables(self.tiles, self.actions)
        """The variant's moves, built once (moves.py)."""
        self.storage_goals = {i: str(g.storage.action) for i, g in enumerate(self.tiles.goals)
                              if g.storage is not None and self.goals_on}
        """Goal → the action whose carrying out lets its holder store on its mat."""

    # --- the Rules protocol -----------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
        """Set-up: a home world per seat (dealt at random, or the i-th to seat i), start gold plus
        the compensation of the seat's track position, the stocks, the goal deck shuffled."""
        if n_players not in self.player_counts():
            raise ValueError(f"{n_players} players not supported (supported: {self.player_counts()})")
        t, r = self.tiles, self.r
        homes = list(range(t.n_home))
        homes = rng.sample(homes, n_players) if r.setup.home_worlds == "dealt" else homes[:n_players]
        track = tuple(range(n_players))
        comp = r.setup.compensation.get(n_players, [0] * n_players)
        stock = r.stocks.colonists_per_player * n_players + r.stocks.colonists_extra
        players = []
        for seat in range(n_players):
            pos = track.index(seat)
            p = Player(gold=r.setup.gold + comp[pos], colonists=r.setup.extra_colonists,
                       worlds=(homes[seat],), placed=1, compensation=comp[pos])
            p.prof = self._profile((homes[seat],), ())
            if t.worlds[homes[seat]].kind == "windfall":
                p.goods = (homes[seat],)
            if r.stocks.home_from_stock:
                stock -= 1 + r.setup.extra_colonists
            players.append(p)
        goal_deck: tuple[int, ...] = ()
        if self.goals_on:
            deck = list(range(len(t.goals)))
            rng.shuffle(deck)
            goal_deck = tuple(deck)
        s = State(n=n_players, track=track, players=tuple(players),
                  bag=tuple(range(t.n_home, len(t.worlds))),
                  devs_left=tuple(d.copies for d in t.devs),
                  chips=r.stocks.chips_per_player * n_players, colonist_stock=stock,
                  goal_deck=goal_deck, todo=(Task(SELECT, 0),))
        s.legal = tuple(self._moves(s, s.todo[0]))
        return s

    def current_seat(self, state: State) -> int:
        return state.todo[0].seat if state.todo else 0

    def is_terminal(self, state: State) -> bool:
        return state.over

    def legal_actions(self, state: State) -> Sequence[Move]:
        return state.legal

    view = hidden.view
    """`view(state, seat)`: the goals option's face-down goals hidden (hidden.py)."""

    def format_action(self, state: State, action: Move) -> str:
        return str(action)

    def result(self, state: State) -> GameResult:
        parts = scoring.score_parts(self.tiles, state, self.hidden_for_everyone)
        totals = [sum(p.values()) for p in parts]
        keys = [(float(totals[i]), float(scoring.tie_break(state.players[i]))) for i in range(state.n)]
        ranks, shares = rank(keys)
        seats = []
        for i in range(state.n):
            seats.append(SeatResult(i, {k: float(v) for k, v in parts[i].items()}, float(totals[i]), ranks[i],
                                    shares[i], self._stats(state, i)))
        return GameResult(tuple(seats), state.round, state.turn)

    def _stats(self, state: State, seat: int) -> dict[str, float]:
        p, t = state.players[seat], self.tiles
        return {"worlds": len(p.worlds), "developments": len(p.devs), "gold": p.gold, "goods": len(p.goods),
                "military": p.prof.military, "colonists": p.colonists, "compensation": p.compensation,
                "pile_gold": p.pile_gold, "start_gold": self.r.setup.gold + p.compensation, "start_position": seat,
                "home_world": next(w for w in p.worlds if w < t.n_home),  # its place in home_worlds
                "production_worlds": sum(1 for w in p.worlds if t.worlds[w].kind == "production")}

    # --- apply: a decision, then the task queue up to the next one ---------------------------------

    def apply(self, state: State, action: Move, *, rng: random.Random, log: list[Event] | None = None) -> State:
        return self.apply_legal(state, self._checked(state, action), rng=rng, log=log)

    def _checked(self, state: State, action: Move) -> Move:
        """`action` as the legal list has it; IllegalActionError with the reason if it is not legal."""
        if state.over or type(action) is not Move or action not in state.legal:  # why_illegal, inlined
            listed = self.canonical(state, action)  # `consume w10 with h1` written for a listed form
            if listed is action or listed not in state.legal:
                raise IllegalActionError(self.why_illegal(state, action) or "not legal", action=str(action))
            # Goals returned in an order that comes to a listed move's game (one later draw takes
            # them) go under the deck as written: that draw's "order drawn", which a plain `keep`
            # there returns the others in, is the one the transcript or the person wrote (h226).
            return action if action.verb == "keep" else listed
        return action

    def apply_noting_skips(self, state: State, action: Move, *, rng: random.Random,
                           log: list[Event] | None = None) -> tuple[State, tuple[why.Skip, ...]]:
        """`apply`, and the decisions right after the move that were not asked because their only
        choice was pass (`_run`), in order, each with its seat and why: a transcript may write
        those passes, and the replay and `play` say who was skipped."""
        s = self._moved(state, self._checked(state, action), rng, log)
        skipped: list[why.Skip] = []
        self._run(s, rng, log, skipped)
        return s, tuple(skipped)

    def apply_legal(self, state: State, action: Move, *, rng: random.Random,
                    log: list[Event] | None = None) -> State:
        """`apply` for a move just taken from `legal_actions(state)` (the runner has checked it,
        the greedy bot takes its moves from that list): the same new state, without checking the
        move a second time."""
        s = self._moved(state, action, rng, log)
        self._run(s, rng, log)
        return s

    def _moved(self, state: State, action: Move, rng: random.Random, log: list[Event] | None) -> State:
        """A copy of `state` with `action` carried out (the decision's own handler only)."""
        s = state.copy()
        task = s.todo[0]
        s.todo = s.todo[1:]
        s.turn += 1
        HANDLERS[task.kind](self, s, task, action, rng, log)
        return s

    def _run(self, s: State, rng: random.Random, log: list[Event] | None, skipped: list[why.Skip] | None = None) -> None:
        """Carry out bookkeeping tasks and skip empty decisions until a real decision (or the end);
        each decision skipped, with why, goes into `skipped` when given (apply_noting_skips)."""
        s.legal = ()
        while s.todo and not s.over:
            task = s.todo[0]
            if task.kind in DECISIONS:
                legal = LISTERS[task.kind](self, s, task)
                if legal:
                    s.legal = tuple(legal)
                    return
                if skipped is not None:
                    skipped.append(why.Skip(task.seat, task.kind, why.why_no_choice(self, s, task)))
                s.todo = s.todo[1:]  # nothing to choose (only `pass`): not asked
                continue
            s.todo = s.todo[1:]
            if task.kind == NEXT:
                next_selection(self, s, rng, log)
            elif task.kind == RETURN_DRAW:
                s.bag = tuple(sorted(s.bag + s.draw))
                s.draw = ()
            elif task.kind == CONSUME_START:
                p = s.players[task.seat]
                if skipped is not None and not p.prof.consume:  # no consume to skip: said all the same
                    skipped.append(why.Skip(task.seat, CONSUME, why.why_no_consume(self, s, task.seat), decision=False))
                s.todo = tuple(TASKS[CONSUME, task.seat, j, c.goods] for j, c in enumerate(p.prof.consume)) + s.todo
            else:  # pragma: no cover
                raise AssertionError(task.kind)

    # --- what a decision costs and gains (asked by decisions.py, moves.py, lookahead.py, play.py) ---

    def develop_discounts(self, state: State, seat: int) -> tuple[int, int]:
        """(the Develop bonus, the seat's develop-discount powers): what `seat` pays less for a
        development now. The bonus is the last selector's (the one who selected Develop)."""
        bonus = self.r.bonuses.develop_discount if state.selectors and state.selectors[-1] == seat else 0
        return bonus, state.players[seat].prof.discount.get("develop", 0)

    def develop_cost(self, state: State, seat: int, dev: int) -> int:
        return max(0, self.tiles.devs[dev].cost - sum(self.develop_discounts(state, seat)))

    def settle_powers(self, state: State, task: Task) -> Profile:
        """The powers the settling player had when this settle action began (worlds settled
        during the action do not count yet)."""
        p = state.players[task.seat]
        return self._profile(p.worlds[:task.b], p.devs)

    def settle_need(self, powers: Profile, world: int) -> tuple[str, int]:
        """(method, amount) to settle `world` with `powers` (see `settle_powers`): ('military',
        strength needed) or ('gold', gold to pay)."""
        w = self.tiles.worlds[world]
        if w.kind == "military":
            return "military", w.cost
        return "gold", max(0, w.cost - powers.discount.get("settle", 0))

    def order(self, s: State, selector: int) -> list[int]:
        """Who carries out an action: the selector, then the others in track order (from the
        top of the track, or from the selector round: `rules.action_order`)."""
        if self.r.action_order == "from_selector":
            i = s.track.index(selector)
            return [*s.track[i:], *s.track[:i]]
        return [selector] + [x for x in s.track if x != selector]

    def settle_on(self, s: State | None, p: Player, frozen: Profile, w: int) -> int:
        """Player `p` (a copy being changed) settles unsettled world `w` with the powers
        `frozen` (`settle_powers`): pays, places colonists, gains the settle rewards from the
        stocks of `s` (None: the player's side only, for `mover_after`). Returns the gold the
        settle rewards paid (the settle event's `gold`)."""
        tile = self.tiles.worlds[w]
        method, need = self.settle_need(frozen, w)
        if method == "gold":
            p.gold -= need
        p.colonists -= tile.colonists
        p.placed += tile.colonists
        p.unsettled = tuple(x for x in p.unsettled if x != w)
        p.worlds = (*p.worlds, w)
        if tile.kind == "windfall":
            p.goods = (*p.goods, w)
        rewarded = 0
        for reward in frozen.settle_rewards:
            if reward.world_kind is None or str(reward.world_kind) == tile.kind:
                rewarded += reward.gold
                self.gain_colonists(s, p, reward.colonists)
                self.gain_chips(s, p, reward.vp)
        p.gold += rewarded
        self.refresh(p)
        return rewarded

    @staticmethod
    def worlds_held(p: Player) -> int:
        """The worlds `p` holds besides the home world, settled and unsettled: what the world
        limit counts."""
        return len(p.worlds) - 1 + len(p.unsettled)

    def take_over_limit(self, p: Player) -> bool:
        """Whether one more world taken from the explore draw puts `p` over the world limit, so
        that `p` must then discard one (the home world does not count)."""
        return self.worlds_held(p) + 1 > self.r.explore.world_limit

    def gain_chips(self, s: State | None, p: Player, k: int) -> None:
        """`p` gains k VP chips from the stock (`s`; None: only the player's side, for a bot's
        valuation of the player alone)."""
        p.chips += k
        if s is not None:
            s.chips -= k  # the stock may go below zero: stocks never limit gains

    def gain_colonists(self, s: State | None, p: Player, k: int) -> None:
        """`p` gains k colonists from the stock (`s`; None: only the player's side)."""
        p.colonists += k
        if s is not None:
            s.colonist_stock -= k

    refresh = profiles.refresh
    """`refresh(p)`: `p` (a copy being changed) takes the Profile of the tiles it now holds."""
    _profile = profiles.profile
    _build_profile = profiles.build_profile

    # --- moves, and why one is not legal (moves.py, why.py) ----------------------------------------

    _moves = moves.legal_moves
    """`_moves(state, task)`: the legal moves of a decision task ([] when only pass would be);
    the rules keep the head task's in `State.legal`."""
    canonical = moves.canonical
    returned_goals = moves.returned_goals
    consume_sources = moves.consume_sources
    consume_power = moves.consume_power
    pending_consumes = staticmethod(moves.pending_consumes)
    why_illegal = why.why_illegal
    why_not_asked = why.why_not_asked
    why_passed_over = why.why_passed_over
    why_skipped = why.why_skipped

    # --- for the bots: hidden goals re-drawn, look-ahead, evaluation (hidden.py, lookahead.py) ------

    sample_state = hidden.sample_state
    preview = lookahead.preview
    complete = lookahead.complete
    mover_after = lookahead.mover_after
    may_end_after = lookahead.may_end_after
    decision_follows = lookahead.decision_follows
    may_decide_next = lookahead.may_decide_next
    mover_may_decide_after = lookahead.mover_may_decide_after

    def evaluate(self, state: State) -> list[float]:
        """Per-seat win-share estimate in [0, 1]: a softmax of the greedy bot's position value."""
        from playtest.games.newfrontiers.evaluation import win_shares

        return win_shares(self, state)
