"""Admission control: a bounded number of requests in flight, a bounded queue behind them.

The CPU-bound stages already run on the app's bounded thread pool; this bounds how many
requests hold memory (bodies, passages, drafts) at once and how many may wait. A request
that finds the queue full is turned away at once with 503 and ``Retry-After``, instead of
piling up until the process runs out of memory or every client times out.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from guard.server.metrics import ServerMetrics

__all__ = ["Admission", "Overloaded"]


class Overloaded(Exception):
    """Every slot is busy and the queue is full."""

    def __init__(self, in_flight: int, queued: int) -> None:
        super().__init__(
            f"the server is overloaded ({in_flight} requests in flight, {queued} queued): retry shortly"
        )


class Admission:
    def __init__(self, max_in_flight: int, max_queue: int, metrics: ServerMetrics) -> None:
        self.max_in_flight = max_in_flight
        self.max_queue = max_queue
        self._slots = asyncio.Semaphore(max_in_flight)
        self._waiting = 0
        self._running = 0
        self._metrics = metrics

    @property
    def waiting(self) -> int:
        return self._waiting

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one processing slot; raises :class:`Overloaded` when the queue is full."""
        if self._slots.locked() and self._waiting >= self.max_queue:
            self._metrics.rejected.inc(reason="overloaded")
            raise Overloaded(self._running, self._waiting)
        self._waiting += 1
        self._metrics.queued.set(self._waiting)
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
            self._metrics.queued.set(self._waiting)
        self._running += 1
        self._metrics.in_flight.set(self._running)
        try:
            yield
        finally:
            self._running -= 1
            self._metrics.in_flight.set(self._running)
            self._slots.release()
