"""What every retrieval route gives back, and the protocol a route implements.

A route maps a query to store rows ranked by its own score. BM25 (``bm25.py``)
and dense FAISS search (``dense.py``) are the two built in; an external search
engine can be a third by implementing :class:`Route`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Route", "RouteHits", "ROUTE_NAMES", "route_name", "base_route"]

ROUTE_NAMES = ("bm25", "dense")


@dataclass(frozen=True)
class RouteHits:
    """One route's ranking for one query: store rows, best first, and their scores."""

    route: str
    rows: np.ndarray
    scores: np.ndarray

    @classmethod
    def empty(cls, route: str) -> "RouteHits":
        return cls(route, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64))

    @classmethod
    def top(cls, route: str, rows: np.ndarray, scores: np.ndarray, k: int) -> "RouteHits":
        """The ``k`` best of (rows, scores), ties broken by row for a stable order."""
        if len(rows) > k:
            keep = np.argpartition(-scores, k - 1)[:k]
            rows, scores = rows[keep], scores[keep]
        order = np.lexsort((rows, -scores))
        return cls(route, np.asarray(rows[order], dtype=np.int64), np.asarray(scores[order], dtype=np.float64))

    def __len__(self) -> int:
        return len(self.rows)

    def renamed(self, route: str) -> "RouteHits":
        return RouteHits(route, self.rows, self.scores)


@runtime_checkable
class Route(Protocol):
    name: str

    def search(self, query: str, k: int) -> RouteHits: ...


def route_name(base: str, attempt: int) -> str:
    """``bm25`` for the question as asked, ``bm25@rewrite1`` for the first rewrite, ..."""
    return base if attempt == 0 else f"{base}@rewrite{attempt}"


def base_route(name: str) -> str:
    return name.split("@", 1)[0]
