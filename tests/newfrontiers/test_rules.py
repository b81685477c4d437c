"""Hand-scored golden cases, one or more per rule of RULINGS.md's New Frontiers section.

Base tile set, 4 players, home worlds fixed: seat 1 Cradle Prime h1 (blue; consume 1 good → 1 VP;
1 VP), seat 2 Old Terra Dock h2 (brown; military 1), seat 3 New Eden h3 (green; +1 gold on
Produce), seat 4 Aurum Landing h4 (yellow windfall; develop −1). Seats are 0-based in code.
"""

from __future__ import annotations

import pytest

from playtest.errors import IllegalActionError
from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.state import parse_move

from .helpers import dev, edit, ids, legal, play, rules_for, start

R = rules_for()


def finish_round(state, rules=R):
    """Everyone passes where they may, selects anything but Explore (no draw scripted), else
    takes the first legal move, until the round ends."""
    rnd = state.round
    while not state.over and state.round == rnd:
        moves = legal(rules, state)
        pick = "pass" if "pass" in moves else next(m for m in moves if m != "select explore")
        state = play(rules, state, pick)
    return state


def test_setup_gold_compensation_home_worlds_and_stocks():
    s = start(R)
    assert [p.gold for p in s.players] == [3, 3, 4, 4]  # last two of four get +1
    assert [p.worlds for p in s.players] == [ids(R, "h1"), ids(R, "h2"), ids(R, "h3"), ids(R, "h4")]
    assert [p.colonists for p in s.players] == [0, 0, 0, 0]
    assert [p.placed for p in s.players] == [1, 1, 1, 1]
    assert s.colonist_stock == 10 * 4 + 4 - 4
    assert s.chips == 48
    assert s.players[3].goods == ids(R, "h4")  # a windfall home world gets its good when settled
    assert s.track == (0, 1, 2, 3)
    assert len(s.bag) == 40
    assert rules_for(overrides=("rules.setup.compensation.3=[0,1,2]",)).initial_state(3, rng=None).players[2].gold == 5
    three = rules_for().initial_state(3, rng=None)
    assert [p.gold for p in three.players] == [3, 3, 4]
    assert [p.gold for p in rules_for("no-compensation").initial_state(4, rng=None).players] == [3, 3, 3, 3]
    assert rules_for(overrides=("rules.stocks.home_from_stock=false",)).initial_state(4, rng=None).colonist_stock == 44
    extra = rules_for(overrides=("rules.setup.extra_colonists=2",)).initial_state(2, rng=None)
    assert [p.colonists for p in extra.players] == [2, 2] and extra.colonist_stock == 24 - 2 * 3


def test_retreat_pays_two_gold_and_the_action_is_gone_for_the_round():
    s = play(R, start(R), "select retreat")
    assert s.players[0].gold == 5
    assert R.current_seat(s) == 1
    assert "select retreat" not in legal(R, s)
    with pytest.raises(IllegalActionError, match="retreat was already selected this round"):
        R.apply(s, parse_move("select retreat"), rng=None)


def test_develop_selector_discount_power_discount_and_order():
    s = play(R, start(R), "select develop")
    assert R.current_seat(s) == 0
    assert "develop d15" not in legal(R, s)  # 9 − 1 > 3 gold
    s = play(R, s, "develop d04")  # Trade Guild 4, bonus −1 → 3
    assert s.players[0].gold == 0 and s.players[0].devs == dev(R, "d04")
    assert R.current_seat(s) == 1
    assert "develop d04" not in legal(R, s)  # full price 4 > 3 gold
    s = play(R, s, "develop d03")  # Frontier Militia, full price 3
    assert s.players[1].gold == 0 and s.players[1].prof.military == 1 + 2
    s = play(R, s, "develop d04")
    assert s.players[2].gold == 0
    assert s.devs_left[R.tiles.dev_index["d04"]] == 1
    s = play(R, s, "develop d13")  # Academy 5, home world develop −1 → 4
    assert s.players[3].gold == 0
    assert R.current_seat(s) == 1 and legal(R, s)[0].startswith("select")


