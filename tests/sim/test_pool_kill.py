"""The process pool stops for good when a run is interrupted: a worker killed while it sent its
results must not leave the executor's manager thread waiting for the rest of the message (the
interpreter's exit joins that thread, and the interrupted run never exited)."""

from __future__ import annotations

import multiprocessing
import struct
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from playtest.sim.backends import _kill_pool


@pytest.mark.system
def test_a_half_sent_result_does_not_keep_the_pool_s_manager_thread_alive():
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    assert pool.submit(int, "7").result(timeout=60) == 7  # the worker and the manager thread run
    manager, results = pool._executor_manager_thread, pool._result_queue
    assert manager is not None and results is not None
    # What a worker killed in the middle of sending a chunk's rows leaves in the pipe: the length
    # of a 1 MB message and its first bytes. The manager thread reads them and waits for the rest.
    results._writer._send(struct.pack("!i", 1_000_000) + b"\x80" * 10)
    time.sleep(0.2)
    try:
        _kill_pool(pool)
        manager.join(timeout=10)
        assert not manager.is_alive(), "the manager thread still waits for the rest of the message"
    finally:
        results._writer.close()  # (without the fix: let the thread go, or pytest would hang at exit)
        manager.join(timeout=10)
