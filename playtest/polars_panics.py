"""Polars panics as polars errors: a damaged Parquet page can make polars' Rust decoder panic
(an assertion on the page's value count) instead of raising a PolarsError. The panic is a
`PanicException`, a BaseException that no `except Exception` catches, and Rust's panic hook
writes its own lines ("thread '...' panicked at ...", a backtrace under RUST_BACKTRACE) straight
to file descriptor 2: `playtest report` of a run whose events.parquet had 16 bytes overwritten
ended in those lines and a Python traceback, exit 1 (h250).

`panics_as_errors()` around a read turns the panic into a `pl.exceptions.ComputeError`, which
every reader of a run already answers with one line naming the run, and keeps the panic's lines
off the terminal: standard error goes to a temporary file while the block runs, and what else
was written there meanwhile is passed on afterwards.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator

import polars as pl


@contextlib.contextmanager
def panics_as_errors() -> Iterator[None]:
    """Run the block with a polars panic raised as a ComputeError and its Rust lines unprinted."""
    with tempfile.TemporaryFile() as held:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(held.fileno(), 2)
        panicked = False
        try:
            yield
        except pl.exceptions.PanicException:
            panicked = True
            raise pl.exceptions.ComputeError("a damaged Parquet file (polars' reader panicked on it)") from None
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            if not panicked:  # (what the block wrote besides a panic's lines: a warning, a note)
                held.seek(0)
                text = held.read()
                while text:
                    text = text[os.write(2, text):]