def test_a_second_copy_of_a_development_with_unique_developments_off():
    """`rules.unique_developments: false` (RULINGS sets no limit per kind; the default is one
    copy each): Ann buys Frontier Militia d03 (3 - 1 selector's bonus = 2 gold) in two rounds,
    10 -> 8 -> 6 gold, 1 VP each (a second rules check's transcript, 2026-12-02)."""
    R = rules_for(overrides=("rules.unique_developments=false",))
    s = edit(start(R, 2), 0, gold=10)
    s = play(R, s, "select develop", "develop d03", "pass", "select retreat",
             "select develop", "develop d03", "pass", "select envoy")
    ann = s.players[0]
    assert (ann.devs, ann.gold, ann.prof.military) == (dev(R, "d03 d03"), 6, 4)
    assert s.devs_left[R.tiles.dev_index["d03"]] == 1
    assert scoring.totals(R.tiles, s)[0] == 1 + 1 + 1  # h1 + two d03 (no chips)


def test_who_carries_out_an_action_after_its_selector():
    """Track 1 2 3 4 (seats 0-3), seat 3 selects Develop: by default the others follow from the
    top of the track (3, 1, 2, 4 in seat numbers from 1); `rules.action_order: from_selector`
    goes round from the selector (3, 4, 1, 2)."""
    for overrides, after in (((), [0, 1, 3]), (("rules.action_order=from_selector",), [3, 0, 1])):
        r = rules_for(overrides=overrides)
        s = play(r, start(r), "select retreat", "select envoy")  # seats 0 and 1 have selected
        s.track = (0, 1, 2, 3)  # (the envoy moved seat 1 to the front: put it back)
        for seat in range(4):
            s = edit(s, seat, gold=9)  # everyone can buy something, so everyone is asked
        s = play(r, s, "select develop", "pass")  # seat 2 (0-based), the selector, first
        seen = []
        while not s.over and s.todo[0].kind == "develop":
            seen.append(r.current_seat(s))
            s = play(r, s, "pass")
        assert seen == after, overrides


def test_develop_unique_and_copies_and_unaffordable_reason():
    """By default (RULINGS: "a development tile still available") a player may buy another copy
    of a kind they own; `rules.unique_developments: true` refuses it. No copy left, or too
    little gold, is refused either way."""
    for rules, unique in ((R, False), (rules_for(overrides=("rules.unique_developments=true",)), True)):
        s = edit(start(rules), 0, gold=20, devs=dev(rules, "d04"))
        s.devs_left = tuple(0 if i == rules.tiles.dev_index["d05"] else c for i, c in enumerate(s.devs_left))
        s = play(rules, s, "select develop")
        moves = legal(rules, s)
        assert ("develop d04" in moves) is not unique
        assert "develop d05" not in moves and "develop d06" in moves
        assert rules.why_illegal(s, parse_move("develop d04")) == ("seat 1 already owns d04" if unique else None)
        assert rules.why_illegal(s, parse_move("develop d05")) == "no d05 left"
        s = play(rules, s, "pass")
        assert rules.why_illegal(s, parse_move("develop d15")) == "d15 costs 9 gold, seat 2 has 3"


def test_a_player_in_debt_is_offered_no_development():
    """Gold below zero (a variant with negative compensation) buys nothing: a Develop decision
    offers no development at all (once a per-gold table read -1 as "every development")."""
    s = edit(start(R), 1, gold=-2)
    s = play(R, s, "select develop", "develop d04")  # seat 0 develops; seat 1 has no decision
    assert R.current_seat(s) == 2 and "develop d03" in legal(R, s)
    assert s.players[1].gold == -2 and not s.players[1].devs


def test_explore_shared_draw_bonus_pick_and_rest_back_in_bag():
    log = []
    s = play(R, start(R), "select explore", draws=["w01 w02 w03 w04 w05 w06 w07"], log=log)
    assert s.draw == ids(R, "w01 w02 w03 w04 w05 w06 w07") and len(s.bag) == 33
    assert legal(R, s)[-1] == "pass"
    s = play(R, s, "take w05", "take w01", "take w02", "pass")
    assert R.current_seat(s) == 0  # the selector's bonus pick, after everyone
    assert "pass" not in legal(R, s)  # a bonus cannot be declined
    s = play(R, s, "take w07")
    assert [p.unsettled for p in s.players] == [ids(R, "w05 w07"), ids(R, "w01"), ids(R, "w02"), ()]
    assert s.draw == () and len(s.bag) == 36 and set(ids(R, "w03 w04 w06")) <= set(s.bag)
    assert R.current_seat(s) == 1


