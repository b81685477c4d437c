"""`playtest play`: scripted games to the end, re-prompts, undo, hints, saved transcripts."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

from playtest.games import get_game
from playtest.io import reference
from playtest.play.session import InputError, PlaySession
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = str(ROOT / "variants/stargate/draft5.yaml")
OHSEVEN = str(ROOT / "variants/ohseven/base.yaml")
NEWFRONTIERS = str(ROOT / "variants/new-frontiers/base.yaml")


def session(variant: str, players: int, seat: int, bots: str, seed: int = 3) -> PlaySession:
    v = load_variant(variant)
    spec = get_game(v.game)
    lineup = [bots] * players
    lineup[seat] = "(you)"
    return PlaySession(spec, spec.make_rules(v.model), spec.play(), players, seat, lineup, seed)


def played_through(s: PlaySession, width: int = 200) -> tuple[bool, str]:
    """`s` played to its end in the terminal loop, the person always answering '1': whether the
    game finished, and what the terminal showed."""
    from rich.console import Console

    from playtest.play.console import run

    console = Console(width=width, no_color=True, record=True)
    outcome = run(s, console, lambda prompt: "1")
    return outcome.finished, console.export_text()


def _totals_from_game_over(stdout: str) -> dict[str, float]:
    line = next(x for x in stdout.splitlines() if x.startswith("Game over."))
    return {name: float(total) for name, total in re.findall(r"\d+\. (\S+) (-?\d+(?:\.\d+)?)", line)}


@pytest.mark.parametrize(("variant", "players", "bots"), [(DRAFT5, 3, "greedy"), (OHSEVEN, 4, "heuristic"),
                                                          (NEWFRONTIERS, 3, "greedy")])
def test_scripted_game_to_the_end_is_saved_and_replays_to_the_same_result(cli, tmp_path, variant, players, bots):
    moves = tmp_path / "moves.txt"
    moves.write_text("1\n" * 800)  # always the first legal move; extra lines are never read
    save = tmp_path / "game.yaml"
    r = cli("play", variant, "--players", str(players), "--seat", "2", "--bots", bots, "--seed", "5",
            "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "The finished game" in r.stdout and str(save) in r.stdout
    played = _totals_from_game_over(r.stdout)
    rep = cli("replay", str(save), "--json")
    assert rep.returncode == 0, rep.stderr
    data = json.loads(rep.stdout)
    scores = data.get("scores") or data["final"]
    replayed = {s["player"]: float(s["total"]) for s in scores}
    assert replayed == played


def test_illegal_input_is_answered_with_the_reason_and_asked_again(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("foo\n99\nplace nowhere\nhelp\n1\nquit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--bots", "random", "--moves", str(moves), "--save", str(save),
            "--no-color")
    assert r.returncode == 0, r.stderr
    assert "not a legal move: 'foo' is not a legal move now" in r.stdout
    assert "not a legal move: there is no move 99: choose 1 to" in r.stdout
    assert "not a legal move: 'place nowhere' is not a legal move now" in r.stdout
    assert "undo" in r.stdout and "hint" in r.stdout  # the help text
    assert "You left the game." in r.stdout
    assert "The abandoned game" in r.stdout
    assert cli("replay", str(save)).returncode == 0


def test_help_gives_examples_of_this_games_moves(cli, tmp_path):
    """A New Frontiers player typing help read "(e.g. 'armstrong', 'place red2 blue2', '7S')":
    Stargate's and Oh-Seven's moves, none of which New Frontiers takes."""
    moves = tmp_path / "moves.txt"
    moves.write_text("help\nquit\n")
    r = cli("play", NEWFRONTIERS, "--players", "3", "--seat", "2", "--bots", "greedy", "--seed", "4",
            "--moves", str(moves), "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "armstrong" not in r.stdout and "7S" not in r.stdout
    assert "Type a move's number or its notation as listed (e.g. '1' or 'develop d01')." in " ".join(r.stdout.split())


@pytest.mark.parametrize("game", ["stargate/draft5.yaml", "ohseven/base.yaml", "new-frontiers/base.yaml"])
def test_a_game_left_before_the_first_move_is_saved_and_replays(cli, tmp_path, game):
    """Every game's transcript of 0 moves replays (an Oh-Seven one once said "rounds: must be a
    non-empty list")."""
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", str(ROOT / "variants" / game), "--players", "4", "--seat", "2", "--moves", str(moves),
            "--save", str(save), "--no-color")  # (no --bots: each game's default bot)
    assert r.returncode == 0, r.stderr
    assert "The abandoned game" in r.stdout
    replayed = cli("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr


def test_saved_games_are_never_overwritten(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n")
    save = tmp_path / "g.yaml"
    save.write_text("precious\n")
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert save.read_text() == "precious\n"
    assert (tmp_path / "g-2.yaml").exists()


def test_a_huge_move_line_is_quoted_back_short(cli, tmp_path):
    """A 200,000-character line in --moves is echoed and refused by its start and length, not
    printed again in full (twice, before: 400 KB of terminal output for one bad line)."""
    moves = tmp_path / "moves.txt"
    moves.write_text("x" * 200_000 + "\nquit\n")
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "(200,000 characters)' is not a legal move now" in " ".join(r.stdout.split())
    assert len(r.stdout) < 5_000


def test_a_long_legal_move_is_echoed_whole(cli, tmp_path):
    """Only a line no move could be is shortened: a designer's planets named at length make a
    legal Stargate placement of 93 characters, which --moves echoed as its first 60 and '… (93
    characters)'."""
    text = (ROOT / "variants/stargate/draft5.yaml").read_text()
    variant = tmp_path / "long-names.yaml"
    variant.write_text(re.sub(r"\b(red|blue|yellow|green)([123])\b", r"\1\2_of_the_outer_rim_sector", text))
    place = "place blue2_of_the_outer_rim_sector red2_of_the_outer_rim_sector red3_of_the_outer_rim_sector"
    assert len(place) == 93
    moves = tmp_path / "moves.txt"
    moves.write_text(f"armstrong\n{place}\nquit\n")
    r = cli("play", str(variant), "--players", "3", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"),
            "--no-color")
    assert r.returncode == 0, r.stderr
    assert f"your move> {place}\n" in r.stdout
    assert "characters)" not in r.stdout


def test_a_huge_tile_id_is_quoted_back_short(cli, tmp_path):
    """New Frontiers reads the notation and says which id is unknown: that id is quoted short."""
    moves = tmp_path / "moves.txt"
    moves.write_text("select " + "x" * 100_000 + "\nquit\n")
    r = cli("play", str(ROOT / "variants/new-frontiers/base.yaml"), "--moves", str(moves), "--save",
            str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "no action 'xxx" in r.stdout
    assert len(r.stdout) < 5_000


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "5", "--players", "3"], "--seat 5: choose a seat from 1 to 3"),
    (["--players", "9"], "--players 9:"),
    (["--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
    (["--bots", "greedy,greedy,greedy,greedy", "--players", "3"], "--bots names 4 bots for the 2 other seats"),
])
def test_bad_options_are_one_line_errors(cli, tmp_path, args, message):
    r = cli("play", DRAFT5, *args, "--moves", str(tmp_path / "none.txt"), "--save", str(tmp_path / "g.yaml"))
    assert r.returncode == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "g.yaml").exists()


