"""Crews dealt at random (`crews_dealt`, a pool bigger than a hand): the deal is seeded, a variant
without the key deals as before, and a crew not dealt plays no part in the game."""

from __future__ import annotations

import math
import random

import polars as pl
import pytest

from playtest.errors import IllegalActionError, TranscriptError
from playtest.games.stargate.actions import TakeCrew
from playtest.games.stargate.bots import Evaluation, evaluate, make_bot
from playtest.games.stargate.metrics import crew_pick_rates, crew_pick_rates_by_round
from playtest.games.stargate.rules import Phase, StargateRules, State
from playtest.games.stargate.state import evolve
from playtest.games.stargate.transcript import (
    dump_transcript,
    read_transcript,
    record_game,
    replay_file,
)
from playtest.rng import DEAL, bot_stream, stream
from playtest.sim.runner import play_game
from playtest.variants import load_variant
from tests.stargate.helpers import DRAFT5, ROOT, make_rules

NEW_CREWS = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"
DEVELOPMENT = ROOT / "variants" / "stargate" / "draft6-development.yaml"


def _ids(rules: StargateRules, crews: tuple[int, ...]) -> list[str]:
    return [rules.crew_ids[c] for c in crews]


def _play_rounds(rules: StargateRules, state: State, rounds: int, *, avoid: str = "") -> State:
    """Play whole rounds with the first legal action of each decision (a crew other than `avoid`
    where there is one)."""
    target = state.round + rounds
    while state.round < target and not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        pick = next((a for a in legal if not (isinstance(a, TakeCrew) and a.crew == avoid)), legal[0])
        state = rules.apply(state, pick)
    return state


def test_the_deal_is_seeded_and_keeps_the_variant_s_order() -> None:
    rules = make_rules("crews_dealt.4=4", path=DRAFT5)
    deals = [rules.initial_state(4, rng=random.Random(seed)).crews_in_game for seed in range(30)]
    assert deals == [rules.initial_state(4, rng=random.Random(seed)).crews_in_game for seed in range(30)]
    assert all(len(d) == 4 and list(d) == sorted(d) for d in deals)
    assert len(set(deals)) > 5  # random: not the same four every game
    state = rules.initial_state(4, rng=random.Random(3))
    assert state.available == state.crews_in_game
    # the circle is dealt first, from the same stream: the same circle as without crews_dealt
    assert state.circle == make_rules(path=DRAFT5).initial_state(4, rng=random.Random(3)).circle


def test_a_player_count_not_named_and_a_variant_without_the_key_deal_as_before() -> None:
    """No crew is drawn (the stream is left where the circle left it) and every crew plays:
    every existing variant's games stay the same for the same seed."""
    for rules, players in ((make_rules(path=DRAFT5), 4), (make_rules("crews_dealt.4=4", path=DRAFT5), 3)):
        rng, same = random.Random(9), random.Random(9)
        state = rules.initial_state(players, rng=rng)
        circle = same.sample(range(len(rules.planet_ids)), rules.variant.planets_dealt[players])
        assert state.circle == tuple(circle)
        assert rng.random() == same.random()  # nothing else drawn
        assert state.crews_in_game == state.available == rules.all_crews


def test_only_the_dealt_crews_are_offered_and_return_at_the_round_s_end() -> None:
    rules = make_rules("crews_dealt.4=5", path=DRAFT5)
    state = rules.setup(4, [0, 3, 6, 9, 1, 4, 7], crews=[5, 0, 2, 3, 4])  # every crew but orlins (1)
    assert state.crews_in_game == (0, 2, 3, 4, 5)
    assert [a.crew for a in rules.legal_actions(state)] == _ids(rules, (0, 2, 3, 4, 5))
    with pytest.raises(IllegalActionError, match=r"crew 'orlins' is not in this game \(its crews: armstrong, "
                                                 r"audrin, rahel, anderson, bays\)"):
        rules.apply(state, TakeCrew("orlins"))
    after = _play_rounds(rules, state, 1)
    assert after.round == 2 and after.phase is Phase.CREW
    assert after.available == (0, 2, 3, 4, 5)  # not every crew of the variant


def test_crews_returning_each_turn_stay_the_dealt_ones() -> None:
    rules = make_rules("crews_return=end_of_turn", "crews_dealt.4=2", path=DRAFT5)
    state = rules.setup(4, [0, 3, 6, 9, 1, 4, 7], crews=[4, 2])
    for _ in range(3):
        state = _play_rounds(rules, state, 1)
        assert state.available == (2, 4)