def test_explore_draw_power_enlarges_the_draw_and_gives_an_extra_pick():
    s = edit(start(R), 1, devs=dev(R, "d01"))
    R.refresh(s.players[1])
    s = play(R, s, "select explore", draws=["w01 w02 w03 w04 w05 w06 w07 w08"])
    s = play(R, s, "take w01", "take w02")
    assert R.current_seat(s) == 1  # Survey Drones: one more pick right after its own
    s = play(R, s, "take w03", "take w04", "take w05", "take w06")
    assert s.players[1].unsettled == ids(R, "w02 w03") and s.players[0].unsettled == ids(R, "w01 w06")


def test_world_limit_forces_a_discard_of_an_unsettled_world():
    eight = ids(R, "w11 w12 w13 w14 w15 w16 w17 w18")
    s = edit(start(R), 0, unsettled=eight)
    s = play(R, s, "select explore", draws=["w01 w02 w03 w04 w05 w06 w07"])
    s = play(R, s, "take w01")
    assert R.current_seat(s) == 0 and legal(R, s) == [f"discard {w}" for w in
                                                       ["w11", "w12", "w13", "w14", "w15", "w16", "w17", "w18", "w01"]]
    s = play(R, s, "discard w12")
    assert s.players[0].unsettled == ids(R, "w11 w13 w14 w15 w16 w17 w18 w01")
    assert R.tiles.world_index["w12"] in s.bag
    assert R.current_seat(s) == 1


def test_settle_by_gold_by_military_colonists_and_decline():
    s = start(R)
    s = edit(s, 0, unsettled=ids(R, "w09"))
    s = edit(s, 1, unsettled=ids(R, "w25 w26"), colonists=1)
    log = []
    s = play(R, s, "select settle", log=log)
    assert s.players[0].colonists == 1 and s.colonist_stock == 39  # bonus colonist, before settling
    s = play(R, s, "settle w09", log=log)  # Verdant Reach: 3 gold, 1 colonist
    p = s.players[0]
    assert (p.gold, p.colonists, p.placed, p.worlds, p.unsettled) == (0, 0, 2, ids(R, "h1 w09"), ())
    assert legal(R, s) == ["settle w25", "colonists", "pass"]
    assert R.why_illegal(s, parse_move("settle w26")) == "w26 needs military 2, seat 2 has 1"
    s = play(R, s, "settle w25", log=log)  # Raider Outpost: military 1 ≥ 1, pays nothing
    assert s.players[1].gold == 3 and s.players[1].worlds == ids(R, "h2 w25")
    assert s.players[1].prof.military == 2
    s = play(R, s, "colonists", "pass")
    assert s.players[2].colonists == 2 and s.players[3].colonists == 0
    assert s.colonist_stock == 37
    settles = [e for e in log if e.kind == "settle"]
    assert [(e.data["method"], e.data["cost"]) for e in settles] == [("gold", 3), ("military", 0)]


def test_settle_windfall_good_settle_reward_and_settle_discount():
    s = edit(start(R), 0, unsettled=ids(R, "w17 w09"), colonists=1, devs=dev(R, "d02 d06"), gold=2)
    R.refresh(s.players[0])
    s = play(R, s, "select settle")
    assert legal(R, s)[:2] == ["settle w17", "settle w09"]  # w09: 3 − 1 (Terraforming Crews) = 2
    s = play(R, s, "settle w17")  # Drifting Cache: windfall, cost 1 − 1 = 0
    p = s.players[0]
    assert p.gold == 2 and R.tiles.world_index["w17"] in p.goods
    assert p.colonists == 2 - 1 + 1  # bonus 1 + start 1 − 1 used + 1 from Colony Ships


