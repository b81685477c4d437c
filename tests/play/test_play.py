"""`playtest play`: scripted games to the end, re-prompts, undo, hints, saved transcripts."""

from __future__ import annotations

import itertools
import json
import re
import sys
import time
from pathlib import Path

import pytest

from playtest.core.bots import make_bot
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
    """'²' (a digit to str.isdigit) and a number of 5,000 digits were internal errors (ValueError
    from int()), which ended the game unsaved."""
    moves = tmp_path / "moves.txt"
    moves.write_text("foo\n99\n²\n" + "9" * 5000 + "\nplace nowhere\nhelp\n1\nquit\n")
    save = tmp_path / "g.yaml"
    r = cli("play", DRAFT5, "--players", "3", "--bots", "random", "--moves", str(moves), "--save", str(save),
            "--no-color")
    assert r.returncode == 0, r.stderr
    assert "not a legal move: 'foo' is not a legal move now" in r.stdout
    assert "not a legal move: there is no move 99: choose 1 to" in r.stdout
    assert "not a legal move: '²'" in r.stdout
    assert "not a legal move: there is no move 999999999999…: choose 1 to" in r.stdout
    assert "not a legal move: 'place nowhere' is not a legal move now" in r.stdout
    assert "undo" in r.stdout and "hint" in r.stdout  # the help text
    assert "You left the game." in r.stdout
    assert "The abandoned game" in r.stdout
    assert cli("replay", str(save)).returncode == 0


def test_help_fits_an_80_column_terminal(cli, tmp_path):
    """The help's lines ran to 95 characters: at 80 columns the terminal wrapped each again
    mid-sentence ('... unless' / 'something you' / '   could not see ...')."""
    r = play_moves(cli, tmp_path, DRAFT5, "help\nquit\n", "--seed", "7")
    assert r.returncode == 0, r.stderr
    text = r.stdout.split("your move> ", 1)[1].split("your move> quit")[0]
    lines = text.splitlines()[1:]  # (the first is the echoed 'help')
    assert any(line.startswith("  undo        take back your last move") for line in lines)
    assert all(line.startswith(("Type a move", "  ")) and len(line) <= 80 for line in lines), lines


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


def test_a_moves_file_saved_with_a_byte_order_mark_is_read_from_its_first_move(cli, tmp_path):
    """Some Windows editors begin a text file with a byte-order mark: the first move was refused
    ("'\ufeffarmstrong' is not a legal move now") and the next line read in its place."""
    moves = tmp_path / "moves.txt"
    moves.write_bytes("\ufeffarmstrong\r\nquit\r\n".encode())
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "refused" not in r.stdout + r.stderr and "your move> armstrong\n" in r.stdout


def test_a_huge_tile_id_is_quoted_back_short(cli, tmp_path):
    """New Frontiers reads the notation and says which id is unknown: that id is quoted short."""
    moves = tmp_path / "moves.txt"
    moves.write_text("select " + "x" * 100_000 + "\nquit\n")
    r = cli("play", str(ROOT / "variants/new-frontiers/base.yaml"), "--moves", str(moves), "--save",
            str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "no action 'xxx" in " ".join(r.stdout.split())  # (the terminal wraps at 80 columns)
    assert len(r.stdout) < 5_000


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "5", "--players", "3"], "--seat 5: choose a seat from 1 to 3"),
    (["--players", "9"], "--players 9 is not supported by this variant (supported: 3, 4)"),
    (["--players", "1"], "--players 1: a game needs at least 2 players"),
    (["--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
    (["--bots", "greedy,greedy,greedy,greedy", "--players", "3"], "--bots names 4 bots for the 2 other seats"),
])
def test_bad_options_are_one_line_errors(cli, tmp_path, args, message):
    r = cli("play", DRAFT5, *args, "--moves", str(tmp_path / "none.txt"), "--save", str(tmp_path / "g.yaml"))
    assert r.returncode == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "g.yaml").exists()


def test_undo_takes_back_the_move_but_not_the_bots_dice():
    """An undo put the bots' random streams back too, so the person could undo and see what the
    very same dice answered to each move they tried: an oracle the table does not have. The
    game comes back as it was, but the bots draw on from where they were (seed 4: the random
    bots answer the move played again otherwise); the same input, undo included, still plays
    the same game."""
    def played(s: PlaySession) -> tuple[list[str], list[str]]:
        s.advance()
        before, n_moves = s.state, len(s.moves)
        s.play(s.parse("1"))
        first = [m.text for m in s.advance()]
        assert s.undo()
        assert s.state == before and len(s.moves) == n_moves
        s.play(s.parse("1"))
        return first, [m.text for m in s.advance()]

    first, again = played(session(NEWFRONTIERS, 3, 1, "random", seed=4))
    assert first and again and first != again
    assert played(session(NEWFRONTIERS, 3, 1, "random", seed=4)) == (first, again)
    assert not session(DRAFT5, 3, 0, "random").undo()


def test_a_game_with_an_undo_is_saved_and_replays_to_the_same_result(cli, tmp_path):
    """The bots' dice go on after an undo (above) while the deal's stream is put back: the saved
    game, its moves and the deal replayed from the seed, still ends as the game played did."""
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nundo\n" + "1\n" * 800)
    save = tmp_path / "game.yaml"
    r = cli("play", NEWFRONTIERS, "--players", "3", "--seat", "2", "--bots", "random", "--seed", "4",
            "--moves", str(moves), "--save", str(save), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "The finished game" in r.stdout
    assert ("Taken back: your last move and the bots' moves after it (not the bots' dice: a bot that draws at "
            "random may answer differently).") in " ".join(r.stdout.split())
    data = json.loads(cli("replay", str(save), "--json").stdout)
    assert {s["player"]: float(s["total"]) for s in data.get("scores") or data["final"]} == _totals_from_game_over(r.stdout)
    # the header's seed no longer draws the bots' answers alone: it says so (it read as a recipe)
    assert save.read_text().splitlines()[0] == (
        "# playtest play --seed 4: You in seat 2; bots: P1 random, P3 random; 1 of your moves taken back (the bots' dice "
        "went on: the seed alone may not draw their answers again)")


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


def test_an_oh_seven_hint_says_why():
    """Bare `hint` (Oh-Seven's heuristic bot) named a card with no reason; the session passes on
    the bot's explain() (the wording: tests/ohseven/test_play.py)."""
    s = session(OHSEVEN, 4, 0, "heuristic")
    s.advance()
    _, text, why = s.hint()
    card = text.split()[1]
    assert re.fullmatch(rf"your hand should take about \d\.\d tricks: .*; of the bids in your hand, {card}'s \d "
                        r"is the nearest", why), why
    assert s.hint()[2] == why  # asked again: the same


def test_a_random_hint_is_the_same_when_asked_again_and_draws_from_its_own_stream():
    """`hint random` at one move answers the same each time it is asked (its stream is the
    session's seed and the move: playtest.rng.hint_stream, not an ad hoc `seed * 7919 + move`
    that gave seed s at move m + 7919 the stream of seed s + 1 at move m), and asking changes
    nothing the bots draw."""
    from playtest import rng

    s = session(OHSEVEN, 4, 0, "random")
    s.advance()
    answers = {s.hint("random")[1] for _ in range(5)}
    assert len(answers) == 1
    own = rng.stream(s.seed, 0, rng.hint_stream(len(s.moves)))
    action = make_bot(s.spec, "random", s.rules, s.seat).choose(s.view(), s.rules.legal_actions(s.state), rng=own)
    assert answers == {s.rules.format_action(s.state, action)}
    assert rng.hint_stream(0) not in {rng.bot_stream(seat) for seat in range(64)}


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
    import signal

    pexpect = pytest.importorskip("pexpect")
    # (SIGHUP as a terminal's program finds it: a suite started under `nohup` passed its ignored
    # SIGHUP on, play rightly left it ignored, and the closed-terminal test waited 60 s for nothing)
    child = pexpect.spawn(sys.executable, ["-m", "playtest", "play", DRAFT5, "--players", "3", "--bots", "random",
                                           "--save", str(save)], cwd=str(ROOT), encoding="utf-8", timeout=60,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": str(columns), "TERM": "xterm"},
                          dimensions=(50, columns), preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL))
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


@pytest.mark.process_smoke
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

    def source():
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


@pytest.mark.system
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


def test_a_game_that_cannot_be_saved_where_asked_is_kept_in_the_temporary_folder(cli, tmp_path, monkeypatch):
    """The --save folder removed or made read-only during the game, or a full disk: the game
    played was lost with "cannot write ... (nothing was replaced)"."""
    import tempfile

    import playtest.io as io
    import playtest.play.gamefile as gamefile

    save, spare_dir, real_write = tmp_path / "games" / "g.yaml", tmp_path / "tmp", io.write_atomic
    save.parent.mkdir()
    spare_dir.mkdir()

    def full(path, text, **kwargs):  # noqa: ANN001, ANN003, ANN202
        if Path(path) == save:
            raise io.OutputError(f"{path}: cannot write: no space left on device (nothing was replaced)")
        return real_write(path, text, **kwargs)

    monkeypatch.setattr(gamefile, "write_atomic", full)
    monkeypatch.setattr(tempfile, "tempdir", str(spare_dir))
    moves = tmp_path / "moves.txt"
    moves.write_text("1\nquit\n")
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(save), "--no-color")
    [spare] = spare_dir.iterdir()
    assert (r.returncode, r.stderr) == (2, f"error: {save}: cannot write: no space left on device (nothing was replaced); "
                                           f"the game is saved in {spare} instead (score it: playtest replay {spare})\n")
    assert not save.exists() and cli("replay", str(spare)).returncode == 0


def test_play_puts_the_hang_up_handler_back(cli, tmp_path):
    """play catches SIGHUP only while the game runs: a command run in a longer process (a test
    session, a notebook) leaves that process's own handling as it found it."""
    import signal

    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n")
    before = signal.getsignal(signal.SIGHUP)
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert signal.getsignal(signal.SIGHUP) is before


