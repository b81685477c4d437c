"""`playtest`: the Typer application. Every error becomes one line on stderr and an exit code.

- a PlaytestError (bad file, value, path...): its located message, exit 2 (interrupted: 130 for
  Ctrl-C, 143 for SIGTERM);
- an OSError while writing (disk full, permissions): one line naming the file, exit 1;
- anything else (a bug): one line, exit 1; the traceback only with `playtest --debug ...`
  (or PLAYTEST_DEBUG=1).
The handling lives in the click group itself, so typer's CliRunner sees exactly what a user sees.
Ctrl-C and SIGTERM raise `Interrupted` in the main process (see `install_signal_handlers`).
A reader of the output that goes away (`playtest simulate ... | head -1`) is no error: see `ReaderGone`.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import site
import sys
import sysconfig
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

try:  # typer >= 0.20 carries its own copy of click
    from typer._click.exceptions import (
        BadParameter,
        MissingParameter,
        NoArgsIsHelpError,
        UsageError,
    )
    from typer.exceptions import TyperException
except ImportError:  # pragma: no cover - older typer on click
    # mypy reads both branches but types the names by the installed typer's copy of click; only
    # one branch ever runs, so these are the same classes under the typer they are used with.
    from click.exceptions import BadParameter, MissingParameter, NoArgsIsHelpError, UsageError  # type: ignore[assignment]
    from click.exceptions import ClickException as TyperException  # type: ignore[assignment]

from playtest.errors import Interrupted, PlaytestError, Problem
from playtest.text import ERROR_WORD, clean, cut_long_words, one_line

_STATE = {"debug": False}


def debug_enabled() -> bool:
    return _STATE["debug"] or os.environ.get("PLAYTEST_DEBUG", "") not in ("", "0")


def _fail(message: str | list[str], code: int) -> None:
    """Print an error, each of `message`'s lines as one line (a str is one line), and exit."""
    for line in [message] if isinstance(message, str) else message or [""]:
        typer.echo(one_line(cut_long_words(line, ERROR_WORD)), err=True)
    raise typer.Exit(code)


_PYTHON_TYPE = re.compile(r"^<list\[(\w+)\]>$|^<(\w+) range>$|^<(str|Path)>$")
_TYPE_WORDS = {"str": "text", "Path": "path"}


def _plain_type(shown: str) -> str:
    """A value's type as --help shows it, without Python's spelling: typer wrote `<list[Path]>`
    (compare's VARIANT, validate's FILE, calibrate's --against), `<list[str]>` (--metric),
    `<int range>` (the bounds follow in brackets, [x>=2]) and `<str>`; these read `<path>`,
    `<text>`, `<int>` and `<text>` (a list's options say 'repeatable', its arguments 'two or more')."""
    found = _PYTHON_TYPE.match(shown)
    if found is None:
        return shown
    word = next(g for g in found.groups() if g)
    return f"<{_TYPE_WORDS.get(word, word)}>"


