"""New Frontiers rules (pure): set-up, action selection, the seven actions, round end, the end.

The game is driven by a queue of pending tasks (state.todo). Selecting an action pays its bonus
and queues what every player then does, selector first and then the others in turn-order-track
order. Bookkeeping tasks run by themselves; a decision whose only legal move would be `pass`
is skipped (nobody is asked to decline when there is nothing to do). `apply` copies the state
first and never changes its input. Chance: explore draws (`rng.sample` of the bag), the home
worlds dealt and the goal deck's shuffle; nothing else.

What each decision does to the state is in decisions.py (one handler per kind of decision), its
legal moves in moves.py (one lister per kind), why a move is not legal in why.py; the selection
of an action in actions.py, the powers in powers.py, the end scoring in scoring.py, the round
end and the end triggers in rounds.py, a player's Profile from their tiles in profiles.py. This
module runs the task queue.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from playtest.core.events import Event
from playtest.core.results import GameResult, SeatResult, rank
from playtest.errors import IllegalActionError
from playtest.games.newfrontiers import moves, profiles, scoring, why
from playtest.games.newfrontiers.decisions import HANDLERS, QUEUE_NOTHING
from playtest.games.newfrontiers.moves import LISTERS, MoveTables, windfall_targets
from playtest.games.newfrontiers.powers import Profile
from playtest.games.newfrontiers.rounds import next_selection
from playtest.games.newfrontiers.schema import NewFrontiersVariant
from playtest.games.newfrontiers.state import (
    COLONISTS,
    CONSUME,
    CONSUME_START,
    DECISIONS,
    DEVELOP,
    EXPLORE,
    GOAL,
    NEXT,
    RETURN_DRAW,
    SELECT,
    SETTLE,
    TASKS,
    TRADE,
    WINDFALL,
    Move,
    Player,
    State,
    Task,
    View,
    make_view,
)
from playtest.games.newfrontiers.tiles import Tiles, build_tiles

ACTIONS = ("retreat", "develop", "explore", "settle", "produce", "trade", "envoy")
GOALS_ACTIONS = ("goals", "develop", "explore", "settle", "produce", "trade", "envoy")


class NewFrontiersRules:
    """The rules of one validated variant."""

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

    # --- protocol -------------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        return self.variant.player_counts()

    def initial_state(self, n_players: int, *, rng: random.Random) -> State:
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

    def view(self, state: State, seat: int) -> View:
        if not self.goals_on:  # nothing hidden: the (never changed) state itself
            return make_view((seat, state))
        s = state.copy()
        s.players = tuple(p if i == seat else _hide_goals(p) for i, p in enumerate(s.players))
        s.goal_deck = tuple(sorted(s.goal_deck))
        if not (state.todo and state.todo[0].kind == GOAL and state.todo[0].seat == seat):
            s.goal_offer = ()
        return make_view((seat, s))

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
                "pile_gold": p.pile_gold, "start_position": seat,
                "production_worlds": sum(1 for w in p.worlds if t.worlds[w].kind == "production")}

    # --- search support ---------------------------------------------------------------------------

    def sample_state(self, view: View, *, rng: random.Random) -> State:
        """A full state consistent with `view`: other players' face-down goals and the goal deck's
        order re-drawn from the goals the seat cannot see; the view's own state when nothing is
        hidden (states are never changed once made)."""
        if not self.goals_on:
            return view.state
        s = view.state.copy()
        seen: set[int] = set(s.goal_offer)
        for p in s.players:
            seen.update(g for g in p.goals_down if g >= 0)
            seen.update(p.goals_up)
        unknown = [g for g in range(len(self.tiles.goals)) if g not in seen]
        rng.shuffle(unknown)
        for i, p in enumerate(s.players):
            if any(g < 0 for g in p.goals_down):
                s.mut(i).goals_down = tuple(unknown.pop() if g < 0 else g for g in p.goals_down)
        s.goal_deck = tuple(unknown[:len(s.goal_deck)])
        return s

    def evaluate(self, state: State) -> list[float]:
        """Per-seat win-share estimate in [0, 1]: a softmax of the greedy bot's position value."""
        from playtest.games.newfrontiers.evaluation import win_shares

        return win_shares(self, state)

    # --- moves ------------------------------------------------------------------------------------

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

    # --- apply ------------------------------------------------------------------------------------

    def apply(self, state: State, action: Move, *, rng: random.Random, log: list[Event] | None = None) -> State:
        return self.apply_legal(state, self._checked(state, action), rng=rng, log=log)

    def _checked(self, state: State, action: Move) -> Move:
        """`action` as the legal list has it; IllegalActionError with the reason if it is not legal."""
        if state.over or type(action) is not Move or action not in state.legal:  # why_illegal, inlined
            listed = self.canonical(state, action)  # `consume w10 with h1` written for a listed form
            if listed is action or listed not in state.legal:
                raise IllegalActionError(self.why_illegal(state, action) or "not legal", action=str(action))
            return listed
        return action

    def apply_noting_skips(self, state: State, action: Move, *, rng: random.Random,
                           log: list[Event] | None = None) -> tuple[State, tuple[int, ...]]:
        """`apply`, and the seats whose decisions right after the move were not asked because
        their only choice was pass (`_run`), in order: a transcript may write those passes."""
        s = self._moved(state, self._checked(state, action), rng, log)
        skipped: list[int] = []
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

    def preview(self, state: State, action: Move, *, rng: random.Random) -> State:
        """The state after a legal `action` as far as valuing the move needs: its players and
        `over` are those of `apply_legal`, but the steps up to the next decision are left undone
        while the round cannot end in them (some player has still to select an action). Those
        steps never change a player, and the game ends only when a round ends. Not a state to
        play on (its next decision may be one nobody is asked; its legal list is empty): for a
        bot that values a move and drops the state. 2026-12-02: the greedy bot valuing its
        look-ahead on previews instead of `apply_legal` states: 195.2 -> 179.6 M instructions a
        game (x1.09)."""
        s = self._moved(state, action, rng, None)
        if len(s.selectors) < s.n:
            s.legal = ()
        else:  # this round's last action: it may end the game
            self._run(s, rng, None)
        return s

    def mover_after(self, state: State, action: Move) -> Player | None:
        """The deciding player as `preview(state, action)` and `apply_legal` leave them, for a
        legal move that changes no other player and cannot end the game: taking a world from
        the explore draw, discarding an unsettled world, settling, developing, trading a good,
        taking colonists, passing (the player itself: unchanged); None for every other move, and for
        a move of a round's last action that no decision certainly follows (`decision_follows`;
        value those on `preview`). Lets a bot value such a move without copying the state.
        2026-12-02, the greedy bot's takes, discards and passes: greedy 135.1 -> 126.4 M
        instructions a game (x1.069, game 0); with developments, trades and colonists: -> 123.6
        (x1.022); with settles, and every kind of move in a round's last action when a decision
        certainly follows: 116.1 -> 114.7 (x1.012, 3 games)."""
        verb = action.verb
        if self.may_end_after(state, action):
            return None
        if verb == "pass":
            return state.players[state.todo[0].seat]
        if verb == "take":
            p = state.players[state.todo[0].seat].copy()
            p.unsettled = (*p.unsettled, self.tiles.world_index[action.arg])  # as `_explore`
            return p
        if verb == "discard":
            p = state.players[state.todo[0].seat].copy()
            w = self.tiles.world_index[action.arg]
            p.unsettled = tuple(x for x in p.unsettled if x != w)  # as `_discard`
            return p
        if verb == "develop":
            seat = state.todo[0].seat
            d = self.tiles.dev_index[action.arg]
            p = state.players[seat].copy()
            p.gold -= self.develop_cost(state, seat, d)  # as `_develop`
            p.devs = (*p.devs, d)
            self.refresh(p)
            return p
        if verb == "trade":
            t = self.tiles
            p = state.players[state.todo[0].seat].copy()
            w = t.world_index[action.arg]
            p.goods = tuple(x for x in p.goods if x != w)  # as `_trade`
            p.gold += t.prices[t.worlds[w].color]
            return p
        if verb == "settle":
            task = state.todo[0]
            p = state.players[task.seat].copy()
            self.settle_on(None, p, self.settle_powers(state, task), self.tiles.world_index[action.arg])  # as `_settle`
            return p
        if action == COLONISTS:
            p = state.players[state.todo[0].seat].copy()
            p.colonists += self.r.settle.colonists  # as `_settle` (`gain_colonists`)
            return p
        return None

    def may_end_after(self, state: State, action: Move) -> bool:
        """Whether the game may end before the next decision after the legal `action`: the
        round's last selection (its action may ask no one), or a move in the round's last action
        unless a decision certainly follows (`decision_follows`)."""
        if action.verb == "select":
            return len(state.selectors) + 1 >= state.n
        return len(state.selectors) >= state.n and not self.decision_follows(state, action)

    def decision_follows(self, state: State, action: Move) -> bool:
        """Whether some decision is certainly asked after the legal `action` before the current
        action ends (so the round cannot end, nor the game, in between): the taker's discard, or
        a later task of the action whose moves `action` cannot take away: another player's
        first settle (colonists are always a choice), trade (they hold goods), windfall (they
        have a world to fill) or development (two or more within their means, as the mover may
        take the last copy of one), or an explore pick while the draw keeps a world. False when
        none is certain (the move may still be followed by a decision). (For takes alone:
        2026-12-02, greedy 116.8 -> 113.2 M instructions a game, x1.032, game 0; every move:
        see `mover_after`.)"""
        seat = state.todo[0].seat
        verb = action.verb
        if verb == "take" and self.take_over_limit(state.players[seat]):  # its discard follows
            return True
        for task in state.todo[1:]:
            kind = task.kind
            if kind == NEXT:
                return False
            if kind == EXPLORE:
                if len(state.draw) > (verb == "take"):
                    return True
            elif task.seat != seat:  # (the mover's own later decisions depend on its move)
                other = state.players[task.seat]
                if kind == SETTLE and task.a == 0 or kind == TRADE and other.goods:
                    return True
                if kind == WINDFALL and windfall_targets(self, other, task.a - 1):
                    return True
                if kind == DEVELOP and len(LISTERS[DEVELOP](self, state, task)) - 1 > (verb == "develop"):  # (PASS is one)
                    return True
        return False

    def may_decide_next(self, preview: State, seat: int) -> bool:
        """False when the next decision after the move `preview` previewed (the decision of
        `complete(preview)`) is certainly not `seat`'s: the game is over, another player decides
        first (a first settle, a trade while they hold goods, an explore pick while the draw
        keeps a world) or no task of `seat` is left before the next player selects. True when
        it may be `seat`'s. Lets a bot that looks ahead at its own decisions stop without
        completing the preview. 2026-12-02: greedy 114.7 -> 112.5 M instructions a game (x1.020,
        3 games)."""
        if preview.over:
            return False
        if preview.legal:  # a round's last action: the preview ran to the next decision
            return preview.todo[0].seat == seat
        return self._may_decide(preview, preview.todo, len(preview.draw), seat)

    def mover_may_decide_after(self, state: State, action: Move) -> bool:
        """`may_decide_next(preview(state, action), mover)` for the deciding player, without the
        preview: False when the mover's decision is certainly not the next one asked after the
        legal `action`. True (it may be) for every move of a round's last action and for moves
        whose handlers may queue more of the mover's tasks (settles, consumes, a take over the
        world limit, selections). Lets a bot stop looking ahead at its own decisions without
        building the state after its move. 2026-12-02: greedy 105.0 -> 103.6 M instructions a game
        (x1.014, 10 games; 103.3 -> 101.9 on 3)."""
        verb = action.verb
        if len(state.selectors) >= state.n or verb not in QUEUE_NOTHING:
            return True
        seat = state.todo[0].seat
        draw = len(state.draw)
        if verb == "take":
            if self.take_over_limit(state.players[seat]):  # its discard follows
                return True
            draw -= 1
        return self._may_decide(state, state.todo[1:], draw, seat)

    def _may_decide(self, s: State, todo: tuple[Task, ...], draw: int, seat: int) -> bool:
        """`may_decide_next`'s scan of the tasks left in this action (`s`: its players other than
        `seat`, selectors and player count; `draw`: the worlds left in the explore draw)."""
        for task in todo:
            kind = task.kind
            if kind == NEXT:  # the next selection: `seat`'s only if it has still to select, or in the next round
                return len(s.selectors) >= s.n or seat not in s.selectors
            if task.seat == seat:
                return True
            if kind == SETTLE and task.a == 0 or kind == TRADE and s.players[task.seat].goods:
                return False
            if kind == EXPLORE and draw:
                return False
        return True

    def complete(self, preview: State, *, rng: random.Random) -> State:
        """The state `apply_legal` returns for the move `preview` previewed (`rng` as given to
        `preview`): a copy with the steps the preview left undone carried out, instead of that
        move's handler run a second time. 2026-12-02: for the greedy bot's own steps, greedy
        164.5 -> 161.2 M instructions a game (x1.02)."""
        s = preview.copy()
        if not s.legal and not s.over:  # a finished preview (the round's last action) keeps its legal list
            self._run(s, rng, None)
        return s

    def _moved(self, state: State, action: Move, rng: random.Random, log: list[Event] | None) -> State:
        """A copy of `state` with `action` carried out (the decision's own handler only)."""
        s = state.copy()
        task = s.todo[0]
        s.todo = s.todo[1:]
        s.turn += 1
        HANDLERS[task.kind](self, s, task, action, rng, log)
        return s

    def _run(self, s: State, rng: random.Random, log: list[Event] | None, skipped: list[int] | None = None) -> None:
        """Carry out bookkeeping tasks and skip empty decisions until a real decision (or the end);
        the seat of each decision skipped goes into `skipped` when given (apply_noting_skips)."""
        s.legal = ()
        while s.todo and not s.over:
            task = s.todo[0]
            if task.kind in DECISIONS:
                legal = LISTERS[task.kind](self, s, task)
                if legal:
                    s.legal = tuple(legal)
                    return
                s.todo = s.todo[1:]  # nothing to choose (only `pass`): not asked
                if skipped is not None:
                    skipped.append(task.seat)
                continue
            s.todo = s.todo[1:]
            if task.kind == NEXT:
                next_selection(self, s, rng, log)
            elif task.kind == RETURN_DRAW:
                s.bag = tuple(sorted(s.bag + s.draw))
                s.draw = ()
            elif task.kind == CONSUME_START:
                p = s.players[task.seat]
                s.todo = tuple(TASKS[CONSUME, task.seat, j, c.goods] for j, c in enumerate(p.prof.consume)) + s.todo
            else:  # pragma: no cover
                raise AssertionError(task.kind)

    # --- helpers used by the handlers ---------------------------------------------------------------

    def order(self, s: State, selector: int) -> list[int]:
        """Who carries out an action: the selector, then the others in track order (from the
        top of the track, or from the selector round: `rules.action_order`)."""
        if self.r.action_order == "from_selector":
            i = s.track.index(selector)
            return [*s.track[i:], *s.track[:i]]
        return [selector] + [x for x in s.track if x != selector]

    def settle_on(self, s: State | None, p: Player, frozen: Profile, w: int) -> None:
        """Player `p` (a copy being changed) settles unsettled world `w` with the powers
        `frozen` (`settle_powers`): pays, places colonists, gains the settle rewards from the
        stocks of `s` (None: the player's side only, for `mover_after`)."""
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
        for reward in frozen.settle_rewards:
            if reward.world_kind is None or str(reward.world_kind) == tile.kind:
                p.gold += reward.gold
                self.gain_colonists(s, p, reward.colonists)
                self.gain_chips(s, p, reward.vp)
        self.refresh(p)

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
    why_skipped = why.why_skipped

def _hide_goals(p: Player) -> Player:
    if not p.goals_down:
        return p
    q = p.copy()
    q.goals_down = tuple(-1 for _ in p.goals_down)
    return q
