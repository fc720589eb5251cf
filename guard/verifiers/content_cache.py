"""What the verifiers compute from a text alone, kept across requests by the text's hash.

Sentence splits, named entities and embeddings depend on nothing but the text (an
embedding is the same bit for bit whatever batch computed it), so a passage retrieved
again, or shared by the six RAGTruth answers of one source, is split, tagged and embedded
once. Each cache is a bounded LRU keyed by a 128-bit BLAKE2 hash of the text (so the cache
does not hold the texts), safe to share between threads: a miss is computed outside the
lock, and two threads missing the same text at once both compute it (same value).

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
from typing import Generic, TypeVar

import numpy as np

__all__ = [
    "CachedEmbedder",
    "ContentCache",
    "cached_many",
    "clear_content_caches",
    "content_key",
    "shared_embedder",
]

V = TypeVar("V")
# 16,384 vectors of 384 float32 are 25 MB: a batch of 32 RAGTruth responses needs about 600.
EMBEDDING_ENTRIES = 16_384
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

    def put(self, key: bytes, value: V) -> None:
        with self._lock:
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
    todo: dict[bytes, str] = {}
    for key, text in zip(keys, texts, strict=True):
        if key in found or key in todo:
            continue
        value = cache.get(key)
        if value is None:
            todo[key] = text
        else:
            found[key] = value
    if todo:
        for key, value in zip(todo, compute(list(todo.values())), strict=True):
            cache.put(key, value)
            found[key] = value
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
