"""Typed values that flow out of the retrieval stage."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = ["RouteHit", "Passage", "GateResult", "RetrievalResult"]


class RouteHit(BaseModel):
    """Where one retrieval route ranked a passage (rank is 1-based)."""

    rank: int
    score: float


class Passage(BaseModel):
    """A chunk of a source document, the unit that is retrieved and cited."""

    id: str
    text: str
    source: str = ""
    title: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    # Filled by retrieval: the fused score and what each route said about it.
    score: float = 0.0
    routes: dict[str, RouteHit] = Field(default_factory=dict)


class GateResult(BaseModel):
    """The relevance gate's verdict after all rewrite attempts."""

    passed: bool
    relevance: float
    threshold: float
    attempts: int
    queries: list[str]
    # When the gate failed: the question's content words that no passage handed on
    # mentions (retrievers.gate.missing_terms), so that the refusal can say what was missing.
    missing: list[str] = Field(default_factory=list)


class RetrievalResult(BaseModel):
    query: str
    passages: list[Passage]
    gate: GateResult
    timings: dict[str, float] = Field(default_factory=dict)
    # For multi-route cross-validation: for each route ("bm25", "dense", and one per
    # rewritten query such as "bm25@rewrite1"), the ids of the returned passages that
    # route found, in that route's rank order.
    route_passages: dict[str, list[str]] = Field(default_factory=dict)
    # The passages ranked after ``passages``, up to RetrievalConfig.evidence_k: evidence-first
    # answering may quote a unit from one of them (it is then added to the cited passages).
    reserve: list[Passage] = Field(default_factory=list)
