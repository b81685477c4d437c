"""One game with a person in one seat and bots in the others: moves, undo, hints, the record.

The session knows no game: it drives the Rules and Bot protocols like the runner does, and asks
the game's `PlaySupport` (GameSpec.play) only for what is specific — drawing a view, the deal's
random stream, and turning the finished move list into a transcript. Nothing here prints.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from playtest import rng as streams
from playtest.core.bots import make_bot
from playtest.core.events import Event
from playtest.core.protocol import MAX_DECISIONS, Bot, Rules
from playtest.core.spec import GameSpec
from playtest.errors import IllegalActionError, UsageError
from playtest.games import GamePluginError
from playtest.play.saved import first_line
from playtest.sim.runner import seat_off_the_table
from playtest.suggest import closest
from playtest.text import YOU, cells, excerpt, pad


@dataclass(frozen=True)
class PlaySupport:
    """What a game provides so that a person can play it in the terminal.

    The functions' first argument, the rules, is typed `Any`: each game's functions take its own
    rules class (what its GameSpec.make_rules made), and a Callable typed for a subclass is no
    Callable[[Any, ...], ...] (parameters are contravariant)."""

    render: Callable[[Any, Any, int, Sequence[str]], Any]
    """(rules, the seat's view, seat, player names) → a rich renderable of what that seat sees."""
    transcript: Callable[..., str]
    """(rules, variant_ref, names, seed, actions, overrides) → transcript YAML that
    `playtest replay` accepts, for the game played from `seed` with `actions` in order. A game
    whose function also takes the keywords `deal` (the chance events' stream to use instead of
    `deal_rng(seed)`) and `title` (what the transcript says the game was) lets `playtest replay
    RUN --game N` write any game of a simulated run as a transcript."""
    deal_rng: Callable[[int], random.Random]
    """seed → the random stream of the rules' chance events, as `transcript` expects it."""
    describe: Callable[[Any, Any, Any, Sequence[Event], Sequence[str]], str] | None = None
    """(rules, state before, action, its events, the players' names by seat) → a short line
    saying what the move did, naming players as the table does ('trick to You')."""
    announce: Callable[[Any, Any, Any, Any, Sequence[Event], Sequence[str]], Sequence[str]] | None = None
    """(rules, state before, state after, action, its events, the players' names by seat) → lines
    said after the move, each on its own, of what the move's end of a round did (its scoring, the
    stock refilled, crews back, who starts the next round): a changed score column alone did not
    say why; or what else the move led to that no move shows (New Frontiers: the decisions skipped
    because pass was their only choice, with why). Empty for a move that leads to nothing."""
    hint_bot: str | None = None
    """The bot that answers `hint` by default; None: `greedy` when the game offers one, else its
    first bot after random (`first_bot`). A fixed "greedy" made `hint` answer "unknown bot
    'greedy'" in a game without one, a bot the person never named."""
    table_game: Callable[[Any], Any] | None = None
    """(transcript path) → playtest.play.table.TableGame: a finished recorded game as the runner
    would have recorded it (`playtest calibrate`)."""
    private: Callable[[Any, Any, Any], str | None] | None = None
    """(rules, state before, action) → what the person is told of another seat's move that stays
    secret after it is made (New Frontiers: the goal kept face down), e.g. "keep a goal (face
    down)"; None for a move everyone sees."""
    face_down: Callable[[Any, Any], str | None] | None = None
    """(rules, state) → while choices made at the same time are face down (Oh-Seven's simultaneous
    bids), what the person is told of another seat's move then, e.g. "bid (face down)"; None
    when nothing is face down. A move made while this says something is shown in full only once
    it returns None (the reveal), never before the person's own choice."""
    reveals: Callable[[Any, Any, Any, Any, int, Sequence[str]], str | None] | None = None
    """(rules, state before, state after, action, your seat, the players' names by seat) → what
    the move just made showed you that you could not see before it, as a clause ('P2 played 4S
    from a hand you could not see', 'new hands were dealt'); None when it showed nothing hidden.
    `undo` never takes back a move of yours made before such a move (nor the move itself): you
    would choose again knowing it. The session finds two kinds by itself: face-down moves
    revealed (`face_down`), and a move that drew from the deal's random stream (an undo restores
    the stream, so the same cards or tiles would come again). None: no move shows anything
    hidden, or only those two kinds do (Stargate hides nothing)."""
    read_move: Callable[[Any, Any, str], Any] | None = None
    """(rules, state, text typed) → the action the text names in the game's transcript notation
    when that differs from the listed form (Oh-Seven: the bare card, `6D`), or None when it names
    none; raises ValueError with the reason when it names a move that is illegal now (the rules'
    words, 'seat N has ...': play says them to the person, `said_to_you`)."""
    detail: Callable[[Any, Any, Any], str | None] | None = None
    """(rules, the person's view, a legal action) → what the card or tile it names is (name, cost,
    points, powers) and what the move costs the person now, printed beside the move in the list of
    legal moves; None for a move that needs none (New Frontiers: `develop d01` is a development
    the person cannot see otherwise, and its printed cost is not the price after discounts)."""
    asks: Callable[[Any, Any, int, Sequence[str]], str | None] | None = None
    """(rules, the person's view, seat, the players' names by seat) → what the decision now asks
    of the person, in the rules' own terms and the variant's numbers, said above the list of legal
    moves: 'P2 selected Develop: buy one development (...) or pass'. New Frontiers' list alone
    ('develop d01 ... / pass') did not say which action was being carried out nor who selected it.
    None: the moves say it themselves."""
    show: Callable[[Any, str], str | None] | None = None
    """(rules, an id typed after `show`) → what that card or tile is; None when no such id."""
    notation_error: Callable[[Any, str], str | None] | None = None
    """(rules, text typed) → why the text is no move of the game's notation at all (an unknown
    verb or id), in the words `playtest replay` uses for it in a transcript; None when it reads
    as a move (the answer is then the generic 'not a legal move now')."""
    saved: Callable[[Any], Any] | None = None
    """(transcript path) → playtest.play.saved.SavedGame: a saved game read back for `play
    --resume`, for a game whose transcripts have a shape of their own; None: the common format
    (a `moves:` list) read with GameSpec.notation."""
    tie_break: Callable[[Any, Any, Sequence[int]], str] | None = None
    """(rules, the final state, seats tied on points in the order the tie-break ranks them) → what
    ranked them, with each one's value: 'more cubes left in hand: 4 to 3'. None: a tie is shared
    (or the game says it otherwise)."""


def play_support(spec: GameSpec) -> PlaySupport | None:
    """The game's PlaySupport, made by its `GameSpec.play` (a function, so that the game imports
    its terminal code only when asked), or None when the game has none. A `play=` that is not
    such a function (the PlaySupport itself, say) is the plugin's mistake: one line naming the fix,
    not an internal error asking for a playtest bug report."""
    if spec.play is None:
        return None
    fix = ("give GameSpec(play=...) a function returning the PlaySupport, e.g. play=lambda: SUPPORT "
           "(docs/extending.md, 'Play in the terminal')")
    if isinstance(spec.play, PlaySupport) or not callable(spec.play):
        raise GamePluginError(f"the game plugin {spec.name!r}: GameSpec.play is a {type(spec.play).__name__}, "
                              f"not a function: {fix}")
    support = spec.play()
    if not isinstance(support, PlaySupport):
        raise GamePluginError(f"the game plugin {spec.name!r}: GameSpec.play() returned a {type(support).__name__}, "
                              f"not a playtest.play.session.PlaySupport: {fix}")
    return support


@dataclass(frozen=True)
class Move:
    """One decision taken in the game, by a bot or the person."""

    seat: int
    who: str
    action: Any
    text: str
    note: str
    after: tuple[str, ...] = ()
    """What the move's end of a round did, or the decisions it left unasked (PlaySupport.announce), said after it."""


@dataclass
class _Snapshot:
    """What `undo` puts back: the state, the deal's stream (so that the game goes on as the
    transcript, which replays the deal from the seed through the moves kept, will replay it), the
    moves shown, the face-down moves held. Not the bots' random streams: see `PlaySession.undo`."""

    state: Any
    deal: tuple[Any, ...]
    moves: int
    held: tuple[Move, ...]


class InputError(Exception):
    """What the person typed is not a legal move now; the message says why."""


_TO_YOU = ((" does not hold", " do not hold"), (" already owns", " already own"), (" holds", " hold"),
           (" has", " have"), ("", ""))


def said_to_you(reason: str, seat: int) -> str:
    """A rules' reason, which speaks of 'seat N' as replay's name the players, said to the person
    in that seat: 'seat 2 has 3 gold' → 'you have 3 gold', 'seat 2 does not hold 7S' → 'you do
    not hold 7S'. The games' `read_move` raise the rules' own words; play says them here."""
    who = f"seat {seat + 1}"
    for theirs, yours in _TO_YOU:
        reason = reason.replace(who + theirs, "you" + yours)
    return reason


def _closest(text: str, notations: Sequence[str], n: int = 4) -> list[str]:
    """Up to `n` legal moves most like `text` (suggest.closest), else the first moves of the verb
    typed. The first four of the verb alone answered 'move red1 > blue1' with 'move
    red2>green3, move red2>green2, ...', never the move meant."""
    verb = text.lower().split(" ")[0]
    return closest(text, notations, n) or [m for m in notations if m.lower().startswith(verb)][:n]


def first_bot(spec: GameSpec) -> str:
    """The game's first bot after random that is no search bot (random when it has none): what
    `play` seats by default, and what `hint` asks in a game without a greedy bot."""
    return next((b for b in spec.bot_names if b != "random" and ":" not in b), "random")


def bot_rng(seed: int, seat: int) -> random.Random:
    return streams.stream(seed, 0, streams.bot_stream(seat))


@dataclass
class PlaySession:
    """A game in progress. `advance()` lets the bots move until the person must decide."""

    spec: GameSpec
    rules: Rules
    support: PlaySupport
    players: int
    seat: int
    bot_names: Sequence[str]
    seed: int
    names: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 0 <= self.seat < self.players:
            raise UsageError(f"--seat {self.seat + 1}: choose a seat from 1 to {self.players}")
        if not self.names:
            self.names = [f"P{i + 1}" for i in range(self.players)]
            self.names[self.seat] = YOU
        self.names = list(self.names)
        self.bots: dict[int, Bot] = {}
        for s in range(self.players):
            if s != self.seat:
                self.bots[s] = make_bot(self.spec, self.bot_names[s], self.rules, s)
        self._deal = self.support.deal_rng(self.seed)
        self._bot_rngs = [bot_rng(self.seed, s) for s in range(self.players)]
        self.state = self.rules.initial_state(self.players, rng=self._deal)
        self._undo: list[_Snapshot] = []
        self._held: list[Move] = []
        """Other seats' face-down moves not yet revealed (see PlaySupport.face_down)."""
        self._reveals: list[tuple[int, str]] = []
        """(moves made, what was shown) for each move that showed the person something hidden
        (PlaySupport.reveals): `undo` takes back no move made before one of them."""
        self.undos = 0
        """Moves taken back so far: the saved game's header says so (see `transcript`)."""
        self.resumed = 0
        """Decisions replayed from a saved game (`resume`)."""
        self.diverged_at = 0
        """The first of them a bot, asked again, answered otherwise (`resume`), from which the bots'
        dice start afresh; 0 when every bot answered as recorded. The saved game's header says it."""

    # --- what the person sees -------------------------------------------------------------

    def my_turn(self) -> bool:
        return not self.over() and self.rules.current_seat(self.state) == self.seat

    def over(self) -> bool:
        return self.rules.is_terminal(self.state)

    def view(self) -> Any:
        return self.rules.view(self.state, self.seat)

    def render(self) -> Any:
        return self.support.render(self.rules, self.view(), self.seat, self.names)

    def asks(self) -> str | None:
        """What the person's decision now asks (PlaySupport.asks), or None."""
        if self.support.asks is None or not self.my_turn():
            return None
        return self.support.asks(self.rules, self.view(), self.seat, self.names)

    def legal(self) -> list[tuple[Any, str]]:
        """The person's legal moves with their notation, in the rules' order."""
        return [(a, self.rules.format_action(self.state, a)) for a in self.rules.legal_actions(self.state)]

    # --- moves ------------------------------------------------------------------------------

    def advance(self) -> list[Move]:
        """Bots play until it is the person's turn or the game is over; their moves to show, in
        order (a face-down move as what may be seen of it, and in full at its reveal)."""
        played: list[Move] = []
        while not self.over() and not self.my_turn():
            s = self.rules.current_seat(self.state)
            if s not in self.bots:  # not the person's (my_turn) and no bot's: off the table
                raise seat_off_the_table(self.rules, s, self.players, len(self.moves) + 1)
            bot = self.bots[s]
            legal = self.rules.legal_actions(self.state)
            action = bot.choose(self.rules.view(self.state, s), legal, rng=self._bot_rngs[s])
            played.extend(self._apply(s, f"{self.names[s]} ({bot.name})", action))
        return played

    def parse(self, text: str) -> Any:
        """A move typed as its number in the list or in transcript notation."""
        legal = self.legal()
        text = " ".join(text.split())
        if text.isdecimal():  # (not isdigit: '²' is a digit int() cannot read, an internal error that lost the game)
            k = int(text) if len(text) <= 9 else 0  # int() refuses 4,300 digits
            if 1 <= k <= len(legal):
                return legal[k - 1][0]
            raise InputError(f"there is no move {k if len(text) <= 9 else text[:12] + '…'}: choose 1 to {len(legal)}")
        # Exactly as listed first: a deck may hold two cards whose names differ only in case (suits
        # `C` and `c`), and 'bid 2c' typed as listed played the first one case-folded, 2C.
        exact = [action for action, notation in legal if notation == text]
        folded = [action for action, notation in legal if notation.lower() == text.lower()]
        if exact or len(folded) == 1:
            return (exact or folded)[0]
        if self.support.read_move and text:
            try:
                named = self.support.read_move(self.rules, self.state, text)
            except ValueError as err:
                raise InputError(f"'{excerpt(text)}': {said_to_you(str(err), self.seat)}") from None
            if named is not None and any(named == a for a, _ in legal):
                return named
        misread = self.support.notation_error(self.rules, text) if self.support.notation_error and text else None
        if misread is not None:
            raise InputError(f"'{excerpt(text)}': {misread}")
        close = _closest(text, [n for _, n in legal]) if text else []
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        raise InputError(f"'{excerpt(text)}' is not a legal move now{hint}; type its number, "
                         "its notation as listed, or help")

    def play(self, action: Any) -> list[Move]:
        """The person's move (from `parse`); remembered so that `undo` can take it back. The
        moves to show now: this one, after the face-down moves of others that it revealed."""
        if not self.my_turn():
            raise InputError("it is not your turn")
        self._undo.append(_Snapshot(self.state, self._deal.getstate(), len(self.moves), tuple(self._held)))
        return self._apply(self.seat, self.names[self.seat], action)

    def undo(self) -> bool:
        """Take back the person's last move and every bot move after it. InputError when that
        move, or one after it, showed the person something hidden (`PlaySupport.reveals`: a
        card played from a hand they could not see, face-down bids revealed, a random draw):
        taking it back would let them choose again knowing it.

        The bots' random streams are not put back: they go on from where the moves taken back left
        them, so a bot that draws (a random bot, a tie-break, what a greedy bot imagines of hidden
        cards) may answer the move played again differently. Restored, they made `undo` an oracle
        the table does not have: undo, try another move, and see what the very same dice answer to
        each. The record is unaffected: a transcript holds the moves played, bots' included, and
        replays the deal's stream (which is put back) from the seed; a session given the same
        seed and the same input, undos included, still plays the same game."""
        if not self._undo:
            if self.resumed:
                raise InputError("your moves before the game was saved are played: a resumed game takes back only "
                                 "the moves made since")
            return False
        made = self._undo[-1].moves  # moves before the person's last one
        shown = next(((n, what) for n, what in self._reveals if n > made), None)
        if shown is not None:
            when = "with your last move" if shown[0] == made + 1 else "after your last move"
            raise InputError(f"{shown[1]} {when}: taking your move back would let you choose again knowing that")
        snap = self._undo.pop()
        self.state = snap.state
        self._deal.setstate(snap.deal)
        del self.moves[snap.moves:]
        self._held = list(snap.held)
        self.undos += 1
        return True

    def resume(self, decisions: Sequence[Any]) -> None:
        """Play a saved game's decisions as recorded, the bots' included (playtest.play.saved). Each
        bot is asked again for its recorded decisions, on its own dice: in a game played without an
        `undo` it answers as recorded, so its dice and plans end where they were when the game was
        saved, and the game goes on as it would have. That matters where a transcript keeps only
        whole tricks or passes (Oh-Seven): the bots' cards of a trick left unfinished, which the person
        saw, come again the same, not new cards from a hidden hand. Once a bot answers otherwise (the
        saved game had an undo, which sent the bots' dice on), the bots are not asked again: from
        there on their dice start afresh (`diverged_at`). None of the decisions can be taken back
        (`undo`). UsageError when one is not legal here (the saved game was not dealt by this
        session's seed)."""
        asked = True
        for number, action in enumerate(decisions, 1):
            if self.over():
                raise UsageError(f"the game is over after its decision {number - 1} of {len(decisions)}")
            s = self.rules.current_seat(self.state)
            if s != self.seat and s not in self.bots:
                raise seat_off_the_table(self.rules, s, self.players, len(self.moves) + 1)
            who = self.names[s] if s == self.seat else f"{self.names[s]} ({self.bots[s].name})"
            if asked and s != self.seat:
                legal = self.rules.legal_actions(self.state)
                if self.bots[s].choose(self.rules.view(self.state, s), legal, rng=self._bot_rngs[s]) != action:
                    asked, self.diverged_at = False, number
            try:
                self._apply(s, who, action)
            except IllegalActionError as err:
                raise UsageError(f"its decision {number} ({who}) is not legal there: {err.reason}") from None
        if not asked:  # a bot's plan or memory of its own answer is not what was played: new bots
            self.bots = {s: make_bot(self.spec, bot.name, self.rules, s) for s, bot in self.bots.items()}
            self._bot_rngs = [streams.stream(self.seed, 0, streams.resumed_stream(s, self.diverged_at))
                              for s in range(self.players)]
        # Others' face-down moves replayed stay held (`_apply`), to be shown at their reveal, which
        # `undo` does not go back past: cleared, a record that ends mid-pass had them never shown
        # and the person's move that revealed them taken back, to choose again knowing them.
        self.resumed = len(decisions)

    def hint_bot(self) -> str:
        """The bot that answers `hint` when none is named (PlaySupport.hint_bot)."""
        if self.support.hint_bot is not None:
            return self.support.hint_bot
        return "greedy" if "greedy" in self.spec.bot_names else first_bot(self.spec)

    def hint(self, bot_name: str | None = None) -> tuple[Any, str, str]:
        """What a bot would play in the person's seat now: (action, notation, its explanation).
        The bot sees only the person's view and draws from its own stream (not the game's)."""
        name = bot_name or self.hint_bot()
        bot = make_bot(self.spec, name, self.rules, self.seat)
        legal = self.rules.legal_actions(self.state)
        action = bot.choose(self.view(), legal, rng=streams.stream(self.seed, 0, streams.hint_stream(len(self.moves))))
        why = getattr(bot, "explain", None)
        return action, self.rules.format_action(self.state, action), (why() if callable(why) else "")

    def _apply(self, seat: int, who: str, action: Any) -> list[Move]:
        """Play `action`; the moves the person may see now (see PlaySupport.face_down)."""
        before, deal = self.state, self._deal.getstate()
        text = self.rules.format_action(before, action)
        log: list[Event] = []
        self.state = self.rules.apply(before, action, rng=self._deal, log=log)
        note = self.support.describe(self.rules, before, action, log, self.names) if self.support.describe else ""
        after = (tuple(self.support.announce(self.rules, before, self.state, action, log, self.names))
                 if self.support.announce else ())
        move = Move(seat, who, action, text, note, after)
        self.moves.append(move)
        shown = (self.support.reveals(self.rules, before, self.state, action, self.seat, self.names)
                 if self.support.reveals is not None else None)
        if shown is None and self._deal.getstate() != deal:
            shown = "the game drew at random (an undo would draw the same again)"
        if shown:
            self._reveals.append((len(self.moves), shown))
        private = (self.support.private(self.rules, before, action)
                   if self.support.private is not None and seat != self.seat else None)
        if private is not None:
            return [Move(seat, who, None, private, note, after)]
        secret = self.support.face_down(self.rules, self.state) if self.support.face_down else None
        if secret is not None:
            if seat == self.seat:
                return [move]
            self._held.append(move)
            return [Move(seat, who, None, secret, "")]
        revealed = [replace(m, note="; ".join(x for x in ("revealed", m.note) if x)) for m in self._held]
        if revealed:
            self._reveals.append((len(self.moves), "the face-down bids were revealed"))
        self._held.clear()
        return [*revealed, move]

    # --- the record -------------------------------------------------------------------------

    def transcript(self, variant_ref: str, overrides: Sequence[str] = ()) -> str:
        """The game so far as a transcript (finished or not) that `playtest replay` accepts,
        under a comment saying who played: the file's names alone ('P1', 'You') did not say
        which bot sat where, nor the seed that dealt the game. After an undo it says how many moves
        were taken back: the bots' dice went on (see `undo`), so `--seed N` with the moves of the
        file would not draw the bots' answers again, while the file itself still replays."""
        notes = []
        if self.undos:
            notes.append(f"{self.undos} of your moves taken back (the bots' dice went on: "
                         "the seed alone may not draw their answers again)")
        if self.diverged_at:  # (a resume whose bots all answered as recorded plays on as the game would have)
            notes.append(f"resumed from a saved game, whose bots answered decision {self.diverged_at} otherwise when "
                         "asked again (their dice had gone on, as an undo sends them): their dice started afresh after "
                         f"its {self.resumed} decision{'' if self.resumed == 1 else 's'}, so the seed alone may not draw "
                         "their answers again")
        bots = {s: bot.name for s, bot in self.bots.items()}
        return first_line(self.seed, self.names, self.seat, bots, notes) + self.support.transcript(self.rules, variant_ref, self.names, self.seed,
                                             [m.action for m in self.moves], list(overrides))

    def result_text(self) -> str:
        res = self.rules.result(self.state)
        rows = sorted(res.seats, key=lambda s: s.rank)
        return "  ".join(f"{s.rank}. {self.names[s.seat]} {s.total:g}" for s in rows)

    def tie_lines(self) -> list[str]:
        """For each total that seats share but the tie-break ranks apart, who tied and what ranked
        them (PlaySupport.tie_break): 'Game over. 1. P1 14  2. P3 14' did not say why P1 won."""
        if self.support.tie_break is None:
            return []
        rows = sorted(self.rules.result(self.state).seats, key=lambda s: s.rank)
        lines = []
        for total in dict.fromkeys(s.total for s in rows):
            tied = [s for s in rows if s.total == total]
            if len(tied) > 1 and len({s.rank for s in tied}) > 1:
                who = ", ".join(self.names[s.seat] for s in tied)
                lines.append(f"{who} tie on {total:g}; ranked by "
                             f"{self.support.tie_break(self.rules, self.state, [s.seat for s in tied])}")
        return lines

    def score_lines(self) -> list[str]:
        """Each seat's total by score part (GameSpec.score_parts), in rank order, e.g. 'P1  planets
        16 + color 6 + skill 6 = 28': the totals alone did not say why a game ended as it did.
        A part no seat scored in this game is left out; a result without parts gives no lines."""
        rows = sorted(self.rules.result(self.state).seats, key=lambda s: s.rank)
        parts = [p for p in self.spec.score_parts if any(s.components.get(p, 0) for s in rows)]
        if not parts:
            return []
        width = max(cells(self.names[s.seat]) for s in rows)
        return [f"{pad(self.names[s.seat], width)}  "
                + " + ".join(f"{p} {s.components.get(p, 0):g}" for p in parts) + f" = {s.total:g}"
                for s in rows]


def bot_game_actions(rules: Rules, bots: Sequence[Bot], support: PlaySupport, seed: int,
                     max_decisions: int = MAX_DECISIONS) -> list[Any]:
    """The actions of one game played by `bots` alone (same streams as a session with `seed`):
    with `support.transcript` it records a bot game in table notation (examples, tests)."""
    deal = support.deal_rng(seed)
    dice = [bot_rng(seed, s) for s in range(len(bots))]
    state = rules.initial_state(len(bots), rng=deal)
    actions: list[Any] = []
    while not rules.is_terminal(state):
        if len(actions) >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        s = rules.current_seat(state)
        action = bots[s].choose(rules.view(state, s), rules.legal_actions(state), rng=dice[s])
        actions.append(action)
        state = rules.apply(state, action, rng=deal)
    return actions