class _Command(TyperCommand):
    """Every command (`_register` gives them this class). Click has parsed its options, and
    printed its `--help`, before `invoke`: only a command that runs loads polars first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            typers = getattr(param, "display_type", None)
            if typers is not None:  # (typer's own method, on this one parameter)
                setattr(param, "display_type", lambda ctx, typers=typers: _plain_type(typers(ctx)))  # noqa: B010 (click.Parameter has no display_type for mypy)

    def invoke(self, ctx: Any) -> Any:
        _before_a_command()
        return super().invoke(ctx)


class _Group(TyperGroup):
    """Runs a command and turns whatever escapes it into one line and an exit code."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # `playtest --nope` (an option of playtest itself, before any command) printed click's
        # Usage/Try/Error block; a command's own options already gave one line.
        try:
            return super().parse_args(ctx, args)
        except NoArgsIsHelpError:
            raise
        except UsageError as err:
            _fail(_usage_line(err), 2)
            raise  # (not reached: _fail exits)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except UsageError as err:  # click's own: one line too, naming the option
            _fail(_usage_line(err), 2)
        except (typer.Exit, typer.Abort, TyperException):
            raise
        except PlaytestError as err:
            if debug_enabled():
                traceback.print_exc()
            _fail(error_lines(err), _exit_code(err))
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except RecursionError:
            if debug_enabled():
                traceback.print_exc()
            _fail("error: input nested too deeply to process (recursion limit reached)", 2)
        except MemoryError:
            _fail("error: out of memory (the input or the run is too large for this machine)", 2)
        except OSError as err:
            if debug_enabled():
                traceback.print_exc()
            where = f"{err.filename}: " if getattr(err, "filename", None) else ""
            _fail(f"error: {where}{err.strerror or err}{_kept(err)}", 1)
        except Exception as err:  # a bug: say so in one line
            if debug_enabled():
                traceback.print_exc()
            missing = _missing_library(err)
            if missing is not None:
                _fail(missing, 1)
            first = str(err).splitlines()[0] if str(err) else ""
            kept = _kept(err)
            outside = _outside_frame(err)
            if outside:  # a game plugin's (or other outside code's) own bug: not playtest's to report
                _fail(f"error in code outside playtest, {outside}: {type(err).__name__}: {first[:300]} "
                      f"(run `playtest --debug ...` for the traceback){kept}", 1)
            _fail(f"internal error: {type(err).__name__}: {first[:300]} (run `playtest --debug ...` "
                  f"for the traceback, and please report it){kept}", 1)


def problem_line(problem: Problem) -> str:
    """One located problem as the CLI prints it: in a file as `file:line:col: key.path: message`;
    in a --set as every bad option's line reads, `error: --set KEY=VALUE: key.path: message`
    (it read `--set ...` bare in every command, beside sweep's own `error: --set ...` lines and
    tune's `error: --param ...`)."""
    return cut_long_words(f"error: {problem}" if problem.in_override else str(problem), ERROR_WORD)


_ITEM = re.compile(r"^(.+)\.(\d+)$")
_WORDS = re.compile(r"'[^']*'|\w+|[^\w\s]")


def _item(problem: Problem) -> tuple[str, int] | None:
    """(the list's key path, the item's number) of a problem in an item of a list of a file."""
    found = None if problem.in_override else _ITEM.match(problem.path)
    return (found[1], int(found[2])) if found else None


def problem_lines(problems: list[Problem]) -> list[str]:
    """The lines of located problems: each its own (`problem_line`), but the same mistake in
    several items of one list in a row is one line that names the others: a circle written as
    numbers (`circle: [1, 2, 3, 4, 5]`) or a goal deck in capitals was a line for every item, five
    or sixteen lines for one slip."""
    runs: list[list[Problem]] = []
    for p in problems:
        if runs and _same_slip(runs[-1][0], p):
            runs[-1].append(p)
        else:
            runs.append([p])
    return [problem_line(run[0]) + _likewise(run) for run in runs]


