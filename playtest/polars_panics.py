"""Polars panics as polars errors: a damaged Parquet page can make polars' Rust decoder panic
(an assertion on the page's value count) instead of raising a PolarsError. The panic is a
`PanicException`, a BaseException that no `except Exception` catches, and Rust's panic hook
writes its own lines ("thread '...' panicked at ...", a backtrace under RUST_BACKTRACE) straight
to file descriptor 2: `playtest report` of a run whose events.parquet had 16 bytes overwritten
ended in those lines and a Python traceback, exit 1 (h250).

`panics_as_errors()` around a read turns the panic into a `pl.exceptions.ComputeError`, which
every reader of a run already answers with one line naming the run, and keeps the panic's lines
off the terminal: standard error goes to a temporary file while the block runs, and what else
was written there meanwhile is passed on afterwards (dropped if standard error can no longer be
written, as the commands' own lines are). Without a standard error to set aside (closed,
`2>&-`) or a temporary file to hold it, the block runs as it is: the read must not fail for that.
"""

from __future__ import annotations

import contextlib
import os
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
                held.truncate(0)  # (the panic's lines: not passed on)
            raise pl.exceptions.ComputeError("a damaged Parquet file (polars' reader panicked on it)") from None


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
