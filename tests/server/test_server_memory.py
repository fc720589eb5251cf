"""Bounded memory for a long-running server (issue 15 item 5): freed pages go back to the system
after batches, and every cache on the verify path has a bound."""

from __future__ import annotations

import asyncio
import ctypes.util
import importlib
import inspect
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from guard.server import batching, memory
from guard.server.batching import VerifyBatcher, VerifyItem
from guard.verifiers.stage import VerificationSettings
from guard.verifiers.types import Verification


@pytest.fixture
def fresh_trim_clock(monkeypatch):
    monkeypatch.setattr(memory, "_last_trim", float("-inf"))


def test_free_memory_is_released_at_most_once_per_interval(monkeypatch, fresh_trim_clock):
    calls = []
    monkeypatch.setattr(memory, "_trim", lambda pad: calls.append(pad) or 1)
    assert memory.release_free_memory(min_interval_s=60) is True
    assert memory.release_free_memory(min_interval_s=60) is False  # within the interval: skipped
    assert memory.release_free_memory(min_interval_s=0) is True
    assert calls == [0, 0]


def test_without_glibc_nothing_is_trimmed(monkeypatch, fresh_trim_clock):
    monkeypatch.setattr(memory, "_trim", None)
    assert memory.release_free_memory(min_interval_s=0) is False


@pytest.mark.skipif(
    sys.platform != "linux" or "libc.so" not in (ctypes.util.find_library("c") or ""), reason="glibc only"
)
def test_glibc_malloc_trim_is_found_and_runs(monkeypatch, fresh_trim_clock):
    monkeypatch.setattr(memory, "_trim", False)  # looked up afresh
    assert memory.release_free_memory(min_interval_s=0) is True
    assert callable(memory._trim)


def test_a_scheduled_release_trims_in_the_background(monkeypatch, fresh_trim_clock):
    import threading

    trimmed = threading.Event()
    monkeypatch.setattr(memory, "_trim", lambda pad: trimmed.set() or 1)
    memory.schedule_release()
    assert trimmed.wait(10)
    assert memory._trimmer is not None and memory._trimmer.daemon


def test_each_batch_releases_free_memory_once_it_ran(monkeypatch):
    order = []
    monkeypatch.setattr(batching, "schedule_release", lambda: order.append("trim"))

    def verify_many(items, settings):
        order.append(f"verify {len(items)}")
        return [Verification() for _ in items]

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = VerifyBatcher(pool, verify_many=verify_many, window_s=0.05, max_size=16)
            item = VerifyItem(question="q?", contexts=["a passage"], answer="a")
            settings = VerificationSettings(verifiers=())
            await asyncio.gather(*(batcher.verify(item, settings) for _ in range(3)))

    asyncio.run(main())
    assert order == ["verify 3", "trim"]


def test_a_failing_batch_still_releases_free_memory(monkeypatch):
    trims = []
    monkeypatch.setattr(batching, "schedule_release", lambda: trims.append(1))

    def verify_many(items, settings):
        raise ValueError("boom")

    item = VerifyItem(question="q", contexts=["p"], answer="a")
    outcomes = batching._run_isolated(verify_many, [item], None)
    assert isinstance(outcomes[0], ValueError) and trims == [1]


# The modules of the verify path (what /v1/verify runs under the default policy).
_VERIFY_PATH = [
    "guard.verifiers.stage", "guard.verifiers.claim_judge", "guard.verifiers.batch", "guard.language",
    "guard.content_cache", "guard.verifiers.egc", "guard.verifiers.lexical", "retrievers.embedder",
]  # fmt: skip


def test_every_cache_on_the_verify_path_has_a_bound():
    """An unbounded ``functools.cache`` keyed by request text grows with every request; one on a
    function of no arguments holds one value and is fine."""
    for name in _VERIFY_PATH:
        importlib.import_module(name)
    unbounded = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(("guard.", "retrievers.")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if not callable(getattr(value, "cache_info", None)) or getattr(value, "__module__", None) != name:
                continue
            if value.cache_parameters()["maxsize"] is None and inspect.signature(value).parameters:
                unbounded.append(f"{name}.{attr}")
    assert unbounded == []


def test_content_caches_hold_at_most_their_bound_after_many_distinct_texts():
    from guard.content_cache import EMBEDDING_ENTRIES, ContentCache, _caches, cached_many

    cache: ContentCache[int] = ContentCache("test-bound", 64)
    try:
        for start in range(0, 1000, 50):
            texts = [f"text {i}" for i in range(start, start + 50)]
            cached_many(cache, texts, lambda ts: [len(t) for t in ts])
            assert len(cache) <= 64
        assert len(cache) == 64
    finally:
        _caches.remove(cache)
    # The process-wide ones: each at most 8,192 texts (~10 MB of embeddings, see their comments).
    importlib.import_module("guard.language")
    assert EMBEDDING_ENTRIES <= 8192
    assert all(c.maxsize <= 8192 for c in _caches), [(c.name, c.maxsize) for c in _caches]
