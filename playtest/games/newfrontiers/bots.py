"""New Frontiers bots: random, greedy (one-step position value), scripted styles over greedy.

Bots get only their seat's View; the greedy bot fills in what it cannot see with
`rules.sample_state` (other players' face-down goals, the goal deck) from its own rng.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from playtest.core.draws import randbelow
from playtest.errors import UsageError
from playtest.games.newfrontiers.evaluation import (
    POWER_WEIGHTS,
    PowerWeights,
    Tables,
    player_value,
    tables,
    value_parts,
    values,
    values_developing,
    values_taking,
)
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.state import Move, Player, State, View
from playtest.games.newfrontiers.styles import Style, bot_names, styles

MAX_OWN_STEPS = 2
"""After a selection, the greedy bot also plays its own next decisions (up to this many, each by
one-step value) before judging, so that selecting an action is valued by what the selector then
does with it (the bonus alone would undervalue every action)."""


class _SeededDraw:
    """The rng the greedy bot passes to `apply`: every move it compares sees the same explore draw
    (the only chance in `apply`), and moves without a draw cost no seeding. One per decision:
    a draw is a function of (seed, bag, k), so it is made once and reused (seeding a generator
    cost more than the rest of an explore selection)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._drawn: dict[tuple[tuple[int, ...], int], list[int]] = {}

    def sample(self, population: Sequence[int], k: int) -> list[int]:
        key = (tuple(population), k)
        if key not in self._drawn:
            self._drawn[key] = random.Random(self.seed).sample(population, k)
        return list(self._drawn[key])


class RandomBot:
    """Uniform over the legal moves."""

    stochastic = True

    def __init__(self) -> None:
        self.name = "random"

    def choose(self, view: View, legal: Sequence[Move], *, rng: random.Random) -> Move:
        return legal[0] if len(legal) == 1 else legal[randbelow(rng, len(legal))]


