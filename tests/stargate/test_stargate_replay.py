"""Transcripts: replaying hand-made games with hand-computed scores, the first illegal move,
malformed files, and recording a bot game that replays to the same result."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playtest.errors import IllegalActionError, TranscriptError, VariantError
from playtest.games.stargate.bots import make_bot
from playtest.games.stargate.transcript import (
    dump_transcript,
    read_transcript,
    record_game,
    replay_file,
)
from playtest.rng import bot_stream, stream
from playtest.sim.runner import play_game

from .helpers import DATA, DRAFT5, GOLDEN, ROOT, make_rules

# three_players.yaml, by hand (golden.yaml, 7 cubes each; Aki, Bo, Chie; Bo starts round 1):
#  1 Bo    armstrong (+2 VP); walk c d e      c=(Bo) d=(Bo) e=(Bo)
#  2 Chie  orlins: e c a                      a=(Chie) c=(Bo,Chie) e=(Bo,Chie)
#  3 Aki   audrin: no cube of Aki's → skipped; walk a b   a=(Chie,Aki) b=(Aki)
#  4 Chie  anderson: swap e@1 → e=(Chie,Bo); walk d e    d=(Bo,Chie) e=(Chie,Bo,Chie)
#  5 Aki   rahel: b b                         b=(Aki,Aki,Aki)
#  6 Bo    bays (+2 cubes, the last of his stock); a    a=(Chie,Aki,Bo)
# Stocks are empty at the end of round 2 (4 each: 2 + 2 replenished; Bo's via Bays) → game over.
# a (1..6): 1 cube each, later first cube first: Bo slot 3 = 3, Aki slot 2 = 2, Chie slot 1 = 1
# b (10..60): Aki 3 cubes, slot 3 = 30
# c (100 200 300): tie, Chie later → slot 2 = 200; Bo slot 1 = 100
# d (0 0 7 0 9): tie, Chie → slot 2 = 0; Bo → slot 1 = 0
# e (1000..4000): Chie 2 cubes → slot 3 = 3000; Bo → slot 2 = 2000
# planets: Aki 2 + 30 = 32; Bo 3 + 100 + 0 + 2000 = 2103; Chie 1 + 200 + 0 + 3000 = 3201
# color: Aki red 1 blue 3 → 3; Bo red 2 yellow 1 green 1 → 2; Chie red 2 yellow 1 green 2 → 2 × 2 = 4
# skill: Bo 2 (Armstrong). Totals: Aki 35, Bo 2107, Chie 3205 → Chie 1st, Bo 2nd, Aki 3rd.
# Hands: Aki 1 + 2 = 3; Bo 2 + 2 - 1 = 3; Chie 0 + 2 = 2.
THREE = DATA / "three_players.yaml"


def test_replay_hand_scored_game():
    data = replay_file(THREE).to_json()
    assert data["finished"] and data["rounds"] == 2 and data["moves"] == 6
    assert [(s["player"], s["planets"], s["color"], s["skill"], s["total"], s["rank"], s["cubes_in_hand"])
            for s in data["scores"]] == [("Aki", 32, 3, 0, 35, 3, 3), ("Bo", 2103, 2, 2, 2107, 2, 3),
                                         ("Chie", 3201, 4, 0, 3205, 1, 2)]
    assert data["winners"] == ["Chie"]
    boards = {p["planet"]: [s["owner"] for s in p["slots"] if s["owner"]] for p in data["board"]}
    assert boards == {"a": ["Chie", "Aki", "Bo"], "b": ["Aki"] * 3, "c": ["Bo", "Chie"], "d": ["Bo", "Chie"],
                      "e": ["Chie", "Bo", "Chie"]}
    e = next(p for p in data["board"] if p["planet"] == "e")
    assert e["ranking"] == [{"player": "Chie", "rank": 1, "cubes": 2, "slot_scored": 3, "vp": 3000},
                            {"player": "Bo", "rank": 2, "cubes": 1, "slot_scored": 2, "vp": 2000}]
    assert data["skipped_skills"] == [{"move": 3, "player": "Aki", "crew": "audrin",
                                       "note": "move_tail_cube: no target"}]


def test_replay_text():
    text = replay_file(THREE).text()
    assert "  e  green     3/4  1:Chie(1000) 2:Bo(2000) 3:Chie(3000) 4:·(4000)  →  1. Chie 3000 · 2. Bo 2000" in text
    assert "  Chie       3201      4      0   3205     1     2  red 2 yellow 1 green 2" in text
    assert "Move 3 (Aki, audrin): move_tail_cube: no target, skipped" in text
    assert text.endswith("Winner: Chie")


def test_a_tie_on_points_says_what_broke_it():
    """The table game's Chie and Aki both end on 29: the replay said only 'Winner: Chie'."""
    text = replay_file(ROOT / "docs/examples/stargate-table-game.yaml").text()
    assert text.endswith("Winner: Chie (tied on 29 with Aki; more cubes left in hand: 4 to 3)")


