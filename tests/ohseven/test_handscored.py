"""Hand-scored Oh-Seven matches from an independent rules check (2026-12-02), each worked out by
hand from RULINGS.md before it was replayed (the comments in each file give the arithmetic): a
seven-pass rebid cascade then a redeal (2 players), two decks with identical highest bid cards,
the sum-7 trigger twice and identical cards in one trick (5 players), and a small redeal.
A second check (2026-12-04, os5-os9, complete short matches) adds the hook variant's last bidder
who cannot keep the hook, the no-bonus variant, both rebid triggers in one pass, identical trumps,
3/4/5/6 players, no trump, the first lead left of the dealer, last_wins, and both tie rules.
A third check (2026-12-04, os10) plays the hook variant with 5 players and two decks: identical
highest bids made in turn pay both holders, a player holding two copies of a card bids the second
copy in the rebid (copies are used one by one), and the hook binds the last bidder of a rebid pass.
A fourth check (2026-12-06, os11-os19): keep_points false over two redeals in one round (a bonus
after the last redeal stays), the identical trigger switched off (the copy bid earliest, left of
the dealer first, counts), a three-way tie that most_exact splits only in part, a full 7-card
round (discarding while holding trump, over-trumping, a suit tie deciding the bonus), the hook
moving with the dealer, 9 players on two decks, the hook's escape counting only unused cards,
three decks with no duty to follow and other scoring, one-card hands over four rotating
dealers, and a hand of seven threes (two decks) that cannot keep the hook in a first pass.
A fifth check (2026-12-06, os21-os23) plays full 7-card rounds: the hook barring the last bidder's
card and a suit deciding trump between two bids of 2 (4 players), and one two-deck deal bid both
ways: simultaneously (identical highest, then sum 7, then the bids stand; identical cards in three
tricks) and in turn with the hook (identical highest, then the hook; identical cards win three
tricks), with the no-bonus variant and a 2-point bonus on the same play. A sixth check (h264,
2026-12-07, os24) plays bidding.redeal.max_per_round: 1 with a dealer who does not rotate: a rebid
with cards left still happens after the round's one redeal, the next trigger (the sum, then identical
highest cards) stands without a bonus, and the identical copy bid earliest (left of the fixed dealer)
leads."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.games.ohseven.transcript import replay

DATA = Path(__file__).resolve().parent / "data" / "handscored"

HAND = {
    # match: [(player, round points, rebid bonus, total), ...]
    "os1": [("Ann", 4, 4, 8), ("Ben", -1, 3, 2)],
    "os2": [("Ann", 4, 1, 5), ("Ben", 3, 0, 3), ("Cat", -1, 1, 0), ("Dan", 3, 1, 4), ("Eve", 2, 1, 3)],
    "os4": [("Ann", -3, 1, -2), ("Ben", -2, 1, -1), ("Cat", -2, 0, -2)],
    # second independent check (2026-12-04): complete short matches (set: hand_size, rounds)
    "os5": [("Ann", 6, 0, 6), ("Ben", -2, 2, 0), ("Cat", 5, 1, 6)],
    "os6": [("Ann", -2, 0, -2), ("Ben", 3, 0, 3), ("Cat", 1, 0, 1), ("Dan", 1, 0, 1), ("Eve", -2, 0, -2)],
    "os7": [("Ann", 0, 1, 1), ("Ben", -6, 1, -5), ("Cat", 0, 0, 0), ("Dan", 4, 0, 4), ("Eve", 1, 1, 2),
            ("Fay", 4, 1, 5)],
    "os8": [("Ann", 3, 2, 5), ("Ben", 0, 0, 0), ("Cat", 5, 0, 5), ("Dan", 0, 0, 0)],
    "os9": [("Ann", 3, 2, 5), ("Ben", -2, 0, -2), ("Cat", -6, 1, -5), ("Dan", 0, 1, 1), ("Eve", 0, 0, 0)],
    "os10": [("Ann", -3, 0, -3), ("Ben", 2, 1, 3), ("Cat", -1, 0, -1), ("Dan", 2, 0, 2), ("Eve", 2, 1, 3)],
    # fourth independent check (2026-12-06)
    "os11": [("Ann", -4, 1, -3), ("Ben", -3, 0, -3)],
    "os12": [("Ann", -8, 1, -7), ("Ben", -4, 0, -4), ("Cat", -4, 1, -3), ("Dan", -1, 0, -1), ("Eve", -5, 0, -5)],
    "os13": [("Ann", 1, 0, 1), ("Ben", 1, 0, 1), ("Cat", -2, 3, 1)],
    "os14": [("Ann", 4, 1, 5), ("Ben", 2, 0, 2), ("Cat", -1, 0, -1), ("Dan", -3, 0, -3)],
    "os15": [("Ann", -2, 0, -2), ("Ben", 0, 0, 0), ("Cat", 1, 0, 1)],
    "os16": [("Ann", -2, 0, -2), ("Ben", -1, 1, 0), ("Cat", -5, 0, -5), ("Dan", -5, 0, -5), ("Eve", -4, 0, -4),
             ("Fay", -1, 0, -1), ("Gus", -1, 1, 0), ("Hal", -2, 0, -2), ("Ivy", -3, 0, -3)],
    "os17": [("Ann", -1, 0, -1), ("Ben", -2, 1, -1), ("Cat", -1, 1, 0), ("Dan", -2, 1, -1), ("Eve", -4, 0, -4)],
    "os18": [("Ann", 0, 1, 1), ("Ben", -2, 1, -1), ("Cat", 0, 1, 1)],
    "os19": [("Ann", -13, 1, -12), ("Ben", -1, 2, 1), ("Cat", -6, 0, -6)],
    # fifth independent check (2026-12-06): full 7-card rounds
    "os21": [("Ann", 4, 0, 4), ("Ben", 3, 0, 3), ("Cat", -1, 0, -1), ("Dan", 3, 0, 3)],
    "os22": [("Ann", -1, 1, 0), ("Ben", 4, 0, 4), ("Cat", 2, 0, 2), ("Dan", 4, 1, 5), ("Eve", 3, 1, 4)],
    "os23": [("Ann", -1, 1, 0), ("Ben", 2, 0, 2), ("Cat", 3, 0, 3), ("Dan", -2, 0, -2), ("Eve", -2, 1, -1)],
    # twelfth check (h264, 2026-12-07): the redeal safety stop (max_per_round 1) and a fixed dealer
    "os24": [("Ann", 1, 2, 3), ("Ben", -1, 4, 3), ("Cat", 4, 1, 5)],
    # unfinished after trick 1 of round 1: the bonuses only
    "os20": [("Ann", 0, 1, 1), ("Ben", 0, 1, 1), ("Cat", 0, 0, 0), ("Dan", 0, 0, 0), ("Eve", 0, 0, 0)],
}

# The complete matches: per round, each trick's winner and every player's running total after
# the round (seat order), then the match's winners.
ROUNDS = {
    "os5": [(["Ben", "Ann", "Ann"], [4, 1, 3]), (["Cat", "Ben", "Ben"], [6, 0, 6])],
    "os6": [(["Ben", "Ben"], [-1, 4, 2, 2, -1]), (["Cat", "Eve"], [-2, 3, 1, 1, -2])],
    "os7": [(["Cat", "Ben"], [-1, 0, 3, 2, 3, 3]), (["Ben", "Ben"], [1, -5, 0, 4, 2, 5])],
    "os8": [(["Ann", "Ann", "Cat"], [5, -3, 3, -3]), (["Ann", "Dan", "Ben"], [5, 0, 5, 0])],
    "os9": [(["Ann", "Dan"], [2, -1, -7, 0, 1]), (["Eve", "Eve"], [5, -2, -5, 1, 0])],
    "os10": [(["Ann", "Ann", "Cat"], [-3, 3, -1, 2, 3])],
    "os11": [(["Ann", "Ann"], [-3, -3])],
    "os12": [(["Cat", "Cat"], [-4, -2, -2, -3, -4]), (["Eve", "Eve"], [-7, -4, -3, -1, -5])],
    "os13": [(["Cat"], [-1, 2, 0]), (["Cat"], [1, 1, 1])],
    "os14": [(["Cat", "Dan", "Cat", "Ann", "Ann", "Cat", "Cat"], [5, 2, -1, -3])],
    "os15": [(["Ann", "Ann"], [-1, 2, -1]), (["Ann", "Ann"], [-2, 0, 1])],
    "os16": [(["Fay", "Ivy", "Eve"], [-2, 0, -5, -5, -4, -1, 0, -2, -3])],
    "os17": [(["Eve", "Ann", "Dan"], [-1, -1, 0, -1, -4])],
    "os18": [(["Ben", "Ben"], [1, -1, 1])],
    "os19": [(["Ann"], [-5, 2, -1]), (["Ben"], [-6, 2, 1]), (["Cat"], [-7, 4, -1]), (["Ben"], [-12, 1, -6])],
    "os21": [(["Ann", "Cat", "Cat", "Dan", "Ann", "Ben", "Cat"], [4, 3, -1, 3])],
    "os22": [(["Ann", "Ben", "Dan", "Dan", "Eve", "Ann", "Ben"], [0, 4, 2, 5, 4])],
    "os23": [(["Dan", "Dan", "Dan", "Cat", "Eve", "Eve", "Ann"], [0, 2, 3, -2, -1])],
    "os24": [(["Ann", "Ann"], [5, 3, 3]), (["Ben", "Ann"], [3, 3, 5])],
}
WINNERS = {
    "os5": ["Ann", "Cat"],   # a tie on 6, shared (tie: shared)
    "os6": ["Ben"],
    "os7": ["Fay"],
    "os8": ["Cat"],          # Ann and Cat tie on 5; Cat has more exact bids (tie: most_exact)
    "os9": ["Ann"],
    "os10": ["Ben", "Eve"],  # a tie on 3, shared
    "os11": ["Ann", "Ben"],  # a tie on -3, shared
    "os12": ["Dan"],
    "os13": ["Ann", "Ben"],  # a three-way tie on 1: Ann and Ben met a bid exactly once, Cat never
    "os14": ["Ann"],
    "os15": ["Cat"],
    "os16": ["Ben", "Gus"],  # a tie on 0, shared
    "os17": ["Cat"],
    "os18": ["Ann", "Cat"],  # a tie on 1, shared
    "os19": ["Ben"],
    "os21": ["Ann"],
    "os22": ["Dan"],
    "os23": ["Cat"],
    "os24": ["Cat"],
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_match_replays_to_its_hand_scores(name: str) -> None:
    final = replay(DATA / f"{name}.yaml").to_json()["final"]
    assert [(f["player"], f["rounds"], f["rebid_bonus"], f["total"]) for f in final] == HAND[name]


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_a_complete_hand_scored_match_has_its_trick_winners_round_totals_and_winners(name: str) -> None:
    out = replay(DATA / f"{name}.yaml").to_json()
    assert out["complete"] is True
    got = [([t["winner"] for t in r["tricks"]], [s["total"] for s in r["scores"]]) for r in out["rounds"]]
    assert got == ROUNDS[name]
    assert out["winners"] == WINNERS[name]


@pytest.mark.parametrize(("old", "new", "reason"), [
    # Ann's 3S would bring the rebid pass to 3: the hook binds the last bidder of every pass
    ("- [5H, QS, QD, QC, QH]", "- [3S, QS, QD, QC, QH]", "hook: the last bidder may not bring the total to 3"),
    # with one 5H only, her pass-1 bid has used it: copies are used one by one
    ("Ann: [5H, 5H, 3S]", "Ann: [5H, 4H, 3S]", "5H was already used as a bid in this deal"),
])
def test_os10_rebid_pass_refuses_the_hook_and_a_used_copy(tmp_path: Path, old: str, new: str, reason: str) -> None:
    from playtest.errors import IllegalActionError

    text = (DATA / "os10.yaml").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "os10.yaml"
    bad.write_text(text.replace(old, new).replace("../../../../variants", str(DATA.parents[3] / "variants")),
                   encoding="utf-8")
    with pytest.raises(IllegalActionError, match=reason):
        replay(bad)


def _variant_of(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of a hand-scored match with one change, its variant path made absolute."""
    text = (DATA / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / f"{name}.yaml"
    bad.write_text(text.replace(old, new, 1).replace("../../../../variants", str(DATA.parents[3] / "variants")),
                   encoding="utf-8")
    return bad


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    # the hook binds the dealer of each round: in round 2 that is Ben, not Ann
    ("os15", "- [AC, 2S, QH]", "- [AC, AD, QH]",
     "move 12: round 2, Ben bids AD: hook: the last bidder may not bring the total to 2 (a bid of 1)"),
    # with an unused 3D that keeps the hook, Ann's QH (which makes 3) is barred
    ("os17", "Ann: [4S, QH, QD]", "Ann: [4S, QH, 3D]",
     "move 10: round 1, Ann bids QH: hook: the last bidder may not bring the total to 3 (a bid of 0)"),
    # Cat holds 2S, so she may not trump the led spade
    ("os14", "[6S, 5S, 2S, 4S]", "[6S, 5S, 5D, 4S]",
     "move 27: round 1, trick 5, Cat plays 5D: must follow suit (S was led)"),
    # the trigger off, Cat's 5S (bid before the dealer's) leads: the trick written from Ann's seat
    ("os12", "[5S, 3C, 4C, 5S, 2C]", "[5S, 2C, 5S, 3C, 4C]",
     "move 12: round 1, trick 1, Dan plays 2C: Dan does not hold 2C: a trick is written in play order, and Dan "
     "plays card 2 of trick 1 (clockwise after Cat)"),
])
def test_a_changed_hand_scored_match_is_refused_with_its_reason(tmp_path: Path, name: str, old: str, new: str,
                                                                 message: str) -> None:
    from playtest.errors import IllegalActionError

    with pytest.raises(IllegalActionError) as err:
        replay(_variant_of(tmp_path, name, old, new))
    assert str(err.value).split(": ", 1)[1] == message


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    # the hook: Ann (last) may not bring the bids to 7 with 3H, nor with AH in a rebid pass
    ("os21", "- [2D, AD, 2H, AH]", "- [3H, AD, 2H, AH]",
     "move 4: round 1, Ann bids 3H: hook: the last bidder may not bring the total to 7 (a bid of 3)"),
    ("os23", "- [QC, QD, AC, 5S, QH]", "- [AH, QD, AC, 5S, QH]",
     "move 10: round 1, Ann bids AH: hook: the last bidder may not bring the total to 7 (a bid of 1)"),
    # Eve's QH was her pass-2 bid (bids of a pass counted left of the dealer first: Eve is 4th)
    ("os22", "- [3D, 2C, QS, 2D, AC]", "- [3D, 2C, QS, 2D, QH]",
     "move 14: round 1, Eve bids QH: QH was already used as a bid in this deal"),
    # Dan still holds 2S: he may not trump the led spade
    ("os21", "- [5S, QS, 2H, 2S]", "- [5S, QS, 2H, 4H]", "move 12: round 1, trick 2, Dan plays 4H: must follow suit (S was led)"),
    ("os22", "- [7S, 3S, QS, 5S, 7S]", "- [7S, 3S, QS, 5S, QH]",
     "move 20: round 1, trick 1, Eve plays QH: must follow suit (S was led)"),
])
def test_a_changed_full_round_is_refused_with_its_reason(tmp_path: Path, name: str, old: str, new: str,
                                                         message: str) -> None:
    from playtest.errors import IllegalActionError

    with pytest.raises(IllegalActionError) as err:
        replay(_variant_of(tmp_path, name, old, new))
    assert str(err.value).split(": ", 1)[1] == message