def test_undo_takes_back_the_move_and_the_bot_replies_exactly():
    s = session(DRAFT5, 3, 1, "random")
    s.advance()
    before, n_moves = s.state, len(s.moves)
    s.play(s.parse("1"))
    first = [m.text for m in s.advance()]
    assert s.undo()
    assert s.state == before and len(s.moves) == n_moves
    s.play(s.parse("1"))
    assert [m.text for m in s.advance()] == first  # the bots' dice were restored too
    assert not session(DRAFT5, 3, 0, "random").undo()


def test_hint_asks_a_bot_the_game_offers_when_it_says_none():
    """A PlaySupport that names no hint bot (a plugin's, with only the required fields) gets
    `greedy` when the game offers one, else the game's first bot after random (what `play` seats
    by default): a fixed `greedy` answered `hint` in a game without one with "unknown bot
    'greedy'", a bot the person never named."""
    from dataclasses import replace

    from rich.console import Console

    from playtest.errors import UsageError
    from playtest.play.console import run
    from playtest.play.session import PlaySupport

    v = load_variant(DRAFT5)
    game = get_game("stargate")
    full = game.play()
    plain = PlaySupport(render=full.render, deal_rng=full.deal_rng, transcript=full.transcript)
    for bots, asked in [(("random", "lookahead", "greedy"), "greedy"), (("random", "lookahead"), "lookahead")]:
        def make_bot(name, rules, seat, bots=bots):
            if name not in bots:
                raise UsageError(f"unknown bot {name!r} for stargate (bots: {', '.join(bots)})")
            return game.make_bot(name, rules, seat)

        spec = replace(game, bot_names=bots, make_bot=make_bot, play=lambda: plain)
        s = PlaySession(spec, spec.make_rules(v.model), plain, 3, 0, ["(you)", "random", "random"], 3)
        console = Console(width=200, no_color=True, record=True)
        answers = iter(["hint", "quit"])
        run(s, console, lambda prompt, answers=answers: next(answers))
        said = console.export_text()
        assert f"hint ({asked}): " in said and "unknown bot" not in said, said
    assert session(DRAFT5, 3, 0, "random").hint_bot() == "lookahead"  # a game that names its hint bot keeps it


