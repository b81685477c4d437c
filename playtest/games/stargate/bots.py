"""Stargate bots: random, greedy (best whole turn by a documented evaluation) and scripted
styles defined in YAML (scripted.yaml) as constraints on top of greedy or random choice.

Bots see only the seat's view (in Stargate everything is public) and draw randomness only
from the rng the runner passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from playtest.errors import UsageError
from playtest.games.stargate.actions import Action, Place, TakeCrew
from playtest.games.stargate.rules import Phase, StargateRules, State
from playtest.variants.model import Strict

BOT_NAMES = ("random", "greedy", "scripted:NAME")


class RandomBot:
    """Uniform over the legal actions of each decision (crew, skill target, placement)."""

    stochastic = True

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: State, legal: Sequence[Action], *, rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def evaluate(rules: StargateRules, state: State, seat: int) -> float:
    """The greedy evaluation: this seat's provisional total (planet VP + color bonus + skill VP
    as if the game ended now) minus the best provisional total among the other seats, plus a
    small bonus (0.01 per cube) for cubes still in hand and stock, to prefer keeping cubes
    when the score is equal."""
    totals = rules.score(state).totals
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    return totals[seat] - best_other + 0.01 * (state.hand[seat] + state.stock[seat])


CrewFilter = Callable[[State, list[Action]], list[Action]]
PlaceFilter = Callable[[State, list[Action]], list[Action]]


class GreedyBot:
    """Chooses the whole turn — crew, skill targets, placement — that maximises `evaluate`
    after the turn ends; ties are broken at random. With filters it plays a scripted style."""

    stochastic = True  # only through tie-breaks

    def __init__(self, rules: StargateRules, seat: int, *, name: str = "greedy",
                 crew_filter: CrewFilter | None = None, place_filter: PlaceFilter | None = None,
                 pick: Literal["greedy", "random"] = "greedy") -> None:
        self.rules, self.seat, self.name = rules, seat, name
        self.crew_filter, self.place_filter, self.pick = crew_filter, place_filter, pick
        self.plan: list[Action] = []

    def _options(self, state: State, legal: list[Action]) -> list[Action]:
        if state.phase is Phase.CREW and self.crew_filter:
            return self.crew_filter(state, legal) or legal
        if state.phase is Phase.PLACE and self.place_filter:
            return self.place_filter(state, legal) or legal
        return legal

    def choose(self, view: State, legal: Sequence[Action], *, rng: random.Random) -> Action:
        if self.plan:
            nxt = self.plan.pop(0)
            if nxt in legal:
                return nxt
            self.plan = []
        options = self._options(view, list(legal))
        if self.pick == "random":
            return options[rng.randrange(len(options))]
        best_value, best_lines = float("-inf"), []
        for action in options:
            value, line = self._best_line(view, action)
            if value > best_value + 1e-9:
                best_value, best_lines = value, [line]
            elif value > best_value - 1e-9:
                best_lines.append(line)
        line = best_lines[rng.randrange(len(best_lines))] if len(best_lines) > 1 else best_lines[0]
        self.plan = line[1:]
        return line[0]

    def _best_line(self, state: State, action: Action) -> tuple[float, list[Action]]:
        """Best value reachable this turn after `action`, and the action line reaching it."""
        rules = self.rules
        nxt = rules.apply(state, action)
        if nxt.phase is Phase.CREW or nxt.phase is Phase.OVER:
            return evaluate(rules, nxt, self.seat), [action]
        best_value, best_line = float("-inf"), [action]
        for follow in self._options(nxt, rules.legal_actions(nxt)):
            value, line = self._best_line(nxt, follow)
            if value > best_value:
                best_value, best_line = value, [action, *line]
        return best_value, best_line


# --- scripted styles --------------------------------------------------------------------------


class PlacementStyle(Strict):
    """How many cubes to place: rounds 1..early_rounds are early, the rest late."""

    early_rounds: int = Field(default=0, ge=0)
    early_min: int = Field(default=0, ge=0)
    early_max: int = Field(default=99, ge=0)
    late_min: int = Field(default=0, ge=0)
    late_max: int = Field(default=99, ge=0)


class ScriptedStyle(Strict):
    """A scripted bot: crew preferences and a placement style; `choose` picks among what is
    left (greedy evaluation or uniformly at random)."""

    description: str = ""
    crew_priority: tuple[str, ...] = ()
    """Take the first of these crews that is available; if none is, choose freely."""
    avoid: tuple[str, ...] = ()
    """Never take these crews while another is available."""
    placement: PlacementStyle = PlacementStyle()
    choose: Literal["greedy", "random"] = "greedy"


@cache
def scripted_styles() -> dict[str, ScriptedStyle]:
    """The shipped styles (playtest/games/stargate/scripted.yaml)."""
    text = resources.files("playtest.games.stargate").joinpath("scripted.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    try:
        return {name: ScriptedStyle.model_validate(body) for name, body in data.items()}
    except ValidationError as exc:  # a packaging bug, not a user error
        raise RuntimeError(f"scripted.yaml is invalid: {exc}") from exc


def scripted_bot(rules: StargateRules, seat: int, style_name: str) -> GreedyBot:
    styles = scripted_styles()
    if style_name not in styles:
        raise UsageError(f"unknown scripted bot '{style_name}' (known: {', '.join(sorted(styles))})")
    style = styles[style_name]
    crew_ids = {c.id for c in rules.crews}
    for cid in (*style.crew_priority, *style.avoid):
        if cid not in crew_ids:
            # A style may name crews a variant removed: they are simply never available.
            continue

    def crew_filter(state: State, legal: list[Action]) -> list[Action]:
        names = [a.crew for a in legal if isinstance(a, TakeCrew)]
        for cid in style.crew_priority:
            if cid in names:
                return [TakeCrew(cid)]
        kept = [a for a in legal if isinstance(a, TakeCrew) and a.crew not in style.avoid]
        return kept or legal

    pl_style = style.placement

    def place_filter(state: State, legal: list[Action]) -> list[Action]:
        early = state.round <= pl_style.early_rounds
        lo, hi = (pl_style.early_min, pl_style.early_max) if early else (pl_style.late_min, pl_style.late_max)
        most = max(len(a.planets) for a in legal if isinstance(a, Place))
        lo = min(lo, most)
        return [a for a in legal if isinstance(a, Place) and lo <= len(a.planets) <= hi]

    return GreedyBot(rules, seat, name=f"scripted:{style_name}", crew_filter=crew_filter,
                     place_filter=place_filter, pick=style.choose)


def make_bot(spec: str, rules: StargateRules, seat: int) -> RandomBot | GreedyBot:
    """A fresh bot from its command-line name."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot()
    if spec == "greedy":
        return GreedyBot(rules, seat)
    if spec.startswith("scripted:"):
        return scripted_bot(rules, seat, spec.split(":", 1)[1])
    styles = ", ".join(f"scripted:{s}" for s in sorted(scripted_styles()))
    raise UsageError(f"unknown bot '{spec}' for stargate (known: random, greedy, {styles})")
