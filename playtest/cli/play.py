"""`playtest play VARIANT`: play a draft against bots in the terminal; the game is kept as a
transcript."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from playtest.cli.app import app
from playtest.cli.common import (
    SetOption,
    from_bots_option,
    load,
    make_console,
    output_file,
    split_bots,
)
from playtest.errors import Interrupted, UsageError
from playtest.games import get_game
from playtest.text import clean, excerpt

if TYPE_CHECKING:
    from playtest.core.spec import GameSpec
    from playtest.play.saved import Played, SavedGame
    from playtest.play.session import PlaySession
    from playtest.variants import Variant


def _save_target(save: Path | None, default_name: str, inputs: list[Path], option: str = "--save") -> Path:
    """The path the game is to be saved to, checked before the game starts:
    a writable place outside /proc, /sys and /dev, never one of the command's input files. An
    existing folder gets the game inside it under the default name; an existing file is kept
    and the game gets a free name beside it (`gamefile.free_path`). `option`: the option said in an error
    when there is no --save (--resume: the game goes on beside the file resumed)."""
    from playtest.io import check_not_input, check_output_path
    from playtest.play.gamefile import free_path

    wanted = Path(default_name) if save is None else save
    if save is not None and save.is_dir():
        wanted = save / Path(default_name).name
    check_output_path(wanted, option, folder=False)
    check_not_input(wanted, inputs, option)  # not over, nor renamed next to, the variant itself
    if wanted.parent != Path("") and not wanted.parent.is_dir():
        raise UsageError(f"{option} {wanted}: folder {wanted.parent} does not exist")
    check_not_input(free_path(wanted), inputs, option)
    return wanted


def _read_saved_game(path: Path) -> tuple[Variant, GameSpec, SavedGame, Played]:
    """The game `playtest play` saved at `path` (--resume): its variant with the file's `set:`,
    its game, what it records and how it was played (its first line). Errors are located, as
    `playtest replay` gives them."""
    from playtest.core.transcript import transcript_game
    from playtest.play.saved import how_played, read_saved

    _, spec = transcript_game(path)
    saved = read_saved(spec, path)
    return saved.variant, spec, saved, how_played(path, saved.names)


def _replay_saved(session: PlaySession, saved: SavedGame, path: Path, seed: int, overrides: list[str]) -> None:
    """The saved game at `path` played into the new `session` (PlaySession.resume), checked to be
    the very game the seed deals; a finished game refused first, before its bots are asked again
    (as long as they took to play it)."""
    from playtest.play.saved import check_replayed, game_over, not_dealt

    if saved.finished:
        raise game_over(path)
    if saved.decisions:  # a search bot thinks again as long as it did: said before, not after a silence
        typer.echo(clean(f"Resuming {path}: replaying its {len(saved.decisions)} decisions, each bot asked "
                         "again on its own dice..."))
    try:
        session.resume(saved.decisions)
    except UsageError as err:
        raise not_dealt(path, seed, str(err)) from None
    check_replayed(path, session.transcript(saved.variant_ref, overrides), seed, session.spec.notation)
    if session.over():  # (a game's own PlaySupport.saved that does not say `finished`)
        raise game_over(path)


def _end_the_prompt_line() -> None:
    """Ctrl-C or Ctrl-D at the prompt leaves a terminal's cursor after it: what is said next
    ('interrupted (Ctrl-C): ...', the saved game) starts a line of its own."""
    if sys.stdin.isatty():
        typer.echo()


class _MovesFile:
    """The --moves file's lines (blank and # lines skipped), each echoed as if typed; `where`
    names the line last read (`moves.txt:3`), so that a refused move says which line it was."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        # split at newlines only, as the NUL check counts lines (splitlines also splits at \f, \v, ...)
        self._lines = [(n, line.removesuffix("\r")) for n, line in enumerate(text.split("\n"), 1)
                       if line.strip() and not line.lstrip().startswith("#")]
        self._read = 0

    def read(self, prompt: str) -> str | None:
        if self._read >= len(self._lines):
            return None
        line = self._lines[self._read][1]
        self._read += 1
        typer.echo(clean(f"{prompt}{excerpt(line)}"))
        return line

    def where(self) -> str:
        return f"{self.path}:{self._lines[self._read - 1][0]}" if self._read else str(self.path)


def _typed() -> bool:
    """Whether the moves are typed at a terminal: only then is the game written as it goes
    (playtest.play.gamefile), after each move and at each prompt. Moves from --moves or a pipe
    can be played again from where they came from, and a long scripted game (New Frontiers:
    20-30 ms a write) would pay for a copy at every decision."""
    return sys.stdin.isatty()


