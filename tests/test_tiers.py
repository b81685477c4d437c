"""`make test` keeps a few tests of real processes (marked `process_smoke`); every other test that
starts one is marked `system` and runs in `make test-more` (and CI). tests/conftest.py fails an
unmarked test that starts one: this test, unmarked, checks that it does."""

from __future__ import annotations

import multiprocessing
import os
import pty
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest


def test_an_unmarked_test_that_starts_a_real_process_fails_naming_the_markers() -> None:
    with pytest.raises(pytest.fail.Exception, match=r"starts a real process \(subprocess\): mark it @pytest.mark.system"):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    with pytest.raises(pytest.fail.Exception, match=r"\(os.fork\)"):
        os.fork()
    with pytest.raises(pytest.fail.Exception, match=r"\(a pseudo-terminal\)"):
        pty.fork()
    # (the pool's resource tracker or its first worker: both are processes of their own)
    with pytest.raises(pytest.fail.Exception, match=r"\(a spawned worker process\)"), \
            ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pool.submit(int, "1").result()


@pytest.mark.system
def test_a_system_test_may_start_one() -> None:
    assert subprocess.run([sys.executable, "-c", "print(7)"], capture_output=True, text=True, check=True).stdout == "7\n"
