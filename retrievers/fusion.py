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
from typing import Callable, Literal, NamedTuple

import numpy as np

from retrievers.routes import RouteHits, base_route
from retrievers.types import RouteHit

__all__ = ["FusedHit", "RankScore", "fuse", "FUSERS"]


class RankScore(NamedTuple):
    """A route's rank (1-based) and score for one row; a plain tuple because fusion
    makes hundreds per query and only the returned few become pydantic RouteHits."""

    rank: int
    score: float


@dataclass
class FusedHit:
    row: int
    score: float = 0.0
    routes: dict[str, RankScore] = field(default_factory=dict)

    def route_hits(self) -> dict[str, RouteHit]:
        return {name: RouteHit(rank=hit.rank, score=hit.score) for name, hit in self.routes.items()}


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
        rows, scores, parts = route_hits.rows.tolist(), route_hits.scores.tolist(), (weight * parts).tolist()
        for rank, (row, score, part) in enumerate(zip(rows, scores, parts), start=1):
            hit = fused.get(row)
            if hit is None:
                hit = fused[row] = FusedHit(row)
            hit.score += part
            hit.routes[route_hits.route] = RankScore(rank, score)
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