def test_two_settles_in_one_action_use_the_powers_held_when_the_action_began():
    s = edit(start(R), 0, unsettled=ids(R, "w27 w28 w25"), colonists=2, devs=dev(R, "d11 d03"))
    R.refresh(s.players[0])
    assert s.players[0].prof.military == 2
    s = play(R, s, "select settle", "settle w27")  # Garrison Rock: military 2 ≥ 2, gives +1
    assert s.players[0].prof.military == 3 and R.current_seat(s) == 0  # Pioneer Charter: a second settle
    assert legal(R, s) == ["settle w25", "pass"]  # no colonists option in the second settle
    assert R.why_illegal(s, parse_move("settle w28")) == "w28 needs military 3, seat 1 has 2"
    s = play(R, s, "settle w25")
    assert s.players[0].worlds == ids(R, "h1 w27 w25") and R.current_seat(s) == 1
    # In the next Settle action Garrison Rock's +1 counts: Warlord's Keep (military 3) is possible.
    s = edit(s, 0, colonists=2)
    s = finish_round(s)
    s = play(R, s, "select settle")
    assert R.current_seat(s) == 0 and "settle w28" in legal(R, s)


def test_produce_goods_windfall_bonus_and_gold_power():
    s = edit(start(R), 0, worlds=ids(R, "h1 w17 w05"))
    log = []
    s = play(R, s, "select produce", log=log)
    assert [p.goods for p in s.players[1:]] == [ids(R, "h2"), ids(R, "h3"), ids(R, "h4")]
    assert s.players[0].goods == ids(R, "h1 w05")  # the windfall world w17 does not produce...
    assert legal(R, s) == ["windfall w17"]  # ...but the selector's bonus puts a good on it
    s = play(R, s, "windfall w17")
    assert s.players[0].goods == ids(R, "h1 w05 w17")
    assert s.players[2].gold == 5  # New Eden: +1 gold on Produce
    s2 = play(R, s, "select develop", "pass", "pass", "pass", "pass", "select retreat", "select explore",
              draws=["w01 w02 w03 w04 w05 w06 w07"])
    assert s2.round == 1  # produce again is not possible this round; a world holds one good at most
    assert len(s2.players[0].goods) == 3


def test_produce_pile_grows_each_round_without_produce_and_goes_to_its_selector():
    s = play(R, start(R), "select retreat", "select envoy", "select trade", "trade h4", "select develop",
             "pass", "pass", "pass", "pass")
    assert s.round == 2 and s.pile == 1
    assert s.track == (1, 0, 2, 3)  # envoy: seat 2 to the front
    assert [p.chips for p in s.players] == [0, 1, 1, 0]
    assert s.players[3].gold == 8  # traded its yellow good for 4
    s = play(R, s, "select produce")
    assert s.players[1].gold == 4 and s.pile == 0 and s.players[1].pile_gold == 1


def test_pile_accumulates_without_limit():
    s = start(R)
    s.pile = 7
    s = play(R, s, "select retreat", "select envoy", "select trade", "trade h4", "select develop",
             "pass", "pass", "pass", "pass")
    assert s.pile == 8


def test_trade_then_consume_powers_as_far_as_goods_allow():
    four = ids(R, "h1 w13 w09 w01")
    s = edit(start(R), 0, worlds=four, goods=four)
    s = play(R, s, "select trade")
    assert s.players[0].chips == 1  # bonus
    assert legal(R, s) == ["trade h1", "trade w13", "trade w09", "trade w01", "pass"]
    s = play(R, s, "trade w13")  # yellow: 4 gold
    assert s.players[0].gold == 7
    assert legal(R, s) == ["consume h1", "consume w09", "consume w01"]  # Cradle Prime: must consume 1
    s = play(R, s, "consume w01")
    p = s.players[0]
    assert (p.chips, p.gold, p.goods) == (2, 7, ids(R, "h1 w09"))
    assert s.chips == 46
    assert R.current_seat(s) == 3  # seats 2 and 3 have no goods and no choice: not asked


