"""Retrieval settings: the part of a policy that the retrieval stage reads."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["RetrievalConfig", "IndexConfig", "MAX_DOCUMENT_BYTES"]

Route = Literal["bm25", "dense"]


class RetrievalConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: int = Field(5, ge=1, le=100, description="passages handed to the model")
    routes: list[Route] = Field(default_factory=lambda: ["bm25", "dense"], min_length=1)
    fusion: Literal["rrf", "weighted"] = "rrf"
    rrf_k: int = Field(60, ge=1)
    weights: dict[str, float] = Field(default_factory=lambda: {"bm25": 0.5, "dense": 0.5})
    gate_threshold: float = Field(
        0.27, ge=0.0, le=1.0,
        description="minimum calibrated P(answerable); 0.27 lets 97% of the answerable dev questions of "
                    "each calibration source through (retrievers/gate_calibration.json)",
    )
    max_rewrites: int = Field(2, ge=0, le=5, description="rewrite-and-retry attempts after a weak first try")
    widen_factor: int = Field(2, ge=1, le=10, description="k is multiplied by this on each retry")
    rewriter: Literal["expansion", "llm"] = Field(
        "expansion", description="how a weak query is rewritten: deterministic expansion or the answer model"
    )
    route_depth: int = Field(
        50, ge=1, le=1000, description="passages each route returns before fusion (at least k)"
    )
    evidence_k: int = Field(
        12, ge=1, le=100,
        description="passages evidence-first answering may choose its units from: the k handed to the model, "
                    "then the next ones in fused order (a table row ranked sixth still answers)",
    )


# A 20 MiB document is about 3 million words, some 18,000 passages: already a minute of
# embedding on 2 cores. Larger single files are almost always dumps or logs; they are
# skipped with a warning so that one stray file cannot stall an index build.
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024


class IndexConfig(BaseModel):
    """How documents become an index: chunking, size limits and the FAISS index kind.

    Chunk sizes count words, not model tokens: English prose averages about 1.3
    WordPiece tokens per word, so 180 words stay inside the embedder's 256-token window.
    """

    model_config = ConfigDict(extra="forbid")

    chunk_words: int = Field(180, ge=16, le=2000, description="words per passage at most")
    overlap_words: int = Field(30, ge=0, description="words repeated from the previous passage")
    max_document_bytes: int = Field(MAX_DOCUMENT_BYTES, ge=1, description="larger documents are skipped")
    hnsw_threshold: int = Field(
        50_000, ge=1, description="from this many passages on, FAISS uses HNSW instead of exact search"
    )
    hnsw_m: int = Field(32, ge=4, le=128)
    hnsw_ef_construction: int = Field(40, ge=8)
    # 256, not FAISS' usual 64: on the scale benchmark's vectors at 1M passages recall@10
    # is 0.43 at 64, 0.53 at 128 and 0.65 at 256, for 0.6, 1 and 2-6 ms a query, next to
    # 10-20 ms for embedding the query on busy cores (benchmarks/README.md).
    hnsw_ef_search: int = Field(256, ge=8)
    embed_batch_size: int = Field(64, ge=1, le=1024)

    @model_validator(mode="after")
    def _overlap_below_size(self) -> "IndexConfig":
        if self.overlap_words >= self.chunk_words:
            raise ValueError(
                f"overlap_words ({self.overlap_words}) must be smaller than chunk_words ({self.chunk_words})"
            )
        return self
