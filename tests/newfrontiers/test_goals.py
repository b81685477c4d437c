"""The goals option: Galaxy goals replaces Retreat; draw 3 keep 1; the flip rule; goal scoring."""

from __future__ import annotations

import pytest

from playtest.errors import IllegalActionError
from playtest.games.newfrontiers.chance import ScriptedChance
from playtest.games.newfrontiers.play import move_detail
from playtest.games.newfrontiers.state import parse_move

from .helpers import edit, ids, legal, play, rules_for

R = rules_for("goals")


def start_goals(n=4):
    return R.initial_state(n, rng=ScriptedChance(deck=list(range(len(R.tiles.goals)))))


def test_goals_replaces_retreat():
    s = start_goals()
    moves = legal(R, s)
    assert "select goals" in moves and "select retreat" not in moves


def test_galaxy_goals_bonus_draw_keep_and_bottom_of_the_deck():
    s = play(R, start_goals(), "select envoy")  # seat 1 stays in front; seat 2 selects next
    s = play(R, s, "select goals")
    assert s.players[1].gold == 3 + 1
    assert s.track == (1, 0, 2, 3)  # moved up one place
    # The two goals returned lie 14th and 15th under the 13 left: the fifth draw from now takes both,
    # and whoever draws them sees both and chooses again, so their order is no choice (later_draws).
    assert legal(R, s) == ["keep g01", "keep g02", "keep g03"]
    s = play(R, s, "keep g02")
    g = R.tiles.goal_index
    assert s.players[1].goals_down == (g["g02"],)
    assert s.goal_deck[-2:] == (g["g01"], g["g03"]) and s.goal_deck[0] == g["g04"]


def test_the_two_goals_returned_go_under_the_deck_in_the_order_the_player_chooses():
    """The seed: 目標カードを３枚引き１枚を得て２枚を山札の下に任意の順番で戻す (return two to the
    bottom of the deck in any order). Until 2026-12-04 the engine always returned them in the
    order drawn. The order decides who draws which when the two fall into different later draws:
    with 16 goals the third pair returned lies 15th and 16th under 14 (`later_draws`), split
    between two draws, and there both orders are listed and the one written is kept. Where both
    come up in the same draw the order decides no draw: one listed move (h219: 8 goals drawn listed
    40,320 moves, not 8), and an order written otherwise is that move, its goals under the deck as
    written: they are that draw's "order drawn", which a plain `keep` there returns the others in
    (h226, h227: kept in the order drawn, a table's later plain keep dealt another game)."""
    g = R.tiles.goal_index
    s = play(R, start_goals(), "select goals")  # g01 g02 g03 drawn; 13 left
    assert [m for m in legal(R, s) if m.startswith("keep g02")] == ["keep g02"]
    assert play(R, s, "keep g02 return g03 g01").goal_deck[-2:] == (g["g03"], g["g01"])
    assert play(R, s, "keep g02").goal_deck[-2:] == (g["g01"], g["g03"])
    # Played on, 2 players: keeping the first goal of every draw; at the third draw (11 left) the two
    # returned are split between two later draws, and the order written is the order kept.
    s, kept = start_goals(2), []
    while len(kept) < 3:
        if s.todo[0].kind == "goal":
            offer = [R.tiles.goals[x].id for x in s.goal_offer]
            keeps = [m for m in legal(R, s) if m.split()[1] == offer[0]]
            if len(kept) == 2:
                assert keeps == [f"keep {offer[0]}", f"keep {offer[0]} return {offer[2]} {offer[1]}"]
                view = R.view(s, R.current_seat(s))
                assert move_detail(R, view, parse_move(keeps[1])).endswith(
                    f" — the others under the deck in this order: {offer[2]}, {offer[1]} ({offer[2]} comes up first)")
                assert move_detail(R, view, parse_move(keeps[0])).endswith(
                    f" — the others under the deck in the order drawn: {offer[1]}, {offer[2]} ({offer[1]} comes up first)")
                s = play(R, s, f"keep {offer[0]} return {offer[2]} {offer[1]}")
                assert s.goal_deck[-2:] == (g[offer[2]], g[offer[1]])
            else:
                assert keeps == [f"keep {offer[0]}"]
                s = play(R, s, f"keep {offer[0]}")
            kept.append(offer[0])
        else:
            moves = legal(R, s)
            s = play(R, s, "select goals" if "select goals" in moves else
                     "pass" if "pass" in moves else next(m for m in moves if m != "select explore"))
    assert kept == ["g01", "g04", "g07"]


def test_a_new_goal_turns_every_face_down_goal_face_up():
    s = play(R, start_goals(), "select goals", "keep g01")
    assert s.players[0].goals_down == (0,)
    s = play(R, s, "select envoy", "select trade", "trade h4", "select develop", "pass", "pass", "pass", "pass")
    assert s.round == 2 and s.track == (1, 0, 2, 3)
    log = []
    s = play(R, s, "select goals", log=log)  # seat 2 draws g04 g05 g06 (g02, g03 went to the bottom)
    assert [m for m in legal(R, s) if " return " not in m] == ["keep g04", "keep g05", "keep g06"]
    s = play(R, s, "keep g05", log=log)
    assert s.players[0].goals_down == () and s.players[0].goals_up == (0,)
    assert s.players[1].goals_down == (4,)
    assert [(e.kind, e.seat, e.data["item"]) for e in log if e.kind.startswith("goal")] == [
        ("goal_flip", 0, "g01"), ("goal_keep", 1, "g05")]