def test_the_player_chooses_which_consume_power_takes_each_good():
    """RULINGS: every consume power is used as far as the goods allow, the player choosing the
    goods; the seed: 可能な限り使用 (Race for the Galaxy style), so the player also chooses the
    order of the powers. Cradle Prime h1 (any good -> 1 VP) was acquired before Sporegarden w10
    (a green good -> 2 VP); a plain `consume <world>` uses the best power for that good."""
    s = edit(start(R), 0, worlds=ids(R, "h1 w10"), goods=ids(R, "w10"))
    R.refresh(s.players[0])
    s = play(R, s, "select trade", "pass")  # keeps the green good
    assert legal(R, s) == ["consume w10", "consume w10 with h1"]
    best = play(R, s, "consume w10")  # w10's own power: 2 VP (the engine once forced h1's: 1 VP)
    assert (best.players[0].chips, best.players[0].goods) == (1 + 2, ())
    worse = play(R, s, "consume w10 with h1")
    assert (worse.players[0].chips, worse.players[0].goods) == (1 + 1, ())
    # A power named that cannot take the good says why (it said only 'w10 with w34 is not a choice here').
    with pytest.raises(IllegalActionError, match=r"seat 1 has no consume power w34 in play \(theirs: h1, w10\)"):
        R.apply(s, parse_move("consume w10 with w34"), rng=None)
    s = edit(s, 0, goods=ids(R, "w10 h1"))
    s.legal = tuple(R._moves(s, s.todo[0]))
    with pytest.raises(IllegalActionError, match="the consume power of w10 takes only green goods, not blue"):
        R.apply(s, parse_move("consume h1 with w10"), rng=None)
    with pytest.raises(IllegalActionError, match="the consume power of w10 was used already in this trade"):
        R.apply(play(R, s, "consume w10"), parse_move("consume h1 with w10"), rng=None)


def test_consume_powers_go_on_in_the_players_order_while_goods_allow():
    """Green w09 and blue w01 with h1 (any -> 1 VP) and w10 (green -> 2 VP): green to w10, then
    the blue to h1 uses both powers (1 + 2 + 1 chips); green to h1 first leaves w10 nothing it
    takes, so the consuming ends there and the blue good stays."""
    s = edit(start(R), 0, worlds=ids(R, "h1 w10 w09 w01"), goods=ids(R, "w09 w01"))
    R.refresh(s.players[0])
    s = play(R, s, "select trade", "pass")
    assert legal(R, s) == ["consume w09", "consume w09 with h1", "consume w01"]
    both = play(R, s, "consume w09")
    assert legal(R, both) == ["consume w01"]
    both = play(R, both, "consume w01")
    assert (both.players[0].chips, both.players[0].goods) == (4, ())
    one = play(R, s, "consume w09 with h1")
    assert (one.players[0].chips, one.players[0].goods) == (2, ids(R, "w01"))
    assert R.current_seat(one) == 3  # seat 0 is done; seats 1 and 2 hold no goods


def test_a_plain_consume_takes_the_power_paying_most_vp_then_gold():
    """h1 (any -> 1 VP) and Tradewind Station w33 (any -> 2 gold): a plain consume is h1's VP;
    `with w33` takes the gold. The tiles' consume powers are named by `consume_sources`."""
    s = edit(start(R), 0, worlds=ids(R, "h1 w33 w01"), goods=ids(R, "w01"))
    R.refresh(s.players[0])
    s = play(R, s, "select trade", "pass")
    assert R.consume_sources(s.players[0]) == ("h1", "w33")
    assert legal(R, s) == ["consume w01", "consume w01 with w33"]
    vp = play(R, s, "consume w01")
    gold = play(R, s, "consume w01 with w33")
    assert (vp.players[0].chips, vp.players[0].gold) == (2, 3)
    assert (gold.players[0].chips, gold.players[0].gold) == (1, 5)


def test_alike_powers_are_one_choice_and_any_of_them_may_be_named():
    """h1 and Market Ring w34 both take any good for 1 VP (alike: listed once); Tradewind
    Station w33 pays 2 gold. `with h1` and `with w34` name the listed plain move's kind of power
    and are accepted for it (a transcript need not know which one the engine lists)."""
    s = edit(start(R), 0, worlds=ids(R, "h1 w34 w33 w01"), goods=ids(R, "w01"))
    R.refresh(s.players[0])
    s = play(R, s, "select trade", "pass")
    assert legal(R, s) == ["consume w01", "consume w01 with w33"]
    plain = play(R, s, "consume w01").players[0]
    for named in ("consume w01 with h1", "consume w01 with w34"):
        assert R.why_illegal(s, parse_move(named)) is None
        assert play(R, s, named).players[0].chips == plain.chips == 2


