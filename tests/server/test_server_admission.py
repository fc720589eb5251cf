"""Admission control: bounded work in flight, a bounded queue, then 503 at once."""

from __future__ import annotations

import asyncio

import pytest

from guard.server.admission import Admission, Overloaded
from guard.server.metrics import ServerMetrics


def test_requests_beyond_slots_and_queue_are_turned_away_then_admitted_again():
    async def scenario() -> list[str]:
        metrics = ServerMetrics()
        admission = Admission(max_in_flight=1, max_queue=1, metrics=metrics)
        release = asyncio.Event()
        events: list[str] = []

        async def request(name: str) -> None:
            try:
                async with admission.slot():
                    events.append(f"{name} in")
                    await release.wait()
            except Overloaded:
                events.append(f"{name} rejected")

        first = asyncio.create_task(request("a"))
        await asyncio.sleep(0)
        second = asyncio.create_task(request("b"))  # waits in the queue
        await asyncio.sleep(0)
        await request("c")  # slot busy, queue full
        assert metrics.queued.value() == 1 and metrics.in_flight.value() == 1
        release.set()
        await asyncio.gather(first, second)
        await request("d")  # everything released: admitted again
        assert metrics.rejected.value(reason="overloaded") == 1
        assert metrics.in_flight.value() == 0 and metrics.queued.value() == 0
        return events

    assert asyncio.run(scenario()) == ["a in", "c rejected", "b in", "d in"]


def test_the_overloaded_message_says_to_retry():
    with pytest.raises(Overloaded, match="overloaded .*retry"):
        raise Overloaded(8, 32)