@pytest.mark.system
def test_a_closed_terminal_saves_the_game(tmp_path):
    """A terminal window closed, or an SSH session dropped, sends SIGHUP: the game so far was lost
    (the process died at once); it is saved as on Ctrl-C."""
    import signal

    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "t.yaml"
    child = _terminal_session_after_one_move(save, 200)
    _until_reading_its_terminal(child)
    child.kill(signal.SIGHUP)
    child.expect(r"interrupted \(SIGHUP\): the abandoned game \(1 decision made; a turn or trick left unfinished is not "
                 r"written\) is saved: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 129 and save.is_file()


@pytest.mark.system
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
    (str(ROOT / "variants/new-frontiers/goals.yaml"), 3, {"goals you could not see were shown",
                                                          "tiles were drawn from the bag"}, True),
])
def test_what_each_game_s_undo_may_not_cross(variant, players, kinds, undone):
    """The person moves (always the first legal move) and tries to undo each time, over 60 moves
    against greedy or heuristic bots (seed 3): what refused an undo, by kind; an undo that is
    allowed gives the game back as it was before the move (the bots' dice aside: they draw on)."""
    bots = "heuristic" if "ohseven" in variant else "greedy"
    s = session(variant, players, 1, bots)
    s.advance()
    refused: set[str] = set()
    allowed = 0
    for _ in range(60):
        if s.over():
            break
        before, shown = s.state, [m.text for m in s.moves]
        s.play(s.parse("1"))
        s.advance()
        try:
            assert s.undo()
        except InputError as err:
            assert str(err).endswith(" your last move: taking your move back would let you choose again knowing that")
            refused.add(_kind(str(err)))
            continue
        allowed += 1
        assert (s.state, [m.text for m in s.moves]) == (before, shown)
        s.play(s.parse("1"))
        s.advance()
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
    # 13 goals left: one later draw takes both goals returned, so their order is no choice
    # (tests/newfrontiers/test_goals.py has the order listed where the two are split)
    assert keeps[f"keep {kept}"].endswith(f" — the others under the deck, to be drawn together later: {other}, {last}")
    assert f"keep {kept} return {last} {other}" not in keeps
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


def test_typed_control_characters_never_reach_the_terminal_raw(cli, tmp_path):
    """What the person typed is quoted back (an illegal move, an unknown hint bot, the --moves
    echo) with its control characters shown as U+FFFD: an ESC cannot recolour or retitle the terminal."""
    moves = tmp_path / "moves.txt"
    moves.write_text("foo\x1b[31mbar\nhint \x1b]0;pwned\x07\nquit\n")
    r = cli("play", DRAFT5, "--players", "3", "--moves", str(moves), "--save", str(tmp_path / "g.yaml"),
            "--no-color")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    assert "not a legal move: 'foo\ufffd[31mbar' is not a legal move now" in r.stdout
    assert "hint: " in r.stdout and "\ufffd]0;pwned\ufffd" in r.stdout


def test_a_goal_another_player_keeps_face_down_is_not_shown(tmp_path):
    """New Frontiers with goals: a bot's kept goal is face down, so the person is told only that
    one was kept (the move log printed 'keep g14'; found in review)."""
    s = session(str(ROOT / "variants/new-frontiers/goals.yaml"), 4, 1, "greedy", seed=1)  # (others keep goals)
    shown: list = []
    while not s.over() and len(s.moves) < 600:
        shown += s.advance()
        if not s.over():
            shown += s.play(s.rules.legal_actions(s.state)[0])
    others = [m for m in shown if m.seat != 1]
    assert any(m.text == "keep a goal (face down)" and m.action is None for m in others)
    assert not [m.text for m in others if re.fullmatch(r"keep g\d+", m.text)]
    kept = [m for m in s.moves if str(m.action).startswith("keep ")]
    assert any(m.seat != 1 for m in kept)  # the record keeps the real move (the saved transcript needs it)


def test_the_new_frontiers_table_shows_the_goals_held():
    """With the goals option the table drew no goal at all: not the person's own, nor the face-up
    goals that score for every player, nor how many another holds face down. Now a line says them
    as the seat sees them: its own goal by id, another's face-down goal only counted."""
    from rich.console import Console

    from playtest.games.newfrontiers.play import render
    from tests.newfrontiers.helpers import play, rules_for, start

    rules = rules_for("goals")
    s = start(rules, 2)
    first = rules.tiles.goals[s.goal_deck[0]].id
    s = play(rules, s, "select goals", f"keep {first}")

    def seen(seat: int) -> str:
        console = Console(width=200, no_color=True, record=True)
        console.print(render(rules, rules.view(s, seat), seat, ["You", "P2"]))
        return next(line for line in console.export_text().splitlines() if line.startswith("Goals"))

    assert seen(0) == f"Goals (deck: 15 left): You: {first} face down · P2: -"
    assert seen(1) == "Goals (deck: 15 left): You: 1 face down · P2: -"


def _play_through(s: PlaySession) -> list:
    shown: list = []
    while not s.over() and len(s.moves) < 600:
        shown += s.advance()
        if not s.over():
            shown += s.play(s.rules.legal_actions(s.state)[0])
    return shown


def test_new_frontiers_moves_are_described_in_words():
    """Each move's note says what it did (the bonus, the tile bought and its price, the world
    settled), not the names of its events ('select', 'round_end'), and never names a goal kept
    face down by another player."""
    s = session(str(ROOT / "variants/new-frontiers/goals.yaml"), 4, 1, "greedy", seed=1)  # (others keep goals)
    shown = _play_through(s)
    assert s.over()
    notes = [m.note for m in shown]
    assert not [n for n in notes if re.search(r"\b(select|round_end|game_end|goal_keep)\b", n)]
    develops = [m for m in s.moves if str(m.action).startswith("develop ")]
    assert develops and all(re.match(rf"bought {str(m.action).split()[1]} for \d+ gold", m.note) for m in develops)
    goals = [m for m in s.moves if str(m.action) == "select goals"]
    assert goals and all(m.note.startswith("+1 gold, up one place, 3 goals drawn") for m in goals)
    assert any("round over" in n for n in notes) and any(n.startswith("game ends: ") or ", game ends: " in n
                                                       for n in notes)
    kept = [m for m in s.moves if str(m.action).startswith("keep ") and m.seat != 1]
    assert kept  # the others' keeps are shown with the note of the move itself (PlaySession._apply)
    assert all(str(m.action).split()[1] not in m.note for m in kept)
    assert sum(m.text == "keep a goal (face down)" for m in shown) == len(kept)


def test_the_stargate_table_shows_accumulated_crew_time_and_overflow_cubes():
    """Draft 6c: Bays' time gathered while nobody took it, and a cube in a full planet's overflow
    slot, are public; the table showed Bays at its printed time 1 and drew no overflow cube."""
    from rich.console import Console

    from playtest.games.stargate.play import render
    v = load_variant(str(ROOT / "variants/stargate/draft6-new-crews.yaml"))
    rules = get_game(v.game).make_rules(v.model)
    ids = [p.id for p in v.model.planets]
    state = rules.setup(3, [ids.index(p) for p in ("red1", "blue1", "green2", "yellow1", "red2")])
    crews = [c.id for c in v.model.crews]
    bonus = [0] * len(crews)
    bonus[crews.index("bays")] = 2
    full = (0, 1, 2) * 2 + (0, 1) + (2,)  # red1's 8 printed slots, then its overflow slot
    state = state.replace(crew_bonus=tuple(bonus), board=(full, *state.board[1:]))
    console = Console(record=True, width=200, color_system=None)
    console.print(render(rules, state, 0, ["P1 You", "P2 bot", "P3 bot"]))
    text = console.export_text()
    bays = next(line for line in text.splitlines() if "bays" in line)
    assert "1+2" in bays
    red1 = next(line for line in text.splitlines() if "red1" in line)
    assert red1.count("/") == 9 and red1.rstrip(" │").endswith("+ P3 /6")
    assert "extension" not in text and "effects" not in text  # draft 6c has neither


def test_the_stargate_table_shows_extension_slots_and_planet_effects():
    """Draft 6d's numbered extension slots (on planets and on Armstrong's card) and draft 6b's
    planet effects decide scores, yet the table showed neither."""
    from rich.console import Console

    from playtest.games.stargate.play import render

    def table(variant: str, planets: tuple[str, ...], **changes: object) -> str:
        v = load_variant(str(ROOT / "variants/stargate" / variant))
        rules = get_game(v.game).make_rules(v.model)
        ids = [p.id for p in v.model.planets]
        state = rules.setup(3, [ids.index(p) for p in planets])
        console = Console(record=True, width=220, color_system=None)
        console.print(render(rules, state.replace(**changes) if changes else state, 0, ["P1 You", "P2 bot", "P3 bot"]))
        return console.export_text()

    crews = [c.id for c in load_variant(str(ROOT / "variants/stargate/draft6-development.yaml")).model.crews]
    cards = [()] * len(crews)
    cards[crews.index("armstrong")] = (1,)
    text = table("draft6-development.yaml", ("red1", "blue1", "green2", "yellow1", "red2"),
                 ext_planet=((-1, 2, -1), (-1, -1, -1), (-1, -1, -1), (-1, -1, -1), (-1, -1, -1)), ext_crew=tuple(cards))
    red1 = next(line for line in text.splitlines() if "red1" in line)
    assert "1:·/1 2:P3 /2 3:·/3" in red1
    assert "·/3" in next(line for line in text.splitlines() if "blue1" in line)
    armstrong = next(line for line in text.splitlines() if "armstrong" in line)
    assert "P2 /3 ·/2 ·/1" in armstrong
    text = table("draft6-special-planets.yaml", ("red3", "blue1", "green2", "yellow1", "blue2"))
    assert "a turn's last cube here: its placer loses 2 VP" in next(line for line in text.splitlines() if "red3" in line)
    assert "into 2 VP each" in next(line for line in text.splitlines() if "blue2" in line)
    assert next(line for line in text.splitlines() if "blue1" in line).rstrip(" │").endswith("-")


