"""verify_batch(..., workers=N) and the server's batches in worker processes: the verdicts of
one-by-one verify(), in input order; short inputs stay in this process."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from batch_cases import EDGE_CASES, assert_same, comparable, draft_items, ragtruth_items

import guard.verifiers.batch_pool as batch_pool
from guard.content_cache import clear_content_caches
from guard.server.batching import VerifyBatcher
from guard.verifiers.batch import VerifyItem, verify_batch
from guard.verifiers.stage import build_settings
from guard.verifiers.types import Verification

pytestmark = pytest.mark.slow  # the real embedder and spaCy, in two worker processes


@pytest.fixture(scope="module")
def settings():
    return build_settings(deadline_s=600.0)  # verdicts, not the clock, on a busy machine


def _items() -> list[VerifyItem]:
    # 74 items, each twice: over POOL_MIN_ITEMS, and repeated passages hit the workers' caches.
    items = ragtruth_items() + draft_items() + EDGE_CASES
    return items + items


def test_worker_processes_give_the_verdicts_of_one_by_one_calls(settings):
    from guard.verifiers.api import verify

    items = _items()
    assert len(items) >= batch_pool.POOL_MIN_ITEMS
    clear_content_caches()
    expected = [
        comparable(verify(question=i.question, contexts=i.contexts, answer=i.answer, generator=i.generator,
                           settings=settings))
        for i in items[: len(items) // 2]
    ] * 2
    got = [comparable(r) for r in verify_batch(items, settings=settings, batch_size=8, workers=2)]
    assert batch_pool._kept is not None and batch_pool._kept[0] == (2, 1)  # it did run in a pool
    assert len(got) == len(expected)
    for n, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert_same(a, b, f"item {n}")

    # The server's batches, sent to a pool (its workers keep the embedder's two threads) by the
    # batcher's threads.
    async def serve() -> list[Verification]:
        with ThreadPoolExecutor(2) as threads:
            batcher = VerifyBatcher(threads, processes=2, concurrency=2, window_s=0.05, max_size=4)
            return await asyncio.gather(*(batcher.verify(i, settings) for i in items[:6]))

    served = asyncio.run(serve())
    assert_same([comparable(r) for r in served], expected[:6], "served")


def test_a_short_input_is_verified_in_this_process(settings, monkeypatch):
    monkeypatch.setattr(batch_pool, "_pool", lambda *args, **kwargs: pytest.fail("no pool for a short input"))
    items = EDGE_CASES[:3]
    got = list(verify_batch(items, settings=settings, workers=2))
    assert_same([comparable(r) for r in got], [comparable(r) for r in verify_batch(items, settings=settings)], "threads")


def test_bad_processes_are_refused():
    with ThreadPoolExecutor(1) as threads, pytest.raises(ValueError):
        VerifyBatcher(threads, processes=-1)