def _same_slip(a: Problem, b: Problem) -> bool:
    """Two problems in items of the same list of the same file whose messages differ only in the
    item's own words (at most two: `unknown goal 'G03' (did you mean 'g03'?)`)."""
    ia, ib = _item(a), _item(b)
    if ia is None or ib is None or ia[0] != ib[0] or a.file != b.file:
        return False
    wa, wb = _WORDS.findall(a.message), _WORDS.findall(b.message)
    pairs = [(x, y) for x, y in zip(wa, wb, strict=False) if x != y]
    # A word of the message's own prose that differs ('greater' and 'less' in 'should be greater
    # than 0' and 'should be less than 9') is another mistake; the item's words are quoted, numbers
    # or capitals ('G03', 7, XX).
    prose = any(w.isalpha() and w.islower() for pair in pairs for w in pair)
    return len(wa) == len(wb) and not prose and len(pairs) <= min(2, len(wa) // 2)


def _likewise(run: list[Problem]) -> str:
    """'; the same in circle.2–5' for the problems after the first of a run ('' for one). An
    item whose suggestion the first's does not imply is named with it, `goals.4 ('g17': did you
    mean 'g07'?)`: the line kept only the first item's."""
    found = [_item(p) for p in run]
    if found[0] is None or not any(found[1:]):
        return ""
    notes = {f[1]: _hint_note(run[0], p) for f, p in zip(found[1:], run[1:], strict=True) if f is not None}
    spans: list[list[int]] = []
    for i in notes:
        if spans and i == spans[-1][-1] + 1 and not notes[i] and not notes[spans[-1][-1]]:
            spans[-1].append(i)
        else:
            spans.append([i])
    said = ", ".join(f"{s[0]}–{s[-1]}" if len(s) > 2 else ", ".join(f"{i} ({notes[i]})" if notes[i] else str(i) for i in s)
                     for s in spans)
    # named by path, not "item": a number key of a mapping (planets_dealt: {3: 0, 4: 0}) reads the same
    return f"; the same in {found[0][0]}.{said}"


_HINT = re.compile(r"did you mean ('[^']*')\?")
_CASE_CHANGES = (str.lower, str.upper, str.title, str.capitalize, str.swapcase)


def _hint_note(first: Problem, problem: Problem) -> str:
    """What `problem`'s message suggests ("'g17': did you mean 'g07'?", the word it is for
    first), unless it suggests nothing or what the first problem's suggestion implies: the same
    change of case to its own word (a goal deck in capitals, 'G03' → 'g03' as 'G04' → 'g04')."""
    hint, first_hint = _HINT.search(problem.message), _HINT.search(first.message)
    if hint is None:
        return ""
    pairs = [(x, y) for x, y in zip(_WORDS.findall(first.message), _WORDS.findall(problem.message), strict=False)
             if x != y and y != hint[1]]
    given = pairs[0] if pairs else None
    if given is not None and first_hint is not None and any(
            change(given[0]) == first_hint[1] and change(given[1]) == hint[1] for change in _CASE_CHANGES):
        return ""
    if given is None and first_hint is not None and first_hint[1] == hint[1]:
        return ""
    return f"{given[1]}: did you mean {hint[1]}?" if given is not None else f"did you mean {hint[1]}?"


def _kept(err: BaseException) -> str:
    """What the command kept despite the error (a run's saved games), added to the exception as
    notes on the way up (`BaseException.add_note`), to follow its one line."""
    return "".join(f"; {note}" for note in getattr(err, "__notes__", ()))


def _missing_library(err: BaseException) -> str | None:
    """What the console script says of a library playtest needs that this Python lacks
    (entry.not_installed), when `err` is playtest's own import of it (a command imports polars,
    scipy, altair... when it runs, not at the start) or a game plugin's import of a library
    playtest requires (`games.playtest_needs`: a plugin imports polars as playtest does). None
    for anything else (a plugin's import of a library of its own)."""
    if not isinstance(err, ModuleNotFoundError):
        return None
    import playtest
    from playtest.cli.entry import not_installed
    from playtest.games import playtest_needs

    files = [f.f_code.co_filename for f, _ in traceback.walk_tb(err.__traceback__)
             if not f.f_code.co_filename.startswith("<")]  # (not importlib's frozen frames)
    ours = Path(playtest.__file__).resolve().parent
    if files and (Path(files[-1]).resolve().is_relative_to(ours) or playtest_needs(err.name)):
        return not_installed(err)
    return None


REMOTE_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')
"""A frame in the text of a worker's traceback (concurrent.futures' _RemoteTraceback)."""


def _outside_frame(err: BaseException) -> str | None:
    """'file:line (in function)' of the innermost frame of `err`'s traceback in code that is
    neither playtest, nor Python's standard library, nor an installed library — a game plugin
    in its own folder (an editable install) — or None. An error raised in a worker process
    carries its frames as text (`__cause__.tb`): those are read when the local ones say nothing."""
    frames = [(f.f_code.co_filename, line, f.f_code.co_name) for f, line in traceback.walk_tb(err.__traceback__)]
    remote = getattr(err.__cause__, "tb", None)
    if isinstance(remote, str):
        frames += [(m[1], int(m[2]), m[3]) for m in REMOTE_FRAME.finditer(remote)]
    try:
        import playtest

        ours = Path(playtest.__file__).resolve().parent
        libs = {Path(p).resolve() for p in (*(sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib",
                                                                             "platlib")),
                                            *site.getsitepackages(), site.getusersitepackages())}
        found = None
        for filename, line, function in frames:
            path = Path(filename).resolve()
            if path.is_relative_to(ours) or any(path.is_relative_to(lib) for lib in libs) or not path.exists():
                continue
            found = f"{path}:{line} (in {function})"
        return found
    except (OSError, ValueError, RuntimeError):  # never let the error report itself fail
        return None