def test_face_up_goals_score_for_everyone_and_so_do_face_down_ones_at_the_end_unless_owner_only():
    g = R.tiles.goal_index
    s = start_goals()
    # Warlord (most military, 4): seat 2 has military 1 (Old Terra Dock), everyone else 0.
    s = edit(s, 0, goals_up=(g["g01"],))
    # Blue Harvest (1 per blue world), face down at the end, held by seat 3: revealed, it scores for
    # every player (RULINGS); with hidden_score: owner only seat 3 scores it (0 blue worlds).
    s = edit(s, 2, goals_down=(g["g05"],), worlds=ids(R, "h3 w01 w02"))
    s = edit(s, 3, worlds=ids(R, "h4 w04"))
    s.over = True
    goals = [x.components["goals"] for x in R.result(s).seats]
    assert goals == [1, 4, 2, 1]  # Blue Harvest counts for seat 1 (Cradle Prime) and seat 4 (Brine Moon) too
    r2 = rules_for("goals", ("goals.hidden_score=owner",))
    goals2 = [x.components["goals"] for x in r2.result(s).seats]
    assert goals2 == [0, 4, 2, 0]


def test_storage_mat_stores_when_its_action_is_carried_out_and_scores_for_the_owner():
    g = R.tiles.goal_index
    deck = [g["g14"], g["g15"], g["g16"], *(i for i in range(len(R.tiles.goals)) if i not in (13, 14, 15))]
    s = R.initial_state(4, rng=ScriptedChance(deck=deck))
    s = play(R, s, "select goals", "keep g14")  # Frontier Reserve: a colonist on settle, 1 VP a store
    assert s.players[0].goals_down == (g["g14"],)
    s = edit(s, 0, colonists=2)
    s = play(R, s, "select settle")  # seat 2 selects; holders may store before the action is carried out
    assert R.current_seat(s) == 0 and legal(R, s) == ["store g14", "pass"]
    s = play(R, s, "store g14")
    p = s.players[0]
    assert (p.colonists, p.mat_colonists, p.stored, p.goals_up, p.goals_down) == (1, 1, ((g["g14"], 1),), (g["g14"],), ())
    assert R.current_seat(s) == 1  # then Settle: the selector first
    s.over = True
    assert [x.components["goals"] for x in R.result(s).seats] == [1, 0, 0, 0]


@pytest.mark.parametrize("move", ["keep g02 return g02 g03", "keep g02 return g03", "keep g02 return g03 g04"])
def test_a_return_list_that_is_not_the_other_two_goals_says_which_they_are(move):
    """`keep g02 return g02 g03` was refused as "must keep one of the goals drawn" (with the legal
    moves): true, but it did not say what was wrong with the return list."""
    s = play(R, start_goals(), "select goals")  # g01 g02 g03 drawn
    assert R.why_illegal(s, parse_move(move)) == ("the goals returned are the ones not kept, g01 and g03, in the "
                                                  "order they go under the deck (drawn: g01, g02, g03)")


def test_eight_goals_drawn_are_eight_moves_not_every_order_of_the_seven_returned():
    """`goals_draw: 8` listed 8 × 7! = 40,320 moves at the first Galaxy goals (and `play` printed
    126,053 lines): the seven returned lie 9th to 15th under 8, all for the next draw but one, so
    only the goal kept is a choice (h219)."""
    rules = rules_for("goals", ("rules.bonuses.goals_draw=8",))
    s = play(rules, rules.initial_state(4, rng=ScriptedChance(deck=list(range(len(rules.tiles.goals))))),
             "select goals")
    assert legal(rules, s) == [f"keep g0{i}" for i in range(1, 9)]


def test_an_order_written_within_one_later_draw_is_that_draw_s_order_for_a_plain_keep_there():
    """h226, h227: `keep g01 return g03 g02` (both for the sixth draw) went under the deck as g02
    g03, the order drawn; the sixth draw then offered g16 g02 g03, and its plain `keep g16`
    returned g02 before g03, so the ninth draw dealt g02 where the table, which put g03 first,
    dealt g03: a transcript's `keep g03` there was refused."""
    s, offers, first = start_goals(2), [], True
    while len(offers) < 9:
        if s.todo[0].kind == "goal":
            offer = [R.tiles.goals[x].id for x in s.goal_offer]
            offers.append(offer)
            s = play(R, s, "keep g01 return g03 g02" if first else f"keep {offer[0]}")
            first = False
        else:
            moves = legal(R, s)
            s = play(R, s, "select goals" if "select goals" in moves else
                     "pass" if "pass" in moves else next(m for m in moves if m != "select explore"))
    assert offers[5] == ["g16", "g03", "g02"] and offers[8] == ["g14", "g15", "g03"]


def test_any_order_of_goals_returned_is_accepted_as_the_listed_move_it_comes_to_and_kept_as_written():
    """6 goals drawn of 16: the five returned lie 11th to 15th under 10, two for the second draw
    from now and three for the third. `keep g01 return g06 g05 g04 g03 g02` is not listed (each
    share is listed in the order drawn: `keep g01 return g05 g06 g02 g03 g04`) but comes to its
    game: accepted, and under the deck as written; a set that is not the goals returned is refused."""
    rules = rules_for("goals", ("rules.bonuses.goals_draw=6",))
    g = rules.tiles.goal_index
    s = play(rules, rules.initial_state(4, rng=ScriptedChance(deck=list(range(len(rules.tiles.goals))))),
             "select goals")
    written = "keep g01 return g06 g05 g04 g03 g02"
    assert written not in legal(rules, s) and "keep g01 return g05 g06 g02 g03 g04" in legal(rules, s)
    after = play(rules, s, written)
    assert after.goal_deck[-5:] == tuple(g[x] for x in ("g06", "g05", "g04", "g03", "g02"))
    with pytest.raises(IllegalActionError, match="the goals returned are the ones not kept"):
        play(rules, s, "keep g01 return g06 g05 g04 g03 g07")
