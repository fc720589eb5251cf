"""The content caches: bounded, keyed by text, computing misses once and in one call."""

from __future__ import annotations

import numpy as np
import pytest

from guard.content_cache import ContentCache, cached_many, content_key


def test_misses_are_computed_once_in_one_call_and_hits_are_not():
    cache: ContentCache[str] = ContentCache("test", 10)
    calls = []

    def upper(texts):
        calls.append(list(texts))
        return [t.upper() for t in texts]

    assert cached_many(cache, ["a", "b", "a"], upper) == ["A", "B", "A"]
    assert cached_many(cache, ["b", "c"], upper) == ["B", "C"]
    assert calls == [["a", "b"], ["c"]]  # duplicates and cached texts are not recomputed
    assert (cache.hits, cache.misses) == (1, 3)


def test_the_least_recently_used_entry_goes_first():
    cache: ContentCache[int] = ContentCache("test", 2)
    cached_many(cache, ["a", "b"], lambda texts: [len(t) for t in texts])
    cached_many(cache, ["a"], lambda texts: pytest.fail("a is cached"))
    cached_many(cache, ["c"], lambda texts: [len(t) for t in texts])  # evicts b, used longest ago
    assert len(cache) == 2
    assert cached_many(cache, ["a", "c"], lambda texts: pytest.fail("both cached")) == [1, 1]
    recomputed = []
    cached_many(cache, ["b"], lambda texts: recomputed.extend(texts) or [1])
    assert recomputed == ["b"]


def test_variants_and_texts_get_their_own_keys():
    assert content_key("x") != content_key("y")
    assert content_key("x", "lines") != content_key("x", "text")
    assert content_key("\ud800 lone surrogate") != content_key("\ufffd lone surrogate")


@pytest.mark.slow  # loads the embedder
def test_vectors_do_not_depend_on_the_batch_they_were_computed_in():
    from retrievers.embedder import get_embedder

    texts = ["Paris.", "The Eiffel Tower was completed in 1889 as the entrance arch to the World's Fair.",
             "word " * 300, "", "It is 330 metres tall."]
    embedder = get_embedder()
    together = embedder.encode(texts)
    alone = np.stack([embedder.encode([t])[0] for t in texts])
    assert np.array_equal(together, alone)  # what makes a text-keyed vector cache exact


@pytest.mark.slow
def test_the_shared_embedder_returns_the_model_vectors_and_keeps_them():
    from guard.content_cache import clear_content_caches, shared_embedder
    from retrievers.embedder import get_embedder

    clear_content_caches()
    texts = ["A passage shown to six answers.", "A claim."]
    first = shared_embedder().encode(texts)
    assert np.array_equal(first, get_embedder().encode(texts))
    first[0, 0] = 99.0  # the caller's copy: the cache must not see it
    assert np.array_equal(shared_embedder().encode(texts), get_embedder().encode(texts))


def test_a_text_another_thread_is_computing_is_waited_for_not_computed_again():
    import threading

    cache: ContentCache[str] = ContentCache("test", 10)
    started, release, calls = threading.Event(), threading.Event(), []

    def slow_upper(texts):
        calls.append(list(texts))
        started.set()
        release.wait(5)
        return [t.upper() for t in texts]

    first: list[list[str]] = []
    thread = threading.Thread(target=lambda: first.append(cached_many(cache, ["a", "b"], slow_upper)))
    thread.start()
    assert started.wait(5)
    second: list[list[str]] = []
    waiter = threading.Thread(target=lambda: second.append(cached_many(cache, ["b", "c"], slow_upper)))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive()  # "c" computed, "b" awaited from the first thread
    release.set()
    thread.join(5), waiter.join(5)
    assert first == [["A", "B"]] and second == [["B", "C"]]
    assert calls == [["a", "b"], ["c"]]


def test_a_failed_computation_is_raised_and_not_kept():
    cache: ContentCache[str] = ContentCache("test", 10)

    def broken(texts):
        raise RuntimeError("model gone")

    with pytest.raises(RuntimeError, match="model gone"):
        cached_many(cache, ["a"], broken)
    assert cached_many(cache, ["a"], lambda texts: [t.upper() for t in texts]) == ["A"]  # computed again


@pytest.mark.slow  # loads the embedder
def test_parallel_batches_give_the_vectors_of_one_thread(monkeypatch):
    from retrievers.embedder import Embedder

    texts = [f"Sentence number {n} says {'more ' * (n % 40)}things." for n in range(60)] + ["word " * 300]
    parallel = Embedder()
    assert parallel._threads == 2
    monkeypatch.setenv("RAGGUARD_EMBED_THREADS", "1")
    single = Embedder()
    assert single._onnx_budget() != parallel._onnx_budget()  # other batches too (one thread: bigger ones)
    assert np.array_equal(parallel.encode(texts), single.encode(texts))


@pytest.mark.slow
def test_egc_vectors_begun_in_the_background_are_those_it_would_compute():
    from guard.content_cache import clear_content_caches, embed_in_background, shared_embedder
    from retrievers.embedder import get_embedder

    clear_content_caches()
    texts = ["What is it?", "The tower is 330 metres tall. It was built in 1889."]
    embed_in_background(texts)
    assert np.array_equal(shared_embedder().encode(texts), get_embedder().encode(texts))