def _lines():
    """A line source: the terminal or a pipe."""

    def read_input(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            _end_the_prompt_line()
            return None
        except (Interrupted, KeyboardInterrupt):  # Ctrl-C (app._on_signal raises Interrupted), SIGTERM
            _end_the_prompt_line()
            raise

    return read_input


@app.command()
def play(
    variant: Annotated[Path | None, typer.Argument(help="Variant YAML file (not with --resume).",
                                                   metavar="VARIANT", show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players in the game (default: you and one per name in --bots, else 4 when the variant supports it, else the most it supports).")] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Your seat, from 1 (seat 1 is the game's first seat: Stargate's start player of round 1, Oh-Seven's dealer of round 1, first on New Frontiers' turn-order track; default 1).", show_default=False)] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="The other seats' bots: one name for all, or one per "
                                             "other seat in seat order, e.g. greedy,random,greedy (default: the "
                                             "game's first bot after random: greedy for Stargate and New "
                                             "Frontiers, heuristic for Oh-Seven).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Deal and bot dice: the same seed deals the same game "
                                             "(default 1).", show_default=False)] = None,
    moves: Annotated[Path | None, typer.Option("--moves", help="Read your moves (and commands) from this file, "
                                               "one per line, instead of the keyboard (a text file of at most 1 MB).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Transcript file to write, or a folder to "
                                              "write <game>-seed<S>.yaml in (default <game>-seed<S>.yaml "
                                              "here). An existing file is never overwritten: the game gets "
                                              "a new name beside it (name-2.yaml); the variant or --moves "
                                              "file is refused. Checked before the game starts.",
                                              parser=output_file("--save", folder_ok=True), metavar="<path>")] = None,
    hint_bot: Annotated[str | None, typer.Option("--hint-bot", help="Bot that answers `hint` "
                                                 "(default: the game's strongest quick bot).")] = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="Plain text, no colors.")] = False,
    set_: SetOption = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a game that `playtest play` saved "
                                                "(quit, Ctrl-C, a closed terminal): its variant, --set, seed, seat "
                                                "and bots are the file's. The game goes on in a new file beside it "
                                                "(name-2.yaml; or --save).", metavar="<path>")] = None,
) -> None:
    """Play one game in a seat of your choice against bots, in the terminal.

    The table is drawn as your seat sees it (never another player's hidden cards); your legal
    moves are numbered and also accepted in transcript notation; `hint`, `undo`, `quit`. The
    finished or abandoned game (quit, end of input, Ctrl-C or a closed terminal once a move is made) is saved as a
    transcript that `playtest replay` scores, and `--resume` continues. Typed at a terminal, the game so far is
    also written as it goes: a session killed outright loses at most the turn in hand."""
    from rich.text import Text

    from playtest.core.bots import make_bot
    from playtest.play.console import run
    from playtest.play.session import PlaySession, first_bot, play_support
    from playtest.sim.batch import check_players, check_seed, default_players

    saved = None
    if resume is not None:
        given = [name for name, value in (("VARIANT", variant), ("--players", players), ("--seat", seat),
                                          ("--bots", bots), ("--seed", seed), ("--set", set_)) if value is not None]
        if given:
            raise UsageError(f"--resume {resume}: the saved game says its variant, --set, seed, seat and bots; "
                             f"give no {', no '.join(given)}")
        v, spec, saved, played = _read_saved_game(resume)
        seed, seat, players, set_ = played.seed, played.seat + 1, len(saved.names), list(v.overrides)
        bots = ",".join(played.bots[s] for s in sorted(played.bots))
    elif variant is None:
        raise UsageError("give the VARIANT to play, or --resume a game that `playtest play` saved")
    else:
        v = load(variant, set_)
        spec = get_game(v.game)
    seed = 1 if seed is None else seed
    seat = 1 if seat is None else seat
    check_seed(seed)  # before the game: rng.stream_seed takes 0 to 2**64 - 1 only
    support = play_support(spec)
    if support is None:
        raise UsageError(f"{v.game} cannot be played in the terminal yet: its GameSpec has no play= (a function "
                         "returning a playtest.play.session.PlaySupport; docs/extending.md, 'Play in the terminal'); "
                         "replay, simulate and the other commands work without it")
    counts = v.model.player_counts()
    if bots is None:
        bots = first_bot(spec)
    names = split_bots(bots)
    if players is None:  # one per other seat named in --bots, and you
        players = default_players(counts, [*names, "you"] if len(names) > 1 else ())
    check_players(v, players)
    if not 1 <= seat <= players:
        raise UsageError(f"--seat {seat}: choose a seat from 1 to {players}")
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise UsageError(f"--bots names {len(names)} bots for the {players - 1} other seats "
                         "(give one name, or one per other seat)")
    lineup = names[: seat - 1] + ["(you)"] + names[seat - 1:]
    rules = spec.make_rules(v.model)
    for s, name in enumerate(lineup):
        if s != seat - 1:
            try:
                make_bot(spec, name, rules, s)  # an unknown bot is a one-line error before play starts
            except UsageError as err:
                if resume is not None:  # the bots the saved game's first line names
                    raise UsageError(f"{resume}:1:1: {err}") from None
                raise from_bots_option(err) from None
    if hint_bot is not None:
        if not hint_bot.strip():  # '' fell back to the default bot unsaid, where --bots '' is refused
            raise UsageError(f"--hint-bot {hint_bot!r}: give a bot's name, or leave --hint-bot out for the game's "
                             "strongest quick bot")
        try:
            make_bot(spec, hint_bot, rules, seat - 1)
        except UsageError as err:
            raise UsageError(f"--hint-bot: {err}") from None
    scripted = None
    if moves is not None:  # read like a variant: a regular file of at most 1 MB (not /dev/zero)
        from playtest.variants.source import read_text_limited

        # (a byte-order mark, as some Windows editors save: its first move was refused as '\ufeff1')
        text = read_text_limited(moves, str(moves), "a moves file").removeprefix("\ufeff")
        if "\x00" in text:  # a binary file: its NUL bytes reached the terminal raw and the messages as '\x00'
            before = text[:text.index("\x00")]
            line, col = before.count("\n") + 1, len(before) - before.rfind("\n")
            raise UsageError(f"{moves}:{line}:{col}: a NUL byte: --moves takes a text file, one move per line")
        scripted = _MovesFile(moves, text)
    inputs = [Path(p) for p in v.chain] + ([moves] if moves is not None else [])
    if resume is None:
        from playtest.io import default_place

        here = Path(f"{v.game}-seed{seed}.yaml")  # without --save: in the current folder
        with default_place(here, "--save", given=save is not None):
            wanted = _save_target(save, str(here), inputs)
    elif save is not None:
        wanted = _save_target(save, str(resume), inputs)
    else:  # beside the saved game: an error named '--save', an option not given
        try:
            wanted = _save_target(None, str(resume), inputs, option="--resume")
        except UsageError as err:
            raise UsageError(f"{err}; the game goes on in a new file beside it: give --save FILE or FOLDER") from None
    session = PlaySession(spec, rules, support, players, seat - 1, lineup, seed,
                          names=list(saved.names) if saved is not None else [])
    if saved is not None and resume is not None:
        _replay_saved(session, saved, resume, seed, list(set_ or ()))
    console = make_console(no_color=no_color or bool(os.environ.get("NO_COLOR")), highlight=False,
                      force_terminal=None if not no_color else False)
    overrides = list(set_ or ())
    if resume is not None:  # (also when nothing was saved but the deal: the person is told it was resumed)
        n = session.resumed
        # (a Text: the path is the person's, and '[/]' in it was read as rich markup, an internal error)
        console.print(Text(clean(f"Resumed {resume}: {n} decision{'' if n == 1 else 's'} replayed.")), soft_wrap=True)
    from playtest.cli.app import hangup_caught  # (defined after app.py imports the commands)
    from playtest.play.gamefile import GameFile

    typed = scripted is None and _typed()
    kept = GameFile(session, v.path, wanted, overrides, resume, saved, durable=typed)

    # A closed terminal: the game so far is saved, as on Ctrl-C. Caught until it is saved: a
    # second SIGHUP (the shell passes its own on, the kernel sends one as the shell exits) found
    # the default handler back and killed the process mid-save.
    with hangup_caught():
        try:
            outcome = (run(session, console, scripted.read, hint_bot=hint_bot, where=scripted.where)
                       if scripted is not None
                       else run(session, console, _lines(), hint_bot=hint_bot, keep=kept.keep if typed else None))
        except (Interrupted, KeyboardInterrupt) as err:  # Ctrl-C, SIGTERM, SIGHUP: the game so far is kept too
            head = str(err).partition(":")[0] if isinstance(err, Interrupted) else "interrupted (Ctrl-C)"
            if not session.moves:
                raise Interrupted(f"{head}: no move was made, nothing was written") from None
            since = kept.nothing_since()
            if since is not None:  # the file resumed has it all (a copy would pile up)
                raise Interrupted(f"{head}: {since}, nothing was written") from None
            raise Interrupted(f"{head}: the abandoned {kept.save()}") from None
        except Exception as err:  # a bug in a bot or the game mid-game: its one line, and the game so far kept
            if session.moves:
                with contextlib.suppress(Exception):  # the game cannot be written (the bug is there too): the error stands
                    since = kept.nothing_since()  # as on Ctrl-C
                    err.add_note(f"{since}, nothing was written" if since is not None
                                 else f"the abandoned {kept.save()}")
            raise
    state = "finished" if outcome.finished else "abandoned"
    since = kept.nothing_since()
    if since is not None:
        typer.echo(f"{since[0].upper()}{since[1:]}, so nothing was written (it goes on again with "
                   f"playtest play --resume {resume})")
    else:
        typer.echo(f"The {state} {kept.save()}")
    if outcome.refused:  # each was answered as typed, and the next line read for the same decision
        n, lines = len(outcome.refused), ", ".join(w.rpartition(":")[2] for w in outcome.refused)
        typer.echo(f"note: {n} line{'s' if n != 1 else ''} of {moves} {'were' if n != 1 else 'was'} refused "
                   f"(line{'s' if n != 1 else ''} {lines}); the next line, if any, was read for the decision "
                   f"{'each' if n != 1 else 'it'} was refused at", err=True)
    if not outcome.finished and not sys.stdin.isatty() and moves is None:
        raise typer.Exit(0)