def write(tmp_path: Path, moves: list[str], header: str | None = None) -> Path:
    """A transcript on the golden variant (3 players, 7 cubes each) with these moves."""
    header = header if header is not None else (
        f"game: stargate\nvariant: {GOLDEN}\nset: [cubes.total=7]\nplayers: 3\nnames: [Aki, Bo, Chie]\n"
        "circle: [a, b, c, d, e]\nstart_player: 2\n")
    path = tmp_path / "t.yaml"
    path.write_text(header + "moves:\n" + "".join(f"  - {m}\n" for m in moves), encoding="utf-8")
    return path


def illegal(tmp_path: Path, moves: list[str]) -> str:
    with pytest.raises(IllegalActionError) as info:
        replay_file(write(tmp_path, moves))
    return str(info.value)


def test_the_first_illegal_move_is_named(tmp_path):
    with pytest.raises(IllegalActionError) as info:
        replay_file(DATA / "illegal.yaml")
    err = info.value
    assert (err.move_number, err.player, err.round, err.action) == (4, "Chie", 2, "place d a")
    assert str(err) == (f"{DATA / 'illegal.yaml'}:15:5: move 4 (Chie, round 2): place d a: "
                        "cubes go clockwise, one per planet, skipping full planets")
    assert err.exit_code == 2


LINE = 9  # the first move's line in write()'s files


@pytest.mark.parametrize(("moves", "message"), [
    (["armstrong; place c d e", "armstrong; place a"],
     f"{LINE + 1}:5: move 2 (Chie, round 1): armstrong: crew 'armstrong' was taken earlier this round"),
    (["audrin; move a>b; place a"],
     f"{LINE}:5: move 1 (Bo, round 1): move a>b: audrin's skill has no possible target now, so it is skipped: "
     "leave the target out"),
    (["bays; move a>b; place a"],
     f"{LINE}:5: move 1 (Bo, round 1): move a>b: bays has no skill that moves a cube"),
    (["bays"],
     f"{LINE}:5: move 1 (Bo, round 1): bays: the turn is not finished: write the placement "
     "('place PLANET ...', or 'place -' to place no cube)"),
    (["armstrong; place c d e", "orlins; place e c a", "audrin; place a b", "audrin; place d"],
     f"{LINE + 3}:5: move 4 (Chie, round 2): place d: the crew's skill needs a target (move SRC>DST), "
     "not place d"),
    (["armstrong; place c d e", "orlins; place e c a", "audrin; place a b", "audrin"],
     f"{LINE + 3}:5: move 4 (Chie, round 2): audrin: the turn is not finished: the crew's skill "
     "needs a target, e.g. 'move c>a'"),
    (["armstrong; place c d e", "orlins; place e c a", "audrin; place a b", "audrin; move c>b; move e>d; place -"],
     f"{LINE + 3}:5: move 4 (Chie, round 2): move e>d: audrin's skill target was already given"),
    (["bays; place a; rahel"],
     f"{LINE}:5: move 1 (Bo, round 1): rahel: the turn is already over (one line per turn); move it to the "
     "next line"),
    (["armstrong; place c d e f"],
     f"{LINE}:5: move 1 (Bo, round 1): place c d e f: planet 'f' is not in the circle (a b c d e)"),
    (["rahel; place a a a"],
     f"{LINE}:5: move 1 (Bo, round 1): place a a a: at most 2 cubes may be placed (crew time 2, 3 in hand)"),
    (["place a"],
     f"{LINE}:5: move 1 (Bo, round 1): place a: a crew must be taken first, not place a"),
    (["armstrong; place -", "orlins; place -", "rahel; place -", "armstrong; place -", "orlins; place -",
      "rahel; place -", "bays; place -"],
     f"{LINE + 6}:5: move 7: the game is already over: it ended after move 6; remove the moves after it"),
])
def test_illegal_moves(tmp_path, moves, message):
    assert illegal(tmp_path, moves) == f"{tmp_path / 't.yaml'}:{message}"