def test_moves_are_accepted_in_notation_and_hint_is_legal():
    s = session(OHSEVEN, 4, 0, "heuristic")
    s.advance()
    legal = s.legal()
    action, text, _ = s.hint()
    assert (action, text) in legal
    assert s.parse(legal[-1][1].upper()) == legal[-1][0]
    with pytest.raises(InputError, match=r"'play ZZ': not a card \(cards are rank\+suit"):
        s.parse("play ZZ")


def test_bots_never_see_the_persons_hand():
    """The session gives each bot only `rules.view(state, its seat)`: Oh-Seven's view of another
    seat holds no card of the person's hand."""
    s = session(OHSEVEN, 4, 0, "heuristic")
    seen = []
    for bot in s.bots.values():
        orig = bot.choose

        def spy(view, legal, *, rng, _orig=orig):
            seen.append(view)
            return _orig(view, legal, rng=rng)

        bot.choose = spy  # type: ignore[method-assign]
    s.advance()
    mine = set(s.rules.view(s.state, 0).hand)
    assert seen
    for view in seen:
        assert view.seat != 0
        assert not mine & set(view.hand)


def _terminal_session_after_one_move(save, columns: int):
    """`playtest play` of draft 5 in a pseudo-terminal, as a person would: at the prompt after
    one move (crew 1) has been made. The pexpect child."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "playtest", "play", DRAFT5, "--players", "3", "--bots", "random",
                                           "--save", str(save)], cwd=str(ROOT), encoding="utf-8", timeout=60,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": str(columns), "TERM": "xterm"},
                          dimensions=(50, columns))
    child.expect("your move> ")
    child.sendline("1")
    child.expect("You: ")
    child.expect("your move> ")
    return child


READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}
"""read(2)'s number, as /proc/PID/syscall shows it, on the machines the terminal tests know."""