def test_a_crew_not_dealt_gathers_no_time() -> None:
    """Draft 6c's Bays gains time each round nobody takes it (Puerto Rico style): only when it is
    in the game. Dealt and never taken, it gathers; not dealt, it stays at 0."""
    rules = make_rules("crews_dealt.4=6", path=NEW_CREWS)
    bays = rules.crew_index["bays"]
    others = [c for c in rules.all_crews if c != bays]
    circle = [0, 3, 6, 9, 1, 4, 7]
    without = _play_rounds(rules, rules.setup(4, circle, crews=others[:6]), 3)
    assert without.round == 4 and without.crew_bonus[bays] == 0
    with_bays = _play_rounds(rules, rules.setup(4, circle, crews=[bays, *others[:5]]), 3, avoid="bays")
    assert with_bays.round == 4 and with_bays.crew_bonus[bays] == 3


# --- transcripts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", [("greedy", "random", "scripted:bays-first", "random"), ("random",) * 3])
def test_a_recorded_game_with_crews_dealt_replays_to_the_runner_s_result(tmp_path, bots) -> None:
    """The transcript writes the crews dealt (`crews:`) and `replay` sets up that game: the
    same crews, the same moves legal, the same scores as the runner's game."""
    n = len(bots)
    overrides = [f"crews_dealt.{n}={n + 1}"]
    rules = StargateRules(load_variant(DRAFT5, overrides).model)
    played = play_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], n_players=n,
                       deal_rng=stream(7, 2, DEAL), bot_rngs=[stream(7, 2, bot_stream(i)) for i in range(n)])
    data = record_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], variant=str(DRAFT5),
                       overrides=overrides, deal_rng=stream(7, 2, DEAL),
                       bot_rngs=[stream(7, 2, bot_stream(i)) for i in range(n)])
    dealt = rules.initial_state(n, rng=stream(7, 2, DEAL)).crews_in_game
    assert data["crews"] == _ids(rules, dealt) and len(dealt) == n + 1
    text = dump_transcript(data)
    assert f"crews: [{', '.join(_ids(rules, dealt))}]" in text
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    replayed = replay_file(path).to_json()
    assert replayed["crews"] == data["crews"]
    assert replayed["finished"] and replayed["rounds"] == played.result.rounds
    assert [(s["total"], s["rank"]) for s in replayed["scores"]] == [(s.total, s.rank) for s in played.result.seats]
    # without its crews: line the game cannot be set up as it was played
    path.write_text(text.replace(f"crews: [{', '.join(_ids(rules, dealt))}]\n", ""), encoding="utf-8")
    with pytest.raises(TranscriptError, match=r"game.yaml:1:1: crews: required key is missing: the variant deals "
                                              rf"{n + 1} of its 6 crews for {n} players"):
        read_transcript(path)


def test_a_transcript_of_a_variant_without_crews_dealt_has_no_crews_line() -> None:
    rules = make_rules(path=DRAFT5)
    bots = [make_bot("random", rules, i) for i in range(3)]
    data = record_game(rules, bots, variant="v.yaml", deal_rng=random.Random(1), bot_rngs=[random.Random(2)] * 3)
    assert "crews" not in data and "circle" in data


def test_playtest_play_shows_the_crews_of_the_game() -> None:
    """The crew area shows the crews not yet taken this round; where crews are dealt, its title
    names the game's crews (public: Stargate hides nothing)."""
    from rich.console import Console

    from playtest.games.stargate.play import render

    rules = make_rules("crews_dealt.4=5", path=DRAFT5)
    state = rules.setup(4, [0, 3, 6, 9, 1, 4, 7], crews=[0, 2, 3, 4, 5])
    console = Console(width=200, record=True, color_system=None)
    console.print(render(rules, state, 0, ["You", "P2", "P3", "P4"]))
    assert "Crew area (this game's crews, 5 of 6 dealt: armstrong, audrin, rahel, anderson, bays)" in console.export_text()
    console = Console(width=200, record=True, color_system=None)
    console.print(render(make_rules(path=DRAFT5), make_rules(path=DRAFT5).setup(4, [0, 3, 6, 9, 1, 4, 7]), 0,
                         ["You", "P2", "P3", "P4"]))
    assert "Crew area " in console.export_text() and "dealt" not in console.export_text()


# --- metrics --------------------------------------------------------------------------------------


def _events(dealt: bool) -> pl.DataFrame:
    """Two games of two rounds of two turns. Game 0 has crews x and y and takes x every turn;
    game 1 has y and z and takes y, z, y, z (with `dealt`, each game's crew_dealt events say so)."""
    rows = []
    for game, picks in ((0, "xxxx"), (1, "yzyz")):
        for i, crew in enumerate(picks):
            rows.append({"game": game, "kind": "decision", "round": i // 2 + 1, "turn": i + 1, "seat": i % 2,
                         "crew": crew, "first_pick": i % 2 == 0})
        if dealt:
            rows += [{"game": game, "kind": "crew_dealt", "round": 2, "turn": 4, "seat": -1, "crew": crew,
                      "first_pick": None} for crew in ("xy" if game == 0 else "yz")]
    return pl.DataFrame(rows)


