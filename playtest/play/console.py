"""The terminal loop of `playtest play`: draw the table, number the legal moves, read a line.

Input comes from any line source (the keyboard, a `--moves` file, a pipe), so the very same loop
is what a person uses and what the tests drive. A line that is not a legal move is answered with
the reason and asked again; nothing a person types ends in a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from playtest.errors import PlaytestError
from playtest.play.session import InputError, Move, PlaySession
from playtest.text import YOU, cells, clean, pad

# Each line fits an 80-column terminal: lines of up to 95 characters were wrapped again by the
# terminal mid-sentence, each continuation back at the left edge under the command names.
HELP = (
    "Type a move's number or its notation as listed{examples}.\n"
    "{show}"
    "  hint [BOT]  what a bot would play here (default: the game's strongest\n"
    "              quick bot)\n"
    "  undo        take back your last move (and the bots' moves after it), unless\n"
    "              something you could not see was shown since (another hand's\n"
    "              card, a draw, face-down bids)\n"
    "  board       draw the table again (so does Enter alone, but when you have\n"
    "              only one move, Enter plays it)\n"
    "  quit        stop; the game so far is saved as a transcript\n"
    "  help        this text"
)


def help_text(session: PlaySession) -> str:
    """HELP with examples from the moves legal now: this game's own notation (it cited Stargate's
    'armstrong' and Oh-Seven's '7S' in every game)."""
    legal = session.legal()
    examples = f" (e.g. '1' or '{legal[0][1]}')" if legal else ""
    show = "  show ID     what a card or tile is (name, cost, points, powers)\n" if session.support.show else ""
    return HELP.format(examples=examples, show=show)


def _an_id(session: PlaySession) -> str:
    """An id a legal move names that `show` describes, for its example: not the word after every
    verb ('select retreat' gave 'e.g. show retreat', which `show` then did not know)."""
    show = session.support.show
    for _, text in session.legal():
        for word in text.split()[1:]:
            if show is not None and show(session.rules, word):
                return word
    return "ID"


@dataclass
class Outcome:
    finished: bool
    moves: int
    result: str
    refused: tuple[str, ...] = ()
    """Where each line a refusal answered was read ('moves.txt:3'), for a --moves file."""


def _say_move(console: Console, move: Move) -> None:
    line = Text(f"{move.who}: ", style="bold") + Text(move.text)
    if move.note:
        line.append(f"  — {move.note}", style="dim")
    console.print(line)
    for said in move.after:  # the end of a round, the decisions skipped: their own lines, not a note on the move
        console.print(Text(clean(said), style="bold"))


def _show_moves(console: Console, session: PlaySession) -> None:
    """The legal moves, numbered: in columns, or one a line with what each names when the game
    describes the cards or tiles its moves name (PlaySupport.detail)."""
    legal = session.legal()
    detail = session.support.detail
    view = session.view() if detail else None
    notes = [detail(session.rules, view, action) if detail else None for action, _ in legal]
    asked = session.asks()
    if asked:
        console.print(Text(clean(asked), style="bold"))
    if len(legal) == 1:  # (the last card in hand): said, and Enter plays it, so nothing is typed for no choice
        line = Text("Your only move: ", style="bold") + Text(legal[0][1], style="bold")
        if notes[0]:
            line.append(f"  {clean(notes[0])}", style="dim")
        console.print(line)
        console.print("(press Enter to play it, or type it)")
        return
    console.print(Text(f"Your legal moves ({len(legal)}):", style="bold"))
    if any(notes):
        width = max(cells(text) for _, text in legal)
        for i, ((_, text), note) in enumerate(zip(legal, notes, strict=True), 1):
            line = Text(f"{i:>3}. {pad(text, width)}")
            if note:
                line.append(f"  {clean(note)}", style="dim")
            console.print(line)
        return
    entries = [f"{i:>3}. {text}" for i, (_, text) in enumerate(legal, 1)]
    console.print(Columns(entries, padding=(0, 3), equal=True))