def test_a_plain_consume_prefers_a_power_limited_to_the_goods_color_when_they_pay_alike():
    """Sporegarden w10 made to pay 1 VP for a green good, like h1 for any good: the green good goes
    to w10, keeping h1 for the blue one (both powers used: 1 + 1 + 1 chips)."""
    r = rules_for(overrides=("worlds.w10.powers.0.vp=1",))
    s = edit(start(r), 0, worlds=ids(r, "h1 w10 w09 w01"), goods=ids(r, "w09 w01"))
    r.refresh(s.players[0])
    s = play(r, s, "select trade", "pass")
    assert legal(r, s) == ["consume w09", "consume w09 with h1", "consume w01"]
    s = play(r, s, "consume w09", "consume w01")
    assert (s.players[0].chips, s.players[0].goods) == (3, ())


def test_a_tiles_second_consume_power_is_named_with_its_number():
    """Trade Guild d04 given a second power (a blue good -> 3 gold): named `d04:2`."""
    r = rules_for(overrides=("developments.d04.powers=[{kind: consume, goods: 1, vp: 1}, "
                             "{kind: consume, goods: 1, color: blue, vp: 0, gold: 3}]",))
    s = edit(start(r), 1, worlds=ids(r, "h2 w01"), goods=ids(r, "w01"), devs=dev(r, "d04"))
    r.refresh(s.players[1])
    s = play(r, s, "select retreat", "select trade", "pass")
    assert r.consume_sources(s.players[1]) == ("d04", "d04:2")
    assert legal(r, s) == ["consume w01", "consume w01 with d04:2"]
    gold = s.players[1].gold
    s = play(r, s, "consume w01 with d04:2")
    assert s.players[1].gold == gold + 3


def test_each_copy_of_a_development_consumes_its_own_goods_only():
    """Two copies of Trade Guild d04 (2 goods each) and Consumer Markets d10 (2 goods) consume 6 of
    8 goods however the player names them (a copy once named twice took goods without end)."""
    r = rules_for(overrides=("rules.unique_developments=false",))
    eight = ids(r, "w01 w08 w09 w11 w12 w13 w14 w15")
    s = edit(start(r), 1, worlds=ids(r, "h2") + eight, goods=eight, devs=dev(r, "d10 d04 d04"))
    r.refresh(s.players[1])
    s = play(r, s, "select retreat", "select trade", "pass")
    consumed = 0
    while not s.over and r.current_seat(s) == 1 and s.todo[0].kind == "consume":
        moves = legal(r, s)
        s = play(r, s, next((m for m in moves if m.endswith("with d04")), moves[0]))
        consumed += 1
    assert consumed == 6 and len(s.players[1].goods) == 2


def test_prices_come_from_the_variant():
    r = rules_for(overrides=("rules.goods.yellow=6",))
    s = play(r, start(r), "select trade", "trade h4") if False else None  # seat 4 holds the yellow good
    s = play(r, start(r), "select trade")
    assert r.current_seat(s) == 3
    s = play(r, s, "trade h4")
    assert s.players[3].gold == 4 + 6


def test_envoy_vp_chip_and_front_of_the_track():
    s = play(R, start(R), "select retreat", "select develop", "pass", "pass", "pass", "pass")
    s = play(R, s, "select envoy")
    assert s.track == (2, 0, 1, 3) and s.players[2].chips == 1
    assert R.current_seat(s) == 3


def test_end_trigger_eighth_world_ends_after_the_round():
    seven = ids(R, "h1 w01 w02 w03 w04 w05 w06")
    s = edit(start(R), 0, worlds=seven, unsettled=ids(R, "w09"), colonists=1, gold=9)
    s = play(R, s, "select settle", "settle w09")
    assert not s.over
    s = finish_round(s)
    assert s.over and s.triggers == ("worlds",) and R.result(s).rounds == 1


