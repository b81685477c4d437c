"""`apply_legal` (the runner's call after it has checked the bot's action against the legal
list) gives the same state and events as `apply` on every legal action, leaves its input
unchanged as `apply` does, and `apply` still refuses what is not legal."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from playtest import rng as rng_streams
from playtest.errors import IllegalActionError
from playtest.games.stargate.actions import Place, TakeCrew
from playtest.games.stargate.bots import RandomBot
from playtest.games.stargate.rules import Phase, StargateRules
from playtest.sim.runner import play_game
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted((ROOT / "variants" / "stargate").glob("*.yaml"))


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_apply_legal_equals_apply_on_every_legal_action(path: Path) -> None:
    rules = StargateRules(load_variant(path).model)
    rng = random.Random(5)
    checked = 0
    for _ in range(3):
        state = rules.initial_state(rng.choice(rules.player_counts()), rng=rng)
        while state.phase is not Phase.OVER:
            before = copy.deepcopy(state)
            legal = list(rules.legal_actions(state))
            for action in legal:
                log_a: list = []
                log_b: list = []
                assert rules.apply_legal(state, action, log=log_a) == rules.apply(state, action, log=log_b)
                assert log_a == log_b
                checked += 1
            assert state == before  # neither changed the state they were given
            state = rules.apply_legal(state, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_apply_still_refuses_illegal_actions_and_leaves_the_state_unchanged() -> None:
    rules = StargateRules(load_variant(ROOT / "variants" / "stargate" / "draft5.yaml").model)
    rng = random.Random(8)
    refused = 0
    for _ in range(10):
        state = rules.initial_state(4, rng=rng)
        while state.phase is not Phase.OVER:
            before = copy.deepcopy(state)
            legal = rules.legal_actions(state)
            if state.phase is Phase.CREW:
                taken = [c for c in rules.crew_ids if TakeCrew(c) not in legal]
                illegal = [TakeCrew(c) for c in taken] + [Place(())]
            elif state.phase is Phase.PLACE:
                ids = rules.circle_ids(state.circle)
                # More cubes than any crew's time; a walk backwards or staying on one planet
                # (legal only when nothing else has room: then not offered as illegal).
                illegal = [Place(ids * 2), TakeCrew(rules.crew_ids[0])] + [
                    a for a in (Place((ids[1], ids[0])), Place((ids[0], ids[0]))) if a not in legal]
            else:
                illegal = [Place(())]
            for action in illegal:
                assert action not in legal
                with pytest.raises(IllegalActionError):
                    rules.apply(state, action)
                refused += 1
            assert state == before
            state = rules.apply(state, legal[rng.randrange(len(legal))])
    assert refused > 100


class _OnlyApply:
    """The rules without `apply_legal`: the runner falls back to `apply`."""

    def __init__(self, rules: StargateRules) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> object:
        if name == "apply_legal":
            raise AttributeError(name)
        return getattr(self._rules, name)


def test_the_runner_plays_the_same_games_with_or_without_apply_legal() -> None:
    rules = StargateRules(load_variant(ROOT / "variants" / "stargate" / "draft6-special-planets.yaml").model)

    def play(r: object, g: int) -> tuple:
        played = play_game(r, [RandomBot() for _ in range(3)], n_players=3,  # type: ignore[arg-type]
                           deal_rng=rng_streams.stream(4, g, rng_streams.DEAL),
                           bot_rngs=[rng_streams.stream(4, g, rng_streams.bot_stream(s)) for s in range(3)])
        return played.result, played.events, played.decisions

    for g in range(10):
        assert play(rules, g) == play(_OnlyApply(rules), g)