class GreedyBot:
    """Chooses the move after which its position value minus the best opponent's is largest
    (evaluation.py documents the value); a selection is judged after the bot's own directly
    following decisions. Ties go to the first such move in legal order. A style adds biases
    (styles.yaml). Stochastic only in what it samples: hidden goals and the explore draw it
    imagines."""

    stochastic = True

    def __init__(self, rules: NewFrontiersRules, style: Style | None = None, name: str = "greedy",
                 weights: PowerWeights = POWER_WEIGHTS) -> None:
        """`weights`: the value of powers that pay on later actions (evaluation.py); a bot with
        weights of its own (a head-to-head against other weights) keeps its own Tables."""
        self.rules = rules
        self.style = style
        self.name = name
        self._tables = tables(rules) if weights == POWER_WEIGHTS else Tables(rules, weights)
        self._per_player = not rules.goals_on
        self._asked: tuple[State | None, int, Sequence[Move], int, Move] | None = None
        """The last decision's imagined position, seat, legal moves, draw seed and choice, kept for
        `explain` (references only; the position None for an only move)."""
        self._plan: list[tuple[State, Move]] = []
        """The own decisions that followed the selection last chosen, in the position the bot
        imagined, with the move it judged best there: when the game reaches that very position
        (no chance in between, or the same draw), the bot's choice is the one already made."""

    def _values(self, state: State, parent: State | None = None, parent_values: list[float] | None = None
                ) -> list[float]:
        """Position values. Without goals a player's value depends on that player alone, and a
        move copies only the players it changes (copy-on-write): for a state made by one move
        from `parent` (valued `parent_values`), only the players that are new objects are valued.
        2026-12-02: in place of a per-decision memo keyed by id(player), greedy 179.6 -> 176.4 M
        instructions a game (x1.02)."""
        rules, tb = self.rules, self._tables
        if state.over or not self._per_player:
            return values(rules, state, tb)
        if parent is None or parent_values is None or parent.n != state.n:
            return [player_value(rules, p, tb) for p in state.players]
        players, before = state.players, parent.players
        if players is before:
            return parent_values
        v = list(parent_values)
        for i, p in enumerate(players):
            if p is not before[i]:
                v[i] = player_value(rules, p, tb)
        return v

    def _score(self, state: State, v: list[float], seat: int) -> float:
        """`seat`'s value (with the style's biases) minus the best opponent's; `v`: `_values(state)`."""
        mine = v[seat]
        if self.style is not None:
            mine += self._bias(state.players[seat])
        others = v[:seat] + v[seat + 1:]
        return mine - (max(others) if others else 0.0)

    def _bias(self, p: Player) -> float:
        """The style's bias for holding what `p` holds."""
        st, t = self.style, self.rules.tiles
        assert st is not None
        return (st.military * p.prof.military + st.developments * len(p.devs) + st.goods * len(p.goods)
                + st.chips * p.chips
                + st.military_worlds * sum(1 for w in p.worlds if t.worlds[w].kind == "military"))

    def _one_step(self, state: State, v: list[float], seat: int, legal: Sequence[Move],
                  draw: _SeededDraw, state_needed: bool = True) -> tuple[Move, State | None, list[float]]:
        """The move with the best one-step value from `state` (valued `v`), its `preview` (valued
        as the state after it) and the preview's values.

        A move that changes only the seat's own player (`State.own`: the players a state copied)
        is scored from that player's value and the best opponent's value before the move, the
        numbers `_values` and `_score` would give, without building the values list (built for
        the best move only); when `rules.mover_after` gives that player, without a preview either
        (the best move's preview is built if `state_needed`; else None is returned for it); an
        explore draw's takes and the developments within means, without that player either
        (`values_taking`, `values_developing`). 2026-12-02: greedy 166.5 -> 154.6 M instructions
        a game (x1.077, game 0)."""
        rules, tb, style = self.rules, self._tables, self.style
        fast = self._per_player  # values are per player: unchanged players keep theirs
        others = v[:seat] + v[seat + 1:]
        rival = max(others) if others else 0.0
        bit = 1 << seat
        best_score, best, best_mine = -1e18, legal[0], 0.0
        best_values: list[float] | None = v  # None: built from best_mine after the loop
        best_state: State | None = state
        me = state.players[seat]
        known: dict[Move, float] = {}  # moves valued together
        verb = legal[0].verb
        # (asked of the rules rather than of `mover_after`, which builds the player: 2026-12-02, greedy
        # 102.5 -> 101.4 M instructions a game, x1.011, 10 games; 101.2 -> 99.9 on 3)
        if fast and style is None and verb in ("take", "develop") and not rules.may_end_after(state, legal[0]):
            if verb == "take":  # an explore draw's takes change only the unsettled worlds
                # (2026-12-02: greedy 123.6 -> 116.8 M instructions a game, x1.058, game 0)
                index = rules.tiles.world_index
                takes = [m for m in legal if m.verb == "take"]
                known = dict(zip(takes, values_taking(rules, me, [index[m.arg] for m in takes], tb), strict=True))
            elif not me.prof.end_bonuses:  # developments without end bonuses change gold and Profile sums
                # (2026-12-02: greedy 108.4 -> 105.1 M instructions a game, x1.032, 3 games)
                dev_index = rules.tiles.dev_index
                devs = [m for m in legal if m.verb == "develop" and tb.developing[dev_index[m.arg]] is not None]
                ds = [dev_index[m.arg] for m in devs]
                costs = [rules.develop_cost(state, seat, d) for d in ds]
                known = dict(zip(devs, values_developing(me, ds, costs, tb), strict=True))
        kept: set[str] = set()
        for move in legal:
            if move.verb == "keep":
                # A goal is valued once, not once per order of the goals returned: the order only
                # sets the deck's bottom, which no value reads, and of equal scores the first move
                # is kept (strict >). When every order was listed (k! moves for k goals drawn, until
                # d327a008), goals_draw 8 (40,320 orders) took 44.9 s for one 5-player greedy game,
                # then 2.9 s with the same rows (2026-12-06, /usr/bin/time, one run each; goals_draw
                # 3 and 5: identical games and events too).
                goal = move.arg.partition(" return ")[0]
                if goal in kept:
                    continue
                kept.add(goal)
            if fast:
                mine = known.get(move)
                if mine is not None:
                    score = mine - rival
                    if score > best_score:
                        best_score, best, best_state, best_values, best_mine = score, move, None, None, mine
                    continue
                p = rules.mover_after(state, move)
                if p is not None:  # no preview needed: built for the best move only, if needed
                    # (2026-12-02: greedy 135.1 -> 123.6 M instructions a game, x1.093, game 0)
                    mine = v[seat] if p is me else player_value(rules, p, tb)
                    score = (mine if style is None else mine + self._bias(p)) - rival
                    if score > best_score:
                        best_score, best, best_state, best_values, best_mine = score, move, None, None, mine
                    continue
            nxt = rules.preview(state, move, rng=draw)  # type: ignore[arg-type]
            if fast and not nxt.over and (nxt.own == bit or nxt.own == 0):
                mine = player_value(rules, nxt.players[seat], tb) if nxt.own else v[seat]
                nv = None
                score = (mine if style is None else mine + self._bias(nxt.players[seat])) - rival
            else:
                nv, mine = self._values(nxt, state, v), 0.0
                score = self._score(nxt, nv, seat)
            if score > best_score:
                best_score, best, best_state, best_values, best_mine = score, move, nxt, nv, mine
        if best_values is None:
            best_values = list(v)
            best_values[seat] = best_mine
        if best_state is None and state_needed:
            best_state = rules.preview(state, best, rng=draw)  # type: ignore[arg-type]
        return best, best_state, best_values

    def _best(self, state: State, seat: int, legal: Sequence[Move], draw: _SeededDraw) -> Move:
        """Moves are valued on `rules.preview` (the same players and end as `apply_legal`, without
        listing the decision after them); a selection is applied in full, as are the bot's own
        steps after it that another step follows."""
        tb = self._tables
        v0 = self._values(state, *tb.last_position)
        if self._per_player:  # with hidden goals nothing is reused: keep no seat's sampled state where all bots read
            tb.last_position = (state, v0)
        if legal[0].verb != "select":  # a decision lists moves of its own kind only: no look-ahead
            self._plan = []
            return self._one_step(state, v0, seat, legal, draw, state_needed=False)[0]
        best_score, best, best_plan = -1e18, legal[0], []
        for move in legal:  # value the selection by what the selector then does with it
            score, plan, _ = self._judge_selection(state, seat, move, v0, draw)
            if score > best_score:
                best_score, best, best_plan = score, move, plan
        self._plan = best_plan
        return best

    def _judge_selection(self, state: State, seat: int, move: Move, v0: list[float], draw: _SeededDraw
                         ) -> tuple[float, list[tuple[State, Move]], list[Move]]:
        """A selection's score, judged after the bot's own directly following decisions (up to
        MAX_OWN_STEPS, each by one-step value): (score, the plan of those decisions that were no
        selection, with the positions they were made in, every own decision made in order)."""
        rules = self.rules
        plan, steps = [], []
        nxt = rules.apply_legal(state, move, rng=draw)  # type: ignore[arg-type]
        nv = self._values(nxt, state, v0)
        for i in range(MAX_OWN_STEPS):
            if nxt.over or rules.current_seat(nxt) != seat:
                break
            own = rules.legal_actions(nxt)
            last = i == MAX_OWN_STEPS - 1
            step, seen, nv = self._one_step(nxt, nv, seat, own, draw, state_needed=self.style is not None)
            steps.append(step)
            if own[0].verb != "select":  # a selection is judged with look-ahead: not planned
                plan.append((nxt, step))
            if seen is None:  # valued without a state (and no style's bias reads one): built only
                # if the bot may decide next (2026-12-02: greedy 105.0 -> 103.6 M instructions a game, x1.014, 10 games)
                if last or not rules.mover_may_decide_after(nxt, step):
                    break
                nxt = rules.apply_legal(nxt, step, rng=draw)  # type: ignore[arg-type]
                continue
            # (the full state's players equal the preview's: nv values them too)
            nxt = seen
            if last or not rules.may_decide_next(seen, seat):
                break
            nxt = rules.complete(seen, rng=draw)  # type: ignore[arg-type]
        score = self._score(nxt, nv, seat)
        if self.style is not None:
            score += self.style.select_bias.get(move.arg, 0.0)
        return score, plan, steps

    def choose(self, view: View, legal: Sequence[Move], *, rng: random.Random) -> Move:
        if len(legal) == 1:
            self._asked = None, view.seat, legal, 0, legal[0]
            return legal[0]
        state = self.rules.sample_state(view, rng=rng)
        seed = rng.getrandbits(32)  # drawn even when the plan answers: the rng stream stays the same
        for planned, move in self._plan:
            if planned == state:
                self._asked = state, view.seat, legal, seed, move
                return move
        move = self._best(state, view.seat, legal, _SeededDraw(seed))
        self._asked = state, view.seat, legal, seed, move
        return move

    # --- why (for `playtest play`'s hint) ----------------------------------------------------

    def explain(self) -> str:
        """Why the last choice, addressed to the seat's player (the hint of `playtest play`): the
        position the chosen move leaves (after the bot's own decisions that follow a selection),
        as VP now plus the potential and its largest terms (evaluation.py), against the best
        other player's value, and the next best move's lead. Worked out again here from the
        position `choose` imagined and its draw's seed, kept by reference: the simulations never
        ask, so `choose` computes nothing for it."""
        if self._asked is None:
            return ""
        state, seat, legal, seed, chosen = self._asked
        if state is None:
            return "the only legal move"
        judged = {chosen: self._judge(state, seat, chosen, seed)}
        kept = {_kept_goal(chosen)}
        for move in legal:  # a goal kept once, as `_one_step` values it: another order of the goals
            # returned is no other choice ('the next best, keep g05 return g12 g01', the chosen goal)
            goal = _kept_goal(move)
            if move in judged or (goal is not None and goal in kept):
                continue
            kept.add(goal)
            judged[move] = self._judge(state, seat, move, seed)
        lead, line, after = judged[chosen]
        vp, parts = value_parts(self.rules, after, seat, self._tables)
        others = [x for i, x in enumerate(values(self.rules, after, self._tables)) if i != seat]
        if after.over:  # the values are the final scores
            return f"the game ends with you at {vp:g} VP, {_ahead(lead, f'the best other player at {max(others):g}')}"
        potential = sum(parts.values())
        terms = sorted(((x, term) for term, x in parts.items() if round(x, 1)), reverse=True)
        shown = ", ".join(f"{term} {x:.1f}" for x, term in terms[:3]) + (", ..." if len(terms) > 3 else "")
        then = f"with your {', '.join(map(str, line[1:]))} after it, " if len(line) > 1 else ""
        said = (f"{then}it leaves you {vp:g} VP now + {potential:.1f} potential"
                + (f" ({shown})" if shown else "") + f" = {vp + potential:.1f}")
        if others:
            rival = f"the best other player's {max(others):.1f}"
            said += f", {_ahead(lead, rival)}"
            if self.style is not None:
                said += " (with this style's biases)"
        rest = sorted(((x, m) for m, (x, _, _) in judged.items() if m != chosen), key=lambda t: -t[0])
        if rest and others:
            tie = round(rest[0][0], 1) == round(lead, 1)  # (the first in legal order is chosen)
            said += f"; the next best, {rest[0][1]}, {'also ' if tie else ''}{_ahead(rest[0][0])}"
        return said

    def _judge(self, state: State, seat: int, move: Move, seed: int) -> tuple[float, list[Move], State]:
        """`move`'s score as `_best` judges it (from the same draw), the moves it is judged after
        (a selection: with the bot's own decisions that follow it) and the position they leave."""
        rules, draw = self.rules, _SeededDraw(seed)
        if move.verb != "select":
            after = rules.preview(state, move, rng=draw)  # type: ignore[arg-type]
            return self._score(after, self._values(after), seat), [move], after
        score, _, steps = self._judge_selection(state, seat, move, self._values(state), draw)
        after = rules.apply_legal(state, move, rng=draw)  # type: ignore[arg-type]
        for step in steps:
            after = rules.apply_legal(after, step, rng=draw)  # type: ignore[arg-type]
        return score, [move, *steps], after