def test_the_stargate_crew_area_shows_each_skills_settings_in_words():
    """Draft 6c's Armstrong and Rahel both have color_vp, for red and for green: the crew area
    showed 'color_vp' for both, so the person could not tell which crew scores which color (nor
    any amount or timing, e.g. of a scratch effect in a draft being playtested). Then it showed
    the settings as code ('swap_adjacent(timing=before, same_owner=True)'): now in words."""
    from rich.console import Console

    from playtest.games.stargate.play import render
    v = load_variant(str(ROOT / "variants/stargate/draft6-new-crews.yaml"))
    rules = get_game(v.game).make_rules(v.model)
    ids = [p.id for p in v.model.planets]
    state = rules.setup(3, [ids.index(p) for p in ("red1", "blue1", "green2", "yellow1", "red2")])
    console = Console(record=True, width=200, color_system=None)
    console.print(render(rules, state, 0, ["P1 You", "P2 bot", "P3 bot"]))
    lines = console.export_text().splitlines()
    def skill(crew: str) -> str:
        return next(line for line in lines if f" {crew} " in line).split("│")[3].strip()

    assert skill("armstrong") == "gain 1 VP for each cube you place this turn on a red planet"
    assert skill("rahel") == ("the walk may stay on one planet for consecutive cubes; "
                              "gain 1 VP for each cube you place this turn on a green planet")
    assert skill("bays") == "+1 time for each round nobody takes this crew (used when taken)"
    assert skill("anderson") == "before placing: swap two cubes in consecutive slots of one planet, any owners"
    assert skill("vance") == "after placing: put a cube from your hand into the overflow slot of a full planet"
    assert "free_order" not in skill("orlins") and "=" not in console.export_text()  # no effect written as code


def test_every_stargate_crew_effect_has_words_with_its_settings():
    """Each effect kind of the schema is worded by skill_text (not left as code), with the numbers
    and colors its settings give."""
    import typing

    from playtest.games.stargate import schema as sc
    from playtest.games.stargate.play import skill_text

    kinds = typing.get_args(typing.get_args(sc.Effect)[0])
    samples = {sc.GainVP: {"amount": 3}, sc.GainCubes: {"amount": 3}, sc.FreeOrder: {"per_planet": 2},
               sc.ColorVP: {"colors": ["red", "blue"], "amount": 2, "count": "on_board"},
               sc.AccumulateTime: {"amount": 2, "max": 4}, sc.DevelopPlanet: {"slot": 3},
               sc.VPPerFullPlanet: {"amount": -2}, sc.SwapAdjacent: {"same_owner": False}}
    said = {}
    for kind in kinds:
        key = kind.model_fields["effect"].annotation.__args__[0]
        said[key] = skill_text(kind(effect=key, **samples.get(kind, {})))
        assert "=" not in said[key] and "_" not in said[key], said[key]  # words, not the code form
    assert said["gain_vp"] == "before placing: gain 3 VP"
    assert said["gain_cubes"] == "before placing: take 3 cubes from your stock into your hand"
    assert said["free_order"].endswith("at most 2 cubes a planet")
    assert said["color_vp"] == "gain 2 VP for each cube of yours at the turn's end on a red or blue planet"
    assert said["accumulate_time"] == "+2 time for each round nobody takes this crew, at most +4 (used when taken)"
    assert "extension slot 3" in said["develop_planet"]
    assert said["vp_per_full_planet"] == "after placing: lose 2 VP for each full planet in the circle"
    assert said["swap_adjacent"].endswith("of two different owners")


def test_every_stargate_planet_effect_has_words_with_its_settings():
    """The circle's effects column showed planet effects as code ('vp(trigger=final, amount=3,
    to=majority)'). Each planet effect kind of the schema is worded by planet_effect_text, with
    the numbers its settings give; a new kind without words fails here (its code form, with '='
    or '_', is what an unknown plugin kind keeps)."""
    import typing

    from pydantic import BaseModel

    from playtest.games.stargate import schema as sc
    from playtest.games.stargate.play import planet_effect_text

    kinds = typing.get_args(typing.get_args(sc.PlanetEffect)[0])
    samples = {sc.PlanetVP: {"trigger": "final", "amount": 3, "to": "majority"},
               sc.MajorityMultiplier: {"factor": 0.5, "ranks": "all"},
               sc.ConvertCubes: {"cubes": 2, "source": "stock", "into": "time", "rate": 1}}
    said = {}
    for kind in kinds:
        key = kind.model_fields["effect"].annotation.__args__[0]
        said[key] = planet_effect_text(kind(effect=key, **samples.get(kind, {})))
        assert "=" not in said[key] and "_" not in said[key], said[key]  # words, not the code form
    assert said == {
        "vp": "at final scoring: the majority holder gains 3 VP",
        "majority_multiplier": "at final scoring: every player's slot VP here are halved (rounded down)",
        "convert_cubes": ("a turn's last cube here: its placer converts up to 2 cubes from their stock into "
                          "1 extra time each on their next turn (the cubes leave the game)")}
    # the other settings of each kind
    def text(kind: type, **settings: object) -> str:
        return planet_effect_text(kind(effect=kind.model_fields["effect"].annotation.__args__[0], **settings))

    assert text(sc.PlanetVP, trigger="last_cube", amount=-2) == "a turn's last cube here: its placer loses 2 VP"
    assert text(sc.PlanetVP, trigger="final", amount=1, per_cube=True) == (
        "at final scoring: each player with a cube here gains 1 VP for each of their cubes here")
    assert text(sc.MajorityMultiplier, factor=2) == "at final scoring: the majority holder's slot VP here are doubled"
    assert text(sc.MajorityMultiplier, factor=1.5).endswith("multiplied by 1.5 (rounded down)")
    assert text(sc.ConvertCubes, cubes=1, rate=2) == ("a turn's last cube here: its placer converts up to 1 cube "
                                                      "from their hand into 2 VP each (the cubes leave the game)")

    class Plugin(BaseModel):  # a kind planet_effect_text does not know keeps its code form
        effect: str = "vp_per_neighbour"
        amount: int = 2

    assert planet_effect_text(Plugin()) == "vp_per_neighbour(amount=2)"


@pytest.mark.parametrize(("typed", "message"), [
    ("devlop d03", "'devlop d03': unknown action 'devlop' (did you mean 'develop'? actions: select, develop, take, "
                   "discard, settle, colonists, windfall, trade, consume, keep, store, pass)"),
    ("develop d99", "'develop d99': no development 'd99' in this variant"),
    ("select trades", "'select trades': no action 'trades' in this variant (did you mean 'trade'? actions: retreat, "
                      "develop, explore, settle, produce, trade, envoy)"),
    ("take w01", "'take w01': you must select an action now (legal: select retreat, select develop, select explore, "
                 "select settle, select produce, select trade, select envoy)"),  # known, not now: the rules' reason
])
def test_a_new_frontiers_typo_gets_the_reason_replay_gives(typed, message):
    """`play` reads a typed move with the notation `replay` reads a transcript with: a misspelt
    verb or an id of nothing in the variant is said so, not only 'not a legal move now'."""
    s = session(NEWFRONTIERS, 3, 0, "greedy")
    s.advance()
    assert s.my_turn() and [t for _, t in s.legal()][0].startswith("select ")
    with pytest.raises(InputError) as err:
        s.parse(typed)
    assert str(err.value) == message


def test_a_new_frontiers_move_illegal_now_gets_the_rules_reason_as_in_replay():
    """A development the person cannot pay for was answered "'develop d15' is not a legal move now
    (did you mean: develop d01, develop d03, ...?)", as if mistyped, where `replay` says what it
    costs (and Oh-Seven's `play` gives the rules' reason too)."""
    s = session(NEWFRONTIERS, 3, 0, "greedy")
    s.advance()
    s.play(s.parse("select develop"))
    s.advance()
    assert s.my_turn() and "develop d01" in [t for _, t in s.legal()]
    with pytest.raises(InputError) as err:
        s.parse("develop d15")
    assert str(err.value) == "'develop d15': d15 costs 8 gold, you have 3"
    with pytest.raises(InputError) as err:
        s.parse("settle w01")
    assert str(err.value) == ("'settle w01': you must develop or pass now (legal: develop d01, develop d02, "
                              "develop d03, develop d04, develop d05, develop d07, develop d08, develop d09, "
                              "develop d12, develop d14, pass)")


def play_moves(cli, tmp_path, variant: str, moves: str, *options: str):
    """`playtest play VARIANT --players 3 OPTIONS` reading `moves` (one per line), saved in tmp_path."""
    path = tmp_path / "moves.txt"
    path.write_text(moves)
    r = cli("play", variant, "--players", "3", *options, "--moves", str(path), "--save", str(tmp_path / "g.yaml"),
            "--no-color")
    assert r.returncode == 0, r.stderr
    return r


def test_a_new_frontiers_typo_is_answered_with_the_reason_and_asked_again(cli, tmp_path):
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "develop d99\nquit\n", "--bots", "greedy")
    assert "not a legal move: 'develop d99': no development 'd99' in this variant\n" in r.stdout
    assert "You left the game." in r.stdout


def test_a_refused_line_of_a_moves_file_is_named_by_its_line(cli, tmp_path):
    """A mistyped line in a --moves file was answered 'not a legal move: ...' with no word of which
    line, and the run ended as if nothing had gone wrong: each later line may then meet another
    decision than the one it was written for."""
    path = tmp_path / "moves.txt"
    path.write_text("# my opening\n99\n\ndevlop d01\nquit\n")
    r = cli("play", NEWFRONTIERS, "--players", "3", "--moves", str(path), "--save", str(tmp_path / "g.yaml"),
            "--no-color")
    assert r.returncode == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert f"{path}:2: not a legal move: there is no move 99: choose 1 to 7" in out
    assert f"{path}:4: not a legal move: 'devlop d01': unknown action 'devlop'" in out
    assert r.stderr == (f"note: 2 lines of {path} were refused (lines 2, 4); the next line, if any, was read for the "
                        "decision each was refused at\n")
    path.write_text("bogus1\f\nbogus2\r\nquit\n")  # a form feed is no line break; a CRLF file reads the same
    r = cli("play", NEWFRONTIERS, "--players", "3", "--moves", str(path), "--save", str(tmp_path / "f.yaml"))
    out = " ".join(r.stdout.split())
    assert f"{path}:1: not a legal move" in out and f"{path}:2: not a legal move: 'bogus2'" in out, out
    path.write_text("1\nquit\n")
    r = cli("play", NEWFRONTIERS, "--players", "3", "--moves", str(path), "--save", str(tmp_path / "h.yaml"))
    assert r.returncode == 0 and r.stderr == "" and "not a legal move" not in r.stdout


