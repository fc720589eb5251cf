"""Fusing route rankings into one list, keeping what each route said.

``rrf``: reciprocal-rank fusion, score = sum over routes of w_r / (rrf_k + rank_r);
only ranks matter, so BM25's unbounded scores and cosines mix without tuning.
``weighted``: each route's scores min-max normalised over its returned list, then
summed with the weights; a passage a route did not return gets 0 from it.

A rewritten query's route ("bm25@rewrite1") uses the weight of its base route.
Equal weights (the default) make ``rrf`` the textbook unweighted form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal

import numpy as np

from retrievers.routes import RouteHits, base_route
from retrievers.types import RouteHit

__all__ = ["FusedHit", "fuse", "FUSERS"]


@dataclass
class FusedHit:
    row: int
    score: float = 0.0
    routes: dict[str, RouteHit] = field(default_factory=dict)


def fuse(
    hits: list[RouteHits],
    method: Literal["rrf", "weighted"] = "rrf",
    rrf_k: int = 60,
    weights: dict[str, float] | None = None,
) -> list[FusedHit]:
    """All rows any route returned, best fused score first (ties: lower row first)."""
    weights = weights or {}
    contribution = FUSERS[method]
    fused: dict[int, FusedHit] = {}
    for route_hits in hits:
        weight = weights.get(route_hits.route, weights.get(base_route(route_hits.route), 1.0))
        parts = contribution(route_hits, rrf_k)
        for rank, (row, score, part) in enumerate(zip(route_hits.rows, route_hits.scores, parts), start=1):
            hit = fused.setdefault(int(row), FusedHit(int(row)))
            hit.score += weight * float(part)
            hit.routes[route_hits.route] = RouteHit(rank=rank, score=float(score))
    return sorted(fused.values(), key=lambda h: (-h.score, h.row))


def _rrf(hits: RouteHits, rrf_k: int) -> np.ndarray:
    return 1.0 / (rrf_k + np.arange(1, len(hits) + 1, dtype=np.float64))


def _min_max(hits: RouteHits, _rrf_k: int) -> np.ndarray:
    if len(hits) == 0:
        return hits.scores
    low, high = float(hits.scores.min()), float(hits.scores.max())
    if high - low < 1e-12:
        return np.ones(len(hits))
    return (hits.scores - low) / (high - low)


FUSERS: dict[str, Callable[[RouteHits, int], np.ndarray]] = {"rrf": _rrf, "weighted": _min_max}
