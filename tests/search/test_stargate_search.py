"""`mcts` on Stargate: a known best placement found within a small budget; options work."""

from __future__ import annotations

import random

import pytest

from playtest.core.bots import make_bot
from playtest.games import get_game
from playtest.games.stargate.actions import Place
from playtest.games.stargate.rules import Phase, StargateRules, State
from playtest.variants import load_variant
from tests.conftest import ROOT
from tests.stargate.helpers import board, make_rules, new_game

SPEC = get_game("stargate")


def last_turn(rules: StargateRules) -> State:
    """Two players, the game's last turn: seat 0 (the last to move in the round) has one cube
    in hand, stocks are empty. Seat 1 holds planet e (1000 VP per slot) with one cube in slot 1.
    A cube on e ties 1–1 and wins the tie (its first cube sits further back): 2000 VP for
    seat 0 and the game; a cube anywhere else scores at most 1000 less than seat 1."""
    state = new_game(rules, "a b c d e", players=2, start=1)
    e = state.circle.index([p.id for p in rules.variant.planets].index("e"))
    b = list(state.board)
    b[e] = (1,)
    return state.replace(board=tuple(b), hand=(1, 0), stock=(0, 0), turn_in_round=1)


def play_out(rules: StargateRules, state: State, name: str, seed: int) -> State:
    bot = make_bot(SPEC, name, rules, 0)
    rng = random.Random(seed)
    while not rules.is_terminal(state):
        assert rules.current_seat(state) == 0
        action = bot.choose(rules.view(state, 0), rules.legal_actions(state), rng=rng)
        state = rules.apply(state, action, rng=rng)
    return state


