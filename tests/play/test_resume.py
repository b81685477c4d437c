"""`playtest play --resume FILE`: a saved game continued where it stopped, in a new file beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from playtest.games import get_game
from playtest.play.session import InputError, PlaySession
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = str(ROOT / "variants/stargate/draft5.yaml")
OHSEVEN = str(ROOT / "variants/ohseven/base.yaml")
NEWFRONTIERS = str(ROOT / "variants/new-frontiers/base.yaml")
BODY = {"stargate": "moves", "ohseven": "rounds", "newfrontiers": "rounds"}
"""Where each game's transcript lists what was played."""


def _quit_after(tmp_path: Path, name: str, k: int) -> Path:
    moves = tmp_path / name
    moves.write_text("1\n" * k + "quit\n")
    return moves


def _played(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("variant", "bots"), [(DRAFT5, "greedy"), (OHSEVEN, "heuristic"), (NEWFRONTIERS, "random")])
def test_a_quit_game_goes_on_from_where_it_stopped_in_a_new_file(cli, tmp_path, variant, bots):
    """The saved file keeps its bytes; the new one has every move of the old first (the same deal,
    the same seat and bots), then more, and replays; `--resume` of it again plays to the end."""
    save = tmp_path / "game.yaml"
    first = cli("play", variant, "--players", "3", "--seat", "2", "--bots", bots, "--seed", "7",
                "--moves", str(_quit_after(tmp_path, "a.txt", 3)), "--save", str(save), "--no-color")
    assert first.returncode == 0, first.stderr
    saved = save.read_bytes()
    old = _played(save)
    body = BODY[old["game"]]

    r = cli("play", "--resume", str(save), "--moves", str(_quit_after(tmp_path, "b.txt", 3)), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "Resumed" in r.stdout and "decisions replayed" in r.stdout
    # said before the bots think again (a search bot's resume is as long as its game was)
    assert r.stdout.index(f"Resuming {save}: replaying its ") < r.stdout.index("Resumed")
    assert save.read_bytes() == saved  # never overwritten
    resumed = tmp_path / "game-2.yaml"
    assert f"is saved: {resumed}" in r.stdout
    new = _played(resumed)
    assert {k: v for k, v in new.items() if k != body} == {k: v for k, v in old.items() if k != body}
    assert len(new[body]) > len(old[body]) or new[body][-1] != old[body][-1]
    if body == "moves":
        assert new[body][: len(old[body])] == old[body]
    else:  # rounds: each round saved before is as it was, the last one possibly longer
        for was, now in zip(old[body][:-1], new[body], strict=False):
            assert now == was
    head = resumed.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("# playtest play --seed 7: You in seat 2; bots: ") and "resumed" not in head
    assert cli("replay", str(resumed)).returncode == 0

    end = cli("play", "--resume", str(resumed), "--moves", str(_quit_after(tmp_path, "c.txt", 900)), "--no-color")
    assert end.returncode == 0, end.stderr
    assert "The finished game" in end.stdout
    rep = json.loads(cli("replay", str(tmp_path / "game-2-2.yaml"), "--json").stdout)
    assert rep["finished"] is True


def test_the_saved_moves_cannot_be_taken_back(cli, tmp_path):
    """`undo` stops where the game was resumed: the saved moves are what the table played."""
    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "random", "--seed", "2",
        "--moves", str(_quit_after(tmp_path, "a.txt", 4)), "--save", str(save), "--no-color")
    moves = tmp_path / "b.txt"
    moves.write_text("undo\nquit\n")
    r = cli("play", "--resume", str(save), "--moves", str(moves), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "cannot undo: your moves before the game was saved are played" in r.stdout
    # nothing played since: no copy of the saved game piles up beside it
    assert f"No move was made since {save}, so nothing was written" in r.stdout
    assert sorted(p.name for p in tmp_path.glob("g*.yaml")) == ["g.yaml"]


def test_the_file_decides_the_game_and_a_finished_or_foreign_one_is_refused(cli, tmp_path):
    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "greedy", "--seed", "4",
        "--moves", str(_quit_after(tmp_path, "a.txt", 3)), "--save", str(save), "--no-color")
    text = save.read_text(encoding="utf-8")

    r = cli("play", DRAFT5, "--resume", str(save))
    assert r.returncode == 2 and "give no VARIANT" in r.stderr
    r = cli("play", "--resume", str(save), "--seed", "4", "--bots", "random")
    assert r.returncode == 2 and "give no --bots, no --seed" in r.stderr
    assert cli("play").stderr.strip().endswith("give the VARIANT to play, or --resume a game that `playtest play` saved")

    reseeded = tmp_path / "reseeded.yaml"
    reseeded.write_text(text.replace("--seed 4:", "--seed 5:", 1), encoding="utf-8")
    r = cli("play", "--resume", str(reseeded), "--no-color")
    assert r.returncode == 2
    assert r.stderr.startswith(f"error: {reseeded}:1:1: --seed 5 of its first line does not deal the game the file "
                               "records")
    assert not (tmp_path / "reseeded-2.yaml").exists()

    bare = tmp_path / "bare.yaml"
    bare.write_text(text.split("\n", 1)[1], encoding="utf-8")  # a transcript, but not one play saved
    r = cli("play", "--resume", str(bare), "--no-color")
    assert r.returncode == 2 and f"{bare}:1:1: --resume continues a game saved by `playtest play`" in r.stderr

    retitled = tmp_path / "retitled.yaml"  # the title is the person's to reword
    retitled.write_text(text.replace("title: played with playtest play", "title: Tuesday's table"), encoding="utf-8")
    assert cli("play", "--resume", str(retitled), "--moves", str(_quit_after(tmp_path, "q.txt", 0)),
               "--no-color").returncode == 0
    noted = tmp_path / "noted.yaml"  # and notes, a key replay reads, theirs to add (refused as not dealt)
    noted.write_text(text.replace("title: played with playtest play", "title: t\nnotes: stopped for dinner"),
                     encoding="utf-8")
    r = cli("play", "--resume", str(noted), "--moves", str(_quit_after(tmp_path, "q.txt", 0)), "--no-color")
    assert r.returncode == 0, r.stderr

    done = tmp_path / "done.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "random", "--seed", "4",
        "--moves", str(_quit_after(tmp_path, "all.txt", 900)), "--save", str(done), "--no-color")
    r = cli("play", "--resume", str(done), "--no-color")
    assert r.returncode == 2 and "the game is over, there is nothing to continue" in r.stderr
    assert not (tmp_path / "done-2.yaml").exists()