def test_end_trigger_eleventh_development_large_counts_two():
    nine = dev(R, "d01 d02 d03 d04 d05 d06 d07 d08 d09")
    s = edit(start(R), 0, devs=nine, gold=20)
    s = play(R, s, "select develop", "develop d15")
    s = finish_round(s)
    assert s.over and s.triggers == ("developments",)
    s = edit(start(R), 0, devs=nine, gold=20)
    s = finish_round(play(R, s, "select develop", "develop d10"))  # 10 points: not yet
    assert not s.over


def test_end_trigger_chip_stock_runs_out_and_stocks_never_limit_gains():
    s = start(R)
    s.chips = 0
    s = play(R, s, "select envoy")
    assert s.players[0].chips == 1 and s.chips == -1
    s = finish_round(s)
    assert s.over and s.triggers == ("chips",)


def test_end_trigger_settle_selected_with_four_or_fewer_colonists():
    s = start(R)
    s.colonist_stock = 5
    s = finish_round(play(R, s, "select settle"))
    assert not s.over
    s = start(R)
    s.colonist_stock = 4
    s = play(R, s, "select settle")
    assert s.triggers == ("colonists",) and not s.over
    assert s.players[0].colonists == 1 and s.colonist_stock == 3
    s = finish_round(s)
    assert s.over


def test_disabled_trigger_does_not_fire():
    r = rules_for(overrides=("rules.end.chips_out=false",))
    s = start(r)
    s.chips = 0
    s = finish_round(play(r, s, "select envoy"), r)
    assert not s.over


def test_scoring_parts_and_tie_break_by_gold_and_goods():
    s = start(R)
    s = edit(s, 0, chips=4, gold=2)  # + Cradle Prime 1 VP = 5; gold 2 + no good = 2 ... see below
    s = edit(s, 0, goods=ids(R, "h1"))  # gold 2 + 1 good = 3
    s = edit(s, 1, chips=5, gold=3)  # 5; 3
    s = edit(s, 2, chips=5, gold=1)  # 5; 1
    s = edit(s, 3, chips=0, gold=9, goods=())
    s.over = True
    res = R.result(s)
    assert [x.total for x in res.seats] == [5, 5, 5, 0]
    assert [x.rank for x in res.seats] == [1, 1, 3, 4]
    assert [x.win_share for x in res.seats] == [0.5, 0.5, 0, 0]
    assert res.seats[0].components == {"chips": 4, "worlds": 1, "developments": 0, "bonus": 0, "goals": 0}


def test_large_development_end_bonus():
    s = edit(start(R), 1, worlds=ids(R, "h2 w25 w26 w01"), devs=dev(R, "d16 d03"))
    R.refresh(s.players[1])
    s.over = True
    comp = R.result(s).seats[1].components
    assert comp["developments"] == 3 + 1 and comp["bonus"] == 2 * 2  # Imperial Fleet: 2 per military world
    assert comp["worlds"] == 0 + 1 + 2 + 1


def test_a_profile_extended_by_a_development_equals_the_profile_built_from_scratch():
    r, scratch = rules_for(), rules_for()
    worlds = tuple(range(len(r.tiles.worlds)))
    devs = tuple(range(len(r.tiles.devs)))
    for k in range(1, len(devs) + 1):
        extended = r._profile(worlds, devs[:k])  # built on the profile of devs[:k - 1]
        assert extended == scratch._build_profile(worlds, devs[:k]) and not scratch._profiles


def test_a_trade_of_a_world_without_a_good_says_what_the_world_lacks():
    """`trade w21` of an explored, unsettled world replayed as 'w21 is not a choice here': no
    reason, where a settle names it ('holds no unsettled world', 'costs 3 gold, ... has 2'). The
    reason now says what the world lacks: settling, the world itself, or a good."""
    s = edit(start(R), 0, worlds=ids(R, "h1 w01 w09"), goods=ids(R, "w09"), unsettled=ids(R, "w21"))
    R.refresh(s.players[0])
    s = play(R, s, "select trade")
    for move, why in (("trade w21", "w21 is not settled yet, so it holds no good"),
                      ("trade w05", "seat 1 holds no world w05"),
                      ("trade w01", "w01 holds no good")):
        with pytest.raises(IllegalActionError, match=f"^{move}: {why} \\(legal: trade w09, pass\\)$"):
            R.apply(s, parse_move(move), rng=None)