def _until_reading_its_terminal(child) -> None:
    """Return once the pexpect child is blocked in read() on its terminal (fd 0), as a person's
    Ctrl-C or Ctrl-D at the prompt finds it. input() writes the prompt, then reads: a SIGINT that
    lands between the two (microseconds, unless the host deschedules the child there: a loaded CI
    run, 2026-12-03) only sets CPython's flag, and the blocked read does not see it until a line
    comes. Linux shows the system call a task is blocked in, with its arguments, in
    /proc/PID/syscall ('0 0x0 ...' is read(0, ...) on x86_64); a fixed sleep only made the miss
    rarer."""
    import platform

    number = READ_SYSCALL.get(platform.machine())
    syscall = Path(f"/proc/{child.pid}/syscall")
    if number is None or (not _syscall(syscall) and child.isalive()):  # not Linux, another machine, not ours
        pytest.skip("needs Linux's /proc/PID/syscall (x86_64 or aarch64) to see that the child is reading")
    deadline = time.monotonic() + child.timeout
    while _syscall(syscall)[:2] != [number, "0x0"]:
        assert child.isalive(), "the child ended before it read its next move"
        assert time.monotonic() < deadline, f"the child did not block reading its terminal in {child.timeout} s"
        time.sleep(0.01)


def _syscall(path: Path) -> list[str]:
    """The fields of /proc/PID/syscall ('running' while on a CPU); none once the process is gone, or
    where the file cannot be read."""
    try:
        return path.read_text().split()
    except OSError:
        return []


def test_a_real_terminal_session(tmp_path):
    """Through a pseudo-terminal, as a person would: the prompt, a move, undo, quit, saved."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "t.yaml"
    child = _terminal_session_after_one_move(save, 120)
    child.sendline("undo")
    child.expect("Taken back")
    child.expect("your move> ")
    child.sendline("quit")
    child.expect("saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert save.exists()


def test_search_bots_play_and_a_search_hint_says_why():
    s = session(DRAFT5, 3, 0, "mcts:20")
    s.advance()
    action, text, why = s.hint("mcts:60")
    assert (action, text) in s.legal()
    assert why.startswith("60 iterations; this move searched ")
    s.play(action)
    assert all(m.who.endswith("(mcts:20)") for m in s.advance())


def test_a_save_path_that_exists_gets_a_new_name_and_says_so(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    save = tmp_path / "g.yaml"
    save.write_text("keep")
    r = cli("play", DRAFT5, "--players", "3", "--bots", "random", "--moves", str(moves), "--save", str(save),
            "--no-color")
    assert r.returncode == 0, r.stderr
    other = tmp_path / "g-2.yaml"
    assert save.read_text() == "keep" and other.is_file()
    # Abandoned after the crew of the first turn: the transcript keeps whole turns only, so the
    # line says the decision made is not all written (it read "(1 decision) is saved").
    assert (f"(1 decision made; a turn or trick left unfinished is not written) is saved: {other} ({save} exists, so "
            "the game got a new name)") in " ".join(r.stdout.split())


def test_a_bad_save_target_stops_before_the_game_starts(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", "/proc/x.yaml", "--no-color")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: --save /proc/x.yaml: is inside /proc, a system folder playtest will not write to"
    assert "You are" not in r.stdout and "your move>" not in r.stdout  # no game was played


def test_the_saved_game_says_which_bot_sat_where_and_the_seed(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--seat", "2", "--seed", "7", "--bots", "greedy,random",
            "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert save.read_text().splitlines()[0] == "# playtest play --seed 7: You in seat 2; bots: P1 greedy, P3 random"
    # named as io.reference names it: relative, or absolute where a relative name climbs to "/"
    assert f"\nvariant: {reference(Path(DRAFT5), tmp_path)}\n" in save.read_text()
    assert cli("replay", str(save)).returncode == 0


def test_save_to_a_folder_saves_inside_it_under_the_default_name(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    games = tmp_path / "games"
    games.mkdir()
    r = cli("play", DRAFT5, "--players", "3", "--seed", "4", "--moves", str(moves), "--save", str(games),
            "--no-color")
    assert r.returncode == 0, r.stderr
    saved = games / "stargate-seed4.yaml"
    assert sorted(p.name for p in games.iterdir()) == [saved.name]
    assert f"is saved: {saved}  (score it" in r.stdout
    assert cli("replay", str(saved)).returncode == 0


def _interrupt_after(monkeypatch, lines: list[str], exc: BaseException) -> None:
    """The person types `lines`, then presses Ctrl-C (`exc` at the next prompt)."""
    import playtest.cli.play as play_cli

    typed = iter(lines)

    def source(_moves):
        def read(prompt: str) -> str | None:
            line = next(typed, None)
            if line is None:
                raise exc
            return line
        return read

    monkeypatch.setattr(play_cli, "_lines", source)


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), "signal"])
def test_ctrl_c_after_some_moves_saves_the_game_so_far_and_says_where(cli, tmp_path, monkeypatch, exc):
    """README: the finished or abandoned game is saved. Ctrl-C (KeyboardInterrupt, or the CLI's
    signal handler's Interrupted) abandons the game: exit 130, one line naming the file."""
    from playtest.errors import Interrupted

    error = Interrupted("interrupted (Ctrl-C): nothing was written") if exc == "signal" else exc
    _interrupt_after(monkeypatch, ["1", "1"], error)
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--seat", "2", "--bots", "random", "--save", str(save), "--no-color")
    assert r.returncode == 130
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr
    assert re.fullmatch(rf"interrupted \(Ctrl-C\): the abandoned game \(\d+ decisions? made; a turn or trick left unfinished is not written\) is saved: {re.escape(str(save))}"
                        rf"  \(score it: playtest replay {re.escape(str(save))}\)", lines[0]), lines[0]
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]  # no temporary file left
    assert cli("replay", str(save)).returncode == 0