@pytest.mark.parametrize("name", ["mcts:60", "mcts:60:depth=2", "mcts:60:reward=margin", "mcts:30:rollout=greedy",
                                  "ismcts:60"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_finds_the_placement_that_wins_the_majority(name: str, seed: int) -> None:
    rules = make_rules()
    start = last_turn(rules)
    assert rules.current_seat(start) == 0 and start.phase is Phase.CREW
    end = play_out(rules, start, name, seed)
    assert board(rules, end)["e"] == (1, 0)
    result = rules.result(end)
    assert result.seats[0].win_share == 1.0


def test_a_random_player_misses_it_often() -> None:
    """The position is a real test: most placements lose."""
    rules = make_rules()
    start = last_turn(rules)
    wins = 0
    for seed in range(40):
        state = start
        rng = random.Random(seed)
        while not rules.is_terminal(state):
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[rng.randrange(len(legal))], rng=rng)
        wins += rules.result(state).seats[0].win_share == 1.0
    assert wins < 30


def test_the_winning_placement_is_the_most_visited_root_action() -> None:
    rules = make_rules()
    state = last_turn(rules)
    crew = rules.legal_actions(state)[0]
    state = rules.apply(state, crew, rng=random.Random(0))
    while state.phase is not Phase.PLACE:  # a skill step first: take its first option
        state = rules.apply(state, rules.legal_actions(state)[0], rng=random.Random(0))
    legal = rules.legal_actions(state)
    assert Place(("e",)) in legal and len(legal) > 3
    bot = make_bot(SPEC, "mcts:40", rules, 0)
    assert bot.choose(state, legal, rng=random.Random(9)) == Place(("e",))


def test_evaluate_is_a_win_share_estimate() -> None:
    rules = make_rules()
    values = SPEC.evaluate(rules, last_turn(rules))
    assert len(values) == 2 and abs(sum(values) - 1) < 1e-9
    assert values[1] > values[0]  # seat 1 leads by 1000 VP on the board
    assert SPEC.sample_state(rules, last_turn(rules), rng=random.Random(0)) == last_turn(rules)


def test_evaluate_values_cubes_in_hand_by_the_placements_they_will_buy() -> None:
    """Cut-off rollouts see what Bays is for: with equal boards, the seat with more cubes in
    hand is the likelier winner, until the game has no turn left to place them."""
    variant = load_variant(ROOT / "variants/stargate/draft5.yaml")
    rules = SPEC.make_rules(variant.model)
    start = rules.initial_state(4, rng=random.Random(1))
    even = SPEC.evaluate(rules, start)
    assert max(even) - min(even) < 1e-12
    richer = SPEC.evaluate(rules, start.replace(hand=(5, 3, 3, 3), stock=(7, 9, 9, 9)))
    assert richer[0] > max(richer[1:]) and abs(sum(richer) - 1) < 1e-9
    last = SPEC.evaluate(rules, start.replace(hand=(5, 3, 3, 3), stock=(0, 9, 9, 9)))
    assert max(last) - min(last) < 1e-12  # the stock has run out: this round is the last


def test_the_evaluations_memo_of_circles_is_bounded(monkeypatch) -> None:
    """The evaluation lives as long as the rules object (one per process in a run, which deals a
    circle per game): its memo of placement worth per circle starts afresh at the limit."""
    import playtest.games.stargate.bots as bots_module
    from playtest.games.stargate.sampling import _evaluation

    monkeypatch.setattr(bots_module, "CIRCLE_MEMO_LIMIT", 5)
    rules = SPEC.make_rules(load_variant(ROOT / "variants/stargate/draft5.yaml").model)
    circles = {rules.initial_state(4, rng=random.Random(g)).circle for g in range(40)}
    for circle in circles:
        SPEC.evaluate(rules, rules.setup(4, circle))
        assert len(_evaluation(rules)._placement_vp) <= 5
    assert len(circles) > 5


def test_reuse_keeps_the_subtree_for_the_same_seats_next_decision() -> None:
    """With reuse=yes the placement search starts from the crew search's subtree (more visits
    at its root than its own budget); the same seed gives the same moves."""
    rules = make_rules()
    start = last_turn(rules)
    roots = []
    for _ in range(2):
        bot = make_bot(SPEC, "mcts:40:reuse=yes", rules, 0)
        rng = random.Random(4)
        state, moves = start, []
        while not rules.is_terminal(state):
            action = bot.choose(rules.view(state, 0), rules.legal_actions(state), rng=rng)
            if bot._last is not None:
                roots.append(bot._last[0].visits)
            moves.append(action)
            state = rules.apply(state, action, rng=rng)
        assert board(rules, state)["e"] == (1, 0)
        roots.append(tuple(moves))
    assert roots[: len(roots) // 2] == roots[len(roots) // 2:]
    assert max(v for v in roots if isinstance(v, int)) > 40


def test_search_steps_with_apply_legal_when_the_rules_have_it() -> None:
    """Every tree and rollout step applies an action just taken from `legal_actions`, so search
    uses the rules' `apply_legal` (no second check of the action; +9% iterations/s on
    Stargate, 2026-12-02) and never `apply`; the chosen move is the same either way."""

    class Counting(StargateRules):
        applied = checked = 0

        def apply(self, state, action, *, rng=None, log=None):  # type: ignore[no-untyped-def]
            type(self).checked += 1
            return super().apply(state, action, rng=rng, log=log)

        def apply_legal(self, state, action, *, rng=None, log=None):  # type: ignore[no-untyped-def]
            type(self).applied += 1
            return super().apply_legal(state, action, rng=rng, log=log)

    plain = make_rules()
    rules = Counting(plain.variant)
    start = last_turn(rules)
    bot = make_bot(SPEC, "mcts:40", rules, 0)
    chosen = bot.choose(rules.view(start, 0), rules.legal_actions(start), rng=random.Random(5))
    assert Counting.checked == 0 and Counting.applied >= 40
    same = make_bot(SPEC, "mcts:40", plain, 0).choose(plain.view(start, 0), plain.legal_actions(start),
                                                       rng=random.Random(5))
    assert chosen == same
