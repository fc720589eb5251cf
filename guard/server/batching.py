"""Micro-batching of ``/v1/verify``: requests from many clients verified together, off the event loop.

A request joins the open batch of its policy's :class:`VerificationSettings` (never one of
another policy: the verifiers, thresholds and deadline differ). A batch is sent to the
worker pool when it holds ``max_size`` requests or ``window_s`` after its first request,
whichever comes first; while every worker is busy it stays open and keeps filling, so
batches grow with the load and a lone request waits at most the window.

The verification runs in the server's thread pool (never on the event loop, which keeps
answering /healthz and accepting requests meanwhile); with ``processes`` > 0 each of those
threads hands its batch to a pool of worker processes (:mod:`guard.verifiers.batch_pool`)
and waits: verification is mostly GIL-bound Python, so threads alone keep about one core
busy, and the processes use them all. A batch that raises is retried
request by request, so one bad request fails alone and the others in its batch get their
verdicts; a client that disconnects is dropped from the batch before it runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

from guard.observability import get_logger
from guard.server.memory import schedule_release
from guard.server.metrics import Histogram
from guard.verifiers.batch import VerifyItem  # re-exported: the server's callers import it from here
from guard.verifiers.stage import VerificationSettings
from guard.verifiers.types import Verification

__all__ = ["VerifyBatcher", "VerifyItem"]

_log = get_logger(__name__)


# (items, settings) -> one Verification per item, in order; runs in a worker thread.
VerifyMany = Callable[[list[VerifyItem], VerificationSettings], list[Verification]]


def _verify_many(items: list[VerifyItem], settings: VerificationSettings) -> list[Verification]:
    """Verify ``items`` under ``settings``, in order, as one batch (shared passages worked on once)."""
    from guard.verifiers.batch import verify_batch

    return list(verify_batch(items, settings=settings, batch_size=max(1, len(items))))


@dataclass(frozen=True)
class _InProcesses:
    """:func:`_verify_many` in a worker process of the kept pool of ``workers`` processes."""

    workers: int

    def __call__(self, items: list[VerifyItem], settings: VerificationSettings) -> list[Verification]:
        from guard.verifiers.batch_pool import verify_chunk_in_pool

        return verify_chunk_in_pool(items, settings, None, self.workers)


Outcome = Verification | Exception


@dataclass(eq=False)
class _Batch:
    settings: VerificationSettings
    items: list[VerifyItem] = field(default_factory=list)
    futures: list[asyncio.Future[Verification]] = field(default_factory=list)
    full: asyncio.Event = field(default_factory=asyncio.Event)


class VerifyBatcher:
    """Collects verify requests into batches per settings and runs them on ``executor``.

    ``concurrency``: batches running at once (the pool's threads; more would only queue there
    while this batcher could still be adding requests to the waiting batch). ``verify_many``:
    how a batch is verified (default: this module's ``_verify_many``, looked up per batch, or
    with ``processes`` > 0 the same in that many worker processes).
    """

    def __init__(
        self,
        executor: Executor,
        *,
        window_s: float = 0.01,
        max_size: int = 16,
        concurrency: int = 1,
        verify_many: VerifyMany | None = None,
        batch_sizes: Histogram | None = None,
        processes: int = 0,
    ) -> None:
        if max_size < 1 or concurrency < 1 or window_s < 0 or processes < 0:
            raise ValueError("max_size and concurrency must be >= 1, window_s and processes >= 0")
        if verify_many is None and processes > 0:
            verify_many = _InProcesses(processes)
        self.window_s = window_s
        self.max_size = max_size
        self._executor = executor
        self._verify_many = verify_many
        self._batch_sizes = batch_sizes
        self._slots = asyncio.Semaphore(concurrency)
        self._open: dict[int, _Batch] = {}  # id(settings) -> the batch still taking requests
        self._tasks: set[asyncio.Task[None]] = set()

    async def verify(self, item: VerifyItem, settings: VerificationSettings) -> Verification:
        """``item``'s verification, computed in a batch with requests of the same settings."""
        key = id(settings)  # the open batch holds ``settings``, so the id cannot be reused meanwhile
        batch = self._open.get(key)
        if batch is None:
            batch = self._open[key] = _Batch(settings)
            task = asyncio.create_task(self._dispatch(key, batch), name="ragguard-verify-batch")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        future: asyncio.Future[Verification] = asyncio.get_running_loop().create_future()
        batch.items.append(item)
        batch.futures.append(future)
        if len(batch.items) >= self.max_size:
            self._close(key, batch)
            batch.full.set()
        return await future

    async def aclose(self) -> None:
        """Cancel batches not yet sent (at shutdown); their requests get CancelledError."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _close(self, key: int, batch: _Batch) -> None:
        if self._open.get(key) is batch:
            del self._open[key]

    async def _dispatch(self, key: int, batch: _Batch) -> None:
        try:
            try:
                await asyncio.wait_for(batch.full.wait(), self.window_s)
            except TimeoutError:
                pass
            async with self._slots:  # while waiting for a worker the batch keeps filling
                self._close(key, batch)
                live = [i for i, f in enumerate(batch.futures) if not f.done()]  # cancelled: client gone
                if not live:
                    return
                items = [batch.items[i] for i in live]
                if self._batch_sizes is not None:
                    self._batch_sizes.observe(len(items))
                verify_many = self._verify_many or _verify_many
                outcomes = await asyncio.get_running_loop().run_in_executor(
                    self._executor, _run_isolated, verify_many, items, batch.settings
                )
            for i, outcome in zip(live, outcomes, strict=True):
                _settle(batch.futures[i], outcome)
        except BaseException as exc:  # cancelled or the pool is gone: no request may hang
            self._close(key, batch)
            for future in batch.futures:
                if future.done():
                    continue
                if isinstance(exc, Exception):
                    future.set_exception(exc)
                else:
                    future.cancel()
            raise


def _run_isolated(
    verify_many: VerifyMany, items: list[VerifyItem], settings: VerificationSettings
) -> list[Outcome]:
    """``verify_many`` over the batch; when it raises, each item alone, so an error stays with its request.

    Afterwards the allocator's free pages go back to the system (in the background, at most every
    few seconds): without it the server's RSS grew with fragmentation (:mod:`guard.server.memory`)."""
    try:
        return _verify_isolated(verify_many, items, settings)
    finally:
        schedule_release()


def _verify_isolated(
    verify_many: VerifyMany, items: list[VerifyItem], settings: VerificationSettings
) -> list[Outcome]:
    try:
        return _checked(verify_many(items, settings), items)
    except Exception as exc:
        if len(items) == 1:
            return [exc]
        _log.warning("server.verify_batch_failed", size=len(items), error=type(exc).__name__)
    outcomes: list[Outcome] = []
    for item in items:
        try:
            outcomes.extend(_checked(verify_many([item], settings), [item]))
        except Exception as exc:
            outcomes.append(exc)
    return outcomes


def _checked(results: Sequence[Verification], items: Sequence[VerifyItem]) -> list[Outcome]:
    results = list(results)
    if len(results) != len(items):
        raise RuntimeError(f"batched verification returned {len(results)} results for {len(items)} requests")
    return list(results)


def _settle(future: asyncio.Future[Verification], outcome: Outcome) -> None:
    if future.done():  # the client went away while its batch ran
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)