@pytest.mark.parametrize(("variant", "written", "respelt"), [
    (DRAFT5, "  - rahel; place", '  - "rahel;  place'),  # two spaces, and quoted (the quote closed below)
    (NEWFRONTIERS, ": select retreat}", ":   select   retreat }"),
])
def test_a_move_respelt_by_hand_is_the_same_game(cli, tmp_path, variant, written, respelt):
    """The resume compared the file with the transcript the seed deals as YAML text: a move written
    `rahel;  place ...` (which replay reads as the move play wrote) was refused as a game the seed
    does not deal. The moves are compared as the game reads them; another deal is still refused."""
    save = tmp_path / "g.yaml"
    cli("play", variant, "--players", "3", "--seed", "3", "--moves", str(_quit_after(tmp_path, "a.txt", 8)),
        "--save", str(save), "--no-color")
    text = save.read_text(encoding="utf-8")
    assert written in text
    lines = [line.replace(written, respelt, 1) for line in text.splitlines()]
    if respelt.startswith('  - "'):  # close the quote before the move's comment
        lines = [line.replace("  #", '"  #', 1) if line.startswith('  - "') else line for line in lines]
    edited = tmp_path / "edited.yaml"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert respelt in edited.read_text(encoding="utf-8")
    assert cli("replay", str(edited)).returncode == 0
    r = cli("play", "--resume", str(edited), "--moves", str(_quit_after(tmp_path, "q.txt", 0)), "--no-color")
    assert r.returncode == 0, r.stderr
    assert f"No move was made since {edited}" in r.stdout
    other = tmp_path / "other.yaml"  # the same moves under another seed's first line: still refused
    other.write_text(edited.read_text(encoding="utf-8").replace("--seed 3:", "--seed 4:", 1), encoding="utf-8")
    r = cli("play", "--resume", str(other), "--moves", str(_quit_after(tmp_path, "q.txt", 0)), "--no-color")
    assert r.returncode == 2 and "--seed 4 of its first line does not deal the game the file records" in r.stderr


