"""playtest/polars_panics.py: standard error set aside while a run is read, and passed on after."""

from __future__ import annotations

import subprocess
import sys
import textwrap

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


def test_what_a_read_wrote_on_a_standard_error_whose_reader_has_gone_is_dropped():
    """As the commands' own writes are (cli.app.ReaderGone): passing it on raised BrokenPipeError,
    and the read of a whole run failed as 'cannot read run: [Errno 32] Broken pipe'."""
    r = subprocess.run([sys.executable, "-c", _GONE_READER], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "read\n")