@pytest.mark.parametrize(("moves", "message"), [
    # Bays has 1 accumulated time (nobody took it in round 1): the limit says so
    (["armstrong; place red1", "orlins; place blue1", "audrin; place yellow1", "bays; place red1 blue1 yellow1"],
     "9:5: move 4 (Player 2, round 2): place red1 blue1 yellow1: at most 2 cubes may be placed "
     "(crew time 1 + 1 extra, 14 in hand)"),
    # Vance's overflow (after placing) has no full planet to fill: skipped, not "the turn is over"
    (["bays; place red1", "vance; place blue1; overflow red1"],
     "7:5: move 2 (Player 2, round 1): overflow red1: vance's skill has no possible target now, so it is "
     "skipped: leave the target out"),
])
def test_next_draft_crews_illegal_moves_say_why(tmp_path, moves, message):
    """Found by an independent rules check (2026-12-02): the limit named the printed time only,
    and a target for a skipped after-placing skill was called a second turn on one line."""
    path = tmp_path / "t.yaml"
    path.write_text(f"game: stargate\nvariant: {ROOT}/variants/stargate/draft6-new-crews.yaml\nplayers: 3\n"
                    "circle: [red1, blue1, yellow1, green1, red2]\nmoves:\n" + "".join(f"  - {m}\n" for m in moves))
    with pytest.raises(IllegalActionError) as err:
        replay_file(path)
    assert str(err.value) == f"{path}:{message}"


def test_an_unfinished_game_is_scored_as_it_stands(tmp_path):
    outcome = replay_file(write(tmp_path, ["armstrong; place c d e", "orlins; place e c a"]))
    data = outcome.to_json()
    assert not data["finished"] and data["next_player"] == "Aki" and data["winners"] == []
    # c (Bo, Chie): Chie 200, Bo 100; d: Bo 0; e (Bo, Chie): Chie 2000, Bo 1000; a: Chie 1.
    # Bo: 1100 + red 1 yellow 1 green 1 → 3, + 2 = 1105. Chie: 2201 + red 2 → 2 = 2203.
    assert [s["total"] for s in data["scores"]] == [0, 1105, 2203]
    assert "UNFINISHED: round 1, next to play: Aki" in outcome.text()
    assert "Scores (provisional: the game is not over)" in outcome.text()