def test_a_hand_written_in_another_order_is_not_said_to_be_another_deal(cli, tmp_path):
    """An Oh-Seven hand reordered by hand replays as the same game, but --resume compares it as
    written and refuses it: the line said only that the seed does not deal the game the file
    records (efe6878 dropped the hint it had), though the seed deals exactly that hand."""
    save = tmp_path / "g.yaml"
    cli("play", OHSEVEN, "--players", "3", "--seed", "7", "--moves", str(_quit_after(tmp_path, "a.txt", 3)),
        "--save", str(save), "--no-color")
    doc = _played(save)
    hand = doc["rounds"][0]["deals"][0]["hands"]["P2"]
    text = save.read_text(encoding="utf-8")
    shown = f"P2: [{', '.join(hand)}]"
    assert shown in text
    edited = tmp_path / "edited.yaml"
    edited.write_text(text.replace(shown, f"P2: [{', '.join(reversed(hand))}]", 1), encoding="utf-8")
    assert cli("replay", str(edited)).returncode == 0
    r = cli("play", "--resume", str(edited), "--moves", str(_quit_after(tmp_path, "q.txt", 0)), "--no-color")
    assert r.returncode == 2
    assert r.stderr == (f"error: {edited}:1:1: --seed 7 of its first line does not deal the game the file records (or "
                        "something in it is written otherwise than play wrote it: a hand's cards in another order, "
                        f"say), so it cannot be continued (`playtest replay {edited}` still scores it)\n")