@pytest.mark.parametrize(("old", "new", "final"), [
    # no-bonus.yaml: the same rebids pay nothing; Ben and Dan share the win on 4
    ("variants/ohseven/base.yaml", "variants/ohseven/no-bonus.yaml",
     [("Ann", -1, 0, -1), ("Ben", 4, 0, 4), ("Cat", 2, 0, 2), ("Dan", 4, 0, 4), ("Eve", 3, 0, 3)]),
    # a 2-point bonus: Ann and Eve (identical 7S) and Dan (sum 7) gain 2 each
    ("set: [rounds=1]", "set: [rounds=1, bidding.rebid.bonus.points=2]",
     [("Ann", -1, 2, 1), ("Ben", 4, 0, 4), ("Cat", 2, 0, 2), ("Dan", 4, 2, 6), ("Eve", 3, 2, 5)]),
])
def test_os22_with_the_bonus_set_other_ways(tmp_path: Path, old: str, new: str,
                                           final: list[tuple[str, int, int, int]]) -> None:
    out = replay(_variant_of(tmp_path, "os22", old, new)).to_json()
    assert [(f["player"], f["rounds"], f["rebid_bonus"], f["total"]) for f in out["final"]] == final


def test_os22_without_the_sum_trigger_the_sum_7_pass_stands(tmp_path: Path) -> None:
    from playtest.errors import TranscriptError

    bad = _variant_of(tmp_path, "os22", "set: [rounds=1]", "set: [rounds=1, bidding.rebid.triggers.sum_equals_tricks=false]")
    with pytest.raises(TranscriptError, match=r"bids\.3: the bidding was already settled: no rebid was forced"):
        replay(bad)


def test_os13_without_most_exact_all_three_share(tmp_path: Path) -> None:
    out = replay(_variant_of(tmp_path, "os13", "tie=most_exact]", "tie=shared]")).to_json()
    assert out["winners"] == ["Ann", "Ben", "Cat"]
    assert [f["win_share"] for f in out["final"]] == pytest.approx([1 / 3] * 3)


def test_os20_stops_after_trick_1_with_eve_to_lead() -> None:
    out = replay(DATA / "os20.yaml").to_json()
    assert (out["complete"], out["next_player"]) == (False, "Eve")
    r = out["rounds"][0]
    assert [p["rebid"] for p in r["deals"][0]["passes"][:2]] == ["sum", "sum"]
    assert (r["bids"], r["trump"], r["first_lead"]) == ({"Ann": 3, "Ben": 0, "Cat": 2, "Dan": 2, "Eve": 7}, "H", "Eve")
