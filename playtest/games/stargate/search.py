"""A stronger Stargate bot: greedy turns, judged one round ahead.

`lookahead` takes, for each crew it could pick, the best whole turn the greedy-myopic bot
finds with that crew; then, for the most promising of those turns, it plays the game forward
with greedy-myopic players — every other seat's next turn and its own next turn — and keeps the turn whose
position is best for it at that horizon (by the myopic evaluation: its provisional lead; at
the game's end, its final lead). Unlike greedy it sees what a turn sets up: cubes taken into
hand for the next turn (Bays), majorities the others will contest, the end of the game coming.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from playtest.games.stargate.actions import Action
from playtest.games.stargate.bots import GreedyBot, evaluate
from playtest.games.stargate.rules import Phase, StargateRules, State


class LookaheadBot:
    """Greedy candidate turns, each judged after the others' replies and its own next turn."""

    stochastic = True  # tie-breaks, and the greedy players' tie-breaks inside the look-ahead

    def __init__(self, rules: StargateRules, seat: int, *, candidates: int = 4, name: str = "lookahead") -> None:
        self.rules, self.seat, self.name = rules, seat, name
        self.candidates = candidates
        self.greedy = GreedyBot(rules, seat)
        self.plan: list[Action] = []
        self._judged: list[tuple[float, list[Action]]] = []
        """The last crew choice's candidate turns with their values at the horizon, best first."""
        self._mid_turn = False
        """Whether the last decision was made mid-turn without a plan, as greedy-myopic makes it."""

    def explain(self) -> str:
        """Why the last crew choice (for `playtest play`'s hint): the chosen turn's lead at the
        horizon and the next best candidate's, from the values the choice computed anyway."""
        if self._mid_turn:  # a hint after the person took a crew: no look-ahead values to cite
            return ("the rest of this turn as greedy-myopic finishes it (judged by the provisional lead at the "
                    "turn's end): lookahead judges whole turns one round ahead only when choosing the crew")
        if not self._judged:
            return ""
        (best, line), *rest = self._judged
        said = (f"played on to after your next turn, the turn {'; '.join(str(a) for a in line)} leaves you "
                f"{best:+.1f} VP against the best other player (provisional scores)")
        if rest:
            said += f"; the next best, {'; '.join(str(a) for a in rest[0][1])}, {rest[0][0]:+.1f}"
        return said

    def choose(self, view: State, legal: Sequence[Action], *, rng: random.Random) -> Action:
        if self.plan:
            nxt = self.plan.pop(0)
            if nxt in legal:
                return nxt
            self.plan = []
        self._judged = []
        self._mid_turn = view.phase is not Phase.CREW
        if self._mid_turn:  # mid-turn without a plan: decide as greedy does
            return self.greedy.choose(view, legal, rng=rng)
        lines = []
        for action in legal:
            value, line = self.greedy._best_line(view, action)
            lines.append((value, line))
        lines.sort(key=lambda t: -t[0])
        best_value, best_lines = float("-inf"), []
        sub = random.Random(rng.getrandbits(64))
        for _, line in lines[: self.candidates]:
            value = self._horizon_value(view, line, sub)
            self._judged.append((value, line))
            if value > best_value + 1e-9:
                best_value, best_lines = value, [line]
            elif value > best_value - 1e-9:
                best_lines.append(line)
        line = best_lines[rng.randrange(len(best_lines))] if len(best_lines) > 1 else best_lines[0]
        self._judged.sort(key=lambda t: (t[1] is not line, -t[0]))  # the chosen turn first, then by value
        self.plan = list(line[1:])
        return line[0]

    def _horizon_value(self, state: State, line: list[Action], rng: random.Random) -> float:
        """Play `line`, then greedy turns for everyone until this seat's next turn has been
        played (or the game ends); the greedy evaluation of that position."""
        rules = self.rules
        for action in line:
            state = rules.apply(state, action)
        own_turns = 0
        players = [GreedyBot(rules, s) for s in range(state.n)]
        while state.phase is not Phase.OVER:
            if state.phase is Phase.CREW and state.seat == self.seat:
                if own_turns == 1:
                    break
                own_turns += 1
            seat = state.seat
            state = rules.apply(state, players[seat].choose(state, rules.legal_actions(state), rng=rng))
        return evaluate(rules, state, self.seat)