def test_a_bot_that_crashes_mid_game_leaves_the_game_so_far_saved_and_resumable(cli, tmp_path, monkeypatch):
    """A bug in a bot (a plugin's, say) ended `play` with its one line, and the game played so far
    was lost; it is now saved as on Ctrl-C, said after the error, and `--resume` goes on from it."""
    from playtest.games.stargate import bots

    real, calls = bots.GreedyBot.choose, []

    def choose(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 12:
            raise AttributeError("'View' object has no attribute 'nope'")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(bots.GreedyBot, "choose", choose)
    save = tmp_path / "g.yaml"
    moves = _quit_after(tmp_path, "a.txt", 40)
    r = cli("play", DRAFT5, "--players", "3", "--bots", "greedy", "--seed", "3", "--moves", str(moves),
            "--save", str(save), "--no-color")
    assert r.returncode == 1
    [line] = r.stderr.splitlines()
    assert "AttributeError: 'View' object has no attribute 'nope'" in line
    assert "; the abandoned game (" in line and f"is saved: {save}" in line
    assert cli("replay", str(save)).returncode == 0
    monkeypatch.setattr(bots.GreedyBot, "choose", real)
    r = cli("play", "--resume", str(save), "--moves", str(moves), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "Resumed" in r.stdout


def test_face_down_moves_replayed_stay_face_down_until_the_reveal():
    """A record that ends mid-pass (the common format keeps every decision; Oh-Seven's own keeps whole
    passes, so it stands in here): the bots' bids replayed are still face down, shown in full when the
    person's bid reveals them, and that bid cannot be taken back. Cleared at the resume, they were never
    shown and `undo` let the person bid again knowing every other bid."""
    def session() -> PlaySession:
        v = load_variant(OHSEVEN)
        spec = get_game(v.game)
        return PlaySession(spec, spec.make_rules(v.model), spec.play(), 4, 0, ["(you)"] + ["heuristic"] * 3, 3)

    first = session()
    assert [m.action for m in first.advance()] == [None] * 3  # three bids face down before the person's
    resumed = session()
    resumed.resume([m.action for m in first.moves])
    shown = resumed.play(resumed.parse("1"))
    assert [m.seat for m in shown] == [1, 2, 3, 0] and all(m.action is not None for m in shown)
    assert [m.note for m in shown[:3]] == ["revealed"] * 3
    with pytest.raises(InputError, match="the face-down bids were revealed with your last move"):
        resumed.undo()


def test_the_resume_is_said_in_plain_words_whatever_the_path(cli, tmp_path):
    """'Resumed FILE: N decisions replayed.' went through rich markup: a path with '[/]' in it was an
    internal error (MarkupError) and '[bold]' vanished; one decision was '1 decisions', and a game saved
    before any decision was resumed without a word."""
    folder = tmp_path / "x["
    folder.mkdir()
    save = folder / "]g.yaml"  # the path reads 'x[/]g.yaml'
    quit_now = _quit_after(tmp_path, "q.txt", 0)
    first = cli("play", NEWFRONTIERS, "--players", "3", "--seat", "2", "--bots", "random", "--seed", "2",
                "--moves", str(quit_now), "--save", str(save), "--no-color")
    assert first.returncode == 0, first.stderr
    r = cli("play", "--resume", str(save), "--moves", str(quit_now), "--no-color")
    assert r.returncode == 0, r.stderr
    assert f"Resumed {save}: 1 decision replayed." in r.stdout

    none = tmp_path / "none.yaml"
    cli("play", DRAFT5, "--players", "3", "--moves", str(quit_now), "--save", str(none), "--no-color")
    r = cli("play", "--resume", str(none), "--moves", str(quit_now), "--no-color")
    assert r.returncode == 0, r.stderr
    assert f"Resumed {none}: 0 decisions replayed." in r.stdout


def test_a_saved_game_an_editor_gave_a_byte_order_mark_goes_on(cli, tmp_path):
    """`playtest replay` reads past a byte-order mark (Notepad saves one with a retitled game);
    --resume said the file had no first line saying how it was played."""
    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "greedy", "--seed", "4",
        "--moves", str(_quit_after(tmp_path, "a.txt", 3)), "--save", str(save), "--no-color")
    marked = tmp_path / "marked.yaml"
    marked.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())
    assert cli("replay", str(marked)).returncode == 0
    # (a whole turn played: one left unfinished is not written)
    r = cli("play", "--resume", str(marked), "--moves", str(_quit_after(tmp_path, "q.txt", 6)), "--no-color")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "marked-2.yaml").read_text(encoding="utf-8").startswith("# playtest play --seed 4: You in seat 1")


@pytest.mark.parametrize(("variant", "players", "bots", "k"), [
    (DRAFT5, 3, "greedy", 5), (OHSEVEN, 4, "random", 3), (OHSEVEN, 4, "random", 9), (OHSEVEN, 5, "heuristic", 12),
    (NEWFRONTIERS, 3, "random", 7)])
