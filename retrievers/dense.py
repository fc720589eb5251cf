"""The dense route: all-MiniLM-L6-v2 vectors in FAISS, inner product = cosine.

Exact search (``IndexFlatIP``) while the index is small; from
``IndexConfig.hnsw_threshold`` passages on, an ``IndexHNSWFlat`` graph, whose
query time grows with log(n) instead of n (80-170 ms vs 1-3 ms per query at a
million passages on 2 busy cores, see benchmarks/README.md). Adding passages across the
threshold rebuilds the graph from the stored vectors once.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from retrievers.config import IndexConfig
from retrievers.embedder import EMBED_DIM, Backend, get_embedder
from retrievers.routes import RouteHits

__all__ = ["DenseRoute"]


class DenseRoute:
    name = "dense"

    def __init__(self, index, config: IndexConfig, backend: Backend = "onnx-int8") -> None:
        self.index = index
        self.config = config
        self.backend = backend
        self._tune()

    @classmethod
    def build(cls, vectors: np.ndarray, config: IndexConfig, backend: Backend = "onnx-int8") -> "DenseRoute":
        route = cls(_new_index(len(vectors), config), config, backend)
        route.add(vectors)
        return route

    @classmethod
    def load(cls, path: Path, config: IndexConfig, backend: Backend = "onnx-int8") -> "DenseRoute":
        import faiss

        return cls(faiss.read_index(str(path)), config, backend)

    def save(self, path: Path) -> None:
        import faiss

        faiss.write_index(self.index, str(path))

    @property
    def kind(self) -> str:
        return "hnsw" if self._is_hnsw() else "flat"

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def add(self, vectors: np.ndarray) -> None:
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        total = len(self) + len(vectors)
        if not self._is_hnsw() and total >= self.config.hnsw_threshold:
            old = self.index.reconstruct_n(0, len(self)) if len(self) else np.zeros((0, EMBED_DIM), np.float32)
            self.index = _new_index(total, self.config)
            self._tune()
            if len(old):
                self.index.add(old)
        if len(vectors):
            self.index.add(vectors)

    def search(self, query: str, k: int) -> RouteHits:
        vector = get_embedder(self.backend).encode([query])
        return self.search_vector(vector[0], k)

    def search_vector(self, vector: np.ndarray, k: int) -> RouteHits:
        k = min(k, len(self))
        if k <= 0:
            return RouteHits.empty(self.name)
        params = None
        if self._is_hnsw():
            import faiss

            # The graph search keeps efSearch candidates, so at least k; passed per call,
            # concurrent searches with different k share no state.
            params = faiss.SearchParametersHNSW(efSearch=max(self.config.hnsw_ef_search, k))
        query = np.asarray(vector, dtype=np.float32).reshape(1, -1)
        scores, rows = _single_threaded_search(self.index, query, k, params)
        found = rows[0] >= 0
        return RouteHits(self.name, rows[0][found].astype(np.int64), scores[0][found].astype(np.float64))

    def _is_hnsw(self) -> bool:
        return hasattr(self.index, "hnsw")

    def _tune(self) -> None:
        if self._is_hnsw():
            self.index.hnsw.efSearch = self.config.hnsw_ef_search


def _single_threaded_search(index, query: np.ndarray, k: int, params=None):
    """One query is a single memory-bound scan: OpenMP threads only wait on each other,
    and on busy shared cores that waiting took a 10k-passage search from 0.4 ms to 30 ms
    at p95 (benchmarks/README.md). Building the index keeps every thread."""
    import faiss

    threads = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(1)
    try:
        return index.search(query, k, params=params)
    finally:
        faiss.omp_set_num_threads(threads)


def _new_index(size: int, config: IndexConfig):
    import faiss

    if size < config.hnsw_threshold:
        return faiss.IndexFlatIP(EMBED_DIM)
    index = faiss.IndexHNSWFlat(EMBED_DIM, config.hnsw_m, faiss.METRIC_INNER_PRODUCT)
    index.hnsw.efConstruction = config.hnsw_ef_construction
    return index
