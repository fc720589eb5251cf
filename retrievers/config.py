"""Retrieval settings: the part of a policy that the retrieval stage reads."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["RetrievalConfig"]

Route = Literal["bm25", "dense"]


class RetrievalConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: int = Field(5, ge=1, le=100, description="passages handed to the model")
    routes: list[Route] = Field(default_factory=lambda: ["bm25", "dense"], min_length=1)
    fusion: Literal["rrf", "weighted"] = "rrf"
    rrf_k: int = Field(60, ge=1)
    weights: dict[str, float] = Field(default_factory=lambda: {"bm25": 0.5, "dense": 0.5})
    gate_threshold: float = Field(0.5, ge=0.0, le=1.0, description="minimum relevance in [0, 1]")
    max_rewrites: int = Field(2, ge=0, le=5, description="rewrite-and-retry attempts after a weak first try")
    widen_factor: int = Field(2, ge=1, le=10, description="k is multiplied by this on each retry")