def test_ctrl_c_before_any_move_writes_nothing(cli, tmp_path, monkeypatch):
    _interrupt_after(monkeypatch, [], KeyboardInterrupt())
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--seat", "1", "--bots", "random", "--save", str(save), "--no-color")
    assert r.returncode == 130
    assert r.stderr.strip() == "interrupted (Ctrl-C): no move was made, nothing was written"
    assert not list(tmp_path.iterdir())


def test_ctrl_c_in_a_real_terminal_saves_the_game(tmp_path):
    """The real signal path: SIGINT at the prompt of a pseudo-terminal session."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "t.yaml"
    child = _terminal_session_after_one_move(save, 200)
    _until_reading_its_terminal(child)  # a person never presses Ctrl-C before the prompt is read
    child.sendintr()
    child.expect(r"interrupted \(Ctrl-C\): the abandoned game \(1 decision made; a turn or trick left unfinished is not written\) is saved: ")
    assert child.before.endswith("\n"), repr(child.before[-30:])  # on a line of its own, not after the prompt
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert save.is_file()


def test_ctrl_d_in_a_real_terminal_saves_the_game_on_a_line_of_its_own(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "t.yaml"
    child = _terminal_session_after_one_move(save, 200)
    _until_reading_its_terminal(child)
    child.sendeof()
    child.expect(r"\(end of input: the game is abandoned\)")
    assert child.before.endswith("\n"), repr(child.before[-30:])  # not after the prompt
    child.expect(r"The abandoned game \(1 decision made; a turn or trick left unfinished is not written\) is saved: ")
    assert child.before.endswith("\n"), repr(child.before[-30:])
    child.expect(pexpect.EOF)
    child.close()
    assert save.is_file()


BID_CARD = re.compile(r"^P\d \(heuristic\): bid [QA2-7][SHDC]\b", re.M)


def test_simultaneous_bids_are_shown_only_at_the_reveal(cli, tmp_path):
    """Oh-Seven's base bidding is simultaneous and face down: the bots bidding before the person
    are shown as having bid, and their bid cards only once every bid is in."""
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    r = cli("play", OHSEVEN, "--players", "4", "--seat", "1", "--moves", str(moves), "--save",
            str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    before, _, after = r.stdout.partition("your move> 1")
    assert not BID_CARD.search(before), before
    assert before.count("(heuristic): bid (face down until every bid is in)") == 3
    revealed = BID_CARD.findall(after)
    assert [line.split(":")[0] for line in revealed] == ["P2 (heuristic)", "P3 (heuristic)", "P4 (heuristic)"]
    assert after.index("You: bid ") > after.index("P4 (heuristic): bid ")
    assert after.count("— revealed") == 3


def test_in_turn_bids_are_shown_as_they_are_made(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n")
    r = cli("play", str(ROOT / "variants/ohseven/hook.yaml"), "--players", "4", "--seat", "1", "--moves", str(moves),
            "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert len(BID_CARD.findall(r.stdout)) == 3 and "face down" not in r.stdout


def test_a_bid_cannot_be_taken_back_once_the_bids_are_revealed():
    """Undo after the reveal would let the person bid again knowing every other bid (review of
    2026-12-02): refused, and the game goes on unchanged."""
    from playtest.play.session import InputError

    s = session(OHSEVEN, 4, 0, "heuristic")
    hidden = s.advance()
    assert [m.text for m in hidden] == ["bid (face down until every bid is in)"] * 3
    assert all(m.action is None for m in hidden)
    shown = s.play(s.parse("1"))
    assert [m.seat for m in shown] == [1, 2, 3, 0] and all(m.action is not None for m in shown)
    state, moves = s.state, len(s.moves)
    with pytest.raises(InputError) as refused:
        s.undo()
    assert str(refused.value) == ("the face-down bids were revealed with your last move: taking your move back "
                                  "would let you choose again knowing that")
    assert (s.state, len(s.moves)) == (state, moves)


def _to_card_play(s: PlaySession) -> None:
    from playtest.games.ohseven.state import PLAY

    s.advance()
    while s.state.phase != PLAY:
        s.play(s.parse("1"))
        s.advance()


def test_a_card_cannot_be_taken_back_once_another_hand_showed_a_card():
    """Oh-Seven's hands are hidden: undo after the bots answered a card with theirs let the person
    see their cards and play the trick again knowing them. Refused, naming the first card shown,
    and the game goes on unchanged."""
    s = session(OHSEVEN, 4, 1, "heuristic")
    _to_card_play(s)
    shown = s.play(s.parse("1")) + s.advance()
    assert [m.who for m in shown][:2] == ["You", "P3 (heuristic)"]
    state, moves = s.state, len(s.moves)
    with pytest.raises(InputError) as refused:
        s.undo()
    card = shown[1].text.split()[-1]  # 'play 4S'
    assert str(refused.value) == (f"P3 played {card} from a hand you could not see after your last move: taking "
                                  "your move back would let you choose again knowing that")
    assert (s.state, len(s.moves)) == (state, moves)


def test_undo_in_a_scripted_session_says_why_it_is_refused(cli, tmp_path):
    """The same through the terminal loop: one line saying why, and the game goes on (the
    saved game keeps the card played)."""
    moves = tmp_path / "moves.txt"
    moves.write_text("1\n1\nundo\nquit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", OHSEVEN, "--players", "4", "--seat", "2", "--seed", "3", "--moves", str(moves), "--save",
            str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    refused = [line for line in r.stdout.splitlines() if "cannot undo" in line]
    assert len(refused) == 1 and re.search(r"cannot undo: P3 played [QA2-7][SHDC] from a hand you could not see after "
                                           r"your last move: taking your move back would let you choose again", refused[0])
    assert "Taken back" not in r.stdout


def _kind(refusal: str) -> str:
    """What refused an undo, without its cards, tiles or players: 'P3 played 4S from a hand you
    could not see after your last move: ...' → 'played from a hand you could not see'."""
    what = re.split(r" (?:with|after) your last move: ", refusal)[0]
    return re.sub(r"^P\d (played|bid) [QA2-7][SHDC] ", r"\1 ", re.sub(r" \(.*\)$", "", what))