def run(session: PlaySession, console: Console, read: Callable[[str], str | None], *,
        hint_bot: str | None = None, where: Callable[[], str] | None = None,
        keep: Callable[[], tuple[str, str] | None] | None = None) -> Outcome:
    """Play until the game ends or the person quits (or the input runs out). `where` names the
    line last read when the lines come from a file ('moves.txt:3'): a refused move is answered
    with it, and the outcome lists them (the next line is read for the same decision, as typed).
    `keep` writes the game so far after each of the person's moves, before the bots answer, and
    again before each prompt (playtest.play.gamefile.GameFile.keep; it writes only what changed),
    and says what to tell the person, as (style, text)."""
    refused: list[str] = []
    name = session.names[session.seat]
    named = "" if name == YOU else f" {name}"  # ('You are You in seat 2' read as a slip)
    console.print(Text(f"You are{named} in seat {session.seat + 1} of {session.players}. Type help for the commands.",
                       style="bold"))
    redraw = True

    def kept() -> None:
        said = keep() if keep is not None else None
        if said is not None:
            console.print(Text(clean(said[1]), style=said[0]), soft_wrap=True)

    while True:
        kept()  # the person's move on the disk before the bots think (a search bot may take seconds)
        for move in session.advance():
            _say_move(console, move)
            redraw = True
        if session.over():
            break
        if redraw:
            console.print(session.render())
            _show_moves(console, session)
            redraw = False
        kept()  # and the bots' moves, before the person's next
        line = read("your move> ")
        if line is None:
            console.print("(end of input: the game is abandoned)")
            return Outcome(False, len(session.moves), "", tuple(refused))
        word, _, arg = line.strip().partition(" ")
        cmd = word.lower()
        only = session.legal()
        if cmd == "" and len(only) == 1:  # Enter plays the only move, recorded as if typed
            for move in session.play(only[0][0]):
                _say_move(console, move)
            redraw = True
        elif cmd in ("", "board"):
            redraw = True
        elif cmd in ("help", "?"):
            console.print(Text(clean(help_text(session))))
        elif cmd in ("quit", "exit"):
            console.print("You left the game.")
            return Outcome(False, len(session.moves), "", tuple(refused))
        elif cmd == "undo":
            try:
                undone = session.undo()
            except InputError as err:
                console.print(Text(f"cannot undo: {err}", style="yellow"))
                continue
            if undone:
                dice = any(b.stochastic for b in session.bots.values())  # (PlaySession.undo: they draw on)
                console.print("Taken back: your last move and the bots' moves after it"
                              + (" (not the bots' dice: a bot that draws at random may answer differently)."
                                 if dice else "."))
                redraw = True
            else:
                console.print("Nothing to undo: you have not moved yet.")
        elif cmd == "show" and session.support.show:
            found = [session.support.show(session.rules, ident) for ident in arg.split()]
            if not arg.split():
                console.print("show what? Type show and an id from the table, e.g. show " + _an_id(session))
            for ident, text in zip(arg.split(), found, strict=True):
                console.print(Text(clean(text if text else f"{ident}: no such card or tile in this variant")))
        elif cmd == "hint":
            try:
                _, text, why = session.hint(arg.strip() or hint_bot)
            except PlaytestError as err:
                console.print(Text(clean(f"hint: {err}")))  # (the bot name was typed)
                continue
            bot = arg.strip() or hint_bot or session.hint_bot()
            console.print(Text(clean(f"hint ({bot}): {text}" + (f" — {why}" if why else "")), style="cyan"))
        else:
            try:
                action = session.parse(line)
            except InputError as err:
                at = f"{where()}: " if where is not None else ""
                console.print(Text(clean(f"{at}not a legal move: {err}"), style="yellow"))  # it quotes the line typed
                if where is not None:
                    refused.append(where())
                continue
            for move in session.play(action):
                _say_move(console, move)
            redraw = True
    console.print(session.render())
    result = session.result_text()
    console.print(Text(f"Game over. {result}", style="bold"))
    for line in session.tie_lines():
        console.print(Text(clean(line)))
    lines = session.score_lines()
    if lines:
        console.print("Scores by part:")
        for line in lines:
            console.print(Text(clean(f"  {line}")))
    return Outcome(True, len(session.moves), result, tuple(refused))
