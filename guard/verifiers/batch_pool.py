"""``verify_batch(..., workers=N)`` on one machine: the batches shared by N worker processes.

Why processes, not threads: verification is mostly Python (spaCy's per-document work, the
fact layer, pydantic) that holds the GIL, so the warm-up thread of the in-process path kept
the second core about half busy (measured: ~1 core for ``ragguard verify``). Worker
processes each build the verifiers once (``spawn``: no model state is forked) and verify
whole batches with :func:`guard.verifiers.batch.verify_chunk`, exactly as the in-process
executor and the Ray actors do, so the reports are the same. For a stream of batches each
worker runs the embedder on one thread (``RAGGUARD_EMBED_THREADS=1``; the same vectors bit
for bit), so N workers keep N cores busy without oversubscription; the server's workers,
which often hold one small batch each, keep the embedder's default threads so that a lone
request still uses every core.

Batch k goes to whichever worker is free; at most two batches per worker are in flight and
results come back in input order, so memory stays bounded. A short input (fewer than
:data:`POOL_MIN_ITEMS` responses) is verified in this process: starting workers (each
loads the models: seconds) would cost more than it saves. The pool is kept for later calls
(an evaluation verifies split after split; the server sends every micro-batch to it) and
shut down at exit. Each batch carries its settings, pickled once per settings object (17 kB
for the default verifiers); a worker builds and loads each distinct settings once.
"""

from __future__ import annotations

import atexit
import hashlib
import itertools
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from guard.errors import VerifierError
from guard.observability import get_logger

if TYPE_CHECKING:
    from guard.verifiers.batch import VerifyItem
    from guard.verifiers.stage import VerificationSettings
    from guard.verifiers.types import Verification

__all__ = ["POOL_MIN_ITEMS", "default_workers", "verify_chunk_in_pool", "verify_in_pool"]

POOL_MIN_ITEMS = 64
_IN_FLIGHT_PER_WORKER = 2
_KEPT_SETTINGS = 16
_ORPHAN_CHECK_S = 1.0  # how often a worker looks for the process that started it
_log = get_logger(__name__)

# ((workers, embedder threads), the pool)
_kept: tuple[tuple[int, int | None], ProcessPoolExecutor] | None = None
_kept_lock = threading.Lock()
# id(settings) -> (settings, its digest, its pickle); the settings are held so ids stay unique.
_blobs: OrderedDict[int, tuple[VerificationSettings, str, bytes]] = OrderedDict()

# In a worker process: each distinct settings, built with its models loaded.
_worker_settings: dict[str, VerificationSettings] = {}


def default_workers() -> int:
    """One worker per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def verify_in_pool(
    items: Iterator[VerifyItem],
    settings: VerificationSettings,
    refusal_text: str | None,
    batch_size: int,
    workers: int,
) -> Iterator[Verification]:
    """The reports of ``items`` in input order, verified by ``workers`` processes."""
    from guard.verifiers.batch import _local, chunked_by_passages

    head = list(itertools.islice(items, POOL_MIN_ITEMS))
    if len(head) < POOL_MIN_ITEMS:
        yield from _local(iter(head), settings, refusal_text, batch_size)
        return
    pool = _pool(workers, embed_threads=1)
    digest, blob = _blob(settings)
    in_flight: deque[Future] = deque()
    try:
        for chunk in chunked_by_passages(itertools.chain(head, items), batch_size):
            in_flight.append(pool.submit(_verify_in_worker, digest, blob, refusal_text, chunk))
            if len(in_flight) >= _IN_FLIGHT_PER_WORKER * workers:
                yield from _result(in_flight.popleft())
        while in_flight:
            yield from _result(in_flight.popleft())
    finally:
        for future in in_flight:  # an abandoned iteration (an interrupted run): drop what is queued
            future.cancel()


def verify_chunk_in_pool(
    items: list[VerifyItem], settings: VerificationSettings, refusal_text: str | None, workers: int
) -> list[Verification]:
    """One batch verified by a worker of the kept ``workers``-process pool (blocks until done);
    the workers' embedder keeps its default threads."""
    digest, blob = _blob(settings)
    pool = _pool(workers, embed_threads=None)
    return _result(pool.submit(_verify_in_worker, digest, blob, refusal_text, items))


def _result(future: Future) -> list[Verification]:
    try:
        return future.result()
    except BrokenProcessPool as exc:  # a worker died (killed, out of memory): nothing of its batch is trusted
        shut_down_pool(wait=False)
        raise VerifierError(f"a verification worker process died while verifying a batch: {exc}") from exc


def _blob(settings: VerificationSettings) -> tuple[str, bytes]:
    with _kept_lock:
        found = _blobs.get(id(settings))
        if found is None or found[0] is not settings:
            blob = pickle.dumps(settings)
            found = _blobs[id(settings)] = (settings, hashlib.blake2b(blob, digest_size=16).hexdigest(), blob)
            while len(_blobs) > _KEPT_SETTINGS:
                _blobs.popitem(last=False)
        _blobs.move_to_end(id(settings))
        return found[1], found[2]


def _pool(workers: int, embed_threads: int | None) -> ProcessPoolExecutor:
    global _kept
    with _kept_lock:
        if _kept is not None and _kept[0] == (workers, embed_threads):
            return _kept[1]
        if _kept is not None:
            _kept[1].shutdown(wait=False, cancel_futures=True)
        executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_worker,
            initargs=(embed_threads,),
        )
        _kept = ((workers, embed_threads), executor)
        return executor


def shut_down_pool(wait: bool = True) -> None:
    """Stop the kept pool, cancelling what is queued; with ``wait``, until its workers have exited (a server's
    shutdown), without it only asked to (a broken pool, the interpreter's exit)."""
    global _kept
    with _kept_lock:
        kept, _kept = _kept, None
    if kept is not None:
        kept[1].shutdown(wait=wait, cancel_futures=True)


@atexit.register
def _shutdown_at_exit() -> None:
    shut_down_pool(wait=False)


def _init_worker(embed_threads: int | None) -> None:
    """In the worker: the embedder's threads, set before it loads (None: its default), and a watch on the
    process that started it."""
    if embed_threads is not None:
        os.environ["RAGGUARD_EMBED_THREADS"] = str(embed_threads)
    watch = threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), name="ragguard-parent", daemon=True)
    watch.start()


def _exit_when_orphaned(parent: int) -> None:
    """End the worker once the process that started it is gone.

    Why: the pool is shut down by its owner's exit hooks, but an owner that dies outright runs none (SIGKILL, the
    out-of-memory killer, uvicorn re-raising SIGTERM once its own shutdown is done), and its workers, blocked on the
    pool's queue, lived on with their models: 28 of them, ~0.7 GB each, after a day of server benchmarks."""
    while os.getppid() == parent:
        time.sleep(_ORPHAN_CHECK_S)
    os._exit(0)


def _verify_in_worker(
    digest: str, blob: bytes, refusal_text: str | None, items: list[VerifyItem]
) -> list[Verification]:
    from guard.verifiers.batch import verify_chunk

    settings = _worker_settings.get(digest)
    if settings is None:
        from guard.verifiers.stage import load_models

        settings = pickle.loads(blob)  # noqa: S301 - our own parent process pickled it
        load_models(settings)
        if "torch" in sys.modules:  # spaCy's import brings it; its default is a thread per core
            sys.modules["torch"].set_num_threads(1)
        _worker_settings[digest] = settings
    return verify_chunk(items, settings, refusal_text)