def test_a_shared_win_and_the_hand_tie_break(tmp_path):
    # 2 players, 6 cubes each (stock 3). Move 1: P1 on d (hand 3 - 1 + 2 = 4, stock 1).
    # Move 2: P2 Bays (+2, stock 1), d, replenish the last cube: hand 3 + 2 - 1 + 1 = 5, stock 0.
    # d = (P1, P2): P2 later → slot 2 (0), P1 slot 1 (0); yellow 1 each → totals 1 and 1.
    header = (f"game: stargate\nvariant: {GOLDEN}\nset: [cubes.total=6{{}}]\nplayers: 2\n"
              "circle: [a, b, c, d, e]\n")
    moves = ["orlins; place d", "bays; place d"]
    data = replay_file(write(tmp_path, moves, header.format(""))).to_json()
    assert [(s["player"], s["total"], s["rank"], s["win_share"], s["cubes_in_hand"]) for s in data["scores"]] == \
        [("Player 1", 1, 2, 0.0, 4), ("Player 2", 1, 1, 1.0, 5)]
    data = replay_file(write(tmp_path, moves, header.format(", scoring.final_tiebreak=none"))).to_json()
    assert data["winners"] == ["Player 1", "Player 2"]
    assert replay_file(tmp_path / "t.yaml").text().endswith("Shared win: Player 1, Player 2")


# --- malformed transcripts ---------------------------------------------------------------------


def problems(path: Path) -> list[str]:
    with pytest.raises(TranscriptError) as info:
        read_transcript(path)
    assert info.value.exit_code == 2
    return [str(p) for p in info.value.problems]


def test_malformed_header(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("game: stargate\nvariant: golden.yaml\nplayer: 3\ncircle: red1\nmoves:\n  - 3\n"
                    "  - bays; place\n  - 'swap a'\n  - ' ; '\n", encoding="utf-8")
    assert problems(path) == [  # `player:` is one mistake: not also "players: required key is missing"
        f"{path}:3:1: player: unknown key (did you mean 'players'?); valid keys: circle, crews, game, moves, names, notes, "
        "players, set, start_player, title, variant",
        f"{path}:4:9: circle: must be a list",
        f"{path}:6:5: move 1: expected a turn in notation, e.g. 'bays; place red1 blue2'",
        f"{path}:8:5: move 3: cannot read 'swap a': expected 'swap PLANET@SLOT'",
        f"{path}:9:5: move 4: expected a turn in notation, e.g. 'bays; place red1 blue2'",
    ]


def test_header_checked_against_the_variant(tmp_path):
    header = (f"game: stargate\nvariant: {GOLDEN}\nplayers: 5\nnames: [Aki, Aki]\n"
              "circle: [a, b, zz, a]\nstart_player: 6\n")
    path = write(tmp_path, [], header)
    assert problems(path) == [
        f"{path}:3:10: players: the variant is for 2, 3 or 4 players, not 5; for 5 players, set "
        "planets_dealt.5=<planets> (in the transcript's set: list)",
        # (no "names: 2 names for 5 players": a count the variant refuses is said at players: alone)
        f"{path}:4:14: names.2: duplicate name 'Aki'",
        f"{path}:5:16: circle.3: unknown planet 'zz' (planets: a, b, c, d, e, f)",
        f"{path}:5:20: circle.4: planet 'a' is in the circle twice",
        # (nor "start_player: must be between 1 and 5": its range follows from the count said wrong above)
    ]


def test_circle_size_must_match_the_deal(tmp_path):
    header = f"game: stargate\nvariant: {GOLDEN}\nplayers: 3\ncircle: [a, b, c]\n"
    assert problems(write(tmp_path, [], header)) == [
        f"{tmp_path / 't.yaml'}:4:9: circle: 3 planets, but the variant deals 5 for 3 players "
        "(to deal otherwise: set: [planets_dealt.3=3])"]
    header = f"game: stargate\nvariant: {GOLDEN}\nset: [planets_dealt.3=3]\nplayers: 3\ncircle: [a, b, c]\n"
    assert replay_file(write(tmp_path, ["bays; place a"], header)).to_json()["moves"] == 1


def test_missing_variant_and_bad_overrides(tmp_path):
    path = write(tmp_path, [], "game: stargate\nvariant: nowhere.yaml\nplayers: 3\ncircle: [a]\n")
    assert problems(path) == [f"{path}:2:10: variant: variant file not found: nowhere.yaml "
                              f"(looked for {tmp_path / 'nowhere.yaml'})"]
    path = write(tmp_path, [], f"game: stargate\nvariant: {GOLDEN}\nset: [cubes.total, cubes.replenish=-1]\n"
                               "players: 3\ncircle: [a, b, c, d, e]\n")
    assert problems(path) == [f"{path}:3:7: set.1: expected key.path=value"]
    path = write(tmp_path, [], f"game: stargate\nvariant: {GOLDEN}\nset: [cubes.replenish=-1]\n"
                               "players: 3\ncircle: [a, b, c, d, e]\n")
    assert problems(path) == [f"{path}:3:7: set.1: cubes.replenish: Input should be greater than or equal "
                              "to 0 (got -1)"]


def test_a_broken_variant_reports_its_own_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOLDEN.read_text(encoding="utf-8").replace("total: 15", "total: 0"), encoding="utf-8")
    path = write(tmp_path, [], "game: stargate\nvariant: bad.yaml\nplayers: 3\ncircle: [a, b, c, d, e]\n")
    with pytest.raises(VariantError) as info:
        read_transcript(path)
    assert [p.message for p in info.value.problems] == ["Input should be greater than or equal to 1 (got 0)"]
    assert info.value.problems[0].path == "cubes.total"


