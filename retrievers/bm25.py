"""The BM25 route: a bm25s index, scored with a sparse gather instead of bm25s' loop.

bm25s (pinned) builds the eager index: every (term, passage) BM25 contribution is
precomputed into a CSC matrix, and it saves/loads that matrix memory-mapped. It
was chosen over rank-bm25 by ``benchmarks/retrieval_scale.py`` (rank-bm25 walks a
Python dict per passage per query term; see benchmarks/README.md for the figures).

Query scoring reads the same matrix but sums the query terms' posting lists with
``np.bincount`` rather than bm25s' ``np.add.at``, which is several times slower,
and takes the top k among matching passages only.
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
        term_ids = sorted({self._vocab[t] for t in tokens if t in self._vocab and t})
        if not term_ids or k <= 0:
            return RouteHits.empty(self.name)
        starts, ends = self._indptr[term_ids], self._indptr[np.asarray(term_ids) + 1]
        docs = np.concatenate([self._indices[s:e] for s, e in zip(starts, ends)])
        contrib = np.concatenate([self._data[s:e] for s, e in zip(starts, ends)])
        if len(term_ids) == 1:
            candidates, scores = docs, contrib.astype(np.float64)
        elif len(docs) < self.num_docs // 4:
            # Few postings: sum per matching passage only (a sort of the postings).
            candidates, inverse = np.unique(docs, return_inverse=True)
            scores = np.bincount(inverse, weights=contrib)
        else:
            scores = np.bincount(docs, weights=contrib, minlength=self.num_docs)
            candidates = np.flatnonzero(scores)
            scores = scores[candidates]
        return RouteHits.top(self.name, candidates, scores, k)

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