def test_a_game_resumed_is_the_game_played_without_a_break(cli, tmp_path, variant, players, bots, k):
    """The bots are asked again on their own dice: a game quit after k moves and resumed is, move for
    move, the game played through. Oh-Seven keeps only whole tricks and passes: quit mid-trick (k = 3,
    9) the bots' cards of that trick, which the person saw, were played again with new dice (another card
    from a hand the person cannot see, h213)."""
    common = ["--players", str(players), "--seat", "1", "--bots", bots, "--seed", "11", "--no-color"]
    rest = tmp_path / "rest.txt"
    rest.write_text("1\n" * 900)
    whole = tmp_path / "whole.yaml"
    through = tmp_path / "through.txt"
    through.write_text("1\n" * (k + 900))
    assert cli("play", variant, *common, "--moves", str(through), "--save", str(whole)).returncode == 0
    part = tmp_path / "part.yaml"
    assert cli("play", variant, *common, "--moves", str(_quit_after(tmp_path, "k.txt", k)),
               "--save", str(part)).returncode == 0
    r = cli("play", "--resume", str(part), "--moves", str(rest), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "The finished game" in r.stdout
    assert _played(tmp_path / "part-2.yaml") == _played(whole)
    assert (tmp_path / "part-2.yaml").read_text(encoding="utf-8").splitlines()[0] == \
        whole.read_text(encoding="utf-8").splitlines()[0]


def test_after_an_undo_the_bots_dice_start_afresh_and_the_file_says_so(cli, tmp_path):
    """An undo sends the bots' dice on: asked again, a random bot answers otherwise, and the game goes
    on from the record with new dice, which the new file's first line says."""
    moves = tmp_path / "m.txt"
    moves.write_text("1\n1\nundo\n2\n1\n1\nquit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--bots", "random", "--seed", "5", "--moves", str(moves),
            "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "1 of your moves taken back" in save.read_text(encoding="utf-8").splitlines()[0]
    r = cli("play", "--resume", str(save), "--moves", str(_quit_after(tmp_path, "q.txt", 6)), "--no-color")
    assert r.returncode == 0, r.stderr
    head = (tmp_path / "g-2.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert "whose bots answered decision" in head and "their dice started afresh after its" in head


def test_ctrl_c_before_a_move_of_a_resumed_game_writes_nothing(cli, tmp_path, monkeypatch):
    """The file resumed holds the game: a copy of it (g-2.yaml, then g-2-2.yaml ...) piled up at
    every Ctrl-C right after a resume (h213)."""
    import playtest.cli.play as play_cli

    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "random", "--seed", "2",
        "--moves", str(_quit_after(tmp_path, "a.txt", 4)), "--save", str(save), "--no-color")

    def keyboard():
        def read(prompt: str) -> str | None:
            raise KeyboardInterrupt
        return read

    monkeypatch.setattr(play_cli, "_lines", keyboard)
    r = cli("play", "--resume", str(save), "--no-color")
    assert r.returncode == 130
    assert r.stderr.strip() == f"interrupted (Ctrl-C): no move was made since {save}, nothing was written"
    assert sorted(p.name for p in tmp_path.glob("g*.yaml")) == ["g.yaml"]


def test_a_bug_before_a_move_of_a_resumed_game_writes_no_copy_of_it(cli, tmp_path, monkeypatch):
    """A bot's or the game's bug right after a resume saved the game played so far, which is the
    file resumed: a copy of it (g-2.yaml) was written beside it, as Ctrl-C there no longer does."""
    from playtest.play.session import PlaySession

    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "random", "--seed", "2",
        "--moves", str(_quit_after(tmp_path, "a.txt", 4)), "--save", str(save), "--no-color")

    def advance(self):
        raise AttributeError("'View' object has no attribute 'nope'")

    monkeypatch.setattr(PlaySession, "advance", advance)
    r = cli("play", "--resume", str(save), "--moves", str(_quit_after(tmp_path, "b.txt", 3)), "--no-color")
    assert r.returncode == 1
    [line] = r.stderr.splitlines()
    assert line.endswith(f"AttributeError: 'View' object has no attribute 'nope' (run `playtest --debug ...` for the "
                         f"traceback); no move was made since {save}, nothing was written")
    assert sorted(p.name for p in tmp_path.glob("g*.yaml")) == ["g.yaml"]


def test_only_an_unfinished_turn_played_since_a_resume_writes_no_copy(cli, tmp_path):
    """A transcript keeps whole turns (Stargate) and tricks (Oh-Seven): a crew taken after a resume
    and then quit wrote g-2.yaml, byte for byte the file resumed."""
    save = tmp_path / "g.yaml"
    cli("play", DRAFT5, "--players", "3", "--bots", "greedy", "--seed", "4",
        "--moves", str(_quit_after(tmp_path, "a.txt", 3)), "--save", str(save), "--no-color")
    r = cli("play", "--resume", str(save), "--moves", str(_quit_after(tmp_path, "b.txt", 1)), "--no-color")
    assert r.returncode == 0, r.stderr
    assert (f"Only a turn or trick left unfinished (not written) was played since {save}, so nothing was written (it "
            f"goes on again with playtest play --resume {save})") in r.stdout
    assert sorted(p.name for p in tmp_path.glob("g*.yaml")) == ["g.yaml"]
    # a whole turn played since is written
    r = cli("play", "--resume", str(save), "--moves", str(_quit_after(tmp_path, "c.txt", 6)), "--no-color")
    assert r.returncode == 0, r.stderr
    assert f"is saved: {tmp_path / 'g-2.yaml'}" in r.stdout


@pytest.mark.parametrize("variant", [DRAFT5, OHSEVEN, NEWFRONTIERS])
def test_a_finished_game_is_refused_before_its_bots_are_asked_again(cli, tmp_path, monkeypatch, variant):
    """The resume asks every bot again for its decisions, which takes as long as their thinking
    of the whole game did (minutes for a search bot), and only then said the game was over."""
    from playtest.play.session import PlaySession

    done = tmp_path / "done.yaml"
    assert cli("play", variant, "--players", "3", "--bots", "random", "--seed", "4",
               "--moves", str(_quit_after(tmp_path, "all.txt", 900)), "--save", str(done),
               "--no-color").returncode == 0

    def resume(self, decisions):
        raise AssertionError("the bots of a finished game were asked again")

    monkeypatch.setattr(PlaySession, "resume", resume)
    r = cli("play", "--resume", str(done), "--no-color")
    assert (r.returncode, r.stderr) == (2, f"error: --resume {done}: the game is over, there is nothing to continue "
                                           f"(`playtest replay {done}` scores it)\n")


def test_bots_that_answer_otherwise_are_replaced_by_new_ones_on_dice_of_their_own():
    """After an undo the bots' dice had gone on: asked again, one answers otherwise. Its plan or
    memory of its own answer is not what was played, so every bot is made anew, on a stream apart
    from every seat's and hint's (the seats' own streams would repeat the game's first draws), and
    the same file resumed twice goes on the same way."""
    import random as _random

    from playtest import rng as streams

    def session() -> PlaySession:
        v = load_variant(DRAFT5)
        spec = get_game(v.game)
        return PlaySession(spec, spec.make_rules(v.model), spec.play(), 3, 0, ["(you)", "random", "random"], 5)

    played = session()
    played.advance()
    for text in ("1", "1"):
        played.play(played.parse(text))
        played.advance()
    assert played.undo()
    played.play(played.parse("2"))
    played.advance()
    decisions = [m.action for m in played.moves]

    resumed, again = session(), session()
    first = dict(resumed.bots)
    resumed.resume(decisions)
    again.resume(decisions)
    assert resumed.diverged_at > 0 and resumed.diverged_at == again.diverged_at
    assert all(resumed.bots[s] is not first[s] for s in first)
    fresh = _random.Random()
    fresh.setstate(streams.stream(5, 0, streams.resumed_stream(1, resumed.diverged_at)).getstate())
    assert resumed._bot_rngs[1].getstate() == fresh.getstate()
    assert resumed._bot_rngs[1].getstate() != streams.stream(5, 0, streams.bot_stream(1)).getstate()
    assert [m.action for m in resumed.advance()] == [m.action for m in again.advance()]