def _given(err: Exception) -> str:
    """' abc': the value a conversion refused, when Typer kept it (its pydantic adapter raises
    BadParameter from the ValidationError, whose message leaves the value out: `--seed abc` said
    only "Input should be a valid integer"); '' when it is not known."""
    cause = err.__cause__
    try:
        found = cause.errors()[0].get("input") if cause is not None and hasattr(cause, "errors") else None
    except (IndexError, TypeError, AttributeError):
        return ""
    return f" {clean(found)}" if isinstance(found, str) and found else ""


def _choice_line(param: Any, message: str) -> str | None:
    """'error: --format pdf: expected one of html, htm, md, json', as playtest's own checks of a
    choice say it (cli.compare.check_format), for a value an option's choices (an Enum) do not
    hold; typer said "--format/-f pdf: 'pdf' is not one of 'html', 'htm', 'md', 'json'. (see
    `playtest report --help`)". None for any other message."""
    import ast

    found = re.fullmatch(r"(.+) is not one of ((?:'[^']*', )*'[^']*')\.?", message, re.S)
    if found is None:
        return None
    try:
        given = ast.literal_eval(found.group(1))
    except (ValueError, SyntaxError):
        return None
    opts = list(getattr(param, "opts", []) or [param.human_readable_name])
    name = next((o for o in opts if o.startswith("--")), opts[0])
    choices = re.findall(r"'([^']*)'", found.group(2))
    return clean(f"error: {name} {given}: expected one of {', '.join(choices)}")


def _usage_line(err: UsageError) -> str:
    param = getattr(err, "param", None)
    if isinstance(err, BadParameter) and not isinstance(err, MissingParameter) and param is not None:
        names = "/".join(getattr(param, "opts", []) or [param.human_readable_name])
        message, given = err.message.removeprefix("Value error, "), _given(err)
        if (choice := _choice_line(param, message)) is not None:
            return choice
        if given.strip().lower().lstrip("+-") == "nan" and message.startswith("Input should be"):
            # NaN fails every comparison: '--alpha nan' read "should be less than or equal to 0.5"
            message = f"not a number; {message[0].lower()}{message[1:]}"
        line = f"error: {names}{given}: {message}"  # as playtest's own checks of an option say it
    else:
        line = f"error: {err.format_message()}"
    command = err.ctx.command_path if err.ctx is not None else "playtest"
    return f"{line} (see `{command} --help`)"