def _kept_goal(move: Move) -> str | None:
    """The goal a `keep` move keeps (None for another move): its orders of the goals returned are
    one choice."""
    return move.arg.partition(" return ")[0] if move.verb == "keep" else None


def _ahead(lead: float, of: str = "") -> str:
    """'1.9 behind', '0.4 ahead', 'level' (to one decimal); with `of`, the player compared with:
    '0.4 ahead of the best other player's 4.4', 'level with ...', '1.9 behind ...'."""
    if round(lead, 1) == 0:
        return f"level with {of}" if of else "level"
    if lead > 0:
        return f"{lead:.1f} ahead of {of}" if of else f"{lead:.1f} ahead"
    return f"{-lead:.1f} behind {of}" if of else f"{-lead:.1f} behind"


def make_bot(spec: str, rules: NewFrontiersRules, seat: int) -> RandomBot | GreedyBot:
    """'random', 'greedy' or 'scripted:STYLE' → a fresh bot. Unknown → UsageError."""
    name = spec.strip()
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot(rules)
    if name.startswith("scripted:"):
        style = styles().get(name.partition(":")[2])
        if style is not None:
            return GreedyBot(rules, style, name)
    raise UsageError(f"unknown bot {spec!r} for newfrontiers (valid: {', '.join(bot_names())})")
