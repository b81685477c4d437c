"""playtest/polars_panics.py: standard error set aside while a run is read, and passed on after."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest

# A read of a run (`reading`) during which something is written on standard error (a library's
# warning), with standard error a pipe whose reader has gone (`playtest ... 2>&1 | head -1`).
_GONE_READER = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from playtest.sim.rundir import reading
    r, w = os.pipe()
    os.close(r)
    os.dup2(w, 2)
    with reading(Path("run")):
        os.write(2, b"a warning\\n")
    print("read")
""")


@pytest.mark.system
def test_what_a_read_wrote_on_a_standard_error_whose_reader_has_gone_is_dropped():
    """As the commands' own writes are (cli.app.ReaderGone): passing it on raised BrokenPipeError,
    and the read of a whole run failed as 'cannot read run: [Errno 32] Broken pipe'."""
    r = subprocess.run([sys.executable, "-c", _GONE_READER], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "read\n")


def _panicking_parquet(path: Path) -> None:
    """A small Parquet file with 16 bytes overwritten at the first place (4-byte steps) where
    polars' reader panics on them instead of raising a PolarsError."""
    buf = io.BytesIO()
    pl.DataFrame({"a": range(1000), "b": [f"s{i % 7}" for i in range(1000)]}).write_parquet(buf)
    data = buf.getvalue()
    for start in range(4, len(data) - 24, 4):
        damaged = data[:start] + b"\xab" * 16 + data[start + 16:]
        try:
            pl.read_parquet(io.BytesIO(damaged))
        except pl.exceptions.PanicException:
            path.write_bytes(damaged)
            return
        except (OSError, pl.exceptions.PolarsError):
            pass
    raise AssertionError("no 16 bytes of the file make polars panic")


# A block that writes on standard error (os.write, as a library does; print to sys.stderr, as
# Python's warnings do) and then reads a Parquet file, with its lines around it.
_WRITES_THEN_READS = textwrap.dedent("""
    import os, sys
    import polars as pl
    from playtest.polars_panics import panics_as_errors
    os.write(2, b"before\\n")
    try:
        with panics_as_errors():
            os.write(2, b"a warning\\n")
            print("a note", file=sys.stderr)
            pl.read_parquet(sys.argv[1])
    except pl.exceptions.ComputeError as exc:
        print(exc)
    else:
        print("read")
    os.write(2, b"after\\n")
""")


@pytest.fixture(scope="module")
def parquet_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("parquet")
    pl.DataFrame({"a": [1, 2]}).write_parquet(folder / "whole.parquet")
    _panicking_parquet(folder / "panicking.parquet")
    return {"whole": folder / "whole.parquet", "panicking": folder / "panicking.parquet"}


@pytest.mark.parametrize(("kind", "said"), [
    ("panicking", "a damaged Parquet file (polars' reader panicked on it)\n"),
    ("whole", "read\n"),
], ids=["panicking", "whole"])
@pytest.mark.system
def test_what_a_read_wrote_on_standard_error_is_passed_on_in_order_once_and_only_a_panics_lines_dropped(
        parquet_files, kind, said):
    """The warning and the note written in the block before polars panicked were dropped with
    the panic's lines (h252); a read without a panic passes them all on."""
    r = subprocess.run([sys.executable, "-c", _WRITES_THEN_READS, str(parquet_files[kind])],
                       capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout, r.stderr) == (0, said, "before\na warning\na note\nafter\n")