def test_an_oh_seven_game_saved_after_the_bids_stands_after_0_rounds(cli, tmp_path):
    """Saved right after the first bid, before any trick: the replay said "Standings after 1 of 7
    rounds" for a round that was only begun."""
    moves = tmp_path / "m"
    moves.write_text("1\nquit\n")
    save = tmp_path / "oh.yaml"
    r = cli("play", str(ROOT / "variants" / "ohseven" / "base.yaml"), "--seat", "2", "--seed", "2", "--moves",
            str(moves), "--save", str(save), "--no-color")
    assert save.is_file(), r.stderr
    r = cli("replay", str(save))
    assert r.returncode == 0, r.stderr
    assert "Standings after 0 of 7 rounds (incomplete match, round 1 begun):" in r.stdout, r.stdout


def test_the_oh_seven_table_counts_the_variants_rounds(cli, tmp_path):
    """A 5-round draft (`rounds: 5`) was shown as "Round 1 of 7" … "Round 5 of 7" and then ended:
    the header had the base game's 7 rounds written in."""
    draft = tmp_path / "five.yaml"
    draft.write_text(f"extends: {OHSEVEN}\nrounds: 5\n")
    moves = tmp_path / "m"
    moves.write_text("1\n" * 200)
    r = cli("play", str(draft), "--players", "3", "--seat", "2", "--moves", str(moves), "--save",
            str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    heads = re.findall(r"^Round (\d+) of (\d+) ", r.stdout, re.M)
    assert heads and {total for _, total in heads} == {"5"}, sorted(set(heads))
    assert max(int(n) for n, _ in heads) == 5


def test_an_oh_seven_card_is_read_as_transcripts_write_it_and_an_illegal_one_gets_the_reason():
    """An Oh-Seven transcript writes a bid or a card as the card (`6D`), and the help cited '7S',
    but `play` refused '6D' with 'not a legal move now' while 'bid 6D' was legal, and gave no
    reason for a card not in hand, a card played during the bidding, or no card at all."""
    s = session(OHSEVEN, 4, 2, "heuristic", seed=2)
    s.advance()
    legal = dict((n, a) for a, n in s.legal())
    assert "bid 6D" in legal and "bid 7S" not in legal
    assert s.parse("6D") == s.parse("6d") == legal["bid 6D"]
    for typed, message in [("7S", "'7S': you do not hold 7S"), ("bid 7S", "'bid 7S': you do not hold 7S"),
                           ("play 6D", "'play 6D': you must bid now, not play a card"),
                           ("9Z", "'9Z': not a card (cards are rank+suit, e.g. 7S, QH, AD, 2C)")]:
        with pytest.raises(InputError) as info:
            s.parse(typed)
        assert str(info.value) == message
    with pytest.raises(InputError, match=r"'bid' is not a legal move now \(did you mean: bid 6D"):
        s.parse("bid")


def test_an_oh_seven_card_that_is_none_cites_cards_of_this_deck():
    """A deck of other ranks and suits (0-7 in red, green, blue, yellow) was told "e.g. 7R, QH, AD,
    2C": three cards it does not have. The examples come from the deck, in `play` and in a
    transcript's error alike."""
    from playtest.games.ohseven.transcript import card_examples

    v = load_variant(OHSEVEN, [
        "deck.suits=[{id: R, name: red}, {id: G, name: green}, {id: B, name: blue}, {id: Y, name: yellow}]",
        "deck.ranks=[" + ", ".join(f'{{label: "{r}", value: {r}}}' for r in range(8)) + "]"])
    spec = get_game(v.game)
    rules = spec.make_rules(v.model)
    s = PlaySession(spec, rules, spec.play(), 4, 2, ["heuristic", "heuristic", "(you)", "heuristic"], 2)
    s.advance()
    with pytest.raises(InputError) as info:
        s.parse("QH")
    assert str(info.value) == "'QH': not a card (cards are rank+suit, e.g. 7R, 0G, 1B, 2Y)"
    assert all(c in rules.by_name for c in card_examples(rules).split(", "))


def test_an_oh_seven_card_typed_as_listed_is_that_card_when_another_differs_only_in_case():
    """A fifth suit `c` (cups) beside `C` (clubs) is a legal deck, but `play` read the cards
    case-folded: 'bid 2c', typed exactly as listed, bid 2C (the first case-folded match). The card
    typed as listed is that card; a case-folded name that fits two cards asks which."""
    v = load_variant(OHSEVEN, ["deck.suits=[{id: S, name: spades}, {id: H, name: hearts}, {id: D, name: diamonds}, "
                               "{id: C, name: clubs}, {id: c, name: cups}]"])
    spec = get_game(v.game)
    rules = spec.make_rules(v.model)
    for seed in range(1, 60):
        s = PlaySession(spec, rules, spec.play(), 4, 0, ["(you)", "heuristic", "heuristic", "heuristic"], seed)
        s.advance()
        legal = dict((n, a) for a, n in s.legal())
        pairs = [n for n in legal if n.endswith("c") and n[:-1] + "C" in legal]
        if pairs:
            break
    assert pairs, "no seed dealt seat 1 a card in both C and c"
    lower, upper = pairs[0], pairs[0][:-1] + "C"  # 'bid 2c', beside 'bid 2C'
    assert s.parse(lower) == legal[lower] != legal[upper]
    assert s.parse(upper) == legal[upper]
    assert s.parse(lower.split()[1]) == legal[lower]  # the card alone, as a transcript writes it
    with pytest.raises(InputError, match=r"'qc': which card: QC or Qc\?"):
        s.parse("qc")


def test_the_oh_seven_table_after_the_last_trick_says_the_match_is_over():
    """The board printed under 'Game over.' read 'Round 7 of 7 — card play' and 'Trick: (you
    lead)' when the person had taken the last trick: no one leads once the match is over."""
    from rich.console import Console

    s = session(OHSEVEN, 4, 0, "heuristic", seed=3)
    while not s.over():
        s.advance()
        if not s.over():
            s.play(s.legal()[0][0])
    console = Console(width=120, no_color=True, record=True)
    console.print(s.render())
    text = console.export_text()
    assert "match over" in text.splitlines()[0], text
    assert "card play" not in text and "Trick:" not in text, text


def test_new_frontiers_moves_and_show_say_what_each_tile_is(cli, tmp_path):
    """`develop d01` ... `develop d14` and `take w02` name tiles a person could not see: the list
    of legal moves says what each is (from the variant), and `show ID` describes any tile."""
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "2\nshow w02 d12 g99\nshow\nhelp\nquit\n", "--seed", "7")
    out = " ".join(r.stdout.split())  # the terminal is 80 columns: long lines wrap
    assert ("1. develop d01 d01 Survey Drones: development; costs 2 gold, you pay 1 (Develop bonus -1); 1 VP; "
            "powers: explore_draw(amount 1)") in out
    assert ("your move> show w02 d12 g99 w02 Kelp Terraces: production world, blue good; costs 2 gold and 1 colonist; "
            "1 VP d12 Export Bureau: development; costs 4 gold; 2 VP; powers: gold_on(action produce, amount 1), "
            "consume(goods 1, color yellow, vp 2, gold 0) g99: no such card or tile in this variant") in out
    assert "show what? Type show and an id from the table, e.g. show d01" in out
    assert "show ID what a card or tile is" in out  # in the help
    assert "11. pass" in out


def test_games_without_tiles_to_describe_list_moves_in_columns_and_have_no_show(cli, tmp_path):
    r = play_moves(cli, tmp_path, DRAFT5, "show bays\nhelp\nquit\n", "--seed", "7")
    assert "1. armstrong     2. orlins" in r.stdout
    assert "not a legal move: 'show bays' is not a legal move now" in r.stdout and "show ID" not in r.stdout


def test_the_new_frontiers_explored_draw_is_shown_tile_by_tile(cli, tmp_path):
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "3\nquit\n", "--seed", "7")
    draw = r.stdout.split("Explored draw on the table:\n", 1)[1].split("Your legal moves", 1)[0]
    assert draw.startswith("  w02 Kelp Terraces: production world, blue good; costs 2 gold and 1 colonist; 1 VP\n")
    assert "1. take w02 w02 Kelp Terraces" in " ".join(r.stdout.split())


def test_a_new_frontiers_goal_says_what_it_counts_in_words():
    """`show g03` read '4 VP to every player with the most world' (and 'the most military' for
    military strength): a goal's count is a noun, plural after 'the most'."""
    from playtest.games.newfrontiers.play import tile_text

    rules = get_game("newfrontiers").make_rules(load_variant(ROOT / "variants/new-frontiers/goals.yaml").model)
    said = {g: tile_text(rules, g) for g in ("g01", "g02", "g03", "g05", "g09", "g11", "g12")}
    assert said["g01"] == "g01 Warlord: goal; 4 VP to every player with the most military strength"
    assert said["g02"] == "g02 Industrialist: goal; 4 VP to every player with the most developments"
    assert said["g03"] == "g03 Expansionist: goal; 4 VP to every player with the most worlds"
    assert said["g05"] == "g05 Blue Harvest: goal; 1 VP per blue world"
    assert said["g09"] == "g09 Frontier Guard: goal; 1 VP per military world"
    assert said["g11"] == "g11 Population Boom: goal; 3 VP to every player with the most colonists"
    assert said["g12"] == "g12 Stockpile: goal; 1 VP per good"


def test_a_power_s_switch_that_is_off_is_not_shown():
    from playtest.games.newfrontiers.play import tile_text

    rules = get_game("newfrontiers").make_rules(load_variant(ROOT / NEWFRONTIERS).model)
    assert tile_text(rules, "d17") == ("d17 Grand Exchange: large development; costs 9 gold; 3 VP; "
                                       "powers: end_bonus(per world, vp 1, world_kind production)")


