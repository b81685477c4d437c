"""Transcripts: hand-scored replays, an independent re-scoring of a recorded match, errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from playtest.errors import IllegalActionError, TranscriptError
from playtest.games.ohseven.bots import make_bot
from playtest.games.ohseven.transcript import dump_transcript, record, replay
from playtest.sim.runner import play_game

from .helpers import DATA, ROOT, rules_for


def test_two_rebids_round_scored_by_hand():
    rep = replay(DATA / "two_rebids.yaml")
    rnd = rep.to_json()["rounds"][0]
    passes = rnd["deals"][0]["passes"]
    assert [(p["sum"], p.get("rebid"), p.get("bonus")) for p in passes] == [
        (7, "sum", [{"player": "Ann", "points": 1}]),
        (7, "sum", [{"player": "Ben", "points": 1}]),
        (8, None, None),
    ]
    assert rnd["bids"] == {"Ann": 1, "Ben": 7}
    assert (rnd["trump"], rnd["highest_card"], rnd["first_lead"]) == ("H", "7H", "Ben")
    assert [t["winner"] for t in rnd["tricks"]] == ["Ben", "Ben", "Ann", "Ann", "Ann", "Ben", "Ben"]
    assert [(s["player"], s["tricks"], s["score"], s["bonus"], s["total"]) for s in rnd["scores"]] == [
        ("Ann", 3, -2, 1, -1), ("Ben", 4, -3, 1, -2)]
    assert not rep.complete
    assert [(f["player"], f["total"], f["rank"]) for f in rep.final] == [("Ann", -1, 1), ("Ben", -2, 2)]
    text = rep.text()
    assert "bids pass 1: Ann 5S=5, Ben 2S=2 (sum 7) → forced rebid (sum; Ann +1)" in text
    assert "trick 3: Ben 4D, Ann 6H → Ann" in text
    assert f"UNFINISHED: next to play: {rep.to_json()['next_player']}\nStandings after 1 of 7 rounds (incomplete match):" in text


def test_illegal_moves_are_numbered_with_reason():
    with pytest.raises(IllegalActionError) as err:
        replay(DATA / "illegal_follow.yaml")
    # The location is the trick's line in the transcript (an editor can jump to it).
    assert str(err.value) == (f"{DATA / 'illegal_follow.yaml'}:16:9: "
                              "move 8: round 1, trick 1, Ann plays 2D: must follow suit (H was led)")
    assert err.value.move_number == 8
    with pytest.raises(IllegalActionError) as err:
        replay(DATA / "illegal_rebid_card.yaml")
    assert str(err.value) == (f"{DATA / 'illegal_rebid_card.yaml'}:13:13: "
                              "move 4: round 1, Ann bids 5S: 5S was already used as a bid in this deal")


def _rescore(path: Path) -> dict[str, int]:
    """An independent, minimal re-scoring of a base-rules transcript (the test oracle)."""
    data = yaml.safe_load(path.read_text())
    players = data["players"]
    n = len(players)
    suits = "SHDC"  # strongest first
    ranks = "QA234567"

    def bid_key(card: str) -> tuple[int, int]:
        return ranks.index(card[0]), -suits.index(card[1])

    totals = dict.fromkeys(players, 0)
    for r, rnd in enumerate(data["rounds"]):
        dealer = r % n
        order = [(dealer + 1 + i) % n for i in range(n)]
        for deal in rnd["deals"]:
            for bids in deal["bids"]:
                cards = bids if isinstance(bids, list) else [bids[p] for p in players]
                high = max(cards, key=bid_key)
                holders = [i for i in range(n) if cards[i] == high]
                if sum(ranks.index(c[0]) for c in cards) == 7 or len(holders) > 1:
                    for i in holders:
                        totals[players[i]] += 1
        final = cards
        trump = high[1]
        leader = min(holders, key=order.index)
        won = [0] * n
        for trick in rnd["tricks"]:
            led = trick[0][1]
            best = 0
            for k in range(1, n):
                c, b = trick[k], trick[best]
                better = (c[1] == trump and (b[1] != trump or ranks.index(c[0]) > ranks.index(b[0]))) or (
                    c[1] == led == b[1] and ranks.index(c[0]) > ranks.index(b[0]))
                if better:
                    best = k
            leader = (leader + best) % n
            won[leader] += 1
        for i in range(n):
            bid = ranks.index(final[i][0])
            totals[players[i]] += bid + 2 if bid == won[i] else -abs(bid - won[i])
    return totals


@pytest.mark.parametrize("name", ["match5.yaml", "hook4.yaml"])
def test_recorded_matches_agree_with_an_independent_scorer(name: str):
    rep = replay(DATA / name)
    assert rep.complete and len(rep.rounds) == 7
    assert {f["player"]: f["total"] for f in rep.final} == _rescore(DATA / name)


def test_match5_two_decks_shared_win():
    rep = replay(DATA / "match5.yaml")
    assert [(f["player"], f["total"], f["rank"], f["win_share"]) for f in rep.final if f["rank"] == 1] == [
        ("Ann", 11, 1, 0.5), ("Dan", 11, 1, 0.5)]
    assert any(p.get("rebid") == "identical" for r in rep.rounds for d in r["deals"] for p in d["passes"])


def test_docs_example_replays():
    rep = replay(ROOT / "docs" / "examples" / "ohseven-match.yaml")
    assert rep.complete and sorted(f["rank"] for f in rep.final) == [1, 2, 3, 4]


def test_record_then_replay_gives_the_simulated_result(tmp_path: Path):
    rules = rules_for()
    players = ["A", "B", "C", "D", "E", "F"]
    bots = [make_bot("random", rules, i) for i in range(6)]
    data = record(rules, str(ROOT / "variants" / "ohseven" / "base.yaml"), players, bots, seed=7)
    path = tmp_path / "m.yaml"
    path.write_text(dump_transcript(data))
    rep = replay(path)
    played = play_game(rules, [make_bot("random", rules, i) for i in range(6)], n_players=6,
                       deal_rng=random.Random(7), bot_rngs=[random.Random(7001 + i) for i in range(6)])
    assert [f["total"] for f in rep.final] == [int(s.total) for s in played.result.seats]


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "t.yaml"
    p.write_text(text.replace("VARIANT", str(ROOT / "variants" / "ohseven" / "base.yaml")))
    return p


def test_malformed_transcripts_report_file_line_col(tmp_path: Path):
    p = _write(tmp_path, """game: ohseven