def test_malformed_yaml(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("game: stargate\nmoves: [bays; place a\n", encoding="utf-8")
    with pytest.raises(VariantError) as info:
        read_transcript(path)
    assert str(info.value).startswith(f"{path}:3:1: malformed YAML")


# --- recording ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("bots", "game"), [(("random", "random", "random", "random"), 0),
                                            (("greedy", "random", "scripted:bays-first"), 1)])
def test_a_recorded_bot_game_replays_to_the_runners_result(tmp_path, bots, game):
    rules = make_rules(path=DRAFT5)
    n = len(bots)
    played = play_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], n_players=n,
                       deal_rng=stream(7, game, 0), bot_rngs=[stream(7, game, bot_stream(i)) for i in range(n)])
    data = record_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], variant=str(DRAFT5),
                       deal_rng=stream(7, game, 0), bot_rngs=[stream(7, game, bot_stream(i)) for i in range(n)])
    assert data["players"] == n and data["names"] == [f"P{i + 1}" for i in range(n)]
    path = tmp_path / "game.yaml"
    path.write_text(dump_transcript(data), encoding="utf-8")
    replayed = replay_file(path).to_json()
    assert replayed["finished"] and replayed["rounds"] == played.result.rounds
    assert [(s["total"], s["rank"]) for s in replayed["scores"]] == \
        [(s.total, s.rank) for s in played.result.seats]


def test_dump_transcript_comments_each_move():
    data = {"game": "stargate", "variant": "draft5.yaml", "players": 2, "names": ["Aki", "Bo"],
            "circle": ["a", "b"], "start_player": 2, "moves": ["bays; place a", "rahel; place -", "orlins; place b"]}
    assert dump_transcript(data) == (
        "game: stargate\nvariant: draft5.yaml\nplayers: 2\nnames: [Aki, Bo]\ncircle: [a, b]\nstart_player: 2\n"
        "moves:\n"
        "  - bays; place a    # 1: Bo, round 1\n"
        "  - rahel; place -   # 2: Aki, round 1\n"
        "  - orlins; place b  # 3: Aki, round 2\n")


def test_the_examples_in_the_docs_replay():
    examples = sorted((ROOT / "docs" / "examples").glob("stargate-*.yaml"))
    assert examples
    for path in examples:
        if "illegal" in path.name:
            with pytest.raises(IllegalActionError):
                replay_file(path)
        else:
            assert replay_file(path).to_json()["finished"], path