def test_show_finds_an_id_typed_in_capitals_and_says_when_goals_are_not_in_play(tmp_path):
    """`show W02` said 'no such card or tile'; a goal of a variant that switches goals off was
    described as if it could be drawn."""
    from playtest.games.newfrontiers.play import tile_text

    spec = get_game("newfrontiers")
    rules = spec.make_rules(load_variant(ROOT / "variants/new-frontiers/goals.yaml").model)
    assert tile_text(rules, "W02") == tile_text(rules, "w02") and tile_text(rules, "W02").startswith("w02 ")
    assert tile_text(rules, "G03") == "g03 Expansionist: goal; 4 VP to every player with the most worlds"
    assert tile_text(rules, "x99") is None
    off = tmp_path / "off.yaml"
    off.write_text(f"extends: {ROOT / 'variants/new-frontiers/goals.yaml'}\nname: goals off\ngoals:\n  enabled: false\n")
    rules_off = spec.make_rules(load_variant(off).model)
    assert tile_text(rules_off, "g03") == ("g03 Expansionist: goal; 4 VP to every player with the most worlds "
                                           "(not in play: this variant has goals.enabled: false)")


def test_show_without_an_id_gives_an_example_that_show_knows(cli, tmp_path):
    """At a choice of actions ('select retreat', ...) the example read 'e.g. show retreat', and
    `show retreat` then said 'no such card or tile'."""
    moves = tmp_path / "moves.txt"
    moves.write_text("show\nquit\n")
    r = cli("play", NEWFRONTIERS, "--players", "3", "--seed", "7", "--moves", str(moves), "--save",
            str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "select retreat" in r.stdout  # the choice of actions, where no move names a tile
    assert "show what? Type show and an id from the table, e.g. show ID" in r.stdout, r.stdout


def test_the_oh_seven_table_of_a_no_trump_draft_never_says_trump_is_still_to_come():
    """With `bidding.trump: none` the header read "trump: none yet" through the whole card play,
    as if the bids were still to set a trump suit: the same words as the bidding of the base
    game. A draft without trump says so; the base game still says "none yet" before the reveal."""
    from rich.console import Console

    def head(variant, sets=()):
        v = load_variant(variant, list(sets))
        spec = get_game(v.game)
        rules = spec.make_rules(v.model)
        s = PlaySession(spec, rules, spec.play(), 4, 0, ["(you)", "heuristic", "heuristic", "heuristic"], 3)
        heads = []
        for _ in range(12):  # the bidding, then the first tricks
            s.advance()
            console = Console(width=160, no_color=True, record=True)
            console.print(s.render())
            heads.append(console.export_text().splitlines()[0])
            s.play(s.legal()[0][0])
        return heads

    no_trump = head(OHSEVEN, ["bidding.trump=none"])
    assert any("card play" in h for h in no_trump), no_trump
    assert all("trump: none (no trump in this variant)" in h for h in no_trump), no_trump
    base = head(OHSEVEN)
    assert "trump: none yet" in base[0] and any("card play" in h and "none" not in h for h in base), base


def test_oh_seven_says_who_took_a_trick_by_the_name_the_table_shows():
    """The move log said 'trick to seat 2' beside a table of P1, You, P3, P4."""
    s = session(OHSEVEN, 4, 1, "heuristic", seed=3)
    while not s.over():
        s.advance()
        if not s.over():
            s.play(s.legal()[0][0])
    notes = [m.note for m in s.moves if "trick to" in m.note]
    assert notes and not any("seat" in n for n in notes), notes[:3]
    takers = {re.search(r"trick to (\w+)", n).group(1) for n in notes}
    assert takers <= set(s.names) and "You" in s.names


@pytest.mark.parametrize(("variant", "players", "bots", "parts"),
                         [(DRAFT5, 3, "greedy", ("planets", "color")), (OHSEVEN, 3, "heuristic", ("rounds",)),
                          (NEWFRONTIERS, 3, "greedy", ("chips", "worlds", "developments"))])
def test_game_over_shows_each_players_score_by_part(variant, players, bots, parts):
    """'Game over. 1. P1 28  2. P3 27  3. You 23' was all a finished game said: why P1 won (its
    planets, color bonus, skill VP) took a `playtest replay` of the saved file."""
    s = session(variant, players, 1, bots, seed=5)
    finished, text = played_through(s)
    assert finished
    after = text.split("Game over.", 1)[1].splitlines()
    assert after[1] == "Scores by part:", after
    res = s.rules.result(s.state)
    for line, seat in zip(after[2:2 + players], sorted(res.seats, key=lambda r: r.rank), strict=True):
        name, sums = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        assert name == s.names[seat.seat]
        terms, _, total = sums.rpartition(" = ")
        assert float(total) == seat.total
        shown = dict((t.rsplit(" ", 1)[0], float(t.rsplit(" ", 1)[1])) for t in terms.split(" + "))
        assert sum(shown.values()) == seat.total
        assert set(parts) <= set(shown), shown


def test_did_you_mean_names_the_legal_moves_closest_to_what_was_typed():
    """Audrin's move typed with spaces, 'move red1 > blue1', was answered 'did you mean: move
    red2>green3, move red2>green2, move red2>blue1, move red1>red2?': the first four moves of
    the verb, none of them the one meant. (That spelling is now read as replay reads it, and played:
    a misspelt verb is what gets the suggestions.)"""
    s = session(DRAFT5, 3, 0, "greedy", seed=7)
    s.advance()
    while not any(n.startswith("move ") for _, n in s.legal()):  # take crews until Audrin's skill asks
        audrin = [a for a, n in s.legal() if n == "audrin"]
        s.play(audrin[0] if audrin else s.legal()[-1][0])
        s.advance()
    moves = [n for _, n in s.legal()]
    wanted = moves[-1]  # the last listed: never among the first four unless there are only four
    src, dst = wanted.removeprefix("move ").split(">")
    with pytest.raises(InputError) as info:
        s.parse(f"mvoe {src}>{dst}")
    assert f"(did you mean: {wanted}" in str(info.value), (str(info.value), moves)
    assert s.parse(f"move {src} > {dst}") == s.legal()[-1][0]
    with pytest.raises(InputError) as info:  # nothing like any move: no suggestion at all
        s.parse("xyzzy")
    assert "did you mean" not in str(info.value)


def test_a_stargate_move_illegal_now_gets_the_rules_reason_and_any_order_orlins_may_use_is_read():
    """Bays' time is 1, yet 'place red2 green3' was answered only "not a legal move now (did you
    mean ...)", a crew already taken too, where `replay` says why; and Orlins' cubes, which a
    transcript may list in any order, were refused in any order but the list's."""
    s = session(DRAFT5, 3, 1, "greedy", seed=7)
    s.advance()
    assert "armstrong" not in [n for _, n in s.legal()]
    with pytest.raises(InputError) as info:
        s.parse("armstrong")
    assert str(info.value) == "'armstrong': crew 'armstrong' was taken earlier this round"
    with pytest.raises(InputError) as info:  # a typo still gets the closest moves
        s.parse("orlin")
    assert "(did you mean: orlins?)" in str(info.value)
    s.play(s.parse("orlins"))
    assert "place red2 red1" in [n for _, n in s.legal()]
    assert s.parse("place red1  red2") == s.parse("place red2 red1")
    with pytest.raises(InputError) as info:
        s.parse("place red1 red1")
    assert str(info.value) == "'place red1 red1': at most 1 cube(s) per planet with this crew"
    s.play(s.parse("place red2"))
    s.advance()
    s.play(s.parse("bays"))
    with pytest.raises(InputError) as info:
        s.parse("place red2 green3")
    assert str(info.value).startswith("'place red2 green3': at most 1 cube may be placed (crew time 1")


def test_game_over_says_what_ranked_a_tie_on_points(cli, tmp_path):
    """'Game over. 1. Chie 29  2. Aki 29' did not say why Chie won (replay does: more cubes left
    in hand); a New Frontiers game read '1. P1 14  2. P3 14' the same way (gold + goods)."""
    from playtest.games.stargate.transcript import NOTATION, read_transcript

    t = read_transcript(ROOT / "docs/examples/stargate-table-game.yaml")
    s = session(DRAFT5, 3, 0, "greedy")
    state = NOTATION.initial_state(s.rules, t.setup, 3)
    for move in t.moves:
        for action in move.actions:
            state = s.rules.apply(state, action)
    s.state, s.names = state, list(t.names)
    assert s.over() and s.result_text().startswith("1. Chie 29  2. Aki 29")
    assert s.tie_lines() == ["Chie, Aki tie on 29; ranked by more cubes left in hand: 4 to 3"]
    moves = tmp_path / "moves.txt"
    moves.write_text("1\n" * 800)
    r = cli("play", str(ROOT / "variants/new-frontiers/goals.yaml"), "--players", "4", "--seat", "2", "--seed", "9",
            "--moves", str(moves), "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    assert "Game over. 1. P1 14  2. P3 14" in r.stdout
    assert "\nP1, P3 tie on 14; ranked by more gold + goods: 3 to 0\n" in r.stdout


def test_stargate_says_which_cubes_a_swap_or_a_move_put_where(cli, tmp_path):
    """Anderson's `swap blue1@1` and Audrin's `move green2>red1` were shown with no note: which
    cubes changed places, which cube went from where to where and whose it was."""
    r = play_moves(cli, tmp_path, DRAFT5, "1\n1\n1\n1\nquit\n", "--seat", "2", "--bots", "greedy", "--seed", "7")
    out = " ".join(r.stdout.split())
    assert ("P3 (greedy): swap blue1@1 — swapped: P3's cube up to slot 1 of blue1, P1's cube back to slot 2" in out)
    assert "P1 (greedy): move green2>red1 — moved P1's cube from slot 1 of green2 to slot 3 of red1" in out
    assert "You: place - — no cubes placed, drew 2 from stock (hand 5, stock 10)" in out  # the turn's end: the replenish


def test_stargate_swaps_and_moves_are_described_as_the_board_changed():
    s = session(DRAFT5, 3, 1, "greedy", seed=5)
    _play_through(s)
    board = s.rules.initial_state(3, rng=s.support.deal_rng(5))
    seen = 0
    for m in s.moves:
        after = s.rules.apply(board, m.action)
        if str(m.action).startswith(("swap ", "move ")):
            seen += 1
            changed = [(p, b, a) for p, (b, a) in enumerate(zip(board.board, after.board, strict=True)) if a != b]
            ids = s.rules.circle_ids(board.circle)
            assert all(ids[p] in m.note for p, _, _ in changed), (m.text, m.note)
            if m.text.startswith("move "):
                (src, old, _), (dst, _, new) = sorted(changed, key=lambda c: len(c[2]) - len(c[1]))
                whose = "your" if old[-1] == 1 else f"{s.names[old[-1]]}'s"
                assert m.note == f"moved {whose} cube from slot {len(old)} of {ids[src]} to slot {len(new)} of {ids[dst]}"
        board = after
    assert seen


def test_stargate_announces_each_rounds_end_and_who_starts_the_next():
    """A round ended without a word: the table's round number changed, and whether the round's
    end scored, refilled hands from stock or passed the start player took reading the rules."""
    s = session(DRAFT5, 3, 1, "greedy", seed=7)
    _, text = played_through(s, width=300)
    assert ("P3 (greedy): place blue1 blue1  — 2 cubes placed, drew 2 from stock (hand 3, stock 10)\n"
            "Round 1 is over. Nothing is scored at a round's end: the board scores when the game ends "
            "(if it ended now: P1 7, You 0, P3 5).\n"
            "The crews return to the crew area; You start round 2. (Cubes come from stock at each turn's end, "
            "2 a turn, and by the skill of bays, never at a round's end.)\n") in text
    assert "P3 starts round 3." in text and "P1 starts round 4." in text
    rounds = s.state.round
    ends = [m for m in s.moves if m.after]
    assert len(ends) == rounds
    assert ends[-1].after == (f"Round {rounds} is over and the game ends (a player's stock is empty): "
                              "the board is scored now.",)
    for k, m in enumerate(ends[:-1]):
        nxt = s.moves[s.moves.index(m) + 1]
        assert m.after[0].startswith(f"Round {k + 1} is over.")
        assert m.after[1].split("; ")[-1].startswith(f"{nxt.who.split(' ')[0]} start"), (m.after, nxt.who)


@pytest.mark.parametrize(("overrides", "said"), [
    ([], "(Cubes come from stock at each turn's end, 2 a turn, and by the skill of bays, never at a round's end.)"),
    (["cubes.replenish=0"], "(Cubes come from stock only by the skill of bays, never at a turn's or a round's end.)"),
    (["crews.bays.skill=[{effect: gain_vp, amount: 1}]"], "(Cubes come from stock only at each turn's end, 2 a turn.)"),
    (["cubes.replenish=0", "crews.bays.skill=[{effect: gain_vp, amount: 1}]"], "(No cubes come from stock in this variant.)"),
])
def test_stargate_s_round_end_says_every_way_cubes_come_from_stock(overrides, said):
    """Draft 5's round end said 'Cubes come from stock only at each turn's end', and with
    cubes.replenish 0 'No cubes come from stock in this variant': Bays' skill (gain_cubes) takes
    2 from the stock into the hand."""
    v = load_variant(DRAFT5, overrides)
    spec = get_game(v.game)
    s = PlaySession(spec, spec.make_rules(v.model), spec.play(), 3, 1, ["greedy", "(you)", "greedy"], 7)
    while not any(m.after for m in s.moves) and not s.over():
        s.advance()
        if not s.over() and not any(m.after for m in s.moves):
            s.play(s.rules.legal_actions(s.state)[0])
    first = next(m.after for m in s.moves if m.after)
    assert first[-1].endswith(said), first


def test_oh_seven_says_each_players_bid_tricks_and_points_when_a_round_is_scored():
    """A round's scoring showed only as a changed score column: no line said that P2 bid 5,
    took 2 tricks and lost 3."""
    s = session(OHSEVEN, 4, 1, "heuristic", seed=3)
    _, text = played_through(s)
    assert ("P3 (heuristic): play 5C  — trick to P4, round over\n"
            "Round 1 of 7 scored:\n"
            "  P1   bid 1, took 1 trick (met): +3 (total 3)\n"
            "  You  bid 7, took 1 trick: -6 (total -6)\n"
            "  P3   bid 2, took 2 tricks (met): +4 (total 4)\n"
            "  P4   bid 1, took 3 tricks: -2 (total -2)\n") in text
    scored = [m.after for m in s.moves if m.after]
    assert [a[0] for a in scored] == [f"Round {r} of 7 scored:" for r in range(1, 8)]
    finals = {line.split()[0]: int(line.rsplit("(total ", 1)[1].rstrip(")")) for line in scored[-1][1:]}
    assert finals == {s.names[r.seat]: r.total for r in s.rules.result(s.state).seats}


def test_new_frontiers_develop_and_settle_moves_say_the_price_to_pay_now():
    """The list of develop moves gave each development's printed cost ('costs 3 gold') to a
    player who had selected Develop or held a discount power, and so would pay less."""
    s = session(NEWFRONTIERS, 3, 0, "greedy", seed=11)
    t, checked, cheaper = s.rules.tiles, 0, set()
    while not s.over() and len(s.moves) < 600:
        s.advance()
        if s.over():
            break
        for action, _ in s.legal():
            note = s.support.detail(s.rules, s.view(), action)
            if action.verb == "develop":
                dev = t.dev_index[action.arg]
                printed, pay = t.devs[dev].cost, s.rules.develop_cost(s.state, 0, dev)
            elif action.verb == "settle" and t.worlds[t.world_index[action.arg]].kind != "military":
                world = t.world_index[action.arg]
                printed = t.worlds[world].cost
                pay = s.rules.settle_need(s.rules.settle_powers(s.state, s.state.todo[0]), world)[1]
            else:
                continue
            checked += 1
            if pay < printed:
                cheaper.add(re.search(r"you pay \d+ \(([^)]*)\)", note).group(1))
                assert f"costs {printed} gold, you pay {pay} (" in note, note
            else:
                assert re.search(rf"costs {printed} gold(;| and \d colonist)", note) and "you pay" not in note, note
        prefer = [a for a, text in s.legal() if text in ("select develop", "develop d06", "select settle")]
        s.play((prefer or [s.legal()[0][0]])[0])  # d06: a settle discount
    # the bonus and the powers, alone and together
    assert checked and "Develop bonus -1, powers -1" in cheaper and "powers -1" in cheaper, cheaper


def test_new_frontiers_says_which_action_is_carried_out_and_who_selected_it():
    """After P1 selected Develop the person was shown `develop d01 ... / pass` with nothing saying
    which action it was, who selected it, or why the price differs for the selector."""
    s = session(NEWFRONTIERS, 4, 1, "greedy", seed=1)
    s.advance()
    assert [m.text for m in s.moves] == ["select develop", "develop d07"]
    assert s.asks() == "P1 selected Develop: buy one development for its cost in gold (P1, the selector, pays 1 less), or pass."
    s.play(s.parse("pass"))
    s.advance()
    assert s.asks() == "Round 1: select an action. Every player carries it out, you first; you alone take its bonus."
    s.play(s.parse("select settle"))
    s.advance()
    assert s.asks() == ("You selected Settle (you took +1 colonist first, the bonus): settle one of your unsettled "
                        "worlds (a military world needs military strength at least its cost, any other costs its "
                        "cost in gold; each needs its colonists), or take 2 colonists (colonists), or pass.")


def test_new_frontiers_says_what_each_decision_asks_with_the_variants_numbers(cli, tmp_path):
    """The line above the moves and each selection's detail use the variant's numbers (the
    Develop bonus, the colonists Settle gives), here changed by --set."""
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "quit\n", "--seed", "1", "--players", "4", "--seat", "2",
                   "--set", "rules.bonuses.develop_discount=2")
    out = " ".join(r.stdout.split())
    assert "P1 selected Develop: buy one development for its cost in gold (P1, the selector, pays 2 less), or pass." in out
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "quit\n", "--seed", "7", "--set", "rules.settle.colonists=3")
    out = " ".join(r.stdout.split())
    assert "4. select settle Settle: each player may settle a world or take 3 colonists; your bonus: +1 colonist" in out
    assert "1. select retreat Retreat into isolation: no action; your bonus: +2 gold" in out