app = typer.Typer(
    name="playtest",
    cls=_Group,
    help="A board-game designer's playtest and balance toolkit: YAML variants, bots, Monte Carlo "
    "simulation and balance reports.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        from playtest import __version__

        typer.echo(f"playtest {__version__} (Python {sys.version.split()[0]})")
        raise typer.Exit(0)


@app.callback()
def _options(
    debug: bool = typer.Option(False, "--debug", help="Print the traceback of an internal error."),
    version: bool = typer.Option(False, "--version", help="Print playtest's version and exit.",
                                 callback=_print_version, is_eager=True),
) -> None:
    _STATE["debug"] = debug


def _register() -> None:
    # Each module adds its commands to `app`.
    from playtest.cli import (  # noqa: F401
        calibrate,
        compare,
        diff,
        explain,
        games,
        ladder,
        play,
        replay,
        report,
        simulate,
        sweep,
        tune,
        validate,
    )

    for command in app.registered_commands:
        if command.cls in (None, TyperCommand):  # (Typer's default)
            command.cls = _Command


_register()


_SIGNALS: list[int] = []
"""The signals received (the first decides the exit status)."""


def _on_signal(signum: int, frame: object) -> None:
    if _IN_UNRAISABLE:  # a signal sent again by `_unraisable` that found the main thread still in it: later
        _send_again(signum)
        return
    _SIGNALS.append(signum)
    if len(_SIGNALS) > 1:
        # A second Ctrl-C (or SIGTERM) while the first is handled: the command is on its way out
        # (every `except Interrupted` re-raises) and its line will say what it kept. Raised
        # again, it cut that short wherever it landed outside the pool's clean-up and main()'s
        # exit: 'interrupted (Ctrl-C): nothing was written' replaced 'interrupted: 20 of 240
        # games are saved in ...' (docs/scale.md: a second Ctrl-C during the clean-up is ignored).
        return
    raise Interrupted(f"{interruption()}: nothing was written")


def interruption() -> str:
    """How the line of an interruption begins: 'interrupted (Ctrl-C)' or 'interrupted (SIGTERM)',
    from the first signal received ('interrupted' when none was). A command that says what it
    kept takes it from here, not from the message it caught: a run's own reads 'interrupted before
    any game was saved: ...', and tune said 'interrupted before any game was saved: the finished
    trials are saved in ...'."""
    if not _SIGNALS:
        return "interrupted"
    names = {signal.SIGTERM: "SIGTERM", getattr(signal, "SIGHUP", None): "SIGHUP"}
    return f"interrupted ({names.get(_SIGNALS[0], 'Ctrl-C')})"


def _exit_code(err: PlaytestError) -> int:
    """An error's exit status; an interruption exits as the shell reports a signal: 128 + its
    number (130 for Ctrl-C, 143 for SIGTERM)."""
    if isinstance(err, Interrupted) and _SIGNALS:
        return 128 + _SIGNALS[0]
    return err.exit_code


@contextlib.contextmanager
def hangup_caught() -> Iterator[None]:
    """Within the block, a closed terminal or a dropped SSH session (SIGHUP) stops the command as
    Ctrl-C does, so that `play` saves the game so far (it was lost). Not where SIGHUP is ignored
    (`nohup`); the handler before is put back after the block."""
    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or signal.getsignal(hangup) is not signal.SIG_DFL:
        yield
        return
    signal.signal(hangup, _on_signal)
    try:
        yield
    finally:
        signal.signal(hangup, signal.SIG_DFL)


def install_signal_handlers() -> None:
    """Ctrl-C and SIGTERM (what a CI cancel sends) raise Interrupted in the main process, so
    that cleanup code runs; the run's own message says what was kept. Installed again over
    polars' own once a command is to run (`_before_a_command`). An Interrupted that Python could
    only report as 'ignored' is raised again (`_unraisable`)."""
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    if sys.unraisablehook is not _unraisable:
        _HOOKS["before"] = sys.unraisablehook
        sys.unraisablehook = _unraisable


_HOOKS: dict[str, Any] = {}
_IN_UNRAISABLE = False
"""The main thread is in `_unraisable`, where an Interrupted would be ignored again."""


def _send_again(signum: int) -> None:
    """Send `signum` to the main thread again from another thread, once the main thread has left
    `_unraisable` and a moment after: a timer of 10 ms alone found it still in there on a loaded
    machine (starting the timer's thread waits for it to run), and the command went on to exit 0
    (tests/cli/test_startup.py, about 1 run in 30 at load average 7)."""
    import threading

    def send() -> None:
        while _IN_UNRAISABLE:
            time.sleep(0.001)
        time.sleep(0.01)
        signal.pthread_kill(threading.main_thread().ident or 0, signum)

    threading.Thread(target=send, daemon=True).start()


def _unraisable(unraisable: Any) -> None:
    """A signal's handler runs wherever the main thread is, also where an exception cannot go
    up: a weakref callback (importlib's module locks), a __del__, a library's native code calling
    back (pydantic building typer's Path validator). Since the commands import their libraries
    as they run, Ctrl-C or SIGTERM there printed 'Exception ignored in: ...' with a traceback and
    the command went on to exit 0. Such an Interrupted is sent again as the signal, from another
    thread a moment later, when the main thread has left that place: sent from here, the handler
    would run in this hook, where it is ignored too."""
    global _IN_UNRAISABLE
    _IN_UNRAISABLE = True
    try:
        tb = unraisable.exc_traceback
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        if isinstance(unraisable.exc_value, Interrupted) and tb is not None \
                and tb.tb_frame.f_code is _on_signal.__code__ and len(_SIGNALS) == 1:
            _send_again(_SIGNALS.pop())
            return
        _HOOKS.get("before", sys.__unraisablehook__)(unraisable)
    finally:
        _IN_UNRAISABLE = False


def _before_a_command() -> None:
    """polars installs a SIGINT handler of its own when it is imported, one that lets an
    interrupted system call restart (pola-rs/polars#21739). The commands import polars as they
    run, after main() installed playtest's handlers: Ctrl-C at `play`'s prompt, or while a
    command waits on a pipe or a lock, did nothing. So when the console script's handlers are in
    place (not a test's CliRunner), polars is imported before the command runs and playtest's
    handlers go back over its. (`playtest --help` and a command's own `--help` end before this
    and never load polars: `_Command.invoke`.)"""
    if "polars" in sys.modules or signal.getsignal(signal.SIGINT) is not _on_signal:
        return
    with contextlib.suppress(ModuleNotFoundError):  # the command that needs it says so (_missing_library)
        import polars  # noqa: F401
    install_signal_handlers()


def error_text(err: PlaytestError) -> str:
    """What the CLI prints for an error: located problems (`file:line:col: ...`, one a line:
    a bad variant or transcript, a transcript's first illegal move) and interruptions as they
    are, anything else as `error: ...`; then what the command kept despite the error (notes)."""
    if getattr(err, "problems", None) or getattr(err, "where", "") or isinstance(err, Interrupted):
        return f"{err}{_kept(err)}"
    return f"error: {err}{_kept(err)}"


def error_lines(err: PlaytestError) -> list[str]:
    """error_text as the lines to print: one per located problem (a bad variant, transcript or
    gates file: each problem one line, one mistake made in every item of a list one line:
    `problem_lines`), else one; the notes of what was kept end the last."""
    problems = getattr(err, "problems", None)
    if problems:
        lines = problem_lines(problems)
        return [*lines[:-1], f"{lines[-1]}{_kept(err)}"]
    return [error_text(err)]


class ReaderGone:
    """sys.stdout or sys.stderr as the commands write them: once the stream's reader has gone (a
    closed pipe, `playtest simulate ... | head -1`), what is still written goes to /dev/null, and the
    command finishes its work and exits with its own status (0, diff's verdict, 2 for bad input).
    Python's default (and rich's) was exit 1, silent or with `error: Broken pipe`, wherever the
    next line was printed — a failed CI step under `set -o pipefail` though the run was complete,
    and a command stopped part-way had it printed before it wrote. Nor is the process left to die
    of SIGPIPE as git and coreutils do (status 141): that too fails the step, hides diff's exit
    code, and could stop a command between two files of its output."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self.stream.write(text))
        except BrokenPipeError:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._gone()

    def _gone(self) -> None:
        # As Python's "Note on SIGPIPE": the descriptor now points at /dev/null, so that the text
        # still buffered is dropped there, by this stream and at the interpreter's exit alike.
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self.stream.fileno())
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main() -> None:
    """Console-script entry point."""
    install_signal_handlers()
    # A stream closed before the start (`playtest ... >&-`) is None, which print and rich already
    # skip: wrapped, every write was an AttributeError (exit 120, 'internal error').
    if sys.stdout is not None:
        sys.stdout = ReaderGone(sys.stdout)  # type: ignore[assignment]
    if sys.stderr is not None:
        sys.stderr = ReaderGone(sys.stderr)  # type: ignore[assignment]
    try:
        app(prog_name="playtest")
    except Interrupted as err:  # a signal outside a command (start-up, shutdown)
        print(clean(str(err)), file=sys.stderr)
        sys.exit(_exit_code(err))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    finally:
        # On the way out a second Ctrl-C must neither raise in clean-up code nor kill the
        # process with another exit status: the answer has been given.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


if __name__ == "__main__":
    main()
