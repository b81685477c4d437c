"""One rules object may serve many games at once (the batch runner and the bots share it):
games played interleaved, decision by decision, on one rules object end exactly as each
played alone on a fresh one."""

from __future__ import annotations

import random

from playtest.games.stargate.bots import make_bot
from playtest.games.stargate.rules import StargateRules
from playtest.variants import load_variant
from tests.stargate_drafts.helpers import DRAFT5, NEW_DRAFTS


def _start(rules: StargateRules, g: int, bots: str):
    state = rules.initial_state(4, rng=random.Random(g))
    players = [make_bot(bots, rules, s) for s in range(4)]
    return state, players, [random.Random(100 * g + s) for s in range(4)]


def _step(rules, state, players, rngs):
    seat = rules.current_seat(state)
    action = players[seat].choose(state, rules.legal_actions(state), rng=rngs[seat])
    return rules.apply(state, action, log=[])


def _alone(path, g: int, bots: str):
    rules = StargateRules(load_variant(path).model)
    state, players, rngs = _start(rules, g, bots)
    while not rules.is_terminal(state):
        state = _step(rules, state, players, rngs)
    return rules.result(state)


def test_interleaved_games_on_one_rules_object_play_as_alone() -> None:
    for path in (DRAFT5, *NEW_DRAFTS):
        for bots in ("random", "greedy"):
            shared = StargateRules(load_variant(path).model)
            games = {g: _start(shared, g, bots) for g in range(3)}
            while games:
                for g in list(games):
                    state, players, rngs = games[g]
                    if shared.is_terminal(state):
                        assert shared.result(state) == _alone(path, g, bots), (path.stem, bots, g)
                        del games[g]
                    else:
                        games[g] = (_step(shared, state, players, rngs), players, rngs)


def test_circle_facts_answer_for_the_circle_asked_even_when_the_memo_starts_afresh(monkeypatch) -> None:
    """`circle_facts` (a memo per circle dealt) gives each circle its own planets, also when
    games with different circles alternate and the memo is emptied between every two asks."""
    import playtest.games.stargate.rules as rules_module

    monkeypatch.setattr(rules_module, "CIRCLE_MEMO_LIMIT", 1)
    rules = StargateRules(load_variant(DRAFT5).model)
    circles = [rules.initial_state(4, rng=random.Random(g)).circle for g in range(6)]
    assert len(set(circles)) > 1
    for circle in circles * 2:
        facts = rules.circle_facts(circle)
        assert facts.ids == tuple(rules.planet_ids[c] for c in circle)
        assert facts.capacity == tuple(rules.capacity[c] for c in circle)
        assert all(facts.position[rules.planet_ids[c]] == p for p, c in enumerate(circle))


def test_the_seat_to_move_follows_the_start_player_and_the_turn() -> None:
    """`State.seat` is a field the rules keep: it equals (start + turn in round) mod n in
    every state of a game, and `replace` keeps it so when either changes."""
    from playtest.games.stargate.state import Phase

    rules = StargateRules(load_variant(DRAFT5).model)
    for g in range(5):
        state, players, rngs = _start(rules, g, "random")
        while state.phase is not Phase.OVER:
            assert state.seat == (state.start + state.turn_in_round) % state.n
            state = _step(rules, state, players, rngs)
        moved = state.replace(start=1, turn_in_round=2)
        assert moved.seat == 3 % state.n
        assert state.replace(seat=2).seat == 2


def test_planet_scores_stay_right_and_the_memo_bounded_when_it_starts_afresh(monkeypatch) -> None:
    """`Scoring.planet` (a memo per planet card and owners) gives the same final scores with a
    memo that is emptied every few entries as with a fresh rules object, and never holds more
    than its limit."""
    from playtest.games.stargate.scoring import Scoring

    expected = [_alone(DRAFT5, g, "greedy") for g in range(8)]  # with the memo's own limit
    monkeypatch.setattr(Scoring, "MEMO_LIMIT", 3)
    shared = StargateRules(load_variant(DRAFT5).model)
    for g in range(8):
        state, players, rngs = _start(shared, g, "greedy")
        while not shared.is_terminal(state):
            state = _step(shared, state, players, rngs)
            assert len(shared.scoring._memo) <= 3
        assert shared.result(state) == expected[g], g