def test_every_new_frontiers_decision_says_what_it_asks():
    """Whatever the decision (select, develop, explore and its bonus pick, discard, settle,
    windfall, trade, consume, keep a goal, store), a line says what is asked."""
    from playtest.games.newfrontiers.state import DECISIONS

    s = session(str(ROOT / "variants/new-frontiers/goals.yaml"), 4, 1, "greedy")
    kinds: dict[str, str] = {}
    while not s.over() and len(s.moves) < 600:
        s.advance()
        if s.over():
            break
        asked = s.asks()
        assert asked, s.state.todo[0]
        kinds.setdefault(s.state.todo[0].kind, asked)
        s.play(s.rules.legal_actions(s.state)[0])
    assert s.over() and set(kinds) <= DECISIONS and len(kinds) >= 5, kinds


def test_stargate_says_what_each_step_of_a_turn_asks_and_what_place_dash_means():
    """`place -` stood unexplained in the list of placements, and nothing said how many cubes may
    go down nor how (the walk, Orlins' free order)."""
    s = session(DRAFT5, 3, 0, "greedy", seed=4)
    s.advance()
    assert s.asks() == ("Take a crew from the crew area: its skill is used where it can be (else skipped), then you "
                        "place up to its time in cubes from your hand (3 in hand).")
    s.play(s.parse("armstrong"))
    assert s.asks() == ("Place up to 3 cubes (armstrong's time 4, 3 in hand): start on any planet, then go clockwise, "
                        "one cube a planet, skipping full planets; each cube goes into the planet's lowest empty slot. "
                        "Name the planets in order; 'place -' places none.")
    assert s.play(s.parse("place -"))[0].note.startswith("no cubes placed")
    s.undo()
    s.play(s.parse("place green1 red1 blue3"))
    s.advance()
    s.play(s.parse("orlins"))
    assert s.asks().startswith("Place up to 2 cubes (orlins's time 3, 2 in hand): any planets in any order, at most "
                               "1 cube a planet; ")


