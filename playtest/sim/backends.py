"""Where chunks of games are played: in this process, on a local process pool, or on Dask.

Every backend takes the chunks to play as (start, stop) pairs and a picklable function that
plays one chunk and returns its Parquet bytes; it calls `on_done` in this process for each
finished chunk, in any order (the run folder's manifest orders and dedups them). At most a few
chunks per worker are in flight, so memory does not grow with the number of games.

Interruption: Ctrl-C / SIGTERM reach the main process as an exception (the CLI's handler); the
pool's workers ignore SIGINT, die with their parent (PR_SET_PDEATHSIG on Linux) and are killed
on the way out, so a run stops within a fraction of a second and leaves no process behind.
Dask is imported only when `--backend dask` is chosen.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from playtest.errors import UsageError

BACKENDS = ("pool", "dask")
IN_FLIGHT_PER_WORKER = 2
POLL_SECONDS = 0.2
"""The main process wakes at least this often, so a signal is handled promptly."""
DASK_RETRIES = 3
"""A chunk whose Dask worker dies is run again (on another worker) up to this many times."""

Chunk = tuple[int, int]
PlayFn = Callable[[int, int], Any]
DoneFn = Callable[[Any], None]


def run_inline(chunks: Iterable[Chunk], play: PlayFn, on_done: DoneFn) -> None:
    for start, stop in chunks:
        on_done(play(start, stop))


# --- the local process pool ----------------------------------------------------------------


def _die_with_parent(parent: int) -> None:
    """In a worker: ignore Ctrl-C (the parent stops the run) and die when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _kill_pool(pool: ProcessPoolExecutor) -> None:
    # The executor has no public "stop now": kill its processes, then let it notice.
    # Chunks still queued for the killed workers sit in the call queue's pipe; on Python 3.11
    # the executor's clean-up joins that queue's feeder thread, which can block for good on a
    # full pipe nobody reads (an interrupted run that never exits: seen once in a CI run of
    # tests/sim/test_resume.py). Python 3.12 cancels that join itself; do it here.
    call_queue = getattr(pool, "_call_queue", None)
    if call_queue is not None:
        with contextlib.suppress(Exception):
            call_queue.cancel_join_thread()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
    results = getattr(pool, "_result_queue", None)  # and this
    for p in processes:
        with contextlib.suppress(Exception):
            p.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        with contextlib.suppress(Exception):
            p.join(timeout=1)
    # A worker killed while it sent a chunk's rows leaves half a message in the result pipe, and
    # the manager thread waits for the rest for good: this process holds the pipe's writing end
    # too, so it never reads end-of-file, and the interpreter's exit joins that thread (an
    # interrupted run that printed its one line and never exited, ~1 in 5 ctrl-c resume tests
    # under load, 2026-12-05). Closed here, the read ends once the workers are gone.
    if results is not None:
        with contextlib.suppress(Exception):
            results._writer.close()
    # The executor's manager thread notices the killed workers and closes its wake-up pipe. If
    # the interpreter exits meanwhile, its exit hook writes to that pipe as it closes: "Exception
    # ignored ... OSError: Bad file descriptor", a traceback after the one interrupted line (1 in
    # 10 runs of the ctrl-c resume test, 2026-12-02). Closed first, the pipe is left alone.
    if manager is not None:
        manager.join(timeout=5)


def run_pool(chunks: Iterable[Chunk], play: PlayFn, on_done: DoneFn, *, workers: int,
             initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()) -> None:
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker,
                               initargs=(os.getpid(), initializer, initargs))
    started = 0

    def submit(chunk: Chunk) -> Future[Any]:
        # The first submissions start the worker processes: they start with Ctrl-C ignored (an
        # ignored signal survives exec), so a Ctrl-C while they import prints no tracebacks.
        nonlocal started
        if started >= workers:
            return pool.submit(play, *chunk)
        started += 1
        with _signals_ignored():
            return pool.submit(play, *chunk)

    try:
        _drain(iter(chunks), submit, on_done, workers * IN_FLIGHT_PER_WORKER)
    except BaseException:
        with _signals_ignored():
            _kill_pool(pool)
        raise
    pool.shutdown(wait=True)


def _init_worker(parent: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    _die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def _drain(chunks: Iterator[Chunk], submit: Callable[[Chunk], Future[Any]], on_done: DoneFn, window: int) -> None:
    pending: set[Future[Any]] = set()
    exhausted = False
    while True:
        while not exhausted and len(pending) < window:
            nxt = next(chunks, None)
            if nxt is None:
                exhausted = True
            else:
                pending.add(submit(nxt))
        if not pending:
            return
        finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        for fut in finished:
            on_done(fut.result())


@contextlib.contextmanager
def _signals_ignored() -> Iterator[None]:
    """While cleaning up after an interruption, a second Ctrl-C must not interrupt the cleanup
    (which takes well under a second): it is ignored until the cleanup is done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


# --- Dask ------------------------------------------------------------------------------------


def _import_dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError("--backend dask: Dask is not installed (pip install 'playtest[dask]')") from None
    return distributed


def run_dask(chunks: Iterable[Chunk], play: PlayFn, on_done: DoneFn, *, workers: int,
             scheduler: str | None, run_key: str) -> None:
    """Chunks as Dask tasks. Without `scheduler` a LocalCluster of `workers` processes is
    started (and stopped); with it, the cluster at that address is used. Each task is retried
    if its worker dies; the manifest ignores a chunk that arrives twice."""
    distributed = _import_dask()
    import logging

    cluster = None
    try:
        if scheduler:
            try:
                client = distributed.Client(scheduler, timeout="10s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise UsageError(f"--scheduler {scheduler}: cannot connect ({exc})") from None
        else:
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                               dashboard_address=None, silence_logs=logging.ERROR)
            client = distributed.Client(cluster)
        try:
            n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)
            window = n_workers * IN_FLIGHT_PER_WORKER
            queue = distributed.as_completed()
            it = iter(chunks)
            in_flight = 0

            def submit_next() -> bool:
                nxt = next(it, None)
                if nxt is None:
                    return False
                queue.add(client.submit(play, *nxt, key=f"playtest-{run_key}-{nxt[0]}",
                                        retries=DASK_RETRIES, pure=False))
                return True

            while in_flight < window and submit_next():
                in_flight += 1
            for fut in queue:
                on_done(fut.result())
                fut.release()
                in_flight -= 1
                if submit_next():
                    in_flight += 1
        finally:
            with _signals_ignored():
                client.close(timeout=5)
    finally:
        if cluster is not None:
            with _signals_ignored(), contextlib.suppress(Exception):
                cluster.close(timeout=5)