def _metric(table: pl.DataFrame, metric: str) -> dict[str, tuple[float, int]]:
    rows = table.filter(pl.col("metric") == metric)
    return {g: (round(e, 6), n) for g, e, n in rows.select("group", "estimate", "n").iter_rows()}


def test_a_crew_s_shares_count_only_the_games_it_was_dealt_into() -> None:
    """x is dealt into one game of two and taken every turn there: a pick rate of 100% of that
    game's 4 turns, not 50% of all 8 (it was not half as popular: it was absent half the time)."""
    picks = crew_pick_rates(_events(dealt=True), ["x", "y", "z"])
    assert _metric(picks, "crew_pick_rate") == {"x": (1.0, 4), "y": (0.25, 8), "z": (0.5, 4)}
    assert _metric(picks, "crew_first_pick_rate") == {"x": (1.0, 2), "y": (0.5, 4), "z": (0.0, 2)}
    assert all("of the games it was dealt into" in d for d in picks["definition"])
    # the chance level of a first pick: 2 crews in each game here, the variant's 3 without dealing (h207)
    first = picks.filter(pl.col("metric") == "crew_first_pick_rate")["definition"].to_list()
    assert all(d.endswith("; a first pick at random would take each crew 1 time in 2.") for d in first)
    undealt = crew_pick_rates(_events(dealt=False), ["x", "y", "z"]).filter(pl.col("metric") == "crew_first_pick_rate")
    assert all(d.endswith("1 time in 3.") for d in undealt["definition"])
    by_round = _metric(crew_pick_rates_by_round(_events(dealt=True)), "crew_pick_rate_by_round")
    assert by_round["round 1 / x"] == (1.0, 2) and by_round["round 2 / z"] == (0.5, 2)
    # A third round that only game 1 plays (without x): no row 'round 3 / x' over no games, where a
    # report listed 'round 10 / vance' as '–' with n 0 (h207)
    third = pl.DataFrame([{"game": 1, "kind": "decision", "round": 3, "turn": 5 + i, "seat": i, "crew": crew,
                           "first_pick": i == 0} for i, crew in enumerate("yz")])
    by_round = _metric(crew_pick_rates_by_round(pl.concat([_events(dealt=True), third], how="diagonal")),
                       "crew_pick_rate_by_round")
    assert "round 3 / x" not in by_round and by_round["round 3 / y"] == (0.5, 2)


def test_without_crews_dealt_every_game_counts_as_before() -> None:
    picks = crew_pick_rates(_events(dealt=False), ["x", "y", "z"])
    assert _metric(picks, "crew_pick_rate") == {"x": (0.5, 8), "y": (0.25, 8), "z": (0.25, 8)}
    assert picks["definition"].to_list()[0] == ("Share of all turns in which this crew was taken (interval "
                                               "cluster-robust over games).")


def test_a_dealt_game_records_its_crews() -> None:
    """One crew_dealt event per crew of the game at its end (the record the metrics read); none
    where the variant deals every crew."""
    for overrides, expected in ((("crews_dealt.4=5",), 5), ((), 0)):
        rules = make_rules(*overrides, path=DRAFT5)
        played = play_game(rules, [make_bot("random", rules, i) for i in range(4)], n_players=4,
                           deal_rng=stream(3, 0, DEAL), bot_rngs=[stream(3, 0, bot_stream(i)) for i in range(4)])
        state = rules.initial_state(4, rng=stream(3, 0, DEAL))
        dealt = [e.data["crew"] for e in played.events if e.kind == "crew_dealt"]
        assert len(dealt) == expected
        if expected:
            assert dealt == _ids(rules, state.crews_in_game)


def test_the_crew_variety_draft_deals_seven_of_its_ten_crews() -> None:
    """variants/stargate/draft6-crew-variety.yaml: draft 6c's seven crews and three new ones, seven
    dealt per game; its games play to the end with the search-free bots at both player counts."""
    rules = make_rules(path=ROOT / "variants" / "stargate" / "draft6-crew-variety.yaml")
    assert len(rules.crew_ids) == 10 and {"kepler", "sagan", "ito"} <= set(rules.crew_ids)
    for players in (3, 4):
        deals = [rules.initial_state(players, rng=stream(1, g, DEAL)).crews_in_game for g in range(40)]
        assert all(len(d) == 7 for d in deals) and set().union(*deals) == set(rules.all_crews)
        played = play_game(rules, [make_bot(b, rules, i) for i, b in enumerate(("greedy", "random", "greedy", "random")[:players])],
                           n_players=players, deal_rng=stream(1, 0, DEAL),
                           bot_rngs=[stream(1, 0, bot_stream(i)) for i in range(players)])
        taken = {e.data["crew"] for e in played.events if e.kind == "decision"}
        in_game = {e.data["crew"] for e in played.events if e.kind == "crew_dealt"}
        assert len(in_game) == 7 and taken <= in_game