@pytest.mark.parametrize(("variant", "players", "kinds", "undone"), [
    (DRAFT5, 3, set(), True),  # nothing hidden, no chance after the set-up: every move can be taken back
    # (in card play an undo is left only when your card ends a trick you win: not in these 60 moves)
    (OHSEVEN, 4, {"the face-down bids were revealed", "played from a hand you could not see", "new hands were dealt"},
     False),
    (str(ROOT / "variants/ohseven/hook.yaml"), 4, {"bid from a hand you could not see",
                                                   "played from a hand you could not see", "new hands were dealt"}, True),
    (NEWFRONTIERS, 3, {"tiles were drawn from the bag"}, True),
    (str(ROOT / "variants/new-frontiers/goals.yaml"), 3, {"goals you could not see were shown"}, True),
])
def test_what_each_game_s_undo_may_not_cross(variant, players, kinds, undone):
    """The person moves (always the first legal move) and tries to undo each time, over 60 moves
    against greedy or heuristic bots (seed 3): what refused an undo, by kind; an undo that is
    allowed gives the very same game back."""
    bots = "heuristic" if "ohseven" in variant else "greedy"
    s = session(variant, players, 1, bots)
    s.advance()
    refused: set[str] = set()
    allowed = 0
    for _ in range(60):
        if s.over():
            break
        s.play(s.parse("1"))
        replies = [m.text for m in s.advance()]
        try:
            assert s.undo()
        except InputError as err:
            assert str(err).endswith(" your last move: taking your move back would let you choose again knowing that")
            refused.add(_kind(str(err)))
            continue
        allowed += 1
        s.play(s.parse("1"))
        assert [m.text for m in s.advance()] == replies
    assert refused == kinds
    assert (allowed > 0) == undone


