"""Properties over random play: colonists, chips and tiles are conserved, a world holds at most
one good, goods only disappear by trade or consume, gold never goes negative, games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.powers import HANDLERS
from playtest.games.newfrontiers.schema import POWER_CLASSES, Power
from playtest.games.newfrontiers.state import State

from .helpers import rules_for

RULES = {"base": rules_for(), "goals": rules_for("goals")}


def check_invariants(rules, s: State, n: int) -> None:
    t = rules.tiles
    assert s.colonist_stock + sum(p.colonists + p.placed + p.mat_colonists for p in s.players) == 10 * n + 4
    assert s.chips + sum(p.chips for p in s.players) == 12 * n
    places = Counter(s.bag) + Counter(s.draw)
    for p in s.players:
        assert p.gold >= 0 and p.colonists >= 0
        assert len(set(p.goods)) == len(p.goods), "a world holds at most one good"
        assert set(p.goods) <= set(p.worlds)
        assert all(t.worlds[w].kind != "military" for w in p.goods)
        assert len(p.worlds) - 1 + len(p.unsettled) <= rules.r.explore.world_limit or s.todo[0].kind == "discard"
        assert t.worlds[p.worlds[0]].home
        places.update(p.unsettled)
        places.update(p.worlds[1:])
        places.update(p.mat_worlds)
        assert p.placed == 1 + sum(t.worlds[w].colonists for w in p.worlds[1:])
        # the sums the Profile keeps for scoring and the greedy evaluation follow the tiles
        assert p.prof.tile_vp == sum(t.worlds[w].vp for w in p.worlds) + sum(t.devs[d].vp for d in p.devs)
        assert p.prof.production_worlds == sum(1 for w in p.worlds if t.worlds[w].kind == "production")
        assert p.prof.consume_goods == sum(c.goods for c in p.prof.consume)
        assert p.prof.gold_on_total == sum(p.prof.gold_on.values())
    assert places == Counter(range(t.n_home, len(t.worlds))), "every world tile is in exactly one place"
    goals = Counter(s.goal_deck) + Counter(s.goal_offer)
    for p in s.players:
        goals.update(p.goals_down)
        goals.update(p.goals_up)
    assert goals == (Counter(range(len(t.goals))) if rules.goals_on else Counter())
    assert s.draw == tuple(sorted(set(s.draw))), "the explore draw is kept sorted (its moves are listed in order)"
    parts = scoring.score_parts(t, s, rules.hidden_for_everyone)
    assert scoring.totals(t, s, rules.hidden_for_everyone) == [sum(x.values()) for x in parts]
    if not rules.goals_on:
        assert [scoring.vp_without_goals(t, p) for p in s.players] == [sum(x.values()) for x in parts]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), variant=st.sampled_from(sorted(RULES)))
def test_random_play_keeps_invariants_and_ends(seed, n, variant):
    rules = RULES[variant]
    rng = random.Random(seed)
    s = rules.initial_state(n, rng=rng)
    steps = 0
    while not rules.is_terminal(s):
        check_invariants(rules, s, n)
        legal = rules.legal_actions(s)
        assert legal
        log: list = []
        before = sum(len(p.goods) for p in s.players)
        nxt = rules.apply(s, legal[rng.randrange(len(legal))], rng=rng, log=log)
        gone = before - sum(len(p.goods) for p in nxt.players)
        removed = sum(1 for e in log if e.kind in ("trade", "consume"))
        created = sum(1 for p0, p1 in zip(s.players, nxt.players, strict=True) for w in p1.goods if w not in p0.goods)
        assert gone == removed - created, "goods vanish only by trade or consume"
        s = nxt
        steps += 1
        assert steps < 5000
    check_invariants(rules, s, n)
    assert s.triggers and s.round <= rules.r.end.max_rounds


def test_every_power_kind_has_a_handler():
    assert set(POWER_CLASSES) == set(HANDLERS)
    assert set(Power.__origin__.__args__) == set(POWER_CLASSES)  # type: ignore[attr-defined]


def test_folding_a_power_into_a_profile_never_changes_the_profile_it_folds_from():
    """Profiles share their dicts and lists (`Profile.then`): a handler must replace a container,
    never change it in place, or a memoised Profile of other tiles would change with it."""
    from copy import deepcopy

    from playtest.games.newfrontiers import schema as S
    from playtest.games.newfrontiers.powers import profile_of

    examples = [S.Military(kind="military", amount=2), S.GoldOn(kind="gold_on", action="produce"),
                S.Discount(kind="discount", action="develop"), S.ExtraGood(kind="extra_good", color=None),
                S.Consume(kind="consume", goods=2), S.ExploreDraw(kind="explore_draw"),
                S.SettleReward(kind="settle_reward", gold=1), S.ExtraSettle(kind="extra_settle"),
                S.EndBonus(kind="end_bonus", per="world")]
    assert {type(p) for p in examples} == set(POWER_CLASSES)  # a new power kind needs an example here
    source = profile_of(examples)
    before = deepcopy(source.__dict__)
    for power in examples:
        folded = source.then([power])
        assert folded.__dict__ != before, type(power).__name__
        assert source.__dict__ == before, type(power).__name__


@pytest.mark.parametrize("variant", sorted(RULES))
def test_views_hide_other_players_face_down_goals(variant):
    rules = RULES[variant]
    rng = random.Random(3)
    s = rules.initial_state(4, rng=rng)
    while not s.over and not any(p.goals_down for p in s.players[1:]):
        legal = rules.legal_actions(s)
        s = rules.apply(s, legal[rng.randrange(len(legal))], rng=rng)
    v = rules.view(s, 0)
    for i, p in enumerate(v.state.players):
        if i:
            assert all(g == -1 for g in p.goals_down)
    # Nor can they be told by elimination: the deck's goals were shown (sorted), and every goal
    # neither in it, in the offer, face up nor seat 1's own was the others' face-down one.
    assert len(v.state.goal_deck) == len(s.goal_deck) and all(g == -1 for g in v.state.goal_deck)
    sampled = rules.sample_state(v, rng=random.Random(1))
    assert all(g >= 0 for p in sampled.players for g in p.goals_down)
    check_invariants(rules, sampled, 4) if rules.goals_on else None


@pytest.mark.parametrize("variant", sorted(RULES))
def test_evaluate_gives_win_shares_and_sample_state_keeps_the_public_position(variant):
    rules = RULES[variant]
    rng = random.Random(8)
    s = rules.initial_state(3, rng=rng)
    for _ in range(120):
        if s.over:
            break
        shares = rules.evaluate(s)
        assert len(shares) == 3 and all(0.0 <= x <= 1.0 for x in shares)
        assert sum(shares) == pytest.approx(1.0)
        seat = rules.current_seat(s)
        sampled = rules.sample_state(rules.view(s, seat), rng=random.Random(2))
        assert sampled.players[seat] == s.players[seat]
        assert [p.worlds for p in sampled.players] == [p.worlds for p in s.players]
        assert rules.legal_actions(sampled) == rules.legal_actions(s)
        legal = rules.legal_actions(s)
        s = rules.apply(s, legal[rng.randrange(len(legal))], rng=rng)
    while not s.over:
        legal = rules.legal_actions(s)
        s = rules.apply(s, legal[rng.randrange(len(legal))], rng=rng)
    assert rules.evaluate(s) == [x.win_share for x in rules.result(s).seats]


def random_states(rules, seed: int, players=(2, 3, 4, 5)):
    """(state, its legal moves) for every state of random games, one game per player count
    (the walk the property tests below check each claim on)."""
    rng = random.Random(seed)
    for n in players:
        s = rules.initial_state(n, rng=rng)
        while not s.over:
            legal = rules.legal_actions(s)
            yield s, legal
            s = rules.apply_legal(s, legal[rng.randrange(len(legal))], rng=rng)


def every_legal_move(rules, seed: int, players=(2, 3, 4, 5)):
    """(state, move) for every legal move of every state of `random_states`."""
    for s, legal in random_states(rules, seed, players):
        for move in legal:
            yield s, move


@pytest.mark.parametrize("variant", sorted(RULES))
def test_apply_legal_gives_what_apply_gives_on_every_legal_move(variant):
    """`apply_legal` (the runner's and the greedy bot's call) skips only the legality check;
    `preview` gives the same players and end, and `complete` then gives the same state."""
    rules = RULES[variant]
    checked = 0
    for s, move in every_legal_move(rules, 11, players=(4,)):
        log_a: list = []
        log_b: list = []
        a = rules.apply_legal(s, move, rng=random.Random(checked), log=log_a)
        b = rules.apply(s, move, rng=random.Random(checked), log=log_b)
        assert a == b and log_a == log_b
        seen = rules.preview(s, move, rng=random.Random(checked))  # what the greedy bot values
        assert seen.players == a.players and seen.over == a.over
        assert rules.complete(seen, rng=random.Random(checked)) == a  # the preview finished
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("variant", sorted(RULES))
def test_mover_after_is_the_mover_apply_legal_leaves_alone_changed(variant):
    """`mover_after`, when not None, is the deciding player after the move, every other player
    is unchanged and the game goes on (on every legal move of whole random games)."""
    rules = RULES[variant]
    known = round_last = 0
    for s, move in every_legal_move(rules, 5):
        p = rules.mover_after(s, move)
        if p is None:
            continue
        known += 1
        round_last += len(s.selectors) == s.n
        seat = rules.current_seat(s)
        a = rules.apply_legal(s, move, rng=random.Random(known))
        assert p == a.players[seat] and not a.over
        assert all(q == s.players[i] for i, q in enumerate(a.players) if i != seat)
        if move.verb == "pass":
            assert p is s.players[seat]
    assert known > 200 and round_last > 10


@pytest.mark.parametrize("variant", sorted(RULES))
def test_decision_follows_only_when_the_action_goes_on(variant):
    """`decision_follows`, when True, means `apply_legal` stops at a decision of the same action
    (the round and the game go on); it says True for moves of every kind that can; when
    `may_end_after` is False the game goes on (on every legal move of whole random games)."""
    rules = RULES[variant]
    verbs: Counter = Counter()
    for s, move in every_legal_move(rules, 9):
        if rules.decision_follows(s, move):
            a = rules.apply_legal(s, move, rng=random.Random(len(verbs)))
            assert not a.over and a.round == s.round and a.selectors == s.selectors
            assert a.action == s.action  # the same action (the next selection resets it)
            verbs[move.verb] += 1
        if not rules.may_end_after(s, move):  # (a round's last action only when a decision follows)
            assert not rules.apply_legal(s, move, rng=random.Random(len(verbs))).over
    assert {"take", "discard", "develop", "settle", "colonists", "pass"} <= set(verbs)


@pytest.mark.parametrize("variant", sorted(RULES))
def test_may_decide_next_is_false_only_when_another_seat_decides_next(variant):
    """`may_decide_next(preview, seat)`, when False, means `complete(preview)` is over or asks
    another seat; it is False often (on every legal move of whole random games, for every seat)."""
    rules = RULES[variant]
    told = asked = 0
    for s, move in every_legal_move(rules, 13):
        seen = rules.preview(s, move, rng=random.Random(asked))
        full = rules.complete(seen, rng=random.Random(asked))
        for seat in range(s.n):
            asked += 1
            if not rules.may_decide_next(seen, seat):
                told += 1
                assert full.over or rules.current_seat(full) != seat
    assert told > asked / 2


@pytest.mark.parametrize("variant", sorted(RULES))
def test_mover_may_decide_after_is_false_only_when_another_seat_decides_next(variant):
    """`mover_may_decide_after(state, move)`, when False, means `apply_legal` is over or asks
    another seat than the mover, as `may_decide_next` of the move's preview then says; it is
    False often (on every legal move of whole random games)."""
    rules = RULES[variant]
    told = asked = 0
    for s, move in every_legal_move(rules, 19):
        asked += 1
        if not rules.mover_may_decide_after(s, move):
            told += 1
            seat = rules.current_seat(s)
            a = rules.apply_legal(s, move, rng=random.Random(asked))
            assert a.over or rules.current_seat(a) != seat
            assert not rules.may_decide_next(rules.preview(s, move, rng=random.Random(asked)), seat)
    assert told > asked / 6


@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_verbs_said_to_queue_nothing_queue_nothing(variant):
    """`mover_may_decide_after` trusts `QUEUE_NOTHING`, a summary of what the handlers do: a
    move of those verbs leaves the tasks after it as they were (a take over the world limit
    adds only its discard), on every legal move of whole random games."""
    from playtest.games.newfrontiers.decisions import QUEUE_NOTHING

    rules = RULES[variant]
    seen: Counter = Counter()
    for s, move in every_legal_move(rules, 23, players=(2, 4, 5)):
        if move.verb in QUEUE_NOTHING:
            after = rules._moved(s, move, random.Random(0), None).todo
            if move.verb == "take" and rules.take_over_limit(s.players[s.todo[0].seat]):
                assert after[0].kind == "discard" and after[1:] == s.todo[1:]
            else:
                assert after == s.todo[1:], move
            seen[move.verb] += 1
    assert {"take", "discard", "develop", "trade", "pass", "colonists"} <= set(seen)


@pytest.mark.parametrize("variant", sorted(RULES))
def test_profiles_folded_from_the_last_tile_equal_profiles_built_from_all_tiles(variant):
    """The rules build a player's Profile from the one before its last development or settled
    world (`Profile.then`, sharing containers that handlers replace rather than change); every
    Profile of whole random games, and of every move `mover_after` answers, equals the Profile
    folded from all the player's tiles, and folding never changes the Profile folded from."""
    from playtest.games.newfrontiers.powers import profile_of

    rules = RULES[variant]
    t = rules.tiles

    def from_all_tiles(p):
        prof = profile_of([x for w in p.worlds for x in t.worlds[w].powers] + [x for d in p.devs for x in t.devs[d].powers])
        prof.tile_vp = sum(t.worlds[w].vp for w in p.worlds) + sum(t.devs[d].vp for d in p.devs)
        prof.production_worlds = sum(1 for w in p.worlds if t.worlds[w].kind == "production")
        prof.tile_bonus = sum(b.vp * scoring.count(t, p, b.per, b.world_kind, b.color, b.large_only)
                              for b in prof.end_bonuses if b.per in scoring.TILE_COUNTS)
        return prof

    rng = random.Random(17)
    checked = 0
    for n in (2, 3, 4, 5):
        s = rules.initial_state(n, rng=rng)
        while not s.over:
            legal = rules.legal_actions(s)
            before = [from_all_tiles(p) for p in s.players]
            for move in legal:
                p = rules.mover_after(s, move)
                if p is not None:
                    assert p.prof == from_all_tiles(p)
                    checked += 1
            assert [p.prof for p in s.players] == before  # unchanged by the folds
            s = rules.apply_legal(s, legal[rng.randrange(len(legal))], rng=rng)
            for p in s.players:
                assert p.prof == from_all_tiles(p)
    assert checked > 200