def test_a_stargate_skill_step_says_the_skill_in_words():
    from dataclasses import replace

    from playtest.games.stargate.actions import TakeCrew
    from playtest.games.stargate.play import asks
    v = load_variant(DRAFT5)
    rules = get_game(v.game).make_rules(v.model)
    ids = [p.id for p in v.model.planets]
    state = rules.setup(3, [ids.index(p) for p in ("red1", "blue1", "green2", "yellow1", "red2")])
    state = rules.apply(replace(state, board=((1, 2), *state.board[1:])), TakeCrew("anderson"))
    assert asks(rules, state, 0, ["You", "P2", "P3"]) == ("anderson's skill, now: swap two cubes in consecutive slots "
                                                         "of one planet, any owners. Choose one of the moves below.")
    assert asks(rules, state, 1, ["P1", "You", "P3"]) is None  # not that seat's decision


def _forced_moves_run(answer_forced: str) -> tuple[str, str, list[str]]:
    """An Oh-Seven match played in the terminal loop, '1' for every choice and `answer_forced` for
    every only move, with `undo` typed once right after the first only move: what the terminal
    showed, the transcript, and the prompts' legal-move counts."""
    from rich.console import Console

    from playtest.play.console import run

    s = session(OHSEVEN, 3, 1, "heuristic", seed=2)
    counts: list[str] = []

    def read(prompt: str) -> str:
        legal = s.legal()
        if len(counts) > 1000:  # Enter did not play the only move (it redrew the table): stop
            return "quit"
        if counts and counts[-1] == "only" and "undo" not in counts:
            counts.append("undo")
            return "undo"
        counts.append("only" if len(legal) == 1 else "many")
        return answer_forced if len(legal) == 1 else "1"

    console = Console(width=200, no_color=True, record=True)
    assert run(s, console, read).finished, "the match did not finish"
    return console.export_text(), s.transcript("v.yaml"), counts


def test_an_only_move_is_said_and_enter_plays_it_as_if_typed():
    """The last card in hand had to be typed (a list of one); now the table says it is the only
    move, and Enter plays it: the same record, the same undo, as typing it."""
    typed, typed_record, typed_counts = _forced_moves_run("1")
    entered, entered_record, entered_counts = _forced_moves_run("")
    assert typed_counts.count("only") >= 7 and "undo" in typed_counts  # the match's last tricks, at least
    assert "Your only move: play " in typed and "(press Enter to play it, or type it)" in typed
    assert "Your legal moves (1)" not in typed
    assert "cannot undo:" in typed  # the other hands' cards played after it: refused as for any move
    assert (entered, entered_record, entered_counts) == (typed, typed_record, typed_counts)


def test_enter_without_an_only_move_draws_the_table_again():
    s = session(OHSEVEN, 3, 1, "heuristic", seed=2)
    from rich.console import Console

    from playtest.play.console import run
    lines = iter(["", "quit"])
    console = Console(width=200, no_color=True, record=True)
    run(s, console, lambda prompt: next(lines))
    assert console.export_text().count("Your hand:") == 2 and not s.moves


def test_a_stargate_hint_says_why_from_the_lookahead_values():
    """Bare `hint` named lookahead's turn with no reason; it now says the lead its turn leaves
    after the look-ahead, and the next best candidate's (values the choice computes anyway)."""
    s = session(DRAFT5, 3, 0, "greedy", seed=4)
    s.advance()
    _, text, why = s.hint()
    assert re.fullmatch(rf"played on to after your next turn, the turn {text}; place [\w -]+ leaves you [+-]\d+\.\d VP "
                        r"against the best other player \(provisional scores\); the next best, \w+; place [\w -]+, "
                        r"[+-]\d+\.\d", why), why
    s.play(s.parse(text))
    # Mid-turn a fresh lookahead decides as greedy-myopic does: no values to cite, but the hint
    # says so (it was a bare move under the name lookahead, read as judged one round ahead).
    assert s.hint()[2] == ("the rest of this turn as greedy-myopic finishes it (judged by the provisional "
                           "lead at the turn's end): lookahead judges whole turns one round ahead only when "
                           "choosing the crew")


def test_a_new_frontiers_hint_says_why_in_the_evaluations_terms():
    """Bare `hint` (New Frontiers' greedy bot) named a move with no reason; it now says the
    position the move leaves, as VP now and potential, against the best other player, and the
    next best move's lead (the wording: tests/newfrontiers/test_greedy_explain.py)."""
    s = session(NEWFRONTIERS, 3, 1, "greedy", seed=7)
    s.advance()
    _, text, why = s.hint()
    assert (text, why) == ("develop d02", "it leaves you 1 VP now + 5.1 potential (powers 4.3, production worlds 0.8) "
                           "= 6.1, 0.6 behind the best other player's 6.8; the next best, develop d01, 0.7 behind")
    assert s.hint()[2] == why  # asked again: the same


def test_a_new_frontiers_explore_selection_counts_the_worlds_explore_powers_add():
    """With d01 (explore_draw +1) bought, Explore draws 8 worlds, not the 7 the rules set."""
    from playtest.games.newfrontiers.play import move_detail
    from playtest.games.newfrontiers.state import Move

    s = session(NEWFRONTIERS, 3, 1, "greedy", seed=7)
    s.advance()
    assert move_detail(s.rules, s.view(), Move("select", "explore")).startswith("Explore: 7 worlds drawn")
    s.play(s.parse("develop d01"))
    s.advance()
    assert move_detail(s.rules, s.view(), Move("select", "explore")).startswith("Explore: 8 worlds drawn")


def test_new_frontiers_notes_say_who_got_gold_from_powers_and_settle_rewards_and_why():
    """The engine logs a `gold_on` event per holder a selection pays and a settle's reward gold,
    but the move's note said neither: a player's gold rose with no word of why. The scenario of
    tests/newfrontiers/test_gold.py (You: w24 Ice Archive, a settle reward of 1 gold, and two
    Merchant Fleets, gold_on trade 2 each; P2: Academy and Recruitment Office, gold_on develop
    and settle), each move's note as the table shows it."""
    from playtest.core.events import Event
    from playtest.games.newfrontiers.play import describe
    from tests.newfrontiers.helpers import gold_sources_start, play

    rules, s = gold_sources_start()
    notes = {}
    for move in ("select retreat", "select settle", "pass", "settle w03", "select trade", "trade w13",
                 "consume w24 with w33", "select produce", "select develop"):
        log: list[Event] = []
        after = play(rules, s, move, log=log)
        notes[move] = describe(rules, s, move, log, ["You", "P2"])
        s = after
    assert notes["select retreat"] == "+5 gold"  # the selector's bonus, said as before
    assert notes["select settle"] == "bonus: +1 colonist, P2 +1 gold (d14 Recruitment Office: settle)"
    assert notes["settle w03"] == "settled w03 for 3 gold, You +1 gold (settle reward: w24 Ice Archive), round over"
    assert notes["select trade"] == "+1 VP chip, You +4 gold (2x d05 Merchant Fleet: trade)"
    # P2 selects Produce (the pile is the selector's); w03, settled in round 1, pays its holder
    assert notes["select produce"] == ("bonus: 1 windfall good not given (no windfall world without a good), "
                                       "3 gold from the Produce pile, You +1 gold (w03 Tidewater Refinery: produce), "
                                       "round over")
    assert notes["select develop"] == "bonus: develops for 1 less, P2 +1 gold (d13 Academy: develop)"


def test_a_world_settled_free_by_discounts_is_noted_for_0_gold():
    """A gold world whose settle discounts cover its cost was noted 'settled w01 (gold)' (P3 in a
    played game, two Terraforming Crews): as if it were paid in gold, or settled by a method
    named gold. A military world still says '(military)'."""
    from playtest.core.events import Event
    from playtest.games.newfrontiers.play import describe
    from tests.newfrontiers.helpers import dev, edit, ids, play, rules_for, start

    rules = rules_for("base")
    s = edit(start(rules, 2), 0, unsettled=ids(rules, "w01"), devs=dev(rules, "d06"), colonists=1)
    rules.refresh(s.players[0])
    s = play(rules, s, "select settle")
    log: list[Event] = []
    play(rules, s, "settle w01", log=log)
    assert describe(rules, s, "settle w01", log, ["You", "P2"]) == "settled w01 for 0 gold"


def test_a_produce_note_gives_the_windfall_bonus_only_where_it_could_go():
    """Selecting Produce noted 'bonus: 1 windfall good' although the selector had no windfall world
    without a good, so none was given (the bonus is then not even asked)."""
    from playtest.core.events import Event
    from playtest.games.newfrontiers.play import describe
    from tests.newfrontiers.helpers import edit, rules_for, start

    rules = rules_for()
    s = start(rules)  # seat 3 holds h4 Aurum Landing, a windfall world, with its good
    event = [Event("select", 1, 1, 3, {"action": "produce", "pile": 0})]
    assert rules.tiles.worlds[s.players[3].worlds[0]].kind == "windfall" and s.players[3].goods
    names = ["P1", "P2", "P3", "P4"]
    assert describe(rules, s, "select produce", event, names) == (
        "bonus: 1 windfall good not given (no windfall world without a good)")
    emptied = edit(s, 3, goods=())
    assert describe(rules, emptied, "select produce", event, names) == "bonus: 1 windfall good"