def test_an_ohseven_bid_says_how_many_tricks_it_bids():
    """A bid card's value is not always its label: 'bid QS' bids 0 tricks, 'bid AH' 1."""
    from playtest.games.ohseven.play import detail

    s = session(OHSEVEN, 4, 1, "heuristic")
    s.advance()
    bids = {text: detail(s.rules, s.view(), action) for action, text in s.legal()}
    assert bids and all(re.fullmatch(r"bid ([QA2-7])[SHDC]", text) for text in bids)
    values = {"Q": 0, "A": 1}
    for text, said in bids.items():
        value = values[text[4]] if text[4] in values else int(text[4])
        assert said == f"bids {value} trick{'' if value == 1 else 's'}"


def test_a_new_frontiers_keep_says_the_order_the_other_goals_go_back_in():
    """`keep g04` and `keep g04 return g06 g12` were listed with the same three goals described,
    and nothing said how they differ."""
    from playtest.games.newfrontiers.play import move_detail

    s = session(str(ROOT / "variants/new-frontiers/goals.yaml"), 3, 0, "greedy", seed=4)
    s.advance()
    s.play(s.parse("select goals"))
    s.advance()
    keeps = {text: move_detail(s.rules, s.view(), action) for action, text in s.legal()}
    drawn = [s.rules.tiles.goals[g].id for g in s.state.goal_offer]
    kept, other, last = drawn[1], drawn[0], drawn[2]
    assert keeps[f"keep {kept}"].endswith(f" — the others under the deck in the order drawn: {other}, {last} "
                                          f"({other} comes up first)")
    assert keeps[f"keep {kept} return {last} {other}"].endswith(
        f" — the others under the deck in this order: {last}, {other} ({last} comes up first)")
    assert keeps[f"keep {kept}"].startswith(f"{kept} ") and "|" not in keeps[f"keep {kept}"]


def test_a_stargate_swap_says_whose_cube_went_where():
    """'P2's cube up to slot 1 of green1, your back to slot 2' was a slip for 'your cube'."""
    s = session(DRAFT5, 3, 0, "greedy", seed=4)
    notes = [m.note for m in s.advance()]
    for choice in ("armstrong", "place green1 red1 blue3"):
        notes += [m.note for m in s.play(s.parse(choice)) + s.advance()]
    swaps = [n for n in notes if n.startswith("swapped:")]
    assert swaps and all(re.fullmatch(r"swapped: (your|P\d's) cube up to slot \d of \w+, (your|P\d's) cube back to "
                                      r"slot \d", n) for n in swaps), swaps


def test_the_first_line_does_not_call_the_person_you_twice(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n")
    r = cli("play", DRAFT5, "--players", "3", "--seat", "2", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"),
            "--no-color")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "You are in seat 2 of 3. Type help for the commands."