def test_record_uses_its_own_rng_only():
    rules = make_rules(path=DRAFT5)
    bots = [make_bot("random", rules, i) for i in range(3)]
    a = record_game(rules, bots, variant="v.yaml", deal_rng=random.Random(1), bot_rngs=[random.Random(2)] * 3)
    b = record_game(rules, bots, variant="v.yaml", deal_rng=random.Random(1), bot_rngs=[random.Random(2)] * 3)
    assert a == b


def test_a_skill_timed_after_placing_takes_its_target_after_the_placement(tmp_path):
    header = (f"game: stargate\nvariant: {GOLDEN}\nset:\n  - 'crews.audrin.skill=[{{effect: move_tail_cube, "
              "timing: after}]'\nplayers: 2\ncircle: [a, b, c, d, e]\n")
    # Player 2 places on d, then moves that cube (now last on d) to e: d = (), e = (P2).
    data = replay_file(write(tmp_path, ["armstrong; place a b c", "audrin; place d; move d>e"], header)).to_json()
    boards = {p["planet"]: [s["owner"] for s in p["slots"] if s["owner"]] for p in data["board"]}
    assert boards["d"] == [] and boards["e"] == ["Player 2"]
    with pytest.raises(IllegalActionError) as info:
        replay_file(write(tmp_path, ["armstrong; place a b c", "audrin; move a>d; place d"], header))
    assert info.value.reason == "audrin's skill resolves after placing: write the placement first"


def test_anderson_must_swap_two_cubes_of_one_owner(tmp_path):
    # docs/transcripts.md: with same_owner: true (the default, RULINGS "any owners") two cubes
    # of one owner in consecutive slots are a target, so Anderson is not skipped.
    moves = ["rahel; place a a", "anderson; place -"]
    assert illegal(tmp_path, moves) == (f"{tmp_path / 't.yaml'}:{LINE + 1}:5: move 2 (Chie, round 1): place -: "
                                        "the crew's skill needs a target (swap PLANET@SLOT), not place -")
    data = replay_file(write(tmp_path, ["rahel; place a a", "anderson; swap a@1; place -"])).to_json()
    assert data["skipped_skills"] == [] and data["moves"] == 2


def test_a_game_with_an_overflow_cube_replays_with_the_overflow_slot(tmp_path):
    # An `overflow` crew (draft 6c's Vance) puts a cube behind a planet's last printed slot; the
    # replay's board scored that planet from the printed column only and crashed (IndexError).
    path = ROOT / "variants" / "stargate" / "draft6-new-crews.yaml"
    rules = make_rules(path=path)
    bots = ("random", "random", "random")
    game = 5  # the first of these seeds whose game has an overflow cube
    played = play_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], n_players=3,
                       deal_rng=stream(7, game, 0), bot_rngs=[stream(7, game, bot_stream(i)) for i in range(3)])
    data = record_game(rules, [make_bot(b, rules, i) for i, b in enumerate(bots)], variant=str(path),
                       deal_rng=stream(7, game, 0), bot_rngs=[stream(7, game, bot_stream(i)) for i in range(3)])
    assert any("overflow" in move.split("; ")[-1] for move in data["moves"])
    transcript = tmp_path / "game.yaml"
    transcript.write_text(dump_transcript(data), encoding="utf-8")
    outcome = replay_file(transcript)
    replayed = outcome.to_json()
    assert [(s["total"], s["rank"]) for s in replayed["scores"]] == \
        [(s.total, s.rank) for s in played.result.seats]
    over = [p for p in replayed["board"] if p["overflow"]]
    assert over and all(p["filled"] == p["slots_total"] and p["slots"][-1]["overflow"] for p in over)
    assert [sum(r["vp"] for p in replayed["board"] for r in p["ranking"] if r["player"] == s["player"])
            for s in replayed["scores"]] == [s["planets"] for s in replayed["scores"]]
    assert " +" in outcome.text()