def test_a_stargate_note_says_what_the_last_cubes_planet_effect_did():
    """A turn whose last cube landed on a planet with an effect said only '+2 VP, 4 cubes placed'
    while the planet took 2 VP away or turned cubes of the hand into VP or time (the hand fell
    with no word). The note now says it in the effects column's words, with what it did; every
    turn whose event logs an effect's VP or converted cubes says so."""
    from playtest.core.events import Event, EventKind
    from playtest.games.stargate.play import describe

    special = str(ROOT / "variants/stargate/draft6-special-planets.yaml")
    said = 0
    for seed in (2, 3):
        s = session(special, 3, 1, "random", seed=seed)
        _play_through(s)
        state, deal = s.rules.initial_state(3, rng=s.support.deal_rng(seed)), s.support.deal_rng(seed)
        for m in s.moves:
            log: list[Event] = []
            state = s.rules.apply(state, m.action, rng=deal, log=log)
            for e in log:
                if e.kind == EventKind.DECISION and (e.data["effect_vp"] or e.data["cubes_converted"]):
                    said += 1
                    assert f"last cube on {e.data['last_planet']}, where " in m.note, (m.text, m.note)
                    assert not e.data["effect_vp"] or f"{e.data['effect_vp']:+d} VP" in m.note, m.note
                    assert not e.data["cubes_converted"] or f"{e.data['cubes_converted']} converted" in m.note, m.note
        notes = {(m.who, m.text): m.note for m in s.moves}
        if seed == 2:
            assert notes[("P3 (random)", "place red3")] == "1 cube placed, last cube on red3, where its placer loses 2 VP: -2 VP"
            assert notes[("P1 (random)", "place green1")] == (
                "1 cube placed, last cube on green1, where its placer converts up to 1 cube from their hand into 2 extra "
                "time each on their next turn (the cubes leave the game): 1 converted and +2 time next turn (hand 1)")
        else:
            assert notes[("P3 (random)", "place blue2 blue2")] == (
                "2 cubes placed, last cube on blue2, where its placer converts up to 2 cubes from their hand into 2 VP each "
                "(the cubes leave the game): 2 converted and +4 VP (hand 11)")
    assert said >= 6
    empty = Event(EventKind.DECISION, 3, 7, 0, {"cubes_placed": 1, "cubes_gained": 0, "last_planet": "blue2",
                                                "effect_vp": 0, "cubes_converted": 0, "hand": 0, "stock": 0})
    assert ("last cube on blue2, where its placer converts up to 2 cubes from their hand into 2 VP each (the cubes leave "
            "the game): nothing to convert") in describe(s.rules, s.state, s.moves[-1].action, [empty], s.names)


def test_the_new_frontiers_table_shows_each_player_s_military_strength(cli, tmp_path):
    """A military world is settled by strength, not gold, but the players' table showed gold,
    colonists, chips, goods and tiles and no strength: a human had to add up the powers of
    every tile (and could not tell whether a bot could take the military world in the draw)."""
    moves = tmp_path / "moves.txt"
    moves.write_text("select develop\ndevelop d03\nquit\n")  # Frontier Militia: military 2
    r = cli("play", NEWFRONTIERS, "--players", "3", "--seat", "1", "--seed", "7", "--moves", str(moves),
            "--save", str(tmp_path / "g.yaml"), "--no-color")
    assert r.returncode == 0, r.stderr
    table = r.stdout[r.stdout.rindex("Players"):]
    header = next(line for line in table.splitlines() if "mili-" in line)  # columns aligned, no rules between
    mine = next(line for line in table.splitlines() if "You ◀" in line)
    at = header.index("mili-")
    assert mine[at:at + 5].strip() == "2"


def test_an_oh_seven_hint_bidding_in_turn_reads_the_bids_already_made():
    """Bidding in turn (hook.yaml), the heuristic bot read the prior for every other seat: as the
    last bidder, under P2 AC, P3 AH and P4 AD, its 5S was 'the highest bid, 42% likely' although
    certain, and a card under one already bid was still 'likely' (h173)."""
    from playtest.games.ohseven.bots import HeuristicBot

    s = session(str(ROOT / "variants/ohseven/hook.yaml"), 4, 0, "heuristic", seed=2)
    s.advance()
    view = s.view()
    assert [s.rules.cards.names[c] for _, c in view.open_bids] == ["AC", "AH", "AD"]  # P1 bids last
    _, text, why = s.hint()
    assert text == "bid 5S" and "(it is if 5S is the highest bid, 100% likely)" in why
    bot = HeuristicBot(s.rules)
    p_high, p_low = bot._chances(view, _oh_seven_tables(s.rules, view.n))
    top = max(c for _, c in view.open_bids)
    assert all(p == 0.0 for p in p_high[:top + 1]) and all(p == 1.0 for p in p_high[top + 1:])
    assert all(a + b == 1.0 for a, b in zip(p_high, p_low, strict=True))


def _oh_seven_tables(rules, n):
    from playtest.games.ohseven.bots import _tables

    return _tables(rules.n_ranks, rules.n_suits, n)


_HANG_UP_TWICE = """
import os, signal, sys, time
signal.signal(signal.SIGHUP, signal.SIG_DFL)
import playtest.cli.play as play
import playtest.play.gamefile as gamefile
real_read, real_save = play._MovesFile.read, gamefile.GameFile.save
def read(self, prompt):  # one move made, the terminal closes: the shell's SIGHUP ...
    if self._read:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(5)
    return real_read(self, prompt)
def save(*args, **kw):  # ... and the kernel's, while the game is being saved
    os.kill(os.getpid(), signal.SIGHUP)
    time.sleep(0.2)
    return real_save(*args, **kw)
play._MovesFile.read, gamefile.GameFile.save = read, save
from playtest.cli.app import main
sys.argv = ["playtest", *sys.argv[1:]]
main()
"""


@pytest.mark.system
def test_a_second_hang_up_while_the_game_is_saved_does_not_lose_it(tmp_path):
    """A closed terminal can send SIGHUP more than once (the shell passes its own on, the kernel
    sends one when the shell exits): the handler was put back before the game was saved, so the
    second one killed the process mid-save and the game was lost."""
    import subprocess

    moves, save = tmp_path / "moves.txt", tmp_path / "g.yaml"
    moves.write_text("1\n1\n1\n")
    r = subprocess.run([sys.executable, "-c", _HANG_UP_TWICE, "play", DRAFT5, "--players", "3", "--moves", str(moves),
                        "--save", str(save), "--no-color"], capture_output=True, text=True, cwd=tmp_path,
                       timeout=120, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert (r.returncode, save.is_file()) == (129, True), r.stderr
    assert r.stderr.startswith("interrupted (SIGHUP): the abandoned game (1 decision made"), r.stderr


@pytest.mark.parametrize("name", ["-", "-g.yaml"])
def test_a_game_saved_under_a_name_that_begins_with_a_dash_is_named_from_the_current_folder(tmp_path, name):
    """`--save ./-` saved the file '-' and said "score it: playtest replay -", which reads standard input."""
    from tests.conftest import invoke_cli

    (tmp_path / "moves.txt").write_text("1\nquit\n")
    r = invoke_cli("play", DRAFT5, "--players", "3", "--moves", "moves.txt", "--save", f"./{name}", "--no-color",
                   cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith(f"is saved: ./{name}  (score it: playtest replay ./{name})"), r.stdout[-300:]
    assert (tmp_path / name).is_file()


def test_a_second_game_saved_under_a_name_that_begins_with_a_dash_names_the_first_from_the_current_folder(tmp_path):
    """The new name was shown as ./--2, the one taken as '-' ('(- exists, so the game got a new name)')."""
    from tests.conftest import invoke_cli

    (tmp_path / "moves.txt").write_text("1\nquit\n")
    (tmp_path / "-").write_text("an earlier game")
    r = invoke_cli("play", DRAFT5, "--players", "3", "--moves", "moves.txt", "--save", "./-", "--no-color", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith("is saved: ./--2 (./- exists, so the game got a new name)  (score it: playtest "
                                      "replay ./--2)"), r.stdout[-300:]


def test_new_frontiers_players_table_fits_an_80_column_terminal_without_cutting_a_header(cli, tmp_path):
    """Nine columns of whole-word headers are wider than 80 characters: the terminal showed
    'colon…', 'milit…', 'unset…' and 'develo…' for colonists, military, unsettled, developments."""
    r = play_moves(cli, tmp_path, NEWFRONTIERS, "quit\n", "--seed", "3")
    assert r.returncode == 0, r.stderr
    table = r.stdout.split("Players", 1)[1].split("Round 1:", 1)[0]
    assert "…" not in table
    assert all(len(line) <= 80 for line in table.splitlines())
    assert {"colo-", "nists", "mili-", "tary", "unset-", "tled", "develop-", "ments"} <= set(table.split())


def test_oh_seven_s_players_table_shows_the_bids_already_made_in_turn(cli, tmp_path):
    """Bidding in turn (hook.yaml), the players table showed '-' in the bid card and bid columns of
    a player who had bid, while the line below it listed that bid ('Bids made this pass: P2 AC')."""
    r = play_moves(cli, tmp_path, str(ROOT / "variants/ohseven/hook.yaml"), "quit\n", "--players", "4", "--seat", "3",
                   "--seed", "2")
    assert "Bids made this pass: P2 AC" in r.stdout
    p2 = next(line for line in r.stdout.splitlines() if line.startswith("│ P2 "))
    assert [c.strip() for c in p2.strip("│").split("│")][:3] == ["P2", "AC", "1"]


def test_new_frontiers_play_says_who_an_action_skipped_and_why():
    """After 'P1 (greedy): select trade' a player with nothing to sell had no line at the table,
    so a skipped turn read as one forgotten. Each decision skipped (pass its only choice) is said
    after the move, with the rules' reason, to the person in their own words ('you have ...')."""
    s = session(NEWFRONTIERS, 3, 1, "greedy", seed=5)
    while not s.over() and len(s.moves) < 200:
        s.advance()
        if not s.over():
            s.play(s.rules.legal_actions(s.state)[0])
    checked = 0
    for k, m in enumerate(s.moves):
        if m.text not in ("select develop", "select trade"):
            continue
        action = m.text.split()[1]
        rest = list(itertools.takewhile(lambda x: not x.text.startswith("select "), s.moves[k + 1:]))
        said = {s.names[x.seat] for x in rest if x.text.split()[0] in (action, "pass")}
        said |= {line.split(":")[0] for x in (m, *rest) for line in x.after if f": {action} skipped (" in line}
        assert said == set(s.names), (m.text, [x.text for x in rest], [x.after for x in (m, *rest)])
        checked += 1
    assert checked
    yours = [line for m in s.moves for line in m.after if line.startswith("You: ")]
    assert yours and all("(you " in line for line in yours), yours