def test_values_taking_is_player_value_after_each_take_to_the_last_bit():
    """`evaluation.values_taking` (the greedy bot's take values) equals `player_value` of the
    player `mover_after` gives for each take, exactly (on every explore decision of whole
    random games)."""
    from playtest.games.newfrontiers.evaluation import player_value, tables, values_taking

    rules = RULES["base"]
    tb = tables(rules)
    checked = 0
    for s, legal in random_states(rules, 7, (2, 3, 4, 5) * 3):
        takes = [m for m in legal if m.verb == "take"]
        if takes and rules.mover_after(s, takes[0]) is not None:
            p = s.players[rules.current_seat(s)]
            got = values_taking(rules, p, [rules.tiles.world_index[m.arg] for m in takes], tb)
            assert got == [player_value(rules, rules.mover_after(s, m), tb) for m in takes]
            checked += len(takes)
    assert checked > 200


def test_values_developing_is_player_value_after_each_development_to_the_last_bit():
    """`evaluation.values_developing` (the greedy bot's development values) equals `player_value`
    of the player `mover_after` gives for each development it values, exactly (on every develop
    decision of whole random games)."""
    from playtest.games.newfrontiers.evaluation import player_value, tables, values_developing

    rules = RULES["base"]
    tb = tables(rules)
    checked = 0
    for s, legal in random_states(rules, 8, (2, 3, 4, 5) * 3):
        seat = rules.current_seat(s)
        p = s.players[seat]
        devs = [m for m in legal if m.verb == "develop" and tb.developing[rules.tiles.dev_index[m.arg]] is not None]
        if devs and not p.prof.end_bonuses and rules.mover_after(s, devs[0]) is not None:
            ds = [rules.tiles.dev_index[m.arg] for m in devs]
            got = values_developing(p, ds, [rules.develop_cost(s, seat, d) for d in ds], tb)
            assert got == [player_value(rules, rules.mover_after(s, m), tb) for m in devs]
            checked += len(devs)
    assert checked > 200


def test_greedy_games_of_any_player_count_play_the_same_on_shared_rules():
    """Greedy bots of one variant share the last position valued (`Tables.last_position`): a game
    after games of other player counts on the same rules plays as on fresh rules."""
    from playtest.games.newfrontiers.bots import make_bot
    from playtest.sim.runner import play_game

    def play(rules, n):
        bots = [make_bot("greedy", rules, s) for s in range(n)]
        return play_game(rules, bots, n_players=n, deal_rng=random.Random(n),
                         bot_rngs=[random.Random(10 * n + s) for s in range(n)]).result

    shared = rules_for()
    for n in (4, 2, 3):
        assert play(shared, n) == play(rules_for(), n)