def test_play_names_a_cube_gaining_crew_only_when_it_is_in_the_game() -> None:
    """The round's-end line says where cubes come from: Bays' skill only when Bays is dealt."""
    from playtest.games.stargate.play import _from_stock

    rules = make_rules("crews_dealt.4=5", path=DRAFT5)
    bays = rules.crew_index["bays"]
    assert "by the skill of bays" in _from_stock(rules, rules.all_crews)
    assert _from_stock(rules, [c for c in rules.all_crews if c != bays]) == \
        "Cubes come from stock only at each turn's end, 2 a turn."


def test_greedy_values_cubes_by_the_time_of_the_game_s_crews() -> None:
    """`greedy` counts the cubes a seat can still place as at most (mean crew time) x (turns
    left): the mean of this game's crews, not of every crew of the variant. Draft 5 (mean 2.5)
    with 4 of its 6 crews dealt: two turns left (the smallest stock, 3, at 2 a turn), seat 1
    holds 12 cubes and can place 2 x 3 of them with Armstrong, Orlins, Audrin and Rahel (mean
    3), but only 2 x 2 with Audrin, Rahel, Anderson and Bays (mean 2). One Evaluation serves
    both games, as the search bots' shared one does."""
    rules = make_rules("crews_dealt.4=4", path=DRAFT5)
    evaluation = Evaluation(rules, hand_vp=True)
    vp = evaluation.placement_vp((0, 1, 2, 3, 4, 5, 6))
    for crews, lead in (([0, 1, 2, 3], vp * (6 - 5)), ([2, 3, 4, 5], vp * (4 - 4)), ([0, 1, 2, 3], vp * (6 - 5))):
        state = evolve(rules.setup(4, [0, 1, 2, 3, 4, 5, 6], crews=crews), hand=(12, 3, 3, 3), stock=(3, 12, 12, 12))
        assert evaluate(rules, state, 0, evaluation) == pytest.approx(lead + 0.01 * 15)


def test_replay_shows_the_card_slots_only_of_the_game_s_crews(tmp_path) -> None:
    """Draft 6d's Armstrong has extension slots on its card: `replay` lists them (crew_cards,
    "Crew cards' extension slots") when Armstrong was dealt, and not when it was never in the game."""
    overrides = ["crews_dealt.4=4"]
    rules = StargateRules(load_variant(DEVELOPMENT, overrides).model)
    armstrong = rules.crew_index["armstrong"]
    seen = set()
    for seed in range(20):
        dealt = armstrong in rules.initial_state(4, rng=stream(seed, 0, DEAL)).crews_in_game
        if dealt in seen:
            continue
        seen.add(dealt)
        data = record_game(rules, [make_bot("random", rules, i) for i in range(4)], variant=str(DEVELOPMENT),
                           overrides=overrides, deal_rng=stream(seed, 0, DEAL),
                           bot_rngs=[stream(seed, 0, bot_stream(i)) for i in range(4)])
        path = tmp_path / f"game{seed}.yaml"
        path.write_text(dump_transcript(data), encoding="utf-8")
        outcome = replay_file(path)
        assert [c["crew"] for c in outcome.to_json().get("crew_cards", [])] == (["armstrong"] if dealt else [])
        assert ("Crew cards' extension slots" in outcome.text()) == dealt
    assert seen == {True, False}


def test_the_search_bots_evaluation_values_cubes_by_the_time_of_the_game_s_crews() -> None:
    """The search bots' cut-off evaluation (sampling.evaluate) counts the cubes a seat can still
    place as greedy does: at most the mean time of this game's crews a turn. The position of
    test_greedy_values_cubes_by_the_time_of_the_game_s_crews: with Audrin, Rahel, Anderson and
    Bays (mean 2) every seat can place 4 cubes, even shares; with Armstrong, Orlins, Audrin and
    Rahel (mean 3) seat 1 can place 6 and the others 5. With every crew's mean (2.5) both read
    even shares."""
    from playtest.games.stargate.sampling import TEMPERATURE, _evaluation
    from playtest.games.stargate.sampling import evaluate as cutoff

    rules = make_rules("crews_dealt.4=4", path=DRAFT5)
    vp = _evaluation(rules).placement_vp((0, 1, 2, 3, 4, 5, 6))
    ahead = math.exp(vp / TEMPERATURE)
    for crews, first in (([2, 3, 4, 5], 0.25), ([0, 1, 2, 3], ahead / (ahead + 3))):
        state = evolve(rules.setup(4, [0, 1, 2, 3, 4, 5, 6], crews=crews), hand=(12, 3, 3, 3), stock=(3, 12, 12, 12))
        assert cutoff(rules, state)[0] == pytest.approx(first)
