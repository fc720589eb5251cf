"""The BM25 route: a bm25s index, scored with a sparse gather instead of bm25s' loop.

bm25s (pinned) builds the eager index: every (term, passage) BM25 contribution is
precomputed into a CSC matrix, and it saves/loads that matrix memory-mapped. It
was chosen over rank-bm25 by ``benchmarks/retrieval_scale.py`` (rank-bm25 walks a
Python dict per passage per query term; see benchmarks/README.md for the figures).

Query scoring reads the same matrix but adds each query term's posting list with a
plain fancy-index add rather than bm25s' ``np.add.at`` (exact, since a term's postings
never repeat a passage): 3-4x faster than bm25s' own ``retrieve`` at 10k-100k
passages; at a million both are dominated by the top-k over every passage.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable

import numpy as np

from retrievers.routes import RouteHits
from retrievers.tokenization import tokenize

__all__ = ["BM25Route"]

_K1 = 1.5
_B = 0.75


class BM25Route:
    """Lucene-variant BM25 (k1=1.5, b=0.75) over the store's index texts."""

    name = "bm25"

    def __init__(self, index) -> None:
        self._index = index
        scores = index.scores
        self._data = scores["data"]
        self._indices = scores["indices"]
        self._indptr = scores["indptr"]
        self.num_docs = int(scores["num_docs"])
        self._vocab: dict[str, int] = index.vocab_dict

    @classmethod
    def build(cls, texts: Iterable[str], show_progress: bool = False) -> "BM25Route":
        import bm25s

        corpus_tokens = [tokenize(t) or [""] for t in texts]
        index = bm25s.BM25(k1=_K1, b=_B, method="lucene")
        index.index(corpus_tokens, show_progress=show_progress)
        return cls(index)

    @classmethod
    def load(cls, folder: Path) -> "BM25Route":
        import bm25s

        return cls(bm25s.BM25.load(str(folder), mmap=True, show_progress=False))

    def save(self, folder: Path) -> None:
        self._index.save(str(folder), show_progress=False)

    def search(self, query: str, k: int) -> RouteHits:
        return self.search_tokens(tokenize(query), k)

    def search_tokens(self, tokens: list[str], k: int) -> RouteHits:
        term_ids = sorted({self._vocab[t] for t in tokens if t and t in self._vocab})
        if not term_ids or k <= 0:
            return RouteHits.empty(self.name)
        scores = np.zeros(self.num_docs, dtype=np.float32)
        for term in term_ids:
            start, end = self._indptr[term], self._indptr[term + 1]
            # A term's posting list names each passage once, so a plain fancy-index add
            # is exact here (np.add.at, which bm25s uses, exists for repeated indices).
            scores[self._indices[start:end]] += self._data[start:end]
        if k < self.num_docs:
            rows = np.argpartition(scores, self.num_docs - k)[self.num_docs - k :]
        else:
            rows = np.arange(self.num_docs)
        rows = rows[scores[rows] > 0]
        return RouteHits.top(self.name, rows, scores[rows].astype(np.float64), k)

    def idf(self, token: str) -> float:
        """Lucene idf of ``token``; a term that no passage holds gets the idf of df=0."""
        term = self._vocab.get(token)
        df = 0 if term is None else int(self._indptr[term + 1] - self._indptr[term])
        return math.log(1.0 + (self.num_docs - df + 0.5) / (df + 0.5))

    def max_term_score(self, token: str) -> float:
        """The largest contribution ``token`` makes to any passage.

        For a term no passage holds, what it would add to an average-length passage
        holding it once (its df=0 idf): a query word missing from the corpus must
        lower a normalised score, not vanish from it.
        """
        term = self._vocab.get(token)
        if term is None:
            return self.idf(token)
        start, end = int(self._indptr[term]), int(self._indptr[term + 1])
        return float(self._data[start:end].max()) if end > start else self.idf(token)
