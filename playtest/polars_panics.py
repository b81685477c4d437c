"""Polars panics as polars errors: a damaged Parquet page can make polars' Rust decoder panic
(an assertion on the page's value count) instead of raising a PolarsError. The panic is a
`PanicException`, a BaseException that no `except Exception` catches, and Rust's panic hook
writes its own lines ("thread '...' panicked at ...", a backtrace under RUST_BACKTRACE) straight
to file descriptor 2: `playtest report` of a run whose events.parquet had 16 bytes overwritten
ended in those lines and a Python traceback, exit 1 (h250).

`panics_as_errors()` around a read turns the panic into a `pl.exceptions.ComputeError`, which
every reader of a run already answers with one line naming the run, and keeps the panic's lines
off the terminal: standard error goes to a temporary file while the block runs, and what else
was written there meanwhile is passed on afterwards, in order (dropped if standard error can no
longer be written, as the commands' own lines are). Of a block that panicked, only the panic's
lines are left out: they begin at Rust's "thread '...' panicked at" line, and the panic is
raised right after them, so what the block wrote before that line (a warning, a note) is passed
on and the rest is not (a warning was dropped with them until h252). Without a standard error
to set aside (closed, `2>&-`) or a temporary file to hold it, the block runs as it is: the read
must not fail for that.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

import polars as pl


@contextlib.contextmanager
def panics_as_errors() -> Iterator[None]:
    """Run the block with a polars panic raised as a ComputeError and its Rust lines unprinted."""
    with contextlib.ExitStack() as stack:
        held = _set_aside_stderr(stack)
        try:
            yield
        except pl.exceptions.PanicException:
            if held is not None:
                _drop_panic_lines(held)
            raise pl.exceptions.ComputeError("a damaged Parquet file (polars' reader panicked on it)") from None


# The line with which Rust's panic hook begins each panic (after an empty line), "thread 'name'
# (id) panicked at file:line:col:" with the message on the next lines; before Rust 1.73 "thread
# 'name' panicked at 'message', file:line:col".
_PANIC_START = re.compile(rb"^thread '[^'\n]*'[^\n]* panicked at ", re.MULTILINE)


def _drop_panic_lines(held: IO[bytes]) -> None:
    """Cut the set-aside standard error where the first panic's lines begin: the rest is the
    panics' (one for each of polars' threads that panicked, each with its backtrace), what came
    before is kept. Nothing is cut when no panic's line is there: nothing is known to be theirs."""
    if sys.stderr is not None:
        sys.stderr.flush()  # (a line Python still held was written before the panic)
    held.seek(0)
    text = held.read()
    found = _PANIC_START.search(text)
    if found is None:
        return
    kept = found.start()
    if text[:kept].endswith(b"\n\n") or text[:kept] == b"\n":
        kept -= 1  # (the empty line before the panic's first is the panic's too)
    held.truncate(kept)
    held.seek(kept)


def _set_aside_stderr(stack: contextlib.ExitStack) -> IO[bytes] | None:
    """Point file descriptor 2 at a temporary file until `stack` closes, then back, passing on
    what the file holds then; None (nothing changed) when that cannot be done."""
    if sys.stderr is None:  # (fd 2 closed when Python started: the temporary file would take its number)
        return None
    try:
        saved = os.dup(2)
    except OSError:
        return None
    stack.callback(os.close, saved)
    try:
        held = stack.enter_context(tempfile.TemporaryFile())  # noqa: SIM115 (closed by the stack)
    except OSError:
        return None
    sys.stderr.flush()
    os.dup2(held.fileno(), 2)

    def restore() -> None:
        if sys.stderr is not None:
            sys.stderr.flush()
        os.dup2(saved, 2)
        held.seek(0)
        text = held.read()
        try:
            while text:  # (what the block wrote besides a panic's lines: a warning, a note)
                text = text[os.write(2, text):]
        except OSError:
            # Standard error's reader gone (`2>&1 | head -1`) or its disk full: dropped, as the
            # commands' own lines are (cli.app.ReaderGone); the read itself did not fail (h251).
            pass

    stack.callback(restore)
    return held
