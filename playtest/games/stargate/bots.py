"""Stargate bots: random, greedy and greedy-myopic (best whole turn by a documented
evaluation) and scripted styles defined in YAML (scripted.yaml) as constraints on top of
greedy or random choice.

Bots see only the seat's view (in Stargate everything is public), ask the rules only through
their public methods, and draw randomness only from the rng the runner passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

from playtest.core.draws import randbelow
from playtest.core.protocol import Bot
from playtest.errors import UsageError
from playtest.games.stargate.actions import Action, MoveCube, Place, SwapCubes, TakeCrew
from playtest.games.stargate.rules import CIRCLE_MEMO_LIMIT, PLACE_STEP, Phase, StargateRules, State
from playtest.games.stargate.schema import ColorBonus
from playtest.games.stargate.styles import scripted_styles

BOT_NAMES = ("random", "greedy", "greedy-myopic", "lookahead", "scripted:NAME")
EMPTY: tuple[int, ...] = ()


class RandomBot:
    """Uniform over the legal actions of each decision (crew, skill target, placement)."""

    stochastic = True

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: State, legal: Sequence[Action], *, rng: random.Random) -> Action:
        return legal[randbelow(rng, len(legal))]



class Evaluation:
    """How a greedy bot judges the position after a turn: a seat's lead over the best other.

    Myopic (`hand_vp=False`, the bot `greedy-myopic`, the scripted styles): each seat's
    provisional total (planet VP + color bonus + skill VP + ..., as if the game ended now),
    mine minus the best other's, plus 0.01 per cube of mine in hand or stock — only to prefer
    keeping cubes when the score is equal. A cube in hand is worth no more than one in the
    stock, so the cube-gaining crew (Bays) never looks worth its turn.

    Cubes valued by the placements they will buy (`hand_vp=True`, the bot `greedy`): every
    seat's total also counts the placements its cubes will buy before the game ends. Each
    seat has about T more turns — the rounds until the smallest stock runs out at `replenish`
    cubes a turn (draft 5's end trigger). In them it can place at most `mean crew time × T`
    cubes (the mean of the game's crews: with crews_dealt not every crew's), from its hand and what the replenish brings before its last turn
    (`replenish × (T - 1)`, at most its stock). Each cube it will be able to place,
    `min(hand + income, capacity)`, is worth VALUE_SHARE × the mean VP printed on the slots of
    the planets in play. So a cube in hand is worth more than one in the stock when the stock
    would not reach the hand in time, and nothing once the turns left are full; draining the
    stock (Bays) shortens every seat's game. Without replenish nothing drains the stock: every
    cube in hand counts. The 0.01 per cube stays as the tie-break."""

    VALUE_SHARE = 0.5
    """A future placement's worth as a share of the mean printed slot VP (majorities are
    contested: a cube rarely earns its slot's whole VP)."""

    def __init__(self, rules: StargateRules, *, hand_vp: bool) -> None:
        self.rules, self.hand_vp = rules, hand_vp
        self.replenish = rules.variant.cubes.replenish
        self._placement_vp: dict[tuple[int, ...], float] = {}
        self._crews: tuple[int, ...] = ()
        self._crews_per_turn = 0.0

    def per_turn_of(self, crews: tuple[int, ...] | None = None) -> float:
        """The mean time of a game's crews (`State.crews_in_game`; None: every crew): with
        crews_dealt not every crew of the variant, so neither its mean time. The last game's
        crews are remembered (the same tuple, call after call, within a game)."""
        crews = self.rules.all_crews if crews is None else crews
        if crews is not self._crews and crews != self._crews:
            times = [self.rules.crew_time[c] for c in crews]
            self._crews, self._crews_per_turn = crews, sum(times) / max(1, len(times))
        return self._crews_per_turn

    def placement_vp(self, circle: tuple[int, ...]) -> float:
        """What one future placement is worth in this circle."""
        found = self._placement_vp.get(circle)
        if found is None:
            if len(self._placement_vp) >= CIRCLE_MEMO_LIMIT:  # bounded: a long run deals millions of circles
                self._placement_vp.clear()
            columns = [self.rules.variant.planets[card].vp for card in circle]
            found = self.VALUE_SHARE * sum(map(sum, columns)) / max(1, sum(map(len, columns)))
            self._placement_vp[circle] = found
        return found

    def placeable(self, hand: int, stock: int, least_stock: int, crews: tuple[int, ...] | None = None) -> float:
        """How many more cubes a seat will be able to place (`least_stock`: any seat's smallest;
        `crews`: the game's, by default every crew)."""
        return self._placeable(hand, stock, least_stock, self.per_turn_of(crews))

    def _placeable(self, hand: int, stock: int, least_stock: int, per_turn: float) -> float:
        if not self.replenish:
            return hand
        turns = -(-least_stock // self.replenish)  # rounds after this one, one turn each
        return min(hand + min(stock, self.replenish * max(0, turns - 1)), per_turn * turns)

    def lead(self, totals: Sequence[int], seat: int, circle: tuple[int, ...], hand: Sequence[int],
             stock: Sequence[int], crews: tuple[int, ...] | None = None) -> float:
        """The value of a position to `seat`, from every seat's provisional total, hand and stock
        (`crews`: the game's, `State.crews_in_game`; by default every crew)."""
        keep = 0.01 * (hand[seat] + stock[seat])
        if not self.hand_vp:
            return totals[seat] - max(t for s, t in enumerate(totals) if s != seat) + keep
        least, vp = min(stock), self.placement_vp(circle)
        per_turn = self.per_turn_of(crews)
        worth = [t + vp * self._placeable(hand[s], stock[s], least, per_turn) for s, t in enumerate(totals)]
        return worth[seat] - max(w for s, w in enumerate(worth) if s != seat) + keep


def evaluate(rules: StargateRules, state: State, seat: int, evaluation: Evaluation | None = None) -> float:
    """The greedy evaluation of `state` for `seat` (Evaluation; by default myopic)."""
    totals = rules.totals(state)
    if evaluation is None:
        return totals[seat] - max(t for s, t in enumerate(totals) if s != seat) + 0.01 * (
            state.hand[seat] + state.stock[seat])
    return evaluation.lead(totals, seat, state.circle, state.hand, state.stock, state.crews_in_game)


CrewFilter = Callable[[State, list[Action]], list[Action]]
CountRange = Callable[[State, int], tuple[int, int]]
"""(state, most cubes placeable) → (fewest, most) cubes the bot is willing to place."""


class GreedyBot:
    """Chooses the whole turn — crew, skill targets, placement — that maximises `evaluate`
    after the turn ends; ties between first decisions are broken at random. `hand_vp`: the
    cubes in hand are valued by the placements they will buy (Evaluation; the bot `greedy`),
    else myopically (`greedy-myopic`, the scripted styles). With a crew filter and a cube-count
    range it plays a scripted style.

    Placements whose outcome is the board alone (no effect resolves after placing) are scored
    by updating only the planets they touch, instead of applying each one: the same values,
    found about ten times faster."""

    stochastic = True  # only through tie-breaks

    def __init__(self, rules: StargateRules, seat: int, *, name: str = "greedy",
                 crew_filter: CrewFilter | None = None, count_range: CountRange | None = None,
                 pick: Literal["greedy", "random"] = "greedy", hand_vp: bool = False) -> None:
        self.rules, self.seat, self.name = rules, seat, name
        self.evaluation = Evaluation(rules, hand_vp=hand_vp)
        self.crew_filter, self.count_range, self.pick = crew_filter, count_range, pick
        self.plan: list[Action] = []
        self._board: tuple = (None, None, None)
        """(board, circle, what _placement_values derives from them alone), for the last board."""

    beam = 4
    """Skill targets searched in full (the best by their immediate value)."""

    def _options(self, state: State, legal: Sequence[Action]) -> list[Action]:
        if state.phase is Phase.CREW and self.crew_filter:
            return self.crew_filter(state, list(legal)) or list(legal)
        if state.phase is Phase.PLACE and self.count_range:
            return [Place(tuple(a.planets)) for a in legal if isinstance(a, Place)
                    and self._count_ok(state, legal, len(a.planets))]
        return list(legal)

    def _seqs(self, state: State) -> Sequence[tuple[int, ...]]:
        seqs = self.rules.placement_sequences(state)
        if self.count_range:
            lo, hi = self.count_range(state, max(len(q) for q in seqs))
            kept = [q for q in seqs if lo <= len(q) <= hi]
            return kept or seqs
        return seqs

    def _count_ok(self, state: State, legal: Sequence[Action], count: int) -> bool:
        assert self.count_range is not None
        most = max(len(a.planets) for a in legal if isinstance(a, Place))
        lo, hi = self.count_range(state, most)
        return lo <= count <= hi

    def choose(self, view: State, legal: Sequence[Action], *, rng: random.Random) -> Action:
        if self.plan:
            nxt = self.plan.pop(0)
            if nxt in legal:
                return nxt
            self.plan = []
        if self.pick == "random":
            if view.phase is Phase.PLACE:
                seqs = self._seqs(view)
                return self._place(view, seqs[rng.randrange(len(seqs))])
            options = self._options(view, legal)
            return options[rng.randrange(len(options))]
        if view.phase is Phase.PLACE:
            return self._best_place(view)[1]
        best_value, best_lines = float("-inf"), []
        for action in self._options(view, legal):
            value, line = self._best_line(view, action)
            if value > best_value + 1e-9:
                best_value, best_lines = value, [line]
            elif value > best_value - 1e-9:
                best_lines.append(line)
        line = best_lines[rng.randrange(len(best_lines))] if len(best_lines) > 1 else best_lines[0]
        self.plan = line[1:]
        return line[0]

    def _place(self, state: State, seq: tuple[int, ...]) -> Place:
        ids, circle = self.rules.planet_ids, state.circle
        return Place(tuple(ids[circle[p]] for p in seq))

    def _best_line(self, state: State, action: Action) -> tuple[float, list[Action]]:
        """Best value reachable this turn after `action`, and the action line reaching it."""
        rules = self.rules
        nxt = rules.apply(state, action)
        if nxt.phase is Phase.CREW or nxt.phase is Phase.OVER:
            return evaluate(rules, nxt, self.seat, self.evaluation), [action]
        if nxt.phase is Phase.PLACE:
            value, place = self._best_place(nxt)
            return value, [action, place]
        best_value, best_line = float("-inf"), [action]
        follows = self._options(nxt, rules.legal_actions(nxt))
        if len(follows) > self.beam:
            # Many skill targets (a move or swap): search placements after the few targets
            # that look best on their own, not after all of them.
            values = self._target_values(nxt, follows)
            order = sorted(range(len(follows)), key=lambda i: -values[i])  # stable: ties keep their order
            follows = [follows[i] for i in order[: self.beam]]
        for follow in follows:
            value, line = self._best_line(nxt, follow)
            if value > best_value:
                best_value, best_line = value, [action, *line]
        return best_value, best_line

    def _target_values(self, state: State, targets: list[Action]) -> list[float]:
        """`evaluate` after each skill target, as `evaluate(rules, rules.apply(state, a), seat)`.

        A move or a swap changes one or two planets: when the placement is the next step (no
        other effect resolves first), only those planets are scored again, on top of the
        board's per-seat planet VP and colors; other targets are applied and evaluated."""
        rules, seat, n = self.rules, self.seat, state.n
        pending = state.pending
        if len(pending) < 2 or pending[1] != PLACE_STEP:
            return [evaluate(rules, rules.apply(state, a), seat, self.evaluation) for a in targets]
        circle, board = state.circle, state.board
        info, planet_color, color_bonus = rules.planet_score, rules.planet_color, rules.color_bonus
        planets = [0] * n
        colors = [[0] * rules.n_colors for _ in range(n)]
        vp_at: list[dict[int, int]] = []
        for card, owners in zip(circle, board, strict=True):
            vps = dict(info(card, owners).vp)
            vp_at.append(vps)
            for s_, v in vps.items():
                planets[s_] += v
            for s_ in owners:
                colors[s_][planet_color[card]] += 1
        fixed = rules.fixed_vp(state)
        # Each seat's total apart from planet VP: a swap changes no colors, a move only the mover's.
        bonus = [color_bonus(colors[s_]) for s_ in range(n)]
        other_parts = [bonus[s_] + fixed[s_] for s_ in range(n)]
        lead = self.evaluation.lead
        pos = {pid: p for p, pid in enumerate(rules.circle_ids(circle))}
        out: list[float] = []
        for a in targets:
            if isinstance(a, SwapCubes):
                p = pos[a.planet]
                owners = board[p]
                i = a.slot - 1
                changed = [(p, (*owners[:i], owners[i + 1], owners[i], *owners[i + 2:]))]
                moved = -1, -1, -1
            elif isinstance(a, MoveCube):
                src, dst = pos[a.src], pos[a.dst]
                changed = [(src, board[src][:-1]), (dst, (*board[dst], seat))]
                moved = board[src][-1], planet_color[circle[src]], planet_color[circle[dst]]
            else:
                out.append(evaluate(rules, rules.apply(state, a), seat, self.evaluation))
                continue
            vp = planets.copy()
            for p, owners in changed:
                for s_, v in vp_at[p].items():
                    vp[s_] -= v
                if owners:
                    for s_, v in info(circle[p], owners).vp:
                        vp[s_] += v
            totals = [vp[s_] + other_parts[s_] for s_ in range(n)]
            mover = moved[0]
            if mover >= 0 and moved[1] != moved[2]:  # a move to another color: the mover's bonus changes
                cols = colors[mover].copy()
                cols[moved[1]] -= 1
                cols[moved[2]] += 1
                totals[mover] += color_bonus(cols) - bonus[mover]
            out.append(lead(totals, seat, circle, state.hand, state.stock, state.crews_in_game))
        return out

    def _best_place(self, state: State) -> tuple[float, Place]:
        """The best placement now and its value."""
        rules = self.rules
        seqs = self._seqs(state)
        if not rules.placement_ends_turn[state.crew]:
            best = max(((evaluate(rules, rules.apply(state, self._place(state, q)), self.seat, self.evaluation), i)
                        for i, q in enumerate(seqs)), key=lambda t: (t[0], -t[1]))
            return best[0], self._place(state, seqs[best[1]])
        best_value, best_seq = float("-inf"), EMPTY
        for value, seq in zip(self._placement_values(state, seqs), seqs, strict=True):
            if value > best_value:
                best_value, best_seq = value, seq
        return best_value, self._place(state, best_seq)

    def _placement_values(self, state: State, seqs: Sequence[tuple[int, ...]]) -> list[float]:
        """`evaluate` after each placement of `seqs`, updating only the planets it touches.

        Every score part is an int, so a placement's totals are built from its prefix's (one
        cube less: the walk enumerations list prefixes first) by one planet's change, and only
        the final expression involves floats, written as `evaluate` writes it."""
        rules, seat, n = self.rules, self.seat, state.n
        circle, board = state.circle, state.board
        cached = self._board
        if cached[0] is board and cached[1] is circle:
            planets, colors, infos, walkers = cached[2]
        else:
            planets = [0] * n
            colors = [[0] * rules.n_colors for _ in range(n)]
            infos = []
            planet_color, info = rules.planet_color, rules.planet_score
            for card, owners in zip(circle, board, strict=True):
                if owners:
                    outcome = info(card, owners)
                    vps, counts = outcome.vp, outcome.counts
                    infos.append(vps)
                    for s_, v in vps:
                        planets[s_] += v
                    for s_, k in counts:
                        colors[s_][planet_color[card]] += k
                else:
                    infos.append(())
            walkers = {}
            self._board = (board, circle, (planets, colors, infos, walkers))
        skill = rules.fixed_vp(state)
        base = [planets[s_] + rules.color_bonus(colors[s_]) + skill[s_] for s_ in range(n)]
        others = [s_ for s_ in range(n) if s_ != seat]
        mine_skill = skill[seat]
        # Each placement's outcome: every seat's provisional total, and my hand and stock after
        # the turn's end (its conversions and the replenish); the others' do not change.
        replenish, lead = rules.variant.cubes.replenish, self.evaluation.lead
        hands, stocks = list(state.hand), list(state.stock)
        hand, stock = hands[seat], stocks[seat]
        crews = state.crews_in_game

        def value(totals: list[int], placed: int, from_hand: int = 0, from_stock: int = 0) -> float:
            left = stock - from_stock
            got = min(replenish, left)
            hands[seat], stocks[seat] = hand - placed - from_hand + got, left - got
            return lead(totals, seat, circle, hands, stocks, crews)

        # What the turn's end pays for the placed cubes (color-keyed crews, last_cube planets).
        gains_apply = bool(rules.turn_end_effects[state.crew]) or rules.any_last_cube
        before = state.extra_placed
        # The nodes depend on the board only (the others' fixed VP do not change during my
        # turn), so they are kept with the board: the greedy search places after each crew it
        # could take, mostly on the same board.
        others_base = tuple(base[s_] for s_ in others)
        walker = walkers.get(others_base)
        if walker is None:
            walker = walkers[others_base] = _PlacementWalker(rules, state, seat, infos, list(others_base),
                                                             planets[seat], colors[seat])
        nodes = walker.nodes
        values: list[float] = []
        for seq in seqs:
            if seq:
                found = nodes.get(seq)
                if found is None:
                    found = walker.node(seq)
                totals = found.totals(seat, mine_skill)
            else:
                totals = base.copy()
            if not gains_apply:  # the usual case
                values.append(value(totals, len(seq)))
                continue
            g = rules.turn_gains(state, (*before, *seq), seq[-1] if seq else state.last_pos, pending=seq)
            totals[seat] += g.vp
            values.append(value(totals, len(seq), g.from_hand, g.from_stock))
        return values


class _Node:
    """One placement's outcome on the walker's board: the others' planet-and-fixed totals, my
    planet VP, my cube counts by color, and my planet VP + color bonus."""

    def __init__(self, others: list[int], mine: int, colors: list[int], value: int) -> None:
        self.others, self.mine, self.colors, self.value = others, mine, colors, value

    def totals(self, seat: int, fixed: int) -> list[int]:
        """Every seat's provisional total (`fixed`: my VP that no placement changes)."""
        out = self.others.copy()
        out.insert(seat, self.value + fixed)
        return out


class _Step:
    """The change of the others' and my planet VP when my next cube lands on one planet."""

    def __init__(self, others: list[int], mine: int) -> None:
        self.others, self.mine = others, mine


class _PlacementWalker:
    """The greedy bot's placement nodes on one board for one seat. A placement's (a tuple of
    circle positions) node is built from its prefix's (one cube less) by the change of the one
    planet its last cube lands on; every part is an int."""

    def __init__(self, rules: StargateRules, state: State, seat: int, infos: list[tuple[tuple[int, int], ...]],
                 others_base: list[int], my_planets: int, my_colors: list[int]) -> None:
        self.rules, self.seat, self.n = rules, seat, state.n
        self.board, self.circle = state.board, state.circle
        self.npos = len(state.circle)
        self.others = [s for s in range(state.n) if s != seat]
        self.all_max = rules.variant.scoring.color_bonus is ColorBonus.ALL_MAX_COLORS
        self.color_at = [rules.planet_color[card] for card in state.circle]
        self.infos = infos
        """Per circle position: ((seat, VP), ...) of the planet as it is on the board."""
        self.nodes: dict[tuple[int, ...], _Node] = {(): _Node(others_base, my_planets, my_colors, 0)}
        self.steps: dict[int, _Step] = {}

    def step(self, p: int, c: int) -> _Step:
        """The change of every seat's planet VP when my (c+1)-th cube of the turn lands on p."""
        d = [0] * self.n
        seat, info, card = self.seat, self.rules.planet_score, self.circle[p]
        owners = self.board[p] + (seat,) * c
        for s_, v in (info(card, owners).vp if c else self.infos[p]):
            d[s_] -= v
        for s_, v in info(card, owners + (seat,)).vp:
            d[s_] += v
        found = self.steps[c * self.npos + p] = _Step([d[s_] for s_ in self.others], d[seat])
        return found

    def node(self, seq: tuple[int, ...]) -> _Node:
        prefix = seq[:-1]
        parent = self.nodes.get(prefix)
        if parent is None:  # a filtered list may lack the prefix
            parent = self.node(prefix)
        p = seq[-1]
        c = -1
        for q in seq:
            if q == p:
                c += 1
        d = self.steps.get(c * self.npos + p)
        if d is None:
            d = self.step(p, c)
        colors = parent.colors.copy()
        colors[self.color_at[p]] += 1
        if self.all_max:
            m = ties = 0
            for k in colors:
                if k > m:
                    m, ties = k, 1
                elif k == m:
                    ties += 1
            bonus = m * ties
        else:
            bonus = self.rules.color_bonus(colors)
        others = [a + b for a, b in zip(parent.others, d.others, strict=True)]
        mine = parent.mine + d.mine
        found = self.nodes[seq] = _Node(others, mine, colors, mine + bonus)
        return found


# --- scripted styles (defined in styles.py) ------------------------------------------------------


def scripted_bot(rules: StargateRules, seat: int, style_name: str) -> GreedyBot:
    styles = scripted_styles()
    if style_name not in styles:
        raise UsageError(f"unknown scripted bot '{style_name}' (valid: {', '.join(sorted(styles))})")
    style = styles[style_name]
    # A style may name crews a variant removed: they are simply never available.

    def crew_filter(state: State, legal: list[Action]) -> list[Action]:
        names = [a.crew for a in legal if isinstance(a, TakeCrew)]
        short = style.priority_max_hand is None or state.hand[state.seat] <= style.priority_max_hand
        for cid in style.crew_priority if short else ():
            if cid in names:
                return [TakeCrew(cid)]
        kept: list[Action] = [a for a in legal if isinstance(a, TakeCrew) and a.crew not in style.avoid]
        return kept or legal

    pl_style = style.placement

    def count_range(state: State, most: int) -> tuple[int, int]:
        early = state.round <= pl_style.early_rounds
        lo, hi = (pl_style.early_min, pl_style.early_max) if early else (pl_style.late_min, pl_style.late_max)
        return min(lo, most), hi

    return GreedyBot(rules, seat, name=f"scripted:{style_name}", crew_filter=crew_filter,
                     count_range=count_range, pick=style.choose)


def make_bot(spec: str, rules: StargateRules, seat: int) -> Bot:
    """A fresh bot from its command-line name."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot()
    if spec == "greedy":
        return GreedyBot(rules, seat, hand_vp=True)
    if spec == "greedy-myopic":
        return GreedyBot(rules, seat, name="greedy-myopic")
    if spec == "lookahead":
        from playtest.games.stargate.search import LookaheadBot  # builds on GreedyBot

        return LookaheadBot(rules, seat)
    if spec.startswith("scripted:"):
        return scripted_bot(rules, seat, spec.split(":", 1)[1])
    styles = ", ".join(f"scripted:{s}" for s in sorted(scripted_styles()))
    raise UsageError(f"unknown bot '{spec}' for stargate (valid: random, greedy, greedy-myopic, lookahead, {styles})")