variant: VARIANT
players: [Ann, Ben]
rounds:
  - deals:
      - hands:
          Ann: [7S, 5S, 3H, 2D, AC, QC, 9H]
          Ben: [4S, 2S, 7H, 5D, 4D, 3C]
        bids:
          - [5S]
    tricks: []
""")
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [str(x).split(": ", 1)[1] for x in err.value.problems] == [
        "rounds.1.deals.1.hands.Ann.7: not a card: '9H' (cards are rank+suit, e.g. 7S, QH, AD, 2C)",
        "rounds.1.deals.1.hands.Ben: a hand is a list of 7 cards (got 6)",
        "rounds.1.deals.1.bids.1: needs one card per player (2), got 1",
    ]
    assert str(err.value.problems[0]).startswith(f"{p}:7:41: ")


def test_missing_rebid_pass_is_a_transcript_error(tmp_path: Path):
    text = (DATA / "two_rebids.yaml").read_text().replace(
        "../../../variants/ohseven/base.yaml", "VARIANT").replace("          - {Ann: AC, Ben: 7H}\n", "")
    with pytest.raises(TranscriptError, match=r"rounds\.1\.deals\.1: the bids force a rebid \(they total 7\), but the "
                       r"transcript has no further bidding pass in this deal"):
        replay(_write(tmp_path, text))


def test_unknown_keys_and_player_count(tmp_path: Path):
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\nplayers: [Ann]\nround: []\n")
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [x.message for x in err.value.problems] == [  # one mistake, one line: not also "rounds missing"
        "unknown key (did you mean 'rounds'?); valid keys: game, names, notes, players, rounds, set, title, variant"]
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\nplayers: [Ann]\nscores: []\n")
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [(x.path, x.message) for x in err.value.problems] == [  # a key unlike any: both are said
        ("rounds", "required key is missing"),
        ("scores", "unknown key; valid keys: game, names, notes, players, rounds, set, title, variant")]
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\nplayers: [Ann]\nrounds: []\n")
    with pytest.raises(TranscriptError, match="the variant is for 2, 3, 4, 5, 6, 7, 8 or 9 players, not 1"):
        replay(p)


def test_bids_written_where_a_redeal_is_due_say_so(tmp_path: Path):
    """Two cards each: two forced passes use every card, so the rules redeal; a third pass in the
    same deal is told that (it once read "no rebid was forced"; found by an independent check)."""
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\nset: [hand_size=2, rounds=1]\nplayers: [Ann, Ben, Cat]\n"
               "rounds:\n  - deals:\n      - hands: {Ann: [2S, AH], Ben: [QS, AS], Cat: [QH, QD]}\n"
               "        bids:\n          - [2S, QS, QH]\n          - [AH, AS, QD]\n          - [2S, QS, QH]\n"
               "    tricks: []\n")
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [(x.path, x.message) for x in err.value.problems] == [
        ("rounds.1.deals.1.bids.3", "a player has no unused card left for a rebid: the rules redeal here, so "
                                    "these bids belong to a new deal (its own `- hands:` entry)")]


@pytest.mark.parametrize(("old", "new", "line"), [
    ("      - hands:", "      - hand:",
     "8:9: rounds.1.deals.1.hand: unknown key (did you mean 'hands'?); valid keys: bids, hands"),
    ("{Ann: AC, Ben: 7H}", "{Ann: AC, Bem: 7H}",
     "14:23: rounds.1.deals.1.bids.3.Bem: unknown player (did you mean 'Ben'? players: Ann, Ben)"),
    ("          Ben: [4S", "          Bne: [4S",
     "10:11: rounds.1.deals.1.hands.Bne: unknown player (did you mean 'Ben'? players: Ann, Ben)"),
    # a name unlike the one left out (a renamed player): the unknown name's line names Ben, the one
    # player absent, so "missing player(s): Ben" beside it said the same mistake twice (as the hands
    # and New Frontiers' home worlds already said it once)
    ("{Ann: AC, Ben: 7H}", "{Ann: AC, Eve: 7H}",
     "14:23: rounds.1.deals.1.bids.3.Eve: unknown player (did you mean 'Ben'? players: Ann, Ben)"),
])
def test_a_misspelt_key_or_player_is_one_line_with_the_likely_one(tmp_path: Path, old: str, new: str, line: str):
    """One mistake, one line: not also "required key is missing" / "missing player(s): Ben"."""
    text = (DATA / "two_rebids.yaml").read_text().replace("../../../variants/ohseven/base.yaml", "VARIANT")
    p = _write(tmp_path, text.replace(old, new))
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [str(x) for x in err.value.problems] == [f"{p}:{line}"]


def test_a_duplicate_key_counts_list_items_from_1_as_every_transcript_path_does(tmp_path: Path):
    """The YAML reader that variants share counts list items from 0: a transcript's duplicate key
    was `rounds.0.deals.0.bids.2.Ann`, beside `rounds.1.deals.1.bids.3.Bem` for a misspelt name."""
    from playtest.errors import VariantError

    text = (DATA / "two_rebids.yaml").read_text().replace("../../../variants/ohseven/base.yaml", "VARIANT")
    p = _write(tmp_path, text.replace("{Ann: AC, Ben: 7H}", "{Ann: AC, Ben: 7H, Ann: QC}"))
    with pytest.raises(VariantError) as err:
        replay(p)
    assert [str(x) for x in err.value.problems] == [
        f"{p}:14:32: rounds.1.deals.1.bids.3.Ann: duplicate key (first defined at line 14)"]


def test_the_guess_prefers_a_name_missing_from_the_mapping():
    """`Anan:` written beside `Ann:` means Anna (the one missing), not Ann; a deal's `deal:` is
    one line too."""
    from playtest.core.transcript import misspelt
    from playtest.suggest import guess

    assert guess("Anan", ["Ann", "Anna", "Cat"], present=["Ann", "Anan", "Cat"]) == "Anna"
    assert guess("Anan", ["Ann", "Anna", "Cat"]) in ("Ann", "Anna")
    assert misspelt("Anna", ["Ann", "Anan", "Cat"], ["Ann", "Anna", "Cat"])
    assert not misspelt("Ann", ["Ann", "Anan", "Cat"], ["Ann", "Anna", "Cat"])


def test_a_misspelt_deals_key_is_one_line(tmp_path: Path):
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\nplayers: [Ann, Ben]\nrounds:\n  - deal: []\n")
    with pytest.raises(TranscriptError) as err:
        replay(p)
    assert [str(x).split(": ", 1)[1] for x in err.value.problems] == [
        "rounds.1.deal: unknown key (did you mean 'deals'?); valid keys: deals, tricks"]


def test_a_redeal_without_keep_points_does_not_say_points_kept(tmp_path: Path):
    """RULINGS.md (Oh-Seven, forced rebid): "points already gained stay" is an (option):
    `bidding.redeal.keep_points: false` takes the round's rebid bonuses back at a redeal. The
    replay scored that right but printed "redeal: deal 2 (points kept)" regardless (found by the
    second independent check, 2026-12-04)."""
    text = (DATA / "handscored" / "os4.yaml").read_text().replace("../../../../variants/ohseven/base.yaml", "VARIANT")
    kept = replay(_write(tmp_path, text))
    assert "  redeal: deal 2 (points kept)\n" in kept.text()
    assert [d.get("points_kept") for d in kept.to_json()["rounds"][0]["deals"]] == [None, True]
    back = replay(_write(tmp_path, text.replace("rounds=1]", "rounds=1, bidding.redeal.keep_points=false]")))
    assert "points kept" not in back.text()
    assert "  redeal: deal 2 (this round's rebid bonuses taken back: Ann -1, Ben -1)\n" in back.text()
    assert [d.get("points_kept") for d in back.to_json()["rounds"][0]["deals"]] == [None, False]
    assert [(f["player"], f["rebid_bonus"]) for f in back.final] == [("Ann", 0), ("Ben", 0), ("Cat", 0)]


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    # the first trick written as if Ann (who took it) had led: the highest bidder leads
    ("os8", "[3H, AD, QD, 5H]   # Ann", "[5H, 3H, AD, QD]",
     "move 9: round 1, trick 1, Ben plays 5H: Ben does not hold 5H: a trick is written in play order, and Ben "
     "leads trick 1 (Ben's 3H is the highest bid card)"),
    # bidding.first_lead=left_of_dealer: not the highest bidder (Cat's 7C)
    ("os9", "[AS, QS, AH, QD, AS]   # Ann (the later of two AS)", "[7C, AH, QD, AS, AS]",
     "move 11: round 1, trick 1, Ben plays 7C: Ben does not hold 7C: a trick is written in play order, and Ben "
     "leads trick 1 (Ann deals, and the player on the dealer's left leads the first trick)"),
    # identical trumps: the first played (Cat's) won trick 1, so Cat leads trick 2, not Dan
    ("os6", "[QH, AC, 2H, QC, 2D]   # Eve", "[AC, 2H, QC, 2D, QH]",
     "move 41: round 2, trick 2, Cat plays AC: Cat does not hold AC: a trick is written in play order, and Cat "
     "leads trick 2 (Cat won trick 1)"),
    # written in seat order instead of play order
    ("os8", "[2D, QC, 6D, 3C]   # Cat", "[2D, QC, 3C, 6D]",
     "move 19: round 1, trick 3, Cat plays 3C: Cat does not hold 3C: a trick is written in play order, and Cat "
     "plays card 3 of trick 3 (clockwise after Ben)"),
])
def test_a_card_of_the_wrong_player_says_who_plays_it_and_why(tmp_path: Path, name: str, old: str, new: str,
                                                              message: str):
    """"Ben does not hold 5H" alone left the reader guessing why the card was Ben's: the trick's
    order follows from the rules (RULINGS.md: the highest bid card's owner leads the first trick,
    the trick's winner the next; first_lead: left_of_dealer), so the refusal says who plays that
    card and why (found by the second independent check, 2026-12-04)."""
    src = (DATA / "handscored" / f"{name}.yaml").read_text()
    variant = src.split("variant: ", 1)[1].split("\n", 1)[0]
    p = tmp_path / "t.yaml"
    p.write_text(src.replace(variant, str(ROOT / "variants" / "ohseven" / Path(variant).name)).replace(old, new))
    with pytest.raises(IllegalActionError) as err:
        replay(p)
    assert str(err.value).split(": ", 1)[1] == message


def test_a_pass_that_stands_by_the_redeal_safety_stop_says_so(tmp_path: Path):
    """bidding.redeal.max_per_round: after that many redeals a rebid that needs another redeal does
    not happen and the bids stand, no bonus. The replay printed such a pass as "(sum 2)" with no
    remark, which reads as a missed sum trigger (found by the second independent check, 2026-12-04)."""
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\n"
               "set: [hand_size=2, rounds=1, bidding.redeal.max_per_round=0]\nplayers: [Ann, Ben, Cat]\n"
               "rounds:\n  - deals:\n      - hands: {Ann: [2S, AH], Ben: [QS, AS], Cat: [QH, QD]}\n"
               "        bids:\n          - [2S, QS, QH]\n          - [AH, AS, QD]\n"
               "    tricks:\n      - [AS, QH, 2S]\n      - [AH, QS, QD]\n")
    rep = replay(p)
    passes = rep.to_json()["rounds"][0]["deals"][0]["passes"]
    assert [(x.get("rebid"), x.get("safety_stop")) for x in passes] == [("sum", None), (None, "sum")]
    assert ("  bids pass 2: Ann AH=1, Ben AS=1, Cat QD=0 (sum 2) → stands (sum): the redeal safety stop "
            "(bidding.redeal.max_per_round) allows no further redeal in this round, so no rebid and no bonus\n"
            ) in rep.text()
    assert [(f["player"], f["rebid_bonus"], f["total"]) for f in rep.final] == [("Ann", 1, 4), ("Ben", 0, 3),
                                                                                ("Cat", 0, 2)]


def test_no_trump_is_printed_as_no_trump():
    """bidding.trump: none: the bids line read "trump - (from 7C)", as if 7C still set a trump
    (found by the second independent check, 2026-12-04)."""
    rep = replay(DATA / "handscored" / "os9.yaml")
    assert "  bids: Ann 1, Ben 1, Cat 7, Dan 2, Eve 0; no trump (highest bid card 7C), first lead Ben\n" in rep.text()
    assert "trump -" not in rep.text()
    assert rep.to_json()["rounds"][0]["trump"] is None
    assert "; trump H (from 2H), first lead Ann\n" in replay(DATA / "handscored" / "os5.yaml").text()


def test_a_tie_on_points_broken_by_exact_bids_says_so(tmp_path: Path):
    """`tie: most_exact` ranks equal totals by exactly met bids. The replay's standings listed
    "1. Ann ... total 1" over "2. Ben ... total 1" with nothing to say why Ann ranks first
    (Stargate's replay names its cubes-in-hand tiebreak); the standings now say it (h191)."""
    p = _write(tmp_path, "game: ohseven\nvariant: VARIANT\n"
               "set: [hand_size=2, rounds=1, tie=most_exact, scoring.exact_bonus=0, scoring.miss_per_trick=1]\n"
               "players: [Ann, Ben]\nrounds:\n  - deals:\n      - hands: {Ann: [AS, QH], Ben: [2H, QC]}\n"
               "        bids:\n          - [AS, QC]\n    tricks:\n      - [QH, 2H]\n      - [QC, AS]\n")
    rep = replay(p)
    assert [(f["player"], f["total"], f["exact_bids"], f["rank"]) for f in rep.final] == [
        ("Ann", 1, 1, 1), ("Ben", 1, 0, 2)]
    assert rep.text().endswith("\n  tied on 1, ranked by bids met exactly (tie: most_exact): Ann 1, Ben 0")
    shared = replay(_write(tmp_path, p.read_text().replace("tie=most_exact", "tie=shared")))
    assert "tied on" not in shared.text()  # a shared win needs no word: both are rank 1
