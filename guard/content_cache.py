"""What the verifiers compute from a text alone, kept across requests by the text's hash.

Sentence splits, named entities and embeddings depend on nothing but the text (an
embedding is the same whatever batch computed it: bit for bit on the machines of earlier sessions,
to about 1e-3 an element on one with AMX bfloat16 kernels, benchmarks/results/s15_batch_invariance.md),
so a passage retrieved
again, or shared by the six RAGTruth answers of one source, is split, tagged and embedded
once. Each cache is a bounded LRU keyed by a 128-bit BLAKE2 hash of the text (so the cache
does not hold the texts), safe to share between threads: a miss is computed outside the
lock, and a thread that misses a text another thread is computing waits for that value
instead of computing it again (a request's EGC vectors, begun in the background at its
start, are not embedded twice when EGC asks for them).

:func:`cached_many` is the one way in: the values for many texts, the misses computed in
one batched call. :func:`verify_batch <guard.verifiers.batch.verify_batch>` warms these
caches for a whole batch of responses before verifying them one by one; ``verify()`` reads
them too. :func:`clear_content_caches` empties them (benchmarks measure cold requests).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

import numpy as np

__all__ = [
    "CachedEmbedder",
    "ContentCache",
    "cached_many",
    "clear_content_caches",
    "content_key",
    "embed_in_background",
    "shared_embedder",
]

V = TypeVar("V")
# 8,192 vectors of 384 float32 are 12.6 MB (about 10 MB measured with their keys, by tracemalloc):
# a batch of 32 RAGTruth responses needs about 600. Bounded for a long-running server (issue 15
# item 5): 16,384 held 25 MB once a server's soak had filled them.
EMBEDDING_ENTRIES = 8_192
_caches: list[ContentCache] = []


def content_key(text: str, variant: str = "") -> bytes:
    """The cache key of ``text`` (``variant`` tells apart values computed with other options)."""
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16, person=variant.encode()[:16])
    return digest.digest()


class ContentCache(Generic[V]):
    """A bounded map from content key to value; the least recently used entry goes first."""

    def __init__(self, name: str, maxsize: int) -> None:
        self.name = name
        self.maxsize = maxsize
        self._entries: OrderedDict[bytes, V] = OrderedDict()
        self._lock = threading.Lock()
        self._pending: dict[bytes, Future] = {}  # values being computed now, by some thread
        self.hits = self.misses = 0
        _caches.append(self)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: bytes) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return value

    def claim(self, key: bytes) -> tuple[V | None, Future | None, bool]:
        """(value, None, False) when cached; (None, future, False) when another thread is
        computing it; else (None, future, True): the caller computes it and must
        :meth:`settle` the future."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return value, None, False
            self.misses += 1
            pending = self._pending.get(key)
            if pending is not None:
                return None, pending, False
            pending = self._pending[key] = Future()
            return None, pending, True

    def settle(self, key: bytes, future: Future, value: V | None, error: BaseException | None = None) -> None:
        """Store the value computed for a claimed key and wake the threads waiting for it."""
        with self._lock:
            if error is None:
                self._store(key, value)
            if self._pending.get(key) is future:
                del self._pending[key]
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)

    def put(self, key: bytes, value: V) -> None:
        with self._lock:
            self._store(key, value)

    def _store(self, key: bytes, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0


def cached_many(
    cache: ContentCache[V],
    texts: Sequence[str],
    compute: Callable[[list[str]], Sequence[V]],
    variant: str = "",
) -> list[V]:
    """The value of each text: from the cache, else computed, all misses in one ``compute`` call.

    Values are shared between callers: store immutable ones (tuples, read-only arrays).
    """
    keys = [content_key(text, variant) for text in texts]
    found: dict[bytes, V] = {}
    todo: dict[bytes, tuple[str, Future]] = {}
    waiting: dict[bytes, Future] = {}
    for key, text in zip(keys, texts, strict=True):
        if key in found or key in todo or key in waiting:
            continue
        value, future, mine = cache.claim(key)
        if value is not None:
            found[key] = value
        elif mine:
            todo[key] = (text, future)
        else:
            waiting[key] = future
    if todo:
        try:
            values = list(compute([text for text, _ in todo.values()]))
        except BaseException as exc:
            for key, (_, future) in todo.items():
                cache.settle(key, future, None, exc)
            raise
        for (key, (_, future)), value in zip(todo.items(), values, strict=True):
            cache.settle(key, future, value)
            found[key] = value
    for key, future in waiting.items():
        found[key] = future.result()
    return [found[key] for key in keys]


def clear_content_caches() -> None:
    """Empty every content cache of the process (a cold start, for benchmarks and tests)."""
    for cache in _caches:
        cache.clear()


_vectors: ContentCache[np.ndarray] = ContentCache("embeddings", EMBEDDING_ENTRIES)


class CachedEmbedder:
    """An embedder whose vectors are kept by text hash (same ``encode`` as the one it wraps)."""

    def __init__(self, embedder) -> None:
        self.embedder = embedder
        # The two backends' vectors differ in the fourth decimal: each keeps its own.
        self._variant = f"{embedder.backend}-{embedder.max_length}"

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        compute = lambda todo: self._compute(todo, batch_size)  # noqa: E731
        vectors = cached_many(_vectors, list(texts), compute, self._variant)
        if not vectors:
            return self.embedder.encode([], batch_size=batch_size)
        return np.stack(vectors)

    def _compute(self, texts: list[str], batch_size: int) -> list[np.ndarray]:
        rows = []
        for row in self.embedder.encode(texts, batch_size=batch_size):
            row = row.copy()  # its own memory: a view would keep the whole batch alive
            row.flags.writeable = False  # shared by every later request
            rows.append(row)
        return rows


def shared_embedder():
    """The process-wide embedder (loaded on first call), its vectors kept across requests.

    A stand-in that is not a :class:`retrievers.embedder.Embedder` (a test's table of
    vectors) is returned as it is: nothing it gives is kept for the real model.
    """
    from retrievers.embedder import Embedder, get_embedder

    embedder = get_embedder()
    return CachedEmbedder(embedder) if isinstance(embedder, Embedder) else embedder


_background: ThreadPoolExecutor | None = None
_background_lock = threading.Lock()


def embed_in_background(texts: Sequence[str]) -> None:
    """Begin embedding ``texts`` with the shared embedder in a background thread; return now.

    Why: a request's texts known at its start (the question, the passages) can be embedded
    on the second core while this thread splits sentences and reads facts; whoever asks for
    them later gets the vectors, or waits for those being computed (never computes them
    twice). Only the real model is worked this way: a stand-in embedder keeps no vectors.
    A failure is logged; the verifier that needs the vectors then meets it itself.
    """
    embedder = shared_embedder()
    if not isinstance(embedder, CachedEmbedder) or not texts:
        return
    global _background
    with _background_lock:
        if _background is None:
            _background = ThreadPoolExecutor(1, thread_name_prefix="ragguard-prefetch")
    _background.submit(_embed_quietly, embedder, list(texts))


def _embed_quietly(embedder: CachedEmbedder, texts: list[str]) -> None:
    try:
        embedder.encode(texts)
    except Exception as exc:  # noqa: BLE001 - met again, and reported, by the verifier that asks
        from guard.observability import get_logger

        get_logger(__name__).warning("background_embedding_failed", error=f"{type(exc).__name__}: {exc}")
